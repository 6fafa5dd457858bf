//! The PHH export of the hand log, end to end: the bench table plays every game and
//! betting structure into a real hand log, the log is exported as PHH, and
//!
//! 1. our own parser reads every hand back, every `_` field included, and our engine,
//!    pots and showdown replay it under the house rules it records (`_house_rules`)
//!    to the finishing stacks the table paid;
//! 2. PokerKit (where it is installed: `bash .ci/pokerkit`) replays each hand to the same stacks, except the
//!    hands where PokerKit's rules differ from the casino's (docs/phh.md, "Checked against
//!    write"). Which class a hand is in is decided by our own engine under PokerKit's
//!    conventions (the PHH profile of replay-schema.md), and each class is checked
//!    for its own difference: PokerKit must agree with that replay.

use firmware::rules::MoneyRules;
use firmware::{Chips, Game, Structure};
use host::records::export::{export_dir, replay_parts};
use host::records::handlog::{HandLog, TableKey};
use host::records::phh::{parse_str, to_phhs, HandHistory, Value};
use host::records::replay::{phh_profile, replay, replay_with};
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::collections::BTreeMap;
use std::path::Path;

const TABLE: &str = "bench-export";

const GAMES: [(Game, Structure); 12] = [
    (Game::Holdem, Structure::NoLimit),
    (Game::Holdem, Structure::PotLimit),
    (Game::Holdem, Structure::FixedLimit),
    (Game::Omaha, Structure::NoLimit),
    (Game::Omaha, Structure::PotLimit),
    (Game::Omaha, Structure::FixedLimit),
    (Game::OmahaHiLo, Structure::NoLimit),
    (Game::OmahaHiLo, Structure::PotLimit),
    (Game::OmahaHiLo, Structure::FixedLimit),
    (Game::FiveCardDraw, Structure::NoLimit),
    (Game::FiveCardDraw, Structure::PotLimit),
    (Game::FiveCardDraw, Structure::FixedLimit),
];

/// A data folder on a RAM disk where there is one: the log syncs every input.
fn data_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("phh-export")
        .tempdir_in("/dev/shm")
        .or_else(|_| tempfile::tempdir())
        .expect("a temporary folder")
}

/// Plays `hands` hands of one game into a hand log in `dir` and exports them.
fn play_and_export(
    dir: &Path,
    game: Game,
    structure: Structure,
    hands: u32,
    seed: u64,
) -> Vec<HandHistory> {
    let (mut log, _) = HandLog::open(dir, TABLE, &TableKey::from_seed([7; 32])).expect("hand log");
    let opts = SimOptions {
        hands,
        // Heads-up to full rings, by seed.
        players: 2 + (seed % 8) as u8,
        game,
        structure,
        seed,
        ..SimOptions::default()
    };
    let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
    bench.run(hands, &mut |_| {}).expect("the hands play out");
    drop(bench);
    drop(log);
    let exported = export_dir(dir, Some(TABLE), &[]).expect("export");
    assert_eq!(
        exported.len(),
        hands as usize,
        "every finished hand exported"
    );
    exported
}

/// How a hand replays under PokerKit's conventions, by our own engine.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Class {
    /// The same stacks under PokerKit's rules: PokerKit must pay exactly this.
    Plain,
    /// Paid differently under PokerKit's money rules: its odd chips (PD-ODD) or its
    /// low, which ignores straights and flushes (docs/seed-notes.md D1). PokerKit
    /// must pay what our engine pays under its rules.
    PaidDifferently(&'static str, Vec<u64>),
    /// An action the casino's rules allow and PokerKit's refuse (R-PL-4's larger
    /// pot-limit raise, R-FL-2's cap, PD-REOPEN's half-bet rule): PokerKit must
    /// refuse it too.
    Refused(String),
    /// A draw redealt (R-DRAW-3, R-DRAW-6): the final deal only, with what was put
    /// in before as antes; chips of players out of the final deal are not in it.
    Redeal { dead: u64 },
}

fn number(v: &Value) -> Option<u64> {
    v.as_number().and_then(|n| n.to_u64())
}

