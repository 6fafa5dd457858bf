//! One table's login hurts no other table (`host/src/floor/migrations/
//! 0004_least_privilege.sql`): each table ships under the login `tablectl floor
//! add-table` made for it (`host::floor::roles::add_table`), and a controller taken
//! from the room, its login in hand, tries each attack of issue 26 on another table
//! (and on its own alerts): a flood of partitions, alerts silenced, another table's
//! hole cards read live, its head, last shipment, backlog and hands rewritten, hands
//! and records added for it. Each is refused, and the other tables ship on. The
//! floor service and the audits read every table under a reader's login.
//! Against a real PostgreSQL server the test starts (skipped, one line, without one).

use host::floor::roles::{self, RoleError};
use host::floor::{hands, Shipper, Store};
use host::records::handlog::{HandFilter, HandLog, Record, TableKey};
use host::records::time::WallTime;
use host::session::simulated::SimOptions;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use table_tests::bench::{deal_shipping, dealt};
use table_tests::postgres::PgServer;
use table_tests::store::{refused, Floor};

/// The victim's id and the id of the table whose login the attacker holds.
const VICTIM: &str = "V1";
const ATTACKER: &str = "X1";

/// How long a shipper may take to catch up on a busy machine (not a timing claim).
const SHIPPED: Duration = Duration::from_secs(60);

/// Ships table `id`'s log in `dir` to `url` until the store holds all of it.
fn ship(server: &PgServer, url: &str, dir: &Path, id: &str) {
    let shipper = Shipper::start(url, dir, id).expect("shipper");
    assert!(
        shipper.wait_shipped(SHIPPED),
        "table {id} could not ship: {:?}\n{}",
        shipper.status(),
        server.log()
    );
    shipper.stop();
}

/// A client of the store as `url`'s role.
fn client(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).expect("a connection")
}

/// Runs `sql`, which the store takes, and gives how many rows it touched.
fn touched(client: &mut postgres::Client, sql: &str) -> u64 {
    client
        .execute(sql, &[])
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// Appends `n` notes to table `id`'s log in `dir`, stamped now.
fn notes(dir: &Path, id: &str, key: &TableKey, n: u64) {
    let (mut log, _) = HandLog::open(dir, id, key).expect("log");
    let at = WallTime::now().unix_millis();
    for i in 0..n {
        log.append(
            WallTime::from_unix_millis(at + i),
            Record::Note {
                text: format!("note {i}"),
            },
        )
        .expect("append");
    }
}

/// A copy of the data folder `from` (the log and its WAL) in a new folder.
fn copy_log(from: &Path) -> (tempfile::TempDir, PathBuf) {
    let to = tempfile::tempdir().expect("a folder");
    table_tests::bench::copy_log(from, to.path());
    let path = to.path().to_path_buf();
    (to, path)
}

/// Ms since the epoch of the first day of the month `months` from now (UTC), as
/// the store computes it.
fn month_ms(c: &mut postgres::Client, months: i32) -> i64 {
    c.query_one(
        "SELECT (extract(epoch FROM date_trunc('month', now() AT TIME ZONE 'UTC')
                 + make_interval(months => $1)) * 1000)::bigint",
        &[&months],
    )
    .expect("a month")
    .get(0)
}

/// The store's partitions of records.
fn partitions(owner: &mut Store) -> i64 {
    owner
        .client()
        .query_one(
            "SELECT count(*) FROM pg_inherits WHERE inhparent = 'records'::regclass",
            &[],
        )
        .expect("partitions")
        .get(0)
}

