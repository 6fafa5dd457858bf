//! Audits across tables from the floor's store, by the same code as a table's own:
//! the rake and drop of each table per shift ([`rake_report`], as `tablectl audit
//! rake`), and PHH hand histories of any set of hands ([`export_records`], as
//! `tablectl audit export`), read back from the shipped records.

use super::error::FloorError;
use super::hands::{list, FloorHand};
use super::store::Store;
use crate::records::export::{export_records, ExportError};
use crate::records::handlog::{rake_report, HandFilter, RakeReport, RunFault, Seq, ShippedRun};
use crate::records::phh::HandHistory;
use crate::records::time::WallTime;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// One table's rake report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRake {
    /// The table.
    pub table_id: String,
    /// Its hours and totals, as `tablectl audit rake` gives them.
    #[serde(flatten)]
    pub report: RakeReport,
}

/// Each table's hands paid between `from_ms` (included) and `to_ms` (excluded), hour
/// by hour: hands, pots and rake, by table.
pub fn rake(
    store: &mut Store,
    from_ms: Option<WallTime>,
    to_ms: Option<WallTime>,
) -> Result<Vec<TableRake>, FloorError> {
    // A hand paid in the span was still going at its start and had started by its
    // end (the store's indexes narrow on both); the report keeps those paid in it.
    let filter = HandFilter {
        from_ms,
        to_ms,
        ..HandFilter::default()
    };
    let mut by_table: BTreeMap<String, Vec<_>> = BTreeMap::new();
    for h in list(store.client(), None, &filter)? {
        by_table.entry(h.table_id).or_default().push(h.hand);
    }
    Ok(by_table
        .into_iter()
        .map(|(table_id, hands)| TableRake {
            table_id,
            report: rake_report(&hands, from_ms, to_ms),
        })
        .filter(|t| t.report.total.hands > 0)
        .collect())
}

/// Why the floor's hands could not be exported.
#[derive(Debug)]
pub enum FloorExportError {
    /// The store could not be read.
    Store(FloorError),
    /// A table's shipped records do not export (they replay as its log's do).
    Table(String, ExportError),
    /// A table's shipped records hold no configuration.
    NoConfig(String),
    /// A table's shipped records do not check (chain, hand index or signature): the
    /// store's copy was changed, and nothing of it is exported.
    Unverified(String, RunFault),
}

impl fmt::Display for FloorExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FloorExportError::Store(e) => write!(f, "{e}"),
            FloorExportError::Table(t, e) => write!(f, "table {t}: {e}"),
            FloorExportError::NoConfig(t) => write!(
                f,
                "table {t}: the store holds no configuration record of it; check its shipping"
            ),
            FloorExportError::Unverified(t, e) => write!(
                f,
                "REFUSED, table {t}'s records as the store holds them do not verify, nothing is exported: {e}; export the hands from the table's own log (`tablectl audit export`) and call the floor"
            ),
        }
    }
}

/// The cause kept whole, for whoever reads the chain (a log, a test).
impl std::error::Error for FloorExportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FloorExportError::Store(e) => Some(e),
            FloorExportError::Table(_, e) => Some(e),
            FloorExportError::Unverified(_, e) => Some(e),
            _ => None,
        }
    }
}

impl From<FloorError> for FloorExportError {
    fn from(e: FloorError) -> Self {
        FloorExportError::Store(e)
    }
}

