//! The floor's store as its tests poke at it with plain SQL, as whoever takes a
//! login would: a statement the store must refuse, and the server's own words why;
//! and a store migrated by its owner, who makes the tables' and readers' logins.

use crate::postgres::PgServer;
use host::floor::{roles, Store};

/// Runs `sql` on `client` and gives the server's message for its refusal; a
/// statement that passes fails the test.
pub fn refused(client: &mut ::postgres::Client, sql: &str) -> String {
    match client.batch_execute(sql) {
        Ok(()) => panic!("the store took {sql}"),
        Err(e) => e
            .as_db_error()
            .map(|d| d.message().to_string())
            .unwrap_or_else(|| e.to_string()),
    }
}

/// A store migrated by its owner, with the owner's connection and a folder for the
/// logins' password files.
pub struct Floor {
    /// The server.
    pub server: PgServer,
    /// The owner's connection.
    pub owner: Store,
    /// Where the logins' password files go.
    pub secrets: tempfile::TempDir,
}

impl Floor {
    /// A new server and store, or `None` after the skip line (see [`PgServer::start`]).
    pub fn start(what: &str) -> Option<Floor> {
        let server = PgServer::start(what)?;
        let owner = Store::open(&server.url()).expect("the store, as its owner");
        let secrets = tempfile::tempdir().expect("a folder");
        Some(Floor {
            server,
            owner,
            secrets,
        })
    }

    /// `tablectl floor add-table ID`: the table's login; its URL.
    pub fn add_table(&mut self, id: &str) -> String {
        let file = self.secrets.path().join(format!("{id}.password"));
        let login = roles::add_table(self.owner.client(), id, None, Some(&file))
            .expect("the table's login");
        self.url_as(&login.role)
    }

    /// `tablectl floor add-reader NAME`: the reader's URL.
    pub fn add_reader(&mut self, name: &str) -> String {
        let file = self.secrets.path().join(format!("{name}.password"));
        let login = roles::add_reader(self.owner.client(), name, Some(&file)).expect("a reader");
        self.url_as(&login.role)
    }

    /// The store's URL as `role` (the test's server trusts loopback logins; the
    /// passwords are checked by a server that asks for them).
    pub fn url_as(&self, role: &str) -> String {
        format!(
            "postgres://{role}@127.0.0.1:{}/postgres?connect_timeout=2",
            self.server.port()
        )
    }
}
