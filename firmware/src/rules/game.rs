//! The games a table deals, as data: one [`GameSpec`] per game says everything the
//! rest of the code asks of a game (its names, its cards, board or draw, hi/lo, what
//! it needs at the table). Code asks the spec a question (`game.spec().hi_lo`) rather
//! than comparing games, so a new game is one more spec, not fifteen edits.

use super::{ShortBlind, Structure};

/// The game dealt at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Game {
    /// Texas Hold'em: 2 hole cards, 5 board cards (R-RANK-6).
    Holdem,
    /// Omaha: 4 hole cards, exactly 2 of them play (R-RANK-7).
    Omaha,
    /// Omaha Hi/Lo 8-or-better (RULES.md §3).
    OmahaHiLo,
    /// Five-card draw with one exchange (RULES.md §17).
    FiveCardDraw,
}

/// What a game is, for every part of the product that needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The game.
    pub game: Game,
    /// Its name in settings, scripts and on the command line (`holdem`).
    pub name: &'static str,
    /// Its name for people (`Texas Hold'em`).
    pub title: &'static str,
    /// Hole cards each player receives (R-DEAL-1, R-DRAW-1).
    pub hole_cards: u8,
    /// Whether it has a board (flop, turn, river) rather than an exchange.
    pub board: bool,
    /// Which cards make a player's hand at the showdown (R-RANK-2, R-RANK-6, R-RANK-7).
    pub plays: Plays,
    /// Whether each pot is split between the best high and the best low (§3).
    pub hi_lo: bool,
    /// Whether the hand is played on antes (R-ANTE-1: draw always has one).
    pub ante_required: bool,
    /// Whether the 32-card deck may be used (R-DECK-3).
    pub short_deck_allowed: bool,
    /// The most players the game seats (R-TABLE-1: 11 in Hold'em, 10 in Omaha \[002\];
    /// PD-DRAW: 10 in draw on 52 cards).
    pub max_players: u8,
    /// The default for a player who cannot cover his blind (PD-SHORTBLIND; Omaha:
    /// \[002\], seed-notes D2).
    pub short_blind: ShortBlind,
    /// PHH variant codes for no limit, pot limit and fixed limit (docs/phh.md, "Hand
    /// histories we write": the standard's codes where it has one, ours otherwise).
    pub phh_codes: [&'static str; 3],
}

/// Which cards make a player's five-card hand, and how it ranks: the one place a
/// game says it, so the host's money layer values every hand (the showdown, the
/// equity, the screen's highlight) from this and never from the game's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Plays {
    /// The best five of the hole cards and the board, two, one or none of the hole
    /// cards playing (R-RANK-6: Hold'em).
    AnyFive,
    /// Exactly two hole cards and exactly three board cards (R-RANK-7: Omaha), for
    /// the high and for the low alike (R-HILO-2).
    TwoHoleThreeBoard,
    /// The five cards held after the exchange, no board; a flush beats a full house
    /// (R-RANK-2: five-card draw).
    FiveHeld,
}

/// Every game, in the order settings and help texts list them.
pub const GAMES: [GameSpec; 4] = [
    GameSpec {
        game: Game::Holdem,
        name: "holdem",
        title: "Texas Hold'em",
        hole_cards: 2,
        board: true,
        plays: Plays::AnyFive,
        hi_lo: false,
        ante_required: false,
        short_deck_allowed: false,
        max_players: 11,
        short_blind: ShortBlind::AllIn,
        phh_codes: ["NT", "PT", "FT"],
    },
    GameSpec {
        game: Game::Omaha,
        name: "omaha",
        title: "Omaha",
        hole_cards: 4,
        board: true,
        plays: Plays::TwoHoleThreeBoard,
        hi_lo: false,
        ante_required: false,
        short_deck_allowed: false,
        max_players: 10,
        short_blind: ShortBlind::MustCover,
        phh_codes: ["NO", "PO", "FO"],
    },
    GameSpec {
        game: Game::OmahaHiLo,
        name: "omaha8",
        title: "Omaha Hi/Lo 8-or-better",
        hole_cards: 4,
        board: true,
        plays: Plays::TwoHoleThreeBoard,
        hi_lo: true,
        ante_required: false,
        short_deck_allowed: false,
        max_players: 10,
        short_blind: ShortBlind::MustCover,
        phh_codes: ["NO/8", "PO/8", "FO/8"],
    },
    GameSpec {
        game: Game::FiveCardDraw,
        name: "draw",
        title: "Five-card draw",
        hole_cards: 5,
        board: false,
        plays: Plays::FiveHeld,
        hi_lo: false,
        ante_required: true,
        short_deck_allowed: true,
        max_players: 10,
        short_blind: ShortBlind::AllIn,
        phh_codes: ["N5CD", "P5CD", "F5CD"],
    },
];

impl Game {
    /// Everything about the game.
    pub const fn spec(self) -> &'static GameSpec {
        match self {
            Game::Holdem => &GAMES[0],
            Game::Omaha => &GAMES[1],
            Game::OmahaHiLo => &GAMES[2],
            Game::FiveCardDraw => &GAMES[3],
        }
    }

    /// The game named `name` in settings (`holdem`, `omaha`, `omaha8`, `draw`).
    pub fn from_name(name: &str) -> Option<Game> {
        GAMES.iter().find(|g| g.name == name).map(|g| g.game)
    }

    /// Hole cards each player receives (R-DEAL-1, R-DRAW-1).
    pub const fn hole_cards(self) -> u8 {
        self.spec().hole_cards
    }

    /// Whether the game has a board (flop, turn, river) rather than an exchange.
    pub const fn has_board(self) -> bool {
        self.spec().board
    }

    /// The PHH variant code of this game in `structure`.
    pub const fn phh_code(self, structure: Structure) -> &'static str {
        self.spec().phh_codes[structure.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_one_spec_found_by_its_name() {
        for spec in &GAMES {
            assert_eq!(spec.game.spec(), spec);
            assert_eq!(Game::from_name(spec.name), Some(spec.game));
        }
        assert_eq!(Game::from_name("stud"), None);
    }
}
