//! The bench table: simulated players at a table with a simulated shoe, driving the
//! whole engine hand after hand, settling every pot and writing the hand log. It is
//! the product's main command on a machine with no table (`cargo run --release`).
//!
//! The dealer's cards come from a [`CardSource`]: the simulated RFID shoe over a real
//! pseudo-terminal (the serial code path of a real table), or cards handed straight
//! to the engine for fast tests.

use crate::money::settle;
use crate::records::handlog::{HandLog, LogError};
use crate::session::table::{
    Observer, Outcome, RecordTap, Refusal, SessionError, ShoeEvent, TableSession,
};
use crate::settings::SettingsError;
use firmware::deck::DeckMap;
use firmware::rules::{ConfigError, Stakes};
use firmware::{
    Action, Card, CardSet, Chips, Event, Game, Input, Phase, Read, RuleError, SeatNo, Structure,
    Table, TableConfig,
};
use hardware::link::{LinkFault, Received};
use hardware::rng::XorShift;
use std::fmt;

/// Where the dealer's cards come from.
pub trait CardSource {
    /// The dealer deals `card` (as a burn when `burn`): what reaches the table.
    /// Link faults are recovered inside; an error means the card could not be read.
    fn deal(&mut self, card: Card, burn: bool) -> Result<Dealt, SimShoeError>;

    /// The deck map the shoe's reads go through, for a source that reads tags.
    fn deck_map(&self) -> Option<DeckMap> {
        None
    }

    /// Faults seen and recovered so far (garbled, dropped, duplicated frames...).
    fn faults(&self) -> u64 {
        0
    }
}

/// A card dealt, as it reaches the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dealt {
    /// Handed straight to the engine.
    Direct(Read),
    /// Read by the shoe: the frame's bytes and the read, which the table logs and maps
    /// through its deck map as a real table does.
    Shoe(Received),
}

/// Cards handed straight to the engine: the reads are exactly the cards dealt.
pub struct DirectSource;

impl CardSource for DirectSource {
    fn deal(&mut self, card: Card, burn: bool) -> Result<Dealt, SimShoeError> {
        Ok(Dealt::Direct(Read {
            card: Some(card),
            burn,
        }))
    }
}

/// Times the simulated dealer presents a card before giving up on the shoe.
pub const MAX_READ_TRIES: u32 = 20;

/// Why the simulated shoe could not give the table a card.
#[derive(Debug)]
pub enum SimShoeError {
    /// The pseudo-terminal for the simulated shoe could not be made.
    Pty(std::io::Error),
    /// The link to the simulated shoe did not start.
    Link {
        /// Where the shoe speaks.
        path: String,
        /// What went wrong.
        fault: LinkFault,
    },
    /// A card could not be read in [`MAX_READ_TRIES`] tries.
    Unread(Card),
}

impl fmt::Display for SimShoeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimShoeError::Pty(e) => write!(f, "pseudo-terminal: {e}"),
            SimShoeError::Link { path, fault } => write!(f, "{path}: {fault}"),
            SimShoeError::Unread(card) => write!(
                f,
                "{card} could not be read after {MAX_READ_TRIES} tries: check the shoe"
            ),
        }
    }
}

/// The pseudo-terminal's or the link's fault, kept whole.
impl std::error::Error for SimShoeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SimShoeError::Pty(e) => Some(e),
            SimShoeError::Link { fault, .. } => Some(fault),
            SimShoeError::Unread(_) => None,
        }
    }
}

/// The simulated dealer found no card where the hand needs one: a bug in the
/// simulation, reported rather than played around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealerError {
    /// Every card of the deck has been seen this deal.
    DeckRanOut,
    /// The exchange has nobody to serve.
    NoDrawer,
    /// The player to discard holds no card.
    NoCardToDiscard,
    /// Neither the stub nor the discards have a card for the draw (R-DRAW-5).
    NoCardForTheDraw,
}

impl fmt::Display for DealerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DealerError::DeckRanOut => "the deck ran out",
            DealerError::NoDrawer => "the exchange has no player to serve",
            DealerError::NoCardToDiscard => "the player to discard holds no card",
            DealerError::NoCardForTheDraw => "no card is left for the draw",
        })
    }
}

impl std::error::Error for DealerError {}

/// What to play.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// Hands to play.
    pub hands: u32,
    /// Players seated (2..=10).
    pub players: u8,
    /// The game.
    pub game: Game,
    /// The betting structure.
    pub structure: Structure,
    /// Small and big blind.
    pub blinds: (Chips, Chips),
    /// The random seed: the same seed plays the same hands.
    pub seed: u64,
    /// Print every event, not just a line per hand.
    pub verbose: bool,
    /// A pause after each input, so people can follow the hand on the display
    /// (zero: full speed).
    pub pace: std::time::Duration,
    /// Settings by key and value ([`crate::settings`]), applied over the game's.
    pub settings: Vec<(String, String)>,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            hands: 20,
            players: 6,
            game: Game::Holdem,
            structure: Structure::NoLimit,
            blinds: (Chips::new(5), Chips::new(10)),
            seed: 1,
            verbose: false,
            pace: std::time::Duration::ZERO,
            settings: Vec::new(),
        }
    }
}

