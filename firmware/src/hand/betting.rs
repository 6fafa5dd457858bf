//! The betting ledger and its limits (RULES.md §9–§12).
//!
//! Before working on this file, read RULES.md §9 (who acts, reopening), §10 (fixed
//! limit), §11 (no limit) and §12 (pot limit). One function, [`Hand::options`], decides
//! what the player to act may do; the display's offer and the engine's acceptance
//! ([`Hand::resolve`]) both use it, so they can never disagree.

use super::Hand;
use crate::error::{ActionKind, RuleError};
use crate::event::{Action, Street, Warning};
use crate::rules::{
    AmountPolicy, Chips, FlCap, FlShortAllIn, SeatNo, Structure, TableConfig, UnconfirmedStraddle,
};
use crate::seat::Seats;

/// The state of the open betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Round {
    /// `H`: the street total every player must match (the nominal big blind preflop,
    /// even if it was posted short: PD-SHORTBLIND).
    pub level: Chips,
    /// `L`: the size of the last full bet or raise of this round (R-NL-2); starts at
    /// the minimum bet.
    pub increment: Chips,
    /// The level of the last full bet or raise: fixed-limit raises are sized from it
    /// (PD-REOPEN).
    pub full_level: Chips,
    /// Bets and raises counted toward the fixed-limit cap (R-FL-2).
    pub bets: u8,
    /// The seat whose turn it is, if any.
    pub to_act: Option<SeatNo>,
    /// The last player to bet or raise this round (R-SHOW-1).
    pub aggressor: Option<SeatNo>,
}

/// What the player to act may do: the one answer both the display and the engine use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Options {
    /// The seat to act.
    pub seat: SeatNo,
    /// Chips to add to call, capped at the stack (0: he may check).
    pub call: Chips,
    /// The legal bet or raise-to range, or `None` when he may only check, call or fold.
    pub raise: Option<RaiseRange>,
    /// His street total if he puts in his whole stack.
    pub all_in_to: Chips,
    /// Nobody has bet this round (postflop): an aggressive action is a bet, not a raise.
    pub opening: bool,
}

/// The range of legal "bet/raise to" totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RaiseRange {
    /// The smallest legal total (his all-in total when he cannot make a full raise).
    pub min_to: Chips,
    /// The largest legal total (no limit: all-in; pot limit: the pot; fixed limit: = min).
    pub max_to: Chips,
}

/// A betting decision after the limits have been applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Resolved {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call, adding `amount`.
    Call {
        /// Chips added.
        amount: Chips,
    },
    /// Bet or raise to a street total.
    Raise {
        /// The new street total.
        to: Chips,
    },
}

/// The pot-limit maximum raise-to (R-PL-2): call first, then raise by the whole pot.
/// `level` is `H`, `own` the player's street contribution `c[p]`, `pot` is `D` (every
/// chip in the middle including all street contributions and antes).
///
/// ```
/// use firmware::betting::pot_limit_max;
/// use firmware::Chips;
/// let c = Chips::new;
/// // E1: pot 100, A bets 100; B may raise to 400.
/// assert_eq!(pot_limit_max(c(100), c(0), c(200)), Some(c(400)));
/// // E2: pot 100, A bets 50; B may raise to 250.
/// assert_eq!(pot_limit_max(c(50), c(0), c(150)), Some(c(250)));
/// ```
pub fn pot_limit_max(level: Chips, own: Chips, pot: Chips) -> Option<Chips> {
    let call = level.checked_sub(own)?;
    level.checked_add(pot)?.checked_add(call)
}

impl Hand {
    /// The fixed-limit bet size of the current street (R-FL-1): the small bet preflop
    /// and on the flop (and the first round of draw), the big bet after.
    pub(crate) fn fixed_size(&self) -> Chips {
        match self.street {
            Street::Preflop | Street::Flop => self.stakes.small_bet,
            Street::Turn | Street::River | Street::Draw => self.stakes.big_bet,
        }
    }

    /// The minimum bet and first raise increment of a round (R-NL-1, R-PL-1, R-FL-1).
    pub(crate) fn min_increment(&self) -> Chips {
        match self.structure {
            Structure::FixedLimit => self.fixed_size(),
            Structure::NoLimit | Structure::PotLimit => self.stakes.big_blind,
        }
    }

