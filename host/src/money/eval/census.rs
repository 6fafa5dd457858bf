//! Whole-deck enumeration, the category census and random hands: the work that
//! `tablectl bench` and the criterion benchmarks time (`crate::bench`), kept here
//! beside the evaluator they exercise; nothing here reads a clock.

use firmware::{Card, CardSet, Rank, Suit};
use hardware::rng::XorShift;

use super::{Accum, Category, HandValue};

/// The 52 cards in index order (rank * 4 + suit): the deck every enumeration and
/// benchmark of the evaluator walks.
pub fn index_deck() -> [Card; 52] {
    let mut deck = [Card::new(Rank::Two, Suit::Spades); 52];
    for (slot, c) in deck.iter_mut().zip(CardSet::deck(false).iter()) {
        *slot = c;
    }
    deck
}

/// Calls `f` with the value of each of the 133,784,560 seven-card hands of the
/// 52-card deck, adding one card per loop level to an [`Accum`] (cards in index
/// order). Only hands whose lowest card index is in `first` are visited, so
/// that the work can be split; pass `0..52` for all.
pub fn enumerate_all_seven_card_hands(
    first: core::ops::Range<usize>,
    mut f: impl FnMut(HandValue),
) {
    let d = index_deck();
    let a0 = Accum::new();
    for i1 in first.start..first.end.min(46) {
        let a1 = a0.add(d[i1]);
        for i2 in i1 + 1..47 {
            let a2 = a1.add(d[i2]);
            for i3 in i2 + 1..48 {
                let a3 = a2.add(d[i3]);
                for i4 in i3 + 1..49 {
                    let a4 = a3.add(d[i4]);
                    for i5 in i4 + 1..50 {
                        let a5 = a4.add(d[i5]);
                        for i6 in i5 + 1..51 {
                            let a6 = a5.add(d[i6]);
                            for &c7 in &d[i6 + 1..] {
                                f(a6.add(c7).value());
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The number of seven-card hands (of all 133,784,560) whose best five cards
/// fall in each category, best category first ([`Category::BEST_FIRST`]):
/// 41,584 straight flushes .. 23,294,460 high-card hands. Uses every core.
pub fn category_counts_all_seven_card_hands() -> [u64; 9] {
    // The first card's index splits the work; hands per first card fall steeply,
    // so deal the first cards out round-robin.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let per_value: Vec<[u64; 8192]> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut hist = [0u64; 8192];
                    for i1 in (t..46).step_by(threads) {
                        enumerate_all_seven_card_hands(i1..i1 + 1, |v| {
                            hist[v.get() as usize & 8191] += 1;
                        });
                    }
                    hist
                })
            })
            .collect();
        workers.into_iter().filter_map(|w| w.join().ok()).collect()
    });
    let mut counts = [0u64; 9];
    for hist in &per_value {
        for (v, &n) in hist.iter().enumerate() {
            let value = HandValue(v as u16);
            let slot = Category::BEST_FIRST
                .iter()
                .position(|&c| c == value.category())
                .unwrap_or(8);
            counts[slot] += n;
        }
    }
    counts
}

/// `n` random seven-card hands as card indices (0..52, distinct within a hand),
/// the way the controller receives them from the shoe; reproducible from `seed`.
pub fn random_seven_card_hands(n: usize, seed: u64) -> Vec<[u8; 7]> {
    random_deals::<7>(n, seed)
}

/// `n` random deals of `N` distinct card indices (0..52) each, the same for the
/// same `seed`: the benchmarks' showdowns (two hands of two and a board of five).
pub fn random_deals<const N: usize>(n: usize, seed: u64) -> Vec<[u8; N]> {
    let mut rng = XorShift::new(seed);
    (0..n)
        .map(|_| {
            let mut deal = [0u8; N];
            let mut taken = 0u64;
            let mut i = 0;
            while i < N.min(52) {
                let c = ((u64::from(rng.next_u32()) * 52) >> 32) as u8;
                if taken & 1 << c == 0 {
                    taken |= 1 << c;
                    deal[i] = c;
                    i += 1;
                }
            }
            deal
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_hands_are_seven_distinct_cards() {
        let hands = random_seven_card_hands(10_000, 1);
        assert!(hands.iter().all(
            |h| h.iter().fold(0u64, |m, &c| m | 1 << c).count_ones() == 7
                && h.iter().all(|&c| c < 52)
        ));
        assert_eq!(hands, random_seven_card_hands(10_000, 1));
    }

    #[test]
    fn category_counts_of_all_133_784_560_seven_card_hands() {
        assert_eq!(
            category_counts_all_seven_card_hands(),
            [
                41_584, 224_848, 3_473_184, 4_047_644, 6_180_020, 6_461_620, 31_433_400,
                58_627_800, 23_294_460
            ]
        );
    }
}
