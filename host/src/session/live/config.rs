//! `table.toml`: one table's configuration on the Raspberry Pi.
//!
//! ```toml
//! [table]
//! id = "table-7"              # names the hand log: a log of another table is refused
//! data = "/var/lib/tablectl"  # hand log, deck map
//! key = "/var/lib/tablectl-key/table.key"  # the private signing key: mode 0600, the table user's,
//!                             #   never in the data folder (made if it and the log are new)
//! game = "holdem"             # any setting of the settings codec, by its key:
//! limit = "nl"                #   `tablectl settings` lists them all
//! blinds = [5, 10]
//! rake_pct = 5
//! floor = "postgres://table7@floor-db:5432/floor"  # the floor's store: every record
//!                             #   shipped there once durable here (host::floor), over
//!                             #   TLS (verify-full) when on the network
//! floor_ca = "/etc/tablectl/floor-ca.pem"  # the floor's CA: the store's certificate
//!                             #   must be signed by it (host::floor::link)
//! floor_password_file = "/etc/tablectl/floor-password"  # 0600, the password alone
//!                             #   (or systemd's LoadCredential=floor-password); a
//!                             #   password in the URL needs this file 0600 instead
//!
//! [panel]
//! pins = "/etc/tablectl/pins.toml"   # hardware/pins.toml, with the shoe's port
//! staff = "/etc/tablectl/floor-staff.toml"  # 0600: floor numbers and PIN hashes
//!                             #   (`tablectl staff-pin`); without it no floor ruling
//!                             #   can be confirmed at the panel
//!
//! [display]
//! bind = "127.0.0.1:8080"     # the players' screen: only what the table shows
//! language = "en"             # en, mk, pl, bg or ru
//! equity = true               # all-in equity beside the seats
//! four_colour = true          # cards in four colours (diamonds blue, clubs green)
//! floor_token = "/etc/tablectl/floor-token"  # 0600; names it: the floor view is on
//! floor_bind = "127.0.0.1:8081"              # the floor view's own address
//! floor_hosts = ["table-7.floor.lan"]        # needed for a network address
//! ```
//!
//! `[table]` takes every setting of the one settings codec ([`crate::settings`]) by the
//! same key and value a scenario script's `table` line or `tablectl --set` takes, so
//! every house and money rule can be set at a real table; left out, each has its
//! casino default. An unknown key is an error, so a misspelt setting never silently
//! leaves the default in force.

use firmware::TableConfig;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where the table's data lives unless `table.toml` says otherwise.
pub const DEFAULT_DATA_DIR: &str = "/var/lib/tablectl";
/// The table's configuration unless another is named (`tablectl run --config`,
/// `tablectl verify-program --config`).
pub const DEFAULT_TABLE_FILE: &str = "/etc/tablectl/table.toml";

/// The table's private signing key unless configured: outside the data folder, so
/// whoever can read the hand log cannot sign one.
pub const DEFAULT_KEY_FILE: &str = "/var/lib/tablectl-key/table.key";
/// The shipped pin map's installed place.
pub const DEFAULT_PINS: &str = "/etc/tablectl/pins.toml";
/// The display's address unless configured: this machine only (issue: safe by default).
pub const DEFAULT_DISPLAY_BIND: &str = "127.0.0.1:8080";
/// The floor view's address unless configured: this machine only.
pub const DEFAULT_FLOOR_BIND: &str = "127.0.0.1:8081";

