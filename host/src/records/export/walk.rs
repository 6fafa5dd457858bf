//! The log replayed through the engine by its one replay ([`Rebuild`]), and each
//! hand gathered from it: what the engine says at its start, at each redeal and at
//! its end, and the inputs it still holds after each correction.

use super::ExportError;
#[cfg(test)]
use crate::records::handlog::AuditLog;
use crate::records::handlog::{
    Entry as LogEntry, Fed, LogError, Rebuild, RebuildError, TimelineEntry,
};
use crate::records::time::WallTime;
use firmware::rules::Stakes;
use firmware::{Chips, Event, Input, SeatNo, Structure, Table, TableConfig};
use std::collections::BTreeMap;

/// One input of a hand as the log kept it.
#[derive(Debug, Clone)]
pub(super) struct Logged {
    pub(super) input: Input,
    pub(super) text: String,
    pub(super) seq: u64,
    pub(super) events: Vec<Event>,
}

/// What the engine says about a hand at its start, a redeal and its end.
#[derive(Debug, Clone)]
pub(super) struct HandBuild {
    pub(super) number: u32,
    pub(super) start: WallTime,
    /// Stacks of every seat before NEXT HAND.
    pub(super) stacks: BTreeMap<SeatNo, Chips>,
    pub(super) stakes: Stakes,
    pub(super) structure: Structure,
    /// Inputs before the last redeal: closed to UNDO.
    pub(super) committed: Vec<Logged>,
    /// Inputs UNDO can still take back.
    pub(super) live: Vec<Logged>,
    /// Chips each seat had put in (live and dead) when each redeal came.
    pub(super) redeal_totals: Vec<BTreeMap<SeatNo, Chips>>,
    pub(super) corrections: Vec<String>,
    pub(super) refused: Vec<String>,
    pub(super) shoe_frames: Vec<String>,
    /// Set once every chip is paid.
    pub(super) end: Option<(WallTime, BTreeMap<SeatNo, Chips>)>,
}

pub(super) fn stacks_of(t: &Table) -> BTreeMap<SeatNo, Chips> {
    SeatNo::up_to(t.config().max_players)
        .filter_map(|s| t.seat(s).map(|seat| (s, seat.stack)))
        .collect()
}

/// The table as the export replays `log`: for the tests that check the log's readers
/// agree.
#[cfg(test)]
pub(crate) fn replayed_table(log: &AuditLog) -> Result<Option<Table>, ExportError> {
    let (_, rebuild) = walk(log.config()?, &log.records()?)?;
    Ok(rebuild.into_table())
}

