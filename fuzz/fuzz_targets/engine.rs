//! Drives the rules engine with arbitrary input sequences: it must never panic, a
//! refused input must change nothing, and chips are conserved except for buy-ins,
//! top-ups, departures and rake.
#![no_main]

use firmware::rules::{ButtonRule, StraddleMinRaise};
use firmware::{Action, Card, Chips, Event, Game, Input, Read, SeatNo, Structure, Table, TableConfig};
use libfuzzer_sys::fuzz_target;

fn config(b: &[u8]) -> TableConfig {
    let get = |i: usize| b.get(i).copied().unwrap_or(0);
    let game = [
        Game::Holdem,
        Game::Omaha,
        Game::OmahaHiLo,
        Game::FiveCardDraw,
    ][usize::from(get(0) % 4)];
    let structure = [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ][usize::from(get(1) % 3)];
    let mut cfg = TableConfig::new(
        game,
        structure,
        Chips::new(u64::from(get(2) % 8)),
        Chips::new(8 + u64::from(get(3) % 8)),
    );
    cfg.stakes.ante = Chips::new(u64::from(get(4) % 4));
    cfg.max_players = if game == Game::FiveCardDraw {
        6
    } else {
        2 + get(5) % 10
    };
    cfg.short_deck = game == Game::FiveCardDraw && get(6) % 2 == 1;
    if get(7) % 2 == 1 {
        cfg.button_rule = ButtonRule::MovingButton;
    }
    if get(8) % 2 == 1 {
        cfg.straddle_min_raise = StraddleMinRaise::Straddle;
    }
    cfg.pl_sb_virtual = get(9) % 2 == 1;
    cfg
}

fn input(b: &[u8]) -> Input {
    let amount = Chips::new(u64::from(u16::from_le_bytes([b[2], b[3]])));
    // Every seat of the largest table; seat 11 is refused at a ten-seat one.
    let seat = SeatNo::new(1 + b[1] % 11).expect("1-11");
    let card = Card::from_index(b[2] % 53);
    match b[0] % 20 {
        0 => Input::SitDown {
            seat,
            stack: amount,
            wait_for_bb: b[3] % 2 == 0,
        },
        1 => Input::TopUp { seat, amount },
        2 => Input::Leave { seat },
        3 => Input::SitOut { seat },
        4 => Input::SitIn {
            seat,
            wait_for_bb: b[3] % 2 == 0,
        },
        5 => Input::PlaceButton { seat },
        6 => Input::StartHand,
        7 => Input::Straddle {
            confirmed: b[1] % 2 == 0,
        },
        8 | 9 | 10 => Input::Card(Read {
            card,
            burn: b[1] % 5 == 0,
        }),
        11 => Input::Act(Action::Fold),
        12 | 13 => Input::Act(Action::CheckCall),
        14 => Input::Act(Action::BetTo(amount)),
        15 => Input::Act(Action::AllIn),
        16 => card.map_or(Input::StandPat, Input::Discard),
        17 => Input::Award { seat, amount },
        18 => Input::Rake { amount: Chips::new(amount.get() % 8) },
        _ => [
            Input::Misdeal,
            Input::Undo,
            Input::Muck { seat },
            Input::Draw { count: b[3] % 6 },
        ][usize::from(b[1] % 4)],
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(mut t) = Table::new(config(data)) else {
        return;
    };
    for chunk in data.get(10..).unwrap_or(&[]).chunks_exact(4) {
        let i = input(chunk);
        let before = t.clone();
        let chips = i128::from(t.chips_in_play().get());
        match t.handle(i) {
            // UNDO rebuilds an earlier state; the other inputs move chips only as
            // their events say.
            Ok(_) if i == Input::Undo => {}
            Ok(events) => {
                let mut expected = chips;
                for e in events.iter() {
                    match *e {
                        Event::Seated { stack, .. } => expected += i128::from(stack.get()),
                        Event::ToppedUp { amount, .. } => expected += i128::from(amount.get()),
                        Event::Left { stack, .. } => expected -= i128::from(stack.get()),
                        Event::Raked { amount } => expected -= i128::from(amount.get()),
                        _ => {}
                    }
                }
                assert_eq!(i128::from(t.chips_in_play().get()), expected, "chips after {i:?}");
            }
            Err(_) => assert_eq!(t, before, "a refused input changed the table"),
        }
    }
});
