//! The players' screen's live updates (`/events`): each update is encoded once, as the
//! server-sent event the browsers read, and that one buffer is sent to every open
//! stream; a stream that cannot keep up gets the latest update, never a queue; a
//! heartbeat the browsers deliver; and at most [`MAX_STREAMS_PER_CLIENT`] streams per
//! client address and [`MAX_STREAMS`] in all, so held streams never take the
//! connections the page itself needs (`listen::MAX_CONNECTIONS`).

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// Live streams one client address may hold at once: the players' screen and the
/// dealer's view on the controller's own browser, each reloaded once, with room.
pub const MAX_STREAMS_PER_CLIENT: usize = 4;
/// Live streams held at once in all: half the listener's connections, so the other
/// half is always there for the page, its script and style, and `/state`.
pub const MAX_STREAMS: usize = crate::web::listen::MAX_CONNECTIONS / 2;
/// How often a stream says it is alive, with nothing else to send: a page that
/// hears nothing for longer (page.js, `STALE_AFTER_MS`) says it is not live.
pub const HEARTBEAT: Duration = Duration::from_secs(1);
/// The shortest time between two states sent on one stream: a screen shows no more
/// than this many a second, so states that come faster (a bench table dealing at
/// full speed) are skipped on the wire and the latest is sent; a state after a
/// quiet moment goes at once.
pub const MIN_STATE_INTERVAL: Duration = Duration::from_millis(20);

/// The heartbeat's event. It has a `data` line: browsers drop an event without data
/// (the HTML standard's "dispatch the event" with an empty data buffer), and a page
/// that never hears its heartbeat says NOT LIVE on an idle table.
const BEAT: &[u8] = b"event: beat\ndata: alive\n\n";

/// One event as the stream writes it, and its data alone (what `/state` answers):
/// made once per update, shared by every stream.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    wire: Bytes,
    data: Bytes,
}

impl Frame {
    /// The event `name` carrying `data`: each line of `data` on its own `data:` line,
    /// as the standard reassembles them (the views' JSON is one line).
    fn encode(name: &str, data: String) -> Frame {
        let mut wire = Vec::with_capacity(data.len() + name.len() + 16);
        wire.extend_from_slice(b"event: ");
        wire.extend_from_slice(name.as_bytes());
        wire.push(b'\n');
        if data.contains(['\n', '\r']) {
            for line in data.lines() {
                wire.extend_from_slice(b"data: ");
                wire.extend_from_slice(line.as_bytes());
                wire.push(b'\n');
            }
            wire.push(b'\n');
            return Frame {
                wire: Bytes::from(wire),
                data: Bytes::from(data),
            };
        }
        wire.extend_from_slice(b"data: ");
        let start = wire.len();
        wire.extend_from_slice(data.as_bytes());
        let end = wire.len();
        wire.extend_from_slice(b"\n\n");
        let wire = Bytes::from(wire);
        Frame {
            data: wire.slice(start..end),
            wire,
        }
    }

    /// Its data alone.
    pub(crate) fn data(&self) -> Bytes {
        self.data.clone()
    }

    /// The event as sent.
    pub(crate) fn wire(&self) -> Bytes {
        self.wire.clone()
    }
}

/// Where one kind of update is published: the latest only (`None` before the first).
pub(crate) struct Feed {
    name: &'static str,
    out: watch::Sender<Option<Frame>>,
    encoded: Arc<AtomicU64>,
}

impl Feed {
    /// Publishes `data` as the latest update, encoded once here.
    pub(crate) fn publish(&self, data: String) {
        self.encoded.fetch_add(1, Ordering::Relaxed);
        self.out.send_replace(Some(Frame::encode(self.name, data)));
    }

    /// Publishes `data` unless it is the latest already (nothing is sent then).
    pub(crate) fn publish_if_changed(&self, data: String) {
        let same = self
            .out
            .borrow()
            .as_ref()
            .is_some_and(|f| f.data[..] == *data.as_bytes());
        if !same {
            self.publish(data);
        }
    }

    /// Events encoded so far by this feed and its siblings (see [`Feeds`]): one per
    /// update, whatever the number of streams.
    pub(crate) fn encoded(&self) -> u64 {
        self.encoded.load(Ordering::Relaxed)
    }
}

/// The kinds of update a stream carries, as the handlers read them.
#[derive(Clone)]
pub(crate) struct Updates {
    pub state: watch::Receiver<Option<Frame>>,
    pub equity: watch::Receiver<Option<Frame>>,
    pub link: watch::Receiver<Option<Frame>>,
    /// The tournament's panel: never published at a cash table, whose streams
    /// carry exactly what they did before tournaments.
    pub tournament: watch::Receiver<Option<Frame>>,
}

