//! The floor view: the table's recent hands from the hand log, each opening to its
//! timeline, the same content as `tablectl audit show`. Read-only: the log is opened
//! for reading on each request ([`AuditLog`]), so the floor never holds it open.

use crate::records::handlog::{AuditLog, HandFilter, HandFlags, HandSummary};

/// Hands listed, newest first.
pub const RECENT_HANDS: usize = 100;

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn document(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><link rel=\"stylesheet\" href=\"/page.css\"></head>\
         <body class=\"floor\"><h1>{t}</h1>\n{body}\n</body></html>\n",
        t = escape(title)
    )
}

/// A page that says what went wrong.
pub fn error_page(message: &str) -> String {
    document(
        "Floor view",
        &format!("<p class=\"error\">{}</p>", escape(message)),
    )
}

/// What the floor looks for in a hand, as words.
pub fn flag_words(f: &HandFlags) -> Vec<String> {
    [
        (f.corrections, "correction"),
        (f.misdeals, "misdeal"),
        (f.over_pot, "over-pot"),
        (f.bad_tags, "bad tag"),
        (f.refusals, "refused"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, w)| format!("{n} {w}"))
    .collect()
}

fn row(h: &HandSummary) -> String {
    let seats: Vec<String> = h.seats.iter().map(|s| s.to_string()).collect();
    let flags = flag_words(&h.flags);
    format!(
        "<tr{cls}><td><a href=\"/floor/hand/{n}\">{n}</a></td><td>{start}</td><td>{seats}</td>\
         <td class=\"num\">{pot}</td><td>{done}</td><td>{flags}</td></tr>",
        cls = if flags.is_empty() {
            ""
        } else {
            " class=\"flagged\""
        },
        n = h.number,
        start = h.start_ms,
        seats = seats.join(", "),
        pot = h.pot.map_or("-".to_string(), |p| p.to_string()),
        done = if h.end_ms.is_some() {
            "paid"
        } else {
            "in progress"
        },
        flags = escape(&flags.join(", ")),
    )
}

/// The list of recent hands.
pub fn list_page(dir: &std::path::Path) -> String {
    let log = match AuditLog::open(dir) {
        Ok(l) => l,
        Err(e) => return error_page(&format!("the hand log cannot be read: {e}")),
    };
    let mut hands = match log.list_hands(&HandFilter::default()) {
        Ok(h) => h,
        Err(e) => return error_page(&format!("the hand log cannot be read: {e}")),
    };
    hands.reverse();
    hands.truncate(RECENT_HANDS);
    let rows: Vec<String> = hands.iter().map(row).collect();
    // The signed head, as it stands: copy it out (the floor's store, a slip) to anchor
    // the log (`tablectl audit verify --anchor`).
    let head = match log.head() {
        Ok(Some(h)) => format!(
            "<p>Signed head (keep it to anchor the log): <code class=\"head\">{}</code></p>",
            escape(&h.to_string())
        ),
        _ => String::new(),
    };
    document(
        &format!("Table {} — recent hands", log.table_id()),
        &format!(
            "{head}<p>Newest first; times in ms since the epoch. Read-only.</p>\
             <table><thead><tr><th>Hand</th><th>Started</th><th>Seats</th><th>Pot</th>\
             <th>State</th><th>Flags</th></tr></thead><tbody>{}</tbody></table>",
            rows.join("\n")
        ),
    )
}

/// One hand's timeline.
pub fn hand_page(dir: &std::path::Path, number: u32) -> String {
    let log = match AuditLog::open(dir) {
        Ok(l) => l,
        Err(e) => return error_page(&format!("the hand log cannot be read: {e}")),
    };
    match log.timeline(number) {
        Ok(entries) if entries.is_empty() => error_page(&format!("no hand {number} in this log")),
        Ok(entries) => {
            let lines: Vec<String> = entries
                .iter()
                .map(|e| {
                    let text = e.to_string();
                    let cls = if text.contains("CORRECTION") || text.contains("refused") {
                        " class=\"flagged\""
                    } else {
                        ""
                    };
                    format!("<li{cls}><pre>{}</pre></li>", escape(&text))
                })
                .collect();
            document(
                &format!("Table {} — hand {number}", log.table_id()),
                &format!(
                    "<p><a href=\"/floor\">All hands</a></p><ol class=\"timeline\">{}</ol>",
                    lines.join("\n")
                ),
            )
        }
        Err(e) => error_page(&format!("hand {number}: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_log_cannot_become_markup() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
    }

    #[test]
    fn a_missing_log_is_a_message_not_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        let page = list_page(&dir.path().join("nothing-here"));
        assert!(page.contains("cannot be read"), "{page}");
        let page = hand_page(&dir.path().join("nothing-here"), 3);
        assert!(page.contains("cannot be read"), "{page}");
    }

    #[test]
    fn flags_name_what_the_floor_looks_for() {
        let f = HandFlags {
            corrections: 2,
            over_pot: 1,
            ..HandFlags::default()
        };
        assert_eq!(flag_words(&f), vec!["2 correction", "1 over-pot"]);
    }
}
