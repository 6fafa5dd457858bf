//! Why the log cannot be used ([`LogError`]), and SQLite's failures mapped to it.

use super::verify::Problem;
use super::{FORMAT_VERSION, MIN_SECRET_LEN};
use crate::records::time::WallTime;
use firmware::RuleError;
use rusqlite::ErrorCode;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why the log cannot be used. Each message says what to do; while the log does not
/// work the table must not deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LogError {
    /// The data folder or the database file cannot be created or opened.
    Open {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        detail: String,
    },
    /// The file is not a readable hand log (damaged, truncated, or another file).
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
    /// The storage is full: nothing was written.
    DiskFull {
        /// The file.
        path: PathBuf,
    },
    /// Another program holds the log's write lock.
    Busy {
        /// The file.
        path: PathBuf,
    },
    /// The log belongs to another table.
    OtherTable {
        /// The file.
        path: PathBuf,
        /// This table's id.
        expected: String,
        /// The id in the file.
        found: String,
    },
    /// The secret does not match the one the log was written with.
    WrongSecret {
        /// The file.
        path: PathBuf,
    },
    /// The secret is shorter than [`MIN_SECRET_LEN`] bytes.
    WeakSecret,
    /// The log was signed with another key than the table's.
    WrongKey {
        /// The file.
        path: PathBuf,
        /// The public key the log records.
        logged: String,
    },
    /// The log is of the old scheme (HMAC under a shared secret): it can be verified,
    /// not continued.
    OldScheme {
        /// The file.
        path: PathBuf,
    },
    /// The table id is empty.
    NoTableId,
    /// The file was written by a newer version of this program.
    NewerFormat {
        /// The file.
        path: PathBuf,
        /// Its format version.
        found: u32,
    },
    /// The log was changed outside the controller.
    Tampered {
        /// The file.
        path: PathBuf,
        /// The first problem found.
        problem: Problem,
    },
    /// Another program appended to the log while this one had it open.
    ConcurrentWriter {
        /// The file.
        path: PathBuf,
    },
    /// An input was appended before the table's configuration, or a table is rebuilt
    /// from a log that has none.
    NoConfig,
    /// The log already holds a configuration; a log has exactly one.
    ConfigAlreadyWritten,
    /// The configuration in the record or in the log cannot be played.
    BadConfig {
        /// Why.
        detail: String,
    },
    /// Replaying the log's inputs was refused by the engine.
    Replay {
        /// The input's position among the accepted inputs (0-based).
        index: usize,
        /// The input, as the log writes it.
        input: String,
        /// The engine's answer.
        error: RuleError,
    },
    /// The timestamp does not fit the log (above `i64::MAX` ms).
    Timestamp {
        /// The value given.
        at: WallTime,
    },
    /// The data folder or the log may be changed by others than the table's user.
    Exposed {
        /// The folder or file.
        path: PathBuf,
        /// Its mode.
        mode: u32,
        /// The mode it should have.
        fix: u32,
    },
    /// Any other storage failure.
    Storage {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        detail: String,
    },
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Open { path, detail } => write!(
                f,
                "cannot open the hand log {}: {detail}; check the data folder exists and is writable, and do not deal until it is",
                path.display()
            ),
            LogError::Corrupt { path, detail } => write!(
                f,
                "the hand log {} is damaged: {detail}; keep the file for the floor, restore the last backup or start a new data folder, and do not deal until then",
                path.display()
            ),
            LogError::DiskFull { path } => write!(
                f,
                "the storage holding the hand log {} is full: nothing was logged; free space (or replace the card) before dealing on",
                path.display()
            ),
            LogError::Busy { path } => write!(
                f,
                "the hand log {} is locked by another program: close it (an audit left running?) and try again",
                path.display()
            ),
            LogError::OtherTable {
                path,
                expected,
                found,
            } => write!(
                f,
                "the hand log {} belongs to table `{found}`, not `{expected}`: put it back where it came from and use this table's data folder",
                path.display()
            ),
            LogError::WrongSecret { path } => write!(
                f,
                "the hand log {} was written with another secret: install this table's key file; do not start a new log over it",
                path.display()
            ),
            LogError::WrongKey { path, logged } => write!(
                f,
                "the hand log {} was signed with another key ({logged}): install this table's key file (table.toml's key); do not start a new log over it",
                path.display()
            ),
            LogError::OldScheme { path } => write!(
                f,
                "the hand log {} uses the old HMAC scheme, which whoever reads its secret can forge: check it with `tablectl audit verify`, archive the data folder, and start the table on a new one",
                path.display()
            ),
            LogError::WeakSecret => write!(
                f,
                "the hand log's secret is shorter than {MIN_SECRET_LEN} bytes: install the table's key file"
            ),
            LogError::NoTableId => f.write_str("the table has no id: set it in the table's settings"),
            LogError::NewerFormat { path, found } => write!(
                f,
                "the hand log {} has format {found}, newer than this program's {FORMAT_VERSION}: update the controller software",
                path.display()
            ),
            LogError::Tampered { path, problem } => write!(
                f,
                "the hand log {} was changed outside the controller ({problem}): call the floor, keep the file as it is, and deal on a new data folder",
                path.display()
            ),
            LogError::ConcurrentWriter { path } => write!(
                f,
                "another program wrote to the hand log {}: only one controller may run per table; stop the other one and restart",
                path.display()
            ),
            LogError::NoConfig => f.write_str(
                "the hand log has no table configuration: write the configuration before the first input",
            ),
            LogError::ConfigAlreadyWritten => f.write_str(
                "the hand log already holds this table's configuration: to change settings, start a new data folder",
            ),
            LogError::BadConfig { detail } => {
                write!(f, "the table configuration cannot be played: {detail}")
            }
            LogError::Replay {
                index,
                input,
                error,
            } => write!(
                f,
                "replaying the hand log failed at accepted input {index} (`{input}`): {error}; call the floor, the log and the engine disagree"
            ),
            LogError::Timestamp { at } => {
                write!(f, "timestamp {at} ms is out of range: check the clock")
            }
            LogError::Exposed { path, mode, fix } => write!(
                f,
                "{} may be changed by others than the table's user (mode {mode:o}): whoever \
                 can may have replaced the hand log; chmod {fix:o} {} (owned by the table's \
                 user) before dealing",
                path.display(),
                path.display()
            ),
            LogError::Storage { path, detail } => write!(
                f,
                "the hand log {} failed: {detail}; do not deal until it works",
                path.display()
            ),
        }
    }
}

impl std::error::Error for LogError {}

/// Maps a SQLite failure to a [`LogError`] for the file at `path`.
pub(super) fn db_err(path: &Path, e: rusqlite::Error) -> LogError {
    let path = path.to_path_buf();
    match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => LogError::DiskFull { path },
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => LogError::Corrupt {
            path,
            detail: e.to_string(),
        },
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => LogError::Busy { path },
        Some(
            ErrorCode::CannotOpen
            | ErrorCode::PermissionDenied
            | ErrorCode::ReadOnly
            | ErrorCode::NotFound,
        ) => LogError::Open {
            path,
            detail: e.to_string(),
        },
        _ => LogError::Storage {
            path,
            detail: e.to_string(),
        },
    }
}