/// The display's publishing side: the state, the equity, the floor store's line and
/// the tournament's panel, counting together the events they encode.
pub(crate) struct Feeds {
    pub state: Feed,
    pub equity: Feed,
    pub link: Feed,
    pub tournament: Feed,
}

impl Feeds {
    /// The feeds, the state starting as `initial`, and their readers.
    pub(crate) fn new(initial: String) -> (Feeds, Updates) {
        let encoded = Arc::new(AtomicU64::new(0));
        let feed = |name| {
            let (out, rx) = watch::channel(None);
            let feed = Feed {
                name,
                out,
                encoded: encoded.clone(),
            };
            (feed, rx)
        };
        let (state, state_rx) = feed("state");
        let (equity, equity_rx) = feed("equity");
        let (link, link_rx) = feed("link");
        let (tournament, tournament_rx) = feed("tournament");
        state.publish(initial);
        let updates = Updates {
            state: state_rx,
            equity: equity_rx,
            link: link_rx,
            tournament: tournament_rx,
        };
        (
            Feeds {
                state,
                equity,
                link,
                tournament,
            },
            updates,
        )
    }
}

/// Why a stream is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// This address holds [`MAX_STREAMS_PER_CLIENT`] already.
    Client,
    /// [`MAX_STREAMS`] are held.
    All,
}

impl IntoResponse for Full {
    fn into_response(self) -> Response {
        let (status, text) = match self {
            Full::Client => (
                StatusCode::TOO_MANY_REQUESTS,
                "too many live screens from this address: close one",
            ),
            Full::All => (
                StatusCode::SERVICE_UNAVAILABLE,
                "every live screen slot is taken: try again shortly",
            ),
        };
        let mut r = (status, text).into_response();
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        r
    }
}

/// Who holds the streams: a count per client address.
#[derive(Default)]
pub(crate) struct Slots {
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One stream's place, given back when the stream ends.
pub(crate) struct Slot {
    slots: Arc<Slots>,
    client: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self
            .slots
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.client);
            }
        }
    }
}

impl Slots {
    /// A place for a stream of `client`, if it and the listener have room.
    pub(crate) fn take(self: &Arc<Slots>, client: IpAddr) -> Result<Slot, Full> {
        let client = client.to_canonical();
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = held.get(&client).copied().unwrap_or(0);
        if mine >= MAX_STREAMS_PER_CLIENT {
            return Err(Full::Client);
        }
        if held.values().sum::<usize>() >= MAX_STREAMS {
            return Err(Full::All);
        }
        held.insert(client, mine + 1);
        Ok(Slot {
            slots: self.clone(),
            client,
        })
    }
}

/// The event stream's response: the current state, equity, floor store's line and
/// tournament panel at once, then every change (the latest, at most one state per
/// [`MIN_STATE_INTERVAL`]), and a heartbeat each [`HEARTBEAT`].
pub(crate) fn stream(updates: Updates, slot: Slot) -> Response {
    // One event waiting at most: a slow reader holds back this task, and the watch
    // channels keep only the latest update meanwhile.
    let (tx, rx) = mpsc::channel::<Result<Bytes, Infallible>>(1);
    tokio::spawn(feed(updates, tx, slot));
    let mut r = Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(rx)).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

