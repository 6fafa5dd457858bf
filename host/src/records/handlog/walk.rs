//! Walking the chain: every record checked in order against the one before it and
//! the head, stopping at the first problem and naming what happened there.

use super::chain::{Checker, ZERO_MAC};
use super::record::{parse_payload, Parsed};
use super::storage::{raw_row, row_at, value_bytes, HeadRow, RawRow, ROW_COLUMNS};
use super::tracker::HandTracker;
use super::verify::{problem, Problem, ProblemKind};
use firmware::{Input, TableConfig};
use rusqlite::Connection;
use std::collections::BTreeMap;

/// What the walk learned from the records that check.
#[derive(Debug, Default)]
pub(super) struct Chain {
    pub(super) last_seq: i64,
    pub(super) last_mac: [u8; 32],
    pub(super) last_ts: i64,
    pub(super) records: u64,
    pub(super) tracker: HandTracker,
    pub(super) config: Option<TableConfig>,
    pub(super) inputs: Vec<Input>,
    /// The digests of the rows recovery set aside, as the chain vouches for them.
    pub(super) set_aside: Vec<String>,
    /// Where each hand's records are, as the walk placed them: what a read of a hand
    /// is checked against, so no index decides what a hand holds.
    pub(super) hands: BTreeMap<u32, HandSpan>,
}

/// A hand's records as the walk found them: the first, the last and how many (a
/// hand's records need not be every record between its first and its last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct HandSpan {
    pub(super) first: i64,
    pub(super) last: i64,
    pub(super) records: u64,
}

/// A problem and, for a torn last record, the row to set aside.
pub(super) struct Fault {
    pub(super) problem: Problem,
    pub(super) torn: Option<RawRow>,
}

/// How much of a signed log's chain a walk checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Depth {
    /// Every record's hash, and the signatures of the last record and the head: the
    /// hashes chain every record to the last one, so its signature vouches for them
    /// all. On any failure the walk is done again at [`Depth::Every`] to name the
    /// first record concerned. What opening the table does.
    Last,
    /// Every record's hash and signature: what an audit does.
    Every,
}

/// Checks every record in order and the head. Stops at the first problem.
pub(super) fn walk(
    conn: &Connection,
    checker: &Checker,
    table_id: &str,
    head: Option<&HeadRow>,
    depth: Depth,
) -> rusqlite::Result<(Chain, Option<Fault>)> {
    let (chain, fault, last_seal) = walk_at(conn, checker, table_id, head, depth)?;
    if depth == Depth::Last {
        let sealed = fault.is_none() && checker.seal_valid(chain.last_seq, &last_seal);
        if !sealed {
            let (chain, fault, _) = walk_at(conn, checker, table_id, head, Depth::Every)?;
            return Ok((chain, fault));
        }
    }
    Ok((chain, fault))
}