/// Replays the log's inputs through the engine ([`Rebuild`]) and gathers each hand;
/// gives the replay too.
pub(super) fn walk(
    cfg: TableConfig,
    records: &[(Option<u32>, TimelineEntry)],
) -> Result<(Vec<HandBuild>, Rebuild), ExportError> {
    let mut rebuild = Rebuild::configured(cfg)?;
    let mut builds: Vec<HandBuild> = Vec::new();
    let mut current: Option<usize> = None;
    for (hand, rec) in records {
        let seq = rec.seq.0;
        let at = rec.at_ms;
        let before = matches!(rec.entry, LogEntry::Input { .. })
            .then(|| rebuild.table().map(stacks_of))
            .flatten()
            .unwrap_or_default();
        let fed = rebuild
            .feed(&rec.entry)
            .map_err(|e| replay_error(seq, &rec.entry, e))?;
        let (Fed::Replayed(replayed), Some(t)) = (fed, rebuild.table()) else {
            match &rec.entry {
                LogEntry::Refused { input, error, .. } => {
                    if let Some(b) = current
                        .and_then(|i| builds.get_mut(i))
                        .filter(|_| hand.is_some())
                    {
                        b.refused.push(format!("{input}: {error}"));
                    }
                }
                LogEntry::ShoeFrame { hex } => {
                    if let Some(b) = current
                        .and_then(|i| builds.get_mut(i))
                        .filter(|_| hand.is_some())
                    {
                        b.shoe_frames.push(hex.clone());
                    }
                }
                // The program record says what ran, not what was played: no PHH action.
                _ => {}
            }
            continue;
        };
        let input = replayed.text;
        let parsed = replayed.input;
        let logged = Logged {
            input: parsed,
            text: input.to_string(),
            seq,
            events: replayed.events.iter().filter_map(|e| e.event).collect(),
        };
        if let Some(number) = replayed.started {
            let h = t.hand();
            let fresh = HandBuild {
                number,
                start: at,
                stacks: before,
                stakes: h.map_or(cfg.stakes, |h| h.stakes),
                structure: h.map_or(cfg.structure, |h| h.structure),
                committed: Vec::new(),
                live: vec![logged],
                redeal_totals: Vec::new(),
                corrections: Vec::new(),
                refused: Vec::new(),
                shoe_frames: Vec::new(),
                end: None,
            };
            // NEXT HAND again after an UNDO of it: the same hand, dealt anew.
            match builds.iter().position(|b| b.number == number) {
                Some(i) => {
                    let old = std::mem::replace(&mut builds[i], fresh);
                    builds[i].corrections = old.corrections;
                    builds[i].refused = old.refused;
                    builds[i].shoe_frames = old.shoe_frames;
                    current = Some(i);
                }
                None => {
                    builds.push(fresh);
                    current = Some(builds.len() - 1);
                }
            }
            continue;
        }
        let Some(b) = current.and_then(|i| builds.get_mut(i)) else {
            continue;
        };
        if hand.is_none() && b.end.is_some() {
            continue;
        }
        let misdeal = replayed.has(|e| matches!(e, Event::Misdealt { .. }));
        let redeal = replayed.has(|e| matches!(e, Event::Redeal { .. }));
        let complete = replayed.complete;
        let ruled = replayed.has(|e| matches!(e, Event::Ruled { .. }));
        for e in &logged.events {
            // In the engine's own words (its `Warning`'s text).
            if let Event::Warning(w) = e {
                b.corrections
                    .push(format!("warning at {at} ms (record #{seq}): {w}"));
            }
        }
        if redeal || complete {
            // The engine closes the hand's inputs to UNDO: every one stays.
            b.live.push(logged);
        } else {
            // The hand's inputs are what the engine keeps of them: what an UNDO
            // took back (the last) or a MISDEAL voided (the deal, PD-MISDEAL) is
            // what the engine let go.
            let gone = follow_engine(&mut b.live, logged, t.hand_inputs()).map_err(|detail| {
                ExportError::Replay {
                    seq,
                    input: input.to_string(),
                    detail,
                }
            })?;
            if parsed == Input::Undo {
                if let Some(undone) = gone.last() {
                    b.corrections.push(format!(
                        "undo at {at} ms (record #{seq}): took back `{}` (record #{})",
                        undone.text, undone.seq
                    ));
                }
                if b.live.is_empty() {
                    // NEXT HAND itself was undone: the hand waits to be dealt again.
                    current = None;
                }
            } else if ruled && !misdeal {
                // A ruling on the cards (exposed, boxed, entered by hand,
                // premature): the history shows its result, this says why.
                let taken: Vec<String> = gone.iter().map(|l| format!("`{}`", l.text)).collect();
                b.corrections.push(format!(
                    "`{input}`, a floor ruling, at {at} ms (record #{seq}){}",
                    if taken.is_empty() {
                        String::new()
                    } else {
                        format!(": took back {}", taken.join(", "))
                    }
                ));
            } else if misdeal {
                let voided: Vec<&str> = gone.iter().map(|l| l.text.as_str()).collect();
                // A hand the floor voided (PD-RFID) is dealt again as after a
                // misdeal: the correction names the ruling and its floor person.
                let what = if input.starts_with("ruling ") {
                    format!("`{input}`, a floor ruling,")
                } else {
                    "misdeal".to_string()
                };
                b.corrections.push(format!(
                    "{what} at {at} ms (record #{seq}): the deal was voided and dealt again; voided inputs: {}",
                    voided.join(", ")
                ));
            }
        }
        if redeal {
            let totals = t
                .hand()
                .map(|h| {
                    SeatNo::up_to(cfg.max_players)
                        .map(|s| {
                            let p = h.player(s);
                            (s, p.total.saturating_add(p.dead))
                        })
                        .filter(|&(_, c)| c > Chips::ZERO)
                        .collect()
                })
                .unwrap_or_default();
            b.redeal_totals.push(totals);
            b.committed.append(&mut b.live);
        }
        if complete {
            b.end = Some((at, stacks_of(t)));
            current = None;
        }
    }
    Ok((builds, rebuild))
}

/// The export's words for a record of the log that does not replay: the record, its
/// input as the log writes it, and the engine's or the parser's answer.
fn replay_error(seq: u64, entry: &LogEntry, e: RebuildError) -> ExportError {
    let input = match entry {
        LogEntry::Input { input, .. } => input.clone(),
        _ => String::new(),
    };
    let detail = match e {
        RebuildError::Log(LogError::Replay { error, .. }) => error.to_string(),
        RebuildError::Log(e) => return ExportError::Log(e),
        other => other.to_string(),
    };
    ExportError::Replay { seq, input, detail }
}

/// Keeps of `live`, the hand's inputs as the log holds them, and of `logged`, the input
/// just taken, those the engine still holds (`engine`, [`Table::hand_inputs`]), in
/// order, and returns the earlier ones it let go. The engine's record only ever drops
/// its last input (UNDO, which is itself never kept) or all those of some kinds
/// (MISDEAL, which is itself kept): so the input just taken is kept exactly when the
/// engine's record ends with it, and the earlier ones are matched first to first.
/// Errs when the engine holds an input the log does not: the two disagree.
pub(super) fn follow_engine(
    live: &mut Vec<Logged>,
    logged: Logged,
    engine: &[Input],
) -> Result<Vec<Logged>, String> {
    let kept_now = engine.last() == Some(&logged.input);
    let earlier = if kept_now {
        &engine[..engine.len() - 1]
    } else {
        engine
    };
    let mut wanted = earlier.iter().peekable();
    let mut gone = Vec::new();
    for l in std::mem::take(live) {
        if wanted.next_if(|&i| *i == l.input).is_some() {
            live.push(l);
        } else {
            gone.push(l);
        }
    }
    if let Some(missing) = wanted.next() {
        return Err(format!(
            "the engine holds `{missing:?}` among the hand's inputs, which the log does not"
        ));
    }
    if kept_now {
        live.push(logged);
    }
    Ok(gone)
}
