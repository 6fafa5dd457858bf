//! The shoe's bytes are untrusted: whatever arrives, the decoder and the parser must
//! not panic, and no message may come out that is not a valid frame of the input.
//! Every message re-encodes to a frame that decodes to the same message.
#![no_main]

use firmware::shoe::{FrameDecoder, LinkConfig, ShoeFrame, ShoeMessage, FRAME_BUF_LEN};
use firmware::time::Instant;
use libfuzzer_sys::fuzz_target;

/// Encodes `msg`, and checks that the frame parses and decodes back to `msg`.
fn round_trip(msg: ShoeMessage) {
    let mut buf = [0u8; FRAME_BUF_LEN];
    let n = msg.emit(&mut buf).expect("a message fits a frame buffer");
    let frame = ShoeFrame::new_checked(&buf[..n]).expect("an encoded frame is whole");
    assert_eq!(ShoeMessage::parse(&frame), Ok(msg));
    let mut dec = FrameDecoder::new(LinkConfig::default(), Instant::ZERO);
    let got: Vec<_> = dec.feed(Instant::ZERO, &buf[..n]).collect();
    assert_eq!(got, [Ok(msg)]);
}

fuzz_target!(|data: &[u8]| {
    // The view and the parser at every offset: the frames the input holds.
    let mut valid: Vec<ShoeMessage> = Vec::new();
    for start in 0..data.len() {
        let Ok(frame) = ShoeFrame::new_checked(&data[start..]) else {
            continue;
        };
        let _ = (frame.tfi(), frame.data(), frame.dcs(), frame.postamble());
        if let Ok(msg) = ShoeMessage::parse(&frame) {
            round_trip(msg);
            valid.push(msg);
        }
    }

    // The decoder on the whole input, in chunks, at times taken from the input (so
    // pauses truncate frames), then a poll long after.
    let mut dec = FrameDecoder::new(LinkConfig::default(), Instant::ZERO);
    let mut now = 0u64;
    let mut decoded = Vec::new();
    for chunk in data.chunks(9) {
        now += u64::from(chunk[0] % 32);
        decoded.extend(dec.feed(Instant::from_millis(now), chunk));
    }
    decoded.extend(dec.poll(Instant::from_millis(now + 60_000)));
    assert!(!dec.in_frame());

    // Every message decoded is a valid frame somewhere in the input, each frame used
    // at most once.
    for msg in decoded.into_iter().flatten() {
        let i = valid
            .iter()
            .position(|m| *m == msg)
            .unwrap_or_else(|| panic!("decoded {msg:?}, which is no frame of the input"));
        valid.swap_remove(i);
    }
});
