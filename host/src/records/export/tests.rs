//! The export's tests: hands played at a table writing its log, exported, read back
//! by our parser and replayed to what the table paid.

use super::history::{array, num, plain, player_order};
use super::walk::{follow_engine, Logged};
use super::*;
use crate::money::settle;
use crate::records::handlog::{parse_input, HandLog, Record};
use crate::records::phh::{parse_str, to_phhs};
use crate::records::phh::{Number, PhhAction, Value, Variant};
use crate::records::replay::replay_with;
use crate::{ch, sn};
use firmware::{Chips, Input, Structure, Table};
use firmware::{Game, Phase};

/// Plays a script of log inputs (the scenario syntax) at a table writing its hand
/// log in `dir`. `deal all` deals unknown hole cards to everyone, `fold out` folds
/// to the last player, `settle` pays the pot as the host's showdown says.
fn play(dir: &Path, cfg: TableConfig, script: &str) -> Table {
    let (mut log, _) = HandLog::open(
        dir,
        "t1",
        &crate::records::handlog::TableKey::from_seed([9; 32]),
    )
    .expect("log");
    log.append(
        crate::records::time::WallTime::from_unix_millis(1),
        Record::Config { config: cfg },
    )
    .expect("config");
    let mut t = Table::new(cfg).expect("table");
    let mut ms = 1_000;
    let mut feed = |t: &mut Table, input: Input| {
        ms += 10;
        let r = t.handle(input);
        log.append(
            crate::records::time::WallTime::from_unix_millis(ms),
            Record::outcome(input, &r),
        )
        .expect("append");
        r.unwrap_or_else(|e| panic!("{input:?}: {e}"));
    };
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match line {
            "deal all" => {
                while t.hand().is_some_and(|h| h.phase == Phase::Dealing) {
                    feed(&mut t, parse_input("deal ??").expect("input"));
                }
            }
            "fold out" => {
                while t.hand().is_some_and(|h| h.phase == Phase::Betting) {
                    feed(&mut t, Input::Act(firmware::Action::Fold));
                }
            }
            "settle" if !t.in_hand() => {}
            "settle" => {
                // Every hand still undecided at the showdown is shown, in turn.
                while let Some(seat) = t.hand().and_then(|h| h.next_to_show()) {
                    feed(&mut t, Input::Show { seat });
                }
                let outcome = settle::settle(&t, &[]).expect("settles");
                for input in settle::payout_inputs(&outcome) {
                    feed(&mut t, input);
                }
            }
            other => feed(&mut t, parse_input(other).expect("input")),
        }
    }
    t
}

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary folder")
}

fn text(v: Option<&Value>) -> String {
    let mut s = String::new();
    if let Some(Value::Array(items)) = v {
        for i in items {
            if let Some(t) = i.value.as_str() {
                s.push_str(t);
                s.push('\n');
            }
        }
    }
    s
}

fn seats3(game: Game, structure: Structure) -> TableConfig {
    let mut cfg = TableConfig::new(game, structure, ch(5), ch(10));
    cfg.max_players = 6;
    cfg
}

const CHECK_DOWN: &str = "
    call
    call
    call
    burn 2c
    deal 3d
    deal 4d
    deal 5c
    call
    call
    call
    burn 2d
    deal 7s
    call
    call
    call
    burn 2h
    deal 8c
    call
    call
    call
    settle";

/// R-SHOW-1..3, E21: the showdown is written in the order the players show: the
/// river bettor who was called first, then clockwise; checked through, the first
/// player left of the button first.
#[test]
fn r_show_1_shows_are_written_in_showdown_order() {
    let d = dir();
    // Button seat 1 (p3), SB seat 2 (p1), BB seat 3 (p2). On the river seat 3 (p2)
    // bets and both call: p2 shows first, then p3, then p1.
    let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
         deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
         call\ncall\ncall
         burn 2c\ndeal 3d\ndeal 4d\ndeal 5c\ncall\ncall\ncall
         burn 2d\ndeal 7s\ncall\ncall\ncall
         burn 2h\ndeal 8c\ncall\nbet 20\ncall\ncall
         settle";
    play(d.path(), seats3(Game::Holdem, Structure::NoLimit), script);
    let d2 = dir();
    let checked = format!(
        "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
         deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
         {CHECK_DOWN}"
    );
    play(
        d2.path(),
        seats3(Game::Holdem, Structure::NoLimit),
        &checked,
    );
    for (dir, order) in [(&d, ["p2", "p3", "p1"]), (&d2, ["p1", "p2", "p3"])] {
        let hands = export_dir(dir.path(), Some("t1"), &[1]).expect("export");
        let shows: Vec<String> = hands[0]
            .actions
            .iter()
            .map(|a| a.to_phh(hands[0].scale))
            .filter(|a| a.contains(" sm "))
            .map(|a| a[..2].to_string())
            .collect();
        assert_eq!(shows, order);
    }
}

