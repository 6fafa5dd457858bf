//! What the table screen shows, built from the engine's state after each input: the
//! seats, whose turn and what it costs, the board, the pots with the seats that can
//! win them, the showdown, and the warnings. Every figure comes from the engine (the
//! limits: [`Table::options`]) or from the host's money code (pots, showdown); the
//! display computes none of them itself. Text is in the table's language
//! ([`super::i18n`]); the page only lays it out.

use super::dealer::{DealerState, DealerView, ShoeHealth};
use super::hands;
use super::i18n::{Lang, Warn, Word};
use super::screen_text::ScreenText;
use crate::money::equity::EquityReport;
use crate::money::eval::LowRules;
use crate::money::hand;
use crate::money::settle::{self, HandResult};
use firmware::rules::ShowdownRule;
use firmware::{Card, Chips, Event, Game, Phase, Presence, SeatNo, Street, Structure, Table};
use serde::Serialize;

/// Banners and notices kept at once: the newest win. Each also ends when its cause
/// ends ([`Presenter::take`]).
pub const MAX_BANNERS: usize = 4;

/// The last hands' results kept for the players' screen between hands.
pub const MAX_LAST_HANDS: usize = 3;

pub use crate::words::card::CardView;

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The seat's number.
    pub seat: SeatNo,
    /// "Seat 3" in the table's language.
    pub label: String,
    /// The player's name, if the table has one for him.
    pub name: String,
    /// Chips behind.
    pub stack: Chips,
    /// Chips in front of him this betting round.
    pub bet: Chips,
    /// Button, blinds and straddle, in the table's language.
    pub markers: Vec<Marker>,
    /// Missed-blind buttons and the like ("Missed BB", "New player").
    pub owes: Vec<&'static str>,
    /// "Folded", "All-in" or empty.
    pub status: &'static str,
    /// Folded or not dealt in: drawn dimmed.
    pub out: bool,
    /// His turn.
    pub acting: bool,
    /// Cards face up (at the showdown, or all-in with no more betting); never
    /// before: the display must not show a hand the player has not shown.
    pub cards: Vec<CardView>,
    /// Face-down cards he holds (drawn as backs).
    pub backs: u8,
    /// He won chips at the showdown.
    pub winner: bool,
    /// His position (R-POS-1): "Early", "Middle" or "Late"; none for the blinds
    /// (their markers say it) and between hands.
    pub position: Option<&'static str>,
    /// His last action this betting round (fold and all-in stay for the hand):
    /// `check`, `call`, `bet`, `raise`, `allin`, `fold` or `post`, for the page's colours.
    pub action: Option<&'static str>,
    /// The same in words with the chips in front of him: "Raise 290", "Check".
    pub action_text: String,
    /// His stack, written in the table's language ("1 000").
    pub stack_text: String,
}

/// A seat's button, blind or straddle marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Marker {
    /// `d`, `sb`, `bb` or `str`, for the page's colours.
    pub code: &'static str,
    /// As the table's language abbreviates it ("D", "МБ", "ББ").
    pub text: &'static str,
}

/// One amount the dealer must see in large type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Figure {
    /// What it is ("To call", "Pot-limit max").
    pub label: &'static str,
    /// The amount.
    pub amount: Chips,
    /// The amount as the table's language writes it.
    pub amount_text: String,
}

/// Whose turn, and what he may do: the engine's options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnView {
    /// The seat to act.
    pub seat: SeatNo,
    /// "To act: Seat 4".
    pub label: String,
    /// "To act", printed small above [`TurnView::who`].
    pub who_label: &'static str,
    /// "Seat 4", in large type.
    pub who: String,
    /// To call (0 shows as "Check"), minimum and, in pot limit, the maximum.
    pub figures: Vec<Figure>,
    /// Set when no raise is allowed ("No raise: call or fold").
    pub note: Option<&'static str>,
}

/// A pot in the middle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PotView {
    /// "Main pot", "Side pot 1" …
    pub label: String,
    /// Chips in it.
    pub amount: Chips,
    /// The seats that can win it.
    pub eligible: Vec<SeatNo>,
    /// "Seats 1, 3, 4", "Seats 1–10" (written by `seats_text`).
    pub eligible_text: String,
    /// At the showdown, for each winner, what he won of this pot, under the pot's
    /// own name and amount: "Seat 3 +300"; in hi/lo with the half: "Low: Seat 4
    /// +150".
    pub winners: Vec<String>,
    /// "Main pot: 4,246", its figure written in the table's language.
    pub amount_text: String,
    /// "Main: 4,246", "Side 1: 900": the same without the word "pot", for a screen
    /// too narrow for two pots' full names side by side (the page uses it only then).
    pub short_text: String,
}

/// Every chip of the hand: the pots and the bets still in front of the players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TotalView {
    /// "Total pot".
    pub label: &'static str,
    /// The chips.
    pub chips: Chips,
    /// Written in the table's language.
    pub amount: String,
}

/// A winner at the showdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// The seat.
    pub seat: SeatNo,
    /// "Seat 3 wins 450".
    pub text: String,
    /// The high hand's name ("Full house, kings over tens"), when he won (part
    /// of) a pot with it; none when nobody showed, or when he won only the low.
    pub hand: Option<String>,
    /// The five cards of the high hand (empty when `hand` is none).
    pub cards: Vec<CardView>,
    /// Hi/lo: the low's name ("Low 8-6-4-2-A"), when he won a low half with it.
    pub low: Option<String>,
    /// The five cards of the low.
    pub low_cards: Vec<CardView>,
}

