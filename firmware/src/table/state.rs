//! The engine's state and one input's transition on it.

use super::{MixState, Positions};
use crate::config::{MAX_SEATS, MAX_TABLE_CHIPS};
use crate::error::RuleError;
use crate::event::{Event, Events, Input, Ruling, MAX_FLOOR_ID};
use crate::hand::betting::Options;
use crate::hand::{push, Hand, Phase};
use crate::rules::{Chips, SeatNo, ShowdownRule, TableConfig};
use crate::seat::{Presence, Seat, Seats};

/// Everything the engine knows: seats, positions, the hand in progress. `Copy`: the
/// table copies it before each input, in one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct State {
    /// Seats by number − 1.
    pub seats: Seats,
    /// The first button, if placed by hand (R-TABLE-3).
    pub first_button: Option<SeatNo>,
    /// Positions of the last hand dealt.
    pub last: Option<Positions>,
    /// Hands started at this table (misdeals do not count).
    pub hands: u32,
    /// The hand in progress, or the last one until the next starts.
    pub hand: Option<Hand>,
    /// Which game of a mixed table is being played (R-MIX-1).
    pub mix: MixState,
    /// The tournament level the table plays (PD-TOURN-LEVEL; 0: the level it was
    /// set up at).
    pub level: u16,
}

impl State {
    /// An empty table's state: no one seated, no hand played.
    pub(super) const EMPTY: State = State {
        seats: [Seat {
            presence: Presence::Empty,
            stack: Chips::ZERO,
            owes_small: false,
            owes_big: false,
            new_player: false,
            missed_orbits: 0,
            moved_in: false,
        }; MAX_SEATS],
        first_button: None,
        last: None,
        hands: 0,
        hand: None,
        mix: MixState {
            second: false,
            anchor: None,
            hands: 0,
        },
        level: 0,
    };

    pub(super) fn in_progress(&self) -> bool {
        self.hand
            .as_ref()
            .is_some_and(|h| h.phase != Phase::Settling || h.pot() > Chips::ZERO)
    }

    fn seat_index(&self, cfg: &TableConfig, seat: SeatNo) -> Result<usize, RuleError> {
        if seat.get() > cfg.max_players {
            return Err(RuleError::NoSuchSeat(seat));
        }
        Ok(seat.index())
    }

    fn occupied_index(&self, cfg: &TableConfig, seat: SeatNo) -> Result<usize, RuleError> {
        let i = self.seat_index(cfg, seat)?;
        if !self.seats[i].occupied() {
            return Err(RuleError::SeatEmpty(seat));
        }
        Ok(i)
    }

    /// Whether `more` chips may come to the table: with every stack (between hands
    /// all the chips are in the stacks) at most [`MAX_TABLE_CHIPS`], so every sum the
    /// settlement makes fits, and no log holds a table its recovery cannot settle.
    fn check_table_chips(&self, more: Chips) -> Result<(), RuleError> {
        let total = self
            .seats
            .iter()
            .try_fold(more.get(), |sum, s| sum.checked_add(s.stack.get()));
        match total {
            Some(t) if t <= MAX_TABLE_CHIPS => Ok(()),
            _ => Err(RuleError::TableChipLimit),
        }
    }

    /// Seats a player with `stack` between hands (a buy-in, or a move from another
    /// table).
    fn seat_player(
        &mut self,
        cfg: &TableConfig,
        seat: SeatNo,
        stack: Chips,
        wait_for_bb: bool,
    ) -> Result<(), RuleError> {
        self.between_hands()?;
        let i = self.seat_index(cfg, seat)?;
        if self.seats[i].occupied() {
            return Err(RuleError::SeatTaken(seat));
        }
        if stack == Chips::ZERO {
            return Err(RuleError::ZeroAmount);
        }
        self.check_table_chips(stack)?;
        self.seats[i] = Seat {
            presence: if wait_for_bb {
                Presence::WaitingForBb
            } else {
                Presence::Playing
            },
            stack,
            // R-MISS-5: a player who sits after the first hand is new.
            new_player: self.last.is_some(),
            ..Seat::default()
        };
        Ok(())
    }

