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
//! Hi/lo: a low is five different ranks up to eight, so a player's low depends on
//! the board's low ranks alone, and a straight is a matter of ranks too; the
//! triples hold the high only, and the low winners of every set of low ranks are
//! valued once per deal ([`Lows`]), one load a board. Where flushes count against
//! a low (the casino's rules), only a board with three low cards of a suit in
//! which some player holds two low cards can have a low spoiled by a flush (about
//! 3% of boards for each such suit); those boards take each player's low from his
//! lows of the board's ten triples, valued once per deal like the highs.

use firmware::config::{DECK_SIZE, MAX_BOARD_CARDS};
use firmware::Card;

use crate::money::eval::{
    hole_low_bits, low_bit, low_mask, omaha_high, omaha_low, omaha_low_of_ranks, HandValue,
    LowRules, LowValue,
};

use super::tally::{winners, Tally};
use super::{for_players, Deal, EquityError, MAX_PLAYERS};

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
    run_cells::<HighRankLow<N>>(deal, rules, tally)
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
    /// Folds every player's low on each of `triples` ([`Lows::triple_lows`]) into
    /// `codes` (a code per player, the best so far), for a board on which a flush
    /// may spoil a low.
    fn fold_triple_lows(_lows: &[u8], _triples: &[usize], _codes: &mut Codes) {}
    /// The low winners of the players' best low codes.
    fn low_winners(_codes: &Codes) -> u16 {
        0
    }
}

/// A low code per player ([`LowValue::code`], 0 for none).
type Codes = [u8; MAX_PLAYERS];

/// Three-card subsets of a five-card board.
const TRIPLES: usize = 10;

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

/// Omaha Hi/Lo (R-HILO-2: high and low chosen independently): the cells hold the
/// high only; a player's low depends on the board's low ranks (and, rarely, on a
/// flush: [`Lows`]), so the low winners of every set of them are worked out once
/// per deal and each board reads them with one load.
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

    #[inline(always)]
    fn fold_triple_lows(lows: &[u8], triples: &[usize], codes: &mut Codes) {
        for &t in triples {
            let row = lows.get(t * N..(t + 1) * N).unwrap_or_default();
            for (code, &low) in codes.iter_mut().zip(row) {
                *code = (*code).max(low);
            }
        }
    }

    #[inline(always)]
    fn low_winners(codes: &Codes) -> u16 {
        let mine: [u8; N] = core::array::from_fn(|p| codes.get(p).copied().unwrap_or(0));
        winners(&mine, 0)
    }
}

/// Sets of low ranks: bit `n` for low rank `n + 1` (ace = bit 0 .. eight = bit 7).
const LOW_SETS: usize = 1 << 8;

/// The low winners by the board's low ranks, for [`Cell::LOW_BY_RANKS`], and what
/// a board needs where a flush may spoil a low.
struct Lows {
    /// Each card's low bit, as numbered in the walk (none for a card above eight).
    bits: Vec<u8>,
    /// The low winners (a bit per player, none when nobody has a low) when the
    /// board's low ranks are the set and no flush spoils a low.
    winners: [u16; LOW_SETS],
    /// Each card's place in the count of the board's low cards by suit: a 4-bit
    /// counter per suit (none for a card above eight).
    suits: Vec<u16>,
    /// The counters' top bits ([`FLUSH_WATCH_BIAS`] added) of the suits in which
    /// some player holds two low cards, where flushes count against a low: a board
    /// with three low cards of such a suit takes its lows from the triples. Zero
    /// where flushes do not count.
    watch: u16,
    /// With a `watch`: every player's low code (0: none) on each triple, `N` a
    /// triple, at the triple's place in the cells' table; empty otherwise.
    triple_lows: Vec<u8>,
}

