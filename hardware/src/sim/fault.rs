//! Fault injection: frames garbled, dropped, duplicated, truncated, or preceded by
//! noise, at set rates, reproducibly.

use super::{Outgoing, Reader};
use crate::rng::XorShift;
use firmware::time::Instant;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// How often each fault happens, in parts per million of frames. The faults are
/// exclusive (a frame gets at most one), so the rates must add up to at most 100%.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaultRates {
    /// One byte of the frame XORed with a random non-zero mask. One byte, because the
    /// PN532's 8-bit checksums catch every single-byte error
    /// (`firmware::shoe`'s `no_corruption_of_one_byte_becomes_a_card_read`); two
    /// flips can cancel out in a checksum, which no framing of this kind can catch.
    pub garble_ppm: u32,
    /// The frame is not sent.
    pub drop_ppm: u32,
    /// The frame is sent twice.
    pub duplicate_ppm: u32,
    /// Only the first part of the frame is sent.
    pub truncate_ppm: u32,
    /// 1 to 8 random non-zero bytes are sent before the frame (non-zero, so noise can
    /// never form a start code). Only on frames from the reader.
    pub noise_ppm: u32,
}

impl FaultRates {
    /// No faults.
    pub const NONE: FaultRates = FaultRates {
        garble_ppm: 0,
        drop_ppm: 0,
        duplicate_ppm: 0,
        truncate_ppm: 0,
        noise_ppm: 0,
    };

    /// Garbled, dropped and duplicated frames at these percentages.
    pub const fn percent(garble: u32, drop: u32, duplicate: u32) -> FaultRates {
        FaultRates {
            garble_ppm: garble * 10_000,
            drop_ppm: drop * 10_000,
            duplicate_ppm: duplicate * 10_000,
            truncate_ppm: 0,
            noise_ppm: 0,
        }
    }

    /// The total rate, in parts per million.
    pub const fn total_ppm(&self) -> u32 {
        self.garble_ppm + self.drop_ppm + self.duplicate_ppm + self.truncate_ppm + self.noise_ppm
    }
}

/// A kind of injected fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// One byte flipped.
    Garbled,
    /// Not sent.
    Dropped,
    /// Sent twice.
    Duplicated,
    /// Cut short.
    Truncated,
    /// Noise before it.
    Noise,
}

/// Which way a frame was going.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// A command, controller to reader.
    ToReader,
    /// An answer, reader to controller.
    FromReader,
}

/// Decides each frame's fate with a seeded xorshift: the same seed and frames give
/// the same faults.
#[derive(Clone, Debug)]
pub struct FaultInjector {
    rng: XorShift,
    rates: FaultRates,
}

impl FaultInjector {
    /// An injector with these rates and seed.
    pub const fn new(rates: FaultRates, seed: u64) -> FaultInjector {
        FaultInjector {
            rng: XorShift::new(seed),
            rates,
        }
    }

    /// The rates.
    pub const fn rates(&self) -> FaultRates {
        self.rates
    }

