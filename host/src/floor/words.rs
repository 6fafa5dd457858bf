//! The floor's pages in the floor's language: English, Macedonian, Polish, Bulgarian
//! and Russian, as the table's own screens ([`crate::words::i18n`]). The texts are
//! the `floor-*` messages of the language files (`host/i18n/<code>.ftl`,
//! docs/translating.md), read through [`crate::words::catalog`]; a text with a
//! figure names it (`{ $seconds }`) and the page fills it in. The dealer's inputs are
//! shown by their verb in the page's language and their figures; the log keeps its
//! own words (`tablectl audit show`).

use crate::web::lang::Lang;
use crate::words::catalog;

/// The enum of the floor's texts, the list of them all, each one's message id and
/// the name of its figure, from one list.
macro_rules! floor_words {
    (@figure) => { None };
    (@figure $figure:literal) => { Some($figure) };
    ($($w:ident => $id:literal $(($figure:literal))?),* $(,)?) => {
        /// A text of the floor's pages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub enum FloorWord {
            $($w),*
        }

        /// Every text, for the test that each is translated and used.
        pub const FLOOR_WORDS: &[FloorWord] = &[$(FloorWord::$w),*];

        impl FloorWord {
            /// The text's message id in the language files.
            pub const fn id(self) -> &'static str {
                match self {
                    $(FloorWord::$w => $id),*
                }
            }

            /// The name of the figure the page fills in (`{ $seconds }`), if the
            /// text has one.
            const fn figure(self) -> Option<&'static str> {
                match self {
                    $(FloorWord::$w => floor_words!(@figure $($figure)?)),*
                }
            }
        }
    };
}

