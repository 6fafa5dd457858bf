//! Program verification on the floor (issue 28, item 4; GLI-24, GLI-11), against a
//! real PostgreSQL server the test starts (skipped, one line, without one): a table
//! logs its program at every start and ships it with its log; the floor shows each
//! table's program and configuration digests, alerts while the binary is not
//! approved, and stops once the owner approves it (`tablectl floor approve`), and
//! again when he revokes it. A table that lies is refused: another table's login
//! writing its row, its own login pointing its row at a program it did not log, a
//! forged program record shipped, or written straight into the store. The floor's
//! page shows it all in headless Chromium, as the floor's staff see it.

use host::floor::page::{room_page, RoomView};
use host::floor::when::FloorClock;
use host::floor::{FloorService, ProgramAlert, ServeOptions, Shipper, Store};
use host::records::handlog::{AuditLog, HandLog, Record, SealedRecord, Seq, TableKey};
use host::records::program::{file_digest, ProgramId, Sha256Digest};
use host::records::time::WallTime;
use std::path::Path;
use std::time::Duration;
use table_tests::store::{refused, Floor};
use table_tests::tablectl::outcome as tablectl;

/// How long a table may take to ship on a busy machine (not a timing claim).
const PATIENCE: Duration = Duration::from_secs(60);

/// The room's page in English.
fn english_page(room: &host::floor::Room) -> String {
    room_page(
        room,
        &RoomView::all(host::display::Lang::En),
        &FloorClock::utc(),
    )
}

/// Ships table `id`'s log in `dir` to `url` until the store holds all of it.
fn ship(url: &str, dir: &Path, id: &str) {
    let shipper = Shipper::start(url, dir, id).expect("shipper");
    assert!(shipper.wait_shipped(PATIENCE), "{:?}", shipper.status());
    shipper.stop();
}

