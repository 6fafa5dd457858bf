//! Who may read the floor view: a token kept in a file only its owner can read
//! (mode 0600), sent by the floor's browser as the password of HTTP basic
//! authentication (any user name) or as a bearer token, and compared in constant time;
//! and a `Host` header on an allow-list, so a page of another site that rebinds its
//! name to this machine (DNS rebinding) is refused.

use base64::Engine as _;
use std::fmt;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use subtle::ConstantTimeEq as _;

/// The largest token file read: a token is a line of 64 characters.
pub const MAX_TOKEN_FILE_BYTES: u64 = 1024;
/// The shortest token accepted, in characters.
pub const MIN_TOKEN_LEN: usize = 16;
/// Random bytes in a new token (written as twice as many hex characters).
pub const NEW_TOKEN_BYTES: usize = 32;
/// The longest `Host` header or `Authorization` header looked at.
const MAX_HEADER_CHARS: usize = 1024;

/// Why the floor's token cannot be used.
#[derive(Debug)]
pub enum TokenError {
    /// The file cannot be read or written.
    Io(PathBuf, std::io::Error),
    /// Group or others may read it: anyone on the machine could read the floor.
    Exposed(PathBuf),
    /// Too short, too long or not one line of text.
    Malformed(PathBuf),
    /// The system's random generator failed.
    Random(String),
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenError::Io(p, e) => write!(f, "floor token {}: {e}", p.display()),
            TokenError::Exposed(p) => write!(
                f,
                "floor token {}: others may read it; `chmod 600` it",
                p.display()
            ),
            TokenError::Malformed(p) => write!(
                f,
                "floor token {}: not one line of {MIN_TOKEN_LEN} to {MAX_TOKEN_FILE_BYTES} characters; \
                 delete it to have a new one made",
                p.display()
            ),
            TokenError::Random(e) => write!(f, "no random token can be made: {e}"),
        }
    }
}

impl std::error::Error for TokenError {}

/// Reads the token in `path`, which only its owner may read.
pub fn load_token(path: &Path) -> Result<String, TokenError> {
    let io = |e| TokenError::Io(path.to_path_buf(), e);
    let file = std::fs::File::open(path).map_err(io)?;
    if crate::records::handlog::exposed_mode(&file.metadata().map_err(io)?).is_some() {
        return Err(TokenError::Exposed(path.to_path_buf()));
    }
    let mut text = String::new();
    file.take(MAX_TOKEN_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|_| TokenError::Malformed(path.to_path_buf()))?;
    let token = text.trim();
    let fits = (MIN_TOKEN_LEN..=MAX_TOKEN_FILE_BYTES as usize).contains(&token.len());
    if !fits || token.contains(char::is_whitespace) {
        return Err(TokenError::Malformed(path.to_path_buf()));
    }
    Ok(token.to_string())
}

/// Reads the token in `path`, or makes one there (mode 0600) from the system's
/// random generator when there is none: the bench's way; a table names its own.
pub fn load_or_create_token(path: &Path) -> Result<String, TokenError> {
    if !path.exists() {
        let mut bytes = [0u8; NEW_TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| TokenError::Random(e.to_string()))?;
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
        let mut f = o
            .open(path)
            .map_err(|e| TokenError::Io(path.to_path_buf(), e))?;
        std::io::Write::write_all(&mut f, format!("{token}\n").as_bytes())
            .map_err(|e| TokenError::Io(path.to_path_buf(), e))?;
    }
    load_token(path)
}

/// The floor's checks: the token and the host names it answers to.
#[derive(Clone)]
pub struct FloorAuth {
    token: String,
    hosts: Vec<String>,
}

impl fmt::Debug for FloorAuth {
    /// Never prints the token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FloorAuth")
            .field("hosts", &self.hosts)
            .finish_non_exhaustive()
    }
}

/// What a request to the floor lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthRefusal {
    /// No `Host`, or one not on the allow-list.
    Host,
    /// No token, or the wrong one.
    Token,
}

