//! The tournament clock: which level or break it is, and how long is left, from the
//! director's start, pauses, resumes and added time. The floor keeps these events;
//! every table and wall screen computes the same answer from them, so no two screens
//! in the room disagree about the level.
//!
//! Time is the wall clock in milliseconds since the Unix epoch, as the floor writes
//! it: the clock must read the same on every table, and a table restarted mid-level
//! must land in the same second, which a process's monotonic clock cannot give.
//!
//! A level reached runs to its end; the last level runs on until the tournament ends.
//! Added time lengthens the level or break it is added in.

use super::structure::Structure;
use crate::records::time::WallTime;
use firmware::Duration;

/// One thing the director did to the clock, at a wall-clock time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// The clock started at level 1.
    Start {
        /// When.
        at: WallTime,
    },
    /// The clock stopped (dealing goes on only if the director says so).
    Pause {
        /// When.
        at: WallTime,
    },
    /// The clock runs again.
    Resume {
        /// When.
        at: WallTime,
    },
    /// The period running at `at` is longer by `ms` (shorter when negative, never
    /// below what has run).
    AddTime {
        /// When.
        at: WallTime,
        /// How much.
        ms: i64,
    },
}

impl ClockEvent {
    fn at(self) -> u64 {
        match self {
            ClockEvent::Start { at }
            | ClockEvent::Pause { at }
            | ClockEvent::Resume { at }
            | ClockEvent::AddTime { at, .. } => at.unix_millis(),
        }
    }
}

/// A stretch of the clock: a level, or the break after one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// Before the start.
    NotStarted,
    /// Level `n` (1-based).
    Level(usize),
    /// The break after level `n`.
    Break(usize),
}

/// What the clock says at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The period.
    pub period: Period,
    /// What is left of it (`None` for the last level, which runs on).
    pub left: Option<Duration>,
    /// Whether the clock is paused.
    pub paused: bool,
}

const MINUTE_MS: u64 = 60_000;

/// The periods in order with their lengths: each level, then its break if any.
fn periods(s: &Structure) -> Vec<(Period, u64)> {
    let mut out = Vec::with_capacity(s.levels.len() + s.breaks.len());
    for (i, l) in s.levels.iter().enumerate() {
        let n = i + 1;
        out.push((Period::Level(n), u64::from(l.minutes) * MINUTE_MS));
        if let Some(b) = s.breaks.iter().find(|b| b.after_level == n) {
            out.push((Period::Break(n), u64::from(b.minutes) * MINUTE_MS));
        }
    }
    out
}

/// The clock at `now`, from the director's events (in the order he made them;
/// events after `now` are not yet). Events that make no sense where they stand (a
/// resume while running, a pause before the start) change nothing.
pub fn read(s: &Structure, events: &[ClockEvent], now: WallTime) -> Reading {
    let now_ms = now.unix_millis();
    let plan = periods(s);
    // Run time: milliseconds the clock has run; each period ends at a run time.
    let mut started = false;
    let mut paused = false;
    let mut last = 0u64; // wall time of the last event counted
    let mut run = 0u64;
    let mut extra: Vec<i64> = vec![0; plan.len()];
    for e in events.iter().take_while(|e| e.at() <= now_ms) {
        let at = e.at().max(last);
        if started && !paused {
            run = run.saturating_add(at - last);
        }
        last = at;
        match *e {
            ClockEvent::Start { .. } if !started => started = true,
            ClockEvent::Pause { .. } if started => paused = true,
            ClockEvent::Resume { .. } if started => paused = false,
            ClockEvent::AddTime { ms, .. } if started => {
                let (i, left) = locate(&plan, &extra, run);
                if i < plan.len() {
                    // Never take away more than is left.
                    extra[i] = extra[i].saturating_add(ms.max(-(left.unwrap_or(0) as i64)));
                }
            }
            _ => {}
        }
    }
    if !started {
        return Reading {
            period: Period::NotStarted,
            left: plan.first().map(|p| Duration::from_millis(p.1)),
            paused: false,
        };
    }
    if !paused {
        run = run.saturating_add(now_ms.saturating_sub(last));
    }
    let (i, left) = locate(&plan, &extra, run);
    let period = plan.get(i).map_or(Period::Level(s.levels.len()), |p| p.0);
    Reading {
        period,
        left: left.map(Duration::from_millis),
        paused,
    }
}

/// The period the clock is in after `run` ms of running, and what is left of it
/// (`None` past the end of the plan: the last level runs on).
fn locate(plan: &[(Period, u64)], extra: &[i64], run: u64) -> (usize, Option<u64>) {
    let mut end = 0u64;
    for (i, (_, len)) in plan.iter().enumerate() {
        let len = len.saturating_add_signed(extra[i]);
        end = end.saturating_add(len);
        if run < end {
            return (i, Some(end - run));
        }
    }
    // Past the plan: the last level continues (a structure ends on a level, never on
    // a break, since a break follows a level).
    let last_level = plan
        .iter()
        .rposition(|(p, _)| matches!(p, Period::Level(_)))
        .unwrap_or(0);
    (last_level, None)
}

/// A time left as a clock shows it: `m:ss`, or `h:mm:ss` from an hour; a second
/// begun counts whole, so no clock shows 0:00 early. One way for the wall clock and
/// the table's screens (whose page counts on from it the same way).
pub fn clock_time(left: Duration) -> String {
    let s = left.total_millis().div_ceil(1000);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests;
