//! One listener of a page (the display's two, the floor service's), bounded so that
//! no client, nor a crowd of them, keeps an honest page from loading:
//!
//! - at most [`MAX_CONNECTIONS`] connections at once, and [`MAX_CONNECTIONS_PER_CLIENT`]
//!   from one address: a connection past either limit first closes the oldest one
//!   that is idle (no request in progress and the listener waiting on its silence: a
//!   socket opened and left silent, a slow or partial request head, a kept-alive
//!   connection between requests; never one whose bytes have not been read yet, such
//!   as an honest request that came a moment ago, nor the newcomer itself), of that
//!   address for its own limit, of anyone for the listener's; with none idle, a
//!   client over its own limit is refused and one over the listener's waits for a
//!   request to end (the event streams, capped below half the connections by
//!   the display's `sse::MAX_STREAMS`, can never hold them all);
//! - each connection closed when its request head does not arrive within
//!   [`HEADER_READ_TIMEOUT`] (also the idle timeout between requests), a request head
//!   of at most [`MAX_REQUEST_HEAD_BYTES`] and [`MAX_HEADERS`] headers (hyper's own
//!   settings), and on a listener of short pages a whole connection limited to
//!   `lifetime`;
//! - at most one new connection every [`MIN_ACCEPT_INTERVAL`].
//!
//! The client's address goes with each request (axum's `ConnectInfo`), for the
//! streams' own cap. The table runs on its own thread: whatever clients do here, it
//! only costs this thread.

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, Semaphore};

/// Connections served at once, per listener.
pub const MAX_CONNECTIONS: usize = 64;
/// Connections one client address may hold at once: two browsers on the controller
/// (the players' screen and the dealer's view), six connections each as browsers
/// open them, and their streams.
pub const MAX_CONNECTIONS_PER_CLIENT: usize = 16;
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

/// The answer, before closing, to a client over its own limit with none of its
/// connections idle (all busy with requests or streams).
const REFUSED: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain\r\n\
content-length: 38\r\nretry-after: 5\r\nconnection: close\r\n\r\ntoo many connections from this address";

/// One open connection, as the listener sees it.
struct Conn {
    /// In the order taken: the lowest is the oldest.
    id: u64,
    client: IpAddr,
    /// Requests in progress (their responses not yet all sent).
    busy: AtomicUsize,
    /// Whether the listener has read all this connection sent and waits for more.
    /// Only then may it be closed to make room: until its bytes are read, a
    /// connection may hold a whole honest request (it came a moment ago, or it
    /// waits for a place), and closing it would refuse that client for nothing.
    waiting: AtomicBool,
    /// Told when the listener needs its place.
    close: Notify,
}

/// The open connections.
#[derive(Default)]
struct Open {
    conns: Mutex<Vec<Arc<Conn>>>,
}

impl Open {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Conn>>> {
        self.conns.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes `conn` in, closing the oldest idle connection of its client when it has
    /// too many; `false` when it has too many and none of them is idle.
    fn admit(&self, conn: &Arc<Conn>) -> bool {
        let mut conns = self.lock();
        let mine = conns.iter().filter(|c| c.client == conn.client).count();
        if mine >= MAX_CONNECTIONS_PER_CLIENT && !close_oldest_idle(&mut conns, Some(conn.client)) {
            return false;
        }
        conns.push(conn.clone());
        true
    }

    /// Closes the oldest idle connection of anyone: whether there was one.
    fn make_room(&self) -> bool {
        close_oldest_idle(&mut self.lock(), None)
    }

    fn remove(&self, id: u64) {
        self.lock().retain(|c| c.id != id);
    }
}

impl Conn {
    /// No request in progress, and the listener waiting on its silence.
    fn is_idle(&self) -> bool {
        self.busy.load(Ordering::Relaxed) == 0 && self.waiting.load(Ordering::Relaxed)
    }
}

/// Tells the oldest idle connection (of `client`, if given) to close and forgets it.
fn close_oldest_idle(conns: &mut Vec<Arc<Conn>>, client: Option<IpAddr>) -> bool {
    let oldest = conns
        .iter()
        .enumerate()
        .filter(|(_, c)| client.is_none_or(|a| c.client == a))
        .filter(|(_, c)| c.is_idle())
        .min_by_key(|(_, c)| c.id)
        .map(|(i, _)| i);
    match oldest {
        Some(i) => {
            conns.swap_remove(i).close.notify_one();
            true
        }
        None => false,
    }
}

/// Serves `router` on `listener` until `stop` changes or is dropped.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    lifetime: Option<Duration>,
    mut stop: watch::Receiver<bool>,
) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let open = Arc::new(Open::default());
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .max_buf_size(MAX_REQUEST_HEAD_BYTES)
        .max_headers(MAX_HEADERS);
    let http = Arc::new(http);
    let mut next_accept = tokio::time::Instant::now();
    let mut taken = 0u64;
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(next_accept) => {}
            _ = stop.changed() => return,
        }
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stop.changed() => return,
        };
        next_accept = tokio::time::Instant::now() + MIN_ACCEPT_INTERVAL;
        let (stream, peer) = match accepted {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors or a connection reset before it was
                // taken: wait a moment rather than spin.
                log::warn!("display: a connection could not be taken: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        taken += 1;
        let conn = Arc::new(Conn {
            id: taken,
            client: peer.ip().to_canonical(),
            busy: AtomicUsize::new(0),
            waiting: AtomicBool::new(false),
            close: Notify::new(),
        });
        if !open.admit(&conn) {
            // Its own connections are all busy: it is told so, never waited for.
            let _ = stream.try_write(REFUSED);
            continue;
        }
        let slot = match slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                // Full: an idle connection gives its place (it is closing as this
                // waits); with none idle, the first request to end does.
                open.make_room();
                tokio::select! {
                    s = slots.clone().acquire_owned() => match s {
                        Ok(s) => s,
                        Err(_) => return,
                    },
                    _ = stop.changed() => return,
                }
            }
        };
        let service = Tracked {
            inner: TowerToHyperService::new(router.clone()),
            conn: conn.clone(),
            peer,
        };
        let (http, open) = (http.clone(), open.clone());
        tokio::spawn(async move {
            serve_one(&http, stream, service, lifetime).await;
            open.remove(conn.id);
            drop(slot);
        });
    }
}