    /// Passes `frame` on into `out` (zero, one or two frames), returning the fault
    /// injected, if any.
    pub fn apply(&mut self, frame: Outgoing, out: &mut Vec<Outgoing>) -> Option<FaultKind> {
        let r = self.rng.below(1_000_000) as u32;
        let FaultRates {
            garble_ppm: g,
            drop_ppm: d,
            duplicate_ppm: u,
            truncate_ppm: t,
            noise_ppm: n,
        } = self.rates;
        let kind = if r < g {
            FaultKind::Garbled
        } else if r < g + d {
            FaultKind::Dropped
        } else if r < g + d + u {
            FaultKind::Duplicated
        } else if r < g + d + u + t {
            FaultKind::Truncated
        } else if r < g + d + u + t + n {
            FaultKind::Noise
        } else {
            out.push(frame);
            return None;
        };
        let mut frame = frame;
        let len = frame.bytes.len() as u64;
        match kind {
            FaultKind::Garbled => {
                let i = self.rng.below(len) as usize;
                let mask = 1 + self.rng.below(255) as u8;
                if let Some(b) = frame.bytes.get_mut(i) {
                    *b ^= mask;
                }
                out.push(frame);
            }
            FaultKind::Dropped => {}
            FaultKind::Duplicated => {
                out.push(frame.clone());
                frame.delay = Duration::ZERO;
                out.push(frame);
            }
            FaultKind::Truncated => {
                let keep = 1 + self.rng.below(len.saturating_sub(1).max(1)) as usize;
                frame.bytes.truncate(keep);
                out.push(frame);
            }
            FaultKind::Noise => {
                let count = 1 + self.rng.below(8) as usize;
                let mut bytes: Vec<u8> =
                    (0..count).map(|_| 1 + self.rng.below(255) as u8).collect();
                bytes.extend_from_slice(&frame.bytes);
                frame.bytes = bytes;
                out.push(frame);
            }
        }
        Some(kind)
    }
}

/// One injected fault: on which frame of which command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Injected {
    /// The number of the controller's command (counted from 1, as
    /// [`crate::link::FaultReport::seq`]) whose frame, or one of whose answers, it was.
    pub seq: u64,
    /// Command or answer.
    pub direction: Direction,
    /// The fault.
    pub kind: FaultKind,
}

/// The faults a [`Faulty`] injected, shared with whoever watches (a test, the bench's
/// display).
#[derive(Clone, Debug, Default)]
pub struct InjectedLog(Arc<Mutex<Vec<Injected>>>);

impl InjectedLog {
    fn lock(&self) -> MutexGuard<'_, Vec<Injected>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Every fault injected so far.
    pub fn all(&self) -> Vec<Injected> {
        self.lock().clone()
    }

    /// How many faults of `kind` were injected going `direction`.
    pub fn count(&self, direction: Direction, kind: FaultKind) -> usize {
        self.lock()
            .iter()
            .filter(|i| i.direction == direction && i.kind == kind)
            .count()
    }

    /// How many faults were injected in all.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no fault was injected.
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }
}

/// A reader whose frames suffer faults: `to_reader` on the controller's commands
/// (garbled, dropped, duplicated or truncated before the reader sees them; noise does
/// not apply) and `from_reader` on its answers.
#[derive(Debug)]
pub struct Faulty<R> {
    inner: R,
    to_reader: FaultInjector,
    from_reader: FaultInjector,
    seq: u64,
    log: InjectedLog,
}

impl<R: Reader> Faulty<R> {
    /// `inner` with faults at `rates` on its answers only, from `seed`.
    pub fn new(inner: R, rates: FaultRates, seed: u64) -> Faulty<R> {
        Faulty::both_ways(inner, FaultRates::NONE, rates, seed)
    }

    /// `inner` with faults on the commands and on the answers.
    pub fn both_ways(
        inner: R,
        to_reader: FaultRates,
        from_reader: FaultRates,
        seed: u64,
    ) -> Faulty<R> {
        let to_reader = FaultRates {
            noise_ppm: 0,
            ..to_reader
        };
        Faulty {
            inner,
            to_reader: FaultInjector::new(to_reader, seed ^ 0x5EED_F0C0_DE00),
            from_reader: FaultInjector::new(from_reader, seed),
            seq: 0,
            log: InjectedLog::default(),
        }
    }

    /// The log of injected faults (a shared handle: keep it before moving the reader
    /// into a thread).
    pub fn log(&self) -> InjectedLog {
        self.log.clone()
    }

    /// The wrapped reader.
    pub fn inner(&self) -> &R {
        &self.inner
    }
}

