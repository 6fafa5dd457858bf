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
//!
//! The count of wrong codes and the lock are kept in the table's data folder
//! ([`PIN_LOCK_FILE`]), written before the refusal is shown: switching the
//! controller off and on neither resets the count nor lifts the lock. The lock runs on
//! the wall clock, the only one that survives a restart.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use firmware::console::Pin;
use firmware::event::MAX_FLOOR_ID;
use hardware::cause::Cause;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Wrong codes in a row before rulings are locked.
pub const MAX_PIN_FAILURES: u8 = 3;
/// How long rulings stay locked after [`MAX_PIN_FAILURES`] wrong codes.
pub const PIN_LOCKOUT: Duration = Duration::from_secs(300);
/// The largest staff file read (a casino's floor staff fits in a few kilobytes).
pub const MAX_STAFF_FILE_BYTES: u64 = 64 * 1024;
/// The most floor staff one file lists.
pub const MAX_STAFF: usize = 500;
/// The PIN lock's file in the table's data folder (wrong codes in a row, and the
/// lock's end).
pub const PIN_LOCK_FILE: &str = "floor-pin-lock.toml";
/// The largest PIN lock file read (it holds two numbers).
const MAX_LOCK_FILE_BYTES: u64 = 1024;

/// Why a staff file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffError {
    /// The file cannot be read (or is too large): its path and the operating
    /// system's error.
    Read(Cause),
    /// The file is not TOML with a `[staff]` table (the TOML reader's error).
    Syntax(toml::de::Error),
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
    /// The PIN lock file cannot be read: its path and the operating system's or the
    /// TOML reader's error.
    LockState(Cause),
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
            StaffError::LockState(e) => write!(
                f,
                "the floor PIN lock file {e}; remove it only once the floor has checked the log's refused codes"
            ),
        }
    }
}

/// The operating system's or the TOML reader's error, kept whole.
impl std::error::Error for StaffError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StaffError::Read(c) | StaffError::LockState(c) => c.error(),
            StaffError::Syntax(e) => Some(e),
            _ => None,
        }
    }
}

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
    /// The count of wrong codes could not be saved: no ruling is taken until it can
    /// (a lock that a restart could lift is no lock).
    LockNotSaved,
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
            PinRefused::LockNotSaved => f.write_str(
                "the PIN check could not be saved to the table's data folder: no ruling taken; check the controller's storage",
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
    locked_until: Option<SystemTime>,
    /// Where the count and the lock are kept across restarts (none: in memory, for
    /// tests and the bench).
    lock_file: Option<PathBuf>,
}

