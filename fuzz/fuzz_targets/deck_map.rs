//! The deck map against a model: every insert, lookup and remove gives the answer the
//! model predicts, a refused insert changes nothing, and a deck check of the reads
//! adds up.
#![no_main]

use firmware::deck::{DeckError, DeckKind, DeckMap, TagUid, MAX_FOREIGN_TAGS};
use firmware::{Card, CardSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, ops)) = data.split_first() else {
        return;
    };
    let kind = if first % 2 == 1 {
        DeckKind::Short32
    } else {
        DeckKind::Standard52
    };
    let mut map = DeckMap::new(kind);
    let mut model: Vec<(TagUid, Card)> = Vec::new();
    let mut reads = Vec::new();
    for op in ops.chunks_exact(4) {
        // A small UID space, so that UIDs repeat; lengths 4, 7 and 10.
        let len = [4, 7, 10][usize::from(op[0] / 4 % 3)];
        let mut bytes = [0u8; 10];
        bytes[0] = op[1] % 8;
        bytes[len - 1] = op[2] % 4;
        let uid = TagUid::new(&bytes[..len]).expect("4, 7 or 10 bytes");
        let Some(card) = Card::from_index(op[3] % 52) else {
            continue;
        };
        let bound = model.iter().find(|(u, _)| *u == uid).map(|&(_, c)| c);
        match op[0] % 4 {
            0 | 1 => {
                let before = map.clone();
                let expected = if let Some(c) = bound {
                    Err(DeckError::DuplicateTag(c))
                } else if !kind.contains(card) {
                    Err(DeckError::NotInDeck(card, kind))
                } else if model.iter().any(|&(_, c)| c == card) {
                    Err(DeckError::CardAlreadyBound(card))
                } else {
                    Ok(())
                };
                let got = map.insert(uid, card);
                assert_eq!(got, expected);
                if got.is_ok() {
                    model.push((uid, card));
                } else {
                    assert_eq!(map, before);
                }
            }
            2 => {
                assert_eq!(map.lookup(&uid), bound.ok_or(DeckError::UnknownTag));
                reads.push(uid);
            }
            _ => {
                assert_eq!(map.remove(&uid), bound.ok_or(DeckError::UnknownTag));
                model.retain(|(u, _)| *u != uid);
            }
        }
        let mut cards = CardSet::EMPTY;
        for &(u, c) in &model {
            cards.insert(c);
            assert_eq!(map.tag_of(c), Some(u));
        }
        assert_eq!(map.len(), model.len());
        assert_eq!(map.bound_cards(), cards);
        assert_eq!(
            map.missing_cards().bits(),
            kind.cards().bits() & !cards.bits()
        );
        assert_eq!(map.is_complete(), model.len() == kind.size());
    }

    let check = map.check(&reads);
    assert_eq!(check.reads() as usize, reads.len());
    let known = reads.iter().filter(|u| map.lookup(u).is_ok()).count();
    assert_eq!(check.foreign_reads() as usize, reads.len() - known);
    assert_eq!(check.seen().len() + check.duplicate_reads(), known as u32);
    assert_eq!(
        check.seen().bits() | check.missing().bits(),
        kind.cards().bits()
    );
    assert_eq!(check.seen().bits() & check.missing().bits(), 0);
    assert!(check.duplicates().bits() & !check.seen().bits() == 0);
    assert!(check.foreign().len() <= MAX_FOREIGN_TAGS);
    assert!(check.foreign().iter().all(|u| map.lookup(u).is_err()));
    assert_eq!(
        check.is_clean(),
        check.missing().is_empty() && known == reads.len() && check.duplicate_reads() == 0
    );
});
