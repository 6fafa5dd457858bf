//! Events in the machine form: the firmware's [`Event`] with named variants and
//! fields, stored as JSON beside the text the dealer read, and read back.

use super::payload_error::EventDataError;
use firmware::{Card, Chips, Event, Post, Ruling, SeatNo, Street, Warning};
use serde::{Deserialize, Serialize};

/// A betting round, in the machine form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum StreetName {
    Preflop,
    Flop,
    Turn,
    River,
    Draw,
}

impl From<Street> for StreetName {
    fn from(s: Street) -> StreetName {
        match s {
            Street::Preflop => StreetName::Preflop,
            Street::Flop => StreetName::Flop,
            Street::Turn => StreetName::Turn,
            Street::River => StreetName::River,
            Street::Draw => StreetName::Draw,
        }
    }
}

impl From<StreetName> for Street {
    fn from(s: StreetName) -> Street {
        match s {
            StreetName::Preflop => Street::Preflop,
            StreetName::Flop => Street::Flop,
            StreetName::Turn => Street::Turn,
            StreetName::River => Street::River,
            StreetName::Draw => Street::Draw,
        }
    }
}

/// A floor ruling, in the machine form (the log's input text says it the same way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum RulingName {
    VoidHand,
    StraddleAnnounced,
    Premature,
    Exposed,
    Boxed,
    Manual,
    DeadHand,
    AwardOverride,
}

impl RulingName {
    /// The ruling's name, the card it names (a premature turn card, an exposed,
    /// boxed or hand-entered card), the seat it names (an exposed card's) and the
    /// burn it names (the one a premature card leaves burnt).
    fn of(r: Ruling) -> (RulingName, Option<Card>, Option<SeatNo>, Option<Card>) {
        match r {
            Ruling::VoidHand => (RulingName::VoidHand, None, None, None),
            Ruling::StraddleAnnounced => (RulingName::StraddleAnnounced, None, None, None),
            Ruling::Premature { card, burn } => (RulingName::Premature, card, None, burn),
            Ruling::Exposed { seat, card } => (RulingName::Exposed, card, Some(seat), None),
            Ruling::Boxed { card } => (RulingName::Boxed, Some(card), None, None),
            Ruling::Manual { card } => (RulingName::Manual, Some(card), None, None),
            Ruling::DeadHand { seat } => (RulingName::DeadHand, None, Some(seat), None),
            Ruling::AwardOverride { seat } => (RulingName::AwardOverride, None, Some(seat), None),
        }
    }

    /// The ruling of this name naming `card`, `seat` and `burn`; `None` when one it
    /// needs is missing.
    fn ruling(
        self,
        card: Option<Card>,
        seat: Option<SeatNo>,
        burn: Option<Card>,
    ) -> Option<Ruling> {
        Some(match self {
            RulingName::VoidHand => Ruling::VoidHand,
            RulingName::StraddleAnnounced => Ruling::StraddleAnnounced,
            RulingName::Premature => Ruling::Premature { card, burn },
            RulingName::Exposed => Ruling::Exposed { seat: seat?, card },
            RulingName::Boxed => Ruling::Boxed { card: card? },
            RulingName::Manual => Ruling::Manual { card: card? },
            RulingName::DeadHand => Ruling::DeadHand { seat: seat? },
            RulingName::AwardOverride => Ruling::AwardOverride { seat: seat? },
        })
    }
}

/// A forced bet, in the machine form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum PostKind {
    Ante,
    SmallBlind,
    BigBlind,
    Straddle,
    EnterBigBlind,
    DeadSmallBlind,
}

impl From<Post> for PostKind {
    fn from(p: Post) -> PostKind {
        match p {
            Post::Ante => PostKind::Ante,
            Post::SmallBlind => PostKind::SmallBlind,
            Post::BigBlind => PostKind::BigBlind,
            Post::Straddle => PostKind::Straddle,
            Post::EnterBigBlind => PostKind::EnterBigBlind,
            Post::DeadSmallBlind => PostKind::DeadSmallBlind,
        }
    }
}

impl From<PostKind> for Post {
    fn from(p: PostKind) -> Post {
        match p {
            PostKind::Ante => Post::Ante,
            PostKind::SmallBlind => Post::SmallBlind,
            PostKind::BigBlind => Post::BigBlind,
            PostKind::Straddle => Post::Straddle,
            PostKind::EnterBigBlind => Post::EnterBigBlind,
            PostKind::DeadSmallBlind => Post::DeadSmallBlind,
        }
    }
}

