//! The table's critical state, checked at every start before it deals (GLI-24's
//! start-up check): its key, its hand log's chain up to the signed head, the table
//! recovered from the log, and the program it runs. Every table starts through
//! [`check`], the bench table and `tablectl run` alike; a failure names what failed
//! and what to do in one line, and the table does not deal.
//!
//! What is checked, in order, each failure its own [`StartupError`]:
//!
//! 1. **The key** ([`TableKey::for_table`]): present (made only when both it and the
//!    log are new), its file only its owner may read (0600), never in the data
//!    folder.
//! 2. **The key is the log's**: the public key the log records is this key's (a
//!    log signed by another key would only refuse every record this table writes).
//! 3. **The chain** ([`HandLog::open`]): every record's hash from the first, the
//!    last record's and the head row's signatures (the hashes chain every record to
//!    the last, so its signature vouches for them all), the head neither behind nor
//!    ahead of the records; a torn last record is set aside and noted, not dealt on.
//!    Then the signed head the table will publish is checked against the key once
//!    more: the head the table continues from is one it signed.
//! 4. **The recovered table** ([`rebuild_table`]): every accepted input of the log
//!    replays through the engine, and the table it gives is where the log says it
//!    is (in a hand when the log's last hand is open, that hand's number).
//! 5. **The program** ([`ProgramId::running`]): the running binary and the
//!    configuration files hash, for the program record written before the first
//!    hand.

use crate::records::handlog::{rebuild_table, HandLog, KeyError, LogError, TableKey};
use crate::records::program::{ConfigFiles, HashError, ProgramId};
use crate::session::table::Opened;
use std::fmt;
use std::path::Path;

/// What failed at start-up. Each message is one line a technician acts on; the
/// table does not deal.
#[derive(Debug)]
pub enum StartupError {
    /// The key file is missing, exposed, malformed or in the data folder.
    Key(KeyError),
    /// The log was signed by another key than the one the table has.
    KeyNotLogs(LogError),
    /// The log does not open, or its chain or head does not check.
    Chain(LogError),
    /// The head the table would continue from is not signed by its key.
    Head(String),
    /// The log's inputs do not rebuild the table, or rebuild another one than the
    /// log describes.
    TableState(String),
    /// The running program or a configuration file cannot be hashed.
    Program(HashError),
}

impl StartupError {
    /// The check that failed, as the message names it.
    pub fn check(&self) -> &'static str {
        match self {
            StartupError::Key(_) | StartupError::KeyNotLogs(_) => "the table's key",
            StartupError::Chain(_) | StartupError::Head(_) => "the hand log's chain",
            StartupError::TableState(_) => "the recovered table",
            StartupError::Program(_) => "the program's digests",
        }
    }
}

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "start-up check failed: {}: ", self.check())?;
        match self {
            StartupError::Key(e) => write!(f, "{e}")?,
            StartupError::KeyNotLogs(e) | StartupError::Chain(e) => write!(f, "{e}")?,
            StartupError::Head(detail) => write!(
                f,
                "{detail}: call the floor, keep the data folder as it is, and deal on a new one"
            )?,
            StartupError::TableState(detail) => write!(
                f,
                "{detail}: the log does not describe a table this program can deal on; call the floor and keep the data folder as it is"
            )?,
            StartupError::Program(e) => write!(
                f,
                "{e}: the table cannot say what program it runs; check the file's permissions"
            )?,
        }
        f.write_str("; the table does not deal")
    }
}

/// The cause kept whole, for whoever reads the chain (a log, a test).
impl std::error::Error for StartupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartupError::Key(e) => Some(e),
            StartupError::KeyNotLogs(e) | StartupError::Chain(e) => Some(e),
            StartupError::Program(e) => Some(e),
            _ => None,
        }
    }
}

/// What the checks leave the table to deal with.
#[derive(Debug)]
pub struct Started {
    /// The table's key.
    pub key: TableKey,
    /// Its log, what recovery found and the table rebuilt from it.
    pub opened: Opened,
    /// The program it runs, for the record written before the first hand.
    pub program: ProgramId,
}

