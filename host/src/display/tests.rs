//! The display's views at set moments of scripted hands: what the dealer and the
//! players read. The same moments are checked in a real browser by
//! `tests/tests/display_browser.rs`.

use super::i18n::{Lang, ALL};
use super::view::{Presenter, View};
use crate::records::scenario::Scenario;
use crate::records::time::WallTime;
use crate::{ch, sn};
use firmware::Chips;

const THREE_ALL_INS: &str = include_str!("../../../tests/scenarios/three_all_ins.scn");
const STRADDLE_PL: &str = include_str!("../../../tests/scenarios/e6_straddle.scn");
const DRAW: &str = include_str!("../../../tests/scenarios/e22_draw.scn");
const DRAW_COUNT: &str = include_str!("../../../tests/scenarios/r_draw_5_count_keyed.scn");

/// Runs a script and returns the view after the input on each line that `at`
/// names (the last input of that line).
fn views_at(script: &str, lang: Lang, at: &[usize]) -> Vec<(usize, View)> {
    let scenario = Scenario::parse(script).unwrap();
    let mut p = Presenter::new(lang, "T1", vec!["Ana".into()]);
    let mut out: Vec<(usize, View)> = Vec::new();
    scenario
        .run_with_table(|line, _, events, table| {
            p.take(table, events);
            let v = p.view(table, WallTime::EPOCH);
            if at.contains(&line) {
                out.retain(|(l, _)| *l != line);
                out.push((line, v));
            }
        })
        .unwrap();
    out
}

fn view_at(script: &str, lang: Lang, line: usize) -> View {
    views_at(script, lang, &[line]).pop().unwrap().1
}

/// Hands `i` to the table, which must take it, and returns its events.
fn input(t: &mut firmware::Table, i: firmware::Input) -> Vec<firmware::Event> {
    t.handle(i).unwrap().iter().copied().collect()
}

fn line_of(script: &str, text: &str) -> usize {
    script.lines().position(|l| l.starts_with(text)).unwrap() + 1
}

/// The 1-based number of the last line that is exactly `text`.
fn last_line_of(script: &str, text: &str) -> usize {
    script
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == text)
        .last()
        .unwrap()
        .0
        + 1
}

fn figures(v: &View) -> Vec<(&str, u64)> {
    v.turn
        .as_ref()
        .unwrap()
        .figures
        .iter()
        .map(|f| (f.label, f.amount.get()))
        .collect()
}

#[test]
fn the_turn_shows_the_engines_call_and_minimum() {
    let v = view_at(THREE_ALL_INS, Lang::En, line_of(THREE_ALL_INS, "4 allin"));
    let t = v.turn.as_ref().unwrap();
    assert_eq!(t.seat, sn(1));
    assert_eq!(t.label, "To act: Seat 1");
    assert_eq!(figures(&v), vec![("To call", 150), ("Min raise to", 290)]);
    let seat1 = &v.seats[0];
    assert!(seat1.acting);
    assert_eq!(seat1.markers[0].text, "D");
    assert_eq!(seat1.name, "Ana");
    // Nobody's cards are shown while the betting is open.
    assert!(v.seats.iter().all(|s| s.cards.is_empty()));
    assert_eq!(v.seats[3].status, "All-in");
    assert_eq!(v.seats[3].bet, ch(150));
}

#[test]
fn pot_limit_shows_the_maximum_the_dealer_announces() {
    // RULES.md E6: a straddle at pot limit; seat 5 may raise to 30..80.
    let v = view_at(STRADDLE_PL, Lang::En, line_of(STRADDLE_PL, "deal As Ks"));
    assert_eq!(
        figures(&v),
        vec![("To call", 20), ("Min raise to", 30), ("Pot-limit max", 80)]
    );
    let markers: Vec<Vec<&str>> = v
        .seats
        .iter()
        .map(|s| s.markers.iter().map(|m| m.text).collect())
        .collect();
    assert_eq!(markers[3], vec!["STR"]);
    assert_eq!(markers[1], vec!["SB"]);
    assert_eq!(markers[2], vec!["BB"]);
}

#[test]
fn three_all_ins_show_their_pots_and_the_cards_face_up() {
    let flop = line_of(THREE_ALL_INS, "deal 2c 7d 9c");
    let v = view_at(THREE_ALL_INS, Lang::En, flop);
    let pots: Vec<(String, u64, Vec<u8>)> = v
        .pots
        .iter()
        .map(|p| {
            (
                p.label.clone(),
                p.amount.get(),
                p.eligible.iter().map(|s| s.get()).collect(),
            )
        })
        .collect();
    assert_eq!(
        pots,
        vec![
            ("Main pot".to_string(), 600, vec![1, 2, 3, 4]),
            ("Side pot 1".to_string(), 450, vec![1, 2, 3]),
            ("Side pot 2".to_string(), 600, vec![1, 3]),
        ]
    );
    assert_eq!(v.pots[1].eligible_text, "Seats 1–3");
    // All-in: the hands are tabled and the equity will follow.
    assert!(v.seats.iter().all(|s| s.cards.len() == 2), "{:?}", v.seats);
    assert!(v.equity_key.is_some());
    assert_eq!(v.burns, "Burned: 1");
    assert!(v.turn.is_none());
}

/// Issue 27: a pot's seats say three or more in a row as a range, and the rest one
/// by one, so that a full table's pots each take a short line: seats 2 and 4 fold
/// before the flop, and the pot is "Seats 1, 3, 5–7".
#[test]
fn a_pots_seats_say_a_run_as_a_range() {
    const FOLDS: &str = "table holdem nl 5/10 max_players=7\n\
        seat 1 1000\nseat 2 1000\nseat 3 1000\nseat 4 1000\nseat 5 1000\nseat 6 1000\nseat 7 1000\n\
        hand\n\
        deal 2c 3c 4c 5c 6c 7c 8c 2d 3d 4d 5d 6d 7d 8d\n\
        4 fold\n5 call\n6 call\n7 call\n1 call\n2 fold\n3 check\n\
        burn 2h\ndeal 3h 4h 5h\n";
    let v = view_at(FOLDS, Lang::En, line_of(FOLDS, "deal 3h"));
    let seats: Vec<&str> = v.pots.iter().map(|p| p.eligible_text.as_str()).collect();
    assert_eq!(seats, ["Seats 1, 3, 5–7"]);
    let ru = view_at(FOLDS, Lang::Ru, line_of(FOLDS, "deal 3h"));
    assert_eq!(ru.pots[0].eligible_text, "Места 1, 3, 5–7");
}

