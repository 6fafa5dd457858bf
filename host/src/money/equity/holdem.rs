//! Hold'em: every rest of the board in nested loops, one card per level, each
//! player's incremental hand ([`Accum`]: hole cards plus the board so far) carried
//! down the levels, so a board costs at most one card added and one value read per
//! player (R-RANK-6: best five of the seven).
//!
//! The last card is dealt by rank: a card in a suit where no player holds four
//! cards can neither make nor change a flush, so it changes every hand by its rank
//! alone, and all such cards of one rank are one value read counted as many boards.
//! The turn likewise: a turn card in a suit where no player holds three cards
//! cannot take part in a flush by the river, so the turn cards of one rank in such
//! suits have the same rivers of higher ranks, walked once and counted for each;
//! a river of the turn's own rank in such a suit is plain too, so all those pairs
//! are one value read (the rivers of the turn's own rank in other suits are dealt
//! one by one). Aces against kings preflop: about 2.5 times fewer values read than
//! one turn card at a time.

use firmware::config::DECK_SIZE;
use firmware::Card;

use crate::money::eval::{Accum, Evaluator, HandValue};

use super::tally::{winners, Tally};
use super::{for_players, Deal, EquityError};

/// Counts every board of `deal` into `tally`.
pub(super) fn run(deal: &Deal<'_>, tally: &mut Tally) -> Result<(), EquityError> {
    for_players!(deal.hands.len(), run_n(deal, tally))
}

fn run_n<const N: usize>(deal: &Deal<'_>, tally: &mut Tally) -> Result<(), EquityError> {
    let empty = Evaluator::get().accum();
    let hands: [Accum; N] = core::array::from_fn(|p| {
        let hole = deal.hands.get(p).copied().unwrap_or_default();
        hole.iter().chain(deal.board).fold(empty, |a, &c| a.add(c))
    });
    let unseen = Unseen::new(&deal.unseen);
    let missing = deal.missing();
    deal.orbits().each(missing, &mut |prefix, rank, weight| {
        if tally.stop() {
            return;
        }
        let start = deal
            .unseen
            .partition_point(|c| usize::from(c.rank().index()) < rank);
        let hands = prefix.iter().fold(hands, |h, &c| add(&h, c));
        unseen.walk(&hands, missing - prefix.len(), start, weight, tally);
    });
    Ok(())
}

/// The unseen cards of one rank, by suit.
#[derive(Clone, Copy)]
struct RankGroup {
    /// The rank's index (0 = two .. 12 = ace).
    rank: u8,
    /// The card of each suit present (others hold a placeholder, never read).
    by_suit: [Card; 4],
    /// Bit `suit` for each card present.
    suits: u8,
}

/// The unseen cards in index order (rank by rank), grouped by rank.
struct Unseen<'a> {
    cards: &'a [Card],
    groups: Vec<RankGroup>,
    /// Per card: its group and the suits of the group's cards from it on.
    from: Vec<(usize, u8)>,
    /// Per group: the position of its first card in `cards`.
    starts: Vec<usize>,
}

