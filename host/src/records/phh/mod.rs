//! # PHH hand histories
//!
//! Reads the Poker Hand History format (PHH, <https://phh.readthedocs.io>): one hand
//! per `.phh` file, or many hands in a `.phhs` file, each under a `[N]` section
//! header. PHH is TOML; this module has its own parser for the part of TOML that
//! hand histories use, because a general TOML library turns `0.25` into a binary
//! float and money must never be a float here.
//!
//! ## Layers
//!
//! 1. One reading of the TOML layout (`key = value` lines, `[section]` headers, no
//!    key twice) hands each key to a sink, which reads its value.
//! 2. [`parse_document`]: the generic sink, TOML text to a [`Document`] of
//!    [`Entry`]s, every value with the 1-based line it starts on. Numbers stay exact
//!    ([`Number`] keeps the digits); dates, times, `inf` and `nan` are kept as
//!    [`Value::Raw`] text.
//! 3. [`parse_str`] / [`parse_file`]: the hand sink, which builds each
//!    [`HandHistory`] (integer amounts, parsed [`PhhAction`]s) as its text is read,
//!    without a document between; other keys are kept as [`Value`]s in
//!    [`HandHistory::extra`]. A problem with a hand's contents is reported once the
//!    whole text has been read as TOML, so a layout error comes first.
//!
//! ## Amounts and the chip unit
//!
//! All amounts of one file (`antes`, `blinds_or_straddles`, `min_bet`, `small_bet`,
//! `big_bet`, `bring_in`, `starting_stacks`, `finishing_stacks`, `winnings` and the
//! `cbr` amounts of the actions, in every hand of a `.phhs` file) are integers in
//! one chip unit: with `k` the largest number of decimal places any of them uses
//! (trailing zeros do not count: `9775.0` uses none), every amount is multiplied by
//! `10^k` with checked arithmetic ([`Scale`]). HandHQ's `$0.25` antes and `$92.75`
//! stacks become 25 and 9275 cents; [`Scale::format`] turns units back into text.
//!
//! ## Guarantees
//!
//! No function here panics on any input: every problem is a [`PhhError`] naming the
//! line and what to fix, for example
//! `line 7: expected a number in `starting_stacks`, found "abc"`.
//!
//! ## Where things are
//!
//! Each concern has a file: the errors (`error.rs`); exact numbers and the chip unit
//! (`number.rs`), and the amounts of a file put in one unit as it is read
//! (`units.rs`); the generic TOML tree (`document.rs`); the reading of the TOML layout
//! (`layout.rs`) and of one value (`values.rs`); the hand's model (`model.rs`); the
//! actions (`action.rs`) and their cards (`cards.rs`); the hand's fields as they are
//! read (`fields.rs`) and the hand sink that reads a file (`reader.rs`); and the
//! writing of hands back to text (`write.rs`). Every public item is re-exported here:
//! callers name `phh::X`, never the file it lives in.

mod action;
mod action_error;
mod cards;
mod document;
mod error;
mod fields;
mod layout;
mod model;
mod number;
mod reader;
mod units;
mod values;
mod write;

#[cfg(test)]
mod tests;

pub use action::{parse_action, PhhAction};
pub use action_error::ActionError;
pub use cards::parse_cards;
pub use document::{parse_document, Document, Entry, Item, Section, Value};
pub use error::{PhhError, PhhErrorKind};
pub use model::{ActionInfo, HandHistory, Shown, Variant};
pub use number::{Number, Scale};
pub use reader::{parse_file, parse_hand, parse_read, parse_str, read_text, read_text_into};
pub use write::to_phhs;

use firmware::Card;

/// The most cards one action may name: a draw game's five, with room to spare.
pub const MAX_ACTION_CARDS: usize = 8;

/// The cards of one action (`None` = `??`, unknown), held in the action itself:
/// a hand deals a dozen times, and each deal would otherwise be a heap
/// allocation to make, copy into the replay's steps and free.
pub type Cards = heapless::Vec<Option<Card>, MAX_ACTION_CARDS>;

/// Values nested deeper than this (arrays in arrays...) are refused, so hostile
/// input cannot exhaust the stack.
pub const MAX_DEPTH: usize = 32;

/// The most decimal places an amount may use (10^18 still fits in a `u64`).
pub const MAX_DECIMALS: u32 = 18;

/// The largest hand-history file read: a hand is half a kilobyte and the largest
/// `.phhs` of the public corpora a few kilobytes, so a file far larger is not one
/// (and is not read into memory whole: `tablectl replay /dev/zero` stops here).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The longest line of a hand history: a whole hand's actions on one line are a few
/// kilobytes.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The most actions one hand may have: a hand of ten players that raise to the
/// cap on every street has a few hundred.
pub const MAX_ACTIONS: usize = 10_000;