/// Runs the start-up checks (module docs) of table `table_id` on the data folder
/// `data`, the key file `key_file` and the configuration `files`. On success the log
/// is open, the table rebuilt (or `None` for a new log) and the program known.
pub fn check(
    data: &Path,
    table_id: &str,
    key_file: &Path,
    files: &ConfigFiles,
) -> Result<Started, StartupError> {
    let key = TableKey::for_table(key_file, data).map_err(StartupError::Key)?;
    let (log, recovered) = HandLog::open(data, table_id, &key).map_err(|e| match e {
        LogError::WrongKey { .. } => StartupError::KeyNotLogs(e),
        e => StartupError::Chain(e),
    })?;
    if recovered.records > 0 {
        let signed = log
            .head()
            .is_some_and(|h| h.is_signed() && h.public_key() == Some(key.public()));
        if !signed {
            return Err(StartupError::Head(format!(
                "the head of the hand log {} is not signed by this table's key {}",
                log.path().display(),
                key.public()
            )));
        }
    }
    let table = match recovered.config {
        Some(_) => {
            let table =
                rebuild_table(&recovered).map_err(|e| StartupError::TableState(e.to_string()))?;
            same_hand(&table, recovered.hand_in_progress)?;
            Some(table)
        }
        None if recovered.inputs.is_empty() => None,
        None => {
            return Err(StartupError::TableState(
                "the hand log holds inputs but no configuration".to_string(),
            ))
        }
    };
    let (program, _) = ProgramId::running(files).map_err(StartupError::Program)?;
    Ok(Started {
        key,
        opened: Opened {
            log,
            recovered,
            table,
        },
        program,
    })
}

