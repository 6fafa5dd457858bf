//! The floor's live page in headless Chromium, on a real PostgreSQL store: a bench
//! table dealing and shipping shows up and updates on its own; a hand in progress
//! shows no card (its timeline is refused until it is over); an alert raised by a
//! forged record appears, and goes once cleared; a finished hand's timeline opens.
//! A hand in progress shows its pot and whose turn, from the engine fed the shipped
//! records; times read as clock times and ages; the page speaks the language asked;
//! the hands' search across tables finds a table's hands. The room's filter and the
//! hands' search submit from their forms, as a floor person clicks them; the service
//! starts with its store down, says so, and every page recovers on its own once the
//! store is back, after an outage too.
//! Skipped (one line) without Chromium or PostgreSQL; `.ci/run` requires both.

use host::floor::{AlertKind, FloorService, ServeOptions, Shipper, Store};
use host::records::handlog::{AuditLog, HandLog, Seq, TableKey};
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use table_tests::floor_page::{filter_room, floor_browser, row_of, search_hands};
use table_tests::postgres::PgServer;

const TOKEN: &str = "floor-browser-test-token-0123456789";

/// The floor service on `url`'s store, on a free loopback port, in English.
fn serve(url: &str) -> FloorService {
    FloorService::start(ServeOptions {
        url: url.to_string(),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: TOKEN.into(),
        hosts: Vec::new(),
        lang: host::display::Lang::En,
        migrate: true,
    })
    .expect("the floor service")
}

/// A page expression: the lowest contrast ratio (WCAG's) between the text and the
/// background of the cells `selector` picks, each background composed over its
/// ancestors' as the browser paints it.
fn worst_contrast(selector: &str) -> String {
    format!(
        "(() => {{
            const rgba = c => {{ const v = c.match(/[\\d.]+/g).map(Number);
                                 return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; }};
            const over = (t, b) => [0, 1, 2].map(i => t[i] * t[3] + b[i] * (1 - t[3])).concat([1]);
            const back = el => {{ const layers = [];
                for (let e = el; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e).backgroundColor));
                return layers.reverse().reduce((b, t) => over(t, b), [255, 255, 255, 1]); }};
            const lum = c => c.slice(0, 3).map(v => {{ v /= 255;
                return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }})
                .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
            let worst = 99;
            for (const cell of document.querySelectorAll({sel})) {{
                const b = back(cell), f = over(rgba(getComputedStyle(cell).color), b);
                const [hi, lo] = [lum(f), lum(b)].sort((x, y) => y - x);
                worst = Math.min(worst, (hi + 0.05) / (lo + 0.05));
            }}
            return worst;
        }})()",
        sel = json!(selector)
    )
}

/// Whether the page's text contains `text`, as a page expression.
fn shows(text: &str) -> String {
    format!("document.body.innerText.includes({})", json!(text))
}

