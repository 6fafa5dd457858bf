//! The worked examples of RULES.md §20 on the table, blinds, straddle, missed blinds,
//! heads-up, dealing, burns and betting limits, each as a test named after it.

#[macro_use]
mod common;
use common::*;

fn six(structure: Structure) -> Table {
    table(structure, ch(5), ch(10), &seats_1_to(6, ch(1000)))
}

#[test]
fn e1_pot_limit_max_after_a_pot_bet() {
    // Heads-up 25/50: the button completes, the big blind checks: flop pot 100.
    let mut t = table(
        Structure::PotLimit,
        ch(25),
        ch(50),
        &[(sn(1), ch(5000)), (sn(2), ch(5000))],
    );
    assert_eq!(start(&mut t), (sn(1), Some(sn(1)), sn(2)));
    deal_hole(&mut t);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    deal_street(&mut t);
    // A (seat 2, first after the button: R-HU-4) bets the pot.
    offer!(t, seat sn(2), call 0, raise 50, 100);
    act!(t, Action::BetTo(ch(100)));
    offer!(t, seat sn(1), call 100, raise 200, 400);
    act!(t, Action::BetTo(ch(400)));
    offer!(t, seat sn(2), call 300, raise 700, 1300);
}

/// Four players put 25 each in preflop at 5/10 pot limit: flop pot 100.
fn four_at_flop_pot_100() -> Table {
    let mut t = table(Structure::PotLimit, ch(5), ch(10), &seats_1_to(4, ch(2000)));
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(3)));
    deal_hole(&mut t);
    act!(t, Action::BetTo(ch(25)));
    check_around(&mut t);
    assert_eq!(t.hand().unwrap().pot(), ch(100));
    deal_street(&mut t);
    t
}

#[test]
fn e2_pot_limit_max_after_a_half_pot_bet() {
    let mut t = four_at_flop_pot_100();
    act!(t, Action::BetTo(ch(50)));
    offer!(t, seat sn(3), call 50, raise 100, 250);
    act!(t, Action::BetTo(ch(250)));
    offer!(t, seat sn(4), call 250, raise 450, 900);
}

#[test]
fn e3_pot_limit_preflop_cash_counts_the_small_blind_as_a_big_blind() {
    let mut t = six(Structure::PotLimit);
    start(&mut t);
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 10, raise 20, 40);
    act!(t, Action::BetTo(ch(40)));
    offer!(t, seat sn(5), call 40, raise 70, 140);
}

#[test]
fn e3_pot_limit_preflop_tournament_uses_the_real_small_blind() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::PotLimit, ch(5), ch(10));
    cfg.pl_sb_virtual = false;
    let mut t = table_with(cfg, &seats_1_to(6, ch(1000)));
    start(&mut t);
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 10, raise 20, 35);
    act!(t, Action::BetTo(ch(35)));
    offer!(t, seat sn(5), call 35, raise 60, 120);
}

#[test]
fn e4_over_pot_bet_is_reduced_and_the_excess_returned() {
    // Three players call 20 at 10/20: flop pot 60.
    let mut t = table(
        Structure::PotLimit,
        ch(10),
        ch(20),
        &[(sn(1), ch(500)), (sn(2), ch(500)), (sn(3), ch(500))],
    );
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    assert_eq!(t.hand().unwrap().pot(), ch(60));
    let ev = events(&mut t, Input::Act(Action::BetTo(ch(100))));
    assert!(ev.contains(&Event::Warning(Warning::OverPot {
        seat: sn(2),
        asked: ch(100),
        max: ch(60)
    })));
    assert!(ev.contains(&Event::Bet {
        seat: sn(2),
        to: ch(60),
        all_in: false
    }));
    assert_eq!(
        stack(&t, sn(2)),
        ch(500 - 20 - 60),
        "40 returned at once (R-PL-5)"
    );
}

#[test]
fn e4_over_pot_bet_is_an_error_when_amounts_are_strict() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::PotLimit, ch(10), ch(20));
    cfg.amounts = firmware::rules::AmountPolicy::Reject;
    let mut t = table_with(cfg, &[(sn(1), ch(500)), (sn(2), ch(500)), (sn(3), ch(500))]);
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    let before = t.clone();
    assert_eq!(
        t.handle(Input::Act(Action::BetTo(ch(100)))),
        Err(RuleError::AboveMaximum { max: ch(60) })
    );
    assert_eq!(t, before, "a refused input changes nothing");
}

