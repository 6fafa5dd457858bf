//! The table's settings: game, betting structure, stakes, and every house rule that
//! RULES.md marks as a setting. Each field cites the rule it selects; defaults are the
//! casino defaults of RULES.md.

use crate::config::MAX_SEATS;

mod chips;
pub mod codec;
mod game;
mod money;
mod seat_no;

#[cfg(test)]
pub(crate) use chips::ch;
pub use chips::{Chips, ChipsParseError};
pub use game::{Game, GameSpec, Plays, GAMES};
pub use money::{MoneyRules, OddChip, Rake, MAX_RAKE_BASIS_POINTS};
#[cfg(test)]
pub(crate) use seat_no::sn;
pub use seat_no::{SeatNo, SeatParseError};

/// The betting structure of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Structure {
    /// No limit (RULES.md §11).
    NoLimit,
    /// Pot limit (RULES.md §12).
    PotLimit,
    /// Fixed limit (RULES.md §10).
    FixedLimit,
}

impl Structure {
    /// Every structure, in the order of [`Structure::index`].
    pub const ALL: [Structure; 3] = [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ];

    /// Its place in [`Structure::ALL`] (and in a game's PHH codes).
    pub const fn index(self) -> usize {
        match self {
            Structure::NoLimit => 0,
            Structure::PotLimit => 1,
            Structure::FixedLimit => 2,
        }
    }

    /// Its name in settings, scripts and on the command line (`nl`, `pl`, `fl`).
    pub const fn name(self) -> &'static str {
        ["nl", "pl", "fl"][self.index()]
    }

    /// The structure named `name` (`nl`, `pl`, `fl`).
    pub fn from_name(name: &str) -> Option<Structure> {
        Structure::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// How antes are posted (R-ANTE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AnteMode {
    /// Every dealt-in player posts `ante`.
    PerPlayer,
    /// The big blind posts one ante of `ante` for the table.
    BigBlind,
}

/// Dead button or moving button (PD-BTN, `button_rule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ButtonRule {
    /// The big blind advances exactly one player each hand; the small blind is last
    /// hand's big-blind seat and the button last hand's small-blind seat, even when
    /// that seat is empty (a dead button). The default: no player ever skips a blind.
    DeadButton,
    /// The button moves to the next player in the hand; blinds follow it.
    MovingButton,
}

/// The minimum raise after a straddle (R-STRAD-5, `straddle_min_raise`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum StraddleMinRaise {
    /// The increment is the big blind: min raise-to is 3×BB (\[003\] PL rule 8; default).
    BigBlind,
    /// The increment is the straddle: min raise-to is 4×BB (common TDA practice).
    Straddle,
}

/// The fixed-limit cap (R-FL-2, R-FL-3, `fl_cap_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FlCap {
    /// At most `bets` bets and raises per round. With `blind_is_bet`, the big blind
    /// counts as the preflop bet (R-FL-2 `round4`: bet, raise, re-raise, cap); without,
    /// preflop allows `bets` raises over the big blind (the PHH reference profile).
    Round {
        /// Bets plus raises allowed in one round.
        bets: u8,
        /// Whether the big blind counts as the first preflop bet.
        blind_is_bet: bool,
    },
    /// In the first betting round each player may raise at most `raises` times, with
    /// no table-wide cap (R-FL-3 `per_player3`, \[002\]); the seed says nothing of later
    /// rounds, which keep the default cap of a bet and three raises (seed-notes).
    PerPlayer {
        /// Raises allowed to each player in one round.
        raises: u8,
    },
}

/// How a fixed-limit all-in for less than a full bet counts (PD-REOPEN).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FlShortAllIn {
    /// A raise part of at least half a bet counts as a full raise; below half it does
    /// not, and the next raise is to the last full level plus one bet (default).
    HalfBet,
    /// The next raise is always to the all-in amount plus one bet (PHH reference).
    AllInPlusBet,
}

