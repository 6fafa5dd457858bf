//! The tournament clock on the room's wall screens (`/floor/tournament/ID`), and the
//! list of tournaments that links to each (`/floor/tournament`): the level or break,
//! the time left, the blinds and ante, the next level, the players left of the
//! entries, the average stack and the prize pool, in the floor's language. Computed
//! from the director's signed events ([`crate::tournament::Tournament::summary`]),
//! so every wall screen and every table reads the same clock.
//!
//! No script, as every floor page: the clock reloads itself every
//! [`CLOCK_REFRESH_S`] second, and is laid out in viewport units so one page fills
//! a 800x480 panel and a 1920x1080 screen alike.

use super::page::{language_field, page, reloading_every};
use super::words::{with, word, FloorWord};
use crate::records::time::WallTime;
use crate::tournament::{Level, Period, Tournament};
use crate::web::html::escape;
use crate::web::lang::Lang;

/// How often the clock reloads itself, in seconds: the time left moves each second.
pub const CLOCK_REFRESH_S: u32 = 1;

/// A time left as the clock shows it (moved beside the clock, for the tables' screens too).
pub use crate::tournament::clock::clock_time;

/// A level's blinds and ante, as one line of HTML: `200/400 · Big-blind ante 400`.
fn stakes(lang: Lang, l: &Level) -> String {
    let blinds = format!("{}/{}", l.small_blind, l.big_blind);
    if l.ante.is_zero() {
        return blinds;
    }
    let ante = match l.ante_kind {
        crate::tournament::AnteKind::BigBlind => FloorWord::ClockBigBlindAnte,
        _ => FloorWord::ClockAnte,
    };
    format!(
        "{blinds} <span class=\"ante\">· <span class=\"label\">{}</span> {}</span>",
        word(lang, ante),
        l.ante
    )
}

/// The clock of tournament `id` at `now`.
pub fn clock_page(id: &str, t: &Tournament, lang: Lang, now: WallTime) -> String {
    let w = |x| word(lang, x);
    let s = t.summary(now);
    let (period, kind) = match s.clock.period {
        Period::NotStarted => (w(FloorWord::ClockNotStarted).to_string(), "waiting"),
        Period::Level(n) => (with(lang, FloorWord::ClockLevel, n), "level"),
        Period::Break(_) => (w(FloorWord::ClockBreak).to_string(), "break"),
    };
    let time = match s.clock.left {
        Some(left) => clock_time(left),
        None => w(FloorWord::ClockRunsOn).to_string(),
    };
    let paused = if s.clock.paused {
        format!(
            "<p class=\"clock-paused\">{}</p>",
            w(FloorWord::ClockPaused)
        )
    } else {
        String::new()
    };
    // During a break the level to come is what the room wants to see.
    // Level n is at index n - 1: after the break of level n come n + 1 and n + 2.
    let levels = &t.structure.levels;
    let (now, next) = match s.clock.period {
        Period::Break(n) => (levels.get(n), levels.get(n + 1)),
        _ => (Some(s.level), s.next),
    };
    let now = now.map_or(String::new(), |l| {
        format!(
            "<p class=\"clock-blinds\"><span class=\"label\">{}</span> {}</p>",
            w(FloorWord::ClockBlinds),
            stakes(lang, l)
        )
    });
    let next = next.map_or(String::new(), |l| {
        format!(
            "<p class=\"clock-next\"><span class=\"label\">{}</span> {}</p>",
            w(FloorWord::ClockNext),
            stakes(lang, l)
        )
    });
    let figure = |label: FloorWord, value: String| {
        format!("<div><dt>{}</dt><dd>{value}</dd></div>", w(label))
    };
    let figures = [
        figure(
            FloorWord::ClockPlayers,
            format!("{} / {}", s.players_left, s.entries),
        ),
        figure(FloorWord::ClockAverage, s.average_stack.to_string()),
        figure(FloorWord::ClockPool, s.prize_pool.to_string()),
    ]
    .concat();
    let body = format!(
        "<div class=\"clock\" data-tournament=\"{id}\" data-period=\"{kind}\" data-paused=\"{p}\">\
         <p class=\"clock-period\">{period}</p>\
         <p class=\"clock-time\" aria-label=\"{left}\">{time}</p>{paused}{now}{next}\
         <dl class=\"clock-figures\">{figures}</dl></div>",
        id = escape(id),
        p = u8::from(s.clock.paused),
        left = w(FloorWord::ClockLeft),
    );
    reloading_every(page(lang, &t.structure.name, &body), CLOCK_REFRESH_S).replacen(
        "<body class=\"floor\">",
        "<body class=\"floor wall\">",
        1,
    )
}

/// The tournaments in the store, each linking to its clock.
pub fn tournaments_page(list: &[(String, String)], lang: Lang) -> String {
    let items: String = list
        .iter()
        .map(|(id, name)| {
            format!(
                "<li><a href=\"/floor/tournament/{href}?lang={code}\">{name}</a> ({id}) \
                 <a class=\"checks\" href=\"/floor/tournament/{href}/checks?lang={code}\">{checks}</a></li>",
                href = escape(id),
                code = lang.code(),
                name = escape(name),
                id = escape(id),
                checks = word(lang, FloorWord::CheckTitle),
            )
        })
        .collect();
    let title = word(lang, FloorWord::ClockTournaments);
    page(
        lang,
        title,
        &format!(
            "<form class=\"filter\" method=\"get\" action=\"/floor/tournament\">{} <button>{}</button></form>\
             <ul class=\"tournaments\">{items}</ul>",
            language_field(lang),
            word(lang, FloorWord::Show)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use firmware::Duration;

    #[test]
    fn the_time_left_reads_as_a_clock_and_never_shows_zero_early() {
        let ms = Duration::from_millis;
        assert_eq!(clock_time(ms(0)), "0:00");
        assert_eq!(clock_time(ms(1)), "0:01");
        assert_eq!(clock_time(ms(59_001)), "1:00");
        assert_eq!(clock_time(ms(20 * 60_000)), "20:00");
        assert_eq!(clock_time(ms(3_600_000 + 61_000)), "1:01:01");
    }
}
