//! What is wrong with a log ([`Problem`]), and [`HandLog::verify`]: the whole log
//! checked without changing it, in a [`VerifyReport`] for the floor.

use super::append::HandLog;
use super::audit::AuditLog;
use super::chain::{key_check, keyed, Checker};
use super::error::{db_err, LogError};
use super::head::SignedHead;
use super::keys::PublicKey;
use super::recovery::{dropped_fault, DroppedRecord};
use super::storage::{check_meta, integrity_faults, meta, read_head, row_at, value_bytes};
use super::walk::{walk, Chain, Depth};
use super::{Seq, FILE_NAME, FORMAT_HMAC};
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
    /// The log is signed by another key than the one given (with `--public-key` or in
    /// the anchor): it was re-signed, or is another table's.
    WrongKey,
    /// The log does not hold the record an anchor vouches for: it was rewritten before
    /// the anchor.
    Forked,
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
            ProblemKind::WrongKey => "wrong key",
            ProblemKind::Forked => "forked",
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

/// How a log's chain is sealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scheme {
    /// Signed with the table's Ed25519 key (format 2): checked with the public key.
    Signed,
    /// The old scheme (format 1): HMAC under a shared secret, which whoever holds it
    /// can forge.
    Hmac,
}

/// What an audit brings from outside the data folder to check a log against. Without
/// anything, a signed log is checked against the public key it records itself, which
/// shows every change made without the table's key but not a log re-signed whole
/// with another key, nor one cut back to an earlier state of itself: give the
/// table's public key and an anchor for those. Such a report is never
/// [`VerifyReport::is_vouched`].
#[derive(Clone, Debug, Default)]
pub struct Trust {
    /// The table's public key, as the floor keeps it.
    pub public_key: Option<PublicKey>,
    /// A signed head published earlier (the floor view, the floor's store, a slip).
    pub anchor: Option<SignedHead>,
    /// The secret of a log of the old scheme.
    pub secret: Option<Vec<u8>>,
}

/// What [`HandLog::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The file checked.
    pub path: PathBuf,
    /// The table id it records, if it could be read.
    pub table_id: Option<String>,
    /// How its chain is sealed, if it could be read.
    pub scheme: Option<Scheme>,
    /// The public key the signatures were checked with (signed logs).
    pub public_key: Option<String>,
    /// Whether that key came from outside the log (`Trust::public_key` or the anchor).
    pub key_given: bool,
    /// Records whose seal checked, from the first.
    pub records_checked: u64,
    /// The last record that checked.
    pub last_good: Option<Seq>,
    /// Where the head says the log ends, if it checks.
    pub head: Option<Seq>,
    /// The anchor the log was found to extend, if one was given and matched.
    pub anchored: Option<Seq>,
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

    /// Intact, and signed by a key that came from outside the data folder (the
    /// table's public key given, or an anchor's, or the floor's store's): the log is
    /// the table's. A log checked only against the key it records itself may have
    /// been re-signed whole by whoever wrote the folder; a log of the old scheme is
    /// sealed with a secret whoever holds it can forge. Neither is vouched for.
    pub fn is_vouched(&self) -> bool {
        self.is_intact() && self.scheme == Some(Scheme::Signed) && self.key_given
    }
}

