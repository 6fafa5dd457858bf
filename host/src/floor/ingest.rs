//! Taking a table's records into the store, exactly once and only when they check:
//! each must be the record after the table's head in the store, chain to it, and
//! carry the table's signature of the head at it ([`vet`]). A record already held is
//! skipped when it is the same (delivered twice) and raises a fork alert when it
//! differs; a record past the head raises a gap alert; a broken link or a bad
//! signature raises its alert. The records before the first problem are taken, the
//! rest refused, all in one transaction under the table's row lock, so two shipments
//! of one table never interleave. A shipment's last program record becomes the
//! table's program in the same transaction ([`super::programs`]).
//!
//! Every record's signature is checked, not only a shipment's last. The last one's
//! alone would vouch for the contents of every record before it (each hash covers
//! the one before, so a record changed mid-shipment either breaks the chain or, its
//! successors re-hashed, changes the last hash the table signed), but not for their
//! own signatures: a record sent with a wrong one would be kept as sent, and the
//! store is the evidence a floor re-checks record by record.

use super::error::FloorError;
use super::store::{raise, table_row, AlertKind, Store};
use crate::records::handlog::{PublicKey, SealedRecord, Seq};
use crate::records::time::WallTime;
use std::collections::HashMap;

/// What one shipment did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ingested {
    /// Records taken.
    pub accepted: u64,
    /// Records the store already held, the same: skipped.
    pub duplicates: u64,
    /// The first record refused and why (an alert is raised for it).
    pub refused: Option<(Seq, AlertKind, String)>,
    /// The table's head in the store afterwards.
    pub head: Seq,
}

fn big(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The first problem of `r` as the record after `head_seq` with hash `head_hash`,
/// its signature aside.
fn check(r: &SealedRecord, head_seq: u64, head_hash: &[u8; 32]) -> Option<(AlertKind, String)> {
    let next = head_seq.saturating_add(1);
    if r.seq.0 != next {
        return Some((
            AlertKind::Gap,
            format!(
                "record {} arrived, the store expects record {next}",
                r.seq.0
            ),
        ));
    }
    if !r.links(head_hash) {
        return Some((
            AlertKind::BrokenLink,
            format!(
                "record {next} does not chain to record {head_seq}: changed, inserted or reordered, or the log was rewritten before it"
            ),
        ));
    }
    None
}

/// What the checks make of a shipment.
#[derive(Debug, Default)]
struct Vetted<'a> {
    /// The records to take, in order.
    taken: Vec<&'a SealedRecord>,
    /// Records the store already held, the same.
    duplicates: u64,
    /// The first record refused and why.
    refused: Option<(Seq, AlertKind, String)>,
}

/// Checks `batch` against the table's head in the store (`head_seq`, `head_hash`)
/// and the hashes it holds for the records of `batch` at or before it (`stored`):
/// each record's number, link and signature, stopping at the first problem.
fn vet<'a>(
    batch: &'a [SealedRecord],
    (mut head_seq, mut head_hash): (u64, [u8; 32]),
    stored: &HashMap<i64, Vec<u8>>,
    key: &PublicKey,
    table_id: &str,
) -> Vetted<'a> {
    let mut out = Vetted {
        taken: Vec::with_capacity(batch.len()),
        ..Vetted::default()
    };
    for r in batch {
        if r.seq.0 <= head_seq {
            match stored.get(&big(r.seq.0)) {
                Some(h) if h[..] == r.hash[..] => {
                    out.duplicates += 1;
                    continue;
                }
                _ => {
                    out.refused = Some((
                        r.seq,
                        AlertKind::Fork,
                        format!(
                            "record {} differs from the one the store took: the table's log was rewritten",
                            r.seq.0
                        ),
                    ));
                    break;
                }
            }
        }
        if let Some((kind, detail)) = check(r, head_seq, &head_hash) {
            out.refused = Some((r.seq, kind, detail));
            break;
        }
        if !r.is_signed(key, table_id) {
            out.refused = Some((
                r.seq,
                AlertKind::BadSignature,
                format!("record {} is not signed by the table's key", r.seq.0),
            ));
            break;
        }
        head_seq = r.seq.0;
        head_hash = r.hash;
        out.taken.push(r);
    }
    out
}

