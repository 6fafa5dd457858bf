//! The Hold'em evaluator side by side with rs_poker 5.0 (`SevenCardAccum`) and
//! aya_poker 0.1 (`Hand` + `poker_rank`), in one criterion group. Each library is
//! asked the same three questions a table asks (issue 18's method):
//!
//! - `*_sum`: the hand's value, summed (the core's raw speed);
//! - `*_categories`: the hand's category (high card .. straight flush), counted into
//!   a histogram (what a census or the display's hand name needs);
//! - `*_compare`: which of two hands wins (the showdown's question), counted.
//!
//! over two sets of hands:
//!
//! - `all_7`: all 133,784,560 seven-card hands, seven nested loops, each level adding
//!   one card to the library's incremental hand state;
//! - `random`: ten million pre-generated random seven-card hands, given as seven card
//!   indices each (as the shoe reports them), valued from scratch (`compare`: the
//!   hands taken in pairs, five million comparisons of two valuations).
//!
//! Card indices are converted to each library's card type before timing. Times are
//! the benchmark thread's CPU time (`common/thread_cpu.rs`; the load average is
//! printed before and after); throughput is in hands (elements) per CPU second. A
//! quick run:
//!
//! ```text
//! cargo bench -p host --bench eval -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};

use firmware::Card;
use host::money::eval::{random_seven_card_hands, Accum, Evaluator};

mod common;
use common::decks;
use common::thread_cpu::ThreadCpu;

const ALL_SEVEN: u64 = 133_784_560;
const RANDOM: usize = 10_000_000;

