//! A tournament run from the floor's store by its director (`tablectl tournament`,
//! migration 0008_tournaments.sql), as the room runs one: the owner makes the
//! director's login, the director makes the tournament from its structure file,
//! registers players (seats drawn, tables kept even), runs the clock, records
//! bust-outs and reads the results, every event signed with his key. Then the
//! attacks: a table's or a reader's login writing an event, another key, the owner
//! rewriting or removing one, a row chained but not signed. Against a real
//! PostgreSQL server the test starts (skipped, one line, without one).

use std::path::Path;
use table_tests::store::{refused, Floor};
use table_tests::tablectl::{outcome as tablectl, run as ok};

const FRIDAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tournaments/friday.toml");

/// Runs a command that must fail; its standard error.
fn fails(args: &[&str]) -> String {
    let (done, out, err) = tablectl(args);
    assert!(!done, "tablectl {args:?} succeeded: {out}");
    err
}

/// The director's login, made by the owner with `tablectl floor add-director`.
fn director(floor: &Floor) -> String {
    let owner = floor.server.url();
    let file = floor.secrets.path().join("td.password");
    let out = ok(&[
        "floor",
        "add-director",
        "td_anna",
        "--db",
        &owner,
        "--password-file",
        file.to_str().expect("a path"),
    ]);
    assert!(out.contains("runs tournaments"), "{out}");
    floor.url_as("td_anna")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a path")
}

