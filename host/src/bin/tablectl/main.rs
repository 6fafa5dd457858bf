//! `tablectl`: the table controller's command line. `tablectl --help` lists the
//! commands, `tablectl COMMAND --help` each one's options (cli.rs).
//!
//! Every command returns `Result<ExitCode, CliError>`: `Ok` with the status its
//! verdict gives (an audit's, a program check's, a script's), `Err` when it could not
//! do its work. `main` prints that error, once, and exits with its status.

mod audit;
mod bench;
mod cli;
mod deck;
mod error;
mod floor;
mod pi;
mod program;
mod replay;
mod scenarios;
mod settings;
mod shipping;
mod table;
mod tournament;
mod tournament_clock;
mod tournament_sim;
mod trusted;

use clap::Parser as _;
use cli::{Cli, Command};
use error::CliError;
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_a_closed_pipe();
    // A usage error prints clap's message and exits with status 2; --help exits 0.
    let cli = Cli::parse();
    let ran = match cli.command {
        None => table::table(&cli.table).map(|()| ExitCode::SUCCESS),
        Some(command) => run_command(&command),
    };
    ran.unwrap_or_else(|e| {
        error::report(&e);
        e.exit_code()
    })
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

/// Runs a command: the status of its verdict, or why it could not run.
fn run_command(command: &Command) -> Result<ExitCode, CliError> {
    let done = |()| ExitCode::SUCCESS;
    match command {
        Command::Table(options) => table::table(options).map(done),
        Command::Demo => scenarios::demo().map(done),
        Command::Scenario(args) => Ok(scenarios::scenarios(&args.files)),
        Command::Replay(args) => replay::replay(args),
        Command::Audit(what) => audit::audit(what),
        Command::Deck(what) => deck::deck(what),
        Command::Run(args) => pi::run_pi(args).map(done),
        Command::Floor(command) => floor::floor(command).map(done),
        Command::Tournament(command) => tournament::tournament(command),
        Command::Settings => {
            settings::settings();
            Ok(ExitCode::SUCCESS)
        }
        Command::StaffPin(args) => settings::staff_pin(args.number).map(done),
        Command::Bench(args) => bench::bench(args).map(done),
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
