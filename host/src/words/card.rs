//! A card as the pages draw and name it: its printed face (rank and suit symbol, the
//! same in every language) and its name in the table's language.

use super::i18n::Lang;
use firmware::Card;
use serde::Serialize;

/// One card as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// The rank as printed on the card: `A`, `K`, `Q`, `J`, `10`, `9` … `2`.
    pub rank: &'static str,
    /// `s`, `h`, `d` or `c` (the page colours red suits).
    pub suit: char,
    /// The suit's symbol.
    pub symbol: &'static str,
    /// The card's name in the table's language.
    pub name: String,
    /// Part of the winning five.
    pub hi: bool,
}

impl CardView {
    pub(crate) fn new(card: Card, lang: Lang, hi: bool) -> CardView {
        const RANKS: [&str; 13] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ];
        const SYMBOLS: [&str; 4] = ["♠", "♥", "♦", "♣"];
        CardView {
            rank: RANKS[card.rank() as usize],
            suit: card.suit().symbol(),
            symbol: SYMBOLS[card.suit() as usize],
            name: lang.card_name(card),
            hi,
        }
    }
}
