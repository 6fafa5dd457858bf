//! The Raspberry Pi pin map, `hardware/pins.toml`: which GPIO drives which matrix
//! row, reads which column, lights which seat's LED, and where the shoe is.
//!
//! Every pin is written with its BCM number and its physical header position; the
//! loader checks the pair against the 40-pin header ([`physical_pin`]), refuses a pin
//! used twice, and wants every key of the panel at its own matrix position. It needs
//! no Raspberry Pi, so the bench and CI check the shipped file too.

use crate::cause::Cause;
use firmware::buttons::{Key, Polarity, ALL_KEYS, PANEL_KEYS};
use firmware::config::MAX_SEATS;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// The pin map shipped with the controller.
pub const DEFAULT_PINS_TOML: &str = include_str!("../pins.toml");

/// The largest pin map read: the shipped one is under 2 KiB.
pub const MAX_PINS_FILE_BYTES: u64 = 64 * 1024;

/// The longest line of a pin map (a TOML error quotes its line).
pub const MAX_PINS_LINE_BYTES: usize = 1024;

/// The physical header pin of GPIO `bcm` on the 40-pin header, or `None` if `bcm` is
/// not on the header (BCM 0..=27 are).
///
/// ```
/// use hardware::pins::physical_pin;
/// assert_eq!(physical_pin(17), Some(11));
/// assert_eq!(physical_pin(28), None);
/// ```
pub const fn physical_pin(bcm: u8) -> Option<u8> {
    Some(match bcm {
        0 => 27,
        1 => 28,
        2 => 3,
        3 => 5,
        4 => 7,
        5 => 29,
        6 => 31,
        7 => 26,
        8 => 24,
        9 => 21,
        10 => 19,
        11 => 23,
        12 => 32,
        13 => 33,
        14 => 8,
        15 => 10,
        16 => 36,
        17 => 11,
        18 => 12,
        19 => 35,
        20 => 38,
        21 => 40,
        22 => 15,
        23 => 16,
        24 => 18,
        25 => 22,
        26 => 37,
        27 => 13,
        _ => return None,
    })
}

/// The name of `key` in `pins.toml` (`fold`, `check_call`, `digit_7`, `seat_11`).
pub fn key_name(key: Key) -> String {
    match key {
        Key::Fold => "fold".into(),
        Key::CheckCall => "check_call".into(),
        Key::BetRaise => "bet_raise".into(),
        Key::AllIn => "all_in".into(),
        Key::Digit(d) => format!("digit_{}", d.value()),
        Key::Clear => "clear".into(),
        Key::Enter => "enter".into(),
        Key::Undo => "undo".into(),
        Key::Straddle => "straddle".into(),
        Key::Misdeal => "misdeal".into(),
        Key::NextHand => "next_hand".into(),
        Key::Seat(n) => format!("seat_{n}"),
    }
}

