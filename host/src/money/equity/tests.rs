//! Tests of the exact equity: hand-counted cases, the brute-force reference (every
//! board dealt as a list and every hand valued from scratch by `host::money::eval`, shares
//! counted per player without the tallies), and the errors.

use proptest::prelude::*;

use super::*;
use crate::cards;
use crate::money::eval::{holdem, omaha_high, omaha_low, HandValue, LowValue};

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// Every `k`-card subset of `from`, in index order.
fn subsets(from: &[Card], k: usize) -> Vec<Vec<Card>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in from.iter().enumerate() {
        for mut rest in subsets(&from[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The obviously right enumeration: each board listed, each hand valued whole.
fn reference(
    game: Game,
    low_rules: LowRules,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
) -> EquityReport {
    let u = SHARE_UNITS;
    let known: Vec<Card> = hands
        .iter()
        .flat_map(|h| h.iter().copied())
        .chain(board.iter().copied())
        .chain(dead.iter().copied())
        .collect();
    let unseen: Vec<Card> = (0..52)
        .map(|i| Card::from_index(i).unwrap())
        .filter(|c| !known.contains(c))
        .collect();
    let mut players = vec![Equity::default(); hands.len()];
    let (mut boards, mut no_low) = (0u64, 0u64);
    for rest in subsets(&unseen, 5 - board.len()) {
        let full: Vec<Card> = board.iter().chain(&rest).copied().collect();
        boards += 1;
        let high: Vec<HandValue> = hands
            .iter()
            .map(|h| match game {
                Game::Holdem => holdem(h, &full).unwrap(),
                _ => omaha_high(h, &full).unwrap(),
            })
            .collect();
        let low: Vec<Option<LowValue>> = hands
            .iter()
            .map(|h| match game {
                Game::OmahaHiLo => omaha_low(h, &full, low_rules).unwrap(),
                _ => None,
            })
            .collect();
        let best_high = *high.iter().max().unwrap();
        let high_winners: Vec<usize> = (0..hands.len()).filter(|&p| high[p] == best_high).collect();
        let best_low = *low.iter().max().unwrap();
        let low_winners: Vec<usize> = match best_low {
            None => Vec::new(),
            Some(_) => (0..hands.len()).filter(|&p| low[p] == best_low).collect(),
        };
        if low_winners.is_empty() && game == Game::OmahaHiLo {
            no_low += 1;
        }
        // R-HILO-1: the whole to the high without a low, else a half each.
        let high_part = if low_winners.is_empty() { u } else { u / 2 };
        for (p, e) in players.iter_mut().enumerate() {
            let (mut share, mut alone) = (0, 0);
            for (winners, part) in [(&high_winners, high_part), (&low_winners, u - high_part)] {
                if winners.contains(&p) {
                    share += part / winners.len() as u64;
                    if winners.len() == 1 {
                        alone += part;
                    }
                }
            }
            if low_winners.contains(&p) {
                if low_winners.len() == 1 {
                    e.low_wins += 1;
                } else {
                    e.low_ties += 1;
                }
            }
            if alone == u {
                e.wins += 1;
            } else if share > 0 {
                e.ties += 1;
            }
            e.win_units += alone;
            e.tie_units += share - alone;
        }
    }
    for e in &mut players {
        e.win = e.win_units as f64 / (boards * u) as f64;
        e.tie = e.tie_units as f64 / (boards * u) as f64;
    }
    EquityReport {
        boards,
        players,
        no_low,
    }
}

/// The invariants of every report: boards = C(unseen, missing), the shares add up
/// to one pot per board.
fn check_invariants(r: &EquityReport, unseen: usize, missing: usize) {
    assert_eq!(r.boards, binomial(unseen as u64, missing as u64));
    let units: u64 = r.players.iter().map(|e| e.win_units + e.tie_units).sum();
    assert_eq!(units, r.boards * SHARE_UNITS);
    let shares: f64 = r.players.iter().map(|e| e.win + e.tie).sum();
    assert!((shares - 1.0).abs() < 1e-12, "{shares}");
    for e in &r.players {
        assert!(e.wins + e.ties <= r.boards);
        assert!((0.0..=1.0).contains(&e.win) && (0.0..=1.0).contains(&e.tie));
    }
}

fn both(game: Game, hands: &[&[Card]], board: &[Card], dead: &[Card]) -> EquityReport {
    let low = LowRules::of(&firmware::rules::MoneyRules::CASINO);
    let fast = exact(game, hands, board, dead).unwrap();
    assert_eq!(fast, reference(game, low, hands, board, dead));
    let unseen = 52 - hands.iter().map(|h| h.len()).sum::<usize>() - board.len() - dead.len();
    check_invariants(&fast, unseen, 5 - board.len());
    fast
}

// Tests for Hold'em

/// The symmetric all-ins of the benchmark and the display, by orbit and board by
/// board: the same figures.
#[test]
fn symmetric_preflop_all_ins_by_orbit_and_board_by_board() {
    let low = LowRules::of(&firmware::rules::MoneyRules::CASINO);
    for pair in [
        ["Ah As", "Kd Kc"],
        ["Ah As", "Kh Ks"],
        ["Ac Ad", "Kh Ks"],
        ["Ah Kh", "Qh Jh"],
        ["Ah Kh", "Qs Js"],
        ["7c 2d", "7d 2c"],
    ] {
        let hands: Vec<Vec<Card>> = pair.iter().map(|h| cards(h)).collect();
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let fast = exact(Game::Holdem, &refs, &[], &[]).unwrap();
        assert_eq!(fast.boards, 1_712_304, "{pair:?}");
        assert_eq!(
            fast,
            every_board(Game::Holdem, low, &refs, &[], &[]),
            "{pair:?}"
        );
    }
    let (aks, qjs) = (cards("Ah As Kh Ks"), cards("Qc Qd 3c 2d"));
    for game in [Game::Omaha, Game::OmahaHiLo] {
        let fast = exact(game, &[&aks, &qjs], &[], &[]).unwrap();
        assert_eq!(fast.boards, 1_086_008);
        assert_eq!(
            fast,
            every_board(game, low, &[&aks, &qjs], &[], &[]),
            "{game:?}"
        );
    }
}

#[test]
fn aces_against_kings_preflop_every_board() {
    let (aa, kk) = (cards("Ah As"), cards("Kd Kc"));
    let r = both(Game::Holdem, &[&aa, &kk], &[], &[]);
    assert_eq!(r.boards, 1_712_304);
    let pct = |n: u64| (n as f64 * 10_000.0 / r.boards as f64).round() / 100.0;
    // The figures: 81.06% / 18.55% / 0.38% tie.
    assert_eq!(pct(r.players[0].wins), 81.06);
    assert_eq!(pct(r.players[1].wins), 18.55);
    assert_eq!(pct(r.players[0].ties), 0.38);
    assert_eq!(r.players[0].ties, r.players[1].ties);
    assert_eq!(
        r.players[0].wins + r.players[1].wins + r.players[0].ties,
        r.boards
    );
    assert_eq!(
        (r.players[0].wins, r.players[1].wins, r.players[0].ties),
        (1_388_072, 317_694, 6_538)
    );
}

#[test]
fn turn_outs_counted_by_hand() {
    // Ace-king of hearts against queens, one card to come: 9 hearts, 3 aces and
    // 3 kings win for ace-king, the other 29 of 44 cards for the queens.
    let (ak, qq) = (cards("Ah Kh"), cards("Qs Qd"));
    let r = both(Game::Holdem, &[&ak, &qq], &cards("2h 7h Tc 3s"), &[]);
    assert_eq!(r.boards, 44);
    assert_eq!((r.players[0].wins, r.players[1].wins), (15, 29));
    assert_eq!(r.players[0].ties, 0);
    assert_eq!(r.players[0].win, 15.0 / 44.0);
    // A dead heart and a dead ace (seen burns) are one out fewer each.
    let r = both(
        Game::Holdem,
        &[&ak, &qq],
        &cards("2h 7h Tc 3s"),
        &cards("9h Ad"),
    );
    assert_eq!((r.boards, r.players[0].wins), (42, 13));
}

#[test]
fn r_show_4_board_plays_for_everyone_on_the_river() {
    let r = both(
        Game::Holdem,
        &[&cards("2c 3d"), &cards("4c 5d"), &cards("2h 3s")],
        &cards("As Ks Qs Js Ts"),
        &[],
    );
    assert_eq!(r.boards, 1);
    for e in &r.players {
        assert_eq!((e.wins, e.ties, e.win), (0, 1, 0.0));
        assert_eq!(e.tie_units, SHARE_UNITS / 3);
    }
}

#[test]
fn three_way_flop_and_partial_boards() {
    let (a, b, k) = (cards("Ah Kh"), cards("Qs Qd"), cards("Jc 9c"));
    let r = both(Game::Holdem, &[&a, &b, &k], &cards("2h 7h Tc"), &[]);
    assert_eq!(r.boards, 903); // C(43, 2)
                               // One or two board cards are a board still being read: still exact.
    both(
        Game::Holdem,
        &[&a, &b],
        &cards("2h"),
        &cards("3c 4c 5c 6c 7c 8c 9c Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd"),
    );
    both(
        Game::Holdem,
        &[&a, &b, &k],
        &cards("2h 7h"),
        &cards("3c 4c 5c 6c 7c 8c Tc Kc Ac 2d 3d 4d 5d 6d 7d 8d"),
    );
}

#[test]
fn preflop_with_many_dead_cards_against_the_reference() {
    let dead = cards("2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d 2s 3s 4s 5s 6s 7s 8s 9s Ts");
    let r = both(
        Game::Holdem,
        &[&cards("Ah As"), &cards("Kd Kc"), &cards("Jh Th")],
        &[],
        &dead,
    );
    assert_eq!(r.boards, binomial(21, 5));
    let dead = cards("2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d 2s 3s 4s");
    both(
        Game::Holdem,
        &[
            &cards("Ah Kh"),
            &cards("Qd Qc"),
            &cards("Jh Th"),
            &cards("5s 5h"),
        ],
        &[],
        &dead,
    );
}

// Tests for Omaha and Omaha Hi/Lo

#[test]
fn omaha_preflop_and_flop_against_the_reference() {
    let dead = cards("2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d 2s 3s 4s 5s 6s");
    let (a, b) = (cards("Ah As Kh Qd"), cards("Jc Tc 9h 8h"));
    for game in [Game::Omaha, Game::OmahaHiLo] {
        let r = both(game, &[&a, &b], &[], &dead);
        assert_eq!(r.boards, binomial(52 - 8 - 21, 5));
        both(
            game,
            &[&a, &b, &cards("7s 8s 9s Ts")],
            &cards("2h 7h 3c"),
            &[],
        );
    }
}

#[test]
fn r_hilo_1_no_low_board_goes_whole_to_the_high() {
    // No board card up to eight can come: nobody ever has a low.
    let dead =
        cards("2c 3c 4c 5c 6c 7c 8c Ac 2d 3d 4d 5d 6d 7d 8d Ad 2s 3s 4s 5s 6s 7s 8s As 2h 3h 4h");
    let (a, b) = (cards("Kh Ks Qh Qs"), cards("5h 6h 7h 8h"));
    let r = both(Game::OmahaHiLo, &[&a, &b], &cards("9c Tc Jd"), &dead);
    assert_eq!(r.no_low, r.boards);
    assert_eq!(r.players[1].low_wins + r.players[1].low_ties, 0);
    let omaha = both(Game::Omaha, &[&a, &b], &cards("9c Tc Jd"), &dead);
    assert_eq!(
        (r.players[0].wins, r.players[0].win_units),
        (omaha.players[0].wins, omaha.players[0].win_units)
    );
}

#[test]
fn hilo_scoops_and_halves_on_the_river() {
    // A: the wheel for high and the nut low; B: kings full of fives, no low.
    let (a, b) = (cards("Ac 2d Qh Jh"), cards("Kd Kc 9s 9h"));
    let r = both(Game::OmahaHiLo, &[&a, &b], &cards("3s 4c 5h Ks 5d"), &[]);
    assert_eq!(r.boards, 1);
    // B's full house beats A's wheel: B the high half, A the low half.
    assert_eq!((r.players[0].low_wins, r.players[0].wins), (1, 0));
    assert_eq!((r.players[0].ties, r.players[1].ties), (1, 1));
    assert_eq!(r.players[0].win_units, SHARE_UNITS / 2);
    assert_eq!(r.players[1].win_units, SHARE_UNITS / 2);
    // A scoop: A's wheel is the best high and the only low.
    let r = both(Game::OmahaHiLo, &[&a, &b], &cards("3s 4c 5h Ts 8d"), &[]);
    assert_eq!((r.players[0].wins, r.players[0].win), (1, 1.0));
    assert_eq!(
        (r.players[1].wins, r.players[1].ties, r.players[1].tie),
        (0, 0, 0.0)
    );
}

#[test]
fn exact_uses_the_casino_low_and_exact_with_low_the_tables() {
    // PD-HILO: 7c 8c with the 4c 5c 6c board is a straight flush low (no low
    // under the casino's rules), 2d 3h with it makes 6-5-4-3-2 (also a straight).
    let (a, b) = (cards("7c 8c Kh Ks"), cards("2d 3h Qh Qs"));
    let board = cards("4c 5c 6c Jd");
    let casino = exact(Game::OmahaHiLo, &[&a, &b], &board, &[]).unwrap();
    let lenient =
        exact_with_low(Game::OmahaHiLo, LowRules::new(true), &[&a, &b], &board, &[]).unwrap();
    assert_ne!(casino, lenient);
    assert_eq!(
        casino,
        reference(
            Game::OmahaHiLo,
            LowRules::new(false),
            &[&a, &b],
            &board,
            &[]
        )
    );
    assert_eq!(
        lenient,
        reference(Game::OmahaHiLo, LowRules::new(true), &[&a, &b], &board, &[])
    );
}

/// PD-HILO with flushes counting against a low: boards on which a player's best
/// low ranks make a flush with his two suited low cards, where his low is the
/// next-best unsuited one or none at all.
#[test]
fn pd_hilo_a_flush_spoils_a_low_board_by_board() {
    let casino = LowRules::new(false);
    for (a, b, board) in [
        // Ah 2h with a 5h 6h flop: any heart seven or eight on the turn and river
        // makes A-2-5-6-x of hearts, no low.
        ("Ah 2h Kc Kd", "3d 4d Qs Qc", "5h 6h Js"),
        // Both players hold two low hearts; the turn is the third low heart.
        ("Ah 3h 2c 9d", "4h 6h 7s Ts", "5h 8h Kd Jc"),
        // A wheel is always a low, suited or not.
        ("Ah 2h Kc Kd", "7d 8d Qs Qc", "3h 4h 5h"),
    ] {
        let (a, b, board) = (cards(a), cards(b), cards(board));
        for rules in [casino, LowRules::new(true)] {
            let fast = exact_with_low(Game::OmahaHiLo, rules, &[&a, &b], &board, &[]).unwrap();
            assert_eq!(
                fast,
                reference(Game::OmahaHiLo, rules, &[&a, &b], &board, &[]),
                "{a:?} {b:?} {board:?} {rules:?}"
            );
        }
    }
}

/// A hi/lo all-in dealt from the low cards (ace to eight) of two suits: flush lows
/// and straight lows on most boards. `players` hands of four, a board of 3 or 4.
fn low_suited_situation() -> impl Strategy<Value = (Vec<Vec<Card>>, Vec<Card>)> {
    let pool: Vec<Card> = (0u8..52)
        .filter_map(Card::from_index)
        .filter(|c| {
            (c.rank() <= firmware::Rank::Eight || c.rank() == firmware::Rank::Ace)
                && c.suit().index() < 2
        })
        .collect();
    (2usize..=3, 3usize..=4, Just(pool).prop_shuffle()).prop_map(|(players, board, pool)| {
        let mut deck = pool.into_iter();
        let hands = (0..players)
            .map(|_| deck.by_ref().take(4).collect::<Vec<Card>>())
            .collect();
        (hands, deck.take(board).collect())
    })
}

/// A count whose hand moved on is given up, in every game, and a count never
/// cancelled is `exact`'s.
#[test]
fn a_count_is_given_up_once_cancelled() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let casino = LowRules::of(&firmware::rules::MoneyRules::CASINO);
    let holdem = [cards("Ah Kd"), cards("Qs Jc")];
    let omaha = [cards("Ah As Kh Qd"), cards("Jc Tc 9h 8h")];
    for (game, hands) in [
        (Game::Holdem, &holdem),
        (Game::Omaha, &omaha),
        (Game::OmahaHiLo, &omaha),
    ] {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let board = cards("2c 7d 9s");
        let live = Arc::new(AtomicBool::new(false));
        assert_eq!(
            exact_until(game, casino, &refs, &board, &live),
            exact_with_low(game, casino, &refs, &board, &[]),
            "{game:?}"
        );
        let moved_on = Arc::new(AtomicBool::new(true));
        for board in [&[][..], &board[..]] {
            assert_eq!(
                exact_until(game, casino, &refs, board, &moved_on),
                Err(EquityError::Cancelled),
                "{game:?} {board:?}"
            );
        }
    }
    assert!(EquityError::Cancelled
        .to_string()
        .contains("the hand moved on"));
}

// Tests for bad input

#[test]
fn bad_input_is_refused_with_a_clear_error() {
    let (aa, kk) = (cards("Ah As"), cards("Kd Kc"));
    let e = |game, hands: &[&[Card]], board: &[Card], dead: &[Card]| {
        exact(game, hands, board, dead).unwrap_err()
    };
    let five = cards("2c 3c 4c 5c 6c");
    assert_eq!(
        e(
            Game::FiveCardDraw,
            &[&five, &cards("2d 3d 4d 5d 6d")],
            &[],
            &[]
        ),
        EquityError::DrawGame
    );
    assert_eq!(
        e(Game::Holdem, &[&aa], &[], &[]),
        EquityError::Players { got: 1 }
    );
    let eleven: Vec<Vec<Card>> = (0..11u8)
        .map(|i| {
            vec![
                Card::from_index(2 * i).unwrap(),
                Card::from_index(2 * i + 1).unwrap(),
            ]
        })
        .collect();
    let refs: Vec<&[Card]> = eleven.iter().map(Vec::as_slice).collect();
    assert_eq!(
        e(Game::Holdem, &refs, &[], &[]),
        EquityError::Players { got: 11 }
    );
    assert_eq!(
        e(Game::Omaha, &[&aa, &kk], &[], &[]),
        EquityError::HoleCards {
            player: 0,
            got: 2,
            need: 4
        }
    );
    assert_eq!(
        e(Game::Holdem, &[&aa, &cards("Kd")], &[], &[]),
        EquityError::HoleCards {
            player: 1,
            got: 1,
            need: 2
        }
    );
    assert_eq!(
        e(Game::Holdem, &[&aa, &kk], &cards("2c 3c 4c 5c 6c 7c"), &[]),
        EquityError::BoardTooLong { got: 6 }
    );
    assert_eq!(
        e(Game::Holdem, &[&aa, &cards("Ah Kc")], &[], &[]),
        EquityError::DuplicateCard(c("Ah"))
    );
    assert_eq!(
        e(Game::Holdem, &[&aa, &kk], &cards("Kd 2c 3c"), &[]),
        EquityError::DuplicateCard(c("Kd"))
    );
    assert_eq!(
        e(Game::Holdem, &[&aa, &kk], &cards("2c 3c 4c"), &cards("4c")),
        EquityError::DuplicateCard(c("4c"))
    );
    let dead: Vec<Card> = (8..52).map(|i| Card::from_index(i).unwrap()).collect();
    let (twos, threes) = (cards("2s 2h"), cards("2d 2c"));
    assert_eq!(
        exact(Game::Holdem, &[&twos, &threes], &[], &dead[..43])
            .unwrap()
            .boards,
        1
    );
    assert_eq!(
        e(Game::Holdem, &[&twos, &threes], &[], &dead),
        EquityError::NotEnoughCards { left: 4, needed: 5 }
    );
}

#[test]
fn error_messages_say_what_to_check() {
    assert_eq!(
        EquityError::DrawGame.to_string(),
        "no equity in five-card draw: there is no board to run out, each player's exchange decides"
    );
    assert_eq!(
        EquityError::HoleCards {
            player: 2,
            got: 3,
            need: 4
        }
        .to_string(),
        "hand 3 has 3 cards, the game deals 4: check the seat's reads"
    );
    assert_eq!(
        EquityError::DuplicateCard(c("Ah")).to_string(),
        "card Ah appears twice among the hands, the board and the dead cards: re-scan it or call the floor"
    );
    assert_eq!(
        EquityError::NotEnoughCards { left: 3, needed: 5 }.to_string(),
        "only 3 unseen cards left for 5 board cards: check the dead cards"
    );
}

// Property tests against the reference

/// A random all-in at the flop or the turn: `players` hands of `hole` cards, a
/// board of 3 or 4 cards and up to 4 dead cards, all distinct.
fn situation(hole: usize) -> impl Strategy<Value = (Vec<Vec<Card>>, Vec<Card>, Vec<Card>)> {
    (
        2usize..=4,
        3usize..=4,
        0usize..=4,
        Just((0u8..52).collect::<Vec<u8>>()).prop_shuffle(),
    )
        .prop_map(move |(players, board, dead, deck)| {
            let mut deck = deck.into_iter().map(|i| Card::from_index(i).unwrap());
            let hands = (0..players)
                .map(|_| deck.by_ref().take(hole).collect())
                .collect();
            let board = deck.by_ref().take(board).collect();
            let dead = deck.take(dead).collect();
            (hands, board, dead)
        })
}

/// A random all-in before the flop: `players` Hold'em hands and 22 to 28 dead cards
/// (so that the reference's every board stays quick), all distinct. Every level of
/// the deal by rank is reached, the suits left alive or dead by chance.
fn preflop_situation() -> impl Strategy<Value = (Vec<Vec<Card>>, Vec<Card>)> {
    (
        2usize..=4,
        22usize..=28,
        Just((0u8..52).collect::<Vec<u8>>()).prop_shuffle(),
    )
        .prop_map(|(players, dead, deck)| {
            let mut deck = deck.into_iter().map(|i| Card::from_index(i).unwrap());
            let hands = (0..players)
                .map(|_| deck.by_ref().take(2).collect())
                .collect();
            (hands, deck.take(dead).collect())
        })
}

/// Every board dealt one by one, without the suit symmetries ([`suits`]).
fn every_board(
    game: Game,
    low: LowRules,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
) -> EquityReport {
    let mut deal = Deal::check(game, hands, board, dead).unwrap();
    deal.by_orbit = false;
    run(game, low, &deal, None).unwrap()
}

/// A random all-in whose cards come from one to three suits (so that the others are
/// interchangeable, and often some of those used too): `players` hands of `hole`
/// cards, a board of 0, 3 or 4 cards and up to 3 dead cards, all distinct.
fn suited_situation(hole: usize) -> impl Strategy<Value = (Vec<Vec<Card>>, Vec<Card>, Vec<Card>)> {
    (
        2usize..=3,
        prop_oneof![Just(0usize), Just(3), Just(4)],
        0usize..=3,
        1usize..=3,
        Just((0u8..4).collect::<Vec<u8>>()).prop_shuffle(),
        Just((0u8..13).collect::<Vec<u8>>()).prop_shuffle(),
        any::<u64>(),
    )
        .prop_map(move |(players, board, dead, k, suits, ranks, seed)| {
            // Cards of the first `k` suits, mixed by `seed`, ranks in a shuffled order.
            let mut pool: Vec<Card> = ranks
                .iter()
                .flat_map(|&r| suits.iter().take(k).map(move |&s| r * 4 + s))
                .filter_map(Card::from_index)
                .collect();
            let mut x = seed | 1;
            for i in (1..pool.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                pool.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let mut deck = pool.into_iter();
            let hands = (0..players)
                .map(|_| deck.by_ref().take(hole).collect::<Vec<Card>>())
                .collect::<Vec<_>>();
            let board = deck.by_ref().take(board).collect();
            let dead = deck.take(dead).collect();
            (hands, board, dead)
        })
        .prop_filter("every hand dealt in full", move |(hands, _, _)| {
            hands.iter().all(|h| h.len() == hole)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Dealing one board per orbit of the suit symmetries changes no figure, in every
    /// game (the hands share suits, and often leave some unused).
    #[test]
    fn boards_by_orbit_count_as_every_board(
        (hands, board, dead) in suited_situation(2),
        (omaha, obord, odead) in suited_situation(4),
        lenient in any::<bool>(),
    ) {
        let low = LowRules::new(lenient);
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let fast = exact_with_low(Game::Holdem, low, &refs, &board, &dead).unwrap();
        prop_assert_eq!(fast, every_board(Game::Holdem, low, &refs, &board, &dead));
        let refs: Vec<&[Card]> = omaha.iter().map(Vec::as_slice).collect();
        for game in [Game::Omaha, Game::OmahaHiLo] {
            let fast = exact_with_low(game, low, &refs, &obord, &odead).unwrap();
            prop_assert_eq!(fast, every_board(game, low, &refs, &obord, &odead));
        }
    }

    #[test]
    fn holdem_fast_path_equals_the_reference((hands, board, dead) in situation(2)) {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        both(Game::Holdem, &refs, &board, &dead);
    }

    #[test]
    fn holdem_preflop_equals_the_reference((hands, dead) in preflop_situation()) {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        both(Game::Holdem, &refs, &[], &dead);
    }

    #[test]
    fn omaha_fast_path_equals_the_reference((hands, board, dead) in situation(4)) {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        both(Game::Omaha, &refs, &board, &dead);
    }

    /// PD-HILO: flushes and straights spoil lows on most of these boards.
    #[test]
    fn hilo_low_suited_boards_equal_the_reference((hands, board) in low_suited_situation(), lenient in any::<bool>()) {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let low = LowRules::new(lenient);
        let fast = exact_with_low(Game::OmahaHiLo, low, &refs, &board, &[]).unwrap();
        prop_assert_eq!(&fast, &reference(Game::OmahaHiLo, low, &refs, &board, &[]));
    }

    #[test]
    fn hilo_fast_path_equals_the_reference((hands, board, dead) in situation(4), lenient in any::<bool>()) {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let low = LowRules::new(lenient);
        let fast = exact_with_low(Game::OmahaHiLo, low, &refs, &board, &dead).unwrap();
        prop_assert_eq!(&fast, &reference(Game::OmahaHiLo, low, &refs, &board, &dead));
        let unseen = 52 - 4 * refs.len() - board.len() - dead.len();
        check_invariants(&fast, unseen, 5 - board.len());
    }
}
