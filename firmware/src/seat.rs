//! A seat at the table: who sits there and what he owes between hands.
//!
//! Its own module because the table (which seats players and moves the blinds), the
//! hand (which takes chips from the stacks) and the betting (which asks who has
//! chips left) all read seats, and none of them should have to import another to do
//! so.
//!
//! Before working on this file, read RULES.md R-TABLE-4, R-MISS-1..5 and PD-MISS.

use crate::config::MAX_SEATS;
use crate::rules::{Chips, ShortBlind, TableConfig};

/// The seats of the table, indexed by seat number − 1.
pub type Seats = [Seat; MAX_SEATS];

/// Whether a seat holds a player, and whether he plays the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Presence {
    /// Nobody sits here.
    #[default]
    Empty,
    /// He plays when dealt in.
    Playing,
    /// He sits out; blinds that pass him are owed (R-MISS-1).
    SittingOut,
    /// He waits for the big blind to reach him (R-MISS-5).
    WaitingForBb,
}

/// A seat at the table and what its player owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Seat {
    /// Who sits here and whether he plays.
    pub presence: Presence,
    /// His chips on the table (R-TABLE-4).
    pub stack: Chips,
    /// He missed the small blind: he posts it dead when he returns (PD-MISS).
    pub owes_small: bool,
    /// He missed the big blind: he posts it live when he returns (PD-MISS).
    pub owes_big: bool,
    /// He is new (or missed blinds for `missed_blind_reset_orbits` orbits): he posts one
    /// live big blind to enter (R-MISS-3, R-MISS-5).
    pub new_player: bool,
    /// Orbits of big blinds missed in a row (R-MISS-3, PD-BTN (5)).
    pub missed_orbits: u8,
    /// Moved in from another table of a tournament and not dealt in yet: he waits
    /// only while his seat is between the small blind and the button
    /// (PD-TOURN-MOVE).
    pub moved_in: bool,
}

impl Seat {
    pub(crate) fn occupied(&self) -> bool {
        self.presence != Presence::Empty
    }

    /// Owes something before he may be dealt in.
    pub(crate) fn owes(&self) -> bool {
        self.new_player || self.owes_big || self.owes_small
    }

    /// Absent for blind purposes: sitting out, or not enough chips to play. At a
    /// tournament table a player sitting out is dealt in all the same (PD-TOURN).
    pub(crate) fn absent(&self, cfg: &TableConfig, big_blind: Chips) -> bool {
        let needed = match cfg.short_blind {
            ShortBlind::AllIn => Chips::ZERO,
            ShortBlind::MustCover => big_blind,
        };
        (self.presence == Presence::SittingOut && !cfg.tournament)
            || (self.occupied() && self.stack <= needed)
    }

    /// Takes his place in the next hand if dealt in: playing, or at a tournament
    /// table sitting out (he is dealt in and blinded off, TDA 2024 Rule 30).
    pub(crate) fn plays(&self, cfg: &TableConfig) -> bool {
        self.presence == Presence::Playing
            || (cfg.tournament && self.presence == Presence::SittingOut)
    }
}
