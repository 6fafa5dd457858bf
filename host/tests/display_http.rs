//! The display over HTTP, fed by the bench table: the page and its assets come from
//! the controller alone, the state and its live updates, the floor view of the hand
//! log, and that nothing can be changed through it.

use host::display::{Display, DisplayError, DisplayOptions};
use host::records::handlog::HandLog;
use host::session::simulated::{Bench, BenchOptions, DirectSource};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// One request; the status code, the headers (lower-cased) and the body.
fn request(addr: SocketAddr, method: &str, path: &str) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code = head.split(' ').nth(1).unwrap().parse().unwrap();
    (code, head.to_lowercase(), body.to_string())
}

fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    request(addr, "GET", path)
}

/// A display on a free port, fed by a bench table of `hands` hands that writes its
/// hand log in `dir`.
fn bench_with_display(dir: &std::path::Path, hands: u32) -> Display {
    let opts = BenchOptions {
        hands,
        players: 4,
        ..BenchOptions::default()
    };
    let (mut log, _) = HandLog::open(
        dir,
        "T9",
        &host::records::handlog::TableKey::from_seed([3; 32]),
    )
    .unwrap();
    let mut o = DisplayOptions::local(0, "T9");
    o.data = Some(dir.to_path_buf());
    let mut display = Display::start(o).unwrap();
    {
        let mut bench = Bench::new(&opts, DirectSource, Some(&mut log)).unwrap();
        let d = &mut display;
        bench.observe(Box::new(d));
        bench.run(hands, &mut |_| {}).unwrap();
    }
    display
}

#[test]
fn the_page_needs_nothing_but_the_controller() {
    let dir = tempfile::tempdir().unwrap();
    let d = bench_with_display(dir.path(), 1);
    for (path, kind) in [
        ("/", "text/html"),
        ("/page.js", "text/javascript"),
        ("/page.css", "text/css"),
    ] {
        let (code, head, body) = get(d.addr(), path);
        assert_eq!(code, 200, "{path}");
        assert!(head.contains(kind), "{path}: {head}");
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{head}"
        );
        // No fonts, scripts, styles or images from elsewhere.
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{path}"
        );
        assert!(
            !body.contains("@import") && !body.contains("url("),
            "{path}"
        );
    }
    let (_, _, page) = get(d.addr(), "/");
    assert!(page.contains("<html lang=\"en\">"));
}

#[test]
fn the_state_is_the_tables_and_updates_are_pushed() {
    let dir = tempfile::tempdir().unwrap();
    let d = bench_with_display(dir.path(), 2);
    let (code, head, body) = get(d.addr(), "/state");
    assert_eq!(code, 200);
    assert!(head.contains("application/json"));
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["hand"], "Hand 2");
    assert!(v["seq"].as_u64().unwrap() > 50, "{}", v["seq"]);
    assert_eq!(v["seats"].as_array().unwrap().len(), 4);
    assert_eq!(v["seats"][0]["name"], "");

    // The event stream starts with the current state.
    let mut s = TcpStream::connect(d.addr()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(s, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut lines = BufReader::new(s).lines();
    let mut saw_event = false;
    for line in lines.by_ref().take(40) {
        let line = line.unwrap();
        if line == "event: state" {
            saw_event = true;
        }
        if saw_event && line.starts_with("data: {") {
            let v: serde_json::Value = serde_json::from_str(&line[6..]).unwrap();
            assert_eq!(v["hand"], "Hand 2");
            return;
        }
    }
    panic!("no state event on /events");
}

#[test]
fn nothing_can_change_the_table_through_the_display() {
    let dir = tempfile::tempdir().unwrap();
    let d = bench_with_display(dir.path(), 1);
    let before = get(d.addr(), "/state").2;
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        for path in ["/", "/state", "/events", "/floor", "/floor/hand/1"] {
            let (code, _, _) = request(d.addr(), method, path);
            assert_eq!(code, 405, "{method} {path}");
        }
    }
    assert_eq!(get(d.addr(), "/nothing").0, 404);
    assert_eq!(get(d.addr(), "/state").2, before, "nothing changed");
}