/// Writes the stream's events into `out` until its reader goes or the display stops.
async fn feed(mut u: Updates, out: mpsc::Sender<Result<Bytes, Infallible>>, _slot: Slot) {
    use tokio::time::{interval_at, sleep_until, Instant, MissedTickBehavior};
    let first = [
        u.state.borrow_and_update().clone(),
        u.equity.borrow_and_update().clone(),
        u.link.borrow_and_update().clone(),
        u.tournament.borrow_and_update().clone(),
    ];
    for frame in first.into_iter().flatten() {
        if out.send(Ok(frame.wire())).await.is_err() {
            return;
        }
    }
    let mut beat = interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
    beat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut next_state = Instant::now() + MIN_STATE_INTERVAL;
    loop {
        let next = tokio::select! {
            changed = async {
                sleep_until(next_state).await;
                u.state.changed().await
            } => {
                next_state = Instant::now() + MIN_STATE_INTERVAL;
                changed.ok().map(|()| u.state.borrow_and_update().clone())
            }
            changed = u.equity.changed() => changed.ok().map(|()| u.equity.borrow_and_update().clone()),
            changed = u.link.changed() => changed.ok().map(|()| u.link.borrow_and_update().clone()),
            changed = u.tournament.changed() => changed.ok().map(|()| u.tournament.borrow_and_update().clone()),
            _ = beat.tick() => Some(Some(Frame { wire: Bytes::from_static(BEAT), data: Bytes::new() })),
            () = out.closed() => return,
        };
        // `None`: the display stopped.
        let Some(frame) = next else { return };
        if let Some(frame) = frame {
            if out.send(Ok(frame.wire())).await.is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on a runtime like the display's.
    fn block_on(f: impl std::future::Future<Output = ()>) {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn an_event_carries_its_data_on_data_lines() {
        let f = Frame::encode("state", "{\"a\":1}".into());
        assert_eq!(&f.wire()[..], b"event: state\ndata: {\"a\":1}\n\n");
        assert_eq!(&f.data()[..], b"{\"a\":1}");
        let f = Frame::encode("x", "one\ntwo".into());
        assert_eq!(&f.wire()[..], b"event: x\ndata: one\ndata: two\n\n");
        assert_eq!(&f.data()[..], b"one\ntwo");
    }

    #[test]
    fn the_heartbeat_has_data_so_browsers_deliver_it() {
        let text = std::str::from_utf8(BEAT).unwrap();
        assert!(text.starts_with("event: beat\n"));
        assert!(text.lines().any(|l| l
            .strip_prefix("data:")
            .is_some_and(|d| !d.trim().is_empty())));
        assert!(text.ends_with("\n\n"));
    }

    #[test]
    fn streams_are_capped_per_client_and_in_all() {
        let slots = Arc::new(Slots::default());
        let a: IpAddr = [127, 0, 0, 1].into();
        let mine: Vec<Slot> = (0..MAX_STREAMS_PER_CLIENT)
            .map(|_| slots.take(a).unwrap())
            .collect();
        assert_eq!(slots.take(a).err(), Some(Full::Client));
        // The same client as IPv4-mapped IPv6 is the same client.
        let mapped: IpAddr = std::net::Ipv4Addr::new(127, 0, 0, 1)
            .to_ipv6_mapped()
            .into();
        assert_eq!(slots.take(mapped).err(), Some(Full::Client));
        drop(mine);
        let mut others = Vec::new();
        for i in 0..MAX_STREAMS {
            others.push(
                slots
                    .take([10, 0, (i / 200) as u8, (i % 200) as u8].into())
                    .unwrap(),
            );
        }
        assert_eq!(slots.take(a).err(), Some(Full::All));
        others.pop();
        assert!(slots.take(a).is_ok());
    }

    /// A stream whose reader does not keep up holds no queue: once it reads again it
    /// gets at most the update it was sending and then the latest.
    #[test]
    fn a_slow_stream_gets_the_latest_state_not_a_queue() {
        block_on(async {
            let (feeds, updates) = Feeds::new("{\"seq\":0}".into());
            let slots = Arc::new(Slots::default());
            let (tx, mut rx) = mpsc::channel(1);
            tokio::spawn(feed(
                updates,
                tx,
                slots.take([127, 0, 0, 1].into()).unwrap(),
            ));
            for seq in 1..=100 {
                feeds.state.publish(format!("{{\"seq\":{seq}}}"));
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            let mut states = Vec::new();
            while states.last().map(Vec::as_slice) != Some(&b"{\"seq\":100}"[..]) {
                let b = rx.recv().await.unwrap().unwrap();
                if let Some(data) = b.strip_prefix(b"event: state\ndata: ") {
                    states.push(data.strip_suffix(b"\n\n").unwrap().to_vec());
                }
            }
            assert!(states.len() <= 3, "{} states read", states.len());
        });
    }

    /// Every stream reads the same buffer: an update is encoded once, however many
    /// screens are open.
    #[test]
    fn an_update_is_encoded_once_for_every_stream() {
        block_on(async {
            let (feeds, updates) = Feeds::new("{}".into());
            let slots = Arc::new(Slots::default());
            let mut readers = Vec::new();
            for i in 0..3u8 {
                let (tx, rx) = mpsc::channel(1);
                let slot = slots.take([127, 0, 0, i].into()).unwrap();
                tokio::spawn(feed(updates.clone(), tx, slot));
                readers.push(rx);
            }
            let mut firsts = Vec::new();
            for r in &mut readers {
                firsts.push(r.recv().await.unwrap().unwrap());
            }
            feeds.state.publish("{\"seq\":2}".into());
            let mut seconds = Vec::new();
            for r in &mut readers {
                loop {
                    let b = r.recv().await.unwrap().unwrap();
                    if b.starts_with(b"event: state") {
                        seconds.push(b);
                        break;
                    }
                }
            }
            assert_eq!(
                feeds.state.encoded(),
                2,
                "the first state and the second, once each"
            );
            for got in [&firsts, &seconds] {
                assert!(
                    got.iter().all(|b| b.as_ptr() == got[0].as_ptr()),
                    "one buffer"
                );
            }
            assert_eq!(&seconds[0][..], b"event: state\ndata: {\"seq\":2}\n\n");
        });
    }
}