/// Attack 1: the partition function granted to every table's role made ~5,000
/// future months in a few calls and every shipment failed (`out of shared
/// memory`). A table's role now makes only the month before the store's clock, its
/// month or the next; the rest is refused, creating one directly is not its right,
/// and the victim ships on. Holding the old advisory lock or a read of records in an
/// open transaction no longer holds back the month's partition either, and its login
/// cannot take the server's connections from the other tables.
#[test]
fn a_tables_role_cannot_flood_the_store_with_partitions() {
    let Some(mut floor) = Floor::start("a table's role flooding the store with partitions") else {
        return;
    };
    let victim_url = floor.add_table(VICTIM);
    let attacker_url = floor.add_table(ATTACKER);
    let victim = tempfile::tempdir().expect("a folder");
    let victim_key = TableKey::from_seed([1; 32]);
    notes(victim.path(), VICTIM, &victim_key, 5);
    ship(&floor.server, &victim_url, victim.path(), VICTIM);
    let before = partitions(&mut floor.owner);

    let mut x = client(&attacker_url);
    for months in [2, 3, 12, 5_000, -2, -600] {
        let at = month_ms(&mut x, months);
        let why = refused(&mut x, &format!("SELECT floor_month_partition({at})"));
        assert!(
            why.contains("refuses to make the partition"),
            "{months}: {why}"
        );
    }
    let far = month_ms(&mut x, 5_000);
    let why = refused(
        &mut x,
        &format!(
            "CREATE TABLE records_far PARTITION OF records FOR VALUES FROM ({far}) TO ({})",
            far + 1
        ),
    );
    assert!(
        why.contains("permission denied") || why.contains("must be owner"),
        "{why}"
    );
    let why = refused(
        &mut x,
        &format!("SELECT floor_month_partition({})", i64::MAX),
    );
    assert!(why.contains("out of range"), "{why}");
    assert_eq!(
        partitions(&mut floor.owner),
        before,
        "the attacker made a partition"
    );
    // The reader makes none at all.
    let reader_url = floor.add_reader("floor_audit");
    let why = refused(
        &mut client(&reader_url),
        &format!("SELECT floor_month_partition({})", month_ms(&mut x, 0)),
    );
    assert!(why.contains("permission denied"), "{why}");

    // The attacker holds what made the month's partition wait before (the old
    // advisory lock, a read of records in an open transaction): the next month's
    // partition is made all the same, by the victim's role.
    x.batch_execute(
        "SELECT pg_advisory_lock(hashtext('floor_month_partition'));
         BEGIN; SELECT count(*) FROM records;",
    )
    .expect("the attacker's locks");
    let mut v = client(&victim_url);
    let next = month_ms(&mut v, 1);
    v.query_one("SELECT floor_month_partition($1)", &[&next])
        .expect("the next month's partition, made beside the attacker's open read");
    x.batch_execute("ROLLBACK").expect("the attacker lets go");
    assert_eq!(partitions(&mut floor.owner), before + 1);

    // Nor does the attacker take the server's connections from the other tables:
    // its login holds a few at most.
    let mut held = vec![x];
    while held.len() < roles::TABLE_CONNECTION_LIMIT as usize {
        held.push(client(&attacker_url));
    }
    let one_more = postgres::Client::connect(&attacker_url, postgres::NoTls).err();
    let why = one_more
        .as_ref()
        .and_then(|e| e.as_db_error())
        .map(|d| d.message().to_string());
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("too many connections")),
        "{one_more:?}"
    );

    // The victim ships on.
    notes(victim.path(), VICTIM, &victim_key, 5);
    ship(&floor.server, &victim_url, victim.path(), VICTIM);
    assert_eq!(floor.owner.count(VICTIM).expect("count"), (10, 10));
    drop(held);
}

