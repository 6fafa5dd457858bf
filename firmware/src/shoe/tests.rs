//! Byte test vectors for every layer of the shoe, and the decoder fed faulty streams.

extern crate std;
use super::*;
use crate::deck::{DeckError, DeckKind, DeckMap, TagUid};
use crate::event::Read;
use crate::time::{Duration, Instant};
use std::vec;
use std::vec::Vec;

// ---- Byte test vectors ----

/// An NTAG213 (7-byte UID) read: `D5 4B`, one target, ATQA 0044, SAK 00.
static CARD_READ_7: [u8; 22] = [
    0x00, 0x00, 0xFF, 0x0F, 0xF1, 0xD5, 0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07, 0x04, 0xA2, 0x3B,
    0x1A, 0x5C, 0x80, 0x80, 0x3C, 0x00,
];
static UID_7: [u8; 7] = [0x04, 0xA2, 0x3B, 0x1A, 0x5C, 0x80, 0x80];

/// A MIFARE Classic 1K (4-byte UID) read: ATQA 0004, SAK 08.
static CARD_READ_4: [u8; 19] = [
    0x00, 0x00, 0xFF, 0x0C, 0xF4, 0xD5, 0x4B, 0x01, 0x01, 0x00, 0x04, 0x08, 0x04, 0xDE, 0xAD, 0xBE,
    0xEF, 0x96, 0x00,
];

