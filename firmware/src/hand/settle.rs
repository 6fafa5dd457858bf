//! The settlement: the hand is over and its pot is paid out.

use super::{push, Hand, Phase, Seats};
use crate::error::RuleError;
use crate::event::{Event, Events};
use crate::rules::{Chips, SeatNo};

impl Hand {
    pub(super) fn settle(&mut self, ev: &mut Events, contested: bool) -> Result<(), RuleError> {
        self.set_phase(Phase::Settling);
        let pot = self.pot();
        push(ev, Event::HandOver { pot, contested })?;
        if pot == Chips::ZERO {
            // A walk with no small blind: the big blind's bet went back uncalled.
            push(
                ev,
                Event::HandComplete {
                    number: self.number,
                },
            )?;
        }
        Ok(())
    }

    /// Chips from the pot to a player still in the hand.
    pub(crate) fn award(
        &mut self,
        seats: &mut Seats,
        seat: SeatNo,
        amount: Chips,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Settling {
            return Err(RuleError::NotSettling);
        }
        let p = self.player(seat);
        if !p.dealt || p.folded {
            return Err(RuleError::NotEligible(seat));
        }
        self.pay_out(amount)?;
        let stack = &mut seats[seat.index()].stack;
        *stack = stack.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
        push(ev, Event::Awarded { seat, amount })
    }

    /// Takes `amount` out of the pot being settled.
    pub(crate) fn pay_out(&mut self, amount: Chips) -> Result<(), RuleError> {
        let left = self.pot();
        if amount > left {
            return Err(RuleError::AwardTooLarge { left });
        }
        if amount == Chips::ZERO {
            return Err(RuleError::ZeroAmount);
        }
        self.awarded = self
            .awarded
            .checked_add(amount)
            .ok_or(RuleError::ChipOverflow)?;
        Ok(())
    }
}