    /// `D` for pot-limit sizing: every chip in the middle, plus the PD-PL adjustment
    /// that counts the small blind as a full big blind in cash games.
    fn pot_for_sizing(&self, cfg: &TableConfig, seat: SeatNo) -> Chips {
        let mut pot = self.pot();
        if cfg.pl_sb_virtual && self.street == Street::Preflop {
            if let Some(sb) = self.small_blind {
                let sb_in = self.player(sb).street;
                // PD-PL: while the small blind's preflop contribution is below the big
                // blind, except for the small blind's own action.
                if sb != seat && sb_in < self.stakes.big_blind {
                    pot = pot.saturating_add(self.stakes.big_blind - sb_in);
                }
            }
        }
        pot
    }

    /// Whether the fixed-limit cap stops further raises (R-FL-2, R-FL-3, PD-FL).
    fn capped(&self, cfg: &TableConfig, seat: SeatNo) -> bool {
        if self.structure != Structure::FixedLimit {
            return false;
        }
        if cfg.fl_uncapped_heads_up && self.live_count() == 2 {
            return false;
        }
        match cfg.fl_cap {
            FlCap::Round { bets, .. } => self.round.bets >= bets,
            FlCap::PerPlayer { raises } if self.street == Street::Preflop => {
                self.player(seat).raises >= raises
            }
            FlCap::PerPlayer { .. } => self.round.bets >= 4,
        }
    }

    /// What the player to act may do (RULES.md §9–§12). `None` when nobody is to act.
    pub fn options(&self, cfg: &TableConfig, seats: &Seats) -> Option<Options> {
        let seat = self.round.to_act?;
        let p = self.player(seat);
        let stack = seats[seat.index()].stack;
        let level = self.round.level;
        let to_call = level.saturating_sub(p.street);
        let call = to_call.min(stack);
        let all_in_to = p.street.saturating_add(stack);
        let opening = level == Chips::ZERO;

        // R-BET-4 / PD-REOPEN: a player who already acted may raise again only if the
        // raises since then add up to at least one full raise.
        // In fixed limit the increment never changes, so a short all-in that counts as
        // a full raise (`fl_short_all_in=half`) shows in the last full level instead.
        let half_bet_raise = |at: Chips| {
            self.structure == Structure::FixedLimit
                && cfg.fl_short_all_in == FlShortAllIn::HalfBet
                && self.round.full_level > at
        };
        let reopened = match p.acted_at {
            None => true,
            Some(at) => level >= at.saturating_add(self.round.increment) || half_bet_raise(at),
        };
        // A raise must be one somebody could answer: another player still in the hand
        // must have more behind than the current bet (else the excess would only come
        // back uncalled, R-POT-2).
        // Asked last, only when the rest allows a raise: it walks the seats.
        let answerable = || {
            self.in_hand().any(|s| {
                s != seat && seats[s.index()].stack.saturating_add(self.player(s).street) > level
            })
        };
        // R-STRAD-4: an unconfirmed straddler loses the right to raise when the action
        // returns to him unraised: with nothing to call, his straddle is still the bet.
        // Facing a raise he answers it like anyone (the earlier `no_raise` reading
        // took the raise for the whole round; `no_option` gives him no turn, deal.rs).
        let straddle_penalty = self.street == Street::Preflop
            && self.straddle == Some((seat, false))
            && match cfg.unconfirmed_straddle {
                UnconfirmedStraddle::Unraised => to_call == Chips::ZERO,
                UnconfirmedStraddle::NoRaiseFirstRound => true,
                UnconfirmedStraddle::NoTurn => false,
            };
        let may_raise = stack > to_call
            && reopened
            && !straddle_penalty
            && !self.lacks_openers(cfg, seat)
            && !self.capped(cfg, seat)
            && answerable();
        let raise = if may_raise {
            let (min_to, max_to) = self.raise_bounds(cfg, seat, all_in_to);
            Some(RaiseRange { min_to, max_to })
        } else {
            None
        };
        Some(Options {
            seat,
            call,
            raise,
            all_in_to,
            opening,
        })
    }

