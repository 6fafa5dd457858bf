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
