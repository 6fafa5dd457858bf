//! Program verification (GLI-24, GLI-11): what program a table runs and with which
//! configuration, as digests an inspector can recompute and the floor can compare.
//!
//! - The **binary's digest**: SHA-256 of the program file the process runs, read
//!   streaming ([`binary_digest`]). On Linux it is read through `/proc/self/exe`,
//!   which opens the very file the kernel loaded even after an upgrade replaced (or
//!   deleted) the file at its path: the digest is the running program's, not the
//!   one that would run next. Elsewhere, [`std::env::current_exe`].
//! - The **configuration's digest**: one SHA-256 over the canonical list of the
//!   files that decide how the table plays ([`ConfigFiles`]): the table's
//!   configuration, its pin map, its deck map and its floor staff file, in that
//!   fixed order, each by its name and its own SHA-256, or named as absent. The
//!   list is printed file by file (`tablectl verify-program`), so an inspector sees
//!   which one changed. Secrets are left out on purpose: the floor's token and the
//!   store's password are not configuration, and a digest of a short password is a
//!   way to guess it offline; the table's key is proven by the signature itself.
//! - The **program record** ([`ProgramId`]): the version and both digests, written
//!   into the hand log at every start, so it is chained, signed and shipped with
//!   every other record (`Record::Program`).
//! - The **statement** ([`Statement`]): what `tablectl verify-program` prints and
//!   signs with the table's key, a detached signature an inspector checks against
//!   the table's public key alone.

use crate::records::handlog::{hex, parse_hex, parse_hex32, PublicKey, TableKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use std::fmt;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The program's version as the log records it: the package's version, and the
/// build's own name when the builder set `TABLECTL_BUILD` (a `git describe`, a
/// package's revision) at build time.
pub fn version() -> String {
    let base = env!("CARGO_PKG_VERSION");
    match option_env!("TABLECTL_BUILD") {
        Some(build) if !build.trim().is_empty() => format!("{base} ({})", build.trim()),
        _ => base.to_string(),
    }
}

/// The bytes read at a time while hashing a file: the binary is read in pieces,
/// never held whole.
const READ_CHUNK: usize = 64 * 1024;

/// A SHA-256 digest, written as 64 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sha256Digest(pub [u8; 32]);

impl Sha256Digest {
    /// The digest of `bytes`.
    pub fn of(bytes: &[u8]) -> Sha256Digest {
        Sha256Digest(Sha256::digest(bytes).into())
    }

    /// Its first 12 hex digits: what a list has room for (the full digest beside
    /// it, on hover).
    pub fn short(&self) -> String {
        self.to_string()[..SHORT_DIGITS].to_string()
    }
}

/// The hex digits of a digest's short form.
pub const SHORT_DIGITS: usize = 12;

impl fmt::Display for Sha256Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

/// A text that is not a digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotADigest(pub String);

impl fmt::Display for NotADigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().take(80).collect();
        write!(
            f,
            "`{shown}` is not a SHA-256 digest (64 hex digits, as `tablectl verify-program` prints it)"
        )
    }
}

impl std::error::Error for NotADigest {}

impl FromStr for Sha256Digest {
    type Err = NotADigest;

    /// 64 hex digits, either case (written back in lower case): the log's own hex
    /// codec, as its keys and hashes are read.
    fn from_str(s: &str) -> Result<Sha256Digest, NotADigest> {
        parse_hex32(s.trim())
            .map(Sha256Digest)
            .ok_or_else(|| NotADigest(s.to_string()))
    }
}

impl Serialize for Sha256Digest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Sha256Digest {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Sha256Digest, D::Error> {
        let text = String::deserialize(d)?;
        // Only the lower-case form is the record's: a payload is hashed as stored.
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            return Err(serde::de::Error::custom(NotADigest(text)));
        }
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a file could not be hashed.
#[derive(Debug)]
pub struct HashError {
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

impl fmt::Display for HashError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: cannot be read to hash it: {}",
            self.path.display(),
            self.source
        )
    }
}

impl std::error::Error for HashError {}

/// SHA-256 of the file at `path`, read `READ_CHUNK` bytes at a time.
pub fn file_digest(path: &Path) -> Result<Sha256Digest, HashError> {
    let err = |source| HashError {
        path: path.to_path_buf(),
        source,
    };
    let mut file = std::fs::File::open(path).map_err(err)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; READ_CHUNK];
    loop {
        let n = file.read(&mut buf).map_err(err)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(Sha256Digest(hasher.finalize().into()))
}

/// The file this process runs: on Linux `/proc/self/exe`, the loaded file itself
/// (module docs), elsewhere the path the system gives.
pub fn running_binary() -> Result<PathBuf, HashError> {
    let proc_exe = Path::new("/proc/self/exe");
    if proc_exe.exists() {
        return Ok(proc_exe.to_path_buf());
    }
    std::env::current_exe().map_err(|source| HashError {
        path: PathBuf::from("(this program)"),
        source,
    })
}

/// SHA-256 of the running program ([`running_binary`]).
pub fn binary_digest() -> Result<Sha256Digest, HashError> {
    file_digest(&running_binary()?)
}