impl Store {
    /// Takes `batch` (a table's records, in order) as the module says. `backlog` is
    /// what the table will still hold unshipped after this batch, for the floor view;
    /// the records of the batch the store did not take are added to it (a refused
    /// table's whole log waits, where the shipper counts after its batch: 0).
    pub fn ingest(
        &mut self,
        table_id: &str,
        batch: &[SealedRecord],
        backlog: u64,
    ) -> Result<Ingested, FloorError> {
        let times: Vec<WallTime> = batch.iter().map(|r| r.at).collect();
        self.ensure_months(&times)?;
        let lock = self.prepared(LOCK_TABLE)?;
        let held_hashes = self.prepared(HELD_HASHES)?;
        let insert_records = self.prepared(INSERT_RECORDS)?;
        let move_head = self.prepared(MOVE_HEAD)?;
        let backlog_only = self.prepared(BACKLOG_ONLY)?;
        let hand_statements = super::hands::prepare(self)?;
        let upsert_program = self.prepared(super::programs::UPSERT_PROGRAM)?;
        let mut tx = self.client().transaction()?;
        let row = tx
            .query_opt(&lock, &[&table_id])?
            .ok_or_else(|| FloorError::UnknownTable(table_id.to_string()))?;
        let row = table_row(table_id, &row)?;
        let head_seq = row.head_seq.0;
        let held: Vec<i64> = batch
            .iter()
            .filter(|r| r.seq.0 <= head_seq)
            .map(|r| big(r.seq.0))
            .collect();
        let stored: HashMap<i64, Vec<u8>> = if held.is_empty() {
            HashMap::new()
        } else {
            tx.query(&held_hashes, &[&table_id, &held])?
                .iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect()
        };
        let vetted = vet(
            batch,
            (head_seq, row.head_hash),
            &stored,
            &row.key,
            table_id,
        );
        let taken = vetted.taken;
        let head = taken.last().map_or(head_seq, |r| r.seq.0);
        let left = batch.iter().filter(|r| r.seq.0 > head).count() as u64;
        let backlog = backlog.saturating_add(left);
        let out = Ingested {
            accepted: taken.len() as u64,
            duplicates: vetted.duplicates,
            refused: vetted.refused,
            head: Seq(head),
        };
        if let Some(last) = taken.last() {
            insert(&mut tx, &insert_records, table_id, &taken)?;
            let entries: Vec<_> = taken
                .iter()
                .filter_map(|r| Some((r.hand?, r.entry().ok()?)))
                .collect();
            super::hands::take(&mut tx, &hand_statements, table_id, &entries)?;
            super::programs::take(&mut tx, &upsert_program, table_id, &taken)?;
            tx.execute(
                &move_head,
                &[
                    &table_id,
                    &big(last.seq.0),
                    &&last.hash[..],
                    &&last.sig[..],
                    &last.at.as_bigint(),
                    &big(backlog),
                ],
            )?;
        } else {
            tx.execute(&backlog_only, &[&table_id, &big(backlog)])?;
        }
        if let Some((seq, kind, detail)) = &out.refused {
            raise(&mut tx, table_id, *kind, *seq, detail)?;
        }
        tx.commit()?;
        Ok(out)
    }
}

/// Locks a table's row for the shipment and reads where it stands.
const LOCK_TABLE: &str = "SELECT public_key, head_seq, head_hash, head_sig, backlog
    FROM floor_tables WHERE table_id = $1 FOR UPDATE";
/// The stored hashes of records shipped again.
const HELD_HASHES: &str = "SELECT seq, hash FROM records WHERE table_id = $1 AND seq = ANY($2)";
/// The records taken, in one statement.
const INSERT_RECORDS: &str =
    "INSERT INTO records (table_id, seq, at_ms, kind, payload, hand, hash, sig)
    SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[],
                             $6::integer[], $7::bytea[], $8::bytea[])";
/// The table's new signed head.
const MOVE_HEAD: &str = "UPDATE floor_tables SET head_seq = $2, head_hash = $3, head_sig = $4,
    head_at_ms = $5, shipped_at = now(), seen_at = now(), closed_at = NULL, backlog = $6
    WHERE table_id = $1";
/// A shipment with nothing new: only when it came and what is left.
const BACKLOG_ONLY: &str = "UPDATE floor_tables SET shipped_at = now(), seen_at = now(),
    closed_at = NULL, backlog = $2 WHERE table_id = $1";

