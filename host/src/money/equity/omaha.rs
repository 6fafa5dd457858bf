//! Omaha and Omaha Hi/Lo: a hand is exactly two hole cards and exactly three
//! board cards (R-RANK-7, R-HILO-2), so a player's best hand on a board is the
//! best, over the board's ten three-card subsets (triples), of his best hand with
//! that triple. That is what [`omaha_high`] and [`omaha_low`] give for a
//! three-card board, so each triple is valued **once** per player, before the
//! boards are dealt, and every board only looks its ten triples up.
//!
//! The cards that can be on the board (the known board first, then the unseen
//! cards) are numbered `0..t`; triple `a < b < c` is entry `(C(b,2) + a) * t + c`
//! of a table holding every player's values for it: pair-major, so the triples
//! completing one pair lie side by side. The boards are dealt in nested loops in
//! increasing card order, each level carrying the best values of the triples it
//! completes: the innermost level reads the six triples that contain its card,
//! six rows walked side by side.
//!
//! Hi/lo where straights and flushes do not count against a low: a low is five
//! different ranks up to eight, so a player's low depends on the board's low ranks
//! alone; the triples then hold the high only, and the low winners of every set of
//! low ranks are valued once per deal ([`Lows`]), one load a board.

use firmware::config::{DECK_SIZE, MAX_BOARD_CARDS};
use firmware::Card;

use crate::money::eval::{low_bit, omaha_high, omaha_low, HandValue, LowRules, LowValue};

use super::tally::{winners, Tally};
use super::{for_players, Deal, EquityError};

/// Offset of the pairs whose top card is `i`: `C(i, 2)` for `i` in `0..=DECK_SIZE`
/// (and the number of pairs of `i` cards).
static PAIR_BASE: [u32; DECK_SIZE + 1] = {
    let mut out = [0u32; DECK_SIZE + 1];
    let mut i = 0;
    while i <= DECK_SIZE {
        let n = i as u32;
        out[i] = n * n.saturating_sub(1) / 2;
        i += 1;
    }
    out
};

/// Pairs among the first four board cards: the innermost level's six triples.
const LEAF_PAIRS: usize = 6;

/// Counts every board of `deal` into `tally`: Omaha high when `low` is `None`,
/// Omaha Hi/Lo under those low rules otherwise.
pub(super) fn run(
    deal: &Deal<'_>,
    low: Option<LowRules>,
    tally: &mut Tally,
) -> Result<(), EquityError> {
    match low {
        None => for_players!(deal.hands.len(), run_high(deal, tally)),
        Some(rules) => for_players!(deal.hands.len(), run_hilo(deal, rules, tally)),
    }
}

fn run_high<const N: usize>(deal: &Deal<'_>, tally: &mut Tally) -> Result<(), EquityError> {
    run_cells::<High<N>>(deal, LowRules::default(), tally)
}

fn run_hilo<const N: usize>(
    deal: &Deal<'_>,
    rules: LowRules,
    tally: &mut Tally,
) -> Result<(), EquityError> {
    if rules.low_ignores_straights_flushes {
        run_cells::<HighRankLow<N>>(deal, rules, tally)
    } else {
        run_cells::<HighLow<N>>(deal, rules, tally)
    }
}

/// Every player's value for one triple, or the best over several.
trait Cell: Copy {
    /// Whether the low winners come from the board's low ranks ([`Lows`]) rather
    /// than from the cells.
    const LOW_BY_RANKS: bool = false;
    /// Below every hand (no triple yet, or a triple no board can hold).
    fn nothing() -> Self;
    /// Each hand's value with `triple` as the board.
    fn of(hands: &[&[Card]], triple: &[Card; 3], low: LowRules) -> Result<Self, EquityError>;
    /// Each player's better value of the two.
    fn best(self, other: &Self) -> Self;
    /// The high winners and the low winners (none without a low), a bit each.
    fn winners(&self) -> (u16, u16);
}

