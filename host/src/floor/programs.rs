//! What program each table runs, as the floor knows it (program verification,
//! GLI-24): every table logs a program record at every start
//! ([`crate::records::program`]); the ingest keeps each table's latest in
//! `floor_programs` (`take`, in the shipment's transaction, under the table's own
//! login), and the floor's owner keeps the list of approved binaries
//! (`floor_approved_programs`: [`Store::approve`], [`Store::revoke`]).
//!
//! The alert "table T runs a program the floor has not approved" is computed as the
//! floor reads ([`Store::programs`]), never a row a table raises: a table running a
//! program it should not is the very table that would not raise it. Approving the
//! hash clears it; revoking the hash raises it again.
//!
//! The floor believes a table's program row only once the record it names checks
//! as the store holds it: chained to the record before it and signed by the table's
//! key. The store's guard (migration 0007) keeps the row equal to a program record
//! of the table, and its chain guard (0003) keeps that record in the chain, but
//! PostgreSQL cannot check an Ed25519 signature: a table's login writing a record
//! straight into the store could chain one of its own making. Such a program is
//! shown as forged ([`ProgramAlert::Forged`]), not as what the table runs.

use super::error::FloorError;
use super::store::Store;
use crate::records::handlog::{Entry, PublicKey, SealedRecord, Seq, GENESIS_HASH};
use crate::records::program::Sha256Digest;
use crate::records::time::WallTime;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// A table's latest program, as the floor reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProgramStatus {
    /// The program record it was read from.
    pub seq: u64,
    /// The program's version.
    pub version: String,
    /// SHA-256 of its binary.
    pub binary: Sha256Digest,
    /// SHA-256 of its configuration files.
    pub config: Sha256Digest,
    /// Whether the floor has approved this binary.
    pub approved: bool,
    /// Whether the record checks as the store holds it: chained to the one before
    /// it and signed by the table's key.
    pub verified: bool,
}

/// Why a table's program needs the floor's look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProgramAlert {
    /// The table runs a binary the floor has not approved.
    Unapproved,
    /// The table's program record does not check: what it runs is not known.
    Forged,
}

impl ProgramStatus {
    /// The alert this program raises, if any: a record that does not check first
    /// (its digests are not the table's word), then a binary not approved.
    pub fn alert(&self) -> Option<ProgramAlert> {
        if !self.verified {
            Some(ProgramAlert::Forged)
        } else if !self.approved {
            Some(ProgramAlert::Unapproved)
        } else {
            None
        }
    }
}

/// A program alert of one table, for the lists of alerts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProgramAlertLine {
    /// The table.
    pub table_id: String,
    /// What.
    pub kind: ProgramAlert,
    /// The program record concerned.
    pub seq: u64,
    /// The binary's digest it names.
    pub binary: Sha256Digest,
}

impl fmt::Display for ProgramAlertLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ProgramAlert::Unapproved => write!(
                f,
                "table {} runs a program the floor has not approved (binary sha256 {}, record {}): inspect it, then `tablectl floor approve {}`",
                self.table_id, self.binary, self.seq, self.binary
            ),
            ProgramAlert::Forged => write!(
                f,
                "table {}'s program record {} does not check (not chained or not signed by the table's key): what it runs is not known; inspect the table (`tablectl verify-program`)",
                self.table_id, self.seq
            ),
        }
    }
}

/// A binary the floor approved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Approved {
    /// Its digest.
    pub binary: Sha256Digest,
    /// What the floor noted (the version, the inspection's reference).
    pub note: String,
    /// Who approved it (the store's login).
    pub by: String,
    /// When, by the store's clock.
    pub at_ms: WallTime,
}

/// The longest note kept with an approval.
pub const MAX_NOTE_CHARS: usize = 500;

/// Keeps the last program record of `taken` (a shipment's records, checked and
/// about to be inserted by the same transaction) as the table's program. A record
/// whose payload does not read is left out: the table's audit names it.
pub(super) fn take(
    tx: &mut impl postgres::GenericClient,
    statement: &postgres::Statement,
    table_id: &str,
    taken: &[&SealedRecord],
) -> Result<(), FloorError> {
    let last = taken.iter().rev().find_map(|r| match r.entry() {
        Ok(e) => match e.entry {
            Entry::Program {
                version,
                binary,
                config,
            } => Some((r, version, binary, config)),
            _ => None,
        },
        Err(_) => None,
    });
    let Some((r, version, binary, config)) = last else {
        return Ok(());
    };
    let seq = i64::try_from(r.seq.0).unwrap_or(i64::MAX);
    let at = r.at.as_bigint();
    tx.execute(
        statement,
        &[
            &table_id,
            &seq,
            &version,
            &binary.to_string(),
            &config.to_string(),
            &at,
        ],
    )?;
    Ok(())
}