/// An ISO 14443-4 tag (SAK 20) with a 5-byte ATS after its UID.
static CARD_READ_ATS: [u8; 27] = [
    0x00, 0x00, 0xFF, 0x14, 0xEC, 0xD5, 0x4B, 0x01, 0x01, 0x03, 0x44, 0x20, 0x07, 0x04, 0x51, 0x62,
    0x73, 0x84, 0x95, 0xA6, 0x05, 0x75, 0x77, 0x81, 0x02, 0x13, 0x00,
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

/// The receive clock at `t` ms.
fn at(t: u64) -> Instant {
    Instant::from_millis(t)
}

fn decode_all(
    dec: &mut FrameDecoder,
    now: u64,
    bytes: &[u8],
) -> Vec<Result<ShoeMessage, ShoeError>> {
    dec.feed(at(now), bytes).collect()
}

fn decode(bytes: &[u8]) -> Vec<Result<ShoeMessage, ShoeError>> {
    decode_all(
        &mut FrameDecoder::new(LinkConfig::default(), at(0)),
        0,
        bytes,
    )
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

// ---- Antennas ----

#[test]
fn to_read_refuses_foreign_tags_and_unknown_antennas() {
    let map = DeckMap::simulated(DeckKind::Standard52, 1);
    let ace = "As".parse().unwrap();
    let foreign = CardRead::new(DeckMap::simulated_uid(2, ace));
    assert_eq!(to_read(&map, &foreign), Err(DeckError::UnknownTag));
    let mut odd = CardRead::new(DeckMap::simulated_uid(1, ace));
    odd.target = 3;
    assert_eq!(to_read(&map, &odd), Err(DeckError::UnknownTag));
    assert_eq!(Antenna::from_target(2), Some(Antenna::Burn));
    assert_eq!(Antenna::Burn.target(), 2);
}

#[test]
fn the_burn_slot_reads_burns_and_the_exit_deals() {
    let map = DeckMap::simulated(DeckKind::Standard52, 1);
    let ace = "As".parse().unwrap();
    let uid = DeckMap::simulated_uid(1, ace);
    for antenna in [Antenna::Exit, Antenna::Burn] {
        assert_eq!(Antenna::from_target(antenna.target()), Some(antenna));
        assert_eq!(Antenna::for_burn(antenna.read(ace).burn), antenna);
        assert_eq!(antenna.read_tag(&map, &uid), Ok(antenna.read(ace)));
    }
    assert_eq!(Antenna::Burn.read(ace), Read::burn(ace));
    assert_eq!(Antenna::Exit.read(ace), Read::card(ace));
}

// ---- The decoder ----

#[test]
fn decoder_reads_back_to_back_frames_byte_by_byte() {
    let mut stream = Vec::new();
    stream.extend_from_slice(&ACK_FRAME);
    stream.extend_from_slice(&CARD_READ_7);
    stream.extend_from_slice(&NO_CARD);
    stream.extend_from_slice(&CARD_READ_4);
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    let mut got = Vec::new();
    for (t, b) in stream.iter().enumerate() {
        got.extend(dec.feed(at(t as u64 / 10), &[*b]));
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
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    let got: Vec<_> = stream
        .iter()
        .flat_map(|b| dec.feed(at(0), &[*b]).collect::<Vec<_>>())
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
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    let _ = decode_all(&mut dec, 0, &noise);
    assert_eq!(dec.poll_at(), Some(at(20)));
    let got: Vec<_> = dec.poll(at(25)).collect();
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
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    assert!(decode_all(&mut dec, 100, &CARD_READ_7[..12]).is_empty());
    assert!(dec.in_frame());
    assert_eq!(dec.poll_at(), Some(at(120)));
    assert!(dec.poll(at(119)).next().is_none());
    assert_eq!(
        dec.poll(at(120)).collect::<Vec<_>>(),
        [Err(ShoeError::Truncated)]
    );
    assert!(!dec.in_frame());
    // The rest of the frame arriving late is not taken for a frame.
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    let _ = decode_all(&mut dec, 100, &CARD_READ_7[..12]);
    let got = decode_all(&mut dec, 200, &CARD_READ_7[12..]);
    assert_eq!(got, [Err(ShoeError::Truncated)]);
    // Those bytes are noise, reported when the line goes quiet again.
    let got: Vec<_> = dec.poll(at(300)).collect();
    assert_eq!(got, [Err(ShoeError::Garbage { bytes: 9 })]);
    // A new frame after the pause is read.
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
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
            let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
            let mut got = decode_all(&mut dec, 0, &stream);
            got.extend(dec.poll(at(1000)));
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
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    assert_eq!(dec.poll_at(), Some(at(1000)));
    assert!(dec.poll(at(999)).next().is_none());
    assert_eq!(
        dec.poll(at(1000)).collect::<Vec<_>>(),
        [Err(ShoeError::LinkSilent {
            quiet: Duration::from_millis(1000)
        })]
    );
    assert!(dec.is_silent());
    assert_eq!(dec.poll_at(), None);
    assert!(dec.poll(at(5000)).next().is_none(), "reported once");
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
    assert_eq!(dec.poll_at(), Some(at(6200)));
    let config = LinkConfig {
        silence: Duration::from_millis(300),
        ..LinkConfig::default()
    };
    let mut dec = FrameDecoder::new(config, at(0));
    let _ = decode_all(&mut dec, 100, &ACK_FRAME);
    assert_eq!(
        dec.poll(at(400)).collect::<Vec<_>>(),
        [Err(ShoeError::LinkSilent {
            quiet: Duration::from_millis(300)
        })]
    );
}

#[test]
fn time_going_backwards_reports_nothing() {
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(1000));
    let _ = decode_all(&mut dec, 1000, &CARD_READ_7[..5]);
    assert!(dec.poll(at(10)).next().is_none());
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
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    for b in &stream {
        for r in dec.feed(at(0), &[*b]) {
            assert!(r.is_err());
        }
        assert!(dec.held() <= FRAME_BUF_LEN);
    }
}

#[test]
fn errors_tell_the_dealer_what_to_do() {
    use std::string::ToString;
    assert_eq!(
        ShoeError::BadDataChecksum.to_string(),
        "Corrupted frame from the shoe (data checksum) dropped: re-read the card"
    );
    assert!(ShoeError::LinkSilent {
        quiet: Duration::from_millis(1500)
    }
    .to_string()
    .contains("1500 ms"));
    assert!(ShoeError::BadLengthChecksum { len: 0x0F, lcs: 0 }
        .to_string()
        .contains("0x0F"));
}

/// PD-RFID: the bytes handed up with a read are the frame as the shoe sent it, even
/// when garbage came first and the frame arrived a byte at a time; a frame rebuilt
/// from the read would lose what the read does not keep (here the tag's ATS).
#[test]
fn decoder_hands_up_the_bytes_of_each_good_frame() {
    let mut dec = FrameDecoder::new(LinkConfig::default(), at(0));
    assert!(
        dec.last_frame().is_empty(),
        "nothing before the first frame"
    );
    let mut stream = vec![0x42, 0x00, 0x17];
    stream.extend_from_slice(&CARD_READ_ATS);
    stream.extend_from_slice(&NO_CARD);
    let mut frames = Vec::new();
    for b in stream.chunks(1) {
        let mut out = dec.feed(at(1), b);
        while let Some(item) = out.next() {
            if let Ok(m) = item {
                frames.push((m, out.frame().to_vec()));
            }
        }
    }
    assert_eq!(frames.len(), 2);
    assert!(matches!(frames[0].0, ShoeMessage::CardRead(_)));
    assert_eq!(frames[0].1, CARD_READ_ATS);
    assert_eq!(frames[1], (ShoeMessage::NoCard, NO_CARD.to_vec()));
    let ShoeMessage::CardRead(read) = frames[0].0 else {
        unreachable!()
    };
    let mut rebuilt = [0u8; FRAME_BUF_LEN];
    let n = read.emit(&mut rebuilt).unwrap();
    assert_ne!(
        &rebuilt[..n],
        &CARD_READ_ATS[..],
        "the ATS is not in the read"
    );
    assert_eq!(dec.last_frame(), NO_CARD);
}
