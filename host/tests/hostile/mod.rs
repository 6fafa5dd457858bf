//! Hostile clients of the display, on this machine only, shared by the load test
//! (`tests/display_load.rs`: what must hold whatever the load), the listeners' tests
//! (`tests/display_http.rs`) and the benchmark (`benches/display_load.rs`: the
//! table's pace alone and under attack, side by side): a bench table run as its own
//! process, and 200 clients of six kinds (idle sockets, slow and partial request
//! heads, held `/events` streams read in full, the screen's pages and `/floor`
//! hammered with and without the floor's token).

// Each test or benchmark that includes this module uses its own part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Hostile clients of each kind (200 in all).
pub const IDLE: usize = 40;
pub const SLOW: usize = 30;
pub const PARTIAL: usize = 20;
pub const STREAMS: usize = 40;
pub const HAMMER_NO_TOKEN: usize = 30;
pub const HAMMER_TOKEN: usize = 40;
/// All of them.
pub const CLIENTS: usize = IDLE + SLOW + PARTIAL + STREAMS + HAMMER_NO_TOKEN + HAMMER_TOKEN;

/// No honest request may take longer to be answered: a hang guard, far above any
/// wait the listeners allow, never a measure of speed.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// The bench table (`tablectl`, simulated players, its screen and floor view on free
/// loopback ports), stopped when dropped.
pub struct Table {
    pub child: Child,
    /// When each hand's line came, in order, and the hand's number.
    pub hands: Arc<Mutex<Vec<(Instant, u32)>>>,
    /// Its last lines after the hands (the summary), once it has ended.
    pub tail: Arc<Mutex<Vec<String>>>,
    pub screen: SocketAddr,
    pub floor: SocketAddr,
    pub token: String,
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Table {
    /// Starts `hands` hands of six players writing its log in `data`.
    pub fn start(exe: &str, data: PathBuf, hands: u32) -> Table {
        let mut child = Command::new(exe)
            .args(["--direct", "--players", "6", "--no-equity", "--hands"])
            .arg(hands.to_string())
            .args([
                "--display",
                "127.0.0.1:0",
                "--floor",
                "127.0.0.1:0",
                "--data",
            ])
            .arg(&data)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tablectl starts");
        let out = BufReader::new(child.stdout.take().expect("its output"));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (addrs, addrs_rx) = std::sync::mpsc::channel();
        let (hands_seen, tail_seen) = (seen.clone(), tail.clone());
        std::thread::spawn(move || {
            let mut screen = None;
            for line in out.lines() {
                let Ok(line) = line else { return };
                let number = line
                    .strip_prefix("hand ")
                    .and_then(|l| l.split(':').next())
                    .and_then(|n| n.parse::<u32>().ok());
                if let Some(n) = number {
                    hands_seen.lock().unwrap().push((Instant::now(), n));
                } else if let Some(a) = line.strip_prefix("display: http://") {
                    screen = a.trim_end_matches('/').parse::<SocketAddr>().ok();
                } else if let Some(a) = line.strip_prefix("floor view: http://") {
                    let floor = a.split('/').next().and_then(|a| a.parse().ok());
                    let _ = addrs.send((screen, floor));
                } else {
                    tail_seen.lock().unwrap().push(line);
                }
            }
        });
        let (screen, floor) = addrs_rx
            .recv_timeout(HANG_GUARD)
            .expect("tablectl says where its display is");
        let token = std::fs::read_to_string(data.join("floor-token")).expect("the floor's token");
        Table {
            child,
            hands: seen,
            tail,
            screen: screen.expect("the screen's address"),
            floor: floor.expect("the floor's address"),
            token: token.trim().to_string(),
        }
    }

    /// Hands finished so far.
    pub fn dealt(&self) -> usize {
        self.hands.lock().unwrap().len()
    }

    /// Hands finished in `window`, from now, and the window's length in seconds.
    pub fn hands_in(&self, window: Duration, mut during: impl FnMut()) -> (usize, f64) {
        let from = Instant::now();
        while from.elapsed() < window {
            during();
            std::thread::sleep(Duration::from_millis(50));
        }
        let to = Instant::now();
        let n = self
            .hands
            .lock()
            .unwrap()
            .iter()
            .filter(|(t, _)| *t >= from && *t < to)
            .count();
        (n, (to - from).as_secs_f64())
    }

    /// Its resident memory in KB (Linux), if it can be read.
    pub fn rss_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

/// A connection to `to` from this machine's loopback address `from` (any of
/// 127.0.0.0/8): a client of its own as the listeners count them.
pub fn connect_from(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    let s = rt.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(from, 0))?;
        socket.connect(to).await
    })?;
    let s = s.into_std()?;
    s.set_nonblocking(false)?;
    Ok(s)
}

