//! The tournament at the table (PD-TOURN): its preset of house settings, absent
//! players blinded off, the big-blind ante, level changes, moves and bust-outs.

#[macro_use]
mod common;
use common::*;
use firmware::rules::{codec, AnteMode, ButtonRule, ConfigError, Rake, ShowdownRule, Stakes};

fn tournament(sb: u64, bb: u64, ante: u64) -> TableConfig {
    let mut stakes = Stakes::blinds(ch(sb), ch(bb));
    stakes.ante = ch(ante);
    TableConfig::tournament(Game::Holdem, Structure::NoLimit, stakes)
}

#[test]
fn pd_tourn_the_preset_sets_every_tournament_house_setting_in_one_place() {
    let cfg = tournament(100, 200, 200);
    assert!(cfg.tournament);
    assert_eq!(cfg.button_rule, ButtonRule::DeadButton, "PD-BTN");
    assert_eq!(cfg.money.rake, Rake::NONE, "PD-RAKE");
    assert!(!cfg.pl_sb_virtual, "R-PL-4, [003]");
    assert_eq!(cfg.stakes.ante_mode, AnteMode::BigBlind);
    assert_eq!(
        cfg.showdown,
        ShowdownRule::InTurn,
        "PD-SHOW: all-ins tabled"
    );
    assert_eq!(cfg.validate(), Ok(()));
    // The settings key gives the same table, and a key named after it still counts.
    let mut keyed = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(100), ch(200));
    codec::set(&mut keyed, "rake_pct", "5").unwrap();
    codec::set(&mut keyed, "pl_sb_virtual", "true").unwrap();
    keyed.stakes.ante = ch(200);
    let from = codec::from_pairs([
        ("pl_sb_virtual", "true"),
        ("tournament", "true"),
        ("blinds", "100/200"),
        ("ante", "200"),
    ])
    .unwrap();
    assert!(
        from.tournament && from.pl_sb_virtual,
        "named settings override it"
    );
    assert_eq!(from.stakes.ante_mode, AnteMode::BigBlind);
    codec::set(&mut keyed, "tournament", "true").unwrap();
    assert_eq!(keyed, cfg);
    let s = codec::find("tournament").unwrap();
    assert!(s.carried(&cfg));
    assert!(
        !s.carried(&TableConfig::new(
            Game::Holdem,
            Structure::NoLimit,
            ch(1),
            ch(2)
        )),
        "a cash table's texts keep their bytes"
    );
}

/// Seats 1..=4 with 1000 each at 50/100, no ante; seat 4 sits out.
fn four_with_seat_4_away() -> Table {
    let mut t = table_with(tournament(50, 100, 0), &seats_1_to(4, ch(1000)));
    t.handle(Input::SitOut { seat: sn(4) }).unwrap();
    t
}

#[test]
fn tda_30_an_absent_player_is_dealt_in_posts_and_his_hand_dies_at_his_turn() {
    let mut t = four_with_seat_4_away();
    // Hand 1: button 1, SB 2, BB 3; seat 4 is dealt in and is first to act.
    let ev = events(&mut t, Input::StartHand);
    let Some(Event::HandStarted { dealt, .. }) = ev.first() else {
        panic!("hand started: {ev:?}")
    };
    assert_eq!(dealt.count_ones(), 4, "seat 4 is dealt in");
    assert!(!ev.iter().any(|e| matches!(e, Event::MissedBlind { .. })));
    let mut i = 0u8;
    let mut killed = Vec::new();
    while t.hand().is_some_and(|h| h.phase == Phase::Dealing) {
        let c = next_unseen(&t, &mut i);
        killed.extend(events(&mut t, Input::Card(Read::card(c))));
    }
    assert!(
        killed.contains(&Event::Folded { seat: sn(4) }),
        "{killed:?}"
    );
    assert_eq!(to_act(&t), Some(sn(1)));
    fold_out_rest(&mut t);
    // Hand 2: BB 4, who sits out: he posts it, and his hand dies when it is his turn.
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(4),
        post: Post::BigBlind,
        amount: ch(100),
        all_in: false,
    }));
    assert_eq!(t.seat(sn(4)).unwrap().presence, Presence::SittingOut);
    deal_hole(&mut t);
    act!(t, Action::CheckCall); // seat 1 calls
    act!(t, Action::CheckCall); // seat 2 calls
    let ev = events(&mut t, Input::Act(Action::CheckCall)); // seat 3 completes
    assert!(ev.contains(&Event::Folded { seat: sn(4) }), "{ev:?}");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Warning(_))),
        "a kill is no fold with a check"
    );
    assert_eq!(t.hand().unwrap().pot(), ch(400), "his big blind stays in");
}