/// Replays one exported hand under its own house rules (the stacks must be those the
/// table paid) and under PokerKit's conventions (its class).
fn check_and_classify(hh: &HandHistory) -> Class {
    let paid: Vec<Chips> = hh
        .finishing_stacks
        .clone()
        .expect("finishing stacks written")
        .into_iter()
        .map(Chips::new)
        .collect();
    if hh.field("_redeals").is_some() {
        let dead = hh.field("_carried_dead").and_then(number).unwrap_or(0);
        return Class::Redeal { dead };
    }
    let (spec, steps, cfg) = replay_parts(hh).expect("our replay reads the hand");
    let ours = replay_with(cfg, &spec, &steps)
        .unwrap_or_else(|e| panic!("hand {:?}: {e}\n{}", hh.field("hand"), hh.to_toml()));
    assert_eq!(
        ours.finishing_stacks,
        paid,
        "hand {:?} replays to what the table paid\n{}",
        hh.field("hand"),
        hh.to_toml()
    );
    // PokerKit has no unconfirmed straddle: the straddler always has his option.
    let mut spec = spec;
    spec.straddle_confirmed = true;
    // The PHH reference profile with other money rules.
    let under = |money: &MoneyRules| {
        let mut cfg = phh_profile(&spec)?;
        cfg.money = *money;
        replay_with(cfg, &spec, &steps)
    };
    match replay(&spec, &steps) {
        Ok(r) if r.finishing_stacks == paid => Class::Plain,
        Ok(r) => {
            // Only the money rules may differ: the same replay with ours pays what the
            // table paid. Name the rule that makes the difference.
            let casino = MoneyRules::CASINO;
            let mut odd = MoneyRules::PHH;
            odd.odd_chip = casino.odd_chip;
            let mut low = MoneyRules::PHH;
            low.low_ignores_straights_flushes = casino.low_ignores_straights_flushes;
            let pays =
                |rules: &MoneyRules| under(rules).map(|x| x.finishing_stacks) == Ok(paid.clone());
            let rule = if pays(&odd) {
                "odd_chips"
            } else if pays(&low) {
                "low_rule"
            } else {
                let mut both = odd;
                both.low_ignores_straights_flushes = casino.low_ignores_straights_flushes;
                assert!(pays(&both), "only the money rules differ");
                "odd_chips_and_low_rule"
            };
            Class::PaidDifferently(rule, r.finishing_stacks.iter().map(|c| c.get()).collect())
        }
        Err(e) => Class::Refused(e.to_string()),
    }
}

fn field_keys(hh: &HandHistory) -> Vec<String> {
    hh.extra.iter().map(|e| e.key.to_string()).collect()
}

#[test]
fn bench_hands_of_every_game_round_trip_through_our_parser_and_replay() {
    let mut classes: BTreeMap<String, usize> = BTreeMap::new();
    let mut total = 0;
    for (i, &(game, structure)) in GAMES.iter().enumerate() {
        let dir = data_dir();
        let hands = play_and_export(dir.path(), game, structure, 25, 100 + i as u64);
        let text = to_phhs(&hands);
        let back = parse_str(&text).expect("our parser reads our export");
        assert_eq!(back.len(), hands.len());
        for (a, b) in hands.iter().zip(&back) {
            assert_eq!(a.variant, b.variant);
            assert_eq!(a.antes, b.antes);
            assert_eq!(a.blinds_or_straddles, b.blinds_or_straddles);
            assert_eq!(
                (a.min_bet, a.small_bet, a.big_bet),
                (b.min_bet, b.small_bet, b.big_bet)
            );
            assert_eq!(a.starting_stacks, b.starting_stacks);
            assert_eq!(a.actions, b.actions);
            assert_eq!(a.finishing_stacks, b.finishing_stacks);
            // Every field of ours comes back as written.
            assert_eq!(field_keys(a), field_keys(b));
            for (x, y) in a.extra.iter().zip(&b.extra) {
                let mut written = String::new();
                let mut read = String::new();
                written.push_str(&format!("{:?}", strip_lines(&x.value)));
                read.push_str(&format!("{:?}", strip_lines(&y.value)));
                assert_eq!(written, read, "field {}", x.key);
            }
            for key in [
                "table",
                "hand",
                "seats",
                "_button_seat",
                "_started_ms",
                "_burns",
            ] {
                assert!(b.field(key).is_some(), "{key} written");
            }
            let class = check_and_classify(b);
            let name = match class {
                Class::Plain => "plain",
                Class::PaidDifferently(rule, _) => rule,
                Class::Refused(_) => "refused_under_pokerkit_rules",
                Class::Redeal { .. } => "redeal",
            };
            *classes.entry(format!("{} {name}", b.variant)).or_default() += 1;
            total += 1;
        }
    }
    println!("{total} hands: {classes:#?}");
    assert!(total >= 300);
}

