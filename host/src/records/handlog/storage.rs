//! The SQLite file: its schema, its rows read as bytes, the `meta` table's checks,
//! and opening it for writing, for reading only, or new.

#[cfg(test)]
use super::chain::{head_tag, key_check, HmacSha256};
use super::chain::{seal, ZERO_MAC};
use super::error::{db_err, LogError};
use super::keys::TableKey;
use super::{FORMAT_HMAC, FORMAT_VERSION};
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

/// Checks the file's format, and its table id against `expected` if given; gives the
/// table id and the format.
pub(super) fn check_meta(
    conn: &Connection,
    path: &Path,
    expected: Option<&str>,
) -> Result<(String, u32), LogError> {
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
        .ok()
        .filter(|f| *f >= FORMAT_HMAC)
        .ok_or_else(|| corrupt("the format version does not read"))?;
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
    Ok((table_id, found))
}

/// SQLite's own check of the file's structure, before any record is trusted (opening
/// the table). It does not compare an index with its table: see [`integrity_faults`].
pub(super) fn quick_check(conn: &Connection, path: &Path) -> Result<(), LogError> {
    let lines = sqlite_check(conn, "quick_check").map_err(|e| db_err(path, e))?;
    if lines.is_empty() {
        Ok(())
    } else {
        Err(LogError::Corrupt {
            path: path.to_path_buf(),
            detail: format!("SQLite's check fails: {}", lines.join("; ")),
        })
    }
}

/// The most faults SQLite's integrity check reports (its own default is 100): the
/// first few name what was done, the rest would only make the line longer.
const INTEGRITY_FAULTS: u32 = 10;

/// What SQLite's full integrity check finds, empty when nothing: besides the file's
/// structure (what [`quick_check`] covers), every index is compared with its table
/// row by row. An audit runs it because an index can be rebuilt to leave a record
/// out (its original SQL put back with `writable_schema`), which `quick_check`
/// does not see and a query through the index would then hide. Its cost beside
/// `quick_check`, measured on a log of 129,328 records (37 MB): 0.06 s against
/// 0.03 s.
pub(super) fn integrity_faults(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    sqlite_check(conn, &format!("integrity_check({INTEGRITY_FAULTS})"))
}

/// The lines a check pragma gives, without its lone `ok`.
fn sqlite_check(conn: &Connection, pragma: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare(&format!("PRAGMA {pragma}"))?;
    let lines: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(if lines.len() == 1 && lines[0] == "ok" {
        Vec::new()
    } else {
        lines
    })
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

/// A log opened read-only ([`open_evidence`], [`open_ro`]): the connection, and the
/// private copy it reads when evidence had a write-ahead log.
#[derive(Debug)]
pub(super) struct ReadOnly {
    conn: Connection,
    _copy: Option<tempfile::TempDir>,
}

impl ReadOnly {
    pub(super) fn conn(&self) -> &Connection {
        &self.conn
    }
}

/// Opens an existing file as evidence, changing nothing next to it: no `-wal` or `-shm`
/// file is made and no byte written, and a read-only copy or mount serves. Without a
/// write-ahead log the file is opened immutable; with one (the last commits of a table
/// that stopped without a checkpoint), the file and its WAL are first copied into a
/// private temporary folder and the copy is read, so those commits are seen.
pub(super) fn open_evidence(path: &Path) -> Result<ReadOnly, LogError> {
    let open_err = |detail: String| LogError::Open {
        path: path.to_path_buf(),
        detail,
    };
    if !path.is_file() {
        return Err(open_err("there is no hand log here".to_string()));
    }
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let wal = std::path::PathBuf::from(wal);
    let has_wal = std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0);
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let (conn, copy) = if has_wal {
        let dir = tempfile::TempDir::new()
            .map_err(|e| open_err(format!("cannot make a temporary copy: {e}")))?;
        let copy = dir.path().join(super::FILE_NAME);
        let mut copy_wal = copy.as_os_str().to_owned();
        copy_wal.push("-wal");
        std::fs::copy(path, &copy)
            .and_then(|_| std::fs::copy(&wal, &copy_wal))
            .map_err(|e| open_err(format!("cannot make a temporary copy: {e}")))?;
        let conn = Connection::open_with_flags(
            &copy,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| db_err(path, e))?;
        (conn, Some(dir))
    } else {
        let uri = format!("file:{}?mode=ro&immutable=1", uri_path(path));
        let conn = Connection::open_with_flags(uri, flags).map_err(|e| db_err(path, e))?;
        (conn, None)
    };
    Ok(ReadOnly { conn, _copy: copy })
}

