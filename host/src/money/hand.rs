//! # Which five cards play
//!
//! One answer, for every game the engine deals, to "what is this player's hand":
//! which of his hole cards and of the board make his five, and how they rank (the
//! game's [`Plays`], from its [`GameSpec`](firmware::rules::GameSpec): R-RANK-2,
//! R-RANK-6, R-RANK-7), and in hi/lo his low (§3, R-HILO-2). The showdown
//! ([`crate::money::settle`]), the all-in equity ([`crate::money::equity`]) and the
//! table screen's highlight all ask the game's spec through here; none of them
//! names a game. A new game is one more spec; a new way of making a hand, one more
//! arm in this file.
//!
//! Two questions, one rule: [`value`] gives the values only, on the evaluator's
//! fast paths (a replay settles thousands of hands a second); [`best_hand`] also
//! the five cards that make them, for the screen.

use core::fmt;

use firmware::rules::{MoneyRules, Plays};
use firmware::{Card, Game, Rank, TableConfig};

use crate::money::eval::{
    self, Category, DrawRules, DrawValue, EvalError, HandValue, LowRules, LowValue,
};

/// A hand's high strength for the game: Hold'em/Omaha ranking, or draw's (where a
/// flush beats a full house, R-RANK-2). `Display` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum High {
    /// Hold'em and Omaha.
    Board(HandValue),
    /// Five-card draw.
    Draw(DrawValue),
}

impl High {
    /// The category (R-RANK-1), for the hand's name.
    pub fn category(self) -> Category {
        match self {
            High::Board(v) => v.category(),
            High::Draw(v) => v.category(),
        }
    }

    /// The tie-break ranks in order of importance (R-RANK-3), for the hand's name.
    pub fn tie_ranks(self) -> [Rank; 5] {
        match self {
            High::Board(v) => v.tie_ranks(),
            High::Draw(v) => v.tie_ranks(),
        }
    }
}

impl fmt::Display for High {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            High::Board(v) => v.fmt(f),
            High::Draw(v) => v.fmt(f),
        }
    }
}

/// The house settings that change a hand's value: the low's (PD-HILO) and the
/// deck's (R-DECK-3, PD-DECK).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandRules {
    /// How a low qualifies in hi/lo.
    pub low: LowRules,
    /// The deck a draw hand is dealt from, and its A-7-8-9-T straight.
    pub draw: DrawRules,
}

impl HandRules {
    /// The rules of a table's money settings on the 52- or 32-card deck.
    pub const fn new(money: &MoneyRules, short_deck: bool) -> HandRules {
        HandRules {
            low: LowRules::of(money),
            draw: DrawRules::new(short_deck, money.short_deck_low_straight),
        }
    }

    /// The rules of a table's settings.
    pub const fn of(config: &TableConfig) -> HandRules {
        HandRules::new(&config.money, config.short_deck)
    }
}

/// A player's hand and the cards that make it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Best {
    /// The high hand and its five cards: Hold'em's best first in the display's
    /// order (groups, then kickers), Omaha's two hole cards then three board
    /// cards, draw's as held.
    pub high: (High, [Card; 5]),
    /// In hi/lo, the qualifying low and its five cards, highest first.
    pub low: Option<(LowValue, [Card; 5])>,
}

/// The value of a player's `hole` cards with `board` in `game`: the high and, in
/// hi/lo, the low if he has one. Errors are misreads (wrong card counts, a card
/// twice, a card outside the deck).
pub fn value(
    game: Game,
    hole: &[Card],
    board: &[Card],
    rules: HandRules,
) -> Result<(High, Option<LowValue>), EvalError> {
    let spec = game.spec();
    Ok(match spec.plays {
        Plays::AnyFive => (High::Board(eval::holdem(hole, board)?), None),
        Plays::TwoHoleThreeBoard => {
            let high = eval::omaha_high(hole, board)?;
            let low = if spec.hi_lo {
                eval::omaha_low(hole, board, rules.low)?
            } else {
                None
            };
            (High::Board(high), low)
        }
        Plays::FiveHeld => (High::Draw(eval::draw_value(hole, rules.draw)?), None),
    })
}