/// What an unconfirmed straddle costs the straddler (R-STRAD-4).
///
/// The rule: he loses the right to raise when the action returns to him unraised, and
/// only then. \[003\] 3д takes away "the right to raise his straddle" ("правото на
/// зголемување на својот straddle bet"), the right 3г gives the live blind; facing a
/// raise he answers it as any player may (\[003\] procedure 5). docs/seed-notes.md D3.
///
/// The two other values are how the table played before, kept so that every log,
/// export and file that says them plays on exactly as it was dealt: a word written
/// never changes its meaning. A house should not choose them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum UnconfirmedStraddle {
    /// The rule, and the default (`unraised`): when the action returns to him
    /// unraised he has his turn, to check (or fold), without the raise; facing a raise
    /// he may fold, call or re-raise like anyone.
    Unraised,
    /// The earlier reading of the seed (`no_raise`): no raise in the whole first round,
    /// so facing a raise he could only call or fold.
    NoRaiseFirstRound,
    /// The earlier reading of RULES.md (`no_option`): he counts as having acted at the
    /// straddle, so when everyone calls the round ends without his turn.
    NoTurn,
}

/// How the hands are shown once the last betting round is over (R-SHOW-1..3, PD-SHOW).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShowdownRule {
    /// The live table's showdown, and the default: the called bettor (else the first
    /// player left of the button) shows first, then each player clockwise shows or
    /// mucks; a hand is on the players' screen only once it is shown, a mucked or
    /// unshown hand wins nothing, a sole survivor wins without showing. With a player
    /// all-in and the betting over, every hand is tabled at once (PD-SHOW).
    InTurn,
    /// Every hand still in is tabled the moment the betting ends, and the seat keys
    /// only muck: how the table ran before the showdown had its own phase. Logs written
    /// then (which carry no `showdown` setting) read as this, and hand histories replay
    /// with it, their shows and mucks being known.
    Tabled,
}

/// A player who cannot cover his blind (PD-SHORTBLIND).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShortBlind {
    /// He posts all-in; the others still call the full big blind (PD-SHORTBLIND; the
    /// default in Hold'em and draw).
    AllIn,
    /// He must have chips to post the big blind and then bet, or he is not dealt in
    /// until he adds chips (\[002\] for Omaha; the default in Omaha; seed-notes D2).
    MustCover,
}

/// What the engine does with a bet or raise outside the limits (R-PL-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AmountPolicy {
    /// Correct it to the nearest legal amount and raise a warning event: an over-pot
    /// bet is reduced to the maximum (R-PL-5); an under-minimum raise of at least half
    /// the minimum increment becomes the minimum raise, below half it becomes a call
    /// (TDA); a fixed-limit amount becomes the fixed size. The default at a live table.
    Correct,
    /// Reject it with an error: for replaying hand histories, where an out-of-range
    /// amount means the history and the rules disagree.
    Reject,
}

/// Steps the engine takes by itself instead of waiting for an input (STYLE: automations
/// as an explicit set), so the live table, the bench and log replay share one engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Automations {
    /// Burn cards are not read: the engine does not expect them (histories without
    /// burns, such as PHH files).
    pub burns: bool,
}

/// The stakes: blinds, antes and fixed-limit bet sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Stakes {
    /// The small blind (R-BLIND-2); 0 for none.
    pub small_blind: Chips,
    /// The big blind; the minimum bet in no-limit and pot-limit (R-NL-1, R-PL-1).
    pub big_blind: Chips,
    /// The ante (R-ANTE-1); 0 for none.
    pub ante: Chips,
    /// Who posts the ante.
    pub ante_mode: AnteMode,
    /// Fixed limit: the small bet, used preflop and on the flop (R-FL-1).
    pub small_bet: Chips,
    /// Fixed limit: the big bet, used on the turn and river (R-FL-1).
    pub big_bet: Chips,
}

impl Stakes {
    /// Blinds `sb`/`bb`, no ante; fixed-limit bets of `bb` and `2×bb` (at most
    /// `Chips::MAX`: a script or a command line may ask for any big blind).
    pub const fn blinds(sb: Chips, bb: Chips) -> Stakes {
        Stakes {
            small_blind: sb,
            big_blind: bb,
            ante: Chips::ZERO,
            ante_mode: AnteMode::PerPlayer,
            small_bet: bb,
            big_bet: bb.saturating_mul(2),
        }
    }
}