/// Attack 2: a table's role pre-inserted another table's alerts with `cleared_at`
/// set, and the ingest's `ON CONFLICT DO NOTHING` swallowed that table's real
/// rollback (`floor tables` said `alerts 0`). A table's role now raises only its own
/// table's alerts, always open; no role but the owner clears one; and an alert
/// cleared never swallows a new one, so even its own alert raised ahead and cleared
/// by the floor does not silence its real rollback.
#[test]
fn a_tables_role_cannot_silence_alerts_of_another_table_or_its_own() {
    let Some(mut floor) = Floor::start("a table's role silencing alerts") else {
        return;
    };
    let victim_url = floor.add_table(VICTIM);
    let attacker_url = floor.add_table(ATTACKER);
    let reader_url = floor.add_reader("floor_serve");
    let mut rolled_back = Vec::new();
    let mut old_copies = Vec::new();
    for (id, url, seed) in [(VICTIM, &victim_url, 1), (ATTACKER, &attacker_url, 2)] {
        let dir = tempfile::tempdir().expect("a folder");
        let key = TableKey::from_seed([seed; 32]);
        notes(dir.path(), id, &key, 5);
        let (tmp, old) = copy_log(dir.path());
        notes(dir.path(), id, &key, 5);
        ship(&floor.server, url, dir.path(), id);
        rolled_back.push((id, url.clone(), old));
        old_copies.push((tmp, dir));
    }
    let head = 10;

    let mut x = client(&attacker_url);
    // Another table's alert, cleared or open, raised ahead: refused.
    for sql in [
        format!(
            "INSERT INTO alerts (table_id, kind, seq, detail, cleared_at)
             VALUES ('{VICTIM}', 'rolled_back', {head}, 'x', now())"
        ),
        format!(
            "INSERT INTO alerts (table_id, kind, seq, detail, raised_at)
             VALUES ('{VICTIM}', 'rolled_back', {head}, 'x', now())"
        ),
        "UPDATE alerts SET cleared_at = now()".to_string(),
        "DELETE FROM alerts".to_string(),
        format!(
            "INSERT INTO alerts (table_id, kind, seq, detail, cleared_at)
             VALUES ('{ATTACKER}', 'rolled_back', {head}, 'x', now())"
        ),
    ] {
        let why = refused(&mut x, &sql);
        assert!(why.contains("permission denied"), "{sql}: {why}");
    }
    let why = refused(
        &mut x,
        &format!(
            "INSERT INTO alerts (table_id, kind, seq, detail)
             VALUES ('{VICTIM}', 'rolled_back', {head}, 'x')"
        ),
    );
    assert!(why.contains("row-level security"), "{why}");
    // Its own alert raised ahead is open, so the floor sees it...
    touched(
        &mut x,
        &format!(
            "INSERT INTO alerts (table_id, kind, seq, detail)
             VALUES ('{ATTACKER}', 'rolled_back', {head}, 'raised ahead')"
        ),
    );
    let mut reader = Store::open_to_read(&reader_url).expect("the store, as the reader");
    let ahead = reader.alerts(false).expect("alerts");
    assert_eq!(ahead.len(), 1, "{ahead:?}");
    assert_eq!(ahead[0].table_id, ATTACKER);
    // ...and the reader clears nothing: the floor's owner does.
    let why = refused(
        reader.client(),
        "UPDATE alerts SET cleared_at = now() WHERE cleared_at IS NULL",
    );
    assert!(why.contains("permission denied"), "{why}");
    assert!(floor.owner.clear_alert(ahead[0].id).expect("cleared"));

    // Both tables' logs are put back to an older copy: each rollback shows.
    for (id, url, old) in &rolled_back {
        let shipper = Shipper::start(url, old, id).expect("shipper");
        let raised = PgServer::wait_until(SHIPPED, || {
            reader.alerts(false).is_ok_and(|a| {
                a.iter()
                    .any(|a| a.table_id == *id && a.kind == "rolled_back" && a.seq == head)
            })
        });
        shipper.stop();
        assert!(raised, "table {id}'s rollback was silenced");
    }
    let tables = reader.tables().expect("`floor tables`, as the reader");
    let alerts: Vec<(String, u64)> = tables
        .iter()
        .map(|t| (t.table_id.clone(), t.open_alerts))
        .collect();
    assert_eq!(alerts, [(VICTIM.to_string(), 1), (ATTACKER.to_string(), 1)]);
    // The attacker sees its own alerts only.
    let seen: Vec<String> = x
        .query("SELECT DISTINCT table_id FROM alerts", &[])
        .expect("its alerts")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(seen, [ATTACKER]);
}

