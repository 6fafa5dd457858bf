//! A bench table dealing on its own thread and shipping to the floor's store, as the
//! floor's tests run several at once: `dealt` counts its hands as they end.

use host::floor::Shipper;
use host::records::handlog::HandLog;
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Deals `opts.hands` hands into `log`, each record handed to `shipper`, adding one
/// to `dealt` after each hand.
pub fn deal_shipping(
    mut log: HandLog,
    opts: SimOptions,
    shipper: Arc<Shipper>,
    dealt: Arc<AtomicU32>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
        bench.tap(Box::new(shipper.tap()));
        for n in 1..=opts.hands {
            bench.run(n, &mut |_| {}).expect("a hand");
            dealt.fetch_add(1, Ordering::Relaxed);
        }
    })
}
