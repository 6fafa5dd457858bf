//! Tournaments in the floor's store (migration `0008_tournaments.sql`): each one a
//! log of its director's events, chained by SHA-256 and signed with the director's
//! Ed25519 key, as a table's hand log is.
//!
//! The store recomputes each event's chain hash and refuses one out of order; it
//! cannot check Ed25519, so every read here checks each event's signature against
//! the key the tournament was made with, and judges each event again through
//! [`Tournament::apply`]. A row written straight into the store by a login that
//! holds no director's key, or an event the tournament's state does not allow, is
//! refused by every command and page that reads the tournament, never shown.
//!
//! Writing is read, judge, then insert: [`TournamentLog::append`] applies the event
//! to the state read from the store, and only an event the state takes is signed and
//! written as the next number. Two directors writing at once: the second is refused
//! by the store (the number is taken) and runs his command again on the new state.

use super::error::FloorError;
use super::store::Store;
use crate::records::handlog::{hex, PublicKey, TableKey};
use crate::tournament::{Tournament, TournamentError, TournamentEvent};
use sha2::{Digest, Sha256};
use std::fmt;

/// The longest tournament id (the schema's CHECK says the same).
pub const MAX_ID_LEN: usize = 32;
/// The most events one tournament's log is read to: far above a 1,000-player
/// event's registrations, clock and eliminations, and a bound on what a hostile row
/// count can make a reader hold.
pub const MAX_EVENTS: i64 = 200_000;

/// Why a tournament cannot be read or written. Nothing is written when one is
/// returned.
#[derive(Debug)]
pub enum TournamentStoreError {
    /// The store refused or cannot be reached.
    Store(FloorError),
    /// The id is not 1 to 32 letters, digits, `_`, `.` or `-`, starting with a
    /// letter or digit.
    BadId(String),
    /// No tournament of this id.
    Unknown(String),
    /// A tournament of this id exists.
    Exists(String),
    /// The key given is not the tournament's director's.
    NotDirector {
        /// The tournament.
        id: String,
    },
    /// The event is refused by the tournament's state.
    Refused(TournamentError),
    /// Another event was written to the tournament at the same moment.
    Raced(String),
    /// More events than a tournament has.
    TooMany(String),
    /// The stored log is not what its director wrote: an event unsigned, signed by
    /// another key, unchained, unreadable, or one the tournament's rules refuse.
    Forged {
        /// The tournament.
        id: String,
        /// The event's number.
        seq: i64,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for TournamentStoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentStoreError::Store(e) => write!(f, "{e}"),
            TournamentStoreError::BadId(id) => write!(
                f,
                "tournament id {id:?}: 1 to {MAX_ID_LEN} letters, digits, '_', '.' or '-', starting with a letter or digit"
            ),
            TournamentStoreError::Unknown(id) => write!(f, "there is no tournament {id}"),
            TournamentStoreError::Exists(id) => write!(f, "tournament {id} exists already"),
            TournamentStoreError::NotDirector { id } => write!(
                f,
                "this key is not the one tournament {id} was made with: only its director writes to it"
            ),
            TournamentStoreError::Refused(e) => write!(f, "{e}"),
            TournamentStoreError::Raced(id) => write!(
                f,
                "another change to tournament {id} was written at the same moment: nothing of yours was; run the command again"
            ),
            TournamentStoreError::TooMany(id) => write!(
                f,
                "tournament {id} has more than {MAX_EVENTS} events: no tournament has; call the floor's security"
            ),
            TournamentStoreError::Forged { id, seq, why } => write!(
                f,
                "tournament {id}: event {seq} is not its director's ({why}): nothing of it is shown; call the floor's security"
            ),
        }
    }
}

impl std::error::Error for TournamentStoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TournamentStoreError::Store(e) => Some(e),
            TournamentStoreError::Refused(e) => Some(e),
            _ => None,
        }
    }
}

impl From<FloorError> for TournamentStoreError {
    fn from(e: FloorError) -> Self {
        TournamentStoreError::Store(e)
    }
}

impl From<postgres::Error> for TournamentStoreError {
    fn from(e: postgres::Error) -> Self {
        TournamentStoreError::Store(e.into())
    }
}

