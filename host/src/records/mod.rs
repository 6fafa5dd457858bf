//! # Records: what a table has done, kept and read back
//!
//! Above [`crate::money`]: the hand log ([`handlog`], chained and signed, the table's
//! source of truth), hand histories in PHH ([`phh`]), the log's export as PHH
//! ([`export`]), the replay of a history through the engine and the money
//! ([`replay`], many files on several threads: [`replay_many`]), and scenario
//! scripts ([`scenario`]), and what program a table runs ([`program`]). Their times
//! are wall-clock stamps ([`time::WallTime`]), kept apart from the devices' clocks.

pub mod export;
pub mod handlog;
pub mod phh;
pub mod program;
pub mod replay;
pub mod replay_many;
pub mod scenario;
pub mod time;
