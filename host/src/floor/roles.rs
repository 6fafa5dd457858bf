//! The store's logins, made by its owner (migration `0004_least_privilege.sql`): a
//! table's own role, bound to its id so that it reads and writes that table's rows
//! and no other (`tablectl floor add-table`), and the floor's readers, who read every
//! table (`tablectl floor add-reader`: `floor serve` and the audits).
//!
//! Each login gets a strong random password, written to a new file only its owner
//! may read (mode 0600; an existing file is never overwritten). The server is sent
//! only the password's SCRAM-SHA-256 verifier, so the password itself is in no
//! statement the server could log. The role's name goes into `CREATE ROLE` quoted by
//! the server (`format('%I')`): an id is never spliced into SQL.

use super::error::FloorError;
use postgres::Client;
use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The role every table's login is a member of (its rights: the migrations).
pub const TABLE_ROLE: &str = "floor_table";
/// The role of the floor service's and the audits' logins.
pub const READER_ROLE: &str = "floor_reader";
/// The role of the tournament director's logins: makes tournaments and writes their
/// events (migration `0008_tournaments.sql`), nothing else.
pub const DIRECTOR_ROLE: &str = "floor_director";
/// A table's login is this followed by its id (`T1`: `table_t1`).
pub const TABLE_ROLE_PREFIX: &str = "table_";
/// The longest role name PostgreSQL keeps (NAMEDATALEN - 1 bytes): a longer one
/// would be cut, and two tables could end up with one name.
pub const MAX_ROLE_NAME: usize = 63;
/// Random bytes of a new password (256 bits), written as hex.
pub const PASSWORD_BYTES: usize = 32;
/// Connections one table's login may hold at once: its shipper holds one, an audit
/// or a restart one more. A taken controller cannot use up the server's connections
/// and lock every other table out.
pub const TABLE_CONNECTION_LIMIT: i32 = 4;

/// Why a login could not be made. Nothing is changed when one is returned.
#[derive(Debug)]
pub enum RoleError {
    /// The role name cannot be used as given.
    BadName(String),
    /// The connected role does not own the store.
    NotOwner(String),
    /// The store's owner may not create roles.
    CannotCreateRoles(String),
    /// The table id is already bound to a role.
    TableBound {
        /// The table.
        table_id: String,
        /// Its role.
        role: String,
    },
    /// The role is already bound to a table.
    RoleBound {
        /// The role.
        role: String,
        /// Its table.
        table_id: String,
    },
    /// A role of that name exists.
    RoleExists(String),
    /// The password file exists.
    FileExists(PathBuf),
    /// The password file cannot be written.
    File(PathBuf, std::io::Error),
    /// The system's random generator failed.
    Random(getrandom::Error),
    /// The store refused or cannot be reached.
    Store(FloorError),
}

impl fmt::Display for RoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoleError::BadName(why) => write!(f, "{why}"),
            RoleError::NotOwner(who) => write!(
                f,
                "{who} does not own the floor's store: run this as the role that migrates it"
            ),
            RoleError::CannotCreateRoles(who) => write!(
                f,
                "{who} may not create roles: have the database's administrator grant it CREATEROLE"
            ),
            RoleError::TableBound { table_id, role } => write!(
                f,
                "table {table_id} is already bound to role {role}: it ships under that login"
            ),
            RoleError::RoleBound { role, table_id } => {
                write!(f, "role {role} is already bound to table {table_id}")
            }
            RoleError::RoleExists(role) => write!(
                f,
                "role {role} exists already: name another with --role, or bind it by hand (docs/floor.md, \"Setting up a floor\")"
            ),
            RoleError::FileExists(path) => write!(
                f,
                "{}: the file exists, and a password file is never overwritten: give another --password-file",
                path.display()
            ),
            RoleError::File(path, e) => write!(f, "{}: cannot write: {e}", path.display()),
            RoleError::Random(e) => write!(f, "no random password: {e}"),
            RoleError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RoleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoleError::File(_, e) => Some(e),
            RoleError::Store(e) => Some(e),
            _ => None,
        }
    }
}

impl From<FloorError> for RoleError {
    fn from(e: FloorError) -> RoleError {
        RoleError::Store(e)
    }
}

