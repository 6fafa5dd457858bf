//! The bench table's options: `tablectl [table] [OPTIONS]` as clap reads them
//! ([`TableOptions`], with the value parsers of the formats it takes), and what the
//! table is asked to do once the defaults are filled in ([`TableArgs`]).

use crate::error::CliError;
use crate::shipping;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use firmware::{Chips, Game, Structure};
use host::display::Lang;
use host::session::live::config::{DEFAULT_DISPLAY_BIND, DEFAULT_FLOOR_BIND, LANGUAGES};
use host::session::simulated::SimOptions;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

// The bench table's options, as given on the command line.
// Not a doc comment: clap would take it for the help of each (deferred) command
// this flattens into, over the command's own.
#[derive(Debug, Args)]
pub struct TableOptions {
    /// Hands to play
    #[arg(long, value_name = "N", default_value_t = SimOptions::default().hands)]
    hands: u32,
    /// Players seated, 2 to 10
    #[arg(long, value_name = "N", default_value_t = SimOptions::default().players)]
    players: u8,
    /// The game
    #[arg(long, value_name = "G", default_value = "holdem", value_parser = game())]
    game: Game,
    /// No, pot or fixed limit
    #[arg(long, value_name = "L", default_value = "nl", value_parser = limit())]
    limit: Structure,
    /// The small and the big blind
    #[arg(long, value_name = "SB/BB", default_value = "5/10", value_parser = blinds)]
    blinds: (Chips, Chips),
    /// The same seed plays the same hands
    #[arg(long, value_name = "N", default_value_t = SimOptions::default().seed)]
    seed: u64,
    /// The table's data folder, with its hand log: restarted on it, the table
    /// resumes where it stopped [default: a new folder under ./table-data for
    /// each run]
    #[arg(long, value_name = "DIR", verbatim_doc_comment)]
    data: Option<PathBuf>,
    /// The table's id, in its hand log and on the floor's store: bench tables
    /// sharing a store need one each [default: bench with --data, else one
    /// made for each run]
    #[arg(long = "table-id", value_name = "ID", value_parser = table_id, verbatim_doc_comment)]
    table_id: Option<String>,
    /// The table's private signing key, made there if both it and the log
    /// are new; never inside the data folder [default: DIR-key/table.key,
    /// a folder of its own beside the data folder]
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    key: Option<PathBuf>,
    /// Percent of shoe frames garbled, dropped and duplicated,
    /// each 0 to 50
    #[arg(
        long,
        value_name = "G,D,U",
        default_value = "0,0,0",
        value_parser = faults,
        verbatim_doc_comment
    )]
    faults: (u32, u32, u32),
    /// Hand cards straight to the engine, without the serial shoe
    #[arg(long)]
    direct: bool,
    /// Pause MS milliseconds after each input, to follow the hand on the
    /// display (0: full speed)
    #[arg(
        long,
        value_name = "MS",
        default_value = "0",
        value_parser = millis,
        verbatim_doc_comment
    )]
    pace: Duration,
    /// Play a scenario script (tests/README.md) instead of random hands,
    /// logged and shown on the display like any hand
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    script: Option<PathBuf>,
    /// Serve the table display on ADDR [default: 127.0.0.1:8080, or a free
    /// port if it is taken]
    #[arg(
        long,
        value_name = "ADDR",
        value_parser = address,
        overrides_with = "no_display",
        verbatim_doc_comment
    )]
    display: Option<SocketAddr>,
    /// Play without the table display
    #[arg(long, overrides_with = "display")]
    no_display: bool,
    /// Serve the floor view (every card of the paid hands; needs the
    /// floor's token) on ADDR [default: 127.0.0.1:8081, or a free port]
    #[arg(long, value_name = "ADDR", value_parser = address, verbatim_doc_comment)]
    floor: Option<SocketAddr>,
    /// The floor's token file, only its owner may read it (mode 0600)
    /// [default: floor-token in the data folder, made if missing]
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    floor_token: Option<PathBuf>,
    /// A host name the floor's browsers use, required when --floor is
    /// not a loopback address; may be given again
    #[arg(long = "floor-host", value_name = "NAME", verbatim_doc_comment)]
    floor_hosts: Vec<String>,
    /// Ship every record of the hand log to the floor's store at URL
    /// (postgres://USER@HOST:PORT/DATABASE), on its own thread: the table
    /// never waits for it, and catches up after an outage
    #[arg(long = "floor-db", value_name = "URL", verbatim_doc_comment)]
    floor_db: Option<String>,
    /// How long the table waits, as it stops (its hands played, an error,
    /// SIGTERM, Ctrl-C), for the floor's store to take its last records;
    /// what is left ships at its next start
    #[arg(
        long = "floor-grace",
        value_name = "SECONDS",
        default_value_t = shipping::SHIP_GRACE.as_secs(),
        verbatim_doc_comment
    )]
    floor_grace: u64,
    /// The display's language
    #[arg(long, value_name = "L", default_value = "en", value_parser = lang())]
    lang: Lang,
    /// No all-in equity on the display
    #[arg(long)]
    no_equity: bool,
    /// Print every event
    #[arg(long)]
    verbose: bool,
    /// Any setting of the table, e.g. --set rake_pct=5 --set button=moving
    /// (`tablectl settings` lists them); may be given again for more
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = setting, verbatim_doc_comment)]
    settings: Vec<(String, String)>,
    /// Show the table's tournament on its screens: the clock, the stakes, the
    /// players and the prize pool, followed from the floor's store (--floor-db)
    /// by its table id (--table-id)
    #[arg(long, requires = "floor_db", verbatim_doc_comment)]
    tournament: bool,
}

