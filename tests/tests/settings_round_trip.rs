//! Every setting survives the table's records: a bench table plays hands under a
//! non-default value into its hand log; the log, reopened as crash recovery opens it,
//! gives back exactly the settings the table was dealt under; and the PHH export of
//! its hands carries every house and money rule (`_house_rules`), so a replay of the
//! export plays under them and pays what the table paid.
//!
//! The game, the structure and the blinds are covered by every other end-to-end test
//! (each game and structure in tests/phh_export.rs); the engine's two feeding settings
//! (`amounts`, `burns`) are not for a table with a dealer, and go through the log
//! alone.

use firmware::rules::codec::{Kind, SETTINGS};
use firmware::{Chips, Game, Structure, TableConfig};
use host::records::export::{export_dir, replay_parts};
use host::records::handlog::{HandLog, Record, TableKey};
use host::records::replay::replay_with;
use host::records::time::WallTime;
use host::session::simulated::{config, DirectSource, SimOptions, SimulatedTable};
use host::settings;

const TABLE: &str = "settings-t1";
const SEED: [u8; 32] = [5; 32];

/// A setting at a non-default value, with the game it applies to and any other setting
/// it needs.
struct Case {
    game: Game,
    structure: Structure,
    set: &'static [(&'static str, &'static str)],
}

const fn case(
    game: Game,
    structure: Structure,
    set: &'static [(&'static str, &'static str)],
) -> Case {
    Case {
        game,
        structure,
        set,
    }
}

use Game::{FiveCardDraw as Draw, Holdem, OmahaHiLo};
use Structure::{FixedLimit as Fl, NoLimit as Nl, PotLimit as Pl};

/// One case per setting, the setting first.
const CASES: &[Case] = &[
    case(Holdem, Nl, &[("ante", "2")]),
    case(Holdem, Nl, &[("ante_mode", "bb"), ("ante", "5")]),
    case(Holdem, Fl, &[("small_bet", "20"), ("big_bet", "40")]),
    case(Holdem, Fl, &[("big_bet", "30")]),
    case(Holdem, Nl, &[("mixed", "fl:10/20:2")]),
    // PD-TOURN: the preset (a big-blind ante, no rake, the dead button) as a whole.
    case(Holdem, Nl, &[("tournament", "true"), ("ante", "10")]),
    case(Holdem, Nl, &[("max_players", "9")]),
    case(Holdem, Nl, &[("button", "moving")]),
    case(Holdem, Nl, &[("straddle", "false")]),
    case(Holdem, Nl, &[("straddle_min_raise", "straddle")]),
    case(Holdem, Nl, &[("unconfirmed_straddle", "no_option")]),
    case(Holdem, Nl, &[("short_blind", "must_cover")]),
    case(Holdem, Pl, &[("pl_sb_virtual", "false")]),
    case(Holdem, Fl, &[("fl_cap", "per_player3")]),
    case(Holdem, Fl, &[("fl_short_all_in", "plus_bet")]),
    case(Holdem, Fl, &[("fl_uncapped_heads_up", "true")]),
    case(Holdem, Nl, &[("missed_blind_reset", "3")]),
    // Openers in both rounds redeal most 32-card hands, which this test leaves to
    // tests/phh_export.rs: openers before the draw only, so some hands are plain.
    case(
        Draw,
        Nl,
        &[
            ("short_deck", "true"),
            ("max_players", "6"),
            ("openers_after_draw", "false"),
        ],
    ),
    case(Draw, Nl, &[("redeal_ante", "true")]),
    case(Draw, Nl, &[("stub_excludes_drawer", "true")]),
    case(
        Draw,
        Nl,
        &[
            ("openers_after_draw", "false"),
            ("short_deck", "true"),
            ("max_players", "6"),
        ],
    ),
    case(Holdem, Nl, &[("showdown", "tabled")]),
    case(Holdem, Nl, &[("odd_chip", "lowest_index")]),
    case(Holdem, Nl, &[("rake_pct", "5")]),
    case(Holdem, Nl, &[("rake_cap", "3"), ("rake_pct", "10")]),
    case(
        Holdem,
        Nl,
        &[("no_flop_no_drop", "false"), ("rake_pct", "5")],
    ),
    case(Holdem, Nl, &[("chip_unit", "5"), ("rake_pct", "10")]),
    case(OmahaHiLo, Nl, &[("low_ignores_straights_flushes", "true")]),
    case(
        Draw,
        Nl,
        &[
            ("short_deck_low_straight", "false"),
            ("short_deck", "true"),
            ("openers_after_draw", "false"),
            ("max_players", "6"),
        ],
    ),
];

