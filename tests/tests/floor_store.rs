//! The floor's store on a real PostgreSQL server (`table_tests::postgres`): bench
//! tables ship their hand logs while the server is stopped and started again, and
//! the store ends with every record once, each table's head, and the same hands as
//! each table's own audit; records delivered twice, out of order, forged or with a
//! bad signature are refused with an alert, and a log rolled back is caught.

use host::floor::{hands, AlertKind, Shipper, Store};
use host::records::handlog::{AuditLog, HandFilter, HandLog, ProblemKind, Record, Seq, TableKey};
use host::records::time::WallTime;
use host::session::simulated::SimOptions;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use table_tests::bench::{deal_shipping, dealt, sealed};
use table_tests::postgres::PgServer;

/// A folder for a table's data: on the RAM disk where there is one, so the tables
/// deal at full speed on a machine shared with other builds.
fn scratch() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        if let Ok(d) = tempfile::Builder::new().prefix("floor-").tempdir_in(shm) {
            return d;
        }
    }
    tempfile::tempdir().expect("a temporary folder")
}

#[test]
fn three_tables_ship_through_two_outages_and_the_store_holds_every_record_once() {
    let Some(mut server) = PgServer::start("the floor's store through two outages") else {
        return;
    };
    const TABLES: usize = 3;
    const HANDS: u32 = 200;
    let url = server.url();
    let dirs: Vec<tempfile::TempDir> = (0..TABLES).map(|_| scratch()).collect();
    let hands_dealt = Arc::new(AtomicU32::new(0));
    let backlog_seen = Arc::new(AtomicBool::new(false));
    let mut shippers = Vec::new();
    let mut players = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let id = format!("T{}", i + 1);
        let key = TableKey::from_seed([i as u8 + 1; 32]);
        let (log, _) = HandLog::open(dir.path(), &id, &key).expect("log");
        let shipper = Arc::new(Shipper::start(&url, dir.path(), &id).expect("shipper"));
        shippers.push(shipper.clone());
        let opts = SimOptions {
            hands: HANDS,
            seed: 40 + i as u64,
            pace: Duration::from_millis(1),
            ..SimOptions::default()
        };
        players.push(deal_shipping(log, opts, shipper, hands_dealt.clone()));
    }
    let total = TABLES as u32 * HANDS;
    let wait_for = |n: u32| {
        assert!(
            PgServer::wait_until(Duration::from_secs(120), || hands_dealt
                .load(Ordering::Relaxed)
                >= n),
            "the tables stopped dealing at {} hands",
            hands_dealt.load(Ordering::Relaxed)
        )
    };
    for (stop_at, start_at) in [(total / 5, 2 * total / 5), (3 * total / 5, 4 * total / 5)] {
        wait_for(stop_at);
        server.stop().expect("the server stops");
        // The tables deal on while the floor is down.
        wait_for(start_at);
        let waiting = shippers.iter().any(|s| {
            let st = s.status();
            st.backlog() > 0 && !st.connected && st.error.is_some()
        });
        if waiting {
            backlog_seen.store(true, Ordering::Relaxed);
        }
        server.start_again().expect("the server starts again");
    }
    for p in players {
        p.join().expect("a table dealt its hands");
    }
    assert!(
        backlog_seen.load(Ordering::Relaxed),
        "no table showed a backlog while the server was down"
    );
    for s in &shippers {
        assert!(
            s.wait_shipped(Duration::from_secs(60)),
            "a table did not catch up: {:?}\n{}",
            s.status(),
            server.log()
        );
    }
    drop(shippers);
    let mut store = Store::open(&url).expect("the store");
    assert_eq!(store.alerts(true).expect("alerts"), vec![]);
    for (i, dir) in dirs.iter().enumerate() {
        let id = format!("T{}", i + 1);
        let local = AuditLog::open(dir.path()).expect("the local log");
        let head = local.head().expect("head").expect("a signed head");
        let (n, distinct) = store.count(&id).expect("count");
        assert_eq!(
            (n, distinct),
            (head.seq.0, head.seq.0),
            "table {id}: every record once"
        );
        assert_eq!(
            store.table(&id).expect("row").head,
            Some(head),
            "table {id}'s head"
        );
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("client");
        let floor: Vec<_> = hands::list(&mut client, Some(&id), &HandFilter::default())
            .expect("floor audit")
            .into_iter()
            .map(|h| h.hand)
            .collect();
        let own = local
            .list_hands(&HandFilter::default())
            .expect("audit list");
        assert_eq!(own.len(), HANDS as usize);
        assert_eq!(floor, own, "table {id}: the floor's hands are the table's");
        let seat3 = HandFilter {
            seat: firmware::SeatNo::new(3),
            pot_over: Some(firmware::Chips::new(100)),
            ..HandFilter::default()
        };
        let floor: Vec<_> = hands::list(&mut client, Some(&id), &seat3)
            .expect("floor audit")
            .into_iter()
            .map(|h| h.hand)
            .collect();
        assert_eq!(floor, local.list_hands(&seat3).expect("audit list"));
        // Every record's bytes are the table's, in order.
        let rows = client
            .query(
                "SELECT seq, payload, hash FROM records WHERE table_id = $1 ORDER BY seq",
                &[&id],
            )
            .expect("records");
        let mine = sealed(dir.path());
        assert_eq!(rows.len(), mine.len());
        for (row, r) in rows.iter().zip(&mine) {
            assert_eq!(row.get::<_, i64>(0) as u64, r.seq.0);
            assert_eq!(row.get::<_, String>(1), r.payload);
            assert_eq!(row.get::<_, Vec<u8>>(2), r.hash.to_vec());
        }
    }
    let all = hands::list(
        &mut postgres::Client::connect(&url, postgres::NoTls).expect("client"),
        None,
        &HandFilter::default(),
    )
    .expect("every table's hands");
    assert_eq!(all.len(), TABLES * HANDS as usize);
}

