//! The cards of an action: two characters each, `??` for a card not known, read
//! straight from the bytes for the common case.

use super::{ActionError, Cards};
use firmware::{Card, Rank, Suit};

/// Parses the cards of an action: two characters each (`AcKd`), `??` for an
/// unknown card.
pub fn parse_cards(text: &str) -> Result<Cards, ActionError> {
    let ascii = text.is_ascii();
    let count = if ascii {
        text.len()
    } else {
        text.chars().count()
    };
    if count == 0 {
        return Err(ActionError::NoCards);
    }
    if !count.is_multiple_of(2) {
        return Err(ActionError::OddCards(text.to_string()));
    }
    let mut cards = Cards::new();
    if ascii {
        // Each pair of bytes is a card: no slicing of the text per card.
        for pair in text.as_bytes().chunks_exact(2) {
            let card = match *pair {
                [b'?', b'?'] => None,
                [r, u] => match (rank_of(r), suit_of(u)) {
                    (Some(rank), Some(suit)) => Some(Card::new(rank, suit)),
                    // Not a card: the slow way below, for its message.
                    _ => return parse_cards_slowly(text),
                },
                _ => return parse_cards_slowly(text),
            };
            cards.push(card).map_err(|_| too_many_cards(text))?;
        }
        return Ok(cards);
    }
    parse_cards_slowly(text)
}

/// Each ASCII byte as a rank symbol and as a suit symbol ([`Rank::from_symbol`],
/// [`Suit::from_symbol`]), looked up rather than matched: the ranks of a hand's cards
/// come in no order a branch can guess.
const SYMBOLS: [(Option<Rank>, Option<Suit>); 128] = {
    let mut table = [(None, None); 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8 as char;
        table[b] = (Rank::from_symbol(c), Suit::from_symbol(c));
        b += 1;
    }
    table
};

fn rank_of(b: u8) -> Option<Rank> {
    SYMBOLS.get(usize::from(b)).and_then(|s| s.0)
}

fn suit_of(b: u8) -> Option<Suit> {
    SYMBOLS.get(usize::from(b)).and_then(|s| s.1)
}

fn too_many_cards(text: &str) -> ActionError {
    ActionError::TooManyCards(text.to_string())
}

/// [`parse_cards`] a pair of characters at a time, each checked by [`parse_card`]:
/// for text that is not ASCII, and for the message about a card that is wrong.
fn parse_cards_slowly(text: &str) -> Result<Cards, ActionError> {
    // Each pair is a slice of the text: no string is built per card.
    let mut cards = Cards::new();
    let mut rest = text;
    while !rest.is_empty() {
        let two = match rest.as_bytes() {
            [a, b, ..] if a.is_ascii() && b.is_ascii() => 2,
            _ => rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i),
        };
        let (s, tail) = rest.split_at(two);
        rest = tail;
        cards
            .push(parse_card(s)?)
            .map_err(|_| too_many_cards(text))?;
    }
    Ok(cards)
}

/// One card of an action from its two characters, `??` for an unknown card. A
/// rank and a suit symbol (nearly every card) make the card directly; anything
/// else goes through the card's own parsing, for its error.
fn parse_card(s: &str) -> Result<Option<Card>, ActionError> {
    if let [r, u] = *s.as_bytes() {
        if r == b'?' && u == b'?' {
            return Ok(None);
        }
        let rank = Rank::from_symbol(char::from(r));
        if let (Some(rank), Some(suit)) = (rank, Suit::from_symbol(char::from(u))) {
            return Ok(Some(Card::new(rank, suit)));
        }
    }
    if s.contains('?') {
        return Err(ActionError::BadUnknownCard(s.to_string()));
    }
    s.parse::<Card>()
        .map(Some)
        .map_err(|error| ActionError::BadCard {
            text: s.to_string(),
            error,
        })
}
