//! The dealer's button panel, debounced, and the seat LEDs.
//!
//! The panel has the action keys (FOLD, CHECK/CALL, BET/RAISE, ALL-IN), a keypad for
//! amounts (0-9, CLEAR, ENTER), the hand keys (UNDO, STRADDLE, MISDEAL, NEXT HAND) and
//! one key per seat (1..=11, [`MAX_SEATS`](crate::config::MAX_SEATS)). Each key is a
//! GPIO input; each seat has an LED showing whose turn it is.
//!
//! The layers, bottom up, all pure functions of the caller's time, a [`crate::time::Instant`]
//! (no clock reads):
//!
//! - [`Debouncer`]: one input level to clean [`Edge`]s after a stable time (20 ms).
//! - [`PressClassifier`]: edges to presses, [`PressKind::Short`], [`PressKind::Long`]
//!   (held 800 ms) or [`PressKind::Double`] (a press starting within 300 ms of the end
//!   of the last one). [`Button`] is the two together.
//! - [`ButtonPanel`]: N embedded-hal input pins, each mapped to a [`Key`], scanned
//!   into [`KeyEvent`]s. [`KeyEvent::check`] says which presses the engine should take:
//!   MISDEAL and NEXT HAND only when held (PD-MISDEAL: no misdeal by accident), and a
//!   double press of an action key is refused so one tap never acts twice.
//! - [`SeatLeds`]: N embedded-hal output pins, exactly one lit or none.
//! - [`AmountEntry`] and [`parse_amount`]: the keypad and typed amounts to whole
//!   chips, checked arithmetic, never floats.
//!
//! One file per job: `keys.rs` (the keys), `press.rs` (debouncer and classifier),
//! `panel.rs`, `leds.rs`, `amount.rs`, `config.rs` (timing and wiring) and `error.rs`.

mod amount;
mod config;
mod error;
mod keys;
mod leds;
mod panel;
mod press;
#[cfg(test)]
mod tests;

pub use amount::{parse_amount, AmountEntry, AmountError, AMOUNT_DIGITS_LIMIT, MAX_AMOUNT_DIGITS};
pub use config::{
    ButtonConfig, Polarity, DEFAULT_DEBOUNCE, DEFAULT_DOUBLE_PRESS, DEFAULT_LONG_PRESS, STUCK_KEY,
};
pub use error::ButtonError;
pub use keys::{Digit, Key, ALL_KEYS, PANEL_KEYS};
pub use leds::SeatLeds;
pub use panel::{ButtonPanel, KeyEvent};
pub use press::{Button, Debouncer, Edge, PressClassifier, PressKind};