/// The configuration files that matter, in the fixed order of the digest. Each is
/// `None` when the table has none (a bench table has no `table.toml`; a table may
/// have no staff file or no deck enrolled yet).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigFiles {
    /// The table's configuration (`table.toml`).
    pub table: Option<PathBuf>,
    /// The pin map (`[panel] pins`).
    pub pins: Option<PathBuf>,
    /// The deck map (`deck.map` in the data folder).
    pub deck_map: Option<PathBuf>,
    /// The floor staff file (`[panel] staff`).
    pub staff: Option<PathBuf>,
}

/// The names the configuration files are hashed under, in the digest's order.
pub const CONFIG_FILE_NAMES: [&str; 4] = ["table.toml", "pins", "deck.map", "staff"];

/// One configuration file as hashed: its name in the list, its path, and its
/// digest (`None`: absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileDigest {
    /// Its name in the list ([`CONFIG_FILE_NAMES`]).
    pub name: &'static str,
    /// Where it was looked for (`None`: the table names none).
    pub path: Option<PathBuf>,
    /// Its SHA-256, or `None` when absent.
    pub digest: Option<Sha256Digest>,
}

impl ConfigFiles {
    /// Each file hashed, in order. A file named but missing counts as absent (a deck
    /// not enrolled yet); one that exists but cannot be read is an error: its digest
    /// would otherwise silently stand for "absent".
    pub fn digests(&self) -> Result<Vec<FileDigest>, HashError> {
        let paths = [&self.table, &self.pins, &self.deck_map, &self.staff];
        CONFIG_FILE_NAMES
            .iter()
            .zip(paths)
            .map(|(name, path)| {
                let digest = match path {
                    Some(p) => match file_digest(p) {
                        Ok(d) => Some(d),
                        Err(e) if e.source.kind() == std::io::ErrorKind::NotFound => None,
                        Err(e) => return Err(e),
                    },
                    None => None,
                };
                Ok(FileDigest {
                    name,
                    path: path.clone(),
                    digest,
                })
            })
            .collect()
    }
}

/// The configuration's digest over `files` (module docs): SHA-256 of a domain
/// prefix, then for each file in order its name's length and name, and a 0 byte
/// (absent) or a 1 byte and its digest. The lengths make the encoding unambiguous.
pub fn config_digest(files: &[FileDigest]) -> Sha256Digest {
    let mut h = Sha256::new();
    h.update(b"tablectl configuration v1\0");
    for f in files {
        h.update((f.name.len() as u64).to_be_bytes());
        h.update(f.name.as_bytes());
        match f.digest {
            Some(d) => {
                h.update([1u8]);
                h.update(d.0);
            }
            None => h.update([0u8]),
        }
    }
    Sha256Digest(h.finalize().into())
}

/// What program a table runs: the program record's contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramId {
    /// The program's version ([`version`]).
    pub version: String,
    /// SHA-256 of the running binary.
    pub binary: Sha256Digest,
    /// SHA-256 of the configuration files ([`config_digest`]).
    pub config: Sha256Digest,
}

/// The longest version text a program record carries: a version and a build name.
pub const MAX_VERSION_LEN: usize = 128;

impl ProgramId {
    /// This process's program with the configuration `files`; and each file's
    /// digest, for whoever prints them.
    pub fn running(files: &ConfigFiles) -> Result<(ProgramId, Vec<FileDigest>), HashError> {
        let digests = files.digests()?;
        Ok((
            ProgramId {
                version: version(),
                binary: binary_digest()?,
                config: config_digest(&digests),
            },
            digests,
        ))
    }
}

/// What `tablectl verify-program` signs: the table, the program and each file, one
/// per line, in a fixed form an inspector can read and recompute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The table's id.
    pub table_id: String,
    /// The program.
    pub program: ProgramId,
    /// Each configuration file's digest, in order.
    pub files: Vec<FileDigest>,
}

impl fmt::Display for Statement {
    /// The signed text: its first line names the form, so it is never mistaken for
    /// anything else the table's key signs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "tablectl program statement v1")?;
        writeln!(f, "table {}", self.table_id)?;
        writeln!(f, "version {}", self.program.version)?;
        writeln!(f, "binary {}", self.program.binary)?;
        writeln!(f, "configuration {}", self.program.config)?;
        for file in &self.files {
            match file.digest {
                Some(d) => writeln!(f, "file {} {d}", file.name)?,
                None => writeln!(f, "file {} absent", file.name)?,
            }
        }
        Ok(())
    }
}

impl Statement {
    /// The table's detached signature of the statement's text.
    pub fn sign(&self, key: &TableKey) -> [u8; 64] {
        key.sign_statement(&self.to_string())
    }

    /// Whether `signature` is `key`'s signature of the statement's text.
    pub fn is_signed(&self, key: &PublicKey, signature: &[u8]) -> bool {
        key.verifies_statement(&self.to_string(), signature)
    }

    /// Whether `signature`, in hex as `tablectl verify-program` prints it, is `key`'s
    /// signature of the statement's text.
    pub fn is_signed_hex(&self, key: &PublicKey, signature: &str) -> bool {
        parse_hex(signature.trim()).is_some_and(|sig| self.is_signed(key, &sig))
    }
}

