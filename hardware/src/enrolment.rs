//! Deck enrolment, the deck check, and the deck map file (PD-RFID).
//!
//! - [`enrol`] binds a new deck's tags to its cards: the dealer passes the cards
//!   past the shoe's antenna in a stated order (for example [`new_deck_order`]), and
//!   each new tag read is bound to the next card. A tag already bound is never bound
//!   again (it is reported, and enrolment waits for a new tag).
//! - [`check`] reads a whole deck through the shoe and returns the firmware's
//!   [`DeckCheck`]: missing cards, cards read twice, foreign tags.
//! - [`save`], [`load`], [`to_text`] and [`parse`] keep the deck map with the table's
//!   data as a small text file, one `UID CARD` per line ([`DECK_FILE_NAME`]).
//!
//! `tablectl deck enrol` and `tablectl deck check` call these.

use crate::cause::Cause;
use crate::link::{LinkFault, ShoeLink, ShoePort};
use crate::text::excerpt;
use firmware::card::CardSet;
use firmware::deck::{DeckCheck, DeckError, DeckKind, DeckMap, TagUid};
use firmware::time::Instant;
use firmware::Card;
use std::collections::HashSet;
use std::fmt;
use std::io;
use std::path::Path;
use std::time::Duration;

/// The deck map's file name in the table's data directory.
pub const DECK_FILE_NAME: &str = "deck.map";

/// The largest deck map read: 52 lines of a tag and a card are under 2 KiB.
pub const MAX_DECK_FILE_BYTES: u64 = 64 * 1024;

/// The longest line of a deck map: a tag, a card and a comment.
pub const MAX_DECK_LINE_BYTES: usize = 256;

/// The order of a deck fresh from its box, as enrolment expects it by default:
/// spades, hearts, diamonds, clubs, each from the ace up to the king (32-card deck:
/// the ace, then seven up to king).
pub fn new_deck_order(kind: DeckKind) -> Vec<Card> {
    let mut cards = Vec::with_capacity(kind.size());
    for suit in ['s', 'h', 'd', 'c'] {
        for rank in [
            'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
        ] {
            if let Ok(card) = format!("{rank}{suit}").parse::<Card>() {
                if kind.contains(card) {
                    cards.push(card);
                }
            }
        }
    }
    cards
}

/// Progress of an enrolment, for the operator's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnrolEvent {
    /// Waiting for this card: "present the As (1 of 52)".
    Present {
        /// Position in the order, from 1.
        index: usize,
        /// Cards in the order.
        total: usize,
        /// The card to present.
        card: Card,
    },
    /// The card's tag was read and bound.
    Bound {
        /// Position in the order, from 1.
        index: usize,
        /// Cards in the order.
        total: usize,
        /// The card.
        card: Card,
        /// Its tag.
        uid: TagUid,
    },
    /// A tag already bound was read again (the previous card still at the antenna,
    /// or a card presented twice): not bound again; waiting for a new tag.
    AlreadyEnrolled {
        /// The tag.
        uid: TagUid,
        /// The card it is bound to.
        bound_to: Card,
        /// The card being waited for.
        waiting_for: Card,
    },
}

impl fmt::Display for EnrolEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnrolEvent::Present { index, total, card } => {
                write!(f, "Present the {card} to the shoe ({index} of {total})")
            }
            EnrolEvent::Bound {
                index,
                total,
                card,
                uid,
            } => write!(f, "{card} = tag {uid} ({index} of {total})"),
            EnrolEvent::AlreadyEnrolled {
                uid,
                bound_to,
                waiting_for,
            } => write!(
                f,
                "Tag {uid} is already the {bound_to}: take it away and present the {waiting_for}"
            ),
        }
    }
}

