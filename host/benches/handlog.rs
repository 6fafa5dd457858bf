//! The hand log's append: how long the controller waits before it may acknowledge an
//! input. The requirement is under 1 ms per event at the median on the 2-core machine.
//!
//! Each append is one SQLite transaction in WAL mode with `synchronous=FULL`: the time
//! is dominated by the sync of the write-ahead log, so it depends on the storage under
//! the temporary folder (set `TMPDIR` to measure another disk, e.g. the table's SD card).
//!
//! ```sh
//! cargo bench -p host --bench handlog
//! ```
//!
//! Criterion prints the estimate of the mean; the median is in
//! `target/criterion/<group>/<bench>/new/estimates.json` (`median.point_estimate`, ns).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use firmware::time::Duration;
use firmware::{
    Action, Chips, Event, Game, Input, Post, Read, RuleError, SeatNo, Structure, Table, TableConfig,
};
use host::records::handlog::{HandLog, Record, TableKey};
use host::records::time::WallTime;
use std::hint::black_box;

const SEED: [u8; 32] = [7; 32];

/// Seat `n`, for literals.
fn sn(n: u8) -> SeatNo {
    SeatNo::new(n).expect("a seat number")
}

/// A log with its configuration written, in a temporary folder.
fn new_log() -> (tempfile::TempDir, HandLog) {
    let dir = tempfile::TempDir::new().expect("temporary folder");
    let (mut log, _) =
        HandLog::open(dir.path(), "bench", &TableKey::from_seed(SEED)).expect("open the log");
    let config = TableConfig::new(
        Game::Holdem,
        Structure::NoLimit,
        Chips::new(5),
        Chips::new(10),
    );
    log.append(
        WallTime::from_unix_millis(1_700_000_000_000),
        Record::Config { config },
    )
    .expect("configuration");
    (dir, log)
}

/// The events of a ten-handed NEXT HAND with antes (the hand's start, ten antes and the
/// blinds): the largest record a live table writes often.
fn start_hand_events() -> Vec<Event> {
    let mut cfg = TableConfig::new(
        Game::Holdem,
        Structure::NoLimit,
        Chips::new(5),
        Chips::new(10),
    );
    cfg.stakes.ante = Chips::new(1);
    let mut t = Table::new(cfg).expect("valid configuration");
    for seat in SeatNo::up_to(10) {
        t.handle(Input::SitDown {
            seat,
            stack: Chips::new(1000),
            wait_for_bb: false,
        })
        .expect("seat");
    }
    t.handle(Input::StartHand).expect("start").to_vec()
}

fn append(c: &mut Criterion) {
    let mut g = c.benchmark_group("handlog");
    let mut at = WallTime::from_unix_millis(1_700_000_000_000);

    // A raise: one input, one event (the usual case).
    let (_dir, mut log) = new_log();
    let raise = Record::accepted(
        Input::Act(Action::BetTo(Chips::new(40))),
        &[Event::Raised {
            seat: sn(3),
            to: Chips::new(40),
            all_in: false,
        }],
    );
    g.bench_function("append_one_event", |b| {
        b.iter_batched(
            || raise.clone(),
            |r| {
                at = at + Duration::from_millis(1);
                black_box(log.append(at, r).expect("append"))
            },
            BatchSize::SmallInput,
        )
    });

    // A hole card read by the shoe.
    let card = Record::accepted(
        Input::Card(Read::card("Ah".parse().expect("card"))),
        &[Event::HoleCard {
            seat: sn(4),
            card: Some("Ah".parse().expect("card")),
        }],
    );
    g.bench_function("append_refused_input", |b| {
        b.iter_batched(
            || Record::Refused {
                input: Input::Act(Action::CheckCall),
                error: RuleError::OutOfTurn { expected: sn(4) },
            },
            |r| {
                at = at + Duration::from_millis(1);
                black_box(log.append(at, r).expect("append"))
            },
            BatchSize::SmallInput,
        )
    });
    g.bench_function("append_card_read", |b| {
        b.iter_batched(
            || card.clone(),
            |r| {
                at = at + Duration::from_millis(1);
                black_box(log.append(at, r).expect("append"))
            },
            BatchSize::SmallInput,
        )
    });

    // NEXT HAND at a full table with antes: thirteen events in one record.
    let start = start_hand_events();
    assert_eq!(start.len(), 13);
    assert!(start.iter().any(|e| matches!(
        e,
        Event::Posted {
            post: Post::BigBlind,
            ..
        }
    )));
    let start = Record::accepted(Input::StartHand, &start);
    g.bench_function("append_start_hand_ten_players", |b| {
        b.iter_batched(
            || start.clone(),
            |r| {
                at = at + Duration::from_millis(1);
                black_box(log.append(at, r).expect("append"))
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, append);
criterion_main!(benches);
