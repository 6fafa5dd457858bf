//! The display's browser tests' start: the library's Chromium driver
//! (`table_tests::browser`) and a screenshot folder under this test's target folder.

// Each test binary that includes this module uses its own part of it.
#![allow(dead_code)]

pub use table_tests::browser::*;

pub mod layout;

/// The browser for a test, and the folder (under the target folder) for its
/// screenshots; none when Chromium is missing (the test then skips, saying how to
/// enable it, or fails under `REQUIRE_BROWSER`).
pub fn start(shots: &str) -> Option<(Browser, std::path::PathBuf)> {
    let exe = table_tests::peers::chromium("the table display in headless Chromium")?;
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(shots);
    std::fs::create_dir_all(&dir).unwrap();
    Some((launch(&exe), dir))
}
