//! The reader in memory, on a virtual clock.

use super::{FrameSplitter, Outgoing, Reader};
use crate::link::ShoePort;
use std::collections::VecDeque;
use std::io;
use std::time::Duration;

/// A [`ShoePort`] with the reader inside it and a virtual clock: a command is
/// answered as it is sent, each answer frame "arrives" `frame_ms` (default 1 ms, a
/// frame at 115200 baud) plus the reader's own delay later, and waiting for bytes
/// that never come moves the clock on instead of sleeping. The link's code runs
/// unchanged, timeouts included, so tests can play thousands of hands with faults in
/// a second, the same way every time.
#[derive(Debug)]
pub struct Loopback<R> {
    reader: R,
    splitter: FrameSplitter,
    now_ms: u64,
    frame_ms: u64,
    /// Frames on their way: arrival time and bytes not yet read.
    inbox: VecDeque<(u64, Vec<u8>)>,
}

impl<R: Reader> Loopback<R> {
    /// A loopback to `reader`, its clock at 0.
    pub fn new(reader: R) -> Loopback<R> {
        Loopback {
            reader,
            splitter: FrameSplitter::new(),
            now_ms: 0,
            frame_ms: 1,
            inbox: VecDeque::new(),
        }
    }

    /// Sets the time each frame takes on the line.
    pub fn with_frame_ms(mut self, frame_ms: u64) -> Loopback<R> {
        self.frame_ms = frame_ms;
        self
    }

    /// The reader.
    pub fn reader(&self) -> &R {
        &self.reader
    }

    /// Moves the virtual clock on (the dealer taking his time).
    pub fn advance(&mut self, ms: u64) {
        self.now_ms = self.now_ms.saturating_add(ms);
    }
}

impl<R: Reader> ShoePort for Loopback<R> {
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut out: Vec<Outgoing> = Vec::new();
        for frame in self.splitter.push(bytes) {
            self.reader.command(self.now_ms, &frame, &mut out);
        }
        let mut t = self
            .inbox
            .back()
            .map_or(self.now_ms, |(at, _)| (*at).max(self.now_ms));
        for o in out {
            t = t.saturating_add(self.frame_ms + o.delay_ms);
            self.inbox.push_back((t, o.bytes));
        }
        Ok(())
    }

    fn recv(&mut self, buf: &mut [u8], wait: Duration) -> io::Result<usize> {
        let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
        match self.inbox.front() {
            Some((at, _)) if *at <= self.now_ms.saturating_add(wait_ms) => {
                self.now_ms = self.now_ms.max(*at);
            }
            _ => {
                self.now_ms = self.now_ms.saturating_add(wait_ms);
                return Ok(0);
            }
        }
        let mut n = 0;
        while let Some((at, bytes)) = self.inbox.front_mut() {
            if *at > self.now_ms || n == buf.len() {
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

    fn now_ms(&self) -> u64 {
        self.now_ms
    }
}