    /// Empties `seat`, returning the chips its player takes. A player dealt into this
    /// hand leaves when it is over, folded or not: his chips are settled with the
    /// hand, and UNDO or a misdeal may yet bring him back into it.
    fn vacate(&mut self, cfg: &TableConfig, seat: SeatNo) -> Result<Chips, RuleError> {
        let i = self.occupied_index(cfg, seat)?;
        if self.in_progress() && self.hand.as_ref().is_some_and(|h| h.player(seat).dealt) {
            return Err(RuleError::PlayerInHand(seat));
        }
        let stack = self.seats[i].stack;
        self.seats[i] = Seat::default();
        Ok(stack)
    }

    fn between_hands(&self) -> Result<(), RuleError> {
        if self.in_progress() {
            Err(RuleError::HandInProgress)
        } else {
            Ok(())
        }
    }

    fn hand_mut(&mut self) -> Result<&mut Hand, RuleError> {
        if !self.in_progress() {
            return Err(RuleError::NoHand);
        }
        self.hand.as_mut().ok_or(RuleError::NoHand)
    }

    /// One input's transition (UNDO and MISDEAL excepted: see [`Table::step`]). Its
    /// events are added to `ev`, written in place: `Events` is a kilobyte, and an input
    /// is handled in a few hundred nanoseconds.
    pub(super) fn apply(
        &mut self,
        cfg: &TableConfig,
        input: Input,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.apply_offered(cfg, input, None, ev)
    }

