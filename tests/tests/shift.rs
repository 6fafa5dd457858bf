//! A shift in the room, end to end, as a casino runs it: the product's own program
//! (`tablectl`) as three bench tables, each under its own login to a real
//! PostgreSQL (`floor add-table`), the floor's page served by `floor serve` under a
//! reader's login, and in one headless Chromium the players' screens of the three
//! tables (the Pi's 800x480 in Russian, 1280x720 in English, 1920x1080 in Polish),
//! the dealer's screen of one, and the floor's page.
//!
//! One table is slow (a player thinks longer than the screen's heartbeat, over and
//! over), one plays Omaha hi/lo with side pots, one reads its cards through a
//! shoe link that garbles, drops and doubles frames. During the shift the store
//! crashes and comes back, one table is killed (a power cut) and started again on
//! its data folder, and the floor's filters and search are used from the page's
//! forms.
//!
//! It asserts what must hold whatever the machine's load:
//! - no screen says NOT LIVE while its table runs (only between the kill and the
//!   restarted table's first view, and after a table ends);
//! - every view drawn keeps every pot's amount and the seats that can win it on the
//!   screen, and at a showdown its winners;
//! - the floor's page comes back on its own after the store's crash, and its filters
//!   answer;
//! - by the end every table's every record is in the store once, byte for byte as
//!   its log holds it, and no alert was raised.
//!
//! How long the outages' catch-up and the screens' recovery took is printed, never
//! asserted: the timed figures are the benchmark's. Skipped (one line) without
//! PostgreSQL or Chromium; `.ci/run` requires both.

mod browser;

use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};
use table_tests::bench::holds_the_whole_log;
use table_tests::browser::Cdp;
use table_tests::floor_page::{filter_room, row_of, search_hands};
use table_tests::postgres::PgServer;
use table_tests::tablectl::{now_ms, run, Process};

/// The longest any step of the shift may take before the test fails: a hang
/// guard, far above what any step takes on a loaded machine, never a timing.
const GUARD: Duration = Duration::from_secs(300);
/// How long the store stays down in its crash: long enough for every table to
/// deal on with its backlog growing and its screens still live.
const STORE_DOWN: Duration = Duration::from_secs(6);

/// A table as the floor sets it up for the shift: its id, its bench options, its
/// players' screen's size and language.
struct Spec {
    id: &'static str,
    options: &'static [&'static str],
    screen: (u32, u32),
    lang: &'static str,
}

/// The tables: a slow heads-up table whose every input waits longer than the
/// screen's heartbeat; Omaha hi/lo at six in fixed limit on the Pi's screen, in
/// Russian; nine at no-limit over a faulty shoe link, in Polish.
const SHIFT: [Spec; 3] = [
    Spec {
        id: "S1",
        options: &[
            "--players",
            "2",
            "--hands",
            "3",
            "--pace",
            "1800",
            "--seed",
            "1",
        ],
        screen: (1280, 720),
        lang: "en",
    },
    Spec {
        id: "S2",
        options: &[
            "--players",
            "6",
            "--game",
            "omaha8",
            "--limit",
            "fl",
            "--blinds",
            "10/20",
            "--hands",
            "30",
            "--pace",
            "40",
            "--seed",
            "2",
        ],
        screen: (800, 480),
        lang: "ru",
    },
    Spec {
        id: "S3",
        options: &[
            "--players",
            "9",
            "--hands",
            "30",
            "--pace",
            "40",
            "--seed",
            "3",
            "--faults",
            "3,3,3",
            "--no-equity",
        ],
        screen: (1920, 1080),
        lang: "pl",
    },
];

/// A table of the shift: its id, its options, its screen's size and the process.
struct BenchTable {
    id: &'static str,
    options: Vec<String>,
    data: std::path::PathBuf,
    process: Process,
    /// The players' screen, `http://ADDR/`.
    screen: String,
    /// Its players' screen's page in the browser, and the dealer's if it has one.
    pages: Vec<Page>,
    /// The shift's lives of the process: when each ended (killed or finished), in
    /// ms since the epoch; a screen may say NOT LIVE from then until it is live
    /// again.
    down_since: Vec<u64>,
}

