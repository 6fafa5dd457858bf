//! Fixtures and tiny macros for the rule tests (STYLE 15).
#![allow(dead_code, unused_macros)]

pub use firmware::*;

/// `n` chips, for test literals.
pub fn ch(n: u64) -> Chips {
    Chips::new(n)
}

/// Seat `n`, for test literals.
pub fn sn(n: u8) -> SeatNo {
    SeatNo::new(n).expect("a seat number, 1..=MAX_SEATS")
}

/// Seats 1 to `n`, each with `stack`.
pub fn seats_1_to(n: u8, stack: Chips) -> Vec<(SeatNo, Chips)> {
    SeatNo::up_to(n).map(|s| (s, stack)).collect()
}

/// A table of `game`/`structure` at `sb`/`bb` with every default, and players seated
/// in `seats` with `stack` each.
pub fn table(structure: Structure, sb: Chips, bb: Chips, seats: &[(SeatNo, Chips)]) -> Table {
    table_with(TableConfig::new(Game::Holdem, structure, sb, bb), seats)
}

pub fn table_with(cfg: TableConfig, seats: &[(SeatNo, Chips)]) -> Table {
    let mut t = Table::new(cfg).expect("valid config");
    for &(seat, stack) in seats {
        t.handle(Input::SitDown {
            seat,
            stack,
            wait_for_bb: false,
        })
        .expect("seat");
    }
    t
}

pub fn card(s: &str) -> Card {
    s.parse().expect("card")
}

/// Deals every hole card with distinct cards from a fixed order (no burns needed).
pub fn deal_hole(t: &mut Table) {
    let mut i = 0u8;
    while t.hand().is_some_and(|h| h.phase == Phase::Dealing) {
        let c = next_unseen(t, &mut i);
        t.handle(Input::Card(Read::card(c))).expect("hole card");
    }
}

/// The next card not seen this hand, walking the deck from index `*i`.
pub fn next_unseen(t: &Table, i: &mut u8) -> Card {
    loop {
        let c = Card::from_index(*i % 52).expect("index");
        *i += 1;
        let in_deck = !t.config().short_deck || c.in_short_deck();
        if in_deck && !t.hand().is_some_and(|h| h.seen.contains(c)) {
            return c;
        }
    }
}

/// Deals the burn and board cards of the street that is due.
pub fn deal_street(t: &mut Table) {
    let mut i = 20u8;
    while let Some(Phase::Board { burn_due }) = t.hand().map(|h| h.phase) {
        let c = next_unseen(t, &mut i);
        let read = if burn_due {
            Read::burn(c)
        } else {
            Read::card(c)
        };
        t.handle(Input::Card(read)).expect("board card");
    }
}

pub fn to_act(t: &Table) -> Option<SeatNo> {
    t.options().map(|o| o.seat)
}

pub fn stack(t: &Table, seat: SeatNo) -> Chips {
    t.seat(seat).expect("seat").stack
}

/// The seat to act does `$a`, which must be accepted.
macro_rules! act {
    ($t:expr, $a:expr) => {
        $t.handle(Input::Act($a))
            .expect(concat!("action ", stringify!($a)))
    };
}

/// Asserts the seat to act and his call, min and max raise-to.
macro_rules! offer {
    ($t:expr, seat $s:expr, call $c:expr, raise $min:expr, $max:expr) => {{
        let o = $t.options().expect("someone to act");
        assert_eq!(o.seat, $s, "seat to act");
        assert_eq!(o.call, ch($c), "call");
        let r = o.raise.expect("raise allowed");
        assert_eq!((r.min_to, r.max_to), (ch($min), ch($max)), "raise range");
    }};
    ($t:expr, seat $s:expr, call $c:expr, no raise) => {{
        let o = $t.options().expect("someone to act");
        assert_eq!(o.seat, $s, "seat to act");
        assert_eq!(o.call, ch($c), "call");
        assert_eq!(o.raise, None, "raise allowed");
    }};
}

/// Everyone folds to the last player, who is paid the pot: a quick way to finish a
/// hand and move the button.
pub fn fold_out(t: &mut Table) {
    deal_hole(t);
    while t.options().is_some() {
        t.handle(Input::Act(Action::Fold)).expect("fold");
    }
    award_all(t);
}

/// Pays the whole pot to the first player still in the hand.
pub fn award_all(t: &mut Table) {
    let h = t.hand().expect("hand");
    assert_eq!(h.phase, Phase::Settling, "hand over");
    let seat = h.in_hand().next().expect("a player left");
    let pot = h.pot();
    if pot > ch(0) {
        t.handle(Input::Award { seat, amount: pot }).expect("award");
    }
    assert!(!t.in_hand());
}

/// Starts a hand and returns (button, small blind, big blind).
pub fn start(t: &mut Table) -> (SeatNo, Option<SeatNo>, SeatNo) {
    t.handle(Input::StartHand).expect("start hand");
    let h = t.hand().expect("hand");
    (h.button, h.small_blind, h.big_blind)
}

/// Plays check/call for everyone until the hand needs a card or is over.
pub fn check_around(t: &mut Table) {
    while t.options().is_some() {
        t.handle(Input::Act(Action::CheckCall)).expect("check/call");
    }
}

/// The events of an input, asserting it was accepted.
pub fn events(t: &mut Table, input: Input) -> Vec<Event> {
    t.handle(input)
        .expect("input accepted")
        .iter()
        .copied()
        .collect()
}

/// Asserts that `input` is refused with `err` and changes nothing.
pub fn refused(t: &mut Table, input: Input, err: RuleError) {
    let before = t.clone();
    assert_eq!(t.handle(input), Err(err));
    assert_eq!(*t, before, "a refused input changes nothing");
}
