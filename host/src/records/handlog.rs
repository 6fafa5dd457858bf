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
//! accepted input ([`Recovered`]); [`rebuild_table`] replays them into a [`Table`]
//! equal to the one that was running. Refused inputs, raw frames, key presses and notes
//! are kept for the floor but not replayed.
//!
//! The module never reads the clock: callers pass the time, [`now_ms`] reads it for the
//! binary.

use firmware::rules::{
    AmountPolicy, AnteMode, ButtonRule, FlCap, FlShortAllIn, MixSwitch, Mixed, Stakes,
    StraddleMinRaise,
};
use firmware::{
    Action, Card, Chips, Event, Game, Input, Post, Read, RuleError, SeatNo, Street, Structure,
    Table, TableConfig, Warning,
};
use hmac::{Hmac, KeyInit, Mac};
use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

type HmacSha256 = Hmac<Sha256>;

/// The database file's name in the table's data folder.
pub const FILE_NAME: &str = "handlog.sqlite3";

/// The file format this code writes (the `meta` table's `format`).
pub const FORMAT_VERSION: u32 = 1;

/// The payload version this code writes (each payload's `v`); older ones stay readable.
/// 2: the configuration record holds every setting as `key: value` text in the one
/// settings codec ([`crate::settings`]), money rules included; 1 held a fixed set of
/// fields ([`ConfigData`]) without the money rules, `unconfirmed_straddle` or
/// `short_blind`, which a version 1 log recovers at their defaults.
pub const PAYLOAD_VERSION: u32 = 2;

/// The shortest secret accepted: 16 bytes.
pub const MIN_SECRET_LEN: usize = 16;

/// How long a write waits for a reader's lock before reporting the log busy.
const BUSY_TIMEOUT: Duration = Duration::from_secs(2);

const ZERO_MAC: [u8; 32] = [0; 32];

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

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// The table's settings: the first record of every log, written once.
    Config {
        /// The settings.
        config: TableConfig,
    },
    /// An input the engine accepted, with the events it returned.
    Input {
        /// The input.
        input: Input,
        /// Its events, in order.
        events: Vec<Event>,
    },
    /// An input the engine refused (a wrong button, a card not due, an unknown tag).
    Refused {
        /// The input.
        input: Input,
        /// Why it was refused.
        error: RuleError,
    },
    /// Bytes from the card shoe, as received.
    RawShoeFrame {
        /// The frame.
        bytes: Vec<u8>,
    },
    /// A press on the dealer's panel, as the panel reported it.
    KeyPress {
        /// The key.
        key: String,
        /// The kind of press (down, up, long, repeat…).
        kind: String,
    },
    /// Free text: a floor decision, a recovery report.
    Note {
        /// The text.
        text: String,
    },
}

impl Record {
    /// An accepted input and its events, as [`Table::handle`] returned them.
    pub fn accepted(input: Input, events: &[Event]) -> Record {
        Record::Input {
            input,
            events: events.to_vec(),
        }
    }

    /// The input and [`Table::handle`]'s answer: accepted with its events, or refused.
    pub fn outcome(input: Input, result: &Result<firmware::Events, RuleError>) -> Record {
        match result {
            Ok(ev) => Record::accepted(input, ev),
            Err(error) => Record::Refused {
                input,
                error: *error,
            },
        }
    }
}

// ---------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------

/// Why the log cannot be used. Each message says what to do; while the log does not
/// work the table must not deal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LogError {
    /// The data folder or the database file cannot be created or opened.
    Open {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        detail: String,
    },
    /// The file is not a readable hand log (damaged, truncated, or another file).
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
    /// The storage is full: nothing was written.
    DiskFull {
        /// The file.
        path: PathBuf,
    },
    /// Another program holds the log's write lock.
    Busy {
        /// The file.
        path: PathBuf,
    },
    /// The log belongs to another table.
    OtherTable {
        /// The file.
        path: PathBuf,
        /// This table's id.
        expected: String,
        /// The id in the file.
        found: String,
    },
    /// The secret does not match the one the log was written with.
    WrongSecret {
        /// The file.
        path: PathBuf,
    },
    /// The secret is shorter than [`MIN_SECRET_LEN`] bytes.
    WeakSecret,
    /// The table id is empty.
    NoTableId,
    /// The file was written by a newer version of this program.
    NewerFormat {
        /// The file.
        path: PathBuf,
        /// Its format version.
        found: u32,
    },
    /// The log was changed outside the controller.
    Tampered {
        /// The file.
        path: PathBuf,
        /// The first problem found.
        problem: Problem,
    },
    /// Another program appended to the log while this one had it open.
    ConcurrentWriter {
        /// The file.
        path: PathBuf,
    },
    /// An input was appended before the table's configuration, or a table is rebuilt
    /// from a log that has none.
    NoConfig,
    /// The log already holds a configuration; a log has exactly one.
    ConfigAlreadyWritten,
    /// The configuration in the record or in the log cannot be played.
    BadConfig {
        /// Why.
        detail: String,
    },
    /// Replaying the log's inputs was refused by the engine.
    Replay {
        /// The input's position among the accepted inputs (0-based).
        index: usize,
        /// The input, as the log writes it.
        input: String,
        /// The engine's answer.
        error: RuleError,
    },
    /// The timestamp does not fit the log (above `i64::MAX` ms).
    Timestamp {
        /// The value given.
        at_ms: u64,
    },
    /// Any other storage failure.
    Storage {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        detail: String,
    },
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Open { path, detail } => write!(
                f,
                "cannot open the hand log {}: {detail}; check the data folder exists and is writable, and do not deal until it is",
                path.display()
            ),
            LogError::Corrupt { path, detail } => write!(
                f,
                "the hand log {} is damaged: {detail}; keep the file for the floor, restore the last backup or start a new data folder, and do not deal until then",
                path.display()
            ),
            LogError::DiskFull { path } => write!(
                f,
                "the storage holding the hand log {} is full: nothing was logged; free space (or replace the card) before dealing on",
                path.display()
            ),
            LogError::Busy { path } => write!(
                f,
                "the hand log {} is locked by another program: close it (an audit left running?) and try again",
                path.display()
            ),
            LogError::OtherTable {
                path,
                expected,
                found,
            } => write!(
                f,
                "the hand log {} belongs to table `{found}`, not `{expected}`: put it back where it came from and use this table's data folder",
                path.display()
            ),
            LogError::WrongSecret { path } => write!(
                f,
                "the hand log {} was written with another secret: install this table's key file; do not start a new log over it",
                path.display()
            ),
            LogError::WeakSecret => write!(
                f,
                "the hand log's secret is shorter than {MIN_SECRET_LEN} bytes: install the table's key file"
            ),
            LogError::NoTableId => f.write_str("the table has no id: set it in the table's settings"),
            LogError::NewerFormat { path, found } => write!(
                f,
                "the hand log {} has format {found}, newer than this program's {FORMAT_VERSION}: update the controller software",
                path.display()
            ),
            LogError::Tampered { path, problem } => write!(
                f,
                "the hand log {} was changed outside the controller ({problem}): call the floor, keep the file as it is, and deal on a new data folder",
                path.display()
            ),
            LogError::ConcurrentWriter { path } => write!(
                f,
                "another program wrote to the hand log {}: only one controller may run per table; stop the other one and restart",
                path.display()
            ),
            LogError::NoConfig => f.write_str(
                "the hand log has no table configuration: write the configuration before the first input",
            ),
            LogError::ConfigAlreadyWritten => f.write_str(
                "the hand log already holds this table's configuration: to change settings, start a new data folder",
            ),
            LogError::BadConfig { detail } => {
                write!(f, "the table configuration cannot be played: {detail}")
            }
            LogError::Replay {
                index,
                input,
                error,
            } => write!(
                f,
                "replaying the hand log failed at accepted input {index} (`{input}`): {error}; call the floor, the log and the engine disagree"
            ),
            LogError::Timestamp { at_ms } => {
                write!(f, "timestamp {at_ms} ms is out of range: check the clock")
            }
            LogError::Storage { path, detail } => write!(
                f,
                "the hand log {} failed: {detail}; do not deal until it works",
                path.display()
            ),
        }
    }
}

impl std::error::Error for LogError {}

/// Maps a SQLite failure to a [`LogError`] for the file at `path`.
fn db_err(path: &Path, e: rusqlite::Error) -> LogError {
    let path = path.to_path_buf();
    match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => LogError::DiskFull { path },
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => LogError::Corrupt {
            path,
            detail: e.to_string(),
        },
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => LogError::Busy { path },
        Some(
            ErrorCode::CannotOpen
            | ErrorCode::PermissionDenied
            | ErrorCode::ReadOnly
            | ErrorCode::NotFound,
        ) => LogError::Open {
            path,
            detail: e.to_string(),
        },
        _ => LogError::Storage {
            path,
            detail: e.to_string(),
        },
    }
}

// ---------------------------------------------------------------------------------
// Inputs as text (payload version 1)
// ---------------------------------------------------------------------------------

/// A line of the input text form that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputParseError {
    /// The line.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "input `{}`: {}", self.text, self.message)
    }
}

impl std::error::Error for InputParseError {}

fn face(card: Option<Card>) -> String {
    card.map_or_else(|| "??".to_string(), |c| c.to_string())
}

/// Writes an input in the log's text form: the scenario-script syntax of
/// `tests/README.md`, one input per line (`seat 3 500 wait`, `hand`, `deal As`,
/// `burn ??`, `bet 40`, `award 3 120`, `undo`). [`parse_input`] reads it back.
///
/// ```
/// use firmware::{Action, Input};
/// use host::records::handlog::{encode_input, parse_input};
/// let i = Input::Act(Action::BetTo(40));
/// assert_eq!(encode_input(&i), "bet 40");
/// assert_eq!(parse_input("bet 40"), Ok(i));
/// ```
pub fn encode_input(input: &Input) -> String {
    let wait = |w: bool| if w { " wait" } else { "" };
    match *input {
        Input::SitDown {
            seat,
            stack,
            wait_for_bb,
        } => format!("seat {seat} {stack}{}", wait(wait_for_bb)),
        Input::TopUp { seat, amount } => format!("topup {seat} {amount}"),
        Input::Leave { seat } => format!("leave {seat}"),
        Input::SitOut { seat } => format!("sitout {seat}"),
        Input::SitIn { seat, wait_for_bb } => format!("sitin {seat}{}", wait(wait_for_bb)),
        Input::PlaceButton { seat } => format!("button {seat}"),
        Input::StartHand => "hand".to_string(),
        Input::Straddle { confirmed: true } => "straddle".to_string(),
        Input::Straddle { confirmed: false } => "straddle unconfirmed".to_string(),
        Input::Card(Read { card, burn: false }) => format!("deal {}", face(card)),
        Input::Card(Read { card, burn: true }) => format!("burn {}", face(card)),
        Input::Act(Action::Fold) => "fold".to_string(),
        Input::Act(Action::CheckCall) => "call".to_string(),
        Input::Act(Action::BetTo(to)) => format!("bet {to}"),
        Input::Act(Action::AllIn) => "allin".to_string(),
        Input::Discard(card) => format!("discard {card}"),
        Input::StandPat => "standpat".to_string(),
        Input::Muck { seat } => format!("muck {seat}"),
        Input::Award { seat, amount } => format!("award {seat} {amount}"),
        Input::Rake { amount } => format!("rake {amount}"),
        Input::Misdeal => "misdeal".to_string(),
        Input::Undo => "undo".to_string(),
    }
}

/// Reads one input written by [`encode_input`]. Also takes the script's synonyms
/// `check` (for `call`) and `raise X` (for `bet X`); one card per line.
pub fn parse_input(text: &str) -> Result<Input, InputParseError> {
    let fail = |message: String| InputParseError {
        text: text.to_string(),
        message,
    };
    let w: Vec<&str> = text.split_whitespace().collect();
    let Some((&cmd, args)) = w.split_first() else {
        return Err(fail("empty input".to_string()));
    };
    let arity = |min: usize, max: usize| {
        if args.len() < min || args.len() > max {
            let want = if min == max {
                format!("{min}")
            } else {
                format!("{min} or {max}")
            };
            Err(fail(format!(
                "`{cmd}` takes {want} word(s) after it, found {}",
                args.len()
            )))
        } else {
            Ok(())
        }
    };
    let seat = |i: usize| -> Result<SeatNo, InputParseError> {
        let s = args.get(i).copied().unwrap_or("");
        s.parse()
            .map_err(|_| fail(format!("seat: expected a seat number, found `{s}`")))
    };
    let chips = |i: usize| -> Result<Chips, InputParseError> {
        let s = args.get(i).copied().unwrap_or("");
        s.parse()
            .map_err(|_| fail(format!("chips: expected a whole number, found `{s}`")))
    };
    let card = |i: usize| -> Result<Option<Card>, InputParseError> {
        match args.get(i).copied().unwrap_or("") {
            "??" => Ok(None),
            s => s
                .parse::<Card>()
                .map(Some)
                .map_err(|e| fail(format!("card `{s}`: {e}"))),
        }
    };
    let flag = |i: usize, word: &str| -> Result<bool, InputParseError> {
        match args.get(i).copied() {
            None => Ok(false),
            Some(s) if s == word => Ok(true),
            Some(s) => Err(fail(format!("expected `{word}` or nothing, found `{s}`"))),
        }
    };
    let input = match cmd {
        "seat" => {
            arity(2, 3)?;
            Input::SitDown {
                seat: seat(0)?,
                stack: chips(1)?,
                wait_for_bb: flag(2, "wait")?,
            }
        }
        "topup" => {
            arity(2, 2)?;
            Input::TopUp {
                seat: seat(0)?,
                amount: chips(1)?,
            }
        }
        "leave" => {
            arity(1, 1)?;
            Input::Leave { seat: seat(0)? }
        }
        "sitout" => {
            arity(1, 1)?;
            Input::SitOut { seat: seat(0)? }
        }
        "sitin" => {
            arity(1, 2)?;
            Input::SitIn {
                seat: seat(0)?,
                wait_for_bb: flag(1, "wait")?,
            }
        }
        "button" => {
            arity(1, 1)?;
            Input::PlaceButton { seat: seat(0)? }
        }
        "hand" => {
            arity(0, 0)?;
            Input::StartHand
        }
        "straddle" => {
            arity(0, 1)?;
            Input::Straddle {
                confirmed: !flag(0, "unconfirmed")?,
            }
        }
        "deal" | "burn" => {
            arity(1, 1)?;
            Input::Card(Read {
                card: card(0)?,
                burn: cmd == "burn",
            })
        }
        "fold" => {
            arity(0, 0)?;
            Input::Act(Action::Fold)
        }
        "call" | "check" => {
            arity(0, 0)?;
            Input::Act(Action::CheckCall)
        }
        "bet" | "raise" => {
            arity(1, 1)?;
            Input::Act(Action::BetTo(chips(0)?))
        }
        "allin" => {
            arity(0, 0)?;
            Input::Act(Action::AllIn)
        }
        "discard" => {
            arity(1, 1)?;
            Input::Discard(card(0)?.ok_or_else(|| fail("a discard names its card".into()))?)
        }
        "standpat" => {
            arity(0, 0)?;
            Input::StandPat
        }
        "muck" => {
            arity(1, 1)?;
            Input::Muck { seat: seat(0)? }
        }
        "award" => {
            arity(2, 2)?;
            Input::Award {
                seat: seat(0)?,
                amount: chips(1)?,
            }
        }
        "rake" => {
            arity(1, 1)?;
            Input::Rake { amount: chips(0)? }
        }
        "misdeal" => {
            arity(0, 0)?;
            Input::Misdeal
        }
        "undo" => {
            arity(0, 0)?;
            Input::Undo
        }
        other => return Err(fail(format!("unknown input `{other}`"))),
    };
    Ok(input)
}

// ---------------------------------------------------------------------------------
// Events: the machine form
// ---------------------------------------------------------------------------------

/// A betting round, in the machine form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum StreetName {
    Preflop,
    Flop,
    Turn,
    River,
    Draw,
}

impl From<Street> for StreetName {
    fn from(s: Street) -> StreetName {
        match s {
            Street::Preflop => StreetName::Preflop,
            Street::Flop => StreetName::Flop,
            Street::Turn => StreetName::Turn,
            Street::River => StreetName::River,
            Street::Draw => StreetName::Draw,
        }
    }
}

impl From<StreetName> for Street {
    fn from(s: StreetName) -> Street {
        match s {
            StreetName::Preflop => Street::Preflop,
            StreetName::Flop => Street::Flop,
            StreetName::Turn => Street::Turn,
            StreetName::River => Street::River,
            StreetName::Draw => Street::Draw,
        }
    }
}

