//! The words the players' listener may carry: the refusals and warnings of the red
//! banner and of the dealer's part of the view. That listener (`/`, `/dealer`,
//! `/state`, `/events`) needs no password, so whatever it serves a player can read
//! (issue 26, attack 5): a refusal that quoted the card read twice ("Ks was already
//! seen this hand") or a burn read again would name a hidden card (PD-RFID,
//! R-BURN-1). The hand log, the dealer's console and the floor view (behind its
//! token) keep the full text ([`super::reasons::refusal`]).
//!
//! A [`ScreenText`] is built only here. A refusal becomes one through
//! [`Withheld::of`], which sorts every refusal of the engine by its kind, with no
//! catch-all arm: a new kind of refusal does not compile until someone says whether
//! it may be said as it is. One that names a card, a tag or a free text is said
//! by its kind only ([`Withheld`]: no card in it, by its type). As a second guard,
//! any text that still renders a card in one of the five languages (its code, its
//! face or its name) is replaced by [`Withheld::Unsaid`]'s wording before it can
//! leave this module.

use super::i18n::{Lang, Warn, Word, ALL};
use crate::session::table::Refusal;
use crate::words::catalog;
use firmware::{Card, Rank, RuleError, SeatNo, Suit};
use serde::Serialize;

/// Text fit for every page of the players' listener: it names no card, no tag and
/// nothing a hidden card follows from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ScreenText(String);

impl ScreenText {
    /// One of the table's fixed words ("Misdeal", "UNDO"): a text written in the
    /// source, which no card read at the table can be part of.
    pub fn word(text: &'static str) -> ScreenText {
        ScreenText(text.to_string())
    }

    /// Why an input was refused, in `lang`: the refusal's own words when they name
    /// no card, else only its kind.
    pub fn refusal(lang: Lang, r: &Refusal) -> ScreenText {
        match Withheld::of(r) {
            None => screened(lang, super::reasons::refusal(lang, r)),
            Some(kind) => ScreenText(kind.text(lang)),
        }
    }

