//! What the benchmarks share: the clock (the peers are `host::bench::peers`).

pub mod thread_cpu;

use criterion::Criterion;

use thread_cpu::{print_load, ThreadCpu};

/// Runs `benches` under criterion timed by the thread's CPU time, with the
/// machine's load before and after.
pub fn run(benches: fn(&mut Criterion<ThreadCpu>)) {
    print_load("before");
    let mut c = Criterion::default()
        .with_measurement(ThreadCpu::new())
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
    print_load("after");
}
