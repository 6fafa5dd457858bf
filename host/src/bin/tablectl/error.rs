//! Why a `tablectl` command failed: [`CliError`], printed once by `main` (after the
//! command's name where the command gives it: `tablectl run: ...`), which exits
//! with the status the error carries ([`CliError::exit_code`]).
//!
//! The commands call into every layer of the host (hand log, settings, display,
//! shoe, pins, scripts), each with its own error enum. `CliError` keeps that error as
//! its [`source`](std::error::Error::source) and adds only what the command knows:
//! the file or option it was about, or what the operator should do next.
//!
//! The clap value parsers (`--set`, `--blinds`, `--faults`, `--display`) still
//! return `Result<_, String>`: that is clap's convention, and clap prints the text
//! beside the option itself.

use host::records::handlog::VerifyReport;
use std::error::Error;
use std::fmt;
use std::process::ExitCode;

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
    /// An error after the name of the command (or step) it stopped: `tablectl run`,
    /// `deck check`, `simulated shoe`.
    In {
        /// What stopped: the command, or the step of it.
        command: String,
        /// Why.
        error: Box<CliError>,
    },
    /// A layer's error, followed by a note in brackets of what to do.
    Aside {
        /// What went wrong.
        source: Source,
        /// What to do (enrol the deck first, give the PIN on standard input...).
        note: String,
    },
    /// `tablectl run --config` without its file: a usage error, status 2 as clap's.
    ConfigNeedsFile,
    /// `--floor-db` was given a URL with the store's password, which every user of
    /// the machine reads in the process list.
    PasswordInUrl,
    /// The configuration checks, but this machine is not a Raspberry Pi.
    NotAPi {
        /// The configuration file that checked.
        config: String,
        /// What the machine is.
        source: hardware::pi::NotAPi,
    },
    /// The log has no signed head to give `audit verify --anchor`.
    NoSignedHead(String),
    /// The log does not verify against what the auditor brought: nothing is shown.
    Refused(Box<VerifyReport>),
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

    /// A layer's error, and what to do about it in brackets.
    pub fn aside(e: impl Error + Send + Sync + 'static, note: impl Into<String>) -> CliError {
        CliError::Aside {
            source: Box::new(e),
            note: note.into(),
        }
    }

    /// This error after the name of the command (or step) it stopped.
    pub fn within(self, command: impl Into<String>) -> CliError {
        CliError::In {
            command: command.into(),
            error: Box::new(self),
        }
    }

    /// The status `tablectl` exits with: 2 for a usage error (as clap's), else 1.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::In { error, .. } => error.exit_code(),
            CliError::ConfigNeedsFile => ExitCode::from(USAGE_STATUS),
            _ => ExitCode::FAILURE,
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

/// The exit status of a usage error, as clap gives it.
const USAGE_STATUS: u8 = 2;

/// Prints `e` on the standard error, one line (its causes are in its text), as every
/// command's error is printed.
pub fn report(e: &CliError) {
    eprintln!("{e}");
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Failed(e) => write!(f, "{e}"),
            CliError::At { at, source } => write!(f, "{at}: {source}"),
            CliError::Hint { source, hint } => write!(f, "{source}: {hint}"),
            CliError::In { command, error } => write!(f, "{command}: {error}"),
            CliError::Aside { source, note } => write!(f, "{source} ({note})"),
            CliError::ConfigNeedsFile => f.write_str(
                "--config needs a file\nusage: tablectl run [--config table.toml]",
            ),
            CliError::PasswordInUrl => f.write_str(
                "--floor-db holds the store's password, which every user of this \
                 machine can read in the process list: give it in [table] floor_password_file \
                 (mode 0600)",
            ),
            CliError::NotAPi { config, source } => write!(f, "{config} is valid, but {source}"),
            CliError::NoSignedHead(dir) => write!(
                f,
                "{dir}: no signed head: the log is of the old HMAC scheme, or its head row does not check (run tablectl audit verify)"
            ),
            CliError::Refused(report) => write!(
                f,
                "REFUSED, the log does not verify, nothing of it is shown: {report}"
            ),
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
            | CliError::Hint { source: e, .. }
            | CliError::Aside { source: e, .. } => Some(e.as_ref()),
            CliError::In { error, .. } => Some(error.as_ref()),
            CliError::NotAPi { source, .. } => Some(source),
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

    #[test]
    fn a_usage_error_keeps_status_2_under_its_command() {
        let e = CliError::ConfigNeedsFile.within("tablectl run");
        assert!(e
            .to_string()
            .starts_with("tablectl run: --config needs a file\n"));
        assert_eq!(e.exit_code(), ExitCode::from(2));
        let io = std::io::Error::other("no such port");
        assert_eq!(
            CliError::at("/dev/ttyUSB0", io).within("deck").exit_code(),
            ExitCode::FAILURE
        );
    }
}
