//! Exact all-in equity (`host::money::equity::exact`), one thread, the cases the table
//! display meets:
//!
//! - `holdem_hu_preflop`: Ah As against Kd Kc, all 1,712,304 boards;
//! - `holdem_3way_flop`: three Hold'em hands on a flop, 903 boards;
//! - `omaha_hu_preflop` / `omaha8_hu_preflop`: two Omaha hands before the flop,
//!   all 1,086,008 boards, high only and hi/lo.
//!
//! Throughput is in boards per second. A quick run:
//!
//! ```text
//! cargo bench -p host --bench equity -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use firmware::{Card, Game};
use host::money::equity::exact;

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace()
        .map(|c| c.parse().expect("a card"))
        .collect()
}

/// A benchmark's name, game, hands and board.
type Case = (&'static str, Game, Vec<Vec<Card>>, Vec<Card>);

fn equity(c: &mut Criterion) {
    let cases: [Case; 4] = [
        (
            "holdem_hu_preflop",
            Game::Holdem,
            vec![cards("Ah As"), cards("Kd Kc")],
            vec![],
        ),
        (
            "holdem_3way_flop",
            Game::Holdem,
            vec![cards("Ah Kh"), cards("Qs Qd"), cards("Jc 9c")],
            cards("2h 7h Tc"),
        ),
        (
            "omaha_hu_preflop",
            Game::Omaha,
            vec![cards("Ah As Kh Qd"), cards("Jc Tc 9h 8h")],
            vec![],
        ),
        (
            "omaha8_hu_preflop",
            Game::OmahaHiLo,
            vec![cards("Ah 2s 3h Kd"), cards("Jc Tc 9h 8h")],
            vec![],
        ),
    ];
    let mut g = c.benchmark_group("equity");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    for (name, game, hands, board) in &cases {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let boards = exact(*game, &refs, board, &[])
            .expect("a valid case")
            .boards;
        g.throughput(Throughput::Elements(boards));
        g.bench_function(*name, |b| {
            b.iter(|| black_box(exact(*game, black_box(&refs), black_box(board), &[])))
        });
    }
    g.finish();
}

criterion_group!(benches, equity);
criterion_main!(benches);
