//! A tournament's page for the floor (`/floor/tournament/ID/checks`): the seating by
//! table, every move with what the two tables recorded, every elimination with the
//! table's bust-out, the chips per level across the tables, and the tournament's
//! alerts, in the floor's language. Computed by the floor's checks
//! ([`super::tournament_facts::report`]) from the director's signed log and the
//! tables' signed records. No script, as every floor page.

use super::chip_audit::LevelAudit;
use super::page::{alert_item, language_field, page, reloading_every};
use super::store::Alert;
use super::tournament_check::{BustCheck, Matched, MoveCheck};
use super::tournament_facts::Report;
use super::words::{with, word, FloorWord};
use crate::tournament::Tournament;
use crate::web::html::escape;
use crate::web::lang::Lang;

/// How often the page reloads itself, in seconds: the checks read every table's
/// records, so less often than the room.
pub const CHECKS_REFRESH_S: u32 = 10;

/// The alerts of tournament `id` among `alerts`: those its checks raised.
pub fn tournament_alerts<'a>(id: &str, alerts: &'a [Alert]) -> Vec<&'a Alert> {
    let prefix = format!("tournament {id}: ");
    alerts
        .iter()
        .filter(|a| a.kind == super::store::AlertKind::Tournament.word())
        .filter(|a| a.detail.starts_with(&prefix))
        .collect()
}

fn status(lang: Lang, ok: bool) -> String {
    let (class, w) = if ok {
        ("ok", FloorWord::CheckMatches)
    } else {
        ("differs", FloorWord::CheckDiffers)
    };
    format!("<td class=\"{class}\">{}</td>", word(lang, w))
}

fn recorded(lang: Lang, m: Option<Matched>) -> String {
    m.map_or_else(
        || word(lang, FloorWord::CheckNothing).to_string(),
        |m| m.chips.to_string(),
    )
}

fn head(lang: Lang, cols: &[FloorWord]) -> String {
    let th: String = cols
        .iter()
        .map(|&c| format!("<th>{}</th>", word(lang, c)))
        .collect();
    format!("<thead><tr>{th}</tr></thead>")
}

fn spot(lang: Lang, table: &str, seat: u8) -> String {
    format!(
        "{} {} · {}",
        word(lang, FloorWord::Table),
        escape(table),
        with(lang, FloorWord::SeatN, seat)
    )
}

fn seating(lang: Lang, t: &Tournament) -> String {
    let tables: String = t
        .tables
        .iter()
        .filter(|table| !t.broken.contains(table))
        .map(|table| {
            let mut seats: Vec<(u8, u32, &str)> = t
                .at_table(table)
                .map(|(n, e)| (e.seat, n, e.player.as_str()))
                .collect();
            seats.sort_unstable();
            let items: String = seats
                .iter()
                .map(|(seat, n, p)| {
                    format!(
                        "<li>{}: {} (#{n})</li>",
                        with(lang, FloorWord::SeatN, seat),
                        escape(p)
                    )
                })
                .collect();
            format!(
                "<div class=\"seating-table\"><h3>{} {}</h3><ul>{items}</ul></div>",
                word(lang, FloorWord::Table),
                escape(table)
            )
        })
        .collect();
    format!("<div class=\"seating\">{tables}</div>")
}

fn moves(lang: Lang, moves: &[MoveCheck]) -> String {
    if moves.is_empty() {
        return none(lang);
    }
    let rows: String = moves
        .iter()
        .map(|m| {
            let ok = [m.departed, m.arrived]
                .iter()
                .all(|r| r.is_some_and(|r| r.chips == m.chips));
            format!(
                "<tr><td>#{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>",
                m.entry,
                spot(lang, &m.from.table, m.from.seat),
                spot(lang, &m.to.table, m.to.seat),
                m.chips,
                recorded(lang, m.departed),
                recorded(lang, m.arrived),
                status(lang, ok)
            )
        })
        .collect();
    let cols = [
        FloorWord::CheckEntry,
        FloorWord::CheckFrom,
        FloorWord::CheckTo,
        FloorWord::CheckDirector,
        FloorWord::CheckDeparted,
        FloorWord::CheckArrived,
        FloorWord::Flags,
    ];
    format!(
        "<table class=\"moves\">{}<tbody>{rows}</tbody></table>",
        head(lang, &cols)
    )
}

