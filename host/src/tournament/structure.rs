//! A tournament's structure, as the director writes it in a TOML file: the levels
//! (blinds, ante, minutes), the breaks and the chip denominations they colour up, late
//! registration and re-entry, the starting stack, the buy-in and fee, and the payout
//! table by field size.
//!
//! The file is read once, checked whole, and refused with one short reason naming the
//! level, break or row at fault: a structure that could stop a tournament halfway (a
//! level without a big blind, a break colouring up a chip that is not in play, a
//! payout row that does not pay out the whole pool) must be found before the first
//! card, not at level 14.
//!
//! ```toml
//! name = "Friday 100"
//! starting_stack = 20000
//! buy_in = 10000              # to the prize pool, in the currency's minor unit
//! fee = 2000                  # to the house
//! late_registration_levels = 6
//! re_entries = 1              # per player; 0 for a freezeout
//! denominations = [25, 100, 500, 1000, 5000]
//!
//! [[level]]
//! small_blind = 100
//! big_blind = 200
//! ante = 200
//! ante_kind = "big_blind"     # "big_blind" (posted by the big blind) or "each"
//! minutes = 20
//!
//! [[break]]
//! after_level = 4
//! minutes = 10
//! colour_up = [25]            # chips leaving play at this break (chip race)
//!
//! [[payouts]]
//! entries_up_to = 10
//! places = [5000, 3000, 2000] # basis points of the pool, 1st first
//! ```

use firmware::Chips;
use serde::Deserialize;
use std::fmt;

/// The most levels a structure has: a day of 15-minute levels and more.
pub const MAX_LEVELS: usize = 200;
/// The most places a payout row pays.
pub const MAX_PAID_PLACES: usize = 1_000;
/// The longest structure file read, in bytes.
pub const MAX_STRUCTURE_BYTES: usize = 256 * 1024;
/// A payout row's places sum to this: basis points of the prize pool.
pub const WHOLE_POOL: u32 = 10_000;

/// Who posts the ante.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnteKind {
    /// Every player dealt in posts it (the older tournament ante).
    Each,
    /// The big blind posts one ante for the table (the big-blind ante).
    BigBlind,
}

/// One level of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// The ante (0 for none).
    #[serde(default = "no_chips")]
    pub ante: Chips,
    /// Who posts it.
    #[serde(default = "big_blind_ante")]
    pub ante_kind: AnteKind,
    /// How long the level lasts.
    pub minutes: u32,
}

fn no_chips() -> Chips {
    Chips::ZERO
}

fn big_blind_ante() -> AnteKind {
    AnteKind::BigBlind
}

/// A break after a level: dealing stops, and the chips named leave play by a chip
/// race.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Break {
    /// The level (1-based) the break follows.
    pub after_level: usize,
    /// How long it lasts.
    pub minutes: u32,
    /// Denominations coloured up at this break.
    #[serde(default)]
    pub colour_up: Vec<Chips>,
}

/// What a field of up to `entries_up_to` entries pays.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PayoutRow {
    /// The largest field this row is for.
    pub entries_up_to: u32,
    /// Each paid place's share of the pool in basis points, first place first.
    pub places: Vec<u32>,
}

/// A tournament's structure, checked.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Structure {
    /// The tournament's name, as the screens show it.
    pub name: String,
    /// The chips each entry starts with.
    pub starting_stack: Chips,
    /// What an entry adds to the prize pool, in the currency's minor unit.
    pub buy_in: u64,
    /// What an entry pays the house, in the same unit.
    #[serde(default)]
    pub fee: u64,
    /// Entries are taken until the end of this level (0: only before the start).
    #[serde(default)]
    pub late_registration_levels: usize,
    /// How many times one player may enter again after busting, during late
    /// registration.
    #[serde(default)]
    pub re_entries: u32,
    /// The chip denominations in play, smallest first.
    pub denominations: Vec<Chips>,
    /// The levels, in order.
    #[serde(rename = "level")]
    pub levels: Vec<Level>,
    /// The breaks.
    #[serde(default, rename = "break")]
    pub breaks: Vec<Break>,
    /// The payout table, by field size.
    pub payouts: Vec<PayoutRow>,
}

