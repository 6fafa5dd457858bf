//! Errors a dealer can act on. Every rejected input leaves the table exactly as it was.

use crate::card::Card;
use crate::rules::{Chips, SeatNo};
use core::fmt;

/// Why the engine refused an input. Each message says what happened and what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RuleError {
    // ---- Seats and the table between hands ----
    /// The seat number is outside 1..=max_players.
    NoSuchSeat(SeatNo),
    /// The seat is taken.
    SeatTaken(SeatNo),
    /// Nobody sits in the seat.
    SeatEmpty(SeatNo),
    /// Chips may be added, and players seated or unseated, only between hands (R-TABLE-4).
    HandInProgress,
    /// The player was dealt into the hand in progress; he may leave after it.
    PlayerInHand(SeatNo),
    /// A buy-in or top-up of zero chips.
    ZeroAmount,
    /// The first button can be placed only before the first hand (R-TABLE-3).
    ButtonAlreadyPlaced,
    /// Fewer than two players can be dealt in.
    NotEnoughPlayers,
    /// No hand is in progress.
    NoHand,

    // ---- Straddle ----
    /// The straddle is off at this table, or fewer than three players are dealt in (PD-STRAD).
    StraddleNotAllowed,
    /// The straddle must be posted before the first hole card (R-STRAD-2).
    StraddleTooLate,
    /// One straddle per hand, and a confirmed straddle stays confirmed (R-STRAD-1).
    StraddleAlreadyPosted,
    /// The straddler cannot cover the straddle (R-STRAD-2: exactly 2×BB).
    StraddleShort(SeatNo),

    // ---- Card reads ----
    /// A card was read when none is expected: betting on this street is not complete.
    BettingNotComplete {
        /// The seat to act.
        to_act: SeatNo,
    },
    /// A card was read while no card is due (between hands, at showdown).
    NoCardExpected,
    /// The card has already been seen this hand (PD-RFID).
    DuplicateCard(Card),
    /// The card is not in this table's deck (PD-RFID: foul deck).
    NotInDeck(Card),
    /// A board card was read where the burn was due (R-BURN-1).
    MissingBurn,
    /// A burn was read where a hole or board card was due.
    UnexpectedBurn,
    /// A discard or stand-pat outside the exchange, or from the wrong player.
    NotDrawing,
    /// The player tried to discard a card he does not hold, more than four, or after a
    /// replacement came (R-DRAW-5).
    BadDiscard(Card),
    /// A draw on the 32-card deck opened without openers (R-DRAW-2).
    NoOpeners(SeatNo),
    /// The exchange is waiting for replacement cards for the player's discards.
    ReplacementsDue(SeatNo),
    /// A draw of no cards or more than four (R-DRAW-5).
    DrawCount(u8),
    /// A replacement read before the player threw the cards he asked for (R-DRAW-5).
    DiscardsDue {
        /// The seat.
        seat: SeatNo,
        /// Cards he asked for.
        asked: u8,
        /// Discards read so far.
        thrown: u8,
    },
    /// A discard beyond the cards the player asked for, or a count below the discards
    /// already read (R-DRAW-5).
    MoreThanAsked {
        /// The seat.
        seat: SeatNo,
        /// Cards he asked for.
        asked: u8,
    },
    /// A new count after the player's first replacement came (R-DRAW-5).
    DrawUnderway(SeatNo),

    // ---- Betting ----
    /// No betting is in progress.
    NotBetting,
    /// The action is not legal now (for example a check when a bet is due).
    IllegalAction {
        /// The seat to act.
        seat: SeatNo,
        /// What was refused.
        action: ActionKind,
    },
    /// Betting or raising is closed: an all-in for less than a full raise does not
    /// reopen it (PD-REOPEN), the fixed-limit cap is reached (R-FL-2), or nobody is
    /// left to bet against.
    RaiseNotAllowed(SeatNo),
    /// The amount is below the minimum bet or raise (R-NL-1, R-NL-2).
    BelowMinimum {
        /// The smallest legal bet or raise-to.
        min: Chips,
    },
    /// The amount is above the maximum (R-PL-2, fixed-limit size).
    AboveMaximum {
        /// The largest legal bet or raise-to.
        max: Chips,
    },
    /// The player does not have that many chips (R-TABLE-4).
    AboveStack {
        /// The player's whole stack as a raise-to total.
        all_in_to: Chips,
    },
    /// A different player acted than the one whose turn it is.
    OutOfTurn {
        /// The seat whose turn it is.
        expected: SeatNo,
    },

    // ---- Settling ----
    /// The hand is not at the showdown.
    NotSettling,
    /// SHOW or MUCK when no showdown is open.
    NoShowdown,
    /// SHOW or MUCK for a seat with no hand at the showdown (folded, mucked, not dealt).
    NoHandToShow(SeatNo),
    /// MUCK for a hand already tabled: a shown hand stays in (R-SHOW-3).
    AlreadyShown(SeatNo),
    /// MUCK out of turn: players show or muck in order (R-SHOW-1..3); any player may
    /// show early, but a muck waits for his turn.
    NotYourTurnToMuck {
        /// The seat keyed.
        seat: SeatNo,
        /// The seat whose turn it is to show or muck.
        next: SeatNo,
    },
    /// MUCK by the last hand in: he wins without showing (R-SHOW-3).
    LastHandIn(SeatNo),
    /// MUCK by the last hand in for a side pot: it is his without showing, so his
    /// hand stays in (R-SHOW-3); he shows it, or it is tabled for him.
    LastHandForPot(SeatNo),
    /// A premature-card ruling outside the betting round before a board street (or a
    /// second one in the hand).
    NotPremature,
    /// A premature turn ruling must name the card set aside.
    PrematureCardUnnamed,
    /// A floor ruling without the floor person's number (1 to 9999).
    NoFloorNumber,
    /// PD-EXPOSED is ruled during the deal: afterwards an exposed card plays.
    ExposedAfterDeal,
    /// PD-EXPOSED, PD-MISDEAL: the deal's first or second card exposed is a misdeal.
    ExposedFirstCards,
    /// PD-MISDEAL: a second hole card exposed by the dealer is a misdeal.
    SecondExposed,
    /// The seat ruled to have an exposed card has none yet.
    NoCardToExpose(SeatNo),
    /// The card named exposed is not the seat's last card dealt.
    NotSeatsLastCard(SeatNo, Card),
    /// PD-EXPOSED: the exposed card is the first burn; another card was read there.
    ExposedIsTheBurn(Card),
    /// A boxed card is ruled right after its read; this card is not the last read.
    NotBoxable(Card),
    /// UNDO after a boxed card: the floor's ruling stands, the card stays dead.
    BoxedStands(Card),
    /// PD-DRAW: a dead hand for want of openers is the opener's, at a draw showdown.
    NotTheOpener(SeatNo),
    /// R-DRAW-6: only a player who dropped out of the last deal rejoins a redeal,
    /// before its first card.
    CannotRejoin(SeatNo),
    /// R-DRAW-6: the player cannot match what the others have put in.
    CannotMatch {
        /// The seat.
        seat: SeatNo,
        /// What matching takes.
        amount: Chips,
    },
    /// The hand cannot be voided: its pot is being paid.
    VoidTooLate,
    /// The floor ruled a straddle announced, but there is no unconfirmed straddle in
    /// the first betting round.
    NoUnconfirmedStraddle,
    /// The pot is paid only after every hand at the showdown is shown or mucked.
    ShowdownOpen(SeatNo),
    /// The seat cannot be paid: folded, mucked, or not in the hand.
    NotEligible(SeatNo),
    /// More is awarded than is left in the pot.
    AwardTooLarge {
        /// Chips left to award.
        left: Chips,
    },

    // ---- Corrections ----
    /// Nothing to undo in this hand.
    NothingToUndo,
    /// A misdeal can be called only before substantial action (PD-MISDEAL).
    MisdealTooLate,
    /// The hand's record is full; call the floor.
    HandLogFull,
    /// A chip count overflowed.
    ChipOverflow,
    /// The table would hold more than [`crate::config::MAX_TABLE_CHIPS`] in all.
    TableChipLimit,
    /// The table's settings cannot be played (replaying a log with bad settings).
    Config(crate::rules::ConfigError),
}

