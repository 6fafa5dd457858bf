//! Tests of the Hold'em evaluator: RULES.md examples, names, ties, and property
//! tests against the reference classifier.

use proptest::prelude::*;

use super::reference::{classify5, five_card_subsets};
use super::*;
use crate::cards;

fn value(s: &str) -> HandValue {
    evaluate(&cards(s)).unwrap()
}

/// The reference value of five cards: the classifier's strength, numbered.
fn reference_value(five: &[Card; 5]) -> HandValue {
    let s = classify5(five, false);
    static CLASSES_1: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    let classes = CLASSES_1.get_or_init(|| (1..=CLASSES as u16).map(tables::strength).collect());
    HandValue(classes.binary_search(&s).map(|i| i as u16 + 1).unwrap())
}

/// The best of all five-card subsets, by the reference.
fn reference_best(cs: &[Card]) -> HandValue {
    five_card_subsets(cs.len())
        .map(|idx| reference_value(&idx.map(|i| cs[i])))
        .max()
        .unwrap()
}

// Tests for the RULES.md examples

#[test]
fn r_rank_4_seed_examples() {
    assert!(value("8c 8d 4h 4s 2c") > value("7c 7d 5h 5s Kc"));
    assert!(value("6c 5d 4h 3s 2c") > value("5c 4d 3h 2s Ac"));
    assert!(value("Tc Td 4h 4s Ac") > value("Th Ts 4c 4d Qc"));
    assert!(value("Ac Ad Ah Ks 2c") > value("As Ad Ah Js 2c"));
    assert!(value("Kc Kd Kh 2s 2c") > value("Qc Qd Qh As Ac"));
    assert!(value("Ac Ad Ah 2s 2c") > value("Kc Kd Kh As Ac"));
}

#[test]
fn e18_ranking_checks() {
    assert!(value("8c 8d 4h 4s 2c") > value("7c 7d 5h 5s Kc"));
    assert!(value("6c 5d 4h 3s 2c") > value("5c 4d 3h 2s Ac"));
    assert!(value("Qc Qd Ah Ks 9c") > value("Qh Qs Ac Kd 8c"));
    // Hold'em: the full house beats the flush (R-RANK-2).
    assert!(value("Kh Kc Kd 8s 8d") > value("Ah Jh 9h 8h 7h"));
}

#[test]
fn e15_board_plays_and_everyone_splits() {
    let board = cards("As Kd Qh Jc Th");
    let hands = ["2c 3d", "Ac 9d", "4s 4h"].map(|h| holdem(&cards(h), &board).unwrap());
    assert!(hands.iter().all(|&v| v == hands[0]));
    assert_eq!(hands[0].to_string(), "Straight, ace high");
    let (v, five) = best_five(&[cards("2c 3d"), board.clone()].concat()).unwrap();
    assert_eq!(v, hands[0]);
    assert_eq!(five[..], board[..]);
}

#[test]
fn e11_e12_e14_showdowns() {
    // E11: kings beat queens beat... and aces win the main pot.
    let board = cards("Ks 9d 5c 2h Js");
    let a = holdem(&cards("Ah Ad"), &board).unwrap();
    let b = holdem(&cards("Qc Qd"), &board).unwrap();
    let c = holdem(&cards("Kd 7c"), &board).unwrap();
    assert!(c > b && a > c);
    // E12: straight > trips > pair.
    let board = cards("9c 6d 3s Th 2c");
    let a = holdem(&cards("8s 7s"), &board).unwrap();
    let b = holdem(&cards("9d 9h"), &board).unwrap();
    let c = holdem(&cards("Ac Ad"), &board).unwrap();
    assert_eq!(a.to_string(), "Straight, ten high");
    assert!(a > b && b > c);
    // E14: two ace-high straights split, trips lose.
    let board = cards("Kd Qs 4c Jh Ac");
    let s6 = holdem(&cards("Th 3c"), &board).unwrap();
    let s2 = holdem(&cards("Ts 2d"), &board).unwrap();
    let s4 = holdem(&cards("Ad As"), &board).unwrap();
    assert_eq!(s6, s2);
    assert!(s6 > s4);
    assert_eq!(s4.to_string(), "Three of a kind, aces");
}

