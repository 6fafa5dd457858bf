//! The table's signing key: an Ed25519 key pair made from the operating system's
//! random generator. The private half ([`TableKey`]) stays with the table, in a file
//! only its owner can read and never in the data folder (whoever can read the data
//! folder must not be able to sign); the public half ([`PublicKey`]) is recorded in
//! the log and given to auditors, who can check the log but never forge it.
//!
//! Files hold the key as one line of hex: 64 digits, the 32-byte private seed or the
//! 32-byte public key. The public key is written beside the private one, as
//! `FILE.pub`.

use super::chain::hex;
use super::storage::{has_meta, meta, open_evidence};
use super::FILE_NAME;
use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};
use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The longest key file read: one line of 64 hex digits, with room for a newline.
const MAX_KEY_FILE_BYTES: u64 = 256;

/// Why a key cannot be used. Each message says what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyError {
    /// There is no key file there.
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be read, written or created.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        detail: String,
    },
    /// The file does not hold a key.
    Malformed {
        /// The file (or `text` for a key given on the command line).
        path: PathBuf,
    },
    /// Others than the owner may read the private key.
    Exposed {
        /// The file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The private key would sit in the data folder, beside the log it signs.
    BesideLog {
        /// The file.
        path: PathBuf,
        /// The data folder.
        data: PathBuf,
    },
    /// The key file is missing but the data folder already holds a log signed with
    /// another key: a new key would only be refused by it.
    MissingForLog {
        /// The key file.
        path: PathBuf,
        /// The key the log was written with.
        logged: String,
    },
    /// The operating system's random generator failed.
    Random {
        /// What it said.
        detail: String,
    },
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Missing { path } => write!(f, "{}: there is no key file here", path.display()),
            KeyError::Io { path, detail } => write!(f, "{}: {detail}", path.display()),
            KeyError::Malformed { path } => write!(
                f,
                "{}: not a key (one line of 64 hex digits expected)",
                path.display()
            ),
            KeyError::Exposed { path, mode } => write!(
                f,
                "{}: the table's private key is readable by others (mode {mode:o}): chmod 600 it, and make a new key if it may have been copied",
                path.display()
            ),
            KeyError::BesideLog { path, data } => write!(
                f,
                "{}: the table's private key must not be in the data folder {}: whoever reads the folder could sign; name a key file elsewhere",
                path.display(),
                data.display()
            ),
            KeyError::MissingForLog { path, logged } => write!(
                f,
                "{}: the table's key file is missing, and the hand log in the data folder was signed by key {logged}: install that key file; nothing was written",
                path.display()
            ),
            KeyError::Random { detail } => {
                write!(f, "the system's random generator failed: {detail}")
            }
        }
    }
}

impl std::error::Error for KeyError {}

/// A table's public key: checks the log's signatures, cannot make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicKey(pub(super) VerifyingKey);

impl PublicKey {
    /// The key's 32 bytes.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// Whether `signature` is this key's detached signature of `text`
    /// ([`TableKey::sign_statement`]). Strict verification: no malleable signature
    /// passes.
    pub fn verifies_statement(&self, text: &str, signature: &[u8]) -> bool {
        let Ok(sig) = Signature::from_slice(signature) else {
            return false;
        };
        self.0.verify_strict(&statement_message(text), &sig).is_ok()
    }

    /// Reads a public key file (`FILE.pub`: one line of hex).
    pub fn load(path: &Path) -> Result<PublicKey, KeyError> {
        let bytes = read_hex_file(path)?;
        VerifyingKey::from_bytes(&bytes)
            .map(PublicKey)
            .map_err(|_| KeyError::Malformed {
                path: path.to_path_buf(),
            })
    }
}

impl fmt::Display for PublicKey {
    /// The key in hex, as the files, the log and the anchors write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0.to_bytes()))
    }
}

impl FromStr for PublicKey {
    type Err = KeyError;

    fn from_str(s: &str) -> Result<PublicKey, KeyError> {
        let malformed = || KeyError::Malformed {
            path: PathBuf::from("text"),
        };
        let bytes = parse_hex32(s.trim()).ok_or_else(malformed)?;
        VerifyingKey::from_bytes(&bytes)
            .map(PublicKey)
            .map_err(|_| malformed())
    }
}

/// The table's private signing key. Its `Debug` shows only the public half.
#[derive(Clone)]
pub struct TableKey(SigningKey);

impl fmt::Debug for TableKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TableKey(public {})", self.public())
    }
}

