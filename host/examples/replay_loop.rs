//! Replays the committed PokerKit corpus in a loop, parsing included, so a profiler
//! (`perf record`, `valgrind --tool=callgrind`) sees where a hand's time goes.
//! `cargo run -p host --release --example replay_loop [ROUNDS] [DIR]`.

use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(20);
    let dir = PathBuf::from(
        args.next()
            .unwrap_or_else(|| "tests/corpus/pokerkit-2500".into()),
    );
    let texts = host::records::replay::phh_texts(&dir).unwrap_or_default();
    // One round untimed: the evaluator builds its tables on first use.
    host::records::replay::replay_texts(&texts);
    let start = std::time::Instant::now();
    let mut replayed = 0u64;
    for _ in 0..rounds {
        replayed += host::records::replay::replay_texts(&texts);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{replayed} hands in {secs:.3} s: {:.0} hands/s",
        replayed as f64 / secs
    );
}
