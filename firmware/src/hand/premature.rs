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
    /// before the flop, the turn or the river. `card` is the premature turn card to
    /// set aside, `burn` the burn taken before the premature card(s).
    ///
    /// Every card that stays out after the ruling counts as seen (PD-RFID), so a later
    /// read of it is refused as a duplicate: the burn, which stays burnt whatever the
    /// street (RULES.md PD-PREMATURE: "burn stays"; a premature river is reshuffled
    /// "excluding burns"), and the set-aside turn card until it goes back into the stub
    /// for the river. The flop and river cards go back into the stub at once, so they
    /// may come again.
    pub(crate) fn premature(
        &mut self,
        cfg: &TableConfig,
        (card, burn): (Option<Card>, Option<Card>),
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if !cfg.game.has_board() || self.phase != Phase::Betting || self.burnless.is_some() {
            return Err(RuleError::NotPremature);
        }
        let set_aside = match (self.street, card) {
            (Street::Preflop, _) | (Street::Turn, _) => None,
            (Street::Flop, Some(c)) => Some(c),
            (Street::Flop, None) => return Err(RuleError::PrematureCardUnnamed),
            _ => return Err(RuleError::NotPremature),
        };
        // Checked before anything changes: a card already seen, or the same card
        // named as both the burn and the set-aside turn card, is a duplicate.
        for c in [burn, set_aside].into_iter().flatten() {
            if self.seen.contains(c) {
                return Err(RuleError::DuplicateCard(c));
            }
        }
        if let (Some(b), Some(c)) = (burn, set_aside) {
            if b == c {
                return Err(RuleError::DuplicateCard(c));
            }
        }
        // A premature flop or river: the cards go back into the stub at once, and the
        // street comes again without a burn. A premature turn: that card is out of
        // play until the river, which comes without a burn.
        self.burnless = Some(match self.street {
            Street::Preflop => Street::Flop,
            _ => Street::River,
        });
        if let Some(c) = set_aside {
            self.seen.insert(c);
            self.set_aside = Some(c);
        }
        if let Some(b) = burn {
            // The burn stays: it is this hand's burn before the flop (a premature
            // flop), the turn's first burn (a premature turn, whose turn is burnt
            // again) or the river's (a premature river).
            self.seen.insert(b);
            self.burns = self.burns.saturating_add(1);
        }
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::Premature {
                    card: set_aside,
                    burn,
                },
                floor,
            },
        )
    }
}