/// The table's program row, its latest program record.
pub(super) const UPSERT_PROGRAM: &str =
    "INSERT INTO floor_programs (table_id, seq, version, binary_hash, config_hash, at_ms)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (table_id) DO UPDATE SET seq = EXCLUDED.seq, version = EXCLUDED.version,
         binary_hash = EXCLUDED.binary_hash, config_hash = EXCLUDED.config_hash,
         at_ms = EXCLUDED.at_ms";

/// Whether `record`, the store's record of `table_id` named by its program row, is
/// the program record the row says, chained to `prev` (the hash of the record
/// before it; `None` when the store holds none) and signed by `key`.
fn checks(
    record: &SealedRecord,
    prev: Option<[u8; 32]>,
    key: &PublicKey,
    table_id: &str,
    row: &ProgramStatus,
) -> bool {
    let prev = match (record.seq.0, prev) {
        (1, _) => GENESIS_HASH,
        (_, Some(p)) => p,
        (_, None) => return false,
    };
    let same = matches!(
        record.entry().map(|e| e.entry),
        Ok(Entry::Program { version, binary, config })
            if version == row.version && binary == row.binary && config == row.config
    );
    same && record.links(&prev) && record.is_signed(key, table_id)
}

/// 32 bytes from a column, if it holds them.
fn bytes32(v: Option<Vec<u8>>) -> Option<[u8; 32]> {
    v.and_then(|b| b.try_into().ok())
}

impl Store {
    /// Each table's latest program, checked (module docs), by table id.
    pub fn programs(&mut self) -> Result<BTreeMap<String, ProgramStatus>, FloorError> {
        let rows = self.client().query(
            "SELECT p.table_id, p.seq, p.version, p.binary_hash, p.config_hash, t.public_key,
                    EXISTS (SELECT 1 FROM floor_approved_programs a
                            WHERE a.binary_hash = p.binary_hash),
                    r.at_ms, r.kind, r.payload, r.hand, r.hash, r.sig, b.hash
             FROM floor_programs p
             JOIN floor_tables t ON t.table_id = p.table_id
             LEFT JOIN records r ON r.table_id = p.table_id AND r.seq = p.seq AND r.at_ms = p.at_ms
             LEFT JOIN records b ON b.table_id = p.table_id AND b.seq = p.seq - 1
             ORDER BY p.table_id",
            &[],
        )?;
        let mut out = BTreeMap::new();
        for r in &rows {
            let table_id: String = r.get(0);
            let bad =
                |what: &str| FloorError::BadStoreRow(format!("table {table_id}'s program: {what}"));
            let mut status = ProgramStatus {
                seq: u64::try_from(r.get::<_, i64>(1)).unwrap_or(0),
                version: r.get(2),
                binary: r.get::<_, String>(3).parse().map_err(|_| bad("binary"))?,
                config: r
                    .get::<_, String>(4)
                    .parse()
                    .map_err(|_| bad("configuration"))?,
                approved: r.get(6),
                verified: false,
            };
            let key: Option<PublicKey> = r.get::<_, String>(5).parse().ok();
            let record = match (r.get::<_, Option<i64>>(7), bytes32(r.get(11))) {
                (Some(at), Some(hash)) => {
                    let sig: Option<Vec<u8>> = r.get(12);
                    sig.and_then(|s| s.try_into().ok()).map(|sig| SealedRecord {
                        seq: Seq(status.seq),
                        at: WallTime::from_bigint(at),
                        kind: r.get(8),
                        payload: r.get(9),
                        hand: r
                            .get::<_, Option<i32>>(10)
                            .and_then(|h| u32::try_from(h).ok()),
                        hash,
                        sig,
                    })
                }
                _ => None,
            };
            status.verified = match (record, key) {
                (Some(record), Some(key)) => {
                    checks(&record, bytes32(r.get(13)), &key, &table_id, &status)
                }
                _ => false,
            };
            out.insert(table_id, status);
        }
        Ok(out)
    }

    /// The program alerts of every table, by table id.
    pub fn program_alerts(&mut self) -> Result<Vec<ProgramAlertLine>, FloorError> {
        Ok(alert_lines(&self.programs()?))
    }

    /// Approves the binary `binary` with `note` (run as the store's owner): tables
    /// running it raise no alert. Whether it was not approved before.
    pub fn approve(&mut self, binary: &Sha256Digest, note: &str) -> Result<bool, FloorError> {
        let note: String = note.chars().take(MAX_NOTE_CHARS).collect();
        let added = self.client().execute(
            "INSERT INTO floor_approved_programs (binary_hash, note) VALUES ($1, $2)
             ON CONFLICT (binary_hash) DO NOTHING",
            &[&binary.to_string(), &note],
        )?;
        Ok(added == 1)
    }

