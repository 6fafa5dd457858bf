//! `tablectl scenario FILE...` and `tablectl demo`: scripted hands played on a new
//! table, each accepted input's events printed under its line number, the script's
//! expectations checked (RULES.md's examples are scripts).

use crate::error::{self, CliError};
use host::records::scenario::Scenario;
use std::process::ExitCode;

/// The demonstration played by `tablectl demo`.
const DEMO: &str = include_str!("../../../../tests/scenarios/e6_straddle.scn");

/// `tablectl demo`: the demonstration script.
pub fn demo() -> Result<(), CliError> {
    run_script("demo (RULES.md E6)", DEMO)
}

/// `tablectl scenario FILE...`: each script in turn, a failing one reported and the
/// next played; the status is 1 if any failed (the verdict, not an error).
pub fn scenarios(files: &[String]) -> ExitCode {
    let mut code = ExitCode::SUCCESS;
    for path in files {
        let played = hardware::text::read_bounded(
            std::path::Path::new(path),
            host::records::scenario::MAX_FILE_BYTES,
            "a scenario script",
        )
        .map_err(|e| CliError::at(format!("{path}: cannot read"), e))
        .and_then(|text| run_script(path, &text));
        if let Err(e) = played {
            error::report(&e);
            code = ExitCode::FAILURE;
        }
    }
    code
}

/// Runs one script, printing each accepted input's events under its line number.
fn run_script(name: &str, text: &str) -> Result<(), CliError> {
    println!("== {name}");
    let scenario = Scenario::parse(text).map_err(|e| CliError::at(name, e))?;
    scenario
        .run(|line, _input, events| {
            for e in events {
                println!("{line:>4}  {e}");
            }
        })
        .map_err(|e| CliError::at(name, e))?;
    println!("== {name}: every expectation holds");
    Ok(())
}
