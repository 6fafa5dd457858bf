//! Every setting of a [`TableConfig`] as a `key=value` pair of text: the one codec
//! behind `table.toml`, a scenario script's `table` line, the command line, the hand
//! log's configuration record and a PHH export's `_house_rules`.
//!
//! [`SETTINGS`] lists each setting once, with its key, the rule it selects, the values
//! it takes, and the two functions that read and write it. A value written by
//! [`Setting::write`] reads back to the same setting ([`Setting::set`]), for every
//! value a `TableConfig` can hold, so a table recovered from its log or replayed from
//! its export plays under exactly the settings it was dealt under.
//!
//! Names are RULES.md's where it names the setting (`max_players`, `odd_chip`,
//! `rake_pct`, `chip_unit`...). Some settings also read the words older logs,
//! exports and files used (listed as `aliases` or accepted as values), so nothing
//! written before this codec stops opening.

use core::fmt::{self, Write};

use super::{
    AmountPolicy, AnteMode, ButtonRule, Chips, FlCap, FlShortAllIn, Game, MixSwitch, Mixed,
    OddChip, ShortBlind, ShowdownRule, Stakes, StraddleMinRaise, Structure, TableConfig,
    UnconfirmedStraddle, MAX_RAKE_BASIS_POINTS,
};

/// What part of a table a setting belongs to: which texts carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The game, the structure and the stakes: a hand history says these itself.
    Stakes,
    /// A house rule of play (button, straddle, limits, missed blinds, deck).
    House,
    /// A money rule (odd chips, rake, the low).
    Money,
    /// How the engine is fed (amounts corrected or refused, burns read or automatic).
    Engine,
}

/// A value that does not read, or a key no setting has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// No setting has this key.
    Unknown,
    /// The value does not read; `expected` says what does.
    Value {
        /// The values the setting takes.
        expected: &'static str,
    },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::Unknown => f.write_str("no such setting"),
            SettingError::Value { expected } => write!(f, "expected {expected}"),
        }
    }
}

impl core::error::Error for SettingError {}

/// One setting: its key, what it selects, and how it reads and writes.
pub struct Setting {
    /// The key (`straddle_min_raise`).
    pub key: &'static str,
    /// Older keys read as this one.
    pub aliases: &'static [&'static str],
    /// Which texts carry it.
    pub kind: Kind,
    /// The rule it selects (`R-STRAD-5`).
    pub rule: &'static str,
    /// The values it takes, for help texts and errors (`bb or straddle`).
    pub values: &'static str,
    read: fn(&mut TableConfig, &str) -> Option<()>,
    write: fn(&TableConfig, &mut dyn Write) -> fmt::Result,
    /// Whether a text of `cfg` carries it: a setting added after logs and exports
    /// were written is left out at its default, so those texts keep their bytes.
    carried: fn(&TableConfig) -> bool,
}

impl Setting {
    /// Sets this setting of `cfg` from `value`; on an error `cfg` is unchanged.
    pub fn set(&self, cfg: &mut TableConfig, value: &str) -> Result<(), SettingError> {
        let mut next = *cfg;
        (self.read)(&mut next, value.trim()).ok_or(SettingError::Value {
            expected: self.values,
        })?;
        *cfg = next;
        Ok(())
    }

    /// Writes this setting's value in `cfg`.
    pub fn write(&self, cfg: &TableConfig, out: &mut dyn Write) -> fmt::Result {
        (self.write)(cfg, out)
    }

    /// Whether a text of `cfg` (a log's settings, an export, `table.toml`) writes
    /// this setting: every setting does, but one added later only when it is not at
    /// its default.
    pub fn carried(&self, cfg: &TableConfig) -> bool {
        (self.carried)(cfg)
    }

    /// Whether `key` names this setting.
    pub fn is(&self, key: &str) -> bool {
        self.key == key || self.aliases.contains(&key)
    }
}

impl fmt::Debug for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key)
    }
}

/// The setting `key` names (its key or an older alias).
pub fn find(key: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.is(key))
}