/// Folds to the last player and pays him.
fn fold_out_rest(t: &mut Table) {
    while t.options().is_some() {
        t.handle(Input::Act(Action::Fold)).expect("fold");
    }
    award_all(t);
}

#[test]
fn tda_30_a_cash_table_still_skips_an_absent_player() {
    let mut cfg = tournament(50, 100, 0);
    cfg.tournament = false;
    let mut t = table_with(cfg, &seats_1_to(4, ch(1000)));
    t.handle(Input::SitOut { seat: sn(4) }).unwrap();
    let ev = events(&mut t, Input::StartHand);
    let Some(Event::HandStarted { dealt, .. }) = ev.first() else {
        panic!("hand started")
    };
    assert_eq!(dealt.count_ones(), 3);
}

/// Seats 1..=3 at 100/200 with a big-blind ante of 200; the big blind (seat 3) has
/// `bb_stack`.
fn bba_hand(bb_stack: u64) -> (Table, Vec<Event>) {
    let mut t = table_with(
        tournament(100, 200, 200),
        &[(sn(1), ch(5000)), (sn(2), ch(5000)), (sn(3), ch(bb_stack))],
    );
    let ev = events(&mut t, Input::StartHand);
    (t, ev)
}

fn posts(ev: &[Event], seat: SeatNo) -> Vec<(Post, u64, bool)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::Posted {
                seat: s,
                post,
                amount,
                all_in,
            } if s == seat => Some((post, amount.get(), all_in)),
            _ => None,
        })
        .collect()
}

#[test]
fn pd_tourn_bba_the_big_blind_posts_the_ante_dead_and_a_call_matches_only_the_blind() {
    let (mut t, ev) = bba_hand(5000);
    assert_eq!(
        posts(&ev, sn(3)),
        [(Post::Ante, 200, false), (Post::BigBlind, 200, false)]
    );
    assert!(posts(&ev, sn(1)).is_empty(), "the button posts no ante");
    assert_eq!(t.hand().unwrap().pot(), ch(500));
    deal_hole(&mut t);
    offer!(t, seat sn(1), call 200, raise 400, 5000);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(2), call 100, raise 400, 5000);
    act!(t, Action::CheckCall);
    offer!(t, seat sn(3), call 0, raise 400, 4800);
}

#[test]
fn pd_tourn_bba_a_short_big_blind_posts_the_blind_first_and_what_is_left_of_the_ante() {
    let (t, ev) = bba_hand(300);
    assert_eq!(
        posts(&ev, sn(3)),
        [(Post::Ante, 100, false), (Post::BigBlind, 200, true)],
        "the blind takes priority; the ante is capped at what is left"
    );
    assert_eq!(stack(&t, sn(3)), ch(0));
    // All-in for the blind or less: no ante at all.
    let (_, ev) = bba_hand(200);
    assert_eq!(posts(&ev, sn(3)), [(Post::BigBlind, 200, true)]);
    let (_, ev) = bba_hand(150);
    assert_eq!(posts(&ev, sn(3)), [(Post::BigBlind, 150, true)]);
}

#[test]
fn r_ante_1_per_player_antes_still_come_before_a_short_blind() {
    // Per-player antes are unchanged: a short big blind pays the ante first.
    let mut cfg = tournament(100, 200, 50);
    cfg.stakes.ante_mode = AnteMode::PerPlayer;
    let mut t = table_with(
        cfg,
        &[(sn(1), ch(5000)), (sn(2), ch(5000)), (sn(3), ch(120))],
    );
    let ev = events(&mut t, Input::StartHand);
    assert_eq!(
        posts(&ev, sn(3)),
        [(Post::Ante, 50, false), (Post::BigBlind, 70, true)]
    );
}