/// A warning, in the machine form (firmware [`Warning`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum WarningData {
    OverPot {
        seat: SeatNo,
        asked: Chips,
        max: Chips,
    },
    UnderMinimum {
        seat: SeatNo,
        asked: Chips,
        to: Chips,
    },
    FixedSize {
        seat: SeatNo,
        asked: Chips,
        to: Chips,
    },
    StraddleUnconfirmed {
        seat: SeatNo,
    },
    FoldedWithCheck {
        seat: SeatNo,
    },
    OpenersUnchecked {
        seat: SeatNo,
    },
}

/// An event in the machine form: the firmware [`Event`] with named variants and
/// fields, cards as text (`As`, `null` for a card not read), and the dealt seats as a
/// list. Stored as JSON (`{"type":"bet","seat":3,"to":40,"all_in":false}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)] // the firmware's Event documents each variant
pub enum EventData {
    Seated {
        seat: SeatNo,
        stack: Chips,
    },
    ToppedUp {
        seat: SeatNo,
        amount: Chips,
        stack: Chips,
    },
    Left {
        seat: SeatNo,
        stack: Chips,
    },
    SatOut {
        seat: SeatNo,
    },
    SatIn {
        seat: SeatNo,
    },
    ButtonPlaced {
        seat: SeatNo,
    },
    HandStarted {
        number: u32,
        button: SeatNo,
        small_blind: Option<SeatNo>,
        big_blind: SeatNo,
        dealt: Vec<SeatNo>,
    },
    Posted {
        seat: SeatNo,
        post: PostKind,
        amount: Chips,
        all_in: bool,
    },
    MissedBlind {
        seat: SeatNo,
        big: bool,
    },
    StraddleConfirmed {
        seat: SeatNo,
    },
    HoleCard {
        seat: SeatNo,
        card: Option<String>,
    },
    Burned {
        card: Option<String>,
    },
    BoardCard {
        street: StreetName,
        card: Option<String>,
    },
    BettingOpened {
        street: StreetName,
        first: SeatNo,
    },
    Folded {
        seat: SeatNo,
    },
    Checked {
        seat: SeatNo,
    },
    Called {
        seat: SeatNo,
        amount: Chips,
        all_in: bool,
    },
    Bet {
        seat: SeatNo,
        to: Chips,
        all_in: bool,
    },
    Raised {
        seat: SeatNo,
        to: Chips,
        all_in: bool,
    },
    Warning {
        warning: WarningData,
    },
    Returned {
        seat: SeatNo,
        amount: Chips,
    },
    RoundComplete {
        street: StreetName,
    },
    Discarded {
        seat: SeatNo,
        card: String,
    },
    StoodPat {
        seat: SeatNo,
    },
    DrawAsked {
        seat: SeatNo,
        count: u8,
    },
    Redeal {
        button: SeatNo,
    },
    Rejoined {
        seat: SeatNo,
        amount: Chips,
    },
    HandOver {
        pot: Chips,
        contested: bool,
    },
    ShowdownOpened {
        first: SeatNo,
    },
    Shown {
        seat: SeatNo,
    },
    Mucked {
        seat: SeatNo,
    },
    Awarded {
        seat: SeatNo,
        amount: Chips,
    },
    Raked {
        amount: Chips,
    },
    HandComplete {
        number: u32,
    },
    Misdealt {
        number: u32,
    },
    Undone,
    Ruled {
        ruling: RulingName,
        floor: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatNo>,
        /// The burn a premature card leaves burnt (PD-PREMATURE; absent from records
        /// written before it was kept).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        burn: Option<String>,
    },
}

fn card_text(c: Option<Card>) -> Option<String> {
    c.map(|c| c.to_string())
}

fn card_from(s: &Option<String>) -> Result<Option<Card>, EventDataError> {
    s.as_deref()
        .map(|t| {
            t.parse::<Card>().map_err(|error| EventDataError::Card {
                text: t.to_string(),
                error,
            })
        })
        .transpose()
}

