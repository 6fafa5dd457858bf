//! Cards, ranks and suits (RULES.md §1), with parsing and display in the usual
//! two-character form: `As`, `Td`, `7c`.
//!
//! A [`Card`] is one byte: `rank * 4 + suit`, so the 52 cards are the indices 0..52 and
//! a set of cards fits in a `u64` bit mask ([`CardSet`]).

use core::fmt;
use core::str::FromStr;

/// A card rank; `Two` is the lowest, `Ace` the highest (R-DECK-2: the ace also plays
/// low in the wheel and in low hands, which the hand evaluator handles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
#[allow(missing_docs)] // the names say it all
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with index `i` (0 = two, 12 = ace).
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// 0 = two, 12 = ace.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-character symbol: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn symbol(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Parses a rank symbol; `t` and lower-case face letters are accepted.
    pub const fn from_symbol(c: char) -> Option<Rank> {
        let i = match c {
            '2'..='9' => c as u8 - b'2',
            'T' | 't' => 8,
            'J' | 'j' => 9,
            'Q' | 'q' => 10,
            'K' | 'k' => 11,
            'A' | 'a' => 12,
            _ => return None,
        };
        Rank::from_index(i)
    }
}

/// A suit. All suits are equal; suits never break ties (R-DECK-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
#[allow(missing_docs)] // the names say it all
pub enum Suit {
    Spades = 0,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// 0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-letter symbol: `s`, `h`, `d`, `c`.
    pub const fn symbol(self) -> char {
        b"shdc"[self as usize] as char
    }

    /// Parses a suit letter (either case).
    pub const fn from_symbol(c: char) -> Option<Suit> {
        match c {
            's' | 'S' => Some(Suit::Spades),
            'h' | 'H' => Some(Suit::Hearts),
            'd' | 'D' => Some(Suit::Diamonds),
            'c' | 'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// One playing card, stored as `rank * 4 + suit` (0..52).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with index `i` (0..52), or `None`.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// `rank * 4 + suit`, 0..52.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 4) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    /// Whether the card belongs to the 32-card deck of Polish draw poker (R-DECK-3:
    /// sevens and up).
    pub const fn in_short_deck(self) -> bool {
        self.rank() as u8 >= Rank::Seven as u8
    }

    /// Parses one card from the front of `s`, returning the card and the rest. `10`
    /// is accepted for ten.
    fn parse_prefix(s: &str) -> Result<(Card, &str), CardParseError> {
        let mut chars = s.chars();
        let r = chars.next().ok_or(CardParseError::Empty)?;
        let (rank, rest) = if r == '1' && s[1..].starts_with('0') {
            (Rank::Ten, &s[2..])
        } else {
            let rank = Rank::from_symbol(r).ok_or(CardParseError::BadRank)?;
            (rank, &s[r.len_utf8()..])
        };
        let mut chars = rest.chars();
        let c = chars.next().ok_or(CardParseError::MissingSuit)?;
        let suit = Suit::from_symbol(c).ok_or(CardParseError::BadSuit)?;
        Ok((Card::new(rank, suit), &rest[c.len_utf8()..]))
    }

    /// Parses cards written together or separated by spaces or commas ("AsKd",
    /// "As Kd", "As,Kd") into `out`, returning how many were written.
    pub fn parse_many(mut s: &str, out: &mut [Card]) -> Result<usize, CardParseError> {
        let mut n = 0;
        loop {
            s = s.trim_start_matches([' ', ',', '\t']);
            if s.is_empty() {
                return Ok(n);
            }
            let (card, rest) = Card::parse_prefix(s)?;
            let slot = out.get_mut(n).ok_or(CardParseError::TooMany)?;
            *slot = card;
            n += 1;
            s = rest;
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().symbol())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for Card {
    fn format(&self, f: defmt::Formatter) {
        defmt::write!(f, "{}{}", self.rank().symbol(), self.suit().symbol())
    }
}

/// A card is written as its two letters (`As`), as the hand log writes cards.
#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Both symbols are ASCII letters or digits.
        let text = [self.rank().symbol() as u8, self.suit().symbol() as u8];
        s.serialize_str(core::str::from_utf8(&text).unwrap_or("??"))
    }
}

/// A card is read from its text, as [`Card::from_str`] reads it.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Card;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card such as As or Td")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Card, E> {
                v.parse()
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(Text)
    }
}

impl FromStr for Card {
    type Err = CardParseError;

