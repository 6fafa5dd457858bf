//! The betting rounds: who acts first, each action taken, the end of a round and
//! the next street (RULES.md §9).

use super::betting::{Options, Resolved, Round};
use super::{push, Hand, Phase, Seats};
use crate::error::RuleError;
use crate::event::{Action, Event, Events, Street};
use crate::rules::{Chips, SeatNo, TableConfig};
use crate::seat::Presence;

impl Hand {
    /// Opens the betting round of the current street, or skips it when fewer than two
    /// players can bet (R-STREET-3) and moves on.
    pub(crate) fn open_betting(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        // Preflop the first to act is left of the straddle or big blind (R-BET-2,
        // PD-STRAD); with no blinds (draw with antes), and on later streets, the first
        // player left of the button (R-BET-3, R-DRAW-2). Heads-up this makes the
        // button act first preflop and last after (R-HU-3, R-HU-4).
        let from = match (self.street, self.straddle) {
            (Street::Preflop, Some((s, _))) => s,
            (Street::Preflop, None) if self.stakes.big_blind > Chips::ZERO => self.big_blind,
            _ => self.button,
        };
        self.set_phase(Phase::Betting);
        let first = self.next_after(from, |s| self.needs_to_act(s, seats));
        self.round.to_act = first;
        match first {
            Some(first) => push(
                ev,
                Event::BettingOpened {
                    street: self.street,
                    first,
                },
            ),
            None => self.end_round(cfg, seats, ev),
        }
    }

    /// The player to act acts (RULES.md §9), against `offered`, his options as the
    /// table reckoned them from this hand just before, if it did (else reckoned here).
    pub(crate) fn act(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        action: Action,
        offered: Option<&Options>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Betting {
            return Err(RuleError::NotBetting);
        }
        let seat = self.round.to_act.ok_or(RuleError::NotBetting)?;
        let (resolved, warning) = match offered {
            Some(o) => {
                debug_assert_eq!(Some(*o), self.options(cfg, seats));
                self.resolve_against(cfg, o, action)?
            }
            None => self.resolve(cfg, seats, action)?,
        };
        if let Some(w) = warning {
            push(ev, Event::Warning(w))?;
        }
        let level_before = self.round.level;
        match resolved {
            Resolved::Fold => {
                self.player_mut(seat).folded = true;
                push(ev, Event::Folded { seat })?;
            }
            Resolved::Check => {
                self.player_mut(seat).acted_at = Some(level_before);
                push(ev, Event::Checked { seat })?;
            }
            Resolved::Call { amount } => {
                let all_in = self.take_chips(seats, seat, amount)?;
                self.player_mut(seat).acted_at = Some(level_before);
                push(
                    ev,
                    Event::Called {
                        seat,
                        amount,
                        all_in,
                    },
                )?;
            }
            Resolved::Raise { to } => {
                let (_, all_in) = self.apply_bet(cfg, seats, seat, to)?;
                let event = if level_before == Chips::ZERO {
                    if self.street == Street::Preflop && self.opener.is_none() {
                        self.opener = Some(seat);
                        self.opener_unchecked = self.player(seat).hole.iter().any(Option::is_none);
                    }
                    Event::Bet { seat, to, all_in }
                } else {
                    Event::Raised { seat, to, all_in }
                };
                push(ev, event)?;
            }
        }
        if self.street == Street::Preflop {
            let (count, chips) = self.voluntary;
            let put_in = matches!(resolved, Resolved::Call { .. } | Resolved::Raise { .. });
            self.voluntary = (count.saturating_add(1), chips || put_in);
        }
        self.advance(cfg, seats, seat, ev)
    }

    /// PD-TOURN-ABSENT (TDA 2024 Rule 30): at a tournament table the hand of a player
    /// sitting out is killed when his turn comes, and the turn passes on, until a
    /// player at his seat is to act or the betting ends. He posted his blinds and
    /// antes and they stay in the pot; the kill is not his action (it counts for no
    /// misdeal). Reported as his fold.
    pub(crate) fn kill_absent(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        while let (Phase::Betting, Some(seat)) = (self.phase, self.round.to_act) {
            if seats[seat.index()].presence != Presence::SittingOut {
                break;
            }
            self.player_mut(seat).folded = true;
            push(ev, Event::Folded { seat })?;
            self.advance(cfg, seats, seat, ev)?;
        }
        Ok(())
    }

    /// After `seat` acted: the next player, or the end of the round or of the hand.
    fn advance(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        seat: SeatNo,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.one_left() {
            return self.end_round(cfg, seats, ev);
        }
        self.round.to_act = self.next_after(seat, |s| self.needs_to_act(s, seats));
        if self.round.to_act.is_none() {
            self.end_round(cfg, seats, ev)?;
        }
        Ok(())
    }

