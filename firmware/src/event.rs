//! Inputs the engine accepts and the event records it returns.
//!
//! Every accepted input returns a short list of [`Event`]s (no heap). The inputs of a
//! hand, replayed from its start, rebuild exactly the same state: the hand log and crash
//! recovery rely on that.

use crate::card::Card;
use crate::rules::{Chips, SeatNo};

/// Events one input can cause at most: the start of a ten-handed hand posts ten antes,
/// two blinds, dead and entry blinds; the last action of a round can return an uncalled
/// bet, end the round and end the hand.
pub const MAX_EVENTS_PER_INPUT: usize = 32;

/// The events of one accepted input.
pub type Events = heapless::Vec<Event, MAX_EVENTS_PER_INPUT>;

/// A betting decision of the player whose turn it is. The dealer's panel has one key
/// for check/call and one for bet/raise, as PHH has `cc` and `cbr`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Action {
    /// Fold (allowed even when a check is possible: PD-BET-FOLD).
    Fold,
    /// Check when nothing is due, otherwise call (all-in if short).
    CheckCall,
    /// Bet or raise to this street total (R-BET-1: "raise to X").
    BetTo(Chips),
    /// Put in the whole stack: a call, bet or raise as the amount makes it.
    AllIn,
}

/// One card read by the shoe. `card` is `None` for a card dealt without a read (a
/// history that does not show it, or a missed read the floor approved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Read {
    /// The card, if it was read.
    pub card: Option<Card>,
    /// Read at the burn slot rather than as a dealt card.
    pub burn: bool,
}

impl Read {
    /// A dealt card.
    pub const fn card(card: Card) -> Read {
        Read {
            card: Some(card),
            burn: false,
        }
    }

    /// A burn card.
    pub const fn burn(card: Card) -> Read {
        Read {
            card: Some(card),
            burn: true,
        }
    }

    /// A dealt card whose face is not known.
    pub const fn unread() -> Read {
        Read {
            card: None,
            burn: false,
        }
    }
}

/// A floor ruling entered at the table. Each carries the number of the floor person
/// who made it, keyed on the panel as his confirmation, and is kept in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Ruling {
    /// PD-RFID (a foul deck found after substantial action): the hand is void, every
    /// bet is returned, and it is dealt again as after a misdeal (PD-MISDEAL: posts
    /// stay, the button does not move). Taken until the first chip is paid.
    VoidHand,
    /// \[003\] 3д, docs/seed-notes.md D3(a): the straddler did announce his straddle,
    /// so an unconfirmed straddle keeps its option (the penalty needs both "not
    /// announced" and "not confirmed"). Taken in the first betting round.
    StraddleAnnounced,
    /// PD-PREMATURE: board cards came out before the betting round was over (the
    /// shoe's reads were refused). A premature flop goes back into the stub and the
    /// new flop comes without a burn; a premature turn card (`card`) is set aside,
    /// the turn is burnt and dealt as usual, then the set-aside card goes back into
    /// the stub and the river comes without a burn; a premature river goes back into
    /// the stub and the river comes again without a burn. The burn taken before the
    /// premature card (`burn`) stays burnt in every case, so it counts as seen: a later
    /// read of it is a duplicate (PD-RFID). Taken in the betting round before the
    /// flop, the turn or the river.
    Premature {
        /// The premature turn card, set aside until the river (for the flop and the
        /// river it goes back at once and need not be named).
        card: Option<Card>,
        /// The burn the shoe read just before the premature card, which stays burnt
        /// (`None` when it was not read, and in logs written before it was kept).
        burn: Option<Card>,
    },
    /// PD-EXPOSED: the dealer exposed the hole card just dealt to `seat` (one of the
    /// deal's first two is a misdeal instead, PD-MISDEAL). The deal goes on; after
    /// it the player gets the next card, and the exposed card is the first burn.
    /// Taken during the deal, once a hand (a second exposed card is a misdeal).
    Exposed {
        /// The seat whose card was exposed.
        seat: SeatNo,
        /// The card exposed: the seat's last card dealt. The panel leaves it out (the
        /// engine knows it); the ruling's event always names it.
        card: Option<Card>,
    },
    /// A boxed card (found face up in the stub) was the card just dealt: it is dead
    /// for this hand and its place takes the next card. Taken right after its read.
    Boxed {
        /// The boxed card: the last card read.
        card: Card,
    },
    /// PD-RFID: a card whose tag the shoe cannot read, entered by hand: dealt where
    /// the shoe's read would have gone (the burn, when a burn is due).
    Manual {
        /// The card, as its face says.
        card: Card,
    },
    /// PD-DRAW: the opener cannot show his openers (R-DRAW-2): his hand is dead at
    /// the showdown, shown or not. Openers are checked from the reads when he opens;
    /// this is for a hand opened with a card the shoe did not read.
    DeadHand {
        /// The opener's seat.
        seat: SeatNo,
    },
    /// R-SHOW-4, PD-SHOW: at the settlement, the floor lets `seat` be paid against
    /// the tabled hands (a hand read wrongly, a decision the cards cannot show). The
    /// host refuses a dealer's award to a seat the tabled hands say loses; this ruling,
    /// confirmed by the floor's number and PIN, lifts that check for `seat` for the
    /// rest of the hand, and is kept in the log so every such payout names its floor
    /// person. It moves no chip itself. Taken at the settlement, for a seat still in.
    AwardOverride {
        /// The seat the floor lets be paid.
        seat: SeatNo,
    },
}

