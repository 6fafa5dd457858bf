//! A tournament's tables' records read from the floor's store for its checks
//! ([`super::tournament_check`]): each table's shipped records, checked as the live
//! view checks them (every record chained to the one before, the last signed with the
//! table's key), replayed through the log's one replay ([`Rebuild`]) for the chips on
//! the table at each level change and at the end, and what they say of moves,
//! bust-outs, colour-ups and hands. Then the report: the checks, the audit per level,
//! and the alerts raised for what differs. The tables' records are only read.

use super::chip_audit::{self, LevelAudit};
use super::error::FloorError;
use super::store::{AlertKind, Store};
use super::tournament_check::{self, Checked, Fact, TableFacts, What};
use super::tournaments::{TournamentLog, TournamentStoreError};
use crate::records::handlog::{Fed, Rebuild, Seq, GENESIS_HASH};
use crate::records::time::WallTime;
use firmware::Event;
use std::fmt;

/// Records read from the store at once, for one table.
const BATCH: usize = 5_000;
/// The most records of one table a check reads: a day's play many times over, and a
/// bound on what a store's rows can make the floor hold.
pub const MAX_TABLE_RECORDS: u64 = 2_000_000;

/// Why a tournament's tables cannot be checked.
#[derive(Debug)]
pub enum CheckError {
    /// The store refused or cannot be reached.
    Store(FloorError),
    /// The tournament cannot be read.
    Tournament(TournamentStoreError),
    /// A table's records as the store holds them do not chain, are not signed by the
    /// table's key, or do not replay: nothing of the table is taken as fact.
    Unverified {
        /// The table.
        table: String,
        /// The record found wrong.
        seq: u64,
        /// What is wrong.
        why: String,
    },
    /// A table has more records than a check reads.
    TooMany(String),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Store(e) => write!(f, "{e}"),
            CheckError::Tournament(e) => write!(f, "{e}"),
            CheckError::Unverified { table, seq, why } => write!(
                f,
                "table {table}'s record {seq} as the store holds it {why}: its records are not checked; run `tablectl audit verify` and call the floor's security"
            ),
            CheckError::TooMany(t) => write!(
                f,
                "table {t} has more than {MAX_TABLE_RECORDS} records: no table has; call the floor's security"
            ),
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::Store(e) => Some(e),
            CheckError::Tournament(e) => Some(e),
            _ => None,
        }
    }
}

impl From<FloorError> for CheckError {
    fn from(e: FloorError) -> Self {
        CheckError::Store(e)
    }
}

impl From<TournamentStoreError> for CheckError {
    fn from(e: TournamentStoreError) -> Self {
        CheckError::Tournament(e)
    }
}

/// What a logged event says for the checks, if anything.
fn what(event: &Event) -> Option<What> {
    Some(match *event {
        Event::Seated { seat, stack } => What::Seated {
            seat: seat.get(),
            stack: stack.get(),
        },
        Event::MovedOut { seat, stack } => What::MovedOut {
            seat: seat.get(),
            stack: stack.get(),
        },
        Event::MovedIn { seat, stack } => What::MovedIn {
            seat: seat.get(),
            stack: stack.get(),
        },
        Event::BustedOut { seat, started_with } => What::BustedOut {
            seat: seat.get(),
            started_with: started_with.get(),
        },
        Event::ColoredUp {
            seat,
            before,
            after,
        } => What::ColoredUp {
            seat: seat.get(),
            before: before.get(),
            after: after.get(),
        },
        // The chips are the table's once the input is taken: filled in by the reader.
        Event::LevelChanged { to, .. } => What::LevelChanged { to, chips: 0 },
        Event::HandStarted { number, .. } => What::HandStarted { number },
        Event::HandComplete { number } => What::HandComplete { number },
        _ => return None,
    })
}

/// Table `table`'s records in the store, checked and replayed. A table that never
/// shipped has no facts.
pub fn table_facts(store: &mut Store, table: &str) -> Result<TableFacts, CheckError> {
    let mut facts = TableFacts {
        table: table.to_string(),
        ..TableFacts::default()
    };
    let key = match store.table(table) {
        Ok(row) => row.key,
        Err(FloorError::UnknownTable(_)) => return Ok(facts),
        Err(e) => return Err(e.into()),
    };
    let unverified = |seq: Seq, why: String| CheckError::Unverified {
        table: table.to_string(),
        seq: seq.0,
        why,
    };
    let mut rebuild = Rebuild::new();
    let mut reader = FactReader::default();
    let (mut after, mut hash) = (0u64, GENESIS_HASH);
    loop {
        let batch = store.records_after(table, after, BATCH)?;
        let Some(last) = batch.last() else { break };
        if !last.is_signed(&key, table) {
            return Err(unverified(
                last.seq,
                "is not signed by the table's key".into(),
            ));
        }
        for record in &batch {
            if record.seq.0 != after + 1 || !record.links(&hash) {
                return Err(unverified(
                    record.seq,
                    "does not chain to the one before it".into(),
                ));
            }
            (after, hash) = (record.seq.0, record.hash);
            let read =
                |e: &dyn fmt::Display| unverified(record.seq, format!("does not read ({e})"));
            if let Some(cfg) = record.config().map_err(|e| read(&e))? {
                rebuild.configure(cfg).map_err(|e| read(&e))?;
                continue;
            }
            let entry = record.entry().map_err(|e| read(&e))?;
            let Fed::Replayed(replayed) = rebuild.feed(&entry.entry).map_err(|e| read(&e))? else {
                continue;
            };
            let events: Vec<Event> = replayed.events.iter().filter_map(|e| e.event).collect();
            let chips = rebuild.table().map_or(0, |t| t.chips_in_play().get());
            reader.take(record.seq.0, record.at, &events, chips);
        }
        if after > MAX_TABLE_RECORDS {
            return Err(CheckError::TooMany(table.to_string()));
        }
    }
    facts.facts = reader.facts;
    facts.end_chips = rebuild.table().map_or(0, |t| t.chips_in_play().get());
    Ok(facts)
}

