//! The live showdown (RULES.md §10): the order hands are shown in, shows and mucks
//! in turn, hands hidden until tabled, a sole survivor paid without showing, and
//! PD-SHOW's tabling of every hand once a player is all-in. Each test is named after
//! its rule.

#[macro_use]
mod common;
use common::*;
use firmware::rules::ShowdownRule;

fn three() -> Table {
    table(Structure::NoLimit, ch(5), ch(10), &seats_1_to(3, ch(1000)))
}

/// Deals the hole cards and checks or calls every round down to the river's
/// betting, which is left open.
fn to_the_river(t: &mut Table) {
    start(t);
    deal_hole(t);
    loop {
        let h = t.hand().expect("hand");
        match h.phase {
            Phase::Betting if h.street == Street::River => return,
            Phase::Betting => {
                act!(t, Action::CheckCall);
            }
            Phase::Board { .. } => deal_street(t),
            other => panic!("unexpected phase {other:?}"),
        }
    }
}

fn phase(t: &Table) -> Phase {
    t.hand().expect("hand").phase
}

fn next(t: &Table) -> Option<SeatNo> {
    t.hand().and_then(Hand::next_to_show)
}

#[test]
fn r_show_1_the_called_bettor_shows_first() {
    let mut t = three();
    // Button 1, blinds 2 and 3: on the river seat 2 acts first.
    to_the_river(&mut t);
    assert_eq!(to_act(&t), Some(sn(2)));
    act!(t, Action::CheckCall);
    act!(t, Action::BetTo(ch(50))); // seat 3 bets
    act!(t, Action::CheckCall); // seat 1 calls
    let ev = t.handle(Input::Act(Action::CheckCall)).unwrap(); // seat 2 calls
    assert!(ev.contains(&Event::ShowdownOpened { first: sn(3) }));
    assert_eq!(phase(&t), Phase::Showdown);
    assert_eq!(next(&t), Some(sn(3)));
    assert_eq!(
        t.hand().unwrap().showdown_order().as_slice(),
        &[sn(3), sn(1), sn(2)],
        "then clockwise (R-SHOW-3)"
    );
}

#[test]
fn r_show_2_without_a_bet_on_the_river_the_first_left_of_the_button_shows_first() {
    let mut t = three();
    to_the_river(&mut t);
    // A bet on the turn does not matter: only the final round's (R-SHOW-2).
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    assert_eq!(phase(&t), Phase::Showdown);
    assert_eq!(next(&t), Some(sn(2)));
    assert_eq!(
        t.hand().unwrap().showdown_order().as_slice(),
        &[sn(2), sn(3), sn(1)]
    );
}

#[test]
fn r_show_3_a_muck_waits_its_turn_a_show_may_come_early_a_shown_hand_stays() {
    let mut t = three();
    to_the_river(&mut t);
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    // Seat 2 is first: seat 3 may not muck before him.
    refused(
        &mut t,
        Input::Muck { seat: sn(3) },
        RuleError::NotYourTurnToMuck {
            seat: sn(3),
            next: sn(2),
        },
    );
    // But seat 1 may table his hand early.
    let ev = t.handle(Input::Show { seat: sn(1) }).unwrap();
    assert_eq!(ev.as_slice(), &[Event::Shown { seat: sn(1) }]);
    refused(
        &mut t,
        Input::Muck { seat: sn(1) },
        RuleError::AlreadyShown(sn(1)),
    );
    refused(
        &mut t,
        Input::Show { seat: sn(1) },
        RuleError::AlreadyShown(sn(1)),
    );
    // Nothing is paid while a hand is undecided.
    refused(
        &mut t,
        Input::Award {
            seat: sn(1),
            amount: ch(10),
        },
        RuleError::ShowdownOpen(sn(2)),
    );
    // Seat 2 shows, seat 3 mucks: the pot is settled between the shown hands.
    t.handle(Input::Show { seat: sn(2) }).unwrap();
    assert_eq!(next(&t), Some(sn(3)));
    let ev = t.handle(Input::Muck { seat: sn(3) }).unwrap();
    assert!(ev.contains(&Event::Mucked { seat: sn(3) }));
    assert!(ev.contains(&Event::HandOver {
        pot: ch(30),
        contested: true
    }));
    let h = t.hand().unwrap();
    assert_eq!(h.phase, Phase::Settling);
    assert_eq!(h.in_hand().collect::<Vec<_>>(), vec![sn(1), sn(2)]);
    refused(
        &mut t,
        Input::Award {
            seat: sn(3),
            amount: ch(10),
        },
        RuleError::NotEligible(sn(3)),
    );
}

