//! # The table controller's rules engine
//!
//! `no_std`, no heap, no `unsafe`: the same code runs on the Raspberry Pi under the
//! table and on a microcontroller. Before working on this crate, read `RULES.md`
//! (the project's rule book); every rule implemented here cites its ID.
//!
//! The layers, bottom up; each uses only the ones before it (and [`config`]):
//!
//! - [`card`]: cards, ranks, suits and card sets.
//! - [`rules`]: the table's settings, one per rule RULES.md leaves to the house.
//! - [`event`]: the inputs the engine takes and the events it returns; [`error`]: why
//!   an input is refused, in words the dealer can act on.
//! - [`seat`]: a seat, its player's stack and what he owes; read by the hand, the
//!   betting and the table alike.
//! - [`hand`]: one hand as a state machine (deal, burns, board, exchange,
//!   settlement), and its ledger and limits ([`betting`], inside it), where the one
//!   function that says what is legal lives: every part of [`Hand`] is in [`hand`].
//! - [`table`]: the table across hands (button, blinds, straddle, missed blinds), the
//!   input log, UNDO and MISDEAL; [`Table::handle`] is the engine's one entry point.
//!
//! Beside the engine, the pure halves of the devices, which hold no table state:
//!
//! - [`deck`]: the deck map from RFID tag UIDs to cards.
//! - [`shoe`]: frames from the RFID card shoe, checked before use, and which of its
//!   antennas means a burn.
//! - [`buttons`]: the dealer's button panel (its keys, debounced presses, keyed
//!   amounts) and the seat LEDs.
//! - [`console`]: key presses to engine inputs, reading the table without changing it.
//!
//! Capacities are named once in [`config`]; time, as the caller's clock gives it, is
//! a [`time::Instant`] and a [`time::Duration`].
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[macro_use]
mod fmt;

pub mod buttons;
pub mod card;
pub mod config;
pub mod console;
pub mod deck;
pub mod error;
pub mod event;
#[cfg(feature = "serde")]
mod event_serde;
pub mod hand;
pub mod rules;
pub mod seat;
pub mod shoe;
pub mod table;
pub mod time;

pub use card::{Card, CardSet, Rank, Suit};
pub use error::RuleError;
pub use event::{Action, Event, Events, Input, Post, Read, Ruling, Street, Warning};
pub use hand::betting::{self, Options, RaiseRange, Resolved};
pub use hand::{Board, Hand, Phase, Player};
pub use rules::{Chips, Game, SeatNo, Structure, TableConfig};
pub use seat::{Presence, Seat};
pub use table::{big_blind_ante, straddle_size, survives_misdeal, State, Table};
pub use time::{Duration, Instant};