#[test]
fn the_showdown_names_each_pots_winner_and_highlights_the_hand() {
    let river = line_of(THREE_ALL_INS, "deal 3h");
    let v = view_at(THREE_ALL_INS, Lang::En, river);
    let winners: Vec<Vec<String>> = v.pots.iter().map(|p| p.winners.clone()).collect();
    assert_eq!(
        winners,
        vec![
            vec!["Seat 4 +600".to_string()],
            vec!["Seat 2 +450".to_string()],
            vec!["Seat 3 +600".to_string()],
        ]
    );
    // Named without "pot" for a bar too narrow for two full names side by side.
    let short: Vec<&str> = v.pots.iter().map(|p| p.short_text.as_str()).collect();
    assert_eq!(short, ["Main: 600", "Side 1: 450", "Side 2: 600"]);
    let r = &v.results[0];
    assert_eq!(r.text, "Seat 4 wins 600");
    assert_eq!(r.hand.as_deref(), Some("Pair of aces"));
    assert_eq!(r.cards.len(), 5);
    // Seat 4's aces are highlighted at his seat; seat 1's jacks are not.
    assert!(v.seats[3].cards.iter().all(|c| c.hi));
    assert!(v.seats[0].cards.iter().all(|c| !c.hi));
    assert!(v.seats[3].winner && !v.seats[0].winner);
    assert_eq!(v.phase, "Showdown");
    assert!(v.equity_key.is_none());
}

#[test]
fn the_result_stays_after_the_payout_until_the_next_hand() {
    let last = line_of(THREE_ALL_INS, "award 3 600");
    let v = view_at(THREE_ALL_INS, Lang::En, last);
    assert_eq!(v.results.len(), 3);
    assert_eq!(v.seats[0].stack, ch(400));
    assert_eq!(v.phase, "Showdown");
}

#[test]
fn every_language_shows_the_same_pots_and_winners_in_its_own_words() {
    let river = line_of(THREE_ALL_INS, "deal 3h");
    let mut labels = Vec::new();
    for lang in ALL {
        let v = view_at(THREE_ALL_INS, lang, river);
        assert_eq!(v.lang, lang.code());
        let amounts: Vec<u64> = v.pots.iter().map(|p| p.amount.get()).collect();
        assert_eq!(amounts, vec![600, 450, 600], "{lang:?}");
        let eligible: Vec<Vec<u8>> = v
            .pots
            .iter()
            .map(|p| p.eligible.iter().map(|s| s.get()).collect())
            .collect();
        assert_eq!(eligible, vec![vec![1, 2, 3, 4], vec![1, 2, 3], vec![1, 3]]);
        assert!(v.pots[2].winners[0].contains('3') && v.pots[2].winners[0].contains("600"));
        labels.push(v.pots[1].label.clone());
    }
    assert_eq!(
        labels,
        vec![
            "Side pot 1",
            "Страничен пот 1",
            "Pula boczna 1",
            "Страничен пот 1",
            "Побочный банк 1"
        ]
    );
    let ru = view_at(THREE_ALL_INS, Lang::Ru, river);
    assert_eq!(ru.results[0].text, "Место 4 выигрывает 600");
    assert_eq!(ru.results[0].hand.as_deref(), Some("Пара тузов"));
    assert_eq!(ru.seats[3].cards[0].name, "туз пик");
}

/// The equity the display asks for on the flop of the three all-ins.
fn flop_equity_job() -> super::EquityJob {
    let flop = line_of(THREE_ALL_INS, "deal 2c 7d 9c");
    let scenario = Scenario::parse(THREE_ALL_INS).unwrap();
    let p = Presenter::new(Lang::En, "T1", Vec::new());
    let mut job = None;
    scenario
        .run_with_table(|line, _, _, table| {
            if line == flop {
                job = p.equity_job(table);
            }
        })
        .unwrap();
    job.unwrap()
}

/// The equity worker publishes the count of the hand on the screen only: a job
/// whose hand moved on (its flag set by the display) is given up and never shown,
/// and the next one is.
#[test]
fn the_equity_of_a_hand_that_moved_on_is_never_published() {
    use std::sync::atomic::AtomicBool;
    use std::sync::{mpsc, Arc};
    let job = flop_equity_job();
    // What the worker publishes for the job, its hand moved on or not.
    let shown = |moved_on: bool| {
        let (feeds, updates) = super::sse::Feeds::new(String::new());
        let (jobs, rx) = mpsc::channel();
        jobs.send((job.clone(), Arc::new(AtomicBool::new(moved_on))))
            .unwrap();
        drop(jobs);
        super::equity_worker(rx, feeds.equity);
        let shown = updates.equity.borrow().as_ref().map(|f| f.data());
        shown
    };
    assert_eq!(shown(true), None);
    let expected = serde_json::to_string(&job.run().unwrap()).unwrap();
    assert_eq!(shown(false).as_deref(), Some(expected.as_bytes()));
}

#[test]
fn equity_of_the_tabled_hands_is_exact() {
    let job = flop_equity_job();
    let eq = job.run().unwrap();
    // Two cards to come from 52 - 8 hole - 3 board = 41 (burns are not dead cards:
    // the screen must not reveal them).
    assert_eq!(eq.boards, 41 * 40 / 2);
    let seats: Vec<u8> = eq.seats.iter().map(|s| s.seat.get()).collect();
    assert_eq!(seats, vec![1, 2, 3, 4]);
    let win: f64 = eq.seats.iter().map(|s| s.win.parse::<f64>().unwrap()).sum();
    let tie: f64 = eq.seats.iter().map(|s| s.tie.parse::<f64>().unwrap()).sum();
    assert!((win + tie - 100.0).abs() < 0.05, "{win} + {tie}");
    // The aces lead.
    let aces: f64 = eq.seats[3].win.parse().unwrap();
    assert!(aces > 50.0, "{aces}");
}

