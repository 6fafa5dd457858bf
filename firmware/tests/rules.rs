//! One test (at least) per numbered rule of RULES.md on the table, blinds, straddle,
//! missed blinds, heads-up, dealing, burns, streets, betting order and limits. Each
//! test is named after its rule. The worked examples are in `examples.rs`.

#[macro_use]
mod common;
use common::*;
use firmware::rules::{
    AnteMode, ButtonRule, FlCap, FlShortAllIn, StraddleMinRaise, UnconfirmedStraddle,
};

fn nl(seats: &[(SeatNo, Chips)]) -> Table {
    table(Structure::NoLimit, ch(5), ch(10), seats)
}

fn five() -> Table {
    nl(&seats_1_to(5, ch(1000)))
}

// Tests for the TABLE (RULES.md §4)

#[test]
fn r_table_1_eleven_seats_only_when_configured() {
    let mut t = nl(&[]);
    refused(
        &mut t,
        Input::SitDown {
            seat: sn(11),
            stack: ch(100),
            wait_for_bb: false,
        },
        RuleError::NoSuchSeat(sn(11)),
    );
    let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    cfg.max_players = 11;
    let mut t = table_with(cfg, &[(sn(11), ch(100)), (sn(1), ch(100))]);
    assert_eq!(start(&mut t), (sn(1), Some(sn(1)), sn(11)));
    cfg.max_players = 12;
    assert!(Table::new(cfg).is_err());
}

#[test]
fn r_table_3_first_button_goes_to_the_first_player_left_of_the_dealer() {
    let mut t = nl(&[(sn(4), ch(100)), (sn(7), ch(100)), (sn(9), ch(100))]);
    assert_eq!(start(&mut t), (sn(4), Some(sn(7)), sn(9)));
    let mut t = nl(&[(sn(4), ch(100)), (sn(7), ch(100)), (sn(9), ch(100))]);
    t.handle(Input::PlaceButton { seat: sn(9) }).unwrap();
    assert_eq!(start(&mut t), (sn(9), Some(sn(4)), sn(7)));
    fold_out(&mut t);
    refused(
        &mut t,
        Input::PlaceButton { seat: sn(4) },
        RuleError::ButtonAlreadyPlaced,
    );
}

#[test]
fn r_table_4_chips_are_added_only_between_hands() {
    let mut t = five();
    start(&mut t);
    refused(
        &mut t,
        Input::TopUp {
            seat: sn(1),
            amount: ch(100),
        },
        RuleError::HandInProgress,
    );
    refused(
        &mut t,
        Input::SitDown {
            seat: sn(6),
            stack: ch(100),
            wait_for_bb: false,
        },
        RuleError::HandInProgress,
    );
    refused(
        &mut t,
        Input::Leave { seat: sn(1) },
        RuleError::PlayerInHand(sn(1)),
    );
    fold_out(&mut t);
    let ev = events(
        &mut t,
        Input::TopUp {
            seat: sn(1),
            amount: ch(100),
        },
    );
    assert_eq!(
        ev,
        vec![Event::ToppedUp {
            seat: sn(1),
            amount: ch(100),
            stack: stack(&t, sn(1))
        }]
    );
    refused(
        &mut t,
        Input::TopUp {
            seat: sn(6),
            amount: ch(100),
        },
        RuleError::SeatEmpty(sn(6)),
    );
    refused(
        &mut t,
        Input::SitDown {
            seat: sn(1),
            stack: ch(100),
            wait_for_bb: false,
        },
        RuleError::SeatTaken(sn(1)),
    );
}

// Tests for the BUTTON and BLINDS (RULES.md §5)

#[test]
fn r_btn_1_the_button_moves_one_player_clockwise_each_hand() {
    let mut t = five();
    let mut buttons = Vec::new();
    for _ in 0..6 {
        buttons.push(start(&mut t).0);
        fold_out(&mut t);
    }
    assert_eq!(buttons, [1, 2, 3, 4, 5, 1].map(sn));
}

#[test]
fn r_blind_1_small_and_big_blind_left_of_the_button() {
    let mut t = five();
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(2),
        post: Post::SmallBlind,
        amount: ch(5),
        all_in: false
    }));
    assert!(ev.contains(&Event::Posted {
        seat: sn(3),
        post: Post::BigBlind,
        amount: ch(10),
        all_in: false
    }));
}

#[test]
fn r_ante_1_antes_are_dead_money_not_part_of_the_call() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::PotLimit, ch(5), ch(10));
    cfg.stakes.ante = ch(2);
    cfg.pl_sb_virtual = false;
    let mut t = table_with(cfg, &seats_1_to(4, ch(100)));
    start(&mut t);
    assert_eq!(t.hand().unwrap().pot(), ch(23));
    deal_hole(&mut t);
    // Antes count in the pot for pot-limit sizing: 10 + 23 + 10 = 43.
    offer!(t, seat sn(4), call 10, raise 20, 43);
}

#[test]
fn r_ante_1_big_blind_ante() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    cfg.stakes.ante = ch(10);
    cfg.stakes.ante_mode = AnteMode::BigBlind;
    let mut t = table_with(cfg, &[(sn(1), ch(100)), (sn(2), ch(100)), (sn(3), ch(100))]);
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(3),
        post: Post::Ante,
        amount: ch(10),
        all_in: false
    }));
    assert_eq!(stack(&t, sn(3)), ch(80));
    assert_eq!(stack(&t, sn(1)), ch(100));
}

#[test]
fn pd_shortblind_a_short_big_blind_posts_all_in_and_the_call_stays_a_full_big_blind() {
    let mut t = nl(&[
        (sn(1), ch(100)),
        (sn(2), ch(100)),
        (sn(3), ch(6)),
        (sn(4), ch(100)),
    ]);
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(3),
        post: Post::BigBlind,
        amount: ch(6),
        all_in: true
    }));
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 10, raise 20, 100);
}

#[test]
fn pd_btn_dead_button_when_the_small_blind_seat_empties() {
    let mut t = five();
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(3)));
    fold_out(&mut t);
    // Seat 3 (next small blind) leaves: no small blind next hand; button on seat 2.
    t.handle(Input::Leave { seat: sn(3) }).unwrap();
    assert_eq!(start(&mut t), (sn(2), None, sn(4)));
    fold_out(&mut t);
    // The button is then dead on the empty seat 3 (PD-BTN (3)).
    assert_eq!(start(&mut t), (sn(3), Some(sn(4)), sn(5)));
}

#[test]
fn pd_btn_moving_button_skips_empty_seats() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    cfg.button_rule = ButtonRule::MovingButton;
    let mut t = table_with(cfg, &seats_1_to(4, ch(100)));
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(3)));
    fold_out(&mut t);
    t.handle(Input::Leave { seat: sn(3) }).unwrap();
    assert_eq!(start(&mut t), (sn(2), Some(sn(4)), sn(1)));
}

// Tests for the STRADDLE (RULES.md §6)

