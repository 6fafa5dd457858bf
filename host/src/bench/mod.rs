//! # `tablectl bench`: what the money layer's code costs
//!
//! The reports `tablectl bench` prints (the evaluator's census and speed, the exact
//! equity of aces against kings beside rs_poker) and the thread's CPU clock the
//! criterion benchmarks (`host/benches/`) time by. The clocks are read here, above
//! [`crate::money`], so that the money layer stays pure functions of the engine's
//! state: it never reads a clock (a test there holds it to that).

use std::time::Duration;

pub mod equity;
pub mod eval;
pub mod peers;

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): the clock of the
/// equity line and of the criterion benchmarks (`host/benches/common/thread_cpu.rs`).
/// On a machine shared with other work the wall clock also counts the waits for a
/// core; this counts only the work.
pub fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).unwrap_or(0);
    let nanos = u32::try_from(t.tv_nsec).unwrap_or(0);
    Duration::new(secs, nanos)
}

/// `1234567` → `"1,234,567"`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(41_584), "41,584");
        assert_eq!(thousands(133_784_560), "133,784,560");
    }
}
