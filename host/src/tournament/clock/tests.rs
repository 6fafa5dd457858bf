use super::*;

/// Levels of 20, 20 and 30 minutes, a 10-minute break after level 2.
fn structure() -> Structure {
    Structure::parse(
        r#"
name = "Clock"
starting_stack = 10000
buy_in = 5000
denominations = [25, 100]
[[level]]
small_blind = 25
big_blind = 50
minutes = 20
[[level]]
small_blind = 50
big_blind = 100
minutes = 20
[[break]]
after_level = 2
minutes = 10
colour_up = [25]
[[level]]
small_blind = 100
big_blind = 200
minutes = 30
[[payouts]]
entries_up_to = 100
places = [10000]
"#,
    )
    .unwrap()
}

const T0: u64 = 1_800_000_000_000;
const MIN: u64 = 60_000;

fn w(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

fn at(events: &[ClockEvent], minutes: u64) -> Reading {
    read(&structure(), events, w(T0 + minutes * MIN))
}

#[test]
fn the_clock_runs_through_levels_and_breaks() {
    let ev = [ClockEvent::Start { at: w(T0) }];
    assert_eq!(
        read(&structure(), &ev, w(T0 - 1)).period,
        Period::NotStarted
    );
    let r = at(&ev, 5);
    assert_eq!(
        (r.period, r.left.map(|d| d.total_millis())),
        (Period::Level(1), Some(15 * MIN))
    );
    assert_eq!(at(&ev, 20).period, Period::Level(2));
    let r = at(&ev, 45);
    assert_eq!(
        (r.period, r.left.map(|d| d.total_millis())),
        (Period::Break(2), Some(5 * MIN))
    );
    assert_eq!(at(&ev, 50).period, Period::Level(3));
    // The last level runs on.
    let r = at(&ev, 500);
    assert_eq!(
        (r.period, r.left.map(|d| d.total_millis())),
        (Period::Level(3), None)
    );
}

#[test]
fn a_pause_stops_the_clock_and_a_resume_goes_on_from_there() {
    let ev = [
        ClockEvent::Start { at: w(T0) },
        ClockEvent::Pause {
            at: w(T0 + 10 * MIN),
        },
        ClockEvent::Resume {
            at: w(T0 + 25 * MIN),
        },
    ];
    let r = at(&ev, 15);
    assert_eq!(
        (r.period, r.left.map(|d| d.total_millis()), r.paused),
        (Period::Level(1), Some(10 * MIN), true)
    );
    let r = at(&ev, 30);
    assert_eq!(
        (r.period, r.left.map(|d| d.total_millis()), r.paused),
        (Period::Level(1), Some(5 * MIN), false)
    );
}

#[test]
fn added_time_lengthens_the_period_it_is_added_in() {
    let ev = [
        ClockEvent::Start { at: w(T0) },
        ClockEvent::AddTime {
            at: w(T0 + 5 * MIN),
            ms: (3 * MIN) as i64,
        },
    ];
    assert_eq!(at(&ev, 22).period, Period::Level(1));
    assert_eq!(at(&ev, 23).period, Period::Level(2));
    // Taking time away ends the period at most now, never before.
    let ev = [
        ClockEvent::Start { at: w(T0) },
        ClockEvent::AddTime {
            at: w(T0 + 5 * MIN),
            ms: -(60 * MIN as i64),
        },
    ];
    let r = at(&ev, 5);
    assert_eq!(r.period, Period::Level(2));
    assert_eq!(r.left.map(|d| d.total_millis()), Some(20 * MIN));
}

#[test]
fn events_out_of_place_change_nothing() {
    let plain = [ClockEvent::Start { at: w(T0) }];
    let noisy = [
        ClockEvent::Pause { at: w(T0 - MIN) },
        ClockEvent::Resume { at: w(T0 - MIN) },
        ClockEvent::Start { at: w(T0) },
        ClockEvent::Resume { at: w(T0 + MIN) },
        ClockEvent::Start {
            at: w(T0 + 2 * MIN),
        },
    ];
    for m in [0, 7, 33, 48, 90] {
        assert_eq!(at(&plain, m), at(&noisy, m), "minute {m}");
    }
}
