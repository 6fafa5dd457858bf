//! The table display: a web page for the screen at the table (a kiosk browser on
//! the controller), updated live by server-sent events, and a read-only floor view
//! of the recent hands.
//!
//! Above [`crate::session`] (it implements the session's [`Observer`]), the table's
//! words ([`crate::words`]) and the web plumbing ([`crate::web`]); beside the floor's
//! store ([`crate::floor`]), which it never names: how shipping to the store stands
//! reaches it as plain data ([`dealer::FloorLink`], defined in the session).
//!
//! Two listeners: the players' screen shows only what the table shows and needs no
//! password (it binds this machine only unless configured otherwise); the floor
//! view, which shows every card of a paid hand, has its own address, needs the
//! floor's token and answers only to its allowed host names. Both are bounded
//! ([`crate::web::listen`]).
//!
//! - [`view`]: what the screen shows, built from the engine after each input.
//! - The words ([`crate::words`]) in English, Macedonian, Polish, Bulgarian and
//!   Russian; [`hands`]: the hands' names in full in each; [`screen_text`]: what of
//!   a refusal the players' listener may say (never a card).
//! - `server`: the HTTP routes (all GET: nothing here changes the table); [`sse`]:
//!   the live updates, each encoded once for every open page.
//! - [`floor`]: the floor's pages, from [`index`], fed as records are logged,
//!   behind the floor's token and host checks ([`crate::web::auth`]).
//!
//! The controller calls [`TableDisplay::show`] after every input it has logged; the
//! view goes to every open page at once. All-in equity is computed on its own thread
//! and follows the view it belongs to, so a long enumeration never delays the screen.
//! A table shipping to the floor's store gives [`TableDisplay::watch_floor_link`] a
//! way to read how that stands; the dealer's view follows it on its own thread too.
//! A tournament table gives [`TableDisplay::watch_tournament`] a way to read its
//! clock ([`tournament`]); both screens show it, ticking on their own between updates.

pub mod dealer;
pub mod floor;
pub mod hands;
pub mod index;
pub mod screen_text;
pub(crate) mod server;
pub mod sse;
pub mod tournament;
pub mod view;

/// Where these lived before the web plumbing and the words moved under both pages:
/// the command and the tests still reach them through the display.
pub use crate::web::{auth, listen};
pub use crate::words::{entries, i18n, reasons};
pub use i18n::{Lang, Warn};
pub use view::{EquityJob, EquityView, Presenter, View};

use crate::money::equity::EquityError;
use crate::records::handlog::{HandLog, LogError};
use crate::records::time::WallTime;
use crate::session::{Observer, Outcome};
use firmware::buttons::{Key, KeyEvent};
use firmware::{Event, Table};
use index::{FloorIndex, FloorTap, SharedIndex};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::watch;

/// How often the dealer's view asks how shipping to the floor's store stands: a
/// store going down shows within this, with the table idle.
pub const LINK_POLL: Duration = Duration::from_millis(500);

/// How often the screens' tournament panel is read again: the time left moves each
/// second, and a level, a pause or a silent store shows within this.
pub const TOURNAMENT_POLL: Duration = Duration::from_secs(1);

/// Where and how the display runs.
#[derive(Debug, Clone)]
pub struct DisplayOptions {
    /// The address to serve on; 127.0.0.1 unless the table's configuration says
    /// otherwise (port 0: any free port).
    pub bind: SocketAddr,
    /// The language.
    pub lang: Lang,
    /// Show all-in equity.
    pub equity: bool,
    /// Draw the cards in four colours (diamonds blue, clubs green), as large cards
    /// read at a distance need: on by default. A display option, not a table rule:
    /// it changes no play, no log and no hand history, only how this screen draws.
    pub four_colour: bool,
    /// The table's name, in the title.
    pub table_name: String,
    /// The players' names by seat, seat 1 first (may be empty).
    pub names: Vec<String>,
    /// The floor view's listener, if any.
    pub floor: Option<FloorOptions>,
}

/// Where and for whom the floor view is served.
#[derive(Clone)]
pub struct FloorOptions {
    /// Its own address (port 0: any free port).
    pub bind: SocketAddr,
    /// The token the floor's browser gives (from a 0600 file: [`auth::load_token`]).
    pub token: String,
    /// Host names it answers to besides this machine's loopback names: the name or
    /// address the floor's browsers use when it binds a network address.
    pub hosts: Vec<String>,
}

impl std::fmt::Debug for FloorOptions {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FloorOptions")
            .field("bind", &self.bind)
            .field("hosts", &self.hosts)
            .finish_non_exhaustive()
    }
}

