//! Bench tables for the floor's tests: one dealing on its own thread and shipping to
//! the floor's store, as the tests run several at once (`dealt` counts its hands as
//! they end), one dealt before anything ships, its log's records as stored, and a
//! copy of its log as it was (to put back: a log rolled back).

use host::floor::{Shipper, Store};
use host::records::handlog::{AuditLog, HandLog, SealedRecord, Seq, TableKey};
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Deals `opts.hands` hands into `log`, each record handed to `shipper`, adding one
/// to `dealt` after each hand.
pub fn deal_shipping(
    mut log: HandLog,
    opts: SimOptions,
    shipper: Arc<Shipper>,
    dealt: Arc<AtomicU32>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
        bench.tap(Box::new(shipper.tap()));
        for n in 1..=opts.hands {
            bench.run(n, &mut |_| {}).expect("a hand");
            dealt.fetch_add(1, Ordering::Relaxed);
        }
    })
}

/// A table with `hands` bench hands played in `dir`, its key seeded by `seed`.
pub fn dealt(dir: &Path, table_id: &str, seed: u64, hands: u32) -> TableKey {
    let key = TableKey::from_seed([seed as u8; 32]);
    let (mut log, _) = HandLog::open(dir, table_id, &key).expect("log");
    let opts = SimOptions {
        hands,
        seed,
        ..SimOptions::default()
    };
    let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
    bench.run(hands, &mut |_| {}).expect("hands");
    key
}

/// The local log's every record in `dir`, sealed as stored.
pub fn sealed(dir: &Path) -> Vec<SealedRecord> {
    AuditLog::open(dir)
        .expect("the local log")
        .sealed_after(Seq(0), usize::MAX >> 1)
        .expect("its records")
}

/// Copies the hand log in the data folder `from` (the log and its WAL) into the
/// folder `to`: the log as it is now, to put back later.
pub fn copy_log(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("folder") {
        let entry = entry.expect("entry");
        let name = entry.file_name();
        if name.to_string_lossy().starts_with("handlog.sqlite3") {
            std::fs::copy(entry.path(), to.join(name)).expect("copy");
        }
    }
}

/// Asserts the store holds `table_id`'s log in `dir` whole: every record once and
/// as stored, its head the log's, no alert.
pub fn holds_the_whole_log(url: &str, dir: &Path, table_id: &str) {
    let local = AuditLog::open(dir).expect("the local log");
    let mine: Vec<SealedRecord> = local
        .sealed_after(Seq(0), usize::MAX >> 1)
        .expect("records");
    let head = local.head().expect("head").expect("a signed head");
    let mut store = Store::open(url).expect("the store");
    assert_eq!(store.alerts(true).expect("alerts"), vec![], "no alert");
    let (n, distinct) = store.count(table_id).expect("count");
    assert_eq!((n, distinct), (head.seq.0, head.seq.0), "every record once");
    let theirs = store
        .records_after(table_id, 0, usize::MAX >> 1)
        .expect("the store's records");
    assert!(
        theirs == mine,
        "the store's records are the log's, byte for byte"
    );
    assert_eq!(store.table(table_id).expect("row").head, Some(head));
}
