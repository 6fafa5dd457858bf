//! A shift in the room, end to end (`table_tests::shift`): three bench tables run
//! by the product's own program under their own logins, the floor's page, every
//! screen open in Chromium, the store crashed and a table's power cut. What must
//! hold whatever the machine's load is asserted here; how long the catch-up and the
//! recovery took is the benchmark's (`cargo bench -p table-tests --bench shift`).
//! Skipped (one line) without PostgreSQL or Chromium; `.ci/run` requires both.

mod browser;

use table_tests::postgres::PgServer;
use table_tests::shift::{run_shift, Plan};

#[test]
fn a_shift_with_a_store_crash_and_a_table_killed_keeps_screens_live_and_ships_everything() {
    let Some((mut browser, shots)) = browser::start("shift") else {
        return;
    };
    let Some(mut server) = PgServer::start("a shift of three tables, their screens and the floor")
    else {
        return;
    };
    let report = run_shift(&mut browser, &mut server, &shots, Plan { outages: true });
    eprintln!(
        "shift: {} views checked on the screens, {} at a showdown",
        report.views, report.showdowns
    );
    for gap in &report.gaps {
        eprintln!("shift, more pots than the screens are laid out for: {gap}");
    }
    assert!(
        report.problems.is_empty(),
        "the screens over the shift:\n{}",
        report.problems.join("\n")
    );
    assert!(
        report.check_proved,
        "the screens' check did not see a pot's lines hidden"
    );
    assert!(
        report.showdowns > 0,
        "no showdown was checked: the check would have proved nothing"
    );
}
