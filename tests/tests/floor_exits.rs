//! A table that ships ends clean on every way it stops (issue 27, item 4): the
//! `tablectl` program itself, run as an operator runs it, against a real PostgreSQL
//! server the test starts (skipped, one line, without one). At a script's end, at
//! the end of its hands, on an error return and on SIGTERM or Ctrl-C, the table waits
//! (bounded) until its log is in the store, says so in one line, and tells the store
//! it closed; a table whose store is cut says what is left and ships it, exactly
//! once, at its next start. A table the store refuses says why, at its start and at
//! its end, and `tablectl floor tables` lists it.

use host::floor::{roles, Presence, Store};
use std::io::Read as _;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;
use table_tests::bench::sealed;
use table_tests::netproxy::{Link, Proxy};
use table_tests::postgres::PgServer;

/// How long a table may take to ship or to deal a few hands on a busy machine (not
/// a timing claim: the tests wait for what they check).
const PATIENCE: Duration = Duration::from_secs(120);

/// A grace long enough for a store that answers on a busy machine: a table waits
/// only until its store holds everything, so it costs nothing when all goes well.
const GRACE: [&str; 2] = ["--floor-grace", "120"];

/// `tablectl` on the bench table of data folder `data`, id `id`, its cards dealt
/// straight to the engine at full speed, its output kept.
fn table(data: &Path, id: &str) -> Command {
    let mut c = Command::new(table_tests::tablectl::path());
    c.arg("--data")
        .arg(data)
        .args(["--table-id", id, "--direct"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// [`table`] without its display, shipping to `url` (with [`GRACE`] unless `more`
/// gives one), with `more` flags.
fn bench(data: &Path, id: &str, url: &str, more: &[&str]) -> Command {
    let mut c = table(data, id);
    c.args(["--no-display", "--floor-db", url]);
    if !more.contains(&GRACE[0]) {
        c.args(GRACE);
    }
    c.args(more);
    c
}

/// Runs [`bench`] to its end, which must be a success; its output.
fn bench_ok(data: &Path, id: &str, url: &str, more: &[&str]) -> String {
    let (stdout, stderr, out) = run(&mut bench(data, id, url, more));
    assert!(out.status.success(), "{stdout}{stderr}");
    stdout
}

/// Runs `c` to its end: (its output, its error output, whether it succeeded).
fn run(c: &mut Command) -> (String, String, Output) {
    let out = c.output().expect("tablectl runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out,
    )
}

/// The records of the hand log in `data`.
fn logged(data: &Path) -> u64 {
    sealed(data).last().map_or(0, |r| r.seq.0)
}

/// The one line the table ended its shipping with.
fn end_line(stdout: &str) -> &str {
    let ends: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("records shipped") || l.contains("not shipped yet"))
        .collect();
    assert_eq!(ends.len(), 1, "one end line: {stdout}");
    ends[0]
}

/// The store holds table `id`'s whole log in `data`, each record once, and knows the
/// table closed.
fn holds_all_and_closed(store: &mut Store, data: &Path, id: &str) {
    let records = logged(data);
    assert!(records > 0, "the table logged records");
    assert_eq!(store.count(id).expect("count"), (records, records));
    let row = store
        .tables()
        .expect("tables")
        .into_iter()
        .find(|t| t.table_id == id)
        .expect("the table is listed");
    assert_eq!(row.presence, Presence::Closed, "{row:?}");
}

/// A store migrated by its superuser, its URL and connection, and a folder for the
/// tables' data.
fn floor(what: &str) -> Option<(PgServer, String, Store, tempfile::TempDir)> {
    let server = PgServer::start(what)?;
    let url = server.url();
    let store = Store::open(&url).expect("the store");
    Some((server, url, store, tempfile::tempdir().expect("a folder")))
}

#[test]
fn a_scripted_table_and_one_at_the_end_of_its_hands_ship_everything_then_close() {
    let Some((_server, url, mut store, dir)) = floor("tables that end ship everything") else {
        return;
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/corrections.scn");
    let scripted = dir.path().join("scripted");
    let (stdout, stderr, out) = run(bench(&scripted, "S1", &url, &[])
        .arg("--script")
        .arg(&script));
    assert!(out.status.success(), "{stdout}{stderr}");
    let line = end_line(&stdout);
    assert_eq!(
        line,
        format!(
            "floor: all {} records shipped; the table is closed on the floor",
            logged(&scripted)
        )
    );
    holds_all_and_closed(&mut store, &scripted, "S1");

    let hands = dir.path().join("hands");
    let stdout = bench_ok(&hands, "H1", &url, &["--hands", "3"]);
    assert!(stdout.contains("floor: connected to the store"), "{stdout}");
    assert!(end_line(&stdout).starts_with("floor: all "), "{stdout}");
    holds_all_and_closed(&mut store, &hands, "H1");
    // `floor tables` says it closed, calmly.
    let (stdout, _, _) =
        run(Command::new(table_tests::tablectl::path()).args(["floor", "tables", "--db", &url]));
    let h1 = stdout
        .lines()
        .find(|l| l.starts_with("table H1 "))
        .expect("H1 listed");
    assert!(h1.contains(" closed ") && !h1.contains("NOT HEARD"), "{h1}");
}

#[test]
fn a_table_that_returns_an_error_ships_its_backlog_first() {
    let Some((_server, url, mut store, dir)) = floor("an error return ships the backlog") else {
        return;
    };
    let data = dir.path().join("table");
    // Three hands dealt with the store out of the picture: a backlog.
    let (stdout, stderr, out) = run(table(&data, "E1").args(["--no-display", "--hands", "3"]));
    assert!(out.status.success(), "{stdout}{stderr}");
    // Started again on a display address that is taken: an error return, after the
    // shipper started.
    let taken = TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr: SocketAddr = taken.local_addr().expect("its address");
    let (stdout, stderr, out) = run(table(&data, "E1")
        .args(["--hands", "3", "--floor-db", &url])
        .args(GRACE)
        .args(["--display", &addr.to_string()]));
    assert!(
        !out.status.success(),
        "the taken address is an error: {stdout}"
    );
    assert!(stderr.contains("tablectl:"), "{stderr}");
    assert_eq!(
        end_line(&stdout),
        format!(
            "floor: all {} records shipped; the table is closed on the floor",
            logged(&data)
        )
    );
    holds_all_and_closed(&mut store, &data, "E1");
}

/// Starts a long bench table in the background.
fn dealing(data: &Path, id: &str, url: &str, grace: &str) -> Child {
    bench(
        data,
        id,
        url,
        &["--hands", "100000", "--pace", "2", "--floor-grace", grace],
    )
    .spawn()
    .expect("the table")
}

/// Sends `signal` (`TERM`, `INT`) to `child` and gives its output once it exits.
fn stop_with(mut child: Child, signal: &str) -> (String, std::process::ExitStatus) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("its output")
        .read_to_string(&mut stdout)
        .expect("read");
    (stdout, child.wait().expect("the table ends"))
}

/// The store's records of `id` once it holds more than `n`.
fn wait_for_records(store: &mut Store, id: &str, n: u64) {
    assert!(
        PgServer::wait_until(PATIENCE, || store.count(id).map(|(c, _)| c).unwrap_or(0)
            > n),
        "table {id} never shipped"
    );
}

#[test]
fn a_table_stopped_by_sigterm_or_ctrl_c_ships_what_it_logged_and_says_so() {
    let Some((_server, url, mut store, dir)) = floor("a table stopped by a signal") else {
        return;
    };
    for (signal, code, id) in [("TERM", 143, "G1"), ("INT", 130, "G2")] {
        let data = dir.path().join(id);
        let table = dealing(&data, id, &url, "120");
        wait_for_records(&mut store, id, 50);
        let (stdout, status) = stop_with(table, signal);
        assert_eq!(status.code(), Some(code), "{stdout}");
        let line = end_line(&stdout);
        let (stored, distinct) = store.count(id).expect("count");
        assert_eq!(stored, distinct, "nothing doubled");
        assert!(
            line.starts_with(&format!("floor: all {stored} records shipped")),
            "{line}"
        );
        // What the table logged after its last line ships at its next start.
        bench_ok(&data, id, &url, &["--hands", "0"]);
        holds_all_and_closed(&mut store, &data, id);
    }
}

#[test]
fn a_table_whose_store_is_cut_says_what_is_left_and_ships_it_once_at_its_next_start() {
    let Some((server, _url, mut store, dir)) = floor("a table whose store is cut") else {
        return;
    };
    let proxy = Proxy::start(([127, 0, 0, 1], server.port()).into()).expect("proxy");
    let url = format!(
        "postgres://{}@127.0.0.1:{}/postgres?connect_timeout=2",
        table_tests::postgres::SUPERUSER,
        proxy.port()
    );
    let data = dir.path().join("C1");
    // A short grace: the store is cut, nothing ships however long the table waits.
    let table = dealing(&data, "C1", &url, "2");
    wait_for_records(&mut store, "C1", 50);
    proxy.set(Link::Cut);
    let (stdout, status) = stop_with(table, "TERM");
    assert_eq!(status.code(), Some(143), "{stdout}");
    let line = end_line(&stdout);
    assert!(
        line.contains("records not shipped yet")
            && line.ends_with("they ship at the table's next start"),
        "{line}"
    );
    // Started with its store still cut: it says why at its start and its end.
    let stdout = bench_ok(&data, "C1", &url, &["--hands", "0", "--floor-grace", "2"]);
    assert!(
        stdout.contains("floor: not connected: the floor's store cannot be reached"),
        "{stdout}"
    );
    assert!(
        end_line(&stdout).contains("not shipped yet (the floor's store cannot be reached"),
        "{stdout}"
    );
    proxy.set(Link::Clear);
    let stdout = bench_ok(&data, "C1", &url, &["--hands", "0"]);
    assert!(end_line(&stdout).starts_with("floor: all "), "{stdout}");
    holds_all_and_closed(&mut store, &data, "C1");
}

/// `tablectl floor add-table ID` as the store's owner: the table's login and its
/// password.
fn add_table(owner: &mut Store, id: &str, secrets: &Path) -> (String, String) {
    let file: PathBuf = secrets.join(format!("{id}.password"));
    let login = roles::add_table(owner.client(), id, None, Some(&file)).expect("the login");
    let password = std::fs::read_to_string(&file).expect("the password");
    (login.role, password.trim().to_string())
}

#[test]
fn a_table_the_store_refuses_says_why_and_the_floor_lists_it() {
    let Some(server) = PgServer::start("a table the store refuses") else {
        return;
    };
    server.check_passwords().expect("passwords checked");
    let mut owner = Store::open(&server.url()).expect("the store");
    let secrets = tempfile::tempdir().expect("a folder");
    let (role, password) = add_table(&mut owner, "P1", secrets.path());
    add_table(&mut owner, "Q1", secrets.path());
    let as_login = |user: &str, password: &str| {
        format!(
            "postgres://{user}:{password}@127.0.0.1:{}/postgres?connect_timeout=2",
            server.port()
        )
    };
    let dir = tempfile::tempdir().expect("a folder");
    // A wrong password.
    let data = dir.path().join("P1");
    let stdout = bench_ok(&data, "P1", &as_login(&role, "wrong"), &["--hands", "1"]);
    let refused = format!("the floor's store refused login {role}");
    assert!(
        stdout.contains(&format!("floor: not connected: {refused}")),
        "{stdout}"
    );
    assert!(end_line(&stdout).contains(&refused), "{stdout}");
    // Its login, with another table's id.
    let data = dir.path().join("Q2");
    let (stdout, _, _) = run(&mut bench(
        &data,
        "Q2",
        &as_login(&role, &password),
        &["--hands", "1"],
    ));
    let not_given = "the floor's store has not given table id Q2 to this table's login";
    assert!(
        stdout.contains(&format!("floor: not connected: {not_given}")),
        "{stdout}"
    );
    assert!(end_line(&stdout).contains(not_given), "{stdout}");
    // The floor lists both tables it gave a login to, neither ever connected.
    let (stdout, _, _) = run(Command::new(table_tests::tablectl::path()).args([
        "floor",
        "tables",
        "--db",
        &server.url(),
    ]));
    for id in ["P1", "Q1"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("table {id} ")))
            .unwrap_or_else(|| panic!("{id} listed: {stdout}"));
        assert!(line.contains("NEVER CONNECTED"), "{line}");
    }
    assert!(!stdout.contains("table Q2 "), "{stdout}");
}