/// One GPIO, as written in the file.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Gpio {
    /// The BCM GPIO number.
    pub bcm: u8,
    /// The physical header pin.
    pub physical: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShoe {
    port: String,
    baud: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatrix {
    rows: Vec<Gpio>,
    columns: Vec<Gpio>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeds {
    polarity: String,
    seats: Vec<Gpio>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPins {
    shoe: RawShoe,
    matrix: RawMatrix,
    keys: BTreeMap<String, [usize; 2]>,
    leds: RawLeds,
}

/// A checked pin map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PinMap {
    /// The shoe's serial port.
    pub shoe_port: String,
    /// Its baud rate.
    pub shoe_baud: u32,
    /// The matrix rows (outputs).
    pub rows: Vec<Gpio>,
    /// The matrix columns (inputs with pull-ups).
    pub columns: Vec<Gpio>,
    /// Every key of the panel and its `(row, column)`, in [`ALL_KEYS`] order.
    pub keys: Vec<(Key, usize, usize)>,
    /// The seat LEDs, seat 1 first.
    pub leds: Vec<Gpio>,
    /// Which level lights an LED.
    pub led_polarity: Polarity,
}

/// What is wrong with a pin map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinError {
    /// The file could not be read (its path and the operating system's error).
    Io(Cause),
    /// Not valid TOML, or not the expected tables and fields (the message names the
    /// line; the TOML reader's error kept whole).
    Syntax(Cause),
    /// A BCM number not on the 40-pin header.
    NotOnHeader(u8),
    /// A BCM number written with the wrong physical pin.
    WrongPhysical {
        /// The BCM number.
        bcm: u8,
        /// The physical pin written.
        written: u8,
        /// The physical pin it is.
        actual: u8,
    },
    /// A GPIO used twice.
    PinUsedTwice(u8),
    /// A key of the panel with no position.
    MissingKey(String),
    /// A name under `[keys]` that is not a key.
    UnknownKey(String),
    /// A key position outside the matrix.
    OutsideMatrix(String),
    /// Two keys at one position.
    PositionUsedTwice(String, String),
    /// More LEDs than seats.
    TooManyLeds(usize),
    /// A polarity other than `active_high` or `active_low`.
    BadPolarity(String),
}

impl fmt::Display for PinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("pins.toml: ")?;
        match self {
            PinError::Io(e) => write!(f, "{e}"),
            PinError::Syntax(e) => write!(f, "{e}"),
            PinError::NotOnHeader(bcm) => {
                write!(f, "BCM {bcm} is not on the 40-pin header (BCM 0 to 27 are)")
            }
            PinError::WrongPhysical {
                bcm,
                written,
                actual,
            } => write!(
                f,
                "BCM {bcm} is physical pin {actual}, not {written}: fix the file before wiring"
            ),
            PinError::PinUsedTwice(bcm) => write!(f, "BCM {bcm} is used twice"),
            PinError::MissingKey(k) => write!(f, "the key `{k}` has no [row, column]"),
            PinError::UnknownKey(k) => write!(f, "`{k}` is not a key of the panel"),
            PinError::OutsideMatrix(k) => write!(f, "the key `{k}` is outside the matrix"),
            PinError::PositionUsedTwice(a, b) => {
                write!(f, "the keys `{a}` and `{b}` are at the same [row, column]")
            }
            PinError::TooManyLeds(n) => {
                write!(
                    f,
                    "{n} seat LEDs, but a table has at most {MAX_SEATS} seats"
                )
            }
            PinError::BadPolarity(p) => {
                write!(f, "polarity `{p}`: write `active_high` or `active_low`")
            }
        }
    }
}

/// The operating system's or the TOML reader's error, kept whole.
impl std::error::Error for PinError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PinError::Io(c) | PinError::Syntax(c) => c.error(),
            _ => None,
        }
    }
}

impl PinMap {
    /// The pin map shipped in `hardware/pins.toml`.
    pub fn shipped() -> Result<PinMap, PinError> {
        PinMap::parse(DEFAULT_PINS_TOML)
    }

    /// Reads and checks a pin map file.
    pub fn load(path: &Path) -> Result<PinMap, PinError> {
        let text = crate::text::read_bounded(path, MAX_PINS_FILE_BYTES, "a pin map")
            .map_err(|e| PinError::Io(Cause::worded(format!("{}: {e}", path.display()), e)))?;
        PinMap::parse(&text)
    }

