//! Why an input was refused, in the dealer's language: translated from the
//! refusal's kind ([`Refusal`]: the engine's [`RuleError`], the panel's
//! [`ConsoleError`], the deck's [`DeckError`]), never from its English text; the
//! words are the `reason-*` messages of the language's file (`host/i18n/`). English
//! is the error's own `Display`, the wording of the console and the hand log: en.ftl
//! carries it for the translators, kept equal to it by a test, so there is one
//! English wording of each refusal.
//!
//! The panel's keys keep the names printed on them (NEXT HAND, BET/RAISE, UNDO);
//! a seat key is named with the language's word for seat. Cards are named by their
//! faces (K♦).

use super::card::CardView;
use super::catalog::{say, say_with};
use super::i18n::{Lang, Word};
use crate::session::staff::PinRefused;
use crate::session::table::Refusal;
use crate::session::tournament_table::Hold;
use firmware::buttons::{AmountError, ButtonError, Key};
use firmware::console::ConsoleError;
use firmware::deck::DeckError;
use firmware::error::ActionKind;
use firmware::{Card, RuleError};

/// The refusal in `lang`. English is the error's own text; the other languages say
/// it from the language's file.
pub fn refusal(lang: Lang, r: &Refusal) -> String {
    if lang == Lang::En {
        return r.to_string();
    }
    from_file(lang, r)
}

/// The refusal as `lang`'s file says it, from its kind and figures.
fn from_file(lang: Lang, r: &Refusal) -> String {
    match r {
        Refusal::Rule(e) => rule(lang, e),
        Refusal::Key(e) => console(lang, e),
        Refusal::Tag(e, _) => deck(lang, e),
        Refusal::NoDeck => say(lang, "reason-no-deck").to_string(),
        Refusal::Pin(e) => pin(lang, e),
        Refusal::Award(e) => {
            let s = e.seat;
            say_with(lang, "reason-award", &[("seat", &s.to_string())])
        }
        Refusal::Payout(_) => say(lang, "reason-payout").to_string(),
        Refusal::Clock(h) => say(
            lang,
            match h {
                Hold::NoTournament => "reason-clock-no-tournament",
                Hold::NotStarted => "reason-clock-not-started",
                Hold::Break => "reason-clock-break",
                Hold::Paused => "reason-clock-paused",
                Hold::HandForHand => "reason-clock-hand-for-hand",
                Hold::Closed => "reason-clock-closed",
            },
        )
        .to_string(),
    }
}

/// A card by its face: "K♦"; in English by its code ("Kd"), as the engine's text
/// that en.ftl is checked against names it.
fn card_text(lang: Lang, card: Card) -> String {
    if lang == Lang::En {
        return card.to_string();
    }
    let v = CardView::new(card, Lang::En, false);
    format!("{}{}", v.rank, v.symbol)
}

/// An amount as `lang` writes numbers; in English as the engine's text writes it.
fn chips_text(lang: Lang, c: &firmware::Chips) -> String {
    if lang == Lang::En {
        return c.to_string();
    }
    lang.number(c.get())
}

/// A key as the panel prints it; a seat key with the language's word for seat.
pub(crate) fn key(lang: Lang, k: Key) -> String {
    match k {
        Key::Seat(n) => format!("{} {n}", lang.word(Word::Seat).to_uppercase()),
        k => k.to_string(),
    }
}

