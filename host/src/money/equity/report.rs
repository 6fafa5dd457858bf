//! `tablectl bench`'s equity line: the heads-up preflop Hold'em case of the
//! criterion benchmark (`host/benches/equity.rs`), timed on one thread by the
//! thread's CPU time and by the wall clock: on a machine shared with other work the
//! wall clock also counts the waits for a core, the CPU time only the work.

use std::io::{self, Write};
use std::time::{Duration, Instant};

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
            writeln!(
                out,
                "equity, AhAs v KdKc preflop: CPU {:.2} ms, wall {:.2} ms for {} boards, one thread ({:.2}% / {:.2}% / {:.2}% tie)",
                best_cpu * 1e3,
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

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): the clock of this
/// line and of the criterion benchmarks (`host/benches/common/thread_cpu.rs`).
pub fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).unwrap_or(0);
    let nanos = u32::try_from(t.tv_nsec).unwrap_or(0);
    Duration::new(secs, nanos)
}
