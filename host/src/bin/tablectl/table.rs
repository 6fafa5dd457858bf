//! `tablectl [table] [OPTIONS]`: the bench table. Simulated players and dealer, the
//! simulated shoe on a real pseudo-terminal, the hand log, and the table display,
//! so that a bench runs every code path of a real table but the pins.

use crate::error::CliError;
use crate::shipping;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use firmware::{Chips, Game, Structure};
use host::display::{DisplayError, DisplayOptions, FloorOptions, Lang, TableDisplay};
use host::records::handlog::HandLog;
use host::records::scenario::Scenario;
use host::session::live::config::{DEFAULT_DISPLAY_BIND, DEFAULT_FLOOR_BIND, LANGUAGES};
use host::session::simulated::{CardSource, DirectSource, PtyShoeSource, SimOptions};
use host::session::TableSession;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The simulated players' names, by seat, for the display.
const PLAYERS: [&str; 11] = [
    "Ana", "Boris", "Cvetan", "Dana", "Emil", "Filip", "Goran", "Hana", "Ivo", "Jana", "Kiril",
];

/// The bench table's options, as given on the command line.
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
        default_value_t = SimOptions::default().pace_ms,
        verbatim_doc_comment
    )]
    pace: u64,
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
struct TableArgs {
    opts: SimOptions,
    /// The data folder (or the folder under which each run gets its own).
    data: PathBuf,
    /// No `--data`: this run gets a folder of its own.
    fresh: bool,
    /// `--table-id`, if given.
    table_id: Option<String>,
    /// `--key`, if given.
    key: Option<PathBuf>,
    /// Percent of shoe frames garbled, dropped, duplicated.
    faults: (u32, u32, u32),
    /// Cards straight to the engine, without the serial shoe.
    direct: bool,
    /// Where to serve the display; `None` with `--no-display`.
    display: Option<SocketAddr>,
    /// `--display` was given: a taken address is an error, not a fallback.
    display_given: bool,
    /// Where to serve the floor view (with the display only).
    floor: SocketAddr,
    /// `--floor` was given: a taken address is an error, not a fallback.
    floor_given: bool,
    /// The floor's token file; `None`: the data folder's.
    floor_token: Option<PathBuf>,
    /// The host names the floor answers to besides the loopback names.
    floor_hosts: Vec<String>,
    /// The floor's store to ship the hand log to.
    floor_db: Option<String>,
    /// How long the table waits for its last records to ship as it stops.
    floor_grace: std::time::Duration,
    lang: Lang,
    equity: bool,
    /// A scenario script to play instead of random hands.
    script: Option<PathBuf>,
}

/// `tablectl [table] [OPTIONS]`.
pub fn table(options: &TableOptions) -> Result<(), CliError> {
    table_args(options)
        .and_then(|args| run_table(&args))
        .map_err(|e| e.within("tablectl"))
}

fn table_args(o: &TableOptions) -> Result<TableArgs, CliError> {
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
            pace_ms: o.pace,
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
    })
}

/// Starts the display and its floor view: on the addresses asked for, or, when a
/// default is taken (a second bench on the machine), on a free port, saying so.
fn start_display(
    args: &TableArgs,
    table_name: &str,
    data: &Path,
) -> Result<Option<TableDisplay>, CliError> {
    let Some(bind) = args.display else {
        return Ok(None);
    };
    let token_file = args
        .floor_token
        .clone()
        .unwrap_or_else(|| data.join("floor-token"));
    let token = host::web::auth::load_or_create_token(&token_file).map_err(CliError::failed)?;
    let mut o = DisplayOptions::local(bind.port(), table_name);
    o.bind = bind;
    o.lang = args.lang;
    o.equity = args.equity;
    o.floor = Some(FloorOptions {
        bind: args.floor,
        token,
        hosts: args.floor_hosts.clone(),
    });
    o.names = PLAYERS.iter().map(|n| n.to_string()).collect();
    loop {
        match TableDisplay::start(o.clone()) {
            Ok(d) => return Ok(Some(d)),
            Err(DisplayError::Bind(addr, e))
                if (addr == o.bind && !args.display_given && o.bind.port() != 0)
                    || (Some(addr) == o.floor.as_ref().map(|f| f.bind)
                        && !args.floor_given
                        && addr.port() != 0) =>
            {
                println!("display: {addr} is taken ({e}); serving on a free port instead");
                if addr == o.bind {
                    o.bind.set_port(0);
                } else if let Some(f) = o.floor.as_mut() {
                    f.bind.set_port(0);
                }
            }
            Err(e) => return Err(CliError::failed(e)),
        }
    }
}

/// Says where the display is, and that the players' screen is open to the network
/// when it is (it shows only what the table shows).
fn announce_display(display: Option<&TableDisplay>, token_file: &Path) {
    let Some(d) = display else {
        println!("display: off");
        return;
    };
    println!("display: {}", d.url());
    if !d.addr().ip().is_loopback() {
        println!("display: the players' screen is served to the network (it shows only what the table shows)");
    }
    if let Some(floor) = d.floor_url() {
        println!(
            "floor view: {floor} (the password is in {}; any user name)",
            token_file.display()
        );
    }
}

