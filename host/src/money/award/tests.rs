//! The award check against hands played to their settlement by scenario scripts
//! (RULES.md R-SHOW-3, R-SHOW-4, PD-SHOW, PD-ODD, R-HILO-1, E17).

use super::*;
use crate::records::scenario::Scenario;
use crate::{ch, sn};

/// `script` played up to its first award (the scripts of `tests/scenarios` go on to
/// pay the pot: these tests pay it themselves).
fn played(script: &str) -> Table {
    let before: Vec<&str> = script
        .lines()
        .take_while(|l| !l.starts_with("award") && !l.starts_with("ruling award"))
        .collect();
    Scenario::parse(&before.join("\n"))
        .unwrap()
        .run(|_, _, _| {})
        .unwrap()
}

fn award(t: &mut Table, seat: u8, amount: u64) -> Result<(), AwardRefused> {
    let input = Input::Award {
        seat: sn(seat),
        amount: ch(amount),
    };
    check(t, &input)?;
    t.handle(input)
        .expect("the engine takes an award the check allows");
    Ok(())
}

/// Seat 1 (AA) all in, called by seat 2 (QQ); seat 3 folds. PD-SHOW: both tabled.
const QUEENS_AND_ACES: &str =
    include_str!("../../../../tests/scenarios/r_show_4_award_against_tabled_aces.scn");

#[test]
fn r_show_4_queens_are_not_paid_over_tabled_aces() {
    let mut t = played(QUEENS_AND_ACES);
    let refused = award(&mut t, 2, 2010).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "seat 2's pair of queens loses to seat 1's pair of aces: pay seat 1, or call the floor"
    );
    assert_eq!(refused.code(), REFUSAL_CODE);
    assert_eq!(
        (refused.due, refused.pay.clone()),
        (Chips::ZERO, vec![sn(1)])
    );
    // Not one chip of it either; the folded seat is the engine's to refuse.
    assert!(award(&mut t, 2, 1).is_err());
    assert_eq!(
        check(
            &t,
            &Input::Award {
                seat: sn(3),
                amount: ch(1)
            }
        ),
        Ok(())
    );
    award(&mut t, 1, 2010).unwrap();
    assert!(!t.in_hand());
}

#[test]
fn r_show_4_the_floors_override_lets_the_seat_be_paid() {
    let mut t = played(QUEENS_AND_ACES);
    assert!(!overridden(&t, sn(2)));
    let ruling = Input::Ruling {
        ruling: Ruling::AwardOverride { seat: sn(2) },
        floor: 17,
    };
    t.handle(ruling).unwrap();
    assert!(overridden(&t, sn(2)) && !overridden(&t, sn(1)));
    award(&mut t, 2, 2010).unwrap();
    assert_eq!(t.seat(sn(2)).unwrap().stack, ch(2010));
}

#[test]
fn pd_rake_the_rake_not_taken_may_go_to_the_winner_never_to_a_loser() {
    let raked = QUEENS_AND_ACES.replace(
        "table holdem nl 5/10",
        "table holdem nl 5/10 rake_pct=5 rake_cap=40",
    );
    // Paid without the rake: the whole pot to the aces.
    let mut t = played(&raked);
    assert!(award(&mut t, 2, 40).is_err());
    award(&mut t, 1, 2010).unwrap();
    // The rake taken: the aces' share is what is left.
    let mut t = played(&raked);
    t.handle(Input::Rake { amount: ch(40) }).unwrap();
    assert_eq!(award(&mut t, 1, 1971).unwrap_err().due, ch(1970));
    award(&mut t, 1, 1970).unwrap();
}

/// Seat 2 folds his small blind; seats 1 and 3 play the board's straight: 205 split,
/// the odd chip to seat 3, the first left of the button (PD-ODD, R-SHOW-2).
const BOARD_PLAYS: &str = include_str!("../../../../tests/scenarios/pd_odd_award_split_pot.scn");

#[test]
fn pd_odd_a_split_pot_pays_each_his_share_and_no_more() {
    let mut t = played(BOARD_PLAYS);
    let refused = award(&mut t, 1, 205).unwrap_err();
    assert_eq!((refused.due, refused.paid), (ch(102), Chips::ZERO));
    assert_eq!(
        refused.to_string(),
        "the hands shown give seat 1 102 in all (split pots and odd chips by the house rule): \
         205 is more than the 102 left him; pay seat 3, or call the floor"
    );
    // The odd chip is seat 3's: seat 1 may not take it.
    assert!(award(&mut t, 1, 103).is_err());
    award(&mut t, 1, 60).unwrap();
    let refused = award(&mut t, 1, 43).unwrap_err();
    assert_eq!((refused.due, refused.paid), (ch(102), ch(60)));
    award(&mut t, 1, 42).unwrap();
    award(&mut t, 3, 103).unwrap();
    assert!(!t.in_hand());
}

