//! Each seat's last action as its box shows it ("Raise 300", "Draws 2", "Folded")
//! and the page colours it: taken from the engine's events, kept for the betting
//! round (folds and all-ins for the hand).

use crate::display::i18n::Word;
use firmware::{Event, SeatNo};

/// A player's last action, as the page colours it (its `code`) and names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Act {
    Post,
    Check,
    Call,
    Bet,
    Raise,
    AllIn,
    Fold,
    /// Draw: the cards thrown so far in the exchange.
    Draws(u8),
    /// Draw: the cards he asked for, keyed by the dealer (R-DRAW-5): the discards
    /// that follow do not change it.
    Asks(u8),
    /// Draw: kept his five.
    Pat,
}

impl Act {
    pub(super) fn code(self) -> &'static str {
        match self {
            Act::Post => "post",
            Act::Check => "check",
            Act::Call => "call",
            Act::Bet => "bet",
            Act::Raise => "raise",
            Act::AllIn => "allin",
            Act::Fold => "fold",
            Act::Draws(_) | Act::Asks(_) => "draw",
            Act::Pat => "pat",
        }
    }

    pub(super) fn word(self) -> Word {
        match self {
            Act::Post => Word::Post,
            Act::Check => Word::Check,
            Act::Call => Word::Call,
            Act::Bet => Word::Bet,
            Act::Raise => Word::Raise,
            Act::AllIn => Word::AllIn,
            Act::Fold => Word::Folded,
            Act::Draws(_) | Act::Asks(_) => Word::Draws,
            Act::Pat => Word::StandsPat,
        }
    }

    /// Folds and all-ins stand for the rest of the hand; the others for their round.
    pub(super) fn stays(self) -> bool {
        matches!(self, Act::Fold | Act::AllIn)
    }

    pub(super) fn of(e: &Event) -> Option<(SeatNo, Act)> {
        let all_in = |a: bool, act: Act| if a { Act::AllIn } else { act };
        match *e {
            Event::Posted {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Post))),
            Event::Checked { seat } => Some((seat, Act::Check)),
            Event::Called {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Call))),
            Event::Bet {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Bet))),
            Event::Raised {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Raise))),
            Event::Folded { seat } => Some((seat, Act::Fold)),
            Event::StoodPat { seat } => Some((seat, Act::Pat)),
            Event::DrawAsked { seat, count } => Some((seat, Act::Asks(count))),
            _ => None,
        }
    }
}

/// Each seat's last action.
pub(super) type Acts = [Option<Act>; firmware::config::MAX_SEATS];