#[test]
fn the_floor_shows_each_tables_program_and_alerts_until_the_floor_approves_it() {
    let Some(mut floor) = Floor::start("the floor shows each table's program") else {
        return;
    };
    let t1 = floor.add_table("T1");
    let reader_url = floor.add_reader("floor_page");
    let owner_url = floor.server.url();
    let dir = tempfile::tempdir().expect("a folder");
    let data = dir.path().join("t1");
    let data_arg = data.to_str().expect("a path");
    let bench = |hands: &str| {
        let (ok, out, err) = tablectl(&[
            "--data",
            data_arg,
            "--table-id",
            "T1",
            "--direct",
            "--no-display",
            "--pace",
            "0",
            "--hands",
            hands,
            "--floor-db",
            &t1,
            "--floor-grace",
            "60",
        ]);
        assert!(ok, "{out}{err}");
        assert!(out.contains("records shipped"), "{out}");
        out
    };
    let out = bench("1");
    let binary = file_digest(table_tests::tablectl::path()).expect("the binary hashes");
    assert!(
        out.contains(&format!("binary sha256 {binary}")),
        "the table says what it runs: {out}"
    );

    // The floor, as its page reads it: T1's program and configuration, not approved.
    let mut reader = Store::open_to_read(&reader_url).expect("the reader");
    let shown = |reader: &mut Store| {
        let listed = reader.tables().expect("tables");
        let t = listed.iter().find(|t| t.table_id == "T1").expect("T1");
        t.program.clone().expect("T1's program")
    };
    let program = shown(&mut reader);
    assert_eq!(program.binary, binary);
    assert_eq!(program.version, host::records::program::version());
    assert!(program.verified && !program.approved, "{program:?}");
    assert_eq!(program.alert(), Some(ProgramAlert::Unapproved));
    let room = reader.room().expect("the room");
    assert_eq!(room.program_alerts.len(), 1, "{:?}", room.program_alerts);
    let page = english_page(&room);
    assert!(
        page.contains("table T1 runs a program the floor has not approved"),
        "{page}"
    );
    assert!(page.contains(&format!("title=\"{binary}\">{}</code>", binary.short())));
    assert!(page.contains(&format!("title=\"{}\"", program.config)));
    let (ok, tables, _) = tablectl(&["floor", "tables", "--db", &reader_url]);
    assert!(
        ok && tables.contains(&format!("binary {} ", binary.short())),
        "{tables}"
    );
    assert!(tables.contains("NOT APPROVED"), "{tables}");
    let (ok, alerts, _) = tablectl(&["floor", "alerts", "--db", &reader_url]);
    assert!(
        ok && alerts.contains("program alert: table T1 runs a program the floor has not approved"),
        "{alerts}"
    );

    // Neither the reader nor a table approves: the owner alone.
    assert!(reader.approve(&binary, "by the reader").is_err());
    let mut table_login = Store::open(&t1).expect("T1's login");
    assert!(table_login.approve(&binary, "by the table itself").is_err());
    // It reads the list (whether its program is on it), never writes it.
    assert!(table_login.approved().expect("the list").is_empty());
    let (ok, out, err) = tablectl(&["floor", "approve", "--db", &reader_url, &binary.to_string()]);
    assert!(!ok, "{out}{err}");
    let (ok, out, err) = tablectl(&["floor", "approve", "--db", &owner_url, "not-a-hash"]);
    assert!(!ok && err.contains("64 hex digits"), "{out}{err}");

    // The owner approves it: the alert is gone.
    let hash = binary.to_string();
    let (ok, out, err) = tablectl(&[
        "floor",
        "approve",
        "--db",
        &owner_url,
        &hash,
        "--note",
        "GLI report 28-4",
    ]);
    assert!(ok && out.contains("approved"), "{out}{err}");
    assert!(shown(&mut reader).approved);
    assert!(reader.room().expect("room").program_alerts.is_empty());
    let (_, alerts, _) = tablectl(&["floor", "alerts", "--db", &reader_url]);
    assert!(!alerts.contains("program alert"), "{alerts}");
    let (ok, listed, _) = tablectl(&["floor", "approved", "--db", &reader_url]);
    assert!(
        ok && listed.contains(&hash) && listed.contains("GLI report 28-4"),
        "{listed}"
    );

    // Revoked: the alert is back.
    let (ok, out, err) = tablectl(&["floor", "revoke", "--db", &owner_url, &hash]);
    assert!(ok, "{out}{err}");
    assert_eq!(shown(&mut reader).alert(), Some(ProgramAlert::Unapproved));
    let (ok, _, err) = tablectl(&["floor", "revoke", "--db", &owner_url, &hash]);
    assert!(!ok && err.contains("was not approved"), "{err}");

    // Started again: its new program record is the floor's, later in its log.
    bench("2");
    let again = shown(&mut reader);
    assert!(
        again.seq > program.seq && again.verified,
        "{again:?} after {program:?}"
    );
}

/// What a table logs: a note at `at`, then its program record at `at + 1`.
fn started(dir: &Path, id: &str, key: &TableKey, at: u64, program: &ProgramId) {
    let (mut log, _) = HandLog::open(dir, id, key).expect("log");
    log.append(
        WallTime::from_unix_millis(at),
        Record::Note {
            text: "start".into(),
        },
    )
    .expect("note");
    log.append(
        WallTime::from_unix_millis(at + 1),
        Record::Program {
            program: program.clone(),
        },
    )
    .expect("program");
}

fn program_of(binary: &[u8]) -> ProgramId {
    ProgramId {
        version: "0.1.0".into(),
        binary: Sha256Digest::of(binary),
        config: Sha256Digest::of(b"table.toml"),
    }
}

/// The records of the log in `dir`, sealed as stored.
fn sealed(dir: &Path) -> Vec<SealedRecord> {
    AuditLog::open(dir)
        .expect("log")
        .sealed_after(Seq(0), 100)
        .expect("records")
}

/// The program row the floor keeps for `id`, as the owner reads it.
fn row(owner: &mut Store, id: &str) -> (i64, String) {
    let r = owner
        .client()
        .query_one(
            "SELECT seq, binary_hash FROM floor_programs WHERE table_id = $1",
            &[&id],
        )
        .expect("a program row");
    (r.get(0), r.get(1))
}