/// Why `table.toml` cannot be used. Each names the file as it was given, and keeps
/// the error of the layer that found it as its [`source`](std::error::Error::source).
#[derive(Debug)]
pub enum ConfigFileError {
    /// The file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The pin map the configuration names cannot be read.
    PinsUnreadable {
        /// The pin map.
        path: PathBuf,
        /// The configuration naming it.
        config: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line too long to be a configuration's.
    LongLine {
        /// The file's name.
        file: String,
        /// The line's number.
        line: usize,
    },
    /// Not valid TOML, or a key of the wrong type, or an unknown key.
    Syntax {
        /// The file's name.
        file: String,
        /// What is wrong, where.
        source: toml::de::Error,
    },
    /// A `[table]` value of a type no setting takes.
    Setting {
        /// The file's name.
        file: String,
        /// Which setting, and what to write.
        source: SettingValueError,
    },
    /// The pin map does not check.
    Pins {
        /// The pin map's name.
        file: String,
        /// What is wrong in it.
        source: hardware::pins::PinError,
    },
    /// The data folder is open to others who could replace the hand log.
    DataFolder {
        /// The configuration's name.
        file: String,
        /// What the folder's modes allow.
        source: crate::records::handlog::LogError,
    },
    /// The deck map in the data folder does not read.
    Deck {
        /// The deck map's name.
        file: String,
        /// What is wrong in it.
        source: hardware::enrolment::DeckFileError,
    },
    /// The floor staff file, or its PIN lock, does not read.
    Staff {
        /// The staff file's or the lock's name.
        file: String,
        /// What is wrong in it.
        source: crate::session::staff::StaffError,
    },
    /// A value out of range or settings that make no playable table.
    Invalid {
        /// The file's name.
        file: String,
        /// What is wrong.
        detail: String,
    },
}

impl fmt::Display for ConfigFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigFileError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            ConfigFileError::PinsUnreadable {
                path,
                config,
                source,
            } => write!(
                f,
                "cannot read {}: {source} (the pin map named by [panel] pins in {config})",
                path.display()
            ),
            ConfigFileError::LongLine { file, line } => {
                write!(
                    f,
                    "{file}: line {line} is longer than {MAX_LINE_BYTES} bytes"
                )
            }
            ConfigFileError::Invalid { file, detail } => write!(f, "{file}: {detail}"),
            ConfigFileError::Syntax { file, source } => write!(f, "{file}: {source}"),
            ConfigFileError::Setting { file, source } => write!(f, "{file}: {source}"),
            ConfigFileError::Pins { file, source } => write!(f, "{file}: {source}"),
            ConfigFileError::DataFolder { file, source } => {
                write!(f, "{file}: [table] data: {source}")
            }
            ConfigFileError::Deck { file, source } => write!(f, "{file}: {source}"),
            ConfigFileError::Staff { file, source } => write!(f, "{file}: {source}"),
        }
    }
}

impl std::error::Error for ConfigFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConfigFileError::Read { source, .. }
            | ConfigFileError::PinsUnreadable { source, .. } => Some(source),
            ConfigFileError::Syntax { source, .. } => Some(source),
            ConfigFileError::Setting { source, .. } => Some(source),
            ConfigFileError::Pins { source, .. } => Some(source),
            ConfigFileError::DataFolder { source, .. } => Some(source),
            ConfigFileError::Deck { source, .. } => Some(source),
            ConfigFileError::Staff { source, .. } => Some(source),
            ConfigFileError::LongLine { .. } | ConfigFileError::Invalid { .. } => None,
        }
    }
}

/// A `[table]` value of a type no setting takes: which key, and what to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingValueError {
    /// An array other than two whole numbers (`blinds = [5, 10]`).
    NotTwoNumbers(String),
    /// A table, a date or another kind no setting is written as.
    NotScalar(String),
}

impl fmt::Display for SettingValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingValueError::NotTwoNumbers(key) => write!(
                f,
                "[table] {key}: write two whole numbers, e.g. {key} = [5, 10]"
            ),
            SettingValueError::NotScalar(key) => {
                write!(f, "[table] {key}: write a number, a word or true/false")
            }
        }
    }
}

impl std::error::Error for SettingValueError {}

/// The most a `table.toml` may hold: a configuration is a few hundred bytes, and a
/// file far larger is not one (nor read into memory whole).
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// The longest line of a `table.toml` (a TOML error quotes its line).
pub const MAX_LINE_BYTES: usize = 1024;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    table: toml::Table,
    #[serde(default)]
    panel: RawPanel,
    #[serde(default)]
    display: RawDisplay,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPanel {
    #[serde(default = "default_pins")]
    pins: PathBuf,
    #[serde(default)]
    staff: Option<PathBuf>,
}

