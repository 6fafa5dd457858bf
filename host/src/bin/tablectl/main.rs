//! `tablectl`: the table controller's command line. `tablectl --help` lists the
//! commands, `tablectl COMMAND --help` each one's options (cli.rs).

mod cli;
mod error;
mod floor;
mod program;
mod shipping;
mod table;
mod trusted;

use clap::Parser as _;
use cli::{
    Audit, BenchArgs, Cli, Command, Deck, ExportArgs, ListArgs, RakeArgs, ReplayArgs, RunArgs,
    ShowArgs, VerifyArgs,
};
use error::CliError;
use host::records::handlog::{AuditLog, HandLog};
use host::records::scenario::Scenario;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use table::table;

/// The demonstration played by `tablectl demo`.
const DEMO: &str = include_str!("../../../../tests/scenarios/e6_straddle.scn");

fn main() -> ExitCode {
    quiet_on_a_closed_pipe();
    // A usage error prints clap's message and exits with status 2; --help exits 0.
    let cli = Cli::parse();
    match cli.command {
        None => table(&cli.table),
        Some(command) => run_command(&command),
    }
}

/// The exit status of a program whose reader went away (128 + SIGPIPE, as shells
/// report it).
const CLOSED_PIPE_STATUS: i32 = 141;

/// `tablectl audit list DIR | head` closes the pipe after a few lines. Rust ignores
/// SIGPIPE, so the next line printed panics; this ends the program quietly instead,
/// as other command-line tools end, with what was printed already delivered. The
/// hand log needs nothing more: every record is durable before it is printed.
fn quiet_on_a_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to std") && text.contains("Broken pipe") {
            std::process::exit(CLOSED_PIPE_STATUS);
        }
        default(info);
    }));
}

/// Runs a command.
fn run_command(command: &Command) -> ExitCode {
    match command {
        Command::Table(options) => table(options),
        Command::Demo => run_script("demo (RULES.md E6)", DEMO),
        Command::Scenario(args) => scenarios(&args.files),
        Command::Replay(args) => replay(args),
        Command::Audit(what) => audit(what),
        Command::Deck(what) => deck(what),
        Command::Run(args) => run_pi(args),
        Command::Floor(command) => floor::floor(command),
        Command::Settings => settings(),
        Command::StaffPin(args) => staff_pin(args.number),
        Command::Bench(args) => bench(args),
        Command::VerifyProgram(args) => program::verify_program(args),
    }
}

/// The line a table prints as it starts: the program it runs, as its program record
/// logs it.
fn program_line(program: &host::records::program::ProgramId) -> String {
    format!(
        "program: tablectl {}, binary sha256 {}, configuration sha256 {}",
        program.version, program.binary, program.config
    )
}

/// `tablectl staff-pin NUMBER`: the staff file's line for floor NUMBER, his PIN read
/// from standard input (a command line is kept by the shell, and seen by `ps`).
fn staff_pin(number: u16) -> ExitCode {
    let mut line = String::new();
    let read = std::io::Read::read_to_string(
        &mut std::io::Read::take(std::io::stdin(), STAFF_PIN_INPUT_BYTES),
        &mut line,
    );
    if let Err(e) = read {
        eprintln!("tablectl staff-pin: standard input: {e}");
        return ExitCode::FAILURE;
    }
    match host::session::staff::staff_line(number, line.trim()) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tablectl staff-pin: {e} (give it on standard input)");
            ExitCode::FAILURE
        }
    }
}

/// The most read from standard input for a PIN: four digits and a line end, with room
/// for a terminal's stray characters.
const STAFF_PIN_INPUT_BYTES: u64 = 64;

/// `tablectl scenario FILE...`: each script in turn; the status is the last failure's.
fn scenarios(files: &[String]) -> ExitCode {
    let mut code = ExitCode::SUCCESS;
    for path in files {
        let result = match hardware::text::read_bounded(
            std::path::Path::new(path),
            host::records::scenario::MAX_FILE_BYTES,
            "a scenario script",
        ) {
            Ok(text) => run_script(path, &text),
            Err(e) => {
                eprintln!("{path}: cannot read: {e}");
                ExitCode::FAILURE
            }
        };
        if result != ExitCode::SUCCESS {
            code = result;
        }
    }
    code
}

