//! The input text form: every input round-trips, the text is the script syntax, and
//! bad text says what is wrong.

use super::*;
use firmware::{Action, Read, Ruling};

fn every_input() -> Vec<Input> {
    vec![
        Input::SitDown {
            seat: sn(3),
            stack: ch(500),
            wait_for_bb: false,
        },
        Input::SitDown {
            seat: sn(11),
            stack: Chips::MAX,
            wait_for_bb: true,
        },
        Input::TopUp {
            seat: sn(2),
            amount: ch(40),
        },
        Input::Leave { seat: sn(4) },
        Input::SitOut { seat: sn(5) },
        Input::SitIn {
            seat: sn(5),
            wait_for_bb: false,
        },
        Input::SitIn {
            seat: sn(6),
            wait_for_bb: true,
        },
        Input::PlaceButton { seat: sn(7) },
        Input::StartHand,
        Input::Straddle { confirmed: true },
        Input::Straddle { confirmed: false },
        Input::Card(Read::card(card("As"))),
        Input::Card(Read::burn(card("Td"))),
        Input::Card(Read::unread()),
        Input::Card(Read {
            card: None,
            burn: true,
        }),
        Input::Act(Action::Fold),
        Input::Act(Action::CheckCall),
        Input::Act(Action::BetTo(ch(40))),
        Input::Act(Action::AllIn),
        Input::Discard(card("7c")),
        Input::StandPat,
        Input::Draw { count: 3 },
        Input::Muck { seat: sn(8) },
        Input::Award {
            seat: sn(3),
            amount: ch(120),
        },
        Input::Rake { amount: ch(3) },
        Input::Misdeal,
        Input::Undo,
        Input::Show { seat: sn(2) },
        Input::Rejoin { seat: sn(4) },
        Input::MoveOut { seat: sn(6) },
        Input::MoveIn {
            seat: sn(2),
            stack: ch(23_456),
        },
        Input::ColorUp {
            seat: sn(3),
            stack: ch(1300),
        },
        Input::SetLevel {
            level: 12,
            small_blind: ch(1500),
            big_blind: ch(3000),
            ante: u32::MAX,
        },
        Input::Ruling {
            ruling: Ruling::VoidHand,
            floor: 17,
        },
        Input::Ruling {
            ruling: Ruling::StraddleAnnounced,
            floor: 4,
        },
        Input::Ruling {
            ruling: Ruling::Premature {
                card: None,
                burn: None,
            },
            floor: 9,
        },
        Input::Ruling {
            ruling: Ruling::Premature {
                card: Some(card("Jd")),
                burn: None,
            },
            floor: 9,
        },
        Input::Ruling {
            ruling: Ruling::Premature {
                card: None,
                burn: Some(card("5c")),
            },
            floor: 9,
        },
        Input::Ruling {
            ruling: Ruling::Premature {
                card: Some(card("Jd")),
                burn: Some(card("3c")),
            },
            floor: 9,
        },
        Input::Ruling {
            ruling: Ruling::Exposed {
                seat: sn(3),
                card: None,
            },
            floor: 12,
        },
        Input::Ruling {
            ruling: Ruling::Exposed {
                seat: sn(3),
                card: Some(card("Qs")),
            },
            floor: 12,
        },
        Input::Ruling {
            ruling: Ruling::Boxed { card: card("Kh") },
            floor: 9999,
        },
        Input::Ruling {
            ruling: Ruling::Manual { card: card("2c") },
            floor: 1,
        },
        Input::Ruling {
            ruling: Ruling::DeadHand { seat: sn(5) },
            floor: 3,
        },
    ]
}

#[test]
fn every_input_round_trips_through_the_text_form() {
    for input in every_input() {
        let text = encode_input(&input);
        assert_eq!(parse_input(&text), Ok(input), "{text}");
    }
}

