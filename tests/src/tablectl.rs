//! The `tablectl` program itself, for the tests that run a table or a floor command
//! whole, as an operator does: built once per test program by the Cargo that runs
//! the tests (a test package cannot depend on another package's binary), in the
//! same profile and target folder, so it is never a stale copy.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The path of `tablectl`, built (or found up to date) by Cargo; a build that fails
/// fails the test with Cargo's words.
pub fn path() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(build)
}

fn build() -> PathBuf {
    // This test program is TARGET/PROFILE/deps/NAME.
    let exe = std::env::current_exe().expect("this test's program");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test program's folder");
    let target = profile_dir.parent().expect("the target folder");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace");
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .current_dir(workspace)
        .args(["build", "--quiet", "-p", "host", "--bin", "tablectl"])
        .arg("--target-dir")
        .arg(target);
    if !cfg!(debug_assertions) {
        cargo.arg("--release");
    }
    let out = cargo.output().expect("cargo, to build tablectl");
    assert!(
        out.status.success(),
        "tablectl does not build:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    profile_dir.join("tablectl")
}
