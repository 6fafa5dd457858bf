//! A run of a table's records read back from wherever they were kept (the floor's
//! store), checked before any of it is shown as fact ([`ShippedRun`]): each record the
//! next by number, chained to the one before it, its hand index where the records
//! place it, and the run's last record signed with the table's key, which vouches
//! through the chain for every record before it. What `tablectl floor export` and
//! `floor serve`'s hand page read: the store's guard can be switched off by its
//! owner, and a hand index is not covered by the chain at all.

use super::audit::TimelineEntry;
use super::keys::PublicKey;
use super::record::parse_payload;
use super::sealed::{SealedRecord, GENESIS_HASH};
use super::tracker::HandTracker;
use super::Seq;
use std::fmt;

/// What is wrong with a run of records: the record, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunFault {
    /// The record found wrong.
    pub seq: Seq,
    /// What is wrong with it, in the floor's words.
    pub detail: String,
}

impl fmt::Display for RunFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record {}: {}", self.seq.0, self.detail)
    }
}

impl std::error::Error for RunFault {}

/// A table's records checked in order as they are read: [`ShippedRun::push`] each,
/// then [`ShippedRun::finish`] for the signature that vouches for them all.
#[derive(Debug)]
pub struct ShippedRun {
    table_id: String,
    key: PublicKey,
    /// The last record checked: its number and hash ([`GENESIS_HASH`] before the
    /// first).
    seq: u64,
    hash: [u8; 32],
    /// Its signature, once a record was pushed.
    last: Option<SealedRecord>,
    tracker: HandTracker,
}

impl ShippedRun {
    /// A run from the table's first record.
    pub fn from_start(table_id: &str, key: PublicKey) -> ShippedRun {
        ShippedRun::after(table_id, key, Seq(0), GENESIS_HASH)
    }

    /// A run from the record after `before`, whose hash is `hash` as stored (it needs
    /// no vouching: the next record's hash covers it, and that one is vouched for by
    /// the signature at the end). The hands are placed afresh from there, which is
    /// right from a hand's first record on (it starts the hand whatever came before)
    /// or from the log's first: a run that starts elsewhere fails on its first record
    /// that is in a hand.
    pub fn after(table_id: &str, key: PublicKey, before: Seq, hash: [u8; 32]) -> ShippedRun {
        ShippedRun {
            table_id: table_id.to_string(),
            key,
            seq: before.0,
            hash,
            last: None,
            tracker: HandTracker::default(),
        }
    }

    /// Checks `record`, the next one, and gives it as the floor reads it with the
    /// hand the records place it in.
    pub fn push(
        &mut self,
        record: &SealedRecord,
    ) -> Result<(TimelineEntry, Option<u32>), RunFault> {
        let fault = |detail: String| RunFault {
            seq: record.seq,
            detail,
        };
        if record.seq.0 != self.seq + 1 {
            return Err(fault(format!(
                "it comes after record {}: records between them are missing",
                self.seq
            )));
        }
        if !record.links(&self.hash) {
            return Err(fault(format!(
                "it does not chain to record {}: its contents were changed after the table wrote it",
                self.seq
            )));
        }
        let parsed = parse_payload(record.kind.as_bytes(), record.payload.as_bytes())
            .map_err(|e| fault(format!("it does not read: {e}")))?;
        let hand = self.tracker.place(&parsed);
        if hand != record.hand {
            let text = |h: Option<u32>| h.map_or("no hand".to_string(), |h| format!("hand {h}"));
            return Err(fault(format!(
                "its hand index says {} but the records place it in {}: the index was changed",
                text(record.hand),
                text(hand)
            )));
        }
        self.seq = record.seq.0;
        self.hash = record.hash;
        self.last = Some(record.clone());
        let seq = i64::try_from(record.seq.0).unwrap_or(i64::MAX);
        Ok((super::audit::timeline_entry(seq, record.at, parsed), hand))
    }

    /// Whether the hand of the last record pushed is still going after it (`false`
    /// once a hand is paid and complete).
    pub fn in_hand(&self) -> bool {
        self.tracker.current.is_some()
    }

