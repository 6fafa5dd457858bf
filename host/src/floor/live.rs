//! Hands in progress as the floor sees them: each table's shipped inputs replayed
//! through the engine from its configuration by the log's one replay
//! ([`Rebuild`], as the table's own crash recovery does), so the pot and whose turn are
//! the engine's, never recomputed here. Only the pot and the seat (or the step) are
//! taken from it: a hand in progress shows no card.
//!
//! The floor service checks what it reads as it reads it, whoever wrote it: each
//! record must chain to the one before it, and each batch's last record must carry
//! the table's signature, which vouches for every record before it through the
//! chain ([`LiveTables::feed_all`]). The store's own guard and the shipper's checks
//! should leave nothing to find; a table found otherwise is no longer followed and
//! its alert is raised.

use super::error::FloorError;
use super::store::{AlertKind, Store};
use crate::records::handlog::{PublicKey, Rebuild, SealedRecord, Seq, GENESIS_HASH};
use firmware::hand::Phase;
use serde::Serialize;
use std::collections::BTreeMap;

/// Records read for one table at each refresh: a table met for the first time is
/// caught up over a few refreshes, and one refresh stays short.
pub const LIVE_BATCH: usize = 5_000;

/// Whose turn it is in a hand in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// This seat is to act in a betting round.
    Seat(u8),
    /// Hole cards are being dealt.
    Dealing,
    /// Board cards are due.
    Board,
    /// Five-card draw's exchange; the seat drawing, if known.
    Exchange(Option<u8>),
    /// The showdown; the seat to show or muck, if any.
    Showdown(Option<u8>),
    /// The pot is being paid.
    Paying,
}

/// A hand in progress: its pot (every chip put in, this round's bets included) and
/// whose turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LiveHand {
    /// Chips in the pot.
    pub pot: u64,
    /// Whose turn.
    pub turn: Turn,
}

/// One table's engine, fed in order.
#[derive(Debug)]
struct Followed {
    /// `None` once a record did not replay.
    rebuild: Option<Rebuild>,
    /// The last record fed.
    seq: u64,
    /// Its chain hash ([`GENESIS_HASH`] before the first).
    hash: [u8; 32],
    /// A record did not chain or was not signed: the table is no longer followed.
    broken: bool,
}

/// What the floor service found wrong with a table's records as it read them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The table.
    pub table_id: String,
    /// The record found wrong.
    pub seq: Seq,
    /// What is wrong.
    pub kind: AlertKind,
    /// In the floor's words.
    pub detail: String,
}

/// Every table's engine, fed the records the store took.
#[derive(Debug, Default)]
pub struct LiveTables {
    tables: BTreeMap<String, Followed>,
    /// Each table's key, as the store knows it, once read.
    keys: BTreeMap<String, PublicKey>,
}

impl LiveTables {
    /// One refresh of `floor serve`: each table's records past those fed, up to
    /// [`LIVE_BATCH`] a table, read from `store`, checked and fed
    /// ([`LiveTables::feed_all`], each table's key read from the store once). Gives
    /// how many records were read and what was found wrong.
    pub fn read(&mut self, store: &mut Store) -> Result<(usize, Vec<Problem>), FloorError> {
        let records = store.records_past(&self.seen(), LIVE_BATCH)?;
        for (table_id, _) in &records {
            if !self.keys.contains_key(table_id) {
                let key = store.table(table_id)?.key;
                self.keys.insert(table_id.clone(), key);
            }
        }
        let keys = std::mem::take(&mut self.keys);
        let problems = self.feed_all(&records, |id| keys.get(id).copied());
        self.keys = keys;
        Ok((records.len(), problems))
    }

    /// Each table followed and the last record it was fed.
    pub fn seen(&self) -> Vec<(String, u64)> {
        self.tables
            .iter()
            .map(|(id, f)| (id.clone(), f.seq))
            .collect()
    }

