//! Following the log as it is written: each appended record as the floor reads it
//! (a [`TimelineEntry`]) with the hand it belongs to, without reading the log back.
//! The floor view's index is fed this way, so a page costs no query of the log.

use super::audit::{timeline_entry, TimelineEntry};
use super::error::LogError;
use super::record::{encode, Record};
use super::tracker::HandTracker;
use super::{HandLog, Seq};
use crate::records::time::WallTime;

/// Places each appended record in its hand, as the log itself does (an UNDO of NEXT
/// HAND closes the hand again; a record belongs to the hand in progress).
#[derive(Clone, Debug)]
pub struct Follower {
    tracker: HandTracker,
    table_id: String,
}

impl Follower {
    /// The record `seq` as the floor reads it, and its hand (`None`: between hands).
    /// Call it for every record appended, in order, once it is committed.
    pub fn follow(
        &mut self,
        seq: Seq,
        at: WallTime,
        record: &Record,
    ) -> Result<(Option<u32>, TimelineEntry), LogError> {
        let (_, _, parsed) = encode(record, &self.table_id)?;
        let hand = self.tracker.place(&parsed);
        let seq = i64::try_from(seq.0).unwrap_or(i64::MAX);
        Ok((hand, timeline_entry(seq, at, parsed)))
    }
}

impl HandLog {
    /// A follower of this log from its last record on.
    pub fn follower(&self) -> Follower {
        Follower {
            tracker: self.tracker.clone(),
            table_id: self.table_id.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ch, sn};
    use firmware::{Game, Input, Structure, Table, TableConfig};

    #[test]
    fn a_followed_record_lands_in_the_hand_the_log_puts_it_in() {
        let dir = tempfile::tempdir().unwrap();
        let (mut log, _) = HandLog::open(
            dir.path(),
            "T1",
            &crate::records::handlog::TableKey::from_seed([7; 32]),
        )
        .unwrap();
        let config = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
        let mut table = Table::new(config).unwrap();
        log.append(
            crate::records::time::WallTime::from_unix_millis(1),
            Record::Config { config },
        )
        .unwrap();
        let mut follower = log.follower();
        let mut placed = Vec::new();
        for input in [
            Input::SitDown {
                seat: sn(1),
                stack: ch(1000),
                wait_for_bb: false,
            },
            Input::SitDown {
                seat: sn(2),
                stack: ch(1000),
                wait_for_bb: false,
            },
            Input::StartHand,
        ] {
            let r = Record::outcome(input, &table.handle(input));
            let at = crate::records::time::WallTime::from_unix_millis(2);
            let seq = log.append(at, r.clone()).unwrap();
            placed.push(follower.follow(seq, at, &r).unwrap());
        }
        assert_eq!(placed[0].0, None);
        assert_eq!(placed[2].0, Some(1));
        assert_eq!(placed[2].1.seq, Seq(4));
        assert_eq!(log.timeline(1).unwrap(), vec![placed[2].1.clone()]);
    }
}