#[test]
fn a_director_runs_a_tournament_to_its_winner_and_every_event_is_signed() {
    let Some(mut floor) = Floor::start("a tournament run from the floor's store") else {
        return;
    };
    let db = director(&floor);
    let keys = tempfile::tempdir().expect("a folder");
    let key = keys.path().join("director.key");
    let key = path(&key);
    let w = |cmd: &str, extra: &[&str]| {
        let mut args = vec!["tournament", cmd, "FRI-1", "--db", &db, "--key", key];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let out = ok(&[
        "tournament",
        "create",
        "FRI-1",
        "--db",
        &db,
        "--key",
        key,
        "--structure",
        FRIDAY,
        "--tables",
        "T1,T2",
        "--seats",
        "6",
    ]);
    assert_eq!(
        out,
        "tournament FRI-1: Friday 100, 2 tables of 6 seats, 9 levels\n"
    );
    assert!(Path::new(&format!("{key}.pub")).exists());
    let again = fails(&[
        "tournament",
        "create",
        "FRI-1",
        "--db",
        &db,
        "--key",
        key,
        "--structure",
        FRIDAY,
        "--tables",
        "T1",
    ]);
    assert!(again.contains("tournament FRI-1 exists already"), "{again}");

    // Six players: seats drawn at random, the tables kept even.
    let names = ["Ana", "Boris", "Cveta", "Dimo", "Eva", "Filip"];
    for (i, name) in names.iter().enumerate() {
        let out = w("register", &[name]);
        assert!(
            out.starts_with(&format!("entry {}: {name} to table T", i + 1)),
            "{out}"
        );
    }
    let show: serde_json::Value =
        serde_json::from_str(&ok(&["tournament", "show", "FRI-1", "--db", &db, "--json"]))
            .expect("json");
    let seats = show["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 6);
    for table in ["T1", "T2"] {
        assert_eq!(
            seats.iter().filter(|s| s["table"] == table).count(),
            3,
            "{show}"
        );
    }
    let mut taken: Vec<(String, u64)> = seats
        .iter()
        .map(|s| (s["table"].to_string(), s["seat"].as_u64().expect("a seat")))
        .collect();
    taken.sort();
    taken.dedup();
    assert_eq!(taken.len(), 6, "two players in one seat: {show}");
    assert_eq!(show["period"], "not_started");
    assert_eq!(show["prize_pool"], 60_000);
    assert_eq!(show["average_stack"], 20_000);

    // A player still in cannot register twice.
    let twice = fails(&[
        "tournament",
        "register",
        "FRI-1",
        "Ana",
        "--db",
        &db,
        "--key",
        key,
    ]);
    assert!(twice.contains("Ana is still in the tournament"), "{twice}");

    // The clock.
    let out = w("start", &[]);
    assert!(
        out.starts_with("level 1 (100/200), 19:5") || out.starts_with("level 1 (100/200), 20:00"),
        "{out}"
    );
    assert!(w("pause", &[]).contains("paused"));
    let paused = fails(&["tournament", "pause", "FRI-1", "--db", &db, "--key", key]);
    assert!(paused.contains("the clock is paused already"), "{paused}");
    w("resume", &[]);
    let out = w("add-time", &["-5"]);
    assert!(out.starts_with("level 1 (100/200), 1"), "{out}");

    // Bust-outs: entry numbers by seat, from the show.
    let entry_at = |table: &str| -> Vec<u64> {
        seats
            .iter()
            .filter(|s| s["table"] == table)
            .map(|s| s["entry"].as_u64().expect("an entry"))
            .collect()
    };
    let (t1, t2) = (entry_at("T1"), entry_at("T2"));
    // Two out in one hand at T2, with equal chips: they tie for 5th and 6th.
    w(
        "bust",
        &[
            "--table",
            "T2",
            &format!("{}:15000", t2[0]),
            &format!("{}:15000", t2[1]),
        ],
    );
    let wrong = fails(&[
        "tournament",
        "bust",
        "FRI-1",
        "--db",
        &db,
        "--key",
        key,
        "--table",
        "T2",
        &format!("{}:100", t1[0]),
    ]);
    assert!(wrong.contains("does not sit at table T2"), "{wrong}");
    w("bust", &["--table", "T2", &format!("{}:30000", t2[2])]);
    w(
        "bust",
        &[
            "--table",
            "T1",
            &format!("{}:9000", t1[0]),
            &format!("{}:12000", t1[1]),
        ],
    );
    let results = ok(&["tournament", "results", "FRI-1", "--db", &db, "--json"]);
    let rows: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let places: Vec<u64> = rows
        .iter()
        .map(|r| r["place"].as_u64().expect("a place"))
        .collect();
    assert_eq!(places, [1, 2, 3, 4, 5, 5], "{results}");
    assert_eq!(rows[0]["entry"].as_u64(), Some(t1[2]));
    assert_eq!(
        rows[1]["entry"].as_u64(),
        Some(t1[1]),
        "more chips at the start finish higher"
    );
    let paid: u64 = rows
        .iter()
        .map(|r| r["prize"].as_u64().expect("a prize"))
        .sum();
    assert_eq!(paid, 60_000, "the whole pool is paid: {results}");
    // Six entries: the row for up to 10 pays 65% and 35%.
    assert_eq!(rows[0]["prize"], 39_000);
    assert_eq!(rows[1]["prize"], 21_000);
    let over = fails(&[
        "tournament",
        "register",
        "FRI-1",
        "Gala",
        "--db",
        &db,
        "--key",
        key,
    ]);
    assert!(over.contains("the tournament has its winner"), "{over}");

    // The audit's list: every event, in order, checked against the director's key.
    let listed = ok(&["tournament", "log", "FRI-1", "--db", &db]);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 14, "{listed}");
    assert_eq!(lines[0], "    1  made: 2 tables of 6 seats: T1, T2");
    assert!(lines[8].ends_with("clock paused"), "{listed}");
    assert!(lines[10].ends_with("-300 s on the clock"), "{listed}");
    assert!(
        lines[11].contains("out at table T2: entry")
            && lines[11].contains("(15000 chips at the start)"),
        "{listed}"
    );
    let json = ok(&["tournament", "log", "FRI-1", "--db", &db, "--json"]);
    for line in json.lines() {
        host::tournament::TournamentEvent::from_json(line).expect("an event");
    }

    // The log as the store keeps it: every event chained and signed; nobody, the
    // owner included, rewrites or removes one.
    let owner = floor.owner.client();
    let n: i64 = owner
        .query_one(
            "SELECT count(*) FROM tournament_events WHERE tournament_id = 'FRI-1'",
            &[],
        )
        .expect("count")
        .get(0);
    assert_eq!(n, 1 + 6 + 4 + 3);
    for sql in [
        "UPDATE tournament_events SET payload = payload WHERE tournament_id = 'FRI-1' AND seq = 2",
        "DELETE FROM tournament_events WHERE tournament_id = 'FRI-1' AND seq = 14",
        "DELETE FROM tournaments WHERE tournament_id = 'FRI-1'",
        "TRUNCATE tournament_events",
    ] {
        let why = refused(owner, sql);
        assert!(why.contains("keeps every tournament event"), "{sql}: {why}");
    }
    let list = ok(&["tournament", "list", "--db", &db]);
    assert_eq!(list, "FRI-1  Friday 100\n");
}

#[test]
fn no_login_but_the_directors_key_writes_a_tournament() {
    let Some(mut floor) = Floor::start("a tournament's events written by others") else {
        return;
    };
    let db = director(&floor);
    let table_url = floor.add_table("T1");
    let reader_url = floor.add_reader("floor_audit");
    let keys = tempfile::tempdir().expect("a folder");
    let key = keys.path().join("director.key");
    let other = keys.path().join("other.key");
    let (key, other) = (path(&key), path(&other));
    ok(&[
        "tournament",
        "create",
        "SAT",
        "--db",
        &db,
        "--key",
        key,
        "--structure",
        FRIDAY,
        "--tables",
        "T1,T2",
    ]);
    ok(&[
        "tournament",
        "register",
        "SAT",
        "Ana",
        "--db",
        &db,
        "--key",
        key,
    ]);

    // Another key: refused, nothing written (it is made on create only).
    host::records::handlog::TableKey::create(Path::new(other)).expect("a key");
    let why = fails(&[
        "tournament",
        "register",
        "SAT",
        "Boris",
        "--db",
        &db,
        "--key",
        other,
    ]);
    assert!(why.contains("only its director writes to it"), "{why}");

    // A table's login and a reader's login read the tournament but write nothing.
    for url in [&table_url, &reader_url] {
        let shown = ok(&["tournament", "show", "SAT", "--db", url]);
        assert!(shown.contains("1 of 1 entries left"), "{shown}");
        let mut c = postgres::Client::connect(url, postgres::NoTls).expect("a connection");
        let why = refused(
            &mut c,
            "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
             VALUES ('SAT', 3, '{}', sha256('x'), decode(repeat('00', 64), 'hex'))",
        );
        assert!(why.contains("permission denied"), "{why}");
        let why = refused(
            &mut c,
            "INSERT INTO tournaments (tournament_id, director_key) VALUES ('X', repeat('a', 64))",
        );
        assert!(why.contains("permission denied"), "{why}");
    }

    // The store refuses an event out of order or not chained, whoever writes it.
    let owner = floor.owner.client();
    let why = refused(
        owner,
        "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
         VALUES ('SAT', 9, '{}', sha256('x'), decode(repeat('00', 64), 'hex'))",
    );
    assert!(why.contains("event 9 given where event 3 is due"), "{why}");
    let why = refused(
        owner,
        "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
         VALUES ('SAT', 3, '{}', sha256('x'), decode(repeat('00', 64), 'hex'))",
    );
    assert!(why.contains("does not chain"), "{why}");

    // A row chained as the store asks but not signed by the director (written by the
    // owner's login, which holds no director's key): every reader refuses the
    // tournament, naming the event, and the director can write nothing after it.
    let forged =
        r#"{"type":"registered","entry":2,"player":"Mallory","table":"T1","seat":9,"at_ms":1}"#;
    owner
        .execute(
            "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
             SELECT 'SAT', 3, $1::text,
                    sha256(e.hash || int8send(3) || convert_to($1::text, 'UTF8')),
                    decode(repeat('00', 64), 'hex')
             FROM tournament_events e WHERE e.tournament_id = 'SAT' AND e.seq = 2",
            &[&forged],
        )
        .expect("the store takes a chained row");
    for args in [
        vec!["tournament", "show", "SAT", "--db", &reader_url],
        vec!["tournament", "results", "SAT", "--db", &reader_url],
        vec![
            "tournament",
            "register",
            "SAT",
            "Boris",
            "--db",
            &db,
            "--key",
            key,
        ],
    ] {
        let why = fails(&args);
        assert!(
            why.contains("tournament SAT: event 3 is not its director's (its signature is not the director's)"),
            "{args:?}: {why}"
        );
        assert!(!why.contains("Mallory"));
    }
}

#[test]
fn a_bad_structure_or_id_is_refused_before_anything_is_written() {
    let Some(floor) = Floor::start("a tournament refused at creation") else {
        return;
    };
    let db = director(&floor);
    let dir = tempfile::tempdir().expect("a folder");
    let key = dir.path().join("director.key");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "name = \"x\"\nstarting_stack = 0\n").expect("a file");
    let why = fails(&[
        "tournament",
        "create",
        "X",
        "--db",
        &db,
        "--key",
        path(&key),
        "--structure",
        path(&bad),
        "--tables",
        "T1",
    ]);
    assert!(why.contains("bad.toml"), "{why}");
    let endless = dir.path().join("endless.toml");
    std::fs::write(&endless, "#".repeat(300 * 1024)).expect("a file");
    let why = fails(&[
        "tournament",
        "create",
        "X",
        "--db",
        &db,
        "--key",
        path(&key),
        "--structure",
        path(&endless),
        "--tables",
        "T1",
    ]);
    assert!(why.contains("a structure is at most"), "{why}");
    let why = fails(&[
        "tournament",
        "create",
        "x'; DROP TABLE tournaments; --",
        "--db",
        &db,
        "--key",
        path(&key),
        "--structure",
        FRIDAY,
        "--tables",
        "T1",
    ]);
    assert!(why.contains("tournament id"), "{why}");
    let why = fails(&["tournament", "show", "NOPE", "--db", &db]);
    assert!(why.contains("there is no tournament NOPE"), "{why}");
    let list = ok(&["tournament", "list", "--db", &db]);
    assert_eq!(list, "", "nothing was written");
}