/// The whole screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Which run of the controller made it (its start time, ms): after a restart
    /// the count starts again, and the page must not take the new views for old.
    pub session: u64,
    /// Increases with each update within a session; the page ignores an older one.
    pub seq: u64,
    /// When the engine accepted the input shown (ms since the epoch): the page
    /// measures its own delay from it.
    pub at_ms: u64,
    /// The page's language code.
    pub lang: &'static str,
    /// "Table 7 · Pot-limit Omaha".
    pub title: String,
    /// The stakes in full words ("Blinds 5/10 · Ante 1", "Ante 1 · Bets 2/4"), so
    /// nobody has to guess what an unlabelled "(1)" was.
    pub limits: String,
    /// The last hands' results, newest first ("Hand 12: Seat 4 wins 600"): seats
    /// and chips only, never a card or a hand's name.
    pub last_hands: Vec<String>,
    /// "Hand 12".
    pub hand: String,
    /// "Flop", "Dealing", "Showdown", "Between hands".
    pub phase: String,
    /// Seats around the table (the page places them around the oval).
    pub max_seats: u8,
    /// The seats, in seat order.
    pub seats: Vec<SeatView>,
    /// "Board".
    pub board_label: &'static str,
    /// The board.
    pub board: Vec<CardView>,
    /// "Burned: 2".
    pub burns: String,
    /// Whose turn, if betting.
    pub turn: Option<TurnView>,
    /// Main pot first, then side pots.
    pub pots: Vec<PotView>,
    /// The winners at the showdown.
    pub results: Vec<ResultView>,
    /// The house's share of the pot, once the hand is settled ("Rake: 15"; PD-RAKE),
    /// none when nothing was taken.
    pub rake: Option<String>,
    /// Warnings, newest last: never a card (a refused card says only its kind).
    pub banners: Vec<ScreenText>,
    /// Set when every player still in is all-in and the cards are up: the equity
    /// for this key will follow (see [`EquityView`]).
    pub equity_key: Option<String>,
    /// Labels the page prints beside figures.
    pub labels: Labels,
    /// What was put right already or is only news (a shoe frame read again, an
    /// amount the engine corrected, an UNDO, a misdeal): shown quietly, beside the
    /// title, until its cause ends. The loud ones are `banners`.
    pub notices: Vec<ScreenText>,
    /// The pots and the bets in front of the players, together; none between hands.
    pub total_pot: Option<TotalView>,
    /// Cards drawn in four colours (a display option, on by default).
    pub four_colour: bool,
    /// Whether the game has a board and burns to show (not in draw).
    pub burns_shown: bool,
    /// The dealer's part, shown on the page's `/dealer` address.
    pub dealer: DealerView,
}

/// Labels for the page's fixed places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Labels {
    /// "Stack".
    pub stack: &'static str,
    /// "Bet".
    pub bet: &'static str,
    /// "Win".
    pub win: &'static str,
    /// "Tie".
    pub tie: &'static str,
    /// Said over the table when the page hears nothing from the controller.
    pub stale: &'static str,
    /// Said over the table when the page has lost its link to the controller.
    pub lost: &'static str,
    /// "Last hands", over the results of the hands before this one.
    pub last_hands: &'static str,
}

/// The all-in equity of each seat, computed after the view it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EquityView {
    /// The [`View::equity_key`] it belongs to.
    pub key: String,
    /// Boards enumerated.
    pub boards: u64,
    /// Per seat: win and tie, in percent with two decimals ("81.06").
    pub seats: Vec<SeatEquity>,
}

/// One seat's equity.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatEquity {
    /// The seat.
    pub seat: SeatNo,
    /// Chance to win alone, percent, two decimals.
    pub win: String,
    /// Expected share from ties, percent, two decimals.
    pub tie: String,
    /// What the seat's box prints, in the table's language: "Win 81,1%" (and the
    /// tie, when it matters) with one pot; with side pots, its share of each pot it
    /// can win ("Main 5,0%", "Side 1 95,0%"), each reckoned among the hands that can
    /// win that pot only.
    pub lines: Vec<String>,
}

/// An equity computation the display wants: every live hand is known and up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EquityJob {
    /// The key of the view it belongs to.
    pub key: String,
    /// The game.
    pub game: Game,
    /// The low rules of the table (hi/lo).
    pub low: LowRules,
    /// Each live seat and its cards.
    pub hands: Vec<(SeatNo, Vec<Card>)>,
    /// The board so far.
    pub board: Vec<Card>,
    /// The table's language, for the figures.
    pub lang: Lang,
    /// The pots two or more of these seats can win, main pot first: each with the
    /// seats that can win it.
    pub pots: Vec<Vec<SeatNo>>,
}

impl EquityJob {
    /// Computes it: exact, every rest of the board. The burned cards are not used as
    /// dead cards: they are face down, and the screen must not tell what they were.
    pub fn run(&self) -> Result<EquityView, crate::money::equity::EquityError> {
        let report = self.exact(&self.hands)?;
        let pct = |x: f64| format!("{:.2}", x * 100.0);
        let lang = self.lang;
        // Each contested pot among its own hands only: a seat that can win only
        // the main pot has no chance at the side pots' chips.
        let per_pot = if self.pots.len() > 1 {
            self.pots
                .iter()
                .map(|seats| {
                    let hands: Vec<(SeatNo, Vec<Card>)> = self
                        .hands
                        .iter()
                        .filter(|(s, _)| seats.contains(s))
                        .cloned()
                        .collect();
                    self.exact(&hands).map(|r| (hands, r))
                })
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let lines = |seat: SeatNo, e: &crate::money::equity::Equity| -> Vec<String> {
            if per_pot.is_empty() {
                let mut out = vec![format!("{} {}", lang.word(Word::Win), lang.percent(e.win))];
                // A tie only when it matters (half a percent or more): the seat's
                // box has no room for noise.
                if e.tie >= 0.005 {
                    out.push(format!("{} {}", lang.word(Word::Tie), lang.percent(e.tie)));
                }
                return out;
            }
            per_pot
                .iter()
                .enumerate()
                .filter_map(|(i, (hands, r))| {
                    let at = hands.iter().position(|(s, _)| *s == seat)?;
                    let e = r.players.get(at)?;
                    Some(format!(
                        "{} {}",
                        pot_short_label(lang, i),
                        lang.percent(e.win + e.tie)
                    ))
                })
                .collect()
        };
        Ok(EquityView {
            key: self.key.clone(),
            boards: report.boards,
            seats: self
                .hands
                .iter()
                .zip(&report.players)
                .map(|(&(seat, _), e)| SeatEquity {
                    seat,
                    win: pct(e.win),
                    tie: pct(e.tie),
                    lines: lines(seat, e),
                })
                .collect(),
        })
    }

    /// The exact equity of `hands` on this board.
    fn exact(
        &self,
        hands: &[(SeatNo, Vec<Card>)],
    ) -> Result<EquityReport, crate::money::equity::EquityError> {
        let cards: Vec<&[Card]> = hands.iter().map(|(_, c)| c.as_slice()).collect();
        crate::money::equity::exact_with_low(self.game, self.low, &cards, &self.board, &[])
    }
}

/// Why a banner or notice is up: each ends when its cause does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// A card refused: until a card is taken.
    CardRefused,
    /// The shoe's link is gone: until the shoe talks again (a card, or even a
    /// damaged frame), whatever hand it is.
    ShoeLost,
    /// A damaged frame, already read again: until the next card.
    ShoeFault,
    /// An amount the engine corrected: until the betting round ends.
    Engine,
    /// The last input was taken back: until the next input.
    Undone,
    /// A misdeal: until the hand's cards come again.
    Misdeal,
}

impl Cause {
    /// Loud (red, over the title) when someone must act now; quiet otherwise.
    fn loud(self) -> bool {
        matches!(self, Cause::CardRefused | Cause::ShoeLost)
    }
}

/// A player's last action, as the page colours it (its `code`) and names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Post,
    Check,
    Call,
    Bet,
    Raise,
    AllIn,
    Fold,
    /// Draw: the cards thrown so far in the exchange.
    Draws(u8),
    /// Draw: the cards he asked for, keyed by the dealer (R-DRAW-5): the discards
    /// that follow do not change it.
    Asks(u8),
    /// Draw: kept his five.
    Pat,
}

