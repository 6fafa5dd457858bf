//! What the command's tests share: running the `tablectl` this package built, and
//! reading what it said. One way to start it, so a change to how the command is
//! found or run is made once.

// Each test program uses the part it needs.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs `tablectl ARGS` to its end.
pub fn tablectl(args: &[&str]) -> Output {
    command().args(args).output().expect("tablectl runs")
}

/// Runs `tablectl ARGS` in `dir` (the folder its relative paths are read from).
pub fn tablectl_in(dir: &Path, args: &[&str]) -> Output {
    command()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("tablectl runs")
}

/// `tablectl`, not started yet: for a test that gives it its input, or kills it.
pub fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tablectl"))
}

/// Its exit status (-1 when a signal ended it).
pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// What it wrote on its standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What it wrote on its standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
