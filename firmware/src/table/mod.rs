//! The table across hands: seats and stacks, the button and blinds, the straddle,
//! missed blinds and new players, and the input log that makes UNDO and replay exact.
//!
//! Before working on this module, read RULES.md §4–§7 and PD-BTN, PD-MISS, PD-MISDEAL.
//!
//! [`Table`] (this file) keeps the settings, the state and the hand's input log, and
//! owns UNDO, MISDEAL and replay. The state's transitions are split by concern:
//! `state.rs` takes one input, `positions.rs` plans the next hand's button, blinds
//! and players, `posts.rs` puts in the antes, blinds and straddle, and `mix.rs`
//! switches the games of a mixed table. The seats themselves are [`crate::seat`]'s.

mod mix;
mod positions;
mod posts;
mod state;
#[cfg(test)]
mod tests;

pub use crate::seat::{Presence, Seat};
pub use mix::MixState;
pub use positions::Positions;
pub use posts::{big_blind_ante, straddle_size};
pub use state::State;

use crate::card::Card;
use crate::config::MAX_INPUTS_PER_HAND;
use crate::error::RuleError;
use crate::event::{Action, Event, Events, Input, Read, Ruling};
use crate::hand::betting::{Options, Resolved};
use crate::hand::{push, Hand, Phase};
use crate::rules::{Chips, ConfigError, SeatNo, Stakes, TableConfig};

/// The table: settings, state, and the inputs of the current hand.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Table {
    cfg: TableConfig,
    state: State,
    /// The state before the current hand's first input.
    start: State,
    /// The current hand's accepted inputs, from NEXT HAND on (undone ones removed).
    log: heapless::Vec<Input, MAX_INPUTS_PER_HAND>,
}

impl Table {
    /// An empty table with these settings.
    pub fn new(cfg: TableConfig) -> Result<Table, ConfigError> {
        cfg.validate()?;
        Ok(Table {
            cfg,
            start: State::EMPTY,
            state: State::EMPTY,
            log: heapless::Vec::new(),
        })
    }

    /// Makes this table what [`Table::new`] gives for `cfg`, in place: a table is
    /// several kilobytes, and a caller that replays thousands of hands a second keeps
    /// one rather than building and moving a new one for each. On error nothing
    /// changes.
    pub fn reset(&mut self, cfg: TableConfig) -> Result<(), ConfigError> {
        cfg.validate()?;
        self.cfg = cfg;
        self.state = State::EMPTY;
        self.start = State::EMPTY;
        self.log.clear();
        Ok(())
    }

    /// The settings.
    pub fn config(&self) -> &TableConfig {
        &self.cfg
    }

    /// The engine's state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The seat `seat` (1-based), if it exists at this table.
    pub fn seat(&self, seat: SeatNo) -> Option<&Seat> {
        self.state
            .seats
            .get(seat.index())
            .filter(|_| seat.get() <= self.cfg.max_players)
    }

    /// The hand in progress (or just finished).
    pub fn hand(&self) -> Option<&Hand> {
        self.state.hand.as_ref()
    }

    /// Whether a hand is in progress (dealt and not yet fully paid).
    pub fn in_hand(&self) -> bool {
        self.state.in_progress()
    }

    /// The inputs of the current hand, from NEXT HAND on.
    pub fn hand_inputs(&self) -> &[Input] {
        &self.log
    }

    /// What the player to act may do, if anyone is to act.
    pub fn options(&self) -> Option<Options> {
        let h = self
            .state
            .hand
            .as_ref()
            .filter(|h| h.phase == Phase::Betting)?;
        h.options(&self.cfg, &self.state.seats)
    }

    /// How the engine would take `action` from the player to act, without taking it.
    pub fn check(&self, action: Action) -> Result<Resolved, RuleError> {
        let h = self.state.hand.as_ref().ok_or(RuleError::NoHand)?;
        h.resolve(&self.cfg, &self.state.seats, action)
            .map(|(r, _)| r)
    }

