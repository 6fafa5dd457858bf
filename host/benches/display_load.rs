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
//! The hand log goes to `/dev/shm` where there is one, so the disk's syncs (shared
//! with whatever else the machine does) do not set the pace: the comparison is then
//! of processor time, the one thing the listeners and the table compete for.
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

/// CPU seconds used so far by the table's display thread (its listeners) and by its
/// other threads (dealing, logging, the display's updates), from Linux's `/proc`.
fn cpu_secs(pid: u32) -> (f64, f64) {
    // Linux counts in clock ticks of 1/100 s (USER_HZ).
    const TICK: f64 = 0.01;
    let (mut display, mut rest) = (0.0, 0.0);
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return (0.0, 0.0);
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // `tid (name) state ...`: utime and stime are the 14th and 15th fields.
        let Some((head, tail)) = stat.rsplit_once(") ") else {
            continue;
        };
        let fields: Vec<&str> = tail.split_whitespace().collect();
        let ticks: f64 = fields[11..13]
            .iter()
            .filter_map(|f| f.parse::<f64>().ok())
            .sum();
        if head.ends_with("(display") {
            display += ticks * TICK;
        } else {
            rest += ticks * TICK;
        }
    }
    (display, rest)
}

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
    // The hand log in memory where the system has it: each input's sync then costs
    // no disk, and the disk shared with other work does not set the pace; what is
    // left to compare is the processor's time, which the listeners compete for.
    let shm = std::path::Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        tempfile::tempdir_in(shm)
    } else {
        tempfile::tempdir()
    }
    .expect("a temporary folder");
    println!("hand log in {}", dir.path().display());
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
    let pid = table.child.id();
    // CPU seconds of the display's thread and of the table's others, alone and attacked.
    let (mut cpu_alone, mut cpu_attacked) = ((0.0, 0.0), (0.0, 0.0));
    let add = |sum: &mut (f64, f64), from: (f64, f64), to: (f64, f64)| {
        sum.0 += to.0 - from.0;
        sum.1 += to.1 - from.1;
    };
    for _ in 0..ROUNDS {
        attack.paused.store(true, Ordering::Relaxed);
        std::thread::sleep(SETTLE);
        let from = cpu_secs(pid);
        let (a, a_secs) = table.hands_in(WINDOW, || {});
        add(&mut cpu_alone, from, cpu_secs(pid));
        attack.paused.store(false, Ordering::Relaxed);
        std::thread::sleep(SETTLE);
        let from = cpu_secs(pid);
        let (b, b_secs) = table.hands_in(WINDOW, || {
            let t = Instant::now();
            match hostile::get(table.screen, "/state", None) {
                Some(200) => latencies.push(t.elapsed()),
                _ => failed += 1,
            }
        });
        add(&mut cpu_attacked, from, cpu_secs(pid));
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
    println!(
        "the table's process, share of one core: its display thread (the listeners) {:.0}% \
         alone, {:.0}% attacked; its other threads (dealing, logging) {:.0}% alone, {:.0}% \
         attacked; per hand dealt, the others' CPU {:.1} ms alone, {:.1} ms attacked",
        100.0 * cpu_alone.0 / alone_secs,
        100.0 * cpu_attacked.0 / attacked_secs,
        100.0 * cpu_alone.1 / alone_secs,
        100.0 * cpu_attacked.1 / attacked_secs,
        1000.0 * cpu_alone.1 / alone_hands.max(1) as f64,
        1000.0 * cpu_attacked.1 / attacked_hands.max(1) as f64,
    );
    println!("load average after: {}", load());
}
