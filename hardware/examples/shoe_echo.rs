//! Prints every card the shoe reads, and every fault on the shoe's line.
//!
//! ```sh
//! cargo run -p hardware --example shoe_echo -- /dev/table-shoe [deck.map]
//! cargo run -p hardware --example shoe_echo -- --sim        # the bench's simulated shoe
//! ```
//!
//! Wiring: the PN532 in HSU mode (both interface switches to 0) behind a 3.3 V
//! USB-UART adapter: PN532 TXD to the adapter's RXD, RXD to TXD, GND to GND, VCC to
//! the adapter's 3.3 V (or 5 V for boards with a regulator). On the Pi's own UART
//! instead, pass `/dev/serial0`: PN532 TXD to BCM 15 = physical pin 10, PN532 RXD to
//! BCM 14 = physical pin 8, GND to physical pin 6, VCC to 3V3 = physical pin 1, and
//! disable the serial console (`raspi-config`). See `hardware/docs/wiring.md`.
//!
//! A healthy line prints the cards and no faults. With a deck map file
//! (`tablectl deck enrol` writes one), each tag is shown as its card.

use firmware::deck::{DeckKind, DeckMap};
use hardware::link::{open_serial, to_read, Antenna, LinkFault, LinkSettings, ShoeLink, ShoePort};
use hardware::sim::{FaultRates, Faulty, PtyShoe, SimConfig, SimDealer, SimShoe, Traced};
use std::time::Duration;

fn echo<P: ShoePort>(
    link: &mut ShoeLink<P>,
    map: Option<&DeckMap>,
    reads: usize,
    mut next: impl FnMut(),
) {
    next();
    let mut n = 0;
    while n < reads {
        match link.read_card(Duration::from_secs(1)) {
            Ok(received) => {
                n += 1;
                let read = received.read;
                let hex: Vec<String> = received.frame.iter().map(|b| format!("{b:02X}")).collect();
                println!("frame: {}", hex.join(" "));
                let antenna = Antenna::from_target(read.target);
                match map.map(|m| to_read(m, &read)) {
                    Some(Ok(r)) => println!("{:?}: {:?}", antenna, r),
                    Some(Err(e)) => println!("{antenna:?}: tag {}: {e}", read.uid),
                    None => println!("{antenna:?}: tag {}", read.uid),
                }
                next();
            }
            Err(LinkFault::NoCard) => println!("(no card)"),
            Err(e @ (LinkFault::Unreliable { .. } | LinkFault::Silent { .. })) => println!("{e}"),
            Err(e) => {
                eprintln!("{e}");
                return;
            }
        }
        for f in link.take_faults() {
            println!("  fault: {f}");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--sim") {
        // A simulated shoe on a pseudo-terminal, with 5% of its frames garbled,
        // dropped or duplicated: the faults are printed, the cards come through.
        let (shoe, handle) = SimShoe::new(SimConfig::default());
        let reader = Traced::new(Faulty::new(shoe, FaultRates::percent(5, 5, 5), 1));
        let sim = match PtyShoe::spawn(reader) {
            Ok(s) => s,
            Err(e) => return eprintln!("cannot open a pseudo-terminal: {e}"),
        };
        println!("simulated shoe on {}", sim.path());
        let mut link = match open_serial(sim.path(), LinkSettings::bench()) {
            Ok(l) => l,
            Err(e) => return eprintln!("{e}"),
        };
        let mut dealer = SimDealer::new(handle, DeckKind::Standard52, 1, 1);
        let map = dealer.deck_map();
        echo(&mut link, Some(&map), 20, || {
            dealer.remove();
            dealer.present_next(Antenna::Exit);
        });
        return;
    }
    let path = args.first().map_or("/dev/table-shoe", String::as_str);
    let map = match args
        .get(1)
        .map(|p| hardware::enrolment::load(std::path::Path::new(p)))
    {
        Some(Ok(m)) => Some(m),
        Some(Err(e)) => return eprintln!("{e}"),
        None => None,
    };
    match open_serial(path, LinkSettings::default()) {
        Ok(mut link) => echo(&mut link, map.as_ref(), usize::MAX, || {}),
        Err(e) => eprintln!("{e}"),
    }
}