/// One GET on `s`, closed after; the status code and the body, or `None` when it
/// failed.
pub fn get_on(mut s: TcpStream, path: &str, auth: Option<&str>) -> Option<(u16, String)> {
    let addr = s.peer_addr().ok()?;
    s.set_read_timeout(Some(HANG_GUARD)).ok()?;
    let auth = auth.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Connection: close\r\n\r\n"
    )
    .ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).ok()?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let code = head.split(' ').nth(1)?.parse().ok()?;
    Some((code, body.to_string()))
}

/// One GET, closed after; the status code, or `None` when it failed.
pub fn get(addr: SocketAddr, path: &str, auth: Option<&str>) -> Option<u16> {
    let s = TcpStream::connect_timeout(&addr, HANG_GUARD).ok()?;
    get_on(s, path, auth).map(|(code, _)| code)
}

/// The attack's switches: paused between a benchmark's windows, over at the end;
/// and what the attackers counted.
#[derive(Default)]
pub struct Attack {
    pub paused: AtomicBool,
    pub over: AtomicBool,
    /// Answers the hammering clients got, and how many were refusals.
    pub answered: AtomicU64,
    pub refused: AtomicU64,
    /// Bytes the held streams read, and streams the listener refused.
    pub stream_bytes: AtomicU64,
    pub streams_refused: AtomicU64,
}

impl Attack {
    fn on(&self) -> bool {
        !self.paused.load(Ordering::Relaxed) && !self.over.load(Ordering::Relaxed)
    }

    /// Whether the attack goes on: waits while it is paused; `false` once it is over.
    fn going(&self) -> bool {
        while self.paused.load(Ordering::Relaxed) {
            if self.over.load(Ordering::Relaxed) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        !self.over.load(Ordering::Relaxed)
    }
}

/// Holds a connection open, sending `head` a byte every `pace` (all of it at once
/// when `pace` is zero) and never finishing it unless it is whole; reads whatever
/// comes (a held stream's events), and reconnects when the server closes it.
fn hold(addr: SocketAddr, head: &[u8], pace: Duration, attack: &Attack) {
    while attack.going() {
        let Ok(mut s) = TcpStream::connect(addr) else {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        let _ = s.set_read_timeout(Some(Duration::from_millis(100)));
        let mut sent = 0;
        if pace.is_zero() && s.write_all(head).is_ok() {
            sent = head.len();
        }
        let mut buf = [0u8; 16 * 1024];
        let mut first = true;
        while attack.on() {
            if sent < head.len() {
                if s.write_all(&head[sent..=sent]).is_err() {
                    break;
                }
                sent += 1;
            }
            match s.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let got = &buf[..n];
                    if first && (got.starts_with(b"HTTP/1.1 4") || got.starts_with(b"HTTP/1.1 5")) {
                        attack.streams_refused.fetch_add(1, Ordering::Relaxed);
                    }
                    first = false;
                    attack.stream_bytes.fetch_add(n as u64, Ordering::Relaxed);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => break,
            }
            if !pace.is_zero() {
                std::thread::sleep(pace);
            }
        }
    }
}

/// Puts the calling client's thread in the background: Linux's `SCHED_IDLE` (it runs
/// only on a processor nothing else wants), else the lowest priority.
fn in_the_background() {
    use thread_priority::{
        set_current_thread_priority, set_thread_priority_and_policy, thread_native_id,
        NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
    };
    let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    if set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle).is_err() {
        let _ = set_current_thread_priority(ThreadPriority::Min);
    }
}

