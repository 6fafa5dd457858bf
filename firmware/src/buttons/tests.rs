//! The debouncer, the press classifier, the panel and the LEDs on mock pins, and
//! amount entry.

extern crate std;
use super::*;
use crate::config::MAX_SEATS;
use crate::rules::{sn, SeatNo};
use crate::time::{Duration, Instant};
use embedded_hal::digital::InputPin;
use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction};
use embedded_hal_mock::eh1::MockError;
use std::vec::Vec;

/// The panel's clock at `t` ms.
fn at(t: u64) -> Instant {
    Instant::from_millis(t)
}

const fn ms(t: u64) -> Duration {
    Duration::from_millis(t)
}

fn digit(d: u8) -> Key {
    Key::digit(d).unwrap()
}

// ---- Debouncer ----

#[test]
fn debouncer_ignores_bounces_shorter_than_the_stable_time() {
    let mut d = Debouncer::new(ms(20));
    // Contact bounce on press: 1 ms samples, 8 ms of chatter.
    let chatter = [true, false, true, true, false, true, false, true];
    for (t, level) in chatter.iter().enumerate() {
        assert_eq!(d.update(at(t as u64), *level), None);
    }
    for t in 8..27 {
        assert_eq!(d.update(at(t), true), None, "t={t}");
    }
    assert_eq!(d.update(at(27), true), Some(Edge::Rising));
    assert_eq!(d.update(at(28), true), None);
    // A 15 ms glitch while held is not a release.
    for t in 100..115 {
        assert_eq!(d.update(at(t), false), None);
    }
    assert_eq!(d.update(at(115), true), None);
    assert!(d.level());
    // A real release.
    assert_eq!(d.update(at(200), false), None);
    assert_eq!(d.update(at(219), false), None);
    assert_eq!(d.update(at(220), false), Some(Edge::Falling));
    assert!(!d.level());
}

#[test]
fn debouncer_is_a_pure_function_of_its_samples() {
    let samples: Vec<(u64, bool)> = (0..500u64)
        .map(|t| (t * 3, (t * 7919 % 13) < 6 || (100..140).contains(&t)))
        .collect();
    let run = || {
        let mut d = Debouncer::default();
        samples
            .iter()
            .map(|&(t, l)| d.update(at(t), l))
            .collect::<Vec<_>>()
    };
    let first = run();
    assert_eq!(first, run());
    // Edges alternate, starting with a rise.
    let edges: Vec<Edge> = first.into_iter().flatten().collect();
    assert!(!edges.is_empty());
    for (i, e) in edges.iter().enumerate() {
        assert_eq!(
            *e,
            if i % 2 == 0 {
                Edge::Rising
            } else {
                Edge::Falling
            }
        );
    }
}

#[test]
fn debouncer_with_zero_stable_time_follows_the_input() {
    let mut d = Debouncer::with_level(ms(0), true);
    assert_eq!(d.update(at(5), true), None);
    assert_eq!(d.update(at(5), false), Some(Edge::Falling));
    assert_eq!(d.update(at(5), true), Some(Edge::Rising));
    // Time going backwards counts as no time.
    let mut d = Debouncer::new(ms(20));
    assert_eq!(d.update(at(100), true), None);
    assert_eq!(d.update(at(50), true), None);
    assert_eq!(d.update(at(120), true), Some(Edge::Rising));
}