#[test]
fn r_show_3_a_hand_is_tabled_only_once_shown() {
    let mut t = three();
    to_the_river(&mut t);
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    let cfg = *t.config();
    let h = t.hand().unwrap();
    assert!(SeatNo::up_to(3).all(|s| !h.tabled(&cfg, s)));
    t.handle(Input::Show { seat: sn(2) }).unwrap();
    let h = t.hand().unwrap();
    assert!(h.tabled(&cfg, sn(2)));
    assert!(!h.tabled(&cfg, sn(3)) && !h.tabled(&cfg, sn(1)));
}

#[test]
fn r_show_3_a_sole_survivor_wins_without_showing() {
    let mut t = three();
    to_the_river(&mut t);
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    t.handle(Input::Muck { seat: sn(2) }).unwrap();
    let ev = t.handle(Input::Muck { seat: sn(3) }).unwrap();
    assert!(ev.contains(&Event::HandOver {
        pot: ch(30),
        contested: false
    }));
    let cfg = *t.config();
    let h = t.hand().unwrap();
    assert_eq!(h.phase, Phase::Settling);
    assert!(!h.tabled(&cfg, sn(1)), "never shown");
    award_all(&mut t);
    assert_eq!(stack(&t, sn(1)), ch(1020));
}

#[test]
fn r_show_3_undo_takes_back_a_show() {
    let mut t = three();
    to_the_river(&mut t);
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    t.handle(Input::Show { seat: sn(2) }).unwrap();
    t.handle(Input::Undo).unwrap();
    assert!(!t.hand().unwrap().player(sn(2)).shown);
    assert_eq!(next(&t), Some(sn(2)));
}

#[test]
fn pd_show_all_in_with_the_betting_over_every_hand_is_tabled_before_the_board() {
    let mut t = table(
        Structure::NoLimit,
        ch(5),
        ch(10),
        &[(sn(1), ch(100)), (sn(2), ch(100)), (sn(3), ch(1000))],
    );
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::AllIn);
    act!(t, Action::AllIn);
    let ev = t.handle(Input::Act(Action::CheckCall)).unwrap();
    let shown: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Shown { seat } => Some(*seat),
            _ => None,
        })
        .collect();
    // Seat 1's all-in was the last bet of the final round: he is first (R-SHOW-1).
    assert_eq!(shown, vec![sn(1), sn(2), sn(3)]);
    assert!(matches!(phase(&t), Phase::Board { .. }));
    deal_street(&mut t);
    assert_eq!(phase(&t), Phase::Settling, "nothing left to show or muck");
}

#[test]
fn pd_show_a_muck_at_the_settlement_is_refused_once_every_hand_is_tabled() {
    let mut t = table(
        Structure::NoLimit,
        ch(5),
        ch(10),
        &[(sn(1), ch(100)), (sn(2), ch(100))],
    );
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::AllIn);
    act!(t, Action::CheckCall);
    deal_street(&mut t);
    assert_eq!(phase(&t), Phase::Settling);
    refused(&mut t, Input::Muck { seat: sn(2) }, RuleError::NoShowdown);
}