#[test]
fn e5_min_raise_ladders() {
    let mut t = six(Structure::NoLimit);
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::CheckCall); // UTG calls 10
    offer!(t, seat sn(5), call 10, raise 20, 1000);
    act!(t, Action::BetTo(ch(20)));
    offer!(t, seat sn(6), call 20, raise 30, 1000);
    // Postflop: bet 75 → 150 → 225 → 300 (C = B + (B − A), R-PL-6).
    let mut t = table(Structure::NoLimit, ch(5), ch(10), &seats_1_to(5, ch(5000)));
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(75)));
    offer!(t, seat sn(3), call 75, raise 150, 4990);
    act!(t, Action::BetTo(ch(150)));
    offer!(t, seat sn(4), call 150, raise 225, 4990);
    act!(t, Action::BetTo(ch(225)));
    offer!(t, seat sn(5), call 225, raise 300, 4990);
}

#[test]
fn e6_straddle_confirmed() {
    let mut t = six(Structure::PotLimit);
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(3)));
    let ev = events(&mut t, Input::Straddle { confirmed: true });
    assert!(ev.contains(&Event::Posted {
        seat: sn(4),
        post: Post::Straddle,
        amount: ch(20),
        all_in: false
    }));
    deal_hole(&mut t);
    // The deal starts with the small blind (R-DEAL-1).
    assert_eq!(t.hand().unwrap().player(sn(2)).holes, 2);
    offer!(t, seat sn(5), call 20, raise 30, 80);
    check_around_until(&mut t, sn(4));
    // All call to the straddler: he may check or raise (R-STRAD-3).
    offer!(t, seat sn(4), call 0, raise 30, 20 + 6 * 20);
}

#[test]
fn e6_straddle_tournament_max_is_75() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::PotLimit, ch(5), ch(10));
    cfg.pl_sb_virtual = false;
    let mut t = table_with(cfg, &seats_1_to(6, ch(1000)));
    start(&mut t);
    t.handle(Input::Straddle { confirmed: true }).unwrap();
    deal_hole(&mut t);
    offer!(t, seat sn(5), call 20, raise 30, 75);
}

#[test]
fn e6_unconfirmed_straddle_loses_the_option() {
    let mut t = six(Structure::PotLimit);
    start(&mut t);
    t.handle(Input::Straddle { confirmed: false }).unwrap();
    let ev = events(&mut t, Input::Card(Read::card(card("As"))));
    assert!(ev.contains(&Event::Warning(Warning::StraddleUnconfirmed {
        seat: sn(4)
    })));
    deal_hole(&mut t);
    for _ in 0..5 {
        act!(t, Action::CheckCall);
    }
    // Everyone called: "S4 may only check; preflop ends" (E6, R-STRAD-4): the action
    // returns to him unraised, so he has his turn, without the raise.
    let o = t.options().unwrap();
    assert_eq!((o.seat, o.call, o.raise), (sn(4), ch(0), None));
    act!(t, Action::CheckCall);
    assert_eq!(t.hand().unwrap().phase, Phase::Board { burn_due: true });
    assert_eq!(stack(&t, sn(4)), ch(980));
}

#[test]
fn e6_unconfirmed_straddle_under_the_earlier_no_option_reading_had_no_turn() {
    // How tables set to `no_option` played before R-STRAD-4 was read as the rule has
    // it; kept so their logs replay as dealt.
    let mut cfg = *six(Structure::PotLimit).config();
    cfg.unconfirmed_straddle = firmware::rules::UnconfirmedStraddle::NoTurn;
    let seats = seats_1_to(6, ch(1000));
    let mut t = table_with(cfg, &seats);
    start(&mut t);
    t.handle(Input::Straddle { confirmed: false }).unwrap();
    deal_hole(&mut t);
    for _ in 0..5 {
        act!(t, Action::CheckCall);
    }
    assert_eq!(t.hand().unwrap().phase, Phase::Board { burn_due: true });
    assert_eq!(stack(&t, sn(4)), ch(980));
}