/// The longest `--table-id`: room for a casino's own naming, never a page's width.
const MAX_TABLE_ID: usize = 64;

/// `--table-id`: letters, digits, `-`, `_` and `.`, as a file and a URL keep them.
fn table_id(v: &str) -> Result<String, String> {
    let fits = !v.is_empty()
        && v.len() <= MAX_TABLE_ID
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if fits {
        Ok(v.to_string())
    } else {
        Err(format!(
            "a table id is 1 to {MAX_TABLE_ID} letters, digits, '-', '_' or '.'"
        ))
    }
}

/// `--set KEY=VALUE`: a setting the codec knows, with a value it reads. This and
/// the other value parsers below return `String`, clap's convention: clap prints
/// it beside the option.
fn setting(v: &str) -> Result<(String, String), String> {
    let (key, value) = host::settings::split_pair(v).map_err(|e| e.to_string())?;
    let mut probe = firmware::TableConfig::new(
        Game::Holdem,
        Structure::NoLimit,
        firmware::Chips::new(5),
        firmware::Chips::new(10),
    );
    host::settings::set(&mut probe, key, value).map_err(|e| e.to_string())?;
    Ok((key.to_string(), value.to_string()))
}

/// `--game`: a game by its name, as every setting reads it (the names of the games'
/// specs).
fn game() -> impl TypedValueParser<Value = Game> {
    PossibleValuesParser::new(firmware::rules::GAMES.map(|g| g.name))
        .try_map(|name| Game::from_name(&name).ok_or("not a game"))
}

/// `--limit`: a betting structure by its name (`nl`, `pl`, `fl`).
fn limit() -> impl TypedValueParser<Value = Structure> {
    PossibleValuesParser::new(Structure::ALL.map(Structure::name))
        .try_map(|name| Structure::from_name(&name).ok_or("not a betting structure"))
}

/// `--blinds SB/BB`.
fn blinds(v: &str) -> Result<(Chips, Chips), String> {
    let (sb, bb) = v.split_once('/').ok_or("write SB/BB, e.g. 5/10")?;
    let chips = |x: &str| {
        x.parse::<Chips>()
            .map_err(|_| format!("`{x}` is not a whole number"))
    };
    Ok((chips(sb)?, chips(bb)?))
}

/// `--faults G,D,U`: three percents, each at most 50.
fn faults(v: &str) -> Result<(u32, u32, u32), String> {
    let parts: Vec<&str> = v.split(',').collect();
    let [g, d, u] = parts[..] else {
        return Err("write GARBLED,DROPPED,DUPLICATED percents, e.g. 5,5,5".to_string());
    };
    let pct = |x: &str| -> Result<u32, String> {
        x.parse::<u32>()
            .ok()
            .filter(|p| *p <= 50)
            .ok_or_else(|| format!("`{x}` is not a percent from 0 to 50"))
    };
    Ok((pct(g)?, pct(d)?, pct(u)?))
}

/// `--display ADDR`: an address and a port.
/// A time given in whole milliseconds (`--pace 600`), as the options always took it.
fn millis(text: &str) -> Result<Duration, String> {
    text.parse()
        .map(Duration::from_millis)
        .map_err(|e: std::num::ParseIntError| e.to_string())
}