/// Everything the table reacts to: the dealer's keys, the shoe's reads, and the host's
/// settlement of the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Input {
    /// A player takes a seat with a buy-in. With `wait_for_bb` he waits for the big
    /// blind to reach him; otherwise he posts a big blind to enter (R-MISS-5).
    SitDown {
        /// The seat.
        seat: SeatNo,
        /// The buy-in.
        stack: Chips,
        /// Wait for the big blind instead of posting.
        wait_for_bb: bool,
    },
    /// Chips added between hands (R-TABLE-4).
    TopUp {
        /// The seat.
        seat: SeatNo,
        /// Chips added.
        amount: Chips,
    },
    /// The player leaves with his chips.
    Leave {
        /// The seat.
        seat: SeatNo,
    },
    /// PD-TOURN-MOVE: the player leaves for another table with his chips (a
    /// tournament's balancing or a broken table), not cashing out. Like
    /// [`Input::Leave`], not while he is dealt into the hand in progress.
    MoveOut {
        /// The seat.
        seat: SeatNo,
    },
    /// PD-TOURN-MOVE: a player moved from another table takes the seat with the
    /// chips that table recorded (not a buy-in). At a tournament table he is dealt
    /// in at once, posting whatever blind his seat comes to, unless he lands between
    /// the small blind and the button, where he waits for the button to pass (TDA
    /// 2024 Rule 9). At a cash table he is a new player, as after [`Input::SitDown`].
    MoveIn {
        /// The seat.
        seat: SeatNo,
        /// His chips, as his old table recorded them.
        stack: Chips,
    },
    /// PD-TOURN-RACE: the chip race of a colour-up set this seat's chips to `stack`
    /// (the host's money layer runs the race, `host::money::chip_race`, and sends
    /// one of these for each seat it changes). Between hands only.
    ColorUp {
        /// The seat.
        seat: SeatNo,
        /// His chips after the race.
        stack: Chips,
    },
    /// The player sits out from the next hand (he will owe the blinds he misses).
    SitOut {
        /// The seat.
        seat: SeatNo,
    },
    /// The player returns (posting what he owes, or waiting for the big blind).
    SitIn {
        /// The seat.
        seat: SeatNo,
        /// Wait for the big blind instead of posting.
        wait_for_bb: bool,
    },
    /// Place the first button (R-TABLE-3 by default puts it on the lowest occupied seat).
    PlaceButton {
        /// The seat.
        seat: SeatNo,
    },
    /// NEXT HAND: move the button, post antes and blinds, and await the deal.
    StartHand,
    /// The player left of the big blind straddles (R-STRAD-1..4). Pressing again with
    /// `confirmed` confirms an unconfirmed straddle before the first hole card.
    Straddle {
        /// The dealer confirmed the announcement (R-STRAD-4).
        confirmed: bool,
    },
    /// A card read by the shoe.
    Card(Read),
    /// Draw, after a redeal (R-DRAW-6): a player who dropped out of the last deal
    /// rejoins by matching what the players still in have put in. Before the
    /// redeal's first card.
    Rejoin {
        /// The seat.
        seat: SeatNo,
    },
    /// The player whose turn it is acts.
    Act(Action),
    /// The player to draw asks for `count` cards (1 to [`crate::config::MAX_DRAW`],
    /// R-DRAW-5): the discards and replacements are then checked against it. The
    /// panel keys the count, then CHECK/CALL; asked again before the first
    /// replacement, the new count stands.
    Draw {
        /// Cards asked for.
        count: u8,
    },
    /// The player to draw discards this card (read at the discard slot).
    Discard(Card),
    /// The player to draw keeps his hand.
    StandPat,
    /// A player tables his hand at the showdown (R-SHOW-1..3): in his turn, or early.
    Show {
        /// The seat.
        seat: SeatNo,
    },
    /// A player throws his hand away at the showdown, unseen, in his turn; he can win
    /// nothing.
    Muck {
        /// The seat.
        seat: SeatNo,
    },
    /// Chips from the pot to a player (the host's showdown decides how many).
    Award {
        /// The seat.
        seat: SeatNo,
        /// Chips awarded.
        amount: Chips,
    },
    /// The house's rake from the pot (PD-RAKE; the host computes it).
    Rake {
        /// Chips raked.
        amount: Chips,
    },
    /// MISDEAL (PD-MISDEAL): the deal restarts; posts stay; the button does not move.
    Misdeal,
    /// UNDO the last accepted input of this hand.
    Undo,
    /// PD-TOURN-LEVEL: the tournament's clock reached level `level`: from the next
    /// hand the blinds are `small_blind`/`big_blind` and the ante `ante` (posted as
    /// the table's `ante_mode` says); fixed-limit bets follow the big blind as
    /// [`crate::rules::Stakes::blinds`] sets them, pot limit follows the pot.
    ///
    /// Refused while a hand is in progress (`HandInProgress`), not queued: the hand
    /// finishes at the level it was dealt at (TDA: a new level applies from the next
    /// hand), and what the table deals is always what its screen shows. A queued
    /// level would leave the dealer's panel showing blinds the next hand will not
    /// post; refused, nothing is pending, and the floor's clock sends the level again
    /// once the hand is paid, which a dealer need not remember.
    SetLevel {
        /// The level's number on the tournament's structure.
        level: u16,
        /// The new small blind.
        small_blind: Chips,
        /// The new big blind.
        big_blind: Chips,
        /// The new ante, in chips. 32 bits, so the input stays the size of every
        /// other: the table's hand log holds 240 inputs within the table's 8 KiB.
        ante: u32,
    },
    /// A floor ruling, confirmed by the floor person's number.
    Ruling {
        /// The ruling.
        ruling: Ruling,
        /// The floor person's number (1 to [`MAX_FLOOR_ID`]).
        floor: u16,
    },
}