fn rule(lang: Lang, e: &RuleError) -> String {
    use RuleError::*;
    let s = |x: &firmware::SeatNo| x.to_string();
    match e {
        NoSuchSeat(x) => say_with(lang, "reason-no-such-seat", &[("seat", &s(x))]),
        SeatTaken(x) => say_with(lang, "reason-seat-taken", &[("seat", &s(x))]),
        SeatEmpty(x) => say_with(lang, "reason-seat-empty", &[("seat", &s(x))]),
        HandInProgress => say(lang, "reason-hand-in-progress").to_string(),
        PlayerInHand(x) => say_with(lang, "reason-player-in-hand", &[("seat", &s(x))]),
        ZeroAmount => say(lang, "reason-zero-amount").to_string(),
        ButtonAlreadyPlaced => say(lang, "reason-button-already-placed").to_string(),
        NotEnoughPlayers => say(lang, "reason-not-enough-players").to_string(),
        NoHand => say(lang, "reason-no-hand").to_string(),
        StraddleNotAllowed => say(lang, "reason-straddle-not-allowed").to_string(),
        StraddleTooLate => say(lang, "reason-straddle-too-late").to_string(),
        StraddleAlreadyPosted => say(lang, "reason-straddle-already-posted").to_string(),
        StraddleShort(x) => say_with(lang, "reason-straddle-short", &[("seat", &s(x))]),
        BettingNotComplete { to_act } => {
            say_with(lang, "reason-betting-not-complete", &[("seat", &s(to_act))])
        }
        NoCardExpected => say(lang, "reason-no-card-expected").to_string(),
        DuplicateCard(c) => say_with(
            lang,
            "reason-duplicate-card",
            &[("card", &card_text(lang, *c))],
        ),
        NotInDeck(c) => say_with(
            lang,
            "reason-not-in-deck",
            &[("card", &card_text(lang, *c))],
        ),
        MissingBurn => say(lang, "reason-missing-burn").to_string(),
        UnexpectedBurn => say(lang, "reason-unexpected-burn").to_string(),
        NotDrawing => say(lang, "reason-not-drawing").to_string(),
        BadDiscard(c) => say_with(
            lang,
            "reason-bad-discard",
            &[("card", &card_text(lang, *c))],
        ),
        NoOpeners(x) => say_with(lang, "reason-no-openers", &[("seat", &s(x))]),
        ReplacementsDue(x) => say_with(lang, "reason-replacements-due", &[("seat", &s(x))]),
        DrawCount(n) => {
            let k = key(lang, Key::CheckCall);
            say_with(
                lang,
                "reason-draw-count",
                &[("count", &n.to_string()), ("key", &k)],
            )
        }
        DiscardsDue {
            seat,
            asked,
            thrown,
        } => say_with(
            lang,
            "reason-discards-due",
            &[
                ("seat", &s(seat)),
                ("asked", &asked.to_string()),
                ("thrown", &thrown.to_string()),
            ],
        ),
        MoreThanAsked { seat, asked } => say_with(
            lang,
            "reason-more-than-asked",
            &[("seat", &s(seat)), ("asked", &asked.to_string())],
        ),
        DrawUnderway(x) => say_with(lang, "reason-draw-underway", &[("seat", &s(x))]),
        NotBetting => say(lang, "reason-not-betting").to_string(),
        IllegalAction { seat, action } => {
            let id = match action {
                ActionKind::Check => "reason-illegal-action-check",
                ActionKind::Call => "reason-illegal-action-call",
                ActionKind::Fold => "reason-illegal-action-fold",
                ActionKind::BetOrRaise => "reason-illegal-action-bet-or-raise",
                ActionKind::AllIn => "reason-illegal-action-all-in",
            };
            say_with(lang, id, &[("seat", &s(seat))])
        }
        RaiseNotAllowed(x) => say_with(lang, "reason-raise-not-allowed", &[("seat", &s(x))]),
        BelowMinimum { min } => say_with(
            lang,
            "reason-below-minimum",
            &[("min", &chips_text(lang, min))],
        ),
        AboveMaximum { max } => say_with(
            lang,
            "reason-above-maximum",
            &[("max", &chips_text(lang, max))],
        ),
        AboveStack { all_in_to } => say_with(
            lang,
            "reason-above-stack",
            &[("all_in_to", &chips_text(lang, all_in_to))],
        ),
        OutOfTurn { expected } => say_with(lang, "reason-out-of-turn", &[("seat", &s(expected))]),
        NotSettling => say(lang, "reason-not-settling").to_string(),
        NoShowdown => say(lang, "reason-no-showdown").to_string(),
        NoHandToShow(x) => say_with(lang, "reason-no-hand-to-show", &[("seat", &s(x))]),
        AlreadyShown(x) => say_with(lang, "reason-already-shown", &[("seat", &s(x))]),
        NotYourTurnToMuck { seat, next } => say_with(
            lang,
            "reason-not-your-turn-to-muck",
            &[("seat", &s(seat)), ("next", &s(next))],
        ),
        LastHandIn(x) => say_with(lang, "reason-last-hand-in", &[("seat", &s(x))]),
        LastHandForPot(x) => say_with(lang, "reason-last-hand-for-pot", &[("seat", &s(x))]),
        NotPremature => say(lang, "reason-not-premature").to_string(),
        PrematureCardUnnamed => say(lang, "reason-premature-card-unnamed").to_string(),
        NoFloorNumber => say(lang, "reason-no-floor-number").to_string(),
        VoidTooLate => say(lang, "reason-void-too-late").to_string(),
        NoUnconfirmedStraddle => say(lang, "reason-no-unconfirmed-straddle").to_string(),
        ShowdownOpen(x) => say_with(lang, "reason-showdown-open", &[("seat", &s(x))]),
        NotEligible(x) => say_with(lang, "reason-not-eligible", &[("seat", &s(x))]),
        AwardTooLarge { left } => say_with(
            lang,
            "reason-award-too-large",
            &[("left", &chips_text(lang, left))],
        ),
        NothingToUndo => say(lang, "reason-nothing-to-undo").to_string(),
        MisdealTooLate => say(lang, "reason-misdeal-too-late").to_string(),
        HandLogFull => say(lang, "reason-hand-log-full").to_string(),
        ChipOverflow | TableChipLimit => say(lang, "reason-chip-overflow").to_string(),
        ExposedAfterDeal => say(lang, "reason-exposed-after-deal").to_string(),
        ExposedFirstCards | SecondExposed => say(lang, "reason-exposed-first-cards").to_string(),
        NoCardToExpose(x) => say_with(lang, "reason-no-card-to-expose", &[("seat", &s(x))]),
        NotSeatsLastCard(x, c) => say_with(
            lang,
            "reason-not-seats-last-card",
            &[("card", &card_text(lang, *c)), ("seat", &s(x))],
        ),
        ExposedIsTheBurn(c) => say_with(
            lang,
            "reason-exposed-is-the-burn",
            &[("card", &card_text(lang, *c))],
        ),
        NotBoxable(c) => say_with(
            lang,
            "reason-not-boxable",
            &[("card", &card_text(lang, *c))],
        ),
        BoxedStands(c) => say_with(
            lang,
            "reason-boxed-stands",
            &[("card", &card_text(lang, *c))],
        ),
        NotTheOpener(x) => say_with(lang, "reason-not-the-opener", &[("seat", &s(x))]),
        CannotRejoin(x) => say_with(lang, "reason-cannot-rejoin", &[("seat", &s(x))]),
        CannotMatch { seat, amount } => say_with(
            lang,
            "reason-cannot-match",
            &[("seat", &s(seat)), ("amount", &chips_text(lang, amount))],
        ),
        Config(_) => say(lang, "reason-config").to_string(),
    }
}

