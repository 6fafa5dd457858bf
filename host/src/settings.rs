//! A table's settings as text, for every place a person or a file sets them: the one
//! codec of [`firmware::rules::codec`] with owned strings and errors that name the
//! setting and quote the value. `table.toml`, a scenario script's `table` line, the
//! command line's `--set`, the hand log's configuration record and a PHH export's
//! `_house_rules` all read and write through here.

use firmware::rules::codec::{self, Kind, PairError, Setting, SettingError, SETTINGS};
use firmware::TableConfig;
use std::fmt;

/// The longest value an error quotes: a setting is a few words, and an error must
/// stay one short line whatever a file holds.
const QUOTED: usize = 40;

/// A setting that cannot be used, with the key and value as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsError {
    /// No setting has this key.
    Unknown {
        /// The key as given (shortened).
        key: String,
    },
    /// The value does not read.
    Value {
        /// The setting's key.
        key: &'static str,
        /// The value as given (shortened).
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// Each setting reads, but together they make no playable table.
    Table(firmware::rules::ConfigError),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Unknown { key } => write!(f, "unknown setting `{key}`"),
            SettingsError::Value {
                key,
                value,
                expected,
            } => write!(f, "{key} = `{value}`: expected {expected}"),
            SettingsError::Table(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SettingsError {}

/// `text` cut to [`QUOTED`] characters for an error message.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

fn error(key: &str, value: &str, e: SettingError) -> SettingsError {
    match (e, codec::find(key)) {
        (SettingError::Value { expected }, Some(s)) => SettingsError::Value {
            key: s.key,
            value: quoted(value),
            expected,
        },
        _ => SettingsError::Unknown { key: quoted(key) },
    }
}

/// Sets `key` of `cfg` to `value`; on an error `cfg` is unchanged.
pub fn set(cfg: &mut TableConfig, key: &str, value: &str) -> Result<(), SettingsError> {
    codec::set(cfg, key, value).map_err(|e| error(key, value, e))
}

/// The value of `setting` in `cfg`, as it is written.
pub fn value(setting: &Setting, cfg: &TableConfig) -> String {
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = setting.write(cfg, &mut text);
    text
}

/// The value of the setting `key` in `cfg`, if there is one.
pub fn get(cfg: &TableConfig, key: &str) -> Option<String> {
    codec::find(key).map(|s| value(s, cfg))
}

/// Every setting of the `kinds` given that `cfg`'s texts carry ([`Setting::carried`]),
/// in [`SETTINGS`] order, as `(key, value)`.
pub fn pairs(cfg: &TableConfig, kinds: &[Kind]) -> Vec<(&'static str, String)> {
    SETTINGS
        .iter()
        .filter(|s| kinds.contains(&s.kind) && s.carried(cfg))
        .map(|s| (s.key, value(s, cfg)))
        .collect()
}

/// Every setting of `cfg`.
pub fn all(cfg: &TableConfig) -> Vec<(&'static str, String)> {
    pairs(cfg, &[Kind::Stakes, Kind::House, Kind::Money, Kind::Engine])
}

/// A table from `(key, value)` pairs in any order (game, limit and blinds first,
/// missing ones at their defaults), checked playable.
pub fn from_pairs<'a, I>(pairs: I) -> Result<TableConfig, SettingsError>
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
    I::IntoIter: Clone,
{
    let pairs = pairs.into_iter();
    let cfg = codec::from_pairs(pairs.clone()).map_err(|PairError { key, error: e }| {
        let value = pairs
            .clone()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, v)| v);
        error(key, value, e)
    })?;
    cfg.validate().map_err(SettingsError::Table)?;
    Ok(cfg)
}

/// [`from_pairs`] for a table being set up to deal (table.toml, a script's table):
/// also what a live table must have ([`TableConfig::validate_at_table`]). A table's
/// own log is read with [`from_pairs`], so what it once held always opens.
pub fn table_from_pairs<'a, I>(pairs: I) -> Result<TableConfig, SettingsError>
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
    I::IntoIter: Clone,
{
    let cfg = from_pairs(pairs)?;
    cfg.validate_at_table().map_err(SettingsError::Table)?;
    Ok(cfg)
}

/// Reads `key=value` (the command line's `--set`, a script's settings).
pub fn split_pair(text: &str) -> Result<(&str, &str), SettingsError> {
    text.split_once('=')
        .map(|(k, v)| (k.trim(), v.trim()))
        .ok_or_else(|| SettingsError::Unknown {
            key: format!("{} (write key=value)", quoted(text)),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ch;
    use firmware::{Game, Structure};

    #[test]
    fn r_ante_1_a_draw_table_is_set_up_with_an_ante_but_old_ones_still_open() {
        let no_ante = [("game", "draw"), ("limit", "nl"), ("blinds", "5/10")];
        let e = table_from_pairs(no_ante).unwrap_err().to_string();
        assert!(e.contains("ante"), "{e}");
        assert!(
            from_pairs(no_ante).is_ok(),
            "a log that holds such a table opens"
        );
        let with_ante = [
            ("game", "draw"),
            ("limit", "nl"),
            ("blinds", "5/10"),
            ("ante", "1"),
        ];
        assert!(table_from_pairs(with_ante).is_ok());
    }

    #[test]
    fn errors_name_the_setting_and_quote_a_short_value() {
        let mut cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
        let long = "x".repeat(10_000);
        let e = set(&mut cfg, "rake_pct", &long).unwrap_err().to_string();
        assert!(e.starts_with("rake_pct = `xxx") && e.len() < 150, "{e}");
        let e = set(&mut cfg, "seats", "many").unwrap_err().to_string();
        assert_eq!(e, "max_players = `many`: expected 2 to 11");
        let e = set(&mut cfg, "colour", "red").unwrap_err().to_string();
        assert_eq!(e, "unknown setting `colour`");
    }

    #[test]
    fn a_table_reads_back_from_all_its_settings() {
        let mut cfg = TableConfig::new(Game::OmahaHiLo, Structure::PotLimit, ch(10), ch(20));
        set(&mut cfg, "rake_pct", "5").unwrap();
        set(&mut cfg, "rake_cap", "30").unwrap();
        set(&mut cfg, "unconfirmed_straddle", "no_option").unwrap();
        let all = all(&cfg);
        let back = from_pairs(all.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, cfg);
    }

    #[test]
    fn an_unplayable_table_is_refused_whole() {
        // R-TABLE-1: Omaha seats at most 10 ([002]).
        let e = from_pairs([("game", "omaha"), ("max_players", "11")]).unwrap_err();
        assert!(matches!(e, SettingsError::Table(_)), "{e}");
    }
}
