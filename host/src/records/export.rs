//! # PHH export of the hand log
//!
//! Floor staff and analysts take a table's hands to other tools as PHH hand histories
//! (<https://phh.readthedocs.io>), written by [`crate::records::phh::to_phhs`]. This module turns
//! the hand log ([`AuditLog`]) into [`HandHistory`] values; docs/phh.md ("Hand
//! histories we write (PHH dialect)") documents every field.
//!
//! ## How a hand is read from the log
//!
//! The log's accepted inputs are replayed through the engine from the table's
//! configuration, as crash recovery does ([`crate::records::handlog::rebuild_table`]), so the
//! stacks a hand started with, its stakes and its finishing stacks come from the engine,
//! never recomputed here. The hand's actions come from the events the dealer saw, of
//! the inputs the engine itself still holds after each input ([`Table::hand_inputs`]):
//! what an UNDO took back (the last input) or a MISDEAL voided (the deal; posts and
//! straddle stay, PD-MISDEAL) is what the engine let go, and a draw redeal (R-DRAW-3,
//! R-DRAW-6) closes the deal before it. What PHH cannot say
//! (burns, the button, dead blinds, corrections, redeals, rake, the shoe's frames, the
//! table, the times) goes into `_`-prefixed user-defined fields.
//!
//! ## What stays ours
//!
//! The finishing stacks written are the ones the table paid. Where PokerKit's rules
//! differ from the casino's (odd chips PD-ODD, pot limit R-PL-4, the fixed-limit cap
//! R-FL-2 and PD-REOPEN, the short blind PD-SHORTBLIND, missed-blind posts R-MISS,
//! redeals, rake PD-RAKE) a reader replaying the file may pay differently; the
//! `_house_rules` field says which rules the hand was dealt under, and
//! [`house_config`] turns it back into the engine's settings.

