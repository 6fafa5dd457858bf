//! The table across hands: seats and stacks, the button and blinds, the straddle,
//! missed blinds and new players, and the input log that makes UNDO and replay exact.
//!
//! Before working on this file, read RULES.md §4–§7 and PD-BTN, PD-MISS, PD-MISDEAL.

use crate::betting::{Options, Resolved};
use crate::config::{MAX_INPUTS_PER_HAND, MAX_SEATS};
use crate::error::RuleError;
use crate::event::{Action, Event, Events, Input, Post};
use crate::hand::{push, Hand, Phase};
use crate::rules::{
    AnteMode, ButtonRule, Chips, ConfigError, MixSwitch, SeatNo, ShortBlind, Stakes,
    StraddleMinRaise, Structure, TableConfig,
};
use crate::seat::Seats;
pub use crate::seat::{Presence, Seat};

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
}

/// The progress of a mixed game (R-MIX-1, PD-MIX).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MixState {
    /// Playing the table's second structure ([`crate::rules::Mixed`]).
    pub second: bool,
    /// The button's seat in the first hand of the current game.
    pub anchor: Option<SeatNo>,
    /// Hands played in the current game.
    pub hands: u16,
}

impl MixState {
    /// The structure and stakes of the next hand, switching when the button has
    /// completed an orbit or after the set number of hands (PD-MIX).
    fn next_game(
        &mut self,
        cfg: &TableConfig,
        last: Option<Positions>,
        button: SeatNo,
    ) -> (Structure, Stakes) {
        let Some(mixed) = cfg.mixed else {
            return (cfg.structure, cfg.stakes);
        };
        let switch = match (mixed.switch, self.anchor, last) {
            (MixSwitch::Hands(n), _, _) => self.hands >= n,
            (MixSwitch::Orbit, Some(anchor), Some(last)) => {
                // The button reached or passed the anchor seat moving from last.button.
                let n = cfg.max_players;
                let d = |x: SeatNo| (x + n - last.button) % n;
                d(anchor) != 0 && d(anchor) <= d(button)
            }
            _ => false,
        };
        if switch {
            self.second = !self.second;
            self.hands = 0;
            self.anchor = None;
        }
        if self.anchor.is_none() {
            self.anchor = Some(button);
        }
        self.hands = self.hands.saturating_add(1);
        if self.second {
            (mixed.structure, mixed.stakes)
        } else {
            (cfg.structure, cfg.stakes)
        }
    }
}

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
            .get(usize::from(seat).wrapping_sub(1))
            .filter(|_| seat <= self.cfg.max_players)
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
            .fold(0u64, |a, s| a.saturating_add(s.stack));
        let pot = self
            .state
            .hand
            .as_ref()
            .filter(|_| self.in_hand())
            .map_or(0, Hand::pot);
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
        ev.clear();
        match input {
            Input::Undo => return self.undo(ev),
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
                // Not `then_some`: its argument, the copy, would be taken either way.
                let before = if logged { None } else { Some(self.state) };
                let stepped = Self::step(
                    &self.cfg,
                    &self.start,
                    &mut self.state,
                    input,
                    &self.log,
                    ev,
                );
                if let Err(e) = stepped {
                    self.state = match before {
                        Some(before) => before,
                        // Cannot fail: each of these inputs was taken from the same
                        // state before, and a step depends on nothing else.
                        None => Self::rebuild(&self.cfg, &self.start, &self.log)?,
                    };
                    return Err(e);
                }
                if logged && matches!(input, Input::Misdeal) {
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

    /// UNDO: the state is rebuilt from the hand's start without the last input, and the
    /// correction is reported (never a silent deletion: the host logs the UNDO input).
    fn undo(&mut self, ev: &mut Events) -> Result<(), RuleError> {
        if self.log.is_empty() {
            return Err(RuleError::NothingToUndo);
        }
        let keep = self.log.len() - 1;
        let rebuilt = Self::rebuild(&self.cfg, &self.start, &self.log[..keep])?;
        self.state = rebuilt;
        self.log.truncate(keep);
        push(ev, Event::Undone)
    }

    /// Replays `inputs` on `start`: exactly the state the live table reached.
    fn rebuild(cfg: &TableConfig, start: &State, inputs: &[Input]) -> Result<State, RuleError> {
        let mut state = *start;
        let mut ev = Events::new();
        for (i, input) in inputs.iter().enumerate() {
            ev.clear();
            Self::step(cfg, start, &mut state, *input, &inputs[..i], &mut ev)?;
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
        input: Input,
        earlier: &[Input],
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        // `matches!` rather than `!=`: no field-by-field comparison per input.
        if !matches!(input, Input::Misdeal) {
            return state.apply(cfg, input, ev);
        }
        Self::misdeal(cfg, start, state, earlier, ev)
    }

    /// MISDEAL's transition ([`Table::step`]), on its own: its spare state and events
    /// (two kilobytes) stay out of every other input's path.
    #[inline(never)]
    fn misdeal(
        cfg: &TableConfig,
        start: &State,
        state: &mut State,
        earlier: &[Input],
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let number = state.check_misdeal()?;
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

impl State {
    /// An empty table's state: no one seated, no hand played.
    const EMPTY: State = State {
        seats: [Seat {
            presence: Presence::Empty,
            stack: 0,
            owes_small: false,
            owes_big: false,
            new_player: false,
            missed_orbits: 0,
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
    };

    fn in_progress(&self) -> bool {
        self.hand
            .as_ref()
            .is_some_and(|h| h.phase != Phase::Settling || h.pot() > 0)
    }

    fn seat_index(&self, cfg: &TableConfig, seat: SeatNo) -> Result<usize, RuleError> {
        if seat == 0 || seat > cfg.max_players {
            return Err(RuleError::NoSuchSeat(seat));
        }
        Ok(usize::from(seat - 1))
    }

    fn occupied_index(&self, cfg: &TableConfig, seat: SeatNo) -> Result<usize, RuleError> {
        let i = self.seat_index(cfg, seat)?;
        if !self.seats[i].occupied() {
            return Err(RuleError::SeatEmpty(seat));
        }
        Ok(i)
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
    fn apply(&mut self, cfg: &TableConfig, input: Input, ev: &mut Events) -> Result<(), RuleError> {
        match input {
            Input::SitDown {
                seat,
                stack,
                wait_for_bb,
            } => {
                self.between_hands()?;
                let i = self.seat_index(cfg, seat)?;
                if self.seats[i].occupied() {
                    return Err(RuleError::SeatTaken(seat));
                }
                if stack == 0 {
                    return Err(RuleError::ZeroAmount);
                }
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
                push(ev, Event::Seated { seat, stack })?;
            }
            Input::TopUp { seat, amount } => {
                // R-TABLE-4: chips are added only between hands.
                self.between_hands()?;
                let i = self.occupied_index(cfg, seat)?;
                if amount == 0 {
                    return Err(RuleError::ZeroAmount);
                }
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
                let i = self.occupied_index(cfg, seat)?;
                // A player dealt into this hand leaves when it is over, folded or not:
                // his chips are settled with the hand, and UNDO or a misdeal may yet
                // bring him back into it.
                if self.in_progress() && self.hand.as_ref().is_some_and(|h| h.player(seat).dealt) {
                    return Err(RuleError::PlayerInHand(seat));
                }
                let stack = self.seats[i].stack;
                self.seats[i] = Seat::default();
                push(ev, Event::Left { seat, stack })?;
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
                let h = self
                    .hand
                    .as_mut()
                    .filter(|_| true)
                    .ok_or(RuleError::NoCardExpected)?;
                if h.phase == Phase::Settling {
                    return Err(RuleError::NoCardExpected);
                }
                h.read(cfg, seats, read, ev)?;
            }
            Input::Act(action) => {
                self.hand_mut()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.act(cfg, seats, action, ev)?;
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
            Input::Muck { seat } => {
                let h = self.hand_mut()?;
                if h.phase != Phase::Settling {
                    return Err(RuleError::NotSettling);
                }
                let p = h.player(seat);
                if !p.dealt || p.folded || h.live_count() <= 1 {
                    return Err(RuleError::NotEligible(seat));
                }
                h.player_mut(seat).folded = true;
                push(ev, Event::Mucked { seat })?;
            }
            Input::Award { seat, amount } => {
                self.seat_index(cfg, seat)?;
                self.hand_mut()?;
                let seats = &mut self.seats;
                let h = self.hand.as_mut().ok_or(RuleError::NoHand)?;
                h.award(seats, seat, amount, ev)?;
                self.finish_if_paid(ev)?;
            }
            Input::Rake { amount } => {
                let h = self.hand_mut()?;
                if h.phase != Phase::Settling {
                    return Err(RuleError::NotSettling);
                }
                h.pay_out(amount)?;
                push(ev, Event::Raked { amount })?;
                self.finish_if_paid(ev)?;
            }
            // UNDO and MISDEAL are the table's: they need the hand's start and log.
            Input::Undo => return Err(RuleError::NothingToUndo),
            Input::Misdeal => return Err(RuleError::NoHand),
        }
        Ok(())
    }

    fn finish_if_paid(&mut self, ev: &mut Events) -> Result<(), RuleError> {
        if let Some(h) = self.hand.as_ref() {
            if h.phase == Phase::Settling && h.pot() == 0 {
                push(ev, Event::HandComplete { number: h.number })?;
            }
        }
        Ok(())
    }

    /// Whether a misdeal may still be called (PD-MISDEAL): while dealing or in the
    /// preflop betting, before substantial action (two voluntary actions of which one
    /// put chips in, or three of any kind).
    fn check_misdeal(&self) -> Result<u32, RuleError> {
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

/// The inputs a misdeal keeps (PD-MISDEAL): NEXT HAND with its posts, the straddle,
/// and seat changes of players not in the hand. Cards and actions are voided. Public
/// so the host's reading of the log takes a misdeal back exactly as the engine does.
pub fn survives_misdeal(input: &Input) -> bool {
    matches!(
        input,
        Input::StartHand
            | Input::Straddle { .. }
            | Input::Leave { .. }
            | Input::SitOut { .. }
            | Input::SitIn { .. }
    )
}

/// The plan for the next hand's positions and who is dealt in.
struct Plan {
    pos: Positions,
    /// The seat that posts the small blind, if any.
    small_blind: Option<SeatNo>,
    /// Seats dealt in (bit `s` for seat `s`).
    dealt: u16,
}

impl State {
    fn next_seat(cfg: &TableConfig, from: SeatNo, pred: impl Fn(SeatNo) -> bool) -> Option<SeatNo> {
        let n = cfg.max_players;
        (1..=n).map(|k| (from - 1 + k) % n + 1).find(|&s| pred(s))
    }

    fn seat_at(&self, s: SeatNo) -> &Seat {
        &self.seats[usize::from(s - 1)]
    }

    /// Seats strictly between `a` and `b`, clockwise.
    fn between(cfg: &TableConfig, a: SeatNo, b: SeatNo, s: SeatNo) -> bool {
        let n = cfg.max_players;
        let d = |x: SeatNo| (x + n - a) % n;
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
        let seat = &mut self.seats[usize::from(s - 1)];
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
    /// chips; where the blind must be covered, more than the big blind (\[002\]).
    fn eligible(&self, cfg: &TableConfig, s: SeatNo) -> bool {
        let seat = self.seat_at(s);
        let needed = match cfg.short_blind {
            ShortBlind::AllIn => 0,
            ShortBlind::MustCover => self.next_big_blind(cfg),
        };
        seat.stack > needed && matches!(seat.presence, Presence::Playing | Presence::WaitingForBb)
    }

    /// The big blind of the next hand (a mixed game may change it).
    fn next_big_blind(&self, cfg: &TableConfig) -> Chips {
        match cfg.mixed {
            Some(m) if self.mix.second => m.stakes.big_blind,
            _ => cfg.stakes.big_blind,
        }
    }

    /// PD-BTN, R-BTN-1, R-BLIND-1, R-HU-1, R-MISS-4, R-MISS-5: the next hand's button,
    /// blinds and players.
    fn plan(&mut self, cfg: &TableConfig, ev: &mut Events) -> Result<Plan, RuleError> {
        let big = self.next_big_blind(cfg);
        let playing = |st: &State, s: SeatNo| {
            st.eligible(cfg, s) && st.seat_at(s).presence == Presence::Playing
        };
        let (mut pos, mut small_blind) = match (self.last, cfg.button_rule) {
            (None, _) => {
                // R-TABLE-3: the first button goes to the first player left of the
                // dealer, unless the floor placed it.
                let button = match self.first_button.filter(|&s| playing(self, s)) {
                    Some(b) => b,
                    None => Self::next_seat(cfg, cfg.max_players, |s| playing(self, s))
                        .ok_or(RuleError::NotEnoughPlayers)?,
                };
                // On the first hand everybody is dealt in and owes nothing.
                for s in 1..=cfg.max_players {
                    let seat = &mut self.seats[usize::from(s - 1)];
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
                    s = s % cfg.max_players + 1;
                    if self.eligible(cfg, s) {
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
                let sb = self.seat_at(sb_seat);
                let small_blind = if sb.presence == Presence::Playing && sb.stack > 0 {
                    Some(sb_seat)
                } else {
                    if sb.absent(cfg, big) && sb_seat != bb {
                        self.miss_blind(cfg, sb_seat, false, ev)?;
                    }
                    None
                };
                (
                    Positions {
                        button: last.small_blind,
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
                let bb = Self::next_seat(cfg, sb, |s| self.eligible(cfg, s))
                    .ok_or(RuleError::NotEnoughPlayers)?;
                for s in 1..=cfg.max_players {
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
        for s in 1..=cfg.max_players {
            if !self.eligible(cfg, s) {
                continue;
            }
            let seat = self.seat_at(s);
            let is_bb = s == pos.big_blind;
            let ok = if is_bb {
                true
            } else if seat.presence == Presence::WaitingForBb {
                false
            } else if seat.owes() && self.last.is_some() {
                s == pos.small_blind || !Self::between(cfg, pos.button, pos.big_blind, s)
            } else {
                true
            };
            if ok {
                dealt |= 1 << s;
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
            let other = (1..=cfg.max_players)
                .find(|&s| dealt & (1 << s) != 0 && s != anchor)
                .ok_or(RuleError::NotEnoughPlayers)?;
            let (button, bb) = if keep_button {
                (anchor, other)
            } else {
                (other, anchor)
            };
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

    /// NEXT HAND: positions, antes, blinds and make-up posts (RULES.md §5, §7).
    fn start_hand(&mut self, cfg: &TableConfig, ev: &mut Events) -> Result<(), RuleError> {
        let plan = self.plan(cfg, ev)?;
        let number = self.hands.checked_add(1).ok_or(RuleError::ChipOverflow)?;
        let game = self.mix.next_game(cfg, self.last, plan.pos.button);
        let mut h = Hand::new(
            number,
            cfg.max_players,
            game,
            plan.pos.button,
            plan.pos.big_blind,
        );
        for s in 1..=cfg.max_players {
            h.player_mut(s).dealt = plan.dealt & (1 << s) != 0;
        }
        let sb = plan.small_blind.filter(|&s| plan.dealt & (1 << s) != 0);
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
        if stakes.ante > 0 {
            for s in 1..=cfg.max_players {
                let pays = match stakes.ante_mode {
                    AnteMode::PerPlayer => h.player(s).dealt,
                    AnteMode::BigBlind => s == plan.pos.big_blind,
                };
                if pays {
                    self.post_dead(&mut h, s, stakes.ante, Post::Ante, ev)?;
                }
            }
        }
        h.begin_street(crate::event::Street::Preflop);
        if stakes.big_blind > 0 {
            // R-BLIND-1; PD-SHORTBLIND: a short blind posts all-in, the level stays.
            h.small_blind = None;
            if let Some(s) = sb {
                let seat = self.seat_at(s);
                if seat.new_player && !heads_up {
                    // R-MISS-4, PD-MISS: the new player in the small-blind seat posts a
                    // live big blind, which replaces the small blind.
                    self.post_live(&mut h, s, stakes.big_blind, Post::EnterBigBlind, ev)?;
                } else if stakes.small_blind > 0 {
                    self.post_live(&mut h, s, stakes.small_blind, Post::SmallBlind, ev)?;
                    h.small_blind = Some(s);
                }
            }
            self.post_live(
                &mut h,
                plan.pos.big_blind,
                stakes.big_blind,
                Post::BigBlind,
                ev,
            )?;
            // R-MISS-2, PD-MISS, R-MISS-5: make-up and entry posts. Heads-up both
            // players post a blind anyway (R-HU-1): nothing more is owed.
            for s in 1..=cfg.max_players {
                if heads_up || !h.player(s).dealt || Some(s) == sb {
                    continue;
                }
                let seat = *self.seat_at(s);
                if s != plan.pos.big_blind && (seat.new_player || seat.owes_big) {
                    self.post_live(&mut h, s, stakes.big_blind, Post::EnterBigBlind, ev)?;
                }
                if seat.owes_small && !seat.new_player && stakes.small_blind > 0 {
                    self.post_dead(&mut h, s, stakes.small_blind, Post::DeadSmallBlind, ev)?;
                }
            }
            h.round.level = stakes.big_blind;
            if h.blind_is_bet(cfg) {
                h.round.bets = 1;
            }
            h.round.full_level = stakes.big_blind;
        }
        // Everyone dealt in is square with the table now.
        for s in 1..=cfg.max_players {
            if h.player(s).dealt {
                let seat = &mut self.seats[usize::from(s - 1)];
                seat.new_player = false;
                seat.owes_big = false;
                seat.owes_small = false;
                seat.missed_orbits = 0;
                seat.presence = Presence::Playing;
            }
        }
        self.hands = number;
        self.last = Some(plan.pos);
        self.hand = Some(h);
        Ok(())
    }

    /// A live post: it counts as the player's bet this round.
    fn post_live(
        &mut self,
        h: &mut Hand,
        s: SeatNo,
        amount: Chips,
        post: Post,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let stack = self.seat_at(s).stack;
        let amount = amount.min(stack);
        let all_in = h.take_chips(&mut self.seats, s, amount)?;
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

    /// A dead post: in the pot, not part of the player's bet.
    fn post_dead(
        &mut self,
        h: &mut Hand,
        s: SeatNo,
        amount: Chips,
        post: Post,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let seat = &mut self.seats[usize::from(s - 1)];
        let amount = amount.min(seat.stack);
        seat.stack -= amount;
        let all_in = seat.stack == 0;
        let p = h.player_mut(s);
        p.dead = p.dead.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
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
    fn straddle(
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
        if !cfg.straddle_allowed || h.live_count() < 3 || h.stakes.big_blind == 0 {
            return Err(RuleError::StraddleNotAllowed);
        }
        let bb = h.big_blind;
        let s = h
            .next_after(bb, |s| h.player(s).dealt)
            .ok_or(RuleError::StraddleNotAllowed)?;
        let amount = h
            .stakes
            .big_blind
            .checked_mul(2)
            .ok_or(RuleError::ChipOverflow)?;
        // R-STRAD-2: exactly 2×BB; a player who already posted an entry blind adds
        // the difference.
        let own = h.player(s).street;
        let add = amount.saturating_sub(own);
        if self.seats[usize::from(s - 1)].stack <= add {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The README states this figure; the aim is under 8 KiB so the whole table fits
    /// a microcontroller's RAM beside the stack.
    #[test]
    fn table_state_size() {
        let size = core::mem::size_of::<Table>();
        assert!(size <= 8 * 1024, "the table state grew to {size} bytes");
    }

    /// Hold'em 1/2 with three players of 100, a hand started.
    fn three_seated_hand() -> (TableConfig, Table) {
        let cfg = TableConfig::new(crate::rules::Game::Holdem, Structure::NoLimit, 1, 2);
        let mut t = Table::new(cfg).unwrap();
        for seat in 1..=3 {
            let sit = Input::SitDown {
                seat,
                stack: 100,
                wait_for_bb: false,
            };
            t.handle(sit).unwrap();
        }
        t.handle(Input::StartHand).unwrap();
        (cfg, t)
    }

    /// A refused input in a hand is taken back by rebuilding the hand from its start,
    /// not from a copy: the table is as it was, after a misdeal too.
    #[test]
    fn refused_in_a_hand_changes_nothing() {
        use crate::card::{Card, Rank, Suit};
        use crate::event::Read;
        let (_, mut t) = three_seated_hand();
        let read = |rank| {
            Input::Card(Read {
                card: Some(Card::new(rank, Suit::Spades)),
                burn: false,
            })
        };
        let check = |t: &mut Table| {
            let before = t.clone();
            for refused in [read(Rank::Two), Input::Act(Action::CheckCall)] {
                assert!(t.handle(refused).is_err());
                assert_eq!(*t, before, "a refused input changes nothing");
            }
        };
        t.handle(read(Rank::Two)).unwrap();
        check(&mut t);
        t.handle(Input::Misdeal).unwrap();
        t.handle(read(Rank::Two)).unwrap();
        check(&mut t);
        for rank in [Rank::Three, Rank::Four, Rank::Five, Rank::Six, Rank::Seven] {
            t.handle(read(rank)).unwrap();
        }
        let before = t.clone();
        assert!(t.handle(read(Rank::Eight)).is_err());
        assert_eq!(t, before, "a refused input changes nothing");
    }

    /// A table reset in place is the table `Table::new` builds, whatever it held.
    #[test]
    fn reset_is_new() {
        let (cfg, mut t) = three_seated_hand();
        let mut other = cfg;
        other.stakes.big_blind = 4;
        other.stakes.small_blind = 2;
        t.reset(other).unwrap();
        assert_eq!(t, Table::new(other).unwrap());
    }
}
