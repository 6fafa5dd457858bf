//! Every reader is bounded: `tablectl replay` and `tablectl scenario` given an endless
//! device or a huge file end at once with a clear error, and an error quotes at most
//! a short excerpt of a bad value, naming the file once.

mod common;

use std::time::{Duration, Instant};

/// Runs tablectl; its status, standard output and standard error, and how long it took.
fn tablectl(args: &[&str]) -> (i32, String, String, Duration) {
    let started = Instant::now();
    let out = common::tablectl(args);
    (
        common::code(&out),
        common::stdout(&out),
        common::stderr(&out),
        started.elapsed(),
    )
}

#[test]
fn an_endless_input_ends_at_once_with_a_clear_error() {
    if !std::path::Path::new("/dev/zero").exists() {
        eprintln!("no /dev/zero on this system: the endless-input test is skipped");
        return;
    }
    for (command, what) in [
        ("replay", "not a hand history"),
        ("scenario", "not a scenario script"),
    ] {
        let (code, _, err, took) = tablectl(&[command, "/dev/zero"]);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(
            err.contains("/dev/zero") && err.contains(what),
            "{command}: {err}"
        );
        assert!(err.len() < 200, "{command}: {err}");
        assert!(took < Duration::from_secs(10), "{command}: {took:?}");
    }
}

/// A hand whose second action is `p1 {verb}`, on its line 6.
fn hand_with_action(verb: &str) -> String {
    format!(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'p1 {verb}']\n"
    )
}

#[test]
fn a_huge_bad_value_is_quoted_short_and_the_file_named_once() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(5_000_000);
    let phh = dir.path().join("random.phh");
    std::fs::write(&phh, hand_with_action(&long)).unwrap();
    let (code, _, err, _) = tablectl(&["replay", phh.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.len() < 300, "{} bytes: {}", err.len(), &err[..300]);
    assert!(err.contains("line 6"), "{err}");
    assert_eq!(err.matches("random.phh").count(), 1, "{err}");

    std::fs::write(&phh, hand_with_action(&"x".repeat(500))).unwrap();
    let (_, _, err, _) = tablectl(&["replay", phh.to_str().unwrap()]);
    assert!(err.contains("unknown action") && err.len() < 300, "{err}");

    let scn = dir.path().join("bad.scn");
    std::fs::write(
        &scn,
        format!("table holdem nl 5/10\nseat 1 {}\n", "9".repeat(900)),
    )
    .unwrap();
    let (code, _, err, _) = tablectl(&["scenario", scn.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("line 2") && err.len() < 200, "{err}");
    // A line past the limit, in a file within it.
    let line = "9".repeat(100_000);
    std::fs::write(&scn, format!("table holdem nl 5/10\nseat 1 {line}\n")).unwrap();
    let (_, _, err, _) = tablectl(&["scenario", scn.to_str().unwrap()]);
    assert!(
        err.contains("line 2: longer than") && err.len() < 200,
        "{err}"
    );
}
