//! The program record (GLI-24 program verification): written at a start, chained,
//! signed, verified, read back by the audit, skipped by recovery and by the PHH
//! export; a log written before it existed reads as it did; a payload that is not a
//! program record's is named.

use super::*;
use crate::records::handlog::record::{encode, parse_payload, Parsed};
use crate::records::program::{ProgramId, Sha256Digest};

fn program(version: &str) -> ProgramId {
    ProgramId {
        version: version.to_string(),
        binary: Sha256Digest::of(b"tablectl"),
        config: Sha256Digest::of(b"table.toml"),
    }
}

#[test]
fn a_program_record_reads_back_as_written() {
    let p = program("0.1.0 (v0.1.0-3-gabc)");
    let (kind, payload, parsed) = encode(&Record::Program { program: p.clone() }, "T7").unwrap();
    assert_eq!(kind, "program");
    assert_eq!(
        payload,
        format!(
            r#"{{"v":2,"version":"0.1.0 (v0.1.0-3-gabc)","binary":"{}","config":"{}"}}"#,
            p.binary, p.config
        )
    );
    assert!(matches!(parsed, Parsed::Program { program } if program == p));
    let read = parse_payload(b"program", payload.as_bytes()).unwrap();
    assert!(matches!(read, Parsed::Program { program } if program == p));
}

#[test]
fn a_payload_that_is_not_a_program_records_is_named() {
    let d = Sha256Digest::of(b"x");
    let upper = d.to_string().to_uppercase();
    let long = "9".repeat(crate::records::program::MAX_VERSION_LEN + 1);
    for bad in [
        format!(r#"{{"v":2,"version":"1","binary":"{d}"}}"#),
        format!(r#"{{"v":2,"version":"1","binary":"{d}","config":"{d}","x":1}}"#),
        format!(r#"{{"v":2,"version":"1","binary":"{upper}","config":"{d}"}}"#),
        format!(r#"{{"v":2,"version":"1","binary":"{d}","config":"abc"}}"#),
        format!(r#"{{"v":3,"version":"1","binary":"{d}","config":"{d}"}}"#),
        format!(r#"{{"v":2,"version":"","binary":"{d}","config":"{d}"}}"#),
        format!(r#"{{"v":2,"version":"{long}","binary":"{d}","config":"{d}"}}"#),
        format!(r#"{{"v":2,"version":"1\u001b[2J","binary":"{d}","config":"{d}"}}"#),
    ] {
        assert!(parse_payload(b"program", bad.as_bytes()).is_err(), "{bad}");
    }
    // The table refuses to write one, rather than a record nobody reads back.
    let r = Record::Program {
        program: program("1\n2"),
    };
    assert!(matches!(
        TestTable::new(cfg()).log.append(T0, r),
        Err(LogError::BadConfig { .. })
    ));
}

/// A table started twice: its configuration, a program record, two hands, a
/// restart with another configuration's digest, another program record.
#[test]
fn program_records_chain_verify_recover_and_stay_out_of_the_hands_and_histories() {
    let mut b = TestTable::new(cfg());
    let first = b.other(Record::Program {
        program: program("0.1.0"),
    });
    two_hands(&mut b);
    let mut second = program("0.1.1");
    second.config = Sha256Digest::of(b"another table.toml");
    let last = b.other(Record::Program {
        program: second.clone(),
    });
    let (dir, live) = b.close();
    let report = HandLog::verify(dir.path(), &trust());
    assert!(report.is_intact(), "{report}");
    let (log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert_eq!(rebuild_table(&rec).unwrap(), live, "recovery skips it");
    assert_eq!(log.hand_in_progress(), None);
    let audit = AuditLog::open_evidence(dir.path()).unwrap();
    let records = audit.records().unwrap();
    let programs: Vec<_> = records
        .iter()
        .filter_map(|(hand, e)| match &e.entry {
            Entry::Program {
                version, config, ..
            } => Some((*hand, e.seq, version, *config)),
            _ => None,
        })
        .collect();
    assert_eq!(
        programs,
        [
            (None, first, &"0.1.0".to_string(), program("").config),
            (None, last, &"0.1.1".to_string(), second.config),
        ]
    );
    let shown = records
        .iter()
        .find(|(_, e)| e.seq == last)
        .map(|(_, e)| e.to_string())
        .unwrap();
    assert!(shown.contains("program 0.1.1 started: binary "), "{shown}");
    let json = serde_json::to_value(&records[1].1).unwrap();
    assert_eq!(json["kind"], "program");
    assert_eq!(json["binary"], program("").binary.to_string());
    // The hands and their histories are the same as without it.
    let hands = audit.list_hands(&HandFilter::default()).unwrap();
    assert_eq!(hands.len(), 2);
    let histories = crate::records::export::export_log(&audit, &[]).unwrap();
    assert_eq!(histories.len(), 2);
}

/// A table restarted in the middle of a hand writes its program record there: the
/// record belongs to the hand in progress, as a note would, and changes nothing of
/// it.
#[test]
fn a_program_record_mid_hand_belongs_to_the_hand_and_changes_nothing() {
    let mut b = TestTable::new(cfg());
    for l in ["seat 1 1000", "seat 2 1000", "hand", "deal As"] {
        b.line(l);
    }
    b.other(Record::Program {
        program: program("0.1.0"),
    });
    b.line("deal Ks");
    let (dir, live) = b.close();
    let (log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert_eq!(rebuild_table(&rec).unwrap(), live);
    assert_eq!(log.hand_in_progress(), Some(1));
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
}

/// The program record is a new kind: a log written before it has none and still
/// verifies and recovers as it did (the sample is written without one).
#[test]
fn a_log_without_a_program_record_still_verifies() {
    let (dir, _) = sample();
    assert_eq!(
        sql_count(
            dir.path(),
            "SELECT count(*) FROM records WHERE kind = 'program'"
        ),
        0
    );
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
    let (_, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
    assert!(rebuild_table(&rec).is_ok());
}

/// A program record edited in place (another binary's digest put in) breaks the
/// chain like any record: the audit names it.
#[test]
fn an_edited_program_record_is_named() {
    let mut b = TestTable::new(cfg());
    let seq = b.other(Record::Program {
        program: program("0.1.0"),
    });
    b.line("seat 1 1000");
    let (dir, _) = b.close();
    let forged = Sha256Digest::of(b"approved elsewhere");
    sql(
        dir.path(),
        &format!(
            "UPDATE records SET payload = json_set(payload, '$.binary', '{forged}') WHERE seq = {}",
            seq.0
        ),
    );
    let report = HandLog::verify(dir.path(), &trust());
    assert_eq!(
        report.problem.as_ref().map(at),
        Some((Some(seq.0), ProblemKind::Edited)),
        "{report}"
    );
}
