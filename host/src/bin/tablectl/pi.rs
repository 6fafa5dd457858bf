//! `tablectl run`: the table on a Raspberry Pi, its configuration checked first
//! (anywhere, `--check`), then its pins, shoe, hand log, display and shipping to the
//! floor's store.

use crate::cli::RunArgs;
use crate::error::CliError;
#[cfg(feature = "pi")]
use crate::shipping;
#[cfg(feature = "pi")]
use host::records::handlog::HandLog;
use std::path::Path;

/// `tablectl run --config table.toml`: the table on a Raspberry Pi. The configuration
/// is checked first, anywhere (so it can be checked on a bench machine); off a Pi the
/// command then says so and points to the bench table.
pub fn run_pi(args: &RunArgs) -> Result<(), CliError> {
    run(args).map_err(|e| e.within("tablectl run"))
}

/// [`run_pi`], its errors without the command's name.
fn run(args: &RunArgs) -> Result<(), CliError> {
    let path = match &args.config {
        None => std::path::PathBuf::from(host::session::live::config::DEFAULT_TABLE_FILE),
        Some(Some(path)) => path.clone(),
        Some(None) => return Err(CliError::ConfigNeedsFile),
    };
    let mut file = host::session::live::config::TableFile::load(&path).map_err(CliError::failed)?;
    let pins = file
        .check_files(&path.display().to_string())
        .map_err(CliError::failed)?;
    if let Some(url) = &args.floor_db {
        // Every user of the machine reads a command line (`ps`).
        if host::floor::link::url_has_password(url) {
            return Err(CliError::PasswordInUrl);
        }
        file.floor_db = Some(url.clone());
    }
    let floor = floor_link(&file, &path, args.floor_db.is_none())
        .map_err(|e| CliError::aside(e, format!("see [table] floor in {}", path.display())))?;
    if let Some(floor) = &file.display.floor {
        host::web::auth::load_token(&floor.token).map_err(CliError::failed)?;
    }
    let cfg = &file.config;
    println!(
        "table {}: {:?} {:?} {}/{}, {} seats; data in {}",
        file.id,
        cfg.game,
        cfg.structure,
        cfg.stakes.small_blind,
        cfg.stakes.big_blind,
        cfg.max_players,
        file.data.display()
    );
    if args.check {
        print_checked(&file, &pins, floor.as_ref());
        println!(
            "{} is valid; the pins and the shoe were not opened (--check)",
            path.display()
        );
        return Ok(());
    }
    let model = hardware::pi::detect_pi().map_err(|source| CliError::NotAPi {
        config: path.display().to_string(),
        source,
    })?;
    pi_table(&file, &path, floor, &model)
}

/// `tablectl run --check`: what the check read, one line each, so whoever installs a
/// table sees which files it took (the package's install prints it) and what is left
/// to do before the first hand (the deck to enrol).
fn print_checked(
    file: &host::session::live::config::TableFile,
    pins: &hardware::pins::PinMap,
    floor: Option<&host::floor::StoreLink>,
) {
    println!(
        "pin map {}: {} keys on {} rows and {} columns, {} seat LEDs, shoe on {} at {} baud",
        file.pins.display(),
        pins.keys.len(),
        pins.rows.len(),
        pins.columns.len(),
        pins.leds.len(),
        pins.shoe_port,
        pins.shoe_baud
    );
    let deck = file.data.join(hardware::enrolment::DECK_FILE_NAME);
    let deck = if deck.exists() {
        format!("deck map {} read", deck.display())
    } else {
        format!(
            "no deck enrolled yet (tablectl deck enrol --port {} --data {})",
            pins.shoe_port,
            file.data.display()
        )
    };
    println!(
        "data folder {}: no one else may change it; {deck}",
        file.data.display()
    );
    match floor {
        Some(link) => {
            use host::floor::link::SslMode;
            let how = match link.mode() {
                SslMode::Disable => "in clear (sslmode=disable)",
                SslMode::VerifyCa => "over TLS checked against the floor's CA",
                SslMode::VerifyFull => "over TLS checked against the floor's CA and its name",
            };
            println!("the floor's store: address and password read, shipped {how}; not reached (--check)");
        }
        None => println!("the floor's store: none named, nothing is shipped"),
    }
    match &file.display.floor {
        Some(view) => println!(
            "the floor view on {}: token {} read",
            view.bind,
            view.token.display()
        ),
        None => println!("the floor view: off (no floor_token)"),
    }
    match &file.staff {
        Some(staff) => println!("floor staff {} read", staff.display()),
        None => println!("floor staff: none named (no floor rulings at the panel)"),
    }
}