/// A forced bet, in the machine form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum PostKind {
    Ante,
    SmallBlind,
    BigBlind,
    Straddle,
    EnterBigBlind,
    DeadSmallBlind,
}

impl From<Post> for PostKind {
    fn from(p: Post) -> PostKind {
        match p {
            Post::Ante => PostKind::Ante,
            Post::SmallBlind => PostKind::SmallBlind,
            Post::BigBlind => PostKind::BigBlind,
            Post::Straddle => PostKind::Straddle,
            Post::EnterBigBlind => PostKind::EnterBigBlind,
            Post::DeadSmallBlind => PostKind::DeadSmallBlind,
        }
    }
}

impl From<PostKind> for Post {
    fn from(p: PostKind) -> Post {
        match p {
            PostKind::Ante => Post::Ante,
            PostKind::SmallBlind => Post::SmallBlind,
            PostKind::BigBlind => Post::BigBlind,
            PostKind::Straddle => Post::Straddle,
            PostKind::EnterBigBlind => Post::EnterBigBlind,
            PostKind::DeadSmallBlind => Post::DeadSmallBlind,
        }
    }
}

/// A warning, in the machine form (firmware [`Warning`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum WarningData {
    OverPot {
        seat: SeatNo,
        asked: Chips,
        max: Chips,
    },
    UnderMinimum {
        seat: SeatNo,
        asked: Chips,
        to: Chips,
    },
    FixedSize {
        seat: SeatNo,
        asked: Chips,
        to: Chips,
    },
    StraddleUnconfirmed {
        seat: SeatNo,
    },
    FoldedWithCheck {
        seat: SeatNo,
    },
}

/// An event in the machine form: the firmware [`Event`] with named variants and
/// fields, cards as text (`As`, `null` for a card not read), and the dealt seats as a
/// list. Stored as JSON (`{"type":"bet","seat":3,"to":40,"all_in":false}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)] // the firmware's Event documents each variant
pub enum EventData {
    Seated {
        seat: SeatNo,
        stack: Chips,
    },
    ToppedUp {
        seat: SeatNo,
        amount: Chips,
        stack: Chips,
    },
    Left {
        seat: SeatNo,
        stack: Chips,
    },
    SatOut {
        seat: SeatNo,
    },
    SatIn {
        seat: SeatNo,
    },
    ButtonPlaced {
        seat: SeatNo,
    },
    HandStarted {
        number: u32,
        button: SeatNo,
        small_blind: Option<SeatNo>,
        big_blind: SeatNo,
        dealt: Vec<SeatNo>,
    },
    Posted {
        seat: SeatNo,
        post: PostKind,
        amount: Chips,
        all_in: bool,
    },
    MissedBlind {
        seat: SeatNo,
        big: bool,
    },
    StraddleConfirmed {
        seat: SeatNo,
    },
    HoleCard {
        seat: SeatNo,
        card: Option<String>,
    },
    Burned {
        card: Option<String>,
    },
    BoardCard {
        street: StreetName,
        card: Option<String>,
    },
    BettingOpened {
        street: StreetName,
        first: SeatNo,
    },
    Folded {
        seat: SeatNo,
    },
    Checked {
        seat: SeatNo,
    },
    Called {
        seat: SeatNo,
        amount: Chips,
        all_in: bool,
    },
    Bet {
        seat: SeatNo,
        to: Chips,
        all_in: bool,
    },
    Raised {
        seat: SeatNo,
        to: Chips,
        all_in: bool,
    },
    Warning {
        warning: WarningData,
    },
    Returned {
        seat: SeatNo,
        amount: Chips,
    },
    RoundComplete {
        street: StreetName,
    },
    Discarded {
        seat: SeatNo,
        card: String,
    },
    StoodPat {
        seat: SeatNo,
    },
    Redeal {
        button: SeatNo,
    },
    HandOver {
        pot: Chips,
        contested: bool,
    },
    Mucked {
        seat: SeatNo,
    },
    Awarded {
        seat: SeatNo,
        amount: Chips,
    },
    Raked {
        amount: Chips,
    },
    HandComplete {
        number: u32,
    },
    Misdealt {
        number: u32,
    },
    Undone,
}

fn card_text(c: Option<Card>) -> Option<String> {
    c.map(|c| c.to_string())
}

fn card_from(s: &Option<String>) -> Result<Option<Card>, String> {
    s.as_deref()
        .map(|t| t.parse::<Card>().map_err(|e| format!("card `{t}`: {e}")))
        .transpose()
}

impl From<&Event> for EventData {
    fn from(e: &Event) -> EventData {
        use EventData as D;
        match *e {
            Event::Seated { seat, stack } => D::Seated { seat, stack },
            Event::ToppedUp {
                seat,
                amount,
                stack,
            } => D::ToppedUp {
                seat,
                amount,
                stack,
            },
            Event::Left { seat, stack } => D::Left { seat, stack },
            Event::SatOut { seat } => D::SatOut { seat },
            Event::SatIn { seat } => D::SatIn { seat },
            Event::ButtonPlaced { seat } => D::ButtonPlaced { seat },
            Event::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                dealt,
            } => D::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                dealt: (0..16u8).filter(|s| dealt & (1 << s) != 0).collect(),
            },
            Event::Posted {
                seat,
                post,
                amount,
                all_in,
            } => D::Posted {
                seat,
                post: post.into(),
                amount,
                all_in,
            },
            Event::MissedBlind { seat, big } => D::MissedBlind { seat, big },
            Event::StraddleConfirmed { seat } => D::StraddleConfirmed { seat },
            Event::HoleCard { seat, card } => D::HoleCard {
                seat,
                card: card_text(card),
            },
            Event::Burned { card } => D::Burned {
                card: card_text(card),
            },
            Event::BoardCard { street, card } => D::BoardCard {
                street: street.into(),
                card: card_text(card),
            },
            Event::BettingOpened { street, first } => D::BettingOpened {
                street: street.into(),
                first,
            },
            Event::Folded { seat } => D::Folded { seat },
            Event::Checked { seat } => D::Checked { seat },
            Event::Called {
                seat,
                amount,
                all_in,
            } => D::Called {
                seat,
                amount,
                all_in,
            },
            Event::Bet { seat, to, all_in } => D::Bet { seat, to, all_in },
            Event::Raised { seat, to, all_in } => D::Raised { seat, to, all_in },
            Event::Warning(w) => D::Warning {
                warning: match w {
                    Warning::OverPot { seat, asked, max } => {
                        WarningData::OverPot { seat, asked, max }
                    }
                    Warning::UnderMinimum { seat, asked, to } => {
                        WarningData::UnderMinimum { seat, asked, to }
                    }
                    Warning::FixedSize { seat, asked, to } => {
                        WarningData::FixedSize { seat, asked, to }
                    }
                    Warning::StraddleUnconfirmed { seat } => {
                        WarningData::StraddleUnconfirmed { seat }
                    }
                    Warning::FoldedWithCheck { seat } => WarningData::FoldedWithCheck { seat },
                },
            },
            Event::Returned { seat, amount } => D::Returned { seat, amount },
            Event::RoundComplete { street } => D::RoundComplete {
                street: street.into(),
            },
            Event::Discarded { seat, card } => D::Discarded {
                seat,
                card: card.to_string(),
            },
            Event::StoodPat { seat } => D::StoodPat { seat },
            Event::Redeal { button } => D::Redeal { button },
            Event::HandOver { pot, contested } => D::HandOver { pot, contested },
            Event::Mucked { seat } => D::Mucked { seat },
            Event::Awarded { seat, amount } => D::Awarded { seat, amount },
            Event::Raked { amount } => D::Raked { amount },
            Event::HandComplete { number } => D::HandComplete { number },
            Event::Misdealt { number } => D::Misdealt { number },
            Event::Undone => D::Undone,
        }
    }
}

impl EventData {
    /// The firmware event this describes, or why it cannot be one (a card or seat the
    /// engine does not know).
    pub fn to_event(&self) -> Result<Event, String> {
        use EventData as D;
        Ok(match self {
            D::Seated { seat, stack } => Event::Seated {
                seat: *seat,
                stack: *stack,
            },
            D::ToppedUp {
                seat,
                amount,
                stack,
            } => Event::ToppedUp {
                seat: *seat,
                amount: *amount,
                stack: *stack,
            },
            D::Left { seat, stack } => Event::Left {
                seat: *seat,
                stack: *stack,
            },
            D::SatOut { seat } => Event::SatOut { seat: *seat },
            D::SatIn { seat } => Event::SatIn { seat: *seat },
            D::ButtonPlaced { seat } => Event::ButtonPlaced { seat: *seat },
            D::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                dealt,
            } => {
                let mut mask = 0u16;
                for &s in dealt {
                    if s >= 16 {
                        return Err(format!("dealt seat {s} out of range"));
                    }
                    mask |= 1 << s;
                }
                Event::HandStarted {
                    number: *number,
                    button: *button,
                    small_blind: *small_blind,
                    big_blind: *big_blind,
                    dealt: mask,
                }
            }
            D::Posted {
                seat,
                post,
                amount,
                all_in,
            } => Event::Posted {
                seat: *seat,
                post: (*post).into(),
                amount: *amount,
                all_in: *all_in,
            },
            D::MissedBlind { seat, big } => Event::MissedBlind {
                seat: *seat,
                big: *big,
            },
            D::StraddleConfirmed { seat } => Event::StraddleConfirmed { seat: *seat },
            D::HoleCard { seat, card } => Event::HoleCard {
                seat: *seat,
                card: card_from(card)?,
            },
            D::Burned { card } => Event::Burned {
                card: card_from(card)?,
            },
            D::BoardCard { street, card } => Event::BoardCard {
                street: (*street).into(),
                card: card_from(card)?,
            },
            D::BettingOpened { street, first } => Event::BettingOpened {
                street: (*street).into(),
                first: *first,
            },
            D::Folded { seat } => Event::Folded { seat: *seat },
            D::Checked { seat } => Event::Checked { seat: *seat },
            D::Called {
                seat,
                amount,
                all_in,
            } => Event::Called {
                seat: *seat,
                amount: *amount,
                all_in: *all_in,
            },
            D::Bet { seat, to, all_in } => Event::Bet {
                seat: *seat,
                to: *to,
                all_in: *all_in,
            },
            D::Raised { seat, to, all_in } => Event::Raised {
                seat: *seat,
                to: *to,
                all_in: *all_in,
            },
            D::Warning { warning } => Event::Warning(match *warning {
                WarningData::OverPot { seat, asked, max } => Warning::OverPot { seat, asked, max },
                WarningData::UnderMinimum { seat, asked, to } => {
                    Warning::UnderMinimum { seat, asked, to }
                }
                WarningData::FixedSize { seat, asked, to } => {
                    Warning::FixedSize { seat, asked, to }
                }
                WarningData::StraddleUnconfirmed { seat } => Warning::StraddleUnconfirmed { seat },
                WarningData::FoldedWithCheck { seat } => Warning::FoldedWithCheck { seat },
            }),
            D::Returned { seat, amount } => Event::Returned {
                seat: *seat,
                amount: *amount,
            },
            D::RoundComplete { street } => Event::RoundComplete {
                street: (*street).into(),
            },
            D::Discarded { seat, card } => Event::Discarded {
                seat: *seat,
                card: card_from(&Some(card.clone()))?
                    .ok_or_else(|| "a discard names its card".to_string())?,
            },
            D::StoodPat { seat } => Event::StoodPat { seat: *seat },
            D::Redeal { button } => Event::Redeal { button: *button },
            D::HandOver { pot, contested } => Event::HandOver {
                pot: *pot,
                contested: *contested,
            },
            D::Mucked { seat } => Event::Mucked { seat: *seat },
            D::Awarded { seat, amount } => Event::Awarded {
                seat: *seat,
                amount: *amount,
            },
            D::Raked { amount } => Event::Raked { amount: *amount },
            D::HandComplete { number } => Event::HandComplete { number: *number },
            D::Misdealt { number } => Event::Misdealt { number: *number },
            D::Undone => Event::Undone,
        })
    }
}

/// One event as the log keeps it: the line the dealer read, and the machine form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    /// The event's `Display` text.
    pub text: String,
    /// The machine form.
    pub event: EventData,
}

impl From<&Event> for EventRecord {
    fn from(e: &Event) -> EventRecord {
        EventRecord {
            text: e.to_string(),
            event: e.into(),
        }
    }
}

// ---------------------------------------------------------------------------------
// The configuration as JSON
// ---------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum GameName {
    Holdem,
    Omaha,
    OmahaHiLo,
    FiveCardDraw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::enum_variant_names)] // the firmware's names