/// The 200 clients against `table`'s screen and floor, started paused when
/// `paused`. Their threads run in the background ([`in_the_background`]): they stand
/// for clients elsewhere, so their own work (making requests as fast as the loopback
/// allows) should not be the table's processor time; what the server spends on them
/// (and the system on their connections) still competes with the table.
pub fn start_attack(table: &Table, paused: bool) -> (Arc<Attack>, Vec<JoinHandle<()>>) {
    let attack = Arc::new(Attack::default());
    attack.paused.store(paused, Ordering::Relaxed);
    let (screen, floor, token) = (table.screen, table.floor, table.token.clone());
    let mut clients = Vec::new();
    let mut spawn = |f: Box<dyn FnOnce() + Send>| {
        clients.push(std::thread::spawn(move || {
            in_the_background();
            f()
        }));
    };
    let either = |i: usize| if i.is_multiple_of(2) { screen } else { floor };
    for i in 0..IDLE {
        let (a, addr) = (attack.clone(), either(i));
        spawn(Box::new(move || hold(addr, b"", Duration::ZERO, &a)));
    }
    for i in 0..SLOW {
        let (a, addr) = (attack.clone(), either(i));
        let head =
            b"GET /floor HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n";
        spawn(Box::new(move || {
            hold(addr, head, Duration::from_millis(200), &a)
        }));
    }
    for i in 0..PARTIAL {
        let (a, addr) = (attack.clone(), either(i));
        let head = b"GET /floor/hand/1 HTTP/1.1\r\nHost: localhost\r\n";
        spawn(Box::new(move || hold(addr, head, Duration::ZERO, &a)));
    }
    for _ in 0..STREAMS {
        let a = attack.clone();
        let head = format!("GET /events HTTP/1.1\r\nHost: {screen}\r\n\r\n").into_bytes();
        spawn(Box::new(move || hold(screen, &head, Duration::ZERO, &a)));
    }
    for i in 0..HAMMER_NO_TOKEN {
        let (a, addr) = (attack.clone(), either(i));
        let paths: &[&str] = if addr == screen {
            &["/", "/state", "/page.js", "/floor"]
        } else {
            &["/floor", "/floor/hand/1"]
        };
        spawn(Box::new(move || {
            let mut n = 0;
            while a.going() {
                n += 1;
                let path = paths[n % paths.len()];
                let code = get(addr, path, None);
                if addr == floor {
                    assert_ne!(code, Some(200), "the floor without its token");
                }
                if let Some(code) = code {
                    a.answered.fetch_add(1, Ordering::Relaxed);
                    if code >= 400 {
                        a.refused.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    for _ in 0..HAMMER_TOKEN {
        let (a, token) = (attack.clone(), token.clone());
        spawn(Box::new(move || {
            let mut n = 0u32;
            while a.going() {
                n += 1;
                let path = if n.is_multiple_of(2) {
                    "/floor".to_string()
                } else {
                    format!("/floor/hand/{}", 1 + n % 50)
                };
                if get(floor, &path, Some(&token)).is_some() {
                    a.answered.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    (attack, clients)
}

/// Ends the attack and waits for its clients.
pub fn stop_attack(attack: &Attack, clients: Vec<JoinHandle<()>>) {
    attack.over.store(true, Ordering::Relaxed);
    for c in clients {
        c.join().expect("a hostile client ended cleanly");
    }
}