/// The largest floor person's number the panel takes (four digits).
pub const MAX_FLOOR_ID: u16 = 9999;

/// A forced bet (R-BLIND-1, R-ANTE-1, R-STRAD, R-MISS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Post {
    /// An ante: dead money.
    Ante,
    /// The small blind.
    SmallBlind,
    /// The big blind.
    BigBlind,
    /// The straddle: a live blind of 2×BB.
    Straddle,
    /// A live big blind posted to enter or to make up a missed big blind.
    EnterBigBlind,
    /// A missed small blind made up dead (R-MISS-2).
    DeadSmallBlind,
}

/// Legal but noteworthy: shown on the display and kept in the log (STYLE: two severities).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum Warning {
    /// An over-pot bet was reduced to the pot-limit maximum; the excess goes back (R-PL-5).
    OverPot {
        /// The seat.
        seat: SeatNo,
        /// The amount entered.
        asked: Chips,
        /// The maximum applied.
        max: Chips,
    },
    /// An under-minimum raise was corrected (to the minimum, or to a call).
    UnderMinimum {
        /// The seat.
        seat: SeatNo,
        /// The amount entered.
        asked: Chips,
        /// The amount applied.
        to: Chips,
    },
    /// A fixed-limit amount other than the fixed size was corrected to it.
    FixedSize {
        /// The seat.
        seat: SeatNo,
        /// The amount entered.
        asked: Chips,
        /// The amount applied.
        to: Chips,
    },
    /// An unconfirmed straddle stands, but the straddler loses his option (R-STRAD-4).
    StraddleUnconfirmed {
        /// The straddler.
        seat: SeatNo,
    },
    /// Folding when a check was possible (PD-BET-FOLD): binding.
    FoldedWithCheck {
        /// The seat.
        seat: SeatNo,
    },
    /// Draw on the 32-card deck: the opener opened with a card the shoe did not read,
    /// so his openers were never checked; at the showdown he must show them, or the
    /// floor rules his hand dead (R-DRAW-2, PD-DRAW).
    OpenersUnchecked {
        /// The opener.
        seat: SeatNo,
    },
}

