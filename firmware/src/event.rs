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
    /// The player whose turn it is acts.
    Act(Action),
    /// The player to draw discards this card (read at the discard slot).
    Discard(Card),
    /// The player to draw keeps his hand.
    StandPat,
    /// A player throws his hand away at the showdown; he can win nothing.
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
}

/// A forced bet (R-BLIND-1, R-ANTE-1, R-STRAD, R-MISS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
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
}

/// The betting rounds and deals of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
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

/// What happened, as a compact record. The hand log and the display are built only
/// from these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
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
    Warning(Warning),
    /// The uncalled part of a bet went back to its owner (R-POT-2).
    Returned { seat: SeatNo, amount: Chips },
    /// A betting round ended.
    RoundComplete { street: Street },
    /// A player discarded a card in the exchange.
    Discarded { seat: SeatNo, card: Card },
    /// A player kept his hand.
    StoodPat { seat: SeatNo },
    /// Everyone checked in draw: the cards are redealt, the pot stays, the deal moves
    /// on (R-DRAW-3, R-DRAW-6).
    Redeal { button: SeatNo },
    /// Betting is over; `pot` chips are to be awarded. `contested` is false when
    /// everyone else folded (R-STREET-3).
    HandOver { pot: Chips, contested: bool },
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
}