#[test]
fn e6_straddle_confirmed_late_but_before_the_cards_keeps_the_option() {
    let mut t = six(Structure::NoLimit);
    start(&mut t);
    t.handle(Input::Straddle { confirmed: false }).unwrap();
    let ev = events(&mut t, Input::Straddle { confirmed: true });
    assert_eq!(ev, vec![Event::StraddleConfirmed { seat: sn(4) }]);
    assert_eq!(
        t.handle(Input::Straddle { confirmed: true }),
        Err(RuleError::StraddleAlreadyPosted)
    );
    deal_hole(&mut t);
    check_around_until(&mut t, sn(4));
    assert!(t.options().unwrap().raise.is_some());
}

/// Check/call until `seat` is to act.
fn check_around_until(t: &mut Table, seat: SeatNo) {
    while to_act(t) != Some(seat) {
        t.handle(Input::Act(Action::CheckCall)).expect("check/call");
    }
}

#[test]
fn e7_heads_up_pot_limit() {
    let mut t = table(
        Structure::PotLimit,
        ch(5),
        ch(10),
        &[(sn(1), ch(1000)), (sn(2), ch(1000))],
    );
    // R-HU-1: the button (seat 1) posts the small blind.
    assert_eq!(start(&mut t), (sn(1), Some(sn(1)), sn(2)));
    // R-HU-2 / R-DEAL-2: the big blind gets the first card: S2, S1, S2, S1.
    let mut seats = Vec::new();
    for c in ["2c", "3c", "4c", "5c"] {
        for e in events(&mut t, Input::Card(Read::card(card(c)))) {
            if let Event::HoleCard { seat, .. } = e {
                seats.push(seat);
            }
        }
    }
    assert_eq!(seats, [2, 1, 2, 1].map(sn));
    // R-HU-3: the button acts first preflop.
    offer!(t, seat sn(1), call 5, raise 20, 30);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(2), call 0, raise 20, 30);
    act!(t, Action::CheckCall);
    deal_street(&mut t);
    // R-HU-4: the big blind acts first after the flop.
    assert_eq!(to_act(&t), Some(sn(2)));
}

#[test]
fn e8_missed_blinds_post_big_live_and_small_dead() {
    let mut t = six(Structure::PotLimit);
    // H1..H4: the big blind walks from seat 3 to seat 6.
    for _ in 0..4 {
        start(&mut t);
        fold_out(&mut t);
    }
    assert_eq!(t.hand().unwrap().big_blind, sn(6));
    // Seat 6 sits out: H5 has no small blind (his seat), he owes it (PD-BTN (2)).
    t.handle(Input::SitOut { seat: sn(6) }).unwrap();
    for _ in 0..5 {
        start(&mut t);
        fold_out(&mut t);
    }
    // H10: the big blind passes seat 6: he owes it too.
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::MissedBlind {
        seat: sn(6),
        big: true
    }));
    fold_out(&mut t);
    let s6 = t.seat(sn(6)).unwrap();
    assert!(s6.owes_big && s6.owes_small && !s6.new_player);
    start(&mut t);
    fold_out(&mut t);
    // H12: button 1, SB 2, BB 3. Seat 6 returns and posts 10 live + 5 dead.
    t.handle(Input::SitIn {
        seat: sn(6),
        wait_for_bb: false,
    })
    .unwrap();
    let ev = events(&mut t, Input::StartHand);
    let h = t.hand().unwrap();
    assert_eq!(
        (h.button, h.small_blind, h.big_blind),
        (sn(1), Some(sn(2)), sn(3))
    );
    assert!(ev.contains(&Event::Posted {
        seat: sn(6),
        post: Post::EnterBigBlind,
        amount: ch(10),
        all_in: false
    }));
    assert!(ev.contains(&Event::Posted {
        seat: sn(6),
        post: Post::DeadSmallBlind,
        amount: ch(5),
        all_in: false
    }));
    assert_eq!(t.hand().unwrap().pot(), ch(30));
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 10, raise 20, 55);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    // Unraised to seat 6: his live post gives him the option (PD-MISS).
    // D = 5 + 10 + 10 + 5 dead + 10 + 10 = 50, plus 5 for the small blind: 10 + 55.
    offer!(t, seat sn(6), call 0, raise 20, 65);
}