#[test]
fn a_clock_stepped_back_neither_freezes_a_key_nor_makes_a_double_press() {
    // The clock steps back from 1000 to 0 while a press settles: the 20 ms after
    // the step count, not the clock's catching up with 1000 (found by fuzzing).
    let mut d = Debouncer::new(ms(20));
    assert_eq!(d.update(at(1000), true), None);
    assert_eq!(d.update(at(0), true), None);
    assert_eq!(d.update(at(19), true), None);
    assert_eq!(d.update(at(20), true), Some(Edge::Rising));
    // From the end of the clock: the key was frozen for good.
    let mut d = Debouncer::new(ms(20));
    assert_eq!(d.update(at(u64::MAX), true), None);
    assert_eq!(d.update(at(0), true), None);
    assert_eq!(d.update(at(20), true), Some(Edge::Rising));
    // A long press held across the step is reported after 800 ms held.
    let mut c = PressClassifier::new(ms(800), ms(300));
    assert_eq!(c.update(at(10_000), Some(Edge::Rising)), None);
    assert_eq!(c.update(at(0), None), None);
    assert_eq!(c.update(at(799), None), None);
    assert_eq!(c.update(at(800), None), Some(PressKind::Long));
    // A press 500 ms after a short press, across a step back, is no double press.
    let mut c = PressClassifier::new(ms(800), ms(300));
    assert_eq!(c.update(at(1000), Some(Edge::Rising)), None);
    assert_eq!(
        c.update(at(1100), Some(Edge::Falling)),
        Some(PressKind::Short)
    );
    assert_eq!(c.update(at(0), None), None);
    assert_eq!(c.update(at(500), Some(Edge::Rising)), None);
    assert_eq!(
        c.update(at(600), Some(Edge::Falling)),
        Some(PressKind::Short)
    );
}

#[test]
fn debouncer_reads_a_mock_pin() {
    // An active-low key: high (released), bounce, low (pressed) from 30 ms.
    let levels = [
        State::High,
        State::Low,
        State::High,
        State::Low,
        State::Low,
        State::Low,
        State::Low,
    ];
    let expectations: Vec<_> = levels.iter().map(|s| Transaction::get(*s)).collect();
    let mut pin = PinMock::new(&expectations);
    let mut d = Debouncer::default();
    let mut edges = Vec::new();
    for t in 0..levels.len() as u64 {
        let pressed = pin.is_low().unwrap();
        edges.extend(d.update(at(t * 10), pressed).map(|e| (t * 10, e)));
    }
    assert_eq!(edges, [(50, Edge::Rising)]);
    pin.done();
}

// ---- Press classification ----

fn classify(c: &mut PressClassifier, steps: &[(u64, Option<Edge>)]) -> Vec<(u64, PressKind)> {
    steps
        .iter()
        .filter_map(|&(t, e)| c.update(at(t), e).map(|k| (t, k)))
        .collect()
}

#[test]
fn short_long_and_double_presses() {
    use Edge::*;
    let mut c = PressClassifier::default();
    // Short: reported at release.
    assert_eq!(
        classify(
            &mut c,
            &[(0, Some(Rising)), (100, None), (150, Some(Falling))]
        ),
        [(150, PressKind::Short)]
    );
    // Double: next press 300 ms after the release; a third one too.
    assert_eq!(
        classify(
            &mut c,
            &[
                (450, Some(Rising)),
                (500, Some(Falling)),
                (700, Some(Rising)),
                (750, Some(Falling))
            ]
        ),
        [(500, PressKind::Double), (750, PressKind::Double)]
    );
    // 301 ms after: a new short press.
    assert_eq!(
        classify(&mut c, &[(1051, Some(Rising)), (1100, Some(Falling))]),
        [(1100, PressKind::Short)]
    );
    // Long: reported at 800 ms while held; the release is silent.
    assert_eq!(
        classify(
            &mut c,
            &[
                (2000, Some(Rising)),
                (2799, None),
                (2800, None),
                (2900, None),
                (3500, Some(Falling))
            ]
        ),
        [(2800, PressKind::Long)]
    );
    assert!(!c.is_held());
    // A tap just after a long press is not a double press.
    assert_eq!(
        classify(&mut c, &[(3600, Some(Rising)), (3650, Some(Falling))]),
        [(3650, PressKind::Short)]
    );
    // A second press held long is long.
    assert_eq!(
        classify(&mut c, &[(3700, Some(Rising)), (4600, Some(Falling))]),
        [(4600, PressKind::Long)]
    );
    // A release with no press is ignored.
    assert_eq!(classify(&mut c, &[(5000, Some(Falling))]), []);
}

