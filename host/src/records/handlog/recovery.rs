//! Opening the log: every record checked, a torn last record set aside, and what the
//! table needs to resume ([`Recovered`]); [`rebuild_table`] replays it into a table.

use super::append::{HandLog, Sealer};
use super::chain::Checker;
use super::error::{db_err, LogError};
use super::keys::TableKey;
use super::rebuild::Rebuild;
use super::record::Record;
use super::storage::{
    check_meta, dropped_digests, has_meta, init, insert_dropped, meta, open_rw, quick_check,
    read_head, torn_digest, RawRow,
};
use super::tracker::HandTracker;
use super::verify::{Problem, ProblemKind};
use super::walk::{walk, Chain, Depth};
use super::{Seq, FILE_NAME, FORMAT_HMAC};
use firmware::{Input, Table, TableConfig};
use rusqlite::Connection;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What [`HandLog::open`] found: the configuration and the inputs to rebuild the table
/// with ([`rebuild_table`]), and what recovery had to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// The table's id, as the log records it.
    pub table_id: String,
    /// The log was created by this open: write the configuration first.
    pub created: bool,
    /// The table's settings, if the log has them.
    pub config: Option<TableConfig>,
    /// Every input the engine accepted, in order (UNDO and MISDEAL included).
    pub inputs: Vec<Input>,
    /// Records in the log (all kinds), after recovery.
    pub records: u64,
    /// The last record, if any.
    pub last: Option<Seq>,
    /// The hand in progress when the log stopped, if one was.
    pub hand_in_progress: Option<u32>,
    /// A torn last record that was set aside (kept in the `dropped` table and noted).
    pub dropped: Option<DroppedRecord>,
}

/// A record set aside by recovery.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DroppedRecord {
    /// The number it was written with (a later record now has it).
    pub seq: Seq,
    /// Its kind, as stored.
    pub kind: String,
    /// Why it was set aside.
    pub reason: String,
}

impl HandLog {
    /// Opens the hand log of table `table_id` in the data folder `dir` (created if
    /// missing, and then signed with `key`), checks every record, and gives back what
    /// the table needs to resume.
    ///
    /// A new log is empty: append [`Record::Config`] before the first input. A torn
    /// last record is set aside and reported in [`Recovered::dropped`]. A log changed
    /// outside the controller, another table's log, a log signed with another key or
    /// under the old HMAC scheme, or a damaged file are errors, reported before
    /// anything is written: the table must not deal until the floor has resolved them.
    pub fn open(
        dir: impl AsRef<Path>,
        table_id: &str,
        key: &TableKey,
    ) -> Result<(HandLog, Recovered), LogError> {
        if table_id.trim().is_empty() {
            return Err(LogError::NoTableId);
        }
        let (conn, path, created) = open_for_append(dir.as_ref())?;
        let e = |err| db_err(&path, err);
        let mut conn = conn;
        if created {
            init(&mut conn, table_id, key).map_err(e)?;
        }
        let (_, format) = check_meta(&conn, &path, Some(table_id))?;
        if format == FORMAT_HMAC {
            return Err(LogError::OldScheme { path });
        }
        let logged = meta(&conn, "public_key").map_err(e)?;
        if logged.as_deref() != Some(&key.public().to_string()) {
            return Err(LogError::WrongKey {
                path,
                logged: logged.unwrap_or_else(|| "no key".to_string()),
            });
        }
        let checker = Checker::Signed {
            key: key.public(),
            table_id: table_id.to_string(),
        };
        let log = HandLog::at_start(conn, path, Sealer::Signed(key.clone()), table_id);
        recover(log, &checker, created)
    }

    /// A new log of the old scheme (HMAC under `secret`), which this program no longer
    /// writes: for the tests that check such logs still verify and report the scheme.
    #[cfg(test)]
    pub(super) fn create_hmac(
        dir: &Path,
        table_id: &str,
        secret: &[u8],
    ) -> Result<HandLog, LogError> {
        let key = super::chain::keyed(secret)?;
        let (mut conn, path, created) = open_for_append(dir)?;
        assert!(created, "create_hmac makes new logs only");
        super::storage::init_hmac(&mut conn, table_id, &key).map_err(|err| db_err(&path, err))?;
        Ok(HandLog::at_start(conn, path, Sealer::Hmac(key), table_id))
    }

    /// The log on `conn` before its records are read: [`recover`] moves it to its end.
    fn at_start(conn: Connection, path: PathBuf, sealer: Sealer, table_id: &str) -> HandLog {
        HandLog {
            conn,
            path,
            sealer,
            table_id: table_id.to_string(),
            last_seq: 0,
            last_mac: [0; 32],
            last_tag: Vec::new(),
            last_ts: 0,
            tracker: HandTracker::default(),
            has_config: false,
        }
    }
}

/// Opens (or creates) the file for appending in WAL mode with `synchronous=FULL`, and
/// says whether it is new. A file that is not a hand log is left as it is.
fn open_for_append(dir: &Path) -> Result<(Connection, PathBuf, bool), LogError> {
    // Private from the start: 0700 folder, 0600 log (and so its WAL and SHM).
    super::modes::private_folder(dir)?;
    let path = dir.join(FILE_NAME);
    super::modes::private_log(&path)?;
    let e = |err| db_err(&path, err);
    let conn = open_rw(&path)?;
    let created = match has_meta(&conn).map_err(e)? {
        None => true,
        Some(true) => false,
        Some(false) => {
            return Err(LogError::Corrupt {
                path,
                detail: "the file is a database but not a hand log".to_string(),
            })
        }
    };
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(e)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(LogError::Open {
            path,
            detail: format!("the file system does not allow SQLite's WAL mode (got `{mode}`)"),
        });
    }
    // See the module docs: every commit reaches storage before append returns.
    conn.pragma_update(None, "synchronous", "FULL").map_err(e)?;
    Ok((conn, path, created))
}

