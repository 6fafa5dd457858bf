//! The floor's queries: hands listed with what the floor looks for ([`HandFilter`],
//! [`HandSummary`]), a hand's records as a timeline, and [`AuditLog`], the log opened
//! read-only beside the running table.

use super::error::{db_err, LogError};
use super::event::EventRecord;
use super::head::SignedHead;
use super::keys::PublicKey;
use super::record::{is_bad_tag, parse_payload, settings_json, Parsed, KIND_CONFIG};
use super::storage::{
    check_meta, meta, open_evidence, open_ro, raw_row, read_head, ReadOnly, ROW_COLUMNS,
};
use super::{Seq, FILE_NAME};
use crate::money::award;
use crate::records::program::Sha256Digest;
use crate::records::time::WallTime;
use firmware::{Chips, Event, Input, Ruling, SeatNo, Table, TableConfig, Warning};
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Which hands to list. Every condition given must hold; the flags ask for hands that
/// have at least one such record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandFilter {
    /// Hands still going at or after this time.
    pub from_ms: Option<WallTime>,
    /// Hands started at or before this time.
    pub to_ms: Option<WallTime>,
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
    /// Hands with a floor ruling (a void hand, a straddle ruled announced).
    pub rulings: bool,
    /// Hands with a pot paid against the tabled hands: the floor's award override
    /// (R-SHOW-4), or in a log written before awards were checked, an award the cards
    /// did not allow ([`AuditLog::list_hands`] finds those by replaying the log).
    #[serde(default)]
    pub overrides: bool,
}

impl HandFilter {
    /// Whether `h` passes.
    pub fn matches(&self, h: &HandSummary) -> bool {
        let end = h.end_ms.unwrap_or(h.last_ms);
        self.from_ms.is_none_or(|t| end >= t)
            && self.to_ms.is_none_or(|t| h.start_ms <= t)
            && self.seat.is_none_or(|s| h.seats.contains(&s))
            && self
                .pot_over
                .is_none_or(|p| h.pot.unwrap_or(Chips::ZERO) > p)
            && (!self.corrections || h.flags.corrections > 0)
            && (!self.misdeals || h.flags.misdeals > 0)
            && (!self.over_pot || h.flags.over_pot > 0)
            && (!self.bad_tags || h.flags.bad_tags > 0)
            && (!self.rulings || h.flags.rulings > 0)
            && (!self.overrides || h.flags.overrides > 0)
    }
}

/// Counts of what the floor looks for in a hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandFlags {
    /// UNDOs (corrections).
    pub corrections: u32,
    /// Misdeals (a hand the floor voided counts here too: it is dealt again).
    pub misdeals: u32,
    /// Floor rulings (void hand, straddle announced).
    pub rulings: u32,
    /// Over-pot bets reduced (R-PL-5).
    pub over_pot: u32,
    /// Cards refused as not in this deck (unknown tag) or already seen.
    pub bad_tags: u32,
    /// All refused inputs (wrong buttons included).
    pub refusals: u32,
    /// Awards against the tabled hands: the floor's award overrides (R-SHOW-4), and
    /// in an old log's audit, awards the cards did not allow and no floor ruled.
    pub overrides: u32,
}

/// One hand, for the floor's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// The hand's number.
    pub number: u32,
    /// Its first record's time.
    pub start_ms: WallTime,
    /// When every chip was paid, if it was.
    pub end_ms: Option<WallTime>,
    /// Its last record's time.
    pub last_ms: WallTime,
    /// The seats dealt in.
    pub seats: Vec<SeatNo>,
    /// The pot awarded at the end, once the betting is over.
    pub pot: Option<Chips>,
    /// The house's rake taken from it (PD-RAKE).
    pub rake: Chips,
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
        /// The error as data, for the floor's pages to say in their language
        /// (`None` in records written before it was kept).
        rule: Option<firmware::RuleError>,
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
    /// The program the table started with ([`Record::Program`](super::Record::Program)).
    Program {
        /// Its version.
        version: String,
        /// SHA-256 of its binary.
        binary: Sha256Digest,
        /// SHA-256 of its configuration files.
        config: Sha256Digest,
    },
}

/// One record of a hand's timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimelineEntry {
    /// The record's number.
    pub seq: Seq,
    /// Its time (the table's wall clock).
    pub at_ms: WallTime,
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
            Entry::Program {
                version,
                binary,
                config,
            } => write!(
                f,
                "program {version} started: binary {binary}, configuration {config}"
            ),
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
    mut each: impl FnMut(i64, WallTime, Parsed, Option<u32>) -> Result<(), LogError>,
) -> Result<(), LogError> {
    let e = |err| db_err(path, err);
    let mut stmt = conn.prepare(sql).map_err(e)?;
    let mut rows = stmt.query(args).map_err(e)?;
    while let Some(r) = rows.next().map_err(e)? {
        let row = raw_row(r).map_err(e)?;
        let parsed = parse_payload(&row.kind, &row.payload)
            .map_err(|d| corrupt_record(path, row.seq, &d.to_string()))?;
        let hand = row
            .hand
            .map(u32::try_from)
            .transpose()
            .map_err(|_| corrupt_record(path, row.seq, "the hand number is out of range"))?;
        each(row.seq, WallTime::from_bigint(row.ts), parsed, hand)?;
    }
    Ok(())
}

