//! A hand log read only once it checks ([`CheckedLog`]): what `tablectl audit
//! list|show|export|rake` read, so no audit prints a forged log's contents as fact.
//!
//! The check is the one opening the table makes (SQLite's full integrity check, then
//! every record's hash and the signatures of the last record and of the head: the
//! hashes chain every record to the last, so its signature vouches for them all),
//! against what the auditor brings ([`Trust`]). Reads then go by record number, the
//! table's own order, never through the hand index, and each hand read is compared
//! with where the walk over the chain placed its records: an index rebuilt to leave a
//! record out can neither hide it nor pass the check.

use super::audit::TimelineEntry;
use super::audit::{list_hands, timeline_between, AuditLog, HandFilter, HandSummary};
use super::error::LogError;
use super::verify::{Trust, VerifyReport};
use super::walk::{Depth, HandSpan};
use std::collections::BTreeMap;

/// A log whose chain checked, and the report that says against what.
#[derive(Debug)]
pub struct CheckedLog {
    log: AuditLog,
    report: VerifyReport,
    hands: BTreeMap<u32, HandSpan>,
}

impl AuditLog {
    /// This log checked against `trust` (above), for reading: `Err` holds the report
    /// naming what failed. [`CheckedLog::report`] says whether the key that checked
    /// is vouched for ([`VerifyReport::is_vouched`]).
    pub fn checked(self, trust: &Trust) -> Result<CheckedLog, Box<VerifyReport>> {
        let (report, chain) = self.check_at(trust, Depth::Last);
        match chain {
            Some(chain) if report.is_intact() => Ok(CheckedLog {
                log: self,
                report,
                hands: chain.hands,
            }),
            _ => Err(Box::new(report)),
        }
    }
}

impl CheckedLog {
    /// What the check found: intact, and whether the key is vouched for.
    pub fn report(&self) -> &VerifyReport {
        &self.report
    }

    /// The log, for reads that take every record in order (an export).
    pub fn log(&self) -> &AuditLog {
        &self.log
    }

    /// The hands that pass `filter`, by number, each compared with the chain's.
    pub fn list_hands(&self, filter: &HandFilter) -> Result<Vec<HandSummary>, LogError> {
        let all = list_hands(self.log.conn(), self.log.path(), &HandFilter::default())?;
        let read: BTreeMap<u32, HandSpan> = all
            .iter()
            .map(|h| {
                let span = HandSpan {
                    first: i64::try_from(h.first_seq.0).unwrap_or(i64::MAX),
                    last: i64::try_from(h.last_seq.0).unwrap_or(i64::MAX),
                    records: h.records,
                };
                (h.number, span)
            })
            .collect();
        if read != self.hands {
            let differs = self
                .hands
                .keys()
                .chain(read.keys())
                .find(|n| self.hands.get(n) != read.get(n))
                .copied()
                .unwrap_or(0);
            return Err(self.misread(differs));
        }
        Ok(all.into_iter().filter(|h| filter.matches(h)).collect())
    }

    /// Every record of hand `number`, in order (none: no such hand), read by number
    /// between the hand's first and last records as the chain placed them.
    pub fn timeline(&self, number: u32) -> Result<Vec<TimelineEntry>, LogError> {
        let Some(span) = self.hands.get(&number) else {
            return Ok(Vec::new());
        };
        let entries = timeline_between(
            self.log.conn(),
            self.log.path(),
            number,
            span.first,
            span.last,
        )?;
        let seqs = |e: Option<&TimelineEntry>| e.map(|e| i64::try_from(e.seq.0).unwrap_or(-1));
        let whole = entries.len() as u64 == span.records
            && seqs(entries.first()) == Some(span.first)
            && seqs(entries.last()) == Some(span.last);
        if whole {
            Ok(entries)
        } else {
            Err(self.misread(number))
        }
    }

    /// Hand `number` read otherwise than the chain placed it: the file changed under
    /// the reader, or SQLite answered from something other than its records.
    fn misread(&self, number: u32) -> LogError {
        LogError::Corrupt {
            path: self.log.path().to_path_buf(),
            detail: format!(
                "hand {number} does not read as the chain placed its records: the file changed while it was read, or it is damaged; run `tablectl audit verify`"
            ),
        }
    }
}
