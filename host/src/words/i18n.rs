//! The table's words in the table's language: English, Macedonian, Polish,
//! Bulgarian and Russian, the languages our rule sources come from (the list itself:
//! [`crate::web::lang`]).
//!
//! Card faces stay as the cards print them (A K Q J 10 and the suit symbols, the same
//! in every casino of these countries); card *names* (read aloud by a screen reader
//! and shown on hover), hand names (the display's `hands`), streets, labels and
//! warnings are translated.

use super::catalog;
pub use crate::web::lang::{Lang, ALL};
use firmware::{Card, Game, Rank, Street, Structure, Suit, Warning as EngineWarning};

impl Lang {
    /// A label of the page, from the language's file (resolved once).
    pub fn word(self, w: Word) -> &'static str {
        catalog::word(self, w)
    }

    /// A whole number of chips as this language writes it: the server formats every
    /// figure (the kiosk's browser may have no locale data, or the wrong one).
    /// English groups thousands with commas, Macedonian with dots (its decimal mark is
    /// the comma), Russian with spaces from four digits, Polish and Bulgarian with
    /// spaces from five (their usage: 4246 but 12 345). The spaces do not break.
    pub fn number(self, n: u64) -> String {
        let digits = n.to_string();
        let (sep, from) = match self {
            Lang::En => (",", 4),
            Lang::Mk => (".", 4),
            Lang::Ru => ("\u{a0}", 4),
            Lang::Pl | Lang::Bg => ("\u{a0}", 5),
        };
        if digits.len() < from {
            return digits;
        }
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 2);
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(ch);
        }
        out
    }

    /// A moment as this language writes a date and time, in UTC as the controller
    /// keeps it: "2026-11-25 18:40:12 UTC" in English, "25.11.2026 18:40:12 UTC" in
    /// the others.
    pub fn time(self, at: crate::records::time::WallTime) -> String {
        let ms = at.unix_millis();
        let (y, m, d) = crate::records::handlog::civil_date(ms / 86_400_000);
        let secs = ms / 1000 % 86_400;
        let (h, min, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        match self {
            Lang::En => format!("{y:04}-{m:02}-{d:02} {h:02}:{min:02}:{s:02} UTC"),
            _ => format!("{d:02}.{m:02}.{y:04} {h:02}:{min:02}:{s:02} UTC"),
        }
    }

    /// A share (0..=1) as a percentage with one decimal, the decimal mark as this
    /// language writes it: "81.1%" in English, "81,1%" in the others.
    pub fn percent(self, share: f64) -> String {
        let text = format!("{:.1}%", share * 100.0);
        match self {
            Lang::En => text,
            _ => text.replace('.', ","),
        }
    }

    /// The game's name with its betting structure ("Pot-limit Omaha").
    pub fn game(self, game: Game, structure: Structure) -> String {
        catalog::say_with(
            self,
            "game-with-structure",
            &[
                ("structure", catalog::say(self, structure_id(structure))),
                ("game", catalog::say(self, game_id(game))),
            ],
        )
    }

    /// The street's name.
    pub fn street(self, street: Street) -> &'static str {
        catalog::say(self, street_id(street))
    }

    /// A card's full name ("ace of spades", "туз пик"), resolved once from the
    /// language's file (the page names every card it draws).
    pub fn card_name(self, card: Card) -> String {
        catalog::card_name(self, card).to_string()
    }

    /// A warning for the banner, with its figures.
    pub fn warning(self, w: &Warn) -> String {
        match *w {
            Warn::Engine(ref w) => self.engine_warning(w),
            Warn::CardRefused(ref why) => format!(
                "{}: {}",
                catalog::say(self, "warn-card-refused"),
                super::reasons::refusal(self, why)
            ),
            Warn::ShoeFault => catalog::say(self, "warn-shoe-fault").to_string(),
            Warn::ShoeLost => catalog::say(self, "warn-shoe-lost").to_string(),
        }
    }

    /// An engine warning. In English it is the engine's own text (the `Display` of
    /// [`EngineWarning`]): one wording of each warning for the dealer's console, the hand
    /// log, the PHH export and this screen; en.ftl carries that text for the
    /// translators, kept equal to it by a test. The other languages translate it.
    fn engine_warning(self, w: &EngineWarning) -> String {
        if self == Lang::En {
            return w.to_string();
        }
        engine_warning_from_file(self, w)
    }
}

