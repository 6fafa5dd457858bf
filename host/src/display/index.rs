//! The floor view's index: the recent hands kept in memory as their records are
//! logged, so a floor page is built from memory and never reads the hand log back
//! (reading and parsing the log per request slowed the table to a crawl under a few
//! dozen clients, and its long reads kept the log's write-ahead file growing).
//!
//! Bounded: the last [`FULL_HANDS`] hands are kept with every record (each hand at
//! most [`MAX_RECORDS_PER_HAND`]), and the last [`SUMMARY_HANDS`] as their list row
//! only. Older hands are read with `tablectl audit show`.
//!
//! A hand in progress is never served with what the table does not show: its hole
//! cards, burns, discards, the card inputs and shoe frames behind them, refusals and
//! notes (which may name a card) are replaced by a placeholder until the hand is
//! paid (R-SHOW-1: a hand is shown only when its owner tables it).

use crate::records::handlog::{
    Entry, EventRecord, Follower, HandLog, HandSummary, LogError, Record, Seq, TimelineEntry,
};
use crate::records::time::WallTime;
use crate::session::RecordTap;
use firmware::Event;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Hands kept with every record, newest.
pub const FULL_HANDS: usize = 200;
/// Hands kept as their list row (summary), newest; older ones are forgotten.
pub const SUMMARY_HANDS: usize = 10_000;
/// The records of one hand kept; a hand with more (a stuck shoe repeating a frame)
/// keeps its first ones and counts the rest.
pub const MAX_RECORDS_PER_HAND: usize = 2_000;

pub use crate::words::entries::HIDDEN;

/// One hand of the index.
#[derive(Clone, Debug)]
struct IndexedHand {
    summary: HandSummary,
    /// Every record, while the hand is among the last [`FULL_HANDS`].
    records: Option<Vec<TimelineEntry>>,
}

/// What the floor asks of the index about one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandLookup {
    /// The hand's records, the hidden ones replaced while it is in progress.
    Found {
        /// Paid: every record is shown as logged.
        complete: bool,
        /// The records, in order.
        records: Vec<TimelineEntry>,
    },
    /// Listed, but too old to be kept in full.
    Summary,
    /// No such hand (yet), or older than the index reaches.
    Missing,
}

/// The recent hands, as the floor reads them: see the module's documentation.
#[derive(Debug, Default)]
pub struct FloorIndex {
    table_id: String,
    hands: BTreeMap<u32, IndexedHand>,
    last_seq: u64,
    /// Where the signed head of the hand log goes once the table publishes one: the
    /// floor view shows it for anchoring. Set with [`FloorIndex::set_head`].
    head: Option<String>,
}

impl FloorIndex {
    /// An empty index of table `table_id`.
    pub fn new(table_id: &str) -> FloorIndex {
        FloorIndex {
            table_id: table_id.to_string(),
            ..FloorIndex::default()
        }
    }

    /// The index of the hands already in `log` (read once, at start).
    pub fn of_log(log: &HandLog) -> Result<FloorIndex, LogError> {
        let mut index = FloorIndex::new(log.table_id());
        let mut hands = log.list_hands(&Default::default())?;
        let keep_from = hands.len().saturating_sub(SUMMARY_HANDS);
        let full_from = hands.len().saturating_sub(FULL_HANDS);
        for (i, summary) in hands.drain(..).enumerate().skip(keep_from) {
            let records = if i >= full_from {
                let mut r = log.timeline(summary.number)?;
                r.truncate(MAX_RECORDS_PER_HAND);
                Some(r)
            } else {
                None
            };
            index.last_seq = index.last_seq.max(summary.last_seq.0);
            index
                .hands
                .insert(summary.number, IndexedHand { summary, records });
        }
        index.last_seq = index.last_seq.max(log.last_seq().0);
        Ok(index)
    }

    /// The table's id.
    pub fn table_id(&self) -> &str {
        &self.table_id
    }

    /// The signed head to show, once there is one.
    pub fn head(&self) -> Option<&str> {
        self.head.as_deref()
    }

    /// Shows `head` (the hand log's signed head) on the floor view.
    pub fn set_head(&mut self, head: String) {
        self.head = Some(head);
    }

    /// Adds record `entry` of hand `hand` (`None`: between hands, not listed).
    /// A record already indexed (its number not above the last) is ignored.
    pub fn add(&mut self, hand: Option<u32>, entry: TimelineEntry) {
        if entry.seq.0 <= self.last_seq {
            return;
        }
        self.last_seq = entry.seq.0;
        let Some(number) = hand else { return };
        let h = self.hands.entry(number).or_insert_with(|| IndexedHand {
            summary: HandSummary::begin(number, &entry),
            records: Some(Vec::new()),
        });
        h.summary.take(&entry);
        if let Some(r) = h
            .records
            .as_mut()
            .filter(|r| r.len() < MAX_RECORDS_PER_HAND)
        {
            r.push(entry);
        }
        self.trim();
    }