/// Attack 3: any table's login read every table's records, hole cards included,
/// live. The attacker now reads, while the victim deals and ships, none of the
/// victim's records (through `records` or one of its month partitions), hands,
/// alerts, row or binding, nor the column statistics the planner keeps of them;
/// the victim's own login reads its cards, and so does the floor's reader.
#[test]
fn a_tables_role_reads_no_other_tables_cards_even_live() {
    let Some(mut floor) = Floor::start("a table's role reading another table's cards") else {
        return;
    };
    let victim_url = floor.add_table(VICTIM);
    let attacker_url = floor.add_table(ATTACKER);
    let reader_url = floor.add_reader("floor_serve");
    let attacker = tempfile::tempdir().expect("a folder");
    dealt(attacker.path(), ATTACKER, 3, 2);
    ship(&floor.server, &attacker_url, attacker.path(), ATTACKER);

    // The victim deals and ships as the attacker watches.
    let victim = tempfile::tempdir().expect("a folder");
    let key = TableKey::from_seed([4; 32]);
    let (log, _) = HandLog::open(victim.path(), VICTIM, &key).expect("log");
    let shipper = Arc::new(Shipper::start(&victim_url, victim.path(), VICTIM).expect("shipper"));
    let hands_dealt = Arc::new(AtomicU32::new(0));
    const HANDS: u32 = 30;
    let opts = SimOptions {
        hands: HANDS,
        seed: 4,
        pace: Duration::from_millis(1),
        ..SimOptions::default()
    };
    let dealer = deal_shipping(log, opts, shipper.clone(), hands_dealt.clone());
    let mut x = client(&attacker_url);
    let mut v = client(&victim_url);
    let victims_cards =
        "SELECT count(*) FROM records WHERE table_id = $1 AND payload LIKE '%\"deal %'";
    let attacker_looks = |x: &mut postgres::Client| {
        let seen: i64 = x
            .query_one(victims_cards, &[&VICTIM])
            .expect("a look")
            .get(0);
        assert_eq!(seen, 0, "the attacker read the victim's cards");
        let anything: i64 = x
            .query_one(
                "SELECT count(*) FROM records WHERE table_id <> $1",
                &[&ATTACKER],
            )
            .expect("a look")
            .get(0);
        assert_eq!(anything, 0, "the attacker read another table's records");
    };
    // The attacker looks as long as the victim deals, and until the victim's own
    // login has read its cards in the store.
    let looked = PgServer::wait_until(SHIPPED, || {
        attacker_looks(&mut x);
        let victim_saw: i64 = v
            .query_one(victims_cards, &[&VICTIM])
            .expect("the victim's look")
            .get(0);
        hands_dealt.load(Ordering::Relaxed) >= HANDS && victim_saw > 0
    });
    dealer.join().expect("the victim dealt");
    assert!(
        looked,
        "the victim's own login never read its cards: {:?}",
        shipper.status()
    );
    assert!(shipper.wait_shipped(SHIPPED), "{:?}", shipper.status());
    drop(shipper);
    attacker_looks(&mut x);

    // Nor through a binding of its own making: a temporary table of the same name,
    // which its session finds before the store's (the floor's functions look only
    // in the store's schema, temporary tables last).
    x.batch_execute(
        "CREATE TEMP TABLE floor_table_roles (table_id text, role_name name);
         INSERT INTO floor_table_roles VALUES ('V1', current_user);
         CREATE TEMP TABLE floor_tables (LIKE public.floor_tables);",
    )
    .expect("the attacker's own temporary tables");
    attacker_looks(&mut x);

    // Nothing of the victim's, by any road.
    for sql in [
        "SELECT count(*) FROM public.floor_tables WHERE table_id <> 'X1'",
        "SELECT count(*) FROM hands WHERE table_id <> 'X1'",
        "SELECT count(*) FROM alerts WHERE table_id <> 'X1'",
        "SELECT count(*) FROM public.floor_table_roles WHERE table_id <> 'X1'",
    ] {
        let n: i64 = x.query_one(sql, &[]).expect(sql).get(0);
        assert_eq!(n, 0, "{sql}");
    }
    let part: String = x
        .query_one(
            "SELECT c.relname::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = 'records'::regclass LIMIT 1",
            &[],
        )
        .expect("a partition's name")
        .get(0);
    let why = refused(&mut x, &format!("SELECT payload FROM {part}"));
    assert!(why.contains("permission denied"), "{why}");
    floor
        .owner
        .client()
        .batch_execute("ANALYZE records")
        .expect("statistics");
    let stats: i64 = x
        .query_one(
            "SELECT count(*) FROM pg_stats WHERE tablename LIKE 'records%'",
            &[],
        )
        .expect("statistics")
        .get(0);
    assert_eq!(
        stats, 0,
        "the planner's statistics show the records' values"
    );

    // The floor's reader reads every table's cards.
    let mut reader = client(&reader_url);
    for id in [VICTIM, ATTACKER] {
        let n: i64 = reader
            .query_one(victims_cards, &[&id])
            .expect("the reader's look")
            .get(0);
        assert!(n > 0, "the reader reads table {id}'s cards");
    }
}