#[test]
fn e9a_two_orbits_missed_post_one_big_blind_like_a_new_player() {
    let mut t = six(Structure::NoLimit);
    t.handle(Input::SitOut { seat: sn(6) }).unwrap();
    start(&mut t); // H1: BB 3
    fold_out(&mut t);
    // The big blind passes seat 6 twice (hands 4 and 9).
    for _ in 0..9 {
        start(&mut t);
        fold_out(&mut t);
    }
    let s6 = *t.seat(sn(6)).unwrap();
    assert!(s6.new_player && !s6.owes_big && !s6.owes_small, "{s6:?}");
    t.handle(Input::SitIn {
        seat: sn(6),
        wait_for_bb: false,
    })
    .unwrap();
    let ev = events(&mut t, Input::StartHand);
    assert!(t.hand().unwrap().player(sn(6)).dealt);
    let posts: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::Posted { seat, .. } if *seat == sn(6)))
        .collect();
    assert_eq!(
        posts,
        [&Event::Posted {
            seat: sn(6),
            post: Post::EnterBigBlind,
            amount: ch(10),
            all_in: false
        }]
    );
}

#[test]
fn e9b_new_player_between_button_and_blinds_waits() {
    // Seats 1, 2, 4, 5 play; after hand 1 (button 1, SB 2, BB 4) ...
    let mut t = table(
        Structure::NoLimit,
        ch(5),
        ch(10),
        &[
            (sn(1), ch(1000)),
            (sn(2), ch(1000)),
            (sn(4), ch(1000)),
            (sn(5), ch(1000)),
        ],
    );
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(4)));
    fold_out(&mut t);
    // ... hand 2 has button 2, SB 4, BB 5: a new player in seat 3 sits between the
    // button and the small blind and is not dealt in (R-MISS-5).
    t.handle(Input::SitDown {
        seat: sn(3),
        stack: ch(1000),
        wait_for_bb: false,
    })
    .unwrap();
    assert_eq!(start(&mut t), (sn(2), Some(sn(4)), sn(5)));
    assert!(!t.hand().unwrap().player(sn(3)).dealt);
    fold_out(&mut t);
    // Hand 3: button 4: the button has passed him: he posts a big blind and plays.
    let ev = events(&mut t, Input::StartHand);
    assert_eq!(t.hand().unwrap().button, sn(4));
    assert!(t.hand().unwrap().player(sn(3)).dealt);
    assert!(ev.contains(&Event::Posted {
        seat: sn(3),
        post: Post::EnterBigBlind,
        amount: ch(10),
        all_in: false
    }));
}

#[test]
fn e9c_new_player_in_the_vacated_small_blind_seat_posts_a_big_blind() {
    let mut t = six(Structure::NoLimit);
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(3)));
    fold_out(&mut t);
    // Seat 3 (next hand's small blind) leaves; a new player takes the seat.
    t.handle(Input::Leave { seat: sn(3) }).unwrap();
    t.handle(Input::SitDown {
        seat: sn(3),
        stack: ch(800),
        wait_for_bb: false,
    })
    .unwrap();
    let ev = events(&mut t, Input::StartHand);
    let h = t.hand().unwrap();
    assert_eq!((h.button, h.big_blind), (sn(2), sn(4)));
    assert!(h.player(sn(3)).dealt);
    assert_eq!(
        h.small_blind, None,
        "his big blind replaces the small blind (PD-MISS)"
    );
    assert!(ev.contains(&Event::Posted {
        seat: sn(3),
        post: Post::EnterBigBlind,
        amount: ch(10),
        all_in: false
    }));
}