/// An engine warning as the language's file says it, its figures as the engine
/// writes them.
fn engine_warning_from_file(lang: Lang, w: &EngineWarning) -> String {
    let id = engine_warning_id(w);
    match *w {
        EngineWarning::OverPot { seat, asked, max } => catalog::say_with(
            lang,
            id,
            &[
                ("seat", &seat.to_string()),
                ("asked", &asked.to_string()),
                ("max", &max.to_string()),
                ("returned", &asked.saturating_sub(max).to_string()),
            ],
        ),
        EngineWarning::UnderMinimum { seat, asked, to }
        | EngineWarning::FixedSize { seat, asked, to } => catalog::say_with(
            lang,
            id,
            &[
                ("seat", &seat.to_string()),
                ("asked", &asked.to_string()),
                ("to", &to.to_string()),
            ],
        ),
        EngineWarning::StraddleUnconfirmed { seat }
        | EngineWarning::FoldedWithCheck { seat }
        | EngineWarning::OpenersUnchecked { seat } => {
            catalog::say_with(lang, id, &[("seat", &seat.to_string())])
        }
    }
}

/// The message of an engine warning.
fn engine_warning_id(w: &EngineWarning) -> &'static str {
    match w {
        EngineWarning::OverPot { .. } => "warning-over-pot",
        EngineWarning::UnderMinimum { .. } => "warning-under-minimum",
        EngineWarning::FixedSize { .. } => "warning-fixed-size",
        EngineWarning::StraddleUnconfirmed { .. } => "warning-straddle-unconfirmed",
        EngineWarning::FoldedWithCheck { .. } => "warning-folded-with-check",
        EngineWarning::OpenersUnchecked { .. } => "warning-openers-unchecked",
    }
}

/// The message of a betting structure's name.
fn structure_id(s: Structure) -> &'static str {
    match s {
        Structure::NoLimit => "structure-no-limit",
        Structure::PotLimit => "structure-pot-limit",
        Structure::FixedLimit => "structure-fixed-limit",
    }
}

/// The message of a game's name.
fn game_id(g: Game) -> &'static str {
    match g {
        Game::Holdem => "game-holdem",
        Game::Omaha => "game-omaha",
        Game::OmahaHiLo => "game-omaha-hi-lo",
        Game::FiveCardDraw => "game-five-card-draw",
    }
}

/// The message of a street's name.
fn street_id(s: Street) -> &'static str {
    match s {
        Street::Preflop => "street-preflop",
        Street::Flop => "street-flop",
        Street::Turn => "street-turn",
        Street::River => "street-river",
        Street::Draw => "street-draw",
    }
}

/// The message of a rank's name.
pub(super) fn rank_id(r: Rank) -> &'static str {
    match r {
        Rank::Two => "rank-two",
        Rank::Three => "rank-three",
        Rank::Four => "rank-four",
        Rank::Five => "rank-five",
        Rank::Six => "rank-six",
        Rank::Seven => "rank-seven",
        Rank::Eight => "rank-eight",
        Rank::Nine => "rank-nine",
        Rank::Ten => "rank-ten",
        Rank::Jack => "rank-jack",
        Rank::Queen => "rank-queen",
        Rank::King => "rank-king",
        Rank::Ace => "rank-ace",
    }
}

/// The message of a suit's name.
pub(super) fn suit_id(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "suit-spades",
        Suit::Hearts => "suit-hearts",
        Suit::Diamonds => "suit-diamonds",
        Suit::Clubs => "suit-clubs",
    }
}

/// The page's labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each names its English text
pub enum Word {
    Seat,
    Hand,
    ToAct,
    ToCall,
    Check,
    MinBet,
    MinRaiseTo,
    PotLimitMax,
    FixedTo,
    NoRaise,
    MainPot,
    SidePot,
    Seats,
    Wins,
    Burned,
    Folded,
    AllIn,
    Win,
    Tie,
    MissedSb,
    MissedBb,
    ButtonMark,
    SmallBlindMark,
    BigBlindMark,
    StraddleMark,
    NewPlayer,
    SittingOut,
    Dealing,
    Showdown,
    BetweenHands,
    Stack,
    Bet,
    Low,
    Board,
    Rake,
    TotalPot,
    Call,
    Raise,
    Post,
    Early,
    Middle,
    Late,
    Stale,
    Lost,
    Undone,
    Misdeal,
    Draws,
    StandsPat,
    ToDraw,
    BeforeDraw,
    AfterDraw,
    Redeal,
    NextHand,
    DealTo,
    BurnCard,
    DealBoard,
    PayPots,
    Keyed,
    FloorMode,
    Refused,
    LastInputs,
    UndoHint,
    Shoe,
    Working,
    ReadAgain,
    Silent,
    ShowOrMuck,
    Panel,
    LastKey,
    NoKeyYet,
    KeyStuck,
    ReleaseKey,
    FloorStore,
    Connected,
    NotConnected,
    DealsOn,
    AllSent,
    NotYetSent,
    StoreRefused,
    StoreUnreachable,
    LoginRefused,
    IdNotGiven,
    CertificateRefused,
    StoreVersion,
    MainShort,
    SideShort,
    HighHalf,
    LowHalf,
    BothHalves,
    Blinds,
    Ante,
    BigBlindAnte,
    Bets,
    LastHands,
    FloorView,
    Table,
    RecentHands,
    FloorNote,
    SignedHead,
    Started,
    Pot,
    State,
    Flags,
    Paid,
    InProgress,
    AllHands,
    Corrections,
    Misdeals,
    OverPot,
    BadTags,
    Refusals,
    NoSuchHand,
    OlderHand,
    NotANumber,
}

