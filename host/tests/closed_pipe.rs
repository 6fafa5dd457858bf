//! `tablectl … | head`: a reader that goes away ends the program quietly with the
//! shells' status for it (141), never a panic on the terminal.

mod common;

use std::io::BufRead as _;
use std::process::Stdio;

#[test]
fn a_closed_pipe_ends_the_bench_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = common::command()
        .args(["--hands", "5000", "--no-display", "--data"])
        .arg(dir.path().join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablectl runs");
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("bench table"), "{first}");
    // The reader goes away, as `head -1` does.
    drop(out);
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(141), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // What was played is in the log, which reopens.
    let (code, listed) = {
        let o = common::command()
            .args(["audit", "list"])
            .arg(dir.path().join("data"))
            .arg("--public-key")
            .arg(dir.path().join("data-key/table.key.pub"))
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).to_string(),
        )
    };
    assert_eq!(code, Some(0), "{listed}");
}