    /// The legal raise-to range for `seat`, capped at his all-in total.
    fn raise_bounds(&self, cfg: &TableConfig, seat: SeatNo, all_in_to: Chips) -> (Chips, Chips) {
        let level = self.round.level;
        let (min_to, max_to) = match self.structure {
            Structure::NoLimit => {
                // R-NL-1, R-NL-2: min raise-to = H + L; the max is the stack (R-NL-3).
                (level.saturating_add(self.round.increment), all_in_to)
            }
            Structure::PotLimit => {
                let min = level.saturating_add(self.round.increment);
                let own = self.player(seat).street;
                let pot = self.pot_for_sizing(cfg, seat);
                // R-PL-2; never below the minimum raise.
                let max = pot_limit_max(level, own, pot)
                    .unwrap_or(Chips::MAX)
                    .max(min);
                (min, max)
            }
            Structure::FixedLimit => {
                // R-FL-1; PD-REOPEN: sized from the last full level.
                let to = self.round.full_level.saturating_add(self.fixed_size());
                let to = to.max(level.saturating_add(Chips::new(1)));
                (to, to)
            }
        };
        if all_in_to <= min_to {
            // He cannot make a full raise: his only raise is all-in (min = max).
            (all_in_to, all_in_to)
        } else {
            (min_to, max_to.min(all_in_to))
        }
    }

    /// Applies the limits to a decision: the single check behind both the display's
    /// offer and the engine's acceptance. Out-of-range amounts are corrected with a
    /// warning or rejected, as the table's [`AmountPolicy`] says.
    pub fn resolve(
        &self,
        cfg: &TableConfig,
        seats: &Seats,
        action: Action,
    ) -> Result<(Resolved, Option<Warning>), RuleError> {
        let o = self.options(cfg, seats).ok_or(RuleError::NotBetting)?;
        self.resolve_against(cfg, &o, action)
    }

    /// [`Hand::resolve`] against the options `o` the player to act has, reckoned by
    /// the caller from this very hand (the table, which hands them back to a caller
    /// that records each decision: [`crate::Table::act_into`]).
    pub(crate) fn resolve_against(
        &self,
        cfg: &TableConfig,
        o: &Options,
        action: Action,
    ) -> Result<(Resolved, Option<Warning>), RuleError> {
        let o = *o;
        let seat = o.seat;
        match action {
            Action::Fold => {
                let warning = (o.call == Chips::ZERO).then_some(Warning::FoldedWithCheck { seat });
                Ok((Resolved::Fold, warning))
            }
            Action::CheckCall if o.call == Chips::ZERO => Ok((Resolved::Check, None)),
            Action::CheckCall => Ok((Resolved::Call { amount: o.call }, None)),
            Action::AllIn => {
                if o.all_in_to <= self.round.level {
                    return Ok((Resolved::Call { amount: o.call }, None));
                }
                let range = o.raise.ok_or_else(|| self.no_raise(cfg, seat))?;
                if o.all_in_to > range.max_to {
                    return Err(RuleError::AboveMaximum { max: range.max_to });
                }
                Ok((Resolved::Raise { to: o.all_in_to }, None))
            }
            Action::BetTo(to) => self.resolve_amount(cfg, &o, to),
        }
    }

    /// Why `seat` may not bet or raise, for the dealer.
    fn no_raise(&self, cfg: &TableConfig, seat: SeatNo) -> RuleError {
        if self.lacks_openers(cfg, seat) {
            RuleError::NoOpeners(seat)
        } else {
            RuleError::RaiseNotAllowed(seat)
        }
    }