/// Whether the rebuilt `table` is in the hand the log's records leave open (`None`:
/// none): the hand index the log keeps and the engine's own state agree.
fn same_hand(table: &firmware::Table, open: Option<u32>) -> Result<(), StartupError> {
    let engine = table.in_hand().then(|| table.state().hands);
    if engine == open {
        return Ok(());
    }
    let said = |h: Option<u32>| h.map_or("no hand".to_string(), |n| format!("hand {n}"));
    Err(StartupError::TableState(format!(
        "the log's records leave {} open but its inputs rebuild a table in {}",
        said(open),
        said(engine)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{parse_input, Record};
    use firmware::{Chips, Game, Structure, TableConfig};
    use std::path::PathBuf;

    const T0: u64 = 1_700_000_000_000;

    fn cfg() -> TableConfig {
        TableConfig::new(
            Game::Holdem,
            Structure::NoLimit,
            Chips::new(5),
            Chips::new(10),
        )
    }

    /// A data folder, a key folder beside it and the key file's path.
    struct Bench {
        _root: tempfile::TempDir,
        data: PathBuf,
        key: PathBuf,
    }

    fn bench() -> Bench {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        let key = root.path().join("key").join("table.key");
        Bench {
            _root: root,
            data,
            key,
        }
    }

    fn start(b: &Bench) -> Result<Started, StartupError> {
        check(&b.data, "T1", &b.key, &ConfigFiles::default())
    }

    /// A table started on `b`, its configuration and `inputs` logged (accepted or
    /// not, as the engine says), then stopped.
    fn played(b: &Bench, inputs: &[&str]) {
        let started = start(b).unwrap();
        let mut log = started.opened.log;
        log.append(
            crate::records::time::WallTime::from_unix_millis(T0),
            Record::Config { config: cfg() },
        )
        .unwrap();
        let mut t = firmware::Table::new(cfg()).unwrap();
        for (at, text) in (T0 + 1..).zip(inputs) {
            let input = parse_input(text).unwrap();
            let result = t.handle(input);
            log.append(
                crate::records::time::WallTime::from_unix_millis(at),
                Record::outcome(input, &result),
            )
            .unwrap();
        }
    }

    fn failure(b: &Bench) -> String {
        let e = start(b).unwrap_err();
        let line = e.to_string();
        assert!(
            line.starts_with("start-up check failed: ")
                && line.ends_with("the table does not deal"),
            "{line}"
        );
        assert!(!line.contains('\n'), "one line: {line}");
        line
    }

    fn sql(b: &Bench, statement: &str) {
        let c =
            rusqlite::Connection::open(b.data.join(crate::records::handlog::FILE_NAME)).unwrap();
        c.execute_batch(statement).unwrap();
    }

    const HAND: [&str; 4] = ["seat 1 1000", "seat 2 1000", "hand", "deal As"];

    #[test]
    fn a_new_table_and_a_table_resumed_mid_hand_pass() {
        let b = bench();
        let s = start(&b).unwrap();
        assert!(s.opened.table.is_none() && s.opened.recovered.created);
        assert_eq!(s.program.version, crate::records::program::version());
        drop(s);
        played(&b, &HAND);
        let s = start(&b).unwrap();
        let t = s.opened.table.unwrap();
        assert!(t.in_hand() && t.state().hands == 1);
    }

    #[test]
    fn a_missing_key_for_a_log_is_named() {
        let b = bench();
        played(&b, &HAND);
        std::fs::remove_file(&b.key).unwrap();
        let line = failure(&b);
        assert!(
            line.contains("the table's key: ") && line.contains("key file is missing"),
            "{line}"
        );
        assert!(!b.key.exists(), "no new key is made for an old log");
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_may_read_is_named() {
        use std::os::unix::fs::PermissionsExt as _;
        let b = bench();
        played(&b, &HAND);
        std::fs::set_permissions(&b.key, std::fs::Permissions::from_mode(0o644)).unwrap();
        let line = failure(&b);
        assert!(
            line.contains("the table's key: ") && line.contains("chmod 600"),
            "{line}"
        );
    }

    #[test]
    fn another_key_than_the_logs_is_named() {
        let b = bench();
        played(&b, &HAND);
        std::fs::remove_file(&b.key).unwrap();
        std::fs::remove_file(crate::records::handlog::public_file(&b.key)).unwrap();
        TableKey::create(&b.key).unwrap();
        let line = failure(&b);
        assert!(
            line.contains("the table's key: ") && line.contains("signed with another key"),
            "{line}"
        );
    }

    /// The failure of a table played, stopped, and its log changed by `statement`.
    fn tampered(statement: &str) -> String {
        let b = bench();
        played(&b, &HAND);
        sql(&b, statement);
        failure(&b)
    }

    #[test]
    fn a_changed_record_is_named_as_the_chain() {
        let line =
            tampered("UPDATE records SET payload = replace(payload, '1000', '9000') WHERE seq = 2");
        assert!(
            line.contains("the hand log's chain: ")
                && line.contains("changed outside the controller"),
            "{line}"
        );
    }

    #[test]
    fn a_head_cut_back_is_named_as_the_chain() {
        let line = tampered("DELETE FROM records WHERE seq = (SELECT max(seq) FROM records)");
        assert!(line.contains("the hand log's chain: "), "{line}");
    }

    /// A log whose records all check but whose inputs the engine refuses (a program
    /// with other rules wrote it, or it was signed with the table's key elsewhere):
    /// the table is not rebuilt, and says so.
    #[test]
    fn inputs_that_do_not_replay_are_named_as_the_recovered_table() {
        let b = bench();
        played(&b, &["seat 1 1000"]);
        let started = start(&b).unwrap();
        let mut log = started.opened.log;
        let input = parse_input("seat 1 500").unwrap();
        log.append(
            crate::records::time::WallTime::from_unix_millis(T0 + 9),
            Record::accepted(input, &[]),
        )
        .unwrap();
        drop(log);
        let line = failure(&b);
        assert!(line.contains("the recovered table: "), "{line}");
    }

    /// The check of the recovered hand must never stop an honest table: after
    /// every record of the scenarios of corrections, misdeals, UNDOs of NEXT HAND,
    /// redeals, floor rulings and draw games, the hand the log leaves open is the
    /// engine's. (Each record is a synced commit: the scenarios of those cases, not
    /// all of them.)
    #[test]
    fn the_logs_open_hand_is_the_engines_after_every_record_of_the_tricky_scenarios() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/scenarios"));
        let files = [
            "corrections.scn",
            "e22_draw.scn",
            "floor_void_hand.scn",
            "floor_straddle_announced.scn",
            "r_show_4_award_override.scn",
            "pd_premature_turn_and_flop.scn",
            "three_all_ins.scn",
        ]
        .map(|f| dir.join(f));
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let script = crate::records::scenario::Scenario::parse(&text).unwrap();
            let b = bench();
            let mut log = start(&b).unwrap().opened.log;
            log.append(
                crate::records::time::WallTime::from_unix_millis(T0),
                Record::Config {
                    config: script.config,
                },
            )
            .unwrap();
            let mut t = firmware::Table::new(script.config).unwrap();
            for (line, step) in &script.steps {
                let crate::records::scenario::Step::Input { input, .. } = step else {
                    continue;
                };
                let result = t.handle(*input);
                log.append(
                    crate::records::time::WallTime::from_unix_millis(T0),
                    Record::outcome(*input, &result),
                )
                .unwrap();
                assert!(
                    same_hand(&t, log.hand_in_progress()).is_ok(),
                    "{} line {line}",
                    file.display()
                );
            }
        }
    }

    #[test]
    fn a_configuration_file_that_does_not_read_is_named_as_the_program() {
        let b = bench();
        let files = ConfigFiles {
            staff: Some(std::env::temp_dir()),
            ..ConfigFiles::default()
        };
        let e = check(&b.data, "T1", &b.key, &files).unwrap_err();
        assert_eq!(e.check(), "the program's digests");
        assert!(e.to_string().contains("cannot be read"), "{e}");
    }
}
