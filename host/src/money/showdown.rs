//! # Showdown: who shows first, and who is paid what
//!
//! Before working on this file, read RULES.md §15 (R-SHOW-1..4), §3 (R-HILO-1),
//! §16 (PD-RAKE), PD-ODD, the worked examples E11-E17 and E21, and replay-schema.md
//! rule 4.
//!
//! * The order players show in (R-SHOW-1..3, E21) is the engine's
//!   [`firmware::hand::show_order`].
//! * [`award`] / [`award_high`]: pays every [`Pot`] on its own. The function is
//!   generic over hand strength: any `Ord` type where **greater is better** — for
//!   the high hand ([`crate::money::eval::HandValue`]) and for the low hand alike
//!   ([`crate::money::eval::LowValue`] already orders a better low as greater; wrap a
//!   "smaller is better" low in [`core::cmp::Reverse`]). `None` means the player
//!   cannot win that part: folded, mucked, no cards, or no qualifying low.
//!
//! Per pot (R-POT-4, R-SHOW-4, R-HILO-1, replay-schema rule 4):
//! a pot with one eligible player goes to him; otherwise the best high hands among
//! its eligible players win it, split equally. In hi/lo the pot is halved, the odd
//! unit to the high half, and the low half goes to the best lows — unless no
//! eligible player of *this* pot has a low, when the high hands take it all.
//! Leftover units of a split follow [`OddChip`]. Rake ([`Rake`], PD-RAKE) comes off
//! the main pot before anything is paid and is reported on its own.
//!
//! Amounts are integers in the chip unit; nothing here can panic or wrap.

use core::fmt;

use crate::money::pots::Pot;
use firmware::Chips;

pub use firmware::rules::{OddChip, Rake};

/// How the table splits pots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Settings {
    /// The odd-chip rule.
    pub odd_chip: OddChip,
    /// The rake, if any.
    pub rake: Option<Rake>,
    /// The smallest chip the rake is taken in (PD-RAKE `chip_unit`; 0 reads as 1).
    pub chip_unit: Chips,
}

/// What one pot paid.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PotAward {
    /// The pot's index in the slice given to [`award`] (0 = main pot).
    pub pot_index: usize,
    /// Chips paid to players from this pot (the pot less the rake taken from it).
    pub amount: Chips,
    /// Rake taken from this pot.
    pub rake: Chips,
    /// Each winner once (both halves of a hi/lo pot added), by player index, with
    /// what he receives from this pot.
    pub winners: Vec<(usize, Chips)>,
}

/// The outcome of the showdown.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Settlement {
    /// One award per pot with chips, side pots first, outermost first, then the
    /// main pot (R-POT-5).
    pub awards: Vec<PotAward>,
    /// The rake, in total.
    pub rake: Chips,
    /// What each player receives from all pots, by player index.
    pub totals: Vec<Chips>,
}

/// Why the pots could not be paid. Each is an inconsistency in the caller's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShowdownError {
    /// The low strengths list a different number of players from the high ones.
    LengthMismatch {
        /// Players in `high`.
        high: usize,
        /// Players in `low`.
        low: usize,
    },
    /// A pot names a player the strengths do not cover.
    UnknownPlayer {
        /// The pot.
        pot: usize,
        /// The player.
        player: usize,
    },
    /// A pot with chips has no eligible player.
    NoEligible {
        /// The pot.
        pot: usize,
    },
    /// Several players are eligible for a pot but none has a hand (all mucked or
    /// no cards read): re-read the tabled hands or call the floor.
    NoContender {
        /// The pot.
        pot: usize,
    },
    /// The clockwise order names a player twice or one not at the table.
    BadOrder {
        /// The player.
        player: usize,
    },
    /// A tied winner is missing from the clockwise order, so `LeftOfButton` cannot
    /// place the odd chip.
    NotInOrder {
        /// The player.
        player: usize,
    },
    /// The rake rate is above 100 %.
    BadRake {
        /// The rate given.
        basis_points: u32,
    },
    /// The pots add up to more than a `u64` holds.
    Overflow,
}

impl fmt::Display for ShowdownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShowdownError::LengthMismatch { high, low } => write!(
                f,
                "{high} high hands but {low} low hands: give one entry per player"
            ),
            ShowdownError::UnknownPlayer { pot, player } => {
                write!(f, "pot {pot} names player {player}, who has no entry")
            }
            ShowdownError::NoEligible { pot } => {
                write!(f, "pot {pot} has chips but no eligible player")
            }
            ShowdownError::NoContender { pot } => write!(
                f,
                "no eligible player of pot {pot} has a hand: re-read the tabled hands or call the floor"
            ),
            ShowdownError::BadOrder { player } => write!(
                f,
                "the clockwise order names player {player} twice or he is not at the table"
            ),
            ShowdownError::NotInOrder { player } => write!(
                f,
                "winner {player} is not in the clockwise order: the odd chip cannot be placed"
            ),
            ShowdownError::BadRake { basis_points } => write!(
                f,
                "rake of {basis_points} basis points is above 100 %"
            ),
            ShowdownError::Overflow => f.write_str("the pots add up to more than a u64 holds"),
        }
    }
}