impl Act {
    fn code(self) -> &'static str {
        match self {
            Act::Post => "post",
            Act::Check => "check",
            Act::Call => "call",
            Act::Bet => "bet",
            Act::Raise => "raise",
            Act::AllIn => "allin",
            Act::Fold => "fold",
            Act::Draws(_) | Act::Asks(_) => "draw",
            Act::Pat => "pat",
        }
    }

    fn word(self) -> Word {
        match self {
            Act::Post => Word::Post,
            Act::Check => Word::Check,
            Act::Call => Word::Call,
            Act::Bet => Word::Bet,
            Act::Raise => Word::Raise,
            Act::AllIn => Word::AllIn,
            Act::Fold => Word::Folded,
            Act::Draws(_) | Act::Asks(_) => Word::Draws,
            Act::Pat => Word::StandsPat,
        }
    }

    /// Folds and all-ins stand for the rest of the hand; the others for their round.
    fn stays(self) -> bool {
        matches!(self, Act::Fold | Act::AllIn)
    }

    fn of(e: &Event) -> Option<(SeatNo, Act)> {
        let all_in = |a: bool, act: Act| if a { Act::AllIn } else { act };
        match *e {
            Event::Posted {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Post))),
            Event::Checked { seat } => Some((seat, Act::Check)),
            Event::Called {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Call))),
            Event::Bet {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Bet))),
            Event::Raised {
                seat, all_in: a, ..
            } => Some((seat, all_in(a, Act::Raise))),
            Event::Folded { seat } => Some((seat, Act::Fold)),
            Event::StoodPat { seat } => Some((seat, Act::Pat)),
            Event::DrawAsked { seat, count } => Some((seat, Act::Asks(count))),
            _ => None,
        }
    }
}

/// Each seat's last action.
type Acts = [Option<Act>; firmware::config::MAX_SEATS];

/// Turns the table into views: keeps what the table itself does not (the outcome of
/// the hand being paid, the warnings, the last actions, the update count).
#[derive(Debug, Clone)]
pub struct Presenter {
    lang: Lang,
    table_name: String,
    names: Vec<String>,
    equity: bool,
    four_colour: bool,
    session: u64,
    seq: u64,
    /// The outcome of the hand being settled (or just settled): hand number and outcome.
    outcome: Option<(u32, HandResult)>,
    banners: Vec<(Cause, ScreenText)>,
    acts: Acts,
    /// The last actions before each input of this hand, so an UNDO puts them back.
    undo: Vec<Acts>,
    dealer: DealerState,
    /// The last hands' results, newest first ([`View::last_hands`]).
    last_hands: std::collections::VecDeque<String>,
}

impl Presenter {
    /// A presenter for a table called `table_name`, in `lang`, with the players'
    /// `names` by seat (seat 1 first; missing or empty names show the seat only).
    pub fn new(lang: Lang, table_name: &str, names: Vec<String>) -> Presenter {
        Presenter {
            lang,
            table_name: table_name.to_string(),
            names,
            equity: true,
            four_colour: true,
            session: crate::records::handlog::now_ms(),
            seq: 0,
            outcome: None,
            banners: Vec::new(),
            acts: [None; firmware::config::MAX_SEATS],
            undo: Vec::new(),
            dealer: DealerState::new(lang),
            last_hands: std::collections::VecDeque::new(),
        }
    }

    /// Draws the cards in four colours or in the usual two (a display option).
    pub fn with_four_colours(mut self, on: bool) -> Presenter {
        self.four_colour = on;
        self
    }

    /// Turns all-in equity on or off (a table setting).
    pub fn with_equity(mut self, on: bool) -> Presenter {
        self.equity = on;
        self
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Takes in the events of an accepted input (warnings, a new hand, the actions,
    /// the payout), and ends the banners whose cause has ended.
    pub fn take(&mut self, table: &Table, events: &[Event]) {
        self.dealer.take(events);
        if !events.is_empty() {
            self.end(&[Cause::Undone]);
            if !events.contains(&Event::Undone) {
                self.undo.push(self.acts);
            }
        }
        for e in events {
            if let Some((seat, act)) = Act::of(e) {
                if let Some(slot) = self.acts.get_mut(seat.index()) {
                    *slot = Some(act);
                }
            }
            match e {
                Event::HandStarted { .. } => {
                    self.banners.retain(|(c, _)| *c == Cause::ShoeLost);
                    if let Some((n, o)) = self.outcome.take() {
                        self.remember_result(n, &o);
                    }
                    self.acts = [None; firmware::config::MAX_SEATS];
                    self.undo.clear();
                }
                Event::HoleCard { .. }
                | Event::Burned { .. }
                | Event::BoardCard { .. }
                | Event::Discarded { .. } => {
                    if let Event::Discarded { seat, .. } = e {
                        if let Some(slot) = self.acts.get_mut(seat.index()) {
                            *slot = Some(match *slot {
                                Some(Act::Draws(n)) => Act::Draws(n.saturating_add(1)),
                                Some(Act::Asks(n)) => Act::Asks(n),
                                _ => Act::Draws(1),
                            });
                        }
                    }
                    self.end(&[
                        Cause::CardRefused,
                        Cause::ShoeLost,
                        Cause::ShoeFault,
                        Cause::Misdeal,
                    ])
                }
                Event::RoundComplete { .. } => {
                    self.end(&[Cause::Engine]);
                    for a in self.acts.iter_mut() {
                        *a = a.filter(|a| a.stays());
                    }
                }
                Event::Warning(w) => self.warn(Warn::Engine(*w)),
                Event::Redeal { .. } => {
                    self.acts = [None; firmware::config::MAX_SEATS];
                    self.add(
                        Cause::Misdeal,
                        ScreenText::word(self.lang.word(Word::Redeal)),
                    );
                }
                Event::Misdealt { .. } => {
                    self.acts = [None; firmware::config::MAX_SEATS];
                    self.undo.clear();
                    self.add(
                        Cause::Misdeal,
                        ScreenText::word(self.lang.word(Word::Misdeal)),
                    );
                }
                Event::Undone => {
                    if let Some(before) = self.undo.pop() {
                        self.acts = before;
                    }
                    self.add(
                        Cause::Undone,
                        ScreenText::word(self.lang.word(Word::Undone)),
                    );
                }
                _ => {}
            }
        }
        self.remember_outcome(table);
        self.remember_awards(table, events);
    }

    /// Keeps a finished hand's result for the screen between hands: each winner
    /// and his chips ("Hand 12: Seat 4 wins 600"), nothing of any card.
    fn remember_result(&mut self, number: u32, o: &HandResult) {
        let lang = self.lang;
        let wins: Vec<String> = settle::seat_totals(o)
            .into_iter()
            .filter(|&(_, c)| c > Chips::ZERO)
            .map(|(s, c)| wins_text(lang, s, c))
            .collect();
        if wins.is_empty() {
            return;
        }
        self.last_hands.push_front(format!(
            "{} {number}: {}",
            lang.word(Word::Hand),
            wins.join(", ")
        ));
        self.last_hands.truncate(MAX_LAST_HANDS);
    }

    fn end(&mut self, causes: &[Cause]) {
        self.banners.retain(|(c, _)| !causes.contains(c));
    }

    fn add(&mut self, cause: Cause, text: ScreenText) {
        if self.banners.last().map(|(_, t)| t) != Some(&text) {
            self.banners.push((cause, text));
        }
        if self.banners.len() > MAX_BANNERS {
            self.banners.remove(0);
        }
    }

    /// A pot paid in the same step that ended the betting (the runtime pays an
    /// uncontested pot at once): the result is what the engine awarded.
    fn remember_awards(&mut self, table: &Table, events: &[Event]) {
        let Some(h) = table.hand() else { return };
        if self.outcome.as_ref().is_some_and(|(n, _)| *n == h.number) {
            return;
        }
        let awards: Vec<(SeatNo, Chips)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::Awarded { seat, amount } => Some((seat, amount)),
                _ => None,
            })
            .collect();
        if awards.is_empty() {
            return;
        }
        let amount = awards.iter().map(|&(_, c)| c).sum();
        let uncontested = events.iter().any(|e| {
            matches!(
                e,
                Event::HandOver {
                    contested: false,
                    ..
                }
            )
        });
        self.outcome = Some((
            h.number,
            HandResult {
                pots: vec![settle::PaidPot {
                    amount,
                    eligible: awards.iter().map(|&(s, _)| s).collect(),
                    winners: awards,
                }],
                rake: Chips::ZERO,
                hands: Vec::new(),
                uncontested,
            },
        ));
    }

