//! Recovery and bad files: a torn last record set aside, wrong secrets, other
//! tables' logs, files that are not logs, a full disk and a second writer.

use super::*;

#[test]
fn a_torn_last_record_is_set_aside() {
    let mut b = TestTable::new(cfg());
    two_hands(&mut b);
    b.line("hand");
    let before_last = b.table.clone();
    b.line("deal Qh");
    let last = b.log.head().unwrap().seq.0;
    let (dir, _) = b.close();
    sql(
        dir.path(),
        "UPDATE records SET payload = substr(payload, 1, length(payload) / 2)
         WHERE seq = (SELECT max(seq) FROM records)",
    );
    let report = HandLog::verify(dir.path(), &trust());
    let p = report.problem.clone().unwrap();
    assert_eq!(at(&p), (Some(last), ProblemKind::Torn), "{report}");

    let (log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    let dropped = rec.dropped.clone().unwrap();
    assert_eq!((dropped.seq, dropped.kind.as_str()), (Seq(last), "input"));
    assert_eq!(rebuild_table(&rec).unwrap(), before_last);
    assert_eq!(rec.hand_in_progress, Some(3));
    // The recovery is itself on the record, in the torn record's place.
    assert_eq!(log.head().unwrap().seq, Seq(last));
    let notes: Vec<String> = log
        .timeline(3)
        .unwrap()
        .into_iter()
        .filter_map(|e| match e.entry {
            Entry::Note { text } => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(notes.len(), 1);
    assert!(notes[0].starts_with(&format!("recovery: record {last} (input)")));
    drop(log);
    let report = HandLog::verify(dir.path(), &trust());
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.dropped.len(), 1);
    assert_eq!(sql_count(dir.path(), "SELECT count(*) FROM dropped"), 1);
}

#[test]
fn a_wrong_key_is_refused_before_anything_is_written() {
    let (dir, _) = sample();
    let before = std::fs::read(dir.path().join(FILE_NAME)).unwrap();
    let other = TableKey::from_seed([1; 32]);
    assert!(matches!(
        HandLog::open(dir.path(), "T7", &other),
        Err(LogError::WrongKey { .. })
    ));
    let given = Trust {
        public_key: Some(other.public()),
        ..Trust::default()
    };
    let p = HandLog::verify(dir.path(), &given).problem.unwrap();
    assert_eq!(at(&p), (None, ProblemKind::WrongKey));
    // Nothing was changed by the attempts.
    assert_eq!(std::fs::read(dir.path().join(FILE_NAME)).unwrap(), before);
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
}

#[test]
fn another_tables_log_is_refused() {
    let (dir, _) = sample();
    let e = HandLog::open(dir.path(), "T8", &key()).unwrap_err();
    assert_eq!(
        e,
        LogError::OtherTable {
            path: dir.path().join(FILE_NAME),
            expected: "T8".into(),
            found: "T7".into()
        }
    );
    assert!(e.to_string().contains("belongs to table `T7`, not `T8`"));
    // Copied into table 8's folder, it is still table 7's.
    let t8 = TempDir::new().unwrap();
    std::fs::copy(dir.path().join(FILE_NAME), t8.path().join(FILE_NAME)).unwrap();
    assert!(matches!(
        HandLog::open(t8.path(), "T8", &key()),
        Err(LogError::OtherTable { .. })
    ));
    assert_eq!(
        HandLog::open(t8.path(), " ", &key()).unwrap_err(),
        LogError::NoTableId
    );
}

#[test]
fn a_file_that_is_not_a_database_is_refused() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join(FILE_NAME), vec![0x5a; 8192]).unwrap();
    let e = HandLog::open(dir.path(), "T7", &key()).unwrap_err();
    assert!(matches!(e, LogError::Corrupt { .. }), "{e:?}");
    assert!(e.to_string().contains("do not deal"), "{e}");
    assert_eq!(
        HandLog::verify(dir.path(), &trust()).problem.unwrap().kind,
        ProblemKind::Unreadable
    );
}

#[test]
fn another_database_is_refused() {
    let dir = TempDir::new().unwrap();
    sql(dir.path(), "CREATE TABLE players (name TEXT)");
    let e = HandLog::open(dir.path(), "T7", &key()).unwrap_err();
    assert!(
        matches!(e, LogError::Corrupt { ref detail, .. } if detail.contains("not a hand log")),
        "{e:?}"
    );
}

#[test]
fn a_truncated_file_is_refused() {
    let mut b = TestTable::new(cfg());
    for i in 0..200 {
        b.other(Record::Note {
            text: format!("{i}: {}", "padding ".repeat(60)),
        });
    }
    let (dir, _) = b.close();
    let path = dir.path().join(FILE_NAME);
    let len = std::fs::metadata(&path).unwrap().len();
    assert!(len > 64 * 1024, "{len}");
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(len / 2).unwrap();
    drop(f);
    let e = HandLog::open(dir.path(), "T7", &key()).unwrap_err();
    assert!(matches!(e, LogError::Corrupt { .. }), "{e:?}");
    assert!(!HandLog::verify(dir.path(), &trust()).is_intact());
}

#[test]
fn a_full_disk_is_reported_and_nothing_is_written() {
    let mut b = TestTable::new(cfg());
    b.line("seat 1 100");
    let pages: i64 = b
        .log
        .conn()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    b.log
        .conn()
        .execute_batch(&format!("PRAGMA max_page_count = {pages}"))
        .unwrap();
    let head = b.log.head();
    let big = Record::Note {
        text: "x".repeat(64 * 1024),
    };
    let e = b
        .log
        .append(
            T0 + firmware::time::Duration::from_millis(5000),
            big.clone(),
        )
        .unwrap_err();
    assert_eq!(
        e,
        LogError::DiskFull {
            path: b.log.path().to_path_buf()
        }
    );
    assert!(e.to_string().contains("full"));
    assert_eq!(b.log.head(), head);
    // With space again, the log goes on where it was.
    b.log
        .conn()
        .execute_batch("PRAGMA max_page_count = 1073741823")
        .unwrap();
    assert_eq!(
        b.log
            .append(T0 + firmware::time::Duration::from_millis(6000), big)
            .unwrap()
            .0,
        head.as_ref().unwrap().seq.0 + 1
    );
    let (dir, _) = b.close();
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
}

#[test]
fn a_second_writer_is_refused() {
    let mut b = TestTable::new(cfg());
    let (mut other, _) = HandLog::open(b.dir.path(), "T7", &key()).unwrap();
    b.line("seat 1 100");
    let e = other
        .append(
            T0,
            Record::Note {
                text: "me too".into(),
            },
        )
        .unwrap_err();
    assert!(matches!(e, LogError::ConcurrentWriter { .. }), "{e:?}");
    drop(other);
    let (dir, live) = b.close();
    let (_, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert_eq!(rebuild_table(&rec).unwrap(), live);
}

#[test]
fn verify_of_an_empty_folder_says_so() {
    let dir = TempDir::new().unwrap();
    let report = HandLog::verify(dir.path(), &trust());
    assert_eq!(report.problem.unwrap().kind, ProblemKind::Unreadable);
}
