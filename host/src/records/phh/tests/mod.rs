//! The PHH reader's tests, by concern, on a few shared helpers and one small hand
//! ([`NT`]) that the tests vary.

mod actions;
mod amounts;
mod corpus;
mod errors;
mod layout;
mod never_panics;

use super::*;
use std::path::{Path, PathBuf};

fn cs(cards: &[Option<Card>]) -> Cards {
    Cards::from_slice(cards).expect("a test's cards fit")
}

fn card(s: &str) -> Card {
    match s.parse() {
        Ok(c) => c,
        Err(e) => panic!("test card {s}: {e}"),
    }
}

fn err(text: &str) -> PhhError {
    match parse_str(text) {
        Ok(h) => panic!("expected an error, parsed {} hand(s)", h.len()),
        Err(e) => e,
    }
}

fn hand(text: &str) -> HandHistory {
    match parse_hand(text) {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    }
}

const NT: &str = "variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AcKd', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 30', 'p1 f', 'p2 cc']
";

/// Semantic equality: everything but line numbers.
fn same_hand(a: &HandHistory, b: &HandHistory) -> bool {
    fn strip_v<'a>(v: &Value<'a>) -> Value<'a> {
        match v {
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|i| Item {
                        line: 0,
                        value: strip_v(&i.value),
                    })
                    .collect(),
            ),
            Value::Table(es) => Value::Table(strip_e(es)),
            other => other.clone(),
        }
    }
    fn strip_e<'a>(es: &[Entry<'a>]) -> Vec<Entry<'a>> {
        es.iter()
            .map(|e| Entry {
                key: e.key.clone(),
                line: 0,
                value: strip_v(&e.value),
            })
            .collect()
    }
    fn strip(h: &HandHistory) -> HandHistory {
        let mut h = h.clone();
        h.line = 0;
        h.section = None;
        h.extra = strip_e(&h.extra);
        for i in &mut h.action_info {
            i.line = 0;
        }
        h
    }
    strip(a) == strip(b)
}

#[test]
fn every_game_in_every_structure_has_its_own_variant() {
    for spec in &firmware::rules::GAMES {
        for structure in firmware::Structure::ALL {
            let v = Variant::of_game(spec.game, structure);
            assert_eq!(v.game(), (spec.game, structure), "{}", spec.name);
            assert_eq!(v.code(), spec.phh_codes[structure.index()]);
            assert_eq!(Variant::from_code(v.code()), Some(v));
        }
    }
}
