//! The SQLite file: its schema, its rows read as bytes, the `meta` table's checks,
//! and opening it for writing, for reading only, or new.

use super::chain::{head_tag, key_check, HmacSha256, ZERO_MAC};
use super::error::{db_err, LogError};
use super::FORMAT_VERSION;
use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use std::path::Path;
use std::time::Duration;

/// How long a write waits for a reader's lock before reporting the log busy.
const BUSY_TIMEOUT: Duration = Duration::from_secs(2);

/// The four tables (module docs of `handlog`). `dropped` alone is not `STRICT`: a torn
/// row set aside there keeps its bytes whatever their type.
const SCHEMA: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE records (
    seq INTEGER PRIMARY KEY,
    ts INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    hand INTEGER,
    mac BLOB NOT NULL
) STRICT;
CREATE INDEX records_by_hand ON records (hand) WHERE hand IS NOT NULL;
CREATE TABLE head (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL,
    mac BLOB NOT NULL,
    tag BLOB NOT NULL
) STRICT;
CREATE TABLE dropped (
    id INTEGER PRIMARY KEY,
    seq INTEGER,
    ts INTEGER,
    kind BLOB,
    payload BLOB,
    hand INTEGER,
    mac BLOB,
    reason TEXT NOT NULL
);
";

/// A row as stored, read as bytes so damaged text still reads.
#[derive(Clone, Debug)]
pub(super) struct RawRow {
    pub(super) seq: i64,
    pub(super) ts: i64,
    pub(super) kind: Vec<u8>,
    pub(super) payload: Vec<u8>,
    pub(super) hand: Option<i64>,
    pub(super) mac: Vec<u8>,
}

/// The columns of `records`, in the order [`raw_row`] reads them.
pub(super) const ROW_COLUMNS: &str = "seq, ts, kind, payload, hand, mac";

/// A column's bytes whatever its type: an edited row may hold anything.
pub(super) fn value_bytes(v: ValueRef<'_>) -> Vec<u8> {
    match v {
        ValueRef::Text(b) | ValueRef::Blob(b) => b.to_vec(),
        ValueRef::Integer(i) => i.to_string().into_bytes(),
        ValueRef::Real(r) => r.to_string().into_bytes(),
        ValueRef::Null => Vec::new(),
    }
}

/// A row of `records` selected as [`ROW_COLUMNS`].
pub(super) fn raw_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    Ok(RawRow {
        seq: r.get(0)?,
        ts: r.get(1)?,
        kind: value_bytes(r.get_ref(2)?),
        payload: value_bytes(r.get_ref(3)?),
        hand: r.get(4)?,
        mac: value_bytes(r.get_ref(5)?),
    })
}

/// The record numbered `seq`, if there is one.
pub(super) fn row_at(conn: &Connection, seq: i64) -> rusqlite::Result<Option<RawRow>> {
    conn.query_row(
        &format!("SELECT {ROW_COLUMNS} FROM records WHERE seq = ?1"),
        [seq],
        raw_row,
    )
    .optional()
}

/// The `head` row: the last record's number and MAC, and the tag that vouches for them.
#[derive(Clone, Debug)]
pub(super) struct HeadRow {
    pub(super) seq: i64,
    pub(super) mac: Vec<u8>,
    pub(super) tag: Vec<u8>,
}

/// The `head` row, if it is there.
pub(super) fn read_head(conn: &Connection) -> rusqlite::Result<Option<HeadRow>> {
    conn.query_row("SELECT seq, mac, tag FROM head WHERE id = 1", [], |r| {
        Ok(HeadRow {
            seq: r.get(0)?,
            mac: value_bytes(r.get_ref(1)?),
            tag: value_bytes(r.get_ref(2)?),
        })
    })
    .optional()
}

/// A value of the `meta` table.
pub(super) fn meta(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()
}

/// Whether the file holds a hand log, an empty database (new), or something else.
pub(super) fn has_meta(conn: &Connection) -> rusqlite::Result<Option<bool>> {
    let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
    if objects == 0 {
        return Ok(None);
    }
    let meta: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('meta', 'records', 'head')",
        [],
        |r| r.get(0),
    )?;
    Ok(Some(meta == 3))
}

/// Checks the file's format, and its table id against `expected` if given.
pub(super) fn check_meta(
    conn: &Connection,
    path: &Path,
    expected: Option<&str>,
) -> Result<String, LogError> {
    let e = |err| db_err(path, err);
    let corrupt = |detail: &str| LogError::Corrupt {
        path: path.to_path_buf(),
        detail: detail.to_string(),
    };
    match has_meta(conn).map_err(e)? {
        Some(true) => {}
        None => return Err(corrupt("the file is empty: it holds no hand log")),
        Some(false) => return Err(corrupt("the file is a database but not a hand log")),
    }
    let format = meta(conn, "format")
        .map_err(e)?
        .ok_or_else(|| corrupt("the format version is missing"))?;
    let found: u32 = format
        .parse()
        .map_err(|_| corrupt("the format version does not read"))?;
    if found > FORMAT_VERSION {
        return Err(LogError::NewerFormat {
            path: path.to_path_buf(),
            found,
        });
    }
    let table_id = meta(conn, "table_id")
        .map_err(e)?
        .ok_or_else(|| corrupt("the table id is missing"))?;
    if let Some(want) = expected {
        if want != table_id {
            return Err(LogError::OtherTable {
                path: path.to_path_buf(),
                expected: want.to_string(),
                found: table_id,
            });
        }
    }
    Ok(table_id)
}

/// SQLite's own check of the file's structure, before any record is trusted.
pub(super) fn quick_check(conn: &Connection, path: &Path) -> Result<(), LogError> {
    let mut stmt = conn
        .prepare("PRAGMA quick_check")
        .map_err(|e| db_err(path, e))?;
    let lines: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| db_err(path, e))?;
    if lines.len() == 1 && lines[0] == "ok" {
        Ok(())
    } else {
        Err(LogError::Corrupt {
            path: path.to_path_buf(),
            detail: format!("SQLite's check fails: {}", lines.join("; ")),
        })
    }
}

/// Opens (or creates) the file for the one writer.
pub(super) fn open_rw(path: &Path) -> Result<Connection, LogError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| db_err(path, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| db_err(path, e))?;
    Ok(conn)
}

/// Opens an existing file read-only, for verify and the floor's queries beside the
/// running table.
pub(super) fn open_ro(path: &Path) -> Result<Connection, LogError> {
    if !path.is_file() {
        return Err(LogError::Open {
            path: path.to_path_buf(),
            detail: "there is no hand log here".to_string(),
        });
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| db_err(path, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| db_err(path, e))?;
    Ok(conn)
}

/// Writes the schema, the `meta` values and an empty head into a new file, in one
/// transaction.
pub(super) fn init(
    conn: &mut Connection,
    table_id: &str,
    key: &HmacSha256,
) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(SCHEMA)?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('format', ?1), ('table_id', ?2), ('key_check', ?3)",
        params![FORMAT_VERSION.to_string(), table_id, key_check(key)],
    )?;
    tx.execute(
        "INSERT INTO head (id, seq, mac, tag) VALUES (1, 0, ?1, ?2)",
        params![&ZERO_MAC[..], &head_tag(key, 0, &ZERO_MAC)[..]],
    )?;
    tx.commit()
}