fn eliminations(lang: Lang, out: &[BustCheck]) -> String {
    if out.is_empty() {
        return none(lang);
    }
    let rows: String = out
        .iter()
        .map(|b| {
            let round = b.round.map_or(String::new(), |r| {
                format!(" · {}", with(lang, FloorWord::CheckRound, r))
            });
            format!(
                "<tr><td>#{}</td><td>{}{round}</td><td>{}</td><td>{}</td>{}</tr>",
                b.entry,
                spot(lang, &b.at_seat.table, b.at_seat.seat),
                b.chips,
                recorded(lang, b.busted),
                status(lang, b.busted.is_some_and(|m| m.chips == b.chips))
            )
        })
        .collect();
    let cols = [
        FloorWord::CheckEntry,
        FloorWord::Table,
        FloorWord::CheckDirector,
        FloorWord::CheckTableSaid,
        FloorWord::Flags,
    ];
    format!(
        "<table class=\"eliminations\">{}<tbody>{rows}</tbody></table>",
        head(lang, &cols)
    )
}

fn audit(lang: Lang, lines: &[LevelAudit]) -> String {
    let rows: String = lines
        .iter()
        .map(|a| {
            let level = match a.level {
                Some(l) => with(lang, FloorWord::ClockLevel, l),
                None => word(lang, FloorWord::CheckNow).to_string(),
            };
            if !a.waiting.is_empty() {
                return format!(
                    "<tr><td>{level}</td><td colspan=\"3\">{}: {}</td></tr>",
                    word(lang, FloorWord::CheckWaiting),
                    escape(&a.waiting.join(", "))
                );
            }
            format!(
                "<tr><td>{level}</td><td>{}</td><td>{}</td>{}</tr>",
                a.expected,
                a.counted,
                status(lang, a.matches())
            )
        })
        .collect();
    let cols = [
        FloorWord::CheckAudit,
        FloorWord::CheckExpected,
        FloorWord::CheckCounted,
        FloorWord::Flags,
    ];
    format!(
        "<table class=\"audit\">{}<tbody>{rows}</tbody></table>",
        head(lang, &cols)
    )
}

fn none(lang: Lang) -> String {
    format!("<p class=\"none\">{}</p>", word(lang, FloorWord::CheckNone))
}

/// The page of tournament `id`: `report` is its checks, `None` when the tables'
/// records cannot be checked (the page says so, and shows the seating and alerts).
pub fn tournament_page(
    id: &str,
    t: &Tournament,
    report: Option<&Report>,
    alerts: &[&Alert],
    lang: Lang,
) -> String {
    let w = |x| word(lang, x);
    let href = escape(id);
    let code = lang.code();
    let checks = match report {
        Some(r) => format!(
            "<h2>{}</h2>{}<h2>{}</h2>{}<h2>{}</h2>{}",
            w(FloorWord::CheckMoves),
            moves(lang, &r.checked.moves),
            w(FloorWord::CheckEliminations),
            eliminations(lang, &r.checked.eliminations),
            w(FloorWord::CheckAudit),
            audit(lang, &r.audit),
        ),
        None => format!(
            "<p class=\"unchecked\">{}</p>",
            w(FloorWord::CheckUnchecked)
        ),
    };
    let alerts = if alerts.is_empty() {
        format!("<p class=\"no-alerts\">{}</p>", w(FloorWord::NoAlert))
    } else {
        let items: Vec<String> = alerts.iter().map(|a| alert_item(lang, a)).collect();
        format!("<ul class=\"alerts\">{}</ul>", items.join("\n"))
    };
    let body = format!(
        "<form class=\"filter\" method=\"get\" action=\"/floor/tournament/{href}/checks\">{language} <button>{show}</button> \
         <a href=\"/floor/tournament/{href}?lang={code}\">{clock}</a> \
         <a href=\"/floor/tournament?lang={code}\">{list}</a></form>\
         <div class=\"tournament-checks\" data-tournament=\"{href}\">\
         <h2>{seating_title}</h2>{seating}{checks}<h2>{alerts_title}</h2>{alerts}</div>",
        language = language_field(lang),
        show = w(FloorWord::Show),
        clock = w(FloorWord::CheckClock),
        list = w(FloorWord::ClockTournaments),
        seating_title = w(FloorWord::CheckSeating),
        seating = seating(lang, t),
        alerts_title = w(FloorWord::CheckAlerts),
    );
    let title = format!(
        "{} · {} ({})",
        w(FloorWord::CheckTitle),
        t.structure.name,
        id
    );
    reloading_every(page(lang, &title, &body), CHECKS_REFRESH_S)
}