/// Three all-ins of different sizes make a main pot and two side pots: each seat's
/// chance is given for each pot it can win, among the hands that can win that pot
/// only (seat 4, all in for the main pot alone, has no line for the side pots).
#[test]
fn equity_is_given_per_pot_among_the_hands_that_can_win_it() {
    let flop = line_of(THREE_ALL_INS, "deal 2c 7d 9c");
    let mut jobs = Vec::new();
    for lang in [Lang::En, Lang::Ru] {
        let p = Presenter::new(lang, "T1", Vec::new());
        let mut job = None;
        Scenario::parse(THREE_ALL_INS)
            .unwrap()
            .run_with_table(|line, _, _, table| {
                if line == flop {
                    job = p.equity_job(table);
                }
            })
            .unwrap();
        jobs.push(job.unwrap());
    }
    let en = jobs[0].run().unwrap();
    let seat = |n: u8| en.seats.iter().find(|s| s.seat.get() == n).unwrap();
    assert_eq!(jobs[0].pots.len(), 3, "{:?}", jobs[0].pots);
    assert_eq!(seat(4).lines.len(), 1, "{:?}", seat(4).lines);
    assert!(seat(4).lines[0].starts_with("Main "));
    assert_eq!(seat(2).lines.len(), 2, "{:?}", seat(2).lines);
    assert_eq!(seat(1).lines.len(), 3, "{:?}", seat(1).lines);
    assert!(seat(1).lines[2].starts_with("Side 2 "));
    // Each pot's shares add up to the whole pot.
    let share = |line: &str| -> f64 {
        line.rsplit(' ')
            .next()
            .unwrap()
            .trim_end_matches('%')
            .parse()
            .unwrap()
    };
    let side2: f64 = [1, 3].iter().map(|&n| share(&seat(n).lines[2])).sum();
    assert!((side2 - 100.0).abs() < 0.2, "{side2}");
    // Written as Russian writes a decimal.
    let ru = jobs[1].run().unwrap();
    // In whole words, not "Осн." (issue 27: cryptic from two metres).
    assert!(ru.seats[0].lines[0].starts_with("Основной "));
    assert!(
        ru.seats[0].lines[0].contains(','),
        "{:?}",
        ru.seats[0].lines
    );
}

#[test]
fn warnings_are_loud_or_quiet_and_each_ends_with_its_cause() {
    let mut p = Presenter::new(Lang::Pl, "T1", Vec::new());
    let scenario = Scenario::parse(THREE_ALL_INS).unwrap();
    let table = scenario.run(|_, _, _| {}).unwrap();
    p.warn(super::Warn::ShoeLost);
    p.warn(super::Warn::Engine(firmware::Warning::OverPot {
        seat: sn(3),
        asked: ch(500),
        max: ch(140),
    }));
    let v = p.view(&table, WallTime::EPOCH);
    // The lost shoe needs the dealer now: loud. The corrected amount is done: quiet.
    assert_eq!(v.banners.len(), 1);
    assert!(v.banners[0].starts_with("UTRACONO"));
    assert_eq!(v.notices.len(), 1);
    assert!(v.notices[0].contains("140"));
    for _ in 0..10 {
        p.warn(super::Warn::ShoeFault);
        p.warn(super::Warn::CardRefused(crate::session::Refusal::NoDeck));
    }
    let v = p.view(&table, WallTime::EPOCH);
    assert_eq!(v.banners.len() + v.notices.len(), super::view::MAX_BANNERS);
    // A damaged frame is a frame: the link is back, so "link lost" has ended.
    assert!(v.banners.iter().all(|b| !b.starts_with("UTRACONO")));
    let mut t = table.clone();
    let ev = input(&mut t, firmware::Input::StartHand);
    p.take(&t, &ev);
    let v = p.view(&t, WallTime::EPOCH);
    assert!(v.banners.is_empty() && v.notices.is_empty());
}

#[test]
fn a_lost_shoe_stays_loud_across_hands_until_a_card_is_read() {
    let mut p = Presenter::new(Lang::En, "T1", Vec::new());
    let scenario = Scenario::parse(THREE_ALL_INS).unwrap();
    let table = scenario.run(|_, _, _| {}).unwrap();
    p.warn(super::Warn::ShoeLost);
    let mut t = table.clone();
    let ev = input(&mut t, firmware::Input::StartHand);
    p.take(&t, &ev);
    assert_eq!(
        p.view(&t, WallTime::EPOCH).banners.len(),
        1,
        "the shoe is still silent"
    );
    let card: firmware::Card = "2c".parse().unwrap();
    let ev = input(
        &mut t,
        firmware::Input::Card(firmware::Read {
            card: Some(card),
            burn: false,
        }),
    );
    p.take(&t, &ev);
    assert!(
        p.view(&t, WallTime::EPOCH).banners.is_empty(),
        "a card came through"
    );
}

#[test]
fn each_seat_shows_its_last_action_and_undo_takes_it_back() {
    let line = line_of(THREE_ALL_INS, "1 call");
    let v = view_at(THREE_ALL_INS, Lang::En, line);
    let text = |s: u8| v.seats[usize::from(s) - 1].action_text.clone();
    assert_eq!(text(4), "All-in 150");
    assert_eq!(text(1), "Call 150");
    assert_eq!(text(3), "Post 10");
    assert_eq!(v.seats[0].action, Some("call"));
    // Every chip of the hand: 150 + 150 + 5 + 10.
    assert_eq!(v.total_pot.as_ref().unwrap().chips, ch(315));
    // UNDO: said as such, and seat 1's call is gone.
    let scenario = Scenario::parse(THREE_ALL_INS).unwrap();
    let mut p = Presenter::new(Lang::En, "T1", Vec::new());
    let mut at = None;
    scenario
        .run_with_table(|l, _, events, table| {
            if l <= line {
                p.take(table, events);
                at = Some(table.clone());
            }
        })
        .unwrap();
    let mut t = at.unwrap();
    let ev = input(&mut t, firmware::Input::Undo);
    p.take(&t, &ev);
    let v = p.view(&t, WallTime::EPOCH);
    assert_eq!(v.seats[0].action, None);
    assert_eq!(v.notices, vec!["UNDO: the last input was taken back"]);
}