enum StructureName {
    NoLimit,
    PotLimit,
    FixedLimit,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StakesData {
    small_blind: Chips,
    big_blind: Chips,
    ante: Chips,
    ante_per_player: bool,
    small_bet: Chips,
    big_bet: Chips,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum FlCapData {
    Round { bets: u8, blind_is_bet: bool },
    PerPlayer { raises: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MixedData {
    structure: StructureName,
    stakes: StakesData,
    /// `None`: when the button completes an orbit; `Some(n)`: every `n` hands.
    switch_hands: Option<u16>,
}

/// The configuration as payload version 1 wrote it (read-only now: version 2 writes
/// [`ConfigPayload::settings`]). Unknown fields are refused: a log written by a newer
/// version with more settings is not replayed with them silently dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigData {
    game: GameName,
    structure: StructureName,
    stakes: StakesData,
    max_players: u8,
    dead_button: bool,
    straddle_allowed: bool,
    straddle_min_raise_is_straddle: bool,
    pl_sb_virtual: bool,
    fl_cap: FlCapData,
    fl_short_all_in_half_bet: bool,
    fl_uncapped_heads_up: bool,
    missed_blind_reset_orbits: u8,
    short_deck: bool,
    redeal_ante: bool,
    amounts_corrected: bool,
    burns_automatic: bool,
    mixed: Option<MixedData>,
}

#[cfg(test)]
fn structure_name(s: Structure) -> StructureName {
    match s {
        Structure::NoLimit => StructureName::NoLimit,
        Structure::PotLimit => StructureName::PotLimit,
        Structure::FixedLimit => StructureName::FixedLimit,
    }
}

fn structure_of(s: StructureName) -> Structure {
    match s {
        StructureName::NoLimit => Structure::NoLimit,
        StructureName::PotLimit => Structure::PotLimit,
        StructureName::FixedLimit => Structure::FixedLimit,
    }
}

#[cfg(test)]
fn stakes_data(s: &Stakes) -> StakesData {
    StakesData {
        small_blind: s.small_blind,
        big_blind: s.big_blind,
        ante: s.ante,
        ante_per_player: s.ante_mode == AnteMode::PerPlayer,
        small_bet: s.small_bet,
        big_bet: s.big_bet,
    }
}

fn stakes_of(s: &StakesData) -> Stakes {
    let mut st = Stakes::blinds(s.small_blind, s.big_blind);
    st.ante = s.ante;
    st.ante_mode = if s.ante_per_player {
        AnteMode::PerPlayer
    } else {
        AnteMode::BigBlind
    };
    st.small_bet = s.small_bet;
    st.big_bet = s.big_bet;
    st
}

#[cfg(test)]
impl From<&TableConfig> for ConfigData {
    fn from(c: &TableConfig) -> ConfigData {
        ConfigData {
            game: match c.game {
                Game::Holdem => GameName::Holdem,
                Game::Omaha => GameName::Omaha,
                Game::OmahaHiLo => GameName::OmahaHiLo,
                Game::FiveCardDraw => GameName::FiveCardDraw,
            },
            structure: structure_name(c.structure),
            stakes: stakes_data(&c.stakes),
            max_players: c.max_players,
            dead_button: c.button_rule == ButtonRule::DeadButton,
            straddle_allowed: c.straddle_allowed,
            straddle_min_raise_is_straddle: c.straddle_min_raise == StraddleMinRaise::Straddle,
            pl_sb_virtual: c.pl_sb_virtual,
            fl_cap: match c.fl_cap {
                FlCap::Round { bets, blind_is_bet } => FlCapData::Round { bets, blind_is_bet },
                FlCap::PerPlayer { raises } => FlCapData::PerPlayer { raises },
            },
            fl_short_all_in_half_bet: c.fl_short_all_in == FlShortAllIn::HalfBet,
            fl_uncapped_heads_up: c.fl_uncapped_heads_up,
            missed_blind_reset_orbits: c.missed_blind_reset_orbits,
            short_deck: c.short_deck,
            redeal_ante: c.redeal_ante,
            amounts_corrected: c.amounts == AmountPolicy::Correct,
            burns_automatic: c.automations.burns,
            mixed: c.mixed.map(|m| MixedData {
                structure: structure_name(m.structure),
                stakes: stakes_data(&m.stakes),
                switch_hands: match m.switch {
                    MixSwitch::Orbit => None,
                    MixSwitch::Hands(n) => Some(n),
                },
            }),
        }
    }
}

impl ConfigData {
    fn to_config(&self) -> TableConfig {
        let game = match self.game {
            GameName::Holdem => Game::Holdem,
            GameName::Omaha => Game::Omaha,
            GameName::OmahaHiLo => Game::OmahaHiLo,
            GameName::FiveCardDraw => Game::FiveCardDraw,
        };
        let mut c = TableConfig::new(
            game,
            structure_of(self.structure),
            self.stakes.small_blind,
            self.stakes.big_blind,
        );
        c.stakes = stakes_of(&self.stakes);
        c.max_players = self.max_players;
        c.button_rule = if self.dead_button {
            ButtonRule::DeadButton
        } else {
            ButtonRule::MovingButton
        };
        c.straddle_allowed = self.straddle_allowed;
        c.straddle_min_raise = if self.straddle_min_raise_is_straddle {
            StraddleMinRaise::Straddle
        } else {
            StraddleMinRaise::BigBlind
        };
        c.pl_sb_virtual = self.pl_sb_virtual;
        c.fl_cap = match self.fl_cap {
            FlCapData::Round { bets, blind_is_bet } => FlCap::Round { bets, blind_is_bet },
            FlCapData::PerPlayer { raises } => FlCap::PerPlayer { raises },
        };
        c.fl_short_all_in = if self.fl_short_all_in_half_bet {
            FlShortAllIn::HalfBet
        } else {
            FlShortAllIn::AllInPlusBet
        };
        c.fl_uncapped_heads_up = self.fl_uncapped_heads_up;
        c.missed_blind_reset_orbits = self.missed_blind_reset_orbits;
        c.short_deck = self.short_deck;
        c.redeal_ante = self.redeal_ante;
        c.amounts = if self.amounts_corrected {
            AmountPolicy::Correct
        } else {
            AmountPolicy::Reject
        };
        c.automations.burns = self.burns_automatic;
        c.mixed = self.mixed.as_ref().map(|m| Mixed {
            structure: structure_of(m.structure),
            stakes: stakes_of(&m.stakes),
            switch: m.switch_hands.map_or(MixSwitch::Orbit, MixSwitch::Hands),
        });
        c
    }
}

// ---------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------

const KIND_CONFIG: &str = "config";
const KIND_INPUT: &str = "input";
const KIND_REFUSED: &str = "refused";
const KIND_SHOE: &str = "shoe";
const KIND_KEY: &str = "key";
const KIND_NOTE: &str = "note";

/// The configuration record: version 2 writes `settings`, version 1 wrote `config`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigPayload {
    v: u32,
    table_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    config: Option<ConfigData>,
    /// Every setting, `key: value`, in the settings codec's order and words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    settings: Option<serde_json::Map<String, serde_json::Value>>,
}

impl ConfigPayload {
    /// The table's settings, from whichever form the record's version has.
    fn config(&self) -> Result<TableConfig, String> {
        match (self.v, &self.config, &self.settings) {
            (1, Some(data), None) => Ok(data.to_config()),
            (2.., None, Some(settings)) => {
                let mut pairs = Vec::with_capacity(settings.len());
                for (key, value) in settings {
                    let value = value
                        .as_str()
                        .ok_or_else(|| format!("setting {key} is not text"))?;
                    pairs.push((key.as_str(), value));
                }
                crate::settings::from_pairs(pairs).map_err(|e| format!("settings: {e}"))
            }
            (v, _, _) => Err(format!(
                "configuration record of version {v} without its settings"
            )),
        }
    }
}

/// The settings of `config` as the configuration record and the audit show them.
fn settings_json(config: &TableConfig) -> serde_json::Map<String, serde_json::Value> {
    crate::settings::all(config)
        .into_iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
        .collect()
}

#[derive(Serialize, Deserialize)]
struct InputPayload {
    v: u32,
    input: String,
    events: Vec<EventRecord>,
}

#[derive(Serialize, Deserialize)]
struct RefusedPayload {
    v: u32,
    input: String,
    /// The error's name (`DuplicateCard`).
    code: String,
    /// The error's `Debug` form (`DuplicateCard(As)`).
    detail: String,
    /// The dealer's message.
    error: String,
}

#[derive(Serialize, Deserialize)]
struct ShoePayload {
    v: u32,
    hex: String,
}

#[derive(Serialize, Deserialize)]
struct KeyPayload {
    v: u32,
    key: String,
    kind: String,
}

#[derive(Serialize, Deserialize)]
struct NotePayload {
    v: u32,
    text: String,
}

/// A record read back from its payload.
#[derive(Clone, Debug)]
enum Parsed {
    Config {
        table_id: String,
        config: TableConfig,
    },
    Input {
        input: Input,
        text: String,
        events: Vec<EventRecord>,
    },
    Refused {
        text: String,
        code: String,
        error: String,
    },
    Shoe {
        hex: String,
    },
    Key {
        key: String,
        kind: String,
    },
    Note {
        text: String,
    },
}

fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The refusals that point at the shoe or the deck: a tag the deck map does not know
/// (the card is not in this deck) or a card read twice.
fn is_bad_tag(code: &str) -> bool {
    matches!(code, "NotInDeck" | "DuplicateCard")
}

fn error_code(e: &RuleError) -> String {
    let d = format!("{e:?}");
    d.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The kind, the payload and the parsed form of a record.
fn encode(record: &Record, table_id: &str) -> Result<(&'static str, String, Parsed), LogError> {
    let json = |r: serde_json::Result<String>| {
        r.map_err(|e| LogError::BadConfig {
            detail: format!("cannot encode the record: {e}"),
        })
    };
    Ok(match record {
        Record::Config { config } => {
            config.validate().map_err(|e| LogError::BadConfig {
                detail: e.to_string(),
            })?;
            let p = ConfigPayload {
                v: PAYLOAD_VERSION,
                table_id: table_id.to_string(),
                config: None,
                settings: Some(settings_json(config)),
            };
            (
                KIND_CONFIG,
                json(serde_json::to_string(&p))?,
                Parsed::Config {
                    table_id: table_id.to_string(),
                    config: *config,
                },
            )
        }
        Record::Input { input, events } => {
            let events: Vec<EventRecord> = events.iter().map(EventRecord::from).collect();
            let p = InputPayload {
                v: PAYLOAD_VERSION,
                input: encode_input(input),
                events,
            };
            let s = json(serde_json::to_string(&p))?;
            (
                KIND_INPUT,
                s,
                Parsed::Input {
                    input: *input,
                    text: p.input,
                    events: p.events,
                },
            )
        }
        Record::Refused { input, error } => {
            let p = RefusedPayload {
                v: PAYLOAD_VERSION,
                input: encode_input(input),
                code: error_code(error),
                detail: format!("{error:?}"),
                error: error.to_string(),
            };
            let s = json(serde_json::to_string(&p))?;
            (
                KIND_REFUSED,
                s,
                Parsed::Refused {
                    text: p.input,
                    code: p.code,
                    error: p.error,
                },
            )
        }
        Record::RawShoeFrame { bytes } => {
            let p = ShoePayload {
                v: PAYLOAD_VERSION,
                hex: hex(bytes),
            };
            let s = json(serde_json::to_string(&p))?;
            (KIND_SHOE, s, Parsed::Shoe { hex: p.hex })
        }
        Record::KeyPress { key, kind } => {
            let p = KeyPayload {
                v: PAYLOAD_VERSION,
                key: key.clone(),
                kind: kind.clone(),
            };
            let s = json(serde_json::to_string(&p))?;
            (
                KIND_KEY,
                s,
                Parsed::Key {
                    key: p.key,
                    kind: p.kind,
                },
            )
        }
        Record::Note { text } => {
            let p = NotePayload {
                v: PAYLOAD_VERSION,
                text: text.clone(),
            };
            let s = json(serde_json::to_string(&p))?;
            (KIND_NOTE, s, Parsed::Note { text: p.text })
        }
    })
}

/// Reads a payload back. Errors say what is wrong, for the verify report.
fn parse_payload(kind: &[u8], payload: &[u8]) -> Result<Parsed, String> {
    fn de<'a, T: Deserialize<'a>>(payload: &'a [u8]) -> Result<T, String> {
        serde_json::from_slice(payload).map_err(|e| format!("payload does not read: {e}"))
    }
    fn version(v: u32) -> Result<(), String> {
        if v == 0 || v > PAYLOAD_VERSION {
            Err(format!(
                "payload version {v}: this program reads 1..={PAYLOAD_VERSION}"
            ))
        } else {
            Ok(())
        }
    }
    let kind = std::str::from_utf8(kind).map_err(|_| "the kind is not text".to_string())?;
    Ok(match kind {
        KIND_CONFIG => {
            let p: ConfigPayload = de(payload)?;
            version(p.v)?;
            Parsed::Config {
                config: p.config()?,
                table_id: p.table_id,
            }
        }
        KIND_INPUT => {
            let p: InputPayload = de(payload)?;
            version(p.v)?;
            let input = parse_input(&p.input).map_err(|e| e.to_string())?;
            Parsed::Input {
                input,
                text: p.input,
                events: p.events,
            }
        }
        KIND_REFUSED => {
            let p: RefusedPayload = de(payload)?;
            version(p.v)?;
            parse_input(&p.input).map_err(|e| e.to_string())?;
            Parsed::Refused {
                text: p.input,
                code: p.code,
                error: p.error,
            }
        }
        KIND_SHOE => {
            let p: ShoePayload = de(payload)?;
            version(p.v)?;
            Parsed::Shoe { hex: p.hex }
        }
        KIND_KEY => {
            let p: KeyPayload = de(payload)?;
            version(p.v)?;
            Parsed::Key {
                key: p.key,
                kind: p.kind,
            }
        }
        KIND_NOTE => {
            let p: NotePayload = de(payload)?;
            version(p.v)?;
            Parsed::Note { text: p.text }
        }
        other => return Err(format!("unknown record kind `{other}`")),
    })
}

// ---------------------------------------------------------------------------------
// Which hand a record belongs to
// ---------------------------------------------------------------------------------

/// Follows the hands through the records, mirroring the engine's record of the hand in
/// progress so an UNDO of NEXT HAND closes the hand again. A record belongs to the hand
/// in progress when it is written, including refusals, raw frames, key presses and
/// notes; the records that start and finish a hand belong to it.
#[derive(Clone, Debug, Default)]
struct HandTracker {
    current: Option<u32>,
    /// The inputs UNDO can still take back, as the engine keeps them.
    undoable: Vec<Input>,
}

impl HandTracker {
    fn place(&mut self, p: &Parsed) -> Option<u32> {
        let Parsed::Input { input, events, .. } = p else {
            return self.current;
        };
        let has = |f: fn(&EventData) -> bool| events.iter().any(|e| f(&e.event));
        if let Some(n) = events.iter().find_map(|e| match e.event {
            EventData::HandStarted { number, .. } => Some(number),
            _ => None,
        }) {
            self.current = Some(n);
            self.undoable = vec![*input];
            return self.current;
        }
        let hand = self.current?;
        if *input == Input::Undo {
            if self.undoable.pop() == Some(Input::StartHand) {
                // NEXT HAND itself was undone: the hand is closed until dealt again.
                self.current = None;
            }
        } else if has(|e| matches!(e, EventData::Misdealt { .. })) {
            // The engine keeps only what the misdeal re-applies.
            self.undoable
                .retain(|i| matches!(i, Input::StartHand | Input::Straddle { .. }));
            self.undoable.push(*input);
        } else {
            self.undoable.push(*input);
        }
        if has(|e| matches!(e, EventData::Redeal { .. })) {
            self.undoable.clear();
        }
        if has(|e| matches!(e, EventData::HandComplete { .. })) {
            self.current = None;
            self.undoable.clear();
        }
        Some(hand)
    }
}

// ---------------------------------------------------------------------------------
// MACs
// ---------------------------------------------------------------------------------

fn keyed(secret: &[u8]) -> Result<HmacSha256, LogError> {
    if secret.len() < MIN_SECRET_LEN {
        return Err(LogError::WeakSecret);
    }
    <HmacSha256 as KeyInit>::new_from_slice(secret).map_err(|_| LogError::WeakSecret)
}

fn feed_record(m: &mut HmacSha256, prev: &[u8], seq: i64, ts: i64, kind: &[u8], payload: &[u8]) {
    m.update(prev);
    m.update(&seq.to_be_bytes());
    m.update(&ts.to_be_bytes());
    m.update(&(kind.len() as u64).to_be_bytes());
    m.update(kind);
    m.update(&(payload.len() as u64).to_be_bytes());
    m.update(payload);
}

fn to_array(m: HmacSha256) -> [u8; 32] {
    let out = m.finalize().into_bytes();
    let mut a = [0u8; 32];
    a.copy_from_slice(&out);
    a
}

fn record_mac(
    key: &HmacSha256,
    prev: &[u8],
    seq: i64,
    ts: i64,
    kind: &[u8],
    payload: &[u8],
) -> [u8; 32] {
    let mut m = key.clone();
    feed_record(&mut m, prev, seq, ts, kind, payload);
    to_array(m)
}

/// Whether `row`, written as `seq` after a record whose MAC is `prev`, carries its MAC.
fn chains(key: &HmacSha256, prev: &[u8], seq: i64, row: &RawRow) -> bool {
    let mut m = key.clone();
    feed_record(&mut m, prev, seq, row.ts, &row.kind, &row.payload);
    m.verify_slice(&row.mac).is_ok()
}

fn head_tag(key: &HmacSha256, seq: i64, mac: &[u8]) -> [u8; 32] {
    let mut m = key.clone();
    m.update(b"handlog head v1");
    m.update(&seq.to_be_bytes());
    m.update(mac);
    to_array(m)
}

fn key_check(key: &HmacSha256) -> String {
    let mut m = key.clone();
    m.update(b"handlog key check v1");
    hex(&to_array(m))
}

// ---------------------------------------------------------------------------------
// The database
// ---------------------------------------------------------------------------------

const SCHEMA: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE records (
    seq INTEGER PRIMARY KEY,
    ts INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    hand INTEGER,
    mac BLOB NOT NULL
) STRICT;
CREATE INDEX records_by_hand ON records (hand) WHERE hand IS NOT NULL;
CREATE TABLE head (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL,
    mac BLOB NOT NULL,
    tag BLOB NOT NULL
) STRICT;
CREATE TABLE dropped (
    id INTEGER PRIMARY KEY,
    seq INTEGER,
    ts INTEGER,
    kind BLOB,
    payload BLOB,
    hand INTEGER,
    mac BLOB,
    reason TEXT NOT NULL
);
";

/// A row as stored, read as bytes so damaged text still reads.
#[derive(Clone, Debug)]
struct RawRow {
    seq: i64,
    ts: i64,
    kind: Vec<u8>,
    payload: Vec<u8>,
    hand: Option<i64>,
    mac: Vec<u8>,
}

const ROW_COLUMNS: &str = "seq, ts, kind, payload, hand, mac";

fn value_bytes(v: ValueRef<'_>) -> Vec<u8> {
    match v {
        ValueRef::Text(b) | ValueRef::Blob(b) => b.to_vec(),
        ValueRef::Integer(i) => i.to_string().into_bytes(),
        ValueRef::Real(r) => r.to_string().into_bytes(),
        ValueRef::Null => Vec::new(),
    }
}

fn raw_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    Ok(RawRow {
        seq: r.get(0)?,
        ts: r.get(1)?,
        kind: value_bytes(r.get_ref(2)?),
        payload: value_bytes(r.get_ref(3)?),
        hand: r.get(4)?,
        mac: value_bytes(r.get_ref(5)?),
    })
}

fn row_at(conn: &Connection, seq: i64) -> rusqlite::Result<Option<RawRow>> {
    conn.query_row(
        &format!("SELECT {ROW_COLUMNS} FROM records WHERE seq = ?1"),
        [seq],
        raw_row,
    )
    .optional()
}

#[derive(Clone, Debug)]
struct HeadRow {
    seq: i64,
    mac: Vec<u8>,
    tag: Vec<u8>,
}

fn read_head(conn: &Connection) -> rusqlite::Result<Option<HeadRow>> {
    conn.query_row("SELECT seq, mac, tag FROM head WHERE id = 1", [], |r| {
        Ok(HeadRow {
            seq: r.get(0)?,
            mac: value_bytes(r.get_ref(1)?),
            tag: value_bytes(r.get_ref(2)?),
        })
    })
    .optional()
}

fn head_valid(key: &HmacSha256, h: &HeadRow) -> bool {
    let mut m = key.clone();
    m.update(b"handlog head v1");
    m.update(&h.seq.to_be_bytes());
    m.update(&h.mac);
    m.verify_slice(&h.tag).is_ok()
}

fn meta(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()
}

/// Whether the file holds a hand log, an empty database (new), or something else.
fn has_meta(conn: &Connection) -> rusqlite::Result<Option<bool>> {
    let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
    if objects == 0 {
        return Ok(None);
    }
    let meta: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('meta', 'records', 'head')",
        [],
        |r| r.get(0),
    )?;
    Ok(Some(meta == 3))
}

/// Checks the file's format, and its table id against `expected` if given.
fn check_meta(conn: &Connection, path: &Path, expected: Option<&str>) -> Result<String, LogError> {
    let e = |err| db_err(path, err);
    let corrupt = |detail: &str| LogError::Corrupt {
        path: path.to_path_buf(),
        detail: detail.to_string(),
    };
    match has_meta(conn).map_err(e)? {
        Some(true) => {}
        None => return Err(corrupt("the file is empty: it holds no hand log")),
        Some(false) => return Err(corrupt("the file is a database but not a hand log")),
    }
    let format = meta(conn, "format")
        .map_err(e)?
        .ok_or_else(|| corrupt("the format version is missing"))?;
    let found: u32 = format
        .parse()
        .map_err(|_| corrupt("the format version does not read"))?;
    if found > FORMAT_VERSION {
        return Err(LogError::NewerFormat {
            path: path.to_path_buf(),
            found,
        });
    }
    let table_id = meta(conn, "table_id")
        .map_err(e)?
        .ok_or_else(|| corrupt("the table id is missing"))?;
    if let Some(want) = expected {
        if want != table_id {
            return Err(LogError::OtherTable {
                path: path.to_path_buf(),
                expected: want.to_string(),
                found: table_id,
            });
        }
    }
    Ok(table_id)
}

fn quick_check(conn: &Connection, path: &Path) -> Result<(), LogError> {
    let mut stmt = conn
        .prepare("PRAGMA quick_check")
        .map_err(|e| db_err(path, e))?;
    let lines: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| db_err(path, e))?;
    if lines.len() == 1 && lines[0] == "ok" {
        Ok(())
    } else {
        Err(LogError::Corrupt {
            path: path.to_path_buf(),
            detail: format!("SQLite's check fails: {}", lines.join("; ")),
        })
    }
}

