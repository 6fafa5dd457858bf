//! The records: what a caller appends ([`Record`]), each kind's JSON payload
//! (versioned by its `v` field), and what a stored payload reads back as ([`Parsed`]).

use super::chain::hex;
use super::config_v1::ConfigData;
use super::error::LogError;
use super::event::EventRecord;
use super::input::{encode_input, parse_input};
use super::payload_error::PayloadError;
use super::PAYLOAD_VERSION;
use crate::records::program::{ProgramId, Sha256Digest, MAX_VERSION_LEN};
use firmware::rules::{ShowdownRule, UnconfirmedStraddle};
use firmware::{Event, Input, RuleError, TableConfig};
use serde::{Deserialize, Serialize};

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
    /// An input the host refused before the engine saw it (a dealer's award the
    /// tabled hands do not allow): a refusal record as the engine's are, with the
    /// host's name for it and no engine error.
    RefusedByHost {
        /// The input.
        input: Input,
        /// The refusal's name (`AwardAgainstCards`).
        code: String,
        /// The dealer's message.
        error: String,
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
    /// The program the table runs and its configuration's digest
    /// ([`crate::records::program`]), written at every start before the table deals:
    /// chained, signed and shipped like every record, so the floor knows what each
    /// table runs and an inspector finds every change of program in the log. Logs
    /// written before it existed have none, and read as they always did.
    Program {
        /// The version and the digests.
        program: ProgramId,
    },
    /// Recovery's note that it set a torn record aside: written by the log itself in
    /// the transaction that moves the row to the `dropped` table, so the chain vouches
    /// for every set-aside row (a row added there later is reported). Read back as a
    /// note.
    SetAside {
        /// The note's text.
        text: String,
        /// The digest of the set-aside row (`storage::dropped_digest`), in hex.
        digest: String,
    },
}

impl Record {
    /// An accepted input and its events, as [`Table::handle`] returned them.
    ///
    /// [`Table::handle`]: firmware::Table::handle
    pub fn accepted(input: Input, events: &[Event]) -> Record {
        Record::Input {
            input,
            events: events.to_vec(),
        }
    }

    /// The input and [`Table::handle`]'s answer: accepted with its events, or refused.
    ///
    /// [`Table::handle`]: firmware::Table::handle
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

pub(super) const KIND_CONFIG: &str = "config";
const KIND_INPUT: &str = "input";
const KIND_REFUSED: &str = "refused";
const KIND_SHOE: &str = "shoe";
const KIND_KEY: &str = "key";
const KIND_NOTE: &str = "note";
pub(super) const KIND_PROGRAM: &str = "program";

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
    fn config(&self) -> Result<TableConfig, PayloadError> {
        match (self.v, &self.config, &self.settings) {
            (1, Some(data), None) => Ok(as_written_v1(data.to_config())),
            (2.., None, Some(settings)) => {
                let mut pairs = Vec::with_capacity(settings.len());
                for (key, value) in settings {
                    let value = value
                        .as_str()
                        .ok_or_else(|| PayloadError::SettingNotText(key.clone()))?;
                    pairs.push((key.as_str(), value));
                }
                let said = |key| settings.contains_key(key);
                let showdown = said(SHOWDOWN_KEY);
                let openers = said(OPENERS_AFTER_DRAW_KEY);
                let config = crate::settings::from_pairs(pairs).map_err(PayloadError::Settings)?;
                Ok(as_written(config, showdown, openers))
            }
            (v, _, _) => Err(PayloadError::NoSettings(v)),
        }
    }
}

/// The setting logs written before the showdown had its own phase do not carry.
const SHOWDOWN_KEY: &str = "showdown";
/// The setting logs written before the second round's openers do not carry.
const OPENERS_AFTER_DRAW_KEY: &str = "openers_after_draw";

/// A version 1 log as it was played ([`as_written`]): it did not say what an
/// unconfirmed straddle costs either, and was dealt under the earlier `no_raise`
/// reading, no raise in the whole first round (R-STRAD-4). Later logs say it in the
/// setting's own words, which keep the meaning they were written with.
fn as_written_v1(config: TableConfig) -> TableConfig {
    let mut config = as_written(config, false, false);
    config.unconfirmed_straddle = UnconfirmedStraddle::NoRaiseFirstRound;
    config
}

/// A log whose settings lack a setting was written before it existed, and is
/// recovered, replayed and continued as it was played: a log that does not say how
/// hands are shown was written when every hand was tabled at the settlement (so its
/// recorded mucks and payouts still follow the betting); one that does not say
/// whether the second round needs openers checked them before the draw only.
fn as_written(mut config: TableConfig, showdown: bool, openers: bool) -> TableConfig {
    if !showdown {
        config.showdown = ShowdownRule::Tabled;
    }
    if !openers {
        config.openers_after_draw = false;
    }
    config
}

/// The settings of `config` as the configuration record and the audit show them.
pub(super) fn settings_json(config: &TableConfig) -> serde_json::Map<String, serde_json::Value> {
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
    /// The error as data, so the floor's pages can say it in their language (absent
    /// from records written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rule: Option<RuleError>,
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
    /// For a [`Record::SetAside`]: the set-aside row's digest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    set_aside: Option<String>,
}

