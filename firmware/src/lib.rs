//! # The table controller's rules engine
//!
//! `no_std`, no heap, no `unsafe`: the same code runs on the Raspberry Pi under the
//! table and on a microcontroller. Before working on this crate, read `RULES.md`
//! (the project's rule book); every rule implemented here cites its ID.
//!
//! The layers, bottom up:
//!
//! - [`card`]: cards, ranks, suits and card sets.
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

pub mod buttons;
pub mod card;
pub mod config;
pub mod deck;
pub mod shoe;

pub use card::{Card, CardSet, Rank, Suit};
