//! The Hold'em evaluator's questions, asked the same way of ours and of its peers,
//! rs_poker 5.0 (`SevenCardAccum`) and aya_poker 0.1 (`Hand` + `poker_rank`), so
//! that `tablectl bench` ([`super::eval`]) and the criterion benchmark
//! (`host/benches/eval.rs`) time the same code. Each question states its path,
//! because the answers differ by path:
//!
//! - [`enumerate`]: all 133,784,560 seven-card hands, one card per loop level added
//!   to the library's incremental hand (a census, an equity's inner loop);
//! - [`prebuilt`]: random hands handed over as the library's own cards;
//! - [`from_indices`]: random hands given as seven card indices, as the shoe reports
//!   them, each library building its hand inside the timed loop (the table's path):
//!   the peers' cards looked up in a deck of their cards by index, ours checked
//!   (our card is the index);
//! - [`showdown`]: which of two players wins, each deal nine card indices (two
//!   hands of two and a board of five), both hands built and valued (settlement's
//!   question).
//!
//! Ours is asked twice where it has two ways: [`Ours`] values a whole hand at once
//! ([`Evaluator::value7`]), [`OursAccum`] adds one card at a time ([`Accum`]), and
//! [`OursChecked`] is what settlement calls ([`Evaluator::value`]: card count and
//! duplicates checked). The peers have one way each: their incremental hand.

use firmware::Card;

use crate::money::eval::{index_deck, Accum, Evaluator, HandValue};

/// A Hold'em evaluator asked the questions of this module.
pub trait Library {
    /// The name in reports.
    const NAME: &'static str;
    /// The name in the criterion benchmark's ids.
    const ID: &'static str;
    /// The library's card.
    type Card: Copy;
    /// The library's incremental hand.
    type Hand: Copy;
    /// The library's value of a hand: greater is better.
    type Value: Ord + Copy;
    /// The library's cards by our card index (rank * 4 + suit; suits s, h, d, c).
    fn deck() -> [Self::Card; 52];
    /// No cards.
    fn empty() -> Self::Hand;
    /// The hand with one more card.
    fn add(hand: Self::Hand, card: Self::Card) -> Self::Hand;
    /// The value of an incremental hand of seven cards.
    fn value(hand: Self::Hand) -> Self::Value;
    /// The value of a whole hand of seven cards, the library's fastest way.
    #[inline(always)]
    fn value7(cards: &[Self::Card; 7]) -> Self::Value {
        Self::value(cards.iter().fold(Self::empty(), |h, &c| Self::add(h, c)))
    }
    /// The card of our card index `index`, the library's own way: by its padded
    /// deck ([`indexed`]; a card past the deck is the deck's first), unless its
    /// cards are the indices themselves.
    #[inline(always)]
    fn card(deck: &Indexed<Self>, index: u8) -> Self::Card
    where
        Self: Sized,
    {
        deck[usize::from(index) & 63]
    }
    /// The category, 0 (high card) to 8 (straight flush).
    fn category(value: Self::Value) -> usize;
    /// Some bits of the value, summed so that nothing is optimised away.
    fn bits(value: Self::Value) -> u64;
}

/// Ours, a whole hand at once ([`Evaluator::value7`]), incremental by [`Accum`].
pub struct Ours;
/// Ours, one card at a time even for a whole hand ([`Accum::add`] seven times).
pub struct OursAccum;
/// Ours as settlement calls it: [`Evaluator::value`], the cards counted and checked
/// for duplicates before the whole-hand path.
pub struct OursChecked;
/// rs_poker 5.0: `SevenCardAccum`, a card at a time.
pub struct RsPoker;
/// aya_poker 0.1: `Hand` with `insert_unchecked`, then `poker_rank`.
pub struct AyaPoker;

/// What our three ways share: our cards, [`Accum`] and [`HandValue`].
macro_rules! ours {
    ($name:literal, $id:literal) => {
        const NAME: &'static str = $name;
        const ID: &'static str = $id;
        type Card = Card;
        type Hand = Accum;
        type Value = HandValue;
        fn deck() -> [Card; 52] {
            index_deck()
        }
        #[inline(always)]
        fn empty() -> Accum {
            Accum::new()
        }
        #[inline(always)]
        fn add(hand: Accum, card: Card) -> Accum {
            hand.add(card)
        }
        #[inline(always)]
        fn value(hand: Accum) -> HandValue {
            hand.value()
        }
        /// Our card is the shoe's index: checked, not looked up.
        #[inline(always)]
        fn card(deck: &Indexed<Self>, index: u8) -> Card {
            Card::from_index(index).unwrap_or(deck[0])
        }
        #[inline(always)]
        fn category(value: HandValue) -> usize {
            value.category() as usize
        }
        #[inline(always)]
        fn bits(value: HandValue) -> u64 {
            u64::from(value.get())
        }
    };
}

