//! Cards from the shoe: hole cards, burns and the board, each checked against the
//! deck and the cards seen this hand (RULES.md §8, PD-RFID).

use super::{push, Hand, Phase, Seats};
use crate::card::{Card, CardSet};
use crate::error::RuleError;
use crate::event::{Event, Events, Read, Street, Warning};
use crate::rules::{TableConfig, UnconfirmedStraddle};

impl Hand {
    /// Checks a read card against the deck and the cards seen this hand (PD-RFID).
    fn check_card(&self, cfg: &TableConfig, card: Option<Card>) -> Result<(), RuleError> {
        if let Some(c) = card {
            if cfg.short_deck && !c.in_short_deck() {
                return Err(RuleError::NotInDeck(c));
            }
            if self.seen.contains(c) && !self.reshuffled_discard(cfg, c) {
                return Err(RuleError::DuplicateCard(c));
            }
        }
        Ok(())
    }

    /// R-DRAW-5, PD-DRAW: once the stub is used up, the discards so far are shuffled
    /// into a new stub (\[002\]: the served player's own included, unless the house
    /// leaves them out, `stub_excludes_drawer`).
    fn reshuffled_discard(&self, cfg: &TableConfig, c: Card) -> bool {
        let deck = CardSet::deck(cfg.short_deck);
        self.phase == Phase::Exchange
            && self.seen.len() >= deck.len()
            && self.discarded.contains(c)
            && !(cfg.stub_excludes_drawer && self.served_discards.contains(c))
    }

    pub(super) fn note_seen(&mut self, card: Option<Card>) {
        if let Some(c) = card {
            self.seen.insert(c);
        }
    }

    /// A card from the shoe (RULES.md §8): a hole card, a burn, a board card or a
    /// replacement in the exchange, whichever is due. Anything else is refused.
    pub(crate) fn read(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        read: Read,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Betting => Err(match self.round.to_act {
                Some(to_act) => RuleError::BettingNotComplete { to_act },
                None => RuleError::NoCardExpected,
            }),
            Phase::Settling | Phase::Showdown => Err(RuleError::NoCardExpected),
            Phase::Dealing => {
                if read.burn {
                    return Err(RuleError::UnexpectedBurn);
                }
                self.check_card(cfg, read.card)?;
                self.deal_hole(cfg, seats, read.card, ev)
            }
            Phase::Board { burn_due } => {
                if burn_due != read.burn {
                    return Err(if burn_due {
                        RuleError::MissingBurn
                    } else {
                        RuleError::UnexpectedBurn
                    });
                }
                if let (true, Some(exposed)) = (burn_due, self.exposed_burn) {
                    // PD-EXPOSED: the exposed card is the first burn.
                    if read.card != Some(exposed) {
                        return Err(RuleError::ExposedIsTheBurn(exposed));
                    }
                    self.exposed_burn = None;
                } else {
                    self.check_card(cfg, read.card)?;
                }
                self.note_seen(read.card);
                if burn_due {
                    self.burns = self.burns.saturating_add(1);
                    push(ev, Event::Burned { card: read.card })?;
                    self.set_phase(Phase::Board { burn_due: false });
                    return Ok(());
                }
                self.board
                    .push(read.card)
                    .map_err(|_| RuleError::NoCardExpected)?;
                push(
                    ev,
                    Event::BoardCard {
                        street: self.street,
                        card: read.card,
                    },
                )?;
                let due = match self.street {
                    Street::Flop => 3,
                    Street::Turn => 4,
                    _ => 5,
                };
                if self.board.len() == due {
                    self.open_betting(cfg, seats, ev)?;
                }
                Ok(())
            }
            Phase::Exchange => {
                if read.burn {
                    // The burn slot is the discard slot in the exchange: the dealer
                    // passes each card the player throws through it (R-DRAW-5).
                    return match read.card {
                        Some(card) => self.discard(card, ev),
                        None => Err(RuleError::UnexpectedBurn),
                    };
                }
                self.check_card(cfg, read.card)?;
                self.replace(cfg, seats, read.card, ev)
            }
        }
    }

    /// R-DEAL-1, R-DEAL-2: one card at a time, clockwise from left of the button (the
    /// small blind; heads-up the big blind), as many rounds as the game has hole cards.
    fn deal_hole(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        card: Option<Card>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        // Counted straight from the players, not by walking the deal order: this runs
        // for every hole card, and only who is dealt in matters for the count.
        let n = self
            .players
            .iter()
            .take(usize::from(self.seat_count))
            .filter(|p| p.dealt)
            .count() as u8;
        if n == 0 {
            return Err(RuleError::NoCardExpected);
        }
        let k = self.hole_dealt;
        let all = n * Self::hole_count(cfg);
        let seat = match (k < all, self.owed) {
            (true, _) => self
                .deal_order()
                .nth(usize::from(k % n))
                .ok_or(RuleError::NoCardExpected)?,
            // PD-EXPOSED: after the deal, the player whose card was exposed gets the
            // next one.
            (false, Some(owed)) => {
                self.owed = None;
                owed
            }
            (false, None) => return Err(RuleError::NoCardExpected),
        };
        if k == 0 {
            if let Some((s, false)) = self.straddle {
                // R-STRAD-4: unconfirmed when the cards come: the straddle stands. He
                // keeps his turn, without the raise when it comes unraised
                // (betting.rs): he checks or folds (E6). Only the earlier `no_option`
                // reading, kept for the logs written under it, counts him as having
                // acted at 2×BB, so he had no turn when everyone called.
                if cfg.unconfirmed_straddle == UnconfirmedStraddle::NoTurn {
                    self.player_mut(s).acted_at = Some(self.round.level);
                }
                push(ev, Event::Warning(Warning::StraddleUnconfirmed { seat: s }))?;
            }
        }
        let p = self.player_mut(seat);
        let slot = p
            .hole
            .get_mut(usize::from(p.holes))
            .ok_or(RuleError::NoCardExpected)?;
        *slot = card;
        p.holes += 1;
        self.note_seen(card);
        self.hole_dealt = k.saturating_add(1);
        push(ev, Event::HoleCard { seat, card })?;
        if self.hole_dealt >= all && self.owed.is_none() {
            self.open_betting(cfg, seats, ev)?;
        }
        Ok(())
    }
}
