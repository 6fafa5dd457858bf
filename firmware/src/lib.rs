//! # The table controller's rules engine
//!
//! `no_std`, no heap, no `unsafe`: the same code runs on the Raspberry Pi under the
//! table and on a microcontroller. Before working on this crate, read `RULES.md`
//! (the project's rule book); every rule implemented here cites its ID.
//!
//! The layers, bottom up:
//!
//! - [`card`]: cards, ranks, suits and card sets.
//! - [`rules`]: the table's settings, one per rule RULES.md leaves to the house.
//! - [`table`]: the table across hands (seats, button, blinds, straddle, missed
//!   blinds), the input log, UNDO and MISDEAL.
//! - [`hand`]: one hand as a state machine (deal, burns, board, exchange, settlement).
//! - [`betting`]: the ledger and its limits; the one function that says what is legal.
//! - [`event`]: the inputs the engine takes and the events it returns.
//! - [`deck`]: the deck map from RFID tag UIDs to cards.
//! - [`shoe`]: frames from the RFID card shoe, checked before use.
//! - [`buttons`]: the dealer's button panel, debounced.
//!
//! Capacities are named once in [`config`].
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[macro_use]
mod fmt;

pub mod betting;
pub mod buttons;
pub mod card;
pub mod config;
pub mod console;
pub mod deck;
pub mod error;
pub mod event;
pub mod hand;
pub mod rules;
pub mod seat;
pub mod shoe;
pub mod table;

pub use betting::{Options, RaiseRange, Resolved};
pub use card::{Card, CardSet, Rank, Suit};
pub use error::RuleError;
pub use event::{Action, Event, Events, Input, Post, Read, Street, Warning};
pub use hand::{Board, Hand, Phase, Player};
pub use rules::{Chips, Game, SeatNo, Structure, TableConfig};
pub use seat::{Presence, Seat};
pub use table::{survives_misdeal, State, Table};
