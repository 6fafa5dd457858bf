//! Five-card draw: the exchange, and the redeal when everyone checked (RULES.md §17).

use super::{push, Hand, Phase, Seats};
use crate::card::{Card, CardSet};
use crate::config::{MAX_DRAW, MAX_HOLE_CARDS};
use crate::error::RuleError;
use crate::event::{Event, Events, Post, Street};
use crate::rules::{Chips, SeatNo, TableConfig};

impl Hand {
    /// R-DRAW-3, R-DRAW-6: the cards are redealt to the same players; the pot carries
    /// over; the next player clockwise deals. Where the house posts an ante on a
    /// redeal (PD-DRAW `redeal_ante`), each player redealt to antes again.
    pub(super) fn redeal(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let button = self
            .next_after(self.button, |s| {
                self.player(s).dealt && !self.player(s).folded
            })
            .unwrap_or(self.button);
        self.button = button;
        self.deal = self.deal.saturating_add(1);
        // R-DRAW-6: who dropped out of this deal may rejoin the next by matching.
        self.dropped = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.dealt && p.folded)
            .fold(0, |bits, (i, _)| bits | 1 << i);
        for p in self.players.iter_mut() {
            p.hole = [None; MAX_HOLE_CARDS];
            p.holes = 0;
            p.discards = 0;
            p.asked = 0;
            p.drawn = false;
            if p.folded {
                p.dealt = false;
            }
        }
        self.seen = CardSet::EMPTY;
        self.discarded = CardSet::EMPTY;
        self.served_discards = CardSet::EMPTY;
        self.hole_dealt = 0;
        self.exposed = None;
        self.owed = None;
        self.exposed_burn = None;
        self.opener = None;
        self.opener_unchecked = false;
        self.begin_street(Street::Preflop);
        self.set_phase(Phase::Dealing);
        push(ev, Event::Redeal { button })?;
        let ante = self.stakes.ante;
        if cfg.redeal_ante && ante > Chips::ZERO {
            for s in SeatNo::up_to(self.seat_count) {
                if !self.player(s).dealt {
                    continue;
                }
                let stack = &mut seats[s.index()].stack;
                let amount = ante.min(*stack);
                if amount == Chips::ZERO {
                    continue;
                }
                *stack -= amount;
                let all_in = *stack == Chips::ZERO;
                let p = self.player_mut(s);
                p.dead = p.dead.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
                push(
                    ev,
                    Event::Posted {
                        seat: s,
                        post: Post::Ante,
                        amount,
                        all_in,
                    },
                )?;
            }
        }
        Ok(())
    }

    /// R-DRAW-6: whether `seat` dropped out of the deal before this redeal and its
    /// first card is not out yet (the console reads this to make his seat key a
    /// rejoin).
    pub fn may_rejoin(&self, seat: SeatNo) -> bool {
        self.phase == Phase::Dealing
            && self.hole_dealt == 0
            && self.dropped & (1u16 << seat.index()) != 0
    }

    /// R-DRAW-6: `seat`, who dropped out of the deal before this redeal, rejoins by
    /// putting in what the players still in have put in beyond him (their largest
    /// live and dead contributions), before the redeal's first card.
    pub(crate) fn rejoin(
        &mut self,
        seats: &mut Seats,
        seat: SeatNo,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if !self.may_rejoin(seat) {
            return Err(RuleError::CannotRejoin(seat));
        }
        let (total, dead) = self
            .in_hand()
            .map(|s| (self.player(s).total, self.player(s).dead))
            .fold((Chips::ZERO, Chips::ZERO), |(t, d), (pt, pd)| {
                (t.max(pt), d.max(pd))
            });
        let p = self.player(seat);
        let live = total.saturating_sub(p.total);
        let dead = dead.saturating_sub(p.dead);
        let amount = live.checked_add(dead).ok_or(RuleError::ChipOverflow)?;
        let stack = &mut seats[seat.index()].stack;
        *stack = stack
            .checked_sub(amount)
            .ok_or(RuleError::CannotMatch { seat, amount })?;
        let p = self.player_mut(seat);
        p.total = p.total.checked_add(live).ok_or(RuleError::ChipOverflow)?;
        p.dead = p.dead.checked_add(dead).ok_or(RuleError::ChipOverflow)?;
        p.dealt = true;
        p.folded = false;
        self.dropped &= !(1u16 << seat.index());
        push(ev, Event::Rejoined { seat, amount })
    }

    /// R-DRAW-2: on the 32-card deck the first bet of a draw hand needs openers, a
    /// pair of kings or better, checked from the cards the shoe read: whether `seat`,
    /// to open now, lacks them. So does the first bet after the draw where the house
    /// plays the second round by the first's rules (`openers_after_draw`, R-DRAW-6).
    /// A hand with a card the shoe could not read is let open; its openers are for
    /// the showdown. The betting's one options check asks this, so the offer and the
    /// acceptance agree.
    pub(crate) fn lacks_openers(&self, cfg: &TableConfig, seat: SeatNo) -> bool {
        let first_bet = match self.street {
            Street::Preflop => self.opener.is_none(),
            Street::Draw => cfg.openers_after_draw,
            _ => false,
        };
        if cfg.game.has_board() || !cfg.short_deck || !first_bet || self.round.level != Chips::ZERO
        {
            return false;
        }
        let [Some(a), Some(b), Some(c), Some(d), Some(e)] = self.player(seat).hole[..] else {
            return false;
        };
        !super::openers::are_openers(&[a, b, c, d, e], cfg.money.short_deck_low_straight)
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

    /// The drawer asks for `count` cards (R-DRAW-5): his discards and replacements
    /// are checked against it. He may change his mind until the first replacement
    /// comes, but not to fewer cards than he has already thrown.
    pub(crate) fn ask_draw(&mut self, count: u8, ev: &mut Events) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NotDrawing)?;
        if !(1..=MAX_DRAW).contains(&count) {
            return Err(RuleError::DrawCount(count));
        }
        let thrown = self.thrown();
        let p = self.player_mut(seat);
        if u32::from(thrown) != p.discards.count_ones() {
            return Err(RuleError::DrawUnderway(seat));
        }
        if count < thrown {
            return Err(RuleError::MoreThanAsked { seat, asked: count });
        }
        p.asked = count;
        push(ev, Event::DrawAsked { seat, count })
    }

    /// The discards the drawer has thrown this draw (R-DRAW-5: at most four).
    fn thrown(&self) -> u8 {
        // `served_discards` holds only the drawer's own, at most `MAX_DRAW`.
        u8::try_from(self.served_discards.len()).unwrap_or(u8::MAX)
    }

    /// The drawer discards one card (read at the discard slot).
    pub(crate) fn discard(&mut self, card: Card, ev: &mut Events) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NotDrawing)?;
        let thrown = self.thrown();
        let p = self.player_mut(seat);
        let holes = usize::from(p.holes);
        let i = p.hole[..holes]
            .iter()
            .position(|&c| c == Some(card))
            .ok_or(RuleError::BadDiscard(card))?;
        // R-DRAW-5: 0 to 4 cards, all thrown before the first replacement comes: the
        // cards he has thrown this draw are `served_discards`; more of them than are
        // still waiting for a replacement means one has come, and a replacement is
        // never thrown again.
        if p.discards & (1 << i) != 0
            || thrown >= MAX_DRAW
            || u32::from(thrown) != p.discards.count_ones()
        {
            return Err(RuleError::BadDiscard(card));
        }
        if p.asked != 0 && thrown >= p.asked {
            return Err(RuleError::MoreThanAsked {
                seat,
                asked: p.asked,
            });
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
        let p = self.player(seat);
        if p.discards != 0 {
            return Err(RuleError::ReplacementsDue(seat));
        }
        if p.asked != 0 {
            // He asked for cards: UNDO the count to stand pat.
            return Err(RuleError::DiscardsDue {
                seat,
                asked: p.asked,
                thrown: 0,
            });
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
        let thrown = self.thrown();
        let p = self.player_mut(seat);
        // With a count asked, the replacements wait for all his discards (once the
        // first has come, `thrown` equals it).
        if p.asked != 0 && thrown < p.asked {
            return Err(RuleError::DiscardsDue {
                seat,
                asked: p.asked,
                thrown,
            });
        }
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