#[test]
fn r_strad_1_only_the_player_left_of_the_big_blind_and_only_once() {
    let mut t = five();
    start(&mut t);
    let ev = events(&mut t, Input::Straddle { confirmed: true });
    assert!(ev.contains(&Event::Posted {
        seat: sn(4),
        post: Post::Straddle,
        amount: ch(20),
        all_in: false
    }));
    refused(
        &mut t,
        Input::Straddle { confirmed: true },
        RuleError::StraddleAlreadyPosted,
    );
}

#[test]
fn r_strad_2_the_straddle_is_twice_the_big_blind_before_any_hole_card() {
    let mut t = five();
    start(&mut t);
    t.handle(Input::Card(Read::card(card("As")))).unwrap();
    refused(
        &mut t,
        Input::Straddle { confirmed: true },
        RuleError::StraddleTooLate,
    );
    let mut t = nl(&[
        (sn(1), ch(100)),
        (sn(2), ch(100)),
        (sn(3), ch(100)),
        (sn(4), ch(20)),
    ]);
    start(&mut t);
    refused(
        &mut t,
        Input::Straddle { confirmed: true },
        RuleError::StraddleShort(sn(4)),
    );
}

#[test]
fn r_strad_3_the_straddle_is_live() {
    let mut t = five();
    start(&mut t);
    t.handle(Input::Straddle { confirmed: true }).unwrap();
    deal_hole(&mut t);
    assert_eq!(
        to_act(&t),
        Some(sn(5)),
        "action starts left of the straddler (PD-STRAD)"
    );
    check_around(&mut t);
    // Everyone called 20; the straddler checked his option: the flop is due.
    assert_eq!(t.hand().unwrap().phase, Phase::Board { burn_due: true });
}

#[test]
fn r_strad_5_min_raise_after_a_straddle_is_the_big_blind_or_the_straddle() {
    let mut t = five();
    start(&mut t);
    t.handle(Input::Straddle { confirmed: true }).unwrap();
    deal_hole(&mut t);
    offer!(t, seat sn(5), call 20, raise 30, 1000);
    let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    cfg.straddle_min_raise = StraddleMinRaise::Straddle;
    let mut t = table_with(cfg, &seats_1_to(5, ch(1000)));
    start(&mut t);
    t.handle(Input::Straddle { confirmed: true }).unwrap();
    deal_hole(&mut t);
    offer!(t, seat sn(5), call 20, raise 40, 1000);
}

#[test]
fn pd_strad_no_straddle_with_fewer_than_three_players() {
    let mut t = nl(&[(sn(1), ch(100)), (sn(2), ch(100))]);
    start(&mut t);
    refused(
        &mut t,
        Input::Straddle { confirmed: true },
        RuleError::StraddleNotAllowed,
    );
}

// Tests for MISSED BLINDS and NEW PLAYERS (RULES.md §7)

#[test]
fn r_miss_1_a_player_who_sits_out_owes_the_blinds_he_misses() {
    let mut t = five();
    start(&mut t); // BB 3
    fold_out(&mut t);
    t.handle(Input::SitOut { seat: sn(4) }).unwrap();
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::MissedBlind {
        seat: sn(4),
        big: true
    }));
    assert_eq!(t.hand().unwrap().big_blind, sn(5));
    assert!(!t.hand().unwrap().player(sn(4)).dealt);
    fold_out(&mut t);
    // He comes back. Next hand (button 3, SB 5, BB 1) he sits between the button and
    // the blinds and waits (R-MISS-5); the hand after he posts the big blind live.
    t.handle(Input::SitIn {
        seat: sn(4),
        wait_for_bb: false,
    })
    .unwrap();
    assert_eq!(start(&mut t), (sn(3), Some(sn(5)), sn(1)));
    assert!(!t.hand().unwrap().player(sn(4)).dealt);
    fold_out(&mut t);
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(4),
        post: Post::EnterBigBlind,
        amount: ch(10),
        all_in: false
    }));
    assert!(!t.seat(sn(4)).unwrap().owes_big);
}

#[test]
fn r_miss_2_missed_small_blind_is_posted_dead() {
    let mut t = five();
    start(&mut t); // BB 3
    fold_out(&mut t);
    // Seat 3, last big blind, sits out: the small blind is his seat's (PD-BTN (2)).
    t.handle(Input::SitOut { seat: sn(3) }).unwrap();
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::MissedBlind {
        seat: sn(3),
        big: false
    }));
    assert_eq!(t.hand().unwrap().small_blind, None);
    fold_out(&mut t);
    t.handle(Input::SitIn {
        seat: sn(3),
        wait_for_bb: false,
    })
    .unwrap();
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(3),
        post: Post::DeadSmallBlind,
        amount: ch(5),
        all_in: false
    }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Posted {
            seat,
            post: Post::EnterBigBlind,
            ..
        } if *seat == sn(3)
    )));
    // The dead small blind is not his bet: he still owes the full big blind.
    deal_hole(&mut t);
    while to_act(&t) != Some(sn(3)) {
        act!(t, Action::CheckCall);
    }
    let all_in = stack(&t, sn(3));
    offer!(t, seat sn(3), call 10, raise 20, all_in.get());
}

#[test]
fn r_miss_5_a_player_waiting_for_the_big_blind_is_dealt_in_when_it_reaches_him() {
    let mut t = five();
    start(&mut t); // BB 3
    fold_out(&mut t);
    t.handle(Input::SitDown {
        seat: sn(7),
        stack: ch(300),
        wait_for_bb: true,
    })
    .unwrap();
    let mut hands = 0;
    loop {
        let (_, _, bb) = start(&mut t);
        hands += 1;
        if bb == sn(7) {
            assert!(t.hand().unwrap().player(sn(7)).dealt);
            break;
        }
        assert!(
            !t.hand().unwrap().player(sn(7)).dealt,
            "waits for the big blind"
        );
        fold_out(&mut t);
    }
    assert_eq!(hands, 3, "BB 4, 5, then 7");
}

#[test]
fn pd_miss_big_blind_of_a_new_player_has_the_option() {
    let mut t = five();
    start(&mut t);
    fold_out(&mut t);
    t.handle(Input::SitDown {
        seat: sn(8),
        stack: ch(300),
        wait_for_bb: false,
    })
    .unwrap();
    start(&mut t); // button 2, SB 3, BB 4: seat 8 is not between them
    assert!(t.hand().unwrap().player(sn(8)).dealt);
    deal_hole(&mut t);
    while to_act(&t) != Some(sn(8)) {
        act!(t, Action::CheckCall);
    }
    offer!(t, seat sn(8), call 0, raise 20, 300);
}

// Tests for HEADS-UP (RULES.md §9 R-HU)

