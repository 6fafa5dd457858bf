//! Shipping a table's hand log to the floor's store, on its own thread: the table
//! never waits for the floor. The local log stays the table's source of truth; the
//! shipper reads it (read-only, beside the running table) from the store's head on,
//! a batch at a time, and sends each batch in one transaction. With the store down,
//! slow or unreachable it waits and dials again, and catches up from the local log
//! when the store is back; a table restarted after a crash does the same from
//! wherever the store's head is. [`ShipTap`], given to the table's session, only
//! wakes the shipper when a record is durable.
//!
//! On each connection the shipper first compares the local log with the store's
//! head: a local log that no longer holds the record the store holds last (rolled
//! back), or holds another one (forked), raises an alert.

use super::error::FloorError;
use super::link::StoreLink;
use super::store::{AlertKind, Store};
use crate::records::handlog::{AuditLog, HandLog, Record, Seq};
use crate::records::time::WallTime;
use crate::session::floor_link::{FloorLink, FloorTrouble};
use crate::session::RecordTap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Records sent in one transaction at most.
pub const BATCH_RECORDS: usize = 1_000;
/// How often the shipper looks at the local log when nothing woke it.
pub const POLL_INTERVAL: Duration = Duration::from_millis(250);
/// The first wait before dialling a store that could not be reached; it doubles up
/// to [`MAX_RETRY`].
pub const FIRST_RETRY: Duration = Duration::from_millis(100);
/// The longest wait between two dials.
pub const MAX_RETRY: Duration = Duration::from_secs(2);
/// The first wait after the store refused a record (an alert is raised): the
/// table's log needs the floor's attention, not a flood of retries. It doubles at
/// each refusal up to [`REFUSED_MAX`]; new records do not cut it short.
pub const REFUSED_RETRY: Duration = Duration::from_secs(5);
/// The longest wait between two shipments the store refuses.
pub const REFUSED_MAX: Duration = Duration::from_secs(300);
/// How often an idle table tells the store it is there (`seen_at`, one small
/// update): the floor flags a table not heard from for
/// [`super::presence::SILENT_AFTER_S`], three of these.
pub const KEEP_ALIVE: Duration = Duration::from_secs(10);
/// Delays kept for the benchmark's percentiles (the oldest are dropped).
pub const MAX_DELAYS_KEPT: usize = 1_000_000;

/// Where the shipper stands, for the dealer's and the floor's views.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShipStatus {
    /// The last record the table logged that the shipper knows of.
    pub local: Seq,
    /// The store's head: the last record it took.
    pub shipped: Seq,
    /// Whether the shipper is connected to the store.
    pub connected: bool,
    /// Why the last attempt failed, if it did.
    pub error: Option<String>,
    /// The alert the store raised on the last shipment, if any.
    pub refused: Option<String>,
    /// Why the shipper is not connected, in the dealer's words, when it knows.
    pub trouble: Option<FloorTrouble>,
    /// The shipper has tried the store at least once (connected or not).
    pub answered: bool,
    /// Shipments sent (transactions that carried records), refused ones included.
    pub attempts: u64,
    /// The table told the store it closed, every record in it.
    pub closed: bool,
}

impl ShipStatus {
    /// Records logged and not yet in the store.
    pub fn backlog(&self) -> u64 {
        self.local.0.saturating_sub(self.shipped.0)
    }

    /// What the dealer's view says of it.
    pub fn link(&self) -> FloorLink {
        FloorLink {
            connected: self.connected,
            backlog: self.backlog(),
            refused: self.refused.is_some(),
            trouble: self.trouble.filter(|_| !self.connected),
        }
    }
}

/// How a table's shipping ended ([`Shipper::finish`]): the line the table prints as
/// it stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShipEnd {
    /// The store's head: the last record it holds.
    pub shipped: Seq,
    /// Records logged and not in the store: they ship at the table's next start.
    pub left: u64,
    /// The store was told the table closed.
    pub closed: bool,
    /// Why records are left, when they are.
    pub why: Option<String>,
}

impl fmt::Display for ShipEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.left == 0 {
            write!(f, "floor: all {} records shipped", self.shipped.0)?;
            if self.closed {
                f.write_str("; the table is closed on the floor")?;
            }
            return Ok(());
        }
        write!(f, "floor: {} records not shipped yet", self.left)?;
        if let Some(why) = &self.why {
            write!(f, " ({why})")?;
        }
        f.write_str("; they ship at the table's next start")
    }
}