/// A table that lies about its program is refused, or shown as forged: never shown
/// as running a program it did not sign.
#[test]
fn a_table_that_lies_about_its_program_is_refused() {
    let Some(mut floor) = Floor::start("a table that lies about its program") else {
        return;
    };
    let (t1, t2) = (floor.add_table("T1"), floor.add_table("T2"));
    let reader_url = floor.add_reader("floor_page");
    let approved = program_of(b"the approved build");
    let unapproved = program_of(b"a build nobody inspected");
    floor
        .owner
        .approve(&approved.binary, "inspected")
        .expect("approve");
    let key = TableKey::from_seed([28; 32]);
    let at = WallTime::now().unix_millis();
    let honest = tempfile::tempdir().expect("a folder");
    started(honest.path(), "T1", &key, at, &unapproved);
    ship(&t1, honest.path(), "T1");
    let mut reader = Store::open_to_read(&reader_url).expect("reader");
    let alert = |reader: &mut Store| reader.programs().expect("programs")["T1"].alert();
    assert_eq!(alert(&mut reader), Some(ProgramAlert::Unapproved));
    let held = row(&mut floor.owner, "T1");
    let good = approved.binary.to_string();

    // T2's login, taken from its controller, rewrites T1's row: it sees no such row,
    // and cannot make one.
    let mut other = postgres::Client::connect(&t2, postgres::NoTls).expect("T2's login");
    let touched = other
        .execute(
            "UPDATE floor_programs SET binary_hash = $1 WHERE table_id = 'T1'",
            &[&good],
        )
        .expect("an update that finds nothing");
    assert_eq!(touched, 0);
    let why = refused(
        &mut other,
        &format!(
            "INSERT INTO floor_programs (table_id, seq, version, binary_hash, config_hash, at_ms)
             VALUES ('T1', 2, '0.1.0', '{good}', '{good}', {at})"
        ),
    );
    // The guard finds no such record among those T2's login may read, before the
    // row-level security would refuse the row itself.
    assert!(
        why.contains("must say what its program record") || why.contains("row-level security"),
        "{why}"
    );
    assert_eq!(row(&mut floor.owner, "T1"), held);

    // T1's own login points its row at the approved binary, at another record, back
    // in time, or removes it: refused by the store's guard.
    let mut own = postgres::Client::connect(&t1, postgres::NoTls).expect("T1's login");
    let why = refused(
        &mut own,
        &format!("UPDATE floor_programs SET binary_hash = '{good}' WHERE table_id = 'T1'"),
    );
    assert!(why.contains("must say what its program record"), "{why}");
    let why = refused(
        &mut own,
        "UPDATE floor_programs SET seq = 1 WHERE table_id = 'T1'",
    );
    assert!(why.contains("only moves on"), "{why}");
    let why = refused(&mut own, "DELETE FROM floor_programs WHERE table_id = 'T1'");
    assert!(why.contains("permission denied"), "{why}");
    let why = refused(
        &mut own,
        &format!(
            "INSERT INTO floor_approved_programs (binary_hash) VALUES ('{}')",
            unapproved.binary
        ),
    );
    assert!(why.contains("permission denied"), "{why}");
    assert_eq!(row(&mut floor.owner, "T1"), held);

    // A forger without T1's key logs the same records, then a program record naming
    // the approved binary: the hashes chain (they need no key), the signature is
    // not T1's. Shipped, it is refused.
    let forged = tempfile::tempdir().expect("a folder");
    let forger = TableKey::from_seed([66; 32]);
    started(forged.path(), "T1", &forger, at, &unapproved);
    let (mut log, _) = HandLog::open(forged.path(), "T1", &forger).expect("log");
    log.append(
        WallTime::from_unix_millis(at + 2),
        Record::Program {
            program: approved.clone(),
        },
    )
    .expect("the forged record");
    drop(log);
    let lie = sealed(forged.path()).pop().expect("the forged record");
    assert!(
        lie.links(&sealed(honest.path())[1].hash),
        "it chains to T1's head"
    );
    let mut store = Store::open(&t1).expect("T1's login");
    let taken = store
        .ingest("T1", std::slice::from_ref(&lie), 0)
        .expect("ingest");
    assert_eq!(taken.accepted, 0);
    assert!(taken.refused.is_some(), "{taken:?}");
    assert_eq!(row(&mut floor.owner, "T1"), held);
    assert_eq!(alert(&mut reader), Some(ProgramAlert::Unapproved));

    // Written straight into the store by T1's login, past the ingest: the store's
    // guard takes it (its hash chains; PostgreSQL checks no signature), and the row
    // may name it; the floor checks the signature as it reads, and shows the
    // program as forged, never as approved.
    own.execute(
        "INSERT INTO records (table_id, seq, at_ms, kind, payload, hand, hash, sig)
         VALUES ('T1', $1, $2, $3, $4, NULL, $5, $6)",
        &[
            &3i64,
            &i64::try_from(lie.at.unix_millis()).expect("a time"),
            &lie.kind,
            &lie.payload,
            &&lie.hash[..],
            &&lie.sig[..],
        ],
    )
    .expect("the store's guard checks no signature");
    own.execute(
        "UPDATE floor_tables SET head_seq = 3, head_hash = $1, head_sig = $2 WHERE table_id = 'T1'",
        &[&&lie.hash[..], &&lie.sig[..]],
    )
    .expect("its head moved onto it");
    own.execute(
        "UPDATE floor_programs SET seq = 3, binary_hash = $1, at_ms = $2 WHERE table_id = 'T1'",
        &[&good, &i64::try_from(lie.at.unix_millis()).expect("a time")],
    )
    .expect("the row says what the record says");
    let p = reader.programs().expect("programs")["T1"].clone();
    assert_eq!(p.binary, approved.binary);
    assert!(p.approved && !p.verified, "{p:?}");
    assert_eq!(p.alert(), Some(ProgramAlert::Forged));
    let room = reader.room().expect("room");
    let page = english_page(&room);
    assert!(
        page.contains("table T1's program record does not verify"),
        "{page}"
    );
}

