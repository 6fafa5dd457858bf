use super::*;
use crate::records::time::WallTime;
use crate::tournament::TournamentEvent;

const FRIDAY: &str = include_str!("../../../../tests/tournaments/friday.toml");
const DIRECTOR: &str = "11111111111111111111111111111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

fn w(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

fn seat(n: u8) -> SeatNo {
    SeatNo::new(n).unwrap()
}

/// Three players at T1, one at T2, the clock started.
fn tournament() -> Tournament {
    let reg = |entry: u32, table: &str, seat: u8| TournamentEvent::Registered {
        entry,
        player: format!("P{entry}"),
        table: table.into(),
        seat,
        at: w(u64::from(entry)),
    };
    Tournament::from_events(&[
        TournamentEvent::Created {
            structure: FRIDAY.into(),
            tables: vec!["T1".into(), "T2".into()],
            seats: 9,
            director: DIRECTOR.into(),
        },
        reg(1, "T1", 2),
        reg(2, "T1", 5),
        reg(3, "T1", 7),
        reg(4, "T2", 1),
        TournamentEvent::Started { at: w(100) },
    ])
    .unwrap()
}

fn table() -> Table {
    let mut cfg = firmware::TableConfig::new(
        firmware::Game::Holdem,
        firmware::Structure::NoLimit,
        Chips::new(100),
        Chips::new(200),
    );
    cfg.tournament = true;
    Table::new(cfg).unwrap()
}

/// Applies every step to the table and the book.
fn apply(table: &mut Table, book: &mut SeatBook, steps: &[Step]) {
    for s in steps {
        table.handle(s.input).unwrap();
        book.record(s);
    }
}

#[test]
fn the_players_drawn_sit_down_with_the_starting_stack_once() {
    let t = tournament();
    let (mut table, mut book) = (table(), SeatBook::default());
    let steps = book.arrivals(&table, &t, "T1");
    assert_eq!(steps.len(), 3);
    assert!(steps.iter().all(|s| matches!(
        s.input,
        Input::SitDown { stack, .. } if stack == Chips::new(20_000)
    )));
    apply(&mut table, &mut book, &steps);
    assert_eq!(book.entry(seat(5)), Some(2));
    assert!(book.arrivals(&table, &t, "T1").is_empty());
    assert!(book.departures(&table, &t, "T1").is_empty());
}

#[test]
fn a_moved_player_leaves_with_his_chips_and_arrives_with_the_directors() {
    let mut t = tournament();
    let (mut t1, mut b1) = (table(), SeatBook::default());
    let (mut t2, mut b2) = (table(), SeatBook::default());
    let steps = b1.arrivals(&t1, &t, "T1");
    apply(&mut t1, &mut b1, &steps);
    let steps = b2.arrivals(&t2, &t, "T2");
    apply(&mut t2, &mut b2, &steps);
    t.apply(&TournamentEvent::Moved {
        entry: 2,
        to_table: "T2".into(),
        to_seat: 6,
        chips: 20_000,
        at: w(200),
    })
    .unwrap();
    let out = b1.departures(&t1, &t, "T1");
    assert_eq!(
        out,
        [Step {
            entry: 2,
            input: Input::MoveOut { seat: seat(5) }
        }]
    );
    apply(&mut t1, &mut b1, &out);
    let arrive = b2.arrivals(&t2, &t, "T2");
    assert_eq!(
        arrive,
        [Step {
            entry: 2,
            input: Input::MoveIn {
                seat: seat(6),
                stack: Chips::new(20_000)
            }
        }]
    );
    apply(&mut t2, &mut b2, &arrive);
    assert_eq!(b2.entry(seat(6)), Some(2));
    assert_eq!(b1.entry(seat(5)), None);
}

#[test]
fn the_level_is_set_only_when_the_clock_moved_on() {
    let t = tournament();
    let mut table = table();
    let plan = t.table_plan("T1", w(200), None);
    let Some(set) = level_step(&table, &plan) else {
        panic!("level 1 is set at the first hand");
    };
    table.handle(set).unwrap();
    assert_eq!(level_step(&table, &plan), None);
    // Twenty minutes on: level 2.
    let later = t.table_plan("T1", w(100 + 20 * 60_000 + 1), None);
    assert!(matches!(
        level_step(&table, &later),
        Some(Input::SetLevel { level: 2, .. })
    ));
}

#[test]
fn a_following_table_waits_for_the_start_and_a_break_and_stops_when_closed() {
    let t = tournament();
    let table = table();
    let mut before = tournament();
    before.clock.clear();
    let wait = |hold| NextHand::Wait(CLOCK_WAIT, hold);
    assert_eq!(
        next_hand(&table, None, "T1", w(200), None),
        wait(Hold::NoTournament)
    );
    assert_eq!(
        next_hand(&table, Some(&before), "T1", w(200), None),
        wait(Hold::NotStarted)
    );
    assert!(matches!(
        next_hand(&table, Some(&t), "T1", w(200), None),
        NextHand::Deal(inputs) if matches!(inputs[..], [Input::SetLevel { level: 1, .. }])
    ));
    // Friday's first break follows level 4: 80 minutes in.
    let on_break = w(100 + 85 * 60_000);
    assert_eq!(
        next_hand(&table, Some(&t), "T1", on_break, None),
        wait(Hold::Break)
    );
    assert_eq!(
        next_hand(&table, Some(&t), "T9", w(200), None),
        NextHand::Stop
    );
}

/// PD-TOURN-HFH at a table: the round's one hand, then a wait until the next round;
/// a hand the table could not start leaves the round to deal.
#[test]
fn pd_tourn_hfh_a_table_deals_each_round_once_then_waits() {
    let mut t = tournament();
    let mut table = table();
    let mut book = SeatBook::default();
    let steps = book.arrivals(&table, &t, "T1");
    apply(&mut table, &mut book, &steps);
    let at = w(200);
    t.apply(&TournamentEvent::HandForHand { round: Some(1), at })
        .unwrap();
    let mut rounds = Rounds::default();
    let NextHand::Deal(inputs) = rounds.next_hand(&table, Some(&t), "T1", at) else {
        panic!("round 1 is dealt");
    };
    // NEXT HAND refused (say the dealer never pressed it): still round 1 to deal.
    assert!(matches!(
        rounds.next_hand(&table, Some(&t), "T1", at),
        NextHand::Deal(_)
    ));
    for input in inputs {
        table.handle(input).unwrap();
    }
    table.handle(Input::StartHand).unwrap();
    assert_eq!(
        rounds.next_hand(&table, Some(&t), "T1", at),
        NextHand::Wait(CLOCK_WAIT, Hold::HandForHand)
    );
    t.apply(&TournamentEvent::HandForHand { round: Some(2), at })
        .unwrap();
    assert!(matches!(
        rounds.next_hand(&table, Some(&t), "T1", at),
        NextHand::Deal(_)
    ));
}