/// Why the bench table stopped.
#[derive(Debug)]
pub enum SimError {
    /// A setting's key or value is wrong.
    Setting(SettingsError),
    /// The settings make no playable table.
    Config(ConfigError),
    /// More or fewer players than the table seats.
    Players {
        /// Players asked for.
        players: u8,
        /// Seats at the table.
        seats: u8,
    },
    /// The engine refused what a simulated player or the dealer did: a bug, since
    /// they choose only from what the engine offers.
    Engine(Input, RuleError),
    /// The host refused what the simulated dealer did (an award against the tabled
    /// hands): a bug, since the bench pays as the host's showdown says.
    Refused(Input, String),
    /// A card could not be read.
    Shoe(SimShoeError),
    /// The table refused a card the shoe read: the dealer's message (a bug, since the
    /// simulated dealer deals in order from a known deck).
    CardRefused(String),
    /// The simulated dealer had no card to give (a bug).
    Dealer(DealerError),
    /// The hand log failed: the table does not deal without it.
    Log(LogError),
    /// The pot could not be settled.
    Settle(settle::SettleError),
    /// A hand went on without end (a bug: reported rather than looped on).
    Stuck(u32),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Setting(e) => write!(f, "table settings: {e}"),
            SimError::Config(e) => write!(f, "table settings: {e}"),
            SimError::Players { players, seats } => {
                write!(f, "{players} players: seat 2 to {seats}")
            }
            SimError::Engine(i, e) => write!(f, "the engine refused {i:?}: {e}"),
            SimError::Refused(i, e) => write!(f, "the table refused {i:?}: {e}"),
            SimError::Shoe(e) => write!(f, "shoe: {e}"),
            SimError::CardRefused(e) => write!(f, "the table refused a card: {e}"),
            SimError::Dealer(e) => write!(f, "the simulated dealer: {e}"),
            SimError::Log(e) => write!(f, "hand log: {e}"),
            SimError::Settle(e) => write!(f, "settlement: {e}"),
            SimError::Stuck(n) => write!(f, "hand {n} did not end: stopped"),
        }
    }
}

/// The refusal or fault behind the simulation's stop, kept whole.
impl std::error::Error for SimError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SimError::Setting(e) => Some(e),
            SimError::Config(e) => Some(e),
            SimError::Engine(_, e) => Some(e),
            SimError::Shoe(e) => Some(e),
            SimError::Dealer(e) => Some(e),
            SimError::Log(e) => Some(e),
            SimError::Settle(e) => Some(e),
            SimError::Players { .. }
            | SimError::Refused(..)
            | SimError::CardRefused(_)
            | SimError::Stuck(_) => None,
        }
    }
}

/// What a bench run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Hands played to the end.
    pub hands: u32,
    /// Inputs the engine accepted.
    pub inputs: u64,
    /// Shoe faults recovered by a re-read.
    pub shoe_faults: u64,
    /// Chips on the table at the end (stacks), for conservation checks.
    pub chips: Chips,
    /// Chips bought in over the run.
    pub bought_in: Chips,
}

/// The table settings of a bench run: the casino defaults of RULES.md.
pub fn config(opts: &SimOptions) -> Result<TableConfig, SimError> {
    let (sb, bb) = opts.blinds;
    // R-DRAW-1: every player antes in draw.
    let ante = if opts.game.spec().ante_required {
        sb.max(Chips::new(1))
    } else {
        Chips::ZERO
    };
    let mut cfg = table_config(opts.game, opts.structure, (sb, bb), ante);
    for (key, value) in &opts.settings {
        crate::settings::set(&mut cfg, key, value).map_err(SimError::Setting)?;
    }
    cfg.validate_at_table().map_err(SimError::Config)?;
    if !(2..=cfg.max_players).contains(&opts.players) {
        return Err(SimError::Players {
            players: opts.players,
            seats: cfg.max_players,
        });
    }
    Ok(cfg)
}

/// The engine's settings for `game` and `structure` at blinds `sb`/`bb` with `ante`
/// per player, every other setting the casino default of RULES.md. Fixed-limit draw
/// is played on antes alone (R-DRAW-1), with bets of BB and 2×BB; no-limit and
/// pot-limit draw keep the blinds, whose big blind is the minimum bet.
pub fn table_config(
    game: Game,
    structure: Structure,
    (sb, bb): (Chips, Chips),
    ante: Chips,
) -> TableConfig {
    let mut cfg = TableConfig::new(game, structure, sb, bb);
    if !game.has_board() && structure == Structure::FixedLimit {
        cfg.stakes = Stakes {
            small_bet: bb,
            big_bet: bb.saturating_mul(2),
            ..Stakes::blinds(Chips::ZERO, Chips::ZERO)
        };
    }
    cfg.stakes.ante = ante;
    cfg
}