    /// [`State::apply`], a betting action taken against `offered`, the options the
    /// table reckoned from this state just before (see [`Table::act_into`]).
    ///
    /// [`Table::act_into`]: crate::Table::act_into
    pub(super) fn apply_offered(
        &mut self,
        cfg: &TableConfig,
        input: Input,
        offered: Option<&Options>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        match input {
            Input::SitDown {
                seat,
                stack,
                wait_for_bb,
            } => {
                self.seat_player(cfg, seat, stack, wait_for_bb)?;
                push(ev, Event::Seated { seat, stack })?;
            }
            Input::TopUp { seat, amount } => {
                // R-TABLE-4: chips are added only between hands.
                self.between_hands()?;
                let i = self.occupied_index(cfg, seat)?;
                if amount == Chips::ZERO {
                    return Err(RuleError::ZeroAmount);
                }
                self.check_table_chips(amount)?;
                let s = &mut self.seats[i];
                s.stack = s.stack.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
                push(
                    ev,
                    Event::ToppedUp {
                        seat,
                        amount,
                        stack: s.stack,
                    },
                )?;
            }
            Input::Leave { seat } => {
                let stack = self.vacate(cfg, seat)?;
                push(ev, Event::Left { seat, stack })?;
            }
            Input::MoveOut { seat } => {
                let stack = self.vacate(cfg, seat)?;
                push(ev, Event::MovedOut { seat, stack })?;
            }
            Input::MoveIn { seat, stack } => {
                self.seat_player(cfg, seat, stack, false)?;
                let i = seat.index();
                if cfg.tournament {
                    // He owes nothing: his blinds were paid at his old table.
                    self.seats[i].new_player = false;
                    self.seats[i].moved_in = true;
                }
                push(ev, Event::MovedIn { seat, stack })?;
            }
            Input::ColorUp { seat, stack } => {
                self.between_hands()?;
                let i = self.occupied_index(cfg, seat)?;
                let before = self.seats[i].stack;
                if let Some(more) = stack.checked_sub(before) {
                    self.check_table_chips(more)?;
                }
                self.seats[i].stack = stack;
                push(
                    ev,
                    Event::ColoredUp {
                        seat,
                        before,
                        after: stack,
                    },
                )?;
            }
            Input::SitOut { seat } => {
                let i = self.occupied_index(cfg, seat)?;
                self.seats[i].presence = Presence::SittingOut;
                push(ev, Event::SatOut { seat })?;
            }
            Input::SitIn { seat, wait_for_bb } => {
                let i = self.occupied_index(cfg, seat)?;
                self.seats[i].presence = if wait_for_bb {
                    Presence::WaitingForBb
                } else {
                    Presence::Playing
                };
                push(ev, Event::SatIn { seat })?;
            }
            Input::PlaceButton { seat } => {
                self.between_hands()?;
                if self.last.is_some() {
                    return Err(RuleError::ButtonAlreadyPlaced);
                }
                self.occupied_index(cfg, seat)?;
                self.first_button = Some(seat);
                push(ev, Event::ButtonPlaced { seat })?;
            }
            Input::StartHand => {
                self.between_hands()?;
                self.start_hand(cfg, ev)?;
            }
            Input::Straddle { confirmed } => self.straddle(cfg, confirmed, ev)?,
            Input::Card(read) => {
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoCardExpected)?;
                if h.phase == Phase::Settling {
                    return Err(RuleError::NoCardExpected);
                }
                h.read(cfg, seats, read, ev)?;
            }
            Input::Rejoin { seat } => {
                self.seat_index(cfg, seat)?;
                if self.seats[seat.index()].presence != crate::table::Presence::Playing {
                    return Err(RuleError::CannotRejoin(seat));
                }
                self.hand_mut()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.rejoin(seats, seat, ev)?;
            }
            Input::Act(action) => {
                self.hand_mut()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.act(cfg, seats, action, offered, ev)?;
            }
            Input::Draw { count } => {
                self.hand_mut()?.ask_draw(count, ev)?;
            }
            Input::Discard(card) => {
                let h = self.hand_mut()?;
                h.discard(card, ev)?;
            }
            Input::StandPat => {
                self.hand_mut()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.stand_pat(cfg, seats, ev)?;
            }
            Input::Show { seat } => {
                self.seat_index(cfg, seat)?;
                self.hand_mut()?.show(seat, ev)?;
            }
            Input::Muck { seat } => {
                self.seat_index(cfg, seat)?;
                let h = self.hand_mut()?;
                if cfg.showdown == ShowdownRule::Tabled && h.phase == Phase::Settling {
                    // Every hand was tabled at the settlement: a muck takes one out.
                    let p = h.player(seat);
                    if !p.dealt || p.folded || h.live_count() <= 1 {
                        return Err(RuleError::NotEligible(seat));
                    }
                    let p = h.player_mut(seat);
                    p.folded = true;
                    p.mucked = true;
                    push(ev, Event::Mucked { seat })?;
                } else {
                    h.muck(seat, ev)?;
                }
            }
            Input::Award { seat, amount } => {
                self.seat_index(cfg, seat)?;
                self.showdown_decided()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.award(seats, seat, amount, ev)?;
                self.finish_if_paid(cfg, ev)?;
            }
            Input::Rake { amount } => {
                self.showdown_decided()?;
                let h = self.hand_mut()?;
                if h.phase != Phase::Settling {
                    return Err(RuleError::NotSettling);
                }
                h.pay_out(amount)?;
                push(ev, Event::Raked { amount })?;
                self.finish_if_paid(cfg, ev)?;
            }
            // A level changes the table's settings: the table's own (never in a hand).
            Input::SetLevel { .. } => return Err(RuleError::HandInProgress),
            // UNDO and MISDEAL are the table's: they need the hand's start and log.
            Input::Undo => return Err(RuleError::NothingToUndo),
            Input::Misdeal => return Err(RuleError::NoHand),
            Input::Ruling {
                ruling: Ruling::VoidHand,
                ..
            } => return Err(RuleError::NoHand),
            Input::Ruling {
                ruling: Ruling::Premature { card, burn },
                floor,
            } => {
                check_floor(floor)?;
                self.hand_mut()?.premature(cfg, (card, burn), floor, ev)?;
            }
            Input::Ruling {
                ruling: Ruling::Exposed { seat, card },
                floor,
            } => {
                check_floor(floor)?;
                self.seat_index(cfg, seat)?;
                self.hand_mut()?.expose(cfg, seat, card, floor, ev)?;
            }
            // The table has taken the card's read back (it holds the hand's inputs):
            // here the card is only marked dead.
            Input::Ruling {
                ruling: Ruling::Boxed { card },
                floor,
            } => {
                check_floor(floor)?;
                self.hand_mut()?.box_card(card, floor, ev)?;
            }
            Input::Ruling {
                ruling: Ruling::Manual { card },
                floor,
            } => {
                check_floor(floor)?;
                self.hand_mut()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.manual(cfg, seats, card, floor, ev)?;
            }
            Input::Ruling {
                ruling: Ruling::DeadHand { seat },
                floor,
            } => {
                check_floor(floor)?;
                self.seat_index(cfg, seat)?;
                self.hand_mut()?.dead_hand(cfg, seat, floor, ev)?;
            }
            Input::Ruling {
                ruling: Ruling::AwardOverride { seat },
                floor,
            } => {
                check_floor(floor)?;
                self.seat_index(cfg, seat)?;
                self.hand_mut()?.award_override(seat, floor, ev)?;
            }
            Input::Ruling {
                ruling: Ruling::StraddleAnnounced,
                floor,
            } => {
                check_floor(floor)?;
                let h = self.hand_mut()?;
                match h.straddle {
                    Some((seat, false)) if h.street == crate::event::Street::Preflop => {
                        h.straddle = Some((seat, true));
                        push(
                            ev,
                            Event::Ruled {
                                ruling: Ruling::StraddleAnnounced,
                                floor,
                            },
                        )?;
                        push(ev, Event::StraddleConfirmed { seat })?;
                    }
                    _ => return Err(RuleError::NoUnconfirmedStraddle),
                }
            }
        }
        if cfg.tournament && self.in_progress() {
            let seats = &mut self.seats;
            if let Some(h) = self.hand.as_mut() {
                h.kill_absent(cfg, seats, ev)?;
            }
        }
        Ok(())
    }

    /// The pot is paid only once every hand at the showdown is shown or mucked.
    fn showdown_decided(&mut self) -> Result<(), RuleError> {
        match self.hand_mut()?.next_to_show() {
            Some(next) => Err(RuleError::ShowdownOpen(next)),
            None => Ok(()),
        }
    }

    fn finish_if_paid(&mut self, cfg: &TableConfig, ev: &mut Events) -> Result<(), RuleError> {
        let Some(h) = self.hand.as_ref() else {
            return Ok(());
        };
        if h.phase != Phase::Settling || h.pot() != Chips::ZERO {
            return Ok(());
        }
        push(ev, Event::HandComplete { number: h.number })?;
        if cfg.tournament {
            // PD-TOURN-BUST: a seat dealt in with no chips left won nothing, so it
            // began the hand with what it put in (antes and dead blinds included,
            // uncalled chips returned already taken off).
            for s in SeatNo::up_to(cfg.max_players) {
                let p = h.player(s);
                if p.dealt && self.seats[s.index()].stack == Chips::ZERO {
                    let started_with =
                        p.total.checked_add(p.dead).ok_or(RuleError::ChipOverflow)?;
                    push(
                        ev,
                        Event::BustedOut {
                            seat: s,
                            started_with,
                        },
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Whether the floor may void the hand (PD-RFID): a hand in progress, nothing of
    /// its pot paid yet.
    pub(super) fn check_void(&self, floor: u16) -> Result<u32, RuleError> {
        check_floor(floor)?;
        let h = self
            .hand
            .as_ref()
            .filter(|_| self.in_progress())
            .ok_or(RuleError::NoHand)?;
        if h.awarded > Chips::ZERO {
            return Err(RuleError::VoidTooLate);
        }
        Ok(h.number)
    }

    /// Whether a misdeal may still be called (PD-MISDEAL): while dealing or in the
    /// preflop betting, before substantial action (two voluntary actions of which one
    /// put chips in, or three of any kind).
    pub(super) fn check_misdeal(&self) -> Result<u32, RuleError> {
        let h = self
            .hand
            .as_ref()
            .filter(|_| self.in_progress())
            .ok_or(RuleError::NoHand)?;
        let (count, chips) = h.voluntary;
        let substantial = count >= 3 || (count >= 2 && chips);
        let early = matches!(h.phase, Phase::Dealing | Phase::Betting)
            && h.street == crate::event::Street::Preflop;
        if substantial || !early {
            return Err(RuleError::MisdealTooLate);
        }
        Ok(h.number)
    }
}

/// A ruling names the floor person who made it: 1 to [`MAX_FLOOR_ID`].
fn check_floor(floor: u16) -> Result<(), RuleError> {
    if floor == 0 || floor > MAX_FLOOR_ID {
        return Err(RuleError::NoFloorNumber);
    }
    Ok(())
}