fn address(v: &str) -> Result<SocketAddr, String> {
    v.parse()
        .map_err(|_| format!("write an address and port, e.g. {DEFAULT_DISPLAY_BIND}"))
}

/// `--lang`: a display language by its code, one of the configuration's.
fn lang() -> impl TypedValueParser<Value = Lang> {
    PossibleValuesParser::new(LANGUAGES).try_map(|code| {
        Lang::from_code(&code).ok_or_else(|| format!("`{code}` has no translation"))
    })
}

/// What the bench table was asked to do.
pub(super) struct TableArgs {
    pub(super) opts: SimOptions,
    /// The data folder (or the folder under which each run gets its own).
    pub(super) data: PathBuf,
    /// No `--data`: this run gets a folder of its own.
    pub(super) fresh: bool,
    /// `--table-id`, if given.
    pub(super) table_id: Option<String>,
    /// `--key`, if given.
    pub(super) key: Option<PathBuf>,
    /// Percent of shoe frames garbled, dropped, duplicated.
    pub(super) faults: (u32, u32, u32),
    /// Cards straight to the engine, without the serial shoe.
    pub(super) direct: bool,
    /// Where to serve the display; `None` with `--no-display`.
    pub(super) display: Option<SocketAddr>,
    /// `--display` was given: a taken address is an error, not a fallback.
    pub(super) display_given: bool,
    /// Where to serve the floor view (with the display only).
    pub(super) floor: SocketAddr,
    /// `--floor` was given: a taken address is an error, not a fallback.
    pub(super) floor_given: bool,
    /// The floor's token file; `None`: the data folder's.
    pub(super) floor_token: Option<PathBuf>,
    /// The host names the floor answers to besides the loopback names.
    pub(super) floor_hosts: Vec<String>,
    /// The floor's store to ship the hand log to.
    pub(super) floor_db: Option<String>,
    /// How long the table waits for its last records to ship as it stops.
    pub(super) floor_grace: std::time::Duration,
    pub(super) lang: Lang,
    pub(super) equity: bool,
    /// A scenario script to play instead of random hands.
    pub(super) script: Option<PathBuf>,
    /// Follow the table's tournament on the floor's store, for the screens.
    pub(super) tournament: bool,
}