floor_words!(
    Title => "floor-title",
    Intro => "floor-intro" ("seconds"),
    Table => "floor-table",
    Game => "floor-game",
    Hand => "floor-hand",
    Pot => "floor-pot",
    ToAct => "floor-to-act",
    LastInput => "floor-last-input",
    When => "floor-when",
    Records => "floor-records",
    Backlog => "floor-backlog",
    LastShipment => "floor-last-shipment",
    Alerts => "floor-alerts",
    Over => "floor-over",
    InProgress => "floor-in-progress",
    StoppedShipping => "floor-stopped-shipping",
    ChainAlerts => "floor-chain-alerts" ("count"),
    FlaggedHands => "floor-flagged-hands" ("count"),
    Unverified => "floor-unverified",
    NoAlert => "floor-no-alert",
    ClearHint => "floor-clear-hint",
    AlertAt => "floor-alert-at" ("record"),
    SecondsAgo => "floor-seconds-ago" ("seconds"),
    MinutesAgo => "floor-minutes-ago" ("minutes"),
    HoursAgo => "floor-hours-ago" ("hours"),
    Never => "floor-never",
    SeatN => "floor-seat-n" ("seat"),
    Dealing => "floor-dealing",
    BoardCards => "floor-board-cards",
    Exchange => "floor-exchange",
    Showdown => "floor-showdown",
    Paying => "floor-paying",
    Between => "floor-between",
    AllTables => "floor-all-tables",
    AllGames => "floor-all-games",
    AlertsOnly => "floor-alerts-only",
    Show => "floor-show",
    Hands => "floor-hands",
    Seat => "floor-seat",
    From => "floor-from",
    To => "floor-to",
    PotOver => "floor-pot-over",
    Corrections => "floor-corrections",
    Misdeals => "floor-misdeals",
    Rulings => "floor-rulings",
    OverPotBets => "floor-over-pot-bets",
    BadTags => "floor-bad-tags",
    FindHands => "floor-find-hands",
    Start => "floor-start",
    End => "floor-end",
    Rake => "floor-rake",
    Flags => "floor-flags",
    NoHand => "floor-no-hand",
    EveryTable => "floor-every-table",
    Language => "floor-language",
    CardHidden => "floor-card-hidden",
    GapAlert => "floor-gap-alert",
    ForkAlert => "floor-fork-alert",
    BrokenLinkAlert => "floor-broken-link-alert",
    BadSignatureAlert => "floor-bad-signature-alert",
    KeyChangedAlert => "floor-key-changed-alert",
    RolledBackAlert => "floor-rolled-back-alert",
    StoreDown => "floor-store-down" ("seconds"),
    Closed => "floor-closed",
    NeverConnected => "floor-never-connected",
    Program => "floor-program",
    NotApproved => "floor-not-approved",
    ProgramForged => "floor-program-forged",
    UnapprovedProgramAlert => "floor-unapproved-program-alert" ("table"),
    ForgedProgramAlert => "floor-forged-program-alert" ("table"),
    ApproveHint => "floor-approve-hint",
    ClockLevel => "floor-clock-level" ("level"),
    ClockBreak => "floor-clock-break",
    ClockBlinds => "floor-clock-blinds",
    ClockAnte => "floor-clock-ante",
    ClockBigBlindAnte => "floor-clock-big-blind-ante",
    ClockLeft => "floor-clock-left",
    ClockNext => "floor-clock-next",
    ClockPlayers => "floor-clock-players",
    ClockAverage => "floor-clock-average",
    ClockPool => "floor-clock-pool",
    ClockPaused => "floor-clock-paused",
    ClockNotStarted => "floor-clock-not-started",
    ClockRunsOn => "floor-clock-runs-on",
    ClockTournaments => "floor-clock-tournaments",
    TournamentAlert => "floor-tournament-alert",
    CheckTitle => "floor-check-title",
    CheckSeating => "floor-check-seating",
    CheckMoves => "floor-check-moves",
    CheckEliminations => "floor-check-eliminations",
    CheckAudit => "floor-check-audit",
    CheckAlerts => "floor-check-alerts",
    CheckEntry => "floor-check-entry",
    CheckFrom => "floor-check-from",
    CheckTo => "floor-check-to",
    CheckDirector => "floor-check-director",
    CheckDeparted => "floor-check-departed",
    CheckArrived => "floor-check-arrived",
    CheckTableSaid => "floor-check-table-said",
    CheckNow => "floor-check-now",
    CheckExpected => "floor-check-expected",
    CheckCounted => "floor-check-counted",
    CheckMatches => "floor-check-matches",
    CheckDiffers => "floor-check-differs",
    CheckWaiting => "floor-check-waiting",
    CheckNothing => "floor-check-nothing",
    CheckNone => "floor-check-none",
    CheckClock => "floor-check-clock",
    CheckRound => "floor-check-round" ("round"),
    CheckUnchecked => "floor-check-unchecked",
);

/// The text of `w` in `lang`, resolved once when the language's file is read (a
/// text with a figure is said by [`with`]).
pub fn word(lang: Lang, w: FloorWord) -> &'static str {
    catalog::say(lang, w.id())
}

/// `w` with its figure in place.
pub fn with(lang: Lang, w: FloorWord, n: impl std::fmt::Display) -> String {
    match w.figure() {
        Some(figure) => catalog::say_with(lang, w.id(), &[(figure, &n.to_string())]),
        None => word(lang, w).to_string(),
    }
}

/// Every verb [`verb`] knows, with its message id.
const VERBS: [(&str, &str); 23] = [
    ("seat", "floor-verb-seat"),
    ("topup", "floor-verb-topup"),
    ("leave", "floor-verb-leave"),
    ("sitout", "floor-verb-sitout"),
    ("sitin", "floor-verb-sitin"),
    ("button", "floor-verb-button"),
    ("hand", "floor-verb-hand"),
    ("straddle", "floor-verb-straddle"),
    ("deal", "floor-verb-deal"),
    ("burn", "floor-verb-burn"),
    ("discard", "floor-verb-discard"),
    ("fold", "floor-verb-fold"),
    ("call", "floor-verb-call"),
    ("bet", "floor-verb-bet"),
    ("allin", "floor-verb-allin"),
    ("standpat", "floor-verb-standpat"),
    ("show", "floor-verb-show"),
    ("muck", "floor-verb-muck"),
    ("award", "floor-verb-award"),
    ("rake", "floor-verb-rake"),
    ("misdeal", "floor-verb-misdeal"),
    ("undo", "floor-verb-undo"),
    ("ruling", "floor-verb-ruling"),
];

