//! One record of a hand's log described in a language: the timeline of a finished
//! hand on the table's floor view and on the room's hand page. Built from the
//! record's structured data (the input parsed from its log form, each event from its
//! machine form), never by translating the log's English text, so every language
//! says the same record. What the log keeps only as text stays as written: a note
//! (people's words), a refused input's reason (the log keeps its code, which is
//! shown; the dealer saw the reason in his language when it happened), a shoe
//! frame's bytes, and the panel's keys (printed on the panel).
//!
//! The words are the `entry-*` messages of the language's file (`host/i18n/`).

use super::card::CardView;
use super::catalog;
use super::i18n::{Lang, Warn};
use crate::records::handlog::{parse_input, Entry, EventRecord, TimelineEntry};
use firmware::{Action, Card, Event, Input, Post, Read, Ruling};

/// What replaces a hidden record or event of a hand in progress, in the log's form
/// (the floor view's index writes it; each language says it its own way).
pub const HIDDEN: &str = "(hidden until the hand is paid)";

/// Words of the timeline: a message of the language's file (`entry-*`). `{ $s }` a
/// seat, `{ $a }` an amount, a count or a card, `{ $c }` a card, `{ $n }` a number,
/// `{ $f }` the floor's number, `{ $t }` a street, `{ $p }` a post.
type Phrase = &'static str;

const CONFIG: Phrase = "entry-config";
const CORRECTION: Phrase = "entry-correction";
const REFUSED: Phrase = "entry-refused";
const SHOE_FRAME: Phrase = "entry-shoe-frame";
const KEY: Phrase = "entry-key";
const SHORT: Phrase = "entry-short";
const LONG: Phrase = "entry-long";
const DOUBLE: Phrase = "entry-double";
const NOTE: Phrase = "entry-note";
const PROGRAM: Phrase = "entry-program";
/// What stands for a record of a hand in progress the floor may not see yet.
const HIDDEN_WORDS: Phrase = "entry-hidden";
const ALL_IN: Phrase = "entry-all-in";

/// The inputs, as the dealer gave them.
fn input(lang: Lang, i: &Input) -> String {
    let (p, a, b): (Phrase, String, String) = match *i {
        Input::SitDown { seat, stack, .. } => (
            "entry-input-sit-down",
            seat.to_string(),
            lang.number(stack.get()),
        ),
        Input::TopUp { seat, amount } => (
            "entry-input-top-up",
            seat.to_string(),
            lang.number(amount.get()),
        ),
        Input::Leave { seat } => (LEAVES, seat.to_string(), String::new()),
        Input::ColorUp { seat, stack } => (
            "entry-input-color-up",
            seat.to_string(),
            lang.number(stack.get()),
        ),
        Input::MoveOut { seat } => ("entry-input-move-out", seat.to_string(), String::new()),
        Input::MoveIn { seat, stack } => (
            "entry-event-moved-in",
            seat.to_string(),
            lang.number(stack.get()),
        ),
        Input::SitOut { seat } => (SITS_OUT, seat.to_string(), String::new()),
        Input::SitIn { seat, .. } => (RETURNS, seat.to_string(), String::new()),
        Input::PlaceButton { seat } => (BUTTON, seat.to_string(), String::new()),
        Input::StartHand => ("entry-input-start-hand", String::new(), String::new()),
        Input::Straddle { .. } => ("entry-input-straddle", String::new(), String::new()),
        Input::Card(Read { card, burn }) => (
            if burn { BURN } else { "entry-input-card" },
            face(lang, card),
            String::new(),
        ),
        Input::Act(Action::Fold) => ("entry-input-fold", String::new(), String::new()),
        Input::Act(Action::CheckCall) => ("entry-input-check-call", String::new(), String::new()),
        Input::Act(Action::BetTo(to)) => {
            ("entry-input-bet-to", String::new(), lang.number(to.get()))
        }
        Input::Act(Action::AllIn) => ("entry-input-all-in", String::new(), String::new()),
        Input::Draw { count } => ("entry-input-draw", String::new(), count.to_string()),
        Input::Discard(card) => (DISCARDS, face(lang, Some(card)), String::new()),
        Input::StandPat => ("entry-input-stand-pat", String::new(), String::new()),
        Input::Rejoin { seat } => ("entry-input-rejoin", seat.to_string(), String::new()),
        Input::Show { seat } => (SHOWS, seat.to_string(), String::new()),
        Input::Muck { seat } => (MUCKS, seat.to_string(), String::new()),
        Input::Award { seat, amount } => (WINS, seat.to_string(), lang.number(amount.get())),
        Input::Rake { amount } => (RAKE, String::new(), lang.number(amount.get())),
        Input::Misdeal => ("entry-input-misdeal", String::new(), String::new()),
        Input::Undo => ("entry-input-undo", String::new(), String::new()),
        Input::Ruling { ruling, floor } => return ruled(lang, ruling, floor),
        Input::SetLevel {
            level,
            small_blind,
            big_blind,
            ante,
        } => {
            return level_words(
                lang,
                "entry-input-set-level",
                (0, level),
                (small_blind, big_blind, firmware::Chips::new(ante.into())),
            )
        }
    };
    // The first figure is a seat or a card's face, the second chips or a count: each
    // goes where the phrase names it.
    catalog::say_with(
        lang,
        p,
        &[("seat", &a), ("card", &a), ("chips", &b), ("count", &b)],
    )
}