#[test]
fn r_pos_1_positions_count_back_from_the_button() {
    // Ten players: button 1, blinds 2 and 3; 4-6 early, 7-9 middle, 10 and 1 late.
    let mut script = String::from("table holdem nl 5/10 max_players=10\n");
    for s in 1..=10 {
        script.push_str(&format!("seat {s} 1000\n"));
    }
    script.push_str("hand\n");
    let v = views_at(&script, Lang::En, &[script.lines().count()])
        .pop()
        .unwrap()
        .1;
    let pos: Vec<Option<&str>> = v.seats.iter().map(|s| s.position).collect();
    assert_eq!(
        pos,
        vec![
            Some("Late"),
            None,
            None,
            Some("Early"),
            Some("Early"),
            Some("Early"),
            Some("Middle"),
            Some("Middle"),
            Some("Middle"),
            Some("Late"),
        ]
    );
}

#[test]
fn figures_are_written_as_the_language_writes_numbers() {
    let v = view_at(THREE_ALL_INS, Lang::Ru, line_of(THREE_ALL_INS, "4 allin"));
    assert_eq!(v.seats[0].stack_text, "1\u{a0}000");
    let t = v.turn.as_ref().unwrap();
    assert_eq!(t.who, "Место 1");
    assert_eq!(t.figures[0].amount_text, "150");
    let v = view_at(THREE_ALL_INS, Lang::Mk, line_of(THREE_ALL_INS, "4 allin"));
    assert_eq!(v.seats[0].stack_text, "1.000");
}

#[test]
fn a_pot_paid_in_the_same_step_as_the_last_fold_still_shows_its_winner() {
    // The runtime pays an uncontested pot with the fold that ends the hand: the
    // presenter sees the fold's and the award's events at once, after the payout.
    let script = "table holdem nl 5/10\nseat 1 1000\nseat 2 1000\nseat 3 1000\nhand\n\
                  deal As Ks Qs Js Ts 9s\n1 fold\n2 fold\naward 3 10\n";
    let scenario = Scenario::parse(script).unwrap();
    let mut p = Presenter::new(Lang::En, "T1", Vec::new());
    let mut batch: Vec<firmware::Event> = Vec::new();
    let table = scenario
        .run_with_table(|line, _, events, table| {
            if line >= 8 {
                batch.extend_from_slice(events);
            } else {
                p.take(table, events);
            }
        })
        .unwrap();
    p.take(&table, &batch);
    let v = p.view(&table, WallTime::EPOCH);
    assert_eq!(v.results.len(), 1, "{v:?}");
    assert_eq!(v.results[0].text, "Seat 3 wins 10");
    assert!(v.results[0].hand.is_none(), "nobody showed");
    assert_eq!(v.phase, "Between hands");
}

/// Over random hands of every game and structure: the chips the screen shows in the
/// middle and in front of the players are the engine's pot, the figures are the
/// engine's options, and no hand is shown while it can still be bet.
#[test]
fn the_screen_adds_up_to_the_engines_pot_in_every_game() {
    use crate::session::simulated::{DirectSource, SimOptions, SimulatedTable};
    use firmware::{Game, Phase, Structure};
    for (i, (game, structure)) in [
        (Game::Holdem, Structure::NoLimit),
        (Game::Holdem, Structure::PotLimit),
        (Game::Holdem, Structure::FixedLimit),
        (Game::Omaha, Structure::PotLimit),
        (Game::OmahaHiLo, Structure::FixedLimit),
        (Game::FiveCardDraw, Structure::NoLimit),
    ]
    .into_iter()
    .enumerate()
    {
        let opts = SimOptions {
            hands: 40,
            players: 6,
            game,
            structure,
            seed: 11 + i as u64,
            ..SimOptions::default()
        };
        let mut p = Presenter::new(Lang::Bg, "T1", Vec::new());
        let mut checked = 0u32;
        let mut bench = SimulatedTable::new(&opts, DirectSource, None).unwrap();
        bench.observe(Box::new(
            |table: &firmware::Table, outcome: &crate::session::Outcome| {
                let crate::session::Outcome::Accepted(events) = outcome else {
                    return;
                };
                p.take(table, events);
                let v = p.view(table, WallTime::EPOCH);
                let Some(h) = table.hand().filter(|_| table.in_hand()) else {
                    return;
                };
                if h.phase == Phase::Settling {
                    return;
                }
                let middle: Chips = v.pots.iter().map(|x| x.amount).sum();
                let bets: Chips = v.seats.iter().map(|s| s.bet).sum();
                assert_eq!(middle + bets, h.pot(), "{game:?} {structure:?}: {v:?}");
                match (table.options(), &v.turn) {
                    (Some(o), Some(t)) => {
                        assert_eq!(t.seat, o.seat);
                        assert_eq!(t.figures[0].amount, o.call);
                        if let Some(r) = o.raise {
                            assert_eq!(t.figures[1].amount, r.min_to);
                            if structure == Structure::PotLimit {
                                assert_eq!(t.figures[2].amount, r.max_to);
                            }
                        }
                    }
                    (None, None) => {}
                    // The exchange's turn is the drawer's (R-DRAW-5).
                    (None, Some(t)) if h.drawer() == Some(t.seat) && t.figures.is_empty() => {}
                    (o, t) => panic!("engine {o:?}, screen {t:?}"),
                }
                if h.phase == Phase::Betting {
                    assert!(v.seats.iter().all(|s| s.cards.is_empty()), "{v:?}");
                }
                checked += 1;
            },
        ));
        bench.run(opts.hands, &mut |_| {}).unwrap();
        drop(bench);
        assert!(checked > 500, "{game:?}: {checked}");
    }
}

const CALLED_RIVER: &str =
    include_str!("../../../tests/scenarios/r_show_1_called_bettor_shows_first.scn");

