//! Audits across tables from the floor's store on a real PostgreSQL server: each
//! table's rake per shift is its own `audit rake` report, and the hands exported from
//! the store are the table's own export, byte for byte, and replay (as `tablectl
//! replay` does) to the stacks the table paid. Skipped (one line) without
//! PostgreSQL; `.ci/run` requires it.

use host::floor::{audits, hands, Shipper, Store};
use host::records::export::export_dir;
use host::records::handlog::{rake_report, AuditLog, HandFilter, HandLog, TableKey};
use host::records::phh::{parse_file, to_phhs};
use host::records::replay::Replayer;
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::path::Path;
use std::time::Duration;
use table_tests::postgres::PgServer;

const HANDS: u32 = 30;

/// A table that deals `HANDS` bench hands in `dir` and ships them to `url`.
fn deal_and_ship(url: &str, dir: &Path, table_id: &str, seed: u64) {
    let key = TableKey::from_seed([seed as u8; 32]);
    let (mut log, _) = HandLog::open(dir, table_id, &key).expect("log");
    let shipper = Shipper::start(url, dir, table_id).expect("shipper");
    let opts = SimOptions {
        hands: HANDS,
        seed,
        ..SimOptions::default()
    };
    let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
    bench.tap(Box::new(shipper.tap()));
    bench.run(HANDS, &mut |_| {}).expect("hands");
    assert!(
        shipper.wait_shipped(Duration::from_secs(60)),
        "{:?}",
        shipper.status()
    );
}

#[test]
fn rake_and_export_from_the_store_are_each_tables_own() {
    let Some(server) = PgServer::start("the floor's audits across tables") else {
        return;
    };
    let url = server.url();
    let dirs: Vec<tempfile::TempDir> = (0..2)
        .map(|_| tempfile::tempdir().expect("folder"))
        .collect();
    for (i, dir) in dirs.iter().enumerate() {
        deal_and_ship(&url, dir.path(), &format!("A{}", i + 1), 60 + i as u64);
    }
    let mut store = Store::open(&url).expect("store");

    // Rake per table per shift: each table's own report, whole and for a window.
    let local: Vec<_> = dirs
        .iter()
        .map(|d| {
            AuditLog::open(d.path())
                .expect("log")
                .list_hands(&HandFilter::default())
                .expect("hands")
        })
        .collect();
    let all = audits::rake(&mut store, None, None).expect("rake");
    assert_eq!(all.len(), 2);
    for (i, t) in all.iter().enumerate() {
        assert_eq!(t.table_id, format!("A{}", i + 1));
        assert_eq!(t.report, rake_report(&local[i], None, None));
        assert_eq!(t.report.total.hands, HANDS);
        assert!(t.report.total.pots.get() > 0);
    }
    let mid = local[0][(HANDS / 2) as usize].end_ms.expect("paid");
    let to = local[0][(HANDS - 5) as usize].end_ms.expect("paid");
    let window = audits::rake(&mut store, Some(mid), Some(to)).expect("rake");
    let first = window.iter().find(|t| t.table_id == "A1").expect("A1");
    assert_eq!(first.report, rake_report(&local[0], Some(mid), Some(to)));
    assert!(first.report.total.hands > 0 && first.report.total.hands < HANDS);

    // Export: every finished hand of a table, as its own export writes them.
    let found = hands::list(store.client(), None, &HandFilter::default()).expect("hands");
    let exported = audits::export(&mut store, &found).expect("export");
    assert_eq!(exported.len(), 2);
    for ((table_id, histories), dir) in exported.iter().zip(&dirs) {
        let own = export_dir(dir.path(), Some(table_id), &[]).expect("the table's export");
        assert_eq!(histories.len(), HANDS as usize);
        assert_eq!(to_phhs(histories), to_phhs(&own), "table {table_id}");
    }

    // A set of hands (seat 2's hands over a pot size at one table), written to files
    // and replayed as `tablectl replay` does: the stacks the table paid.
    let mut pots: Vec<_> = local[1].iter().filter_map(|h| h.pot).collect();
    pots.sort_unstable();
    let filter = HandFilter {
        seat: firmware::SeatNo::new(2),
        pot_over: Some(pots[pots.len() / 2]),
        ..HandFilter::default()
    };
    let some = hands::list(store.client(), Some("A2"), &filter).expect("hands");
    assert!(
        !some.is_empty() && some.len() < HANDS as usize,
        "{}",
        some.len()
    );
    let exported = audits::export(&mut store, &some).expect("export");
    let out = tempfile::tempdir().expect("folder");
    let file = out.path().join(audits::file_name("A2"));
    std::fs::write(&file, to_phhs(&exported[0].1)).expect("write");
    let back = parse_file(&file).expect("reads");
    assert_eq!(back.len(), some.len());
    let mut replayer = Replayer::default();
    for hh in &back {
        let r = replayer.replay_history(hh).expect("replays");
        let paid: Vec<u64> = r.finishing_stacks.iter().map(|c| c.get()).collect();
        assert_eq!(Some(paid), hh.finishing_stacks, "{:?}", hh.field("_hand"));
    }
}
