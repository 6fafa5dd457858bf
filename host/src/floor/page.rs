//! The floor's pages, as HTML: the room (every table and the open alerts), and a
//! finished hand's timeline. Every text from the store is escaped; the room reloads
//! itself every [`REFRESH_S`] seconds (no script: the page loads nothing else).

use super::room::{Room, TableLine};
use crate::display::floor::{document, escape};
use crate::records::handlog::TimelineEntry;

/// How often the room's page reloads, in seconds.
pub const REFRESH_S: u32 = 2;

fn seconds(s: Option<f64>) -> String {
    match s {
        None => "-".to_string(),
        Some(s) if s < 90.0 => format!("{:.0} s ago", s.max(0.0)),
        Some(s) if s < 5400.0 => format!("{:.0} min ago", s / 60.0),
        Some(s) => format!("{:.1} h ago", s / 3600.0),
    }
}

fn row(t: &TableLine, alerts: usize) -> String {
    let id = escape(&t.table_id);
    let hand = match (t.hand, t.hand_over) {
        (None, _) => "-".to_string(),
        (Some(n), true) => format!("<a href=\"/floor/table/{id}/hand/{n}\">{n}</a> (over)"),
        (Some(n), false) => format!("{n} (in progress)"),
    };
    let mut notes = Vec::new();
    if t.stopped_shipping() {
        notes.push("stopped shipping".to_string());
    }
    if alerts > 0 {
        notes.push(format!("{alerts} chain alert(s)"));
    }
    if t.flagged_hands > 0 {
        notes.push(format!(
            "{} hand(s) with misdeals, corrections, floor rulings, over-pot bets or bad tags",
            t.flagged_hands
        ));
    }
    format!(
        "<tr{cls} data-table=\"{id}\"><td>{id}</td><td>{game}</td><td class=\"num\">{hand}</td>\
         <td class=\"num\">{pot}</td><td>{input}</td><td>{since}</td><td class=\"num\">{head}</td>\
         <td class=\"num backlog\">{backlog}</td><td>{shipped}</td><td>{notes}</td></tr>",
        cls = if notes.is_empty() {
            ""
        } else {
            " class=\"flagged\""
        },
        game = escape(&t.game),
        pot = t.pot.map_or("-".to_string(), |p| p.to_string()),
        input = escape(t.last_input.as_deref().unwrap_or("-")),
        since = seconds(t.seconds_since_input),
        head = t.head_seq,
        backlog = t.backlog,
        shipped = seconds(t.seconds_since_shipment),
        notes = escape(&notes.join("; ")),
    )
}

/// The room: every table, then the alerts not cleared.
pub fn room_page(room: &Room) -> String {
    let rows: Vec<String> = room
        .tables
        .iter()
        .map(|t| {
            let alerts = room
                .alerts
                .iter()
                .filter(|a| a.table_id == t.table_id)
                .count();
            row(t, alerts)
        })
        .collect();
    let alerts: Vec<String> = room
        .alerts
        .iter()
        .map(|a| {
            format!(
                "<li class=\"alert\" data-alert=\"{}\">alert {}: {}</li>",
                a.id,
                a.id,
                escape(&a.to_string())
            )
        })
        .collect();
    let alerts = if alerts.is_empty() {
        "<p class=\"no-alerts\">No alert.</p>".to_string()
    } else {
        format!(
            "<ul class=\"alerts\">{}</ul><p>Clear one once dealt with: \
             <code>tablectl floor clear --db URL ID</code>.</p>",
            alerts.join("\n")
        )
    };
    let body = format!(
        "<p>Every table's hand log as the floor's store holds it; this page reloads every \
         {REFRESH_S} s. A hand's timeline opens once the hand is over.</p>\
         <table class=\"room\"><thead><tr><th>Table</th><th>Game</th><th>Hand</th><th>Pot</th>\
         <th>Last input</th><th>When</th><th>Records</th><th>Backlog</th><th>Last shipment</th>\
         <th>Alerts</th></tr></thead><tbody>{}</tbody></table><h2>Alerts</h2>{alerts}",
        rows.join("\n")
    );
    document("Floor — every table", &body).replacen(
        "<meta charset=\"utf-8\">",
        &format!("<meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"{REFRESH_S}\">"),
        1,
    )
}

/// A finished hand's timeline.
pub fn hand_page(table_id: &str, number: u32, records: &[TimelineEntry]) -> String {
    let lines: Vec<String> = records
        .iter()
        .map(|e| format!("<li><pre>{}</pre></li>", escape(&e.to_string())))
        .collect();
    document(
        &format!("Table {table_id} — hand {number}"),
        &format!(
            "<p><a href=\"/floor\">Every table</a></p><ol class=\"timeline\">{}</ol>",
            lines.join("\n")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::floor::Alert;

    fn table(id: &str) -> TableLine {
        TableLine {
            table_id: id.into(),
            game: "holdem nl 5/10".into(),
            hand: Some(7),
            hand_over: false,
            pot: None,
            last_input: Some("<b>call</b>".into()),
            seconds_since_input: Some(3.0),
            head_seq: 120,
            backlog: 4,
            seconds_since_shipment: Some(1.0),
            flagged_hands: 0,
        }
    }

    #[test]
    fn a_hand_in_progress_has_no_link_and_text_is_escaped() {
        let room = Room {
            tables: vec![table("T<1>")],
            alerts: vec![Alert {
                id: 3,
                table_id: "T<1>".into(),
                kind: "fork".into(),
                seq: 9,
                detail: "x".into(),
                cleared: false,
            }],
        };
        let page = room_page(&room);
        assert!(
            page.contains("7 (in progress)") && !page.contains("/hand/7"),
            "{page}"
        );
        assert!(page.contains("&lt;b&gt;call") && !page.contains("<b>call"));
        assert!(page.contains("1 chain alert(s)") && page.contains("alert 3:"));
        assert!(page.contains("http-equiv=\"refresh\""));
    }

    #[test]
    fn a_table_silent_for_long_is_flagged() {
        let mut t = table("T1");
        t.seconds_since_shipment = Some(120.0);
        t.hand_over = true;
        let page = room_page(&Room {
            tables: vec![t],
            alerts: vec![],
        });
        assert!(page.contains("stopped shipping") && page.contains("/floor/table/T1/hand/7"));
        assert!(page.contains("No alert."));
    }
}
