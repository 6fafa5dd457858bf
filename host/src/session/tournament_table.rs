//! A tournament table's dealer between hands: the inputs that bring the table to
//! what the director's log says. Players drawn to this table sit down with the
//! starting stack; a player moved away leaves with his chips (MOVE OUT, counted by
//! the table) and one moved here arrives with the chips the director recorded (MOVE
//! IN); a player out of chips leaves; the level the clock is at is set before the
//! next hand (PD-TOURN-LEVEL). The table keeps which entry sits in which of its seats
//! ([`SeatBook`]): the engine knows seats, the director entries.
//!
//! Departures come before arrivals, at every table, so a player's chips leave one
//! table before they reach the next, and a seat is free before it is taken.

use super::simulated::NextHand;
use crate::tournament::{level_input, TablePlan, Tournament};
use firmware::{Chips, Input, Presence, SeatNo, Table};
use std::collections::BTreeMap;

/// Which entry sits in which seat of this table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatBook {
    by_seat: BTreeMap<u8, u32>,
}

/// A step of the dealer's, with the entry it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The entry.
    pub entry: u32,
    /// The input the dealer makes.
    pub input: Input,
}

impl SeatBook {
    /// The entry in `seat`, if any.
    pub fn entry(&self, seat: SeatNo) -> Option<u32> {
        self.by_seat.get(&seat.get()).copied()
    }

    /// The seats taken, with their entries.
    pub fn seats(&self) -> impl Iterator<Item = (SeatNo, u32)> + '_ {
        self.by_seat
            .iter()
            .filter_map(|(&s, &e)| SeatNo::new(s).map(|s| (s, e)))
    }

    /// The players leaving this table: out of chips (LEAVE), or drawn or moved to
    /// another seat (MOVE OUT, with the chips the table counts).
    pub fn departures(&self, table: &Table, t: &Tournament, table_id: &str) -> Vec<Step> {
        self.seats()
            .filter_map(|(seat, entry)| {
                let here = t
                    .entry(entry)
                    .is_ok_and(|e| e.out.is_none() && e.table == table_id && e.seat == seat.get());
                let stack = table.seat(seat).map_or(Chips::ZERO, |s| s.stack);
                let input = if stack.is_zero() {
                    Input::Leave { seat }
                } else if here {
                    return None;
                } else {
                    Input::MoveOut { seat }
                };
                Some(Step { entry, input })
            })
            .collect()
    }

    /// The players the director seated at this table who are not in their seats:
    /// a new entry with the starting stack, a moved player with his chips.
    pub fn arrivals(&self, table: &Table, t: &Tournament, table_id: &str) -> Vec<Step> {
        t.at_table(table_id)
            .filter(|(n, e)| self.by_seat.get(&e.seat) != Some(n))
            .filter_map(|(entry, e)| {
                let seat = SeatNo::new(e.seat)?;
                let empty = table
                    .seat(seat)
                    .is_some_and(|s| s.presence == Presence::Empty);
                if !empty {
                    return None;
                }
                let input = match e.moved_with {
                    Some(stack) => Input::MoveIn { seat, stack },
                    None => Input::SitDown {
                        seat,
                        stack: t.structure.starting_stack,
                        wait_for_bb: false,
                    },
                };
                Some(Step { entry, input })
            })
            .collect()
    }

    /// Notes what an accepted step did to the seats.
    pub fn record(&mut self, step: &Step) {
        match step.input {
            Input::Leave { seat } | Input::MoveOut { seat } => {
                self.by_seat.remove(&seat.get());
            }
            Input::MoveIn { seat, .. } | Input::SitDown { seat, .. } => {
                self.by_seat.insert(seat.get(), step.entry);
            }
            _ => {}
        }
    }
}

/// The level to set before the next hand, when the plan deals at another level than
/// the table plays.
pub fn level_step(table: &Table, plan: &TablePlan<'_>) -> Option<Input> {
    match plan {
        TablePlan::Deal { level, stakes } if usize::from(table.state().level) != *level => {
            level_input(*level, stakes)
        }
        _ => None,
    }
}

/// Why a tournament table deals no hand now: the dealer's NEXT HAND is refused with
/// it, the bench table waits on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// No tournament on the floor's store seats this table (or none heard yet).
    NoTournament,
    /// The clock has not started.
    NotStarted,
    /// A break.
    Break,
    /// The director stopped the clock.
    Paused,
    /// Hand-for-hand: this table dealt the round's hand.
    HandForHand,
    /// The table is broken or the tournament over.
    Closed,
}

impl std::fmt::Display for Hold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Hold::NoTournament => {
                "no tournament seats this table yet: no hand until the floor's clock is heard"
            }
            Hold::NotStarted => "the tournament's clock has not started: no hand yet",
            Hold::Break => "break: no hand until the clock runs again",
            Hold::Paused => "the tournament's clock is stopped: no hand until the director runs it",
            Hold::HandForHand => "hand-for-hand: wait until every table has played this round",
            Hold::Closed => "this table's tournament is over or the table broken: no more hands",
        })
    }
}

/// How long a table waits before asking its clock again while it may not deal.
pub const CLOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// What a table following its tournament does before its next hand at `now`: set
/// the level when the clock moved on and deal; wait while the clock stops the
/// dealing (before the start, a break, a paused clock, a hand-for-hand round dealt)
/// or no tournament is heard yet; stop once its table is broken or the tournament
/// over. The dealer's seating stays the dealer's.
pub fn next_hand(
    table: &Table,
    t: Option<&Tournament>,
    table_id: &str,
    now: crate::records::time::WallTime,
    dealt_round: Option<u32>,
) -> NextHand {
    let Some(t) = t else {
        return NextHand::Wait(CLOCK_WAIT, Hold::NoTournament);
    };
    let plan = t.table_plan(table_id, now, dealt_round);
    let hold = match plan {
        TablePlan::Deal { .. } => {
            return NextHand::Deal(level_step(table, &plan).into_iter().collect())
        }
        TablePlan::Closed => return NextHand::Stop,
        TablePlan::NotStarted => Hold::NotStarted,
        TablePlan::Break { .. } => Hold::Break,
        TablePlan::Paused => Hold::Paused,
        TablePlan::WaitRound { .. } => Hold::HandForHand,
    };
    NextHand::Wait(CLOCK_WAIT, hold)
}

/// A table's memory of the hand-for-hand rounds it dealt, so it deals each round's
/// one hand and then waits for the next round (PD-TOURN-HFH). A round counts as dealt
/// once a hand has started after the clock said deal: a NEXT HAND the table refused
/// (too few players) leaves the round to deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rounds {
    /// The last round dealt.
    dealt: Option<u32>,
    /// The round the clock last said to deal, with the hands started by then.
    pending: Option<(u32, u32)>,
}

impl Rounds {
    /// [`next_hand`], for a table that remembers the rounds it dealt.
    pub fn next_hand(
        &mut self,
        table: &Table,
        t: Option<&Tournament>,
        table_id: &str,
        now: crate::records::time::WallTime,
    ) -> NextHand {
        let started = table.state().hands;
        if let Some((round, before)) = self.pending.take() {
            if started > before {
                self.dealt = Some(round);
            }
        }
        let next = next_hand(table, t, table_id, now, self.dealt);
        if let (NextHand::Deal(_), Some(round)) = (&next, t.and_then(|t| t.hand_for_hand)) {
            self.pending = Some((round, started));
        }
        next
    }
}

#[cfg(test)]
mod tests;