/// Runs one script, printing each accepted input's events under its line number.
fn run_script(name: &str, text: &str) -> ExitCode {
    println!("== {name}");
    let scenario = match Scenario::parse(text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = scenario.run(|line, _input, events| {
        for e in events {
            println!("{line:>4}  {e}");
        }
    });
    match result {
        Ok(_) => {
            println!("== {name}: every expectation holds");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `tablectl replay [--json] FILE...`: one line per hand. A file that cannot be read
/// or a hand the engine refuses prints an `error` and the command goes on.
fn replay(args: &ReplayArgs) -> ExitCode {
    // One buffered stream for the whole run: each file's lines written in the order
    // of the files, without a system call per line.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // JSON lines of many files: on every core (the lines stay in order). The
    // readable form prints refusals on the standard error as it goes: one thread.
    let threads = if args.json {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        1
    };
    let json = args.json;
    let written = host::records::replay_many::each_file_in_order(
        &args.files,
        threads,
        |replayer, file, lines| {
            if json {
                host::records::replay::replay_file_json(replayer, file, lines).1
            } else {
                !replay_for_people(replayer, file, lines)
            }
        },
        |lines| out.write_all(lines),
    )
    .and_then(|failed| out.flush().map(|()| failed));
    match written {
        Ok(false) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("tablectl replay: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `tablectl replay` without `--json`: each hand's finishing stacks and pots into
/// `out`, refusals on the standard error. Whether everything replayed.
fn replay_for_people(
    replayer: &mut host::records::replay::Replayer,
    file: &str,
    out: &mut Vec<u8>,
) -> bool {
    let hands = match host::records::phh::parse_file(file) {
        Ok(hands) => hands,
        Err(e) => {
            // The error names the file.
            eprintln!("{e}");
            return false;
        }
    };
    let mut all = true;
    for hh in &hands {
        match replayer.replay_history(hh) {
            Ok(r) => print_hand(out, file, hh, &r),
            Err(e) => {
                all = false;
                eprintln!("{file}: {}", host::records::replay::refusal(hh, &e));
            }
        }
    }
    all
}

/// A replayed hand into `out`, for a person: finishing stacks and pots, amounts in
/// the file's unit (HandHQ's $0.25 antes as 0.25).
fn print_hand(
    out: &mut Vec<u8>,
    file: &str,
    hh: &host::records::phh::HandHistory,
    r: &host::records::replay::Replayed,
) {
    let stacks: Vec<String> = r
        .finishing_stacks
        .iter()
        .map(|&s| hh.scale.format(s.get()))
        .collect();
    let _ = writeln!(
        out,
        "{file}{}: finishing stacks {}",
        hh.section
            .as_deref()
            .map(|s| format!(" [{s}]"))
            .unwrap_or_default(),
        stacks.join(" ")
    );
    for (i, p) in r.pots.iter().enumerate() {
        let name = if i == 0 {
            "main pot".to_string()
        } else {
            format!("side pot {i}")
        };
        let _ = writeln!(
            out,
            "  {name} {}: eligible {:?}, won by {:?}",
            hh.scale.format(p.amount.get()),
            p.eligible,
            p.winners
        );
    }
}

/// `tablectl settings`: every setting with its values, rule and default (the casino
/// defaults of a Hold'em table; some depend on the game, as the list says).
fn settings() -> ExitCode {
    let defaults = firmware::TableConfig::new(
        firmware::rules::codec::DEFAULT_GAME,
        firmware::rules::codec::DEFAULT_STRUCTURE,
        firmware::rules::codec::DEFAULT_BLINDS.0,
        firmware::rules::codec::DEFAULT_BLINDS.1,
    );
    let width = firmware::rules::codec::SETTINGS
        .iter()
        .map(|s| s.key.len())
        .max()
        .unwrap_or(0);
    for s in &firmware::rules::codec::SETTINGS {
        println!(
            "{:width$}  default {}; {} ({})",
            s.key,
            host::settings::value(s, &defaults),
            s.values,
            s.rule
        );
    }
    ExitCode::SUCCESS
}

/// `tablectl bench`: the evaluator report, then PHH replay throughput, measured beside
/// PokerKit (the reference engine) on the same files in the same run when PokerKit is
/// installed (`host::peers`) and `shared/oracle` is beside the repository.
fn bench(args: &BenchArgs) -> ExitCode {
    let dir = &args.replay;
    let mut out = std::io::stdout();
    if let Err(e) =
        host::bench::eval::report(&mut out).and_then(|()| host::bench::equity::report(&mut out))
    {
        eprintln!("tablectl bench: {e}");
        return ExitCode::FAILURE;
    }
    let paths = match host::records::replay::phh_paths(dir) {
        Ok(paths) => paths,
        Err(e) => {
            println!("replay: {} not readable ({e}); skipped", dir.display());
            return ExitCode::SUCCESS;
        }
    };
    // Two figures. The replay itself, parsing included, as the issue asks: the texts
    // read beforehand. And end to end, as PokerKit's script works: each file read,
    // its hands replayed and their JSON lines written (into memory: the terminal is
    // not timed). Each: one round untimed (the caches warm), then the best of five,
    // the figure of a machine not busy elsewhere.
    let texts = host::records::replay::read_texts(&paths);
    let (ours, replayed) = best_of_five(|| host::records::replay::replay_texts(&texts));
    println!(
        "PHH replay (tablectl): {ours:.0} hands/s, {replayed} hands of {} files of {}, parsing included, texts in memory, one thread (best of 5)",
        texts.len(),
        dir.display()
    );
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let (end_to_end, _) = best_of_five(|| host::records::replay::replay_files_json(&names));
    println!(
        "PHH replay end to end (tablectl replay --json): {end_to_end:.0} hands/s, each file read, replayed and its JSON line written, one thread (best of 5)"
    );
    if args.no_peer {
        return ExitCode::SUCCESS;
    }
    match pokerkit_rate(&paths, 300) {
        Ok((theirs, hands, started)) => {
            println!(
                "PHH replay (PokerKit 0.7.7, ref_replay.py, the first {hands} of the same files): {theirs:.0} hands/s, each file read, replayed and its JSON line printed (python's start and import of {started:.2} s left out)"
            );
            if theirs > 0.0 {
                println!(
                    "ratio: {:.0}x replay, {:.0}x end to end",
                    ours / theirs,
                    end_to_end / theirs
                );
            }
        }
        Err(why) => println!("PokerKit: {why}; not measured"),
    }
    ExitCode::SUCCESS
}

/// Hands per second of `round` (which returns the hands it replayed): one round
/// untimed, then the best of five; and the hands of a round.
fn best_of_five(mut round: impl FnMut() -> u64) -> (f64, u64) {
    round();
    let mut best = 0f64;
    let mut hands = 0;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        hands = round();
        best = best.max(hands as f64 / start.elapsed().as_secs_f64());
    }
    (best, hands)
}

/// PokerKit's replay rate on the first `count` `.phh` files of `dir`, through the
/// oracle's `ref_replay.py` in one python process: hands per second, hands, and the
/// seconds python takes to start and import PokerKit (timed on its own with no file
/// and left out, so the figure is PokerKit's replay, parsing included, as ours is).
fn pokerkit_rate(
    paths: &[std::path::PathBuf],
    count: usize,
) -> Result<(f64, usize, f64), CliError> {
    // Run from the repository's root, as the default corpus folder is.
    let root = std::path::Path::new(".");
    let oracle = host::peers::shared(root, "oracle/ref_replay.py").map_err(CliError::failed)?;
    let pokerkit = host::peers::pokerkit(root).map_err(|why| {
        CliError::hint(why, format!("{} installs it", host::peers::POKERKIT_SETUP))
    })?;
    let files = paths.get(..count.min(paths.len())).unwrap_or_default();
    let run = |files: &[std::path::PathBuf]| -> Result<(usize, f64), CliError> {
        let start = std::time::Instant::now();
        let out = std::process::Command::new(&pokerkit.python)
            .arg(&oracle)
            .args(files)
            .output()
            .map_err(CliError::Python)?;
        let secs = start.elapsed().as_secs_f64();
        if !out.status.success() && out.stdout.is_empty() {
            let err = String::from_utf8_lossy(&out.stderr);
            return Err(CliError::OracleFailed(
                err.lines().last().unwrap_or("").trim().to_string(),
            ));
        }
        Ok((out.stdout.iter().filter(|&&b| b == b'\n').count(), secs))
    };
    let (_, started) = run(&[])?;
    let (hands, secs) = run(files)?;
    let replaying = secs - started;
    if hands == 0 || replaying <= 0.0 {
        return Err(CliError::NoHandReplayed);
    }
    Ok((hands as f64 / replaying, hands, started))
}

/// `tablectl audit ...`: the floor staff's view of a table's hand log (read-only).
fn audit(what: &Audit) -> ExitCode {
    match what {
        Audit::Verify(args) => audit_verify(args),
        Audit::Head(args) => audit_head(&args.dir),
        Audit::List(args) => audit_list(args),
        Audit::Rake(args) => audit_rake(args),
        Audit::Show(args) => audit_show(args),
        Audit::Export(args) => audit_export(args),
    }
}

/// `tablectl audit verify DIR`: the hand log's chain checked against what the auditor
/// brings (the table's public key, an anchor, the floor's store), read-only. Exit
/// status 0 vouched for, 1 a problem, [`trusted::UNVOUCHED`] the key unverified.
fn audit_verify(args: &VerifyArgs) -> ExitCode {
    let trust = match trusted::trust(&args.dir, &args.trust) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tablectl audit verify: {e}");
            return ExitCode::FAILURE;
        }
    };
    let report = HandLog::verify(&args.dir, &trust.trust);
    println!("{report}");
    if let Some(line) = &trust.floor_line {
        println!("{line}");
    }
    trusted::status(&report)
}

/// `tablectl audit head DIR`: the signed head, one line, for `audit verify --anchor`.
fn audit_head(dir: &Path) -> ExitCode {
    match AuditLog::open_evidence(dir).and_then(|log| log.head()) {
        Ok(Some(head)) => {
            println!("{head}");
            ExitCode::SUCCESS
        }
        Ok(None) => {
            eprintln!(
                "{}: no signed head: the log is of the old HMAC scheme, or its head row does not check (run tablectl audit verify)",
                dir.display()
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// `tablectl audit list DIR [filters]`: a line (or a JSON object) per hand, once the
/// log checks.
fn audit_list(args: &ListArgs) -> ExitCode {
    let filter = args.filter.filter();
    let (log, status) = match trusted::open_checked(&args.dir, &args.trust, "list") {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    let hands = match log.list_hands(&filter) {
        Ok(h) => h,
        // The log's errors name its file: no second prefix.
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    for h in &hands {
        if args.json {
            println!("{}", serde_json::to_string(h).unwrap_or_default());
        } else {
            println!("{}", hand_line(h));
        }
    }
    status
}

/// A hand as `audit list` and `floor hands` print it.
fn hand_line(h: &host::records::handlog::HandSummary) -> String {
    let pot = h.pot.map_or("-".to_string(), |p| p.to_string());
    format!(
        "hand {:>5}  seats {:?}  pot {pot}  records {}{}",
        h.number,
        h.seats,
        h.records,
        flags(&h.flags)
    )
}

/// `tablectl audit rake DIR`: the shift's hands, pots and rake, hour by hour, once
/// the log checks.
fn audit_rake(args: &RakeArgs) -> ExitCode {
    let all = host::records::handlog::HandFilter::default();
    let (log, status) = match trusted::open_checked(&args.dir, &args.trust, "rake") {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    let hands = match log.list_hands(&all) {
        Ok(h) => h,
        // The log's errors name its file: no second prefix.
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let report = host::records::handlog::rake_report(&hands, args.span.from, args.span.to);
    if args.span.json {
        println!("{}", serde_json::to_string(&report).unwrap_or_default());
    } else {
        print_rake(&report);
    }
    status
}

/// A rake report as `audit rake` and `floor rake` print it: hour by hour, then the
/// total.
fn print_rake(report: &host::records::handlog::RakeReport) {
    println!(
        "{:<20}  {:>6}  {:>6}  {:>12}  {:>10}",
        "hour", "hands", "raked", "pots", "rake"
    );
    let line = |label: &str, h: &host::records::handlog::RakeHour| {
        println!(
            "{label:<20}  {:>6}  {:>6}  {:>12}  {:>10}",
            h.hands, h.raked_hands, h.pots, h.rake
        );
    };
    for h in &report.hours {
        line(&h.label(), h);
    }
    line("total", &report.total);
}

/// `tablectl audit show DIR HAND`: the hand's timeline, once the log checks.
fn audit_show(args: &ShowArgs) -> ExitCode {
    let (log, status) = match trusted::open_checked(&args.dir, &args.trust, "show") {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    match log.timeline(args.hand) {
        Ok(entries) => {
            for e in &entries {
                if args.json {
                    println!("{}", serde_json::to_string(e).unwrap_or_default());
                } else {
                    println!("{e}");
                }
            }
            status
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// `tablectl audit export --phh DIR [--hand N]... [--out FILE] [--table ID]`, once
/// the log checks: nothing is written unless every hand asked for exports.
fn audit_export(args: &ExportArgs) -> ExitCode {
    let failed = |e: CliError| {
        eprintln!("tablectl audit export: {e}");
        ExitCode::FAILURE
    };
    let hands = match args
        .hand
        .iter()
        .map(|v| v.parse().map_err(|_| CliError::NotHandNumber(v.clone())))
        .collect::<Result<Vec<u32>, CliError>>()
    {
        Ok(hands) => hands,
        Err(e) => return failed(e),
    };
    let path = Path::new(&args.dir);
    if !path.is_dir() {
        return failed(CliError::NoDataFolder(args.dir.clone()));
    }
    let (log, status) = match trusted::open_checked(path, &args.trust, "export") {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    match export_checked(args, &log, &hands) {
        Ok(()) => status,
        Err(e) => failed(e),
    }
}

/// The hands of a log that checked, written where `args` asks.
fn export_checked(
    args: &ExportArgs,
    log: &host::records::handlog::CheckedLog,
    hands: &[u32],
) -> Result<(), CliError> {
    use host::records::export::{export_log, ExportError};
    let dir = &args.dir;
    let exported = host::records::export::same_table(log.log(), args.table.as_deref())
        .and_then(|()| export_log(log.log(), hands))
        .map_err(|e| match e {
            // The log's errors name its file: no second prefix.
            ExportError::Log(_) => CliError::failed(e),
            _ => CliError::at(dir, e),
        })?;
    let text = host::records::phh::to_phhs(&exported);
    match &args.out {
        Some(file) => {
            std::fs::write(file, text)
                .map_err(|e| CliError::at(format!("{file}: cannot write"), e))?;
            eprintln!("{} hand(s) written to {file}", exported.len());
        }
        None => print!("{text}"),
    }
    Ok(())
}

fn flags(f: &host::records::handlog::HandFlags) -> String {
    let words = host::display::floor::flag_words(f);
    if words.is_empty() {
        String::new()
    } else {
        format!("  [{}]", words.join(", "))
    }
}

/// `tablectl deck enrol|check`: the deck map of the table's data folder, read through
/// the shoe on `--port` (a real reader) or the simulated shoe (`--sim`).
fn deck(what: &Deck) -> ExitCode {
    use firmware::deck::DeckKind;
    use hardware::enrolment::{self as hw, CheckSettings, DECK_FILE_NAME};
    use hardware::link::{open_serial, Antenna, LinkSettings};
    let (Deck::Enrol(shoe) | Deck::Check(shoe)) = what;
    let (port, data) = (&shoe.port, &shoe.data);
    let kind = DeckKind::Standard52;
    // The simulated shoe and its dealer, who presents whatever card is asked for.
    let mut sim = None;
    let path = match port {
        Some(p) => p.clone(),
        None => {
            use hardware::sim::{PtyShoe, SimConfig, SimDealer, SimShoe};
            let (shoe, handle) = SimShoe::new(SimConfig::default());
            let pty = match PtyShoe::spawn(shoe) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("simulated shoe: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let path = pty.path().to_string();
            println!("simulated shoe on {path}");
            sim = Some((pty, SimDealer::new(handle.clone(), kind, 1, 1), handle));
            path
        }
    };
    let settings = if sim.is_some() {
        LinkSettings::bench()
    } else {
        LinkSettings::new()
    };
    let mut link = match open_serial(&path, settings) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let file = data.join(DECK_FILE_NAME);
    match what {
        Deck::Enrol(_) => {
            let order = hw::new_deck_order(kind);
            let result = hw::enrol(
                &mut link,
                kind,
                order,
                std::time::Duration::from_secs(30),
                |e| {
                    println!("{e}");
                    if let (Some((_, dealer, _)), hw::EnrolEvent::Present { card, .. }) = (&sim, e)
                    {
                        dealer.present(*card, Antenna::Exit);
                    }
                },
            );
            match result.map_err(CliError::failed).and_then(|map| {
                std::fs::create_dir_all(data).map_err(CliError::failed)?;
                hw::save(&map, &file).map_err(CliError::failed)
            }) {
                Ok(()) => {
                    println!("deck enrolled: {}", file.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("enrolment failed: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Deck::Check(_) => {
            let map = match hw::load(&file) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("{}: {e} (enrol the deck first)", file.display());
                    return ExitCode::FAILURE;
                }
            };
            if let Some((_, _, handle)) = &sim {
                // The simulated dealer runs the whole deck through the shoe.
                let cards: Vec<firmware::Card> = hw::new_deck_order(kind);
                let handle = handle.clone();
                std::thread::spawn(move || {
                    for c in cards {
                        handle.present(firmware::deck::DeckMap::simulated_uid(1, c), Antenna::Exit);
                        std::thread::sleep(std::time::Duration::from_millis(40));
                    }
                    handle.remove();
                });
            }
            let idle = std::time::Duration::from_secs(if sim.is_some() { 1 } else { 5 });
            let settings = CheckSettings::with(idle, std::time::Duration::from_secs(600));
            match hw::check(&mut link, &map, settings, |_| {}) {
                Ok(c) => {
                    println!(
                        "{} reads: {} missing, {} duplicate reads, {} foreign tags",
                        c.reads(),
                        c.missing().len(),
                        c.duplicate_reads(),
                        c.foreign_reads()
                    );
                    for card in c.missing().iter() {
                        println!("  missing {card}");
                    }
                    for uid in c.foreign() {
                        println!("  foreign tag {uid}");
                    }
                    if c.is_clean() {
                        println!("the deck is complete");
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::FAILURE
                    }
                }
                Err(e) => {
                    eprintln!("deck check: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// `tablectl run --config table.toml`: the table on a Raspberry Pi. The configuration
/// is checked first, anywhere (so it can be checked on a bench machine); off a Pi the
/// command then says so and points to the bench table.
fn run_pi(args: &RunArgs) -> ExitCode {
    let path = match &args.config {
        None => std::path::PathBuf::from(host::session::live::config::DEFAULT_TABLE_FILE),
        Some(Some(path)) => path.clone(),
        Some(None) => {
            eprintln!(
                "tablectl run: --config needs a file\nusage: tablectl run [--config table.toml]"
            );
            return ExitCode::from(2);
        }
    };
    let mut file = match host::session::live::config::TableFile::load(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("tablectl run: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pins = match file.check_files(&path.display().to_string()) {
        Ok(pins) => pins,
        Err(e) => {
            eprintln!("tablectl run: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(url) = &args.floor_db {
        // Every user of the machine reads a command line (`ps`).
        if host::floor::link::url_has_password(url) {
            eprintln!(
                "tablectl run: --floor-db holds the store's password, which every user of this \
                 machine can read in the process list: give it in [table] floor_password_file \
                 (mode 0600)"
            );
            return ExitCode::FAILURE;
        }
        file.floor_db = Some(url.clone());
    }
    let floor = match floor_link(&file, &path, args.floor_db.is_none()) {
        Ok(link) => link,
        Err(e) => {
            eprintln!(
                "tablectl run: {e} (see [table] floor in {})",
                path.display()
            );
            return ExitCode::FAILURE;
        }
    };
    if let Some(floor) = &file.display.floor {
        if let Err(e) = host::web::auth::load_token(&floor.token) {
            eprintln!("tablectl run: {e}");
            return ExitCode::FAILURE;
        }
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
        return ExitCode::SUCCESS;
    }
    match hardware::pi::detect_pi() {
        Err(e) => {
            eprintln!("tablectl run: {} is valid, but {e}", path.display());
            ExitCode::FAILURE
        }
        Ok(model) => match pi_table(&file, &path, floor, &model) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tablectl run: {e}");
                ExitCode::FAILURE
            }
        },
    }
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
    println!("{}", program_line(&program));
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
            shipper.as_ref(),
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
    shipper: Option<&host::floor::Shipper>,
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
    // Before the first hand: the program this table deals under, in its log.
    session.started_with(program).map_err(CliError::failed)?;
    let mut rt = live::on_devices(session, map);
    display.show(rt.table(), &[]);
    rt.observe(Box::new(display));
    rt.observe(Box::new(|_: &firmware::Table, outcome: &Outcome| {
        println!("{outcome}")
    }));
    let started = std::time::Instant::now();
    let mut clock = || started.elapsed().as_millis() as u64;
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
