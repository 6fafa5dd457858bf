//! `tablectl tournament moves|eliminations|audit|hand-for-hand`: the floor's checks
//! of a tournament across its tables (host::floor::tournament_facts), one clear line
//! each, exit 1 when something differs, the differences raised as the floor's alerts;
//! and hand-for-hand rounds, called by the director or by the floor once every table
//! has finished its hand (host::floor::hand_for_hand).

use super::{key, load, open, open_to_read, HandForHandArgs, HandForHandMode, ReadArgs};
use crate::error::CliError;
use host::floor::hand_for_hand::{next_when_done, Round};
use host::floor::tournament_check::{BustCheck, Finding, Matched, MoveCheck};
use host::floor::tournament_facts::{raise, report, Report};
use host::records::time::WallTime;
use host::tournament::{TournamentError, TournamentEvent};
use std::process::ExitCode;

/// Which check a command prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The moves.
    Moves,
    /// The eliminations and bust-outs.
    Eliminations,
    /// Everything, and the chips per level.
    Audit,
}

impl Check {
    /// Whether `f` is this check's.
    fn covers(self, f: &Finding) -> bool {
        let moves = matches!(
            f,
            Finding::MoveChips { .. }
                | Finding::NotDeparted { .. }
                | Finding::NotArrived { .. }
                | Finding::DepartureWithoutMove { .. }
                | Finding::ArrivalWithoutMove { .. }
        );
        match self {
            Check::Moves => moves,
            Check::Eliminations => !moves,
            Check::Audit => true,
        }
    }
}

/// A table's figure, or that it recorded nothing.
fn figure(m: Option<Matched>) -> String {
    m.map_or("nothing".to_string(), |m| {
        format!("{} (record {})", m.chips, m.seq)
    })
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "matches"
    } else {
        "differs"
    }
}

fn move_line(m: &MoveCheck) -> String {
    let ok = [m.departed, m.arrived]
        .iter()
        .all(|r| r.is_some_and(|r| r.chips == m.chips));
    format!(
        "entry {}: {} -> {}: director {}, departed with {}, arrived with {}: {}",
        m.entry,
        m.from,
        m.to,
        m.chips,
        figure(m.departed),
        figure(m.arrived),
        verdict(ok)
    )
}

fn bust_line(b: &BustCheck) -> String {
    let round = b
        .round
        .map_or(String::new(), |r| format!(" (hand-for-hand round {r})"));
    format!(
        "entry {} out at {}{round}: director {} chips at the hand's start, table {}: {}",
        b.entry,
        b.at_seat,
        b.chips,
        figure(b.busted),
        verdict(b.busted.is_some_and(|m| m.chips == b.chips))
    )
}

/// Runs one of the checks: its lines, the differences raised as alerts; exit 1 when
/// one differs.
pub fn checks(args: &ReadArgs, check: Check) -> Result<ExitCode, CliError> {
    let mut store = open_to_read(&args.store.db)?;
    let log = load(&mut store, &args.id)?;
    let r = report(&mut store, &log).map_err(CliError::failed)?;
    // A replica takes no alert: the differences are printed all the same.
    if let Err(e) = raise(&mut store, &log.id, &r) {
        eprintln!("the floor's alerts cannot be stored ({e}): the differences are below");
    }
    let findings: Vec<&Finding> = r
        .checked
        .findings
        .iter()
        .filter(|f| check.covers(f))
        .collect();
    let clean = findings.is_empty() && (check != Check::Audit || r.clean());
    if args.json && check == Check::Audit {
        println!("{}", audit_json(&log.id, &r, clean));
    } else {
        print_lines(&r, check, &findings, clean);
    }
    Ok(if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_lines(r: &Report, check: Check, findings: &[&Finding], clean: bool) {
    if check != Check::Eliminations {
        r.checked
            .moves
            .iter()
            .for_each(|m| println!("{}", move_line(m)));
    }
    if check != Check::Moves {
        r.checked
            .eliminations
            .iter()
            .for_each(|b| println!("{}", bust_line(b)));
    }
    if check == Check::Audit {
        r.audit.iter().for_each(|a| println!("{a}"));
    }
    for f in findings {
        println!("differs: {f}");
    }
    if clean {
        println!("everything matches");
    }
}

fn audit_json(id: &str, r: &Report, clean: bool) -> serde_json::Value {
    let levels: Vec<serde_json::Value> = r
        .audit
        .iter()
        .map(|a| {
            serde_json::json!({
                "level": a.level,
                "expected": a.expected.to_string(),
                "counted": a.counted.to_string(),
                "difference": (a.counted - a.expected).to_string(),
                "in_transit": a.in_transit.to_string(),
                "unseated": a.unseated.to_string(),
                "coloured": a.coloured.to_string(),
                "entries": a.entries,
                "tables": a.tables.iter().map(|(t, c)| serde_json::json!({"table": t, "chips": c})).collect::<Vec<_>>(),
                "waiting": a.waiting,
                "matches": a.matches(),
            })
        })
        .collect();
    let findings: Vec<serde_json::Value> = r
        .checked
        .findings
        .iter()
        .map(|f| {
            let (table, seq) = f.table_record();
            serde_json::json!({"table": table, "record": seq, "what": f.to_string()})
        })
        .collect();
    serde_json::json!({
        "tournament": id,
        "clean": clean,
        "moves": r.checked.moves.iter().map(move_line).collect::<Vec<_>>(),
        "eliminations": r.checked.eliminations.iter().map(bust_line).collect::<Vec<_>>(),
        "findings": findings,
        "levels": levels,
    })
}

/// `hand-for-hand on|next|off`, or `next --when-all-done`.
pub fn hand_for_hand(args: &HandForHandArgs) -> Result<(), CliError> {
    let w = &args.write;
    let key = key(&w.key, false)?;
    let mut store = open(&w.store.db)?;
    if args.when_all_done {
        if args.mode != HandForHandMode::Next {
            return Err(CliError::failed(UsageNote(
                "--when-all-done calls the next round: give `next`",
            )));
        }
        let mut tables = open_to_read(args.tables_db.as_deref().unwrap_or(&w.store.db))?;
        let round =
            next_when_done(&mut store, &mut tables, &key, &w.id).map_err(CliError::failed)?;
        match round {
            Round::Off => return Err(CliError::failed(TournamentError::NotHandForHand)),
            Round::Playing { round, waiting } => println!(
                "round {round} is still being played at {}: nothing written",
                waiting.join(", ")
            ),
            Round::Finished { round, out } => {
                for b in &out {
                    println!(
                        "entry {} out in round {round} ({} chips at the hand's start)",
                        b.entry, b.chips_at_start
                    );
                }
                println!("round {} called", round + 1);
            }
        }
        return Ok(());
    }
    let mut log = load(&mut store, &w.id)?;
    let round = match args.mode {
        HandForHandMode::On => Some(1),
        HandForHandMode::Next => Some(
            log.state
                .hand_for_hand
                .ok_or_else(|| CliError::failed(TournamentError::NotHandForHand))?
                + 1,
        ),
        HandForHandMode::Off => None,
    };
    log.append(
        &mut store,
        &key,
        TournamentEvent::HandForHand {
            round,
            at: WallTime::now(),
        },
    )
    .map_err(CliError::failed)?;
    match round {
        Some(r) => println!("hand-for-hand: round {r} called"),
        None => println!("hand-for-hand play is over"),
    }
    Ok(())
}

/// A usage the arguments cannot say.
#[derive(Debug)]
struct UsageNote(&'static str);

impl std::fmt::Display for UsageNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for UsageNote {}
