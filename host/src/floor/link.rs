//! How a table, and the floor's own commands, reach the store: the URL, TLS as
//! libpq's `sslmode` and `sslrootcert` say, and the password from a file only its
//! owner can read.
//!
//! Hole cards cross this link a few milliseconds after the deal, so it is safe by
//! default (issue 26, attack 3):
//!
//! | `sslmode` in the URL | CA named | store on            | the link                     |
//! |----------------------|----------|---------------------|------------------------------|
//! | none                 | yes      | anywhere            | TLS, `verify-full`           |
//! | none                 | no       | this machine        | in clear (nothing crosses a wire) |
//! | none                 | no       | the network         | refused: name the floor's CA |
//! | `verify-full`        | needed   | anywhere            | TLS, CA and host name checked |
//! | `verify-ca`          | needed   | anywhere            | TLS, CA checked, not the name |
//! | `require`            | needed   | anywhere            | as `verify-ca` (libpq does the same with a root certificate) |
//! | `disable`            | -        | anywhere            | in clear: said in so many words |
//! | `allow`, `prefer`    | -        | -                   | refused: they fall back to clear text silently |
//!
//! The CA is the URL's `sslrootcert=FILE`, or the table's `[table] floor_ca`; the
//! only root trusted (no system or bundled roots: a public CA would vouch for anyone's
//! name). `sslrootcert=system` is not taken for the same reason.

use super::error::FloorError;
use super::tls::connector;
use hardware::cause::Cause;
use postgres::config::{Host, SslMode as WireMode};
use postgres::{Client, Config, NoTls};
use rustls::CertificateError;
use std::fmt;
use std::path::{Path, PathBuf};
use tokio_postgres_rustls::MakeRustlsConnect;

/// The most a password file may hold.
pub const MAX_PASSWORD_FILE_BYTES: u64 = 1024;
/// The name of the store's password among the service's systemd credentials
/// (`LoadCredential=floor-password:/etc/tablectl/floor-password` in table.service):
/// read from `$CREDENTIALS_DIRECTORY` when no password file is named.
pub const PASSWORD_CREDENTIAL: &str = "floor-password";

/// The environment variable naming a file that holds the store's password (mode
/// 0600), for the floor's commands and the bench table, whose URL comes on the
/// command line where a password would show in the process list: read when the URL
/// holds none.
pub const PASSWORD_FILE_ENV: &str = "FLOOR_PASSWORD_FILE";

/// libpq's `sslmode`, as far as tablectl takes it (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SslMode {
    /// In clear.
    Disable,
    /// TLS; the certificate checked against the floor's CA, not its name.
    VerifyCa,
    /// TLS; the certificate checked against the floor's CA and the host's name.
    VerifyFull,
}

impl fmt::Display for SslMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SslMode::Disable => "disable",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        })
    }
}

