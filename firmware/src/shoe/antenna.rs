//! Which antenna of the shoe read a card, and so whether the card was dealt or
//! burnt (`hardware/docs/shoe-protocol.md`).
//!
//! The shoe has two antennas on one reader: one at the exit, where dealt cards pass,
//! and one in the burn slot. The reader names the antenna by the target number Tg of
//! its InListPassiveTarget answer. This module is the one place that turns an
//! antenna into the engine's [`Read`], so the link, the bench and the scenario
//! scripts cannot disagree about which reads are burns.

use super::message::CardRead;
use crate::card::Card;
use crate::deck::{DeckError, DeckMap, TagUid};
use crate::event::Read;

/// Which antenna of the shoe read a card: the reader reports it as the target
/// number Tg of the InListPassiveTarget answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Antenna {
    /// Tg 1: the shoe's exit, where dealt cards pass.
    Exit,
    /// Tg 2: the burn slot; in a draw's exchange, the discards go through it.
    Burn,
}

impl Antenna {
    /// The target number the reader reports for this antenna.
    pub const fn target(self) -> u8 {
        match self {
            Antenna::Exit => 1,
            Antenna::Burn => 2,
        }
    }

    /// The antenna of target number `tg`, if it is one.
    pub const fn from_target(tg: u8) -> Option<Antenna> {
        match tg {
            1 => Some(Antenna::Exit),
            2 => Some(Antenna::Burn),
            _ => None,
        }
    }

    /// The antenna a card is read at: the burn slot for a burn card, the exit for a
    /// card dealt.
    pub const fn for_burn(burn: bool) -> Antenna {
        if burn {
            Antenna::Burn
        } else {
            Antenna::Exit
        }
    }

    /// The engine's input for `card` read at this antenna: dealt at the exit, burnt
    /// at the burn slot.
    pub const fn read(self, card: Card) -> Read {
        match self {
            Antenna::Exit => Read::card(card),
            Antenna::Burn => Read::burn(card),
        }
    }

    /// The engine's input for the tag `uid` read at this antenna: the card the deck
    /// map gives the tag. A tag not in the table's deck is [`DeckError::UnknownTag`]
    /// (PD-RFID: foul deck), never a card.
    pub fn read_tag(self, map: &DeckMap, uid: &TagUid) -> Result<Read, DeckError> {
        map.lookup(uid).map(|card| self.read(card))
    }
}

/// The engine's input for a card read: the card the deck map gives the tag, dealt
/// (Tg 1, the exit) or burnt (Tg 2, the burn slot).
///
/// A tag not in the table's deck is [`DeckError::UnknownTag`] (PD-RFID: foul deck),
/// never a card. A read from a target that is neither antenna is refused the same
/// way: the controller's link never delivers one (it reports the unknown target and
/// re-reads), so this only happens to reads from elsewhere.
///
/// ```
/// use firmware::deck::{DeckKind, DeckMap};
/// use firmware::shoe::{to_read, CardRead};
/// let map = DeckMap::simulated(DeckKind::Standard52, 1);
/// let ace = "As".parse().unwrap();
/// let mut read = CardRead::new(DeckMap::simulated_uid(1, ace));
/// assert_eq!(to_read(&map, &read), Ok(firmware::Read::card(ace)));
/// read.target = 2;
/// assert_eq!(to_read(&map, &read), Ok(firmware::Read::burn(ace)));
/// ```
pub fn to_read(map: &DeckMap, read: &CardRead) -> Result<Read, DeckError> {
    let antenna = Antenna::from_target(read.target).ok_or(DeckError::UnknownTag)?;
    antenna.read_tag(map, &read.uid)
}