impl<R: Reader> Reader for Faulty<R> {
    fn command(&mut self, now: Instant, frame: &[u8], out: &mut Vec<Outgoing>) {
        // Count commands as the controller sent them (only frames with a command
        // header: the controller sends nothing else).
        self.seq += 1;
        let seq = self.seq;
        let mut commands = Vec::new();
        let cmd = Outgoing {
            bytes: frame.to_vec(),
            delay: Duration::ZERO,
        };
        if let Some(kind) = self.to_reader.apply(cmd, &mut commands) {
            self.log.lock().push(Injected {
                seq,
                direction: Direction::ToReader,
                kind,
            });
        }
        let mut answers = Vec::new();
        for c in &commands {
            self.inner.command(now, &c.bytes, &mut answers);
        }
        for a in answers {
            if let Some(kind) = self.from_reader.apply(a, out) {
                self.log.lock().push(Injected {
                    seq,
                    direction: Direction::FromReader,
                    kind,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fault_does_what_it_says() {
        let frame = Outgoing {
            bytes: vec![0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00],
            delay: Duration::from_millis(3),
        };
        for (rates, kind) in [
            (
                FaultRates {
                    garble_ppm: 1_000_000,
                    ..FaultRates::NONE
                },
                FaultKind::Garbled,
            ),
            (
                FaultRates {
                    drop_ppm: 1_000_000,
                    ..FaultRates::NONE
                },
                FaultKind::Dropped,
            ),
            (
                FaultRates {
                    duplicate_ppm: 1_000_000,
                    ..FaultRates::NONE
                },
                FaultKind::Duplicated,
            ),
            (
                FaultRates {
                    truncate_ppm: 1_000_000,
                    ..FaultRates::NONE
                },
                FaultKind::Truncated,
            ),
            (
                FaultRates {
                    noise_ppm: 1_000_000,
                    ..FaultRates::NONE
                },
                FaultKind::Noise,
            ),
        ] {
            let mut inj = FaultInjector::new(rates, 1);
            for _ in 0..100 {
                let mut out = Vec::new();
                assert_eq!(inj.apply(frame.clone(), &mut out), Some(kind));
                match kind {
                    FaultKind::Garbled => {
                        assert_eq!(out.len(), 1);
                        let diff = out[0]
                            .bytes
                            .iter()
                            .zip(&frame.bytes)
                            .filter(|(a, b)| a != b)
                            .count();
                        assert_eq!(diff, 1);
                    }
                    FaultKind::Dropped => assert!(out.is_empty()),
                    FaultKind::Duplicated => {
                        assert_eq!(out.len(), 2);
                        assert_eq!(out[0].bytes, out[1].bytes);
                    }
                    FaultKind::Truncated => {
                        assert!(out[0].bytes.len() < frame.bytes.len());
                        assert!(frame.bytes.starts_with(&out[0].bytes));
                    }
                    FaultKind::Noise => {
                        assert!(out[0].bytes.ends_with(&frame.bytes));
                        let noise = &out[0].bytes[..out[0].bytes.len() - frame.bytes.len()];
                        assert!((1..=8).contains(&noise.len()) && !noise.contains(&0));
                    }
                }
            }
        }
        let mut clean = FaultInjector::new(FaultRates::NONE, 1);
        let mut out = Vec::new();
        assert_eq!(clean.apply(frame.clone(), &mut out), None);
        assert_eq!(out, [frame]);
    }

    #[test]
    fn rates_are_kept() {
        let mut inj = FaultInjector::new(FaultRates::percent(5, 5, 5), 42);
        let mut counts = [0u32; 3];
        for _ in 0..100_000 {
            let f = Outgoing {
                bytes: vec![1, 2, 3],
                delay: Duration::ZERO,
            };
            match inj.apply(f, &mut Vec::new()) {
                Some(FaultKind::Garbled) => counts[0] += 1,
                Some(FaultKind::Dropped) => counts[1] += 1,
                Some(FaultKind::Duplicated) => counts[2] += 1,
                _ => {}
            }
        }
        assert!(
            counts.iter().all(|c| (4_500..5_500).contains(c)),
            "{counts:?}"
        );
    }
}