/// The three-seat table's first exported hand says what `t` paid, and read back
/// by our parser and replayed under its house rules it pays the same stacks.
fn replays_to_what_was_paid(t: &Table, hands: &[HandHistory]) {
    replays_in_seat_order(t, hands, &[2, 3, 1]);
}

/// [`replays_to_what_was_paid`] with the players in seat `order` (from the
/// button's left).
fn replays_in_seat_order(t: &Table, hands: &[HandHistory], order: &[u8]) {
    let paid: Vec<Chips> = order
        .iter()
        .map(|&s| t.seat(sn(s)).map_or(Chips::ZERO, |s| s.stack))
        .collect();
    assert_eq!(hands[0].finishing_stacks, Some(plain(&paid)));
    let back = parse_str(&to_phhs(hands)).expect("reads");
    let (spec, steps, cfg) = replay_parts(&back[0]).expect("replay parts");
    let r = replay_with(cfg, &spec, &steps).expect("replays");
    assert_eq!(r.finishing_stacks, paid);
}

#[test]
fn a_corrected_and_misdealt_hand_is_written_as_dealt_in_the_end() {
    let d = dir();
    let script = format!(
        "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
         deal As\ndeal Ks\ndeal Qs\ndeal Js\ndeal Ts\ndeal 9s
         bet 60\nundo\nmisdeal
         deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
         {CHECK_DOWN}"
    );
    let t = play(d.path(), seats3(Game::Holdem, Structure::NoLimit), &script);
    let hands = export_dir(d.path(), Some("t1"), &[1]).expect("export");
    let hh = &hands[0];
    let written = hh.to_toml();
    // p1 is the small blind (seat 2), the button (seat 1) is p3; the voided deal
    // and the undone raise are gone.
    for line in [
        "\"d dh p1 AhJh\"",
        "\"d dh p2 KhTh\"",
        "\"d dh p3 Qh9h\"",
        "\"d db 3d4d5c\"",
        "\"p3 sm Qh9h\"",
        "blinds_or_straddles = [5, 10, 0]",
        "seats = [2, 3, 1]",
        "_button_seat = 1",
        "_burns = [\"2c\", \"2d\", \"2h\"]",
    ] {
        assert!(written.contains(line), "{line} in\n{written}");
    }
    let actions: Vec<String> = hh.actions.iter().map(|a| a.to_phh(hh.scale)).collect();
    assert!(
        !actions
            .iter()
            .any(|a| a.contains("As") || a.contains("cbr 60")),
        "{actions:?}"
    );
    let corrections = text(hh.field("_corrections"));
    assert!(corrections.contains("undo") && corrections.contains("`bet 60`"));
    assert!(corrections.contains("misdeal") && corrections.contains("deal As"));
    replays_to_what_was_paid(&t, &hands);
}

/// Plays `script` at a three-seat no-limit Hold'em table and exports its first
/// hand: the table, the hands, and the first one's text.
fn played_and_exported(d: &tempfile::TempDir, script: &str) -> (Table, Vec<HandHistory>, String) {
    let t = play(d.path(), seats3(Game::Holdem, Structure::NoLimit), script);
    let hands = export_dir(d.path(), Some("t1"), &[1]).expect("export");
    let written = hands[0].to_toml();
    (t, hands, written)
}

fn assert_written(written: &str, lines: &[&str]) {
    for line in lines {
        assert!(written.contains(line), "{line} in\n{written}");
    }
}

