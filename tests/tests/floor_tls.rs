//! TLS to the floor's store (issue 26, attack 3: hole cards crossed the network in
//! clear). A real PostgreSQL server with a certificate the test made
//! (`table_tests::certs`), taking TCP over TLS only (`hostssl`): a table ships to it
//! with `verify-full` against the floor's CA; a server whose certificate another CA
//! signed, or one for another name, is refused before a byte of the log leaves; a
//! table in clear is refused by the store, and a table asking for TLS refuses a
//! store without it.

use host::floor::{FloorError, LinkError, Shipper, SslMode, Store, StoreAccess, StoreLink};
use std::path::Path;
use std::time::Duration;
use table_tests::bench::{dealt, sealed};
use table_tests::certs::TestCa;
use table_tests::postgres::{PgServer, SUPERUSER};

/// The store's URL on `host` (with `params`), the test's server's port.
fn url(server: &PgServer, host: &str, params: &str) -> String {
    format!(
        "postgres://{SUPERUSER}@{host}:{}/postgres?connect_timeout=5{params}",
        server.port()
    )
}

/// The link over TLS to `server` at 127.0.0.1, trusting `ca` alone.
fn link(server: &PgServer, params: &str, ca: &Path) -> StoreLink {
    StoreAccess {
        ca: Some(ca.to_path_buf()),
        ..StoreAccess::url(&url(server, "127.0.0.1", params))
    }
    .link()
    .expect("the link")
}

/// Whether the store's connection is over TLS, as the server sees it.
fn over_tls(store: &mut Store) -> bool {
    store
        .client()
        .query_one(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
            &[],
        )
        .expect("pg_stat_ssl")
        .get(0)
}

fn refusal(result: Result<Store, FloorError>) -> LinkError {
    match result {
        Err(FloorError::Link(e)) => e,
        Err(e) => panic!("refused, but not by the link's checks: {e}"),
        Ok(_) => panic!("the store was reached"),
    }
}

#[test]
fn a_table_ships_over_tls_checked_against_the_floors_ca() {
    let ca = TestCa::new("floor CA");
    let cert = ca.server(&["localhost", "127.0.0.1"]);
    let Some(server) = PgServer::start_tls("the floor's store over TLS", &cert, true) else {
        return;
    };
    let dir = tempfile::tempdir().expect("a folder");
    let ca_file = ca.write(dir.path(), "floor-ca.pem");
    let table = tempfile::tempdir().expect("a folder");
    dealt(table.path(), "S1", 11, 5);
    // The table: its URL and `[table] floor_ca`, no sslmode: verify-full.
    let link = link(&server, "", &ca_file);
    assert_eq!(link.mode(), SslMode::VerifyFull);
    let shipper = Shipper::start_on(link.clone(), table.path(), "S1").expect("shipper");
    assert!(
        shipper.wait_shipped(Duration::from_secs(60)),
        "{:?}\n{}",
        shipper.status(),
        server.log()
    );
    drop(shipper);
    let mut store = Store::connect(&link).expect("the store over TLS");
    assert!(
        over_tls(&mut store),
        "the server sees a connection in clear"
    );
    let records = sealed(table.path()).len() as u64;
    assert_eq!(store.count("S1").expect("count"), (records, records));
    // A floor command: the CA and the mode in the URL alone, the store by its name.
    let by_name = url(
        &server,
        "localhost",
        &format!(
            "&hostaddr=127.0.0.1&sslmode=verify-full&sslrootcert={}",
            ca_file.display()
        ),
    );
    let mut store = Store::open_to_read(&by_name).expect("the store by its name");
    assert!(over_tls(&mut store));
    assert_eq!(store.table_ids().expect("tables"), ["S1"]);
}

#[test]
fn a_store_whose_certificate_another_ca_signed_is_refused() {
    let floor_ca = TestCa::new("floor CA");
    let other = TestCa::new("someone else's CA");
    let cert = other.server(&["localhost", "127.0.0.1"]);
    let Some(server) = PgServer::start_tls("a store posing with another CA", &cert, true) else {
        return;
    };
    let dir = tempfile::tempdir().expect("a folder");
    let ca_file = floor_ca.write(dir.path(), "floor-ca.pem");
    for params in ["", "&sslmode=verify-ca", "&sslmode=require"] {
        let e = refusal(Store::connect(&link(&server, params, &ca_file)));
        assert_eq!(e, LinkError::UnknownIssuer(ca_file.clone()), "{params}");
        assert!(
            e.to_string().contains("not signed by the floor's CA"),
            "{e}"
        );
    }
    // A table ships nothing, and says why.
    let table = tempfile::tempdir().expect("a folder");
    dealt(table.path(), "S2", 12, 1);
    let shipper =
        Shipper::start_on(link(&server, "", &ca_file), table.path(), "S2").expect("shipper");
    assert!(PgServer::wait_until(Duration::from_secs(20), || shipper
        .status()
        .error
        .is_some_and(|e| e.contains("not signed by the floor's CA"))));
    assert_eq!(shipper.status().shipped.0, 0);
    // The dealer's view says it in short words (issue 27).
    assert_eq!(
        shipper.status().link().trouble,
        Some(host::display::dealer::FloorTrouble::Certificate)
    );
}

#[test]
fn a_store_whose_certificate_names_another_host_is_refused_under_verify_full() {
    let ca = TestCa::new("floor CA");
    let cert = ca.server(&["floor-db.example"]);
    let Some(server) = PgServer::start_tls("a store certified for another name", &cert, true)
    else {
        return;
    };
    let dir = tempfile::tempdir().expect("a folder");
    let ca_file = ca.write(dir.path(), "floor-ca.pem");
    for params in ["", "&sslmode=verify-full"] {
        let e = refusal(Store::connect(&link(&server, params, &ca_file)));
        assert_eq!(e, LinkError::WrongName("127.0.0.1".into()), "{params}");
        assert!(e.to_string().contains("not for 127.0.0.1"), "{e}");
    }
    // verify-ca checks the chain only, as libpq's does: the floor's CA signed it.
    let mut store = Store::connect(&link(&server, "&sslmode=verify-ca", &ca_file))
        .expect("verify-ca takes the floor CA's certificate for any name");
    assert!(over_tls(&mut store));
}

#[test]
fn a_table_in_clear_is_refused_by_a_store_taking_tls_only() {
    let ca = TestCa::new("floor CA");
    let cert = ca.server(&["127.0.0.1"]);
    let Some(server) = PgServer::start_tls("a TLS-only store met in clear", &cert, true) else {
        return;
    };
    // Said in so many words, or left to the default on this machine: in clear.
    for params in ["&sslmode=disable", ""] {
        let link = StoreLink::parse(&url(&server, "127.0.0.1", params)).expect("the link");
        assert_eq!(link.mode(), SslMode::Disable);
        let e = refusal(Store::connect(&link));
        assert_eq!(e, LinkError::StoreWantsTls, "{params}");
        assert!(e.to_string().contains("only TLS"), "{e}");
    }
}

#[test]
fn a_table_asking_for_tls_refuses_a_store_without_it() {
    let Some(server) = PgServer::start("a store without TLS") else {
        return;
    };
    let ca = TestCa::new("floor CA");
    let dir = tempfile::tempdir().expect("a folder");
    let ca_file = ca.write(dir.path(), "floor-ca.pem");
    let e = refusal(Store::connect(&link(&server, "", &ca_file)));
    assert_eq!(e, LinkError::NoTlsAtStore);
    // ...while the floor's other tests reach such a store on this machine in clear.
    assert!(Store::open(&server.url()).is_ok());
}
