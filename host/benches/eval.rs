//! The Hold'em evaluator side by side with rs_poker 5.0 (`SevenCardAccum`) and
//! aya_poker 0.1 (`Hand` + `poker_rank`), in one criterion group. Each library is
//! asked the same questions on the same paths, by the code `tablectl bench` times
//! too ([`host::bench::peers`], whose docs give each path):
//!
//! - `enumerate_{sum,categories}`: all 133,784,560 seven-card hands, one card per
//!   loop level;
//! - `prebuilt_{sum,categories}`: ten million random hands already in each
//!   library's cards;
//! - `indices_{sum,categories}`: the same hands as seven card indices each, turned
//!   into the library's cards inside the timed loop (the table's path);
//! - `showdown`: five million deals of nine card indices, which of two hands wins
//!   (settlement's question), both built and valued inside the loop.
//!
//! `*_sum` sums the values (the core's raw speed), `*_categories` counts the
//! categories (what a census or the display's hand name needs). Ours is asked as
//! `ours` (a whole hand at once, `Evaluator::value7`), `ours_accum` (one card at a
//! time) and `ours_checked` (settlement's call, duplicates checked).
//!
//! Times are the benchmark thread's CPU time (`common/thread_cpu.rs`; the load
//! average is printed before and after); throughput is in hands (elements) per CPU
//! second. A quick run:
//!
//! ```text
//! cargo bench -p host --bench eval -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::Measurement;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};

use host::bench::peers::{
    self, count, indexed, AyaPoker, Census, Library, Ours, OursAccum, OursChecked, RsPoker,
};
use host::money::eval::{random_deals, random_seven_card_hands};

mod common;
use common::thread_cpu::ThreadCpu;

const ALL_SEVEN: u64 = 133_784_560;
const RANDOM: usize = 10_000_000;
const SHOWDOWNS: usize = 5_000_000;

/// The census's checksum, so nothing is optimised away.
fn checksum(h: &Census) -> u64 {
    h.iter()
        .enumerate()
        .map(|(i, &n)| n.wrapping_mul(i as u64 + 1))
        .sum()
}

fn enumeration<L: Library, M: Measurement>(g: &mut BenchmarkGroup<'_, M>) {
    let deck = L::deck();
    g.bench_function(format!("enumerate_sum/{}", L::ID), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            peers::enumerate::<L>(black_box(&deck), |v| sum += L::bits(v));
            sum
        })
    });
    g.bench_function(format!("enumerate_categories/{}", L::ID), |b| {
        b.iter(|| {
            let mut c = [0u64; 16];
            peers::enumerate::<L>(black_box(&deck), |v| count::<L>(&mut c, v));
            checksum(&c)
        })
    });
}

fn prebuilt<L: Library, M: Measurement>(g: &mut BenchmarkGroup<'_, M>, hands: &[[u8; 7]]) {
    let built = peers::built::<L>(hands);
    g.bench_function(format!("prebuilt_sum/{}", L::ID), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            peers::prebuilt::<L>(black_box(&built), |v| sum += L::bits(v));
            sum
        })
    });
    g.bench_function(format!("prebuilt_categories/{}", L::ID), |b| {
        b.iter(|| {
            let mut c = [0u64; 16];
            peers::prebuilt::<L>(black_box(&built), |v| count::<L>(&mut c, v));
            checksum(&c)
        })
    });
}

fn from_indices<L: Library, M: Measurement>(g: &mut BenchmarkGroup<'_, M>, hands: &[[u8; 7]]) {
    let deck = indexed::<L>();
    g.bench_function(format!("indices_sum/{}", L::ID), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            peers::from_indices::<L>(&deck, black_box(hands), |v| sum += L::bits(v));
            sum
        })
    });
    g.bench_function(format!("indices_categories/{}", L::ID), |b| {
        b.iter(|| {
            let mut c = [0u64; 16];
            peers::from_indices::<L>(&deck, black_box(hands), |v| count::<L>(&mut c, v));
            checksum(&c)
        })
    });
}

fn showdown<L: Library, M: Measurement>(g: &mut BenchmarkGroup<'_, M>, deals: &[[u8; 9]]) {
    let deck = indexed::<L>();
    g.bench_function(format!("showdown/{}", L::ID), |b| {
        b.iter(|| peers::showdown::<L>(&deck, black_box(deals)))
    });
}

fn bench(c: &mut Criterion<ThreadCpu>) {
    let hands = random_seven_card_hands(RANDOM, 0x5eed);
    let deals = random_deals::<9>(SHOWDOWNS, 0x5eed);

    let mut g = c.benchmark_group("eval");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(10));

    g.throughput(Throughput::Elements(ALL_SEVEN));
    enumeration::<Ours, _>(&mut g);
    enumeration::<RsPoker, _>(&mut g);
    enumeration::<AyaPoker, _>(&mut g);

    g.throughput(Throughput::Elements(RANDOM as u64));
    prebuilt::<Ours, _>(&mut g, &hands);
    prebuilt::<OursAccum, _>(&mut g, &hands);
    prebuilt::<RsPoker, _>(&mut g, &hands);
    prebuilt::<AyaPoker, _>(&mut g, &hands);

    from_indices::<Ours, _>(&mut g, &hands);
    from_indices::<OursAccum, _>(&mut g, &hands);
    from_indices::<OursChecked, _>(&mut g, &hands);
    from_indices::<RsPoker, _>(&mut g, &hands);
    from_indices::<AyaPoker, _>(&mut g, &hands);

    g.throughput(Throughput::Elements(2 * SHOWDOWNS as u64));
    showdown::<Ours, _>(&mut g, &deals);
    showdown::<OursChecked, _>(&mut g, &deals);
    showdown::<RsPoker, _>(&mut g, &deals);
    showdown::<AyaPoker, _>(&mut g, &deals);
    g.finish();
}

fn main() {
    common::run(bench);
}
