//! `tablectl settings` and `tablectl staff-pin`: what a table can be set to, and the
//! staff file's line for a floor person's PIN.

use crate::error::CliError;

/// `tablectl settings`: every setting with its values, rule and default (the casino
/// defaults of a Hold'em table; some depend on the game, as the list says).
pub fn settings() {
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
}

/// `tablectl staff-pin NUMBER`: the staff file's line for floor NUMBER, his PIN read
/// from standard input (a command line is kept by the shell, and seen by `ps`).
pub fn staff_pin(number: u16) -> Result<(), CliError> {
    let command = "tablectl staff-pin";
    let mut line = String::new();
    std::io::Read::read_to_string(
        &mut std::io::Read::take(std::io::stdin(), STAFF_PIN_INPUT_BYTES),
        &mut line,
    )
    .map_err(|e| CliError::at("standard input", e).within(command))?;
    let line = host::session::staff::staff_line(number, line.trim())
        .map_err(|e| CliError::aside(e, "give it on standard input").within(command))?;
    println!("{line}");
    Ok(())
}

/// The most read from standard input for a PIN: four digits and a line end, with room
/// for a terminal's stray characters.
const STAFF_PIN_INPUT_BYTES: u64 = 64;
