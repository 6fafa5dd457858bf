//! The floor's store: one PostgreSQL database holding every table's hand log. This
//! file connects to it and reads and writes a table's row (its key and signed head)
//! and the alerts; `ingest.rs` takes records in, `hands.rs` answers the audits.

use super::error::FloorError;
use super::link::StoreLink;
use super::presence::{Presence, KNOWN_TABLES};
use crate::records::handlog::{hex, PublicKey, Seq, SignedHead, Trust, GENESIS_HASH};
use crate::records::time::WallTime;
use hardware::cause::Cause;
use postgres::{Client, Config, Statement};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long connecting may take before the store counts as unreachable.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// The longest one statement may run: a store that stalls is dropped and dialled
/// again rather than holding a shipment forever.
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(15);
/// [`STATEMENT_TIMEOUT`] as the server's option (PostgreSQL reads it in ms).
fn statement_timeout() -> String {
    format!("-c statement_timeout={}", STATEMENT_TIMEOUT.as_millis())
}
/// TCP keepalive: a cut network shows within about this long.
const KEEPALIVE_IDLE: Duration = Duration::from_secs(5);

/// What the store found wrong with a table's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    /// A record arrived after the table's head with records missing between.
    Gap,
    /// A record differs from the one the store holds with its number, or the table's
    /// log no longer holds the store's head: rewritten.
    Fork,
    /// A record does not chain to the one before it: changed, inserted or reordered.
    BrokenLink,
    /// A record's signature is not the table's key's.
    BadSignature,
    /// The table came with another key than the one the store knows it by.
    KeyChanged,
    /// The table's log is shorter than what it already shipped: rolled back.
    RolledBack,
    /// The table's moves or bust-outs differ from its tournament director's log
    /// (the floor's checks, `tablectl tournament audit`): the records are kept as
    /// signed, and flagged.
    Tournament,
}

impl AlertKind {
    /// The word stored in `alerts.kind`.
    pub fn word(self) -> &'static str {
        match self {
            AlertKind::Gap => "gap",
            AlertKind::Fork => "fork",
            AlertKind::BrokenLink => "broken_link",
            AlertKind::BadSignature => "bad_signature",
            AlertKind::KeyChanged => "key_changed",
            AlertKind::RolledBack => "rolled_back",
            AlertKind::Tournament => "tournament",
        }
    }
}

impl fmt::Display for AlertKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AlertKind::Gap => "records missing",
            AlertKind::Fork => "log rewritten (fork)",
            AlertKind::BrokenLink => "record changed (broken chain)",
            AlertKind::BadSignature => "bad signature",
            AlertKind::KeyChanged => "another key",
            AlertKind::RolledBack => "log rolled back",
            AlertKind::Tournament => "differs from the tournament director's log",
        })
    }
}

/// An alert: the table, what, at which record, and the details.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Alert {
    /// Its id in the store (0 before it is stored).
    pub id: i64,
    /// The table.
    pub table_id: String,
    /// What was found (`alerts.kind`).
    pub kind: String,
    /// The record concerned (0: none).
    pub seq: u64,
    /// What exactly.
    pub detail: String,
    /// Whether the floor has cleared it.
    pub cleared: bool,
}

impl fmt::Display for Alert {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "table {}: {} at record {}: {}",
            self.table_id, self.kind, self.seq, self.detail
        )
    }
}

/// A table as the store knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The key its log is signed with.
    pub key: PublicKey,
    /// The last record taken.
    pub head_seq: Seq,
    /// Its chain hash ([`GENESIS_HASH`] before the first).
    pub head_hash: [u8; 32],
    /// The signed head at it, when there is a record.
    pub head: Option<SignedHead>,
    /// Records the table had not shipped at its last batch.
    pub backlog: u64,
}

/// A table as the floor's list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableStatus {
    /// The table.
    pub table_id: String,
    /// The last record the store took.
    pub head_seq: u64,
    /// Records the table held unshipped at its last shipment.
    pub backlog: u64,
    /// Seconds since its last shipment took records or said what was left
    /// (`None`: never).
    pub seconds_since_shipment: Option<f64>,
    /// Seconds since the store last heard from it, a keep-alive included (`None`:
    /// never).
    pub seconds_since_seen: Option<f64>,
    /// Whether it is running, closed, silent or never connected.
    pub presence: Presence,
    /// Alerts not cleared.
    pub open_alerts: u64,
    /// Its latest program, if it shipped a program record.
    pub program: Option<super::programs::ProgramStatus>,
}

