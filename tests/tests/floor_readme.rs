//! The floor guide's set-up, done from scratch as a new floor team does it (issue 27,
//! item 5): the block between `<!-- floor-setup: begin -->` and `<!-- floor-setup:
//! end -->` in docs/floor.md ("Setting up a floor, from scratch"), run by bash in order, in a new folder, against a real
//! PostgreSQL server the test starts with TLS (a certificate the floor's CA signed)
//! and password checks, as a casino's store. The only change to the block is the
//! store's address, put for `floor-db:5432`; `psql` reaches the server as its
//! administrator. Skipped (one line) without PostgreSQL's server, `psql` or
//! `openssl`; required in CI.

use std::path::Path;
use std::process::Command;
use table_tests::certs::TestCa;
use table_tests::postgres::{PgServer, REQUIRE_POSTGRES, SUPERUSER};

/// The guide's address of the store, replaced by the test's.
const GUIDE_STORE: &str = "floor-db:5432";

/// The set-up block of the floor's guide.
fn setup_block() -> String {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/floor.md"))
            .expect("docs/floor.md");
    let begin = guide
        .find("<!-- floor-setup: begin -->")
        .expect("the set-up's start mark");
    let end = guide
        .find("<!-- floor-setup: end -->")
        .expect("the set-up's end mark");
    let block = &guide[begin..end];
    let code = block
        .split_once("```sh\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .map(|(code, _)| code.to_string())
        .expect("a sh block between the marks");
    assert!(code.contains(GUIDE_STORE), "the block names the store");
    code
}

/// Whether `program` runs (asked its version with `arg`).
fn runs(program: &str, arg: &str) -> Result<(), String> {
    Command::new(program)
        .arg(arg)
        .output()
        .map_err(|e| format!("{program}: {e}"))
        .and_then(|o| {
            o.status
                .success()
                .then_some(())
                .ok_or_else(|| format!("{program} {arg} failed"))
        })
}

#[test]
fn the_floor_guides_set_up_works_from_scratch() {
    let what = "the floor guide's set-up";
    if table_tests::peers::or_skip(
        runs("psql", "--version").and_then(|()| runs("openssl", "version")),
        REQUIRE_POSTGRES,
        what,
        "apt-get install postgresql-client openssl",
    )
    .is_none()
    {
        return;
    }
    let ca = TestCa::new("Casino floor CA");
    let cert = ca.server(&["localhost", "127.0.0.1"]);
    let Some(server) = PgServer::start_tls(what, &cert, false) else {
        return;
    };
    server.check_passwords().expect("passwords checked");
    let dir = tempfile::tempdir().expect("a folder");
    ca.write(dir.path(), "floor-ca.pem");
    let script = setup_block().replace(GUIDE_STORE, &format!("localhost:{}", server.port()));
    let tablectl = table_tests::tablectl::path();
    let path = format!(
        "{}:{}",
        tablectl.parent().expect("its folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["-eu", "-o", "pipefail", "-c", &script])
        .current_dir(dir.path())
        .env("PATH", path)
        .env_remove("FLOOR_PASSWORD_FILE")
        .env("PGHOST", "127.0.0.1")
        .env("PGPORT", server.port().to_string())
        .env("PGUSER", SUPERUSER)
        .env("PGDATABASE", "postgres")
        .output()
        .expect("bash");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the set-up failed:\n{stdout}\n{stderr}\n{}",
        server.log()
    );
    eprintln!("{stdout}");
    assert!(stdout.contains("floor: connected to the store"), "{stdout}");
    assert!(
        stdout.contains("records shipped; the table is closed on the floor"),
        "{stdout}"
    );
    let line = |id: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(&format!("table {id}  ")))
            .unwrap_or_else(|| panic!("table {id} listed: {stdout}"))
            .to_string()
    };
    assert!(line("T1").contains(" closed "), "{stdout}");
    assert!(line("T2").contains("NEVER CONNECTED"), "{stdout}");
    assert!(
        dir.path().join("exports/T1.phhs").is_file(),
        "T1's hands exported"
    );
    for file in [
        "owner.password",
        "T1.password",
        "T2.password",
        "floor_page.password",
    ] {
        let mode = std::os::unix::fs::PermissionsExt::mode(
            &std::fs::metadata(dir.path().join(file))
                .expect("a password file")
                .permissions(),
        );
        assert_eq!(mode & 0o077, 0, "{file} is its owner's alone");
    }
}
