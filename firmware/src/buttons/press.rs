//! One key's level to presses: the debouncer, then the press classifier.

use super::config::{ButtonConfig, DEFAULT_DEBOUNCE, DEFAULT_DOUBLE_PRESS, DEFAULT_LONG_PRESS};
use crate::time::{Duration, Instant};
use core::fmt;

/// A change of a debounced level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Edge {
    /// The level became true (a key: pressed).
    Rising,
    /// The level became false (a key: released).
    Falling,
}

/// Debounces one input: a new level is believed once it has held for the stable time.
///
/// A pure function of the `(now, level)` samples it is given: the same samples give
/// the same edges. Between samples the level is taken to be the one last sampled.
///
/// ```
/// use firmware::buttons::{Debouncer, Edge};
/// use firmware::time::{Duration, Instant};
/// let at = Instant::from_millis;
/// let mut d = Debouncer::new(Duration::from_millis(20));
/// assert_eq!(d.update(at(0), true), None);
/// assert_eq!(d.update(at(5), false), None); // a bounce restarts the wait
/// assert_eq!(d.update(at(10), true), None);
/// assert_eq!(d.update(at(30), true), Some(Edge::Rising));
/// assert!(d.level());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Debouncer {
    stable_for: Duration,
    stable: bool,
    candidate: bool,
    since: Instant,
    clock: Elapsed,
}

/// The time the button timing counts (an [`Instant`] of its own): the sum of the steps forward between samples,
/// from the first. A sample earlier than the one before is no time passing, and the
/// time after it counts from there; measured on the raw clock instead, a clock
/// stepped back (reset, or wrapped) froze a key until it caught up with its old
/// reading, and made the next press a double press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Elapsed {
    last: Option<Instant>,
    total: Instant,
}

impl Elapsed {
    const NEW: Elapsed = Elapsed {
        last: None,
        total: Instant::ZERO,
    };

    /// The time counted at a sample taken at `now`.
    fn at(&mut self, now: Instant) -> Instant {
        let step = self.last.map_or(Duration::ZERO, |last| now - last);
        self.total += step;
        self.last = Some(now);
        self.total
    }
}

impl Debouncer {
    /// A debouncer with this stable time, its level false (key released).
    pub const fn new(stable_for: Duration) -> Debouncer {
        Debouncer::with_level(stable_for, false)
    }

    /// A debouncer with this stable time and starting level.
    pub const fn with_level(stable_for: Duration, level: bool) -> Debouncer {
        Debouncer {
            stable_for,
            stable: level,
            candidate: level,
            since: Instant::ZERO,
            clock: Elapsed::NEW,
        }
    }

    /// Takes the level sampled at `now`, returning the edge when the debounced
    /// level changes. Time going backwards counts as no time passing, and the time
    /// after it counts from there.
    pub fn update(&mut self, now: Instant, level: bool) -> Option<Edge> {
        let now = self.clock.at(now);
        if level != self.candidate {
            self.candidate = level;
            self.since = now;
        }
        if self.candidate != self.stable && now - self.since >= self.stable_for {
            self.stable = self.candidate;
            return Some(if self.stable {
                Edge::Rising
            } else {
                Edge::Falling
            });
        }
        None
    }

    /// The debounced level.
    pub const fn level(&self) -> bool {
        self.stable
    }
}

impl Default for Debouncer {
    fn default() -> Debouncer {
        Debouncer::new(DEFAULT_DEBOUNCE)
    }
}

/// How a key was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PressKind {
    /// Pressed and released before the long-press time.
    Short,
    /// Held for the long-press time; reported when the time is reached, while the key
    /// is still down (the dealer sees it take effect), and the release is silent.
    Long,
    /// A short press that began within the double-press window after the end of the
    /// previous short press of the same key.
    Double,
}

impl fmt::Display for PressKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PressKind::Short => "press",
            PressKind::Long => "long press",
            PressKind::Double => "double press",
        })
    }
}

/// Turns one key's debounced edges into presses.
///
/// A short press is reported on release, a long press when the long-press time is
/// reached, so every press gives exactly one [`PressKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PressClassifier {
    long: Duration,
    double: Duration,
    down_at: Option<Instant>,
    repeat: bool,
    long_sent: bool,
    last_up: Option<Instant>,
    clock: Elapsed,
}

impl PressClassifier {
    /// A classifier with these long-press and double-press times.
    pub const fn new(long: Duration, double: Duration) -> PressClassifier {
        PressClassifier {
            long,
            double,
            down_at: None,
            repeat: false,
            long_sent: false,
            last_up: None,
            clock: Elapsed::NEW,
        }
    }

    /// Takes the debounced edge seen at `now` (or `None`: call it on every scan so
    /// a long press is noticed while the key is held), returning a finished press.
    /// Time going backwards counts as no time passing, as for [`Debouncer::update`].
    pub fn update(&mut self, now: Instant, edge: Option<Edge>) -> Option<PressKind> {
        let now = self.clock.at(now);
        match edge {
            Some(Edge::Rising) => {
                self.repeat = self.last_up.is_some_and(|up| now - up <= self.double);
                self.down_at = Some(now);
                self.long_sent = false;
            }
            Some(Edge::Falling) => {
                let down = self.down_at.take()?;
                if self.long_sent {
                    self.last_up = None;
                    return None;
                }
                if now - down >= self.long {
                    // Released before a scan noticed the long press.
                    self.last_up = None;
                    return Some(PressKind::Long);
                }
                self.last_up = Some(now);
                return Some(if self.repeat {
                    PressKind::Double
                } else {
                    PressKind::Short
                });
            }
            None => {}
        }
        let down = self.down_at?;
        if !self.long_sent && now - down >= self.long {
            self.long_sent = true;
            return Some(PressKind::Long);
        }
        None
    }

    /// Whether the key is down.
    pub const fn is_held(&self) -> bool {
        self.down_at.is_some()
    }

    /// How long the key has been down as of the last update (none: it is up).
    pub const fn held(&self) -> Option<Duration> {
        match self.down_at {
            Some(down) => Some(self.clock.total.saturating_duration_since(down)),
            None => None,
        }
    }
}

impl Default for PressClassifier {
    fn default() -> PressClassifier {
        PressClassifier::new(DEFAULT_LONG_PRESS, DEFAULT_DOUBLE_PRESS)
    }
}

/// One key's debouncer and press classifier: logical levels in, presses out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Button {
    debouncer: Debouncer,
    classifier: PressClassifier,
}

impl Button {
    /// A released button with this timing.
    pub const fn new(config: &ButtonConfig) -> Button {
        Button {
            debouncer: Debouncer::new(config.debounce),
            classifier: PressClassifier::new(config.long_press, config.double_press),
        }
    }

    /// Takes whether the key is pressed at `now`, returning a finished press.
    pub fn update(&mut self, now: Instant, pressed: bool) -> Option<PressKind> {
        let edge = self.debouncer.update(now, pressed);
        self.classifier.update(now, edge)
    }

    /// Whether the key is down (debounced).
    pub const fn is_held(&self) -> bool {
        self.classifier.is_held()
    }

    /// How long the key has been down (debounced) as of the last update.
    pub const fn held(&self) -> Option<Duration> {
        self.classifier.held()
    }
}
