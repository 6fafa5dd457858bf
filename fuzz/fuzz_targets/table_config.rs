//! The Pi's configuration files, edited by hand on the table: `table.toml`
//! (`host::session::live::config::TableFile::parse`) and the pin map `pins.toml`
//! (`hardware::pins::PinMap::parse`). No text panics either parser, and what they
//! accept is what the table can run on: a valid table configuration the engine takes,
//! a display language it has; every GPIO on the header at its physical pin and used
//! once, every panel key at its own place inside the matrix, no more LEDs than seats.
#![no_main]

use firmware::config::MAX_SEATS;
use firmware::buttons::{ALL_KEYS, PANEL_KEYS};
use firmware::Table;
use hardware::pins::{physical_pin, PinMap};
use host::session::live::config::{TableFile, LANGUAGES};
use libfuzzer_sys::fuzz_target;

fn check_pins(map: &PinMap) {
    let gpios: Vec<_> = map
        .rows
        .iter()
        .chain(&map.columns)
        .chain(&map.leds)
        .collect();
    for (i, g) in gpios.iter().enumerate() {
        assert_eq!(physical_pin(g.bcm), Some(g.physical), "{g:?}");
        assert!(
            gpios[..i].iter().all(|h| h.bcm != g.bcm),
            "BCM {} twice",
            g.bcm
        );
    }
    assert_eq!(map.keys.len(), PANEL_KEYS);
    for (i, &(key, row, col)) in map.keys.iter().enumerate() {
        assert_eq!(key, ALL_KEYS[i]);
        assert!(
            row < map.rows.len() && col < map.columns.len(),
            "{key} outside"
        );
        assert!(map.keys[..i].iter().all(|&(_, r, c)| (r, c) != (row, col)));
    }
    assert!(map.leds.len() <= MAX_SEATS);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(file) = TableFile::parse(text) {
        assert!(!file.id.trim().is_empty());
        assert_eq!(file.config.validate(), Ok(()));
        assert!(Table::new(file.config).is_ok());
        assert!(LANGUAGES.contains(&file.display.language.as_str()));
    }
    if let Ok(map) = PinMap::parse(text) {
        check_pins(&map);
    }
});
