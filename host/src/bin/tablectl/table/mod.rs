//! `tablectl [table] [OPTIONS]`: the bench table. Simulated players and dealer, the
//! simulated shoe on a real pseudo-terminal, the hand log, and the table display,
//! so that a bench runs every code path of a real table but the pins.

mod options;

use crate::error::CliError;
use crate::shipping;
use host::display::{DisplayError, DisplayOptions, FloorOptions, TableDisplay};
use host::records::handlog::HandLog;
use host::records::scenario::Scenario;
use host::session::simulated::{CardSource, DirectSource, NextHand, PtyShoeSource, SimOptions};
use host::session::TableSession;
use std::path::{Path, PathBuf};

/// The simulated players' names, by seat, for the display.
const PLAYERS: [&str; 11] = [
    "Ana", "Boris", "Cvetan", "Dana", "Emil", "Filip", "Goran", "Hana", "Ivo", "Jana", "Kiril",
];

pub use options::TableOptions;
use options::{table_args, TableArgs};

/// `tablectl [table] [OPTIONS]`.
pub fn table(options: &TableOptions) -> Result<(), CliError> {
    table_args(options)
        .and_then(|args| run_table(&args))
        .map_err(|e| e.within("tablectl"))
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

/// Shows table `table_id`'s tournament on `display`, followed from the floor's store
/// at `url` on a thread of its own (the table never waits for the store; a store
/// that stops answering leaves the clock as last heard, and the screens say so).
///
/// The table deals by the same clock ([`Following`]): a new level from the next hand,
/// no hand during a break or while the clock is stopped.
fn follow_tournament(
    display: Option<&TableDisplay>,
    url: &str,
    table_id: &str,
) -> Result<Following, CliError> {
    use host::floor::clock_follow::{ClockFollower, FOLLOW_EVERY};
    let link =
        host::floor::StoreLink::parse(url).map_err(|e| CliError::hint(e, "see --floor-db"))?;
    let follower = std::sync::Arc::new(
        ClockFollower::start(link, table_id, FOLLOW_EVERY).map_err(CliError::failed)?,
    );
    println!("tournament: following table {table_id}'s clock on the floor's store");
    if let Some(display) = display {
        crate::tournament_clock::show(display, &follower)?;
    }
    Ok(Following {
        follower,
        table_id: table_id.to_string(),
    })
}

/// A bench table following its tournament's clock from the floor's store.
struct Following {
    follower: std::sync::Arc<host::floor::clock_follow::ClockFollower>,
    table_id: String,
}

impl Following {
    /// What the table does before its next hand, as the clock last heard says; a
    /// line when that changes (the dealer's screen says it too).
    fn next_hand(
        &self,
        table: &firmware::Table,
        rounds: &mut host::session::tournament_table::Rounds,
        said: &mut String,
    ) -> NextHand {
        let next =
            crate::tournament_clock::next_hand(&self.follower, rounds, table, &self.table_id);
        let now = match &next {
            NextHand::Deal(_) => "dealing".to_string(),
            NextHand::Wait(_, hold) => format!("waiting: {hold}"),
            NextHand::Stop => {
                "stopping: this table's tournament is over or its table broken".to_string()
            }
        };
        if *said != now {
            println!("tournament: {now}");
            *said = now;
        }
        next
    }
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
    let following = match (&args.floor_db, args.tournament) {
        (Some(url), true) => Some(follow_tournament(display.as_ref(), url, table_id)?),
        _ => None,
    };
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
            Outlets {
                ship,
                following: following.as_ref(),
            },
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
            Outlets {
                ship,
                following: following.as_ref(),
            },
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

/// Where a bench table's records and clock go and come from, beside its display.
struct Outlets<'f> {
    /// The floor's shipping.
    ship: Option<host::floor::ShipTap>,
    /// The tournament's clock it deals by.
    following: Option<&'f Following>,
}

/// Plays the bench table to `opts.hands` hands, new or resumed.
fn play<S: CardSource>(
    opts: &SimOptions,
    resumed: Option<firmware::Table>,
    source: S,
    log: &mut HandLog,
    display: Option<&mut TableDisplay>,
    outlets: Outlets<'_>,
    program: &host::records::program::ProgramId,
) -> Result<host::session::simulated::Summary, CliError> {
    use host::session::simulated::SimulatedTable;
    let Outlets { ship, following } = outlets;
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
    let (mut said, mut rounds) = (String::new(), Default::default());
    let mut summary = bench
        .run_following(opts.hands, &mut |line| println!("{line}"), &mut |table| {
            following.map_or(NextHand::Deal(Vec::new()), |f| {
                f.next_hand(table, &mut rounds, &mut said)
            })
        })
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
    let pace = opts.pace;
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