impl From<&Event> for EventData {
    fn from(e: &Event) -> EventData {
        use EventData as D;
        match *e {
            Event::Seated { seat, stack } => D::Seated { seat, stack },
            Event::ToppedUp {
                seat,
                amount,
                stack,
            } => D::ToppedUp {
                seat,
                amount,
                stack,
            },
            Event::Left { seat, stack } => D::Left { seat, stack },
            Event::SatOut { seat } => D::SatOut { seat },
            Event::SatIn { seat } => D::SatIn { seat },
            Event::ButtonPlaced { seat } => D::ButtonPlaced { seat },
            Event::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                dealt,
            } => D::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                // Bit `s` for seat `s`.
                dealt: SeatNo::up_to(u8::MAX)
                    .filter(|s| dealt & (1 << s.get()) != 0)
                    .collect(),
            },
            Event::Posted {
                seat,
                post,
                amount,
                all_in,
            } => D::Posted {
                seat,
                post: post.into(),
                amount,
                all_in,
            },
            Event::MissedBlind { seat, big } => D::MissedBlind { seat, big },
            Event::StraddleConfirmed { seat } => D::StraddleConfirmed { seat },
            Event::HoleCard { seat, card } => D::HoleCard {
                seat,
                card: card_text(card),
            },
            Event::Burned { card } => D::Burned {
                card: card_text(card),
            },
            Event::BoardCard { street, card } => D::BoardCard {
                street: street.into(),
                card: card_text(card),
            },
            Event::BettingOpened { street, first } => D::BettingOpened {
                street: street.into(),
                first,
            },
            Event::Folded { seat } => D::Folded { seat },
            Event::Checked { seat } => D::Checked { seat },
            Event::Called {
                seat,
                amount,
                all_in,
            } => D::Called {
                seat,
                amount,
                all_in,
            },
            Event::Bet { seat, to, all_in } => D::Bet { seat, to, all_in },
            Event::Raised { seat, to, all_in } => D::Raised { seat, to, all_in },
            Event::Warning(w) => D::Warning {
                warning: match w {
                    Warning::OverPot { seat, asked, max } => {
                        WarningData::OverPot { seat, asked, max }
                    }
                    Warning::UnderMinimum { seat, asked, to } => {
                        WarningData::UnderMinimum { seat, asked, to }
                    }
                    Warning::FixedSize { seat, asked, to } => {
                        WarningData::FixedSize { seat, asked, to }
                    }
                    Warning::StraddleUnconfirmed { seat } => {
                        WarningData::StraddleUnconfirmed { seat }
                    }
                    Warning::FoldedWithCheck { seat } => WarningData::FoldedWithCheck { seat },
                    Warning::OpenersUnchecked { seat } => WarningData::OpenersUnchecked { seat },
                },
            },
            Event::Returned { seat, amount } => D::Returned { seat, amount },
            Event::RoundComplete { street } => D::RoundComplete {
                street: street.into(),
            },
            Event::Discarded { seat, card } => D::Discarded {
                seat,
                card: card.to_string(),
            },
            Event::StoodPat { seat } => D::StoodPat { seat },
            Event::DrawAsked { seat, count } => D::DrawAsked { seat, count },
            Event::Redeal { button } => D::Redeal { button },
            Event::Rejoined { seat, amount } => D::Rejoined { seat, amount },
            Event::HandOver { pot, contested } => D::HandOver { pot, contested },
            Event::ShowdownOpened { first } => D::ShowdownOpened { first },
            Event::Shown { seat } => D::Shown { seat },
            Event::Mucked { seat } => D::Mucked { seat },
            Event::Awarded { seat, amount } => D::Awarded { seat, amount },
            Event::Raked { amount } => D::Raked { amount },
            Event::HandComplete { number } => D::HandComplete { number },
            Event::Misdealt { number } => D::Misdealt { number },
            Event::Undone => D::Undone,
            Event::Ruled { ruling, floor } => {
                let (ruling, card, seat, burn) = RulingName::of(ruling);
                D::Ruled {
                    ruling,
                    floor,
                    card: card_text(card),
                    seat,
                    burn: card_text(burn),
                }
            }
        }
    }
}