fn level(level: u16, sb: u64, bb: u64, ante: u32) -> Input {
    Input::SetLevel {
        level,
        small_blind: ch(sb),
        big_blind: ch(bb),
        ante,
    }
}

#[test]
fn pd_tourn_level_a_new_level_is_refused_mid_hand_and_applies_to_the_next_hand() {
    let mut t = table_with(tournament(100, 200, 200), &seats_1_to(3, ch(10_000)));
    t.handle(Input::StartHand).unwrap();
    // The hand in progress finishes at its level: the input is refused, nothing kept.
    refused(&mut t, level(2, 200, 400, 400), RuleError::HandInProgress);
    fold_out(&mut t);
    let ev = events(&mut t, level(2, 200, 400, 400));
    assert_eq!(
        ev,
        [Event::LevelChanged {
            from: 0,
            to: 2,
            small_blind: ch(200),
            big_blind: ch(400),
            ante: ch(400),
        }]
    );
    assert_eq!(t.state().level, 2);
    let ev = events(&mut t, Input::StartHand);
    assert!(ev.contains(&Event::Posted {
        seat: sn(1),
        post: Post::Ante,
        amount: ch(400),
        all_in: false,
    }));
    assert!(ev.contains(&Event::Posted {
        seat: sn(1),
        post: Post::BigBlind,
        amount: ch(400),
        all_in: false,
    }));
    fold_out(&mut t);
    let ev = events(&mut t, level(3, 300, 600, 600));
    assert!(matches!(ev[0], Event::LevelChanged { from: 2, to: 3, .. }));
}

#[test]
fn pd_tourn_level_fixed_limit_bets_follow_and_a_bad_level_changes_nothing() {
    let stakes = Stakes::blinds(ch(50), ch(100));
    let cfg = TableConfig::tournament(Game::Holdem, Structure::FixedLimit, stakes);
    let mut t = table_with(cfg, &seats_1_to(3, ch(10_000)));
    refused(
        &mut t,
        level(2, 500, 100, 0),
        RuleError::Config(ConfigError::SmallBlindAboveBig),
    );
    t.handle(level(2, 100, 200, 0)).unwrap();
    let s = t.config().stakes;
    assert_eq!((s.small_bet, s.big_bet), (ch(200), ch(400)));
    assert_eq!(
        s.ante_mode,
        AnteMode::BigBlind,
        "the table's ante rule stays"
    );
}

#[test]
fn pd_tourn_move_a_player_moves_out_with_his_chips_and_not_while_in_the_hand() {
    let mut t = table_with(tournament(50, 100, 0), &seats_1_to(4, ch(1000)));
    t.handle(Input::StartHand).unwrap();
    refused(
        &mut t,
        Input::MoveOut { seat: sn(2) },
        RuleError::PlayerInHand(sn(2)),
    );
    fold_out(&mut t);
    let chips = stack(&t, sn(2));
    let ev = events(&mut t, Input::MoveOut { seat: sn(2) });
    assert_eq!(
        ev,
        [Event::MovedOut {
            seat: sn(2),
            stack: chips
        }]
    );
    assert_eq!(t.seat(sn(2)).unwrap().presence, Presence::Empty);
}

/// Seats 1, 2, 4, 6 of a 6-seat tournament table at 50/100 after one hand (button 1,
/// SB 2, BB 4); the next hand has button 2, SB 4, BB 6.
fn table_for_moves() -> Table {
    let mut cfg = tournament(50, 100, 0);
    cfg.max_players = 6;
    let seats = [sn(1), sn(2), sn(4), sn(6)].map(|s| (s, ch(1000)));
    let mut t = table_with(cfg, &seats);
    t.handle(Input::StartHand).unwrap();
    fold_out(&mut t);
    t
}

