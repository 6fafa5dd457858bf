//! Byte positions in a frame. `LEN` is the value of the LEN byte.
#![allow(non_snake_case)] // named like the fields, as smoltcp does

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
