//! `tablectl audit export`: a table's hands as PHH, and a clear message with exit
//! status 1 for a missing folder, an unknown hand, another table's log or a damaged
//! file.

mod common;

use common::{stderr, tablectl};
use std::process::Output;

/// `tablectl audit COMMAND DIR ARGS... --public-key DIR-key/table.key.pub`: the
/// bench table's public key (beside its data folder) vouches for the log, so the
/// audit ends with status 0 when it reads it, not 3.
fn audit(command: &str, dir: &str, args: &[&str]) -> Output {
    let public = format!("{dir}-key/table.key.pub");
    let mut full = vec!["audit", command];
    if command == "export" {
        full.push("--phh");
    }
    full.push(dir);
    full.extend(args.iter().copied());
    full.extend(["--public-key", &public]);
    tablectl(&full)
}

#[test]
fn export_writes_the_hands_and_refuses_bad_input() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let data = tmp.path().join("table");
    let data_s = data.to_str().expect("path");
    let played = tablectl(&[
        "--direct", "--hands", "4", "--data", data_s, "--game", "omaha8",
    ]);
    assert!(played.status.success(), "{}", stderr(&played));

    let all = audit("export", data_s, &[]);
    assert!(all.status.success(), "{}", stderr(&all));
    let text = String::from_utf8_lossy(&all.stdout);
    let hands = host::records::phh::parse_str(&text).expect("our parser reads it");
    assert_eq!(hands.len(), 4);
    assert!(hands.iter().all(|h| h.variant.code() == "NO/8"));

    let out = tmp.path().join("two.phhs");
    let out_s = out.to_str().expect("path");
    let two = audit(
        "export",
        data_s,
        &["--hand", "2", "--hand", "3", "--out", out_s],
    );
    assert!(two.status.success(), "{}", stderr(&two));
    let written = std::fs::read_to_string(&out).expect("the file");
    let hands = host::records::phh::parse_str(&written).expect("reads");
    let numbers: Vec<String> = hands
        .iter()
        .map(|h| {
            format!(
                "{:?}",
                h.field("hand")
                    .and_then(|v| v.as_number())
                    .and_then(|n| n.to_u64())
            )
        })
        .collect();
    assert_eq!(numbers, ["Some(2)", "Some(3)"]);

    let bad_file = tmp.path().join("bad");
    std::fs::create_dir_all(&bad_file).expect("folder");
    std::fs::write(bad_file.join("handlog.sqlite3"), "not a database").expect("write");
    let missing = tmp.path().join("missing");
    let cases: [(Vec<&str>, &str); 5] = [
        (
            vec!["--phh", missing.to_str().expect("path")],
            "there is no such data folder",
        ),
        (
            vec!["--phh", data_s, "--hand", "9"],
            "hand 9 is not in the log",
        ),
        (vec!["--phh", data_s, "--hand", "x"], "not a hand number"),
        (
            vec!["--phh", data_s, "--table", "other"],
            "belongs to table `bench`",
        ),
        (
            vec!["--phh", bad_file.to_str().expect("path")],
            "is damaged",
        ),
    ];
    let public = format!("{data_s}-key/table.key.pub");
    for (args, message) in cases {
        let mut full = vec!["audit", "export"];
        full.extend(args.iter().copied());
        full.extend(["--public-key", &public]);
        let o = tablectl(&full);
        assert_eq!(o.status.code(), Some(1), "{full:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{full:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "nothing written on an error");
    }
}

/// PD-RAKE: `tablectl audit rake` reports the shift's rake, as text and as JSON, and
/// its total is the rake the exported hands carry (`_rake`).
#[test]
fn audit_rake_reports_the_shift_hour_by_hour() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let data = tmp.path().join("table");
    let data_s = data.to_str().expect("path");
    let played = tablectl(&[
        "--direct",
        "--no-display",
        "--hands",
        "12",
        "--data",
        data_s,
        "--set",
        "rake_pct=5",
        "--set",
        "rake_cap=20",
    ]);
    assert!(played.status.success(), "{}", stderr(&played));

    let json = audit("rake", data_s, &["--json"]);
    assert!(json.status.success(), "{}", stderr(&json));
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(report["total"]["hands"], 12);
    let rake = report["total"]["rake"].as_u64().expect("a number");
    assert!(rake > 0, "{report}");

    let export = audit("export", data_s, &[]);
    let text = String::from_utf8_lossy(&export.stdout);
    let hands = host::records::phh::parse_str(&text).expect("our parser reads it");
    let exported: u64 = hands
        .iter()
        .filter_map(|h| h.field("_rake"))
        .filter_map(|v| v.as_number().and_then(|n| n.to_u64()))
        .sum();
    assert_eq!(exported, rake, "the report and the export agree");

    let text = audit("rake", data_s, &[]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.contains("UTC") && out.contains("total"), "{out}");
    let none = audit("rake", data_s, &["--from", "0", "--to", "1"]);
    let report: serde_json::Value = serde_json::from_slice(
        &audit("rake", data_s, &["--json", "--from", "0", "--to", "1"]).stdout,
    )
    .expect("JSON");
    assert!(none.status.success());
    // Without the key, the same report with a warning first and status 3.
    let unvouched = tablectl(&["audit", "rake", data_s]);
    assert_eq!(unvouched.status.code(), Some(3), "{}", stderr(&unvouched));
    assert_eq!(unvouched.stdout, text.stdout);
    assert!(stderr(&unvouched).contains("key unverified"));
    assert_eq!(report["total"]["hands"], 0);
}
