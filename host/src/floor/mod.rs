//! # The casino floor: every table's hand log in one PostgreSQL store
//!
//! Above [`crate::session`]: a table ships each record of its hand log, once it is
//! durable locally, to the floor's store ([`Shipper`], on its own thread: the table
//! never waits for the floor). The store takes a record only as the one after the
//! table's head, chained to it and signed with the table's key, exactly once
//! ([`Store::ingest`]), and raises an [`Alert`] on a gap, a fork or a bad signature.
//! It keeps each table's latest signed head, so a controller whose local log was
//! rolled back is caught (`tablectl audit verify DIR --floor URL`), and one row per
//! hand for the floor's audits across tables ([`hands::list`]).
//!
//! The schema is versioned SQL in `migrations/`, applied at start ([`schema`]).
//! Each table ships under a login of its own that reads and writes its own rows
//! only, the floor service and the audits under a reader's ([`roles`]).
//! `tablectl floor serve` ([`serve`]) shows the room live: every table, its backlog
//! and alerts ([`room`], [`page`]), a hand in progress's pot and turn from the
//! engine ([`live`]), the hands' search, and a finished hand's timeline, in the
//! floor's language ([`words`]) and clock time ([`when`]). Each table's program and
//! configuration digests, and the alert for a program the floor has not approved,
//! come from [`programs`].
//!
//! The client is the blocking `postgres` crate: the table's session is synchronous
//! and the shipper is one thread per table doing one transaction at a time, so an
//! async client would bring an executor for nothing; the crate is `tokio-postgres`
//! (the protocol, prepared statements, binary arrays for batch inserts) run on a
//! private runtime.

pub mod audits;
pub mod chip_audit;
pub mod clock_follow;
pub mod clock_page;
mod error;
pub mod hand_for_hand;
pub mod hands;
mod ingest;
pub mod link;
pub mod live;
pub mod page;
pub mod presence;
pub mod programs;
mod records;
pub mod roles;
pub mod room;
pub mod schema;
pub mod serve;
mod ship;
mod store;
mod tls;
pub mod tournament_check;
pub mod tournament_facts;
pub mod tournament_page;
pub mod tournaments;
pub mod when;
pub mod words;

pub use error::FloorError;
pub use hands::FloorHand;
pub use ingest::Ingested;
pub use link::{LinkError, SslMode, StoreAccess, StoreLink};
pub use presence::Presence;
pub use programs::{Approved, ProgramAlert, ProgramAlertLine, ProgramStatus};
pub use room::{HandView, Room, TableLine};
pub use serve::{FloorService, ServeError, ServeOptions};
pub use ship::{ShipEnd, ShipEnder, ShipStatus, ShipTap, Shipper, BATCH_RECORDS};
pub use store::{config, Alert, AlertKind, Store, TableRow, TableStatus};