/// The betting rounds and deals of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Street {
    /// Hole cards and the first betting round.
    Preflop,
    /// Three board cards.
    Flop,
    /// The fourth board card.
    Turn,
    /// The fifth board card.
    River,
    /// Five-card draw: the exchange and the second betting round.
    Draw,
}

/// The seats of a [`Event::HandStarted`]'s `dealt` mask (bit `s` for seat `s`), lowest
/// first.
pub fn dealt_seats(dealt: u16) -> impl Iterator<Item = SeatNo> {
    SeatNo::up_to(u8::MAX).filter(move |s| dealt & (1 << s.get()) != 0)
}

/// What happened, as a compact record. The hand log and the display are built only
/// from these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
#[allow(missing_docs)] // field names say it; each variant is documented
pub enum Event {
    /// A player sat down.
    Seated { seat: SeatNo, stack: Chips },
    /// A player added chips.
    ToppedUp {
        seat: SeatNo,
        amount: Chips,
        stack: Chips,
    },
    /// A player left with his chips.
    Left { seat: SeatNo, stack: Chips },
    /// PD-TOURN-MOVE: a player left for another table with `stack`.
    MovedOut { seat: SeatNo, stack: Chips },
    /// PD-TOURN-MOVE: a player moved in from another table with `stack`.
    MovedIn { seat: SeatNo, stack: Chips },
    /// PD-TOURN-BUST: at a tournament table, `seat`'s chips reached 0 when the hand
    /// was paid. `started_with` is what he had when the hand began: the floor ranks
    /// players busted in the same hand by it (more chips, higher place).
    BustedOut { seat: SeatNo, started_with: Chips },
    /// PD-TOURN-RACE: a colour-up's chip race took `seat` from `before` to `after`.
    ColoredUp {
        seat: SeatNo,
        before: Chips,
        after: Chips,
    },
    /// A player will sit out.
    SatOut { seat: SeatNo },
    /// A player returns.
    SatIn { seat: SeatNo },
    /// The first button was placed.
    ButtonPlaced { seat: SeatNo },
    /// A hand began. `dealt` has bit `s` set for each seat `s` dealt in.
    HandStarted {
        number: u32,
        button: SeatNo,
        small_blind: Option<SeatNo>,
        big_blind: SeatNo,
        #[cfg_attr(feature = "serde", serde(with = "crate::event_serde::seat_mask"))]
        dealt: u16,
    },
    /// A forced bet was posted.
    Posted {
        seat: SeatNo,
        post: Post,
        amount: Chips,
        all_in: bool,
    },
    /// A player skipped a blind and owes it (R-MISS-1).
    MissedBlind { seat: SeatNo, big: bool },
    /// The straddle was confirmed (R-STRAD-4).
    StraddleConfirmed { seat: SeatNo },
    /// A hole card went to a seat.
    HoleCard { seat: SeatNo, card: Option<Card> },
    /// A card was burned (R-BURN-1).
    Burned { card: Option<Card> },
    /// A board card was dealt.
    BoardCard { street: Street, card: Option<Card> },
    /// A betting round opened.
    BettingOpened { street: Street, first: SeatNo },
    /// A player folded.
    Folded { seat: SeatNo },
    /// A player checked.
    Checked { seat: SeatNo },
    /// A player called `amount` more.
    Called {
        seat: SeatNo,
        amount: Chips,
        all_in: bool,
    },
    /// A player bet `to`.
    Bet {
        seat: SeatNo,
        to: Chips,
        all_in: bool,
    },
    /// A player raised to `to`.
    Raised {
        seat: SeatNo,
        to: Chips,
        all_in: bool,
    },
    /// A legal but noteworthy correction.
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::event_serde::warning::serialize",
            deserialize_with = "crate::event_serde::warning::deserialize"
        )
    )]
    Warning(Warning),
    /// The uncalled part of a bet went back to its owner (R-POT-2).
    Returned { seat: SeatNo, amount: Chips },
    /// A betting round ended.
    RoundComplete { street: Street },
    /// The player to draw asked for `count` cards (R-DRAW-5).
    DrawAsked { seat: SeatNo, count: u8 },
    /// A player discarded a card in the exchange.
    Discarded { seat: SeatNo, card: Card },
    /// A player kept his hand.
    StoodPat { seat: SeatNo },
    /// Everyone checked in draw: the cards are redealt, the pot stays, the deal moves
    /// on (R-DRAW-3, R-DRAW-6).
    Redeal { button: SeatNo },
    /// R-DRAW-6: `seat` rejoined the redeal, putting in `amount` to match.
    Rejoined { seat: SeatNo, amount: Chips },
    /// Betting is over; `pot` chips are to be awarded. `contested` is false when
    /// everyone else folded (R-STREET-3) or mucked (R-SHOW-3).
    HandOver { pot: Chips, contested: bool },
    /// The showdown opened: `first` shows or mucks first (R-SHOW-1, R-SHOW-2).
    ShowdownOpened { first: SeatNo },
    /// A player's hand was tabled: shown at the showdown, or every hand once a player
    /// is all-in and the betting is over (PD-SHOW).
    Shown { seat: SeatNo },
    /// A player mucked at the showdown.
    Mucked { seat: SeatNo },
    /// Chips from the pot to a player.
    Awarded { seat: SeatNo, amount: Chips },
    /// The rake.
    Raked { amount: Chips },
    /// Every chip is paid; the hand is over.
    HandComplete { number: u32 },
    /// A misdeal: the deal restarts (PD-MISDEAL).
    Misdealt { number: u32 },
    /// The last input was undone (a correction, kept in the log).
    Undone,
    /// PD-TOURN-LEVEL: the table went from level `from` (0: the level it was set up
    /// at) to level `to`, whose blinds and ante these are, from the next hand on.
    LevelChanged {
        from: u16,
        to: u16,
        small_blind: Chips,
        big_blind: Chips,
        ante: Chips,
    },
    /// A floor ruling was applied.
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::event_serde::ruled::serialize",
            deserialize_with = "crate::event_serde::ruled::deserialize"
        )
    )]
    Ruled { ruling: Ruling, floor: u16 },
}