/// Attack 4: a table's role overwrote another table's signed head and last
/// shipment (a false alarm on a genuine log; "stopped shipping" hidden for a day),
/// inserted hands that never happened and rewrote a hand's pot and seats. Now it
/// touches none of the victim's rows, adds no record, hand or table under the
/// victim's id, and its own last shipment is the store's clock, not its choice.
#[test]
fn a_tables_role_cannot_touch_another_tables_head_shipments_or_hands() {
    let Some(mut floor) = Floor::start("a table's role rewriting another table's rows") else {
        return;
    };
    let victim_url = floor.add_table(VICTIM);
    let attacker_url = floor.add_table(ATTACKER);
    let victim = tempfile::tempdir().expect("a folder");
    dealt(victim.path(), VICTIM, 5, 3);
    ship(&floor.server, &victim_url, victim.path(), VICTIM);
    let attacker = tempfile::tempdir().expect("a folder");
    dealt(attacker.path(), ATTACKER, 6, 2);
    ship(&floor.server, &attacker_url, attacker.path(), ATTACKER);

    let snapshot = |owner: &mut Store| {
        let c = owner.client();
        let table: String = c
            .query_one(
                "SELECT row(t.*)::text FROM floor_tables t WHERE table_id = $1",
                &[&VICTIM],
            )
            .expect("the victim's row")
            .get(0);
        let hands: Vec<String> = c
            .query(
                "SELECT row(h.*)::text FROM hands h WHERE table_id = $1 ORDER BY number",
                &[&VICTIM],
            )
            .expect("the victim's hands")
            .iter()
            .map(|r| r.get(0))
            .collect();
        (table, hands, owner.count(VICTIM).expect("count"))
    };
    let before = snapshot(&mut floor.owner);
    assert!(!before.1.is_empty(), "the victim has hands");

    let mut x = client(&attacker_url);
    let zeros = "\\x".to_string() + &"00".repeat(32);
    // Its head, last shipment and backlog: no row of the victim's is in reach.
    for sql in [
        format!(
            "UPDATE floor_tables SET head_seq = head_seq + 1, head_hash = '{zeros}' WHERE table_id = '{VICTIM}'"
        ),
        format!("UPDATE floor_tables SET head_sig = NULL WHERE table_id = '{VICTIM}'"),
        format!(
            "UPDATE floor_tables SET shipped_at = now() + interval '1 day', backlog = 0 WHERE table_id = '{VICTIM}'"
        ),
        format!("UPDATE hands SET pot = 1, seats = '{{9}}' WHERE table_id = '{VICTIM}'"),
        format!("UPDATE hands SET records = records + 1 WHERE table_id = '{VICTIM}'"),
    ] {
        assert_eq!(touched(&mut x, &sql), 0, "{sql}");
    }
    // Hands, records and the table itself under the victim's id: refused.
    for sql in [
        format!(
            "INSERT INTO hands (table_id, number, start_ms, last_ms, seats, pot, rake, corrections,
                                misdeals, over_pot, bad_tags, refusals, records, first_seq, last_seq)
             VALUES ('{VICTIM}', 999, 1, 1, '{{1,2}}', 5000, 0, 0, 0, 0, 0, 0, 1, 1, 1)"
        ),
        format!(
            "INSERT INTO hands (table_id, number, start_ms, last_ms, seats, pot, rake, corrections,
                                misdeals, over_pot, bad_tags, refusals, records, first_seq, last_seq)
             VALUES ('{VICTIM}', 1, 1, 1, '{{1,2}}', 5000, 0, 0, 0, 0, 0, 0, 1, 1, 1)
             ON CONFLICT (table_id, number) DO UPDATE SET pot = 5000"
        ),
        format!(
            "INSERT INTO records (table_id, seq, at_ms, kind, payload, hash, sig)
             SELECT '{VICTIM}', seq, at_ms, kind, payload, hash, sig FROM records
             WHERE table_id = '{ATTACKER}'"
        ),
    ] {
        let why = refused(&mut x, &sql);
        assert!(why.contains("row-level security"), "{sql}: {why}");
    }
    let why = refused(
        &mut x,
        &format!(
            "INSERT INTO floor_tables (table_id, public_key, head_hash) VALUES ('{VICTIM}', 'k', '{zeros}')
             ON CONFLICT (table_id) DO NOTHING"
        ),
    );
    assert!(why.contains("has not given this id"), "{why}");
    // The victim's own next records shipped under the attacker's login: the store
    // knows no such table for it.
    let mut as_attacker = Store::open(&attacker_url).expect("the store, as the attacker");
    let records = table_tests::bench::sealed(victim.path());
    assert!(as_attacker.ingest(VICTIM, &records, 0).is_err());
    // Its own last shipment is the store's clock.
    touched(
        &mut x,
        &format!("UPDATE floor_tables SET shipped_at = now() + interval '1 day' WHERE table_id = '{ATTACKER}'"),
    );
    let ahead: bool = floor
        .owner
        .client()
        .query_one(
            "SELECT shipped_at > now() + interval '1 hour' FROM floor_tables WHERE table_id = $1",
            &[&ATTACKER],
        )
        .expect("its row")
        .get(0);
    assert!(!ahead, "the attacker set its last shipment ahead");

    assert_eq!(
        snapshot(&mut floor.owner),
        before,
        "the victim's rows changed"
    );
    // The victim ships on.
    notes(victim.path(), VICTIM, &TableKey::from_seed([5; 32]), 3);
    ship(&floor.server, &victim_url, victim.path(), VICTIM);
    assert_eq!(floor.owner.count(VICTIM).expect("count").0, before.2 .0 + 3);
}