impl std::error::Error for ShowdownError {}

/// Pays the pots of a high-only game: [`award`] without low hands.
pub fn award_high<H: Ord>(
    pots: &[Pot],
    high: &[Option<H>],
    clockwise: &[usize],
    settings: &Settings,
    saw_flop: bool,
) -> Result<Settlement, ShowdownError> {
    award::<H, ()>(pots, high, None, clockwise, settings, saw_flop)
}

/// Pays every pot on its own (module docs).
///
/// * `high[p]`: player `p`'s high strength (greater is better), `None` if he
///   cannot win (folded, mucked, no cards).
/// * `low`: for hi/lo games, each player's qualifying low (greater is better),
///   `None` for no low; a low counts only for a player with a high hand.
/// * `clockwise`: player indices clockwise from the first left of the button
///   (used by [`OddChip::LeftOfButton`]).
/// * `saw_flop`: whether a flop was dealt (for `no_flop_no_drop`).
pub fn award<H: Ord, L: Ord>(
    pots: &[Pot],
    high: &[Option<H>],
    low: Option<&[Option<L>]>,
    clockwise: &[usize],
    settings: &Settings,
    saw_flop: bool,
) -> Result<Settlement, ShowdownError> {
    let n = high.len();
    if let Some(low) = low {
        if low.len() != n {
            return Err(ShowdownError::LengthMismatch {
                high: n,
                low: low.len(),
            });
        }
    }
    // Each player at most once: checked against the players before him rather than
    // in a table of flags, which would be an allocation per hand settled (a table
    // seats a handful).
    for (i, &p) in clockwise.iter().enumerate() {
        if p >= n || clockwise[..i].contains(&p) {
            return Err(ShowdownError::BadOrder { player: p });
        }
    }
    let total = crate::money::pots::total(pots).map_err(|_| ShowdownError::Overflow)?;
    let mut rake_left = match &settings.rake {
        Some(r) => r
            .amount(total, saw_flop, settings.chip_unit)
            .ok_or(ShowdownError::BadRake {
                basis_points: r.basis_points,
            })?,
        None => Chips::ZERO,
    };
    let rake = rake_left;

    let mut totals = vec![Chips::ZERO; n];
    let mut awards = Vec::with_capacity(pots.len());
    for (index, pot) in pots.iter().enumerate() {
        // PD-RAKE: from the main pot first (and on, should it be smaller).
        let taken = rake_left.min(pot.amount);
        rake_left -= taken;
        let amount = pot.amount - taken;
        if pot.amount == Chips::ZERO {
            continue;
        }
        if let Some(&player) = pot.eligible.iter().find(|&&p| p >= n) {
            return Err(ShowdownError::UnknownPlayer { pot: index, player });
        }
        // Each share as split (a hi/lo scoop pays a player twice), merged below.
        let mut winners: Vec<(usize, Chips)> = Vec::with_capacity(2 * pot.eligible.len());
        match pot.eligible.as_slice() {
            [] => return Err(ShowdownError::NoEligible { pot: index }),
            // R-POT-4: a layer with one eligible player goes to him.
            [only] => winners.push((*only, amount)),
            eligible => {
                // Only a player with a high hand contends, for either half.
                let high_of = |p: usize| high.get(p).and_then(Option::as_ref);
                let high_winners = best(eligible, high_of);
                if high_winners.is_empty() {
                    return Err(ShowdownError::NoContender { pot: index });
                }
                let low_winners = match low {
                    Some(low) => best(eligible, |p| {
                        high_of(p).and_then(|_| low.get(p).and_then(Option::as_ref))
                    }),
                    None => Vec::new(),
                };
                if low_winners.is_empty() {
                    split(
                        amount,
                        &high_winners,
                        (settings.odd_chip, settings.chip_unit),
                        clockwise,
                        &mut winners,
                    )?;
                } else {
                    // R-HILO-1: halves, the odd unit to the high half (PD-HILO),
                    // in the chip unit (PD-ODD).
                    let unit = settings.chip_unit.max(Chips::new(1));
                    let low_half = unit.saturating_mul(amount.get() / unit.get() / 2);
                    let high_half = amount - low_half;
                    split(
                        high_half,
                        &high_winners,
                        (settings.odd_chip, settings.chip_unit),
                        clockwise,
                        &mut winners,
                    )?;
                    split(
                        low_half,
                        &low_winners,
                        (settings.odd_chip, settings.chip_unit),
                        clockwise,
                        &mut winners,
                    )?;
                }
            }
        }
        for &(p, x) in &winners {
            if let Some(t) = totals.get_mut(p) {
                *t = t.checked_add(x).ok_or(ShowdownError::Overflow)?;
            }
        }
        // Each winner once, by player index: a player's shares added in place.
        winners.sort_unstable();
        winners.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 += later.1;
            }
            same
        });
        // A hand tied for a share of no chip stays listed: it won, as PokerKit says.
        awards.push(PotAward {
            pot_index: index,
            amount,
            rake: taken,
            winners,
        });
    }
    // R-POT-5: side pots first, outermost first, then the main pot.
    awards.reverse();
    Ok(Settlement {
        awards,
        rake,
        totals,
    })
}