impl From<postgres::Error> for RoleError {
    fn from(e: postgres::Error) -> RoleError {
        RoleError::Store(e.into())
    }
}

/// A login made: its role and where its password is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLogin {
    /// The role to log in as.
    pub role: String,
    /// The file holding its password (mode 0600).
    pub password_file: PathBuf,
}

/// The login role of table `table_id`: `table_` and the id in lower case, each
/// character other than a letter, digit or `_` made `_` (`T-1`: `table_t_1`), so the
/// name needs no quoting in the floor's own SQL. Two ids that come out the same are
/// told apart by `--role` (the second is refused: the role exists).
pub fn table_role_name(table_id: &str) -> Result<String, RoleError> {
    if table_id.is_empty() {
        return Err(RoleError::BadName("a table id is needed".into()));
    }
    let name: String = TABLE_ROLE_PREFIX
        .chars()
        .chain(table_id.chars().map(|c| match c {
            'a'..='z' | '0'..='9' | '_' => c,
            'A'..='Z' => c.to_ascii_lowercase(),
            _ => '_',
        }))
        .collect();
    check_name(&name)?;
    Ok(name)
}

/// A role name PostgreSQL keeps as given.
fn check_name(name: &str) -> Result<(), RoleError> {
    if name.is_empty() || name.len() > MAX_ROLE_NAME || name.chars().any(char::is_control) {
        return Err(RoleError::BadName(format!(
            "role {name:?}: a role name is 1 to {MAX_ROLE_NAME} bytes with no control character: name one with --role"
        )));
    }
    Ok(())
}

/// Makes table `table_id`'s login (`role`, or [`table_role_name`]) a member of
/// [`TABLE_ROLE`], its password in `password_file` (or `ROLE.password` in the
/// working folder), and binds the id to it. `client` must be the store's owner.
pub fn add_table(
    client: &mut Client,
    table_id: &str,
    role: Option<&str>,
    password_file: Option<&Path>,
) -> Result<NewLogin, RoleError> {
    let role = match role {
        Some(r) => r.to_string(),
        None => table_role_name(table_id)?,
    };
    add_login(client, &role, TABLE_ROLE, password_file, Some(table_id))
}

/// Makes a reader's login `name` (a member of [`READER_ROLE`]: reads every table,
/// raises alerts, clears none), its password in `password_file` (or
/// `NAME.password`). `client` must be the store's owner.
pub fn add_reader(
    client: &mut Client,
    name: &str,
    password_file: Option<&Path>,
) -> Result<NewLogin, RoleError> {
    add_login(client, name, READER_ROLE, password_file, None)
}

/// Makes a tournament director's login `name` (a member of [`DIRECTOR_ROLE`]:
/// makes tournaments and writes their events, reads no table's records), its
/// password in `password_file` (or `NAME.password`). `client` must be the store's
/// owner.
pub fn add_director(
    client: &mut Client,
    name: &str,
    password_file: Option<&Path>,
) -> Result<NewLogin, RoleError> {
    add_login(client, name, DIRECTOR_ROLE, password_file, None)
}