/// Issue 27: a table tells the store it closed, and is heard from while idle
/// (migration 0006). Its login marks its own row only, with the store's clock: it
/// cannot close, reopen or keep alive another table, nor date its own closing; the
/// reader marks none.
#[test]
fn a_tables_role_cannot_close_or_reopen_another_table() {
    let Some(mut floor) = Floor::start("a table's role closing another table") else {
        return;
    };
    let victim_url = floor.add_table(VICTIM);
    let attacker_url = floor.add_table(ATTACKER);
    let reader_url = floor.add_reader("floor_page");
    let victim = tempfile::tempdir().expect("a folder");
    dealt(victim.path(), VICTIM, 5, 2);
    let shipper = Shipper::start(&victim_url, victim.path(), VICTIM).expect("shipper");
    assert!(shipper.wait_shipped(SHIPPED), "{:?}", shipper.status());
    let marks = |owner: &mut Store| -> (Option<String>, Option<String>) {
        let r = owner
            .client()
            .query_one(
                "SELECT closed_at::text, seen_at::text FROM floor_tables WHERE table_id = $1",
                &[&VICTIM],
            )
            .expect("the victim's row");
        (r.get(0), r.get(1))
    };
    let running = marks(&mut floor.owner);
    assert!(running.0.is_none() && running.1.is_some(), "{running:?}");
    let mut x = client(&attacker_url);
    for sql in [
        format!("UPDATE floor_tables SET closed_at = now() WHERE table_id = '{VICTIM}'"),
        format!("UPDATE floor_tables SET seen_at = now() WHERE table_id = '{VICTIM}'"),
    ] {
        assert_eq!(touched(&mut x, &sql), 0, "{sql}");
    }
    assert_eq!(marks(&mut floor.owner), running);
    let mut reader = client(&reader_url);
    let e = refused(
        &mut reader,
        &format!("UPDATE floor_tables SET closed_at = now() WHERE table_id = '{VICTIM}'"),
    );
    assert!(e.contains("permission denied"), "{e}");
    // Closed by its own table, the victim is not reopened by another.
    let end = shipper.finish(SHIPPED);
    assert!(end.closed, "{end:?}");
    let closed = marks(&mut floor.owner);
    assert!(closed.0.is_some(), "{closed:?}");
    assert_eq!(
        touched(
            &mut x,
            &format!("UPDATE floor_tables SET closed_at = NULL WHERE table_id = '{VICTIM}'")
        ),
        0
    );
    assert_eq!(marks(&mut floor.owner), closed);
    // Its own row: marked with the store's clock, whatever time it names.
    let attacker = tempfile::tempdir().expect("a folder");
    dealt(attacker.path(), ATTACKER, 6, 1);
    ship(&floor.server, &attacker_url, attacker.path(), ATTACKER);
    assert_eq!(
        touched(
            &mut x,
            &format!(
                "UPDATE floor_tables SET closed_at = '2000-01-01', seen_at = '2000-01-01'
                 WHERE table_id = '{ATTACKER}'"
            )
        ),
        1
    );
    let dated: bool = floor
        .owner
        .client()
        .query_one(
            "SELECT closed_at > now() - interval '1 hour' AND seen_at > now() - interval '1 hour'
             FROM floor_tables WHERE table_id = $1",
            &[&ATTACKER],
        )
        .expect("the attacker's row")
        .get(0);
    assert!(dated, "the store's clock, not the login's");
}

