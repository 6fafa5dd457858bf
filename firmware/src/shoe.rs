//! Frames from the RFID card shoe, checked before use (PD-RFID).
//!
//! The shoe's reader is an NXP PN532 on its UART (HSU, 115200 8N1). It speaks the
//! PN532 frame format (PN532 User Manual UM0701-02, §6.2):
//!
//! ```text
//! normal information frame   00 00 FF LEN LCS TFI PD0 .. PDn DCS 00
//!                            LEN counts TFI and PD bytes; LEN + LCS = 0 (mod 256)
//!                            TFI + PD0 + .. + PDn + DCS = 0 (mod 256)
//!                            TFI = D5 reader -> controller, D4 controller -> reader
//! ACK frame                  00 00 FF 00 FF 00
//! NACK frame                 00 00 FF FF 00 00
//! error frame                00 00 FF 01 FF 7F 81 00
//! ```
//!
//! A card is read by the command InListPassiveTarget (`D4 4A 01 00`: one ISO 14443-A
//! target at 106 kbps); the answer `D5 4B NbTg [Tg SENS_RES(2) SEL_RES NFCIDLength
//! NFCID1..]` carries the tag's UID. `hardware/docs/shoe-protocol.md` describes the
//! wiring and the exchange.
//!
//! Untrusted bytes go through two layers, as in smoltcp's `wire` module:
//!
//! - [`ShoeFrame`] is a view over a buffer. After [`ShoeFrame::check_len`] returns
//!   `Ok`, no accessor panics (and none panics before either: they return zero or an
//!   empty slice for bytes the buffer does not have, but only after `check_len` do
//!   their values mean anything). [`field`] names every byte range.
//! - [`ShoeMessage::parse`] and [`CardRead::parse`] check the start code, both
//!   checksums, the postamble and the contents, and return a small `Copy` value; the
//!   UID is a [`TagUid`].
//!
//! A [`FrameDecoder`] finds frames in the byte stream from the serial port. It
//! resynchronises on the `00 00 FF` start code after garbage or a bad frame, and
//! reports every fault as a [`ShoeError`]: none of them ever becomes a card read. It
//! also takes the time from the caller (no clock reads) to report a frame cut short
//! and a silent link.
//!
//! The encoders ([`encode_card_read`], [`encode_ack`], [`encode_in_list_passive_target`],
//! [`ShoeMessage::emit`]) build the same frames for the bench simulator and the tests.

use crate::deck::TagUid;
use core::fmt;

/// TFI of a frame from the reader to the controller.
pub const TFI_FROM_READER: u8 = 0xD5;
/// TFI of a frame from the controller to the reader.
pub const TFI_TO_READER: u8 = 0xD4;
/// TFI of the PN532's error frame (the reader could not parse the last command).
pub const TFI_ERROR: u8 = 0x7F;
/// Command code of InListPassiveTarget.
pub const CMD_IN_LIST_PASSIVE_TARGET: u8 = 0x4A;
/// Response code of InListPassiveTarget (command code + 1).
pub const RSP_IN_LIST_PASSIVE_TARGET: u8 = 0x4B;

/// The ACK frame.
pub const ACK_FRAME: [u8; 6] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00];
/// The NACK frame (the controller asks the reader to send its last answer again).
pub const NACK_FRAME: [u8; 6] = [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00];
/// The PN532's error frame.
pub const ERROR_FRAME: [u8; 8] = [0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00];

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

/// Byte positions in a frame. `LEN` is the value of the LEN byte.
#[allow(non_snake_case)] // named like the fields, as smoltcp does
pub mod field {
    /// A range of bytes.
    pub type Field = core::ops::Range<usize>;

    /// The preamble, `00`.
    pub const PREAMBLE: usize = 0;
    /// The start code, `00 FF`.
    pub const START_CODE: Field = 1..3;
    /// LEN: the number of TFI and data bytes.
    pub const LEN: usize = 3;
    /// LCS: LEN + LCS = 0 (mod 256).
    pub const LCS: usize = 4;
    /// The header: preamble, start code, LEN and LCS.
    pub const HEADER_LEN: usize = 5;
    /// TFI: the frame identifier (direction or error).
    pub const TFI: usize = 5;
    /// Bytes a frame adds to its LEN: preamble, start code, LEN, LCS, DCS, postamble.
    pub const OVERHEAD: usize = 7;
    /// The postamble of an ACK or NACK frame.
    pub const ACK_POSTAMBLE: usize = 5;
    /// Length of an ACK or NACK frame.
    pub const ACK_LEN: usize = 6;

    /// The data bytes PD0..PDn of a frame with this LEN.
    pub const fn DATA(len: u8) -> Field {
        TFI + 1..TFI + len as usize
    }
    /// DCS of a frame with this LEN.
    pub const fn DCS(len: u8) -> usize {
        TFI + len as usize
    }
    /// The postamble of a frame with this LEN.
    pub const fn POSTAMBLE(len: u8) -> usize {
        TFI + len as usize + 1
    }

    /// Positions in the data bytes (PD0..) of an InListPassiveTarget response.
    pub mod in_list {
        use super::Field;
        /// The response code, `4B`.
        pub const CODE: usize = 0;
        /// NbTg: the number of targets found (0 or 1 for our command).
        pub const NB_TG: usize = 1;
        /// Tg: the reader's number for the target.
        pub const TG: usize = 2;
        /// SENS_RES (ATQA), most significant byte first.
        pub const SENS_RES: Field = 3..5;
        /// SEL_RES (SAK).
        pub const SEL_RES: usize = 5;
        /// NFCIDLength: 4, 7 or 10.
        pub const NFCID_LEN: usize = 6;
        /// The first byte of the UID (NFCID1); an ATS may follow the UID.
        pub const NFCID: usize = 7;
    }
}

/// Why bytes from the shoe did not give a message, or the link is in trouble. None of
/// them is ever turned into a card read: the frame is dropped and the dealer re-reads
/// the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShoeError {
    /// Bytes that are not part of any frame were skipped (noise on the line). Zero
    /// bytes between frames are padding and not counted.
    Garbage {
        /// How many bytes were skipped.
        bytes: u16,
    },
    /// A frame ended before the length its header announced (the line went quiet
    /// mid-frame, or a buffer holds only part of a frame).
    Truncated,
    /// LEN + LCS is not 0 mod 256: the header was corrupted.
    BadLengthChecksum {
        /// The LEN byte received.
        len: u8,
        /// The LCS byte received.
        lcs: u8,
    },
    /// TFI + data + DCS is not 0 mod 256: the body was corrupted.
    BadDataChecksum,
    /// A frame longer than [`MAX_FRAME_BODY`], or an extended frame: skipped.
    Oversize,
    /// A frame with good checksums that is not what a PN532 sends: a wrong postamble,
    /// no TFI, an unknown TFI, or a card read whose fields do not add up.
    Malformed,
    /// The reader saw several cards at once.
    SeveralCards(u8),
    /// A valid frame, but not a card read where one was required.
    NotACardRead,
    /// No valid frame for this long ([`LinkConfig::silence_ms`]).
    LinkSilent {
        /// Milliseconds since the last valid frame.
        ms: u64,
    },
    /// The output buffer is too small for the frame being encoded.
    BufferTooSmall,
}