/// Added to the low-card-by-suit counters so that a counter's top bit (8) is on
/// exactly when its suit has three low cards or more on the board (five at most).
const FLUSH_WATCH_BIAS: u16 = 0x5555;
/// The same for a hand's four hole cards: the top bit on at two low cards of a suit.
const HOLE_WATCH_BIAS: u16 = 0x6666;

impl Lows {
    fn none() -> Lows {
        Lows {
            bits: Vec::new(),
            winners: [0; LOW_SETS],
            suits: Vec::new(),
            watch: 0,
            triple_lows: Vec::new(),
        }
    }

    /// Every player's low on a board of each set of three to five low ranks (the
    /// other sets make no low, R-HILO-5): a low takes five different ranks, so
    /// the board's other cards cannot be part of it.
    fn new<const N: usize>(
        hands: &[&[Card]],
        cards: &[Card],
        known: usize,
        missing: usize,
        rules: LowRules,
    ) -> Result<Lows, EquityError> {
        let suit_count = |c: Card| {
            if low_bit(c) == 0 {
                0
            } else {
                1u16 << (4 * c.suit().index())
            }
        };
        let watch = if rules.low_ignores_straights_flushes {
            0
        } else {
            hands
                .iter()
                .map(|h| h.iter().fold(HOLE_WATCH_BIAS, |n, &c| n + suit_count(c)))
                .fold(0, |w, n| w | (n & 0x8888))
        };
        let mut lows = Lows {
            bits: cards.iter().map(|&c| low_bit(c)).collect(),
            winners: [0; LOW_SETS],
            suits: cards.iter().map(|&c| suit_count(c)).collect(),
            watch,
            triple_lows: Vec::new(),
        };
        let holes: Vec<[u8; 4]> = hands.iter().map(|h| hole_low_bits(h)).collect();
        for (set, slot) in lows.winners.iter_mut().enumerate() {
            if !(3..=MAX_BOARD_CARDS as u32).contains(&set.count_ones()) {
                continue;
            }
            let mut codes = [0u8; N];
            for (code, hole) in codes.iter_mut().zip(&holes) {
                *code = omaha_low_of_ranks(*hole, set as u8, rules).map_or(0, LowValue::code);
            }
            *slot = winners(&codes, 0);
        }
        if watch != 0 {
            lows.triple_lows = each_triple(cards, known, missing, N, 0, |triple, out| {
                // Three different low ranks or no low (R-HILO-3): most triples.
                let ranks = low_mask(triple);
                if ranks.count_ones() < 3 {
                    return Ok(());
                }
                // Three suits or two: no flush, the ranks decide.
                let suited = triple.iter().all(|c| c.suit() == triple[0].suit());
                for ((code, hole), bits) in out.iter_mut().zip(hands).zip(&holes) {
                    let low = if suited {
                        omaha_low(hole, triple, rules)?
                    } else {
                        omaha_low_of_ranks(*bits, ranks, rules)
                    };
                    *code = low.map_or(0, LowValue::code);
                }
                Ok(())
            })?;
        }
        Ok(lows)
    }

    /// Whether one more card can make a board whose low cards by suit count
    /// `suits` one on which a flush may spoil a low (two low cards of a watched
    /// suit already).
    #[inline(always)]
    fn flush_may_spoil_with_one_more(&self, suits: u16) -> bool {
        suits.wrapping_add(FLUSH_WATCH_BIAS + 0x1111) & self.watch != 0
    }

    /// Whether a board whose low cards by suit count `suits` may have a low spoiled
    /// by a flush.
    #[inline(always)]
    fn flush_may_spoil(&self, suits: u16) -> bool {
        suits.wrapping_add(FLUSH_WATCH_BIAS) & self.watch != 0
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
        for_players!(
            deal.hands.len(),
            lows_for(deal.hands, &cards[..t], known, deal.missing(), low)
        )?
    } else {
        Lows::none()
    };
    let mut board = Partial::<C>::new();
    for x in 0..known {
        board = board.add(x, t, &table, &lows);
    }
    let missing = deal.missing();
    deal.orbits().each(missing, &mut |prefix, rank, weight| {
        if tally.stop() {
            return;
        }
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
        let w = Walk {
            t,
            table: &table,
            lows: &lows,
        };
        walk(&dealt, known + start, w, weight, tally);
    });
    Ok(())
}

