//! A tournament on the table's own screens, in headless Chromium: the players'
//! screen and the dealer's view of a nine-seat table at the flop, with the
//! tournament's panel (level, blinds and big-blind ante, time left, next level,
//! players, average stack, prize pool), on the Pi's 800x480 and a 1920x1080 screen
//! in the five languages: nothing off the screen, cut off or covering a seat, the
//! pot or the board (the players' screen's own layout check, `browser::layout`).
//! The time counts down on the page between two reads with no update from the
//! server; a paused clock leaves the page quiet for seconds and never says NOT
//! LIVE; the follower's "stale" shows as a warning; a cash table shows no panel.
//!
//! The panel is fed a fixed tournament (no store needed); the last test feeds it
//! from a real PostgreSQL store through the table's follower, as `tablectl table
//! --tournament` does, and stops the store to turn the warning on.
//!
//! No assertion is on a duration: waits are bounded only by a guard against a hang.

mod browser;

use browser::layout::{floors, settle, CHECK};
use browser::Cdp;
use firmware::{Chips, Duration as Left};
use host::display::i18n::english_left;
use host::display::tournament::{panel, TableClock};
use host::display::{DisplayOptions, Lang, TableDisplay};
use host::records::scenario::Scenario;
use host::records::time::WallTime;
use host::tournament::{AnteKind, Level, Period, Prize, Reading};
use serde_json::json;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Nine seats at the blinds of level 3, played to the flop: seat 4 raised, seats 7
/// and 3 called, the others folded; seat 3 to act.
const NINE_SEATS: &str = "table holdem nl 200/400 max_players=9
seat 1 20000
seat 2 18450
seat 3 31200
seat 4 12800
seat 5 20000
seat 6 26650
seat 7 9400
seat 8 20000
seat 9 22100
hand
deal As Ks Qs Js Ts 9s 8s 7s 6s Ad Kd Qd Jd Td 9d 8d 7d 6d
4 raise 1000
5 fold
6 fold
7 call
8 fold
9 fold
1 fold
2 fold
3 call
burn 2c
deal Ah Kh 7c
";

fn level(sb: u64, bb: u64) -> Level {
    Level {
        small_blind: Chips::new(sb),
        big_blind: Chips::new(bb),
        ante: Chips::new(bb),
        ante_kind: AnteKind::BigBlind,
        minutes: 20,
    }
}

/// Level 3 of a tournament of 180 entries, 12:34 left.
fn level_three() -> TableClock {
    TableClock {
        reading: Reading {
            period: Period::Level(3),
            left: Some(Left::from_millis(12 * 60_000 + 34_000)),
            paused: false,
        },
        level: Some(level(200, 400)),
        next: Some(level(300, 600)),
        players_left: 143,
        entries: 180,
        average_stack: Chips::new(25_174),
        prize_pool: Prize(1_800_000),
        stale_since: None,
    }
}

/// What feeds a table's panel: the table's follower, or a test's fixed clock.
type Feed = Box<dyn FnMut(WallTime) -> Option<TableClock> + Send>;

/// A feed of the clock in `shown`, which the test changes.
fn fixed(shown: &Arc<Mutex<TableClock>>) -> Option<Feed> {
    let shown = shown.clone();
    Some(Box::new(move |_| shown.lock().ok().map(|c| *c)))
}

/// A display in `lang` showing the nine-seat table at the flop, its panel fed by
/// `feed` (none: a cash table), opened at `path` ("" or "dealer").
fn table(cdp: &mut Cdp, lang: Lang, feed: Option<Feed>, path: &str) -> TableDisplay {
    let mut opts = DisplayOptions::local(0, "T1");
    opts.lang = lang;
    let mut display = TableDisplay::start(opts).expect("the display");
    if let Some(feed) = feed {
        display.watch_tournament(feed).expect("the panel's thread");
    }
    cdp.viewport(800, 480);
    cdp.open(&format!("{}{path}", display.url()));
    Scenario::parse(NINE_SEATS)
        .expect("the script")
        .run_with_table(|_, _, events, t| display.show(t, events))
        .expect("the hand to the flop");
    cdp.wait_for(
        "document.querySelectorAll('#board .card').length === 3",
        "the flop",
    );
    display
}

