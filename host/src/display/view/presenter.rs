//! The state the screen keeps between inputs, which the table itself does not (the
//! outcome of the hand being paid, the banners and their causes, the seats' last
//! actions, the update count), and the [`View`] built from it and the table after
//! each input.

use super::acts::{Act, Acts};
use super::pots::{paid_pots, pots_in_middle};
use super::showdown::{face_up, held, results, winning_five};
use super::text::{drawer, limits_text, positions, turn, wins_text};
use super::{
    equity, CardView, EquityJob, Labels, Marker, SeatView, TotalView, View, MAX_BANNERS,
    MAX_LAST_HANDS,
};
use crate::display::dealer::{DealerState, ShoeHealth};
use crate::display::i18n::{Lang, Warn, Word};
use crate::display::screen_text::ScreenText;
use crate::money::settle::{self, HandResult};
use crate::records::time::WallTime;
use firmware::{Card, Chips, Event, Phase, Presence, SeatNo, Street, Table};

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

/// Turns the table into views: keeps what the table itself does not (the outcome of
/// the hand being paid, the warnings, the last actions, the update count).
#[derive(Debug, Clone)]
pub struct Presenter {
    lang: Lang,
    table_name: String,
    names: Vec<String>,
    equity: bool,
    four_colour: bool,
    session: WallTime,
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
            session: WallTime::now(),
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

    /// A press read from the panel at `at`, for the dealer's view.
    pub fn pressed(&mut self, key: firmware::buttons::Key, at: WallTime) {
        self.dealer.pressed(key, at);
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

    /// The screen now, stamped `at`.
    pub fn view(&mut self, table: &Table, at: WallTime) -> View {
        self.view_and_equity(table, at).0
    }

    /// [`Presenter::view`], and the equity job its `equity_key` names, worked out
    /// once for both.
    pub fn view_and_equity(&mut self, table: &Table, at: WallTime) -> (View, Option<EquityJob>) {
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
        let winners_five = outcome.and_then(|o| winning_five(table, o));
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
            at_ms: at,
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
            results: outcome.map_or(Vec::new(), |o| results(table, o, lang)),
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
    /// hand is all-in (or all but one, who has nothing left to call), their cards
    /// are up and known, and board cards are still to come; none when the table
    /// turned equity off.
    pub fn equity_job(&self, table: &Table) -> Option<EquityJob> {
        self.equity.then(|| equity::job(table, self.lang)).flatten()
    }
}
