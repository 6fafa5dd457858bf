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
