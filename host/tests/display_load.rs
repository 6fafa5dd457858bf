//! The display under attack, on this machine only: a running bench table (`tablectl`
//! with its players' screen and floor view) against 200 hostile clients (idle
//! sockets, slow and partial request heads, `/floor` hammered with and without the
//! floor's token) keeps at least 90% of its hands per second, its memory bounded, and
//! answers an honest client; the figures are printed. The table's pace alone and
//! under attack are measured in turns (the machine's own load varies). Bounded to
//! about 20 seconds.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Hostile clients of each kind (200 in all).
const IDLE: usize = 60;
const SLOW: usize = 40;
const PARTIAL: usize = 20;
const HAMMER_NO_TOKEN: usize = 40;
const HAMMER_TOKEN: usize = 40;
/// The table is measured alone and under attack in turns, [`ROUNDS`] times each for
/// [`WINDOW`], so a change in the machine's own load (a disk busy elsewhere) weighs on
/// both alike; each window starts [`SETTLE`] after the attack starts or stops.
const ROUNDS: u32 = 6;
const WINDOW: Duration = Duration::from_millis(1000);
const SETTLE: Duration = Duration::from_millis(300);
/// The table's pace alone varies more than this between windows only when the
/// machine is busy with other work (its disk shared with other builds): its pace
/// under attack then says nothing, and is printed but not judged.
const MAX_NOISE: f64 = 2.0;
/// The share of its hands per second the table must keep under attack.
const KEEP: f64 = 0.9;
/// The most the table's memory may grow under attack.
const MAX_RSS_GROWTH_KB: u64 = 64 * 1024;

/// The bench table, stopped when dropped.
struct Table {
    child: Child,
    hands: Arc<Mutex<Vec<Instant>>>,
    screen: SocketAddr,
    floor: SocketAddr,
    token: String,
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Table {
    fn start(data: PathBuf) -> Table {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablectl"))
            .args([
                "--direct",
                "--hands",
                "1000000",
                "--players",
                "6",
                "--no-equity",
            ])
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
        let hands = Arc::new(Mutex::new(Vec::new()));
        let (addrs, addrs_rx) = std::sync::mpsc::channel();
        let seen = hands.clone();
        std::thread::spawn(move || {
            let mut screen = None;
            for line in out.lines() {
                let Ok(line) = line else { return };
                if line.starts_with("hand ") {
                    seen.lock().unwrap().push(Instant::now());
                } else if let Some(a) = line.strip_prefix("display: http://") {
                    screen = a.trim_end_matches('/').parse::<SocketAddr>().ok();
                } else if let Some(a) = line.strip_prefix("floor view: http://") {
                    let floor = a.split('/').next().and_then(|a| a.parse().ok());
                    let _ = addrs.send((screen, floor));
                }
            }
        });
        let (screen, floor) = addrs_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("tablectl says where its display is");
        let token = std::fs::read_to_string(data.join("floor-token")).expect("the floor's token");
        Table {
            child,
            hands,
            screen: screen.expect("the screen's address"),
            floor: floor.expect("the floor's address"),
            token: token.trim().to_string(),
        }
    }

    /// Hands finished in `window`, from now, and the window's length in seconds.
    fn hands_in(&self, window: Duration, mut during: impl FnMut()) -> (usize, f64) {
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
            .filter(|t| **t >= from && **t < to)
            .count();
        (n, (to - from).as_secs_f64())
    }

    /// Its resident memory in KB (Linux), if it can be read.
    fn rss_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

/// One GET, closed after; the status code, or `None` when it failed.
fn get(addr: SocketAddr, path: &str, auth: Option<&str>) -> Option<u16> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let auth = auth.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Connection: close\r\n\r\n"
    )
    .ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).ok()?;
    let text = String::from_utf8_lossy(&raw);
    text.split(' ').nth(1)?.parse().ok()
}

