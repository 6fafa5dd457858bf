//! Time as the engine and the devices count it: an [`Instant`] on a monotonic
//! clock and a [`Duration`] between two of them, both whole milliseconds.
//!
//! The engine never reads a clock: the caller passes the time (the panel's scan
//! clock, the shoe's receive clock), so tests just pass numbers. An [`Instant`]
//! counts from an arbitrary start (the process's or the board's), so it means
//! nothing beside a wall-clock stamp: the host keeps those in a type of their own,
//! and subtracting one from the other does not compile.
//!
//! The arithmetic saturates instead of panicking or wrapping: an instant plus a
//! duration past the end of the clock is the clock's end, a later instant
//! subtracted from an earlier one is no time at all. Both are what the old plain
//! millisecond counts did with `saturating_add`/`saturating_sub`.
//!
//! ```
//! use firmware::time::{Duration, Instant};
//! let pressed = Instant::from_millis(1_000);
//! let now = pressed + Duration::from_millis(250);
//! assert_eq!(now - pressed, Duration::from_millis(250));
//! assert_eq!(pressed - now, Duration::ZERO); // saturates
//! assert_eq!(now.to_string(), "1.250s");
//! ```

use core::fmt;
use core::ops::{Add, AddAssign, Div, Mul, Sub, SubAssign};

/// A point on a monotonic clock, in milliseconds since the clock's (arbitrary)
/// start: what a debounce, a timeout or a shoe's silence is measured on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Instant {
    millis: u64,
}

/// A span of time in milliseconds, never negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Duration {
    millis: u64,
}

/// What both types share: whole milliseconds from a start, built and read the same
/// way, and printed as seconds with three decimals as smoltcp prints time: `1.250s`.
macro_rules! millis_type {
    ($t:ident, $zero:literal, $max:literal, $from:literal) => {
        impl $t {
            #[doc = $zero]
            pub const ZERO: $t = $t { millis: 0 };
            #[doc = $max]
            pub const MAX: $t = $t { millis: u64::MAX };

            #[doc = concat!("`millis` milliseconds ", $from, ".")]
            pub const fn from_millis(millis: u64) -> $t {
                $t { millis }
            }

            #[doc = concat!("`secs` seconds ", $from, " (saturating).")]
            pub const fn from_secs(secs: u64) -> $t {
                $t {
                    millis: secs.saturating_mul(1000),
                }
            }

            /// All of it in milliseconds.
            pub const fn total_millis(&self) -> u64 {
                self.millis
            }

            /// Its whole seconds.
            pub const fn secs(&self) -> u64 {
                self.millis / 1000
            }

            #[doc = concat!("The milliseconds past [`", stringify!($t), "::secs`].")]
            pub const fn millis(&self) -> u64 {
                self.millis % 1000
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}.{:03}s", self.secs(), self.millis())
            }
        }
    };
}

millis_type!(
    Instant,
    "The clock's start.",
    "The clock's end: where a deadline that never comes is placed.",
    "after the clock's start"
);
millis_type!(
    Duration,
    "No time.",
    "The longest span: a wait that never ends.",
    "long"
);

impl Instant {
    /// The time from `earlier` to `self`; none if `earlier` is later.
    pub const fn saturating_duration_since(self, earlier: Instant) -> Duration {
        Duration {
            millis: self.millis.saturating_sub(earlier.millis),
        }
    }

    /// `self` plus `d`, the clock's end if that is past it.
    pub const fn saturating_add(self, d: Duration) -> Instant {
        Instant {
            millis: self.millis.saturating_add(d.millis),
        }
    }

    /// `self` minus `d`, the clock's start if that is before it.
    pub const fn saturating_sub(self, d: Duration) -> Instant {
        Instant {
            millis: self.millis.saturating_sub(d.millis),
        }
    }

    /// `self` plus `d`; none past the clock's end.
    pub const fn checked_add(self, d: Duration) -> Option<Instant> {
        match self.millis.checked_add(d.millis) {
            Some(millis) => Some(Instant { millis }),
            None => None,
        }
    }
}

impl Duration {
    /// Whether the span is no time.
    pub const fn is_zero(&self) -> bool {
        self.millis == 0
    }

    /// `self + other`, [`Duration::MAX`] if longer.
    pub const fn saturating_add(self, other: Duration) -> Duration {
        Duration {
            millis: self.millis.saturating_add(other.millis),
        }
    }

    /// `self - other`, no time if `other` is longer.
    pub const fn saturating_sub(self, other: Duration) -> Duration {
        Duration {
            millis: self.millis.saturating_sub(other.millis),
        }
    }

    /// `self` times `n`, [`Duration::MAX`] if longer.
    pub const fn saturating_mul(self, n: u64) -> Duration {
        Duration {
            millis: self.millis.saturating_mul(n),
        }
    }

    /// The standard library's duration, for a sleep or a timeout on a real clock.
    pub const fn to_std(self) -> core::time::Duration {
        core::time::Duration::from_millis(self.millis)
    }

