//! Suit symmetry: boards that differ only by a swap of suits nobody can tell apart
//! are dealt once and counted as many times as they occur.
//!
//! A hand's value depends on its ranks and on which of its cards share a suit, never
//! on which suit that is (R-DECK-1: all suits are equal). So if a permutation of the
//! suits maps every player's hole cards to themselves, the known board to itself and
//! the unseen cards to themselves, it maps each possible board to one with exactly
//! the same winners. With Ah As against Kd Kc (or Kh Ks), hearts may swap with
//! spades and clubs with diamonds; with Ah Ks against Kh As, only clubs with
//! diamonds. Every board is worth the same as the other boards of its orbit under
//! those permutations (the *group*), so one board per orbit is dealt, weighted by the
//! orbit's size. The counts stay exact: the weights add up to every board.
//!
//! The boards are built rank by rank, lowest first: at each rank, one suit subset per
//! orbit of the permutations that still fix what was chosen below it (the
//! stabiliser), each weighted by its orbit's size. As soon as only the identity fixes
//! the cards chosen so far, every completion from the next rank on is its own orbit:
//! the caller deals those with its ordinary loops; likewise, for speed, once only
//! [`HANDOFF_MISSING`] cards are left to choose. A situation with no symmetry (most
//! Omaha hands, any hand using all four suits) goes to the ordinary loops at once, and
//! so does any board missing only the turn and the river.

use firmware::config::MAX_BOARD_CARDS;
use firmware::Card;

/// Ranks in the deck (two .. ace).
pub(super) const RANKS: usize = 13;
/// Suits in the deck.
const SUITS: usize = 4;
/// Permutations of the four suits.
const PERMS: usize = 24;
/// Suit subsets of one rank (a bit per suit).
const SUBSETS: usize = 1 << SUITS;

