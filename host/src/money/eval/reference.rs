//! The slow, obvious five-card classifier: sort, count, look. It is the
//! specification the fast evaluators are tested against (every seven-card value
//! must equal the best of its 21 five-card subsets classified here), and it is
//! what five-card draw uses, where speed does not matter.

use firmware::Card;

use super::layout::{
    pack, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH,
    THREE_OF_A_KIND, TWO_PAIR,
};

/// Rank indices (0 = two .. 12 = ace).
const TEN: u8 = 8;
const ACE: u8 = 12;

/// Classifies exactly five cards into a packed strength (see
/// [`pack`](super::layout::pack)): Hold'em category order (R-RANK-1) and
/// tie-break ranks (R-RANK-3).
///
/// `ace_seven_straight`: A-7-8-9-T is a straight, ten high, the lowest one
/// (PD-DECK `short_deck_low_straight`, 32-card deck only).
pub(crate) fn classify5(cards: &[Card; 5], ace_seven_straight: bool) -> u32 {
    let mut ranks = cards.map(|c| c.rank().index());
    ranks.sort_unstable_by(|a, b| b.cmp(a)); // highest first
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);

    // Straight: five distinct ranks in a row; the wheel A-5-4-3-2 is five high
    // (R-RANK-3), A-T-9-8-7 is ten high when the house plays it (PD-DECK).
    let straight_high = if !distinct {
        None
    } else if ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [ACE, 3, 2, 1, 0] {
        Some(3)
    } else if ace_seven_straight && ranks == [ACE, TEN, 7, 6, 5] {
        Some(TEN)
    } else {
        None
    };

    // Groups of equal rank, biggest group first, then higher rank first.
    let mut groups: Vec<(u8, u8)> = Vec::with_capacity(5); // (count, rank)
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let by_group: Vec<u8> = groups.iter().map(|g| g.1).collect();

    match (straight_high, flush, shape.as_slice()) {
        (Some(high), true, _) => pack(STRAIGHT_FLUSH, &[high]),
        (_, _, [4, 1]) => pack(FOUR_OF_A_KIND, &by_group),
        (_, _, [3, 2]) => pack(FULL_HOUSE, &by_group),
        (_, true, _) => pack(FLUSH, &ranks),
        (Some(high), false, _) => pack(STRAIGHT, &[high]),
        (_, _, [3, 1, 1]) => pack(THREE_OF_A_KIND, &by_group),
        (_, _, [2, 2, 1]) => pack(TWO_PAIR, &by_group),
        (_, _, [2, 1, 1, 1]) => pack(ONE_PAIR, &by_group),
        _ => pack(HIGH_CARD, &ranks),
    }
}

/// Every five-card subset of `cards` (indices into it), in lexicographic order.
pub(crate) fn five_card_subsets(n: usize) -> impl Iterator<Item = [usize; 5]> {
    (0..n).flat_map(move |a| {
        (a + 1..n).flat_map(move |b| {
            (b + 1..n).flat_map(move |c| {
                (c + 1..n).flat_map(move |d| (d + 1..n).map(move |e| [a, b, c, d, e]))
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five(s: &str) -> [Card; 5] {
        let mut out = [Card::from_index(0).unwrap(); 5];
        assert_eq!(Card::parse_many(s, &mut out), Ok(5));
        out
    }

    #[test]
    fn categories() {
        let cat = |s: &str| classify5(&five(s), false) >> 20;
        assert_eq!(cat("As Ks Qs Js Ts"), STRAIGHT_FLUSH);
        assert_eq!(cat("5h 4h 3h 2h Ah"), STRAIGHT_FLUSH);
        assert_eq!(cat("9c 9d 9h 9s 2c"), FOUR_OF_A_KIND);
        assert_eq!(cat("Kc Kd Kh Ts Tc"), FULL_HOUSE);
        assert_eq!(cat("Ah Jh 9h 8h 7h"), FLUSH);
        assert_eq!(cat("6c 5d 4h 3s 2c"), STRAIGHT);
        assert_eq!(cat("7c 7d 7h Ks 2c"), THREE_OF_A_KIND);
        assert_eq!(cat("Ac Ad 4h 4s 2c"), TWO_PAIR);
        assert_eq!(cat("Jc Jd 4h 8s 2c"), ONE_PAIR);
        assert_eq!(cat("Kc Jd 4h 8s 2c"), HIGH_CARD);
        assert_eq!(cat("Ac Td 9h 8s 7c"), HIGH_CARD);
        assert_eq!(
            classify5(&five("Ac Td 9h 8s 7c"), true),
            pack(STRAIGHT, &[TEN])
        );
        assert_eq!(classify5(&five("Kc Ad 2h 3s 4c"), false) >> 20, HIGH_CARD);
    }

    #[test]
    fn subsets_of_seven_are_21() {
        let all: Vec<_> = five_card_subsets(7).collect();
        assert_eq!(all.len(), 21);
        assert_eq!(all[0], [0, 1, 2, 3, 4]);
        assert_eq!(all[20], [2, 3, 4, 5, 6]);
        assert_eq!(five_card_subsets(5).count(), 1);
        assert_eq!(five_card_subsets(4).count(), 0);
    }
}