/// Every word of the page, for the tests that each is translated and used.
pub const WORDS: [Word; 114] = [
    Word::Seat,
    Word::Hand,
    Word::ToAct,
    Word::ToCall,
    Word::Check,
    Word::MinBet,
    Word::MinRaiseTo,
    Word::PotLimitMax,
    Word::FixedTo,
    Word::NoRaise,
    Word::MainPot,
    Word::SidePot,
    Word::Seats,
    Word::Wins,
    Word::Burned,
    Word::Folded,
    Word::AllIn,
    Word::Win,
    Word::Tie,
    Word::MissedSb,
    Word::MissedBb,
    Word::ButtonMark,
    Word::SmallBlindMark,
    Word::BigBlindMark,
    Word::StraddleMark,
    Word::NewPlayer,
    Word::SittingOut,
    Word::Dealing,
    Word::Showdown,
    Word::BetweenHands,
    Word::Stack,
    Word::Bet,
    Word::Low,
    Word::Board,
    Word::Rake,
    Word::TotalPot,
    Word::Call,
    Word::Raise,
    Word::Post,
    Word::Early,
    Word::Middle,
    Word::Late,
    Word::Stale,
    Word::Lost,
    Word::Undone,
    Word::Misdeal,
    Word::Draws,
    Word::StandsPat,
    Word::ToDraw,
    Word::BeforeDraw,
    Word::AfterDraw,
    Word::Redeal,
    Word::NextHand,
    Word::DealTo,
    Word::BurnCard,
    Word::DealBoard,
    Word::PayPots,
    Word::Keyed,
    Word::FloorMode,
    Word::Refused,
    Word::LastInputs,
    Word::UndoHint,
    Word::Shoe,
    Word::Working,
    Word::ReadAgain,
    Word::Silent,
    Word::ShowOrMuck,
    Word::Panel,
    Word::LastKey,
    Word::NoKeyYet,
    Word::KeyStuck,
    Word::ReleaseKey,
    Word::FloorStore,
    Word::Connected,
    Word::NotConnected,
    Word::DealsOn,
    Word::AllSent,
    Word::NotYetSent,
    Word::StoreRefused,
    Word::StoreUnreachable,
    Word::LoginRefused,
    Word::IdNotGiven,
    Word::CertificateRefused,
    Word::StoreVersion,
    Word::MainShort,
    Word::SideShort,
    Word::HighHalf,
    Word::LowHalf,
    Word::BothHalves,
    Word::Blinds,
    Word::Ante,
    Word::BigBlindAnte,
    Word::Bets,
    Word::LastHands,
    Word::FloorView,
    Word::Table,
    Word::RecentHands,
    Word::FloorNote,
    Word::SignedHead,
    Word::Started,
    Word::Pot,
    Word::State,
    Word::Flags,
    Word::Paid,
    Word::InProgress,
    Word::AllHands,
    Word::Corrections,
    Word::Misdeals,
    Word::OverPot,
    Word::BadTags,
    Word::Refusals,
    Word::NoSuchHand,
    Word::OlderHand,
    Word::NotANumber,
];

/// Lower-case words separated by single spaces, with a space at each end: "To call"
/// and "TO CALL" alike.
fn words(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let joined = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    format!(" {} ", joined.to_lowercase())
}

/// English that has no business on a page in another language besides the page's
/// own words ([`super::i18n::WORDS`]): the hands' names, and the small words of the
/// English error messages.
const ENGLISH: [&str; 20] = [
    "the",
    "is",
    "of",
    "and",
    "not",
    "seat",
    "pair",
    "straight",
    "flush",
    "full house",
    "high card",
    "three of a kind",
    "four of a kind",
    "aces",
    "kings",
    "queens",
    "jacks",
    "tens",
    "high",
    "over",
];