/// Every permutation of the suits, as where each suit goes; the identity first.
const PERM_TABLE: [[u8; SUITS]; PERMS] = {
    let mut out = [[0u8; SUITS]; PERMS];
    let mut n = 0;
    let mut a = 0;
    while a < SUITS {
        let mut b = 0;
        while b < SUITS {
            let mut c = 0;
            while c < SUITS {
                if a != b && b != c && a != c {
                    let d = 6 - a - b - c;
                    out[n] = [a as u8, b as u8, c as u8, d as u8];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// Per permutation: the image of each suit subset.
static SUBSET_MAPS: [[u8; SUBSETS]; PERMS] = {
    let mut out = [[0u8; SUBSETS]; PERMS];
    let mut p = 0;
    while p < PERMS {
        let mut m = 0;
        while m < SUBSETS {
            let mut image = 0u8;
            let mut s = 0;
            while s < SUITS {
                if m & (1 << s) != 0 {
                    image |= 1 << PERM_TABLE[p][s];
                }
                s += 1;
            }
            out[p][m] = image;
            m += 1;
        }
        p += 1;
    }
    out
};

/// With this many board cards or fewer still to choose, the rest is dealt by the
/// caller's loops even while symmetries remain: each of those boards is then dealt
/// for every board of its orbit, which stays exact (the prefix's weight counts the
/// prefixes it stands for, and every completion of each is the image of one of its
/// own). Going deeper makes many small calls that lose the loops' own sharing. Ah As
/// against Kd Kc: 1,390 calls and 666,908 boards dealt instead of 1,712,304, the
/// fastest of 0 to 4 (1.34 ms of CPU; 0: 7.2 ms, 2: 1.44 ms, 4: 1.63 ms).
const HANDOFF_MISSING: usize = 3;

/// A set of permutations, bit `p` for `PERM_TABLE[p]`.
type Perms = u32;
/// The identity alone: no symmetry left.
const IDENTITY: Perms = 1;

/// The suits of a card set, rank by rank (a suit subset per rank).
fn by_rank<'a>(cards: impl IntoIterator<Item = &'a Card>) -> [u8; RANKS] {
    let mut out = [0u8; RANKS];
    for c in cards {
        if let Some(r) = out.get_mut(usize::from(c.rank().index())) {
            *r |= 1 << c.suit().index();
        }
    }
    out
}

/// Whether permutation `p` maps the card set (suits by rank) to itself.
fn fixes(p: usize, set: &[u8; RANKS]) -> bool {
    let Some(map) = SUBSET_MAPS.get(p) else {
        return false;
    };
    set.iter()
        .all(|&m| map.get(usize::from(m)).copied() == Some(m))
}

/// The boards of a deal, one per orbit of its suit symmetries.
pub(super) struct Orbits {
    /// The unseen cards' suits, rank by rank.
    unseen: [u8; RANKS],
    /// The permutations fixing every hand, the known board and the unseen cards.
    group: Perms,
}

impl Orbits {
    /// The symmetries of a deal: `hands`, the known `board` and the `unseen` cards.
    pub(super) fn new(hands: &[&[Card]], board: &[Card], unseen: &[Card]) -> Orbits {
        let unseen = by_rank(unseen);
        let mut sets: Vec<[u8; RANKS]> = hands.iter().map(|h| by_rank(h.iter())).collect();
        sets.push(by_rank(board));
        sets.push(unseen);
        let group = (0..PERMS)
            .filter(|&p| sets.iter().all(|s| fixes(p, s)))
            .fold(0, |g, p| g | (1 << p));
        Orbits { unseen, group }
    }

    /// No symmetry used: every board dealt by the caller's loops.
    pub(super) fn none(unseen: &[Card]) -> Orbits {
        Orbits {
            unseen: by_rank(unseen),
            group: IDENTITY,
        }
    }

    /// Calls `deal(prefix, rank, weight)` for boards of `missing` cards: the caller
    /// deals `prefix` (lowest rank first) completed by every choice of the other
    /// cards among the unseen cards of `rank` and above, each board counted `weight`
    /// times. Over all the calls every board is counted exactly once, either itself
    /// or as a board of its orbit.
    pub(super) fn each(&self, missing: usize, deal: &mut impl FnMut(&[Card], usize, u64)) {
        let mut prefix = Prefix::default();
        self.descend(0, self.group, &mut prefix, missing, 1, deal);
    }

    fn descend(
        &self,
        rank: usize,
        group: Perms,
        prefix: &mut Prefix,
        missing: usize,
        weight: u64,
        deal: &mut impl FnMut(&[Card], usize, u64),
    ) {
        if group == IDENTITY || missing <= HANDOFF_MISSING {
            deal(prefix.cards(), rank, weight);
            return;
        }
        let Some(&avail) = self.unseen.get(rank) else {
            return;
        };
        // Every subset of the rank's unseen suits, the empty one last.
        let mut subset = avail;
        loop {
            if let Some((fixing, orbit)) = representative(group, subset) {
                let take = subset.count_ones() as usize;
                if take <= missing && prefix.push(rank, subset) {
                    self.descend(
                        rank + 1,
                        fixing,
                        prefix,
                        missing - take,
                        weight * orbit,
                        deal,
                    );
                    prefix.pop(take);
                }
            }
            if subset == 0 {
                break;
            }
            subset = (subset - 1) & avail;
        }
    }
}

/// If `subset` is the least of its orbit under `group`: the permutations of `group`
/// fixing it and its orbit's size.
fn representative(group: Perms, subset: u8) -> Option<(Perms, u64)> {
    let mut fixing = 0;
    let mut perms = group;
    while perms != 0 {
        let p = perms.trailing_zeros() as usize;
        perms &= perms - 1;
        let image = SUBSET_MAPS
            .get(p)
            .and_then(|m| m.get(usize::from(subset)))
            .copied()?;
        if image < subset {
            return None;
        }
        if image == subset {
            fixing |= 1 << p;
        }
    }
    Some((
        fixing,
        u64::from(group.count_ones() / fixing.count_ones().max(1)),
    ))
}

/// The board cards chosen so far, lowest rank first (room for a whole board made
/// once, so choosing a card never allocates).
struct Prefix(Vec<Card>);

impl Default for Prefix {
    fn default() -> Self {
        Prefix(Vec::with_capacity(MAX_BOARD_CARDS))
    }
}

impl Prefix {
    /// Adds the cards of `rank` in `suits`, lowest suit first; false (nothing
    /// added) if they would not fit on a board.
    fn push(&mut self, rank: usize, suits: u8) -> bool {
        if self.0.len() + suits.count_ones() as usize > MAX_BOARD_CARDS {
            return false;
        }
        let mut left = suits;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            if let Some(card) = u8::try_from(rank * SUITS + s)
                .ok()
                .and_then(Card::from_index)
            {
                self.0.push(card);
            }
        }
        true
    }

    /// Takes the last `n` cards off.
    fn pop(&mut self, n: usize) {
        self.0.truncate(self.0.len().saturating_sub(n));
    }

    fn cards(&self) -> &[Card] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;

    fn orbits(hands: &[&str]) -> Orbits {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let seen: Vec<Card> = hands.iter().flatten().copied().collect();
        let unseen: Vec<Card> = (0..52)
            .filter_map(Card::from_index)
            .filter(|c| !seen.contains(c))
            .collect();
        Orbits::new(&refs, &[], &unseen)
    }

    /// Every board the calls stand for, with their weights.
    fn weights(o: &Orbits, missing: usize) -> (u64, usize) {
        let (mut boards, mut calls) = (0u64, 0usize);
        o.each(missing, &mut |prefix, rank, weight| {
            let rest = o.unseen.iter().skip(rank).map(|m| m.count_ones() as u64);
            let n: u64 = rest.sum();
            let k = (missing - prefix.len()) as u64;
            let choose = (0..k).fold(1u64, |acc, i| acc * n.saturating_sub(i) / (i + 1));
            boards += weight * choose;
            calls += 1;
        });
        (boards, calls)
    }

    #[test]
    fn the_groups_of_common_all_ins() {
        assert_eq!(orbits(&["Ah As", "Kd Kc"]).group.count_ones(), 4);
        // Hearts with spades (each pair to itself), clubs with diamonds.
        assert_eq!(orbits(&["Ah As", "Kh Ks"]).group.count_ones(), 4);
        assert_eq!(orbits(&["Ah Ks", "Kh As"]).group.count_ones(), 2);
        assert_eq!(orbits(&["Ah Kh", "Qh Jh"]).group.count_ones(), 6);
        assert_eq!(orbits(&["Ah Kd", "Qs Jc"]).group, IDENTITY);
    }

    #[test]
    fn the_weights_add_up_to_every_board() {
        for hands in [
            ["Ah As", "Kd Kc"],
            ["Ah As", "Kh Ks"],
            ["Ah Kh", "Qh Jh"],
            ["Ah Kd", "Qs Jc"],
            ["2c 2d", "3h 3s"],
        ] {
            let o = orbits(&hands);
            for missing in 0..=5 {
                let all = (0..missing as u64).fold(1u64, |acc, i| acc * (48 - i) / (i + 1));
                assert_eq!(weights(&o, missing).0, all, "{hands:?} {missing}");
            }
        }
    }

    #[test]
    fn no_symmetry_deals_every_board_in_one_call() {
        assert_eq!(weights(&orbits(&["Ah Kd", "Qs Jc"]), 5), (1_712_304, 1));
    }
}