/// Omaha high.
#[derive(Clone, Copy)]
struct High<const N: usize>([HandValue; N]);

impl<const N: usize> Cell for High<N> {
    fn nothing() -> Self {
        High([HandValue::NONE; N])
    }

    fn of(hands: &[&[Card]], triple: &[Card; 3], _: LowRules) -> Result<Self, EquityError> {
        let mut out = Self::nothing();
        for (v, hole) in out.0.iter_mut().zip(hands) {
            *v = omaha_high(hole, triple)?;
        }
        Ok(out)
    }

    #[inline(always)]
    fn best(mut self, other: &Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a = (*a).max(*b);
        }
        self
    }

    #[inline(always)]
    fn winners(&self) -> (u16, u16) {
        (winners(&self.0, HandValue::NONE), 0)
    }
}

/// Omaha Hi/Lo: high and low chosen independently (R-HILO-2); the low as its
/// [`LowValue::code`], 0 for no qualifying low.
#[derive(Clone, Copy)]
struct HighLow<const N: usize>([HandValue; N], [u8; N]);

impl<const N: usize> Cell for HighLow<N> {
    fn nothing() -> Self {
        HighLow([HandValue::NONE; N], [0; N])
    }

    fn of(hands: &[&[Card]], triple: &[Card; 3], low: LowRules) -> Result<Self, EquityError> {
        let mut out = Self::nothing();
        for ((h, l), hole) in out.0.iter_mut().zip(out.1.iter_mut()).zip(hands) {
            *h = omaha_high(hole, triple)?;
            *l = omaha_low(hole, triple, low)?.map_or(0, LowValue::code);
        }
        Ok(out)
    }

    #[inline(always)]
    fn best(mut self, other: &Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a = (*a).max(*b);
        }
        for (a, b) in self.1.iter_mut().zip(&other.1) {
            *a = (*a).max(*b);
        }
        self
    }

    #[inline(always)]
    fn winners(&self) -> (u16, u16) {
        (winners(&self.0, HandValue::NONE), winners(&self.1, 0))
    }
}

/// Omaha Hi/Lo when straights and flushes do not count against a low (the casino
/// default): the cells hold the high only; a player's low depends on the board's
/// low ranks alone, so the low winners of every set of them are worked out once
/// per deal ([`Lows`]) and each board reads them with one load.
#[derive(Clone, Copy)]
struct HighRankLow<const N: usize>(High<N>);

impl<const N: usize> Cell for HighRankLow<N> {
    const LOW_BY_RANKS: bool = true;

    fn nothing() -> Self {
        HighRankLow(High::nothing())
    }

    fn of(hands: &[&[Card]], triple: &[Card; 3], low: LowRules) -> Result<Self, EquityError> {
        Ok(HighRankLow(High::of(hands, triple, low)?))
    }

    #[inline(always)]
    fn best(self, other: &Self) -> Self {
        HighRankLow(self.0.best(&other.0))
    }

    #[inline(always)]
    fn winners(&self) -> (u16, u16) {
        self.0.winners()
    }
}

/// Sets of low ranks: bit `n` for low rank `n + 1` (ace = bit 0 .. eight = bit 7).
const LOW_SETS: usize = 1 << 8;

/// The low winners by the board's low ranks, for [`Cell::LOW_BY_RANKS`].
struct Lows {
    /// Each card's low bit, as numbered in the walk (none for a cell without).
    bits: Vec<u8>,
    /// The low winners (a bit per player, none when nobody has a low) when the
    /// board's low ranks are the set.
    winners: [u16; LOW_SETS],
}

impl Lows {
    fn none() -> Lows {
        Lows {
            bits: Vec::new(),
            winners: [0; LOW_SETS],
        }
    }

