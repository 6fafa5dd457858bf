//! The checks on tables' records built in memory: two tables, T1 and T2, four
//! entries of 1,000 chips, a move from T1 to T2 and a bust-out at T2.

use super::*;
use crate::floor::chip_audit::{audit, LevelAudit};

const STACK: u64 = 1_000;

fn at(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

fn registered(entry: u32, table: &str, seat: u8, ms: u64) -> TournamentEvent {
    TournamentEvent::Registered {
        entry,
        player: format!("P{entry}"),
        table: table.to_string(),
        seat,
        at: at(ms),
    }
}

/// Entries 1 and 2 at T1 seats 1 and 2, 3 and 4 at T2 seats 1 and 2; entry 2 moves
/// to T2 seat 3 with 1,200 chips at 50.
fn director() -> Vec<TournamentEvent> {
    vec![
        registered(1, "T1", 1, 1),
        registered(2, "T1", 2, 2),
        registered(3, "T2", 1, 3),
        registered(4, "T2", 2, 4),
        TournamentEvent::Moved {
            entry: 2,
            to_table: "T2".into(),
            to_seat: 3,
            chips: 1_200,
            at: at(50),
        },
    ]
}

struct Log(TableFacts);

impl Log {
    fn new(table: &str) -> Log {
        Log(TableFacts {
            table: table.to_string(),
            ..TableFacts::default()
        })
    }

    fn then(mut self, ms: u64, what: What) -> Log {
        let seq = self.0.facts.len() as u64 + 1;
        self.0.facts.push(Fact {
            seq,
            at: at(ms),
            what,
        });
        self
    }

    fn end(mut self, chips: u64) -> TableFacts {
        self.0.end_chips = chips;
        self.0
    }
}

fn seat(seat: u8) -> What {
    What::Seated { seat, stack: STACK }
}

/// T1 deals a hand, goes to level 2 (2,000 chips), then entry 2 leaves with 1,200.
fn t1(departure: Option<u64>) -> Log {
    let log = Log::new("T1")
        .then(10, seat(1))
        .then(11, seat(2))
        .then(20, What::HandStarted { number: 1 })
        .then(30, What::HandComplete { number: 1 })
        .then(
            40,
            What::LevelChanged {
                to: 2,
                chips: 2_000,
            },
        );
    match departure {
        Some(stack) => log.then(45, What::MovedOut { seat: 2, stack }),
        None => log,
    }
}

/// T2 takes entry 2 with `arrival` chips, then goes to level 2.
fn t2(arrival: u64) -> Log {
    Log::new("T2")
        .then(10, seat(1))
        .then(11, seat(2))
        .then(
            46,
            What::MovedIn {
                seat: 3,
                stack: arrival,
            },
        )
        .then(
            47,
            What::LevelChanged {
                to: 2,
                chips: 2_000 + arrival,
            },
        )
}

fn lines(audit: &[LevelAudit]) -> Vec<(Option<u16>, i128, i128)> {
    audit
        .iter()
        .map(|a| (a.level, a.expected, a.counted))
        .collect()
}

/// A move departing and arriving with the director's chips passes, and the chips
/// add up at level 2 (the player counted at both tables once) and at the end.
#[test]
fn a_clean_move_matches_and_the_chips_add_up() {
    let tables = [t1(Some(1_200)).end(800), t2(1_200).end(3_200)];
    let checked = check(&director(), &tables);
    assert_eq!(checked.findings, vec![]);
    let m = &checked.moves[0];
    assert_eq!(
        (m.departed, m.arrived),
        (
            Some(Matched {
                seq: 6,
                chips: 1_200
            }),
            Some(Matched {
                seq: 3,
                chips: 1_200
            })
        )
    );
    let audit = audit(&checked, &tables, STACK, &[]);
    assert_eq!(
        lines(&audit),
        vec![(Some(2), 4_000, 4_000), (None, 4_000, 4_000)]
    );
    assert_eq!(audit[0].in_transit, -1_200);
    assert!(audit.iter().all(LevelAudit::matches));
}

/// The destination records more chips than the source and the director: the
/// finding names the table, the seat, the entry and both amounts, and the audit
/// finds the chips made.
#[test]
fn an_arrival_with_other_chips_is_found_with_both_amounts() {
    let tables = [t1(Some(1_200)).end(800), t2(1_500).end(3_500)];
    let checked = check(&director(), &tables);
    assert_eq!(checked.findings.len(), 1, "{:?}", checked.findings);
    let f = &checked.findings[0];
    assert_eq!(f.table_record(), ("T2", 3));
    let text = f.to_string();
    for part in [
        "entry 2",
        "table T1 seat 2",
        "table T2 seat 3",
        "1200",
        "1500",
    ] {
        assert!(text.contains(part), "{text}");
    }
    let audit = audit(&checked, &tables, STACK, &[]);
    assert_eq!(
        lines(&audit),
        vec![(Some(2), 4_000, 4_300), (None, 4_000, 4_300)]
    );
    assert!(!audit[1].matches());
    assert!(
        audit[1].to_string().ends_with("differs by 300"),
        "{}",
        audit[1]
    );
}

/// A player in transit at the count: gone from T1 before its level change, at T2
/// after its own: counted once, in transit.
#[test]
fn a_player_between_two_level_changes_is_counted_in_transit() {
    let t1 = Log::new("T1")
        .then(10, seat(1))
        .then(11, seat(2))
        .then(
            39,
            What::MovedOut {
                seat: 2,
                stack: 1_200,
            },
        )
        .then(40, What::LevelChanged { to: 2, chips: 800 })
        .end(800);
    let t2 = Log::new("T2")
        .then(10, seat(1))
        .then(11, seat(2))
        .then(
            41,
            What::LevelChanged {
                to: 2,
                chips: 2_000,
            },
        )
        .then(
            46,
            What::MovedIn {
                seat: 3,
                stack: 1_200,
            },
        )
        .end(3_200);
    let tables = [t1, t2];
    let checked = check(&director(), &tables);
    assert_eq!(checked.findings, vec![]);
    let audit = audit(&checked, &tables, STACK, &[]);
    assert_eq!(audit[0].in_transit, 1_200);
    assert!(audit.iter().all(LevelAudit::matches), "{audit:?}");
}

/// A table that records an arrival or a departure the director never made, or
/// deals on without carrying out his move, is found.
#[test]
fn moves_not_made_or_not_carried_out_are_found() {
    // T1 never records the departure and deals on; T2 seats a stranger at 5.
    let t1 = t1(None)
        .then(60, What::HandStarted { number: 2 })
        .end(2_000);
    let t2 = t2(1_200)
        .then(
            70,
            What::MovedIn {
                seat: 5,
                stack: 5_000,
            },
        )
        .end(8_200);
    let tables = [t1, t2];
    let checked = check(&director(), &tables);
    let kinds: Vec<(&str, u64)> = checked.findings.iter().map(Finding::table_record).collect();
    assert_eq!(kinds, vec![("T1", 0), ("T2", 5)], "{:?}", checked.findings);
    assert!(matches!(checked.findings[0], Finding::NotDeparted { .. }));
    assert!(matches!(
        checked.findings[1],
        Finding::ArrivalWithoutMove { .. }
    ));
    // A move not yet carried out while the source has not dealt since: no finding.
    let quiet = [
        super::tests::t1(None).end(2_000),
        super::tests::t2(1_200).end(3_200),
    ];
    assert_eq!(check(&director(), &quiet).findings, vec![]);
    // The chips from nowhere show in the audit.
    let audit = audit(&checked, &tables, STACK, &[]);
    assert!(!audit.last().is_some_and(LevelAudit::matches), "{audit:?}");
}

/// An elimination matches the table's bust-out at the entry's seat with the same
/// chips; other chips, or a bust-out no elimination names, is found.
#[test]
fn bust_outs_match_the_directors_eliminations() {
    let mut events = director();
    events.push(TournamentEvent::Eliminated {
        table: "T2".into(),
        out: vec![BustOut {
            entry: 3,
            chips_at_start: 1_000,
        }],
        at: at(90),
    });
    let busts = |chips: u64| {
        t2(1_200).then(
            80,
            What::BustedOut {
                seat: 1,
                started_with: chips,
            },
        )
    };
    let tables = [t1(Some(1_200)).end(800), busts(1_000).end(3_200)];
    let checked = check(&events, &tables);
    assert_eq!(checked.findings, vec![]);
    assert_eq!(checked.eliminations[0].busted.map(|m| m.seq), Some(5));

    let tables = [t1(Some(1_200)).end(800), busts(900).end(3_200)];
    let found = check(&events, &tables).findings;
    assert!(
        matches!(found[..], [Finding::BustChips { .. }]),
        "{found:?}"
    );
    assert!(found[0].to_string().contains("1000"));

    // A table that lies: a bust-out at seat 2, where the director eliminated nobody.
    let liar = busts(1_000)
        .then(
            85,
            What::BustedOut {
                seat: 2,
                started_with: 700,
            },
        )
        .end(3_200);
    let found = check(&events, &[t1(Some(1_200)).end(800), liar]).findings;
    match &found[..] {
        [Finding::NotEliminated { spot, entry, .. }] => {
            assert_eq!((spot.table.as_str(), spot.seat, *entry), ("T2", 2, Some(4)));
        }
        other => panic!("{other:?}"),
    }
    // An elimination the table never recorded, once it dealt on.
    let dealt_on = t2(1_200)
        .then(95, What::HandStarted { number: 9 })
        .end(3_200);
    let found = check(&events, &[t1(Some(1_200)).end(800), dealt_on]).findings;
    assert!(
        matches!(found[..], [Finding::BustNotRecorded { .. }]),
        "{found:?}"
    );
}

/// A chip race changes the count by what it logged; a table not at the level yet
/// makes the level wait; an entry registered but seated after its table's count is
/// not yet seated.
#[test]
fn colour_ups_late_seats_and_tables_behind_are_accounted() {
    let mut events = director();
    events.push(registered(5, "T1", 3, 48));
    let t1 = t1(Some(1_200))
        .then(
            50,
            What::ColoredUp {
                seat: 1,
                before: 1_025,
                after: 1_000,
            },
        )
        .then(55, What::LevelChanged { to: 3, chips: 775 })
        .then(56, seat(3))
        .end(1_775);
    let t2 = t2(1_200).end(3_200);
    let tables = [t1, t2];
    let checked = check(&events, &tables);
    assert_eq!(checked.findings, vec![]);
    let audit = audit(&checked, &tables, STACK, &[]);
    assert_eq!(audit.len(), 3, "{audit:?}");
    // Level 2: entry 5 registered after the last table's change: not counted.
    assert_eq!((audit[0].entries, audit[0].unseated), (4, 0));
    // Level 3: T2 has not reached it.
    assert_eq!(audit[1].waiting, vec!["T2".to_string()]);
    assert!(audit[1].to_string().contains("waiting for T2"));
    // The end: five entries, 25 chips coloured up.
    assert_eq!((audit[2].expected, audit[2].counted), (4_975, 4_975));
    assert_eq!(audit[2].coloured, -25);
    // T2 broken: counted at its end for level 3, and entry 5 is seated after
    // T1's change.
    let audit = crate::floor::chip_audit::audit(&checked, &tables, STACK, &["T2".to_string()]);
    assert_eq!(audit[1].waiting, Vec::<String>::new());
    assert_eq!(audit[1].unseated, 1_000);
    assert!(audit.iter().all(LevelAudit::matches), "{audit:?}");
}