/// Serves one connection until it ends, its lifetime is over, or the listener needs
/// its place while it is idle.
async fn serve_one(
    http: &hyper::server::conn::http1::Builder,
    stream: TcpStream,
    service: Tracked,
    lifetime: Option<Duration>,
) {
    let conn = service.conn.clone();
    let stream = Watched {
        inner: stream,
        conn: conn.clone(),
    };
    let served = http.serve_connection(TokioIo::new(stream), service);
    let limit = lifetime.unwrap_or(Duration::MAX);
    // Errors here are the client's (it went away, it was too slow): the connection
    // is closed and nothing else is to be done.
    tokio::select! {
        _ = tokio::time::timeout(limit, served) => {}
        () = conn.close.notified() => {}
    }
}

/// A connection's socket, telling its [`Conn`] whether the listener has read all it
/// sent and waits for more (see [`Conn::waiting`]).
struct Watched {
    inner: TcpStream,
    conn: Arc<Conn>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let read = Pin::new(&mut self.inner).poll_read(cx, buf);
        self.conn
            .waiting
            .store(read.is_pending(), Ordering::Relaxed);
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// The router for one connection: each request carries the client's address, and
/// counts as in progress until its response is sent in full.
struct Tracked {
    inner: TowerToHyperService<Router>,
    conn: Arc<Conn>,
    peer: SocketAddr,
}

impl hyper::service::Service<hyper::Request<Incoming>> for Tracked {
    type Response = hyper::Response<TrackedBody>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn call(&self, mut req: hyper::Request<Incoming>) -> Self::Future {
        req.extensions_mut().insert(ConnectInfo(self.peer));
        let busy = Busy::new(self.conn.clone());
        let answer = hyper::service::Service::call(&self.inner, req);
        Box::pin(async move {
            let r = answer.await?;
            Ok(r.map(|inner| TrackedBody { inner, _busy: busy }))
        })
    }
}

/// A request in progress on its connection, until dropped.
struct Busy(Arc<Conn>);

impl Busy {
    fn new(conn: Arc<Conn>) -> Busy {
        conn.busy.fetch_add(1, Ordering::Relaxed);
        Busy(conn)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A response's body, its request in progress until it is sent (or dropped).
struct TrackedBody {
    inner: Body,
    _busy: Busy,
}

impl http_body::Body for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conn(id: u64, client: [u8; 4], busy: usize, waiting: bool) -> Arc<Conn> {
        Arc::new(Conn {
            id,
            client: IpAddr::from(client),
            busy: AtomicUsize::new(busy),
            waiting: AtomicBool::new(waiting),
            close: Notify::new(),
        })
    }

    #[test]
    fn only_a_silent_connection_is_closed_for_room_the_oldest_first() {
        let unread = conn(1, [127, 0, 0, 2], 0, false);
        let busy = conn(2, [127, 0, 0, 1], 1, true);
        let silent = conn(3, [127, 0, 0, 1], 0, true);
        let younger = conn(4, [127, 0, 0, 1], 0, true);
        let mut conns = vec![unread, busy, silent, younger];
        assert!(close_oldest_idle(&mut conns, None));
        let left: Vec<u64> = conns.iter().map(|c| c.id).collect();
        assert!(!left.contains(&3) && left.len() == 3, "{left:?}");
        assert!(close_oldest_idle(&mut conns, None));
        // What is left holds a request or bytes not yet read: nothing to close.
        assert!(!close_oldest_idle(&mut conns, None));
        let mut left: Vec<u64> = conns.iter().map(|c| c.id).collect();
        left.sort_unstable();
        assert_eq!(left, [1, 2]);
    }

    #[test]
    fn a_newcomer_whose_request_is_not_read_yet_is_never_closed_for_room() {
        // The listener is full of requests in progress; the newcomer, admitted and
        // waiting for a place, must not be the one it closes to make room.
        let open = Open::default();
        for id in 1..=3 {
            assert!(open.admit(&conn(id, [127, 0, 0, 1], 1, true)));
        }
        let newcomer = conn(4, [127, 0, 0, 2], 0, false);
        assert!(open.admit(&newcomer));
        assert!(!open.make_room());
        assert_eq!(open.lock().len(), 4);
    }
}