#[test]
fn r_draw_7_the_closing_caller_reveals_last() {
    let mut cfg = TableConfig::new(Game::FiveCardDraw, Structure::FixedLimit, ch(0), ch(0));
    cfg.max_players = 6;
    cfg.stakes.ante = ch(1);
    cfg.stakes.small_bet = ch(2);
    cfg.stakes.big_bet = ch(4);
    let mut t = table_with(cfg, &seats_1_to(3, ch(50)));
    start(&mut t);
    deal_hole(&mut t);
    // Seat 2 opens, both call; everyone stands pat.
    act!(t, Action::BetTo(ch(2)));
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    for _ in 0..3 {
        t.handle(Input::StandPat).unwrap();
    }
    // After the draw seat 2 checks, seat 3 bets, seat 1 and seat 2 call: seat 2's
    // call closed the betting, so he reveals last; seat 3, the bettor, first.
    act!(t, Action::CheckCall);
    act!(t, Action::BetTo(ch(4)));
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    assert_eq!(phase(&t), Phase::Showdown);
    assert_eq!(
        t.hand().unwrap().showdown_order().as_slice(),
        &[sn(3), sn(1), sn(2)]
    );
}

#[test]
fn showdown_tabled_every_hand_is_tabled_at_the_settlement_and_keys_muck() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    cfg.showdown = ShowdownRule::Tabled;
    let mut t = table_with(cfg, &seats_1_to(3, ch(1000)));
    to_the_river(&mut t);
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    let h = t.hand().unwrap();
    assert_eq!(h.phase, Phase::Settling);
    assert!(SeatNo::up_to(3).all(|s| h.tabled(&cfg, s)));
    let ev = t.handle(Input::Muck { seat: sn(3) }).unwrap();
    assert_eq!(ev.as_slice(), &[Event::Mucked { seat: sn(3) }]);
    refused(&mut t, Input::Show { seat: sn(1) }, RuleError::NoShowdown);
}

#[test]
fn r_show_3_the_last_hand_in_for_a_side_pot_cannot_be_mucked() {
    // Seat 1 is all-in for 100; seats 2 and 3 bet on into a side pot and check the
    // river down. Once seat 2 mucks, seat 3 alone is in for the side pot.
    let mut t = table(
        Structure::NoLimit,
        ch(5),
        ch(10),
        &[(sn(1), ch(100)), (sn(2), ch(1000)), (sn(3), ch(1000))],
    );
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::AllIn); // seat 1
    act!(t, Action::CheckCall); // seat 2
    act!(t, Action::CheckCall); // seat 3
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(50))); // seat 2
    act!(t, Action::CheckCall); // seat 3
    for _ in 0..2 {
        deal_street(&mut t);
        act!(t, Action::CheckCall);
        act!(t, Action::CheckCall);
    }
    assert_eq!(phase(&t), Phase::Showdown);
    assert_eq!(next(&t), Some(sn(2)), "no river bet: left of the button");
    t.handle(Input::Muck { seat: sn(2) }).unwrap();
    refused(
        &mut t,
        Input::Muck { seat: sn(3) },
        RuleError::LastHandForPot(sn(3)),
    );
    t.handle(Input::Show { seat: sn(3) }).unwrap();
    // Seat 1 may muck: seat 3 takes everything.
    t.handle(Input::Muck { seat: sn(1) }).unwrap();
    assert_eq!(phase(&t), Phase::Settling);
}

/// E21 on the order alone ([`firmware::hand::show_order`], which the engine's
/// showdown and the hand-history export share).
#[test]
fn e21_showdown_order() {
    use firmware::hand::show_order;
    let order = |list: &[u8], aggressor| show_order(list, aggressor).to_vec();
    // Button S9: S1, S4, S6, S9 see the river. S4 bets, S6 and S9 call, S1 folds.
    assert_eq!(order(&[4, 6, 9], Some(4)), [4, 6, 9]);
    // Checked through on the river (S6 bet the turn): S1 first.
    assert_eq!(order(&[1, 4, 6, 9], None), [1, 4, 6, 9]);
    // R-SHOW-1 with the bettor later in the order: the rest follow clockwise.
    assert_eq!(order(&[1, 4, 6, 9], Some(9)), [9, 1, 4, 6]);
    // An aggressor who is not in the list (folded) is ignored.
    assert_eq!(order(&[1, 4], Some(6)), [1, 4]);
    assert_eq!(order(&[], Some(1)), Vec::<u8>::new());
}
