//! The tournament on the table's screens: the level (or the break), its blinds and
//! ante, the time left, the next level, the players left of the entries, the average
//! stack and the prize pool, and, when the floor's store stops answering, a warning
//! that the clock is as last heard.
//!
//! The display never names the floor: the table's follower of its tournament
//! ([`crate::floor`]'s `ClockFollower`) is read through a closure the command gives
//! [`super::TableDisplay::watch_tournament`], which returns a [`TableClock`], plain
//! data read from the director's events ([`crate::tournament`]). Everything here is
//! public, as the wall clock is: no card, no seat, no name.
//!
//! The page counts the time down each second from the time left it was last sent
//! (page.js), so a screen keeps ticking between updates and never drifts: every
//! update sets it again.

use crate::records::time::WallTime;
use crate::tournament::clock::clock_time;
use crate::tournament::{AnteKind, Level, Period, Prize, Reading, Tournament};
use crate::web::lang::Lang;
use crate::words::catalog;
use serde::Serialize;

/// What a table's screens show of its tournament at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableClock {
    /// The clock: the period, what is left of it, whether it is paused.
    pub reading: Reading,
    /// The stakes being played (none during a break).
    pub level: Option<Level>,
    /// The stakes to come: the next level, or, during a break, the level after it.
    pub next: Option<Level>,
    /// Entries still in.
    pub players_left: u32,
    /// Entries made (re-entries counted).
    pub entries: u32,
    /// The chips in play divided among the players left.
    pub average_stack: firmware::Chips,
    /// The prize pool, in hundredths.
    pub prize_pool: Prize,
    /// The floor's store has stopped answering: the clock runs on from what it said
    /// at this moment (a pause or added time since is not known).
    pub stale_since: Option<WallTime>,
}

impl TableClock {
    /// Tournament `t` at `now`, as heard from the floor's store at `heard`; `stale`:
    /// the store did not answer since.
    pub fn read(t: &Tournament, now: WallTime, heard: WallTime, stale: bool) -> TableClock {
        let s = t.summary(now);
        let levels = &t.structure.levels;
        // Level n is at index n - 1: after the break of level n comes level n + 1.
        let (level, next) = match s.clock.period {
            Period::Break(n) => (None, levels.get(n).copied()),
            _ => (Some(*s.level), s.next.copied()),
        };
        TableClock {
            reading: s.clock,
            level,
            next,
            players_left: s.players_left,
            entries: s.entries,
            average_stack: s.average_stack,
            prize_pool: s.prize_pool,
            stale_since: stale.then_some(heard),
        }
    }
}

/// One figure of the panel: its label and its value, as the language writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Figure {
    /// "Players".
    pub label: &'static str,
    /// "45 / 60".
    pub value: String,
}

/// The tournament panel as the page draws it, every word written here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Panel {
    /// "level", "break" or "waiting": how the page colours it.
    pub kind: &'static str,
    /// "Level 5", "Break", "Starts soon".
    pub period: String,
    /// The blinds and ante being played ("200/400 · Big-blind ante 400"); empty
    /// during a break.
    pub stakes: String,
    /// The time left when this was written, in milliseconds (none: the last level,
    /// which runs on).
    pub left_ms: Option<u64>,
    /// The time left as the clock shows it (`12:34`), or that the level runs on.
    pub left: String,
    /// The clock moves: the page counts `left_ms` down from when it heard it.
    pub running: bool,
    /// "PAUSED", when the clock is.
    pub paused: Option<&'static str>,
    /// "Next" and the stakes to come, if any.
    pub next: Option<String>,
    /// The players left of the entries, the average stack, the prize pool.
    pub figures: Vec<Figure>,
    /// The warning that the clock is as last heard, when the floor's store is silent.
    pub stale: Option<String>,
}

/// A level's blinds and ante: `200/400 · Big-blind ante 400`.
fn stakes(lang: Lang, l: &Level) -> String {
    let blinds = format!(
        "{}/{}",
        lang.number(l.small_blind.get()),
        lang.number(l.big_blind.get())
    );
    if l.ante.is_zero() {
        return blinds;
    }
    let ante = match l.ante_kind {
        AnteKind::BigBlind => catalog::say(lang, "table-clock-big-blind-ante"),
        AnteKind::Each => catalog::say(lang, "table-clock-ante"),
    };
    format!("{blinds} · {ante} {}", lang.number(l.ante.get()))
}

/// A prize in hundredths as the language writes money: `6,000.00` in English,
/// `6.000,00` in Macedonian, `6 000,00` in the others.
fn money(lang: Lang, p: Prize) -> String {
    let mark = if lang == Lang::En { '.' } else { ',' };
    format!("{}{mark}{:02}", lang.number(p.0 / 100), p.0 % 100)
}

/// An hour of the day, `21:04 UTC`, as the controller keeps time.
fn hour(at: WallTime) -> String {
    let secs = at.unix_millis() / 1000 % 86_400;
    format!("{:02}:{:02} UTC", secs / 3600, secs / 60 % 60)
}

/// The panel of `c` in `lang`.
pub fn panel(lang: Lang, c: &TableClock) -> Panel {
    let say = |id| catalog::say(lang, id);
    let (kind, period) = match c.reading.period {
        Period::NotStarted => ("waiting", say("table-clock-not-started").to_string()),
        Period::Level(n) => (
            "level",
            catalog::say_with(lang, "table-clock-level", &[("level", &n.to_string())]),
        ),
        Period::Break(_) => ("break", say("table-clock-break").to_string()),
    };
    // Before the start the clock has nothing to count down yet.
    let started = c.reading.period != Period::NotStarted;
    let left_ms = c.reading.left.filter(|_| started).map(|d| d.total_millis());
    let figures = vec![
        Figure {
            label: say("table-clock-players"),
            value: format!(
                "{} / {}",
                lang.number(u64::from(c.players_left)),
                lang.number(u64::from(c.entries))
            ),
        },
        Figure {
            label: say("table-clock-average"),
            value: lang.number(c.average_stack.get()),
        },
        Figure {
            label: say("table-clock-pool"),
            value: money(lang, c.prize_pool),
        },
    ];
    Panel {
        kind,
        period,
        stakes: c.level.map_or(String::new(), |l| stakes(lang, &l)),
        left_ms,
        left: match c.reading.left {
            _ if !started => String::new(),
            Some(left) => clock_time(left),
            None => say("table-clock-runs-on").to_string(),
        },
        running: left_ms.is_some() && !c.reading.paused,
        paused: c.reading.paused.then(|| say("table-clock-paused")),
        next: c
            .next
            .map(|l| format!("{} {}", say("table-clock-next"), stakes(lang, &l))),
        figures,
        stale: c
            .stale_since
            .map(|at| catalog::say_with(lang, "table-clock-stale", &[("time", &hour(at))])),
    }
}

#[cfg(test)]
mod tests;
