//! One listener of the display, bounded: at most [`MAX_CONNECTIONS`] connections at
//! once (more wait in the system's queue until one closes), each closed when its
//! request head does not arrive within [`HEADER_READ_TIMEOUT`] (a slow client, or a
//! socket left open and idle between requests), a request head of at most
//! [`MAX_REQUEST_HEAD_BYTES`] and [`MAX_HEADERS`] headers (hyper's own settings), and
//! on a listener of short pages a whole connection limited to `lifetime`; and at
//! most one new connection every [`MIN_ACCEPT_INTERVAL`]. The table runs on its own
//! thread: whatever clients do here, it only costs this thread.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};

/// Connections served at once, per listener.
pub const MAX_CONNECTIONS: usize = 64;
/// The most a client may take to send a request's head, counted from the connection
/// or from the end of the previous response (so it is also the idle timeout).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(3);
/// The largest request head (request line and headers) read.
pub const MAX_REQUEST_HEAD_BYTES: usize = 16 * 1024;
/// The most headers one request may have.
pub const MAX_HEADERS: usize = 32;
/// The shortest time between two connections taken (500 a second per listener, far
/// more than a table's screens and floor need): clients that connect faster wait in
/// the system's queue, and once it is full the system slows them down itself, so a
/// flood of connections costs the machine a bounded share, never the table's pace.
pub const MIN_ACCEPT_INTERVAL: Duration = Duration::from_millis(2);
/// The longest a connection of the floor's listener lives (its pages are short; the
/// players' screen keeps its event stream open, so it has none).
pub const FLOOR_CONNECTION_LIFETIME: Duration = Duration::from_secs(30);

/// Serves `router` on `listener` until `stop` changes or is dropped.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    lifetime: Option<Duration>,
    mut stop: watch::Receiver<bool>,
) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .max_buf_size(MAX_REQUEST_HEAD_BYTES)
        .max_headers(MAX_HEADERS);
    let http = Arc::new(http);
    let mut next_accept = tokio::time::Instant::now();
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(next_accept) => {}
            _ = stop.changed() => return,
        }
        let slot = tokio::select! {
            s = slots.clone().acquire_owned() => s,
            _ = stop.changed() => return,
        };
        let Ok(slot) = slot else { return };
        let stream = tokio::select! {
            a = listener.accept() => a,
            _ = stop.changed() => return,
        };
        next_accept = tokio::time::Instant::now() + MIN_ACCEPT_INTERVAL;
        let stream = match stream {
            Ok((s, _)) => s,
            Err(e) => {
                // Out of file descriptors or a connection reset before it was
                // taken: wait a moment rather than spin.
                log::warn!("display: a connection could not be taken: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        let http = http.clone();
        tokio::spawn(async move {
            let conn = http.serve_connection(TokioIo::new(stream), service);
            // Errors here are the client's (it went away, it was too slow): the
            // connection is closed and nothing else is to be done.
            match lifetime {
                Some(limit) => {
                    let _ = tokio::time::timeout(limit, conn).await;
                }
                None => {
                    let _ = conn.await;
                }
            }
            drop(slot);
        });
    }
}
