//! Which game of a mixed table is played (R-MIX-1, PD-MIX).

use super::Positions;
use crate::rules::{MixSwitch, SeatNo, Stakes, Structure, TableConfig};

/// The progress of a mixed game (R-MIX-1, PD-MIX).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MixState {
    /// Playing the table's second structure ([`crate::rules::Mixed`]).
    pub second: bool,
    /// The button's seat in the first hand of the current game.
    pub anchor: Option<SeatNo>,
    /// Hands played in the current game.
    pub hands: u16,
}

impl MixState {
    /// The structure and stakes of the next hand, switching when the button has
    /// completed an orbit or after the set number of hands (PD-MIX).
    pub(super) fn next_game(
        &mut self,
        cfg: &TableConfig,
        last: Option<Positions>,
        button: SeatNo,
    ) -> (Structure, Stakes) {
        let Some(mixed) = cfg.mixed else {
            return (cfg.structure, cfg.stakes);
        };
        let switch = match (mixed.switch, self.anchor, last) {
            (MixSwitch::Hands(n), _, _) => self.hands >= n,
            (MixSwitch::Orbit, Some(anchor), Some(last)) => {
                // The button reached or passed the anchor seat moving from last.button.
                let n = cfg.max_players;
                let d = |x: SeatNo| x.steps_from(last.button, n);
                d(anchor) != 0 && d(anchor) <= d(button)
            }
            _ => false,
        };
        if switch {
            self.second = !self.second;
            self.hands = 0;
            self.anchor = None;
        }
        if self.anchor.is_none() {
            self.anchor = Some(button);
        }
        self.hands = self.hands.saturating_add(1);
        if self.second {
            (mixed.structure, mixed.stakes)
        } else {
            (cfg.structure, cfg.stakes)
        }
    }
}