const LEAVES: Phrase = "entry-leaves";
const SITS_OUT: Phrase = "entry-sits-out";
const RETURNS: Phrase = "entry-returns";
const BUTTON: Phrase = "entry-button";
const BURN: Phrase = "entry-burn";
const DISCARDS: Phrase = "entry-discards";
const SHOWS: Phrase = "entry-shows";
const MUCKS: Phrase = "entry-mucks";
const WINS: Phrase = "entry-wins";
const RAKE: Phrase = "entry-rake";

/// A card's face in `lang` ("??": not read).
fn face(lang: Lang, card: Option<Card>) -> String {
    card.map_or_else(
        || "??".to_string(),
        |c| {
            let v = CardView::new(c, lang, false);
            format!("{}{}", v.rank, v.symbol)
        },
    )
}

/// A floor ruling, as the event that carries it says it.
fn ruled(lang: Lang, ruling: Ruling, floor: u16) -> String {
    let (p, s, c): (Phrase, String, String) = match ruling {
        Ruling::VoidHand => ("entry-ruling-void-hand", String::new(), String::new()),
        Ruling::StraddleAnnounced => (
            "entry-ruling-straddle-announced",
            String::new(),
            String::new(),
        ),
        Ruling::Premature { card, .. } => {
            ("entry-ruling-premature", String::new(), face(lang, card))
        }
        Ruling::Exposed { seat, card } => {
            ("entry-ruling-exposed", seat.to_string(), face(lang, card))
        }
        Ruling::Boxed { card } => ("entry-ruling-boxed", String::new(), face(lang, Some(card))),
        Ruling::Manual { card } => ("entry-ruling-manual", String::new(), face(lang, Some(card))),
        Ruling::DeadHand { seat } => ("entry-ruling-dead-hand", seat.to_string(), String::new()),
        Ruling::AwardOverride { seat } => (
            "entry-ruling-award-override",
            seat.to_string(),
            String::new(),
        ),
    };
    let f = floor.to_string();
    catalog::say_with(lang, p, &[("floor", &f), ("seat", &s), ("card", &c)])
}

/// A tournament level (PD-TOURN-LEVEL): `{ $m }` the level before, `{ $n }` the
/// level, `{ $a }` its blinds, `{ $b }` its ante.
fn level_words(
    lang: Lang,
    p: Phrase,
    (from, to): (u16, u16),
    (sb, bb, ante): (firmware::Chips, firmware::Chips, firmware::Chips),
) -> String {
    let blinds = format!("{}/{}", lang.number(sb.get()), lang.number(bb.get()));
    catalog::say_with(
        lang,
        p,
        &[
            ("was", &from.to_string()),
            ("level", &to.to_string()),
            ("blinds", &blinds),
            ("ante", &lang.number(ante.get())),
        ],
    )
}

/// A post's name.
fn post(lang: Lang, p: Post) -> &'static str {
    catalog::say(
        lang,
        match p {
            Post::Ante => "entry-post-ante",
            Post::SmallBlind => "entry-post-small-blind",
            Post::BigBlind => "entry-post-big-blind",
            Post::Straddle => "entry-post-straddle",
            Post::EnterBigBlind => "entry-post-enter-big-blind",
            Post::DeadSmallBlind => "entry-post-dead-small-blind",
        },
    )
}

