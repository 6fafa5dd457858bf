//! The floor's pages, as HTML, in the floor's language ([`super::words`]): the room
//! (every table, filtered, and the open alerts), the hands' search across tables, and
//! a finished hand's timeline. Times are the floor's clock time and ages
//! ([`super::when`]). Every text from the store is escaped; the room reloads itself
//! every [`REFRESH_S`] seconds (no script: the page loads nothing else).

use super::hands::FloorHand;
use super::live::Turn;
use super::presence::Presence;
use super::programs::{ProgramAlert, ProgramStatus};
use super::room::{Room, TableLine};
use super::store::Alert;
use super::when::{age, FloorClock};
use super::words::{verb, with, word, FloorWord};
use crate::records::handlog::{HandFilter, TimelineEntry};
use crate::records::time::WallTime;
use crate::web::html::{document, escape};
use crate::web::lang::{Lang, ALL};

/// How often the room's page reloads, in seconds.
pub const REFRESH_S: u32 = 2;

/// What the room's page is asked to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomView {
    /// The page's language.
    pub lang: Lang,
    /// Only this table.
    pub table: Option<String>,
    /// Only tables of this game (as the page lists them: "holdem nl 5/10").
    pub game: Option<String>,
    /// Only tables with something to look at: an alert, a flagged hand, no shipment.
    pub alerts_only: bool,
}

impl RoomView {
    /// Every table, in `lang`.
    pub fn all(lang: Lang) -> RoomView {
        RoomView {
            lang,
            table: None,
            game: None,
            alerts_only: false,
        }
    }
}

/// A page in `lang`: its `lang` attribute, `title` and `body`.
pub(super) fn page(lang: Lang, title: &str, body: &str) -> String {
    document(title, body).replacen(
        "<html lang=\"en\">",
        &format!("<html lang=\"{}\">", lang.code()),
        1,
    )
}

/// The language menu, keeping the other fields of the form.
pub(super) fn language_field(lang: Lang) -> String {
    let options: String = ALL
        .iter()
        .map(|l| {
            format!(
                "<option value=\"{c}\"{sel}>{c}</option>",
                c = l.code(),
                sel = if *l == lang { " selected" } else { "" }
            )
        })
        .collect();
    format!(
        "<label>{} <select name=\"lang\">{options}</select></label>",
        word(lang, FloorWord::Language)
    )
}

