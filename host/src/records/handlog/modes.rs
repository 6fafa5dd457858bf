//! Who may read and change the table's data (issue 26, attack 13: the bench's hand
//! log was 0644 in a 0755 folder, so any user of the machine read live hole cards).
//!
//! The data folder is made 0700 and the hand log 0600 from the start, whatever the
//! umask: SQLite gives the log's WAL and shared-memory files the log's own mode, so
//! they are private too. A folder or log that others may *change* is refused (whoever
//! could write there may have put a file of their own in its place); one others may
//! only *read* is tightened, which is what its owner meant.

use super::error::LogError;
use std::path::{Path, PathBuf};

/// The data folder's mode: the table's user's alone.
pub const FOLDER_MODE: u32 = 0o700;
/// The hand log's mode (and so its WAL's and shared memory's).
pub const FILE_MODE: u32 = 0o600;
/// The bits that let others than the owner change a file or a folder.
const OTHERS_WRITE: u32 = 0o022;
/// The bits that let others than the owner read or enter.
const OTHERS_ANY: u32 = 0o077;

/// The files SQLite keeps beside the log: its write-ahead log and shared memory.
const COMPANIONS: [&str; 2] = ["-wal", "-shm"];

/// Makes `dir` (and any missing parent) 0700 if it does not exist; refuses it if
/// others may change it, tightens it to 0700 if others may read it.
pub fn private_folder(dir: &Path) -> Result<(), LogError> {
    if !dir.exists() {
        let mut b = std::fs::DirBuilder::new();
        b.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut b, FOLDER_MODE);
        b.create(dir).map_err(|e| open_err(dir, &e))?;
    }
    tighten(dir, FOLDER_MODE, true)
}

/// Refuses a data folder others may change (`tablectl run --config`'s check, which
/// changes nothing); a folder not there yet passes (it will be made 0700).
pub fn check_folder(dir: &Path) -> Result<(), LogError> {
    match mode_of(dir) {
        Some(mode) if mode & OTHERS_WRITE != 0 => Err(exposed(dir, mode, true)),
        _ => Ok(()),
    }
}

/// Makes the log file `path` 0600 before SQLite opens it (created empty if missing:
/// SQLite takes an empty file as a new database), and its WAL and shared memory if
/// they are there; refuses any of them others may change.
pub fn private_log(path: &Path) -> Result<(), LogError> {
    if !path.exists() {
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create(true).truncate(false);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut o, FILE_MODE);
        o.open(path).map_err(|e| open_err(path, &e))?;
    }
    tighten(path, FILE_MODE, false)?;
    for suffix in COMPANIONS {
        let mut companion = path.as_os_str().to_owned();
        companion.push(suffix);
        let companion = PathBuf::from(companion);
        if companion.exists() {
            tighten(&companion, FILE_MODE, false)?;
        }
    }
    Ok(())
}

/// Writes `text` to `path` (made, or emptied first) readable by its owner alone.
pub fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, FILE_MODE);
    let mut f = o.open(path)?;
    std::io::Write::write_all(&mut f, text.as_bytes())?;
    // An older file keeps its mode through `open`: make it private too.
    set_mode(path, FILE_MODE)?;
    f.sync_all()
}

/// Refuses `path` if others may change it; sets `mode` if others may read it.
fn tighten(path: &Path, mode: u32, folder: bool) -> Result<(), LogError> {
    match mode_of(path) {
        Some(now) if now & OTHERS_WRITE != 0 => Err(exposed(path, now, folder)),
        Some(now) if now & OTHERS_ANY != 0 => set_mode(path, mode).map_err(|e| open_err(path, &e)),
        _ => Ok(()),
    }
}

/// `path`'s permission bits; `None` where it is missing or the system has no modes.
fn mode_of(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::metadata(path)
            .ok()
            .map(|m| m.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

fn set_mode(path: &Path, mode: u32) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
        Ok(())
    }
}

fn exposed(path: &Path, mode: u32, folder: bool) -> LogError {
    LogError::Exposed {
        path: path.to_path_buf(),
        mode,
        fix: if folder { FOLDER_MODE } else { FILE_MODE },
    }
}