impl core::fmt::Display for Street {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Street::Preflop => "preflop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
            Street::Draw => "after the draw",
        })
    }
}

impl core::fmt::Display for Post {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Post::Ante => "ante",
            Post::SmallBlind => "small blind",
            Post::BigBlind => "big blind",
            Post::Straddle => "straddle",
            Post::EnterBigBlind => "live big blind (entry or make-up)",
            Post::DeadSmallBlind => "dead small blind",
        })
    }
}

/// Writes `card`, or `??` for a card dealt without a read.
struct Face(Option<Card>);

impl core::fmt::Display for Face {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c}"),
            None => f.write_str("??"),
        }
    }
}

impl core::fmt::Display for Warning {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Warning::OverPot { seat, asked, max } => write!(
                f,
                "seat {seat} bet {asked} over the pot: reduced to {max}, {} returned (R-PL-5)",
                asked.saturating_sub(max)
            ),
            Warning::UnderMinimum { seat, asked, to } => {
                write!(f, "seat {seat} entered {asked}, below the minimum raise: made {to}")
            }
            Warning::FixedSize { seat, asked, to } => {
                write!(f, "seat {seat} entered {asked}: the fixed-limit size is {to}")
            }
            Warning::StraddleUnconfirmed { seat } => write!(
                f,
                "seat {seat}'s straddle was not confirmed before the deal: it stands without the option (R-STRAD-4)"
            ),
            Warning::FoldedWithCheck { seat } => {
                write!(f, "seat {seat} folded when he could check: the fold stands")
            }
            Warning::OpenersUnchecked { seat } => write!(
                f,
                "seat {seat} opened with a card the shoe did not read: he must show openers, or the floor rules his hand dead (PD-DRAW)"
            ),
        }
    }
}

