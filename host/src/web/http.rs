//! What both pages answer with, whoever serves them: the headers (type, no caching,
//! no sniffing) and content security policies, the style sheet they share (compiled
//! in: the screens need no network beyond the controller), and the checks made
//! before any route (no request body; the floor's host and token).

use super::auth::{AuthRefusal, FloorAuth};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The style sheet of the players' screen, the dealer's view and the floor's pages.
pub const STYLE: &str = include_str!("page.css");
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
pub const CSP: &str = policy!("'none'");
/// The floor's pages: the same policy, but their filters and search are GET forms
/// that submit to the page's own origin (and nowhere else).
pub const FLOOR_CSP: &str = policy!("'self'");

/// The answer to an address no route serves.
pub async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "no such page").into_response()
}

/// The style sheet both pages share ([`STYLE`]).
pub async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// Every route is a GET: a request with a body is refused before anything reads it.
pub async fn no_body(req: Request, next: Next) -> Response {
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

/// The floor's checks, before any route: the host, then the token. The table's floor
/// view and the floor's service guard their pages with it.
pub async fn floor_guard(State(auth): State<Arc<FloorAuth>>, req: Request, next: Next) -> Response {
    let checked = {
        let text = |name| req.headers().get(name).and_then(|v| v.to_str().ok());
        auth.check(text(header::HOST), text(header::AUTHORIZATION))
    };
    match checked {
        Ok(()) => next.run(req).await,
        Err(AuthRefusal::Host) => (
            StatusCode::MISDIRECTED_REQUEST,
            "the floor view answers only to its configured host names",
        )
            .into_response(),
        Err(AuthRefusal::Token) => {
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

/// A response of the players' screen: its type, never cached, its policy ([`CSP`]).
pub fn with_headers(r: Response, content_type: &'static str) -> Response {
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

/// A page's asset, compiled in.
pub fn asset(content_type: &'static str, body: &'static str) -> Response {
    with_headers(body.into_response(), content_type)
}

/// A floor page ([`FLOOR_CSP`]: its forms may submit to it).
pub fn html(status: StatusCode, body: String) -> Response {
    let mut r = with_policy(body.into_response(), "text/html; charset=utf-8", FLOOR_CSP);
    *r.status_mut() = status;
    r
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