    /// A warning for the banner or the notices: a refused card by its kind only.
    pub fn warning(lang: Lang, w: &Warn) -> ScreenText {
        match w {
            Warn::CardRefused(r) => {
                let why = ScreenText::refusal(lang, r);
                ScreenText(format!("{}: {}", card_refused(lang), why.0))
            }
            other => screened(lang, lang.warning(other)),
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Read as text (it cannot be changed once built).
impl std::ops::Deref for ScreenText {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<&str> for ScreenText {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl std::fmt::Display for ScreenText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// "Card refused", the banner's head for a refused read.
fn card_refused(lang: Lang) -> &'static str {
    catalog::say(lang, "warn-card-refused")
}

/// `text` if it renders no card in any of the five languages, else the wording of
/// [`Withheld::Unsaid`]: the last guard, should a refusal's words ever come to name
/// a card its kind was not sorted for.
fn screened(lang: Lang, text: String) -> ScreenText {
    if names_a_card(&text) {
        log::warn!("display: a refusal naming a card was kept off the players' screen");
        return ScreenText(Withheld::Unsaid.text(lang));
    }
    ScreenText(text)
}

/// Whether `text` names a card as any screen or log of this project writes one: a
/// suit's symbol (a face, `K♠`), or a card's code or full name ([`names`]).
pub fn names_a_card(text: &str) -> bool {
    text.contains(['♠', '♥', '♦', '♣']) || all_cards().any(|c| names(text, c))
}

/// Whether `text` names `card`: by its code (`Ks`, `Td`), its face (`K♠`, `10♦`) or
/// its full name in one of the five languages ("king of spades", "поп пик").
pub fn names(text: &str, card: Card) -> bool {
    let face = super::view::CardView::new(card, Lang::En, false);
    let lower = text.to_lowercase();
    as_word(text, &card.to_string())
        || as_word(text, &format!("{}{}", face.rank, face.symbol))
        || ALL
            .iter()
            .any(|&l| lower.contains(&l.card_name(card).to_lowercase()))
}

/// The 52 cards.
pub fn all_cards() -> impl Iterator<Item = Card> {
    Rank::ALL
        .into_iter()
        .flat_map(|r| Suit::ALL.into_iter().map(move |s| Card::new(r, s)))
}

/// Whether `word` stands in `text` on its own (not inside a longer word).
fn as_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// What a refusal whose own words would name a card, a tag or a hidden hand was
/// about: all the players' listener says of it. Nothing here can hold a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withheld {
    /// A card read a second time this hand: a hole card, the board's or a burn
    /// (PD-RFID).
    ReadTwice,
    /// A card or a tag not of this table's deck (PD-RFID, R-DECK-3): its tag's ID
    /// would name the card it maps to.
    ForeignCard,
    /// A card thrown in the exchange that the hand cannot throw (R-DRAW-5).
    Discard,
    /// The floor named a card that is not this seat's last card (PD-EXPOSED).
    NotLastCard(SeatNo),
    /// The card exposed is this street's burn (PD-EXPOSED).
    ExposedBurn,
    /// The card named is not the one just read, so it cannot be boxed (PD-MISDEAL).
    NotBoxable,
    /// A boxed card stays dead after UNDO (PD-MISDEAL).
    BoxedStands,
    /// A seat may not open (R-DRAW-2): the reason would tell his cards.
    Opening(SeatNo),
    /// The pot could not be paid: the host's message may name the hands.
    Payout,
    /// A text that named a card although its kind did not say so.
    Unsaid,
}

impl Withheld {
    /// The kind `r` is said by on the players' listener, or none if its own words
    /// name nothing hidden. Every refusal of the engine is sorted here by name.
    pub fn of(r: &Refusal) -> Option<Withheld> {
        use RuleError::*;
        let e = match r {
            Refusal::Rule(e) => e,
            Refusal::Tag(..) => return Some(Withheld::ForeignCard),
            Refusal::Payout(_) => return Some(Withheld::Payout),
            // The panel's refusals name keys, seats and amounts; the deck's absence
            // and the floor's PIN name nothing of the cards (the PIN's digits are
            // never in them).
            Refusal::Key(_) | Refusal::NoDeck | Refusal::Pin(_) => return None,
            // An award is checked only when every hand contesting the pot is tabled
            // (R-SHOW-4): its words name face-up hands and seats, nothing hidden.
            Refusal::Award(_) => return None,
            // The tournament's clock is public: it names nothing of the cards.
            Refusal::Clock(_) => return None,
        };
        match *e {
            DuplicateCard(_) => Some(Withheld::ReadTwice),
            NotInDeck(_) => Some(Withheld::ForeignCard),
            BadDiscard(_) => Some(Withheld::Discard),
            NotSeatsLastCard(seat, _) => Some(Withheld::NotLastCard(seat)),
            ExposedIsTheBurn(_) => Some(Withheld::ExposedBurn),
            NotBoxable(_) => Some(Withheld::NotBoxable),
            BoxedStands(_) => Some(Withheld::BoxedStands),
            NoOpeners(seat) => Some(Withheld::Opening(seat)),
            NoSuchSeat(_)
            | SeatTaken(_)
            | SeatEmpty(_)
            | HandInProgress
            | PlayerInHand(_)
            | ZeroAmount
            | ButtonAlreadyPlaced
            | NotEnoughPlayers
            | NoHand
            | StraddleNotAllowed
            | StraddleTooLate
            | StraddleAlreadyPosted
            | StraddleShort(_)
            | BettingNotComplete { .. }
            | NoCardExpected
            | MissingBurn
            | UnexpectedBurn
            | NotDrawing
            | ReplacementsDue(_)
            | DrawCount(_)
            | DiscardsDue { .. }
            | MoreThanAsked { .. }
            | DrawUnderway(_)
            | NotBetting
            | IllegalAction { .. }
            | RaiseNotAllowed(_)
            | BelowMinimum { .. }
            | AboveMaximum { .. }
            | AboveStack { .. }
            | OutOfTurn { .. }
            | NotSettling
            | NoShowdown
            | NoHandToShow(_)
            | AlreadyShown(_)
            | NotYourTurnToMuck { .. }
            | LastHandIn(_)
            | LastHandForPot(_)
            | NotPremature
            | PrematureCardUnnamed
            | NoFloorNumber
            | ExposedAfterDeal
            | ExposedFirstCards
            | SecondExposed
            | NoCardToExpose(_)
            | NotTheOpener(_)
            | CannotRejoin(_)
            | CannotMatch { .. }
            | VoidTooLate
            | NoUnconfirmedStraddle
            | ShowdownOpen(_)
            | NotEligible(_)
            | AwardTooLarge { .. }
            | NothingToUndo
            | MisdealTooLate
            | HandLogFull
            | ChipOverflow
            | TableChipLimit
            | Config(_) => None,
        }
    }

    /// Its wording in `lang`: what happened and what to do, with no card.
    pub fn text(self, lang: Lang) -> String {
        let seat = |s: SeatNo| format!("{} {s}", lang.word(Word::Seat));
        match self {
            Withheld::ReadTwice => catalog::say(lang, "screen-read-twice").to_string(),
            Withheld::ForeignCard => catalog::say(lang, "screen-foreign-card").to_string(),
            Withheld::Discard => catalog::say(lang, "screen-discard").to_string(),
            Withheld::NotLastCard(s) => {
                catalog::say_with(lang, "screen-not-last-card", &[("seat", &seat(s))])
            }
            Withheld::ExposedBurn => catalog::say(lang, "screen-exposed-burn").to_string(),
            Withheld::NotBoxable => catalog::say(lang, "screen-not-boxable").to_string(),
            Withheld::BoxedStands => catalog::say(lang, "screen-boxed-stands").to_string(),
            Withheld::Opening(s) => {
                catalog::say_with(lang, "screen-opening", &[("seat", &seat(s))])
            }
            Withheld::Payout => catalog::say(lang, "screen-payout").to_string(),
            Withheld::Unsaid => catalog::say(lang, "screen-unsaid").to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sn;
    use firmware::deck::DeckError;

    /// Every refusal that holds a card, with `c` as its card.
    fn with_card(c: Card) -> Vec<Refusal> {
        vec![
            Refusal::Rule(RuleError::DuplicateCard(c)),
            Refusal::Rule(RuleError::NotInDeck(c)),
            Refusal::Rule(RuleError::BadDiscard(c)),
            Refusal::Rule(RuleError::NotSeatsLastCard(sn(3), c)),
            Refusal::Rule(RuleError::ExposedIsTheBurn(c)),
            Refusal::Rule(RuleError::NotBoxable(c)),
            Refusal::Rule(RuleError::BoxedStands(c)),
            Refusal::Tag(
                DeckError::NotInDeck(c, firmware::deck::DeckKind::Short32),
                firmware::deck::DeckMap::simulated_uid(0, c).to_string(),
            ),
            Refusal::Tag(DeckError::UnknownTag, "04:A1:B2:C3".into()),
            Refusal::Payout(format!("the pot cannot be paid: seat 2 holds {c}")),
        ]
    }

    /// Issue 26, attack 5 (PD-RFID): no refusal that holds a card says it on the
    /// players' listener, in any language, for any card; the full text (the log's,
    /// the console's) still does.
    #[test]
    fn no_refusal_names_its_card_on_the_players_screen() {
        for c in all_cards() {
            for r in with_card(c) {
                for lang in ALL {
                    let said = ScreenText::refusal(lang, &r);
                    assert!(!names_a_card(said.as_str()), "{lang:?}: {said}");
                    assert!(!said.as_str().contains("04:A1"), "{lang:?}: {said}");
                    let banner = ScreenText::warning(lang, &Warn::CardRefused(r.clone()));
                    assert!(!names_a_card(banner.as_str()), "{lang:?}: {banner}");
                    assert!(banner.as_str().starts_with(card_refused(lang)));
                }
            }
        }
        let ks: Card = "Ks".parse().unwrap();
        let full = Refusal::Rule(RuleError::DuplicateCard(ks)).to_string();
        assert!(full.starts_with("Ks was already seen"), "{full}");
        assert_eq!(
            ScreenText::refusal(Lang::En, &Refusal::Rule(RuleError::DuplicateCard(ks))),
            "This card was already read this hand: re-scan it or call the floor (PD-RFID)"
        );
    }

    /// A refusal that names nothing hidden keeps its words, in every language.
    #[test]
    fn other_refusals_keep_their_words() {
        let r = Refusal::Rule(RuleError::OutOfTurn { expected: sn(5) });
        for lang in ALL {
            assert_eq!(
                ScreenText::refusal(lang, &r).as_str(),
                super::super::reasons::refusal(lang, &r)
            );
        }
        let opening = ScreenText::refusal(Lang::En, &Refusal::Rule(RuleError::NoOpeners(sn(4))));
        assert_eq!(
            opening,
            "Seat 4: opening not taken, the floor decides (R-DRAW-2)"
        );
    }

    /// The last guard: text that renders a card, however it came, is not said.
    #[test]
    fn a_text_naming_a_card_is_replaced() {
        for text in [
            "Ks was already seen",
            "the K♠ again",
            "the king of spades again",
            "опять туз пик",
            "znowu as pik",
        ] {
            assert!(names_a_card(text), "{text}");
            assert_eq!(
                screened(Lang::En, text.to_string()).as_str(),
                Withheld::Unsaid.text(Lang::En)
            );
        }
        for text in [
            "Seat 3: raise 290",
            "SHOE LINK LOST: check the shoe",
            "Asks 2",
        ] {
            assert!(!names_a_card(text), "{text}");
        }
    }
}
