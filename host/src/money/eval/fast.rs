//! The fast Hold'em evaluators: [`Evaluator`] values a whole hand of five to seven
//! cards at once (perfect hash on an additive rank key), [`Accum`] adds one card
//! at a time (one table load per card) for enumerations and runouts.

use core::fmt;

use firmware::Card;

use super::tables::{
    self, u16_at, u32_at, Half, CARD_KEY, CARD_KEY_MASK, COL_MASK, DAG_ROW_LEN, FLUSH_BITS,
    FLUSH_LEN, KEY_BIAS, LOOKUP_LEN, ROWS, ROW_SHIFT, SUIT_SHIFT, VALUE_BITS, VALUE_MASK,
};
use super::{check_cards, EvalError, HandValue};

/// A handle on the evaluator tables (compiled into the binary; every handle shares
/// them). Cheap to copy; get one outside a hot loop.
#[derive(Clone, Copy)]
pub struct Evaluator {
    // References to the arrays themselves (not to the table struct), so that a
    // hot loop keeps them in registers.
    row_base: &'static [u32; ROWS],
    lookup: &'static [Half; LOOKUP_LEN],
    flush: &'static [Half; FLUSH_LEN],
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Evaluator")
    }
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::get()
    }
}

impl Evaluator {
    /// The evaluator: its tables are in the binary, nothing is built.
    pub const fn get() -> Evaluator {
        Evaluator {
            row_base: &tables::ROW_BASE,
            lookup: tables::LOOKUP,
            flush: tables::FLUSH_TABLE,
        }
    }

    /// The best five-card Hold'em value of seven cards (R-RANK-6), the fast path
    /// for cards known to be distinct (dealt from one shoe).
    ///
    /// If two of the cards are the same card the result is some valid but
    /// meaningless [`HandValue`], never a panic; use [`Evaluator::value`] to have
    /// the cards checked.
    #[inline]
    pub fn value7(&self, cards: &[Card; 7]) -> HandValue {
        let t = &CARD_KEY_MASK.0;
        let k = |c: Card| t[c.index() as usize][0];
        // Two independent sums, so the seven loads and adds overlap.
        let a = KEY_BIAS
            .wrapping_add(k(cards[0]))
            .wrapping_add(k(cards[1]))
            .wrapping_add(k(cards[2]));
        let b = k(cards[3])
            .wrapping_add(k(cards[4]))
            .wrapping_add(k(cards[5]))
            .wrapping_add(k(cards[6]));
        let key = a.wrapping_add(b);
        let flush = key & FLUSH_BITS;
        if flush != 0 {
            // About 3% of random hands: inline, the masks only fetched now.
            let m = |c: Card| t[c.index() as usize][1];
            let mask = (m(cards[0]) | m(cards[1]) | m(cards[2]) | m(cards[3]))
                | (m(cards[4]) | m(cards[5]) | m(cards[6]));
            let suit = flush.trailing_zeros().wrapping_sub(SUIT_SHIFT) / 4;
            let pattern = (mask >> (16 * (suit & 3))) as usize & (FLUSH_LEN - 1);
            return HandValue(u16_at(self.flush, pattern));
        }
        self.nonflush(key)
    }

    /// The best five-card Hold'em value of 5, 6 or 7 distinct cards (R-RANK-6:
    /// the board may play).
    #[inline]
    pub fn value(&self, cards: &[Card]) -> Result<HandValue, EvalError> {
        // Seven cards, a player's whole hand at the showdown: the faster path.
        if let Ok(seven) = <&[Card; 7]>::try_from(cards) {
            return self.value7_checked(seven);
        }
        check_cards(cards, 5, 7)?;
        Ok(self.value_unchecked(cards))
    }

    /// [`Evaluator::value7`] with the cards checked to be distinct, as settlement
    /// values a player's hand. The check reads the card bits [`Evaluator::value7`]
    /// reads for a flush: seven distinct bits add up to the same as they combine,
    /// a card given twice carries into another bit. A branch per card instead
    /// made the settlement's evaluation half as fast (issue 31).
    #[inline]
    pub fn value7_checked(&self, cards: &[Card; 7]) -> Result<HandValue, EvalError> {
        let t = &CARD_KEY_MASK.0;
        let (sum, all) = cards.iter().fold((0u64, 0u64), |(sum, all), c| {
            let bit = t[c.index() as usize][1];
            (sum.wrapping_add(bit), all | bit)
        });
        if sum != all {
            return Err(repeated(cards));
        }
        Ok(self.value7(cards))
    }

