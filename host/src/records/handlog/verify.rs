//! What is wrong with a log ([`Problem`]), and [`HandLog::verify`]: the whole log
//! checked without changing it, in a [`VerifyReport`] for the floor.

use super::append::HandLog;
use super::chain::{head_valid, key_check, keyed};
use super::error::{db_err, LogError};
use super::recovery::DroppedRecord;
use super::storage::{check_meta, meta, open_ro, quick_check, read_head, value_bytes};
use super::walk::walk;
use super::{Seq, FILE_NAME};
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// What is wrong with a log, found by [`HandLog::verify`] and [`HandLog::open`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// A record's contents (or its hand index) were changed after it was written.
    Edited,
    /// A record was deleted (the numbers skip it, or the later ones were renumbered).
    Deleted,
    /// A record not written by the controller was added.
    Inserted,
    /// Records were put in another order (their numbers swapped).
    Reordered,
    /// The last records were removed, or the head row that vouches for them was.
    Truncated,
    /// The last record is incomplete: a write cut short. [`HandLog::open`] sets it aside.
    Torn,
    /// The secret is not the one the log was written with: nothing could be checked.
    WrongSecret,
    /// The file cannot be read, or a record carrying a valid MAC does not read (a newer
    /// program wrote it).
    Unreadable,
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProblemKind::Edited => "edited",
            ProblemKind::Deleted => "deleted",
            ProblemKind::Inserted => "inserted",
            ProblemKind::Reordered => "reordered",
            ProblemKind::Truncated => "truncated",
            ProblemKind::Torn => "torn",
            ProblemKind::WrongSecret => "wrong secret",
            ProblemKind::Unreadable => "unreadable",
        })
    }
}

/// The first problem found in a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The first record concerned, by its sequence number, when one is.
    pub seq: Option<Seq>,
    /// What kind of change.
    pub kind: ProblemKind,
    /// What exactly.
    pub detail: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seq {
            Some(s) => write!(f, "record {s} {}: {}", self.kind, self.detail),
            None => write!(f, "{}: {}", self.kind, self.detail),
        }
    }
}

pub(super) fn problem(seq: i64, kind: ProblemKind, detail: impl Into<String>) -> Problem {
    Problem {
        seq: u64::try_from(seq).ok().map(Seq),
        kind,
        detail: detail.into(),
    }
}

/// What [`HandLog::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The file checked.
    pub path: PathBuf,
    /// The table id it records, if it could be read.
    pub table_id: Option<String>,
    /// Records whose MAC checked, from the first.
    pub records_checked: u64,
    /// The last record that checked.
    pub last_good: Option<Seq>,
    /// Where the head says the log ends, if its tag checks.
    pub head: Option<Seq>,
    /// Torn records set aside by earlier recoveries.
    pub dropped: Vec<DroppedRecord>,
    /// The first problem, if any.
    pub problem: Option<Problem>,
}

impl VerifyReport {
    /// Every record checks, the head matches, and nothing is out of place.
    pub fn is_intact(&self) -> bool {
        self.problem.is_none()
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        match &self.problem {
            None => write!(f, "intact, {} records", self.records_checked)?,
            Some(p) => write!(f, "{p} ({} records check before it)", self.records_checked)?,
        }
        for d in &self.dropped {
            write!(
                f,
                "; record {} ({}) was set aside: {}",
                d.seq.0, d.kind, d.reason
            )?;
        }
        Ok(())
    }
}

impl HandLog {
    /// Checks the log in `dir` with `secret` without changing it: every record's MAC in
    /// order, the head, the hand index and the table id. Names the first problem.
    pub fn verify(dir: impl AsRef<Path>, secret: &[u8]) -> VerifyReport {
        let path = dir.as_ref().join(FILE_NAME);
        let mut report = VerifyReport {
            path: path.clone(),
            table_id: None,
            records_checked: 0,
            last_good: None,
            head: None,
            dropped: Vec::new(),
            problem: None,
        };
        if let Err(err) = verify_into(&path, secret, &mut report) {
            let kind = match err {
                LogError::WeakSecret => ProblemKind::WrongSecret,
                _ => ProblemKind::Unreadable,
            };
            report.problem = Some(Problem {
                seq: None,
                kind,
                detail: err.to_string(),
            });
        }
        report
    }
}

fn verify_into(path: &Path, secret: &[u8], report: &mut VerifyReport) -> Result<(), LogError> {
    let key = keyed(secret)?;
    let conn = open_ro(path)?;
    let e = |err| db_err(path, err);
    let table_id = check_meta(&conn, path, None)?;
    report.table_id = Some(table_id.clone());
    if meta(&conn, "key_check").map_err(e)? != Some(key_check(&key)) {
        report.problem = Some(Problem {
            seq: None,
            kind: ProblemKind::WrongSecret,
            detail: "the secret is not the one this log was written with (or the key check in the meta table was changed): nothing could be checked".to_string(),
        });
        return Ok(());
    }
    quick_check(&conn, path)?;
    let head = read_head(&conn).map_err(e)?;
    report.head = head
        .as_ref()
        .filter(|h| head_valid(&key, h))
        .map(|h| Seq(h.seq.unsigned_abs()));
    let mut stmt = conn
        .prepare("SELECT seq, kind, reason FROM dropped ORDER BY id")
        .map_err(e)?;
    report.dropped = stmt
        .query_map([], |r| {
            Ok(DroppedRecord {
                seq: Seq(r.get::<_, Option<i64>>(0)?.unwrap_or(0).unsigned_abs()),
                kind: String::from_utf8_lossy(&value_bytes(r.get_ref(1)?)).into_owned(),
                reason: r.get(2)?,
            })
        })
        .and_then(|rows| rows.collect())
        .map_err(e)?;
    let (chain, fault) = walk(&conn, &key, &table_id, head.as_ref()).map_err(e)?;
    report.records_checked = chain.records;
    report.last_good = (chain.last_seq > 0).then(|| Seq(chain.last_seq.unsigned_abs()));
    report.problem = fault.map(|f| f.problem);
    Ok(())
}