/// Inserts the records taken, in one statement.
fn insert(
    tx: &mut postgres::Transaction<'_>,
    statement: &postgres::Statement,
    table_id: &str,
    taken: &[&SealedRecord],
) -> Result<(), FloorError> {
    let seqs: Vec<i64> = taken.iter().map(|r| big(r.seq.0)).collect();
    let times: Vec<i64> = taken.iter().map(|r| r.at.as_bigint()).collect();
    let kinds: Vec<&str> = taken.iter().map(|r| r.kind.as_str()).collect();
    let payloads: Vec<&str> = taken.iter().map(|r| r.payload.as_str()).collect();
    let hands: Vec<Option<i32>> = taken
        .iter()
        .map(|r| r.hand.and_then(|h| i32::try_from(h).ok()))
        .collect();
    let hashes: Vec<&[u8]> = taken.iter().map(|r| &r.hash[..]).collect();
    let sigs: Vec<&[u8]> = taken.iter().map(|r| &r.sig[..]).collect();
    tx.execute(
        statement,
        &[
            &table_id, &seqs, &times, &kinds, &payloads, &hands, &hashes, &sigs,
        ],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{AuditLog, HandLog, Record, TableKey, GENESIS_HASH};

    /// Table `T9`'s log of notes `words` (at ms 10, 11, ...) signed by `key`, sealed.
    fn notes(key: &TableKey, words: &[&str]) -> Vec<SealedRecord> {
        let dir = tempfile::tempdir().unwrap();
        let (mut log, _) = HandLog::open(dir.path(), "T9", key).unwrap();
        for (at, w) in (10..).zip(words) {
            log.append(
                WallTime::from_unix_millis(at),
                Record::Note {
                    text: w.to_string(),
                },
            )
            .unwrap();
        }
        AuditLog::open(dir.path())
            .unwrap()
            .sealed_after(Seq(0), 100)
            .unwrap()
    }

    /// Vets `shipment` as the first a store takes from table `table`.
    fn vet_new<'a>(shipment: &'a [SealedRecord], key: &PublicKey, table: &str) -> Vetted<'a> {
        vet(shipment, (0, GENESIS_HASH), &HashMap::new(), key, table)
    }

    fn refused(v: &Vetted<'_>) -> Option<(u64, AlertKind)> {
        v.refused.as_ref().map(|r| (r.0 .0, r.1))
    }

    const WORDS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];

    #[test]
    fn an_honest_shipment_is_taken_whole() {
        let key = TableKey::from_seed([1; 32]);
        let honest = notes(&key, &WORDS);
        let v = vet_new(&honest, &key.public(), "T9");
        assert_eq!((v.taken.len(), refused(&v)), (6, None));
        // Another table's key or id: refused at the first record.
        let other = TableKey::from_seed([2; 32]).public();
        let v = vet_new(&honest, &other, "T9");
        assert_eq!(refused(&v), Some((1, AlertKind::BadSignature)));
        let v = vet_new(&honest, &key.public(), "T8");
        assert_eq!(refused(&v), Some((1, AlertKind::BadSignature)));
    }

    #[test]
    fn a_bad_signature_mid_shipment_is_refused_though_the_last_is_good() {
        let key = TableKey::from_seed([1; 32]);
        let mut shipment = notes(&key, &WORDS);
        shipment[2].sig[7] ^= 1;
        assert!(shipment[5].is_signed(&key.public(), "T9"));
        let v = vet_new(&shipment, &key.public(), "T9");
        assert_eq!(refused(&v), Some((3, AlertKind::BadSignature)));
        assert_eq!(v.taken.len(), 2);
    }

    /// A forger without the table's key rewrites record 3 and re-chains the records
    /// after it (the hashes need no key): the chain is whole, but the forged hashes
    /// are not the ones the table signed, so record 3 is refused, and so is the
    /// forgery given the honest last record's signature. Unchained, it breaks the link.
    #[test]
    fn a_record_forged_mid_shipment_is_refused_at_it() {
        let key = TableKey::from_seed([1; 32]);
        let honest = notes(&key, &WORDS);
        let forger = TableKey::from_seed([9; 32]);
        let rechained = notes(&forger, &["a", "b", "X", "d", "e", "f"]);
        let mut shipment: Vec<SealedRecord> = honest[..2].to_vec();
        shipment.extend_from_slice(&rechained[2..]);
        shipment[5].sig = honest[5].sig;
        let mut prev = GENESIS_HASH;
        for r in &shipment {
            assert!(r.links(&prev), "the forged chain is whole");
            prev = r.hash;
        }
        assert_ne!(shipment[5].hash, honest[5].hash);
        assert!(!shipment[5].is_signed(&key.public(), "T9"));
        let v = vet_new(&shipment, &key.public(), "T9");
        assert_eq!(refused(&v), Some((3, AlertKind::BadSignature)));
        assert_eq!(v.taken.len(), 2);
        // Only record 3 forged, the honest records after it: the chain breaks at 4.
        let mut shipment = honest.clone();
        shipment[2] = rechained[2].clone();
        shipment[2].sig = honest[2].sig;
        let v = vet_new(&shipment, &key.public(), "T9");
        assert_eq!(refused(&v), Some((3, AlertKind::BadSignature)));
        shipment[2] = honest[2].clone();
        shipment[2].payload = rechained[2].payload.clone();
        let v = vet_new(&shipment, &key.public(), "T9");
        assert_eq!(refused(&v), Some((3, AlertKind::BrokenLink)));
    }

    #[test]
    fn records_held_are_skipped_when_the_same_and_a_fork_when_not() {
        let key = TableKey::from_seed([1; 32]);
        let honest = notes(&key, &WORDS);
        let stored: HashMap<i64, Vec<u8>> = honest[..3]
            .iter()
            .map(|r| (big(r.seq.0), r.hash.to_vec()))
            .collect();
        let head = (3, honest[2].hash);
        let v = vet(&honest, head, &stored, &key.public(), "T9");
        assert_eq!((v.duplicates, v.taken.len(), refused(&v)), (3, 3, None));
        let forger = TableKey::from_seed([9; 32]);
        let other = notes(&forger, &["a", "X"]);
        let v = vet(&other, head, &stored, &key.public(), "T9");
        assert_eq!(refused(&v), Some((2, AlertKind::Fork)));
        let v = vet(&honest[4..], head, &stored, &key.public(), "T9");
        assert_eq!(refused(&v), Some((5, AlertKind::Gap)));
    }
}