/// The honest path: tables given their logins by `tablectl floor add-table` ship
/// under them; `floor hands`, `floor tables`, `floor rake` and the floor service's
/// reading step under a reader's login see every table. Each refusal of add-table
/// says why and changes nothing; an id the floor bound to no login is not shipped.
#[test]
fn tables_added_by_the_owner_ship_under_their_logins_and_the_reader_sees_all() {
    let Some(mut floor) = Floor::start("tables shipping under their own logins") else {
        return;
    };
    let ids = ["H1", "H-2"];
    let mut dirs = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let url = floor.add_table(id);
        let dir = tempfile::tempdir().expect("a folder");
        dealt(dir.path(), id, 20 + i as u64, 3);
        ship(&floor.server, &url, dir.path(), id);
        dirs.push(dir);
    }
    // The logins: the id's role, a member of floor_table, a SCRAM verifier (never
    // the password) and a cap on its connections; the password in a 0600 file.
    let rows = floor
        .owner
        .client()
        .query(
            "SELECT b.table_id, r.rolname::text, a.rolpassword LIKE 'SCRAM-SHA-256$%',
                    r.rolconnlimit, pg_has_role(r.oid, 'floor_table', 'MEMBER')
             FROM floor_table_roles b JOIN pg_roles r ON r.rolname = b.role_name
             JOIN pg_authid a ON a.oid = r.oid ORDER BY b.table_id",
            &[],
        )
        .expect("the bindings");
    let logins: Vec<(String, String, bool, i32, bool)> = rows
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
        .collect();
    assert_eq!(
        logins,
        [("H-2", "table_h_2"), ("H1", "table_h1")].map(|(t, r)| (
            t.to_string(),
            r.to_string(),
            true,
            roles::TABLE_CONNECTION_LIMIT,
            true
        ))
    );
    for id in ids {
        let file = floor.secrets.path().join(format!("{id}.password"));
        let password = std::fs::read_to_string(&file).expect("the password file");
        assert_eq!(password.trim().len(), 2 * roles::PASSWORD_BYTES);
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&file)
            .expect("its mode")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{}", file.display());
    }

    // add-table's refusals, each changing nothing.
    let roles_before: i64 = floor
        .owner
        .client()
        .query_one("SELECT count(*) FROM pg_roles", &[])
        .expect("roles")
        .get(0);
    let file = floor.secrets.path().join("again.password");
    let c = floor.owner.client();
    let again = roles::add_table(c, "H1", Some("table_h1_again"), Some(&file));
    assert!(
        matches!(&again, Err(RoleError::TableBound { role, .. }) if role == "table_h1"),
        "{again:?}"
    );
    let same_role = roles::add_table(c, "h1", None, Some(&file));
    assert!(
        matches!(&same_role, Err(RoleError::RoleBound { .. })),
        "{same_role:?}"
    );
    let taken = roles::add_table(c, "H3", Some("floor_table"), Some(&file));
    assert!(matches!(&taken, Err(RoleError::RoleExists(_))), "{taken:?}");
    let existing = floor.secrets.path().join("H1.password");
    let kept = std::fs::read(&existing).expect("H1's password");
    let over = roles::add_table(c, "H3", None, Some(&existing));
    assert!(matches!(&over, Err(RoleError::FileExists(_))), "{over:?}");
    assert_eq!(std::fs::read(&existing).expect("H1's password"), kept);
    let mut as_table = client(&floor.url_as("table_h1"));
    let not_owner = roles::add_table(&mut as_table, "H3", None, Some(&file));
    assert!(
        matches!(&not_owner, Err(RoleError::NotOwner(who)) if who == "table_h1"),
        "{not_owner:?}"
    );
    assert!(!file.exists());
    let roles_after: i64 = floor
        .owner
        .client()
        .query_one("SELECT count(*) FROM pg_roles", &[])
        .expect("roles")
        .get(0);
    assert_eq!(roles_after, roles_before, "a refusal made a role");

    // A table the floor has not bound: its shipper is told so, and nothing ships.
    let unbound = tempfile::tempdir().expect("a folder");
    dealt(unbound.path(), "H9", 29, 1);
    let shipper = Shipper::start(&floor.url_as("table_h1"), unbound.path(), "H9").expect("shipper");
    assert!(PgServer::wait_until(SHIPPED, || shipper
        .status()
        .error
        .is_some_and(|e| e.contains("has not given this id"))));
    shipper.stop();

    // The reader sees every table: `floor tables`, `floor hands`, `floor rake`,
    // and the floor service's reading step (each table's hand from its records).
    let reader_url = floor.add_reader("floor_serve");
    let mut reader = Store::open(&reader_url).expect("the store, as the reader");
    let tables: Vec<String> = reader
        .tables()
        .expect("floor tables")
        .into_iter()
        .map(|t| t.table_id)
        .collect();
    assert_eq!(tables, ["H-2", "H1"]);
    let hands_of = |store: &mut Store, id: &str| {
        hands::list(store.client(), Some(id), &HandFilter::default())
            .expect("floor hands")
            .len()
    };
    for id in ids {
        assert_eq!(hands_of(&mut reader, id), hands_of(&mut floor.owner, id));
        assert!(hands_of(&mut reader, id) > 0);
    }
    let rake = host::floor::audits::rake(&mut reader, None, None).expect("floor rake");
    assert_eq!(rake.len(), 2);
    let mut live = host::floor::live::LiveTables::default();
    let (read, problems) = live.read(&mut reader).expect("the live view's reading");
    assert!(read > 0 && problems.is_empty(), "{read} {problems:?}");
    let room = reader.room().expect("the room");
    assert_eq!(room.tables.len(), 2);
    // A table's login sees its own table only.
    let mut own = Store::open(&floor.url_as("table_h1")).expect("as H1");
    let tables: Vec<String> = own
        .tables()
        .expect("tables")
        .into_iter()
        .map(|t| t.table_id)
        .collect();
    assert_eq!(tables, ["H1"]);
    assert_eq!(hands_of(&mut own, "H-2"), 0);
}

