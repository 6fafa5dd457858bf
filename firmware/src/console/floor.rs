//! The floor's own keys on the dealer's panel: a floor ruling is made in *floor
//! mode*, never from what the dealer keyed for a bet.
//!
//! The floor person holds CLEAR (floor mode), keys his number and his four-digit PIN
//! as one number (floor 17, PIN 0042: `170042`), then the ruling's key. The console
//! gives the ruling with the PIN ([`Press::Ruling`]); the host checks the PIN against
//! the table's list of floor staff before the engine sees the ruling. Digits keyed in
//! floor mode are never shown or logged as digits ([`Console::floor_mode`]).
//!
//! | key in floor mode | ruling |
//! |---|---|
//! | MISDEAL (held) | void hand, every bet returned (PD-RFID) |
//! | STRADDLE | the unconfirmed straddle was announced (\[003\] 3д) |
//! | UNDO (held) | the board card just refused is premature, and the burn refused before it stays (PD-PREMATURE) |
//! | seat key | during the deal: that seat's card just dealt was exposed by the dealer (PD-EXPOSED); at a draw showdown: the opener cannot show openers, his hand is dead (PD-DRAW); at the settlement: that seat may be paid against the tabled hands (R-SHOW-4, the award override) |
//! | FOLD | the card just dealt is a boxed card: dead, the next card takes its place |
//! | ENTER | the card keyed *before* floor mode (rank 2-14 then suit 1 ♣ 2 ♦ 3 ♥ 4 ♠: `144` is A♠) is dealt by hand: its tag does not read (PD-RFID) |
//! | CLEAR | leave floor mode |

use super::{live, Console, ConsoleError, PrematureReads, Press};
use crate::buttons::{AmountEntry, Key};
use crate::card::{Card, Rank, Suit};
use crate::event::{Input, Read, Ruling, MAX_FLOOR_ID};
use crate::table::Table;
use core::fmt;

/// Digits of the floor's code: up to four of his number, then four of his PIN.
pub const FLOOR_CODE_DIGITS: u8 = 8;

/// Digits of a floor PIN.
pub const PIN_DIGITS: u8 = 4;

/// `10^PIN_DIGITS`: the floor's code is his number times this, plus his PIN.
const PIN_SPAN: u64 = 10_000;

/// A floor person's PIN as keyed. Its `Debug` never shows it (a PIN must not reach a
/// log through a debug print); the host compares it with the PIN's hash.
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Pin(u16);

impl Pin {
    /// The PIN `value` (0 to 9999); `None` above.
    pub const fn new(value: u16) -> Option<Pin> {
        if (value as u64) < PIN_SPAN {
            Some(Pin(value))
        } else {
            None
        }
    }

    /// The four digits, leading zeros kept, for the host's hash check.
    pub fn digits(self) -> [u8; PIN_DIGITS as usize] {
        let v = self.0;
        [
            b'0' + (v / 1000 % 10) as u8,
            b'0' + (v / 100 % 10) as u8,
            b'0' + (v / 10 % 10) as u8,
            b'0' + (v % 10) as u8,
        ]
    }
}

impl fmt::Debug for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pin(****)")
    }
}

/// Floor mode: what the floor has keyed, and the amount the dealer had keyed before
/// (a card's code for ENTER, the card dealt by hand).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(super) struct FloorEntry {
    code: AmountEntry,
    card_code: Option<u64>,
}

impl FloorEntry {
    pub(super) fn new(card_code: Option<u64>) -> FloorEntry {
        FloorEntry {
            code: AmountEntry::with_max_digits(FLOOR_CODE_DIGITS),
            card_code,
        }
    }
}

/// A card keyed as its rank (2 to 14, ace high) then its suit (1 ♣, 2 ♦, 3 ♥, 4 ♠):
/// `144` is A♠, `103` is 10♥, `21` is 2♣.
pub fn card_from_code(code: u64) -> Option<Card> {
    let suit = match code % 10 {
        1 => Suit::Clubs,
        2 => Suit::Diamonds,
        3 => Suit::Hearts,
        4 => Suit::Spades,
        _ => return None,
    };
    let rank = u8::try_from(code / 10).ok()?.checked_sub(2)?;
    Some(Card::new(Rank::from_index(rank)?, suit))
}

impl Console {
    /// Whether the panel is in floor mode: its digits are a floor number and PIN,
    /// which the host logs masked.
    pub fn floor_mode(&self) -> bool {
        self.floor.is_some()
    }

