//! What the tournament director did, one event at a time: the tournament's whole
//! history, kept by the floor as a chained, signed log. Everything else (who sits
//! where, the clock, who is still in, the places and prizes) is computed from these
//! events by [`super::state`], so every screen, audit and command that reads the
//! same events reaches the same answer, and a dispute is settled by reading them.
//!
//! The JSON form is the log's: an event's bytes are what the chain hashes and the
//! director signs, so a field is never renamed (a new field is added optional).

use crate::records::time::WallTime;
use serde::{Deserialize, Serialize};

/// One event of a tournament's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TournamentEvent {
    /// The tournament is made: always the first event, once.
    Created {
        /// The structure file's text, as the director wrote it: the log keeps the
        /// very levels and payouts it was played under.
        structure: String,
        /// The tables it is played on, in the order they break (the last listed
        /// breaks first: the final table is the first named).
        tables: Vec<String>,
        /// Seats at each table.
        seats: u8,
        /// The director's public key (hex): every later event is signed by it.
        director: String,
    },
    /// A player bought in (or re-entered) and drew his seat.
    Registered {
        /// The entry's number, 1 for the first, counting re-entries.
        entry: u32,
        /// The player's name as the cage wrote it.
        player: String,
        /// The table drawn.
        table: String,
        /// The seat drawn (1-based).
        seat: u8,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// The clock started at level 1.
    Started {
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// The clock stopped.
    Paused {
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// The clock runs again.
    Resumed {
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// The running level or break is longer by `ms` (shorter when negative, never
    /// below what has run).
    TimeAdded {
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
        /// How much.
        ms: i64,
    },
    /// A player moved to another table with his chips: to balance the tables, or
    /// because his table broke. The chips are those the source table counted as he
    /// left; the destination must record the same on his arrival.
    Moved {
        /// The entry.
        entry: u32,
        /// The table he joins.
        to_table: String,
        /// His seat there.
        to_seat: u8,
        /// The chips he brings.
        chips: u64,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// A table is closed: its players have all been moved. It seats nobody again.
    TableBroken {
        /// The table.
        table: String,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// Players knocked out in one hand at one table, with the chips each started
    /// that hand with: they are ranked by those chips, more finishing higher, equal
    /// chips tying for the places they take (the TDA's rule on simultaneous eliminations).
    Eliminated {
        /// The table.
        table: String,
        /// Each entry out, with its chips at the start of the hand.
        out: Vec<BustOut>,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// Hand-for-hand play (TDA), on the bubble: every running table deals round
    /// `round`'s one hand and waits until the director (or the floor, once every table
    /// has finished it) calls the next round. `None` ends hand-for-hand play.
    HandForHand {
        /// The round called, 1 for the first; `None` to end.
        round: Option<u32>,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// Players knocked out during one hand-for-hand round, at any of the tables: the
    /// round's hands are played as one, so their players are ranked together as one
    /// hand's are (the TDA's rule on hand-for-hand eliminations). One such event a
    /// round, written once every table has finished the round's hand.
    RoundEliminated {
        /// The hand-for-hand round.
        round: u32,
        /// Each entry out, with its chips at the start of its hand.
        out: Vec<BustOut>,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
    /// The final table drawn: every player still in takes the seat drawn for him at
    /// `table` (TDA: the final table is formed by a random redraw), with the chips
    /// his table counted as he left it. The other tables are then empty, to break.
    Redrawn {
        /// The final table.
        table: String,
        /// Each player's seat and chips.
        seats: Vec<Reseat>,
        /// When.
        #[serde(rename = "at_ms")]
        at: WallTime,
    },
}

/// One player's seat at the final table's redraw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reseat {
    /// The entry.
    pub entry: u32,
    /// His seat at the final table.
    pub seat: u8,
    /// The chips he brings.
    pub chips: u64,
}

/// One entry knocked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BustOut {
    /// The entry.
    pub entry: u32,
    /// Its chips when the hand began.
    pub chips_at_start: u64,
}

impl TournamentEvent {
    /// The event's bytes in the log: what is hashed and signed.
    pub fn to_json(&self) -> String {
        // A plain enum of strings and numbers always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The event a log's bytes hold; refused when they are not one.
    pub fn from_json(text: &str) -> Result<TournamentEvent, serde_json::Error> {
        serde_json::from_str(text)
    }
}
