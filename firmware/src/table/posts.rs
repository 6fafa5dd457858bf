//! Chips put in before the cards: NEXT HAND's antes, blinds and make-up posts, and
//! the straddle (RULES.md §5, §7; R-STRAD-1..5).

use super::State;
use crate::error::RuleError;
use crate::event::{Event, Events, Post};
use crate::hand::{push, Hand, Phase};
use crate::rules::{AnteMode, Chips, SeatNo, StraddleMinRaise, TableConfig};
use crate::seat::Presence;

/// R-STRAD-2: the straddle is exactly twice the big blind. The one place the size is
/// computed: the engine posts it, the host's replay checks a hand history's straddle
/// against it and the PHH export names it.
///
/// ```
/// use firmware::{straddle_size, Chips, RuleError};
/// assert_eq!(straddle_size(Chips::new(10)), Ok(Chips::new(20)));
/// assert_eq!(straddle_size(Chips::MAX), Err(RuleError::ChipOverflow));
/// ```
pub fn straddle_size(big_blind: Chips) -> Result<Chips, RuleError> {
    big_blind.checked_mul(2).ok_or(RuleError::ChipOverflow)
}

/// PD-TOURN-BBA: what the big blind posts of the table's ante when he has `stack`:
/// the blind takes priority, so the ante is what is left after the blind, up to the
/// ante (TDA rules, 2024 edition, on the big-blind ante). A big blind all-in for the
/// blind or less posts no ante. Per-player antes come out of the stack first, as
/// before (R-ANTE-1).
///
/// ```
/// use firmware::{big_blind_ante, Chips};
/// let c = Chips::new;
/// assert_eq!(big_blind_ante(c(200), c(200), c(1000)), c(200));
/// assert_eq!(big_blind_ante(c(200), c(200), c(300)), c(100), "short: blind first");
/// assert_eq!(big_blind_ante(c(200), c(200), c(150)), c(0), "all-in for the blind");
/// ```
pub fn big_blind_ante(ante: Chips, big_blind: Chips, stack: Chips) -> Chips {
    ante.min(stack.saturating_sub(big_blind))
}

impl State {
    /// NEXT HAND: positions, antes, blinds and make-up posts (RULES.md §5, §7).
    pub(super) fn start_hand(
        &mut self,
        cfg: &TableConfig,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let number = self.hands.checked_add(1).ok_or(RuleError::ChipOverflow)?;
        let big = self.current_big_blind(cfg);
        let (seats, mark) = (self.seats, ev.len());
        let mut plan = self.plan(cfg, ev, big)?;
        let mut mix = self.mix;
        let mut game = mix.next_game(cfg, self.last, plan.pos.button);
        if game.1.big_blind != big {
            // R-MIX-1, PD-SHORTBLIND: on the hand a mixed game switches, who can cover
            // the blind is judged by the new game's big blind: plan again with it.
            self.seats = seats;
            ev.truncate(mark);
            plan = self.plan(cfg, ev, game.1.big_blind)?;
            mix = self.mix;
            game = mix.next_game(cfg, self.last, plan.pos.button);
        }
        self.mix = mix;
        let mut h = Hand::new(
            number,
            cfg.max_players,
            game,
            plan.pos.button,
            plan.pos.big_blind,
        );
        for s in SeatNo::up_to(cfg.max_players) {
            h.player_mut(s).dealt = plan.dealt & (1 << s.get()) != 0;
        }
        let sb = plan
            .small_blind
            .filter(|&s| plan.dealt & (1 << s.get()) != 0);
        let heads_up = plan.dealt.count_ones() == 2;
        push(
            ev,
            Event::HandStarted {
                number,
                button: plan.pos.button,
                small_blind: sb,
                big_blind: plan.pos.big_blind,
                dealt: plan.dealt,
            },
        )?;
        let stakes = h.stakes;
        // R-ANTE-1: antes are dead money, posted before the deal.
        if stakes.ante > Chips::ZERO {
            for s in SeatNo::up_to(cfg.max_players) {
                let ante = match stakes.ante_mode {
                    AnteMode::PerPlayer if h.player(s).dealt => stakes.ante,
                    AnteMode::BigBlind if s == plan.pos.big_blind => {
                        big_blind_ante(stakes.ante, stakes.big_blind, self.seat_at(s).stack)
                    }
                    _ => Chips::ZERO,
                };
                if ante > Chips::ZERO {
                    self.post(&mut h, s, ante, Post::Ante, ev)?;
                }
            }
        }
        h.begin_street(crate::event::Street::Preflop);
        if stakes.big_blind > Chips::ZERO {
            // R-BLIND-1; PD-SHORTBLIND: a short blind posts all-in, the level stays.
            h.small_blind = None;
            if let Some(s) = sb {
                let seat = self.seat_at(s);
                if seat.new_player && !heads_up {
                    // R-MISS-4, PD-MISS: the new player in the small-blind seat posts a
                    // live big blind, which replaces the small blind.
                    self.post(&mut h, s, stakes.big_blind, Post::EnterBigBlind, ev)?;
                } else if stakes.small_blind > Chips::ZERO {
                    self.post(&mut h, s, stakes.small_blind, Post::SmallBlind, ev)?;
                    h.small_blind = Some(s);
                }
            }
            self.post(
                &mut h,
                plan.pos.big_blind,
                stakes.big_blind,
                Post::BigBlind,
                ev,
            )?;
            // R-MISS-2, PD-MISS, R-MISS-5: make-up and entry posts. Heads-up both
            // players post a blind anyway (R-HU-1): nothing more is owed.
            for s in SeatNo::up_to(cfg.max_players) {
                if heads_up || !h.player(s).dealt || Some(s) == sb {
                    continue;
                }
                let seat = *self.seat_at(s);
                if s != plan.pos.big_blind && (seat.new_player || seat.owes_big) {
                    self.post(&mut h, s, stakes.big_blind, Post::EnterBigBlind, ev)?;
                }
                if seat.owes_small && !seat.new_player && stakes.small_blind > Chips::ZERO {
                    self.post(&mut h, s, stakes.small_blind, Post::DeadSmallBlind, ev)?;
                }
            }
            h.round.level = stakes.big_blind;
            if h.blind_is_bet(cfg) {
                h.round.bets = 1;
            }
            h.round.full_level = stakes.big_blind;
        }
        // Everyone dealt in is square with the table now.
        for s in SeatNo::up_to(cfg.max_players) {
            if h.player(s).dealt {
                let seat = &mut self.seats[s.index()];
                seat.new_player = false;
                seat.owes_big = false;
                seat.owes_small = false;
                seat.missed_orbits = 0;
                seat.moved_in = false;
                // A tournament's absent player stays away (PD-TOURN): only one waiting
                // for the big blind is now playing.
                if seat.presence == Presence::WaitingForBb {
                    seat.presence = Presence::Playing;
                }
            }
        }
        self.hands = number;
        self.last = Some(plan.pos);
        self.hand = Some(h);
        Ok(())
    }

