//! The floor's store guards its records itself (`host/src/floor/migrations/
//! 0003_guard.sql`), whoever writes to it: a table ships under the login role the
//! floor's owner made for it (`tablectl floor add-table`, a member of `floor_table`
//! bound to the table's id), and that role, or anyone who takes it from a controller,
//! can add the table's next records and nothing else: no record changed, removed or
//! forged into the chain, no key changed, no head moved back, no alert cleared. Even
//! the store's owner cannot change or remove a record with plain SQL. After every
//! attempt the store still holds the table's whole log, once, with its head. (What
//! the role cannot do to other tables: `floor_least_privilege.rs`.)

use host::floor::{AlertKind, Shipper, Store};
use host::records::handlog::AuditLog;
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use std::time::Duration;
use table_tests::bench::{dealt, sealed};
use table_tests::postgres::PgServer;
use table_tests::store::refused;

/// The table's id, and its login role.
const TABLE: &str = "G1";
const ROLE: &str = "table_g1";

#[test]
fn a_tables_role_adds_its_next_records_and_can_change_nothing_else() {
    let Some(server) = PgServer::start("the floor's store guarding its records") else {
        return;
    };
    // The floor's owner migrates the store and gives the table its login role.
    let mut owner = Store::open(&server.url()).expect("the store, as its owner");
    let secrets = tempfile::tempdir().expect("a folder");
    let login = host::floor::roles::add_table(
        owner.client(),
        TABLE,
        None,
        Some(&secrets.path().join("g1.password")),
    )
    .expect("the table's role");
    assert_eq!(login.role, ROLE);
    let table_url = format!(
        "postgres://{ROLE}@127.0.0.1:{}/postgres?connect_timeout=2",
        server.port()
    );
    // A table the floor has not met starts at the beginning of its chain, not at
    // a head of the registering role's choosing.
    let why = refused(
        &mut postgres::Client::connect(&table_url, postgres::NoTls).expect("as the table"),
        &format!(
            "INSERT INTO floor_tables (table_id, public_key, head_seq, head_hash)
             VALUES ('{TABLE}', 'k', 500, '\\x{}')",
            "ef".repeat(32)
        ),
    );
    assert!(why.contains("starts with no record"), "{why}");

    // The table deals and ships under its own role.
    let dir = tempfile::tempdir().expect("a folder");
    let key = dealt(dir.path(), TABLE, 7, 12);
    let local = sealed(dir.path());
    let last = local.last().expect("records").clone();
    let shipper = Shipper::start(&table_url, dir.path(), TABLE).expect("shipper");
    assert!(
        shipper.wait_shipped(Duration::from_secs(60)),
        "the table's role could not ship: {:?}\n{}",
        shipper.status(),
        server.log()
    );
    shipper.stop();

    let mut table = Store::open(&table_url).expect("the store, as the table");
    let c = table.client();
    // No record changed, removed or truncated; no key changed; no alert cleared:
    // the role has no such right.
    for sql in [
        "UPDATE records SET payload = 'x' WHERE seq = 5".to_string(),
        "DELETE FROM records WHERE seq > 5".to_string(),
        "TRUNCATE records".to_string(),
        format!("UPDATE floor_tables SET public_key = 'x' WHERE table_id = '{TABLE}'"),
        "UPDATE alerts SET cleared_at = now()".to_string(),
        "DELETE FROM floor_tables".to_string(),
        "DROP TABLE records".to_string(),
    ] {
        let why = refused(c, &sql);
        assert!(
            why.contains("permission denied") || why.contains("must be owner"),
            "{sql}: {why}"
        );
    }
    // A record forged into the chain, or a second record with a number taken,
    // is refused by the store itself.
    let next = last.seq.0 + 1;
    let why = refused(
        c,
        &format!(
            "INSERT INTO records (table_id, seq, at_ms, kind, payload, hash, sig)
             VALUES ('{TABLE}', {next}, {}, 'input', 'fold 3', '\\x{}', '\\x00')",
            last.at,
            "ab".repeat(32)
        ),
    );
    assert!(why.contains("does not follow"), "{why}");
    let fifth = &local[4];
    let why = refused(
        c,
        &format!(
            "INSERT INTO records (table_id, seq, at_ms, kind, payload, hash, sig)
             SELECT table_id, seq, at_ms + 1, kind, payload, hash, sig FROM records
             WHERE table_id = '{TABLE}' AND seq = {}",
            fifth.seq.0
        ),
    );
    assert!(why.contains("does not follow"), "{why}");
    // Nor when the role's session finds a `floor_tables` of its own making first (a
    // temporary table, with a head of its choosing): the guard reads the store's.
    let forged_head = "ab".repeat(32);
    let why = refused(
        c,
        &format!(
            "CREATE TEMP TABLE floor_tables (LIKE public.floor_tables INCLUDING DEFAULTS);
             INSERT INTO floor_tables (table_id, public_key, head_seq, head_hash)
             VALUES ('{TABLE}', 'k', {seq}, '\\x{forged_head}');
             INSERT INTO public.records (table_id, seq, at_ms, kind, payload, hash, sig)
             SELECT '{TABLE}', {next}, {at}, 'note', 'x',
                    sha256('\\x7461626c6563746c2068616e64206c6f67207265636f726420763200'::bytea
                           || '\\x{forged_head}'::bytea || int8send({next}::bigint)
                           || int8send({at}::bigint)
                           || int8send(4::bigint) || convert_to('note', 'UTF8')
                           || int8send(1::bigint) || convert_to('x', 'UTF8')),
                    '\\x00'",
            seq = last.seq.0,
            at = last.at,
        ),
    );
    assert!(why.contains("does not follow"), "{why}");
    c.batch_execute("DISCARD TEMP")
        .expect("its temporary table gone");
    // The head never moves back, nor to a record the store does not hold.
    let hex = |h: &[u8; 32]| h.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let why = refused(
        c,
        &format!(
            "UPDATE floor_tables SET head_seq = {}, head_hash = '\\x{}' WHERE table_id = '{TABLE}'",
            fifth.seq.0,
            hex(&fifth.hash)
        ),
    );
    assert!(why.contains("never moves back"), "{why}");
    let why = refused(
        c,
        &format!(
            "UPDATE floor_tables SET head_seq = {next}, head_hash = '\\x{}' WHERE table_id = '{TABLE}'",
            "cd".repeat(32)
        ),
    );
    assert!(why.contains("does not hold"), "{why}");
    // Nor does it register a table the floor did not give it.
    let why = refused(
        c,
        &format!(
            "INSERT INTO floor_tables (table_id, public_key, head_hash)
             VALUES ('G9', 'k', '\\x{}')",
            "00".repeat(32)
        ),
    );
    assert!(why.contains("has not given this id"), "{why}");
    // The audits' index of hands only grows with the records: no hand's count
    // lowered, no finished hand reopened, no hand removed.
    for sql in [
        format!("UPDATE hands SET corrections = corrections - 1 WHERE table_id = '{TABLE}'"),
        format!("UPDATE hands SET records = records - 1 WHERE table_id = '{TABLE}'"),
        format!("UPDATE hands SET end_ms = NULL WHERE table_id = '{TABLE}'"),
        format!("UPDATE hands SET rake = rake - 1 WHERE table_id = '{TABLE}'"),
    ] {
        let why = refused(c, &sql);
        assert!(why.contains("only grows with its records"), "{sql}: {why}");
    }
    let why = refused(c, "DELETE FROM hands");
    assert!(why.contains("permission denied"), "{why}");
    // The ingest's own checks still answer first, and the role may raise their
    // alert: a different record with a number taken is a fork.
    let mut forked = last.clone();
    forked.payload.push(' ');
    forked.hash[0] ^= 1;
    let done = table.ingest(TABLE, &[forked], 0).expect("a shipment");
    assert_eq!(done.accepted, 0);
    assert!(
        matches!(done.refused, Some((_, AlertKind::Fork, _))),
        "{:?}",
        done.refused
    );

    // Not even the store's owner changes or removes a record with plain SQL.
    let c = owner.client();
    let why = refused(c, "UPDATE records SET payload = 'x' WHERE seq = 5");
    assert!(why.contains("never changed or removed"), "{why}");
    let why = refused(c, "DELETE FROM records");
    assert!(why.contains("never changed or removed"), "{why}");
    let why = refused(
        c,
        &format!("DELETE FROM floor_tables WHERE table_id = '{TABLE}'"),
    );
    assert!(why.contains("never forgets"), "{why}");
    let why = refused(c, &format!("DELETE FROM hands WHERE table_id = '{TABLE}'"));
    assert!(why.contains("never forgets a hand"), "{why}");
    let why = refused(
        c,
        &format!("UPDATE floor_tables SET public_key = 'x' WHERE table_id = '{TABLE}'"),
    );
    assert!(why.contains("never change"), "{why}");

    // After all of it: the whole log, once, and the table's head.
    assert_eq!(
        owner.count(TABLE).expect("count"),
        (last.seq.0, last.seq.0),
        "every record once"
    );
    let row = owner.table(TABLE).expect("the table's row");
    assert_eq!((row.head_seq, row.head_hash), (last.seq, last.hash));
    let alerts = owner.alerts(false).expect("alerts");
    assert_eq!(alerts.len(), 1, "{alerts:?}");

    // The table's genuine next record, added by hand without moving the head, is
    // taken (it chains); a second record with its number, added beside it by
    // another statement, is refused: the store holds one record per number.
    let opened = host::session::table::open(dir.path(), TABLE, &key).expect("the log again");
    let mut log = opened.log;
    {
        let opts = SimOptions {
            seed: 7,
            ..SimOptions::default()
        };
        let table = opened.table.expect("the table");
        let mut bench = SimulatedTable::resume(&opts, table, DirectSource, Some(&mut log));
        bench.run(13, &mut |_| {}).expect("one more hand");
    }
    let genuine = AuditLog::open(dir.path())
        .expect("the local log")
        .sealed_after(last.seq, 1)
        .expect("the next record")
        .remove(0);
    let insert = "INSERT INTO records (table_id, seq, at_ms, kind, payload, hash, sig)
                  VALUES ($1, $2, $3, $4, $5, $6, $7)";
    let add = |c: &mut postgres::Client, at_ms: u64| {
        c.execute(
            insert,
            &[
                &TABLE,
                &(genuine.seq.0 as i64),
                &(at_ms as i64),
                &genuine.kind,
                &genuine.payload,
                &&genuine.hash[..],
                &&genuine.sig[..],
            ],
        )
    };
    let c = table.client();
    add(c, genuine.at.unix_millis()).expect("the genuine next record chains");
    assert!(
        add(c, genuine.at.unix_millis() + 1).is_err(),
        "its copy does not chain"
    );
    // The same record a millisecond later, its hash made again as the table's log
    // makes it (`chain.rs`): it chains, but its number is taken.
    let why = refused(
        c,
        &format!(
            "INSERT INTO records (table_id, seq, at_ms, kind, payload, hash, sig)
             SELECT table_id, seq, at_ms + 1, kind, payload,
                    sha256('\\x7461626c6563746c2068616e64206c6f67207265636f726420763200'::bytea
                           || '\\x{prev}'::bytea || int8send(seq) || int8send(at_ms + 1)
                           || int8send(octet_length(convert_to(kind, 'UTF8'))) || convert_to(kind, 'UTF8')
                           || int8send(octet_length(convert_to(payload, 'UTF8')))
                           || convert_to(payload, 'UTF8')),
                    sig
             FROM records WHERE table_id = '{TABLE}' AND seq = {seq}",
            prev = hex(&last.hash),
            seq = genuine.seq.0
        ),
    );
    assert!(why.contains("is taken twice"), "{why}");
    assert_eq!(
        owner.count(TABLE).expect("count"),
        (genuine.seq.0, genuine.seq.0)
    );
}