/// Where the link stands, set by the shipper's thread.
#[derive(Clone, Debug, Default)]
struct LinkState {
    connected: bool,
    error: Option<String>,
    trouble: Option<FloorTrouble>,
    refused: Option<String>,
    answered: bool,
}

#[derive(Default)]
struct Shared {
    local: AtomicU64,
    shipped: AtomicU64,
    stop: AtomicBool,
    /// The table is stopping: once every record is in the store, tell it so.
    closing: AtomicBool,
    /// The store was told the table closed.
    closed: AtomicBool,
    /// The table is being stopped from another thread ([`ShipEnder`]): its own
    /// thread is held at its next record, so the log ends where the store's does.
    hold_table: AtomicBool,
    /// The table's thread is held ([`Shared::hold_table`]): it logs nothing more.
    parked: AtomicBool,
    /// When the table last logged a record: a held table that has not logged for
    /// [`HOLD_SETTLE`] is taken to be idle (waiting for a press), not mid-record.
    last_append: Mutex<Option<Instant>>,
    attempts: AtomicU64,
    wake: Mutex<bool>,
    woken: Condvar,
    status: Mutex<LinkState>,
    delays_ms: Mutex<Vec<u32>>,
}

/// How long a table being stopped by a signal must have logged nothing before the
/// store is told it closed, if its thread has not been held at a record: a table
/// dealing logs its next record well within it (and is held there, shipped, then
/// closed), an idle one is waiting for the dealer.
const HOLD_SETTLE: Duration = Duration::from_millis(200);

impl Shared {
    /// Whether the table can log no more before the store is told it closed: it is
    /// stopping on its own thread (which is here), or held at a record, or idle.
    fn table_done(&self) -> bool {
        if !self.hold_table.load(Ordering::Relaxed) || self.parked.load(Ordering::Relaxed) {
            return true;
        }
        self.last_append
            .lock()
            .map(|t| t.is_none_or(|t| t.elapsed() >= HOLD_SETTLE))
            .unwrap_or(true)
    }

    fn wake(&self) {
        if let Ok(mut w) = self.wake.lock() {
            *w = true;
            self.woken.notify_all();
        }
    }

    /// Waits until woken, stopped or `limit` passes.
    fn sleep(&self, limit: Duration) {
        let Ok(guard) = self.wake.lock() else { return };
        let Ok((mut guard, _)) = self
            .woken
            .wait_timeout_while(guard, limit, |w| !*w && !self.stop.load(Ordering::Relaxed))
        else {
            return;
        };
        *guard = false;
    }

    /// Waits `limit`, or until stopped: a back-off, which new records do not cut
    /// short (a store that is down or refuses is not helped by more of them).
    fn pause(&self, limit: Duration) {
        let until = Instant::now() + limit;
        let Ok(mut guard) = self.wake.lock() else {
            return;
        };
        while !self.stop.load(Ordering::Relaxed) {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            match self.woken.wait_timeout(guard, left) {
                Ok((g, _)) => guard = g,
                Err(_) => return,
            }
        }
    }

    fn set_status(&self, state: LinkState) {
        if let Ok(mut s) = self.status.lock() {
            *s = LinkState {
                answered: true,
                ..state
            };
        }
    }

    /// Ends shipping as the table stops: waits at most `grace` for the store to hold
    /// every record logged so far and be told the table closed, then stops the
    /// thread. A refused log, or a login, id, certificate or version the store
    /// refused, does not wait: it needs the floor, not time.
    fn finish(&self, grace: Duration) -> ShipEnd {
        self.closing.store(true, Ordering::Relaxed);
        let start = Instant::now();
        loop {
            let s = status(self);
            let needs_the_floor =
                s.refused.is_some() || s.trouble.is_some_and(|t| t != FloorTrouble::Unreachable);
            if s.closed || needs_the_floor || start.elapsed() >= grace {
                break;
            }
            self.wake();
            std::thread::sleep(FINISH_LOOK);
        }
        self.stop.store(true, Ordering::Relaxed);
        self.wake();
        let s = status(self);
        let left = s.backlog();
        let why = (left > 0).then(|| {
            s.refused.or(s.error).unwrap_or_else(|| {
                format!("the store did not take them within {} s", grace.as_secs())
            })
        });
        ShipEnd {
            shipped: s.shipped,
            left,
            closed: s.closed,
            why,
        }
    }
}