/// The English left in `text` on a page in `lang`, if any (the translation
/// tests' check, for the views and for the pages in a browser): a word of the page's
/// table that `lang` says otherwise, or an English hand or error word (`ENGLISH`). The panel's keys keep
/// their printed names (NEXT HAND, CHECK/CALL), the command to read an old hand is
/// a command, and Polish names the betting structures in English ("Pot-limit").
pub fn english_left(lang: Lang, text: &str) -> Option<String> {
    let mut page = words(text);
    for k in firmware::buttons::ALL_KEYS {
        if !matches!(k, firmware::buttons::Key::Seat(_)) {
            page = page.replace(&words(&k.to_string()), " ");
        }
    }
    page = page.replace(" tablectl audit show ", " ");
    // Polish tables name the structures as English does.
    if lang == Lang::Pl {
        for structure in ["pot limit", "no limit", "fixed limit"] {
            page = page.replace(&words(structure), " ");
        }
    }
    let table = WORDS
        .iter()
        .filter(|&&w| lang.word(w) != Lang::En.word(w))
        .map(|&w| Lang::En.word(w));
    table
        .chain(ENGLISH)
        .map(words)
        .find(|e| page.contains(e.as_str()))
        .map(|e| format!("`{}` in:{page}", e.trim()))
}