    /// Withdraws the approval of `binary` (run as the store's owner): tables running
    /// it raise the alert again. Whether it was approved.
    pub fn revoke(&mut self, binary: &Sha256Digest) -> Result<bool, FloorError> {
        let removed = self.client().execute(
            "DELETE FROM floor_approved_programs WHERE binary_hash = $1",
            &[&binary.to_string()],
        )?;
        Ok(removed == 1)
    }

    /// The approved binaries, oldest approval first.
    pub fn approved(&mut self) -> Result<Vec<Approved>, FloorError> {
        let rows = self.client().query(
            "SELECT binary_hash, note, approved_by::text,
                    (extract(epoch FROM approved_at) * 1000)::bigint
             FROM floor_approved_programs ORDER BY approved_at, binary_hash",
            &[],
        )?;
        rows.iter()
            .map(|r| {
                Ok(Approved {
                    binary: r.get::<_, String>(0).parse().map_err(|_| {
                        FloorError::BadStoreRow("an approved binary's digest".into())
                    })?,
                    note: r.get(1),
                    by: r.get(2),
                    at_ms: WallTime::from_bigint(r.get(3)),
                })
            })
            .collect()
    }
}

/// The alerts of `programs`, by table id.
pub fn alert_lines(programs: &BTreeMap<String, ProgramStatus>) -> Vec<ProgramAlertLine> {
    programs
        .iter()
        .filter_map(|(id, p)| {
            p.alert().map(|kind| ProgramAlertLine {
                table_id: id.clone(),
                kind,
                seq: p.seq,
                binary: p.binary,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::handlog::{AuditLog, HandLog, Record, TableKey};
    use crate::records::program::ProgramId;

    fn program(binary: &[u8]) -> ProgramId {
        ProgramId {
            version: "0.1.0".into(),
            binary: Sha256Digest::of(binary),
            config: Sha256Digest::of(b"config"),
        }
    }

    /// Table T9's log: a note, then a program record; both sealed as stored.
    fn sealed(key: &TableKey) -> Vec<SealedRecord> {
        let dir = tempfile::tempdir().unwrap();
        let (mut log, _) = HandLog::open(dir.path(), "T9", key).unwrap();
        log.append(
            WallTime::from_unix_millis(1),
            Record::Note { text: "n".into() },
        )
        .unwrap();
        log.append(
            WallTime::from_unix_millis(2),
            Record::Program {
                program: program(b"tablectl"),
            },
        )
        .unwrap();
        AuditLog::open(dir.path())
            .unwrap()
            .sealed_after(Seq(0), 10)
            .unwrap()
    }

    fn row(p: &ProgramId) -> ProgramStatus {
        ProgramStatus {
            seq: 2,
            version: p.version.clone(),
            binary: p.binary,
            config: p.config,
            approved: false,
            verified: false,
        }
    }

    #[test]
    fn a_program_record_checks_only_chained_signed_and_as_the_row_says() {
        let key = TableKey::from_seed([1; 32]);
        let records = sealed(&key);
        let honest = row(&program(b"tablectl"));
        let prev = Some(records[0].hash);
        assert!(checks(&records[1], prev, &key.public(), "T9", &honest));
        // Another table's key or id, no record before it, another row.
        let other = TableKey::from_seed([2; 32]).public();
        assert!(!checks(&records[1], prev, &other, "T9", &honest));
        assert!(!checks(&records[1], prev, &key.public(), "T8", &honest));
        assert!(!checks(&records[1], None, &key.public(), "T9", &honest));
        assert!(!checks(
            &records[1],
            prev,
            &key.public(),
            "T9",
            &row(&program(b"x"))
        ));
        // A forger's record chained to the honest one, not signed by the table.
        let forged_log = sealed(&TableKey::from_seed([9; 32]));
        let mut forged = forged_log[1].clone();
        forged.payload = forged.payload.replace(
            &honest.binary.to_string(),
            &Sha256Digest::of(b"x").to_string(),
        );
        assert!(!checks(
            &forged,
            prev,
            &key.public(),
            "T9",
            &row(&program(b"x"))
        ));
        // A note is not a program record.
        assert!(!checks(&records[0], None, &key.public(), "T9", &honest));
    }

    #[test]
    fn the_alert_is_forged_before_unapproved_and_none_once_approved() {
        let mut p = row(&program(b"tablectl"));
        assert_eq!(p.alert(), Some(ProgramAlert::Forged));
        p.verified = true;
        assert_eq!(p.alert(), Some(ProgramAlert::Unapproved));
        p.approved = true;
        assert_eq!(p.alert(), None);
        let mut all = BTreeMap::new();
        all.insert("T1".to_string(), p.clone());
        p.approved = false;
        all.insert("T2".to_string(), p);
        let lines = alert_lines(&all);
        assert_eq!(lines.len(), 1);
        let text = lines[0].to_string();
        assert!(
            text.starts_with("table T2 runs a program the floor has not approved")
                && text.contains("tablectl floor approve "),
            "{text}"
        );
    }
}