    /// R-BET-4: the round is over. Returns the uncalled part of the top bet (R-POT-2),
    /// then moves to the next street, the exchange, or the settlement.
    fn end_round(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.return_uncalled(seats, ev)?;
        // Everyone checked (nobody bet, and somebody could: not all are all-in).
        let unbet = self.round.bets == 0
            && self.round.level == Chips::ZERO
            && self.in_hand().any(|s| self.player(s).acted_at.is_some());
        self.round.to_act = None;
        push(
            ev,
            Event::RoundComplete {
                street: self.street,
            },
        )?;
        if self.one_left() {
            return self.settle(ev, false);
        }
        if cfg.game.has_board() && self.betting_over(seats) {
            // PD-SHOW: the hands are tabled before the rest of the board (draw tables
            // them at its showdown, after the exchange).
            self.table_all(cfg, ev)?;
        }
        if !cfg.game.has_board() && unbet {
            // R-DRAW-3, R-DRAW-6: everyone checked: redeal, the pot stays.
            return self.redeal(cfg, seats, ev);
        }
        let next = match (cfg.game.has_board(), self.street) {
            (true, Street::Preflop) => Street::Flop,
            (true, Street::Flop) => Street::Turn,
            (true, Street::Turn) => Street::River,
            (false, Street::Preflop) => Street::Draw,
            _ => return self.showdown(cfg, seats, ev),
        };
        self.begin_street(next);
        if cfg.game.has_board() {
            // PD-PREMATURE: a street after a premature card comes without a burn, and
            // the set-aside turn card goes back into the stub for the river.
            let burn = self.burnless != Some(next);
            if next == Street::River {
                if let Some(card) = self.set_aside.take() {
                    self.seen.remove(card);
                }
            }
            self.set_phase(Phase::Board {
                burn_due: burn && !cfg.automations.burns,
            });
            if burn && cfg.automations.burns {
                self.burns = self.burns.saturating_add(1);
                // PD-EXPOSED: the exposed card was this burn.
                self.exposed_burn = None;
            }
            Ok(())
        } else {
            self.set_phase(Phase::Exchange);
            Ok(())
        }
    }

    /// Resets the round for a new street (R-STREET-1).
    pub(crate) fn begin_street(&mut self, street: Street) {
        self.street = street;
        for p in self.players.iter_mut() {
            p.street = Chips::ZERO;
            p.acted_at = None;
            p.raises = 0;
        }
        self.round = Round {
            level: Chips::ZERO,
            increment: Chips::ZERO,
            full_level: Chips::ZERO,
            bets: 0,
            to_act: None,
            aggressor: None,
        };
        self.round.increment = self.min_increment();
    }

    /// R-POT-2: the uncalled part of the top bet goes back to its owner
    /// ([`uncalled_excess`]).
    fn return_uncalled(&mut self, seats: &mut Seats, ev: &mut Events) -> Result<(), RuleError> {
        let street = SeatNo::up_to(self.seat_count).map(|s| (s, self.player(s).street));
        if let Some((seat, excess)) = uncalled_excess(street) {
            let p = self.player_mut(seat);
            p.street -= excess;
            p.total -= excess;
            let stack = &mut seats[seat.index()].stack;
            *stack = stack.checked_add(excess).ok_or(RuleError::ChipOverflow)?;
            push(
                ev,
                Event::Returned {
                    seat,
                    amount: excess,
                },
            )?;
        }
        Ok(())
    }
}

/// R-POT-2 (and replay-schema rule 1): the uncalled part of a betting round. Of the
/// players' street contributions, each with its player, the one who put in the most
/// (the first such) and by how much he exceeds the second largest; `None` when the
/// largest is matched or nobody put anything in. A bet nobody called comes back whole.
/// The engine returns it at the end of every round; the host's checks against
/// PokerKit's hand histories take it from here too.
///
/// ```
/// use firmware::hand::uncalled_excess;
/// use firmware::Chips;
/// let street = |s: &[u64]| s.iter().copied().map(Chips::new).enumerate().collect::<Vec<_>>();
/// // E13: A bets 500, B calls all in for 300: 200 goes back to A.
/// assert_eq!(uncalled_excess(street(&[500, 300])), Some((0, Chips::new(200))));
/// // Blinds 5/10, everyone folds to the big blind: 5 goes back.
/// assert_eq!(uncalled_excess(street(&[5, 10, 0, 0])), Some((1, Chips::new(5))));
/// assert_eq!(uncalled_excess(street(&[10, 10, 0])), None);
/// ```
pub fn uncalled_excess<P: Copy>(
    street: impl IntoIterator<Item = (P, Chips)>,
) -> Option<(P, Chips)> {
    let mut top: Option<(P, Chips)> = None;
    let mut second: Chips = Chips::ZERO;
    for (p, c) in street {
        match top {
            Some((_, t)) if c > t => {
                second = t;
                top = Some((p, c));
            }
            Some(_) => second = second.max(c),
            None => top = Some((p, c)),
        }
    }
    let (p, t) = top?;
    (t > second).then(|| (p, t - second))
}