    /// [`Evaluator::value`] for cards already checked (5..=7, distinct).
    #[inline]
    pub(crate) fn value_unchecked(&self, cards: &[Card]) -> HandValue {
        let key = cards.iter().fold(KEY_BIAS, |k, c| {
            k.wrapping_add(CARD_KEY[c.index() as usize])
        });
        if key & FLUSH_BITS != 0 {
            return self.flush_value(cards, key);
        }
        self.nonflush(key)
    }

    /// The additive key of some cards, without the suit-counter bias; keys of
    /// disjoint card sets add up (see [`Evaluator::value_of_key`]).
    #[inline]
    pub(crate) fn partial_key(&self, cards: &[Card]) -> u64 {
        cards
            .iter()
            .fold(0, |k, c| k.wrapping_add(CARD_KEY[c.index() as usize]))
    }

    /// The value of 5..=7 cards whose partial keys add up to `key` (bias not
    /// included); `cards` are the same cards, read only for a flush.
    #[inline]
    pub(crate) fn value_of_key(&self, key: u64, cards: &[Card]) -> HandValue {
        let key = key.wrapping_add(KEY_BIAS);
        if key & FLUSH_BITS != 0 {
            return self.flush_value(cards, key);
        }
        self.nonflush(key)
    }

    #[inline]
    fn nonflush(&self, key: u64) -> HandValue {
        let rk = key as u32;
        let base = self.row_base[(rk >> ROW_SHIFT) as usize & (ROWS - 1)];
        HandValue(u16_at(
            self.lookup,
            base.wrapping_add(rk & COL_MASK) as usize,
        ))
    }

    #[cold]
    #[inline(never)]
    fn flush_value(&self, cards: &[Card], key: u64) -> HandValue {
        // The lowest counter with its top bit set names the flush suit.
        let suit = (key & FLUSH_BITS).trailing_zeros().wrapping_sub(SUIT_SHIFT) / 4;
        let pattern = cards
            .iter()
            .filter(|c| u32::from(c.suit().index()) == suit)
            .fold(0usize, |m, c| m | 1 << c.rank().index());
        HandValue(u16_at(self.flush, pattern))
    }

    /// An empty incremental hand, as [`Accum::new`].
    pub const fn accum(&self) -> Accum {
        Accum {
            entry: 0,
            suits: INITIAL_SUITS,
            mask: 0,
            dup: 0,
        }
    }
}

/// The error for seven cards with a repeat, out of the hot path.
#[cold]
#[inline(never)]
fn repeated(cards: &[Card; 7]) -> EvalError {
    match check_cards(cards, 7, 7) {
        Err(e) => e,
        Ok(()) => EvalError::CardCount {
            got: 7,
            min: 5,
            max: 7,
        },
    }
}

/// `SUIT_INC[card index]`: one in the suit's counter and one in the card count.
static SUIT_INC: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = 1 << (4 * (i & 3)) | 1 << COUNT_SHIFT;
        i += 1;
    }
    t
};

/// Each suit's 4-bit counter starts at 3 so that its top bit (8) comes on at the
/// fifth card of the suit; bits 32.. count all cards.
const INITIAL_SUITS: u64 = 0x3333;
const SUIT_FLUSH_BITS: u64 = 0x8888;
/// Where the card count starts in [`Accum`]'s `suits` (clear of counter carries).
const COUNT_SHIFT: u32 = 32;

/// A hand being built one card at a time, for enumerating boards and runouts:
/// `Accum::new().add(a).add(b)…`, then [`Accum::value`]. Small and `Copy`: keep
/// the state of the shared cards and extend copies of it.
///
/// Adding a card is one table load (the rank DAG, see the tables module docs)
/// and a few bit operations; the value of five, six or seven cards is then read
/// without further work unless five cards share a suit.
///
/// ```
/// use firmware::Card;
/// use host::money::eval::{Accum, Category};
///
/// let c = |s: &str| s.parse::<Card>().unwrap();
/// let flop = Accum::new().add(c("Ah")).add(c("Ad")).add(c("7c")).add(c("7s")).add(c("2d"));
/// let turn = flop.add(c("As"));
/// assert_eq!(turn.value().category(), Category::FullHouse);
/// assert_eq!(turn.value().to_string(), "Full house, aces over sevens");
/// ```
#[derive(Clone, Copy)]
pub struct Accum {
    // The tables are read from their statics, not through references kept here:
    // enumerations copy an `Accum` per card dealt, and 16 bytes less to copy is
    // measurable there (exact equity).
    /// DAG entry of the rank multiset: `node << 13 | value`.
    entry: u32,
    /// Suit counters (4 bits each, biased by 3) and, from bit 32, the card count.
    suits: u64,
    /// Bit `16 * suit + rank` per card.
    mask: u64,
    /// Mask bits of cards added twice.
    dup: u64,
}

