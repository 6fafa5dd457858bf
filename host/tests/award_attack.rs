//! Issue 26, attack 12: a pot paid to a losing seat under a valid signature. A script
//! played on the bench table (`tablectl --script`) awarding queens over tabled aces
//! is refused, and its log holds the refusal, not the payout; the floor's award
//! override (R-SHOW-4) is signed in the log with the floor person's number and listed
//! by `tablectl audit list --overrides`; a log written before awards were checked
//! still recovers as it was played, and its audit flags the award.

mod common;

use common::tablectl;
use host::records::handlog::{AuditLog, HandFilter, HandLog, Record, TableKey};
use host::records::scenario::{Scenario, Step};
use host::records::time::WallTime;
use std::path::{Path, PathBuf};
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The scenario script `name` of `tests/scenarios`.
fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/scenarios")
        .join(name)
}

/// R-SHOW-4's script up to its first award: seat 1's aces and seat 2's queens tabled
/// all in (PD-SHOW), the pot of 2,010 to be paid.
fn to_the_settlement() -> String {
    let whole = std::fs::read_to_string(script("r_show_4_award_against_tabled_aces.scn"))
        .expect("the scenario script");
    let lines: Vec<&str> = whole
        .lines()
        .take_while(|l| !l.starts_with("award"))
        .collect();
    lines.join("\n") + "\n"
}

/// Plays `script` on the bench table in a new data folder `data`.
fn play(data: &Path, script: &Path) -> Output {
    tablectl(&[
        "--script",
        script.to_str().expect("path"),
        "--data",
        data.to_str().expect("path"),
        "--no-display",
        "--pace",
        "0",
    ])
}

/// `audit verify DIR` against the bench table's own public key.
/// `tablectl audit COMMAND DATA ARGS... --public-key` with the bench table's public
/// key: an audit vouched for from outside the data folder ends with status 0.
fn audit(command: &str, data: &Path, args: &[&str]) -> Output {
    let mut key = data.as_os_str().to_owned();
    key.push("-key");
    let public = host::records::handlog::public_file(&PathBuf::from(key).join("table.key"));
    let mut all = vec!["audit", command, data.to_str().expect("path")];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--public-key", public.to_str().expect("path")]);
    tablectl(&all)
}

fn verified(data: &Path) -> Output {
    audit("verify", data, &[])
}

#[test]
fn attack_12_queens_over_tabled_aces_is_refused_and_logs_only_its_refusal() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let attack = tmp.path().join("attack.scn");
    std::fs::write(&attack, to_the_settlement() + "award 2 2010\n").expect("script");
    let data = tmp.path().join("table");
    let played = play(&data, &attack);
    assert!(!played.status.success(), "{}", text(&played.stdout));
    let err = text(&played.stderr);
    assert!(
        err.contains(
            "seat 2's pair of queens loses to seat 1's pair of aces: pay seat 1, or call the floor"
        ),
        "{err}"
    );

    let shown = audit("show", &data, &["1"]);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    let timeline = text(&shown.stdout);
    assert!(
        timeline.contains("REFUSED award 2 2010: seat 2's pair of queens loses"),
        "{timeline}"
    );
    assert!(!timeline.contains("wins"), "nothing was paid: {timeline}");
    let v = verified(&data);
    assert!(v.status.success(), "{}{}", text(&v.stdout), text(&v.stderr));
    let listed = audit("list", &data, &["--overrides"]);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    assert_eq!(text(&listed.stdout), "", "no override, no hand listed");

    // The refusal changed nothing: the table recovered from its log waits at the
    // settlement with the whole pot.
    let log = AuditLog::open_evidence(&data).expect("log");
    let hand = &log.list_hands(&HandFilter::default()).expect("hands")[0];
    assert_eq!((hand.pot.map(|p| p.get()), hand.end_ms), (Some(2010), None));
    assert_eq!(hand.flags.refusals, 1);
}

#[test]
fn attack_12_the_floors_override_is_signed_and_listed() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let data = tmp.path().join("table");
    let played = play(&data, &script("r_show_4_award_override.scn"));
    assert!(played.status.success(), "{}", text(&played.stderr));

    let listed = audit("list", &data, &["--overrides"]);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let lines = text(&listed.stdout);
    assert_eq!(lines.lines().count(), 1, "{lines}");
    assert!(
        lines.starts_with("hand     1") && lines.contains("1 award override"),
        "{lines}"
    );
    let json = audit("list", &data, &["--overrides", "--json"]);
    let hand: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(hand["flags"]["overrides"], 1);
    assert_eq!(hand["flags"]["rulings"], 1);

    let shown = text(&audit("show", &data, &["1"]).stdout);
    assert!(shown.contains("REFUSED award 2 2010"), "{shown}");
    assert!(
        shown.contains("CORRECTION ruling award 17 2")
            && shown.contains("floor 17 rules seat 2 may be paid against the tabled hands"),
        "{shown}"
    );
    assert!(shown.contains("seat 2 wins 2010"), "{shown}");
    let v = verified(&data);
    assert!(v.status.success(), "{}{}", text(&v.stdout), text(&v.stderr));
}

#[test]
fn an_old_log_paying_the_losing_hand_recovers_as_played_and_its_audit_flags_it() {
    // Written as a table did before awards were checked: every input the engine
    // took, the award to the queens among them.
    let tmp = tempfile::tempdir().expect("temporary folder");
    let attack = to_the_settlement() + "award 2 2010\n";
    let scenario = Scenario::parse(&attack).expect("script");
    let key = TableKey::from_seed([12; 32]);
    let (mut log, _) = HandLog::open(tmp.path(), "old", &key).expect("log");
    log.append(
        WallTime::from_unix_millis(1),
        Record::Config {
            config: scenario.config,
        },
    )
    .expect("config");
    let mut table = firmware::Table::new(scenario.config).expect("table");
    for (i, (_, step)) in scenario.steps.iter().enumerate() {
        if let Step::Input { input, .. } = step {
            let result = table.handle(*input);
            assert!(result.is_ok(), "{input:?}");
            log.append(
                WallTime::from_unix_millis(2 + i as u64),
                Record::outcome(*input, &result),
            )
            .expect("append");
        }
    }
    drop(log);

    // Recovery takes history as it was played: the queens were paid.
    let opened = host::session::table::open(tmp.path(), "old", &key).expect("recovers");
    let t = opened.table.expect("a table");
    assert!(!t.in_hand());
    let stacks: Vec<u64> = firmware::SeatNo::up_to(3)
        .map(|s| t.seat(s).expect("seat").stack.get())
        .collect();
    assert_eq!(stacks, [0, 2010, 990]);

    // Its audit flags the award no floor ruled.
    let all = HandFilter {
        overrides: true,
        ..HandFilter::default()
    };
    let flagged = AuditLog::open_evidence(tmp.path())
        .expect("log")
        .list_hands(&all)
        .expect("hands");
    assert_eq!(flagged.len(), 1);
    assert_eq!(
        (flagged[0].flags.overrides, flagged[0].flags.rulings),
        (1, 0)
    );
    let listed = tablectl(&[
        "audit",
        "list",
        tmp.path().to_str().expect("path"),
        "--overrides",
    ]);
    assert!(
        text(&listed.stdout).contains("1 award override"),
        "{}",
        text(&listed.stderr)
    );
}