#[test]
fn press_times_are_configurable() {
    use Edge::*;
    let mut c = PressClassifier::new(ms(500), ms(100));
    assert_eq!(
        classify(
            &mut c,
            &[
                (0, Some(Rising)),
                (50, Some(Falling)),
                (200, Some(Rising)),
                (250, Some(Falling))
            ]
        ),
        [(50, PressKind::Short), (250, PressKind::Short)]
    );
    assert_eq!(
        classify(&mut c, &[(1000, Some(Rising)), (1500, None)]),
        [(1500, PressKind::Long)]
    );
}

// ---- The panel ----

/// A mock active-low pin read at `times`, pressed while `pressed(t)`.
fn key_pin(times: &[u64], pressed: impl Fn(u64) -> bool) -> PinMock {
    let expectations: Vec<_> = times
        .iter()
        .map(|&t| Transaction::get(if pressed(t) { State::Low } else { State::High }))
        .collect();
    PinMock::new(&expectations)
}

#[test]
fn panel_reports_each_kind_of_press() {
    let times: Vec<u64> = (0..=150).map(|i| i * 10).collect();
    let fold = key_pin(&times, |t| (100..200).contains(&t));
    // MISDEAL tapped, then held.
    let misdeal = key_pin(&times, |t| {
        (300..350).contains(&t) || (500..1400).contains(&t)
    });
    // Digit 0 pressed twice quickly ("00").
    let zero = key_pin(&times, |t| {
        (100..150).contains(&t) || (300..350).contains(&t)
    });
    let pins = [fold.clone(), misdeal.clone(), zero.clone()];
    let keys = [Key::Fold, Key::Misdeal, digit(0)];
    let mut panel = ButtonPanel::new(pins, keys, ButtonConfig::default()).unwrap();
    let mut events = Vec::new();
    for &t in &times {
        events.extend(panel.scan(at(t)).unwrap());
        if t == 600 {
            assert!(panel.is_held(Key::Misdeal));
        }
    }
    let ev = |key, kind, t| KeyEvent {
        key,
        kind,
        at: at(t),
    };
    assert_eq!(
        events,
        [
            ev(digit(0), PressKind::Short, 170),
            ev(Key::Fold, PressKind::Short, 220),
            ev(Key::Misdeal, PressKind::Short, 370),
            ev(digit(0), PressKind::Double, 370),
            ev(Key::Misdeal, PressKind::Long, 1320),
        ]
    );
    // PD-MISDEAL: only the held MISDEAL acts; "00" is two digits.
    let checked: Vec<_> = events.iter().map(KeyEvent::check).collect();
    assert_eq!(
        checked,
        [
            Ok(digit(0)),
            Ok(Key::Fold),
            Err(ButtonError::HoldToConfirm(Key::Misdeal)),
            Ok(digit(0)),
            Ok(Key::Misdeal),
        ]
    );
    for mut pin in panel.release() {
        pin.done();
    }
}

#[test]
fn a_key_held_far_past_a_long_press_is_stuck_until_released() {
    // FOLD held from 100 ms to 7 s, scanned every 50 ms.
    let times: Vec<u64> = (0..=150).map(|i| i * 50).collect();
    let fold = key_pin(&times, |t| (100..7_000).contains(&t));
    let call = key_pin(&times, |_| false);
    let mut panel = ButtonPanel::new(
        [call, fold],
        [Key::CheckCall, Key::Fold],
        ButtonConfig::default(),
    )
    .unwrap();
    let mut stuck = Vec::new();
    for &t in &times {
        panel.scan(at(t)).unwrap();
        stuck.push((t, panel.stuck()));
    }
    let first = stuck.iter().find(|(_, k)| k.is_some()).map(|(t, _)| *t);
    // Down at 100 ms, believed at the scan of 150 ms (debounce): stuck from 5.15 s.
    assert_eq!(first, Some(150 + STUCK_KEY.total_millis()));
    const { assert!(STUCK_KEY.total_millis() > 4 * DEFAULT_LONG_PRESS.total_millis()) };
    assert_eq!(
        stuck.iter().find(|(t, _)| *t == 6_000).map(|x| x.1),
        Some(Some(Key::Fold))
    );
    // Released at 7 s (believed at the scan of 7.05 s): no longer stuck.
    assert_eq!(stuck.last().map(|x| x.1), Some(None));
    assert_eq!(
        stuck.iter().find(|(t, _)| *t == 7_050).map(|x| x.1),
        Some(None)
    );
    for mut pin in panel.release() {
        pin.done();
    }
}

