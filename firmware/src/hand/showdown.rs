//! The showdown of a live table (RULES.md §10, R-SHOW-1..3, R-DRAW-7, PD-SHOW).
//!
//! When the last betting round ends with two or more hands in, the hand does not go
//! straight to its settlement: the hands are shown or mucked in turn. The called
//! bettor shows first (R-SHOW-1), else the first player left of the button (R-SHOW-2),
//! then each player clockwise shows or mucks (R-SHOW-3). In draw this makes the player
//! whose call closed the betting reveal last (R-DRAW-7). Any player may show before
//! his turn, since a hand may always be shown; a muck waits for his turn, so that one
//! mistaken key cannot throw away the hand of a player still deciding.
//!
//! A hand counts only once it is tabled: the host values shown hands alone, and the
//! players' screen shows no hole card before then ([`Hand::tabled`]). Once every hand
//! is shown or mucked, or every hand but one is mucked with none shown (the sole
//! survivor wins without showing), the pot is settled.
//!
//! PD-SHOW: once a player is all-in and the betting is over, every hand is tabled at
//! once, before the rest of the board is dealt.

use super::{push, Hand, Phase, Seats};
use crate::config::MAX_SEATS;
use crate::error::RuleError;
use crate::event::{Event, Events, Ruling, Warning};
use crate::rules::{Chips, SeatNo, ShowdownRule, TableConfig};

/// The seats still in, in the order they show.
pub type ShowOrder = heapless::Vec<SeatNo, MAX_SEATS>;

/// The order hands are shown in (R-SHOW-1..3, E21), for any way of naming players:
/// `clockwise` lists the hands still in, clockwise from the first seat left of the
/// button; the final round's called bettor or raiser (`aggressor`, ignored if not in
/// the list) shows first, else the first of the list (R-SHOW-2); the rest follow
/// clockwise (R-SHOW-3). The engine's showdown and the hand-history export both
/// order the shows by it. At most [`MAX_SEATS`] hands are ordered.
///
/// ```
/// use firmware::hand::show_order;
/// // E21: button S9; S1, S4, S6, S9 see the river.
/// assert_eq!(show_order(&[4, 6, 9], Some(4)).as_slice(), [4, 6, 9]); // S4 bet, S1 folded
/// assert_eq!(show_order(&[1, 4, 6, 9], None).as_slice(), [1, 4, 6, 9]); // checked through
/// assert_eq!(show_order(&[1, 4, 6, 9], Some(6)).as_slice(), [6, 9, 1, 4]);
/// ```
pub fn show_order<T: Copy + PartialEq>(
    clockwise: &[T],
    aggressor: Option<T>,
) -> heapless::Vec<T, MAX_SEATS> {
    let start = aggressor
        .and_then(|a| clockwise.iter().position(|&p| p == a))
        .unwrap_or(0);
    let (before, from) = clockwise.split_at(start);
    from.iter().chain(before).copied().take(MAX_SEATS).collect()
}

impl Hand {
    /// The seats still in, in showdown order: the last bettor or raiser of the final
    /// round, whose bet was called, first (R-SHOW-1); with no bet on that round, the
    /// first player left of the button (R-SHOW-2); then clockwise (R-SHOW-3).
    pub fn showdown_order(&self) -> ShowOrder {
        let n = self.seat_count;
        let clockwise: ShowOrder = (1..=n)
            .filter_map(|k| self.button.clockwise(k, n))
            .filter(|&s| {
                let p = self.player(s);
                p.dealt && !p.folded
            })
            .collect();
        show_order(&clockwise, self.round.aggressor)
    }

    /// Whose turn it is to show or muck: `None` outside the showdown.
    pub fn next_to_show(&self) -> Option<SeatNo> {
        if self.phase != Phase::Showdown {
            return None;
        }
        self.showdown_order()
            .into_iter()
            .find(|&s| !self.player(s).shown)
    }

    /// Whether `seat`'s hole cards are tabled: shown at the showdown or under PD-SHOW
    /// or, at a table that tables every hand (`showdown=tabled`), still in at the
    /// settlement. The players' screen shows a hand's cards only then.
    pub fn tabled(&self, cfg: &TableConfig, seat: SeatNo) -> bool {
        let p = self.player(seat);
        if !p.dealt || p.folded {
            return false;
        }
        p.shown || (cfg.showdown == ShowdownRule::Tabled && self.phase == Phase::Settling)
    }

    /// The last betting round is over with two or more hands in: the showdown opens,
    /// or the pot is settled at once when there is nothing left to decide.
    pub(super) fn showdown(
        &mut self,
        cfg: &TableConfig,
        seats: &Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        // R-DRAW-2 again at the showdown: openers the reads could not check are
        // for the floor to see shown (PD-DRAW).
        if let Some(seat) = self
            .opener
            .filter(|&s| cfg.short_deck && self.opener_unchecked && !self.player(s).folded)
        {
            push(ev, Event::Warning(Warning::OpenersUnchecked { seat }))?;
        }
        if cfg.showdown == ShowdownRule::Tabled {
            return self.settle(ev, true);
        }
        if self.betting_over(seats) {
            self.table_all(cfg, ev)?;
        }
        if self.decided() {
            return self.settle(ev, true);
        }
        self.set_phase(Phase::Showdown);
        let first = self.next_to_show().ok_or(RuleError::NoShowdown)?;
        push(ev, Event::ShowdownOpened { first })
    }