/// [`value`] with the five cards of each hand, for the screen's highlight: the
/// same values, by the same rule of which cards play.
pub fn best_hand(
    game: Game,
    hole: &[Card],
    board: &[Card],
    rules: HandRules,
) -> Result<Best, EvalError> {
    let spec = game.spec();
    Ok(match spec.plays {
        Plays::AnyFive => {
            let all: Vec<Card> = hole.iter().chain(board).copied().collect();
            let (high, five) = eval::best_five(&all)?;
            Best {
                high: (High::Board(high), five),
                low: None,
            }
        }
        Plays::TwoHoleThreeBoard => {
            let (high, five) = eval::omaha_high_best_five(hole, board)?;
            let low = if spec.hi_lo {
                eval::omaha_low_best_five(hole, board, rules.low)?
            } else {
                None
            };
            Best {
                high: (High::Board(high), five),
                low,
            }
        }
        Plays::FiveHeld => {
            let high = eval::draw_value(hole, rules.draw)?;
            let five: [Card; 5] = hole.try_into().map_err(|_| EvalError::CardCount {
                got: hole.len(),
                min: 5,
                max: 5,
            })?;
            Best {
                high: (High::Draw(high), five),
                low: None,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;
    use firmware::rules::GAMES;

    const CASINO: HandRules = HandRules::new(&MoneyRules::CASINO, false);

    /// A low is valued for two-and-three games only: a hi/lo game that made its
    /// hand otherwise would be paid with no low. Adding one means adding its low here.
    #[test]
    fn every_hi_lo_game_has_its_low_valued_here() {
        for spec in GAMES.iter().filter(|s| s.hi_lo) {
            assert_eq!(spec.plays, Plays::TwoHoleThreeBoard, "{}", spec.name);
        }
    }

    /// The screen's five cards are worth what the showdown paid, in every game.
    #[test]
    fn best_hand_agrees_with_value_in_every_game() {
        let board = cards("Ah Kh 7h 2h 3c");
        for spec in &GAMES {
            let (hole, board) = match spec.hole_cards {
                2 => (cards("Qh Js"), board.clone()),
                4 => (cards("Qh Js 4d 5c"), board.clone()),
                _ => (cards("Ah Jh 9h 8h 7h"), Vec::new()),
            };
            let (high, low) = value(spec.game, &hole, &board, CASINO).unwrap();
            let best = best_hand(spec.game, &hole, &board, CASINO).unwrap();
            assert_eq!(best.high.0, high, "{}", spec.name);
            assert_eq!(best.low.map(|(l, _)| l), low, "{}", spec.name);
            if let High::Board(v) = high {
                assert_eq!(eval::evaluate(&best.high.1), Ok(v), "{}", spec.name);
            }
        }
    }

    /// R-RANK-6 against R-RANK-7 (E16): the same cards make a flush in Hold'em and
    /// a pair in Omaha, where exactly two hole cards play.
    #[test]
    fn which_cards_play_comes_from_the_game() {
        let board = cards("Ah Kh 7h 2h 9c");
        let holdem = best_hand(Game::Holdem, &cards("Qh Js"), &board, CASINO).unwrap();
        assert_eq!(holdem.high.0.to_string(), "Flush, ace high");
        let omaha = best_hand(Game::Omaha, &cards("Qh Js Jd 8c"), &board, CASINO).unwrap();
        assert_eq!(omaha.high.0.to_string(), "Pair of jacks");
        assert_eq!(omaha.low, None);
        let hilo = best_hand(Game::OmahaHiLo, &cards("Qh Js 4d 3c"), &board, CASINO).unwrap();
        assert_eq!(
            hilo.low.map(|(l, _)| l.to_string()).as_deref(),
            Some("Low 7-4-3-2-A")
        );
    }

    /// R-RANK-2 (E18): in draw a flush beats a full house, and the deck's settings
    /// come from the table (R-DECK-3, PD-DECK).
    #[test]
    fn draw_ranks_by_its_own_order_and_the_tables_deck() {
        let flush = value(Game::FiveCardDraw, &cards("Ah Jh 9h 8h 7h"), &[], CASINO).unwrap();
        let boat = value(Game::FiveCardDraw, &cards("Kh Kc Kd 8s 8d"), &[], CASINO).unwrap();
        assert!(flush.0 > boat.0);
        let low_straight = cards("Ah 7c 8d 9s Th");
        let mut money = MoneyRules::CASINO;
        let short = HandRules::new(&money, true);
        let (v, _) = value(Game::FiveCardDraw, &low_straight, &[], short).unwrap();
        assert_eq!(v.category(), Category::Straight);
        money.short_deck_low_straight = false;
        let plain = HandRules::new(&money, true);
        let best = best_hand(Game::FiveCardDraw, &low_straight, &[], plain).unwrap();
        assert_eq!(best.high.0.category(), Category::HighCard);
        assert_eq!(best.high.1.as_slice(), low_straight.as_slice());
    }
}