#[test]
fn the_director_balances_and_breaks_tables_as_the_rules_say() {
    let Some(floor) = Floor::start("a tournament's tables balanced and broken") else {
        return;
    };
    let db = director(&floor);
    let keys = tempfile::tempdir().expect("a folder");
    let key = keys.path().join("director.key");
    let key = path(&key);
    ok(&[
        "tournament",
        "create",
        "B",
        "--db",
        &db,
        "--key",
        key,
        "--structure",
        FRIDAY,
        "--tables",
        "A,B,C",
        "--seats",
        "4",
    ]);
    for name in ["p1", "p2", "p3", "p4", "p5", "p6"] {
        ok(&[
            "tournament",
            "register",
            "B",
            name,
            "--db",
            &db,
            "--key",
            key,
        ]);
    }
    let seats = || -> Vec<serde_json::Value> {
        let show: serde_json::Value =
            serde_json::from_str(&ok(&["tournament", "show", "B", "--db", &db, "--json"]))
                .expect("json");
        show["seats"].as_array().expect("seats").clone()
    };
    let at = |seats: &[serde_json::Value], table: &str| -> Vec<(u64, u64)> {
        seats
            .iter()
            .filter(|s| s["table"] == table)
            .map(|s| {
                (
                    s["entry"].as_u64().expect("entry"),
                    s["seat"].as_u64().expect("seat"),
                )
            })
            .collect()
    };
    let now = seats();
    for table in ["A", "B", "C"] {
        assert_eq!(at(&now, table).len(), 2, "the draw keeps the tables even");
    }
    // Six players fit at two tables of four: C, the last named, breaks first.
    let said = ok(&["tournament", "balance", "B", "--db", &db]);
    assert_eq!(
        said,
        "break table C: its 2 players fit at the other tables\n"
    );
    let why = fails(&[
        "tournament",
        "break-table",
        "B",
        "C",
        "--db",
        &db,
        "--key",
        key,
    ]);
    assert!(
        why.contains("table C still has 2 players: move them before it breaks"),
        "{why}"
    );
    let open = |seats: &[serde_json::Value], table: &str| -> u64 {
        let taken = at(seats, table);
        (1..=4)
            .find(|s| !taken.iter().any(|t| t.1 == *s))
            .expect("an open seat")
    };
    for (i, (entry, _)) in at(&now, "C").into_iter().enumerate() {
        let to = ["A", "B"][i];
        let seat = open(&seats(), to).to_string();
        ok(&[
            "tournament",
            "move",
            "B",
            &entry.to_string(),
            "--to",
            to,
            "--seat",
            &seat,
            "--chips",
            "20000",
            "--db",
            &db,
            "--key",
            key,
        ]);
    }
    ok(&[
        "tournament",
        "break-table",
        "B",
        "C",
        "--db",
        &db,
        "--key",
        key,
    ]);
    let now = seats();
    assert!(at(&now, "C").is_empty());
    let why = fails(&[
        "tournament",
        "move",
        "B",
        &at(&now, "A")[0].0.to_string(),
        "--to",
        "C",
        "--seat",
        "1",
        "--chips",
        "20000",
        "--db",
        &db,
        "--key",
        key,
    ]);
    assert!(why.contains("table C is broken"), "{why}");
    assert_eq!(
        ok(&["tournament", "balance", "B", "--db", &db]),
        "the tables are in balance\n"
    );
    // Two out at A: the four left fit at one table, and B breaks.
    let a = at(&now, "A");
    ok(&[
        "tournament",
        "bust",
        "B",
        "--table",
        "A",
        &format!("{}:1", a[0].0),
        &format!("{}:2", a[1].0),
        "--db",
        &db,
        "--key",
        key,
    ]);
    assert_eq!(
        ok(&[
            "tournament",
            "balance",
            "B",
            "--db",
            &db,
            "--big-blind",
            "A:1"
        ]),
        "break table B: its 3 players fit at the other tables\n"
    );
    // A late entry goes to the emptiest running table (A, with one player), never to
    // the broken one, empty as it is.
    let late = ok(&[
        "tournament",
        "register",
        "B",
        "p7",
        "--db",
        &db,
        "--key",
        key,
    ]);
    assert!(late.starts_with("entry 7: p7 to table A, seat "), "{late}");
    let (done, _, why) = tablectl(&[
        "tournament",
        "balance",
        "B",
        "--db",
        &db,
        "--big-blind",
        "A",
    ]);
    assert!(!done && why.contains("give TABLE:SEAT"), "{why}");
}