/// R-SHOW-1..3, PD-SHOW: a hand's cards reach the players' screen only once it is
/// tabled. When the river bet is called nobody's cards are shown; the bettor shows
/// first; a hand mucked in turn never appears, nor does one not yet shown.
#[test]
fn r_show_3_only_tabled_hands_are_on_the_screen() {
    let called = last_line_of(CALLED_RIVER, "2 call");
    let shown = line_of(CALLED_RIVER, "show 3");
    let mucked = last_line_of(CALLED_RIVER, "muck 1");
    let views = views_at(CALLED_RIVER, Lang::En, &[called, shown, mucked]);
    let at = |line: usize| &views.iter().find(|(l, _)| *l == line).unwrap().1;
    let faces = |v: &View| -> Vec<usize> { v.seats.iter().map(|s| s.cards.len()).collect() };
    assert_eq!(
        faces(at(called)),
        vec![0, 0, 0],
        "the showdown opens face down"
    );
    assert!(at(called).seats.iter().all(|s| s.backs == 2));
    assert_eq!(faces(at(shown)), vec![0, 0, 2], "seat 3 shows first");
    assert_eq!(
        faces(at(mucked)),
        vec![0, 0, 2],
        "seat 1's muck is never seen"
    );
    assert_eq!(at(mucked).seats[0].backs, 0);
    assert!(at(mucked).pots.iter().all(|p| p.winners.is_empty()));
}

/// PD-SHOW: all in with the betting over, every hand is tabled before the board.
#[test]
fn pd_show_all_in_hands_are_on_the_screen_before_the_board() {
    let v = view_at(
        THREE_ALL_INS,
        Lang::En,
        last_line_of(THREE_ALL_INS, "1 call"),
    );
    assert!(
        v.seats.iter().take(4).all(|s| s.cards.len() == 2),
        "{:?}",
        v.seats
    );
}

/// PD-RAKE: the house's share is on the screen with the result, in the screen's
/// language; nothing is said when nothing is taken.
#[test]
fn pd_rake_the_rake_taken_is_shown_with_the_result() {
    let river = line_of(THREE_ALL_INS, "deal 3h");
    let raked = THREE_ALL_INS.replacen(
        "table holdem nl 5/10",
        "table holdem nl 5/10 rake_pct=5 rake_cap=40",
        1,
    );
    assert_ne!(raked, THREE_ALL_INS, "the script's table line");
    let v = view_at(&raked, Lang::En, river);
    assert_eq!(v.rake.as_deref(), Some("Rake: 40"));
    let v = view_at(&raked, Lang::Ru, river);
    assert_eq!(v.rake.as_deref(), Some("Рейк: 40"));
    assert_eq!(view_at(THREE_ALL_INS, Lang::En, river).rake, None);
}

/// R-DRAW-5: a count keyed is what the seat shows, whatever the discards read so far.
#[test]
fn r_draw_5_the_count_keyed_is_shown_at_the_seat() {
    let at = |text: &str| view_at(DRAW_COUNT, Lang::En, line_of(DRAW_COUNT, text));
    let v = at("draw 1");
    assert_eq!(v.seats[1].action_text, "Draws 1");
    let v = at("draw 2");
    assert_eq!(
        v.seats[1].action_text, "Draws 2",
        "one discard read, two asked"
    );
    let v = view_at(DRAW_COUNT, Lang::Pl, line_of(DRAW_COUNT, "discard 3s"));
    assert_eq!(v.seats[0].action_text, "Wymienia 1");
}

#[test]
fn r_draw_the_draw_is_shown_in_its_own_words() {
    let at = |text: &str| view_at(DRAW, Lang::En, line_of(DRAW, text));
    let v = at("2 check");
    assert_eq!(v.phase, "Before the draw");
    assert!(v.board.is_empty() && !v.burns_shown);
    // R-DRAW-3: everyone checked; the redeal is said as such until the cards come.
    let v = at("1 check");
    assert!(
        v.notices[0].starts_with("Everyone checked"),
        "{:?}",
        v.notices
    );
    // R-DRAW-5: the exchange has its turn, and each drawer's count.
    let v = at("discard Js Ts 8s");
    assert_eq!(v.phase, "Draw");
    let t = v.turn.as_ref().unwrap();
    assert_eq!((t.who_label, t.who.as_str()), ("To draw", "Seat 4"));
    assert!(v.seats[3].acting);
    assert_eq!(v.seats[3].action_text, "Draws 3");
    assert_eq!(
        v.total_pot.as_ref().unwrap().chips,
        ch(8),
        "the redeal's pot stays"
    );
    let v = at("discard Qd");
    assert_eq!(v.turn.as_ref().unwrap().who, "Seat 1");
    assert_eq!(v.seats[0].action_text, "Draws 1");
    let v = at("deal 7h");
    assert_eq!(v.phase, "After the draw");
}