    /// Chips on the table and in the pot: conserved by every input but buy-ins,
    /// top-ups, departures and rake.
    pub fn chips_in_play(&self) -> Chips {
        let stacks = self
            .state
            .seats
            .iter()
            .fold(Chips::ZERO, |a, s| a.saturating_add(s.stack));
        let pot = self
            .state
            .hand
            .as_ref()
            .filter(|_| self.in_hand())
            .map_or(Chips::ZERO, Hand::pot);
        stacks.saturating_add(pot)
    }

    /// Handles one input. On error nothing changes; on success the events say what
    /// happened.
    pub fn handle(&mut self, input: Input) -> Result<Events, RuleError> {
        let mut ev = Events::new();
        self.handle_into(input, &mut ev)?;
        Ok(ev)
    }

    /// [`Table::handle`] with the events written into `ev` (emptied first) instead of
    /// returned: `Events` is a kilobyte, and a caller that handles inputs by the
    /// million (a hand-history replay) keeps one and copies none. On error nothing
    /// changes but `ev`.
    pub fn handle_into(&mut self, input: Input, ev: &mut Events) -> Result<(), RuleError> {
        self.handle_offered(input, None, ev)
    }

    /// The betting `action` of the player to act, taken as [`Table::handle_into`] takes
    /// `Input::Act(action)`, and the options he had ([`Table::options`] just before):
    /// for a caller that records each decision beside what was offered (a hand-history
    /// replay), with the options reckoned once, not once to record and again to check.
    /// On error nothing changes but `ev`.
    pub fn act_into(&mut self, action: Action, ev: &mut Events) -> Result<Options, RuleError> {
        let Some(offered) = self.options() else {
            // No one may act: the engine's refusal says why.
            self.handle_into(Input::Act(action), ev)?;
            return Err(RuleError::NotBetting);
        };
        self.handle_offered(Input::Act(action), Some(&offered), ev)?;
        Ok(offered)
    }

    /// [`Table::handle_into`], a betting action taken against `offered` when the
    /// caller reckoned the options from this very state ([`Table::act_into`]).
    fn handle_offered(
        &mut self,
        input: Input,
        offered: Option<&Options>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        ev.clear();
        match input {
            Input::Undo => return self.undo(ev),
            Input::SetLevel {
                level,
                small_blind,
                big_blind,
                ante,
            } => {
                let ante = Chips::new(u64::from(ante));
                return self.set_level(level, (small_blind, big_blind, ante), ev);
            }
            Input::Ruling {
                ruling: Ruling::Boxed { card },
                ..
            } => return self.boxed(card, input, ev),
            Input::StartHand => {
                let mut next = self.state;
                next.apply(&self.cfg, input, ev)?;
                self.start = core::mem::replace(&mut self.state, next);
                self.log.clear();
                self.log.push(input).map_err(|_| RuleError::HandLogFull)?;
            }
            _ => {
                let logged = self.in_hand();
                if logged && self.log.is_full() {
                    return Err(RuleError::HandLogFull);
                }
                // The input changes the state in place, and a refused one is taken
                // back. Between hands from a copy taken before. In a hand the state is
                // exactly what its start and accepted inputs rebuild (what UNDO and
                // crash recovery rest on), so a refusal rebuilds it and no copy is
                // taken: a kilobyte saved on each of a hand's dozens of inputs, paid
                // for only by a refused one.
                // Between hands, an input that checks everything before it changes
                // anything ([`checks_first`]) needs no copy either: a replay seats
                // its players and places the button every hand.
                // Not `then_some`: its argument, the copy, would be taken either way.
                let before = if logged || checks_first(&input) {
                    None
                } else {
                    Some(self.state)
                };
                let stepped = Self::step(
                    &self.cfg,
                    &self.start,
                    &mut self.state,
                    (input, offered),
                    &self.log,
                    ev,
                );
                if let Err(e) = stepped {
                    if logged {
                        // Cannot fail: each of these inputs was taken from the same
                        // state before, and a step depends on nothing else.
                        self.state = Self::rebuild(&self.cfg, &self.start, &self.log)?;
                    } else if let Some(before) = before {
                        self.state = before;
                    }
                    return Err(e);
                }
                if logged && deals_again(&input) {
                    // The voided deal's inputs are gone from the table (the cards are
                    // collected): keep only what the misdeal re-applies, so repeated
                    // misdeals never fill the hand's record. The host's log keeps all.
                    let kept = self.log.iter().filter(|i| survives_misdeal(i));
                    let mut log = heapless::Vec::new();
                    for i in kept {
                        let _ = log.push(*i);
                    }
                    self.log = log;
                }
                if logged {
                    // Cannot fail: fullness was checked above.
                    let _ = self.log.push(input);
                }
                if ev.iter().any(|e| matches!(e, Event::Redeal { .. })) {
                    // A redeal (R-DRAW-3, R-DRAW-6) collects the cards: the new deal is
                    // the point UNDO and MISDEAL go back to.
                    self.log.clear();
                    self.start = self.state;
                }
                if !self.in_hand() && logged {
                    // The hand is paid: its inputs are closed to UNDO.
                    self.log.clear();
                    self.start = self.state;
                }
            }
        }
        Ok(())
    }

