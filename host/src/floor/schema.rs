//! The store's schema, kept in the repository as numbered SQL files
//! (`migrations/NNNN_*.sql`) and applied at start: every missing version in order,
//! all in one transaction under an advisory lock, each recorded in `schema_version`.
//! Many tables and the floor service may start at once; the lock makes one apply and
//! the others find it done.

use super::error::FloorError;
use postgres::Client;

/// The migrations, in order: (version, SQL).
const MIGRATIONS: &[(i32, &str)] = &[
    (1, include_str!("migrations/0001_store.sql")),
    (2, include_str!("migrations/0002_rulings.sql")),
    (3, include_str!("migrations/0003_guard.sql")),
    (4, include_str!("migrations/0004_least_privilege.sql")),
    (5, include_str!("migrations/0005_award_overrides.sql")),
    (6, include_str!("migrations/0006_closed_tables.sql")),
    (7, include_str!("migrations/0007_programs.sql")),
    (8, include_str!("migrations/0008_tournaments.sql")),
];

/// The newest schema version this program knows.
pub const SCHEMA_VERSION: i32 = 8;

/// The advisory lock key that serializes migrations (any constant; this one spells
/// "floor").
const MIGRATION_LOCK: i64 = 0x0066_6c6f_6f72;

/// Brings the store's schema up to [`SCHEMA_VERSION`]; gives the version it found.
/// A store newer than this program is refused and left as it is. A store already up
/// to date is only read: a table's shipper, whose role may create nothing, connects
/// to a store the floor service has migrated.
pub fn migrate(client: &mut Client) -> Result<i32, FloorError> {
    let found = version(client)?;
    if found == SCHEMA_VERSION {
        return Ok(found);
    }
    // Said before trying: a table's login may create nothing, and would otherwise
    // be told "permission denied for schema public".
    not_newer(found)?;
    apply(client).map_err(|e| match e {
        // A login that may not migrate (a table's, a reader's) on an older store:
        // the owner migrates it.
        FloorError::Database(m) if m.starts_with("permission denied") => FloorError::OlderSchema {
            found,
            needed: SCHEMA_VERSION,
        },
        e => e,
    })
}

/// The missing migrations, applied in one transaction under the migration lock; the
/// version found.
fn apply(client: &mut Client) -> Result<i32, FloorError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version integer PRIMARY KEY,
             applied_at timestamptz NOT NULL DEFAULT now()
         )",
    )?;
    let found: i32 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM schema_version", &[])?
        .get(0);
    not_newer(found)?;
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > found) {
        tx.batch_execute(sql)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[version],
        )?;
    }
    tx.commit()?;
    Ok(found)
}

/// Checks, without changing anything, that the store's schema is the one this
/// program needs: what a reader of a read replica does, where nothing can be
/// written and the primary is migrated by `tablectl floor migrate`.
pub fn check(client: &mut Client) -> Result<(), FloorError> {
    let found = version(client)?;
    not_newer(found)?;
    if found < SCHEMA_VERSION {
        return Err(FloorError::OlderSchema {
            found,
            needed: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Refuses a store whose schema (version `found`) is newer than this program's.
fn not_newer(found: i32) -> Result<(), FloorError> {
    if found > SCHEMA_VERSION {
        return Err(FloorError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// The store's schema version, 0 for a store never migrated; reads only.
fn version(client: &mut Client) -> Result<i32, FloorError> {
    match client.query_opt("SELECT coalesce(max(version), 0) FROM schema_version", &[]) {
        Ok(row) => Ok(row.map_or(0, |r| r.get(0))),
        // No schema_version table: a store never migrated.
        Err(e) if e.code() == Some(&postgres::error::SqlState::UNDEFINED_TABLE) => Ok(0),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migrations_are_numbered_in_order_up_to_the_version() {
        let versions: Vec<i32> = MIGRATIONS.iter().map(|(v, _)| *v).collect();
        let expected: Vec<i32> = (1..=SCHEMA_VERSION).collect();
        assert_eq!(versions, expected);
    }
}