    /// Adds a warning: loud for what someone must see to now (a refused card, a
    /// lost shoe), quiet for what is already put right (a frame read again, an
    /// amount corrected). A refused card is said by its kind only: the banner is
    /// on the players' screen (issue 26, PD-RFID).
    pub fn warn(&mut self, w: Warn) {
        let text = ScreenText::warning(self.lang, &w);
        let cause = match w {
            Warn::Engine(_) => Cause::Engine,
            Warn::CardRefused(_) => Cause::CardRefused,
            Warn::ShoeFault => {
                // A damaged frame is still a frame: the link is there.
                self.end(&[Cause::ShoeLost]);
                self.dealer.shoe(ShoeHealth::ReadAgain);
                Cause::ShoeFault
            }
            Warn::ShoeLost => {
                self.dealer.shoe(ShoeHealth::Silent);
                Cause::ShoeLost
            }
        };
        self.add(cause, text);
    }

    /// Takes in what one press or read of the table's runtime did: the events of an
    /// accepted input, or the banner for a refused card or a shoe fault; a refused
    /// key and the amount being keyed are for the dealer's part only.
    pub fn report(&mut self, table: &Table, outcome: &crate::session::table::Outcome) {
        use crate::session::table::{Outcome as Did, Refusal};
        match outcome {
            Did::Accepted(events) => {
                // A ruling taken leaves floor mode.
                self.floor_mode(None);
                self.take(table, events);
            }
            Did::Refused(m) => {
                // A press the panel refused keeps floor mode; a ruling refused (its
                // PIN, or the engine) has left it.
                if !matches!(m, Refusal::Key(_)) {
                    self.floor_mode(None);
                }
                self.refused(m);
            }
            Did::CardRefused(m) => self.warn(Warn::CardRefused(m.clone())),
            Did::ShoeFault(_) => self.warn(Warn::ShoeFault),
            Did::ShoeLost(_) => self.warn(Warn::ShoeLost),
            Did::Amount(v) => self.keyed(Some(*v)),
            Did::Cleared => {
                self.keyed(None);
                self.floor_mode(None);
            }
            Did::FloorMode(digits) => {
                self.keyed(None);
                self.floor_mode(Some(*digits));
            }
        }
    }

    /// The dealer's amount being keyed, or none once cleared.
    pub fn keyed(&mut self, amount: Option<u64>) {
        self.dealer.keyed(amount);
    }

    /// The panel in floor mode with `digits` keyed, or out of it.
    pub fn floor_mode(&mut self, digits: Option<u8>) {
        self.dealer.floor_mode(digits);
    }

    /// An input the table refused, with its reason, for the dealer's view. That view
    /// is served with the players' screen: a refusal naming a card says only its
    /// kind there (the hand log and the console keep the card).
    pub fn refused(&mut self, reason: &crate::session::table::Refusal) {
        self.dealer.refused(ScreenText::refusal(self.lang, reason));
    }

    /// A press read from the panel at `at_ms`, for the dealer's view.
    pub fn pressed(&mut self, key: firmware::buttons::Key, at_ms: u64) {
        self.dealer.pressed(key, at_ms);
    }

    /// The key stuck down on the panel, or none once released, for the dealer's view.
    pub fn stuck(&mut self, key: Option<firmware::buttons::Key>) {
        self.dealer.stuck(key);
    }

    /// The hand's outcome, computed once when its betting ends, before the first
    /// chip is paid, and kept until the next hand so the result stays on the screen.
    fn remember_outcome(&mut self, table: &Table) {
        let Some(h) = table.hand() else { return };
        // Until the first chip is paid, a player may still muck at the showdown:
        // the outcome is computed again after each input, then kept.
        let paying = table.hand_inputs().iter().any(|i| {
            matches!(
                i,
                firmware::Input::Award { .. } | firmware::Input::Rake { .. }
            )
        });
        if paying && self.outcome.as_ref().is_some_and(|(n, _)| *n == h.number) {
            return;
        }
        if table.in_hand() && h.phase == Phase::Settling {
            if let Ok(o) = settle::settle(table, &[]) {
                self.outcome = Some((h.number, o));
            }
        }
    }

    /// The screen now, stamped `at_ms`.
    pub fn view(&mut self, table: &Table, at_ms: u64) -> View {
        self.view_and_equity(table, at_ms).0
    }

