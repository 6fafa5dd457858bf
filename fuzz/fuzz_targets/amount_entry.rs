//! Amounts typed or keyed are whole chips: parse_amount agrees with std's parser on
//! the digits, and AmountEntry agrees with a model of the keys pressed; a refused key
//! changes nothing.
#![no_main]

use firmware::buttons::{parse_amount, AmountEntry, AmountError, Key};
use libfuzzer_sys::fuzz_target;

fn key(b: u8) -> Key {
    match b % 16 {
        d @ 0..=9 => Key::digit(d).expect("0-9"),
        10 | 11 => Key::Clear,
        12 | 13 => Key::Enter,
        14 => Key::seat(1 + b / 16 % 11).expect("1-11"),
        _ => [Key::Fold, Key::BetRaise, Key::Undo, Key::Misdeal][usize::from(b / 16 % 4)],
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = core::str::from_utf8(data) {
        let digits: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, ',' | '_'))
            .collect();
        match parse_amount(s) {
            Ok(v) => {
                assert_eq!(digits.parse::<u64>(), Ok(v), "{s:?}");
                assert_eq!(parse_amount(&v.to_string()), Ok(v));
            }
            Err(AmountError::Overflow) => {
                // The parser stops at the overflow: the digits up to there do not fit.
                let run: String = digits.chars().take_while(char::is_ascii_digit).collect();
                assert!(run.parse::<u64>().is_err(), "{s:?}");
            }
            Err(_) => {}
        }
    }

    let max = data.first().map_or(12, |b| b % 24);
    let mut entry = AmountEntry::with_max_digits(max);
    let max = entry.max_digits();
    // The model: the digits keyed since the last CLEAR or ENTER.
    let mut typed = String::new();
    for &b in data.iter().skip(1) {
        let k = key(b);
        let before = entry;
        let result = entry.press(k);
        match (k, result) {
            (Key::Digit(d), Ok(None)) => typed.push(char::from(b'0' + d.value())),
            (Key::Digit(d), Err(e)) => {
                assert_eq!(entry, before);
                let mut longer = typed.clone();
                longer.push(char::from(b'0' + d.value()));
                let significant = longer.trim_start_matches('0').len();
                match e {
                    AmountError::TooManyDigits(m) => {
                        assert_eq!(m, max);
                        assert!(significant > usize::from(max));
                    }
                    AmountError::Overflow => assert!(longer.parse::<u64>().is_err()),
                    other => panic!("digit refused with {other:?}"),
                }
            }
            (Key::Clear, Ok(None)) => typed.clear(),
            (Key::Enter, Ok(Some(v))) => {
                assert_eq!(typed.parse::<u64>(), Ok(v));
                typed.clear();
            }
            (Key::Enter, Err(AmountError::NoDigits)) => {
                assert!(typed.is_empty());
                assert_eq!(entry, before);
            }
            (other, Err(AmountError::NotAmountKey(k))) => {
                assert_eq!(other, k);
                assert_eq!(entry, before);
            }
            (k, r) => panic!("{k:?} gave {r:?}"),
        }
        assert_eq!(entry.is_empty(), typed.is_empty());
        assert_eq!(entry.value(), typed.parse::<u64>().unwrap_or(0));
        assert!(entry.digits() <= max);
    }
});