/// E17's hands, all in for 30 each: seat 1 Kd Kc 9h 9d (trip kings, no low), seat 2
/// Ah 3d Jc Jd (low 7-5-3-2-A), seat 3 As 4s 8c 8d (low 7-5-4-2-A). Board 2c 5d 7h
/// Ks Qs: the high half (45) to seat 1, the low half (45) to seat 2 (R-HILO-1).
const E17: &str = include_str!("../../../../tests/scenarios/r_hilo_1_award_low_half.scn");

#[test]
fn r_hilo_the_low_half_is_not_paid_to_a_seat_without_the_best_low() {
    let mut t = played(E17);
    // Seat 1 has no low: the high half is all the cards give him.
    let refused = award(&mut t, 1, 90).unwrap_err();
    assert_eq!(refused.due, ch(45));
    assert_eq!(refused.pay, vec![sn(2)]);
    // Seat 3's low loses to seat 2's, and his high to seat 1's.
    let refused = award(&mut t, 3, 45).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "seat 3's pair of eights and low 7-5-4-2-A lose to seat 1's three of a kind, kings \
         and no low and seat 2's pair of jacks and low 7-5-3-2-A: pay seats 1 and 2, or call the floor"
    );
    award(&mut t, 1, 45).unwrap();
    award(&mut t, 2, 45).unwrap();
    assert!(!t.in_hand());
}

#[test]
fn r_hilo_with_no_qualifying_low_the_high_takes_it_all() {
    let no_low = E17.replace("deal 2c 5d 7h", "deal Tc Td Th").replace(
        "expect pot 90",
        "expect pot 90\n# no low: 8-or-better needs three low board cards",
    );
    let mut t = played(&no_low);
    // Seat 1's kings full scoop: a "low half" to anyone else is refused.
    assert!(award(&mut t, 2, 45).is_err());
    assert!(award(&mut t, 3, 45).is_err());
    award(&mut t, 1, 90).unwrap();
}

#[test]
fn r_show_3_a_mucked_hand_leaves_the_contest_to_the_hands_shown() {
    // Three see the river; seat 3 mucks, seats 1 (AA) and 2 (QQ) are tabled.
    let script = "table holdem nl 5/10
seat 1 1000
seat 2 1000
seat 3 1000
hand
deal Qs 7c As Qh 2d Ah
1 call
2 call
3 check
burn 3c
deal 7d 8c 9s
2 check
3 check
1 check
burn 4c
deal Jd
2 check
3 check
1 check
burn 5c
deal 2h
2 check
3 check
1 check
show 2
muck 3
show 1
expect phase settling
";
    let mut t = played(script);
    assert!(
        award(&mut t, 2, 30).is_err(),
        "the mucked hand changes nothing"
    );
    award(&mut t, 1, 30).unwrap();
}

#[test]
fn r_show_3_a_pot_one_hand_takes_unseen_is_not_checked() {
    // Heads-up at the river: seat 2 shows, seat 1 mucks; seat 2's hand need beat
    // nothing. And a pot one player wins when the others fold has no hand shown.
    let script = "table holdem nl 5/10
seat 1 1000
seat 2 1000
hand
deal Qs As Qh Ah
1 call
2 check
burn 3c
deal 7d 8c 9s
2 check
1 check
burn 4c
deal Jd
2 check
1 check
burn 5c
deal 2h
2 check
1 check
show 2
muck 1
expect phase settling
";
    let mut t = played(script);
    award(&mut t, 2, 20).unwrap();
}

#[test]
fn a_hand_not_read_leaves_the_award_to_the_dealer() {
    // Seat 1's second card was not read: the host cannot value his hand, so the
    // dealer's award stands as it did before this check (the floor enters the card by
    // hand to have it checked, PD-RFID).
    let unread = QUEENS_AND_ACES.replace("deal Qs Ks As Qh Kh Ah", "deal Qs Ks As Qh Kh ??");
    let mut t = played(&unread);
    award(&mut t, 2, 2010).unwrap();
}