#[test]
fn panel_active_high_and_custom_times() {
    let times: Vec<u64> = (0..40).map(|i| i * 5).collect();
    let expectations: Vec<_> = times
        .iter()
        .map(|t| {
            Transaction::get(if (20..60).contains(t) {
                State::High
            } else {
                State::Low
            })
        })
        .collect();
    let pin = PinMock::new(&expectations);
    let config = ButtonConfig {
        polarity: Polarity::ActiveHigh,
        debounce: ms(5),
        long_press: ms(30),
        ..ButtonConfig::default()
    };
    let mut panel = ButtonPanel::new([pin], [Key::NextHand], config).unwrap();
    let events: Vec<_> = times
        .iter()
        .flat_map(|&t| panel.scan(at(t)).unwrap())
        .collect();
    assert_eq!(
        events,
        [KeyEvent {
            key: Key::NextHand,
            kind: PressKind::Long,
            at: at(55)
        }]
    );
    assert_eq!(events[0].check(), Ok(Key::NextHand));
    let [mut pin] = panel.release();
    pin.done();
}

#[test]
fn a_failed_scan_changes_nothing() {
    let err = MockError::Io(std::io::ErrorKind::Other);
    // Pin 1 is pressed at 0 and 20; pin 2 fails on the second scan.
    let a = PinMock::new(&[
        Transaction::get(State::Low),
        Transaction::get(State::Low),
        Transaction::get(State::Low),
        Transaction::get(State::High),
        Transaction::get(State::High),
    ]);
    let b = PinMock::new(&[
        Transaction::get(State::High),
        Transaction::get(State::High).with_error(err),
        Transaction::get(State::High),
        Transaction::get(State::High),
        Transaction::get(State::High),
    ]);
    let mut panel =
        ButtonPanel::new([a, b], [Key::CheckCall, Key::Undo], ButtonConfig::default()).unwrap();
    assert_eq!(panel.scan(at(0)), Ok(heapless::Vec::new()));
    assert_eq!(panel.scan(at(20)), Err(ButtonError::PinRead(Key::Undo)));
    assert!(
        !panel.is_held(Key::CheckCall),
        "the failed scan was not applied"
    );
    assert!(panel.scan(at(20)).unwrap().is_empty());
    assert!(panel.is_held(Key::CheckCall));
    assert!(panel.scan(at(30)).unwrap().is_empty());
    let events = panel.scan(at(50)).unwrap();
    assert_eq!(
        events.as_slice(),
        [KeyEvent {
            key: Key::CheckCall,
            kind: PressKind::Short,
            at: at(50)
        }]
    );
    for mut pin in panel.release() {
        pin.done();
    }
}

#[test]
fn panel_refuses_a_key_mapped_twice() {
    let pins = [PinMock::new(&[]), PinMock::new(&[])];
    let r = ButtonPanel::new(
        pins.clone(),
        [Key::Fold, Key::Fold],
        ButtonConfig::default(),
    );
    assert_eq!(r.err(), Some(ButtonError::DuplicateKey(Key::Fold)));
    for mut pin in pins {
        pin.done();
    }
}