/// The table's link to the floor's store, checked on any machine; the store itself
/// may be down (the table deals on and ships when it is back). TLS against the
/// floor's CA, the password from a file only the table's user reads (or the service's
/// systemd credential), a URL holding a password only in a private `table.toml`
/// (`url_in_file`: the URL is `config`'s).
fn floor_link(
    file: &host::session::live::config::TableFile,
    config: &Path,
    url_in_file: bool,
) -> Result<Option<host::floor::StoreLink>, host::floor::FloorError> {
    let Some(url) = &file.floor_db else {
        return Ok(None);
    };
    let credentials = std::env::var_os("CREDENTIALS_DIRECTORY").map(std::path::PathBuf::from);
    host::floor::StoreAccess {
        url: url.clone(),
        url_file: url_in_file.then(|| config.to_path_buf()),
        ca: file.floor_ca.clone(),
        password_file: file.floor_password_file.clone(),
    }
    .with_credentials(credentials.as_deref())
    .link()
    .map(Some)
}

/// The table on the Pi: pins, shoe, deck map, hand log, then the runtime loop until
/// the process is stopped (systemd restarts it; the log brings the hand back).
#[cfg(feature = "pi")]
fn pi_table(
    file: &host::session::live::config::TableFile,
    config: &Path,
    floor_link: Option<host::floor::StoreLink>,
    model: &hardware::pi::PiModel,
) -> Result<(), CliError> {
    use host::session::live;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let pins = hardware::pins::PinMap::load(&file.pins)
        .map_err(|e| CliError::at(file.pins.display(), e))?;
    let deck_file = file.data.join("deck.map");
    let map = hardware::enrolment::load(&deck_file).map_err(|e| CliError::At {
        at: deck_file.display().to_string(),
        source: Box::new(CliError::hint(
            e,
            format!(
                "enrol the table's deck first (tablectl deck enrol --port {} --data {})",
                pins.shoe_port,
                file.data.display()
            ),
        )),
    })?;
    // The key, the log's chain, the recovered table and the program, checked before
    // anything is dealt: a failure is one line and the service exits non-zero.
    let started =
        host::session::startup::check(&file.data, &file.id, &file.key, &file.program_files(config))
            .map_err(CliError::failed)?;
    let (opened, program) = (started.opened, started.program);
    println!("{}", crate::program_line(&program));
    let mut log = opened.log;
    if opened
        .recovered
        .config
        .is_some_and(|logged| logged != file.config)
    {
        println!(
            "the hand log was started with other settings than table.toml's: the table keeps the log's; \
             to play new settings, give the table a new data folder"
        );
    }
    let panel = hardware::pi::open(&pins, firmware::buttons::ButtonConfig::default())
        .map_err(CliError::failed)?;
    let mut panel = live::pi::PiPanel(panel);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let _shoe = live::spawn_serial_shoe(
        pins.shoe_port.clone(),
        hardware::link::LinkSettings::default(),
        tx,
        stop.clone(),
    );
    println!(
        "{model}: panel on the GPIO, shoe on {}, hand log {}",
        pins.shoe_port,
        log.path().display()
    );
    let floor = match &file.display.floor {
        Some(f) => Some(host::display::FloorOptions {
            bind: f.bind,
            token: host::web::auth::load_token(&f.token).map_err(CliError::failed)?,
            hosts: f.hosts.clone(),
        }),
        None => None,
    };
    let display = host::display::TableDisplay::start(host::display::DisplayOptions {
        bind: file.display.bind,
        lang: host::display::Lang::from_code(&file.display.language)
            .unwrap_or(host::display::Lang::En),
        equity: file.display.equity,
        four_colour: file.display.four_colour,
        table_name: file.id.clone(),
        names: Vec::new(),
        floor,
    })
    .map_err(|e| CliError::hint(e, "see [display] in the table's configuration"))?;
    println!("display: {}", display.url());
    if let Some(floor) = display.floor_url() {
        println!("floor view: {floor}");
    }
    // A tournament table follows its tournament's clock on the same store, under
    // the same login: the screens show it, and NEXT HAND asks it (PD-TOURN-LEVEL).
    let clock = match (&floor_link, file.config.tournament) {
        (Some(link), true) => {
            let follower = host::floor::clock_follow::ClockFollower::start(
                link.clone(),
                &file.id,
                host::floor::clock_follow::FOLLOW_EVERY,
            )
            .map_err(CliError::failed)?;
            println!(
                "tournament: following table {}'s clock on the floor's store",
                file.id
            );
            Some(std::sync::Arc::new(follower))
        }
        (None, true) => {
            println!(
                "tournament: no floor's store ([table] floor): the table deals without a clock"
            );
            None
        }
        _ => None,
    };
    if let Some(follower) = &clock {
        crate::tournament_clock::show(&display, follower)?;
    }
    // Shipping to the floor's store starts after the log is open (it reads it).
    let shipper = floor_link
        .map(|link| host::floor::Shipper::start_on(link, &file.data, &file.id))
        .transpose()
        .map_err(|e| CliError::hint(e, "see [table] floor in the table's configuration"))?;
    if let Some(s) = &shipper {
        shipping::announce(s);
        shipping::on_signals(s.ender(), shipping::SHIP_GRACE).map_err(CliError::failed)?;
    }
    // Every way the table stops, an error's too, ends its shipping before it returns.
    let played = (|| {
        if let Some(s) = &shipper {
            display
                .watch_floor_link(s.link())
                .map_err(CliError::failed)?;
        }
        pi_play(
            file,
            program,
            opened.table,
            &mut log,
            display,
            map,
            &mut panel,
            &rx,
            &stop,
            (shipper.as_ref(), clock),
        )
    })();
    if let Some(s) = shipper {
        shipping::end(s, shipping::SHIP_GRACE);
    }
    played
}