impl EventData {
    /// The firmware event this describes, or why it cannot be one (a card or seat the
    /// engine does not know).
    pub fn to_event(&self) -> Result<Event, EventDataError> {
        use EventData as D;
        Ok(match self {
            D::Seated { seat, stack } => Event::Seated {
                seat: *seat,
                stack: *stack,
            },
            D::ToppedUp {
                seat,
                amount,
                stack,
            } => Event::ToppedUp {
                seat: *seat,
                amount: *amount,
                stack: *stack,
            },
            D::Left { seat, stack } => Event::Left {
                seat: *seat,
                stack: *stack,
            },
            D::SatOut { seat } => Event::SatOut { seat: *seat },
            D::SatIn { seat } => Event::SatIn { seat: *seat },
            D::ButtonPlaced { seat } => Event::ButtonPlaced { seat: *seat },
            D::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                dealt,
            } => {
                let mut mask = 0u16;
                // Every seat number fits the mask: reading checked it is a seat.
                for &s in dealt {
                    mask |= 1 << s.get();
                }
                Event::HandStarted {
                    number: *number,
                    button: *button,
                    small_blind: *small_blind,
                    big_blind: *big_blind,
                    dealt: mask,
                }
            }
            D::Posted {
                seat,
                post,
                amount,
                all_in,
            } => Event::Posted {
                seat: *seat,
                post: (*post).into(),
                amount: *amount,
                all_in: *all_in,
            },
            D::MissedBlind { seat, big } => Event::MissedBlind {
                seat: *seat,
                big: *big,
            },
            D::StraddleConfirmed { seat } => Event::StraddleConfirmed { seat: *seat },
            D::HoleCard { seat, card } => Event::HoleCard {
                seat: *seat,
                card: card_from(card)?,
            },
            D::Burned { card } => Event::Burned {
                card: card_from(card)?,
            },
            D::BoardCard { street, card } => Event::BoardCard {
                street: (*street).into(),
                card: card_from(card)?,
            },
            D::BettingOpened { street, first } => Event::BettingOpened {
                street: (*street).into(),
                first: *first,
            },
            D::Folded { seat } => Event::Folded { seat: *seat },
            D::Checked { seat } => Event::Checked { seat: *seat },
            D::Called {
                seat,
                amount,
                all_in,
            } => Event::Called {
                seat: *seat,
                amount: *amount,
                all_in: *all_in,
            },
            D::Bet { seat, to, all_in } => Event::Bet {
                seat: *seat,
                to: *to,
                all_in: *all_in,
            },
            D::Raised { seat, to, all_in } => Event::Raised {
                seat: *seat,
                to: *to,
                all_in: *all_in,
            },
            D::Warning { warning } => Event::Warning(match *warning {
                WarningData::OverPot { seat, asked, max } => Warning::OverPot { seat, asked, max },
                WarningData::UnderMinimum { seat, asked, to } => {
                    Warning::UnderMinimum { seat, asked, to }
                }
                WarningData::FixedSize { seat, asked, to } => {
                    Warning::FixedSize { seat, asked, to }
                }
                WarningData::StraddleUnconfirmed { seat } => Warning::StraddleUnconfirmed { seat },
                WarningData::FoldedWithCheck { seat } => Warning::FoldedWithCheck { seat },
                WarningData::OpenersUnchecked { seat } => Warning::OpenersUnchecked { seat },
            }),
            D::Returned { seat, amount } => Event::Returned {
                seat: *seat,
                amount: *amount,
            },
            D::RoundComplete { street } => Event::RoundComplete {
                street: (*street).into(),
            },
            D::Discarded { seat, card } => Event::Discarded {
                seat: *seat,
                card: card_from(&Some(card.clone()))?.ok_or(EventDataError::DiscardWithoutCard)?,
            },
            D::StoodPat { seat } => Event::StoodPat { seat: *seat },
            D::DrawAsked { seat, count } => Event::DrawAsked {
                seat: *seat,
                count: *count,
            },
            D::Redeal { button } => Event::Redeal { button: *button },
            D::Rejoined { seat, amount } => Event::Rejoined {
                seat: *seat,
                amount: *amount,
            },
            D::HandOver { pot, contested } => Event::HandOver {
                pot: *pot,
                contested: *contested,
            },
            D::ShowdownOpened { first } => Event::ShowdownOpened { first: *first },
            D::Shown { seat } => Event::Shown { seat: *seat },
            D::Mucked { seat } => Event::Mucked { seat: *seat },
            D::Awarded { seat, amount } => Event::Awarded {
                seat: *seat,
                amount: *amount,
            },
            D::Raked { amount } => Event::Raked { amount: *amount },
            D::HandComplete { number } => Event::HandComplete { number: *number },
            D::Misdealt { number } => Event::Misdealt { number: *number },
            D::Undone => Event::Undone,
            D::Ruled {
                ruling,
                floor,
                card,
                seat,
                burn,
            } => Event::Ruled {
                ruling: ruling
                    .ruling(card_from(card)?, *seat, card_from(burn)?)
                    .ok_or(EventDataError::RulingIncomplete(*ruling))?,
                floor: *floor,
            },
        })
    }
}

/// One event as the log keeps it: the line the dealer read, and the machine form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    /// The event's `Display` text.
    pub text: String,
    /// The machine form.
    pub event: EventData,
}

impl From<&Event> for EventRecord {
    fn from(e: &Event) -> EventRecord {
        EventRecord {
            text: e.to_string(),
            event: e.into(),
        }
    }
}