    /// Keeps the index within its bounds: the oldest hands lose their records, then
    /// their row.
    fn trim(&mut self) {
        while self.hands.len() > SUMMARY_HANDS {
            self.hands.pop_first();
        }
        if let Some(&oldest_full) = self.hands.keys().rev().nth(FULL_HANDS) {
            if let Some(h) = self.hands.get_mut(&oldest_full) {
                h.records = None;
            }
        }
    }

    /// The newest `n` hands' rows, newest first.
    pub fn recent(&self, n: usize) -> Vec<HandSummary> {
        self.hands
            .values()
            .rev()
            .take(n)
            .map(|h| h.summary.clone())
            .collect()
    }

    /// Hand `number`, with what the table does not show hidden while it is in progress.
    pub fn hand(&self, number: u32) -> HandLookup {
        let Some(h) = self.hands.get(&number) else {
            return HandLookup::Missing;
        };
        let Some(records) = &h.records else {
            return HandLookup::Summary;
        };
        let complete = h.summary.end_ms.is_some();
        let records = if complete {
            records.clone()
        } else {
            records.iter().map(hide_unshown).collect()
        };
        HandLookup::Found { complete, records }
    }
}

/// Whether an event shows nothing the table does not show.
fn shown_at_the_table(e: &Option<Event>) -> bool {
    !matches!(
        e,
        Some(Event::HoleCard { .. } | Event::Burned { .. } | Event::Discarded { .. })
    )
}

/// What a hidden event says instead: who got a card, not which; the machine form
/// loses the card too, so nothing served holds it.
fn hidden_event(e: &EventRecord) -> EventRecord {
    let (text, event) = match e.event {
        Some(Event::HoleCard { seat, .. }) => (
            format!("seat {seat} gets a card {HIDDEN}"),
            Some(Event::HoleCard { seat, card: None }),
        ),
        Some(Event::Burned { .. }) => (
            format!("a card is burned {HIDDEN}"),
            Some(Event::Burned { card: None }),
        ),
        // A discard always names its card: only its text, without the card, is kept.
        Some(Event::Discarded { seat, .. }) => (format!("seat {seat} discards {HIDDEN}"), None),
        event => (e.text.clone(), event),
    };
    EventRecord { text, event }
}

/// A record of a hand in progress as the floor may see it.
fn hide_unshown(r: &TimelineEntry) -> TimelineEntry {
    let entry = match &r.entry {
        Entry::Input {
            input,
            events,
            correction,
        } => {
            let public = events.iter().all(|e| shown_at_the_table(&e.event));
            Entry::Input {
                input: if public {
                    input.clone()
                } else {
                    format!("{} {HIDDEN}", input.split(' ').next().unwrap_or_default())
                },
                events: events
                    .iter()
                    .map(|e| {
                        if shown_at_the_table(&e.event) {
                            e.clone()
                        } else {
                            hidden_event(e)
                        }
                    })
                    .collect(),
                correction: *correction,
            }
        }
        Entry::Refused { code, bad_tag, .. } => Entry::Refused {
            input: HIDDEN.to_string(),
            code: code.clone(),
            error: HIDDEN.to_string(),
            // It may name a card (a card read twice).
            rule: None,
            bad_tag: *bad_tag,
        },
        Entry::ShoeFrame { .. } => Entry::ShoeFrame {
            hex: HIDDEN.to_string(),
        },
        Entry::Note { .. } => Entry::Note {
            text: HIDDEN.to_string(),
        },
        other => other.clone(),
    };
    TimelineEntry {
        seq: r.seq,
        at_ms: r.at_ms,
        entry,
    }
}

/// The index shared by the floor's listener and the session that feeds it.
pub type SharedIndex = Arc<Mutex<FloorIndex>>;

/// Feeds the floor's index from the session: every record logged, placed in its hand.
pub struct FloorTap {
    follower: Follower,
    index: SharedIndex,
}

impl FloorTap {
    /// A tap for `index`, following `log` from its last record.
    pub fn new(log: &HandLog, index: SharedIndex) -> FloorTap {
        FloorTap {
            follower: log.follower(),
            index,
        }
    }
}

