//! Exact all-in equity (`host::money::equity::exact`), one thread, the cases the table
//! display meets, beside the same question asked of rs_poker 5.0 and aya_poker 0.1
//! in the same run:
//!
//! - `holdem_hu_preflop`: Ah As against Kd Kc, all 1,712,304 boards (its suits are
//!   symmetric: hearts with spades, clubs with diamonds);
//! - `holdem_hu_preflop_no_symmetry`: Ah Kd against Qs Jc, all four suits used, so
//!   no board stands for another;
//! - `holdem_3way_flop`: three Hold'em hands on a flop, 903 boards;
//! - `omaha_hu_preflop` / `omaha8_hu_preflop`: two Omaha hands before the flop,
//!   all 1,086,008 boards, high only and hi/lo (no suit symmetry);
//! - `omaha_hu_preflop_symmetric`: Ah As Kh Ks against Qc Qd 3c 2d (hearts with
//!   spades, clubs with diamonds);
//! - `omaha8_hu_preflop/ours_{casino,lenient}_low` and `omaha8_4way_preflop/…`:
//!   hi/lo heads-up and four players all-in before the flop (376,992 boards), under
//!   each low rule (PD-HILO) in the same run: the casino's, where a straight or a
//!   flush is no low (what the display shows), and the lenient one, where they do
//!   not count.
//!
//! Neither peer computes exact equity; each is asked the same question the plain
//! way: every board dealt in five nested loops, one card per level added to its
//! incremental hand (rs_poker's `SevenCardAccum`, aya_poker's `Hand`), both hands
//! valued and the winner counted (`*/rs_poker`, `*/aya_poker`; `*/ours_plain` is the
//! same loop with our `Accum`). aya_poker also values Omaha (`omaha_rank`,
//! `omaha_lo_rank`: the best of the 60 two-plus-three hands); rs_poker has no Omaha.
//! Each loop's counts are checked against `exact`'s before timing (Hold'em and Omaha
//! high).
//!
//! Times are the benchmark thread's CPU time (`common/thread_cpu.rs`; the load
//! average is printed before and after); throughput is in boards per CPU second.
//! A quick run:
//!
//! ```text
//! cargo bench -p host --bench equity -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};

use firmware::{Card, Game};
use host::money::equity::{exact, exact_with_low, EquityReport};
use host::money::eval::{Accum, LowRules};

mod common;
use common::thread_cpu::ThreadCpu;
use host::bench::peers::{AyaPoker, Library, Ours, RsPoker};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace()
        .map(|c| c.parse().expect("a card"))
        .collect()
}

