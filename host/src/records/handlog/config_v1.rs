//! The configuration as payload version 1 wrote it: a fixed set of fields, read-only
//! now (version 2 writes every setting through the settings codec). Kept so that logs
//! written before the codec still open and rebuild their table.

use firmware::rules::{
    AmountPolicy, AnteMode, ButtonRule, FlCap, FlShortAllIn, MixSwitch, Mixed, Stakes,
    StraddleMinRaise,
};
use firmware::{Chips, Game, Structure, TableConfig};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum GameName {
    Holdem,
    Omaha,
    OmahaHiLo,
    FiveCardDraw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::enum_variant_names)] // the firmware's names
enum StructureName {
    NoLimit,
    PotLimit,
    FixedLimit,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StakesData {
    small_blind: Chips,
    big_blind: Chips,
    ante: Chips,
    ante_per_player: bool,
    small_bet: Chips,
    big_bet: Chips,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum FlCapData {
    Round { bets: u8, blind_is_bet: bool },
    PerPlayer { raises: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MixedData {
    structure: StructureName,
    stakes: StakesData,
    /// `None`: when the button completes an orbit; `Some(n)`: every `n` hands.
    switch_hands: Option<u16>,
}

/// The configuration as payload version 1 wrote it (read-only now: version 2 writes
/// `ConfigPayload::settings`, in `record.rs`). Unknown fields are refused: a log
/// written by a newer version with more settings is not replayed with them silently
/// dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ConfigData {
    game: GameName,
    structure: StructureName,
    stakes: StakesData,
    max_players: u8,
    dead_button: bool,
    straddle_allowed: bool,
    straddle_min_raise_is_straddle: bool,
    pl_sb_virtual: bool,
    fl_cap: FlCapData,
    fl_short_all_in_half_bet: bool,
    fl_uncapped_heads_up: bool,
    missed_blind_reset_orbits: u8,
    short_deck: bool,
    redeal_ante: bool,
    amounts_corrected: bool,
    burns_automatic: bool,
    mixed: Option<MixedData>,
}

#[cfg(test)]
fn structure_name(s: Structure) -> StructureName {
    match s {
        Structure::NoLimit => StructureName::NoLimit,
        Structure::PotLimit => StructureName::PotLimit,
        Structure::FixedLimit => StructureName::FixedLimit,
    }
}

fn structure_of(s: StructureName) -> Structure {
    match s {
        StructureName::NoLimit => Structure::NoLimit,
        StructureName::PotLimit => Structure::PotLimit,
        StructureName::FixedLimit => Structure::FixedLimit,
    }
}

#[cfg(test)]
fn stakes_data(s: &Stakes) -> StakesData {
    StakesData {
        small_blind: s.small_blind,
        big_blind: s.big_blind,
        ante: s.ante,
        ante_per_player: s.ante_mode == AnteMode::PerPlayer,
        small_bet: s.small_bet,
        big_bet: s.big_bet,
    }
}

fn stakes_of(s: &StakesData) -> Stakes {
    let mut st = Stakes::blinds(s.small_blind, s.big_blind);
    st.ante = s.ante;
    st.ante_mode = if s.ante_per_player {
        AnteMode::PerPlayer
    } else {
        AnteMode::BigBlind
    };
    st.small_bet = s.small_bet;
    st.big_bet = s.big_bet;
    st
}

#[cfg(test)]
impl From<&TableConfig> for ConfigData {
    fn from(c: &TableConfig) -> ConfigData {
        ConfigData {
            game: match c.game {
                Game::Holdem => GameName::Holdem,
                Game::Omaha => GameName::Omaha,
                Game::OmahaHiLo => GameName::OmahaHiLo,
                Game::FiveCardDraw => GameName::FiveCardDraw,
            },
            structure: structure_name(c.structure),
            stakes: stakes_data(&c.stakes),
            max_players: c.max_players,
            dead_button: c.button_rule == ButtonRule::DeadButton,
            straddle_allowed: c.straddle_allowed,
            straddle_min_raise_is_straddle: c.straddle_min_raise == StraddleMinRaise::Straddle,
            pl_sb_virtual: c.pl_sb_virtual,
            fl_cap: match c.fl_cap {
                FlCap::Round { bets, blind_is_bet } => FlCapData::Round { bets, blind_is_bet },
                FlCap::PerPlayer { raises } => FlCapData::PerPlayer { raises },
            },
            fl_short_all_in_half_bet: c.fl_short_all_in == FlShortAllIn::HalfBet,
            fl_uncapped_heads_up: c.fl_uncapped_heads_up,
            missed_blind_reset_orbits: c.missed_blind_reset_orbits,
            short_deck: c.short_deck,
            redeal_ante: c.redeal_ante,
            amounts_corrected: c.amounts == AmountPolicy::Correct,
            burns_automatic: c.automations.burns,
            mixed: c.mixed.map(|m| MixedData {
                structure: structure_name(m.structure),
                stakes: stakes_data(&m.stakes),
                switch_hands: match m.switch {
                    MixSwitch::Orbit => None,
                    MixSwitch::Hands(n) => Some(n),
                },
            }),
        }
    }
}

impl ConfigData {
    pub(super) fn to_config(&self) -> TableConfig {
        let game = match self.game {
            GameName::Holdem => Game::Holdem,
            GameName::Omaha => Game::Omaha,
            GameName::OmahaHiLo => Game::OmahaHiLo,
            GameName::FiveCardDraw => Game::FiveCardDraw,
        };
        let mut c = TableConfig::new(
            game,
            structure_of(self.structure),
            self.stakes.small_blind,
            self.stakes.big_blind,
        );
        c.stakes = stakes_of(&self.stakes);
        c.max_players = self.max_players;
        c.button_rule = if self.dead_button {
            ButtonRule::DeadButton
        } else {
            ButtonRule::MovingButton
        };
        c.straddle_allowed = self.straddle_allowed;
        c.straddle_min_raise = if self.straddle_min_raise_is_straddle {
            StraddleMinRaise::Straddle
        } else {
            StraddleMinRaise::BigBlind
        };
        c.pl_sb_virtual = self.pl_sb_virtual;
        c.fl_cap = match self.fl_cap {
            FlCapData::Round { bets, blind_is_bet } => FlCap::Round { bets, blind_is_bet },
            FlCapData::PerPlayer { raises } => FlCap::PerPlayer { raises },
        };
        c.fl_short_all_in = if self.fl_short_all_in_half_bet {
            FlShortAllIn::HalfBet
        } else {
            FlShortAllIn::AllInPlusBet
        };
        c.fl_uncapped_heads_up = self.fl_uncapped_heads_up;
        c.missed_blind_reset_orbits = self.missed_blind_reset_orbits;
        c.short_deck = self.short_deck;
        c.redeal_ante = self.redeal_ante;
        c.amounts = if self.amounts_corrected {
            AmountPolicy::Correct
        } else {
            AmountPolicy::Reject
        };
        c.automations.burns = self.burns_automatic;
        c.mixed = self.mixed.as_ref().map(|m| Mixed {
            structure: structure_of(m.structure),
            stakes: stakes_of(&m.stakes),
            switch: m.switch_hands.map_or(MixSwitch::Orbit, MixSwitch::Hands),
        });
        c
    }
}