impl TableKey {
    /// A new key from the operating system's random generator.
    pub fn generate() -> Result<TableKey, KeyError> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| KeyError::Random {
            detail: e.to_string(),
        })?;
        Ok(TableKey(SigningKey::from_bytes(&seed)))
    }

    /// The key of a fixed seed: for tests and benchmarks, never for a table.
    pub fn from_seed(seed: [u8; 32]) -> TableKey {
        TableKey(SigningKey::from_bytes(&seed))
    }

    /// Its public half.
    pub fn public(&self) -> PublicKey {
        PublicKey(self.0.verifying_key())
    }

    pub(super) fn sign(&self, message: &[u8]) -> Signature {
        self.0.sign(message)
    }

    /// The table's detached signature of a statement's `text` (what `tablectl
    /// verify-program` prints): the one key the log is signed with, so an inspector
    /// needs only the table's public key. The text is signed under its own prefix,
    /// which no head the log signs begins with: a statement's signature never passes
    /// for a head's, nor a head's for a statement's.
    pub fn sign_statement(&self, text: &str) -> [u8; 64] {
        self.0.sign(&statement_message(text)).to_bytes()
    }

    /// Reads a private key file, refused when others than its owner may read it.
    pub fn load(path: &Path) -> Result<TableKey, KeyError> {
        check_private_mode(path)?;
        read_hex_file(path).map(|seed| TableKey(SigningKey::from_bytes(&seed)))
    }

    /// Makes a new key and writes it to `path` (mode 0600, its folder created 0700 if
    /// missing) and its public half to `path.pub`. An existing key file is never
    /// overwritten, and a stop at any moment leaves either no key file or a whole one:
    /// each file is written and synced under a temporary name first.
    pub fn create(path: &Path) -> Result<TableKey, KeyError> {
        let key = TableKey::generate()?;
        let io = |p: &Path| {
            let p = p.to_path_buf();
            move |e: std::io::Error| KeyError::Io {
                path: p,
                detail: e.to_string(),
            }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let mut b = std::fs::DirBuilder::new();
            b.recursive(true);
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
            b.create(dir).map_err(io(dir))?;
        }
        // The public half first: without the private one beside it, it is stale and
        // replaced.
        let public = public_file(path);
        let tmp = with_suffix(&public, &format!(".tmp-{}", std::process::id()));
        write_synced(&tmp, &format!("{}\n", key.public()), 0o644)
            .and_then(|()| std::fs::rename(&tmp, &public))
            .map_err(io(&public))?;
        let tmp = with_suffix(path, &format!(".tmp-{}", std::process::id()));
        let linked = write_synced(&tmp, &format!("{}\n", hex(&key.0.to_bytes())), 0o600)
            .and_then(|()| std::fs::hard_link(&tmp, path));
        let _ = std::fs::remove_file(&tmp);
        linked.map_err(io(path))?;
        Ok(key)
    }

    /// The key a table writing the log in `data` signs with: read from `path`, or made
    /// there when both the key file and the log are new. A key file inside `data` is
    /// refused, and so is a missing key file when `data` already holds a log: nothing is
    /// written then (a new key would only be refused by the log).
    pub fn for_table(path: &Path, data: &Path) -> Result<TableKey, KeyError> {
        if is_inside(path, data) {
            return Err(KeyError::BesideLog {
                path: path.to_path_buf(),
                data: data.to_path_buf(),
            });
        }
        match TableKey::load(path) {
            Err(KeyError::Missing { .. }) => match logged_key(data) {
                Some(logged) => Err(KeyError::MissingForLog {
                    path: path.to_path_buf(),
                    logged,
                }),
                None => TableKey::create(path),
            },
            other => other,
        }
    }
}

/// What a statement's signature covers: its prefix, then its text.
fn statement_message(text: &str) -> Vec<u8> {
    [
        b"tablectl signed statement v1\0".as_slice(),
        text.as_bytes(),
    ]
    .concat()
}

/// Where the public half of the key file `path` is written: `path.pub`.
pub fn public_file(path: &Path) -> PathBuf {
    with_suffix(path, ".pub")
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes `text` to a new file `path` with `mode` and syncs it.
fn write_synced(path: &Path, text: &str, mode: u32) -> std::io::Result<()> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, mode);
    #[cfg(not(unix))]
    let _ = mode;
    let mut f = o.open(path)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()
}

/// The key (or, for a log of the old scheme, `an HMAC secret`) a log in `data` was
/// written with, when there is a log there.
fn logged_key(data: &Path) -> Option<String> {
    let path = data.join(FILE_NAME);
    let evidence = open_evidence(&path).ok()?;
    let conn = evidence.conn();
    if has_meta(conn).ok()?? {
        let key = meta(conn, "public_key").ok()?;
        Some(key.unwrap_or_else(|| "an HMAC secret (the old scheme)".to_string()))
    } else {
        None
    }
}

