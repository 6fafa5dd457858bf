//! `tablectl floor serve`: the floor's pages over HTTP, on the display's bounded
//! listener (`crate::display::listen`) behind the same token and host allow-list as a
//! table's floor view (`crate::display::auth`). Every route is a GET; nothing here
//! changes the store but its schema, brought up to date at start.
//!
//! One thread owns the store's connection: it rebuilds the room's page every
//! [`REFRESH`] and answers the timeline requests the handlers pass it, so the
//! server's thread never waits on the database and a page costs no query.

use super::page::{hand_page, room_page};
use super::store::{config, Store};
use super::FloorError;
use crate::display::auth::FloorAuth;
use crate::display::floor::error_page;
use crate::display::listen;
use crate::display::server::{floor_guard, html, no_body, not_found, style};
use axum::extract::{Path as UrlPath, State};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};

/// How often the room's page is rebuilt from the store.
pub const REFRESH: Duration = Duration::from_secs(1);
/// How long a timeline request may wait for the store.
const HAND_TIMEOUT: Duration = Duration::from_secs(10);
/// The wait before dialling a store that could not be reached again.
const RETRY: Duration = Duration::from_secs(2);

/// What the floor service is asked to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The store: postgres://...
    pub url: String,
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The floor's token.
    pub token: String,
    /// Host names the floor's browsers use besides the loopback names.
    pub hosts: Vec<String>,
}

