//! The floor's store at scale, on a real PostgreSQL server with its default
//! durability (fsync, synchronous commits): many bench tables dealing and shipping
//! at once. Prints records per second ingested, the delay from a record's local
//! commit to its commit in the store (median, 99th percentile, from every shipped
//! record), and the store's size per 10,000 hands; the full-speed and catch-up runs
//! also with each table under its own login (`floor add-table`: row-level security),
//! side by side with the owner's. Ignored in the normal run (it
//! takes minutes); docs/benchmarks.md's figures come from
//!
//! ```sh
//! cargo test -p table-tests --release --test floor_scale -- --ignored --nocapture
//! ```
//!
//! `FLOOR_BENCH_TABLES` (50), `FLOOR_BENCH_HANDS` (40) size the full-speed run;
//! `FLOOR_CASINO_TABLES` (200) and `FLOOR_CASINO_SECONDS` (60) the run at a casino's
//! rate, one hand a minute per table.

use host::floor::{Shipper, Store};
use host::records::handlog::{HandLog, TableKey};
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table_tests::postgres::PgServer;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What one run measured.
struct Run {
    records: u64,
    hands: u64,
    seconds: f64,
    delays_ms: Vec<u32>,
}

fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// How a run ships.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shipping {
    /// While the tables deal.
    Live,
    /// Once every table has dealt: the store's own pace, catching up.
    CatchUp,
}

/// `tables` bench tables (ids `PREFIX000`...) on the RAM disk, each shipping to
/// `url` (or, given `login`, to the URL of its own login: `login(id)`), dealing
/// `hands` hands at `pace_ms` an input, or until `stop_after` passes.
#[allow(clippy::too_many_arguments)]
fn run(
    url: &str,
    login: Option<&dyn Fn(&str) -> String>,
    prefix: &str,
    tables: usize,
    hands: u32,
    pace_ms: u64,
    stop_after: Option<Duration>,
    shipping: Shipping,
) -> Run {
    let stop = Arc::new(AtomicBool::new(false));
    // The tables deal once every shipper is connected: the delays measured are the
    // steady state's, not the dialling of 200 connections at once.
    let go = Arc::new(AtomicBool::new(false));
    let mut threads = Vec::new();
    let mut shippers = Vec::new();
    let mut dirs = Vec::new();
    for i in 0..tables {
        let dir = tempfile::Builder::new()
            .prefix("floor-scale-")
            .tempdir_in(if std::path::Path::new("/dev/shm").is_dir() {
                "/dev/shm"
            } else {
                "/tmp"
            })
            .expect("folder");
        let id = format!("{prefix}{i:03}");
        let url = login.map_or_else(|| url.to_string(), |login| login(&id));
        let key = TableKey::from_seed([(i % 250) as u8 + 1; 32]);
        let (log, _) = HandLog::open(dir.path(), &id, &key).expect("log");
        let shipper = (shipping == Shipping::Live)
            .then(|| Arc::new(Shipper::start(&url, dir.path(), &id).expect("shipper")));
        shippers.extend(shipper.clone());
        dirs.push((dir, id, url));
        let (stop, go) = (stop.clone(), go.clone());
        threads.push(std::thread::spawn(move || {
            while !go.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            // Spread over one input's time: real tables do not act in step.
            std::thread::sleep(Duration::from_millis(pace_ms * i as u64 / tables as u64));
            let mut log = log;
            let opts = SimOptions {
                hands,
                seed: i as u64,
                pace: Duration::from_millis(pace_ms),
                ..SimOptions::default()
            };
            let mut bench =
                SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
            if let Some(s) = shipper {
                bench.tap(Box::new(s.tap()));
            }
            for n in 1..=hands {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                bench.run(n, &mut |_| {}).expect("a hand");
            }
            bench.hands_done()
        }));
    }
    for s in &shippers {
        assert!(
            PgServer::wait_until(Duration::from_secs(60), || s.status().connected),
            "a shipper did not connect: {:?}",
            s.status()
        );
    }
    let mut start = Instant::now();
    go.store(true, Ordering::Relaxed);
    if let Some(limit) = stop_after {
        std::thread::sleep(limit);
        stop.store(true, Ordering::Relaxed);
    }
    let hands: u64 = threads
        .into_iter()
        .map(|t| u64::from(t.join().expect("a table")))
        .sum();
    if shipping == Shipping::CatchUp {
        start = Instant::now();
        for (dir, id, url) in &dirs {
            shippers.push(Arc::new(
                Shipper::start(url, dir.path(), id).expect("shipper"),
            ));
        }
    }
    for s in &shippers {
        assert!(s.wait_shipped(Duration::from_secs(600)), "{:?}", s.status());
    }
    let seconds = start.elapsed().as_secs_f64();
    let records = shippers.iter().map(|s| s.status().shipped.0).sum();
    let mut delays_ms: Vec<u32> = shippers.iter().flat_map(|s| s.delays_ms()).collect();
    delays_ms.sort_unstable();
    Run {
        records,
        hands,
        seconds,
        delays_ms,
    }
}

fn report(name: &str, r: &Run) {
    println!(
        "{name}: {} hands, {} records in {:.1} s: {:.0} records/s ingested; \
         commit-to-visible delay median {} ms, p99 {} ms, max {} ms ({} records)",
        r.hands,
        r.records,
        r.seconds,
        r.records as f64 / r.seconds,
        percentile(&r.delays_ms, 0.5),
        percentile(&r.delays_ms, 0.99),
        r.delays_ms.last().copied().unwrap_or(0),
        r.delays_ms.len()
    );
}

