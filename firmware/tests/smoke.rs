#[macro_use]
mod common;
use common::*;

#[test]
fn e6_straddle_confirmed_pot_limit_cash() {
    let mut t = table(
        Structure::PotLimit,
        5,
        10,
        &[
            (1, 1000),
            (2, 1000),
            (3, 1000),
            (4, 1000),
            (5, 1000),
            (6, 1000),
        ],
    );
    let ev = t.handle(Input::StartHand).unwrap();
    println!("{ev:?}");
    let h = t.hand().unwrap();
    assert_eq!((h.button, h.small_blind, h.big_blind), (1, Some(2), 3));
    t.handle(Input::Straddle { confirmed: true }).unwrap();
    deal_hole(&mut t);
    offer!(t, seat 5, call 20, raise 30, 80);
}