pub(super) fn list_hands(
    conn: &Connection,
    path: &Path,
    filter: &HandFilter,
) -> Result<Vec<HandSummary>, LogError> {
    let mut hands: BTreeMap<u32, HandSummary> = BTreeMap::new();
    let mut replay = AwardReplay::default();
    // Every record, the seats taken between hands too: the replay needs them all.
    query_rows(
        conn,
        path,
        // Every record in the table's own order, never through an index: an index
        // rebuilt to leave a record out would hide it. Records outside a hand count
        // too: the award check replays the whole log (R-SHOW-4).
        &format!("SELECT {ROW_COLUMNS} FROM records NOT INDEXED ORDER BY seq"),
        &[],
        |seq, at, parsed, hand| {
            let against_cards = replay.take(&parsed);
            let Some(number) = hand else { return Ok(()) };
            let entry = timeline_entry(seq, at, parsed);
            let h = hands
                .entry(number)
                .or_insert_with(|| HandSummary::begin(number, &entry));
            h.take(&entry);
            if against_cards {
                h.flags.overrides += 1;
            }
            Ok(())
        },
    )?;
    Ok(hands.into_values().filter(|h| filter.matches(h)).collect())
}

/// The log's inputs played again through the engine, to find the awards the tabled
/// hands did not allow and no floor ruled ([`award::check`]): a log written before
/// the table checked its awards (issue 26, attack 12) may hold some, paid as they
/// were played; the audit counts each among the hand's overrides. A live table
/// refuses them, so a log written since holds none but the floor's.
#[derive(Default)]
struct AwardReplay {
    /// The table as the log's records leave it; `None` before the configuration,
    /// or once the engine refused an input the log says it took (a log that is not
    /// the table's: `audit verify` says why), after which nothing more is counted.
    table: Option<Table>,
}

impl AwardReplay {
    /// Plays `parsed`; whether it is an award the tabled hands did not allow.
    fn take(&mut self, parsed: &Parsed) -> bool {
        match parsed {
            Parsed::Config { config, .. } => {
                self.table = Table::new(*config).ok();
                false
            }
            Parsed::Input { input, .. } => {
                let Some(t) = self.table.as_mut() else {
                    return false;
                };
                let against = award::check(t, input).is_err();
                if t.handle(*input).is_err() {
                    self.table = None;
                }
                against
            }
            _ => false,
        }
    }
}

impl HandSummary {
    /// A hand whose first record is `first`, with nothing counted yet: [`Self::take`]
    /// each of its records in order, `first` included.
    pub fn begin(number: u32, first: &TimelineEntry) -> HandSummary {
        HandSummary {
            number,
            start_ms: first.at_ms,
            end_ms: None,
            last_ms: first.at_ms,
            seats: Vec::new(),
            pot: None,
            rake: Chips::ZERO,
            flags: HandFlags::default(),
            records: 0,
            first_seq: first.seq,
            last_seq: first.seq,
        }
    }

    /// Counts one more record of the hand.
    pub fn take(&mut self, record: &TimelineEntry) {
        let at = record.at_ms;
        self.records += 1;
        self.last_ms = at;
        self.last_seq = record.seq;
        match &record.entry {
            Entry::Input { events, .. } => {
                for e in events.iter().filter_map(|e| e.event.as_ref()) {
                    match e {
                        Event::HandStarted { dealt, .. } => {
                            self.seats = firmware::event::dealt_seats(*dealt).collect();
                        }
                        Event::HandOver { pot, .. } => self.pot = Some(*pot),
                        Event::Raked { amount } => {
                            self.rake = self.rake.saturating_add(*amount);
                        }
                        Event::HandComplete { .. } => self.end_ms = Some(at),
                        Event::Undone => self.flags.corrections += 1,
                        Event::Misdealt { .. } => self.flags.misdeals += 1,
                        Event::Ruled { ruling, .. } => {
                            self.flags.rulings += 1;
                            if matches!(ruling, Ruling::AwardOverride { .. }) {
                                self.flags.overrides += 1;
                            }
                        }
                        Event::Warning(Warning::OverPot { .. }) => self.flags.over_pot += 1,
                        _ => {}
                    }
                }
            }
            Entry::Refused { bad_tag, .. } => {
                self.flags.refusals += 1;
                if *bad_tag {
                    self.flags.bad_tags += 1;
                }
            }
            _ => {}
        }
    }
}

