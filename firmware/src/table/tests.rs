//! The table's own guarantees: its size, refused inputs, reset. The rules are tested
//! in `firmware/tests`.

use super::*;
use crate::rules::{ch, Structure};

/// docs/architecture.md states this figure; the aim is under 8 KiB so the whole table fits
/// a microcontroller's RAM beside the stack.
#[test]
fn table_state_size() {
    let size = core::mem::size_of::<Table>();
    assert!(size <= 8 * 1024, "the table state grew to {size} bytes");
}

/// Hold'em 1/2 with three players of 100, a hand started.
fn three_seated_hand() -> (TableConfig, Table) {
    let cfg = TableConfig::new(crate::rules::Game::Holdem, Structure::NoLimit, ch(1), ch(2));
    let mut t = Table::new(cfg).unwrap();
    for seat in SeatNo::up_to(3) {
        let sit = Input::SitDown {
            seat,
            stack: ch(100),
            wait_for_bb: false,
        };
        t.handle(sit).unwrap();
    }
    t.handle(Input::StartHand).unwrap();
    (cfg, t)
}

/// A refused input in a hand is taken back by rebuilding the hand from its start,
/// not from a copy: the table is as it was, after a misdeal too.
#[test]
fn refused_in_a_hand_changes_nothing() {
    use crate::card::{Card, Rank, Suit};
    use crate::event::Read;
    let (_, mut t) = three_seated_hand();
    let read = |rank| {
        Input::Card(Read {
            card: Some(Card::new(rank, Suit::Spades)),
            burn: false,
        })
    };
    let check = |t: &mut Table| {
        let before = t.clone();
        for refused in [read(Rank::Two), Input::Act(Action::CheckCall)] {
            assert!(t.handle(refused).is_err());
            assert_eq!(*t, before, "a refused input changes nothing");
        }
    };
    t.handle(read(Rank::Two)).unwrap();
    check(&mut t);
    t.handle(Input::Misdeal).unwrap();
    t.handle(read(Rank::Two)).unwrap();
    check(&mut t);
    for rank in [Rank::Three, Rank::Four, Rank::Five, Rank::Six, Rank::Seven] {
        t.handle(read(rank)).unwrap();
    }
    let before = t.clone();
    assert!(t.handle(read(Rank::Eight)).is_err());
    assert_eq!(t, before, "a refused input changes nothing");
}

/// A table reset in place is the table `Table::new` builds, whatever it held.
#[test]
fn reset_is_new() {
    let (cfg, mut t) = three_seated_hand();
    let mut other = cfg;
    other.stakes.big_blind = ch(4);
    other.stakes.small_blind = ch(2);
    t.reset(other).unwrap();
    assert_eq!(t, Table::new(other).unwrap());
}

/// `act_into` is `handle_into` of the action, the options handed back those
/// `options` gave before it: the same table, the same events, the same refusals.
#[test]
fn act_into_takes_the_action_as_handle_into_and_hands_back_the_offer() {
    use crate::card::{Card, Rank, Suit};
    use crate::event::Read;
    let (_, mut t) = three_seated_hand();
    let mut ev = Events::new();
    // No one is to act while the cards go out: both refuse alike, nothing changes.
    let before = t.clone();
    let refused = t.act_into(Action::CheckCall, &mut ev);
    assert_eq!(refused.err(), t.handle(Input::Act(Action::CheckCall)).err());
    assert_eq!(t, before);
    // Six hole cards, the suits alternating.
    for (i, rank) in Rank::ALL.into_iter().take(6).enumerate() {
        let suit = if i % 2 == 0 {
            Suit::Spades
        } else {
            Suit::Hearts
        };
        t.handle(Input::Card(Read {
            card: Some(Card::new(rank, suit)),
            burn: false,
        }))
        .unwrap();
    }
    let actions = [
        Action::BetTo(ch(1)), // below the minimum: refused
        Action::BetTo(ch(6)),
        Action::CheckCall,
        Action::Fold,
        Action::CheckCall, // the round is over: no one to act
    ];
    let mut taken_ok = 0;
    for action in actions {
        let mut other = t.clone();
        let offered = t.options();
        let taken = t.act_into(action, &mut ev);
        let handled = other.handle(Input::Act(action));
        match (taken, handled) {
            (Ok(o), Ok(events)) => {
                assert_eq!(Some(o), offered, "{action:?}");
                assert_eq!(ev, events, "{action:?}");
                taken_ok += 1;
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{action:?}"),
            (a, b) => panic!("{action:?}: act_into {a:?}, handle {b:?}"),
        }
        assert_eq!(t, other, "{action:?}");
    }
    assert!(taken_ok >= 3, "{taken_ok} actions taken");
}

/// The inputs taken between hands without a copy of the state before them
/// (`checks_first`) leave the table as it was when refused, in every way they can be.
#[test]
fn refused_without_a_copy_changes_nothing() {
    let cfg = TableConfig::new(crate::rules::Game::Holdem, Structure::NoLimit, ch(1), ch(2));
    let mut t = Table::new(cfg).unwrap();
    let sit = |seat: u8, stack: Chips| Input::SitDown {
        seat: SeatNo::new(seat).unwrap(),
        stack,
        wait_for_bb: false,
    };
    let button = |seat: u8| Input::PlaceButton {
        seat: SeatNo::new(seat).unwrap(),
    };
    t.handle(sit(1, ch(100))).unwrap();
    t.handle(sit(2, ch(100))).unwrap();
    let refusals = [
        sit(1, ch(50)),                                     // the seat is taken
        sit(3, Chips::ZERO),                                // no chips
        sit(3, Chips::new(crate::config::MAX_TABLE_CHIPS)), // more than a table holds
        sit(cfg.max_players + 1, ch(100)),                  // no such seat at this table
        button(3),                                          // an empty seat
        button(cfg.max_players + 1),                        // no such seat
    ];
    let check = |t: &mut Table, inputs: &[Input]| {
        for &input in inputs {
            let before = t.clone();
            assert!(t.handle(input).is_err(), "{input:?}");
            assert_eq!(*t, before, "{input:?} refused changes nothing");
        }
    };
    check(&mut t, &refusals);
    t.handle(button(1)).unwrap();
    t.handle(Input::StartHand).unwrap();
    // In a hand they are logged inputs, refused and rebuilt the usual way.
    check(&mut t, &[sit(3, ch(100)), button(2)]);
}