fn open_err(path: &Path, e: &std::io::Error) -> LogError {
    LogError::Open {
        path: path.to_path_buf(),
        detail: e.to_string(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    fn chmod(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn a_new_folder_and_log_are_private_whatever_the_umask() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("a/data");
        private_folder(&dir).unwrap();
        assert_eq!(mode(&dir), FOLDER_MODE);
        let log = dir.join("handlog.sqlite3");
        private_log(&log).unwrap();
        assert_eq!(mode(&log), FILE_MODE);
        assert_eq!(std::fs::metadata(&log).unwrap().len(), 0);
    }

    #[test]
    fn a_tables_hand_log_its_wal_and_shared_memory_are_private_from_the_start() {
        use crate::records::handlog::{HandLog, Record, TableKey};
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("bench-1");
        let (mut log, _) = HandLog::open(&dir, "t", &TableKey::from_seed([3; 32])).unwrap();
        log.append(
            crate::records::time::WallTime::from_unix_millis(1),
            Record::Note { text: "hi".into() },
        )
        .unwrap();
        assert_eq!(mode(&dir), FOLDER_MODE);
        let files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert!(
            files.len() >= 3,
            "the log, its WAL and shared memory: {files:?}"
        );
        for f in files {
            assert_eq!(mode(&f), FILE_MODE, "{}", f.display());
        }
        drop(log);
        // A folder others may change is refused when the log is opened again.
        chmod(&dir, 0o777);
        let e = HandLog::open(&dir, "t", &TableKey::from_seed([3; 32])).unwrap_err();
        assert!(matches!(e, LogError::Exposed { .. }), "{e}");
    }

    #[test]
    fn a_folder_or_log_others_may_read_is_tightened() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        std::fs::create_dir(&dir).unwrap();
        chmod(&dir, 0o755);
        private_folder(&dir).unwrap();
        assert_eq!(mode(&dir), FOLDER_MODE);
        let log = dir.join("handlog.sqlite3");
        std::fs::write(&log, "").unwrap();
        let wal = dir.join("handlog.sqlite3-wal");
        std::fs::write(&wal, "").unwrap();
        chmod(&log, 0o644);
        chmod(&wal, 0o640);
        private_log(&log).unwrap();
        assert_eq!((mode(&log), mode(&wal)), (FILE_MODE, FILE_MODE));
    }

    #[test]
    fn a_folder_or_log_others_may_change_is_refused_and_left_as_it_is() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        std::fs::create_dir(&dir).unwrap();
        for m in [0o777, 0o775, 0o757] {
            chmod(&dir, m);
            let e = private_folder(&dir).unwrap_err();
            assert_eq!(
                e,
                LogError::Exposed {
                    path: dir.clone(),
                    mode: m,
                    fix: FOLDER_MODE
                }
            );
            assert!(e.to_string().contains("chmod 700"), "{e}");
            assert_eq!(check_folder(&dir).unwrap_err(), e);
            assert_eq!(mode(&dir), m);
        }
        chmod(&dir, 0o755);
        assert!(
            check_folder(&dir).is_ok(),
            "readable only: tightened at start"
        );
        assert!(check_folder(&tmp.path().join("not yet")).is_ok());
        chmod(&dir, 0o700);
        let log = dir.join("handlog.sqlite3");
        std::fs::write(&log, "").unwrap();
        chmod(&log, 0o666);
        let e = private_log(&log).unwrap_err();
        assert!(e.to_string().contains("chmod 600"), "{e}");
        assert_eq!(mode(&log), 0o666);
        chmod(&log, 0o600);
        let shm = dir.join("handlog.sqlite3-shm");
        std::fs::write(&shm, "").unwrap();
        chmod(&shm, 0o646);
        assert!(private_log(&log).is_err());
    }

    #[test]
    fn a_private_file_is_written_0600_even_over_an_older_readable_one() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("floor-pin-lock.toml");
        std::fs::write(&path, "old\n").unwrap();
        chmod(&path, 0o644);
        write_private(&path, "failures = 1\n").unwrap();
        assert_eq!(mode(&path), FILE_MODE);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "failures = 1\n");
    }
}