#[test]
fn r_hu_1_becoming_heads_up_nobody_posts_the_big_blind_twice() {
    let mut t = nl(&[(sn(1), ch(100)), (sn(2), ch(100)), (sn(3), ch(100))]);
    assert_eq!(start(&mut t), (sn(1), Some(sn(2)), sn(3)));
    fold_out(&mut t);
    t.handle(Input::Leave { seat: sn(1) }).unwrap();
    // Heads-up: seat 3 posted the big blind; now seat 2 does and seat 3 has the button.
    assert_eq!(start(&mut t), (sn(3), Some(sn(3)), sn(2)));
    fold_out(&mut t);
    assert_eq!(start(&mut t), (sn(2), Some(sn(2)), sn(3)));
}

// Tests for DEALING, BURNS and STREETS (RULES.md §8)

#[test]
fn r_deal_1_omaha_deals_four_rounds_from_the_small_blind() {
    let cfg = TableConfig::new(Game::Omaha, Structure::PotLimit, ch(5), ch(10));
    let mut t = table_with(cfg, &[(sn(1), ch(100)), (sn(2), ch(100)), (sn(3), ch(100))]);
    start(&mut t);
    let mut order = Vec::new();
    let mut i = 0;
    while t.hand().unwrap().phase == Phase::Dealing {
        let c = next_unseen(&t, &mut i);
        for e in events(&mut t, Input::Card(Read::card(c))) {
            if let Event::HoleCard { seat, .. } = e {
                order.push(seat);
            }
        }
    }
    assert_eq!(order, [2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1].map(sn));
}

#[test]
fn r_burn_1_a_burn_comes_before_flop_turn_and_river() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    refused(
        &mut t,
        Input::Card(Read::card(card("Kd"))),
        RuleError::MissingBurn,
    );
    t.handle(Input::Card(Read::burn(card("Kd")))).unwrap();
    refused(
        &mut t,
        Input::Card(Read::burn(card("Qd"))),
        RuleError::UnexpectedBurn,
    );
    for c in ["Ah", "Ac", "Ad"] {
        t.handle(Input::Card(Read::card(card(c)))).unwrap();
    }
    assert_eq!(t.hand().unwrap().phase, Phase::Betting);
}

#[test]
fn pd_rfid_duplicate_unexpected_and_premature_cards_are_refused() {
    let mut t = five();
    refused(
        &mut t,
        Input::Card(Read::card(card("As"))),
        RuleError::NoCardExpected,
    );
    start(&mut t);
    t.handle(Input::Card(Read::card(card("As")))).unwrap();
    refused(
        &mut t,
        Input::Card(Read::card(card("As"))),
        RuleError::DuplicateCard(card("As")),
    );
    deal_hole(&mut t);
    refused(
        &mut t,
        Input::Card(Read::burn(card("2c"))),
        RuleError::BettingNotComplete { to_act: sn(4) },
    );
}

/// The floor (number 9) rules the board just refused premature, naming the turn card
/// to set aside and the burn that stays.
fn premature_ruling(card: Option<&str>, burn: Option<&str>) -> Input {
    let ruling = Ruling::Premature {
        card: card.map(common::card),
        burn: burn.map(common::card),
    };
    Input::Ruling { ruling, floor: 9 }
}

fn premature(t: &mut Table, card: Option<&str>, burn: Option<&str>) -> Result<(), RuleError> {
    t.handle(premature_ruling(card, burn)).map(|_| ())
}

/// `read` is refused as a card already seen this hand (PD-RFID).
fn duplicate(t: &mut Table, read: Read) {
    let c = read.card.expect("a card");
    refused(t, Input::Card(read), RuleError::DuplicateCard(c));
}

/// Five players dealt known hole cards (2s..6s, 2h..6h), betting preflop.
fn five_dealt() -> Table {
    let mut t = five();
    start(&mut t);
    for c in ["2s", "3s", "4s", "5s", "6s", "2h", "3h", "4h", "5h", "6h"] {
        t.handle(Input::Card(Read::card(card(c)))).unwrap();
    }
    t
}

#[test]
fn pd_premature_the_burn_that_stays_counts_as_seen() {
    // A premature flop: the burn stays, the flop cards go back into the stub.
    let mut t = five_dealt();
    refused(
        &mut t,
        Input::Card(Read::burn(card("2c"))),
        RuleError::BettingNotComplete { to_act: sn(4) },
    );
    premature(&mut t, Some("Kd"), Some("2c")).unwrap();
    assert_eq!(t.hand().unwrap().burns, 1, "the burn taken counts");
    check_around(&mut t);
    // The new flop comes without a burn; the burn that stayed is a duplicate, the
    // premature flop's cards (Kd) may come again.
    duplicate(&mut t, Read::card(card("2c")));
    for c in ["Kd", "8c", "9s"] {
        t.handle(Input::Card(Read::card(card(c)))).unwrap();
    }
    check_around(&mut t);
    duplicate(&mut t, Read::burn(card("2c")));

    // A premature turn: the burn stays and the turn card is set aside; the turn is
    // burnt again with another card.
    let mut t = five_dealt();
    check_around(&mut t);
    deal_street(&mut t);
    premature(&mut t, Some("Jd"), Some("3c")).unwrap();
    check_around(&mut t);
    duplicate(&mut t, Read::burn(card("3c")));
    duplicate(&mut t, Read::burn(card("Jd")));
    t.handle(Input::Card(Read::burn(card("4c")))).unwrap();
    t.handle(Input::Card(Read::card(card("Qd")))).unwrap();
    check_around(&mut t);
    // The river without a burn: the set-aside card is back in the stub, the burn not.
    duplicate(&mut t, Read::card(card("3c")));
    t.handle(Input::Card(Read::card(card("Jd")))).unwrap();
    assert_eq!(t.hand().unwrap().burns, 3, "one burn a street, as always");

    // A premature river: its burn stays, its card goes back.
    let mut t = five_dealt();
    for _ in 0..2 {
        check_around(&mut t);
        deal_street(&mut t);
    }
    premature(&mut t, Some("Ts"), Some("5c")).unwrap();
    check_around(&mut t);
    duplicate(&mut t, Read::card(card("5c")));
    t.handle(Input::Card(Read::card(card("Ts")))).unwrap();
}

#[test]
fn pd_premature_a_ruling_naming_a_card_already_seen_changes_nothing() {
    let mut t = five_dealt();
    // A hole card cannot be the burn.
    refused(
        &mut t,
        premature_ruling(None, Some("2s")),
        RuleError::DuplicateCard(card("2s")),
    );
    check_around(&mut t);
    deal_street(&mut t);
    // One card cannot be both the burn and the set-aside turn card.
    refused(
        &mut t,
        premature_ruling(Some("Jd"), Some("Jd")),
        RuleError::DuplicateCard(card("Jd")),
    );
    // A ruling written before the burn was kept names none, and plays as it did.
    premature(&mut t, Some("Jd"), None).unwrap();
    assert_eq!(t.hand().unwrap().burns, 1);
}

