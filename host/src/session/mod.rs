//! # Session: a table at work
//!
//! Above [`crate::records`]: a table driven hand after hand, its inputs applied by the
//! engine, logged, paid and shown. [`live`] runs a table on its panel and shoe (the
//! Raspberry Pi, or the simulated devices in tests); [`simulated`] seats simulated
//! players at a simulated shoe (the bench table).

pub mod live;
pub mod simulated;