/// The set-aside rows the chain does not vouch for, or vouched rows that are gone: the
/// first such problem.
pub(super) fn dropped_fault(conn: &Connection, chain: &Chain) -> rusqlite::Result<Option<Problem>> {
    let rows = dropped_digests(conn)?;
    for (i, (id, digest)) in rows.iter().enumerate() {
        if chain.set_aside.get(i) != Some(digest) {
            return Ok(Some(Problem {
                seq: None,
                kind: ProblemKind::Inserted,
                detail: format!(
                    "row {id} of the set-aside (dropped) table was not put there by recovery, or was changed"
                ),
            }));
        }
    }
    if chain.set_aside.len() > rows.len() {
        return Ok(Some(Problem {
            seq: None,
            kind: ProblemKind::Deleted,
            detail: format!(
                "the log set {} record(s) aside but the set-aside (dropped) table holds {}: rows were removed",
                chain.set_aside.len(),
                rows.len()
            ),
        }));
    }
    Ok(None)
}

/// Checks the chain of an open log, sets a torn last record aside, and gives back what
/// the table needs.
fn recover(
    mut log: HandLog,
    checker: &Checker,
    created: bool,
) -> Result<(HandLog, Recovered), LogError> {
    let path = log.path.clone();
    let e = |err| db_err(&path, err);
    quick_check(&log.conn, &path)?;
    let head = read_head(&log.conn).map_err(e)?;
    let (chain, fault) = walk(
        &log.conn,
        checker,
        &log.table_id,
        head.as_ref(),
        Depth::Last,
    )
    .map_err(e)?;
    let mut torn = None;
    if let Some(fault) = fault {
        let problem = fault.problem;
        match (problem.kind, fault.torn) {
            (ProblemKind::Torn, Some(row))
                if head.as_ref().is_some_and(|h| {
                    checker.head_valid(h) && (h.seq == row.seq || h.seq == row.seq - 1)
                }) =>
            {
                torn = Some((row, problem));
            }
            (ProblemKind::Unreadable, _) => {
                return Err(LogError::Corrupt {
                    path,
                    detail: problem.to_string(),
                })
            }
            _ => return Err(LogError::Tampered { path, problem }),
        }
    }
    if let Some(problem) = dropped_fault(&log.conn, &chain).map_err(e)? {
        return Err(LogError::Tampered { path, problem });
    }
    log.last_seq = chain.last_seq;
    log.last_mac = chain.last_mac;
    log.last_tag = head
        .as_ref()
        .filter(|h| h.seq == chain.last_seq)
        .map(|h| h.tag.clone())
        .unwrap_or_default();
    log.last_ts = chain.last_ts;
    log.tracker = chain.tracker;
    log.has_config = chain.config.is_some();
    let mut dropped = None;
    if let Some((row, problem)) = torn {
        let d = DroppedRecord {
            seq: problem.seq.unwrap_or(Seq(0)),
            kind: String::from_utf8_lossy(&row.kind).into_owned(),
            reason: problem.detail,
        };
        set_aside(&mut log, &row, &d)?;
        dropped = Some(d);
    }
    let recovered = Recovered {
        table_id: log.table_id.clone(),
        created,
        config: chain.config,
        inputs: chain.inputs,
        records: u64::try_from(log.last_seq).unwrap_or(0),
        last: (log.last_seq > 0).then(|| Seq(log.last_seq.unsigned_abs())),
        hand_in_progress: log.tracker.current,
        dropped,
    };
    Ok((log, recovered))
}

/// Moves a torn last record to `dropped` and writes recovery's note in its place, in
/// one transaction: the note carries the set-aside row's digest, so the chain vouches
/// for it.
fn set_aside(log: &mut HandLog, row: &RawRow, d: &DroppedRecord) -> Result<(), LogError> {
    let path = log.path.clone();
    let id: i64 = log
        .conn
        .query_row("SELECT coalesce(max(id), 0) + 1 FROM dropped", [], |r| {
            r.get(0)
        })
        .map_err(|err| db_err(&path, err))?;
    let text = format!(
        "recovery: record {} ({}) was incomplete and was set aside ({}); its bytes are kept in the dropped table",
        d.seq.0, d.kind, d.reason
    );
    let digest = torn_digest(id, row, &d.reason);
    let at = crate::records::time::WallTime::from_bigint(log.last_ts);
    let last = log.last_seq;
    log.append_with(at, Record::SetAside { text, digest }, |tx| {
        insert_dropped(tx, id, row, &d.reason)?;
        tx.execute("DELETE FROM records WHERE seq = ?1", [row.seq])?;
        // The head may vouch for the torn record: point it back at the last good one,
        // which the note's write then moves on from.
        tx.execute("UPDATE head SET seq = ?1 WHERE id = 1", [last])?;
        Ok(())
    })?;
    Ok(())
}

/// Rebuilds the table the log describes: a new table with the logged settings, then
/// every accepted input in order. The result equals the table that was running.
pub fn rebuild_table(recovered: &Recovered) -> Result<Table, LogError> {
    let cfg = recovered.config.ok_or(LogError::NoConfig)?;
    let mut rebuild = Rebuild::configured(cfg)?;
    for input in &recovered.inputs {
        rebuild.input(*input)?;
    }
    rebuild.into_table().ok_or(LogError::NoConfig)
}