/// Why the link to the store cannot be made, or was refused, in words the floor's
/// staff can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// The store is on the network and no CA is named.
    NeedsCa {
        /// The store's host.
        host: String,
    },
    /// An `sslmode` that checks nothing or may fall back to clear text.
    WeakMode(String),
    /// An `sslmode` libpq does not know.
    UnknownMode(String),
    /// Two CAs or two passwords, one in the URL and one beside it.
    Twice(&'static str),
    /// The CA file cannot be read or holds no certificate.
    CaFile {
        /// The file.
        path: PathBuf,
        /// What is wrong (the system's or the certificate reader's error kept whole).
        detail: Cause,
    },
    /// The password file cannot be read, or is empty.
    PasswordFile {
        /// The file.
        path: PathBuf,
        /// What is wrong (the system's error kept whole).
        detail: Cause,
    },
    /// A file holding the store's password that others than its owner may read.
    Exposed {
        /// The file.
        path: PathBuf,
        /// Its mode.
        mode: u32,
    },
    /// The store's certificate is not signed by the floor's CA.
    UnknownIssuer(PathBuf),
    /// The store's certificate is the CA's but for another name.
    WrongName(String),
    /// The store's certificate was refused for another reason (expired, ...).
    BadCertificate(String),
    /// The store does not offer TLS.
    NoTlsAtStore,
    /// The store takes only TLS connections and the URL says `sslmode=disable`.
    StoreWantsTls,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NeedsCa { host } => write!(
                f,
                "the floor's store at {host} is on the network and no CA is named: hole cards \
                 would cross it unchecked; name the floor's CA ([table] floor_ca, or \
                 sslrootcert=FILE in the URL), or write sslmode=disable in the URL to send in clear"
            ),
            LinkError::WeakMode(mode) => write!(
                f,
                "sslmode={mode} may fall back to clear text without a word: write \
                 sslmode=verify-full (with the floor's CA) or sslmode=disable"
            ),
            LinkError::UnknownMode(mode) => write!(
                f,
                "sslmode={mode} is not a mode: write verify-full, verify-ca, require or disable"
            ),
            LinkError::Twice(what) => write!(
                f,
                "the store's {what} is given twice (in the URL and beside it): give it once"
            ),
            LinkError::CaFile { path, detail } => {
                write!(f, "the floor's CA {}: {detail}", path.display())
            }
            LinkError::PasswordFile { path, detail } => {
                write!(f, "the store's password file {}: {detail}", path.display())
            }
            LinkError::Exposed { path, mode } => write!(
                f,
                "{} holds the store's password and others may read it (mode {mode:o}): \
                 chmod 600 {}",
                path.display(),
                path.display()
            ),
            LinkError::UnknownIssuer(ca) => write!(
                f,
                "the floor store's certificate is not signed by the floor's CA ({}): \
                 another server answered, or the store's certificate is from another CA",
                ca.display()
            ),
            LinkError::WrongName(host) => write!(
                f,
                "the floor store's certificate is not for {host}: connect by the name on its \
                 certificate, or give the store a certificate for {host}"
            ),
            LinkError::BadCertificate(e) => {
                write!(f, "the floor store's certificate is refused: {e}")
            }
            LinkError::NoTlsAtStore => f.write_str(
                "the floor's store does not offer TLS: turn ssl on at the store (see the \
                 floor's set-up, docs/floor.md)",
            ),
            LinkError::StoreWantsTls => f.write_str(
                "the floor's store takes only TLS connections and the URL says sslmode=disable: \
                 name the floor's CA and drop sslmode=disable",
            ),
        }
    }
}

/// The system's or the certificate reader's error, kept whole.
impl std::error::Error for LinkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LinkError::CaFile { detail, .. } | LinkError::PasswordFile { detail, .. } => {
                detail.error()
            }
            _ => None,
        }
    }
}

impl From<LinkError> for FloorError {
    fn from(e: LinkError) -> FloorError {
        FloorError::Link(e)
    }
}

/// What reaches the store: its URL and, beside it, what is kept out of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreAccess {
    /// `postgres://USER@HOST:PORT/DATABASE`, with libpq's `sslmode` and
    /// `sslrootcert` if wanted.
    pub url: String,
    /// The file the URL was read from (a table's `table.toml`): a URL holding a
    /// password must be in a file only its owner can read.
    pub url_file: Option<PathBuf>,
    /// The floor's CA (PEM), when the URL names none.
    pub ca: Option<PathBuf>,
    /// A file holding only the store's password (mode 0600).
    pub password_file: Option<PathBuf>,
}

impl StoreAccess {
    /// The store at `url`, nothing beside it.
    pub fn url(url: &str) -> StoreAccess {
        StoreAccess {
            url: url.to_string(),
            ..StoreAccess::default()
        }
    }

    /// With the password from the service's systemd credentials
    /// ([`PASSWORD_CREDENTIAL`] in `credentials`, i.e. `$CREDENTIALS_DIRECTORY`) when
    /// no password file is named and the credential is there.
    pub fn with_credentials(mut self, credentials: Option<&Path>) -> StoreAccess {
        if self.password_file.is_none() {
            self.password_file = credentials
                .map(|d| d.join(PASSWORD_CREDENTIAL))
                .filter(|p| p.is_file());
        }
        self
    }

