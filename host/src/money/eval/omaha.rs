//! Omaha high (R-RANK-7) and the 8-or-better low of Omaha Hi/Lo (RULES.md §3).
//!
//! Every Omaha hand is exactly two of the four hole cards plus exactly three of
//! the board cards: at most 6 × 10 = 60 five-card hands, each valued through
//! the additive key of [`Evaluator`] (hole pair key + board triple key). High and
//! low are chosen independently (R-HILO-2).

use core::cmp::Ordering;
use core::fmt;

use firmware::{Card, Rank};

use super::{check_distinct, EvalError, Evaluator, HandValue};

/// House settings for the low half (RULES.md PD-HILO).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct LowRules {
    /// `low_ignores_straights_flushes` (default `true`, standard practice):
    /// straights and flushes neither disqualify nor worsen a low. With `false`
    /// (the literal reading of \[002\]) five cards making a straight or a flush are
    /// no low, except that 5-4-3-2-A (in any suits) always is.
    pub low_ignores_straights_flushes: bool,
}

impl Default for LowRules {
    fn default() -> Self {
        LowRules::new(true)
    }
}

impl LowRules {
    /// The low rules of a table's money rules.
    pub const fn of(money: &firmware::rules::MoneyRules) -> LowRules {
        LowRules::new(money.low_ignores_straights_flushes)
    }

    /// The rules with `low_ignores_straights_flushes` set as given.
    pub const fn new(low_ignores_straights_flushes: bool) -> LowRules {
        LowRules {
            low_ignores_straights_flushes,
        }
    }
}

/// A qualifying 8-or-better low (R-HILO-3): five different ranks, each eight or
/// lower, ace low.
///
/// Ordered like [`HandValue`]: **a better low compares greater**, so the low
/// winners are the lows equal to the maximum (R-HILO-4: the lower highest card
/// wins, then the next, and so on). `Display` gives "Low 8-6-4-2-A".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LowValue {
    /// Bit `n - 1` for each low rank `n` (ace = 1 .. eight = 8); exactly five bits.
    /// As a number, smaller is better: the highest card weighs most.
    mask: u8,
}

/// The wheel A-2-3-4-5, the best low (R-HILO-3).
const WHEEL: u8 = 0b1_1111;

impl LowValue {
    /// The best low, 5-4-3-2-A.
    pub const BEST: LowValue = LowValue { mask: WHEEL };

    /// The low made by five cards of five different ranks up to eight, if any
    /// (ignoring straights and flushes).
    fn from_ranks(cards: &[Card]) -> Option<LowValue> {
        let mask = low_mask(cards);
        (cards.len() == 5 && mask.count_ones() == 5).then_some(LowValue { mask })
    }

    /// The five ranks, highest first, ace as 1: `[8, 6, 4, 2, 1]`.
    pub fn ranks(self) -> [u8; 5] {
        let mut out = [0u8; 5];
        let mut i = 0;
        for n in (1..=8u8).rev() {
            if self.mask & (1 << (n - 1)) != 0 {
                if let Some(slot) = out.get_mut(i) {
                    *slot = n;
                }
                i += 1;
            }
        }
        out
    }

    /// A number that orders lows as [`LowValue`] does (greater is better), never
    /// 0: for tables and hot loops, where 0 can stand for "no low".
    pub const fn code(self) -> u8 {
        !self.mask
    }

    /// The name, as [`Display`](fmt::Display) writes it: "Low 7-5-3-2-A".
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl Ord for LowValue {
    fn cmp(&self, other: &Self) -> Ordering {
        // Smaller mask = lower cards = better = greater.
        other.mask.cmp(&self.mask)
    }
}

impl PartialOrd for LowValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Low")?;
        for (i, n) in self.ranks().iter().enumerate() {
            let sep = if i == 0 { ' ' } else { '-' };
            if *n == 1 {
                write!(f, "{sep}A")?;
            } else {
                write!(f, "{sep}{n}")?;
            }
        }
        Ok(())
    }
}