#[test]
fn records_twice_out_of_order_forged_or_badly_signed_are_refused_with_an_alert() {
    let Some(server) = PgServer::start("the floor's store refusing bad records") else {
        return;
    };
    let dir = scratch();
    let key = dealt(dir.path(), "F1", 5, 3);
    let records = sealed(dir.path());
    assert!(records.len() > 20);
    let mut store = Store::open(&server.url()).expect("store");
    store.register("F1", &key.public()).expect("register");

    // Out of order: records 11.. before 1..10 are refused as a gap.
    let done = store.ingest("F1", &records[10..20], 0).expect("ingest");
    assert_eq!(done.accepted, 0);
    assert_eq!(done.refused.as_ref().map(|r| r.1), Some(AlertKind::Gap));
    // What was refused still waits at the table: the floor sees it as backlog.
    let backlog = |store: &mut Store| store.table("F1").expect("row").backlog;
    assert_eq!(backlog(&mut store), 10);
    let done = store.ingest("F1", &records[..10], 0).expect("ingest");
    assert_eq!((done.accepted, done.head), (10, Seq(10)));
    // Twice: the same records again, and then with the next ones.
    let done = store.ingest("F1", &records[..10], 0).expect("ingest");
    assert_eq!(
        (done.accepted, done.duplicates, done.refused),
        (0, 10, None)
    );
    let done = store.ingest("F1", &records[5..20], 0).expect("ingest");
    assert_eq!((done.accepted, done.duplicates), (10, 5));
    // A record forged after record 20: refused, and nothing after it.
    let mut forged = records[20].clone();
    forged.payload = forged.payload.replacen('1', "2", 1);
    let done = store
        .ingest("F1", &[forged, records[21].clone()], 0)
        .expect("ingest");
    assert_eq!(done.accepted, 0);
    assert_eq!(
        done.refused.as_ref().map(|r| (r.0, r.1)),
        Some((Seq(21), AlertKind::BrokenLink))
    );
    assert_eq!(backlog(&mut store), 2);
    // A record whose signature is not the table's.
    let mut unsigned = records[20].clone();
    unsigned.sig[0] ^= 1;
    let done = store.ingest("F1", &[unsigned], 0).expect("ingest");
    assert_eq!(done.refused.map(|r| r.1), Some(AlertKind::BadSignature));
    // A record that differs from one already taken: a fork.
    let mut fork = records[3].clone();
    fork.hash[0] ^= 1;
    let done = store.ingest("F1", &[fork], 0).expect("ingest");
    assert_eq!(done.refused.map(|r| r.1), Some(AlertKind::Fork));
    // A good record, one badly signed, and a good last one (whose signature vouches
    // for the contents before it, not for their signatures): the first is taken, the
    // rest refused.
    let mut unsigned = records[21].clone();
    unsigned.sig[5] ^= 1;
    let done = store
        .ingest(
            "F1",
            &[records[20].clone(), unsigned, records[22].clone()],
            0,
        )
        .expect("ingest");
    assert_eq!(done.accepted, 1);
    assert_eq!(
        done.refused.as_ref().map(|r| (r.0, r.1)),
        Some((Seq(22), AlertKind::BadSignature))
    );
    // The rest, in order: all taken, each once.
    let done = store.ingest("F1", &records[20..], 0).expect("ingest");
    assert_eq!(backlog(&mut store), 0);
    assert_eq!(done.accepted as usize, records.len() - 21);
    assert_eq!(done.duplicates, 1);
    let n = records.len() as u64;
    assert_eq!(store.count("F1").expect("count"), (n, n));
    let kinds: Vec<String> = store
        .alerts(false)
        .expect("alerts")
        .into_iter()
        .map(|a| a.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            "bad_signature",
            "fork",
            "bad_signature",
            "broken_link",
            "gap"
        ]
    );
    // Another key for the same table is refused with an alert.
    assert!(store
        .register("F1", &TableKey::from_seed([6; 32]).public())
        .is_err());
    assert_eq!(store.alerts(false).expect("alerts")[0].kind, "key_changed");
    // The floor clears an alert.
    let first = store.alerts(false).expect("alerts")[0].id;
    assert!(store.clear_alert(first).expect("clear"));
    assert!(!store.clear_alert(first).expect("clear again"));
    assert_eq!(store.alerts(false).expect("alerts").len(), 5);
}