#[test]
fn a_table_follows_its_tournaments_clock_and_keeps_it_when_the_store_is_lost() {
    use host::floor::clock_follow::ClockFollower;
    use host::floor::tournaments::TournamentLog;
    use host::floor::StoreLink;
    use host::records::handlog::TableKey;
    use host::records::time::WallTime;
    use host::tournament::{Period, TournamentEvent};
    use std::time::Duration;
    use table_tests::tablectl::now_ms;

    let Some(mut floor) = Floor::start("a table following its tournament's clock") else {
        return;
    };
    let t1 = floor.add_table("T1");
    let key = TableKey::from_seed([5; 32]);
    let structure = std::fs::read_to_string(FRIDAY).expect("the structure");
    let store = &mut floor.owner;
    let mut log = TournamentLog::create(
        store,
        &key,
        "SUN",
        TournamentEvent::Created {
            structure,
            tables: vec!["T1".into(), "T2".into()],
            seats: 9,
            director: key.public().to_string(),
        },
    )
    .expect("a tournament");
    let at = now_ms();
    for (n, (table, seat)) in [("T1", 1), ("T2", 1)].into_iter().enumerate() {
        log.append(
            store,
            &key,
            TournamentEvent::Registered {
                entry: n as u32 + 1,
                player: format!("p{n}"),
                table: table.into(),
                seat,
                at: WallTime::from_unix_millis(at),
            },
        )
        .expect("registered");
    }
    log.append(
        store,
        &key,
        TournamentEvent::Started {
            at: WallTime::from_unix_millis(at),
        },
    )
    .expect("started");

    let follower = ClockFollower::start(
        StoreLink::parse(&t1).expect("a link"),
        "T1",
        Duration::from_millis(100),
    )
    .expect("a follower");
    let heard =
        |what: &str, check: &dyn Fn(&host::floor::clock_follow::TableTournament) -> bool| {
            assert!(
                table_tests::postgres::PgServer::wait_until(Duration::from_secs(60), || {
                    follower.latest().is_some_and(|t| check(&t))
                }),
                "the table never heard {what}: {:?}",
                follower.latest().map(|t| (t.log.id.clone(), t.stale))
            );
        };
    heard("its tournament", &|t| {
        t.log.id == "SUN"
            && t.log.state.read(WallTime::now()).period == Period::Level(1)
            && !t.stale
    });
    log.append(
        store,
        &key,
        TournamentEvent::Paused {
            at: WallTime::from_unix_millis(now_ms()),
        },
    )
    .expect("paused");
    heard("the pause", &|t| t.log.state.read(WallTime::now()).paused);

    // The store goes away: the table keeps the clock it heard, and says so.
    floor.server.stop().expect("the server stops");
    heard("that the store is gone", &|t| t.stale && t.log.id == "SUN");
    assert!(follower
        .latest()
        .is_some_and(|t| t.log.state.read(WallTime::now()).paused));
}
