//! The bench table end to end: simulated players, the simulated PN532 shoe on a real
//! pseudo-terminal, the engine and the settlement. A run with garbled, dropped and
//! duplicated frames ends in exactly the state of a clean run of the same deal: every
//! fault is detected and recovered by a re-read, no card lost, none invented.

use host::session::simulated::{DirectSource, PtyShoeSource, SimOptions, SimulatedTable};

#[test]
fn faults_on_the_shoe_link_change_nothing_at_the_table() {
    let opts = SimOptions {
        hands: 12,
        seed: 11,
        ..SimOptions::default()
    };
    let mut clean = SimulatedTable::new(&opts, DirectSource, None).expect("bench");
    let clean_summary = clean.run(opts.hands, &mut |_| {}).expect("clean run");

    let source = PtyShoeSource::start((5, 5, 5), opts.seed).expect("pseudo-terminal shoe");
    let mut faulty = SimulatedTable::new(&opts, source, None).expect("bench");
    let summary = faulty.run(opts.hands, &mut |_| {}).expect("faulty run");

    assert_eq!(
        faulty.table().state(),
        clean.table().state(),
        "the same table after the same deal"
    );
    assert_eq!(
        summary.inputs, clean_summary.inputs,
        "no input lost or doubled"
    );
    assert!(summary.shoe_faults > 0, "faults were injected and reported");
    println!(
        "{} hands, {} shoe faults recovered",
        summary.hands, summary.shoe_faults
    );
}

#[test]
fn a_thousand_hands_with_five_percent_faults_end_as_the_clean_deal() {
    // The bar: 5% garbled, 5% dropped, 5% duplicated frames over 1,000 hands;
    // the same link in memory on a simulated clock.
    use host::session::simulated::ShoeSource;
    let opts = SimOptions {
        hands: 1000,
        seed: 2026,
        players: 8,
        ..SimOptions::default()
    };
    let mut clean = SimulatedTable::new(&opts, DirectSource, None).expect("bench");
    let mut clean_hands = Vec::new();
    clean
        .run(opts.hands, &mut |line| clean_hands.push(line.to_string()))
        .expect("clean run");

    let source = ShoeSource::loopback((5, 5, 5), opts.seed).expect("shoe");
    let mut faulty = SimulatedTable::new(&opts, source, None).expect("bench");
    let mut faulty_hands = Vec::new();
    let summary = faulty
        .run(opts.hands, &mut |line| faulty_hands.push(line.to_string()))
        .expect("faulty run");

    assert_eq!(summary.hands, 1000);
    assert_eq!(
        faulty_hands, clean_hands,
        "every hand ends as in the clean run"
    );
    assert_eq!(faulty.table().state(), clean.table().state());
    assert!(
        summary.shoe_faults > 1000,
        "faults were injected and reported: {}",
        summary.shoe_faults
    );
    println!(
        "1,000 hands, {} shoe faults detected and recovered",
        summary.shoe_faults
    );
}

/// R-DRAW-5, R-SHOW-1..3 at the bench over the pseudo-terminal shoe: five-card draw
/// whose discards pass the shoe's burn slot and whose showdowns are shown and mucked
/// in turn. The floor's `audit show` has every discard, show and muck; the PHH export
/// writes the showdown as played; the log rebuilds the table.
#[test]
fn a_draw_table_over_the_pty_shoe_discards_at_the_slot_and_shows_in_turn() {
    use firmware::{Game, Structure};
    use host::records::export::export_dir;
    use host::records::handlog::{AuditLog, HandLog, TableKey};
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut log, _) =
        HandLog::open(dir.path(), "draw-bench", &TableKey::from_seed([4; 32])).expect("hand log");
    let opts = SimOptions {
        hands: 12,
        seed: 5,
        players: 4,
        game: Game::FiveCardDraw,
        structure: Structure::FixedLimit,
        ..SimOptions::default()
    };
    let source = PtyShoeSource::start((3, 3, 3), opts.seed).expect("pseudo-terminal shoe");
    let mut table = SimulatedTable::new(&opts, source, Some(&mut log)).expect("bench");
    let summary = table
        .run(opts.hands, &mut |_| {})
        .expect("the hands play out");
    assert_eq!(summary.hands, 12);
    drop(table);
    drop(log);

    let audit = AuditLog::open(dir.path()).expect("audit");
    let hands = audit.list_hands(&Default::default()).expect("hands");
    let mut lines = Vec::new();
    for h in &hands {
        for e in audit.timeline(h.number).expect("timeline") {
            lines.push(e.to_string());
        }
    }
    let has = |text: &str| lines.iter().any(|l| l.contains(text));
    assert!(
        has("burn ") && has("discards"),
        "a discard read at the slot"
    );
    assert!(has(" draws "), "the count the dealer keyed (R-DRAW-5)");
    assert!(has("showdown: seat"), "a showdown opened");
    assert!(has(" shows"), "a hand shown");
    assert!(has(" mucks"), "a hand mucked");

    let exported = export_dir(dir.path(), Some("draw-bench"), &[]).expect("export");
    let text: String = exported.iter().map(|h| h.to_toml()).collect();
    assert!(text.contains(" sm "), "the showdown in the export");
    assert!(text.contains(" sd "), "the exchange in the export");
}
