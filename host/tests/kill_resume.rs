//! A controller under a casino table loses power: killed (SIGKILL) at random points
//! over 1,000 hands, restarted each time on the same data folder, the bench table comes
//! back from its hand log and carries on. At the end the log holds exactly the inputs
//! of an uninterrupted run, none lost, none doubled, and the table is identical.

mod common;

use hardware::rng::XorShift;
use host::records::handlog::{rebuild_table, HandLog, TableKey, Trust};
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Enough hands that a hundred kills, each after 10 to 70 ms, land before the table
/// is done: a run of them takes seconds since the log groups a hand's writes.
const HANDS: u32 = 1000;
const SEED: u64 = 3;

fn tablectl(dir: &std::path::Path) -> Command {
    let mut c = common::command();
    c.args([
        "--hands",
        &HANDS.to_string(),
        "--direct",
        "--no-display",
        "--seed",
        &SEED.to_string(),
        "--data",
    ])
    .arg(dir)
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    c
}

/// The key of the bench table on `dir`, where `tablectl` keeps it (`DIR-key`): made
/// on first use, as `tablectl` makes it.
fn key_of(dir: &std::path::Path) -> TableKey {
    let mut keys = dir.as_os_str().to_owned();
    keys.push("-key");
    let file = std::path::PathBuf::from(keys).join("table.key");
    TableKey::for_table(&file, dir).expect("the table's key")
}