/// The bench table's key file unless `--key` names one: `table.key` in a folder of its
/// own beside the data folder (`DIR-key`), never in it.
fn bench_key_file(data: &Path) -> PathBuf {
    let mut dir = data.as_os_str().to_owned();
    dir.push("-key");
    PathBuf::from(dir).join("table.key")
}

fn run_table(args: &TableArgs) -> Result<(), CliError> {
    let opts = &args.opts;
    // With no --data, each run keeps its own log under table-data/. A named data
    // folder is one table: restarted on it, the table resumes from its log.
    let (data, table_id) = if args.fresh {
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let kind = if args.script.is_some() {
            "script"
        } else {
            "bench"
        };
        let folder = format!("{kind}-{started}-seed{}", opts.seed);
        let id = args.table_id.clone().unwrap_or_else(|| folder.clone());
        (args.data.join(folder), id)
    } else {
        let id = args.table_id.clone().unwrap_or_else(|| "bench".to_string());
        (args.data.clone(), id)
    };
    let key_file = args.key.clone().unwrap_or_else(|| bench_key_file(&data));
    // The bench table names no configuration file (its settings are its flags): its
    // configuration digest is that of every file absent.
    let started = host::session::startup::check(
        &data,
        &table_id,
        &key_file,
        &host::records::program::ConfigFiles::default(),
    )
    .map_err(CliError::failed)?;
    let (key, opened) = (started.key, started.opened);
    let shipper = args
        .floor_db
        .as_deref()
        .map(|url| host::floor::Shipper::start(url, &data, &table_id))
        .transpose()
        .map_err(|e| CliError::hint(e, "see --floor-db"))?;
    if let Some(s) = &shipper {
        shipping::announce(s);
        shipping::on_signals(s.ender(), args.floor_grace).map_err(CliError::failed)?;
    }
    // Every way the table stops, an error's too, ends its shipping before it returns.
    let run = Run {
        data: &data,
        table_id: &table_id,
        key: &key,
        key_file: &key_file,
        program: &started.program,
    };
    let played = run_shipping(args, &run, opened, shipper.as_ref());
    if let Some(s) = shipper {
        shipping::end(s, args.floor_grace);
    }
    hold(played?.as_ref());
    Ok(())
}

/// What the table runs on: its data folder, id and key.
struct Run<'a> {
    data: &'a Path,
    table_id: &'a str,
    key: &'a host::records::handlog::TableKey,
    key_file: &'a Path,
    /// The program it runs, logged before the first hand.
    program: &'a host::records::program::ProgramId,
}

/// Runs the table (shipping to `shipper` if there is one); the display, to be held
/// up once the table's shipping has ended.
fn run_shipping(
    args: &TableArgs,
    run: &Run<'_>,
    opened: host::session::table::Opened,
    shipper: Option<&host::floor::Shipper>,
) -> Result<Option<TableDisplay>, CliError> {
    let Run {
        data,
        table_id,
        key,
        key_file,
        program,
    } = *run;
    let opts = &args.opts;
    let (mut log, recovered) = (opened.log, opened.recovered);
    let mut display = start_display(args, table_id, data)?;
    if let (Some(d), Some(s)) = (&display, shipper) {
        d.watch_floor_link(s.link()).map_err(CliError::failed)?;
    }
    match &args.script {
        Some(script) => println!("bench table: script {}", script.display()),
        None => println!(
            "bench table: {} players, {:?} {:?} {}/{}, seed {}",
            opts.players, opts.game, opts.structure, opts.blinds.0, opts.blinds.1, opts.seed
        ),
    }
    println!(
        "hand log: {} (signed by {}, public key in {})",
        log.path().display(),
        key.public(),
        host::records::handlog::public_file(key_file).display()
    );
    println!("{}", crate::program_line(program));
    let token_file = args
        .floor_token
        .clone()
        .unwrap_or_else(|| data.join("floor-token"));
    announce_display(display.as_ref(), &token_file);
    if let Some(d) = &recovered.dropped {
        println!("hand log: a record torn by the last stop was set aside: {d:?}");
    }
    if let Some(script) = &args.script {
        if recovered.config.is_some() {
            return Err(CliError::TableExists(data.display().to_string()));
        }
        let ship = shipper.map(host::floor::Shipper::tap);
        play_script(script, opts, &mut log, display.as_mut(), ship, program)?;
        return Ok(display);
    }
    let resumed = match opened.table {
        Some(t) => {
            println!(
                "resumed from the hand log: {} records, hand {} {}",
                recovered.records,
                t.state().hands,
                if t.in_hand() {
                    "in progress"
                } else {
                    "complete"
                }
            );
            Some(t)
        }
        None => None,
    };
    let ship = shipper.map(host::floor::Shipper::tap);
    let summary = if args.direct {
        play(
            opts,
            resumed,
            DirectSource,
            &mut log,
            display.as_mut(),
            ship,
            program,
        )?
    } else {
        let source = PtyShoeSource::start(args.faults, opts.seed).map_err(CliError::failed)?;
        println!(
            "shoe: simulated PN532 on {} ({}% garbled, {}% dropped, {}% duplicated frames)",
            source.path(),
            args.faults.0,
            args.faults.1,
            args.faults.2
        );
        play(
            opts,
            resumed,
            source,
            &mut log,
            display.as_mut(),
            ship,
            program,
        )?
    };
    if summary.shoe_faults > 0 {
        println!(
            "shoe faults detected and recovered by a re-read: {}",
            summary.shoe_faults
        );
    }
    // The head as the run leaves it: kept outside the table, it anchors the log
    // (`tablectl audit verify --anchor`).
    if let Some(head) = log.head() {
        println!("signed head: {head}");
    }
    println!(
        "{} hands at this table; {} inputs accepted and logged in this run",
        summary.hands, summary.inputs
    );
    Ok(display)
}

