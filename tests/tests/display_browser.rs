//! The table display in a real browser: headless Chromium opens the page served by
//! the bench table's display, a scripted hand with three all-ins of different sizes
//! is played through it, and at set moments the text on the page is checked (to
//! call, the minimum raise, the pots with their eligible seats, the equity, the
//! winners), in each of the five languages. Screenshots are saved; each update's
//! delay from the engine's input to the page is measured in the page and reported.
//!
//! Chromium is Debian's `chromium` package (`.ci/run` installs it and sets
//! `REQUIRE_BROWSER=1`, so in CI a missing browser fails the test instead of
//! skipping it).

mod browser;

use browser::{Cdp, STEP_TIMEOUT};
use firmware::Phase;
use host::display::{DisplayOptions, Lang, TableDisplay};
use host::records::scenario::Scenario;
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

const SCRIPT: &str = include_str!("../scenarios/three_all_ins.scn");

/// What each language must show at each moment.
struct Expected {
    lang: Lang,
    turn: [&'static str; 4],
    pots: [&'static str; 6],
    winners: [&'static str; 4],
}

const EXPECTED: [Expected; 5] = [
    Expected {
        lang: Lang::En,
        turn: ["To act", "Seat 1", "To call", "Min raise to"],
        pots: [
            "Main pot: 600",
            "Seats 1–4",
            "Side pot 1: 450",
            "Seats 1–3",
            "Side pot 2: 600",
            "Seats 1, 3",
        ],
        winners: ["Seat 4 +600", "Seat 2 +450", "Seat 3 +600", "Pair of aces"],
    },
    Expected {
        lang: Lang::Mk,
        turn: ["На ред", "Место 1", "За изедначување", "Мин. покачување до"],
        pots: [
            "Главен пот: 600",
            "Места 1–4",
            "Страничен пот 1: 450",
            "Места 1–3",
            "Страничен пот 2: 600",
            "Места 1, 3",
        ],
        winners: [
            "Место 4 +600",
            "Место 2 +450",
            "Место 3 +600",
            "Пар од асови",
        ],
    },
    Expected {
        lang: Lang::Pl,
        turn: ["Kolej", "Miejsce 1", "Do sprawdzenia", "Min. podbicie do"],
        pots: [
            "Pula główna: 600",
            "Miejsca 1–4",
            "Pula boczna 1: 450",
            "Miejsca 1–3",
            "Pula boczna 2: 600",
            "Miejsca 1, 3",
        ],
        winners: [
            "Miejsce 4 +600",
            "Miejsce 2 +450",
            "Miejsce 3 +600",
            "Para asów",
        ],
    },
    Expected {
        lang: Lang::Bg,
        turn: ["На ход", "Място 1", "За плащане", "Мин. вдигане до"],
        pots: [
            "Основен пот: 600",
            "Места 1–4",
            "Страничен пот 1: 450",
            "Места 1–3",
            "Страничен пот 2: 600",
            "Места 1, 3",
        ],
        winners: ["Място 4 +600", "Място 2 +450", "Място 3 +600", "Чифт аса"],
    },
    Expected {
        lang: Lang::Ru,
        turn: ["Ход", "Место 1", "Уравнять", "Мин. рейз до"],
        pots: [
            "Основной банк: 600",
            "Места 1–4",
            "Побочный банк 1: 450",
            "Места 1–3",
            "Побочный банк 2: 600",
            "Места 1, 3",
        ],
        winners: ["Место 4 +600", "Место 2 +450", "Место 3 +600", "Пара тузов"],
    },
];

fn line_of(text: &str) -> usize {
    SCRIPT.lines().position(|l| l.starts_with(text)).unwrap() + 1
}

fn assert_shows(cdp: &mut Cdp, selector: &str, texts: &[&str], moment: &str) {
    let shown = cdp
        .eval(&format!("document.querySelector('{selector}').innerText"))
        .as_str()
        .unwrap_or_default()
        .to_string();
    for t in texts {
        assert!(
            shown.contains(t),
            "{moment}: `{t}` is not in {selector}:\n{shown}"
        );
    }
}

/// R-SHOW-1: while the betting is open nothing the page or any route of the players'
/// screen holds shows a card dealt but not on the board (a hole card or a burn): the
/// seats show only backs, and the state, the floor's old paths and any other path,
/// fetched from the page as a stranger's browser would, name none of them.
fn no_card_of_the_hand_in_progress(cdp: &mut Cdp, table: &firmware::Table) {
    let hand = table.hand().expect("a hand in progress");
    let board: Vec<firmware::Card> = hand.board.iter().flatten().copied().collect();
    let hidden: Vec<firmware::Card> = hand.seen.iter().filter(|c| !board.contains(c)).collect();
    assert!(hidden.len() >= 8, "the hole cards are dealt: {hidden:?}");
    none_of(cdp, &hidden, 0);
}

/// The page shows `faces` card faces at the seats, and neither the page nor any
/// route of the players' screen names a card of `hidden`.
fn none_of(cdp: &mut Cdp, hidden: &[firmware::Card], faces: usize) {
    let shown = cdp.eval("document.querySelectorAll('.seat .card:not(.back)').length");
    assert_eq!(shown, json!(faces), "hole card faces on the page");
    let fetched = cdp.eval(
        "['/state', '/floor', '/floor/hand/1', '/floor/hand/0', '/nothing'].map((p) => { \
           const x = new XMLHttpRequest(); x.open('GET', p, false); x.send(); \
           return [p, x.status, x.responseText]; })",
    );
    let mut texts = vec![cdp
        .eval("document.documentElement.outerHTML")
        .as_str()
        .unwrap_or_default()
        .to_string()];
    for r in fetched.as_array().expect("the routes' answers") {
        let (path, status) = (r[0].as_str().unwrap_or_default(), &r[1]);
        if path.starts_with("/floor") {
            assert_eq!(
                status,
                &json!(404),
                "{path}: no floor view on the players' screen"
            );
        }
        texts.push(r[2].as_str().unwrap_or_default().to_string());
    }
    for text in &texts {
        for c in hidden {
            let code = c.to_string();
            let (rank, suit) = code.split_at(code.len() - 1);
            let rank = if rank == "T" { "10" } else { rank };
            let as_view = format!("\"rank\":\"{rank}\",\"suit\":\"{suit}\"");
            assert!(!text.contains(&as_view), "{code} in {text}");
        }
    }
}

/// Plays the script on a display in `e.lang`, checking the page at each moment.
fn play(cdp: &mut Cdp, e: &Expected, shots: &Path) -> Vec<f64> {
    let code = e.lang.code();
    let mut opts = DisplayOptions::local(0, "T1");
    opts.lang = e.lang;
    let mut display = TableDisplay::start(opts).unwrap();
    cdp.open(&display.url());
    let (turn, flop, river) = (
        line_of("4 allin"),
        line_of("deal 2c 7d 9c"),
        line_of("deal 3h"),
    );
    let scenario = Scenario::parse(SCRIPT).unwrap();
    scenario
        .run_with_table(|line, _, events, table| {
            // Every update reaches the page by itself (no reload, no polling).
            cdp.show(&mut display, table, events);
            if line == turn {
                no_card_of_the_hand_in_progress(cdp, table);
                assert_shows(cdp, "#turn", &e.turn, "the turn");
                assert_shows(cdp, "#turn", &["150", "290"], "the turn");
                cdp.screenshot(&shots.join(format!("display-{code}-turn.png")));
            }
            if line == flop {
                assert_shows(cdp, "#pots", &e.pots, "the flop");
                // The tabled hands' exact equity follows the view.
                cdp.wait_for(
                    "document.getElementById('equity-4').textContent.includes('%')",
                    "the equity",
                );
                cdp.screenshot(&shots.join(format!("display-{code}-allin.png")));
            }
            if line == river {
                // The bar: each pot with its winner in its own box, under the pot's
                // name and amount ("Side pot 1: 450" ... "Seat 2 +450"), so two
                // pots of one amount are never read as one.
                for i in 0..3 {
                    let pot = format!("#bar #pots .pot:nth-child({})", i + 1);
                    assert_shows(cdp, &pot, &[e.pots[2 * i], e.winners[i]], "the showdown");
                }
                // The hand that won, in the winner's own box.
                assert_shows(cdp, "#seat-4", &e.winners[3..], "the showdown");
                // Seat 4's aces and the winning five are highlighted (two in his
                // hand, three on the board); no equity is left.
                let hi = cdp.eval("document.querySelectorAll('#seat-4 .card.hi').length");
                assert_eq!(hi, json!(2));
                let five = cdp
                    .eval("document.querySelectorAll('#seat-4 .card.hi, #board .card.hi').length");
                assert_eq!(five, json!(5));
                let equity = cdp.eval("document.getElementById('equity-4').textContent");
                assert_eq!(equity, json!(""));
                cdp.screenshot(&shots.join(format!("display-{code}-showdown.png")));
            }
        })
        .unwrap();
    let lat = cdp.eval("window.__display.latencies");
    lat.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

/// RULES.md E6 at pot limit: after the straddle the first player may raise to 30..80,
/// and the page says so in large type.
fn pot_limit_maximum(cdp: &mut Cdp, shots: &Path) {
    const E6: &str = include_str!("../scenarios/e6_straddle.scn");
    let moment = E6
        .lines()
        .position(|l| l.starts_with("deal As Ks"))
        .unwrap()
        + 1;
    let mut display = TableDisplay::start(DisplayOptions::local(0, "T1")).unwrap();
    cdp.open(&display.url());
    let mut checked = false;
    Scenario::parse(E6)
        .unwrap()
        .run_with_table(|line, _, events, table| {
            cdp.show(&mut display, table, events);
            if line == moment && table.options().is_some() {
                assert_shows(
                    cdp,
                    "#turn",
                    &[
                        "To act",
                        "Seat 5",
                        "To call",
                        "20",
                        "Min raise to",
                        "30",
                        "Pot-limit max",
                        "80",
                    ],
                    "the pot-limit turn",
                );
                assert_shows(cdp, "#seat-4", &["STR"], "the straddle");
                cdp.screenshot(&shots.join("display-en-pot-limit.png"));
                checked = true;
            }
        })
        .unwrap();
    assert!(checked);
}

/// R-SHOW-1..3 at the live showdown: no hand is on the players' screen (the page,
/// its state, any route) before it is tabled, and a mucked hand never is.
fn live_showdown(cdp: &mut Cdp, shots: &Path) {
    const SHOWDOWN: &str = include_str!("../scenarios/r_show_1_called_bettor_shows_first.scn");
    let mut display = TableDisplay::start(DisplayOptions::local(0, "T1")).unwrap();
    cdp.open(&display.url());
    let mut moments = Vec::new();
    Scenario::parse(SHOWDOWN)
        .unwrap()
        .run_with_table(|_, _, events, table| {
            cdp.show(&mut display, table, events);
            let Some(h) = table.hand().filter(|_| table.in_hand()) else {
                return;
            };
            if !matches!(h.phase, Phase::Showdown | Phase::Settling) {
                return;
            }
            let cfg = table.config();
            let tabled: Vec<firmware::SeatNo> = firmware::SeatNo::up_to(cfg.max_players)
                .filter(|&s| h.tabled(cfg, s))
                .collect();
            let open: Vec<firmware::Card> = h
                .board
                .iter()
                .flatten()
                .copied()
                .chain(
                    tabled
                        .iter()
                        .flat_map(|&s| h.player(s).hole.into_iter().flatten()),
                )
                .collect();
            let hidden: Vec<firmware::Card> = h.seen.iter().filter(|c| !open.contains(c)).collect();
            none_of(cdp, &hidden, 2 * tabled.len());
            moments.push(tabled.len());
        })
        .unwrap();
    // Face down when the showdown opens; seat 3's hand alone; then seat 2's too,
    // seat 1's muck never seen.
    assert_eq!(moments.first(), Some(&0), "{moments:?}");
    assert!(
        moments.contains(&1) && moments.last() == Some(&2),
        "{moments:?}"
    );
    cdp.screenshot(&shots.join("display-en-live-showdown.png"));
}

/// Issue 26, attack 5 (PD-RFID): a hole card read twice and a burn read again reach
/// the red banner of the players' page in the card-free words of their kind, in
/// every language, and neither the page nor its state names the card.
fn a_card_read_twice_on_the_red_banner(cdp: &mut Cdp, shots: &Path) {
    use firmware::{Input, Read};
    use host::display::screen_text::{names, Withheld};
    use host::session::live::{Outcome, Refusal};
    const FOLDS: &str = include_str!("../scenarios/issue26_fold_to_a_river_bet.scn");
    let burned = FOLDS.lines().position(|l| l == "burn 2c").unwrap() + 1;
    for lang in host::display::i18n::ALL {
        let mut opts = DisplayOptions::local(0, "T26");
        opts.lang = lang;
        let mut display = TableDisplay::start(opts).unwrap();
        cdp.open(&display.url());
        let mut at_burn = None;
        Scenario::parse(FOLDS)
            .unwrap()
            .run_with_table(|line, _, events, table| {
                if at_burn.is_none() {
                    cdp.show(&mut display, table, events);
                }
                if line == burned {
                    at_burn = Some(table.clone());
                }
            })
            .unwrap();
        let mut table = at_burn.expect("the flop's burn");
        let hidden: Vec<firmware::Card> = ["As", "Kc", "3h", "2c"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let twice = Withheld::ReadTwice.text(lang);
        for &card in &[hidden[0], hidden[3]] {
            let e = table.handle(Input::Card(Read::card(card))).unwrap_err();
            // What the runtime does with a refused read of the shoe.
            display.report(&table, &Outcome::CardRefused(Refusal::Rule(e)));
            cdp.wait_for(
                &format!(
                    "document.getElementById('banners').innerText.includes({})",
                    json!(twice)
                ),
                "the red banner",
            );
            let banner = cdp
                .eval("document.querySelector('#banners .banner:not(.quiet)').innerText")
                .as_str()
                .unwrap_or_default()
                .to_string();
            assert!(banner.ends_with(&twice), "{lang:?}: {banner}");
            let page = cdp
                .eval(
                    "document.documentElement.outerHTML + (() => { \
                       const x = new XMLHttpRequest(); x.open('GET', '/state', false); x.send(); \
                       return x.responseText; })()",
                )
                .as_str()
                .unwrap_or_default()
                .to_string();
            for &c in &hidden {
                assert!(!names(&page, c), "{lang:?}: {c} on the page: {banner}");
            }
        }
        if lang == Lang::En {
            cdp.screenshot(&shots.join("display-en-card-read-twice.png"));
        }
    }
}

/// The controller restarts (systemd brings it back): the open page reconnects by
/// itself and takes the new run's views, although their count starts again.
fn restart(cdp: &mut Cdp) {
    let t = Scenario::parse(SCRIPT).unwrap().run(|_, _, _| {}).unwrap();
    let mut first = TableDisplay::start(DisplayOptions::local(0, "Before")).unwrap();
    let addr = first.addr();
    for _ in 0..5 {
        first.show(&t, &[]);
    }
    cdp.call("Page.navigate", json!({ "url": first.url() }), true);
    cdp.wait_for("document.title.startsWith('Before')", "the first run");
    drop(first);
    let mut o = DisplayOptions::local(addr.port(), "After");
    o.bind = addr;
    // The old server lets go of the port as it shuts down.
    let started = Instant::now();
    let mut second = loop {
        match TableDisplay::start(o.clone()) {
            Ok(d) => break d,
            Err(e) => assert!(started.elapsed() < STEP_TIMEOUT, "{e}"),
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    second.show(&t, &[]);
    cdp.wait_for("document.title.startsWith('After')", "the restarted run");
}

#[test]
fn scripted_hands_in_the_browser_in_every_language() {
    let Some((mut browser, shots)) = browser::start("display") else {
        return;
    };
    pot_limit_maximum(&mut browser.cdp, &shots);
    live_showdown(&mut browser.cdp, &shots);
    a_card_read_twice_on_the_red_banner(&mut browser.cdp, &shots);
    restart(&mut browser.cdp);
    let mut all = Vec::new();
    for e in &EXPECTED {
        let lat = play(&mut browser.cdp, e, &shots);
        assert_eq!(lat.len(), 29, "{:?}: one delay per input", e.lang);
        all.extend(lat);
    }
    all.sort_by(f64::total_cmp);
    let pct = |p: f64| all[((all.len() - 1) as f64 * p).round() as usize];
    let report = format!(
        "display update delay, engine input to page (ms), {} updates in 5 languages: median {}, 95th percentile {}, max {}\n",
        all.len(),
        pct(0.5),
        pct(0.95),
        pct(1.0)
    );
    let drawing = browser.cdp.eval(
        "(() => { const d = window.__display.drawing.slice().sort((a, b) => a - b); \
           return d[Math.floor(d.length / 2)]; })()",
    );
    let report = format!(
        "{report}of which drawing and laying out the page, median of the last language: {:.1} ms\n",
        drawing.as_f64().unwrap_or_default()
    );
    eprint!("{report}");
    std::fs::write(shots.join("latency.txt"), &report).unwrap();
    eprintln!("screenshots: {}", shots.display());
}

/// How long a test idles on a live table: over six times the page's own limit
/// (page.js, `STALE_AFTER_MS`, 1.6 s) with nothing but the heartbeat to hear, long
/// enough for any timer of the page's to have run many times over.
const IDLE: Duration = Duration::from_secs(10);

/// Records in the page every moment it shows itself not live: the NOT LIVE box
/// shown (with its words) or the turn greyed out (the `stale` class), each seen as it
/// happens by an observer, so that a moment between two looks of the test is never
/// missed. `window.__notLive` is the list; empty while the page stays live.
const RECORD_NOT_LIVE: &str = "(() => { const seen = window.__notLive = []; \
    const status = document.getElementById('status'); \
    const look = () => { \
      if (!status.hidden) seen.push('shown: ' + status.innerText); \
      if (document.body.classList.contains('stale')) seen.push('greyed out'); }; \
    const watch = new MutationObserver(look); \
    watch.observe(document.body, { attributes: true, attributeFilter: ['class'] }); \
    watch.observe(status, { attributes: true, childList: true, subtree: true, characterData: true }); \
    look(); return true; })()";

/// The three-all-ins script up to seat 4's all-in: a hand in progress, seat 1 to act.
fn mid_hand() -> firmware::Table {
    let turn = line_of("4 allin");
    let mut table = None;
    Scenario::parse(SCRIPT)
        .unwrap()
        .run_with_table(|line, _, _, t| {
            if line == turn {
                table = Some(t.clone());
            }
        })
        .unwrap();
    table.expect("the table at seat 1's turn")
}

/// Issue 27, item 1: the players' screen and the dealer's view stay live for ten
/// seconds on a live table nobody touches (a hand in progress, seat 1 to act: the
/// page hears only the heartbeat, and browsers drop an event without data), never
/// once saying NOT LIVE, and say it once the controller stops. The only durations
/// are the idle itself and the guards against a hang.
#[test]
fn an_idle_table_stays_live_and_a_stopped_one_does_not() {
    let Some((mut browser, shots)) = browser::start("liveness") else {
        return;
    };
    let cdp = &mut browser.cdp;
    let t = mid_hand();
    let mut display = TableDisplay::start(DisplayOptions::local(0, "T1")).unwrap();
    display.show(&t, &[]);
    for path in ["", "dealer"] {
        cdp.open(&format!("{}{path}", display.url()));
        cdp.wait_for(
            "window.__display.live === true && !document.getElementById('turn').hidden",
            "a live page with the turn",
        );
        assert_eq!(cdp.eval(RECORD_NOT_LIVE), json!(true));
        let beats = cdp.eval("window.__display.beats").as_u64().unwrap_or(0);
        // The table is idle: nothing is shown, the page hears only the heartbeat.
        std::thread::sleep(IDLE);
        let now = cdp.eval("window.__display.beats").as_u64().unwrap_or(0);
        assert!(now > beats, "/{path}: no heartbeat heard while idle");
        assert_eq!(
            cdp.eval("window.__notLive"),
            json!([]),
            "/{path}: said not live on a live, idle table"
        );
        assert_eq!(cdp.eval("window.__display.live"), json!(true), "/{path}");
        eprintln!(
            "/{path}: live through {} s idle, {} heartbeats heard",
            IDLE.as_secs(),
            now - beats
        );
        cdp.screenshot(&shots.join(format!(
            "idle-{}.png",
            if path.is_empty() { "players" } else { path }
        )));
    }
    // The controller stops: the dealer's view says so in large type, and the
    // recording saw it come.
    drop(display);
    cdp.wait_for(
        "!document.getElementById('status').hidden && document.body.classList.contains('stale')",
        "the page saying it is not live",
    );
    assert_eq!(cdp.eval("window.__display.live"), json!(false));
    let said = cdp.eval("document.getElementById('status').innerText");
    // Its stream gone, the page says it is cut off from the controller (with the
    // stream open and silent, a hung controller, it says NOT LIVE).
    assert!(
        said.as_str()
            .is_some_and(|s| s.contains("not shown live") || s.contains("NOT LIVE")),
        "{said}"
    );
    let seen = cdp.eval("window.__notLive.some((s) => s.startsWith('shown: '))");
    assert_eq!(seen, json!(true), "the recording missed the NOT LIVE box");
    cdp.screenshot(&shots.join("stopped-dealer.png"));
}
