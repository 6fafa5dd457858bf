//! The hand log: every input the table took or refused, what it caused, and the raw
//! reads and key presses behind it, kept durably and tamper-evident in an embedded SQLite
//! database in the table's data folder.
//!
//! # What is stored
//!
//! One database file, [`FILE_NAME`], per table and data folder, with four tables:
//!
//! - `meta`: the format version, the table id (a log copied from another table is
//!   refused), and a key check that tells a wrong secret from tampering.
//! - `records`: one row per [`Record`], numbered from 1 (`seq`), with the caller's
//!   timestamp (ms since the epoch), its kind, its payload (JSON, versioned by a `v`
//!   field), the hand it belongs to (an index for the floor's queries, checked by
//!   [`HandLog::verify`]) and its MAC.
//! - `head`: one row with the last record's `seq` and MAC, written in the same
//!   transaction as the record, under its own keyed tag.
//! - `dropped`: torn records set aside by recovery, kept for the floor.
//!
//! Inputs are stored in a stable text form, the scenario-script syntax of
//! `tests/README.md` with one input per line ([`encode_input`], [`parse_input`]), so a
//! log written today replays after the engine's types change, and a hand from the log
//! pastes into a scenario script. Events are stored as their `Display` text (what the
//! dealer saw) and as a machine form ([`EventData`]).
//!
//! # Durability: WAL with `synchronous=FULL`
//!
//! [`HandLog::append`] returns only after its transaction is committed, and the
//! controller acknowledges an input only after that. The database runs in WAL mode
//! with `synchronous=FULL`: every commit syncs the write-ahead log to storage before it
//! returns, so a committed record survives a power cut. `synchronous=NORMAL` in WAL
//! mode would keep the file consistent but could lose the last commits, which the
//! dealer already saw acknowledged; that is not acceptable for a log that must match
//! the table. SQLite checksums WAL frames, so a commit cut short by a power failure is
//! discarded whole on the next open: the record and its head move together or not at
//! all. Storage that acknowledges writes it has not made can still leave a damaged last
//! record; [`HandLog::open`] detects it (its payload is incomplete and its MAC fails),
//! sets it aside in `dropped`, writes a note, and reports it in
//! [`Recovered::dropped`]: it is never half-applied.
//!
//! # Tamper evidence
//!
//! Each record carries `mac = HMAC-SHA256(secret, prev_mac || seq || timestamp || kind
//! || payload)`, where `prev_mac` is the previous record's MAC (32 zero bytes before the
//! first), `seq` and `timestamp` are 8 bytes big-endian, and `kind` and `payload` are
//! each preceded by their length (so no two records encode to the same bytes). Editing,
//! deleting, inserting or reordering rows breaks the chain at the first changed record,
//! and [`HandLog::verify`] names it. Removing the last records leaves a valid chain, so
//! the `head` row holds the last `seq` and MAC under a keyed tag: a head that says more
//! records than there are, a missing head, or a head rewritten without the secret
//! reports the truncation.
//!
//! Whoever holds the secret can rewrite the whole log, and an old copy of the whole
//! file (records and head together) is a valid log. Against that, anchor the head
//! elsewhere from time to time ([`HandLog::head`]: the floor server, a printed slip).
//!
//! # Recovery
//!
//! [`HandLog::open`] checks the whole chain and gives back the configuration and every
//! accepted input ([`Recovered`]); [`rebuild_table`] replays them into a [`Table`](firmware::Table)
//! equal to the one that was running. Refused inputs, raw frames, key presses and notes
//! are kept for the floor but not replayed.
//!
//! The module never reads the clock: callers pass the time, [`now_ms`] reads it for the
//! binary.
//!
//! # Where things are
//!
//! The log's pieces each have a file: [`Record`] and its JSON payloads (`record.rs`),
//! the input text form (`input.rs`), the events' machine form (`event.rs`), the
//! version 1 configuration still read (`config_v1.rs`), the hand a record belongs to
//! (`tracker.rs`), the MACs and the secret (`chain.rs`), the SQLite file (`storage.rs`),
//! the walk over the chain that names a problem (`walk.rs`), appending (`append.rs`),
//! opening and recovery (`recovery.rs`), the verify report (`verify.rs`) and the
//! floor's read-only queries (`audit.rs`). Every public item is re-exported here:
//! callers name `handlog::X`, never the file it lives in.

mod append;
mod audit;
mod chain;
mod config_v1;
mod error;
mod event;
mod follow;
mod input;
mod record;
mod recovery;
mod storage;
mod tracker;
mod verify;
mod walk;

#[cfg(test)]
mod tests;

pub use append::{HandLog, Head};
pub use audit::{AuditLog, Entry, HandFilter, HandFlags, HandSummary, TimelineEntry};
pub use chain::handlog_secret;
pub use error::LogError;
pub use event::{EventData, EventRecord, PostKind, StreetName, WarningData};
pub use follow::Follower;
pub use input::{encode_input, parse_input, InputParseError};
pub use record::Record;
pub use recovery::{rebuild_table, DroppedRecord, Recovered};
pub use verify::{Problem, ProblemKind, VerifyReport};

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// The database file's name in the table's data folder.
pub const FILE_NAME: &str = "handlog.sqlite3";

/// The file format this code writes (the `meta` table's `format`).
pub const FORMAT_VERSION: u32 = 1;

/// The payload version this code writes (each payload's `v`); older ones stay readable.
/// 2: the configuration record holds every setting as `key: value` text in the one
/// settings codec ([`crate::settings`]), money rules included; 1 held a fixed set of
/// fields (`ConfigData`, in `config_v1.rs`) without the money rules,
/// `unconfirmed_straddle` or `short_blind`, which a version 1 log recovers at their
/// defaults.
pub const PAYLOAD_VERSION: u32 = 2;

/// The shortest secret accepted: 16 bytes.
pub const MIN_SECRET_LEN: usize = 16;

/// Milliseconds since the Unix epoch from the system clock (0 if the clock is set before
/// 1970). For the binary; the log itself only stores the times it is given.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A record's sequence number: 1 for the first record of a log, then one more each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seq(pub u64);

impl fmt::Display for Seq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