/// Plays the bench table to `opts.hands` hands, new or resumed.
fn play<S: CardSource>(
    opts: &SimOptions,
    resumed: Option<firmware::Table>,
    source: S,
    log: &mut HandLog,
    display: Option<&mut TableDisplay>,
    ship: Option<host::floor::ShipTap>,
    program: &host::records::program::ProgramId,
) -> Result<host::session::simulated::Summary, CliError> {
    use host::session::simulated::SimulatedTable;
    let tap = display
        .as_deref()
        .map(|d| d.floor_tap(log))
        .transpose()
        .map_err(CliError::failed)?;
    let mut bench = match resumed {
        Some(table) => {
            let mut bench = SimulatedTable::resume(opts, table, source, Some(log));
            // Stopped while its players sat down: they all sit, as they would have.
            bench.seat_players(opts).map_err(CliError::failed)?;
            bench
        }
        None => SimulatedTable::new(opts, source, Some(log)).map_err(CliError::failed)?,
    };
    if let Some(t) = tap {
        bench.tap(Box::new(t));
    }
    if let Some(t) = ship {
        bench.tap(Box::new(t));
    }
    if let Some(d) = display {
        d.show(bench.table(), &[]);
        bench.observe(Box::new(d));
    }
    bench
        .started_with(program.clone())
        .map_err(CliError::failed)?;
    let mut summary = bench
        .run(opts.hands, &mut |line| println!("{line}"))
        .map_err(CliError::failed)?;
    summary.hands = bench.hands_done();
    Ok(summary)
}

/// Plays a scenario script on a new table: each accepted input logged before it
/// counts and shown on the display, at the bench's pace; a hand the script leaves at
/// its showdown is paid by the host, as at a real table. Inputs the script expects
/// the engine to refuse change nothing and are not logged.
fn play_script(
    path: &Path,
    opts: &SimOptions,
    log: &mut HandLog,
    display: Option<&mut TableDisplay>,
    ship: Option<host::floor::ShipTap>,
    program: &host::records::program::ProgramId,
) -> Result<(), CliError> {
    let name = path.display().to_string();
    let scenario = Scenario::load(path).map_err(|e| CliError::at(&name, e))?;
    let tap = display
        .as_deref()
        .map(|d| d.floor_tap(log))
        .transpose()
        .map_err(CliError::failed)?;
    let mut session = TableSession::create(scenario.config, Some(log)).map_err(CliError::failed)?;
    if let Some(t) = tap {
        session.tap(Box::new(t));
    }
    if let Some(t) = ship {
        session.tap(Box::new(t));
    }
    if let Some(d) = display {
        session.observe(Box::new(d));
    }
    session
        .started_with(program.clone())
        .map_err(CliError::failed)?;
    // At the bench's pace, so people can follow it on the display.
    let pace = std::time::Duration::from_millis(opts.pace_ms);
    session.observe(Box::new(
        move |_: &firmware::Table, _: &host::session::Outcome| std::thread::sleep(pace),
    ));
    scenario
        .run_on(&mut session, |line, _, events, _| {
            for e in events {
                println!("{line:>4}  {e}");
            }
        })
        .map_err(|e| CliError::at(&name, e))?;
    while let Some(events) = session.pay_next().map_err(|e| CliError::at(&name, e))? {
        for e in &events {
            println!("      {e}");
        }
    }
    let inputs = session.accepted();
    println!("{name}: every expectation holds; {inputs} inputs logged");
    Ok(())
}

/// Keeps the display up after the run while someone is at the terminal, so the
/// last hand can be read; a run from a script or a test ends at once.
fn hold(display: Option<&TableDisplay>) {
    use std::io::IsTerminal;
    if let Some(d) = display {
        if std::io::stdin().is_terminal() {
            println!("the display stays up at {}: press Enter to close", d.url());
            let mut line = String::new();
            // Any answer, an end of input or an error closes it.
            let _ = std::io::stdin().read_line(&mut line);
        }
    }
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
        assert_eq!((o.hands, o.players, o.seed, o.pace_ms), (200, 9, 7, 600));
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
}