/// The bench table: the engine, the simulated players and dealer, the log.
///
/// Every decision of the simulated players and dealer is a function of the seed and
/// the table's state (the hand's number, its inputs so far), never of a running
/// generator: a table rebuilt from its hand log after a crash carries on exactly as if
/// nothing had happened.
pub struct SimulatedTable<'a, S: CardSource> {
    /// The table, its log and its observers: every input goes through it.
    session: TableSession<'a>,
    seed: u64,
    source: S,
    summary: Summary,
    verbose: bool,
    pace: std::time::Duration,
}

impl<'a, S: CardSource> SimulatedTable<'a, S> {
    /// A table seated with `opts.players` players of 100 big blinds each.
    pub fn new(
        opts: &SimOptions,
        source: S,
        log: Option<&'a mut HandLog>,
    ) -> Result<Self, SimError> {
        let mut bench = SimulatedTable::empty(opts, source, log)?;
        bench.seat_players(opts)?;
        Ok(bench)
    }

    /// A table with nobody seated yet: a tournament's, whose players sit down as the
    /// director's draw seats them ([`crate::session::tournament_table`]).
    pub fn empty(
        opts: &SimOptions,
        source: S,
        log: Option<&'a mut HandLog>,
    ) -> Result<Self, SimError> {
        let cfg = config(opts)?;
        let mut session = TableSession::create(cfg, log).map_err(|e| match e {
            SessionError::Config(e) => SimError::Config(e),
            SessionError::Log(e) => SimError::Log(e),
            SessionError::Settle(e) => SimError::Settle(e),
            SessionError::Engine(input, e) => SimError::Engine(input, e),
        })?;
        if let Some(map) = source.deck_map() {
            session = session.with_deck(map);
        }
        Ok(SimulatedTable::driving(opts, session, source))
    }

    /// The dealer's input between hands (a player seated, moved, out, the level, a
    /// colour-up): logged before it counts, as every input.
    pub fn dealer_input(
        &mut self,
        input: Input,
        report: &mut dyn FnMut(&Event),
    ) -> Result<Vec<Event>, SimError> {
        self.input(input, report)
    }

    /// Seats `opts.players` players of 100 big blinds each, in seat order, before the
    /// first hand: those not seated yet. A table stopped while it was being set up (its
    /// log holds the configuration and some of the seats) is set up in full when it
    /// comes back, as the uninterrupted table was; once a hand has been dealt, the
    /// seats are the log's.
    pub fn seat_players(&mut self, opts: &SimOptions) -> Result<(), SimError> {
        if self.session.table().state().hands > 0 {
            return Ok(());
        }
        let stack = buy_in(self.session.table().config());
        for seat in SeatNo::up_to(opts.players) {
            let empty = self
                .session
                .table()
                .seat(seat)
                .is_some_and(|s| s.presence == firmware::Presence::Empty);
            if !empty {
                continue;
            }
            self.input(
                Input::SitDown {
                    seat,
                    stack,
                    wait_for_bb: false,
                },
                &mut |_| {},
            )?;
            self.summary.bought_in += stack;
        }
        Ok(())
    }

    /// Carries on with a table rebuilt from its hand log (crash recovery).
    pub fn resume(
        opts: &SimOptions,
        table: Table,
        source: S,
        log: Option<&'a mut HandLog>,
    ) -> Self {
        let mut session = TableSession::new(table, log);
        if let Some(map) = source.deck_map() {
            session = session.with_deck(map);
        }
        SimulatedTable::driving(opts, session, source)
    }

    fn driving(opts: &SimOptions, session: TableSession<'a>, source: S) -> Self {
        SimulatedTable {
            session,
            seed: opts.seed,
            source,
            summary: Summary::default(),
            verbose: opts.verbose,
            pace: opts.pace,
        }
    }

    /// Tells `observer` (the display) every outcome, after it is logged; recovered
    /// shoe faults as [`Outcome::ShoeFault`].
    pub fn observe(&mut self, observer: Box<dyn Observer + 'a>) {
        self.session.observe(observer);
    }

    /// Logs the program the table started with, before it deals
    /// ([`TableSession::started_with`]).
    pub fn started_with(
        &mut self,
        program: crate::records::program::ProgramId,
    ) -> Result<(), SimError> {
        self.session.started_with(program).map_err(SimError::Log)
    }

    /// Tells `tap` (the floor view's index) every record logged from now on.
    pub fn tap(&mut self, tap: Box<dyn RecordTap + 'a>) {
        self.session.tap(tap);
    }

    /// The engine.
    pub fn table(&self) -> &Table {
        self.session.table()
    }

    /// The log's signed head (`None` without a log): published after every hand.
    pub fn head(&self) -> Option<crate::records::handlog::SignedHead> {
        self.session.head()
    }

    /// Hands played to the end so far, at this table.
    pub fn hands_done(&self) -> u32 {
        let started = self.session.table().state().hands;
        if self.session.table().in_hand() {
            started.saturating_sub(1)
        } else {
            started
        }
    }