impl fmt::Display for ShoeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShoeError::Garbage { bytes } => write!(
                f,
                "{bytes} bytes of noise on the shoe line were skipped: if this repeats, \
                 check the shoe cable and its ground"
            ),
            ShoeError::Truncated => f.write_str(
                "A frame from the shoe was cut short and dropped: re-read the card; \
                 if this repeats, check the shoe cable",
            ),
            ShoeError::BadLengthChecksum { len, lcs } => write!(
                f,
                "Corrupted frame from the shoe (length {len:#04X}, length checksum {lcs:#04X}) \
                 dropped: re-read the card"
            ),
            ShoeError::BadDataChecksum => f.write_str(
                "Corrupted frame from the shoe (data checksum) dropped: re-read the card",
            ),
            ShoeError::Oversize => f.write_str(
                "The shoe sent a frame too long for a card read; it was skipped: \
                 check the reader's configuration",
            ),
            ShoeError::Malformed => f.write_str(
                "The shoe sent a frame that is not a valid PN532 answer; it was dropped: \
                 re-read the card; if this repeats, check the reader firmware",
            ),
            ShoeError::SeveralCards(n) => write!(
                f,
                "The shoe saw {n} cards at once: deal one card at a time and re-read"
            ),
            ShoeError::NotACardRead => {
                f.write_str("The shoe's answer is not a card read: re-read the card")
            }
            ShoeError::LinkSilent { ms } => write!(
                f,
                "No answer from the shoe for {ms} ms: check that the shoe is powered \
                 and its cable is plugged in"
            ),
            ShoeError::BufferTooSmall => {
                f.write_str("Frame buffer too small: a controller bug, report it")
            }
        }
    }
}

impl core::error::Error for ShoeError {}

/// A view of one PN532 frame in a buffer.
///
/// Build it with [`ShoeFrame::new_checked`] (or [`ShoeFrame::new_unchecked`] then
/// [`ShoeFrame::check_len`]). After `check_len` returns `Ok`, no accessor panics;
/// the checksums and contents are checked by [`ShoeMessage::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShoeFrame<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> ShoeFrame<T> {
    /// Wraps a buffer without checking it.
    pub const fn new_unchecked(buffer: T) -> ShoeFrame<T> {
        ShoeFrame { buffer }
    }

    /// Wraps a buffer and checks that it holds the whole frame its header announces.
    pub fn new_checked(buffer: T) -> Result<ShoeFrame<T>, ShoeError> {
        let frame = ShoeFrame::new_unchecked(buffer);
        frame.check_len()?;
        Ok(frame)
    }

    /// Checks that the buffer holds a whole frame: the header, then 6 bytes in all for
    /// an ACK or NACK, or LEN + 7 for an information frame. Returns
    /// [`ShoeError::Truncated`] if bytes are missing, [`ShoeError::Oversize`] for an
    /// extended frame (`LEN LCS` = `FF FF`) and [`ShoeError::Malformed`] for an
    /// information frame with LEN 0 (no TFI). A longer buffer is fine: the frame ends
    /// at [`ShoeFrame::frame_len`].
    pub fn check_len(&self) -> Result<(), ShoeError> {
        let have = self.buffer.as_ref().len();
        if have < field::HEADER_LEN {
            return Err(ShoeError::Truncated);
        }
        if self.is_extended() {
            return Err(ShoeError::Oversize);
        }
        if !self.is_ack() && !self.is_nack() && self.len_field() == 0 {
            return Err(ShoeError::Malformed);
        }
        if have < self.frame_len() {
            return Err(ShoeError::Truncated);
        }
        Ok(())
    }

    /// The buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    fn byte(&self, i: usize) -> u8 {
        self.buffer.as_ref().get(i).copied().unwrap_or(0)
    }

    /// The preamble byte (`00`).
    pub fn preamble(&self) -> u8 {
        self.byte(field::PREAMBLE)
    }

    /// The start code (`00 FF`).
    pub fn start_code(&self) -> [u8; 2] {
        [
            self.byte(field::START_CODE.start),
            self.byte(field::START_CODE.start + 1),
        ]
    }

    /// LEN: the number of TFI and data bytes.
    pub fn len_field(&self) -> u8 {
        self.byte(field::LEN)
    }

    /// LCS, the length checksum.
    pub fn lcs(&self) -> u8 {
        self.byte(field::LCS)
    }

    /// Whether the header is an ACK's (`LEN LCS` = `00 FF`).
    pub fn is_ack(&self) -> bool {
        self.len_field() == 0x00 && self.lcs() == 0xFF
    }

    /// Whether the header is a NACK's (`LEN LCS` = `FF 00`).
    pub fn is_nack(&self) -> bool {
        self.len_field() == 0xFF && self.lcs() == 0x00
    }

    /// Whether the header announces an extended frame (`LEN LCS` = `FF FF`), which
    /// the shoe never needs.
    pub fn is_extended(&self) -> bool {
        self.len_field() == 0xFF && self.lcs() == 0xFF
    }

    /// The frame's length in bytes: 6 for an ACK or NACK, LEN + 7 otherwise.
    pub fn frame_len(&self) -> usize {
        if self.is_ack() || self.is_nack() {
            field::ACK_LEN
        } else {
            usize::from(self.len_field()) + field::OVERHEAD
        }
    }

    /// TFI: `D5` from the reader, `D4` to it, `7F` for the error frame.
    pub fn tfi(&self) -> u8 {
        self.byte(field::TFI)
    }

    /// The data bytes PD0..PDn (empty for an ACK or NACK).
    pub fn data(&self) -> &[u8] {
        if self.is_ack() || self.is_nack() {
            return &[];
        }
        self.buffer
            .as_ref()
            .get(field::DATA(self.len_field()))
            .unwrap_or(&[])
    }

    /// DCS, the data checksum.
    pub fn dcs(&self) -> u8 {
        self.byte(field::DCS(self.len_field()))
    }

    /// The postamble byte (`00`).
    pub fn postamble(&self) -> u8 {
        if self.is_ack() || self.is_nack() {
            self.byte(field::ACK_POSTAMBLE)
        } else {
            self.byte(field::POSTAMBLE(self.len_field()))
        }
    }

    /// Whether LEN + LCS = 0 (mod 256).
    pub fn verify_length_checksum(&self) -> bool {
        self.len_field().wrapping_add(self.lcs()) == 0
    }

    /// Whether TFI + PD0 + .. + PDn + DCS = 0 (mod 256).
    pub fn verify_data_checksum(&self) -> bool {
        checksum(self.tfi(), self.data()).wrapping_add(self.dcs()) == 0
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> ShoeFrame<T> {
    fn set_byte(&mut self, i: usize, value: u8) {
        if let Some(b) = self.buffer.as_mut().get_mut(i) {
            *b = value;
        }
    }

    /// Writes the preamble, the start code, LEN and LCS.
    pub fn set_header(&mut self, len: u8) {
        self.set_byte(field::PREAMBLE, 0x00);
        self.set_byte(field::START_CODE.start, 0x00);
        self.set_byte(field::START_CODE.start + 1, 0xFF);
        self.set_byte(field::LEN, len);
        self.set_byte(field::LCS, len.wrapping_neg());
    }

    /// Writes TFI.
    pub fn set_tfi(&mut self, tfi: u8) {
        self.set_byte(field::TFI, tfi);
    }

    /// The data bytes, to fill in (after [`ShoeFrame::set_header`]).
    pub fn data_mut(&mut self) -> &mut [u8] {
        let range = field::DATA(self.len_field());
        self.buffer.as_mut().get_mut(range).unwrap_or(&mut [])
    }

    /// Writes DCS and the postamble, once the header, TFI and data are in place.
    pub fn fill_checksum(&mut self) {
        let len = self.len_field();
        let dcs = checksum(self.tfi(), self.data()).wrapping_neg();
        self.set_byte(field::DCS(len), dcs);
        self.set_byte(field::POSTAMBLE(len), 0x00);
    }
}

/// TFI + the data bytes, mod 256.
fn checksum(tfi: u8, data: &[u8]) -> u8 {
    data.iter().fold(tfi, |sum, b| sum.wrapping_add(*b))
}

/// A tag read by the shoe: one target of an InListPassiveTarget response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardRead {
    /// Tg: the reader's number for the target (1).
    pub target: u8,
    /// SENS_RES (ATQA), as the reader sends it: most significant byte first.
    pub sens_res: u16,
    /// SEL_RES (SAK).
    pub sel_res: u8,
    /// The tag's UID (NFCID1).
    pub uid: TagUid,
}

