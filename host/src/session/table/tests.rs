//! The award check at the session (issue 26, attack 12): a dealer's award the tabled
//! hands do not allow is logged as refused and changes nothing; the floor's override
//! comes from the panel in floor mode, with his number and PIN, as every ruling does.

use super::*;
use crate::records::handlog::{Entry, HandFilter, TableKey, TimelineEntry};
use crate::records::scenario::Scenario;
use crate::session::staff::test_staff;
use crate::{ch, sn};
use firmware::buttons::PressKind;

const SCRIPT: &str =
    include_str!("../../../../tests/scenarios/r_show_4_award_against_tabled_aces.scn");

fn press(key: Key, kind: PressKind) -> KeyEvent {
    KeyEvent {
        key,
        kind,
        at: firmware::time::Instant::ZERO,
    }
}

/// The floor keys `code` (his number, then his PIN) in floor mode, then `key`.
fn floor_keys(s: &mut TableSession<'_>, code: &str, key: Key) -> Outcome {
    s.key(press(Key::Clear, PressKind::Long)).unwrap();
    for d in code.bytes() {
        let digit = Key::digit(d - b'0').unwrap();
        assert!(matches!(
            s.key(press(digit, PressKind::Short)).unwrap(),
            Outcome::FloorMode(_)
        ));
    }
    s.key(press(key, PressKind::Short)).unwrap()
}

#[test]
fn r_show_4_an_award_over_the_tabled_aces_needs_the_floors_pin() {
    let dir = tempfile::tempdir().unwrap();
    let key = TableKey::from_seed([26; 32]);
    let (mut log, _) = HandLog::open(dir.path(), "t26", &key).unwrap();
    let before: Vec<&str> = SCRIPT
        .lines()
        .take_while(|l| !l.starts_with("award"))
        .collect();
    let scenario = Scenario::parse(&before.join("\n")).unwrap();
    {
        let mut s = TableSession::create(scenario.config, Some(&mut log))
            .unwrap()
            .with_floor_staff(test_staff(&[(17, "0042")]));
        scenario.run_on(&mut s, |_, _, _, _| {}).unwrap();
        let queens = Input::Award {
            seat: sn(2),
            amount: ch(2010),
        };

        let refused = s.input(queens).unwrap().unwrap_err();
        assert!(matches!(refused, Refusal::Award(_)), "{refused:?}");
        assert_eq!(s.table().hand().unwrap().pot(), ch(2010), "nothing paid");

        // A wrong PIN rules nothing; the right one rules the override.
        let wrong = floor_keys(&mut s, "170043", Key::Seat(sn(2)));
        assert!(
            matches!(wrong, Outcome::Refused(Refusal::Pin(_))),
            "{wrong:?}"
        );
        let ruled = floor_keys(&mut s, "170042", Key::Seat(sn(2)));
        let Outcome::Accepted(events) = ruled else {
            panic!("{ruled:?}")
        };
        assert_eq!(
            events,
            [Event::Ruled {
                ruling: firmware::Ruling::AwardOverride { seat: sn(2) },
                floor: 17,
            }]
        );
        s.input(queens).unwrap().unwrap();
        assert!(!s.table().in_hand());
    }

    // The log: the refusal, the floor's keys masked, his ruling by number, the payout.
    let timeline = log.timeline(1).unwrap();
    // Without each record's time: a clock reading such as ...560042 is no PIN.
    let said: Vec<String> = timeline
        .iter()
        .map(|e| e.to_string().replacen(&e.at_ms.to_string(), "", 1))
        .collect();
    let all = said.join("\n");
    assert!(!all.contains("0042") && !all.contains("0043"), "{all}");
    let refusals: Vec<&TimelineEntry> = timeline
        .iter()
        .filter(|e| matches!(&e.entry, Entry::Refused { code, .. } if code == "AwardAgainstCards"))
        .collect();
    assert_eq!(refusals.len(), 1, "{all}");
    assert!(all.contains("key * press"), "{all}");
    assert!(all.contains("CORRECTION ruling award 17 2"), "{all}");
    assert!(all.contains("seat 2 wins 2010"), "{all}");
    let filter = HandFilter {
        overrides: true,
        ..HandFilter::default()
    };
    let flagged = log.list_hands(&filter).unwrap();
    assert_eq!(flagged.len(), 1);
    assert_eq!(flagged[0].flags.overrides, 1);
}