#[test]
fn repeated_action_presses_are_refused() {
    let ev = |key, kind| KeyEvent {
        key,
        kind,
        at: Instant::ZERO,
    };
    for key in [
        Key::Fold,
        Key::CheckCall,
        Key::BetRaise,
        Key::AllIn,
        Key::Enter,
        Key::Undo,
        Key::Straddle,
    ] {
        assert_eq!(
            ev(key, PressKind::Double).check(),
            Err(ButtonError::RepeatedPress(key))
        );
        assert_eq!(ev(key, PressKind::Short).check(), Ok(key));
        assert_eq!(ev(key, PressKind::Long).check(), Ok(key));
    }
    for key in [digit(7), Key::Clear, Key::seat(3).unwrap()] {
        assert_eq!(ev(key, PressKind::Double).check(), Ok(key));
    }
    for key in [Key::Misdeal, Key::NextHand] {
        assert_eq!(
            ev(key, PressKind::Short).check(),
            Err(ButtonError::HoldToConfirm(key))
        );
        assert_eq!(
            ev(key, PressKind::Double).check(),
            Err(ButtonError::HoldToConfirm(key))
        );
    }
}

#[test]
fn the_panel_has_every_key_once() {
    for (i, key) in ALL_KEYS.iter().enumerate() {
        assert!(!ALL_KEYS[..i].contains(key), "{key} twice");
    }
    for d in 0..=9 {
        assert!(ALL_KEYS.contains(&digit(d)));
    }
    for seat in 1..=MAX_SEATS as u8 {
        assert!(ALL_KEYS.contains(&Key::seat(seat).unwrap()));
    }
}

#[test]
fn keys_are_named_as_on_the_panel() {
    use std::string::ToString;
    assert_eq!(Key::CheckCall.to_string(), "CHECK/CALL");
    assert_eq!(Key::NextHand.to_string(), "NEXT HAND");
    assert_eq!(digit(4).to_string(), "4");
    assert_eq!(Key::seat(11).unwrap().to_string(), "SEAT 11");
    assert_eq!(Key::seat(0), None);
    assert_eq!(Key::seat(12), None);
    assert_eq!(Key::digit(10), None);
    assert_eq!(
        ButtonError::HoldToConfirm(Key::Misdeal).to_string(),
        "MISDEAL not done: hold MISDEAL for a second to confirm"
    );
}

// ---- Seat LEDs ----

fn led(states: &[State]) -> PinMock {
    let expectations: Vec<_> = states.iter().map(|s| Transaction::set(*s)).collect();
    PinMock::new(&expectations)
}

#[test]
fn exactly_one_seat_led_is_lit() {
    use State::{High, Low};
    // show(2), show(3), show(None)
    let leds = [
        led(&[Low, Low, Low]),
        led(&[High, Low, Low]),
        led(&[Low, High, Low]),
    ];
    let mut seats = SeatLeds::new(leds, Polarity::ActiveHigh);
    assert_eq!(seats.lit(), None);
    seats.show(Some(sn(2))).unwrap();
    assert_eq!(seats.lit(), Some(sn(2)));
    seats.show(Some(sn(3))).unwrap();
    assert_eq!(seats.lit(), Some(sn(3)));
    seats.show(None).unwrap();
    assert_eq!(seats.lit(), None);
    assert_eq!(
        seats.show(Some(sn(4))),
        Err(ButtonError::NoSuchSeatLed {
            seat: sn(4),
            leds: 3
        })
    );
    // Seat 0 cannot be asked for: `SeatNo` starts at 1.
    assert_eq!(SeatNo::new(0), None);
    for mut pin in seats.release() {
        pin.done();
    }
}

#[test]
fn seat_leds_active_low_and_write_errors() {
    use State::{High, Low};
    let err = MockError::Io(std::io::ErrorKind::Other);
    let a = PinMock::new(&[Transaction::set(Low)]);
    let b = PinMock::new(&[
        Transaction::set(High),
        Transaction::set(High).with_error(err),
    ]);
    let mut seats = SeatLeds::new([a, b], Polarity::ActiveLow);
    seats.show(Some(sn(1))).unwrap();
    assert_eq!(seats.lit(), Some(sn(1)));
    // Seat 2's LED cannot be turned off: seat 1's is not lit.
    assert_eq!(seats.show(Some(sn(1))), Err(ButtonError::LedWrite(sn(2))));
    assert_eq!(seats.lit(), None);
    for mut pin in seats.release() {
        pin.done();
    }
}