    /// A standard library duration in whole milliseconds (rounded down; the
    /// longest span if it does not fit).
    pub const fn from_std(d: core::time::Duration) -> Duration {
        let millis = d.as_millis();
        Duration {
            millis: if millis > u64::MAX as u128 {
                u64::MAX
            } else {
                millis as u64
            },
        }
    }
}

impl From<core::time::Duration> for Duration {
    fn from(d: core::time::Duration) -> Duration {
        Duration::from_std(d)
    }
}

impl From<Duration> for core::time::Duration {
    fn from(d: Duration) -> core::time::Duration {
        d.to_std()
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;
    /// Saturates at the clock's end.
    fn add(self, d: Duration) -> Instant {
        self.saturating_add(d)
    }
}

/// A standard library span (a timeout on a real port) after an instant, in whole
/// milliseconds, saturating at the clock's end.
impl Add<core::time::Duration> for Instant {
    type Output = Instant;
    fn add(self, d: core::time::Duration) -> Instant {
        self.saturating_add(Duration::from_std(d))
    }
}

impl AddAssign<Duration> for Instant {
    fn add_assign(&mut self, d: Duration) {
        *self = *self + d;
    }
}

impl Sub<Duration> for Instant {
    type Output = Instant;
    /// Saturates at the clock's start.
    fn sub(self, d: Duration) -> Instant {
        self.saturating_sub(d)
    }
}

impl SubAssign<Duration> for Instant {
    fn sub_assign(&mut self, d: Duration) {
        *self = *self - d;
    }
}

impl Sub<Instant> for Instant {
    type Output = Duration;
    /// No time if `earlier` is later ([`Instant::saturating_duration_since`]).
    fn sub(self, earlier: Instant) -> Duration {
        self.saturating_duration_since(earlier)
    }
}

impl Add for Duration {
    type Output = Duration;
    /// Saturates at [`Duration::MAX`].
    fn add(self, other: Duration) -> Duration {
        self.saturating_add(other)
    }
}

impl AddAssign for Duration {
    fn add_assign(&mut self, other: Duration) {
        *self = *self + other;
    }
}

impl Sub for Duration {
    type Output = Duration;
    /// Saturates at no time.
    fn sub(self, other: Duration) -> Duration {
        self.saturating_sub(other)
    }
}

impl SubAssign for Duration {
    fn sub_assign(&mut self, other: Duration) {
        *self = *self - other;
    }
}

impl Mul<u64> for Duration {
    type Output = Duration;
    /// Saturates at [`Duration::MAX`].
    fn mul(self, n: u64) -> Duration {
        self.saturating_mul(n)
    }
}

impl Div<u64> for Duration {
    type Output = Duration;
    /// Rounds down; dividing by zero gives [`Duration::MAX`] rather than a panic.
    fn div(self, n: u64) -> Duration {
        match self.millis.checked_div(n) {
            Some(millis) => Duration { millis },
            None => Duration::MAX,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    extern crate std;
    use std::string::ToString;

    #[test]
    fn arithmetic_saturates_where_plain_counts_did() {
        let t = Instant::from_millis(100);
        assert_eq!(t + Duration::from_millis(50), Instant::from_millis(150));
        assert_eq!(t - Duration::from_millis(150), Instant::ZERO);
        assert_eq!(Instant::MAX + Duration::from_millis(1), Instant::MAX);
        assert_eq!(Instant::from_millis(40) - t, Duration::ZERO);
        assert_eq!(t - Instant::from_millis(40), Duration::from_millis(60));
        assert_eq!(Duration::MAX + Duration::from_millis(1), Duration::MAX);
        assert_eq!(
            Duration::from_millis(1) - Duration::from_millis(2),
            Duration::ZERO
        );
        assert_eq!(Duration::MAX * 2, Duration::MAX);
        assert_eq!(Duration::from_millis(301) / 2, Duration::from_millis(150));
        assert_eq!(Duration::from_millis(1) / 0, Duration::MAX);
        assert_eq!(t.checked_add(Duration::MAX), None);
        assert_eq!(
            t + core::time::Duration::from_micros(2_500),
            Instant::from_millis(102)
        );
    }

    #[test]
    fn displays_seconds_with_milliseconds() {
        assert_eq!(Instant::from_millis(1_250).to_string(), "1.250s");
        assert_eq!(Duration::from_millis(5).to_string(), "0.005s");
        assert_eq!(Duration::from_secs(3).to_string(), "3.000s");
    }

    #[test]
    fn parts_and_standard_durations() {
        let d = Duration::from_millis(61_007);
        assert_eq!((d.secs(), d.millis(), d.total_millis()), (61, 7, 61_007));
        let i = Instant::from_secs(2);
        assert_eq!((i.secs(), i.millis(), i.total_millis()), (2, 0, 2_000));
        assert_eq!(d.to_std(), core::time::Duration::from_millis(61_007));
        assert_eq!(
            Duration::from(core::time::Duration::from_micros(1_999)),
            Duration::from_millis(1)
        );
        assert_eq!(Duration::from_std(core::time::Duration::MAX), Duration::MAX);
        assert!(Duration::ZERO.is_zero());
        assert!(Instant::from_millis(1) < Instant::from_millis(2));
    }
}
