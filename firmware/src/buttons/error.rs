//! Why the panel or the LEDs failed, or a press was refused.

use super::keys::Key;
use crate::rules::SeatNo;
use core::fmt;

/// Why the panel or the LEDs failed, or a press was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ButtonError {
    /// The key's input pin could not be read.
    PinRead(Key),
    /// The seat's LED pin could not be set.
    LedWrite(SeatNo),
    /// No LED for this seat.
    NoSuchSeatLed {
        /// The seat asked for.
        seat: SeatNo,
        /// LEDs fitted, for seats 1..=leds.
        leds: u8,
    },
    /// The panel's pin map has the key twice.
    DuplicateKey(Key),
    /// MISDEAL or NEXT HAND pressed but not held.
    HoldToConfirm(Key),
    /// A key that acts once was pressed twice in quick succession.
    RepeatedPress(Key),
}

impl fmt::Display for ButtonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonError::PinRead(key) => write!(
                f,
                "Could not read the {key} key: check the button panel's cable"
            ),
            ButtonError::LedWrite(seat) => {
                write!(f, "Could not switch seat {seat}'s LED: check the LED cable")
            }
            ButtonError::NoSuchSeatLed { seat, leds } => write!(
                f,
                "No LED for seat {seat}: this table has LEDs for seats 1 to {leds}"
            ),
            ButtonError::DuplicateKey(key) => write!(
                f,
                "The {key} key is mapped to two pins: fix the panel's pin map"
            ),
            ButtonError::HoldToConfirm(key) => {
                write!(f, "{key} not done: hold {key} for a second to confirm")
            }
            ButtonError::RepeatedPress(key) => write!(
                f,
                "{key} pressed twice: the second press was ignored; press it again if you meant it"
            ),
        }
    }
}

impl core::error::Error for ButtonError {}