    /// With the password from the file [`PASSWORD_FILE_ENV`] names, when no password
    /// file is named, the URL holds none and the variable is set.
    pub fn with_password_env(mut self) -> StoreAccess {
        if self.password_file.is_none() && !url_has_password(&self.url) {
            self.password_file = std::env::var_os(PASSWORD_FILE_ENV)
                .filter(|f| !f.is_empty())
                .map(PathBuf::from);
        }
        self
    }

    /// The link, checked: the URL reads, TLS as the module says, the CA read, the
    /// password read from a private file.
    pub fn link(&self) -> Result<StoreLink, FloorError> {
        let (url, mode, root) = split_tls_params(&self.url)?;
        let mut config = super::store::config(&url)?;
        if let (Some(file), Some(_)) = (&self.url_file, config.get_password()) {
            check_private(file)?;
        }
        if let Some(path) = &self.password_file {
            if config.get_password().is_some() {
                return Err(LinkError::Twice("password").into());
            }
            config.password(read_password(path)?);
        }
        let ca = match (root, &self.ca) {
            (Some(a), Some(b)) if a != *b => return Err(LinkError::Twice("CA").into()),
            (Some(a), _) => Some(a),
            (None, b) => b.clone(),
        };
        let mode = settle_mode(mode.as_deref(), ca.is_some(), &config)?;
        let tls = match (mode, &ca) {
            (SslMode::Disable, _) | (_, None) => None,
            (mode, Some(ca)) => Some(Tls {
                connector: connector(mode, ca)?,
                ca: ca.clone(),
            }),
        };
        config.ssl_mode(if tls.is_some() {
            WireMode::Require
        } else {
            WireMode::Disable
        });
        Ok(StoreLink { config, mode, tls })
    }
}

/// The TLS side of a link.
#[derive(Clone)]
struct Tls {
    connector: MakeRustlsConnect,
    /// The CA file, for the errors.
    ca: PathBuf,
}

/// The store's address, checked, and how the link to it is made.
#[derive(Clone)]
pub struct StoreLink {
    config: Config,
    mode: SslMode,
    tls: Option<Tls>,
}