fn console(lang: Lang, e: &ConsoleError) -> String {
    match *e {
        ConsoleError::Press(b) => button(lang, &b),
        ConsoleError::Amount(a) => amount(lang, &a),
        ConsoleError::NobodyToAct(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-key-nobody-to-act", &[("key", &k)])
        }
        ConsoleError::NoAmount => say(lang, "reason-key-no-amount").to_string(),
        ConsoleError::SeatKeyInHand(x) => say_with(
            lang,
            "reason-key-seat-key-in-hand",
            &[("seat", &x.to_string())],
        ),
        ConsoleError::NoBuyIn(x) => {
            say_with(lang, "reason-key-no-buy-in", &[("seat", &x.to_string())])
        }
        ConsoleError::EmptySeat(x) => {
            say_with(lang, "reason-key-empty-seat", &[("seat", &x.to_string())])
        }
        ConsoleError::HandInProgress => say(lang, "reason-key-hand-in-progress").to_string(),
        ConsoleError::NoHand(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-key-no-hand", &[("key", &k)])
        }
        ConsoleError::NotNow(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-key-not-now", &[("key", &k)])
        }
        ConsoleError::AmountKeyed(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-key-amount-keyed", &[("key", &k)])
        }
        ConsoleError::FloorCode => say(lang, "reason-key-floor-code").to_string(),
        ConsoleError::FloorKey(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-key-floor-key", &[("key", &k)])
        }
        ConsoleError::NothingToBox => say(lang, "reason-key-nothing-to-box").to_string(),
        ConsoleError::CardCode => say(lang, "reason-key-card-code").to_string(),
        ConsoleError::ShowdownOpen(k, x) => {
            let k = key(lang, k);
            say_with(
                lang,
                "reason-key-showdown-open",
                &[("key", &k), ("seat", &x.to_string())],
            )
        }
    }
}

fn pin(lang: Lang, e: &PinRefused) -> String {
    match *e {
        PinRefused::NoStaff => say(lang, "reason-pin-no-staff").to_string(),
        PinRefused::NotRecognised { floor, tries_left } => say_with(
            lang,
            "reason-pin-not-recognised",
            &[
                ("floor", &floor.to_string()),
                ("tries_left", &tries_left.to_string()),
            ],
        ),
        PinRefused::Locked { seconds } => say_with(
            lang,
            "reason-pin-locked",
            &[("seconds", &seconds.to_string())],
        ),
        PinRefused::LockNotSaved => say(lang, "reason-pin-lock-not-saved").to_string(),
    }
}

