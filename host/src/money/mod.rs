//! # Money: what a hand's chips come to
//!
//! The bottom layer of the host: side pots ([`pots`]), hand evaluation ([`eval`]),
//! the showdown ([`showdown`]), settlement with odd chips and rake ([`settle`]) and
//! the exact all-in equity the display shows ([`equity`]), and the check of a
//! dealer's award against the tabled hands ([`award`]). Pure functions of the
//! engine's state: nothing here reads a file, a clock or a device.

pub mod award;
pub mod equity;
pub mod eval;
pub mod pots;
pub mod settle;
pub mod showdown;
