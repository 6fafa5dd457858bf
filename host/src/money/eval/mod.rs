//! # Hand evaluation
//!
//! Before working on this module, read RULES.md §1-§3, §15 and §17 and the worked
//! examples E15-E18.
//!
//! - **Hold'em** (R-RANK-1..6): [`evaluate`] / [`holdem`] give the best five-card
//!   [`HandValue`] of 5, 6 or 7 cards, [`best_five`] also the five cards the
//!   display highlights. For hot loops: [`Evaluator::value7`] (a whole hand) and
//!   [`Accum`] (one card at a time).
//! - **Omaha** (R-RANK-7): [`omaha_high`], exactly two hole and three board cards.
//! - **Omaha Hi/Lo 8-or-better** (§3): [`omaha_low`] gives an optional
//!   [`LowValue`] under [`LowRules`] (PD-HILO).
//! - **Five-card draw** (§17): [`draw_value`] gives a [`DrawValue`], in which a
//!   flush beats a full house (R-RANK-2), on the 52- or 32-card deck
//!   ([`DrawRules`], R-DECK-3, PD-DECK).
//! - **Census**: [`category_counts_all_seven_card_hands`], which `tablectl bench`
//!   times (`crate::bench`, where the clock is read).
//!
//! Every value is "higher is better, equal is a split" (R-RANK-5, R-SHOW-4): the
//! winners of a pot are the hands equal to the maximum. Suits never break ties.
//! No function here panics on any input: wrong card counts, duplicate cards and
//! cards outside the deck are [`EvalError`]s.

use core::fmt;

use firmware::{Card, Rank};

mod census;
mod draw;
mod fast;
// The tables' generator: run by the build script, and by the tests that check it.
#[cfg(test)]
mod gen;
mod layout;
mod omaha;
mod reference;
mod row_base;
mod tables;

pub use census::{
    category_counts_all_seven_card_hands, enumerate_all_seven_card_hands, index_deck, random_deals,
    random_seven_card_hands,
};
pub use draw::{draw_value, DrawRules, DrawValue};
pub use fast::{Accum, Evaluator};
pub(crate) use omaha::{hole_low_bits, low_bit, low_mask, omaha_low_of_ranks};
pub use omaha::{
    low_five, omaha_high, omaha_high_best_five, omaha_low, omaha_low_best_five, LowRules, LowValue,
};

use tables::{CLASSES, CLASSES_LEN};

/// The value of a five-card Hold'em/Omaha high hand: higher is better, equal is
/// an exact tie (R-RANK-3, R-RANK-5). The 7,462 distinct hands are numbered
/// 1 (seven-five-four-three-two high) to 7462 (royal flush).
///
/// `Display` gives the name a player understands: "Full house, kings over tens".
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct HandValue(u16);

/// First value of each category, worst category first (Hold'em order).
const CATEGORY_START: [u16; 9] = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453];

/// The category of every value (`NONE` counts as high card), padded to a power of
/// two so that a masked index needs no bounds check: one load and no branch, which is
/// what a census loop counting categories pays per hand (issue 18). Entries past
/// the best hand are never reached by a real value and say high card.
static CATEGORY_OF: [Category; CLASSES_LEN] = {
    let mut table = [Category::HighCard; CLASSES_LEN];
    let mut v = 0;
    while v <= CLASSES {
        let mut i = 0;
        while i + 1 < CATEGORY_START.len() && CATEGORY_START[i + 1] as usize <= v {
            i += 1;
        }
        table[v] = Category::ALL[i];
        v += 1;
    }
    table
};

impl HandValue {
    /// Below every hand: what [`Accum::value`] gives for fewer than five cards.
    pub const NONE: HandValue = HandValue(0);
    /// The worst hand, 7-5-4-3-2 high.
    pub const WORST: HandValue = HandValue(1);
    /// The best hand, a royal flush.
    pub const BEST: HandValue = HandValue(CLASSES as u16);

    /// The number (1..=7462, 0 for [`HandValue::NONE`]).
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The value with number `n`, if it is one (1..=7462).
    pub const fn from_u16(n: u16) -> Option<HandValue> {
        if n >= 1 && n as usize <= CLASSES {
            Some(HandValue(n))
        } else {
            None
        }
    }

    /// The category (`NONE` counts as high card): one masked load from an 8 KiB
    /// table built at compile time. Scanning the category boundaries instead made a
    /// census loop that counts categories a third slower, and a checked index into
    /// a category number and then into [`Category::ALL`] cost it two branches a hand
    /// (issue 18's measurements).
    #[inline]
    pub fn category(self) -> Category {
        CATEGORY_OF[usize::from(self.0) & (CLASSES_LEN - 1)]
    }

    /// The packed strength (category and tie-break ranks).
    fn strength(self) -> u32 {
        tables::strength(self.0)
    }