/// `path` for a SQLite URI: absolute, with `%`, `?` and `#` escaped.
fn uri_path(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = String::new();
    for c in abs.to_string_lossy().chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            c => out.push(c),
        }
    }
    out
}

/// Opens an existing file read-only beside the running table (the floor's queries):
/// SQLite may create the `-shm` file a reader of a live log needs.
pub(super) fn open_ro(path: &Path) -> Result<ReadOnly, LogError> {
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
    Ok(ReadOnly { conn, _copy: None })
}

/// Writes the schema, the `meta` values (the public key the log is signed with) and
/// the signed empty head into a new file, in one transaction.
pub(super) fn init(conn: &mut Connection, table_id: &str, key: &TableKey) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(SCHEMA)?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('format', ?1), ('table_id', ?2), ('public_key', ?3)",
        params![
            FORMAT_VERSION.to_string(),
            table_id,
            key.public().to_string()
        ],
    )?;
    let sealed = seal(key, table_id, 0, &ZERO_MAC);
    tx.execute(
        "INSERT INTO head (id, seq, mac, tag) VALUES (1, 0, ?1, ?2)",
        params![&sealed[..32], &sealed[32..]],
    )?;
    tx.commit()
}

/// [`init`] for a log of the old scheme (format 1, HMAC), which this program no longer
/// writes: for the tests that check such logs still verify.
#[cfg(test)]
pub(super) fn init_hmac(
    conn: &mut Connection,
    table_id: &str,
    key: &HmacSha256,
) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(SCHEMA)?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('format', ?1), ('table_id', ?2), ('key_check', ?3)",
        params![FORMAT_HMAC.to_string(), table_id, key_check(key)],
    )?;
    tx.execute(
        "INSERT INTO head (id, seq, mac, tag) VALUES (1, 0, ?1, ?2)",
        params![&ZERO_MAC[..], &head_tag(key, 0, &ZERO_MAC)[..]],
    )?;
    tx.commit()
}

/// The digest of a `dropped` row from its columns (`id, seq, ts, kind, payload, hand,
/// mac, reason`), each with its type, so no two rows share one. Recovery writes it in
/// its note; verify recomputes it for every row of the table.
pub(super) fn dropped_digest(columns: &[ValueRef<'_>]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"tablectl set-aside v2\0");
    for v in columns {
        let (tag, bytes): (u8, Vec<u8>) = match v {
            ValueRef::Null => (0, Vec::new()),
            ValueRef::Integer(i) => (1, i.to_be_bytes().to_vec()),
            ValueRef::Real(r) => (2, r.to_be_bytes().to_vec()),
            ValueRef::Text(b) => (3, b.to_vec()),
            ValueRef::Blob(b) => (4, b.to_vec()),
        };
        h.update([tag]);
        h.update((bytes.len() as u64).to_be_bytes());
        h.update(&bytes);
    }
    super::chain::hex(&h.finalize())
}

/// The columns of `dropped`, in the order [`dropped_digest`] takes them.
const DROPPED_COLUMNS: &str = "id, seq, ts, kind, payload, hand, mac, reason";

/// Every `dropped` row's id and digest, in order.
pub(super) fn dropped_digests(conn: &Connection) -> rusqlite::Result<Vec<(i64, String)>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {DROPPED_COLUMNS} FROM dropped ORDER BY id"
    ))?;
    let rows = stmt.query_map([], |r| {
        let mut cols = Vec::with_capacity(8);
        for i in 0..8 {
            cols.push(r.get_ref(i)?);
        }
        Ok((r.get::<_, i64>(0).unwrap_or(0), dropped_digest(&cols)))
    })?;
    rows.collect()
}

/// Puts a torn row into `dropped` as row `id`, in the caller's transaction.
pub(super) fn insert_dropped(
    tx: &Connection,
    id: i64,
    row: &RawRow,
    reason: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        &format!("INSERT INTO dropped ({DROPPED_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
        params![
            id,
            row.seq,
            row.ts,
            row.kind,
            row.payload,
            row.hand,
            row.mac,
            reason
        ],
    )?;
    Ok(())
}

/// The digest of the row [`insert_dropped`] writes.
pub(super) fn torn_digest(id: i64, row: &RawRow, reason: &str) -> String {
    dropped_digest(&[
        ValueRef::Integer(id),
        ValueRef::Integer(row.seq),
        ValueRef::Integer(row.ts),
        ValueRef::Blob(&row.kind),
        ValueRef::Blob(&row.payload),
        row.hand.map_or(ValueRef::Null, ValueRef::Integer),
        ValueRef::Blob(&row.mac),
        ValueRef::Text(reason.as_bytes()),
    ])
}