/// A signature in hex, as `tablectl verify-program` prints it.
pub fn signature_hex(signature: &[u8; 64]) -> String {
    hex(signature)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn a_digest_reads_back_from_its_text_and_refuses_what_is_not_one() {
        let d = Sha256Digest::of(b"abc");
        assert_eq!(
            d.to_string(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(d.to_string().parse::<Sha256Digest>().unwrap(), d);
        assert_eq!(
            d.to_string()
                .to_uppercase()
                .parse::<Sha256Digest>()
                .unwrap(),
            d
        );
        assert_eq!(d.short(), "ba7816bf8f01");
        for bad in [
            "",
            "ba78",
            &"g".repeat(64),
            &"é".repeat(32),
            &"0".repeat(65),
        ] {
            let e = bad.parse::<Sha256Digest>().unwrap_err();
            assert!(e.to_string().contains("64 hex digits"), "{e}");
        }
        // A record's digest is its lower-case text only.
        let upper = format!("\"{}\"", d.to_string().to_uppercase());
        assert!(serde_json::from_str::<Sha256Digest>(&upper).is_err());
        let lower = format!("\"{d}\"");
        assert_eq!(serde_json::from_str::<Sha256Digest>(&lower).unwrap(), d);
    }

    #[test]
    fn a_file_hashes_streaming_to_the_digest_of_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let big = vec![7u8; READ_CHUNK * 2 + 5];
        let p = dir.path().join("big");
        std::fs::write(&p, &big).unwrap();
        assert_eq!(file_digest(&p).unwrap(), Sha256Digest::of(&big));
        let e = file_digest(&dir.path().join("none")).unwrap_err();
        assert!(e.to_string().contains("cannot be read"), "{e}");
    }

    #[test]
    fn the_running_binary_hashes() {
        let d = binary_digest().unwrap();
        assert_eq!(d, file_digest(&running_binary().unwrap()).unwrap());
    }

    #[test]
    fn the_configuration_digest_changes_with_any_file_and_names_absent_ones() {
        let dir = tempfile::tempdir().unwrap();
        let files = ConfigFiles {
            table: Some(file(dir.path(), "table.toml", "[table]\nid = \"T1\"\n")),
            pins: Some(file(dir.path(), "pins.toml", "pins")),
            deck_map: Some(dir.path().join("deck.map")),
            staff: None,
        };
        let digests = files.digests().unwrap();
        let names: Vec<_> = digests.iter().map(|f| f.name).collect();
        assert_eq!(names, CONFIG_FILE_NAMES);
        assert!(digests[0].digest.is_some() && digests[1].digest.is_some());
        assert_eq!((digests[2].digest, digests[3].digest), (None, None));
        let before = config_digest(&digests);
        assert_eq!(before, config_digest(&files.digests().unwrap()));
        file(dir.path(), "pins.toml", "pinS");
        let after = config_digest(&files.digests().unwrap());
        assert_ne!(before, after);
        // A file appearing changes it too (a deck enrolled).
        file(dir.path(), "deck.map", "");
        assert_ne!(after, config_digest(&files.digests().unwrap()));
        // An empty file is not an absent one.
        let none = ConfigFiles::default().digests().unwrap();
        let mut empty = none.clone();
        empty[3].digest = Some(Sha256Digest::of(b""));
        assert_ne!(config_digest(&none), config_digest(&empty));
    }

    #[test]
    fn a_file_that_exists_but_cannot_be_read_is_an_error_not_absent() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where a file is expected: it exists, it does not read.
        let files = ConfigFiles {
            staff: Some(dir.path().to_path_buf()),
            ..ConfigFiles::default()
        };
        assert!(files.digests().is_err());
    }

    #[test]
    fn a_statement_is_signed_by_the_tables_key_and_checks_against_its_public_half() {
        let dir = tempfile::tempdir().unwrap();
        let files = ConfigFiles {
            table: Some(file(dir.path(), "table.toml", "x")),
            ..ConfigFiles::default()
        };
        let (program, digests) = ProgramId::running(&files).unwrap();
        assert_eq!(program.version, version());
        let statement = Statement {
            table_id: "T1".into(),
            program,
            files: digests,
        };
        let text = statement.to_string();
        assert!(text.starts_with("tablectl program statement v1\ntable T1\n"));
        assert!(text.contains("file pins absent") && text.contains("file table.toml "));
        let key = TableKey::from_seed([4; 32]);
        let sig = statement.sign(&key);
        assert!(statement.is_signed(&key.public(), &sig));
        assert!(!statement.is_signed(&TableKey::from_seed([5; 32]).public(), &sig));
        let mut other = statement.clone();
        other.table_id = "T2".into();
        assert!(!other.is_signed(&key.public(), &sig));
        assert!(!statement.is_signed(&key.public(), &sig[..63]));
        assert!(statement.is_signed_hex(&key.public(), &signature_hex(&sig)));
        assert!(!statement.is_signed_hex(&key.public(), "not hex"));
    }
}
