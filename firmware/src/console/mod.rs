//! The dealer's console: checked key presses to engine inputs.
//!
//! The panel ([`crate::buttons`]) says which key was pressed and how; this module says
//! what the press means at this moment of the hand, reading the table but never
//! changing it: the [`Input`] it returns goes to [`Table::handle`] like any other, so
//! the engine alone decides whether it is legal. What a key means:
//!
//! | key | in a betting round | between hands | at the showdown (settling) |
//! |---|---|---|---|
//! | FOLD, CHECK/CALL, ALL-IN | the player to act does it | — | — |
//! | digits, CLEAR | key an amount / forget it | the same | the same |
//! | BET/RAISE or ENTER | bet or raise to the keyed amount (fixed limit: the one size, nothing keyed) | — | — |
//! | UNDO | the last input of the hand | — | the same |
//! | STRADDLE | announce; press again to confirm (R-STRAD-4) | — | — |
//! | MISDEAL (held) | the deal restarts (PD-MISDEAL) | — | — |
//! | CLEAR (held) | floor mode: the floor's rulings ([`floor`]) | the same | the same |
//! | NEXT HAND (held) | — | start the next hand | — |
//! | seat key | before a draw redeal's first card, a player who dropped out rejoins by matching (R-DRAW-6) | with an amount keyed: seat a new player with that buy-in, or top up; without: sit out / sit in; held: the player leaves | at the showdown the seat shows; held, he mucks (R-SHOW-3) |
//! | ENTER | (as BET/RAISE) | — | once every hand is shown or mucked: pay the pots as shown ([`Press::Pay`]) |
//!
//! In a draw game's exchange, the dealer keys the number of cards the player asks
//! for, then CHECK/CALL ("seat 3 draws 2"); CHECK/CALL with nothing keyed keeps the
//! hand (stands pat). The discards come from the shoe's burn slot (the dealer passes
//! each thrown card through it) and the replacements from its exit; both are
//! checked against the count (R-DRAW-5).
//!
//! UNDO, STRADDLE and MISDEAL are refused while an amount is keyed: a bet keyed by
//! mistake never turns one of them into something else.
//!
//! A press that means nothing now is refused with [`ConsoleError`], whose message
//! tells the dealer what to press instead; the keyed amount is kept so that a wrong
//! key never costs the dealer his typing.

use crate::buttons::{AmountEntry, AmountError, ButtonError, Key, KeyEvent, PressKind};
use crate::card::Card;
use crate::event::{Action, Input, Read, Ruling, Street};
use crate::hand::{Hand, Phase};
use crate::rules::{Chips, SeatNo, ShowdownRule, Structure};
use crate::table::{Presence, Table};
use core::fmt;

pub mod floor;
use floor::FloorEntry;
pub use floor::Pin;

/// What a press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Press {
    /// An input for the engine.
    Input(Input),
    /// An amount is being keyed: its value so far (for the display).
    Amount(u64),
    /// CLEAR: the amount keyed was forgotten.
    Cleared,
    /// ENTER at the showdown: pay the pots as the host's showdown says (the dealer
    /// has seen the hands shown and the mucks keyed).
    Pay,
    /// Floor mode ([`floor`]): digits of the floor's code keyed so far (never their
    /// values).
    FloorMode(u8),
    /// A floor ruling with the PIN keyed: the host checks the PIN before the engine
    /// sees the ruling ([`Input::Ruling`]).
    Ruling {
        /// The ruling.
        ruling: Ruling,
        /// The floor person's number.
        floor: u16,
        /// His PIN as keyed.
        pin: Pin,
    },
}

/// Why a press was refused. The table and the amount being keyed are unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ConsoleError {
    /// The panel refused the press (not held, pressed twice).
    Press(ButtonError),
    /// The amount keyed was refused.
    Amount(AmountError),
    /// A betting key with nobody to act.
    NobodyToAct(Key),
    /// BET/RAISE or ENTER with no amount keyed, where the size must be keyed.
    NoAmount,
    /// A seat key during the deal or a betting round.
    SeatKeyInHand(SeatNo),
    /// A seat key for an empty seat with no buy-in keyed.
    NoBuyIn(SeatNo),
    /// A seat key held (leave) for an empty seat.
    EmptySeat(SeatNo),
    /// NEXT HAND while a hand is being played.
    HandInProgress,
    /// A key that only works during a hand, between hands.
    NoHand(Key),
    /// A key with no use at this point of the hand.
    NotNow(Key),
    /// UNDO, STRADDLE or MISDEAL with an amount keyed.
    AmountKeyed(Key),
    /// In floor mode, a ruling key before a floor number (1 to 9999) and PIN.
    FloorCode,
    /// In floor mode, a key that makes no ruling.
    FloorKey(Key),
    /// FOLD in floor mode (boxed card) when the last input is not a card dealt.
    NothingToBox,
    /// ENTER in floor mode without a card's code keyed before floor mode.
    CardCode,
    /// A betting key or ENTER while the showdown waits for this seat's show or muck.
    ShowdownOpen(Key, SeatNo),
}

