//! Actions: every kind read and written, at most eight cards, and each action's line
//! and commentary kept.

use super::*;

#[test]
fn an_action_names_at_most_eight_cards() {
    assert_eq!(parse_cards(&"??".repeat(8)).map(|c| c.len()), Ok(8));
    let e = parse_cards(&"??".repeat(9)).unwrap_err();
    assert!(matches!(e, ActionError::TooManyCards(_)), "{e:?}");
    assert!(e.to_string().contains("at most 8 cards"), "{e}");
}

#[test]
fn every_action_kind() {
    let parse = |s: &str| match parse_action(s) {
        Ok((a, c)) => (a.try_map_amount(|n| n.to_units(2).ok_or(())).ok(), c),
        Err(e) => panic!("{s}: {e}"),
    };
    let some = |a| (Some(a), None);
    assert_eq!(
        parse("d dh p1 AcKd"),
        some(PhhAction::DealHole {
            player: 0,
            cards: cs(&[Some(card("Ac")), Some(card("Kd"))])
        })
    );
    assert_eq!(
        parse("d dh p3 ??Ad????"),
        some(PhhAction::DealHole {
            player: 2,
            cards: cs(&[None, Some(card("Ad")), None, None])
        })
    );
    assert_eq!(
        parse("d db Jc3d5c"),
        some(PhhAction::DealBoard {
            cards: cs(&[Some(card("Jc")), Some(card("3d")), Some(card("5c"))])
        })
    );
    assert_eq!(parse("p2 f"), some(PhhAction::Fold { player: 1 }));
    assert_eq!(
        parse("  p2   cc  "),
        some(PhhAction::CheckCall { player: 1 })
    );
    assert_eq!(parse("p3 pb"), some(PhhAction::PostBringIn { player: 2 }));
    assert_eq!(
        parse("p1 cbr 7.35"),
        some(PhhAction::CompleteBetRaise { player: 0, to: 735 })
    );
    assert_eq!(
        parse("p1 sm"),
        some(PhhAction::ShowMuck {
            player: 0,
            shown: Shown::Muck
        })
    );
    assert_eq!(
        parse("p1 sm -"),
        some(PhhAction::ShowMuck {
            player: 0,
            shown: Shown::Dealt
        })
    );
    assert_eq!(
        parse("p4 sm 2s4c"),
        some(PhhAction::ShowMuck {
            player: 3,
            shown: Shown::Cards(cs(&[Some(card("2s")), Some(card("4c"))]))
        })
    );
    assert_eq!(
        parse("p1 sd"),
        some(PhhAction::StandPatDiscard {
            player: 0,
            discards: cs(&[])
        })
    );
    assert_eq!(
        parse("p4 sd AsQs"),
        some(PhhAction::StandPatDiscard {
            player: 3,
            discards: cs(&[Some(card("As")), Some(card("Qs"))])
        })
    );
    assert_eq!(
        parse("p3 cbr 7000  # Dwan"),
        (
            Some(PhhAction::CompleteBetRaise {
                player: 2,
                to: 700_000
            }),
            Some("Dwan".into())
        )
    );
    assert_eq!(parse(""), some(PhhAction::NoOp));
    assert_eq!(parse("   "), some(PhhAction::NoOp));
    assert_eq!(
        parse("# Burn card 6s is exposed"),
        (
            Some(PhhAction::NoOp),
            Some("Burn card 6s is exposed".into())
        )
    );
    assert_eq!(parse_cards("????"), Ok(cs(&[None, None])));
}

#[test]
fn actions_keep_lines_and_commentary() {
    let text = "variant = \"NT\"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop

  \"d dh p1 Ac2d\",  # Ivey
  \"d dh p2 ????\",  # Antonius
  \"p3 cbr 7000 # Dwan opens\",
  \"\",
  \"p1 sm -\",
]
";
    let h = hand(text);
    assert_eq!(h.actions.len(), 5);
    assert_eq!(
        h.action_info[0],
        ActionInfo {
            line: 9,
            comment: None
        }
    );
    assert_eq!(
        h.action_info[2],
        ActionInfo {
            line: 11,
            comment: Some("Dwan opens".into())
        }
    );
    assert_eq!(h.actions[3], PhhAction::NoOp);
    assert_eq!(
        h.actions[4],
        PhhAction::ShowMuck {
            player: 0,
            shown: Shown::Dealt
        }
    );
    assert_eq!(h.actions[4].to_phh(h.scale), "p1 sm -");
    assert_eq!(h.actions[2].to_phh(h.scale), "p3 cbr 7000");
}