impl Library for Ours {
    ours!("ours", "ours");
    #[inline(always)]
    fn value7(cards: &[Card; 7]) -> HandValue {
        Evaluator::get().value7(cards)
    }
}

impl Library for OursAccum {
    ours!("ours (Accum)", "ours_accum");
}

impl Library for OursChecked {
    ours!("ours (checked)", "ours_checked");
    #[inline(always)]
    fn value7(cards: &[Card; 7]) -> HandValue {
        Evaluator::get().value(cards).unwrap_or(HandValue::NONE)
    }
}

impl Library for RsPoker {
    const NAME: &'static str = "rs_poker 5.0";
    const ID: &'static str = "rs_poker";
    type Card = rs_poker::core::Card;
    type Hand = rs_poker::core::SevenCardAccum;
    type Value = rs_poker::core::Rank;
    fn deck() -> [Self::Card; 52] {
        use rs_poker::core as rs;
        core::array::from_fn(|i| {
            let suit = [
                rs::Suit::Spade,
                rs::Suit::Heart,
                rs::Suit::Diamond,
                rs::Suit::Club,
            ][i % 4];
            rs::Card::new(rs::Value::from((i / 4) as u8), suit)
        })
    }
    #[inline(always)]
    fn empty() -> Self::Hand {
        rs_poker::core::SevenCardAccum::new()
    }
    #[inline(always)]
    fn add(hand: Self::Hand, card: Self::Card) -> Self::Hand {
        hand + card
    }
    #[inline(always)]
    fn value(hand: Self::Hand) -> Self::Value {
        hand.rank()
    }
    #[inline(always)]
    fn category(value: Self::Value) -> usize {
        value.category() as usize
    }
    #[inline(always)]
    fn bits(value: Self::Value) -> u64 {
        // The whole u16 score is not public; its low 12 bits (the sub-rank) keep
        // the lookup alive.
        u64::from(value.value_bits())
    }
}

impl Library for AyaPoker {
    const NAME: &'static str = "aya_poker 0.1";
    const ID: &'static str = "aya_poker";
    type Card = aya_poker::base::Card;
    type Hand = aya_poker::base::Hand;
    type Value = aya_poker::PokerHandRank;
    fn deck() -> [Self::Card; 52] {
        // aya_poker's CARDS are rank * 4 + suit with suits c, d, h, s.
        core::array::from_fn(|i| aya_poker::base::CARDS[i / 4 * 4 + 3 - i % 4])
    }
    #[inline(always)]
    fn empty() -> Self::Hand {
        aya_poker::base::Hand::new()
    }
    #[inline(always)]
    fn add(mut hand: Self::Hand, card: Self::Card) -> Self::Hand {
        hand.insert_unchecked(&card);
        hand
    }
    #[inline(always)]
    fn value(hand: Self::Hand) -> Self::Value {
        aya_poker::poker_rank(&hand)
    }
    #[inline(always)]
    fn category(value: Self::Value) -> usize {
        // Its categories start with "ineligible" (lowball's), then high card, and
        // end with the royal flush, a straight flush of its own.
        (value.rank_category() as usize).wrapping_sub(1).min(8)
    }
    #[inline(always)]
    fn bits(value: Self::Value) -> u64 {
        u64::from(value.0)
    }
}

/// Categories counted: slot `category & 15`, so that the count needs no check.
pub type Census = [u64; 16];

/// Counts `value`'s category into `census`.
#[inline(always)]
pub fn count<L: Library>(census: &mut Census, value: L::Value) {
    census[L::category(value) & 15] += 1;
}