#[test]
fn tda_9_a_moved_player_is_dealt_in_at_once_but_not_between_the_small_blind_and_the_button() {
    // Seat 3 is between the button (2) and the small blind (4): he waits a hand.
    let mut t = table_for_moves();
    let ev = events(
        &mut t,
        Input::MoveIn {
            seat: sn(3),
            stack: ch(2345),
        },
    );
    assert_eq!(
        ev,
        [Event::MovedIn {
            seat: sn(3),
            stack: ch(2345)
        }]
    );
    let (button, sb, bb) = start(&mut t);
    assert_eq!((button, sb, bb), (sn(2), Some(sn(4)), sn(6)));
    assert!(
        !t.hand().unwrap().player(sn(3)).dealt,
        "between SB and button"
    );
    fold_out(&mut t);
    // Next hand (button 4, SB 6, BB 1) he is dealt in, owing nothing.
    let ev = events(&mut t, Input::StartHand);
    assert!(t.hand().unwrap().player(sn(3)).dealt);
    assert!(posts(&ev, sn(3)).is_empty(), "no entry blind: {ev:?}");
    // Seat 5, next after last hand's big blind (4), is dealt in at once and takes
    // the big blind his seat comes to.
    let mut t = table_for_moves();
    t.handle(Input::MoveIn {
        seat: sn(5),
        stack: ch(800),
    })
    .unwrap();
    let ev = events(&mut t, Input::StartHand);
    assert!(t.hand().unwrap().player(sn(5)).dealt);
    assert_eq!(posts(&ev, sn(5)), [(Post::BigBlind, 100, false)]);
}

#[test]
fn pd_tourn_bust_a_seat_out_of_chips_is_reported_with_what_it_began_the_hand_with() {
    let mut t = table_with(
        tournament(50, 100, 100),
        &[(sn(1), ch(1000)), (sn(2), ch(300)), (sn(3), ch(500))],
    );
    t.handle(Input::StartHand).unwrap(); // button 1, SB 2, BB 3 with the ante
    deal_hole(&mut t);
    act!(t, Action::AllIn); // seat 1: 1000
    act!(t, Action::AllIn); // seat 2: 300
    act!(t, Action::AllIn); // seat 3: 400 behind the ante
    while t
        .hand()
        .is_some_and(|h| matches!(h.phase, Phase::Board { .. }))
    {
        deal_street(&mut t);
    }
    let h = t.hand().unwrap();
    assert_eq!(h.phase, Phase::Settling);
    // Seat 1 wins everything: 300×3 + 200×2 + the ante 100 (and his 500 returned).
    let pot = h.pot();
    let ev = events(
        &mut t,
        Input::Award {
            seat: sn(1),
            amount: pot,
        },
    );
    let busted: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::BustedOut { .. }))
        .copied()
        .collect();
    assert_eq!(
        busted,
        [
            Event::BustedOut {
                seat: sn(2),
                started_with: ch(300)
            },
            Event::BustedOut {
                seat: sn(3),
                started_with: ch(500)
            },
        ]
    );
    assert!(matches!(ev[1], Event::HandComplete { .. }), "{ev:?}");
}

#[test]
fn pd_tourn_race_a_colour_up_sets_a_seats_chips_between_hands_and_logs_both() {
    let mut t = table_with(tournament(25, 50, 0), &seats_1_to(3, ch(1275)));
    t.handle(Input::StartHand).unwrap();
    let up = Input::ColorUp {
        seat: sn(1),
        stack: ch(1300),
    };
    refused(&mut t, up, RuleError::HandInProgress);
    fold_out(&mut t);
    let before = stack(&t, sn(1));
    let ev = events(&mut t, up);
    assert_eq!(
        ev,
        [Event::ColoredUp {
            seat: sn(1),
            before,
            after: ch(1300),
        }]
    );
    assert_eq!(stack(&t, sn(1)), ch(1300));
    refused(
        &mut t,
        Input::ColorUp {
            seat: sn(4),
            stack: ch(100),
        },
        RuleError::SeatEmpty(sn(4)),
    );
}