    /// [`Presenter::view`], and the equity job its `equity_key` names, worked out
    /// once for both.
    pub fn view_and_equity(&mut self, table: &Table, at_ms: u64) -> (View, Option<EquityJob>) {
        let job = self.equity_job(table);
        self.seq += 1;
        let lang = self.lang;
        let cfg = table.config();
        let hand = table.hand();
        let outcome = match (hand, &self.outcome) {
            (Some(h), Some((n, o))) if h.number == *n => Some(o),
            _ => None,
        };
        let (structure, stakes) =
            hand.map_or((cfg.structure, cfg.stakes), |h| (h.structure, h.stakes));
        let title = format!("{} · {}", self.table_name, lang.game(cfg.game, structure));
        let winners_five = outcome.and_then(|o| self.winning_five(table, o));
        let highlighted = |c: Card| winners_five.as_ref().is_some_and(|f| f.contains(&c));
        let positions = hand.map(|h| positions(table, h));
        let drawing = hand.filter(|_| table.in_hand()).and_then(|h| h.drawer());

        let seats = SeatNo::up_to(cfg.max_players)
            .filter_map(|s| table.seat(s).map(|seat| (s, *seat)))
            .filter(|(_, seat)| seat.presence != Presence::Empty)
            .map(|(s, seat)| {
                let p = hand.map(|h| *h.player(s));
                let dealt = p.is_some_and(|p| p.dealt);
                let folded = p.is_some_and(|p| p.folded);
                let live = dealt && !folded;
                let mut markers = Vec::new();
                if let Some(h) = hand {
                    let mut mark = |on: bool, code: &'static str, w: Word| {
                        if on {
                            markers.push(Marker {
                                code,
                                text: lang.word(w),
                            });
                        }
                    };
                    mark(h.button == s, "d", Word::ButtonMark);
                    // An ante-only game (draw) has no blinds to mark.
                    let blinds = stakes.big_blind > Chips::ZERO;
                    mark(
                        blinds && h.small_blind == Some(s),
                        "sb",
                        Word::SmallBlindMark,
                    );
                    mark(blinds && h.big_blind == s, "bb", Word::BigBlindMark);
                    mark(
                        h.straddle.is_some_and(|(x, _)| x == s),
                        "str",
                        Word::StraddleMark,
                    );
                }
                let mut owes = Vec::new();
                if seat.owes_small {
                    owes.push(lang.word(Word::MissedSb));
                }
                if seat.owes_big {
                    owes.push(lang.word(Word::MissedBb));
                }
                if seat.new_player {
                    owes.push(lang.word(Word::NewPlayer));
                }
                if seat.presence == Presence::SittingOut {
                    owes.push(lang.word(Word::SittingOut));
                }
                let shown = face_up(table, s);
                let (cards, backs) = match p {
                    Some(p) if shown => (
                        held(&p)
                            .iter()
                            .flatten()
                            .map(|&c| CardView::new(c, lang, highlighted(c)))
                            .collect(),
                        0,
                    ),
                    Some(p) if live => (Vec::new(), p.holes),
                    _ => (Vec::new(), 0),
                };
                let status = if folded {
                    lang.word(Word::Folded)
                } else if live && seat.stack == Chips::ZERO && table.in_hand() {
                    lang.word(Word::AllIn)
                } else {
                    ""
                };
                let bet = if table.in_hand() {
                    p.map_or(Chips::ZERO, |p| p.street)
                } else {
                    Chips::ZERO
                };
                let act = if table.in_hand() {
                    self.acts.get(s.index()).copied().flatten()
                } else {
                    None
                };
                let action_text = match act {
                    Some(Act::Draws(n) | Act::Asks(n)) => {
                        format!("{} {n}", lang.word(Word::Draws))
                    }
                    Some(a) if bet > Chips::ZERO && a != Act::Fold => {
                        format!("{} {}", lang.word(a.word()), lang.number(bet.get()))
                    }
                    Some(a) => lang.word(a.word()).to_string(),
                    None if bet > Chips::ZERO => {
                        format!("{} {}", lang.word(Word::Bet), lang.number(bet.get()))
                    }
                    None => status.to_string(),
                };
                SeatView {
                    seat: s,
                    label: format!("{} {s}", lang.word(Word::Seat)),
                    name: self.names.get(s.index()).cloned().unwrap_or_default(),
                    stack: seat.stack,
                    bet,
                    markers,
                    owes,
                    status,
                    out: !live,
                    acting: table.options().map(|o| o.seat).or(drawing) == Some(s),
                    cards,
                    backs,
                    winner: outcome.is_some_and(|o| {
                        o.pots
                            .iter()
                            .any(|p| p.winners.iter().any(|&(w, c)| w == s && c > Chips::ZERO))
                    }),
                    position: positions
                        .as_ref()
                        .and_then(|ps| ps.iter().find(|(x, _)| *x == s))
                        .map(|&(_, w)| lang.word(w)),
                    action: act.map(Act::code),
                    action_text,
                    stack_text: lang.number(seat.stack.get()),
                }
            })
            .collect();

