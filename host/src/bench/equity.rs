//! `tablectl bench`'s equity line: the heads-up preflop Hold'em case of the
//! criterion benchmark (`host/benches/equity.rs`), timed on one thread by the
//! thread's CPU time and by the wall clock: on a machine shared with other work the
//! wall clock also counts the waits for a core, the CPU time only the work.
//!
//! rs_poker 5.0 is asked the same question in the same run, the plain way (it has
//! no exact equity): every board dealt in five nested loops, one card per level
//! added to each hand's `SevenCardAccum`, both hands valued and the winner
//! counted. Its counts are checked against ours before its time is written.

use std::io::{self, Write};
use std::time::Instant;

use firmware::config::DECK_SIZE;
use firmware::{Card, Game, Rank, Suit};

use super::{thousands, thread_cpu};
use crate::money::equity::{exact, Equity};

/// Times [`exact`] for Ah As against Kd Kc before the flop (every one of the
/// 1,712,304 boards), best of five runs, and writes one line with the figures.
pub fn report(out: &mut impl Write) -> io::Result<()> {
    let aces = [
        Card::new(Rank::Ace, Suit::Hearts),
        Card::new(Rank::Ace, Suit::Spades),
    ];
    let kings = [
        Card::new(Rank::King, Suit::Diamonds),
        Card::new(Rank::King, Suit::Clubs),
    ];
    let hands: [&[Card]; 2] = [&aces, &kings];
    let (mut best, mut best_cpu) = (f64::INFINITY, f64::INFINITY);
    let mut last = None;
    for _ in 0..5 {
        let (start, start_cpu) = (Instant::now(), thread_cpu());
        let report = exact(Game::Holdem, &hands, &[], &[]);
        best = best.min(start.elapsed().as_secs_f64());
        best_cpu = best_cpu.min(thread_cpu().saturating_sub(start_cpu).as_secs_f64());
        last = Some(report);
    }
    match last {
        Some(Ok(r)) => {
            let pct = |n: u64| 100.0 * n as f64 / r.boards.max(1) as f64;
            let (a, k) = (r.players.first(), r.players.get(1));
            let wins = |e: Option<&Equity>| e.map_or(0, |e| e.wins);
            let counts = [wins(a), wins(k), a.map_or(0, |e| e.ties)];
            writeln!(
                out,
                "equity, AhAs v KdKc preflop: CPU {:.2} ms, wall {:.2} ms for {} boards, one thread ({:.2}% / {:.2}% / {:.2}% tie)",
                best_cpu * 1e3,
                best * 1e3,
                thousands(r.boards),
                pct(a.map_or(0, |e| e.wins)),
                pct(k.map_or(0, |e| e.wins)),
                pct(a.map_or(0, |e| e.ties)),
            )?;
            rs_poker_line(out, &hands, counts)
        }
        Some(Err(e)) => writeln!(out, "equity: {e}"),
        None => Ok(()),
    }
}

/// The same boards counted by rs_poker (module docs), best of five runs; a line
/// with its CPU and wall times, or saying that its counts differ from `ours`
/// (boards won by the first hand, by the second, tied).
fn rs_poker_line(out: &mut impl Write, hands: &[&[Card]; 2], ours: [u64; 3]) -> io::Result<()> {
    use rs_poker::core::{Card as RsCard, SevenCardAccum, Suit as RsSuit, Value};
    let rs = |c: Card| {
        let suit = match c.suit() {
            Suit::Spades => RsSuit::Spade,
            Suit::Hearts => RsSuit::Heart,
            Suit::Diamonds => RsSuit::Diamond,
            Suit::Clubs => RsSuit::Club,
        };
        RsCard::new(Value::from(c.rank().index()), suit)
    };
    let held = |c: &Card| hands.iter().any(|h| h.contains(c));
    let deck: Vec<RsCard> = (0..DECK_SIZE as u8)
        .filter_map(Card::from_index)
        .filter(|c| !held(c))
        .map(rs)
        .collect();
    let start = hands.map(|h| h.iter().fold(SevenCardAccum::new(), |a, &c| a + rs(c)));
    let count = || {
        let mut n = [0u64; 3];
        let d = &deck;
        for i1 in 0..d.len() {
            let a1 = start.map(|a| a + d[i1]);
            for i2 in i1 + 1..d.len() {
                let a2 = a1.map(|a| a + d[i2]);
                for i3 in i2 + 1..d.len() {
                    let a3 = a2.map(|a| a + d[i3]);
                    for i4 in i3 + 1..d.len() {
                        let a4 = a3.map(|a| a + d[i4]);
                        for &c5 in &d[i4 + 1..] {
                            let [x, y] = a4.map(|a| (a + c5).rank());
                            n[match x.cmp(&y) {
                                core::cmp::Ordering::Greater => 0,
                                core::cmp::Ordering::Less => 1,
                                core::cmp::Ordering::Equal => 2,
                            }] += 1;
                        }
                    }
                }
            }
        }
        n
    };
    let (mut best, mut best_cpu, mut counts) = (f64::INFINITY, f64::INFINITY, [0; 3]);
    for _ in 0..5 {
        let (start, start_cpu) = (Instant::now(), thread_cpu());
        counts = std::hint::black_box(count());
        best = best.min(start.elapsed().as_secs_f64());
        best_cpu = best_cpu.min(thread_cpu().saturating_sub(start_cpu).as_secs_f64());
    }
    if counts != ours {
        return writeln!(
            out,
            "equity, rs_poker 5.0: its counts {counts:?} differ from ours {ours:?}, not timed"
        );
    }
    writeln!(
        out,
        "equity, rs_poker 5.0 (every board dealt, SevenCardAccum): CPU {:.2} ms, wall {:.2} ms, one thread",
        best_cpu * 1e3,
        best * 1e3,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_line_names_the_case_and_its_figures() {
        let mut out = Vec::new();
        report(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let [line, peer] = lines[..] else {
            panic!("two lines expected: {text}")
        };
        assert!(
            line.starts_with("equity, AhAs v KdKc preflop: CPU "),
            "{line}"
        );
        assert!(line.contains(" ms, wall "), "{line}");
        assert!(
            line.ends_with("ms for 1,712,304 boards, one thread (81.06% / 18.55% / 0.38% tie)"),
            "{line}"
        );
        // rs_poker's counts agreed with ours, so it was timed.
        assert!(
            peer.starts_with("equity, rs_poker 5.0 (every board dealt, SevenCardAccum): CPU "),
            "{peer}"
        );
        assert!(peer.contains(" ms, wall "), "{peer}");
    }
}
