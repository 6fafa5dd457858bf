//! Replays arbitrary hand histories through the engine, the pots and the showdown:
//! any text must give a hand or an error, never a panic; a replayed hand conserves
//! chips (finishing stacks add up to the starting stacks).
#![no_main]

use host::records::replay::replay_history;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(hands) = host::records::phh::parse_str(text) else {
        return;
    };
    for hh in hands.iter().take(4) {
        if let Ok(r) = replay_history(hh) {
            let start: u128 = hh.starting_stacks.iter().map(|&s| u128::from(s)).sum();
            let end: u128 = r.finishing_stacks.iter().map(|&s| u128::from(s.get())).sum();
            assert_eq!(start, end, "chips are conserved");
        }
    }
});
