//! Exact numbers and the chip unit: a TOML number kept as its digits ([`Number`]),
//! never a float, and the unit every amount of a file is counted in ([`Scale`]).

use super::MAX_DECIMALS;
use std::borrow::Cow;
use std::fmt;

/// A TOML integer or decimal, exactly as written: `digits × 10^exponent`, never a
/// float. `0.25` is digits `25`, exponent `-2`. The text is borrowed from the
/// file while it is parsed (no string built per amount) and owned once kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number<'a> {
    text: Cow<'a, str>,
    pub(super) negative: bool,
    /// The digits without leading and trailing zeros (0 for the value 0), as an
    /// integer; `None` when they do not fit in a `u64` (no amount can then).
    pub(super) significand: Option<u64>,
    pub(super) exponent: i32,
}

/// Digits, with single underscores only between digits (TOML). One pass over the
/// bytes: every amount of a hand history is checked here.
fn digit_run(s: &str) -> bool {
    let mut after_digit = false;
    for b in s.bytes() {
        match b {
            b'0'..=b'9' => after_digit = true,
            b'_' if after_digit => after_digit = false,
            _ => return false,
        }
    }
    after_digit
}

/// The value of a run of 1 to 19 ASCII digits (every chip count of a real file);
/// `None` for anything else, which the full number parsing reads.
pub(super) fn whole_digits(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || digits.len() > 19 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // 19 digits stay below 10^19 < 2^64: no overflow.
    Some(
        digits
            .iter()
            .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')),
    )
}

/// `text.split_once(byte)` for an ASCII `byte`: a plain byte search, cheaper than the
/// character searcher's setup on the short texts of actions and amounts.
pub(super) fn split_at_byte(text: &str, byte: u8) -> Option<(&str, &str)> {
    let i = text.bytes().position(|b| b == byte)?;
    Some((text.get(..i)?, text.get(i + 1..)?))
}

/// The digits of `int` then `frac` (underscores skipped) as an integer without its
/// leading and trailing zeros, `Some(None)` when that does not fit in a `u64`, and the
/// number of trailing zeros left off; `None` when every digit is 0. Read digit by
/// digit, without building a string: every amount of a hand history goes through it.
fn significand(int: &str, frac: &str) -> (Option<Option<u64>>, u64) {
    let mut value: Option<u64> = Some(0);
    let mut nonzero = false;
    let mut zeros: u64 = 0;
    for b in int.bytes().chain(frac.bytes()).filter(|&b| b != b'_') {
        let d = u64::from(b.wrapping_sub(b'0'));
        if d == 0 {
            zeros += u64::from(nonzero);
            continue;
        }
        for _ in 0..zeros {
            value = value.and_then(|v| v.checked_mul(10));
        }
        zeros = 0;
        nonzero = true;
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(d));
    }
    (nonzero.then_some(value), zeros)
}

