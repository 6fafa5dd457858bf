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
            .append(T0 + 99_000, Record::outcome(input, &result))
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
        log.append(u64::MAX, input.clone()),
        Err(LogError::Timestamp { at_ms: u64::MAX })
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