impl fmt::Debug for Accum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Accum")
            .field("cards", &self.len())
            .field("value", &self.value().get())
            .finish()
    }
}

impl core::ops::Add<Card> for Accum {
    type Output = Accum;

    #[inline]
    fn add(self, card: Card) -> Accum {
        Accum::add(self, card)
    }
}

impl Default for Accum {
    fn default() -> Self {
        Accum::new()
    }
}

impl Accum {
    /// No cards yet.
    pub const fn new() -> Accum {
        Evaluator::get().accum()
    }

    /// This hand plus `card` (also `accum + card`).
    #[inline]
    #[must_use]
    #[allow(clippy::should_implement_trait)] // `Add<Card>` is implemented too; this reads better in chains
    pub fn add(self, card: Card) -> Accum {
        let i = card.index() as u32;
        let rank = i >> 2;
        let suit = i & 3;
        let node = (self.entry >> VALUE_BITS) as usize;
        let bit = 1u64 << ((suit * 16 + rank) & 63);
        Accum {
            entry: u32_at(
                tables::DAG,
                node * DAG_ROW_LEN + (rank as usize & (DAG_ROW_LEN - 1)),
            ),
            suits: self.suits.wrapping_add(SUIT_INC[i as usize & 255]),
            mask: self.mask | bit,
            dup: self.dup | (self.mask & bit),
        }
    }

    /// The best five-card Hold'em value of the cards added so far (R-RANK-6), when
    /// there are five, six or seven distinct cards. Otherwise the result is
    /// unspecified ([`HandValue::NONE`] below five cards) but never a panic; see
    /// [`Accum::checked_value`].
    #[inline]
    pub fn value(self) -> HandValue {
        let flush = self.suits & SUIT_FLUSH_BITS;
        if flush != 0 {
            let suit = flush.trailing_zeros() >> 2;
            let pattern = (self.mask >> (16 * suit)) as usize & (FLUSH_LEN - 1);
            HandValue(u16_at(tables::FLUSH_TABLE, pattern))
        } else {
            HandValue((self.entry & VALUE_MASK) as u16)
        }
    }

    /// [`Accum::value`], or an error if the hand does not have 5..=7 cards or a
    /// card was added twice.
    pub fn checked_value(self) -> Result<HandValue, EvalError> {
        let n = self.len();
        if !(5..=7).contains(&n) {
            return Err(EvalError::CardCount {
                got: n,
                min: 5,
                max: 7,
            });
        }
        if self.dup != 0 {
            let b = self.dup.trailing_zeros();
            let card = Card::from_index(((b % 16) * 4 + b / 16) as u8);
            return Err(card.map_or(
                EvalError::CardCount {
                    got: n,
                    min: 5,
                    max: 7,
                },
                EvalError::DuplicateCard,
            ));
        }
        Ok(self.value())
    }

    /// The suits (bit `suit`) holding four or more of the cards: the suits in which
    /// one more card can make or change a flush. A card of any other suit changes
    /// the value by its rank alone, so cards of one rank in those suits give the
    /// same value (used to value them once, `crate::money::equity`).
    #[inline]
    pub(crate) fn flush_draw_suits(self) -> u8 {
        self.suits_holding(4)
    }

    /// The suits (bit `suit`) holding `at_least` (1..=5) of the cards: with
    /// `at_least = 3`, the suits in which two more cards can make or change a flush.
    #[inline]
    pub(crate) fn suits_holding(self, at_least: u8) -> u8 {
        // A counter (biased by 3) reaches its top bit at five cards; plus one per
        // card short of five, at fewer.
        let short = u64::from(5u8.saturating_sub(at_least).min(4));
        let bits = self.suits.wrapping_add(0x1111 * short) & SUIT_FLUSH_BITS;
        ((bits >> 3) & 1 | (bits >> 6) & 2 | (bits >> 9) & 4 | (bits >> 12) & 8) as u8
    }