/// The login `role` in `member_of`, bound to `table_id` when one is given, all in
/// one transaction committed only once its password file is written.
fn add_login(
    client: &mut Client,
    role: &str,
    member_of: &str,
    password_file: Option<&Path>,
    table_id: Option<&str>,
) -> Result<NewLogin, RoleError> {
    check_name(role)?;
    let path = password_file.map_or_else(
        || PathBuf::from(format!("{role}.password")),
        Path::to_path_buf,
    );
    if path.exists() {
        return Err(RoleError::FileExists(path));
    }
    let mut tx = client.transaction()?;
    let who = tx.query_one(
        "SELECT current_user::text, pg_has_role(current_user, c.relowner, 'USAGE'),
                r.rolsuper OR r.rolcreaterole
         FROM pg_class c, pg_roles r
         WHERE c.oid = 'floor_table_roles'::regclass AND r.rolname = current_user",
        &[],
    )?;
    let me: String = who.get(0);
    if !who.get::<_, bool>(1) {
        return Err(RoleError::NotOwner(me));
    }
    if !who.get::<_, bool>(2) {
        return Err(RoleError::CannotCreateRoles(me));
    }
    if let Some(table_id) = table_id {
        if let Some(r) = tx.query_opt(
            "SELECT role_name::text FROM floor_table_roles WHERE table_id = $1",
            &[&table_id],
        )? {
            return Err(RoleError::TableBound {
                table_id: table_id.to_string(),
                role: r.get(0),
            });
        }
    }
    if let Some(r) = tx.query_opt(
        "SELECT table_id FROM floor_table_roles WHERE role_name = $1::text::name",
        &[&role],
    )? {
        return Err(RoleError::RoleBound {
            role: role.to_string(),
            table_id: r.get(0),
        });
    }
    if tx
        .query_opt(
            "SELECT 1 FROM pg_roles WHERE rolname = $1::text::name",
            &[&role],
        )?
        .is_some()
    {
        return Err(RoleError::RoleExists(role.to_string()));
    }
    let password = new_password()?;
    let verifier = postgres_protocol::password::scram_sha_256(password.as_bytes());
    let limit = if table_id.is_some() {
        TABLE_CONNECTION_LIMIT
    } else {
        -1
    };
    let create: String = tx
        .query_one(
            "SELECT format('CREATE ROLE %I LOGIN PASSWORD %L CONNECTION LIMIT %s IN ROLE %I',
                           $1::text, $2::text, $3::int, $4::text)",
            &[&role, &verifier, &limit, &member_of],
        )?
        .get(0);
    tx.batch_execute(&create)?;
    if let Some(table_id) = table_id {
        tx.execute(
            "INSERT INTO floor_table_roles (table_id, role_name) VALUES ($1, $2::text::name)",
            &[&table_id, &role],
        )?;
    }
    write_password(&path, &password)?;
    if let Err(e) = tx.commit() {
        // The role was not made: its password file would name no login.
        let _ = std::fs::remove_file(&path);
        return Err(e.into());
    }
    Ok(NewLogin {
        role: role.to_string(),
        password_file: path,
    })
}

/// A new password from the system's random generator, as hex (safe in a URL).
fn new_password() -> Result<String, RoleError> {
    let mut bytes = [0u8; PASSWORD_BYTES];
    getrandom::fill(&mut bytes).map_err(RoleError::Random)?;
    Ok(crate::records::handlog::hex(&bytes))
}

/// Writes `password` and a newline to the new file `path`, mode 0600 from its
/// creation (never an existing file), synced.
fn write_password(path: &Path, password: &str) -> Result<(), RoleError> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    let mut f = o.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => RoleError::FileExists(path.to_path_buf()),
        _ => RoleError::File(path.to_path_buf(), e),
    })?;
    let written = f
        .write_all(format!("{password}\n").as_bytes())
        .and_then(|()| f.sync_all());
    if let Err(e) = written {
        let _ = std::fs::remove_file(path);
        return Err(RoleError::File(path.to_path_buf(), e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tables_role_is_named_after_its_id_in_plain_lower_case() {
        assert_eq!(table_role_name("T1").unwrap(), "table_t1");
        assert_eq!(table_role_name("Pit-2.a").unwrap(), "table_pit_2_a");
        assert_eq!(
            table_role_name("x\"; DROP ROLE floor").unwrap(),
            "table_x___drop_role_floor"
        );
        assert!(matches!(table_role_name(""), Err(RoleError::BadName(_))));
        // A 64-character id (the longest `--table-id` takes) does not fit a name.
        assert!(matches!(
            table_role_name(&"x".repeat(64)),
            Err(RoleError::BadName(_))
        ));
        assert!(table_role_name(&"x".repeat(MAX_ROLE_NAME - TABLE_ROLE_PREFIX.len())).is_ok());
    }

    #[test]
    fn a_password_file_is_new_and_only_its_owner_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.password");
        let password = new_password().unwrap();
        assert_eq!(password.len(), 2 * PASSWORD_BYTES);
        write_password(&path, &password).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{password}\n")
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(matches!(
            write_password(&path, "other"),
            Err(RoleError::FileExists(_))
        ));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{password}\n")
        );
        assert_ne!(new_password().unwrap(), password);
    }
}