/// Floor rulings (PD-RFID's void, PD-PREMATURE) are kept in the export and the
/// hand replays to what the table paid: the void's first deal is gone as a
/// misdeal's; the set-aside turn card is not on the board, the river has no burn.
#[test]
fn a_hand_with_floor_rulings_is_written_as_played() {
    let d = dir();
    let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
         deal As\ndeal Ks\ndeal Qs\ndeal Js\ndeal Ts\ndeal 9s
         bet 60\ncall\ncall\nburn 2c\ndeal 3d\ndeal 4d\ndeal 5c
         ruling void 4
         deal Ah\ndeal Kh\ndeal Qh\ndeal Jh\ndeal Th\ndeal 9h
         call\ncall\ncall\nburn 2c\ndeal 3d\ndeal 4d\ndeal 5c
         call\nruling premature 9 8c\ncall\ncall
         burn 2d\ndeal 7s\ncall\ncall\ncall
         deal 8c\ncall\ncall\ncall
         settle";
    let (t, hands, written) = played_and_exported(&d, script);
    assert_written(
        &written,
        &[
            "\"d dh p1 AhJh\"",
            "\"d db 7s\"",
            "\"d db 8c\"",
            "_burns = [\"2c\", \"2d\"]",
        ],
    );
    assert!(
        !written.contains("AsJs"),
        "the voided deal is gone:\n{written}"
    );
    let corrections = text(hands[0].field("_corrections"));
    assert!(
        corrections.contains("`ruling void 4`, a floor ruling"),
        "{corrections}"
    );
    replays_to_what_was_paid(&t, &hands);
}

/// Rulings on cards (PD-EXPOSED, a boxed card, a card entered by hand, PD-RFID)
/// export as the hand was played in the end: the exposed card is out of its
/// player's hand and is the flop's burn, the boxed card is gone, the hand-entered
/// card is dealt; the hand replays to what the table paid.
#[test]
fn a_hand_with_exposed_boxed_and_hand_entered_cards_is_written_as_played() {
    let d = dir();
    let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand
         deal As\ndeal Ks\ndeal Qs\nruling exposed 9 1
         deal Ah\ndeal Kh\nruling boxed 9 Kh\ndeal 9c\nruling manual 9 Qh
         deal Jc
         call\ncall\ncall\nburn Qs\ndeal 3d\ndeal 4d\ndeal 5c
         call\ncall\ncall\nburn 2d\ndeal 7s\ncall\ncall\ncall
         burn 2h\ndeal 8c\ncall\ncall\ncall
         settle";
    let (t, hands, written) = played_and_exported(&d, script);
    // p1 is the small blind (seat 2), p3 the button (seat 1).
    assert_written(
        &written,
        &[
            "\"d dh p1 AsAh\"",
            "\"d dh p2 Ks9c\"",
            "\"d dh p3 QhJc\"",
            "_burns = [\"Qs\", \"2d\", \"2h\"]",
        ],
    );
    let hh = &hands[0];
    let actions: Vec<String> = hh.actions.iter().map(|a| a.to_phh(hh.scale)).collect();
    assert!(
        !actions.iter().any(|a| a.contains("Kh")),
        "the boxed card is gone: {actions:?}"
    );
    let corrections = text(hh.field("_corrections"));
    for ruling in [
        "ruling exposed 9 1",
        "ruling boxed 9 Kh",
        "ruling manual 9 Qh",
    ] {
        assert!(corrections.contains(ruling), "{ruling} in {corrections}");
    }
    replays_to_what_was_paid(&t, &hands);
}

/// R-DRAW-6: a player who dropped out rejoins the redeal by matching; the export
/// writes the final deal with what he put in as dead money, and replays to what
/// the table paid.
#[test]
fn a_draw_redeal_with_a_player_rejoining_is_written_as_played() {
    let d = dir();
    let cfg = crate::records::scenario::Scenario::parse(
        "table draw fl 0/0 ante=1 small_bet=2 big_bet=4 max_players=6\n",
    )
    .expect("settings")
    .config;
    let script = "seat 1 50\nseat 2 50\nseat 3 50\nhand
         deal 2c\ndeal 3c\ndeal 4c\ndeal 2d\ndeal 3d\ndeal 4d\ndeal 2h\ndeal 3h
         deal 4h\ndeal 2s\ndeal 3s\ndeal 4s\ndeal 5c\ndeal 5d\ndeal 5h
         bet 2\nfold\ncall\nstandpat\nstandpat\ncall\ncall
         rejoin 3
         deal Ac\ndeal 7c\ndeal 8c\ndeal Ad\ndeal 7d\ndeal 8d\ndeal Ah\ndeal 7h
         deal 8h\ndeal 6s\ndeal 7s\ndeal 8s\ndeal 9c\ndeal 9d\ndeal 9h
         bet 2\ncall\ncall\nstandpat\nstandpat\nstandpat\nbet 4\ncall\ncall
         settle";
    let t = play(d.path(), cfg, script);
    let hands = export_dir(d.path(), Some("t1"), &[1]).expect("export");
    let written = hands[0].to_toml();
    // The redeal's button is seat 2: seats 3, 1, 2 are p1, p2, p3. Seat 3's
    // rejoining 2 is dead money beside his ante, as the others' carried chips are.
    assert_written(
        &written,
        &[
            "seats = [3, 1, 2]",
            "antes = [3, 3, 3]",
            "\"d dh p1 AcAdAh6s9c\"",
        ],
    );
    replays_in_seat_order(&t, &hands, &[3, 1, 2]);
    assert_eq!(
        t.seat(crate::sn(2)).expect("seat").stack,
        ch(50 - 1 - 2 - 2 - 4 + 27),
        "seat 2's four eights win the pot of 27"
    );
}