/// The PIN lock as its file keeps it.
#[derive(serde::Deserialize, Default, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct LockState {
    /// Wrong codes in a row.
    failures: u8,
    /// The lock's end, in milliseconds since 1970 (UTC).
    locked_until_ms: Option<u64>,
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
            .map_err(|e| StaffError::Read(Cause::worded(format!("{}: {e}", path.display()), e)))?;
        if crate::records::handlog::exposed_mode(&meta).is_some() {
            return Err(StaffError::Exposed(path.display().to_string()));
        }
        let text = hardware::text::read_bounded(path, MAX_STAFF_FILE_BYTES, "a floor staff file")
            .map_err(|e| {
            StaffError::Read(Cause::worded(format!("{}: {e}", path.display()), e))
        })?;
        FloorStaff::parse(&text)
    }

    /// Reads a staff file's text.
    pub fn parse(text: &str) -> Result<FloorStaff, StaffError> {
        let raw: RawStaff = toml::from_str(text).map_err(StaffError::Syntax)?;
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

    /// Keeps the count of wrong codes and the lock in `path` (the table's data
    /// folder's [`PIN_LOCK_FILE`]), taking up where the last run left them.
    pub fn keep_lock_in(mut self, path: &Path) -> Result<FloorStaff, StaffError> {
        fn unreadable(
            path: &Path,
            e: impl std::error::Error + Send + Sync + 'static,
        ) -> StaffError {
            StaffError::LockState(Cause::worded(format!("{}: {e}", path.display()), e))
        }
        if path.exists() {
            let text = hardware::text::read_bounded(path, MAX_LOCK_FILE_BYTES, "a PIN lock file")
                .map_err(|e| unreadable(path, e))?;
            let state: LockState = toml::from_str(&text).map_err(|e| unreadable(path, e))?;
            self.failures = state.failures.min(MAX_PIN_FAILURES);
            self.locked_until = state
                .locked_until_ms
                .map(|ms| UNIX_EPOCH + Duration::from_millis(ms));
        }
        self.lock_file = Some(path.to_path_buf());
        Ok(self)
    }

    /// Checks floor `floor`'s `pin` at `now`. Three wrong codes in a row lock every
    /// ruling for [`PIN_LOCKOUT`]; a right one resets the count. The count is saved
    /// before the answer is given.
    pub fn check(&mut self, floor: u16, pin: Pin, now: SystemTime) -> Result<(), PinRefused> {
        if let Some(until) = self.locked_until {
            match until.duration_since(now) {
                Ok(left) if !left.is_zero() => {
                    // Rounded up: "0 s left" is never said of a lock still on.
                    let seconds = u64::try_from(left.as_millis().div_ceil(1000));
                    return Err(PinRefused::Locked {
                        seconds: seconds.unwrap_or(u64::MAX).max(1),
                    });
                }
                _ => {
                    self.locked_until = None;
                    self.failures = 0;
                }
            }
        }
        let digits = pin.digits();
        let right = self.pins.get(&floor).is_some_and(|hash| {
            PasswordHash::new(hash)
                .is_ok_and(|h| Argon2::default().verify_password(&digits, &h).is_ok())
        });
        if right {
            self.failures = 0;
            self.save()?;
            return Ok(());
        }
        self.failures = self.failures.saturating_add(1);
        let tries_left = MAX_PIN_FAILURES.saturating_sub(self.failures);
        if tries_left == 0 {
            self.locked_until = Some(now + PIN_LOCKOUT);
        }
        self.save()?;
        Err(PinRefused::NotRecognised { floor, tries_left })
    }

    /// Writes the count and the lock to the lock file, whole or not at all.
    fn save(&self) -> Result<(), PinRefused> {
        let Some(path) = &self.lock_file else {
            return Ok(());
        };
        let state = LockState {
            failures: self.failures,
            locked_until_ms: self.locked_until.map(|t| {
                let ms = t.duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
                u64::try_from(ms).unwrap_or(u64::MAX)
            }),
        };
        // Two numbers: written here as the TOML that `keep_lock_in` reads.
        let mut text = format!("failures = {}\n", state.failures);
        if let Some(ms) = state.locked_until_ms {
            text.push_str(&format!("locked_until_ms = {ms}\n"));
        }
        let tmp = path.with_extension("toml.new");
        let written = crate::records::handlog::modes::write_private(&tmp, &text)
            .and_then(|()| std::fs::rename(&tmp, path));
        written.map_err(|_| PinRefused::LockNotSaved)
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
    getrandom::fill(&mut salt)
        .map_err(|e| StaffError::Read(Cause::said(format!("random salt: {e}"))))?;
    let salt =
        SaltString::encode_b64(&salt).map_err(|e| StaffError::Read(Cause::said(e.to_string())))?;
    let hash = argon
        .hash_password(pin.as_bytes(), &salt)
        .map_err(|e| StaffError::Read(Cause::said(e.to_string())))?;
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
        let now = SystemTime::now();
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
        let t0 = SystemTime::now();
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
    fn the_count_and_the_lock_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let lock = dir.path().join(PIN_LOCK_FILE);
        let restart = || test_staff(&[(9, "2468")]).keep_lock_in(&lock).unwrap();
        let t0 = SystemTime::now();
        let mut staff = restart();
        for _ in 0..2 {
            assert!(staff.check(9, pin(1111), t0).is_err());
        }
        // Switched off and on: the third wrong code still locks.
        let mut staff = restart();
        assert_eq!(
            staff.check(9, pin(1111), t0),
            Err(PinRefused::NotRecognised {
                floor: 9,
                tries_left: 0
            })
        );
        let mut staff = restart();
        let later = t0 + Duration::from_secs(100);
        assert_eq!(
            staff.check(9, pin(2468), later),
            Err(PinRefused::Locked { seconds: 200 })
        );
        let mut staff = restart();
        assert_eq!(staff.check(9, pin(2468), t0 + PIN_LOCKOUT), Ok(()));
        let state = std::fs::read_to_string(&lock).unwrap();
        assert_eq!(state, "failures = 0\n", "a right code resets the count");
    }

    #[test]
    fn a_lock_that_cannot_be_kept_takes_no_ruling() {
        let dir = tempfile::tempdir().unwrap();
        let lock = dir.path().join(PIN_LOCK_FILE);
        std::fs::write(&lock, "failures = lots\n").unwrap();
        let garbled = test_staff(&[(9, "2468")]).keep_lock_in(&lock);
        assert!(
            matches!(&garbled, Err(StaffError::LockState(e)) if e.contains(PIN_LOCK_FILE)),
            "{garbled:?}"
        );
        // A folder that is gone: even the right PIN is refused, the lock unsaved.
        let gone = dir.path().join("gone").join(PIN_LOCK_FILE);
        let mut staff = test_staff(&[(9, "2468")]).keep_lock_in(&gone).unwrap();
        assert_eq!(
            staff.check(9, pin(2468), SystemTime::now()),
            Err(PinRefused::LockNotSaved)
        );
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