/// The options with their defaults filled in.
pub(super) fn table_args(o: &TableOptions) -> Result<TableArgs, CliError> {
    let default_display: SocketAddr = DEFAULT_DISPLAY_BIND
        .parse()
        .map_err(|_| CliError::BadDefault("display"))?;
    let default_floor: SocketAddr = DEFAULT_FLOOR_BIND
        .parse()
        .map_err(|_| CliError::BadDefault("floor"))?;
    Ok(TableArgs {
        opts: SimOptions {
            hands: o.hands,
            players: o.players,
            game: o.game,
            structure: o.limit,
            blinds: o.blinds,
            seed: o.seed,
            verbose: o.verbose,
            pace: o.pace,
            settings: o.settings.clone(),
        },
        data: o
            .data
            .clone()
            .unwrap_or_else(|| PathBuf::from("table-data")),
        fresh: o.data.is_none(),
        table_id: o.table_id.clone(),
        key: o.key.clone(),
        faults: o.faults,
        direct: o.direct,
        display: (!o.no_display).then(|| o.display.unwrap_or(default_display)),
        display_given: o.display.is_some(),
        floor: o.floor.unwrap_or(default_floor),
        floor_given: o.floor.is_some(),
        floor_token: o.floor_token.clone(),
        floor_hosts: o.floor_hosts.clone(),
        floor_db: o.floor_db.clone(),
        floor_grace: std::time::Duration::from_secs(o.floor_grace),
        lang: o.lang,
        equity: !o.no_equity,
        script: o.script.clone(),
        tournament: o.tournament,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use firmware::Chips;

    fn ch(n: u64) -> Chips {
        Chips::new(n)
    }
    use crate::cli::Cli;
    use clap::{CommandFactory as _, Parser as _};

    fn args(flags: &[&str]) -> TableArgs {
        let cli = Cli::try_parse_from(std::iter::once("tablectl").chain(flags.iter().copied()))
            .expect("the flags parse");
        table_args(&cli.table).expect("the default display address parses")
    }

    #[test]
    fn no_flags_are_the_bench_tables_defaults() {
        let t = args(&[]);
        assert_eq!(
            format!("{:?}", t.opts),
            format!("{:?}", SimOptions::default())
        );
        assert_eq!((t.data, t.fresh), (PathBuf::from("table-data"), true));
        assert_eq!(t.faults, (0, 0, 0));
        assert_eq!(t.display, DEFAULT_DISPLAY_BIND.parse().ok());
        assert!(!t.display_given && !t.direct && t.equity && t.script.is_none());
        assert_eq!(t.lang, Lang::En);
    }

    #[test]
    fn the_readmes_example_parses() {
        let t = args(&[
            "--hands",
            "200",
            "--players",
            "9",
            "--game",
            "omaha8",
            "--limit",
            "fl",
            "--blinds",
            "10/20",
            "--seed",
            "7",
            "--faults",
            "5,5,5",
            "--pace",
            "600",
            "--lang",
            "pl",
            "--verbose",
            "--data",
            "d",
        ]);
        let o = &t.opts;
        assert_eq!(
            (o.hands, o.players, o.seed, o.pace),
            (200, 9, 7, Duration::from_millis(600))
        );
        assert_eq!(
            (o.game, o.structure),
            (Game::OmahaHiLo, Structure::FixedLimit)
        );
        assert_eq!(o.blinds, (ch(10), ch(20)));
        assert!(o.verbose);
        assert_eq!(t.faults, (5, 5, 5));
        assert_eq!(t.lang, Lang::Pl);
        assert_eq!((t.data, t.fresh), (PathBuf::from("d"), false));
    }

    /// Bench tables sharing a floor store each need their own id.
    #[test]
    fn a_bench_table_takes_its_id_and_refuses_one_a_store_cannot_keep() {
        assert_eq!(args(&[]).table_id, None);
        let t = args(&["--table-id", "bench-7.b_2", "--data", "d"]);
        assert_eq!(t.table_id.as_deref(), Some("bench-7.b_2"));
        for bad in ["", "a b", "t/1", &"x".repeat(MAX_TABLE_ID + 1)] {
            assert!(
                table_id(bad).is_err_and(|e| e.contains("1 to 64 letters")),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn the_later_of_display_and_no_display_wins() {
        let addr: SocketAddr = "127.0.0.1:0".parse().expect("an address");
        let t = args(&["--display", "127.0.0.1:0", "--no-display"]);
        assert_eq!(t.display, None);
        let t = args(&["--no-display", "--display", "127.0.0.1:0"]);
        assert_eq!((t.display, t.display_given), (Some(addr), true));
    }

    #[test]
    fn the_custom_formats_say_what_to_write() {
        assert_eq!(blinds("10/20"), Ok((ch(10), ch(20))));
        assert!(blinds("10-20").is_err_and(|e| e.contains("SB/BB")));
        assert!(blinds("10/x").is_err_and(|e| e.contains("`x`")));
        assert_eq!(faults("0,50,7"), Ok((0, 50, 7)));
        assert!(faults("5,5").is_err_and(|e| e.contains("e.g. 5,5,5")));
        assert!(faults("5,5,51").is_err_and(|e| e.contains("0 to 50")));
        assert!(address("localhost").is_err_and(|e| e.contains(DEFAULT_DISPLAY_BIND)));
    }

    #[test]
    fn every_listed_name_parses() {
        let cmd = Cli::command();
        for flag in ["game", "limit", "lang"] {
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_id() == flag)
                .expect("the flag");
            for value in arg.get_possible_values() {
                let name = value.get_name();
                let parsed = Cli::try_parse_from(["tablectl", &format!("--{flag}"), name]);
                assert!(parsed.is_ok(), "--{flag} {name}");
            }
        }
    }

    #[test]
    fn the_display_flags_help_names_the_default_address() {
        let cmd = Cli::command();
        let display = cmd
            .get_arguments()
            .find(|a| a.get_id() == "display")
            .and_then(|a| a.get_help())
            .map(|h| h.to_string());
        assert!(display.is_some_and(|h| h.contains(DEFAULT_DISPLAY_BIND)));
    }

    /// The tournament is followed from the floor's store: without one it is refused,
    /// naming the option it needs.
    #[test]
    fn a_tournament_needs_the_floors_store() {
        let flags = ["tablectl", "table", "--tournament"];
        let e = Cli::try_parse_from(flags).expect_err("no store to follow");
        assert!(e.to_string().contains("--floor-db"), "{e}");
        let t = args(&[
            "--tournament",
            "--floor-db",
            "postgres://t1@localhost/floor",
        ]);
        assert!(t.tournament);
        assert!(!args(&[]).tournament);
    }
}