    /// The tie-break ranks in order of importance (R-RANK-3): the quad rank and
    /// kicker, trips and pair, the straight's top card (five for the wheel), or
    /// the kickers from the top. Only the first [`Category::tie_ranks`] count.
    pub fn tie_ranks(self) -> [Rank; 5] {
        ties_of(self.strength())
    }

    /// The name, as [`Display`](fmt::Display) writes it.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == HandValue::NONE {
            return f.write_str("No hand");
        }
        write_name(f, self.category(), &self.tie_ranks())
    }
}

fn ties_of(strength: u32) -> [Rank; 5] {
    core::array::from_fn(|i| {
        let r = (strength >> (16 - 4 * i)) & 15;
        Rank::from_index(r as u8).unwrap_or(Rank::Two)
    })
}

/// A hand category (R-RANK-1), in Hold'em order: `Ord` puts a full house above a
/// flush. (Five-card draw reverses those two: compare [`DrawValue`]s, not their
/// categories.)
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[allow(missing_docs)] // the names say it all
pub enum Category {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl Category {
    /// All categories, worst first (Hold'em order).
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// All categories, best first: the order of
    /// [`category_counts_all_seven_card_hands`].
    pub const BEST_FIRST: [Category; 9] = [
        Category::StraightFlush,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::Flush,
        Category::Straight,
        Category::ThreeOfAKind,
        Category::TwoPair,
        Category::OnePair,
        Category::HighCard,
    ];

    /// How many tie-break ranks the category has (R-RANK-3).
    pub const fn tie_ranks(self) -> usize {
        match self {
            Category::StraightFlush | Category::Straight => 1,
            Category::FourOfAKind | Category::FullHouse => 2,
            Category::ThreeOfAKind | Category::TwoPair => 3,
            Category::OnePair => 4,
            Category::Flush | Category::HighCard => 5,
        }
    }

    /// The lower-case name used in counts: "straight flush" .. "one pair", "high card".
    pub const fn lower_name(self) -> &'static str {
        match self {
            Category::StraightFlush => "straight flush",
            Category::FourOfAKind => "four of a kind",
            Category::FullHouse => "full house",
            Category::Flush => "flush",
            Category::Straight => "straight",
            Category::ThreeOfAKind => "three of a kind",
            Category::TwoPair => "two pair",
            Category::OnePair => "one pair",
            Category::HighCard => "high card",
        }
    }

    fn from_index(i: u32) -> Category {
        Category::ALL
            .get(i as usize)
            .copied()
            .unwrap_or(Category::HighCard)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.lower_name();
        let mut chars = s.chars();
        if let Some(first) = chars.next() {
            write!(f, "{}{}", first.to_ascii_uppercase(), chars.as_str())?;
        }
        Ok(())
    }
}

const SINGULAR: [&str; 13] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king", "ace",
];
const PLURAL: [&str; 13] = [
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
    "queens", "kings", "aces",
];

fn one(r: Rank) -> &'static str {
    SINGULAR[r.index() as usize % 13]
}
fn many(r: Rank) -> &'static str {
    PLURAL[r.index() as usize % 13]
}

/// "Royal flush", "Straight flush, nine high", "Four of a kind, queens", "Full
/// house, kings over tens", "Flush, ace high", "Straight, six high", "Three of a
/// kind, sevens", "Two pair, aces and fours", "Pair of jacks", "High card, king".
fn write_name(f: &mut fmt::Formatter<'_>, category: Category, t: &[Rank; 5]) -> fmt::Result {
    match category {
        Category::StraightFlush if t[0] == Rank::Ace => f.write_str("Royal flush"),
        Category::StraightFlush => write!(f, "Straight flush, {} high", one(t[0])),
        Category::FourOfAKind => write!(f, "Four of a kind, {}", many(t[0])),
        Category::FullHouse => write!(f, "Full house, {} over {}", many(t[0]), many(t[1])),
        Category::Flush => write!(f, "Flush, {} high", one(t[0])),
        Category::Straight => write!(f, "Straight, {} high", one(t[0])),
        Category::ThreeOfAKind => write!(f, "Three of a kind, {}", many(t[0])),
        Category::TwoPair => write!(f, "Two pair, {} and {}", many(t[0]), many(t[1])),
        Category::OnePair => write!(f, "Pair of {}", many(t[0])),
        Category::HighCard => write!(f, "High card, {}", one(t[0])),
    }
}

