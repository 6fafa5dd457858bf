//! The table's dealing rate alone and under 200 hostile clients of its display, side
//! by side in one run (issue 26: at least 0.9 of its pace alone).
//!
//! A bench table (`tablectl --direct`, six players, its players' screen and floor view
//! on loopback) deals without end; the 200 clients of `tests/hostile` (idle sockets,
//! slow and partial request heads, 40 held `/events` streams read in full, the pages
//! and `/floor` hammered with and without the floor's token) run at the lowest
//! priority, standing for clients on other machines. The table is measured alone and
//! under attack in turns, [`ROUNDS`] windows of [`WINDOW`] each, so a change in the
//! machine's own load (other builds on the same cores) weighs on both alike; each
//! window starts [`SETTLE`] after the attack starts or stops. Printed: hands per
//! second alone and attacked, their ratio, each round's pair, an honest client's
//! answers, the bytes the held streams read, the machine's load before and after.
//!
//! ```sh
//! cargo bench -p host --bench display_load
//! ```
//!
//! A custom harness, not criterion's: the figure is a ratio of two rates measured in
//! alternation, which criterion's one-function-then-the-next runs cannot give.

#[path = "../tests/hostile/mod.rs"]
mod hostile;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

const ROUNDS: u32 = 8;
const WINDOW: Duration = Duration::from_millis(1500);
const SETTLE: Duration = Duration::from_millis(300);

/// The machine's load average over the last minute (Linux).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}

fn main() {
    // `cargo bench` passes `--bench`; a filter that is not ours skips this run.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .iter()
        .any(|a| !a.starts_with('-') && !"display_load".contains(a.as_str()))
    {
        return;
    }
    println!("load average before: {}", load());
    let dir = tempfile::tempdir().expect("a temporary folder");
    let table = hostile::Table::start(
        env!("CARGO_BIN_EXE_tablectl"),
        dir.path().join("t"),
        1_000_000,
    );
    std::thread::sleep(Duration::from_millis(500));
    let (attack, clients) = hostile::start_attack(&table, true);
    let (mut alone_hands, mut alone_secs, mut attacked_hands, mut attacked_secs) = (0, 0.0, 0, 0.0);
    let mut pairs = Vec::new();
    let mut latencies = Vec::new();
    let mut failed = 0;
    let bytes_before = attack.stream_bytes.load(Ordering::Relaxed);
    for _ in 0..ROUNDS {
        attack.paused.store(true, Ordering::Relaxed);
        std::thread::sleep(SETTLE);
        let (a, a_secs) = table.hands_in(WINDOW, || {});
        attack.paused.store(false, Ordering::Relaxed);
        std::thread::sleep(SETTLE);
        let (b, b_secs) = table.hands_in(WINDOW, || {
            let t = Instant::now();
            match hostile::get(table.screen, "/state", None) {
                Some(200) => latencies.push(t.elapsed()),
                _ => failed += 1,
            }
        });
        pairs.push((a as f64 / a_secs, b as f64 / b_secs));
        (alone_hands, alone_secs) = (alone_hands + a, alone_secs + a_secs);
        (attacked_hands, attacked_secs) = (attacked_hands + b, attacked_secs + b_secs);
    }
    let stream_bytes = attack.stream_bytes.load(Ordering::Relaxed) - bytes_before;
    hostile::stop_attack(&attack, clients);
    let alone = alone_hands as f64 / alone_secs;
    let attacked = attacked_hands as f64 / attacked_secs;
    println!(
        "table alone: {alone:.1} hands/s; under {} hostile clients: {attacked:.1} hands/s; \
         ratio {:.2} ({ROUNDS} windows of {WINDOW:?} each, in turns)",
        hostile::CLIENTS,
        attacked / alone
    );
    let each: Vec<String> = pairs
        .iter()
        .map(|(a, b)| format!("{a:.0}/{b:.0}"))
        .collect();
    println!("each round, alone/attacked: {}", each.join(" "));
    latencies.sort_unstable();
    if !latencies.is_empty() {
        let p = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
        println!(
            "honest /state under attack: {} answered, {failed} failed; p50 {:?}, max {:?}",
            latencies.len(),
            p(0.5),
            p(1.0)
        );
    }
    println!(
        "held streams: {:.1} MB read in {:.0} s under attack ({} refused); hammering \
         clients: {} answers ({} refused)",
        stream_bytes as f64 / 1e6,
        attacked_secs,
        attack.streams_refused.load(Ordering::Relaxed),
        attack.answered.load(Ordering::Relaxed),
        attack.refused.load(Ordering::Relaxed)
    );
    println!("load average after: {}", load());
}
