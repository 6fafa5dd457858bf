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
use crate::display::dealer::FloorLink;
use crate::records::handlog::{AuditLog, HandLog, Record, Seq};
use crate::session::RecordTap;
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
/// The wait after the store refused a record (an alert is raised): the table's log
/// needs the floor's attention, not a flood of retries.
pub const REFUSED_RETRY: Duration = Duration::from_secs(5);
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
        }
    }
}

#[derive(Default)]
struct Shared {
    local: AtomicU64,
    shipped: AtomicU64,
    stop: AtomicBool,
    wake: Mutex<bool>,
    woken: Condvar,
    status: Mutex<(bool, Option<String>, Option<String>)>,
    delays_ms: Mutex<Vec<u32>>,
}

impl Shared {
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

    fn set_status(&self, connected: bool, error: Option<String>, refused: Option<String>) {
        if let Ok(mut s) = self.status.lock() {
            *s = (connected, error, refused);
        }
    }
}

/// Where the shipper sharing `shared` stands.
fn status(shared: &Shared) -> ShipStatus {
    let (connected, error, refused) = shared.status.lock().map(|s| s.clone()).unwrap_or_default();
    ShipStatus {
        local: Seq(shared.local.load(Ordering::Relaxed)),
        shipped: Seq(shared.shipped.load(Ordering::Relaxed)),
        connected,
        error,
        refused,
    }
}

/// The table's shipper: see the module's documentation. Stopped on drop.
pub struct Shipper {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// Wakes the shipper when the table's session has logged a record.
pub struct ShipTap(Arc<Shared>);

impl RecordTap for ShipTap {
    fn appended(&mut self, seq: Seq, _at_ms: u64, _record: &Record, _log: &HandLog) {
        self.0.local.fetch_max(seq.0, Ordering::Relaxed);
        self.0.wake();
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
            .map_err(|e| FloorError::Unreachable(format!("no thread to ship on: {e}")))?;
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
    /// ([`crate::display::Display::watch_floor_link`]): asked from the display's
    /// thread, as long as the display lives, even past the shipper.
    pub fn link(&self) -> impl FnMut() -> FloorLink + Send + 'static {
        let shared = self.shared.clone();
        move || status(&shared).link()
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
                    self.shared.set_status(false, Some(e.to_string()), None);
                    self.shared.sleep(retry);
                    retry = (retry * 2).min(MAX_RETRY);
                }
            }
        }
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
        self.shared.set_status(true, None, None);
        let mut refused = None;
        while !self.stopped() {
            let shipped = Seq(self.shared.shipped.load(Ordering::Relaxed));
            // The local log's end, whoever wrote it (a table restarted, or one whose
            // session has no tap): the backlog is never under-counted.
            self.shared
                .local
                .fetch_max(log.last_seq()?.0, Ordering::Relaxed);
            let batch = log.sealed_after(shipped, BATCH_RECORDS)?;
            let Some(last) = batch.last() else {
                self.shared.sleep(POLL_INTERVAL);
                continue;
            };
            self.shared.local.fetch_max(last.seq.0, Ordering::Relaxed);
            let local = self.shared.local.load(Ordering::Relaxed);
            let done = store.ingest(&self.table_id, &batch, local.saturating_sub(last.seq.0))?;
            self.shared.shipped.store(done.head.0, Ordering::Relaxed);
            self.note_delays(&batch[..usize::try_from(done.accepted).unwrap_or(0)]);
            if let Some((seq, kind, detail)) = done.refused {
                let text = format!("the floor refused record {}: {kind}: {detail}", seq.0);
                log::warn!("floor: table {}: {text}", self.table_id);
                self.shared.set_status(true, None, Some(text));
                refused = Some(seq);
                self.shared.sleep(REFUSED_RETRY);
            } else if refused.take().is_some() {
                self.shared.set_status(true, None, None);
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
        let now = crate::records::handlog::now_ms();
        if let Ok(mut d) = self.shared.delays_ms.lock() {
            if d.len() + taken.len() > MAX_DELAYS_KEPT {
                d.clear();
            }
            d.extend(
                taken
                    .iter()
                    .map(|r| u32::try_from(now.saturating_sub(r.at_ms)).unwrap_or(u32::MAX)),
            );
        }
    }
}