/// Every seven-card hand of `deck`, built one card per loop level with
/// [`Library::add`]; `leaf` sees each hand's value.
#[inline(always)]
pub fn enumerate<L: Library>(deck: &[L::Card; 52], mut leaf: impl FnMut(L::Value)) {
    let d = deck;
    for i1 in 0..46 {
        let a1 = L::add(L::empty(), d[i1]);
        for i2 in i1 + 1..47 {
            let a2 = L::add(a1, d[i2]);
            for i3 in i2 + 1..48 {
                let a3 = L::add(a2, d[i3]);
                for i4 in i3 + 1..49 {
                    let a4 = L::add(a3, d[i4]);
                    for i5 in i4 + 1..50 {
                        let a5 = L::add(a4, d[i5]);
                        for i6 in i5 + 1..51 {
                            let a6 = L::add(a5, d[i6]);
                            for &c7 in &d[i6 + 1..] {
                                leaf(L::value(L::add(a6, c7)));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `hands`, seven card indices each, in the library's cards: the pre-built path's
/// input, made before timing.
pub fn built<L: Library>(hands: &[[u8; 7]]) -> Vec<[L::Card; 7]> {
    let deck = L::deck();
    hands
        .iter()
        .map(|h| h.map(|i| deck[usize::from(i) % 52]))
        .collect()
}

/// Each hand of `hands`, already in the library's cards, valued whole
/// ([`Library::value7`]).
#[inline(always)]
pub fn prebuilt<L: Library>(hands: &[[L::Card; 7]], mut leaf: impl FnMut(L::Value)) {
    for h in hands {
        leaf(L::value7(h));
    }
}

/// A library's deck by card index, padded to 64 cards (the first card repeated)
/// so that a masked index needs no check: what every library's loop from card
/// indices reads.
pub type Indexed<L> = [<L as Library>::Card; 64];

/// [`Library::deck`], padded ([`Indexed`]).
pub fn indexed<L: Library>() -> Indexed<L> {
    let deck = L::deck();
    core::array::from_fn(|i| deck.get(i).copied().unwrap_or(deck[0]))
}

/// Each hand of `hands`, seven card indices, turned into the library's cards
/// ([`Library::card`]) and valued whole, inside the loop.
#[inline(always)]
pub fn from_indices<L: Library>(
    deck: &Indexed<L>,
    hands: &[[u8; 7]],
    mut leaf: impl FnMut(L::Value),
) {
    for h in hands {
        let cards = h.map(|i| L::card(deck, i));
        leaf(L::value7(&cards));
    }
}

/// The deals of `deals` (nine card indices: the first player's two, the second's
/// two, the board's five) that the first player wins.
#[inline(always)]
pub fn showdown<L: Library>(deck: &Indexed<L>, deals: &[[u8; 9]]) -> u64 {
    let mut wins = 0;
    for d in deals {
        let c = d.map(|i| L::card(deck, i));
        let board = [c[4], c[5], c[6], c[7], c[8]];
        let hand =
            |a: L::Card, b: L::Card| [a, b, board[0], board[1], board[2], board[3], board[4]];
        wins += u64::from(L::value7(&hand(c[0], c[1])) > L::value7(&hand(c[2], c[3])));
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::eval::random_deals;

    /// Every library's census of the same random hands, by every path, is ours:
    /// the peers are asked the same question.
    #[test]
    fn every_library_and_path_counts_the_same_categories() {
        let hands = random_deals::<7>(20_000, 3);
        fn paths<L: Library>(hands: &[[u8; 7]]) -> (Census, Census) {
            let (mut a, mut b) = ([0; 16], [0; 16]);
            from_indices::<L>(&indexed::<L>(), hands, |v| count::<L>(&mut a, v));
            prebuilt::<L>(&built::<L>(hands), |v| count::<L>(&mut b, v));
            (a, b)
        }
        let (ours, again) = paths::<Ours>(&hands);
        assert_eq!(ours, again);
        assert_eq!(ours.iter().sum::<u64>(), 20_000);
        for census in [
            paths::<OursAccum>(&hands),
            paths::<OursChecked>(&hands),
            paths::<RsPoker>(&hands),
            paths::<AyaPoker>(&hands),
        ] {
            assert_eq!(census, (ours, ours));
        }
        let deals = random_deals::<9>(20_000, 4);
        let wins = showdown::<Ours>(&indexed::<Ours>(), &deals);
        assert!(wins > 5_000 && wins < 15_000, "{wins}");
        assert_eq!(showdown::<OursAccum>(&indexed::<OursAccum>(), &deals), wins);
        assert_eq!(
            showdown::<OursChecked>(&indexed::<OursChecked>(), &deals),
            wins
        );
        assert_eq!(showdown::<RsPoker>(&indexed::<RsPoker>(), &deals), wins);
        assert_eq!(showdown::<AyaPoker>(&indexed::<AyaPoker>(), &deals), wins);
    }
}
