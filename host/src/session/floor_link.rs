//! How a table's shipping to the floor's store stands, as plain data: the floor's
//! shipper fills it in, the dealer's view says it. Defined here, under both, so the
//! display learns of the store without naming the floor, and the floor reports
//! without naming the display.

/// How the table's shipping to the floor's store stands (issue 17): what the
/// dealer's view says of it. The floor's shipper fills it in; the display knows
/// nothing of the store.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloorLink {
    /// The shipper holds a connection to the store.
    pub connected: bool,
    /// Records logged here and not yet in the store.
    pub backlog: u64,
    /// The store refused the log's last shipment and raised an alert: a gap, a fork
    /// or a bad signature, which only the floor can clear.
    pub refused: bool,
    /// Why the shipper is not connected, when it knows.
    pub trouble: Option<FloorTrouble>,
}

/// Why a table cannot reach the floor's store, in the dealer's short words: an
/// outage waits, the others need the floor (a password, an id, a certificate or a
/// version is theirs to fix).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloorTrouble {
    /// The store is down, or the network to it.
    Unreachable,
    /// The store refused the table's login: a wrong password or login.
    LoginRefused,
    /// The table's id is not the one the floor gave this login (or another
    /// table's).
    IdNotGiven,
    /// TLS: the store's certificate is refused, or TLS is not offered.
    Certificate,
    /// The store's schema is another version than this program's.
    Version,
}
