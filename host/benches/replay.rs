//! PHH replay, parsing included (`host::records::replay::replay_texts`): the 2,500 PokerKit
//! hands of `tests/corpus/pokerkit-2500`, read from disk beforehand, each parsed from
//! its TOML text, turned into the engine's table and steps, played through the
//! firmware engine, and settled (pots, showdown, payout), one thread. Throughput is
//! in hands per second (the hands the engine plays to their end: 2,467 of the 2,500;
//! the others are refused as `replay-schema.md` says).
//!
//! A second benchmark times the same files end to end, as `tablectl replay --json`
//! runs and as PokerKit's `ref_replay.py` does: each file read, its hands replayed and
//! their JSON lines written (into memory).
//!
//! PokerKit 0.7.7 replays the same files at 36 to 69 hands a second on this
//! project's machine; `tablectl bench` measures both in one run and prints the ratios.
//! A quick run:
//!
//! ```text
//! cargo bench -p host --bench replay -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use host::records::replay::{phh_paths, phh_texts, replay_files_json, replay_texts};

fn replay(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/pokerkit-2500");
    let texts = phh_texts(&dir).expect("the committed PokerKit corpus");
    // One untimed pass: the hands counted, and the evaluator's tables built.
    let hands = replay_texts(&texts);
    assert!(hands > 2400, "{hands} hands replayed");
    let mut g = c.benchmark_group("phh_replay");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(hands));
    g.bench_function("pokerkit_2500_parse_and_replay", |b| {
        b.iter(|| black_box(replay_texts(black_box(&texts))))
    });
    let names: Vec<String> = phh_paths(&dir)
        .expect("the committed PokerKit corpus")
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    g.bench_function("pokerkit_2500_files_to_json", |b| {
        b.iter(|| black_box(replay_files_json(black_box(&names))))
    });
    g.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