    fn resolve_amount(
        &self,
        cfg: &TableConfig,
        o: &Options,
        to: Chips,
    ) -> Result<(Resolved, Option<Warning>), RuleError> {
        let seat = o.seat;
        if to > o.all_in_to {
            return Err(RuleError::AboveStack {
                all_in_to: o.all_in_to,
            });
        }
        let level = self.round.level;
        let Some(range) = o.raise else {
            // Betting is closed for him: an amount equal to the call is a call.
            if to <= level && to == self.player(seat).street.saturating_add(o.call) {
                return Ok((call_or_check(o.call), None));
            }
            return Err(self.no_raise(cfg, seat));
        };
        let correct = cfg.amounts == AmountPolicy::Correct;
        if to < range.min_to {
            if !correct {
                return Err(RuleError::BelowMinimum { min: range.min_to });
            }
            let call = call_or_check(o.call);
            if self.structure == Structure::FixedLimit {
                if to <= level {
                    return Ok((call, None));
                }
                let w = Warning::FixedSize {
                    seat,
                    asked: to,
                    to: range.min_to,
                };
                return Ok((Resolved::Raise { to: range.min_to }, Some(w)));
            }
            // TDA: a raise of at least half the minimum increment must be completed
            // to the minimum; below half it is a call.
            let part = to.saturating_sub(level);
            let needed = range.min_to.saturating_sub(level);
            if part.saturating_mul(2) >= needed && part > Chips::ZERO {
                let w = Warning::UnderMinimum {
                    seat,
                    asked: to,
                    to: range.min_to,
                };
                return Ok((Resolved::Raise { to: range.min_to }, Some(w)));
            }
            let applied = self.player(seat).street.saturating_add(o.call);
            let w = Warning::UnderMinimum {
                seat,
                asked: to,
                to: applied,
            };
            return Ok((call, Some(w)));
        }
        if to > range.max_to {
            if !correct {
                return Err(RuleError::AboveMaximum { max: range.max_to });
            }
            let w = match self.structure {
                Structure::FixedLimit => Warning::FixedSize {
                    seat,
                    asked: to,
                    to: range.max_to,
                },
                _ => Warning::OverPot {
                    seat,
                    asked: to,
                    max: range.max_to,
                },
            };
            return Ok((Resolved::Raise { to: range.max_to }, Some(w)));
        }
        Ok((Resolved::Raise { to }, None))
    }

    /// Applies a resolved decision of the player to act to the ledger and returns what
    /// a bet or raise did (`None` for fold, check, call).
    pub(crate) fn apply_bet(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        seat: SeatNo,
        to: Chips,
    ) -> Result<(Chips, bool), RuleError> {
        let own = self.player(seat).street;
        let add = to.checked_sub(own).ok_or(RuleError::ChipOverflow)?;
        let all_in = self.take_chips(seats, seat, add)?;
        let old_level = self.round.level;
        let raise_part = to.saturating_sub(old_level);
        let size = self.min_increment();
        let full = match self.structure {
            Structure::FixedLimit => {
                raise_part >= size
                    || match cfg.fl_short_all_in {
                        FlShortAllIn::AllInPlusBet => true,
                        FlShortAllIn::HalfBet => raise_part.saturating_mul(2) >= size,
                    }
            }
            _ => raise_part >= self.round.increment,
        };
        let round = &mut self.round;
        round.level = to;
        round.aggressor = Some(seat);
        if full {
            if self.structure != Structure::FixedLimit {
                round.increment = raise_part;
            }
            round.full_level = to;
        }
        if full || cfg.fl_short_all_in == FlShortAllIn::AllInPlusBet {
            round.bets = round.bets.saturating_add(1);
        }
        let p = self.player_mut(seat);
        p.acted_at = Some(to);
        p.raises = p.raises.saturating_add(1);
        Ok((add, all_in))
    }

    /// Whether a player other than `seat` is still in the hand with chips behind.
    /// Stops at the first: it is asked for each seat every time someone acts.
    fn anyone_with_chips_except(&self, seat: SeatNo, seats: &Seats) -> bool {
        self.in_hand()
            .any(|s| s != seat && seats[s.index()].stack > Chips::ZERO)
    }

    /// Whether `seat` must still act in this round (R-BET-4): he is in the hand with
    /// chips, and he has not acted yet or has a bet to answer — unless nobody is left
    /// to bet against him and he has matched the bet.
    pub(crate) fn needs_to_act(&self, seat: SeatNo, seats: &Seats) -> bool {
        let p = self.player(seat);
        if !p.dealt || p.folded || seats[seat.index()].stack == Chips::ZERO {
            return false;
        }
        let behind = p.street < self.round.level;
        if behind {
            return true;
        }
        p.acted_at.is_none() && self.anyone_with_chips_except(seat, seats)
    }
}

fn call_or_check(call: Chips) -> Resolved {
    if call == Chips::ZERO {
        Resolved::Check
    } else {
        Resolved::Call { amount: call }
    }
}

impl Resolved {
    /// The action kind, for errors and display.
    pub fn kind(self) -> ActionKind {
        match self {
            Resolved::Fold => ActionKind::Fold,
            Resolved::Check => ActionKind::Check,
            Resolved::Call { .. } => ActionKind::Call,
            Resolved::Raise { .. } => ActionKind::BetOrRaise,
        }
    }
}