/// A page of the browser open on a table's screen.
struct Page {
    session: String,
    what: String,
}

/// The table's command line: the bench table under its login, its screen on
/// `display`.
fn table_args(id: &str, extra: &[&str], data: &Path, store: &str, display: &str) -> Vec<String> {
    let mut args: Vec<String> = [
        "--table-id",
        id,
        "--data",
        &data.display().to_string(),
        "--floor-db",
        store,
        "--display",
        display,
        "--floor",
        "127.0.0.1:0",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Starts a table and waits for its screen's address.
fn start_table(id: &str, args: &[String]) -> (Process, String) {
    let mut process = Process::start(id, args);
    let screen = process.wait_line("display: ");
    (process, screen)
}

/// The script every screen's page runs before its own: it records when the page's
/// NOT LIVE box shows and hides (with the time, on the clock the test keeps), and
/// checks every view the page has drawn and laid out against the view itself: each
/// pot's amount and seats, and at a showdown each pot's winners and the results'
/// lines, on the screen and at a readable size.
const RECORDER: &str = r#"
(() => {
  const rec = { marks: [], views: 0, showdowns: 0, problems: [], sessions: [] };
  window.__shift = rec;
  const note = (p) => { if (rec.problems.length < 40) rec.problems.push(p); };
  // On the screen: laid out, not hidden, inside the window.
  const onScreen = (e) => {
    if (!e || e.closest('[hidden]')) return false;
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  };
  // The deepest element under `box` whose text holds `text`, if it is on the screen
  // and its text not cut off by its own box.
  const shown = (box, text) => {
    let deepest = null;
    for (const e of [box, ...box.querySelectorAll('*')]) {
      if (e.textContent.includes(text)) deepest = e;
    }
    return deepest && onScreen(deepest) && deepest.scrollWidth <= deepest.clientWidth + 1
      ? deepest : null;
  };
  function check(v) {
    rec.views += 1;
    if (!rec.sessions.includes(v.session)) rec.sessions.push(v.session);
    const where = `seq ${v.seq} (${innerWidth}x${innerHeight})`;
    const boxes = [...document.querySelectorAll('#pots .pot')];
    v.pots.forEach((p, i) => {
      const box = boxes[i];
      if (!box || !onScreen(box)) return note(`${where}: pot ${i + 1} "${p.label}" is not on the screen`);
      if (!shown(box, p.amount_text || String(p.amount))) note(`${where}: pot ${i + 1}'s amount is not shown`);
      if (p.eligible_text && !shown(box, p.eligible_text)) note(`${where}: pot ${i + 1}'s seats "${p.eligible_text}" are not shown`);
      p.winners.forEach((w) => { if (!shown(document.body, w)) note(`${where}: pot ${i + 1}'s winner "${w}" is not shown`); });
    });
    if (v.results.length && !v.turn) {
      rec.showdowns += 1;
      const bar = document.getElementById('results');
      v.results.forEach((r) => { if (!bar || !shown(bar, r.text)) note(`${where}: the result "${r.text}" is not shown`); });
    }
  }
  // The check's own proof: the view on the screen checked again with every pot's
  // lines hidden must be caught (null while no view has a pot with seats).
  rec.selfTest = () => {
    const v = window.__display && window.__display.view;
    if (!v || !v.pots.some((p) => p.eligible_text)) return null;
    // (Through the CSS object model: the page's policy refuses a style element.)
    const lines = [...document.querySelectorAll('#pots .pot *')];
    lines.forEach((e) => e.style.setProperty('visibility', 'hidden', 'important'));
    const [views, showdowns, before] = [rec.views, rec.showdowns, rec.problems.length];
    check(v);
    const caught = rec.problems.splice(before);
    [rec.views, rec.showdowns] = [views, showdowns];
    lines.forEach((e) => e.style.removeProperty('visibility'));
    return caught.length > 0;
  };
  // A view is checked once the page has drawn it and two more turns of the page's
  // timers have passed without a newer one (its layout done).
  let seen = null, quiet = 0;
  function tick() {
    const d = window.__display;
    const v = d && d.view;
    if (v && v !== seen) { seen = v; quiet = 0; }
    else if (v && quiet < 2 && ++quiet === 2) check(v);
    setTimeout(tick, 40);
  }
  document.addEventListener('DOMContentLoaded', () => {
    const status = document.getElementById('status');
    const mark = () => {
      const on = !status.hidden;
      const last = rec.marks[rec.marks.length - 1];
      if (!last || last[1] !== on) rec.marks.push([Date.now(), on, status.innerText]);
    };
    new MutationObserver(mark).observe(status, { attributes: true, childList: true, subtree: true });
    mark();
    tick();
  });
})();
"#;

/// Opens `url` in a new page of `width` x `height`, the recorder installed first.
fn open_screen(cdp: &mut Cdp, url: &str, width: u32, height: u32, what: &str) -> Page {
    let session = cdp.new_page(width, height);
    cdp.call(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": RECORDER }),
        true,
    );
    // A screen on the wall is always in front: the page keeps its pace as a
    // focused one does.
    cdp.call(
        "Emulation.setFocusEmulationEnabled",
        json!({ "enabled": true }),
        true,
    );
    cdp.open(url);
    Page {
        session,
        what: what.to_string(),
    }
}

/// The page's record (`window.__shift`).
fn record(cdp: &mut Cdp, page: &Page) -> Value {
    cdp.switch(&page.session);
    cdp.eval("JSON.parse(JSON.stringify(window.__shift))")
}

/// A file name for a page's screenshot.
fn file_name(what: &str) -> String {
    what.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The spans of time the page showed NOT LIVE although its table ran: every span
/// that starts before the table went down (`down_since`) and after the page first
/// drew a view, or starts after the table came back and the page was live again.
fn false_not_live(marks: &[Value], down_since: &[u64]) -> Vec<String> {
    let mut wrong = Vec::new();
    // The page says NOT LIVE only once it has a view: the first mark is its start.
    let mut allowed_until_live = false;
    let mut downs = down_since.iter().copied().peekable();
    for m in marks {
        let (at, on, text) = (
            m[0].as_u64().unwrap_or(0),
            m[1].as_bool().unwrap_or(false),
            m[2].as_str().unwrap_or(""),
        );
        while downs.peek().is_some_and(|d| *d <= at) {
            downs.next();
            allowed_until_live = true;
        }
        if on && !allowed_until_live {
            wrong.push(format!("at {at} ms: {text:?}"));
        }
        if !on {
            // Live again: a later NOT LIVE needs a later end of the table.
            allowed_until_live = false;
        }
    }
    wrong
}

#[test]
fn a_shift_with_a_store_crash_and_a_table_killed_keeps_screens_live_and_ships_everything() {
    let what = "a shift of three tables, their screens and the floor";
    let Some((mut browser, shots)) = browser::start("shift") else {
        return;
    };
    let Some(mut server) = PgServer::start(what) else {
        return;
    };
    let root = tempfile::tempdir().expect("a folder for the shift");
    let owner = server.url();

    // The floor team's set-up: the schema, a login for each table and the page's.
    run(&["floor", "migrate", "--db", &owner]);
    let login_url = |role: &str, file: &Path| {
        let password = std::fs::read_to_string(file).expect("the password's file");
        owner.replacen("floor@", &format!("{role}:{}@", password.trim()), 1)
    };
    let ids = SHIFT.map(|s| s.id);
    let mut urls = Vec::new();
    for id in ids {
        let file = root.path().join(format!("{id}.password"));
        run(&[
            "floor",
            "add-table",
            id,
            "--db",
            &owner,
            "--password-file",
            &file.display().to_string(),
        ]);
        urls.push(login_url(&format!("table_{}", id.to_lowercase()), &file));
    }
    let reader_file = root.path().join("floor-page.password");
    run(&[
        "floor",
        "add-reader",
        "floor_page",
        "--db",
        &owner,
        "--password-file",
        &reader_file.display().to_string(),
    ]);
    let token_file = root.path().join("floor-token");
    let mut floor = Process::start(
        "floor",
        &[
            "floor".to_string(),
            "serve".to_string(),
            "--db".to_string(),
            login_url("floor_page", &reader_file),
            "--listen".to_string(),
            "127.0.0.1:0".to_string(),
            "--token".to_string(),
            token_file.display().to_string(),
        ],
    );
    let floor_url = floor.wait_line("floor: ");
    let floor_url = floor_url
        .split_whitespace()
        .next()
        .expect("the floor page's address")
        .to_string();
    let token = std::fs::read_to_string(&token_file).expect("the floor's token");

    let mut tables = Vec::new();
    for (n, spec) in SHIFT.iter().enumerate() {
        let id = spec.id;
        let data = root.path().join(id);
        let mut extra = spec.options.to_vec();
        extra.extend(["--lang", spec.lang]);
        let options = table_args(id, &extra, &data, &urls[n], "127.0.0.1:0");
        let (process, screen) = start_table(id, &options);
        tables.push(BenchTable {
            id,
            options,
            data,
            process,
            screen,
            pages: Vec::new(),
            down_since: Vec::new(),
        });
    }

    // The screens: each table's players' screen, S2's dealer's, and the floor's page.
    let cdp = &mut browser.cdp;
    for (t, spec) in tables.iter_mut().zip(&SHIFT) {
        let (w, h) = spec.screen;
        let page = open_screen(cdp, &t.screen, w, h, &format!("{}'s players' screen", t.id));
        t.pages.push(page);
    }
    let dealer = format!("{}dealer", tables[1].screen);
    let page = open_screen(cdp, &dealer, 800, 480, "S2's dealer's screen");
    tables[1].pages.push(page);
    let floor_page = cdp.new_page(1280, 720);
    cdp.call("Network.enable", json!({}), true);
    cdp.call(
        "Network.setExtraHTTPHeaders",
        json!({ "headers": { "Authorization": format!("Bearer {}", token.trim()) } }),
        true,
    );
    cdp.call("Page.navigate", json!({ "url": floor_url }), true);
    let all_rows = ids.map(row_of).join(" && ");
    cdp.wait_for(&all_rows, "every table on the floor's page");

    let hands_of = |p: &Process| {
        p.lines()
            .iter()
            .filter(|l| l.starts_with("hand ") && l.contains(':'))
            .count()
    };
    let wait_hands = |t: &BenchTable, n: usize| {
        assert!(
            PgServer::wait_until(GUARD, || hands_of(&t.process) >= n),
            "{} never dealt {n} hands; its last lines: {:?}; {}",
            t.id,
            t.process.lines().iter().rev().take(4).collect::<Vec<_>>(),
            table_tests::tablectl::cpu_report(t.process.id())
        );
    };

    // The store crashes while every table deals; the tables deal on, their screens
    // live, and the floor's page says the store is down, then comes back by itself.
    wait_hands(&tables[1], 3);
    let store = |url: &str| host::floor::Store::open(url);
    let before: Vec<u64> = ids
        .iter()
        .map(|id| {
            store(&owner)
                .and_then(|mut s| s.count(id))
                .map_or(0, |c| c.0)
        })
        .collect();
    server.stop().expect("the store crashes");
    let crashed = Instant::now();
    cdp.switch(&floor_page);
    cdp.wait_for(
        "document.body.innerText.includes('store is not reachable')",
        "the floor's page saying the store is down",
    );
    std::thread::sleep(STORE_DOWN);
    server.start_again().expect("the store comes back");
    let back = Instant::now();
    cdp.wait_for(&all_rows, "the floor's page back on its own");
    let caught_up = PgServer::wait_until(GUARD, || {
        ids.iter().zip(&before).all(|(id, b)| {
            store(&owner)
                .and_then(|mut s| s.count(id))
                .is_ok_and(|c| c.0 > *b)
        })
    });
    assert!(
        caught_up,
        "the tables shipped nothing after the store came back"
    );
    eprintln!(
        "shift: store down {:.1} s; every table shipping again {:.1} s after it came back",
        back.duration_since(crashed).as_secs_f64(),
        back.elapsed().as_secs_f64()
    );

    // The check of the pots would see them gone: proved on the Pi's screen while
    // a pot is on it.
    let tab = &tables[1].pages[0];
    cdp.switch(&tab.session);
    let started = Instant::now();
    let caught = loop {
        match cdp.eval("window.__shift.selfTest()") {
            Value::Bool(b) => break b,
            _ => {
                assert!(
                    started.elapsed() < GUARD,
                    "S2 never showed a pot with its seats"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    };
    assert!(
        caught,
        "the screens' check does not see a pot's seats hidden: {}",
        cdp.eval("JSON.stringify(window.__shift.problems)")
    );

    // The screens mid-shift, for the eye.
    for t in &tables {
        for page in &t.pages {
            cdp.switch(&page.session);
            cdp.screenshot(&shots.join(format!("{}.png", file_name(&page.what))));
        }
    }

    // S3 loses its power mid-hand and is started again on its data folder, its
    // screen on the same address: the open pages find it again by themselves.
    wait_hands(&tables[2], 8);
    let s3 = &mut tables[2];
    s3.down_since.push(now_ms());
    s3.process.kill();
    let killed = Instant::now();
    let address = s3
        .screen
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let mut again = s3.options.clone();
    let display_at = again
        .iter()
        .position(|o| o == "--display")
        .expect("the display's option")
        + 1;
    again[display_at] = address.to_string();
    let (process, screen) = start_table("S3 again", &again);
    assert_eq!(screen, s3.screen, "the restarted table serves where it did");
    s3.process = process;
    s3.options = again;
    let screen_page = &s3.pages[0];
    cdp.switch(&screen_page.session);
    cdp.wait_for(
        "window.__shift.sessions.length >= 2 && window.__display.live",
        "S3's screen live again with the restarted table",
    );
    eprintln!(
        "shift: S3's screen live again {:.1} s after the power cut",
        killed.elapsed().as_secs_f64()
    );

    // The floor uses the page's forms: the room for one table, then a hands' search.
    cdp.switch(&floor_page);
    filter_room(cdp, "S2", "S1");
    search_hands(cdp, "S3", "1");
    cdp.wait_for(
        "document.querySelector('tr[data-table=\"S3\"][data-hand]') !== null \
         && document.querySelector('tr[data-table=\"S2\"]') === null",
        "S3's hands found by the search, and no other table's",
    );

    // The shift ends: every table deals its last hand, ships and stops.
    for t in &mut tables {
        let status = t.process.wait(GUARD);
        assert!(status.success(), "{} ended with {status}", t.id);
        let end = t
            .process
            .line_at("signed head: ")
            .unwrap_or_else(|| panic!("{} printed no signed head", t.id));
        t.down_since.push(end);
        let shipped = t.process.wait_line("floor: ");
        assert!(
            shipped.contains(" 0 not yet shipped"),
            "{} stopped with records not shipped: {shipped}",
            t.id
        );
    }

    // What the screens saw over the shift.
    let mut problems = Vec::new();
    let (mut views, mut showdowns) = (0, 0);
    for t in &tables {
        for page in &t.pages {
            let rec = record(cdp, page);
            views += rec["views"].as_u64().unwrap_or(0);
            showdowns += rec["showdowns"].as_u64().unwrap_or(0);
            let marks = rec["marks"].as_array().cloned().unwrap_or_default();
            for wrong in false_not_live(&marks, &t.down_since) {
                problems.push(format!(
                    "{}: NOT LIVE while its table ran, {wrong}",
                    page.what
                ));
            }
            for p in rec["problems"].as_array().into_iter().flatten() {
                problems.push(format!("{}: {}", page.what, p.as_str().unwrap_or("?")));
            }
        }
    }
    eprintln!("shift: {views} views checked on the screens, {showdowns} at a showdown");
    assert!(
        problems.is_empty(),
        "the screens over the shift:\n{}",
        problems.join("\n")
    );
    assert!(
        showdowns > 0,
        "no showdown was checked: the check would have proved nothing"
    );

    // Every record of every table in the store once, byte for byte; no alert.
    for t in &tables {
        holds_the_whole_log(&owner, &t.data, t.id);
    }
    assert!(floor.running(), "the floor's page stayed up all shift");
}
