use super::*;
use crate::records::time::WallTime;
use crate::tournament::TournamentEvent;

const FRIDAY: &str = include_str!("../../../../tests/tournaments/friday.toml");
const DIRECTOR: &str = "11111111111111111111111111111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

fn w(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

/// A tournament on three tables of `seats` seats with players at the seats given.
fn room(seats: u8, at: &[(&str, u8)]) -> Tournament {
    let mut events = vec![TournamentEvent::Created {
        structure: FRIDAY.into(),
        tables: vec!["T1".into(), "T2".into(), "T3".into()],
        seats,
        director: DIRECTOR.into(),
    }];
    for (i, (table, seat)) in at.iter().enumerate() {
        events.push(TournamentEvent::Registered {
            entry: i as u32 + 1,
            player: format!("P{i}"),
            table: table.to_string(),
            seat: *seat,
            at: w(i as u64),
        });
    }
    events.push(TournamentEvent::Started { at: w(100) });
    Tournament::from_events(&events).unwrap()
}

fn rng() -> XorShift {
    XorShift::new(7)
}

#[test]
fn a_table_left_with_nobody_breaks_first() {
    let t = room(4, &[("T1", 1), ("T1", 2), ("T2", 1), ("T2", 2), ("T1", 3)]);
    assert_eq!(
        next_decision(&t, |_| None, &mut rng()),
        Some(Decision::Break("T3".into()))
    );
}

#[test]
fn the_players_left_fitting_one_table_are_redrawn_there_each_once() {
    let t = room(9, &[("T1", 1), ("T2", 4), ("T3", 2), ("T3", 9)]);
    let Some(Decision::Redraw { table, seats }) = next_decision(&t, |_| None, &mut rng()) else {
        panic!("a redraw");
    };
    assert_eq!(table, "T1");
    let mut entries: Vec<u32> = seats.iter().map(|s| s.0).collect();
    let mut taken: Vec<u8> = seats.iter().map(|s| s.1).collect();
    entries.sort_unstable();
    taken.sort_unstable();
    taken.dedup();
    assert_eq!(entries, [1, 2, 3, 4]);
    assert_eq!(taken.len(), 4);
}

#[test]
fn a_breaking_tables_players_go_to_the_shortest_tables_at_random() {
    // Three tables of 4: 3 + 3 + 2 players fit at two tables; T3 (last named)
    // breaks first, its players to the open seats of the shortest others.
    let t = room(
        4,
        &[
            ("T1", 1),
            ("T1", 2),
            ("T1", 3),
            ("T2", 1),
            ("T2", 2),
            ("T3", 1),
            ("T3", 2),
        ],
    );
    let Some(Decision::FromBreaking {
        entry,
        from,
        to,
        to_seat,
    }) = next_decision(&t, |_| None, &mut rng())
    else {
        panic!("a move from the breaking table");
    };
    assert_eq!((entry, from.as_str()), (6, "T3"));
    // T2 has 2 players, T1 3: the shortest takes him.
    assert_eq!(to, "T2");
    assert!(t.entry_at("T2", to_seat).is_none());
}

#[test]
fn an_unbalanced_room_moves_the_player_the_rule_names() {
    // 9-seat tables: 8 + 5 + 7 players do not fit at two; T1 is three longer than T2.
    let mut at = Vec::new();
    at.extend((1..=8).map(|s| ("T1", s)));
    at.extend((1..=5).map(|s| ("T2", s)));
    at.extend((1..=7).map(|s| ("T3", s)));
    let t = room(9, &at);
    let decision = next_decision(&t, |_| SeatNo::new(2), &mut rng());
    let Some(Decision::Balance { step, seating }) = decision else {
        panic!("a balancing move: {decision:?}");
    };
    assert_eq!(
        Some(step),
        crate::tournament::next_move(&seating, &t.break_order())
    );
    assert_eq!((step.from, step.to), (1, 2));
    // Big blind last at seat 2: seat 3 is big blind next at T1.
    assert_eq!(step.seat.get(), 3);
}