/// The store, connected.
pub struct Store {
    client: Client,
    /// Days (of the tables' clocks) whose month's partition of `records` is known
    /// to exist.
    days: HashSet<u64>,
    /// The shipping path's statements, prepared once on this connection
    /// ([`Store::prepared`]).
    statements: HashMap<String, Statement>,
}

/// The connection settings of `url`, with this program's timeouts where the URL sets
/// none.
pub fn config(url: &str) -> Result<Config, FloorError> {
    let mut config = Config::from_str(url).map_err(FloorError::BadUrl)?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    // The URL's own server options (`options=-c ...`) are kept, the timeout added.
    let timeout = statement_timeout();
    let options = match config.get_options() {
        Some(own) if !own.trim().is_empty() => format!("{own} {timeout}"),
        _ => timeout,
    };
    config
        .keepalives(true)
        .keepalives_idle(KEEPALIVE_IDLE)
        .options(&options)
        .application_name("tablectl");
    Ok(config)
}

/// A refused registration in the floor's words: the id not given to this login
/// (0004's trigger refuses it as `insufficient_privilege`).
fn not_given(table_id: &str, e: postgres::Error) -> FloorError {
    match e.as_db_error() {
        Some(db) if *db.code() == postgres::error::SqlState::INSUFFICIENT_PRIVILEGE => {
            FloorError::TableNotGiven {
                table_id: table_id.to_string(),
                detail: db.message().to_string(),
            }
        }
        _ => e.into(),
    }
}

/// 32 bytes from a column, or the row's error.
fn hash32(bytes: &[u8], what: &str) -> Result<[u8; 32], FloorError> {
    bytes
        .try_into()
        .map_err(|_| FloorError::BadStoreRow(format!("{what} is not 32 bytes")))
}

impl Store {
    /// Connects to the store over `link` and brings its schema up to date.
    pub fn connect(link: &StoreLink) -> Result<Store, FloorError> {
        let mut client = link.connect()?;
        super::schema::migrate(&mut client)?;
        Ok(Store {
            client,
            days: HashSet::new(),
            statements: HashMap::new(),
        })
    }

    /// Connects to the store at `url` ([`Store::connect`]).
    pub fn open(url: &str) -> Result<Store, FloorError> {
        Store::connect(&StoreLink::parse(url)?)
    }

    /// Connects to the store at `url` to read it only (an audit, the floor's pages on
    /// a read replica): its schema is checked ([`super::schema::check`]), never
    /// changed.
    pub fn open_to_read(url: &str) -> Result<Store, FloorError> {
        Store::connect_to_read(&StoreLink::parse(url)?)
    }

    /// Connects to the store over `link` to read it only ([`Store::open_to_read`]).
    pub fn connect_to_read(link: &StoreLink) -> Result<Store, FloorError> {
        let mut client = link.connect()?;
        super::schema::check(&mut client)?;
        Ok(Store {
            client,
            days: HashSet::new(),
            statements: HashMap::new(),
        })
    }

    /// Brings the store at `url` to this program's schema: (the version found, the
    /// version now).
    pub fn migrate(url: &str) -> Result<(i32, i32), FloorError> {
        let mut client = StoreLink::parse(url)?.connect()?;
        let found = super::schema::migrate(&mut client)?;
        Ok((found, super::schema::SCHEMA_VERSION))
    }

    /// What the floor brings to `tablectl audit verify` of table `table_id`'s log:
    /// the key the store knows it by, and the store's signed head as the anchor (a
    /// local log shorter than it, or forked from it, is reported).
    pub fn trust(&mut self, table_id: &str) -> Result<Trust, FloorError> {
        let row = self.table(table_id)?;
        Ok(Trust {
            public_key: Some(row.key),
            anchor: row.head,
            secret: None,
        })
    }

