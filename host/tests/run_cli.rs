//! `tablectl run` off a Raspberry Pi: the configuration is checked, then the command
//! says this is not a Pi and points to the bench table, exiting non-zero.

use std::process::Command;

fn tablectl(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tablectl"))
        .args(args)
        .output()
        .expect("tablectl runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

fn on_a_pi() -> bool {
    hardware::pi::detect_pi().is_ok()
}

#[test]
fn off_a_pi_run_checks_the_configuration_then_says_so() {
    if on_a_pi() {
        println!("this machine is a Raspberry Pi: the off-Pi message is not tested here");
        return;
    }
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../hardware/table.toml");
    let (code, text) = tablectl(&["run", "--config", shipped]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("is valid, but this is not a Raspberry Pi"),
        "{text}"
    );
    assert!(text.contains("cargo run --release"), "{text}");
}

#[test]
fn a_bad_configuration_is_named_before_anything_starts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.toml");
    std::fs::write(&path, "[table]\nid = \"t\"\nseats = 40\n").unwrap();
    let (code, text) = tablectl(&["run", "--config", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("table.toml: [table]"), "{text}");
    let (code, text) = tablectl(&["run", "--config"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("usage: tablectl run"), "{text}");
}