/// When a mixed game switches structure (PD-MIX, `mix_switch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum MixSwitch {
    /// When the button completes an orbit (default).
    Orbit,
    /// Every `n` hands.
    Hands(u16),
}

/// A mixed game (R-MIX-1): hands alternate between the table's structure and stakes and
/// these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Mixed {
    /// The other structure (usually fixed limit against the table's no limit).
    pub structure: Structure,
    /// Its stakes (blinds usually rise when switching from NL to FL, R-MIX-1).
    pub stakes: Stakes,
    /// When to switch.
    pub switch: MixSwitch,
}

/// Every setting of a table. Construct with [`TableConfig::new`] and change fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub struct TableConfig {
    /// The game dealt.
    pub game: Game,
    /// The betting structure.
    pub structure: Structure,
    /// Blinds, antes and bet sizes.
    pub stakes: Stakes,
    /// Seats at the table, 2..=11 (R-TABLE-1, `max_players`, default 10).
    pub max_players: u8,
    /// Dead or moving button (PD-BTN; default dead button).
    pub button_rule: ButtonRule,
    /// Whether the straddle is offered (R-STRAD-1..5).
    pub straddle_allowed: bool,
    /// Minimum raise after a straddle (R-STRAD-5; default big blind).
    pub straddle_min_raise: StraddleMinRaise,
    /// What an unconfirmed straddle costs (R-STRAD-4; default the rule: the raise when
    /// the action returns to him unraised).
    pub unconfirmed_straddle: UnconfirmedStraddle,
    /// A player who cannot cover his blind (PD-SHORTBLIND; Omaha: \[002\]).
    pub short_blind: ShortBlind,
    /// Pot limit: count the small blind as a full big blind when sizing the pot
    /// preflop (R-PL-4, PD-PL, `pl_sb_virtual`; true for cash games, false for
    /// tournaments and for the PHH reference profile).
    pub pl_sb_virtual: bool,
    /// Fixed-limit cap (R-FL-2/3; default four bets a round, the big blind counting).
    pub fl_cap: FlCap,
    /// Fixed-limit short all-ins (PD-REOPEN; default the half-bet rule).
    pub fl_short_all_in: FlShortAllIn,
    /// Fixed limit: no cap once only two players remain (PD-FL, default false).
    pub fl_uncapped_heads_up: bool,
    /// Orbits of missed blinds after which a returning player posts like a new player
    /// (R-MISS-3, PD-MISS `missed_blind_reset=orbits:2`).
    pub missed_blind_reset_orbits: u8,
    /// Five-card draw: the Polish 32-card deck (R-DECK-3).
    pub short_deck: bool,
    /// Five-card draw: post a new ante on a redeal (PD-DRAW `redeal_ante`, default false).
    pub redeal_ante: bool,
    /// Five-card draw: a stub rebuilt from the discards leaves out those of the player
    /// being served (PD-DRAW's house option). Default false: \[002\] rebuilds it from
    /// "the cards discarded so far", his own included (docs/seed-notes.md U4).
    pub stub_excludes_drawer: bool,
    /// Five-card draw on the 32-card deck: the first bet after the draw also needs
    /// kings or better. Default true: \[002\] plays the second round "by the phase-I
    /// rules" (docs/seed-notes.md, the draw's gaps); false checks openers only before
    /// the draw.
    pub openers_after_draw: bool,
    /// How the hands are shown (R-SHOW-1..3, PD-SHOW; default in turn).
    pub showdown: ShowdownRule,
    /// Out-of-range amounts: corrected with a warning (default) or rejected.
    pub amounts: AmountPolicy,
    /// Steps the engine takes by itself.
    pub automations: Automations,
    /// A mixed game: the other structure and when to switch (R-MIX-1, PD-MIX).
    pub mixed: Option<Mixed>,
    /// How the table pays: odd chips, rake, the low (PD-ODD, PD-RAKE, §3).
    pub money: MoneyRules,
    /// A tournament table (PD-TOURN, `tournament`): a player sitting out is dealt in
    /// and blinded off, his hand killed when his turn comes; a player moved in is
    /// dealt in at once; a seat whose chips reach 0 is reported busted. Set with
    /// [`TableConfig::with_tournament_rules`], which also sets the tournament's house
    /// settings. Default false.
    pub tournament: bool,
}

