//! What an audit trusts: the key, anchor or floor's store the auditor brings
//! (`--public-key`, `--anchor`, `--floor`, `--secret`), the exit status that says
//! whether the log was vouched for, and the log opened for reading only once it
//! checks against them (`audit list|show|export|rake`).

use crate::cli::TrustArgs;
use crate::error::CliError;
use host::records::handlog::{
    AuditLog, CheckedLog, PublicKey, SignedHead, Trust, VerifyReport, HEAD_PREFIX,
};
use std::path::Path;
use std::process::ExitCode;

/// The exit status of an audit whose log's chain is intact but checked only against
/// the key the log records itself (or an old HMAC log): nobody outside the data
/// folder vouched for the key, and whoever wrote the folder could have re-signed the
/// log whole. Distinct from 1 (a problem) so a script cannot take it for either
/// "intact" or "broken".
pub const UNVOUCHED: u8 = 3;

/// The exit status a report gives: 0 vouched for, 1 a problem, [`UNVOUCHED`].
pub fn status(report: &VerifyReport) -> ExitCode {
    if report.is_vouched() {
        ExitCode::SUCCESS
    } else if report.is_intact() {
        ExitCode::from(UNVOUCHED)
    } else {
        ExitCode::FAILURE
    }
}

/// What the auditor brought, and the line saying what the floor's store holds of the
/// table when it was asked (`--floor`).
pub struct Brought {
    /// What the log is checked against.
    pub trust: Trust,
    /// "the floor's store holds table T up to record N", with `--floor`.
    pub floor_line: Option<String>,
}

/// What the options bring for the log in `dir`.
pub fn trust(dir: &Path, args: &TrustArgs) -> Result<Brought, CliError> {
    match &args.floor {
        Some(url) => floor_trust(dir, url),
        None => Ok(Brought {
            trust: given(dir, args)?,
            floor_line: None,
        }),
    }
}

/// What the floor's store brings: the key it knows the log's table by and its
/// signed head, as the anchor.
fn floor_trust(dir: &Path, url: &str) -> Result<Brought, CliError> {
    let log = AuditLog::open_evidence(dir).map_err(CliError::failed)?;
    let mut store = host::floor::Store::open_to_read(url).map_err(CliError::failed)?;
    let trust = store.trust(log.table_id()).map_err(CliError::failed)?;
    let floor_line = Some(match &trust.anchor {
        Some(head) => format!(
            "the floor's store holds table {} up to record {}",
            log.table_id(),
            head.seq.0
        ),
        None => format!(
            "the floor's store holds no record of table {} yet",
            log.table_id()
        ),
    });
    Ok(Brought { trust, floor_line })
}

/// A `--public-key`: its 64 hex digits, or a file holding them (`table.key.pub`).
pub fn public_key(text: &str) -> Result<PublicKey, CliError> {
    match text.parse::<PublicKey>() {
        Ok(key) => Ok(key),
        Err(_) => PublicKey::load(Path::new(text)).map_err(|e| CliError::at("--public-key", e)),
    }
}

/// What the options bring: a key (a file or its hex), an anchor (the line or a file
/// holding it), an old log's secret (the data folder's `secret` unless given: the old
/// scheme kept it there).
fn given(dir: &Path, args: &TrustArgs) -> Result<Trust, CliError> {
    let public_key = args.public_key.as_deref().map(public_key).transpose()?;
    let anchor = match &args.anchor {
        None => None,
        Some(a) => {
            let text = if a.trim_start().starts_with(HEAD_PREFIX) {
                a.clone()
            } else {
                read_small(Path::new(a))?
            };
            Some(
                text.parse::<SignedHead>()
                    .map_err(|e| CliError::at("--anchor", e))?,
            )
        }
    };
    let secret_file = args.secret.clone().unwrap_or_else(|| dir.join("secret"));
    let secret = match std::fs::read(&secret_file) {
        Ok(s) => Some(s),
        Err(_) if args.secret.is_none() => None,
        Err(e) => return Err(CliError::at(secret_file.display(), e)),
    };
    Ok(Trust {
        public_key,
        anchor,
        secret,
    })
}

/// The most an anchor file holds: one line of a few hundred bytes.
const MAX_ANCHOR_BYTES: u64 = 4096;

/// A small text file, refused past [`MAX_ANCHOR_BYTES`].
fn read_small(path: &Path) -> Result<String, CliError> {
    use std::io::Read as _;
    let name = path.display();
    let at = |e| CliError::at(format!("--anchor {name}"), e);
    let f = std::fs::File::open(path).map_err(at)?;
    let mut text = String::new();
    f.take(MAX_ANCHOR_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(at)?;
    if text.len() as u64 > MAX_ANCHOR_BYTES {
        return Err(CliError::AnchorTooLarge {
            path: name.to_string(),
            max: MAX_ANCHOR_BYTES,
        });
    }
    Ok(text)
}

/// The log in `dir` for `tablectl audit COMMAND`, once it checks against what the
/// options bring, and the status the command ends with when its reading goes well:
/// 0, or [`UNVOUCHED`] after a warning on the first line of the standard error. A
/// log that does not check is refused: nothing is read, and the error (printed
/// first, status 1) says what failed.
pub fn open_checked(
    dir: &Path,
    args: &TrustArgs,
    command: &str,
) -> Result<(CheckedLog, ExitCode), CliError> {
    let within = |e: CliError| e.within(format!("tablectl audit {command}"));
    let brought = trust(dir, args).map_err(within)?;
    // The log's errors name its file: no prefix but the command's.
    let log = AuditLog::open_evidence(dir).map_err(|e| within(CliError::failed(e)))?;
    let checked = log
        .checked(&brought.trust)
        .map_err(|report| within(CliError::Refused(report)))?;
    let status = status(checked.report());
    if !checked.report().is_vouched() {
        eprintln!(
            "tablectl audit {command}: WARNING, key unverified (exit status {UNVOUCHED}): {}",
            checked.report()
        );
    }
    Ok((checked, status))
}
