//! The timeline's describer: every record of played hands in every language, with
//! no English left outside English, and the records the log alone can make.

use super::*;
use crate::display::index::{FloorIndex, HandLookup};
use crate::records::handlog::{HandLog, Seq, TableKey};
use crate::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use crate::sn;
use crate::words::i18n::{english_left, ALL};

/// The floor's index of `hands` hands of a simulated table of `players`.
fn index_of(hands: u32, players: u8) -> FloorIndex {
    let dir = tempfile::tempdir().unwrap();
    let (mut log, _) = HandLog::open(dir.path(), "T1", &TableKey::from_seed([5; 32])).unwrap();
    let opts = SimOptions {
        hands,
        players,
        ..SimOptions::default()
    };
    SimulatedTable::new(&opts, DirectSource, Some(&mut log))
        .unwrap()
        .run(opts.hands, &mut |_| {})
        .unwrap();
    FloorIndex::of_log(&log).unwrap()
}

/// The records of `hands` hands of a simulated six-handed table, by hand.
fn played(hands: u32) -> Vec<Vec<TimelineEntry>> {
    let index = index_of(hands, 6);
    (1..=hands)
        .map(|n| match index.hand(n) {
            HandLookup::Found { records, .. } => records,
            other => panic!("hand {n}: {other:?}"),
        })
        .collect()
}

/// Events the simulated table rarely or never makes: a misdeal, an UNDO, floor
/// rulings, an engine warning, the draw's.
fn rare_events() -> Vec<Event> {
    let c = |t: &str| t.parse::<Card>().unwrap();
    let ch = crate::ch;
    vec![
        Event::Misdealt { number: 4 },
        Event::Undone,
        Event::Ruled {
            ruling: Ruling::VoidHand,
            floor: 9,
        },
        Event::Ruled {
            ruling: Ruling::Exposed {
                seat: sn(2),
                card: Some(c("Kh")),
            },
            floor: 9,
        },
        Event::Ruled {
            ruling: Ruling::DeadHand { seat: sn(3) },
            floor: 9,
        },
        Event::Warning(firmware::Warning::OverPot {
            seat: sn(3),
            asked: ch(500),
            max: ch(140),
        }),
        Event::Discarded {
            seat: sn(3),
            card: c("Js"),
        },
        Event::DrawAsked {
            seat: sn(3),
            count: 2,
        },
        Event::StoodPat { seat: sn(4) },
        Event::MissedBlind {
            seat: sn(4),
            big: true,
        },
        Event::Redeal { button: sn(2) },
        Event::Rejoined {
            seat: sn(5),
            amount: ch(20),
        },
        Event::Posted {
            seat: sn(6),
            post: Post::DeadSmallBlind,
            amount: ch(5),
            all_in: false,
        },
    ]
}

/// Records the log keeps besides inputs: a refusal, a key press, a shoe frame, the
/// configuration.
fn other_records() -> Vec<TimelineEntry> {
    let at = |seq: u64, entry: Entry| TimelineEntry {
        seq: Seq(seq),
        at_ms: crate::records::time::WallTime::from_unix_millis(1_764_096_012_000),
        entry,
    };
    vec![
        at(
            1,
            Entry::Config {
                table_id: "T1".into(),
                config: serde_json::Value::Null,
            },
        ),
        at(
            2,
            Entry::Refused {
                input: "bet 5".into(),
                code: "BelowMinimum".into(),
                error: "the minimum is 10".into(),
                rule: None,
                bad_tag: false,
            },
        ),
        at(
            3,
            Entry::KeyPress {
                key: "MISDEAL".into(),
                press: "long press".into(),
            },
        ),
        at(4, Entry::ShoeFrame { hex: "a1b2".into() }),
        at(
            6,
            Entry::Input {
                input: "draw 2".into(),
                events: vec![EventRecord::from(&Event::DrawAsked {
                    seat: sn(3),
                    count: 2,
                })],
                correction: false,
            },
        ),
        at(
            5,
            Entry::Input {
                input: "deal".to_string() + " " + HIDDEN,
                events: Vec::new(),
                correction: false,
            },
        ),
    ]
}

