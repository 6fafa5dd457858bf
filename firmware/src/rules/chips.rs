//! Chips: an integer count of the table's smallest chip unit (`chip_unit`).
//!
//! A newtype rather than a bare `u64` so that chips cannot be added to a count of
//! players, a seat number or a time, and every place that does chip arithmetic says
//! whether it is checked. Never a float.

use core::fmt;
use core::ops::{Add, AddAssign, Sub, SubAssign};

/// Chips, as an integer count of the table's smallest chip unit (`chip_unit`).
///
/// The arithmetic is checked (`checked_*`, returning `None` on overflow) or
/// saturating (`saturating_*`), as each caller chooses. `+` and `-` exist only for
/// the places whose bounds the engine has already checked, and behave exactly as
/// they did on the `u64` this type replaces (a panic in debug builds on overflow).
/// Prints as the plain number, in `Display` and `Debug` alike.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Chips(u64);

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);
    /// The most chips a count can hold.
    pub const MAX: Chips = Chips(u64::MAX);

    /// `n` chips.
    pub const fn new(n: u64) -> Chips {
        Chips(n)
    }

    /// The count of chips.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// Whether there are no chips.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// `self + other`, or `None` on overflow.
    ///
    /// ```
    /// use firmware::Chips;
    /// assert_eq!(Chips::new(2).checked_add(Chips::new(3)), Some(Chips::new(5)));
    /// assert_eq!(Chips::MAX.checked_add(Chips::new(1)), None);
    /// ```
    pub const fn checked_add(self, other: Chips) -> Option<Chips> {
        match self.0.checked_add(other.0) {
            Some(n) => Some(Chips(n)),
            None => None,
        }
    }

    /// `self - other`, or `None` if `other` is more.
    ///
    /// ```
    /// use firmware::Chips;
    /// assert_eq!(Chips::new(5).checked_sub(Chips::new(3)), Some(Chips::new(2)));
    /// assert_eq!(Chips::new(3).checked_sub(Chips::new(5)), None);
    /// ```
    pub const fn checked_sub(self, other: Chips) -> Option<Chips> {
        match self.0.checked_sub(other.0) {
            Some(n) => Some(Chips(n)),
            None => None,
        }
    }

    /// `self × k`, or `None` on overflow.
    pub const fn checked_mul(self, k: u64) -> Option<Chips> {
        match self.0.checked_mul(k) {
            Some(n) => Some(Chips(n)),
            None => None,
        }
    }

    /// `self ÷ k`, rounded down, or `None` when `k` is 0.
    pub const fn checked_div(self, k: u64) -> Option<Chips> {
        match self.0.checked_div(k) {
            Some(n) => Some(Chips(n)),
            None => None,
        }
    }

    /// What is left of `self` after dividing it into `k` equal parts, or `None` when
    /// `k` is 0.
    pub const fn checked_rem(self, k: u64) -> Option<Chips> {
        match self.0.checked_rem(k) {
            Some(n) => Some(Chips(n)),
            None => None,
        }
    }

    /// `self + other`, at most [`Chips::MAX`].
    pub const fn saturating_add(self, other: Chips) -> Chips {
        Chips(self.0.saturating_add(other.0))
    }

    /// `self - other`, at least zero.
    ///
    /// ```
    /// use firmware::Chips;
    /// assert_eq!(Chips::new(3).saturating_sub(Chips::new(5)), Chips::ZERO);
    /// ```
    pub const fn saturating_sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }

    /// `self × k`, at most [`Chips::MAX`].
    pub const fn saturating_mul(self, k: u64) -> Chips {
        Chips(self.0.saturating_mul(k))
    }
}

/// Unchecked, as `u64`'s `+` was: for sums the engine has bounded already.
impl Add for Chips {
    type Output = Chips;

    fn add(self, other: Chips) -> Chips {
        Chips(self.0 + other.0)
    }
}

/// Unchecked, as `u64`'s `-` was: for differences the engine has bounded already.
impl Sub for Chips {
    type Output = Chips;

    fn sub(self, other: Chips) -> Chips {
        Chips(self.0 - other.0)
    }
}

impl AddAssign for Chips {
    fn add_assign(&mut self, other: Chips) {
        self.0 += other.0;
    }
}

impl SubAssign for Chips {
    fn sub_assign(&mut self, other: Chips) {
        self.0 -= other.0;
    }
}

/// Unchecked, as `u64`'s `sum` was.
impl core::iter::Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        Chips(iter.map(Chips::get).sum())
    }
}

impl<'a> core::iter::Sum<&'a Chips> for Chips {
    fn sum<I: Iterator<Item = &'a Chips>>(iter: I) -> Chips {
        iter.copied().sum()
    }
}

/// Text that is not a count of chips (a whole number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ChipsParseError;

impl fmt::Display for ChipsParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a count of chips: write a whole number")
    }
}

impl core::error::Error for ChipsParseError {}

/// Reads chips written as a plain whole number (`"250"`), as `u64` reads it.
impl core::str::FromStr for Chips {
    type Err = ChipsParseError;

    fn from_str(s: &str) -> Result<Chips, ChipsParseError> {
        s.parse::<u64>().map(Chips).map_err(|_| ChipsParseError)
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for Chips {
    fn format(&self, f: defmt::Formatter) {
        defmt::write!(f, "{=u64}", self.0)
    }
}

/// Chips are written as the plain number, as the `u64` they replace were.
#[cfg(feature = "serde")]
impl serde::Serialize for Chips {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

/// Chips are read as a plain whole number.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Chips {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Chips, D::Error> {
        <u64 as serde::Deserialize>::deserialize(d).map(Chips)
    }
}

/// `n` chips, for literals in the engine's unit tests.
#[cfg(test)]
pub(crate) fn ch(n: u64) -> Chips {
    Chips(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_arithmetic_refuses_overflow() {
        assert_eq!(ch(7).checked_add(ch(3)), Some(ch(10)));
        assert_eq!(Chips::MAX.checked_add(ch(1)), None);
        assert_eq!(ch(3).checked_sub(ch(4)), None);
        assert_eq!(ch(3).checked_mul(4), Some(ch(12)));
        assert_eq!(Chips::MAX.checked_mul(2), None);
        assert_eq!(ch(7).checked_div(2), Some(ch(3)));
        assert_eq!(ch(7).checked_rem(2), Some(ch(1)));
        assert_eq!(ch(7).checked_div(0), None);
        assert_eq!(Chips::MAX.saturating_add(ch(1)), Chips::MAX);
        assert_eq!(ch(1).saturating_sub(ch(2)), Chips::ZERO);
    }

    #[test]
    fn prints_and_parses_as_the_plain_number() {
        use core::fmt::Write;
        let mut out: heapless::String<32> = heapless::String::new();
        write!(out, "{} {:?}", ch(250), ch(250)).unwrap();
        assert_eq!(out.as_str(), "250 250");
        assert_eq!("250".parse::<Chips>(), Ok(ch(250)));
        assert_eq!("-1".parse::<Chips>(), Err(ChipsParseError));
        assert_eq!([ch(1), ch(2)].iter().sum::<Chips>(), ch(3));
    }
}
