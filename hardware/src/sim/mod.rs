//! The bench: a simulated shoe and button panel, built like smoltcp's `phy/`.
//!
//! - [`SimShoe`] answers the controller's commands like a PN532: ACK, then the card
//!   the simulated dealer is holding to an antenna ([`SimHandle::present`]), or "no
//!   card". [`SimDealer`] presents the cards of a shuffled deck one by one.
//! - [`Faulty`] wraps a reader and garbles, drops, duplicates or truncates its frames,
//!   or puts noise before them, at set rates with a seeded [`crate::rng::XorShift`]
//!   ([`FaultInjector`]); it keeps the list of faults it injected ([`InjectedLog`]).
//! - [`Traced`] logs every frame both ways before passing it on.
//! - Two ways to connect a reader to the link: [`PtyShoe`] runs it in a thread on the
//!   far end of a real pseudo-terminal, so the controller opens a serial port by its
//!   path exactly as at a real table; [`Loopback`] runs it in memory on a virtual
//!   clock, so tests can play thousands of hands in a second.
//! - [`SimPanel`] plays scripted or random key presses, with contact bounce, through
//!   the firmware's real debouncer and [`firmware::buttons::ButtonPanel`].
//!
//! The bench table and the tests use the same pieces:
//! `Traced<Faulty<SimShoe>>` behind a [`PtyShoe`] or a [`Loopback`].

mod dealer;
mod fault;
mod loopback;
mod panel;
mod pty;
mod shoe;
mod trace;

pub use dealer::{shuffled_deck, SimDealer};
pub use fault::{Direction, FaultInjector, FaultKind, FaultRates, Faulty, Injected, InjectedLog};
pub use loopback::Loopback;
pub use panel::{SimPanel, SimPin};
pub use pty::PtyShoe;
pub use shoe::{SimConfig, SimHandle, SimShoe, SimStats};
pub use trace::Traced;

use firmware::time::Instant;
use std::time::Duration;

/// A frame the reader sends, and how long it takes before sending it (the reader's
/// search time for a card).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// The frame's bytes (after any fault: possibly not a valid frame).
    pub bytes: Vec<u8>,
    /// The time between the previous frame (or the command) and this one.
    pub delay: Duration,
}

/// A shoe's reader at the frame level: takes each frame the controller sends, gives
/// the frames it sends back.
pub trait Reader {
    /// Handles one frame from the controller (unchecked bytes: a reader checks them)
    /// received at `now`, appending its answer frames to `out`.
    fn command(&mut self, now: Instant, frame: &[u8], out: &mut Vec<Outgoing>);
}

impl<R: Reader + ?Sized> Reader for Box<R> {
    fn command(&mut self, now: Instant, frame: &[u8], out: &mut Vec<Outgoing>) {
        (**self).command(now, frame, out)
    }
}

/// Cuts the controller's byte stream into frames for a [`Reader`]: finds each
/// `00 00 FF` start code and takes the length its header announces (6 bytes for an
/// ACK or NACK). Bytes before a start code (the PN532 wake-up preamble) are skipped;
/// a header whose length checksum fails is passed on as it is (5 bytes), for the
/// reader to refuse.
#[derive(Clone, Debug, Default)]
pub struct FrameSplitter {
    buf: Vec<u8>,
}

impl FrameSplitter {
    /// An empty splitter.
    pub fn new() -> FrameSplitter {
        FrameSplitter::default()
    }

    /// Takes `bytes` and returns the frames they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Vec<u8>> {
        self.buf.extend_from_slice(bytes);
        let mut frames = Vec::new();
        loop {
            let Some(start) = self.buf.windows(3).position(|w| w == [0x00, 0x00, 0xFF]) else {
                // Keep a possible start of a start code.
                let keep = self.buf.len().min(2);
                self.buf.drain(..self.buf.len() - keep);
                return frames;
            };
            self.buf.drain(..start);
            let (Some(&len), Some(&lcs)) = (self.buf.get(3), self.buf.get(4)) else {
                return frames;
            };
            let total = match (len, lcs) {
                (0x00, 0xFF) | (0xFF, 0x00) => 6,
                _ if len.wrapping_add(lcs) == 0 => usize::from(len) + 7,
                _ => 5,
            };
            if self.buf.len() < total {
                return frames;
            }
            frames.push(self.buf.drain(..total).collect());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use firmware::shoe::{encode_in_list_passive_target, ACK_FRAME};

    #[test]
    fn splitter_finds_frames_in_pieces() {
        let mut cmd = [0u8; 16];
        let n = encode_in_list_passive_target(&mut cmd).unwrap();
        let mut stream = crate::link::pn532::WAKE_UP.to_vec();
        stream.extend_from_slice(&cmd[..n]);
        stream.extend_from_slice(&ACK_FRAME);
        stream.extend_from_slice(&[0x00, 0x00, 0xFF, 0x05, 0x05]);
        stream.extend_from_slice(&cmd[..n]);
        let mut s = FrameSplitter::new();
        let mut got = Vec::new();
        for b in &stream {
            got.extend(s.push(&[*b]));
        }
        assert_eq!(
            got,
            [
                cmd[..n].to_vec(),
                ACK_FRAME.to_vec(),
                vec![0x00, 0x00, 0xFF, 0x05, 0x05],
                cmd[..n].to_vec()
            ]
        );
        let mut s = FrameSplitter::new();
        assert_eq!(s.push(&stream).len(), 4);
    }
}
