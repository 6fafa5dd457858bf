//! Prints every key press on the dealer's panel, and lights the LED of a seat whose
//! key is pressed.
//!
//! ```sh
//! cargo run -p hardware --features pi --example button_test -- [hardware/pins.toml]
//! ```
//!
//! On a Raspberry Pi, with the `pi` feature: the keys are a 6 x 6 matrix, rows on
//! BCM 4, 17, 27, 22, 10, 9 (physical pins 7, 11, 13, 15, 19, 21), columns on BCM 2,
//! 3, 11, 5, 6, 13 (physical pins 3, 5, 23, 29, 31, 33), one 1N4148 per key, cathode
//! to the row; seat 1's LED on BCM 18 = physical pin 12 through 330 Ohm to ground
//! (the others: `hardware/pins.toml`). Run as a member of the `gpio` group. Stop
//! tablectl first (`systemctl stop tablectl`): two programs cannot own the pins.
//!
//! Anywhere else, it plays a scripted session on the bench's simulated panel, through
//! the same debouncer.

use firmware::buttons::{ButtonConfig, Key};
use hardware::sim::SimPanel;

/// The panel on the Pi's pins until stopped; the first error of the Pi, the pin map
/// or the pins ends it (kept whole: a small example has no enum of its own).
#[cfg(feature = "pi")]
fn on_pi() -> Result<(), Box<dyn std::error::Error>> {
    use hardware::pins::PinMap;
    use std::time::{Duration, Instant};
    let model = hardware::pi::detect_pi()?;
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hardware/pins.toml".into());
    let map = PinMap::load(std::path::Path::new(&path))?;
    let mut pins = hardware::pi::open(&map, ButtonConfig::default())?;
    println!("{model}: press keys (Ctrl-C to stop)");
    let start = Instant::now();
    loop {
        let now = firmware::time::Instant::ZERO + start.elapsed();
        pins.matrix.sample()?;
        for event in pins.panel.scan(now)? {
            println!(
                "{} {} at {} ms -> {:?}",
                event.key,
                event.kind,
                event.at.total_millis(),
                event.check()
            );
            if let Key::Seat(n) = event.key {
                if let Err(e) = pins.leds.show(Some(n)) {
                    println!("{e}");
                }
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn simulated() {
    let mut panel = SimPanel::new(ButtonConfig::default());
    // Seat 3 is on every panel (MAX_SEATS is 11).
    let Some(seat_3) = Key::seat(3) else {
        return;
    };
    panel
        .tap(seat_3)
        .tap(Key::BetRaise)
        .amount(600)
        .double_tap(Key::CheckCall)
        .tap(Key::Misdeal)
        .hold(Key::Misdeal);
    for event in panel.run() {
        println!(
            "{} {} at {} ms -> {:?}",
            event.key,
            event.kind,
            event.at,
            event.check().map_err(|e| e.to_string())
        );
    }
}

fn main() {
    #[cfg(feature = "pi")]
    match on_pi() {
        Ok(()) => return,
        Err(e) => eprintln!("{e}\nplaying the simulated panel instead:"),
    }
    #[cfg(not(feature = "pi"))]
    eprintln!("built without the `pi` feature: playing the simulated panel");
    simulated();
}
