//! `tablectl floor serve`: the floor's pages over HTTP, on the same bounded listener
//! as the table's display ([`crate::web::listen`]) behind the same token and host
//! allow-list as a table's floor view ([`crate::web::auth`]). Every route is a GET;
//! nothing here changes the store but its schema, brought up to date at start, or
//! only checked where the service reads a replica (`--no-migrate`).
//!
//! One thread owns the store's connection: it reads the room every [`REFRESH`],
//! feeding each table's new records to its engine for the hands in progress
//! ([`LiveTables`]), and answers the timeline and hands' searches the handlers pass
//! it, so the server's thread never waits on the database and the room's page costs
//! no query. Pages are drawn per request in the language asked (`?lang=`, else the
//! service's), with the room's filters.

use super::clock_page::{clock_page, tournaments_page};
use super::hands::{self, FloorHand};
use super::link::StoreLink;
use super::live::LiveTables;
use super::page::{hand_page, hands_page, room_page, store_down_page, HandsView, RoomView};
use super::room::{HandView, Room};
use super::store::Alert;
use super::store::Store;
use super::tournament_facts::{self, CheckError, Report};
use super::tournament_page::{tournament_alerts, tournament_page};
use super::tournaments::{self, TournamentLog, TournamentStoreError};
use super::when::FloorClock;
use super::FloorError;
use crate::records::handlog::HandFilter;
use crate::web::auth::FloorAuth;
use crate::web::html::error_document;
use crate::web::http::{floor_guard, html, no_body, not_found, style};
use crate::web::lang::Lang;
use crate::web::listen;
use crate::words::i18n::Word;
use axum::extract::{Path as UrlPath, Query, State};
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
    /// The pages' language when the browser asks for none (`?lang=`).
    pub lang: Lang,
    /// Whether to bring the store's schema up to date at start (the primary), or
    /// only check it is this program's (a read replica: `--no-migrate`).
    pub migrate: bool,
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

/// The cause kept whole, for whoever reads the chain (a log, a test).
impl std::error::Error for ServeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServeError::Store(e) => Some(e),
            ServeError::Bind(_, e) | ServeError::Runtime(e) => Some(e),
            _ => None,
        }
    }
}

/// What a page asks of the store's thread.
enum Asked {
    /// A finished hand's timeline (`None`: not over, or no such hand).
    Timeline { table_id: String, number: u32 },
    /// The hands that pass a filter.
    Hands {
        table: Option<String>,
        filter: HandFilter,
    },
    /// A tournament's events, checked.
    Tournament { id: String },
    /// The tournaments in the store.
    Tournaments,
    /// A tournament's checks across its tables.
    Checks { id: String },
}

/// The store's answer.
enum Answer {
    Timeline(HandView),
    Hands(Vec<FloorHand>),
    Tournament(Result<Box<TournamentLog>, TournamentStoreError>),
    Tournaments(Vec<(String, String)>),
    Checks(Result<Box<Checks>, TournamentStoreError>),
}

/// A tournament, its checks (`None`: the tables' records cannot be checked) and the
/// store's open alerts.
type Checks = (TournamentLog, Option<Report>, Vec<Alert>);

/// A question to the store's thread and where to answer.
struct Ask {
    asked: Asked,
    reply: oneshot::Sender<Result<Answer, FloorError>>,
}

/// The room as last read, or why it could not be.
type RoomState = Result<Arc<Room>, Unread>;

/// Why the room's page has no room to show: shown on the page that reloads until
/// the store answers, so the floor sees whether to wait or to look at the store.
#[derive(Debug, Clone)]
enum Unread {
    /// The service has just started: the first reading is under way.
    NotYet,
    /// The store could not be reached or read (every page shares the one error).
    Store(Arc<FloorError>),
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unread::NotYet => f.write_str("the room is being read from the store"),
            Unread::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Unread {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Unread::NotYet => None,
            Unread::Store(e) => Some(e.as_ref()),
        }
    }
}

