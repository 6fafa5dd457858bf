//! The outside programs the project measures itself against (PokerKit, the reference
//! engine) and how to find them: one answer for the tests and for `tablectl bench`.
//!
//! The interpreter is asked exactly what the comparison will need, the way the
//! comparison will run: the same interpreter, the PokerKit version it is pinned to,
//! from a working directory with nothing in it that could stand in for the package.
//! (A folder named `pokerkit` in the working directory once made `python3 -c "import
//! pokerkit"` succeed on a machine without PokerKit, and the comparison then failed.)

use std::path::{Path, PathBuf};
use std::process::Command;

/// The PokerKit release the corpora, the oracle and the comparisons are pinned to.
pub const POKERKIT_VERSION: &str = "0.7.7";

/// The environment variable naming the Python interpreter that has PokerKit.
pub const POKERKIT_PYTHON: &str = "POKERKIT_PYTHON";

/// Where `.ci/pokerkit` puts its virtual environment, from the repository's root.
pub const POKERKIT_VENV: &str = "target/peers/pokerkit";

/// The one command that makes PokerKit available to the tests and to `tablectl bench`.
pub const POKERKIT_SETUP: &str = "bash .ci/pokerkit";

/// Why a peer cannot be used, in one line for the skip notice.
#[derive(Debug)]
pub enum PeerError {
    /// No scratch folder for the check.
    Scratch(std::io::Error),
    /// The interpreter does not run.
    NoInterpreter {
        /// The interpreter.
        python: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The interpreter cannot import PokerKit: the last line of its error.
    NoPokerKit {
        /// The interpreter.
        python: PathBuf,
        /// Python's last line.
        why: String,
    },
    /// The interpreter has another PokerKit release.
    WrongVersion {
        /// The interpreter.
        python: PathBuf,
        /// The release it has.
        version: String,
    },
    /// `shared/` (or the folder asked for in it) is not beside the repository.
    NoShared(String),
}

impl std::fmt::Display for PeerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PeerError::Scratch(e) => write!(f, "no scratch folder: {e}"),
            PeerError::NoInterpreter { python, error } => {
                write!(f, "{} does not run: {error}", python.display())
            }
            PeerError::NoPokerKit { python, why } => {
                write!(f, "{} cannot import pokerkit: {why}", python.display())
            }
            PeerError::WrongVersion { python, version } => write!(
                f,
                "{} has pokerkit {version}, the comparisons need {POKERKIT_VERSION}",
                python.display()
            ),
            PeerError::NoShared(rel) => write!(f, "shared/{rel} is not beside the repository"),
        }
    }
}

impl std::error::Error for PeerError {}

/// A Python interpreter that imports PokerKit at the pinned version.
#[derive(Clone, Debug)]
pub struct PokerKit {
    /// The interpreter to run the comparison scripts with.
    pub python: PathBuf,
}

/// The interpreter the comparisons use: `$POKERKIT_PYTHON` if set, else the virtual
/// environment `.ci/pokerkit` makes under `root` if it is there, else `python3`.
pub fn pokerkit_python(root: &Path) -> PathBuf {
    if let Some(p) = std::env::var_os(POKERKIT_PYTHON) {
        let p = PathBuf::from(p);
        // A path with a folder in it is made absolute (the check runs it from another
        // working directory); a bare name is looked up on PATH.
        if p.components().count() > 1 {
            return std::path::absolute(&p).unwrap_or(p);
        }
        return p;
    }
    let venv = root.join(POKERKIT_VENV).join("bin/python");
    if venv.exists() {
        // Absolute: the check runs it from another working directory.
        std::path::absolute(&venv).unwrap_or(venv)
    } else {
        PathBuf::from("python3")
    }
}

/// PokerKit, if the interpreter [`pokerkit_python`] picks imports it at
/// [`POKERKIT_VERSION`]; else why not, in one line.
///
/// The check imports the package from an empty working directory and reads its
/// installed version from the package metadata, so neither a folder of the same
/// name nor another release passes.
pub fn pokerkit(root: &Path) -> Result<PokerKit, PeerError> {
    check_pokerkit(pokerkit_python(root))
}

