//! The reader in memory, on a virtual clock.

use super::{FrameSplitter, Outgoing, Reader};
use crate::link::ShoePort;
use firmware::time::Instant;
use std::collections::VecDeque;
use std::io;
use std::time::Duration;

/// A [`ShoePort`] with the reader inside it and a virtual clock: a command is
/// answered as it is sent, each answer frame "arrives" `frame` (default 1 ms, a
/// frame at 115200 baud) plus the reader's own delay later, and waiting for bytes
/// that never come moves the clock on instead of sleeping. The link's code runs
/// unchanged, timeouts included, so tests can play thousands of hands with faults in
/// a second, the same way every time.
#[derive(Debug)]
pub struct Loopback<R> {
    reader: R,
    splitter: FrameSplitter,
    now: Instant,
    frame: Duration,
    /// Frames on their way: arrival time and bytes not yet read.
    inbox: VecDeque<(Instant, Vec<u8>)>,
}

impl<R: Reader> Loopback<R> {
    /// A loopback to `reader`, its clock at 0.
    pub fn new(reader: R) -> Loopback<R> {
        Loopback {
            reader,
            splitter: FrameSplitter::new(),
            now: Instant::ZERO,
            frame: Duration::from_millis(1),
            inbox: VecDeque::new(),
        }
    }

    /// Sets the time each frame takes on the line.
    pub fn with_frame_time(mut self, frame: Duration) -> Loopback<R> {
        self.frame = frame;
        self
    }

    /// The reader.
    pub fn reader(&self) -> &R {
        &self.reader
    }

    /// Moves the virtual clock on (the dealer taking his time).
    pub fn advance(&mut self, by: Duration) {
        self.now = self.now + by;
    }
}

impl<R: Reader> ShoePort for Loopback<R> {
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut out: Vec<Outgoing> = Vec::new();
        for frame in self.splitter.push(bytes) {
            self.reader.command(self.now, &frame, &mut out);
        }
        let mut t = self
            .inbox
            .back()
            .map_or(self.now, |(at, _)| (*at).max(self.now));
        for o in out {
            t = t + self.frame.saturating_add(o.delay);
            self.inbox.push_back((t, o.bytes));
        }
        Ok(())
    }

    fn recv(&mut self, buf: &mut [u8], wait: Duration) -> io::Result<usize> {
        match self.inbox.front() {
            Some((at, _)) if *at <= self.now + wait => {
                self.now = self.now.max(*at);
            }
            _ => {
                self.now = self.now + wait;
                return Ok(0);
            }
        }
        let mut n = 0;
        while let Some((at, bytes)) = self.inbox.front_mut() {
            if *at > self.now || n == buf.len() {
                break;
            }
            let take = bytes.len().min(buf.len() - n);
            if let Some(dst) = buf.get_mut(n..n + take) {
                dst.copy_from_slice(bytes.get(..take).unwrap_or(&[]));
            }
            bytes.drain(..take);
            n += take;
            if bytes.is_empty() {
                self.inbox.pop_front();
            }
        }
        Ok(n)
    }

    fn now(&self) -> Instant {
        self.now
    }
}
