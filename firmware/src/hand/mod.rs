//! One hand as a state machine: the deal from shoe reads, burns, the board, the
//! exchange of draw poker, the betting rounds and the settlement of the pot, and the
//! betting ledger and its limits.
//!
//! Before working on this module, read RULES.md §8 (dealing, burns, streets), §9
//! (betting order) and §17 (five-card draw). Every phase change goes through
//! `Hand::set_phase`, which traces it.
//!
//! This file holds the hand's data and the helpers every phase uses; each phase's
//! transitions are a file of their own: `deal.rs` (cards from the shoe: hole cards,
//! burns, the board), `round.rs` (the betting rounds and the streets), `draw.rs` (the
//! exchange and the redeal of five-card draw) and `settle.rs` (the pot paid out);
//! `betting.rs` holds the ledger and the limits, where the one function that says
//! what the player to act may do lives ([`Hand::options`]).

pub mod betting;
mod deal;
mod draw;
mod exposed;
mod openers;
mod premature;
mod round;
mod settle;
mod showdown;

use crate::card::{Card, CardSet};
use crate::config::{MAX_BOARD_CARDS, MAX_HOLE_CARDS, MAX_SEATS};
use crate::error::RuleError;
use crate::event::{Event, Events, Street};
use crate::rules::{Chips, FlCap, SeatNo, Stakes, Structure, TableConfig};
pub use crate::seat::Seats;
use betting::Round;
pub use round::uncalled_excess;
pub use showdown::{show_order, ShowOrder};

/// Where a hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Phase {
    /// Hole cards are being dealt (R-DEAL-1); the straddle may still be posted.
    Dealing,
    /// A betting round is open; [`Round::to_act`] says whose turn it is.
    Betting,
    /// Board cards of `street` are due, after a burn if `burn_due` (R-BURN-1).
    Board {
        /// The burn card has not been read yet.
        burn_due: bool,
    },
    /// Five-card draw: the players discard and receive replacements in turn (R-DRAW-5).
    Exchange,
    /// Betting is over and the hands are shown or mucked in turn (R-SHOW-1..3):
    /// [`Hand::next_to_show`] says whose turn it is.
    Showdown,
    /// Betting is over: the pot is being awarded.
    Settling,
}

/// One player's part in the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Player {
    /// Dealt into this hand.
    pub dealt: bool,
    /// Folded (or, at the showdown, mucked): he can win nothing.
    pub folded: bool,
    /// Hole cards; `None` for a card dealt without a read.
    pub hole: [Option<Card>; MAX_HOLE_CARDS],
    /// Hole cards received.
    pub holes: u8,
    /// `c[p]`: chips put in during this betting round (blinds and straddle count).
    pub street: Chips,
    /// Live chips put in during the whole hand (blinds, straddle, bets; not antes).
    pub total: Chips,
    /// Dead chips: antes and a dead small blind (R-ANTE-1, R-MISS-2).
    pub dead: Chips,
    /// The level `H` when he last acted this round; `None` if he has not acted.
    pub acted_at: Option<Chips>,
    /// Raises this round (fixed-limit per-player cap, R-FL-3).
    pub raises: u8,
    /// Draw: bit `i` set when hole card `i` was discarded and awaits its replacement.
    pub discards: u8,
    /// Draw: the cards he asked for in the exchange (0: no count keyed; the discards
    /// read then say how many).
    pub asked: u8,
    /// Draw: he has finished his exchange.
    pub drawn: bool,
    /// His hand is tabled (shown at the showdown, or all-in with the betting over,
    /// PD-SHOW): only then may the players' screen show his hole cards.
    pub shown: bool,
    /// He mucked at the showdown (`folded` is set too): he wins nothing, but his
    /// chips still shape the pots as they did when he called (PokerKit counts a
    /// mucked hand among a pot's players the same way).
    pub mucked: bool,
}

/// The board's cards in the order dealt (`None` for a card dealt without a read): a
/// fixed array and a count, so that a [`Hand`] is `Copy` and the table copies its
/// state in one piece (a refused input changes nothing). Reads as a slice.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Board {
    /// The cards; those past `len` are always `None`.
    cards: [Option<Card>; MAX_BOARD_CARDS],
    /// Cards dealt.
    len: u8,
}

impl Board {
    /// Adds a card; `Err` with it when the board is full.
    pub fn push(&mut self, card: Option<Card>) -> Result<(), Option<Card>> {
        let slot = self.cards.get_mut(usize::from(self.len)).ok_or(card)?;
        *slot = card;
        self.len += 1;
        Ok(())
    }
}

