//! The hand log: every input the table took or refused, what it caused, and the raw
//! reads and key presses behind it, kept durably and tamper-evident in an embedded SQLite
//! database in the table's data folder.
//!
//! # What is stored
//!
//! One database file, [`FILE_NAME`], per table and data folder, with four tables:
//!
//! - `meta`: the format version, the table id (a log copied from another table is
//!   refused), and the table's public key (the old scheme: a key check that tells a
//!   wrong secret from tampering).
//! - `records`: one row per [`Record`], numbered from 1 (`seq`), with the caller's
//!   timestamp (ms since the epoch), its kind, its payload (JSON, versioned by a `v`
//!   field), the hand it belongs to (an index for the floor's queries, checked by
//!   [`HandLog::verify`]) and its seal (`mac`: its chain hash and the table's
//!   signature; the old scheme: its MAC).
//! - `head`: one row with the last record's `seq`, hash and signature (the signed
//!   head), written in the same transaction as the record.
//! - `dropped`: torn records set aside by recovery, kept for the floor; each is
//!   vouched for by recovery's note in the chain.
//!
//! Inputs are stored in a stable text form, the scenario-script syntax of
//! `tests/README.md` with one input per line ([`encode_input`], [`parse_input`]), so a
//! log written today replays after the engine's types change, and a hand from the log
//! pastes into a scenario script. Events are stored as their `Display` text (what the
//! dealer saw) and as a machine form ([`EventRecord`]: the engine's own [`firmware::Event`]
//! in the serde form its `serde` feature writes).
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
//! record; [`HandLog::open`] detects it (its payload is incomplete and its hash fails),
//! sets it aside in `dropped`, writes a note, and reports it in
//! [`Recovered::dropped`]: it is never half-applied.
//!
//! # Tamper evidence: a signed chain
//!
//! Each record's `hash = SHA-256(prev_hash || seq || timestamp || kind || payload)`,
//! where `prev_hash` is the previous record's hash (32 zero bytes before the first),
//! `seq` and `timestamp` are 8 bytes big-endian, and `kind` and `payload` are each
//! preceded by their length (so no two records encode to the same bytes). The table
//! then signs the head of the log at that record, `(table id, seq, hash)`, with its
//! Ed25519 key ([`TableKey`]), and stores the signature beside the hash. The private
//! key is never in the data folder; the public key is recorded in `meta` and given to
//! the floor ([`PublicKey`]). An audit needs only the public key: it can check, never
//! sign.
//!
//! What whoever can write the data folder, without the private key, can do, and what
//! shows it ([`HandLog::verify`], `tablectl audit verify`):
//!
//! - Edit, delete, insert or reorder records, or rebuild every hash after an edit: a
//!   record whose hash or signature fails, named, without an anchor.
//! - Remove the last records: the head row, signed, says where the log ends; removing
//!   it or forging one shows, without an anchor. (A head rebuilt from the last record
//!   kept, whose seal is the signed head there, makes a genuine earlier state: below.)
//! - Add, change or remove a row of `dropped`: recovery's note in the chain carries
//!   each set-aside row's digest. Without an anchor.
//! - Re-sign the whole log with a key of their own (and record it in `meta`): shown
//!   when the table's public key, or an anchor, is given.
//! - Roll the log back to an earlier state of itself (delete the WAL after a crash,
//!   cut it short, restore an old head row after deleting later records, or put back
//!   an old copy of the file): every earlier state is a valid log, so only an anchor
//!   shows it. The table publishes its signed head ([`SignedHead`]: [`HandLog::head`],
//!   the floor view) after every hand; `verify` with that anchor reports a log shorter
//!   than it, or forked from it.
//!
//! Opening the table checks every hash and the signatures of the last record and of
//! the head (the hashes chain every record to the last, so its signature vouches for
//! them all); an audit checks every signature, and on a failure so does opening, to
//! name the first record concerned.
//!
//! Logs of the old scheme (format 1: an HMAC chain under a shared secret kept beside
//! the log) are still verified with their secret and reported as the old scheme; the
//! table does not continue them.
//!
//! # Recovery
//!
//! [`HandLog::open`] checks the whole chain and gives back the configuration and every
//! accepted input ([`Recovered`]); [`rebuild_table`] replays them into a [`Table`](firmware::Table)
//! equal to the one that was running, through the log's one replay ([`Rebuild`]), which
//! the PHH export and the floor's live view feed too. Refused inputs, raw frames, key
//! presses, notes and program records are kept for the floor but not replayed.
//!
//! The module never reads the clock: callers pass the time,
//! [`WallTime::now`](crate::records::time::WallTime::now) reads it for the binary.
//!
//! # Where things are
//!
//! The log's pieces each have a file: [`Record`] and its JSON payloads (`record.rs`),
//! the input text form (`input.rs`), the events' machine form (`event.rs`), the
//! version 1 configuration still read (`config_v1.rs`), the hand a record belongs to
//! (`tracker.rs`), the hashes, signatures and old MACs (`chain.rs`), the table's key
//! (`keys.rs`), the signed head (`head.rs`), the SQLite file (`storage.rs`),
//! the walk over the chain that names a problem (`walk.rs`), appending (`append.rs`),
//! opening and recovery (`recovery.rs`), the one replay of the records onto a table
//! (`rebuild.rs`), the verify report (`verify.rs`), the
//! floor's read-only queries (`audit.rs`) and the same read only once the log checks
//! (`checked.rs`), and a record with its seal as the floor's
//! store receives it (`sealed.rs`), and a run of such records read back checked
//! (`shipped.rs`). Every public item is re-exported here:
//! callers name `handlog::X`, never the file it lives in.