// ---------------------------------------------------------------------------------
// Walking the chain
// ---------------------------------------------------------------------------------

/// What is wrong with a log, found by [`HandLog::verify`] and [`HandLog::open`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// A record's contents (or its hand index) were changed after it was written.
    Edited,
    /// A record was deleted (the numbers skip it, or the later ones were renumbered).
    Deleted,
    /// A record not written by the controller was added.
    Inserted,
    /// Records were put in another order (their numbers swapped).
    Reordered,
    /// The last records were removed, or the head row that vouches for them was.
    Truncated,
    /// The last record is incomplete: a write cut short. [`HandLog::open`] sets it aside.
    Torn,
    /// The secret is not the one the log was written with: nothing could be checked.
    WrongSecret,
    /// The file cannot be read, or a record carrying a valid MAC does not read (a newer
    /// program wrote it).
    Unreadable,
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProblemKind::Edited => "edited",
            ProblemKind::Deleted => "deleted",
            ProblemKind::Inserted => "inserted",
            ProblemKind::Reordered => "reordered",
            ProblemKind::Truncated => "truncated",
            ProblemKind::Torn => "torn",
            ProblemKind::WrongSecret => "wrong secret",
            ProblemKind::Unreadable => "unreadable",
        })
    }
}

/// The first problem found in a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The first record concerned, by its sequence number, when one is.
    pub seq: Option<Seq>,
    /// What kind of change.
    pub kind: ProblemKind,
    /// What exactly.
    pub detail: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seq {
            Some(s) => write!(f, "record {s} {}: {}", self.kind, self.detail),
            None => write!(f, "{}: {}", self.kind, self.detail),
        }
    }
}

fn problem(seq: i64, kind: ProblemKind, detail: impl Into<String>) -> Problem {
    Problem {
        seq: u64::try_from(seq).ok().map(Seq),
        kind,
        detail: detail.into(),
    }
}

/// What the walk learned from the records that check.
#[derive(Debug, Default)]
struct Chain {
    last_seq: i64,
    last_mac: [u8; 32],
    last_ts: i64,
    records: u64,
    tracker: HandTracker,
    config: Option<TableConfig>,
    inputs: Vec<Input>,
}

/// A problem and, for a torn last record, the row to set aside.
struct Fault {
    problem: Problem,
    torn: Option<RawRow>,
}

/// Checks every record in order and the head. Stops at the first problem.
fn walk(
    conn: &Connection,
    key: &HmacSha256,
    table_id: &str,
    head: Option<&HeadRow>,
) -> rusqlite::Result<(Chain, Option<Fault>)> {
    let mut chain = Chain::default();
    let mut failed: Option<RawRow> = None;
    {
        let mut stmt = conn.prepare(&format!("SELECT {ROW_COLUMNS} FROM records ORDER BY seq"))?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let row = raw_row(r)?;
            let expected = chain.last_seq + 1;
            if row.seq > expected {
                let detail = if row.seq == expected + 1 {
                    format!("record {expected} is missing")
                } else {
                    format!("records {expected}..={} are missing", row.seq - 1)
                };
                let fault = Fault {
                    problem: problem(expected, ProblemKind::Deleted, detail),
                    torn: None,
                };
                return Ok((chain, Some(fault)));
            }
            if row.seq < expected {
                let fault = Fault {
                    problem: problem(
                        row.seq.max(0),
                        ProblemKind::Inserted,
                        format!("a record numbered {} comes before record 1", row.seq),
                    ),
                    torn: None,
                };
                return Ok((chain, Some(fault)));
            }
            if !chains(key, &chain.last_mac, row.seq, &row) {
                failed = Some(row);
                break;
            }
            let parsed = match parse_payload(&row.kind, &row.payload) {
                Ok(p) => p,
                Err(e) => {
                    let fault = Fault {
                        problem: problem(row.seq, ProblemKind::Unreadable, e),
                        torn: None,
                    };
                    return Ok((chain, Some(fault)));
                }
            };
            if let Parsed::Config { table_id: id, .. } = &parsed {
                if id != table_id {
                    let fault = Fault {
                        problem: problem(
                            row.seq,
                            ProblemKind::Edited,
                            format!("the meta table says table `{table_id}` but the configuration record says `{id}`: the meta table was changed"),
                        ),
                        torn: None,
                    };
                    return Ok((chain, Some(fault)));
                }
            }
            let mut tracker = chain.tracker.clone();
            let hand = tracker.place(&parsed).map(i64::from);
            if hand != row.hand {
                let fault = Fault {
                    problem: problem(
                        row.seq,
                        ProblemKind::Edited,
                        format!(
                            "its hand index says {} but the records place it in {}",
                            hand_text(row.hand),
                            hand_text(hand)
                        ),
                    ),
                    torn: None,
                };
                return Ok((chain, Some(fault)));
            }
            chain.tracker = tracker;
            match parsed {
                Parsed::Config { config, .. } if chain.config.is_none() => {
                    chain.config = Some(config)
                }
                Parsed::Input { input, .. } => chain.inputs.push(input),
                _ => {}
            }
            chain.last_seq = row.seq;
            chain.last_mac.copy_from_slice(&row.mac);
            chain.last_ts = row.ts;
            chain.records += 1;
        }
    }
    if let Some(row) = failed {
        let fault = classify(conn, key, &row, &chain.last_mac, head)?;
        return Ok((chain, Some(fault)));
    }
    let fault = head_fault(key, head, &chain);
    Ok((chain, fault))
}

fn hand_text(h: Option<i64>) -> String {
    h.map_or_else(|| "no hand".to_string(), |h| format!("hand {h}"))
}

/// The head's verdict on a chain whose records all check.
fn head_fault(key: &HmacSha256, head: Option<&HeadRow>, chain: &Chain) -> Option<Fault> {
    let last = chain.last_seq;
    let next = last + 1;
    let p = |seq: i64, kind, detail: String| {
        Some(Fault {
            problem: problem(seq, kind, detail),
            torn: None,
        })
    };
    let Some(h) = head else {
        return p(
            next,
            ProblemKind::Truncated,
            format!("the head row is missing: records after {last} may have been removed"),
        );
    };
    if !head_valid(key, h) {
        return p(
            next,
            ProblemKind::Truncated,
            format!("the head row was rewritten (its tag does not check): records after {last} may have been removed"),
        );
    }
    if h.seq > last {
        let detail = if h.seq == next {
            format!(
                "record {next} is missing: the head says the log ends at {}",
                h.seq
            )
        } else {
            format!(
                "records {next}..={} are missing: the head says the log ends at {}",
                h.seq, h.seq
            )
        };
        return p(next, ProblemKind::Truncated, detail);
    }
    if h.seq < last {
        return p(
            h.seq + 1,
            ProblemKind::Edited,
            format!(
                "the head row was replaced by an older one (it ends at {}, the records at {last})",
                h.seq
            ),
        );
    }
    if h.mac != chain.last_mac {
        return p(
            last,
            ProblemKind::Edited,
            "the head's MAC is not the last record's".to_string(),
        );
    }
    None
}

/// Names what happened at the first record whose MAC fails: `row`, expected to follow
/// a record whose MAC is `prev`.
fn classify(
    conn: &Connection,
    key: &HmacSha256,
    row: &RawRow,
    prev: &[u8; 32],
    head: Option<&HeadRow>,
) -> rusqlite::Result<Fault> {
    let k = row.seq;
    let later: i64 = conn.query_row("SELECT count(*) FROM records WHERE seq > ?1", [k], |r| {
        r.get(0)
    })?;
    let fault = |kind, detail: String| Fault {
        problem: problem(k, kind, detail),
        torn: None,
    };
    // A torn write leaves an incomplete last record.
    if later == 0 {
        if let Err(e) = parse_payload(&row.kind, &row.payload) {
            return Ok(Fault {
                problem: problem(
                    k,
                    ProblemKind::Torn,
                    format!("the last record is incomplete ({e})"),
                ),
                torn: Some(row.clone()),
            });
        }
    }
    // Does the row check as another position's record (swapped, or copied)?
    if let Some((j, copy)) = written_as(conn, key, row)? {
        return Ok(if copy {
            fault(ProblemKind::Inserted, format!("it is a copy of record {j}"))
        } else {
            fault(
                ProblemKind::Reordered,
                format!("it was written as record {j}: records were swapped or moved"),
            )
        });
    }
    if let Some(next) = row_at(conn, k + 1)? {
        if chains(key, &row.mac, k + 1, &next) {
            return Ok(fault(
                ProblemKind::Edited,
                "its contents were changed after it was written (the next record still chains to its MAC)".to_string(),
            ));
        }
        if chains(key, &row.mac, k + 2, &next) {
            return Ok(fault(
                ProblemKind::Deleted,
                format!("record {k} was deleted and the later records renumbered"),
            ));
        }
        if chains(key, prev, k, &next) {
            return Ok(fault(
                ProblemKind::Inserted,
                format!("a record not written by the controller was put in at {k} and the later records renumbered"),
            ));
        }
    } else if later == 0 {
        let vouched = head.filter(|h| head_valid(key, h)).map(|h| h.seq);
        if vouched == Some(k - 1) {
            return Ok(fault(
                ProblemKind::Inserted,
                format!(
                    "it was added after the last record the head vouches for ({})",
                    k - 1
                ),
            ));
        }
    }
    Ok(fault(
        ProblemKind::Edited,
        "its contents and MAC do not match".to_string(),
    ))
}

/// The position `row` was written at, if it checks as another record (and whether it
/// is a copy of the record still there). Reads the records once.
fn written_as(
    conn: &Connection,
    key: &HmacSha256,
    row: &RawRow,
) -> rusqlite::Result<Option<(i64, bool)>> {
    let mut stmt = conn.prepare("SELECT seq, mac FROM records ORDER BY seq")?;
    let mut rows = stmt.query([])?;
    let mut before: Option<(i64, Vec<u8>)> = None;
    while let Some(r) = rows.next()? {
        let seq: i64 = r.get(0)?;
        let mac = value_bytes(r.get_ref(1)?);
        if seq != row.seq {
            // Undo a swap of `row` with this position: the record before position
            // `seq` is the one now here when `row` was its neighbour.
            let prev = if seq == 1 {
                Some(ZERO_MAC.to_vec())
            } else if seq == row.seq + 1 {
                Some(mac.clone())
            } else {
                before
                    .as_ref()
                    .filter(|(s, _)| *s == seq - 1)
                    .map(|(_, m)| m.clone())
            };
            if let Some(prev) = prev {
                if chains(key, &prev, seq, row) {
                    return Ok(Some((seq, mac == row.mac)));
                }
            }
        }
        before = Some((seq, mac));
    }
    Ok(None)
}

// ---------------------------------------------------------------------------------
// The log
// ---------------------------------------------------------------------------------

/// The table's hand log, open for appending. One per table; only one program may
/// append at a time (a second one is refused with [`LogError::ConcurrentWriter`]).
#[derive(Debug)]
pub struct HandLog {
    conn: Connection,
    path: PathBuf,
    key: HmacSha256,
    table_id: String,
    last_seq: i64,
    last_mac: [u8; 32],
    last_ts: i64,
    tracker: HandTracker,
    has_config: bool,
}

/// What [`HandLog::open`] found: the configuration and the inputs to rebuild the table
/// with ([`rebuild_table`]), and what recovery had to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// The table's id, as the log records it.
    pub table_id: String,
    /// The log was created by this open: write the configuration first.
    pub created: bool,
    /// The table's settings, if the log has them.
    pub config: Option<TableConfig>,
    /// Every input the engine accepted, in order (UNDO and MISDEAL included).
    pub inputs: Vec<Input>,
    /// Records in the log (all kinds), after recovery.
    pub records: u64,
    /// The last record, if any.
    pub last: Option<Seq>,
    /// The hand in progress when the log stopped, if one was.
    pub hand_in_progress: Option<u32>,
    /// A torn last record that was set aside (kept in the `dropped` table and noted).
    pub dropped: Option<DroppedRecord>,
}

/// A record set aside by recovery.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DroppedRecord {
    /// The number it was written with (a later record now has it).
    pub seq: Seq,
    /// Its kind, as stored.
    pub kind: String,
    /// Why it was set aside.
    pub reason: String,
}

/// The last record's number and MAC: copy them outside the table from time to time
/// (the floor server, a printed slip), so a rollback of the whole file shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Head {
    /// The last record (0 when the log is empty).
    pub seq: Seq,
    /// Its MAC, in hex.
    pub mac: String,
}

fn open_rw(path: &Path) -> Result<Connection, LogError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| db_err(path, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| db_err(path, e))?;
    Ok(conn)
}

fn open_ro(path: &Path) -> Result<Connection, LogError> {
    if !path.is_file() {
        return Err(LogError::Open {
            path: path.to_path_buf(),
            detail: "there is no hand log here".to_string(),
        });
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| db_err(path, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| db_err(path, e))?;
    Ok(conn)
}

fn init(conn: &mut Connection, table_id: &str, key: &HmacSha256) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(SCHEMA)?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('format', ?1), ('table_id', ?2), ('key_check', ?3)",
        params![FORMAT_VERSION.to_string(), table_id, key_check(key)],
    )?;
    tx.execute(
        "INSERT INTO head (id, seq, mac, tag) VALUES (1, 0, ?1, ?2)",
        params![&ZERO_MAC[..], &head_tag(key, 0, &ZERO_MAC)[..]],
    )?;
    tx.commit()
}

/// Moves a torn last record to `dropped` and points the head at the record before it.
fn set_aside(
    conn: &mut Connection,
    key: &HmacSha256,
    row: &RawRow,
    reason: &str,
    chain: &Chain,
) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute(
        "INSERT INTO dropped (seq, ts, kind, payload, hand, mac, reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![row.seq, row.ts, row.kind, row.payload, row.hand, row.mac, reason],
    )?;
    tx.execute("DELETE FROM records WHERE seq = ?1", [row.seq])?;
    tx.execute(
        "UPDATE head SET seq = ?1, mac = ?2, tag = ?3 WHERE id = 1",
        params![
            chain.last_seq,
            &chain.last_mac[..],
            &head_tag(key, chain.last_seq, &chain.last_mac)[..]
        ],
    )?;
    tx.commit()
}

