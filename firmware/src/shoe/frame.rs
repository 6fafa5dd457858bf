//! The frame layer: the PN532's fixed bytes and a view of one frame in a buffer.

use super::error::ShoeError;
use super::field;

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

/// A view of one PN532 frame in a buffer.
///
/// Build it with [`ShoeFrame::new_checked`] (or [`ShoeFrame::new_unchecked`] then
/// [`ShoeFrame::check_len`]). After `check_len` returns `Ok`, no accessor panics;
/// the checksums and contents are checked by
/// [`ShoeMessage::parse`](super::ShoeMessage::parse).
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
