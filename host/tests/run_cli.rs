//! `tablectl run` off a Raspberry Pi: the configuration is checked, then the command
//! says this is not a Pi and points to the bench table, exiting non-zero.

mod common;

fn tablectl(args: &[&str]) -> (i32, String) {
    let out = common::tablectl(args);
    (
        common::code(&out),
        common::stdout(&out) + &common::stderr(&out),
    )
}

fn on_a_pi() -> bool {
    hardware::pi::detect_pi().is_ok()
}

/// The shipped pin map's text.
fn shipped_pins() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../hardware/pins.toml"
    ))
    .unwrap()
}

/// The shipped table.toml with its pin map `pins` and its data folder in `dir`, and
/// `more` added to `[display]`; the path of the configuration.
fn bench_config(dir: &std::path::Path, pins: &str, more: &str) -> std::path::PathBuf {
    let pins_path = dir.join("pins.toml");
    std::fs::write(&pins_path, pins).unwrap();
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../hardware/table.toml"
    ))
    .unwrap();
    let text = shipped
        .replace("/etc/tablectl/pins.toml", pins_path.to_str().unwrap())
        .replace("/var/lib/tablectl", dir.join("data").to_str().unwrap())
        + more;
    let path = dir.join("my-table.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// `tablectl run --config` on a configuration built by [`bench_config`]: the message.
fn refused(pins: &str, more: &str, edit: impl Fn(String) -> String) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = bench_config(dir.path(), pins, more);
    let text = edit(std::fs::read_to_string(&path).unwrap());
    std::fs::write(&path, text).unwrap();
    let (code, text) = tablectl(&["run", "--config", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("is valid"), "{text}");
    text
}

#[test]
fn run_checks_the_pins_data_and_token_it_names_on_any_machine() {
    let same = |t: String| t;
    // A BCM number not on the header, a wrong physical pin.
    let text = refused(
        &shipped_pins().replacen("bcm =  4", "bcm = 99", 1),
        "",
        same,
    );
    assert!(text.contains("pins.toml") && text.contains("99"), "{text}");
    let text = refused(
        &shipped_pins().replacen("physical =  7", "physical =  8", 1),
        "",
        same,
    );
    assert!(
        text.contains("pins.toml") && text.contains("physical"),
        "{text}"
    );
    // No pin map at all.
    let text = refused(&shipped_pins(), "", |t| {
        t.replace("pins.toml", "missing-pins.toml")
    });
    assert!(
        text.contains("missing-pins.toml") && text.contains("[panel] pins"),
        "{text}"
    );
    // A data folder that is a file.
    let text = refused(&shipped_pins(), "", |t| {
        t.replace("data = \"/", "data = \"/etc/passwd\" # \"/")
    });
    assert!(
        text.contains("my-table.toml") && text.contains("/etc/passwd"),
        "{text}"
    );
    // Three blinds.
    let text = refused(&shipped_pins(), "", |t| {
        t.replace("blinds = [5, 10]", "blinds = [5, 10, 25]")
    });
    assert!(
        text.contains("my-table.toml") && text.contains("blinds"),
        "{text}"
    );
    // A floor token others may read.
    let dir = tempfile::tempdir().unwrap();
    let token = dir.path().join("floor-token");
    std::fs::write(&token, "0123456789abcdef0123\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o644)).unwrap();
        let more = format!("floor_token = \"{}\"\n", token.display());
        let text = refused(&shipped_pins(), &more, same);
        assert!(text.contains("chmod 600"), "{text}");
    }
    // The floor on a network address without host names.
    let more = format!(
        "floor_token = \"{}\"\nfloor_bind = \"0.0.0.0:8081\"\n",
        token.display()
    );
    let text = refused(&shipped_pins(), &more, same);
    assert!(text.contains("floor_hosts"), "{text}");
}

#[test]
fn off_a_pi_run_checks_the_configuration_then_says_so() {
    if on_a_pi() {
        println!("this machine is a Raspberry Pi: the off-Pi message is not tested here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = bench_config(dir.path(), &shipped_pins(), "");
    let (code, text) = tablectl(&["run", "--config", config.to_str().unwrap()]);
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

#[test]
fn a_floor_address_that_does_not_read_is_refused_before_anything_starts() {
    let dir = tempfile::tempdir().unwrap();
    let config = bench_config(dir.path(), &shipped_pins(), "");
    let path = config.to_str().unwrap();
    let (code, text) = tablectl(&[
        "run",
        "--config",
        path,
        "--floor-db",
        "postgres://x@h:notaport/db",
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("the floor's address does not read"), "{text}");
    assert!(!text.contains("is valid"), "{text}");
    if !on_a_pi() {
        // A store that is down is no reason to stop: the table deals and ships later.
        let down = "postgres://floor@127.0.0.1:9/floor";
        let (code, text) = tablectl(&["run", "--config", path, "--floor-db", down]);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("is valid, but this is not a Raspberry Pi"),
            "{text}"
        );
    }
}

/// The floor staff file and the PIN lock kept in the data folder are checked with the
/// rest: a lock file that does not read stops the table before anything starts
/// (a lock a restart could lift is no lock).
#[test]
fn a_pin_lock_that_does_not_read_is_refused_before_anything_starts() {
    use std::io::Write as _;
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let mut child = common::command()
        .args(["staff-pin", "17"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"0042\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let staff = dir.path().join("floor-staff.toml");
    let line = String::from_utf8(out.stdout).unwrap();
    std::fs::write(&staff, format!("[staff]\n{line}")).unwrap();
    std::fs::set_permissions(&staff, std::fs::Permissions::from_mode(0o600)).unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("floor-pin-lock.toml"), "failures = \"x\"\n").unwrap();
    let config = bench_config(dir.path(), &shipped_pins(), "");
    let text = std::fs::read_to_string(&config).unwrap().replace(
        "[panel]\n",
        &format!("[panel]\nstaff = \"{}\"\n", staff.display()),
    );
    std::fs::write(&config, text).unwrap();
    let (code, text) = tablectl(&["run", "--config", config.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("floor-pin-lock.toml") && text.contains("floor PIN lock"),
        "{text}"
    );
    assert!(!text.contains("is valid"), "{text}");
}

/// `tablectl run --config` on the bench configuration with `table` added to
/// `[table]` (its mode `mode`) and `args` after it: the exit status and message.
#[cfg(unix)]
fn run_with_floor(dir: &std::path::Path, table: &str, mode: u32, args: &[&str]) -> (i32, String) {
    use std::os::unix::fs::PermissionsExt as _;
    let path = bench_config(dir, &shipped_pins(), "");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "[table]\n",
        &format!("[table]\n{table}"),
        1,
    );
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    let path = path.to_str().unwrap().to_string();
    let mut all = vec!["run", "--config", path.as_str()];
    all.extend_from_slice(args);
    tablectl(&all)
}

/// Issue 26, attack 3: a table whose store is on the network ships over TLS checked
/// against the floor's CA, or in clear only when its URL says so in so many words.
#[cfg(unix)]
#[test]
fn a_store_on_the_network_without_the_floors_ca_is_refused_at_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let floor = "floor = \"postgres://t7@floor-db:5432/floor\"\n";
    let (code, text) = run_with_floor(dir.path(), floor, 0o644, &[]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("no CA is named")
            && text.contains("floor_ca")
            && text.contains("my-table.toml"),
        "{text}"
    );
    assert!(!text.contains("is valid"), "{text}");
    let (code, text) = run_with_floor(
        dir.path(),
        "",
        0o644,
        &["--floor-db", "postgres://t7@floor-db/floor?sslmode=prefer"],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("fall back to clear text"), "{text}");
    // A CA file that is not there is named.
    let ca = dir.path().join("floor-ca.pem");
    let named = format!("{floor}floor_ca = \"{}\"\n", ca.display());
    let (code, text) = run_with_floor(dir.path(), &named, 0o644, &[]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("floor-ca.pem"), "{text}");
    if !on_a_pi() {
        let clear = "floor = \"postgres://t7@floor-db:5432/floor?sslmode=disable\"\n";
        let (code, text) = run_with_floor(dir.path(), clear, 0o644, &[]);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("is valid, but this is not a Raspberry Pi"),
            "{text}"
        );
    }
}

/// Issue 26, attack 13: the store's password is never in a file others may read, nor
/// on the command line.
#[cfg(unix)]
#[test]
fn the_stores_password_is_refused_where_others_may_read_it() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    // In table.toml's URL, table.toml readable by the group or everyone.
    let in_url = "floor = \"postgres://t7:hunter2@127.0.0.1:5432/floor\"\n";
    for mode in [0o644, 0o640] {
        let (code, text) = run_with_floor(dir.path(), in_url, mode, &[]);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("my-table.toml holds the store's password") && text.contains("chmod 600"),
            "{text}"
        );
        assert!(!text.contains("hunter2"), "{text}");
    }
    // On the command line.
    let (code, text) = run_with_floor(
        dir.path(),
        "",
        0o600,
        &["--floor-db", "postgres://t7:hunter2@127.0.0.1/floor"],
    );
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("process list") && !text.contains("hunter2"),
        "{text}"
    );
    // In a password file readable by others.
    let file = dir.path().join("floor-password");
    std::fs::write(&file, "hunter2\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let named = format!(
        "floor = \"postgres://t7@127.0.0.1:5432/floor\"\nfloor_password_file = \"{}\"\n",
        file.display()
    );
    let (code, text) = run_with_floor(dir.path(), &named, 0o644, &[]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("floor-password") && text.contains(&format!("chmod 600 {}", file.display())),
        "{text}"
    );
    if !on_a_pi() {
        // Both private: the configuration is valid.
        let (code, text) = run_with_floor(dir.path(), in_url, 0o600, &[]);
        assert!(code == 1 && text.contains("is valid, but"), "{text}");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        let (code, text) = run_with_floor(dir.path(), &named, 0o644, &[]);
        assert!(code == 1 && text.contains("is valid, but"), "{text}");
    }
}

