//! # The table controller's application
//!
//! On top of the firmware rules engine, in layers, each using only those below it
//! (kept by `tests/layers.rs`, which fails on an arrow up or across):
//!
//! ```text
//!                     bin/tablectl
//!                  /               \
//!           display                 floor      siblings: neither names the other
//!                  \               /
//!                        words
//!                          |
//!                       session
//!                          |
//!                         web
//!                          |
//!                       records
//!                          |
//!                        money                 (settings, peers: under all;
//!                                               bench: on money, for bin alone;
//!                                               tournament: on records, for
//!                                               what spans tables, read by
//!                                               session up and the screens'
//!                                               clock; bench_room: on floor
//!                                               and session, for bin)
//! ```
//!
//! - [`money`]: side pots, hand evaluation, the showdown, settlement, equity.
//! - [`tournament`]: a tournament's structure, its director's events and what they
//!   leave (seats, clock, places, payouts), balancing: pure rules on records' time.
//! - [`records`]: the hand log, hand histories (PHH), their export and replay,
//!   scenario scripts.
//! - [`web`]: what both pages serve HTTP with: the bounded listener, the floor's token
//!   and host checks, headers and policies, HTML escaping, and the languages (one
//!   list, which the table's configuration takes too).
//! - [`session`]: a table at work, on its devices or simulated; what it tells its
//!   observers (the display implements [`session::Observer`]) and how its shipping
//!   to the floor stands ([`session::floor_link`]) are defined here, not above.
//! - [`words`]: the table's words in each language, the log's records said in them.
//! - [`display`]: the screens (players' display, dealer's view, floor view), with a
//!   tournament table's clock read from [`tournament`].
//! - [`floor`]: the casino floor's store, every table's hand log in PostgreSQL, and
//!   its pages.
//! - [`bench`](mod@bench): what `tablectl bench` times and prints (it reads the clocks).
//! - [`bench_room`]: bench tables and the floor together: the director's seating
//!   decisions and a whole simulated tournament (`tablectl tournament sim`).
//! - `bin/tablectl`: the command, which wires a session to its display and shipper.
//!
//! [`settings`] is the one codec of a table's settings; [`peers`] finds the outside
//! programs the tests and benchmarks compare against.
#![forbid(unsafe_code)]

pub mod bench;
pub mod bench_room;
pub mod display;
pub mod floor;
pub mod money;
pub mod peers;
pub mod records;
pub mod session;
pub mod settings;
pub mod tournament;
pub mod web;
pub mod words;

/// Seat `n`, for literals in the unit tests.
#[cfg(test)]
pub(crate) fn sn(n: u8) -> firmware::SeatNo {
    firmware::SeatNo::new(n).expect("a seat number, 1..=MAX_SEATS")
}

/// Cards from their text, one per word (`"Ah Kd 7c"`), for literals in the unit tests.
#[cfg(test)]
pub(crate) fn cards(s: &str) -> Vec<firmware::Card> {
    s.split_whitespace()
        .map(|c| match c.parse() {
            Ok(c) => c,
            Err(e) => panic!("test card {c}: {e}"),
        })
        .collect()
}

/// `n` chips, for literals in the unit tests.
#[cfg(test)]
pub(crate) fn ch(n: u64) -> firmware::Chips {
    firmware::Chips::new(n)
}
