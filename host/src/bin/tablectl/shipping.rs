//! A table's shipping to the floor's store as the command line sees it: one line at
//! the start (connected, or why not), one line at the end on every way the table
//! stops (the hands played, a script's end, an error, SIGTERM or Ctrl-C), after a
//! bounded wait for the last records: all shipped, or how many are left and why.

use host::floor::{ShipEnder, Shipper};
use signal_hook::consts::{SIGINT, SIGTERM};
use std::time::Duration;

/// How long a stopping table waits for the floor's store to take its last records:
/// well inside systemd's stop timeout (90 s), long enough for a store that answers.
pub const SHIP_GRACE: Duration = Duration::from_secs(10);
/// How long the table waits, at its start, for the shipper's first answer: a
/// connection's timeout and a little more.
const FIRST_ANSWER: Duration = Duration::from_secs(4);

/// Says whether the store took the table's login, and why not.
pub fn announce(shipper: &Shipper) {
    let s = shipper.first_answer(FIRST_ANSWER);
    match (&s.error, s.connected) {
        (_, true) => println!(
            "floor: connected to the store, {} records to ship",
            s.backlog()
        ),
        (Some(e), false) => println!(
            "floor: not connected: {e}; the table deals on and ships once the store takes it"
        ),
        (None, false) => println!(
            "floor: no answer from the store yet; the table deals on and ships once it does"
        ),
    }
}

/// Ends shipping, waiting at most `grace`, and says how it ended.
pub fn end(shipper: Shipper, grace: Duration) {
    println!("{}", shipper.finish(grace));
}

/// On SIGTERM or Ctrl-C: ends shipping (bounded), says how, and exits as the signal
/// would (128 + its number). Without a store to ship to, the signals keep their
/// default.
pub fn on_signals(ender: ShipEnder, grace: Duration) -> std::io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT])?;
    std::thread::Builder::new()
        .name("floor-stop".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                println!("{}", ender.finish(grace));
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}
