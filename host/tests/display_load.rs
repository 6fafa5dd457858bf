//! The display under attack, on this machine only: a running bench table (`tablectl`
//! with its players' screen and floor view) against 200 hostile clients (`hostile`:
//! idle sockets, slow and partial request heads, held `/events` streams, the pages
//! and `/floor` hammered with and without the floor's token). It asserts only what
//! must hold whatever the machine's load: every hand is dealt and logged, an honest
//! client's pages and its live stream are answered, no state goes backwards, the
//! table's memory stays bounded. How fast the table deals under attack beside its
//! pace alone is the benchmark's (`benches/display_load.rs`), never an assertion here.

mod hostile;

use hostile::{connect_from, get_on, Table, HANG_GUARD};
use std::io::{BufRead, BufReader, Write};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Hands the table deals under attack.
const HANDS: u32 = 400;
/// The honest client stops this many hands before the end, so that its last request
/// never meets a table that has just finished.
const HONEST_UNTIL: usize = HANDS as usize - 60;
/// The most the table's memory may grow under attack.
const MAX_RSS_GROWTH_KB: u64 = 64 * 1024;

/// The `seq` of each state an honest live stream reads from `from`, until `done`.
fn watch_states(
    table: &Table,
    from: IpAddr,
    done: Arc<AtomicBool>,
) -> std::thread::JoinHandle<Vec<u64>> {
    let screen = table.screen;
    std::thread::spawn(move || {
        let mut s = connect_from(from, screen).expect("the honest stream connects");
        s.set_read_timeout(Some(HANG_GUARD)).unwrap();
        write!(s, "GET /events HTTP/1.1\r\nHost: {screen}\r\n\r\n").unwrap();
        let mut seqs = Vec::new();
        let mut lines = BufReader::new(s).lines();
        let status = lines.next().expect("an answer").expect("read");
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        let mut is_state = false;
        for line in lines {
            if done.load(Ordering::Relaxed) {
                break;
            }
            let Ok(line) = line else { break };
            if let Some(name) = line.strip_prefix("event: ") {
                is_state = name == "state";
            } else if let Some(data) = line.strip_prefix("data: ").filter(|_| is_state) {
                let v: serde_json::Value = serde_json::from_str(data).expect("a state");
                if let Some(seq) = v["seq"].as_u64() {
                    seqs.push(seq);
                }
            }
        }
        seqs
    })
}

/// A request that found no answer is a failure of the display unless the table was
/// ending: behind the attack's queue of connections, a request made before the
/// honest client's last hands may wait until the table has dealt them all and
/// closed its listeners (the kernel then resets what is still queued). So the table
/// must end, with fewer hands after this request than the honest client leaves it.
fn met_the_end(table: &mut Table, request: &str) {
    let dealt = table.dealt();
    let ended = Instant::now();
    while table.child.try_wait().unwrap().is_none() {
        assert!(ended.elapsed() < HANG_GUARD * 5, "the table never finished");
        std::thread::sleep(Duration::from_millis(50));
    }
    let after = table.dealt() - dealt;
    assert!(
        after < HANDS as usize - HONEST_UNTIL,
        "{request}: no answer with {dealt} hands dealt, and {after} more dealt after it"
    );
}

#[test]
fn two_hundred_hostile_clients_leave_every_hand_dealt_and_the_page_answered() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(env!("CARGO_BIN_EXE_tablectl"), dir.path().join("t"), HANDS);
    let started = Instant::now();
    while table.dealt() == 0 {
        assert!(started.elapsed() < HANG_GUARD, "the table deals");
        std::thread::sleep(Duration::from_millis(20));
    }
    let rss_before = table.rss_kb();
    let (attack, clients) = hostile::start_attack(&table, false);
    // The attackers all come from 127.0.0.1; the honest client from an address of its
    // own (from theirs, it would be the same client to the listeners, under their cap).
    let elsewhere: IpAddr = [127, 0, 0, 2].into();
    let done = Arc::new(AtomicBool::new(false));
    let stream = watch_states(&table, elsewhere, done.clone());
    let mut rss_peak = rss_before;
    let mut rounds = 0;
    let token = table.token.clone();
    let mut last_state = 0;
    'honest: while table.dealt() < HONEST_UNTIL {
        assert!(
            table.child.try_wait().unwrap().is_none(),
            "the table stopped"
        );
        {
            let from = elsewhere;
            for (addr, path, auth) in [
                (table.screen, "/", None),
                (table.screen, "/state", None),
                (table.floor, "/floor", Some(token.as_str())),
            ] {
                let s = connect_from(from, addr).expect("the honest client connects");
                let Some((code, body)) = get_on(s, path, auth) else {
                    met_the_end(&mut table, &format!("{path} from {from}"));
                    break 'honest;
                };
                assert_eq!(code, 200, "{path} from {from}: {body}");
                if path == "/state" {
                    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                    last_state = v["seq"].as_u64().unwrap_or(0);
                }
            }
        }
        rounds += 1;
        rss_peak = rss_peak.max(table.rss_kb());
        std::thread::sleep(Duration::from_millis(50));
    }
    done.store(true, Ordering::Relaxed);
    let ended = Instant::now();
    let status = loop {
        if let Some(status) = table.child.try_wait().unwrap() {
            break status;
        }
        assert!(ended.elapsed() < HANG_GUARD * 5, "the table never finished");
        std::thread::sleep(Duration::from_millis(50));
    };
    hostile::stop_attack(&attack, clients);
    assert!(status.success(), "{status}");
    let seqs = stream.join().expect("the honest stream");

    // Every hand dealt, in order, and the table's summary.
    let numbers: Vec<u32> = table.hands.lock().unwrap().iter().map(|h| h.1).collect();
    assert_eq!(numbers, (1..=HANDS).collect::<Vec<_>>());
    let tail = table.tail.lock().unwrap().join("\n");
    assert!(
        tail.contains(&format!("{HANDS} hands at this table")),
        "{tail}"
    );
    // The honest stream had states, the latest only, never an older one after a newer.
    assert!(seqs.len() >= 2, "{seqs:?}");
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
    assert!(rounds >= 1);
    println!(
        "{rounds} honest rounds answered; the honest stream read {} states up to seq {} \
         (/state said {}); hammering clients: {} answers ({} refused); held streams: {} \
         bytes read, {} refused",
        seqs.len(),
        seqs.last().unwrap_or(&0),
        last_state,
        attack.answered.load(Ordering::Relaxed),
        attack.refused.load(Ordering::Relaxed),
        attack.stream_bytes.load(Ordering::Relaxed),
        attack.streams_refused.load(Ordering::Relaxed),
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
}