impl RecordTap for FloorTap {
    fn appended(&mut self, seq: Seq, at: WallTime, record: &Record, log: &HandLog) {
        let mut index = self.index.lock().unwrap_or_else(PoisonError::into_inner);
        match self.follower.follow(seq, at, record) {
            Ok((hand, entry)) => index.add(hand, entry),
            Err(e) => log::warn!("floor view: record {seq} not indexed: {e}"),
        }
        // The signed head is published after every hand, not built for every record.
        let ends_hand = matches!(record, Record::Input { events, .. }
            if events.iter().any(|e| matches!(e, firmware::Event::HandComplete { .. })));
        if let Some(h) = log.head().filter(|_| ends_hand) {
            index.set_head(h.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::EventRecord;
    use crate::sn;

    fn card(text: &str) -> firmware::Card {
        text.parse().unwrap()
    }

    fn entry(seq: u64, e: Entry) -> TimelineEntry {
        TimelineEntry {
            seq: Seq(seq),
            at_ms: WallTime::from_unix_millis(seq),
            entry: e,
        }
    }

    fn input(seq: u64, text: &str, events: Vec<Event>) -> TimelineEntry {
        entry(
            seq,
            Entry::Input {
                input: text.into(),
                events: events
                    .into_iter()
                    .map(|event| EventRecord {
                        text: format!("{event:?}"),
                        event: Some(event),
                    })
                    .collect(),
                correction: false,
            },
        )
    }

    fn started(seq: u64, number: u32) -> TimelineEntry {
        input(
            seq,
            "next",
            vec![Event::HandStarted {
                number,
                button: sn(1),
                small_blind: Some(sn(1)),
                big_blind: sn(2),
                dealt: 0b110,
            }],
        )
    }

    #[test]
    fn a_hand_in_progress_hides_its_hole_cards_and_burns_until_paid() {
        let mut index = FloorIndex::new("T1");
        index.add(Some(1), started(1, 1));
        index.add(
            Some(1),
            input(
                2,
                "deal Ah",
                vec![Event::HoleCard {
                    seat: sn(1),
                    card: Some(card("Ah")),
                }],
            ),
        );
        index.add(
            Some(1),
            input(
                3,
                "burn Kd",
                vec![Event::Burned {
                    card: Some(card("Kd")),
                }],
            ),
        );
        index.add(Some(1), entry(4, Entry::ShoeFrame { hex: "0aff".into() }));
        index.add(
            Some(1),
            input(
                5,
                "deal 7c",
                vec![Event::BoardCard {
                    street: firmware::Street::Flop,
                    card: Some(card("7c")),
                }],
            ),
        );
        let HandLookup::Found { complete, records } = index.hand(1) else {
            panic!("hand 1 is indexed");
        };
        assert!(!complete);
        let text = format!("{records:?}");
        assert!(!text.contains("Ah") && !text.contains("Kd") && !text.contains("0aff"));
        assert!(text.contains("7c"), "the board is shown: {text}");
        index.add(
            Some(1),
            input(6, "award 1 15", vec![Event::HandComplete { number: 1 }]),
        );
        let HandLookup::Found { complete, records } = index.hand(1) else {
            panic!("hand 1 is indexed");
        };
        assert!(complete);
        assert!(format!("{records:?}").contains("Ah"));
    }

    #[test]
    fn the_index_stays_within_its_bounds() {
        let mut index = FloorIndex::new("T1");
        let mut seq = 0;
        let hands = SUMMARY_HANDS as u32 + 5;
        for n in 1..=hands {
            seq += 1;
            index.add(Some(n), started(seq, n));
        }
        assert_eq!(index.hands.len(), SUMMARY_HANDS);
        let full = index.hands.values().filter(|h| h.records.is_some()).count();
        assert_eq!(full, FULL_HANDS);
        assert_eq!(index.hand(1), HandLookup::Missing);
        assert_eq!(index.hand(hands - FULL_HANDS as u32), HandLookup::Summary);
        assert!(matches!(index.hand(hands), HandLookup::Found { .. }));
        for _ in 0..MAX_RECORDS_PER_HAND + 10 {
            seq += 1;
            index.add(Some(hands), entry(seq, Entry::Note { text: "x".into() }));
        }
        let HandLookup::Found { records, .. } = index.hand(hands) else {
            panic!("the newest hand is kept");
        };
        assert_eq!(records.len(), MAX_RECORDS_PER_HAND);
        assert_eq!(index.recent(3)[0].records, MAX_RECORDS_PER_HAND as u64 + 11);
    }

    #[test]
    fn a_record_seen_twice_counts_once() {
        let mut index = FloorIndex::new("T1");
        index.add(Some(1), started(1, 1));
        index.add(Some(1), started(1, 1));
        assert_eq!(index.recent(1)[0].records, 1);
    }

    /// The floor view shows the signed head the log ends at after every hand, so an
    /// anchor copied from it verifies the log (security issue, anchored heads).
    #[test]
    fn the_signed_head_is_published_after_every_hand() {
        use crate::records::handlog::TableKey;
        use crate::session::simulated::{DirectSource, SimOptions, SimulatedTable};
        let dir = tempfile::tempdir().unwrap();
        let (mut log, _) = HandLog::open(dir.path(), "T2", &TableKey::from_seed([2; 32])).unwrap();
        let index: SharedIndex = Arc::new(Mutex::new(FloorIndex::of_log(&log).unwrap()));
        let tap = FloorTap::new(&log, index.clone());
        let opts = SimOptions {
            hands: 3,
            ..SimOptions::default()
        };
        {
            let mut t = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).unwrap();
            t.tap(Box::new(tap));
            t.run(opts.hands, &mut |_| {}).unwrap();
        }
        let shown = index.lock().unwrap().head().map(str::to_string);
        assert_eq!(shown, log.head().map(|h| h.to_string()));
        assert!(shown.is_some());
    }
}