#[test]
fn r_rank_5_ties_and_kickers() {
    // Kicker on the board: a split.
    let board = cards("Ac Ad 7h 8s Kc");
    assert_eq!(
        holdem(&cards("2c 3d"), &board),
        holdem(&cards("2h 4d"), &board)
    );
    // The fifth card decides.
    let board = cards("Ac Ad 7h 8s 2c");
    assert!(holdem(&cards("Kc 3d"), &board).unwrap() > holdem(&cards("Qc Jd"), &board).unwrap());
    // Suits never matter.
    assert_eq!(value("As Ks Qs Js 9s"), value("Ah Kh Qh Jh 9h"));
    assert_eq!(value("2c 2d 5h 9s Kc"), value("2h 2s 5c 9d Kd"));
    // Four kickers compared (R-RANK-3, C4).
    assert!(value("Jc Jd 9h 6s 3c") > value("Jh Js 9c 6d 2c"));
    // Quads on the board: the kicker plays.
    let board = cards("9c 9d 9h 9s 2c");
    assert!(holdem(&cards("Ac 3d"), &board).unwrap() > holdem(&cards("Kc Qd"), &board).unwrap());
    assert_eq!(
        holdem(&cards("3c 4d"), &board),
        holdem(&cards("4h 3s"), &board)
    );
    let board = cards("9c 9d 9h 9s Kc");
    assert_eq!(
        holdem(&cards("3c 4d"), &board),
        holdem(&cards("2d 2h"), &board)
    );
    // Trips on the board with two different pairs: the higher pair wins.
    let board = cards("7c 7d 7h Ks 2c");
    assert!(holdem(&cards("Kc 3d"), &board).unwrap() > holdem(&cards("2d 2h"), &board).unwrap());
}

#[test]
fn names() {
    let cases = [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9h 8h 7h 6h 5h", "Straight flush, nine high"),
        ("5h 4h 3h 2h Ah", "Straight flush, five high"),
        ("Qc Qd Qh Qs 2c", "Four of a kind, queens"),
        ("Kc Kd Kh Ts Tc", "Full house, kings over tens"),
        ("Ah Jh 9h 8h 7h", "Flush, ace high"),
        ("6c 5d 4h 3s 2c", "Straight, six high"),
        ("5c 4d 3h 2s Ac", "Straight, five high"),
        ("7c 7d 7h Ks 2c", "Three of a kind, sevens"),
        ("Ac Ad 4h 4s 2c", "Two pair, aces and fours"),
        ("Jc Jd 4h 8s 2c", "Pair of jacks"),
        ("Kc Jd 4h 8s 2c", "High card, king"),
        ("6c 6d 6h 6s 2c", "Four of a kind, sixes"),
    ];
    for (hand, name) in cases {
        assert_eq!(value(hand).to_string(), name);
        assert_eq!(value(hand).name(), name);
    }
    assert_eq!(HandValue::NONE.to_string(), "No hand");
    assert_eq!(HandValue::BEST.to_string(), "Royal flush");
    assert_eq!(HandValue::WORST.to_string(), "High card, seven");
    assert_eq!(Category::FourOfAKind.to_string(), "Four of a kind");
    let v = value("Kc Kd Kh Ts Tc 2c 2d");
    assert_eq!(v.tie_ranks()[..2], [Rank::King, Rank::Ten]);
    assert_eq!(v.category().tie_ranks(), 2);
}

#[test]
fn categories_and_bounds() {
    for (i, &start) in CATEGORY_START.iter().enumerate() {
        assert_eq!(HandValue(start).category(), Category::ALL[i]);
        assert_eq!(HandValue(start - 1).category(), Category::ALL[i.max(1) - 1]);
        let s = tables::strength(start);
        assert_eq!(s >> 20, i as u32);
    }
    assert_eq!(HandValue::BEST.category(), Category::StraightFlush);
    assert_eq!(HandValue::from_u16(0), None);
    assert_eq!(HandValue::from_u16(7463), None);
    assert_eq!(HandValue::from_u16(7462), Some(HandValue::BEST));
}

