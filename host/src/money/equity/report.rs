//! `tablectl bench`'s equity line: the heads-up preflop Hold'em case of the
//! criterion benchmark (`host/benches/equity.rs`), timed on one thread.

use std::io::{self, Write};
use std::time::Instant;

use firmware::{Card, Game, Rank, Suit};

use super::exact;
use crate::money::eval::thousands;

/// Times [`exact`] for Ah As against Kd Kc before the flop (every one of the
/// 1,712,304 boards), best of five runs, and writes one line with the figures.
pub fn bench_report(out: &mut impl Write) -> io::Result<()> {
    let aces = [
        Card::new(Rank::Ace, Suit::Hearts),
        Card::new(Rank::Ace, Suit::Spades),
    ];
    let kings = [
        Card::new(Rank::King, Suit::Diamonds),
        Card::new(Rank::King, Suit::Clubs),
    ];
    let hands: [&[Card]; 2] = [&aces, &kings];
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..5 {
        let start = Instant::now();
        let report = exact(Game::Holdem, &hands, &[], &[]);
        best = best.min(start.elapsed().as_secs_f64());
        last = Some(report);
    }
    match last {
        Some(Ok(r)) => {
            let pct = |n: u64| 100.0 * n as f64 / r.boards.max(1) as f64;
            let (a, k) = (r.players.first(), r.players.get(1));
            writeln!(
                out,
                "equity, AhAs v KdKc preflop: {:.1} ms for {} boards, one thread ({:.2}% / {:.2}% / {:.2}% tie)",
                best * 1e3,
                thousands(r.boards),
                pct(a.map_or(0, |e| e.wins)),
                pct(k.map_or(0, |e| e.wins)),
                pct(a.map_or(0, |e| e.ties)),
            )
        }
        Some(Err(e)) => writeln!(out, "equity: {e}"),
        None => Ok(()),
    }
}