impl TableConfig {
    /// A table of `game` and `structure` at blinds `sb`/`bb` with every casino default
    /// of RULES.md.
    pub const fn new(game: Game, structure: Structure, sb: Chips, bb: Chips) -> TableConfig {
        TableConfig {
            game,
            structure,
            stakes: Stakes::blinds(sb, bb),
            max_players: 10,
            button_rule: ButtonRule::DeadButton,
            straddle_allowed: true,
            straddle_min_raise: StraddleMinRaise::BigBlind,
            unconfirmed_straddle: UnconfirmedStraddle::Unraised,
            short_blind: game.spec().short_blind,
            pl_sb_virtual: true,
            fl_cap: FlCap::Round {
                bets: 4,
                blind_is_bet: true,
            },
            fl_short_all_in: FlShortAllIn::HalfBet,
            fl_uncapped_heads_up: false,
            missed_blind_reset_orbits: 2,
            short_deck: false,
            redeal_ante: false,
            stub_excludes_drawer: false,
            openers_after_draw: true,
            showdown: ShowdownRule::InTurn,
            amounts: AmountPolicy::Correct,
            automations: Automations { burns: false },
            mixed: None,
            money: MoneyRules::CASINO,
            tournament: false,
        }
    }

    /// A tournament table of `game` and `structure` at `stakes`: see
    /// [`TableConfig::with_tournament_rules`].
    pub const fn tournament(game: Game, structure: Structure, stakes: Stakes) -> TableConfig {
        let mut cfg = TableConfig::new(game, structure, stakes.small_blind, stakes.big_blind);
        cfg.stakes = stakes;
        cfg.with_tournament_rules()
    }

    /// The tournament's house settings, in one place (PD-TOURN): what the `tournament`
    /// setting turns on, and every setting it implies, so no table is half a
    /// tournament. Settings named after it may still change any of them.
    ///
    /// - the dead button (PD-BTN): no player skips a blind when others bust;
    /// - no rake (PD-RAKE): the house is paid by the entry fee;
    /// - pot limit sizes the pot with the real small blind (R-PL-4, \[003\]);
    /// - the big blind posts the table's ante, dead, the blind before the ante when
    ///   he is short (the big-blind ante of the TDA rules, 2024 edition);
    /// - hands are tabled once a player is all-in and the betting is over (PD-SHOW,
    ///   TDA 2024 Rule 16, "face up for all-ins");
    /// - a player away from the table is dealt in and posts his blinds and antes,
    ///   and his hand is killed when his turn comes (TDA 2024 Rule 30, "at your
    ///   seat": his chips are blinded off, his hand is not live);
    /// - a player moved in is dealt in at once unless he lands between the small
    ///   blind and the button (TDA 2024 Rule 9, breaking tables), and a seat whose
    ///   chips reach 0 is reported busted with the chips it began the hand with (the
    ///   TDA ranks players busted in one hand by them).
    pub const fn with_tournament_rules(mut self) -> TableConfig {
        self.tournament = true;
        self.button_rule = ButtonRule::DeadButton;
        self.money.rake = Rake::NONE;
        self.pl_sb_virtual = false;
        self.stakes.ante_mode = AnteMode::BigBlind;
        self.showdown = ShowdownRule::InTurn;
        self
    }

