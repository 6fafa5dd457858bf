//! Shipped records read back from the store, sealed as the table stored them: a
//! finished hand's timeline, a table's records for the floor's export, and the
//! records past each table's last one seen, for the live view of hands in progress.

use super::error::FloorError;
use super::store::Store;
use crate::records::handlog::{SealedRecord, Seq};
use crate::records::time::WallTime;

/// The columns [`sealed`] reads, in its order.
const COLUMNS: &str = "r.seq, r.at_ms, r.kind, r.payload, r.hand, r.hash, r.sig";

fn big(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A record from a row selected as [`COLUMNS`] from column `at` on.
fn sealed(r: &postgres::Row, at: usize) -> Result<SealedRecord, FloorError> {
    let (hash, sig): (Vec<u8>, Vec<u8>) = (r.get(at + 5), r.get(at + 6));
    let (Ok(hash), Ok(sig)) = (hash.try_into(), sig.try_into()) else {
        return Err(FloorError::BadStoreRow(
            "a record's seal is not 96 bytes".into(),
        ));
    };
    Ok(SealedRecord {
        seq: Seq(u64::try_from(r.get::<_, i64>(at)).unwrap_or(0)),
        at: WallTime::from_bigint(r.get(at + 1)),
        kind: r.get(at + 2),
        payload: r.get(at + 3),
        hand: r
            .get::<_, Option<i32>>(at + 4)
            .and_then(|h| u32::try_from(h).ok()),
        hash,
        sig,
    })
}

impl Store {
    /// At most `limit` records of `table_id` after record `after`, in order.
    pub fn records_after(
        &mut self,
        table_id: &str,
        after: u64,
        limit: usize,
    ) -> Result<Vec<SealedRecord>, FloorError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.client()
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM records r WHERE r.table_id = $1 AND r.seq > $2 \
                     ORDER BY r.seq LIMIT $3"
                ),
                &[&table_id, &big(after), &limit],
            )?
            .iter()
            .map(|r| sealed(r, 0))
            .collect()
    }

    /// For every table of the store, at most `limit` records after the last one
    /// `seen` gives it (0 for a table not in it), by table and in order: one query
    /// for the whole room.
    pub fn records_past(
        &mut self,
        seen: &[(String, u64)],
        limit: usize,
    ) -> Result<Vec<(String, SealedRecord)>, FloorError> {
        let ids: Vec<&str> = seen.iter().map(|(t, _)| t.as_str()).collect();
        let seqs: Vec<i64> = seen.iter().map(|(_, s)| big(*s)).collect();
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.client()
            .query(
                &format!(
                    "SELECT t.table_id, {COLUMNS} FROM floor_tables t
                     LEFT JOIN unnest($1::text[], $2::bigint[]) AS k(id, seq) ON k.id = t.table_id
                     JOIN LATERAL (SELECT * FROM records r WHERE r.table_id = t.table_id
                                   AND r.seq > coalesce(k.seq, 0) AND r.seq <= t.head_seq
                                   ORDER BY r.seq LIMIT $3) r ON true
                     ORDER BY t.table_id, r.seq"
                ),
                &[&ids, &seqs, &limit],
            )?
            .iter()
            .map(|r| Ok((r.get(0), sealed(r, 1)?)))
            .collect()
    }
}
