//! Balancing and breaking tables, as the TDA's rules have the director do it (the
//! project's proposed defaults, docs/rules.md):
//!
//! - tables are out of balance when one has two or more players more than another;
//! - the player who moves is the one who would be big blind next at the longest table,
//!   and he takes the worst position at the shortest: the open seat that will pay the
//!   big blind soonest (which is never the small blind);
//! - the table that gives a player, among equally long ones, is the one that breaks
//!   soonest in the room's predetermined order; the table that takes him, among
//!   equally short ones, the one that breaks last;
//! - a table breaks, in that order, as soon as the players left fit at the others.
//!
//! Pure: the floor asks, shows the director the answer, and records what was done.

use firmware::SeatNo;

/// One table as balancing sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSeats {
    /// The table's number in the room.
    pub table: u32,
    /// Its seats.
    pub max_players: u8,
    /// The seats taken.
    pub seated: Vec<SeatNo>,
    /// The seat that posted the big blind in the last hand (`None` before the first).
    pub big_blind: Option<SeatNo>,
}

/// One player moved to balance the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The table he leaves.
    pub from: u32,
    /// His seat there.
    pub seat: SeatNo,
    /// The table he joins.
    pub to: u32,
    /// His seat there.
    pub to_seat: SeatNo,
}

/// Seats of a table of `max` seats clockwise after `from` (exclusive), all the way
/// round to `from` itself; from seat 1 when there is no `from`.
fn clockwise(max: u8, from: Option<SeatNo>) -> impl Iterator<Item = SeatNo> {
    let start = from.map_or(0, SeatNo::get);
    (1..=max).filter_map(move |k| SeatNo::new((start + k - 1) % max + 1))
}

/// Where a table stands in the break order (tables not listed break after every
/// listed one, lowest number first).
fn breaks_at(order: &[u32], table: u32) -> (usize, u32) {
    (
        order
            .iter()
            .position(|&t| t == table)
            .unwrap_or(order.len()),
        table,
    )
}

/// Whether the room is out of balance: one table has two or more players more than
/// another.
pub fn out_of_balance(tables: &[TableSeats]) -> bool {
    let counts = tables.iter().map(|t| t.seated.len());
    match (counts.clone().max(), counts.min()) {
        (Some(most), Some(least)) => most >= least + 2,
        _ => false,
    }
}

/// The next move that brings the room closer to balance, if it is out of balance.
pub fn next_move(tables: &[TableSeats], break_order: &[u32]) -> Option<Move> {
    if !out_of_balance(tables) {
        return None;
    }
    let from = tables.iter().min_by_key(|t| {
        (
            std::cmp::Reverse(t.seated.len()),
            breaks_at(break_order, t.table),
        )
    })?;
    let to = tables.iter().min_by_key(|t| {
        let (at, number) = breaks_at(break_order, t.table);
        (
            t.seated.len(),
            std::cmp::Reverse(at),
            std::cmp::Reverse(number),
        )
    })?;
    // The player who would be big blind next.
    let seat = clockwise(from.max_players, from.big_blind).find(|s| from.seated.contains(s))?;
    // The open seat that pays the big blind soonest.
    let to_seat = clockwise(to.max_players, to.big_blind).find(|s| !to.seated.contains(s))?;
    Some(Move {
        from: from.table,
        seat,
        to: to.table,
        to_seat,
    })
}

/// The table to break now, if the players left fit at the other tables' seats: the
/// first of the break order still running.
pub fn table_to_break(tables: &[TableSeats], break_order: &[u32]) -> Option<u32> {
    if tables.len() < 2 {
        return None;
    }
    let players: usize = tables.iter().map(|t| t.seated.len()).sum();
    let breaking = tables
        .iter()
        .min_by_key(|t| breaks_at(break_order, t.table))?;
    let room_left: usize = tables
        .iter()
        .filter(|t| t.table != breaking.table)
        .map(|t| usize::from(t.max_players))
        .sum();
    (players <= room_left).then_some(breaking.table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sn;

    fn table(table: u32, seated: &[u8], big_blind: Option<u8>) -> TableSeats {
        TableSeats {
            table,
            max_players: 9,
            seated: seated.iter().map(|&s| sn(s)).collect(),
            big_blind: big_blind.map(sn),
        }
    }

    #[test]
    fn one_player_more_is_balanced_two_are_not() {
        let a = table(1, &[1, 2, 3, 4, 5, 6, 7, 8], Some(3));
        let b = table(2, &[1, 2, 3, 4, 5, 6, 7], Some(5));
        assert!(!out_of_balance(&[a.clone(), b.clone()]));
        assert_eq!(next_move(&[a.clone(), b], &[1, 2]), None);
        let c = table(2, &[1, 2, 3, 4, 5, 6], Some(5));
        assert!(out_of_balance(&[a, c]));
    }

    #[test]
    fn the_next_big_blind_moves_to_the_worst_position() {
        // Table 1: big blind was seat 3, seat 4 is empty, so seat 5 is big blind next.
        let long = table(1, &[1, 2, 3, 5, 6, 7, 8, 9], Some(3));
        // Table 2: big blind was seat 6; seats 7 and 2 are open: 7 pays it next.
        let short = table(2, &[1, 3, 4, 5, 6, 8], Some(6));
        let m = next_move(&[long, short], &[1, 2]).unwrap();
        assert_eq!(
            m,
            Move {
                from: 1,
                seat: sn(5),
                to: 2,
                to_seat: sn(7),
            }
        );
    }

    #[test]
    fn the_break_order_picks_between_equal_tables() {
        let t = |n, players: &[u8]| table(n, players, Some(1));
        let room = [
            t(1, &[1, 2, 3, 4, 5, 6, 7, 8]),
            t(2, &[1, 2, 3, 4, 5, 6, 7, 8]),
            t(3, &[1, 2, 3, 4, 5, 6]),
            t(4, &[1, 2, 3, 4, 5, 6]),
        ];
        // Table 2 breaks first, so it gives; table 3 breaks last, so it takes.
        let m = next_move(&room, &[2, 4, 1, 3]).unwrap();
        assert_eq!((m.from, m.to), (2, 3));
    }

    #[test]
    fn a_table_breaks_when_its_players_fit_elsewhere() {
        let room = [
            table(1, &[1, 2, 3, 4, 5, 6, 7], None),
            table(2, &[1, 2, 3, 4, 5, 6, 7], None),
            table(3, &[1, 2, 3, 4], None),
        ];
        // 18 players, 18 seats at the two tables left.
        assert_eq!(table_to_break(&room, &[3, 2, 1]), Some(3));
        assert_eq!(table_to_break(&room, &[1, 2, 3]), Some(1));
        let mut crowded = room.clone();
        crowded[2].seated.push(sn(5));
        assert_eq!(table_to_break(&crowded, &[3, 2, 1]), None);
        assert_eq!(table_to_break(&room[..1], &[1]), None);
    }
}