/// How often [`Shipper::finish`] looks whether the store holds everything.
const FINISH_LOOK: Duration = Duration::from_millis(20);

/// Where the shipper sharing `shared` stands.
fn status(shared: &Shared) -> ShipStatus {
    let link = shared.status.lock().map(|s| s.clone()).unwrap_or_default();
    ShipStatus {
        local: Seq(shared.local.load(Ordering::Relaxed)),
        shipped: Seq(shared.shipped.load(Ordering::Relaxed)),
        connected: link.connected,
        error: link.error,
        refused: link.refused,
        trouble: link.trouble,
        answered: link.answered,
        attempts: shared.attempts.load(Ordering::Relaxed),
        closed: shared.closed.load(Ordering::Relaxed),
    }
}

/// The table's shipper: see the module's documentation. Stopped on drop.
pub struct Shipper {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// Wakes the shipper when the table's session has logged a record.
pub struct ShipTap(Arc<Shared>);

/// Ends a table's shipping from another thread (a signal's: SIGTERM, Ctrl-C) while
/// the table's own thread holds the [`Shipper`].
#[derive(Clone)]
pub struct ShipEnder(Arc<Shared>);

impl ShipEnder {
    /// [`Shipper::finish`], from another thread, for a process about to exit: the
    /// table's thread is held at its next record (in its [`ShipTap`]) so that the
    /// log stops growing, and the shipper's thread is told to stop, not waited for.
    pub fn finish(&self, grace: Duration) -> ShipEnd {
        self.0.hold_table.store(true, Ordering::Relaxed);
        self.0.finish(grace)
    }
}

impl RecordTap for ShipTap {
    fn appended(&mut self, seq: Seq, _at: WallTime, _record: &Record, _log: &HandLog) {
        self.0.local.fetch_max(seq.0, Ordering::Relaxed);
        if let Ok(mut t) = self.0.last_append.lock() {
            *t = Some(Instant::now());
        }
        // Stopped by a signal: the record is durable; the table logs no more while
        // its last records ship, and the process ends from the signal's thread.
        if self.0.hold_table.load(Ordering::Relaxed) {
            self.0.parked.store(true, Ordering::Relaxed);
        }
        self.0.wake();
        while self.0.hold_table.load(Ordering::Relaxed) {
            std::thread::park();
        }
    }
}

impl Shipper {
    /// Starts shipping the log in the data folder `data` (of table `table_id`) to the
    /// store at `url` ([`Shipper::start_on`]).
    pub fn start(url: &str, data: &Path, table_id: &str) -> Result<Shipper, FloorError> {
        Shipper::start_on(StoreLink::parse(url)?, data, table_id)
    }

    /// Starts shipping the log in the data folder `data` (of table `table_id`) over
    /// `link`. Only a link that cannot be made safe is an error here; everything else
    /// (a store down, a refused certificate) is retried on the shipper's thread and
    /// shown in [`Shipper::status`].
    pub fn start_on(link: StoreLink, data: &Path, table_id: &str) -> Result<Shipper, FloorError> {
        let shared = Arc::new(Shared::default());
        let worker = Worker {
            link,
            data: data.to_path_buf(),
            table_id: table_id.to_string(),
            shared: shared.clone(),
        };
        let thread = std::thread::Builder::new()
            .name(format!("floor-ship-{table_id}"))
            .spawn(move || worker.run())
            .map_err(|e| {
                FloorError::Unreachable(hardware::cause::Cause::worded(
                    format!("no thread to ship on: {e}"),
                    e,
                ))
            })?;
        Ok(Shipper {
            shared,
            thread: Some(thread),
        })
    }

    /// A tap for the table's session.
    pub fn tap(&self) -> ShipTap {
        ShipTap(self.shared.clone())
    }

    /// Where shipping stands.
    pub fn status(&self) -> ShipStatus {
        status(&self.shared)
    }

    /// Where shipping stands, for the dealer's view
    /// (the display's `watch_floor_link`): asked from the display's
    /// thread, as long as the display lives, even past the shipper.
    pub fn link(&self) -> impl FnMut() -> FloorLink + Send + 'static {
        let shared = self.shared.clone();
        move || status(&shared).link()
    }

    /// Waits at most `limit` for the shipper's first answer (connected, or why not),
    /// for the table's first line about the floor; where shipping stands then.
    pub fn first_answer(&self, limit: Duration) -> ShipStatus {
        let start = Instant::now();
        loop {
            let s = self.status();
            if s.answered || start.elapsed() >= limit {
                return s;
            }
            std::thread::sleep(FINISH_LOOK);
        }
    }