impl fmt::Display for ConsoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConsoleError::Press(e) => write!(f, "{e}"),
            ConsoleError::Amount(e) => write!(f, "{e}"),
            ConsoleError::NobodyToAct(key) => write!(
                f,
                "{key} not taken: nobody is to act now; deal the cards the table is waiting for"
            ),
            ConsoleError::NoAmount => {
                f.write_str("Key the amount first (the total of the bet), then BET/RAISE")
            }
            ConsoleError::SeatKeyInHand(seat) => write!(
                f,
                "Seat {seat} key not taken: seat keys work between hands, and at the showdown to show or muck"
            ),
            ConsoleError::NoBuyIn(seat) => write!(
                f,
                "Seat {seat} is empty: key the buy-in, then press the seat key"
            ),
            ConsoleError::EmptySeat(seat) => write!(f, "Seat {seat} is empty: nobody to leave"),
            ConsoleError::HandInProgress => f.write_str(
                "NEXT HAND not taken: this hand is not over; finish it, or hold MISDEAL",
            ),
            ConsoleError::NoHand(key) => {
                write!(f, "{key} not taken: no hand is being played; hold NEXT HAND to start one")
            }
            ConsoleError::NotNow(key) => write!(f, "{key} has no use at this point of the hand"),
            ConsoleError::AmountKeyed(key) => write!(
                f,
                "{key} not taken: an amount is keyed; press CLEAR first (floor rulings: hold CLEAR)"
            ),
            ConsoleError::FloorCode => f.write_str(
                "Floor: key your number (1 to 9999) and your 4-digit PIN as one number, then the ruling's key",
            ),
            ConsoleError::FloorKey(key) => write!(
                f,
                "{key} makes no floor ruling: MISDEAL held, STRADDLE, UNDO held, a seat key, FOLD or ENTER; CLEAR leaves floor mode"
            ),
            ConsoleError::NothingToBox => f.write_str(
                "No card to box: a boxed card is ruled right after it is dealt",
            ),
            ConsoleError::CardCode => f.write_str(
                "Key the card before floor mode: rank 2-14, then suit 1 clubs 2 diamonds 3 hearts 4 spades (144 = ace of spades)",
            ),
            ConsoleError::ShowdownOpen(key, seat) => write!(
                f,
                "{key} not taken: seat {seat} shows or mucks first: press his seat key to show, hold it to muck"
            ),
        }
    }
}

impl core::error::Error for ConsoleError {}

impl From<AmountError> for ConsoleError {
    fn from(e: AmountError) -> Self {
        ConsoleError::Amount(e)
    }
}

/// The console: the amount being keyed, between presses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Console {
    amount: AmountEntry,
    /// The cards the shoe read while the current betting round was open: what a
    /// premature-card ruling names (PD-PREMATURE).
    premature: Option<PrematureReads>,
    /// Floor mode, while the floor keys a ruling ([`floor`]).
    floor: Option<FloorEntry>,
}

/// The cards the shoe read, and the engine refused, while one betting round was open
/// (PD-PREMATURE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct PrematureReads {
    hand: u32,
    street: Street,
    /// The first burn read: it stays burnt whatever the floor rules.
    burn: Option<Card>,
    /// The last board card read: the premature turn card, when that is the street.
    card: Option<Card>,
}

impl PrematureReads {
    /// Whether these reads were made in `hand`'s current betting round.
    fn is_of(&self, hand: &Hand) -> bool {
        (self.hand, self.street) == (hand.number, hand.street)
    }

    /// The ruling "premature" for `hand`, naming what was read in its current round.
    pub(crate) fn ruling(reads: Option<PrematureReads>, hand: &Hand) -> Ruling {
        let reads = reads.filter(|r| r.is_of(hand));
        Ruling::Premature {
            card: reads.and_then(|r| r.card),
            burn: reads.and_then(|r| r.burn),
        }
    }
}

impl Console {
    /// A console with nothing keyed.
    pub const fn new() -> Console {
        Console {
            amount: AmountEntry::new(),
            premature: None,
            floor: None,
        }
    }

    /// The shoe read `read` in `hand` while a betting round was open (the engine
    /// refused it): a premature card or the burn before it, if the floor so rules.
    /// The first burn of the round is the one that stays; the last board card is the
    /// one a premature turn sets aside. Reads of an earlier round are forgotten.
    pub fn premature_read(&mut self, hand: &Hand, read: Read) {
        let Some(card) = read.card else {
            return;
        };
        let mut reads = self
            .premature
            .filter(|p| p.is_of(hand))
            .unwrap_or(PrematureReads {
                hand: hand.number,
                street: hand.street,
                burn: None,
                card: None,
            });
        if read.burn {
            reads.burn = reads.burn.or(Some(card));
        } else {
            reads.card = Some(card);
        }
        self.premature = Some(reads);
    }

    /// The amount keyed so far, if any digit was.
    pub fn keyed(&self) -> Option<Chips> {
        (!self.amount.is_empty()).then(|| Chips::new(self.amount.value()))
    }

