//! `tablectl [table] [OPTIONS]`: the bench table. Simulated players and dealer, the
//! simulated shoe on a real pseudo-terminal, the hand log, and the table display,
//! so that a bench runs every code path of a real table but the pins.

use super::USAGE;
use host::display::{Display, DisplayError, DisplayOptions, Lang, Warn};
use host::records::handlog::{now_ms, HandLog, Record};
use host::records::scenario::Scenario;
use host::session::simulated::{BenchOptions, CardSource, DirectSource, PtyShoeSource};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The simulated players' names, by seat, for the display.
const PLAYERS: [&str; 11] = [
    "Ana", "Boris", "Cvetan", "Dana", "Emil", "Filip", "Goran", "Hana", "Ivo", "Jana", "Kiril",
];

/// What the bench table was asked to do.
struct TableArgs {
    opts: BenchOptions,
    /// The data folder (or the folder under which each run gets its own).
    data: PathBuf,
    /// No `--data`: this run gets a folder of its own.
    fresh: bool,
    /// Percent of shoe frames garbled, dropped, duplicated.
    faults: (u32, u32, u32),
    /// Cards straight to the engine, without the serial shoe.
    direct: bool,
    /// Where to serve the display; `None` with `--no-display`.
    display: Option<SocketAddr>,
    /// `--display` was given: a taken address is an error, not a fallback.
    display_given: bool,
    lang: Lang,
    equity: bool,
    /// A scenario script to play instead of random hands.
    script: Option<PathBuf>,
}

/// `tablectl [table] [OPTIONS]`.
pub fn table(args: &[String]) -> ExitCode {
    let args = match table_options(args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("tablectl: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run_table(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tablectl: {e}");
            ExitCode::FAILURE
        }
    }
}