/// A benchmark's name, game, hands and board.
type Case = (&'static str, Game, Vec<Vec<Card>>, Vec<Card>);

/// Every five-card board of `deck`, one card per loop level added to `start` with
/// `add`; `leaf` sees each complete board's state.
#[inline(always)]
fn boards<A: Copy, C: Copy>(
    deck: &[C],
    start: A,
    add: impl Fn(A, C) -> A,
    mut leaf: impl FnMut(A),
) {
    let n = deck.len();
    for i1 in 0..n {
        let a1 = add(start, deck[i1]);
        for i2 in i1 + 1..n {
            let a2 = add(a1, deck[i2]);
            for i3 in i2 + 1..n {
                let a3 = add(a2, deck[i3]);
                for i4 in i3 + 1..n {
                    let a4 = add(a3, deck[i4]);
                    for &c5 in &deck[i4 + 1..] {
                        leaf(add(a4, c5));
                    }
                }
            }
        }
    }
}

/// Boards won by the first hand, by the second, and tied.
type Counts = [u64; 3];

fn count(c: &mut Counts, ord: std::cmp::Ordering) {
    c[match ord {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
    }] += 1;
}

/// `exact`'s counts in the same shape.
fn counts(r: &EquityReport) -> Counts {
    [r.players[0].wins, r.players[1].wins, r.players[0].ties]
}

/// Card indices (rank * 4 + suit) of the cards nobody holds.
fn unseen(hands: &[Vec<Card>]) -> Vec<usize> {
    (0..52)
        .filter(|&i| !hands.iter().flatten().any(|c| usize::from(c.index()) == i))
        .collect()
}

fn equity(c: &mut Criterion<ThreadCpu>) {
    let cases: [Case; 6] = [
        (
            "holdem_hu_preflop",
            Game::Holdem,
            vec![cards("Ah As"), cards("Kd Kc")],
            vec![],
        ),
        (
            "holdem_hu_preflop_no_symmetry",
            Game::Holdem,
            vec![cards("Ah Kd"), cards("Qs Jc")],
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
            "omaha_hu_preflop_symmetric",
            Game::Omaha,
            vec![cards("Ah As Kh Ks"), cards("Qc Qd 3c 2d")],
            vec![],
        ),
        (
            "omaha8_hu_preflop",
            Game::OmahaHiLo,
            vec![cards("Ah 2s 3h Kd"), cards("Jc Tc 9h 8h")],
            vec![],
        ),
    ];
    let (ours, rs, aya) = (Ours::deck(), RsPoker::deck(), AyaPoker::deck());
    let mut g = c.benchmark_group("equity");
    g.sample_size(20)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(5));
    for (name, game, hands, board) in &cases {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        let report = exact(*game, &refs, board, &[]).expect("a valid case");
        g.throughput(Throughput::Elements(report.boards));
        g.bench_function(format!("{name}/ours"), |b| {
            b.iter(|| black_box(exact(*game, black_box(&refs), black_box(board), &[])))
        });
        if !board.is_empty() || hands.len() != 2 {
            continue;
        }
        let deck = unseen(hands);
        let idx =
            |h: &Vec<Card>| -> Vec<usize> { h.iter().map(|c| usize::from(c.index())).collect() };
        let (h0, h1) = (idx(&hands[0]), idx(&hands[1]));
        if *game == Game::Holdem {
            let d: Vec<Card> = deck.iter().map(|&i| ours[i]).collect();
            let start = [h0.as_slice(), h1.as_slice()]
                .map(|h| h.iter().fold(Accum::new(), |a, &i| a.add(ours[i])));
            let plain = || {
                let mut n = Counts::default();
                boards(
                    &d,
                    start,
                    |h, c| h.map(|a| a.add(c)),
                    |[a, b]| count(&mut n, a.value().cmp(&b.value())),
                );
                n
            };
            assert_eq!(plain(), counts(&report), "{name}: ours_plain");
            g.bench_function(format!("{name}/ours_plain"), |b| b.iter(plain));

            use rs_poker::core::SevenCardAccum;
            let d: Vec<_> = deck.iter().map(|&i| rs[i]).collect();
            let start = [h0.as_slice(), h1.as_slice()]
                .map(|h| h.iter().fold(SevenCardAccum::new(), |a, &i| a + rs[i]));
            let rs_loop = || {
                let mut n = Counts::default();
                boards(
                    &d,
                    start,
                    |h, c| h.map(|a| a + c),
                    |[a, b]| count(&mut n, a.rank().cmp(&b.rank())),
                );
                n
            };
            assert_eq!(rs_loop(), counts(&report), "{name}: rs_poker");
            g.bench_function(format!("{name}/rs_poker"), |b| b.iter(rs_loop));
        }
        use aya_poker::base::Hand;
        let d: Vec<_> = deck.iter().map(|&i| aya[i]).collect();
        let hand_of = |h: &[usize]| {
            let mut hand = Hand::new();
            for &i in h {
                hand.insert_unchecked(&aya[i]);
            }
            hand
        };
        let insert = |mut h: Hand, c| {
            h.insert_unchecked(&c);
            h
        };
        let (a0, a1) = (hand_of(&h0), hand_of(&h1));
        match game {
            Game::Holdem => {
                let aya_loop = || {
                    let mut n = Counts::default();
                    boards(
                        &d,
                        [a0, a1],
                        |h, c| h.map(|x| insert(x, c)),
                        |[a, b]| {
                            count(
                                &mut n,
                                aya_poker::poker_rank(&a).cmp(&aya_poker::poker_rank(&b)),
                            )
                        },
                    );
                    n
                };
                assert_eq!(aya_loop(), counts(&report), "{name}: aya_poker");
                g.bench_function(format!("{name}/aya_poker"), |b| b.iter(aya_loop));
            }
            Game::Omaha => {
                let aya_loop = || {
                    let mut n = Counts::default();
                    boards(&d, Hand::new(), insert, |board| {
                        let (x, y) = (
                            aya_poker::omaha_rank(&a0, &board),
                            aya_poker::omaha_rank(&a1, &board),
                        );
                        count(&mut n, x.cmp(&y))
                    });
                    n
                };
                assert_eq!(aya_loop(), counts(&report), "{name}: aya_poker");
                g.bench_function(format!("{name}/aya_poker"), |b| b.iter(aya_loop));
            }
            Game::OmahaHiLo => {
                // High and eight-or-better low counted apart (the split is ours).
                let aya_loop = || {
                    let (mut high, mut low) = (Counts::default(), Counts::default());
                    boards(&d, Hand::new(), insert, |board| {
                        let hi = |h: &Hand| aya_poker::omaha_rank(h, &board);
                        let lo = |h: &Hand| aya_poker::omaha_lo_rank(h, &board).to_lo_8_rank();
                        count(&mut high, hi(&a0).cmp(&hi(&a1)));
                        count(&mut low, lo(&a0).cmp(&lo(&a1)));
                    });
                    (high, low)
                };
                g.bench_function(format!("{name}/aya_poker"), |b| b.iter(aya_loop));
            }
            Game::FiveCardDraw => {}
        }
    }
    // Omaha Hi/Lo under each low rule in the same run (PD-HILO: the casino's, where a
    // straight or a flush is no low, is what the display shows), and four players
    // all-in before the flop.
    let four = [
        cards("Ah 2h 3c Kd"),
        cards("As 4s 5d 6d"),
        cards("2c 3d Qh Qs"),
        cards("7h 8h 9c Tc"),
    ];
    let cases = [
        ("omaha8_hu_preflop", &cases[5].2[..]),
        ("omaha8_4way_preflop", &four[..]),
    ];
    for (name, hands) in cases {
        let refs: Vec<&[Card]> = hands.iter().map(Vec::as_slice).collect();
        for (rules, low) in [
            ("casino_low", LowRules::new(false)),
            ("lenient_low", LowRules::new(true)),
        ] {
            let run = || exact_with_low(Game::OmahaHiLo, low, black_box(&refs), &[], &[]);
            let report = run().expect("a valid case");
            g.throughput(Throughput::Elements(report.boards));
            g.bench_function(format!("{name}/ours_{rules}"), |b| b.iter(run));
        }
    }
    g.finish();
}

fn main() {
    common::run(equity);
}
