//! The floor's checks of a tournament across its tables (`tablectl tournament moves`,
//! `eliminations`, `audit`, `hand-for-hand`), against a real PostgreSQL server the
//! test starts: the director writes his moves with `tablectl`, each table plays its
//! side into its own signed log (a tournament table's script: seats, a level change,
//! a player moving out or in, hands) and ships it to the store. A move whose arrival
//! differs raises the alert and fails the audit; a clean set passes; a table that
//! lies (chips from nowhere, an arrival nobody moved) is caught; hand-for-hand rounds
//! advance only once every table has finished its hand. Skipped, one line, without
//! a server.

use table_tests::store::Floor;
use table_tests::tablectl::{outcome as tablectl, run as ok};
use table_tests::tournament_tables::{
    all_in_hand, folded_hand, free_seat, one_move, seat_lines, seats_at, TwoTables, STACK,
};

fn check(cmd: &str, id: &str, db: &str, extra: &[&str]) -> (bool, String, String) {
    let mut args = vec!["tournament", cmd, id, "--db", db];
    args.extend_from_slice(extra);
    tablectl(&args)
}

#[test]
fn a_move_whose_arrival_differs_is_flagged_and_a_clean_one_passes() {
    let Some(mut floor) = Floor::start("the floor's checks of a tournament's moves") else {
        return;
    };
    // The destination records 5,000 chips more than the director moved.
    let (_d, reader) = one_move(&mut floor, "FRI-1", "A1", "A2", STACK + 5_000);
    let (done, out, err) = check("moves", "FRI-1", &reader, &[]);
    assert!(!done, "the move differs: {out}");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("director 20000, departed with 20000")
            && out.contains("arrived with 25000")
            && out.contains(": differs"),
        "{out}"
    );
    let alerts = floor.owner.alerts(false).expect("alerts");
    let raised: Vec<_> = alerts.iter().filter(|a| a.kind == "tournament").collect();
    assert_eq!(raised.len(), 1, "{alerts:?}");
    assert_eq!(raised[0].table_id, "A2");
    assert!(
        raised[0].detail.starts_with("tournament FRI-1: entry ")
            && raised[0].detail.contains("25000"),
        "{}",
        raised[0].detail
    );
    // Checked again: the alert is not raised twice.
    check("moves", "FRI-1", &reader, &[]);
    let again = floor.owner.alerts(false).expect("alerts");
    assert_eq!(again.len(), alerts.len());

    let (done, out, _) = check("audit", "FRI-1", &reader, &["--json"]);
    assert!(!done, "{out}");
    let audit: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(audit["clean"], false);
    let levels = audit["levels"].as_array().expect("levels");
    let now = levels.last().expect("the end's line");
    assert_eq!(
        (&now["expected"], &now["counted"], &now["difference"]),
        (
            &serde_json::json!("80000"),
            &serde_json::json!("85000"),
            &serde_json::json!("5000")
        ),
        "{audit}"
    );
    // The tables' records are kept as they were signed: flagged, not refused.
    for t in ["A1", "A2"] {
        assert!(floor.owner.table(t).expect("row").head_seq.0 > 0);
    }

    // The same move carried out with the director's chips: everything matches.
    let (_d, reader) = one_move(&mut floor, "FRI-2", "B1", "B2", STACK);
    for cmd in ["moves", "eliminations"] {
        let (done, out, err) = check(cmd, "FRI-2", &reader, &[]);
        assert!(done, "{cmd}: {out}{err}");
        assert!(out.ends_with("everything matches\n"), "{out}");
    }
    let (done, out, _) = check("audit", "FRI-2", &reader, &[]);
    assert!(done, "{out}");
    assert!(
        out.contains("level 2: expected 80000, counted 80000")
            && out.contains("now: expected 80000, counted 80000"),
        "{out}"
    );
    let alerts = floor.owner.alerts(false).expect("alerts");
    assert!(
        alerts.iter().all(|a| !a.table_id.starts_with('B')),
        "{alerts:?}"
    );
}

