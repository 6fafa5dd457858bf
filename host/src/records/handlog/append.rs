//! The log open for appending: one record a transaction, committed and synced before
//! [`HandLog::append`] returns, and the accessors for what the log follows.

use super::audit::{list_hands, timeline, HandFilter, HandSummary, TimelineEntry};
use super::chain::{head_tag, hex, record_mac, HmacSha256};
use super::error::{db_err, LogError};
use super::record::{encode, Record, KIND_CONFIG};
use super::tracker::HandTracker;
use super::Seq;
use rusqlite::{params, Connection, ErrorCode, TransactionBehavior};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The table's hand log, open for appending. One per table; only one program may
/// append at a time (a second one is refused with [`LogError::ConcurrentWriter`]).
#[derive(Debug)]
pub struct HandLog {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    pub(super) key: HmacSha256,
    pub(super) table_id: String,
    pub(super) last_seq: i64,
    pub(super) last_mac: [u8; 32],
    pub(super) last_ts: i64,
    pub(super) tracker: HandTracker,
    pub(super) has_config: bool,
}

/// The last record's number and MAC: copy them outside the table from time to time
/// (the floor server, a printed slip), so a rollback of the whole file shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Head {
    /// The last record (0 when the log is empty).
    pub seq: Seq,
    /// Its MAC, in hex.
    pub mac: String,
}

impl HandLog {
    /// Writes one record, stamped `at_ms` (ms since the epoch, from the caller), and
    /// returns its number once the transaction is committed and synced. On any error
    /// nothing was written and the log stays usable; the input must not be
    /// acknowledged.
    pub fn append(&mut self, at_ms: u64, record: Record) -> Result<Seq, LogError> {
        let ts = i64::try_from(at_ms).map_err(|_| LogError::Timestamp { at_ms })?;
        match (&record, self.has_config) {
            (Record::Config { .. }, true) => return Err(LogError::ConfigAlreadyWritten),
            (Record::Input { .. } | Record::Refused { .. }, false) => {
                return Err(LogError::NoConfig)
            }
            _ => {}
        }
        let (kind, payload, parsed) = encode(&record, &self.table_id)?;
        let seq = self.last_seq + 1;
        let mut tracker = self.tracker.clone();
        let hand = tracker.place(&parsed);
        let mac = record_mac(
            &self.key,
            &self.last_mac,
            seq,
            ts,
            kind.as_bytes(),
            payload.as_bytes(),
        );
        let tag = head_tag(&self.key, seq, &mac);
        let path = &self.path;
        let e = |err| db_err(path, err);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        tx.prepare_cached(
            "INSERT INTO records (seq, ts, kind, payload, hand, mac) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .and_then(|mut s| s.execute(params![seq, ts, kind, payload, hand, &mac[..]]))
        .map_err(|err| match err.sqlite_error_code() {
            Some(ErrorCode::ConstraintViolation) => LogError::ConcurrentWriter {
                path: path.clone(),
            },
            _ => e(err),
        })?;
        let moved = tx
            .prepare_cached(
                "UPDATE head SET seq = ?1, mac = ?2, tag = ?3 WHERE id = 1 AND seq = ?4",
            )
            .and_then(|mut s| s.execute(params![seq, &mac[..], &tag[..], self.last_seq]))
            .map_err(e)?;
        if moved != 1 {
            return Err(LogError::ConcurrentWriter { path: path.clone() });
        }
        tx.commit().map_err(e)?;
        self.last_seq = seq;
        self.last_mac = mac;
        self.last_ts = ts;
        self.tracker = tracker;
        if kind == KIND_CONFIG {
            self.has_config = true;
        }
        Ok(Seq(seq.unsigned_abs()))
    }

    /// The last record's number and MAC, to keep outside the table.
    pub fn head(&self) -> Head {
        Head {
            seq: Seq(self.last_seq.unsigned_abs()),
            mac: hex(&self.last_mac),
        }
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The table's id.
    pub fn table_id(&self) -> &str {
        &self.table_id
    }

    /// The hand in progress, as the log follows it.
    pub fn hand_in_progress(&self) -> Option<u32> {
        self.tracker.current
    }

    /// The hands in the log that pass `filter`, by number.
    pub fn list_hands(&self, filter: &HandFilter) -> Result<Vec<HandSummary>, LogError> {
        list_hands(&self.conn, &self.path, filter)
    }

    /// Every record of hand `number`, in order (empty if there is no such hand).
    pub fn timeline(&self, number: u32) -> Result<Vec<TimelineEntry>, LogError> {
        timeline(&self.conn, &self.path, number)
    }

    #[cfg(test)]
    pub(super) fn conn(&self) -> &Connection {
        &self.conn
    }
}
