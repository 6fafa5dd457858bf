//! `table.toml`: one table's configuration on the Raspberry Pi.
//!
//! ```toml
//! [table]
//! id = "table-7"              # names the hand log: a log of another table is refused
//! game = "holdem"             # holdem, omaha, omaha8 or draw
//! limit = "nl"                # nl, pl or fl
//! blinds = [5, 10]            # small and big blind (fixed limit: bets of BB and 2×BB)
//! ante = 0                    # per player; draw games play on antes (R-DRAW-1)
//! seats = 10                  # 2 to 11
//! straddle = true             # R-STRAD
//! data = "/var/lib/tablectl"  # hand log, HMAC secret, deck map
//!
//! [panel]
//! pins = "/etc/tablectl/pins.toml"   # hardware/pins.toml, with the shoe's port
//!
//! [display]
//! bind = "127.0.0.1:8080"     # where the table screen's page is served
//! language = "en"             # en, mk, pl, bg or ru
//! equity = true               # all-in equity beside the seats
//! ```
//!
//! Every key but `[table] id` has the default shown; an unknown key is an error, so a
//! misspelt setting never silently leaves the default in force.

use crate::session::simulated::{parse_game, parse_limit, table_config};
use firmware::{Chips, TableConfig};
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where the table's data lives unless `table.toml` says otherwise.
pub const DEFAULT_DATA_DIR: &str = "/var/lib/tablectl";
/// The shipped pin map's installed place.
pub const DEFAULT_PINS: &str = "/etc/tablectl/pins.toml";
/// The display's address unless configured: this machine only (issue: safe by default).
pub const DEFAULT_DISPLAY_BIND: &str = "127.0.0.1:8080";

/// Why `table.toml` cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigFileError {
    /// The file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        detail: String,
    },
    /// Not valid TOML, or a key of the wrong type, or an unknown key.
    Syntax(String),
    /// A value out of range or settings that make no playable table.
    Invalid(String),
}

impl fmt::Display for ConfigFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigFileError::Read { path, detail } => {
                write!(f, "cannot read {}: {detail}", path.display())
            }
            ConfigFileError::Syntax(e) => write!(f, "table.toml: {e}"),
            ConfigFileError::Invalid(e) => write!(f, "table.toml: {e}"),
        }
    }
}

impl std::error::Error for ConfigFileError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    table: RawTable,
    #[serde(default)]
    panel: RawPanel,
    #[serde(default)]
    display: RawDisplay,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    id: String,
    #[serde(default = "default_game")]
    game: String,
    #[serde(default = "default_limit")]
    limit: String,
    #[serde(default = "default_blinds")]
    blinds: [Chips; 2],
    #[serde(default)]
    ante: Chips,
    #[serde(default = "default_seats")]
    seats: u8,
    #[serde(default = "default_true")]
    straddle: bool,
    #[serde(default = "default_data")]
    data: PathBuf,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPanel {
    #[serde(default = "default_pins")]
    pins: PathBuf,
}

impl Default for RawPanel {
    fn default() -> Self {
        RawPanel {
            pins: default_pins(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisplay {
    #[serde(default = "default_bind")]
    bind: String,
    #[serde(default = "default_language")]
    language: String,
    #[serde(default = "default_true")]
    equity: bool,
}

impl Default for RawDisplay {
    fn default() -> Self {
        RawDisplay {
            bind: default_bind(),
            language: default_language(),
            equity: true,
        }
    }
}

fn default_game() -> String {
    "holdem".into()
}
fn default_limit() -> String {
    "nl".into()
}
fn default_blinds() -> [Chips; 2] {
    [5, 10]
}
fn default_seats() -> u8 {
    10
}
fn default_true() -> bool {
    true
}
fn default_data() -> PathBuf {
    DEFAULT_DATA_DIR.into()
}
fn default_pins() -> PathBuf {
    DEFAULT_PINS.into()
}
fn default_bind() -> String {
    DEFAULT_DISPLAY_BIND.into()
}
fn default_language() -> String {
    "en".into()
}

/// The languages of the table display (the languages of the rule sources).
pub const LANGUAGES: [&str; 5] = ["en", "mk", "pl", "bg", "ru"];

/// The display's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplaySettings {
    /// The address the page is served on.
    pub bind: std::net::SocketAddr,
    /// The language code, one of [`LANGUAGES`].
    pub language: String,
    /// Show all-in equity.
    pub equity: bool,
}

/// A table's configuration, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct TableFile {
    /// The table's name: the hand log is bound to it.
    pub id: String,
    /// The engine's settings.
    pub config: TableConfig,
    /// The data folder.
    pub data: PathBuf,
    /// The pin map file (with the shoe's port).
    pub pins: PathBuf,
    /// The table display.
    pub display: DisplaySettings,
}

impl TableFile {
    /// Reads and checks `path`.
    pub fn load(path: &Path) -> Result<TableFile, ConfigFileError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigFileError::Read {
            path: path.to_path_buf(),
            detail: e.to_string(),
        })?;
        TableFile::parse(&text)
    }