/// Written as the list of its cards, as the board was before it was a `Board`.
impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl core::ops::Deref for Board {
    type Target = [Option<Card>];

    fn deref(&self) -> &[Option<Card>] {
        self.cards.get(..usize::from(self.len)).unwrap_or(&[])
    }
}

/// The hand in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Hand {
    /// The hand's number at this table, from 1.
    pub number: u32,
    /// The button's seat (possibly empty: a dead button).
    pub button: SeatNo,
    /// The seat that posted the small blind, if any.
    pub small_blind: Option<SeatNo>,
    /// The big blind's seat.
    pub big_blind: SeatNo,
    /// The straddler and whether the straddle was confirmed (R-STRAD-4).
    pub straddle: Option<(SeatNo, bool)>,
    /// The betting round in progress, or about to be.
    pub street: Street,
    /// Where the hand is.
    pub phase: Phase,
    /// The open betting round.
    pub round: Round,
    /// Players by seat number − 1.
    pub players: [Player; MAX_SEATS],
    /// The board (R-STREET-1).
    pub board: Board,
    /// Burns read or automated this hand.
    pub burns: u8,
    /// Every card seen this hand: a second read of one is an error (PD-RFID).
    pub seen: CardSet,
    /// Hole cards dealt so far in the current deal.
    pub hole_dealt: u8,
    /// Chips awarded so far at the settlement.
    pub awarded: Chips,
    /// Voluntary preflop actions, and whether one of them put chips in: a misdeal
    /// is allowed only before substantial action (PD-MISDEAL).
    pub voluntary: (u8, bool),
    /// Draw: the player who opened the first round (he must show openers, R-DRAW-2).
    pub opener: Option<SeatNo>,
    /// Draw: the opener's openers could not be checked when he opened (a card the
    /// shoe did not read): the showdown reminds the floor (PD-DRAW).
    pub opener_unchecked: bool,
    /// Seats that can be dealt at this table (`max_players`).
    pub seat_count: u8,
    /// This hand's betting structure (mixed games change it between hands, R-MIX-1).
    pub structure: Structure,
    /// This hand's blinds, antes and bet sizes.
    pub stakes: Stakes,
    /// Draw: cards discarded in the exchange, available for a new stub (R-DRAW-5).
    pub discarded: CardSet,
    /// Draw: the discards of the player being served, kept out of a new stub (PD-DRAW).
    pub served_discards: CardSet,
    /// Redeals of this hand so far (R-DRAW-3, R-DRAW-6): 0 for the first deal.
    pub deal: u8,
    /// PD-PREMATURE: the street dealt without a burn.
    pub burnless: Option<Street>,
    /// PD-PREMATURE: the premature turn card, out of play until the river.
    pub set_aside: Option<Card>,
    /// PD-EXPOSED: the hole card the dealer exposed and its seat (one a hand).
    pub exposed: Option<(SeatNo, Card)>,
    /// PD-EXPOSED: the seat owed a card for its exposed one, dealt after the others.
    pub owed: Option<SeatNo>,
    /// PD-EXPOSED: the exposed card, still to be read as the first burn.
    pub exposed_burn: Option<Card>,
    /// Draw, R-DRAW-6: the seats that dropped out of the last deal before a redeal
    /// (bit `seat - 1`), who may rejoin by matching.
    pub dropped: u16,
}

impl Hand {
    /// A hand with no players yet.
    pub(crate) fn new(
        number: u32,
        seat_count: u8,
        (structure, stakes): (Structure, Stakes),
        button: SeatNo,
        big_blind: SeatNo,
    ) -> Hand {
        Hand {
            number,
            button,
            small_blind: None,
            big_blind,
            straddle: None,
            street: Street::Preflop,
            phase: Phase::Dealing,
            round: Round::default(),
            players: [Player::default(); MAX_SEATS],
            board: Board::default(),
            burns: 0,
            seen: CardSet::EMPTY,
            hole_dealt: 0,
            awarded: Chips::ZERO,
            voluntary: (0, false),
            opener: None,
            opener_unchecked: false,
            seat_count,
            structure,
            stakes,
            discarded: CardSet::EMPTY,
            served_discards: CardSet::EMPTY,
            deal: 0,
            burnless: None,
            set_aside: None,
            exposed: None,
            owed: None,
            exposed_burn: None,
            dropped: 0,
        }
    }

