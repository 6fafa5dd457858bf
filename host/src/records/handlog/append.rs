//! The log open for appending: one record a transaction, committed and synced before
//! [`HandLog::append`] returns, and the accessors for what the log follows.

use super::audit::{list_hands, timeline, HandFilter, HandSummary, TimelineEntry};
#[cfg(test)]
use super::chain::HmacSha256;
use super::chain::{record_hash, seal};
use super::error::{db_err, LogError};
use super::head::SignedHead;
use super::keys::TableKey;
use super::record::{encode, Record, KIND_CONFIG};
use super::tracker::HandTracker;
use super::Seq;
use crate::records::time::WallTime;
use rusqlite::{params, Connection, ErrorCode, Transaction, TransactionBehavior};
use std::path::{Path, PathBuf};

/// What seals the records this program appends: the table's signing key. (The old
/// HMAC scheme is written only by the tests that check such logs still verify.)
#[derive(Debug)]
pub(super) enum Sealer {
    Signed(TableKey),
    #[cfg(test)]
    Hmac(HmacSha256),
}

impl Sealer {
    /// A record's `mac` column, the link the next record chains to, and the head row's
    /// tag for it.
    fn seal(
        &self,
        table_id: &str,
        prev: &[u8; 32],
        seq: i64,
        ts: i64,
        kind: &[u8],
        payload: &[u8],
    ) -> (Vec<u8>, [u8; 32], Vec<u8>) {
        match self {
            Sealer::Signed(key) => {
                let hash = record_hash(prev, seq, ts, kind, payload);
                let sealed = seal(key, table_id, seq, &hash);
                (sealed.to_vec(), hash, sealed[32..].to_vec())
            }
            #[cfg(test)]
            Sealer::Hmac(key) => {
                let mac = super::chain::record_mac(key, prev, seq, ts, kind, payload);
                (
                    mac.to_vec(),
                    mac,
                    super::chain::head_tag(key, seq, &mac).to_vec(),
                )
            }
        }
    }
}

/// The table's hand log, open for appending. One per table; only one program may
/// append at a time (a second one is refused with [`LogError::ConcurrentWriter`]).
#[derive(Debug)]
pub struct HandLog {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    pub(super) sealer: Sealer,
    pub(super) table_id: String,
    pub(super) last_seq: i64,
    pub(super) last_mac: [u8; 32],
    /// The head row's tag for the last record: for a signed log, the table's signature.
    pub(super) last_tag: Vec<u8>,
    pub(super) last_ts: i64,
    pub(super) tracker: HandTracker,
    pub(super) has_config: bool,
}

impl HandLog {
    /// Writes one record, stamped `at` (the wall clock, from the caller), and
    /// returns its number once the transaction is committed and synced. On any error
    /// nothing was written and the log stays usable; the input must not be
    /// acknowledged.
    pub fn append(&mut self, at: WallTime, record: Record) -> Result<Seq, LogError> {
        self.append_with(at, record, |_| Ok(()))
    }

    /// Writes `records` in order, all stamped `at`, in **one** transaction: one
    /// commit and one sync for all of them, and each still its own link in the chain,
    /// sealed. Returns each one's number once committed and synced. For the evidence
    /// behind an input (the shoe's frame, the panel's press) and the input itself:
    /// they are durable together, or none of them is. On any error nothing was
    /// written and the log stays usable.
    pub fn append_all(&mut self, at: WallTime, records: &[Record]) -> Result<Vec<Seq>, LogError> {
        if records.is_empty() {
            return Ok(Vec::new());
        }
        self.append_records(at, records, |_| Ok(()))
    }

    /// [`HandLog::append`], with `before` run first in the same transaction: what it
    /// writes and the record commit together or not at all.
    pub(super) fn append_with(
        &mut self,
        at: WallTime,
        record: Record,
        before: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<()>,
    ) -> Result<Seq, LogError> {
        let seqs = self.append_records(at, core::slice::from_ref(&record), before)?;
        Ok(seqs.last().copied().unwrap_or(Seq(0)))
    }

    /// Seals and inserts `records` after `before`, then moves the head, all in one
    /// transaction; the log's state follows only once it is committed.
    fn append_records(
        &mut self,
        at: WallTime,
        records: &[Record],
        before: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<()>,
    ) -> Result<Vec<Seq>, LogError> {
        let ts = i64::try_from(at.unix_millis()).map_err(|_| LogError::Timestamp { at })?;
        // Everything sealed first: a record refused here writes nothing.
        let mut has_config = self.has_config;
        let mut tracker = self.tracker.clone();
        let (mut seq, mut link, mut tag) = (self.last_seq, self.last_mac, self.last_tag.clone());
        let mut rows = Vec::with_capacity(records.len());
        for record in records {
            match (record, has_config) {
                (Record::Config { .. }, true) => return Err(LogError::ConfigAlreadyWritten),
                (
                    Record::Input { .. } | Record::Refused { .. } | Record::RefusedByHost { .. },
                    false,
                ) => return Err(LogError::NoConfig),
                _ => {}
            }
            let (kind, payload, parsed) = encode(record, &self.table_id)?;
            seq += 1;
            let hand = tracker.place(&parsed);
            let (mac, next_link, next_tag) = self.sealer.seal(
                &self.table_id,
                &link,
                seq,
                ts,
                kind.as_bytes(),
                payload.as_bytes(),
            );
            (link, tag) = (next_link, next_tag);
            has_config |= kind == KIND_CONFIG;
            rows.push((seq, kind, payload, hand, mac));
        }
        let path = &self.path;
        let e = |err| db_err(path, err);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        before(&tx).map_err(e)?;
        for (seq, kind, payload, hand, mac) in &rows {
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
        }
        let moved = tx
            .prepare_cached(
                "UPDATE head SET seq = ?1, mac = ?2, tag = ?3 WHERE id = 1 AND seq = ?4",
            )
            .and_then(|mut s| s.execute(params![seq, &link[..], &tag[..], self.last_seq]))
            .map_err(e)?;
        if moved != 1 {
            return Err(LogError::ConcurrentWriter { path: path.clone() });
        }
        tx.commit().map_err(e)?;
        self.last_seq = seq;
        self.last_mac = link;
        self.last_tag = tag;
        self.last_ts = ts;
        self.tracker = tracker;
        self.has_config = has_config;
        Ok(rows
            .iter()
            .map(|(seq, ..)| Seq(seq.unsigned_abs()))
            .collect())
    }

    /// The last record's number (0 for an empty log).
    pub fn last_seq(&self) -> Seq {
        Seq(self.last_seq.unsigned_abs())
    }

    /// The signed head: the last record's number and hash with the table's signature.
    /// Publish it after every hand (the floor view, the floor's store, a printed slip):
    /// `tablectl audit verify --anchor` then shows a log cut back or rewritten behind
    /// it. `None` only for a log of the old scheme, which has no signature.
    pub fn head(&self) -> Option<SignedHead> {
        match &self.sealer {
            Sealer::Signed(key) => SignedHead::new(
                &self.table_id,
                self.last_seq,
                &self.last_mac,
                key.public(),
                &self.last_tag,
            ),
            #[cfg(test)]
            Sealer::Hmac(_) => None,
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