/// Why the floor service cannot start.
#[derive(Debug)]
pub enum ServeError {
    /// The store cannot be used.
    Store(FloorError),
    /// The address cannot be bound.
    Bind(SocketAddr, std::io::Error),
    /// A network address without host names would answer to any name.
    NeedsHosts(SocketAddr),
    /// No thread or runtime could be made.
    Runtime(std::io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Store(e) => write!(f, "{e}"),
            ServeError::Bind(a, e) => write!(f, "cannot listen on {a}: {e}"),
            ServeError::NeedsHosts(a) => write!(
                f,
                "{a} is open to the network: name the floor's host names with --host"
            ),
            ServeError::Runtime(e) => write!(f, "the floor service cannot start: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// A timeline asked of the store's thread.
struct HandAsk {
    table_id: String,
    number: u32,
    reply: oneshot::Sender<(StatusCode, String)>,
}

#[derive(Clone)]
struct Shared {
    room: watch::Receiver<Arc<str>>,
    asks: mpsc::Sender<HandAsk>,
}

/// The running floor service; stops when dropped.
pub struct FloorService {
    addr: SocketAddr,
    shutdown: watch::Sender<bool>,
}

impl Drop for FloorService {
    fn drop(&mut self) {
        self.shutdown.send_replace(true);
    }
}

impl FloorService {
    /// Connects to the store (applying its migrations), binds `opts.bind` and serves.
    pub fn start(opts: ServeOptions) -> Result<FloorService, ServeError> {
        if !opts.bind.ip().is_loopback() && opts.hosts.is_empty() {
            return Err(ServeError::NeedsHosts(opts.bind));
        }
        let store = Store::open(&opts.url).map_err(ServeError::Store)?;
        let listener =
            std::net::TcpListener::bind(opts.bind).map_err(|e| ServeError::Bind(opts.bind, e))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| ServeError::Bind(opts.bind, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ServeError::Bind(opts.bind, e))?;
        let (room_tx, room) = watch::channel::<Arc<str>>(Arc::from(error_page(
            "the room is being read from the store",
        )));
        let (asks, asked) = mpsc::channel::<HandAsk>();
        let (shutdown, stopped) = watch::channel(false);
        let url = opts.url.clone();
        let reader_stop = stopped.clone();
        std::thread::Builder::new()
            .name("floor-store".into())
            .spawn(move || reader(store, &url, &asked, &room_tx, &reader_stop))
            .map_err(ServeError::Runtime)?;
        let router = Router::new()
            .route("/", get(|| async { Redirect::to("/floor") }))
            .route("/page.css", get(style))
            .route("/floor", get(room_route))
            .route("/floor/table/{table}/hand/{number}", get(hand_route))
            .fallback(not_found)
            .layer(middleware::from_fn_with_state(
                Arc::new(FloorAuth::new(opts.token, &opts.hosts)),
                floor_guard,
            ))
            .layer(middleware::from_fn(no_body))
            .with_state(Shared { room, asks });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        std::thread::Builder::new()
            .name("floor-http".into())
            .spawn(move || {
                runtime.block_on(async move {
                    match tokio::net::TcpListener::from_std(listener) {
                        Ok(l) => {
                            listen::serve(
                                l,
                                router,
                                Some(listen::FLOOR_CONNECTION_LIFETIME),
                                stopped,
                            )
                            .await
                        }
                        Err(e) => log::error!("floor service cannot listen: {e}"),
                    }
                });
            })
            .map_err(ServeError::Runtime)?;
        Ok(FloorService { addr, shutdown })
    }

    /// The address it serves on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The room's page.
    pub fn url(&self) -> String {
        format!("http://{}/floor", self.addr)
    }
}

/// The store's thread: the room every [`REFRESH`], timelines when asked.
fn reader(
    store: Store,
    url: &str,
    asked: &mpsc::Receiver<HandAsk>,
    room: &watch::Sender<Arc<str>>,
    stop: &watch::Receiver<bool>,
) {
    let mut store = Some(store);
    let mut built = Instant::now()
        .checked_sub(REFRESH)
        .unwrap_or_else(Instant::now);
    while !*stop.borrow() {
        if store.as_ref().is_none_or(Store::is_closed) {
            store = match config(url).and_then(|c| Store::connect(&c)) {
                Ok(s) => Some(s),
                Err(e) => {
                    room.send_replace(Arc::from(error_page(&e.to_string())));
                    std::thread::sleep(RETRY);
                    continue;
                }
            };
        }
        let Some(s) = store.as_mut() else { continue };
        if built.elapsed() >= REFRESH {
            built = Instant::now();
            let page = match s.room() {
                Ok(r) => room_page(&r),
                Err(e) => error_page(&e.to_string()),
            };
            room.send_replace(Arc::from(page));
        }
        match asked.recv_timeout(REFRESH.saturating_sub(built.elapsed())) {
            Ok(ask) => {
                let answer = match s.finished_hand(&ask.table_id, ask.number) {
                    Ok(Some(records)) => {
                        (StatusCode::OK, hand_page(&ask.table_id, ask.number, &records))
                    }
                    Ok(None) => (
                        StatusCode::NOT_FOUND,
                        error_page(&format!(
                            "no finished hand {} at table {}: a hand in progress opens once it is over",
                            ask.number, ask.table_id
                        )),
                    ),
                    Err(e) => (StatusCode::SERVICE_UNAVAILABLE, error_page(&e.to_string())),
                };
                let _ = ask.reply.send(answer);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

async fn room_route(State(s): State<Shared>) -> Response {
    let page = s.room.borrow().to_string();
    html(StatusCode::OK, page)
}

async fn hand_route(
    State(s): State<Shared>,
    UrlPath((table_id, number)): UrlPath<(String, String)>,
) -> Response {
    let Ok(number) = number.parse::<u32>() else {
        return html(
            StatusCode::BAD_REQUEST,
            error_page("a hand number is a whole number"),
        );
    };
    let (reply, answer) = oneshot::channel();
    let ask = HandAsk {
        table_id,
        number,
        reply,
    };
    if s.asks.send(ask).is_err() {
        return html(
            StatusCode::SERVICE_UNAVAILABLE,
            error_page("the floor's store is not being read"),
        );
    }
    match tokio::time::timeout(HAND_TIMEOUT, answer).await {
        Ok(Ok((status, page))) => html(status, page),
        _ => html(
            StatusCode::SERVICE_UNAVAILABLE,
            error_page("the floor's store did not answer in time"),
        ),
    }
}