/// Why a structure file is refused. Each names what to fix.
#[derive(Debug)]
pub enum StructureError {
    /// The file is longer than a structure is.
    TooLong(usize),
    /// The file is not the TOML of a structure.
    Unreadable(toml::de::Error),
    /// The name is empty.
    NoName,
    /// A starting stack of no chips.
    NoStartingStack,
    /// No levels, or more than [`MAX_LEVELS`].
    LevelCount(usize),
    /// A level whose blinds are missing, reversed, or not in the smallest chip.
    Level {
        /// The level, 1-based.
        level: usize,
        /// What is wrong with it.
        why: &'static str,
    },
    /// No denominations, or not strictly increasing, or one of no chips.
    Denominations,
    /// The starting stack is not made of the smallest denomination.
    StackNotInChips,
    /// A break after a level that does not exist, or two after one level.
    BreakLevel(usize),
    /// A break colours up a chip not in play at that time.
    ColourUp {
        /// The level the break follows.
        after_level: usize,
        /// The chip.
        chip: Chips,
    },
    /// No payout rows, or rows not for growing fields.
    PayoutRows,
    /// A payout row that does not pay the whole pool, pays nobody, pays more
    /// places than its field, or pays a lower place more than a higher one.
    PayoutRow {
        /// The row's field size.
        entries_up_to: u32,
        /// What is wrong with it.
        why: &'static str,
    },
}

impl fmt::Display for StructureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StructureError::TooLong(n) => write!(
                f,
                "the structure file has {n} bytes: a structure is at most {MAX_STRUCTURE_BYTES}"
            ),
            StructureError::Unreadable(e) => write!(f, "the structure file does not read: {e}"),
            StructureError::NoName => f.write_str("the tournament has no name"),
            StructureError::NoStartingStack => f.write_str("the starting stack is 0 chips"),
            StructureError::LevelCount(n) => {
                write!(f, "{n} levels: a structure has 1 to {MAX_LEVELS}")
            }
            StructureError::Level { level, why } => write!(f, "level {level}: {why}"),
            StructureError::Denominations => f.write_str(
                "the denominations must be listed smallest first, each more than 0 and than the one before",
            ),
            StructureError::StackNotInChips => {
                f.write_str("the starting stack is not a whole number of the smallest chip")
            }
            StructureError::BreakLevel(l) => write!(
                f,
                "a break after level {l}: no such level, or a second break there"
            ),
            StructureError::ColourUp { after_level, chip } => write!(
                f,
                "the break after level {after_level} colours up {chip} chips, which are not in play then"
            ),
            StructureError::PayoutRows => f.write_str(
                "the payout table needs rows for growing fields (entries_up_to increasing)",
            ),
            StructureError::PayoutRow { entries_up_to, why } => {
                write!(f, "the payout row for up to {entries_up_to} entries {why}")
            }
        }
    }
}

impl std::error::Error for StructureError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StructureError::Unreadable(e) => Some(e),
            _ => None,
        }
    }
}

impl Structure {
    /// Reads and checks a structure file's text.
    pub fn parse(text: &str) -> Result<Structure, StructureError> {
        if text.len() > MAX_STRUCTURE_BYTES {
            return Err(StructureError::TooLong(text.len()));
        }
        let s: Structure = toml::from_str(text).map_err(StructureError::Unreadable)?;
        s.check()?;
        Ok(s)
    }

