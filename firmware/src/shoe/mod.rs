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
//!   UID is a [`TagUid`](crate::deck::TagUid).
//!
//! A [`FrameDecoder`] finds frames in the byte stream from the serial port. It
//! resynchronises on the `00 00 FF` start code after garbage or a bad frame, and
//! reports every fault as a [`ShoeError`]: none of them ever becomes a card read. It
//! also takes the time from the caller (no clock reads) to report a frame cut short
//! and a silent link.
//!
//! The encoders ([`encode_card_read`], [`encode_ack`], [`encode_in_list_passive_target`],
//! [`ShoeMessage::emit`]) build the same frames for the bench simulator and the tests.
//!
//! [`Antenna`] says which of the shoe's two antennas read a card, and [`to_read`]
//! turns a read into the engine's input through the deck map: at the exit a card
//! dealt, at the burn slot a burn card.
//!
//! One file per layer: `field.rs` (byte positions), `frame.rs` (the view and the
//! PN532's fixed frames), `message.rs` (checked values), `decoder.rs` (the byte
//! stream and its timing), `encode.rs` (frames built from scratch), `antenna.rs` (dealt
//! or burnt) and `error.rs`.

mod antenna;
mod decoder;
mod encode;
mod error;
pub mod field;
mod frame;
mod message;
#[cfg(test)]
mod tests;

pub use antenna::{to_read, Antenna};
pub use decoder::{
    Decoded, FrameDecoder, LinkConfig, FRAME_BUF_LEN, GARBAGE_REPORT_LEN, MAX_FRAME_BODY,
};
pub use encode::{encode_ack, encode_frame, encode_in_list_passive_target, encode_nack};
pub use error::ShoeError;
pub use frame::{
    ShoeFrame, ACK_FRAME, CMD_IN_LIST_PASSIVE_TARGET, ERROR_FRAME, NACK_FRAME,
    RSP_IN_LIST_PASSIVE_TARGET, TFI_ERROR, TFI_FROM_READER, TFI_TO_READER,
};
pub use message::{encode_card_read, CardRead, ShoeMessage};