/// PD-TOURN-LEVEL, -MOVE, -BUST, -RACE: a tournament table's level, moves, colour-ups
/// and bust-outs go into the signed log and come back from it: the table crash
/// recovery rebuilds is the one that played, at its new level.
#[test]
fn pd_tourn_the_tournaments_inputs_are_logged_and_recovered() {
    let key = TableKey::from_seed([27; 32]);
    let scripts = [
        include_str!("../../../../tests/scenarios/pd_tourn_race_colour_up.scn"),
        include_str!("../../../../tests/scenarios/pd_tourn_bust_simultaneous.scn"),
        include_str!("../../../../tests/scenarios/pd_tourn_move_in_and_out.scn"),
        include_str!("../../../../tests/scenarios/pd_tourn_level_next_hand.scn"),
    ];
    for (i, script) in scripts.iter().enumerate() {
        let id = format!("tourn{i}");
        let dir = tempfile::tempdir().unwrap();
        let (mut log, _) = HandLog::open(dir.path(), &id, &key).unwrap();
        let scenario = Scenario::parse(script).unwrap();
        let live = {
            let mut s = TableSession::create(scenario.config, Some(&mut log)).unwrap();
            scenario.run_on(&mut s, |_, _, _, _| {}).unwrap();
            s.table().clone()
        };
        drop(log);
        let opened = open(dir.path(), &id, &key).unwrap();
        let rebuilt = opened.table.expect("a table in the log");
        assert_eq!(rebuilt.config(), live.config(), "{id}");
        assert_eq!(rebuilt.state(), live.state(), "{id}");
    }
}

/// PD-TOURN-LEVEL at the live table: NEXT HAND asks the tournament's clock first;
/// during a break the hand is refused, saying why, and nothing is dealt; once the
/// clock runs, the new level is set before the hand starts.
#[test]
fn pd_tourn_level_next_hand_asks_the_clock_and_a_break_refuses_the_hand() {
    use crate::session::tournament_table::{Hold, CLOCK_WAIT};
    use std::cell::Cell;
    let mut cfg = TableConfig::new(
        firmware::Game::Holdem,
        firmware::Structure::NoLimit,
        ch(100),
        ch(200),
    );
    cfg.tournament = true;
    let on_break = Cell::new(true);
    let mut s = TableSession::create(cfg, None).unwrap();
    for seat in [sn(1), sn(2), sn(3)] {
        s.input(Input::SitDown {
            seat,
            stack: ch(20_000),
            wait_for_bb: false,
        })
        .unwrap()
        .unwrap();
    }
    s.deal_by(Box::new(|_: &Table| {
        if on_break.get() {
            NextHand::Wait(CLOCK_WAIT, Hold::Break)
        } else {
            NextHand::Deal(vec![Input::SetLevel {
                level: 2,
                small_blind: ch(150),
                big_blind: ch(300),
                ante: 300,
            }])
        }
    }));
    let refused = s.key(press(Key::NextHand, PressKind::Long)).unwrap();
    assert_eq!(refused, Outcome::Refused(Refusal::Clock(Hold::Break)));
    assert!(!s.table().in_hand(), "nothing dealt during the break");
    assert!(refused.to_string().contains("break"), "{refused}");
    on_break.set(false);
    s.key(press(Key::NextHand, PressKind::Long)).unwrap();
    assert!(s.table().in_hand());
    assert_eq!(s.table().state().level, 2);
    assert_eq!(s.table().config().stakes.big_blind, ch(300));
}