    /// The chips in play at a level (1-based): the denominations not coloured up at a
    /// break before it.
    pub fn chips_in_play(&self, level: usize) -> impl Iterator<Item = Chips> + '_ {
        self.denominations.iter().copied().filter(move |d| {
            !self
                .breaks
                .iter()
                .any(|b| b.after_level < level && b.colour_up.contains(d))
        })
    }

    /// The payout row for a field of `entries`: the first row whose field is at least
    /// as large (the last row for a larger field).
    pub fn payout_row(&self, entries: u32) -> &PayoutRow {
        self.payouts
            .iter()
            .find(|r| entries <= r.entries_up_to)
            .or(self.payouts.last())
            .unwrap_or(&EMPTY_ROW)
    }

    fn check(&self) -> Result<(), StructureError> {
        if self.name.trim().is_empty() {
            return Err(StructureError::NoName);
        }
        if self.starting_stack == Chips::ZERO {
            return Err(StructureError::NoStartingStack);
        }
        if self.levels.is_empty() || self.levels.len() > MAX_LEVELS {
            return Err(StructureError::LevelCount(self.levels.len()));
        }
        let increasing = self.denominations.windows(2).all(|w| w[0] < w[1]);
        let Some(&smallest) = self.denominations.first() else {
            return Err(StructureError::Denominations);
        };
        if !increasing || smallest == Chips::ZERO {
            return Err(StructureError::Denominations);
        }
        if !self.starting_stack.get().is_multiple_of(smallest.get()) {
            return Err(StructureError::StackNotInChips);
        }
        let mut after = std::collections::BTreeSet::new();
        for b in &self.breaks {
            if b.after_level == 0
                || b.after_level > self.levels.len()
                || !after.insert(b.after_level)
            {
                return Err(StructureError::BreakLevel(b.after_level));
            }
            let in_play: Vec<Chips> = self.chips_in_play(b.after_level).collect();
            if let Some(&chip) = b.colour_up.iter().find(|c| !in_play.contains(c)) {
                return Err(StructureError::ColourUp {
                    after_level: b.after_level,
                    chip,
                });
            }
        }
        for (i, l) in self.levels.iter().enumerate() {
            self.check_level(i + 1, l)?;
        }
        self.check_payouts()
    }

    fn check_level(&self, level: usize, l: &Level) -> Result<(), StructureError> {
        let why = if l.big_blind == Chips::ZERO {
            Some("the big blind is 0")
        } else if l.small_blind > l.big_blind {
            Some("the small blind is more than the big blind")
        } else if l.minutes == 0 {
            Some("it lasts 0 minutes")
        } else {
            // Every forced bet is paid in the chips still in play at this level.
            let smallest = self.chips_in_play(level).next().unwrap_or(Chips::MAX);
            [l.small_blind, l.big_blind, l.ante]
                .iter()
                .any(|c| !c.get().is_multiple_of(smallest.get()))
                .then_some("a blind or the ante is not a whole number of the smallest chip in play")
        };
        why.map_or(Ok(()), |why| Err(StructureError::Level { level, why }))
    }

    fn check_payouts(&self) -> Result<(), StructureError> {
        if self.payouts.is_empty()
            || !self
                .payouts
                .windows(2)
                .all(|w| w[0].entries_up_to < w[1].entries_up_to)
        {
            return Err(StructureError::PayoutRows);
        }
        for r in &self.payouts {
            let fail = |why| {
                Err(StructureError::PayoutRow {
                    entries_up_to: r.entries_up_to,
                    why,
                })
            };
            let total: u64 = r.places.iter().map(|&p| u64::from(p)).sum();
            if r.places.is_empty() || r.places.len() > MAX_PAID_PLACES {
                return fail("pays no place, or more places than a payout table holds");
            }
            if r.places.len() as u64 > u64::from(r.entries_up_to) {
                return fail("pays more places than it has entries");
            }
            if total != u64::from(WHOLE_POOL) {
                return fail("does not add up to the whole pool (10000 basis points)");
            }
            if r.places.windows(2).any(|w| w[0] < w[1]) {
                return fail("pays a lower place more than a higher one");
            }
        }
        Ok(())
    }
}

static EMPTY_ROW: PayoutRow = PayoutRow {
    entries_up_to: 0,
    places: Vec::new(),
};

#[cfg(test)]
mod tests;
