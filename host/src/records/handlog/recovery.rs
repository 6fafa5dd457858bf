//! Opening the log: every record checked, a torn last record set aside, and what the
//! table needs to resume ([`Recovered`]); [`rebuild_table`] replays it into a table.

use super::append::HandLog;
use super::chain::{head_tag, head_valid, key_check, keyed, HmacSha256};
use super::error::{db_err, LogError};
use super::input::encode_input;
use super::record::Record;
use super::storage::{check_meta, has_meta, init, meta, open_rw, quick_check, read_head, RawRow};
use super::verify::ProblemKind;
use super::walk::{walk, Chain};
use super::{Seq, FILE_NAME};
use firmware::{Input, Table, TableConfig};
use rusqlite::{params, Connection, TransactionBehavior};
use serde::Serialize;
use std::path::Path;

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

/// Moves a torn last record to `dropped` and points the head at the record before it.
fn set_aside(
    conn: &mut Connection,
    key: &HmacSha256,
    row: &RawRow,
    reason: &str,
    chain: &Chain,
) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute(
        "INSERT INTO dropped (seq, ts, kind, payload, hand, mac, reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![row.seq, row.ts, row.kind, row.payload, row.hand, row.mac, reason],
    )?;
    tx.execute("DELETE FROM records WHERE seq = ?1", [row.seq])?;
    tx.execute(
        "UPDATE head SET seq = ?1, mac = ?2, tag = ?3 WHERE id = 1",
        params![
            chain.last_seq,
            &chain.last_mac[..],
            &head_tag(key, chain.last_seq, &chain.last_mac)[..]
        ],
    )?;
    tx.commit()
}

impl HandLog {
    /// Opens the hand log of table `table_id` in the data folder `dir` (created if
    /// missing), checks every record, and gives back what the table needs to resume.
    ///
    /// A new log is empty: append [`Record::Config`] before the first input. A torn
    /// last record is set aside and reported in [`Recovered::dropped`]. A log changed
    /// outside the controller, another table's log, a wrong secret or a damaged file
    /// are errors: the table must not deal until the floor has resolved them.
    pub fn open(
        dir: impl AsRef<Path>,
        table_id: &str,
        secret: &[u8],
    ) -> Result<(HandLog, Recovered), LogError> {
        let key = keyed(secret)?;
        if table_id.trim().is_empty() {
            return Err(LogError::NoTableId);
        }
        let dir = dir.as_ref();
        std::fs::create_dir_all(dir).map_err(|e| LogError::Open {
            path: dir.to_path_buf(),
            detail: e.to_string(),
        })?;
        let path = dir.join(FILE_NAME);
        let e = |err| db_err(&path, err);
        let mut conn = open_rw(&path)?;
        // Leave a file that is not ours as it is.
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
        if created {
            init(&mut conn, table_id, &key).map_err(e)?;
        }
        check_meta(&conn, &path, Some(table_id))?;
        if meta(&conn, "key_check").map_err(e)? != Some(key_check(&key)) {
            return Err(LogError::WrongSecret { path });
        }
        quick_check(&conn, &path)?;
        let head = read_head(&conn).map_err(e)?;
        let (chain, fault) = walk(&conn, &key, table_id, head.as_ref()).map_err(e)?;
        let mut dropped = None;
        if let Some(fault) = fault {
            let problem = fault.problem;
            match (problem.kind, fault.torn) {
                (ProblemKind::Torn, Some(row))
                    if head.as_ref().is_some_and(|h| {
                        head_valid(&key, h) && (h.seq == row.seq || h.seq == row.seq - 1)
                    }) =>
                {
                    set_aside(&mut conn, &key, &row, &problem.detail, &chain).map_err(e)?;
                    dropped = Some(DroppedRecord {
                        seq: problem.seq.unwrap_or(Seq(0)),
                        kind: String::from_utf8_lossy(&row.kind).into_owned(),
                        reason: problem.detail,
                    });
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
        let config = chain.config;
        let mut log = HandLog {
            conn,
            path,
            key,
            table_id: table_id.to_string(),
            last_seq: chain.last_seq,
            last_mac: chain.last_mac,
            last_ts: chain.last_ts,
            tracker: chain.tracker,
            has_config: config.is_some(),
        };
        if let Some(d) = &dropped {
            let text = format!(
                "recovery: record {} ({}) was incomplete and was set aside ({}); its bytes are kept in the dropped table",
                d.seq.0, d.kind, d.reason
            );
            let at = u64::try_from(log.last_ts).unwrap_or(0);
            log.append(at, Record::Note { text })?;
        }
        let recovered = Recovered {
            table_id: log.table_id.clone(),
            created,
            config,
            inputs: chain.inputs,
            records: u64::try_from(log.last_seq).unwrap_or(0),
            last: (log.last_seq > 0).then(|| Seq(log.last_seq.unsigned_abs())),
            hand_in_progress: log.tracker.current,
            dropped,
        };
        Ok((log, recovered))
    }
}

/// Rebuilds the table the log describes: a new table with the logged settings, then
/// every accepted input in order. The result equals the table that was running.
pub fn rebuild_table(recovered: &Recovered) -> Result<Table, LogError> {
    let cfg = recovered.config.ok_or(LogError::NoConfig)?;
    let mut t = Table::new(cfg).map_err(|e| LogError::BadConfig {
        detail: e.to_string(),
    })?;
    for (index, input) in recovered.inputs.iter().enumerate() {
        t.handle(*input).map_err(|error| LogError::Replay {
            index,
            input: encode_input(input),
            error,
        })?;
    }
    Ok(t)
}