/// A tournament read from the store: its events, checked, and the state they leave.
#[derive(Debug)]
pub struct TournamentLog {
    /// The tournament's id.
    pub id: String,
    /// Its events, in order.
    pub events: Vec<TournamentEvent>,
    /// The state they leave.
    pub state: Tournament,
    /// The last event's chain hash.
    head: [u8; 32],
}

/// Refuses an id the schema would.
pub fn check_id(id: &str) -> Result<(), TournamentStoreError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'));
    if ok {
        Ok(())
    } else {
        Err(TournamentStoreError::BadId(id.to_string()))
    }
}

/// The chain hash of event `seq` with bytes `payload` after the hash `prev`: what
/// the store's trigger recomputes.
fn chain(prev: &[u8; 32], seq: i64, payload: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(prev);
    h.update(seq.to_be_bytes());
    h.update(payload.as_bytes());
    h.finalize().into()
}

/// What the director signs for event `seq`: the tournament, the number and the
/// chain hash, which covers every event before it.
fn statement(id: &str, seq: i64, hash: &[u8; 32]) -> String {
    format!("tournament {id} event {seq} {}", hex(hash))
}

impl TournamentLog {
    /// Makes tournament `id` with its first event, signed by `key`, whose public half
    /// becomes the tournament's director key.
    pub fn create(
        store: &mut Store,
        key: &TableKey,
        id: &str,
        created: TournamentEvent,
    ) -> Result<TournamentLog, TournamentStoreError> {
        check_id(id)?;
        let state = Tournament::create(&created).map_err(TournamentStoreError::Refused)?;
        if state.director != key.public().to_string() {
            return Err(TournamentStoreError::NotDirector { id: id.to_string() });
        }
        let payload = created.to_json();
        let hash = chain(&[0; 32], 1, &payload);
        let sig = key.sign_statement(&statement(id, 1, &hash));
        let mut tx = store.client().transaction()?;
        let made = tx.execute(
            "INSERT INTO tournaments (tournament_id, director_key) VALUES ($1, $2)
             ON CONFLICT (tournament_id) DO NOTHING",
            &[&id, &state.director],
        )?;
        if made == 0 {
            return Err(TournamentStoreError::Exists(id.to_string()));
        }
        tx.execute(
            "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
             VALUES ($1, 1, $2, $3, $4)",
            &[&id, &payload, &hash.as_slice(), &sig.as_slice()],
        )?;
        tx.commit()?;
        Ok(TournamentLog {
            id: id.to_string(),
            events: vec![created],
            state,
            head: hash,
        })
    }

    /// Reads tournament `id`, checking every event's chain, signature and rules.
    pub fn load(store: &mut Store, id: &str) -> Result<TournamentLog, TournamentStoreError> {
        check_id(id)?;
        let client = store.client();
        let Some(row) = client.query_opt(
            "SELECT director_key FROM tournaments WHERE tournament_id = $1",
            &[&id],
        )?
        else {
            return Err(TournamentStoreError::Unknown(id.to_string()));
        };
        let director: String = row.get(0);
        let forged = |seq: i64, why: &str| TournamentStoreError::Forged {
            id: id.to_string(),
            seq,
            why: why.to_string(),
        };
        let key: PublicKey = director
            .parse()
            .map_err(|_| forged(0, "the tournament's key does not read"))?;
        let rows = client.query(
            "SELECT seq, payload, hash, signature FROM tournament_events
             WHERE tournament_id = $1 ORDER BY seq LIMIT $2",
            &[&id, &(MAX_EVENTS + 1)],
        )?;
        if rows.len() as i64 > MAX_EVENTS {
            return Err(TournamentStoreError::TooMany(id.to_string()));
        }
        let mut head = [0u8; 32];
        let mut events = Vec::with_capacity(rows.len());
        let mut state: Option<Tournament> = None;
        for (i, row) in rows.iter().enumerate() {
            let seq: i64 = row.get(0);
            let payload: String = row.get(1);
            let hash: Vec<u8> = row.get(2);
            let sig: Vec<u8> = row.get(3);
            if seq != i as i64 + 1 {
                return Err(forged(i as i64 + 1, "missing"));
            }
            let expected = chain(&head, seq, &payload);
            if hash != expected {
                return Err(forged(seq, "it does not chain to the event before it"));
            }
            if !key.verifies_statement(&statement(id, seq, &expected), &sig) {
                return Err(forged(seq, "its signature is not the director's"));
            }
            let event = TournamentEvent::from_json(&payload)
                .map_err(|e| forged(seq, &format!("it does not read: {e}")))?;
            match state.as_mut() {
                None => {
                    let t = Tournament::create(&event)
                        .map_err(|e| forged(seq, &format!("refused: {e}")))?;
                    if t.director != director {
                        return Err(forged(seq, "it names another director's key"));
                    }
                    state = Some(t);
                }
                Some(t) => t
                    .apply(&event)
                    .map_err(|e| forged(seq, &format!("refused: {e}")))?,
            }
            head = expected;
            events.push(event);
        }
        let state = state.ok_or_else(|| forged(1, "missing"))?;
        Ok(TournamentLog {
            id: id.to_string(),
            events,
            state,
            head,
        })
    }