#[test]
fn killed_at_random_the_table_resumes_exactly() {
    let base = std::env::temp_dir().join(format!("kill-resume-{}", std::process::id()));
    let dir = base.join("killed");
    let _ = std::fs::remove_dir_all(&base);

    // Kill the table at random moments until it has been killed 100 times, then
    // let it finish.
    let mut rng = XorShift::new(SEED);
    let mut kills = 0;
    let mut runs = 0;
    loop {
        runs += 1;
        assert!(runs < 2_000, "the table never finished");
        let mut child = tablectl(&dir).spawn().expect("tablectl starts");
        if kills < 100 {
            std::thread::sleep(Duration::from_millis(10 + rng.below(60)));
            if child.try_wait().expect("status").is_none() {
                child.kill().expect("SIGKILL");
                child.wait().expect("reaped");
                kills += 1;
                continue;
            }
        }
        let status = child.wait().expect("tablectl ends");
        assert!(
            status.success(),
            "tablectl failed after {kills} kills: {status}"
        );
        break;
    }
    assert!(kills >= 100, "only {kills} kills");

    // The same table, never interrupted.
    let opts = SimOptions {
        hands: HANDS,
        seed: SEED,
        ..SimOptions::default()
    };
    let clean_dir = base.join("clean");
    let clean_key = key_of(&clean_dir);
    let (mut clean_log, _) = HandLog::open(&clean_dir, "bench", &clean_key).expect("log");
    let mut clean = SimulatedTable::new(&opts, DirectSource, Some(&mut clean_log)).expect("bench");
    clean.run(HANDS, &mut |_| {}).expect("uninterrupted run");
    let clean_state = *clean.table().state();
    drop(clean);
    let (_, clean_rec) = HandLog::open(&clean_dir, "bench", &clean_key).expect("reopen");

    let key = key_of(&dir);
    let (_, rec) = HandLog::open(&dir, "bench", &key).expect("the killed table's log opens");
    let trust = Trust {
        public_key: Some(key.public()),
        ..Trust::default()
    };
    let report = HandLog::verify(&dir, &trust);
    assert!(report.is_intact(), "{report}");
    assert_eq!(
        rec.inputs.len(),
        clean_rec.inputs.len(),
        "no input lost or doubled"
    );
    assert_eq!(
        rec.inputs, clean_rec.inputs,
        "the same inputs in the same order"
    );
    let table = rebuild_table(&rec).expect("rebuilt");
    assert_eq!(
        table.state(),
        &clean_state,
        "the resumed table equals the uninterrupted one"
    );
    println!(
        "{kills} kills over {HANDS} hands; {} inputs, none lost or doubled",
        rec.inputs.len()
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// Killed while its players sat down (the log holds the table's configuration and
/// two of its six seats), the bench table seats the rest when it comes back, and
/// plays on exactly as the table that was never stopped.
#[test]
fn killed_while_seating_the_table_is_seated_in_full() {
    let base = std::env::temp_dir().join(format!("kill-seating-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let hands = 20;
    let six = SimOptions {
        hands,
        seed: SEED,
        ..SimOptions::default()
    };
    assert_eq!(six.players, 6);
    let log_of = |dir: &std::path::Path| HandLog::open(dir, "bench", &key_of(dir)).expect("log");

    // Stopped after two players sat down: what a kill then leaves in the log.
    let stopped = base.join("stopped");
    let two = SimOptions {
        players: 2,
        ..six.clone()
    };
    let (mut log, _) = log_of(&stopped);
    drop(SimulatedTable::new(&two, DirectSource, Some(&mut log)).expect("seated two"));
    drop(log);
    let (mut log, recovered) = log_of(&stopped);
    let table = rebuild_table(&recovered).expect("rebuilt");
    assert_eq!(table.state().hands, 0);
    let mut bench = SimulatedTable::resume(&six, table, DirectSource, Some(&mut log));
    bench.seat_players(&six).expect("the rest sit down");
    bench.run(hands, &mut |_| {}).expect("resumed run");
    drop(bench);
    drop(log);

    let clean = base.join("clean");
    let (mut log, _) = log_of(&clean);
    let mut bench = SimulatedTable::new(&six, DirectSource, Some(&mut log)).expect("bench");
    bench.run(hands, &mut |_| {}).expect("uninterrupted run");
    drop(bench);
    drop(log);

    let (_, resumed) = log_of(&stopped);
    let (_, uninterrupted) = log_of(&clean);
    assert_eq!(resumed.inputs.len(), uninterrupted.inputs.len());
    assert_eq!(resumed.inputs, uninterrupted.inputs);
    let _ = std::fs::remove_dir_all(&base);
}

/// Stopped right after NEXT HAND, before the straddle the uninterrupted table posted,
/// the bench table still offers it when it comes back, and the hand goes on as it did.
#[test]
fn stopped_before_the_straddle_the_hand_goes_on_as_it_did() {
    let base = std::env::temp_dir().join(format!("kill-straddle-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let opts = SimOptions {
        hands: 60,
        seed: SEED,
        ..SimOptions::default()
    };
    let log_of = |dir: &std::path::Path| HandLog::open(dir, "bench", &key_of(dir)).expect("log");

    let clean = base.join("clean");
    let (mut log, _) = log_of(&clean);
    let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
    bench
        .run(opts.hands, &mut |_| {})
        .expect("uninterrupted run");
    drop(bench);
    drop(log);
    let (_, uninterrupted) = log_of(&clean);
    let inputs = &uninterrupted.inputs;
    let straddle = inputs
        .iter()
        .position(|i| matches!(i, firmware::Input::Straddle { .. }))
        .expect("a straddle in 60 hands");
    assert_eq!(inputs[straddle - 1], firmware::Input::StartHand);

    // The table as a kill right after that NEXT HAND leaves it.
    let cfg = host::session::simulated::config(&opts).expect("config");
    let mut table = firmware::Table::new(cfg).expect("table");
    for input in &inputs[..straddle] {
        table.handle(*input).expect("the logged inputs replay");
    }
    let resumed_dir = base.join("resumed");
    let (mut log, _) = log_of(&resumed_dir);
    log.append(
        host::records::time::WallTime::now(),
        host::records::handlog::Record::Config { config: cfg },
    )
    .expect("the configuration first");
    let mut bench = SimulatedTable::resume(&opts, table, DirectSource, Some(&mut log));
    bench.run(opts.hands, &mut |_| {}).expect("resumed run");
    drop(bench);
    drop(log);
    let (_, resumed) = log_of(&resumed_dir);
    assert_eq!(
        resumed.inputs.first(),
        inputs.get(straddle),
        "the straddle first"
    );
    assert_eq!(&inputs[straddle..], &resumed.inputs[..]);
    let _ = std::fs::remove_dir_all(&base);
}