/// One event of the engine's, in `lang`.
pub fn event(lang: Lang, e: &Event) -> String {
    let all = |a: bool| {
        if a {
            format!(" {}", catalog::say(lang, ALL_IN))
        } else {
            String::new()
        }
    };
    let n = |c: firmware::Chips| lang.number(c.get());
    let say = |p: Phrase, seat: &str, chips: &str| {
        catalog::say_with(lang, p, &[("seat", seat), ("chips", chips)])
    };
    match *e {
        Event::Seated { seat, stack } => say("entry-event-seated", &seat.to_string(), &n(stack)),
        Event::ToppedUp {
            seat,
            amount,
            stack,
        } => format!(
            "{} ({})",
            say("entry-event-topped-up", &seat.to_string(), &n(amount)),
            n(stack)
        ),
        Event::Left { seat, stack } => {
            format!("{} ({})", say(LEAVES, &seat.to_string(), ""), n(stack))
        }
        Event::MovedOut { seat, stack } => {
            say("entry-event-moved-out", &seat.to_string(), &n(stack))
        }
        Event::MovedIn { seat, stack } => say("entry-event-moved-in", &seat.to_string(), &n(stack)),
        Event::ColoredUp {
            seat,
            before,
            after,
        } => catalog::say_with(
            lang,
            "entry-event-colored-up",
            &[
                ("seat", &seat.to_string()),
                ("before", &n(before)),
                ("after", &n(after)),
            ],
        ),
        Event::BustedOut { seat, started_with } => say(
            "entry-event-busted-out",
            &seat.to_string(),
            &n(started_with),
        ),
        Event::SatOut { seat } => say(SITS_OUT, &seat.to_string(), ""),
        Event::SatIn { seat } => say(RETURNS, &seat.to_string(), ""),
        Event::ButtonPlaced { seat } => say(BUTTON, &seat.to_string(), ""),
        Event::HandStarted {
            number,
            button,
            dealt,
            ..
        } => catalog::say_with(
            lang,
            "entry-event-hand-started",
            &[
                ("hand", &number.to_string()),
                ("seat", &button.to_string()),
                ("players", &dealt.count_ones().to_string()),
            ],
        ),
        Event::Posted {
            seat,
            post: p,
            amount,
            all_in,
        } => format!(
            "{}{}",
            catalog::say_with(
                lang,
                "entry-event-posted",
                &[
                    ("seat", &seat.to_string()),
                    ("blind", post(lang, p)),
                    ("chips", &n(amount))
                ],
            ),
            all(all_in)
        ),
        Event::MissedBlind { seat, big } => catalog::say_with(
            lang,
            "entry-event-missed-blind",
            &[
                ("seat", &seat.to_string()),
                (
                    "blind",
                    post(
                        lang,
                        if big {
                            Post::BigBlind
                        } else {
                            Post::SmallBlind
                        },
                    ),
                ),
            ],
        ),
        Event::StraddleConfirmed { seat } => {
            say("entry-event-straddle-confirmed", &seat.to_string(), "")
        }
        Event::HoleCard { seat, card } => catalog::say_with(
            lang,
            "entry-event-hole-card",
            &[("seat", &seat.to_string()), ("card", &face(lang, card))],
        ),
        Event::Burned { card } => catalog::say_with(lang, BURN, &[("card", &face(lang, card))]),
        Event::BoardCard { street, card } => {
            format!("{}: {}", lang.street(street), face(lang, card))
        }
        Event::BettingOpened { street, first } => catalog::say_with(
            lang,
            "entry-event-betting-opened",
            &[
                ("street", lang.street(street)),
                ("seat", &first.to_string()),
            ],
        ),
        Event::Folded { seat } => say("entry-event-folded", &seat.to_string(), ""),
        Event::Checked { seat } => say("entry-event-checked", &seat.to_string(), ""),
        Event::Called {
            seat,
            amount,
            all_in,
        } => format!(
            "{}{}",
            say("entry-event-called", &seat.to_string(), &n(amount)),
            all(all_in)
        ),
        Event::Bet { seat, to, all_in } => format!(
            "{}{}",
            say("entry-event-bet", &seat.to_string(), &n(to)),
            all(all_in)
        ),
        Event::Raised { seat, to, all_in } => format!(
            "{}{}",
            say("entry-event-raised", &seat.to_string(), &n(to)),
            all(all_in)
        ),
        Event::Warning(w) => format!("⚠ {}", lang.warning(&Warn::Engine(w))),
        Event::Returned { seat, amount } => {
            say("entry-event-returned", &seat.to_string(), &n(amount))
        }
        Event::RoundComplete { street } => catalog::say_with(
            lang,
            "entry-event-round-complete",
            &[("street", lang.street(street))],
        ),
        Event::Discarded { seat, card } => format!(
            "{} {}: {}",
            lang.word(super::i18n::Word::Seat),
            seat,
            catalog::say_with(lang, DISCARDS, &[("card", &face(lang, Some(card)))])
        ),
        Event::DrawAsked { seat, count } => catalog::say_with(
            lang,
            "entry-event-draw-asked",
            &[("seat", &seat.to_string()), ("count", &count.to_string())],
        ),
        Event::StoodPat { seat } => say("entry-event-stood-pat", &seat.to_string(), ""),
        Event::Rejoined { seat, amount } => {
            say("entry-event-rejoined", &seat.to_string(), &n(amount))
        }
        Event::Redeal { button } => say("entry-event-redeal", &button.to_string(), ""),
        Event::HandOver { pot, contested } => say(
            if contested {
                "entry-event-hand-over"
            } else {
                "entry-event-hand-over-uncontested"
            },
            "",
            &n(pot),
        ),
        Event::ShowdownOpened { first } => {
            say("entry-event-showdown-opened", &first.to_string(), "")
        }
        Event::Shown { seat } => say(SHOWS, &seat.to_string(), ""),
        Event::Mucked { seat } => say(MUCKS, &seat.to_string(), ""),
        Event::Awarded { seat, amount } => say(WINS, &seat.to_string(), &n(amount)),
        Event::Raked { amount } => say(RAKE, "", &n(amount)),
        Event::HandComplete { number } => catalog::say_with(
            lang,
            "entry-event-hand-complete",
            &[("hand", &number.to_string())],
        ),
        Event::Misdealt { number } => catalog::say_with(
            lang,
            "entry-event-misdealt",
            &[("hand", &number.to_string())],
        ),
        Event::Ruled { ruling, floor } => ruled(lang, ruling, floor),
        Event::Undone => format!(
            "{}: {}",
            catalog::say(lang, CORRECTION),
            catalog::say(lang, "entry-event-undone")
        ),
        Event::LevelChanged {
            from,
            to,
            small_blind,
            big_blind,
            ante,
        } => level_words(
            lang,
            "entry-event-level-changed",
            (from, to),
            (small_blind, big_blind, ante),
        ),
    }
}