    /// Checks a pin map's text.
    pub fn parse(text: &str) -> Result<PinMap, PinError> {
        if let Some(line) = crate::text::long_line(text, MAX_PINS_LINE_BYTES) {
            return Err(PinError::Syntax(Cause::said(format!(
                "line {line} is longer than {MAX_PINS_LINE_BYTES} bytes: not a pin map"
            ))));
        }
        let raw: RawPins = toml::from_str(text).map_err(|e| PinError::Syntax(Cause::of(e)))?;
        let mut used = Vec::new();
        for gpio in raw
            .matrix
            .rows
            .iter()
            .chain(&raw.matrix.columns)
            .chain(&raw.leds.seats)
        {
            let actual = physical_pin(gpio.bcm).ok_or(PinError::NotOnHeader(gpio.bcm))?;
            if actual != gpio.physical {
                return Err(PinError::WrongPhysical {
                    bcm: gpio.bcm,
                    written: gpio.physical,
                    actual,
                });
            }
            if used.contains(&gpio.bcm) {
                return Err(PinError::PinUsedTwice(gpio.bcm));
            }
            used.push(gpio.bcm);
        }
        if let Some(name) = raw
            .keys
            .keys()
            .find(|n| !ALL_KEYS.iter().any(|k| key_name(*k) == **n))
        {
            return Err(PinError::UnknownKey(name.clone()));
        }
        let mut keys: Vec<(Key, usize, usize)> = Vec::with_capacity(PANEL_KEYS);
        for key in ALL_KEYS {
            let name = key_name(key);
            let [row, col] = *raw
                .keys
                .get(&name)
                .ok_or_else(|| PinError::MissingKey(name.clone()))?;
            if row >= raw.matrix.rows.len() || col >= raw.matrix.columns.len() {
                return Err(PinError::OutsideMatrix(name));
            }
            if let Some((other, _, _)) = keys.iter().find(|(_, r, c)| (*r, *c) == (row, col)) {
                return Err(PinError::PositionUsedTwice(key_name(*other), name));
            }
            keys.push((key, row, col));
        }
        if raw.leds.seats.len() > MAX_SEATS {
            return Err(PinError::TooManyLeds(raw.leds.seats.len()));
        }
        let led_polarity = match raw.leds.polarity.as_str() {
            "active_high" => Polarity::ActiveHigh,
            "active_low" => Polarity::ActiveLow,
            other => return Err(PinError::BadPolarity(other.into())),
        };
        Ok(PinMap {
            shoe_port: raw.shoe.port,
            shoe_baud: raw.shoe.baud,
            rows: raw.matrix.rows,
            columns: raw.matrix.columns,
            keys,
            leds: raw.leds.seats,
            led_polarity,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_one_endless_line_is_not_a_pin_map() {
        let e = PinMap::parse(&format!("# {}", "x".repeat(MAX_PINS_LINE_BYTES)));
        assert!(
            matches!(&e, Err(PinError::Syntax(m)) if m.starts_with("line 1 is longer")),
            "{e:?}"
        );
    }

    #[test]
    fn the_shipped_pin_map_is_consistent() {
        let map = PinMap::shipped().unwrap();
        assert_eq!(map.keys.len(), PANEL_KEYS);
        assert_eq!(map.leds.len(), MAX_SEATS);
        assert_eq!((map.rows.len(), map.columns.len()), (6, 6));
        assert_eq!(map.shoe_port, "/dev/table-shoe");
        // The Pi's UART and the ID EEPROM pins stay free.
        let all: Vec<u8> = map
            .rows
            .iter()
            .chain(&map.columns)
            .chain(&map.leds)
            .map(|g| g.bcm)
            .collect();
        for free in [0, 1, 14, 15] {
            assert!(!all.contains(&free), "BCM {free}");
        }
        // Physical numbers of the whole header: each BCM on its own pin.
        let mut phys: Vec<u8> = (0..28).filter_map(physical_pin).collect();
        phys.sort_unstable();
        phys.dedup();
        assert_eq!(phys.len(), 28);
    }

    #[test]
    fn mistakes_are_refused() {
        let wrong = DEFAULT_PINS_TOML.replacen(
            "{ bcm = 17, physical = 11 }",
            "{ bcm = 17, physical = 12 }",
            1,
        );
        assert_eq!(
            PinMap::parse(&wrong),
            Err(PinError::WrongPhysical {
                bcm: 17,
                written: 12,
                actual: 11
            })
        );
        let twice = DEFAULT_PINS_TOML.replacen(
            "{ bcm = 19, physical = 35 }",
            "{ bcm = 4, physical = 7 }",
            1,
        );
        assert_eq!(PinMap::parse(&twice), Err(PinError::PinUsedTwice(4)));
        let missing = DEFAULT_PINS_TOML.replacen("undo       = [2, 4]", "", 1);
        assert_eq!(
            PinMap::parse(&missing),
            Err(PinError::MissingKey("undo".into()))
        );
        let clash = DEFAULT_PINS_TOML.replacen("undo       = [2, 4]", "undo = [0, 0]", 1);
        assert_eq!(
            PinMap::parse(&clash),
            Err(PinError::PositionUsedTwice("fold".into(), "undo".into()))
        );
        let outside = DEFAULT_PINS_TOML.replacen("undo       = [2, 4]", "undo = [6, 0]", 1);
        assert_eq!(
            PinMap::parse(&outside),
            Err(PinError::OutsideMatrix("undo".into()))
        );
        let unknown = format!("{DEFAULT_PINS_TOML}\n[extra]\n");
        assert!(matches!(PinMap::parse(&unknown), Err(PinError::Syntax(_))));
        let e = PinMap::parse("[shoe]\nport = 5\n").unwrap_err();
        assert!(e.to_string().contains("line"), "{e}");
        assert!(PinMap::load(Path::new("/nonexistent/pins.toml")).is_err());
    }
}
