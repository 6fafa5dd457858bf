//! # Devices of the table controller
//!
//! The std side of the controller's hardware, between the `firmware` rules engine and
//! the `host` application:
//!
//! - [`link`]: the shoe's serial link. [`link::ShoeLink`] speaks the PN532 frame
//!   format over any [`link::ShoePort`] (a serial port, a pseudo-terminal, the
//!   bench's in-memory loopback), reports every fault, and never turns a damaged,
//!   stale or duplicated frame into a card. [`link::to_read`] (the firmware's, which
//!   owns the antenna-to-burn mapping) maps a read to the engine's
//!   [`firmware::Read`] through the deck map.
//! - [`sim`]: the bench: a simulated PN532 ([`sim::SimShoe`]) with fault injection
//!   ([`sim::Faulty`]) and tracing ([`sim::Traced`]), run on a real pseudo-terminal
//!   ([`sim::PtyShoe`]) or in memory on a virtual clock ([`sim::Loopback`]); a
//!   simulated dealer and button panel.
//! - [`cause`]: an error's cause kept whole behind the words its message shows.
//! - [`enrolment`]: enrolling a new deck's tags, checking a deck, and the deck map file.
//! - [`pins`]: the Raspberry Pi pin map (`hardware/pins.toml`).
//! - [`matrix`]: the button panel's key matrix, over embedded-hal pins.
//! - [`pi`]: detecting a Raspberry Pi, and (feature `pi`) its GPIO through rppal.
//!
//! Before working on the shoe, read `hardware/docs/shoe-protocol.md`; before wiring a
//! table, `hardware/docs/wiring.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cause;
pub mod enrolment;
pub mod link;
pub mod matrix;
pub mod pi;
pub mod pins;
pub mod rng;
pub mod sim;
pub mod text;