/// An event as the log keeps it: from its machine form (its text only if that form
/// no longer reads as an event, which the log's verify reports).
fn event_record(lang: Lang, e: &EventRecord) -> String {
    let said = e.event.map_or_else(|| e.text.clone(), |e| event(lang, &e));
    unread_is_hidden(lang, &e.text, said)
}

/// A card hidden while the hand is in progress (`HIDDEN` in the log's form) is said
/// to be hidden, not unread.
fn unread_is_hidden(lang: Lang, logged: &str, said: String) -> String {
    if logged.contains(HIDDEN) {
        said.replace("??", catalog::say(lang, HIDDEN_WORDS))
    } else {
        said
    }
}

/// An input as the log keeps it (its log form, parsed; as written if it does not
/// parse). A card hidden while the hand is in progress is an unread card here.
fn input_text(lang: Lang, text: &str) -> String {
    let unread = text.replace(HIDDEN, "??");
    let said = parse_input(&unread).map_or(unread, |i| input(lang, &i));
    unread_is_hidden(lang, text, said)
}

/// Whether the floor looks twice at this record: a correction or a refusal.
pub fn flagged(e: &TimelineEntry) -> bool {
    matches!(
        e.entry,
        Entry::Input {
            correction: true,
            ..
        } | Entry::Refused { .. }
    )
}

/// One record of a hand's timeline in `lang`: its number, its time as `lang` writes
/// it, what it is, and (for an input) each of its events on a line of its own.
pub fn describe(lang: Lang, e: &TimelineEntry) -> String {
    let what = match &e.entry {
        Entry::Config { table_id, .. } => catalog::say_with(lang, CONFIG, &[("table", table_id)]),
        Entry::Input {
            input,
            events,
            correction,
        } => {
            let mut out = input_text(lang, input);
            if *correction {
                out = format!("{} {out}", catalog::say(lang, CORRECTION));
            }
            for ev in events {
                out.push_str("\n    ");
                out.push_str(&event_record(lang, ev));
            }
            out
        }
        // The reason in the page's language where the record keeps the error as
        // data; older records keep only its name.
        Entry::Refused {
            input,
            rule: Some(rule),
            ..
        } => format!(
            "{} {}: {}",
            catalog::say(lang, REFUSED),
            input_text(lang, input),
            super::reasons::refusal(lang, &crate::session::table::Refusal::Rule(*rule))
        ),
        Entry::Refused { input, code, .. } => {
            format!(
                "{} {} ({code})",
                catalog::say(lang, REFUSED),
                input_text(lang, input)
            )
        }
        Entry::ShoeFrame { hex } => format!("{} {hex}", catalog::say(lang, SHOE_FRAME)),
        Entry::KeyPress { key, press } => {
            let how = if press.contains("long") {
                LONG
            } else if press.contains("double") {
                DOUBLE
            } else {
                SHORT
            };
            format!(
                "{} {key} {}",
                catalog::say(lang, KEY),
                catalog::say(lang, how)
            )
        }
        Entry::Note { text } => format!("{}: {text}", catalog::say(lang, NOTE)),
        Entry::Program {
            version, binary, ..
        } => format!(
            "{} {version} {}",
            catalog::say(lang, PROGRAM),
            binary.short()
        ),
    };
    let line = format!("{:>5}  {}  {what}", e.seq.0, lang.time(e.at_ms));
    line.replace(HIDDEN, catalog::say(lang, HIDDEN_WORDS))
}

#[cfg(test)]
mod tests;