fn button(lang: Lang, e: &ButtonError) -> String {
    match *e {
        ButtonError::HoldToConfirm(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-press-hold-to-confirm", &[("key", &k)])
        }
        ButtonError::RepeatedPress(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-press-repeated-press", &[("key", &k)])
        }
        ButtonError::PinRead(_)
        | ButtonError::LedWrite(_)
        | ButtonError::NoSuchSeatLed { .. }
        | ButtonError::DuplicateKey(_) => say(lang, "reason-press-panel-fault").to_string(),
    }
}

fn amount(lang: Lang, e: &AmountError) -> String {
    match *e {
        AmountError::NoDigits => say(lang, "reason-amount-no-digits").to_string(),
        AmountError::TooManyDigits(max) => say_with(
            lang,
            "reason-amount-too-many-digits",
            &[("max", &max.to_string())],
        ),
        AmountError::Overflow => say(lang, "reason-amount-overflow").to_string(),
        AmountError::NotADigit(_) | AmountError::BadSeparator => {
            say(lang, "reason-amount-not-a-digit").to_string()
        }
        AmountError::NotAmountKey(k) => {
            let k = key(lang, k);
            say_with(lang, "reason-amount-not-amount-key", &[("key", &k)])
        }
    }
}

fn deck(lang: Lang, e: &DeckError) -> String {
    match *e {
        DeckError::NotInDeck(c, _) => say_with(
            lang,
            "reason-tag-not-in-deck",
            &[("card", &card_text(lang, c))],
        ),
        DeckError::BadUidLength(_)
        | DeckError::DuplicateTag(_)
        | DeckError::CardAlreadyBound(_)
        | DeckError::DeckFull
        | DeckError::UnknownTag => say(lang, "reason-tag-unknown").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::i18n::ALL;
    use crate::{ch, sn};

    /// One refusal of each family: the engine's, the panel's, the deck's.
    fn samples() -> Vec<Refusal> {
        let kd: Card = "Kd".parse().unwrap();
        vec![
            Refusal::Rule(RuleError::OutOfTurn { expected: sn(5) }),
            Refusal::Rule(RuleError::BelowMinimum { min: ch(4246) }),
            Refusal::Rule(RuleError::DuplicateCard(kd)),
            Refusal::Rule(RuleError::MisdealTooLate),
            Refusal::Rule(RuleError::DrawCount(5)),
            Refusal::Rule(RuleError::DiscardsDue {
                seat: sn(3),
                asked: 2,
                thrown: 1,
            }),
            Refusal::Rule(RuleError::MoreThanAsked {
                seat: sn(3),
                asked: 2,
            }),
            Refusal::Rule(RuleError::DrawUnderway(sn(3))),
            Refusal::Rule(RuleError::IllegalAction {
                seat: sn(2),
                action: ActionKind::Check,
            }),
            Refusal::Key(ConsoleError::NoHand(Key::Fold)),
            Refusal::Key(ConsoleError::ShowdownOpen(Key::Enter, sn(6))),
            Refusal::Key(ConsoleError::Amount(AmountError::Overflow)),
            Refusal::Key(ConsoleError::Press(ButtonError::HoldToConfirm(
                Key::Misdeal,
            ))),
            Refusal::Tag(DeckError::UnknownTag, "04a1b2c3".into()),
            Refusal::NoDeck,
            Refusal::Payout("the pot cannot be paid: no pots".into()),
            Refusal::Clock(Hold::NoTournament),
            Refusal::Clock(Hold::NotStarted),
            Refusal::Clock(Hold::Break),
            Refusal::Clock(Hold::Paused),
            Refusal::Clock(Hold::HandForHand),
            Refusal::Clock(Hold::Closed),
        ]
    }

    /// Refusals whose English the file says as the engine does (the samples, and one
    /// of each kind more), with the figures of each.
    fn english_samples() -> Vec<Refusal> {
        use RuleError::*;
        let (kd, x) = ("Kd".parse::<Card>().unwrap(), sn(4));
        let rules = [
            NoSuchSeat(x),
            SeatTaken(x),
            SeatEmpty(x),
            HandInProgress,
            PlayerInHand(x),
            ZeroAmount,
            NoHand,
            StraddleShort(x),
            BettingNotComplete { to_act: x },
            NotInDeck(kd),
            BadDiscard(kd),
            NoOpeners(x),
            ReplacementsDue(x),
            RaiseNotAllowed(x),
            AboveMaximum { max: ch(12000) },
            AboveStack { all_in_to: ch(800) },
            NotYourTurnToMuck {
                seat: x,
                next: sn(7),
            },
            LastHandForPot(x),
            AwardTooLarge { left: ch(1500) },
            NotSeatsLastCard(x, kd),
            ExposedIsTheBurn(kd),
            BoxedStands(kd),
            CannotMatch {
                seat: x,
                amount: ch(300),
            },
            ChipOverflow,
            ExposedFirstCards,
        ];
        let actions = [
            ActionKind::Check,
            ActionKind::Call,
            ActionKind::Fold,
            ActionKind::BetOrRaise,
            ActionKind::AllIn,
        ]
        .map(|action| IllegalAction { seat: x, action });
        let keys = [
            ConsoleError::NobodyToAct(Key::Fold),
            ConsoleError::NoAmount,
            ConsoleError::SeatKeyInHand(x),
            ConsoleError::NoBuyIn(x),
            ConsoleError::EmptySeat(x),
            ConsoleError::HandInProgress,
            ConsoleError::NotNow(Key::Undo),
            ConsoleError::AmountKeyed(Key::Fold),
            ConsoleError::FloorCode,
            ConsoleError::FloorKey(Key::Clear),
            ConsoleError::NothingToBox,
            ConsoleError::CardCode,
            ConsoleError::Press(ButtonError::RepeatedPress(Key::Enter)),
            ConsoleError::Amount(AmountError::NoDigits),
            ConsoleError::Amount(AmountError::TooManyDigits(9)),
            ConsoleError::Amount(AmountError::NotAmountKey(Key::Fold)),
        ];
        let pins = [
            PinRefused::NoStaff,
            PinRefused::NotRecognised {
                floor: 12,
                tries_left: 2,
            },
            PinRefused::Locked { seconds: 240 },
            PinRefused::LockNotSaved,
        ];
        samples()
            .into_iter()
            .filter(|r| !matches!(r, Refusal::Tag(..) | Refusal::Payout(_)))
            .chain(rules.into_iter().chain(actions).map(Refusal::Rule))
            .chain(keys.map(Refusal::Key))
            .chain(pins.map(Refusal::Pin))
            .collect()
    }

    /// One English wording of each refusal: en.ftl, the translators' source, says
    /// what the engine's own text says (the screen's English is that text). A tag's
    /// refusal, a payout's and the few marked "fuller" in en.ftl carry details there
    /// (the tag's bytes, a free text) the other languages leave out.
    #[test]
    fn english_file_says_each_refusal_as_the_engine_does() {
        for r in english_samples() {
            assert_eq!(from_file(Lang::En, &r), r.to_string());
        }
    }

    #[test]
    fn english_is_the_errors_own_text() {
        for r in samples() {
            assert_eq!(refusal(Lang::En, &r), r.to_string());
        }
    }

    /// Said in each language from the kind, with its figures written the
    /// language's way; no English text passes through.
    #[test]
    fn every_language_says_why_in_its_own_words() {
        let out_of_turn = Refusal::Rule(RuleError::OutOfTurn { expected: sn(5) });
        assert_eq!(refusal(Lang::Ru, &out_of_turn), "Ход места 5");
        assert_eq!(refusal(Lang::Pl, &out_of_turn), "Kolej miejsca 5");
        let min = Refusal::Rule(RuleError::BelowMinimum { min: ch(4246) });
        assert_eq!(
            refusal(Lang::Mk, &min),
            "Минимумот е 4.246: внесете барем 4.246"
        );
        for l in ALL.into_iter().filter(|&l| l != Lang::En) {
            for r in samples() {
                let text = refusal(l, &r);
                let english = r.to_string();
                assert!(!text.is_empty() && text != english, "{l:?}: {english}");
                // Only the panel's printed key names and card faces may be Latin.
                let latin: Vec<&str> = text
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() > 1 && w.chars().any(|c| c.is_ascii_lowercase()))
                    .collect();
                let polish_ok = l == Lang::Pl;
                assert!(polish_ok || latin.is_empty(), "{l:?}: {text}");
            }
        }
        let seat_key = Refusal::Key(ConsoleError::NotNow(Key::Seat(sn(3))));
        assert!(refusal(Lang::Bg, &seat_key).starts_with("МЯСТО 3"));
    }
}