    /// The player in `seat` (1-based). Seats outside the table read as not dealt.
    pub fn player(&self, seat: SeatNo) -> &Player {
        const OUT: Player = Player {
            dealt: false,
            folded: true,
            hole: [None; MAX_HOLE_CARDS],
            holes: 0,
            street: Chips::ZERO,
            total: Chips::ZERO,
            dead: Chips::ZERO,
            acted_at: None,
            raises: 0,
            discards: 0,
            asked: 0,
            drawn: false,
            shown: false,
            mucked: false,
        };
        self.players.get(seat.index()).unwrap_or(&OUT)
    }

    pub(crate) fn player_mut(&mut self, seat: SeatNo) -> &mut Player {
        // `players` has a place for every seat number.
        &mut self.players[seat.index()]
    }

    /// Seats dealt in and not folded, clockwise from seat 1.
    pub fn in_hand(&self) -> impl Iterator<Item = SeatNo> + '_ {
        // The players walked in place beside their seat numbers rather than looked up
        // by seat: the betting asks this several times an action.
        self.players
            .iter()
            .take(usize::from(self.seat_count))
            .zip(SeatNo::up_to(self.seat_count))
            .filter(|(p, _)| p.dealt && !p.folded)
            .map(|(_, s)| s)
    }

    /// Players still in the hand.
    pub fn live_count(&self) -> usize {
        self.in_hand().count()
    }

    /// Whether at most one player is still in the hand: stops at the second, as the
    /// hand asks this after every action.
    fn one_left(&self) -> bool {
        self.in_hand().nth(1).is_none()
    }

    /// Seats dealt in, clockwise starting left of the button (the deal order, R-DEAL-1).
    pub fn deal_order(&self) -> impl Iterator<Item = SeatNo> + '_ {
        let n = self.seat_count;
        (1..=n)
            .filter_map(move |k| self.button.clockwise(k, n))
            .filter(|&s| self.player(s).dealt)
    }

    /// The first seat clockwise strictly after `from` for which `pred` holds,
    /// checking `from` itself last.
    pub(crate) fn next_after(&self, from: SeatNo, pred: impl Fn(SeatNo) -> bool) -> Option<SeatNo> {
        let n = self.seat_count;
        (1..=n)
            .filter_map(|k| from.clockwise(k, n))
            .find(|&s| pred(s))
    }

    /// `D`: every chip in the middle, antes and dead blinds included (RULES.md Terms).
    pub fn pot(&self) -> Chips {
        self.players
            .iter()
            .fold(Chips::ZERO, |acc: Chips, p| {
                acc.saturating_add(p.total).saturating_add(p.dead)
            })
            .saturating_sub(self.awarded)
    }

    /// The number of hole cards each player is dealt.
    fn hole_count(cfg: &TableConfig) -> u8 {
        cfg.game.hole_cards()
    }

    fn set_phase(&mut self, phase: Phase) {
        trace!(
            "hand {}: phase {:?} => {:?}",
            self.number,
            self.phase,
            phase
        );
        self.phase = phase;
    }

    /// Takes up to `amount` from the seat's stack into his street and hand totals.
    /// Returns whether he is now all-in.
    pub(crate) fn take_chips(
        &mut self,
        seats: &mut Seats,
        seat: SeatNo,
        amount: Chips,
    ) -> Result<bool, RuleError> {
        let s = &mut seats[seat.index()];
        s.stack = s.stack.checked_sub(amount).ok_or(RuleError::ChipOverflow)?;
        let all_in = s.stack == Chips::ZERO;
        let p = self.player_mut(seat);
        p.street = p
            .street
            .checked_add(amount)
            .ok_or(RuleError::ChipOverflow)?;
        p.total = p.total.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
        Ok(all_in)
    }

    /// Whether the fixed-limit cap counts the big blind as the first bet (R-FL-2).
    pub(crate) fn blind_is_bet(&self, cfg: &TableConfig) -> bool {
        self.structure == Structure::FixedLimit
            && matches!(
                cfg.fl_cap,
                FlCap::Round {
                    blind_is_bet: true,
                    ..
                }
            )
    }
}

/// Adds an event to the list of one input's events.
pub(crate) fn push(ev: &mut Events, e: Event) -> Result<(), RuleError> {
    ev.push(e).map_err(|_| RuleError::HandLogFull)
}