/// Why an enrolment failed. Nothing is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnrolError {
    /// The stated order is wrong: a card not in the deck, or a card twice. Nothing
    /// was read.
    Order(DeckError),
    /// The stated order leaves out these cards. Nothing was read.
    Incomplete(CardSet),
    /// No new tag was read in time for this card.
    NoNewTag {
        /// Position in the order, from 1.
        index: usize,
        /// The card.
        card: Card,
    },
    /// The shoe's link failed.
    Link(LinkFault),
}

impl fmt::Display for EnrolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnrolError::Order(e) => write!(f, "The enrolment order is wrong: {e}"),
            EnrolError::Incomplete(missing) => {
                write!(f, "The enrolment order leaves out {} cards:", missing.len())?;
                for c in missing.iter() {
                    write!(f, " {c}")?;
                }
                Ok(())
            }
            EnrolError::NoNewTag { index, card } => write!(
                f,
                "No new tag was read for the {card} (card {index}): start the enrolment again"
            ),
            EnrolError::Link(e) => write!(f, "{e}"),
        }
    }
}

/// The shoe link's fault, kept whole.
impl std::error::Error for EnrolError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EnrolError::Link(e) => Some(e),
            EnrolError::Order(e) => Some(e),
            _ => None,
        }
    }
}

/// Checks that `order` is every card of `kind` once.
fn check_order(kind: DeckKind, order: &[Card]) -> Result<(), EnrolError> {
    let mut seen = CardSet::EMPTY;
    for &card in order {
        if !kind.contains(card) {
            return Err(EnrolError::Order(DeckError::NotInDeck(card, kind)));
        }
        if !seen.insert(card) {
            return Err(EnrolError::Order(DeckError::CardAlreadyBound(card)));
        }
    }
    let missing = CardSet::from_bits(kind.cards().bits() & !seen.bits());
    if missing.is_empty() {
        Ok(())
    } else {
        Err(EnrolError::Incomplete(missing))
    }
}

/// What is left until `deadline`, at most 200 ms: one read's wait.
fn remaining(link_now: Instant, deadline: Instant) -> Duration {
    (deadline - link_now)
        .to_std()
        .min(Duration::from_millis(200))
}

/// Enrols a new deck of `kind`: for each card of `order` (every card of the deck
/// once), waits up to `per_card` for a tag not bound yet, at either antenna, and binds
/// it. `progress` is told what to ask of the operator and what happened.
///
/// A tag already bound is never bound again: it is reported
/// ([`EnrolEvent::AlreadyEnrolled`], once while it stays at the antenna) and
/// enrolment waits for a new one. Link faults are reported by the link and the read
/// repeated; only a silent or failed port ends the enrolment.
pub fn enrol<P, I, F>(
    link: &mut ShoeLink<P>,
    kind: DeckKind,
    order: I,
    per_card: Duration,
    mut progress: F,
) -> Result<DeckMap, EnrolError>
where
    P: ShoePort,
    I: IntoIterator<Item = Card>,
    F: FnMut(&EnrolEvent),
{
    let order: Vec<Card> = order.into_iter().collect();
    check_order(kind, &order)?;
    let total = order.len();
    let mut map = DeckMap::new(kind);
    for (i, &card) in order.iter().enumerate() {
        let index = i + 1;
        progress(&EnrolEvent::Present { index, total, card });
        let deadline = link.port().now() + per_card;
        let mut last_reported: Option<TagUid> = None;
        loop {
            let now = link.port().now();
            if now >= deadline {
                return Err(EnrolError::NoNewTag { index, card });
            }
            match link.read_card(remaining(now, deadline)).map(|r| r.read) {
                Ok(read) => match map.lookup(&read.uid) {
                    Ok(bound_to) => {
                        if last_reported != Some(read.uid) {
                            last_reported = Some(read.uid);
                            progress(&EnrolEvent::AlreadyEnrolled {
                                uid: read.uid,
                                bound_to,
                                waiting_for: card,
                            });
                        }
                    }
                    Err(_) => {
                        map.insert(read.uid, card).map_err(EnrolError::Order)?;
                        progress(&EnrolEvent::Bound {
                            index,
                            total,
                            card,
                            uid: read.uid,
                        });
                        break;
                    }
                },
                Err(LinkFault::NoCard | LinkFault::Unreliable { .. }) => {}
                Err(e) => return Err(EnrolError::Link(e)),
            }
        }
    }
    Ok(map)
}

