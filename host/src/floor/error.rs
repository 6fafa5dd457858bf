//! What can go wrong between a table and the floor's store, in words the floor's
//! staff can act on.

use crate::records::handlog::LogError;
use std::fmt;

/// Why the floor's store could not be used.
#[derive(Debug)]
pub enum FloorError {
    /// The store's address does not read as a PostgreSQL URL.
    BadUrl(String),
    /// The store cannot be reached (down, refused, too slow).
    Unreachable(String),
    /// The store answered with an error.
    Database(String),
    /// The store's schema is newer than this program.
    NewerSchema {
        /// The version the store has.
        found: i32,
        /// The newest this program knows.
        known: i32,
    },
    /// The store's schema is older than this program's (a replica of a primary not
    /// migrated yet, or a store never migrated).
    OlderSchema {
        /// The version the store has (0: none).
        found: i32,
        /// The version this program needs.
        needed: i32,
    },
    /// The store holds no table of this id.
    UnknownTable(String),
    /// The store's row for a table does not read (edited by hand?).
    BadStoreRow(String),
    /// The table's own hand log cannot be read.
    Local(LogError),
    /// The link to the store is not safe, or its certificate is refused.
    Link(super::link::LinkError),
}

impl fmt::Display for FloorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FloorError::BadUrl(e) => write!(
                f,
                "the floor's address does not read ({e}): give postgres://USER@HOST:PORT/DATABASE"
            ),
            FloorError::Unreachable(e) => {
                write!(f, "the floor's store cannot be reached: {e}")
            }
            FloorError::Database(e) => write!(f, "the floor's store refused: {e}"),
            FloorError::NewerSchema { found, known } => write!(
                f,
                "the floor's store has schema version {found}, this program knows up to {known}: update tablectl"
            ),
            FloorError::OlderSchema { found, needed } => write!(
                f,
                "the floor's store has schema version {found}, this program needs {needed}: \
                 run `tablectl floor migrate --db URL` against the primary (its replicas follow)"
            ),
            FloorError::UnknownTable(id) => {
                write!(f, "the floor's store holds no table {id:?}")
            }
            FloorError::BadStoreRow(e) => write!(f, "the floor's store holds a bad row: {e}"),
            FloorError::Local(e) => write!(f, "{e}"),
            FloorError::Link(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FloorError {}

impl From<LogError> for FloorError {
    fn from(e: LogError) -> FloorError {
        FloorError::Local(e)
    }
}

impl From<postgres::Error> for FloorError {
    fn from(e: postgres::Error) -> FloorError {
        match e.as_db_error() {
            Some(db) => FloorError::Database(db.message().to_string()),
            None if e.is_closed() => FloorError::Unreachable("the connection was closed".into()),
            None => FloorError::Unreachable(e.to_string()),
        }
    }
}