#[test]
fn r_deck_3_the_short_deck_refuses_a_six() {
    let mut cfg = TableConfig::new(Game::FiveCardDraw, Structure::FixedLimit, ch(0), ch(0));
    cfg.max_players = 6;
    cfg.short_deck = true;
    cfg.stakes.ante = ch(1);
    cfg.stakes.small_bet = ch(2);
    cfg.stakes.big_bet = ch(4);
    let mut t = table_with(cfg, &[(sn(1), ch(100)), (sn(2), ch(100))]);
    start(&mut t);
    refused(
        &mut t,
        Input::Card(Read::card(card("6s"))),
        RuleError::NotInDeck(card("6s")),
    );
}

#[test]
fn r_street_3_everyone_folds_the_hand_ends_at_once() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::BetTo(ch(30)));
    for _ in 0..4 {
        act!(t, Action::Fold);
    }
    let h = t.hand().unwrap();
    assert_eq!(h.phase, Phase::Settling);
    assert_eq!(
        h.pot(),
        ch(5 + 10 + 10),
        "the uncalled 20 went back (R-POT-2)"
    );
    assert_eq!(stack(&t, sn(4)), ch(990));
}

#[test]
fn r_street_3_all_in_the_board_is_dealt_without_betting() {
    let mut t = nl(&[(sn(1), ch(100)), (sn(2), ch(100)), (sn(3), ch(1000))]);
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::AllIn);
    act!(t, Action::AllIn);
    act!(t, Action::CheckCall);
    // Burn and flop, burn and turn, burn and river, with no betting between.
    assert!(matches!(t.hand().unwrap().phase, Phase::Board { .. }));
    deal_street(&mut t);
    let h = t.hand().unwrap();
    assert_eq!(
        (h.phase, h.board.len(), h.pot()),
        (Phase::Settling, 5, ch(300))
    );
}

// Tests for BETTING ORDER and ACTIONS (RULES.md §9)

#[test]
fn r_bet_2_blinds_are_bets_only_the_big_blind_has_the_option() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 10, raise 20, 1000);
    for _ in 0..4 {
        act!(t, Action::CheckCall);
    }
    offer!(t, seat sn(3), call 0, raise 20, 1000);
    let ev = events(&mut t, Input::Act(Action::CheckCall));
    assert!(ev.contains(&Event::Checked { seat: sn(3) }));
    assert!(ev.contains(&Event::RoundComplete {
        street: Street::Preflop
    }));
}

#[test]
fn r_bet_3_after_the_flop_the_first_active_player_left_of_the_button_acts() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    act!(t, Action::Fold); // the small blind folds
    act!(t, Action::CheckCall);
    deal_street(&mut t);
    assert_eq!(to_act(&t), Some(sn(3)));
}

#[test]
fn r_bet_4_the_round_ends_when_all_have_acted_and_matched() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::CheckCall);
    act!(t, Action::BetTo(ch(20)));
    for _ in 0..3 {
        act!(t, Action::CheckCall);
    }
    // The first checker must still answer the bet.
    offer!(t, seat sn(2), call 20, raise 40, 990);
    let ev = events(&mut t, Input::Act(Action::CheckCall));
    assert!(ev.contains(&Event::RoundComplete {
        street: Street::Flop
    }));
}

#[test]
fn r_bet_5_facing_a_raise_the_blinds_add_only_the_difference() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::BetTo(ch(40))); // BB raised by 3 BB
    act!(t, Action::Fold);
    act!(t, Action::Fold);
    offer!(t, seat sn(2), call 35, raise 70, 1000);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(3), call 30, raise 70, 1000);
}

#[test]
fn r_bet_6_check_raise_is_allowed() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::CheckCall);
    act!(t, Action::BetTo(ch(10)));
    check_around_to(&mut t, sn(2));
    let ev = events(&mut t, Input::Act(Action::BetTo(ch(40))));
    assert!(ev.contains(&Event::Raised {
        seat: sn(2),
        to: ch(40),
        all_in: false
    }));
}

fn check_around_to(t: &mut Table, seat: SeatNo) {
    while to_act(t) != Some(seat) {
        t.handle(Input::Act(Action::CheckCall)).unwrap();
    }
}

#[test]
fn pd_bet_fold_folding_when_a_check_is_possible_is_binding_with_a_warning() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    let ev = events(&mut t, Input::Act(Action::Fold));
    assert_eq!(
        ev[0],
        Event::Warning(Warning::FoldedWithCheck { seat: sn(2) })
    );
    assert!(t.hand().unwrap().player(sn(2)).folded);
}

#[test]
fn pd_reopen_short_all_ins_that_add_up_to_a_full_raise_reopen() {
    let mut t = nl(&[
        (sn(1), ch(1000)),
        (sn(2), ch(1000)),
        (sn(3), ch(65)),
        (sn(4), ch(85)),
    ]);
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(40))); // seat 2
    act!(t, Action::AllIn); // seat 3: to 55
    act!(t, Action::AllIn); // seat 4: to 75, +35 over 40 ≥ … not alone, but 75 − 40 = 35 < 40
    act!(t, Action::CheckCall); // seat 1 calls 75
    offer!(t, seat sn(2), call 35, no raise);
    let mut t = nl(&[
        (sn(1), ch(1000)),
        (sn(2), ch(1000)),
        (sn(3), ch(65)),
        (sn(4), ch(95)),
    ]);
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(40)));
    act!(t, Action::AllIn); // to 55
    act!(t, Action::AllIn); // to 85: 85 − 40 = 45 ≥ 40: reopened for seat 2
    act!(t, Action::CheckCall);
    offer!(t, seat sn(2), call 45, raise 125, 990);
}

// Tests for the LIMITS (RULES.md §10–§12)

#[test]
fn r_nl_1_min_bet_is_the_big_blind_less_only_all_in() {
    let mut t = nl(&[
        (sn(1), ch(1000)),
        (sn(2), ch(1000)),
        (sn(3), ch(1000)),
        (sn(4), ch(15)),
    ]);
    let mut cfg = *t.config();
    cfg.amounts = firmware::rules::AmountPolicy::Reject;
    t = table_with(
        cfg,
        &[
            (sn(1), ch(1000)),
            (sn(2), ch(1000)),
            (sn(3), ch(1000)),
            (sn(4), ch(15)),
        ],
    );
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    offer!(t, seat sn(2), call 0, raise 10, 990);
    refused(
        &mut t,
        Input::Act(Action::BetTo(ch(5))),
        RuleError::BelowMinimum { min: ch(10) },
    );
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    // Seat 4 has 5 left: his only bet is all-in for 5.
    offer!(t, seat sn(4), call 0, raise 5, 5);
}

#[test]
fn r_nl_2_under_minimum_raise_is_corrected_by_the_half_rule() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    // Min raise to 20: 15 is half the increment or more: made the full minimum.
    let ev = events(&mut t, Input::Act(Action::BetTo(ch(15))));
    assert!(ev.contains(&Event::Warning(Warning::UnderMinimum {
        seat: sn(4),
        asked: ch(15),
        to: ch(20)
    })));
    assert!(ev.contains(&Event::Raised {
        seat: sn(4),
        to: ch(20),
        all_in: false
    }));
    // Min raise to 30: 24 is less than half: a call.
    let ev = events(&mut t, Input::Act(Action::BetTo(ch(24))));
    assert!(ev.contains(&Event::Warning(Warning::UnderMinimum {
        seat: sn(5),
        asked: ch(24),
        to: ch(20)
    })));
    assert!(ev.contains(&Event::Called {
        seat: sn(5),
        amount: ch(20),
        all_in: false
    }));
}

