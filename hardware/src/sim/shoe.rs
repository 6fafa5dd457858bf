//! The simulated PN532.

use super::{Outgoing, Reader};
use crate::link::pn532;
use firmware::deck::TagUid;
use firmware::shoe::{
    encode_ack, encode_frame, Antenna, CardRead, ShoeFrame, ShoeMessage,
    CMD_IN_LIST_PASSIVE_TARGET, ERROR_FRAME, RSP_IN_LIST_PASSIVE_TARGET, TFI_FROM_READER,
};
use firmware::time::Instant;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// How the simulated reader behaves. `#[non_exhaustive]`: start from
/// `SimConfig::default()`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// Time the reader searches before answering "no card" (a PN532 with
    /// MxRtyPassiveActivation = 0x10 takes tens of ms). Default 5 ms.
    pub search: Duration,
    /// Time before the answer when a card is there. Default 0.
    pub answer: Duration,
}

impl SimConfig {
    /// The defaults.
    pub const fn new() -> SimConfig {
        SimConfig {
            search: Duration::from_millis(5),
            answer: Duration::ZERO,
        }
    }
}

impl Default for SimConfig {
    fn default() -> SimConfig {
        SimConfig::new()
    }
}

/// What the simulated reader has done, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimStats {
    /// Valid command frames received.
    pub commands: u64,
    /// InListPassiveTarget commands received.
    pub polls: u64,
    /// Card reads sent (before any fault injected after the reader).
    pub reads_sent: u64,
    /// "No card" answers sent.
    pub no_card_sent: u64,
    /// Frames refused (bad checksum or malformed): no answer, like a PN532.
    pub refused: u64,
    /// Commands the reader does not know: answered with the error frame.
    pub unknown: u64,
}

#[derive(Debug, Default)]
struct SimState {
    presented: Option<(TagUid, Antenna)>,
    stats: SimStats,
}

/// The dealer's side of a [`SimShoe`]: which tag is held to which antenna. Cloning
/// gives another handle on the same shoe; it works from any thread.
#[derive(Clone, Debug, Default)]
pub struct SimHandle(Arc<Mutex<SimState>>);

impl SimHandle {
    fn lock(&self) -> MutexGuard<'_, SimState> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Holds the tag `uid` to `antenna` until [`SimHandle::remove`] (or the next
    /// `present`): every poll reads it.
    pub fn present(&self, uid: TagUid, antenna: Antenna) {
        log::debug!("sim shoe: {uid} presented at {antenna:?}");
        self.lock().presented = Some((uid, antenna));
    }

    /// Takes the card away: polls answer "no card".
    pub fn remove(&self) {
        self.lock().presented = None;
    }

    /// The tag held to an antenna, if any.
    pub fn presented(&self) -> Option<(TagUid, Antenna)> {
        self.lock().presented
    }

    /// What the reader has done so far.
    pub fn stats(&self) -> SimStats {
        self.lock().stats
    }
}

/// A simulated PN532 in the shoe: answers GetFirmwareVersion, SAMConfiguration,
/// RFConfiguration and InListPassiveTarget (with the presented tag, target 1 for the
/// exit antenna and 2 for the burn slot), re-sends its last answer on a NACK, stays
/// silent on a frame it cannot check (as a PN532 does) and answers an unknown command
/// with the error frame.
#[derive(Debug)]
pub struct SimShoe {
    config: SimConfig,
    handle: SimHandle,
    last_answer: Option<Outgoing>,
}

impl SimShoe {
    /// A reader with nothing presented, and the handle to present cards with.
    pub fn new(config: SimConfig) -> (SimShoe, SimHandle) {
        let handle = SimHandle::default();
        (
            SimShoe {
                config,
                handle: handle.clone(),
                last_answer: None,
            },
            handle,
        )
    }

    /// Another handle on this reader.
    pub fn handle(&self) -> SimHandle {
        self.handle.clone()
    }

    fn frame(data: &[u8], delay: Duration) -> Outgoing {
        let mut buf = [0u8; 64];
        let n = encode_frame(TFI_FROM_READER, data, &mut buf).unwrap_or(0);
        Outgoing {
            bytes: buf.get(..n).unwrap_or(&[]).to_vec(),
            delay,
        }
    }
}