/// Whether `python` imports PokerKit at [`POKERKIT_VERSION`] (see [`pokerkit`]).
pub fn check_pokerkit(python: PathBuf) -> Result<PokerKit, PeerError> {
    // One folder per check: checks may run at once in one process.
    static CHECKS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = CHECKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let empty = std::env::temp_dir().join(format!("pokerkit-check-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&empty).map_err(PeerError::Scratch)?;
    let script = "import importlib.metadata as m, pokerkit.notation, pokerkit.games; \
                  print(m.version('pokerkit'))";
    let out = Command::new(&python)
        .args(["-c", script])
        .current_dir(&empty)
        .output();
    let _ = std::fs::remove_dir(&empty);
    let out = match out {
        Ok(out) => out,
        Err(error) => return Err(PeerError::NoInterpreter { python, error }),
    };
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let why = err.lines().last().unwrap_or("").trim().to_string();
        return Err(PeerError::NoPokerKit { python, why });
    }
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if version != POKERKIT_VERSION {
        return Err(PeerError::WrongVersion { python, version });
    }
    Ok(PokerKit { python })
}

/// Writes a line to the test run's own standard error, past the test harness's
/// capture of `println!` and `eprintln!`, so a skipped comparison is seen in a plain
/// `cargo test` run. A line that cannot be written is dropped: it is only a notice.
pub fn notice(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The folder `rel` of `shared/`, the read-only data kept beside the repository
/// (`root` is the repository's root).
pub fn shared(root: &Path, rel: &str) -> Result<PathBuf, PeerError> {
    let dir = root.join("../shared").join(rel);
    if dir.exists() {
        Ok(dir)
    } else {
        Err(PeerError::NoShared(rel.to_string()))
    }
}

/// Where `shared/` comes from, for the skip line.
pub const SHARED_SETUP: &str = "keep the project's shared folder beside the repository";

/// Whether the environment variable `var` asks for a peer to be there.
pub fn required(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0")
}

/// `found`, or: panics when the environment variable `require` is set (CI sets them
/// all, so it never skips), else prints the one-line notice that `what` is skipped
/// and the command that enables it, and gives `None`. For tests.
pub fn or_skip<T, E: std::fmt::Display>(
    found: Result<T, E>,
    require: &str,
    what: &str,
    enable: &str,
) -> Option<T> {
    match found {
        Ok(t) => Some(t),
        Err(why) => {
            assert!(
                !required(require),
                "{require} is set, but {what} cannot run: {why}"
            );
            notice(&format!("skipped: {what} ({why}); to run it: {enable}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A stand-in interpreter: a shell script that answers the check with `body`.
    fn fake_python(dir: &Path, body: &str) -> PathBuf {
        let path = dir.join("python");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn a_relative_venv_is_found_from_any_working_directory() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join(POKERKIT_VENV).join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        fake_python(&bin, "echo 0.7.7");
        // `tablectl bench` passes the repository's root as `.`.
        let rel = pathdiff(dir.path());
        if std::env::var_os(POKERKIT_PYTHON).is_none() {
            let python = pokerkit_python(&rel);
            assert!(python.is_absolute(), "{}", python.display());
            assert!(check_pokerkit(python).is_ok());
        }
    }

    /// `dir` as a path relative to the working directory, where one can be written.
    fn pathdiff(dir: &Path) -> PathBuf {
        let cwd = std::env::current_dir().unwrap();
        let up: PathBuf = cwd.components().skip(1).map(|_| "..").collect();
        up.join(dir.strip_prefix("/").unwrap())
    }

    #[test]
    fn a_missing_interpreter_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_pokerkit(dir.path().join("no-such-python"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no-such-python") && err.contains("does not run"),
            "{err}"
        );
    }

    #[test]
    fn an_interpreter_without_pokerkit_says_so_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let python = fake_python(
            dir.path(),
            "echo 'Traceback (most recent call last):' >&2\n\
             echo \"ModuleNotFoundError: No module named 'pokerkit'\" >&2\nexit 1",
        );
        let err = check_pokerkit(python).unwrap_err().to_string();
        assert!(
            err.ends_with(
                "cannot import pokerkit: ModuleNotFoundError: No module named 'pokerkit'"
            ),
            "{err}"
        );
    }

    #[test]
    fn another_release_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_pokerkit(fake_python(dir.path(), "echo 0.6.3"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("pokerkit 0.6.3") && err.contains(POKERKIT_VERSION),
            "{err}"
        );
        assert!(check_pokerkit(fake_python(dir.path(), "echo 0.7.7")).is_ok());
    }

    #[test]
    fn the_check_runs_where_no_folder_can_stand_in_for_the_package() {
        // The check's working directory is empty: a `pokerkit` folder there would be
        // imported as an empty namespace package.
        let dir = tempfile::tempdir().unwrap();
        let python = fake_python(dir.path(), "[ -z \"$(ls -A)\" ] && echo 0.7.7");
        assert!(check_pokerkit(python).is_ok());
    }
}
