//! Why a record's payload does not read back: [`PayloadError`]. It ends up in the verify report
//! and in [`LogError::Corrupt`](super::LogError::Corrupt): the floor reads them to
//! decide whether the log was damaged or written by a newer program.

use super::input::InputParseError;
use super::PAYLOAD_VERSION;
use crate::settings::SettingsError;
use std::fmt;

/// A record's payload that cannot be read back.
#[derive(Debug)]
pub enum PayloadError {
    /// The record's kind is not text: the row was damaged.
    KindNotText,
    /// No record has this kind: the row was damaged, or a newer program wrote it.
    UnknownKind(String),
    /// The payload is not the JSON its kind has.
    Unreadable(serde_json::Error),
    /// The payload's version is not one this program reads: update the program.
    Version(u32),
    /// A configuration record's setting is not text.
    SettingNotText(String),
    /// A configuration record's settings do not make a table.
    Settings(SettingsError),
    /// A configuration record without the settings its version has.
    NoSettings(u32),
    /// An input record's input does not parse.
    Input(InputParseError),
    /// A program record's version is longer than a version is, or holds a
    /// control character.
    ProgramVersion(usize),
}

impl fmt::Display for PayloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PayloadError::KindNotText => f.write_str("the kind is not text"),
            PayloadError::UnknownKind(k) => write!(f, "unknown record kind `{k}`"),
            PayloadError::Unreadable(e) => write!(f, "payload does not read: {e}"),
            PayloadError::Version(v) => write!(
                f,
                "payload version {v}: this program reads 1..={PAYLOAD_VERSION}"
            ),
            PayloadError::SettingNotText(key) => write!(f, "setting {key} is not text"),
            PayloadError::Settings(e) => write!(f, "settings: {e}"),
            PayloadError::NoSettings(v) => write!(
                f,
                "configuration record of version {v} without its settings"
            ),
            PayloadError::Input(e) => write!(f, "{e}"),
            PayloadError::ProgramVersion(len) => write!(
                f,
                "program record's version of {len} characters is not a version (at most {} printable ones)",
                crate::records::program::MAX_VERSION_LEN
            ),
        }
    }
}

impl std::error::Error for PayloadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PayloadError::Unreadable(e) => Some(e),
            PayloadError::Settings(e) => Some(e),
            PayloadError::Input(e) => Some(e),
            _ => None,
        }
    }
}
