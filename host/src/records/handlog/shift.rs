//! The shift report floor staff and the cage read (`tablectl audit rake`): hands
//! finished, chips in their pots and rake taken (PD-RAKE), hour by hour.

use super::HandSummary;
use crate::records::time::WallTime;
use firmware::Chips;
use serde::Serialize;

/// One hour of a shift.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RakeHour {
    /// The hour's start (UTC, on the hour).
    pub hour_ms: WallTime,
    /// Hands finished in the hour (every chip paid).
    pub hands: u32,
    /// Of those, hands that paid a rake.
    pub raked_hands: u32,
    /// Chips in their pots, the rake included.
    pub pots: Chips,
    /// Rake taken.
    pub rake: Chips,
}

impl RakeHour {
    /// The hour as floor staff read it: `2026-11-25 14:00 UTC`.
    pub fn label(&self) -> String {
        let ms = self.hour_ms.unix_millis();
        let (y, m, d) = civil_date(ms / 86_400_000);
        let hour = ms % 86_400_000 / 3_600_000;
        format!("{y:04}-{m:02}-{d:02} {hour:02}:00 UTC")
    }
}

/// The calendar date of `days` after 1970-01-01 (the proleptic Gregorian calendar;
/// H. Hinnant's `civil_from_days`). A dozen lines, where a date crate would be a
/// dependency for one label.
pub(crate) fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

/// The report: each hour with a finished hand between `from_ms` (included) and
/// `to_ms` (excluded), oldest first, and the shift's totals. A hand counts in the hour
/// it was paid out; a hand still in play is left out until it is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RakeReport {
    /// Hour by hour.
    pub hours: Vec<RakeHour>,
    /// The whole span.
    pub total: RakeHour,
}

/// The rake report of `hands` (a log's summaries) for the span given.
pub fn rake_report(
    hands: &[HandSummary],
    from_ms: Option<WallTime>,
    to_ms: Option<WallTime>,
) -> RakeReport {
    let mut report = RakeReport::default();
    for h in hands {
        let Some(end) = h.end_ms else { continue };
        if from_ms.is_some_and(|f| end < f) || to_ms.is_some_and(|t| end >= t) {
            continue;
        }
        let hour_ms = end.hour_start();
        let i = match report.hours.binary_search_by_key(&hour_ms, |r| r.hour_ms) {
            Ok(i) => i,
            Err(i) => {
                report.hours.insert(
                    i,
                    RakeHour {
                        hour_ms,
                        ..RakeHour::default()
                    },
                );
                i
            }
        };
        let pot = h.pot.unwrap_or(Chips::ZERO);
        for row in [&mut report.hours[i], &mut report.total] {
            row.hands = row.hands.saturating_add(1);
            row.raked_hands = row
                .raked_hands
                .saturating_add(u32::from(h.rake > Chips::ZERO));
            row.pots = row.pots.saturating_add(pot);
            row.rake = row.rake.saturating_add(h.rake);
        }
    }
    report.total.hour_ms = report.hours.first().map_or(WallTime::EPOCH, |h| h.hour_ms);
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{HandFlags, Seq};
    use crate::records::time::HOUR;
    use firmware::time::Duration;

    /// The wall clock at `ms` since the epoch.
    fn wall(ms: u64) -> WallTime {
        WallTime::from_unix_millis(ms)
    }

    fn hand(number: u32, end_ms: Option<WallTime>, pot: u64, rake: u64) -> HandSummary {
        let end = end_ms.unwrap_or(WallTime::EPOCH);
        HandSummary {
            number,
            start_ms: end - Duration::from_secs(60),
            end_ms,
            last_ms: end,
            seats: Vec::new(),
            pot: Some(Chips::new(pot)),
            rake: Chips::new(rake),
            flags: HandFlags::default(),
            records: 1,
            first_seq: Seq(1),
            last_seq: Seq(1),
        }
    }

    #[test]
    fn an_hour_is_labelled_by_its_date_and_time_in_utc() {
        let at = |ms| RakeHour {
            hour_ms: wall(ms),
            ..RakeHour::default()
        };
        assert_eq!(at(0).label(), "1970-01-01 00:00 UTC");
        // 2024-02-29 (a leap day) 13:00 UTC.
        assert_eq!(at(1_709_211_600_000).label(), "2024-02-29 13:00 UTC");
        // 2026-11-25 14:00 UTC.
        assert_eq!(at(1_795_615_200_000).label(), "2026-11-25 14:00 UTC");
    }

    #[test]
    fn pd_rake_hands_pots_and_rake_by_the_hour_they_were_paid() {
        let h0 = wall(1_700_000_000_000).hour_start();
        let ms = Duration::from_millis;
        let hands = [
            hand(1, Some(h0 + ms(10)), 100, 5),
            hand(2, Some(h0 + HOUR - ms(1)), 40, 0),
            hand(3, Some(h0 + HOUR), 300, 15),
            hand(4, None, 999, 0),
        ];
        let r = rake_report(&hands, None, None);
        assert_eq!(r.hours.len(), 2);
        assert_eq!(
            (r.hours[0].hour_ms, r.hours[0].hands, r.hours[0].raked_hands),
            (h0, 2, 1)
        );
        assert_eq!(
            (r.hours[0].pots, r.hours[0].rake),
            (Chips::new(140), Chips::new(5))
        );
        assert_eq!((r.hours[1].hands, r.hours[1].rake), (1, Chips::new(15)));
        assert_eq!(
            (r.total.hands, r.total.pots, r.total.rake),
            (3, Chips::new(440), Chips::new(20))
        );
        // The span: from included, to excluded.
        let r = rake_report(&hands, Some(h0 + HOUR), None);
        assert_eq!((r.total.hands, r.total.rake), (1, Chips::new(15)));
        let r = rake_report(&hands, None, Some(h0 + HOUR));
        assert_eq!((r.total.hands, r.total.rake), (2, Chips::new(5)));
    }

    /// The report read from a real log: the bench table, raking 5% capped at 30, loses
    /// exactly the rake the report counts (chips bought in minus chips left).
    #[test]
    fn pd_rake_the_report_counts_every_chip_the_table_raked() {
        use crate::records::handlog::{AuditLog, HandFilter, HandLog, TableKey};
        use crate::session::simulated::{DirectSource, SimOptions, SimulatedTable};
        let dir = tempfile::tempdir().unwrap();
        let (mut log, _) = HandLog::open(dir.path(), "T5", &TableKey::from_seed([5; 32])).unwrap();
        let opts = SimOptions {
            hands: 60,
            seed: 3,
            settings: vec![
                ("rake_pct".into(), "5".into()),
                ("rake_cap".into(), "30".into()),
            ],
            ..SimOptions::default()
        };
        let summary = {
            let mut t = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).unwrap();
            t.run(opts.hands, &mut |_| {}).unwrap()
        };
        drop(log);
        let hands = AuditLog::open(dir.path())
            .unwrap()
            .list_hands(&HandFilter::default())
            .unwrap();
        let r = rake_report(&hands, None, None);
        assert_eq!(r.total.hands, 60);
        assert!(r.total.raked_hands > 0, "some hands saw a flop");
        assert_eq!(
            r.total.rake.get(),
            summary.bought_in.get() - summary.chips.get(),
            "the rake is every chip that left the table"
        );
        assert_eq!(
            r.hours.iter().map(|h| h.rake.get()).sum::<u64>(),
            r.total.rake.get()
        );
    }
}