    /// Every player's low on a board of each set of three to five low ranks (the
    /// other sets make no low, R-HILO-5), valued by [`omaha_low`] on a board of
    /// one card per rank: a low takes five different ranks, so the board's other
    /// cards cannot be part of it.
    fn new<const N: usize>(
        hands: &[&[Card]],
        cards: &[Card],
        rules: LowRules,
    ) -> Result<Lows, EquityError> {
        let mut lows = Lows {
            bits: cards.iter().map(|&c| low_bit(c)).collect(),
            winners: [0; LOW_SETS],
        };
        let deck = || (0..DECK_SIZE as u8).filter_map(Card::from_index);
        for (set, slot) in lows.winners.iter_mut().enumerate() {
            if !(3..=MAX_BOARD_CARDS as u32).contains(&set.count_ones()) {
                continue;
            }
            let mut codes = [0u8; N];
            for (code, &hole) in codes.iter_mut().zip(hands) {
                let mut board = [hole[0]; MAX_BOARD_CARDS];
                let mut len = 0;
                for bit in (0..8)
                    .map(|n| 1u8 << n)
                    .filter(|b| set & usize::from(*b) != 0)
                {
                    let card = deck().find(|&c| low_bit(c) == bit && !hole.contains(&c));
                    if let (Some(c), Some(slot)) = (card, board.get_mut(len)) {
                        *slot = c;
                        len += 1;
                    }
                }
                // A rank whose four cards this player holds is never on the board.
                if len == set.count_ones() as usize {
                    let board = board.get(..len).unwrap_or_default();
                    *code = omaha_low(hole, board, rules)?.map_or(0, LowValue::code);
                }
            }
            *slot = winners(&codes, 0);
        }
        Ok(lows)
    }
}

fn run_cells<C: Cell>(
    deal: &Deal<'_>,
    low: LowRules,
    tally: &mut Tally,
) -> Result<(), EquityError> {
    // The known board first, so that every board starts with it.
    let cards: Vec<Card> = deal.board.iter().chain(&deal.unseen).copied().collect();
    let known = deal.board.len();
    let t = cards.len().min(DECK_SIZE);
    let table = triples::<C>(deal.hands, &cards[..t], known, deal.missing(), low)?;
    let lows = if C::LOW_BY_RANKS {
        for_players!(deal.hands.len(), lows_for(deal.hands, &cards[..t], low))?
    } else {
        Lows::none()
    };
    let mut board = Partial::<C>::new();
    for x in 0..known {
        board = board.add(x, t, &table, &lows);
    }
    let missing = deal.missing();
    deal.orbits().each(missing, &mut |prefix, rank, weight| {
        // The prefix's cards by their place among the cards that can be on the board.
        let mut dealt = board;
        for c in prefix {
            if let Ok(i) = deal.unseen.binary_search(c) {
                dealt = dealt.add(known + i, t, &table, &lows);
            }
        }
        let start = deal
            .unseen
            .partition_point(|c| usize::from(c.rank().index()) < rank);
        walk(&dealt, known + start, t, (&table, &lows), weight, tally);
    });
    Ok(())
}

/// [`Lows::new`] for `N` players.
fn lows_for<const N: usize>(
    hands: &[&[Card]],
    cards: &[Card],
    rules: LowRules,
) -> Result<Lows, EquityError> {
    Lows::new::<N>(hands, cards, rules)
}

/// Every player's values for every triple of `cards` that a board can hold: at
/// most `missing` of its cards from beyond the `known` board. The others are left
/// at [`Cell::nothing`] and never read.
fn triples<C: Cell>(
    hands: &[&[Card]],
    cards: &[Card],
    known: usize,
    missing: usize,
    low: LowRules,
) -> Result<Vec<C>, EquityError> {
    let t = cards.len();
    let pairs = PAIR_BASE.get(t).copied().unwrap_or(0) as usize;
    let mut table = Vec::with_capacity(pairs * t);
    // Pushed in index order: (C(b,2) + a) * t + c grows with (b, a, c).
    for (b, &y) in cards.iter().enumerate() {
        for (a, &x) in cards.iter().enumerate().take(b) {
            for (c, &z) in cards.iter().enumerate() {
                let new = [a, b, c].iter().filter(|&&i| i >= known).count();
                table.push(if c > b && new <= missing {
                    C::of(hands, &[x, y, z], low)?
                } else {
                    C::nothing()
                });
            }
        }
    }
    Ok(table)
}

