//! The amounts of a file in one chip unit, found as the file is read: amounts go
//! straight into the hand, and a file that needs a finer unit is read again in it.

use super::document::Value;
use super::error::{at, wrong, PhhError, PhhErrorKind};
use super::number::{Number, Scale};
use super::MAX_DECIMALS;

/// How the amounts of a file become units as the file is read. Every amount of a
/// file is in one unit, which only the file's end tells (module docs): the reader
/// takes the file's whole chips as the unit, notes an amount that needs more decimal
/// places, and the file is then read again in the unit it needs. Nearly every file is
/// in whole chips and read once; amounts go straight into the hand.
pub(super) struct Units {
    pub(super) scale: Scale,
    /// The most decimal places an amount of the file needs.
    needed: u32,
    /// The first amount with more decimal places than [`MAX_DECIMALS`].
    too_fine: Option<PhhError>,
    /// The first amount too large for a `u64` in `scale`: reported once the scale is
    /// the file's own, as it names the unit.
    too_large: Option<PhhError>,
}

impl Units {
    pub(super) fn new(scale: Scale) -> Units {
        Units {
            scale,
            needed: scale.decimals(),
            too_fine: None,
            too_large: None,
        }
    }

    /// `v`, the value of `field` on `line`, in units.
    pub(super) fn amount(
        &mut self,
        field: &'static str,
        line: usize,
        v: Value<'_>,
    ) -> Result<u64, PhhError> {
        let n = number(field, line, v)?;
        Ok(self.units(field, line, &n))
    }

    /// `n` in units; 0 in place of an amount that does not fit the unit yet (the
    /// reading ends in [`Units::done`]'s error or a reading in a finer unit).
    pub(super) fn units(&mut self, field: &'static str, line: usize, n: &Number<'_>) -> u64 {
        let d = n.decimals();
        let bad = |reason: String| {
            at(
                line,
                PhhErrorKind::BadAmount {
                    field: field.to_string(),
                    value: n.as_str().to_string(),
                    reason,
                },
            )
        };
        if d > MAX_DECIMALS {
            if self.too_fine.is_none() {
                self.too_fine = Some(bad(format!(
                    "{d} decimal places; at most {MAX_DECIMALS} are supported"
                )));
            }
            return 0;
        }
        if d > self.scale.decimals() {
            self.needed = self.needed.max(d);
            return 0;
        }
        match self.scale.to_units(n) {
            Some(u) => u,
            None => {
                if self.too_large.is_none() {
                    let scale = self.scale;
                    self.too_large = Some(bad(format!(
                        "too large: in the file's chip unit ({scale}) it does not fit in 64 bits"
                    )));
                }
                0
            }
        }
    }

    /// After a reading: the finer unit to read the file in again, if it needs one.
    pub(super) fn done(self) -> Result<Option<Scale>, PhhError> {
        if let Some(e) = self.too_fine {
            return Err(e);
        }
        if self.needed > self.scale.decimals() {
            // Never more than MAX_DECIMALS (a finer amount is `too_fine`, above), so
            // there is always such a unit; without one the amounts would be wrong.
            return Scale::new(self.needed).map(Some).ok_or_else(|| PhhError {
                path: None,
                line: None,
                kind: PhhErrorKind::Structure(format!(
                    "amounts with {} decimal places: no chip unit holds them",
                    self.needed
                )),
            });
        }
        match self.too_large {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }
}

/// An amount's number: not negative, not infinite.
fn number<'a>(field: &str, line: usize, v: Value<'a>) -> Result<Number<'a>, PhhError> {
    match v {
        Value::Number(n) if n.is_negative() => Err(at(
            line,
            PhhErrorKind::BadAmount {
                field: field.to_string(),
                value: n.as_str().to_string(),
                reason: "amounts cannot be negative".into(),
            },
        )),
        Value::Number(n) => Ok(n),
        Value::Raw(r) if r.contains("inf") || r.contains("nan") => Err(at(
            line,
            PhhErrorKind::BadAmount {
                field: field.to_string(),
                value: r.into_owned(),
                reason: "unknown (infinite) amounts are not supported: give the amount".into(),
            },
        )),
        other => Err(wrong(field, line, "a number", &other)),
    }
}