/// Why a hand could not be valued. Each is a misread or a wrong call into the
/// evaluator, not a rule of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// The hand has `got` cards; this evaluation takes `min..=max`. Check the
    /// reads for the seat and the board.
    CardCount {
        /// Cards given.
        got: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// An Omaha hand needs exactly four hole cards (R-RANK-7); `got` were given.
    HoleCards {
        /// Hole cards given.
        got: usize,
    },
    /// An Omaha board has three to five cards; `got` were given.
    BoardCards {
        /// Board cards given.
        got: usize,
    },
    /// The same card appears twice: re-scan the hand and the board, or call the floor.
    DuplicateCard(Card),
    /// The card is not in the deck in use (R-DECK-3: the 32-card deck has sevens
    /// and up): re-scan it or check the deck.
    NotInDeck(Card),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::CardCount { got, min, max } if min == max => {
                write!(
                    f,
                    "{got} cards given, the hand needs {min}: check the reads"
                )
            }
            EvalError::CardCount { got, min, max } => write!(
                f,
                "{got} cards given, the hand needs {min} to {max}: check the reads"
            ),
            EvalError::HoleCards { got } => write!(
                f,
                "{got} hole cards given, Omaha needs exactly 4: check the seat's reads"
            ),
            EvalError::BoardCards { got } => write!(
                f,
                "{got} board cards given, Omaha needs 3 to 5: check the board"
            ),
            EvalError::DuplicateCard(c) => write!(
                f,
                "card {c} appears twice: re-scan the hand and the board or call the floor"
            ),
            EvalError::NotInDeck(c) => write!(
                f,
                "card {c} is not in the deck in use: re-scan it or check the deck"
            ),
        }
    }
}

impl core::error::Error for EvalError {}

/// Checks `min..=max` cards, all distinct.
fn check_cards(cards: &[Card], min: usize, max: usize) -> Result<(), EvalError> {
    if !(min..=max).contains(&cards.len()) {
        return Err(EvalError::CardCount {
            got: cards.len(),
            min,
            max,
        });
    }
    check_distinct(cards.iter())
}

fn check_distinct<'a>(cards: impl Iterator<Item = &'a Card>) -> Result<(), EvalError> {
    let mut seen = 0u64;
    for c in cards {
        let bit = 1u64 << (c.index() & 63);
        if seen & bit != 0 {
            return Err(EvalError::DuplicateCard(*c));
        }
        seen |= bit;
    }
    Ok(())
}

/// The best five-card Hold'em value of 5, 6 or 7 distinct cards (R-RANK-1..6;
/// the hole cards need not play).
///
/// ```
/// use firmware::Card;
/// let mut cards = [Card::from_index(0).unwrap(); 7];
/// Card::parse_many("Kh Kd Ks Th Tc 2c 3d", &mut cards).unwrap();
/// let v = host::money::eval::evaluate(&cards).unwrap();
/// assert_eq!(v.to_string(), "Full house, kings over tens");
/// ```
pub fn evaluate(cards: &[Card]) -> Result<HandValue, EvalError> {
    Evaluator::get().value(cards)
}

/// The best Hold'em value of two hole cards and a board of 3..=5 cards
/// (R-RANK-6: 2, 1 or 0 hole cards may play).
pub fn holdem(hole: &[Card], board: &[Card]) -> Result<HandValue, EvalError> {
    if hole.len() != 2 {
        return Err(EvalError::CardCount {
            got: hole.len(),
            min: 2,
            max: 2,
        });
    }
    if !(3..=5).contains(&board.len()) {
        return Err(EvalError::CardCount {
            got: board.len(),
            min: 3,
            max: 5,
        });
    }
    let mut all = [hole[0]; 7];
    for (slot, c) in all.iter_mut().zip(hole.iter().chain(board)) {
        *slot = *c;
    }
    evaluate(&all[..hole.len() + board.len()])
}

/// The best five-card Hold'em value of 5..=7 distinct cards and five cards that
/// make it, best first in the display's order (groups, then kickers). When
/// several choices tie, the first in the order of `cards` is taken.
pub fn best_five(cards: &[Card]) -> Result<(HandValue, [Card; 5]), EvalError> {
    check_cards(cards, 5, 7)?;
    let ev = Evaluator::get();
    let mut best = (HandValue::NONE, [cards[0]; 5]);
    for idx in reference::five_card_subsets(cards.len()) {
        let five = idx.map(|i| cards[i]);
        let v = ev.value_unchecked(&five);
        if v > best.0 {
            best = (v, five);
        }
    }
    sort_for_display(&mut best.1, best.0.category());
    Ok(best)
}

/// Orders five cards for display: bigger groups first, higher ranks first, and
/// the wheel's ace last.
fn sort_for_display(five: &mut [Card; 5], category: Category) {
    let count = |r: Rank, five: &[Card; 5]| five.iter().filter(|c| c.rank() == r).count();
    let snapshot = *five;
    five.sort_by(|a, b| {
        count(b.rank(), &snapshot)
            .cmp(&count(a.rank(), &snapshot))
            .then(b.rank().cmp(&a.rank()))
            .then(a.suit().cmp(&b.suit()))
    });
    let wheel = matches!(category, Category::Straight | Category::StraightFlush)
        && five[0].rank() == Rank::Ace
        && five[1].rank() == Rank::Five;
    if wheel {
        five.rotate_left(1);
    }
}

#[cfg(test)]
mod tests;
