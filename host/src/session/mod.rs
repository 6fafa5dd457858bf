//! # Session: a table at work
//!
//! Above [`crate::records`]: a table driven hand after hand. [`table`]'s
//! [`TableSession`] is the one place an input is applied by the engine, logged, paid
//! and shown, whatever drives it. [`live`] runs a table on its panel and shoe (the
//! Raspberry Pi, or the simulated devices in tests); [`simulated`] seats simulated
//! players at a simulated shoe (the bench table).

pub mod live;
pub mod simulated;
pub mod table;

pub use table::{Observer, Outcome, RecordTap, ShoeEvent, TableSession};
