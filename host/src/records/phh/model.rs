//! The hand's model: the [`Variant`]s this table plays, what a show shows
//! ([`Shown`]), and one hand as read ([`HandHistory`]), amounts in the file's unit.

use super::action::PhhAction;
use super::document::{Entry, Value};
use super::number::Scale;
use super::Cards;
use std::fmt;

/// The games this table plays (replay-schema.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `NT`: no-limit Texas hold'em.
    NoLimitHoldem,
    /// `FT`: fixed-limit Texas hold'em.
    FixedLimitHoldem,
    /// `PT`: pot-limit Texas hold'em (our extension, fields as `NT`).
    PotLimitHoldem,
    /// `PO`: pot-limit Omaha.
    PotLimitOmaha,
    /// `FO/8`: fixed-limit Omaha hi/lo, eight or better.
    FixedLimitOmahaHiLo,
    /// `NO`: no-limit Omaha (our extension, fields as `PO`).
    NoLimitOmaha,
    /// `FO`: fixed-limit Omaha high (our extension, fields as `FO/8`).
    FixedLimitOmaha,
    /// `NO/8`: no-limit Omaha hi/lo (our extension, fields as `PO`).
    NoLimitOmahaHiLo,
    /// `PO/8`: pot-limit Omaha hi/lo (our extension, fields as `PO`).
    PotLimitOmahaHiLo,
    /// `N5CD`: no-limit five-card draw, high (our extension, fields as `NT`).
    NoLimitFiveCardDraw,
    /// `P5CD`: pot-limit five-card draw (our extension, fields as `NT`).
    PotLimitFiveCardDraw,
    /// `F5CD`: fixed-limit five-card draw (our extension, fields as `FT`).
    FixedLimitFiveCardDraw,
}

impl Variant {
    /// Every supported variant.
    pub const ALL: [Variant; 12] = [
        Variant::NoLimitHoldem,
        Variant::FixedLimitHoldem,
        Variant::PotLimitHoldem,
        Variant::PotLimitOmaha,
        Variant::FixedLimitOmahaHiLo,
        Variant::NoLimitOmaha,
        Variant::FixedLimitOmaha,
        Variant::NoLimitOmahaHiLo,
        Variant::PotLimitOmahaHiLo,
        Variant::NoLimitFiveCardDraw,
        Variant::PotLimitFiveCardDraw,
        Variant::FixedLimitFiveCardDraw,
    ];

    /// The PHH code: `NT`, `FT`, `PT`, `PO`, `FO/8`.
    pub const fn code(self) -> &'static str {
        // The codes are the games' own (GameSpec::phh_codes): one table of them.
        let (game, structure) = self.game();
        game.phh_code(structure)
    }

    /// The engine's game and betting structure: the one mapping between PHH codes and
    /// the table's settings.
    pub const fn game(self) -> (firmware::Game, firmware::Structure) {
        use firmware::{Game, Structure};
        match self {
            Variant::NoLimitHoldem => (Game::Holdem, Structure::NoLimit),
            Variant::PotLimitHoldem => (Game::Holdem, Structure::PotLimit),
            Variant::FixedLimitHoldem => (Game::Holdem, Structure::FixedLimit),
            Variant::NoLimitOmaha => (Game::Omaha, Structure::NoLimit),
            Variant::PotLimitOmaha => (Game::Omaha, Structure::PotLimit),
            Variant::FixedLimitOmaha => (Game::Omaha, Structure::FixedLimit),
            Variant::NoLimitOmahaHiLo => (Game::OmahaHiLo, Structure::NoLimit),
            Variant::PotLimitOmahaHiLo => (Game::OmahaHiLo, Structure::PotLimit),
            Variant::FixedLimitOmahaHiLo => (Game::OmahaHiLo, Structure::FixedLimit),
            Variant::NoLimitFiveCardDraw => (Game::FiveCardDraw, Structure::NoLimit),
            Variant::PotLimitFiveCardDraw => (Game::FiveCardDraw, Structure::PotLimit),
            Variant::FixedLimitFiveCardDraw => (Game::FiveCardDraw, Structure::FixedLimit),
        }
    }

    /// The variant of a game and structure.
    /// Every game in every structure has its variant (a test holds it for every
    /// GameSpec), so the fallback is never taken.
    pub fn of_game(game: firmware::Game, structure: firmware::Structure) -> Variant {
        Variant::ALL
            .into_iter()
            .find(|v| v.game() == (game, structure))
            .unwrap_or(Variant::NoLimitHoldem)
    }

    /// The variant of a PHH code, if this table plays it.
    pub fn from_code(code: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.code() == code)
    }

    /// Fixed limit (`small_bet`/`big_bet`) rather than `min_bet`.
    pub const fn is_fixed_limit(self) -> bool {
        matches!(self.game().1, firmware::Structure::FixedLimit)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What a `pN sm` action shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// `pN sm`: the hand is mucked.
    Muck,
    /// `pN sm CARDS`: these cards are shown (`None` = `??`, not shown).
    Cards(Cards),
    /// `pN sm -`: the cards dealt to the player are shown.
    Dealt,
}

/// Where an action is in the file, and its commentary (the text after `#` inside
/// the action string).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionInfo {
    /// The 1-based line of the action string.
    pub line: usize,
    /// The commentary, trimmed, if there is one.
    pub comment: Option<String>,
}

/// One hand, amounts in the file's chip unit ([`Scale`]), players 0-based
/// (index 0 = `p1`, the small blind; heads-up `p1` is the big blind).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandHistory {
    /// The game.
    pub variant: Variant,
    /// `ante_trimming_status` (default `false`: all antes go to the main pot).
    pub ante_trimming_status: bool,
    /// Antes by player.
    pub antes: Vec<u64>,
    /// Blinds and straddles by player.
    pub blinds_or_straddles: Vec<u64>,
    /// No-limit and pot-limit: the minimum bet.
    pub min_bet: Option<u64>,
    /// Fixed limit: the small bet.
    pub small_bet: Option<u64>,
    /// Fixed limit: the big bet.
    pub big_bet: Option<u64>,
    /// The bring-in, if the file gives one (stud games; none of ours).
    pub bring_in: Option<u64>,
    /// Starting stacks by player; its length is the number of players.
    pub starting_stacks: Vec<u64>,
    /// The actions in file order (no-ops included, so indices match the file).
    pub actions: Vec<PhhAction>,
    /// Line and commentary of each action, same length as `actions`.
    pub action_info: Vec<ActionInfo>,
    /// Player names, if given.
    pub players: Option<Vec<String>>,
    /// `finishing_stacks`, if given.
    pub finishing_stacks: Option<Vec<u64>>,
    /// `winnings`, if given.
    pub winnings: Option<Vec<u64>>,
    /// The chip unit of every amount above.
    pub scale: Scale,
    /// The `[N]` section of a `.phhs` file the hand came from.
    pub section: Option<String>,
    /// The 1-based line the hand starts on.
    pub line: usize,
    /// Every other field, as read (`event`, `time`, `seats`, `_`-prefixed user
    /// fields...).
    pub extra: Vec<Entry<'static>>,
}

impl HandHistory {
    /// The number of players.
    pub fn player_count(&self) -> usize {
        self.starting_stacks.len()
    }

    /// A field kept in [`HandHistory::extra`].
    pub fn field(&self, key: &str) -> Option<&Value<'static>> {
        self.extra.iter().find(|e| e.key == key).map(|e| &e.value)
    }
}