/// Sets `key` of `cfg` to `value`; on an error `cfg` is unchanged.
pub fn set(cfg: &mut TableConfig, key: &str, value: &str) -> Result<(), SettingError> {
    find(key).ok_or(SettingError::Unknown)?.set(cfg, value)
}

/// The game a table is dealt when its settings do not name one.
pub const DEFAULT_GAME: Game = Game::Holdem;
/// The structure a table plays when its settings do not name one.
pub const DEFAULT_STRUCTURE: Structure = Structure::NoLimit;
/// The blinds a table plays when its settings do not name them.
pub const DEFAULT_BLINDS: (Chips, Chips) = (Chips::new(5), Chips::new(10));

/// A setting of a list of pairs that does not read: the pair's key and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairError<'a> {
    /// The key as written.
    pub key: &'a str,
    /// Why it does not read.
    pub error: SettingError,
}

impl fmt::Display for PairError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            SettingError::Unknown => write!(f, "unknown setting `{}`", self.key),
            SettingError::Value { expected } => write!(f, "{}: expected {expected}", self.key),
        }
    }
}

/// A table from `key=value` pairs in any order: the game, the structure and the
/// blinds first (the defaults some settings take depend on the game, as
/// [`TableConfig::new`] gives them), then every other pair in order. Missing ones keep
/// their defaults. The result is not validated: call [`TableConfig::validate`].
pub fn from_pairs<'a, I>(pairs: I) -> Result<TableConfig, PairError<'a>>
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
    I::IntoIter: Clone,
{
    let pairs = pairs.into_iter();
    let is = |key: &str, name: &str| find(key).is_some_and(|s| s.key == name);
    let mut cfg = TableConfig::new(
        DEFAULT_GAME,
        DEFAULT_STRUCTURE,
        DEFAULT_BLINDS.0,
        DEFAULT_BLINDS.1,
    );
    for name in ["game", "limit", "blinds", "tournament"] {
        for (key, value) in pairs.clone().filter(|(k, _)| is(k, name)) {
            set(&mut cfg, key, value).map_err(|error| PairError { key, error })?;
        }
        if name == "game" {
            // The game's own defaults (PD-SHORTBLIND in Omaha).
            cfg = TableConfig::new(
                cfg.game,
                cfg.structure,
                cfg.stakes.small_blind,
                cfg.stakes.big_blind,
            );
        }
    }
    for (key, value) in pairs.clone() {
        if matches!(find(key), Some(s) if matches!(s.key, "game" | "limit" | "blinds" | "tournament"))
        {
            continue;
        }
        set(&mut cfg, key, value).map_err(|error| PairError { key, error })?;
    }
    Ok(cfg)
}

// ---------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------

