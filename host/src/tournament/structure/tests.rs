use super::*;

const FRIDAY: &str = r#"
name = "Friday 100"
starting_stack = 20000
buy_in = 10000
fee = 2000
late_registration_levels = 6
re_entries = 1
denominations = [25, 100, 500, 1000, 5000]

[[level]]
small_blind = 100
big_blind = 200
ante = 200
minutes = 20

[[level]]
small_blind = 150
big_blind = 300
ante = 300
ante_kind = "big_blind"
minutes = 20

[[level]]
small_blind = 200
big_blind = 400
ante = 25
ante_kind = "each"
minutes = 20

[[level]]
small_blind = 300
big_blind = 600
ante = 600
minutes = 20

[[break]]
after_level = 3
minutes = 10
colour_up = [25]

[[payouts]]
entries_up_to = 10
places = [6500, 3500]

[[payouts]]
entries_up_to = 60
places = [4000, 2500, 1500, 1200, 800]
"#;

fn with(from: &str, to: &str) -> Result<Structure, StructureError> {
    assert!(FRIDAY.contains(from), "{from}");
    Structure::parse(&FRIDAY.replacen(from, to, 1))
}

fn refusal(from: &str, to: &str) -> String {
    match with(from, to) {
        Ok(_) => panic!("{to} was taken"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_structure_reads_with_its_defaults() {
    let s = Structure::parse(FRIDAY).unwrap();
    assert_eq!(s.levels.len(), 4);
    assert_eq!(s.levels[0].ante_kind, AnteKind::BigBlind);
    assert_eq!(s.levels[2].ante_kind, AnteKind::Each);
    assert_eq!(s.breaks[0].colour_up, vec![Chips::new(25)]);
    // The 25s leave play at the break after level 3.
    assert_eq!(s.chips_in_play(3).next(), Some(Chips::new(25)));
    assert_eq!(s.chips_in_play(4).next(), Some(Chips::new(100)));
    assert_eq!(s.payout_row(8).places.len(), 2);
    assert_eq!(s.payout_row(60).places.len(), 5);
    // A field larger than the last row is paid by the last row.
    assert_eq!(s.payout_row(61).places.len(), 5);
}

#[test]
fn a_structure_that_would_stop_the_tournament_is_refused_with_its_reason() {
    for (from, to, says) in [
        ("name = \"Friday 100\"", "name = \" \"", "no name"),
        ("starting_stack = 20000", "starting_stack = 0", "0 chips"),
        (
            "starting_stack = 20000",
            "starting_stack = 20010",
            "smallest chip",
        ),
        (
            "big_blind = 200\n",
            "big_blind = 0\n",
            "level 1: the big blind is 0",
        ),
        (
            "small_blind = 150",
            "small_blind = 350",
            "level 2: the small blind is more",
        ),
        (
            "ante = 600\nminutes = 20",
            "ante = 610\nminutes = 20",
            "level 4: a blind or the ante",
        ),
        ("after_level = 3", "after_level = 9", "after level 9"),
        (
            "colour_up = [25]",
            "colour_up = [50]",
            "colours up 50 chips",
        ),
        ("[25, 100, 500, 1000, 5000]", "[100, 25]", "smallest first"),
        (
            "places = [6500, 3500]",
            "places = [6500, 3000]",
            "whole pool",
        ),
        (
            "places = [6500, 3500]",
            "places = [3500, 6500]",
            "lower place more",
        ),
        (
            "entries_up_to = 10\n",
            "entries_up_to = 1\n",
            "more places than it has entries",
        ),
        ("entries_up_to = 60", "entries_up_to = 5", "growing fields"),
        (
            "re_entries = 1",
            "re_entries = 1\nrebuys = 3",
            "does not read",
        ),
        ("minutes = 10", "minutes = \"ten\"", "does not read"),
    ] {
        let said = refusal(from, to);
        assert!(said.contains(says), "{to}: {said}");
    }
}

#[test]
fn an_endless_or_empty_file_is_refused() {
    let long = "#".repeat(MAX_STRUCTURE_BYTES + 1);
    assert!(matches!(
        Structure::parse(&long),
        Err(StructureError::TooLong(_))
    ));
    assert!(matches!(
        Structure::parse(""),
        Err(StructureError::Unreadable(_))
    ));
}