/// A dealer's input verb as the log writes it, in `lang`; `None` for a verb this
/// table does not know (shown as it is).
pub fn verb(lang: Lang, verb: &str) -> Option<&'static str> {
    let &(_, id) = VERBS.iter().find(|&&(v, _)| v == verb)?;
    Some(catalog::say(lang, id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::lang::ALL;

    /// Words a language takes from English as they are (the Polish floor says
    /// "showdown" and "rake"), and the names that are the same in Bulgarian and Macedonian.
    fn loanword(l: Lang, w: FloorWord) -> bool {
        matches!(
            (l, w),
            (
                Lang::Pl,
                FloorWord::Showdown | FloorWord::Rake | FloorWord::ClockAnte
            )
        )
    }

    /// The figure as a test fills it in, to find it in the text.
    const FIGURE: &str = "\u{1}";

    #[test]
    fn every_floor_word_is_translated_and_used() {
        let pages = [
            include_str!("page.rs"),
            include_str!("when.rs"),
            include_str!("clock_page.rs"),
            include_str!("tournament_page.rs"),
        ]
        .concat();
        for (i, &w) in FLOOR_WORDS.iter().enumerate() {
            assert_eq!(
                w as usize, i,
                "FLOOR_WORDS lists {w:?} in its declared place"
            );
            assert!(
                pages.contains(&format!("FloorWord::{w:?}")),
                "{w:?} is not used"
            );
            let en = with(Lang::En, w, FIGURE);
            for l in ALL {
                let text = with(l, w, FIGURE);
                assert!(!text.trim().is_empty(), "{l:?} {w:?} is empty");
                assert!(
                    text != w.id() && !text.contains("{$"),
                    "{}.ftl: {} ({w:?}) is missing or names another figure: {text}",
                    l.code(),
                    w.id()
                );
                assert_eq!(
                    text.contains(FIGURE),
                    w.figure().is_some(),
                    "{l:?} {w:?} has its figure"
                );
                if w.figure().is_none() {
                    assert_eq!(word(l, w), text, "{l:?} {w:?} is resolved once");
                }
                if l != Lang::En && !loanword(l, w) {
                    assert_ne!(text, en, "{l:?} {w:?} is left in English");
                }
            }
        }
    }

    /// Every id the floor's code names is a message of en.ftl, with the figure the
    /// page fills in and no other (the other files are held to en.ftl by the
    /// catalog's completeness test).
    #[test]
    fn every_floor_id_is_in_english_with_its_figure() {
        let english = crate::words::catalog::tests::messages(Lang::En);
        let ids = FLOOR_WORDS
            .iter()
            .map(|w| (w.id(), w.figure()))
            .chain(VERBS.iter().map(|&(_, id)| (id, None)));
        for (id, figure) in ids {
            let variables = english
                .get(id)
                .unwrap_or_else(|| panic!("en.ftl lacks {id}"));
            assert_eq!(
                variables.iter().map(String::as_str).collect::<Vec<_>>(),
                figure.into_iter().collect::<Vec<_>>(),
                "en.ftl: {id} names other figures than the page fills in"
            );
        }
    }

    #[test]
    fn every_verb_is_translated() {
        for (v, id) in VERBS {
            for l in ALL {
                let text = verb(l, v).unwrap();
                assert_ne!(text, id, "{}.ftl: {id} is missing", l.code());
                if l != Lang::En {
                    assert_ne!(text, verb(Lang::En, v).unwrap(), "{l:?} {v} in English");
                }
            }
        }
        assert_eq!(verb(Lang::Ru, "fold"), Some("пас"));
        assert_eq!(verb(Lang::En, "frobnicate"), None);
    }
}