/// Whether the attack goes on: waits while it is paused; `false` once it is over.
fn attacking(attack: &Attack) -> bool {
    while attack.paused.load(Ordering::Relaxed) {
        if attack.over.load(Ordering::Relaxed) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    !attack.over.load(Ordering::Relaxed)
}

/// The attack's switches: paused between its windows, over at the end.
#[derive(Default)]
struct Attack {
    paused: AtomicBool,
    over: AtomicBool,
}

impl Attack {
    fn on(&self) -> bool {
        !self.paused.load(Ordering::Relaxed) && !self.over.load(Ordering::Relaxed)
    }
}

/// Holds a connection open, sending `head` a byte every `pace` (all of it at once
/// when `pace` is zero) and never finishing it; reconnects when the server closes it.
fn hold(addr: SocketAddr, head: &'static [u8], pace: Duration, stop: &Attack) {
    while attacking(stop) {
        let Ok(mut s) = TcpStream::connect(addr) else {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        let _ = s.set_read_timeout(Some(Duration::from_millis(100)));
        let mut sent = 0;
        if pace.is_zero() && s.write_all(head).is_ok() {
            sent = head.len();
        }
        let mut buf = [0u8; 256];
        while stop.on() {
            if sent < head.len() {
                if s.write_all(&head[sent..=sent]).is_err() {
                    break;
                }
                sent += 1;
            }
            match s.read(&mut buf) {
                Ok(0) => break,
                Ok(_) => {}
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

#[test]
fn two_hundred_hostile_clients_leave_the_table_its_pace() {
    let dir = tempfile::tempdir().unwrap();
    let table = Table::start(dir.path().join("t"));
    // Let it start dealing.
    std::thread::sleep(Duration::from_millis(500));
    let rss_before = table.rss_kb();
    let stop = Arc::new(Attack::default());
    stop.paused.store(true, Ordering::Relaxed);
    // Answers the hammering clients got, and how many of those were refusals.
    let answered = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let mut clients = Vec::new();
    let (screen, floor, token) = (table.screen, table.floor, table.token.clone());
    // The attackers run on this machine, but stand for clients elsewhere: their own
    // work (making requests as fast as the loopback allows) must not be the table's
    // processor time, so they run at the lowest priority, as the display's server
    // does. What the server spends on them still competes with the table.
    let spawn = |clients: &mut Vec<std::thread::JoinHandle<()>>, f: Box<dyn Fn() + Send>| {
        clients.push(std::thread::spawn(move || {
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
            f()
        }));
    };
    for i in 0..IDLE {
        let (stop, addr) = (stop.clone(), if i % 2 == 0 { screen } else { floor });
        spawn(
            &mut clients,
            Box::new(move || hold(addr, b"", Duration::ZERO, &stop)),
        );
    }
    for i in 0..SLOW {
        let (stop, addr) = (stop.clone(), if i % 2 == 0 { screen } else { floor });
        let head =
            b"GET /floor HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n";
        spawn(
            &mut clients,
            Box::new(move || hold(addr, head, Duration::from_millis(200), &stop)),
        );
    }
    for i in 0..PARTIAL {
        let (stop, addr) = (stop.clone(), if i % 2 == 0 { screen } else { floor });
        let head = b"GET /floor/hand/1 HTTP/1.1\r\nHost: localhost\r\n";
        spawn(
            &mut clients,
            Box::new(move || hold(addr, head, Duration::ZERO, &stop)),
        );
    }
    for i in 0..HAMMER_NO_TOKEN {
        let (stop, addr) = (stop.clone(), if i % 2 == 0 { screen } else { floor });
        let (answered, refused) = (answered.clone(), refused.clone());
        spawn(
            &mut clients,
            Box::new(move || {
                while attacking(&stop) {
                    let code = get(addr, "/floor", None);
                    assert_ne!(code, Some(200), "the floor without its token");
                    if code.is_some() {
                        answered.fetch_add(1, Ordering::Relaxed);
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }),
        );
    }
    for _ in 0..HAMMER_TOKEN {
        let (stop, token, answered) = (stop.clone(), token.clone(), answered.clone());
        spawn(
            &mut clients,
            Box::new(move || {
                let mut n = 0u32;
                while attacking(&stop) {
                    n += 1;
                    let path = if n.is_multiple_of(2) {
                        "/floor".to_string()
                    } else {
                        format!("/floor/hand/{}", 1 + n % 50)
                    };
                    if get(floor, &path, Some(&token)).is_some() {
                        answered.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }),
        );
    }
    // In turns: alone, then under attack (the table's pace, its memory, and an
    // honest client's wait).
    let mut latencies = Vec::new();
    let mut failed = 0;
    let mut rss_peak = rss_before;
    let (mut alone_hands, mut alone_secs, mut attacked_hands, mut attacked_secs) = (0, 0.0, 0, 0.0);
    let mut alone_rates = Vec::new();
    for _ in 0..ROUNDS {
        stop.paused.store(true, Ordering::Relaxed);
        std::thread::sleep(SETTLE);
        let (n, secs) = table.hands_in(WINDOW, || {});
        (alone_hands, alone_secs) = (alone_hands + n, alone_secs + secs);
        alone_rates.push(n as f64 / secs);
        stop.paused.store(false, Ordering::Relaxed);
        std::thread::sleep(SETTLE);
        let (n, secs) = table.hands_in(WINDOW, || {
            for (addr, path, auth) in [
                (screen, "/state", None),
                (floor, "/floor", Some(token.as_str())),
            ] {
                let t = Instant::now();
                match get(addr, path, auth) {
                    Some(200) => latencies.push(t.elapsed()),
                    _ => failed += 1,
                }
            }
            rss_peak = rss_peak.max(table.rss_kb());
        });
        (attacked_hands, attacked_secs) = (attacked_hands + n, attacked_secs + secs);
    }
    stop.over.store(true, Ordering::Relaxed);
    for c in clients {
        c.join().unwrap();
    }
    let alone = alone_hands as f64 / alone_secs;
    let attacked = attacked_hands as f64 / attacked_secs;

    latencies.sort_unstable();
    let p = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let kept = attacked / alone;
    println!(
        "table alone: {alone:.1} hands/s; under 200 hostile clients: {attacked:.1} hands/s \
         ({:.0}%), {ROUNDS} windows of {WINDOW:?} each in turns",
        kept * 100.0
    );
    println!(
        "hammering clients: {} answers ({} refused without the token)",
        answered.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed)
    );
    println!(
        "honest client: {} answers, {failed} failed; p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        p(0.5),
        p(0.99),
        p(1.0)
    );
    match (rss_before, rss_peak) {
        (Some(before), Some(peak)) => {
            println!("table's memory: {before} KB alone, at most {peak} KB under attack");
            assert!(
                peak <= before + MAX_RSS_GROWTH_KB,
                "{before} KB -> {peak} KB"
            );
        }
        _ => eprintln!("table's memory not measured: /proc is not readable here"),
    }
    assert!(alone > 5.0, "the table deals: {alone:.1} hands/s");
    let fastest = alone_rates.iter().copied().fold(0.0, f64::max);
    let slowest = alone_rates.iter().copied().fold(f64::MAX, f64::min);
    if fastest > MAX_NOISE * slowest.max(0.1) {
        eprintln!(
            "the table's pace alone went from {slowest:.1} to {fastest:.1} hands/s between \
             windows: this machine is busy elsewhere, so its pace under attack is not judged"
        );
    } else {
        assert!(
            kept >= KEEP,
            "the table kept {:.0}% of its pace",
            kept * 100.0
        );
    }
    assert_eq!(failed, 0, "every honest request was answered");
    assert!(p(0.99) < Duration::from_secs(2), "p99 {:?}", p(0.99));
}