    /// A generator for one decision: the seed, the hand's number and deal (a redeal
    /// must not replay the same decisions), and `salt`. Seeded as the bench always
    /// was, so a seed plays the hands it played before.
    fn rng(&self, salt: u64) -> XorShift {
        let deal = self.session.table().hand().map_or(0, |h| u64::from(h.deal));
        let hand = u64::from(self.session.table().state().hands) | deal << 32;
        let mixed = self.seed
            ^ hand.wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ salt.wrapping_mul(0xA076_1D64_78BD_642F);
        XorShift::new((mixed ^ 0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A generator for the next input of the hand.
    fn next_rng(&self) -> XorShift {
        self.rng(self.session.table().hand_inputs().len() as u64)
    }

    /// One input: logged before it counts (the dealer sees it only once it is
    /// durable), then reported.
    fn input(
        &mut self,
        input: Input,
        report: &mut dyn FnMut(&Event),
    ) -> Result<Vec<Event>, SimError> {
        self.tell_faults();
        let events = self
            .session
            .input(input)
            .map_err(SimError::Log)?
            .map_err(|refusal| match refusal {
                Refusal::Rule(e) => SimError::Engine(input, e),
                other => SimError::Refused(input, other.to_string()),
            })?;
        self.accepted(&events, report);
        Ok(events)
    }

    /// The dealer deals `card`: straight to the engine, or through the shoe, whose
    /// frame the table logs and maps as a real table does (PD-RFID).
    fn deal(
        &mut self,
        card: Card,
        burn: bool,
        report: &mut dyn FnMut(&Event),
    ) -> Result<(), SimError> {
        let received = match self.source.deal(card, burn).map_err(SimError::Shoe)? {
            Dealt::Direct(read) => return self.input(Input::Card(read), report).map(drop),
            Dealt::Shoe(received) => received,
        };
        self.tell_faults();
        let outcome = self
            .session
            .shoe(ShoeEvent::Read(received))
            .map_err(SimError::Log)?;
        match outcome {
            Outcome::Accepted(events) => {
                self.accepted(&events, report);
                Ok(())
            }
            other => Err(SimError::CardRefused(other.to_string())),
        }
    }

    /// Shoe faults recovered since the last input, shown as one outcome.
    fn tell_faults(&mut self) {
        let faults = self.source.faults();
        let new = faults.saturating_sub(self.summary.shoe_faults);
        self.summary.shoe_faults = faults;
        if new > 0 {
            self.session.notify(&Outcome::ShoeFault(format!(
                "{new} damaged shoe frames read again"
            )));
        }
    }

    /// An input the engine took: counted, reported, and paced for the display.
    fn accepted(&mut self, events: &[Event], report: &mut dyn FnMut(&Event)) {
        self.summary.inputs += 1;
        for e in events {
            report(e);
        }
        if !self.pace.is_zero() {
            std::thread::sleep(self.pace);
        }
    }

    /// Plays a hand to its end: a new one, or the one in progress after a restart.
    pub fn play_hand(&mut self, report: &mut dyn FnMut(&Event)) -> Result<(), SimError> {
        if !self.session.table().in_hand() {
            self.between_hands(report)?;
            self.input(Input::StartHand, report)?;
        }
        // The straddle is offered while the hand has had nothing but its start: on a
        // hand resumed at that point too (stopped right after NEXT HAND), which then
        // goes on as the uninterrupted hand did.
        if self.session.table().hand_inputs() == [Input::StartHand] {
            let cfg = *self.session.table().config();
            let mut rng = self.rng(u64::MAX);
            if cfg.straddle_allowed && rng.chance_percent(10) {
                // A straddle, confirmed most of the time (R-STRAD-4).
                let confirmed = rng.chance_percent(80);
                if self
                    .session
                    .table()
                    .clone()
                    .handle(Input::Straddle { confirmed })
                    .is_ok()
                {
                    self.input(Input::Straddle { confirmed }, report)?;
                }
            }
        }
        // No hand takes this many inputs; a hand that does is reported, not looped on.
        let mut steps = 0u32;
        while self.session.table().in_hand() {
            steps += 1;
            if steps > 20_000 {
                return Err(SimError::Stuck(self.session.table().state().hands));
            }
            self.step(report)?;
        }
        self.summary.hands += 1;
        Ok(())
    }

    /// The deck of the current deal, top card first: the same for the same seed, hand
    /// and dealer (a redeal moves the deal on, R-DRAW-3).
    fn deck(&self) -> Vec<Card> {
        let cfg = self.session.table().config();
        let button = self
            .session
            .table()
            .hand()
            .map_or(0, |h| u64::from(h.button.get()));
        let mut cards: Vec<Card> = CardSet::deck(cfg.short_deck).iter().collect();
        self.rng(0x5EED ^ (button << 8)).shuffle(&mut cards);
        cards
    }

    /// The next card from the top of the deck: the first not yet seen this deal.
    fn next_card(&self) -> Option<Card> {
        let h = self.session.table().hand()?;
        self.deck().into_iter().find(|&c| !h.seen.contains(c))
    }

    /// The table's next input: a card, a decision, a discard, or the payout.
    fn step(&mut self, report: &mut dyn FnMut(&Event)) -> Result<(), SimError> {
        let Some(h) = self.session.table().hand() else {
            return Ok(());
        };
        match h.phase {
            Phase::Dealing | Phase::Board { .. } => {
                let burn = matches!(h.phase, Phase::Board { burn_due: true });
                let card = self
                    .next_card()
                    .ok_or(SimError::Dealer(DealerError::DeckRanOut))?;
                self.deal(card, burn, report)?;
            }
            Phase::Betting => {
                let action = self.choose();
                self.input(Input::Act(action), report)?;
            }
            Phase::Exchange => {
                let seat = h.drawer().ok_or(SimError::Dealer(DealerError::NoDrawer))?;
                let p = *h.player(seat);
                let discarded = h.served_discards.len();
                let pending = p.discards.count_ones();
                // How many this player throws: fixed for him in this hand (R-DRAW-5).
                let wanted = self.rng(0xD15C ^ u64::from(seat.get())).below(4) as u32;
                if wanted > 0 && p.asked == 0 && discarded == 0 {
                    // The player says how many he draws; the dealer keys it
                    // (R-DRAW-5), and the discards and replacements are held to it.
                    self.input(
                        Input::Draw {
                            count: wanted as u8,
                        },
                        report,
                    )?;
                } else if discarded == pending && discarded < wanted {
                    let card = p
                        .hole
                        .iter()
                        .flatten()
                        .copied()
                        .next()
                        .ok_or(SimError::Dealer(DealerError::NoCardToDiscard))?;
                    // Through the shoe's burn slot, the discard slot of the exchange.
                    self.deal(card, true, report)?;
                } else if pending > 0 {
                    // R-DRAW-5: the stub; once used up, the discards come back.
                    let card = self
                        .next_card()
                        .or_else(|| discard_for(h, self.session.table().config()))
                        .ok_or(SimError::Dealer(DealerError::NoCardForTheDraw))?;
                    self.deal(card, false, report)?;
                } else {
                    self.input(Input::StandPat, report)?;
                }
            }
            Phase::Showdown => {
                let input = show_or_muck(self.session.table()).map_err(SimError::Settle)?;
                self.input(input, report)?;
            }
            Phase::Settling => {
                // The hands shown, once, before the first payout.
                let paying = self
                    .session
                    .table()
                    .hand_inputs()
                    .iter()
                    .any(|i| matches!(i, Input::Award { .. } | Input::Rake { .. }));
                if self.verbose && !paying {
                    if let Ok(outcome) = settle::settle(self.session.table(), &[]) {
                        for hand in &outcome.hands {
                            let low = hand.low.as_ref().map(|l| format!(", {l}"));
                            println!(
                                "      seat {}: {}{}",
                                hand.seat,
                                hand.high,
                                low.unwrap_or_default()
                            );
                        }
                    }
                }
                let due = settle::next_payout(self.session.table()).map_err(SimError::Settle)?;
                if let Some(input) = due {
                    self.input(input, report)?;
                }
            }
        }
        Ok(())
    }

    /// Between hands: busted players buy in again, so the table keeps playing.
    fn between_hands(&mut self, report: &mut dyn FnMut(&Event)) -> Result<(), SimError> {
        let cfg = *self.session.table().config();
        if cfg.tournament {
            // PD-TOURN-BUST: a tournament player with no chips is out; the director's
            // log, not the bench, seats anyone again.
            return Ok(());
        }
        let stack = buy_in(&cfg);
        for seat in SeatNo::up_to(cfg.max_players) {
            let s = self
                .session
                .table()
                .seat(seat)
                .map(|s| (s.presence, s.stack));
            if let Some((p, Chips::ZERO)) = s {
                if p != firmware::Presence::Empty {
                    self.input(
                        Input::TopUp {
                            seat,
                            amount: stack,
                        },
                        report,
                    )?;
                    self.summary.bought_in += stack;
                }
            }
        }
        Ok(())
    }

    /// A simulated player's decision, from what the engine offers (never anything else).
    fn choose(&self) -> Action {
        let Some(o) = self.session.table().options() else {
            return Action::CheckCall;
        };
        let mut rng = self.next_rng();
        let cfg = self.session.table().config();
        if cfg.tournament {
            return tournament_choice(&o, &mut rng, cfg.money.chip_unit);
        }
        let roll = rng.below(100);
        match o.raise {
            Some(r) if roll < 12 => {
                let span = r.max_to.saturating_sub(r.min_to);
                // Mostly small raises; sometimes the maximum. In chips of the table's
                // smallest unit, as a player's chips are (PD-ODD `chip_unit`).
                let unit = self.session.table().config().money.chip_unit.get().max(1);
                let to = if rng.chance_percent(15) {
                    r.max_to
                } else {
                    let more = rng.below(span.get() / 4 + 1);
                    r.min_to + Chips::new(more - more % unit)
                };
                Action::BetTo(to)
            }
            _ if o.call > Chips::ZERO && roll > 80 => Action::Fold,
            _ => Action::CheckCall,
        }
    }

    /// Plays until `hands` hands are over at this table (counting those played before
    /// a restart), printing a line per hand (or every event if verbose).
    pub fn run(&mut self, hands: u32, out: &mut dyn FnMut(&str)) -> Result<Summary, SimError> {
        self.run_following(hands, out, &mut |_| NextHand::Deal(Vec::new()))
    }

    /// [`SimulatedTable::run`], asking `next` before each new hand what the table
    /// does: the dealer's inputs first (a tournament's level), wait (a break, a
    /// stopped clock), or stop (the table's tournament is over for it).
    pub fn run_following(
        &mut self,
        hands: u32,
        out: &mut dyn FnMut(&str),
        next: &mut dyn FnMut(&Table) -> NextHand,
    ) -> Result<Summary, SimError> {
        let verbose = self.verbose;
        while self.hands_done() < hands {
            if !self.session.table().in_hand() {
                match next(self.session.table()) {
                    NextHand::Deal(inputs) => {
                        for input in inputs {
                            self.input(input, &mut |e| out(&e.to_string()))?;
                        }
                    }
                    NextHand::Wait(pause, _) => {
                        std::thread::sleep(pause);
                        continue;
                    }
                    NextHand::Stop => break,
                }
            }
            let mut lines: Vec<String> = Vec::new();
            let mut result_line = String::new();
            self.play_hand(&mut |e| {
                if verbose {
                    lines.push(format!("    {e}"));
                }
                match e {
                    Event::HandStarted { .. } => result_line = e.to_string(),
                    Event::Awarded { .. } | Event::Raked { .. } => {
                        result_line.push_str("; ");
                        result_line.push_str(&e.to_string());
                    }
                    _ => {}
                }
            })?;
            out(&result_line);
            for l in lines {
                out(&l);
            }
        }
        self.summary.shoe_faults = self.source.faults();
        self.summary.chips = SeatNo::up_to(self.session.table().config().max_players)
            .filter_map(|s| self.session.table().seat(s))
            .map(|s| s.stack)
            .sum();
        Ok(self.summary.clone())
    }
}

/// What a bench table does before its next hand ([`SimulatedTable::run_following`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextHand {
    /// Deal, after the dealer's inputs given (a new level's).
    Deal(Vec<Input>),
    /// Deal nothing for this long, then ask again; why.
    Wait(std::time::Duration, super::tournament_table::Hold),
    /// Deal no more.
    Stop,
}

/// A simulated tournament player's decision: his tournament life is at stake, so he
/// folds more the larger the call is against his chips, and seldom moves all in.
/// (The cash bench's players keep their looser play, so a seed plays the hands it
/// always played.)
fn tournament_choice(o: &firmware::Options, rng: &mut XorShift, unit: Chips) -> Action {
    // The call as a share of what he has left, in percent.
    let pressure = o.call.get().saturating_mul(100) / o.all_in_to.get().max(1);
    let roll = rng.below(100);
    if o.call > Chips::ZERO && roll < (25 + pressure).min(92) {
        return Action::Fold;
    }
    match o.raise {
        Some(r) if rng.chance_percent(10) => {
            let span = r.max_to.saturating_sub(r.min_to);
            let unit = unit.get().max(1);
            let to = if rng.chance_percent(4) {
                r.max_to
            } else {
                let more = rng.below(span.get() / 8 + 1);
                r.min_to + Chips::new(more - more % unit)
            };
            Action::BetTo(to.min(r.max_to))
        }
        _ => Action::CheckCall,
    }
}

/// A discard for a stub that ran out (R-DRAW-5, PD-DRAW): any thrown so far, or,
/// where the house leaves them out, one the player being served did not throw.
fn discard_for(h: &firmware::Hand, cfg: &TableConfig) -> Option<Card> {
    h.discarded
        .iter()
        .find(|&c| !(cfg.stub_excludes_drawer && h.served_discards.contains(c)))
}

/// A buy-in of 100 big blinds (or 100 antes in draw).
fn buy_in(cfg: &TableConfig) -> Chips {
    let unit = if cfg.stakes.big_blind > Chips::ZERO {
        cfg.stakes.big_blind
    } else {
        cfg.stakes.ante.max(Chips::new(1)).saturating_mul(2)
    };
    unit.saturating_mul(100)
}

/// The simulated RFID shoe: the dealer presents each card at the shoe's exit (or the
/// burn slot) and the controller reads it through the serial link, re-reading after any
/// fault. On a pseudo-terminal ([`ShoeSource::pty`]) this is the code path of a real
/// table; in memory ([`ShoeSource::loopback`]) the same link runs on a simulated clock.
pub struct ShoeSource<P: hardware::link::ShoePort> {
    link: hardware::link::ShoeLink<P>,
    dealer: hardware::sim::SimDealer,
    map: firmware::deck::DeckMap,
    path: String,
    // Keeps the simulator's thread and the pseudo-terminal alive.
    _keep: Option<Box<dyn std::any::Any>>,
}

/// The shoe on a pseudo-terminal, as the bench table uses it.
pub type PtyShoeSource = ShoeSource<Box<dyn serialport::SerialPort>>;

impl ShoeSource<Box<dyn serialport::SerialPort>> {
    /// Starts the simulated shoe on a pseudo-terminal with fault `rates` (percent
    /// garbled, dropped and duplicated frames) and opens the link on it.
    pub fn start(rates: (u32, u32, u32), seed: u64) -> Result<Self, SimShoeError> {
        Self::pty(rates, seed)
    }

    /// [`ShoeSource::start`].
    pub fn pty(rates: (u32, u32, u32), seed: u64) -> Result<Self, SimShoeError> {
        use hardware::link::{open_serial, LinkSettings, ShoeLink};
        use hardware::sim::{FaultRates, Faulty, PtyShoe, SimConfig, SimDealer, SimShoe};
        let (shoe, handle) = SimShoe::new(SimConfig::default());
        let faulty = Faulty::new(shoe, FaultRates::percent(rates.0, rates.1, rates.2), seed);
        let mut pty = PtyShoe::spawn(faulty).map_err(SimShoeError::Pty)?;
        let path = pty.path().to_string();
        let link = match open_serial(&path, LinkSettings::bench()) {
            Ok(link) => link,
            // serialport sets a port's speed with the termios2 ioctls, which QEMU's
            // user-mode emulation of the Pi's processors (and some sandboxes) lack:
            // opening by the path fails there. A pseudo-terminal has no speed, so the
            // bench takes the side the pair opened and runs the same link on it; the
            // table's own runtime always opens its shoe by the path.
            Err(fault @ LinkFault::Open { .. }) => {
                let Some(port) = pty.take_port() else {
                    return Err(SimShoeError::Link { path, fault });
                };
                log::warn!("bench shoe: {fault}; using the pseudo-terminal already open");
                let port: Box<dyn serialport::SerialPort> = Box::new(port);
                ShoeLink::start(port, LinkSettings::bench()).map_err(|fault| {
                    SimShoeError::Link {
                        path: path.clone(),
                        fault,
                    }
                })?
            }
            Err(fault) => return Err(SimShoeError::Link { path, fault }),
        };
        let dealer = SimDealer::new(handle, firmware::deck::DeckKind::Standard52, 1, seed);
        let map = dealer.deck_map();
        Ok(ShoeSource {
            link,
            dealer,
            map,
            path,
            _keep: Some(Box::new(pty)),
        })
    }
}

/// The in-memory shoe of [`ShoeSource::loopback`].
pub type LoopbackShoe = hardware::sim::Loopback<hardware::sim::Faulty<hardware::sim::SimShoe>>;

impl ShoeSource<LoopbackShoe> {
    /// The simulated shoe in memory, on a simulated clock: the same link and faults,
    /// thousands of hands a second.
    pub fn loopback(rates: (u32, u32, u32), seed: u64) -> Result<Self, SimShoeError> {
        use hardware::link::{LinkSettings, ShoeLink};
        use hardware::sim::{FaultRates, Faulty, Loopback, SimConfig, SimDealer, SimShoe};
        let (shoe, handle) = SimShoe::new(SimConfig::default());
        let faulty = Faulty::new(shoe, FaultRates::percent(rates.0, rates.1, rates.2), seed);
        let link =
            ShoeLink::start(Loopback::new(faulty), LinkSettings::bench()).map_err(|fault| {
                SimShoeError::Link {
                    path: "memory".into(),
                    fault,
                }
            })?;
        let dealer = SimDealer::new(handle, firmware::deck::DeckKind::Standard52, 1, seed);
        let map = dealer.deck_map();
        Ok(ShoeSource {
            link,
            dealer,
            map,
            path: "memory".into(),
            _keep: None,
        })
    }
}

impl<P: hardware::link::ShoePort> ShoeSource<P> {
    /// Where the shoe speaks (a pseudo-terminal's path, as `/dev/table-shoe` at a table).
    pub fn path(&self) -> &str {
        &self.path
    }
}

impl<P: hardware::link::ShoePort> CardSource for ShoeSource<P> {
    fn deal(&mut self, card: Card, burn: bool) -> Result<Dealt, SimShoeError> {
        use hardware::link::Antenna;
        let antenna = Antenna::for_burn(burn);
        // The card stays at the reader until it is read: every fault is recovered by
        // reading it again (the dealer re-presents it at worst).
        for _ in 0..MAX_READ_TRIES {
            self.dealer.present(card, antenna);
            match self.link.read_card(std::time::Duration::from_millis(500)) {
                Ok(received) => {
                    self.dealer.remove();
                    return Ok(Dealt::Shoe(received));
                }
                Err(e) => log::warn!("shoe: {e}; reading {card} again"),
            }
        }
        self.dealer.remove();
        Err(SimShoeError::Unread(card))
    }

    fn deck_map(&self) -> Option<DeckMap> {
        Some(self.map.clone())
    }

    fn faults(&self) -> u64 {
        self.link.fault_counts().total()
    }
}

/// The simulated player whose turn it is at the showdown shows or mucks as players
/// do (R-SHOW-3): the first to show always shows; after him, a hand that wins or ties
/// for a share of some pot is shown, a beaten one mucked unseen.
fn show_or_muck(table: &firmware::Table) -> Result<Input, settle::SettleError> {
    let h = table.hand().ok_or(settle::SettleError::NotSettling)?;
    let seat = h.next_to_show().ok_or(settle::SettleError::NotSettling)?;
    if !h.in_hand().any(|s| h.player(s).shown) {
        return Ok(Input::Show { seat });
    }
    // What every hand would win if all were shown: a copy of the table is asked.
    let mut all_shown = table.clone();
    for s in h.showdown_order() {
        if !h.player(s).shown {
            // A seat still in with its hand not shown: always accepted.
            let _ = all_shown.handle(Input::Show { seat: s });
        }
    }
    let outcome = settle::settle(&all_shown, &[])?;
    let wins = outcome
        .pots
        .iter()
        .any(|p| p.winners.iter().any(|&(w, _)| w == seat));
    Ok(if wins {
        Input::Show { seat }
    } else {
        Input::Muck { seat }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: Game, structure: Structure, hands: u32, seed: u64) -> Summary {
        let opts = SimOptions {
            game,
            structure,
            hands,
            seed,
            players: 6,
            ..SimOptions::default()
        };
        let mut bench = SimulatedTable::new(&opts, DirectSource, None).expect("bench");
        bench
            .run(hands, &mut |_| {})
            .expect("hands play to the end")
    }

    #[test]
    fn every_game_plays_and_conserves_chips() {
        for game in [
            Game::Holdem,
            Game::Omaha,
            Game::OmahaHiLo,
            Game::FiveCardDraw,
        ] {
            for structure in [
                Structure::NoLimit,
                Structure::PotLimit,
                Structure::FixedLimit,
            ] {
                let s = play(game, structure, 40, 7);
                assert_eq!(s.hands, 40);
                // No rake at the bench: every chip bought in is still on the table.
                assert_eq!(s.chips, s.bought_in, "{game:?} {structure:?}");
            }
        }
    }

    /// PD-RFID: a card the shoe read reaches the table as the bytes the shoe sent,
    /// logged before the card is dealt, as at a real table: each card input of the log
    /// follows its frame, and the frame maps to exactly that card.
    #[test]
    fn shoe_reads_are_logged_as_the_frames_the_shoe_sent() {
        use crate::records::handlog::{AuditLog, Entry, TableKey};
        use firmware::shoe::{to_read, CardRead, ShoeFrame};
        let dir = std::env::temp_dir().join(format!("sim-frames-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let key = TableKey::from_seed([5; 32]);
        let (mut log, _) = HandLog::open(&dir, "bench", &key).expect("log");
        let opts = SimOptions {
            hands: 6,
            seed: 5,
            ..SimOptions::default()
        };
        let source = ShoeSource::loopback((5, 5, 5), opts.seed).expect("shoe");
        let map = source.deck_map().expect("a shoe has a deck map");
        let mut bench = SimulatedTable::new(&opts, source, Some(&mut log)).expect("bench");
        let summary = bench.run(opts.hands, &mut |_| {}).expect("hands");
        assert!(summary.shoe_faults > 0, "faults were injected");
        drop(bench);

        let records = AuditLog::open(&dir)
            .expect("audit")
            .records()
            .expect("records");
        let (mut frames, mut cards) = (0, 0);
        let mut last_frame: Option<Read> = None;
        for (_, r) in &records {
            match &r.entry {
                Entry::ShoeFrame { hex } => {
                    let bytes: Vec<u8> = (0..hex.len())
                        .step_by(2)
                        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
                        .collect();
                    let frame = ShoeFrame::new_checked(&bytes[..]).expect("a good frame");
                    let read = CardRead::parse(&frame).expect("a card read");
                    last_frame = Some(to_read(&map, &read).expect("a card of the deck"));
                    frames += 1;
                }
                Entry::Input { input, .. }
                    if input.starts_with("deal ") || input.starts_with("burn ") =>
                {
                    let read = last_frame.take().expect("every card follows its frame");
                    let name = read.card.expect("a card").to_string();
                    assert!(input.contains(&name), "{input} after the frame of {name}");
                    cards += 1;
                }
                _ => {}
            }
        }
        assert!(frames > 6 * 9, "a frame per card: {frames}");
        assert_eq!(cards, frames, "each frame is followed by its card");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_same_seed_plays_the_same_hands() {
        let a = play(Game::Holdem, Structure::NoLimit, 30, 42);
        let b = play(Game::Holdem, Structure::NoLimit, 30, 42);
        assert_eq!(a, b);
    }
}