    /// [`Accum::value`] after adding a card of `rank` (0 = two .. 12 = ace) in a suit
    /// that is not one of [`Accum::flush_draw_suits`]: such a card cannot make or
    /// change a flush, so its suit is not needed and the value is one entry of the
    /// rank DAG row this hand is at (a flush the hand already has stays its value:
    /// with seven cards, five of one suit rule out quads and a full house). The
    /// equity's last card reads every rank from the same row this way.
    #[inline]
    pub(crate) fn value_plus_plain(self, rank: u8) -> HandValue {
        if self.suits & SUIT_FLUSH_BITS != 0 {
            return self.value();
        }
        let node = (self.entry >> VALUE_BITS) as usize;
        let entry = u32_at(
            tables::DAG,
            node * DAG_ROW_LEN + (usize::from(rank) & (DAG_ROW_LEN - 1)),
        );
        HandValue((entry & VALUE_MASK) as u16)
    }

    /// How many cards were added (counting a repeated card each time).
    pub fn len(self) -> usize {
        (self.suits >> COUNT_SHIFT) as usize
    }

    /// Whether no card was added.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;

    #[test]
    fn accum_and_evaluator_agree_on_five_six_and_seven_cards() {
        let ev = Evaluator::get();
        for s in [
            "As Ks Qs Js Ts",
            "As Ks Qs Js Ts 9s",
            "2c 3c 4c 5c 7c 6c Ac",
            "Ah Ad 7c 7s 2d As",
            "Kh Kd 9c 9s 2d 2c 3s",
            "5d 4h 3s 2c Ad Kd Qd",
        ] {
            let cs = cards(s);
            let acc = cs.iter().fold(Accum::new(), |a, &c| a.add(c));
            assert_eq!(acc.checked_value(), ev.value(&cs), "{s}");
            assert_eq!(acc.len(), cs.len());
            if let Ok(seven) = <[Card; 7]>::try_from(cs.as_slice()) {
                assert_eq!(ev.value7(&seven), acc.value(), "{s}");
            }
        }
    }

    #[test]
    fn flush_draw_suits_are_the_suits_with_four_cards_or_more() {
        let acc = |s: &str| cards(s).iter().fold(Accum::new(), |a, &c| a.add(c));
        assert_eq!(acc("As Ks Qs 2h 3h 4h").flush_draw_suits(), 0);
        assert_eq!(acc("As Ks Qs Js 3h 4h").flush_draw_suits(), 0b0001);
        assert_eq!(acc("As Ks Qs Js 3c 4c 5c 6c").flush_draw_suits(), 0b1001);
        assert_eq!(acc("2d 3d 4d 5d 6d 7d 8d").flush_draw_suits(), 0b0100);
        assert_eq!(acc("2h 3h 4h 5h 6h").flush_draw_suits(), 0b0010);
        assert_eq!(acc("As Ks Qs 2h 3h 4c").suits_holding(3), 0b0001);
        assert_eq!(acc("As Ks 2h 3h 4c").suits_holding(3), 0);
        assert_eq!(acc("As Ks 2h 3h 4c").suits_holding(1), 0b1011);
        assert_eq!(acc("2d 3d 4d 5d 6d 7d 8d").suits_holding(5), 0b0100);
    }

    #[test]
    fn misuse_gives_errors_or_unspecified_values_never_panics() {
        let cs = cards("As Ad Ah Ac Ks");
        let acc = cs.iter().fold(Accum::new(), |a, &c| a.add(c));
        // Adding the same ace a fifth time: five aces lead to the sink.
        let five_aces = acc.add(cs[0]);
        assert_eq!(
            five_aces.checked_value(),
            Err(EvalError::DuplicateCard(cs[0]))
        );
        let _ = five_aces.value();
        let mut many = Accum::new();
        for i in 0..52u8 {
            many = many.add(Card::from_index(i).unwrap());
            let _ = many.value();
        }
        for _ in 0..100 {
            many = many.add(cs[1]);
            let _ = many.value();
        }
        assert_eq!(
            many.checked_value(),
            Err(EvalError::CardCount {
                got: 152,
                min: 5,
                max: 7
            })
        );
        assert_eq!(Accum::new().value(), HandValue::NONE);
        assert!(Accum::new().is_empty());
        assert_eq!(
            Accum::new().add(cs[0]).checked_value(),
            Err(EvalError::CardCount {
                got: 1,
                min: 5,
                max: 7
            })
        );
        let ev = Evaluator::get();
        let dup = [cs[0], cs[0], cs[0], cs[0], cs[0], cs[0], cs[0]];
        let _ = ev.value7(&dup);
        assert_eq!(ev.value(&dup), Err(EvalError::DuplicateCard(cs[0])));
    }
}
