//! Does the hand-written PHH reader pay? Our `host::records::phh::parse_str` against the
//! `toml` crate (already a dependency of host, for the settings files), on the same
//! texts: the 2,500 PokerKit hands of `tests/corpus/pokerkit-2500`, read into memory
//! beforehand, one thread. Throughput is in hands per second (one hand a file).
//!
//! - `ours_parse_str`: text to our [`HandHistory`]: every amount exact in the file's
//!   chip unit, every action parsed, every value with its line, every check a hand
//!   gets (fields by variant, one entry per player, players in range).
//! - `toml_table`: the same text to a `toml::Table`, the crate's generic tree (strings,
//!   `i64`, `f64`, arrays). That is not our model: no hand, no action read, and
//!   `0.25` would be a binary float. It is a lower bound for any reader built on the
//!   crate.
//! - `toml_table_to_hand`: the table, then our `HandHistory` built from it with our
//!   action parser ([`hand_from_table`]). Whole amounts only (every amount of this
//!   corpus is whole), no line numbers (the table has none) and none of our checks:
//!   still a lower bound for a reader on the crate, but one that does the same work
//!   per action. Before timing, every hand it builds is checked equal to ours but for
//!   the line numbers.
//!
//! A quick run:
//!
//! ```text
//! cargo bench -p host --bench phh_reader -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use host::records::phh::{parse_action, parse_str, ActionInfo, HandHistory, Variant};
use host::records::replay::phh_texts;

/// Our hand from the `toml` crate's table of one `.phh` file, amounts whole: `None`
/// for anything else (a decimal amount, a field of the wrong type, an action that
/// does not read). Fields this corpus does not use (`players`, user fields) are left
/// out.
fn hand_from_table(t: &toml::Table) -> Option<HandHistory> {
    let amount = |v: &toml::Value| u64::try_from(v.as_integer()?).ok();
    let list = |key: &str| -> Option<Option<Vec<u64>>> {
        match t.get(key) {
            None => Some(None),
            Some(v) => v
                .as_array()?
                .iter()
                .map(amount)
                .collect::<Option<_>>()
                .map(Some),
        }
    };
    let single = |key: &str| -> Option<Option<u64>> {
        match t.get(key) {
            None => Some(None),
            Some(v) => amount(v).map(Some),
        }
    };
    let variant = Variant::from_code(t.get("variant")?.as_str()?)?;
    let texts = t.get("actions")?.as_array()?;
    let mut actions = Vec::with_capacity(texts.len());
    let mut action_info = Vec::with_capacity(texts.len());
    for text in texts {
        let (action, comment) = parse_action(text.as_str()?).ok()?;
        actions.push(action.try_map_amount(|n| n.to_u64().ok_or(())).ok()?);
        action_info.push(ActionInfo { line: 0, comment });
    }
    let ante_trimming_status = match t.get("ante_trimming_status") {
        None => false,
        Some(v) => v.as_bool()?,
    };
    Some(HandHistory {
        variant,
        ante_trimming_status,
        antes: list("antes")??,
        blinds_or_straddles: list("blinds_or_straddles")??,
        min_bet: single("min_bet")?,
        small_bet: single("small_bet")?,
        big_bet: single("big_bet")?,
        bring_in: single("bring_in")?,
        starting_stacks: list("starting_stacks")??,
        actions,
        action_info,
        players: None,
        finishing_stacks: list("finishing_stacks")?,
        winnings: list("winnings")?,
        scale: host::records::phh::Scale::UNITS,
        section: None,
        line: 0,
        extra: Vec::new(),
    })
}

/// `h` without its line numbers, to compare with a hand built from a `toml::Table`.
fn without_lines(mut h: HandHistory) -> HandHistory {
    h.line = 0;
    for info in &mut h.action_info {
        info.line = 0;
    }
    h
}

fn phh_reader(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/pokerkit-2500");
    let texts = phh_texts(&dir).expect("the committed PokerKit corpus");
    assert_eq!(texts.len(), 2500, "the corpus has 2,500 files");
    // Untimed: both readers take every file, and build the same hands.
    for text in &texts {
        let ours = parse_str(text).expect("our reader takes the corpus");
        let table: toml::Table = text.parse().expect("the toml crate takes the corpus");
        let theirs = hand_from_table(&table).expect("every amount is whole");
        assert_eq!(ours.len(), 1);
        let ours = ours.into_iter().map(without_lines).next();
        assert_eq!(ours.as_ref(), Some(&theirs), "{text}");
    }
    let mut g = c.benchmark_group("phh_reader");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(texts.len() as u64));
    g.bench_function("ours_parse_str", |b| {
        b.iter(|| {
            for text in &texts {
                let _ = black_box(parse_str(black_box(text)));
            }
        })
    });
    g.bench_function("toml_table", |b| {
        b.iter(|| {
            for text in &texts {
                let _ = black_box(black_box(text).parse::<toml::Table>());
            }
        })
    });
    g.bench_function("toml_table_to_hand", |b| {
        b.iter(|| {
            for text in &texts {
                let hand = black_box(text)
                    .parse::<toml::Table>()
                    .ok()
                    .and_then(|t| hand_from_table(&t));
                let _ = black_box(hand);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, phh_reader);
criterion_main!(benches);