impl fmt::Debug for StoreLink {
    /// Never prints the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoreLink")
            .field("hosts", &self.config.get_hosts())
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl StoreLink {
    /// The link to the store at `url` ([`StoreAccess::link`]), its password from
    /// the URL or the file [`PASSWORD_FILE_ENV`] names.
    pub fn parse(url: &str) -> Result<StoreLink, FloorError> {
        StoreAccess::url(url).with_password_env().link()
    }

    /// How the link is secured.
    pub fn mode(&self) -> SslMode {
        self.mode
    }

    /// The connection settings (without `sslmode` and `sslrootcert`).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Connects, refusing a store whose certificate the floor's CA does not vouch for.
    pub fn connect(&self) -> Result<Client, FloorError> {
        let made = match &self.tls {
            None => self.config.connect(NoTls),
            Some(tls) => self.config.connect(tls.connector.clone()),
        };
        made.map_err(|e| self.refusal(e))
    }

    /// A failed connection's error, the certificate's faults in the floor's words.
    fn refusal(&self, e: postgres::Error) -> FloorError {
        if let Some(db) = e.as_db_error() {
            // pg_hba.conf's `hostssl` lines only, met in clear.
            if self.tls.is_none() && db.message().contains("no encryption") {
                return LinkError::StoreWantsTls.into();
            }
            return match FloorError::from(e) {
                FloorError::LoginRefused { detail, .. } => FloorError::LoginRefused {
                    login: self.config.get_user().unwrap_or("?").to_string(),
                    detail,
                },
                other => other,
            };
        }
        let Some(tls) = &self.tls else {
            return e.into();
        };
        let mut cause = std::error::Error::source(&e);
        while let Some(c) = cause {
            if c.to_string().contains("server does not support TLS") {
                return LinkError::NoTlsAtStore.into();
            }
            let inner = c
                .downcast_ref::<std::io::Error>()
                .and_then(|io| io.get_ref())
                .and_then(|i| i.downcast_ref::<rustls::Error>());
            if let Some(rustls::Error::InvalidCertificate(why)) = inner {
                return match why {
                    CertificateError::UnknownIssuer => LinkError::UnknownIssuer(tls.ca.clone()),
                    CertificateError::NotValidForName
                    | CertificateError::NotValidForNameContext { .. } => {
                        LinkError::WrongName(self.hosts())
                    }
                    other => LinkError::BadCertificate(format!("{other:?}")),
                }
                .into();
            }
            cause = c.source();
        }
        e.into()
    }

    /// The store's hosts, as the URL names them.
    fn hosts(&self) -> String {
        let names: Vec<String> = self.config.get_hosts().iter().map(host_name).collect();
        names.join(",")
    }
}

fn host_name(h: &Host) -> String {
    match h {
        Host::Tcp(name) => name.clone(),
        Host::Unix(path) => path.display().to_string(),
    }
}

/// Whether `url` holds a password (in its user part or a `password=` parameter).
pub fn url_has_password(url: &str) -> bool {
    split_tls_params(url)
        .ok()
        .and_then(|(url, _, _)| super::store::config(&url).ok())
        .is_some_and(|c| c.get_password().is_some())
}

/// `url` without its `sslmode` and `sslrootcert` (which the `postgres` crate does
/// not take), and their values.
fn split_tls_params(url: &str) -> Result<(String, Option<String>, Option<PathBuf>), LinkError> {
    let Some((base, query)) = url.split_once('?') else {
        return Ok((url.to_string(), None, None));
    };
    let (mut mode, mut root, mut kept) = (None, None, Vec::new());
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decoded = || percent_encoding::percent_decode_str(value).decode_utf8_lossy();
        match key {
            "sslmode" => mode = Some(decoded().into_owned()),
            "sslrootcert" => root = Some(PathBuf::from(decoded().into_owned())),
            _ => kept.push(pair),
        }
    }
    if root.as_deref() == Some(Path::new("system")) {
        return Err(LinkError::CaFile {
            path: "system".into(),
            detail: Cause::said(
                "the system's roots would vouch for anyone's name: name the floor's own CA",
            ),
        });
    }
    let url = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((url, mode, root))
}

/// The mode the link takes (see the module's table).
fn settle_mode(asked: Option<&str>, has_ca: bool, config: &Config) -> Result<SslMode, LinkError> {
    let with_ca = |mode| {
        if has_ca {
            Ok(mode)
        } else {
            Err(needs_ca(config))
        }
    };
    match asked {
        None if has_ca => Ok(SslMode::VerifyFull),
        None if on_this_machine(config) => Ok(SslMode::Disable),
        None => Err(needs_ca(config)),
        Some("disable") => Ok(SslMode::Disable),
        Some("allow" | "prefer") => Err(LinkError::WeakMode(asked.unwrap_or_default().into())),
        Some("require" | "verify-ca") => with_ca(SslMode::VerifyCa),
        Some("verify-full") => with_ca(SslMode::VerifyFull),
        Some(other) => Err(LinkError::UnknownMode(other.to_string())),
    }
}

fn needs_ca(config: &Config) -> LinkError {
    let hosts: Vec<String> = config.get_hosts().iter().map(host_name).collect();
    LinkError::NeedsCa {
        host: hosts.join(","),
    }
}

