//! The floor's page as floor staff use it in a browser: its rows, its room filter
//! and its hands' search, each submitted from the page's own form.

use crate::browser::{launch, Browser, Cdp};
use serde_json::json;
use std::time::{Duration, Instant};

/// How long a form may take to answer before the test fails: a hang guard, not a
/// timing.
const FORM_GUARD: Duration = Duration::from_secs(60);

/// Headless Chromium sending the floor's `token` with every request, `url` open.
pub fn floor_browser(exe: &std::path::Path, url: &str, token: &str) -> Browser {
    let mut browser = launch(exe);
    let cdp = &mut browser.cdp;
    cdp.call("Network.enable", json!({}), true);
    cdp.call(
        "Network.setExtraHTTPHeaders",
        json!({ "headers": { "Authorization": format!("Bearer {token}") } }),
        true,
    );
    cdp.call("Page.navigate", json!({ "url": url }), true);
    browser
}

/// A page expression: whether the page shows table `id`'s row.
pub fn row_of(id: &str) -> String {
    format!("document.querySelector('tr[data-table=\"{id}\"]') !== null")
}

/// Picks table `id` in the room's filter and presses its button, until the room
/// shows `id`'s row and not `other`'s. The room reloads itself, which may land
/// between the pick and the press: pick and press again until the form's answer is
/// on the screen.
pub fn filter_room(cdp: &mut Cdp, id: &str, other: &str) {
    let filtered = format!(
        "location.search.includes('table={id}') && {} && !({})",
        row_of(id),
        row_of(other)
    );
    let submit = format!(
        "(() => {{ const f = document.querySelector('form.filter'); \
         f.querySelector('select[name=table]').value = '{id}'; \
         f.querySelector('button').click(); return true; }})()"
    );
    let started = Instant::now();
    while cdp.eval(&filtered) != json!(true) {
        assert!(
            started.elapsed() < FORM_GUARD,
            "the room's filter never answered"
        );
        if cdp.eval(&format!("location.search.includes('table={id}')")) != json!(true) {
            cdp.eval(&submit);
        }
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// From the room's link to the hands' search, table `id` and `seat` typed in, the
/// button pressed; waits until the search's address holds both.
pub fn search_hands(cdp: &mut Cdp, id: &str, seat: &str) {
    cdp.eval("document.querySelector('form.filter a[href^=\"/floor/hands\"]').click()");
    cdp.wait_for("location.pathname === '/floor/hands'", "the hands' search");
    cdp.wait_for(
        "document.querySelector('form.filter button') !== null",
        "its form",
    );
    cdp.eval(&format!(
        "(() => {{ const f = document.querySelector('form.filter'); \
         f.querySelector('select[name=table]').value = '{id}'; \
         f.querySelector('input[name=seat]').value = '{seat}'; \
         f.querySelector('button').click(); return true; }})()"
    ));
    cdp.wait_for(
        &format!(
            "location.search.includes('table={id}') && location.search.includes('seat={seat}')"
        ),
        "the search submitted",
    );
}