#[test]
fn the_floor_lists_the_hands_and_opens_each_timeline() {
    let dir = tempfile::tempdir().unwrap();
    let d = bench_with_display(dir.path(), 3);
    let (code, _, list) = get(d.addr(), "/floor");
    assert_eq!(code, 200);
    assert!(list.contains("Table T9"), "{list}");
    for n in 1..=3 {
        assert!(
            list.contains(&format!("href=\"/floor/hand/{n}\"")),
            "{list}"
        );
    }
    // Newest first.
    assert!(list.find("/floor/hand/3").unwrap() < list.find("/floor/hand/1").unwrap());
    let (code, _, hand) = get(d.addr(), "/floor/hand/2");
    assert_eq!(code, 200);
    assert!(hand.contains("hand 2"), "{hand}");
    assert!(hand.contains("wins"), "{hand}");
    let (_, _, missing) = get(d.addr(), "/floor/hand/99");
    assert!(missing.contains("no hand 99"), "{missing}");
    assert_eq!(get(d.addr(), "/floor/hand/two").0, 400);
}

#[test]
fn a_taken_address_is_a_clear_error() {
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let mut o = DisplayOptions::local(0, "T9");
    o.bind = held.local_addr().unwrap();
    match Display::start(o) {
        Err(e @ DisplayError::Bind(..)) => {
            assert!(e.to_string().contains("cannot listen on"), "{e}")
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("bound a taken address"),
    }
}

#[test]
fn the_bench_table_plays_a_script_logs_it_and_says_where_the_display_is() {
    let dir = tempfile::tempdir().unwrap();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/scenarios/three_all_ins.scn"
    );
    let data = dir.path().join("t");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablectl"))
        .args(["--script", script, "--display", "127.0.0.1:0", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("display: http://127.0.0.1:"), "{text}");
    assert!(
        text.contains("every expectation holds; 29 inputs logged"),
        "{text}"
    );
    // The log holds the hand, paid.
    let log = host::records::handlog::AuditLog::open(&data).unwrap();
    let hands = log
        .list_hands(&host::records::handlog::HandFilter::default())
        .unwrap();
    assert_eq!(hands.len(), 1);
    assert_eq!(hands[0].pot, Some(1650));
    assert!(hands[0].end_ms.is_some());
    // A script plays on a new table only.
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_tablectl"))
        .args(["--script", script, "--no-display", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("a script plays on a new table"));
}

#[test]
fn the_runtimes_card_and_shoe_troubles_reach_the_banner_but_key_slips_do_not() {
    use host::session::live::Outcome;
    let mut d = Display::start(DisplayOptions::local(0, "T9")).unwrap();
    let table = firmware::Table::new(host::session::simulated::table_config(
        firmware::Game::Holdem,
        firmware::Structure::NoLimit,
        (5, 10),
        0,
    ))
    .unwrap();
    d.show(&table, &[]);
    d.report(&table, &Outcome::Refused("no hand is being played".into()));
    d.report(&table, &Outcome::Amount(25));
    let v: serde_json::Value = serde_json::from_str(&get(d.addr(), "/state").2).unwrap();
    assert_eq!(v["banners"], serde_json::json!([]));
    d.report(&table, &Outcome::CardRefused("Kd was already dealt".into()));
    d.report(&table, &Outcome::ShoeLost("no such device".into()));
    let v: serde_json::Value = serde_json::from_str(&get(d.addr(), "/state").2).unwrap();
    assert_eq!(
        v["banners"],
        serde_json::json!([
            "Card refused: Kd was already dealt",
            "SHOE LINK LOST: check the shoe and its cable"
        ])
    );
}

#[test]
fn a_dropped_display_frees_its_port() {
    let d = Display::start(DisplayOptions::local(0, "T9")).unwrap();
    let addr = d.addr();
    assert_eq!(get(addr, "/").0, 200);
    drop(d);
    let started = std::time::Instant::now();
    while TcpStream::connect(addr).is_ok() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "still serving on {addr}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