/// The card's low bit: ace → bit 0, two → bit 1 .. eight → bit 7, else none.
pub(crate) fn low_bit(c: Card) -> u8 {
    match c.rank() {
        Rank::Ace => 1,
        r if r <= Rank::Eight => 1 << (r.index() + 1),
        _ => 0,
    }
}

/// The low ranks among `cards`, one bit each ([`low_bit`]).
pub(crate) fn low_mask(cards: &[Card]) -> u8 {
    cards.iter().fold(0u8, |m, &c| m | low_bit(c))
}

/// Each of four hole cards' low bit ([`low_bit`]; 0 where a card is missing): the
/// hand as [`omaha_low_of_ranks`] takes it.
pub(crate) fn hole_low_bits(hole: &[Card]) -> [u8; 4] {
    core::array::from_fn(|i| hole.get(i).map_or(0, |&c| low_bit(c)))
}

/// Whether five low cards may count as a low under `rules` (PD-HILO).
fn allowed(low: LowValue, five: &[Card; 5], rules: LowRules) -> bool {
    if rules.low_ignores_straights_flushes || low.mask == WHEEL {
        return true;
    }
    let flush = five.iter().all(|c| c.suit() == five[0].suit());
    !spoiled_by_straight(low.mask) && !flush
}

/// Whether five different low ranks (`mask`, a low's bits) are in a row and not
/// the wheel: a straight, which is no low where straights count against it
/// (PD-HILO; the wheel always is one).
const fn spoiled_by_straight(mask: u8) -> bool {
    mask != WHEEL && mask >> mask.trailing_zeros() == WHEEL
}

/// The best Omaha low of hole cards whose low bits are `hole` (0 for a card above
/// eight) on a board whose low ranks are the bits of `board`, suits left aside:
/// exact unless three low board cards and two low hole cards share a suit while
/// flushes count against a low (then a flush may spoil it, and [`omaha_low`] on
/// the cards decides). The exact equity values each set of board low ranks once
/// this way instead of every board.
pub(crate) fn omaha_low_of_ranks(hole: [u8; 4], board: u8, rules: LowRules) -> Option<LowValue> {
    let mut best: Option<LowValue> = None;
    for (i, &a) in hole.iter().enumerate() {
        for &b in hole.iter().skip(i + 1) {
            let pair = a | b;
            if a == 0 || b == 0 || pair.count_ones() != 2 {
                continue;
            }
            let rest = board & !pair;
            // Every three of the board's other low ranks.
            let mut three = rest;
            while three != 0 {
                let mask = pair | three;
                if three.count_ones() == 3
                    && (rules.low_ignores_straights_flushes || !spoiled_by_straight(mask))
                {
                    let low = LowValue { mask };
                    if best.is_none_or(|b| low > b) {
                        best = Some(low);
                    }
                }
                three = (three - 1) & rest;
            }
        }
    }
    best
}

/// The 8-or-better low of exactly five distinct cards (R-HILO-3, PD-HILO), or
/// `None` if they do not qualify.
pub fn low_five(cards: &[Card], rules: LowRules) -> Result<Option<LowValue>, EvalError> {
    let five: &[Card; 5] = cards.try_into().map_err(|_| EvalError::CardCount {
        got: cards.len(),
        min: 5,
        max: 5,
    })?;
    check_distinct(five.iter())?;
    Ok(LowValue::from_ranks(five).filter(|&low| allowed(low, five, rules)))
}

/// Checks an Omaha hand: four hole cards, three to five board cards, all distinct.
fn check_omaha(hole: &[Card], board: &[Card]) -> Result<(), EvalError> {
    if hole.len() != 4 {
        return Err(EvalError::HoleCards { got: hole.len() });
    }
    if !(3..=5).contains(&board.len()) {
        return Err(EvalError::BoardCards { got: board.len() });
    }
    check_distinct(hole.iter().chain(board))
}

const HOLE_PAIRS: [[usize; 2]; 6] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];

/// Board triples as indices, for 3, 4 and 5 board cards (lexicographic).
fn board_triples(n: usize) -> impl Iterator<Item = [usize; 3]> {
    (0..n).flat_map(move |a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| [a, b, c])))
}

