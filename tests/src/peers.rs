//! The outside programs and data the end-to-end tests compare against, each found the
//! same way it is then used. Where one is missing, the test prints one line saying what
//! it skips and the command that enables it, and passes; with its `REQUIRE_*` variable
//! set (as `.ci/run` sets them all) it fails instead, so CI never skips.

use std::path::{Path, PathBuf};

pub use host::peers::{notice, or_skip};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the repository")
        .to_path_buf()
}

/// PokerKit at the pinned release (`host::peers`), or `None` after the skip line.
pub fn pokerkit(what: &str) -> Option<host::peers::PokerKit> {
    or_skip(
        host::peers::pokerkit(&root()),
        "REQUIRE_POKERKIT",
        what,
        host::peers::POKERKIT_SETUP,
    )
}

/// Headless Chromium (`$CHROMIUM`, else Debian's `/usr/bin/chromium`), if it runs.
pub fn chromium(what: &str) -> Option<PathBuf> {
    let path = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    let found = std::process::Command::new(&path)
        .arg("--version")
        .output()
        .map_err(|e| format!("{} does not run: {e}", path.display()))
        .and_then(|out| {
            if out.status.success() {
                Ok(path.clone())
            } else {
                Err(format!("{} --version failed", path.display()))
            }
        });
    or_skip(found, "REQUIRE_BROWSER", what, "apt-get install chromium")
}

/// A folder of `shared/` (read-only data beside the repository, as CI has it).
pub fn shared(rel: &str, what: &str) -> Option<PathBuf> {
    or_skip(
        host::peers::shared(&root(), rel),
        "REQUIRE_SHARED",
        what,
        host::peers::SHARED_SETUP,
    )
}
