//! The tournament clock on the room's wall screens (`tablectl floor serve`,
//! `/floor/tournament/ID`) in headless Chromium, on a real PostgreSQL store: in each
//! of the five languages, on a 800x480 panel and a 1920x1080 screen, the page fits
//! the screen without scrolling, its words are the language's, its time counts down
//! on its own, a pause shows, a break shows the level to come, and the list of
//! tournaments links to the clock. A row chained but not signed by the director is
//! refused, never shown. Screenshots are saved for the README.
//! Skipped (one line) without Chromium or PostgreSQL; `.ci/run` requires both.

use host::floor::tournaments::TournamentLog;
use host::floor::{FloorService, ServeOptions, Store};
use host::records::handlog::TableKey;
use host::records::time::WallTime;
use host::tournament::TournamentEvent;
use host::web::lang::{Lang, ALL};
use serde_json::json;
use table_tests::floor_page::floor_browser;
use table_tests::postgres::PgServer;
use table_tests::tablectl::now_ms;

const TOKEN: &str = "floor-clock-test-token-0123456789abc";
const FRIDAY: &str = include_str!("../tournaments/friday.toml");
const MIN: u64 = 60_000;

/// Whether the page's text contains `text`, as a page expression.
fn shows(text: &str) -> String {
    format!("document.body.innerText.includes({})", json!(text))
}

/// A tournament of `players` entries on two tables, its clock started `ago_ms` ago.
fn tournament(
    store: &mut Store,
    key: &TableKey,
    id: &str,
    players: u32,
    ago_ms: u64,
) -> TournamentLog {
    let start = now_ms() - ago_ms;
    let mut log = TournamentLog::create(
        store,
        key,
        id,
        TournamentEvent::Created {
            structure: FRIDAY.to_string(),
            tables: vec!["T1".into(), "T2".into()],
            seats: 9,
            director: key.public().to_string(),
        },
    )
    .expect("a tournament");
    for n in 1..=players {
        log.append(
            store,
            key,
            TournamentEvent::Registered {
                entry: n,
                player: format!("Player {n}"),
                table: if n % 2 == 0 { "T1" } else { "T2" }.into(),
                seat: (n.div_ceil(2)) as u8,
                at: WallTime::from_unix_millis(start - 1),
            },
        )
        .expect("registered");
    }
    log.append(
        store,
        key,
        TournamentEvent::Started {
            at: WallTime::from_unix_millis(start),
        },
    )
    .expect("started");
    log
}

#[test]
fn the_clock_fits_every_wall_screen_in_every_language_and_counts_down() {
    let Some(exe) = table_tests::peers::chromium("the tournament clock in headless Chromium")
    else {
        return;
    };
    let Some(server) = PgServer::start("the tournament clock in headless Chromium") else {
        return;
    };
    let url = server.url();
    let mut store = Store::open(&url).expect("the store");
    let key = TableKey::from_seed([7; 32]);
    // FRI: level 2 (BB ante), 5 minutes in. BRK: in the break after level 4.
    let mut fri = tournament(&mut store, &key, "FRI", 16, 25 * MIN);
    tournament(&mut store, &key, "BRK", 4, 83 * MIN);
    let service = FloorService::start(ServeOptions {
        url: url.clone(),
        bind: "127.0.0.1:0".parse().expect("address"),
        token: TOKEN.into(),
        hosts: Vec::new(),
        lang: Lang::En,
        migrate: false,
    })
    .expect("the floor service");
    let base = service.url().replace("/floor", "");
    let mut browser = floor_browser(&exe, &format!("{base}/floor/tournament"), TOKEN);
    let cdp = &mut browser.cdp;
    cdp.wait_for(&shows("Friday 100"), "the list of tournaments");
    cdp.wait_for(
        "document.querySelector('a[href^=\"/floor/tournament/FRI\"]') !== null",
        "a link to the clock",
    );
    let shots = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament-clock");
    std::fs::create_dir_all(&shots).expect("a folder");
    let fits = "document.documentElement.scrollHeight <= innerHeight \
                && document.documentElement.scrollWidth <= innerWidth";
    let time = "document.querySelector('.clock-time').innerText";
    for lang in ALL {
        let code = lang.code();
        let level = host::floor::words::with(lang, host::floor::words::FloorWord::ClockLevel, 2);
        let bba = host::floor::words::word(lang, host::floor::words::FloorWord::ClockBigBlindAnte);
        let players = host::floor::words::word(lang, host::floor::words::FloorWord::ClockPlayers);
        for (w, h) in [(800, 480), (1920, 1080)] {
            cdp.viewport(w, h);
            cdp.call(
                "Page.navigate",
                json!({ "url": format!("{base}/floor/tournament/FRI?lang={code}") }),
                true,
            );
            cdp.wait_for(&shows(&level), "the level, in the page's language");
            cdp.wait_for(
                &shows(&format!("150/300 · {bba} 300")),
                "the blinds and ante",
            );
            cdp.wait_for(&shows(players), "the players left");
            cdp.wait_for(&shows("16 / 16"), "16 of 16 entries");
            cdp.wait_for(&shows("1600.00"), "the prize pool");
            let shown = cdp.eval(time).as_str().unwrap_or_default().to_string();
            assert!(
                shown.len() >= 4 && shown.contains(':') && shown.starts_with('1'),
                "{code} {w}x{h}: about 15 minutes left, shown {shown}"
            );
            assert_eq!(
                cdp.eval(fits),
                json!(true),
                "{code} {w}x{h}: the clock does not fit the screen"
            );
            cdp.screenshot(&shots.join(format!("clock-{code}-{w}x{h}.png")));
        }
    }
    // It counts down on its own: the page reloads itself.
    let first = cdp.eval(time);
    cdp.wait_for(&format!("{time} !== {first}"), "the next second");

    // Paused: it says so, and the time stands.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("{base}/floor/tournament/FRI?lang=en") }),
        true,
    );
    fri.append(
        &mut store,
        &key,
        TournamentEvent::Paused {
            at: WallTime::from_unix_millis(now_ms()),
        },
    )
    .expect("paused");
    cdp.wait_for(&shows("PAUSED"), "the pause");
    cdp.wait_for(
        "document.querySelector('.clock').dataset.paused === '1'",
        "the pause",
    );
    // A break: the level to come is what the room sees.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("{base}/floor/tournament/BRK?lang=en") }),
        true,
    );
    cdp.wait_for(&shows("Break"), "the break");
    cdp.wait_for(&shows("400/800 · Big-blind ante 800"), "level 5's stakes");
    cdp.wait_for(&shows("Next level 500/1000"), "level 6 next");
    assert_eq!(cdp.eval(fits), json!(true));
    cdp.screenshot(&shots.join("clock-en-break.png"));

    // A row chained as the store asks but not signed by the director: refused.
    store
        .client()
        .execute(
            "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
             SELECT 'BRK', e.seq + 1, $1::text,
                    sha256(e.hash || int8send(e.seq + 1) || convert_to($1::text, 'UTF8')),
                    decode(repeat('00', 64), 'hex')
             FROM tournament_events e WHERE e.tournament_id = 'BRK'
             ORDER BY e.seq DESC LIMIT 1",
            &[&r#"{"type":"time_added","at_ms":1,"ms":3600000}"#],
        )
        .expect("a chained row");
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("{base}/floor/tournament/BRK?lang=en") }),
        true,
    );
    cdp.wait_for(&shows("is not its director's"), "the forged row refused");
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("{base}/floor/tournament/NOPE") }),
        true,
    );
    cdp.wait_for(
        &shows("there is no tournament NOPE"),
        "an unknown tournament",
    );
}
