//! What the table screen shows, built from the engine's state after each input: the
//! seats, whose turn and what it costs, the board, the pots with the seats that can
//! win them, the showdown, and the warnings. Every figure comes from the engine (the
//! limits: [`firmware::Table::options`]) or from the host's money code (pots, showdown); the
//! display computes none of them itself. Text is in the table's language
//! ([`super::i18n`]); the page only lays it out.
//!
//! Split by job: the view model here (what the page receives, as JSON),
//! [`Presenter`] in `presenter` (the state kept between inputs and the view built
//! from it), the seats' last actions in `acts`, the all-in equity in `equity`, what
//! the screen may show of the hands in `showdown`, the pots' boxes in `pots`, and
//! the other short texts (whose turn, positions, limits) in `text`.

use super::dealer::DealerView;
use super::screen_text::ScreenText;
use crate::records::time::WallTime;
use firmware::{Chips, SeatNo};
use serde::Serialize;

mod acts;
mod equity;
mod pots;
mod presenter;
mod showdown;
mod text;

pub use equity::{EquityJob, EquityView, SeatEquity};
pub use presenter::Presenter;

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
    /// Which run of the controller made it (its start time): after a restart the
    /// count starts again, and the page must not take the new views for old.
    pub session: WallTime,
    /// Increases with each update within a session; the page ignores an older one.
    pub seq: u64,
    /// When the engine accepted the input shown (the wall clock, in ms in the
    /// document): the page measures its own delay from it.
    pub at_ms: WallTime,
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
