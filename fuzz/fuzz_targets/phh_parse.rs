//! PHH hand histories (`host::records::phh`): no text makes the parser panic; the hand reader
//! and the generic TOML document share one reading of the layout, so a text that is
//! not a document is refused by both with the same error; and every hand the parser
//! accepts is written back by `to_toml` as text that reads back to the same hand.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let read = host::records::phh::parse_str(text);
    if let Err(layout) = host::records::phh::parse_document(text) {
        assert_eq!(read.as_ref().err(), Some(&layout), "the hand reader read the layout differently");
    }
    let Ok(hands) = read else {
        return;
    };
    for hand in &hands {
        let written = hand.to_toml();
        match host::records::phh::parse_hand(&written) {
            Ok(again) => assert_eq!(again.to_toml(), written, "the round trip changed the hand"),
            Err(e) => panic!("a hand the parser accepted does not read back: {e}\n{written}"),
        }
    }
});