/// How long a deck check reads. `#[non_exhaustive]`: start from
/// `CheckSettings::default()`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckSettings {
    /// The check ends when no new tag has been read for this long. Default 5 s.
    pub idle: Duration,
    /// The check ends after this long in any case. Default 10 minutes.
    pub total: Duration,
}

impl CheckSettings {
    /// The defaults.
    pub const fn new() -> CheckSettings {
        CheckSettings {
            idle: Duration::from_secs(5),
            total: Duration::from_secs(600),
        }
    }

    /// These idle and total times.
    pub const fn with(idle: Duration, total: Duration) -> CheckSettings {
        CheckSettings { idle, total }
    }
}

impl Default for CheckSettings {
    fn default() -> CheckSettings {
        CheckSettings::new()
    }
}

/// One card passed during a deck check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckRead {
    /// The tag.
    pub uid: TagUid,
    /// Its card, or why it has none ([`DeckError::UnknownTag`]: a foreign tag).
    pub card: Result<Card, DeckError>,
    /// Distinct tags read so far, this one included.
    pub distinct: usize,
}

/// Reads a whole deck through the shoe and checks it against `map`: until as many
/// distinct tags as the deck has cards were read, or no new tag came for
/// `settings.idle`, or `settings.total` passed. `progress` hears of each card passed.
///
/// A tag read several times in a row is one card staying at the antenna and counts
/// once; a tag read again after another one is a card passed twice
/// ([`DeckCheck::duplicates`]). Foreign tags count towards the distinct tags, so a
/// deck with a foreign card in place of one of its own ends the check too, with that
/// card missing and the foreign one listed.
///
/// Link faults are reported by the link and the read repeated; a silent or failed
/// port ends the check with the error.
pub fn check<P, F>(
    link: &mut ShoeLink<P>,
    map: &DeckMap,
    settings: CheckSettings,
    mut progress: F,
) -> Result<DeckCheck, LinkFault>
where
    P: ShoePort,
    F: FnMut(&CheckRead),
{
    let mut result = DeckCheck::new(map.kind());
    let mut distinct: HashSet<TagUid> = HashSet::new();
    let mut last: Option<TagUid> = None;
    let start = link.port().now();
    let end = start + settings.total;
    let mut idle_end = start + settings.idle;
    while distinct.len() < map.kind().size() {
        let now = link.port().now();
        let deadline = end.min(idle_end);
        if now >= deadline {
            break;
        }
        match link.read_card(remaining(now, deadline)).map(|r| r.read) {
            Ok(read) => {
                if last == Some(read.uid) {
                    continue;
                }
                last = Some(read.uid);
                distinct.insert(read.uid);
                idle_end = link.port().now() + settings.idle;
                let card = result.record(map, &read.uid);
                progress(&CheckRead {
                    uid: read.uid,
                    card,
                    distinct: distinct.len(),
                });
            }
            Err(LinkFault::NoCard | LinkFault::Unreliable { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(result)
}

// ---- The deck map file ----

/// What is wrong on a line of a deck map file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckFileErrorKind {
    /// The file could not be read or written (its path and the operating system's
    /// error).
    Io(Cause),
    /// A `deck` line other than `deck 52` or `deck 32`, or after the first tag.
    BadDeckLine(String),
    /// A UID that is not 4, 7 or 10 hex bytes (`04:A2:3B:1A` or `04A23B1A`).
    BadUid(String),
    /// A card that is not a card (`As`, `Td`, `7c`).
    BadCard(String),
    /// A UID with no card after it.
    MissingCard,
    /// Something after the card.
    TrailingText(String),
    /// A line longer than [`MAX_DECK_LINE_BYTES`]: the file is not a deck map.
    LongLine,
    /// The map refuses the line: a tag or a card twice, a card not in the deck.
    Deck(DeckError),
}

/// An error in a deck map file, with its line number (from 1; 0 for the file as a
/// whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckFileError {
    /// The line, from 1 (0: the whole file).
    pub line: usize,
    /// What is wrong.
    pub kind: DeckFileErrorKind,
}

impl fmt::Display for DeckFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "deck map line {}: ", self.line)?;
        } else {
            f.write_str("deck map: ")?;
        }
        match &self.kind {
            DeckFileErrorKind::Io(e) => write!(f, "{e}"),
            DeckFileErrorKind::BadDeckLine(s) => {
                write!(
                    f,
                    "`{}`: write `deck 52` or `deck 32`, before the first tag",
                    excerpt(s)
                )
            }
            DeckFileErrorKind::BadUid(s) => write!(
                f,
                "`{}` is not a tag UID: 4, 7 or 10 hex bytes such as 04:A2:3B:1A:5C:80:80",
                excerpt(s)
            ),
            DeckFileErrorKind::BadCard(s) => {
                write!(
                    f,
                    "`{}` is not a card: write it as As, Td or 7c",
                    excerpt(s)
                )
            }
            DeckFileErrorKind::MissingCard => f.write_str("a UID with no card after it"),
            DeckFileErrorKind::LongLine => write!(
                f,
                "a line longer than {MAX_DECK_LINE_BYTES} bytes: not a deck map"
            ),
            DeckFileErrorKind::TrailingText(s) => {
                write!(
                    f,
                    "unexpected `{}` after the card (comments start with #)",
                    excerpt(s)
                )
            }
            DeckFileErrorKind::Deck(e) => write!(f, "{e}"),
        }
    }
}