/// [`walk`] at one depth; also gives the last good record's seal.
fn walk_at(
    conn: &Connection,
    checker: &Checker,
    table_id: &str,
    head: Option<&HeadRow>,
    depth: Depth,
) -> rusqlite::Result<(Chain, Option<Fault>, Vec<u8>)> {
    let mut chain = Chain::default();
    // The empty log's seal is the head's own (checked with the head).
    let mut last_seal = head
        .filter(|h| h.seq == 0)
        .map(|h| [h.mac.as_slice(), h.tag.as_slice()].concat())
        .unwrap_or_default();
    let mut failed: Option<RawRow> = None;
    {
        let mut stmt = conn.prepare(&format!("SELECT {ROW_COLUMNS} FROM records ORDER BY seq"))?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let row = raw_row(r)?;
            let expected = chain.last_seq + 1;
            if row.seq > expected {
                let detail = if row.seq == expected + 1 {
                    format!("record {expected} is missing")
                } else {
                    format!("records {expected}..={} are missing", row.seq - 1)
                };
                let fault = Fault {
                    problem: problem(expected, ProblemKind::Deleted, detail),
                    torn: None,
                };
                return Ok((chain, Some(fault), last_seal));
            }
            if row.seq < expected {
                let fault = Fault {
                    problem: problem(
                        row.seq.max(0),
                        ProblemKind::Inserted,
                        format!("a record numbered {} comes before record 1", row.seq),
                    ),
                    torn: None,
                };
                return Ok((chain, Some(fault), last_seal));
            }
            let checks = match depth {
                Depth::Every => checker.chains(&chain.last_mac, row.seq, &row),
                Depth::Last => checker.links(&chain.last_mac, row.seq, &row),
            };
            if !checks {
                failed = Some(row);
                break;
            }
            let parsed = match parse_payload(&row.kind, &row.payload) {
                Ok(p) => p,
                Err(e) => {
                    let fault = Fault {
                        problem: problem(row.seq, ProblemKind::Unreadable, e.to_string()),
                        torn: None,
                    };
                    return Ok((chain, Some(fault), last_seal));
                }
            };
            if let Parsed::Config { table_id: id, .. } = &parsed {
                if id != table_id {
                    let fault = Fault {
                        problem: problem(
                            row.seq,
                            ProblemKind::Edited,
                            format!("the meta table says table `{table_id}` but the configuration record says `{id}`: the meta table was changed"),
                        ),
                        torn: None,
                    };
                    return Ok((chain, Some(fault), last_seal));
                }
            }
            let mut tracker = chain.tracker.clone();
            let placed = tracker.place(&parsed);
            let hand = placed.map(i64::from);
            if hand != row.hand {
                let fault = Fault {
                    problem: problem(
                        row.seq,
                        ProblemKind::Edited,
                        format!(
                            "its hand index says {} but the records place it in {}",
                            hand_text(row.hand),
                            hand_text(hand)
                        ),
                    ),
                    torn: None,
                };
                return Ok((chain, Some(fault), last_seal));
            }
            chain.tracker = tracker;
            if let Some(n) = placed {
                chain
                    .hands
                    .entry(n)
                    .and_modify(|s| {
                        s.last = row.seq;
                        s.records += 1;
                    })
                    .or_insert(HandSpan {
                        first: row.seq,
                        last: row.seq,
                        records: 1,
                    });
            }
            match parsed {
                Parsed::Config { config, .. } if chain.config.is_none() => {
                    chain.config = Some(config)
                }
                Parsed::Input { input, .. } => chain.inputs.push(input),
                Parsed::Note {
                    set_aside: Some(digest),
                    ..
                } => chain.set_aside.push(digest),
                _ => {}
            }
            chain.last_seq = row.seq;
            chain.last_mac = Checker::link(&row.mac);
            chain.last_ts = row.ts;
            chain.records += 1;
            last_seal = row.mac;
        }
    }
    if let Some(row) = failed {
        let fault = classify(conn, checker, &row, &chain.last_mac, head)?;
        return Ok((chain, Some(fault), last_seal));
    }
    let fault = head_fault(checker, head, &chain);
    Ok((chain, fault, last_seal))
}

fn hand_text(h: Option<i64>) -> String {
    h.map_or_else(|| "no hand".to_string(), |h| format!("hand {h}"))
}

/// The head's verdict on a chain whose records all check.
fn head_fault(checker: &Checker, head: Option<&HeadRow>, chain: &Chain) -> Option<Fault> {
    let last = chain.last_seq;
    let next = last + 1;
    let p = |seq: i64, kind, detail: String| {
        Some(Fault {
            problem: problem(seq, kind, detail),
            torn: None,
        })
    };
    let Some(h) = head else {
        return p(
            next,
            ProblemKind::Truncated,
            format!("the head row is missing: records after {last} may have been removed"),
        );
    };
    if !checker.head_valid(h) {
        return p(
            next,
            ProblemKind::Truncated,
            format!("the head row was rewritten (its tag does not check): records after {last} may have been removed"),
        );
    }
    if h.seq > last {
        let detail = if h.seq == next {
            format!(
                "record {next} is missing: the head says the log ends at {}",
                h.seq
            )
        } else {
            format!(
                "records {next}..={} are missing: the head says the log ends at {}",
                h.seq, h.seq
            )
        };
        return p(next, ProblemKind::Truncated, detail);
    }
    if h.seq < last {
        return p(
            h.seq + 1,
            ProblemKind::Edited,
            format!(
                "the head row was replaced by an older one (it ends at {}, the records at {last})",
                h.seq
            ),
        );
    }
    if h.mac != chain.last_mac[..] {
        return p(
            last,
            ProblemKind::Edited,
            "the head's MAC is not the last record's".to_string(),
        );
    }
    None
}