impl CardRead {
    /// A read of the tag `uid` as target 1, with the ATQA a tag of that UID size
    /// sends (`0004`, `0044` or `0084`) and SAK `00`.
    pub fn new(uid: TagUid) -> CardRead {
        let sens_res = match uid.len() {
            4 => 0x0004,
            7 => 0x0044,
            _ => 0x0084,
        };
        CardRead {
            target: 1,
            sens_res,
            sel_res: 0x00,
            uid,
        }
    }

    /// The card read in `frame`, or why there is none: a frame fault, several
    /// cards, or [`ShoeError::NotACardRead`] for any other valid frame.
    pub fn parse<T: AsRef<[u8]>>(frame: &ShoeFrame<T>) -> Result<CardRead, ShoeError> {
        match ShoeMessage::parse(frame)? {
            ShoeMessage::CardRead(read) => Ok(read),
            _ => Err(ShoeError::NotACardRead),
        }
    }

    /// Parses one target's data (after NbTg) of an InListPassiveTarget response for
    /// ISO 14443-A: `Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1.. [ATS]`.
    fn parse_target(target: &[u8]) -> Result<CardRead, ShoeError> {
        let [tg, s0, s1, sel, uid_len, rest @ ..] = target else {
            return Err(ShoeError::Malformed);
        };
        let (uid, ats) = rest
            .split_at_checked(usize::from(*uid_len))
            .ok_or(ShoeError::Malformed)?;
        let uid = TagUid::new(uid).map_err(|_| ShoeError::Malformed)?;
        // An ISO 14443-4 tag appends its ATS, whose first byte counts the ATS.
        if let Some(&ats_len) = ats.first() {
            if usize::from(ats_len) != ats.len() {
                return Err(ShoeError::Malformed);
            }
        }
        Ok(CardRead {
            target: *tg,
            sens_res: u16::from_be_bytes([*s0, *s1]),
            sel_res: *sel,
            uid,
        })
    }

    /// Encodes the read as the reader would send it (without ATS) into `out`,
    /// returning the frame's length.
    pub fn emit(&self, out: &mut [u8]) -> Result<usize, ShoeError> {
        let mut data = [0u8; field::in_list::NFCID + crate::deck::MAX_UID_LEN];
        let [s0, s1] = self.sens_res.to_be_bytes();
        let head = [
            RSP_IN_LIST_PASSIVE_TARGET,
            1,
            self.target,
            s0,
            s1,
            self.sel_res,
            self.uid.len() as u8, // 4, 7 or 10
        ];
        let bytes = head.iter().chain(self.uid.as_bytes());
        for (slot, b) in data.iter_mut().zip(bytes) {
            *slot = *b;
        }
        let n = head.len() + self.uid.len();
        encode_frame(TFI_FROM_READER, data.get(..n).unwrap_or(&data), out)
    }
}

/// A valid frame from the shoe, or to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShoeMessage {
    /// The reader accepted a command.
    Ack,
    /// A request to send the last frame again.
    Nack,
    /// The PN532's error frame: it could not parse the controller's last command.
    ErrorFrame,
    /// A card was read.
    CardRead(CardRead),
    /// InListPassiveTarget found no card in its retries (NbTg = 0): the shoe is
    /// alive and the slot is empty.
    NoCard,
    /// Another answer from the reader (TFI `D5`), unused by the table.
    Response {
        /// The response code (PD0).
        code: u8,
    },
    /// A command to the reader (TFI `D4`): seen by the bench simulator, or echoed
    /// on a miswired line.
    Command {
        /// The command code (PD0).
        code: u8,
    },
}

impl ShoeMessage {
    /// Checks a whole frame and returns its message: the lengths, the start code,
    /// both checksums, the postamble, and the contents of a card read.
    ///
    /// ```
    /// use firmware::shoe::{ShoeFrame, ShoeMessage, ACK_FRAME};
    /// let frame = ShoeFrame::new_checked(&ACK_FRAME[..]).unwrap();
    /// assert_eq!(ShoeMessage::parse(&frame), Ok(ShoeMessage::Ack));
    /// ```
    pub fn parse<T: AsRef<[u8]>>(frame: &ShoeFrame<T>) -> Result<ShoeMessage, ShoeError> {
        frame.check_len()?;
        if frame.preamble() != 0x00 || frame.start_code() != [0x00, 0xFF] {
            return Err(ShoeError::Malformed);
        }
        if frame.is_ack() || frame.is_nack() {
            if frame.postamble() != 0x00 {
                return Err(ShoeError::Malformed);
            }
            return Ok(if frame.is_ack() {
                ShoeMessage::Ack
            } else {
                ShoeMessage::Nack
            });
        }
        if !frame.verify_length_checksum() {
            return Err(ShoeError::BadLengthChecksum {
                len: frame.len_field(),
                lcs: frame.lcs(),
            });
        }
        if !frame.verify_data_checksum() {
            return Err(ShoeError::BadDataChecksum);
        }
        if frame.postamble() != 0x00 {
            return Err(ShoeError::Malformed);
        }
        let data = frame.data();
        match frame.tfi() {
            TFI_ERROR if data.is_empty() => Ok(ShoeMessage::ErrorFrame),
            TFI_FROM_READER => ShoeMessage::parse_response(data),
            TFI_TO_READER => data
                .first()
                .map(|&code| ShoeMessage::Command { code })
                .ok_or(ShoeError::Malformed),
            _ => Err(ShoeError::Malformed),
        }
    }