impl Reader for SimShoe {
    fn command(&mut self, _now: Instant, frame: &[u8], out: &mut Vec<Outgoing>) {
        let msg = ShoeFrame::new_checked(frame).and_then(|f| ShoeMessage::parse(&f));
        let mut state = self.handle.lock();
        let code = match msg {
            Ok(ShoeMessage::Command { code }) => code,
            Ok(ShoeMessage::Nack) => {
                // Send the last answer again (UM0701-02 §6.2.1.4).
                if let Some(last) = &self.last_answer {
                    out.push(last.clone());
                }
                return;
            }
            // An ACK from the host aborts; frames from a reader are not for us.
            Ok(_) => return,
            Err(_) => {
                state.stats.refused += 1;
                return;
            }
        };
        state.stats.commands += 1;
        let mut ack = [0u8; 6];
        let n = encode_ack(&mut ack).unwrap_or(0);
        out.push(Outgoing {
            bytes: ack.get(..n).unwrap_or(&[]).to_vec(),
            delay: Duration::ZERO,
        });
        let answer = match code {
            pn532::CMD_GET_FIRMWARE_VERSION => {
                Self::frame(&[0x03, 0x32, 0x01, 0x06, 0x07], Duration::ZERO)
            }
            pn532::CMD_SAM_CONFIGURATION => Self::frame(&[0x15], Duration::ZERO),
            pn532::CMD_RF_CONFIGURATION => Self::frame(&[0x33], Duration::ZERO),
            CMD_IN_LIST_PASSIVE_TARGET => {
                state.stats.polls += 1;
                match state.presented {
                    Some((uid, antenna)) => {
                        state.stats.reads_sent += 1;
                        let mut read = CardRead::new(uid);
                        read.target = antenna.target();
                        let mut buf = [0u8; 64];
                        let n = read.emit(&mut buf).unwrap_or(0);
                        Outgoing {
                            bytes: buf.get(..n).unwrap_or(&[]).to_vec(),
                            delay: self.config.answer,
                        }
                    }
                    None => {
                        state.stats.no_card_sent += 1;
                        Self::frame(&[RSP_IN_LIST_PASSIVE_TARGET, 0], self.config.search)
                    }
                }
            }
            _ => {
                state.stats.unknown += 1;
                Outgoing {
                    bytes: ERROR_FRAME.to_vec(),
                    delay: Duration::ZERO,
                }
            }
        };
        self.last_answer = Some(answer.clone());
        out.push(answer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use firmware::deck::{DeckKind, DeckMap};
    use firmware::shoe::{encode_in_list_passive_target, NACK_FRAME};

    fn parse(o: &Outgoing) -> ShoeMessage {
        ShoeMessage::parse(&ShoeFrame::new_checked(&o.bytes[..]).unwrap()).unwrap()
    }

    #[test]
    fn answers_like_a_pn532() {
        let (mut shoe, handle) = SimShoe::new(SimConfig::default());
        let mut cmd = [0u8; 16];
        let n = encode_in_list_passive_target(&mut cmd).unwrap();
        let mut out = Vec::new();
        shoe.command(Instant::ZERO, &cmd[..n], &mut out);
        assert_eq!(parse(&out[0]), ShoeMessage::Ack);
        assert_eq!(parse(&out[1]), ShoeMessage::NoCard);
        assert_eq!(out[1].delay, Duration::from_millis(5));
        let uid = DeckMap::simulated_uid(1, "Kd".parse().unwrap());
        handle.present(uid, Antenna::Burn);
        out.clear();
        shoe.command(Instant::ZERO, &cmd[..n], &mut out);
        match parse(&out[1]) {
            ShoeMessage::CardRead(r) => {
                assert_eq!(r.uid, uid);
                assert_eq!(r.target, 2);
            }
            m => panic!("{m:?}"),
        }
        // NACK: the last answer again, without an ACK.
        out.clear();
        shoe.command(Instant::ZERO, &NACK_FRAME, &mut out);
        assert_eq!(out.len(), 1);
        assert!(matches!(parse(&out[0]), ShoeMessage::CardRead(_)));
        // A damaged command: silence.
        let mut bad = cmd[..n].to_vec();
        bad[7] ^= 0x10;
        out.clear();
        shoe.command(Instant::ZERO, &bad, &mut out);
        assert!(out.is_empty());
        // An unknown command: ACK and the error frame.
        let mut buf = [0u8; 16];
        let n = encode_frame(0xD4, &[0x60], &mut buf).unwrap();
        out.clear();
        shoe.command(Instant::ZERO, &buf[..n], &mut out);
        assert_eq!(parse(&out[1]), ShoeMessage::ErrorFrame);
        let stats = handle.stats();
        assert_eq!(
            (stats.polls, stats.reads_sent, stats.refused, stats.unknown),
            (2, 1, 1, 1)
        );
        let _ = DeckKind::Standard52;
    }
}