/// "no record checks", "1 record checks", "N records check".
fn records_check(n: u64) -> String {
    match n {
        0 => "no record checks".to_string(),
        1 => "1 record checks".to_string(),
        n => format!("{n} records check"),
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        match &self.problem {
            None => {
                let n = self.records_checked;
                let records = format!("{n} record{}", if n == 1 { "" } else { "s" });
                match (self.scheme, &self.public_key) {
                    (Some(Scheme::Signed), Some(key)) if self.key_given => {
                        write!(f, "intact, {records}, signed by the table's key {key}")?
                    }
                    (Some(Scheme::Signed), Some(key)) => write!(
                        f,
                        "chain intact, but signed by a key nobody vouched for: give the table's public key (--public-key), an anchor (--anchor) or the floor's store (--floor) to know it is the table's; {records} check under the key the log records, {key}, which whoever wrote the data folder could have put there after re-signing it whole"
                    )?,
                    (Some(Scheme::Hmac), _) => write!(
                        f,
                        "chain intact, but nobody can vouch for it: {records} check under the old scheme, HMAC under a shared secret, which whoever holds it can forge"
                    )?,
                    _ => write!(f, "intact, {records}")?,
                }
                match self.anchored {
                    Some(seq) => write!(f, "; it extends the anchor at record {}", seq.0)?,
                    None => f.write_str(
                        "; without an anchor, a log cut back to an earlier state of itself cannot be told",
                    )?,
                }
            }
            Some(p) => {
                write!(f, "{p}")?;
                // A problem found past the records that check (an index) has none
                // "before it".
                if p.seq.is_none_or(|s| self.last_good.is_none_or(|g| g < s)) {
                    write!(f, " ({} before it)", records_check(self.records_checked))?;
                }
            }
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

impl VerifyReport {
    /// A report on `path` with nothing checked yet.
    fn new(path: PathBuf) -> VerifyReport {
        VerifyReport {
            path,
            table_id: None,
            scheme: None,
            public_key: None,
            key_given: false,
            records_checked: 0,
            last_good: None,
            head: None,
            anchored: None,
            dropped: Vec::new(),
            problem: None,
        }
    }

    /// `err` as the problem that stopped the check.
    fn stopped_by(&mut self, err: &LogError) {
        let kind = match err {
            LogError::WeakSecret => ProblemKind::WrongSecret,
            _ => ProblemKind::Unreadable,
        };
        self.problem = Some(Problem {
            seq: None,
            kind,
            detail: err.to_string(),
        });
    }
}

impl HandLog {
    /// Checks the log in `dir` without changing it or anything beside it (a read-only
    /// copy serves): SQLite's full integrity check (every index against its table),
    /// every record's seal in order, the head, the set-aside rows, the hand index and
    /// the table id, against what `trust` brings. Names the first problem.
    pub fn verify(dir: impl AsRef<Path>, trust: &Trust) -> VerifyReport {
        match AuditLog::open_evidence(dir.as_ref()) {
            Ok(log) => log.verify(trust),
            Err(err) => {
                let mut report = VerifyReport::new(dir.as_ref().join(FILE_NAME));
                report.stopped_by(&err);
                report
            }
        }
    }
}

impl AuditLog {
    /// [`HandLog::verify`] of this log, as it is open.
    pub fn verify(&self, trust: &Trust) -> VerifyReport {
        self.check_at(trust, Depth::Every).0
    }

    /// The log checked at `depth` against `trust`, and what the walk learned when
    /// the check went as far as the records.
    pub(super) fn check_at(&self, trust: &Trust, depth: Depth) -> (VerifyReport, Option<Chain>) {
        let mut report = VerifyReport::new(self.path().to_path_buf());
        report.table_id = Some(self.table_id().to_string());
        match verify_into(self.conn(), self.path(), trust, depth, &mut report) {
            Ok(chain) => (report, chain),
            Err(err) => {
                report.stopped_by(&err);
                (report, None)
            }
        }
    }
}

/// SQLite's integrity faults as the problem they show: an index that does not hold
/// what its table does (rebuilt to hide records, or a damaged file), naming the first
/// record it leaves out when SQLite says which.
fn integrity_problem(faults: &[String]) -> Problem {
    let seq = faults.iter().find_map(|f| {
        f.strip_prefix("row ")?
            .split_once(' ')?
            .0
            .parse::<u64>()
            .ok()
    });
    Problem {
        seq: seq.map(Seq),
        kind: ProblemKind::Edited,
        detail: format!(
            "every record's seal checks, but SQLite's integrity check fails: the file's index does not hold what its records do (rebuilt to leave records out, or the file is damaged), so a read through it would not show them all: {}",
            faults.join("; ")
        ),
    }
}

fn whole(kind: ProblemKind, detail: String) -> Option<Problem> {
    Some(Problem {
        seq: None,
        kind,
        detail,
    })
}

/// The checker for a log: its secret for the old scheme, else the key given (or the
/// anchor's, or the one it records). `Err` holds the problem that stops the check.
fn checker_for(
    conn: &rusqlite::Connection,
    path: &Path,
    format: u32,
    table_id: &str,
    trust: &Trust,
    report: &mut VerifyReport,
) -> Result<Result<Checker, Problem>, LogError> {
    let e = |err| db_err(path, err);
    let stop = |kind, detail: &str| {
        Ok(Err(Problem {
            seq: None,
            kind,
            detail: detail.to_string(),
        }))
    };
    if format == FORMAT_HMAC {
        report.scheme = Some(Scheme::Hmac);
        let Some(secret) = &trust.secret else {
            return stop(ProblemKind::WrongSecret, "the log is of the old HMAC scheme: give its secret (the data folder's `secret` file) to check it");
        };
        let key = keyed(secret)?;
        if meta(conn, "key_check").map_err(e)? != Some(key_check(&key)) {
            return stop(ProblemKind::WrongSecret, "the secret is not the one this log was written with (or the key check in the meta table was changed): nothing could be checked");
        }
        return Ok(Ok(Checker::Hmac(key)));
    }
    report.scheme = Some(Scheme::Signed);
    let logged: Option<PublicKey> = meta(conn, "public_key")
        .map_err(e)?
        .and_then(|k| k.parse().ok());
    let Some(logged) = logged else {
        return stop(
            ProblemKind::Unreadable,
            "the log records no public key that reads: give the table's public key",
        );
    };
    let anchor_key = trust.anchor.as_ref().and_then(SignedHead::public_key);
    let given = trust.public_key.or(anchor_key);
    report.key_given = given.is_some();
    let key = given.unwrap_or(logged);
    report.public_key = Some(key.to_string());
    if let (Some(k), Some(a)) = (trust.public_key, anchor_key) {
        if k != a {
            return Ok(Err(Problem {
                seq: None,
                kind: ProblemKind::WrongKey,
                detail: format!("the anchor is signed by key {a}, not the table's key given, {k}: it is another table's or not genuine"),
            }));
        }
    }
    if key != logged {
        return Ok(Err(Problem {
            seq: None,
            kind: ProblemKind::WrongKey,
            detail: format!("the log records key {logged}, not the table's key {key}: it was signed by another key (re-signed, or another table's log)"),
        }));
    }
    Ok(Ok(Checker::Signed {
        key,
        table_id: table_id.to_string(),
    }))
}

/// The checks of [`AuditLog::check_at`] on `conn`; the walk's findings once it ran.
fn verify_into(
    conn: &rusqlite::Connection,
    path: &Path,
    trust: &Trust,
    depth: Depth,
    report: &mut VerifyReport,
) -> Result<Option<Chain>, LogError> {
    let e = |err| db_err(path, err);
    let (table_id, format) = check_meta(conn, path, None)?;
    report.table_id = Some(table_id.clone());
    let checker = match checker_for(conn, path, format, &table_id, trust, report)? {
        Ok(c) => c,
        Err(p) => {
            report.problem = Some(p);
            return Ok(None);
        }
    };
    let head = read_head(conn).map_err(e)?;
    report.head = head
        .as_ref()
        .filter(|h| checker.head_valid(h))
        .map(|h| Seq(h.seq.unsigned_abs()));
    let mut stmt = conn
        .prepare("SELECT seq, kind, reason FROM dropped ORDER BY id")
        .map_err(e)?;
    report.dropped = stmt
        .query_map([], |r| {
            Ok(DroppedRecord {
                seq: Seq(r.get::<_, Option<i64>>(0)?.unwrap_or(0).unsigned_abs()),
                kind: String::from_utf8_lossy(&value_bytes(r.get_ref(1)?)).into_owned(),
                reason: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
            })
        })
        .and_then(|rows| rows.collect())
        .map_err(e)?;
    let (chain, fault) = walk(conn, &checker, &table_id, head.as_ref(), depth).map_err(e)?;
    report.records_checked = chain.records;
    report.last_good = (chain.last_seq > 0).then(|| Seq(chain.last_seq.unsigned_abs()));
    report.problem = fault.map(|f| f.problem);
    if report.problem.is_none() {
        let faults = integrity_faults(conn).map_err(e)?;
        report.problem = (!faults.is_empty()).then(|| integrity_problem(&faults));
    }
    if report.problem.is_none() && matches!(checker, Checker::Signed { .. }) {
        report.problem = dropped_fault(conn, &chain).map_err(e)?;
    }
    if report.problem.is_none() {
        if let Some(anchor) = &trust.anchor {
            report.problem = anchor_fault(conn, &table_id, &chain, anchor).map_err(e)?;
            if report.problem.is_none() {
                report.anchored = Some(anchor.seq);
            }
        }
    }
    Ok(Some(chain))
}

/// What an anchor says of a log whose chain checks: cut back behind it, or forked
/// before it.
fn anchor_fault(
    conn: &rusqlite::Connection,
    table_id: &str,
    chain: &Chain,
    anchor: &SignedHead,
) -> rusqlite::Result<Option<Problem>> {
    if !anchor.is_signed() {
        return Ok(whole(
            ProblemKind::Unreadable,
            "the anchor's signature does not check: it was changed, or is not a head this program printed".to_string(),
        ));
    }
    if anchor.table_id != table_id {
        return Ok(whole(
            ProblemKind::WrongKey,
            format!(
                "the anchor is a head of table `{}`, the log is table `{table_id}`'s",
                anchor.table_id
            ),
        ));
    }
    let Ok(seq) = i64::try_from(anchor.seq.0) else {
        return Ok(whole(
            ProblemKind::Unreadable,
            "the anchor's record number is out of range".to_string(),
        ));
    };
    if seq > chain.last_seq {
        let missing = if seq == chain.last_seq + 1 {
            format!("record {seq} was removed")
        } else {
            format!("records {}..={seq} were removed", chain.last_seq + 1)
        };
        return Ok(Some(problem(
            chain.last_seq + 1,
            ProblemKind::Truncated,
            format!(
                "the log ends at record {} but the anchor, signed by the table, vouches for record {seq}: {missing} (the file, its WAL or its head rolled back)",
                chain.last_seq
            ),
        )));
    }
    let stored = if seq == 0 {
        Some([0u8; 32])
    } else {
        row_at(conn, seq)?.map(|r| Checker::link(&r.mac))
    };
    if stored.is_none() || stored != anchor.hash_bytes() {
        return Ok(Some(problem(
            seq,
            ProblemKind::Forked,
            "it is not the record the anchor vouches for: the log was rewritten up to it and re-signed".to_string(),
        )));
    }
    Ok(None)
}
