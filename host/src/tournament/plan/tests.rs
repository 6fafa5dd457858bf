use super::*;
use crate::tournament::{BustOut, TournamentError, TournamentEvent};

const FRIDAY: &str = include_str!("../../../../tests/tournaments/friday.toml");
const DIRECTOR: &str = "11111111111111111111111111111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const MIN: u64 = 60_000;
/// When the clock starts.
const START: u64 = 1_000;

fn w(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

fn reg(entry: u32, player: &str, table: &str, seat: u8) -> TournamentEvent {
    TournamentEvent::Registered {
        entry,
        player: player.into(),
        table: table.into(),
        seat,
        at: w(u64::from(entry)),
    }
}

/// Four players on two tables; the clock started at `START`.
fn four() -> Tournament {
    let events = [
        TournamentEvent::Created {
            structure: FRIDAY.to_string(),
            tables: vec!["T1".into(), "T2".into()],
            seats: 9,
            director: DIRECTOR.into(),
        },
        reg(1, "Ana", "T1", 1),
        reg(2, "Boris", "T1", 5),
        reg(3, "Cveta", "T2", 2),
        reg(4, "Dimo", "T2", 7),
        TournamentEvent::Started { at: w(START) },
    ];
    Tournament::from_events(&events).unwrap()
}

fn level(t: &Tournament, n: usize) -> &Level {
    &t.structure.levels[n - 1]
}

#[test]
fn a_table_deals_at_the_level_the_clock_is_at_from_its_next_hand() {
    let t = four();
    assert_eq!(
        t.table_plan("T1", w(START + MIN), None),
        TablePlan::Deal {
            level: 1,
            stakes: level(&t, 1)
        }
    );
    // Level 2 begins after 20 minutes: the next hand is dealt at its stakes.
    assert_eq!(
        t.table_plan("T2", w(START + 20 * MIN + 1), None),
        TablePlan::Deal {
            level: 2,
            stakes: level(&t, 2)
        }
    );
    let Some(Input::SetLevel {
        level: 2,
        small_blind,
        big_blind,
        ante: 300,
    }) = level_input(2, level(&t, 2))
    else {
        panic!("level 2's input");
    };
    assert_eq!((small_blind.get(), big_blind.get()), (150, 300));
}

#[test]
fn nobody_deals_before_the_start_while_paused_or_at_a_closed_table() {
    let mut before = four();
    before.clock.clear();
    assert_eq!(before.table_plan("T1", w(0), None), TablePlan::NotStarted);
    let mut t = four();
    t.apply(&TournamentEvent::Paused { at: w(START + MIN) })
        .unwrap();
    assert_eq!(
        t.table_plan("T1", w(START + 2 * MIN), None),
        TablePlan::Paused
    );
    assert_eq!(t.table_plan("T9", w(START), None), TablePlan::Closed);
}

#[test]
fn a_break_stops_dealing_and_names_its_colour_up() {
    let t = four();
    // Four levels of 20 minutes, then the 10-minute break that colours up the 25s.
    let plan = t.table_plan("T1", w(START + 85 * MIN), None);
    let TablePlan::Break {
        after_level: 4,
        left: Some(left),
        colour_up,
    } = plan
    else {
        panic!("{plan:?}");
    };
    assert_eq!(left.total_millis(), 5 * MIN);
    assert_eq!(colour_up, [Chips::new(25)]);
    assert!(matches!(
        t.table_plan("T1", w(START + 91 * MIN), None),
        TablePlan::Deal { level: 5, .. }
    ));
}

#[test]
fn hand_for_hand_deals_each_round_once_and_waits_for_the_next() {
    let mut t = four();
    let at = w(START + MIN);
    t.apply(&TournamentEvent::HandForHand { round: Some(1), at })
        .unwrap();
    assert!(matches!(
        t.table_plan("T1", at, None),
        TablePlan::Deal { .. }
    ));
    assert_eq!(
        t.table_plan("T1", at, Some(1)),
        TablePlan::WaitRound { round: 1 }
    );
    // A round out of turn is refused and changes nothing.
    assert!(matches!(
        t.apply(&TournamentEvent::HandForHand { round: Some(3), at }),
        Err(TournamentError::HandForHandRound { given: 3, due: 2 })
    ));
    t.apply(&TournamentEvent::HandForHand { round: Some(2), at })
        .unwrap();
    assert!(matches!(
        t.table_plan("T1", at, Some(1)),
        TablePlan::Deal { .. }
    ));
    t.apply(&TournamentEvent::HandForHand { round: None, at })
        .unwrap();
    assert!(matches!(
        t.table_plan("T1", at, Some(2)),
        TablePlan::Deal { .. }
    ));
    assert!(matches!(
        t.apply(&TournamentEvent::HandForHand { round: None, at }),
        Err(TournamentError::NotHandForHand)
    ));
}

#[test]
fn a_rounds_bust_outs_at_two_tables_are_ranked_as_one_hands() {
    let mut t = four();
    let at = w(START + MIN);
    let out = |round| TournamentEvent::RoundEliminated {
        round,
        out: vec![
            BustOut {
                entry: 1,
                chips_at_start: 3_000,
            },
            BustOut {
                entry: 3,
                chips_at_start: 5_000,
            },
        ],
        at,
    };
    // Not in hand-for-hand play: refused.
    assert!(matches!(
        t.apply(&out(1)),
        Err(TournamentError::RoundEliminations(1))
    ));
    t.apply(&TournamentEvent::HandForHand { round: Some(1), at })
        .unwrap();
    t.apply(&out(1)).unwrap();
    // Entry 3 (T2) started with more: 3rd; entry 1 (T1) 4th.
    assert_eq!(t.entry(3).unwrap().out.map(|f| f.place), Some(3));
    assert_eq!(t.entry(1).unwrap().out.map(|f| f.place), Some(4));
    // The round's eliminations are recorded once.
    assert!(matches!(
        t.apply(&out(1)),
        Err(TournamentError::RoundEliminations(1))
    ));
}
