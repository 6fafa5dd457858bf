//! A record with its seal, exactly as the log stores it: what a table ships to the
//! floor's store, and what the store checks on arrival without trusting the table's
//! controller: its chain link to the record before it and the table's signature of
//! the head at it. The floor reads it as the table's own audit does
//! ([`SealedRecord::entry`]), so both list the same hands.

use super::audit::{timeline_entry, AuditLog, TimelineEntry};
use super::chain::{head_signed, record_hash, SEAL_LEN, ZERO_MAC};
use super::error::{db_err, LogError};
use super::head::SignedHead;
use super::keys::PublicKey;
use super::payload_error::PayloadError;
use super::record::parse_payload;
use super::storage::{meta, raw_row, RawRow, ROW_COLUMNS};
use super::Seq;
use crate::records::time::WallTime;

/// The chain hash before a log's first record.
pub const GENESIS_HASH: [u8; 32] = ZERO_MAC;

/// A record as stored, with its chain hash and the table's signature of the head at
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedRecord {
    /// Its number.
    pub seq: Seq,
    /// Its time (the table's wall clock).
    pub at: WallTime,
    /// Its kind, as stored.
    pub kind: String,
    /// Its payload (JSON), as stored: the bytes the hash covers.
    pub payload: String,
    /// The hand it belongs to, as the table's log indexes it.
    pub hand: Option<u32>,
    /// Its chain hash.
    pub hash: [u8; 32],
    /// The table's signature of the head at it.
    pub sig: [u8; 64],
}

impl SealedRecord {
    fn from_row(row: RawRow) -> Option<SealedRecord> {
        if row.mac.len() != SEAL_LEN {
            return None;
        }
        let mut hash = [0u8; 32];
        hash.copy_from_slice(&row.mac[..32]);
        let mut sig = [0u8; 64];
        sig.copy_from_slice(&row.mac[32..]);
        Some(SealedRecord {
            seq: Seq(u64::try_from(row.seq).ok()?),
            at: WallTime::from_unix_millis(u64::try_from(row.ts).ok()?),
            kind: String::from_utf8(row.kind).ok()?,
            payload: String::from_utf8(row.payload).ok()?,
            hand: row.hand.map(u32::try_from).transpose().ok()?,
            hash,
            sig,
        })
    }

    /// Whether its hash is the one its bytes give after a record whose hash is `prev`
    /// ([`GENESIS_HASH`] before the first).
    pub fn links(&self, prev: &[u8; 32]) -> bool {
        let (Ok(seq), Ok(ts)) = (
            i64::try_from(self.seq.0),
            i64::try_from(self.at.unix_millis()),
        ) else {
            return false;
        };
        record_hash(prev, seq, ts, self.kind.as_bytes(), self.payload.as_bytes()) == self.hash
    }

    /// Whether its signature is `key`'s, for table `table_id`.
    pub fn is_signed(&self, key: &PublicKey, table_id: &str) -> bool {
        i64::try_from(self.seq.0)
            .is_ok_and(|seq| head_signed(key, table_id, seq, &self.hash, &self.sig))
    }

    /// The signed head of the log at this record.
    pub fn head(&self, table_id: &str, key: PublicKey) -> Option<SignedHead> {
        SignedHead::new(
            table_id,
            i64::try_from(self.seq.0).ok()?,
            &self.hash,
            key,
            &self.sig,
        )
    }

    /// The record as the floor reads it (the same reading as `tablectl audit`).
    pub fn entry(&self) -> Result<TimelineEntry, PayloadError> {
        let parsed = parse_payload(self.kind.as_bytes(), self.payload.as_bytes())?;
        let seq = i64::try_from(self.seq.0).unwrap_or(i64::MAX);
        Ok(timeline_entry(seq, self.at, parsed))
    }

    /// The engine's settings, if this is a configuration record: what a reader of
    /// shipped records replays the inputs from (the floor's live view, its export).
    pub fn config(&self) -> Result<Option<firmware::TableConfig>, PayloadError> {
        if self.kind != super::record::KIND_CONFIG {
            return Ok(None);
        }
        match parse_payload(self.kind.as_bytes(), self.payload.as_bytes())? {
            super::record::Parsed::Config { config, .. } => Ok(Some(config)),
            _ => Ok(None),
        }
    }
}

