//! Frames built from scratch, for the controller's commands, the bench simulator and
//! the tests.

use super::error::ShoeError;
use super::field;
use super::frame::{ShoeFrame, ACK_FRAME, CMD_IN_LIST_PASSIVE_TARGET, NACK_FRAME, TFI_TO_READER};

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
