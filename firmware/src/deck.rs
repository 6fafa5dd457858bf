//! The deck map: which RFID tag is glued into which card (RULES.md §1, PD-RFID).
//!
//! Every card of a table's deck carries an NFC tag with a unique ID ([`TagUid`]). The
//! shoe reports tag UIDs, never cards: the [`DeckMap`] turns a UID into a [`Card`] and
//! refuses tags that are not in this table's deck (PD-RFID: foul deck).
//!
//! The map is built once per deck (from the deck's registration file, or by
//! [`DeckMap::simulated`] on the bench) and holds at most [`DECK_SIZE`] entries; a
//! 52-card deck (R-DECK-1) or the 32-card deck of R-DECK-3 ([`DeckKind`]). A
//! [`DeckCheck`] reads a whole deck through the shoe and reports missing cards,
//! duplicate reads and foreign tags, without a heap.

use crate::card::{Card, CardSet};
use crate::config::DECK_SIZE;
use core::fmt;

/// The longest NFC UID: ISO/IEC 14443-3 UIDs are single (4 bytes), double (7 bytes)
/// or triple (10 bytes) size.
pub const MAX_UID_LEN: usize = 10;

/// Distinct foreign tags a [`DeckCheck`] lists by UID; further ones are only counted
/// (see [`DeckCheck::foreign_truncated`]). One or two foreign cards are the usual
/// finding; eight leave room for a mixed-up deck without growing the check.
pub const MAX_FOREIGN_TAGS: usize = 8;

/// The first byte of every UID made by [`DeckMap::simulated`] (`'S'`), so a simulated
/// deck is recognisable in a log.
pub const SIMULATED_UID_PREFIX: u8 = 0x53;

/// An NFC tag's unique ID: 4, 7 or 10 bytes, stored in a fixed array.
///
/// Displayed as colon-separated hex: `04:A2:3B:1A:5C:80:80`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TagUid {
    bytes: [u8; MAX_UID_LEN],
    // Always 4, 7 or 10; bytes past `len` are zero, so the derived equality is exact.
    len: u8,
}

impl TagUid {
    /// Builds a UID from its bytes.
    ///
    /// ```
    /// use firmware::deck::{DeckError, TagUid};
    /// let uid = TagUid::new(&[0x04, 0xA2, 0x3B, 0x1A, 0x5C, 0x80, 0x80]).unwrap();
    /// assert_eq!(uid.len(), 7);
    /// assert_eq!(TagUid::new(&[1, 2, 3]), Err(DeckError::BadUidLength(3)));
    /// ```
    pub fn new(bytes: &[u8]) -> Result<TagUid, DeckError> {
        if !matches!(bytes.len(), 4 | 7 | 10) {
            // Saturate: the length is only reported, and no UID is 255 bytes long.
            let len = u8::try_from(bytes.len()).unwrap_or(u8::MAX);
            return Err(DeckError::BadUidLength(len));
        }
        let mut uid = TagUid {
            bytes: [0; MAX_UID_LEN],
            len: 0,
        };
        for (slot, b) in uid.bytes.iter_mut().zip(bytes) {
            *slot = *b;
        }
        uid.len = bytes.len() as u8; // 4, 7 or 10
        Ok(uid)
    }

    /// The UID's bytes (4, 7 or 10 of them).
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes
            .get(..usize::from(self.len))
            .unwrap_or(&self.bytes)
    }

    /// The UID's length in bytes: 4, 7 or 10.
    #[allow(clippy::len_without_is_empty)] // a UID is never empty
    pub const fn len(&self) -> usize {
        self.len as usize
    }
}

impl fmt::Display for TagUid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.as_bytes().iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{b:02X}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for TagUid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TagUid({self})")
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for TagUid {
    fn format(&self, f: defmt::Formatter) {
        defmt::write!(f, "{=[u8]:02X}", self.as_bytes())
    }
}

/// Which deck a table plays with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DeckKind {
    /// The standard 52-card deck (R-DECK-1, R-DECK-4).
    #[default]
    Standard52,
    /// The Polish 32-card deck, sevens and up, for draw poker (R-DECK-3).
    Short32,
}

