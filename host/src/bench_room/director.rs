//! The director's seating decisions, as the room's rules make them (PD-TOURN-SEATING,
//! TDA): form the final table by a random redraw once the players left
//! fit at one table; break the next table of the predetermined order once its
//! players fit elsewhere, its players drawn at random into the open seats of the
//! shortest tables; otherwise move the player the balancing rule names
//! ([`crate::tournament::next_move`]). One decision at a time: the director records
//! it, the tables carry it out, and the next is asked of the new seating.

use crate::tournament::{next_move, table_to_break, Move, TableSeats, Tournament};
use firmware::SeatNo;
use hardware::rng::XorShift;

/// What the director does next to the seating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Move a player to balance the tables, by the rule ([`next_move`]), which saw
    /// `seating`.
    Balance {
        /// The move.
        step: Move,
        /// The tables as the rule saw them.
        seating: Vec<TableSeats>,
    },
    /// Move a player of the breaking table `from` to a seat drawn at random.
    FromBreaking {
        /// The entry.
        entry: u32,
        /// The table that breaks.
        from: String,
        /// The table he joins.
        to: String,
        /// His seat there.
        to_seat: u8,
    },
    /// Close a table whose players have all been moved.
    Break(String),
    /// Form the final table: each entry still in, to the seat drawn for him.
    Redraw {
        /// The final table.
        table: String,
        /// Entry and seat.
        seats: Vec<(u32, u8)>,
    },
}

/// The director's next seating decision, if the room needs one; `big_blind` gives
/// each table's last big blind (the tables know it), `rng` draws seats.
pub fn next_decision(
    t: &Tournament,
    big_blind: impl Fn(&str) -> Option<SeatNo>,
    rng: &mut XorShift,
) -> Option<Decision> {
    if t.finished() {
        return None;
    }
    let tables = t.running_tables().count();
    // A table left with nobody breaks (the others after the final table's redraw).
    if tables > 1 {
        if let Some(empty) = t.running_tables().find(|x| t.at_table(x).next().is_none()) {
            return Some(Decision::Break(empty.to_string()));
        }
    }
    let players = t.players_left() as usize;
    if tables > 1 && players <= usize::from(t.seats) {
        // The first named table is the final table (it breaks last).
        let table = t.running_tables().next()?.to_string();
        let mut seats: Vec<u8> = (1..=t.seats).collect();
        rng.shuffle(&mut seats);
        let seats = t.in_play().map(|(n, _)| n).zip(seats).collect();
        return Some(Decision::Redraw { table, seats });
    }
    let seating = t.seating(big_blind);
    let order = t.break_order();
    if let Some(number) = table_to_break(&seating, &order) {
        let from = t.table_id(number)?.to_string();
        let Some((entry, _)) = t.at_table(&from).next() else {
            return Some(Decision::Break(from));
        };
        // Into the open seats of the shortest other tables, drawn at random.
        let open = t.open_seats_but(Some(&from));
        let (to, to_seat) = open.get(rng.below(open.len() as u64) as usize)?;
        return Some(Decision::FromBreaking {
            entry,
            from,
            to: to.to_string(),
            to_seat: *to_seat,
        });
    }
    next_move(&seating, &order).map(|step| Decision::Balance { step, seating })
}

#[cfg(test)]
mod tests;
