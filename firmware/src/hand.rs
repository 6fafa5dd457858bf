//! One hand as a state machine: the deal from shoe reads, burns, the board, the
//! exchange of draw poker, the betting rounds and the settlement of the pot.
//!
//! Before working on this file, read RULES.md §8 (dealing, burns, streets), §9
//! (betting order) and §17 (five-card draw). Every phase change goes through
//! `Hand::set_phase`, which traces it.

use crate::betting::{Resolved, Round};
use crate::card::{Card, CardSet};
use crate::config::{MAX_BOARD_CARDS, MAX_HOLE_CARDS, MAX_SEATS};
use crate::error::RuleError;
use crate::event::{Action, Event, Events, Read, Street, Warning};
use crate::rules::{Chips, FlCap, Game, SeatNo, Stakes, Structure, TableConfig};
pub use crate::seat::Seats;

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
    /// Draw: he has finished his exchange.
    pub drawn: bool,
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
            awarded: 0,
            voluntary: (0, false),
            opener: None,
            seat_count,
            structure,
            stakes,
            discarded: CardSet::EMPTY,
            served_discards: CardSet::EMPTY,
            deal: 0,
        }
    }

    /// The player in `seat` (1-based). Seats outside the table read as not dealt.
    pub fn player(&self, seat: SeatNo) -> &Player {
        const OUT: Player = Player {
            dealt: false,
            folded: true,
            hole: [None; MAX_HOLE_CARDS],
            holes: 0,
            street: 0,
            total: 0,
            dead: 0,
            acted_at: None,
            raises: 0,
            discards: 0,
            drawn: false,
        };
        self.players
            .get(usize::from(seat).wrapping_sub(1))
            .unwrap_or(&OUT)
    }

    pub(crate) fn player_mut(&mut self, seat: SeatNo) -> &mut Player {
        // Seats come from the engine's own iteration over 1..=seat_count.
        let i = usize::from(seat).saturating_sub(1).min(MAX_SEATS - 1);
        &mut self.players[i]
    }

    /// Seats dealt in and not folded, clockwise from seat 1.
    pub fn in_hand(&self) -> impl Iterator<Item = SeatNo> + '_ {
        // The players walked in place beside their seat numbers rather than looked up
        // by seat: the betting asks this several times an action.
        self.players
            .iter()
            .take(usize::from(self.seat_count))
            .zip(1..)
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
            .map(move |k| (self.button - 1 + k) % n + 1)
            .filter(|&s| self.player(s).dealt)
    }

    /// The first seat clockwise strictly after `from` for which `pred` holds,
    /// checking `from` itself last.
    pub(crate) fn next_after(&self, from: SeatNo, pred: impl Fn(SeatNo) -> bool) -> Option<SeatNo> {
        let n = self.seat_count;
        (1..=n).map(|k| (from - 1 + k) % n + 1).find(|&s| pred(s))
    }

    /// `D`: every chip in the middle, antes and dead blinds included (RULES.md Terms).
    pub fn pot(&self) -> Chips {
        self.players
            .iter()
            .fold(0, |acc: Chips, p| {
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
        let s = &mut seats[usize::from(seat - 1)];
        s.stack = s.stack.checked_sub(amount).ok_or(RuleError::ChipOverflow)?;
        let all_in = s.stack == 0;
        let p = self.player_mut(seat);
        p.street = p
            .street
            .checked_add(amount)
            .ok_or(RuleError::ChipOverflow)?;
        p.total = p.total.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
        Ok(all_in)
    }

    /// Checks a read card against the deck and the cards seen this hand (PD-RFID).
    fn check_card(&self, cfg: &TableConfig, card: Option<Card>) -> Result<(), RuleError> {
        if let Some(c) = card {
            if cfg.short_deck && !c.in_short_deck() {
                return Err(RuleError::NotInDeck(c));
            }
            if self.seen.contains(c) && !self.reshuffled_discard(cfg, c) {
                return Err(RuleError::DuplicateCard(c));
            }
        }
        Ok(())
    }

    /// R-DRAW-5, PD-DRAW: once the stub is used up, the discards so far are shuffled
    /// into a new stub, without the discards of the player being served.
    fn reshuffled_discard(&self, cfg: &TableConfig, c: Card) -> bool {
        let deck = CardSet::deck(cfg.short_deck);
        self.phase == Phase::Exchange
            && self.seen.len() >= deck.len()
            && self.discarded.contains(c)
            && !self.served_discards.contains(c)
    }

    fn note_seen(&mut self, card: Option<Card>) {
        if let Some(c) = card {
            self.seen.insert(c);
        }
    }

    /// A card from the shoe (RULES.md §8): a hole card, a burn, a board card or a
    /// replacement in the exchange, whichever is due. Anything else is refused.
    pub(crate) fn read(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        read: Read,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Betting => Err(match self.round.to_act {
                Some(to_act) => RuleError::BettingNotComplete { to_act },
                None => RuleError::NoCardExpected,
            }),
            Phase::Settling => Err(RuleError::NoCardExpected),
            Phase::Dealing => {
                if read.burn {
                    return Err(RuleError::UnexpectedBurn);
                }
                self.check_card(cfg, read.card)?;
                self.deal_hole(cfg, seats, read.card, ev)
            }
            Phase::Board { burn_due } => {
                if burn_due != read.burn {
                    return Err(if burn_due {
                        RuleError::MissingBurn
                    } else {
                        RuleError::UnexpectedBurn
                    });
                }
                self.check_card(cfg, read.card)?;
                self.note_seen(read.card);
                if burn_due {
                    self.burns = self.burns.saturating_add(1);
                    push(ev, Event::Burned { card: read.card })?;
                    self.set_phase(Phase::Board { burn_due: false });
                    return Ok(());
                }
                self.board
                    .push(read.card)
                    .map_err(|_| RuleError::NoCardExpected)?;
                push(
                    ev,
                    Event::BoardCard {
                        street: self.street,
                        card: read.card,
                    },
                )?;
                let due = match self.street {
                    Street::Flop => 3,
                    Street::Turn => 4,
                    _ => 5,
                };
                if self.board.len() == due {
                    self.open_betting(cfg, seats, ev)?;
                }
                Ok(())
            }
            Phase::Exchange => {
                if read.burn {
                    return Err(RuleError::UnexpectedBurn);
                }
                self.check_card(cfg, read.card)?;
                self.replace(cfg, seats, read.card, ev)
            }
        }
    }

    /// R-DEAL-1, R-DEAL-2: one card at a time, clockwise from left of the button (the
    /// small blind; heads-up the big blind), as many rounds as the game has hole cards.
    fn deal_hole(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        card: Option<Card>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        // Counted straight from the players, not by walking the deal order: this runs
        // for every hole card, and only who is dealt in matters for the count.
        let n = self
            .players
            .iter()
            .take(usize::from(self.seat_count))
            .filter(|p| p.dealt)
            .count() as u8;
        if n == 0 {
            return Err(RuleError::NoCardExpected);
        }
        let k = self.hole_dealt;
        let seat = self
            .deal_order()
            .nth(usize::from(k % n))
            .ok_or(RuleError::NoCardExpected)?;
        if k == 0 {
            if let Some((s, false)) = self.straddle {
                // R-STRAD-4: unconfirmed when the cards come: the straddle stands,
                // but he loses his option; he counts as having acted at 2×BB.
                self.player_mut(s).acted_at = Some(self.round.level);
                push(ev, Event::Warning(Warning::StraddleUnconfirmed { seat: s }))?;
            }
        }
        let p = self.player_mut(seat);
        let slot = p
            .hole
            .get_mut(usize::from(p.holes))
            .ok_or(RuleError::NoCardExpected)?;
        *slot = card;
        p.holes += 1;
        self.note_seen(card);
        self.hole_dealt = k + 1;
        push(ev, Event::HoleCard { seat, card })?;
        if self.hole_dealt == n * Self::hole_count(cfg) {
            self.open_betting(cfg, seats, ev)?;
        }
        Ok(())
    }

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
            (Street::Preflop, None) if self.stakes.big_blind > 0 => self.big_blind,
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

    /// The player to act acts (RULES.md §9).
    pub(crate) fn act(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        action: Action,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Betting {
            return Err(RuleError::NotBetting);
        }
        let seat = self.round.to_act.ok_or(RuleError::NotBetting)?;
        let (resolved, warning) = self.resolve(cfg, seats, action)?;
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
                let event = if level_before == 0 {
                    if self.street == Street::Preflop && self.opener.is_none() {
                        self.opener = Some(seat);
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
            && self.round.level == 0
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
        if cfg.game == Game::FiveCardDraw && unbet {
            // R-DRAW-3, R-DRAW-6: everyone checked: redeal, the pot stays.
            return self.redeal(ev);
        }
        let next = match (cfg.game.has_board(), self.street) {
            (true, Street::Preflop) => Street::Flop,
            (true, Street::Flop) => Street::Turn,
            (true, Street::Turn) => Street::River,
            (false, Street::Preflop) => Street::Draw,
            _ => return self.settle(ev, true),
        };
        self.begin_street(next);
        if cfg.game.has_board() {
            self.set_phase(Phase::Board {
                burn_due: !cfg.automations.burns,
            });
            if cfg.automations.burns {
                self.burns = self.burns.saturating_add(1);
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
            p.street = 0;
            p.acted_at = None;
            p.raises = 0;
        }
        self.round = Round {
            level: 0,
            increment: 0,
            full_level: 0,
            bets: 0,
            to_act: None,
            aggressor: None,
        };
        self.round.increment = self.min_increment();
    }

    /// R-POT-2 (and replay-schema rule 1): the amount by which the largest street
    /// contribution exceeds the second largest goes back to its owner.
    fn return_uncalled(&mut self, seats: &mut Seats, ev: &mut Events) -> Result<(), RuleError> {
        let mut top: Option<(SeatNo, Chips)> = None;
        let mut second: Chips = 0;
        for s in 1..=self.seat_count {
            let c = self.player(s).street;
            match top {
                Some((_, t)) if c > t => {
                    second = t;
                    top = Some((s, c));
                }
                Some(_) => second = second.max(c),
                None => top = Some((s, c)),
            }
        }
        if let Some((seat, t)) = top {
            let excess = t - second.min(t);
            if excess > 0 {
                let p = self.player_mut(seat);
                p.street -= excess;
                p.total -= excess;
                let stack = &mut seats[usize::from(seat - 1)].stack;
                *stack = stack.checked_add(excess).ok_or(RuleError::ChipOverflow)?;
                push(
                    ev,
                    Event::Returned {
                        seat,
                        amount: excess,
                    },
                )?;
            }
        }
        Ok(())
    }

    fn settle(&mut self, ev: &mut Events, contested: bool) -> Result<(), RuleError> {
        self.set_phase(Phase::Settling);
        let pot = self.pot();
        push(ev, Event::HandOver { pot, contested })?;
        if pot == 0 {
            // A walk with no small blind: the big blind's bet went back uncalled.
            push(
                ev,
                Event::HandComplete {
                    number: self.number,
                },
            )?;
        }
        Ok(())
    }

    /// R-DRAW-3, R-DRAW-6: the cards are redealt to the same players; the pot carries
    /// over; the next player clockwise deals.
    fn redeal(&mut self, ev: &mut Events) -> Result<(), RuleError> {
        let button = self
            .next_after(self.button, |s| {
                self.player(s).dealt && !self.player(s).folded
            })
            .unwrap_or(self.button);
        self.button = button;
        self.deal = self.deal.saturating_add(1);
        for p in self.players.iter_mut() {
            p.hole = [None; MAX_HOLE_CARDS];
            p.holes = 0;
            p.discards = 0;
            p.drawn = false;
            if p.folded {
                p.dealt = false;
            }
        }
        self.seen = CardSet::EMPTY;
        self.discarded = CardSet::EMPTY;
        self.served_discards = CardSet::EMPTY;
        self.hole_dealt = 0;
        self.opener = None;
        self.begin_street(Street::Preflop);
        self.set_phase(Phase::Dealing);
        push(ev, Event::Redeal { button })
    }

    /// The player due to exchange next: the first one left of the button still in the
    /// hand who has not drawn (R-DRAW-5).
    pub fn drawer(&self) -> Option<SeatNo> {
        if self.phase != Phase::Exchange {
            return None;
        }
        self.next_after(self.button, |s| {
            let p = self.player(s);
            p.dealt && !p.folded && !p.drawn
        })
    }

    /// The drawer discards one card (read at the discard slot).
    pub(crate) fn discard(&mut self, card: Card, ev: &mut Events) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NotDrawing)?;
        let p = self.player_mut(seat);
        let holes = usize::from(p.holes);
        let i = p.hole[..holes]
            .iter()
            .position(|&c| c == Some(card))
            .ok_or(RuleError::BadDiscard(card))?;
        // R-DRAW-5: 0 to 4 cards; discards end once a replacement has come.
        if p.discards & (1 << i) != 0 || p.discards.count_ones() >= 4 {
            return Err(RuleError::BadDiscard(card));
        }
        p.discards |= 1 << i;
        p.hole[i] = None;
        self.discarded.insert(card);
        self.served_discards.insert(card);
        push(ev, Event::Discarded { seat, card })
    }

    /// The drawer keeps his cards.
    pub(crate) fn stand_pat(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NotDrawing)?;
        if self.player(seat).discards != 0 {
            return Err(RuleError::ReplacementsDue(seat));
        }
        self.player_mut(seat).drawn = true;
        push(ev, Event::StoodPat { seat })?;
        self.after_draw(cfg, seats, ev)
    }

    /// A replacement card for the drawer's lowest discarded slot.
    fn replace(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        card: Option<Card>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let seat = self.drawer().ok_or(RuleError::NoCardExpected)?;
        let p = self.player_mut(seat);
        if p.discards == 0 {
            return Err(RuleError::NoCardExpected);
        }
        let i = p.discards.trailing_zeros() as usize;
        p.hole[i] = card;
        p.discards &= !(1 << i);
        if p.discards == 0 {
            p.drawn = true;
            self.served_discards = CardSet::EMPTY;
        }
        if let Some(c) = card {
            // A card of the new stub is live again.
            self.discarded.remove(c);
        }
        self.note_seen(card);
        push(ev, Event::HoleCard { seat, card })?;
        if self.player(seat).drawn {
            self.after_draw(cfg, seats, ev)?;
        }
        Ok(())
    }

    fn after_draw(
        &mut self,
        cfg: &TableConfig,
        seats: &mut Seats,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.drawer().is_none() {
            // R-DRAW-6: the second betting round.
            self.open_betting(cfg, seats, ev)?;
        }
        Ok(())
    }

    /// Chips from the pot to a player still in the hand.
    pub(crate) fn award(
        &mut self,
        seats: &mut Seats,
        seat: SeatNo,
        amount: Chips,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Settling {
            return Err(RuleError::NotSettling);
        }
        let p = self.player(seat);
        if !p.dealt || p.folded {
            return Err(RuleError::NotEligible(seat));
        }
        self.pay_out(amount)?;
        let stack = &mut seats[usize::from(seat - 1)].stack;
        *stack = stack.checked_add(amount).ok_or(RuleError::ChipOverflow)?;
        push(ev, Event::Awarded { seat, amount })
    }

    /// Takes `amount` out of the pot being settled.
    pub(crate) fn pay_out(&mut self, amount: Chips) -> Result<(), RuleError> {
        let left = self.pot();
        if amount > left {
            return Err(RuleError::AwardTooLarge { left });
        }
        if amount == 0 {
            return Err(RuleError::ZeroAmount);
        }
        self.awarded = self
            .awarded
            .checked_add(amount)
            .ok_or(RuleError::ChipOverflow)?;
        Ok(())
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