#[test]
fn r_rank_6_five_six_and_seven_cards() {
    let board = cards("2h 7d 9c");
    assert_eq!(
        holdem(&cards("7h 7s"), &board).unwrap().to_string(),
        "Three of a kind, sevens"
    );
    let board = cards("2h 7d 9c Th");
    assert_eq!(
        holdem(&cards("Jh 8s"), &board).unwrap().to_string(),
        "Straight, jack high"
    );
    assert_eq!(
        value("2h 3h 9h Th Kh Ah").to_string(),
        "Flush, ace high",
        "six cards, six hearts"
    );
    assert_eq!(
        value("2h 3h 4h 5h 6h 7h 8h").to_string(),
        "Straight flush, eight high"
    );
    assert_eq!(
        value("Ah 2h 3h 4h 5h 6d 7c").to_string(),
        "Straight flush, five high"
    );
    // A straight flush below a higher plain straight is still the better hand.
    assert_eq!(
        value("Ah 2h 3h 4h 5h 6c 7d").category(),
        Category::StraightFlush
    );
    // Six-card flush uses the top five.
    assert!(value("Ah Kh 9h 7h 5h 3h 2c") > value("Ad Kd 9d 7d 4d 3c 2h"));
}

#[test]
fn best_five_shows_the_cards_that_play() {
    let (v, five) = best_five(&cards("Kh Kd Ks Th Tc 2c Td")).unwrap();
    assert_eq!(v.to_string(), "Full house, kings over tens");
    assert_eq!(five[..3], cards("Ks Kh Kd")[..]);
    assert!(five[3..].iter().all(|c| c.rank() == Rank::Ten));
    let (v, five) = best_five(&cards("Ah 2d 3c 4s 5h 9c Kd")).unwrap();
    assert_eq!(v.to_string(), "Straight, five high");
    assert_eq!(five[..], cards("5h 4s 3c 2d Ah")[..]);
    let (_, five) = best_five(&cards("Ah Kh 9h 7h 5h 3h 2c")).unwrap();
    assert_eq!(five[..], cards("Ah Kh 9h 7h 5h")[..]);
}

#[test]
fn bad_input_is_an_error() {
    assert_eq!(
        evaluate(&cards("As Ks Qs Js")),
        Err(EvalError::CardCount {
            got: 4,
            min: 5,
            max: 7
        })
    );
    assert_eq!(
        evaluate(&cards("As Ks Qs Js Ts 9s 8s 7s")),
        Err(EvalError::CardCount {
            got: 8,
            min: 5,
            max: 7
        })
    );
    assert_eq!(
        evaluate(&cards("As Ks Qs Js As")),
        Err(EvalError::DuplicateCard(cards("As")[0]))
    );
    assert!(evaluate(&[]).is_err());
    assert!(best_five(&cards("As Ks Qs Js")).is_err());
    assert!(holdem(&cards("As"), &cards("Ks Qs Js")).is_err());
    assert!(holdem(&cards("As Kd"), &cards("Ks Qs")).is_err());
    assert!(holdem(&cards("As Kd"), &cards("Ks Qs As")).is_err());
    assert_eq!(
        EvalError::DuplicateCard(cards("As")[0]).to_string(),
        "card As appears twice: re-scan the hand and the board or call the floor"
    );
}

// Property tests against the reference

