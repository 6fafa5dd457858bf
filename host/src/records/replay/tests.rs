//! The replay's whole path on small hands: the hand the JSON and file tests share, and
//! the rules a replay holds a history to.

use super::*;
use crate::ch;

/// A three-handed no-limit hand: p3 raises, p1 folds, p2 calls, and
/// p2's kings beat p3's queens at the showdown.
pub(super) const HAND: &str = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 7c2d', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 30', 'p1 f', 'p2 cc',
  'd db 2h3h9c', 'p2 cc', 'p3 cc', 'd db 4s', 'p2 cc', 'p3 cc', 'd db Jd', 'p2 cc', 'p3 cc',
  'p2 sm KsKd', 'p3 sm QsQd']
";

pub(super) fn replayed(text: &str) -> (crate::records::phh::HandHistory, Replayed) {
    let hh = crate::records::phh::parse_hand(text).expect("the test hand parses");
    let r = Replayer::default()
        .replay_history(&hh)
        .expect("the test hand replays");
    (hh, r)
}

#[test]
fn r_strad_2_a_straddle_replays_only_at_twice_the_big_blind() {
    // p3, on the button left of the big blind, straddles; p1 and p2 fold to him.
    let straddled = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 20]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 7c2d', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p1 f', 'p2 f']
";
    let (_, r) = replayed(straddled);
    assert_eq!(r.finishing_stacks, vec![ch(995), ch(990), ch(1015)]);
    let three_bb = straddled.replace("[5, 10, 20]", "[5, 10, 30]");
    let hh = crate::records::phh::parse_hand(&three_bb).expect("parses");
    let e = replay_history(&hh).expect_err("a straddle of 30 over a big blind of 10");
    assert!(e.message.contains("R-STRAD-2"), "{e}");
}
