//! Amounts in whole chips: keyed on the panel's keypad, or typed.

use super::keys::{Digit, Key};
use core::fmt;

/// Default most significant digits in a keyed amount (up to 999 999 999 999 chips).
pub const MAX_AMOUNT_DIGITS: u8 = 12;
/// The most digits an [`AmountEntry`] can be set to accept: a `u64` has 20.
pub const AMOUNT_DIGITS_LIMIT: u8 = 20;

/// Why an amount was refused. The amount being keyed is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AmountError {
    /// ENTER with no digit keyed, or nothing typed.
    NoDigits,
    /// More digits than allowed (the limit is held).
    TooManyDigits(u8),
    /// The amount does not fit in 64 bits.
    Overflow,
    /// A typed character that is not a digit.
    NotADigit(char),
    /// A typed digit-group separator (`,` or `_`) not between two digits.
    BadSeparator,
    /// A key that is not a digit, CLEAR or ENTER.
    NotAmountKey(Key),
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmountError::NoDigits => f.write_str("No amount keyed: key the amount, then ENTER"),
            AmountError::TooManyDigits(max) => write!(
                f,
                "Amounts have at most {max} digits: press CLEAR and key the amount again"
            ),
            AmountError::Overflow => {
                f.write_str("Amount too large: press CLEAR and key the amount again")
            }
            AmountError::NotADigit(c) => write!(
                f,
                "'{c}' is not a digit: type the amount in whole chips, e.g. 1500"
            ),
            AmountError::BadSeparator => f.write_str(
                "Separate digit groups with one comma or underscore between digits, e.g. 1,500",
            ),
            AmountError::NotAmountKey(key) => write!(
                f,
                "{key} is not part of an amount: finish it with ENTER or press CLEAR"
            ),
        }
    }
}

impl core::error::Error for AmountError {}

/// An amount keyed on the panel's keypad: digits, CLEAR, ENTER.
///
/// ```
/// use firmware::buttons::{AmountEntry, Key};
/// let mut entry = AmountEntry::new();
/// for d in [1, 5, 0, 0] {
///     assert_eq!(entry.press(Key::digit(d).unwrap()), Ok(None));
/// }
/// assert_eq!(entry.value(), 1500);
/// assert_eq!(entry.press(Key::Enter), Ok(Some(1500)));
/// assert!(entry.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AmountEntry {
    value: u64,
    digits: u8,
    keyed: bool,
    max_digits: u8,
}

impl AmountEntry {
    /// An empty entry accepting [`MAX_AMOUNT_DIGITS`] digits.
    pub const fn new() -> AmountEntry {
        AmountEntry::with_max_digits(MAX_AMOUNT_DIGITS)
    }

    /// An empty entry accepting `max_digits` significant digits (leading zeros do
    /// not count), clamped to 1..=[`AMOUNT_DIGITS_LIMIT`].
    pub const fn with_max_digits(max_digits: u8) -> AmountEntry {
        let max_digits = if max_digits == 0 {
            1
        } else if max_digits > AMOUNT_DIGITS_LIMIT {
            AMOUNT_DIGITS_LIMIT
        } else {
            max_digits
        };
        AmountEntry {
            value: 0,
            digits: 0,
            keyed: false,
            max_digits,
        }
    }

    /// Takes a key: a digit is appended, CLEAR empties the entry, ENTER returns the
    /// amount and empties the entry. Any other key is refused.
    pub fn press(&mut self, key: Key) -> Result<Option<u64>, AmountError> {
        match key {
            Key::Digit(d) => self.push_digit(d).map(|_| None),
            Key::Clear => {
                self.clear();
                Ok(None)
            }
            Key::Enter => self.enter().map(Some),
            other => Err(AmountError::NotAmountKey(other)),
        }
    }

    /// Appends a digit, returning the amount so far.
    pub fn push_digit(&mut self, d: Digit) -> Result<u64, AmountError> {
        let digits = if self.value == 0 && d.value() == 0 {
            0
        } else {
            self.digits + 1
        };
        if digits > self.max_digits {
            return Err(AmountError::TooManyDigits(self.max_digits));
        }
        let value = self
            .value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d.value())))
            .ok_or(AmountError::Overflow)?;
        self.value = value;
        self.digits = digits;
        self.keyed = true;
        Ok(value)
    }

    /// Empties the entry.
    pub fn clear(&mut self) {
        *self = AmountEntry::with_max_digits(self.max_digits);
    }

    /// Returns the amount keyed and empties the entry; [`AmountError::NoDigits`] if
    /// no digit was keyed.
    pub fn enter(&mut self) -> Result<u64, AmountError> {
        if !self.keyed {
            return Err(AmountError::NoDigits);
        }
        let value = self.value;
        self.clear();
        Ok(value)
    }

    /// The amount so far (0 when empty).
    pub const fn value(&self) -> u64 {
        self.value
    }

    /// Significant digits keyed so far.
    pub const fn digits(&self) -> u8 {
        self.digits
    }

    /// The digit limit.
    pub const fn max_digits(&self) -> u8 {
        self.max_digits
    }

    /// Whether no digit has been keyed.
    pub const fn is_empty(&self) -> bool {
        !self.keyed
    }
}

impl Default for AmountEntry {
    fn default() -> AmountEntry {
        AmountEntry::new()
    }
}

/// Parses a typed amount of whole chips: decimal digits, optionally grouped by single
/// `,` or `_` between digits, with surrounding spaces ignored.
///
/// ```
/// use firmware::buttons::{parse_amount, AmountError};
/// assert_eq!(parse_amount(" 1,500 "), Ok(1500));
/// assert_eq!(parse_amount("2_000_000"), Ok(2_000_000));
/// assert_eq!(parse_amount("12.5"), Err(AmountError::NotADigit('.')));
/// assert_eq!(parse_amount("18446744073709551616"), Err(AmountError::Overflow));
/// ```
pub fn parse_amount(s: &str) -> Result<u64, AmountError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(AmountError::NoDigits);
    }
    let mut value: u64 = 0;
    let mut after_digit = false;
    for c in s.chars() {
        match c {
            '0'..='9' => {
                let d = u64::from(c) - u64::from('0');
                value = value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(d))
                    .ok_or(AmountError::Overflow)?;
                after_digit = true;
            }
            ',' | '_' if after_digit => after_digit = false,
            ',' | '_' => return Err(AmountError::BadSeparator),
            other => return Err(AmountError::NotADigit(other)),
        }
    }
    if !after_digit {
        return Err(AmountError::BadSeparator);
    }
    Ok(value)
}
