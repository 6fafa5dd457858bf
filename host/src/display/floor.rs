//! The floor view: the table's recent hands, each opening to its timeline, the same
//! content as `tablectl audit show` once the hand is paid. Built from the floor's
//! index ([`FloorIndex`]), never from the log itself; a hand in progress shows only
//! what the table shows.

use super::index::{FloorIndex, HandLookup, FULL_HANDS};
use crate::records::handlog::{HandFlags, HandSummary};

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

/// A floor page: `title` as its heading, `body` below, the floor's style.
pub fn document(title: &str, body: &str) -> String {
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
pub fn list_page(index: &FloorIndex) -> String {
    let rows: Vec<String> = index.recent(RECENT_HANDS).iter().map(row).collect();
    // The signed head, as it stands: copy it out (the floor's store, a slip) to anchor
    // the log (`tablectl audit verify --anchor`).
    let head = index.head().map_or(String::new(), |h| {
        format!(
            "<p>Signed head (keep it to anchor the log): <code class=\"head\">{}</code></p>",
            escape(h)
        )
    });
    document(
        &format!("Table {} — recent hands", index.table_id()),
        &format!(
            "<p>Newest first; times in ms since the epoch. Read-only. A hand in progress \
             shows only what the table shows.</p>{head}\
             <table><thead><tr><th>Hand</th><th>Started</th><th>Seats</th><th>Pot</th>\
             <th>State</th><th>Flags</th></tr></thead><tbody>{}</tbody></table>",
            rows.join("\n")
        ),
    )
}

/// One hand's timeline, and whether there is one to show.
pub fn hand_page(index: &FloorIndex, number: u32) -> (bool, String) {
    let records = match index.hand(number) {
        HandLookup::Found { records, .. } => records,
        HandLookup::Summary => {
            return (
                false,
                error_page(&format!(
                    "hand {number} is older than the last {FULL_HANDS} hands kept here: \
                     read it with `tablectl audit show`"
                )),
            )
        }
        HandLookup::Missing => return (false, error_page(&format!("no hand {number} here"))),
    };
    let lines: Vec<String> = records
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
    let page = document(
        &format!("Table {} — hand {number}", index.table_id()),
        &format!(
            "<p><a href=\"/floor\">All hands</a></p><ol class=\"timeline\">{}</ol>",
            lines.join("\n")
        ),
    );
    (true, page)
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
    fn a_missing_hand_is_a_message_not_a_crash() {
        let index = FloorIndex::new("T1");
        let (found, page) = hand_page(&index, 3);
        assert!(!found);
        assert!(page.contains("no hand 3"), "{page}");
        assert!(list_page(&index).contains("Table T1"));
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
