//! Whether a table is there: running (heard from lately), closed cleanly, silent
//! (not heard from: its network, its shipper or the table itself needs a look), or
//! never connected (its id bound by `tablectl floor add-table`, no shipment ever:
//! a wrong password, a wrong id, a table not installed yet).
//!
//! A running table is heard from at each shipment and, idle, by a keep-alive every
//! 10 s (`KEEP_ALIVE` in `ship.rs`; `seen_at`, migration 0006), so the floor tells an idle
//! table from a dead one by `seen_at`'s age, not by its last shipment's. A table that
//! stops with its whole log in the store says so (`closed_at`): it is shown closed,
//! calmly, not as an alarm; it is open again at its next start.

use super::error::FloorError;
use super::store::Store;
use serde::Serialize;

/// A running table not heard from for this long is flagged: three keep-alives
/// missed.
pub const SILENT_AFTER_S: f64 = 30.0;

/// The tables the floor knows, as a query's `FROM` (aliased `b`, its one column
/// `table_id`): those in the store and those whose id the owner bound, shipped or not.
pub(super) const KNOWN_TABLES: &str = "(SELECT table_id FROM floor_tables
     UNION SELECT table_id FROM floor_table_roles) b";

/// Where a table stands with the floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Running: heard from within [`SILENT_AFTER_S`].
    Live,
    /// Stopped with its whole log in the store.
    Closed,
    /// Running, as far as the store knows, and not heard from lately.
    Silent,
    /// Bound by the floor's owner and never heard from.
    NeverConnected,
}

impl Presence {
    /// The presence of a table last heard from `seen_s` seconds ago (`None`: never),
    /// closed or not.
    pub fn of(seen_s: Option<f64>, closed: bool) -> Presence {
        match (closed, seen_s) {
            (true, _) => Presence::Closed,
            (false, None) => Presence::NeverConnected,
            (false, Some(s)) if s > SILENT_AFTER_S => Presence::Silent,
            (false, Some(_)) => Presence::Live,
        }
    }

    /// Whether the floor should look at the table.
    pub fn needs_a_look(self) -> bool {
        matches!(self, Presence::Silent | Presence::NeverConnected)
    }
}

impl Store {
    /// Table `table_id` is running, `backlog` records to ship: heard from now, open
    /// again if it had closed (the store's clock, migration 0006).
    pub fn heard_from(&mut self, table_id: &str, backlog: u64) -> Result<(), FloorError> {
        let backlog = i64::try_from(backlog).unwrap_or(i64::MAX);
        let statement = self.prepared(
            "UPDATE floor_tables SET seen_at = now(), closed_at = NULL, backlog = $2
             WHERE table_id = $1",
        )?;
        self.client().execute(&statement, &[&table_id, &backlog])?;
        Ok(())
    }

    /// Table `table_id` closed with every record of its log in the store.
    pub fn close(&mut self, table_id: &str) -> Result<(), FloorError> {
        self.client().execute(
            "UPDATE floor_tables SET seen_at = now(), closed_at = now(), backlog = 0
             WHERE table_id = $1",
            &[&table_id],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_table_is_calm_and_a_silent_or_absent_one_needs_a_look() {
        assert_eq!(Presence::of(Some(1.0), false), Presence::Live);
        assert_eq!(Presence::of(Some(3600.0), true), Presence::Closed);
        assert_eq!(Presence::of(None, true), Presence::Closed);
        assert_eq!(
            Presence::of(Some(SILENT_AFTER_S + 1.0), false),
            Presence::Silent
        );
        assert_eq!(Presence::of(None, false), Presence::NeverConnected);
        assert!(!Presence::Closed.needs_a_look() && !Presence::Live.needs_a_look());
        assert!(Presence::Silent.needs_a_look() && Presence::NeverConnected.needs_a_look());
    }
}
