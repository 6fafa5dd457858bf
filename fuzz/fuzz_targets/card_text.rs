//! Cards as text (`firmware::Card`'s `FromStr` and `parse_many`), which the scenario
//! scripts, the hand log, the deck map file and PHH histories all read: no text
//! panics them; a card that reads is written (`As`) as text that reads back to it, and
//! `parse_many` reads the same cards as reading them one at a time.
#![no_main]

use firmware::Card;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(card) = text.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        assert_eq!(card.to_string().len(), 2);
    }

    let mut out = [Card::from_index(0).expect("card 0"); 8];
    match Card::parse_many(text, &mut out) {
        Ok(n) => {
            // Written apart, the cards read one at a time; written together, they
            // read back the same.
            let cards = &out[..n];
            let apart: Vec<String> = cards.iter().map(Card::to_string).collect();
            for (word, card) in apart.iter().zip(cards) {
                assert_eq!(word.parse::<Card>(), Ok(*card));
            }
            let mut again = out;
            assert_eq!(Card::parse_many(&apart.concat(), &mut again), Ok(n));
            assert_eq!(&again[..n], cards);
        }
        Err(_) => {}
    }
    // One card with spaces or tabs around it reads as that one card both ways.
    if let Ok(card) = text.parse::<Card>() {
        if text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '\t')
        {
            let mut one = out;
            assert_eq!(Card::parse_many(text, &mut one), Ok(1), "{text:?}");
            assert_eq!(one[0], card);
        }
    }
});
