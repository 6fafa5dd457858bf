//! How a table's shipper behaves with the floor's store (issue 27, items 3 and 4),
//! against a real PostgreSQL server the test starts (skipped, one line, without
//! one): a table the store refused backs off, however many records it logs; an idle
//! table is still heard from, and shipped nothing for it; a table that ends with
//! its log in the store is closed on the floor, and open again when it starts
//! again; a table that cannot ship says why (the store down, a wrong password, an
//! id the floor did not give its login, a store of a newer version), and one the
//! floor gave a login to and never heard from is listed.

use host::display::dealer::FloorTrouble;
use host::floor::{roles, Presence, Shipper, Store, TableStatus};
use host::records::handlog::{HandLog, Record, TableKey};
use host::records::time::WallTime;
use host::session::RecordTap as _;
use std::path::Path;
use std::time::Duration;
use table_tests::postgres::PgServer;

/// How long a shipper may take on a busy machine (not a timing claim).
const PATIENCE: Duration = Duration::from_secs(60);
/// How long a stopping table waits for its last records, as `tablectl` does.
const GRACE: Duration = Duration::from_secs(10);

/// Appends `n` notes saying `what` to table `id`'s log in `dir`, each handed to
/// `shipper`'s tap as the table's session does.
fn notes(dir: &Path, id: &str, key: &TableKey, what: &str, n: u64, shipper: Option<&Shipper>) {
    let (mut log, _) = HandLog::open(dir, id, key).expect("log");
    let mut tap = shipper.map(Shipper::tap);
    for i in 0..n {
        let at = WallTime::now();
        let record = Record::Note {
            text: format!("{what} {i}"),
        };
        let seq = log.append(at, record.clone()).expect("append");
        if let Some(t) = tap.as_mut() {
            t.appended(seq, at, &record, &log);
        }
    }
}

/// Table `id` as the store lists it.
fn listed(store: &mut Store, id: &str) -> Option<TableStatus> {
    store
        .tables()
        .expect("tables")
        .into_iter()
        .find(|t| t.table_id == id)
}

/// The store's `seen_at` of table `id`, as text.
fn seen_at(store: &mut Store, id: &str) -> String {
    store
        .client()
        .query_one(
            "SELECT seen_at::text FROM floor_tables WHERE table_id = $1",
            &[&id],
        )
        .expect("seen_at")
        .get(0)
}

/// Issue 27: a table the store refused retried on every new record (762
/// transactions in 14 s). It now waits 5 s, then 10, 20... up to 5 min, whatever
/// the table logs meanwhile: its shipments are counted, not timed.
#[test]
fn a_refused_table_backs_off_however_many_records_it_logs() {
    let Some(server) = PgServer::start("a refused table backs off") else {
        return;
    };
    let url = server.url();
    let key = TableKey::from_seed([61; 32]);
    let shipped = tempfile::tempdir().expect("a folder");
    notes(shipped.path(), "R1", &key, "shipped", 3, None);
    let shipper = Shipper::start(&url, shipped.path(), "R1").expect("shipper");
    assert!(shipper.wait_shipped(PATIENCE), "{:?}", shipper.status());
    shipper.stop();
    // The same table's log rewritten (a restore from an old copy, a forgery): the
    // store refuses what follows.
    let forked = tempfile::tempdir().expect("a folder");
    notes(forked.path(), "R1", &key, "rewritten", 4, None);
    let shipper = Shipper::start(&url, forked.path(), "R1").expect("shipper");
    assert!(
        PgServer::wait_until(PATIENCE, || shipper.status().refused.is_some()),
        "{:?}",
        shipper.status()
    );
    let first = shipper.status().attempts;
    const MORE: u64 = 500;
    notes(forked.path(), "R1", &key, "more", MORE, Some(&shipper));
    let s = shipper.status();
    eprintln!(
        "{MORE} records logged after the refusal: {} shipments ({first} before)",
        s.attempts
    );
    assert!(s.attempts - first < 10, "{s:?}");
    assert_eq!(s.shipped.0, 3, "nothing past the refusal is taken");
    // A refused table does not hold a stopping table: it needs the floor.
    let end = shipper.finish(GRACE);
    assert!(!end.closed && end.left == MORE + 4 - 3, "{end:?}");
    assert!(
        end.to_string().contains("the floor refused record 4"),
        "{end}"
    );
}