    /// A post of `amount`, or of his whole stack if that is less. Antes and a made-up
    /// small blind are dead: in the pot, not part of the player's bet (R-ANTE-1,
    /// R-MISS-2). Every other post is live: it counts as his bet this round.
    fn post(
        &mut self,
        h: &mut Hand,
        s: SeatNo,
        amount: Chips,
        post: Post,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let amount = amount.min(self.seat_at(s).stack);
        let all_in = match post {
            Post::Ante | Post::DeadSmallBlind => {
                let seat = &mut self.seats[s.index()];
                seat.stack -= amount;
                let p = h.player_mut(s);
                p.dead = p.dead.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
                seat.stack == Chips::ZERO
            }
            _ => h.take_chips(&mut self.seats, s, amount)?,
        };
        push(
            ev,
            Event::Posted {
                seat: s,
                post,
                amount,
                all_in,
            },
        )
    }

    /// R-STRAD-1..5, PD-STRAD: the player left of the big blind straddles 2×BB before
    /// the first hole card; pressing again with `confirmed` confirms it.
    pub(super) fn straddle(
        &mut self,
        cfg: &TableConfig,
        confirmed: bool,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let h = self
            .hand
            .as_mut()
            .filter(|h| h.phase != Phase::Settling)
            .ok_or(RuleError::NoHand)?;
        if h.phase != Phase::Dealing
            || h.hole_dealt > 0
            || h.street != crate::event::Street::Preflop
        {
            return Err(RuleError::StraddleTooLate);
        }
        if let Some((s, was_confirmed)) = h.straddle {
            if confirmed && !was_confirmed {
                h.straddle = Some((s, true));
                return push(ev, Event::StraddleConfirmed { seat: s });
            }
            return Err(RuleError::StraddleAlreadyPosted);
        }
        if !cfg.straddle_allowed || h.live_count() < 3 || h.stakes.big_blind == Chips::ZERO {
            return Err(RuleError::StraddleNotAllowed);
        }
        let bb = h.big_blind;
        let s = h
            .next_after(bb, |s| h.player(s).dealt)
            .ok_or(RuleError::StraddleNotAllowed)?;
        let amount = straddle_size(h.stakes.big_blind)?;
        // A player who already posted an entry blind adds the difference.
        let own = h.player(s).street;
        let add = amount.saturating_sub(own);
        if self.seats[s.index()].stack <= add {
            return Err(RuleError::StraddleShort(s));
        }
        h.take_chips(&mut self.seats, s, add)?;
        h.straddle = Some((s, confirmed));
        h.round.level = amount;
        h.round.full_level = amount;
        if cfg.straddle_min_raise == StraddleMinRaise::Straddle {
            h.round.increment = amount;
        }
        if h.blind_is_bet(cfg) {
            h.round.bets = h.round.bets.saturating_add(1);
        }
        push(
            ev,
            Event::Posted {
                seat: s,
                post: Post::Straddle,
                amount,
                all_in: false,
            },
        )?;
        if confirmed {
            push(ev, Event::StraddleConfirmed { seat: s })?;
        }
        Ok(())
    }
}