/// Names what happened at the first record whose MAC fails: `row`, expected to follow
/// a record whose MAC is `prev`.
fn classify(
    conn: &Connection,
    checker: &Checker,
    row: &RawRow,
    prev: &[u8; 32],
    head: Option<&HeadRow>,
) -> rusqlite::Result<Fault> {
    let k = row.seq;
    let later: i64 = conn.query_row("SELECT count(*) FROM records WHERE seq > ?1", [k], |r| {
        r.get(0)
    })?;
    let fault = |kind, detail: String| Fault {
        problem: problem(k, kind, detail),
        torn: None,
    };
    // A torn write leaves an incomplete last record.
    if later == 0 {
        if let Err(e) = parse_payload(&row.kind, &row.payload) {
            return Ok(Fault {
                problem: problem(
                    k,
                    ProblemKind::Torn,
                    format!("the last record is incomplete ({e})"),
                ),
                torn: Some(row.clone()),
            });
        }
    }
    // Does the row check as another position's record (swapped, or copied)?
    if let Some((j, copy)) = written_as(conn, checker, row)? {
        return Ok(if copy {
            fault(ProblemKind::Inserted, format!("it is a copy of record {j}"))
        } else {
            fault(
                ProblemKind::Reordered,
                format!("it was written as record {j}: records were swapped or moved"),
            )
        });
    }
    if let Some(next) = row_at(conn, k + 1)? {
        let link = Checker::link(&row.mac);
        if checker.chains(&link, k + 1, &next) {
            return Ok(fault(
                ProblemKind::Edited,
                "its contents were changed after it was written (the next record still chains to it)".to_string(),
            ));
        }
        if checker.chains(&link, k + 2, &next) {
            return Ok(fault(
                ProblemKind::Deleted,
                format!("record {k} was deleted and the later records renumbered"),
            ));
        }
        if checker.chains(prev, k, &next) {
            return Ok(fault(
                ProblemKind::Inserted,
                format!("a record not written by the controller was put in at {k} and the later records renumbered"),
            ));
        }
    } else if later == 0 {
        let vouched = head.filter(|h| checker.head_valid(h)).map(|h| h.seq);
        if vouched == Some(k - 1) {
            return Ok(fault(
                ProblemKind::Inserted,
                format!(
                    "it was added after the last record the head vouches for ({})",
                    k - 1
                ),
            ));
        }
    }
    Ok(fault(
        ProblemKind::Edited,
        "its contents and its seal (MAC or signature) do not match".to_string(),
    ))
}

/// The position `row` was written at, if it checks as another record (and whether it
/// is a copy of the record still there). Reads the records once.
fn written_as(
    conn: &Connection,
    checker: &Checker,
    row: &RawRow,
) -> rusqlite::Result<Option<(i64, bool)>> {
    let mut stmt = conn.prepare("SELECT seq, mac FROM records ORDER BY seq")?;
    let mut rows = stmt.query([])?;
    let mut before: Option<(i64, Vec<u8>)> = None;
    while let Some(r) = rows.next()? {
        let seq: i64 = r.get(0)?;
        let mac = value_bytes(r.get_ref(1)?);
        if seq != row.seq {
            // Undo a swap of `row` with this position: the record before position
            // `seq` is the one now here when `row` was its neighbour.
            let prev = if seq == 1 {
                Some(ZERO_MAC.to_vec())
            } else if seq == row.seq + 1 {
                Some(Checker::link(&mac).to_vec())
            } else {
                before
                    .as_ref()
                    .filter(|(s, _)| *s == seq - 1)
                    .map(|(_, m)| Checker::link(m).to_vec())
            };
            if let Some(prev) = prev {
                if checker.chains(&prev, seq, row) {
                    return Ok(Some((seq, mac == row.mac)));
                }
            }
        }
        before = Some((seq, mac));
    }
    Ok(None)
}