/// The operating system's error, kept whole.
impl std::error::Error for DeckFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            DeckFileErrorKind::Io(c) => c.error(),
            DeckFileErrorKind::Deck(e) => Some(e),
            _ => None,
        }
    }
}

/// A tag UID written in hex, bytes optionally separated by `:` (`53:00:00:00:00:30:63`).
pub fn parse_uid(s: &str) -> Option<TagUid> {
    let hex: String = s.chars().filter(|c| *c != ':').collect();
    if s.contains(':') && s.split(':').any(|p| p.len() != 2) {
        return None;
    }
    if !hex.len().is_multiple_of(2) || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|i| {
            hex.get(i..i + 2)
                .and_then(|p| u8::from_str_radix(p, 16).ok())
        })
        .collect();
    TagUid::new(&bytes?).ok()
}

/// Parses a deck map file: `#` starts a comment; an optional `deck 52` or `deck 32`
/// line before the first tag (52 if absent); then one `UID CARD` per line.
///
/// ```
/// use hardware::enrolment::parse;
/// let map = parse("deck 52\n04:A2:3B:1A:5C:80:80 As  # the ace\n").unwrap();
/// assert_eq!(map.len(), 1);
/// let e = parse("deck 52\n04:A2:3B:1A Xx\n").unwrap_err();
/// assert_eq!(e.line, 2);
/// ```
pub fn parse(text: &str) -> Result<DeckMap, DeckFileError> {
    let mut map = DeckMap::new(DeckKind::Standard52);
    let mut any_tag = false;
    if let Some(line) = crate::text::long_line(text, MAX_DECK_LINE_BYTES) {
        return Err(DeckFileError {
            line,
            kind: DeckFileErrorKind::LongLine,
        });
    }
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |kind| DeckFileError { line, kind };
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let mut fields = content.split_whitespace();
        let first = fields.next().unwrap_or("");
        if first == "deck" {
            let kind = match (fields.next(), fields.next()) {
                (Some("52"), None) => DeckKind::Standard52,
                (Some("32"), None) => DeckKind::Short32,
                _ => return Err(err(DeckFileErrorKind::BadDeckLine(content.into()))),
            };
            if any_tag {
                return Err(err(DeckFileErrorKind::BadDeckLine(content.into())));
            }
            map = DeckMap::new(kind);
            continue;
        }
        let uid = parse_uid(first).ok_or_else(|| err(DeckFileErrorKind::BadUid(first.into())))?;
        let card_text = fields
            .next()
            .ok_or_else(|| err(DeckFileErrorKind::MissingCard))?;
        let card: Card = card_text
            .parse()
            .map_err(|_| err(DeckFileErrorKind::BadCard(card_text.into())))?;
        if let Some(extra) = fields.next() {
            return Err(err(DeckFileErrorKind::TrailingText(extra.into())));
        }
        map.insert(uid, card)
            .map_err(|e| err(DeckFileErrorKind::Deck(e)))?;
        any_tag = true;
    }
    Ok(map)
}

