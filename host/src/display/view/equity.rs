//! The all-in equity a seat's box shows: which hands the screen may compute it
//! for ([`job`]: every live hand tabled and known, board cards still to come), and
//! the figures as the table's language prints them ([`EquityJob::run`]). The
//! figures themselves are money's ([`crate::money::equity`]); the job runs after
//! the view it belongs to, off the input's path.

use super::pots::pot_short_label;
use super::showdown::{cards_up, held};
use crate::display::i18n::{Lang, Word};
use crate::money::equity::EquityReport;
use crate::money::eval::LowRules;
use crate::money::settle;
use firmware::rules::ShowdownRule;
use firmware::{Card, Chips, Game, Phase, SeatNo, Table};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The all-in equity of each seat, computed after the view it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EquityView {
    /// The [`View::equity_key`](super::View::equity_key) it belongs to.
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
        self.run_until(&Arc::new(AtomicBool::new(false)))
    }

    /// [`EquityJob::run`], given up ([`EquityError::Cancelled`]) once `cancel` is
    /// set: the display sets it when the hand on the screen moves on.
    ///
    /// [`EquityError::Cancelled`]: crate::money::equity::EquityError::Cancelled
    pub fn run_until(
        &self,
        cancel: &Arc<AtomicBool>,
    ) -> Result<EquityView, crate::money::equity::EquityError> {
        let report = self.exact(&self.hands, cancel)?;
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
                    self.exact(&hands, cancel).map(|r| (hands, r))
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
        cancel: &Arc<AtomicBool>,
    ) -> Result<EquityReport, crate::money::equity::EquityError> {
        let cards: Vec<&[Card]> = hands.iter().map(|(_, c)| c.as_slice()).collect();
        crate::money::equity::exact_until(self.game, self.low, &cards, &self.board, cancel)
    }
}

/// The equity to compute for the table now, if any: every player still in the
/// hand is all-in (or all but one, who has nothing left to call), their cards are
/// up and known, and board cards are still to come. Figures in `lang`.
pub(super) fn job(table: &Table, lang: Lang) -> Option<EquityJob> {
    if !table.in_hand() || !cards_up(table) {
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
        lang,
        pots,
    })
}