mod append;
mod audit;
mod chain;
mod checked;
mod config_v1;
mod error;
mod event;
mod follow;
mod head;
mod input;
mod keys;
pub mod modes;
mod payload_error;
mod rebuild;
mod record;
mod recovery;
mod sealed;
mod shift;
mod shipped;
pub(crate) use shift::civil_date;
mod storage;
mod tracker;
mod verify;
mod walk;

#[cfg(test)]
mod tests;

pub use append::HandLog;
pub use audit::{AuditLog, Entry, HandFilter, HandFlags, HandSummary, TimelineEntry};
pub(crate) use chain::hex;
pub use checked::CheckedLog;
pub use error::LogError;
pub use event::EventRecord;
pub use follow::Follower;
pub use head::{HeadParseError, SignedHead, HEAD_PREFIX};
pub use input::{encode_input, parse_input, InputParseError};
pub(crate) use keys::exposed_mode;
pub(crate) use keys::{parse_hex, parse_hex32};
pub use keys::{public_file, KeyError, PublicKey, TableKey};
pub use payload_error::PayloadError;
pub use rebuild::{Fed, Rebuild, RebuildError, Replayed};
pub use record::Record;
pub use recovery::{rebuild_table, DroppedRecord, Recovered};
pub use sealed::{SealedRecord, GENESIS_HASH};
pub use shift::{rake_report, RakeHour, RakeReport};
pub use shipped::{RunFault, ShippedRun};
pub use verify::{Problem, ProblemKind, Scheme, Trust, VerifyReport};

use serde::{Deserialize, Serialize};
use std::fmt;

/// The database file's name in the table's data folder.
pub const FILE_NAME: &str = "handlog.sqlite3";

/// The file format this code writes (the `meta` table's `format`): 2, records signed
/// with the table's key.
pub const FORMAT_VERSION: u32 = 2;

/// The old format, records chained by HMAC under a shared secret: still verified, no
/// longer written or continued.
pub const FORMAT_HMAC: u32 = 1;

/// The payload version this code writes (each payload's `v`); older ones stay readable.
/// 2: the configuration record holds every setting as `key: value` text in the one
/// settings codec ([`crate::settings`]), money rules included; 1 held a fixed set of
/// fields (`ConfigData`, in `config_v1.rs`) without the money rules,
/// `unconfirmed_straddle` or `short_blind`, which a version 1 log recovers at their
/// defaults.
pub const PAYLOAD_VERSION: u32 = 2;

/// The shortest secret accepted for a log of the old scheme: 16 bytes.
pub const MIN_SECRET_LEN: usize = 16;

/// A record's sequence number: 1 for the first record of a log, then one more each
/// (0, the default: before the first).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seq(pub u64);

impl fmt::Display for Seq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