    /// Judges `event` against the tournament's state and, when taken, signs it with
    /// `key` (the director's) and writes it as the next event. Refused: nothing is
    /// written and the state is as it was.
    pub fn append(
        &mut self,
        store: &mut Store,
        key: &TableKey,
        event: TournamentEvent,
    ) -> Result<(), TournamentStoreError> {
        if key.public().to_string() != self.state.director {
            return Err(TournamentStoreError::NotDirector {
                id: self.id.clone(),
            });
        }
        self.state
            .apply(&event)
            .map_err(TournamentStoreError::Refused)?;
        let seq = self.events.len() as i64 + 1;
        let payload = event.to_json();
        let hash = chain(&self.head, seq, &payload);
        let sig = key.sign_statement(&statement(&self.id, seq, &hash));
        let written = store.client().execute(
            "INSERT INTO tournament_events (tournament_id, seq, payload, hash, signature)
             VALUES ($1, $2, $3, $4, $5)",
            &[&self.id, &seq, &payload, &hash.as_slice(), &sig.as_slice()],
        );
        if let Err(e) = written {
            // The state took the event the store did not: read it again.
            *self = TournamentLog::load(store, &self.id)?;
            if e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION) {
                return Err(TournamentStoreError::Raced(self.id.clone()));
            }
            return Err(e.into());
        }
        self.head = hash;
        self.events.push(event);
        Ok(())
    }
}

/// The tournaments in the store: id and name, newest first.
pub fn list(store: &mut Store) -> Result<Vec<(String, String)>, TournamentStoreError> {
    let rows = store.client().query(
        "SELECT t.tournament_id, e.payload FROM tournaments t
         JOIN tournament_events e ON e.tournament_id = t.tournament_id AND e.seq = 1
         ORDER BY t.created_at DESC, t.tournament_id",
        &[],
    )?;
    Ok(rows
        .iter()
        .map(|r| {
            let id: String = r.get(0);
            let payload: String = r.get(1);
            let name = match TournamentEvent::from_json(&payload) {
                Ok(TournamentEvent::Created { structure, .. }) => {
                    crate::tournament::Structure::parse(&structure)
                        .map(|s| s.name)
                        .unwrap_or_default()
                }
                _ => String::new(),
            };
            (id, name)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_short_plain_name() {
        for ok in ["FRI-100", "2026.11.27", "a", &"x".repeat(32)] {
            assert!(check_id(ok).is_ok(), "{ok}");
        }
        for bad in ["", "-x", "a b", "x'; DROP", &"x".repeat(33), "é"] {
            assert!(check_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_chain_covers_the_number_and_every_byte() {
        let a = chain(&[0; 32], 1, "{}");
        assert_ne!(a, chain(&[0; 32], 2, "{}"));
        assert_ne!(a, chain(&[0; 32], 1, "{} "));
        assert_ne!(a, chain(&[1; 32], 1, "{}"));
        assert_eq!(
            statement("T", 1, &[0xab; 32]),
            format!("tournament T event 1 {}", "ab".repeat(32))
        );
    }
}
