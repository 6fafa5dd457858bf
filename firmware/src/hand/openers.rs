//! Openers in five-card draw on the 32-card deck (R-DRAW-2): opening needs at least a
//! pair of kings. Checked from the hole cards the shoe read, at the moment of opening.

use crate::card::{Card, Rank};

/// Whether the five cards `hand` are openers: a pair of kings or better (a pair of
/// kings or aces, two pair, three of a kind, a straight, a flush or more). With
/// `ace_low_straight`, A-7-8-9-T is a straight (PD-DECK on the 32-card deck).
pub fn are_openers(hand: &[Card; 5], ace_low_straight: bool) -> bool {
    let mut counts = [0u8; 13];
    for c in hand {
        counts[c.rank() as usize] += 1;
    }
    let pairs = counts.iter().filter(|&&n| n >= 2).count();
    let high_pair = counts[Rank::King as usize] >= 2 || counts[Rank::Ace as usize] >= 2;
    let trips = counts.iter().any(|&n| n >= 3);
    let flush = hand.iter().all(|c| c.suit() == hand[0].suit());
    high_pair || pairs >= 2 || trips || flush || straight(&counts, ace_low_straight)
}

/// Five distinct ranks in a row (the ace high, or below the seven when allowed).
fn straight(counts: &[u8; 13], ace_low_straight: bool) -> bool {
    if counts.iter().any(|&n| n > 1) {
        return false;
    }
    let ranks: u16 = counts
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n == 1)
        .fold(0, |m, (r, _)| m | 1 << r);
    let run = ranks >> ranks.trailing_zeros();
    let low = (1 << Rank::Ace as u16)
        | (1 << Rank::Seven as u16)
        | (1 << Rank::Eight as u16)
        | (1 << Rank::Nine as u16)
        | (1 << Rank::Ten as u16);
    run == 0b1_1111 || (ace_low_straight && ranks == low)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five(s: &str) -> [Card; 5] {
        let mut cards = s.split(' ').map(|c| c.parse::<Card>().unwrap());
        core::array::from_fn(|_| cards.next().unwrap())
    }

    #[test]
    fn r_draw_2_a_pair_of_kings_or_better_opens() {
        for (hand, opens) in [
            ("Kh Kc 9d 8s 7h", true),
            ("Ah As 9d 8s 7h", true),
            ("Qh Qc 9d 8s 7h", false),
            ("Qh Qc 9d 9s 7h", true),
            ("7h 7c 7d As Kh", true),
            ("Ah Kh 9h 8h 7h", true),
            ("Jh Tc 9d 8s 7h", true),
            ("Ah Kc Qd Js Th", true),
            ("Ah Kc Qd Js 9h", false),
        ] {
            assert_eq!(are_openers(&five(hand), false), opens, "{hand}");
        }
        assert!(!are_openers(&five("Ah 7c 8d 9s Th"), false));
        assert!(are_openers(&five("Ah 7c 8d 9s Th"), true));
    }
}