#[test]
fn every_record_is_said_in_every_language_with_no_english_left() {
    let hands = played(4);
    let records: Vec<&TimelineEntry> = hands.iter().flatten().collect();
    assert!(records.len() > 40, "{}", records.len());
    let others = other_records();
    for lang in ALL {
        let mut text: Vec<String> = records.iter().map(|r| describe(lang, r)).collect();
        text.extend(others.iter().map(|r| describe(lang, r)));
        text.extend(rare_events().iter().map(|e| event(lang, e)));
        for t in &text {
            assert!(!t.trim().is_empty());
            if lang != Lang::En {
                if let Some(e) = english_left(lang, t) {
                    panic!("{lang:?}: English left: {e}");
                }
            }
        }
    }
}

#[test]
fn a_record_says_what_the_log_holds_in_each_language() {
    let hands = played(1);
    let fold = hands[0]
        .iter()
        .find(|r| matches!(&r.entry, Entry::Input { input, .. } if input == "fold"))
        .expect("a fold");
    let en = describe(Lang::En, fold);
    assert!(
        en.contains("FOLD\n    seat ") && en.ends_with(" folds"),
        "{en}"
    );
    // The time as each language writes dates, never raw milliseconds.
    assert!(!en.contains(&fold.at_ms.to_string()), "{en}");
    assert!(en.contains(" UTC  FOLD"), "{en}");
    // The check of the other languages bites on this English.
    assert!(english_left(Lang::Pl, &en).is_some(), "{en}");
    let pl = describe(Lang::Pl, fold);
    assert!(pl.ends_with(" pasuje"), "{pl}");
    let ru = event(
        Lang::Ru,
        &Event::Raised {
            seat: sn(3),
            to: crate::ch(12_345),
            all_in: true,
        },
    );
    assert_eq!(ru, "место 3 повышает до 12\u{a0}345 (олл-ин)");
    let mk = event(
        Lang::Mk,
        &Event::BoardCard {
            street: firmware::Street::Flop,
            card: Some("Ah".parse().unwrap()),
        },
    );
    assert_eq!(mk, "Флоп: A♥");
    // A correction and a refusal are what the floor looks at twice.
    let others = other_records();
    assert!(flagged(&others[1]) && !flagged(&others[0]));
    assert_eq!(
        describe(Lang::Bg, &others[1]).split("  ").last(),
        Some("ОТКАЗАНО залог или рейз до 5 (BelowMinimum)")
    );
    // A refusal that keeps its error as data is said in the page's language.
    let kept = TimelineEntry {
        entry: Entry::Refused {
            input: "bet 5".into(),
            code: "BelowMinimum".into(),
            error: "the minimum is 10".into(),
            rule: Some(firmware::RuleError::BelowMinimum {
                min: firmware::Chips::new(10),
            }),
            bad_tag: false,
        },
        ..others[1].clone()
    };
    let pl = describe(Lang::Pl, &kept);
    let expected = crate::words::reasons::refusal(
        Lang::Pl,
        &crate::session::table::Refusal::Rule(firmware::RuleError::BelowMinimum {
            min: firmware::Chips::new(10),
        }),
    );
    assert!(pl.ends_with(&expected), "{pl}");
    assert!(
        !pl.contains("BelowMinimum") && !pl.contains("minimum is"),
        "{pl}"
    );
    // The count a drawer asks for (R-DRAW-5).
    assert!(
        describe(Lang::Mk, &others[4]).ends_with("UTC  менува 2\n    место 3 менува 2"),
        "{}",
        describe(Lang::Mk, &others[4])
    );
    // A card of a hand in progress is said to be hidden.
    assert!(
        describe(Lang::En, &others[5]).ends_with("card (hidden until the hand is paid)"),
        "{}",
        describe(Lang::En, &others[5])
    );
}

/// Both pages that show a finished hand's timeline, the table's floor view and the
/// room's hand page, say it in their language: no English left outside English.
#[test]
fn both_timeline_pages_are_in_their_language() {
    let index = index_of(2, 4);
    let HandLookup::Found { records, .. } = index.hand(2) else {
        panic!("hand 2");
    };
    for lang in ALL {
        let table = crate::display::floor::hand_page(lang, &index, 2).1;
        let room = crate::floor::page::hand_page(lang, "T1", 2, &records);
        for page in [table, room] {
            let text = crate::display::tests::html_text(&page);
            assert!(text.contains(&lang.time(records[0].at_ms)), "{text}");
            if lang != Lang::En {
                if let Some(e) = english_left(lang, &text) {
                    panic!("{lang:?}: English left: {e}");
                }
            }
        }
    }
}
