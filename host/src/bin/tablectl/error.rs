//! Why a `tablectl` command failed: [`CliError`], printed once by the command that
//! ran, after its name (`tablectl run: ...`).
//!
//! The commands call into every layer of the host (hand log, settings, display,
//! shoe, pins, scripts), each with its own error enum. `CliError` keeps that error as
//! its [`source`](std::error::Error::source) and adds only what the command knows:
//! the file or option it was about, or what the operator should do next.
//!
//! The clap value parsers (`--set`, `--blinds`, `--faults`, `--display`) still
//! return `Result<_, String>`: that is clap's convention, and clap prints the text
//! beside the option itself.

use std::error::Error;
use std::fmt;

/// An underlying error of any host layer, kept whole.
type Source = Box<dyn Error + Send + Sync>;

/// Why a `tablectl` command stopped. Each message says what to fix.
#[derive(Debug)]
pub enum CliError {
    /// A layer's error that already names its file (the hand log's do): shown as it is.
    Failed(Source),
    /// A layer's error about a file or an option, shown after its name.
    At {
        /// The file, folder or option (`--anchor FILE`, a script's path).
        at: String,
        /// What went wrong there.
        source: Source,
    },
    /// A layer's error, followed by what the operator should do about it.
    Hint {
        /// What went wrong.
        source: Source,
        /// What to do (enrol the deck, fix a section of the configuration...).
        hint: String,
    },
    /// `--hand` was given something that is not a hand number.
    NotHandNumber(String),
    /// The data folder given does not exist: check the path.
    NoDataFolder(String),
    /// The anchor file is too large to be a signed head: give the head's line.
    AnchorTooLarge {
        /// The file.
        path: String,
        /// The most an anchor file may hold.
        max: u64,
    },
    /// A script plays on a new table, and the data folder has one already.
    TableExists(String),
    /// A built-in default address does not parse (a bug in this program).
    BadDefault(&'static str),
    /// The build cannot drive the Pi's pins: rebuild with the `pi` feature.
    #[cfg(not(feature = "pi"))]
    NoGpio(String),
    /// python3 could not be started for the PokerKit comparison.
    Python(std::io::Error),
    /// PokerKit's replay script failed: its last line of errors.
    OracleFailed(String),
    /// PokerKit replayed no hand of the files given.
    NoHandReplayed,
}

impl CliError {
    /// A layer's error that names its own file.
    pub fn failed(e: impl Error + Send + Sync + 'static) -> CliError {
        CliError::Failed(Box::new(e))
    }

    /// A layer's error about `at` (a file, a folder or an option).
    pub fn at(at: impl fmt::Display, e: impl Error + Send + Sync + 'static) -> CliError {
        CliError::At {
            at: at.to_string(),
            source: Box::new(e),
        }
    }

    /// A layer's error, and what to do about it.
    pub fn hint(e: impl Error + Send + Sync + 'static, hint: impl Into<String>) -> CliError {
        CliError::Hint {
            source: Box::new(e),
            hint: hint.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Failed(e) => write!(f, "{e}"),
            CliError::At { at, source } => write!(f, "{at}: {source}"),
            CliError::Hint { source, hint } => write!(f, "{source}: {hint}"),
            CliError::NotHandNumber(v) => write!(f, "--hand: `{v}` is not a hand number"),
            CliError::NoDataFolder(dir) => write!(f, "{dir}: there is no such data folder"),
            CliError::AnchorTooLarge { path, max } => write!(
                f,
                "--anchor {path}: larger than {max} bytes: not a signed head"
            ),
            CliError::TableExists(dir) => write!(
                f,
                "{dir}: a script plays on a new table, and this data folder has a table already: \
                 give a new --data folder, or none"
            ),
            CliError::BadDefault(what) => write!(f, "the default {what} address is not an address"),
            #[cfg(not(feature = "pi"))]
            CliError::NoGpio(model) => write!(
                f,
                "{model}: this build has no GPIO support: build it with `cargo build --release` (the `pi` feature is on by default)"
            ),
            CliError::Python(e) => write!(f, "python3: {e}"),
            CliError::OracleFailed(last) => write!(f, "ref_replay.py failed: {last}"),
            CliError::NoHandReplayed => f.write_str("no hand replayed"),
        }
    }
}

impl Error for CliError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CliError::Failed(e)
            | CliError::At { source: e, .. }
            | CliError::Hint { source: e, .. } => Some(e.as_ref()),
            CliError::Python(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_names_the_file_and_keeps_the_cause() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let e = CliError::at("--anchor head.txt", io);
        assert_eq!(e.to_string(), "--anchor head.txt: no such file");
        assert!(e.source().is_some());
    }

    #[test]
    fn hint_follows_the_cause() {
        let io = std::io::Error::other("address in use");
        let e = CliError::hint(io, "see [display] in the table's configuration");
        assert_eq!(
            e.to_string(),
            "address in use: see [display] in the table's configuration"
        );
    }
}
