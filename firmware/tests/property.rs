//! Property tests over many random hands: random seat changes between hands, random
//! legal actions, random corrections. Chips are conserved, no hand gets stuck, the
//! button and blinds obey RULES.md, and replaying a hand's inputs rebuilds it exactly.

#[macro_use]
mod common;
use common::*;
use proptest::prelude::*;

/// A small deterministic generator (xorshift64*), so a failing case replays exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    /// Chips below `n` (none when `n` is none).
    fn chips_below(&mut self, n: Chips) -> Chips {
        ch(self.below(n.get()))
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn config(rng: &mut Rng) -> TableConfig {
    let game = [
        Game::Holdem,
        Game::Holdem,
        Game::Omaha,
        Game::OmahaHiLo,
        Game::FiveCardDraw,
    ][rng.below(5) as usize];
    let structure = [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ][rng.below(3) as usize];
    let mut cfg = TableConfig::new(game, structure, ch(5), ch(10));
    // R-TABLE-1: 10 or 11 seats, at most the game's own (Omaha: 10, [002]).
    cfg.max_players = if rng.chance(50) { 10 } else { 11 }.min(game.spec().max_players);
    if game == Game::FiveCardDraw {
        cfg.max_players = 6;
        cfg.short_deck = rng.chance(50);
        if rng.chance(50) {
            cfg.stakes.ante = ch(5);
        }
    }
    if rng.chance(30) {
        cfg.stakes.ante = ch(1 + rng.below(5));
        if rng.chance(50) {
            cfg.stakes.ante_mode = firmware::rules::AnteMode::BigBlind;
        }
    }
    if rng.chance(30) {
        cfg.button_rule = firmware::rules::ButtonRule::MovingButton;
    }
    cfg.pl_sb_virtual = rng.chance(50);
    if game == Game::Holdem && rng.chance(20) {
        use firmware::rules::{MixSwitch, Mixed, Stakes};
        let switch = if rng.chance(50) {
            MixSwitch::Orbit
        } else {
            MixSwitch::Hands(1 + rng.below(9) as u16)
        };
        cfg.mixed = Some(Mixed {
            structure: Structure::FixedLimit,
            stakes: Stakes::blinds(ch(10), ch(20)),
            switch,
        });
    }
    cfg
}

/// Tracks chips that enter or leave the table, to check conservation.
struct Ledger {
    outside: i128,
}

fn total(t: &Table) -> i128 {
    i128::from(t.chips_in_play().get())
}

fn seat_changes(t: &mut Table, rng: &mut Rng, ledger: &mut Ledger) {
    let n = t.config().max_players;
    for _ in 0..rng.below(3) {
        let seat = sn(1 + rng.below(u64::from(n)) as u8);
        let s = *t.seat(seat).unwrap();
        let input = match (s.presence, rng.below(5)) {
            (Presence::Empty, _) => Input::SitDown {
                seat,
                stack: ch(100 + rng.below(900)),
                wait_for_bb: rng.chance(30),
            },
            (_, 0) => Input::Leave { seat },
            (_, 1) => Input::SitOut { seat },
            (_, 2) => Input::SitIn {
                seat,
                wait_for_bb: rng.chance(30),
            },
            _ => Input::TopUp {
                seat,
                amount: ch(1 + rng.below(500)),
            },
        };
        let before = total(t);
        if let Ok(ev) = t.handle(input) {
            for e in ev {
                match e {
                    Event::Seated { stack, .. } => ledger.outside -= i128::from(stack.get()),
                    Event::ToppedUp { amount, .. } => ledger.outside -= i128::from(amount.get()),
                    Event::Left { stack, .. } => ledger.outside += i128::from(stack.get()),
                    _ => {}
                }
            }
        }
        assert_eq!(before + ledger_delta(t, before), total(t));
    }
}

fn ledger_delta(t: &Table, before: i128) -> i128 {
    total(t) - before
}

/// Chooses a random input that should be legal now.
fn random_input(t: &Table, rng: &mut Rng, deck: &mut Vec<Card>) -> Input {
    let h = t.hand().unwrap();
    // UNDO, but not of NEXT HAND itself (tested on its own).
    if rng.chance(3) && t.hand_inputs().len() > 1 {
        return Input::Undo;
    }
    match h.phase {
        Phase::Betting => {
            let o = t.options().unwrap();
            // Draw redeals while everyone checks (R-DRAW-3): open often enough that
            // hands finish.
            let open = t.config().game == Game::FiveCardDraw && o.call == ch(0) && rng.chance(50);
            match (if open { 1 } else { rng.below(10) }, o.raise) {
                (0, _) => Input::Act(Action::Fold),
                (1..=2, Some(r)) => Input::Act(Action::BetTo(
                    r.min_to + rng.chips_below(r.max_to - r.min_to + ch(1)),
                )),
                (3, Some(r)) if r.max_to == o.all_in_to => Input::Act(Action::AllIn),
                (4, _) => Input::Act(Action::BetTo(rng.chips_below(o.all_in_to + ch(2)))),
                _ => Input::Act(Action::CheckCall),
            }
        }
        Phase::Dealing | Phase::Board { .. } => {
            if h.phase == Phase::Dealing && h.hole_dealt == 0 && rng.chance(10) {
                return Input::Straddle {
                    confirmed: rng.chance(50),
                };
            }
            if rng.chance(2) {
                return Input::Misdeal;
            }
            let burn = matches!(h.phase, Phase::Board { burn_due: true });
            let card = loop {
                let c = deck[rng.below(deck.len() as u64) as usize];
                if !h.seen.contains(c) || rng.chance(2) {
                    break c;
                }
            };
            let _ = deck;
            Input::Card(Read {
                card: Some(card),
                burn: burn ^ rng.chance(2),
            })
        }
        Phase::Exchange => {
            let seat = h.drawer().unwrap();
            let p = h.player(seat);
            // Sometimes a count keyed (R-DRAW-5), in range or not: the discards and
            // replacements that follow are held to it, or refused.
            if rng.chance(10) {
                return Input::Draw {
                    count: rng.below(6) as u8,
                };
            }
            if p.discards != 0 || rng.chance(30) {
                if p.discards == 0 && rng.chance(50) {
                    return Input::StandPat;
                }
                let fresh = deck.iter().copied().find(|&c| !h.seen.contains(c));
                // The stub is used up: a discard of another player comes back.
                let c = fresh.or_else(|| {
                    deck.iter()
                        .copied()
                        .find(|&c| h.discarded.contains(c) && !h.served_discards.contains(c))
                });
                return Input::Card(Read::card(c.expect("a card for the exchange")));
            }
            let kept: Vec<Card> = p.hole.iter().flatten().copied().collect();
            Input::Discard(kept[rng.below(kept.len() as u64) as usize])
        }
        Phase::Showdown => {
            // Shows and mucks, sometimes out of turn (a muck is then refused).
            let live: Vec<SeatNo> = h.in_hand().filter(|&s| !h.player(s).shown).collect();
            let seat = if rng.chance(80) {
                h.next_to_show().unwrap()
            } else {
                live[rng.below(live.len() as u64) as usize]
            };
            if rng.chance(50) {
                Input::Show { seat }
            } else {
                Input::Muck { seat }
            }
        }
        Phase::Settling => {
            let live: Vec<SeatNo> = h.in_hand().collect();
            let pot = h.pot();
            if rng.chance(10) {
                return Input::Rake {
                    amount: ch(1) + rng.chips_below(pot.min(ch(5))),
                };
            }
            let seat = live[rng.below(live.len() as u64) as usize];
            let amount = if rng.chance(50) {
                pot
            } else {
                ch(1) + rng.chips_below(pot)
            };
            Input::Award { seat, amount }
        }
    }
}

/// Checks the button and blinds of a hand just started against RULES.md.
fn check_positions(t: &Table, prev: Option<(SeatNo, SeatNo)>) {
    let cfg = *t.config();
    let h = t.hand().unwrap();
    let dealt: Vec<SeatNo> = SeatNo::up_to(cfg.max_players)
        .filter(|&s| h.player(s).dealt)
        .collect();
    assert!(dealt.len() >= 2);
    // The big blind is dealt in and posted (R-BLIND-1).
    assert!(h.player(h.big_blind).dealt, "big blind dealt in");
    assert!(h.player(h.big_blind).total > ch(0) || t.seat(h.big_blind).unwrap().stack == ch(0));
    if dealt.len() == 2 {
        // R-HU-1: heads-up, the button posts the small blind.
        assert_eq!(h.small_blind, Some(h.button));
    } else if let Some((_, prev_bb)) = prev {
        if cfg.button_rule == firmware::rules::ButtonRule::DeadButton {
            // PD-BTN: the small blind is last hand's big-blind seat, or none.
            assert!(
                h.small_blind.is_none() || h.small_blind == Some(prev_bb),
                "SB {:?} prev BB {prev_bb}",
                h.small_blind
            );
            assert_ne!(
                h.big_blind, prev_bb,
                "no player posts the big blind twice in a row"
            );
        }
    }
    // R-MISS-5: nobody is dealt in strictly between the button and the small blind
    // unless he played the previous hand's positions as a regular.
    if let Some(sb) = h.small_blind {
        assert!(h.player(sb).dealt);
    }
}

fn play(seed: u64, hands: usize) {
    let mut rng = Rng(seed | 1);
    let cfg = config(&mut rng);
    let mut t = Table::new(cfg).unwrap();
    let mut ledger = Ledger { outside: 0 };
    let deck: Vec<Card> = (0..52)
        .filter_map(Card::from_index)
        .filter(|c| !cfg.short_deck || c.in_short_deck())
        .collect();
    for _ in 0..3 + rng.below(5) {
        seat_changes(&mut t, &mut rng, &mut ledger);
        let seat = sn(1 + rng.below(u64::from(cfg.max_players)) as u8);
        if let Ok(ev) = t.handle(Input::SitDown {
            seat,
            stack: ch(200 + rng.below(800)),
            wait_for_bb: false,
        }) {
            if let Event::Seated { stack, .. } = ev[0] {
                ledger.outside -= i128::from(stack.get());
            }
        }
    }
    let mut prev: Option<(SeatNo, SeatNo)> = None;
    let mut played = 0;
    let mut attempts = 0;
    while played < hands && attempts < hands * 10 {
        attempts += 1;
        seat_changes(&mut t, &mut rng, &mut ledger);
        let start_state = *t.state();
        let before = total(&t);
        if let Err(e) = t.handle(Input::StartHand) {
            if attempts > hands * 9 {
                eprintln!("start: {e:?} {:?}", t.state().seats);
            }
            // Not enough players: busted players leave, the others come back, and
            // someone new sits down.
            for seat in SeatNo::up_to(cfg.max_players) {
                let s = *t.seat(seat).unwrap();
                if s.presence != Presence::Empty && s.stack == ch(0) {
                    t.handle(Input::Leave { seat }).unwrap();
                } else if s.presence != Presence::Empty {
                    t.handle(Input::SitIn {
                        seat,
                        wait_for_bb: false,
                    })
                    .unwrap();
                }
            }
            let seat = sn(1 + rng.below(u64::from(cfg.max_players)) as u8);
            if let Ok(ev) = t.handle(Input::SitDown {
                seat,
                stack: ch(500),
                wait_for_bb: false,
            }) {
                if let Event::Seated { stack, .. } = ev[0] {
                    ledger.outside -= i128::from(stack.get());
                }
            }
            continue;
        }
        check_positions(&t, prev);
        let mut inputs = vec![Input::StartHand];
        let mut raked: i128 = 0;
        let mut steps = 0;
        let mut deck = deck.clone();
        while t.in_hand() {
            steps += 1;
            let input = random_input(&t, &mut rng, &mut deck);
            let snapshot = t.clone();
            let result = t.handle(input);
            if steps > 4_990 {
                eprintln!("{input:?} -> {result:?} log {}", t.hand_inputs().len());
            }
            assert!(steps < 5_000, "hand stuck: {:?}", t.hand());
            match result {
                Ok(ev) => {
                    inputs.push(input);
                    for e in ev.iter() {
                        if let Event::Raked { amount } = e {
                            raked += i128::from(amount.get());
                        }
                    }
                    if input == Input::Undo {
                        // An undone rake is given back.
                        raked = raked_in(&t, &inputs, &start_state);
                    }
                }
                Err(_) => assert_eq!(t, snapshot, "a refused input changed the table: {input:?}"),
            }
            // Chips are conserved: stacks + pot + rake.
            assert_eq!(total(&t) + raked, before, "chips after {input:?}");
        }
        // Replaying the hand's inputs from its start rebuilds exactly the same table.
        let replayed = Table::replay(cfg, start_state, &inputs).expect("replay");
        assert_eq!(replayed.state(), t.state(), "replay differs");
        let h = t.hand().unwrap();
        prev = Some((h.button, h.big_blind));
        played += 1;
    }
    assert_eq!(played, hands, "hands played");
}

/// The rake taken by the inputs still standing after corrections.
fn raked_in(t: &Table, _inputs: &[Input], _start: &State) -> i128 {
    t.hand_inputs()
        .iter()
        .map(|i| match i {
            Input::Rake { amount } => i128::from(amount.get()),
            _ => 0,
        })
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, .. ProptestConfig::default() })]

    /// 100 tables × 100 hands = 10,000 random hands.
    #[test]
    fn random_hands_conserve_chips_and_never_stick(seed in any::<u64>()) {
        play(seed, 100);
    }
}

proptest! {
    /// R-POT-2: once the uncalled part is back, the top bet is matched, and no chip is
    /// lost or made.
    #[test]
    fn returning_the_excess_leaves_the_top_matched(street in proptest::collection::vec(0u64..1000, 1..10)) {
        let mut after = street.clone();
        let back = firmware::hand::uncalled_excess(street.iter().copied().map(ch).enumerate());
        if let Some((p, x)) = back {
            after[p] -= x.get();
        }
        let mut sorted = after.clone();
        sorted.sort_unstable();
        if street.len() >= 2 {
            prop_assert_eq!(sorted[sorted.len() - 1], sorted[sorted.len() - 2]);
        }
        prop_assert_eq!(after.iter().sum::<u64>() + back.map_or(0, |b| b.1.get()), street.iter().sum::<u64>());
    }
}
