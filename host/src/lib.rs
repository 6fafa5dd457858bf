//! # The table controller's application
//!
//! Money and showdown on top of the firmware rules engine: side pots, hand
//! evaluation, payouts, hand histories, the hand log and the table display.
#![forbid(unsafe_code)]

pub mod eval;
pub mod phh;
pub mod pots;
pub mod scenario;