impl<'a> Unseen<'a> {
    fn new(cards: &'a [Card]) -> Unseen<'a> {
        let mut groups: Vec<RankGroup> = Vec::with_capacity(DECK_SIZE / 4);
        let mut from = Vec::with_capacity(cards.len());
        let mut starts = Vec::with_capacity(DECK_SIZE / 4);
        for same_rank in cards.chunk_by(|a, b| a.rank() == b.rank()) {
            let Some(&head) = same_rank.first() else {
                continue;
            };
            let mut group = RankGroup {
                rank: head.rank().index(),
                by_suit: [head; 4],
                suits: 0,
            };
            for &c in same_rank {
                let s = c.suit().index();
                if let Some(slot) = group.by_suit.get_mut(usize::from(s)) {
                    *slot = c;
                }
                group.suits |= 1 << s;
            }
            for &c in same_rank {
                // This card's suit and the higher ones: the cards after it.
                let from_here = group.suits & !((1u8 << c.suit().index()) - 1);
                from.push((groups.len(), from_here));
            }
            starts.push(from.len() - same_rank.len());
            groups.push(group);
        }
        Unseen {
            cards,
            groups,
            from,
            starts,
        }
    }

    /// Deals `missing` more board cards from the cards `start..` (in index order,
    /// so each board once) to every hand in `hands`, each board counted `weight`
    /// times.
    fn walk<const N: usize>(
        &self,
        hands: &[Accum; N],
        missing: usize,
        start: usize,
        weight: u64,
        tally: &mut Tally,
    ) {
        match missing {
            0 => tally.record_boards(board_winners(hands, None), 0, weight),
            1 => self.last_card(hands, start, weight, tally),
            2 => self.turn_and_river(hands, start, weight, tally),
            _ => {
                // Leave enough cards for the levels below.
                let end = self.cards.len().saturating_sub(missing - 1);
                for (i, &c) in self.cards.iter().enumerate().take(end).skip(start) {
                    if tally.stop() {
                        return;
                    }
                    self.walk(&add(hands, c), missing - 1, i + 1, weight, tally);
                }
            }
        }
    }

    /// The last two board cards from the cards `start..`, the turn rank by rank (see
    /// the module docs); each board counted `weight` times.
    fn turn_and_river<const N: usize>(
        &self,
        hands: &[Accum; N],
        start: usize,
        weight: u64,
        tally: &mut Tally,
    ) {
        let Some(&(first, first_suits)) = self.from.get(start) else {
            return;
        };
        // The suits in which turn and river together can make a flush for someone.
        let live = hands.iter().fold(0u8, |m, h| m | h.suits_holding(3));
        let groups = self.groups.get(first..).unwrap_or_default();
        for (i, group) in groups.iter().enumerate() {
            let g = first + i;
            // The group's cards from `start` on, and where the group begins.
            let suits = if i == 0 { first_suits } else { group.suits };
            let Some(&group_start) = self.starts.get(g) else {
                continue;
            };
            // Turn cards in live suits: one at a time, every river after them.
            let mut one_by_one = suits & live;
            while one_by_one != 0 {
                let s = one_by_one.trailing_zeros();
                one_by_one &= one_by_one - 1;
                let before = group.suits & ((1u8 << s) - 1);
                let at = group_start + usize::from(suit_count(before));
                let turn = add(hands, suit_card(group, 1 << s));
                self.last_card(&turn, at + 1, weight, tally);
            }
            let plain = suits & !live;
            if plain == 0 {
                continue;
            }
            // Rivers of higher ranks: the same for every plain turn card of this rank.
            let plain_turn = add(hands, suit_card(group, plain));
            if let Some(&next_group) = self.starts.get(g + 1) {
                let same = u64::from(suit_count(plain)) * weight;
                self.last_card(&plain_turn, next_group, same, tally);
            }
            // Rivers of the turn's own rank, after it in suit order. In a plain suit
            // the river is plain too (no hand holds three of that suit, the turn is
            // of another): it changes every hand by its rank alone, one value for all
            // such pairs of the rank.
            let pairs = PAIRS[usize::from(suit_count(plain))];
            if pairs != 0 {
                let winners = plain_winners(&plain_turn, group.rank);
                tally.record_boards(winners, 0, pairs * weight);
            }
            // Rivers in live suits: one at a time.
            let live_rivers = suits & live;
            if live_rivers == 0 {
                continue;
            }
            let mut turns = plain;
            while turns != 0 {
                let s = turns.trailing_zeros();
                turns &= turns - 1;
                let mut rivers = live_rivers & !((2u8 << s) - 1);
                if rivers == 0 {
                    continue;
                }
                let turn = add(hands, suit_card(group, 1 << s));
                while rivers != 0 {
                    let river = suit_card(group, rivers);
                    rivers &= rivers - 1;
                    tally.record_boards(board_winners(&turn, Some(river)), 0, weight);
                }
            }
        }
    }

    /// The innermost level: the cards `start..` complete the board, rank by rank;
    /// each board counted `weight` times.
    fn last_card<const N: usize>(
        &self,
        hands: &[Accum; N],
        start: usize,
        weight: u64,
        tally: &mut Tally,
    ) {
        let Some(&(first, first_suits)) = self.from.get(start) else {
            return;
        };
        let flush_suits = hands.iter().fold(0u8, |m, h| m | h.flush_draw_suits());
        let groups = self.groups.get(first..).unwrap_or_default();
        for (i, group) in groups.iter().enumerate() {
            let suits = if i == 0 { first_suits } else { group.suits };
            let plain = suits & !flush_suits;
            if plain != 0 {
                tally.record_boards(
                    plain_winners(hands, group.rank),
                    0,
                    u64::from(suit_count(plain)) * weight,
                );
            }
            let mut flushing = suits & flush_suits;
            while flushing != 0 {
                let card = suit_card(group, flushing);
                flushing &= flushing - 1;
                tally.record_boards(board_winners(hands, Some(card)), 0, weight);
            }
        }
    }
}

/// Every hand plus `card`.
#[inline(always)]
fn add<const N: usize>(hands: &[Accum; N], card: Card) -> [Accum; N] {
    let mut next = *hands;
    for h in &mut next {
        *h = h.add(card);
    }
    next
}

/// How many suits `suits` holds (its low four bits): a table, as the Pi's build has
/// no population count instruction and this is counted for most turns and rivers.
#[inline(always)]
fn suit_count(suits: u8) -> u8 {
    const COUNTS: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
    COUNTS[usize::from(suits & 15)]
}

/// `PAIRS[n]`: the pairs of `n` cards (n choose 2, n up to four suits).
const PAIRS: [u64; 5] = [0, 0, 1, 3, 6];

/// The group's card of the lowest suit in `suits`.
#[inline(always)]
fn suit_card(group: &RankGroup, suits: u8) -> Card {
    let s = suits.trailing_zeros() as usize & 3;
    group.by_suit[s]
}

/// The winners on the board of `hands` completed by a card of `rank` in a suit no
/// hand can make a flush in.
#[inline(always)]
fn plain_winners<const N: usize>(hands: &[Accum; N], rank: u8) -> u16 {
    let mut values = [HandValue::NONE; N];
    for (v, h) in values.iter_mut().zip(hands) {
        *v = h.value_plus_plain(rank);
    }
    winners(&values, HandValue::NONE)
}

/// The winners on the board of `hands`, completed by `card` if given.
#[inline(always)]
fn board_winners<const N: usize>(hands: &[Accum; N], card: Option<Card>) -> u16 {
    // Loops, not `array::map`: that one is not inlined in the hot loop.
    let mut values = [HandValue::NONE; N];
    for (v, h) in values.iter_mut().zip(hands) {
        *v = match card {
            Some(c) => h.add(c).value(),
            None => h.value(),
        };
    }
    winners(&values, HandValue::NONE)
}