/// The program record: its fields are the payload's, so the floor's store reads the
/// same names (`binary`, `config`) the log writes.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgramPayload {
    v: u32,
    version: String,
    binary: Sha256Digest,
    config: Sha256Digest,
}

impl ProgramPayload {
    fn program(self) -> ProgramId {
        ProgramId {
            version: self.version,
            binary: self.binary,
            config: self.config,
        }
    }
}

/// A record read back from its payload.
#[derive(Clone, Debug)]
pub(super) enum Parsed {
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
        rule: Option<RuleError>,
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
        /// The digest of the row recovery set aside, for its note.
        set_aside: Option<String>,
    },
    Program {
        program: ProgramId,
    },
}

/// The refusals that point at the shoe or the deck: a tag the deck map does not know
/// (the card is not in this deck) or a card read twice.
pub(super) fn is_bad_tag(code: &str) -> bool {
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
pub(super) fn encode(
    record: &Record,
    table_id: &str,
) -> Result<(&'static str, String, Parsed), LogError> {
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
        Record::Refused { input, error } => refused(
            input,
            error_code(error),
            format!("{error:?}"),
            error.to_string(),
            Some(*error),
        )?,
        Record::RefusedByHost { input, code, error } => {
            refused(input, code.clone(), code.clone(), error.clone(), None)?
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
        Record::Note { text } => note(text, None)?,
        Record::SetAside { text, digest } => note(text, Some(digest))?,
        Record::Program { program } => {
            checked_version(&program.version).map_err(|e| LogError::BadConfig {
                detail: e.to_string(),
            })?;
            let p = ProgramPayload {
                v: PAYLOAD_VERSION,
                version: program.version.clone(),
                binary: program.binary,
                config: program.config,
            };
            let s = json(serde_json::to_string(&p))?;
            (
                KIND_PROGRAM,
                s,
                Parsed::Program {
                    program: p.program(),
                },
            )
        }
    })
}

/// A payload's JSON, or why it could not be written.
fn json(r: serde_json::Result<String>) -> Result<String, LogError> {
    r.map_err(|e| LogError::BadConfig {
        detail: format!("cannot encode the record: {e}"),
    })
}

/// A refusal's kind, payload and parsed form: the engine's (`rule` its error) or the
/// host's.
fn refused(
    input: &Input,
    code: String,
    detail: String,
    error: String,
    rule: Option<RuleError>,
) -> Result<(&'static str, String, Parsed), LogError> {
    let p = RefusedPayload {
        v: PAYLOAD_VERSION,
        input: encode_input(input),
        code,
        detail,
        error,
        rule,
    };
    let s = json(serde_json::to_string(&p))?;
    Ok((
        KIND_REFUSED,
        s,
        Parsed::Refused {
            text: p.input,
            code: p.code,
            error: p.error,
            rule: p.rule,
        },
    ))
}

/// A note's kind, payload and parsed form.
fn note(
    text: &str,
    set_aside: Option<&String>,
) -> Result<(&'static str, String, Parsed), LogError> {
    let p = NotePayload {
        v: PAYLOAD_VERSION,
        text: text.to_string(),
        set_aside: set_aside.cloned(),
    };
    let s = json(serde_json::to_string(&p))?;
    Ok((
        KIND_NOTE,
        s,
        Parsed::Note {
            text: p.text,
            set_aside: p.set_aside,
        },
    ))
}

/// A program record's version: a short line of printable text, as a version is (the
/// floor's page shows it).
fn checked_version(version: &str) -> Result<(), PayloadError> {
    let len = version.chars().count();
    if len == 0 || len > MAX_VERSION_LEN || version.chars().any(char::is_control) {
        return Err(PayloadError::ProgramVersion(len));
    }
    Ok(())
}

/// Reads a payload back. Errors say what is wrong, for the verify report.
pub(super) fn parse_payload(kind: &[u8], payload: &[u8]) -> Result<Parsed, PayloadError> {
    fn de<'a, T: Deserialize<'a>>(payload: &'a [u8]) -> Result<T, PayloadError> {
        serde_json::from_slice(payload).map_err(PayloadError::Unreadable)
    }
    fn version(v: u32) -> Result<(), PayloadError> {
        if v == 0 || v > PAYLOAD_VERSION {
            Err(PayloadError::Version(v))
        } else {
            Ok(())
        }
    }
    let kind = std::str::from_utf8(kind).map_err(|_| PayloadError::KindNotText)?;
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
            let input = parse_input(&p.input).map_err(PayloadError::Input)?;
            Parsed::Input {
                input,
                text: p.input,
                events: p.events,
            }
        }
        KIND_REFUSED => {
            let p: RefusedPayload = de(payload)?;
            version(p.v)?;
            parse_input(&p.input).map_err(PayloadError::Input)?;
            Parsed::Refused {
                text: p.input,
                code: p.code,
                error: p.error,
                rule: p.rule,
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
            Parsed::Note {
                text: p.text,
                set_aside: p.set_aside,
            }
        }
        KIND_PROGRAM => {
            let p: ProgramPayload = de(payload)?;
            version(p.v)?;
            checked_version(&p.version)?;
            Parsed::Program {
                program: p.program(),
            }
        }
        other => return Err(PayloadError::UnknownKind(other.to_string())),
    })
}