    /// PD-TOURN-LEVEL ([`Input::SetLevel`]): the stakes of the next hands, between
    /// hands only. The settings must stay playable (a small blind above the big is
    /// refused); on error nothing changes.
    fn set_level(
        &mut self,
        level: u16,
        (small_blind, big_blind, ante): (Chips, Chips, Chips),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.in_hand() {
            return Err(RuleError::HandInProgress);
        }
        let mut cfg = self.cfg;
        cfg.stakes = Stakes {
            ante,
            ante_mode: self.cfg.stakes.ante_mode,
            ..Stakes::blinds(small_blind, big_blind)
        };
        cfg.validate().map_err(RuleError::Config)?;
        push(
            ev,
            Event::LevelChanged {
                from: self.state.level,
                to: level,
                small_blind,
                big_blind,
                ante,
            },
        )?;
        self.cfg = cfg;
        self.state.level = level;
        self.start.level = level;
        Ok(())
    }

    /// UNDO: the state is rebuilt from the hand's start without the last input, and the
    /// correction is reported (never a silent deletion: the host logs the UNDO input).
    fn undo(&mut self, ev: &mut Events) -> Result<(), RuleError> {
        if self.log.is_empty() {
            return Err(RuleError::NothingToUndo);
        }
        if let Some(Input::Ruling {
            ruling: Ruling::Boxed { card },
            ..
        }) = self.log.last()
        {
            // Its read is gone from the hand's inputs: the card stays dead.
            return Err(RuleError::BoxedStands(*card));
        }
        let keep = self.log.len() - 1;
        let rebuilt = Self::rebuild(&self.cfg, &self.start, &self.log[..keep])?;
        self.state = rebuilt;
        self.log.truncate(keep);
        push(ev, Event::Undone)
    }

    /// A boxed card (the floor's ruling `input`): the hand is rebuilt without the read
    /// of `card`, which must be its last input, and the card is then marked dead. The
    /// read leaves the hand's inputs (its place takes the next card); the ruling
    /// stays, so that replaying the inputs rebuilds the same hand.
    fn boxed(&mut self, card: Card, input: Input, ev: &mut Events) -> Result<(), RuleError> {
        let read = matches!(
            self.log.last(),
            Some(Input::Card(Read { card: Some(c), burn: false })) if *c == card
        );
        let keep = self.log.len().saturating_sub(1);
        if !read || !self.in_hand() {
            return Err(RuleError::NotBoxable(card));
        }
        let mut rebuilt = Self::rebuild(&self.cfg, &self.start, &self.log[..keep])?;
        rebuilt.apply(&self.cfg, input, ev)?;
        self.state = rebuilt;
        self.log.truncate(keep);
        // Cannot fail: one input was just taken out.
        let _ = self.log.push(input);
        Ok(())
    }

    /// Replays `inputs` on `start`: exactly the state the live table reached.
    fn rebuild(cfg: &TableConfig, start: &State, inputs: &[Input]) -> Result<State, RuleError> {
        let mut state = *start;
        let mut ev = Events::new();
        for (i, input) in inputs.iter().enumerate() {
            ev.clear();
            Self::step(
                cfg,
                start,
                &mut state,
                (*input, None),
                &inputs[..i],
                &mut ev,
            )?;
        }
        Ok(state)
    }