/// The dealer's last input in `lang`: its verb translated, its figures kept (a card
/// was hidden already by the room's reading).
fn input_words(lang: Lang, input: &str) -> String {
    let mut parts = input.split_whitespace();
    let Some(first) = parts.next() else {
        return "-".to_string();
    };
    let Some(v) = verb(lang, first) else {
        return escape(input);
    };
    let figures: Vec<&str> = parts
        .filter(|p| p.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let hidden = matches!(first, "deal" | "burn" | "discard");
    let mut out = v.to_string();
    if !figures.is_empty() {
        out.push(' ');
        out.push_str(&figures.join(" "));
    }
    if hidden {
        out.push_str(&format!(" ({})", word(lang, FloorWord::CardHidden)));
    }
    escape(&out)
}

fn turn_words(lang: Lang, turn: Turn) -> String {
    let seat = |s: Option<u8>, w: FloorWord| match s {
        Some(s) => format!("{}: {}", word(lang, w), with(lang, FloorWord::SeatN, s)),
        None => word(lang, w).to_string(),
    };
    match turn {
        Turn::Seat(s) => with(lang, FloorWord::SeatN, s),
        Turn::Dealing => word(lang, FloorWord::Dealing).to_string(),
        Turn::Board => word(lang, FloorWord::BoardCards).to_string(),
        Turn::Exchange(s) => seat(s, FloorWord::Exchange),
        Turn::Showdown(s) => seat(s, FloorWord::Showdown),
        Turn::Paying => word(lang, FloorWord::Paying).to_string(),
    }
}

/// The alert kind's words (`alerts.kind`), in `lang`.
fn alert_words(lang: Lang, kind: &str) -> String {
    let w = match kind {
        "gap" => FloorWord::GapAlert,
        "fork" => FloorWord::ForkAlert,
        "broken_link" => FloorWord::BrokenLinkAlert,
        "bad_signature" => FloorWord::BadSignatureAlert,
        "key_changed" => FloorWord::KeyChangedAlert,
        "rolled_back" => FloorWord::RolledBackAlert,
        "tournament" => FloorWord::TournamentAlert,
        other => return escape(other),
    };
    word(lang, w).to_string()
}

/// One alert as the floor's pages list it.
pub(super) fn alert_item(lang: Lang, a: &Alert) -> String {
    format!(
        "<li class=\"alert\" data-alert=\"{id}\">#{id} · {table} {t} · {kind} · {at}</li>",
        id = a.id,
        table = word(lang, FloorWord::Table),
        t = escape(&a.table_id),
        kind = alert_words(lang, &a.kind),
        at = with(lang, FloorWord::AlertAt, a.seq),
    )
}

fn notes(t: &TableLine, alerts: usize, lang: Lang) -> Vec<String> {
    let mut notes = Vec::new();
    if t.unverified {
        notes.push(word(lang, FloorWord::Unverified).to_string());
    }
    match t.presence {
        Presence::Silent => notes.push(word(lang, FloorWord::StoppedShipping).to_string()),
        Presence::NeverConnected => notes.push(word(lang, FloorWord::NeverConnected).to_string()),
        Presence::Live | Presence::Closed => {}
    }
    match t.program.as_ref().and_then(ProgramStatus::alert) {
        Some(ProgramAlert::Forged) => notes.push(word(lang, FloorWord::ProgramForged).to_string()),
        Some(ProgramAlert::Unapproved) => {
            notes.push(word(lang, FloorWord::NotApproved).to_string())
        }
        None => {}
    }
    if alerts > 0 {
        notes.push(with(lang, FloorWord::ChainAlerts, alerts));
    }
    if t.flagged_hands > 0 {
        notes.push(with(
            lang,
            FloorWord::FlaggedHands,
            lang.number(t.flagged_hands),
        ));
    }
    notes
}

/// A table's game as the room lists it (its settings' words: "holdem nl 5/10") said
/// in `lang` ("No-limit Hold'em 5/10"), read with the settings' own codec and named
/// as the table's screens name it ([`Lang::game`]); what does not read is shown as
/// it is.
fn game_words(lang: Lang, game: &str) -> String {
    let mut parts = game.split_whitespace();
    let (Some(name), Some(limit)) = (parts.next(), parts.next()) else {
        return escape(game);
    };
    let Ok(cfg) = firmware::rules::codec::from_pairs([("game", name), ("limit", limit)]) else {
        return escape(game);
    };
    let mut out = lang.game(cfg.game, cfg.structure);
    for figures in parts {
        out.push(' ');
        out.push_str(figures);
    }
    escape(&out)
}

fn row(t: &TableLine, notes: &[String], lang: Lang, clock: &FloorClock) -> String {
    let id = escape(&t.table_id);
    let code = lang.code();
    // A table whose records were found changed shows none of their figures as fact.
    let hand = t.hand.filter(|_| !t.unverified);
    let (hand, pot, turn) = match (hand, t.hand_over) {
        (None, _) => ("-".to_string(), "-".to_string(), "-".to_string()),
        (Some(n), true) => (
            format!(
                "<a href=\"/floor/table/{id}/hand/{n}?lang={code}\">{n}</a> ({})",
                word(lang, FloorWord::Over)
            ),
            t.pot.map_or("-".to_string(), |p| lang.number(p)),
            word(lang, FloorWord::Between).to_string(),
        ),
        (Some(n), false) => (
            format!("{n} ({})", word(lang, FloorWord::InProgress)),
            t.live.map_or("-".to_string(), |l| lang.number(l.pot)),
            t.live.map_or("-".to_string(), |l| turn_words(lang, l.turn)),
        ),
    };
    let since = match t.last_input_ms.filter(|_| !t.unverified) {
        Some(at) => format!("{} ({})", clock.time(at), age(lang, t.seconds_since_input)),
        None => "-".to_string(),
    };
    format!(
        "<tr{cls} data-table=\"{id}\"><td>{id}</td><td>{game}</td><td class=\"num\">{hand}</td>\
         <td class=\"num pot\">{pot}</td><td class=\"turn\">{turn}</td><td>{input}</td>\
         <td>{since}</td><td class=\"num\">{head}</td><td class=\"num backlog\">{backlog}</td>\
         <td>{shipped}</td><td class=\"program\">{program}</td><td>{notes}</td></tr>",
        cls = match (notes.is_empty(), t.presence) {
            (false, _) => " class=\"flagged\"",
            (true, Presence::Closed) => " class=\"closed\"",
            (true, _) => "",
        },
        game = game_words(lang, &t.game),
        input = t
            .last_input
            .as_deref()
            .filter(|_| !t.unverified)
            .map_or("-".to_string(), |i| input_words(lang, i)),
        head = lang.number(t.head_seq),
        backlog = lang.number(t.backlog),
        shipped = age(lang, t.seconds_since_shipment),
        program = program_cell(t),
        notes = escape(&closed_note(t, notes, lang).join("; ")),
    )
}

/// A table's program as the room lists it: its version, then the short forms of its
/// binary's and its configuration's digests, each whole on hover (`title`), for
/// comparing with `tablectl verify-program` at the table.
fn program_cell(t: &TableLine) -> String {
    let Some(p) = &t.program else {
        return "-".to_string();
    };
    format!(
        "{version} <code class=\"binary\" title=\"{binary}\">{b}</code> · \
         <code class=\"config\" title=\"{config}\">{c}</code>",
        version = escape(&p.version),
        binary = p.binary,
        b = p.binary.short(),
        config = p.config,
        c = p.config.short(),
    )
}

/// The program alerts of the room, in `lang`, for the tables `view` shows.
fn program_alerts(room: &Room, view: &RoomView) -> Vec<String> {
    let lang = view.lang;
    room.program_alerts
        .iter()
        .filter(|a| view.table.as_deref().is_none_or(|id| a.table_id == id))
        .map(|a| {
            let (kind, w) = match a.kind {
                ProgramAlert::Unapproved => ("unapproved", FloorWord::UnapprovedProgramAlert),
                ProgramAlert::Forged => ("forged", FloorWord::ForgedProgramAlert),
            };
            format!(
                "<li class=\"alert program\" data-program-alert=\"{kind}\">{} · \
                 <code title=\"{binary}\">{short}</code> · {at}</li>",
                with(lang, w, escape(&a.table_id)),
                binary = a.binary,
                short = a.binary.short(),
                at = with(lang, FloorWord::AlertAt, a.seq),
            )
        })
        .collect()
}

/// The row's notes, and "closed" for a table that closed cleanly: said calmly, after
/// anything that needs a look.
fn closed_note(t: &TableLine, notes: &[String], lang: Lang) -> Vec<String> {
    let mut all = notes.to_vec();
    if t.presence == Presence::Closed {
        all.push(word(lang, FloorWord::Closed).to_string());
    }
    all
}

/// A `<select>` of `choices`, `chosen` selected, "every ..." first, each shown as
/// `label` says (already escaped).
fn select(
    name: &str,
    every: &str,
    choices: &[&str],
    chosen: Option<&str>,
    label: impl Fn(&str) -> String,
) -> String {
    let mut out = format!("<select name=\"{name}\"><option value=\"\">{every}</option>");
    for c in choices {
        let sel = if chosen.is_some_and(|x| x == *c) {
            " selected"
        } else {
            ""
        };
        out.push_str(&format!(
            "<option value=\"{}\"{sel}>{}</option>",
            escape(c),
            label(c)
        ));
    }
    out.push_str("</select>");
    out
}

/// The tables' `<select>`, `chosen` selected.
fn table_select(lang: Lang, ids: &[&str], chosen: Option<&str>) -> String {
    select(
        "table",
        word(lang, FloorWord::AllTables),
        ids,
        chosen,
        escape,
    )
}

/// The room: the tables `view` asks for, then the alerts not cleared.
pub fn room_page(room: &Room, view: &RoomView, clock: &FloorClock) -> String {
    let lang = view.lang;
    let mut games: Vec<&str> = room.tables.iter().map(|t| t.game.as_str()).collect();
    games.sort_unstable();
    games.dedup();
    let ids: Vec<&str> = room.tables.iter().map(|t| t.table_id.as_str()).collect();
    let rows: Vec<String> = room
        .tables
        .iter()
        .filter(|t| view.table.as_deref().is_none_or(|id| t.table_id == id))
        .filter(|t| view.game.as_deref().is_none_or(|g| t.game == g))
        .filter_map(|t| {
            let alerts = room
                .alerts
                .iter()
                .filter(|a| a.table_id == t.table_id)
                .count();
            let notes = notes(t, alerts, lang);
            (!view.alerts_only || !notes.is_empty()).then(|| row(t, &notes, lang, clock))
        })
        .collect();
    let alerts: Vec<String> = room
        .alerts
        .iter()
        .filter(|a| view.table.as_deref().is_none_or(|id| a.table_id == id))
        .map(|a| alert_item(lang, a))
        .collect();
    let programs = program_alerts(room, view);
    let mut hints = String::new();
    if !alerts.is_empty() {
        hints.push_str(&format!(
            "<p>{} <code>tablectl floor clear --db URL ID</code></p>",
            word(lang, FloorWord::ClearHint)
        ));
    }
    if !programs.is_empty() {
        hints.push_str(&format!(
            "<p>{} <code>tablectl floor approve --db URL HASH</code></p>",
            word(lang, FloorWord::ApproveHint)
        ));
    }
    let alerts = if alerts.is_empty() && programs.is_empty() {
        format!(
            "<p class=\"no-alerts\">{}</p>",
            word(lang, FloorWord::NoAlert)
        )
    } else {
        format!(
            "<ul class=\"alerts\">{}</ul>{hints}",
            programs
                .into_iter()
                .chain(alerts)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    };
    let w = |x| word(lang, x);
    let filter = format!(
        "<form class=\"filter\" method=\"get\" action=\"/floor\">{table}: {tables} {game}: {games} \
         <label><input type=\"checkbox\" name=\"alerts\" value=\"1\"{checked}> {only}</label> \
         {language} <button>{show}</button> <a href=\"/floor/hands?lang={code}\">{hands}</a></form>",
        table = w(FloorWord::Table),
        tables = table_select(lang, &ids, view.table.as_deref()),
        game = w(FloorWord::Game),
        games = select(
            "game",
            w(FloorWord::AllGames),
            &games,
            view.game.as_deref(),
            |g| game_words(lang, g)
        ),
        checked = if view.alerts_only { " checked" } else { "" },
        only = w(FloorWord::AlertsOnly),
        language = language_field(lang),
        show = w(FloorWord::Show),
        code = lang.code(),
        hands = w(FloorWord::Hands),
    );
    let body = format!(
        "<p>{intro}</p>{filter}\
         <table class=\"room\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th>\
         <th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th>\
         <th>{}</th></tr></thead><tbody>{}</tbody></table><h2>{}</h2>{alerts}",
        w(FloorWord::Table),
        w(FloorWord::Game),
        w(FloorWord::Hand),
        w(FloorWord::Pot),
        w(FloorWord::ToAct),
        w(FloorWord::LastInput),
        w(FloorWord::When),
        w(FloorWord::Records),
        w(FloorWord::Backlog),
        w(FloorWord::LastShipment),
        w(FloorWord::Program),
        w(FloorWord::Alerts),
        rows.join("\n"),
        w(FloorWord::Alerts),
        intro = with(lang, FloorWord::Intro, REFRESH_S),
    );
    reloading(page(lang, w(FloorWord::Title), &body))
}

/// `page`, reloading itself every [`REFRESH_S`] seconds ([`reloading_every`]).
fn reloading(page: String) -> String {
    reloading_every(page, REFRESH_S)
}

/// `page`, reloading itself every `seconds`: a meta refresh, which the pages' policy
/// allows (no script), so a wall screen follows the room on its own.
pub(super) fn reloading_every(page: String, seconds: u32) -> String {
    page.replacen(
        "<meta charset=\"utf-8\">",
        &format!("<meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"{seconds}\">"),
        1,
    )
}

/// The page shown while the store cannot be read (down, not reached yet, too slow):
/// it says so in `lang`, with the store's own words (`detail`), and reloads itself,
/// so a wall screen shows the room again once the store is back.
pub fn store_down_page(lang: Lang, detail: &str) -> String {
    reloading(page(
        lang,
        word(lang, FloorWord::Title),
        &format!(
            "<p class=\"error\">{}</p><p class=\"detail\"><code>{}</code></p>",
            with(lang, FloorWord::StoreDown, REFRESH_S),
            escape(detail)
        ),
    ))
}

/// The hands' search as asked: its filter and table, echoed in its form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandsView {
    /// Only this table.
    pub table: Option<String>,
    /// The filter.
    pub filter: HandFilter,
}

fn flags_words(lang: Lang, h: &FloorHand) -> String {
    let f = &h.hand.flags;
    [
        (f.corrections, FloorWord::Corrections),
        (f.misdeals, FloorWord::Misdeals),
        (f.rulings, FloorWord::Rulings),
        (f.over_pot, FloorWord::OverPotBets),
        (f.bad_tags, FloorWord::BadTags),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, w)| format!("{}: {n}", word(lang, *w)))
    .collect::<Vec<_>>()
    .join(", ")
}

