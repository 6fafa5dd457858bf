//! What the floor's live page shows, read from the store: each table's game and
//! stakes (its configuration record), its last hand, the dealer's last input and
//! when, its backlog and last shipment, its program's digests, and its open alerts
//! (a program the floor has not approved among them); and a finished hand's
//! timeline. A hand in progress has no timeline here: its hole cards stay hidden
//! until it is over.

use super::error::FloorError;
use super::live::LiveHand;
use super::presence::{Presence, KNOWN_TABLES};
use super::programs::{ProgramAlertLine, ProgramStatus};
use super::store::{Alert, Store};
use crate::records::handlog::{PublicKey, RunFault, SealedRecord, Seq, ShippedRun, TimelineEntry};
use crate::records::time::WallTime;
use serde::Serialize;

/// How far back from a table's head the last input is looked for.
const LAST_INPUT_WINDOW: i64 = 200;

/// One table on the floor's page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableLine {
    /// The table.
    pub table_id: String,
    /// Game, limit and blinds, from its configuration.
    pub game: String,
    /// The last hand's number, if one was dealt.
    pub hand: Option<u32>,
    /// Whether that hand is over.
    pub hand_over: bool,
    /// Its pot once awarded.
    pub pot: Option<u64>,
    /// The hand in progress: its pot and whose turn (filled by the floor service from
    /// the engine, [`super::live`]).
    pub live: Option<LiveHand>,
    /// The dealer's last input, in the log's words, its card hidden.
    pub last_input: Option<String>,
    /// Its time (the table's wall clock).
    pub last_input_ms: Option<WallTime>,
    /// Seconds since it, by the table's clock against the store's.
    pub seconds_since_input: Option<f64>,
    /// The last record the store took.
    pub head_seq: u64,
    /// Records the table held unshipped at its last shipment.
    pub backlog: u64,
    /// Seconds since its last shipment.
    pub seconds_since_shipment: Option<f64>,
    /// Whether it is running, closed, silent or never connected ([`Presence`]).
    pub presence: Presence,
    /// Its hands with a misdeal, a correction, an over-pot bet or a bad tag.
    pub flagged_hands: u64,
    /// The floor service found its records as the store holds them changed
    /// ([`super::live`]): its hand, pot and last input are not shown as fact.
    pub unverified: bool,
    /// Its latest program and configuration digests, approved or not
    /// ([`super::programs`]); `None` before it shipped a program record.
    pub program: Option<ProgramStatus>,
}

/// The room: every table and the open alerts.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Room {
    /// The tables, by id.
    pub tables: Vec<TableLine>,
    /// Alerts not cleared, newest first.
    pub alerts: Vec<Alert>,
    /// The tables whose program needs a look: not approved, or its record forged.
    pub program_alerts: Vec<ProgramAlertLine>,
}