#[test]
fn r_nl_3_the_maximum_is_the_whole_stack() {
    let mut t = five();
    start(&mut t);
    deal_hole(&mut t);
    offer!(t, seat sn(4), call 10, raise 20, 1000);
    refused(
        &mut t,
        Input::Act(Action::BetTo(ch(1001))),
        RuleError::AboveStack {
            all_in_to: ch(1000),
        },
    );
    let ev = events(&mut t, Input::Act(Action::BetTo(ch(1000))));
    assert!(ev.contains(&Event::Raised {
        seat: sn(4),
        to: ch(1000),
        all_in: true
    }));
}

#[test]
fn r_pl_4_with_no_small_blind_nothing_is_added() {
    let mut t = table(Structure::PotLimit, ch(5), ch(10), &seats_1_to(4, ch(1000)));
    start(&mut t);
    fold_out(&mut t);
    t.handle(Input::Leave { seat: sn(3) }).unwrap();
    assert_eq!(start(&mut t), (sn(2), None, sn(4)));
    deal_hole(&mut t);
    // Pot 10 (no small blind): 10 + 10 + 10.
    offer!(t, seat sn(1), call 10, raise 20, 30);
}

#[test]
fn r_fl_1_small_bet_then_big_bet() {
    let mut t = table(
        Structure::FixedLimit,
        ch(5),
        ch(10),
        &[(sn(1), ch(1000)), (sn(2), ch(1000)), (sn(3), ch(1000))],
    );
    start(&mut t);
    deal_hole(&mut t);
    offer!(t, seat sn(1), call 10, raise 20, 20);
    check_around(&mut t);
    deal_street(&mut t);
    offer!(t, seat sn(2), call 0, raise 10, 10);
    check_around(&mut t);
    deal_street(&mut t);
    offer!(t, seat sn(2), call 0, raise 20, 20);
    // An amount other than the fixed size is corrected to it.
    let ev = events(&mut t, Input::Act(Action::BetTo(ch(35))));
    assert!(ev.contains(&Event::Warning(Warning::FixedSize {
        seat: sn(2),
        asked: ch(35),
        to: ch(20)
    })));
}

#[test]
fn r_fl_2_the_phh_profile_allows_four_raises_over_the_big_blind() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::FixedLimit, ch(5), ch(10));
    cfg.fl_cap = FlCap::Round {
        bets: 4,
        blind_is_bet: false,
    };
    let mut t = table_with(cfg, &seats_1_to(6, ch(1000)));
    start(&mut t);
    deal_hole(&mut t);
    for to in [20, 30, 40, 50] {
        act!(t, Action::BetTo(ch(to)));
    }
    offer!(t, seat sn(2), call 45, no raise);
}

#[test]
fn r_fl_3_per_player_cap_of_three_raises() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::FixedLimit, ch(5), ch(10));
    cfg.fl_cap = FlCap::PerPlayer { raises: 3 };
    let mut t = table_with(cfg, &[(sn(1), ch(1000)), (sn(2), ch(1000))]);
    start(&mut t);
    deal_hole(&mut t);
    for to in [20, 30, 40, 50, 60, 70] {
        act!(t, Action::BetTo(ch(to)));
    }
    // The button (seat 1) raised to 20, 40, 60: three raises, no fourth.
    offer!(t, seat sn(1), call 10, no raise);
}

#[test]
fn pd_fl_uncapped_heads_up_when_configured() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::FixedLimit, ch(5), ch(10));
    cfg.fl_uncapped_heads_up = true;
    let mut t = table_with(cfg, &[(sn(1), ch(1000)), (sn(2), ch(1000))]);
    start(&mut t);
    deal_hole(&mut t);
    for to in [20, 30, 40, 50, 60] {
        act!(t, Action::BetTo(ch(to)));
    }
    assert!(t.options().unwrap().raise.is_some());
}

#[test]
fn pd_reopen_fixed_limit_half_bet_rule() {
    // Bet 10, all-in 15 (half a bet or more): the next raise is to 25.
    let mut t = table(
        Structure::FixedLimit,
        ch(5),
        ch(10),
        &[
            (sn(1), ch(1000)),
            (sn(2), ch(1000)),
            (sn(3), ch(25)),
            (sn(4), ch(1000)),
        ],
    );
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(10)));
    act!(t, Action::AllIn); // seat 3: 15
    offer!(t, seat sn(4), call 15, raise 25, 25);
    // It is a full raise: the bettor, back to act, may raise again (issue case 4).
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(2), call 5, raise 25, 25);
    // Bet 10, all-in 13: call 13, raise to 20.
    let mut t = table(
        Structure::FixedLimit,
        ch(5),
        ch(10),
        &[
            (sn(1), ch(1000)),
            (sn(2), ch(1000)),
            (sn(3), ch(23)),
            (sn(4), ch(1000)),
        ],
    );
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(10)));
    act!(t, Action::AllIn); // seat 3: 13
    offer!(t, seat sn(4), call 13, raise 20, 20);
    // Not a raise: the bettor may only call.
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    let o = t.options().unwrap();
    assert_eq!((o.seat, o.call, o.raise), (sn(2), ch(3), None));
    // The PHH profile: always the all-in plus one bet (23).
    let mut cfg = TableConfig::new(Game::Holdem, Structure::FixedLimit, ch(5), ch(10));
    cfg.fl_short_all_in = FlShortAllIn::AllInPlusBet;
    let mut t = table_with(
        cfg,
        &[
            (sn(1), ch(1000)),
            (sn(2), ch(1000)),
            (sn(3), ch(23)),
            (sn(4), ch(1000)),
        ],
    );
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::BetTo(ch(10)));
    act!(t, Action::AllIn);
    offer!(t, seat sn(4), call 13, raise 23, 23);
}

// Tests for CORRECTIONS (UNDO, PD-MISDEAL)

#[test]
fn undo_goes_back_any_number_of_steps_and_is_reported() {
    let mut t = five();
    start(&mut t);
    let dealt = {
        deal_hole(&mut t);
        t.clone()
    };
    act!(t, Action::BetTo(ch(30)));
    act!(t, Action::CheckCall);
    let ev = events(&mut t, Input::Undo);
    assert_eq!(ev, vec![Event::Undone]);
    t.handle(Input::Undo).unwrap();
    assert_eq!(t.state(), dealt.state());
    // Undo back through the deal and NEXT HAND itself.
    for _ in 0..11 {
        t.handle(Input::Undo).unwrap();
    }
    assert!(!t.in_hand());
    refused(&mut t, Input::Undo, RuleError::NothingToUndo);
}