#[test]
fn the_floor_page_in_a_browser_live_alerts_and_a_finished_hand() {
    let Some(exe) = table_tests::peers::chromium("the floor's page in headless Chromium") else {
        return;
    };
    let Some(server) = PgServer::start("the floor's page in headless Chromium") else {
        return;
    };
    let url = server.url();
    let dir = tempfile::tempdir().expect("folder");
    let key = TableKey::from_seed([21; 32]);
    let (log, _) = HandLog::open(dir.path(), "B1", &key).expect("log");
    let shipper = Arc::new(Shipper::start(&url, dir.path(), "B1").expect("shipper"));
    let service = serve(&url);

    // The table deals slowly enough to be seen mid-hand, until told to stop.
    let dealt = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let table = {
        let (dealt, stop, shipper) = (dealt.clone(), stop.clone(), shipper.clone());
        std::thread::spawn(move || {
            let mut log = log;
            let opts = SimOptions {
                hands: 100,
                seed: 3,
                pace: Duration::from_millis(40),
                ..SimOptions::default()
            };
            let mut bench =
                SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
            bench.tap(Box::new(shipper.tap()));
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) && n < opts.hands {
                n += 1;
                bench.run(n, &mut |_| {}).expect("a hand");
                dealt.store(n, Ordering::Relaxed);
            }
        })
    };

    let mut browser = floor_browser(&exe, &service.url(), TOKEN);
    let cdp = &mut browser.cdp;
    cdp.wait_for(&shows("B1"), "the table");
    cdp.wait_for(&shows("No-limit Hold'em 5/10"), "its game, named");
    // Live: the page reloads itself and the table's records count goes up.
    let records = || {
        "Number(document.querySelector('tr[data-table=\"B1\"] td:nth-child(8)').innerText\
         .replace(/\\D/g, ''))"
    };
    cdp.wait_for(&format!("{} > 0", records()), "records shipped");
    let first = cdp.eval(records()).as_f64().expect("a number");
    cdp.wait_for(&format!("{} > {first}", records()), "the count going up");

    // Readable times: a clock time and an age, never ms since the epoch.
    let body = "document.body.innerText";
    cdp.wait_for(
        &format!("/\\d{{4}}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(\\d+ s ago\\)/.test({body})"),
        "the last input's time and age",
    );
    assert_eq!(cdp.eval(&format!("/\\d{{12}}/.test({body})")), json!(false));

    // Mid-hand: its pot and whose turn, from the engine, and no card on the page.
    let cell =
        |c: &str| format!("document.querySelector('tr[data-table=\"B1\"] td.{c}').innerText");
    cdp.wait_for(
        &format!(
            "/^seat \\d+$/.test({}) && Number({}.replace(/\\D/g, '')) > 0",
            cell("turn"),
            cell("pot")
        ),
        "a betting round's seat to act and its pot",
    );
    cdp.wait_for(&shows("(in progress)"), "a hand in progress");
    let text = cdp
        .eval("document.body.innerText")
        .as_str()
        .unwrap_or_default()
        .to_string();
    let hand: u32 = text
        .split(" (in progress)")
        .next()
        .and_then(|s| s.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .expect("the hand's number");
    let card = r"/\b(?:[2-9TJQKA]|10)[cdhs]\b/.test(document.body.innerText)";
    assert_eq!(cdp.eval(card), json!(false), "a card on the page: {text}");
    assert!(
        text.contains("card hidden") || !text.contains("deal"),
        "{text}"
    );
    let status = cdp.eval(&format!(
        "fetch('/floor/table/B1/hand/{hand}').then(r => r.status)"
    ));
    // Unless the hand ended meanwhile, its timeline is not served yet.
    if AuditLog::open(dir.path())
        .expect("log")
        .list_hands(&Default::default())
        .expect("hands")
        .iter()
        .any(|h| h.number == hand && h.end_ms.is_none())
    {
        assert_eq!(status, json!(404), "a hand in progress opened");
    }

    // An alert: a record forged at the store's door, shown, then cleared.
    let mut store = Store::open(&url).expect("store");
    let head = store.table("B1").expect("row").head_seq;
    let mut forged = AuditLog::open(dir.path())
        .expect("log")
        .sealed_at(Seq(head.0.max(1)))
        .expect("read")
        .expect("a record");
    forged.seq = Seq(head.0 + 1);
    let done = store.ingest("B1", &[forged], 0).expect("ingest");
    // The table ships on meanwhile: the store may already hold that number (a fork).
    assert!(matches!(
        done.refused.map(|r| r.1),
        Some(AlertKind::BrokenLink | AlertKind::Fork)
    ));
    cdp.wait_for(
        "document.querySelectorAll('li.alert').length > 0",
        "the alert",
    );
    cdp.wait_for(&shows("chain alerts: 1"), "the table flagged");
    let id = store.alerts(false).expect("alerts")[0].id;
    assert!(store.clear_alert(id).expect("clear"));
    cdp.wait_for(&shows("No alert."), "the alert cleared");

    // The same room in Russian, the language asked.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("{}?lang=ru", service.url()) }),
        true,
    );
    cdp.wait_for("document.documentElement.lang === 'ru'", "the Russian page");
    cdp.wait_for(&shows("Последний ввод"), "its headings in Russian");
    cdp.wait_for(&shows("назад"), "its ages in Russian");

    // A finished hand's timeline, every card in it.
    stop.store(true, Ordering::Relaxed);
    table.join().expect("the table");
    assert!(shipper.wait_shipped(Duration::from_secs(30)));
    assert!(dealt.load(Ordering::Relaxed) >= 1);
    // The hands' search finds the table's first hand, with its times, and opens it.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("http://{}/floor/hands?table=B1&seat=1", service.addr()) }),
        true,
    );
    cdp.wait_for(
        "document.querySelector('tr[data-hand=\"1\"] a') !== null",
        "hand 1 found",
    );
    cdp.eval("document.querySelector('tr[data-hand=\"1\"] a').click()");
    cdp.wait_for(&shows("hand 1:"), "hand 1's timeline");
    cdp.wait_for(&shows("seat 1 gets"), "its hole cards, once it is over");
    let shots = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("floor");
    if std::fs::create_dir_all(&shots).is_ok() {
        cdp.screenshot(&shots.join("hand-1.png"));
    }
}

/// Tables `ids` dealt `hands` hands each in `root` and shipped to `url`, every
/// record in the store; the first then closes, as a table that ends does.
fn shipped_tables(root: &std::path::Path, url: &str, ids: &[&str], hands: u32) {
    for (n, id) in ids.iter().enumerate() {
        let dir = root.join(id);
        std::fs::create_dir_all(&dir).expect("folder");
        table_tests::bench::dealt(&dir, id, 40 + n as u64, hands);
        let shipper = Shipper::start(url, &dir, id).expect("shipper");
        assert!(
            shipper.wait_shipped(Duration::from_secs(30)),
            "{id} shipped"
        );
        if n == 0 {
            let end = shipper.finish(Duration::from_secs(30));
            assert!(end.closed, "{end:?}");
        }
    }
}

