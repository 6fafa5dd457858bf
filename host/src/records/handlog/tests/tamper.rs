//! Tampering, each done with plain SQL on the closed file: verify and open name what
//! was changed and where.

use super::*;

/// The first problem verify reports, after checking that open refuses the log.
fn tampered(dir: &Path) -> Problem {
    let report = HandLog::verify(dir, &trust());
    let p = report.problem.clone().unwrap_or_else(|| panic!("{report}"));
    match HandLog::open(dir, "T7", &key()) {
        Err(LogError::Tampered { problem, .. }) => assert_eq!(problem, p),
        other => panic!("open gave {other:?}"),
    }
    p
}

#[test]
fn an_edited_payload_is_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "UPDATE records SET payload = replace(payload, '1000', '9000') WHERE seq = 3",
    );
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(3), ProblemKind::Edited), "{p}");
}

#[test]
fn an_edited_timestamp_is_named() {
    let (dir, _) = sample();
    sql(dir.path(), "UPDATE records SET ts = ts + 1 WHERE seq = 12");
    assert_eq!(at(&tampered(dir.path())), (Some(12), ProblemKind::Edited));
}

#[test]
fn an_edited_hand_index_is_named() {
    let (dir, _) = sample();
    sql(dir.path(), "UPDATE records SET hand = 2 WHERE seq = 8");
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(8), ProblemKind::Edited));
    assert!(p.detail.contains("hand index"), "{p}");
}

#[test]
fn a_deleted_row_is_named() {
    let (dir, _) = sample();
    sql(dir.path(), "DELETE FROM records WHERE seq = 9");
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(9), ProblemKind::Deleted), "{p}");
}

#[test]
fn a_deleted_row_with_the_rest_renumbered_is_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "DELETE FROM records WHERE seq = 9;
         UPDATE records SET seq = seq + 1000 WHERE seq > 9;
         UPDATE records SET seq = seq - 1001 WHERE seq > 1000;",
    );
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(9), ProblemKind::Deleted), "{p}");
    assert!(p.detail.contains("renumbered"));
}

#[test]
fn a_row_inserted_at_the_end_is_named() {
    let (dir, last) = sample();
    sql(
        dir.path(),
        "INSERT INTO records (seq, ts, kind, payload, hand, mac)
         SELECT seq + 1, ts + 1, kind, payload, hand, randomblob(32) FROM records
         WHERE seq = (SELECT max(seq) FROM records)",
    );
    let p = tampered(dir.path());
    assert_eq!(
        at(&p),
        (Some(last as u64 + 1), ProblemKind::Inserted),
        "{p}"
    );
}

#[test]
fn a_row_inserted_in_the_middle_is_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        r#"UPDATE records SET seq = seq + 1000 WHERE seq >= 5;
           UPDATE records SET seq = seq - 999 WHERE seq >= 1000;
           INSERT INTO records (seq, ts, kind, payload, hand, mac)
           VALUES (5, 1700000004500, 'note', '{"v":1,"text":"all fine"}', NULL, randomblob(32));"#,
    );
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(5), ProblemKind::Inserted), "{p}");
}

#[test]
fn a_copied_row_is_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "UPDATE records SET seq = seq + 1000 WHERE seq >= 20;
         UPDATE records SET seq = seq - 999 WHERE seq >= 1000;
         INSERT INTO records (seq, ts, kind, payload, hand, mac)
         SELECT 20, ts, kind, payload, hand, mac FROM records WHERE seq = 14;",
    );
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(20), ProblemKind::Inserted), "{p}");
    assert!(p.detail.contains("copy of record 14"), "{p}");
}

#[test]
fn swapped_rows_are_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "UPDATE records SET seq = -1 WHERE seq = 6;
         UPDATE records SET seq = 6 WHERE seq = 10;
         UPDATE records SET seq = 10 WHERE seq = -1;",
    );
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(6), ProblemKind::Reordered), "{p}");
    assert!(p.detail.contains("written as record 10"), "{p}");
}

#[test]
fn swapped_neighbours_are_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "UPDATE records SET seq = -1 WHERE seq = 15;
         UPDATE records SET seq = 15 WHERE seq = 16;
         UPDATE records SET seq = 16 WHERE seq = -1;",
    );
    let p = tampered(dir.path());
    assert_eq!(at(&p), (Some(15), ProblemKind::Reordered), "{p}");
    assert!(p.detail.contains("written as record 16"), "{p}");
}

#[test]
fn a_truncated_tail_is_named() {
    let (dir, last) = sample();
    sql(
        dir.path(),
        &format!("DELETE FROM records WHERE seq > {}", last - 3),
    );
    let p = tampered(dir.path());
    assert_eq!(
        at(&p),
        (Some(last as u64 - 2), ProblemKind::Truncated),
        "{p}"
    );
}

#[test]
fn a_truncated_tail_with_a_rewritten_head_is_named() {
    let (dir, last) = sample();
    let keep = last - 3;
    sql(
        dir.path(),
        &format!(
            "DELETE FROM records WHERE seq > {keep};
             UPDATE head SET seq = {keep}, mac = (SELECT mac FROM records WHERE seq = {keep});"
        ),
    );
    let p = tampered(dir.path());
    assert_eq!(
        at(&p),
        (Some(keep as u64 + 1), ProblemKind::Truncated),
        "{p}"
    );
    assert!(p.detail.contains("rewritten"), "{p}");
}

#[test]
fn a_deleted_head_is_named() {
    let (dir, last) = sample();
    sql(dir.path(), "DELETE FROM head");
    let p = tampered(dir.path());
    assert_eq!(
        at(&p),
        (Some(last as u64 + 1), ProblemKind::Truncated),
        "{p}"
    );
}

#[test]
fn a_changed_table_id_is_named() {
    let (dir, _) = sample();
    sql(
        dir.path(),
        "UPDATE meta SET value = 'T9' WHERE key = 'table_id'",
    );
    let report = HandLog::verify(dir.path(), &trust());
    let p = report.problem.unwrap();
    assert_eq!(at(&p), (Some(1), ProblemKind::Edited), "{p}");
    assert!(matches!(
        HandLog::open(dir.path(), "T9", &key()),
        Err(LogError::Tampered { .. })
    ));
}
