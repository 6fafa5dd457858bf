//! The HTTP side of the display, two routers for two listeners: the players' screen
//! (the page, its script and style, compiled in: the screen needs no network beyond
//! the controller; the state as JSON and live updates as server-sent events) and the
//! floor's read-only view of the recent hands, behind its token.
//!
//! Every route is a GET; nothing here can change the table (issue: safe by default).

use super::auth::{FloorAuth, Refusal};
use super::floor;
use super::index::SharedIndex;
use super::sse::{Slots, Updates};
use axum::extract::{ConnectInfo, Path as UrlPath, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use std::sync::{Arc, PoisonError};

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");
/// The pages' content security policy, where forms may submit to `$forms`: only our
/// own origin, no inline script, a page that cannot be made to load anything else.
macro_rules! policy {
    ($forms:literal) => {
        concat!(
            "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; ",
            "form-action ",
            $forms,
            "; frame-ancestors 'none'"
        )
    };
}
/// The players' screen has no form: none may submit.
const CSP: &str = policy!("'none'");
/// The floor's pages: the same policy, but their filters and search are GET forms
/// that submit to the page's own origin (and nowhere else).
const FLOOR_CSP: &str = policy!("'self'");

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

pub(crate) async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "no such page").into_response()
}

pub(crate) async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// Every route is a GET: a request with a body is refused before anything reads it.
pub(crate) async fn no_body(req: Request, next: Next) -> Response {
    let has_body = req.headers().contains_key(header::TRANSFER_ENCODING)
        || req
            .headers()
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0");
    if has_body {
        return (
            StatusCode::PAYLOAD_TOO_LARGE,
            "this display takes no request body",
        )
            .into_response();
    }
    next.run(req).await
}

/// The floor's checks, before any route: the host, then the token. The floor's
/// store (`crate::floor`) guards its pages with it too.
pub(crate) async fn floor_guard(
    State(auth): State<Arc<FloorAuth>>,
    req: Request,
    next: Next,
) -> Response {
    let checked = {
        let text = |name| req.headers().get(name).and_then(|v| v.to_str().ok());
        auth.check(text(header::HOST), text(header::AUTHORIZATION))
    };
    match checked {
        Ok(()) => next.run(req).await,
        Err(Refusal::Host) => (
            StatusCode::MISDIRECTED_REQUEST,
            "the floor view answers only to its configured host names",
        )
            .into_response(),
        Err(Refusal::Token) => {
            let mut r = (
                StatusCode::UNAUTHORIZED,
                "the floor view needs the floor's token (as the password; any user name)",
            )
                .into_response();
            r.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Basic realm=\"floor\", charset=\"UTF-8\""),
            );
            r
        }
    }
}

fn with_headers(r: Response, content_type: &'static str) -> Response {
    with_policy(r, content_type, CSP)
}

fn with_policy(mut r: Response, content_type: &'static str, csp: &'static str) -> Response {
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(csp),
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

/// A floor page ([`FLOOR_CSP`]: its forms may submit to it).
pub(crate) fn html(status: StatusCode, body: String) -> Response {
    let mut r = with_policy(body.into_response(), "text/html; charset=utf-8", FLOOR_CSP);
    *r.status_mut() = status;
    r
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

#[cfg(test)]
mod tests {
    use super::{CSP, FLOOR_CSP};

    #[test]
    fn the_floors_pages_may_submit_their_forms_to_themselves_and_nothing_else_changes() {
        assert!(CSP.contains("form-action 'none'"));
        assert!(FLOOR_CSP.contains("form-action 'self'"));
        assert_eq!(
            FLOOR_CSP.replace("form-action 'self'", "form-action 'none'"),
            CSP
        );
    }
}