#[test]
fn the_dealers_view_says_the_next_step_the_amount_keyed_and_what_was_refused() {
    let scenario = Scenario::parse(THREE_ALL_INS).unwrap();
    let mut p = Presenter::new(Lang::En, "T1", Vec::new());
    let mut nexts = Vec::new();
    let mut at = None;
    let mut dealt = Vec::new();
    scenario
        .run_with_table(|_, _, events, table| {
            p.take(table, events);
            let d = p.view(table, WallTime::EPOCH).dealer;
            nexts.push(d.next);
            // The first turn, once every hole card is out.
            if at.is_none() && table.options().is_some() {
                at = Some(table.clone());
                dealt = d.inputs;
            }
        })
        .unwrap();
    // Hole cards go out from seat 2, left of the button; then the turns, the burn.
    assert!(nexts.contains(&"Deal to Seat 2".to_string()), "{nexts:?}");
    assert!(nexts.contains(&"To act: Seat 4".to_string()));
    assert!(nexts.contains(&"Burn a card".to_string()));
    assert_eq!(nexts.last().unwrap(), "Press NEXT HAND", "the hand is paid");
    let table = at.unwrap();
    p.keyed(Some(1250));
    p.refused(&crate::session::Refusal::Rule(
        firmware::RuleError::BelowMinimum { min: ch(290) },
    ));
    let d = p.view(&table, WallTime::EPOCH).dealer;
    assert_eq!(d.keyed.as_deref(), Some("1,250"));
    assert_eq!(d.refused, vec!["the minimum is 290: enter at least 290"]);
    // Floor mode: the floor's number and PIN as dots, never as digits.
    p.floor_mode(Some(6));
    let d = p.view(&table, WallTime::EPOCH).dealer;
    assert_eq!(d.keyed.as_deref(), Some("FLOOR: ••••••"));
    p.floor_mode(None);
    assert_eq!(
        p.view(&table, WallTime::EPOCH).dealer.keyed.as_deref(),
        Some("1,250")
    );
    // No hole card is ever named: a dealt card says only where it went.
    assert!(
        dealt.iter().all(|i| i.starts_with("Deal to Seat")),
        "{dealt:?}"
    );
    assert_eq!(d.shoe, "Shoe: working");
    p.warn(super::Warn::ShoeLost);
    let d = p.view(&table, WallTime::EPOCH).dealer;
    assert!(d.shoe_alarm && d.shoe.ends_with("SILENT"));
    // The panel beside the shoe: its last press, and when (the page counts the
    // seconds since).
    assert_eq!(d.panel, "Panel: no key pressed yet");
    assert_eq!(d.panel_at_ms, None);
    p.pressed(
        firmware::buttons::Key::Fold,
        WallTime::from_unix_millis(1_000),
    );
    let d = p.view(&table, WallTime::EPOCH).dealer;
    assert_eq!(d.panel, "Panel: working, last key FOLD");
    assert_eq!(d.panel_at_ms, Some(WallTime::from_unix_millis(1_000)));
    let mut ru = Presenter::new(Lang::Ru, "T1", Vec::new());
    ru.pressed(
        firmware::buttons::Key::Seat(sn(4)),
        WallTime::from_unix_millis(5),
    );
    assert_eq!(
        ru.view(&table, WallTime::EPOCH).dealer.panel,
        "Панель: работает, последняя кнопка МЕСТО 4"
    );
    // A key stuck down: said, loud, in the dealer's language, with no seconds
    // counted; once released, the last press again.
    p.stuck(Some(firmware::buttons::Key::Fold));
    let d = p.view(&table, WallTime::EPOCH).dealer;
    assert_eq!(
        d.panel,
        "Panel: key stuck: FOLD, release it or check the panel"
    );
    assert!(d.panel_alarm);
    assert_eq!(d.panel_at_ms, None);
    ru.stuck(Some(firmware::buttons::Key::Seat(sn(4))));
    assert_eq!(
        ru.view(&table, WallTime::EPOCH).dealer.panel,
        "Панель: залипла кнопка: МЕСТО 4, отпустите её или проверьте панель"
    );
    p.stuck(None);
    let d = p.view(&table, WallTime::EPOCH).dealer;
    assert_eq!(d.panel, "Panel: working, last key FOLD");
    assert!(!d.panel_alarm);
    assert_eq!(d.panel_at_ms, Some(WallTime::from_unix_millis(1_000)));
}

/// Every string of `value` but the codes the page keys its colours and cards on.
fn texts(value: &serde_json::Value, out: &mut Vec<String>) {
    const CODES: [&str; 7] = [
        "lang",
        "suit",
        "rank",
        "symbol",
        "code",
        "action",
        "equity_key",
    ];
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| texts(v, out)),
        serde_json::Value::Object(o) => o
            .iter()
            .filter(|(k, _)| !CODES.contains(&k.as_str()))
            .for_each(|(_, v)| texts(v, out)),
        _ => {}
    }
}