impl<'a> Number<'a> {
    /// Parses a TOML decimal number: `12`, `-3`, `+1_000`, `0.25`, `1.5e3`. `None` for
    /// anything else (including `inf`, `nan` and hexadecimal).
    pub fn parse(text: &'a str) -> Option<Number<'a>> {
        if let Some(n) = Number::plain(text) {
            return Some(n);
        }
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, text.get(1..)?),
            Some(b'+') => (false, text.get(1..)?),
            _ => (false, text),
        };
        let (mantissa, exp) = match body.bytes().position(|b| b == b'e' || b == b'E') {
            Some(i) => (body.get(..i)?, Some(body.get(i + 1..)?)),
            None => (body, None),
        };
        let (int, frac) = match split_at_byte(mantissa, b'.') {
            Some((i, f)) => (i, Some(f)),
            None => (mantissa, None),
        };
        if !digit_run(int) || frac.is_some_and(|f| !digit_run(f)) {
            return None;
        }
        let mut exponent: i32 = match exp {
            None => 0,
            Some(e) => {
                let (neg, d) = match e.as_bytes().first() {
                    Some(b'-') => (true, e.get(1..)?),
                    Some(b'+') => (false, e.get(1..)?),
                    _ => (false, e),
                };
                if !digit_run(d) {
                    return None;
                }
                let v: i32 = d.replace('_', "").parse().ok()?;
                if neg {
                    -v
                } else {
                    v
                }
            }
        };
        let frac = frac.unwrap_or("");
        let frac_len = frac.bytes().filter(|&b| b != b'_').count();
        exponent = exponent.checked_sub(i32::try_from(frac_len).ok()?)?;
        let (significand, trailing_zeros) = significand(int, frac);
        let Some(significand) = significand else {
            return Some(Number {
                text: Cow::Borrowed(text),
                negative: false,
                significand: Some(0),
                exponent: 0,
            });
        };
        let exponent = i64::from(exponent).checked_add(i64::try_from(trailing_zeros).ok()?)?;
        Some(Number {
            text: Cow::Borrowed(text),
            negative,
            significand,
            exponent: i32::try_from(exponent).ok()?,
        })
    }

    /// A run of at most 19 digits (every chip count, stack and blind of a real
    /// file): read in one pass, as [`Number::parse`] reads it. `None` for anything
    /// else, which `parse` reads in full.
    pub(super) fn plain(text: &'a str) -> Option<Number<'a>> {
        let mut value = whole_digits(text.as_bytes())?;
        let mut exponent = 0;
        while value != 0 && value % 10 == 0 {
            value /= 10;
            exponent += 1;
        }
        Some(Number {
            text: Cow::Borrowed(text),
            negative: false,
            significand: Some(value),
            exponent,
        })
    }

    /// The number as written in the file.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The same number owning its text, to outlive the text it was read from.
    pub fn into_owned(self) -> Number<'static> {
        Number {
            text: Cow::Owned(self.text.into_owned()),
            negative: self.negative,
            significand: self.significand,
            exponent: self.exponent,
        }
    }

    /// Whether the number is below zero (`-0` is not).
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The decimal places the value needs (`0.25` → 2, `9775.0` → 0, `1.5e3` → 0).
    pub fn decimals(&self) -> u32 {
        if self.exponent < 0 {
            self.exponent.unsigned_abs()
        } else {
            0
        }
    }

    /// The value in units of `10^-decimals`, if it is not negative, needs no more
    /// decimal places and fits in a `u64`.
    pub fn to_units(&self, decimals: u32) -> Option<u64> {
        if self.negative {
            return None;
        }
        let shift = i64::from(self.exponent) + i64::from(decimals);
        if shift < 0 {
            return None;
        }
        let base: u64 = self.significand?;
        if base == 0 {
            return Some(0);
        }
        let pow = 10u64.checked_pow(u32::try_from(shift).ok()?)?;
        base.checked_mul(pow)
    }

    /// The value as a whole number (`day`, `hand`, `seats`...), if it is one.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_units(0)
    }
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The chip unit of a file: amounts are integers in units of `10^-decimals` of the
/// file's currency or chips (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Scale {
    decimals: u32,
}

impl Scale {
    /// Whole amounts: one unit is one chip.
    pub const UNITS: Scale = Scale { decimals: 0 };

    /// The scale for amounts with up to `decimals` places, if `decimals <=`
    /// [`MAX_DECIMALS`].
    pub const fn new(decimals: u32) -> Option<Scale> {
        if decimals <= MAX_DECIMALS {
            Some(Scale { decimals })
        } else {
            None
        }
    }

    /// The decimal places `k`.
    pub const fn decimals(self) -> u32 {
        self.decimals
    }

    /// Units per whole amount, `10^k`.
    pub fn factor(self) -> u64 {
        10u64.checked_pow(self.decimals).unwrap_or(u64::MAX)
    }

    /// `n` in this unit, if it is not negative, not finer than the unit and fits.
    pub fn to_units(self, n: &Number<'_>) -> Option<u64> {
        n.to_units(self.decimals)
    }

    /// Writes units as the amount of the file: `25` at two places is `0.25`, `500`
    /// is `5` (trailing zeros are dropped).
    pub fn format(self, units: u64) -> String {
        let factor = self.factor();
        let whole = units / factor;
        let frac = units % factor;
        if self.decimals == 0 || frac == 0 {
            return whole.to_string();
        }
        let width = self.decimals as usize;
        let frac = format!("{frac:0width$}");
        format!("{whole}.{}", frac.trim_end_matches('0'))
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1/{}", self.factor())
    }
}