    /// PD-SHOW: with a player all-in and the betting over, every hand still in is
    /// tabled, in showdown order. Nothing at a `showdown=tabled` table, whose hands
    /// are all tabled at the settlement anyway.
    pub(super) fn table_all(
        &mut self,
        cfg: &TableConfig,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if cfg.showdown == ShowdownRule::Tabled {
            return Ok(());
        }
        for seat in self.showdown_order() {
            if !self.player(seat).shown {
                self.player_mut(seat).shown = true;
                push(ev, Event::Shown { seat })?;
            }
        }
        Ok(())
    }

    /// Whether no more betting can happen: at most one player still in has chips
    /// behind, so at least one of two or more is all-in (PD-SHOW).
    pub(super) fn betting_over(&self, seats: &Seats) -> bool {
        self.live_count() > 1
            && self
                .in_hand()
                .filter(|s| seats[s.index()].stack > Chips::ZERO)
                .nth(1)
                .is_none()
    }

    /// SHOW: `seat` tables his hand, in his turn or before it.
    pub(crate) fn show(&mut self, seat: SeatNo, ev: &mut Events) -> Result<(), RuleError> {
        self.showdown_hand(seat)?;
        self.player_mut(seat).shown = true;
        push(ev, Event::Shown { seat })?;
        self.close_showdown(ev)
    }

    /// MUCK: `seat`, whose turn it is, throws his hand away unseen.
    pub(crate) fn muck(&mut self, seat: SeatNo, ev: &mut Events) -> Result<(), RuleError> {
        self.showdown_hand(seat)?;
        let next = self.next_to_show().ok_or(RuleError::NoShowdown)?;
        if next != seat {
            return Err(RuleError::NotYourTurnToMuck { seat, next });
        }
        self.throw_away(seat, ev)
    }

    /// `seat`'s hand leaves the showdown, mucked (or ruled dead): unless nobody else
    /// still in put in as much as he did, for then a side pot has no other hand, and
    /// a pot must always have one to go to.
    fn throw_away(&mut self, seat: SeatNo, ev: &mut Events) -> Result<(), RuleError> {
        let covered = self
            .in_hand()
            .filter(|&o| o != seat)
            .any(|o| self.player(o).total >= self.player(seat).total);
        if !covered {
            return Err(RuleError::LastHandForPot(seat));
        }
        let p = self.player_mut(seat);
        p.folded = true;
        p.mucked = true;
        p.shown = false;
        push(ev, Event::Mucked { seat })?;
        self.close_showdown(ev)
    }

    /// PD-DRAW: the opener cannot show openers: his hand is dead, shown or not. As
    /// with a muck, a pot he alone is still in for is not left without a hand.
    pub(crate) fn dead_hand(
        &mut self,
        cfg: &TableConfig,
        seat: SeatNo,
        floor: u16,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if cfg.game.has_board() || self.opener != Some(seat) {
            return Err(RuleError::NotTheOpener(seat));
        }
        if self.phase != Phase::Showdown {
            return Err(RuleError::NoShowdown);
        }
        let p = self.player(seat);
        if !p.dealt || p.folded {
            return Err(RuleError::NoHandToShow(seat));
        }
        push(
            ev,
            Event::Ruled {
                ruling: Ruling::DeadHand { seat },
                floor,
            },
        )?;
        self.throw_away(seat, ev)
    }

    /// Checks that the showdown is open and `seat` has a hand there not yet shown.
    fn showdown_hand(&self, seat: SeatNo) -> Result<(), RuleError> {
        if self.phase != Phase::Showdown {
            return Err(RuleError::NoShowdown);
        }
        let p = self.player(seat);
        if !p.dealt || p.folded {
            return Err(RuleError::NoHandToShow(seat));
        }
        if p.shown {
            return Err(RuleError::AlreadyShown(seat));
        }
        Ok(())
    }

    /// Every hand is shown or mucked, or all but one mucked with none shown.
    fn decided(&self) -> bool {
        let shown = self.in_hand().filter(|&s| self.player(s).shown).count();
        let live = self.live_count();
        shown == live || (shown == 0 && live == 1)
    }

    /// Settles the pot once the showdown is decided: contested when a hand was shown
    /// for it, not when every other hand was mucked unseen.
    fn close_showdown(&mut self, ev: &mut Events) -> Result<(), RuleError> {
        if self.decided() {
            let contested = self.in_hand().any(|s| self.player(s).shown);
            self.settle(ev, contested)?;
        }
        Ok(())
    }
}
