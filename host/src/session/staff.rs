//! The floor staff who may rule at a table, and the check of their PINs.
//!
//! A floor ruling voids a hand or changes the cards, so the panel takes it only with
//! the floor person's number and PIN ([`firmware::console::floor`]). The table keeps
//! each PIN as an Argon2id hash in a staff file (`[panel] staff` in table.toml), made
//! with `tablectl staff pin NUMBER`:
//!
//! ```toml
//! # Floor staff who may rule at this table: number = PIN hash.
//! [staff]
//! 17 = "$argon2id$v=19$m=19456,t=2,p=1$..."
//! ```
//!
//! A four-digit PIN has only 10,000 values, so the hash alone would not hold against
//! someone with the file and time: the file is the table's, readable by it alone
//! (like its key), and at the panel three wrong codes in a row lock rulings for five
//! minutes. Every refusal is in the hand log with the number keyed, never the PIN.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use firmware::console::Pin;
use firmware::event::MAX_FLOOR_ID;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

/// Wrong codes in a row before rulings are locked.
pub const MAX_PIN_FAILURES: u8 = 3;
/// How long rulings stay locked after [`MAX_PIN_FAILURES`] wrong codes.
pub const PIN_LOCKOUT: Duration = Duration::from_secs(300);
/// The largest staff file read (a casino's floor staff fits in a few kilobytes).
pub const MAX_STAFF_FILE_BYTES: u64 = 64 * 1024;
/// The most floor staff one file lists.
pub const MAX_STAFF: usize = 500;

/// Why a staff file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffError {
    /// The file cannot be read (or is too large).
    Read(String),
    /// The file is not TOML with a `[staff]` table.
    Syntax(String),
    /// A key that is not a floor number 1 to 9999.
    Number(String),
    /// A value that is not an Argon2 PIN hash.
    Hash(u16),
    /// More staff than [`MAX_STAFF`].
    TooMany,
    /// A PIN to hash that is not four digits.
    PinDigits,
    /// The file can be read by others than its owner.
    Exposed(String),
}

impl fmt::Display for StaffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StaffError::Read(e) => write!(f, "the floor staff file: {e}"),
            StaffError::Syntax(e) => write!(f, "the floor staff file: {e}"),
            StaffError::Number(k) => write!(
                f,
                "the floor staff file: `{}` is not a floor number (1 to {MAX_FLOOR_ID})",
                hardware::text::excerpt(k)
            ),
            StaffError::Hash(n) => write!(
                f,
                "the floor staff file: floor {n}'s PIN is not a hash made by `tablectl staff pin`"
            ),
            StaffError::TooMany => write!(f, "the floor staff file lists more than {MAX_STAFF}"),
            StaffError::PinDigits => f.write_str("a floor PIN is four digits"),
            StaffError::Exposed(path) => write!(
                f,
                "the floor staff file {path} can be read by others: chmod 600 it"
            ),
        }
    }
}

impl std::error::Error for StaffError {}

/// Why a floor ruling's PIN was refused. Nothing changed at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinRefused {
    /// The table has no staff file: no ruling can be confirmed.
    NoStaff,
    /// The number and PIN do not match the staff file (which of the two is not said).
    NotRecognised {
        /// The number keyed.
        floor: u16,
        /// Wrong codes left before the lock.
        tries_left: u8,
    },
    /// Too many wrong codes: rulings are locked.
    Locked {
        /// Seconds until rulings are taken again.
        seconds: u64,
    },
}

impl fmt::Display for PinRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinRefused::NoStaff => f.write_str(
                "no floor staff are set for this table ([panel] staff in table.toml): no ruling can be confirmed",
            ),
            PinRefused::NotRecognised {
                floor,
                tries_left: 0,
            } => write!(
                f,
                "floor {floor}: number or PIN not recognised; rulings are locked for {} minutes",
                PIN_LOCKOUT.as_secs() / 60
            ),
            PinRefused::NotRecognised { floor, tries_left } => write!(
                f,
                "floor {floor}: number or PIN not recognised ({tries_left} tries left)"
            ),
            PinRefused::Locked { seconds } => write!(
                f,
                "floor rulings are locked after {MAX_PIN_FAILURES} wrong codes: {seconds} s left"
            ),
        }
    }
}

