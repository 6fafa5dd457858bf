//! `tablectl bench`'s evaluator lines: the category census of all seven-card hands,
//! then the Hold'em evaluator's speed by the wall clock, on one thread.

use std::io::{self, Write};
use std::time::Instant;

use firmware::{Card, Rank, Suit};

use super::thousands;
use crate::money::eval::{
    category_counts_all_seven_card_hands, enumerate_all_seven_card_hands, random_seven_card_hands,
    Category, Evaluator,
};

/// The evaluator's report: the category census of all seven-card hands, one
/// line per category best first ("straight flush 41,584"), then the measured
/// speed of the Hold'em evaluator in million hands per second: enumerating all
/// seven-card hands one card per loop level ([`Accum`](crate::money::eval::Accum)), and ten million random
/// hands given as seven card indices ([`Evaluator::value7`]).
pub fn report(out: &mut impl Write) -> io::Result<()> {
    let counts = category_counts_all_seven_card_hands();
    for (category, n) in Category::BEST_FIRST.iter().zip(counts) {
        writeln!(out, "{} {}", category.lower_name(), thousands(n))?;
    }
    let total: u64 = counts.iter().sum();

    let start = Instant::now();
    let mut sum = 0u64;
    enumerate_all_seven_card_hands(0..52, |v| sum += u64::from(v.get()));
    let secs = start.elapsed().as_secs_f64();
    std::hint::black_box(sum);
    writeln!(
        out,
        "enumeration, one card per loop level: {:.1} M hands/s ({} hands, one thread)",
        total as f64 / secs / 1e6,
        thousands(total)
    )?;

    const RANDOM: usize = 10_000_000;
    let ev = Evaluator::get();
    let hands: Vec<[Card; 7]> = random_seven_card_hands(RANDOM, 0x5eed)
        .iter()
        .map(|h| h.map(|i| Card::from_index(i).unwrap_or(Card::new(Rank::Two, Suit::Spades))))
        .collect();
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let sum: u64 = hands.iter().map(|h| u64::from(ev.value7(h).get())).sum();
        std::hint::black_box(sum);
        best = best.min(start.elapsed().as_secs_f64());
    }
    writeln!(
        out,
        "random hands from card indices: {:.1} M hands/s ({} hands, one thread)",
        RANDOM as f64 / best / 1e6,
        thousands(RANDOM as u64)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tablectl bench` opens with these lines; a reader compares them run to run.
    #[test]
    fn the_report_names_each_category_then_the_two_speeds() {
        let mut out = Vec::new();
        report(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11, "{text}");
        assert_eq!(lines[0], "straight flush 41,584");
        assert_eq!(lines[8], "high card 23,294,460");
        assert!(
            lines[9].starts_with("enumeration, one card per loop level: ")
                && lines[9].ends_with(" M hands/s (133,784,560 hands, one thread)"),
            "{}",
            lines[9]
        );
        assert!(
            lines[10].starts_with("random hands from card indices: ")
                && lines[10].ends_with(" M hands/s (10,000,000 hands, one thread)"),
            "{}",
            lines[10]
        );
    }
}