    /// CLEAR held: floor mode, keeping what was keyed (a card's code for ENTER).
    pub(super) fn enter_floor_mode(&mut self) -> Press {
        let keyed = (!self.amount.is_empty()).then(|| self.amount.value());
        self.amount.clear();
        self.floor = Some(FloorEntry::new(keyed));
        Press::FloorMode(0)
    }

    /// A press in floor mode: a digit of the code, CLEAR to leave, or a ruling's key.
    /// A ruling leaves floor mode; a refused press stays in it.
    pub(super) fn floor_press(
        &mut self,
        table: &Table,
        key: Key,
        held: bool,
    ) -> Result<Press, ConsoleError> {
        let Some(entry) = self.floor.as_mut() else {
            return Err(ConsoleError::NotNow(key));
        };
        match key {
            Key::Digit(_) => {
                entry.code.press(key)?;
                Ok(Press::FloorMode(entry.code.digits()))
            }
            Key::Clear => {
                self.floor = None;
                Ok(Press::Cleared)
            }
            _ => {
                let entry = *entry;
                let (floor, pin) = floor_code(&entry)?;
                let ruling = ruling_of(table, &entry, key, held, self.premature)?;
                self.floor = None;
                Ok(Press::Ruling { ruling, floor, pin })
            }
        }
    }
}

/// The floor's number and PIN from his code.
fn floor_code(entry: &FloorEntry) -> Result<(u16, Pin), ConsoleError> {
    if entry.code.digits() <= PIN_DIGITS {
        return Err(ConsoleError::FloorCode);
    }
    let value = entry.code.value();
    let floor = u16::try_from(value / PIN_SPAN)
        .ok()
        .filter(|f| (1..=MAX_FLOOR_ID).contains(f))
        .ok_or(ConsoleError::FloorCode)?;
    let pin = u16::try_from(value % PIN_SPAN)
        .ok()
        .and_then(Pin::new)
        .ok_or(ConsoleError::FloorCode)?;
    Ok((floor, pin))
}

/// The ruling a key stands for in floor mode.
fn ruling_of(
    table: &Table,
    entry: &FloorEntry,
    key: Key,
    held: bool,
    premature: Option<PrematureReads>,
) -> Result<Ruling, ConsoleError> {
    let hand = live(table).ok_or(ConsoleError::NoHand(key))?;
    Ok(match key {
        Key::Misdeal => Ruling::VoidHand,
        Key::Straddle => Ruling::StraddleAnnounced,
        Key::Undo if held => PrematureReads::ruling(premature, hand),
        // At a draw showdown the seat key rules the opener's hand dead (PD-DRAW);
        // during the deal, his card just dealt exposed (PD-EXPOSED).
        Key::Seat(seat) if hand.phase == crate::hand::Phase::Showdown => Ruling::DeadHand { seat },
        // At the settlement, the seat may be paid against the tabled hands (R-SHOW-4).
        Key::Seat(seat) if hand.phase == crate::hand::Phase::Settling => {
            Ruling::AwardOverride { seat }
        }
        Key::Seat(seat) => Ruling::Exposed { seat, card: None },
        Key::Fold => match table.hand_inputs().last() {
            Some(Input::Card(Read {
                card: Some(card),
                burn: false,
            })) => Ruling::Boxed { card: *card },
            _ => return Err(ConsoleError::NothingToBox),
        },
        Key::Enter => {
            let code = entry.card_code.ok_or(ConsoleError::CardCode)?;
            Ruling::Manual {
                card: card_from_code(code).ok_or(ConsoleError::CardCode)?,
            }
        }
        _ => return Err(ConsoleError::FloorKey(key)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_keyed_as_rank_then_suit() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(card_from_code(144), Some(c("As")));
        assert_eq!(card_from_code(103), Some(c("Th")));
        assert_eq!(card_from_code(21), Some(c("2c")));
        assert_eq!(card_from_code(132), Some(c("Kd")));
        for bad in [0, 11, 15, 145, 150, 1_000_004, u64::MAX] {
            assert_eq!(card_from_code(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_pin_keeps_its_leading_zeros_and_never_prints() {
        use core::fmt::Write;
        let pin = Pin::new(42).unwrap();
        assert_eq!(&pin.digits(), b"0042");
        let mut shown: heapless::String<16> = heapless::String::new();
        write!(shown, "{pin:?}").unwrap();
        assert_eq!(shown.as_str(), "Pin(****)");
        assert_eq!(Pin::new(10_000), None);
    }
}