pub(super) fn timeline(
    conn: &Connection,
    path: &Path,
    number: u32,
) -> Result<Vec<TimelineEntry>, LogError> {
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

/// The records of hand `number` among records `first..=last`, read by their numbers
/// (the table's own order), never through the hand index.
pub(super) fn timeline_between(
    conn: &Connection,
    path: &Path,
    number: u32,
    first: i64,
    last: i64,
) -> Result<Vec<TimelineEntry>, LogError> {
    let mut out = Vec::new();
    query_rows(
        conn,
        path,
        &format!(
            "SELECT {ROW_COLUMNS} FROM records NOT INDEXED WHERE seq BETWEEN ?1 AND ?2 ORDER BY seq"
        ),
        &[&first, &last],
        |seq, at_ms, parsed, hand| {
            if hand == Some(number) {
                out.push(timeline_entry(seq, at_ms, parsed));
            }
            Ok(())
        },
    )?;
    Ok(out)
}

/// A record as the floor reads it.
pub(super) fn timeline_entry(seq: i64, at_ms: WallTime, parsed: Parsed) -> TimelineEntry {
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
            correction: matches!(input, Input::Undo | Input::Misdeal | Input::Ruling { .. }),
        },
        Parsed::Refused {
            text,
            code,
            error,
            rule,
        } => Entry::Refused {
            input: text,
            bad_tag: is_bad_tag(&code),
            code,
            error,
            rule,
        },
        Parsed::Shoe { hex } => Entry::ShoeFrame { hex },
        Parsed::Key { key, kind } => Entry::KeyPress { key, press: kind },
        Parsed::Note { text, .. } => Entry::Note { text },
        Parsed::Program { program } => Entry::Program {
            version: program.version,
            binary: program.binary,
            config: program.config,
        },
    };
    TimelineEntry {
        seq: Seq(seq.unsigned_abs()),
        at_ms,
        entry,
    }
}

/// A hand log opened read-only, for the floor's queries. It does not check the
/// seals: run [`HandLog::verify`](super::HandLog::verify) for that, or read it
/// through [`AuditLog::checked`], which checks it first.
#[derive(Debug)]
pub struct AuditLog {
    db: ReadOnly,
    path: PathBuf,
    table_id: String,
}

impl AuditLog {
    /// Opens the log in the data folder `dir` for reading beside the running table
    /// (the floor view): SQLite may add the `-shm` file a reader of a live log needs.
    pub fn open(dir: impl AsRef<Path>) -> Result<AuditLog, LogError> {
        let path = dir.as_ref().join(FILE_NAME);
        AuditLog::with(open_ro(&path)?, path)
    }

    /// Opens the log in `dir` as evidence: nothing is written in or beside it, and a
    /// read-only copy or mount serves (`tablectl audit`, exports).
    pub fn open_evidence(dir: impl AsRef<Path>) -> Result<AuditLog, LogError> {
        let path = dir.as_ref().join(FILE_NAME);
        AuditLog::with(open_evidence(&path)?, path)
    }

    pub(super) fn conn(&self) -> &Connection {
        self.db.conn()
    }

    /// The log's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn with(db: ReadOnly, path: PathBuf) -> Result<AuditLog, LogError> {
        let (table_id, _) = check_meta(db.conn(), &path, None)?;
        Ok(AuditLog { db, path, table_id })
    }

    /// The log's signed head as the head row holds it, when its signature is the key's
    /// the log records (`None` for a log of the old scheme or a head that does not
    /// check; [`HandLog::verify`](super::HandLog::verify) says why).
    pub fn head(&self) -> Result<Option<SignedHead>, LogError> {
        let e = |err| db_err(&self.path, err);
        let conn = self.db.conn();
        let key: Option<PublicKey> = meta(conn, "public_key")
            .map_err(e)?
            .and_then(|k| k.parse().ok());
        let (Some(key), Some(h)) = (key, read_head(conn).map_err(e)?) else {
            return Ok(None);
        };
        let head = SignedHead::new(&self.table_id, h.seq, &h.mac, key, &h.tag);
        Ok(head.filter(SignedHead::is_signed))
    }

    /// The table's id.
    pub fn table_id(&self) -> &str {
        &self.table_id
    }

    /// The hands that pass `filter`, by number.
    pub fn list_hands(&self, filter: &HandFilter) -> Result<Vec<HandSummary>, LogError> {
        list_hands(self.db.conn(), &self.path, filter)
    }

    /// Every record of hand `number`, in order.
    pub fn timeline(&self, number: u32) -> Result<Vec<TimelineEntry>, LogError> {
        timeline(self.db.conn(), &self.path, number)
    }

    /// The table's settings, from the log's configuration record (the first record):
    /// what an export or an audit replays the inputs with.
    pub fn config(&self) -> Result<TableConfig, LogError> {
        let mut found = None;
        query_rows(
            self.db.conn(),
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
            self.db.conn(),
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