    fn parse_response(data: &[u8]) -> Result<ShoeMessage, ShoeError> {
        let (&code, rest) = data.split_first().ok_or(ShoeError::Malformed)?;
        if code != RSP_IN_LIST_PASSIVE_TARGET {
            return Ok(ShoeMessage::Response { code });
        }
        let (&nb_tg, targets) = rest.split_first().ok_or(ShoeError::Malformed)?;
        match nb_tg {
            0 if targets.is_empty() => Ok(ShoeMessage::NoCard),
            0 => Err(ShoeError::Malformed),
            1 => CardRead::parse_target(targets).map(ShoeMessage::CardRead),
            n => Err(ShoeError::SeveralCards(n)),
        }
    }

    /// Encodes the message into `out`, returning the frame's length. A parsed
    /// message re-encodes to a frame that parses to the same message (a card read
    /// loses its ATS, which the message does not keep).
    pub fn emit(&self, out: &mut [u8]) -> Result<usize, ShoeError> {
        match *self {
            ShoeMessage::Ack => encode_ack(out),
            ShoeMessage::Nack => encode_nack(out),
            ShoeMessage::ErrorFrame => encode_frame(TFI_ERROR, &[], out),
            ShoeMessage::CardRead(read) => read.emit(out),
            ShoeMessage::NoCard => {
                encode_frame(TFI_FROM_READER, &[RSP_IN_LIST_PASSIVE_TARGET, 0], out)
            }
            ShoeMessage::Response { code } => encode_frame(TFI_FROM_READER, &[code], out),
            ShoeMessage::Command { code } => encode_frame(TFI_TO_READER, &[code], out),
        }
    }
}

/// Encodes an information frame with this TFI and data into `out`, returning its
/// length (`data.len()` + 8).
pub fn encode_frame(tfi: u8, data: &[u8], out: &mut [u8]) -> Result<usize, ShoeError> {
    let len = u8::try_from(data.len() + 1).map_err(|_| ShoeError::Oversize)?;
    let total = usize::from(len) + field::OVERHEAD;
    let out = out.get_mut(..total).ok_or(ShoeError::BufferTooSmall)?;
    let mut frame = ShoeFrame::new_unchecked(out);
    frame.set_header(len);
    frame.set_tfi(tfi);
    for (slot, b) in frame.data_mut().iter_mut().zip(data) {
        *slot = *b;
    }
    frame.fill_checksum();
    Ok(total)
}

fn encode_fixed(bytes: &[u8], out: &mut [u8]) -> Result<usize, ShoeError> {
    let out = out
        .get_mut(..bytes.len())
        .ok_or(ShoeError::BufferTooSmall)?;
    out.copy_from_slice(bytes);
    Ok(bytes.len())
}

/// Encodes an ACK frame into `out`, returning 6.
pub fn encode_ack(out: &mut [u8]) -> Result<usize, ShoeError> {
    encode_fixed(&ACK_FRAME, out)
}

/// Encodes a NACK frame into `out`, returning 6.
pub fn encode_nack(out: &mut [u8]) -> Result<usize, ShoeError> {
    encode_fixed(&NACK_FRAME, out)
}

/// Encodes the controller's InListPassiveTarget command for one ISO 14443-A target at
/// 106 kbps (`00 00 FF 04 FC D4 4A 01 00 E1 00`) into `out`, returning 11.
pub fn encode_in_list_passive_target(out: &mut [u8]) -> Result<usize, ShoeError> {
    encode_frame(TFI_TO_READER, &[CMD_IN_LIST_PASSIVE_TARGET, 1, 0x00], out)
}

/// Encodes the reader's answer to InListPassiveTarget for the tag `uid` into `out`,
/// returning the frame's length (see [`CardRead::new`] for the other fields).
///
/// ```
/// use firmware::deck::TagUid;
/// use firmware::shoe::{encode_card_read, CardRead, ShoeFrame};
/// let uid = TagUid::new(&[0xDE, 0xAD, 0xBE, 0xEF]).unwrap();
/// let mut buf = [0u8; 32];
/// let n = encode_card_read(&uid, &mut buf).unwrap();
/// let frame = ShoeFrame::new_checked(&buf[..n]).unwrap();
/// assert_eq!(CardRead::parse(&frame).unwrap().uid, uid);
/// ```
pub fn encode_card_read(uid: &TagUid, out: &mut [u8]) -> Result<usize, ShoeError> {
    CardRead::new(*uid).emit(out)
}

/// Timing of the shoe link. `#[non_exhaustive]`: start from `LinkConfig::default()`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LinkConfig {
    /// Longest time without a valid frame before [`ShoeError::LinkSilent`]. The
    /// controller repeats InListPassiveTarget and the reader answers each one (with
    /// `NoCard` when the slot is empty), so a live link is never quiet this long.
    /// Default 1000 ms.
    pub silence_ms: u64,
    /// Longest pause inside a frame before the partial frame is dropped as
    /// [`ShoeError::Truncated`]. A whole frame takes under 7 ms at 115200 baud.
    /// Default 20 ms.
    pub byte_gap_ms: u64,
}

