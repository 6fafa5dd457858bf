//! The HTTP side of the display, two routers for two listeners: the players' screen
//! (the page, its script and the shared style ([`crate::web::http`]), compiled in:
//! the screen needs no network beyond the controller; the state as JSON and live
//! updates as server-sent events) and the floor's read-only view of the recent
//! hands, behind its token.
//!
//! Every route is a GET; nothing here can change the table (issue: safe by default).

use super::floor;
use super::index::SharedIndex;
use super::sse::{Slots, Updates};
use crate::web::auth::FloorAuth;
use crate::web::http::{asset, floor_guard, html, no_body, not_found, style, with_headers};
use axum::extract::{ConnectInfo, Path as UrlPath, State};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use std::sync::{Arc, PoisonError};

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");

/// What the players' screen's handlers share: the latest state, equity and floor
/// store's line (the dealer's view's: nothing secret, a count of records and a
/// connection), each encoded once; who holds the live streams; the language.
#[derive(Clone)]
pub(crate) struct Shared {
    pub updates: Updates,
    pub slots: Arc<Slots>,
    pub lang: &'static str,
}

/// What the floor's handlers share: the index of recent hands, and who may read.
#[derive(Clone)]
pub(crate) struct FloorShared {
    pub index: SharedIndex,
    pub auth: Arc<FloorAuth>,
    /// The table's language, the floor view's too.
    pub lang: super::Lang,
}

/// The players' screen: only what the table shows (no floor view here, and no hole
/// card or burn of a hand in progress in its state: see `view`).
pub(crate) fn screen_router(shared: Shared) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/dealer", get(dealer_page))
        .route(
            "/page.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route("/page.css", get(style))
        .route("/state", get(state))
        .route("/events", get(events))
        .fallback(not_found)
        .layer(middleware::from_fn(no_body))
        .with_state(shared)
}

/// The floor view: the recent hands, behind the token and the host allow-list.
pub(crate) fn floor_router(shared: FloorShared) -> Router {
    Router::new()
        .route("/", get(|| async { Redirect::to("/floor") }))
        .route("/page.css", get(style))
        .route("/floor", get(floor_list))
        .route("/floor/hand/{number}", get(floor_hand))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(
            shared.auth.clone(),
            floor_guard,
        ))
        .layer(middleware::from_fn(no_body))
        .with_state(shared)
}

async fn page(State(s): State<Shared>) -> Response {
    let body = PAGE.replace("{{lang}}", s.lang).replace("{{mode}}", "");
    with_headers(body.into_response(), "text/html; charset=utf-8")
}

/// The same page for the dealer's screen: the table and, under it, the dealer's
/// view (the next step, the amount keyed, refusals, the last inputs, the shoe).
async fn dealer_page(State(s): State<Shared>) -> Response {
    let body = PAGE
        .replace("{{lang}}", s.lang)
        .replace("{{mode}}", "dealer");
    with_headers(body.into_response(), "text/html; charset=utf-8")
}

async fn state(State(s): State<Shared>) -> Response {
    let json = s
        .updates
        .state
        .borrow()
        .as_ref()
        .map(|f| f.data())
        .unwrap_or_default();
    with_headers(json.into_response(), "application/json")
}

/// The live updates (`sse`): refused with a short answer when this client or the
/// listener holds as many streams as it may, so held streams never take the page's
/// connections.
async fn events(State(s): State<Shared>, ConnectInfo(peer): ConnectInfo<SocketAddr>) -> Response {
    match s.slots.take(peer.ip()) {
        Ok(slot) => super::sse::stream(s.updates, slot),
        Err(full) => full.into_response(),
    }
}

fn index(s: &FloorShared) -> std::sync::MutexGuard<'_, super::index::FloorIndex> {
    s.index.lock().unwrap_or_else(PoisonError::into_inner)
}

async fn floor_list(State(s): State<FloorShared>) -> Response {
    let body = floor::list_page(s.lang, &index(&s));
    html(StatusCode::OK, body)
}

async fn floor_hand(State(s): State<FloorShared>, UrlPath(number): UrlPath<String>) -> Response {
    let Ok(number) = number.parse::<u32>() else {
        return html(
            StatusCode::BAD_REQUEST,
            floor::error_page_in(s.lang, s.lang.word(super::i18n::Word::NotANumber)),
        );
    };
    let (found, body) = floor::hand_page(s.lang, &index(&s), number);
    let status = if found {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    html(status, body)
}