/// The settings the game, structure and blinds come from: set on the bench's own
/// options, not through the codec.
const OF_THE_TABLE: [&str; 3] = ["game", "limit", "blinds"];

fn data_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("settings")
        .tempdir_in("/dev/shm")
        .or_else(|_| tempfile::tempdir())
        .expect("a temporary folder")
}

#[test]
fn every_setting_has_a_case() {
    for s in &SETTINGS {
        let covered = OF_THE_TABLE.contains(&s.key)
            || s.kind == Kind::Engine
            || CASES.iter().any(|c| c.set[0].0 == s.key);
        assert!(covered, "no case sets `{}`", s.key);
    }
}

#[test]
fn every_setting_comes_back_from_the_log_and_the_export() {
    for (i, c) in CASES.iter().enumerate() {
        let (key, value) = c.set[0];
        let opts = SimOptions {
            hands: 6,
            players: 5,
            game: c.game,
            structure: c.structure,
            seed: 40 + i as u64,
            settings: c
                .set
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..SimOptions::default()
        };
        let dealt = config(&opts).unwrap_or_else(|e| panic!("{key}={value}: {e}"));
        let mut plain = opts.clone();
        plain.settings.clear();
        let default = config(&plain).expect("the plain table");
        assert_eq!(settings::get(&dealt, key).as_deref(), Some(value));
        assert_ne!(
            settings::get(&default, key).as_deref(),
            Some(value),
            "{key}: not a default"
        );

        let dir = data_dir();
        let (mut log, _) =
            HandLog::open(dir.path(), TABLE, &TableKey::from_seed(SEED)).expect("hand log");
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
        bench
            .run(opts.hands, &mut |_| {})
            .unwrap_or_else(|e| panic!("{key}={value}: {e}"));
        drop(bench);
        drop(log);

        // Recovery: the log gives back every setting exactly.
        let (_, recovered) =
            HandLog::open(dir.path(), TABLE, &TableKey::from_seed(SEED)).expect("reopened");
        assert_eq!(recovered.config, Some(dealt), "{key}={value}: recovered");

        // The export: each hand carries the house and money rules, and replays under
        // them to what the table paid.
        let hands = export_dir(dir.path(), Some(TABLE), &[]).expect("export");
        // A redealt draw (R-DRAW-6) opens its final deal's betting where PHH cannot
        // say: such hands are checked by tests/phh_export.rs's own class.
        let plain: Vec<_> = hands
            .iter()
            .filter(|hh| hh.field("_redeals").is_none())
            .collect();
        assert!(!plain.is_empty(), "{key}: hands exported");
        for hh in plain {
            let (spec, steps, cfg) = replay_parts(hh)
                .unwrap_or_else(|e| panic!("{key}={value}: {e:?}\n{}", hh.to_toml()));
            for s in SETTINGS
                .iter()
                .filter(|s| matches!(s.kind, Kind::House | Kind::Money))
            {
                assert_eq!(
                    settings::value(s, &cfg),
                    settings::value(s, &dealt),
                    "{key}={value}: `{}` in the export of hand {:?}",
                    s.key,
                    hh.field("hand")
                );
            }
            let replayed = replay_with(cfg, &spec, &steps)
                .unwrap_or_else(|e| panic!("{key}={value}: {e}\n{}", hh.to_toml()));
            assert_eq!(
                Some(
                    replayed
                        .finishing_stacks
                        .iter()
                        .map(|c| c.get())
                        .collect::<Vec<u64>>()
                ),
                hh.finishing_stacks.clone(),
                "{key}={value}: the export replays to what the table paid\n{}",
                hh.to_toml()
            );
        }
    }
}

#[test]
fn the_engine_settings_come_back_from_the_log() {
    for pairs in [[("amounts", "reject")], [("burns", "auto")]] {
        let mut cfg = TableConfig::new(
            Game::Holdem,
            Structure::NoLimit,
            Chips::new(5),
            Chips::new(10),
        );
        for (k, v) in pairs {
            settings::set(&mut cfg, k, v).expect("a setting");
        }
        let dir = data_dir();
        let (mut log, _) =
            HandLog::open(dir.path(), TABLE, &TableKey::from_seed(SEED)).expect("hand log");
        log.append(
            WallTime::from_unix_millis(1),
            Record::Config { config: cfg },
        )
        .expect("the configuration");
        drop(log);
        let (_, recovered) =
            HandLog::open(dir.path(), TABLE, &TableKey::from_seed(SEED)).expect("reopened");
        assert_eq!(recovered.config, Some(cfg), "{pairs:?}");
    }
}