#[test]
#[ignore = "minutes long: the scale figures of docs/benchmarks.md"]
fn many_tables_ship_to_one_store() {
    let Some(server) = PgServer::start_with("the floor's scale benchmark", true) else {
        return;
    };
    let url = server.url();
    drop(Store::open(&url).expect("the store's schema"));
    let tables = env("FLOOR_BENCH_TABLES", 50) as usize;
    let hands = env("FLOOR_BENCH_HANDS", 40) as u32;
    let full = run(&url, None, "F", tables, hands, 0, None, Shipping::Live);
    report(&format!("{tables} tables at full bench speed"), &full);
    // The same, each table under its own login (`tablectl floor add-table`), side by
    // side: what row-level security (migrations/0004_least_privilege.sql) costs.
    let secrets = tempfile::tempdir().expect("a folder");
    let mut owner = Store::open(&url).expect("the store, as its owner");
    let mut add_logins = |prefix: &str| {
        for i in 0..tables {
            let id = format!("{prefix}{i:03}");
            host::floor::roles::add_table(
                owner.client(),
                &id,
                None,
                Some(&secrets.path().join(format!("{id}.password"))),
            )
            .expect("the table's login");
        }
    };
    add_logins("L");
    add_logins("M");
    let port = server.port();
    let login = move |id: &str| {
        let role = host::floor::roles::table_role_name(id).expect("a role name");
        format!("postgres://{role}@127.0.0.1:{port}/postgres")
    };
    let own = run(
        &url,
        Some(&login),
        "L",
        tables,
        hands,
        0,
        None,
        Shipping::Live,
    );
    report(
        &format!("{tables} tables at full bench speed, each under its own login"),
        &own,
    );
    // The same without the store's own guard (migrations/0003_guard.sql), side by
    // side: what the database's checks of every shipment cost.
    let guard = |on: &str| {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("client");
        c.batch_execute(&format!(
            "ALTER TABLE records {on} TRIGGER records_chain;
             ALTER TABLE floor_tables {on} TRIGGER floor_tables_kept;
             ALTER TABLE hands {on} TRIGGER hands_kept;"
        ))
        .expect("the guard switched");
    };
    guard("DISABLE");
    let unguarded = run(&url, None, "U", tables, hands, 0, None, Shipping::Live);
    guard("ENABLE");
    report(
        &format!("{tables} tables at full bench speed, the store's guard off"),
        &unguarded,
    );
    let caught = run(&url, None, "C", tables, hands, 0, None, Shipping::CatchUp);
    report(
        &format!("{tables} tables catching up after an outage (the store's own pace)"),
        &caught,
    );
    let caught_own = run(
        &url,
        Some(&login),
        "M",
        tables,
        hands,
        0,
        None,
        Shipping::CatchUp,
    );
    report(
        &format!("{tables} tables catching up after an outage, each under its own login"),
        &caught_own,
    );
    let all_hands = full.hands + own.hands + unguarded.hands + caught.hands + caught_own.hands;
    let all_records =
        full.records + own.records + unguarded.records + caught.records + caught_own.records;

    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("client");
    let bytes: i64 = client
        .query_one(
            "SELECT (SELECT coalesce(sum(pg_total_relation_size(relid)), 0)
                     FROM pg_partition_tree('records'))::bigint
                  + pg_total_relation_size('hands') + pg_total_relation_size('floor_tables')",
            &[],
        )
        .expect("size")
        .get(0);
    println!(
        "store size: {:.1} MB for {} hands: {:.1} MB per 10,000 hands ({:.0} bytes a record)",
        bytes as f64 / 1e6,
        all_hands,
        bytes as f64 / 1e6 / all_hands as f64 * 10_000.0,
        bytes as f64 / all_records as f64
    );

    // A casino's rate: one hand a minute a table (about 40 inputs at 1.5 s each).
    let casino = env("FLOOR_CASINO_TABLES", 200) as usize;
    let seconds = env("FLOOR_CASINO_SECONDS", 60);
    let paced = run(
        &url,
        None,
        "R",
        casino,
        u32::MAX,
        1_500,
        Some(Duration::from_secs(seconds)),
        Shipping::Live,
    );
    report(
        &format!("{casino} tables at one hand a minute for {seconds} s"),
        &paced,
    );
    // The floor service's live view started on this store: every table's records
    // checked and replayed through the engine from its first, as `floor serve` does
    // at start.
    let mut store = Store::open(&url).expect("store");
    let mut live = host::floor::live::LiveTables::default();
    let started = Instant::now();
    let mut replayed = 0usize;
    loop {
        let (read, problems) = live.read(&mut store).expect("records");
        assert_eq!(problems, vec![], "every record chained and signed");
        if read == 0 {
            break;
        }
        replayed += read;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "the live view started on this store: {replayed} records of {} tables replayed in {seconds:.1} s: {:.0} records/s",
        live.seen().len(),
        replayed as f64 / seconds
    );
    assert!(full.records > 0 && caught.records > 0 && paced.records > 0);
    assert_eq!(
        store.alerts(true).expect("alerts"),
        vec![],
        "nothing refused"
    );
}
