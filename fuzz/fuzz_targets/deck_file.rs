//! The deck map file (`hardware::enrolment::parse`, what `enrolment::load` reads): an edited or
//! damaged file is refused with the line at fault, never a panic. A map that reads is
//! a map of its deck, and `to_text` writes it as a file that reads back to the same
//! map. A tag UID that reads (`parse_uid`) is written back as text that reads to it.
#![no_main]

use firmware::deck::{DeckMap, TagUid};
use firmware::Card;
use hardware::enrolment::{parse, parse_uid, to_text, DeckFileErrorKind};
use libfuzzer_sys::fuzz_target;

/// The map's bindings, in card order.
fn bindings(map: &DeckMap) -> Vec<(Card, TagUid)> {
    let mut v: Vec<(Card, TagUid)> = map.iter().map(|(u, c)| (c, u)).collect();
    v.sort_by_key(|(c, _)| c.index());
    v
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for word in text.split_whitespace() {
        if let Some(uid) = parse_uid(word) {
            assert_eq!(parse_uid(&uid.to_string()), Some(uid), "{word:?}");
        }
    }
    match parse(text) {
        Err(e) => {
            assert!(
                (1..=text.lines().count()).contains(&e.line),
                "line {}: {e}",
                e.line
            );
            assert!(!matches!(e.kind, DeckFileErrorKind::Io(_)));
        }
        Ok(map) => {
            let kind = map.kind();
            assert!(map.len() <= kind.size());
            assert!(map
                .iter()
                .all(|(u, c)| kind.contains(c) && map.lookup(&u) == Ok(c)));
            let written = to_text(&map);
            let again = parse(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(again.kind(), kind);
            assert_eq!(bindings(&again), bindings(&map));
            assert_eq!(to_text(&again), written);
        }
    }
});