impl FloorAuth {
    /// Checks for `token`; the floor answers to this machine's loopback names and
    /// to `hosts` (names or addresses, with or without a port).
    pub fn new(token: String, hosts: &[String]) -> FloorAuth {
        let mut all: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|h| h.to_string())
            .collect();
        all.extend(hosts.iter().map(|h| host_name(h).to_ascii_lowercase()));
        FloorAuth { token, hosts: all }
    }

    /// Whether a request with these `Host` and `Authorization` headers may read.
    pub fn check(
        &self,
        host: Option<&str>,
        authorization: Option<&str>,
    ) -> Result<(), AuthRefusal> {
        let host = host
            .filter(|h| h.len() <= MAX_HEADER_CHARS)
            .ok_or(AuthRefusal::Host)?;
        let name = host_name(host).to_ascii_lowercase();
        if !self.hosts.contains(&name) {
            return Err(AuthRefusal::Host);
        }
        let given = authorization
            .filter(|a| a.len() <= MAX_HEADER_CHARS)
            .and_then(presented_token)
            .ok_or(AuthRefusal::Token)?;
        if bool::from(given.as_bytes().ct_eq(self.token.as_bytes())) {
            Ok(())
        } else {
            Err(AuthRefusal::Token)
        }
    }
}

/// `host:port`, `[v6]:port` or `host` without the port.
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

/// The token of `Bearer TOKEN` or of basic authentication's password.
fn presented_token(authorization: &str) -> Option<String> {
    let (scheme, value) = authorization.trim().split_once(' ')?;
    match scheme.to_ascii_lowercase().as_str() {
        "bearer" => Some(value.trim().to_string()),
        "basic" => {
            let raw = base64::engine::general_purpose::STANDARD
                .decode(value.trim())
                .ok()?;
            let text = String::from_utf8(raw).ok()?;
            text.split_once(':')
                .map(|(_, password)| password.to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "0123456789abcdef0123";

    fn auth() -> FloorAuth {
        FloorAuth::new(TOKEN.into(), &["floor.casino.lan".into()])
    }

    #[test]
    fn the_right_token_on_an_allowed_host_reads() {
        let basic = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("floor:{TOKEN}"))
        );
        assert_eq!(auth().check(Some("127.0.0.1:8081"), Some(&basic)), Ok(()));
        let bearer = format!("Bearer {TOKEN}");
        assert_eq!(
            auth().check(Some("Floor.Casino.LAN"), Some(&bearer)),
            Ok(())
        );
        assert_eq!(auth().check(Some("[::1]:80"), Some(&bearer)), Ok(()));
    }

    #[test]
    fn a_wrong_or_missing_token_or_host_is_refused() {
        let bearer = format!("Bearer {TOKEN}");
        assert_eq!(
            auth().check(Some("attacker.example:8081"), Some(&bearer)),
            Err(AuthRefusal::Host)
        );
        assert_eq!(auth().check(None, Some(&bearer)), Err(AuthRefusal::Host));
        assert_eq!(
            auth().check(Some("localhost"), None),
            Err(AuthRefusal::Token)
        );
        assert_eq!(
            auth().check(Some("localhost"), Some("Bearer 0123456789abcdef0124")),
            Err(AuthRefusal::Token)
        );
        assert_eq!(
            auth().check(Some("localhost"), Some("Basic !!!")),
            Err(AuthRefusal::Token)
        );
    }

    #[test]
    fn a_new_token_is_private_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("floor-token");
        let made = load_or_create_token(&path).unwrap();
        assert_eq!(made.len(), 2 * NEW_TOKEN_BYTES);
        assert_eq!(load_or_create_token(&path).unwrap(), made);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(matches!(load_token(&path), Err(TokenError::Exposed(_))));
        }
    }

    #[test]
    fn a_short_or_huge_token_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t");
        for text in ["short\n".to_string(), "x".repeat(5000)] {
            let _ = std::fs::remove_file(&path);
            std::fs::write(&path, text).unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt as _;
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
            }
            assert!(matches!(load_token(&path), Err(TokenError::Malformed(_))));
        }
    }
}