impl HandLog {
    /// Opens the hand log of table `table_id` in the data folder `dir` (created if
    /// missing), checks every record, and gives back what the table needs to resume.
    ///
    /// A new log is empty: append [`Record::Config`] before the first input. A torn
    /// last record is set aside and reported in [`Recovered::dropped`]. A log changed
    /// outside the controller, another table's log, a wrong secret or a damaged file
    /// are errors: the table must not deal until the floor has resolved them.
    pub fn open(
        dir: impl AsRef<Path>,
        table_id: &str,
        secret: &[u8],
    ) -> Result<(HandLog, Recovered), LogError> {
        let key = keyed(secret)?;
        if table_id.trim().is_empty() {
            return Err(LogError::NoTableId);
        }
        let dir = dir.as_ref();
        std::fs::create_dir_all(dir).map_err(|e| LogError::Open {
            path: dir.to_path_buf(),
            detail: e.to_string(),
        })?;
        let path = dir.join(FILE_NAME);
        let e = |err| db_err(&path, err);
        let mut conn = open_rw(&path)?;
        // Leave a file that is not ours as it is.
        let created = match has_meta(&conn).map_err(e)? {
            None => true,
            Some(true) => false,
            Some(false) => {
                return Err(LogError::Corrupt {
                    path,
                    detail: "the file is a database but not a hand log".to_string(),
                })
            }
        };
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(e)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(LogError::Open {
                path,
                detail: format!("the file system does not allow SQLite's WAL mode (got `{mode}`)"),
            });
        }
        // See the module docs: every commit reaches storage before append returns.
        conn.pragma_update(None, "synchronous", "FULL").map_err(e)?;
        if created {
            init(&mut conn, table_id, &key).map_err(e)?;
        }
        check_meta(&conn, &path, Some(table_id))?;
        if meta(&conn, "key_check").map_err(e)? != Some(key_check(&key)) {
            return Err(LogError::WrongSecret { path });
        }
        quick_check(&conn, &path)?;
        let head = read_head(&conn).map_err(e)?;
        let (chain, fault) = walk(&conn, &key, table_id, head.as_ref()).map_err(e)?;
        let mut dropped = None;
        if let Some(fault) = fault {
            let problem = fault.problem;
            match (problem.kind, fault.torn) {
                (ProblemKind::Torn, Some(row))
                    if head.as_ref().is_some_and(|h| {
                        head_valid(&key, h) && (h.seq == row.seq || h.seq == row.seq - 1)
                    }) =>
                {
                    set_aside(&mut conn, &key, &row, &problem.detail, &chain).map_err(e)?;
                    dropped = Some(DroppedRecord {
                        seq: problem.seq.unwrap_or(Seq(0)),
                        kind: String::from_utf8_lossy(&row.kind).into_owned(),
                        reason: problem.detail,
                    });
                }
                (ProblemKind::Unreadable, _) => {
                    return Err(LogError::Corrupt {
                        path,
                        detail: problem.to_string(),
                    })
                }
                _ => return Err(LogError::Tampered { path, problem }),
            }
        }
        let config = chain.config;
        let mut log = HandLog {
            conn,
            path,
            key,
            table_id: table_id.to_string(),
            last_seq: chain.last_seq,
            last_mac: chain.last_mac,
            last_ts: chain.last_ts,
            tracker: chain.tracker,
            has_config: config.is_some(),
        };
        if let Some(d) = &dropped {
            let text = format!(
                "recovery: record {} ({}) was incomplete and was set aside ({}); its bytes are kept in the dropped table",
                d.seq.0, d.kind, d.reason
            );
            let at = u64::try_from(log.last_ts).unwrap_or(0);
            log.append(at, Record::Note { text })?;
        }
        let recovered = Recovered {
            table_id: log.table_id.clone(),
            created,
            config,
            inputs: chain.inputs,
            records: u64::try_from(log.last_seq).unwrap_or(0),
            last: (log.last_seq > 0).then(|| Seq(log.last_seq.unsigned_abs())),
            hand_in_progress: log.tracker.current,
            dropped,
        };
        Ok((log, recovered))
    }

    /// Writes one record, stamped `at_ms` (ms since the epoch, from the caller), and
    /// returns its number once the transaction is committed and synced. On any error
    /// nothing was written and the log stays usable; the input must not be
    /// acknowledged.
    pub fn append(&mut self, at_ms: u64, record: Record) -> Result<Seq, LogError> {
        let ts = i64::try_from(at_ms).map_err(|_| LogError::Timestamp { at_ms })?;
        match (&record, self.has_config) {
            (Record::Config { .. }, true) => return Err(LogError::ConfigAlreadyWritten),
            (Record::Input { .. } | Record::Refused { .. }, false) => {
                return Err(LogError::NoConfig)
            }
            _ => {}
        }
        let (kind, payload, parsed) = encode(&record, &self.table_id)?;
        let seq = self.last_seq + 1;
        let mut tracker = self.tracker.clone();
        let hand = tracker.place(&parsed);
        let mac = record_mac(
            &self.key,
            &self.last_mac,
            seq,
            ts,
            kind.as_bytes(),
            payload.as_bytes(),
        );
        let tag = head_tag(&self.key, seq, &mac);
        let path = &self.path;
        let e = |err| db_err(path, err);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        tx.prepare_cached(
            "INSERT INTO records (seq, ts, kind, payload, hand, mac) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .and_then(|mut s| s.execute(params![seq, ts, kind, payload, hand, &mac[..]]))
        .map_err(|err| match err.sqlite_error_code() {
            Some(ErrorCode::ConstraintViolation) => LogError::ConcurrentWriter {
                path: path.clone(),
            },
            _ => e(err),
        })?;
        let moved = tx
            .prepare_cached(
                "UPDATE head SET seq = ?1, mac = ?2, tag = ?3 WHERE id = 1 AND seq = ?4",
            )
            .and_then(|mut s| s.execute(params![seq, &mac[..], &tag[..], self.last_seq]))
            .map_err(e)?;
        if moved != 1 {
            return Err(LogError::ConcurrentWriter { path: path.clone() });
        }
        tx.commit().map_err(e)?;
        self.last_seq = seq;
        self.last_mac = mac;
        self.last_ts = ts;
        self.tracker = tracker;
        if kind == KIND_CONFIG {
            self.has_config = true;
        }
        Ok(Seq(seq.unsigned_abs()))
    }

    /// Checks the log in `dir` with `secret` without changing it: every record's MAC in
    /// order, the head, the hand index and the table id. Names the first problem.
    pub fn verify(dir: impl AsRef<Path>, secret: &[u8]) -> VerifyReport {
        let path = dir.as_ref().join(FILE_NAME);
        let mut report = VerifyReport {
            path: path.clone(),
            table_id: None,
            records_checked: 0,
            last_good: None,
            head: None,
            dropped: Vec::new(),
            problem: None,
        };
        if let Err(err) = verify_into(&path, secret, &mut report) {
            let kind = match err {
                LogError::WeakSecret => ProblemKind::WrongSecret,
                _ => ProblemKind::Unreadable,
            };
            report.problem = Some(Problem {
                seq: None,
                kind,
                detail: err.to_string(),
            });
        }
        report
    }

    /// The last record's number and MAC, to keep outside the table.
    pub fn head(&self) -> Head {
        Head {
            seq: Seq(self.last_seq.unsigned_abs()),
            mac: hex(&self.last_mac),
        }
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The table's id.
    pub fn table_id(&self) -> &str {
        &self.table_id
    }

    /// The hand in progress, as the log follows it.
    pub fn hand_in_progress(&self) -> Option<u32> {
        self.tracker.current
    }

    /// The hands in the log that pass `filter`, by number.
    pub fn list_hands(&self, filter: &HandFilter) -> Result<Vec<HandSummary>, LogError> {
        list_hands(&self.conn, &self.path, filter)
    }

    /// Every record of hand `number`, in order (empty if there is no such hand).
    pub fn timeline(&self, number: u32) -> Result<Vec<TimelineEntry>, LogError> {
        timeline(&self.conn, &self.path, number)
    }

    #[cfg(test)]
    fn conn(&self) -> &Connection {
        &self.conn
    }
}

fn verify_into(path: &Path, secret: &[u8], report: &mut VerifyReport) -> Result<(), LogError> {
    let key = keyed(secret)?;
    let conn = open_ro(path)?;
    let e = |err| db_err(path, err);
    let table_id = check_meta(&conn, path, None)?;
    report.table_id = Some(table_id.clone());
    if meta(&conn, "key_check").map_err(e)? != Some(key_check(&key)) {
        report.problem = Some(Problem {
            seq: None,
            kind: ProblemKind::WrongSecret,
            detail: "the secret is not the one this log was written with (or the key check in the meta table was changed): nothing could be checked".to_string(),
        });
        return Ok(());
    }
    quick_check(&conn, path)?;
    let head = read_head(&conn).map_err(e)?;
    report.head = head
        .as_ref()
        .filter(|h| head_valid(&key, h))
        .map(|h| Seq(h.seq.unsigned_abs()));
    let mut stmt = conn
        .prepare("SELECT seq, kind, reason FROM dropped ORDER BY id")
        .map_err(e)?;
    report.dropped = stmt
        .query_map([], |r| {
            Ok(DroppedRecord {
                seq: Seq(r.get::<_, Option<i64>>(0)?.unwrap_or(0).unsigned_abs()),
                kind: String::from_utf8_lossy(&value_bytes(r.get_ref(1)?)).into_owned(),
                reason: r.get(2)?,
            })
        })
        .and_then(|rows| rows.collect())
        .map_err(e)?;
    let (chain, fault) = walk(&conn, &key, &table_id, head.as_ref()).map_err(e)?;
    report.records_checked = chain.records;
    report.last_good = (chain.last_seq > 0).then(|| Seq(chain.last_seq.unsigned_abs()));
    report.problem = fault.map(|f| f.problem);
    Ok(())
}

/// What [`HandLog::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The file checked.
    pub path: PathBuf,
    /// The table id it records, if it could be read.
    pub table_id: Option<String>,
    /// Records whose MAC checked, from the first.
    pub records_checked: u64,
    /// The last record that checked.
    pub last_good: Option<Seq>,
    /// Where the head says the log ends, if its tag checks.
    pub head: Option<Seq>,
    /// Torn records set aside by earlier recoveries.
    pub dropped: Vec<DroppedRecord>,
    /// The first problem, if any.
    pub problem: Option<Problem>,
}

impl VerifyReport {
    /// Every record checks, the head matches, and nothing is out of place.
    pub fn is_intact(&self) -> bool {
        self.problem.is_none()
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        match &self.problem {
            None => write!(f, "intact, {} records", self.records_checked)?,
            Some(p) => write!(f, "{p} ({} records check before it)", self.records_checked)?,
        }
        for d in &self.dropped {
            write!(
                f,
                "; record {} ({}) was set aside: {}",
                d.seq.0, d.kind, d.reason
            )?;
        }
        Ok(())
    }
}

/// Rebuilds the table the log describes: a new table with the logged settings, then
/// every accepted input in order. The result equals the table that was running.
pub fn rebuild_table(recovered: &Recovered) -> Result<Table, LogError> {
    let cfg = recovered.config.ok_or(LogError::NoConfig)?;
    let mut t = Table::new(cfg).map_err(|e| LogError::BadConfig {
        detail: e.to_string(),
    })?;
    for (index, input) in recovered.inputs.iter().enumerate() {
        t.handle(*input).map_err(|error| LogError::Replay {
            index,
            input: encode_input(input),
            error,
        })?;
    }
    Ok(t)
}

// ---------------------------------------------------------------------------------
// Queries for the floor
// ---------------------------------------------------------------------------------

/// Which hands to list. Every condition given must hold; the flags ask for hands that
/// have at least one such record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandFilter {
    /// Hands still going at or after this time (ms since the epoch).
    pub from_ms: Option<u64>,
    /// Hands started at or before this time.
    pub to_ms: Option<u64>,
    /// Hands this seat was dealt into.
    pub seat: Option<SeatNo>,
    /// Hands whose pot was more than this.
    pub pot_over: Option<Chips>,
    /// Hands with an UNDO.
    pub corrections: bool,
    /// Hands with a misdeal.
    pub misdeals: bool,
    /// Hands where an over-pot bet was reduced (R-PL-5).
    pub over_pot: bool,
    /// Hands with a refused card: not in this deck (an unknown tag) or read twice.
    pub bad_tags: bool,
}

impl HandFilter {
    /// Whether `h` passes.
    pub fn matches(&self, h: &HandSummary) -> bool {
        let end = h.end_ms.unwrap_or(h.last_ms);
        self.from_ms.is_none_or(|t| end >= t)
            && self.to_ms.is_none_or(|t| h.start_ms <= t)
            && self.seat.is_none_or(|s| h.seats.contains(&s))
            && self.pot_over.is_none_or(|p| h.pot.unwrap_or(0) > p)
            && (!self.corrections || h.flags.corrections > 0)
            && (!self.misdeals || h.flags.misdeals > 0)
            && (!self.over_pot || h.flags.over_pot > 0)
            && (!self.bad_tags || h.flags.bad_tags > 0)
    }
}

/// Counts of what the floor looks for in a hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandFlags {
    /// UNDOs (corrections).
    pub corrections: u32,
    /// Misdeals.
    pub misdeals: u32,
    /// Over-pot bets reduced (R-PL-5).
    pub over_pot: u32,
    /// Cards refused as not in this deck (unknown tag) or already seen.
    pub bad_tags: u32,
    /// All refused inputs (wrong buttons included).
    pub refusals: u32,
}

/// One hand, for the floor's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// The hand's number.
    pub number: u32,
    /// Its first record's time.
    pub start_ms: u64,
    /// When every chip was paid, if it was.
    pub end_ms: Option<u64>,
    /// Its last record's time.
    pub last_ms: u64,
    /// The seats dealt in.
    pub seats: Vec<SeatNo>,
    /// The pot awarded at the end, once the betting is over.
    pub pot: Option<Chips>,
    /// What the floor looks for.
    pub flags: HandFlags,
    /// Its records.
    pub records: u64,
    /// Its first record.
    pub first_seq: Seq,
    /// Its last record.
    pub last_seq: Seq,
}

/// What a timeline entry is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// The table's settings.
    Config {
        /// The table's id.
        table_id: String,
        /// The settings, by name.
        config: serde_json::Value,
    },
    /// An accepted input.
    Input {
        /// The input, in the log's text form.
        input: String,
        /// Its events.
        events: Vec<EventRecord>,
        /// An UNDO or a MISDEAL.
        correction: bool,
    },
    /// A refused input.
    Refused {
        /// The input, in the log's text form.
        input: String,
        /// The error's name (`DuplicateCard`).
        code: String,
        /// The dealer's message.
        error: String,
        /// A card not in this deck, or read twice.
        bad_tag: bool,
    },
    /// A raw frame from the shoe.
    ShoeFrame {
        /// Its bytes in hex.
        hex: String,
    },
    /// A key press.
    KeyPress {
        /// The key.
        key: String,
        /// The kind of press.
        press: String,
    },
    /// A note.
    Note {
        /// The text.
        text: String,
    },
}

/// One record of a hand's timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimelineEntry {
    /// The record's number.
    pub seq: Seq,
    /// Its time (ms since the epoch).
    pub at_ms: u64,
    /// What it is.
    #[serde(flatten)]
    pub entry: Entry,
}

impl fmt::Display for TimelineEntry {
    /// One or more lines for the floor: number, time, what happened.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>6} {:>14}  ", self.seq.0, self.at_ms)?;
        match &self.entry {
            Entry::Config { table_id, .. } => write!(f, "configuration of table {table_id}"),
            Entry::Input {
                input,
                events,
                correction,
            } => {
                if *correction {
                    write!(f, "CORRECTION {input}")?;
                } else {
                    f.write_str(input)?;
                }
                for e in events {
                    write!(f, "\n{:>23}{}", "", e.text)?;
                }
                Ok(())
            }
            Entry::Refused { input, error, .. } => write!(f, "REFUSED {input}: {error}"),
            Entry::ShoeFrame { hex } => write!(f, "shoe frame {hex}"),
            Entry::KeyPress { key, press } => write!(f, "key {key} {press}"),
            Entry::Note { text } => write!(f, "note: {text}"),
        }
    }
}

