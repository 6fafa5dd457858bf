//! A small TCP proxy for the floor's network faults: between a table's shipper and
//! the store it forwards bytes as they come ([`Link::Clear`]), late and throttled
//! ([`Link::Slow`]), or not at all ([`Link::Cut`]: the port refuses connections and
//! the open ones are cut), switched while the test runs.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// The wait before each chunk crosses a slow link.
pub const SLOW_DELAY: Duration = Duration::from_millis(25);
/// The most bytes a chunk on a slow link carries: with [`SLOW_DELAY`], about
/// 160 KB/s each way.
pub const SLOW_CHUNK: usize = 4096;
/// How often the pumps and the acceptor look at the link's state.
const TICK: Duration = Duration::from_millis(10);

/// What the link does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Link {
    /// Bytes cross as they come.
    Clear = 0,
    /// Each chunk waits [`SLOW_DELAY`] and carries at most [`SLOW_CHUNK`] bytes.
    Slow = 1,
    /// Connections are refused and the open ones cut.
    Cut = 2,
}

struct Shared {
    link: AtomicU8,
    stop: AtomicBool,
    open: Mutex<Vec<TcpStream>>,
}

impl Shared {
    fn link(&self) -> Link {
        match self.link.load(Ordering::Relaxed) {
            0 => Link::Clear,
            1 => Link::Slow,
            _ => Link::Cut,
        }
    }
}

/// The running proxy; stops when dropped.
pub struct Proxy {
    port: u16,
    shared: Arc<Shared>,
}

impl Proxy {
    /// A proxy on a free loopback port to `target`, its link clear.
    pub fn start(target: SocketAddr) -> std::io::Result<Proxy> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let shared = Arc::new(Shared {
            link: AtomicU8::new(Link::Clear as u8),
            stop: AtomicBool::new(false),
            open: Mutex::new(Vec::new()),
        });
        let s = shared.clone();
        thread::spawn(move || accept(Some(listener), port, target, &s));
        Ok(Proxy { port, shared })
    }

    /// The port the tables dial.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Switches the link; a cut closes the port and every open connection.
    pub fn set(&self, link: Link) {
        self.shared.link.store(link as u8, Ordering::Relaxed);
        if link == Link::Cut {
            if let Ok(mut open) = self.shared.open.lock() {
                for s in open.drain(..) {
                    let _ = s.shutdown(Shutdown::Both);
                }
            }
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.set(Link::Cut);
    }
}

/// Takes connections while the link is up; closes the port while it is cut.
fn accept(mut listener: Option<TcpListener>, port: u16, target: SocketAddr, s: &Arc<Shared>) {
    while !s.stop.load(Ordering::Relaxed) {
        if s.link() == Link::Cut {
            listener = None;
            thread::sleep(TICK);
            continue;
        }
        let Some(l) = listener.as_ref() else {
            listener = TcpListener::bind(("127.0.0.1", port)).ok();
            if let Some(l) = &listener {
                let _ = l.set_nonblocking(true);
            } else {
                thread::sleep(TICK);
            }
            continue;
        };
        let _ = l.set_nonblocking(true);
        match l.accept() {
            Ok((client, _)) => {
                let Ok(server) = TcpStream::connect(target) else {
                    continue;
                };
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (Ok(from), Ok(to)) = (from.try_clone(), to.try_clone()) else {
                        continue;
                    };
                    let s = s.clone();
                    thread::spawn(move || pump(from, to, &s));
                }
                if let Ok(mut open) = s.open.lock() {
                    open.extend([client, server]);
                }
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => thread::sleep(TICK),
            Err(_) => thread::sleep(TICK),
        }
    }
}

/// Carries bytes from `from` to `to` as the link allows, until either side closes.
fn pump(mut from: TcpStream, mut to: TcpStream, s: &Shared) {
    let _ = from.set_nonblocking(false);
    let _ = from.set_read_timeout(Some(TICK));
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let link = s.link();
        if link == Link::Cut || s.stop.load(Ordering::Relaxed) {
            break;
        }
        let want = if link == Link::Slow {
            SLOW_CHUNK
        } else {
            buf.len()
        };
        match from.read(&mut buf[..want]) {
            Ok(0) => break,
            Ok(n) => {
                if link == Link::Slow {
                    thread::sleep(SLOW_DELAY);
                }
                if to.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    let _ = from.shutdown(Shutdown::Both);
    let _ = to.shutdown(Shutdown::Both);
}