impl DeckKind {
    /// The deck kind for a table's `short_deck` setting.
    pub const fn from_short_deck(short: bool) -> DeckKind {
        if short {
            DeckKind::Short32
        } else {
            DeckKind::Standard52
        }
    }

    /// The cards of this deck.
    pub const fn cards(self) -> CardSet {
        CardSet::deck(matches!(self, DeckKind::Short32))
    }

    /// The number of cards in this deck: 52 or 32.
    pub const fn size(self) -> usize {
        match self {
            DeckKind::Standard52 => 52,
            DeckKind::Short32 => 32,
        }
    }

    /// Whether `card` belongs to this deck.
    pub const fn contains(self, card: Card) -> bool {
        self.cards().contains(card)
    }
}

impl fmt::Display for DeckKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeckKind::Standard52 => "52-card deck",
            DeckKind::Short32 => "32-card deck",
        })
    }
}

/// Why a tag could not be registered or recognised. Each message says what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DeckError {
    /// A UID that is not 4, 7 or 10 bytes long: not an ISO 14443-A tag, or a reader
    /// fault. Holds the length seen.
    BadUidLength(u8),
    /// The tag is already registered (to the card held): the deck file lists it twice.
    DuplicateTag(Card),
    /// The card already has a tag: two cards of the deck carry the same face.
    CardAlreadyBound(Card),
    /// The card does not belong to this deck kind (R-DECK-3: the 32-card deck has no
    /// cards below seven).
    NotInDeck(Card, DeckKind),
    /// The map already holds a tag for every card of the deck.
    DeckFull,
    /// The tag is not in this table's deck (PD-RFID: foul deck).
    UnknownTag,
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeckError::BadUidLength(n) => write!(
                f,
                "Tag ID has {n} bytes, not 4, 7 or 10: the card is not from this table's deck, \
                 or the shoe's reader is faulty; remove the card and call a technician if it repeats"
            ),
            DeckError::DuplicateTag(card) => write!(
                f,
                "Tag already registered to {card}: the deck file lists this tag twice; \
                 re-register the deck"
            ),
            DeckError::CardAlreadyBound(card) => write!(
                f,
                "{card} already has a tag: two cards show the same face; \
                 find the second {card} and take it out of the deck"
            ),
            DeckError::NotInDeck(card, kind) => write!(
                f,
                "{card} is not in the {kind} (R-DECK-3): take it out of the deck"
            ),
            DeckError::DeckFull => f.write_str(
                "Every card of the deck already has a tag: this card is one too many; \
                 take it out of the deck",
            ),
            DeckError::UnknownTag => f.write_str(
                "Tag not in this table's deck: remove the card and call the floor (foul deck)",
            ),
        }
    }
}

impl core::error::Error for DeckError {}

/// The map from tag UIDs to the cards of one deck.
///
/// Holds at most [`DECK_SIZE`] entries, each UID and each card at most once, and only
/// cards of its [`DeckKind`]. Look-ups scan the entries (at most 52 comparisons of 11
/// bytes), which is faster on a microcontroller than keeping them sorted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckMap {
    kind: DeckKind,
    entries: heapless::Vec<(TagUid, Card), DECK_SIZE>,
    bound: CardSet,
}

impl DeckMap {
    /// An empty map for a deck of this kind.
    pub const fn new(kind: DeckKind) -> DeckMap {
        DeckMap {
            kind,
            entries: heapless::Vec::new(),
            bound: CardSet::EMPTY,
        }
    }

    /// The deck kind this map is for.
    pub const fn kind(&self) -> DeckKind {
        self.kind
    }