/// The words the plain actions are made of, and some that are not.
const WORDS: &[&str] = &[
    "d",
    "db",
    "dh",
    "p1",
    "p2",
    "p9",
    "p10",
    "p0",
    "p01",
    "p",
    "px",
    "f",
    "cc",
    "cbr",
    "pb",
    "sm",
    "sd",
    "-",
    "50",
    "0",
    "050",
    "1.5",
    "1_000",
    "-5",
    "18446744073709551615",
    "99999999999999999999",
    "AcKd",
    "??",
    "Ac",
    "??Ad????",
    "AcKdQhJs5c2d3h4s",
    "AcKdQhJs5c2d3h4s9c",
    "Xx",
    "ac",
    "Tc",
    "A",
    "",
    "#",
    "# note",
    "é",
];

/// What separates the words: a space (mostly), or what the general path also
/// splits on.
const GAPS: &[&str] = &[
    " ", " ", " ", " ", " ", " ", " ", " ", "  ", "\t", "\u{a0}", "\u{2003}",
];

/// Players' and the dealer's words, the verbs, and what follows them.
const FIRST: &[&str] = &[
    "d", "d", "p1", "p2", "p9", "p10", "p99", "p100", "p0", "p00", "p01", "p1a", "p", "",
];
const VERBS: &[&str] = &["db", "dh", "f", "cc", "cbr", "pb", "sm", "sd", "x", ""];
const THIRD: &[&str] = &[
    "50", "050", "0", "1.5", "p1", "p3", "AcKd", "??Ad", "-", "Xx", "",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]
    /// Every action the plain path takes, the general path takes the same, its amount
    /// in the same unit: one reading of the notation, whichever path reads it.
    #[test]
    fn the_plain_path_reads_as_the_general_one(
        first in proptest::sample::select(FIRST),
        verb in proptest::sample::select(VERBS),
        third in proptest::option::weighted(0.8, proptest::sample::select(THIRD)),
        fourth in proptest::option::weighted(0.2, proptest::sample::select(WORDS)),
        gaps in proptest::collection::vec(proptest::sample::select(GAPS), 3),
        edges in 0u8..8,
        decimals in 0u32..3,
    ) {
        let mut text = String::new();
        if edges == 1 {
            text.push(' ');
        }
        text.push_str(first);
        text.push_str(gaps[0]);
        text.push_str(verb);
        for (w, gap) in [third, fourth].iter().flatten().zip(&gaps[1..]) {
            text.push_str(gap);
            text.push_str(w);
        }
        if edges == 2 {
            text.push(' ');
        }
        let scale = Scale::new(decimals).unwrap_or_default();
        if let Some(plain) = super::super::action::parse_plain(&text, scale) {
            let general = parse_action(&text)
                .map(|(a, comment)| (a.try_map_amount(|n| scale.to_units(&n).ok_or(())), comment));
            proptest::prop_assert_eq!(general, Ok((Ok(plain), None)), "{:?}", text);
        }
    }
}

#[test]
fn the_common_actions_are_plain() {
    let scale = Scale::new(2).unwrap_or_default();
    let plain = |s: &str| super::super::action::parse_plain(s, scale);
    for s in [
        "d dh p1 AcKd",
        "d dh p3 ??Ad????",
        "d db Jc3d5c",
        "p1 f",
        "p2 cc",
        "p3 cbr 50",
        "p1 pb",
        "p2 sm",
        "p2 sm -",
        "p2 sm AhJs",
        "p1 sd",
        "p1 sd 2c3d",
    ] {
        assert!(plain(s).is_some(), "{s}");
    }
    assert_eq!(
        plain("p12 cbr 050"),
        Some(PhhAction::CompleteBetRaise {
            player: 11,
            to: 5000
        })
    );
    // Left to the general path: its commentary, its spacing, its decimals, its
    // errors.
    for s in [
        "p1 cc # slow",
        "p1  cc",
        " p1 cc",
        "p1\tcc",
        "p1 cbr 1.5",
        "p0 cc",
        "p1 cbr 18446744073709551615",
        "d dh p1 Ac Kd",
        "d dh p1 AcKd extra",
        "p1 xx",
    ] {
        assert_eq!(plain(s), None, "{s}");
    }
}