/// Whether `path` would be inside the folder `data` (both compared as absolute, the
/// folders resolved where they exist).
fn is_inside(path: &Path, data: &Path) -> bool {
    let absolute = |p: &Path| -> PathBuf {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        p.canonicalize().unwrap_or(p)
    };
    let dir = path
        .parent()
        .map(absolute)
        .unwrap_or_else(|| absolute(Path::new(".")));
    dir.starts_with(absolute(data))
}

fn check_private_mode(path: &Path) -> Result<(), KeyError> {
    match std::fs::metadata(path).ok().and_then(|m| exposed_mode(&m)) {
        Some(mode) => Err(KeyError::Exposed {
            path: path.to_path_buf(),
            mode,
        }),
        None => Ok(()),
    }
}

/// A secret file's mode when others than its owner may read or write it (the table's
/// key, the floor view's token, the floor staff's PIN hashes); `None` when only its
/// owner may, or where the system has no such modes.
pub(crate) fn exposed_mode(meta: &std::fs::Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = meta.permissions().mode() & 0o777;
        (mode & 0o077 != 0).then_some(mode)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

fn read_hex_file(path: &Path) -> Result<[u8; 32], KeyError> {
    use std::io::Read as _;
    let f = std::fs::File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => KeyError::Missing {
            path: path.to_path_buf(),
        },
        _ => KeyError::Io {
            path: path.to_path_buf(),
            detail: e.to_string(),
        },
    })?;
    let mut text = String::new();
    f.take(MAX_KEY_FILE_BYTES)
        .read_to_string(&mut text)
        .map_err(|_| KeyError::Malformed {
            path: path.to_path_buf(),
        })?;
    parse_hex32(text.trim()).ok_or_else(|| KeyError::Malformed {
        path: path.to_path_buf(),
    })
}

/// 64 hex digits as 32 bytes.
pub(crate) fn parse_hex32(s: &str) -> Option<[u8; 32]> {
    let v = parse_hex(s)?;
    v.try_into().ok()
}

/// Hex digits (an even number of them) as bytes. Only the digits themselves: a sign
/// (`+d`, which `from_str_radix` takes) would give one key, signature or digest two
/// texts, and a log or a store row could be rewritten without changing what it says.
pub(crate) fn parse_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_read_from_its_digits_alone() {
        assert_eq!(parse_hex("0aFf"), Some(vec![0x0a, 0xff]));
        for bad in ["+d", "-0", "0+d0", " d", "0x", "abc", "é0"] {
            assert_eq!(parse_hex(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_new_key_file_is_the_owners_alone_and_reads_back() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("keys/table.key");
        let key = TableKey::create(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert_eq!(TableKey::load(&path).unwrap().public(), key.public());
        assert_eq!(PublicKey::load(&public_file(&path)).unwrap(), key.public());
        assert!(
            matches!(TableKey::create(&path), Err(KeyError::Io { .. })),
            "never overwritten"
        );
    }

    #[test]
    fn two_new_keys_differ() {
        let (a, b) = (TableKey::generate().unwrap(), TableKey::generate().unwrap());
        assert_ne!(a.public(), b.public());
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_may_read_is_refused() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("table.key");
        TableKey::create(&path).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let e = TableKey::load(&path).unwrap_err();
        assert!(e.to_string().contains("chmod 600"), "{e}");
    }

    #[test]
    fn a_key_in_the_data_folder_is_refused_before_anything_is_written() {
        let dir = tempfile::TempDir::new().unwrap();
        let data = dir.path().join("data");
        let e = TableKey::for_table(&data.join("table.key"), &data).unwrap_err();
        assert!(matches!(e, KeyError::BesideLog { .. }), "{e}");
        assert!(!data.exists());
    }

    #[test]
    fn a_missing_key_with_a_log_is_refused_and_no_new_key_is_made() {
        let dir = tempfile::TempDir::new().unwrap();
        let (data, file) = (dir.path().join("data"), dir.path().join("keys/table.key"));
        let key = TableKey::for_table(&file, &data).unwrap();
        drop(super::super::HandLog::open(&data, "T1", &key).unwrap());
        std::fs::remove_file(&file).unwrap();
        let e = TableKey::for_table(&file, &data).unwrap_err();
        assert!(matches!(e, KeyError::MissingForLog { .. }), "{e}");
        assert!(e.to_string().contains(&key.public().to_string()), "{e}");
        assert!(!file.exists(), "no new key was written");
    }

    #[test]
    fn public_keys_read_back_from_their_text() {
        let k = TableKey::from_seed([3; 32]).public();
        assert_eq!(k.to_string().parse::<PublicKey>().unwrap(), k);
        assert!("abc".parse::<PublicKey>().is_err());
        assert!("zz".repeat(32).parse::<PublicKey>().is_err());
    }
}
