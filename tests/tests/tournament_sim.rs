//! A whole tournament on bench tables and the floor's store (`tablectl tournament
//! sim`): 60 players on 7 tables play to one winner against a real PostgreSQL, each
//! table with its own signed log shipped to the store, the director's every event
//! signed in the tournament's log. What the room must hold, read back from the store
//! where it can be: the chips conserved across every move and colour-up, every place
//! from the last to the first given once, the payouts summing to the prize pool,
//! hand-for-hand honoured, every balancing move the rule's (docs/rules.md,
//! PD-TOURN-*; TDA). Skipped, one line, without PostgreSQL.

use host::bench_room::sim::{run, MoveKind, RoomOptions, RoomSummary, BENCH_TURBO};
use host::floor::tournaments::TournamentLog;
use host::floor::Store;
use host::tournament::{next_move, Tournament, TournamentEvent};
use std::collections::BTreeMap;
use table_tests::bench::holds_the_whole_log;
use table_tests::postgres::PgServer;

/// The tournament's id and seed.
const ID: &str = "sim-60";
const SEED: u64 = 60;

fn simulate(url: &str, data: &std::path::Path) -> RoomSummary {
    let opts = RoomOptions {
        id: ID.to_string(),
        players: 60,
        tables: 7,
        structure: BENCH_TURBO.to_string(),
        seed: SEED,
        re_entry_percent: 25,
        data: data.to_path_buf(),
    };
    let mut lines = Vec::new();
    run(url, &opts, &mut |l| lines.push(l.to_string()))
        .unwrap_or_else(|e| panic!("the tournament stopped: {e}\n{}", lines.join("\n")))
}

#[test]
fn sixty_players_on_seven_tables_play_to_one_winner_with_every_chip_and_place_accounted_for() {
    let Some(server) = PgServer::start("a simulated tournament on the floor's store") else {
        return;
    };
    let data = tempfile::tempdir().expect("a folder");
    let s = simulate(&server.url(), data.path());
    let mut store = Store::open(&server.url()).expect("the store");
    // The director's log, read back: every event's chain and signature checked.
    let log = TournamentLog::load(&mut store, ID).expect("the tournament's log");
    let t = &log.state;
    assert!(t.finished(), "one winner");
    assert_eq!(t.entries.len() as u32, s.entries);
    assert!(s.entries > 60, "re-entries were taken: {}", s.entries);

    // Every table's signed log reached the store whole, once, without an alert.
    for (table, hands) in &s.hands {
        assert!(*hands > 0, "table {table} dealt");
        holds_the_whole_log(&server.url(), &data.path().join(table), table);
    }

    // Chips: counted at every table after every round, always the chips in play
    // (starting stacks of every entry, plus the colour-ups' rounding).
    assert_eq!(s.chip_counts.len() as u32, s.rounds);
    for c in &s.chip_counts {
        assert_eq!(c.expected, c.counted, "round {}", c.round);
    }
    assert!(!s.colour_ups.is_empty(), "a break coloured up");
    let rounding: i128 = s
        .colour_ups
        .iter()
        .map(|(_, _, before, after)| i128::from(after.get()) - i128::from(before.get()))
        .sum();
    let last = s.chip_counts.last().expect("rounds");
    assert_eq!(
        i128::from(last.counted.get()),
        i128::from(t.chips_in_play().get()) + rounding
    );

    // Places: N to 2 each given once (tied entries sharing theirs), 1 to the winner.
    let mut by_place: BTreeMap<u32, (u32, u32)> = BTreeMap::new();
    for e in &t.entries {
        if let Some(f) = e.out {
            let seen = by_place.entry(f.place).or_insert((0, f.tied));
            seen.0 += 1;
            assert_eq!(seen.1, f.tied);
        }
    }
    let mut next = 2;
    for (&place, &(count, tied)) in &by_place {
        assert_eq!(place, next, "places follow on");
        assert_eq!(count, tied, "a tie takes as many places as it has entries");
        next += tied;
    }
    assert_eq!(next, s.entries + 1, "every place down to the last");
    let results = t.results();
    assert_eq!(results.first().map(|p| p.place), Some(1));
    // The payouts: the whole prize pool, to the cent.
    let paid: u64 = results.iter().map(|p| p.prize.0).sum();
    assert_eq!(paid, t.prize_pool().0);
    assert_eq!(s.results, results);

    // Hand-for-hand: every round called, each running table dealt once in it.
    let calls: Vec<u32> = log
        .events
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::HandForHand { round: Some(r), .. } => Some(*r),
            _ => None,
        })
        .collect();
    assert!(!calls.is_empty(), "the bubble was played hand for hand");
    let played: Vec<u32> = s.hand_for_hand.iter().map(|(r, _)| *r).collect();
    assert_eq!(played, (1..=played.len() as u32).collect::<Vec<_>>());
    for (round, dealt) in &s.hand_for_hand {
        let mut once = dealt.clone();
        once.sort();
        once.dedup();
        assert_eq!(&once.len(), &dealt.len(), "round {round}: one hand a table");
    }

    // Moves: each in the log as the director decided it; a balancing move is the
    // one the rule names on the seating the log gives at that point.
    let mut state = Tournament::create(&log.events[0]).expect("made");
    let mut kinds = s.moves.iter();
    for e in &log.events[1..] {
        if let TournamentEvent::Moved {
            entry,
            to_table,
            to_seat,
            ..
        } = e
        {
            let kind = kinds.next().expect("a move the director decided");
            if let MoveKind::Balance { step, seating } = kind {
                let seen = state.seating(|_| None);
                for (a, b) in seen.iter().zip(seating) {
                    assert_eq!((a.table, &a.seated), (b.table, &b.seated));
                }
                assert_eq!(Some(*step), next_move(seating, &state.break_order()));
                let from = state.table_id(step.from).expect("a table").to_string();
                assert_eq!(state.entry_at(&from, step.seat.get()), Some(*entry));
                assert_eq!(state.table_id(step.to), Some(to_table.as_str()));
                assert_eq!(step.to_seat.get(), *to_seat);
            }
        }
        state.apply(e).expect("the log folds");
    }
    assert!(kinds.next().is_none(), "every move decided is in the log");
    assert!(
        s.moves
            .iter()
            .any(|m| matches!(m, MoveKind::Balance { .. })),
        "the tables were balanced"
    );
    assert!(s.redrawn >= 2, "the final table was redrawn");

    // The floor's own checks, from the tables' shipped records alone, agree: every
    // move (the redraw's too) and bust-out matched, the chips of every level
    // accounted for across the tables.
    let report = host::floor::tournament_facts::report(&mut store, &log).expect("the checks");
    assert!(
        report.checked.findings.is_empty(),
        "{:?}",
        report.checked.findings
    );
    for level in &report.audit {
        assert!(level.matches(), "{level}");
    }
    assert!(
        report.audit.len() > 5,
        "levels audited: {}",
        report.audit.len()
    );
}

