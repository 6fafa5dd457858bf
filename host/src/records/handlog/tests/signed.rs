//! The signed chain against what only its key could have made, the old HMAC scheme
//! still checked, and audits that leave the evidence as it was.

use super::*;

#[test]
fn a_log_of_the_old_hmac_scheme_verifies_with_its_secret_as_the_old_scheme() {
    let dir = TempDir::new().unwrap();
    let mut log = HandLog::create_hmac(dir.path(), "T7", SECRET).unwrap();
    log.append(T0, Record::Config { config: cfg() }).unwrap();
    log.append(
        T0 + firmware::time::Duration::from_millis(1),
        Record::Note { text: "x".into() },
    )
    .unwrap();
    assert_eq!(log.head(), None, "the old scheme has no signed head");
    drop(log);
    let with_secret = Trust {
        secret: Some(SECRET.to_vec()),
        ..Trust::default()
    };
    let report = HandLog::verify(dir.path(), &with_secret);
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.scheme, Some(Scheme::Hmac));
    assert!(report.to_string().contains("old scheme"), "{report}");
    let p = HandLog::verify(dir.path(), &Trust::default())
        .problem
        .unwrap();
    assert_eq!(p.kind, ProblemKind::WrongSecret);
    assert!(p.detail.contains("give its secret"), "{p}");
    // The table does not go on writing it: it says what to do, and writes nothing.
    let before = std::fs::read(dir.path().join(FILE_NAME)).unwrap();
    let e = HandLog::open(dir.path(), "T7", &key()).unwrap_err();
    assert!(matches!(e, LogError::OldScheme { .. }), "{e}");
    assert_eq!(std::fs::read(dir.path().join(FILE_NAME)).unwrap(), before);
}

#[test]
fn a_signed_log_reports_its_scheme_and_key() {
    let (dir, last) = sample();
    let report = HandLog::verify(dir.path(), &trust());
    assert!(report.is_intact(), "{report}");
    assert_eq!(report.scheme, Some(Scheme::Signed));
    assert_eq!(report.public_key, Some(key().public().to_string()));
    assert!(report.key_given);
    assert_eq!(report.last_good, Some(Seq(last.unsigned_abs())));
    let alone = HandLog::verify(dir.path(), &Trust::default());
    assert!(alone.is_intact() && !alone.key_given, "{alone}");
    assert!(
        alone.to_string().contains("the key the log records"),
        "{alone}"
    );
}

#[test]
fn a_record_rewritten_with_its_hashes_recomputed_but_no_key_is_named() {
    let (dir, last) = sample();
    // What an attacker without the key can do: change a record and recompute every
    // hash after it, keeping the old signatures.
    let c = Connection::open(dir.path().join(FILE_NAME)).unwrap();
    c.execute(
        "UPDATE records SET payload = replace(payload, '1000', '9000') WHERE seq = 3",
        [],
    )
    .unwrap();
    let mut prev = super::super::chain::Checker::link(
        &c.query_row("SELECT mac FROM records WHERE seq = 2", [], |r| {
            r.get::<_, Vec<u8>>(0)
        })
        .unwrap(),
    );
    for seq in 3..=last {
        let row = super::super::storage::row_at(&c, seq).unwrap().unwrap();
        let hash = super::super::chain::record_hash(&prev, seq, row.ts, &row.kind, &row.payload);
        let mut mac = row.mac.clone();
        mac[..32].copy_from_slice(&hash);
        c.execute(
            "UPDATE records SET mac = ?1 WHERE seq = ?2",
            rusqlite::params![mac, seq],
        )
        .unwrap();
        prev = hash;
    }
    c.execute("UPDATE head SET mac = ?1", rusqlite::params![&prev[..]])
        .unwrap();
    drop(c);
    let report = HandLog::verify(dir.path(), &trust());
    let p = report.problem.clone().unwrap();
    assert_eq!(at(&p), (Some(3), ProblemKind::Edited), "{report}");
    assert!(HandLog::open(dir.path(), "T7", &key()).is_err());
}

#[test]
fn a_row_added_to_the_set_aside_table_is_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "INSERT INTO dropped (seq, ts, kind, payload, hand, mac, reason)
         VALUES (7, 1, 'input', '{}', 1, x'00', 'torn')",
    );
    let p = HandLog::verify(dir.path(), &trust()).problem.unwrap();
    assert_eq!(p.kind, ProblemKind::Inserted, "{p}");
    assert!(p.detail.contains("set-aside"), "{p}");
    assert!(matches!(
        HandLog::open(dir.path(), "T7", &key()),
        Err(LogError::Tampered { .. })
    ));
}

#[test]
fn a_set_aside_row_removed_or_changed_is_named() {
    let mut b = TestTable::new(cfg());
    two_hands(&mut b);
    b.line("hand");
    let (dir, _) = b.close();
    sql(
        dir.path(),
        "UPDATE records SET payload = substr(payload, 1, 9) WHERE seq = (SELECT max(seq) FROM records)",
    );
    drop(HandLog::open(dir.path(), "T7", &key()).unwrap());
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
    sql(dir.path(), "UPDATE dropped SET reason = 'nothing'");
    let p = HandLog::verify(dir.path(), &trust()).problem.unwrap();
    assert_eq!(p.kind, ProblemKind::Inserted, "{p}");
    sql(dir.path(), "DELETE FROM dropped");
    let p = HandLog::verify(dir.path(), &trust()).problem.unwrap();
    assert_eq!(p.kind, ProblemKind::Deleted, "{p}");
}

/// The files of a data folder with their bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn an_audit_changes_nothing_in_or_beside_the_log() {
    // Closed (no WAL), and left open (its last commits only in the WAL).
    let (closed, _) = sample();
    let mut b = TestTable::new(cfg());
    two_hands(&mut b);
    let last = b.log.head().unwrap();
    assert!(b.dir.path().join("handlog.sqlite3-wal").exists());
    let evidence = TempDir::new().unwrap();
    for name in ["handlog.sqlite3", "handlog.sqlite3-wal"] {
        std::fs::copy(b.dir.path().join(name), evidence.path().join(name)).unwrap();
    }
    for dir in [closed.path(), evidence.path()] {
        let before = files(dir);
        let report = HandLog::verify(dir, &trust());
        assert!(report.is_intact(), "{report}");
        let audit = AuditLog::open_evidence(dir).unwrap();
        assert!(!audit.list_hands(&HandFilter::default()).unwrap().is_empty());
        assert!(audit.head().unwrap().is_some());
        drop(audit);
        assert_eq!(files(dir), before, "no file made or changed in {dir:?}");
    }
    // The WAL's commits were read.
    let audit = AuditLog::open_evidence(evidence.path()).unwrap();
    assert_eq!(audit.head().unwrap(), Some(last));
}