fn table_options(args: &[String]) -> Result<TableArgs, String> {
    let default_display: SocketAddr = host::session::live::config::DEFAULT_DISPLAY_BIND
        .parse()
        .map_err(|_| "the default display address is not an address".to_string())?;
    let mut t = TableArgs {
        opts: BenchOptions::default(),
        data: PathBuf::from("table-data"),
        fresh: true,
        faults: (0, 0, 0),
        direct: false,
        display: Some(default_display),
        display_given: false,
        lang: Lang::En,
        equity: true,
        script: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: `{v}` is not a whole number"))
        };
        match flag.as_str() {
            "--hands" => {
                t.opts.hands = number(value()?)?
                    .try_into()
                    .map_err(|_| "--hands: too many".to_string())?
            }
            "--players" => {
                t.opts.players = number(value()?)?
                    .try_into()
                    .map_err(|_| "--players: 2 to 10".to_string())?
            }
            "--seed" => t.opts.seed = number(value()?)?,
            "--data" => {
                t.data = value()?.into();
                t.fresh = false;
            }
            "--verbose" => t.opts.verbose = true,
            "--pace" => t.opts.pace_ms = number(value()?)?,
            "--direct" => t.direct = true,
            "--script" => t.script = Some(value()?.into()),
            "--display" => {
                let v = value()?;
                t.display = Some(v.parse().map_err(|_| {
                    format!("--display: `{v}`: write an address and port, e.g. 127.0.0.1:8080")
                })?);
                t.display_given = true;
            }
            "--no-display" => t.display = None,
            "--lang" => {
                let v = value()?;
                t.lang = Lang::from_code(v).ok_or_else(|| {
                    format!(
                        "--lang: `{v}`: one of {}",
                        host::session::live::config::LANGUAGES.join(", ")
                    )
                })?;
            }
            "--no-equity" => t.equity = false,
            "--faults" => {
                let v = value()?;
                let parts: Vec<&str> = v.split(',').collect();
                let [g, d, u] = parts[..] else {
                    return Err(format!(
                        "--faults: `{v}`: write GARBLED,DROPPED,DUPLICATED percents, e.g. 5,5,5"
                    ));
                };
                let pct = |x: &str| -> Result<u32, String> {
                    x.parse::<u32>()
                        .ok()
                        .filter(|p| *p <= 50)
                        .ok_or_else(|| format!("--faults: `{x}` is not a percent from 0 to 50"))
                };
                t.faults = (pct(g)?, pct(d)?, pct(u)?);
            }
            "--game" => {
                t.opts.game = host::session::simulated::parse_game(value()?)
                    .map_err(|e| format!("--game: {e}"))?
            }
            "--limit" => {
                t.opts.structure = host::session::simulated::parse_limit(value()?)
                    .map_err(|e| format!("--limit: {e}"))?
            }
            "--blinds" => {
                let v = value()?;
                let (sb, bb) = v
                    .split_once('/')
                    .ok_or_else(|| format!("--blinds: `{v}`: write SB/BB, e.g. 5/10"))?;
                t.opts.blinds = (number(sb)?, number(bb)?);
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(t)
}

/// Starts the display: on the address asked for, or, when the default is taken (a
/// second bench on the machine), on a free port, saying so.
fn start_display(
    args: &TableArgs,
    table_name: &str,
    data: &Path,
) -> Result<Option<Display>, String> {
    let Some(bind) = args.display else {
        return Ok(None);
    };
    let mut o = DisplayOptions::local(bind.port(), table_name);
    o.bind = bind;
    o.lang = args.lang;
    o.equity = args.equity;
    o.data = Some(data.to_path_buf());
    o.names = PLAYERS.iter().map(|n| n.to_string()).collect();
    match Display::start(o.clone()) {
        Ok(d) => Ok(Some(d)),
        Err(DisplayError::Bind(addr, e)) if !args.display_given => {
            o.bind.set_port(0);
            let d = Display::start(o).map_err(|e| e.to_string())?;
            println!("display: {addr} is taken ({e}); serving on a free port instead");
            Ok(Some(d))
        }
        Err(e) => Err(e.to_string()),
    }
}

fn run_table(args: &TableArgs) -> Result<(), String> {
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
        let id = format!("{kind}-{started}-seed{}", opts.seed);
        (args.data.join(&id), id)
    } else {
        (args.data.clone(), "bench".to_string())
    };
    let secret = host::records::handlog::handlog_secret(&data)
        .map_err(|e| format!("data folder {}: {e}", data.display()))?;
    let (mut log, recovered) =
        HandLog::open(&data, &table_id, &secret).map_err(|e| e.to_string())?;
    let mut display = start_display(args, &table_id, &data)?;
    match &args.script {
        Some(script) => println!("bench table: script {}", script.display()),
        None => println!(
            "bench table: {} players, {:?} {:?} {}/{}, seed {}",
            opts.players, opts.game, opts.structure, opts.blinds.0, opts.blinds.1, opts.seed
        ),
    }
    println!("hand log: {}", log.path().display());
    match &display {
        Some(d) => println!("display: {}  (floor view: {}floor)", d.url(), d.url()),
        None => println!("display: off"),
    }
    if let Some(d) = &recovered.dropped {
        println!("hand log: a record torn by the last stop was set aside: {d:?}");
    }
    if let Some(script) = &args.script {
        if recovered.config.is_some() {
            return Err(format!(
                "{}: a script plays on a new table, and this data folder has a table already: \
                 give a new --data folder, or none",
                data.display()
            ));
        }
        play_script(script, opts, &mut log, display.as_mut())?;
        hold(display.as_ref());
        return Ok(());
    }
    let resumed = match recovered.config {
        Some(_) => {
            let t = host::records::handlog::rebuild_table(&recovered).map_err(|e| e.to_string())?;
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
    let summary = if args.direct {
        play(opts, resumed, DirectSource, &mut log, display.as_mut())?
    } else {
        let source = PtyShoeSource::start(args.faults, opts.seed)?;
        println!(
            "shoe: simulated PN532 on {} ({}% garbled, {}% dropped, {}% duplicated frames)",
            source.path(),
            args.faults.0,
            args.faults.1,
            args.faults.2
        );
        play(opts, resumed, source, &mut log, display.as_mut())?
    };
    if summary.shoe_faults > 0 {
        println!(
            "shoe faults detected and recovered by a re-read: {}",
            summary.shoe_faults
        );
    }
    println!(
        "{} hands at this table; {} inputs accepted and logged in this run",
        summary.hands, summary.inputs
    );
    hold(display.as_ref());
    Ok(())
}

/// Plays the bench table to `opts.hands` hands, new or resumed.
fn play<S: CardSource>(
    opts: &BenchOptions,
    resumed: Option<firmware::Table>,
    source: S,
    log: &mut HandLog,
    display: Option<&mut Display>,
) -> Result<host::session::simulated::Summary, String> {
    use host::session::simulated::Bench;
    let mut bench = match resumed {
        Some(table) => {
            let mut bench = Bench::resume(opts, table, source, Some(log));
            // Stopped while its players sat down: they all sit, as they would have.
            bench.seat_players(opts).map_err(|e| e.to_string())?;
            bench
        }
        None => Bench::new(opts, source, Some(log)).map_err(|e| e.to_string())?,
    };
    if let Some(d) = display {
        d.show(bench.table(), &[]);
        bench.watch(Box::new(move |table, events, faults| {
            if faults > 0 {
                d.warn(table, Warn::ShoeFault);
            }
            d.show(table, events);
        }));
    }
    let mut summary = bench
        .run(opts.hands, &mut |line| println!("{line}"))
        .map_err(|e| e.to_string())?;
    summary.hands = bench.hands_done();
    Ok(summary)
}

/// Plays a scenario script on a new table: each accepted input logged before it
/// counts and shown on the display, at the bench's pace; a hand the script leaves at
/// its showdown is paid by the host, as at a real table. Inputs the script expects
/// the engine to refuse change nothing and are not logged.
fn play_script(
    path: &Path,
    opts: &BenchOptions,
    log: &mut HandLog,
    mut display: Option<&mut Display>,
) -> Result<(), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    log.append(
        now_ms(),
        Record::Config {
            config: scenario.config,
        },
    )
    .map_err(|e| e.to_string())?;
    let pace = std::time::Duration::from_millis(opts.pace_ms);
    let mut inputs = 0u64;
    let mut table = scenario
        .run_with_table(|line, input, events, table| {
            log.append(now_ms(), Record::accepted(*input, events))
                .map_err(|e| format!("the hand log: {e}"))?;
            inputs += 1;
            for e in events {
                println!("{line:>4}  {e}");
            }
            if let Some(d) = display.as_deref_mut() {
                d.show(table, events);
            }
            std::thread::sleep(pace);
            Ok(())
        })
        .map_err(|e| format!("{name}: {e}"))?;
    let rules = host::money::settle::HouseRules::casino();
    while let Some(input) =
        host::money::settle::next_payout(&table, &rules).map_err(|e| format!("{name}: {e}"))?
    {
        let result = table.handle(input);
        log.append(now_ms(), Record::outcome(input, &result))
            .map_err(|e| e.to_string())?;
        let events: Vec<firmware::Event> = result
            .map_err(|e| format!("{name}: the payout was refused: {e}"))?
            .iter()
            .copied()
            .collect();
        inputs += 1;
        for e in &events {
            println!("      {e}");
        }
        if let Some(d) = display.as_deref_mut() {
            d.show(&table, &events);
        }
        std::thread::sleep(pace);
    }
    println!("{name}: every expectation holds; {inputs} inputs logged");
    Ok(())
}

/// Keeps the display up after the run while someone is at the terminal, so the
/// last hand can be read; a run from a script or a test ends at once.
fn hold(display: Option<&Display>) {
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
