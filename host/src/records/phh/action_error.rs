//! Why an action string does not follow the PHH action notation: [`ActionError`].
//! The reader puts it, with the action's index and line, in
//! [`PhhErrorKind::BadAction`](super::PhhErrorKind::BadAction).

use super::MAX_ACTION_CARDS;
use firmware::card::CardParseError;
use hardware::text::excerpt;
use std::fmt;

/// What is wrong with one action string. Each message says how to write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// Cards were expected and there are none.
    NoCards,
    /// The cards' text has an odd number of characters.
    OddCards(String),
    /// More than [`MAX_ACTION_CARDS`] cards in one action.
    TooManyCards(String),
    /// A `?` that is not the unknown card `??`.
    BadUnknownCard(String),
    /// A pair of characters that is not a card.
    BadCard {
        /// The two characters.
        text: String,
        /// Why they are not a card.
        error: CardParseError,
    },
    /// The first word is neither `d` nor a player `pN`.
    NotPlayer(String),
    /// `p0`: players are numbered from 1.
    PlayerZero,
    /// A word after an action that takes no more.
    Trailing {
        /// The word.
        word: String,
        /// The action (or amount) it follows.
        after: String,
    },
    /// `d db` without the board cards.
    BoardNeedsCards,
    /// `d dh` without a player.
    HoleNeedsPlayer,
    /// `d dh pN` without the cards.
    HoleNeedsCards,
    /// `d` followed by something other than `db` or `dh`.
    UnknownDealerAction(String),
    /// `d` alone.
    DealerNeedsAction,
    /// A player with no action.
    PlayerNeedsAction(String),
    /// `cbr` without an amount.
    NoAmount,
    /// `cbr` followed by something that is not an amount.
    NotAmount(String),
    /// A negative `cbr` amount.
    NegativeAmount(String),
    /// A player's action other than f, cc, cbr, sm, sd or pb.
    UnknownAction(String),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::NoCards => f.write_str("no cards given"),
            ActionError::OddCards(text) => write!(
                f,
                "`{text}`: each card is two characters, rank and suit (e.g. AcKd, ?? if unknown)"
            ),
            ActionError::TooManyCards(text) => write!(
                f,
                "`{}`: one action names at most {MAX_ACTION_CARDS} cards",
                excerpt(text)
            ),
            ActionError::BadUnknownCard(s) => {
                write!(f, "`{}`: an unknown card is written `??`", excerpt(s))
            }
            ActionError::BadCard { text, error } => {
                write!(f, "bad card `{}`: {error}", excerpt(text))
            }
            ActionError::NotPlayer(t) => {
                write!(f, "expected `d` or a player `pN`, found `{}`", excerpt(t))
            }
            ActionError::PlayerZero => f.write_str("players are numbered from p1"),
            ActionError::Trailing { word, after } => {
                write!(f, "unexpected `{}` after `{after}`", excerpt(word))
            }
            ActionError::BoardNeedsCards => {
                f.write_str("`d db` needs the board cards, e.g. `d db AcKd7h`")
            }
            ActionError::HoleNeedsPlayer => {
                f.write_str("`d dh` needs a player and cards, e.g. `d dh p1 AcKd`")
            }
            ActionError::HoleNeedsCards => {
                f.write_str("`d dh pN` needs the cards, e.g. `d dh p1 AcKd` or `????`")
            }
            ActionError::UnknownDealerAction(verb) => write!(
                f,
                "unknown dealer action `{verb}`: expected `db` (board) or `dh` (hole cards)"
            ),
            ActionError::DealerNeedsAction => f.write_str("`d` needs an action: `db` or `dh`"),
            ActionError::PlayerNeedsAction(actor) => {
                write!(f, "`{actor}` needs an action: f, cc, cbr, sm, sd or pb")
            }
            ActionError::NoAmount => f.write_str("`cbr` needs an amount, e.g. `p1 cbr 20`"),
            ActionError::NotAmount(a) => {
                write!(f, "expected an amount after `cbr`, found {a:?}")
            }
            ActionError::NegativeAmount(a) => write!(f, "the amount {a} is negative"),
            ActionError::UnknownAction(verb) => write!(
                f,
                "unknown action `{}`: expected f, cc, cbr, sm, sd or pb",
                excerpt(verb)
            ),
        }
    }
}

impl std::error::Error for ActionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ActionError::BadCard { error, .. } => Some(error),
            _ => None,
        }
    }
}