/// The text of an HTML page, its markup taken out.
pub(crate) fn html_text(page: &str) -> String {
    let mut out = String::new();
    let mut tag = false;
    for c in page.chars() {
        match c {
            '<' => tag = true,
            '>' => {
                tag = false;
                out.push(' ');
            }
            c if !tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// No English is left on any page in another language: the players' screen and
/// the dealer's view over a hand of each kind (side pots and a showdown, a straddle
/// with its markers, the draw), with refused cards and keys, the shoe's troubles,
/// UNDO and a misdeal; and the floor view's pages.
#[test]
fn no_english_is_left_on_any_page_in_another_language() {
    use crate::session::Refusal;
    use firmware::RuleError;
    for lang in ALL.into_iter().filter(|&l| l != Lang::En) {
        let mut shown = Vec::new();
        for script in [THREE_ALL_INS, STRADDLE_PL, DRAW] {
            let mut p = Presenter::new(lang, "T1", Vec::new());
            let mut last = None;
            Scenario::parse(script)
                .unwrap()
                .run_with_table(|_, _, events, table| {
                    p.take(table, events);
                    let v = serde_json::to_value(p.view(table, WallTime::EPOCH)).unwrap();
                    texts(&v, &mut shown);
                    last = Some(table.clone());
                })
                .unwrap();
            let table = last.unwrap();
            let kd: firmware::Card = "Kd".parse().unwrap();
            p.refused(&Refusal::Rule(RuleError::OutOfTurn { expected: sn(5) }));
            p.refused(&Refusal::Key(firmware::console::ConsoleError::NoAmount));
            p.warn(super::Warn::CardRefused(Refusal::Rule(
                RuleError::DuplicateCard(kd),
            )));
            p.warn(super::Warn::ShoeFault);
            p.warn(super::Warn::ShoeLost);
            p.keyed(Some(12_345));
            texts(
                &serde_json::to_value(p.view(&table, WallTime::EPOCH)).unwrap(),
                &mut shown,
            );
        }
        let index = super::index::FloorIndex::new("T1");
        shown.push(html_text(&super::floor::list_page(lang, &index)));
        shown.push(html_text(&super::floor::hand_page(lang, &index, 3).1));
        for text in &shown {
            if let Some(e) = super::i18n::english_left(lang, text) {
                panic!("{lang:?}: English left: {e}");
            }
        }
    }
}

/// Issue 17: the floor store's line on the dealer's view, in every language: all
/// sent, records waiting, out of reach (the table deals on) and refused, the last
/// two loud.
#[test]
fn the_floor_stores_line_says_what_waits_and_what_needs_the_floor() {
    use super::dealer::{link_view, FloorLink};
    let sent = FloorLink {
        connected: true,
        backlog: 0,
        refused: false,
        trouble: None,
    };
    let line = link_view(Lang::En, &sent);
    assert_eq!(line.text, "Floor store: connected, every record sent");
    assert!(!line.alarm);
    let waiting = FloorLink {
        backlog: 12_345,
        ..sent
    };
    let line = link_view(Lang::En, &waiting);
    assert_eq!(line.text, "Floor store: connected · not yet sent: 12,345");
    assert!(!line.alarm);
    let down = FloorLink {
        connected: false,
        ..waiting
    };
    let line = link_view(Lang::En, &down);
    assert_eq!(
        line.text,
        "Floor store: NOT CONNECTED (the table deals on) · not yet sent: 12,345"
    );
    assert!(line.alarm);
    let refused = FloorLink {
        refused: true,
        ..waiting
    };
    let line = link_view(Lang::En, &refused);
    assert_eq!(
        line.text,
        "Floor store: THE STORE REFUSED THE LOG: call the floor · not yet sent: 12,345"
    );
    assert!(line.alarm);
    assert_eq!(
        link_view(Lang::Ru, &down).text,
        format!(
            "Центральная база: НЕТ СВЯЗИ (стол продолжает игру) · не отправлено: {}",
            Lang::Ru.number(12_345)
        )
    );
    // Every language says each case in its own words, with the count as it writes
    // numbers.
    for lang in super::i18n::ALL {
        let texts: Vec<String> = [sent, waiting, down, refused]
            .iter()
            .map(|l| link_view(lang, l).text)
            .collect();
        for (i, t) in texts.iter().enumerate() {
            assert!(
                t.starts_with(lang.word(super::i18n::Word::FloorStore)),
                "{t}"
            );
            assert_eq!(t.contains(&lang.number(12_345)), i > 0, "{t}");
            assert!(texts[..i].iter().all(|o| o != t), "{texts:?}");
        }
    }
}

/// Issue 27: a table not connected says why in the dealer's words, in every
/// language: an outage (the table deals on), a wrong password, an id not given, a
/// certificate or a version, each its own line.
#[test]
fn the_floor_stores_line_says_why_it_is_not_connected() {
    use super::dealer::{link_view, FloorLink, FloorTrouble};
    let troubles = [
        FloorTrouble::Unreachable,
        FloorTrouble::LoginRefused,
        FloorTrouble::IdNotGiven,
        FloorTrouble::Certificate,
        FloorTrouble::Version,
    ];
    let down = |trouble| FloorLink {
        connected: false,
        backlog: 3,
        refused: false,
        trouble: Some(trouble),
    };
    assert_eq!(
        link_view(Lang::En, &down(FloorTrouble::LoginRefused)).text,
        "Floor store: NOT CONNECTED: wrong password: call the floor (the table deals on) · not yet sent: 3"
    );
    for lang in super::i18n::ALL {
        let texts: Vec<String> = troubles
            .iter()
            .map(|t| link_view(lang, &down(*t)))
            .inspect(|v| assert!(v.alarm))
            .map(|v| v.text)
            .collect();
        for (i, t) in texts.iter().enumerate() {
            assert!(texts[..i].iter().all(|o| o != t), "{texts:?}");
        }
    }
}

// Tests for issue 26: the players' screen names and hints no hidden card.

const FOLD_TO_RIVER_BET: &str =
    include_str!("../../../tests/scenarios/issue26_fold_to_a_river_bet.scn");
const CALLER_WINS_UNSEEN: &str =
    include_str!("../../../tests/scenarios/issue26_caller_wins_unseen.scn");
const TABLED_FOLD_OUT: &str =
    include_str!("../../../tests/scenarios/issue26_tabled_table_fold_out.scn");
const ALL_IN_TABLED: &str =
    include_str!("../../../tests/scenarios/pd_show_all_in_hands_tabled.scn");

fn card(c: &str) -> firmware::Card {
    c.parse().unwrap()
}

/// Whether the view, as the page gets it, shows `c` in any way: as a card drawn,
/// by its code, face or name in any language.
fn view_shows(v: &View, c: firmware::Card) -> bool {
    let json = serde_json::to_string(v).unwrap();
    let face = super::view::CardView::new(c, Lang::En, false);
    let drawn = format!("\"rank\":\"{}\",\"suit\":\"{}\"", face.rank, face.suit);
    json.contains(&drawn) || super::screen_text::names(&json, c)
}

/// Whether any card of the view is highlighted, on the board, a seat or the results.
fn anything_lit(v: &View) -> bool {
    serde_json::to_string(v).unwrap().contains("\"hi\":true")
}

/// Nothing of a hand nobody saw: no hole card up, no highlight, no hand's name.
fn nothing_of_unseen_hands(v: &View, hidden: &[&str], at: &str) {
    assert!(v.seats.iter().all(|s| s.cards.is_empty()), "{at}: cards up");
    assert!(!anything_lit(v), "{at}: a highlight");
    for r in &v.results {
        assert!(
            r.hand.is_none() && r.cards.is_empty() && r.low.is_none(),
            "{at}: {r:?}"
        );
    }
    for c in hidden {
        assert!(!view_shows(v, card(c)), "{at}: {c} shown");
    }
}

/// Issue 26, R-STREET-3: everyone folds to a river bet. The last hand wins unseen:
/// no card of it, no highlight of its best five (the board's 3, Q and J would tell
/// seat 3's threes) and no name, before and after the pot is paid, in every
/// language; the same at a table that tables every hand at a showdown (there was
/// none).
#[test]
fn r_street_3_a_hand_won_by_folds_shows_nothing_of_it() {
    for script in [FOLD_TO_RIVER_BET, TABLED_FOLD_OUT] {
        let (folded, paid) = (line_of(script, "2 fold"), line_of(script, "award 3"));
        for lang in ALL {
            for (line, v) in views_at(script, lang, &[folded, paid]) {
                let at = format!("{lang:?} line {line}");
                nothing_of_unseen_hands(&v, &["3h", "3d", "9c", "9d", "As", "Kc"], &at);
                assert!(v.seats[2].winner, "{at}: the winner is no secret");
            }
        }
    }
}

/// Issue 26, R-SHOW-1, R-SHOW-3: the river bet is called and the bettor mucks, so
/// the caller wins without showing: his straight is neither drawn, named nor lit
/// on the board, and the mucked hand never shows.
#[test]
fn r_show_3_a_caller_who_wins_unseen_highlights_nothing() {
    let script = CALLER_WINS_UNSEEN;
    let at = [
        line_of(script, "1 call"),
        line_of(script, "muck 3"),
        line_of(script, "award 1"),
    ];
    for lang in ALL {
        for (line, v) in views_at(script, lang, &at) {
            let at = format!("{lang:?} line {line}");
            nothing_of_unseen_hands(&v, &["As", "Kc", "3h", "3d", "9c", "9d"], &at);
        }
    }
}

/// PD-SHOW: all-in hands are tabled, so once the pot is settled the winner's five
/// are highlighted and his hand named, as before issue 26.
#[test]
fn pd_show_all_in_hands_tabled_keep_their_highlight() {
    let v = view_at(
        ALL_IN_TABLED,
        Lang::En,
        line_of(ALL_IN_TABLED, "expect phase settling") - 1,
    );
    assert!(anything_lit(&v), "the winner's five are lit");
    let named: Vec<&String> = v.results.iter().filter_map(|r| r.hand.as_ref()).collect();
    assert!(!named.is_empty(), "{:?}", v.results);
    // Only tabled hands are up; the folded seat's cards never.
    assert!(v.seats[2].cards.is_empty());
    assert!(!view_shows(&v, card("Ks")) && !view_shows(&v, card("Kh")));
}

/// Issue 26, PD-RFID: a hole card read twice, a burn read again at the burn slot
/// and at the exit: the refusals reach the banner and the dealer's part of the
/// players' screen by their kind only, in every language; the board stays lit by
/// nothing and no hidden card or burn is named.
#[test]
fn pd_rfid_a_card_or_burn_read_twice_is_refused_without_naming_it() {
    use crate::session::table::{Outcome, Refusal};
    use firmware::{Input, Read, RuleError};
    let script = FOLD_TO_RIVER_BET;
    let burned = line_of(script, "burn 2c");
    for lang in ALL {
        let scenario = Scenario::parse(script).unwrap();
        let mut p = Presenter::new(lang, "T1", Vec::new());
        let mut at_burn = None;
        scenario
            .run_with_table(|line, _, events, table| {
                p.take(table, events);
                if line == burned {
                    at_burn = Some(table.clone());
                }
            })
            .unwrap();
        let mut t = at_burn.unwrap();
        p.take(&t, &[]);
        for read in [
            Read::card(card("As")),
            Read::card(card("Kc")),
            Read::burn(card("2c")),
            Read::card(card("2c")),
        ] {
            let e = t.handle(Input::Card(read)).unwrap_err();
            if matches!(read, Read { burn: false, .. }) {
                assert!(matches!(e, RuleError::DuplicateCard(_)), "{e:?}");
            }
            // The real shoe's path (the banner) and a keyed or scripted read's (the
            // dealer's part).
            p.report(&t, &Outcome::CardRefused(Refusal::Rule(e)));
            p.report(&t, &Outcome::Refused(Refusal::Rule(e)));
            let v = p.view(&t, WallTime::EPOCH);
            for c in ["As", "Kc", "9c", "9d", "3h", "3d", "2c"] {
                assert!(!view_shows(&v, card(c)), "{lang:?}: {c} in {v:?}");
            }
            assert!(!anything_lit(&v));
        }
        let v = p.view(&t, WallTime::EPOCH);
        let twice = super::screen_text::Withheld::ReadTwice.text(lang);
        assert!(
            v.banners.iter().any(|b| b.ends_with(&twice)),
            "{lang:?}: {:?}",
            v.banners
        );
        assert!(v.dealer.refused.iter().any(|r| *r == twice.as_str()));
    }
}

const HILO: &str = include_str!("../../../tests/scenarios/r_hilo_1_award_low_half.scn");

/// Issue 27: a hi/lo pot's winners are named in the pot's box with the half each won.
#[test]
fn r_hilo_4_each_winner_is_named_with_the_pot_and_its_half() {
    let v = view_at(HILO, Lang::En, line_of(HILO, "deal Qs"));
    assert_eq!(
        v.pots[0].winners,
        vec![
            "High: Seat 1 +45".to_string(),
            "Low: Seat 2 +45".to_string(),
        ]
    );
    let ru = view_at(HILO, Lang::Ru, line_of(HILO, "deal Qs"));
    assert_eq!(ru.pots[0].winners[1], "Лоу: Место 2 +45");
}

/// Issue 27: the limits line says the stakes in words: the blinds of a blinds game;
/// the ante and the fixed-limit bets of draw, and no blind marker there (nobody
/// posts one).
#[test]
fn the_limits_line_says_the_stakes_and_an_ante_game_marks_no_blind() {
    let v = view_at(THREE_ALL_INS, Lang::En, line_of(THREE_ALL_INS, "hand"));
    assert_eq!(v.limits, "Blinds 5/10");
    assert!(!v.title.contains("5/10"), "{}", v.title);
    let d = view_at(DRAW, Lang::En, line_of(DRAW, "deal"));
    assert_eq!(d.limits, "Ante 1 · Bets 2/4");
    assert!(
        d.seats
            .iter()
            .all(|s| s.markers.iter().all(|m| m.code != "bb" && m.code != "sb")),
        "{:?}",
        d.seats
    );
    let pl = view_at(DRAW, Lang::Pl, line_of(DRAW, "deal"));
    assert_eq!(pl.limits, "Ante 1 · Zakłady 2/4");
    assert!(pl.title.contains("Pięciokartowy dobierany"), "{}", pl.title);
}

/// Between hands the players' screen keeps the last hands' results: seats and
/// chips, no card and no hand's name.
#[test]
fn the_last_hands_results_are_kept_for_the_screen_between_hands() {
    let text = format!("{THREE_ALL_INS}\nhand\n");
    let v = view_at(&text, Lang::En, text.lines().count());
    assert_eq!(
        v.last_hands,
        vec!["Hand 1: Seat 4 wins 600, Seat 2 wins 450, Seat 3 wins 600".to_string()]
    );
}