impl LinkConfig {
    /// The defaults: 1000 ms silence, 20 ms byte gap.
    pub const fn new() -> LinkConfig {
        LinkConfig {
            silence_ms: 1000,
            byte_gap_ms: 20,
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
/// let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
/// let mut got = Vec::new();
/// got.extend(dec.feed(5, &[0x42]));
/// got.extend(dec.feed(6, &ACK_FRAME));
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
    now_ms: u64,
    last_byte_ms: u64,
    last_frame_ms: u64,
    silent: bool,
}

impl FrameDecoder {
    /// A decoder with nothing received, its clocks started at `now_ms`.
    pub const fn new(config: LinkConfig, now_ms: u64) -> FrameDecoder {
        FrameDecoder {
            config,
            buf: heapless::Vec::new(),
            cursor: 0,
            skip: 0,
            quiet: 0,
            garbage: 0,
            now_ms,
            last_byte_ms: now_ms,
            last_frame_ms: now_ms,
            silent: false,
        }
    }

    /// The link timing.
    pub const fn config(&self) -> LinkConfig {
        self.config
    }

    /// Feeds bytes that arrived at `now_ms`. The iterator first reports what time
    /// alone brings (as [`FrameDecoder::poll`]), then the outcomes of the bytes. Bytes
    /// the iterator has not reached when it is dropped are not consumed.
    pub fn feed<'d, 'b>(&'d mut self, now_ms: u64, bytes: &'b [u8]) -> Decoded<'d, 'b> {
        self.now_ms = now_ms;
        Decoded {
            dec: self,
            input: bytes.iter(),
            timed: false,
        }
    }

    /// Reports what time alone brings at `now_ms`: a partial frame left by a pause
    /// longer than [`LinkConfig::byte_gap_ms`] ([`ShoeError::Truncated`]), garbage
    /// followed by such a pause, and [`ShoeError::LinkSilent`] once when no valid frame
    /// arrived for [`LinkConfig::silence_ms`] (again only after a frame has arrived).
    pub fn poll(&mut self, now_ms: u64) -> Decoded<'_, 'static> {
        self.feed(now_ms, &[])
    }

    /// When [`FrameDecoder::poll`] may next report something, or `None` if only new
    /// bytes can change anything.
    pub fn poll_at(&self) -> Option<u64> {
        let gap = (self.in_frame() || self.garbage > 0)
            .then(|| self.last_byte_ms.saturating_add(self.config.byte_gap_ms));
        let silence =
            (!self.silent).then(|| self.last_frame_ms.saturating_add(self.config.silence_ms));
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
    pub fn reset(&mut self, now_ms: u64) {
        *self = FrameDecoder::new(self.config, now_ms);
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
                                self.drop_front(total);
                                self.cursor = 0;
                                self.last_frame_ms = self.now_ms;
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
        let now = self.now_ms;
        if now.saturating_sub(self.last_byte_ms) >= self.config.byte_gap_ms {
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
        let quiet_for = now.saturating_sub(self.last_frame_ms);
        if !self.silent && quiet_for >= self.config.silence_ms {
            self.silent = true;
            return Some(ShoeError::LinkSilent { ms: quiet_for });
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
            self.dec.last_byte_ms = self.dec.now_ms;
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

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec;
    use std::vec::Vec;

    // ---- Byte test vectors ----

    /// An NTAG213 (7-byte UID) read: `D5 4B`, one target, ATQA 0044, SAK 00.
    static CARD_READ_7: [u8; 22] = [
        0x00, 0x00, 0xFF, 0x0F, 0xF1, 0xD5, 0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07, 0x04, 0xA2,
        0x3B, 0x1A, 0x5C, 0x80, 0x80, 0x3C, 0x00,
    ];
    static UID_7: [u8; 7] = [0x04, 0xA2, 0x3B, 0x1A, 0x5C, 0x80, 0x80];

    /// A MIFARE Classic 1K (4-byte UID) read: ATQA 0004, SAK 08.
    static CARD_READ_4: [u8; 19] = [
        0x00, 0x00, 0xFF, 0x0C, 0xF4, 0xD5, 0x4B, 0x01, 0x01, 0x00, 0x04, 0x08, 0x04, 0xDE, 0xAD,
        0xBE, 0xEF, 0x96, 0x00,
    ];

    /// An ISO 14443-4 tag (SAK 20) with a 5-byte ATS after its UID.
    static CARD_READ_ATS: [u8; 27] = [
        0x00, 0x00, 0xFF, 0x14, 0xEC, 0xD5, 0x4B, 0x01, 0x01, 0x03, 0x44, 0x20, 0x07, 0x04, 0x51,
        0x62, 0x73, 0x84, 0x95, 0xA6, 0x05, 0x75, 0x77, 0x81, 0x02, 0x13, 0x00,
    ];

    /// InListPassiveTarget found nothing: `D5 4B 00`.
    static NO_CARD: [u8; 10] = [0x00, 0x00, 0xFF, 0x03, 0xFD, 0xD5, 0x4B, 0x00, 0xE0, 0x00];

    /// The controller's InListPassiveTarget: `D4 4A 01 00`.
    static IN_LIST_PASSIVE_TARGET: [u8; 11] = [
        0x00, 0x00, 0xFF, 0x04, 0xFC, 0xD4, 0x4A, 0x01, 0x00, 0xE1, 0x00,
    ];

    fn uid7() -> TagUid {
        TagUid::new(&UID_7).unwrap()
    }

    fn read7() -> CardRead {
        CardRead {
            target: 1,
            sens_res: 0x0044,
            sel_res: 0x00,
            uid: uid7(),
        }
    }

    fn decode_all(
        dec: &mut FrameDecoder,
        now: u64,
        bytes: &[u8],
    ) -> Vec<Result<ShoeMessage, ShoeError>> {
        dec.feed(now, bytes).collect()
    }

    fn decode(bytes: &[u8]) -> Vec<Result<ShoeMessage, ShoeError>> {
        decode_all(&mut FrameDecoder::new(LinkConfig::default(), 0), 0, bytes)
    }

    fn with_lcs(mut bytes: Vec<u8>, i: usize, v: u8) -> Vec<u8> {
        bytes[i] = v;
        bytes
    }

    // ---- Deconstruct and construct ----

    #[test]
    fn deconstruct_card_read() {
        let frame = ShoeFrame::new_checked(&CARD_READ_7[..]).unwrap();
        assert_eq!(frame.preamble(), 0x00);
        assert_eq!(frame.start_code(), [0x00, 0xFF]);
        assert_eq!(frame.len_field(), 0x0F);
        assert_eq!(frame.lcs(), 0xF1);
        assert_eq!(frame.tfi(), TFI_FROM_READER);
        assert_eq!(frame.data(), &CARD_READ_7[6..20]);
        assert_eq!(frame.dcs(), 0x3C);
        assert_eq!(frame.postamble(), 0x00);
        assert_eq!(frame.frame_len(), 22);
        assert!(frame.verify_length_checksum());
        assert!(frame.verify_data_checksum());
        assert_eq!(CardRead::parse(&frame), Ok(read7()));
    }

    #[test]
    fn construct_card_read() {
        let mut buf = [0xAAu8; 64];
        let n = encode_card_read(&uid7(), &mut buf).unwrap();
        assert_eq!(&buf[..n], &CARD_READ_7[..]);
        let classic = CardRead {
            target: 1,
            sens_res: 0x0004,
            sel_res: 0x08,
            uid: TagUid::new(&[0xDE, 0xAD, 0xBE, 0xEF]).unwrap(),
        };
        let n = classic.emit(&mut buf).unwrap();
        assert_eq!(&buf[..n], &CARD_READ_4[..]);
        let frame = ShoeFrame::new_checked(&CARD_READ_4[..]).unwrap();
        assert_eq!(CardRead::parse(&frame), Ok(classic));
    }

    #[test]
    fn card_read_with_ats_keeps_the_uid() {
        let frame = ShoeFrame::new_checked(&CARD_READ_ATS[..]).unwrap();
        let read = CardRead::parse(&frame).unwrap();
        assert_eq!(read.sel_res, 0x20);
        assert_eq!(read.sens_res, 0x0344);
        assert_eq!(
            read.uid.as_bytes(),
            [0x04, 0x51, 0x62, 0x73, 0x84, 0x95, 0xA6]
        );
        // Re-encoded without the ATS, it parses to the same read.
        let mut buf = [0u8; 64];
        let n = read.emit(&mut buf).unwrap();
        let again = ShoeFrame::new_checked(&buf[..n]).unwrap();
        assert_eq!(CardRead::parse(&again), Ok(read));
    }

    #[test]
    fn ten_byte_uid_round_trips() {
        let uid = TagUid::new(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).unwrap();
        let mut buf = [0u8; 64];
        let n = encode_card_read(&uid, &mut buf).unwrap();
        assert_eq!(n, 10 + 7 + 8);
        let frame = ShoeFrame::new_checked(&buf[..n]).unwrap();
        let read = CardRead::parse(&frame).unwrap();
        assert_eq!(read.uid, uid);
        assert_eq!(read.sens_res, 0x0084);
    }

    #[test]
    fn construct_and_deconstruct_control_frames() {
        let mut buf = [0u8; 16];
        assert_eq!(encode_ack(&mut buf), Ok(6));
        assert_eq!(buf[..6], ACK_FRAME);
        assert_eq!(encode_nack(&mut buf), Ok(6));
        assert_eq!(buf[..6], NACK_FRAME);
        assert_eq!(encode_in_list_passive_target(&mut buf), Ok(11));
        assert_eq!(buf[..11], IN_LIST_PASSIVE_TARGET);
        assert_eq!(ShoeMessage::ErrorFrame.emit(&mut buf), Ok(8));
        assert_eq!(buf[..8], ERROR_FRAME);
        assert_eq!(ShoeMessage::NoCard.emit(&mut buf), Ok(10));
        assert_eq!(buf[..10], NO_CARD);

        let parse = |b: &[u8]| ShoeMessage::parse(&ShoeFrame::new_checked(b).unwrap());
        assert_eq!(parse(&ACK_FRAME), Ok(ShoeMessage::Ack));
        assert_eq!(parse(&NACK_FRAME), Ok(ShoeMessage::Nack));
        assert_eq!(parse(&ERROR_FRAME), Ok(ShoeMessage::ErrorFrame));
        assert_eq!(parse(&NO_CARD), Ok(ShoeMessage::NoCard));
        assert_eq!(
            parse(&IN_LIST_PASSIVE_TARGET),
            Ok(ShoeMessage::Command {
                code: CMD_IN_LIST_PASSIVE_TARGET
            })
        );
        let ack = ShoeFrame::new_checked(&ACK_FRAME[..]).unwrap();
        assert_eq!(ack.data(), &[] as &[u8]);
        assert_eq!(CardRead::parse(&ack), Err(ShoeError::NotACardRead));
    }

    #[test]
    fn every_message_re_encodes_to_itself() {
        let messages = [
            ShoeMessage::Ack,
            ShoeMessage::Nack,
            ShoeMessage::ErrorFrame,
            ShoeMessage::NoCard,
            ShoeMessage::CardRead(read7()),
            ShoeMessage::Response { code: 0x03 },
            ShoeMessage::Command { code: 0x14 },
        ];
        for m in messages {
            let mut buf = [0u8; FRAME_BUF_LEN];
            let n = m.emit(&mut buf).unwrap();
            assert_eq!(
                ShoeMessage::parse(&ShoeFrame::new_checked(&buf[..n]).unwrap()),
                Ok(m)
            );
            assert_eq!(decode(&buf[..n]), [Ok(m)]);
        }
    }

    #[test]
    fn encoders_refuse_small_buffers() {
        let mut buf = [0u8; 21];
        assert_eq!(
            encode_card_read(&uid7(), &mut buf),
            Err(ShoeError::BufferTooSmall)
        );
        assert_eq!(encode_ack(&mut buf[..5]), Err(ShoeError::BufferTooSmall));
        assert_eq!(
            encode_in_list_passive_target(&mut buf[..10]),
            Err(ShoeError::BufferTooSmall)
        );
        let big = [0u8; 255];
        assert_eq!(
            encode_frame(0xD5, &big, &mut [0u8; 300]),
            Err(ShoeError::Oversize)
        );
        assert_eq!(encode_frame(0xD5, &big[..254], &mut [0u8; 300]), Ok(262));
    }

    // ---- The view: lengths and checks ----

    #[test]
    fn check_len_finds_truncation_at_every_length() {
        for n in 0..CARD_READ_7.len() {
            assert_eq!(
                ShoeFrame::new_checked(&CARD_READ_7[..n]).err(),
                Some(ShoeError::Truncated),
                "{n} bytes"
            );
            // Accessors never panic, even unchecked.
            let f = ShoeFrame::new_unchecked(&CARD_READ_7[..n]);
            let _ = (
                f.tfi(),
                f.data(),
                f.dcs(),
                f.postamble(),
                f.verify_data_checksum(),
            );
        }
        // A longer buffer is fine: the frame ends where its header says.
        let mut longer = CARD_READ_7.to_vec();
        longer.extend_from_slice(&ACK_FRAME);
        let frame = ShoeFrame::new_checked(&longer[..]).unwrap();
        assert_eq!(CardRead::parse(&frame), Ok(read7()));
    }

    #[test]
    fn parse_rejects_each_fault() {
        let parse = |b: &[u8]| ShoeFrame::new_checked(b).and_then(|f| ShoeMessage::parse(&f));
        let v = CARD_READ_7.to_vec();
        assert_eq!(
            parse(&with_lcs(v.clone(), 4, 0xF2)),
            Err(ShoeError::BadLengthChecksum {
                len: 0x0F,
                lcs: 0xF2
            })
        );
        assert_eq!(
            parse(&with_lcs(v.clone(), 15, 0x00)),
            Err(ShoeError::BadDataChecksum)
        );
        assert_eq!(
            parse(&with_lcs(v.clone(), 20, 0x3D)),
            Err(ShoeError::BadDataChecksum)
        );
        assert_eq!(
            parse(&with_lcs(v.clone(), 21, 0x01)),
            Err(ShoeError::Malformed)
        );
        assert_eq!(
            parse(&with_lcs(v.clone(), 0, 0x01)),
            Err(ShoeError::Malformed)
        );
        assert_eq!(parse(&with_lcs(v, 2, 0xFE)), Err(ShoeError::Malformed));
        assert_eq!(
            parse(&[0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x10, 0xF0]),
            Err(ShoeError::Oversize)
        );
        assert_eq!(
            parse(&[0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0x00]),
            Err(ShoeError::Malformed)
        );
        assert_eq!(
            parse(&[0x00, 0x00, 0xFF, 0x00, 0xFF, 0x01]),
            Err(ShoeError::Malformed)
        );
        let mut buf = [0u8; 64];
        // An unknown TFI.
        let n = encode_frame(0x42, &[0x4B], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
        // A UID of 5 bytes.
        let n = encode_frame(0xD5, &[0x4B, 1, 1, 0, 0x44, 0, 5, 1, 2, 3, 4, 5], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
        // NFCIDLength larger than the frame.
        let n = encode_frame(0xD5, &[0x4B, 1, 1, 0, 0x44, 0, 7, 1, 2, 3, 4], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
        // An ATS whose length byte is wrong.
        let n = encode_frame(
            0xD5,
            &[0x4B, 1, 1, 0, 4, 0x20, 4, 1, 2, 3, 4, 3, 0x77],
            &mut buf,
        )
        .unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
        // A response cut before NbTg, and NbTg 0 with a target after it.
        let n = encode_frame(0xD5, &[0x4B], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
        let n = encode_frame(0xD5, &[0x4B, 0, 1], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
        // Two cards at once.
        let n = encode_frame(0xD5, &[0x4B, 2, 1, 0, 4, 0, 4, 1, 2, 3, 4], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::SeveralCards(2)));
        // A command with no code.
        let n = encode_frame(0xD4, &[], &mut buf).unwrap();
        assert_eq!(parse(&buf[..n]), Err(ShoeError::Malformed));
    }

    // ---- The decoder ----

    #[test]
    fn decoder_reads_back_to_back_frames_byte_by_byte() {
        let mut stream = Vec::new();
        stream.extend_from_slice(&ACK_FRAME);
        stream.extend_from_slice(&CARD_READ_7);
        stream.extend_from_slice(&NO_CARD);
        stream.extend_from_slice(&CARD_READ_4);
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        let mut got = Vec::new();
        for (t, b) in stream.iter().enumerate() {
            got.extend(dec.feed(t as u64 / 10, &[*b]));
        }
        assert_eq!(got.len(), 4);
        assert_eq!(got[0], Ok(ShoeMessage::Ack));
        assert_eq!(got[1], Ok(ShoeMessage::CardRead(read7())));
        assert_eq!(got[2], Ok(ShoeMessage::NoCard));
        assert!(matches!(got[3], Ok(ShoeMessage::CardRead(r)) if r.uid.len() == 4));
        assert!(!dec.in_frame());
        // The same stream in one slice gives the same.
        assert_eq!(decode(&stream), got);
    }

    #[test]
    fn decoder_skips_padding_zeros() {
        let mut stream = vec![0u8; 5];
        stream.extend_from_slice(&CARD_READ_7);
        stream.extend_from_slice(&[0, 0, 0]);
        stream.extend_from_slice(&ACK_FRAME);
        assert_eq!(
            decode(&stream),
            [Ok(ShoeMessage::CardRead(read7())), Ok(ShoeMessage::Ack)]
        );
    }

    #[test]
    fn decoder_resynchronises_after_garbage() {
        let mut stream = vec![0x12, 0x00, 0x34, 0x00, 0x00, 0x56, 0xFF, 0x00, 0xFF];
        stream.extend_from_slice(&CARD_READ_7);
        assert_eq!(
            decode(&stream),
            [
                Err(ShoeError::Garbage { bytes: 5 }),
                Ok(ShoeMessage::CardRead(read7()))
            ]
        );
        // Garbage between two frames, fed one byte at a time.
        let mut stream = CARD_READ_4.to_vec();
        stream.extend_from_slice(b"noise!");
        stream.extend_from_slice(&CARD_READ_7);
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        let got: Vec<_> = stream
            .iter()
            .flat_map(|b| dec.feed(0, &[*b]).collect::<Vec<_>>())
            .collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[1], Err(ShoeError::Garbage { bytes: 6 }));
        assert_eq!(got[2], Ok(ShoeMessage::CardRead(read7())));
    }

    #[test]
    fn decoder_reports_long_noise_while_it_lasts() {
        let noise = [0x55u8; 200];
        let got = decode(&noise);
        assert_eq!(
            got,
            [Err(ShoeError::Garbage {
                bytes: GARBAGE_REPORT_LEN
            }); 3]
        );
        // The rest is reported when the line goes quiet.
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        let _ = decode_all(&mut dec, 0, &noise);
        assert_eq!(dec.poll_at(), Some(20));
        let got: Vec<_> = dec.poll(25).collect();
        assert_eq!(
            got,
            [Err(ShoeError::Garbage {
                bytes: 200 - 3 * 64
            })]
        );
    }

    #[test]
    fn decoder_drops_bad_length_checksum_and_finds_the_next_frame() {
        let mut stream = with_lcs(CARD_READ_7.to_vec(), 4, 0x00);
        stream.extend_from_slice(&CARD_READ_4);
        let got = decode(&stream);
        assert_eq!(
            got[0],
            Err(ShoeError::BadLengthChecksum {
                len: 0x0F,
                lcs: 0x00
            })
        );
        // A header that fails its checksum gives no length to trust, so the rest of
        // that frame is noise until the next start code.
        assert_eq!(got[1], Err(ShoeError::Garbage { bytes: 14 }));
        assert_eq!(got.len(), 3);
        assert!(matches!(got[2], Ok(ShoeMessage::CardRead(r)) if r.uid.len() == 4));
    }

    #[test]
    fn decoder_drops_bad_data_checksum() {
        let mut stream = with_lcs(CARD_READ_7.to_vec(), 14, 0xA3);
        stream.extend_from_slice(&ACK_FRAME);
        assert_eq!(
            decode(&stream),
            [Err(ShoeError::BadDataChecksum), Ok(ShoeMessage::Ack)]
        );
    }

    #[test]
    fn decoder_finds_a_frame_inside_a_truncated_one() {
        // The first read loses its last 8 bytes; the next read's bytes fill its body,
        // so its checksum fails, and the rescan finds the next read in those bytes.
        let mut stream = CARD_READ_4[..11].to_vec();
        stream.extend_from_slice(&CARD_READ_7);
        let got = decode(&stream);
        assert_eq!(got.last(), Some(&Ok(ShoeMessage::CardRead(read7()))));
        assert!(got[..got.len() - 1].iter().all(Result::is_err), "{got:?}");
        assert_eq!(got.iter().filter(|r| r.is_ok()).count(), 1);
    }

    #[test]
    fn decoder_reports_truncation_after_a_pause() {
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        assert!(decode_all(&mut dec, 100, &CARD_READ_7[..12]).is_empty());
        assert!(dec.in_frame());
        assert_eq!(dec.poll_at(), Some(120));
        assert!(dec.poll(119).next().is_none());
        assert_eq!(
            dec.poll(120).collect::<Vec<_>>(),
            [Err(ShoeError::Truncated)]
        );
        assert!(!dec.in_frame());
        // The rest of the frame arriving late is not taken for a frame.
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        let _ = decode_all(&mut dec, 100, &CARD_READ_7[..12]);
        let got = decode_all(&mut dec, 200, &CARD_READ_7[12..]);
        assert_eq!(got, [Err(ShoeError::Truncated)]);
        // Those bytes are noise, reported when the line goes quiet again.
        let got: Vec<_> = dec.poll(300).collect();
        assert_eq!(got, [Err(ShoeError::Garbage { bytes: 9 })]);
        // A new frame after the pause is read.
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        let _ = decode_all(&mut dec, 100, &CARD_READ_7[..12]);
        let got = decode_all(&mut dec, 200, &CARD_READ_7);
        assert_eq!(
            got,
            [
                Err(ShoeError::Truncated),
                Ok(ShoeMessage::CardRead(read7()))
            ]
        );
    }

    #[test]
    fn decoder_skips_oversize_frames() {
        let body = [0x11u8; 100];
        let mut buf = [0u8; 200];
        let n = encode_frame(TFI_FROM_READER, &body, &mut buf).unwrap();
        let mut stream = buf[..n].to_vec();
        stream.extend_from_slice(&CARD_READ_7);
        assert_eq!(
            decode(&stream),
            [Err(ShoeError::Oversize), Ok(ShoeMessage::CardRead(read7()))]
        );
        // An extended frame is refused and scanned past.
        let mut stream = vec![0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0xFF];
        stream.extend_from_slice(&ACK_FRAME);
        assert_eq!(
            decode(&stream),
            [
                Err(ShoeError::Oversize),
                Err(ShoeError::Garbage { bytes: 2 }),
                Ok(ShoeMessage::Ack)
            ]
        );
    }

    #[test]
    fn decoder_reports_malformed_and_several_cards() {
        let mut buf = [0u8; 64];
        let mut stream = with_lcs(ACK_FRAME.to_vec(), 5, 0x07);
        let n = encode_frame(0xD5, &[0x4B, 2, 1, 0, 4, 0, 4, 1, 2, 3, 4], &mut buf).unwrap();
        stream.extend_from_slice(&buf[..n]);
        stream.extend_from_slice(&[0x00, 0x00, 0xFF, 0x00, 0x00]);
        stream.extend_from_slice(&NO_CARD);
        let got = decode(&stream);
        assert_eq!(
            got,
            [
                Err(ShoeError::Malformed),
                Err(ShoeError::SeveralCards(2)),
                Err(ShoeError::Malformed),
                Ok(ShoeMessage::NoCard)
            ]
        );
    }

    #[test]
    fn no_corruption_of_one_byte_becomes_a_card_read() {
        for i in 0..CARD_READ_7.len() {
            for mask in 1..=255u8 {
                let mut stream = CARD_READ_7.to_vec();
                stream[i] ^= mask;
                stream.extend_from_slice(&CARD_READ_4);
                let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
                let mut got = decode_all(&mut dec, 0, &stream);
                got.extend(dec.poll(1000));
                let reads: Vec<_> = got
                    .iter()
                    .filter_map(|r| match r {
                        Ok(ShoeMessage::CardRead(c)) => Some(c.uid.len()),
                        _ => None,
                    })
                    .collect();
                assert_eq!(reads, [4], "byte {i} ^ {mask:#04X}: {got:?}");
            }
        }
    }

    #[test]
    fn link_silence_is_reported_once() {
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        assert_eq!(dec.poll_at(), Some(1000));
        assert!(dec.poll(999).next().is_none());
        assert_eq!(
            dec.poll(1000).collect::<Vec<_>>(),
            [Err(ShoeError::LinkSilent { ms: 1000 })]
        );
        assert!(dec.is_silent());
        assert_eq!(dec.poll_at(), None);
        assert!(dec.poll(5000).next().is_none(), "reported once");
        // Noise does not count as life.
        let got = decode_all(&mut dec, 5100, &[0x42]);
        assert!(got.is_empty());
        assert!(dec.is_silent());
        // A valid frame does; the next silence is reported again.
        let got = decode_all(&mut dec, 5200, &NO_CARD);
        assert_eq!(
            got,
            [
                Err(ShoeError::Garbage { bytes: 1 }),
                Ok(ShoeMessage::NoCard)
            ]
        );
        assert!(!dec.is_silent());
        assert_eq!(dec.poll_at(), Some(6200));
        let config = LinkConfig {
            silence_ms: 300,
            ..LinkConfig::default()
        };
        let mut dec = FrameDecoder::new(config, 0);
        let _ = decode_all(&mut dec, 100, &ACK_FRAME);
        assert_eq!(
            dec.poll(400).collect::<Vec<_>>(),
            [Err(ShoeError::LinkSilent { ms: 300 })]
        );
    }

    #[test]
    fn time_going_backwards_reports_nothing() {
        let mut dec = FrameDecoder::new(LinkConfig::default(), 1000);
        let _ = decode_all(&mut dec, 1000, &CARD_READ_7[..5]);
        assert!(dec.poll(10).next().is_none());
        assert_eq!(
            decode_all(&mut dec, 10, &CARD_READ_7[5..]),
            [Ok(ShoeMessage::CardRead(read7()))]
        );
    }

    #[test]
    fn decoder_holds_at_most_one_frame() {
        // Worst case for the rescan: start codes packed inside a failing frame.
        let mut stream = vec![0x00, 0x00, 0xFF, 0x40, 0xC0];
        for _ in 0..40 {
            stream.extend_from_slice(&[0x00, 0x00, 0xFF, 0x03, 0xFD]);
        }
        let mut dec = FrameDecoder::new(LinkConfig::default(), 0);
        for b in &stream {
            for r in dec.feed(0, &[*b]) {
                assert!(r.is_err());
            }
            assert!(dec.buf.len() <= FRAME_BUF_LEN);
        }
    }

    #[test]
    fn errors_tell_the_dealer_what_to_do() {
        use std::string::ToString;
        assert_eq!(
            ShoeError::BadDataChecksum.to_string(),
            "Corrupted frame from the shoe (data checksum) dropped: re-read the card"
        );
        assert!(ShoeError::LinkSilent { ms: 1500 }
            .to_string()
            .contains("1500 ms"));
        assert!(ShoeError::BadLengthChecksum { len: 0x0F, lcs: 0 }
            .to_string()
            .contains("0x0F"));
    }
}