/// The value without line numbers (the writer has none, the parser records them).
fn strip_lines<'a>(v: &Value<'a>) -> Value<'a> {
    match v {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|i| host::records::phh::Item {
                    line: 0,
                    value: strip_lines(&i.value),
                })
                .collect(),
        ),
        Value::Table(entries) => Value::Table(
            entries
                .iter()
                .map(|e| host::records::phh::Entry {
                    key: e.key.clone(),
                    line: 0,
                    value: strip_lines(&e.value),
                })
                .collect(),
        ),
        Value::Number(n) => Value::Raw(n.as_str().to_string().into()),
        Value::Raw(r) => Value::Raw(r.clone()),
        other => other.clone(),
    }
}

/// PokerKit's replay of every hand of `files` (peer/replay_stacks.py): one JSON
/// answer a hand, in order, with its finishing stacks or its error.
fn pokerkit_answers<P: AsRef<std::ffi::OsStr>>(
    python: &Path,
    files: impl IntoIterator<Item = P>,
) -> Vec<serde_json::Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("peer/replay_stacks.py");
    let output = std::process::Command::new(python)
        .arg(&script)
        .args(files)
        .output()
        .expect("the interpreter that imported PokerKit runs");
    assert!(
        output.status.success(),
        "replay_stacks.py failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn pokerkit_replays_the_export_to_the_same_stacks() {
    let Some(pokerkit) = table_tests::peers::pokerkit("PokerKit's replay of the PHH export") else {
        return;
    };
    let out_dir = data_dir();
    let mut by_file: BTreeMap<String, Vec<HandHistory>> = BTreeMap::new();
    for (i, &(game, structure)) in GAMES.iter().enumerate() {
        let dir = data_dir();
        let hands = play_and_export(dir.path(), game, structure, 45, 300 + i as u64);
        let path = out_dir.path().join(format!("game{i}.phhs"));
        std::fs::write(&path, to_phhs(&hands)).expect("write the export");
        if let Some(keep) = std::env::var_os("PHH_EXPORT_KEEP") {
            // Keep the files to look at with PokerKit by hand.
            let _ = std::fs::create_dir_all(&keep);
            let _ = std::fs::copy(&path, Path::new(&keep).join(format!("game{i}.phhs")));
        }
        by_file.insert(path.display().to_string(), hands);
    }
    let lines = pokerkit_answers(&pokerkit.python, by_file.keys());
    let total: usize = by_file.values().map(Vec::len).sum();
    assert_eq!(lines.len(), total, "one answer per hand");
    assert!(total >= 500);
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut answers = lines.iter();
    for (file, hands) in &by_file {
        for hh in hands {
            let got = answers.next().expect("an answer");
            assert_eq!(got["file"].as_str(), Some(file.as_str()));
            let pk: Option<Vec<u64>> = got["finishing_stacks"]
                .as_array()
                .map(|a| a.iter().map(|x| x.as_u64().expect("an integer")).collect());
            let paid = hh.finishing_stacks.clone().expect("stacks");
            let class = check_and_classify(hh);
            let verdict = match (&class, &pk) {
                (Class::Plain, Some(s)) if *s == paid => Ok("plain"),
                (Class::PaidDifferently("low_rule", theirs), Some(s)) if s == theirs => {
                    Ok("low_rule")
                }
                // PokerKit hands out the odd chips of each pot its own way: the same
                // chips, no player more than an odd chip a pot away from what we paid.
                (Class::PaidDifferently(rule, _), Some(s))
                    if s.iter().sum::<u64>() == paid.iter().sum::<u64>()
                        && s.iter()
                            .zip(&paid)
                            .all(|(a, b)| a.abs_diff(*b) < s.len() as u64) =>
                {
                    Ok(*rule)
                }
                (Class::Refused(_), None) => Ok("refused_under_pokerkit_rules"),
                // A redeal's final deal opens its betting where the engine says
                // (R-DRAW-2 with blinds: left of the big blind), which PHH cannot say.
                (Class::Redeal { .. }, None) => Ok("redeal_refused"),
                (Class::Redeal { dead }, Some(s)) => {
                    // The final deal's pot without the chips of players not in it.
                    let start: u64 = hh.starting_stacks.iter().sum();
                    if s.iter().sum::<u64>() == start && paid.iter().sum::<u64>() == start + dead {
                        Ok("redeal")
                    } else {
                        Err("redeal")
                    }
                }
                _ => Err("mismatch"),
            };
            match verdict {
                Ok(name) => *tally.entry(format!("{} {name}", hh.variant)).or_default() += 1,
                Err(why) => failures.push(format!(
                    "{why}: hand {:?} class {class:?}: PokerKit {got}, we paid {paid:?}\n{}",
                    hh.field("hand"),
                    hh.to_toml()
                )),
            }
        }
    }
    println!("{total} hands through PokerKit: {tally:#?}");
    assert!(
        failures.is_empty(),
        "{} of {total} hands differ:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|f| f.lines().next().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The scenario scripts whose hands carry floor rulings on the cards and finish.
const RULING_SCRIPTS: [&str; 4] = [
    "pd_exposed_card.scn",
    "pd_premature_turn_and_flop.scn",
    "floor_void_hand.scn",
    "pd_draw_opener_dead_hand.scn",
];

/// Plays the script `name` (tests/scenarios) on a table session writing a hand log in
/// `dir`, and exports its finished hands.
fn script_exported(dir: &Path, name: &str) -> Vec<HandHistory> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    let scenario = host::records::scenario::Scenario::load(&path).expect("the script reads");
    let (mut log, _) = HandLog::open(dir, TABLE, &TableKey::from_seed([7; 32])).expect("hand log");
    let mut session =
        host::session::TableSession::create(scenario.config, Some(&mut log)).expect("a table");
    scenario
        .run_on(&mut session, |_, _, _, _| {})
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    drop(session);
    drop(log);
    let finished: Vec<u32> = host::records::handlog::AuditLog::open(dir)
        .expect("the log opens")
        .list_hands(&Default::default())
        .expect("its hands")
        .iter()
        .filter(|h| h.end_ms.is_some())
        .map(|h| h.number)
        .collect();
    export_dir(dir, Some(TABLE), &finished).expect("export")
}

/// Floor rulings export as the hand was played in the end (an exposed card out of its
/// player's hand and burnt, a premature card set aside, a void's first deal gone, a
/// dead opener's hand mucked): PokerKit replays each to the stacks the table paid.
#[test]
fn pokerkit_replays_hands_with_floor_rulings_to_the_same_stacks() {
    let Some(pokerkit) = table_tests::peers::pokerkit("PokerKit's replay of hands with rulings")
    else {
        return;
    };
    let out = data_dir();
    let mut files = Vec::new();
    let mut paid = Vec::new();
    for name in RULING_SCRIPTS {
        let dir = data_dir();
        let hands = script_exported(dir.path(), name);
        assert!(!hands.is_empty(), "{name} finishes a hand");
        let path = out.path().join(name.replace(".scn", ".phhs"));
        std::fs::write(&path, to_phhs(&hands)).expect("write the export");
        for hh in &hands {
            paid.push((
                name,
                hh.finishing_stacks.clone().expect("stacks"),
                hh.to_toml(),
            ));
        }
        files.push(path);
    }
    let answers = pokerkit_answers(&pokerkit.python, &files);
    assert_eq!(answers.len(), paid.len(), "one answer per hand");
    for ((name, ours, written), got) in paid.iter().zip(&answers) {
        let theirs: Option<Vec<u64>> = got["finishing_stacks"]
            .as_array()
            .map(|a| a.iter().map(|x| x.as_u64().expect("an integer")).collect());
        assert_eq!(
            theirs.as_ref(),
            Some(ours),
            "{name}: PokerKit {got}\n{written}"
        );
    }
}