#[test]
fn pd_misdeal_restarts_the_deal_with_the_posts_and_the_straddle() {
    let mut t = five();
    start(&mut t);
    t.handle(Input::Straddle { confirmed: true }).unwrap();
    deal_hole(&mut t);
    act!(t, Action::Fold);
    let ev = events(&mut t, Input::Misdeal);
    assert_eq!(ev, vec![Event::Misdealt { number: 1 }]);
    let h = t.hand().unwrap();
    assert_eq!(
        (h.phase, h.button, h.hole_dealt, h.straddle),
        (Phase::Dealing, sn(1), 0, Some((sn(4), true)))
    );
    assert!(!h.player(sn(5)).folded);
    assert_eq!(h.pot(), ch(35));
    // After substantial action (two actions, one with chips) it is too late.
    deal_hole(&mut t);
    act!(t, Action::BetTo(ch(40)));
    act!(t, Action::CheckCall);
    refused(&mut t, Input::Misdeal, RuleError::MisdealTooLate);
}

// Tests for FIVE-CARD DRAW (RULES.md §17)

fn draw_table(players: &[(SeatNo, Chips)]) -> Table {
    let mut cfg = TableConfig::new(Game::FiveCardDraw, Structure::FixedLimit, ch(0), ch(0));
    cfg.max_players = 6;
    cfg.short_deck = true;
    cfg.stakes.ante = ch(1);
    cfg.stakes.small_bet = ch(2);
    cfg.stakes.big_bet = ch(4);
    table_with(cfg, players)
}

#[test]
fn r_draw_1_3_antes_five_cards_and_a_redeal_when_everyone_checks() {
    // E22: four players ante 1; S2 first; all check: redeal, pot 4 stays, S2 deals.
    let mut t = draw_table(&seats_1_to(4, ch(50)));
    assert_eq!(start(&mut t).0, sn(1));
    assert_eq!(t.hand().unwrap().pot(), ch(4));
    deal_hole(&mut t);
    assert_eq!(t.hand().unwrap().player(sn(2)).holes, 5);
    assert_eq!(
        to_act(&t),
        Some(sn(2)),
        "R-DRAW-2: left of the dealer acts first"
    );
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    let ev = events(&mut t, Input::Act(Action::CheckCall));
    assert!(ev.contains(&Event::Redeal { button: sn(2) }));
    let h = t.hand().unwrap();
    assert_eq!((h.phase, h.pot(), h.button), (Phase::Dealing, ch(4), sn(2)));
    deal_hole(&mut t);
    assert_eq!(to_act(&t), Some(sn(3)));
}

#[test]
fn r_draw_6_a_player_who_dropped_out_rejoins_the_redeal_by_matching() {
    // Seats 3 and 4 fold to seat 2's open; after the draw nobody bets: redeal. Seat
    // 3, with 3 behind, rejoins by matching the 2 bet; seat 4, with 1, cannot.
    let mut t = draw_table(&[
        (sn(1), ch(50)),
        (sn(2), ch(50)),
        (sn(3), ch(4)),
        (sn(4), ch(2)),
    ]);
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::BetTo(ch(2))); // seat 2 opens
    act!(t, Action::Fold); // seat 3
    act!(t, Action::Fold); // seat 4
    act!(t, Action::CheckCall); // seat 1
    for _ in 0..2 {
        t.handle(Input::StandPat).unwrap();
    }
    act!(t, Action::CheckCall);
    let ev = events(&mut t, Input::Act(Action::CheckCall));
    assert!(ev.contains(&Event::Redeal { button: sn(2) }));
    assert_eq!(
        t.handle(Input::Rejoin { seat: sn(1) }),
        Err(RuleError::CannotRejoin(sn(1))),
        "he never dropped out"
    );
    assert_eq!(
        t.handle(Input::Rejoin { seat: sn(4) }),
        Err(RuleError::CannotMatch {
            seat: sn(4),
            amount: ch(2)
        }),
        "1 behind cannot match 2"
    );
    let ev = events(&mut t, Input::Rejoin { seat: sn(3) });
    assert!(ev.contains(&Event::Rejoined {
        seat: sn(3),
        amount: ch(2)
    }));
    assert_eq!(stack(&t, sn(3)), ch(1));
    let h = t.hand().unwrap();
    assert!(h.player(sn(3)).dealt && !h.player(sn(4)).dealt);
    assert_eq!(h.pot(), ch(4 + 2 + 2 + 2));
    // Once the redeal's first card is out, nobody else rejoins.
    t.handle(Input::Card(Read::card(card("As")))).unwrap();
    assert_eq!(
        t.handle(Input::Rejoin { seat: sn(4) }),
        Err(RuleError::CannotRejoin(sn(4)))
    );
}

#[test]
fn pd_draw_a_redeal_takes_a_new_ante_where_the_house_says_so() {
    let seats = seats_1_to(4, ch(50));
    let mut t = draw_table(&seats);
    let mut cfg = *t.config();
    cfg.redeal_ante = true;
    let mut t2 = table_with(cfg, &seats);
    for (t, pot, chips) in [(&mut t, ch(4), ch(49)), (&mut t2, ch(8), ch(48))] {
        start(t);
        deal_hole(t);
        for _ in 0..4 {
            act!(t, Action::CheckCall);
        }
        let h = t.hand().unwrap();
        assert_eq!((h.phase, h.pot()), (Phase::Dealing, pot));
        assert_eq!(stack(t, sn(3)), chips);
    }
}

#[test]
fn r_draw_5_exchange_in_turn_then_the_second_round() {
    let mut t = draw_table(&[(sn(1), ch(50)), (sn(2), ch(50))]);
    start(&mut t);
    // Heads-up: button 1; seat 2 acts first.
    let hands = ["Kh", "Ah", "Kc", "Jh", "Kd", "9h", "8s", "8h", "8d", "7h"];
    for c in hands {
        t.handle(Input::Card(Read::card(card(c)))).unwrap();
    }
    act!(t, Action::BetTo(ch(2))); // seat 2 opens
    act!(t, Action::CheckCall);
    assert_eq!(t.hand().unwrap().phase, Phase::Exchange);
    assert_eq!(t.hand().unwrap().drawer(), Some(sn(2)));
    refused(
        &mut t,
        Input::Discard(card("Ah")),
        RuleError::BadDiscard(card("Ah")),
    );
    t.handle(Input::Discard(card("8s"))).unwrap();
    refused(&mut t, Input::StandPat, RuleError::ReplacementsDue(sn(2)));
    t.handle(Input::Card(Read::card(card("Ks")))).unwrap();
    assert_eq!(t.hand().unwrap().drawer(), Some(sn(1)));
    t.handle(Input::StandPat).unwrap();
    assert_eq!(t.hand().unwrap().phase, Phase::Betting);
    assert_eq!(t.hand().unwrap().street, Street::Draw);
    offer!(t, seat sn(2), call 0, raise 4, 4);
    assert_eq!(
        t.hand().unwrap().opener,
        Some(sn(2)),
        "the opener must show openers (R-DRAW-2)"
    );
}

