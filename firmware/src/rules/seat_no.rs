//! Seat numbers: 1-based and clockwise from the house dealer's left (RULES.md Terms).
//!
//! A newtype rather than a bare `u8` so that a seat cannot be used as a count of chips
//! or players, and an array index (0-based) cannot be used as a seat (1-based): the
//! one conversion between the two is [`SeatNo::index`] / [`SeatNo::from_index`].

use core::fmt;

use crate::config::MAX_SEATS;

/// A seat number, 1-based and clockwise from the house dealer's left (RULES.md Terms).
///
/// Always within `1..=MAX_SEATS`, so [`SeatNo::index`] is a valid index into any array
/// of [`MAX_SEATS`] entries; whether the seat exists at a given table (`max_players`)
/// is the engine's check (`RuleError::NoSuchSeat`). Prints as the plain number, in
/// `Display` and `Debug` alike, as the `u8` it replaces did.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct SeatNo(u8);

impl SeatNo {
    /// Seat 1, the first seat left of the house dealer.
    pub const FIRST: SeatNo = SeatNo(1);

    /// Seat `n`, if `n` is a seat number at the largest table (`1..=MAX_SEATS`).
    ///
    /// ```
    /// use firmware::SeatNo;
    /// assert_eq!(SeatNo::new(3).map(SeatNo::get), Some(3));
    /// assert_eq!(SeatNo::new(0), None);
    /// assert_eq!(SeatNo::new(12), None);
    /// ```
    pub const fn new(n: u8) -> Option<SeatNo> {
        if n >= 1 && n as usize <= MAX_SEATS {
            Some(SeatNo(n))
        } else {
            None
        }
    }

    /// The seat number, 1-based.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The seat's place in an array of seats: its number − 1. Always below
    /// [`MAX_SEATS`].
    ///
    /// ```
    /// use firmware::SeatNo;
    /// assert_eq!(SeatNo::FIRST.index(), 0);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The seat at array index `i` (0-based), if there is one.
    ///
    /// ```
    /// use firmware::SeatNo;
    /// assert_eq!(SeatNo::from_index(0), Some(SeatNo::FIRST));
    /// assert_eq!(SeatNo::from_index(11), None);
    /// ```
    pub const fn from_index(i: usize) -> Option<SeatNo> {
        if i < MAX_SEATS {
            // MAX_SEATS fits a u8 (checked below), so the cast keeps every bit.
            Some(SeatNo(i as u8 + 1))
        } else {
            None
        }
    }

    /// Seats 1 to `n`, in order: every seat of an `n`-seat table. Stops at
    /// [`MAX_SEATS`].
    pub fn up_to(n: u8) -> impl DoubleEndedIterator<Item = SeatNo> + Clone {
        (1..=n.min(MAX_SEATS as u8)).map(SeatNo)
    }

    /// The seat `k` places clockwise from this one at a table of `seats` seats
    /// (wrapping after the last seat). `None` when the table has no seats or the
    /// result would not be a seat.
    ///
    /// ```
    /// use firmware::SeatNo;
    /// let s = |n| SeatNo::new(n).unwrap();
    /// assert_eq!(s(9).clockwise(2, 9), Some(s(2)));
    /// assert_eq!(s(3).clockwise(9, 9), Some(s(3)));
    /// ```
    pub fn clockwise(self, k: u8, seats: u8) -> Option<SeatNo> {
        let i = (self.index() + usize::from(k)).checked_rem(usize::from(seats))?;
        SeatNo::from_index(i)
    }

    /// How many places clockwise this seat is from `from` at a table of `seats`
    /// seats: 0 for `from` itself. 0 when either seat is not at the table.
    ///
    /// ```
    /// use firmware::SeatNo;
    /// let s = |n| SeatNo::new(n).unwrap();
    /// assert_eq!(s(2).steps_from(s(9), 9), 2);
    /// assert_eq!(s(9).steps_from(s(2), 9), 7);
    /// ```
    pub fn steps_from(self, from: SeatNo, seats: u8) -> u8 {
        if self.0 > seats || from.0 > seats {
            return 0;
        }
        (self.0 + seats - from.0) % seats
    }
}

