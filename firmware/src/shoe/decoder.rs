//! Frames found in the byte stream from the serial port, with the time taken from the
//! caller.

use super::error::ShoeError;
use super::field;
use super::frame::ShoeFrame;
use super::message::ShoeMessage;
use crate::time::{Duration, Instant};

/// The largest LEN (TFI + data bytes) the decoder accepts. A card read with a 10-byte
/// UID has LEN 18; 64 leaves room for an ISO 14443-4 tag's ATS. Longer frames are
/// skipped and reported as [`ShoeError::Oversize`].
pub const MAX_FRAME_BODY: usize = 64;
/// Bytes of the longest frame the decoder holds: the body plus preamble, start code,
/// LEN, LCS, DCS and postamble.
pub const FRAME_BUF_LEN: usize = MAX_FRAME_BODY + field::OVERHEAD;
/// Garbage bytes counted before the decoder reports them even without a start code,
/// so a noisy line is reported while it is noisy.
pub const GARBAGE_REPORT_LEN: u16 = 64;

/// Timing of the shoe link. `#[non_exhaustive]`: start from `LinkConfig::default()`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LinkConfig {
    /// Longest time without a valid frame before [`ShoeError::LinkSilent`]. The
    /// controller repeats InListPassiveTarget and the reader answers each one (with
    /// `NoCard` when the slot is empty), so a live link is never quiet this long.
    /// Default 1000 ms.
    pub silence: Duration,
    /// Longest pause inside a frame before the partial frame is dropped as
    /// [`ShoeError::Truncated`]. A whole frame takes under 7 ms at 115200 baud.
    /// Default 20 ms.
    pub byte_gap: Duration,
}

impl LinkConfig {
    /// The defaults: 1000 ms silence, 20 ms byte gap.
    pub const fn new() -> LinkConfig {
        LinkConfig {
            silence: Duration::from_millis(1000),
            byte_gap: Duration::from_millis(20),
        }
    }
}

impl Default for LinkConfig {
    fn default() -> LinkConfig {
        LinkConfig::new()
    }
}

/// Finds frames in the byte stream from the shoe.
///
/// Feed it what the serial port delivers, one byte or a slice at a time, with the time
/// it arrived; iterate the returned [`Decoded`] to get each message or error. Between
/// reads, call [`FrameDecoder::poll`] (when [`FrameDecoder::poll_at`] falls due) to
/// learn of a frame cut short or a silent link.
///
/// Guarantees:
/// - Every byte ends up in a message, an error report, or padding (zeros between
///   frames); none is silently lost.
/// - After an error the decoder looks for the next `00 00 FF` start code from the
///   byte after the failed start code, so a good frame caught inside a damaged one is
///   still found. Bytes of a rejected frame are not reported again as garbage.
/// - Only a frame whose length checksum, data checksum, postamble and contents are
///   right becomes a message.
/// - At most [`FRAME_BUF_LEN`] bytes are held.
///
/// ```
/// use firmware::shoe::{FrameDecoder, LinkConfig, ShoeError, ShoeMessage, ACK_FRAME};
/// use firmware::time::Instant;
/// let mut dec = FrameDecoder::new(LinkConfig::default(), Instant::ZERO);
/// let mut got = Vec::new();
/// got.extend(dec.feed(Instant::from_millis(5), &[0x42]));
/// got.extend(dec.feed(Instant::from_millis(6), &ACK_FRAME));
/// assert_eq!(got, [Err(ShoeError::Garbage { bytes: 1 }), Ok(ShoeMessage::Ack)]);
/// ```
#[derive(Clone, Debug)]
pub struct FrameDecoder {
    config: LinkConfig,
    /// `buf[..cursor]` is the frame being matched, starting at a start code (or a
    /// prefix of one); `buf[cursor..]` are bytes waiting to be scanned again after an
    /// error.
    buf: heapless::Vec<u8, FRAME_BUF_LEN>,
    cursor: usize,
    /// Bytes of an oversize frame still to skip.
    skip: usize,
    /// Bytes at the front of `buf` from a rejected frame: not counted as garbage.
    quiet: usize,
    /// Garbage bytes not yet reported.
    garbage: u16,
    /// The bytes of the last good frame, exactly as received: the host logs them
    /// with the read they carried (PD-RFID), never a frame rebuilt from the read.
    last: heapless::Vec<u8, FRAME_BUF_LEN>,
    now: Instant,
    last_byte: Instant,
    last_frame_at: Instant,
    silent: bool,
}

impl FrameDecoder {
    /// A decoder with nothing received, its clocks started at `now`.
    pub const fn new(config: LinkConfig, now: Instant) -> FrameDecoder {
        FrameDecoder {
            config,
            buf: heapless::Vec::new(),
            cursor: 0,
            skip: 0,
            quiet: 0,
            garbage: 0,
            last: heapless::Vec::new(),
            now,
            last_byte: now,
            last_frame_at: now,
            silent: false,
        }
    }