impl Default for RawPanel {
    fn default() -> Self {
        RawPanel {
            pins: default_pins(),
            staff: None,
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
    #[serde(default = "default_true")]
    four_colour: bool,
    #[serde(default)]
    floor_bind: Option<String>,
    #[serde(default)]
    floor_token: Option<PathBuf>,
    #[serde(default)]
    floor_hosts: Vec<String>,
}

impl Default for RawDisplay {
    fn default() -> Self {
        RawDisplay {
            bind: default_bind(),
            language: default_language(),
            equity: true,
            four_colour: true,
            floor_bind: None,
            floor_token: None,
            floor_hosts: Vec::new(),
        }
    }
}

fn default_true() -> bool {
    true
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

/// The languages of the table display (the languages of the rule sources): the one
/// list of the pages' languages, as codes.
pub const LANGUAGES: [&str; crate::web::lang::ALL.len()] = crate::web::lang::CODES;

/// The display's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplaySettings {
    /// The address the page is served on.
    pub bind: std::net::SocketAddr,
    /// The language code, one of [`LANGUAGES`].
    pub language: String,
    /// Show all-in equity.
    pub equity: bool,
    /// Draw the cards in four colours.
    pub four_colour: bool,
    /// The floor view, when a token file is named.
    pub floor: Option<FloorSettings>,
}

/// The floor view's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorSettings {
    /// Its own address.
    pub bind: std::net::SocketAddr,
    /// The token file (mode 0600).
    pub token: PathBuf,
    /// The host names its browsers use, besides this machine's loopback names.
    pub hosts: Vec<String>,
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
    /// The private signing key's file (never in the data folder).
    pub key: PathBuf,
    /// The floor's store the hand log is shipped to (`[table] floor`), if any.
    pub floor_db: Option<String>,
    /// The floor's CA, which signs the store's certificate (`[table] floor_ca`).
    pub floor_ca: Option<PathBuf>,
    /// The file holding the store's password alone (`[table] floor_password_file`).
    pub floor_password_file: Option<PathBuf>,
    /// The pin map file (with the shoe's port).
    pub pins: PathBuf,
    /// The floor staff file (floor numbers and PIN hashes), if any.
    pub staff: Option<PathBuf>,
    /// The table display.
    pub display: DisplaySettings,
}

impl TableFile {
    /// Reads and checks `path`; errors name it.
    pub fn load(path: &Path) -> Result<TableFile, ConfigFileError> {
        let text = hardware::text::read_bounded(path, MAX_FILE_BYTES, "a table configuration")
            .map_err(|source| ConfigFileError::Read {
                path: path.to_path_buf(),
                source,
            })?;
        TableFile::parse_named(&text, &path.display().to_string())
    }

    /// Parses and checks the text of a `table.toml`.
    pub fn parse(text: &str) -> Result<TableFile, ConfigFileError> {
        TableFile::parse_named(text, "table.toml")
    }