impl DisplayOptions {
    /// Defaults for a table on this machine: 127.0.0.1:`port`, English, equity on.
    pub fn local(port: u16, table_name: &str) -> DisplayOptions {
        DisplayOptions {
            bind: SocketAddr::from(([127, 0, 0, 1], port)),
            lang: Lang::En,
            equity: true,
            four_colour: true,
            table_name: table_name.to_string(),
            names: Vec::new(),
            floor: None,
        }
    }
}

/// Why the display could not start.
#[derive(Debug)]
pub enum DisplayError {
    /// The address cannot be bound (in use, or not this machine's).
    Bind(SocketAddr, std::io::Error),
    /// The server's runtime could not be made.
    Runtime(std::io::Error),
    /// The floor view would be served to the network without a host name to answer
    /// to: a browser could not reach it, and a page of another site could.
    FloorHosts(SocketAddr),
}

impl std::fmt::Display for DisplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DisplayError::Bind(addr, e) => write!(
                f,
                "the display cannot listen on {addr}: {e} (another program uses it? set another address)"
            ),
            DisplayError::Runtime(e) => write!(f, "the display cannot start: {e}"),
            DisplayError::FloorHosts(addr) => write!(
                f,
                "the floor view on {addr} is open to the network: name the host names its \
                 browsers use (floor_hosts), or bind it to 127.0.0.1"
            ),
        }
    }
}

/// The system's error, kept whole.
impl std::error::Error for DisplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DisplayError::Bind(_, e) | DisplayError::Runtime(e) => Some(e),
            DisplayError::FloorHosts(_) => None,
        }
    }
}

/// A running display: the server on its own thread, the presenter, the equity worker.
pub struct TableDisplay {
    addr: SocketAddr,
    floor_addr: Option<SocketAddr>,
    index: SharedIndex,
    presenter: Presenter,
    state: sse::Feed,
    /// The floor store's line for the dealer's view, as JSON (none: no store).
    link: Arc<sse::Feed>,
    /// The tournament's panel, as JSON (none: a cash table).
    tournament: Arc<sse::Feed>,
    lang: Lang,
    jobs: mpsc::Sender<(EquityJob, Arc<AtomicBool>)>,
    /// The key of the equity last asked for, and its cancel flag: set when the hand
    /// moves on, so that the worker gives up a count nobody will see.
    last_job: Option<(String, Arc<AtomicBool>)>,
    /// Stops the listeners when the display is dropped: the ports are freed, and the
    /// open pages' event streams end with the server's thread.
    shutdown: watch::Sender<bool>,
}

impl Drop for TableDisplay {
    fn drop(&mut self) {
        self.shutdown.send_replace(true);
    }
}

/// Binds `addr` for the server's runtime: the binding is checked now, so a port in use
/// is an error at start, not a silent screen later.
fn bind(addr: SocketAddr) -> Result<(std::net::TcpListener, SocketAddr), DisplayError> {
    let err = |e| DisplayError::Bind(addr, e);
    let listener = std::net::TcpListener::bind(addr).map_err(err)?;
    listener.set_nonblocking(true).map_err(err)?;
    let bound = listener.local_addr().map_err(err)?;
    Ok((listener, bound))
}

impl TableDisplay {
    /// Binds the addresses and starts serving.
    pub fn start(opts: DisplayOptions) -> Result<TableDisplay, DisplayError> {
        if let Some(f) = &opts.floor {
            if !f.bind.ip().is_loopback() && f.hosts.is_empty() {
                return Err(DisplayError::FloorHosts(f.bind));
            }
        }
        let (listener, addr) = bind(opts.bind)?;
        let floor = opts.floor.as_ref().map(|f| bind(f.bind)).transpose()?;
        let floor_addr = floor.as_ref().map(|(_, a)| *a);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(DisplayError::Runtime)?;
        let presenter = Presenter::new(opts.lang, &opts.table_name, opts.names)
            .with_equity(opts.equity)
            .with_four_colours(opts.four_colour);
        let (
            sse::Feeds {
                state,
                equity,
                link,
                tournament,
            },
            updates,
        ) = sse::Feeds::new("{}".into());
        let screen = server::screen_router(server::Shared {
            updates,
            slots: Arc::default(),
            lang: opts.lang.code(),
        });
        let index: SharedIndex = Arc::new(Mutex::new(FloorIndex::new(&opts.table_name)));
        let floor = floor.zip(opts.floor).map(|((l, _), f)| {
            let router = server::floor_router(server::FloorShared {
                index: index.clone(),
                auth: Arc::new(auth::FloorAuth::new(f.token, &f.hosts)),
                lang: opts.lang,
            });
            (l, router)
        });
        let (shutdown, stopped) = watch::channel(false);
        std::thread::Builder::new()
            .name("display".into())
            .spawn(move || {
                below_the_table();
                runtime.block_on(async move {
                    let serve = |l: std::net::TcpListener, router, lifetime| {
                        let stopped = stopped.clone();
                        async move {
                            match tokio::net::TcpListener::from_std(l) {
                                Ok(l) => listen::serve(l, router, lifetime, stopped).await,
                                Err(e) => log::error!("display server cannot listen: {e}"),
                            }
                        }
                    };
                    let floor = async {
                        if let Some((l, router)) = floor {
                            serve(l, router, Some(listen::FLOOR_CONNECTION_LIFETIME)).await;
                        }
                    };
                    tokio::join!(serve(listener, screen, None), floor);
                });
            })
            .map_err(DisplayError::Runtime)?;
        let (jobs, job_rx) = mpsc::channel::<(EquityJob, Arc<AtomicBool>)>();
        std::thread::Builder::new()
            .name("equity".into())
            .spawn(move || {
                below_the_table();
                equity_worker(job_rx, equity)
            })
            .map_err(DisplayError::Runtime)?;
        Ok(TableDisplay {
            addr,
            floor_addr,
            index,
            presenter,
            state,
            link: Arc::new(link),
            tournament: Arc::new(tournament),
            lang: opts.lang,
            jobs,
            last_job: None,
            shutdown,
        })
    }