/// A copy of the data folder `from` (the log and its WAL) in a new folder.
fn copy_log(from: &Path) -> (tempfile::TempDir, PathBuf) {
    let to = scratch();
    table_tests::bench::copy_log(from, to.path());
    let path = to.path().to_path_buf();
    (to, path)
}

/// Appends `n` notes to table R1's log in `dir`, stamped from `at_ms` on.
fn notes(dir: &Path, key: &TableKey, at_ms: u64, word: &str, n: u64) {
    let (mut log, _) = HandLog::open(dir, "R1", key).expect("log");
    for i in 0..n {
        let text = format!("{word} {i}");
        log.append(WallTime::from_unix_millis(at_ms + i), Record::Note { text })
            .expect("append");
    }
}

#[test]
fn a_log_rolled_back_or_rewritten_after_it_shipped_is_caught() {
    let Some(server) = PgServer::start("the floor's store catching a rolled-back log") else {
        return;
    };
    let dir = scratch();
    let key = TableKey::from_seed([8; 32]);
    notes(dir.path(), &key, 1_000, "early", 5);
    let (_old_tmp, old) = copy_log(dir.path());
    notes(dir.path(), &key, 2_000, "late", 5);
    let shipper = Shipper::start(&server.url(), dir.path(), "R1").expect("shipper");
    assert!(
        shipper.wait_shipped(Duration::from_secs(20)),
        "{:?}",
        shipper.status()
    );
    drop(shipper);
    // `audit verify --floor`: the full log extends the store's head; the old copy
    // put back is shorter than what the store took.
    let mut store = Store::open_to_read(&server.url()).expect("store");
    let trust = store.trust("R1").expect("the store's head");
    assert_eq!(trust.anchor.as_ref().map(|h| h.seq), Some(Seq(10)));
    let report = HandLog::verify(dir.path(), &trust);
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.anchored, Some(Seq(10)));
    let report = HandLog::verify(&old, &trust);
    assert_eq!(
        report.problem.as_ref().map(|p| p.kind),
        Some(ProblemKind::Truncated),
        "{report}"
    );
    let shipper = Shipper::start(&server.url(), &old, "R1").expect("shipper");
    assert!(PgServer::wait_until(Duration::from_secs(20), || {
        store
            .alerts(false)
            .is_ok_and(|a| a.iter().any(|a| a.kind == "rolled_back"))
    }));
    // ...and dealing on from there: its record 11 does not chain to the store's 10.
    notes(&old, &key, 3_000, "other", 7);
    assert!(PgServer::wait_until(Duration::from_secs(20), || {
        store
            .alerts(false)
            .is_ok_and(|a| a.iter().any(|a| a.kind == "broken_link" && a.seq == 11))
    }));
    assert!(shipper.status().refused.is_some());
    let report = HandLog::verify(&old, &store.trust("R1").expect("the store's head"));
    assert_eq!(
        report.problem.as_ref().map(|p| p.kind),
        Some(ProblemKind::Forked),
        "{report}"
    );
    assert_eq!(store.count("R1").expect("count"), (10, 10));
}
