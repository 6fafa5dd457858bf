//! Times on the floor's pages, formatted by the server: the floor reads a clock time
//! in its own time zone and an age ("3 min ago"), never milliseconds since the epoch.
//! The zone is the system's (the floor's server is set to the casino's); times typed
//! into the hands' search are read in the same zone.

use super::words::{with, word, FloorWord};
use crate::records::time::WallTime;
use crate::web::lang::Lang;
use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use jiff::Timestamp;

/// Up to this many seconds, an age is given in seconds.
const SECONDS_UP_TO: f64 = 90.0;
/// Up to this many seconds, an age is given in minutes; beyond it, in hours.
const MINUTES_UP_TO: f64 = 5400.0;

/// The floor's clock: its time zone.
#[derive(Clone, Debug)]
pub struct FloorClock {
    zone: TimeZone,
}

impl Default for FloorClock {
    /// The system's time zone, or UTC where it cannot be read.
    fn default() -> FloorClock {
        FloorClock {
            zone: TimeZone::try_system().unwrap_or(TimeZone::UTC),
        }
    }
}

impl FloorClock {
    /// A clock in UTC (for tests and servers kept in UTC).
    pub fn utc() -> FloorClock {
        FloorClock {
            zone: TimeZone::UTC,
        }
    }

    /// `at` as a date and time of day in the floor's zone: `2026-11-25 14:03:12`.
    pub fn time(&self, at: WallTime) -> String {
        i64::try_from(at.unix_millis())
            .ok()
            .and_then(|ms| Timestamp::from_millisecond(ms).ok())
            .map_or_else(
                || "-".to_string(),
                |t| {
                    t.to_zoned(self.zone.clone())
                        .strftime("%Y-%m-%d %H:%M:%S")
                        .to_string()
                },
            )
    }

    /// A time typed on the page (`2026-11-25T14:00`, a browser's local date and time,
    /// seconds optional) on the wall clock; `None` if it is not one.
    pub fn parse(&self, text: &str) -> Option<WallTime> {
        let civil: DateTime = text.trim().parse().ok()?;
        let zoned = civil.to_zoned(self.zone.clone()).ok()?;
        u64::try_from(zoned.timestamp().as_millisecond())
            .ok()
            .map(WallTime::from_unix_millis)
    }

    /// `at` as a value for a `datetime-local` field: `2026-11-25T14:03`.
    pub fn field(&self, at: WallTime) -> String {
        self.time(at)
            .get(..16)
            .unwrap_or_default()
            .replacen(' ', "T", 1)
    }
}

/// How long ago, in `lang`: "12 s ago", "3 min ago", "2.5 h ago"; "never" for none.
pub fn age(lang: Lang, seconds: Option<f64>) -> String {
    match seconds {
        None => word(lang, FloorWord::Never).to_string(),
        Some(s) if s < SECONDS_UP_TO => {
            with(lang, FloorWord::SecondsAgo, format!("{:.0}", s.max(0.0)))
        }
        Some(s) if s < MINUTES_UP_TO => {
            with(lang, FloorWord::MinutesAgo, format!("{:.0}", s / 60.0))
        }
        Some(s) => {
            let hours = format!("{:.1}", s / 3600.0);
            // The floor's other languages write the decimal comma.
            let hours = if lang == Lang::En {
                hours
            } else {
                hours.replace('.', ",")
            };
            with(lang, FloorWord::HoursAgo, hours)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_a_date_and_a_clock_time_in_the_floors_zone() {
        let utc = FloorClock::utc();
        // 2026-11-25 14:03:12.345 UTC
        let ms = WallTime::from_unix_millis(1_764_079_392_345);
        assert_eq!(utc.time(ms), "2025-11-25 14:03:12");
        assert_eq!(utc.field(ms), "2025-11-25T14:03");
        let parsed = |text| utc.parse(text).map(WallTime::unix_millis);
        assert_eq!(parsed("2025-11-25T14:03"), Some(1_764_079_380_000));
        assert_eq!(parsed("2025-11-25T14:03:12"), Some(1_764_079_392_000));
        assert_eq!(utc.parse("yesterday"), None);
        let skopje = FloorClock {
            zone: TimeZone::get("Europe/Skopje").unwrap_or(TimeZone::fixed(jiff::tz::offset(1))),
        };
        assert_eq!(skopje.time(ms), "2025-11-25 15:03:12", "CET in November");
    }

    #[test]
    fn ages_are_in_seconds_minutes_or_hours_in_the_pages_language() {
        assert_eq!(age(Lang::En, Some(12.4)), "12 s ago");
        assert_eq!(age(Lang::En, Some(-1.0)), "0 s ago");
        assert_eq!(age(Lang::En, Some(180.0)), "3 min ago");
        assert_eq!(age(Lang::Ru, Some(180.0)), "3 мин назад");
        assert_eq!(age(Lang::Mk, Some(9000.0)), "пред 2,5 ч");
        assert_eq!(age(Lang::En, Some(9000.0)), "2.5 h ago");
        assert_eq!(age(Lang::Pl, None), "nigdy");
    }
}
