//! The button panel's timing (`firmware::buttons`): a Debouncer, a PressClassifier
//! and a Button driven by arbitrary `(time, level)` samples, with time that stalls,
//! goes backwards and jumps by years. Time is counted as the debouncer's doc says:
//! a step backwards is no time passing, and the steps forward after it count.
//!
//! - The debounced level is the level sampled last once that level has held for the
//!   stable time, and does not change before (checked against the run of samples).
//! - Its edges alternate, Rising from released and Falling from pressed.
//! - Every press (Rising to Falling) gives exactly one press kind: Long as soon as it
//!   has been held for the long-press time, else Short or Double on release, Double
//!   when it began within the double-press window after the end of a short press.
//! - A Button is its debouncer and classifier composed.
#![no_main]

use firmware::buttons::{
    Button, ButtonConfig, Debouncer, Edge, PressClassifier, PressKind, DEFAULT_DEBOUNCE,
    DEFAULT_DOUBLE_PRESS, DEFAULT_LONG_PRESS,
};
use firmware::time::{Duration, Instant};
use libfuzzer_sys::fuzz_target;

/// A timing from one byte: mostly small, sometimes the default, zero or huge.
fn timing(b: u8, default: u64) -> u64 {
    match b {
        0..=199 => u64::from(b) * 5,
        200..=239 => default,
        240..=249 => 0,
        250..=253 => u64::MAX / 2,
        _ => u64::MAX,
    }
}

/// The next sample time from a byte and its neighbour: small steps forward mostly,
/// standing still, steps backwards, and jumps to and from the ends of the clock.
fn next_time(now: u64, b: u8, arg: u8) -> u64 {
    match b >> 5 {
        0..=3 => now.saturating_add(u64::from(arg)),
        4 => now,
        5 => now.saturating_sub(u64::from(arg) * 7),
        6 => now.saturating_add(u64::from(arg) << 24),
        _ => match arg % 4 {
            0 => 0,
            1 => u64::MAX - u64::from(arg),
            2 => u64::MAX,
            _ => now.saturating_sub(u64::from(arg) << 32),
        },
    }
}

/// The model's clock: the sum of the steps forward, in u128 so that it never
/// saturates (the debouncer's does, after 584 million years of steps forward).
struct Clock {
    last: u64,
    forward: u128,
}

impl Clock {
    fn tick(&mut self, now: u64) -> u128 {
        self.forward += u128::from(now.saturating_sub(self.last));
        self.last = now;
        self.forward
    }
}

/// What the press classifier must say: the model of a key's presses.
#[derive(Default)]
struct Presses {
    /// When the key went down, and whether its long press was reported.
    down: Option<(u128, bool)>,
    /// When the last short press ended.
    last_short_up: Option<u128>,
    /// Whether the press in progress began within the double-press window.
    double: bool,
}

impl Presses {
    fn expect(&mut self, t: u128, edge: Option<Edge>, long: u64, double: u64) -> Option<PressKind> {
        let (long, double) = (u128::from(long), u128::from(double));
        match edge {
            Some(Edge::Rising) => {
                assert!(self.down.is_none(), "two presses without a release");
                self.double = self.last_short_up.is_some_and(|up| t - up <= double);
                self.down = Some((t, false));
            }
            Some(Edge::Falling) => {
                let (down, long_sent) = self.down.take().expect("a release without a press");
                self.last_short_up = None;
                if long_sent {
                    return None;
                }
                if t - down >= long {
                    return Some(PressKind::Long);
                }
                self.last_short_up = Some(t);
                return Some(if self.double {
                    PressKind::Double
                } else {
                    PressKind::Short
                });
            }
            None => {}
        }
        match &mut self.down {
            Some((down, sent @ false)) if t - *down >= long => {
                *sent = true;
                Some(PressKind::Long)
            }
            _ => None,
        }
    }
}

/// Feeds one sample to `d`, checking its edge against its level and the level
/// against the run of equal samples (held `held` ms of forward time), returning the edge.
fn check(
    d: &mut Debouncer,
    now: u64,
    level: bool,
    held: u128,
    stable_ms: u64,
    exact: bool,
) -> Option<Edge> {
    let before = d.level();
    let edge = d.update(Instant::from_millis(now), level);
    let after = d.level();
    match edge {
        None => assert_eq!(after, before, "the level changed with no edge"),
        Some(Edge::Rising) => assert!(!before && after, "Rising from pressed"),
        Some(Edge::Falling) => assert!(before && !after, "Falling from released"),
    }
    if exact {
        if held >= u128::from(stable_ms) {
            assert_eq!(after, level, "{level} held {held} ms is not believed");
        } else {
            assert_eq!(after, before, "believed after {held} ms");
        }
    }
    edge
}

fuzz_target!(|data: &[u8]| {
    let Some((head, samples)) = data.split_first_chunk::<4>() else {
        return;
    };
    let stable_ms = timing(head[0], DEFAULT_DEBOUNCE.total_millis());
    let long_ms = timing(head[1], DEFAULT_LONG_PRESS.total_millis());
    let double_ms = timing(head[2], DEFAULT_DOUBLE_PRESS.total_millis());
    let mut config = ButtonConfig::default();
    config.debounce = Duration::from_millis(stable_ms);
    config.long_press = Duration::from_millis(long_ms);
    config.double_press = Duration::from_millis(double_ms);
    let start_level = head[3] & 1 == 1;

    // A debouncer from either level, and a button (released) with its parts beside it.
    let mut lone = Debouncer::with_level(config.debounce, start_level);
    let mut button = Button::new(&config);
    let mut debouncer = Debouncer::new(config.debounce);
    let mut classifier = PressClassifier::new(config.long_press, config.double_press);

    let mut clock = Clock {
        last: 0,
        forward: 0,
    };
    let mut presses = Presses::default();
    // The run of equal samples ending with the last one: its level and its start.
    let mut run: Option<(bool, u128)> = None;
    let mut now = 0u64;
    for s in samples.chunks_exact(2) {
        now = next_time(now, s[0], s[1]);
        let level = s[0] & 1 == 1;
        let t = clock.tick(now);
        if run.is_none_or(|(l, _)| l != level) {
            run = Some((level, t));
        }
        let held = run.map_or(0, |(_, since)| t - since);
        // Past the end of the debouncer's clock only the order of edges is checked.
        let exact = t <= u128::from(u64::MAX);

        check(&mut lone, now, level, held, stable_ms, exact);
        let edge = check(&mut debouncer, now, level, held, stable_ms, exact);

        // The button is its debouncer and classifier composed, and its presses are
        // the model's.
        let press = button.update(Instant::from_millis(now), level);
        assert_eq!(
            press,
            classifier.update(Instant::from_millis(now), edge),
            "at {now} ms"
        );
        assert_eq!(button.is_held(), debouncer.level());
        assert_eq!(classifier.is_held(), debouncer.level());
        if exact {
            let want = presses.expect(t, edge, long_ms, double_ms);
            assert_eq!(press, want, "at {now} ms (clock {t})");
        }
    }
});