    /// Ends shipping as the table stops (every way it stops): waits at most `grace`
    /// for the store to hold every record logged so far, tells the store the table
    /// closed if it does, and stops the thread. The line to print is the answer's
    /// `Display`; what is left ships at the next start.
    pub fn finish(mut self, grace: Duration) -> ShipEnd {
        let end = self.shared.finish(grace);
        // Stopped, not joined: a thread held by a cut network (a statement's
        // timeout) must not stretch the table's bounded stop.
        drop(self.thread.take());
        end
    }

    /// A handle that ends shipping from another thread ([`ShipEnder`]).
    pub fn ender(&self) -> ShipEnder {
        ShipEnder(self.shared.clone())
    }

    /// Waits until the store holds every record logged so far, at most `limit`;
    /// whether it does.
    pub fn wait_shipped(&self, limit: Duration) -> bool {
        let start = Instant::now();
        loop {
            let s = self.status();
            if s.backlog() == 0 && s.shipped.0 > 0 {
                return true;
            }
            if start.elapsed() >= limit {
                return false;
            }
            self.shared.wake();
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The delays from each record's local commit to its commit in the store, in ms,
    /// as measured by this shipper (for the benchmark).
    pub fn delays_ms(&self) -> Vec<u32> {
        self.shared
            .delays_ms
            .lock()
            .map(|d| d.clone())
            .unwrap_or_default()
    }

    /// Stops the thread (the store keeps what it took; the next start catches up).
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.wake();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Shipper {
    fn drop(&mut self) {
        self.halt();
    }
}

struct Worker {
    link: StoreLink,
    data: PathBuf,
    table_id: String,
    shared: Arc<Shared>,
}

impl Worker {
    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    fn run(self) {
        let mut retry = FIRST_RETRY;
        while !self.stopped() {
            match self.session() {
                Ok(()) => return,
                Err(e) => {
                    log::warn!("floor: table {}: {e}", self.table_id);
                    if status(&self.shared).connected {
                        retry = FIRST_RETRY;
                    }
                    self.shared.set_status(LinkState {
                        error: Some(e.to_string()),
                        trouble: e.trouble(),
                        ..LinkState::default()
                    });
                    self.shared.pause(retry);
                    retry = (retry * 2).min(MAX_RETRY);
                }
            }
        }
    }

    fn backlog(&self) -> u64 {
        status(&self.shared).backlog()
    }

    /// Waits `limit` after a refusal, telling the store every [`KEEP_ALIVE`] that the
    /// table is there (it is, and it waits for the floor).
    fn wait_refused(&self, store: &mut Store, limit: Duration) -> Result<(), FloorError> {
        let until = Instant::now() + limit;
        while !self.stopped() {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            self.shared.pause(left.min(KEEP_ALIVE));
            store.heard_from(&self.table_id, self.backlog())?;
        }
        Ok(())
    }

    /// One connection's work: until stopped (Ok) or the store or the log fails.
    fn session(&self) -> Result<(), FloorError> {
        let log = AuditLog::open(&self.data)?;
        let key = log
            .public_key()?
            .ok_or_else(|| FloorError::BadStoreRow("the local log is not signed".into()))?;
        // The log's end before the store answers: a table restarted while the store
        // is down shows its whole backlog, not none.
        self.shared
            .local
            .fetch_max(log.last_seq()?.0, Ordering::Relaxed);
        let mut store = Store::connect(&self.link)?;
        let row = store.register(&self.table_id, &key)?;
        self.shared.shipped.store(row.head_seq.0, Ordering::Relaxed);
        self.compare_head(&log, &mut store, row.head_seq, &row.head_hash)?;
        store.heard_from(&self.table_id, self.backlog())?;
        let mut heard = Instant::now();
        let connected = LinkState {
            connected: true,
            ..LinkState::default()
        };
        self.shared.set_status(connected.clone());
        let mut refused = None;
        let mut refused_wait = REFUSED_RETRY;
        while !self.stopped() {
            let shipped = Seq(self.shared.shipped.load(Ordering::Relaxed));
            // The local log's end, whoever wrote it (a table restarted, or one whose
            // session has no tap): the backlog is never under-counted.
            self.shared
                .local
                .fetch_max(log.last_seq()?.0, Ordering::Relaxed);
            let batch = log.sealed_after(shipped, BATCH_RECORDS)?;
            let Some(last) = batch.last() else {
                if self.shared.closing.load(Ordering::Relaxed) && self.backlog() == 0 {
                    // A table stopped by a signal may be writing one last record:
                    // it is held there, and shipped, before the store hears it closed.
                    if !self.shared.table_done() {
                        self.shared.sleep(HOLD_SETTLE);
                        continue;
                    }
                    store.close(&self.table_id)?;
                    self.shared.closed.store(true, Ordering::Relaxed);
                    return Ok(());
                }
                if heard.elapsed() >= KEEP_ALIVE {
                    store.heard_from(&self.table_id, self.backlog())?;
                    heard = Instant::now();
                }
                self.shared.sleep(POLL_INTERVAL);
                continue;
            };
            self.shared.local.fetch_max(last.seq.0, Ordering::Relaxed);
            let local = self.shared.local.load(Ordering::Relaxed);
            self.shared.attempts.fetch_add(1, Ordering::Relaxed);
            let done = store.ingest(&self.table_id, &batch, local.saturating_sub(last.seq.0))?;
            heard = Instant::now();
            self.shared.shipped.store(done.head.0, Ordering::Relaxed);
            self.note_delays(&batch[..usize::try_from(done.accepted).unwrap_or(0)]);
            if let Some((seq, kind, detail)) = done.refused {
                let text = format!("the floor refused record {}: {kind}: {detail}", seq.0);
                log::warn!("floor: table {}: {text}", self.table_id);
                self.shared.set_status(LinkState {
                    refused: Some(text),
                    ..connected.clone()
                });
                refused = Some(seq);
                self.wait_refused(&mut store, refused_wait)?;
                refused_wait = (refused_wait * 2).min(REFUSED_MAX);
            } else if refused.take().is_some() {
                refused_wait = REFUSED_RETRY;
                self.shared.set_status(connected.clone());
            }
        }
        Ok(())
    }

    /// Raises an alert when the local log no longer holds the store's head.
    fn compare_head(
        &self,
        log: &AuditLog,
        store: &mut Store,
        head: Seq,
        hash: &[u8; 32],
    ) -> Result<(), FloorError> {
        if head.0 == 0 {
            return Ok(());
        }
        match log.sealed_at(head)? {
            Some(r) if r.hash == *hash => Ok(()),
            Some(_) => store.raise(
                &self.table_id,
                AlertKind::Fork,
                head,
                &format!(
                    "the table's record {} differs from the one the store took: its log was rewritten",
                    head.0
                ),
            ),
            None => store.raise(
                &self.table_id,
                AlertKind::RolledBack,
                head,
                &format!(
                    "the table's log ends before record {}, which the store took: it was rolled back",
                    head.0
                ),
            ),
        }
    }

    fn note_delays(&self, taken: &[crate::records::handlog::SealedRecord]) {
        let now = WallTime::now();
        if let Ok(mut d) = self.shared.delays_ms.lock() {
            if d.len() + taken.len() > MAX_DELAYS_KEPT {
                d.clear();
            }
            d.extend(
                taken
                    .iter()
                    .map(|r| u32::try_from((now - r.at).total_millis()).unwrap_or(u32::MAX)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tables_last_line_says_what_shipped_or_what_is_left_and_why() {
        let all = ShipEnd {
            shipped: Seq(124),
            left: 0,
            closed: true,
            why: None,
        };
        assert_eq!(
            all.to_string(),
            "floor: all 124 records shipped; the table is closed on the floor"
        );
        let left = ShipEnd {
            shipped: Seq(88),
            left: 36,
            closed: false,
            why: Some("the floor's store cannot be reached".into()),
        };
        assert_eq!(
            left.to_string(),
            "floor: 36 records not shipped yet (the floor's store cannot be reached); \
             they ship at the table's next start"
        );
    }

    /// A back-off is not cut short by new records, only by a stop.
    #[test]
    fn a_pause_ignores_wakes_and_ends_at_a_stop() {
        let shared = Arc::new(Shared::default());
        let waker = shared.clone();
        let pausing = std::thread::spawn(move || waker.pause(Duration::from_secs(600)));
        for _ in 0..100 {
            shared.wake();
        }
        assert!(!pausing.is_finished(), "a wake does not end a back-off");
        shared.stop.store(true, Ordering::Relaxed);
        shared.wake();
        pausing.join().expect("the pause ends at the stop");
    }
}
