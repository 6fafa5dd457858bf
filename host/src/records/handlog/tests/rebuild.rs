//! Appending, reopening and rebuilding: the rebuilt table equals the live one.

use super::*;
use firmware::Action;

#[test]
fn rebuild_equals_the_live_table_after_scripted_hands() {
    let scripts = [
        include_str!("../../../../../tests/scenarios/corrections.scn"),
        include_str!("../../../../../tests/scenarios/e6_straddle.scn"),
        include_str!("../../../../../tests/scenarios/e8_missed_blinds.scn"),
        include_str!("../../../../../tests/scenarios/e22_draw.scn"),
    ];
    for text in scripts {
        let script = Scenario::parse(text).unwrap();
        let mut b = TestTable::new(script.config);
        b.play(&script);
        // The driver is faithful to the script runner.
        assert_eq!(script.run(|_, _, _| {}).unwrap(), b.table);
        let (dir, live) = b.close();
        let (log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
        assert!(!rec.created && rec.dropped.is_none());
        assert_eq!(rec.config, Some(script.config));
        assert_eq!(rebuild_table(&rec).unwrap(), live);
        assert_eq!(rec.records, log.head().unwrap().seq.0);
        assert!(HandLog::verify(dir.path(), &trust()).is_intact());
    }
}

#[test]
fn reopening_continues_the_chain() {
    let mut b = TestTable::new(cfg());
    two_hands(&mut b);
    let (dir, mut live) = b.close();
    let (mut log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    let mut t = rebuild_table(&rec).unwrap();
    assert_eq!(t, live);
    let before = log.head().unwrap().seq;
    for text in ["hand", "deal Ah", "deal Kh"] {
        let input = parse_input(text).unwrap();
        let result = t.handle(input);
        live.handle(input).unwrap();
        let seq = log
            .append(
                T0 + firmware::time::Duration::from_millis(99_000),
                Record::outcome(input, &result),
            )
            .unwrap();
        assert_eq!(seq.0, log.head().unwrap().seq.0);
    }
    assert_eq!(log.head().unwrap().seq.0, before.0 + 3);
    assert_eq!(log.hand_in_progress(), Some(3));
    drop(log);
    let (_, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert_eq!(rec.hand_in_progress, Some(3));
    assert_eq!(rebuild_table(&rec).unwrap(), live);
    let report = HandLog::verify(dir.path(), &trust());
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.last_good, Some(Seq(before.0 + 3)));
    assert_eq!(report.head, report.last_good);
    assert_eq!(report.table_id.as_deref(), Some("T7"));
}

#[test]
fn the_configuration_comes_first_and_once() {
    let dir = TempDir::new().unwrap();
    let (mut log, _) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    let input = Record::accepted(Input::StartHand, &[]);
    assert_eq!(log.append(T0, input.clone()), Err(LogError::NoConfig));
    assert_eq!(
        log.append(T0, Record::Note { text: "x".into() }),
        Ok(Seq(1))
    );
    let mut bad = cfg();
    bad.max_players = 1;
    assert!(matches!(
        log.append(T0, Record::Config { config: bad }),
        Err(LogError::BadConfig { .. })
    ));
    assert_eq!(log.append(T0, Record::Config { config: cfg() }), Ok(Seq(2)));
    assert_eq!(
        log.append(T0, Record::Config { config: cfg() }),
        Err(LogError::ConfigAlreadyWritten)
    );
    assert_eq!(
        log.append(
            crate::records::time::WallTime::from_unix_millis(u64::MAX),
            input.clone()
        ),
        Err(LogError::Timestamp {
            at: crate::records::time::WallTime::from_unix_millis(u64::MAX)
        })
    );
    assert_eq!(log.append(T0, input), Ok(Seq(3)));
    // A log without a configuration rebuilds nothing.
    let empty = Recovered {
        table_id: "T7".into(),
        created: true,
        config: None,
        inputs: vec![],
        records: 0,
        last: None,
        hand_in_progress: None,
        dropped: None,
    };
    assert_eq!(rebuild_table(&empty), Err(LogError::NoConfig));
}

#[test]
fn a_replay_the_engine_refuses_is_an_error() {
    let rec = Recovered {
        table_id: "T7".into(),
        created: false,
        config: Some(cfg()),
        inputs: vec![Input::Act(Action::Fold)],
        records: 2,
        last: Some(Seq(2)),
        hand_in_progress: None,
        dropped: None,
    };
    let e = rebuild_table(&rec).unwrap_err();
    assert_eq!(
        e,
        LogError::Replay {
            index: 0,
            input: "fold".into(),
            error: RuleError::NoHand
        }
    );
    assert!(e.to_string().contains("call the floor"));
}

#[test]
fn an_undone_next_hand_closes_the_hand_again() {
    let mut b = TestTable::new(cfg());
    b.line("seat 1 100");
    b.line("seat 2 100");
    b.line("hand");
    assert_eq!(b.log.hand_in_progress(), Some(1));
    b.line("undo");
    assert_eq!(b.log.hand_in_progress(), None);
    b.line("topup 1 50");
    b.line("hand");
    assert_eq!(b.log.hand_in_progress(), Some(1));
    let inputs: Vec<String> = b
        .log
        .timeline(1)
        .unwrap()
        .into_iter()
        .filter_map(|e| match e.entry {
            Entry::Input { input, .. } => Some(input),
            _ => None,
        })
        .collect();
    assert_eq!(inputs, ["hand", "undo", "hand"]);
    let (dir, live) = b.close();
    let (_, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert_eq!(rebuild_table(&rec).unwrap(), live);
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
}

/// The log's three readers (crash recovery, the PHH export, the floor's live view)
/// replay a log through the one [`Rebuild`] and agree on the table it describes: a
/// log with refusals, key presses, shoe frames, a note, a misdeal and UNDOs, a
/// program record in the middle of a hand, and a torn last record that recovery set
/// aside.
#[test]
fn recovery_export_and_the_floors_live_view_agree_on_the_table() {
    use crate::floor::live::LiveTables;
    use crate::records::export::{export_log, replayed_table, ExportError};
    use crate::records::program::{ProgramId, Sha256Digest};
    let mut b = TestTable::new(cfg());
    two_hands(&mut b);
    let after_two = b.table.clone();
    b.line("hand");
    b.line("deal Ah");
    b.other(Record::Program {
        program: ProgramId {
            version: "0.1.0".to_string(),
            binary: Sha256Digest::of(b"tablectl"),
            config: Sha256Digest::of(b"table.toml"),
        },
    });
    b.line("deal Kh");
    b.line("deal Qh");
    b.line("undo");
    b.line("deal Qd");
    let before_last = b.table.clone();
    b.line("deal Jh");
    let (dir, _) = b.close();
    sql(
        dir.path(),
        "UPDATE records SET payload = substr(payload, 1, length(payload) / 2)
         WHERE seq = (SELECT max(seq) FROM records)",
    );
    let (log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert!(rec.dropped.is_some(), "the torn record is set aside");
    drop(log);
    let recovered = rebuild_table(&rec).unwrap();
    assert_eq!(recovered, before_last);

    let audit = AuditLog::open_evidence(dir.path()).unwrap();
    assert_eq!(replayed_table(&audit).unwrap(), Some(recovered.clone()));
    let hands = export_log(&audit, &[]).unwrap();
    assert_eq!(hands.len(), 2, "hand 3 is still being dealt");
    // Hand 2's button is seat 2: seats 3, 1, 2 are p1, p2, p3.
    let paid: Vec<u64> = [3, 1, 2]
        .map(|s| after_two.seat(sn(s)).unwrap().stack.get())
        .to_vec();
    assert_eq!(hands[1].finishing_stacks, Some(paid));
    assert_eq!(
        export_log(&audit, &[3]).unwrap_err(),
        ExportError::Unfinished { number: 3 }
    );

    let sealed = audit.sealed_after(Seq(0), usize::MAX >> 1).unwrap();
    let mut live = LiveTables::default();
    let shipped: Vec<_> = sealed.into_iter().map(|r| ("T7".to_string(), r)).collect();
    assert_eq!(live.feed_all(&shipped, |_| Some(key().public())), vec![]);
    assert_eq!(live.table("T7"), Some(&recovered));
    let pot = live.hand("T7").unwrap().pot;
    assert_eq!(pot, recovered.hand().unwrap().pot().get());
}