impl core::fmt::Display for Event {
    /// One line a dealer or floor person reads in the hand log.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let all = |a: bool| if a { " (all-in)" } else { "" };
        match *self {
            Event::Seated { seat, stack } => write!(f, "seat {seat} sits down with {stack}"),
            Event::ToppedUp {
                seat,
                amount,
                stack,
            } => {
                write!(f, "seat {seat} adds {amount} (stack {stack})")
            }
            Event::Left { seat, stack } => write!(f, "seat {seat} leaves with {stack}"),
            Event::MovedOut { seat, stack } => {
                write!(f, "seat {seat} moves to another table with {stack}")
            }
            Event::MovedIn { seat, stack } => {
                write!(f, "seat {seat} moves in from another table with {stack}")
            }
            Event::BustedOut { seat, started_with } => write!(
                f,
                "seat {seat} is out of chips (began the hand with {started_with})"
            ),
            Event::ColoredUp {
                seat,
                before,
                after,
            } => write!(f, "chip race: seat {seat} goes from {before} to {after}"),
            Event::SatOut { seat } => write!(f, "seat {seat} sits out"),
            Event::SatIn { seat } => write!(f, "seat {seat} returns"),
            Event::ButtonPlaced { seat } => write!(f, "first button on seat {seat}"),
            Event::HandStarted {
                number,
                button,
                small_blind,
                big_blind,
                dealt,
            } => {
                write!(f, "hand {number}: button {button}, ")?;
                match small_blind {
                    Some(s) => write!(f, "small blind {s}, ")?,
                    None => f.write_str("no small blind, ")?,
                }
                write!(f, "big blind {big_blind}, {} players", dealt.count_ones())
            }
            Event::Posted {
                seat,
                post,
                amount,
                all_in,
            } => {
                write!(f, "seat {seat} posts {post} {amount}{}", all(all_in))
            }
            Event::MissedBlind { seat, big } => write!(
                f,
                "seat {seat} misses the {} blind and owes it",
                if big { "big" } else { "small" }
            ),
            Event::StraddleConfirmed { seat } => write!(f, "seat {seat}'s straddle confirmed"),
            Event::HoleCard { seat, card } => write!(f, "seat {seat} gets {}", Face(card)),
            Event::Burned { card } => write!(f, "burn {}", Face(card)),
            Event::BoardCard { street, card } => write!(f, "{street}: {}", Face(card)),
            Event::BettingOpened { street, first } => {
                write!(f, "betting {street}: seat {first} first")
            }
            Event::Folded { seat } => write!(f, "seat {seat} folds"),
            Event::Checked { seat } => write!(f, "seat {seat} checks"),
            Event::Called {
                seat,
                amount,
                all_in,
            } => {
                write!(f, "seat {seat} calls {amount}{}", all(all_in))
            }
            Event::Bet { seat, to, all_in } => write!(f, "seat {seat} bets {to}{}", all(all_in)),
            Event::Raised { seat, to, all_in } => {
                write!(f, "seat {seat} raises to {to}{}", all(all_in))
            }
            Event::Warning(w) => write!(f, "WARNING: {w}"),
            Event::Returned { seat, amount } => {
                write!(f, "{amount} uncalled returned to seat {seat}")
            }
            Event::RoundComplete { street } => write!(f, "{street} betting complete"),
            Event::Discarded { seat, card } => write!(f, "seat {seat} discards {card}"),
            Event::StoodPat { seat } => write!(f, "seat {seat} stands pat"),
            Event::DrawAsked { seat, count } => write!(f, "seat {seat} draws {count}"),
            Event::Rejoined { seat, amount } => {
                write!(f, "seat {seat} rejoins the redeal, matching with {amount}")
            }
            Event::Redeal { button } => {
                write!(
                    f,
                    "everyone checked: redeal, the pot stays; seat {button} deals"
                )
            }
            Event::HandOver { pot, contested } => {
                if contested {
                    write!(f, "showdown for {pot}")
                } else {
                    write!(f, "one hand left: {pot} to award")
                }
            }
            Event::ShowdownOpened { first } => {
                write!(f, "showdown: seat {first} shows or mucks first")
            }
            Event::Shown { seat } => write!(f, "seat {seat} shows"),
            Event::Mucked { seat } => write!(f, "seat {seat} mucks"),
            Event::Awarded { seat, amount } => write!(f, "seat {seat} wins {amount}"),
            Event::Raked { amount } => write!(f, "rake {amount}"),
            Event::HandComplete { number } => write!(f, "hand {number} complete"),
            Event::Misdealt { number } => write!(f, "MISDEAL: hand {number} is dealt again"),
            Event::Ruled { ruling, floor } => match ruling {
                Ruling::VoidHand => write!(
                    f,
                    "floor {floor} rules the hand void: every bet returned, dealt again (PD-RFID)"
                ),
                Ruling::StraddleAnnounced => write!(
                    f,
                    "floor {floor} rules the straddle announced: it keeps its option ([003] 3д)"
                ),
                Ruling::Premature { card, burn } => {
                    match card {
                        Some(c) => write!(
                            f,
                            "floor {floor} rules {c} premature: set aside until the river, which comes without a burn"
                        )?,
                        None => write!(
                            f,
                            "floor {floor} rules the board premature: its cards go back, the next street comes without a burn"
                        )?,
                    }
                    if let Some(b) = burn {
                        write!(f, "; the burn {b} stays burnt")?;
                    }
                    f.write_str(" (PD-PREMATURE)")
                }
                Ruling::Exposed { seat, card } => write!(
                    f,
                    "floor {floor} rules seat {seat}'s {} exposed: he gets the next card after the deal, and it is the first burn (PD-EXPOSED)",
                    Face(card)
                ),
                Ruling::Boxed { card } => write!(
                    f,
                    "floor {floor} rules {card} boxed: it is dead, the next card takes its place"
                ),
                Ruling::Manual { card } => write!(
                    f,
                    "floor {floor} enters {card} by hand: its tag does not read (PD-RFID)"
                ),
                Ruling::DeadHand { seat } => write!(
                    f,
                    "floor {floor} rules seat {seat}'s hand dead: he cannot show openers (PD-DRAW)"
                ),
                Ruling::AwardOverride { seat } => write!(
                    f,
                    "floor {floor} rules seat {seat} may be paid against the tabled hands (R-SHOW-4)"
                ),
            },
            Event::Undone => f.write_str("CORRECTION: last input undone"),
            Event::LevelChanged {
                from,
                to,
                small_blind,
                big_blind,
                ante,
            } => write!(
                f,
                "level {to} (was {from}): blinds {small_blind}/{big_blind}, ante {ante}, from the next hand"
            ),
        }
    }
}