impl std::error::Error for PinRefused {}

/// The table's floor staff and the state of the PIN lock.
#[derive(Debug, Clone, Default)]
pub struct FloorStaff {
    pins: BTreeMap<u16, String>,
    failures: u8,
    locked_until: Option<Instant>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStaff {
    staff: BTreeMap<String, String>,
}

impl FloorStaff {
    /// Reads a staff file, which only its owner may read (a PIN's hash can be
    /// searched through all 10,000 PINs by whoever has it).
    pub fn load(path: &Path) -> Result<FloorStaff, StaffError> {
        let meta = std::fs::metadata(path)
            .map_err(|e| StaffError::Read(format!("{}: {e}", path.display())))?;
        if crate::records::handlog::exposed_mode(&meta).is_some() {
            return Err(StaffError::Exposed(path.display().to_string()));
        }
        let text = hardware::text::read_bounded(path, MAX_STAFF_FILE_BYTES, "a floor staff file")
            .map_err(|e| StaffError::Read(format!("{}: {e}", path.display())))?;
        FloorStaff::parse(&text)
    }

    /// Reads a staff file's text.
    pub fn parse(text: &str) -> Result<FloorStaff, StaffError> {
        let raw: RawStaff = toml::from_str(text).map_err(|e| StaffError::Syntax(e.to_string()))?;
        if raw.staff.len() > MAX_STAFF {
            return Err(StaffError::TooMany);
        }
        let mut pins = BTreeMap::new();
        for (key, hash) in raw.staff {
            let floor = key
                .parse::<u16>()
                .ok()
                .filter(|f| (1..=MAX_FLOOR_ID).contains(f))
                .ok_or_else(|| StaffError::Number(key.clone()))?;
            if PasswordHash::new(&hash).is_err() {
                return Err(StaffError::Hash(floor));
            }
            pins.insert(floor, hash);
        }
        Ok(FloorStaff {
            pins,
            ..FloorStaff::default()
        })
    }

    /// The floor numbers listed.
    pub fn numbers(&self) -> impl Iterator<Item = u16> + '_ {
        self.pins.keys().copied()
    }

    /// Checks floor `floor`'s `pin` at `now`. Three wrong codes in a row lock every
    /// ruling for [`PIN_LOCKOUT`]; a right one resets the count.
    pub fn check(&mut self, floor: u16, pin: Pin, now: Instant) -> Result<(), PinRefused> {
        if let Some(until) = self.locked_until {
            if now < until {
                let left = until.saturating_duration_since(now);
                return Err(PinRefused::Locked {
                    seconds: left.as_secs().max(1),
                });
            }
            self.locked_until = None;
            self.failures = 0;
        }
        let digits = pin.digits();
        let right = self.pins.get(&floor).is_some_and(|hash| {
            PasswordHash::new(hash)
                .is_ok_and(|h| Argon2::default().verify_password(&digits, &h).is_ok())
        });
        if right {
            self.failures = 0;
            return Ok(());
        }
        self.failures = self.failures.saturating_add(1);
        let tries_left = MAX_PIN_FAILURES.saturating_sub(self.failures);
        if tries_left == 0 {
            self.locked_until = Some(now + PIN_LOCKOUT);
        }
        Err(PinRefused::NotRecognised { floor, tries_left })
    }
}

/// The staff file's line for floor `floor` with PIN `pin` (four digits): an Argon2id
/// hash with a fresh random salt.
pub fn staff_line(floor: u16, pin: &str) -> Result<String, StaffError> {
    hash_with(floor, pin, &Argon2::default())
}

fn hash_with(floor: u16, pin: &str, argon: &Argon2<'_>) -> Result<String, StaffError> {
    if !(1..=MAX_FLOOR_ID).contains(&floor) {
        return Err(StaffError::Number(floor.to_string()));
    }
    if pin.len() != 4 || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return Err(StaffError::PinDigits);
    }
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| StaffError::Read(format!("random salt: {e}")))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| StaffError::Read(e.to_string()))?;
    let hash = argon
        .hash_password(pin.as_bytes(), &salt)
        .map_err(|e| StaffError::Read(e.to_string()))?;
    Ok(format!("{floor} = \"{hash}\""))
}