/// `tablectl tournament sim` plays a small event to its winner and prints the results;
/// a field the tables cannot seat is refused before anything is written.
#[test]
fn the_command_plays_a_small_tournament_and_refuses_a_field_it_cannot_seat() {
    use table_tests::tablectl::{outcome, run as ok};
    let Some(server) = PgServer::start("the tournament simulator's command") else {
        return;
    };
    let data = tempfile::tempdir().expect("a folder");
    let dir = data.path().to_str().expect("a path");
    let url = server.url();
    let (done, _, err) = outcome(&[
        "tournament",
        "sim",
        "--db",
        &url,
        "--players",
        "19",
        "--tables",
        "2",
        "--data",
        dir,
    ]);
    assert!(!done);
    assert!(err.contains("19 players at 18 seats"), "{err}");
    let out = ok(&[
        "tournament",
        "sim",
        "--db",
        &url,
        "--players",
        "8",
        "--tables",
        "2",
        "--seed",
        "3",
        "--data",
        dir,
    ]);
    assert!(out.contains("tournament sim-3:"), "{out}");
    assert!(out.contains("always the chips in play"), "{out}");
    let first = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("a winner's line: {out}"));
    assert!(first.contains("Player"), "{first}");
    // The refused field wrote nothing: the store holds the one tournament.
    let list = ok(&["tournament", "list", "--db", &url]);
    assert_eq!(list.lines().count(), 1, "{list}");
    let log = ok(&["tournament", "log", "sim-3", "--db", &url]);
    assert!(log.contains("final table T1 redrawn"), "{log}");
    // The floor's audit of the simulated room finds nothing amiss (exit 0).
    let audit = ok(&["tournament", "audit", "sim-3", "--db", &url]);
    assert!(audit.contains("everything matches"), "{audit}");
}
