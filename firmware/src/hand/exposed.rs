//! Cards the floor rules out of the normal deal: a hole card the dealer exposed
//! (PD-EXPOSED), a boxed card (face up in the stub), and a card whose tag the shoe
//! cannot read, entered by hand (PD-RFID).

use super::{push, Hand, Phase, Seats};
use crate::card::Card;
use crate::error::RuleError;
use crate::event::{Event, Events, Read, Ruling};
use crate::rules::{SeatNo, TableConfig};

impl Hand {
    /// PD-EXPOSED: the card just dealt to `seat` was exposed by the dealer. It leaves
    /// his hand and becomes the first burn (a board game; draw has no burn, and the
    /// card is simply dead); he is owed a card after the rest of the deal.
    pub(crate) fn expose(
        &mut self,
        cfg: &TableConfig,
        seat: SeatNo,
        named: Option<Card>,
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Dealing {
            return Err(RuleError::ExposedAfterDeal);
        }
        if self.exposed.is_some() {
            return Err(RuleError::SecondExposed);
        }
        let position = self
            .deal_order()
            .position(|s| s == seat)
            .ok_or(RuleError::NoCardToExpose(seat))?;
        let n = self.deal_order().count();
        let p = self.player(seat);
        let Some(last) = p.holes.checked_sub(1) else {
            return Err(RuleError::NoCardToExpose(seat));
        };
        // Where his last card fell in the whole deal: the first two cards exposed
        // make a misdeal, not a replacement.
        if usize::from(last) * n + position < 2 {
            return Err(RuleError::ExposedFirstCards);
        }
        let slot = usize::from(last);
        let card = p.hole.get(slot).copied().flatten();
        let Some(card) = card else {
            // A card dealt without a read cannot be named as the burn; the floor
            // enters it by hand first.
            return Err(RuleError::NoCardToExpose(seat));
        };
        if let Some(other) = named.filter(|&c| c != card) {
            return Err(RuleError::NotSeatsLastCard(seat, other));
        }
        let p = self.player_mut(seat);
        if let Some(s) = p.hole.get_mut(slot) {
            *s = None;
        }
        p.holes = last;
        self.exposed = Some((seat, card));
        self.owed = Some(seat);
        // The card stays seen: it is out of this hand's stub either way.
        self.exposed_burn = cfg.game.has_board().then_some(card);
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::Exposed {
                    seat,
                    card: Some(card),
                },
                floor,
            },
        )
    }

    /// A boxed card: its read was taken back by the table (which holds the hand's
    /// inputs); here it is only marked dead, so a second read of it is refused.
    pub(crate) fn box_card(
        &mut self,
        card: Card,
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.seen.contains(card) {
            return Err(RuleError::NotBoxable(card));
        }
        self.seen.insert(card);
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::Boxed { card },
                floor,
            },
        )
    }

    /// PD-RFID: a card entered by hand takes the place of the read that did not come:
    /// the burn when one is due, else the card due (hole, board or replacement).
    pub(crate) fn manual(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        card: Card,
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let burn = matches!(self.phase, Phase::Board { burn_due: true });
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::Manual { card },
                floor,
            },
        )?;
        self.read(
            cfg,
            seats,
            Read {
                card: Some(card),
                burn,
            },
            ev,
        )
    }
}