    /// The connection, for the audits ([`super::hands::list`]).
    pub fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    /// `sql` prepared once on this connection: the server parses and plans it once,
    /// and each shipment saves the round trip of preparing it again (a statement
    /// passed as text is prepared at every use).
    pub(super) fn prepared(&mut self, sql: &str) -> Result<Statement, FloorError> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.statements.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }

    /// Every table the store knows, with where it stands, by id: those that
    /// shipped, and those the owner bound (`floor add-table`) that never did.
    pub fn tables(&mut self) -> Result<Vec<TableStatus>, FloorError> {
        let rows = self.client.query(
            &format!(
                "SELECT b.table_id, coalesce(t.head_seq, 0), coalesce(t.backlog, 0),
                        extract(epoch FROM now() - t.shipped_at)::float8,
                        extract(epoch FROM now() - t.seen_at)::float8,
                        t.closed_at IS NOT NULL,
                        (SELECT count(*) FROM alerts a
                          WHERE a.table_id = b.table_id AND a.cleared_at IS NULL)
                 FROM {KNOWN_TABLES} LEFT JOIN floor_tables t ON t.table_id = b.table_id
                 ORDER BY b.table_id"
            ),
            &[],
        )?;
        let mut programs = self.programs()?;
        Ok(rows
            .iter()
            .map(|r| TableStatus {
                program: programs.remove(&r.get::<_, String>(0)),
                table_id: r.get(0),
                head_seq: u64::try_from(r.get::<_, i64>(1)).unwrap_or(0),
                backlog: u64::try_from(r.get::<_, i64>(2)).unwrap_or(0),
                seconds_since_shipment: r.get(3),
                seconds_since_seen: r.get(4),
                presence: Presence::of(r.get(4), r.get(5)),
                open_alerts: u64::try_from(r.get::<_, i64>(6)).unwrap_or(0),
            })
            .collect())
    }

    /// Whether the connection is gone (the store stopped or the network cut).
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// Makes sure the month partitions for these times exist (outside any shipment's
    /// transaction).
    pub(super) fn ensure_months(&mut self, times: &[WallTime]) -> Result<(), FloorError> {
        /// Checked once a day of the table's clock: a day lies in one month.
        const DAY_MS: u64 = 24 * 3600 * 1000;
        for &at in times {
            let t = at.unix_millis();
            if self.days.insert(t / DAY_MS) {
                let at = at.as_bigint();
                if let Err(e) = self
                    .client
                    .execute("SELECT floor_month_partition($1)", &[&at])
                {
                    self.days.remove(&(t / DAY_MS));
                    return Err(e.into());
                }
            }
        }
        Ok(())
    }

    /// Registers table `table_id` with `key` if the store does not know it; gives the
    /// table's row. A known table with another key raises an alert and is refused.
    pub fn register(&mut self, table_id: &str, key: &PublicKey) -> Result<TableRow, FloorError> {
        self.client
            .execute(
                "INSERT INTO floor_tables (table_id, public_key, head_hash) VALUES ($1, $2, $3)
                 ON CONFLICT (table_id) DO NOTHING",
                &[&table_id, &key.to_string(), &&GENESIS_HASH[..]],
            )
            .map_err(|e| not_given(table_id, e))?;
        let row = match self.table(table_id) {
            // Row-level security hides a row bound to another login (0004).
            Err(FloorError::UnknownTable(_)) => {
                return Err(FloorError::TableNotGiven {
                    table_id: table_id.to_string(),
                    detail: "another login ships it".into(),
                })
            }
            other => other?,
        };
        if row.key != *key {
            let detail = format!(
                "the store knows this table by key {}, the table now signs with {key}",
                row.key
            );
            self.raise(table_id, AlertKind::KeyChanged, Seq(0), &detail)?;
            return Err(FloorError::Database(Cause::said(detail)));
        }
        Ok(row)
    }

    /// The store's row of `table_id`.
    pub fn table(&mut self, table_id: &str) -> Result<TableRow, FloorError> {
        let row = self
            .client
            .query_opt(
                "SELECT public_key, head_seq, head_hash, head_sig, backlog FROM floor_tables
                 WHERE table_id = $1",
                &[&table_id],
            )?
            .ok_or_else(|| FloorError::UnknownTable(table_id.to_string()))?;
        table_row(table_id, &row)
    }

    /// Every table the store knows, by id.
    pub fn table_ids(&mut self) -> Result<Vec<String>, FloorError> {
        Ok(self
            .client
            .query("SELECT table_id FROM floor_tables ORDER BY table_id", &[])?
            .iter()
            .map(|r| r.get(0))
            .collect())
    }

    /// Records an alert (once per table, kind and record).
    pub fn raise(
        &mut self,
        table_id: &str,
        kind: AlertKind,
        seq: Seq,
        detail: &str,
    ) -> Result<(), FloorError> {
        raise(&mut self.client, table_id, kind, seq, detail)
    }

    /// The alerts not cleared, newest first (all of them with `cleared`).
    pub fn alerts(&mut self, cleared: bool) -> Result<Vec<Alert>, FloorError> {
        let rows = self.client.query(
            "SELECT id, table_id, kind, seq, detail, cleared_at IS NOT NULL FROM alerts
             WHERE $1 OR cleared_at IS NULL ORDER BY id DESC",
            &[&cleared],
        )?;
        Ok(rows
            .iter()
            .map(|r| Alert {
                id: r.get(0),
                table_id: r.get(1),
                kind: r.get(2),
                seq: u64::try_from(r.get::<_, i64>(3)).unwrap_or(0),
                detail: r.get(4),
                cleared: r.get(5),
            })
            .collect())
    }

    /// Clears alert `id`; whether there was such an alert not yet cleared.
    pub fn clear_alert(&mut self, id: i64) -> Result<bool, FloorError> {
        Ok(self.client.execute(
            "UPDATE alerts SET cleared_at = now() WHERE id = $1 AND cleared_at IS NULL",
            &[&id],
        )? == 1)
    }

    /// How many records of `table_id` the store holds, and how many distinct numbers
    /// they have (equal when nothing is doubled).
    pub fn count(&mut self, table_id: &str) -> Result<(u64, u64), FloorError> {
        let r = self.client.query_one(
            "SELECT count(*), count(DISTINCT seq) FROM records WHERE table_id = $1",
            &[&table_id],
        )?;
        let n = |i| u64::try_from(r.get::<_, i64>(i)).unwrap_or(0);
        Ok((n(0), n(1)))
    }
}

