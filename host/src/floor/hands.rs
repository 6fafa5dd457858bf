//! The hands of every table in the store: one row each, counted from its records as
//! they arrive by the same code as the table's own `tablectl audit list`
//! ([`HandSummary::begin`], [`HandSummary::take`]), and the floor's audits over them.

use super::error::FloorError;
use crate::records::handlog::{HandFilter, HandFlags, HandSummary, Seq, TimelineEntry};
use crate::records::time::WallTime;
use firmware::{Chips, SeatNo};
use postgres::GenericClient;
use serde::Serialize;
use std::collections::BTreeMap;

/// The columns of `hands` after `table_id`, in the order [`summary`] reads them.
const COLUMNS: &str = "number, start_ms, end_ms, last_ms, seats, pot, rake, corrections, \
                       misdeals, over_pot, bad_tags, refusals, records, first_seq, last_seq, \
                       rulings, overrides";

/// A hand in the floor's store: its table and its summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FloorHand {
    /// The table.
    pub table_id: String,
    /// The hand, as `tablectl audit list` shows it.
    #[serde(flatten)]
    pub hand: HandSummary,
}

fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn big(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn unsigned(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn count(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// A hand's summary from a row selected as [`COLUMNS`] (from column `at` on).
fn summary(r: &postgres::Row, at: usize) -> HandSummary {
    let seats: Vec<i16> = r.get(at + 4);
    HandSummary {
        number: count(r.get(at)),
        start_ms: WallTime::from_bigint(r.get(at + 1)),
        end_ms: r.get::<_, Option<i64>>(at + 2).map(WallTime::from_bigint),
        last_ms: WallTime::from_bigint(r.get(at + 3)),
        seats: seats
            .into_iter()
            .filter_map(|s| SeatNo::new(u8::try_from(s).ok()?))
            .collect(),
        pot: r
            .get::<_, Option<i64>>(at + 5)
            .map(|p| Chips::new(unsigned(p))),
        rake: Chips::new(unsigned(r.get(at + 6))),
        flags: HandFlags {
            corrections: count(r.get(at + 7)),
            misdeals: count(r.get(at + 8)),
            over_pot: count(r.get(at + 9)),
            bad_tags: count(r.get(at + 10)),
            refusals: count(r.get(at + 11)),
            rulings: count(r.get(at + 15)),
            overrides: count(r.get(at + 16)),
        },
        records: unsigned(r.get(at + 12)),
        first_seq: Seq(unsigned(r.get(at + 13))),
        last_seq: Seq(unsigned(r.get(at + 14))),
    }
}

/// The statements [`take`] runs, prepared once on the store's connection.
pub(super) struct HandStatements {
    select: postgres::Statement,
    upsert: postgres::Statement,
}

/// Prepares [`take`]'s statements (once per connection: [`super::store::Store::prepared`]).
pub(super) fn prepare(store: &mut super::store::Store) -> Result<HandStatements, FloorError> {
    Ok(HandStatements {
        select: store.prepared(&format!(
            "SELECT {COLUMNS} FROM hands WHERE table_id = $1 AND number = ANY($2)"
        ))?,
        upsert: store.prepared(&format!(
            "INSERT INTO hands (table_id, {COLUMNS}) VALUES
             ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
             ON CONFLICT (table_id, number) DO UPDATE SET
             start_ms = EXCLUDED.start_ms, end_ms = EXCLUDED.end_ms, last_ms = EXCLUDED.last_ms,
             seats = EXCLUDED.seats, pot = EXCLUDED.pot, rake = EXCLUDED.rake,
             corrections = EXCLUDED.corrections, misdeals = EXCLUDED.misdeals,
             over_pot = EXCLUDED.over_pot, bad_tags = EXCLUDED.bad_tags,
             refusals = EXCLUDED.refusals, records = EXCLUDED.records,
             first_seq = EXCLUDED.first_seq, last_seq = EXCLUDED.last_seq,
             rulings = EXCLUDED.rulings, overrides = EXCLUDED.overrides"
        ))?,
    })
}

/// Counts `records` (each with its hand) into the store's hands of `table_id`, in
/// the caller's transaction.
pub(super) fn take(
    tx: &mut impl GenericClient,
    statements: &HandStatements,
    table_id: &str,
    records: &[(u32, TimelineEntry)],
) -> Result<(), FloorError> {
    if records.is_empty() {
        return Ok(());
    }
    let mut numbers: Vec<i32> = records.iter().map(|(n, _)| int(*n)).collect();
    numbers.dedup();
    let mut hands: BTreeMap<u32, HandSummary> = tx
        .query(&statements.select, &[&table_id, &numbers])?
        .iter()
        .map(|r| {
            let h = summary(r, 0);
            (h.number, h)
        })
        .collect();
    for (number, entry) in records {
        hands
            .entry(*number)
            .or_insert_with(|| HandSummary::begin(*number, entry))
            .take(entry);
    }
    for h in hands.values() {
        let seats: Vec<i16> = h.seats.iter().map(|s| i16::from(s.get())).collect();
        tx.execute(
            &statements.upsert,
            &[
                &table_id,
                &int(h.number),
                &h.start_ms.as_bigint(),
                &h.end_ms.map(WallTime::as_bigint),
                &h.last_ms.as_bigint(),
                &seats,
                &h.pot.map(|p| big(p.get())),
                &big(h.rake.get()),
                &int(h.flags.corrections),
                &int(h.flags.misdeals),
                &int(h.flags.over_pot),
                &int(h.flags.bad_tags),
                &int(h.flags.refusals),
                &big(h.records),
                &big(h.first_seq.0),
                &big(h.last_seq.0),
                &int(h.flags.rulings),
                &int(h.flags.overrides),
            ],
        )?;
    }
    Ok(())
}

/// The hands that pass `filter` (of one table, or of all), by table and number: the
/// same conditions as [`HandFilter::matches`], asked of the store's indexes.
pub fn list(
    client: &mut impl GenericClient,
    table_id: Option<&str>,
    filter: &HandFilter,
) -> Result<Vec<FloorHand>, FloorError> {
    let seat = filter.seat.map(|s| i16::from(s.get()));
    let rows = client.query(
        &format!(
            "SELECT table_id, {COLUMNS} FROM hands WHERE
             ($1::text IS NULL OR table_id = $1)
             AND ($2::bigint IS NULL OR coalesce(end_ms, last_ms) >= $2)
             AND ($3::bigint IS NULL OR start_ms <= $3)
             AND ($4::smallint IS NULL OR seats @> ARRAY[$4::smallint])
             AND ($5::bigint IS NULL OR coalesce(pot, 0) > $5)
             AND (NOT $6 OR corrections > 0) AND (NOT $7 OR misdeals > 0)
             AND (NOT $8 OR over_pot > 0) AND (NOT $9 OR bad_tags > 0)
             AND (NOT $10 OR rulings > 0) AND (NOT $11 OR overrides > 0)
             ORDER BY table_id, number"
        ),
        &[
            &table_id,
            &filter.from_ms.map(WallTime::as_bigint),
            &filter.to_ms.map(WallTime::as_bigint),
            &seat,
            &filter.pot_over.map(|p| big(p.get())),
            &filter.corrections,
            &filter.misdeals,
            &filter.over_pot,
            &filter.bad_tags,
            &filter.rulings,
            &filter.overrides,
        ],
    )?;
    Ok(rows
        .iter()
        .map(|r| FloorHand {
            table_id: r.get(0),
            hand: summary(r, 1),
        })
        .collect())
}