    /// Parses and checks the text of the configuration file called `file`.
    pub fn parse_named(text: &str, file: &str) -> Result<TableFile, ConfigFileError> {
        let invalid = |detail: String| ConfigFileError::Invalid {
            file: file.to_string(),
            detail,
        };
        if let Some(line) = hardware::text::long_line(text, MAX_LINE_BYTES) {
            return Err(ConfigFileError::LongLine {
                file: file.to_string(),
                line,
            });
        }
        let raw: Raw = toml::from_str(text).map_err(|source| ConfigFileError::Syntax {
            file: file.to_string(),
            source,
        })?;
        let mut t = raw.table;
        let id = match t.remove("id") {
            Some(toml::Value::String(id)) if !id.trim().is_empty() => id,
            Some(toml::Value::String(_)) => {
                return Err(invalid("[table] id is empty: name the table".into()))
            }
            Some(_) => {
                return Err(invalid(
                    "[table] id: write the table's name in quotes".into(),
                ))
            }
            None => return Err(invalid("[table] has no id: name the table".into())),
        };
        let data = match t.remove("data") {
            None => PathBuf::from(DEFAULT_DATA_DIR),
            Some(toml::Value::String(d)) => PathBuf::from(d),
            Some(_) => return Err(invalid("[table] data: write a folder in quotes".into())),
        };
        let key = match t.remove("key") {
            None => PathBuf::from(DEFAULT_KEY_FILE),
            Some(toml::Value::String(k)) => PathBuf::from(k),
            Some(_) => return Err(invalid("[table] key: write a file in quotes".into())),
        };
        let floor = match t.remove("floor") {
            None => None,
            Some(toml::Value::String(url)) if url.starts_with("postgres") => Some(url),
            Some(_) => return Err(invalid(
                "[table] floor: write the floor's store as \"postgres://USER@HOST:PORT/DATABASE\""
                    .into(),
            )),
        };
        let floor_ca = path_setting(&mut t, "floor_ca").map_err(&invalid)?;
        let floor_password_file = path_setting(&mut t, "floor_password_file").map_err(&invalid)?;
        if key.starts_with(&data) {
            return Err(invalid(format!(
                "[table] key `{}` is in the data folder: whoever reads the hand log could sign one; keep the key elsewhere (e.g. {DEFAULT_KEY_FILE})",
                key.display()
            )));
        }
        let mut texts = Vec::with_capacity(t.len());
        for (key, value) in &t {
            let text = setting_text(key, value).map_err(|source| ConfigFileError::Setting {
                file: file.to_string(),
                source,
            })?;
            texts.push((key.as_str(), text));
        }
        let config = crate::settings::table_from_pairs(texts.iter().map(|(k, v)| (*k, v.as_str())))
            .map_err(|e| invalid(format!("[table] {e}")))?;
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
        let floor_view =
            floor_settings(d.floor_bind, d.floor_token, d.floor_hosts).map_err(invalid)?;
        Ok(TableFile {
            id,
            config,
            data,
            key,
            floor_db: floor,
            floor_ca,
            floor_password_file,
            pins: raw.panel.pins,
            staff: raw.panel.staff,
            display: DisplaySettings {
                bind,
                language: d.language,
                equity: d.equity,
                four_colour: d.four_colour,
                floor: floor_view,
            },
        })
    }
}

impl TableFile {
    /// The files whose digest is the table's configuration digest (program
    /// verification, [`crate::records::program`]): this configuration itself (read
    /// from `path`), its pin map, the deck map in its data folder and its floor
    /// staff file.
    pub fn program_files(&self, path: &Path) -> crate::records::program::ConfigFiles {
        crate::records::program::ConfigFiles {
            table: Some(path.to_path_buf()),
            pins: Some(self.pins.clone()),
            deck_map: Some(self.data.join(hardware::enrolment::DECK_FILE_NAME)),
            staff: self.staff.clone(),
        }
    }

    /// Checks what the configuration names, on any machine (so `tablectl run
    /// --config` on a bench finds what would stop the Pi): the pin map is loaded and
    /// checked (every GPIO on the header, its physical pin right, none used twice),
    /// the data folder is a folder if it exists, and the deck map in it, if enrolled,
    /// reads. Only the pins and the shoe themselves wait for the Pi. `config` names
    /// the configuration file in the errors about what it says.
    pub fn check_files(&self, config: &str) -> Result<hardware::pins::PinMap, ConfigFileError> {
        std::fs::metadata(&self.pins).map_err(|source| ConfigFileError::PinsUnreadable {
            path: self.pins.clone(),
            config: config.to_string(),
            source,
        })?;
        let pins =
            hardware::pins::PinMap::load(&self.pins).map_err(|source| ConfigFileError::Pins {
                file: self.pins.display().to_string(),
                source,
            })?;
        if self.data.exists() && !self.data.is_dir() {
            return Err(ConfigFileError::Invalid {
                file: config.to_string(),
                detail: format!(
                    "[table] data `{}` is a file, not a folder: name the table's data folder",
                    self.data.display()
                ),
            });
        }
        // Others who may change the data folder could replace the hand log.
        crate::records::handlog::modes::check_folder(&self.data).map_err(|source| {
            ConfigFileError::DataFolder {
                file: config.to_string(),
                source,
            }
        })?;
        let deck = self.data.join(hardware::enrolment::DECK_FILE_NAME);
        if deck.exists() {
            hardware::enrolment::load(&deck).map_err(|source| ConfigFileError::Deck {
                file: deck.display().to_string(),
                source,
            })?;
        }
        self.floor_staff()?;
        Ok(pins)
    }