/// A table's row from `SELECT public_key, head_seq, head_hash, head_sig, backlog`.
pub(super) fn table_row(table_id: &str, row: &postgres::Row) -> Result<TableRow, FloorError> {
    let key: PublicKey = row
        .get::<_, String>(0)
        .parse()
        .map_err(|_| FloorError::BadStoreRow(format!("table {table_id}'s key does not read")))?;
    let head_seq = Seq(u64::try_from(row.get::<_, i64>(1)).unwrap_or(0));
    let head_hash = hash32(row.get(2), "the head's hash")?;
    let sig: Option<Vec<u8>> = row.get(3);
    let head = match (&sig, head_seq.0) {
        (Some(sig), 1..) => Some(SignedHead {
            table_id: table_id.to_string(),
            seq: head_seq,
            hash: hex(&head_hash),
            key: key.to_string(),
            sig: hex(sig),
        }),
        _ => None,
    };
    Ok(TableRow {
        key,
        head_seq,
        head_hash,
        head,
        backlog: u64::try_from(row.get::<_, i64>(4)).unwrap_or(0),
    })
}

/// Records an alert on any connection or transaction: once while it is open (an
/// alert cleared never swallows a new one: `alerts_open_once`).
pub(super) fn raise(
    client: &mut impl postgres::GenericClient,
    table_id: &str,
    kind: AlertKind,
    seq: Seq,
    detail: &str,
) -> Result<(), FloorError> {
    let seq = i64::try_from(seq.0).unwrap_or(i64::MAX);
    client.execute(
        "INSERT INTO alerts (table_id, kind, seq, detail) VALUES ($1, $2, $3, $4)
         ON CONFLICT (table_id, kind, seq) WHERE cleared_at IS NULL DO NOTHING",
        &[&table_id, &kind.word(), &seq, &detail],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_urls_own_server_options_are_kept_beside_the_timeout() {
        let plain = config("postgres://u@127.0.0.1:5432/floor").unwrap();
        assert_eq!(plain.get_options(), Some(statement_timeout().as_str()));
        assert_eq!(plain.get_connect_timeout(), Some(&CONNECT_TIMEOUT));
        let replica = config(
            "postgres://u@127.0.0.1:5432/floor?options=-c%20default_transaction_read_only%3Don",
        )
        .unwrap();
        let options = replica.get_options().unwrap_or_default();
        assert!(
            options.contains("default_transaction_read_only=on")
                && options.contains("statement_timeout"),
            "{options}"
        );
        assert!(matches!(config("mysql:nope"), Err(FloorError::BadUrl(_))));
    }
}