    /// The last record pushed is signed with the table's key: every record of the run
    /// is the table's, as it wrote it. A run of no record vouches for nothing.
    pub fn finish(&self) -> Result<(), RunFault> {
        match &self.last {
            Some(last) if last.is_signed(&self.key, &self.table_id) => Ok(()),
            Some(last) => Err(RunFault {
                seq: last.seq,
                detail: "it is not signed by the table's key: the records up to it were changed or written by another".to_string(),
            }),
            None => Err(RunFault {
                seq: Seq(self.seq),
                detail: "no record was read after it".to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{AuditLog, HandLog, TableKey};
    use crate::session::simulated::{DirectSource, SimOptions, SimulatedTable};

    /// A bench log of three hands, its records sealed as stored, and its key.
    fn three_hands() -> (Vec<SealedRecord>, PublicKey) {
        let dir = tempfile::tempdir().unwrap();
        let key = TableKey::from_seed([8; 32]);
        let (mut log, _) = HandLog::open(dir.path(), "S1", &key).unwrap();
        let opts = SimOptions {
            hands: 3,
            ..SimOptions::default()
        };
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).unwrap();
        bench.run(3, &mut |_| {}).unwrap();
        let records = AuditLog::open(dir.path())
            .unwrap()
            .sealed_after(Seq(0), usize::MAX >> 1)
            .unwrap();
        (records, key.public())
    }

    fn run(records: &[SealedRecord], key: PublicKey) -> Result<(), RunFault> {
        let mut run = ShippedRun::from_start("S1", key);
        for r in records {
            run.push(r)?;
        }
        run.finish()
    }

    #[test]
    fn a_tables_records_check_and_each_change_is_named() {
        let (records, key) = three_hands();
        assert_eq!(run(&records, key), Ok(()));
        // Contents changed: the chain breaks there.
        let mut changed = records.clone();
        changed[30].payload = changed[30].payload.replace("\"seat\":1", "\"seat\":2");
        changed[30].payload.push(' ');
        assert_eq!(run(&changed, key).unwrap_err().seq, records[30].seq);
        // The last record re-hashed after a change: it chains, its signature fails.
        let mut last = records.clone();
        let n = last.len() - 1;
        last[n].payload.push(' ');
        last[n].hash = super::super::chain::record_hash(
            &last[n - 1].hash,
            i64::try_from(last[n].seq.0).unwrap(),
            i64::try_from(last[n].at.unix_millis()).unwrap(),
            last[n].kind.as_bytes(),
            last[n].payload.as_bytes(),
        );
        let fault = run(&last, key).unwrap_err();
        assert_eq!(fault.seq, records[n].seq);
        assert!(fault.detail.contains("not signed"), "{fault}");
        // The hand index moved (the chain does not cover it).
        let mut moved = records.clone();
        let i = moved.iter().position(|r| r.hand == Some(2)).unwrap() + 3;
        moved[i].hand = None;
        let fault = run(&moved, key).unwrap_err();
        assert!(fault.detail.contains("hand index"), "{fault}");
        // A record missing; another key.
        let mut gap = records.clone();
        gap.remove(10);
        assert_eq!(run(&gap, key).unwrap_err().seq, records[11].seq);
        assert!(run(&records, TableKey::from_seed([9; 32]).public()).is_err());
    }

    #[test]
    fn a_hand_checks_from_its_first_record_alone() {
        let (records, key) = three_hands();
        let first = records.iter().position(|r| r.hand == Some(2)).unwrap();
        let mut run = ShippedRun::after("S1", key, records[first - 1].seq, records[first - 1].hash);
        let mut shown = 0;
        for r in &records[first..] {
            let (_, hand) = run.push(r).unwrap();
            if hand == Some(2) {
                shown += 1;
            }
            if !run.in_hand() {
                break;
            }
        }
        assert_eq!(shown, records.iter().filter(|r| r.hand == Some(2)).count());
        assert_eq!(run.finish(), Ok(()));
        // Started a record late, the hand does not place.
        let mut late = ShippedRun::after("S1", key, records[first].seq, records[first].hash);
        assert!(late.push(&records[first + 1]).is_err());
    }
}
