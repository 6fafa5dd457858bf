//! Five-card draw: the exchange, and the redeal when everyone checked (RULES.md §17).

use super::{push, Hand, Phase, Seats};
use crate::card::{Card, CardSet};
use crate::config::MAX_HOLE_CARDS;
use crate::error::RuleError;
use crate::event::{Event, Events, Street};
use crate::rules::{SeatNo, TableConfig};

impl Hand {
    /// R-DRAW-3, R-DRAW-6: the cards are redealt to the same players; the pot carries
    /// over; the next player clockwise deals.
    pub(super) fn redeal(&mut self, ev: &mut Events) -> Result<(), RuleError> {
        let button = self
            .next_after(self.button, |s| {
                self.player(s).dealt && !self.player(s).folded
            })
            .unwrap_or(self.button);
        self.button = button;
        self.deal = self.deal.saturating_add(1);
        for p in self.players.iter_mut() {
            p.hole = [None; MAX_HOLE_CARDS];
            p.holes = 0;
            p.discards = 0;
            p.drawn = false;
            if p.folded {
                p.dealt = false;
            }
        }
        self.seen = CardSet::EMPTY;
        self.discarded = CardSet::EMPTY;
        self.served_discards = CardSet::EMPTY;
        self.hole_dealt = 0;
        self.opener = None;
        self.begin_street(Street::Preflop);
        self.set_phase(Phase::Dealing);
        push(ev, Event::Redeal { button })
    }

    /// The player due to exchange next: the first one left of the button still in the
    /// hand who has not drawn (R-DRAW-5).
    pub fn drawer(&self) -> Option<SeatNo> {
        if self.phase != Phase::Exchange {
            return None;
        }
        self.next_after(self.button, |s| {
            let p = self.player(s);
            p.dealt && !p.folded && !p.drawn
        })
    }

    /// The drawer discards one card (read at the discard slot).
    pub(crate) fn discard(&mut self, card: Card, ev: &mut Events) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NotDrawing)?;
        let p = self.player_mut(seat);
        let holes = usize::from(p.holes);
        let i = p.hole[..holes]
            .iter()
            .position(|&c| c == Some(card))
            .ok_or(RuleError::BadDiscard(card))?;
        // R-DRAW-5: 0 to 4 cards; discards end once a replacement has come.
        if p.discards & (1 << i) != 0 || p.discards.count_ones() >= 4 {
            return Err(RuleError::BadDiscard(card));
        }
        p.discards |= 1 << i;
        p.hole[i] = None;
        self.discarded.insert(card);
        self.served_discards.insert(card);
        push(ev, Event::Discarded { seat, card })
    }

    /// The drawer keeps his cards.
    pub(crate) fn stand_pat(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NotDrawing)?;
        if self.player(seat).discards != 0 {
            return Err(RuleError::ReplacementsDue(seat));
        }
        self.player_mut(seat).drawn = true;
        push(ev, Event::StoodPat { seat })?;
        self.after_draw(cfg, seats, ev)
    }

    /// A replacement card for the drawer's lowest discarded slot.
    pub(super) fn replace(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        card: Option<Card>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NoCardExpected)?;
        let p = self.player_mut(seat);
        if p.discards == 0 {
            return Err(RuleError::NoCardExpected);
        }
        let i = p.discards.trailing_zeros() as usize;
        p.hole[i] = card;
        p.discards &= !(1 << i);
        if p.discards == 0 {
            p.drawn = true;
            self.served_discards = CardSet::EMPTY;
        }
        if let Some(c) = card {
            // A card of the new stub is live again.
            self.discarded.remove(c);
        }
        self.note_seen(card);
        push(ev, Event::HoleCard { seat, card })?;
        if self.player(seat).drawn {
            self.after_draw(cfg, seats, ev)?;
        }
        Ok(())
    }

    fn after_draw(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.drawer().is_none() {
            // R-DRAW-6: the second betting round.
            self.open_betting(cfg, seats, ev)?;
        }
        Ok(())
    }
}