/// The board cards chosen so far (as indices into the cards that can be on the
/// board, increasing) and each player's best over the triples among them.
#[derive(Clone, Copy)]
struct Partial<C> {
    best: C,
    chosen: [usize; MAX_BOARD_CARDS],
    len: usize,
    /// `(C(b,2) + a) * t` for each pair `a < b` of chosen cards (the start of its
    /// row of triples), while there are at most four.
    pairs: [usize; LEAF_PAIRS],
    pair_count: usize,
    /// The chosen cards' low ranks ([`Lows`]), when the cells need them.
    low: u8,
}

impl<C: Cell> Partial<C> {
    fn new() -> Self {
        Partial {
            best: C::nothing(),
            chosen: [0; MAX_BOARD_CARDS],
            len: 0,
            pairs: [0; LEAF_PAIRS],
            pair_count: 0,
            low: 0,
        }
    }

    /// The board with card `x` (greater than every chosen card) added, `t` cards
    /// in all.
    #[inline]
    fn add(&self, x: usize, t: usize, table: &[C], lows: &Lows) -> Self {
        let mut next = *self;
        if C::LOW_BY_RANKS {
            next.low |= lows.bits.get(x).copied().unwrap_or(0);
        }
        for &row in self.pairs.iter().take(self.pair_count) {
            if let Some(cell) = table.get(row + x) {
                next.best = next.best.best(cell);
            }
        }
        let pair_base = PAIR_BASE.get(x).copied().unwrap_or(0) as usize;
        if self.len < MAX_BOARD_CARDS - 1 {
            for &a in self.chosen.iter().take(self.len) {
                if let Some(slot) = next.pairs.get_mut(next.pair_count) {
                    *slot = (pair_base + a) * t;
                    next.pair_count += 1;
                }
            }
        }
        if let Some(slot) = next.chosen.get_mut(self.len) {
            *slot = x;
            next.len += 1;
        }
        next
    }
}

/// Deals the rest of the board from the cards `start..t`, in increasing order, each
/// board counted `weight` times.
fn walk<C: Cell>(
    board: &Partial<C>,
    start: usize,
    t: usize,
    (table, lows): (&[C], &Lows),
    weight: u64,
    tally: &mut Tally,
) {
    match MAX_BOARD_CARDS.saturating_sub(board.len) {
        0 => {
            let (high, mut low) = board.best.winners();
            if C::LOW_BY_RANKS {
                low = lows.winners[usize::from(board.low)];
            }
            tally.record_boards(high, low, weight);
        }
        // The innermost level: the six triples that hold card `x`, from six rows
        // side by side.
        1 => {
            let row = |k: usize| {
                let at = board.pairs.get(k).copied().unwrap_or(0);
                table.get(at + start..at + t).unwrap_or_default()
            };
            let rows = row(0)
                .iter()
                .zip(row(1))
                .zip(row(2))
                .zip(row(3))
                .zip(row(4))
                .zip(row(5));
            for (x, (((((c0, c1), c2), c3), c4), c5)) in (start..).zip(rows) {
                let best = board
                    .best
                    .best(c0)
                    .best(c1)
                    .best(c2)
                    .best(c3)
                    .best(c4)
                    .best(c5);
                let (high, mut low) = best.winners();
                if C::LOW_BY_RANKS {
                    let bits = board.low | lows.bits.get(x).copied().unwrap_or(0);
                    low = lows.winners[usize::from(bits)];
                }
                tally.record_boards(high, low, weight);
            }
        }
        missing => {
            for x in start..(t + 1).saturating_sub(missing) {
                let next = board.add(x, t, table, lows);
                walk(&next, x + 1, t, (table, lows), weight, tally);
            }
        }
    }
}