    /// Parses and checks the text of a `table.toml`.
    pub fn parse(text: &str) -> Result<TableFile, ConfigFileError> {
        let raw: Raw = toml::from_str(text).map_err(|e| ConfigFileError::Syntax(e.to_string()))?;
        let invalid = ConfigFileError::Invalid;
        let t = raw.table;
        if t.id.trim().is_empty() {
            return Err(invalid("[table] id is empty: name the table".into()));
        }
        let game = parse_game(&t.game).map_err(invalid)?;
        let structure = parse_limit(&t.limit).map_err(invalid)?;
        let [sb, bb] = t.blinds;
        let mut config = table_config(game, structure, (sb, bb), t.ante);
        config.max_players = t.seats;
        config.straddle_allowed = t.straddle;
        config
            .validate()
            .map_err(|e| invalid(format!("[table]: {e}")))?;
        let d = raw.display;
        let bind = d.bind.parse().map_err(|_| {
            invalid(format!(
                "[display] bind `{}`: write an address and port, e.g. {DEFAULT_DISPLAY_BIND}",
                d.bind
            ))
        })?;
        if !LANGUAGES.contains(&d.language.as_str()) {
            return Err(invalid(format!(
                "[display] language `{}`: one of {}",
                d.language,
                LANGUAGES.join(", ")
            )));
        }
        Ok(TableFile {
            id: t.id,
            config,
            data: t.data,
            pins: raw.panel.pins,
            display: DisplaySettings {
                bind,
                language: d.language,
                equity: d.equity,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use firmware::{Game, Structure};

    #[test]
    fn the_shipped_example_is_valid() {
        let text = include_str!("../../../../hardware/table.toml");
        let f = TableFile::parse(text).unwrap();
        assert_eq!(f.id, "table-1");
        assert_eq!(f.config.game, Game::Holdem);
        assert_eq!(f.config.stakes.big_blind, 10);
        assert_eq!(f.display.bind.to_string(), DEFAULT_DISPLAY_BIND);
    }

    #[test]
    fn defaults_fill_everything_but_the_id() {
        let f = TableFile::parse("[table]\nid = \"t\"\n").unwrap();
        assert_eq!(f.config, {
            let mut c = TableConfig::new(Game::Holdem, Structure::NoLimit, 5, 10);
            c.max_players = 10;
            c
        });
        assert_eq!(f.data, PathBuf::from(DEFAULT_DATA_DIR));
        assert_eq!(f.pins, PathBuf::from(DEFAULT_PINS));
        assert_eq!(f.display.language, "en");
        assert!(f.display.bind.ip().is_loopback(), "safe by default");
    }

    #[test]
    fn a_misspelt_key_is_an_error_not_a_default() {
        let e = TableFile::parse("[table]\nid = \"t\"\nstradle = false\n").unwrap_err();
        assert!(
            matches!(e, ConfigFileError::Syntax(ref m) if m.contains("stradle")),
            "{e}"
        );
    }

    #[test]
    fn bad_values_say_what_to_write() {
        let cases = [
            ("[table]\nid = \"\"\n", "id is empty"),
            ("[table]\nid = \"t\"\ngame = \"stud\"\n", "holdem, omaha"),
            ("[table]\nid = \"t\"\nlimit = \"spread\"\n", "nl, pl or fl"),
            ("[table]\nid = \"t\"\nseats = 14\n", "[table]"),
            ("[table]\nid = \"t\"\nblinds = [10, 5]\n", "[table]"),
            (
                "[table]\nid = \"t\"\n[display]\nbind = \"localhost\"\n",
                "address and port",
            ),
            (
                "[table]\nid = \"t\"\n[display]\nlanguage = \"de\"\n",
                "en, mk, pl, bg",
            ),
        ];
        for (text, want) in cases {
            let e = TableFile::parse(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        assert!(matches!(
            TableFile::parse("[table"),
            Err(ConfigFileError::Syntax(_))
        ));
        assert!(matches!(
            TableFile::load(Path::new("/nonexistent/table.toml")),
            Err(ConfigFileError::Read { .. })
        ));
    }

    #[test]
    fn fixed_limit_draw_plays_on_antes() {
        let f = TableFile::parse(
            "[table]\nid = \"t\"\ngame = \"draw\"\nlimit = \"fl\"\nante = 5\nblinds = [5, 10]\n",
        )
        .unwrap();
        assert_eq!(f.config.stakes.big_blind, 0);
        assert_eq!(f.config.stakes.ante, 5);
        assert_eq!(f.config.stakes.big_bet, 20);
    }
}
