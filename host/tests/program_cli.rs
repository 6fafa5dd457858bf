//! Program verification from the command line (GLI-24, GLI-11): `tablectl
//! verify-program` prints and signs the digests of the running program and the
//! table's configuration files, and checks a signature against what runs now; a
//! table that starts logs its program, and one whose critical state does not check
//! says what failed in one line and deals nothing.

mod common;

use host::records::handlog::{public_file, AuditLog, Entry, TableKey};
use host::records::program::{file_digest, Sha256Digest};
use std::path::{Path, PathBuf};

fn tablectl(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = common::tablectl_in(dir, args);
    (
        common::code(&out),
        common::stdout(&out),
        common::stderr(&out),
    )
}

/// The shipped table.toml, its pin map, data folder and key in `dir`.
fn table_toml(dir: &Path) -> PathBuf {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let pins = dir.join("pins.toml");
    std::fs::copy(format!("{root}/hardware/pins.toml"), &pins).unwrap();
    let text = std::fs::read_to_string(format!("{root}/hardware/table.toml"))
        .unwrap()
        .replace("/etc/tablectl/pins.toml", pins.to_str().unwrap())
        .replace("/var/lib/tablectl-key", dir.join("key").to_str().unwrap())
        .replace("/var/lib/tablectl", dir.join("data").to_str().unwrap());
    let path = dir.join("table.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The value of the line `name VALUE` of `out`.
fn line<'a>(out: &'a str, name: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no `{name}` line in:\n{out}"))
}

#[test]
fn verify_program_signs_the_digests_and_a_changed_file_no_longer_checks() {
    let dir = tempfile::tempdir().unwrap();
    let config = table_toml(dir.path());
    let key = TableKey::create(&dir.path().join("key/table.key")).unwrap();
    let config_arg = config.to_str().unwrap();
    let (code, out, err) = tablectl(dir.path(), &["verify-program", "--config", config_arg]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("tablectl program statement v1\ntable table-1\n"),
        "{out}"
    );
    let binary = file_digest(Path::new(env!("CARGO_BIN_EXE_tablectl"))).unwrap();
    assert_eq!(line(&out, "binary"), binary.to_string());
    assert_eq!(
        line(&out, "file table.toml"),
        file_digest(&config).unwrap().to_string()
    );
    let pins = dir.path().join("pins.toml");
    let pins_signed = line(&out, "file pins").to_string();
    assert_eq!(pins_signed, file_digest(&pins).unwrap().to_string());
    assert_eq!(line(&out, "file deck.map"), "absent");
    assert_eq!(line(&out, "file staff"), "absent");
    assert!(line(&out, "configuration").parse::<Sha256Digest>().is_ok());
    assert_eq!(line(&out, "public key"), key.public().to_string());
    let signature = line(&out, "signature").to_string();

    // The inspector checks it against the table's public key, here or later.
    let check = |extra: &[&str]| {
        let mut args = vec!["verify-program", "--config", config_arg, "--check"];
        args.push(&signature);
        args.extend_from_slice(extra);
        tablectl(dir.path(), &args)
    };
    let (code, out, _) = check(&[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("signature checks"), "{out}");
    let pub_file = public_file(&dir.path().join("key/table.key"));
    let (code, _, _) = check(&["--public-key", pub_file.to_str().unwrap()]);
    assert_eq!(code, 0);
    // Another table's key does not vouch for it.
    let other = TableKey::from_seed([7; 32]).public().to_string();
    let (code, out, _) = check(&["--public-key", &other]);
    assert_eq!(code, 1);
    assert!(out.contains("SIGNATURE DOES NOT CHECK"), "{out}");

    // A pin map changed since: the statement now says which file, and the old
    // signature no longer checks.
    std::fs::write(
        &pins,
        std::fs::read_to_string(&pins).unwrap() + "\n# changed\n",
    )
    .unwrap();
    let (code, out, _) = check(&[]);
    assert_eq!(code, 1, "{out}");
    assert_ne!(line(&out, "file pins"), pins_signed);
    assert_eq!(
        line(&out, "file table.toml"),
        file_digest(&config).unwrap().to_string()
    );
    assert!(out.contains("SIGNATURE DOES NOT CHECK"), "{out}");
    // What is not a signature is refused, never taken for one.
    let (code, out, _) = tablectl(
        dir.path(),
        &["verify-program", "--config", config_arg, "--check", "zz"],
    );
    assert_eq!(code, 1, "{out}");
}

#[test]
fn verify_program_without_the_key_says_so_and_never_makes_one() {
    let dir = tempfile::tempdir().unwrap();
    let config = table_toml(dir.path());
    let (code, out, err) = tablectl(
        dir.path(),
        &["verify-program", "--config", config.to_str().unwrap()],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("binary "), "the digests are printed: {out}");
    assert!(
        err.contains("no key file") && err.contains("run as the table's user"),
        "{err}"
    );
    assert!(!dir.path().join("key/table.key").exists());
    let (code, _, err) = tablectl(dir.path(), &["verify-program", "--config", "none.toml"]);
    assert_eq!(code, 1);
    assert!(err.contains("none.toml"), "{err}");
}

/// The bench table with `args` on the data folder `d` of `dir`.
fn bench(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["--no-display", "--direct", "--pace", "0", "--data", "d"];
    all.extend_from_slice(args);
    tablectl(dir, &all)
}

#[test]
fn a_table_logs_its_program_at_every_start_before_it_deals() {
    let dir = tempfile::tempdir().unwrap();
    for hands in ["1", "2"] {
        let (code, out, err) = bench(dir.path(), &["--hands", hands]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("program: tablectl "), "{out}");
    }
    let records = AuditLog::open_evidence(dir.path().join("d"))
        .unwrap()
        .records()
        .unwrap();
    let binary = file_digest(Path::new(env!("CARGO_BIN_EXE_tablectl"))).unwrap();
    let starts: Vec<_> = records
        .iter()
        .enumerate()
        .filter_map(|(i, (hand, r))| match &r.entry {
            Entry::Program { binary: b, .. } => Some((i, *hand, *b)),
            _ => None,
        })
        .collect();
    assert_eq!(starts.len(), 2, "one a start");
    for (i, hand, b) in &starts {
        assert_eq!((*hand, *b), (None, binary), "between hands, this binary");
        let dealt_before = records[..*i].iter().any(|(h, _)| h.is_some());
        assert_eq!(dealt_before, *i != starts[0].0, "the first before any hand");
    }
}

/// Each start-up check that fails is one line naming it, exit status 1, nothing
/// dealt.
#[test]
fn a_table_whose_critical_state_fails_names_it_and_deals_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = bench(dir.path(), &["--hands", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    let log = dir.path().join("d").join(host::records::handlog::FILE_NAME);
    let records = || -> i64 {
        let c = rusqlite::Connection::open(&log).unwrap();
        c.query_row("SELECT count(*) FROM records", [], |r| r.get(0))
            .unwrap()
    };
    let before = records();
    let refused = |what: &str| {
        let (code, out, err) = bench(dir.path(), &["--hands", "2"]);
        assert_eq!(code, 1, "{out}{err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!("tablectl: start-up check failed: {what}: "))
                && first.ends_with("the table does not deal"),
            "{err}"
        );
        assert!(!out.contains("hand 2"), "{out}");
        assert_eq!(records(), before, "nothing written");
    };
    // The key, readable by others.
    let key = dir.path().join("d-key/table.key");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
        refused("the table's key");
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    // The chain: a record changed outside the controller.
    let c = rusqlite::Connection::open(&log).unwrap();
    c.execute(
        "UPDATE records SET payload = replace(payload, '\"v\":2', '\"v\": 2') WHERE seq = 3",
        [],
    )
    .unwrap();
    drop(c);
    refused("the hand log's chain");
}