/// A store migrated before version 4: its tables shipped under logins of
/// `floor_table`, and nothing said which login was which table's. Migrated, it binds
/// no table by itself: the old login neither reads nor writes its table's rows until
/// the owner binds the table to it, then ships on.
#[test]
fn a_store_from_before_the_bindings_binds_no_table_until_the_owner_does() {
    let Some(server) = PgServer::start("a store from before the tables' bindings") else {
        return;
    };
    // Schema version 3, as the program before this one left it, and a table
    // registered under its login then.
    let mut owner = client(&server.url());
    owner
        .batch_execute(concat!(
            "CREATE TABLE schema_version (version integer PRIMARY KEY,
                                          applied_at timestamptz NOT NULL DEFAULT now());",
            include_str!("../../host/src/floor/migrations/0001_store.sql"),
            include_str!("../../host/src/floor/migrations/0002_rulings.sql"),
            include_str!("../../host/src/floor/migrations/0003_guard.sql"),
            "INSERT INTO schema_version (version) VALUES (1), (2), (3);
             CREATE ROLE table_u1 LOGIN IN ROLE floor_table;"
        ))
        .expect("a store of schema version 3");
    let old_login = format!(
        "postgres://table_u1@127.0.0.1:{}/postgres?connect_timeout=2",
        server.port()
    );
    let dir = tempfile::tempdir().expect("a folder");
    let key = TableKey::from_seed([7; 32]);
    notes(dir.path(), "U1", &key, 3);
    client(&old_login)
        .execute(
            "INSERT INTO floor_tables (table_id, public_key, head_hash) VALUES ($1, $2, $3)",
            &[&"U1", &key.public().to_string(), &&[0u8; 32][..]],
        )
        .expect("registered under schema 3");

    assert_eq!(
        Store::migrate(&server.url()).expect("migrated"),
        (3, host::floor::schema::SCHEMA_VERSION)
    );
    let mut old = client(&old_login);
    let seen: i64 = old
        .query_one("SELECT count(*) FROM floor_tables", &[])
        .expect("a look")
        .get(0);
    assert_eq!(seen, 0, "the old login sees a table bound to no one");
    let shipper = Shipper::start(&old_login, dir.path(), "U1").expect("shipper");
    assert!(PgServer::wait_until(SHIPPED, || shipper
        .status()
        .error
        .is_some_and(|e| e.contains("has not given this id"))));
    shipper.stop();

    // The owner binds it, by hand, to the login that shipped it: it ships on.
    owner
        .batch_execute(
            "INSERT INTO floor_table_roles (table_id, role_name) VALUES ('U1', 'table_u1')",
        )
        .expect("the binding");
    ship(&server, &old_login, dir.path(), "U1");
}
