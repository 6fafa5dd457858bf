//! The dealer's view: what the dealer needs beside the players' screen, in the
//! dealer's language. The next step the table expects, the amount being keyed, the
//! inputs refused with their reasons, the last inputs taken (UNDO takes back the
//! last), and the shoe's and the panel's health (the panel's last press and how long
//! ago: a panel that stops answering stops the table with its error, so a panel the
//! session still hears is working). Shown by the same page on its `/dealer` address.
//! Nothing here is secret: no hole card is ever named (a card dealt to a seat is
//! "dealt to seat 4"), only the board's cards.
//!
//! A table that ships its log to the floor's store also shows how that stands
//! ([`FloorLink`], filled in by the floor's shipper; [`link_view`]): it changes while
//! the table is idle (the store goes down, the backlog drains), so it reaches the
//! page on its own stream, not with the table's view.

use super::i18n::{Lang, Word};
use super::screen_text::ScreenText;
use super::view::CardView;
use crate::records::time::WallTime;
pub use crate::session::floor_link::{FloorLink, FloorTrouble};
use firmware::{Event, Phase, Table};
use serde::Serialize;
use std::collections::VecDeque;

/// Refusals kept on the dealer's view, newest first.
pub const MAX_REFUSED: usize = 3;
/// Inputs kept on the dealer's view, newest first.
pub const MAX_INPUTS: usize = 4;

/// How the shoe is, as far as the controller knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShoeHealth {
    /// Reads come through.
    Working,
    /// The last frame was damaged and read again.
    ReadAgain,
    /// The link gave up: the dealer must check the shoe.
    Silent,
}

/// The dealer's short words for why the table cannot reach the floor's store.
fn trouble_word(trouble: FloorTrouble) -> Word {
    match trouble {
        FloorTrouble::Unreachable => Word::StoreUnreachable,
        FloorTrouble::LoginRefused => Word::LoginRefused,
        FloorTrouble::IdNotGiven => Word::IdNotGiven,
        FloorTrouble::Certificate => Word::CertificateRefused,
        FloorTrouble::Version => Word::StoreVersion,
    }
}

/// The floor store's line on the dealer's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkView {
    /// "Floor store: connected, every record sent", or what is wrong and how many
    /// records wait.
    pub text: String,
    /// The line needs someone: the store cannot be reached, or refused the log.
    pub alarm: bool,
}

/// The floor store's line in `lang`. A store out of reach does not stop the table
/// (its own log is the source of truth and the backlog ships when the store is
/// back), and the line says so, so a dealer never stops a game for it.
pub fn link_view(lang: Lang, link: &FloorLink) -> LinkView {
    let label = lang.word(Word::FloorStore);
    let waiting = format!(
        "{}: {}",
        lang.word(Word::NotYetSent),
        lang.number(link.backlog)
    );
    let text = if link.refused {
        format!("{label}: {} · {waiting}", lang.word(Word::StoreRefused))
    } else if !link.connected {
        let why = link.trouble.map_or(String::new(), |t| {
            format!(": {}", lang.word(trouble_word(t)))
        });
        format!(
            "{label}: {}{why} ({}) · {waiting}",
            lang.word(Word::NotConnected),
            lang.word(Word::DealsOn)
        )
    } else if link.backlog == 0 {
        format!(
            "{label}: {}, {}",
            lang.word(Word::Connected),
            lang.word(Word::AllSent)
        )
    } else {
        format!("{label}: {} · {waiting}", lang.word(Word::Connected))
    };
    LinkView {
        text,
        alarm: link.refused || !link.connected,
    }
}

/// The dealer's part of the view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealerView {
    /// What the table expects next ("Deal to Seat 4", "Burn a card").
    pub next: String,
    /// "Keyed", and the amount being keyed, if any.
    pub keyed_label: &'static str,
    /// The amount being keyed, written in the dealer's language.
    pub keyed: Option<String>,
    /// "Refused".
    pub refused_label: &'static str,
    /// The inputs refused lately, newest first, with the reason: served with the
    /// players' screen, so a refusal that held a card says only its kind.
    pub refused: Vec<ScreenText>,
    /// "Last inputs".
    pub inputs_label: &'static str,
    /// The inputs taken lately, newest first.
    pub inputs: Vec<String>,
    /// "UNDO takes back the last".
    pub undo_hint: &'static str,
    /// "Shoe: working".
    pub shoe: String,
    /// The shoe needs the dealer.
    pub shoe_alarm: bool,
    /// "Panel: working, last key FOLD", or that no key was pressed yet.
    pub panel: String,
    /// When the last key was pressed (the wall clock, in ms in the document): the
    /// page counts the seconds since, with the server's "s". None while a key is
    /// stuck.
    pub panel_at_ms: Option<WallTime>,
    /// A key is stuck: the panel needs the dealer.
    pub panel_alarm: bool,
}