/// The players among `players` whose strength equals the best one (none if no
/// one has a strength).
fn best<'a, S: Ord + 'a>(
    players: &[usize],
    strength: impl Fn(usize) -> Option<&'a S>,
) -> Vec<usize> {
    let top = players.iter().filter_map(|&p| strength(p)).max();
    match top {
        None => Vec::new(),
        Some(top) => players
            .iter()
            .copied()
            .filter(|&p| strength(p) == Some(top))
            .collect(),
    }
}

/// Splits `amount` equally among `winners` (R-RANK-5) down to the chip unit `unit`,
/// leftover units by `rule` (PD-ODD). Less than a unit left over (a pot of chips the
/// table no longer has, which a colour-up leaves out) goes with the first odd unit,
/// so the pot is always paid whole.
fn split(
    amount: Chips,
    winners: &[usize],
    (rule, unit): (OddChip, Chips),
    clockwise: &[usize],
    out: &mut Vec<(usize, Chips)>,
) -> Result<(), ShowdownError> {
    let count = winners.len() as u64;
    if count == 0 {
        return Ok(());
    }
    let unit = unit.get().max(1);
    let amount = amount.get();
    let (units, crumbs) = (amount / unit, amount % unit);
    let share = units / count * unit;
    // The odd units, in chips; the crumbs ride with the first.
    let mut left = units % count;
    let odd = |n: u64, first: bool| n * unit + if first { crumbs } else { 0 };
    match rule {
        OddChip::LowestIndex => {
            let first = winners.iter().copied().min();
            for &w in winners {
                let extra = if Some(w) == first { odd(left, true) } else { 0 };
                out.push((w, Chips::new(share + extra)));
            }
        }
        OddChip::LeftOfButton => {
            let mut seated: Vec<(usize, usize)> = Vec::with_capacity(winners.len());
            for &w in winners {
                let at = clockwise
                    .iter()
                    .position(|&p| p == w)
                    .ok_or(ShowdownError::NotInOrder { player: w })?;
                seated.push((at, w));
            }
            seated.sort_unstable();
            for (i, (_, w)) in seated.into_iter().enumerate() {
                let extra = u64::from(left > 0);
                left -= extra;
                out.push((w, Chips::new(share + odd(extra, i == 0))));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;
    use crate::ch;
    use crate::money::eval::{holdem, omaha_high, omaha_low, HandValue, LowRules, LowValue};
    use crate::money::pots::PotError;
    use crate::records::phh::{self, HandHistory, PhhAction, Shown, Variant};
    use firmware::Card;
    use proptest::prelude::*;

    fn hold(hole: &str, board: &str) -> Option<HandValue> {
        holdem(&cards(hole), &cards(board)).ok()
    }

    /// [`crate::money::pots::build_pots`] of plain numbers, for readable test data.
    fn build_pots(contributions: &[u64], dead: u64, folded: &[bool]) -> Result<Vec<Pot>, PotError> {
        let c: Vec<Chips> = contributions.iter().copied().map(Chips::new).collect();
        crate::money::pots::build_pots(&c, Chips::new(dead), folded)
    }

    fn pot(amount: u64, eligible: &[usize]) -> Pot {
        Pot {
            amount: ch(amount),
            eligible: eligible.to_vec(),
        }
    }

    fn settings(odd_chip: OddChip) -> Settings {
        Settings {
            odd_chip,
            rake: None,
            chip_unit: ch(1),
        }
    }

    fn ok<T>(r: Result<T, ShowdownError>) -> T {
        match r {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn e11_side_pot_to_kings_main_to_aces() {
        let board = "Ks 9d 5c 2h Js";
        let high = [
            hold("Ah Ad", board),
            hold("Qc Qd", board),
            hold("Kd 7c", board),
        ];
        let pots = [pot(300, &[0, 1, 2]), pot(300, &[1, 2])];
        let s = ok(award_high(
            &pots,
            &high,
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(
            s.awards,
            vec![
                PotAward {
                    pot_index: 1,
                    amount: ch(300),
                    rake: ch(0),
                    winners: vec![(2, ch(300))]
                },
                PotAward {
                    pot_index: 0,
                    amount: ch(300),
                    rake: ch(0),
                    winners: vec![(0, ch(300))]
                },
            ]
        );
        assert_eq!(s.totals, vec![ch(300), ch(0), ch(300)]);
        // Final stacks: C kept 150 of his 400.
        assert_eq!(s.totals[2] + ch(150), ch(450));
    }

    #[test]
    fn e12_three_pots_three_winners() {
        let board = "9c 6d 3s Th 2c";
        let high = [
            hold("8s 7s", board),
            hold("9d 9h", board),
            hold("Ac Ad", board),
            None, // D folded
        ];
        let pots = [pot(200, &[0, 1, 2]), pot(210, &[1, 2]), pot(200, &[2])];
        let s = ok(award_high(
            &pots,
            &high,
            &[2, 3, 0, 1],
            &Settings::default(),
            true,
        ));
        let by_pot: Vec<(usize, Vec<(usize, u64)>)> = s
            .awards
            .iter()
            .map(|a| {
                (
                    a.pot_index,
                    a.winners.iter().map(|&(p, c)| (p, c.get())).collect(),
                )
            })
            .collect();
        assert_eq!(
            by_pot,
            vec![
                (2, vec![(2, 200)]),
                (1, vec![(1, 210)]),
                (0, vec![(0, 200)])
            ]
        );
        // Final A 200, B 210, C 280 (200 + 80 returned), D 80.
        assert_eq!(s.totals, vec![ch(200), ch(210), ch(200), ch(0)]);
    }

    #[test]
    fn e14_odd_chip_to_the_first_left_of_the_button() {
        // Indexed from the seat left of the button (S4): S6 = 0, S1 = 1, S2 = 2, S4 = 3.
        let board = "Kd Qs 4c Jh Ac";
        let high = [
            hold("Th 3c", board),
            None,
            hold("Ts 2d", board),
            hold("Ad As", board),
        ];
        let pots = ok(
            build_pots(&[11, 2, 11, 11], 0, &[false, true, false, false])
                .map_err(|_| ShowdownError::Overflow),
        );
        assert_eq!(pots, vec![pot(35, &[0, 2, 3])]);
        for rule in [OddChip::LeftOfButton, OddChip::LowestIndex] {
            let s = ok(award_high(
                &pots,
                &high,
                &[0, 1, 2, 3],
                &settings(rule),
                true,
            ));
            assert_eq!(s.totals, vec![ch(18), ch(0), ch(17), ch(0)], "{rule:?}");
        }
    }

    #[test]
    fn e15_board_plays_for_everyone() {
        let board = "As Kd Qh Jc Th";
        let high = [
            hold("2c 3d", board),
            hold("Ac 9d", board),
            hold("4s 4h", board),
        ];
        let s = ok(award_high(
            &[pot(90, &[0, 1, 2])],
            &high,
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(30), ch(30), ch(30)]);
        assert_eq!(
            s.awards[0].winners,
            vec![(0, ch(30)), (1, ch(30)), (2, ch(30))]
        );
    }

    fn omaha(hole: &str, board: &str) -> (Option<HandValue>, Option<LowValue>) {
        let (h, b) = (cards(hole), cards(board));
        (
            omaha_high(&h, &b).ok(),
            omaha_low(&h, &b, LowRules::default()).ok().flatten(),
        )
    }

    #[test]
    fn e17_hi_lo_odd_chip_to_the_high_half() {
        let board = "2c 5d 7h Ks Qs";
        let hands = [
            omaha("Kd Kc 9h 9d", board),
            omaha("Ah 3d Jc Jd", board),
            omaha("As 4s 8c 8d", board),
        ];
        let high: Vec<_> = hands.iter().map(|h| h.0).collect();
        let low: Vec<_> = hands.iter().map(|h| h.1).collect();
        assert!(low[0].is_none() && low[1] > low[2]);
        let s = ok(award(
            &[pot(41, &[0, 1, 2])],
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(21), ch(20), ch(0)]);
        assert_eq!(s.awards[0].winners, vec![(0, ch(21)), (1, ch(20))]);
    }

    /// Issue case 7: a hand that ties for a share too small to get a chip (one odd
    /// chip split between two tied lows) is still among the pot's winners, as PokerKit
    /// lists every tied hand; it is paid nothing.
    #[test]
    fn r_hilo_1_a_tie_for_a_share_of_no_chip_is_still_a_winner() {
        let high = [Some(9), Some(5), Some(5)];
        let low = [None, Some(3u8), Some(3u8)];
        let s = ok(award(
            &[pot(3, &[0, 1, 2])],
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(2), ch(1), ch(0)]);
        assert_eq!(
            s.awards[0].winners,
            vec![(0, ch(2)), (1, ch(1)), (2, ch(0))]
        );
    }

    #[test]
    fn no_low_in_the_pot_gives_it_all_to_high() {
        let high = [Some(5), Some(9), Some(7)];
        let low: [Option<u8>; 3] = [None, None, None];
        let s = ok(award(
            &[pot(41, &[0, 1, 2])],
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(0), ch(41), ch(0)]);
        // A low held only by a player not eligible for the side pot does not split it.
        let low = [Some(3u8), None, None];
        let pots = [pot(30, &[0, 1, 2]), pot(20, &[1, 2])];
        let s = ok(award(
            &pots,
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(15), ch(15 + 20), ch(0)]);
    }

    #[test]
    fn scoop_and_split_halves() {
        // Player 1 has the best high and the best low: he scoops.
        let high = [Some(1), Some(9), Some(5)];
        let low = [Some(2u8), Some(8), None];
        let s = ok(award(
            &[pot(101, &[0, 1, 2])],
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(0), ch(101), ch(0)]);
        assert_eq!(s.awards[0].winners, vec![(1, ch(101))]);
        // Tied lows quarter the pot: 51 high, 50 low split 25/25.
        let low = [Some(8u8), None, Some(8)];
        let high = [Some(1), Some(9), Some(5)];
        let s = ok(award(
            &[pot(101, &[0, 1, 2])],
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(25), ch(51), ch(25)]);
        // A mucked hand's low does not count.
        let high = [None, Some(9), Some(5)];
        let low = [Some(9u8), None, Some(1)];
        let s = ok(award(
            &[pot(10, &[0, 1, 2])],
            &high,
            Some(&low),
            &[0, 1, 2],
            &Settings::default(),
            true,
        ));
        assert_eq!(s.totals, vec![ch(0), ch(5), ch(5)]);
    }

    #[test]
    fn three_way_206_under_both_odd_chip_rules() {
        let high = [Some(1), Some(1), Some(1)];
        let pots = [pot(206, &[0, 1, 2])];
        let s = ok(award_high(
            &pots,
            &high,
            &[0, 1, 2],
            &settings(OddChip::LowestIndex),
            true,
        ));
        assert_eq!(s.totals, vec![ch(70), ch(68), ch(68)]);
        let s = ok(award_high(
            &pots,
            &high,
            &[0, 1, 2],
            &settings(OddChip::LeftOfButton),
            true,
        ));
        assert_eq!(s.totals, vec![ch(69), ch(69), ch(68)]);
        // Clockwise from the button's left decides, not the index.
        let s = ok(award_high(
            &pots,
            &high,
            &[2, 0, 1],
            &settings(OddChip::LeftOfButton),
            true,
        ));
        assert_eq!(s.totals, vec![ch(69), ch(68), ch(69)]);
        let s = ok(award_high(
            &pots,
            &high,
            &[2, 0, 1],
            &settings(OddChip::LowestIndex),
            true,
        ));
        assert_eq!(s.totals, vec![ch(70), ch(68), ch(68)]);
    }

    /// PD-ODD: a pot is split down to the chip unit, not the single chip: with 25s
    /// the smallest chip, 375 between two is 200 and 175 (the odd 25 to the first
    /// left of the button), and a hi/lo pot's halves are 200 high and 175 low.
    #[test]
    fn pd_odd_a_pot_is_split_down_to_the_chip_unit() {
        let in_25s = Settings {
            chip_unit: ch(25),
            ..settings(OddChip::LeftOfButton)
        };
        let s = ok(award_high(
            &[pot(375, &[0, 1])],
            &[Some(1), Some(1)],
            &[1, 0],
            &in_25s,
            true,
        ));
        assert_eq!(s.totals, vec![ch(175), ch(200)]);
        // Chips below the unit (a pot a colour-up left odd) ride with the odd unit.
        let s = ok(award_high(
            &[pot(380, &[0, 1])],
            &[Some(1), Some(1)],
            &[0, 1],
            &in_25s,
            true,
        ));
        assert_eq!(s.totals, vec![ch(205), ch(175)]);
        let board = "2c 5d 7h Ks Qs";
        let hands = [omaha("Kd Kc 9h 9d", board), omaha("Ah 3d Jc Jd", board)];
        let high: Vec<_> = hands.iter().map(|h| h.0).collect();
        let low: Vec<_> = hands.iter().map(|h| h.1).collect();
        let s = ok(award(
            &[pot(375, &[0, 1])],
            &high,
            Some(&low),
            &[0, 1],
            &in_25s,
            true,
        ));
        assert_eq!(s.totals, vec![ch(200), ch(175)]);
    }

    #[test]
    fn each_pot_is_split_on_its_own() {
        // Two pots with the same two winners: odd units per pot (PD-ODD), so 387 + 245
        // gives 194+123 / 193+122 under LeftOfButton, not 316/316.
        let high = [Some(3), Some(3), Some(1)];
        let pots = [pot(387, &[0, 1, 2]), pot(245, &[0, 1])];
        let s = ok(award_high(
            &pots,
            &high,
            &[0, 1, 2],
            &settings(OddChip::LeftOfButton),
            true,
        ));
        assert_eq!(s.totals, vec![ch(317), ch(315), ch(0)]);
    }

    #[test]
    fn single_eligible_player_takes_the_pot_without_showing() {
        let high: [Option<u8>; 3] = [None, None, Some(1)];
        let s = ok(award_high(
            &[pot(50, &[0]), pot(7, &[2])],
            &high,
            &[],
            &settings(OddChip::LowestIndex),
            false,
        ));
        assert_eq!(s.totals, vec![ch(50), ch(0), ch(7)]);
    }

    #[test]
    fn rake_from_the_main_pot() {
        let high = [Some(2), Some(1), Some(1)];
        let pots = [pot(600, &[0, 1, 2]), pot(400, &[1, 2])];
        let mut st = Settings {
            odd_chip: OddChip::LeftOfButton,
            rake: Some(Rake::basis_points(500)),
            chip_unit: ch(1),
        };
        let s = ok(award_high(&pots, &high, &[0, 1, 2], &st, true));
        assert_eq!(s.rake, ch(50));
        assert_eq!(
            s.awards[1],
            PotAward {
                pot_index: 0,
                amount: ch(550),
                rake: ch(50),
                winners: vec![(0, ch(550))]
            }
        );
        assert_eq!(s.totals, vec![ch(550), ch(200), ch(200)]);
        // Per mille and a cap.
        st.rake = Some(Rake::per_mille(50).with_cap(ch(30)));
        assert_eq!(
            ok(award_high(&pots, &high, &[0, 1, 2], &st, true)).rake,
            ch(30)
        );
        // No flop, no drop.
        assert_eq!(
            ok(award_high(&pots, &high, &[0, 1, 2], &st, false)).rake,
            ch(0)
        );
        let mut always = Rake::per_mille(50);
        always.no_flop_no_drop = false;
        assert_eq!(always.amount(ch(1000), false, ch(1)), Some(ch(50)));
        // Floor to the unit: 5 % of 99 is 4.
        assert_eq!(
            Rake::basis_points(500).amount(ch(99), true, ch(1)),
            Some(ch(4))
        );
        // A main pot smaller than the rake: the rest comes from the next pot.
        st.rake = Some(Rake::basis_points(1000));
        let s = ok(award_high(
            &[pot(5, &[0, 1, 2]), pot(95, &[1, 2])],
            &high,
            &[0, 1, 2],
            &st,
            true,
        ));
        assert_eq!(
            (s.rake, s.awards[1].amount, s.awards[0].amount),
            (ch(10), ch(0), ch(90))
        );
        assert_eq!(s.totals.iter().sum::<Chips>() + s.rake, ch(100));
        assert_eq!(Rake::basis_points(10_001).amount(ch(5), true, ch(1)), None);
        st.rake = Some(Rake::basis_points(10_001));
        assert_eq!(
            award_high(&[pot(5, &[0, 1, 2])], &high, &[0, 1, 2], &st, true),
            Err(ShowdownError::BadRake {
                basis_points: 10_001
            })
        );
    }

    #[test]
    fn errors() {
        let high = [Some(1), None, None];
        let st = Settings::default();
        let e = award_high(&[pot(10, &[1, 2])], &high, &[0, 1, 2], &st, true);
        assert_eq!(e, Err(ShowdownError::NoContender { pot: 0 }));
        let e = award_high(&[pot(10, &[0, 5])], &high, &[0, 1, 2], &st, true);
        assert_eq!(e, Err(ShowdownError::UnknownPlayer { pot: 0, player: 5 }));
        let e = award_high(&[pot(10, &[])], &high, &[0, 1, 2], &st, true);
        assert_eq!(e, Err(ShowdownError::NoEligible { pot: 0 }));
        let e = award_high(&[pot(10, &[0])], &high, &[0, 0], &st, true);
        assert_eq!(e, Err(ShowdownError::BadOrder { player: 0 }));
        let e = award_high(&[pot(10, &[0])], &high, &[7], &st, true);
        assert_eq!(e, Err(ShowdownError::BadOrder { player: 7 }));
        let tie = [Some(1), Some(1), None];
        let e = award_high(&[pot(11, &[0, 1])], &tie, &[0], &st, true);
        assert_eq!(e, Err(ShowdownError::NotInOrder { player: 1 }));
        let e = award(
            &[pot(11, &[0, 1])],
            &tie,
            Some(&[None::<u8>]),
            &[0, 1],
            &st,
            true,
        );
        assert_eq!(e, Err(ShowdownError::LengthMismatch { high: 3, low: 1 }));
        let e = award_high(&[pot(u64::MAX, &[0]), pot(1, &[0])], &high, &[0], &st, true);
        assert_eq!(e, Err(ShowdownError::Overflow));
        assert!(ShowdownError::NoContender { pot: 2 }
            .to_string()
            .contains("floor"));
    }

    // ---- properties ------------------------------------------------------------

    type Case = (
        Vec<u64>,
        u64,
        Vec<bool>,
        Vec<Option<u8>>,
        Vec<Option<u8>>,
        Vec<usize>,
        bool,
        u32,
        bool,
    );

    fn case() -> impl Strategy<Value = Case> {
        (2usize..=9)
            .prop_flat_map(|n| {
                (
                    proptest::collection::vec(0u64..2000, n),
                    0u64..50,
                    proptest::collection::vec(any::<bool>(), n),
                    proptest::collection::vec(proptest::option::weighted(0.8, 0u8..4), n),
                    proptest::collection::vec(proptest::option::weighted(0.5, 0u8..3), n),
                    Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                    any::<bool>(),
                    0u32..1500,
                    any::<bool>(),
                )
            })
            .prop_map(
                |(c, dead, mut folded, mut high, low, order, lob, bp, hilo)| {
                    // At least one live player with a hand; folded players have none.
                    folded[order[0]] = false;
                    for (p, f) in folded.iter().enumerate() {
                        if *f {
                            high[p] = None;
                        }
                    }
                    if high[order[0]].is_none() {
                        high[order[0]] = Some(0);
                    }
                    (c, dead, folded, high, low, order, lob, bp, hilo)
                },
            )
    }

    proptest! {
        #[test]
        fn every_pot_is_paid_in_full((c, dead, folded, high, low, order, lob, bp, hilo) in case()) {
            let pots = build_pots(&c, dead, &folded).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let st = Settings {
                odd_chip: if lob { OddChip::LeftOfButton } else { OddChip::LowestIndex },
                rake: (bp > 0).then(|| Rake::basis_points(bp).with_cap(ch(100))),
                chip_unit: ch(1),
            };
            let low = hilo.then_some(low.as_slice());
            let s = award(&pots, &high, low, &order, &st, true);
            // Eligible players may all lack a hand (all mucked): then it is an error, not a loss.
            let contested_without_hand = pots.iter().any(|p| {
                p.eligible.len() > 1 && p.eligible.iter().all(|&q| high[q].is_none())
            });
            if contested_without_hand {
                let no_contender = matches!(s, Err(ShowdownError::NoContender { .. }));
                prop_assert!(no_contender, "{:?}", s);
                return Ok(());
            }
            let s = s.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let in_pots: Chips = pots.iter().map(|p| p.amount).sum();
            let paid: Chips = s.awards.iter().map(|a| a.winners.iter().map(|w| w.1).sum::<Chips>()).sum();
            prop_assert_eq!(paid + s.rake, in_pots);
            prop_assert_eq!(s.totals.iter().sum::<Chips>() + s.rake, in_pots);
            prop_assert_eq!(s.awards.iter().map(|a| a.rake).sum::<Chips>(), s.rake);
            prop_assert!(s.rake <= ch(100));
            for a in &s.awards {
                let p = &pots[a.pot_index];
                prop_assert_eq!(a.amount + a.rake, p.amount);
                prop_assert_eq!(a.winners.iter().map(|w| w.1).sum::<Chips>(), a.amount);
                prop_assert!(a.winners.iter().all(|w| p.eligible.contains(&w.0)));
            }
            // Side pots first (R-POT-5).
            prop_assert!(s.awards.windows(2).all(|w| w[0].pot_index > w[1].pot_index));
        }

        #[test]
        fn odd_units_never_more_than_one_each(amount in 0u64..10_000, k in 1usize..8, start in 0usize..8) {
            let n = 8;
            let high = vec![Some(1u8); n];
            let winners: Vec<usize> = (0..k).collect();
            let order: Vec<usize> = (0..n).map(|i| (i + start) % n).collect();
            let s = award_high(&[pot(amount, &winners)], &high, &order, &settings(OddChip::LeftOfButton), true)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let got: Vec<u64> = s.totals[..k].iter().map(|c| c.get()).collect();
            let lo = got.iter().min().copied().unwrap_or(0);
            prop_assert!(got.iter().all(|&g| g == lo || g == lo + 1));
            prop_assert_eq!(got.iter().sum::<u64>(), amount);
        }
    }

    // ---- the PokerKit sample corpus -------------------------------------------------

    /// The chip ledger of a hand history (no rules checked: the corpus is legal):
    /// each player's contributions, the dead antes, who folded or mucked, the cards,
    /// and each stack once betting is over.
    struct Ledger {
        totals: Vec<u64>,
        dead: u64,
        folded: Vec<bool>,
        mucked: Vec<bool>,
        hole: Vec<Vec<Card>>,
        board: Vec<Card>,
        stacks: Vec<u64>,
    }

    fn ledger(h: &HandHistory) -> Ledger {
        let n = h.player_count();
        // Heads-up the forced bets are listed in reverse (p1 is the big blind).
        let posted = |v: &[u64], p: usize| if n == 2 { v[1 - p] } else { v[p] };
        let mut stacks = h.starting_stacks.clone();
        let mut dead = 0;
        let mut street = vec![0u64; n];
        for p in 0..n {
            let a = posted(&h.antes, p).min(stacks[p]);
            stacks[p] -= a;
            dead += a;
            let b = posted(&h.blinds_or_straddles, p).min(stacks[p]);
            stacks[p] -= b;
            street[p] = b;
        }
        let mut l = Ledger {
            totals: vec![0; n],
            dead,
            folded: vec![false; n],
            mucked: vec![false; n],
            hole: vec![Vec::new(); n],
            board: Vec::new(),
            stacks,
        };
        let collect = |l: &mut Ledger, street: &mut Vec<u64>| {
            for (t, s) in l.totals.iter_mut().zip(street.iter()) {
                *t += s;
            }
            // R-POT-2, as the engine returns it.
            if let Some((p, x)) =
                firmware::hand::uncalled_excess(street.iter().copied().map(Chips::new).enumerate())
            {
                l.totals[p] -= x.get();
                l.stacks[p] += x.get();
            }
            street.iter_mut().for_each(|s| *s = 0);
        };
        for a in &h.actions {
            match a {
                PhhAction::DealHole { player, cards } => {
                    l.hole[*player] = cards.iter().flatten().copied().collect()
                }
                PhhAction::DealBoard { cards } => {
                    collect(&mut l, &mut street);
                    l.board.extend(cards.iter().flatten());
                }
                PhhAction::Fold { player } => l.folded[*player] = true,
                PhhAction::CheckCall { player } => {
                    let p = *player;
                    let top = street.iter().copied().max().unwrap_or(0);
                    let add = top.saturating_sub(street[p]).min(l.stacks[p]);
                    street[p] += add;
                    l.stacks[p] -= add;
                }
                PhhAction::CompleteBetRaise { player, to } => {
                    let p = *player;
                    let add = to - street[p];
                    street[p] = *to;
                    l.stacks[p] -= add;
                }
                PhhAction::ShowMuck {
                    player,
                    shown: Shown::Muck,
                } => l.mucked[*player] = true,
                _ => {}
            }
        }
        collect(&mut l, &mut street);
        l
    }

    /// A pot as the checker compares it: amount, eligible, winners, awards (1-based).
    type PotRow = (u64, Vec<u64>, Vec<u64>, Vec<(u64, u64)>);

    #[test]
    fn pokerkit_sample_pots_awards_and_stacks() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let Some(dir) = crate::peers::or_skip(
            crate::peers::shared(&root, "corpora/pokerkit-sample"),
            "REQUIRE_SHARED",
            "the PokerKit sample's pots, awards and stacks",
            crate::peers::SHARED_SETUP,
        ) else {
            return;
        };
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "phh"))
            .collect();
        files.sort();
        assert!(!files.is_empty());
        for f in &files {
            let h = match phh::parse_file(f).map(|mut v| v.pop()) {
                Ok(Some(h)) => h,
                other => panic!("{}: {other:?}", f.display()),
            };
            let json_text = std::fs::read_to_string(f.with_extension("json")).unwrap_or_default();
            let want: serde_json::Value = match serde_json::from_str(&json_text) {
                Ok(v) => v,
                Err(e) => panic!("{}: {e}", f.display()),
            };
            let l = ledger(&h);
            let pots = match build_pots(&l.totals, l.dead, &l.folded) {
                Ok(p) => p,
                Err(e) => panic!("{}: {e}", f.display()),
            };
            let n = h.player_count();
            let live = |p: usize| !l.folded[p] && !l.mucked[p];
            let (high, low): (Vec<Option<HandValue>>, Vec<Option<LowValue>>) = (0..n)
                .map(|p| {
                    if !live(p) {
                        return (None, None);
                    }
                    let (hole, board) = (&l.hole[p], &l.board);
                    match h.variant {
                        Variant::NoLimitHoldem
                        | Variant::FixedLimitHoldem
                        | Variant::PotLimitHoldem => (holdem(hole, board).ok(), None),
                        Variant::PotLimitOmaha => (omaha_high(hole, board).ok(), None),
                        Variant::FixedLimitOmahaHiLo => (
                            omaha_high(hole, board).ok(),
                            omaha_low(hole, board, LowRules::default()).ok().flatten(),
                        ),
                        other => panic!("{}: the corpus has no {other} hands", f.display()),
                    }
                })
                .unzip();
            let hilo = h.variant == Variant::FixedLimitOmahaHiLo;
            let clockwise: Vec<usize> = (0..n).collect();
            let s = match award(
                &pots,
                &high,
                hilo.then_some(low.as_slice()),
                &clockwise,
                &settings(OddChip::LowestIndex),
                true,
            ) {
                Ok(s) => s,
                Err(e) => panic!("{}: {e}", f.display()),
            };
            // Pots: amount, eligible and winners (1-based), main pot first.
            let mut got = Vec::new();
            for (i, p) in pots.iter().enumerate() {
                let award = s.awards.iter().find(|a| a.pot_index == i);
                let winners: Vec<u64> = award
                    .map(|a| a.winners.iter().map(|w| w.0 as u64 + 1).collect())
                    .unwrap_or_default();
                let paid: Vec<(u64, u64)> = award
                    .map(|a| {
                        a.winners
                            .iter()
                            .map(|w| (w.0 as u64 + 1, w.1.get()))
                            .collect()
                    })
                    .unwrap_or_default();
                got.push((
                    p.amount.get(),
                    p.eligible.iter().map(|&e| e as u64 + 1).collect::<Vec<_>>(),
                    winners,
                    paid,
                ));
            }
            let expected: Vec<PotRow> = want["pots"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| {
                    let nums = |k: &str| -> Vec<u64> {
                        p[k].as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(serde_json::Value::as_u64)
                            .collect()
                    };
                    let mut paid: Vec<(u64, u64)> = p["awards"]
                        .as_object()
                        .into_iter()
                        .flatten()
                        .filter_map(|(k, v)| Some((k.parse().ok()?, v.as_u64()?)))
                        .collect();
                    paid.sort_unstable();
                    (
                        p["amount"].as_u64().unwrap_or(0),
                        nums("eligible"),
                        nums("winners"),
                        paid,
                    )
                })
                .collect();
            assert_eq!(got, expected, "{}", f.display());
            let finishing: Vec<u64> = (0..n).map(|p| l.stacks[p] + s.totals[p].get()).collect();
            let want_stacks: Vec<u64> = want["finishing_stacks"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(serde_json::Value::as_u64)
                .collect();
            assert_eq!(finishing, want_stacks, "{}", f.display());
        }
        eprintln!(
            "{} PokerKit sample hands: pots, awards and finishing stacks match",
            files.len()
        );
    }
}