/// The kind of a betting action, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ActionKind {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call.
    Call,
    /// Bet or raise.
    BetOrRaise,
    /// All-in.
    AllIn,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleError::*;
        match *self {
            NoSuchSeat(s) => write!(f, "there is no seat {s} at this table"),
            SeatTaken(s) => write!(f, "seat {s} is taken: choose an empty seat"),
            SeatEmpty(s) => write!(f, "nobody sits in seat {s}"),
            HandInProgress => f.write_str(
                "a hand is in progress: seat changes and chips wait until it is over (R-TABLE-4)",
            ),
            PlayerInHand(s) => write!(
                f,
                "seat {s} was dealt into this hand: record the departure when the hand is over"
            ),
            ZeroAmount => f.write_str("enter an amount above zero"),
            ButtonAlreadyPlaced => {
                f.write_str("the button moves by itself after the first hand (R-BTN-1)")
            }
            NotEnoughPlayers => f.write_str("at least two players with chips must be dealt in"),
            NoHand => f.write_str("no hand is in progress: press NEXT HAND"),
            StraddleNotAllowed => f.write_str(
                "no straddle: it is off at this table, or fewer than three players are in (PD-STRAD)",
            ),
            StraddleTooLate => {
                f.write_str("the straddle must be posted before the first hole card (R-STRAD-2)")
            }
            StraddleAlreadyPosted => f.write_str("one straddle per hand (R-STRAD-1)"),
            StraddleShort(s) => {
                write!(f, "seat {s} cannot cover the straddle of twice the big blind (R-STRAD-2)")
            }
            BettingNotComplete { to_act } => write!(
                f,
                "betting is not complete (seat {to_act} to act): set the card aside and call the floor (PD-PREMATURE)"
            ),
            NoCardExpected => f.write_str(
                "no card is due now: set the card aside and call the floor (PD-RFID)",
            ),
            DuplicateCard(c) => write!(
                f,
                "{c} was already seen this hand: re-scan the card or call the floor (PD-RFID)"
            ),
            NotInDeck(c) => write!(
                f,
                "{c} is not in this table's deck: remove it and call the floor (foul deck, PD-RFID)"
            ),
            MissingBurn => f.write_str(
                "the burn card is due first: burn a card, then deal the board (R-BURN-1, PD-BURN)",
            ),
            UnexpectedBurn => f.write_str(
                "no burn is due now: the next card goes to a player or the board (PD-BURN)",
            ),
            NotDrawing => f.write_str("no exchange is due from this player now (R-DRAW-5)"),
            BadDiscard(c) => write!(
                f,
                "{c} cannot be discarded: it is not in the player's hand, four are already out, or a replacement has come (R-DRAW-5)"
            ),
            NoOpeners(s) => write!(
                f,
                "seat {s} cannot open: opening needs a pair of kings or better on the 32-card deck (R-DRAW-2)"
            ),
            ReplacementsDue(s) => {
                write!(f, "deal seat {s} the replacement cards for the discards first (R-DRAW-5)")
            }
            DrawCount(n) => write!(
                f,
                "a player draws 1 to 4 cards, not {n}: key the count, then CHECK/CALL (nothing keyed: stands pat) (R-DRAW-5)"
            ),
            DiscardsDue { seat, asked, thrown } => write!(
                f,
                "seat {seat} draws {asked}: {thrown} discarded so far; pass his other discards through the burn slot before the replacements (R-DRAW-5)"
            ),
            MoreThanAsked { seat, asked } => write!(
                f,
                "seat {seat} asked for {asked}: that many discards are read; key his count again if he draws more (R-DRAW-5)"
            ),
            DrawUnderway(s) => write!(
                f,
                "seat {s}'s replacements have begun: deal the rest, or UNDO them first (R-DRAW-5)"
            ),
            NotBetting => f.write_str("no betting round is open"),
            IllegalAction { seat, action } => {
                let what = match action {
                    ActionKind::Fold => "fold",
                    ActionKind::Check => "check: there is a bet to call",
                    ActionKind::Call => "call: there is nothing to call",
                    ActionKind::BetOrRaise => "bet or raise",
                    ActionKind::AllIn => "go all-in",
                };
                write!(f, "seat {seat} may not {what}")
            }
            RaiseNotAllowed(s) => write!(
                f,
                "seat {s} may only call or fold: the betting is not reopened or the cap is reached (PD-REOPEN, R-FL-2)"
            ),
            BelowMinimum { min } => write!(f, "the minimum is {min}: enter at least {min}"),
            AboveMaximum { max } => write!(f, "the maximum is {max}: enter at most {max}"),
            AboveStack { all_in_to } => write!(
                f,
                "the player does not have that many chips: all-in is {all_in_to}"
            ),
            OutOfTurn { expected } => write!(f, "it is seat {expected}'s turn"),
            NotSettling => f.write_str("the pot is paid only when the hand is over"),
            NoShowdown => f.write_str("no showdown now: hands are shown after the last betting round"),
            NoHandToShow(s) => write!(f, "seat {s} has no hand at the showdown"),
            AlreadyShown(s) => write!(f, "seat {s}'s hand is tabled: a shown hand cannot be mucked"),
            NotYourTurnToMuck { seat, next } => write!(
                f,
                "seat {seat} mucks in turn: seat {next} shows or mucks first (R-SHOW-3)"
            ),
            LastHandIn(s) => write!(f, "seat {s} is the last hand in: he wins without showing"),
            LastHandForPot(s) => write!(
                f,
                "seat {s} is the last hand in for a side pot: his hand stays in; show it"
            ),
            NotPremature => f.write_str(
                "a premature card is ruled in the betting round before the flop, turn or river of a board game, once a hand",
            ),
            PrematureCardUnnamed => f.write_str(
                "name the premature turn card: it is set aside until the river",
            ),
            NoFloorNumber => f.write_str(
                "a floor ruling needs the floor person's number: key it (1 to 9999), then the ruling",
            ),
            ExposedAfterDeal => f.write_str(
                "the deal is over: an exposed card plays (PD-EXPOSED); rule it during the deal",
            ),
            ExposedFirstCards => f.write_str(
                "the first or second card of the deal is exposed: hold MISDEAL (PD-MISDEAL)",
            ),
            SecondExposed => f.write_str(
                "a second hole card is exposed: hold MISDEAL (PD-MISDEAL)",
            ),
            NoCardToExpose(s) => write!(f, "seat {s} has no card yet to expose"),
            NotSeatsLastCard(s, c) => write!(f, "{c} is not the last card dealt to seat {s}"),
            ExposedIsTheBurn(c) => write!(
                f,
                "the exposed card {c} is this burn: pass it through the burn slot (PD-EXPOSED)"
            ),
            NotBoxable(c) => write!(
                f,
                "{c} is not the card just dealt: a boxed card is ruled right after its read"
            ),
            NotTheOpener(s) => write!(
                f,
                "seat {s} did not open: only the opener's hand is dead for want of openers, at the showdown (PD-DRAW)"
            ),
            CannotRejoin(s) => write!(
                f,
                "seat {s} cannot rejoin: only a player who dropped out of the last deal rejoins a redeal, before its first card (R-DRAW-6)"
            ),
            CannotMatch { seat, amount } => write!(
                f,
                "seat {seat} cannot rejoin: matching takes {amount}, more than his stack"
            ),
            BoxedStands(c) => write!(
                f,
                "{c} was ruled boxed and stays dead: deal the next card in its place"
            ),
            VoidTooLate => f.write_str("the pot is being paid: the hand can no longer be voided"),
            NoUnconfirmedStraddle => f.write_str(
                "no unconfirmed straddle in the first betting round to rule announced",
            ),
            ShowdownOpen(s) => write!(f, "seat {s} shows or mucks before the pot is paid"),
            NotEligible(s) => write!(f, "seat {s} cannot win this pot"),
            AwardTooLarge { left } => write!(f, "only {left} is left to award"),
            NothingToUndo => f.write_str("nothing to undo in this hand"),
            MisdealTooLate => f.write_str(
                "too late for a misdeal: substantial action has taken place; call the floor (PD-MISDEAL)",
            ),
            HandLogFull => f.write_str("this hand's record is full: call the floor"),
            ChipOverflow => f.write_str("chip count too large: check the amount"),
            TableChipLimit => write!(
                f,
                "the table would hold more than {} chips in all: check the amount",
                crate::config::MAX_TABLE_CHIPS
            ),
            Config(c) => write!(f, "the table's settings: {c}"),
        }
    }
}

impl core::error::Error for RuleError {}