/// The store's owner can switch its guard off; what is then changed is found by the
/// floor service as it reads the records for its live view (each chained to the one
/// before, each batch's last signed with the table's key), raised as an alert, and
/// the table is followed no more. The service runs under a reader's login, which
/// may raise the alert (and clear none).
#[test]
fn the_floor_service_finds_a_record_changed_behind_the_guard() {
    let Some(server) = PgServer::start("the floor service checking what it reads") else {
        return;
    };
    let url = server.url();
    let dir = tempfile::tempdir().expect("a folder");
    dealt(dir.path(), "G2", 8, 4);
    let shipper = Shipper::start(&url, dir.path(), "G2").expect("shipper");
    assert!(shipper.wait_shipped(Duration::from_secs(60)));
    shipper.stop();
    let mut owner = Store::open(&url).expect("the store");
    owner
        .client()
        .batch_execute(
            "ALTER TABLE records DISABLE TRIGGER records_kept;
             UPDATE records SET payload = replace(payload, 'fold', 'call') WHERE table_id = 'G2'
                AND seq = (SELECT min(seq) FROM records WHERE table_id = 'G2' AND payload LIKE '%fold%');
             ALTER TABLE records ENABLE TRIGGER records_kept;",
        )
        .expect("a record changed by the owner, the guard off");
    assert_eq!(owner.alerts(false).expect("alerts"), vec![]);
    let secrets = tempfile::tempdir().expect("a folder");
    let reader = host::floor::roles::add_reader(
        owner.client(),
        "floor_serve",
        Some(&secrets.path().join("reader.password")),
    )
    .expect("the floor service's login");
    let service = host::floor::FloorService::start(host::floor::ServeOptions {
        url: format!(
            "postgres://{}@127.0.0.1:{}/postgres?connect_timeout=2",
            reader.role,
            server.port()
        ),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: "floor-token-0123456789".into(),
        hosts: Vec::new(),
        lang: host::display::Lang::En,
        migrate: true,
    })
    .expect("the floor service");
    let mut found = Vec::new();
    assert!(
        PgServer::wait_until(Duration::from_secs(30), || {
            found = owner.alerts(false).unwrap_or_default();
            !found.is_empty()
        }),
        "the floor service raised nothing"
    );
    drop(service);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].table_id, "G2");
    assert_eq!(found[0].kind, AlertKind::BrokenLink.word());
    assert!(
        found[0].detail.contains("the store's copy was changed"),
        "{found:?}"
    );
}