/// What the dealer's view remembers between inputs.
#[derive(Clone, Debug)]
pub struct DealerState {
    lang: Lang,
    keyed: Option<u64>,
    refused: VecDeque<ScreenText>,
    inputs: VecDeque<String>,
    shoe: ShoeHealth,
    /// The panel's last press and when.
    pressed: Option<(firmware::buttons::Key, WallTime)>,
    /// The key held down far past any press (`firmware::buttons::STUCK_KEY`),
    /// until it is released.
    stuck: Option<firmware::buttons::Key>,
    /// Floor mode: the digits of the floor's number and PIN keyed so far (shown as
    /// dots, never as digits).
    floor: Option<u8>,
}

impl DealerState {
    /// Nothing keyed, refused or taken yet; the shoe working.
    pub fn new(lang: Lang) -> DealerState {
        DealerState {
            lang,
            keyed: None,
            refused: VecDeque::new(),
            inputs: VecDeque::new(),
            shoe: ShoeHealth::Working,
            pressed: None,
            stuck: None,
            floor: None,
        }
    }

    /// Floor mode with `digits` keyed, or out of it.
    pub fn floor_mode(&mut self, digits: Option<u8>) {
        self.floor = digits;
    }

    /// A press read from the panel at `at`.
    pub fn pressed(&mut self, key: firmware::buttons::Key, at: WallTime) {
        self.pressed = Some((key, at));
    }

    /// The key stuck down, or none once it is released.
    pub fn stuck(&mut self, key: Option<firmware::buttons::Key>) {
        self.stuck = key;
    }

    /// The amount being keyed, or none once cleared or used.
    pub fn keyed(&mut self, amount: Option<u64>) {
        self.keyed = amount;
    }

    /// An input refused, with its reason.
    pub fn refused(&mut self, reason: ScreenText) {
        self.refused.push_front(reason);
        self.refused.truncate(MAX_REFUSED);
    }

    /// What the shoe did last.
    pub fn shoe(&mut self, health: ShoeHealth) {
        self.shoe = health;
    }

    /// The events of an input taken: the keyed amount is used, and each is noted.
    pub fn take(&mut self, events: &[Event]) {
        if events.is_empty() {
            return;
        }
        self.keyed = None;
        self.refused.clear();
        let lang = self.lang;
        let seat = |s: firmware::SeatNo| format!("{} {s}", lang.word(Word::Seat));
        let chips = |c: firmware::Chips| lang.number(c.get());
        for e in events {
            let text = match *e {
                Event::HandStarted { number, .. } => {
                    Some(format!("{} {number}", lang.word(Word::Hand)))
                }
                Event::Posted {
                    seat: s, amount, ..
                } => Some(format!(
                    "{}: {} {}",
                    seat(s),
                    lang.word(Word::Post),
                    chips(amount)
                )),
                Event::Checked { seat: s } => {
                    Some(format!("{}: {}", seat(s), lang.word(Word::Check)))
                }
                Event::Called { seat: s, .. } => {
                    Some(format!("{}: {}", seat(s), lang.word(Word::Call)))
                }
                Event::Bet { seat: s, to, .. } => Some(format!(
                    "{}: {} {}",
                    seat(s),
                    lang.word(Word::Bet),
                    chips(to)
                )),
                Event::Raised { seat: s, to, .. } => Some(format!(
                    "{}: {} {}",
                    seat(s),
                    lang.word(Word::Raise),
                    chips(to)
                )),
                Event::Folded { seat: s } => {
                    Some(format!("{}: {}", seat(s), lang.word(Word::Folded)))
                }
                Event::HoleCard { seat: s, .. } => {
                    Some(format!("{} {}", lang.word(Word::DealTo), seat(s)))
                }
                Event::Burned { .. } => Some(lang.word(Word::Burned).to_string()),
                Event::BoardCard { card, .. } => card.map(|c| {
                    let v = CardView::new(c, lang, false);
                    format!("{}: {}{}", lang.word(Word::Board), v.rank, v.symbol)
                }),
                Event::Undone => Some("UNDO".to_string()),
                Event::Misdealt { .. } => Some(lang.word(Word::Misdeal).to_string()),
                _ => None,
            };
            if let Some(t) = text {
                self.inputs.push_front(t);
            }
        }
        self.inputs.truncate(MAX_INPUTS);
        if events.iter().any(|e| {
            matches!(
                e,
                Event::HoleCard { .. } | Event::Burned { .. } | Event::BoardCard { .. }
            )
        }) {
            self.shoe = ShoeHealth::Working;
        }
    }