#[test]
fn an_idle_table_is_heard_from_and_a_table_that_ends_is_closed_until_it_starts_again() {
    let Some(server) = PgServer::start("idle, closed and open again") else {
        return;
    };
    let url = server.url();
    let mut store = Store::open(&url).expect("the store");
    let key = TableKey::from_seed([62; 32]);
    let dir = tempfile::tempdir().expect("a folder");
    notes(dir.path(), "I1", &key, "note", 5, None);
    let shipper = Shipper::start(&url, dir.path(), "I1").expect("shipper");
    assert!(shipper.wait_shipped(PATIENCE), "{:?}", shipper.status());
    let shipments = shipper.status().attempts;
    let seen = seen_at(&mut store, "I1");
    // Idle: heard from again (a keep-alive), with no shipment.
    assert!(
        PgServer::wait_until(PATIENCE, || seen_at(&mut store, "I1") != seen),
        "an idle table is not heard from"
    );
    assert_eq!(shipper.status().attempts, shipments);
    assert_eq!(
        listed(&mut store, "I1").map(|t| t.presence),
        Some(Presence::Live)
    );
    let end = shipper.finish(GRACE);
    assert_eq!(
        end.to_string(),
        "floor: all 5 records shipped; the table is closed on the floor"
    );
    assert_eq!(
        listed(&mut store, "I1").map(|t| t.presence),
        Some(Presence::Closed)
    );
    // Started again: open again, and closed again at its end.
    let shipper = Shipper::start(&url, dir.path(), "I1").expect("shipper");
    assert!(
        PgServer::wait_until(PATIENCE, || listed(&mut store, "I1")
            .is_some_and(|t| t.presence == Presence::Live)),
        "{:?}",
        listed(&mut store, "I1")
    );
    notes(dir.path(), "I1", &key, "later", 2, Some(&shipper));
    let end = shipper.finish(GRACE);
    assert!(end.closed && end.left == 0 && end.shipped.0 == 7, "{end:?}");
    assert_eq!(
        listed(&mut store, "I1").map(|t| t.presence),
        Some(Presence::Closed)
    );
}

/// Waits for `shipper`'s reason for not shipping.
fn trouble(shipper: &Shipper) -> (Option<FloorTrouble>, String) {
    PgServer::wait_until(PATIENCE, || shipper.status().link().trouble.is_some());
    let s = shipper.status();
    (s.link().trouble, s.error.unwrap_or_default())
}

/// A shipper of table `id`'s log in `dir` to `url` cannot ship, for `why`, and its
/// words say `words`.
fn assert_says(url: &str, dir: &Path, id: &str, why: FloorTrouble, words: &str) {
    let shipper = Shipper::start(url, dir, id).expect("shipper");
    let (found, text) = trouble(&shipper);
    assert_eq!(found, Some(why), "{text}");
    assert!(text.contains(words), "{words:?} in {text}");
    shipper.stop();
}

#[test]
fn a_table_that_cannot_ship_says_why_and_the_floor_lists_it() {
    let Some(mut server) = PgServer::start("reasons a table cannot ship") else {
        return;
    };
    server.check_passwords().expect("passwords checked");
    let mut owner = Store::open(&server.url()).expect("the store");
    let secrets = tempfile::tempdir().expect("a folder");
    let file = secrets.path().join("W1.password");
    let login = roles::add_table(owner.client(), "W1", None, Some(&file)).expect("login");
    let password = std::fs::read_to_string(&file).expect("password");
    let as_login = |password: &str| {
        format!(
            "postgres://{}:{password}@127.0.0.1:{}/postgres?connect_timeout=2",
            login.role,
            server.port()
        )
    };
    let key = TableKey::from_seed([63; 32]);
    let dir = tempfile::tempdir().expect("a folder");
    notes(dir.path(), "W1", &key, "note", 2, None);

    let right = as_login(password.trim());
    assert_says(
        &as_login("wrong"),
        dir.path(),
        "W1",
        FloorTrouble::LoginRefused,
        &format!("refused login {}", login.role),
    );
    // Given a login, never heard from: listed as such.
    assert_eq!(
        listed(&mut owner, "W1").map(|t| t.presence),
        Some(Presence::NeverConnected)
    );
    let other_id = tempfile::tempdir().expect("a folder");
    notes(other_id.path(), "W2", &key, "note", 2, None);
    let not_given = FloorTrouble::IdNotGiven;
    assert_says(&right, other_id.path(), "W2", not_given, "add-table W2");
    // A store migrated by a newer tablectl, and one not migrated yet, which the
    // table's login may not migrate: each says who acts.
    let mut versions = |sql: &str| {
        let current = host::floor::schema::SCHEMA_VERSION;
        owner.client().execute(sql, &[&current]).expect(sql);
    };
    versions("INSERT INTO schema_version (version) VALUES ($1 + 93)");
    assert_says(
        &right,
        dir.path(),
        "W1",
        FloorTrouble::Version,
        "update tablectl",
    );
    versions("DELETE FROM schema_version WHERE version >= $1");
    assert_says(
        &right,
        dir.path(),
        "W1",
        FloorTrouble::Version,
        "tablectl floor migrate",
    );
    versions("INSERT INTO schema_version (version) VALUES ($1)");

    let right = Shipper::start(&right, dir.path(), "W1").expect("shipper");
    assert!(right.wait_shipped(PATIENCE), "{:?}", right.status());
    assert_eq!(right.status().link().trouble, None);
    server.stop().expect("the store stops");
    let (why, text) = trouble(&right);
    assert_eq!(why, Some(FloorTrouble::Unreachable), "{text}");
    assert!(text.contains("check that it runs"), "{text}");
    let end = right.finish(Duration::from_secs(1));
    assert!(end.closed || end.left == 0, "{end:?}");
}