/// Seat `n`, for literals in the engine's unit tests.
#[cfg(test)]
pub(crate) fn sn(n: u8) -> SeatNo {
    SeatNo::new(n).expect("a seat number, 1..=MAX_SEATS")
}

// `from_index` and `up_to` cast MAX_SEATS to a u8.
const _: () = assert!(MAX_SEATS < u8::MAX as usize);

/// Text that is not a seat number: not a whole number, or not `1..=MAX_SEATS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SeatParseError;

impl fmt::Display for SeatParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a seat number: write a number from 1 to {MAX_SEATS}")
    }
}

impl core::error::Error for SeatParseError {}

/// Reads a seat number written as a plain number (`"3"`), as [`SeatNo::new`] checks it.
///
/// ```
/// use firmware::SeatNo;
/// assert_eq!("3".parse::<SeatNo>().map(SeatNo::get), Ok(3));
/// assert!("0".parse::<SeatNo>().is_err());
/// ```
impl core::str::FromStr for SeatNo {
    type Err = SeatParseError;

    fn from_str(s: &str) -> Result<SeatNo, SeatParseError> {
        s.parse::<u8>()
            .ok()
            .and_then(SeatNo::new)
            .ok_or(SeatParseError)
    }
}

impl fmt::Display for SeatNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for SeatNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for SeatNo {
    fn format(&self, f: defmt::Formatter) {
        defmt::write!(f, "{=u8}", self.0)
    }
}

/// A seat number is written as its plain number, as the `u8` it replaces was.
#[cfg(feature = "serde")]
impl serde::Serialize for SeatNo {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

/// A seat number is read as a plain number and must be a seat (`1..=MAX_SEATS`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for SeatNo {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatNo, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        SeatNo::new(n).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Unsigned(u64::from(n)),
                &"a seat number from 1 to MAX_SEATS",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_accepts_only_seats_of_the_largest_table() {
        assert_eq!(SeatNo::new(0), None);
        assert_eq!(SeatNo::new(1), Some(SeatNo::FIRST));
        assert_eq!(
            SeatNo::new(MAX_SEATS as u8).map(SeatNo::index),
            Some(MAX_SEATS - 1)
        );
        assert_eq!(SeatNo::new(MAX_SEATS as u8 + 1), None);
    }

    #[test]
    fn index_and_from_index_are_inverse() {
        for s in SeatNo::up_to(u8::MAX) {
            assert_eq!(SeatNo::from_index(s.index()), Some(s));
        }
        assert_eq!(SeatNo::up_to(u8::MAX).count(), MAX_SEATS);
        assert_eq!(SeatNo::from_index(MAX_SEATS), None);
    }

    #[test]
    fn clockwise_wraps_after_the_last_seat() {
        let s = |n| SeatNo::new(n).unwrap();
        let order: heapless::Vec<u8, 6> = (1..=6)
            .filter_map(|k| s(4).clockwise(k, 6))
            .map(SeatNo::get)
            .collect();
        assert_eq!(order.as_slice(), &[5, 6, 1, 2, 3, 4]);
        assert_eq!(s(1).clockwise(1, 0), None);
        assert_eq!(s(5).steps_from(s(4), 6), 1);
        assert_eq!(s(3).steps_from(s(4), 6), 5);
        assert_eq!(s(3).steps_from(s(3), 6), 0);
    }

    #[test]
    fn prints_as_the_plain_number() {
        use core::fmt::Write;
        let mut out: heapless::String<16> = heapless::String::new();
        write!(out, "{} {:?}", SeatNo::FIRST, SeatNo::FIRST).unwrap();
        assert_eq!(out.as_str(), "1 1");
    }
}
