//! # Session: a table at work
//!
//! Above [`crate::records`] and [`crate::web`] (whose one list of languages the
//! table's configuration takes): a table driven hand after hand. [`table`]'s
//! [`TableSession`] is the one place an input is applied by the engine, logged, paid
//! and shown, whatever drives it. [`live`] runs a table on its panel and shoe (the
//! Raspberry Pi, or the simulated devices in tests); [`simulated`] seats simulated
//! players at a simulated shoe (the bench table). [`staff`] checks the floor's PINs
//! before a ruling reaches the engine. [`startup`] checks a table's key, log, recovered
//! state and program before it deals. [`floor_link`] is how the table's shipping to
//! the floor's store stands, for the floor to fill in and the display to show.

pub mod floor_link;
pub mod live;
pub mod simulated;
pub mod staff;
pub mod startup;
pub mod table;
pub mod tournament_table;

pub use table::{Observer, Outcome, RecordTap, Refusal, ShoeEvent, TableSession};
