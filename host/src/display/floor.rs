//! The floor view: the table's recent hands, each opening to its timeline, the same
//! content as `tablectl audit show` once the hand is paid. Built from the floor's
//! index ([`FloorIndex`]), never from the log itself; a hand in progress shows only
//! what the table shows.
//!
//! The page is in the table's language, its times written by the server as the
//! language writes dates ([`Lang::time`]). The timeline's lines are the hand log's
//! records said in the table's language from their structured data
//! ([`crate::words::entries`]).

use super::i18n::{Lang, Word};
use super::index::{FloorIndex, HandLookup};
use crate::records::handlog::{HandFlags, HandSummary};
use crate::web::html::error_document;
pub use crate::web::html::{document, document_in, escape};

/// Hands listed, newest first.
pub const RECENT_HANDS: usize = 100;

/// A page that says what went wrong.
pub fn error_page(message: &str) -> String {
    error_page_in(Lang::En, message)
}

/// [`error_page`] in `lang`.
pub fn error_page_in(lang: Lang, message: &str) -> String {
    error_document(lang, lang.word(Word::FloorView), message)
}

/// What the floor looks for in a hand, as words in `lang`: "corrections: 2".
pub fn flags_in(lang: Lang, f: &HandFlags) -> Vec<String> {
    [
        (f.corrections, Word::Corrections),
        (f.misdeals, Word::Misdeals),
        (f.over_pot, Word::OverPot),
        (f.bad_tags, Word::BadTags),
        (f.refusals, Word::Refusals),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|&(n, w)| format!("{}: {n}", lang.word(w)))
    .collect()
}

/// What the floor looks for in a hand, as words (for `tablectl`'s list).
pub fn flag_words(f: &HandFlags) -> Vec<String> {
    [
        (f.corrections, "correction"),
        (f.misdeals, "misdeal"),
        (f.over_pot, "over-pot"),
        (f.bad_tags, "bad tag"),
        (f.refusals, "refused"),
        (f.overrides, "award override"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, w)| format!("{n} {w}"))
    .collect()
}

fn row(lang: Lang, h: &HandSummary) -> String {
    let seats: Vec<String> = h.seats.iter().map(|s| s.to_string()).collect();
    let flags = flags_in(lang, &h.flags);
    format!(
        "<tr{cls}><td><a href=\"/floor/hand/{n}\">{n}</a></td><td>{start}</td><td>{seats}</td>\
         <td class=\"num\">{pot}</td><td>{done}</td><td>{flags}</td></tr>",
        cls = if flags.is_empty() {
            ""
        } else {
            " class=\"flagged\""
        },
        n = h.number,
        start = lang.time(h.start_ms),
        seats = seats.join(", "),
        pot = h.pot.map_or("-".to_string(), |p| lang.number(p.get())),
        done = lang.word(if h.end_ms.is_some() {
            Word::Paid
        } else {
            Word::InProgress
        }),
        flags = escape(&flags.join(", ")),
    )
}

/// The list of recent hands, in `lang`.
pub fn list_page(lang: Lang, index: &FloorIndex) -> String {
    let rows: Vec<String> = index
        .recent(RECENT_HANDS)
        .iter()
        .map(|h| row(lang, h))
        .collect();
    // The signed head, as it stands: copy it out (the floor's store, a slip) to anchor
    // the log (`tablectl audit verify --anchor`).
    let head = index.head().map_or(String::new(), |h| {
        format!(
            "<p>{}: <code class=\"head\">{}</code></p>",
            lang.word(Word::SignedHead),
            escape(h)
        )
    });
    let th: Vec<String> = [
        Word::Hand,
        Word::Started,
        Word::Seats,
        Word::Pot,
        Word::State,
        Word::Flags,
    ]
    .iter()
    .map(|&w| format!("<th>{}</th>", lang.word(w)))
    .collect();
    document_in(
        lang,
        &format!(
            "{} {} — {}",
            lang.word(Word::Table),
            index.table_id(),
            lang.word(Word::RecentHands)
        ),
        &format!(
            "<p>{}</p>{head}<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table>",
            lang.word(Word::FloorNote),
            th.concat(),
            rows.join("\n")
        ),
    )
}

/// One hand's timeline in `lang`, and whether there is one to show.
pub fn hand_page(lang: Lang, index: &FloorIndex, number: u32) -> (bool, String) {
    let records = match index.hand(number) {
        HandLookup::Found { records, .. } => records,
        HandLookup::Summary => {
            return (
                false,
                error_page_in(lang, &format!("{}: {number}", lang.word(Word::OlderHand))),
            )
        }
        HandLookup::Missing => {
            return (
                false,
                error_page_in(lang, &format!("{}: {number}", lang.word(Word::NoSuchHand))),
            )
        }
    };
    let lines: Vec<String> = records
        .iter()
        .map(|e| {
            let cls = if crate::words::entries::flagged(e) {
                " class=\"flagged\""
            } else {
                ""
            };
            let text = crate::words::entries::describe(lang, e);
            format!("<li{cls}><pre>{}</pre></li>", escape(&text))
        })
        .collect();
    let page = document_in(
        lang,
        &format!(
            "{} {} — {} {number}",
            lang.word(Word::Table),
            index.table_id(),
            lang.word(Word::Hand)
        ),
        &format!(
            "<p><a href=\"/floor\">{}</a></p><ol class=\"timeline\">{}</ol>",
            lang.word(Word::AllHands),
            lines.join("\n")
        ),
    );
    (true, page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_hand_is_a_message_not_a_crash() {
        let index = FloorIndex::new("T1");
        let (found, page) = hand_page(Lang::En, &index, 3);
        assert!(!found);
        assert!(page.contains("No such hand here: 3"), "{page}");
        assert!(list_page(Lang::En, &index).contains("Table T1"));
        let (_, page) = hand_page(Lang::Pl, &index, 3);
        assert!(page.contains("Nie ma tu takiego rozdania: 3"), "{page}");
        assert!(page.contains("<html lang=\"pl\">"), "{page}");
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