/// Heads-up draw, seat 2 (kings full of eights) opens for 2 and seat 1 calls: the
/// exchange begins with seat 2.
fn opened_heads_up_draw() -> Table {
    let mut t = draw_table(&[(sn(1), ch(50)), (sn(2), ch(50))]);
    start(&mut t);
    let hands = ["Kh", "Ah", "Kc", "Jh", "Kd", "9h", "8s", "8h", "8d", "7h"];
    for c in hands {
        t.handle(Input::Card(Read::card(card(c)))).unwrap();
    }
    act!(t, Action::BetTo(ch(2)));
    act!(t, Action::CheckCall);
    t
}

#[test]
fn r_draw_5_a_card_read_at_the_burn_slot_in_the_exchange_is_a_discard() {
    let mut t = opened_heads_up_draw();
    let ev = t.handle(Input::Card(Read::burn(card("8s")))).unwrap();
    assert_eq!(
        ev.as_slice(),
        &[Event::Discarded {
            seat: sn(2),
            card: card("8s")
        }]
    );
    // A card he does not hold is refused, at the slot as by key.
    refused(
        &mut t,
        Input::Card(Read::burn(card("As"))),
        RuleError::BadDiscard(card("As")),
    );
    t.handle(Input::Card(Read::card(card("Ks")))).unwrap();
    assert_eq!(t.hand().unwrap().drawer(), Some(sn(1)));
}

#[test]
fn r_draw_5_a_replacement_is_never_thrown_again_and_four_cards_at_most() {
    let mut t = opened_heads_up_draw();
    // Seat 2 (Kh Kc Kd 8s 8d) throws two; the first replacement comes.
    t.handle(Input::Discard(card("8s"))).unwrap();
    t.handle(Input::Discard(card("8d"))).unwrap();
    t.handle(Input::Card(Read::card(card("Ks")))).unwrap();
    // Neither the replacement nor another card may be thrown once one has come.
    refused(
        &mut t,
        Input::Discard(card("Ks")),
        RuleError::BadDiscard(card("Ks")),
    );
    refused(
        &mut t,
        Input::Discard(card("Kh")),
        RuleError::BadDiscard(card("Kh")),
    );
    t.handle(Input::Card(Read::card(card("Ts")))).unwrap();
    // Seat 1 (Ah Jh 9h 8h 7h) may throw four, not five.
    assert_eq!(t.hand().unwrap().drawer(), Some(sn(1)));
    for c in ["Ah", "Jh", "9h", "8h"] {
        t.handle(Input::Discard(card(c))).unwrap();
    }
    refused(
        &mut t,
        Input::Discard(card("7h")),
        RuleError::BadDiscard(card("7h")),
    );
}

// Tests for MIXED GAMES (RULES.md §13)

#[test]
fn r_mix_1_hands_alternate_structures_after_an_orbit() {
    use firmware::rules::{MixSwitch, Mixed, Stakes};
    let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    let mut fl = Stakes::blinds(ch(10), ch(20));
    fl.small_bet = ch(20);
    fl.big_bet = ch(40);
    cfg.mixed = Some(Mixed {
        structure: Structure::FixedLimit,
        stakes: fl,
        switch: MixSwitch::Orbit,
    });
    let mut t = table_with(
        cfg,
        &[(sn(1), ch(5000)), (sn(2), ch(5000)), (sn(3), ch(5000))],
    );
    let mut games = Vec::new();
    for _ in 0..7 {
        start(&mut t);
        let h = t.hand().unwrap();
        games.push((h.button, h.structure));
        fold_out(&mut t);
    }
    use Structure::*;
    assert_eq!(
        games,
        [
            (sn(1), NoLimit),
            (sn(2), NoLimit),
            (sn(3), NoLimit),
            (sn(1), FixedLimit),
            (sn(2), FixedLimit),
            (sn(3), FixedLimit),
            (sn(1), NoLimit)
        ]
    );
    // PD-MIX: or every K hands.
    cfg.mixed = Some(Mixed {
        structure: Structure::FixedLimit,
        stakes: fl,
        switch: MixSwitch::Hands(2),
    });
    let mut t = table_with(
        cfg,
        &[(sn(1), ch(5000)), (sn(2), ch(5000)), (sn(3), ch(5000))],
    );
    let mut seq = Vec::new();
    for _ in 0..5 {
        start(&mut t);
        seq.push(t.hand().unwrap().structure);
        // Each hand uses its own structure's limits and blinds (R-MIX-1).
        if t.hand().unwrap().structure == FixedLimit {
            assert_eq!(t.hand().unwrap().pot(), ch(30));
        }
        fold_out(&mut t);
    }
    assert_eq!(seq, [NoLimit, NoLimit, FixedLimit, FixedLimit, NoLimit]);
}

#[test]
fn r_pot_2_no_raise_is_offered_that_nobody_could_call() {
    // Seat 4 bets 300 all-in; the others have less than 300 behind except seat 1,
    // whose raise nobody could answer: he may only call or fold.
    let mut t = nl(&[
        (sn(1), ch(2000)),
        (sn(2), ch(200)),
        (sn(3), ch(250)),
        (sn(4), ch(300)),
    ]);
    start(&mut t);
    deal_hole(&mut t);
    check_around(&mut t);
    deal_street(&mut t);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    act!(t, Action::AllIn); // seat 4: 290
    offer!(t, seat sn(1), call 290, no raise);
}

#[test]
fn r_pot_2_the_uncalled_excess_of_a_round() {
    use firmware::hand::uncalled_excess;
    let excess = |street: &[Chips]| uncalled_excess(street.iter().copied().enumerate());
    assert_eq!(excess(&[]), None);
    assert_eq!(excess(&[ch(0), ch(0), ch(0)]), None);
    assert_eq!(
        excess(&[ch(0), ch(10), ch(0)]),
        Some((1, ch(10))),
        "a bet nobody called comes back whole"
    );
    assert_eq!(excess(&[ch(30), ch(30), ch(10)]), None);
    assert_eq!(excess(&[ch(100), ch(300), ch(250)]), Some((1, ch(50))));
    assert_eq!(excess(&[ch(7)]), Some((0, ch(7))));
    assert_eq!(excess(&[Chips::MAX, ch(0)]), Some((0, Chips::MAX)));
}

// Tests for the readings where the seeds overrule RULES.md (docs/seed-notes.md)

/// Five players, button 1, blinds 2 and 3, seat 4 posts a straddle the dealer did not
/// confirm before the first hole card, under `rule`.
fn unconfirmed_straddle(rule: UnconfirmedStraddle, seats: &[(SeatNo, Chips)]) -> Table {
    let mut cfg = *five().config();
    cfg.unconfirmed_straddle = rule;
    let mut t = table_with(cfg, seats);
    start(&mut t);
    t.handle(Input::Straddle { confirmed: false }).unwrap();
    deal_hole(&mut t);
    t
}