/// A GET of the floor service's `path` with its token: the status and the body.
fn floor_get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    use std::io::{Read as _, Write as _};
    let mut s = std::net::TcpStream::connect(addr).expect("the floor service");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {FLOOR_TOKEN}\r\nConnection: close\r\n\r\n"
    )
    .expect("the request");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("the answer");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, body.to_string())
}

const FLOOR_TOKEN: &str = "floor-token-0123456789";

/// The row of table `id` on the room's page.
fn room_row(page: &str, id: &str) -> String {
    let at = page
        .find(&format!("data-table=\"{id}\""))
        .unwrap_or(page.len());
    let rest = &page[at..];
    rest[..rest.find("</tr>").unwrap_or(rest.len())].to_string()
}

/// The store's hash of a record recomputed in SQL as the table's log computes it
/// (`chain.rs`), over the record before it as the store holds it: what an owner who
/// changes a record makes so that it still chains.
const REHASH: &str = "sha256('\\x7461626c6563746c2068616e64206c6f67207265636f726420763200'::bytea
    || (SELECT p.hash FROM records p WHERE p.table_id = r.table_id AND p.seq = r.seq - 1)
    || int8send(r.seq) || int8send(r.at_ms)
    || int8send(octet_length(convert_to(r.kind, 'UTF8'))) || convert_to(r.kind, 'UTF8')
    || int8send(octet_length(convert_to(r.payload, 'UTF8'))) || convert_to(r.payload, 'UTF8'))";

