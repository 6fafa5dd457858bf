//! The three places where an [`Event`](crate::Event)'s serde form is not what a
//! derive writes, kept as the hand log has always written them so that every signed
//! record reads back byte for byte the same:
//!
//! - a hand's dealt seats are a list of seat numbers (`"dealt":[1,3,5]`), not the
//!   engine's bit mask;
//! - a warning sits under its own key (`{"type":"warning","warning":{"type":"over_pot",…}}`),
//!   since the event and the warning both name their kind `type`;
//! - a ruling is flat beside the floor person's number
//!   (`{"type":"ruled","ruling":"exposed","floor":7,"card":"As","seat":3}`), with the
//!   card, seat and burn it names present only when it names them.
//!
//! Reading a tagged event back buffers it, which takes `alloc`: this module exists only
//! with the `serde` feature, which the host's records use; the engine itself allocates
//! nothing.

use crate::card::Card;
use crate::event::{Ruling, Warning};
use crate::rules::SeatNo;
use serde::{Deserialize, Serialize};

/// `dealt: u16` (bit `s` for seat `s`) as the list of seats dealt in.
pub mod seat_mask {
    use super::SeatNo;
    use core::fmt;
    use serde::de::{Error, SeqAccess, Visitor};
    use serde::ser::SerializeSeq;
    use serde::{Deserializer, Serializer};

    /// Writes the seats whose bit is set, lowest first.
    pub fn serialize<S: Serializer>(mask: &u16, s: S) -> Result<S::Ok, S::Error> {
        let seats = || crate::event::dealt_seats(*mask);
        let mut seq = s.serialize_seq(Some(seats().count()))?;
        for seat in seats() {
            seq.serialize_element(&seat)?;
        }
        seq.end()
    }

    /// Reads a list of seat numbers (each checked as a seat is) into the mask.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
        struct Seats;
        impl<'de> Visitor<'de> for Seats {
            type Value = u16;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of seat numbers")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<u16, A::Error> {
                let mut mask = 0u16;
                while let Some(seat) = seq.next_element::<SeatNo>()? {
                    // Every seat number fits: SeatNo is at most MAX_SEATS (< 16).
                    let bit = 1u16
                        .checked_shl(u32::from(seat.get()))
                        .ok_or_else(|| A::Error::custom("a seat beyond the dealt mask"))?;
                    mask |= bit;
                }
                Ok(mask)
            }
        }
        d.deserialize_seq(Seats)
    }
}

/// `Warning(w)` as `"warning": w`.
pub mod warning {
    use super::{Deserialize, Serialize, Warning};
    use serde::{Deserializer, Serializer};

    #[derive(Serialize)]
    struct Nested<'a> {
        warning: &'a Warning,
    }

    #[derive(Deserialize)]
    struct Owned {
        warning: Warning,
    }

    /// Writes the warning under its key.
    pub fn serialize<S: Serializer>(warning: &Warning, s: S) -> Result<S::Ok, S::Error> {
        Nested { warning }.serialize(s)
    }

    /// Reads the warning from under its key.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Warning, D::Error> {
        Owned::deserialize(d).map(|o| o.warning)
    }
}

/// `Ruled { ruling, floor }` with the ruling's name, then the floor person's number,
/// then what the ruling names.
pub mod ruled {
    use super::{Card, Deserialize, Ruling, SeatNo, Serialize};
    use serde::de::Error;
    use serde::{Deserializer, Serializer};

    /// A ruling's name, as the log's input text says it too.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Name {
        VoidHand,
        StraddleAnnounced,
        Premature,
        Exposed,
        Boxed,
        Manual,
        DeadHand,
        AwardOverride,
    }

    /// The flat form. `burn` is absent from records written before it was kept
    /// (PD-PREMATURE), so every named part defaults to none.
    #[derive(Serialize, Deserialize)]
    struct Flat {
        ruling: Name,
        floor: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatNo>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        burn: Option<Card>,
    }

    /// Writes the ruling flat.
    pub fn serialize<S: Serializer>(ruling: &Ruling, floor: &u16, s: S) -> Result<S::Ok, S::Error> {
        let floor = *floor;
        let (ruling, card, seat, burn) = match *ruling {
            Ruling::VoidHand => (Name::VoidHand, None, None, None),
            Ruling::StraddleAnnounced => (Name::StraddleAnnounced, None, None, None),
            Ruling::Premature { card, burn } => (Name::Premature, card, None, burn),
            Ruling::Exposed { seat, card } => (Name::Exposed, card, Some(seat), None),
            Ruling::Boxed { card } => (Name::Boxed, Some(card), None, None),
            Ruling::Manual { card } => (Name::Manual, Some(card), None, None),
            Ruling::DeadHand { seat } => (Name::DeadHand, None, Some(seat), None),
            Ruling::AwardOverride { seat } => (Name::AwardOverride, None, Some(seat), None),
        };
        Flat {
            ruling,
            floor,
            card,
            seat,
            burn,
        }
        .serialize(s)
    }

    /// Reads the flat form; a ruling without the card or seat it needs is refused.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(Ruling, u16), D::Error> {
        let Flat {
            ruling,
            floor,
            card,
            seat,
            burn,
        } = Flat::deserialize(d)?;
        let missing = |what| D::Error::custom(format_args!("a {ruling:?} ruling names its {what}"));
        let ruling = match ruling {
            Name::VoidHand => Ruling::VoidHand,
            Name::StraddleAnnounced => Ruling::StraddleAnnounced,
            Name::Premature => Ruling::Premature { card, burn },
            Name::Exposed => Ruling::Exposed {
                seat: seat.ok_or_else(|| missing("seat"))?,
                card,
            },
            Name::Boxed => Ruling::Boxed {
                card: card.ok_or_else(|| missing("card"))?,
            },
            Name::Manual => Ruling::Manual {
                card: card.ok_or_else(|| missing("card"))?,
            },
            Name::DeadHand => Ruling::DeadHand {
                seat: seat.ok_or_else(|| missing("seat"))?,
            },
            Name::AwardOverride => Ruling::AwardOverride {
                seat: seat.ok_or_else(|| missing("seat"))?,
            },
        };
        Ok((ruling, floor))
    }
}