#[test]
fn the_text_form_is_the_script_syntax() {
    let texts: Vec<String> = every_input().iter().map(encode_input).collect();
    assert_eq!(
        texts,
        [
            "seat 3 500",
            "seat 11 18446744073709551615 wait",
            "topup 2 40",
            "leave 4",
            "sitout 5",
            "sitin 5",
            "sitin 6 wait",
            "button 7",
            "hand",
            "straddle",
            "straddle unconfirmed",
            "deal As",
            "burn Td",
            "deal ??",
            "burn ??",
            "fold",
            "call",
            "bet 40",
            "allin",
            "discard 7c",
            "standpat",
            "draw 3",
            "muck 8",
            "award 3 120",
            "rake 3",
            "misdeal",
            "undo",
            "show 2",
            "rejoin 4",
            "moveout 6",
            "movein 2 23456",
            "colorup 3 1300",
            "level 12 1500/3000 4294967295",
            "ruling void 17",
            "ruling straddle_announced 4",
            "ruling premature 9",
            "ruling premature 9 Jd",
            "ruling premature 9 burn 5c",
            "ruling premature 9 Jd burn 3c",
            "ruling exposed 12 3",
            "ruling exposed 12 3 Qs",
            "ruling boxed 9999 Kh",
            "ruling manual 1 2c",
            "ruling dead_hand 3 5",
        ]
    );
    // The script's synonyms read too.
    assert_eq!(parse_input("check"), Ok(Input::Act(Action::CheckCall)));
    assert_eq!(
        parse_input("raise 60"),
        Ok(Input::Act(Action::BetTo(ch(60))))
    );
    assert_eq!(
        parse_input("  bet   60 "),
        Ok(Input::Act(Action::BetTo(ch(60))))
    );
}

#[test]
fn bad_input_text_says_what_is_wrong() {
    let msg = |t: &str| parse_input(t).unwrap_err().message;
    assert_eq!(msg(""), "empty input");
    assert_eq!(msg("jump"), "unknown input `jump`");
    assert_eq!(msg("bet"), "`bet` takes 1 word(s) after it, found 0");
    assert_eq!(msg("bet x"), "chips: expected a whole number, found `x`");
    assert_eq!(msg("bet -5"), "chips: expected a whole number, found `-5`");
    assert_eq!(
        msg("seat 1"),
        "`seat` takes 2 or 3 word(s) after it, found 1"
    );
    assert_eq!(
        msg("seat 1 100 later"),
        "expected `wait` or nothing, found `later`"
    );
    assert_eq!(
        msg("seat 300 100"),
        "seat: expected a seat number, found `300`"
    );
    assert_eq!(msg("fold now"), "`fold` takes 0 word(s) after it, found 1");
    assert_eq!(msg("discard ??"), "a discard names its card");
    assert_eq!(
        msg("draw 300"),
        "draw: expected the number of cards, found `300`"
    );
    assert_eq!(msg("draw"), "`draw` takes 1 word(s) after it, found 0");
    assert_eq!(
        msg("level 3 100-200 0"),
        "level: expected the blinds as SB/BB, found `100-200`"
    );
    assert_eq!(
        msg("level 3 100/200 4294967296"),
        "level: expected the ante (up to 4294967295), found `4294967296`"
    );
    assert_eq!(
        msg("level x 100/200 0"),
        "level: expected the level's number, found `x`"
    );
    assert_eq!(
        msg("ruling fold 9"),
        "ruling: expected void, straddle_announced, premature, exposed, boxed, manual, dead_hand or award, found `fold`"
    );
    assert_eq!(
        msg("ruling void 9 8c"),
        "`ruling` takes 2 word(s) after it, found 3"
    );
    assert_eq!(
        msg("ruling boxed 9 ??"),
        "ruling boxed names a card, not `??`"
    );
    for bad in [
        "ruling premature 9 Jd 3c",
        "ruling premature 9 burn",
        "ruling premature 9 burn 3c Jd",
    ] {
        assert_eq!(
            msg(bad),
            "ruling premature: expected `ruling premature N [CARD] [burn CARD]`",
            "{bad}"
        );
    }
    assert_eq!(
        msg("ruling premature 9 burn ??"),
        "ruling premature names a card, not `??`"
    );
    assert_eq!(
        msg("ruling exposed 9"),
        "`ruling` takes 3 or 4 word(s) after it, found 2"
    );
    assert_eq!(
        msg("ruling manual x 2c"),
        "floor: expected the floor person's number, found `x`"
    );
    assert!(msg("deal Zz").starts_with("card `Zz`"));
    assert_eq!(
        msg("deal As Ks"),
        "`deal` takes 1 word(s) after it, found 2"
    );
    let e = parse_input("bet x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "input `bet x`: chips: expected a whole number, found `x`"
    );
}