/// What the banner can say. Built from the engine's warnings and from the
/// controller's own reports (a refused card, a shoe fault, a lost link). A refused
/// card carries its reason's kind, said in the table's language; a refused key is
/// the dealer's view's to explain, not the players' screen's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warn {
    /// A warning of the engine's (R-PL-5, R-STRAD-4, PD-BET-FOLD, a corrected amount).
    Engine(EngineWarning),
    /// A card refused (out of order, already seen, unknown tag), with the reason.
    CardRefused(crate::session::table::Refusal),
    /// A damaged shoe frame, read again.
    ShoeFault,
    /// The shoe's link is gone.
    ShoeLost,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ch, sn};

    #[test]
    fn an_engine_warning_in_english_is_the_engines_own_text() {
        let w = firmware::Warning::OverPot {
            seat: sn(3),
            asked: ch(500),
            max: ch(140),
        };
        assert_eq!(Lang::En.warning(&Warn::Engine(w)), w.to_string());
        assert!(Lang::Pl
            .warning(&Warn::Engine(w))
            .starts_with("Miejsce 3: 500"));
    }

    /// Every engine warning, with the figures of each.
    fn engine_warnings() -> [firmware::Warning; 6] {
        use firmware::Warning::*;
        let (seat, asked, to) = (sn(4), ch(1500), ch(400));
        [
            OverPot {
                seat,
                asked,
                max: to,
            },
            UnderMinimum { seat, asked, to },
            FixedSize { seat, asked, to },
            StraddleUnconfirmed { seat },
            FoldedWithCheck { seat },
            OpenersUnchecked { seat },
        ]
    }

    /// One English wording of each warning: en.ftl, the translators' source, says
    /// what the engine's own text says (the screen's English is the engine's text).
    #[test]
    fn english_file_says_each_engine_warning_as_the_engine_does() {
        for w in engine_warnings() {
            assert_eq!(engine_warning_from_file(Lang::En, &w), w.to_string());
            for l in ALL {
                let text = Lang::warning(l, &Warn::Engine(w));
                assert!(!text.contains("{"), "{l:?}: {text}");
                assert!(text.contains('4'), "{l:?} names the seat: {text}");
            }
        }
    }

    /// Every game, street and card name the program asks the files for is there.
    #[test]
    fn every_game_street_and_card_has_its_message() {
        let structures = [
            Structure::NoLimit,
            Structure::PotLimit,
            Structure::FixedLimit,
        ];
        let games = [
            Game::Holdem,
            Game::Omaha,
            Game::OmahaHiLo,
            Game::FiveCardDraw,
        ];
        let streets = [
            Street::Preflop,
            Street::Flop,
            Street::Turn,
            Street::River,
            Street::Draw,
        ];
        let ids = structures
            .map(structure_id)
            .into_iter()
            .chain(games.map(game_id))
            .chain(streets.map(street_id))
            .chain(Rank::ALL.map(rank_id))
            .chain(Suit::ALL.map(suit_id));
        for id in ids {
            for l in ALL {
                assert_ne!(catalog::say(l, id), id, "{l:?} has no {id}");
            }
        }
        assert_eq!(
            Lang::Ru.game(Game::OmahaHiLo, Structure::PotLimit),
            "Пот-лимит омаха хай-лоу 8"
        );
        assert_eq!(
            Lang::En.game(Game::Holdem, Structure::NoLimit),
            "No-limit Hold'em"
        );
        assert_eq!(Lang::Bg.street(Street::Turn), "Търн");
    }

    /// Words a language takes from English as they are (the Polish tables say
    /// "all-in", "showdown" and "rake", mark the dealer and the straddle "D" and
    /// "STR", and call the panel a panel).
    const LOANWORDS: [(Lang, Word); 7] = [
        (Lang::Pl, Word::Ante),
        (Lang::Pl, Word::Panel),
        (Lang::Pl, Word::AllIn),
        (Lang::Pl, Word::Showdown),
        (Lang::Pl, Word::Rake),
        (Lang::Pl, Word::ButtonMark),
        (Lang::Pl, Word::StraddleMark),
    ];

    /// Every word of the page has each language's own text (English only where the
    /// language takes it as a loanword), and every word is used by the view.
    #[test]
    fn every_word_is_translated_and_used() {
        let source = include_str!("i18n.rs");
        let view = [
            include_str!("../display/view/mod.rs"),
            include_str!("../display/view/presenter.rs"),
            include_str!("../display/view/acts.rs"),
            include_str!("../display/view/equity.rs"),
            include_str!("../display/view/showdown.rs"),
            include_str!("../display/view/pots.rs"),
            include_str!("../display/view/text.rs"),
            include_str!("../display/dealer.rs"),
            include_str!("../display/hands.rs"),
            include_str!("../display/floor.rs"),
            include_str!("../display/server.rs"),
        ]
        .concat();
        // The enum's variants, one a line between `pub enum Word {` and its `}`.
        let listed = source
            .lines()
            .skip_while(|l| !l.starts_with("pub enum Word {"))
            .skip(1)
            .take_while(|l| !l.starts_with('}'))
            .filter(|l| l.trim_end().ends_with(','))
            .count();
        assert_eq!(listed, WORDS.len(), "WORDS lists every word of the table");
        for w in WORDS {
            assert!(view.contains(&format!("Word::{w:?}")), "{w:?} is not used");
            for l in ALL {
                let text = l.word(w);
                assert!(!text.trim().is_empty(), "{l:?} {w:?} is empty");
                if l != Lang::En && !LOANWORDS.contains(&(l, w)) {
                    assert_ne!(text, Lang::En.word(w), "{l:?} {w:?} is left in English");
                }
            }
        }
    }

    #[test]
    fn numbers_are_written_as_each_language_writes_them() {
        assert_eq!(Lang::En.number(4246), "4,246");
        assert_eq!(Lang::Mk.number(1911), "1.911");
        assert_eq!(Lang::Ru.number(4246), "4\u{a0}246");
        assert_eq!(Lang::Pl.number(4246), "4246");
        assert_eq!(Lang::Bg.number(12345), "12\u{a0}345");
        assert_eq!(Lang::En.number(1_234_567), "1,234,567");
        assert_eq!(Lang::En.number(999), "999");
        assert_eq!(Lang::Ru.number(0), "0");
    }

    #[test]
    fn times_are_written_as_each_language_writes_dates() {
        // 2025-11-25 18:40:12.345 UTC.
        let ms = crate::records::time::WallTime::from_unix_millis(1_764_096_012_345);
        assert_eq!(Lang::En.time(ms), "2025-11-25 18:40:12 UTC");
        assert_eq!(Lang::Ru.time(ms), "25.11.2025 18:40:12 UTC");
    }

    #[test]
    fn card_names_are_translated() {
        let c: Card = "As".parse().unwrap();
        assert_eq!(Lang::En.card_name(c), "ace of spades");
        assert_eq!(Lang::Ru.card_name(c), "туз пик");
        assert_eq!(Lang::Pl.card_name(c), "as pik");
        let t: Card = "Th".parse().unwrap();
        assert_eq!(Lang::Bg.card_name(t), "десетка купа");
        assert_eq!(Lang::Mk.card_name(t), "десетка херц");
    }

    #[test]
    fn no_label_is_left_empty_or_english_where_it_should_not_be() {
        for l in ALL {
            assert!(!l.word(Word::MainPot).is_empty());
        }
        // Side pots are what disputes are about: each language names them its own way.
        assert_eq!(Lang::Ru.word(Word::SidePot), "Побочный банк");
        assert_eq!(Lang::Pl.word(Word::SidePot), "Pula boczna");
    }
}