/// The hands' search: its form, then the hands found (`None`: not searched yet).
pub fn hands_page(
    lang: Lang,
    clock: &FloorClock,
    view: &HandsView,
    tables: &[String],
    found: &[FloorHand],
) -> String {
    let w = |x| word(lang, x);
    let f = &view.filter;
    let ids: Vec<&str> = tables.iter().map(String::as_str).collect();
    let check = |name: &str, on: bool, label: FloorWord| {
        format!(
            "<label><input type=\"checkbox\" name=\"{name}\" value=\"1\"{}> {}</label>",
            if on { " checked" } else { "" },
            w(label)
        )
    };
    let time = |at: Option<WallTime>| at.map(|at| clock.field(at)).unwrap_or_default();
    let form = format!(
        "<form class=\"filter\" method=\"get\" action=\"/floor/hands\">\
         <label>{table} {tables}</label> \
         <label>{seat} <input name=\"seat\" size=\"3\" value=\"{seat_v}\"></label> \
         <label>{from} <input type=\"datetime-local\" name=\"from\" value=\"{from_v}\"></label> \
         <label>{to} <input type=\"datetime-local\" name=\"to\" value=\"{to_v}\"></label> \
         <label>{pot} <input name=\"pot_over\" size=\"8\" value=\"{pot_v}\"></label> \
         {corr} {mis} {rul} {language} <button>{find}</button></form>",
        table = w(FloorWord::Table),
        tables = table_select(lang, &ids, view.table.as_deref()),
        seat = w(FloorWord::Seat),
        seat_v = f.seat.map(|s| s.to_string()).unwrap_or_default(),
        from = w(FloorWord::From),
        from_v = time(f.from_ms),
        to = w(FloorWord::To),
        to_v = time(f.to_ms),
        pot = w(FloorWord::PotOver),
        pot_v = f.pot_over.map(|p| p.to_string()).unwrap_or_default(),
        corr = check("corrections", f.corrections, FloorWord::Corrections),
        mis = check("misdeals", f.misdeals, FloorWord::Misdeals),
        rul = check("rulings", f.rulings, FloorWord::Rulings),
        language = language_field(lang),
        find = w(FloorWord::FindHands),
    );
    let rows: Vec<String> = found
        .iter()
        .map(|h| {
            let id = escape(&h.table_id);
            let n = h.hand.number;
            let number = if h.hand.end_ms.is_some() {
                format!(
                    "<a href=\"/floor/table/{id}/hand/{n}?lang={}\">{n}</a>",
                    lang.code()
                )
            } else {
                format!("{n} ({})", w(FloorWord::InProgress))
            };
            let seats: Vec<String> = h.hand.seats.iter().map(|s| s.to_string()).collect();
            format!(
                "<tr data-table=\"{id}\" data-hand=\"{n}\"><td>{id}</td><td class=\"num\">{number}</td>\
                 <td>{start}</td><td>{end}</td><td>{seats}</td><td class=\"num\">{pot}</td>\
                 <td class=\"num\">{rake}</td><td>{flags}</td></tr>",
                start = clock.time(h.hand.start_ms),
                end = h.hand.end_ms.map_or("-".to_string(), |ms| clock.time(ms)),
                seats = seats.join(" "),
                pot = h.hand.pot.map_or("-".to_string(), |p| lang.number(p.get())),
                rake = lang.number(h.hand.rake.get()),
                flags = escape(&flags_words(lang, h)),
            )
        })
        .collect();
    let list = if rows.is_empty() {
        format!("<p class=\"no-hands\">{}</p>", w(FloorWord::NoHand))
    } else {
        format!(
            "<table class=\"hands\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th>\
             <th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>{}</tbody></table>",
            w(FloorWord::Table),
            w(FloorWord::Hand),
            w(FloorWord::Start),
            w(FloorWord::End),
            w(FloorWord::Seat),
            w(FloorWord::Pot),
            w(FloorWord::Rake),
            w(FloorWord::Flags),
            rows.join("\n")
        )
    };
    page(
        lang,
        w(FloorWord::Hands),
        &format!(
            "<p><a href=\"/floor?lang={}\">{}</a></p>{form}{list}",
            lang.code(),
            w(FloorWord::EveryTable)
        ),
    )
}