        let board = hand.map_or(Vec::new(), |h| {
            h.board
                .iter()
                .flatten()
                .map(|&c| CardView::new(c, lang, highlighted(c)))
                .collect()
        });
        let phase = match hand {
            None => lang.word(Word::BetweenHands).to_string(),
            Some(_) if !table.in_hand() => match outcome {
                Some(o) if !o.uncontested => lang.word(Word::Showdown).to_string(),
                _ => lang.word(Word::BetweenHands).to_string(),
            },
            Some(h) => match h.phase {
                Phase::Dealing => lang.word(Word::Dealing).to_string(),
                Phase::Settling | Phase::Showdown => lang.word(Word::Showdown).to_string(),
                // Draw has its own rounds: before the draw, the draw, after it.
                Phase::Betting if !cfg.game.has_board() => lang
                    .word(match h.street {
                        Street::Preflop => Word::BeforeDraw,
                        _ => Word::AfterDraw,
                    })
                    .to_string(),
                Phase::Betting | Phase::Exchange => lang.street(h.street).to_string(),
                // Between rounds (an all-in run-out) the board on the table names
                // the street, not the one whose cards are due.
                Phase::Board { .. } => lang
                    .street(match h.board.len() {
                        0..=2 => Street::Preflop,
                        3 => Street::Flop,
                        4 => Street::Turn,
                        _ => Street::River,
                    })
                    .to_string(),
            },
        };
        let view = View {
            session: self.session,
            seq: self.seq,
            at_ms,
            lang: lang.code(),
            title,
            limits: limits_text(lang, structure, &stakes),
            last_hands: self.last_hands.iter().cloned().collect(),
            hand: hand.map_or(String::new(), |h| {
                format!("{} {}", lang.word(Word::Hand), h.number)
            }),
            phase,
            max_seats: cfg.max_players,
            seats,
            board_label: lang.word(Word::Board),
            board,
            burns: format!(
                "{}: {}",
                lang.word(Word::Burned),
                hand.map_or(0, |h| h.burns)
            ),
            turn: turn(table, structure, lang).or_else(|| drawer(table, lang)),
            pots: match outcome {
                Some(o) => paid_pots(o, lang, cfg.game.spec().hi_lo),
                None => pots_in_middle(table, lang),
            },
            results: outcome.map_or(Vec::new(), |o| self.results(table, o)),
            rake: outcome
                .filter(|o| o.rake > Chips::ZERO)
                .map(|o| format!("{}: {}", lang.word(Word::Rake), lang.number(o.rake.get()))),
            banners: self.texts(true),
            notices: self.texts(false),
            equity_key: job.as_ref().map(|j| j.key.clone()),
            labels: Labels {
                stack: lang.word(Word::Stack),
                bet: lang.word(Word::Bet),
                win: lang.word(Word::Win),
                tie: lang.word(Word::Tie),
                stale: lang.word(Word::Stale),
                lost: lang.word(Word::Lost),
                last_hands: lang.word(Word::LastHands),
            },
            total_pot: hand.filter(|_| table.in_hand()).map(|h| {
                // The engine's own count: in draw a redeal's pot carries the first
                // deal's antes, which no player's total of this deal holds.
                let chips = h.pot();
                TotalView {
                    label: lang.word(Word::TotalPot),
                    chips,
                    amount: lang.number(Chips::get(chips)),
                }
            }),
            four_colour: self.four_colour,
            burns_shown: cfg.game.has_board(),
            dealer: self.dealer.view(table),
        };
        (view, job)
    }

    /// The loud banners' texts, or the quiet notices'.
    fn texts(&self, loud: bool) -> Vec<ScreenText> {
        self.banners
            .iter()
            .filter(|(c, _)| c.loud() == loud)
            .map(|(_, t)| t.clone())
            .collect()
    }

    /// The equity to compute for the table now, if any: every player still in the
    /// hand is all-in (or all but one, who has nothing left to call), their cards are
    /// up and known, and board cards are still to come.
    pub fn equity_job(&self, table: &Table) -> Option<EquityJob> {
        if !self.equity || !table.in_hand() || !cards_up(table) {
            return None;
        }
        let h = table.hand()?;
        let cfg = table.config();
        // Equity only between tabled hands: never a hint about a hidden one.
        if cfg.showdown == ShowdownRule::InTurn && !h.in_hand().all(|s| h.tabled(cfg, s)) {
            return None;
        }
        let game = table.config().game;
        if !game.has_board() || h.board.len() >= 5 || h.phase == Phase::Settling {
            return None;
        }
        let hands: Option<Vec<(SeatNo, Vec<Card>)>> = h
            .in_hand()
            .map(|s| {
                let p = h.player(s);
                let cards: Option<Vec<Card>> = held(p).iter().copied().collect();
                cards.map(|c| (s, c))
            })
            .collect();
        let board: Option<Vec<Card>> = h.board.iter().copied().collect();
        let hands = hands?;
        // The pots as they stand, each with the seats still in that can win it.
        let collected = |p: &firmware::Player| p.total;
        let pots: Vec<Vec<SeatNo>> =
            settle::hand_pots(h, cfg.max_players, collected).map_or(Vec::new(), |pots| {
                pots.iter()
                    .filter(|p| p.amount > Chips::ZERO)
                    .map(|p| {
                        p.eligible
                            .iter()
                            .filter_map(|&x| SeatNo::from_index(x))
                            .filter(|s| hands.iter().any(|(x, _)| x == s))
                            .collect::<Vec<SeatNo>>()
                    })
                    .filter(|seats| seats.len() >= 2)
                    .collect()
            });
        Some(EquityJob {
            key: format!("{}-{}-{}", h.number, h.deal, h.board.len()),
            game,
            low: LowRules::of(&table.config().money),
            hands,
            board: board?,
            lang: self.lang,
            pots,
        })
    }

    /// The five cards of the best high hand among the main pot's winners whose cards
    /// are face up: a winner nobody saw highlights nothing (issue 26: his best five
    /// on the board would tell his cards).
    fn winning_five(&self, table: &Table, o: &HandResult) -> Option<[Card; 5]> {
        let main = o.pots.first()?;
        main.winners
            .iter()
            .filter(|&&(s, _)| face_up(table, s))
            .filter_map(|&(s, _)| best_hand(table, s).map(|b| b.high))
            .max_by_key(|&(high, _)| high)
            .map(|(_, five)| five)
    }

    /// Each winner with the hands that won: in hi/lo the high hand only if it won
    /// (part of) a pot's high half, the low only if it won a low half (a player who
    /// won the low with a weak high is named for his low).
    fn results(&self, table: &Table, o: &HandResult) -> Vec<ResultView> {
        let lang = self.lang;
        let halves = won_halves(o);
        settle::seat_totals(o)
            .into_iter()
            .map(|(s, c)| {
                let text = wins_text(lang, s, c);
                // Named only from a hand face up (issue 26): not a hand that won
                // unseen (R-STREET-3, R-SHOW-3).
                let shown = face_up(table, s) && o.hands.iter().any(|h| h.seat == s);
                let best = shown.then(|| best_hand(table, s)).flatten();
                let (high, low) = halves
                    .iter()
                    .find(|(x, _, _)| *x == s)
                    .map_or((true, false), |&(_, h, l)| (h, l));
                let card = |c: &Card| CardView::new(*c, lang, true);
                let low_five = best.and_then(|b| b.low).map(|(_, five)| five);
                match best {
                    Some(hand::Best {
                        high: (value, five),
                        ..
                    }) => ResultView {
                        seat: s,
                        text,
                        hand: high
                            .then(|| hands::hand_name(lang, value.category(), &value.tie_ranks())),
                        cards: if high {
                            five.iter().map(card).collect()
                        } else {
                            Vec::new()
                        },
                        low: low_five.filter(|_| low).map(|l| {
                            let ranks: Vec<&str> = l
                                .iter()
                                .map(|c| CardView::new(*c, lang, false).rank)
                                .collect();
                            hands::low_name(lang, &ranks)
                        }),
                        low_cards: low_five
                            .filter(|_| low)
                            .map_or(Vec::new(), |l| l.iter().map(card).collect()),
                    },
                    None => ResultView {
                        seat: s,
                        text,
                        hand: None,
                        cards: Vec::new(),
                        low: None,
                        low_cards: Vec::new(),
                    },
                }
            })
            .collect()
    }
}

/// For each seat paid at a showdown: whether it won a high half (or a whole pot)
/// and whether it won a low half, judged pot by pot ([`halves_of`]).
fn won_halves(o: &HandResult) -> Vec<(SeatNo, bool, bool)> {
    let mut out: Vec<(SeatNo, bool, bool)> = Vec::new();
    for pot in &o.pots {
        for &(w, c) in &pot.winners {
            if c == Chips::ZERO {
                continue;
            }
            let Some((high, low)) = halves_of(o, pot, w) else {
                continue;
            };
            match out.iter_mut().find(|(x, _, _)| *x == w) {
                Some(e) => {
                    e.1 |= high;
                    e.2 |= low;
                }
                None => out.push((w, high, low)),
            }
        }
    }
    out
}