    /// The dealer's view of `table` now.
    pub fn view(&self, table: &Table) -> DealerView {
        let lang = self.lang;
        DealerView {
            next: next_step(table, lang),
            keyed_label: lang.word(Word::Keyed),
            keyed: match self.floor {
                Some(digits) => Some(format!(
                    "{}: {}",
                    lang.word(Word::FloorMode),
                    "•".repeat(usize::from(digits))
                )),
                None => self.keyed.map(|v| lang.number(v)),
            },
            refused_label: lang.word(Word::Refused),
            refused: self.refused.iter().cloned().collect(),
            inputs_label: lang.word(Word::LastInputs),
            inputs: self.inputs.iter().cloned().collect(),
            undo_hint: lang.word(Word::UndoHint),
            shoe: format!(
                "{}: {}",
                lang.word(Word::Shoe),
                lang.word(match self.shoe {
                    ShoeHealth::Working => Word::Working,
                    ShoeHealth::ReadAgain => Word::ReadAgain,
                    ShoeHealth::Silent => Word::Silent,
                })
            ),
            shoe_alarm: self.shoe == ShoeHealth::Silent,
            panel: match (self.stuck, self.pressed) {
                (Some(key), _) => format!(
                    "{}: {}: {}, {}",
                    lang.word(Word::Panel),
                    lang.word(Word::KeyStuck),
                    super::reasons::key(lang, key),
                    lang.word(Word::ReleaseKey)
                ),
                (None, Some((key, _))) => format!(
                    "{}: {}, {} {}",
                    lang.word(Word::Panel),
                    lang.word(Word::Working),
                    lang.word(Word::LastKey),
                    super::reasons::key(lang, key)
                ),
                (None, None) => {
                    format!("{}: {}", lang.word(Word::Panel), lang.word(Word::NoKeyYet))
                }
            },
            panel_at_ms: self
                .pressed
                .filter(|_| self.stuck.is_none())
                .map(|(_, at)| at),
            panel_alarm: self.stuck.is_some(),
        }
    }
}

/// What the table expects next, as the dealer is told it.
fn next_step(table: &Table, lang: Lang) -> String {
    let seat = |s: firmware::SeatNo| format!("{} {s}", lang.word(Word::Seat));
    let Some(h) = table.hand().filter(|_| table.in_hand()) else {
        return lang.word(Word::NextHand).to_string();
    };
    match h.phase {
        Phase::Dealing => {
            let order: Vec<firmware::SeatNo> = h.deal_order().collect();
            match order.get(usize::from(h.hole_dealt) % order.len().max(1)) {
                Some(&s) => format!("{} {}", lang.word(Word::DealTo), seat(s)),
                None => lang.word(Word::Dealing).to_string(),
            }
        }
        Phase::Betting => match table.options() {
            Some(o) => format!("{}: {}", lang.word(Word::ToAct), seat(o.seat)),
            None => lang.word(Word::Dealing).to_string(),
        },
        Phase::Board { burn_due: true } => lang.word(Word::BurnCard).to_string(),
        Phase::Board { burn_due: false } => lang.word(Word::DealBoard).to_string(),
        Phase::Exchange => match h.drawer() {
            // R-DRAW-5: once his count is keyed, the dealer sees it beside his turn.
            Some(s) if h.player(s).asked > 0 => format!(
                "{}: {} · {} {}",
                lang.word(Word::ToDraw),
                seat(s),
                lang.word(Word::Draws),
                h.player(s).asked
            ),
            Some(s) => format!("{}: {}", lang.word(Word::ToDraw), seat(s)),
            None => lang.word(Word::Draws).to_string(),
        },
        // R-SHOW-1..3: the hands are shown or mucked in turn.
        Phase::Showdown => match h.next_to_show() {
            Some(s) => format!("{}: {}", seat(s), lang.word(Word::ShowOrMuck)),
            None => lang.word(Word::Showdown).to_string(),
        },
        Phase::Settling => lang.word(Word::PayPots).to_string(),
    }
}
