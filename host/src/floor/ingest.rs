//! Taking a table's records into the store, exactly once and only when they check:
//! each must be the record after the table's head in the store, chain to it, and
//! be vouched for by the table's signature (a shipment's last record's, which the
//! chain carries to every record before it; see [`signed_prefix`]). A record already held is skipped when it is the same
//! (delivered twice) and raises a fork alert when it differs; a record past the head
//! raises a gap alert; a broken link or a bad signature raises its alert. The records
//! before the first problem are taken, the rest refused, all in one transaction under
//! the table's row lock, so two shipments of one table never interleave.

use super::error::FloorError;
use super::store::{raise, table_row, AlertKind, Store};
use crate::records::handlog::{SealedRecord, Seq};
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
/// its signature aside ([`signed_prefix`]).
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

/// How many of `taken` (each chained to the one before) are vouched for by the
/// table's key. The last one's signature vouches for every record before it through
/// the chain, as the table's own log is checked when it opens: one signature a
/// shipment, not one a record (verifying is most of the store's work per record).
/// Only when it fails is each checked, to name the first record that is not signed.
fn signed_prefix(
    taken: &[&SealedRecord],
    key: &crate::records::handlog::PublicKey,
    table_id: &str,
) -> usize {
    match taken.last() {
        None => 0,
        Some(last) if last.is_signed(key, table_id) => taken.len(),
        Some(_) => taken
            .iter()
            .position(|r| !r.is_signed(key, table_id))
            .unwrap_or(taken.len()),
    }
}

impl Store {
    /// Takes `batch` (a table's records, in order) as the module says. `backlog` is
    /// what the table will still hold unshipped after this batch, for the floor view.
    pub fn ingest(
        &mut self,
        table_id: &str,
        batch: &[SealedRecord],
        backlog: u64,
    ) -> Result<Ingested, FloorError> {
        let times: Vec<u64> = batch.iter().map(|r| r.at_ms).collect();
        self.ensure_months(&times)?;
        let mut tx = self.client().transaction()?;
        let row = tx
            .query_opt(
                "SELECT public_key, head_seq, head_hash, head_sig, backlog FROM floor_tables
                 WHERE table_id = $1 FOR UPDATE",
                &[&table_id],
            )?
            .ok_or_else(|| FloorError::UnknownTable(table_id.to_string()))?;
        let row = table_row(table_id, &row)?;
        let (mut head_seq, mut head_hash) = (row.head_seq.0, row.head_hash);
        let held: Vec<i64> = batch
            .iter()
            .filter(|r| r.seq.0 <= head_seq)
            .map(|r| big(r.seq.0))
            .collect();
        let stored: HashMap<i64, Vec<u8>> = if held.is_empty() {
            HashMap::new()
        } else {
            tx.query(
                "SELECT seq, hash FROM records WHERE table_id = $1 AND seq = ANY($2)",
                &[&table_id, &held],
            )?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
        };
        let mut out = Ingested::default();
        let mut taken: Vec<&SealedRecord> = Vec::with_capacity(batch.len());
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
            head_seq = r.seq.0;
            head_hash = r.hash;
            taken.push(r);
        }
        let signed = signed_prefix(&taken, &row.key, table_id);
        if signed < taken.len() {
            let seq = taken[signed].seq;
            out.refused = Some((
                seq,
                AlertKind::BadSignature,
                format!("record {} is not signed by the table's key", seq.0),
            ));
            taken.truncate(signed);
            head_seq = taken.last().map_or(row.head_seq.0, |r| r.seq.0);
        }
        if let Some(last) = taken.last() {
            insert(&mut tx, table_id, &taken)?;
            let entries: Vec<_> = taken
                .iter()
                .filter_map(|r| Some((r.hand?, r.entry().ok()?)))
                .collect();
            super::hands::take(&mut tx, table_id, &entries)?;
            tx.execute(
                "UPDATE floor_tables SET head_seq = $2, head_hash = $3, head_sig = $4,
                 head_at_ms = $5, shipped_at = now(), backlog = $6 WHERE table_id = $1",
                &[
                    &table_id,
                    &big(last.seq.0),
                    &&last.hash[..],
                    &&last.sig[..],
                    &big(last.at_ms),
                    &big(backlog),
                ],
            )?;
        } else {
            tx.execute(
                "UPDATE floor_tables SET shipped_at = now(), backlog = $2 WHERE table_id = $1",
                &[&table_id, &big(backlog)],
            )?;
        }
        if let Some((seq, kind, detail)) = &out.refused {
            raise(&mut tx, table_id, *kind, *seq, detail)?;
        }
        tx.commit()?;
        out.accepted = taken.len() as u64;
        out.head = Seq(head_seq);
        Ok(out)
    }
}

/// Inserts the records taken, in one statement.
fn insert(
    tx: &mut postgres::Transaction<'_>,
    table_id: &str,
    taken: &[&SealedRecord],
) -> Result<(), FloorError> {
    let seqs: Vec<i64> = taken.iter().map(|r| big(r.seq.0)).collect();
    let times: Vec<i64> = taken.iter().map(|r| big(r.at_ms)).collect();
    let kinds: Vec<&str> = taken.iter().map(|r| r.kind.as_str()).collect();
    let payloads: Vec<&str> = taken.iter().map(|r| r.payload.as_str()).collect();
    let hands: Vec<Option<i32>> = taken
        .iter()
        .map(|r| r.hand.and_then(|h| i32::try_from(h).ok()))
        .collect();
    let hashes: Vec<&[u8]> = taken.iter().map(|r| &r.hash[..]).collect();
    let sigs: Vec<&[u8]> = taken.iter().map(|r| &r.sig[..]).collect();
    tx.execute(
        "INSERT INTO records (table_id, seq, at_ms, kind, payload, hand, hash, sig)
         SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[],
                                  $6::integer[], $7::bytea[], $8::bytea[])",
        &[
            &table_id, &seqs, &times, &kinds, &payloads, &hands, &hashes, &sigs,
        ],
    )?;
    Ok(())
}