/// Issue 26, attack 11: the store's owner switches the guard off and changes a
/// table's records: hand 2's payout (G3), the last record with its hash made again so
/// it still chains (G4: only the table's signature shows it), or hand 2's payout
/// moved out of the hand's index, which the chain does not cover (G5). `floor export`
/// refuses each table (nothing exported, the record named); `floor serve`'s hand page
/// refuses each changed hand (409, what failed first) and still shows an untouched
/// one; its room page marks the tables it found changed and shows none of their
/// figures as fact.
#[test]
fn records_changed_behind_the_guard_are_neither_exported_nor_shown() {
    let Some(server) = PgServer::start("the floor's export and pages checking what they read")
    else {
        return;
    };
    let url = server.url();
    let dirs: Vec<tempfile::TempDir> = (0..3)
        .map(|_| tempfile::tempdir().expect("a folder"))
        .collect();
    let ids = ["G3", "G4", "G5"];
    for (i, (dir, id)) in dirs.iter().zip(ids).enumerate() {
        dealt(dir.path(), id, 30 + i as u64, 4);
        let shipper = Shipper::start(&url, dir.path(), id).expect("shipper");
        assert!(shipper.wait_shipped(Duration::from_secs(60)));
        shipper.stop();
    }
    let mut owner = Store::open(&url).expect("the store");
    let award = "(SELECT min(seq) FROM records WHERE table_id = r.table_id AND hand = 2
                  AND payload LIKE '%\"awarded\"%')";
    let last = "(SELECT max(seq) FROM records WHERE table_id = r.table_id)";
    owner
        .client()
        .batch_execute(&format!(
            "ALTER TABLE records DISABLE TRIGGER records_kept;
             UPDATE records r SET payload = regexp_replace(payload, 'wins (\\d+)', 'wins 99999')
                 WHERE table_id = 'G3' AND seq = {award};
             UPDATE records r SET payload = payload || ' ' WHERE table_id = 'G4' AND seq = {last};
             UPDATE records r SET hash = {REHASH} WHERE table_id = 'G4' AND seq = {last};
             UPDATE records r SET hand = NULL WHERE table_id = 'G5' AND seq = {award};
             ALTER TABLE records ENABLE TRIGGER records_kept;"
        ))
        .expect("records changed by the owner, the guard off");

    // `floor export`: each table refused, the record named, nothing exported.
    for (id, what) in [
        ("G3", "does not chain"),
        ("G4", "not signed by the table's key"),
        ("G5", "hand index"),
    ] {
        let found = host::floor::hands::list(owner.client(), Some(id), &Default::default())
            .expect("the table's hands");
        match host::floor::audits::export(&mut owner, &found) {
            Err(e @ host::floor::audits::FloorExportError::Unverified(..)) => {
                let text = e.to_string();
                assert!(
                    text.starts_with("REFUSED") && text.contains(what),
                    "{id}: {text}"
                );
            }
            other => panic!("{id}: the changed records were exported: {other:?}"),
        }
    }

    let service = host::floor::FloorService::start(host::floor::ServeOptions {
        url: url.clone(),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: FLOOR_TOKEN.into(),
        hosts: Vec::new(),
        lang: host::display::Lang::En,
        migrate: true,
    })
    .expect("the floor service");
    let addr = service.addr();
    // The hand page: each changed hand refused, what failed said first; an untouched
    // hand of the same table shown.
    let g4_last = host::floor::hands::list(owner.client(), Some("G4"), &Default::default())
        .expect("hands")
        .last()
        .expect("a hand")
        .hand
        .number;
    for (id, hand, what) in [
        ("G3", 2, "does not chain"),
        ("G4", g4_last, "not signed by the table"),
        ("G5", 2, "hand index"),
    ] {
        let (code, body) = floor_get(addr, &format!("/floor/table/{id}/hand/{hand}"));
        assert_eq!(code, 409, "{id} hand {hand}: {body}");
        assert!(
            body.contains("is not shown") && body.contains(what) && !body.contains("99999"),
            "{id} hand {hand}: {body}"
        );
        let (code, body) = floor_get(addr, &format!("/floor/table/{id}/hand/1"));
        assert_eq!(code, 200, "{id}'s untouched hand 1: {body}");
    }
    // The room: the tables whose records the service found changed as it read them
    // are marked, their figures not shown.
    let mut page = String::new();
    assert!(
        PgServer::wait_until(Duration::from_secs(30), || {
            page = floor_get(addr, "/floor").1;
            ["G3", "G4"]
                .iter()
                .all(|id| room_row(&page, id).contains("RECORDS DO NOT VERIFY"))
        }),
        "{page}"
    );
    for id in ["G3", "G4"] {
        let row = room_row(&page, id);
        assert!(!row.contains("/hand/"), "{row}");
    }
    drop(service);
}