    /// What `event` means at `table` now. An input uses up the amount keyed; a
    /// refused press keeps it.
    pub fn press(&mut self, table: &Table, event: KeyEvent) -> Result<Press, ConsoleError> {
        let key = event.check().map_err(ConsoleError::Press)?;
        let held = event.kind == PressKind::Long;
        if self.floor.is_some() {
            return self.floor_press(table, key, held);
        }
        match key {
            Key::Clear if held => Ok(self.enter_floor_mode()),
            Key::Digit(_) => {
                self.amount.press(key)?;
                Ok(Press::Amount(self.amount.value()))
            }
            Key::Clear => {
                self.amount.clear();
                Ok(Press::Cleared)
            }
            Key::Enter if live(table).map(|h| h.phase) == Some(Phase::Settling) => {
                self.amount.clear();
                Ok(Press::Pay)
            }
            _ => {
                let input = self.meaning(table, key, held)?;
                self.amount.clear();
                Ok(Press::Input(input))
            }
        }
    }

    /// The input `key` stands for, reading (not changing) the amount keyed.
    fn meaning(&self, table: &Table, key: Key, held: bool) -> Result<Input, ConsoleError> {
        let phase = live(table).map(|h| h.phase);
        match key {
            Key::NextHand => match phase {
                None => Ok(Input::StartHand),
                Some(_) => Err(ConsoleError::HandInProgress),
            },
            Key::Undo | Key::Misdeal | Key::Straddle if self.keyed().is_some() => {
                Err(ConsoleError::AmountKeyed(key))
            }
            Key::Undo | Key::Misdeal => match phase {
                None => Err(ConsoleError::NoHand(key)),
                Some(_) if key == Key::Undo => Ok(Input::Undo),
                Some(_) => Ok(Input::Misdeal),
            },
            Key::Straddle => {
                let h = live(table).ok_or(ConsoleError::NoHand(key))?;
                // The first press announces; a second press, before the first hole
                // card, confirms (R-STRAD-4).
                Ok(Input::Straddle {
                    confirmed: h.straddle.is_some(),
                })
            }
            // R-DRAW-5: the count the player asks for, keyed; nothing (or 0): he
            // stands pat.
            Key::CheckCall if phase == Some(Phase::Exchange) => Ok(match self.keyed() {
                Some(n) if n > Chips::ZERO => Input::Draw {
                    count: u8::try_from(n.get()).unwrap_or(u8::MAX),
                },
                _ => Input::StandPat,
            }),
            Key::Fold | Key::CheckCall | Key::AllIn | Key::BetRaise | Key::Enter
                if phase == Some(Phase::Showdown) =>
            {
                let next = live(table).and_then(Hand::next_to_show);
                Err(next.map_or(ConsoleError::NotNow(key), |s| {
                    ConsoleError::ShowdownOpen(key, s)
                }))
            }
            Key::Fold | Key::CheckCall | Key::AllIn | Key::BetRaise | Key::Enter => {
                self.action(table, key).map(Input::Act)
            }
            Key::Seat(seat) => self.seat(table, seat, held),
            Key::Digit(_) | Key::Clear => Err(ConsoleError::NotNow(key)),
        }
    }

    /// A betting key: the player to act's decision.
    fn action(&self, table: &Table, key: Key) -> Result<Action, ConsoleError> {
        let Some(options) = table.options() else {
            return Err(match live(table) {
                None => ConsoleError::NoHand(key),
                Some(_) => ConsoleError::NobodyToAct(key),
            });
        };
        Ok(match key {
            Key::Fold => Action::Fold,
            Key::CheckCall => Action::CheckCall,
            Key::AllIn => Action::AllIn,
            _ => match (self.keyed(), options.raise) {
                (Some(to), _) => Action::BetTo(to),
                // Fixed limit has one size: nothing to key (R-FL).
                (None, Some(r)) if table.config().structure == Structure::FixedLimit => {
                    Action::BetTo(r.min_to)
                }
                (None, _) => return Err(ConsoleError::NoAmount),
            },
        })
    }

    /// A seat key: between hands, seating and presence; at the showdown, a show
    /// (held: a muck); at a settlement that tabled every hand, a muck.
    fn seat(&self, table: &Table, seat: SeatNo, held: bool) -> Result<Input, ConsoleError> {
        if !held && live(table).is_some_and(|h| h.may_rejoin(seat)) {
            // R-DRAW-6: before the redeal's first card, a player who dropped out
            // rejoins by matching.
            return Ok(Input::Rejoin { seat });
        }
        match live(table).map(|h| h.phase) {
            Some(Phase::Showdown) if held => return Ok(Input::Muck { seat }),
            Some(Phase::Showdown) => return Ok(Input::Show { seat }),
            Some(Phase::Settling) if table.config().showdown == ShowdownRule::Tabled => {
                return Ok(Input::Muck { seat })
            }
            Some(Phase::Settling) => return Err(ConsoleError::NotNow(Key::Seat(seat))),
            Some(_) => return Err(ConsoleError::SeatKeyInHand(seat)),
            None => {}
        }
        let presence = table.seat(seat).map_or(Presence::Empty, |s| s.presence);
        match (presence, self.keyed(), held) {
            (Presence::Empty, _, true) => Err(ConsoleError::EmptySeat(seat)),
            (_, _, true) => Ok(Input::Leave { seat }),
            (Presence::Empty, Some(stack), false) => Ok(Input::SitDown {
                seat,
                stack,
                wait_for_bb: false,
            }),
            (Presence::Empty, None, false) => Err(ConsoleError::NoBuyIn(seat)),
            (_, Some(amount), false) => Ok(Input::TopUp { seat, amount }),
            (Presence::SittingOut, None, false) => Ok(Input::SitIn {
                seat,
                wait_for_bb: false,
            }),
            (Presence::Playing | Presence::WaitingForBb, None, false) => Ok(Input::SitOut { seat }),
        }
    }
}

