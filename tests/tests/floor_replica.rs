//! The floor service on a read replica: with `migrate: false` (`tablectl floor serve
//! --no-migrate`) it only checks the store's schema, so it starts where nothing can
//! be written, and refuses with a clear word a store whose schema is older than the
//! program until the primary is migrated. The replica is played by a connection
//! whose every transaction is read-only, as a hot standby's are. Skipped (one line)
//! without PostgreSQL; `.ci/run` requires it.

use host::display::Lang;
use host::floor::{FloorError, FloorService, ServeError, ServeOptions, Store};
use table_tests::postgres::PgServer;

fn serve(url: &str, migrate: bool) -> Result<FloorService, ServeError> {
    FloorService::start(ServeOptions {
        url: url.to_string(),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: "floor-replica-test-token-0123456789".into(),
        hosts: Vec::new(),
        lang: Lang::En,
        migrate,
    })
}

#[test]
fn a_read_only_store_is_served_without_migrating_once_its_schema_is_current() {
    let Some(server) = PgServer::start("the floor service on a read replica") else {
        return;
    };
    let primary = server.url();
    let replica = format!("{primary}&options=-c%20default_transaction_read_only%3Don");

    // A store never migrated: refused, with what to do.
    match serve(&replica, false) {
        Err(ServeError::Store(e @ FloorError::OlderSchema { found: 0, .. })) => {
            assert!(e.to_string().contains("tablectl floor migrate"), "{e}");
        }
        other => panic!("a store without a schema was served: {:?}", other.err()),
    }
    // Migrating needs the primary: a read-only store refuses it.
    let migrated = serve(&replica, true).err();
    assert!(
        matches!(migrated, Some(ServeError::Store(FloorError::Database(_)))),
        "a read-only store was migrated: {migrated:?}"
    );
    let (found, now) = Store::migrate(&primary).expect("migrate the primary");
    assert_eq!((found, now), (0, host::floor::schema::SCHEMA_VERSION));
    assert_eq!(Store::migrate(&primary).expect("again"), (now, now));
    let service = serve(&replica, false).expect("served from the replica");
    drop(service);

    // A primary left one version behind the program: refused again by its number.
    let mut client = postgres::Client::connect(&primary, postgres::NoTls).expect("client");
    client
        .execute("DELETE FROM schema_version WHERE version = $1", &[&now])
        .expect("an older schema");
    match serve(&replica, false) {
        Err(ServeError::Store(FloorError::OlderSchema { found, needed })) => {
            assert_eq!((found, needed), (now - 1, now));
        }
        other => panic!("an older schema was served: {:?}", other.err()),
    }
    assert!(matches!(
        Store::open_to_read(&replica),
        Err(FloorError::OlderSchema { .. })
    ));
}