/// The screens a tournament table meets: the Pi's and a 1920x1080 one.
const SCREENS: [(u32, u32); 2] = [(800, 480), (1920, 1080)];

/// No layout problem at either screen size; a screenshot of each kept in `shots`.
fn fits(cdp: &mut Cdp, what: &str, shots: &Path) {
    for (w, h) in SCREENS {
        cdp.viewport(w, h);
        settle(cdp);
        let (key, fig) = floors(w, h);
        let problems = cdp.eval(&format!("{CHECK}({key}, {fig})"));
        let file = shots.join(format!("{what}-{w}x{h}.png"));
        cdp.screenshot(&file);
        assert_eq!(
            problems,
            json!([]),
            "{what} at {w}x{h} (screenshot {})",
            file.display()
        );
    }
}

/// The nine-seat table in `lang` at `path`, its panel showing level 3 from a clock
/// the test may change.
fn tournament_table(
    cdp: &mut Cdp,
    lang: Lang,
    path: &str,
) -> (TableDisplay, Arc<Mutex<TableClock>>) {
    let shown = Arc::new(Mutex::new(level_three()));
    let display = table(cdp, lang, fixed(&shown), path);
    cdp.wait_for(
        "document.querySelector('#tournament .t-time') !== null",
        "the tournament's panel",
    );
    (display, shown)
}