    /// Feeds `records` (by table, each table's in order, as the store gives them)
    /// and checks each table's: every record chained to the one before, and the
    /// last one signed with the table's key, as `key` gives it. Gives what it
    /// found wrong; such a table is fed no more.
    pub fn feed_all(
        &mut self,
        records: &[(String, SealedRecord)],
        mut key: impl FnMut(&str) -> Option<PublicKey>,
    ) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut rest = records;
        while let Some((table_id, _)) = rest.first() {
            let n = rest.iter().take_while(|(t, _)| t == table_id).count();
            let (batch, after) = rest.split_at(n);
            rest = after;
            let mut found = None;
            for (_, record) in batch {
                found = found.or(self.feed(table_id, record));
            }
            let last = batch.last().map(|(_, r)| r);
            let followed = self.tables.get(table_id).is_some_and(|f| !f.broken);
            if let (None, Some(last), true) = (&found, last, followed) {
                let signed = key(table_id).is_some_and(|k| last.is_signed(&k, table_id));
                if !signed {
                    found = Some(Problem {
                        table_id: table_id.clone(),
                        seq: last.seq,
                        kind: AlertKind::BadSignature,
                        detail: format!(
                            "record {} as the floor reads it is not signed by the table's key",
                            last.seq.0
                        ),
                    });
                }
            }
            if let Some(p) = found {
                log::warn!("floor: table {}: {}", p.table_id, p.detail);
                self.stop_following(table_id);
                problems.push(p);
            }
        }
        problems
    }

    fn stop_following(&mut self, table_id: &str) {
        if let Some(f) = self.tables.get_mut(table_id) {
            f.broken = true;
            f.rebuild = None;
        }
    }

    /// Feeds `record` of `table_id`, the one after the last fed; a record that does
    /// not chain to it is the problem given, and the table is fed no more. A record
    /// that does not replay leaves the table without a live hand (the store's alerts
    /// and `tablectl audit verify` say why), and the rest of its records are skipped.
    pub fn feed(&mut self, table_id: &str, record: &SealedRecord) -> Option<Problem> {
        let f = self.tables.entry(table_id.to_string()).or_insert(Followed {
            rebuild: Some(Rebuild::new()),
            seq: 0,
            hash: GENESIS_HASH,
            broken: false,
        });
        if record.seq.0 != f.seq + 1 {
            return None;
        }
        if f.broken {
            // Read past, never fed: each record is read once.
            f.seq = record.seq.0;
            return None;
        }
        if !record.links(&f.hash) {
            let problem = Problem {
                table_id: table_id.to_string(),
                seq: record.seq,
                kind: AlertKind::BrokenLink,
                detail: format!(
                    "record {} as the floor reads it does not chain to record {}: the store's copy was changed",
                    record.seq.0, f.seq
                ),
            };
            f.broken = true;
            f.rebuild = None;
            f.seq = record.seq.0;
            return Some(problem);
        }
        f.seq = record.seq.0;
        f.hash = record.hash;
        let rebuild = f.rebuild.as_mut()?;
        if let Err(e) = rebuild.feed_sealed(record) {
            log::warn!(
                "the floor cannot replay table {table_id}'s record {}: no live hand shown ({e})",
                record.seq.0
            );
            f.rebuild = None;
        }
        None
    }

    /// Whether the records of `table_id` were found changed as they were read: the
    /// table is followed no more, and the floor's page says its figures are not
    /// shown as fact.
    pub fn unverified(&self, table_id: &str) -> bool {
        self.tables.get(table_id).is_some_and(|f| f.broken)
    }

    /// The table as the floor replayed `table_id`'s records: for the tests that check
    /// the log's readers agree.
    #[cfg(test)]
    pub(crate) fn table(&self, table_id: &str) -> Option<&firmware::Table> {
        self.tables.get(table_id)?.rebuild.as_ref()?.table()
    }

    /// The hand in progress at `table_id`, if one is.
    pub fn hand(&self, table_id: &str) -> Option<LiveHand> {
        let t = self.tables.get(table_id)?.rebuild.as_ref()?.table()?;
        if !t.in_hand() {
            return None;
        }
        let h = t.hand()?;
        let seat = |s: Option<firmware::SeatNo>| s.map(|s| s.get());
        let turn = match h.phase {
            Phase::Betting => Turn::Seat(t.options()?.seat.get()),
            Phase::Dealing => Turn::Dealing,
            Phase::Board { .. } => Turn::Board,
            Phase::Exchange => Turn::Exchange(seat(h.drawer())),
            Phase::Showdown => Turn::Showdown(seat(h.next_to_show())),
            _ => Turn::Paying,
        };
        Some(LiveHand {
            pot: h.pot().get(),
            turn,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{AuditLog, HandLog, TableKey};
    use crate::session::simulated::{DirectSource, SimOptions, SimulatedTable};

    /// A bench table's log of `hands` hands: its records as the store keeps them,
    /// and its key.
    fn shipped(hands: u32) -> (Vec<(String, SealedRecord)>, PublicKey) {
        let dir = tempfile::tempdir().unwrap();
        let key = TableKey::from_seed([5; 32]);
        let (mut log, _) = HandLog::open(dir.path(), "L1", &key).unwrap();
        let opts = SimOptions {
            hands,
            ..SimOptions::default()
        };
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).unwrap();
        bench.run(hands, &mut |_| {}).unwrap();
        let records = AuditLog::open(dir.path())
            .unwrap()
            .sealed_after(Seq(0), usize::MAX >> 1)
            .unwrap();
        let records = records.into_iter().map(|r| ("L1".to_string(), r)).collect();
        (records, key.public())
    }

    /// Feeds `records` in batches of `n`, as the floor service reads them.
    fn feed_in(
        live: &mut LiveTables,
        records: &[(String, SealedRecord)],
        n: usize,
        key: &PublicKey,
    ) -> Vec<Problem> {
        records
            .chunks(n)
            .flat_map(|b| live.feed_all(b, |_| Some(*key)))
            .collect()
    }

    #[test]
    fn a_tables_records_as_shipped_chain_and_are_signed() {
        let (records, key) = shipped(3);
        let mut live = LiveTables::default();
        assert_eq!(feed_in(&mut live, &records, 17, &key), vec![]);
        assert_eq!(live.seen(), vec![("L1".to_string(), records.len() as u64)]);
    }

    /// A record changed in the store (its guard switched off by its owner, or a
    /// partition written directly): the floor service finds it, raises its alert
    /// once and follows the table no more.
    #[test]
    fn a_record_changed_in_the_store_is_found_as_it_is_read() {
        let (mut records, key) = shipped(3);
        records[40].1.payload.push(' ');
        let mut live = LiveTables::default();
        let problems = feed_in(&mut live, &records, 17, &key);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(
            (problems[0].seq, problems[0].kind),
            (records[40].1.seq, AlertKind::BrokenLink)
        );
        assert_eq!(live.hand("L1"), None);
        // Read past, once each: the reader does not ask for them again.
        assert_eq!(live.seen(), vec![("L1".to_string(), records.len() as u64)]);
    }

    /// A batch's last record not signed with the table's key (or a record chained
    /// and signed by another key) is found: the signature at the end of each batch
    /// vouches for the chain before it.
    #[test]
    fn a_batch_not_signed_with_the_tables_key_is_found() {
        let (mut records, key) = shipped(2);
        let last = records.len() - 1;
        records[last].1.sig[0] ^= 1;
        let mut live = LiveTables::default();
        let problems = feed_in(&mut live, &records, 1_000, &key);
        assert_eq!(
            problems.iter().map(|p| (p.seq, p.kind)).collect::<Vec<_>>(),
            vec![(records[last].1.seq, AlertKind::BadSignature)]
        );
        let other = TableKey::from_seed([6; 32]).public();
        let mut live = LiveTables::default();
        let problems = feed_in(&mut live, &records[..10], 10, &other);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].kind, AlertKind::BadSignature);
        // No key known for the table: nothing vouches for it.
        let mut live = LiveTables::default();
        let problems = live.feed_all(&records[..10], |_| None);
        assert_eq!(problems.len(), 1);
    }
}