#[test]
fn r_strad_4_unconfirmed_straddler_facing_a_raise_may_re_raise() {
    // [003] 3д takes away "the right to raise his straddle" when his turn comes: the
    // live blind's own raise (3г). Facing a raise he answers it like anyone.
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::Unraised, &seats_1_to(5, ch(1000)));
    act!(t, Action::BetTo(ch(60))); // seat 5 raises
    check_around_to(&mut t, sn(4));
    offer!(t, seat sn(4), call 40, raise 100, 1000);
    act!(t, Action::BetTo(ch(150)));
    // The raise stands and reopens the betting for the raiser.
    offer!(t, seat sn(5), call 90, raise 240, 1000);
    act!(t, Action::CheckCall);
    check_around(&mut t);
    assert_eq!(t.hand().unwrap().phase, Phase::Board { burn_due: true });
}

#[test]
fn r_strad_4_unconfirmed_straddler_facing_a_short_all_in_may_raise() {
    // A raise short of a full one still means the action does not come back to him
    // unraised, and he has not acted yet: he may raise.
    let mut seats = seats_1_to(5, ch(1000));
    seats[4].1 = ch(25);
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::Unraised, &seats);
    act!(t, Action::AllIn); // seat 5: 25, five over the straddle
    check_around_to(&mut t, sn(4));
    offer!(t, seat sn(4), call 5, raise 35, 1000);
}

#[test]
fn r_strad_4_unconfirmed_straddler_unraised_may_only_check() {
    // The action returns to him unraised: his turn comes, without the raise (E6).
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::Unraised, &seats_1_to(5, ch(1000)));
    check_around_to(&mut t, sn(4));
    offer!(t, seat sn(4), call 0, no raise);
    refused(
        &mut t,
        Input::Act(Action::BetTo(ch(40))),
        RuleError::RaiseNotAllowed(sn(4)),
    );
    refused(
        &mut t,
        Input::Act(Action::AllIn),
        RuleError::RaiseNotAllowed(sn(4)),
    );
    act!(t, Action::CheckCall);
    assert_eq!(t.hand().unwrap().phase, Phase::Board { burn_due: true });
    assert_eq!(stack(&t, sn(4)), ch(980));
}

#[test]
fn r_strad_4_the_earlier_readings_still_play_as_their_logs_were_dealt() {
    let seats = seats_1_to(5, ch(1000));
    // `no_raise`: no raise in the whole first round, raised or not.
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::NoRaiseFirstRound, &seats);
    act!(t, Action::BetTo(ch(60)));
    check_around_to(&mut t, sn(4));
    offer!(t, seat sn(4), call 40, no raise);
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::NoRaiseFirstRound, &seats);
    check_around_to(&mut t, sn(4));
    offer!(t, seat sn(4), call 0, no raise);
    // `no_option`: no turn when everyone calls; facing a raise he may re-raise.
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::NoTurn, &seats);
    for _ in 0..4 {
        act!(t, Action::CheckCall);
    }
    assert_eq!(t.options(), None, "no turn for the straddler");
    assert_eq!(t.hand().unwrap().phase, Phase::Board { burn_due: true });
    let mut t = unconfirmed_straddle(UnconfirmedStraddle::NoTurn, &seats);
    act!(t, Action::BetTo(ch(60)));
    check_around_to(&mut t, sn(4));
    offer!(t, seat sn(4), call 40, raise 100, 1000);
}

#[test]
fn pd_shortblind_omaha_players_must_cover_the_blind() {
    // [002]: in Omaha a player must have chips to post the blinds and then bet.
    let cfg = TableConfig::new(Game::Omaha, Structure::PotLimit, ch(5), ch(10));
    let mut t = table_with(
        cfg,
        &[
            (sn(1), ch(100)),
            (sn(2), ch(100)),
            (sn(3), ch(10)),
            (sn(4), ch(100)),
        ],
    );
    start(&mut t);
    let h = t.hand().unwrap();
    assert!(
        !h.player(sn(3)).dealt,
        "10 chips cannot post the big blind and bet"
    );
    assert_eq!(h.big_blind, sn(4));
}

#[test]
fn r_fl_3_the_per_player_cap_is_for_the_first_round_only() {
    let mut cfg = TableConfig::new(Game::Holdem, Structure::FixedLimit, ch(5), ch(10));
    cfg.fl_cap = FlCap::PerPlayer { raises: 3 };
    let mut t = table_with(cfg, &[(sn(1), ch(1000)), (sn(2), ch(1000))]);
    start(&mut t);
    deal_hole(&mut t);
    act!(t, Action::CheckCall);
    act!(t, Action::CheckCall);
    deal_street(&mut t);
    // The flop keeps the table-wide cap: bet and three raises.
    for to in [10, 20, 30, 40] {
        act!(t, Action::BetTo(ch(to)));
    }
    offer!(t, seat sn(2), call 10, no raise);
}

#[test]
fn pd_misdeal_keeps_seat_changes_made_during_the_hand() {
    // Found by the engine fuzz target: a player who left during the hand came back
    // with his chips after a misdeal.
    let mut t = nl(&seats_1_to(4, ch(100)));
    start(&mut t);
    fold_out(&mut t);
    t.handle(Input::SitOut { seat: sn(4) }).unwrap();
    start(&mut t); // seat 4 is not in this hand
    t.handle(Input::Leave { seat: sn(4) }).unwrap();
    let chips = t.chips_in_play();
    t.handle(Input::Misdeal).unwrap();
    assert_eq!(t.chips_in_play(), chips);
    assert_eq!(t.seat(sn(4)).unwrap().presence, Presence::Empty);
    // And UNDO, which also rebuilds the hand, keeps it too.
    deal_hole(&mut t);
    t.handle(Input::Undo).unwrap();
    assert_eq!(t.seat(sn(4)).unwrap().presence, Presence::Empty);
}

/// Security (a data folder that could never resume): a seat or top-up that would take
/// the table past `MAX_TABLE_CHIPS` is refused at the input, so no log holds a table
/// whose settlement would overflow.
#[test]
fn r_table_4_the_table_holds_at_most_max_table_chips() {
    use firmware::config::MAX_TABLE_CHIPS;
    let half = Chips::new(MAX_TABLE_CHIPS / 2);
    let mut t = table(Structure::NoLimit, ch(5), ch(10), &[(sn(1), ch(1000))]);
    refused(
        &mut t,
        Input::SitDown {
            seat: sn(2),
            stack: Chips::new(u64::MAX),
            wait_for_bb: false,
        },
        RuleError::TableChipLimit,
    );
    t.handle(Input::SitDown {
        seat: sn(2),
        stack: half,
        wait_for_bb: false,
    })
    .unwrap();
    refused(
        &mut t,
        Input::TopUp {
            seat: sn(2),
            amount: half,
        },
        RuleError::TableChipLimit,
    );
    t.handle(Input::TopUp {
        seat: sn(2),
        amount: Chips::new(MAX_TABLE_CHIPS / 2 - 1000),
    })
    .unwrap();
}