fn text(cdp: &mut Cdp, selector: &str) -> String {
    cdp.eval(&format!(
        "(document.querySelector('{selector}') || {{}}).innerText || ''"
    ))
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// The page counts the time down by itself: the shown time changes, with no
/// update of the panel heard meanwhile.
fn ticks_on_its_own(cdp: &mut Cdp, what: &str) {
    let heard = cdp.eval("window.__display.tournaments");
    let first = text(cdp, "#tournament .t-time");
    cdp.wait_for(
        &format!(
            "document.querySelector('#tournament .t-time').innerText !== {}",
            json!(first)
        ),
        "the time left to count down",
    );
    let then = text(cdp, "#tournament .t-time");
    assert_eq!(
        cdp.eval("window.__display.tournaments"),
        heard,
        "{what}: {first} then {then}, with no update from the server"
    );
    assert!(then < first, "{what}: counts down: {first} then {then}");
}

#[test]
fn the_tournament_panel_fits_both_screens_in_every_language_and_ticks() {
    let Some((mut browser, shots)) = browser::start("tournament-table") else {
        return;
    };
    let cdp = &mut browser.cdp;
    for lang in host::display::i18n::ALL {
        let code = lang.code();
        let (_display, shown) = tournament_table(cdp, lang, "");
        let want = panel(lang, &level_three());
        let said = text(cdp, "#tournament");
        for part in [
            &want.period,
            &want.stakes,
            &want.figures[0].value,
            &want.figures[2].value,
        ] {
            assert!(said.contains(part.as_str()), "{code}: `{part}` in {said}");
        }
        assert!(
            said.contains(want.next.as_deref().unwrap_or("?")),
            "{code}: {said}"
        );
        let page = cdp.eval("document.body.innerText");
        if lang != Lang::En {
            let left = english_left(lang, page.as_str().unwrap_or_default());
            assert_eq!(left, None, "{code}: English left on the page");
        }
        ticks_on_its_own(cdp, code);
        fits(cdp, &format!("tournament-{code}"), &shots);
        // The store goes silent: the warning shows, the clock runs on.
        if let Ok(mut c) = shown.lock() {
            c.stale_since = Some(WallTime::from_unix_millis(1_764_363_840_000));
        }
        cdp.wait_for(
            "document.querySelector('#tournament .t-stale') !== null",
            "the warning that the clock is as last heard",
        );
        let warning = text(cdp, "#tournament .t-stale");
        assert!(warning.contains("21:04"), "{code}: {warning}");
        ticks_on_its_own(cdp, code);
        fits(cdp, &format!("tournament-stale-{code}"), &shots);
    }
}

#[test]
fn the_dealers_view_shows_the_tournament_too() {
    let Some((mut browser, shots)) = browser::start("tournament-table") else {
        return;
    };
    let cdp = &mut browser.cdp;
    for lang in host::display::i18n::ALL {
        let code = lang.code();
        let _display = tournament_table(cdp, lang, "dealer");
        cdp.wait_for(
            "document.querySelector('#dealer .d-next') !== null",
            "the dealer's view under the panel",
        );
        fits(cdp, &format!("dealer-tournament-{code}"), &shots);
    }
}

/// A paused clock sends nothing for as long as it is paused: the page, hearing its
/// heartbeats, stays live and quiet, and says the clock is paused.
#[test]
fn a_paused_clock_leaves_the_page_live_and_quiet() {
    let Some((mut browser, _)) = browser::start("tournament-table") else {
        return;
    };
    let cdp = &mut browser.cdp;
    let mut paused = level_three();
    paused.reading.paused = true;
    let _display = table(cdp, Lang::En, fixed(&Arc::new(Mutex::new(paused))), "");
    cdp.wait_for(
        "document.querySelector('#tournament .t-paused') !== null",
        "the clock said paused",
    );
    let heard = cdp.eval("window.__display.tournaments");
    let beats = cdp
        .eval("window.__display.beats")
        .as_u64()
        .unwrap_or_default();
    let mut alarmed = false;
    while cdp
        .eval("window.__display.beats")
        .as_u64()
        .unwrap_or_default()
        < beats + 4
    {
        alarmed |= cdp.eval(
            "document.body.classList.contains('stale') || !document.getElementById('status').hidden",
        ) == json!(true);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        !alarmed,
        "the page said it was not live while its heartbeats came"
    );
    assert_eq!(
        cdp.eval("window.__display.tournaments"),
        heard,
        "nothing sent while paused"
    );
    assert_eq!(
        text(cdp, "#tournament .t-time"),
        "12:34",
        "a paused clock stands still"
    );
    assert_eq!(text(cdp, "#tournament .t-paused"), "PAUSED");
}

/// A cash table's screens have no panel at all.
#[test]
fn a_cash_table_shows_no_panel() {
    let Some((mut browser, _)) = browser::start("tournament-table") else {
        return;
    };
    let cdp = &mut browser.cdp;
    let _display = table(cdp, Lang::En, None, "");
    assert_eq!(
        cdp.eval(
            "document.getElementById('tournament') === null \
             && !document.body.classList.contains('tournament')"
        ),
        json!(true)
    );
}

/// As `tablectl table --tournament` does: the table's follower reads its tournament
/// from a real store and feeds the screens; the store stops, and the screens say
/// the clock is as last heard while it runs on.
#[test]
fn a_tables_follower_feeds_its_screens_and_a_silent_store_says_so() {
    use host::floor::clock_follow::ClockFollower;
    use host::floor::StoreLink;
    let Some((mut browser, _)) = browser::start("tournament-table") else {
        return;
    };
    let Some(mut server) = table_tests::postgres::PgServer::start("a table following its clock")
    else {
        return;
    };
    let url = server.url();
    friday_on_t1(&url);
    let link = StoreLink::parse(&url).expect("the store's address");
    let follower = ClockFollower::start(link, "T1", std::time::Duration::from_millis(200))
        .expect("the follower");
    let feed: Feed = Box::new(move |now| {
        follower
            .latest()
            .map(|t| TableClock::read(&t.log.state, now, t.heard, t.stale))
    });
    let cdp = &mut browser.cdp;
    let _display = table(cdp, Lang::En, Some(feed), "");
    cdp.wait_for(
        "(document.querySelector('#tournament') || {}).innerText?.includes('Level 2')",
        "the tournament's level, from the store",
    );
    let said = text(cdp, "#tournament");
    assert!(said.contains("150/300 · Big-blind ante 300"), "{said}");
    assert!(said.contains("4 / 4"), "{said}");
    assert_eq!(text(cdp, "#tournament .t-stale"), "", "the store answers");
    server.stop().expect("the store stops");
    cdp.wait_for(
        "document.querySelector('#tournament .t-stale') !== null",
        "the warning that the floor is not answering",
    );
    let warning = text(cdp, "#tournament .t-stale");
    assert!(warning.contains("the floor is not answering"), "{warning}");
    assert_eq!(
        cdp.eval("window.__display.live"),
        json!(true),
        "the table's own link is fine"
    );
}

/// Friday's tournament in the store at `url`, seating tables T1 and T2, four entries,
/// its clock at level 2 (150/300, big-blind ante 300), five minutes in.
fn friday_on_t1(url: &str) {
    use host::floor::tournaments::TournamentLog;
    use host::floor::Store;
    use host::records::handlog::TableKey;
    use host::tournament::TournamentEvent;
    let key = TableKey::from_seed([7; 32]);
    let mut store = Store::open(url).expect("the store");
    let start = table_tests::tablectl::now_ms() - 25 * 60_000;
    let at = WallTime::from_unix_millis;
    let mut log = TournamentLog::create(
        &mut store,
        &key,
        "FRI",
        TournamentEvent::Created {
            structure: include_str!("../tournaments/friday.toml").to_string(),
            tables: vec!["T1".into(), "T2".into()],
            seats: 9,
            director: key.public().to_string(),
        },
    )
    .expect("a tournament");
    for n in 1..=4u32 {
        let table = if n % 2 == 0 { "T1" } else { "T2" };
        let event = TournamentEvent::Registered {
            entry: n,
            player: format!("Player {n}"),
            table: table.into(),
            seat: n.div_ceil(2) as u8,
            at: at(start - 1),
        };
        log.append(&mut store, &key, event).expect("registered");
    }
    log.append(&mut store, &key, TournamentEvent::Started { at: at(start) })
        .expect("started");
}

/// The bench table itself: `tablectl table --tournament --floor-db URL --table-id
/// T1` shows the tournament that seats T1 on its players' screen, and deals at the
/// level its clock is at.
#[test]
fn the_bench_table_shows_its_tournament() {
    let Some((mut browser, _)) = browser::start("tournament-table") else {
        return;
    };
    let Some(server) = table_tests::postgres::PgServer::start("a bench table's tournament") else {
        return;
    };
    let url = server.url();
    friday_on_t1(&url);
    let dir = tempfile::tempdir().expect("a folder");
    let data = dir.path().join("t1").display().to_string();
    let args = [
        "table",
        "--data",
        &data,
        "--table-id",
        "T1",
        "--floor-db",
        &url,
        "--tournament",
        "--display",
        "127.0.0.1:0",
        "--floor",
        "127.0.0.1:0",
        "--hands",
        "100000",
        "--pace",
        "500",
    ];
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let mut table = table_tests::tablectl::Process::start("T1", &args);
    let page = table.wait_line("display: http");
    let cdp = &mut browser.cdp;
    cdp.viewport(800, 480);
    cdp.open(&format!("http{page}"));
    cdp.wait_for(
        "(document.querySelector('#tournament') || {}).innerText?.includes('Level 2')",
        "the tournament's level on the bench table's screen",
    );
    assert!(text(cdp, "#tournament").contains("4 / 4"));
    // And it deals by that clock: level 2's stakes are set before its next hand.
    table.wait_line("tournament: dealing");
    let level = table.wait_line("level 2 (was 0): blinds ");
    assert!(level.starts_with("150/300"), "{level}");
    table.kill();
}
