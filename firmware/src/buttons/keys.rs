//! The keys on the dealer's panel and what each one is for.

use crate::config::MAX_SEATS;
use crate::rules::SeatNo;
use core::fmt;

/// One decimal digit, 0-9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Digit(u8);

impl Digit {
    /// The digit `d`, if it is 0-9.
    pub const fn new(d: u8) -> Option<Digit> {
        if d <= 9 {
            Some(Digit(d))
        } else {
            None
        }
    }

    /// The digit's value, 0-9.
    pub const fn value(self) -> u8 {
        self.0
    }
}

/// A key on the dealer's panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Key {
    /// FOLD.
    Fold,
    /// CHECK/CALL.
    CheckCall,
    /// BET/RAISE (the amount is keyed first).
    BetRaise,
    /// ALL-IN.
    AllIn,
    /// A keypad digit.
    Digit(Digit),
    /// CLEAR: forget the amount being keyed.
    Clear,
    /// ENTER: finish the amount being keyed.
    Enter,
    /// UNDO the last input.
    Undo,
    /// STRADDLE.
    Straddle,
    /// MISDEAL (PD-MISDEAL); must be held.
    Misdeal,
    /// NEXT HAND; must be held.
    NextHand,
    /// A seat key, 1..=[`MAX_SEATS`].
    Seat(SeatNo),
}

impl Key {
    /// The digit key `d` (0-9).
    pub const fn digit(d: u8) -> Option<Key> {
        match Digit::new(d) {
            Some(d) => Some(Key::Digit(d)),
            None => None,
        }
    }

    /// The key of seat `seat` (1..=[`MAX_SEATS`]).
    pub const fn seat(seat: u8) -> Option<Key> {
        match SeatNo::new(seat) {
            Some(s) => Some(Key::Seat(s)),
            None => None,
        }
    }

    /// Whether the key acts only when held
    /// ([`PressKind::Long`](super::PressKind::Long)): MISDEAL and NEXT HAND, whose
    /// accidental press would cost a hand.
    pub const fn needs_long_press(self) -> bool {
        matches!(self, Key::Misdeal | Key::NextHand)
    }

    /// Whether the key is a betting action (FOLD, CHECK/CALL, BET/RAISE, ALL-IN).
    pub const fn is_action(self) -> bool {
        matches!(
            self,
            Key::Fold | Key::CheckCall | Key::BetRaise | Key::AllIn
        )
    }

    /// Whether a double press of the key is a mistake to refuse: the actions, ENTER,
    /// UNDO and STRADDLE act once per intent. Digits, CLEAR and seat keys may be
    /// pressed twice quickly on purpose ("100").
    pub const fn repeat_is_mistake(self) -> bool {
        self.is_action() || matches!(self, Key::Enter | Key::Undo | Key::Straddle)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Fold => f.write_str("FOLD"),
            Key::CheckCall => f.write_str("CHECK/CALL"),
            Key::BetRaise => f.write_str("BET/RAISE"),
            Key::AllIn => f.write_str("ALL-IN"),
            Key::Digit(d) => write!(f, "{}", d.value()),
            Key::Clear => f.write_str("CLEAR"),
            Key::Enter => f.write_str("ENTER"),
            Key::Undo => f.write_str("UNDO"),
            Key::Straddle => f.write_str("STRADDLE"),
            Key::Misdeal => f.write_str("MISDEAL"),
            Key::NextHand => f.write_str("NEXT HAND"),
            Key::Seat(n) => write!(f, "SEAT {n}"),
        }
    }
}

/// The key of seat `n`, for [`ALL_KEYS`] only: evaluated when compiling, so a seat
/// beyond [`MAX_SEATS`] there is a build error, not a panic at the table.
const fn seat_key(n: u8) -> Key {
    match Key::seat(n) {
        Some(k) => k,
        None => panic!("ALL_KEYS names a seat beyond MAX_SEATS"),
    }
}

/// Keys on the dealer's panel: the four actions, ten digits, CLEAR, ENTER, UNDO,
/// STRADDLE, MISDEAL, NEXT HAND and one seat key per seat ([`MAX_SEATS`]).
pub const PANEL_KEYS: usize = 20 + MAX_SEATS;

/// Every key of the panel, each once, in the order of the pin map
/// (`hardware/pins.toml`). What keys a panel has is the firmware's to say: the real
/// panel's pin map and matrix and the bench's simulated panel all wire these.
pub const ALL_KEYS: [Key; PANEL_KEYS] = [
    Key::Fold,
    Key::CheckCall,
    Key::BetRaise,
    Key::AllIn,
    Key::Digit(Digit(0)),
    Key::Digit(Digit(1)),
    Key::Digit(Digit(2)),
    Key::Digit(Digit(3)),
    Key::Digit(Digit(4)),
    Key::Digit(Digit(5)),
    Key::Digit(Digit(6)),
    Key::Digit(Digit(7)),
    Key::Digit(Digit(8)),
    Key::Digit(Digit(9)),
    Key::Clear,
    Key::Enter,
    Key::Undo,
    Key::Straddle,
    Key::Misdeal,
    Key::NextHand,
    seat_key(1),
    seat_key(2),
    seat_key(3),
    seat_key(4),
    seat_key(5),
    seat_key(6),
    seat_key(7),
    seat_key(8),
    seat_key(9),
    seat_key(10),
    seat_key(11),
];