#[test]
fn an_over_pot_bet_is_written_as_corrected() {
    let d = dir();
    let script = "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand\ndeal all
         bet 1000\nfold out\nsettle";
    play(d.path(), seats3(Game::Holdem, Structure::PotLimit), script);
    let hh = &export_dir(d.path(), None, &[]).expect("export")[0];
    assert_eq!(hh.variant, Variant::PotLimitHoldem);
    // R-PL-4: the small blind counts as a big blind, 40 is the most.
    assert!(hh
        .actions
        .contains(&PhhAction::CompleteBetRaise { player: 2, to: 40 }));
    let corrections = text(hh.field("_corrections"));
    assert!(
        corrections.contains("seat 1 bet 1000 over the pot: reduced to 40, 960 returned (R-PL-5)"),
        "{corrections}"
    );
    assert_eq!(hh.finishing_stacks, Some(vec![995, 990, 1015]));
    let rules = hh.field("_house_rules").map(|v| format!("{v:?}"));
    assert!(rules.is_some_and(|r| r.contains("pl_sb_virtual")));
}

/// The export of hand `number` of `script` at a four-seat table, and the index of
/// seat 1 among its players.
fn seat_one_in(script: &str, number: u32) -> (HandHistory, usize) {
    let d = dir();
    play(d.path(), seats3(Game::Holdem, Structure::NoLimit), script);
    let hh = export_dir(d.path(), None, &[number])
        .expect("export")
        .remove(0);
    let p = match hh.field("seats") {
        Some(Value::Array(items)) => items
            .iter()
            .position(|i| i.value.as_number().and_then(Number::to_u64) == Some(1)),
        _ => None,
    };
    let p = p.unwrap_or_else(|| panic!("seat 1 dealt in:\n{}", hh.to_toml()));
    assert_eq!(
        hh.starting_stacks.iter().sum::<u64>(),
        hh.finishing_stacks.as_ref().map_or(0, |f| f.iter().sum()),
        "every chip accounted for"
    );
    (hh, p)
}

const FOUR: &str = "seat 1 1000\nseat 2 1000\nseat 3 1000\nseat 4 1000
         hand\ndeal all\nfold out\nsettle
         hand\ndeal all\nfold out\nsettle";

#[test]
fn a_missed_big_blind_is_posted_live() {
    // Hand 3's big blind passes seat 1 while he sits out: back in hand 5, he posts
    // a big blind live (R-MISS-2) beside the big blind's own.
    let script = format!(
        "{FOUR}\nsitout 1\nhand\ndeal all\nfold out\nsettle
         hand\ndeal all\nfold out\nsettle\nsitin 1\nhand\ndeal all\nfold out\nsettle"
    );
    let (hh, p) = seat_one_in(&script, 5);
    assert_eq!(hh.blinds_or_straddles[p], 10, "\n{}", hh.to_toml());
    assert_eq!(
        hh.field("_enter_big_blinds")
            .map(|v| format!("{:?}", strip(v))),
        Some(format!(
            "{:?}",
            strip(&array((0..4).map(|i| num(if i == p { 10 } else { 0 }))))
        ))
    );
}

