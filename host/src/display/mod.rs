//! The table display: a web page for the screen at the table (a kiosk browser on
//! the controller), updated live by server-sent events, and a read-only floor view
//! of the hand log.
//!
//! - [`view`]: what the screen shows, built from the engine after each input.
//! - [`i18n`]: its words in English, Macedonian, Polish, Bulgarian and Russian.
//! - `server`: the HTTP routes (all GET: nothing here changes the table).
//! - [`floor`]: the floor's pages.
//!
//! The controller calls [`Display::show`] after every input it has logged; the view
//! goes to every open page at once. All-in equity is computed on its own thread and
//! follows the view it belongs to, so a long enumeration never delays the screen.

pub mod floor;
pub mod i18n;
mod server;
pub mod view;

pub use i18n::{Lang, Warn};
pub use view::{EquityJob, EquityView, Presenter, View};

use firmware::{Event, Table};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{mpsc, Arc};
use tokio::sync::watch;

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
    /// The table's name, in the title.
    pub table_name: String,
    /// The players' names by seat, seat 1 first (may be empty).
    pub names: Vec<String>,
    /// The data folder with the hand log, for the floor view.
    pub data: Option<PathBuf>,
}

impl DisplayOptions {
    /// Defaults for a table on this machine: 127.0.0.1:`port`, English, equity on.
    pub fn local(port: u16, table_name: &str) -> DisplayOptions {
        DisplayOptions {
            bind: SocketAddr::from(([127, 0, 0, 1], port)),
            lang: Lang::En,
            equity: true,
            table_name: table_name.to_string(),
            names: Vec::new(),
            data: None,
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
}

impl std::fmt::Display for DisplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DisplayError::Bind(addr, e) => write!(
                f,
                "the display cannot listen on {addr}: {e} (another program uses it? set another address)"
            ),
            DisplayError::Runtime(e) => write!(f, "the display cannot start: {e}"),
        }
    }
}

impl std::error::Error for DisplayError {}

/// A running display: the server on its own thread, the presenter, the equity worker.
pub struct Display {
    addr: SocketAddr,
    presenter: Presenter,
    state: watch::Sender<Arc<str>>,
    jobs: mpsc::Sender<EquityJob>,
    last_job: Option<String>,
    /// Stops the server when the display is dropped: the port is freed, and the open
    /// pages' event streams end as the state and equity channels close.
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Display {
    fn drop(&mut self) {
        if let Some(s) = self.shutdown.take() {
            // The server may be gone already; nothing else to do then.
            let _ = s.send(());
        }
    }
}

impl Display {
    /// Binds the address and starts serving (the binding is checked here, so a port
    /// in use is an error now, not a silent screen later).
    pub fn start(opts: DisplayOptions) -> Result<Display, DisplayError> {
        let listener =
            std::net::TcpListener::bind(opts.bind).map_err(|e| DisplayError::Bind(opts.bind, e))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| DisplayError::Bind(opts.bind, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| DisplayError::Bind(opts.bind, e))?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(DisplayError::Runtime)?;
        let presenter =
            Presenter::new(opts.lang, &opts.table_name, opts.names).with_equity(opts.equity);
        let (state, state_rx) = watch::channel::<Arc<str>>(Arc::from("{}"));
        let (equity, equity_rx) = watch::channel::<Arc<str>>(Arc::from(""));
        let shared = server::Shared {
            state: state_rx,
            equity: equity_rx,
            lang: opts.lang.code(),
            data: opts.data,
        };
        let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
        std::thread::Builder::new()
            .name("display".into())
            .spawn(move || {
                runtime.block_on(async move {
                    match tokio::net::TcpListener::from_std(listener) {
                        Ok(l) => {
                            let served = axum::serve(l, server::router(shared))
                                .with_graceful_shutdown(async move {
                                    // Told to stop, or the display was dropped.
                                    let _ = stopped.await;
                                });
                            if let Err(e) = served.await {
                                log::error!("display server stopped: {e}");
                            }
                        }
                        Err(e) => log::error!("display server cannot listen: {e}"),
                    }
                });
            })
            .map_err(DisplayError::Runtime)?;
        let (jobs, job_rx) = mpsc::channel::<EquityJob>();
        std::thread::Builder::new()
            .name("equity".into())
            .spawn(move || equity_worker(job_rx, equity))
            .map_err(DisplayError::Runtime)?;
        Ok(Display {
            addr,
            presenter,
            state,
            jobs,
            last_job: None,
            shutdown: Some(shutdown),
        })
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
    /// key and amount entry are the dealer's console's business (it says what to
    /// press instead), not the players' screen's.
    pub fn report(&mut self, table: &Table, outcome: &crate::session::live::Outcome) {
        use crate::session::live::Outcome;
        match outcome {
            Outcome::Accepted(events) => self.show(table, events),
            Outcome::Refused(_) => {}
            Outcome::CardRefused(m) => self.warn(table, Warn::CardRefused(m.clone())),
            Outcome::ShoeFault(_) => self.warn(table, Warn::ShoeFault),
            Outcome::ShoeLost(_) => self.warn(table, Warn::ShoeLost),
            Outcome::Amount(_) | Outcome::Cleared => {}
        }
    }

    /// Clears the banner.
    pub fn clear_warnings(&mut self, table: &Table) {
        self.presenter.clear_warnings();
        self.publish(table);
    }

    fn publish(&mut self, table: &Table) {
        let (view, job) = self
            .presenter
            .view_and_equity(table, crate::records::handlog::now_ms());
        match serde_json::to_string(&view) {
            Ok(json) => {
                self.state.send_replace(Arc::from(json));
            }
            Err(e) => log::error!("display: the view cannot be written: {e}"),
        }
        if let Some(job) = job {
            if self.last_job.as_deref() != Some(job.key.as_str()) {
                self.last_job = Some(job.key.clone());
                // The worker lives as long as the display; if it is gone the equity
                // is simply not shown.
                let _ = self.jobs.send(job);
            }
        }
    }
}

/// Computes the latest equity asked for (older requests are skipped: only the board
/// on the screen matters) and publishes it.
fn equity_worker(jobs: mpsc::Receiver<EquityJob>, out: watch::Sender<Arc<str>>) {
    while let Ok(mut job) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        match job.run() {
            Ok(view) => match serde_json::to_string(&view) {
                Ok(json) => {
                    out.send_replace(Arc::from(json));
                }
                Err(e) => log::error!("display: the equity cannot be written: {e}"),
            },
            Err(e) => log::warn!("display: no equity for {}: {e}", job.key),
        }
    }
}

#[cfg(test)]
mod tests;