/// The hand being played, if one is: the table keeps the last hand after its end.
fn live(table: &Table) -> Option<&Hand> {
    table.hand().filter(|_| table.in_hand())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::RuleError;
    use crate::event::{Event, Read};
    use crate::rules::{ch, sn, Game, TableConfig};
    use crate::Card;

    fn short(key: Key) -> KeyEvent {
        KeyEvent {
            key,
            kind: PressKind::Short,
            at: crate::time::Instant::ZERO,
        }
    }

    fn held(key: Key) -> KeyEvent {
        KeyEvent {
            key,
            kind: PressKind::Long,
            at: crate::time::Instant::ZERO,
        }
    }

    fn digits(console: &mut Console, table: &Table, amount: &str) {
        for c in amount.bytes() {
            let key = Key::digit(c - b'0').unwrap();
            console.press(table, short(key)).unwrap();
        }
    }

    /// Plays `press` and hands its input to the engine.
    fn act(console: &mut Console, table: &mut Table, event: KeyEvent) -> Input {
        match console.press(table, event) {
            Ok(Press::Input(input)) => {
                table.handle(input).unwrap();
                input
            }
            other => panic!("{event:?}: {other:?}"),
        }
    }

    fn nl_table() -> Table {
        Table::new(TableConfig::new(
            Game::Holdem,
            Structure::NoLimit,
            ch(5),
            ch(10),
        ))
        .unwrap()
    }

    /// Three players seated from the panel, hole cards dealt: seat 1 is to act.
    fn preflop() -> (Console, Table) {
        let mut c = Console::new();
        let mut t = nl_table();
        for seat in SeatNo::up_to(3) {
            digits(&mut c, &t, "1000");
            act(&mut c, &mut t, short(Key::Seat(seat)));
        }
        act(&mut c, &mut t, held(Key::NextHand));
        let cards = ["As", "Kd", "Qh", "Ad", "Kc", "Qs"];
        for card in cards {
            let card: Card = card.parse().unwrap();
            t.handle(Input::Card(Read::card(card))).unwrap();
        }
        (c, t)
    }

    #[test]
    fn a_seat_key_with_an_amount_seats_a_player() {
        let mut c = Console::new();
        let mut t = nl_table();
        digits(&mut c, &t, "1500");
        assert_eq!(c.keyed(), Some(ch(1500)));
        let input = act(&mut c, &mut t, short(Key::Seat(sn(4))));
        assert_eq!(
            input,
            Input::SitDown {
                seat: sn(4),
                stack: ch(1500),
                wait_for_bb: false
            }
        );
        assert_eq!(c.keyed(), None, "the amount is used up");
        assert_eq!(t.seat(sn(4)).unwrap().stack, ch(1500));
        // Again with an amount: a top-up (R-TABLE-4); without: sit out, then sit in.
        digits(&mut c, &t, "500");
        assert_eq!(
            act(&mut c, &mut t, short(Key::Seat(sn(4)))),
            Input::TopUp {
                seat: sn(4),
                amount: ch(500)
            }
        );
        assert_eq!(
            act(&mut c, &mut t, short(Key::Seat(sn(4)))),
            Input::SitOut { seat: sn(4) }
        );
        assert_eq!(
            act(&mut c, &mut t, short(Key::Seat(sn(4)))),
            Input::SitIn {
                seat: sn(4),
                wait_for_bb: false
            }
        );
        assert_eq!(
            act(&mut c, &mut t, held(Key::Seat(sn(4)))),
            Input::Leave { seat: sn(4) }
        );
    }

    #[test]
    fn an_empty_seat_wants_a_buy_in() {
        let mut c = Console::new();
        let t = nl_table();
        assert_eq!(
            c.press(&t, short(Key::Seat(sn(2)))),
            Err(ConsoleError::NoBuyIn(sn(2)))
        );
        assert_eq!(
            c.press(&t, held(Key::Seat(sn(2)))),
            Err(ConsoleError::EmptySeat(sn(2)))
        );
    }

    #[test]
    fn betting_keys_act_for_the_player_to_act() {
        let (mut c, mut t) = preflop();
        assert_eq!(t.options().unwrap().seat, sn(1));
        // Nothing keyed: BET/RAISE says to key the amount, and nothing changes.
        let before = t.clone();
        assert_eq!(
            c.press(&t, short(Key::BetRaise)),
            Err(ConsoleError::NoAmount)
        );
        assert_eq!(t.state(), before.state());
        digits(&mut c, &t, "30");
        assert_eq!(
            act(&mut c, &mut t, short(Key::BetRaise)),
            Input::Act(Action::BetTo(ch(30)))
        );
        assert_eq!(
            act(&mut c, &mut t, short(Key::CheckCall)),
            Input::Act(Action::CheckCall)
        );
        // ENTER after an amount is BET/RAISE too.
        digits(&mut c, &t, "90");
        assert_eq!(
            act(&mut c, &mut t, short(Key::Enter)),
            Input::Act(Action::BetTo(ch(90)))
        );
        assert_eq!(
            act(&mut c, &mut t, short(Key::Fold)),
            Input::Act(Action::Fold)
        );
        assert_eq!(
            act(&mut c, &mut t, short(Key::AllIn)),
            Input::Act(Action::AllIn)
        );
    }

    #[test]
    fn a_refused_press_keeps_the_amount_keyed() {
        let (mut c, t) = preflop();
        digits(&mut c, &t, "25");
        assert_eq!(
            c.press(&t, short(Key::Seat(sn(2)))),
            Err(ConsoleError::SeatKeyInHand(sn(2)))
        );
        assert_eq!(c.keyed(), Some(ch(25)));
        assert_eq!(c.press(&t, short(Key::Clear)), Ok(Press::Cleared));
        assert_eq!(c.keyed(), None);
    }

    #[test]
    fn misdeal_and_next_hand_must_be_held() {
        let (mut c, mut t) = preflop();
        assert_eq!(
            c.press(&t, short(Key::Misdeal)),
            Err(ConsoleError::Press(ButtonError::HoldToConfirm(
                Key::Misdeal
            )))
        );
        assert_eq!(
            c.press(&t, held(Key::NextHand)),
            Err(ConsoleError::HandInProgress)
        );
        assert_eq!(act(&mut c, &mut t, held(Key::Misdeal)), Input::Misdeal);
    }

    #[test]
    fn a_double_press_of_an_action_never_acts_twice() {
        let (mut c, t) = preflop();
        let double = KeyEvent {
            key: Key::CheckCall,
            kind: PressKind::Double,
            at: crate::time::Instant::ZERO,
        };
        assert_eq!(
            c.press(&t, double),
            Err(ConsoleError::Press(ButtonError::RepeatedPress(
                Key::CheckCall
            )))
        );
    }

    #[test]
    fn keys_that_need_a_hand_say_so_between_hands() {
        let mut c = Console::new();
        let t = nl_table();
        for key in [Key::Fold, Key::CheckCall, Key::Undo, Key::Straddle] {
            assert_eq!(c.press(&t, short(key)), Err(ConsoleError::NoHand(key)));
        }
        assert_eq!(
            c.press(&t, held(Key::Misdeal)),
            Err(ConsoleError::NoHand(Key::Misdeal))
        );
    }

    #[test]
    fn straddle_announces_then_confirms() {
        let mut c = Console::new();
        let cfg = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
        let mut t = Table::new(cfg).unwrap();
        for seat in SeatNo::up_to(4) {
            digits(&mut c, &t, "1000");
            act(&mut c, &mut t, short(Key::Seat(seat)));
        }
        act(&mut c, &mut t, held(Key::NextHand));
        assert_eq!(
            act(&mut c, &mut t, short(Key::Straddle)),
            Input::Straddle { confirmed: false }
        );
        assert_eq!(
            act(&mut c, &mut t, short(Key::Straddle)),
            Input::Straddle { confirmed: true }
        );
    }

    #[test]
    fn fixed_limit_bets_its_one_size_with_nothing_keyed() {
        let mut c = Console::new();
        let mut t = Table::new(TableConfig::new(
            Game::Holdem,
            Structure::FixedLimit,
            ch(5),
            ch(10),
        ))
        .unwrap();
        for seat in SeatNo::up_to(2) {
            digits(&mut c, &t, "500");
            act(&mut c, &mut t, short(Key::Seat(seat)));
        }
        act(&mut c, &mut t, held(Key::NextHand));
        for card in ["As", "Kd", "Ad", "Kc"] {
            t.handle(Input::Card(Read::card(card.parse().unwrap())))
                .unwrap();
        }
        let min = t.options().unwrap().raise.unwrap().min_to;
        assert_eq!(
            act(&mut c, &mut t, short(Key::BetRaise)),
            Input::Act(Action::BetTo(min))
        );
    }

    #[test]
    fn at_the_showdown_a_seat_key_shows_and_held_mucks_in_turn() {
        let (mut c, mut t) = preflop();
        // Everyone calls and checks down: the showdown opens (R-SHOW-2).
        act(&mut c, &mut t, short(Key::CheckCall));
        act(&mut c, &mut t, short(Key::CheckCall));
        act(&mut c, &mut t, short(Key::CheckCall));
        let mut cards = ["2c", "3c", "4d", "5h", "7s", "8s", "9d", "Td"].into_iter();
        while t.hand().map(|h| h.phase) != Some(Phase::Showdown) {
            match t.hand().map(|h| h.phase) {
                Some(Phase::Board { burn_due }) => {
                    let card: Card = cards.next().unwrap().parse().unwrap();
                    let read = if burn_due {
                        Read::burn(card)
                    } else {
                        Read::card(card)
                    };
                    t.handle(Input::Card(read)).unwrap();
                }
                _ => {
                    act(&mut c, &mut t, short(Key::CheckCall));
                }
            }
        }
        let first = t.hand().and_then(Hand::next_to_show).unwrap();
        let other = SeatNo::up_to(3).find(|&s| s != first).unwrap();
        assert_eq!(
            c.press(&t, short(Key::Enter)),
            Err(ConsoleError::ShowdownOpen(Key::Enter, first))
        );
        assert_eq!(
            c.press(&t, held(Key::Seat(other))),
            Ok(Press::Input(Input::Muck { seat: other }))
        );
        assert_eq!(
            c.press(&t, short(Key::Seat(other))),
            Ok(Press::Input(Input::Show { seat: other }))
        );
    }

    /// Holds CLEAR, keys the floor's code, and presses `key`: the ruling and PIN.
    fn floor_ruling(
        c: &mut Console,
        t: &Table,
        code: &str,
        key: KeyEvent,
    ) -> Result<Press, ConsoleError> {
        assert_eq!(c.press(t, held(Key::Clear)), Ok(Press::FloorMode(0)));
        assert!(c.floor_mode());
        for (i, d) in code.bytes().enumerate() {
            let key = Key::digit(d - b'0').unwrap();
            assert_eq!(c.press(t, short(key)), Ok(Press::FloorMode(i as u8 + 1)));
        }
        c.press(t, key)
    }

    fn ruling(ruling: Ruling, floor: u16, pin: u16) -> Result<Press, ConsoleError> {
        Ok(Press::Ruling {
            ruling,
            floor,
            pin: Pin::new(pin).unwrap(),
        })
    }

    #[test]
    fn the_floor_rules_in_floor_mode_with_his_number_and_pin() {
        let (mut c, t) = preflop();
        let void = floor_ruling(&mut c, &t, "170042", held(Key::Misdeal));
        assert_eq!(void, ruling(Ruling::VoidHand, 17, 42));
        assert!(!c.floor_mode(), "a ruling leaves floor mode");
        let announced = floor_ruling(&mut c, &t, "49999", short(Key::Straddle));
        assert_eq!(announced, ruling(Ruling::StraddleAnnounced, 4, 9999));
        // The last card dealt (seat 3's Qs) boxed; seat 2's card exposed.
        let boxed = floor_ruling(&mut c, &t, "90001", short(Key::Fold));
        let qs: Card = "Qs".parse().unwrap();
        assert_eq!(boxed, ruling(Ruling::Boxed { card: qs }, 9, 1));
        let exposed = floor_ruling(&mut c, &t, "90001", short(Key::Seat(sn(2))));
        let on_seat_2 = Ruling::Exposed {
            seat: sn(2),
            card: None,
        };
        assert_eq!(exposed, ruling(on_seat_2, 9, 1));
        // A card entered by hand: its code keyed before floor mode (144: A♠).
        digits(&mut c, &t, "144");
        let manual = floor_ruling(&mut c, &t, "90001", short(Key::Enter));
        let a_s: Card = "As".parse().unwrap();
        assert_eq!(manual, ruling(Ruling::Manual { card: a_s }, 9, 1));
        assert_eq!(c.keyed(), None, "the card's code is used up");
    }

    /// The shoe's read `read` refused by the engine, told to the console as the host
    /// does.
    fn refused_read(c: &mut Console, t: &mut Table, read: Read) {
        let err = t.handle(Input::Card(read)).unwrap_err();
        assert!(
            matches!(err, RuleError::BettingNotComplete { .. }),
            "{err:?}"
        );
        c.premature_read(t.hand().unwrap(), read);
    }

    #[test]
    fn pd_premature_the_ruling_names_the_burn_that_stays_and_the_turn_card() {
        let (mut c, mut t) = preflop();
        let card = |s: &str| -> Card { s.parse().unwrap() };
        // A burn read early in the preflop round, then betting goes on and ends: the
        // burn is read again as the flop's own, and the early read is forgotten.
        refused_read(&mut c, &mut t, Read::burn(card("2c")));
        for _ in 0..3 {
            act(&mut c, &mut t, short(Key::CheckCall));
        }
        t.handle(Input::Card(Read::burn(card("2c")))).unwrap();
        for s in ["7d", "8c", "9s"] {
            t.handle(Input::Card(Read::card(card(s)))).unwrap();
        }
        act(&mut c, &mut t, short(Key::CheckCall));
        // A premature turn: its burn and its card, each refused.
        refused_read(&mut c, &mut t, Read::burn(card("3c")));
        refused_read(&mut c, &mut t, Read::card(card("Jd")));
        let premature = Ruling::Premature {
            card: Some(card("Jd")),
            burn: Some(card("3c")),
        };
        let ruled = floor_ruling(&mut c, &t, "90001", held(Key::Undo));
        assert_eq!(ruled, ruling(premature, 9, 1));
        let Ok(Press::Ruling { ruling, floor, .. }) = ruled else {
            unreachable!()
        };
        t.handle(Input::Ruling { ruling, floor }).unwrap();
        assert_eq!(
            t.handle(Input::Card(Read::burn(card("3c")))),
            Err(RuleError::BettingNotComplete { to_act: sn(3) }),
            "still the flop's betting"
        );
    }

    #[test]
    fn floor_mode_refuses_a_short_code_a_wrong_key_and_a_missing_card() {
        let (mut c, t) = preflop();
        // Four digits are only a PIN: the floor's number is missing.
        let short_code = floor_ruling(&mut c, &t, "4200", held(Key::Misdeal));
        assert_eq!(short_code, Err(ConsoleError::FloorCode));
        assert!(c.floor_mode(), "a refused press stays in floor mode");
        assert_eq!(c.press(&t, short(Key::Clear)), Ok(Press::Cleared));
        assert!(!c.floor_mode());
        let no_card = floor_ruling(&mut c, &t, "170042", short(Key::Enter));
        assert_eq!(no_card, Err(ConsoleError::CardCode));
        assert_eq!(
            c.press(&t, short(Key::CheckCall)),
            Err(ConsoleError::FloorKey(Key::CheckCall))
        );
        assert_eq!(c.press(&t, short(Key::Clear)), Ok(Press::Cleared));
        // Out of floor mode, a keyed amount never turns MISDEAL into a ruling.
        digits(&mut c, &t, "170042");
        assert_eq!(
            c.press(&t, held(Key::Misdeal)),
            Err(ConsoleError::AmountKeyed(Key::Misdeal))
        );
        assert_eq!(
            c.keyed(),
            Some(ch(170_042)),
            "a refused press keeps the keying"
        );
    }

    /// A three-handed draw table, fixed limit 2/4 with an ante of 1, seated from the
    /// panel: the first hand started, its cards due.
    fn draw_hand() -> (Console, Table) {
        let mut cfg = TableConfig::new(Game::FiveCardDraw, Structure::FixedLimit, ch(0), ch(0));
        cfg.stakes.ante = ch(1);
        cfg.stakes.small_bet = ch(2);
        cfg.stakes.big_bet = ch(4);
        let mut t = Table::new(cfg).unwrap();
        let mut c = Console::new();
        for seat in SeatNo::up_to(3) {
            digits(&mut c, &t, "50");
            act(&mut c, &mut t, short(Key::Seat(seat)));
        }
        act(&mut c, &mut t, held(Key::NextHand));
        (c, t)
    }

    #[test]
    fn r_draw_6_a_seat_key_rejoins_a_redeal_before_its_first_card() {
        let (mut c, mut t) = draw_hand();
        while t.hand().is_some_and(|h| h.phase == Phase::Dealing) {
            t.handle(Input::Card(Read::unread())).unwrap();
        }
        // Seat 2 opens, seat 3 folds, seat 1 calls; both stand pat; nobody bets.
        digits(&mut c, &t, "2");
        act(&mut c, &mut t, short(Key::BetRaise));
        act(&mut c, &mut t, short(Key::Fold));
        for _ in 0..5 {
            act(&mut c, &mut t, short(Key::CheckCall));
        }
        assert_eq!(t.hand().map(|h| h.deal), Some(1), "redealt");
        assert_eq!(
            c.press(&t, short(Key::Seat(sn(1)))),
            Err(ConsoleError::SeatKeyInHand(sn(1)))
        );
        let rejoin = act(&mut c, &mut t, short(Key::Seat(sn(3))));
        assert_eq!(rejoin, Input::Rejoin { seat: sn(3) });
        assert_eq!(
            c.press(&t, short(Key::Seat(sn(3)))),
            Err(ConsoleError::SeatKeyInHand(sn(3))),
            "he is back in"
        );
    }

    /// A three-handed draw table, fixed limit, dealt from a known deck; seat 2 opens
    /// and both others call: the exchange is due, seat 2 first.
    fn draw_exchange() -> (Console, Table) {
        let (mut c, mut t) = draw_hand();
        let deck = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc 2d 3d 4d 5d 6d";
        for card in deck.split(' ') {
            t.handle(Input::Card(Read::card(card.parse().unwrap())))
                .unwrap();
        }
        digits(&mut c, &t, "2");
        act(&mut c, &mut t, short(Key::BetRaise));
        act(&mut c, &mut t, short(Key::CheckCall));
        act(&mut c, &mut t, short(Key::CheckCall));
        assert_eq!(t.hand().map(|h| h.phase), Some(Phase::Exchange));
        (c, t)
    }

    /// The `i`th hole card of `seat`.
    fn hole(t: &Table, seat: SeatNo, i: usize) -> Card {
        t.hand().unwrap().player(seat).hole[i].unwrap()
    }

    #[test]
    fn r_draw_5_the_count_keyed_binds_the_discards_and_replacements() {
        let (mut c, mut t) = draw_exchange();
        let drawer = t.hand().unwrap().drawer().unwrap();
        digits(&mut c, &t, "2");
        let asked = act(&mut c, &mut t, short(Key::CheckCall));
        assert_eq!(asked, Input::Draw { count: 2 });
        // A replacement before his two discards are read is refused.
        t.handle(Input::Card(Read::burn(hole(&t, drawer, 0))))
            .unwrap();
        let early = t.handle(Input::Card(Read::card("Ah".parse().unwrap())));
        assert_eq!(
            early.err(),
            Some(RuleError::DiscardsDue {
                seat: drawer,
                asked: 2,
                thrown: 1
            })
        );
        t.handle(Input::Card(Read::burn(hole(&t, drawer, 1))))
            .unwrap();
        // A third discard is more than he asked for.
        let third = t.handle(Input::Card(Read::burn(hole(&t, drawer, 2))));
        assert_eq!(
            third.err(),
            Some(RuleError::MoreThanAsked {
                seat: drawer,
                asked: 2
            })
        );
        t.handle(Input::Card(Read::card("Ah".parse().unwrap())))
            .unwrap();
        // Once a replacement has come, the count stands.
        assert_eq!(
            t.handle(Input::Draw { count: 3 }).err(),
            Some(RuleError::DrawUnderway(drawer))
        );
        t.handle(Input::Card(Read::card("Kh".parse().unwrap())))
            .unwrap();
        assert_ne!(t.hand().unwrap().drawer(), Some(drawer), "his draw is done");
    }

    #[test]
    fn r_draw_5_a_count_out_of_range_is_refused_and_nothing_keyed_stands_pat() {
        let (mut c, mut t) = draw_exchange();
        let drawer = t.hand().unwrap().drawer().unwrap();
        digits(&mut c, &t, "5");
        let five = c.press(&t, short(Key::CheckCall));
        assert_eq!(five, Ok(Press::Input(Input::Draw { count: 5 })));
        assert_eq!(
            t.handle(Input::Draw { count: 5 }).err(),
            Some(RuleError::DrawCount(5))
        );
        // Asked for one, he may change his mind before any card comes, but he
        // cannot stand pat without UNDO.
        t.handle(Input::Draw { count: 1 }).unwrap();
        t.handle(Input::Draw { count: 3 }).unwrap();
        assert_eq!(
            t.handle(Input::StandPat).err(),
            Some(RuleError::DiscardsDue {
                seat: drawer,
                asked: 3,
                thrown: 0
            })
        );
        t.handle(Input::Undo).unwrap();
        t.handle(Input::Undo).unwrap();
        let pat = act(&mut c, &mut t, short(Key::CheckCall));
        assert_eq!(pat, Input::StandPat);
        assert_ne!(t.hand().unwrap().drawer(), Some(drawer));
    }

    #[test]
    fn all_in_every_hand_is_tabled_and_a_seat_key_has_no_use() {
        let (mut c, mut t) = preflop();
        // Everyone all in: the board runs out and the hand settles.
        for _ in 0..3 {
            act(&mut c, &mut t, short(Key::AllIn));
        }
        for card in ["2c", "3c", "4d", "5h", "7s", "8s", "9d", "Td"] {
            if t.hand().map(|h| h.phase) == Some(Phase::Settling) {
                break;
            }
            let burn = matches!(
                t.hand().map(|h| h.phase),
                Some(Phase::Board { burn_due: true })
            );
            let card: Card = card.parse().unwrap();
            let read = if burn {
                Read::burn(card)
            } else {
                Read::card(card)
            };
            t.handle(Input::Card(read)).unwrap();
        }
        assert_eq!(t.hand().map(|h| h.phase), Some(Phase::Settling));
        // PD-SHOW: every hand was tabled when the betting ended; none can be mucked.
        assert!(SeatNo::up_to(3).all(|s| t.hand().unwrap().player(s).shown));
        assert_eq!(
            c.press(&t, short(Key::Seat(sn(2)))),
            Err(ConsoleError::NotNow(Key::Seat(sn(2))))
        );
        assert_eq!(c.press(&t, short(Key::Enter)), Ok(Press::Pay));
        // In floor mode the seat key lets that seat be paid against the tabled hands
        // (R-SHOW-4: the host checks the award; the engine only logs the ruling).
        let over = floor_ruling(&mut c, &t, "170042", short(Key::Seat(sn(2))));
        assert_eq!(over, ruling(Ruling::AwardOverride { seat: sn(2) }, 17, 42));
        let Ok(Press::Ruling {
            ruling: r, floor, ..
        }) = over
        else {
            unreachable!()
        };
        let events = t.handle(Input::Ruling { ruling: r, floor }).unwrap();
        assert!(matches!(
            events.as_slice(),
            [Event::Ruled { floor: 17, .. }]
        ));
        // Paid (here by hand): the hand is over and the keys are those between hands.
        let pot = t.hand().unwrap().pot();
        t.handle(Input::Award {
            seat: sn(1),
            amount: pot,
        })
        .unwrap();
        assert!(!t.in_hand());
        assert_eq!(
            c.press(&t, short(Key::Enter)),
            Err(ConsoleError::NoHand(Key::Enter))
        );
        assert_eq!(
            c.press(&t, short(Key::Seat(sn(2)))),
            Ok(Press::Input(Input::SitOut { seat: sn(2) }))
        );
        assert_eq!(
            c.press(&t, held(Key::NextHand)),
            Ok(Press::Input(Input::StartHand))
        );
    }
}
