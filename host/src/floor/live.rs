//! Hands in progress as the floor sees them: each table's shipped inputs replayed
//! through the engine from its configuration, as the table's own crash recovery
//! does ([`crate::records::handlog::rebuild_table`]), so the pot and whose turn are
//! the engine's, never recomputed here. Only the pot and the seat (or the step) are
//! taken from it: a hand in progress shows no card.

use crate::records::handlog::{parse_input, Entry, SealedRecord};
use firmware::hand::Phase;
use firmware::Table;
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
    /// `None` before its configuration, or once a record did not replay.
    table: Option<Table>,
    /// The last record fed.
    seq: u64,
}

/// Every table's engine, fed the records the store took.
#[derive(Debug, Default)]
pub struct LiveTables {
    tables: BTreeMap<String, Followed>,
}

impl LiveTables {
    /// Each table followed and the last record it was fed.
    pub fn seen(&self) -> Vec<(String, u64)> {
        self.tables
            .iter()
            .map(|(id, f)| (id.clone(), f.seq))
            .collect()
    }

    /// Feeds `record` of `table_id`, the one after the last fed. A record that does
    /// not replay leaves the table without a live hand (the store's alerts and
    /// `tablectl audit verify` say why), and the rest of its records are skipped.
    pub fn feed(&mut self, table_id: &str, record: &SealedRecord) {
        let f = self.tables.entry(table_id.to_string()).or_insert(Followed {
            table: None,
            seq: 0,
        });
        if record.seq.0 != f.seq + 1 {
            return;
        }
        f.seq = record.seq.0;
        if let Ok(Some(cfg)) = record.config() {
            f.table = Table::new(cfg).ok();
            return;
        }
        let Some(t) = f.table.as_mut() else { return };
        let Ok(entry) = record.entry() else {
            f.table = None;
            return;
        };
        if let Entry::Input { input, .. } = &entry.entry {
            let replayed = parse_input(input)
                .ok()
                .and_then(|i| t.handle(i).ok())
                .is_some();
            if !replayed {
                log::warn!(
                    "the floor cannot replay table {table_id}'s record {}: no live hand shown",
                    record.seq.0
                );
                f.table = None;
            }
        }
    }

    /// The hand in progress at `table_id`, if one is.
    pub fn hand(&self, table_id: &str) -> Option<LiveHand> {
        let t = self.tables.get(table_id)?.table.as_ref()?;
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