/// A staff file's line with a cheap hash (it verifies by the parameters written in
/// it): for tests, never for a real table. Empty for a bad number or PIN.
#[cfg(test)]
pub(crate) fn test_staff_line(floor: u16, pin: &str) -> String {
    let cheap = argon2::Params::new(8, 1, 1, None)
        .map(|p| Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, p))
        .unwrap_or_default();
    hash_with(floor, pin, &cheap).unwrap_or_default()
}

/// The floor staff of `entries` (number, PIN), with cheap hashes: for tests.
#[cfg(test)]
pub(crate) fn test_staff(entries: &[(u16, &str)]) -> FloorStaff {
    let mut text = String::from("[staff]\n");
    for (floor, pin) in entries {
        text.push_str(&test_staff_line(*floor, pin));
        text.push('\n');
    }
    FloorStaff::parse(&text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pin(v: u16) -> Pin {
        Pin::new(v).unwrap()
    }

    #[test]
    fn a_pin_is_kept_as_a_hash_and_checked_against_it() {
        let line = staff_line(17, "0042").unwrap();
        assert!(line.starts_with("17 = \"$argon2id$"), "{line}");
        assert!(!line.contains("0042"));
        let mut staff = FloorStaff::parse(&format!("[staff]\n{line}\n")).unwrap();
        assert_eq!(staff.numbers().collect::<Vec<_>>(), [17]);
        let now = Instant::now();
        assert_eq!(staff.check(17, pin(42), now), Ok(()));
        assert!(matches!(
            staff.check(17, pin(43), now),
            Err(PinRefused::NotRecognised {
                floor: 17,
                tries_left: 2
            })
        ));
        // Another floor person's number with this PIN is no better.
        assert!(matches!(
            staff.check(18, pin(42), now),
            Err(PinRefused::NotRecognised {
                floor: 18,
                tries_left: 1
            })
        ));
        assert_eq!(staff.check(17, pin(42), now), Ok(()), "a right code resets");
    }

    #[test]
    fn three_wrong_codes_lock_rulings_for_five_minutes() {
        let mut staff = test_staff(&[(9, "2468")]);
        let t0 = Instant::now();
        for left in [2, 1, 0] {
            let refused = staff.check(9, pin(1111), t0);
            assert_eq!(
                refused,
                Err(PinRefused::NotRecognised {
                    floor: 9,
                    tries_left: left
                })
            );
        }
        // Locked: even the right PIN waits.
        let later = t0 + Duration::from_secs(60);
        assert_eq!(
            staff.check(9, pin(2468), later),
            Err(PinRefused::Locked { seconds: 240 })
        );
        assert_eq!(staff.check(9, pin(2468), t0 + PIN_LOCKOUT), Ok(()));
    }

    #[test]
    fn a_staff_file_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("floor-staff.toml");
        let line = test_staff_line(17, "0042");
        std::fs::write(&path, format!("[staff]\n{line}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(matches!(
            FloorStaff::load(&path),
            Err(StaffError::Exposed(_))
        ));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let staff = FloorStaff::load(&path).unwrap();
        assert_eq!(staff.numbers().collect::<Vec<_>>(), [17]);
    }

    #[test]
    fn a_bad_staff_file_says_what_is_wrong() {
        let e = |t: &str| FloorStaff::parse(t).unwrap_err().to_string();
        assert!(e("staff = 1").contains("floor staff file"));
        assert_eq!(
            e("[staff]\n0 = \"x\""),
            "the floor staff file: `0` is not a floor number (1 to 9999)"
        );
        assert_eq!(
            e("[staff]\n17 = \"0042\""),
            "the floor staff file: floor 17's PIN is not a hash made by `tablectl staff pin`"
        );
        assert_eq!(staff_line(17, "42"), Err(StaffError::PinDigits));
        assert_eq!(staff_line(17, "00a2"), Err(StaffError::PinDigits));
        assert!(matches!(staff_line(0, "0042"), Err(StaffError::Number(_))));
    }
}