    /// Parses exactly one card: `As`, `td`, `10h`.
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let (card, rest) = Card::parse_prefix(s.trim())?;
        if rest.is_empty() {
            Ok(card)
        } else {
            Err(CardParseError::TrailingText)
        }
    }
}

/// Why a card's text did not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum CardParseError {
    /// Nothing to parse.
    Empty,
    /// The rank is not one of 2-9, T (or 10), J, Q, K, A.
    BadRank,
    /// A rank with no suit after it.
    MissingSuit,
    /// The suit is not one of s, h, d, c.
    BadSuit,
    /// Text follows the card.
    TrailingText,
    /// More cards than the caller has room for.
    TooMany,
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardParseError::Empty => "no card given: write a card as rank and suit, e.g. As or Td",
            CardParseError::BadRank => "unknown rank: use 2-9, T, J, Q, K or A",
            CardParseError::MissingSuit => "the card has no suit: add s, h, d or c",
            CardParseError::BadSuit => "unknown suit: use s, h, d or c",
            CardParseError::TrailingText => "text after the card: write one card, e.g. Kd",
            CardParseError::TooMany => "too many cards",
        })
    }
}

impl core::error::Error for CardParseError {}

/// A set of cards as a 64-bit mask over card indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The 52-card deck, or the 32-card deck when `short` (R-DECK-3).
    pub const fn deck(short: bool) -> CardSet {
        if short {
            // Sevens and up: indices 20..52.
            CardSet(((1u64 << 52) - 1) & !((1u64 << 20) - 1))
        } else {
            CardSet((1u64 << 52) - 1)
        }
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds `card`, returning whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.0;
        new
    }

    /// Removes `card`, returning whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.0);
        had
    }

    /// The number of cards in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw mask (bit `i` = card with index `i`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set with exactly the cards of `bits` below 52.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1u64 << 52) - 1))
    }

    /// The cards in index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Card(i))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_deck_1_every_card_round_trips_through_text() {
        let mut seen = CardSet::EMPTY;
        for i in 0..52 {
            let card = Card::from_index(i).unwrap();
            let mut buf = [0u8; 2];
            let text = {
                let r = card.rank().symbol() as u8;
                let s = card.suit().symbol() as u8;
                buf[0] = r;
                buf[1] = s;
                core::str::from_utf8(&buf).unwrap()
            };
            assert_eq!(text.parse::<Card>().unwrap(), card);
            assert!(seen.insert(card));
        }
        assert_eq!(seen, CardSet::deck(false));
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn parses_the_usual_spellings() {
        assert_eq!(
            "As".parse::<Card>().unwrap(),
            Card::new(Rank::Ace, Suit::Spades)
        );
        assert_eq!(
            "td".parse::<Card>().unwrap(),
            Card::new(Rank::Ten, Suit::Diamonds)
        );
        assert_eq!(
            "10h".parse::<Card>().unwrap(),
            Card::new(Rank::Ten, Suit::Hearts)
        );
        assert_eq!("1h".parse::<Card>(), Err(CardParseError::BadRank));
        assert_eq!("Ax".parse::<Card>(), Err(CardParseError::BadSuit));
        assert_eq!("K".parse::<Card>(), Err(CardParseError::MissingSuit));
        assert_eq!("".parse::<Card>(), Err(CardParseError::Empty));
        assert_eq!("AsK".parse::<Card>(), Err(CardParseError::TrailingText));
        assert_eq!("Ä".parse::<Card>(), Err(CardParseError::BadRank));
    }

    #[test]
    fn parse_many_reads_runs_and_lists() {
        let mut out = [Card::from_index(0).unwrap(); 5];
        assert_eq!(Card::parse_many("AsKd 7c,2h", &mut out), Ok(4));
        assert_eq!(out[1], "Kd".parse().unwrap());
        let mut two = [Card::from_index(0).unwrap(); 2];
        assert_eq!(
            Card::parse_many("As Kd Qc", &mut two),
            Err(CardParseError::TooMany)
        );
    }

    #[test]
    fn r_deck_3_short_deck_is_sevens_and_up() {
        let short = CardSet::deck(true);
        assert_eq!(short.len(), 32);
        assert!(short.iter().all(Card::in_short_deck));
        assert!(!short.contains("6s".parse().unwrap()));
        assert!(short.contains("7c".parse().unwrap()));
    }
}