/// Runs the Pi table's session on its devices until the process is stopped.
#[cfg(feature = "pi")]
#[allow(clippy::too_many_arguments)]
fn pi_play(
    file: &host::session::live::config::TableFile,
    program: host::records::program::ProgramId,
    table: Option<firmware::Table>,
    log: &mut HandLog,
    mut display: host::display::TableDisplay,
    map: firmware::deck::DeckMap,
    panel: &mut host::session::live::pi::PiPanel,
    rx: &std::sync::mpsc::Receiver<host::session::live::ShoeEvent>,
    stop: &std::sync::atomic::AtomicBool,
    (shipper, clock): (
        Option<&host::floor::Shipper>,
        Option<std::sync::Arc<host::floor::clock_follow::ClockFollower>>,
    ),
) -> Result<(), CliError> {
    use host::session::live;
    use host::session::{Outcome, TableSession};
    let tap = display.floor_tap(log).map_err(CliError::failed)?;
    let mut session = match table {
        Some(table) => TableSession::new(table, Some(log)),
        None => TableSession::create(file.config, Some(log)).map_err(CliError::failed)?,
    };
    match file.floor_staff().map_err(CliError::failed)? {
        Some(staff) => {
            println!("floor rulings: {} floor staff", staff.numbers().count());
            session = session.with_floor_staff(staff);
        }
        None => println!(
            "floor rulings: no floor staff ([panel] staff in table.toml): none can be confirmed"
        ),
    }
    session.tap(Box::new(tap));
    if let Some(s) = shipper {
        session.tap(Box::new(s.tap()));
    }
    if let Some(follower) = clock {
        let id = file.id.clone();
        let mut rounds = host::session::tournament_table::Rounds::default();
        session.deal_by(Box::new(move |table: &firmware::Table| {
            crate::tournament_clock::next_hand(&follower, &mut rounds, table, &id)
        }));
    }
    // Before the first hand: the program this table deals under, in its log.
    session.started_with(program).map_err(CliError::failed)?;
    let mut rt = live::on_devices(session, map);
    display.show(rt.table(), &[]);
    rt.observe(Box::new(display));
    rt.observe(Box::new(|_: &firmware::Table, outcome: &Outcome| {
        println!("{outcome}")
    }));
    let started = std::time::Instant::now();
    let mut clock = || firmware::time::Instant::ZERO + started.elapsed();
    live::run(&mut rt, panel, rx, stop, &mut clock).map_err(CliError::failed)
}

/// Without the `pi` feature the build cannot drive the pins.
#[cfg(not(feature = "pi"))]
fn pi_table(
    _file: &host::session::live::config::TableFile,
    _config: &Path,
    _floor_link: Option<host::floor::StoreLink>,
    model: &hardware::pi::PiModel,
) -> Result<(), CliError> {
    Err(CliError::NoGpio(model.to_string()))
}