/// The deck map as the text [`parse`] reads, in card order.
pub fn to_text(map: &DeckMap) -> String {
    let mut entries: Vec<(TagUid, Card)> = map.iter().collect();
    entries.sort_by_key(|(_, c)| c.index());
    let mut s = String::from("# Deck map: the RFID tag in each card (tablectl deck enrol).\n");
    s.push_str(
        "# One tag per line: UID CARD. Edit with care: `tablectl deck check` verifies it.\n",
    );
    s.push_str(match map.kind() {
        DeckKind::Standard52 => "deck 52\n",
        DeckKind::Short32 => "deck 32\n",
    });
    for (uid, card) in entries {
        s.push_str(&format!("{uid} {card}\n"));
    }
    s
}

/// Writes the deck map to `path` (written to a temporary file beside it, then
/// renamed, so a crash never leaves half a map).
pub fn save(map: &DeckMap, path: &Path) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, to_text(map))?;
    std::fs::rename(&tmp, path)
}

/// Reads a deck map file.
pub fn load(path: &Path) -> Result<DeckMap, DeckFileError> {
    let text = crate::text::read_bounded(path, MAX_DECK_FILE_BYTES, "a deck map").map_err(|e| {
        DeckFileError {
            line: 0,
            kind: DeckFileErrorKind::Io(Cause::worded(format!("{}: {e}", path.display()), e)),
        }
    })?;
    parse(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::LinkSettings;
    use crate::sim::{FaultRates, Faulty, Loopback, SimConfig, SimDealer, SimShoe};
    use firmware::shoe::Antenna;
    use std::cell::RefCell;

    fn bench(rates: FaultRates) -> (ShoeLink<Loopback<Faulty<SimShoe>>>, SimDealer) {
        let (shoe, handle) = SimShoe::new(SimConfig::default());
        let link = ShoeLink::start(
            Loopback::new(Faulty::new(shoe, rates, 5)),
            LinkSettings::bench(),
        )
        .unwrap();
        (link, SimDealer::new(handle, DeckKind::Standard52, 9, 5))
    }

    #[test]
    fn a_long_line_or_value_is_refused_and_quoted_short() {
        let e = parse(&format!("deck 52\n04:A2:3B:1A As {}\n", "x".repeat(1000))).unwrap_err();
        assert_eq!((e.line, e.kind), (2, DeckFileErrorKind::LongLine));
        let e = parse(&format!("deck 52\n{} As\n", "Z".repeat(200))).unwrap_err();
        assert!(e.to_string().len() < 150, "{e}");
    }

    #[test]
    fn new_deck_order_is_every_card_once() {
        for kind in [DeckKind::Standard52, DeckKind::Short32] {
            let order = new_deck_order(kind);
            assert_eq!(order.len(), kind.size());
            assert_eq!(check_order(kind, &order), Ok(()));
        }
        assert_eq!(new_deck_order(DeckKind::Standard52)[0].to_string(), "As");
    }

    #[test]
    fn enrol_binds_each_card_and_refuses_a_tag_read_twice() {
        let (mut link, dealer) = bench(FaultRates::percent(5, 5, 5));
        let sim_map = dealer.deck_map();
        let order = new_deck_order(DeckKind::Standard52);
        let dealer = RefCell::new(dealer);
        let events = RefCell::new(Vec::new());
        let map = enrol(
            &mut link,
            DeckKind::Standard52,
            order.clone(),
            Duration::from_secs(5),
            |e| {
                events.borrow_mut().push(*e);
                if let EnrolEvent::Present { index, card, .. } = e {
                    // The operator is slow on card 3: the 2nd card is still there.
                    if *index != 3 {
                        dealer.borrow().present(*card, Antenna::Exit);
                    }
                }
                if let EnrolEvent::AlreadyEnrolled { waiting_for, .. } = e {
                    dealer.borrow().present(*waiting_for, Antenna::Exit);
                }
            },
        )
        .unwrap();
        // The enrolled map binds each tag to the card it carries.
        assert_eq!(map.len(), 52);
        for (uid, card) in map.iter() {
            assert_eq!(sim_map.lookup(&uid), Ok(card));
        }
        let again: Vec<_> = events
            .borrow()
            .iter()
            .filter(|e| matches!(e, EnrolEvent::AlreadyEnrolled { .. }))
            .copied()
            .collect();
        assert_eq!(again.len(), 1, "{again:?}");
        assert!(again[0]
            .to_string()
            .contains(&format!("already the {}", order[1])));
    }

    #[test]
    fn enrol_refuses_a_bad_order_before_reading() {
        let (mut link, _dealer) = bench(FaultRates::NONE);
        let mut order = new_deck_order(DeckKind::Standard52);
        order[5] = order[4];
        let e = enrol(
            &mut link,
            DeckKind::Standard52,
            order,
            Duration::from_secs(1),
            |_| {},
        )
        .unwrap_err();
        assert!(matches!(
            e,
            EnrolError::Order(DeckError::CardAlreadyBound(_))
        ));
        let order = new_deck_order(DeckKind::Standard52).into_iter().skip(1);
        let e = enrol(
            &mut link,
            DeckKind::Standard52,
            order,
            Duration::from_secs(1),
            |_| {},
        )
        .unwrap_err();
        assert!(e.to_string().contains("leaves out 1 cards: As"), "{e}");
        let sent = link.commands_sent();
        // No card: the enrolment gives up on the first card.
        let e = enrol(
            &mut link,
            DeckKind::Short32,
            new_deck_order(DeckKind::Short32),
            Duration::from_millis(300),
            |_| {},
        )
        .unwrap_err();
        assert_eq!(
            e,
            EnrolError::NoNewTag {
                index: 1,
                card: "As".parse().unwrap()
            }
        );
        assert!(link.commands_sent() > sent);
    }

    #[test]
    fn check_finds_missing_duplicate_and_foreign_cards() {
        let (mut link, dealer) = bench(FaultRates::percent(5, 5, 5));
        let map = dealer.deck_map();
        // The deck as passed: the 7h missing, the Kd passed twice, and a card from
        // another deck.
        let mut passed: Vec<TagUid> = dealer
            .order()
            .iter()
            .filter(|c| c.to_string() != "7h")
            .map(|c| DeckMap::simulated_uid(9, *c))
            .collect();
        passed.insert(10, DeckMap::simulated_uid(9, "Kd".parse().unwrap()));
        passed.insert(20, DeckMap::simulated_uid(77, "As".parse().unwrap()));
        let shoe = dealer.shoe().clone();
        let mut next = passed.iter();
        if let Some(uid) = next.next() {
            shoe.present(*uid, Antenna::Exit);
        }
        let mut reads = 0;
        let result = check(
            &mut link,
            &map,
            CheckSettings::with(Duration::from_millis(500), Duration::from_secs(60)),
            |r| {
                reads += 1;
                assert!(r.distinct <= 52);
                match next.next() {
                    Some(uid) => shoe.present(*uid, Antenna::Exit),
                    None => shoe.remove(),
                }
            },
        )
        .unwrap();
        assert_eq!(reads, 53);
        assert_eq!(
            result
                .missing()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>(),
            ["7h"]
        );
        assert_eq!(
            result
                .duplicates()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>(),
            ["Kd"]
        );
        assert_eq!(
            result.foreign(),
            [DeckMap::simulated_uid(77, "As".parse().unwrap())]
        );
        assert!(!result.is_clean());
    }

    #[test]
    fn check_of_a_clean_deck_stops_at_52() {
        let (mut link, mut dealer) = bench(FaultRates::percent(20, 20, 20));
        let map = dealer.deck_map();
        dealer.present_next(Antenna::Exit);
        let dealer = RefCell::new(dealer);
        let result = check(&mut link, &map, CheckSettings::default(), |_| {
            if dealer.borrow_mut().present_next(Antenna::Exit).is_none() {
                dealer.borrow().remove();
            }
        })
        .unwrap();
        assert!(result.is_clean(), "{result:?}");
        assert_eq!(result.reads(), 52);
    }

    #[test]
    fn deck_file_round_trip() {
        let map = DeckMap::simulated(DeckKind::Short32, 4);
        let text = to_text(&map);
        assert!(text.contains("deck 32\n"));
        let back = parse(&text).unwrap();
        assert_eq!(back.kind(), DeckKind::Short32);
        for (uid, card) in map.iter() {
            assert_eq!(back.lookup(&uid), Ok(card));
        }
        let dir = std::env::temp_dir().join(format!("deckmap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(DECK_FILE_NAME);
        save(&map, &path).unwrap();
        assert_eq!(load(&path).unwrap(), back);
        std::fs::remove_dir_all(&dir).unwrap();
        let e = load(Path::new("/nonexistent/deck.map")).unwrap_err();
        assert_eq!(e.line, 0);
        assert!(e.to_string().starts_with("deck map: /nonexistent/deck.map"));
    }

    #[test]
    fn deck_file_errors_name_their_line() {
        let cases: &[(&str, usize, DeckFileErrorKind)] = &[
            (
                "deck 40\n",
                1,
                DeckFileErrorKind::BadDeckLine("deck 40".into()),
            ),
            (
                "\n# x\n04:A2 As\n",
                3,
                DeckFileErrorKind::BadUid("04:A2".into()),
            ),
            (
                "04:A2:3B:1G As\n",
                1,
                DeckFileErrorKind::BadUid("04:A2:3B:1G".into()),
            ),
            ("04:A2:3B:1A\n", 1, DeckFileErrorKind::MissingCard),
            (
                "04:A2:3B:1A Ax\n",
                1,
                DeckFileErrorKind::BadCard("Ax".into()),
            ),
            (
                "04:A2:3B:1A As Kd\n",
                1,
                DeckFileErrorKind::TrailingText("Kd".into()),
            ),
            (
                "04A23B1A As\n04:A2:3B:1A Kd\n",
                2,
                DeckFileErrorKind::Deck(DeckError::DuplicateTag("As".parse().unwrap())),
            ),
            (
                "04:A2:3B:1A As\n04:A2:3B:1B As\n",
                2,
                DeckFileErrorKind::Deck(DeckError::CardAlreadyBound("As".parse().unwrap())),
            ),
            (
                "deck 32\n04:A2:3B:1A 6s\n",
                2,
                DeckFileErrorKind::Deck(DeckError::NotInDeck(
                    "6s".parse().unwrap(),
                    DeckKind::Short32,
                )),
            ),
            (
                "04:A2:3B:1A As\ndeck 52\n",
                2,
                DeckFileErrorKind::BadDeckLine("deck 52".into()),
            ),
        ];
        for (text, line, kind) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, &e.kind), (*line, kind), "{text:?}");
            assert!(e
                .to_string()
                .starts_with(&format!("deck map line {line}: ")));
        }
    }
}
