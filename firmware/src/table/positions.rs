//! Where the button and blinds go next, who is dealt in, and who misses a blind
//! (PD-BTN, R-BTN-1, R-BLIND-1, R-HU-1, PD-MISS).

use super::State;
use crate::error::RuleError;
use crate::event::{Event, Events};
use crate::hand::push;
use crate::rules::{ButtonRule, Chips, SeatNo, ShortBlind, TableConfig};
use crate::seat::{Presence, Seat};

/// Where the button and blinds were in a hand: what the next hand's positions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Positions {
    /// The button's seat.
    pub button: SeatNo,
    /// The small blind's position, even when nobody posted it (dead button rule).
    pub small_blind: SeatNo,
    /// The big blind's seat.
    pub big_blind: SeatNo,
}

/// The plan for the next hand's positions and who is dealt in.
pub(super) struct Plan {
    /// Where the button and blinds are.
    pub(super) pos: Positions,
    /// The seat that posts the small blind, if any.
    pub(super) small_blind: Option<SeatNo>,
    /// Seats dealt in (bit `s` for seat `s`).
    pub(super) dealt: u16,
}

impl State {
    fn next_seat(cfg: &TableConfig, from: SeatNo, pred: impl Fn(SeatNo) -> bool) -> Option<SeatNo> {
        let n = cfg.max_players;
        (1..=n)
            .filter_map(|k| from.clockwise(k, n))
            .find(|&s| pred(s))
    }

    pub(super) fn seat_at(&self, s: SeatNo) -> &Seat {
        &self.seats[s.index()]
    }

    /// Seats strictly between `a` and `b`, clockwise.
    fn between(cfg: &TableConfig, a: SeatNo, b: SeatNo, s: SeatNo) -> bool {
        let n = cfg.max_players;
        let d = |x: SeatNo| x.steps_from(a, n);
        d(s) > 0 && d(s) < d(b)
    }

    /// Marks a missed blind on an absent player (R-MISS-1); a second orbit missed
    /// makes him post like a new player (R-MISS-3).
    fn miss_blind(
        &mut self,
        cfg: &TableConfig,
        s: SeatNo,
        big: bool,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let seat = &mut self.seats[s.index()];
        if big {
            seat.owes_big = true;
            seat.missed_orbits = seat.missed_orbits.saturating_add(1);
            if seat.missed_orbits >= cfg.missed_blind_reset_orbits {
                seat.new_player = true;
                seat.owes_big = false;
                seat.owes_small = false;
            }
        } else if !seat.new_player {
            seat.owes_small = true;
        }
        push(ev, Event::MissedBlind { seat: s, big })
    }

    /// Who may be dealt in at all: seated, playing (or waiting for the big blind), with
    /// chips; where the blind must be covered, more than the hand's big blind `big`
    /// (\[002\]).
    fn eligible(&self, cfg: &TableConfig, s: SeatNo, big: Chips) -> bool {
        let seat = self.seat_at(s);
        let needed = match cfg.short_blind {
            ShortBlind::AllIn => Chips::ZERO,
            ShortBlind::MustCover => big,
        };
        seat.stack > needed && (seat.plays(cfg) || seat.presence == Presence::WaitingForBb)
    }

    /// The big blind of the game being played (a mixed game's switch hand may change
    /// it: see `start_hand`).
    pub(super) fn current_big_blind(&self, cfg: &TableConfig) -> Chips {
        match cfg.mixed {
            Some(m) if self.mix.second => m.stakes.big_blind,
            _ => cfg.stakes.big_blind,
        }
    }

