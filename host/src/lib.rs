//! # The table controller's application
//!
//! On top of the firmware rules engine, in layers, each using only those below it:
//!
//! - [`money`]: side pots, hand evaluation, the showdown, settlement, equity.
//! - [`records`]: the hand log, hand histories (PHH), their export and replay,
//!   scenario scripts.
//! - [`session`]: a table at work, on its devices or simulated.
//! - [`display`]: the screens (players' display, floor view).
//! - [`floor`]: the casino floor's store, every table's hand log in PostgreSQL.
//! - [`bench`](mod@bench): what `tablectl bench` times and prints (it reads the clocks).
//! - `bin/tablectl`: the command.
//!
//! [`peers`] finds the outside programs the tests and benchmarks compare against.
#![forbid(unsafe_code)]

pub mod bench;
pub mod display;
pub mod floor;
pub mod money;
pub mod peers;
pub mod records;
pub mod session;
pub mod settings;

/// Seat `n`, for literals in the unit tests.
#[cfg(test)]
pub(crate) fn sn(n: u8) -> firmware::SeatNo {
    firmware::SeatNo::new(n).expect("a seat number, 1..=MAX_SEATS")
}

/// `n` chips, for literals in the unit tests.
#[cfg(test)]
pub(crate) fn ch(n: u64) -> firmware::Chips {
    firmware::Chips::new(n)
}