#[test]
fn e10_fixed_limit_cap_preflop_and_turn() {
    let mut t = table(Structure::FixedLimit, ch(1), ch(2), &seats_1_to(5, ch(100)));
    start(&mut t);
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 2, raise 4, 4);
    act!(t, Action::BetTo(ch(4)));
    act!(t, Action::BetTo(ch(6)));
    act!(t, Action::BetTo(ch(8))); // the button caps (R-FL-2)
    offer!(t, seat sn(2), call 7, no raise);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(3), call 6, no raise);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(4), call 4, no raise);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(5), call 2, no raise);
    act!(t, Action::CheckCall);
    deal_street(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    // Turn: the big bet, 4: bet 4, raises to 8, 12, cap 16.
    offer!(t, seat sn(2), call 0, raise 4, 4);
    for to in [4, 8, 12, 16] {
        act!(t, Action::BetTo(ch(to)));
    }
    offer!(t, seat sn(1), call 16, no raise);
}

#[test]
fn e10_fixed_limit_15_30_small_blind_completes_with_5() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::FixedLimit, ch(10), ch(15));
    cfg.stakes.small_bet = ch(15);
    cfg.stakes.big_bet = ch(30);
    let mut t = table_with(
        cfg,
        &[(sn(1), ch(1000)), (sn(2), ch(1000)), (sn(3), ch(1000))],
    );
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::CheckCall); // button calls 15
    offer!(t, seat sn(2), call 5, raise 30, 30);
    act!(t, Action::BetTo(ch(30)));
    act!(t, Action::BetTo(ch(45)));
    act!(t, Action::BetTo(ch(60)));
    offer!(t, seat sn(2), call 30, no raise);
}

#[test]
fn e19_incomplete_all_in_does_not_reopen_the_betting() {
    let mut t = table(
        Structure::NoLimit,
        ch(5),
        ch(10),
        &[
            (sn(1), ch(1000)),
            (sn(2), ch(1000)),
            (sn(3), ch(70)),
            (sn(4), ch(1000)),
        ],
    );
    start(&mut t); // button 1, SB 2, BB 3, UTG 4
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    // Flop: seat 2 (A) bets 40; seat 3 (B) all-in to 60; seat 4 (C) may raise to 100.
    act!(t, Action::BetTo(ch(40)));
    act!(t, Action::AllIn);
    offer!(t, seat sn(4), call 60, raise 100, 990);
    act!(t, Action::CheckCall);
    // Seat 1 (not yet acted) may still raise.
    offer!(t, seat sn(1), call 60, raise 100, 990);
    act!(t, Action::CheckCall);
    // A faces only the short all-in: call 20 or fold.
    offer!(t, seat sn(2), call 20, no raise);
    assert_eq!(
        t.handle(Input::Act(Action::BetTo(ch(100)))),
        Err(RuleError::RaiseNotAllowed(sn(2)))
    );
}

#[test]
fn e20_deal_and_burn_reads() {
    let mut t = table(
        Structure::NoLimit,
        ch(5),
        ch(10),
        &[
            (sn(1), ch(1000)),
            (sn(3), ch(1000)),
            (sn(5), ch(1000)),
            (sn(8), ch(1000)),
        ],
    );
    t.handle(Input::PlaceButton { seat: sn(3) }).unwrap();
    assert_eq!(start(&mut t), (sn(3), Some(sn(5)), sn(8)));
    let mut order = Vec::new();
    let mut reads = 0;
    let mut i = 0u8;
    while t.hand().unwrap().phase == Phase::Dealing {
        let c = next_unseen(&t, &mut i);
        reads += 1;
        for e in events(&mut t, Input::Card(Read::card(c))) {
            if let Event::HoleCard { seat, .. } = e {
                order.push(seat);
            }
        }
    }
    assert_eq!(order, [5, 8, 1, 3, 5, 8, 1, 3].map(sn));
    assert_eq!(to_act(&t), Some(sn(1)), "UTG is seat 1");
    loop {
        check_around(&mut t);
        match t.hand().unwrap().phase {
            Phase::Board { .. } => {
                let before = t.hand().unwrap().burns as usize + t.hand().unwrap().board.len();
                deal_street(&mut t);
                let h = t.hand().unwrap();
                reads += h.burns as usize + h.board.len() - before;
            }
            _ => break,
        }
    }
    assert_eq!(reads, 16, "2N + 8 reads (R-STREET-2)");
    let h = t.hand().unwrap();
    assert_eq!((h.burns, h.board.len()), (3, 5));
}
