//! The wall clock: when a record was written, when a hand started and ended, as
//! the floor reads it.
//!
//! A [`WallTime`] is milliseconds since the Unix epoch, kept apart from the
//! firmware's monotonic [`Instant`](firmware::time::Instant) (a debounce, a
//! timeout), which counts from whenever its clock started: the two cannot be mixed
//! up, and one subtracted from the other does not compile. Two wall times give a
//! [`Duration`], saturating at zero when the clock was set back between them.
//!
//! In every record, JSON document and page a wall time is the plain number it always
//! was (`#[serde(transparent)]`, and [`Display`](fmt::Display) prints the number),
//! so the log's bytes, the floor's documents and the commands' output are unchanged.
//!
//! ```
//! use firmware::time::Duration;
//! use host::records::time::WallTime;
//! let start = WallTime::from_unix_millis(1_764_079_392_345);
//! let end = start + Duration::from_secs(60);
//! assert_eq!(end - start, Duration::from_secs(60));
//! assert_eq!(start - end, Duration::ZERO); // the clock went back: no time
//! assert_eq!(end.to_string(), "1764079452345");
//! ```
//!
//! A monotonic instant is no wall time:
//!
//! ```compile_fail
//! use firmware::time::Instant;
//! use host::records::time::WallTime;
//! let _ = WallTime::now() - Instant::ZERO;
//! ```

use firmware::time::Duration;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::ParseIntError;
use std::ops::{Add, Sub};
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// A moment on the wall clock: milliseconds since 1970-01-01 00:00 UTC.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct WallTime(u64);

impl WallTime {
    /// The epoch itself (a stamp of 0: a clock that was never set).
    pub const EPOCH: WallTime = WallTime(0);

    /// The moment `millis` milliseconds after the epoch.
    pub const fn from_unix_millis(millis: u64) -> WallTime {
        WallTime(millis)
    }

    /// Milliseconds since the epoch: the number records and documents hold.
    pub const fn unix_millis(self) -> u64 {
        self.0
    }

    /// The stamp as a database's BIGINT column holds it (the log's `ts`, the floor's
    /// `at_ms`), saturating past its end.
    pub fn as_bigint(self) -> i64 {
        i64::try_from(self.0).unwrap_or(i64::MAX)
    }

    /// A stamp read from a BIGINT column; a negative one (never written) is the
    /// epoch.
    pub fn from_bigint(n: i64) -> WallTime {
        WallTime(u64::try_from(n).unwrap_or(0))
    }

    /// The system clock now (the epoch if the clock is set before 1970). Only the
    /// binary and the devices' loops read it; the log and the floor store the times
    /// they are given.
    pub fn now() -> WallTime {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(WallTime::EPOCH, |d| {
                WallTime(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            })
    }

    /// The time from `earlier` to `self`; none if `earlier` is later (the clock was
    /// set back).
    pub const fn saturating_since(self, earlier: WallTime) -> Duration {
        Duration::from_millis(self.0.saturating_sub(earlier.0))
    }

    /// The start of the hour (UTC) this moment falls in.
    pub const fn hour_start(self) -> WallTime {
        WallTime(self.0 - self.0 % HOUR.total_millis())
    }
}

/// An hour of wall-clock time.
pub const HOUR: Duration = Duration::from_secs(3_600);

impl Sub for WallTime {
    type Output = Duration;
    /// Saturates at no time ([`WallTime::saturating_since`]).
    fn sub(self, earlier: WallTime) -> Duration {
        self.saturating_since(earlier)
    }
}

impl Add<Duration> for WallTime {
    type Output = WallTime;
    /// Saturates at the end of the clock.
    fn add(self, d: Duration) -> WallTime {
        WallTime(self.0.saturating_add(d.total_millis()))
    }
}

impl Sub<Duration> for WallTime {
    type Output = WallTime;
    /// Saturates at the epoch.
    fn sub(self, d: Duration) -> WallTime {
        WallTime(self.0.saturating_sub(d.total_millis()))
    }
}

/// The number of milliseconds, as records and outputs have always shown it (width
/// and alignment apply).
impl fmt::Display for WallTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The number of milliseconds, as [`Display`](fmt::Display) writes it: how a
/// command's `--from 1764079392345` reads a time.
impl FromStr for WallTime {
    type Err = ParseIntError;
    fn from_str(text: &str) -> Result<WallTime, ParseIntError> {
        text.parse().map(WallTime)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialises_as_the_bare_number() {
        let t = WallTime::from_unix_millis(1_764_079_392_345);
        assert_eq!(serde_json::to_string(&t).unwrap(), "1764079392345");
        assert_eq!(
            serde_json::from_str::<WallTime>("1764079392345").unwrap(),
            t
        );
        assert_eq!(format!("{t:>15}|"), "  1764079392345|");
        assert_eq!("1764079392345".parse(), Ok(t));
        assert!("-1".parse::<WallTime>().is_err());
    }

    #[test]
    fn arithmetic_saturates() {
        let t = WallTime::from_unix_millis(5_000);
        assert_eq!(t - Duration::from_secs(10), WallTime::EPOCH);
        assert_eq!(
            WallTime::from_unix_millis(u64::MAX) + Duration::from_millis(1),
            WallTime::from_unix_millis(u64::MAX)
        );
        assert_eq!(WallTime::EPOCH - t, Duration::ZERO);
        assert_eq!(
            WallTime::from_unix_millis(7_201_000).hour_start(),
            WallTime::from_unix_millis(7_200_000)
        );
    }

    #[test]
    fn now_reads_the_clock() {
        // 2025-01-01: any clock this runs on is past it.
        assert!(WallTime::now() > WallTime::from_unix_millis(1_735_689_600_000));
    }
}