    /// Checks that the settings make a playable table.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.max_players < 2 || self.max_players as usize > MAX_SEATS {
            return Err(ConfigError::SeatCount);
        }
        let s = &self.stakes;
        let has_blinds = s.big_blind > Chips::ZERO;
        if !has_blinds && s.ante == Chips::ZERO {
            return Err(ConfigError::NoForcedBets);
        }
        if s.small_blind > s.big_blind && has_blinds {
            return Err(ConfigError::SmallBlindAboveBig);
        }
        let games = [
            Some((self.structure, self.stakes)),
            self.mixed.map(|m| (m.structure, m.stakes)),
        ];
        for (structure, s) in games.into_iter().flatten() {
            if s.small_blind > s.big_blind && s.big_blind > Chips::ZERO {
                return Err(ConfigError::SmallBlindAboveBig);
            }
            if structure == Structure::FixedLimit
                && (s.small_bet == Chips::ZERO || s.big_bet == Chips::ZERO)
            {
                return Err(ConfigError::FixedLimitSizes);
            }
            if structure != Structure::FixedLimit && s.big_blind == Chips::ZERO {
                // The minimum bet of no-limit and pot-limit is the big blind (R-NL-1).
                return Err(ConfigError::NoMinimumBet);
            }
        }
        if matches!(
            self.mixed,
            Some(Mixed {
                switch: MixSwitch::Hands(0),
                ..
            })
        ) {
            return Err(ConfigError::MixSwitch);
        }
        let spec = self.game.spec();
        if self.short_deck && !spec.short_deck_allowed {
            return Err(ConfigError::ShortDeckGame);
        }
        // PD-DRAW: 10 players on 52 cards, 6 on 32.
        let max_players = if self.short_deck { 6 } else { spec.max_players };
        if self.max_players > max_players {
            return Err(ConfigError::SeatCount);
        }
        if self.money.rake.basis_points > MAX_RAKE_BASIS_POINTS
            || self.money.chip_unit == Chips::ZERO
        {
            return Err(ConfigError::Money);
        }
        Ok(())
    }

    /// [`TableConfig::validate`], and what a table dealing live must also have: the
    /// ante draw is always played with (R-ANTE-1, R-DRAW-1). Hand histories of draw
    /// without antes still replay (the engine can play them); a table is not set up so.
    pub fn validate_at_table(&self) -> Result<(), ConfigError> {
        self.validate()?;
        if self.game.spec().ante_required && self.stakes.ante == Chips::ZERO {
            return Err(ConfigError::AnteRequired);
        }
        Ok(())
    }
}

/// A table configuration that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ConfigError {
    /// `max_players` must be 2..=11 (at most 10 in draw, 6 with the 32-card deck).
    SeatCount,
    /// A game needs blinds or an ante.
    NoForcedBets,
    /// The small blind may not exceed the big blind.
    SmallBlindAboveBig,
    /// Fixed limit needs a small bet and a big bet.
    FixedLimitSizes,
    /// No-limit and pot-limit need a big blind: it is the minimum bet.
    NoMinimumBet,
    /// The 32-card deck is for five-card draw only (R-DECK-3).
    ShortDeckGame,
    /// A mixed game must switch after at least one hand.
    MixSwitch,
    /// The rake is at most 100 % of the pot, and the chip unit at least 1.
    Money,
    /// Five-card draw is played with an ante (R-ANTE-1, R-DRAW-1).
    AnteRequired,
}

impl core::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            ConfigError::SeatCount => {
                "max_players must be 2 to 11 (Omaha and draw: at most 10; 6 on the 32-card deck)"
            }
            ConfigError::NoForcedBets => "set blinds or an ante",
            ConfigError::SmallBlindAboveBig => "the small blind is larger than the big blind",
            ConfigError::FixedLimitSizes => "fixed limit needs small_bet and big_bet",
            ConfigError::NoMinimumBet => {
                "no-limit and pot-limit need a big blind (the minimum bet)"
            }
            ConfigError::ShortDeckGame => "the 32-card deck is for five-card draw only",
            ConfigError::MixSwitch => "a mixed game switches every 1 or more hands",
            ConfigError::Money => "the rake is at most 100% of the pot and chip_unit at least 1",
            ConfigError::AnteRequired => {
                "five-card draw is played with an ante: set ante (R-ANTE-1, R-DRAW-1)"
            }
        })
    }
}

impl core::error::Error for ConfigError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_big_blind_does_not_overflow_the_big_bet() {
        // `table holdem pl 6/10000000000000000500` in a scenario script panicked
        // (found by fuzzing).
        let s = Stakes::blinds(ch(6), ch(10_000_000_000_000_000_500));
        assert_eq!(s.big_bet, Chips::MAX);
        let cfg = TableConfig::new(Game::Holdem, Structure::PotLimit, ch(6), Chips::MAX);
        assert_eq!(cfg.stakes.big_bet, Chips::MAX);
        assert_eq!(cfg.validate(), Ok(()));
    }
}