/// Whether `seat`'s shown hand is the best high and whether it is the best low
/// among the hands that could win `pot` (R-HILO-4); none when it showed nothing.
fn halves_of(o: &HandResult, pot: &settle::PaidPot, seat: SeatNo) -> Option<(bool, bool)> {
    let hands = || o.hands.iter().filter(|h| pot.eligible.contains(&h.seat));
    let best_high = hands().map(|h| h.high).max();
    let best_low = hands().filter_map(|h| h.low).max();
    let h = hands().find(|h| h.seat == seat)?;
    Some((
        Some(h.high) == best_high,
        h.low.is_some() && h.low == best_low,
    ))
}

/// The five cards of a seat's hand that play, and its low's, for the highlight
/// and the names, by the game's own rule of which cards play ([`hand::best_hand`]);
/// the winners themselves come from the showdown ([`settle`]).
fn best_hand(table: &Table, seat: SeatNo) -> Option<hand::Best> {
    let cfg = table.config();
    let h = table.hand()?;
    let hole: Vec<Card> = held(h.player(seat))
        .iter()
        .copied()
        .collect::<Option<_>>()?;
    let board: Vec<Card> = h.board.iter().copied().collect::<Option<_>>()?;
    hand::best_hand(cfg.game, &hole, &board, hand::HandRules::of(cfg)).ok()
}

/// Whether `seat`'s hole cards are face up on the players' screen: shown at the
/// showdown or under PD-SHOW (R-SHOW-3), or, at a table that tables every hand
/// (`showdown=tabled`), during an all-in run-out and at a showdown. Never a hand
/// folded or mucked, nor the last hand in, which wins without showing (R-STREET-3,
/// R-SHOW-3) unless it was shown. The cards, their highlight and the hand's name
/// come only from such hands, so a hand nobody saw gives nothing away (issue 26).
fn face_up(table: &Table, seat: SeatNo) -> bool {
    let Some(h) = table.hand() else { return false };
    let cfg = table.config();
    let p = h.player(seat);
    if !p.dealt || p.folded {
        return false;
    }
    if p.shown {
        return true;
    }
    let all_tabled = cfg.showdown == ShowdownRule::Tabled;
    (all_tabled && cards_up(table)) || (h.tabled(cfg, seat) && h.live_count() > 1)
}

/// The cards a player holds (the engine never counts more than the array holds; a
/// count that did would show none rather than stop the screen).
fn held(p: &firmware::Player) -> &[Option<Card>] {
    p.hole.get(..usize::from(p.holes)).unwrap_or(&[])
}

/// Whether the hands are face up: at least two players are in, and at most one of
/// them has chips left, so no more betting can happen (all-in hands are tabled).
fn cards_up(table: &Table) -> bool {
    let Some(h) = table.hand() else { return false };
    if !table.in_hand()
        || h.live_count() < 2
        || h.phase == Phase::Betting
        || h.phase == Phase::Dealing
    {
        return false;
    }
    let with_chips = h
        .in_hand()
        .filter(|&s| table.seat(s).is_some_and(|x| x.stack > Chips::ZERO))
        .count();
    with_chips <= 1
}

/// The engine's options for the player to act, as the dealer announces them.
fn turn(table: &Table, structure: Structure, lang: Lang) -> Option<TurnView> {
    let o = table.options()?;
    let figure = |w: Word, amount: Chips| Figure {
        label: lang.word(w),
        amount,
        amount_text: lang.number(amount.get()),
    };
    let mut figures = vec![if o.call == Chips::ZERO {
        figure(Word::Check, Chips::ZERO)
    } else {
        figure(Word::ToCall, o.call)
    }];
    let mut note = None;
    match (o.raise, structure) {
        (Some(r), Structure::FixedLimit) => figures.push(figure(Word::FixedTo, r.min_to)),
        (Some(r), _) => {
            let min = if o.opening {
                Word::MinBet
            } else {
                Word::MinRaiseTo
            };
            figures.push(figure(min, r.min_to));
            if structure == Structure::PotLimit {
                figures.push(figure(Word::PotLimitMax, r.max_to));
            }
        }
        (None, _) => note = Some(lang.word(Word::NoRaise)),
    }
    Some(TurnView {
        seat: o.seat,
        label: format!(
            "{}: {} {}",
            lang.word(Word::ToAct),
            lang.word(Word::Seat),
            o.seat
        ),
        who_label: lang.word(Word::ToAct),
        who: format!("{} {}", lang.word(Word::Seat), o.seat),
        figures,
        note,
    })
}

/// The exchange's turn: who draws now (R-DRAW-5).
fn drawer(table: &Table, lang: Lang) -> Option<TurnView> {
    let seat = table.hand().filter(|_| table.in_hand())?.drawer()?;
    let who = format!("{} {seat}", lang.word(Word::Seat));
    Some(TurnView {
        seat,
        label: format!("{}: {who}", lang.word(Word::ToDraw)),
        who_label: lang.word(Word::ToDraw),
        who,
        figures: Vec::new(),
        note: None,
    })
}

/// "Seat 3 wins 300".
fn wins_text(lang: Lang, seat: SeatNo, chips: Chips) -> String {
    format!(
        "{} {seat} {} {}",
        lang.word(Word::Seat),
        lang.word(Word::Wins),
        lang.number(chips.get())
    )
}

/// A pot's winner, in the pot's box: "Seat 3 +300". Shorter than the results'
/// "Seat 3 wins 300" (a "+" is read in every language), so that nine pots with
/// their winners fit a portrait screen or the Pi's bar at the smallest type read
/// from two metres.
fn paid_text(lang: Lang, seat: SeatNo, chips: Chips) -> String {
    format!(
        "{} {seat} +{}",
        lang.word(Word::Seat),
        lang.number(chips.get())
    )
}

/// "Main pot: 4,246".
fn pot_amount_text(lang: Lang, i: usize, amount: Chips) -> String {
    format!("{}: {}", pot_label(lang, i), lang.number(amount.get()))
}

/// "Main: 4,246", "Side 1: 900".
fn pot_short_text(lang: Lang, i: usize, amount: Chips) -> String {
    format!(
        "{}: {}",
        pot_short_label(lang, i),
        lang.number(amount.get())
    )
}

/// A pot's name without the word "pot" ("Main", "Side 1"), where the pot is
/// already said by what surrounds it (a seat's chance at it, a box in the pots'
/// bar). Whole words: read from two metres, an abbreviation ("Bocz. 1") says the
/// figure but not what it is.
fn pot_short_label(lang: Lang, i: usize) -> String {
    if i == 0 {
        lang.word(Word::MainShort).to_string()
    } else {
        format!("{} {i}", lang.word(Word::SideShort))
    }
}