    /// The floor staff file (`[panel] staff`), read and checked, with the PIN lock
    /// kept in the data folder; `None` if none is named.
    pub fn floor_staff(
        &self,
    ) -> Result<Option<crate::session::staff::FloorStaff>, ConfigFileError> {
        let Some(path) = &self.staff else {
            return Ok(None);
        };
        let invalid =
            |file: &Path, source: crate::session::staff::StaffError| ConfigFileError::Staff {
                file: file.display().to_string(),
                source,
            };
        let staff = crate::session::staff::FloorStaff::load(path).map_err(|e| invalid(path, e))?;
        // The count of wrong codes and the lock carry over from the last run.
        let lock = self.data.join(crate::session::staff::PIN_LOCK_FILE);
        staff
            .keep_lock_in(&lock)
            .map(Some)
            .map_err(|e| invalid(&lock, e))
    }
}

/// The floor view: on when a token file is named; an address off this machine only
/// with the host names its browsers use (the floor checks `Host` against them).
fn floor_settings(
    bind: Option<String>,
    token: Option<PathBuf>,
    hosts: Vec<String>,
) -> Result<Option<FloorSettings>, String> {
    let Some(token) = token else {
        return match bind {
            Some(_) => Err(
                "[display] floor_bind without floor_token: the floor view needs a token file"
                    .into(),
            ),
            None => Ok(None),
        };
    };
    let text = bind.unwrap_or_else(|| DEFAULT_FLOOR_BIND.to_string());
    let bind: std::net::SocketAddr = text.parse().map_err(|_| {
        format!(
            "[display] floor_bind `{text}`: write an address and port, e.g. {DEFAULT_FLOOR_BIND}"
        )
    })?;
    if !bind.ip().is_loopback() && hosts.is_empty() {
        return Err(format!(
            "[display] floor_bind {bind} is open to the network: list the names its browsers \
             use in floor_hosts"
        ));
    }
    Ok(Some(FloorSettings { bind, token, hosts }))
}

/// A file named by `[table] key`, taken out of the table's settings.
fn path_setting(t: &mut toml::Table, key: &str) -> Result<Option<PathBuf>, String> {
    match t.remove(key) {
        None => Ok(None),
        Some(toml::Value::String(p)) if !p.trim().is_empty() => Ok(Some(PathBuf::from(p))),
        Some(_) => Err(format!("[table] {key}: write a file in quotes")),
    }
}

/// A TOML value of `[table]` as the settings codec's text: strings, whole numbers
/// and booleans as written; `blinds = [SB, BB]` (exactly two) as `SB/BB`.
fn setting_text(key: &str, value: &toml::Value) -> Result<String, SettingValueError> {
    Ok(match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(n) => n.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Float(x) => x.to_string(),
        toml::Value::Array(items) => match items.as_slice() {
            [toml::Value::Integer(a), toml::Value::Integer(b)] => format!("{a}/{b}"),
            _ => return Err(SettingValueError::NotTwoNumbers(key.to_string())),
        },
        _ => return Err(SettingValueError::NotScalar(key.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ch;
    use firmware::{Game, Structure};

    #[test]
    fn the_shipped_example_is_valid() {
        let text = include_str!("../../../../hardware/table.toml");
        let f = TableFile::parse(text).unwrap();
        assert_eq!(f.id, "table-1");
        assert_eq!(f.config.game, Game::Holdem);
        assert_eq!(f.config.stakes.big_blind, ch(10));
        assert_eq!(f.display.bind.to_string(), DEFAULT_DISPLAY_BIND);
    }

    #[test]
    fn defaults_fill_everything_but_the_id() {
        let f = TableFile::parse("[table]\nid = \"t\"\n").unwrap();
        assert_eq!(
            f.config,
            TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10))
        );
        assert_eq!(f.data, PathBuf::from(DEFAULT_DATA_DIR));
        assert_eq!(f.pins, PathBuf::from(DEFAULT_PINS));
        assert_eq!(f.display.language, "en");
        assert!(f.display.bind.ip().is_loopback(), "safe by default");
    }

    #[test]
    fn the_signing_key_is_never_in_the_data_folder() {
        let f = TableFile::parse("[table]\nid = \"t\"\n").unwrap();
        assert_eq!(f.key, PathBuf::from(DEFAULT_KEY_FILE));
        let e =
            TableFile::parse("[table]\nid = \"t\"\ndata = \"/d\"\nkey = \"/d/k\"\n").unwrap_err();
        assert!(e.to_string().contains("is in the data folder"), "{e}");
    }

    #[test]
    fn the_floor_store_is_named_by_its_postgres_url_or_not_at_all() {
        let f = TableFile::parse("[table]\nid = \"t\"\n").unwrap();
        assert_eq!(f.floor_db, None);
        let url = "postgres://t@floor:5432/floor";
        let f = TableFile::parse(&format!("[table]\nid = \"t\"\nfloor = \"{url}\"\n")).unwrap();
        assert_eq!(f.floor_db.as_deref(), Some(url));
        let e = TableFile::parse("[table]\nid = \"t\"\nfloor = \"floor:5432\"\n").unwrap_err();
        assert!(e.to_string().contains("postgres://"), "{e}");
        let f = TableFile::parse(&format!(
            "[table]\nid = \"t\"\nfloor = \"{url}\"\nfloor_ca = \"/etc/ca.pem\"\n\
             floor_password_file = \"/etc/pw\"\n"
        ))
        .unwrap();
        assert_eq!(f.floor_ca, Some(PathBuf::from("/etc/ca.pem")));
        assert_eq!(f.floor_password_file, Some(PathBuf::from("/etc/pw")));
        let e = TableFile::parse("[table]\nid = \"t\"\nfloor_ca = 3\n").unwrap_err();
        assert!(e.to_string().contains("floor_ca: write a file"), "{e}");
    }

    #[test]
    fn a_misspelt_key_is_an_error_not_a_default() {
        let e = TableFile::parse("[table]\nid = \"t\"\nstradle = false\n").unwrap_err();
        assert!(e.to_string().contains("unknown setting `stradle`"), "{e}");
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
                "[table]\nid = \"t\"\nblinds = [5, 10, 25]\n",
                "two whole numbers",
            ),
            (
                "[table]\nid = \"t\"\nrake_pct = \"lots\"\n",
                "rake_pct = `lots`",
            ),
            ("[table]\nid = 7\n", "in quotes"),
            ("[table]\ngame = \"omaha\"\n", "has no id"),
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
            Err(ConfigFileError::Syntax { .. })
        ));
        let e = TableFile::parse_named("[table]\nid = \"t\"\nseats = 14\n", "/etc/t7.toml");
        assert!(e.unwrap_err().to_string().starts_with("/etc/t7.toml: "));
        assert!(matches!(
            TableFile::load(Path::new("/nonexistent/table.toml")),
            Err(ConfigFileError::Read { .. })
        ));
    }

    #[test]
    fn fixed_limit_draw_plays_on_antes() {
        let f = TableFile::parse(
            "[table]\nid = \"t\"\ngame = \"draw\"\nlimit = \"fl\"\nante = 5\nblinds = [0, 0]\n\
             small_bet = 10\nbig_bet = 20\n",
        )
        .unwrap();
        assert_eq!(f.config.stakes.big_blind, ch(0));
        assert_eq!(f.config.stakes.ante, ch(5));
        assert_eq!(f.config.stakes.big_bet, ch(20));
    }

    #[test]
    fn every_setting_can_be_set_at_a_real_table() {
        // The money rules and the straddle policies included (they could once be set
        // only in a scenario script).
        let f = TableFile::parse(
            "[table]\nid = \"t\"\nrake_pct = 2.5\nrake_cap = 30\nchip_unit = 5\n\
             unconfirmed_straddle = \"no_option\"\nbutton = \"moving\"\nmax_players = 9\n\
             mixed = \"fl:10/20:orbit\"\n",
        )
        .unwrap();
        let c = f.config;
        assert_eq!(
            (c.money.rake.basis_points, c.money.rake.cap),
            (250, Some(ch(30)))
        );
        assert_eq!(c.money.chip_unit, ch(5));
        assert_eq!(c.max_players, 9);
        assert!(c.mixed.is_some());
    }
}