#[test]
fn a_missed_small_blind_is_dead_money_as_an_ante() {
    // Hand 4's small blind falls on seat 1 while he sits out: back in hand 5 he
    // posts it dead (R-MISS-2), which PHH carries as an ante.
    let script = format!(
        "{FOUR}\nhand\ndeal all\nfold out\nsettle\nsitout 1
         hand\ndeal all\nfold out\nsettle\nsitin 1\nhand\ndeal all\nfold out\nsettle"
    );
    let (hh, p) = seat_one_in(&script, 5);
    assert_eq!(hh.antes[p], 5, "\n{}", hh.to_toml());
    assert!(hh.field("_dead_blinds").is_some(), "{}", hh.to_toml());
}

fn strip(v: &Value) -> String {
    let mut s = String::new();
    if let Value::Array(items) = v {
        for i in items {
            if let Some(n) = i.value.as_number() {
                s.push_str(n.as_str());
                s.push(',');
            }
        }
    }
    s
}

#[test]
fn unknown_and_unfinished_hands_are_named() {
    let d = dir();
    play(
        d.path(),
        seats3(Game::Holdem, Structure::NoLimit),
        "seat 1 1000\nseat 2 1000\nseat 3 1000\nhand\ndeal all\nfold out\nsettle\nhand\ndeal all",
    );
    let e = export_dir(d.path(), None, &[7]).expect_err("no hand 7");
    assert_eq!(
        e.to_string(),
        "hand 7 is not in the log of table `t1`: its finished hands are 1 to 1"
    );
    let e = export_dir(d.path(), None, &[2]).expect_err("hand 2 is being dealt");
    assert_eq!(e, ExportError::Unfinished { number: 2 });
    assert_eq!(export_dir(d.path(), None, &[]).map(|h| h.len()), Ok(1));
    let e = export_dir(d.path(), Some("t2"), &[]).expect_err("another table");
    assert!(
        matches!(e, ExportError::Log(LogError::OtherTable { .. })),
        "{e}"
    );
}

#[test]
fn the_hands_inputs_follow_the_engines_record() {
    let mut seq = 0;
    let mut logged = |text: &str| {
        seq += 1;
        Logged {
            input: parse_input(text).expect("input"),
            text: text.to_string(),
            seq,
            events: Vec::new(),
        }
    };
    let texts = |l: &[Logged]| l.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
    let engine = |texts: &[&str]| -> Vec<Input> {
        texts
            .iter()
            .map(|t| parse_input(t).expect("input"))
            .collect()
    };
    let mut live = vec![logged("hand"), logged("misdeal"), logged("call")];
    // A second misdeal voids the first and is kept itself (PD-MISDEAL).
    let second = logged("misdeal");
    let gone = follow_engine(&mut live, second, &engine(&["hand", "misdeal"]));
    assert_eq!(
        gone.map(|g| texts(&g)),
        Ok(vec!["misdeal".into(), "call".into()])
    );
    assert_eq!(
        live.last().map(|l| l.seq),
        Some(4),
        "the new misdeal, not the first"
    );
    // UNDO takes back the last of two equal inputs and is not kept.
    live.push(logged("call"));
    live.push(logged("call"));
    let undo = logged("undo");
    let gone = follow_engine(&mut live, undo, &engine(&["hand", "misdeal", "call"]));
    assert_eq!(gone.map(|g| g.iter().map(|l| l.seq).collect()), Ok(vec![6]));
    assert_eq!(texts(&live), ["hand", "misdeal", "call"]);
    // An engine that holds what the log does not is a disagreement.
    let call = logged("call");
    assert!(follow_engine(&mut live, call, &engine(&["hand", "fold", "call"])).is_err());
}

#[test]
fn player_order_starts_left_of_the_button() {
    assert_eq!(
        player_order(&[sn(1), sn(3), sn(5), sn(8)], Some(sn(5))),
        [8, 1, 3, 5].map(sn)
    );
    assert_eq!(
        player_order(&[sn(1), sn(3), sn(5), sn(8)], Some(sn(8))),
        [1, 3, 5, 8].map(sn)
    );
    // A dead button on an empty seat.
    assert_eq!(
        player_order(&[sn(1), sn(3), sn(5), sn(8)], Some(sn(4))),
        [5, 8, 1, 3].map(sn)
    );
    // Heads-up: p1 is the big blind, the button last.
    assert_eq!(player_order(&[sn(2), sn(6)], Some(sn(2))), [6, 2].map(sn));
}