    /// Registers the tag `uid` for `card`.
    ///
    /// Refused, with the map unchanged, when the tag is already registered
    /// ([`DeckError::DuplicateTag`]), the card is not in the deck kind
    /// ([`DeckError::NotInDeck`]), the card already has a tag
    /// ([`DeckError::CardAlreadyBound`]) or the map is full ([`DeckError::DeckFull`]).
    ///
    /// ```
    /// use firmware::deck::{DeckError, DeckKind, DeckMap, TagUid};
    /// let mut deck = DeckMap::new(DeckKind::Standard52);
    /// let uid = TagUid::new(&[0x04, 0x11, 0x22, 0x33]).unwrap();
    /// deck.insert(uid, "As".parse().unwrap()).unwrap();
    /// assert_eq!(deck.lookup(&uid), Ok("As".parse().unwrap()));
    /// assert!(matches!(deck.insert(uid, "Kd".parse().unwrap()), Err(DeckError::DuplicateTag(_))));
    /// ```
    pub fn insert(&mut self, uid: TagUid, card: Card) -> Result<(), DeckError> {
        if let Ok(bound_to) = self.lookup(&uid) {
            return Err(DeckError::DuplicateTag(bound_to));
        }
        if !self.kind.contains(card) {
            return Err(DeckError::NotInDeck(card, self.kind));
        }
        if self.bound.contains(card) {
            return Err(DeckError::CardAlreadyBound(card));
        }
        // With the checks above the map can only be full when every card is bound,
        // which `CardAlreadyBound` already refuses; heapless still hands the entry
        // back if it had no room, so name that case rather than drop it.
        self.entries
            .push((uid, card))
            .map_err(|_| DeckError::DeckFull)?;
        self.bound.insert(card);
        trace!("deck: tag {} = {}", uid, card);
        Ok(())
    }

    /// Unregisters the tag `uid` (a damaged card taken out of play), returning its card.
    pub fn remove(&mut self, uid: &TagUid) -> Result<Card, DeckError> {
        let i = self
            .entries
            .iter()
            .position(|(u, _)| u == uid)
            .ok_or(DeckError::UnknownTag)?;
        let (_, card) = self.entries.swap_remove(i);
        self.bound.remove(card);
        Ok(card)
    }

    /// The card carrying the tag `uid`, or [`DeckError::UnknownTag`] (PD-RFID: foul deck).
    pub fn lookup(&self, uid: &TagUid) -> Result<Card, DeckError> {
        self.entries
            .iter()
            .find(|(u, _)| u == uid)
            .map(|&(_, card)| card)
            .ok_or(DeckError::UnknownTag)
    }

    /// The tag registered for `card`, if any.
    pub fn tag_of(&self, card: Card) -> Option<TagUid> {
        self.entries
            .iter()
            .find(|&&(_, c)| c == card)
            .map(|&(uid, _)| uid)
    }

    /// The number of registered tags.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no tag is registered.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether every card of the deck has a tag.
    pub fn is_complete(&self) -> bool {
        self.missing_cards().is_empty()
    }

    /// The cards that have a tag.
    pub const fn bound_cards(&self) -> CardSet {
        self.bound
    }

    /// The cards of the deck that have no tag yet.
    pub const fn missing_cards(&self) -> CardSet {
        CardSet::from_bits(self.kind.cards().bits() & !self.bound.bits())
    }

    /// The registered tags and their cards, in registration order (until a removal).
    pub fn iter(&self) -> impl Iterator<Item = (TagUid, Card)> + '_ {
        self.entries.iter().copied()
    }

    /// The UID [`DeckMap::simulated`] gives `card` in deck `deck_id`: 7 bytes,
    /// `53 id id id id cc bcc` with the deck ID big-endian, the card index `cc`, and
    /// `bcc` the XOR of the six bytes before it. Different decks never share a UID.
    pub fn simulated_uid(deck_id: u32, card: Card) -> TagUid {
        let id = deck_id.to_be_bytes();
        let mut bytes = [0u8; MAX_UID_LEN];
        let head = [
            SIMULATED_UID_PREFIX,
            id[0],
            id[1],
            id[2],
            id[3],
            card.index(),
        ];
        let mut bcc = 0u8;
        for (slot, b) in bytes.iter_mut().zip(head) {
            *slot = b;
            bcc ^= b;
        }
        bytes[6] = bcc;
        TagUid { bytes, len: 7 }
    }

    /// A complete map for the bench simulator: every card of `kind` with the synthetic
    /// 7-byte UID of [`DeckMap::simulated_uid`]. The same `deck_id` always gives the
    /// same map; two deck IDs share no UID, so a card from another simulated deck is a
    /// foreign tag.
    pub fn simulated(kind: DeckKind, deck_id: u32) -> DeckMap {
        let mut map = DeckMap::new(kind);
        for card in kind.cards().iter() {
            // Cannot fail: each card once, each UID distinct, at most DECK_SIZE cards.
            let _ = map.insert(DeckMap::simulated_uid(deck_id, card), card);
        }
        map
    }

    /// Checks a deck read through the shoe: see [`DeckCheck`].
    ///
    /// ```
    /// use firmware::deck::{DeckKind, DeckMap};
    /// let deck = DeckMap::simulated(DeckKind::Short32, 7);
    /// let reads: Vec<_> = deck.iter().map(|(uid, _)| uid).skip(1).collect();
    /// let check = deck.check(&reads);
    /// assert_eq!(check.missing().len(), 1);
    /// assert!(!check.is_clean());
    /// ```
    pub fn check<'a, I>(&self, reads: I) -> DeckCheck
    where
        I: IntoIterator<Item = &'a TagUid>,
    {
        let mut check = DeckCheck::new(self.kind);
        for uid in reads {
            // The outcome of each read is in the check; the per-read result is for
            // callers that feed reads one at a time.
            let _ = check.record(self, uid);
        }
        check
    }
}