/// [`Lows::new`] for `N` players.
fn lows_for<const N: usize>(
    hands: &[&[Card]],
    cards: &[Card],
    known: usize,
    missing: usize,
    rules: LowRules,
) -> Result<Lows, EquityError> {
    Lows::new::<N>(hands, cards, known, missing, rules)
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
    each_triple(cards, known, missing, 1, C::nothing(), |triple, out| {
        if let Some(cell) = out.first_mut() {
            *cell = C::of(hands, triple, low)?;
        }
        Ok(())
    })
}

/// A table of `stride` entries per triple `a < b < c` of `cards`, at `(C(b,2) + a)
/// * t + c` (`t` cards), filled by `value` for each triple a board can hold (at
/// most `missing` of its cards from beyond the `known` board) and left at
/// `nothing` elsewhere.
fn each_triple<T: Copy>(
    cards: &[Card],
    known: usize,
    missing: usize,
    stride: usize,
    nothing: T,
    mut value: impl FnMut(&[Card; 3], &mut [T]) -> Result<(), EquityError>,
) -> Result<Vec<T>, EquityError> {
    let t = cards.len();
    let pairs = PAIR_BASE.get(t).copied().unwrap_or(0) as usize;
    let mut table = vec![nothing; pairs * t * stride];
    let mut entries = table.chunks_exact_mut(stride);
    // In index order: (C(b,2) + a) * t + c grows with (b, a, c).
    for (b, &y) in cards.iter().enumerate() {
        for (a, &x) in cards.iter().enumerate().take(b) {
            for (c, (&z, entry)) in cards.iter().zip(entries.by_ref()).enumerate() {
                let new = [a, b, c].iter().filter(|&&i| i >= known).count();
                if c > b && new <= missing {
                    value(&[x, y, z], entry)?;
                }
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
    /// The chosen low cards counted by suit ([`Lows::suits`]).
    low_suits: u16,
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
            low_suits: 0,
        }
    }

    /// The board with card `x` (greater than every chosen card) added, `t` cards
    /// in all.
    #[inline]
    fn add(&self, x: usize, t: usize, table: &[C], lows: &Lows) -> Self {
        let mut next = *self;
        if C::LOW_BY_RANKS {
            next.low |= lows.bits.get(x).copied().unwrap_or(0);
            next.low_suits += lows.suits.get(x).copied().unwrap_or(0);
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

/// What every level of the walk reads: the `t` cards that can be on the board, the
/// cells of their triples and the lows.
#[derive(Clone, Copy)]
struct Walk<'a, C> {
    t: usize,
    table: &'a [C],
    lows: &'a Lows,
}

/// Deals the rest of the board from the cards `start..t`, in increasing order, each
/// board counted `weight` times.
fn walk<C: Cell>(board: &Partial<C>, start: usize, w: Walk<'_, C>, weight: u64, tally: &mut Tally) {
    let Walk { t, table, lows } = w;
    match MAX_BOARD_CARDS.saturating_sub(board.len) {
        0 => {
            let (high, mut low) = board.best.winners();
            if C::LOW_BY_RANKS {
                low = board_low::<C>(&board.chosen, board.low, board.low_suits, t, lows);
            }
            tally.record_boards(high, low, weight);
        }
        // The innermost level: the six triples that hold card `x`, from six rows
        // side by side. A flush can spoil a low only if a watched suit already has
        // two low cards on the board: otherwise the low is one load, as where
        // flushes do not count.
        1 => {
            if C::LOW_BY_RANKS && lows.flush_may_spoil_with_one_more(board.low_suits) {
                leaf::<C, true>(board, start, w, weight, tally);
            } else {
                leaf::<C, false>(board, start, w, weight, tally);
            }
        }
        missing => {
            for x in start..(t + 1).saturating_sub(missing) {
                if missing > 2 && tally.stop() {
                    return;
                }
                let next = board.add(x, t, table, lows);
                walk(&next, x + 1, w, weight, tally);
            }
        }
    }
}

/// The innermost level of [`walk`]: the last board card `x` in `start..t`; with
/// `FLUSH`, each board checked for a low a flush may spoil.
#[inline(always)]
fn leaf<C: Cell, const FLUSH: bool>(
    board: &Partial<C>,
    start: usize,
    Walk { t, table, lows }: Walk<'_, C>,
    weight: u64,
    tally: &mut Tally,
) {
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
    // With `FLUSH`: every player's best low on the triples of the first four cards.
    let mut fixed: Option<Codes> = None;
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
            if FLUSH {
                let suits = board.low_suits + lows.suits.get(x).copied().unwrap_or(0);
                if lows.flush_may_spoil(suits) {
                    // The four triples without `x` once for this level, then the
                    // six with it: one row each, beside the highs' rows.
                    let mut codes = *fixed.get_or_insert_with(|| {
                        let mut codes = [0; MAX_PLAYERS];
                        let four = fixed_triples(&board.chosen, t);
                        C::fold_triple_lows(&lows.triple_lows, &four, &mut codes);
                        codes
                    });
                    let six = board.pairs.map(|row| row + x);
                    C::fold_triple_lows(&lows.triple_lows, &six, &mut codes);
                    low = C::low_winners(&codes);
                }
            }
        }
        tally.record_boards(high, low, weight);
    }
}

/// The low winners of a whole board (`chosen`, its cards' places among the `t`
/// that can be on it): by its low ranks, one load, unless a flush may spoil a low.
#[inline(always)]
fn board_low<C: Cell>(
    chosen: &[usize; MAX_BOARD_CARDS],
    low: u8,
    low_suits: u16,
    t: usize,
    lows: &Lows,
) -> u16 {
    if lows.flush_may_spoil(low_suits) {
        return spoiled_low::<C>(chosen, t, lows);
    }
    lows.winners[usize::from(low)]
}

/// The low winners of a board with three low cards of a suit in which some player
/// holds two: each player's best over the board's ten triples (R-RANK-7).
#[cold]
#[inline(never)]
fn spoiled_low<C: Cell>(chosen: &[usize; MAX_BOARD_CARDS], t: usize, lows: &Lows) -> u16 {
    let mut triples = [0usize; TRIPLES];
    let mut n = 0;
    for k in 2..MAX_BOARD_CARDS {
        for j in 1..k {
            for i in 0..j {
                if let Some(slot) = triples.get_mut(n) {
                    *slot = triple_at(chosen, (i, j, k), t);
                    n += 1;
                }
            }
        }
    }
    let mut codes = [0; MAX_PLAYERS];
    C::fold_triple_lows(&lows.triple_lows, &triples, &mut codes);
    C::low_winners(&codes)
}

/// The triples of the first four of `chosen` (the cards of the board but its last).
fn fixed_triples(chosen: &[usize; MAX_BOARD_CARDS], t: usize) -> [usize; 4] {
    [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)].map(|at| triple_at(chosen, at, t))
}

/// The place in the triples' table of the triple of `chosen` cards `i < j < k`.
fn triple_at(
    chosen: &[usize; MAX_BOARD_CARDS],
    (i, j, k): (usize, usize, usize),
    t: usize,
) -> usize {
    let card = |n: usize| chosen.get(n).copied().unwrap_or(0);
    let pair = PAIR_BASE.get(card(j)).copied().unwrap_or(0) as usize;
    (pair + card(i)) * t + card(k)
}
