//! The settlement: the hand is over and its pot is paid out.

use super::{push, Hand, Phase, Seats};
use crate::error::RuleError;
use crate::event::{Event, Events, Ruling};
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
        self.payable(seat)?;
        self.pay_out(amount)?;
        let stack = &mut seats[seat.index()].stack;
        *stack = stack.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
        push(ev, Event::Awarded { seat, amount })
    }

    /// The floor lets `seat` be paid against the tabled hands (R-SHOW-4): the host's
    /// check of the dealer's awards reads this ruling from the hand's inputs; the
    /// engine only takes it at the settlement, for a player who can be paid.
    pub(crate) fn award_override(
        &mut self,
        seat: SeatNo,
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.payable(seat)?;
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::AwardOverride { seat },
                floor,
            },
        )
    }

    /// Whether `seat` may be paid now: the hand is at its settlement and he is still
    /// in it.
    fn payable(&self, seat: SeatNo) -> Result<(), RuleError> {
        if self.phase != Phase::Settling {
            return Err(RuleError::NotSettling);
        }
        let p = self.player(seat);
        if !p.dealt || p.folded {
            return Err(RuleError::NotEligible(seat));
        }
        Ok(())
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