/// `n` distinct card indices.
fn distinct_cards(n: usize) -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), n)
        .prop_shuffle()
        .prop_map(|v| {
            v.into_iter()
                .map(|i| Card::from_index(i).unwrap())
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn seven_cards_equal_best_of_21_reference_fives(cs in distinct_cards(7)) {
        let want = reference_best(&cs);
        let seven: [Card; 7] = cs.clone().try_into().unwrap();
        let ev = Evaluator::get();
        prop_assert_eq!(ev.value7(&seven), want);
        prop_assert_eq!(evaluate(&cs), Ok(want));
        let acc = cs.iter().fold(Accum::new(), |a, &c| a.add(c));
        prop_assert_eq!(acc.value(), want);
        prop_assert_eq!(acc.checked_value(), Ok(want));
        let (v, five) = best_five(&cs).unwrap();
        prop_assert_eq!(v, want);
        prop_assert_eq!(reference_value(&five), want);
    }

    #[test]
    fn five_and_six_cards_equal_the_reference(cs in distinct_cards(6)) {
        let six = reference_best(&cs);
        prop_assert_eq!(evaluate(&cs), Ok(six));
        prop_assert_eq!(cs.iter().fold(Accum::new(), |a, &c| a.add(c)).value(), six);
        let five = reference_best(&cs[..5]);
        prop_assert_eq!(evaluate(&cs[..5]), Ok(five));
        prop_assert_eq!(cs[..5].iter().fold(Accum::new(), |a, &c| a.add(c)).value(), five);
    }

    #[test]
    fn omaha_equals_best_of_60_reference_fives(cs in distinct_cards(9)) {
        let (hole, board) = cs.split_at(4);
        let mut want = HandValue::NONE;
        let mut n = 0;
        for a in 0..4 {
            for b in a + 1..4 {
                for x in 0..5 {
                    for y in x + 1..5 {
                        for z in y + 1..5 {
                            n += 1;
                            let five = [hole[a], hole[b], board[x], board[y], board[z]];
                            want = want.max(reference_value(&five));
                        }
                    }
                }
            }
        }
        prop_assert_eq!(n, 60);
        prop_assert_eq!(omaha_high(hole, board), Ok(want));
        let (v, five) = omaha_high_best_five(hole, board).unwrap();
        prop_assert_eq!(v, want);
        prop_assert_eq!(reference_value(&five), want);
        prop_assert_eq!(five[..2].iter().filter(|c| hole.contains(c)).count(), 2);
        prop_assert_eq!(five[2..].iter().filter(|c| board.contains(c)).count(), 3);
    }

    #[test]
    fn omaha_low_equals_best_of_60_fives(cs in distinct_cards(9), ignore in any::<bool>()) {
        let (hole, board) = cs.split_at(4);
        let rules = LowRules::new(ignore);
        let mut want: Option<LowValue> = None;
        for a in 0..4 {
            for b in a + 1..4 {
                for x in 0..5 {
                    for y in x + 1..5 {
                        for z in y + 1..5 {
                            let five = [hole[a], hole[b], board[x], board[y], board[z]];
                            if let Some(low) = low_five(&five, rules).unwrap() {
                                want = want.max(Some(low));
                            }
                        }
                    }
                }
            }
        }
        prop_assert_eq!(omaha_low(hole, board, rules), Ok(want));
    }

    #[test]
    fn value_order_is_strength_order(a in distinct_cards(5), b in distinct_cards(5)) {
        let (fa, fb): ([Card; 5], [Card; 5]) = (a.try_into().unwrap(), b.try_into().unwrap());
        let (sa, sb) = (classify5(&fa, false), classify5(&fb, false));
        prop_assert_eq!(reference_value(&fa).cmp(&reference_value(&fb)), sa.cmp(&sb));
        prop_assert_eq!(evaluate(&fa).unwrap().cmp(&evaluate(&fb).unwrap()), sa.cmp(&sb));
    }
}

#[test]
fn all_five_card_hands_match_the_reference() {
    // All 2,598,960 five-card hands through the Accum, and a sample through the
    // hash, against the reference; plus the classic five-card census.
    let d: Vec<Card> = firmware::CardSet::deck(false).iter().collect();
    let mut per_category = [0u32; 9];
    let ev = Evaluator::get();
    let mut n = 0u32;
    for a in 0..52 {
        let a1 = Accum::new().add(d[a]);
        for b in a + 1..52 {
            let a2 = a1.add(d[b]);
            for c in b + 1..52 {
                let a3 = a2.add(d[c]);
                for e in c + 1..52 {
                    let a4 = a3.add(d[e]);
                    for f in e + 1..52 {
                        let five = [d[a], d[b], d[c], d[e], d[f]];
                        let v = a4.add(d[f]).value();
                        assert_eq!(v, reference_value(&five));
                        if n.is_multiple_of(64) {
                            assert_eq!(ev.value_unchecked(&five), v);
                        }
                        n += 1;
                        per_category[v.category() as usize] += 1;
                    }
                }
            }
        }
    }
    assert_eq!(
        per_category,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
}