/// A table's facts, taken input by input as the replay takes them: an UNDO takes
/// back what the input it undoes said (the engine rebuilds the hand without it), so
/// a move or a bust-out corrected at the table is not held against the director.
#[derive(Debug, Default)]
struct FactReader {
    facts: Vec<Fact>,
    /// How many facts there were before each input taken and not undone.
    marks: Vec<usize>,
}

impl FactReader {
    /// The accepted input of record `seq`, with its `events` and the table's `chips`
    /// once taken.
    fn take(&mut self, seq: u64, at: WallTime, events: &[Event], chips: u64) {
        if events.iter().any(|e| matches!(e, Event::Undone)) {
            if let Some(mark) = self.marks.pop() {
                self.facts.truncate(mark);
            }
            return;
        }
        self.marks.push(self.facts.len());
        for what in events.iter().filter_map(what) {
            let what = match what {
                What::LevelChanged { to, .. } => What::LevelChanged { to, chips },
                w => w,
            };
            self.facts.push(Fact { seq, at, what });
        }
    }
}

/// A tournament's checks across its tables.
#[derive(Debug)]
pub struct Report {
    /// Each table's records as read.
    pub tables: Vec<TableFacts>,
    /// The moves and eliminations matched, and what differs.
    pub checked: Checked,
    /// The chips per level, then as they stand.
    pub audit: Vec<LevelAudit>,
}

impl Report {
    /// Whether everything matches: no finding and every level's chips accounted for.
    pub fn clean(&self) -> bool {
        self.checked.findings.is_empty() && self.audit.iter().all(LevelAudit::matches)
    }
}

/// Checks tournament `log` against its tables' records in `store` (a login that
/// reads the tables' records: the floor's reader or its owner).
pub fn report(store: &mut Store, log: &TournamentLog) -> Result<Report, CheckError> {
    let tables = log
        .state
        .tables
        .iter()
        .map(|t| table_facts(store, t))
        .collect::<Result<Vec<_>, _>>()?;
    let checked = tournament_check::check(&log.events, &tables);
    let audit = chip_audit::audit(
        &checked,
        &tables,
        log.state.structure.starting_stack.get(),
        &log.state.broken,
    );
    Ok(Report {
        tables,
        checked,
        audit,
    })
}

/// Raises each finding as an alert on its table (once while open, as every alert):
/// how many findings there were.
pub fn raise(store: &mut Store, id: &str, report: &Report) -> Result<usize, FloorError> {
    for f in &report.checked.findings {
        let (table, seq) = f.table_record();
        store.raise(
            table,
            AlertKind::Tournament,
            Seq(seq),
            &format!("tournament {id}: {f}"),
        )?;
    }
    Ok(report.checked.findings.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ch, sn};

    /// A bust-out the dealer corrected with UNDO is not the table's word: the facts
    /// of the input undone go with it, those before it stay; a level change carries
    /// the table's chips.
    #[test]
    fn an_undone_input_takes_back_what_it_said() {
        let mut r = FactReader::default();
        let at = WallTime::from_unix_millis(1);
        r.take(
            1,
            at,
            &[Event::MovedIn {
                seat: sn(3),
                stack: ch(500),
            }],
            500,
        );
        r.take(
            2,
            at,
            &[
                Event::BustedOut {
                    seat: sn(3),
                    started_with: ch(500),
                },
                Event::HandComplete { number: 4 },
            ],
            500,
        );
        r.take(3, at, &[Event::Undone], 500);
        r.take(
            4,
            at,
            &[Event::LevelChanged {
                from: 1,
                to: 2,
                small_blind: ch(100),
                big_blind: ch(200),
                ante: ch(0),
            }],
            900,
        );
        let said: Vec<(u64, What)> = r.facts.iter().map(|f| (f.seq, f.what)).collect();
        assert_eq!(
            said,
            vec![
                (
                    1,
                    What::MovedIn {
                        seat: 3,
                        stack: 500
                    }
                ),
                (4, What::LevelChanged { to: 2, chips: 900 })
            ]
        );
    }
}