    /// One input's transition, given the hand's start and its earlier inputs.
    ///
    /// MISDEAL (PD-MISDEAL) restarts the deal: the state goes back to the hand's start
    /// (or to the last redeal of draw), NEXT HAND is taken again (same button, same
    /// posts) and a straddle posted before the deal is posted again, keeping its
    /// confirmation.
    #[inline]
    fn step(
        cfg: &TableConfig,
        start: &State,
        state: &mut State,
        (input, offered): (Input, Option<&Options>),
        earlier: &[Input],
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if !deals_again(&input) {
            return state.apply_offered(cfg, input, offered, ev);
        }
        Self::misdeal(cfg, start, state, input, earlier, ev)
    }

    /// MISDEAL's transition ([`Table::step`]), on its own: its spare state and events
    /// (two kilobytes) stay out of every other input's path.
    #[inline(never)]
    fn misdeal(
        cfg: &TableConfig,
        start: &State,
        state: &mut State,
        input: Input,
        earlier: &[Input],
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let ruling = match input {
            Input::Ruling { ruling, floor } => Some((ruling, floor)),
            _ => None,
        };
        let number = match ruling {
            Some((_, floor)) => state.check_void(floor)?,
            None => state.check_misdeal()?,
        };
        let mut again = *start;
        // The repeated inputs' events are not reported again.
        let mut repeated = Events::new();
        for input in earlier.iter().filter(|i| survives_misdeal(i)) {
            repeated.clear();
            if *input == Input::StartHand {
                again.apply(cfg, *input, &mut repeated)?;
            } else {
                // A repeat may fail (a straddle already confirmed): it stands anyway.
                let _ = again.apply(cfg, *input, &mut repeated);
            }
        }
        *state = again;
        if let Some((ruling, floor)) = ruling {
            push(ev, Event::Ruled { ruling, floor })?;
        }
        push(ev, Event::Misdealt { number })
    }

    /// Rebuilds a table from its settings, a state between hands, and every input
    /// accepted since (UNDO inputs included): what crash recovery does with the log.
    pub fn replay(cfg: TableConfig, start: State, inputs: &[Input]) -> Result<Table, RuleError> {
        let mut t = Table::new(cfg).map_err(RuleError::Config)?;
        t.state = start;
        t.start = start;
        for input in inputs {
            t.handle(*input)?;
        }
        Ok(t)
    }
}

/// The inputs a misdeal keeps (PD-MISDEAL): NEXT HAND with its posts, the straddle,
/// and seat changes of players not in the hand. Cards and actions are voided. A reader
/// of the log need not apply it again: after each input, [`Table::hand_inputs`] holds
/// what the engine kept.
pub fn survives_misdeal(input: &Input) -> bool {
    matches!(
        input,
        Input::StartHand
            | Input::Straddle { .. }
            | Input::Ruling {
                ruling: Ruling::StraddleAnnounced,
                ..
            }
            | Input::Leave { .. }
            | Input::MoveOut { .. }
            | Input::SitOut { .. }
            | Input::SitIn { .. }
    )
}

/// Inputs between hands whose transition checks everything before it changes the
/// state, and then changes it and reports one event (which an emptied event buffer
/// always takes): refused, they leave the state as it was, so no copy is taken
/// before them ([`Table::handle_into`]). A test refuses each in every way.
fn checks_first(input: &Input) -> bool {
    matches!(input, Input::SitDown { .. } | Input::PlaceButton { .. })
}

/// Whether `input` collects the cards and deals the hand again: MISDEAL, and the
/// floor's ruling that the hand is void (PD-RFID), which returns every bet the same
/// way. `matches!` rather than `==`: no field-by-field comparison per input.
fn deals_again(input: &Input) -> bool {
    matches!(
        input,
        Input::Misdeal
            | Input::Ruling {
                ruling: Ruling::VoidHand,
                ..
            }
    )
}