    /// The floor view's feed from `log`: its index starts with the hands already in
    /// the log (read once, now), and the tap adds each record the session logs from
    /// here on. Give the tap to the session before it logs anything more.
    pub fn floor_tap(&self, log: &HandLog) -> Result<FloorTap, LogError> {
        let mut fresh = FloorIndex::of_log(log)?;
        if let Some(h) = log.head() {
            fresh.set_head(h.to_string());
        }
        *self.index.lock().unwrap_or_else(PoisonError::into_inner) = fresh;
        Ok(FloorTap::new(log, self.index.clone()))
    }

    /// Shows on the dealer's view how shipping to the floor's store stands, asking
    /// `link` now and every [`LINK_POLL`] on a thread of its own (the table's thread
    /// never waits for it), until the display is dropped.
    pub fn watch_floor_link(
        &self,
        mut link: impl FnMut() -> dealer::FloorLink + Send + 'static,
    ) -> Result<(), DisplayError> {
        let lang = self.lang;
        self.follow(
            &self.link,
            ("floor-link", "the floor store's line"),
            LINK_POLL,
            move || dealer::link_view(lang, &link()),
        )
    }

    /// Shows the table's tournament on both screens, asking `clock` (with the wall
    /// clock's time) now and every [`TOURNAMENT_POLL`] on a thread of its own, until
    /// the display is dropped. An update goes out only when the panel changes: each
    /// second while the clock runs (the pages count down between them), none while it
    /// is paused. `None`: no tournament seats the table (yet, or any more), and no
    /// panel shows.
    pub fn watch_tournament(
        &self,
        mut clock: impl FnMut(WallTime) -> Option<tournament::TableClock> + Send + 'static,
    ) -> Result<(), DisplayError> {
        let lang = self.lang;
        self.follow(
            &self.tournament,
            ("tournament", "the tournament's panel"),
            TOURNAMENT_POLL,
            move || clock(WallTime::now()).map(|c| tournament::panel(lang, &c)),
        )
    }

