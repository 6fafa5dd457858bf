//! The money rules of a table: how a split's odd chips are handed out, the rake, and
//! the low of Omaha Hi/Lo. The host's settlement applies them; they live here with
//! every other setting so that one [`TableConfig`](super::TableConfig) says how a
//! table plays and pays, and the hand log, the exports and recovery carry them whole.

use super::Chips;

/// Who gets the units left over when a split does not divide evenly (PD-ODD).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum OddChip {
    /// PokerKit's rule (the PHH reference profile, replay-schema rule 4): every
    /// leftover unit goes to the tied winner with the lowest player index. With
    /// players indexed from the seat left of the button (PHH `p1`), that is the
    /// first winner left of the button. Three-way 206: 70/68/68.
    LowestIndex,
    /// PD-ODD `odd_chip=left_of_button` (Robert's Rules, TDA): one unit each to the
    /// tied winners in clockwise order starting left of the button; nobody gets
    /// more than one. Three-way 206: 69/69/68. The casino default.
    #[default]
    LeftOfButton,
}

/// The most a rake may be, in basis points: all of the pot.
pub const MAX_RAKE_BASIS_POINTS: u32 = 10_000;

/// The house's rake (PD-RAKE): `floor(rate × all pots)`, in whole chip units, capped,
/// taken from the main pot before awarding. Tournaments have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Rake {
    /// The rate in basis points: 500 = 5 %, at most [`MAX_RAKE_BASIS_POINTS`].
    pub basis_points: u32,
    /// The most the house takes from one hand, if there is a cap.
    pub cap: Option<Chips>,
    /// `no_flop_no_drop`: no rake when the hand ends before the flop.
    pub no_flop_no_drop: bool,
}

impl Rake {
    /// No rake: a rate of 0 (tournaments; the casino default until the house sets one).
    pub const NONE: Rake = Rake::basis_points(0);

    /// A rate in basis points (1/100 of a percent), no cap, no flop no drop.
    pub const fn basis_points(basis_points: u32) -> Rake {
        Rake {
            basis_points,
            cap: None,
            no_flop_no_drop: true,
        }
    }

    /// A rate in per mille (1/10 of a percent): `per_mille(50)` is 5 %.
    pub const fn per_mille(per_mille: u32) -> Rake {
        Rake::basis_points(per_mille.saturating_mul(10))
    }

    /// The same rake with a cap.
    pub const fn with_cap(self, cap: Chips) -> Rake {
        Rake {
            cap: Some(cap),
            ..self
        }
    }

    /// The rake on pots totalling `total`, rounded down to a multiple of
    /// `chip_unit` (PD-RAKE); `saw_flop` is whether a flop was dealt. `None` for a
    /// rate above 100 % (a table's settings never hold one:
    /// [`TableConfig::validate`](super::TableConfig::validate) refuses it).
    pub fn amount(&self, total: Chips, saw_flop: bool, chip_unit: Chips) -> Option<Chips> {
        if self.basis_points > MAX_RAKE_BASIS_POINTS {
            return None;
        }
        if self.no_flop_no_drop && !saw_flop {
            return Some(Chips::ZERO);
        }
        let raw = u128::from(total.get()) * u128::from(self.basis_points)
            / u128::from(MAX_RAKE_BASIS_POINTS);
        // raw <= total because the rate is at most 100 %.
        let raw = u64::try_from(raw).map_or(total, Chips::new);
        let capped = self.cap.map_or(raw, |cap| raw.min(cap));
        let unit = chip_unit.max(Chips::new(1));
        // The unit is at least one chip: there is always a remainder.
        let odd = capped.checked_rem(unit.get()).unwrap_or(Chips::ZERO);
        Some(capped - odd)
    }
}

/// How a table pays: every money rule RULES.md leaves to the house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MoneyRules {
    /// Odd chips of a split (PD-ODD).
    pub odd_chip: OddChip,
    /// The rake (PD-RAKE); a rate of 0 takes none.
    pub rake: Rake,
    /// Omaha Hi/Lo: straights and flushes neither disqualify nor worsen a low (the
    /// usual practice, and PokerKit's). `false` is the literal reading of \[002\]:
    /// five cards making a straight or a flush are no low, except 5-4-3-2-A
    /// (docs/seed-notes.md D1), the casino default.
    pub low_ignores_straights_flushes: bool,
    /// Five-card draw on the 32-card deck: A-7-8-9-T is a straight (PD-DECK).
    pub short_deck_low_straight: bool,
    /// The smallest chip in play, in units (PD-ODD, PD-RAKE `chip_unit`): the rake
    /// is taken in multiples of it. 1 unless the table's smallest chip is worth more
    /// than the unit its amounts are counted in.
    pub chip_unit: Chips,
}

impl MoneyRules {
    /// The casino: odd chips clockwise from the button (PD-ODD), no rake unless set,
    /// and a low that may not be a straight or a flush other than the wheel, as
    /// seed \[002\] says (docs/seed-notes.md D1).
    pub const CASINO: MoneyRules = MoneyRules {
        odd_chip: OddChip::LeftOfButton,
        rake: Rake::NONE,
        low_ignores_straights_flushes: false,
        short_deck_low_straight: true,
        chip_unit: Chips::new(1),
    };

    /// The PHH reference profile (replay-schema.md): every odd chip to the first
    /// winner left of the button, no rake, lows that ignore straights and flushes.
    pub const PHH: MoneyRules = MoneyRules {
        odd_chip: OddChip::LowestIndex,
        rake: Rake::NONE,
        low_ignores_straights_flushes: true,
        short_deck_low_straight: true,
        chip_unit: Chips::new(1),
    };
}

impl MoneyRules {
    /// The rake, if the house takes one.
    pub const fn rake(&self) -> Option<Rake> {
        if self.rake.basis_points == 0 {
            None
        } else {
            Some(self.rake)
        }
    }
}

impl Default for MoneyRules {
    fn default() -> Self {
        MoneyRules::CASINO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ch;

    #[test]
    fn pd_rake_rounds_down_to_the_chip_unit_after_the_cap() {
        let rake = Rake::basis_points(500);
        // 5 % of 970 is 48.5: 48 in units, 45 in fives.
        assert_eq!(rake.amount(ch(970), true, ch(1)), Some(ch(48)));
        assert_eq!(rake.amount(ch(970), true, ch(5)), Some(ch(45)));
        assert_eq!(
            rake.with_cap(ch(42)).amount(ch(970), true, ch(5)),
            Some(ch(40))
        );
        assert_eq!(
            rake.amount(ch(970), false, ch(1)),
            Some(ch(0)),
            "no flop, no drop"
        );
        assert_eq!(
            Rake::basis_points(10_001).amount(ch(100), true, ch(1)),
            None
        );
        let all = Rake::basis_points(10_000).amount(Chips::MAX, true, ch(1));
        assert_eq!(all, Some(Chips::MAX));
    }
}