fn corrupt_record(path: &Path, seq: i64, detail: &str) -> LogError {
    LogError::Corrupt {
        path: path.to_path_buf(),
        detail: format!(
            "record {seq}: {detail}; run the log's verify to see whether it was changed"
        ),
    }
}

/// Rows `(seq, ts, parsed, hand)` for a query.
fn query_rows(
    conn: &Connection,
    path: &Path,
    sql: &str,
    args: &[&dyn rusqlite::ToSql],
    mut each: impl FnMut(i64, u64, Parsed, Option<u32>) -> Result<(), LogError>,
) -> Result<(), LogError> {
    let e = |err| db_err(path, err);
    let mut stmt = conn.prepare(sql).map_err(e)?;
    let mut rows = stmt.query(args).map_err(e)?;
    while let Some(r) = rows.next().map_err(e)? {
        let row = raw_row(r).map_err(e)?;
        let parsed = parse_payload(&row.kind, &row.payload)
            .map_err(|d| corrupt_record(path, row.seq, &d))?;
        let hand = row
            .hand
            .map(u32::try_from)
            .transpose()
            .map_err(|_| corrupt_record(path, row.seq, "the hand number is out of range"))?;
        each(row.seq, u64::try_from(row.ts).unwrap_or(0), parsed, hand)?;
    }
    Ok(())
}

fn list_hands(
    conn: &Connection,
    path: &Path,
    filter: &HandFilter,
) -> Result<Vec<HandSummary>, LogError> {
    let mut hands: BTreeMap<u32, HandSummary> = BTreeMap::new();
    query_rows(
        conn,
        path,
        &format!("SELECT {ROW_COLUMNS} FROM records WHERE hand IS NOT NULL ORDER BY seq"),
        &[],
        |seq, at, parsed, hand| {
            let Some(number) = hand else { return Ok(()) };
            let seq = Seq(seq.unsigned_abs());
            let h = hands.entry(number).or_insert_with(|| HandSummary {
                number,
                start_ms: at,
                end_ms: None,
                last_ms: at,
                seats: Vec::new(),
                pot: None,
                flags: HandFlags::default(),
                records: 0,
                first_seq: seq,
                last_seq: seq,
            });
            h.records += 1;
            h.last_ms = at;
            h.last_seq = seq;
            match parsed {
                Parsed::Input { events, .. } => {
                    for e in events {
                        match e.event {
                            EventData::HandStarted { dealt, .. } => h.seats = dealt,
                            EventData::HandOver { pot, .. } => h.pot = Some(pot),
                            EventData::HandComplete { .. } => h.end_ms = Some(at),
                            EventData::Undone => h.flags.corrections += 1,
                            EventData::Misdealt { .. } => h.flags.misdeals += 1,
                            EventData::Warning {
                                warning: WarningData::OverPot { .. },
                            } => h.flags.over_pot += 1,
                            _ => {}
                        }
                    }
                }
                Parsed::Refused { code, .. } => {
                    h.flags.refusals += 1;
                    if is_bad_tag(&code) {
                        h.flags.bad_tags += 1;
                    }
                }
                _ => {}
            }
            Ok(())
        },
    )?;
    Ok(hands.into_values().filter(|h| filter.matches(h)).collect())
}

fn timeline(conn: &Connection, path: &Path, number: u32) -> Result<Vec<TimelineEntry>, LogError> {
    let mut out = Vec::new();
    query_rows(
        conn,
        path,
        &format!("SELECT {ROW_COLUMNS} FROM records WHERE hand = ?1 ORDER BY seq"),
        &[&i64::from(number)],
        |seq, at_ms, parsed, _| {
            out.push(timeline_entry(seq, at_ms, parsed));
            Ok(())
        },
    )?;
    Ok(out)
}

/// A record as the floor reads it.
fn timeline_entry(seq: i64, at_ms: u64, parsed: Parsed) -> TimelineEntry {
    let entry = match parsed {
        Parsed::Config { table_id, config } => Entry::Config {
            table_id,
            config: serde_json::Value::Object(settings_json(&config)),
        },
        Parsed::Input {
            input,
            text,
            events,
        } => Entry::Input {
            input: text,
            events,
            correction: matches!(input, Input::Undo | Input::Misdeal),
        },
        Parsed::Refused { text, code, error } => Entry::Refused {
            input: text,
            bad_tag: is_bad_tag(&code),
            code,
            error,
        },
        Parsed::Shoe { hex } => Entry::ShoeFrame { hex },
        Parsed::Key { key, kind } => Entry::KeyPress { key, press: kind },
        Parsed::Note { text } => Entry::Note { text },
    };
    TimelineEntry {
        seq: Seq(seq.unsigned_abs()),
        at_ms,
        entry,
    }
}

/// A hand log opened read-only, for the floor's queries while the table runs. It does
/// not check the MACs: run [`HandLog::verify`] for that.
#[derive(Debug)]
pub struct AuditLog {
    conn: Connection,
    path: PathBuf,
    table_id: String,
}

impl AuditLog {
    /// Opens the log in the data folder `dir` for reading.
    pub fn open(dir: impl AsRef<Path>) -> Result<AuditLog, LogError> {
        let path = dir.as_ref().join(FILE_NAME);
        let conn = open_ro(&path)?;
        let table_id = check_meta(&conn, &path, None)?;
        Ok(AuditLog {
            conn,
            path,
            table_id,
        })
    }

    /// The table's id.
    pub fn table_id(&self) -> &str {
        &self.table_id
    }

    /// The hands that pass `filter`, by number.
    pub fn list_hands(&self, filter: &HandFilter) -> Result<Vec<HandSummary>, LogError> {
        list_hands(&self.conn, &self.path, filter)
    }

    /// Every record of hand `number`, in order.
    pub fn timeline(&self, number: u32) -> Result<Vec<TimelineEntry>, LogError> {
        timeline(&self.conn, &self.path, number)
    }

    /// The table's settings, from the log's configuration record (the first record):
    /// what an export or an audit replays the inputs with.
    pub fn config(&self) -> Result<TableConfig, LogError> {
        let mut found = None;
        query_rows(
            &self.conn,
            &self.path,
            &format!(
                "SELECT {ROW_COLUMNS} FROM records WHERE kind = '{KIND_CONFIG}' ORDER BY seq LIMIT 1"
            ),
            &[],
            |_, _, parsed, _| {
                if let Parsed::Config { config, .. } = parsed {
                    found = Some(config);
                }
                Ok(())
            },
        )?;
        found.ok_or(LogError::NoConfig)
    }

    /// Every record of the log in order, each with the hand it belongs to: the whole
    /// table's story, for exports that need the stacks every hand started with.
    pub fn records(&self) -> Result<Vec<(Option<u32>, TimelineEntry)>, LogError> {
        let mut out = Vec::new();
        query_rows(
            &self.conn,
            &self.path,
            &format!("SELECT {ROW_COLUMNS} FROM records ORDER BY seq"),
            &[],
            |seq, at_ms, parsed, hand| {
                out.push((hand, timeline_entry(seq, at_ms, parsed)));
                Ok(())
            },
        )?;
        Ok(out)
    }
}