/// The floor's page in headless Chromium: the table's program, short, whole on
/// hover; the alert while it is not approved, gone once approved, without a click
/// (the page reloads itself).
#[test]
fn the_floor_page_in_a_browser_shows_the_program_and_its_alert() {
    let what = "the floor's page shows each table's program";
    let Some(exe) = table_tests::peers::chromium(what) else {
        return;
    };
    let Some(mut floor) = Floor::start(what) else {
        return;
    };
    let url = floor.server.url();
    let running = program_of(b"tablectl as built for table P1");
    let dir = tempfile::tempdir().expect("a folder");
    started(
        dir.path(),
        "P1",
        &TableKey::from_seed([30; 32]),
        WallTime::now().unix_millis(),
        &running,
    );
    ship(&url, dir.path(), "P1");
    const TOKEN: &str = "floor-program-test-token-0123456789";
    let service = FloorService::start(ServeOptions {
        url: url.clone(),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: TOKEN.into(),
        hosts: Vec::new(),
        lang: host::display::Lang::En,
        migrate: true,
    })
    .expect("the floor service");
    let mut browser = table_tests::floor_page::floor_browser(&exe, &service.url(), TOKEN);
    let cdp = &mut browser.cdp;
    let binary = running.binary.to_string();
    cdp.wait_for(
        &format!(
            "(() => {{ const c = document.querySelector('tr[data-table=\"P1\"] td.program code.binary'); \
             return c !== null && c.title === '{binary}' && c.innerText === '{}'; }})()",
            running.binary.short()
        ),
        "P1's binary, short, whole on hover",
    );
    cdp.wait_for(
        &format!(
            "document.querySelector('tr[data-table=\"P1\"] td.program code.config').title === '{}'",
            running.config
        ),
        "P1's configuration digest",
    );
    let alert =
        "document.body.innerText.includes('table P1 runs a program the floor has not approved')";
    cdp.wait_for(alert, "the alert of a program not approved");
    floor
        .owner
        .approve(&running.binary, "inspected")
        .expect("approve");
    cdp.wait_for(&format!("!{alert}"), "the alert gone once approved");
    cdp.wait_for(
        "document.querySelector('p.no-alerts') !== null",
        "no alert left",
    );
}
