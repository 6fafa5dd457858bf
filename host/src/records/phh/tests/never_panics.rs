//! No text makes the reader panic, and every hand it accepts is written back as text
//! that reads back to it.

use super::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = parse_str(&s);
    }

    #[test]
    fn mangled_hands_never_panic(cut in 0usize..400, junk in "[\\[\\]'\"#=,\\\\\n a-z0-9.{}]{0,8}") {
        let mut text = NT.to_string();
        let at = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
        text.insert_str(at, &junk);
        if let Ok(hands) = parse_str(&text) {
            for h in &hands {
                let written = h.to_toml();
                let back = parse_hand(&written);
                prop_assert!(back.as_ref().is_ok_and(|b| b.to_toml() == written), "{:?}", back);
            }
        }
    }

    #[test]
    fn amounts_round_trip(cents in proptest::collection::vec(0u64..10_000_000, 3), k in 0u32..4) {
        let scale = Scale::new(k).unwrap_or_default();
        let stacks: Vec<String> = cents.iter().map(|&c| scale.format(c)).collect();
        let text = NT.replace("[1000, 1000, 1000]", &format!("[{}]", stacks.join(", ")))
            .replace("'p3 cbr 30'", "'p3 cbr 0.001'");
        let h = parse_hand(&text);
        prop_assert!(h.is_ok(), "{:?}", h);
        if let Ok(h) = h {
            prop_assert_eq!(h.scale.decimals(), 3);
            let f = 10u64.pow(3 - k);
            prop_assert_eq!(h.starting_stacks, cents.iter().map(|c| c * f).collect::<Vec<_>>());
        }
    }
}