impl AuditLog {
    /// The public key the log records (signed logs).
    pub fn public_key(&self) -> Result<Option<PublicKey>, LogError> {
        Ok(meta(self.conn(), "public_key")
            .map_err(|e| db_err(self.path(), e))?
            .and_then(|k| k.parse().ok()))
    }

    /// At most `limit` records after `after`, in order, sealed as stored. A record
    /// that does not read as a signed one (an old log, a damaged row) ends the list
    /// with an error naming it.
    pub fn sealed_after(&self, after: Seq, limit: usize) -> Result<Vec<SealedRecord>, LogError> {
        let e = |err| db_err(self.path(), err);
        let after = i64::try_from(after.0).unwrap_or(i64::MAX);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let mut stmt = self
            .conn()
            .prepare_cached(&format!(
                "SELECT {ROW_COLUMNS} FROM records WHERE seq > ?1 ORDER BY seq LIMIT ?2"
            ))
            .map_err(e)?;
        let rows = stmt
            .query_map([after, limit], raw_row)
            .map_err(e)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(e)?;
        rows.into_iter()
            .map(|row| {
                let seq = row.seq;
                SealedRecord::from_row(row).ok_or_else(|| LogError::Corrupt {
                    path: self.path().to_path_buf(),
                    detail: format!("record {seq} is not a signed record as stored"),
                })
            })
            .collect()
    }

    /// The last record's number (0: none yet).
    pub fn last_seq(&self) -> Result<Seq, LogError> {
        let last: i64 = self
            .conn()
            .query_row("SELECT coalesce(max(seq), 0) FROM records", [], |r| {
                r.get(0)
            })
            .map_err(|e| db_err(self.path(), e))?;
        Ok(Seq(u64::try_from(last).unwrap_or(0)))
    }

    /// The record numbered `seq`, sealed as stored.
    pub fn sealed_at(&self, seq: Seq) -> Result<Option<SealedRecord>, LogError> {
        let before = Seq(seq.0.saturating_sub(1));
        Ok(self
            .sealed_after(before, 1)?
            .into_iter()
            .find(|r| r.seq == seq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{HandLog, Record, TableKey};

    #[test]
    fn a_stored_record_links_and_checks_and_a_changed_one_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let key = TableKey::from_seed([3; 32]);
        let (mut log, _) = HandLog::open(dir.path(), "T9", &key).unwrap();
        for i in 0..3 {
            log.append(
                WallTime::from_unix_millis(10 + i),
                Record::Note {
                    text: format!("n{i}"),
                },
            )
            .unwrap();
        }
        let audit = AuditLog::open(dir.path()).unwrap();
        assert_eq!(audit.public_key().unwrap(), Some(key.public()));
        let rows = audit.sealed_after(Seq(0), 10).unwrap();
        assert_eq!(rows.len(), 3);
        assert!(rows[0].links(&GENESIS_HASH));
        assert!(rows[1].links(&rows[0].hash) && rows[2].links(&rows[1].hash));
        assert!(rows.iter().all(|r| r.is_signed(&key.public(), "T9")));
        assert!(!rows[0].is_signed(&key.public(), "T8"));
        assert_eq!(rows[2].head("T9", key.public()), log.head());
        let mut forged = rows[1].clone();
        forged.payload = forged.payload.replace("n1", "n7");
        assert!(!forged.links(&rows[0].hash));
        assert!(!rows[2].links(&rows[0].hash));
        assert_eq!(audit.sealed_at(Seq(2)).unwrap(), Some(rows[1].clone()));
        assert_eq!(audit.last_seq().unwrap(), Seq(3));
        assert_eq!(
            audit.sealed_after(Seq(2), 10).unwrap(),
            vec![rows[2].clone()]
        );
        assert!(rows[0].entry().unwrap().to_string().contains("n0"));
    }
}
