//! The HTTP side of the display: the page, its script and style (compiled in: the
//! screen needs no network beyond the controller), the state as JSON, live updates as
//! server-sent events, and the floor's read-only view of the hand log.
//!
//! Every route is a GET; nothing here can change the table (issue: safe by default).

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::watch;
use tokio_stream::wrappers::WatchStream;
use tokio_stream::{Stream, StreamExt};

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");
/// Only our own origin, no inline script: a page that cannot be made to load
/// anything else.
const CSP: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// What the handlers share: the latest state and equity (as JSON), the language,
/// and the data folder of the floor view.
#[derive(Clone)]
pub(crate) struct Shared {
    pub state: watch::Receiver<Arc<str>>,
    pub equity: watch::Receiver<Arc<str>>,
    pub lang: &'static str,
    pub data: Option<PathBuf>,
}

/// The routes.
pub(crate) fn router(shared: Shared) -> Router {
    Router::new()
        .route("/", get(page))
        .route(
            "/page.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/page.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
        .route("/state", get(state))
        .route("/events", get(events))
        .route("/floor", get(floor_list))
        .route("/floor/hand/{number}", get(floor_hand))
        .fallback(|| async { (StatusCode::NOT_FOUND, "no such page") })
        .with_state(shared)
}

fn with_headers(mut r: Response, content_type: &'static str) -> Response {
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    with_headers(body.into_response(), content_type)
}

async fn page(State(s): State<Shared>) -> Response {
    let body = PAGE.replace("{{lang}}", s.lang);
    with_headers(body.into_response(), "text/html; charset=utf-8")
}

async fn state(State(s): State<Shared>) -> Response {
    let json = s.state.borrow().to_string();
    with_headers(json.into_response(), "application/json")
}

/// The live updates: the current state and equity at once, then every change.
async fn events(State(s): State<Shared>) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let states =
        WatchStream::new(s.state).map(|j| Ok(SseEvent::default().event("state").data(&*j)));
    let equity = WatchStream::new(s.equity)
        .filter(|j| !j.is_empty())
        .map(|j| Ok(SseEvent::default().event("equity").data(&*j)));
    Sse::new(states.merge(equity)).keep_alive(KeepAlive::default())
}

async fn floor_list(State(s): State<Shared>) -> Response {
    let html = match s.data {
        Some(dir) => tokio::task::spawn_blocking(move || super::floor::list_page(&dir))
            .await
            .unwrap_or_else(|e| super::floor::error_page(&e.to_string())),
        None => super::floor::error_page("this display has no hand log (no data folder)"),
    };
    with_headers(html.into_response(), "text/html; charset=utf-8")
}

async fn floor_hand(State(s): State<Shared>, UrlPath(number): UrlPath<String>) -> Response {
    let Ok(number) = number.parse::<u32>() else {
        let html = super::floor::error_page("a hand number is a whole number");
        let mut r = with_headers(html.into_response(), "text/html; charset=utf-8");
        *r.status_mut() = StatusCode::BAD_REQUEST;
        return r;
    };
    let html = match s.data {
        Some(dir) => tokio::task::spawn_blocking(move || super::floor::hand_page(&dir, number))
            .await
            .unwrap_or_else(|e| super::floor::error_page(&e.to_string())),
        None => super::floor::error_page("this display has no hand log (no data folder)"),
    };
    with_headers(html.into_response(), "text/html; charset=utf-8")
}