/// Whether every host the URL names is this machine (a Unix socket, `localhost` or
/// a loopback address): nothing crosses a wire.
fn on_this_machine(config: &Config) -> bool {
    let loopback = |name: &str| {
        name.eq_ignore_ascii_case("localhost")
            || name
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    };
    config.get_hosts().iter().all(|h| match h {
        Host::Tcp(name) => loopback(name),
        Host::Unix(_) => true,
    }) && config.get_hostaddrs().iter().all(|ip| ip.is_loopback())
}

/// Refuses a secret file others than its owner may read.
fn check_private(path: &Path) -> Result<(), LinkError> {
    let meta = std::fs::metadata(path).map_err(|e| LinkError::PasswordFile {
        path: path.to_path_buf(),
        detail: Cause::of(e),
    })?;
    match crate::records::handlog::exposed_mode(&meta) {
        Some(mode) => Err(LinkError::Exposed {
            path: path.to_path_buf(),
            mode,
        }),
        None => Ok(()),
    }
}

/// The password in `path`: the file's one line, only its owner may read it.
fn read_password(path: &Path) -> Result<String, LinkError> {
    check_private(path)?;
    let bad = |detail: Cause| LinkError::PasswordFile {
        path: path.to_path_buf(),
        detail,
    };
    let text = hardware::text::read_bounded(path, MAX_PASSWORD_FILE_BYTES, "a password file")
        .map_err(|e| bad(Cause::of(e)))?;
    let password = text.trim_end_matches(['\r', '\n']);
    if password.is_empty() || password.contains(['\r', '\n']) {
        return Err(bad(Cause::said("write the password alone on one line")));
    }
    Ok(password.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn mode_of(url: &str) -> Result<SslMode, FloorError> {
        StoreLink::parse(url).map(|l| l.mode())
    }

    #[test]
    fn a_store_on_this_machine_may_be_reached_in_clear() {
        for url in [
            "postgres://floor@127.0.0.1:5432/floor",
            "postgres://floor@localhost/floor",
            "postgres://floor@[::1]:5432/floor",
            "postgres://floor@%2Frun%2Fpostgresql/floor",
        ] {
            assert_eq!(mode_of(url).unwrap(), SslMode::Disable, "{url}");
        }
    }

    #[test]
    fn a_store_on_the_network_needs_the_floors_ca_or_disable_in_so_many_words() {
        let e = mode_of("postgres://t7@floor-db:5432/floor").unwrap_err();
        assert!(
            matches!(&e, FloorError::Link(LinkError::NeedsCa { host }) if host == "floor-db"),
            "{e}"
        );
        assert!(e.to_string().contains("floor_ca"), "{e}");
        let e = mode_of("postgres://t7@127.0.0.1/floor?hostaddr=10.0.0.9").unwrap_err();
        assert!(
            matches!(e, FloorError::Link(LinkError::NeedsCa { .. })),
            "{e}"
        );
        for mode in ["verify-full", "verify-ca", "require"] {
            let e = mode_of(&format!("postgres://t7@floor-db/floor?sslmode={mode}")).unwrap_err();
            assert!(
                matches!(e, FloorError::Link(LinkError::NeedsCa { .. })),
                "{e}"
            );
        }
        assert_eq!(
            mode_of("postgres://t7@floor-db/floor?sslmode=disable").unwrap(),
            SslMode::Disable
        );
    }

    #[test]
    fn modes_that_fall_back_to_clear_text_or_do_not_exist_are_refused() {
        for mode in ["prefer", "allow"] {
            let e = mode_of(&format!("postgres://t@127.0.0.1/f?sslmode={mode}")).unwrap_err();
            assert!(e.to_string().contains("fall back to clear text"), "{e}");
        }
        let e = mode_of("postgres://t@127.0.0.1/f?sslmode=verify_full").unwrap_err();
        assert!(e.to_string().contains("not a mode"), "{e}");
        let e = mode_of("postgres://t@floor/f?sslrootcert=system").unwrap_err();
        assert!(e.to_string().contains("floor's own CA"), "{e}");
    }

    #[test]
    fn the_ca_is_read_from_the_url_or_beside_it_once() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none.pem");
        let e = mode_of(&format!(
            "postgres://t@floor/f?sslrootcert={}",
            missing.display()
        ))
        .unwrap_err();
        assert!(
            matches!(&e, FloorError::Link(LinkError::CaFile { path, .. }) if *path == missing),
            "{e}"
        );
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let access = StoreAccess {
            ca: Some(empty.clone()),
            ..StoreAccess::url("postgres://t@floor/f")
        };
        let e = access.link().unwrap_err();
        assert!(e.to_string().contains("holds no certificate"), "{e}");
        let twice = StoreAccess {
            ca: Some(empty),
            ..StoreAccess::url(&format!(
                "postgres://t@floor/f?sslrootcert={}",
                missing.display()
            ))
        };
        assert!(twice
            .link()
            .unwrap_err()
            .to_string()
            .contains("given twice"));
    }

    #[test]
    fn the_urls_other_parameters_are_kept() {
        let (url, mode, root) = split_tls_params(
            "postgres://t@h/f?connect_timeout=2&sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem",
        )
        .unwrap();
        assert_eq!(url, "postgres://t@h/f?connect_timeout=2");
        assert_eq!(mode.as_deref(), Some("verify-full"));
        assert_eq!(root, Some(PathBuf::from("/etc/ca.pem")));
    }

    #[test]
    fn a_password_is_read_only_from_a_file_its_owner_alone_reads() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("floor-password");
        std::fs::write(&file, "s3cret\n").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        let access = StoreAccess {
            password_file: Some(file.clone()),
            ..StoreAccess::url("postgres://t@127.0.0.1/f")
        };
        let e = access.link().unwrap_err().to_string();
        assert!(e.contains("mode 640") && e.contains("chmod 600"), "{e}");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = access.link().unwrap();
        assert_eq!(link.config().get_password(), Some(&b"s3cret"[..]));
        assert!(!format!("{link:?}").contains("s3cret"));
        let twice = StoreAccess {
            password_file: Some(file),
            ..StoreAccess::url("postgres://t:other@127.0.0.1/f")
        };
        assert!(twice.link().unwrap_err().to_string().contains("twice"));
    }

    #[test]
    fn a_url_holding_a_password_must_be_in_a_private_file() {
        let dir = tempfile::tempdir().unwrap();
        let toml = dir.path().join("table.toml");
        std::fs::write(&toml, "[table]\n").unwrap();
        std::fs::set_permissions(&toml, std::fs::Permissions::from_mode(0o644)).unwrap();
        let access = StoreAccess {
            url_file: Some(toml.clone()),
            ..StoreAccess::url("postgres://t:pw@127.0.0.1/f")
        };
        let e = access.link().unwrap_err().to_string();
        assert!(e.contains("table.toml") && e.contains("chmod 600"), "{e}");
        // Without a password in it, the file may be read by the table's group.
        let plain = StoreAccess {
            url_file: Some(toml.clone()),
            ..StoreAccess::url("postgres://t@127.0.0.1/f")
        };
        assert!(plain.link().is_ok());
        std::fs::set_permissions(&toml, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(access.link().is_ok());
    }

    #[test]
    fn the_password_may_come_from_the_services_credentials() {
        let dir = tempfile::tempdir().unwrap();
        let access = StoreAccess::url("postgres://t@127.0.0.1/f");
        assert_eq!(
            access
                .clone()
                .with_credentials(Some(dir.path()))
                .password_file,
            None
        );
        let cred = dir.path().join(PASSWORD_CREDENTIAL);
        std::fs::write(&cred, "pw\n").unwrap();
        std::fs::set_permissions(&cred, std::fs::Permissions::from_mode(0o400)).unwrap();
        let with = access.with_credentials(Some(dir.path()));
        assert_eq!(with.password_file.as_deref(), Some(cred.as_path()));
        assert_eq!(
            with.link().unwrap().config().get_password(),
            Some(&b"pw"[..])
        );
    }
}