#[test]
fn the_floors_filters_and_search_submit_from_their_forms() {
    let Some(exe) = table_tests::peers::chromium("the floor's forms in headless Chromium") else {
        return;
    };
    let Some(server) = PgServer::start("the floor's forms in headless Chromium") else {
        return;
    };
    let root = tempfile::tempdir().expect("folder");
    shipped_tables(root.path(), &server.url(), &["F1", "F2"], 3);
    let service = serve(&server.url());
    let mut browser = floor_browser(&exe, &service.url(), TOKEN);
    let cdp = &mut browser.cdp;
    cdp.wait_for(
        &format!("{} && {}", row_of("F1"), row_of("F2")),
        "both tables",
    );
    // Every cell reads (WCAG AA, 4.5:1), the pots' too; the game in words.
    assert_eq!(
        cdp.eval("document.querySelectorAll('table.room td.pot').length"),
        json!(2)
    );
    // The table that ended is shown closed, calmly (issue 27): not flagged, and its
    // grey still reads.
    cdp.wait_for(
        "document.querySelector('tr.closed[data-table=\"F1\"]')?.innerText.includes('closed')",
        "F1 closed",
    );
    let contrast = cdp.eval(&worst_contrast("table.room td")).as_f64();
    assert!(contrast.is_some_and(|c| c >= 4.5), "contrast {contrast:?}");
    cdp.wait_for(&shows("No-limit Hold'em 5/10"), "the game, named");

    // The room's filter: pick a table, press Show.
    filter_room(cdp, "F2", "F1");
    // The filter stays chosen as the page reloads itself.
    cdp.wait_for(
        "document.querySelector('select[name=table]').value === 'F2'",
        "the filter kept",
    );

    // The hands' search: from the room's link, a table and a seat typed, Find pressed.
    search_hands(cdp, "F1", "1");
    cdp.wait_for(
        "document.querySelector('tr[data-table=\"F1\"][data-hand=\"1\"]') !== null",
        "F1's hands found",
    );
    assert_eq!(
        cdp.eval("document.querySelector('tr[data-table=\"F2\"]') === null"),
        json!(true),
        "another table's hands in a search for F1"
    );
    // A search that reads wrong says so, and changes nothing.
    cdp.eval(
        "(() => { const f = document.querySelector('form.filter'); \
         f.querySelector('input[name=seat]').value = 'x'; \
         f.querySelector('button').click(); return true; })()",
    );
    cdp.wait_for(&shows("a seat is a number"), "the bad seat refused");
}

#[test]
fn the_floor_serves_with_its_store_down_and_recovers_on_its_own() {
    let Some(exe) = table_tests::peers::chromium("the floor's outage in headless Chromium") else {
        return;
    };
    let Some(mut server) = PgServer::start("the floor's outage in headless Chromium") else {
        return;
    };
    let url = server.url();
    server.stop().expect("the store stopped");

    // `floor serve` starts with its store down and says it waits for it.
    let service = serve(&url);
    let mut browser = floor_browser(&exe, &service.url(), TOKEN);
    let cdp = &mut browser.cdp;
    let down = shows("store is not reachable; retrying");
    cdp.wait_for(&down, "the store-down page");
    let reloads = "document.querySelector('meta[http-equiv=refresh]') !== null";
    assert_eq!(
        cdp.eval(reloads),
        json!(true),
        "the store-down page reloads"
    );

    // The store comes up: the same page shows the room, nobody touching it.
    server.start_again().expect("the store started");
    cdp.wait_for(&shows("No alert."), "the room, once the store is up");
    let root = tempfile::tempdir().expect("folder");
    shipped_tables(root.path(), &url, &["O1"], 2);
    cdp.wait_for(&row_of("O1"), "a table shipping");

    // An outage: the page says so, then shows the room again on its own.
    server.stop().expect("the store stopped");
    cdp.wait_for(&down, "the store-down page in an outage");
    server.start_again().expect("the store started");
    cdp.wait_for(
        &format!("{} && {}", row_of("O1"), shows("No alert.")),
        "the room back after the outage",
    );

    // The hands' search in the page's language, through an outage too.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("http://{}/floor/hands?table=O1&lang=pl", service.addr()) }),
        true,
    );
    cdp.wait_for(
        "document.querySelector('tr[data-table=\"O1\"]') !== null",
        "O1's hands",
    );
    server.stop().expect("the store stopped");
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("http://{}/floor/hands?table=O1&lang=pl", service.addr()) }),
        true,
    );
    cdp.wait_for(
        &shows("Baza floora jest nieosiągalna"),
        "the search's store-down page",
    );
    server.start_again().expect("the store started");
    cdp.wait_for(
        "document.querySelector('tr[data-table=\"O1\"]') !== null",
        "O1's hands again",
    );
}
