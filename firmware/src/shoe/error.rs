//! What can go wrong with bytes from the shoe.

use crate::time::Duration;
use core::fmt;

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
    /// A frame longer than [`MAX_FRAME_BODY`](super::MAX_FRAME_BODY), or an extended
    /// frame: skipped.
    Oversize,
    /// A frame with good checksums that is not what a PN532 sends: a wrong postamble,
    /// no TFI, an unknown TFI, or a card read whose fields do not add up.
    Malformed,
    /// The reader saw several cards at once.
    SeveralCards(u8),
    /// A valid frame, but not a card read where one was required.
    NotACardRead,
    /// No valid frame for this long ([`LinkConfig::silence`](super::LinkConfig::silence)).
    LinkSilent {
        /// The time since the last valid frame.
        quiet: Duration,
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
            ShoeError::LinkSilent { quiet } => write!(
                f,
                "No answer from the shoe for {} ms: check that the shoe is powered \
                 and its cable is plugged in",
                quiet.total_millis()
            ),
            ShoeError::BufferTooSmall => {
                f.write_str("Frame buffer too small: a controller bug, report it")
            }
        }
    }
}

impl core::error::Error for ShoeError {}
