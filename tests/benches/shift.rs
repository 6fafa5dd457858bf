//! The shift's timed figures (`cargo bench -p table-tests --bench shift`), never a
//! test's assertion: the same three tables, screens and floor as the shift test
//! (`table_tests::shift`), once quiet and once with the store's crash and a table's
//! power cut, side by side in one run. It prints how fast each table dealt in each
//! (the peer of the shift with outages is the quiet one: the pace the outages cost),
//! how long the store took to hold every record again once it was back, and how
//! long a table's screen took to be live again after its power cut.

use table_tests::postgres::PgServer;
use table_tests::shift::{run_shift, Plan, Report};

fn shift(plan: Plan) -> Option<Report> {
    let exe = table_tests::peers::chromium("the shift's benchmark in headless Chromium")?;
    let mut server = PgServer::start("the shift's benchmark")?;
    let mut browser = table_tests::browser::launch(&exe);
    let shots = tempfile::tempdir().expect("a folder");
    Some(run_shift(&mut browser, &mut server, shots.path(), plan))
}

fn main() {
    // `cargo test --benches` runs this with --bench absent: nothing to measure then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let Some(quiet) = shift(Plan { outages: false }) else {
        return;
    };
    let Some(rough) = shift(Plan { outages: true }) else {
        return;
    };
    println!("table  hands  quiet (hands/min)  with outages (hands/min)  ratio");
    for (q, r) in quiet.tables.iter().zip(&rough.tables) {
        let per_min = |(_, hands, secs): &(&str, u32, f64)| *hands as f64 * 60.0 / secs;
        println!(
            "{:<6} {:>5}  {:>17.1}  {:>24.1}  {:>5.2}",
            q.0,
            q.1,
            per_min(q),
            per_min(r),
            per_min(r) / per_min(q)
        );
    }
    println!(
        "store down {:.1} s; every record the tables had logged in the store {:.1} s after it came back",
        rough.store_down_s, rough.catch_up_s
    );
    println!(
        "a table's screen live again {:.1} s after its power cut (restart included)",
        rough.screen_back_s
    );
    for (name, r) in [("quiet", &quiet), ("with outages", &rough)] {
        println!(
            "{name}: {} views checked, {} at a showdown, {} problems",
            r.views,
            r.showdowns,
            r.problems.len()
        );
    }
}