#[derive(Clone)]
struct Shared {
    room: watch::Receiver<RoomState>,
    asks: mpsc::Sender<Ask>,
    lang: Lang,
    clock: Arc<FloorClock>,
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
    /// A store that cannot be reached yet is waited for: the pages say so and reload
    /// until it answers (a floor restarted with its store is up in either order); a
    /// store that answers and refuses (a wrong password, another schema) is an error.
    pub fn start(opts: ServeOptions) -> Result<FloorService, ServeError> {
        if !opts.bind.ip().is_loopback() && opts.hosts.is_empty() {
            return Err(ServeError::NeedsHosts(opts.bind));
        }
        let connect = if opts.migrate {
            Store::connect
        } else {
            Store::connect_to_read
        };
        let store = match StoreLink::parse(&opts.url).and_then(|l| connect(&l)) {
            Ok(s) => Some(s),
            Err(FloorError::Unreachable(e)) => {
                log::warn!("floor: the store cannot be reached yet ({e}): waiting for it");
                None
            }
            Err(e) => return Err(ServeError::Store(e)),
        };
        let listener =
            std::net::TcpListener::bind(opts.bind).map_err(|e| ServeError::Bind(opts.bind, e))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| ServeError::Bind(opts.bind, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ServeError::Bind(opts.bind, e))?;
        let (room_tx, room) = watch::channel::<RoomState>(Err(Unread::NotYet));
        let (asks, asked) = mpsc::channel::<Ask>();
        let (shutdown, stopped) = watch::channel(false);
        let url = opts.url.clone();
        let reader_stop = stopped.clone();
        std::thread::Builder::new()
            .name("floor-store".into())
            .spawn(move || reader(store, &url, connect, &asked, &room_tx, &reader_stop))
            .map_err(ServeError::Runtime)?;
        let router = Router::new()
            .route("/", get(|| async { Redirect::to("/floor") }))
            .route("/page.css", get(style))
            .route("/floor", get(room_route))
            .route("/floor/hands", get(hands_route))
            .route("/floor/table/{table}/hand/{number}", get(hand_route))
            .route("/floor/tournament", get(tournaments_route))
            .route("/floor/tournament/{id}", get(clock_route))
            .route("/floor/tournament/{id}/checks", get(checks_route))
            .fallback(not_found)
            .layer(middleware::from_fn_with_state(
                Arc::new(FloorAuth::new(opts.token, &opts.hosts)),
                floor_guard,
            ))
            .layer(middleware::from_fn(no_body))
            .with_state(Shared {
                room,
                asks,
                lang: opts.lang,
                clock: Arc::new(FloorClock::default()),
            });
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

/// What the room's reader keeps between refreshes.
#[derive(Default)]
struct Reading {
    /// Every table's engine.
    live: LiveTables,
    /// What the reader found wrong and could not raise as an alert (a read
    /// replica): shown on the room's page until the service restarts.
    unstored: Vec<Alert>,
}

/// The room with each hand in progress from its engine, `live` fed (and the
/// records it reads checked) first.
fn read_room(store: &mut Store, r: &mut Reading) -> Result<Room, FloorError> {
    let (_, problems) = r.live.read(store)?;
    for p in problems {
        if let Err(e) = store.raise(&p.table_id, p.kind, p.seq, &p.detail) {
            log::error!(
                "floor: the alert for table {} cannot be stored: {e}",
                p.table_id
            );
            r.unstored.push(Alert {
                id: 0,
                table_id: p.table_id,
                kind: p.kind.word().to_string(),
                seq: p.seq.0,
                detail: p.detail,
                cleared: false,
            });
        }
    }
    let mut room = store.room()?;
    for t in &mut room.tables {
        t.live = r.live.hand(&t.table_id);
        t.unverified = r.live.unverified(&t.table_id);
    }
    room.alerts.extend(r.unstored.iter().cloned());
    Ok(room)
}

fn answer(store: &mut Store, asked: Asked) -> Result<Answer, FloorError> {
    Ok(match asked {
        Asked::Timeline { table_id, number } => {
            Answer::Timeline(store.finished_hand(&table_id, number)?)
        }
        Asked::Hands { table, filter } => {
            Answer::Hands(hands::list(store.client(), table.as_deref(), &filter)?)
        }
        Asked::Tournament { id } => match TournamentLog::load(store, &id) {
            // The store's own failure: the page that waits for it.
            Err(TournamentStoreError::Store(e)) => return Err(e),
            other => Answer::Tournament(other.map(Box::new)),
        },
        Asked::Tournaments => Answer::Tournaments(match tournaments::list(store) {
            Ok(list) => list,
            Err(TournamentStoreError::Store(e)) => return Err(e),
            Err(_) => Vec::new(),
        }),
        Asked::Checks { id } => Answer::Checks(checks(store, &id)?),
    })
}

/// Tournament `id`'s checks, their findings raised as alerts (a replica, which
/// takes no alert, shows them all the same).
fn checks(
    store: &mut Store,
    id: &str,
) -> Result<Result<Box<Checks>, TournamentStoreError>, FloorError> {
    let log = match TournamentLog::load(store, id) {
        Ok(log) => log,
        Err(TournamentStoreError::Store(e)) => return Err(e),
        Err(e) => return Ok(Err(e)),
    };
    let report = match tournament_facts::report(store, &log) {
        Ok(r) => Some(r),
        Err(CheckError::Store(e)) => return Err(e),
        Err(e) => {
            log::warn!("floor: tournament {id}: {e}");
            None
        }
    };
    if let Some(r) = &report {
        if let Err(e) = tournament_facts::raise(store, id, r) {
            log::warn!("floor: tournament {id}'s alerts cannot be stored: {e}");
        }
    }
    let alerts = store.alerts(false)?;
    Ok(Ok(Box::new((log, report, alerts))))
}

/// The store's thread: the room every [`REFRESH`], the pages' questions when asked.
fn reader(
    store: Option<Store>,
    url: &str,
    connect: fn(&StoreLink) -> Result<Store, FloorError>,
    asked: &mpsc::Receiver<Ask>,
    room: &watch::Sender<RoomState>,
    stop: &watch::Receiver<bool>,
) {
    let mut store = store;
    let mut reading = Reading::default();
    let mut built = Instant::now()
        .checked_sub(REFRESH)
        .unwrap_or_else(Instant::now);
    while !*stop.borrow() {
        if store.as_ref().is_none_or(Store::is_closed) {
            store = match StoreLink::parse(url).and_then(|l| connect(&l)) {
                Ok(s) => Some(s),
                Err(e) => {
                    let _ = room.send_replace(Err(Unread::Store(Arc::new(e))));
                    std::thread::sleep(RETRY);
                    continue;
                }
            };
        }
        let Some(s) = store.as_mut() else { continue };
        if built.elapsed() >= REFRESH {
            built = Instant::now();
            let _ = room.send_replace(
                read_room(s, &mut reading)
                    .map(Arc::new)
                    .map_err(|e| Unread::Store(Arc::new(e))),
            );
        }
        match asked.recv_timeout(REFRESH.saturating_sub(built.elapsed())) {
            Ok(ask) => {
                let _ = ask.reply.send(answer(s, ask.asked));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// A page that says what went wrong, in English under the floor view's title, as a
/// table's floor view says it.
fn error_page(message: &str) -> String {
    error_document(Lang::En, Lang::En.word(Word::FloorView), message)
}

/// The pages' language: `?lang=` when it names one, else the service's.
fn lang_of(s: &Shared, code: Option<&str>) -> Lang {
    code.and_then(Lang::from_code).unwrap_or(s.lang)
}

/// Sends `asked` to the store's thread and waits for its answer; a page in `lang`
/// that reloads until the store answers, if it does not.
async fn ask(s: &Shared, lang: Lang, asked: Asked) -> Result<Answer, Response> {
    let down = |e: &str| html(StatusCode::SERVICE_UNAVAILABLE, store_down_page(lang, e));
    let (reply, answer) = oneshot::channel();
    if s.asks.send(Ask { asked, reply }).is_err() {
        return Err(down("the floor's store is not being read"));
    }
    match tokio::time::timeout(HAND_TIMEOUT, answer).await {
        Ok(Ok(Ok(a))) => Ok(a),
        Ok(Ok(Err(e))) => Err(down(&e.to_string())),
        _ => Err(down("the floor's store did not answer in time")),
    }
}

/// The room page's query: `?lang=&table=&game=&alerts=1`; an empty field is none.
#[derive(Debug, Default, serde::Deserialize)]
struct RoomQuery {
    lang: Option<String>,
    table: Option<String>,
    game: Option<String>,
    alerts: Option<String>,
}

fn given(v: Option<String>) -> Option<String> {
    v.filter(|v| !v.trim().is_empty())
}

async fn room_route(State(s): State<Shared>, Query(q): Query<RoomQuery>) -> Response {
    let view = RoomView {
        lang: lang_of(&s, q.lang.as_deref()),
        table: given(q.table),
        game: given(q.game),
        alerts_only: given(q.alerts).is_some(),
    };
    let room = s.room.borrow().clone();
    match room {
        Ok(room) => html(StatusCode::OK, room_page(&room, &view, &s.clock)),
        Err(e) => html(
            StatusCode::SERVICE_UNAVAILABLE,
            store_down_page(view.lang, &e.to_string()),
        ),
    }
}

/// The hands' search: `?table=&seat=&from=&to=&pot_over=&corrections=1&misdeals=1&rulings=1`.
#[derive(Debug, Default, serde::Deserialize)]
struct HandsQuery {
    lang: Option<String>,
    table: Option<String>,
    seat: Option<String>,
    from: Option<String>,
    to: Option<String>,
    pot_over: Option<String>,
    corrections: Option<String>,
    misdeals: Option<String>,
    rulings: Option<String>,
}

impl HandsQuery {
    /// The search asked, or what in it does not read.
    fn view(self, clock: &FloorClock) -> Result<HandsView, QueryError> {
        let time = |v: Option<String>, what: &'static str| {
            given(v)
                .map(|t| clock.parse(&t).ok_or(QueryError::Time(what)))
                .transpose()
        };
        let filter = HandFilter {
            seat: given(self.seat)
                .map(|v| v.trim().parse().map_err(|_| QueryError::Seat))
                .transpose()?,
            from_ms: time(self.from, "from")?,
            to_ms: time(self.to, "to")?,
            pot_over: given(self.pot_over)
                .map(|v| v.trim().parse().map_err(|_| QueryError::Pot))
                .transpose()?,
            corrections: given(self.corrections).is_some(),
            misdeals: given(self.misdeals).is_some(),
            rulings: given(self.rulings).is_some(),
            ..HandFilter::default()
        };
        Ok(HandsView {
            table: given(self.table),
            filter,
        })
    }
}

/// A field of the hands' search that does not read: the page says which, and how
/// to write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum QueryError {
    /// `from` or `to` is not a date and a time.
    Time(&'static str),
    /// `seat` is not a seat's number.
    Seat,
    /// `pot_over` is not a whole number of chips.
    Pot,
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueryError::Time(what) => {
                write!(f, "{what} is a date and a time: 2026-11-25T14:00")
            }
            QueryError::Seat => f.write_str("a seat is a number from 1 to 10"),
            QueryError::Pot => f.write_str("a pot is a whole number of chips"),
        }
    }
}

impl std::error::Error for QueryError {}

async fn hands_route(State(s): State<Shared>, Query(q): Query<HandsQuery>) -> Response {
    let lang = lang_of(&s, q.lang.as_deref());
    let view = match q.view(&s.clock) {
        Ok(v) => v,
        Err(e) => return html(StatusCode::BAD_REQUEST, error_page(&e.to_string())),
    };
    let tables: Vec<String> = match &*s.room.borrow() {
        Ok(room) => room.tables.iter().map(|t| t.table_id.clone()).collect(),
        Err(_) => Vec::new(),
    };
    let asked = Asked::Hands {
        table: view.table.clone(),
        filter: view.filter.clone(),
    };
    match ask(&s, lang, asked).await {
        Ok(Answer::Hands(found)) => html(
            StatusCode::OK,
            hands_page(lang, &s.clock, &view, &tables, &found),
        ),
        Ok(_) => other_answer(),
        Err(r) => r,
    }
}

/// The page for an answer to another question than the one asked (never sent).
fn other_answer() -> Response {
    html(
        StatusCode::INTERNAL_SERVER_ERROR,
        error_page("the store answered another question"),
    )
}

/// The timeline page's query: `?lang=`.
#[derive(Debug, Default, serde::Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

async fn hand_route(
    State(s): State<Shared>,
    UrlPath((table_id, number)): UrlPath<(String, String)>,
    Query(q): Query<LangQuery>,
) -> Response {
    let lang = lang_of(&s, q.lang.as_deref());
    let Ok(number) = number.parse::<u32>() else {
        return html(
            StatusCode::BAD_REQUEST,
            error_page("a hand number is a whole number"),
        );
    };
    let asked = Asked::Timeline {
        table_id: table_id.clone(),
        number,
    };
    match ask(&s, lang, asked).await {
        Ok(Answer::Timeline(HandView::Shown(records))) => html(
            StatusCode::OK,
            hand_page(lang, &table_id, number, &records),
        ),
        // Not shown as fact: what failed, on the page's first line.
        Ok(Answer::Timeline(HandView::Refused(fault))) => html(
            StatusCode::CONFLICT,
            error_page(&format!(
                "hand {number} of table {table_id} is not shown: its records as the floor's store holds them do not verify ({fault}); the store's copy was changed: see the alerts, and the table's own log (tablectl audit show)"
            )),
        ),
        Ok(_) => html(
            StatusCode::NOT_FOUND,
            error_page(&format!(
                "no finished hand {number} at table {table_id}: a hand in progress opens once it is over"
            )),
        ),
        Err(r) => r,
    }
}

async fn tournaments_route(State(s): State<Shared>, Query(q): Query<LangQuery>) -> Response {
    let lang = lang_of(&s, q.lang.as_deref());
    match ask(&s, lang, Asked::Tournaments).await {
        Ok(Answer::Tournaments(list)) => html(StatusCode::OK, tournaments_page(&list, lang)),
        Ok(_) => other_answer(),
        Err(r) => r,
    }
}

async fn clock_route(
    State(s): State<Shared>,
    UrlPath(id): UrlPath<String>,
    Query(q): Query<LangQuery>,
) -> Response {
    let lang = lang_of(&s, q.lang.as_deref());
    match ask(&s, lang, Asked::Tournament { id: id.clone() }).await {
        Ok(Answer::Tournament(Ok(log))) => html(
            StatusCode::OK,
            clock_page(
                &log.id,
                &log.state,
                lang,
                crate::records::time::WallTime::now(),
            ),
        ),
        Ok(Answer::Tournament(Err(e @ TournamentStoreError::Unknown(_))))
        | Ok(Answer::Tournament(Err(e @ TournamentStoreError::BadId(_)))) => {
            html(StatusCode::NOT_FOUND, error_page(&e.to_string()))
        }
        // Not shown as fact: what failed, on the page's first line.
        Ok(Answer::Tournament(Err(e))) => html(StatusCode::CONFLICT, error_page(&e.to_string())),
        Ok(_) => other_answer(),
        Err(r) => r,
    }
}

/// A tournament's checks: a malformed id is refused before the store is asked, with
/// a short answer that does not repeat it.
async fn checks_route(
    State(s): State<Shared>,
    UrlPath(id): UrlPath<String>,
    Query(q): Query<LangQuery>,
) -> Response {
    let lang = lang_of(&s, q.lang.as_deref());
    if tournaments::check_id(&id).is_err() {
        return html(
            StatusCode::BAD_REQUEST,
            error_page("not a tournament id: 1 to 32 letters, digits, '_', '.' or '-'"),
        );
    }
    match ask(&s, lang, Asked::Checks { id }).await {
        Ok(Answer::Checks(Ok(c))) => {
            let (log, report, alerts) = *c;
            let alerts = tournament_alerts(&log.id, &alerts);
            html(
                StatusCode::OK,
                tournament_page(&log.id, &log.state, report.as_ref(), &alerts, lang),
            )
        }
        Ok(Answer::Checks(Err(TournamentStoreError::Unknown(_)))) => html(
            StatusCode::NOT_FOUND,
            error_page("there is no such tournament"),
        ),
        // Not shown as fact: what failed, on the page's first line.
        Ok(Answer::Checks(Err(e))) => html(StatusCode::CONFLICT, error_page(&e.to_string())),
        Ok(_) => other_answer(),
        Err(r) => r,
    }
}
