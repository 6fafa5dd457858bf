//! The read layer: a whole frame checked and turned into a small `Copy` value.

use super::encode::{encode_ack, encode_frame, encode_nack};
use super::error::ShoeError;
use super::field;
use super::frame::{
    ShoeFrame, RSP_IN_LIST_PASSIVE_TARGET, TFI_ERROR, TFI_FROM_READER, TFI_TO_READER,
};
use crate::deck::TagUid;

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
