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
//! configuration by the log's one replay
//! ([`Rebuild`](crate::records::handlog::Rebuild), as crash recovery does), so the
//! stacks a hand started with, its stakes and its finishing stacks come from the engine,
//! never recomputed here. The hand's actions come from the events the dealer saw, of
//! the inputs the engine itself still holds after each input
//! ([`Table::hand_inputs`](firmware::Table::hand_inputs)): what an UNDO took back (the
//! last input) or a MISDEAL voided (the deal; posts and straddle stay, PD-MISDEAL) is
//! what the engine let go, and a draw redeal (R-DRAW-3, R-DRAW-6) closes the deal
//! before it. What PHH cannot say (burns, the button, dead blinds, corrections,
//! redeals, rake, the shoe's frames, the table, the times) goes into `_`-prefixed
//! user-defined fields.
//!
//! ## What stays ours
//!
//! The finishing stacks written are the ones the table paid. Where PokerKit's rules
//! differ from the casino's (odd chips PD-ODD, pot limit R-PL-4, the fixed-limit cap
//! R-FL-2 and PD-REOPEN, the short blind PD-SHORTBLIND, missed-blind posts R-MISS,
//! redeals, rake PD-RAKE) a reader replaying the file may pay differently; the
//! `_house_rules` field says which rules the hand was dealt under, and
//! [`house_config`] turns it back into the engine's settings.
//!
//! ## Where things are
//!
//! The replay of the log and each hand gathered from it (`walk.rs`), a gathered hand
//! written as a hand history (`history.rs`), and our dialect read back for a replay
//! (`dialect.rs`).

mod dialect;
mod history;
mod walk;

#[cfg(test)]
mod tests;

pub use dialect::{house_config, replay_parts};
#[cfg(test)]
pub(crate) use walk::replayed_table;

use crate::records::handlog::{AuditLog, LogError, TimelineEntry};
use crate::records::phh::HandHistory;
use firmware::TableConfig;
use history::to_history;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use walk::{walk, HandBuild};

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

/// The cause kept whole, for whoever reads the chain (a log, a test).
impl std::error::Error for ExportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExportError::Log(e) => Some(e),
            _ => None,
        }
    }
}

impl From<LogError> for ExportError {
    fn from(e: LogError) -> Self {
        ExportError::Log(e)
    }
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
    records: &[(Option<u32>, TimelineEntry)],
    hands: &[u32],
) -> Result<Vec<HandHistory>, ExportError> {
    let (builds, _) = walk(cfg, records)?;
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
