use super::*;

const FRIDAY: &str = include_str!("../../../../tests/tournaments/friday.toml");
const DIRECTOR: &str = "11111111111111111111111111111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const MIN: u64 = 60_000;

fn w(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

fn created() -> TournamentEvent {
    TournamentEvent::Created {
        structure: FRIDAY.to_string(),
        tables: vec!["T1".into(), "T2".into()],
        seats: 9,
        director: DIRECTOR.into(),
    }
}

fn reg(entry: u32, player: &str, table: &str, seat: u8, at_ms: u64) -> TournamentEvent {
    TournamentEvent::Registered {
        entry,
        player: player.into(),
        table: table.into(),
        seat,
        at: w(at_ms),
    }
}

fn bust(table: &str, out: &[(u32, u64)], at_ms: u64) -> TournamentEvent {
    TournamentEvent::Eliminated {
        table: table.into(),
        out: out
            .iter()
            .map(|&(entry, chips_at_start)| BustOut {
                entry,
                chips_at_start,
            })
            .collect(),
        at: w(at_ms),
    }
}

/// Four players on two tables, started at 1,000 ms.
fn four() -> Tournament {
    let events = [
        created(),
        reg(1, "Ana", "T1", 1, 10),
        reg(2, "Boris", "T1", 5, 20),
        reg(3, "Cveta", "T2", 2, 30),
        reg(4, "Dimo", "T2", 7, 40),
        TournamentEvent::Started { at: w(1_000) },
    ];
    Tournament::from_events(&events).unwrap()
}

#[test]
fn a_tournament_is_made_once_by_its_first_event() {
    assert!(matches!(
        Tournament::from_events(&[reg(1, "Ana", "T1", 1, 0)]),
        Err((0, TournamentError::NotCreated))
    ));
    assert!(matches!(
        Tournament::from_events(&[created(), created()]),
        Err((1, TournamentError::NotFirst))
    ));
    let t = Tournament::from_events(&[created()]).unwrap();
    assert_eq!(t.structure.name, "Friday 100");
    assert_eq!(t.players_left(), 0);
}

#[test]
fn a_tournament_without_tables_seats_or_a_key_is_refused() {
    let with = |tables: Vec<&str>, seats: u8, director: &str| {
        Tournament::create(&TournamentEvent::Created {
            structure: FRIDAY.into(),
            tables: tables.into_iter().map(String::from).collect(),
            seats,
            director: director.into(),
        })
    };
    assert!(matches!(
        with(vec![], 9, DIRECTOR),
        Err(TournamentError::Tables)
    ));
    assert!(matches!(
        with(vec!["T1", "T1"], 9, DIRECTOR),
        Err(TournamentError::Tables)
    ));
    assert!(matches!(
        with(vec!["T1"], 1, DIRECTOR),
        Err(TournamentError::Seats(1))
    ));
    assert!(matches!(
        with(vec!["T1"], 12, DIRECTOR),
        Err(TournamentError::Seats(12))
    ));
    assert!(matches!(
        with(vec!["T1"], 9, "abc"),
        Err(TournamentError::Director)
    ));
    assert!(matches!(
        Tournament::create(&TournamentEvent::Created {
            structure: "name = 1".into(),
            tables: vec!["T1".into()],
            seats: 9,
            director: DIRECTOR.into(),
        }),
        Err(TournamentError::Structure(_))
    ));
}

#[test]
fn a_seat_holds_one_player_and_entries_are_numbered_in_order() {
    let mut t = Tournament::from_events(&[created(), reg(1, "Ana", "T1", 1, 10)]).unwrap();
    let refused = |t: &mut Tournament, e: TournamentEvent| t.apply(&e).unwrap_err().to_string();
    assert_eq!(
        refused(&mut t, reg(2, "Boris", "T1", 1, 20)),
        "seat 1 at table T1 has a player"
    );
    assert_eq!(
        refused(&mut t, reg(3, "Boris", "T1", 2, 20)),
        "entry 3 given where entry 2 is due"
    );
    assert_eq!(
        refused(&mut t, reg(2, "Boris", "T9", 2, 20)),
        "table T9 is not in this tournament"
    );
    assert_eq!(
        refused(&mut t, reg(2, "Boris", "T1", 10, 20)),
        "there is no seat 10 at these tables"
    );
    assert_eq!(
        refused(&mut t, reg(2, "", "T1", 2, 20)),
        "a player's name is 1 to 64 characters, none a control character"
    );
    assert_eq!(
        refused(&mut t, reg(2, "Ana", "T1", 2, 20)),
        "Ana is still in the tournament"
    );
    assert_eq!(
        refused(&mut t, reg(2, "Boris", "T1", 2, 5)),
        "the event is dated before the one before it: check the floor's clock"
    );
    // Nothing refused changed anything.
    assert_eq!(t.entries.len(), 1);
    t.apply(&reg(2, "Boris", "T1", 2, 20)).unwrap();
    assert_eq!(t.players_left(), 2);
}

#[test]
fn the_clock_starts_with_two_entries_pauses_and_resumes_once_each() {
    let mut t = Tournament::from_events(&[created(), reg(1, "Ana", "T1", 1, 10)]).unwrap();
    assert!(matches!(
        t.apply(&TournamentEvent::Paused { at: w(20) }),
        Err(TournamentError::NotStarted)
    ));
    assert!(matches!(
        t.apply(&TournamentEvent::Started { at: w(20) }),
        Err(TournamentError::TooFewToStart)
    ));
    let mut t = four();
    assert!(matches!(
        t.apply(&TournamentEvent::Started { at: w(2_000) }),
        Err(TournamentError::AlreadyStarted)
    ));
    assert!(matches!(
        t.apply(&TournamentEvent::Resumed { at: w(2_000) }),
        Err(TournamentError::NotPaused)
    ));
    t.apply(&TournamentEvent::Paused { at: w(2_000) }).unwrap();
    assert!(matches!(
        t.apply(&TournamentEvent::Paused { at: w(3_000) }),
        Err(TournamentError::AlreadyPaused)
    ));
    // Paused for ten minutes: the level has lost only the one second it ran.
    let r = t.read(w(2_000 + 10 * MIN));
    assert!(r.paused);
    assert_eq!(r.period, Period::Level(1));
    assert_eq!(r.left.map(|d| d.total_millis()), Some(20 * MIN - 1_000));
    t.apply(&TournamentEvent::Resumed {
        at: w(2_000 + 10 * MIN),
    })
    .unwrap();
    t.apply(&TournamentEvent::TimeAdded {
        at: w(2_000 + 10 * MIN),
        ms: 2 * MIN as i64,
    })
    .unwrap();
    assert_eq!(
        t.read(w(2_000 + 10 * MIN)).left.map(|d| d.total_millis()),
        Some(22 * MIN - 1_000)
    );
}

#[test]
fn registration_closes_at_the_end_of_the_late_registration_levels_break_included() {
    let mut t = four();
    // Levels 1 to 4 are 20 minutes each; the break after level 4 is 10.
    let start = 1_000;
    assert!(t.registration_open(w(start + 79 * MIN)));
    assert!(
        t.registration_open(w(start + 85 * MIN)),
        "the break after level 4"
    );
    assert!(!t.registration_open(w(start + 91 * MIN)), "level 5");
    assert_eq!(
        t.apply(&reg(5, "Eva", "T1", 2, start + 91 * MIN))
            .unwrap_err()
            .to_string(),
        "registration closed at the end of level 4"
    );
    t.apply(&reg(5, "Eva", "T1", 2, start + 85 * MIN)).unwrap();
}

#[test]
fn a_busted_player_re_enters_as_often_as_the_structure_allows() {
    let mut t = four();
    t.apply(&bust("T1", &[(1, 20_000)], 2_000)).unwrap();
    t.apply(&reg(5, "Ana", "T1", 1, 3_000)).unwrap();
    t.apply(&bust("T1", &[(5, 20_000)], 4_000)).unwrap();
    assert_eq!(
        t.apply(&reg(6, "Ana", "T1", 1, 5_000))
            .unwrap_err()
            .to_string(),
        "Ana has used the 1 re-entries the structure allows"
    );
    assert_eq!(t.entries.len(), 5);
    assert_eq!(t.prize_pool(), Prize(50_000));
    assert_eq!(t.chips_in_play(), Chips::new(100_000));
}

#[test]
fn simultaneous_bust_outs_are_ranked_by_their_chips_at_the_start_of_the_hand() {
    // The TDA's rule on simultaneous eliminations: more chips at the start finish
    // higher; equal chips tie.
    let mut t = four();
    t.apply(&bust("T2", &[(3, 5_000), (4, 9_000)], 2_000))
        .unwrap();
    assert_eq!(t.entries[3].out, Some(Finish { place: 3, tied: 1 }));
    assert_eq!(t.entries[2].out, Some(Finish { place: 4, tied: 1 }));
    assert_eq!(t.players_left(), 2);
    assert!(!t.finished());
    assert_eq!(
        t.apply(&bust("T1", &[(1, 1), (2, 1)], 3_000))
            .unwrap_err()
            .to_string(),
        "that would leave nobody in the tournament"
    );
    assert_eq!(
        t.apply(&bust("T1", &[(3, 1)], 3_000))
            .unwrap_err()
            .to_string(),
        "entry 3 is out already"
    );
    assert_eq!(
        t.apply(&bust("T2", &[(1, 1)], 3_000))
            .unwrap_err()
            .to_string(),
        "entry 1 does not sit at table T2"
    );
    assert!(matches!(
        t.apply(&bust("T1", &[(1, 1), (1, 1)], 3_000)),
        Err(TournamentError::BadElimination)
    ));
    t.apply(&bust("T1", &[(2, 40_000)], 3_000)).unwrap();
    assert!(t.finished());
    assert!(matches!(
        t.apply(&reg(5, "Eva", "T1", 2, 4_000)),
        Err(TournamentError::Finished)
    ));
}

#[test]
fn the_results_pay_the_whole_pool_and_tied_players_share_their_places() {
    // Four entries: the row for up to 10 pays 65% and 35% of 400.00.
    let mut t = four();
    t.apply(&bust("T2", &[(3, 7_000), (4, 7_000)], 2_000))
        .unwrap();
    assert_eq!(t.entries[2].out, Some(Finish { place: 3, tied: 2 }));
    t.apply(&bust("T1", &[(1, 30_000)], 3_000)).unwrap();
    let results = t.results();
    let rows: Vec<(u32, &str, u64)> = results
        .iter()
        .map(|r| (r.place, r.player.as_str(), r.prize.0))
        .collect();
    assert_eq!(
        rows,
        [
            (1, "Boris", 26_000),
            (2, "Ana", 14_000),
            (3, "Cveta", 0),
            (3, "Dimo", 0)
        ]
    );
    let paid: u64 = results.iter().map(|r| r.prize.0).sum();
    assert_eq!(paid, t.prize_pool().0);
}

#[test]
fn the_summary_gives_the_level_the_next_the_players_left_and_the_average_stack() {
    let mut t = four();
    t.apply(&bust("T2", &[(3, 20_000)], 2_000)).unwrap();
    let s = t.summary(w(1_000 + 21 * MIN));
    assert_eq!(s.clock.period, Period::Level(2));
    assert_eq!(s.level.big_blind, Chips::new(300));
    assert_eq!(s.next.map(|l| l.big_blind), Some(Chips::new(400)));
    assert_eq!(s.players_left, 3);
    assert_eq!(s.entries, 4);
    assert_eq!(s.average_stack, Chips::new(80_000 / 3));
    assert_eq!(s.prize_pool, Prize(40_000));
    // Before the start: level 1, and the first level's time.
    let t = Tournament::from_events(&[created()]).unwrap();
    let s = t.summary(w(0));
    assert_eq!(s.clock.period, Period::NotStarted);
    assert_eq!(s.level.big_blind, Chips::new(200));
}

#[test]
fn every_event_reads_back_from_its_json_and_unknown_fields_are_refused() {
    for e in [
        created(),
        reg(1, "Ana", "T1", 1, 10),
        TournamentEvent::Started { at: w(1) },
        TournamentEvent::TimeAdded {
            at: w(2),
            ms: -60_000,
        },
        bust("T1", &[(1, 5)], 3),
    ] {
        assert_eq!(TournamentEvent::from_json(&e.to_json()).unwrap(), e);
    }
    assert_eq!(
        TournamentEvent::Started { at: w(7) }.to_json(),
        r#"{"type":"started","at_ms":7}"#
    );
    assert!(TournamentEvent::from_json(r#"{"type":"started","at_ms":7,"x":1}"#).is_err());
    assert!(TournamentEvent::from_json(r#"{"type":"crowned","at_ms":7}"#).is_err());
}

fn moved(entry: u32, to_table: &str, to_seat: u8, at_ms: u64) -> TournamentEvent {
    TournamentEvent::Moved {
        entry,
        to_table: to_table.into(),
        to_seat,
        chips: 20_000,
        at: w(at_ms),
    }
}

#[test]
fn a_player_moves_to_an_open_seat_at_another_running_table() {
    let mut t = four();
    let refused = |t: &mut Tournament, e: TournamentEvent| t.apply(&e).unwrap_err().to_string();
    assert_eq!(
        refused(&mut t, moved(1, "T1", 3, 2_000)),
        "entry 1 sits at that table already"
    );
    assert_eq!(
        refused(&mut t, moved(1, "T2", 7, 2_000)),
        "seat 7 at table T2 has a player"
    );
    assert_eq!(
        refused(&mut t, moved(9, "T2", 1, 2_000)),
        "there is no entry 9"
    );
    t.apply(&moved(1, "T2", 1, 2_000)).unwrap();
    assert_eq!((t.entries[0].table.as_str(), t.entries[0].seat), ("T2", 1));
    assert_eq!(t.entry_at("T2", 1), Some(1));
    assert_eq!(t.entry_at("T1", 1), None);
    // A table breaks only once empty, and then seats nobody.
    let broken = |table: &str| TournamentEvent::TableBroken {
        table: table.into(),
        at: w(3_000),
    };
    assert_eq!(
        refused(&mut t, broken("T1")),
        "table T1 still has 1 players: move them before it breaks"
    );
    t.apply(&moved(2, "T2", 3, 3_000)).unwrap();
    t.apply(&broken("T1")).unwrap();
    assert_eq!(
        refused(&mut t, broken("T1")),
        "table T1 is broken: it seats nobody"
    );
    assert_eq!(
        refused(&mut t, moved(2, "T1", 5, 3_000)),
        "table T1 is broken: it seats nobody"
    );
    assert_eq!(t.seating(|_| None).len(), 1);
}

#[test]
fn balancing_sees_the_running_tables_numbered_in_the_tournaments_order() {
    let mut t = Tournament::from_events(&[
        TournamentEvent::Created {
            structure: FRIDAY.to_string(),
            tables: vec!["A".into(), "B".into(), "C".into()],
            seats: 9,
            director: DIRECTOR.into(),
        },
        reg(1, "p1", "A", 1, 1),
        reg(2, "p2", "A", 2, 1),
        reg(3, "p3", "A", 3, 1),
        reg(4, "p4", "A", 4, 1),
        reg(5, "p5", "B", 1, 1),
        reg(6, "p6", "B", 2, 1),
        reg(7, "p7", "C", 5, 1),
    ])
    .unwrap();
    // The last named breaks first.
    assert_eq!(t.break_order(), [3, 2, 1]);
    assert_eq!(t.table_id(3), Some("C"));
    assert_eq!(t.table_id(4), None);
    let seating = t.seating(|table| SeatNo::new(if table == "A" { 2 } else { 1 }));
    assert_eq!(seating[0].seated.len(), 4);
    assert_eq!(seating[0].big_blind, SeatNo::new(2));
    // A has 4, C has 1: the next big blind at A (seat 3) moves to C.
    let m = crate::tournament::next_move(&seating, &t.break_order()).unwrap();
    assert_eq!((t.table_id(m.from), m.seat.get()), (Some("A"), 3));
    assert_eq!(t.table_id(m.to), Some("C"));
    // Five players left fit at two tables: C, first in the break order, breaks.
    t.apply(&bust("A", &[(1, 1), (2, 1)], 2)).unwrap();
    let seating = t.seating(|_| None);
    assert_eq!(
        crate::tournament::table_to_break(&seating, &t.break_order()).and_then(|n| t.table_id(n)),
        Some("C")
    );
}

#[test]
fn a_new_entry_draws_from_the_running_tables_with_the_fewest_players() {
    let mut t = four();
    // Two a table: every open seat of both.
    assert_eq!(t.open_seats().len(), 14);
    t.apply(&moved(3, "T1", 2, 2_000)).unwrap();
    t.apply(&moved(4, "T1", 3, 2_000)).unwrap();
    // T2 is empty, so a new entry goes there...
    assert!(t.open_seats().iter().all(|&(table, _)| table == "T2"));
    t.apply(&TournamentEvent::TableBroken {
        table: "T2".into(),
        at: w(2_000),
    })
    .unwrap();
    // ...until it breaks: a broken table seats nobody, however empty.
    let open = t.open_seats();
    assert_eq!(open.len(), 5);
    assert!(open
        .iter()
        .all(|&(table, seat)| table == "T1" && t.entry_at(table, seat).is_none()));
}

#[test]
fn a_player_out_during_late_registration_moves_down_as_the_field_grows() {
    let mut t = four();
    t.apply(&bust("T1", &[(1, 5_000)], 2_000)).unwrap();
    assert_eq!(t.entry(1).unwrap().out.map(|f| f.place), Some(4));
    // A fifth entry joins: the first out is now fifth of five.
    t.apply(&reg(5, "Emil", "T1", 3, 3_000)).unwrap();
    assert_eq!(t.entry(1).unwrap().out.map(|f| f.place), Some(5));
    t.apply(&bust("T2", &[(3, 1_000)], 4_000)).unwrap();
    assert_eq!(t.entry(3).unwrap().out.map(|f| f.place), Some(4));
}