/// Game, limit and blinds from a configuration record's payload.
fn game_of(payload: Option<&str>) -> String {
    let Some(v) = payload.and_then(|p| serde_json::from_str::<serde_json::Value>(p).ok()) else {
        return "-".to_string();
    };
    let s = &v["settings"];
    ["game", "limit", "blinds"]
        .iter()
        .filter_map(|k| s[k].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The input of an input record's payload, its card hidden: the room's page shows
/// the dealer's last input while a hand may be in progress, and a card dealt, burned,
/// thrown or ruled premature is nobody's business until the hand is over (its
/// timeline shows it). Only the verb is kept of those.
fn input_of(payload: Option<&str>) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(payload?).ok()?;
    let text = v["input"].as_str()?;
    let verb = text.split_whitespace().next().unwrap_or_default();
    Some(if matches!(verb, "deal" | "burn" | "discard" | "ruling") {
        verb.to_string()
    } else {
        text.to_string()
    })
}

impl Store {
    /// The room as it stands.
    pub fn room(&mut self) -> Result<Room, FloorError> {
        let rows = self.client().query(
            &format!(
                "SELECT b.table_id, coalesce(t.head_seq, 0), coalesce(t.backlog, 0),
                    extract(epoch FROM now() - t.shipped_at)::float8,
                    h.number, h.end_ms IS NOT NULL, h.pot,
                    (SELECT payload FROM records r WHERE r.table_id = t.table_id AND r.seq = 1),
                    i.payload,
                    extract(epoch FROM now())::float8 * 1000 - i.at_ms, i.at_ms,
                    (SELECT count(*) FROM hands f WHERE f.table_id = t.table_id
                      AND (f.corrections > 0 OR f.misdeals > 0 OR f.over_pot > 0 OR f.bad_tags > 0
                           OR f.rulings > 0)),
                    extract(epoch FROM now() - t.seen_at)::float8, t.closed_at IS NOT NULL
             FROM {KNOWN_TABLES}
             LEFT JOIN floor_tables t ON t.table_id = b.table_id
             LEFT JOIN LATERAL (SELECT number, end_ms, pot FROM hands
                                WHERE table_id = t.table_id ORDER BY number DESC LIMIT 1) h ON true
             LEFT JOIN LATERAL (SELECT payload, at_ms FROM records
                                WHERE table_id = t.table_id AND kind = 'input'
                                  AND seq > t.head_seq - $1
                                ORDER BY seq DESC LIMIT 1) i ON true
             ORDER BY b.table_id"
            ),
            &[&LAST_INPUT_WINDOW],
        )?;
        let mut programs = self.programs()?;
        let program_alerts = super::programs::alert_lines(&programs);
        let tables = rows
            .iter()
            .map(|r| TableLine {
                program: programs.remove(&r.get::<_, String>(0)),
                table_id: r.get(0),
                head_seq: u64::try_from(r.get::<_, i64>(1)).unwrap_or(0),
                backlog: u64::try_from(r.get::<_, i64>(2)).unwrap_or(0),
                seconds_since_shipment: r.get(3),
                hand: r
                    .get::<_, Option<i32>>(4)
                    .and_then(|n| u32::try_from(n).ok()),
                hand_over: r.get::<_, Option<bool>>(5).unwrap_or(false),
                pot: r
                    .get::<_, Option<i64>>(6)
                    .and_then(|p| u64::try_from(p).ok()),
                game: game_of(r.get::<_, Option<String>>(7).as_deref()),
                last_input: input_of(r.get::<_, Option<String>>(8).as_deref()),
                seconds_since_input: r.get::<_, Option<f64>>(9).map(|ms| ms / 1000.0),
                last_input_ms: r
                    .get::<_, Option<i64>>(10)
                    .and_then(|ms| u64::try_from(ms).ok())
                    .map(WallTime::from_unix_millis),
                flagged_hands: u64::try_from(r.get::<_, i64>(11)).unwrap_or(0),
                presence: Presence::of(r.get(12), r.get(13)),
                live: None,
                unverified: false,
            })
            .collect();
        Ok(Room {
            tables,
            alerts: self.alerts(false)?,
            program_alerts,
        })
    }

    /// Hand `number` of `table_id`, once it is over: its records as the floor reads
    /// them, only once they check ([`ShippedRun`]). They are read by number from the
    /// hand's first record (with the record before it, whose hash the first one
    /// covers) to its last: each must chain to the one before, sit in the hand the
    /// records place it in (the hand index is not covered by the chain), the last
    /// must close the hand and carry the table's signature, which vouches for them
    /// all. The store's guard can be switched off by its owner: a hand whose records
    /// do not check is refused, not shown as fact.
    pub fn finished_hand(&mut self, table_id: &str, number: u32) -> Result<HandView, FloorError> {
        let n = i32::try_from(number).unwrap_or(i32::MAX);
        let over = self.client().query_opt(
            "SELECT end_ms IS NOT NULL FROM hands WHERE table_id = $1 AND number = $2",
            &[&table_id, &n],
        )?;
        if over.is_none_or(|r| !r.get::<_, bool>(0)) {
            return Ok(HandView::NotOver);
        }
        let span = self.client().query_one(
            "SELECT min(seq), max(seq) FROM records WHERE table_id = $1 AND hand = $2",
            &[&table_id, &n],
        )?;
        let (Some(first), Some(last)) =
            (span.get::<_, Option<i64>>(0), span.get::<_, Option<i64>>(1))
        else {
            return Ok(HandView::NotOver);
        };
        let (first, last) = (unsigned(first), unsigned(last));
        let before = first.saturating_sub(1);
        let after = before.saturating_sub(1);
        let read = self.records_after(
            table_id,
            after,
            usize::try_from(last - after).unwrap_or(usize::MAX),
        )?;
        let key = self.table(table_id)?.key;
        Ok(
            match checked_hand(table_id, key, number, before, last, &read) {
                Ok(entries) => HandView::Shown(entries),
                Err(fault) => HandView::Refused(fault),
            },
        )
    }
}

fn unsigned(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// What the floor's hand page shows of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandView {
    /// No such hand, or not over: its hole cards stay hidden.
    NotOver,
    /// Its records, checked.
    Shown(Vec<TimelineEntry>),
    /// Its records as the store holds them do not check: what is wrong, first.
    Refused(RunFault),
}

/// Hand `number`'s entries from `read`: record `before` (none when 0) and the
/// hand's records up to `last`, checked as [`Store::finished_hand`] says.
fn checked_hand(
    table_id: &str,
    key: PublicKey,
    number: u32,
    before: u64,
    last: u64,
    read: &[SealedRecord],
) -> Result<Vec<TimelineEntry>, RunFault> {
    let (mut run, rest) = match read.split_first() {
        _ if before == 0 => (ShippedRun::from_start(table_id, key), read),
        Some((prev, rest)) if prev.seq.0 == before => {
            (ShippedRun::after(table_id, key, prev.seq, prev.hash), rest)
        }
        _ => {
            return Err(RunFault {
                seq: Seq(before),
                detail: "the store does not hold the record before the hand".to_string(),
            })
        }
    };
    let mut entries = Vec::new();
    for r in rest {
        let (entry, hand) = run.push(r)?;
        if hand == Some(number) {
            entries.push(entry);
        }
    }
    run.finish()?;
    let end = rest.last().map_or(before, |r| r.seq.0);
    if end != last || run.in_hand() {
        return Err(RunFault {
            seq: Seq(end),
            detail: format!(
                "the hand's records as the store's hand index gives them stop before hand {number} was paid: the index was changed"
            ),
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_and_the_input_read_from_their_payloads() {
        let config =
            r#"{"v":2,"table_id":"T","settings":{"game":"omaha","limit":"pl","blinds":"5/10"}}"#;
        assert_eq!(game_of(Some(config)), "omaha pl 5/10");
        assert_eq!(game_of(Some("not json")), "-");
        assert_eq!(
            input_of(Some(r#"{"v":2,"input":"fold","events":[]}"#)).as_deref(),
            Some("fold")
        );
        assert_eq!(input_of(None), None);
        for card in ["deal Jd", "burn 5h", "discard Ac", "ruling premature 2 Kc"] {
            let payload = format!(r#"{{"v":2,"input":"{card}","events":[]}}"#);
            let shown = input_of(Some(&payload)).unwrap();
            assert_eq!(shown, card.split(' ').next().unwrap());
        }
    }
}
