//! Replays a hand history through the firmware engine and the host's pots and
//! showdown, under the rules profile that `replay-schema.md` gives for plain PHH files
//! (each item of it is a table setting the engine has anyway). Nothing here
//! re-implements a rule: the engine decides whose turn it is, what is legal and the
//! limits; the host's pots and showdown decide the money.
//!
//! This module holds the replay's terms (the table [`Spec`], the [`Step`]s, each
//! [`Decision`], the [`ReplayError`]); each job has its own file: the reference
//! profile (`profile`), reading a history (`history`), the check against the engine
//! (`engine`), settling and paying (`replayer`), the JSON report (`json`) and the
//! files and corpora (`files`).

mod engine;
mod files;
mod history;
mod json;
mod profile;
mod replayer;
#[cfg(test)]
mod tests;

pub use engine::{play, play_with, Played};
pub use files::{
    phh_paths, phh_texts, read_texts, refusal, replay_file_json, replay_files_json,
    replay_text_json, replay_texts,
};
pub use history::from_history;
pub use json::write_json_error;
pub use profile::phh_profile;
pub use replayer::{replay, replay_history, replay_with, ReplayPot, Replayed, Replayer};

use crate::records::phh::Cards;
use firmware::{Chips, Game, RuleError, Structure};
use std::fmt;

/// The table of a hand history: game, forced bets and starting stacks, by player
/// (index 0 = p1, the small blind; heads-up p1 is the big blind).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The game.
    pub game: Game,
    /// The betting structure.
    pub structure: Structure,
    /// Antes by player.
    pub antes: Vec<Chips>,
    /// Blinds and straddle by player: `[sb, bb, straddle, 0, …]`.
    pub blinds: Vec<Chips>,
    /// Fixed limit: the small and big bet.
    pub small_bet: Chips,
    /// Fixed limit: the big bet.
    pub big_bet: Chips,
    /// Starting stacks by player.
    pub stacks: Vec<Chips>,
    /// The straddle was confirmed before the deal (R-STRAD-4); PHH files always
    /// are, our exports say otherwise in `_straddle_confirmed`.
    pub straddle_confirmed: bool,
}

/// One action of a hand history, players 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Hole cards dealt to a player (`None` for a card not shown).
    Hole(usize, Cards),
    /// Board cards.
    Board(Cards),
    /// Fold.
    Fold(usize),
    /// Check or call.
    CheckCall(usize),
    /// Complete, bet or raise to a street total.
    BetTo(usize, Chips),
    /// Show (with the cards) or muck (`None`).
    ShowOrMuck(usize, Option<Cards>),
    /// Draw games: the player discards these cards (none: he stands pat). His
    /// replacements follow as a [`Step::Hole`] (R-DRAW-5).
    Discard(usize, Cards),
}

/// The situation before one betting decision (replay-schema `decisions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// 0-based player.
    pub player: usize,
    /// Chips to add to check (0) or call, capped at the stack.
    pub call: Chips,
    /// Smallest legal bet/raise-to, if raising is allowed.
    pub min_raise_to: Option<Chips>,
    /// Largest legal bet/raise-to, if raising is allowed.
    pub max_raise_to: Option<Chips>,
}

/// Why a history could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the action in the history (0-based), if one is to blame.
    pub action: Option<usize>,
    /// What went wrong, naming the rule.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Some(i) => write!(f, "action {}: {}", i + 1, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReplayError {}

pub(crate) fn fail(action: Option<usize>, message: impl Into<String>) -> ReplayError {
    ReplayError {
        action,
        message: message.into(),
    }
}

pub(crate) fn rule(action: usize, e: RuleError) -> ReplayError {
    fail(Some(action), format!("refused by the engine: {e} ({e:?})"))
}