/// Every seven-card hand of `d`, built one card per loop level from `start` with
/// `add`; `leaf` sees each complete hand. Generic so each library's adder and leaf
/// are inlined into the same loops.
#[inline(always)]
fn enumerate<A: Copy, C: Copy>(
    d: &[C; 52],
    start: A,
    add: impl Fn(A, C) -> A,
    mut leaf: impl FnMut(A),
) {
    for i1 in 0..46 {
        let a1 = add(start, d[i1]);
        for i2 in i1 + 1..47 {
            let a2 = add(a1, d[i2]);
            for i3 in i2 + 1..48 {
                let a3 = add(a2, d[i3]);
                for i4 in i3 + 1..49 {
                    let a4 = add(a3, d[i4]);
                    for i5 in i4 + 1..50 {
                        let a5 = add(a4, d[i5]);
                        for i6 in i5 + 1..51 {
                            let a6 = add(a5, d[i6]);
                            for &c7 in &d[i6 + 1..] {
                                leaf(add(a6, c7));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The histogram's checksum, so nothing is optimised away.
fn checksum(h: &[u64; 16]) -> u64 {
    h.iter()
        .enumerate()
        .map(|(i, &n)| n.wrapping_mul(i as u64 + 1))
        .sum()
}

fn ours_add(a: Accum, c: Card) -> Accum {
    a.add(c)
}

fn rs_add(
    a: rs_poker::core::SevenCardAccum,
    c: rs_poker::core::Card,
) -> rs_poker::core::SevenCardAccum {
    a + c
}

fn aya_add(mut h: aya_poker::base::Hand, c: aya_poker::base::Card) -> aya_poker::base::Hand {
    h.insert_unchecked(&c);
    h
}

fn rs_rank(h: &[rs_poker::core::Card; 7]) -> rs_poker::core::Rank {
    let mut a = rs_poker::core::SevenCardAccum::new();
    for &c in h {
        a.add(c);
    }
    a.rank()
}

fn aya_rank(h: &[aya_poker::base::Card; 7]) -> aya_poker::PokerHandRank {
    let mut hand = aya_poker::base::Hand::new();
    for c in h {
        hand.insert_unchecked(c);
    }
    aya_poker::poker_rank(&hand)
}

fn bench(c: &mut Criterion<ThreadCpu>) {
    use aya_poker::base::Hand as AyaHand;
    use rs_poker::core::SevenCardAccum;
    let (ours, rs, aya) = decks();
    let indices = random_seven_card_hands(RANDOM, 0x5eed);
    let hands_ours: Vec<[Card; 7]> = indices
        .iter()
        .map(|h| h.map(|i| ours[i as usize]))
        .collect();
    let hands_rs: Vec<[rs_poker::core::Card; 7]> =
        indices.iter().map(|h| h.map(|i| rs[i as usize])).collect();
    let hands_aya: Vec<[aya_poker::base::Card; 7]> =
        indices.iter().map(|h| h.map(|i| aya[i as usize])).collect();
    drop(indices);
    let ev = Evaluator::get();

    let mut g = c.benchmark_group("eval");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(10));

    g.throughput(Throughput::Elements(ALL_SEVEN));
    g.bench_function("all_7_sum/ours", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            enumerate(black_box(&ours), Accum::new(), ours_add, |a| {
                sum += u64::from(a.value().get())
            });
            sum
        })
    });
    g.bench_function("all_7_sum/rs_poker", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            // The whole u16 score is not public; its low 12 bits (the sub-rank)
            // keep the lookup alive.
            enumerate(black_box(&rs), SevenCardAccum::new(), rs_add, |a| {
                sum += u64::from(a.rank().value_bits())
            });
            sum
        })
    });
    g.bench_function("all_7_sum/aya_poker", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            enumerate(black_box(&aya), AyaHand::new(), aya_add, |h| {
                sum += u64::from(aya_poker::poker_rank(&h).0)
            });
            sum
        })
    });
    g.bench_function("all_7_categories/ours", |b| {
        b.iter(|| {
            let mut h = [0u64; 16];
            enumerate(black_box(&ours), Accum::new(), ours_add, |a| {
                h[a.value().category() as usize] += 1
            });
            checksum(&h)
        })
    });
    g.bench_function("all_7_categories/rs_poker", |b| {
        b.iter(|| {
            let mut h = [0u64; 16];
            enumerate(black_box(&rs), SevenCardAccum::new(), rs_add, |a| {
                h[a.rank().category() as usize] += 1
            });
            checksum(&h)
        })
    });
    g.bench_function("all_7_categories/aya_poker", |b| {
        b.iter(|| {
            let mut h = [0u64; 16];
            enumerate(black_box(&aya), AyaHand::new(), aya_add, |x| {
                h[aya_poker::poker_rank(&x).rank_category() as usize] += 1
            });
            checksum(&h)
        })
    });

    g.throughput(Throughput::Elements(RANDOM as u64));
    g.bench_function("random_sum/ours", |b| {
        b.iter(|| {
            black_box(&hands_ours)
                .iter()
                .map(|h| u64::from(ev.value7(h).get()))
                .sum::<u64>()
        })
    });
    g.bench_function("random_sum/rs_poker", |b| {
        b.iter(|| {
            black_box(&hands_rs)
                .iter()
                .map(|h| u64::from(rs_rank(h).value_bits()))
                .sum::<u64>()
        })
    });
    g.bench_function("random_sum/aya_poker", |b| {
        b.iter(|| {
            black_box(&hands_aya)
                .iter()
                .map(|h| u64::from(aya_rank(h).0))
                .sum::<u64>()
        })
    });
    g.bench_function("random_categories/ours", |b| {
        b.iter(|| {
            let mut c = [0u64; 16];
            for h in black_box(&hands_ours) {
                c[ev.value7(h).category() as usize] += 1;
            }
            checksum(&c)
        })
    });
    g.bench_function("random_categories/rs_poker", |b| {
        b.iter(|| {
            let mut c = [0u64; 16];
            for h in black_box(&hands_rs) {
                c[rs_rank(h).category() as usize] += 1;
            }
            checksum(&c)
        })
    });
    g.bench_function("random_categories/aya_poker", |b| {
        b.iter(|| {
            let mut c = [0u64; 16];
            for h in black_box(&hands_aya) {
                c[aya_rank(h).rank_category() as usize] += 1;
            }
            checksum(&c)
        })
    });
    g.bench_function("random_compare/ours", |b| {
        b.iter(|| {
            black_box(&hands_ours)
                .chunks_exact(2)
                .filter(|p| ev.value7(&p[0]) > ev.value7(&p[1]))
                .count()
        })
    });
    g.bench_function("random_compare/rs_poker", |b| {
        b.iter(|| {
            black_box(&hands_rs)
                .chunks_exact(2)
                .filter(|p| rs_rank(&p[0]) > rs_rank(&p[1]))
                .count()
        })
    });
    g.bench_function("random_compare/aya_poker", |b| {
        b.iter(|| {
            black_box(&hands_aya)
                .chunks_exact(2)
                .filter(|p| aya_rank(&p[0]) > aya_rank(&p[1]))
                .count()
        })
    });
    g.finish();
}

fn main() {
    common::run(bench);
}
