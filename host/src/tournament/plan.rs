//! What a tournament table does between two hands, from the director's events and
//! the clock: deal at the level the clock is at, stop for a break (colouring up the
//! chips the break names), wait while the clock is stopped or for the next
//! hand-for-hand round, or close. One answer for the bench table, the Pi's table
//! and the simulator, so every table of a tournament deals what the clock says.
//!
//! A new level applies from the next hand (TDA; PD-TOURN-LEVEL): a table asks
//! between hands only, and a hand in progress finishes at the level it was dealt at.

use super::clock::Period;
use super::structure::Level;
use super::Tournament;
use crate::records::time::WallTime;
use firmware::{Chips, Duration, Input};

/// What a table does before its next hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TablePlan<'t> {
    /// The clock has not started: nobody deals.
    NotStarted,
    /// Deal the next hand at level `level` (1-based), whose stakes are `stakes`.
    Deal {
        /// The level.
        level: usize,
        /// Its blinds and ante.
        stakes: &'t Level,
    },
    /// A break after level `after_level`: no hand is dealt; the chips of
    /// `colour_up` leave play by a chip race, once, at the break's start.
    Break {
        /// The level the break follows.
        after_level: usize,
        /// The time left of the break, if the clock knows it.
        left: Option<Duration>,
        /// The denominations coloured up at this break.
        colour_up: &'t [Chips],
    },
    /// The director stopped the clock: no hand is dealt until it runs again.
    Paused,
    /// Hand-for-hand: this table dealt round `round`'s hand and waits for the next
    /// round to be called.
    WaitRound {
        /// The round this table has dealt.
        round: u32,
    },
    /// The table is broken, not in this tournament, or the tournament is over.
    Closed,
}

/// The input that sets a table to level `level`'s stakes ([`Input::SetLevel`]);
/// `None` for a level number or an ante no table input can carry (a structure the
/// parser took would not have one).
pub fn level_input(level: usize, stakes: &Level) -> Option<Input> {
    Some(Input::SetLevel {
        level: u16::try_from(level).ok()?,
        small_blind: stakes.small_blind,
        big_blind: stakes.big_blind,
        ante: u32::try_from(stakes.ante.get()).ok()?,
    })
}

impl Tournament {
    /// What table `table` does before its next hand at `now`, having dealt the
    /// hand-for-hand round `dealt_round` last (`None`: none since hand-for-hand began,
    /// or no hand-for-hand).
    pub fn table_plan(
        &self,
        table: &str,
        now: WallTime,
        dealt_round: Option<u32>,
    ) -> TablePlan<'_> {
        if self.finished()
            || !self.tables.iter().any(|t| t == table)
            || self.broken.iter().any(|t| t == table)
        {
            return TablePlan::Closed;
        }
        let clock = self.read(now);
        if clock.paused {
            return TablePlan::Paused;
        }
        match clock.period {
            Period::NotStarted => TablePlan::NotStarted,
            Period::Break(n) => TablePlan::Break {
                after_level: n,
                left: clock.left,
                colour_up: self
                    .structure
                    .breaks
                    .iter()
                    .find(|b| b.after_level == n)
                    .map_or(&[], |b| b.colour_up.as_slice()),
            },
            Period::Level(n) => {
                if let (Some(called), Some(dealt)) = (self.hand_for_hand, dealt_round) {
                    if dealt >= called {
                        return TablePlan::WaitRound { round: dealt };
                    }
                }
                let levels = &self.structure.levels;
                // The clock runs on at the last level once the structure ends.
                match levels.get(n.clamp(1, levels.len()) - 1) {
                    Some(stakes) => TablePlan::Deal { level: n, stakes },
                    None => TablePlan::Closed,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
