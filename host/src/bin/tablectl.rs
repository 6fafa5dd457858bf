//! `tablectl`: the table controller's command line.
//!
//! ```text
//! tablectl                      the bench table (for now: a demonstration script)
//! tablectl scenario FILE...     run scenario scripts, printing every event
//! ```

use host::scenario::Scenario;
use std::process::ExitCode;

/// The demonstration played by `tablectl` with no arguments.
const DEMO: &str = include_str!("../../../tests/scenarios/e6_straddle.scn");

const USAGE: &str = "usage:
  tablectl                      play the demonstration table
  tablectl scenario FILE...     run scenario scripts (tests/README.md), printing every event";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => run_script("demo (RULES.md E6)", DEMO),
        Some("scenario") if args.len() > 1 => {
            let mut code = ExitCode::SUCCESS;
            for path in &args[1..] {
                let result = match std::fs::read_to_string(path) {
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
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("tablectl: unknown command `{other}`\n{USAGE}");
            ExitCode::from(2)
        }
    }
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