use crate::records::handlog::{
    parse_input, AuditLog, Entry as LogEntry, EventData, LogError, PostKind,
};
use crate::records::phh::{
    ActionInfo, Cards, Entry, HandHistory, Item, Number, PhhAction, Scale, Shown, Value, Variant,
    MAX_ACTION_CARDS,
};
use crate::records::replay::{from_history, phh_profile, ReplayError, Spec, Step};
use firmware::rules::codec::Kind;
use firmware::rules::Stakes;
use firmware::{Card, Chips, Event, Input, SeatNo, Structure, Table, TableConfig};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// Why a log could not be exported. Each message says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExportError {
    /// The log cannot be read: missing folder, damaged file, another table's log.
    Log(LogError),
    /// A hand asked for is not in the log.
    UnknownHand {
        /// The hand asked for.
        number: u32,
        /// The table.
        table: String,
        /// The finished hands the log holds (first, last), if any.
        range: Option<(u32, u32)>,
    },
    /// A hand asked for is still being dealt: it has no result yet.
    Unfinished {
        /// The hand.
        number: u32,
    },
    /// The log's inputs do not replay: the log and the engine disagree.
    Replay {
        /// The record.
        seq: u64,
        /// The input, as the log writes it.
        input: String,
        /// The engine's or the parser's answer.
        detail: String,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Log(e) => write!(f, "{e}"),
            ExportError::UnknownHand {
                number,
                table,
                range: Some((a, b)),
            } => write!(
                f,
                "hand {number} is not in the log of table `{table}`: its finished hands are {a} to {b}"
            ),
            ExportError::UnknownHand { number, table, .. } => write!(
                f,
                "hand {number} is not in the log of table `{table}`: it holds no finished hand"
            ),
            ExportError::Unfinished { number } => write!(
                f,
                "hand {number} is still being dealt: export it once its pot is paid"
            ),
            ExportError::Replay { seq, input, detail } => write!(
                f,
                "record #{seq} (`{input}`) does not replay: {detail}; run `tablectl audit verify` and call the floor"
            ),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<LogError> for ExportError {
    fn from(e: LogError) -> Self {
        ExportError::Log(e)
    }
}

/// One input of a hand as the log kept it.
#[derive(Debug, Clone)]
struct Logged {
    input: Input,
    text: String,
    seq: u64,
    events: Vec<EventData>,
}

/// What the engine says about a hand at its start, a redeal and its end.
#[derive(Debug, Clone)]
struct HandBuild {
    number: u32,
    start_ms: u64,
    /// Stacks of every seat before NEXT HAND.
    stacks: BTreeMap<SeatNo, Chips>,
    stakes: Stakes,
    structure: Structure,
    /// Inputs before the last redeal: closed to UNDO.
    committed: Vec<Logged>,
    /// Inputs UNDO can still take back.
    live: Vec<Logged>,
    /// Chips each seat had put in (live and dead) when each redeal came.
    redeal_totals: Vec<BTreeMap<SeatNo, Chips>>,
    corrections: Vec<String>,
    refused: Vec<String>,
    shoe_frames: Vec<String>,
    /// Set once every chip is paid.
    end: Option<(u64, BTreeMap<SeatNo, Chips>)>,
}

fn stacks_of(t: &Table) -> BTreeMap<SeatNo, Chips> {
    SeatNo::up_to(t.config().max_players)
        .filter_map(|s| t.seat(s).map(|seat| (s, seat.stack)))
        .collect()
}

/// Exports the finished hands of the log in the data folder `dir` (all of them when
/// `hands` is empty). With `table`, a log of another table is refused.
pub fn export_dir(
    dir: impl AsRef<Path>,
    table: Option<&str>,
    hands: &[u32],
) -> Result<Vec<HandHistory>, ExportError> {
    let log = AuditLog::open_evidence(dir.as_ref())?;
    same_table(&log, table)?;
    export_log(&log, hands)
}

/// With `table`, refuses a log of another table.
pub fn same_table(log: &AuditLog, table: Option<&str>) -> Result<(), ExportError> {
    match table {
        Some(want) if want != log.table_id() => Err(ExportError::Log(LogError::OtherTable {
            path: log.path().to_path_buf(),
            expected: want.to_string(),
            found: log.table_id().to_string(),
        })),
        _ => Ok(()),
    }
}

/// Exports the finished hands of `log` (all when `hands` is empty, else those, in the
/// order asked).
pub fn export_log(log: &AuditLog, hands: &[u32]) -> Result<Vec<HandHistory>, ExportError> {
    export_records(log.config()?, log.table_id(), &log.records()?, hands)
}

/// Exports the finished hands of a table's records, read from wherever they are kept
/// (the table's log, the floor's store): `records` from the log's first on, in
/// order, each with its hand; `cfg` the table's configuration. All finished hands
/// when `hands` is empty, else those, in the order asked.
pub fn export_records(
    cfg: TableConfig,
    table_id: &str,
    records: &[(Option<u32>, crate::records::handlog::TimelineEntry)],
    hands: &[u32],
) -> Result<Vec<HandHistory>, ExportError> {
    let builds = walk(cfg, records)?;
    let finished: BTreeMap<u32, &HandBuild> = builds
        .iter()
        .filter(|b| b.end.is_some())
        .map(|b| (b.number, b))
        .collect();
    let wanted: Vec<u32> = if hands.is_empty() {
        finished.keys().copied().collect()
    } else {
        hands.to_vec()
    };
    let mut out = Vec::with_capacity(wanted.len());
    for n in wanted {
        let Some(b) = finished.get(&n) else {
            if builds.iter().any(|b| b.number == n) {
                return Err(ExportError::Unfinished { number: n });
            }
            return Err(ExportError::UnknownHand {
                number: n,
                table: table_id.to_string(),
                range: finished
                    .keys()
                    .next()
                    .copied()
                    .zip(finished.keys().next_back().copied()),
            });
        };
        out.push(to_history(&cfg, table_id, b));
    }
    Ok(out)
}

/// Replays the log's inputs through the engine and gathers each hand.
fn walk(
    cfg: TableConfig,
    records: &[(Option<u32>, crate::records::handlog::TimelineEntry)],
) -> Result<Vec<HandBuild>, ExportError> {
    let mut t = Table::new(cfg).map_err(|e| {
        ExportError::Log(LogError::BadConfig {
            detail: e.to_string(),
        })
    })?;
    let mut builds: Vec<HandBuild> = Vec::new();
    let mut current: Option<usize> = None;
    for (hand, rec) in records {
        let seq = rec.seq.0;
        let at_ms = rec.at_ms;
        match &rec.entry {
            LogEntry::Input { input, events, .. } => {
                let parsed = parse_input(input).map_err(|e| ExportError::Replay {
                    seq,
                    input: input.clone(),
                    detail: e.to_string(),
                })?;
                let before = stacks_of(&t);
                t.handle(parsed).map_err(|e| ExportError::Replay {
                    seq,
                    input: input.clone(),
                    detail: e.to_string(),
                })?;
                let events: Vec<EventData> = events.iter().map(|e| e.event.clone()).collect();
                let logged = Logged {
                    input: parsed,
                    text: input.clone(),
                    seq,
                    events,
                };
                let started = logged.events.iter().find_map(|e| match e {
                    EventData::HandStarted { number, .. } => Some(*number),
                    _ => None,
                });
                if let Some(number) = started {
                    let h = t.hand();
                    let fresh = HandBuild {
                        number,
                        start_ms: at_ms,
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
                let has = |f: fn(&EventData) -> bool| logged.events.iter().any(f);
                let misdeal = has(|e| matches!(e, EventData::Misdealt { .. }));
                let redeal = has(|e| matches!(e, EventData::Redeal { .. }));
                let complete = has(|e| matches!(e, EventData::HandComplete { .. }));
                let ruled = has(|e| matches!(e, EventData::Ruled { .. }));
                for e in &logged.events {
                    // In the engine's own words (its `Warning`'s text).
                    if let Ok(Event::Warning(w)) = e.to_event() {
                        b.corrections
                            .push(format!("warning at {at_ms} ms (record #{seq}): {w}"));
                    }
                }
                if redeal || complete {
                    // The engine closes the hand's inputs to UNDO: every one stays.
                    b.live.push(logged);
                } else {
                    // The hand's inputs are what the engine keeps of them: what an UNDO
                    // took back (the last) or a MISDEAL voided (the deal, PD-MISDEAL) is
                    // what the engine let go.
                    let gone =
                        follow_engine(&mut b.live, logged, t.hand_inputs()).map_err(|detail| {
                            ExportError::Replay {
                                seq,
                                input: input.clone(),
                                detail,
                            }
                        })?;
                    if parsed == Input::Undo {
                        if let Some(undone) = gone.last() {
                            b.corrections.push(format!(
                                "undo at {at_ms} ms (record #{seq}): took back `{}` (record #{})",
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
                        let taken: Vec<String> =
                            gone.iter().map(|l| format!("`{}`", l.text)).collect();
                        b.corrections.push(format!(
                            "`{input}`, a floor ruling, at {at_ms} ms (record #{seq}){}",
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
                            "{what} at {at_ms} ms (record #{seq}): the deal was voided and dealt again; voided inputs: {}",
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
                    b.end = Some((at_ms, stacks_of(&t)));
                    current = None;
                }
            }
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
            LogEntry::Config { .. }
            | LogEntry::KeyPress { .. }
            | LogEntry::Note { .. }
            | LogEntry::Program { .. } => {}
        }
    }
    Ok(builds)
}

/// Keeps of `live`, the hand's inputs as the log holds them, and of `logged`, the input
/// just taken, those the engine still holds (`engine`, [`Table::hand_inputs`]), in
/// order, and returns the earlier ones it let go. The engine's record only ever drops
/// its last input (UNDO, which is itself never kept) or all those of some kinds
/// (MISDEAL, which is itself kept): so the input just taken is kept exactly when the
/// engine's record ends with it, and the earlier ones are matched first to first.
/// Errs when the engine holds an input the log does not: the two disagree.
fn follow_engine(
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

// ---------------------------------------------------------------------------------
// Events to PHH
// ---------------------------------------------------------------------------------

/// The cards of one action. The engine deals at most five to a player or to a
/// board run, so none of [`MAX_ACTION_CARDS`] is ever left off.
fn cards_of(cs: &[Option<Card>]) -> Cards {
    cs.iter().take(MAX_ACTION_CARDS).copied().collect()
}

fn num(n: u64) -> Value<'static> {
    let text = n.to_string();
    Number::parse(&text).map_or_else(
        || Value::Raw(text.clone().into()),
        |d| Value::Number(d.into_owned()),
    )
}

fn array(values: impl IntoIterator<Item = Value<'static>>) -> Value<'static> {
    Value::Array(
        values
            .into_iter()
            .map(|value| Item { line: 0, value })
            .collect(),
    )
}

fn strings(v: &[String]) -> Value<'static> {
    array(v.iter().map(|s| Value::String(s.clone().into())))
}

fn entry(key: &str, value: Value<'static>) -> Entry<'static> {
    Entry {
        key: key.to_string().into(),
        line: 0,
        value,
    }
}

fn card_of(s: &Option<String>) -> Option<Card> {
    s.as_deref().and_then(|t| t.parse().ok())
}

fn card_text(c: Option<Card>) -> String {
    c.map_or_else(|| "??".to_string(), |c| c.to_string())
}

/// The seats dealt into the final deal, p1 first: clockwise from the seat left of the
/// button, the button last (heads-up p1 is the big blind, as PHH has it). With no
/// button known, seat order.
fn player_order(dealt: &[SeatNo], button: Option<SeatNo>) -> Vec<SeatNo> {
    let mut seats = dealt.to_vec();
    seats.sort_unstable();
    let split = seats
        .iter()
        .position(|&s| Some(s) > button)
        .unwrap_or(seats.len());
    seats.rotate_left(split);
    seats
}

/// The house rules a hand was dealt under, as the `_house_rules` inline table: every
/// house and money setting ([`crate::settings`]), so a replay of the export plays and
/// pays exactly as the table did. The game and stakes are the history's own fields.
fn house_rules_value(cfg: &TableConfig) -> Value<'static> {
    let entries = crate::settings::pairs(cfg, &[Kind::House, Kind::Money])
        .into_iter()
        .map(|(key, text)| {
            let value = match text.as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                t => match t.parse::<u64>() {
                    Ok(n) => num(n),
                    Err(_) => Value::String(text.into()),
                },
            };
            entry(key, value)
        });
    Value::Table(entries.collect())
}

/// Turns a hand gathered from the log into a hand history.
fn to_history(cfg: &TableConfig, table_id: &str, b: &HandBuild) -> HandHistory {
    let events: Vec<&Logged> = b.committed.iter().chain(&b.live).collect();
    // The final deal begins at the last redeal.
    let last_redeal = events.iter().rposition(|l| {
        l.events
            .iter()
            .any(|e| matches!(e, EventData::Redeal { .. }))
    });
    let mut button = None;
    let mut dealt: Vec<SeatNo> = Vec::new();
    let mut straddle_confirmed = None;
    for l in &events {
        for e in &l.events {
            match e {
                EventData::HandStarted {
                    button: btn,
                    dealt: d,
                    ..
                } => {
                    button = Some(*btn);
                    dealt = d.clone();
                }
                EventData::Redeal { button: btn } => button = Some(*btn),
                EventData::StraddleConfirmed { .. } => straddle_confirmed = Some(true),
                EventData::Warning {
                    warning: crate::records::handlog::WarningData::StraddleUnconfirmed { .. },
                } => straddle_confirmed = Some(false),
                _ => {}
            }
        }
    }
    let final_events: Vec<&EventData> = events
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            let skip = match last_redeal {
                Some(r) if i < r => l.events.len(),
                Some(r) if i == r => l
                    .events
                    .iter()
                    .position(|e| matches!(e, EventData::Redeal { .. }))
                    .map_or(0, |p| p + 1),
                _ => 0,
            };
            l.events.iter().skip(skip)
        })
        .collect();
    if last_redeal.is_some() {
        // Only those dealt in the final deal are its players.
        let mut again: Vec<SeatNo> = final_events
            .iter()
            .filter_map(|e| match e {
                EventData::HoleCard { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        again.sort_unstable();
        again.dedup();
        dealt = again;
    }
    let seats = player_order(&dealt, button);
    let index = |s: SeatNo| seats.iter().position(|&x| x == s);
    let n = seats.len();
    let mut antes = vec![Chips::ZERO; n];
    let mut blinds = vec![Chips::ZERO; n];
    let mut dead_blinds = vec![Chips::ZERO; n];
    let mut enter_blinds = vec![Chips::ZERO; n];
    // Chips put in before the last redeal stay in the pot: dead money, as antes.
    let mut carried = vec![Chips::ZERO; n];
    if let Some(totals) = b.redeal_totals.last() {
        for (&s, &c) in totals {
            if let Some(p) = index(s) {
                carried[p] = c;
                antes[p] = antes[p].saturating_add(c);
            }
        }
    }
    let carried_dead: Chips = b
        .redeal_totals
        .last()
        .map(|t| {
            t.iter()
                .filter(|(s, _)| index(**s).is_none())
                .map(|(_, c)| *c)
                .sum()
        })
        .unwrap_or(Chips::ZERO);
    let mut actions: Vec<PhhAction> = Vec::new();
    let mut burns: Vec<String> = Vec::new();
    let mut hole: Vec<Vec<Option<Card>>> = vec![Vec::new(); n];
    let mut folded = vec![false; n];
    let mut all_in = vec![false; n];
    let mut mucked = vec![false; n];
    for e in &final_events {
        if let EventData::Mucked { seat } = e {
            if let Some(p) = index(*seat) {
                mucked[p] = true;
            }
        }
    }
    let draw = !cfg.game.has_board();
    let mut drawn = false;
    let mut shown = false;
    // Who bet or raised last in the round being played, and in the last round played.
    let mut round_aggressor: Option<usize> = None;
    let mut final_aggressor: Option<usize> = None;
    // The showdown: who shows, who mucks, in the order the players show (R-SHOW-1..3:
    // the called bettor first, else the first player left of the button, then
    // clockwise; players are numbered from the button's left). PHH (as PokerKit plays
    // it) has it as soon as the betting is over for good, before an all-in runout.
    let show = |actions: &mut Vec<PhhAction>,
                hole: &[Vec<Option<Card>>],
                folded: &[bool],
                aggressor: Option<usize>,
                done: &mut bool| {
        if *done {
            return;
        }
        *done = true;
        let live: Vec<usize> = (0..hole.len()).filter(|&p| !folded[p]).collect();
        for p in firmware::hand::show_order(&live, aggressor) {
            actions.push(PhhAction::ShowMuck {
                player: p,
                shown: if mucked[p] {
                    Shown::Muck
                } else {
                    Shown::Cards(cards_of(&hole[p]))
                },
            });
        }
    };
    let mut holes_written = false;
    let mut contested = false;
    let mut rake = Chips::ZERO;
    let mut board_run: Vec<Option<Card>> = Vec::new();
    let mut replacements: Vec<PhhAction> = Vec::new();
    let flush_board = |actions: &mut Vec<PhhAction>, run: &mut Vec<Option<Card>>| {
        if !run.is_empty() {
            actions.push(PhhAction::DealBoard {
                cards: cards_of(&std::mem::take(run)),
            });
        }
    };
    let write_holes =
        |actions: &mut Vec<PhhAction>, hole: &[Vec<Option<Card>>], done: &mut bool| {
            if !*done {
                *done = true;
                for (p, cards) in hole.iter().enumerate() {
                    if !cards.is_empty() {
                        actions.push(PhhAction::DealHole {
                            player: p,
                            cards: cards_of(cards),
                        });
                    }
                }
            }
        };
    for e in &final_events {
        if !matches!(e, EventData::BoardCard { .. } | EventData::Burned { .. }) {
            flush_board(&mut actions, &mut board_run);
        }
        if matches!(
            e,
            EventData::BettingOpened { .. } | EventData::HandOver { .. }
        ) {
            actions.append(&mut replacements);
        }
        match e {
            EventData::Posted {
                seat,
                post,
                amount,
                all_in: a,
            } => {
                let Some(p) = index(*seat) else { continue };
                all_in[p] |= *a;
                match post {
                    PostKind::Ante => antes[p] += *amount,
                    PostKind::DeadSmallBlind => {
                        antes[p] += *amount;
                        dead_blinds[p] += *amount;
                    }
                    PostKind::EnterBigBlind => {
                        blinds[p] += nominal(&b.stakes, *post, *amount);
                        enter_blinds[p] += nominal(&b.stakes, *post, *amount);
                    }
                    PostKind::SmallBlind | PostKind::BigBlind | PostKind::Straddle => {
                        blinds[p] += nominal(&b.stakes, *post, *amount);
                    }
                }
            }
            EventData::HoleCard { seat, card } => {
                let Some(p) = index(*seat) else { continue };
                let c = card_of(card);
                if holes_written {
                    // A replacement in the draw (R-DRAW-5). PHH deals them once every
                    // player has discarded (after the burn), as PokerKit does.
                    match replacements.last_mut() {
                        Some(PhhAction::DealHole { player, cards })
                            if *player == p && !cards.is_full() =>
                        {
                            // Not full: the push cannot fail.
                            let _ = cards.push(c);
                        }
                        _ => replacements.push(PhhAction::DealHole {
                            player: p,
                            cards: cards_of(&[c]),
                        }),
                    }
                }
                hole[p].push(c);
            }
            EventData::Ruled {
                ruling: crate::records::handlog::RulingName::Exposed,
                seat: Some(seat),
                card,
                ..
            } => {
                // PD-EXPOSED: the exposed card left his hand (it is the first burn);
                // his hand is the cards he kept and the one he got after the deal.
                if let Some(p) = index(*seat) {
                    let c = card_of(card);
                    if let Some(i) = hole[p].iter().rposition(|h| *h == c) {
                        hole[p].remove(i);
                    }
                }
            }
            EventData::Rejoined { seat, amount } => {
                // R-DRAW-6: what he put in to rejoin is in the pot before the final
                // deal, as the carried chips are: dead money, written as an ante.
                if let Some(p) = index(*seat) {
                    antes[p] = antes[p].saturating_add(*amount);
                }
            }
            EventData::Burned { card } => burns.push(card_text(card_of(card))),
            EventData::BoardCard { card, .. } => board_run.push(card_of(card)),
            EventData::BettingOpened { .. } => {
                write_holes(&mut actions, &hole, &mut holes_written);
            }
            EventData::Folded { seat } => {
                if let Some(p) = index(*seat) {
                    folded[p] = true;
                    actions.push(PhhAction::Fold { player: p });
                }
            }
            EventData::Checked { seat } => {
                if let Some(p) = index(*seat) {
                    actions.push(PhhAction::CheckCall { player: p });
                }
            }
            EventData::Called {
                seat, all_in: a, ..
            } => {
                if let Some(p) = index(*seat) {
                    all_in[p] |= *a;
                    actions.push(PhhAction::CheckCall { player: p });
                }
            }
            EventData::Bet {
                seat,
                to,
                all_in: a,
            }
            | EventData::Raised {
                seat,
                to,
                all_in: a,
            } => {
                if let Some(p) = index(*seat) {
                    all_in[p] |= *a;
                    round_aggressor = Some(p);
                    actions.push(PhhAction::CompleteBetRaise {
                        player: p,
                        to: to.get(),
                    });
                }
            }
            EventData::RoundComplete { .. } => {
                final_aggressor = round_aggressor.take();
                let live = (0..n).filter(|&p| !folded[p]).count();
                let can_bet = (0..n).filter(|&p| !folded[p] && !all_in[p]).count();
                if live > 1 && can_bet <= 1 && (!draw || drawn) {
                    actions.append(&mut replacements);
                    show(&mut actions, &hole, &folded, final_aggressor, &mut shown);
                }
            }
            EventData::Discarded { seat, card } => {
                drawn = true;
                let Some(p) = index(*seat) else { continue };
                let c = card.parse::<Card>().ok();
                if let Some(k) = hole[p].iter().position(|&h| h == c) {
                    hole[p].remove(k);
                }
                match actions.last_mut() {
                    Some(PhhAction::StandPatDiscard { player, discards })
                        if *player == p && !discards.is_full() =>
                    {
                        // Not full: the push cannot fail.
                        let _ = discards.push(c);
                    }
                    _ => actions.push(PhhAction::StandPatDiscard {
                        player: p,
                        discards: cards_of(&[c]),
                    }),
                }
            }
            EventData::StoodPat { seat } => {
                drawn = true;
                if let Some(p) = index(*seat) {
                    actions.push(PhhAction::StandPatDiscard {
                        player: p,
                        discards: Cards::new(),
                    });
                }
            }
            EventData::HandOver { contested: c, .. } => {
                write_holes(&mut actions, &hole, &mut holes_written);
                contested = *c;
            }
            EventData::Raked { amount } => rake += *amount,
            _ => {}
        }
    }
    flush_board(&mut actions, &mut board_run);
    if contested {
        actions.append(&mut replacements);
        show(&mut actions, &hole, &folded, final_aggressor, &mut shown);
    } else if (0..n).any(|p| mucked[p] && !folded[p]) {
        // Every other hand mucked at the showdown (R-SHOW-3, or a hand ruled dead):
        // the last hand won unseen, but PHH (as PokerKit plays it) ends a showdown
        // only once every hand in it has shown or mucked: his cards are written shown.
        actions.append(&mut replacements);
        show(&mut actions, &hole, &folded, final_aggressor, &mut shown);
    }
    let starting: Vec<Chips> = seats
        .iter()
        .map(|s| b.stacks.get(s).copied().unwrap_or(Chips::ZERO))
        .collect();
    let finishing: Vec<Chips> = seats
        .iter()
        .map(|s| {
            b.end
                .as_ref()
                .and_then(|(_, st)| st.get(s).copied())
                .unwrap_or(Chips::ZERO)
        })
        .collect();
    if n == 2 {
        // Heads-up, PHH lists the forced bets small blind first: PokerKit reads entry 0
        // as the button's (p2) and entry 1 as the big blind's (p1).
        antes.swap(0, 1);
        blinds.swap(0, 1);
    }
    let variant = Variant::of_game(cfg.game, b.structure);
    let fixed = b.structure == Structure::FixedLimit;
    let mut extra = vec![
        entry("table", Value::String(table_id.to_string().into())),
        entry("hand", num(u64::from(b.number))),
        entry(
            "seats",
            array(seats.iter().map(|&s| num(u64::from(s.get())))),
        ),
        entry("seat_count", num(u64::from(cfg.max_players))),
        // No hand start in the log: seat 0, as before seat numbers had a type.
        entry(
            "_button_seat",
            num(button.map_or(0, |b| u64::from(b.get()))),
        ),
        entry("_started_ms", num(b.start_ms)),
        entry("_ended_ms", num(b.end.as_ref().map_or(0, |(t, _)| *t))),
        entry("_burns", strings(&burns)),
        entry("_house_rules", house_rules_value(cfg)),
    ];
    if dead_blinds.iter().any(|&d| d > Chips::ZERO) {
        extra.push(entry(
            "_dead_blinds",
            array(dead_blinds.iter().map(|&d| num(d.get()))),
        ));
    }
    if enter_blinds.iter().any(|&d| d > Chips::ZERO) {
        extra.push(entry(
            "_enter_big_blinds",
            array(enter_blinds.iter().map(|&d| num(d.get()))),
        ));
    }
    if let Some(c) = straddle_confirmed {
        extra.push(entry("_straddle_confirmed", Value::Bool(c)));
    }
    if !b.redeal_totals.is_empty() {
        extra.push(entry("_redeals", num(b.redeal_totals.len() as u64)));
        extra.push(entry(
            "_carried",
            array(carried.iter().map(|&d| num(d.get()))),
        ));
        if carried_dead > Chips::ZERO {
            extra.push(entry("_carried_dead", num(carried_dead.get())));
        }
    }
    if rake > Chips::ZERO {
        extra.push(entry("_rake", num(rake.get())));
    }
    if !b.corrections.is_empty() {
        extra.push(entry("_corrections", strings(&b.corrections)));
    }
    if !b.refused.is_empty() {
        extra.push(entry("_refused", strings(&b.refused)));
    }
    if !b.shoe_frames.is_empty() {
        extra.push(entry("_shoe_frames", strings(&b.shoe_frames)));
    }
    HandHistory {
        variant,
        ante_trimming_status: false,
        antes: plain(&antes),
        blinds_or_straddles: plain(&blinds),
        min_bet: (!fixed).then_some(b.stakes.big_blind.get()),
        small_bet: fixed.then_some(b.stakes.small_bet.get()),
        big_bet: fixed.then_some(b.stakes.big_bet.get()),
        bring_in: None,
        starting_stacks: plain(&starting),
        action_info: vec![
            ActionInfo {
                line: 0,
                comment: None
            };
            actions.len()
        ],
        actions,
        players: None,
        finishing_stacks: Some(plain(&finishing)),
        winnings: None,
        scale: Scale::UNITS,
        section: None,
        line: 0,
        extra,
    }
}

/// The blind as the stakes name it: a player short of it posts what he has, but the
/// others still owe the full blind (PD-SHORTBLIND).
/// Chips as the plain numbers of a hand history.
fn plain(chips: &[Chips]) -> Vec<u64> {
    chips.iter().map(|c| c.get()).collect()
}

fn nominal(stakes: &Stakes, post: PostKind, posted: Chips) -> Chips {
    let full = match post {
        PostKind::SmallBlind => stakes.small_blind,
        PostKind::BigBlind | PostKind::EnterBigBlind => stakes.big_blind,
        // R-STRAD-2 (past what a count holds, which no table posts: the most it holds).
        PostKind::Straddle => firmware::straddle_size(stakes.big_blind).unwrap_or(Chips::MAX),
        PostKind::Ante | PostKind::DeadSmallBlind => posted,
    };
    full.max(posted)
}

// ---------------------------------------------------------------------------------
// Reading our dialect back
// ---------------------------------------------------------------------------------

/// A hand of ours as our replay plays it: the table, the steps, and the table
/// settings it was dealt under ([`house_config`]), the straddle's confirmation
/// included.
pub fn replay_parts(hh: &HandHistory) -> Result<(Spec, Vec<Step>, TableConfig), ReplayError> {
    let (mut spec, steps) = from_history(hh)?;
    if let Some(Value::Bool(c)) = hh.field("_straddle_confirmed") {
        spec.straddle_confirmed = *c;
    }
    let cfg = house_config(hh, &spec)?;
    Ok((spec, steps, cfg))
}

/// The table settings a hand of ours was dealt under: the PHH reference profile of
/// the hand's stakes ([`phh_profile`]) with the house and money rules of its
/// `_house_rules` field. A hand without the field gets the reference profile.
pub fn house_config(hh: &HandHistory, spec: &Spec) -> Result<TableConfig, ReplayError> {
    let mut cfg = phh_profile(spec)?;
    let Some(Value::Table(rules)) = hh.field("_house_rules") else {
        return Ok(cfg);
    };
    for e in rules {
        let text = match &e.value {
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.as_str().to_string(),
            Value::String(s) | Value::Raw(s) => s.to_string(),
            Value::Array(_) | Value::Table(_) => String::from("(a list)"),
        };
        crate::settings::set(&mut cfg, &e.key, &text).map_err(|err| ReplayError {
            action: None,
            message: format!("`_house_rules`: {err}"),
        })?;
    }
    Ok(cfg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::settle;
    use crate::records::handlog::{HandLog, Record};
    use crate::records::phh::{parse_str, to_phhs};
    use crate::records::replay::replay_with;
    use crate::{ch, sn};
    use firmware::{Game, Phase};

    /// Plays a script of log inputs (the scenario syntax) at a table writing its hand
    /// log in `dir`. `deal all` deals unknown hole cards to everyone, `fold out` folds
    /// to the last player, `settle` pays the pot as the host's showdown says.
    fn play(dir: &Path, cfg: TableConfig, script: &str) -> Table {
        let (mut log, _) = HandLog::open(
            dir,
            "t1",
            &crate::records::handlog::TableKey::from_seed([9; 32]),
        )
        .expect("log");
        log.append(1, Record::Config { config: cfg })
            .expect("config");
        let mut t = Table::new(cfg).expect("table");
        let mut ms = 1_000;
        let mut feed = |t: &mut Table, input: Input| {
            ms += 10;
            let r = t.handle(input);
            log.append(ms, Record::outcome(input, &r)).expect("append");
            r.unwrap_or_else(|e| panic!("{input:?}: {e}"));
        };
        for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match line {
                "deal all" => {
                    while t.hand().is_some_and(|h| h.phase == Phase::Dealing) {
                        feed(&mut t, parse_input("deal ??").expect("input"));
                    }
                }
                "fold out" => {
                    while t.hand().is_some_and(|h| h.phase == Phase::Betting) {
                        feed(&mut t, Input::Act(firmware::Action::Fold));
                    }
                }
                "settle" if !t.in_hand() => {}
                "settle" => {
                    // Every hand still undecided at the showdown is shown, in turn.
                    while let Some(seat) = t.hand().and_then(|h| h.next_to_show()) {
                        feed(&mut t, Input::Show { seat });
                    }
                    let outcome = settle::settle(&t, &[]).expect("settles");
                    for input in settle::payout_inputs(&outcome) {
                        feed(&mut t, input);
                    }
                }
                other => feed(&mut t, parse_input(other).expect("input")),
            }
        }
        t
    }

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().expect("temporary folder")
    }

    fn text(v: Option<&Value>) -> String {
        let mut s = String::new();
        if let Some(Value::Array(items)) = v {
            for i in items {
                if let Some(t) = i.value.as_str() {
                    s.push_str(t);
                    s.push('\n');
                }
            }
        }
        s
    }

    fn seats3(game: Game, structure: Structure) -> TableConfig {
        let mut cfg = TableConfig::new(game, structure, ch(5), ch(10));
        cfg.max_players = 6;
        cfg
    }

    const CHECK_DOWN: &str = "
        call
        call
        call
        burn 2c
        deal 3d
        deal 4d
        deal 5c
        call
        call
        call
        burn 2d
        deal 7s
        call
        call
        call
        burn 2h
        deal 8c
        call
        call
        call
        settle";

    /// R-SHOW-1..3, E21: the showdown is written in the order the players show: the
    /// river bettor who was called first, then clockwise; checked through, the first
    /// player left of the button first.
    #[test]
    fn r_show_1_shows_are_written_in_showdown_order() {
        let d = dir();
        // Button seat 1 (p3), SB seat 2 (p1), BB seat 3 (p2). On the river seat 3 (p2)
        // bets and both call: p2 shows first, then p3, then p1.
        let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
             deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
             call\ncall\ncall
             burn 2c\ndeal 3d\ndeal 4d\ndeal 5c\ncall\ncall\ncall
             burn 2d\ndeal 7s\ncall\ncall\ncall
             burn 2h\ndeal 8c\ncall\nbet 20\ncall\ncall
             settle";
        play(d.path(), seats3(Game::Holdem, Structure::NoLimit), script);
        let d2 = dir();
        let checked = format!(
            "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
             deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
             {CHECK_DOWN}"
        );
        play(
            d2.path(),
            seats3(Game::Holdem, Structure::NoLimit),
            &checked,
        );
        for (dir, order) in [(&d, ["p2", "p3", "p1"]), (&d2, ["p1", "p2", "p3"])] {
            let hands = export_dir(dir.path(), Some("t1"), &[1]).expect("export");
            let shows: Vec<String> = hands[0]
                .actions
                .iter()
                .map(|a| a.to_phh(hands[0].scale))
                .filter(|a| a.contains(" sm "))
                .map(|a| a[..2].to_string())
                .collect();
            assert_eq!(shows, order);
        }
    }

    /// The three-seat table's first exported hand says what `t` paid, and read back
    /// by our parser and replayed under its house rules it pays the same stacks.
    fn replays_to_what_was_paid(t: &Table, hands: &[HandHistory]) {
        replays_in_seat_order(t, hands, &[2, 3, 1]);
    }

    /// [`replays_to_what_was_paid`] with the players in seat `order` (from the
    /// button's left).
    fn replays_in_seat_order(t: &Table, hands: &[HandHistory], order: &[u8]) {
        let paid: Vec<Chips> = order
            .iter()
            .map(|&s| t.seat(sn(s)).map_or(Chips::ZERO, |s| s.stack))
            .collect();
        assert_eq!(hands[0].finishing_stacks, Some(plain(&paid)));
        let back = parse_str(&to_phhs(hands)).expect("reads");
        let (spec, steps, cfg) = replay_parts(&back[0]).expect("replay parts");
        let r = replay_with(cfg, &spec, &steps).expect("replays");
        assert_eq!(r.finishing_stacks, paid);
    }

    #[test]
    fn a_corrected_and_misdealt_hand_is_written_as_dealt_in_the_end() {
        let d = dir();
        let script = format!(
            "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
             deal As\ndeal Ks\ndeal Qs\ndeal Js\ndeal Ts\ndeal 9s
             bet 60\nundo\nmisdeal
             deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
             {CHECK_DOWN}"
        );
        let t = play(d.path(), seats3(Game::Holdem, Structure::NoLimit), &script);
        let hands = export_dir(d.path(), Some("t1"), &[1]).expect("export");
        let hh = &hands[0];
        let written = hh.to_toml();
        // p1 is the small blind (seat 2), the button (seat 1) is p3; the voided deal
        // and the undone raise are gone.
        for line in [
            "\"d dh p1 AhJh\"",
            "\"d dh p2 KhTh\"",
            "\"d dh p3 Qh9h\"",
            "\"d db 3d4d5c\"",
            "\"p3 sm Qh9h\"",
            "blinds_or_straddles = [5, 10, 0]",
            "seats = [2, 3, 1]",
            "_button_seat = 1",
            "_burns = [\"2c\", \"2d\", \"2h\"]",
        ] {
            assert!(written.contains(line), "{line} in\n{written}");
        }
        let actions: Vec<String> = hh.actions.iter().map(|a| a.to_phh(hh.scale)).collect();
        assert!(
            !actions
                .iter()
                .any(|a| a.contains("As") || a.contains("cbr 60")),
            "{actions:?}"
        );
        let corrections = text(hh.field("_corrections"));
        assert!(corrections.contains("undo") && corrections.contains("`bet 60`"));
        assert!(corrections.contains("misdeal") && corrections.contains("deal As"));
        replays_to_what_was_paid(&t, &hands);
    }

    /// Plays `script` at a three-seat no-limit Hold'em table and exports its first
    /// hand: the table, the hands, and the first one's text.
    fn played_and_exported(
        d: &tempfile::TempDir,
        script: &str,
    ) -> (Table, Vec<HandHistory>, String) {
        let t = play(d.path(), seats3(Game::Holdem, Structure::NoLimit), script);
        let hands = export_dir(d.path(), Some("t1"), &[1]).expect("export");
        let written = hands[0].to_toml();
        (t, hands, written)
    }

    fn assert_written(written: &str, lines: &[&str]) {
        for line in lines {
            assert!(written.contains(line), "{line} in\n{written}");
        }
    }

    /// Floor rulings (PD-RFID's void, PD-PREMATURE) are kept in the export and the
    /// hand replays to what the table paid: the void's first deal is gone as a
    /// misdeal's; the set-aside turn card is not on the board, the river has no burn.
    #[test]
    fn a_hand_with_floor_rulings_is_written_as_played() {
        let d = dir();
        let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
             deal As\ndeal Ks\ndeal Qs\ndeal Js\ndeal Ts\ndeal 9s
             bet 60\ncall\ncall\nburn 2c\ndeal 3d\ndeal 4d\ndeal 5c
             ruling void 4
             deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
             call\ncall\ncall\nburn 2c\ndeal 3d\ndeal 4d\ndeal 5c
             call\nruling premature 9 8c\ncall\ncall
             burn 2d\ndeal 7s\ncall\ncall\ncall
             deal 8c\ncall\ncall\ncall
             settle";
        let (t, hands, written) = played_and_exported(&d, script);
        assert_written(
            &written,
            &[
                "\"d dh p1 AhJh\"",
                "\"d db 7s\"",
                "\"d db 8c\"",
                "_burns = [\"2c\", \"2d\"]",
            ],
        );
        assert!(
            !written.contains("AsJs"),
            "the voided deal is gone:\n{written}"
        );
        let corrections = text(hands[0].field("_corrections"));
        assert!(
            corrections.contains("`ruling void 4`, a floor ruling"),
            "{corrections}"
        );
        replays_to_what_was_paid(&t, &hands);
    }

    /// Rulings on cards (PD-EXPOSED, a boxed card, a card entered by hand, PD-RFID)
    /// export as the hand was played in the end: the exposed card is out of its
    /// player's hand and is the flop's burn, the boxed card is gone, the hand-entered
    /// card is dealt; the hand replays to what the table paid.
    #[test]
    fn a_hand_with_exposed_boxed_and_hand_entered_cards_is_written_as_played() {
        let d = dir();
        let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
             deal As\ndeal Ks\ndeal Qs\nruling exposed 9 1
             deal Ah\ndeal Kh\nruling boxed 9 Kh\ndeal 9c\nruling manual 9 Qh
             deal Jc
             call\ncall\ncall\nburn Qs\ndeal 3d\ndeal 4d\ndeal 5c
             call\ncall\ncall\nburn 2d\ndeal 7s\ncall\ncall\ncall
             burn 2h\ndeal 8c\ncall\ncall\ncall
             settle";
        let (t, hands, written) = played_and_exported(&d, script);
        // p1 is the small blind (seat 2), p3 the button (seat 1).
        assert_written(
            &written,
            &[
                "\"d dh p1 AsAh\"",
                "\"d dh p2 Ks9c\"",
                "\"d dh p3 QhJc\"",
                "_burns = [\"Qs\", \"2d\", \"2h\"]",
            ],
        );
        let hh = &hands[0];
        let actions: Vec<String> = hh.actions.iter().map(|a| a.to_phh(hh.scale)).collect();
        assert!(
            !actions.iter().any(|a| a.contains("Kh")),
            "the boxed card is gone: {actions:?}"
        );
        let corrections = text(hh.field("_corrections"));
        for ruling in [
            "ruling exposed 9 1",
            "ruling boxed 9 Kh",
            "ruling manual 9 Qh",
        ] {
            assert!(corrections.contains(ruling), "{ruling} in {corrections}");
        }
        replays_to_what_was_paid(&t, &hands);
    }

    /// R-DRAW-6: a player who dropped out rejoins the redeal by matching; the export
    /// writes the final deal with what he put in as dead money, and replays to what
    /// the table paid.
    #[test]
    fn a_draw_redeal_with_a_player_rejoining_is_written_as_played() {
        let d = dir();
        let cfg = crate::records::scenario::Scenario::parse(
            "table draw fl 0/0 ante=1 small_bet=2 big_bet=4 max_players=6\n",
        )
        .expect("settings")
        .config;
        let script = "seat 1 50\nseat 2 50\nseat 3 50\nhand
             deal 2c\ndeal 3c\ndeal 4c\ndeal 2d\ndeal 3d\ndeal 4d\ndeal 2h\ndeal 3h
             deal 4h\ndeal 2s\ndeal 3s\ndeal 4s\ndeal 5c\ndeal 5d\ndeal 5h
             bet 2\nfold\ncall\nstandpat\nstandpat\ncall\ncall
             rejoin 3
             deal Ac\ndeal 7c\ndeal 8c\ndeal Ad\ndeal 7d\ndeal 8d\ndeal Ah\ndeal 7h
             deal 8h\ndeal 6s\ndeal 7s\ndeal 8s\ndeal 9c\ndeal 9d\ndeal 9h
             bet 2\ncall\ncall\nstandpat\nstandpat\nstandpat\nbet 4\ncall\ncall
             settle";
        let t = play(d.path(), cfg, script);
        let hands = export_dir(d.path(), Some("t1"), &[1]).expect("export");
        let written = hands[0].to_toml();
        // The redeal's button is seat 2: seats 3, 1, 2 are p1, p2, p3. Seat 3's
        // rejoining 2 is dead money beside his ante, as the others' carried chips are.
        assert_written(
            &written,
            &[
                "seats = [3, 1, 2]",
                "antes = [3, 3, 3]",
                "\"d dh p1 AcAdAh6s9c\"",
            ],
        );
        replays_in_seat_order(&t, &hands, &[3, 1, 2]);
        assert_eq!(
            t.seat(crate::sn(2)).expect("seat").stack,
            ch(50 - 1 - 2 - 2 - 4 + 27),
            "seat 2's four eights win the pot of 27"
        );
    }

    #[test]
    fn an_over_pot_bet_is_written_as_corrected() {
        let d = dir();
        let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand\ndeal all
             bet 1000\nfold out\nsettle";
        play(d.path(), seats3(Game::Holdem, Structure::PotLimit), script);
        let hh = &export_dir(d.path(), None, &[]).expect("export")[0];
        assert_eq!(hh.variant, Variant::PotLimitHoldem);
        // R-PL-4: the small blind counts as a big blind, 40 is the most.
        assert!(hh
            .actions
            .contains(&PhhAction::CompleteBetRaise { player: 2, to: 40 }));
        let corrections = text(hh.field("_corrections"));
        assert!(
            corrections
                .contains("seat 1 bet 1000 over the pot: reduced to 40, 960 returned (R-PL-5)"),
            "{corrections}"
        );
        assert_eq!(hh.finishing_stacks, Some(vec![995, 990, 1015]));
        let rules = hh.field("_house_rules").map(|v| format!("{v:?}"));
        assert!(rules.is_some_and(|r| r.contains("pl_sb_virtual")));
    }

    /// The export of hand `number` of `script` at a four-seat table, and the index of
    /// seat 1 among its players.
    fn seat_one_in(script: &str, number: u32) -> (HandHistory, usize) {
        let d = dir();
        play(d.path(), seats3(Game::Holdem, Structure::NoLimit), script);
        let hh = export_dir(d.path(), None, &[number])
            .expect("export")
            .remove(0);
        let p = match hh.field("seats") {
            Some(Value::Array(items)) => items
                .iter()
                .position(|i| i.value.as_number().and_then(Number::to_u64) == Some(1)),
            _ => None,
        };
        let p = p.unwrap_or_else(|| panic!("seat 1 dealt in:\n{}", hh.to_toml()));
        assert_eq!(
            hh.starting_stacks.iter().sum::<u64>(),
            hh.finishing_stacks.as_ref().map_or(0, |f| f.iter().sum()),
            "every chip accounted for"
        );
        (hh, p)
    }

    const FOUR: &str = "seat 1 1000\nseat 2 1000\nseat 3 1000\nseat 4 1000
             hand\ndeal all\nfold out\nsettle
             hand\ndeal all\nfold out\nsettle";

    #[test]
    fn a_missed_big_blind_is_posted_live() {
        // Hand 3's big blind passes seat 1 while he sits out: back in hand 5, he posts
        // a big blind live (R-MISS-2) beside the big blind's own.
        let script = format!(
            "{FOUR}\nsitout 1\nhand\ndeal all\nfold out\nsettle
             hand\ndeal all\nfold out\nsettle\nsitin 1\nhand\ndeal all\nfold out\nsettle"
        );
        let (hh, p) = seat_one_in(&script, 5);
        assert_eq!(hh.blinds_or_straddles[p], 10, "\n{}", hh.to_toml());
        assert_eq!(
            hh.field("_enter_big_blinds")
                .map(|v| format!("{:?}", strip(v))),
            Some(format!(
                "{:?}",
                strip(&array((0..4).map(|i| num(if i == p { 10 } else { 0 }))))
            ))
        );
    }

    #[test]
    fn a_missed_small_blind_is_dead_money_as_an_ante() {
        // Hand 4's small blind falls on seat 1 while he sits out: back in hand 5 he
        // posts it dead (R-MISS-2), which PHH carries as an ante.
        let script = format!(
            "{FOUR}\nhand\ndeal all\nfold out\nsettle\nsitout 1
             hand\ndeal all\nfold out\nsettle\nsitin 1\nhand\ndeal all\nfold out\nsettle"
        );
        let (hh, p) = seat_one_in(&script, 5);
        assert_eq!(hh.antes[p], 5, "\n{}", hh.to_toml());
        assert!(hh.field("_dead_blinds").is_some(), "{}", hh.to_toml());
    }

    fn strip(v: &Value) -> String {
        let mut s = String::new();
        if let Value::Array(items) = v {
            for i in items {
                if let Some(n) = i.value.as_number() {
                    s.push_str(n.as_str());
                    s.push(',');
                }
            }
        }
        s
    }

    #[test]
    fn unknown_and_unfinished_hands_are_named() {
        let d = dir();
        play(
            d.path(),
            seats3(Game::Holdem, Structure::NoLimit),
            "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand\ndeal all\nfold out\nsettle\nhand\ndeal all",
        );
        let e = export_dir(d.path(), None, &[7]).expect_err("no hand 7");
        assert_eq!(
            e.to_string(),
            "hand 7 is not in the log of table `t1`: its finished hands are 1 to 1"
        );
        let e = export_dir(d.path(), None, &[2]).expect_err("hand 2 is being dealt");
        assert_eq!(e, ExportError::Unfinished { number: 2 });
        assert_eq!(export_dir(d.path(), None, &[]).map(|h| h.len()), Ok(1));
        let e = export_dir(d.path(), Some("t2"), &[]).expect_err("another table");
        assert!(
            matches!(e, ExportError::Log(LogError::OtherTable { .. })),
            "{e}"
        );
    }

    #[test]
    fn the_hands_inputs_follow_the_engines_record() {
        let mut seq = 0;
        let mut logged = |text: &str| {
            seq += 1;
            Logged {
                input: parse_input(text).expect("input"),
                text: text.to_string(),
                seq,
                events: Vec::new(),
            }
        };
        let texts = |l: &[Logged]| l.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        let engine = |texts: &[&str]| -> Vec<Input> {
            texts
                .iter()
                .map(|t| parse_input(t).expect("input"))
                .collect()
        };
        let mut live = vec![logged("hand"), logged("misdeal"), logged("call")];
        // A second misdeal voids the first and is kept itself (PD-MISDEAL).
        let second = logged("misdeal");
        let gone = follow_engine(&mut live, second, &engine(&["hand", "misdeal"]));
        assert_eq!(
            gone.map(|g| texts(&g)),
            Ok(vec!["misdeal".into(), "call".into()])
        );
        assert_eq!(
            live.last().map(|l| l.seq),
            Some(4),
            "the new misdeal, not the first"
        );
        // UNDO takes back the last of two equal inputs and is not kept.
        live.push(logged("call"));
        live.push(logged("call"));
        let undo = logged("undo");
        let gone = follow_engine(&mut live, undo, &engine(&["hand", "misdeal", "call"]));
        assert_eq!(gone.map(|g| g.iter().map(|l| l.seq).collect()), Ok(vec![6]));
        assert_eq!(texts(&live), ["hand", "misdeal", "call"]);
        // An engine that holds what the log does not is a disagreement.
        let call = logged("call");
        assert!(follow_engine(&mut live, call, &engine(&["hand", "fold", "call"])).is_err());
    }

    #[test]
    fn player_order_starts_left_of_the_button() {
        assert_eq!(
            player_order(&[sn(1), sn(3), sn(5), sn(8)], Some(sn(5))),
            [8, 1, 3, 5].map(sn)
        );
        assert_eq!(
            player_order(&[sn(1), sn(3), sn(5), sn(8)], Some(sn(8))),
            [1, 3, 5, 8].map(sn)
        );
        // A dead button on an empty seat.
        assert_eq!(
            player_order(&[sn(1), sn(3), sn(5), sn(8)], Some(sn(4))),
            [5, 8, 1, 3].map(sn)
        );
        // Heads-up: p1 is the big blind, the button last.
        assert_eq!(player_order(&[sn(2), sn(6)], Some(sn(2))), [6, 2].map(sn));
    }
}