    /// Publishes on `feed` what `read` says, now and every `every`, on a thread of its
    /// own below the table's (`thread`: its name, and what it says), only when it
    /// changed, until the display is dropped.
    fn follow<T: serde::Serialize>(
        &self,
        feed: &Arc<sse::Feed>,
        (thread, what): (&str, &'static str),
        every: Duration,
        mut read: impl FnMut() -> T + Send + 'static,
    ) -> Result<(), DisplayError> {
        let out = feed.clone();
        let stopped = self.shutdown.subscribe();
        let mut say = move || match serde_json::to_string(&read()) {
            Ok(json) => out.publish_if_changed(json),
            Err(e) => log::error!("display: {what} cannot be written: {e}"),
        };
        say();
        std::thread::Builder::new()
            .name(thread.into())
            .spawn(move || {
                below_the_table();
                while !*stopped.borrow() {
                    std::thread::sleep(every);
                    say();
                }
            })
            .map(|_| ())
            .map_err(DisplayError::Runtime)
    }

    /// The floor view's address, if it has one.
    pub fn floor_addr(&self) -> Option<SocketAddr> {
        self.floor_addr
    }

    /// The floor view's page, if there is one.
    pub fn floor_url(&self) -> Option<String> {
        self.floor_addr.map(|a| format!("http://{a}/floor"))
    }

    /// The live updates encoded so far (state, equity, the floor store's line, a
    /// tournament's panel): one per update, whatever the number of open pages, each page sent the same bytes
    /// (`sse`); for the tests and the benchmark that check it.
    pub fn updates_encoded(&self) -> u64 {
        self.state.encoded()
    }

    /// The address it serves on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, to print for the people at the bench.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Shows the table after an accepted input and its events.
    pub fn show(&mut self, table: &Table, events: &[Event]) {
        self.presenter.take(table, events);
        self.publish(table);
    }

    /// Shows a warning in the banner (a refused input, a shoe fault) with the table.
    pub fn warn(&mut self, table: &Table, w: Warn) {
        self.presenter.warn(w);
        self.publish(table);
    }

    /// Shows what one press or read of the table's runtime did: the table after an
    /// accepted input, or the banner for a refused card or a shoe fault. A refused
    /// key and the amount being keyed go to the dealer's view only (`/dealer`).
    pub fn report(&mut self, table: &Table, outcome: &crate::session::live::Outcome) {
        self.presenter.report(table, outcome);
        self.publish(table);
    }

    /// A press read from the panel: the dealer's view shows the last one and how
    /// long ago it came (the outcome that follows publishes it).
    pub fn pressed(&mut self, event: &firmware::buttons::KeyEvent) {
        self.presenter
            .pressed(event.key, crate::records::time::WallTime::now());
    }

    /// A key stuck down on the panel (`None`: released): the dealer's view says so,
    /// in the dealer's language, until it is released.
    pub fn stuck(&mut self, table: &Table, key: Option<firmware::buttons::Key>) {
        self.presenter.stuck(key);
        self.publish(table);
    }

    fn publish(&mut self, table: &Table) {
        let (view, job) = self
            .presenter
            .view_and_equity(table, crate::records::time::WallTime::now());
        match serde_json::to_string(&view) {
            Ok(json) => self.state.publish(json),
            Err(e) => log::error!("display: the view cannot be written: {e}"),
        }
        let same = match (&job, &self.last_job) {
            (Some(job), Some((key, _))) => job.key == *key,
            _ => false,
        };
        if same {
            return;
        }
        // The hand moved on: the count still running for the last view is given up.
        if let Some((_, cancel)) = self.last_job.take() {
            cancel.store(true, Ordering::Relaxed);
        }
        if let Some(job) = job {
            let cancel = Arc::new(AtomicBool::new(false));
            self.last_job = Some((job.key.clone(), Arc::clone(&cancel)));
            // The worker lives as long as the display; if it is gone the equity is
            // simply not shown.
            let _ = self.jobs.send((job, cancel));
        }
    }
}

/// The table's session shows each outcome, press and stuck key on the display: the
/// display follows the session, the session never names the display.
impl Observer for TableDisplay {
    fn observe(&mut self, table: &Table, outcome: &Outcome) {
        self.report(table, outcome);
    }

    fn pressed(&mut self, event: &KeyEvent) {
        TableDisplay::pressed(self, event);
    }

    fn stuck(&mut self, table: &Table, key: Option<Key>) {
        TableDisplay::stuck(self, table, key);
    }
}

/// A display lent to a session for a while (the command keeps it between sessions).
impl Observer for &mut TableDisplay {
    fn observe(&mut self, table: &Table, outcome: &Outcome) {
        Observer::observe(&mut **self, table, outcome);
    }

    fn pressed(&mut self, event: &KeyEvent) {
        Observer::pressed(&mut **self, event);
    }

    fn stuck(&mut self, table: &Table, key: Option<Key>) {
        Observer::stuck(&mut **self, table, key);
    }
}

/// Puts the calling thread (the display's server or its equity worker) at the lowest
/// priority: the screen's clients, however many or hostile, never take the processor
/// from the thread that deals and logs. Where the system refuses, it runs as it is.
fn below_the_table() {
    if let Err(e) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        log::warn!("display: its priority stays as it was: {e:?}");
    }
}

/// Computes the latest equity asked for and publishes it. Only the board on the
/// screen matters: older requests are skipped, and a count is given up as soon as
/// its hand moves on (its flag set by [`TableDisplay`]), so the worker is never
/// behind the table by more than one count's part.
fn equity_worker(jobs: mpsc::Receiver<(EquityJob, Arc<AtomicBool>)>, out: sse::Feed) {
    while let Ok(mut next) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            next = newer;
        }
        let (job, cancel) = next;
        match job.run_until(&cancel) {
            Ok(view) => match serde_json::to_string(&view) {
                Ok(json) => out.publish(json),
                Err(e) => log::error!("display: the equity cannot be written: {e}"),
            },
            Err(EquityError::Cancelled) => {
                log::debug!(
                    "display: equity for {} given up, the hand moved on",
                    job.key
                )
            }
            Err(e) => log::warn!("display: no equity for {}: {e}", job.key),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