    /// PD-BTN, R-BTN-1, R-BLIND-1, R-HU-1, R-MISS-4, R-MISS-5: the next hand's button,
    /// blinds and players, for a hand whose big blind is `big`.
    pub(super) fn plan(
        &mut self,
        cfg: &TableConfig,
        ev: &mut Events,
        big: Chips,
    ) -> Result<Plan, RuleError> {
        let playing = |st: &State, s: SeatNo| st.eligible(cfg, s, big) && st.seat_at(s).plays(cfg);
        // Seats the button jumps over this hand (a heads-up table going on past a new
        // player): one who owes waits until it has passed him (R-MISS-5).
        let mut jumped: Option<(SeatNo, SeatNo)> = None;
        let (mut pos, mut small_blind) = match (self.last, cfg.button_rule) {
            (None, _) => {
                // R-TABLE-3: the first button goes to the first player left of the
                // dealer, unless the floor placed it.
                let button = match self.first_button.filter(|&s| playing(self, s)) {
                    Some(b) => b,
                    None => SeatNo::new(cfg.max_players)
                        .and_then(|last| Self::next_seat(cfg, last, |s| playing(self, s)))
                        .ok_or(RuleError::NotEnoughPlayers)?,
                };
                // On the first hand everybody is dealt in and owes nothing.
                for s in SeatNo::up_to(cfg.max_players) {
                    let seat = &mut self.seats[s.index()];
                    seat.new_player = false;
                    seat.owes_big = false;
                    seat.owes_small = false;
                    if seat.presence == Presence::WaitingForBb {
                        seat.presence = Presence::Playing;
                    }
                }
                let sb = Self::next_seat(cfg, button, |s| playing(self, s))
                    .ok_or(RuleError::NotEnoughPlayers)?;
                let bb = Self::next_seat(cfg, sb, |s| playing(self, s))
                    .ok_or(RuleError::NotEnoughPlayers)?;
                (
                    Positions {
                        button,
                        small_blind: sb,
                        big_blind: bb,
                    },
                    Some(sb),
                )
            }
            (Some(last), ButtonRule::DeadButton) => {
                // (1) The big blind goes to the next player after last hand's big blind
                // who is playing or waiting for it; absent players it passes miss it.
                let mut s = last.big_blind;
                let bb = loop {
                    s = s
                        .clockwise(1, cfg.max_players)
                        .ok_or(RuleError::NotEnoughPlayers)?;
                    if self.eligible(cfg, s, big) {
                        break s;
                    }
                    if self.seat_at(s).absent(cfg, big) {
                        self.miss_blind(cfg, s, true, ev)?;
                    }
                    if s == last.big_blind {
                        return Err(RuleError::NotEnoughPlayers);
                    }
                };
                // (2) The small blind is last hand's big-blind seat, if its player
                // plays; (3) the button is last hand's small-blind seat.
                let sb_seat = last.big_blind;
                // Last hand was heads-up (its button posted the small blind) and the
                // big blind came back to that button: heads-up goes on (R-HU-1), the
                // button moving to last hand's big blind, past any seat between.
                let button = if last.small_blind == last.button && bb == last.button {
                    jumped = Some((last.button, sb_seat));
                    sb_seat
                } else {
                    last.small_blind
                };
                let sb = self.seat_at(sb_seat);
                let small_blind = if sb.plays(cfg) && sb.stack > Chips::ZERO {
                    Some(sb_seat)
                } else {
                    if sb.absent(cfg, big) && sb_seat != bb {
                        self.miss_blind(cfg, sb_seat, false, ev)?;
                    }
                    None
                };
                (
                    Positions {
                        button,
                        small_blind: sb_seat,
                        big_blind: bb,
                    },
                    small_blind,
                )
            }
            (Some(last), ButtonRule::MovingButton) => {
                // The button moves to the next player who owes nothing (a new player
                // does not take the button), or else to the next player.
                let button = Self::next_seat(cfg, last.button, |s| {
                    playing(self, s) && !self.seat_at(s).owes()
                })
                .or_else(|| Self::next_seat(cfg, last.button, |s| playing(self, s)))
                .ok_or(RuleError::NotEnoughPlayers)?;
                let sb = Self::next_seat(cfg, button, |s| playing(self, s))
                    .ok_or(RuleError::NotEnoughPlayers)?;
                let bb = Self::next_seat(cfg, sb, |s| self.eligible(cfg, s, big))
                    .ok_or(RuleError::NotEnoughPlayers)?;
                for s in SeatNo::up_to(cfg.max_players) {
                    if self.seat_at(s).absent(cfg, big) {
                        if Self::between(cfg, last.big_blind, bb, s) || s == bb {
                            self.miss_blind(cfg, s, true, ev)?;
                        } else if Self::between(cfg, last.small_blind, sb, s) {
                            self.miss_blind(cfg, s, false, ev)?;
                        }
                    }
                }
                (
                    Positions {
                        button,
                        small_blind: sb,
                        big_blind: bb,
                    },
                    Some(sb),
                )
            }
        };
        // Who is dealt in: players who owe nothing; the big blind; and players who owe
        // and post, unless seated between the button and the blinds (R-MISS-5, PD-BTN
        // (4)). The vacated small-blind seat's new player may post (R-MISS-4).
        let mut dealt: u16 = 0;
        for s in SeatNo::up_to(cfg.max_players) {
            if !self.eligible(cfg, s, big) {
                continue;
            }
            let seat = self.seat_at(s);
            let is_bb = s == pos.big_blind;
            let ok = if is_bb {
                true
            } else if seat.presence == Presence::WaitingForBb {
                false
            } else if seat.moved_in && self.last.is_some() {
                // PD-TOURN-MOVE (TDA 2024 Rule 9): a moved player is dealt in at any
                // position but between the small blind and the button.
                !Self::between(cfg, pos.button, pos.small_blind, s)
            } else if seat.owes() && self.last.is_some() {
                let passed_over = jumped.is_some_and(|(from, to)| Self::between(cfg, from, to, s));
                !passed_over
                    && (s == pos.small_blind || !Self::between(cfg, pos.button, pos.big_blind, s))
            } else {
                true
            };
            if ok {
                dealt |= 1 << s.get();
            }
        }
        if dealt.count_ones() < 2 {
            return Err(RuleError::NotEnoughPlayers);
        }
        if dealt.count_ones() == 2 {
            // R-HU-1: heads-up, the button posts the small blind, the other the big.
            // Under the dead button the big blind's advance decides (so nobody posts
            // it twice in a row, PD-BTN); otherwise the button stays where it moved.
            let keep_button = self.last.is_none() || cfg.button_rule == ButtonRule::MovingButton;
            let anchor = if keep_button {
                pos.button
            } else {
                pos.big_blind
            };
            let other = SeatNo::up_to(cfg.max_players)
                .find(|&s| dealt & (1 << s.get()) != 0 && s != anchor)
                .ok_or(RuleError::NotEnoughPlayers)?;
            let (mut button, mut bb) = if keep_button {
                (anchor, other)
            } else {
                (other, anchor)
            };
            // PD-BTN: when play becomes heads-up, nobody posts the big blind twice in
            // a row (the moving button can bring it back to last hand's big blind).
            if self.last.is_some_and(|l| l.big_blind == bb) {
                core::mem::swap(&mut button, &mut bb);
            }
            pos = Positions {
                button,
                small_blind: button,
                big_blind: bb,
            };
            small_blind = Some(button);
        }
        Ok(Plan {
            pos,
            small_blind,
            dealt,
        })
    }
}