    /// The link timing.
    pub const fn config(&self) -> LinkConfig {
        self.config
    }

    /// Feeds bytes that arrived at `now`. The iterator first reports what time
    /// alone brings (as [`FrameDecoder::poll`]), then the outcomes of the bytes. Bytes
    /// the iterator has not reached when it is dropped are not consumed.
    pub fn feed<'d, 'b>(&'d mut self, now: Instant, bytes: &'b [u8]) -> Decoded<'d, 'b> {
        self.now = now;
        Decoded {
            dec: self,
            input: bytes.iter(),
            timed: false,
        }
    }

    /// Reports what time alone brings at `now`: a partial frame left by a pause
    /// longer than [`LinkConfig::byte_gap`] ([`ShoeError::Truncated`]), garbage
    /// followed by such a pause, and [`ShoeError::LinkSilent`] once when no valid frame
    /// arrived for [`LinkConfig::silence`] (again only after a frame has arrived).
    pub fn poll(&mut self, now: Instant) -> Decoded<'_, 'static> {
        self.feed(now, &[])
    }

    /// When [`FrameDecoder::poll`] may next report something, or `None` if only new
    /// bytes can change anything.
    pub fn poll_at(&self) -> Option<Instant> {
        let gap =
            (self.in_frame() || self.garbage > 0).then(|| self.last_byte + self.config.byte_gap);
        let silence = (!self.silent).then(|| self.last_frame_at + self.config.silence);
        match (gap, silence) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether part of a frame (at least its start code) has been received.
    pub fn in_frame(&self) -> bool {
        self.cursor >= field::START_CODE.end || self.skip > 0
    }

    /// Whether the link has been reported silent and no valid frame has come since.
    pub const fn is_silent(&self) -> bool {
        self.silent
    }

    /// Forgets any partial frame and unreported garbage (after reopening the port).
    pub fn reset(&mut self, now: Instant) {
        *self = FrameDecoder::new(self.config, now);
    }

    /// The bytes of the last good frame, as they came from the shoe (empty before the
    /// first). Valid until the next message: read it right after the message it
    /// carried, through [`Decoded::frame`] while iterating.
    pub fn last_frame(&self) -> &[u8] {
        &self.last
    }

    /// Bytes held: the tests check the bound the type promises.
    #[cfg(test)]
    pub(super) fn held(&self) -> usize {
        self.buf.len()
    }

    fn drop_front(&mut self, n: usize) {
        let len = self.buf.len();
        let n = n.min(len);
        self.buf.copy_within(n..len, 0);
        self.buf.truncate(len - n);
        self.quiet = self.quiet.saturating_sub(n);
    }

    /// Counts a skipped byte at `buf[self.cursor]` unless it belongs to a rejected
    /// frame; reports a long run.
    fn count_garbage(&mut self, at_cursor: usize) -> Option<ShoeError> {
        if self.quiet > at_cursor {
            return None;
        }
        self.garbage = self.garbage.saturating_add(1);
        (self.garbage >= GARBAGE_REPORT_LEN).then(|| self.take_garbage())
    }

    fn take_garbage(&mut self) -> ShoeError {
        let bytes = core::mem::take(&mut self.garbage);
        ShoeError::Garbage { bytes }
    }

    /// Drops the failed frame's start code and rescans the rest.
    fn reject(&mut self, e: ShoeError) -> Result<ShoeMessage, ShoeError> {
        let rescan = self.cursor.saturating_sub(field::START_CODE.end);
        self.drop_front(field::START_CODE.end);
        self.cursor = 0;
        self.quiet = rescan;
        Err(e)
    }

    /// Scans the unscanned bytes until one completes an outcome, or all are scanned.
    fn step(&mut self) -> Option<Result<ShoeMessage, ShoeError>> {
        loop {
            if self.skip > 0 {
                // Skipping the body of an oversize frame; the cursor is 0.
                let n = self.skip.min(self.buf.len());
                if n == 0 {
                    return None;
                }
                self.drop_front(n);
                self.skip -= n;
                continue;
            }
            let &b = self.buf.get(self.cursor)?;
            match self.cursor {
                // Looking for the start code 00 00 FF.
                0 => {
                    if b == 0x00 {
                        self.cursor = 1;
                    } else {
                        let e = self.count_garbage(0);
                        self.drop_front(1);
                        if let Some(e) = e {
                            return Some(Err(e));
                        }
                    }
                }
                1 => {
                    if b == 0x00 {
                        self.cursor = 2;
                    } else {
                        let e = self.count_garbage(1);
                        self.drop_front(2);
                        self.cursor = 0;
                        if let Some(e) = e {
                            return Some(Err(e));
                        }
                    }
                }
                2 => match b {
                    0xFF => {
                        self.cursor = 3;
                        if self.garbage > 0 {
                            return Some(Err(self.take_garbage()));
                        }
                    }
                    // Another zero: the first was padding.
                    0x00 => self.drop_front(1),
                    _ => {
                        let e = self.count_garbage(2);
                        self.drop_front(3);
                        self.cursor = 0;
                        if let Some(e) = e {
                            return Some(Err(e));
                        }
                    }
                },
                3 => self.cursor = 4,
                // LCS: the header is complete.
                4 => {
                    let len = self.buf.get(field::LEN).copied().unwrap_or(0);
                    self.cursor = 5;
                    match (len, b) {
                        (0x00, 0xFF) | (0xFF, 0x00) => {} // ACK or NACK: postamble next
                        (0xFF, 0xFF) => return Some(self.reject(ShoeError::Oversize)),
                        _ if len.wrapping_add(b) != 0 => {
                            return Some(self.reject(ShoeError::BadLengthChecksum { len, lcs: b }))
                        }
                        (0x00, _) => return Some(self.reject(ShoeError::Malformed)),
                        _ if usize::from(len) > MAX_FRAME_BODY => {
                            // The header is checked, so its length can be trusted:
                            // skip the body, DCS and postamble.
                            self.drop_front(field::HEADER_LEN);
                            self.cursor = 0;
                            self.quiet = 0;
                            self.skip = usize::from(len) + 2;
                            return Some(Err(ShoeError::Oversize));
                        }
                        _ => {}
                    }
                }
                _ => {
                    self.cursor += 1;
                    let total = ShoeFrame::new_unchecked(&self.buf[..]).frame_len();
                    if self.cursor >= total {
                        let parsed = self
                            .buf
                            .get(..total)
                            .ok_or(ShoeError::Truncated)
                            .and_then(ShoeFrame::new_checked)
                            .and_then(|frame| ShoeMessage::parse(&frame));
                        return Some(match parsed {
                            Ok(message) => {
                                self.last.clear();
                                // Cannot fail: `total` <= the buffer's capacity, which
                                // is also the copy's.
                                let _ = self.last.extend_from_slice(&self.buf[..total]);
                                self.drop_front(total);
                                self.cursor = 0;
                                self.last_frame_at = self.now;
                                self.silent = false;
                                Ok(message)
                            }
                            Err(e) => self.reject(e),
                        });
                    }
                }
            }
        }
    }

    /// What time alone brings; called with no byte waiting to be rescanned. Each call
    /// reports at most one thing; call until `None`.
    fn check_time(&mut self) -> Option<ShoeError> {
        let now = self.now;
        if now - self.last_byte >= self.config.byte_gap {
            let truncated = self.cursor >= field::START_CODE.end;
            if self.cursor > 0 || self.skip > 0 {
                // A partial start code is only padding; a partial frame is cut short.
                self.buf.clear();
                self.cursor = 0;
                self.skip = 0;
                self.quiet = 0;
                if truncated {
                    return Some(ShoeError::Truncated);
                }
            }
            if self.garbage > 0 {
                return Some(self.take_garbage());
            }
        }
        let quiet = now - self.last_frame_at;
        if !self.silent && quiet >= self.config.silence {
            self.silent = true;
            return Some(ShoeError::LinkSilent { quiet });
        }
        None
    }
}

/// The outcomes of bytes fed to a [`FrameDecoder`], in order.
#[derive(Debug)]
pub struct Decoded<'d, 'b> {
    dec: &'d mut FrameDecoder,
    input: core::slice::Iter<'b, u8>,
    timed: bool,
}

impl Decoded<'_, '_> {
    /// The bytes of the frame behind the last `Ok` message this iterator returned,
    /// exactly as received ([`FrameDecoder::last_frame`]).
    pub fn frame(&self) -> &[u8] {
        self.dec.last_frame()
    }
}

impl Iterator for Decoded<'_, '_> {
    type Item = Result<ShoeMessage, ShoeError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.dec.step() {
                if let Err(e) = item {
                    debug!("shoe: {}", e);
                }
                return Some(item);
            }
            if !self.timed {
                match self.dec.check_time() {
                    Some(e) => {
                        warn!("shoe: {}", e);
                        return Some(Err(e));
                    }
                    None => self.timed = true,
                }
            }
            let &b = self.input.next()?;
            self.dec.last_byte = self.dec.now;
            if self.dec.buf.push(b).is_err() {
                // Unreachable: a byte is taken only when every held byte is scanned
                // and the frame being matched is incomplete, so shorter than the
                // buffer. Should it ever happen, start afresh rather than panic.
                self.dec.buf.clear();
                self.dec.cursor = 0;
                self.dec.quiet = 0;
                return Some(Err(ShoeError::Oversize));
            }
        }
    }
}