/// Every legal Omaha five (R-RANK-7): two hole cards, then three board cards.
fn omaha_fives<'a>(hole: &'a [Card], board: &'a [Card]) -> impl Iterator<Item = [Card; 5]> + 'a {
    HOLE_PAIRS.iter().flat_map(move |&[a, b]| {
        board_triples(board.len())
            .map(move |[x, y, z]| [hole[a], hole[b], board[x], board[y], board[z]])
    })
}

/// The best Omaha high value: exactly two of the four hole cards and exactly
/// three of the 3..=5 board cards (R-RANK-7, E16).
pub fn omaha_high(hole: &[Card], board: &[Card]) -> Result<HandValue, EvalError> {
    check_omaha(hole, board)?;
    let ev = Evaluator::get();
    let mut triples = [(0u64, [hole[0]; 3]); 10];
    let mut n = 0;
    for (slot, [x, y, z]) in triples.iter_mut().zip(board_triples(board.len())) {
        let three = [board[x], board[y], board[z]];
        *slot = (ev.partial_key(&three), three);
        n += 1;
    }
    let mut best = HandValue::NONE;
    for [a, b] in HOLE_PAIRS {
        let pair = [hole[a], hole[b]];
        let pair_key = ev.partial_key(&pair);
        for (triple_key, three) in triples.iter().take(n) {
            let five = [pair[0], pair[1], three[0], three[1], three[2]];
            best = best.max(ev.value_of_key(pair_key.wrapping_add(*triple_key), &five));
        }
    }
    Ok(best)
}

/// [`omaha_high`] and five cards that make it (the two hole cards first).
pub fn omaha_high_best_five(
    hole: &[Card],
    board: &[Card],
) -> Result<(HandValue, [Card; 5]), EvalError> {
    check_omaha(hole, board)?;
    let ev = Evaluator::get();
    let mut best = (HandValue::NONE, [hole[0]; 5]);
    for five in omaha_fives(hole, board) {
        let v = ev.value_unchecked(&five);
        if v > best.0 {
            best = (v, five);
        }
    }
    Ok(best)
}

/// The best 8-or-better low of an Omaha Hi/Lo hand, exactly two hole and three
/// board cards (R-HILO-2, R-HILO-3), or `None` if there is no qualifying low
/// (R-HILO-1; always so when the board has fewer than three different ranks up
/// to eight, R-HILO-5).
pub fn omaha_low(
    hole: &[Card],
    board: &[Card],
    rules: LowRules,
) -> Result<Option<LowValue>, EvalError> {
    check_omaha(hole, board)?;
    // By the ranks alone (a few dozen mask operations, not the 60 fives) wherever
    // the suits cannot matter: flushes ignored, or no three board cards of a suit.
    // A replayed or live hi-lo showdown asks this for every player.
    let mut suits = [0u8; 4];
    for c in board {
        if let Some(n) = suits.get_mut(c.suit() as usize) {
            *n += 1;
        }
    }
    if rules.low_ignores_straights_flushes || suits.iter().all(|&n| n < 3) {
        return Ok(omaha_low_of_ranks(
            hole_low_bits(hole),
            low_mask(board),
            rules,
        ));
    }
    Ok(omaha_low_best_five(hole, board, rules)?.map(|(low, _)| low))
}