/// The table's secret for the hand log's HMAC chain: read from `secret` in the data
/// folder, or made once for a new folder (a casino sets its own in the configuration).
pub fn handlog_secret(data: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let path = data.join("secret");
    match std::fs::read(&path) {
        Ok(s) if s.len() >= MIN_SECRET_LEN => Ok(s),
        Ok(_) => Err(std::io::Error::other(format!(
            "{} is shorter than {} bytes",
            path.display(),
            MIN_SECRET_LEN
        ))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(data)?;
            // Unpredictable enough for a bench folder: the clock, the process and the
            // address of a stack value, hashed.
            use sha2::Digest;
            let marker = 0u8;
            let seed = format!(
                "{:?}{}{:p}",
                std::time::SystemTime::now(),
                std::process::id(),
                &marker
            );
            let secret = sha2::Sha256::digest(seed.as_bytes()).to_vec();
            let mut f = std::fs::File::create(&path)?;
            f.write_all(&secret)?;
            f.sync_all()?;
            Ok(secret)
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::scenario::{Scenario, Step};
    use firmware::error::ActionKind;
    use firmware::Events;
    use tempfile::TempDir;

    const SECRET: &[u8] = b"0123456789abcdef: table 7 test key";
    const T0: u64 = 1_700_000_000_000;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn cfg() -> TableConfig {
        TableConfig::new(Game::Holdem, Structure::PotLimit, 5, 10)
    }

    /// A table, its log and a clock that advances a second per record.
    struct Bench {
        dir: TempDir,
        log: HandLog,
        table: Table,
        clock: u64,
    }

    impl Bench {
        fn new(config: TableConfig) -> Bench {
            let dir = TempDir::new().unwrap();
            let (mut log, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
            assert!(rec.created && rec.config.is_none() && rec.inputs.is_empty());
            log.append(T0, Record::Config { config }).unwrap();
            Bench {
                dir,
                log,
                table: Table::new(config).unwrap(),
                clock: T0,
            }
        }

        fn tick(&mut self) -> u64 {
            self.clock += 1000;
            self.clock
        }

        /// Handles and logs one input, as the controller does.
        fn input(&mut self, input: Input) -> Result<Events, RuleError> {
            let result = self.table.handle(input);
            let at = self.tick();
            self.log
                .append(at, Record::outcome(input, &result))
                .unwrap();
            result
        }

        /// One line of the log's text form; panics on a refusal unless `refused`.
        fn line(&mut self, text: &str) -> Vec<Event> {
            let input = parse_input(text).unwrap();
            self.input(input)
                .unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
                .to_vec()
        }

        fn refused(&mut self, text: &str) -> RuleError {
            let input = parse_input(text).unwrap();
            match self.input(input) {
                Ok(_) => panic!("`{text}` accepted"),
                Err(e) => e,
            }
        }

        fn other(&mut self, record: Record) -> Seq {
            let at = self.tick();
            self.log.append(at, record).unwrap()
        }

        /// Plays a scenario's inputs as the script runner does (a named seat or a
        /// `check` that does not hold is refused), logging each.
        fn play(&mut self, script: &Scenario) {
            for (_, step) in &script.steps {
                let Step::Input {
                    input,
                    actor,
                    check_only,
                    ..
                } = step
                else {
                    continue;
                };
                let result = scripted(&mut self.table, *input, *actor, *check_only);
                let at = self.tick();
                self.log
                    .append(at, Record::outcome(*input, &result))
                    .unwrap();
            }
        }

        /// Closes the log (SQLite checkpoints the WAL into the file) and keeps the folder.
        fn close(self) -> (TempDir, Table) {
            drop(self.log);
            (self.dir, self.table)
        }
    }

    fn scripted(
        t: &mut Table,
        input: Input,
        actor: Option<SeatNo>,
        check_only: bool,
    ) -> Result<Events, RuleError> {
        if let (Some(seat), Input::Act(_)) = (actor, input) {
            let o = t.options().ok_or(RuleError::NotBetting)?;
            if o.seat != seat {
                return Err(RuleError::OutOfTurn { expected: o.seat });
            }
        }
        if check_only {
            let o = t.options().ok_or(RuleError::NotBetting)?;
            if o.call > 0 {
                return Err(RuleError::IllegalAction {
                    seat: o.seat,
                    action: ActionKind::Check,
                });
            }
        }
        t.handle(input)
    }

    fn pot_of(events: &[Event]) -> Chips {
        events
            .iter()
            .find_map(|e| match e {
                Event::HandOver { pot, .. } => Some(*pot),
                _ => None,
            })
            .unwrap()
    }

    /// Two hands at pot limit: a duplicate card and an over-pot raise in hand 1, a
    /// misdeal, an UNDO, a key press and a shoe frame in hand 2. Returns both pots.
    fn two_hands(b: &mut Bench) -> (Chips, Chips) {
        for l in ["seat 1 1000", "seat 2 1000", "seat 3 1000"] {
            b.line(l);
        }
        assert_eq!(b.refused("fold"), RuleError::NoHand);
        b.line("hand");
        for c in ["As", "Ks", "Qs", "Js", "Ts"] {
            b.line(&format!("deal {c}"));
        }
        assert_eq!(b.refused("deal As"), RuleError::DuplicateCard(card("As")));
        b.line("deal 9s");
        let ev = b.line("raise 500");
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::Warning(Warning::OverPot { .. }))));
        b.line("fold");
        let pot1 = pot_of(&b.line("fold"));
        b.line(&format!("award 1 {pot1}"));
        assert!(!b.table.in_hand());

        b.line("hand");
        b.other(Record::KeyPress {
            key: "DEAL".into(),
            kind: "down".into(),
        });
        b.line("deal 2c");
        b.other(Record::RawShoeFrame {
            bytes: vec![0x02, 0xA0, 0x11, 0xFF],
        });
        b.line("deal 3c");
        b.line("misdeal");
        for c in ["2c", "3c", "4c", "5c", "6c", "7c"] {
            b.line(&format!("deal {c}"));
        }
        b.line("fold");
        b.line("undo");
        b.line("fold");
        b.other(Record::Note {
            text: "floor: seat 2's fold stands".into(),
        });
        let pot2 = pot_of(&b.line("fold"));
        let winner = (1..=3)
            .find(|&s| !b.table.hand().unwrap().player(s).folded)
            .unwrap();
        b.line(&format!("award {winner} {pot2}"));
        assert!(!b.table.in_hand());
        (pot1, pot2)
    }

    fn sql(dir: &Path, batch: &str) {
        let c = Connection::open(dir.join(FILE_NAME)).unwrap();
        c.execute_batch(batch).unwrap();
    }

    fn sql_count(dir: &Path, query: &str) -> i64 {
        let c = Connection::open(dir.join(FILE_NAME)).unwrap();
        c.query_row(query, [], |r| r.get(0)).unwrap()
    }

    // Tests for the input text form

    fn every_input() -> Vec<Input> {
        vec![
            Input::SitDown {
                seat: 3,
                stack: 500,
                wait_for_bb: false,
            },
            Input::SitDown {
                seat: 11,
                stack: u64::MAX,
                wait_for_bb: true,
            },
            Input::TopUp {
                seat: 2,
                amount: 40,
            },
            Input::Leave { seat: 4 },
            Input::SitOut { seat: 5 },
            Input::SitIn {
                seat: 5,
                wait_for_bb: false,
            },
            Input::SitIn {
                seat: 6,
                wait_for_bb: true,
            },
            Input::PlaceButton { seat: 7 },
            Input::StartHand,
            Input::Straddle { confirmed: true },
            Input::Straddle { confirmed: false },
            Input::Card(Read::card(card("As"))),
            Input::Card(Read::burn(card("Td"))),
            Input::Card(Read::unread()),
            Input::Card(Read {
                card: None,
                burn: true,
            }),
            Input::Act(Action::Fold),
            Input::Act(Action::CheckCall),
            Input::Act(Action::BetTo(40)),
            Input::Act(Action::AllIn),
            Input::Discard(card("7c")),
            Input::StandPat,
            Input::Muck { seat: 8 },
            Input::Award {
                seat: 3,
                amount: 120,
            },
            Input::Rake { amount: 3 },
            Input::Misdeal,
            Input::Undo,
        ]
    }

    #[test]
    fn every_input_round_trips_through_the_text_form() {
        for input in every_input() {
            let text = encode_input(&input);
            assert_eq!(parse_input(&text), Ok(input), "{text}");
        }
    }

    #[test]
    fn the_text_form_is_the_script_syntax() {
        let texts: Vec<String> = every_input().iter().map(encode_input).collect();
        assert_eq!(
            texts,
            [
                "seat 3 500",
                "seat 11 18446744073709551615 wait",
                "topup 2 40",
                "leave 4",
                "sitout 5",
                "sitin 5",
                "sitin 6 wait",
                "button 7",
                "hand",
                "straddle",
                "straddle unconfirmed",
                "deal As",
                "burn Td",
                "deal ??",
                "burn ??",
                "fold",
                "call",
                "bet 40",
                "allin",
                "discard 7c",
                "standpat",
                "muck 8",
                "award 3 120",
                "rake 3",
                "misdeal",
                "undo",
            ]
        );
        // The script's synonyms read too.
        assert_eq!(parse_input("check"), Ok(Input::Act(Action::CheckCall)));
        assert_eq!(parse_input("raise 60"), Ok(Input::Act(Action::BetTo(60))));
        assert_eq!(
            parse_input("  bet   60 "),
            Ok(Input::Act(Action::BetTo(60)))
        );
    }

    #[test]
    fn bad_input_text_says_what_is_wrong() {
        let msg = |t: &str| parse_input(t).unwrap_err().message;
        assert_eq!(msg(""), "empty input");
        assert_eq!(msg("jump"), "unknown input `jump`");
        assert_eq!(msg("bet"), "`bet` takes 1 word(s) after it, found 0");
        assert_eq!(msg("bet x"), "chips: expected a whole number, found `x`");
        assert_eq!(msg("bet -5"), "chips: expected a whole number, found `-5`");
        assert_eq!(
            msg("seat 1"),
            "`seat` takes 2 or 3 word(s) after it, found 1"
        );
        assert_eq!(
            msg("seat 1 100 later"),
            "expected `wait` or nothing, found `later`"
        );
        assert_eq!(
            msg("seat 300 100"),
            "seat: expected a seat number, found `300`"
        );
        assert_eq!(msg("fold now"), "`fold` takes 0 word(s) after it, found 1");
        assert_eq!(msg("discard ??"), "a discard names its card");
        assert!(msg("deal Zz").starts_with("card `Zz`"));
        assert_eq!(
            msg("deal As Ks"),
            "`deal` takes 1 word(s) after it, found 2"
        );
        let e = parse_input("bet x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "input `bet x`: chips: expected a whole number, found `x`"
        );
    }

    // Tests for the events' machine form and the configuration

    fn every_event() -> Vec<Event> {
        let w = |w| Event::Warning(w);
        vec![
            Event::Seated {
                seat: 1,
                stack: 500,
            },
            Event::ToppedUp {
                seat: 1,
                amount: 50,
                stack: 550,
            },
            Event::Left { seat: 2, stack: 0 },
            Event::SatOut { seat: 3 },
            Event::SatIn { seat: 3 },
            Event::ButtonPlaced { seat: 4 },
            Event::HandStarted {
                number: 7,
                button: 1,
                small_blind: None,
                big_blind: 3,
                dealt: 0b1010_1110,
            },
            Event::Posted {
                seat: 2,
                post: Post::DeadSmallBlind,
                amount: 5,
                all_in: true,
            },
            Event::MissedBlind { seat: 5, big: true },
            Event::StraddleConfirmed { seat: 4 },
            Event::HoleCard {
                seat: 1,
                card: Some(card("Ah")),
            },
            Event::HoleCard {
                seat: 2,
                card: None,
            },
            Event::Burned { card: None },
            Event::BoardCard {
                street: Street::River,
                card: Some(card("2c")),
            },
            Event::BettingOpened {
                street: Street::Draw,
                first: 6,
            },
            Event::Folded { seat: 1 },
            Event::Checked { seat: 1 },
            Event::Called {
                seat: 1,
                amount: 20,
                all_in: false,
            },
            Event::Bet {
                seat: 1,
                to: 40,
                all_in: true,
            },
            Event::Raised {
                seat: 1,
                to: 80,
                all_in: false,
            },
            w(Warning::OverPot {
                seat: 1,
                asked: 500,
                max: 35,
            }),
            w(Warning::UnderMinimum {
                seat: 1,
                asked: 15,
                to: 20,
            }),
            w(Warning::FixedSize {
                seat: 1,
                asked: 15,
                to: 10,
            }),
            w(Warning::StraddleUnconfirmed { seat: 4 }),
            w(Warning::FoldedWithCheck { seat: 2 }),
            Event::Returned {
                seat: 1,
                amount: 45,
            },
            Event::RoundComplete {
                street: Street::Flop,
            },
            Event::Discarded {
                seat: 1,
                card: card("9d"),
            },
            Event::StoodPat { seat: 2 },
            Event::Redeal { button: 3 },
            Event::HandOver {
                pot: 300,
                contested: true,
            },
            Event::Mucked { seat: 2 },
            Event::Awarded {
                seat: 1,
                amount: 300,
            },
            Event::Raked { amount: 3 },
            Event::HandComplete { number: 7 },
            Event::Misdealt { number: 7 },
            Event::Undone,
        ]
    }

    #[test]
    fn every_event_round_trips_through_the_machine_form() {
        for e in every_event() {
            let rec = EventRecord::from(&e);
            assert_eq!(rec.text, e.to_string());
            let json = serde_json::to_string(&rec).unwrap();
            let back: EventRecord = serde_json::from_str(&json).unwrap();
            assert_eq!(back.event.to_event(), Ok(e), "{json}");
        }
        let json = serde_json::to_string(&EventData::from(&Event::Bet {
            seat: 3,
            to: 40,
            all_in: false,
        }))
        .unwrap();
        assert_eq!(json, r#"{"type":"bet","seat":3,"to":40,"all_in":false}"#);
    }

    #[test]
    fn the_configuration_round_trips() {
        let mut c = TableConfig::new(Game::FiveCardDraw, Structure::FixedLimit, 0, 0);
        c.stakes.ante = 1;
        c.stakes.ante_mode = AnteMode::BigBlind;
        c.stakes.small_bet = 2;
        c.stakes.big_bet = 4;
        c.max_players = 6;
        c.short_deck = true;
        c.button_rule = ButtonRule::MovingButton;
        c.straddle_allowed = false;
        c.straddle_min_raise = StraddleMinRaise::Straddle;
        c.pl_sb_virtual = false;
        c.fl_cap = FlCap::PerPlayer { raises: 3 };
        c.fl_short_all_in = FlShortAllIn::AllInPlusBet;
        c.fl_uncapped_heads_up = true;
        c.missed_blind_reset_orbits = 5;
        c.redeal_ante = true;
        c.amounts = AmountPolicy::Reject;
        c.automations.burns = true;
        let mut m = TableConfig::new(Game::Holdem, Structure::NoLimit, 5, 10);
        m.mixed = Some(Mixed {
            structure: Structure::FixedLimit,
            stakes: Stakes::blinds(10, 20),
            switch: MixSwitch::Hands(8),
        });
        // Version 2 carries every setting; version 1 (written before the settings
        // codec) still reads, with the settings it had.
        let mut all = c;
        all.unconfirmed_straddle = firmware::rules::UnconfirmedStraddle::NoOption;
        all.short_blind = firmware::rules::ShortBlind::MustCover;
        all.money.rake = firmware::rules::Rake::basis_points(250).with_cap(30);
        all.money.chip_unit = 5;
        all.money.odd_chip = firmware::rules::OddChip::LowestIndex;
        all.money.low_ignores_straights_flushes = true;
        for config in [cfg(), c, m, all] {
            let record = Record::Config { config };
            let (kind, payload, _) = encode(&record, "t9").unwrap();
            match parse_payload(kind.as_bytes(), payload.as_bytes()).unwrap() {
                Parsed::Config {
                    table_id,
                    config: back,
                } => {
                    assert_eq!((table_id.as_str(), back), ("t9", config), "{payload}");
                }
                other => panic!("{other:?}"),
            }
            let v1 = serde_json::json!({
                "v": 1, "table_id": "t9", "config": ConfigData::from(&config)
            });
            let Parsed::Config { config: old, .. } =
                parse_payload(b"config", v1.to_string().as_bytes()).unwrap()
            else {
                panic!("a config record");
            };
            let mut expected = config;
            // What version 1 did not record comes back at its default.
            let defaults = TableConfig::new(config.game, config.structure, 1, 2);
            expected.unconfirmed_straddle = defaults.unconfirmed_straddle;
            expected.short_blind = defaults.short_blind;
            expected.money = defaults.money;
            assert_eq!(old, expected);
        }
        // A setting this program does not know is refused, not dropped.
        let mut v = serde_json::to_value(ConfigData::from(&cfg())).unwrap();
        v["bomb_pots"] = serde_json::Value::Bool(true);
        assert!(serde_json::from_value::<ConfigData>(v).is_err());
        let (_, payload, _) = encode(&Record::Config { config: cfg() }, "t9").unwrap();
        let bomb = payload.replace("\"settings\":{", "\"settings\":{\"bomb_pots\":\"true\",");
        let err = parse_payload(b"config", bomb.as_bytes()).unwrap_err();
        assert!(err.contains("unknown setting `bomb_pots`"), "{err}");
    }

    // Tests for appending, reopening and rebuilding

    #[test]
    fn rebuild_equals_the_live_table_after_scripted_hands() {
        let scripts = [
            include_str!("../../../tests/scenarios/corrections.scn"),
            include_str!("../../../tests/scenarios/e6_straddle.scn"),
            include_str!("../../../tests/scenarios/e8_missed_blinds.scn"),
            include_str!("../../../tests/scenarios/e22_draw.scn"),
        ];
        for text in scripts {
            let script = Scenario::parse(text).unwrap();
            let mut b = Bench::new(script.config);
            b.play(&script);
            // The driver is faithful to the script runner.
            assert_eq!(script.run(|_, _, _| {}).unwrap(), b.table);
            let (dir, live) = b.close();
            let (log, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
            assert!(!rec.created && rec.dropped.is_none());
            assert_eq!(rec.config, Some(script.config));
            assert_eq!(rebuild_table(&rec).unwrap(), live);
            assert_eq!(rec.records, log.head().seq.0);
            assert!(HandLog::verify(dir.path(), SECRET).is_intact());
        }
    }

    #[test]
    fn reopening_continues_the_chain() {
        let mut b = Bench::new(cfg());
        two_hands(&mut b);
        let (dir, mut live) = b.close();
        let (mut log, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
        let mut t = rebuild_table(&rec).unwrap();
        assert_eq!(t, live);
        let before = log.head().seq;
        for text in ["hand", "deal Ah", "deal Kh"] {
            let input = parse_input(text).unwrap();
            let result = t.handle(input);
            live.handle(input).unwrap();
            let seq = log
                .append(T0 + 99_000, Record::outcome(input, &result))
                .unwrap();
            assert_eq!(seq.0, log.head().seq.0);
        }
        assert_eq!(log.head().seq.0, before.0 + 3);
        assert_eq!(log.hand_in_progress(), Some(3));
        drop(log);
        let (_, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
        assert_eq!(rec.hand_in_progress, Some(3));
        assert_eq!(rebuild_table(&rec).unwrap(), live);
        let report = HandLog::verify(dir.path(), SECRET);
        assert!(report.is_intact(), "{report}");
        assert_eq!(report.last_good, Some(Seq(before.0 + 3)));
        assert_eq!(report.head, report.last_good);
        assert_eq!(report.table_id.as_deref(), Some("T7"));
    }

    #[test]
    fn the_configuration_comes_first_and_once() {
        let dir = TempDir::new().unwrap();
        let (mut log, _) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
        let input = Record::accepted(Input::StartHand, &[]);
        assert_eq!(log.append(T0, input.clone()), Err(LogError::NoConfig));
        assert_eq!(
            log.append(T0, Record::Note { text: "x".into() }),
            Ok(Seq(1))
        );
        let mut bad = cfg();
        bad.max_players = 1;
        assert!(matches!(
            log.append(T0, Record::Config { config: bad }),
            Err(LogError::BadConfig { .. })
        ));
        assert_eq!(log.append(T0, Record::Config { config: cfg() }), Ok(Seq(2)));
        assert_eq!(
            log.append(T0, Record::Config { config: cfg() }),
            Err(LogError::ConfigAlreadyWritten)
        );
        assert_eq!(
            log.append(u64::MAX, input.clone()),
            Err(LogError::Timestamp { at_ms: u64::MAX })
        );
        assert_eq!(log.append(T0, input), Ok(Seq(3)));
        // A log without a configuration rebuilds nothing.
        let empty = Recovered {
            table_id: "T7".into(),
            created: true,
            config: None,
            inputs: vec![],
            records: 0,
            last: None,
            hand_in_progress: None,
            dropped: None,
        };
        assert_eq!(rebuild_table(&empty), Err(LogError::NoConfig));
    }

    #[test]
    fn a_replay_the_engine_refuses_is_an_error() {
        let rec = Recovered {
            table_id: "T7".into(),
            created: false,
            config: Some(cfg()),
            inputs: vec![Input::Act(Action::Fold)],
            records: 2,
            last: Some(Seq(2)),
            hand_in_progress: None,
            dropped: None,
        };
        let e = rebuild_table(&rec).unwrap_err();
        assert_eq!(
            e,
            LogError::Replay {
                index: 0,
                input: "fold".into(),
                error: RuleError::NoHand
            }
        );
        assert!(e.to_string().contains("call the floor"));
    }

    #[test]
    fn an_undone_next_hand_closes_the_hand_again() {
        let mut b = Bench::new(cfg());
        b.line("seat 1 100");
        b.line("seat 2 100");
        b.line("hand");
        assert_eq!(b.log.hand_in_progress(), Some(1));
        b.line("undo");
        assert_eq!(b.log.hand_in_progress(), None);
        b.line("topup 1 50");
        b.line("hand");
        assert_eq!(b.log.hand_in_progress(), Some(1));
        let inputs: Vec<String> = b
            .log
            .timeline(1)
            .unwrap()
            .into_iter()
            .filter_map(|e| match e.entry {
                Entry::Input { input, .. } => Some(input),
                _ => None,
            })
            .collect();
        assert_eq!(inputs, ["hand", "undo", "hand"]);
        let (dir, live) = b.close();
        let (_, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
        assert_eq!(rebuild_table(&rec).unwrap(), live);
        assert!(HandLog::verify(dir.path(), SECRET).is_intact());
    }

    // Tests for tampering, each done with plain SQL on the closed file

    /// A closed log of two hands, and its last record's number.
    fn sample() -> (TempDir, i64) {
        let mut b = Bench::new(cfg());
        two_hands(&mut b);
        let last = i64::try_from(b.log.head().seq.0).unwrap();
        assert!(last > 30);
        let (dir, _) = b.close();
        (dir, last)
    }

    /// The first problem verify reports, after checking that open refuses the log.
    fn tampered(dir: &Path) -> Problem {
        let report = HandLog::verify(dir, SECRET);
        let p = report.problem.clone().unwrap_or_else(|| panic!("{report}"));
        match HandLog::open(dir, "T7", SECRET) {
            Err(LogError::Tampered { problem, .. }) => assert_eq!(problem, p),
            other => panic!("open gave {other:?}"),
        }
        p
    }

    fn at(p: &Problem) -> (Option<u64>, ProblemKind) {
        (p.seq.map(|s| s.0), p.kind)
    }

    #[test]
    fn an_edited_payload_is_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            "UPDATE records SET payload = replace(payload, '1000', '9000') WHERE seq = 3",
        );
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(3), ProblemKind::Edited), "{p}");
    }

    #[test]
    fn an_edited_timestamp_is_named() {
        let (dir, _) = sample();
        sql(dir.path(), "UPDATE records SET ts = ts + 1 WHERE seq = 12");
        assert_eq!(at(&tampered(dir.path())), (Some(12), ProblemKind::Edited));
    }

    #[test]
    fn an_edited_hand_index_is_named() {
        let (dir, _) = sample();
        sql(dir.path(), "UPDATE records SET hand = 2 WHERE seq = 8");
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(8), ProblemKind::Edited));
        assert!(p.detail.contains("hand index"), "{p}");
    }

    #[test]
    fn a_deleted_row_is_named() {
        let (dir, _) = sample();
        sql(dir.path(), "DELETE FROM records WHERE seq = 9");
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(9), ProblemKind::Deleted), "{p}");
    }

    #[test]
    fn a_deleted_row_with_the_rest_renumbered_is_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            "DELETE FROM records WHERE seq = 9;
             UPDATE records SET seq = seq + 1000 WHERE seq > 9;
             UPDATE records SET seq = seq - 1001 WHERE seq > 1000;",
        );
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(9), ProblemKind::Deleted), "{p}");
        assert!(p.detail.contains("renumbered"));
    }

    #[test]
    fn a_row_inserted_at_the_end_is_named() {
        let (dir, last) = sample();
        sql(
            dir.path(),
            "INSERT INTO records (seq, ts, kind, payload, hand, mac)
             SELECT seq + 1, ts + 1, kind, payload, hand, randomblob(32) FROM records
             WHERE seq = (SELECT max(seq) FROM records)",
        );
        let p = tampered(dir.path());
        assert_eq!(
            at(&p),
            (Some(last as u64 + 1), ProblemKind::Inserted),
            "{p}"
        );
    }

    #[test]
    fn a_row_inserted_in_the_middle_is_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            r#"UPDATE records SET seq = seq + 1000 WHERE seq >= 5;
               UPDATE records SET seq = seq - 999 WHERE seq >= 1000;
               INSERT INTO records (seq, ts, kind, payload, hand, mac)
               VALUES (5, 1700000004500, 'note', '{"v":1,"text":"all fine"}', NULL, randomblob(32));"#,
        );
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(5), ProblemKind::Inserted), "{p}");
    }

    #[test]
    fn a_copied_row_is_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            "UPDATE records SET seq = seq + 1000 WHERE seq >= 20;
             UPDATE records SET seq = seq - 999 WHERE seq >= 1000;
             INSERT INTO records (seq, ts, kind, payload, hand, mac)
             SELECT 20, ts, kind, payload, hand, mac FROM records WHERE seq = 14;",
        );
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(20), ProblemKind::Inserted), "{p}");
        assert!(p.detail.contains("copy of record 14"), "{p}");
    }

    #[test]
    fn swapped_rows_are_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            "UPDATE records SET seq = -1 WHERE seq = 6;
             UPDATE records SET seq = 6 WHERE seq = 10;
             UPDATE records SET seq = 10 WHERE seq = -1;",
        );
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(6), ProblemKind::Reordered), "{p}");
        assert!(p.detail.contains("written as record 10"), "{p}");
    }

    #[test]
    fn swapped_neighbours_are_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            "UPDATE records SET seq = -1 WHERE seq = 15;
             UPDATE records SET seq = 15 WHERE seq = 16;
             UPDATE records SET seq = 16 WHERE seq = -1;",
        );
        let p = tampered(dir.path());
        assert_eq!(at(&p), (Some(15), ProblemKind::Reordered), "{p}");
        assert!(p.detail.contains("written as record 16"), "{p}");
    }

    #[test]
    fn a_truncated_tail_is_named() {
        let (dir, last) = sample();
        sql(
            dir.path(),
            &format!("DELETE FROM records WHERE seq > {}", last - 3),
        );
        let p = tampered(dir.path());
        assert_eq!(
            at(&p),
            (Some(last as u64 - 2), ProblemKind::Truncated),
            "{p}"
        );
    }

    #[test]
    fn a_truncated_tail_with_a_rewritten_head_is_named() {
        let (dir, last) = sample();
        let keep = last - 3;
        sql(
            dir.path(),
            &format!(
                "DELETE FROM records WHERE seq > {keep};
                 UPDATE head SET seq = {keep}, mac = (SELECT mac FROM records WHERE seq = {keep});"
            ),
        );
        let p = tampered(dir.path());
        assert_eq!(
            at(&p),
            (Some(keep as u64 + 1), ProblemKind::Truncated),
            "{p}"
        );
        assert!(p.detail.contains("rewritten"), "{p}");
    }

    #[test]
    fn a_deleted_head_is_named() {
        let (dir, last) = sample();
        sql(dir.path(), "DELETE FROM head");
        let p = tampered(dir.path());
        assert_eq!(
            at(&p),
            (Some(last as u64 + 1), ProblemKind::Truncated),
            "{p}"
        );
    }

    #[test]
    fn a_changed_table_id_is_named() {
        let (dir, _) = sample();
        sql(
            dir.path(),
            "UPDATE meta SET value = 'T9' WHERE key = 'table_id'",
        );
        let report = HandLog::verify(dir.path(), SECRET);
        let p = report.problem.unwrap();
        assert_eq!(at(&p), (Some(1), ProblemKind::Edited), "{p}");
        assert!(matches!(
            HandLog::open(dir.path(), "T9", SECRET),
            Err(LogError::Tampered { .. })
        ));
    }

    // Tests for recovery and bad files

    #[test]
    fn a_torn_last_record_is_set_aside() {
        let mut b = Bench::new(cfg());
        two_hands(&mut b);
        b.line("hand");
        let before_last = b.table.clone();
        b.line("deal Qh");
        let last = b.log.head().seq.0;
        let (dir, _) = b.close();
        sql(
            dir.path(),
            "UPDATE records SET payload = substr(payload, 1, length(payload) / 2)
             WHERE seq = (SELECT max(seq) FROM records)",
        );
        let report = HandLog::verify(dir.path(), SECRET);
        let p = report.problem.clone().unwrap();
        assert_eq!(at(&p), (Some(last), ProblemKind::Torn), "{report}");

        let (log, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
        let dropped = rec.dropped.clone().unwrap();
        assert_eq!((dropped.seq, dropped.kind.as_str()), (Seq(last), "input"));
        assert_eq!(rebuild_table(&rec).unwrap(), before_last);
        assert_eq!(rec.hand_in_progress, Some(3));
        // The recovery is itself on the record, in the torn record's place.
        assert_eq!(log.head().seq, Seq(last));
        let notes: Vec<String> = log
            .timeline(3)
            .unwrap()
            .into_iter()
            .filter_map(|e| match e.entry {
                Entry::Note { text } => Some(text),
                _ => None,
            })
            .collect();
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with(&format!("recovery: record {last} (input)")));
        drop(log);
        let report = HandLog::verify(dir.path(), SECRET);
        assert!(report.is_intact(), "{report}");
        assert_eq!(report.dropped.len(), 1);
        assert_eq!(sql_count(dir.path(), "SELECT count(*) FROM dropped"), 1);
    }

    #[test]
    fn a_wrong_secret_is_refused() {
        let (dir, _) = sample();
        let other = b"another table's secret key";
        assert!(matches!(
            HandLog::open(dir.path(), "T7", other),
            Err(LogError::WrongSecret { .. })
        ));
        let p = HandLog::verify(dir.path(), other).problem.unwrap();
        assert_eq!(at(&p), (None, ProblemKind::WrongSecret));
        assert_eq!(
            HandLog::open(dir.path(), "T7", b"short").unwrap_err(),
            LogError::WeakSecret
        );
        assert_eq!(
            HandLog::verify(dir.path(), b"short").problem.unwrap().kind,
            ProblemKind::WrongSecret
        );
        // Nothing was changed by the attempts.
        assert!(HandLog::verify(dir.path(), SECRET).is_intact());
    }

    #[test]
    fn another_tables_log_is_refused() {
        let (dir, _) = sample();
        let e = HandLog::open(dir.path(), "T8", SECRET).unwrap_err();
        assert_eq!(
            e,
            LogError::OtherTable {
                path: dir.path().join(FILE_NAME),
                expected: "T8".into(),
                found: "T7".into()
            }
        );
        assert!(e.to_string().contains("belongs to table `T7`, not `T8`"));
        // Copied into table 8's folder, it is still table 7's.
        let t8 = TempDir::new().unwrap();
        std::fs::copy(dir.path().join(FILE_NAME), t8.path().join(FILE_NAME)).unwrap();
        assert!(matches!(
            HandLog::open(t8.path(), "T8", SECRET),
            Err(LogError::OtherTable { .. })
        ));
        assert_eq!(
            HandLog::open(t8.path(), " ", SECRET).unwrap_err(),
            LogError::NoTableId
        );
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused() {
        let dir = TempDir::new().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), vec![0x5a; 8192]).unwrap();
        let e = HandLog::open(dir.path(), "T7", SECRET).unwrap_err();
        assert!(matches!(e, LogError::Corrupt { .. }), "{e:?}");
        assert!(e.to_string().contains("do not deal"), "{e}");
        assert_eq!(
            HandLog::verify(dir.path(), SECRET).problem.unwrap().kind,
            ProblemKind::Unreadable
        );
    }

    #[test]
    fn another_database_is_refused() {
        let dir = TempDir::new().unwrap();
        sql(dir.path(), "CREATE TABLE players (name TEXT)");
        let e = HandLog::open(dir.path(), "T7", SECRET).unwrap_err();
        assert!(
            matches!(e, LogError::Corrupt { ref detail, .. } if detail.contains("not a hand log")),
            "{e:?}"
        );
    }

    #[test]
    fn a_truncated_file_is_refused() {
        let mut b = Bench::new(cfg());
        for i in 0..200 {
            b.other(Record::Note {
                text: format!("{i}: {}", "padding ".repeat(60)),
            });
        }
        let (dir, _) = b.close();
        let path = dir.path().join(FILE_NAME);
        let len = std::fs::metadata(&path).unwrap().len();
        assert!(len > 64 * 1024, "{len}");
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(len / 2).unwrap();
        drop(f);
        let e = HandLog::open(dir.path(), "T7", SECRET).unwrap_err();
        assert!(matches!(e, LogError::Corrupt { .. }), "{e:?}");
        assert!(!HandLog::verify(dir.path(), SECRET).is_intact());
    }

    #[test]
    fn a_full_disk_is_reported_and_nothing_is_written() {
        let mut b = Bench::new(cfg());
        b.line("seat 1 100");
        let pages: i64 = b
            .log
            .conn()
            .query_row("PRAGMA page_count", [], |r| r.get(0))
            .unwrap();
        b.log
            .conn()
            .execute_batch(&format!("PRAGMA max_page_count = {pages}"))
            .unwrap();
        let head = b.log.head();
        let big = Record::Note {
            text: "x".repeat(64 * 1024),
        };
        let e = b.log.append(T0 + 5000, big.clone()).unwrap_err();
        assert_eq!(
            e,
            LogError::DiskFull {
                path: b.log.path().to_path_buf()
            }
        );
        assert!(e.to_string().contains("full"));
        assert_eq!(b.log.head(), head);
        // With space again, the log goes on where it was.
        b.log
            .conn()
            .execute_batch("PRAGMA max_page_count = 1073741823")
            .unwrap();
        assert_eq!(b.log.append(T0 + 6000, big).unwrap().0, head.seq.0 + 1);
        let (dir, _) = b.close();
        assert!(HandLog::verify(dir.path(), SECRET).is_intact());
    }

    #[test]
    fn a_second_writer_is_refused() {
        let mut b = Bench::new(cfg());
        let (mut other, _) = HandLog::open(b.dir.path(), "T7", SECRET).unwrap();
        b.line("seat 1 100");
        let e = other
            .append(
                T0,
                Record::Note {
                    text: "me too".into(),
                },
            )
            .unwrap_err();
        assert!(matches!(e, LogError::ConcurrentWriter { .. }), "{e:?}");
        drop(other);
        let (dir, live) = b.close();
        let (_, rec) = HandLog::open(dir.path(), "T7", SECRET).unwrap();
        assert_eq!(rebuild_table(&rec).unwrap(), live);
    }

    #[test]
    fn verify_of_an_empty_folder_says_so() {
        let dir = TempDir::new().unwrap();
        let report = HandLog::verify(dir.path(), SECRET);
        assert_eq!(report.problem.unwrap().kind, ProblemKind::Unreadable);
    }

    // Tests for the floor's queries

    #[test]
    fn hands_are_listed_with_their_flags() {
        let mut b = Bench::new(cfg());
        let (pot1, pot2) = two_hands(&mut b);
        let hands = b.log.list_hands(&HandFilter::default()).unwrap();
        assert_eq!(hands.len(), 2);
        let (h1, h2) = (&hands[0], &hands[1]);
        assert_eq!((h1.number, h2.number), (1, 2));
        assert_eq!(h1.seats, [1, 2, 3]);
        assert_eq!((h1.pot, h2.pot), (Some(pot1), Some(pot2)));
        assert_eq!(
            h1.flags,
            HandFlags {
                corrections: 0,
                misdeals: 0,
                over_pot: 1,
                bad_tags: 1,
                refusals: 1
            }
        );
        assert_eq!(
            h2.flags,
            HandFlags {
                corrections: 1,
                misdeals: 1,
                over_pot: 0,
                bad_tags: 0,
                refusals: 0
            }
        );
        assert!(h1
            .end_ms
            .is_some_and(|e| e > h1.start_ms && e < h2.start_ms));
        assert_eq!(h1.end_ms, Some(h1.last_ms));
        assert_eq!(h2.records, h2.last_seq.0 - h2.first_seq.0 + 1);

        let numbers = |f: HandFilter| -> Vec<u32> {
            b.log
                .list_hands(&f)
                .unwrap()
                .iter()
                .map(|h| h.number)
                .collect()
        };
        let f = HandFilter::default;
        assert_eq!(
            numbers(HandFilter {
                over_pot: true,
                ..f()
            }),
            [1]
        );
        assert_eq!(
            numbers(HandFilter {
                bad_tags: true,
                ..f()
            }),
            [1]
        );
        assert_eq!(
            numbers(HandFilter {
                misdeals: true,
                ..f()
            }),
            [2]
        );
        assert_eq!(
            numbers(HandFilter {
                corrections: true,
                ..f()
            }),
            [2]
        );
        assert_eq!(
            numbers(HandFilter {
                seat: Some(2),
                ..f()
            }),
            [1, 2]
        );
        assert_eq!(
            numbers(HandFilter {
                seat: Some(4),
                ..f()
            }),
            [] as [u32; 0]
        );
        let big = pot1.max(pot2);
        let small = pot1.min(pot2);
        assert_eq!(
            numbers(HandFilter {
                pot_over: Some(big),
                ..f()
            })
            .len(),
            0
        );
        assert_eq!(
            numbers(HandFilter {
                pot_over: Some(small),
                ..f()
            })
            .len(),
            usize::from(big > small)
        );
        let after_1 = HandFilter {
            from_ms: Some(h1.last_ms + 1),
            ..f()
        };
        assert_eq!(numbers(after_1), [2]);
        let before_2 = HandFilter {
            to_ms: Some(h2.start_ms - 1),
            ..f()
        };
        assert_eq!(numbers(before_2), [1]);
        let both = HandFilter {
            misdeals: true,
            over_pot: true,
            ..f()
        };
        assert_eq!(numbers(both), [] as [u32; 0]);
        // The CLI prints them as JSON.
        let json = serde_json::to_string(&hands).unwrap();
        assert!(json.contains(r#""over_pot":1"#), "{json}");
        // A reader beside the running table sees the same.
        let audit = AuditLog::open(b.dir.path()).unwrap();
        assert_eq!(audit.table_id(), "T7");
        assert_eq!(audit.list_hands(&HandFilter::default()).unwrap(), hands);
    }

    #[test]
    fn a_hand_reads_as_a_timeline() {
        let mut b = Bench::new(cfg());
        two_hands(&mut b);
        let t1 = b.log.timeline(1).unwrap();
        assert_eq!(
            t1.first().map(|e| &e.entry),
            Some(&Entry::Input {
                input: "hand".into(),
                events: t1[0].entry_events().to_vec(),
                correction: false,
            })
        );
        let refused: Vec<&TimelineEntry> = t1
            .iter()
            .filter(|e| matches!(e.entry, Entry::Refused { .. }))
            .collect();
        assert_eq!(refused.len(), 1);
        let Entry::Refused {
            input,
            code,
            bad_tag,
            error,
        } = &refused[0].entry
        else {
            unreachable!()
        };
        assert_eq!(
            (input.as_str(), code.as_str(), *bad_tag),
            ("deal As", "DuplicateCard", true)
        );
        assert!(error.contains("already seen"));
        assert!(refused[0].to_string().contains("REFUSED deal As"));
        // The refusal between hands is in no hand.
        assert!(t1
            .iter()
            .all(|e| !matches!(&e.entry, Entry::Refused { input, .. } if input == "fold")));

        let t2 = b.log.timeline(2).unwrap();
        assert!(t2
            .windows(2)
            .all(|w| w[0].seq < w[1].seq && w[0].at_ms < w[1].at_ms));
        let kinds: Vec<&str> = t2
            .iter()
            .map(|e| match &e.entry {
                Entry::Input {
                    correction: true, ..
                } => "correction",
                Entry::Input { .. } => "input",
                Entry::KeyPress { .. } => "key",
                Entry::ShoeFrame { .. } => "shoe",
                Entry::Note { .. } => "note",
                Entry::Refused { .. } => "refused",
                Entry::Config { .. } => "config",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "input",
                "key",
                "input",
                "shoe",
                "input",
                "correction",
                "input",
                "input",
                "input",
                "input",
                "input",
                "input",
                "input",
                "correction",
                "input",
                "note",
                "input",
                "input"
            ]
        );
        assert!(t2.iter().any(|e| e.entry
            == Entry::ShoeFrame {
                hex: "02a011ff".into()
            }));
        let last = t2.last().unwrap().to_string();
        assert!(last.contains("hand 2 complete"), "{last}");
        let undo = t2
            .iter()
            .find(|e| e.to_string().contains("CORRECTION undo"))
            .unwrap();
        assert!(undo.to_string().contains("CORRECTION: last input undone"));
        let json = serde_json::to_value(&t2).unwrap();
        assert_eq!(json[1]["kind"], "key_press");
        assert_eq!(json[0]["events"][0]["event"]["type"], "hand_started");
        assert!(b.log.timeline(99).unwrap().is_empty());
    }

    impl TimelineEntry {
        fn entry_events(&self) -> &[EventRecord] {
            match &self.entry {
                Entry::Input { events, .. } => events,
                _ => &[],
            }
        }
    }

    #[test]
    fn now_ms_reads_the_clock() {
        assert!(now_ms() > T0);
    }
}
