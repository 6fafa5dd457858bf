//! The Hold'em evaluator side by side with rs_poker 5.0 (`SevenCardAccum`) and
//! aya_poker 0.1 (`Hand` + `poker_rank`), in one criterion group:
//!
//! - `enumerate_all_7/*`: all 133,784,560 seven-card hands, seven nested loops,
//!   each level adding one card to the library's incremental hand state;
//! - `random_10M/*`: ten million pre-generated random seven-card hands, given as
//!   seven card indices each (as the shoe reports them), valued from scratch.
//!
//! Card indices are converted to each library's card type before timing. Each
//! benchmark sums the hand values so none can be optimised away. Throughput is
//! in hands (elements) per second. A quick run:
//!
//! ```text
//! cargo bench -p host --bench eval -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

use firmware::{Card, Rank, Suit};
use host::money::eval::{random_seven_card_hands, Accum, Evaluator};

const ALL_SEVEN: u64 = 133_784_560;
const RANDOM: usize = 10_000_000;

/// Our cards, rs_poker's and aya_poker's, by our card index (rank * 4 + suit;
/// suits s, h, d, c).
fn decks() -> (
    [Card; 52],
    [rs_poker::core::Card; 52],
    [aya_poker::base::Card; 52],
) {
    use aya_poker::base as aya;
    use rs_poker::core as rs;
    let ours: [Card; 52] = std::array::from_fn(|i| Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]));
    let rs: [rs::Card; 52] = std::array::from_fn(|i| {
        let suit = [
            rs::Suit::Spade,
            rs::Suit::Heart,
            rs::Suit::Diamond,
            rs::Suit::Club,
        ][i % 4];
        rs::Card::new(rs::Value::from((i / 4) as u8), suit)
    });
    // aya_poker's CARDS are rank * 4 + suit with suits c, d, h, s.
    let aya: [aya::Card; 52] = std::array::from_fn(|i| aya::CARDS[i / 4 * 4 + 3 - i % 4]);
    (ours, rs, aya)
}

fn enumerate_ours(d: &[Card; 52]) -> u64 {
    let mut sum = 0u64;
    let a0 = Accum::new();
    for i1 in 0..46 {
        let a1 = a0.add(d[i1]);
        for i2 in i1 + 1..47 {
            let a2 = a1.add(d[i2]);
            for i3 in i2 + 1..48 {
                let a3 = a2.add(d[i3]);
                for i4 in i3 + 1..49 {
                    let a4 = a3.add(d[i4]);
                    for i5 in i4 + 1..50 {
                        let a5 = a4.add(d[i5]);
                        for i6 in i5 + 1..51 {
                            let a6 = a5.add(d[i6]);
                            for &c7 in &d[i6 + 1..] {
                                sum += u64::from(a6.add(c7).value().get());
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

fn enumerate_rs_poker(d: &[rs_poker::core::Card; 52]) -> u64 {
    use rs_poker::core::SevenCardAccum;
    let mut sum = 0u64;
    let a0 = SevenCardAccum::new();
    for i1 in 0..46 {
        let a1 = a0 + d[i1];
        for i2 in i1 + 1..47 {
            let a2 = a1 + d[i2];
            for i3 in i2 + 1..48 {
                let a3 = a2 + d[i3];
                for i4 in i3 + 1..49 {
                    let a4 = a3 + d[i4];
                    for i5 in i4 + 1..50 {
                        let a5 = a4 + d[i5];
                        for i6 in i5 + 1..51 {
                            let a6 = a5 + d[i6];
                            for &c7 in &d[i6 + 1..] {
                                // The whole u16 score is not public; its low 12
                                // bits (the sub-rank) keep the lookup alive.
                                sum += u64::from((a6 + c7).rank().value_bits());
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

fn enumerate_aya_poker(d: &[aya_poker::base::Card; 52]) -> u64 {
    use aya_poker::{base::Hand, poker_rank};
    let mut sum = 0u64;
    let a0 = Hand::new();
    let add = |mut h: Hand, c: &aya_poker::base::Card| {
        h.insert_unchecked(c);
        h
    };
    for i1 in 0..46 {
        let a1 = add(a0, &d[i1]);
        for i2 in i1 + 1..47 {
            let a2 = add(a1, &d[i2]);
            for i3 in i2 + 1..48 {
                let a3 = add(a2, &d[i3]);
                for i4 in i3 + 1..49 {
                    let a4 = add(a3, &d[i4]);
                    for i5 in i4 + 1..50 {
                        let a5 = add(a4, &d[i5]);
                        for i6 in i5 + 1..51 {
                            let a6 = add(a5, &d[i6]);
                            for c7 in &d[i6 + 1..] {
                                sum += u64::from(poker_rank(&add(a6, c7)).0);
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
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
    g.bench_function("enumerate_all_7/ours", |b| {
        b.iter(|| enumerate_ours(black_box(&ours)))
    });
    g.bench_function("enumerate_all_7/rs_poker", |b| {
        b.iter(|| enumerate_rs_poker(black_box(&rs)))
    });
    g.bench_function("enumerate_all_7/aya_poker", |b| {
        b.iter(|| enumerate_aya_poker(black_box(&aya)))
    });

    g.throughput(Throughput::Elements(RANDOM as u64));
    g.bench_function("random_10M/ours", |b| {
        b.iter(|| {
            black_box(&hands_ours)
                .iter()
                .map(|h| u64::from(ev.value7(h).get()))
                .sum::<u64>()
        })
    });
    g.bench_function("random_10M/rs_poker", |b| {
        b.iter(|| {
            black_box(&hands_rs)
                .iter()
                .map(|h| {
                    let mut a = rs_poker::core::SevenCardAccum::new();
                    for &c in h {
                        a.add(c);
                    }
                    u64::from(a.rank().value_bits())
                })
                .sum::<u64>()
        })
    });
    g.bench_function("random_10M/aya_poker", |b| {
        b.iter(|| {
            black_box(&hands_aya)
                .iter()
                .map(|h| {
                    let mut hand = aya_poker::base::Hand::new();
                    for c in h {
                        hand.insert_unchecked(c);
                    }
                    u64::from(aya_poker::poker_rank(&hand).0)
                })
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