/// The finished hands among `hands` as PHH hand histories, by table: each table's
/// shipped records checked from its first ([`ShippedRun`]: chained, each where the
/// records place it, the last signed with the key the store knows the table by)
/// and replayed, as the table's own export does. A table whose records do not check
/// is refused: its store copy was changed (the guard switched off by the owner).
pub fn export(
    store: &mut Store,
    hands: &[FloorHand],
) -> Result<Vec<(String, Vec<HandHistory>)>, FloorExportError> {
    let mut wanted: BTreeMap<&str, Vec<&FloorHand>> = BTreeMap::new();
    for h in hands.iter().filter(|h| h.hand.end_ms.is_some()) {
        wanted.entry(h.table_id.as_str()).or_default().push(h);
    }
    let mut out = Vec::with_capacity(wanted.len());
    for (table_id, hands) in wanted {
        let last = hands.iter().map(|h| h.hand.last_seq.0).max().unwrap_or(0);
        let sealed =
            store.records_after(table_id, 0, usize::try_from(last).unwrap_or(usize::MAX))?;
        let key = store.table(table_id)?.key;
        let unverified = |e| FloorExportError::Unverified(table_id.to_string(), e);
        let mut run = ShippedRun::from_start(table_id, key);
        let mut config = None;
        let mut records = Vec::with_capacity(sealed.len());
        for r in &sealed {
            let (entry, hand) = run.push(r).map_err(unverified)?;
            if config.is_none() {
                config = r
                    .config()
                    .map_err(|e| FloorError::BadStoreRow(format!("record {}: {e}", r.seq.0)))?;
            }
            records.push((hand, entry));
        }
        run.finish().map_err(unverified)?;
        if sealed.last().map(|r| r.seq.0) != Some(last) {
            return Err(unverified(RunFault {
                seq: Seq(last),
                detail: "the store does not hold it, though its hand's row names it".to_string(),
            }));
        }
        let cfg = config.ok_or_else(|| FloorExportError::NoConfig(table_id.to_string()))?;
        let numbers: Vec<u32> = hands.iter().map(|h| h.hand.number).collect();
        let histories = export_records(cfg, table_id, &records, &numbers)
            .map_err(|e| FloorExportError::Table(table_id.to_string(), e))?;
        out.push((table_id.to_string(), histories));
    }
    Ok(out)
}

/// Bytes of the raw id's SHA-256 put after a name that had to be made safe.
const NAME_HASH_BYTES: usize = 8;

/// The file a table's exported hands go in: `TABLE.phhs`, the id's characters that
/// are not letters, digits, `-` or `_` as `_` (a table id is free text; a file name
/// must stay in the folder asked for). An id changed so (or empty) also gets `~` and
/// a short hash of itself, so two ids that differ only in such characters (`T 1`,
/// `T/1`) never write one file; `~` is never kept from an id, so no id left as it
/// is can take such a name either.
pub fn file_name(table_id: &str) -> String {
    let safe: String = table_id
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe == table_id && !safe.is_empty() {
        return format!("{safe}.phhs");
    }
    use sha2::Digest;
    use std::fmt::Write;
    let mut name = safe;
    name.push('~');
    for b in sha2::Sha256::digest(table_id.as_bytes())
        .iter()
        .take(NAME_HASH_BYTES)
    {
        let _ = write!(name, "{b:02x}");
    }
    name.push_str(".phhs");
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_id_makes_a_file_name_in_the_folder() {
        assert_eq!(file_name("T-1_a"), "T-1_a.phhs");
        assert_eq!(file_name("стол3"), "стол3.phhs");
        for id in ["../etc/x", "стол 3", "T 1", "T/1", "T_1~", ""] {
            let name = file_name(id);
            assert!(!name.contains('/') && !name.starts_with('.'), "{name}");
            assert!(name.contains('~') && name.ends_with(".phhs"), "{name}");
        }
        assert!(file_name("../etc/x").starts_with("___etc_x~"));
        assert_eq!(
            file_name("T 1"),
            file_name("T 1"),
            "the same id, the same file"
        );
    }

    #[test]
    fn ids_that_differ_only_in_characters_made_safe_get_their_own_files() {
        let ids = ["T_1", "T 1", "T/1", "T.1", "T~1", "T_1~", ""];
        let names: std::collections::HashSet<String> = ids.iter().map(|i| file_name(i)).collect();
        assert_eq!(names.len(), ids.len(), "{names:?}");
        assert_eq!(file_name("T_1"), "T_1.phhs");
        assert_eq!(
            file_name("T 1").len(),
            "T_1~.phhs".len() + 2 * NAME_HASH_BYTES
        );
    }
}
