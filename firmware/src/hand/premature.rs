//! PD-PREMATURE: board cards dealt before the betting round was over. The shoe's
//! reads of them were refused (no card is due while a player is to act); the floor's
//! ruling says what becomes of them, and the engine deals the next streets to match.

use super::{push, Hand, Phase};
use crate::card::Card;
use crate::error::RuleError;
use crate::event::{Event, Events, Ruling, Street};
use crate::rules::TableConfig;

impl Hand {
    /// The floor rules the board card(s) just exposed premature, in the betting round
    /// before the flop, the turn or the river.
    pub(crate) fn premature(
        &mut self,
        cfg: &TableConfig,
        card: Option<Card>,
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if !cfg.game.has_board() || self.phase != Phase::Betting || self.burnless.is_some() {
            return Err(RuleError::NotPremature);
        }
        let set_aside = match (self.street, card) {
            // A premature flop or river: the cards go back into the stub at once, and
            // the street comes again without a burn (the burn already taken stays).
            (Street::Preflop, _) => {
                self.burnless = Some(Street::Flop);
                None
            }
            (Street::Turn, _) => {
                self.burnless = Some(Street::River);
                None
            }
            // A premature turn: that card is out of play until the river.
            (Street::Flop, Some(c)) => {
                if self.seen.contains(c) {
                    return Err(RuleError::DuplicateCard(c));
                }
                self.seen.insert(c);
                self.set_aside = Some(c);
                self.burnless = Some(Street::River);
                Some(c)
            }
            (Street::Flop, None) => return Err(RuleError::PrematureCardUnnamed),
            _ => return Err(RuleError::NotPremature),
        };
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::Premature { card: set_aside },
                floor,
            },
        )
    }
}