/// Issue 26, attack 13: a data folder others may change is refused at the check.
#[cfg(unix)]
#[test]
fn a_data_folder_others_may_change_is_refused_at_the_check() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    for mode in [0o777, 0o770] {
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(mode)).unwrap();
        let (code, text) = run_with_floor(dir.path(), "", 0o644, &[]);
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("[table] data")
                && text.contains(&format!("chmod 700 {}", data.display())),
            "{text}"
        );
        assert!(!text.contains("is valid"), "{text}");
    }
    if !on_a_pi() {
        // Readable by others only: valid (made 0700 when the table starts).
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
        let (_, text) = run_with_floor(dir.path(), "", 0o644, &[]);
        assert!(text.contains("is valid, but"), "{text}");
    }
}

/// `tablectl run --check` (what the package's install runs): everything checked and
/// said, status 0, on any machine, a Pi included, with the pins and the shoe never
/// opened; a problem is named with status 1, as without it.
#[test]
fn check_says_what_it_checked_and_opens_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let config = bench_config(dir.path(), &shipped_pins(), "");
    let path = config.to_str().unwrap();
    let (code, text) = tablectl(&["run", "--config", path, "--check"]);
    assert_eq!(code, 0, "{text}");
    for said in [
        "table table-1: Holdem NoLimit 5/10, 10 seats",
        "pins.toml: 31 keys on 6 rows and 6 columns, 11 seat LEDs, shoe on /dev/table-shoe",
        "no deck enrolled yet (tablectl deck enrol --port /dev/table-shoe",
        "the floor's store: none named",
        "the floor view: off",
        "is valid; the pins and the shoe were not opened (--check)",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    assert!(!text.contains("not a Raspberry Pi"), "{text}");
    let three = std::fs::read_to_string(&config)
        .unwrap()
        .replace("blinds = [5, 10]", "blinds = [5, 10, 25]");
    std::fs::write(&config, three).unwrap();
    let (code, text) = tablectl(&["run", "--config", path, "--check"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("blinds") && !text.contains("is valid"),
        "{text}"
    );
    let (code, text) = tablectl(&["--version"]);
    assert!(code == 0 && text.starts_with("tablectl "), "{text}");
}