/// The result of reading a whole deck through the shoe, built one read at a time
/// (PD-RFID): which cards were never read, which were read more than once, and which
/// tags are not in the deck at all. No heap: counts and [`CardSet`]s, and the first
/// [`MAX_FOREIGN_TAGS`] distinct foreign UIDs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckCheck {
    kind: DeckKind,
    reads: u32,
    seen: CardSet,
    duplicates: CardSet,
    duplicate_reads: u32,
    foreign: heapless::Vec<TagUid, MAX_FOREIGN_TAGS>,
    foreign_reads: u32,
    foreign_truncated: bool,
}

impl DeckCheck {
    /// A check of a deck of this kind with nothing read yet.
    pub const fn new(kind: DeckKind) -> DeckCheck {
        DeckCheck {
            kind,
            reads: 0,
            seen: CardSet::EMPTY,
            duplicates: CardSet::EMPTY,
            duplicate_reads: 0,
            foreign: heapless::Vec::new(),
            foreign_reads: 0,
            foreign_truncated: false,
        }
    }

    /// Records one read, returning the card or the reason it is not one.
    pub fn record(&mut self, map: &DeckMap, uid: &TagUid) -> Result<Card, DeckError> {
        self.reads = self.reads.saturating_add(1);
        match map.lookup(uid) {
            Ok(card) => {
                if !self.seen.insert(card) {
                    self.duplicates.insert(card);
                    self.duplicate_reads = self.duplicate_reads.saturating_add(1);
                }
                Ok(card)
            }
            Err(e) => {
                self.foreign_reads = self.foreign_reads.saturating_add(1);
                if !self.foreign.contains(uid) && self.foreign.push(*uid).is_err() {
                    // Not in the list and no room: at least one more distinct foreign
                    // tag than listed.
                    self.foreign_truncated = true;
                }
                Err(e)
            }
        }
    }

    /// Reads recorded, foreign and repeated ones included.
    pub const fn reads(&self) -> u32 {
        self.reads
    }

    /// The cards of the deck read at least once.
    pub const fn seen(&self) -> CardSet {
        self.seen
    }

    /// The cards of the deck never read.
    pub const fn missing(&self) -> CardSet {
        CardSet::from_bits(self.kind.cards().bits() & !self.seen.bits())
    }

    /// The cards read more than once.
    pub const fn duplicates(&self) -> CardSet {
        self.duplicates
    }

    /// Reads beyond the first of a card (a card read three times counts two).
    pub const fn duplicate_reads(&self) -> u32 {
        self.duplicate_reads
    }

    /// The distinct foreign tags, in the order first read, at most [`MAX_FOREIGN_TAGS`].
    pub fn foreign(&self) -> &[TagUid] {
        &self.foreign
    }

    /// Reads of tags not in the deck, repeats included.
    pub const fn foreign_reads(&self) -> u32 {
        self.foreign_reads
    }

    /// Whether more distinct foreign tags were read than [`DeckCheck::foreign`] lists.
    pub const fn foreign_truncated(&self) -> bool {
        self.foreign_truncated
    }

