//! The hand log's text form of an input (`host::records::handlog`): a log may be damaged, so
//! `parse_input` must refuse bad text without panicking; what it reads is written by
//! `encode_input` as text that reads back to the same input, and any input the engine
//! takes (built from the bytes) is written as text that reads back to it.
#![no_main]

use firmware::{Action, Card, Chips, Input, Read, SeatNo};
use host::records::handlog::{encode_input, parse_input};
use libfuzzer_sys::fuzz_target;

/// Writes `input` and reads it back.
fn round_trip(input: Input) {
    let text = encode_input(&input);
    assert_eq!(parse_input(&text), Ok(input), "{text:?}");
    assert_eq!(text.trim(), text, "no stray spaces");
    assert!(!text.contains('\n'), "one line");
}

/// An input of every kind from nine bytes, amounts up to u64::MAX.
fn input(b: &[u8; 9]) -> Input {
    let seat = SeatNo::new(1 + b[1] % 11).expect("1-11");
    let amount = Chips::new(u64::from_le_bytes([b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8]]));
    let card = Card::from_index(b[2] % 53);
    let flag = b[3] % 2 == 0;
    match b[0] % 22 {
        0 => Input::SitDown {
            seat,
            stack: amount,
            wait_for_bb: flag,
        },
        1 => Input::TopUp { seat, amount },
        2 => Input::Leave { seat },
        3 => Input::SitOut { seat },
        4 => Input::SitIn {
            seat,
            wait_for_bb: flag,
        },
        5 => Input::PlaceButton { seat },
        6 => Input::StartHand,
        7 => Input::Straddle { confirmed: flag },
        8 => Input::Card(Read { card, burn: flag }),
        9 => Input::Act(Action::Fold),
        10 => Input::Act(Action::CheckCall),
        11 => Input::Act(Action::BetTo(amount)),
        12 => Input::Act(Action::AllIn),
        13 => card.map_or(Input::StandPat, Input::Discard),
        14 if flag => Input::Draw { count: b[3] },
        14 => Input::StandPat,
        15 => Input::Muck { seat },
        16 => Input::Award { seat, amount },
        17 => Input::Rake { amount },
        18 => Input::Misdeal,
        _ => Input::Undo,
    }
}

fuzz_target!(|data: &[u8]| {
    if let Some(bytes) = data.first_chunk::<9>() {
        round_trip(input(bytes));
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_input(text) {
        Ok(i) => round_trip(i),
        Err(e) => {
            assert_eq!(e.text, text);
            assert!(!e.message.is_empty());
        }
    }
});
