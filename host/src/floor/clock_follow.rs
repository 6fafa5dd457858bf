//! A table follows its tournament's clock from the floor's store: a thread of its own
//! asks the store, every few seconds, for the newest tournament that seats this table
//! and is not over (nor the table broken), and keeps its events, checked as every
//! reader checks them ([`TournamentLog::load`]). The table reads the latest from
//! [`ClockFollower::latest`] between hands and never waits for the store.
//!
//! A table that loses the store keeps the events it last heard: the clock runs on
//! from them (a pause or added time it has not heard is not known), and
//! [`TableTournament::stale`] says so, for the screens to show.

use super::error::FloorError;
use super::link::StoreLink;
use super::store::Store;
use super::tournaments::TournamentLog;
use crate::records::time::WallTime;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often a table asks the store for its tournament by default.
pub const FOLLOW_EVERY: Duration = Duration::from_secs(2);

/// What a table knows of its tournament.
#[derive(Clone, Debug)]
pub struct TableTournament {
    /// The tournament's events, checked, and the state they leave.
    pub log: Arc<TournamentLog>,
    /// When the store last answered.
    pub heard: WallTime,
    /// The store did not answer the last question: the clock is computed from the
    /// events heard by `heard`.
    pub stale: bool,
}

#[derive(Default)]
struct State {
    latest: Option<TableTournament>,
    stop: bool,
}

type Shared = Arc<(Mutex<State>, Condvar)>;

/// The thread that follows a table's tournament; stopped when dropped.
pub struct ClockFollower {
    shared: Shared,
    thread: Option<JoinHandle<()>>,
}

impl ClockFollower {
    /// Follows table `table_id`'s tournament in the store at `link`, asking every
    /// `every`. The store may be down: the thread keeps asking.
    pub fn start(
        link: StoreLink,
        table_id: &str,
        every: Duration,
    ) -> Result<ClockFollower, FloorError> {
        let shared: Shared = Arc::default();
        let (s, id) = (shared.clone(), table_id.to_string());
        let thread = std::thread::Builder::new()
            .name(format!("floor-clock-{table_id}"))
            .spawn(move || follow(&link, &id, every, &s))
            .map_err(|e| {
                FloorError::Unreachable(hardware::cause::Cause::worded(
                    format!("no thread to follow the clock on: {e}"),
                    e,
                ))
            })?;
        Ok(ClockFollower {
            shared,
            thread: Some(thread),
        })
    }

    /// The table's tournament as last heard (`None`: none seats it, or nothing heard
    /// yet).
    pub fn latest(&self) -> Option<TableTournament> {
        self.shared
            .0
            .lock()
            .map(|s| s.latest.clone())
            .unwrap_or(None)
    }
}

impl Drop for ClockFollower {
    fn drop(&mut self) {
        if let Ok(mut s) = self.shared.0.lock() {
            s.stop = true;
        }
        self.shared.1.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The follower's thread: ask, keep, wait, until stopped.
fn follow(link: &StoreLink, table_id: &str, every: Duration, shared: &Shared) {
    let mut store: Option<Store> = None;
    loop {
        let heard = ask(link, &mut store, table_id, shared);
        let Ok(mut s) = shared.0.lock() else { return };
        match heard {
            Ok(latest) => s.latest = latest,
            Err(e) => {
                store = None;
                log::warn!(
                    "table {table_id}: the tournament clock is not heard from the floor: {e}"
                );
                if let Some(t) = s.latest.as_mut() {
                    t.stale = true;
                }
            }
        }
        if s.stop {
            return;
        }
        let Ok((s, _)) = shared.1.wait_timeout(s, every) else {
            return;
        };
        if s.stop {
            return;
        }
    }
}

/// One question to the store: the table's tournament now, reusing the events held
/// when none was written since.
fn ask(
    link: &StoreLink,
    store: &mut Option<Store>,
    table_id: &str,
    shared: &Shared,
) -> Result<Option<TableTournament>, FloorError> {
    if store.as_ref().is_none_or(Store::is_closed) {
        *store = Some(Store::connect_to_read(link)?);
    }
    let Some(s) = store.as_mut() else {
        return Ok(None);
    };
    let held = shared.0.lock().ok().and_then(|st| st.latest.clone());
    // Newest first: the tournaments that list this table.
    let rows = s.client().query(
        "SELECT t.tournament_id, (SELECT max(x.seq) FROM tournament_events x
                                  WHERE x.tournament_id = t.tournament_id)
         FROM tournaments t
         JOIN tournament_events e ON e.tournament_id = t.tournament_id AND e.seq = 1
         WHERE (e.payload::jsonb -> 'tables') ? $1
         ORDER BY t.created_at DESC, t.tournament_id",
        &[&table_id],
    )?;
    for row in rows {
        let id: String = row.get(0);
        let last: Option<i64> = row.get(1);
        let log = match &held {
            Some(h) if h.log.id == id && Some(h.log.events.len() as i64) == last => h.log.clone(),
            _ => match TournamentLog::load(s, &id) {
                Ok(log) => Arc::new(log),
                Err(e) => {
                    // Forged or unreadable: never followed; the floor's page says why.
                    log::error!("table {table_id}: tournament {id} is not followed: {e}");
                    continue;
                }
            },
        };
        let t = &log.state;
        if t.finished() || t.broken.iter().any(|b| b == table_id) {
            continue;
        }
        return Ok(Some(TableTournament {
            log,
            heard: WallTime::now(),
            stale: false,
        }));
    }
    Ok(None)
}