#[test]
fn a_table_that_lies_about_chips_or_arrivals_is_caught() {
    let Some(mut floor) = Floor::start("the floor's checks of a lying table") else {
        return;
    };
    let TwoTables {
        seating,
        a: mut c1,
        b: mut c2,
        ..
    } = TwoTables::new(&mut floor, "FRI-3", "C1", "C2");
    // C1 busts a player out in a hand the director never eliminated.
    let at_c1 = seats_at(&seating, "C1");
    let (winner, loser) = (at_c1[0].1, at_c1[1].1);
    c1.play(
        &mut floor,
        &format!(
            "{}{}",
            seat_lines(&seating, "C1"),
            all_in_hand(winner, loser, 2 * STACK)
        ),
    );
    // C2 seats its first player with 50,000 chips and takes in a player nobody moved.
    let seats = seats_at(&seating, "C2");
    let stranger = free_seat(&seating, "C2");
    c2.play(
        &mut floor,
        &format!(
            "seat {} 50000\nseat {} {STACK}\nmovein {stranger} {STACK}\n",
            seats[0].1, seats[1].1
        ),
    );
    let reader = floor.add_reader("audit_liar");
    let (done, out, _) = check("audit", "FRI-3", &reader, &[]);
    assert!(!done, "{out}");
    assert!(
        out.contains(&format!(
            "differs: table C2 seat {stranger}: a player arrived with 20000 chips"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "differs: table C1 seat {loser}: entry {} busted out having begun the hand with 20000 chips",
            at_c1[1].0
        )),
        "{out}"
    );
    assert!(
        out.contains("now: expected 80000, counted 130000") && out.contains("differs by 50000"),
        "{out}"
    );
    let (done, out, _) = check("eliminations", "FRI-3", &reader, &[]);
    assert!(!done && out.contains("busted out"), "{out}");
    let alerts = floor.owner.alerts(false).expect("alerts");
    assert!(
        alerts
            .iter()
            .any(|a| a.table_id == "C2" && a.kind == "tournament"),
        "{alerts:?}"
    );
}

#[test]
fn hand_for_hand_rounds_advance_only_when_every_table_has_finished_its_hand() {
    let Some(mut floor) = Floor::start("hand-for-hand rounds driven by the floor") else {
        return;
    };
    let TwoTables {
        director: d,
        seating,
        a: mut h1,
        b: mut h2,
    } = TwoTables::new(&mut floor, "FRI-4", "H1", "H2");
    // A hand each before hand-for-hand play: it does not count for the round.
    let heads_up = |t: &str| {
        let s = seats_at(&seating, t);
        (s[0].1, s[1].1)
    };
    let (a, b) = heads_up("H1");
    h1.play(
        &mut floor,
        &format!("{}{}", seat_lines(&seating, "H1"), folded_hand(a, b)),
    );
    let (c, e) = heads_up("H2");
    h2.play(
        &mut floor,
        &format!("{}{}", seat_lines(&seating, "H2"), folded_hand(c, e)),
    );
    let next_when_done = |reader: &str| {
        d.run(
            "hand-for-hand",
            &["next", "--when-all-done", "--tables-db", reader],
        )
    };
    let reader = floor.add_reader("floor_bubble");
    let off = tablectl(&[
        "tournament",
        "hand-for-hand",
        "FRI-4",
        "next",
        "--when-all-done",
        "--db",
        &d.db,
        "--key",
        &d.key,
        "--tables-db",
        &reader,
    ]);
    assert!(
        !off.0 && off.2.contains("hand-for-hand play is not on"),
        "{off:?}"
    );
    assert_eq!(
        d.run("hand-for-hand", &["on"]),
        "hand-for-hand: round 1 called\n"
    );
    // Nobody has dealt since: the round waits for both tables.
    assert_eq!(
        next_when_done(&reader),
        "round 1 is still being played at H1, H2: nothing written\n"
    );
    // H1 deals its hand (the button has passed): seat `a`, 19,900 chips after his
    // small blind, busts out.
    h1.play(&mut floor, &all_in_hand(b, a, 2 * 19_900));
    assert_eq!(
        next_when_done(&reader),
        "round 1 is still being played at H2: nothing written\n"
    );
    h2.play(&mut floor, &folded_hand(e, c));
    let busted = seats_at(&seating, "H1")[0].0;
    assert_eq!(
        next_when_done(&reader),
        format!(
            "entry {busted} out in round 1 (19900 chips at the hand's start)\nround 2 called\n"
        )
    );
    // The round's bust-out is the table's: the eliminations match.
    let (done, out, _) = check("eliminations", "FRI-4", &reader, &[]);
    assert!(done, "{out}");
    assert!(
        out.contains(&format!(
            "entry {busted} out at table H1 seat {a} (hand-for-hand round 1)"
        )),
        "{out}"
    );
    // Round 2 has just been called: every table waits again.
    assert!(next_when_done(&reader).starts_with("round 2 is still being played"));
    assert_eq!(
        d.run("hand-for-hand", &["next"]),
        "hand-for-hand: round 3 called\n"
    );
    assert_eq!(
        d.run("hand-for-hand", &["off"]),
        "hand-for-hand play is over\n"
    );
    let log = ok(&["tournament", "log", "FRI-4", "--db", &d.db]);
    assert_eq!(log.matches("hand-for-hand: round").count(), 3, "{log}");
    assert!(log.contains("hand-for-hand over"), "{log}");
    assert!(
        log.contains(&format!(
            "out in hand-for-hand round 1: entry {busted} (19900 chips at the start)"
        )),
        "{log}"
    );
}
