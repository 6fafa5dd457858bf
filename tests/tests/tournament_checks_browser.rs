//! A tournament's checks on the floor's page (`tablectl floor serve`,
//! `/floor/tournament/ID/checks`, linked from the list of tournaments) in headless
//! Chromium, on a real PostgreSQL store with tables' signed logs: in each of the five
//! languages, on a 800x480 panel and a 1920x1080 screen, the seating, the move whose
//! arrival differs with both amounts, the chips per level and the alert it raised, in
//! the page's words, no script, nothing wider than the screen. A hostile or malformed
//! id gets a short 400, an unknown one a 404. Screenshots are saved beside the clock's.
//! Skipped (one line) without Chromium or PostgreSQL.

use host::floor::words::{word, FloorWord};
use host::floor::{FloorService, ServeOptions};
use host::web::lang::{Lang, ALL};
use serde_json::json;
use std::io::{Read, Write};
use table_tests::floor_page::floor_browser;
use table_tests::store::Floor;
use table_tests::tournament_tables::{one_move, STACK};

const TOKEN: &str = "floor-checks-test-token-0123456789abc";

fn shows(text: &str) -> String {
    format!("document.body.innerText.includes({})", json!(text))
}

/// `GET path` on the floor service at `addr` with its token: the status and body.
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).expect("the floor service");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {TOKEN}\r\nConnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("an answer");
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

#[test]
fn a_tournaments_checks_show_in_every_language_on_every_screen() {
    let Some(exe) = table_tests::peers::chromium("the tournament's checks in headless Chromium")
    else {
        return;
    };
    let Some(mut floor) = Floor::start("the tournament's checks in headless Chromium") else {
        return;
    };
    // The destination records 5,000 chips more than the director moved.
    one_move(&mut floor, "FRI-1", "A1", "A2", STACK + 5_000);
    let service = FloorService::start(ServeOptions {
        url: floor.server.url(),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: TOKEN.into(),
        hosts: Vec::new(),
        lang: Lang::En,
        migrate: false,
    })
    .expect("the floor service");
    let base = service.url().replace("/floor", "");
    let addr = base.trim_start_matches("http://").to_string();

    let mut browser = floor_browser(&exe, &format!("{base}/floor/tournament"), TOKEN);
    let cdp = &mut browser.cdp;
    let link = "a[href=\"/floor/tournament/FRI-1/checks?lang=en\"]";
    cdp.wait_for(
        &format!("document.querySelector('{link}') !== null"),
        "the list's link to the checks",
    );
    cdp.eval(&format!("document.querySelector('{link}').click()"));
    cdp.wait_for(
        "location.pathname === '/floor/tournament/FRI-1/checks'",
        "the checks",
    );
    let shots = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament-checks");
    std::fs::create_dir_all(&shots).expect("a folder");
    let fits = "document.documentElement.scrollWidth <= innerWidth";
    for lang in ALL {
        let code = lang.code();
        for (w, h) in [(800, 480), (1920, 1080)] {
            cdp.viewport(w, h);
            cdp.call(
                "Page.navigate",
                json!({ "url": format!("{base}/floor/tournament/FRI-1/checks?lang={code}") }),
                true,
            );
            for (what, text) in [
                ("the seating", word(lang, FloorWord::CheckSeating)),
                ("the moves", word(lang, FloorWord::CheckMoves)),
                ("the audit", word(lang, FloorWord::CheckAudit)),
                ("the difference", word(lang, FloorWord::CheckDiffers)),
                ("the alert", word(lang, FloorWord::TournamentAlert)),
            ] {
                cdp.wait_for(&shows(text), what);
            }
            cdp.wait_for(&shows("25000"), "the arrival's chips");
            cdp.wait_for(&shows("85000"), "the chips counted");
            assert_eq!(cdp.eval("document.scripts.length"), json!(0), "no script");
            assert_eq!(
                cdp.eval(&format!("document.documentElement.lang === '{code}'")),
                json!(true)
            );
            assert_eq!(
                cdp.eval(fits),
                json!(true),
                "{code} {w}x{h}: the page is wider than the screen"
            );
            cdp.screenshot(&shots.join(format!("checks-{code}-{w}x{h}.png")));
        }
    }

    // Hostile and malformed ids: short answers that do not repeat them.
    let long = "A".repeat(5_000);
    for bad in [
        "x%27%3B%20DROP%20TABLE%20records",
        "-x",
        "%C3%A9",
        long.as_str(),
    ] {
        let (status, body) = get(&addr, &format!("/floor/tournament/{bad}/checks"));
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body.len() < 2_000, "{bad}: a short answer: {}", body.len());
        assert!(
            !body.contains("DROP") && !body.contains(&long[..100]),
            "{body}"
        );
    }
    let (status, body) = get(&addr, "/floor/tournament/NOPE/checks");
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("there is no such tournament"), "{body}");
}