/// A finished hand's timeline, each entry said in `lang` from its structured data
/// ([`crate::words::entries`], as the table's floor view says it).
pub fn hand_page(lang: Lang, table_id: &str, number: u32, records: &[TimelineEntry]) -> String {
    let lines: Vec<String> = records
        .iter()
        .map(|e| {
            format!(
                "<li><pre>{}</pre></li>",
                escape(&crate::words::entries::describe(lang, e))
            )
        })
        .collect();
    page(
        lang,
        &format!(
            "{} {table_id} · {} {number}",
            word(lang, FloorWord::Table),
            word(lang, FloorWord::Hand)
        ),
        &format!(
            "<p><a href=\"/floor?lang={}\">{}</a></p><ol class=\"timeline\">{}</ol>",
            lang.code(),
            word(lang, FloorWord::EveryTable),
            lines.join("\n")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::floor::live::LiveHand;
    use crate::floor::words::FLOOR_WORDS;
    use crate::floor::Alert;
    use crate::records::handlog::{HandFlags, HandSummary, Seq};
    use firmware::{Chips, SeatNo};

    fn table(id: &str) -> TableLine {
        TableLine {
            table_id: id.into(),
            game: "holdem nl 5/10".into(),
            hand: Some(7),
            hand_over: false,
            pot: None,
            live: Some(LiveHand {
                pot: 1_250,
                turn: Turn::Seat(4),
            }),
            last_input: Some("<b>call</b>".into()),
            last_input_ms: Some(WallTime::from_unix_millis(1_764_079_392_345)),
            seconds_since_input: Some(3.0),
            head_seq: 120,
            backlog: 4,
            seconds_since_shipment: Some(1.0),
            presence: Presence::Live,
            flagged_hands: 0,
            unverified: false,
            program: None,
        }
    }

    /// Issue 26, attack 11: a table whose records the floor service found changed
    /// shows neither its hand, nor its pot, nor its last input as fact, and says so.
    #[test]
    fn a_table_whose_records_do_not_verify_shows_none_of_their_figures() {
        let mut t = table("T1");
        t.hand_over = true;
        t.pot = Some(8_323);
        t.unverified = true;
        let room = Room {
            tables: vec![t],
            alerts: vec![],
            program_alerts: vec![],
        };
        let page = room_page(&room, &RoomView::all(Lang::En), &FloorClock::utc());
        assert!(page.contains("RECORDS DO NOT VERIFY"), "{page}");
        for shown in ["8,323", "/hand/7", "call", "2025-11-25"] {
            assert!(!page.contains(shown), "{shown}: {page}");
        }
        let page = room_page(&room, &RoomView::all(Lang::Ru), &FloorClock::utc());
        assert!(page.contains("ЗАПИСИ НЕ ПРОХОДЯТ ПРОВЕРКУ"), "{page}");
    }

    fn alert(table: &str) -> Alert {
        Alert {
            id: 3,
            table_id: table.into(),
            kind: "fork".into(),
            seq: 9,
            detail: "x".into(),
            cleared: false,
        }
    }

    #[test]
    fn a_hand_in_progress_shows_its_pot_and_turn_and_no_link() {
        let room = Room {
            tables: vec![table("T<1>")],
            alerts: vec![alert("T<1>")],
            program_alerts: vec![],
        };
        let page = room_page(&room, &RoomView::all(Lang::En), &FloorClock::utc());
        assert!(
            page.contains("7 (in progress)") && !page.contains("/hand/7"),
            "{page}"
        );
        assert!(page.contains("1,250") && page.contains("seat 4"), "{page}");
        assert!(page.contains("&lt;b&gt;call") && !page.contains("<b>call"));
        assert!(page.contains("chain alerts: 1") && page.contains("log rewritten"));
        assert!(page.contains("2025-11-25 14:03:12 (3 s ago)"), "{page}");
        assert!(page.contains("http-equiv=\"refresh\""));
    }

    #[test]
    fn the_store_down_page_says_so_in_the_pages_language_and_reloads_itself() {
        let page = store_down_page(Lang::Bg, "error connecting to <server>");
        assert!(page.contains("<html lang=\"bg\">"), "{page}");
        assert!(page.contains("Базата на флора не е достъпна"), "{page}");
        assert!(page.contains("&lt;server&gt;") && !page.contains("<server>"));
        assert!(page.contains(&format!("http-equiv=\"refresh\" content=\"{REFRESH_S}\"")));
    }

    #[test]
    fn the_game_is_named_in_the_pages_language_and_filtered_by_its_code() {
        let room = Room {
            tables: vec![table("T1")],
            alerts: vec![],
            program_alerts: vec![],
        };
        let named = [
            (Lang::En, "No-limit Hold'em 5/10"),
            (Lang::Mk, "Без лимит Холдем 5/10"),
            (Lang::Pl, "No-limit Hold'em 5/10"),
            (Lang::Bg, "Без лимит Холдем 5/10"),
            (Lang::Ru, "Безлимитный холдем 5/10"),
        ];
        for (lang, name) in named {
            let name = escape(name);
            let page = room_page(&room, &RoomView::all(lang), &FloorClock::utc());
            assert!(page.contains(&format!("<td>{name}</td>")), "{page}");
            assert!(
                page.contains(&format!("<option value=\"holdem nl 5/10\">{name}</option>")),
                "{page}"
            );
            assert!(!text_of(&page).contains("holdem nl"), "{lang:?}: {page}");
        }
        assert_eq!(
            game_words(Lang::En, "draw fl 0/0"),
            "Fixed-limit Five-card draw 0/0"
        );
        assert_eq!(game_words(Lang::En, "stud <x> 1/2"), "stud &lt;x&gt; 1/2");
        assert_eq!(game_words(Lang::En, "-"), "-");
    }

    #[test]
    fn a_card_input_shows_its_verb_and_hides_the_card() {
        assert_eq!(input_words(Lang::En, "deal"), "card dealt (card hidden)");
        assert_eq!(input_words(Lang::Ru, "bet 300"), "ставка или рейз до 300");
        assert_eq!(input_words(Lang::En, "seat 3 1000 wait"), "seat 3 1000");
        assert_eq!(input_words(Lang::En, "frob <x>"), "frob &lt;x&gt;");
    }

    /// Issue 27: a table that closed cleanly is shown closed, calmly; one bound and
    /// never heard from is flagged, and so listed among the tables to look at.
    #[test]
    fn a_closed_table_is_calm_and_one_never_connected_is_flagged() {
        let mut closed = table("T1");
        closed.seconds_since_shipment = Some(3_600.0);
        closed.presence = Presence::Closed;
        let mut never = table("T2");
        never.presence = Presence::NeverConnected;
        let room = Room {
            tables: vec![closed, never],
            alerts: vec![],
            program_alerts: vec![],
        };
        let clock = FloorClock::utc();
        let page = room_page(&room, &RoomView::all(Lang::En), &clock);
        assert!(
            page.contains("<tr class=\"closed\" data-table=\"T1\">"),
            "{page}"
        );
        assert!(!page.contains("stopped shipping"), "{page}");
        assert!(
            page.contains("<tr class=\"flagged\" data-table=\"T2\">"),
            "{page}"
        );
        assert!(page.contains("never connected"), "{page}");
        let only = RoomView {
            alerts_only: true,
            ..RoomView::all(Lang::En)
        };
        let page = room_page(&room, &only, &clock);
        assert!(!page.contains("data-table=\"T1\"") && page.contains("data-table=\"T2\""));
    }

    #[test]
    fn a_table_silent_for_long_is_flagged_and_the_filters_pick_tables() {
        let mut t = table("T1");
        t.seconds_since_shipment = Some(120.0);
        t.presence = Presence::Silent;
        t.hand_over = true;
        t.pot = Some(300);
        let mut quiet = table("T2");
        quiet.game = "omaha pl 5/10".into();
        let room = Room {
            tables: vec![t, quiet],
            alerts: vec![],
            program_alerts: vec![],
        };
        let clock = FloorClock::utc();
        let page = room_page(&room, &RoomView::all(Lang::En), &clock);
        assert!(page.contains("stopped shipping") && page.contains("/floor/table/T1/hand/7"));
        assert!(page.contains("No alert.") && page.contains("data-table=\"T2\""));
        let only = RoomView {
            alerts_only: true,
            ..RoomView::all(Lang::En)
        };
        let page = room_page(&room, &only, &clock);
        assert!(page.contains("data-table=\"T1\"") && !page.contains("data-table=\"T2\""));
        let omaha = RoomView {
            game: Some("omaha pl 5/10".into()),
            ..RoomView::all(Lang::En)
        };
        let page = room_page(&room, &omaha, &clock);
        assert!(!page.contains("data-table=\"T1\"") && page.contains("data-table=\"T2\""));
        let one = RoomView {
            table: Some("T1".into()),
            ..RoomView::all(Lang::En)
        };
        let page = room_page(&room, &one, &clock);
        assert!(page.contains("data-table=\"T1\"") && !page.contains("data-table=\"T2\""));
    }

    fn found() -> Vec<FloorHand> {
        vec![FloorHand {
            table_id: "T1".into(),
            hand: HandSummary {
                number: 12,
                start_ms: WallTime::from_unix_millis(1_764_079_392_345),
                end_ms: Some(WallTime::from_unix_millis(1_764_079_452_345)),
                last_ms: WallTime::from_unix_millis(1_764_079_452_345),
                seats: SeatNo::up_to(3).collect(),
                pot: Some(Chips::new(12_500)),
                rake: Chips::new(250),
                flags: HandFlags {
                    misdeals: 1,
                    rulings: 1,
                    ..HandFlags::default()
                },
                records: 30,
                first_seq: Seq(100),
                last_seq: Seq(129),
            },
        }]
    }

    #[test]
    fn the_hands_search_lists_hands_with_readable_times() {
        let view = HandsView {
            table: Some("T1".into()),
            filter: HandFilter {
                from_ms: Some(WallTime::from_unix_millis(1_764_079_380_000)),
                misdeals: true,
                ..HandFilter::default()
            },
        };
        let page = hands_page(
            Lang::En,
            &FloorClock::utc(),
            &view,
            &["T1".into()],
            &found(),
        );
        assert!(page.contains("/floor/table/T1/hand/12?lang=en"), "{page}");
        assert!(page.contains("2025-11-25 14:04:12") && page.contains("12,500"));
        assert!(page.contains("value=\"2025-11-25T14:03\""), "{page}");
        assert!(page.contains("name=\"misdeals\" value=\"1\" checked"));
        assert!(page.contains("misdeals: 1, floor rulings: 1"));
        let none = hands_page(Lang::En, &FloorClock::utc(), &view, &[], &[]);
        assert!(none.contains("No hand matches."));
    }

    /// The page's text, its tags, attributes, codes and the table's own names left out.
    fn text_of(page: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in page.chars() {
            match c {
                '<' => in_tag = true,
                '>' => {
                    in_tag = false;
                    out.push(' ');
                }
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out
    }

    /// A table's program as the floor reads it: `approved`, `verified`.
    fn program(approved: bool, verified: bool) -> ProgramStatus {
        use crate::records::program::Sha256Digest;
        ProgramStatus {
            seq: 42,
            version: "0.1.0 <b>".into(),
            binary: Sha256Digest::of(b"tablectl"),
            config: Sha256Digest::of(b"table.toml"),
            approved,
            verified,
        }
    }

    /// The program alerts the store computes for `tables`.
    fn program_alerts_of(tables: &[&TableLine]) -> Vec<crate::floor::ProgramAlertLine> {
        let programs = tables
            .iter()
            .filter_map(|t| Some((t.table_id.clone(), t.program.clone()?)))
            .collect();
        crate::floor::programs::alert_lines(&programs)
    }

    /// The room of tables `T1` (whose program is `p`) and `T2` (an approved one),
    /// with the program alerts the store computes.
    fn room_with(p: ProgramStatus) -> Room {
        let mut t1 = table("T1");
        t1.program = Some(p);
        let mut t2 = table("T2");
        t2.program = Some(program(true, true));
        let program_alerts = program_alerts_of(&[&t1, &t2]);
        Room {
            tables: vec![t1, t2],
            alerts: vec![],
            program_alerts,
        }
    }

    #[test]
    fn each_table_shows_its_program_and_an_unapproved_one_raises_its_alert() {
        let clock = FloorClock::utc();
        let p = program(false, true);
        let page = room_page(&room_with(p.clone()), &RoomView::all(Lang::En), &clock);
        let full = p.binary.to_string();
        assert!(
            page.contains(&format!("title=\"{full}\">{}</code>", &full[..12])),
            "the short form, the whole on hover: {page}"
        );
        assert!(page.contains(&format!("title=\"{}\"", p.config)), "{page}");
        assert!(page.contains("0.1.0 &lt;b&gt;") && !page.contains("0.1.0 <b>"));
        assert!(
            page.contains("table T1 runs a program the floor has not approved"),
            "{page}"
        );
        assert!(!page.contains("table T2 runs"), "{page}");
        assert!(page.contains("program not approved") && page.contains("floor approve"));
        assert!(!page.contains("No alert."));
        // Only the tables with something to look at: T1 for its program.
        let only = RoomView {
            alerts_only: true,
            ..RoomView::all(Lang::En)
        };
        let page = room_page(&room_with(p), &only, &clock);
        assert!(page.contains("data-table=\"T1\"") && !page.contains("data-table=\"T2\""));
        // Approved: nothing to look at.
        let page = room_page(
            &room_with(program(true, true)),
            &RoomView::all(Lang::En),
            &clock,
        );
        assert!(
            page.contains("No alert.") && !page.contains("runs a program"),
            "{page}"
        );
        // A record that does not verify: forged, whatever the approvals say.
        let page = room_page(
            &room_with(program(true, false)),
            &RoomView::all(Lang::Pl),
            &clock,
        );
        assert!(
            page.contains("WPIS PROGRAMU NIE PRZECHODZI WERYFIKACJI"),
            "{page}"
        );
        assert!(
            page.contains("wpis programu stołu T1 nie przechodzi weryfikacji"),
            "{page}"
        );
    }

    #[test]
    fn no_english_is_left_on_a_page_in_another_language() {
        let mut t = table("T1");
        t.program = Some(program(false, true));
        t.seconds_since_shipment = Some(120.0);
        t.presence = Presence::Silent;
        t.flagged_hands = 2;
        t.last_input = Some("deal".into());
        let mut closed = table("T3");
        closed.presence = Presence::Closed;
        let mut never = table("T4");
        never.presence = Presence::NeverConnected;
        let mut forged = table("T5");
        forged.program = Some(program(true, false));
        let program_alerts = program_alerts_of(&[&t, &forged]);
        let room = Room {
            tables: vec![t, table("T2"), closed, never, forged],
            alerts: vec![alert("T1")],
            program_alerts,
        };
        let clock = FloorClock::utc();
        for lang in ALL.into_iter().filter(|l| *l != Lang::En) {
            let pages = [
                room_page(&room, &RoomView::all(lang), &clock),
                hands_page(
                    lang,
                    &clock,
                    &HandsView::default(),
                    &["T1".into()],
                    &found(),
                ),
                hands_page(lang, &clock, &HandsView::default(), &[], &[]),
            ];
            for page in pages {
                assert!(page.contains(&format!("<html lang=\"{}\">", lang.code())));
                let text = text_of(&page);
                for &w in FLOOR_WORDS {
                    let en = with(Lang::En, w, "");
                    let en = en.trim();
                    // Short words ("To", "s") are parts of other words and names.
                    if en.len() > 3 && en != with(lang, w, "").trim() {
                        assert!(!text.contains(en), "{lang:?}: `{en}` left in English");
                    }
                }
                for english in ["ago", "never", "seat", "card", "over", "progress"] {
                    assert!(
                        !text.contains(english),
                        "{lang:?}: `{english}` left in English: {text}"
                    );
                }
            }
        }
    }
}