// ---- Amounts ----

#[test]
fn amount_entry_keys_digits_clear_and_enter() {
    let mut e = AmountEntry::new();
    assert_eq!(e.press(Key::Enter), Err(AmountError::NoDigits));
    for d in [0, 0, 2, 5] {
        assert_eq!(e.press(digit(d)), Ok(None));
    }
    assert_eq!(e.value(), 25);
    assert_eq!(e.digits(), 2);
    assert_eq!(e.press(Key::Clear), Ok(None));
    assert!(e.is_empty());
    assert_eq!(e.press(digit(0)), Ok(None));
    assert_eq!(e.press(Key::Enter), Ok(Some(0)));
    assert_eq!(e.press(digit(9)), Ok(None));
    assert_eq!(
        e.press(Key::Fold),
        Err(AmountError::NotAmountKey(Key::Fold))
    );
    assert_eq!(e.press(Key::Enter), Ok(Some(9)));
    assert_eq!(e, AmountEntry::new());
}

#[test]
fn amount_entry_limits_digits() {
    let mut e = AmountEntry::with_max_digits(3);
    for d in [0, 1, 2, 3] {
        e.press(digit(d)).unwrap();
    }
    let before = e;
    assert_eq!(e.press(digit(4)), Err(AmountError::TooManyDigits(3)));
    assert_eq!(e, before, "a refused digit changed the entry");
    assert_eq!(e.enter(), Ok(123));
    let mut e = AmountEntry::new();
    for _ in 0..MAX_AMOUNT_DIGITS {
        e.press(digit(9)).unwrap();
    }
    assert_eq!(e.press(digit(9)), Err(AmountError::TooManyDigits(12)));
    assert_eq!(e.value(), 999_999_999_999);
    assert_eq!(AmountEntry::with_max_digits(0).max_digits(), 1);
    assert_eq!(
        AmountEntry::with_max_digits(99).max_digits(),
        AMOUNT_DIGITS_LIMIT
    );
}

#[test]
fn amount_entry_overflow() {
    let mut e = AmountEntry::with_max_digits(AMOUNT_DIGITS_LIMIT);
    // u64::MAX = 18446744073709551615
    for c in "1844674407370955161".bytes() {
        e.press(digit(c - b'0')).unwrap();
    }
    let before = e;
    assert_eq!(e.press(digit(6)), Err(AmountError::Overflow));
    assert_eq!(e, before);
    assert_eq!(e.press(digit(5)), Ok(None));
    assert_eq!(e.enter(), Ok(u64::MAX));
}

#[test]
fn parse_amount_accepts_whole_chips() {
    assert_eq!(parse_amount("0"), Ok(0));
    assert_eq!(parse_amount("007"), Ok(7));
    assert_eq!(parse_amount("\t1500\n"), Ok(1500));
    assert_eq!(parse_amount("1,000,000"), Ok(1_000_000));
    assert_eq!(parse_amount("18446744073709551615"), Ok(u64::MAX));
    assert_eq!(parse_amount(""), Err(AmountError::NoDigits));
    assert_eq!(parse_amount("   "), Err(AmountError::NoDigits));
    assert_eq!(parse_amount("-5"), Err(AmountError::NotADigit('-')));
    assert_eq!(parse_amount("+5"), Err(AmountError::NotADigit('+')));
    assert_eq!(parse_amount("1e3"), Err(AmountError::NotADigit('e')));
    assert_eq!(parse_amount("1 500"), Err(AmountError::NotADigit(' ')));
    assert_eq!(parse_amount("١٢"), Err(AmountError::NotADigit('١')));
    assert_eq!(parse_amount(",5"), Err(AmountError::BadSeparator));
    assert_eq!(parse_amount("5,"), Err(AmountError::BadSeparator));
    assert_eq!(parse_amount("5,,0"), Err(AmountError::BadSeparator));
    assert_eq!(
        parse_amount("99999999999999999999"),
        Err(AmountError::Overflow)
    );
}