/// [`omaha_low`] and the five cards that make it, highest first.
pub fn omaha_low_best_five(
    hole: &[Card],
    board: &[Card],
    rules: LowRules,
) -> Result<Option<(LowValue, [Card; 5])>, EvalError> {
    check_omaha(hole, board)?;
    // Five different low ranks take two among the hole cards and three on the
    // board: without them no choice makes a low, and the 60 are not tried (a
    // replayed hi-lo showdown asks this for every player).
    let low_ranks = |cs: &[Card]| low_mask(cs).count_ones();
    if low_ranks(hole) < 2 || low_ranks(board) < 3 {
        return Ok(None);
    }
    let mut best: Option<(LowValue, [Card; 5])> = None;
    for five in omaha_fives(hole, board) {
        let Some(low) = LowValue::from_ranks(&five) else {
            continue;
        };
        if !allowed(low, &five, rules) {
            continue;
        }
        if best.is_none_or(|(b, _)| low > b) {
            best = Some((low, five));
        }
    }
    Ok(best.map(|(low, mut five)| {
        // Highest low card first, the ace last.
        five.sort_by_key(|&c| core::cmp::Reverse(low_bit(c)));
        (low, five)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;
    use crate::money::eval::{evaluate, Category};

    fn low(s: &str) -> LowValue {
        low_five(&cards(s), LowRules::default()).unwrap().unwrap()
    }

    #[test]
    fn e16_omaha_uses_exactly_two_hole_cards() {
        let board = cards("Ah Kh 7h 2h 9c");
        let hole = cards("Qh Js Jd 8c");
        let v = omaha_high(&hole, &board).unwrap();
        assert_eq!(v.category(), Category::OnePair);
        assert_eq!(v.to_string(), "Pair of jacks");
        let jjak9 = evaluate(&cards("Js Jd Ah Kh 9c")).unwrap();
        assert_eq!(v, jjak9);
        let (best, five) = omaha_high_best_five(&hole, &board).unwrap();
        assert_eq!(best, v);
        assert_eq!(evaluate(&five), Ok(v));
        // In Hold'em the same Qh would make an ace-high flush.
        let mut holdem = cards("Qh Js");
        holdem.extend(&board);
        assert_eq!(evaluate(&holdem).unwrap().to_string(), "Flush, ace high");
    }

    #[test]
    fn r_rank_7_board_cannot_play_in_omaha() {
        // A board straight needs three board cards at most.
        let board = cards("As Kd Qh Jc Th");
        let hole = cards("2c 3d 4s 5h");
        let v = omaha_high(&hole, &board).unwrap();
        assert_eq!(v.to_string(), "High card, ace");
        // A board flush needs two hearts in the hand.
        let board = cards("2h 5h 8h Jh Kh");
        assert_eq!(
            omaha_high(&cards("Ah 3c 4d 6s"), &board)
                .unwrap()
                .category(),
            Category::HighCard
        );
        assert_eq!(
            omaha_high(&cards("Ah 3h 4d 6s"), &board)
                .unwrap()
                .to_string(),
            "Flush, ace high"
        );
    }

    #[test]
    fn omaha_on_flop_and_turn() {
        let hole = cards("Ah Ad 7c 7s");
        assert_eq!(
            omaha_high(&hole, &cards("As 7d 2c")).unwrap().to_string(),
            "Three of a kind, aces"
        );
        assert_eq!(
            omaha_high(&hole, &cards("As 7d 2c 2d"))
                .unwrap()
                .to_string(),
            "Full house, aces over twos"
        );
    }

    #[test]
    fn e17_omaha_hi_lo() {
        let board = cards("2c 5d 7h Ks Qs");
        let rules = LowRules::default();
        let a = cards("Kd Kc 9h 9d");
        let b = cards("Ah 3d Jc Jd");
        let c = cards("As 4s 8c 8d");
        let high = |h: &[Card]| omaha_high(h, &board).unwrap();
        assert_eq!(high(&a).to_string(), "Three of a kind, kings");
        assert_eq!(high(&a), evaluate(&cards("Kd Kc Ks Qs 7h")).unwrap());
        assert!(high(&a) > high(&b) && high(&a) > high(&c));
        // C has no flush: only two board spades can be used.
        assert_ne!(high(&c).category(), Category::Flush);
        assert_eq!(omaha_low(&a, &board, rules), Ok(None));
        let lb = omaha_low(&b, &board, rules).unwrap().unwrap();
        let lc = omaha_low(&c, &board, rules).unwrap().unwrap();
        assert_eq!(lb.to_string(), "Low 7-5-3-2-A");
        assert_eq!(lc.to_string(), "Low 7-5-4-2-A");
        assert!(lb > lc, "3 < 4: B's low is better");
        let (_, five) = omaha_low_best_five(&b, &board, rules).unwrap().unwrap();
        assert_eq!(five, cards("7h 5d 3d 2c Ah")[..]);
    }

    #[test]
    fn r_hilo_4_seed_examples() {
        assert!(low("8c 6d 4h 2s Ac") < low("7c 6d 4h 3s 2c"));
        assert!(low("8c 6d 4h 2s Ac") > low("8c 7d 4h 3s Ac"));
        assert!(low("8c 6d 3h 2s Ac") > low("8c 6d 4h 2s Ac"));
        assert!(low("8c 7d 6h 4s 2c") > low("8c 7d 6h 5s 3c"));
        assert!(low("8c 6d 5h 4s Ac") > low("8c 6d 5h 4s 2c"));
        assert_eq!(low("8c 6d 4h 2s Ac").to_string(), "Low 8-6-4-2-A");
        assert_eq!(low("8c 6d 4h 2s Ac").ranks(), [8, 6, 4, 2, 1]);
        assert_eq!(low("5c 4d 3h 2s Ac"), LowValue::BEST);
        assert!(low("8c 6d 4h 2s Ac").code() < low("7c 6d 4h 3s 2c").code());
        assert!(low("8c 6d 5h 4s Ac").code() > low("8c 6d 5h 4s 2c").code());
        assert!(LowValue::BEST.code() > low("6c 4d 3h 2s Ac").code());
        // Suits never matter for a low: an exact tie.
        assert_eq!(low("8c 6d 4h 2s Ac"), low("8d 6c 4s 2h Ah"));
    }

    #[test]
    fn r_hilo_3_what_qualifies() {
        let r = LowRules::default();
        let q = |s: &str| low_five(&cards(s), r).unwrap();
        assert_eq!(q("9c 6d 4h 2s Ac"), None, "a nine");
        assert_eq!(q("8c 8d 4h 2s Ac"), None, "a pair");
        assert_eq!(q("Kc 6d 4h 2s Ac"), None);
        assert!(
            q("8c 7d 6h 5s 4c").is_some(),
            "a straight is a low by default"
        );
        assert!(q("8c 6c 4c 2c Ac").is_some(), "so is a flush");
        assert_eq!(
            low_five(&cards("8c 6c 4c 2c"), r),
            Err(EvalError::CardCount {
                got: 4,
                min: 5,
                max: 5
            })
        );
        assert_eq!(
            low_five(&cards("8c 6c 4c 2c 8c"), r),
            Err(EvalError::DuplicateCard(cards("8c")[0]))
        );
    }

    #[test]
    fn pd_hilo_literal_reading_disqualifies_straights_and_flushes() {
        let strict = LowRules::new(false);
        let q = |s: &str| low_five(&cards(s), strict).unwrap();
        assert_eq!(q("8c 7d 6h 5s 4c"), None);
        assert_eq!(q("6c 5d 4h 3s 2c"), None);
        assert_eq!(q("8c 6c 4c 2c Ac"), None);
        assert_eq!(
            q("5c 4d 3h 2s Ac"),
            Some(LowValue::BEST),
            "the wheel is the exception"
        );
        assert_eq!(q("5c 4c 3c 2c Ac"), Some(LowValue::BEST));
        assert!(q("8c 6d 4h 2s Ac").is_some());
        // In Omaha another combination may still qualify.
        let board = cards("4c 5c 6c Kd Qd");
        let hole = cards("7c 8c 2d 3h");
        let default = omaha_low(&hole, &board, LowRules::default())
            .unwrap()
            .unwrap();
        assert_eq!(default.to_string(), "Low 6-5-4-3-2");
        let literal = omaha_low(&hole, &board, strict).unwrap().unwrap();
        assert_eq!(literal.to_string(), "Low 7-6-5-4-2");
        assert!(default > literal);
    }

    #[test]
    fn r_hilo_5_board_without_three_low_ranks_has_no_low() {
        let hole = cards("Ac 2d 3h 4s");
        let r = LowRules::default();
        assert_eq!(omaha_low(&hole, &cards("2c 2h 8d Ks Qd"), r), Ok(None));
        assert_eq!(omaha_low(&hole, &cards("9c Th 8d 7s Qd"), r), Ok(None));
        assert!(omaha_low(&hole, &cards("9c 6h 8d 7s Qd"), r)
            .unwrap()
            .is_some());
        // The hole pair must have two different low ranks too.
        assert_eq!(
            omaha_low(&cards("Ac Ad Kh Ks"), &cards("2c 3h 4d Js Qd"), r),
            Ok(None)
        );
    }

    #[test]
    fn omaha_rejects_bad_input() {
        let board = cards("2c 5d 7h Ks Qs");
        assert_eq!(
            omaha_high(&cards("Ah 3d Jc"), &board),
            Err(EvalError::HoleCards { got: 3 })
        );
        assert_eq!(
            omaha_high(&cards("Ah 3d Jc Jd"), &board[..2]),
            Err(EvalError::BoardCards { got: 2 })
        );
        assert_eq!(
            omaha_low(&cards("Ah 3d Jc 2c"), &board, LowRules::default()),
            Err(EvalError::DuplicateCard(cards("2c")[0]))
        );
        assert!(omaha_high_best_five(&[], &[]).is_err());
    }

    /// Card indices (rank * 4 + suit) of the ace to the eight and the king, in
    /// two suits.
    const LOW_TWO_SUITS: [u8; 18] = [
        0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 44, 45, 48, 49,
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]
        /// The low by ranks ([`omaha_low`] where suits cannot matter) is the low
        /// the 60 fives make, under either reading of PD-HILO.
        #[test]
        fn pd_hilo_the_low_is_the_best_of_the_sixty_fives(
            chosen in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 9),
            crowded in proptest::sample::subsequence(LOW_TWO_SUITS.to_vec(), 9),
            from_crowded in proptest::prelude::any::<bool>(),
            order in proptest::collection::vec(proptest::prelude::any::<u32>(), 9),
            board_len in 3usize..=5,
            ignore in proptest::prelude::any::<bool>(),
        ) {
            // Half the hands from a deck of low cards in two suits, where lows,
            // straights and flushes abound; the chosen cards in a random order, so
            // hole and board take any of them.
            let deck = if from_crowded { crowded } else { chosen };
            let mut keyed: Vec<(u32, u8)> = order.into_iter().zip(deck).collect();
            keyed.sort_unstable();
            let picked: Vec<Card> =
                keyed.iter().map(|&(_, i)| Card::from_index(i).unwrap()).collect();
            let (hole, board) = (&picked[..4], &picked[4..4 + board_len]);
            let rules = LowRules::new(ignore);
            proptest::prop_assert_eq!(
                omaha_low(hole, board, rules).unwrap(),
                omaha_low_best_five(hole, board, rules).unwrap().map(|(low, _)| low)
            );
        }
    }

    #[test]
    fn pd_hilo_lows_by_ranks_agree_with_the_cards_where_no_flush_is_possible() {
        let casino = LowRules::new(false);
        let bits = |s: &str| low_mask(&cards(s));
        let hole = |s: &str| hole_low_bits(&cards(s));
        for (h, b) in [
            ("Ah 2h Kc Kd", "3c 4d 5s"),
            ("4h 5d Kc Kd", "6c 7d 8s"),
            ("4h 5d 2c Kd", "6c 7d 8s 3h"),
            ("Ah Ad 2c 2d", "3c 4d 8s"),
            ("9h Td Jc Qd", "Ac 2d 3s 4h 5c"),
        ] {
            for rules in [casino, LowRules::new(true)] {
                assert_eq!(
                    omaha_low_of_ranks(hole(h), bits(b), rules),
                    omaha_low(&cards(h), &cards(b), rules).unwrap(),
                    "{h} / {b} / {rules:?}"
                );
            }
        }
        // 8-7-6-5-4 is a straight: no low where straights count (PD-HILO).
        assert_eq!(
            omaha_low_of_ranks(hole("4h 5d Kc Kd"), bits("6c 7d 8s"), casino),
            None
        );
    }
}