/// Each dealt seat's position but the blinds' (R-POS-1): counted counter-clockwise
/// from the button, the button and the cutoff are late, the three before them
/// middle, the rest early; with fewer players the early ones go first, then the
/// middle, and an eleventh player is early.
fn positions(table: &Table, h: &firmware::Hand) -> Vec<(SeatNo, Word)> {
    /// Late positions besides the button, and the middle ones (R-POS-1).
    const LATE: usize = 1;
    const MIDDLE: usize = 3;
    let max = table.config().max_players;
    let dealt: Vec<SeatNo> = SeatNo::up_to(max).filter(|&s| h.player(s).dealt).collect();
    let Some(at) = dealt.iter().position(|&s| s == h.button) else {
        return Vec::new();
    };
    // Clockwise from the seat after the button, back to the button.
    let order: Vec<SeatNo> = dealt[at + 1..]
        .iter()
        .chain(&dealt[..=at])
        .copied()
        .collect();
    let blind = |s: SeatNo| h.small_blind == Some(s) || h.big_blind == s;
    // The others, nearest the button first.
    let others: Vec<SeatNo> = order
        .iter()
        .rev()
        .copied()
        .filter(|&s| s != h.button && !blind(s))
        .collect();
    let mut out = Vec::with_capacity(dealt.len());
    if !blind(h.button) {
        out.push((h.button, Word::Late));
    }
    for (i, &s) in others.iter().enumerate() {
        let w = if i < LATE {
            Word::Late
        } else if i < LATE + MIDDLE {
            Word::Middle
        } else {
            Word::Early
        };
        out.push((s, w));
    }
    out
}

/// A pot's seats: "Seats 1, 3, 4", three or more in a row as a range ("Seats
/// 1–10", "Seats 2, 4–7"), so that a full table's main pot and its side pots each
/// take a short line and up to ten pots fit the Pi's bar, every seat still said.
fn seats_text(lang: Lang, seats: &[SeatNo]) -> String {
    /// The shortest run of seats said as a range: "1–3" for three, "1, 2" for two.
    const RANGE: usize = 3;
    let numbers: Vec<u8> = seats.iter().map(|s| s.get()).collect();
    let mut parts = Vec::new();
    let mut rest = numbers.as_slice();
    while let Some(&first) = rest.first() {
        let run = rest
            .iter()
            .zip(first..)
            .take_while(|(n, want)| **n == *want)
            .count();
        if run >= RANGE {
            parts.push(format!("{first}–{}", rest[run - 1]));
            rest = &rest[run..];
        } else {
            parts.push(first.to_string());
            rest = &rest[1..];
        }
    }
    format!("{} {}", lang.word(Word::Seats), parts.join(", "))
}

fn pot_label(lang: Lang, i: usize) -> String {
    if i == 0 {
        lang.word(Word::MainPot).to_string()
    } else {
        format!("{} {i}", lang.word(Word::SidePot))
    }
}

/// The pots in the middle during the hand: what earlier rounds collected, split into
/// main and side pots by the host's pot builder ([`crate::money::pots`]); this round's bets
/// stay in front of the players until the round ends.
fn pots_in_middle(table: &Table, lang: Lang) -> Vec<PotView> {
    let Some(h) = table.hand().filter(|_| table.in_hand()) else {
        return Vec::new();
    };
    let collected = |p: &firmware::Player| p.total.saturating_sub(p.street);
    let Ok(pots) = settle::hand_pots(h, table.config().max_players, collected) else {
        return Vec::new();
    };
    pots.iter()
        .filter(|p| p.amount > Chips::ZERO)
        .enumerate()
        .map(|(i, p)| {
            let eligible: Vec<SeatNo> = p
                .eligible
                .iter()
                .filter_map(|&x| SeatNo::from_index(x))
                .collect();
            PotView {
                label: pot_label(lang, i),
                amount_text: pot_amount_text(lang, i, p.amount),
                short_text: pot_short_text(lang, i, p.amount),
                amount: p.amount,
                eligible_text: seats_text(lang, &eligible),
                eligible,
                winners: Vec::new(),
            }
        })
        .collect()
}

/// The pots as the showdown paid them: each winner's line sits in its pot's box,
/// under the pot's name and amount, so two 600s paid from a main and a side pot are
/// never read as one; in hi/lo it names the half he won (R-HILO-4). The line does
/// not name the pot again: that kept a pot's box three words wider than its
/// figures, one pot to a row, and nine pots did not fit a portrait screen.
fn paid_pots(o: &HandResult, lang: Lang, hi_lo: bool) -> Vec<PotView> {
    o.pots
        .iter()
        .enumerate()
        .map(|(i, p)| PotView {
            label: pot_label(lang, i),
            amount_text: pot_amount_text(lang, i, p.amount),
            short_text: pot_short_text(lang, i, p.amount),
            amount: p.amount,
            eligible_text: seats_text(lang, &p.eligible),
            eligible: p.eligible.clone(),
            winners: p
                .winners
                .iter()
                .filter(|&&(_, c)| c > Chips::ZERO)
                .map(|&(s, c)| match hi_lo.then(|| half_won(o, p, s)).flatten() {
                    Some(half) => format!(
                        "{}: {}",
                        capitalized(lang.word(half)),
                        paid_text(lang, s, c)
                    ),
                    None => paid_text(lang, s, c),
                })
                .collect(),
        })
        .collect()
}

/// A word as a line's first: its first letter capitalized ("low" -> "Low",
/// "лоу" -> "Лоу").
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Which half of a hi/lo pot `seat` won: none when the pot was not split (no low
/// qualified, or nobody showed).
fn half_won(o: &HandResult, pot: &settle::PaidPot, seat: SeatNo) -> Option<Word> {
    let split = o
        .hands
        .iter()
        .any(|h| pot.eligible.contains(&h.seat) && h.low.is_some());
    match halves_of(o, pot, seat).filter(|_| split)? {
        (true, true) => Some(Word::BothHalves),
        (true, false) => Some(Word::HighHalf),
        (false, true) => Some(Word::LowHalf),
        (false, false) => None,
    }
}

/// The stakes in full words: the blinds, the ante and, in fixed limit, the bets
/// (an ante-only game names no blinds; draw's bets are said, not left to guess).
fn limits_text(lang: Lang, structure: Structure, s: &firmware::rules::Stakes) -> String {
    let n = |c: Chips| lang.number(c.get());
    let mut parts = Vec::new();
    if s.big_blind > Chips::ZERO {
        parts.push(format!(
            "{} {}/{}",
            lang.word(Word::Blinds),
            n(s.small_blind),
            n(s.big_blind)
        ));
    }
    if s.ante > Chips::ZERO {
        let word = match s.ante_mode {
            firmware::rules::AnteMode::PerPlayer => Word::Ante,
            firmware::rules::AnteMode::BigBlind => Word::BigBlindAnte,
        };
        parts.push(format!("{} {}", lang.word(word), n(s.ante)));
    }
    if structure == Structure::FixedLimit {
        parts.push(format!(
            "{} {}/{}",
            lang.word(Word::Bets),
            n(s.small_bet),
            n(s.big_bet)
        ));
    }
    parts.join(" · ")
}
