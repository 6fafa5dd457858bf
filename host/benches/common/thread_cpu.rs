//! Criterion timed by the benchmark thread's own CPU time
//! (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`), not the wall clock.
//!
//! On the project's machine two cores are shared with other engineers' builds: the
//! wall clock then counts the time a benchmark waits for a core, which spreads
//! criterion's samples over 2x and more. The thread's CPU time counts only the time
//! it ran (cache pressure from the neighbours still shows). The load average is
//! printed before and after, so every figure comes with the machine's load.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use host::bench::thread_cpu;

/// Criterion's measurement: the benchmark thread's CPU time, shown as durations
/// (criterion runs each routine on the thread that measures it).
pub struct ThreadCpu {
    /// Only for its duration formatter.
    wall: WallTime,
}

impl ThreadCpu {
    pub fn new() -> ThreadCpu {
        ThreadCpu { wall: WallTime }
    }
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu()
    }

    fn end(&self, start: Duration) -> Duration {
        thread_cpu().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// Prints the machine's load average (1, 5 and 15 minutes), with `when`.
pub fn print_load(when: &str) {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let fields: Vec<&str> = load.split_whitespace().take(3).collect();
    println!(
        "machine load {when}: {} (1, 5, 15 min), {} cores; times are each thread's CPU time",
        fields.join(" "),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
}