fn boolean(v: &str) -> Option<bool> {
    match v {
        "true" | "yes" | "on" => Some(true),
        "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

fn number<T: core::str::FromStr>(v: &str) -> Option<T> {
    if v.starts_with('+') {
        return None;
    }
    v.parse().ok()
}

/// `SB/BB`.
fn pair(v: &str) -> Option<(Chips, Chips)> {
    let (a, b) = v.split_once('/')?;
    Some((number(a)?, number(b)?))
}

fn write_bool(out: &mut dyn Write, b: bool) -> fmt::Result {
    out.write_str(if b { "true" } else { "false" })
}

/// A percentage with at most two decimals, as basis points: `2.5` is 250.
fn percent(v: &str) -> Option<u32> {
    let v = v.strip_suffix('%').unwrap_or(v);
    let (whole, frac) = v.split_once('.').unwrap_or((v, ""));
    if frac.len() > 2 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = number(whole)?;
    let mut hundredths: u32 = if frac.is_empty() { 0 } else { number(frac)? };
    if frac.len() == 1 {
        hundredths *= 10;
    }
    whole.checked_mul(100)?.checked_add(hundredths)
}

fn write_percent(out: &mut dyn Write, bp: u32) -> fmt::Result {
    match bp % 100 {
        0 => write!(out, "{}", bp / 100),
        f if f % 10 == 0 => write!(out, "{}.{}", bp / 100, f / 10),
        f => write!(out, "{}.{f:02}", bp / 100),
    }
}

fn structure(v: &str) -> Option<Structure> {
    Structure::from_name(v)
}

/// The fixed-limit cap: `round4` (four bets a round, the big blind counting),
/// `phh` (four bets over the big blind), `per_player3`, or with another count
/// `round:N`, `phh:N`, `per_player:N`. Older exports wrote `4 bets a round, the big
/// blind counts` and `3 raises a player`.
fn fl_cap(v: &str) -> Option<FlCap> {
    let round = |bets, blind_is_bet| Some(FlCap::Round { bets, blind_is_bet });
    match v {
        "round4" => return round(4, true),
        "phh" => return round(4, false),
        "per_player3" => return Some(FlCap::PerPlayer { raises: 3 }),
        _ => {}
    }
    if let Some((kind, n)) = v.split_once(':') {
        let n: u8 = number(n)?;
        return match kind {
            "round" => round(n, true),
            "phh" => round(n, false),
            "per_player" => Some(FlCap::PerPlayer { raises: n }),
            _ => None,
        };
    }
    let (n, rest) = v.split_once(' ')?;
    let n: u8 = number(n)?;
    match rest {
        "bets a round, the big blind counts" => round(n, true),
        "bets a round" => round(n, false),
        "raises a player" => Some(FlCap::PerPlayer { raises: n }),
        _ => None,
    }
}

fn write_fl_cap(out: &mut dyn Write, cap: FlCap) -> fmt::Result {
    match cap {
        FlCap::Round {
            bets: 4,
            blind_is_bet: true,
        } => out.write_str("round4"),
        FlCap::Round {
            bets: 4,
            blind_is_bet: false,
        } => out.write_str("phh"),
        FlCap::PerPlayer { raises: 3 } => out.write_str("per_player3"),
        FlCap::Round {
            bets,
            blind_is_bet: true,
        } => write!(out, "round:{bets}"),
        FlCap::Round {
            bets,
            blind_is_bet: false,
        } => write!(out, "phh:{bets}"),
        FlCap::PerPlayer { raises } => write!(out, "per_player:{raises}"),
    }
}

/// A mixed game: `none`, or `STRUCTURE:SB/BB:orbit|HANDS` followed by any of
/// `:ante=N`, `:ante_mode=bb`, `:bets=SMALL/BIG` where the other game's stakes differ
/// from its blinds' defaults.
fn mixed(v: &str) -> Option<Option<Mixed>> {
    if v == "none" {
        return Some(None);
    }
    let mut parts = v.split(':');
    let structure = structure(parts.next()?)?;
    let (sb, bb) = pair(parts.next()?)?;
    let switch = match parts.next()? {
        "orbit" => MixSwitch::Orbit,
        n => MixSwitch::Hands(number(n)?),
    };
    let mut stakes = Stakes::blinds(sb, bb);
    for extra in parts {
        match extra.split_once('=')? {
            ("ante", n) => stakes.ante = number(n)?,
            ("ante_mode", m) => stakes.ante_mode = ante_mode(m)?,
            ("bets", b) => (stakes.small_bet, stakes.big_bet) = pair(b)?,
            _ => return None,
        }
    }
    Some(Some(Mixed {
        structure,
        stakes,
        switch,
    }))
}

fn write_mixed(out: &mut dyn Write, m: Option<Mixed>) -> fmt::Result {
    let Some(m) = m else {
        return out.write_str("none");
    };
    let s = m.stakes;
    write!(
        out,
        "{}:{}/{}:",
        m.structure.name(),
        s.small_blind,
        s.big_blind
    )?;
    match m.switch {
        MixSwitch::Orbit => out.write_str("orbit")?,
        MixSwitch::Hands(n) => write!(out, "{n}")?,
    }
    let base = Stakes::blinds(s.small_blind, s.big_blind);
    if s.ante != base.ante {
        write!(out, ":ante={}", s.ante)?;
    }
    if s.ante_mode != base.ante_mode {
        out.write_str(":ante_mode=bb")?;
    }
    if (s.small_bet, s.big_bet) != (base.small_bet, base.big_bet) {
        write!(out, ":bets={}/{}", s.small_bet, s.big_bet)?;
    }
    Ok(())
}

fn ante_mode(v: &str) -> Option<AnteMode> {
    match v {
        "player" => Some(AnteMode::PerPlayer),
        "bb" => Some(AnteMode::BigBlind),
        _ => None,
    }
}

/// Two words for a two-valued setting: `words.0` is `a`, `words.1` is `b`; `old` are
/// older spellings of each.
fn either<T: Copy>(v: &str, a: (T, &[&str]), b: (T, &[&str])) -> Option<T> {
    if a.1.contains(&v) {
        Some(a.0)
    } else if b.1.contains(&v) {
        Some(b.0)
    } else {
        None
    }
}

/// R-STRAD-4: `unraised` is the rule. `no_raise` and `no_option` are the table's two
/// earlier readings, each word keeping the meaning it was written with, so the logs,
/// exports and files that say them play on as they were dealt.
fn unconfirmed_straddle(v: &str) -> Option<UnconfirmedStraddle> {
    match v {
        "unraised" => Some(UnconfirmedStraddle::Unraised),
        "no_raise" => Some(UnconfirmedStraddle::NoRaiseFirstRound),
        "no_option" => Some(UnconfirmedStraddle::NoTurn),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------
// The settings
// ---------------------------------------------------------------------------------

macro_rules! setting {
    ($key:literal, [$($alias:literal),*], $kind:ident, $rule:literal, $values:literal,
     |$c:ident, $v:ident| $read:expr, |$wc:ident, $o:ident| $write:expr) => {
        Setting {
            key: $key,
            aliases: &[$($alias),*],
            kind: Kind::$kind,
            rule: $rule,
            values: $values,
            read: |$c: &mut TableConfig, $v: &str| -> Option<()> {
                $read;
                Some(())
            },
            write: |$wc: &TableConfig, $o: &mut dyn Write| -> fmt::Result { $write },
            carried: |_: &TableConfig| true,
        }
    };
}

/// Every setting, in the order texts write them (the game, structure and blinds
/// first: other defaults depend on them).
pub static SETTINGS: [Setting; 34] = [
    setting!(
        "game",
        [],
        Stakes,
        "R-DEAL-1",
        "holdem, omaha, omaha8 or draw",
        |c, v| c.game = Game::from_name(v)?,
        |c, o| o.write_str(c.game.spec().name)
    ),
    setting!(
        "limit",
        ["structure"],
        Stakes,
        "R-NL-1, R-PL-1, R-FL-1",
        "nl, pl or fl",
        |c, v| c.structure = structure(v)?,
        |c, o| o.write_str(c.structure.name())
    ),
    setting!(
        "blinds",
        [],
        Stakes,
        "R-BLIND-2",
        "SB/BB, e.g. 5/10",
        |c, v| {
            let (sb, bb) = pair(v)?;
            let bets_follow = (c.stakes.small_bet, c.stakes.big_bet)
                == (c.stakes.big_blind, c.stakes.big_blind.saturating_mul(2));
            c.stakes.small_blind = sb;
            c.stakes.big_blind = bb;
            if bets_follow {
                c.stakes.small_bet = bb;
                c.stakes.big_bet = bb.saturating_mul(2);
            }
        },
        |c, o| write!(o, "{}/{}", c.stakes.small_blind, c.stakes.big_blind)
    ),
    setting!(
        "ante",
        [],
        Stakes,
        "R-ANTE-1",
        "chips (0 for none)",
        |c, v| c.stakes.ante = number(v)?,
        |c, o| write!(o, "{}", c.stakes.ante)
    ),
    setting!(
        "ante_mode",
        [],
        Stakes,
        "R-ANTE-1",
        "player or bb",
        |c, v| c.stakes.ante_mode = ante_mode(v)?,
        |c, o| o.write_str(match c.stakes.ante_mode {
            AnteMode::PerPlayer => "player",
            AnteMode::BigBlind => "bb",
        })
    ),
    setting!(
        "small_bet",
        [],
        Stakes,
        "R-FL-1",
        "chips",
        |c, v| c.stakes.small_bet = number(v)?,
        |c, o| write!(o, "{}", c.stakes.small_bet)
    ),
    setting!(
        "big_bet",
        [],
        Stakes,
        "R-FL-1",
        "chips",
        |c, v| c.stakes.big_bet = number(v)?,
        |c, o| write!(o, "{}", c.stakes.big_bet)
    ),
    setting!(
        "mixed",
        [],
        Stakes,
        "R-MIX-1, PD-MIX",
        "none, or STRUCTURE:SB/BB:orbit|HANDS[:ante=N][:ante_mode=bb][:bets=S/B]",
        |c, v| c.mixed = mixed(v)?,
        |c, o| write_mixed(o, c.mixed)
    ),
    // PD-TOURN: the tournament's preset; read with the game and the blinds, before
    // every other setting, so a setting named with it changes what it set.
    Setting {
        key: "tournament",
        aliases: &[],
        kind: Kind::House,
        rule: "PD-TOURN",
        values: "true or false (true also sets the tournament's house settings)",
        read: |c: &mut TableConfig, v: &str| -> Option<()> {
            if boolean(v)? {
                *c = c.with_tournament_rules();
            } else {
                c.tournament = false;
            }
            Some(())
        },
        write: |c: &TableConfig, o: &mut dyn Write| -> fmt::Result { write_bool(o, c.tournament) },
        carried: |c: &TableConfig| c.tournament,
    },
    setting!(
        "max_players",
        ["seats"],
        House,
        "R-TABLE-1",
        "2 to 11",
        |c, v| c.max_players = number(v)?,
        |c, o| write!(o, "{}", c.max_players)
    ),
    setting!(
        "button",
        [],
        House,
        "PD-BTN",
        "dead or moving",
        |c, v| c.button_rule = either(
            v,
            (ButtonRule::DeadButton, &["dead"]),
            (ButtonRule::MovingButton, &["moving"])
        )?,
        |c, o| o.write_str(match c.button_rule {
            ButtonRule::DeadButton => "dead",
            ButtonRule::MovingButton => "moving",
        })
    ),
    setting!(
        "straddle",
        [],
        House,
        "R-STRAD-1",
        "true or false",
        |c, v| c.straddle_allowed = boolean(v)?,
        |c, o| write_bool(o, c.straddle_allowed)
    ),
    setting!(
        "straddle_min_raise",
        [],
        House,
        "R-STRAD-5",
        "bb or straddle",
        |c, v| c.straddle_min_raise = either(
            v,
            (StraddleMinRaise::BigBlind, &["bb", "big_blind"]),
            (StraddleMinRaise::Straddle, &["straddle"])
        )?,
        |c, o| o.write_str(match c.straddle_min_raise {
            StraddleMinRaise::BigBlind => "bb",
            StraddleMinRaise::Straddle => "straddle",
        })
    ),
    setting!(
        "unconfirmed_straddle",
        [],
        House,
        "R-STRAD-4",
        "unraised (the rule), or no_raise or no_option (how older logs were played)",
        |c, v| c.unconfirmed_straddle = unconfirmed_straddle(v)?,
        |c, o| o.write_str(match c.unconfirmed_straddle {
            UnconfirmedStraddle::Unraised => "unraised",
            UnconfirmedStraddle::NoRaiseFirstRound => "no_raise",
            UnconfirmedStraddle::NoTurn => "no_option",
        })
    ),
    setting!(
        "short_blind",
        [],
        House,
        "PD-SHORTBLIND",
        "all_in or must_cover",
        |c, v| c.short_blind = either(
            v,
            (ShortBlind::AllIn, &["all_in"]),
            (ShortBlind::MustCover, &["must_cover"])
        )?,
        |c, o| o.write_str(match c.short_blind {
            ShortBlind::AllIn => "all_in",
            ShortBlind::MustCover => "must_cover",
        })
    ),
    setting!(
        "pl_sb_virtual",
        [],
        House,
        "R-PL-4, PD-PL",
        "true or false",
        |c, v| c.pl_sb_virtual = boolean(v)?,
        |c, o| write_bool(o, c.pl_sb_virtual)
    ),
    setting!(
        "fl_cap",
        [],
        House,
        "R-FL-2, R-FL-3",
        "round4, phh, per_player3, round:N, phh:N or per_player:N",
        |c, v| c.fl_cap = fl_cap(v)?,
        |c, o| write_fl_cap(o, c.fl_cap)
    ),
    setting!(
        "fl_short_all_in",
        [],
        House,
        "PD-REOPEN",
        "half or plus_bet",
        |c, v| c.fl_short_all_in = either(
            v,
            (FlShortAllIn::HalfBet, &["half", "half_bet"]),
            (FlShortAllIn::AllInPlusBet, &["plus_bet", "all_in_plus_bet"])
        )?,
        |c, o| o.write_str(match c.fl_short_all_in {
            FlShortAllIn::HalfBet => "half",
            FlShortAllIn::AllInPlusBet => "plus_bet",
        })
    ),
    setting!(
        "fl_uncapped_heads_up",
        [],
        House,
        "PD-FL",
        "true or false",
        |c, v| c.fl_uncapped_heads_up = boolean(v)?,
        |c, o| write_bool(o, c.fl_uncapped_heads_up)
    ),
    setting!(
        "missed_blind_reset",
        [],
        House,
        "R-MISS-3, PD-MISS",
        "orbits, 0 to 255",
        |c, v| c.missed_blind_reset_orbits = number(v)?,
        |c, o| write!(o, "{}", c.missed_blind_reset_orbits)
    ),
    setting!(
        "short_deck",
        ["deck"],
        House,
        "R-DECK-3",
        "true or false (the 32-card deck)",
        |c, v| c.short_deck = match v {
            "32" => true,
            "52" => false,
            v => boolean(v)?,
        },
        |c, o| write_bool(o, c.short_deck)
    ),
    setting!(
        "redeal_ante",
        [],
        House,
        "PD-DRAW",
        "true or false",
        |c, v| c.redeal_ante = boolean(v)?,
        |c, o| write_bool(o, c.redeal_ante)
    ),
    setting!(
        "stub_excludes_drawer",
        [],
        House,
        "PD-DRAW",
        "true or false",
        |c, v| c.stub_excludes_drawer = boolean(v)?,
        |c, o| write_bool(o, c.stub_excludes_drawer)
    ),
    setting!(
        "openers_after_draw",
        [],
        House,
        "R-DRAW-6",
        "true or false",
        |c, v| c.openers_after_draw = boolean(v)?,
        |c, o| write_bool(o, c.openers_after_draw)
    ),
    setting!(
        "showdown",
        [],
        House,
        "R-SHOW-1..3, PD-SHOW",
        "in_turn or tabled",
        |c, v| c.showdown = either(
            v,
            (ShowdownRule::InTurn, &["in_turn"]),
            (ShowdownRule::Tabled, &["tabled"])
        )?,
        |c, o| o.write_str(match c.showdown {
            ShowdownRule::InTurn => "in_turn",
            ShowdownRule::Tabled => "tabled",
        })
    ),
    setting!(
        "odd_chip",
        ["odd_chips"],
        Money,
        "PD-ODD",
        "left_of_button or lowest_index",
        |c, v| c.money.odd_chip = either(
            v,
            (OddChip::LeftOfButton, &["left_of_button"]),
            (OddChip::LowestIndex, &["lowest_index"])
        )?,
        |c, o| o.write_str(match c.money.odd_chip {
            OddChip::LeftOfButton => "left_of_button",
            OddChip::LowestIndex => "lowest_index",
        })
    ),
    setting!(
        "rake_pct",
        [],
        Money,
        "PD-RAKE",
        "a percentage of the pot, 0 to 100, e.g. 5 or 2.5",
        |c, v| {
            let bp = percent(v)?;
            if bp > MAX_RAKE_BASIS_POINTS {
                return None;
            }
            c.money.rake.basis_points = bp;
        },
        |c, o| write_percent(o, c.money.rake.basis_points)
    ),
    setting!(
        "rake_cap",
        [],
        Money,
        "PD-RAKE",
        "chips, or none",
        |c, v| c.money.rake.cap = if v == "none" { None } else { Some(number(v)?) },
        |c, o| match c.money.rake.cap {
            None => o.write_str("none"),
            Some(cap) => write!(o, "{cap}"),
        }
    ),
    setting!(
        "no_flop_no_drop",
        [],
        Money,
        "PD-RAKE",
        "true or false",
        |c, v| c.money.rake.no_flop_no_drop = boolean(v)?,
        |c, o| write_bool(o, c.money.rake.no_flop_no_drop)
    ),
    setting!(
        "chip_unit",
        [],
        Money,
        "PD-ODD, PD-RAKE",
        "chips, at least 1",
        |c, v| c.money.chip_unit = number::<Chips>(v).filter(|&u| u >= Chips::new(1))?,
        |c, o| write!(o, "{}", c.money.chip_unit)
    ),
    setting!(
        "low_ignores_straights_flushes",
        [],
        Money,
        "R-HILO-3",
        "true or false",
        |c, v| c.money.low_ignores_straights_flushes = boolean(v)?,
        |c, o| write_bool(o, c.money.low_ignores_straights_flushes)
    ),
    setting!(
        "short_deck_low_straight",
        [],
        Money,
        "PD-DECK",
        "true or false",
        |c, v| c.money.short_deck_low_straight = boolean(v)?,
        |c, o| write_bool(o, c.money.short_deck_low_straight)
    ),
    setting!(
        "amounts",
        [],
        Engine,
        "R-PL-5",
        "correct or reject",
        |c, v| c.amounts = either(
            v,
            (AmountPolicy::Correct, &["correct"]),
            (AmountPolicy::Reject, &["reject"])
        )?,
        |c, o| o.write_str(match c.amounts {
            AmountPolicy::Correct => "correct",
            AmountPolicy::Reject => "reject",
        })
    ),
    setting!(
        "burns",
        [],
        Engine,
        "R-BURN-1",
        "read or auto",
        |c, v| c.automations.burns = either(v, (false, &["read"]), (true, &["auto"]))?,
        |c, o| o.write_str(if c.automations.burns { "auto" } else { "read" })
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ch;

    type Text = heapless::String<96>;

    fn text(s: &Setting, cfg: &TableConfig) -> Text {
        let mut t = Text::new();
        s.write(cfg, &mut t).unwrap();
        t
    }

    fn base() -> TableConfig {
        TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10))
    }

    /// A value other than the default for each setting (on a Hold'em NL 5/10 table).
    const OTHER: [(&str, &str); 34] = [
        ("game", "omaha8"),
        ("limit", "pl"),
        ("blinds", "25/50"),
        ("ante", "3"),
        ("ante_mode", "bb"),
        ("small_bet", "15"),
        ("big_bet", "30"),
        ("mixed", "fl:10/20:8:ante=2:bets=20/30"),
        ("tournament", "true"),
        ("max_players", "9"),
        ("button", "moving"),
        ("straddle", "false"),
        ("straddle_min_raise", "straddle"),
        ("unconfirmed_straddle", "no_option"),
        ("short_blind", "must_cover"),
        ("pl_sb_virtual", "false"),
        ("fl_cap", "per_player:2"),
        ("fl_short_all_in", "plus_bet"),
        ("fl_uncapped_heads_up", "true"),
        ("missed_blind_reset", "3"),
        ("short_deck", "true"),
        ("redeal_ante", "true"),
        ("stub_excludes_drawer", "true"),
        ("openers_after_draw", "false"),
        ("showdown", "tabled"),
        ("odd_chip", "lowest_index"),
        ("rake_pct", "2.5"),
        ("rake_cap", "40"),
        ("no_flop_no_drop", "false"),
        ("chip_unit", "5"),
        ("low_ignores_straights_flushes", "true"),
        ("short_deck_low_straight", "false"),
        ("amounts", "reject"),
        ("burns", "auto"),
    ];

    #[test]
    fn every_setting_changes_its_field_and_writes_back_what_it_read() {
        assert_eq!(OTHER.len(), SETTINGS.len());
        for (s, (key, value)) in SETTINGS.iter().zip(OTHER) {
            assert_eq!(s.key, key, "the list follows SETTINGS");
            let mut cfg = base();
            s.set(&mut cfg, value).unwrap();
            assert_ne!(cfg, base(), "{key}={value} changes nothing");
            assert_eq!(text(s, &cfg).as_str(), value, "{key} writes what it read");
            let mut again = base();
            s.set(&mut again, &text(s, &cfg)).unwrap();
            assert_eq!(again, cfg, "{key}");
        }
    }

    #[test]
    fn a_whole_table_reads_back_from_its_pairs_in_any_order() {
        let mut cfg = base();
        for (key, value) in OTHER {
            set(&mut cfg, key, value).unwrap();
        }
        let written: heapless::Vec<(&'static str, Text), { SETTINGS.len() }> =
            SETTINGS.iter().map(|s| (s.key, text(s, &cfg))).collect();
        let back = from_pairs(written.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, cfg);
        let back = from_pairs(written.iter().rev().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, cfg, "the game, limit and blinds are read first");
    }

    #[test]
    fn the_game_sets_its_own_defaults_unless_told_otherwise() {
        // PD-SHORTBLIND: Omaha's default is must_cover ([002], seed-notes D2).
        let omaha = from_pairs([("short_blind", "all_in"), ("game", "omaha")]).unwrap();
        assert_eq!(omaha.short_blind, ShortBlind::AllIn);
        let omaha = from_pairs([("game", "omaha")]).unwrap();
        assert_eq!(omaha.short_blind, ShortBlind::MustCover);
    }

    #[test]
    fn a_bad_value_or_key_is_refused_and_changes_nothing() {
        let mut cfg = base();
        for (key, value) in [
            ("rake_pct", "100.01"),
            ("rake_pct", "2.555"),
            ("rake_pct", "-1"),
            ("blinds", "5/10/25"),
            ("blinds", "+5/10"),
            ("chip_unit", "0"),
            ("max_players", "300"),
            ("fl_cap", "per_player:x"),
            ("mixed", "fl:10/20"),
            ("mixed", "fl:10/20:orbit:rake=5"),
            ("game", "stud"),
        ] {
            let err = set(&mut cfg, key, value).unwrap_err();
            assert!(matches!(err, SettingError::Value { .. }), "{key}={value}");
            assert_eq!(cfg, base());
        }
        assert_eq!(set(&mut cfg, "colour", "red"), Err(SettingError::Unknown));
    }

    #[test]
    fn older_words_still_read() {
        let mut cfg = base();
        for (key, value) in [
            ("fl_cap", "4 bets a round, the big blind counts"),
            ("fl_short_all_in", "half_bet"),
            ("straddle_min_raise", "big_blind"),
            ("odd_chips", "left_of_button"),
            ("deck", "52"),
            ("seats", "10"),
        ] {
            set(&mut cfg, key, value).unwrap();
        }
        assert_eq!(cfg, base());
        set(&mut cfg, "fl_cap", "3 raises a player").unwrap();
        assert_eq!(cfg.fl_cap, FlCap::PerPlayer { raises: 3 });
    }

    #[test]
    fn r_strad_4_each_unconfirmed_straddle_word_keeps_the_meaning_it_was_written_with() {
        // The rule is the default; the earlier readings still read, and write back, as
        // what the logs and exports that say them were dealt under.
        assert_eq!(base().unconfirmed_straddle, UnconfirmedStraddle::Unraised);
        let s = find("unconfirmed_straddle").unwrap();
        for (word, rule) in [
            ("unraised", UnconfirmedStraddle::Unraised),
            ("no_raise", UnconfirmedStraddle::NoRaiseFirstRound),
            ("no_option", UnconfirmedStraddle::NoTurn),
        ] {
            let mut cfg = base();
            s.set(&mut cfg, word).unwrap();
            assert_eq!(cfg.unconfirmed_straddle, rule, "{word}");
            assert_eq!(text(s, &cfg).as_str(), word);
        }
        assert!(s.set(&mut base(), "option").is_err());
    }

    #[test]
    fn pd_rake_percentages_read_to_basis_points() {
        assert_eq!(percent("5"), Some(500));
        assert_eq!(percent("2.5"), Some(250));
        assert_eq!(percent("0.25%"), Some(25));
        assert_eq!(percent("2."), Some(200));
        assert_eq!(percent("."), None);
        assert_eq!(percent("4294967296"), None);
    }
}