    /// Whether the deck is exactly right: every card read once and no foreign tag.
    pub fn is_clean(&self) -> bool {
        self.missing().is_empty() && self.duplicate_reads == 0 && self.foreign_reads == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn uid4(n: u8) -> TagUid {
        TagUid::new(&[0x04, 0x10, 0x20, n]).unwrap()
    }

    #[test]
    fn uid_lengths_are_4_7_or_10() {
        for len in 0..=12usize {
            let bytes = [0xAB; 12];
            let r = TagUid::new(&bytes[..len]);
            if matches!(len, 4 | 7 | 10) {
                let uid = r.unwrap();
                assert_eq!(uid.len(), len);
                assert_eq!(uid.as_bytes(), &bytes[..len]);
            } else {
                assert_eq!(r, Err(DeckError::BadUidLength(len as u8)));
            }
        }
        assert_eq!(
            TagUid::new(&[0; 300]),
            Err(DeckError::BadUidLength(u8::MAX))
        );
    }

    #[test]
    fn uid_displays_as_hex() {
        extern crate std;
        use std::string::ToString;
        let uid = TagUid::new(&[0x04, 0xA2, 0x3B, 0x1A, 0x5C, 0x80, 0x0F]).unwrap();
        assert_eq!(uid.to_string(), "04:A2:3B:1A:5C:80:0F");
        // Padding never makes two different UIDs equal.
        assert_ne!(
            TagUid::new(&[1, 2, 3, 4]).unwrap(),
            TagUid::new(&[1, 2, 3, 4, 0, 0, 0]).unwrap()
        );
    }

    #[test]
    fn insert_and_lookup() {
        let mut map = DeckMap::new(DeckKind::Standard52);
        assert!(map.is_empty());
        map.insert(uid4(1), card("As")).unwrap();
        map.insert(uid4(2), card("2c")).unwrap();
        assert_eq!(map.len(), 2);
        assert_eq!(map.lookup(&uid4(1)), Ok(card("As")));
        assert_eq!(map.lookup(&uid4(2)), Ok(card("2c")));
        assert_eq!(map.tag_of(card("2c")), Some(uid4(2)));
        assert_eq!(map.tag_of(card("Kd")), None);
        assert_eq!(map.missing_cards().len(), 50);
        assert!(!map.is_complete());
    }

    #[test]
    fn pd_rfid_unknown_tag_is_a_foul_deck() {
        extern crate std;
        use std::string::ToString;
        let map = DeckMap::simulated(DeckKind::Standard52, 1);
        let e = map.lookup(&uid4(9)).unwrap_err();
        assert_eq!(e, DeckError::UnknownTag);
        assert_eq!(
            e.to_string(),
            "Tag not in this table's deck: remove the card and call the floor (foul deck)"
        );
    }

    #[test]
    fn insert_refuses_duplicates_and_foreign_cards() {
        let mut map = DeckMap::new(DeckKind::Short32);
        map.insert(uid4(1), card("Ah")).unwrap();
        let before = map.clone();
        assert_eq!(
            map.insert(uid4(1), card("Kh")),
            Err(DeckError::DuplicateTag(card("Ah")))
        );
        assert_eq!(
            map.insert(uid4(2), card("Ah")),
            Err(DeckError::CardAlreadyBound(card("Ah")))
        );
        // R-DECK-3: no sixes in the 32-card deck.
        assert_eq!(
            map.insert(uid4(3), card("6s")),
            Err(DeckError::NotInDeck(card("6s"), DeckKind::Short32))
        );
        assert_eq!(map, before, "a refused insert changed the map");
    }

    #[test]
    fn full_map_refuses_more() {
        let mut map = DeckMap::simulated(DeckKind::Standard52, 3);
        assert!(map.is_complete());
        assert_eq!(map.len(), DECK_SIZE);
        assert!(map.missing_cards().is_empty());
        // Every card is bound, so a new tag is refused for its card.
        assert!(matches!(
            map.insert(uid4(1), card("As")),
            Err(DeckError::CardAlreadyBound(_))
        ));
    }

    #[test]
    fn remove_frees_the_card() {
        let mut map = DeckMap::simulated(DeckKind::Short32, 3);
        let uid = map.tag_of(card("Tc")).unwrap();
        assert_eq!(map.remove(&uid), Ok(card("Tc")));
        assert_eq!(map.remove(&uid), Err(DeckError::UnknownTag));
        assert_eq!(
            map.missing_cards().iter().collect::<heapless::Vec<_, 1>>(),
            [card("Tc")]
        );
        map.insert(uid4(7), card("Tc")).unwrap();
        assert!(map.is_complete());
    }

    #[test]
    fn r_deck_3_simulated_decks() {
        let long = DeckMap::simulated(DeckKind::Standard52, 0);
        let short = DeckMap::simulated(DeckKind::Short32, 0);
        assert_eq!(long.len(), 52);
        assert_eq!(short.len(), 32);
        assert!(short.iter().all(|(_, c)| c.in_short_deck()));
        assert_eq!(short.bound_cards(), CardSet::deck(true));
        // Deterministic, 7 bytes, and no UID shared between deck IDs.
        assert_eq!(long, DeckMap::simulated(DeckKind::Standard52, 0));
        for id in [1u32, 0x100, 0xFFFF_FFFF] {
            let other = DeckMap::simulated(DeckKind::Standard52, id);
            for (uid, _) in other.iter() {
                assert_eq!(uid.len(), 7);
                assert_eq!(uid.as_bytes()[0], SIMULATED_UID_PREFIX);
                assert_eq!(long.lookup(&uid), Err(DeckError::UnknownTag));
            }
        }
        let uid = DeckMap::simulated_uid(0x0102_0304, card("As"));
        assert_eq!(
            uid.as_bytes(),
            [
                0x53,
                0x01,
                0x02,
                0x03,
                0x04,
                48,
                0x53 ^ 0x01 ^ 0x02 ^ 0x03 ^ 0x04 ^ 48
            ]
        );
    }

    #[test]
    fn deck_check_of_a_clean_deck() {
        let map = DeckMap::simulated(DeckKind::Standard52, 5);
        let reads: heapless::Vec<TagUid, 52> = map.iter().map(|(u, _)| u).collect();
        let check = map.check(&reads);
        assert!(check.is_clean());
        assert_eq!(check.reads(), 52);
        assert_eq!(check.seen(), CardSet::deck(false));
    }

    #[test]
    fn pd_rfid_deck_check_finds_missing_duplicate_and_foreign() {
        let map = DeckMap::simulated(DeckKind::Short32, 5);
        let ace = map.tag_of(card("As")).unwrap();
        let king = map.tag_of(card("Kd")).unwrap();
        let stranger = DeckMap::simulated_uid(6, card("As"));
        let reads = [ace, ace, ace, king, stranger, stranger, uid4(1)];
        let check = map.check(&reads);
        assert!(!check.is_clean());
        assert_eq!(check.reads(), 7);
        assert_eq!(check.missing().len(), 30);
        assert!(!check.missing().contains(card("As")));
        assert_eq!(
            check.duplicates().iter().collect::<heapless::Vec<_, 1>>(),
            [card("As")]
        );
        assert_eq!(check.duplicate_reads(), 2);
        assert_eq!(check.foreign(), [stranger, uid4(1)]);
        assert_eq!(check.foreign_reads(), 3);
        assert!(!check.foreign_truncated());
    }

    #[test]
    fn deck_check_bounds_the_foreign_list() {
        let map = DeckMap::new(DeckKind::Standard52);
        let mut check = DeckCheck::new(DeckKind::Standard52);
        for n in 0..(MAX_FOREIGN_TAGS as u8 + 3) {
            assert_eq!(check.record(&map, &uid4(n)), Err(DeckError::UnknownTag));
            // A repeat is counted, not listed again.
            let _ = check.record(&map, &uid4(0));
        }
        assert_eq!(check.foreign().len(), MAX_FOREIGN_TAGS);
        assert!(check.foreign_truncated());
        assert_eq!(check.foreign_reads(), 2 * (MAX_FOREIGN_TAGS as u32 + 3));
        assert_eq!(check.missing(), CardSet::deck(false));
    }
}
