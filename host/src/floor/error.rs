//! What can go wrong between a table and the floor's store, in words the floor's
//! staff can act on.

use crate::records::handlog::LogError;
use crate::session::floor_link::FloorTrouble;
use hardware::cause::Cause;
use std::fmt;

/// Why the floor's store could not be used.
#[derive(Debug)]
pub enum FloorError {
    /// The store's address does not read as a PostgreSQL URL (the driver's error).
    BadUrl(postgres::Error),
    /// The store cannot be reached (down, refused, too slow): the driver's or the
    /// system's error behind the words.
    Unreachable(Cause),
    /// The store answered with an error (the store's own, kept whole), or refused
    /// what was asked of it.
    Database(Cause),
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
    /// The store refused the login: a wrong password, or a login it does not know
    /// (SQLSTATE 28P01, 28000).
    LoginRefused {
        /// The login the URL names.
        login: String,
        /// The store's words.
        detail: String,
    },
    /// The floor's owner has not given this table id to this login (another table's
    /// id, a wrong id, or a login bound to another table).
    TableNotGiven {
        /// The table's id.
        table_id: String,
        /// The store's words.
        detail: String,
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
            FloorError::Unreachable(e) => write!(
                f,
                "the floor's store cannot be reached ({e}): check that it runs, the host and \
                 port in the URL, and the network to it"
            ),
            FloorError::LoginRefused { login, detail } => write!(
                f,
                "the floor's store refused login {login} ({detail}): check that the table's \
                 password file ([table] floor_password_file, or the floor-password credential) \
                 holds the password `tablectl floor add-table` wrote for it, and that the URL's \
                 user is that login"
            ),
            FloorError::TableNotGiven { table_id, detail } => write!(
                f,
                "the floor's store has not given table id {table_id} to this table's login \
                 ({detail}): check the table's id ([table] id, --table-id) and the URL's user, \
                 or have the floor's owner run `tablectl floor add-table {table_id}`"
            ),
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

/// The cause kept whole, for whoever reads the chain (a log, a test).
impl std::error::Error for FloorError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FloorError::Local(e) => Some(e),
            FloorError::Link(e) => Some(e),
            FloorError::BadUrl(e) => Some(e),
            FloorError::Unreachable(c) | FloorError::Database(c) => c.error(),
            _ => None,
        }
    }
}

impl From<LogError> for FloorError {
    fn from(e: LogError) -> FloorError {
        FloorError::Local(e)
    }
}

impl FloorError {
    /// Why the table cannot ship, in the dealer's short words; `None` for a fault
    /// of the table's own (its log) or one without a word of its own.
    pub fn trouble(&self) -> Option<FloorTrouble> {
        use super::link::LinkError as L;
        match self {
            FloorError::Unreachable(_) => Some(FloorTrouble::Unreachable),
            FloorError::LoginRefused { .. } => Some(FloorTrouble::LoginRefused),
            FloorError::TableNotGiven { .. } | FloorError::UnknownTable(_) => {
                Some(FloorTrouble::IdNotGiven)
            }
            FloorError::NewerSchema { .. } | FloorError::OlderSchema { .. } => {
                Some(FloorTrouble::Version)
            }
            FloorError::Link(
                L::UnknownIssuer(_)
                | L::WrongName(_)
                | L::BadCertificate(_)
                | L::NoTlsAtStore
                | L::StoreWantsTls
                | L::CaFile { .. }
                | L::NeedsCa { .. },
            ) => Some(FloorTrouble::Certificate),
            FloorError::Link(_)
            | FloorError::BadUrl(_)
            | FloorError::Database(_)
            | FloorError::BadStoreRow(_)
            | FloorError::Local(_) => None,
        }
    }
}

impl From<postgres::Error> for FloorError {
    fn from(e: postgres::Error) -> FloorError {
        use postgres::error::SqlState;
        match e.as_db_error() {
            Some(db)
                if [
                    SqlState::INVALID_PASSWORD,
                    SqlState::INVALID_AUTHORIZATION_SPECIFICATION,
                ]
                .contains(db.code()) =>
            {
                FloorError::LoginRefused {
                    login: String::new(),
                    detail: db.message().to_string(),
                }
            }
            Some(db) => FloorError::Database(Cause::worded(db.message().to_string(), e)),
            None if e.is_closed() => {
                FloorError::Unreachable(Cause::worded("the connection was closed", e))
            }
            None => FloorError::Unreachable(Cause::worded(causes(&e), e)),
        }
    }
}

/// `e` and its causes, each said once: "error connecting to server: Connection
/// refused (os error 111)", not only its first words.
fn causes(e: &(dyn std::error::Error + 'static)) -> String {
    let mut out = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let text = c.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        cause = c.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::floor::link::LinkError;

    /// Each cause a table cannot ship for has the dealer's short words; a fault of
    /// the table's own or one the store gave no class to has none.
    #[test]
    fn each_reason_a_table_cannot_ship_has_its_words() {
        let login = FloorError::LoginRefused {
            login: "table_t1".into(),
            detail: "password authentication failed".into(),
        };
        assert!(login.to_string().contains("refused login table_t1"));
        let not_given = FloorError::TableNotGiven {
            table_id: "T2".into(),
            detail: "the floor has not given this id".into(),
        };
        assert!(not_given
            .to_string()
            .contains("tablectl floor add-table T2"));
        for (e, trouble) in [
            (
                FloorError::Unreachable(Cause::said("refused")),
                Some(FloorTrouble::Unreachable),
            ),
            (login, Some(FloorTrouble::LoginRefused)),
            (not_given, Some(FloorTrouble::IdNotGiven)),
            (
                FloorError::Link(LinkError::UnknownIssuer("ca.pem".into())),
                Some(FloorTrouble::Certificate),
            ),
            (
                FloorError::NewerSchema { found: 7, known: 6 },
                Some(FloorTrouble::Version),
            ),
            (FloorError::Database(Cause::said("a key changed")), None),
        ] {
            assert_eq!(e.trouble(), trouble, "{e}");
        }
    }
}
