//! Issue 26, attack 12, at the floor: hands whose pot the floor ruled paid against
//! the tabled hands (the award override, R-SHOW-4) are listed by
//! `tablectl floor hands --overrides` from the floor's store on a real PostgreSQL
//! server, as the table's own `audit list --overrides` lists them, and no role can
//! lower the count once shipped. Skipped (one line) without PostgreSQL; `.ci/run`
//! requires it.

use host::floor::{hands, Shipper, Store};
use host::records::handlog::{AuditLog, HandFilter, HandLog, TableKey};
use host::records::scenario::Scenario;
use host::session::TableSession;
use std::path::Path;
use std::time::Duration;
use table_tests::postgres::PgServer;

/// Plays the scenario script `name` of `tests/scenarios` as table `table_id` in
/// `dir`, shipping its log to `url`.
fn play_and_ship(url: &str, dir: &Path, table_id: &str, name: &str, seed: u8) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    let scenario = Scenario::load(&path).expect("the script");
    let key = TableKey::from_seed([seed; 32]);
    let (mut log, _) = HandLog::open(dir, table_id, &key).expect("log");
    let shipper = Shipper::start(url, dir, table_id).expect("shipper");
    {
        let mut session = TableSession::create(scenario.config, Some(&mut log)).expect("session");
        session.tap(Box::new(shipper.tap()));
        scenario
            .run_on(&mut session, |_, _, _, _| {})
            .expect("the script holds");
    }
    assert!(
        shipper.wait_shipped(Duration::from_secs(60)),
        "{:?}",
        shipper.status()
    );
}

#[test]
fn floor_hands_overrides_lists_the_hands_the_floor_ruled_paid_against_the_cards() {
    let Some(server) = PgServer::start("the floor's award overrides") else {
        return;
    };
    let url = server.url();
    let ruled = tempfile::tempdir().expect("folder");
    let refused = tempfile::tempdir().expect("folder");
    // O1: refused, then the floor's override and the payout to the queens.
    play_and_ship(&url, ruled.path(), "O1", "r_show_4_award_override.scn", 41);
    // O2: refused, then paid to the aces: a refusal, no override.
    play_and_ship(
        &url,
        refused.path(),
        "O2",
        "r_show_4_award_against_tabled_aces.scn",
        42,
    );

    let mut store = Store::open(&url).expect("store");
    let overrides = HandFilter {
        overrides: true,
        ..HandFilter::default()
    };
    let found = hands::list(store.client(), None, &overrides).expect("hands");
    let listed: Vec<(&str, u32)> = found
        .iter()
        .map(|h| (h.table_id.as_str(), h.hand.number))
        .collect();
    assert_eq!(listed, [("O1", 1)]);
    assert_eq!(found[0].hand.flags.overrides, 1);
    // The table's own audit lists the same hand, counted the same way.
    let own = AuditLog::open(ruled.path())
        .expect("log")
        .list_hands(&overrides)
        .expect("hands");
    assert_eq!(own, [found[0].hand.clone()]);
    let all = hands::list(store.client(), Some("O2"), &HandFilter::default()).expect("hands");
    assert_eq!(all.len(), 1);
    assert_eq!(
        (all[0].hand.flags.overrides, all[0].hand.flags.refusals),
        (0, 3)
    );

    // Once shipped, the count only grows (the store's guard, for every role).
    let lowered = store
        .client()
        .execute("UPDATE hands SET overrides = 0 WHERE table_id = 'O1'", &[]);
    let e = lowered.expect_err("the guard refuses");
    let why = e.as_db_error().map(|d| d.message().to_string());
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("only grows with its records")),
        "{e:?}"
    );
}
