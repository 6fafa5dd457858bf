//! # Main and side pots
//!
//! Before working on this file, read RULES.md §14 (R-POT-1..5), the worked
//! examples E11-E13 and replay-schema.md, rules 1-3 for `pots`.
//!
//! The uncalled part of each betting round went back to its owner before the pots
//! are formed (R-POT-2, E13, rule 1): the engine returns it
//! ([`firmware::hand::uncalled_excess`]). [`build_pots`] then takes the players'
//! total contributions of the hand (antes excluded, uncalled chips already
//! returned), the dead money (antes, dead small blinds) and who folded, and gives the
//! main pot and the side pots (R-POT-4): layers at each distinct contribution level,
//! eligible = not folded and contributed at least the level, consecutive layers with
//! the same eligible players merged, empty pots left out. Dead money goes into the
//! first pot, as PokerKit does with `ante_trimming_status = false`.
//!
//! Amounts are integers in the table's chip unit; sums are checked, so no input
//! makes these functions panic or wrap.

use core::fmt;
use firmware::Chips;

/// A pot: its chips and the players (0-based indices) who can win it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pot {
    /// Chips in the pot.
    pub amount: Chips,
    /// Players who can win it, ascending: not folded, and contributed at least
    /// the pot's level. May be a single player (dead money he alone can win).
    pub eligible: Vec<usize>,
}

/// Why pots could not be formed. Each is a bookkeeping error in the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PotError {
    /// `folded` has a different length from the contributions: pass one entry per
    /// player.
    LengthMismatch {
        /// Entries in the contributions.
        contributions: usize,
        /// Entries in the other slice.
        other: usize,
    },
    /// The chips add up to more than `u64::MAX`: the amounts are corrupt.
    Overflow,
    /// Chips are in the middle but every player has folded, so nobody can win
    /// them: at least one player must still be in the hand.
    NoOneLeft,
}

impl fmt::Display for PotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PotError::LengthMismatch {
                contributions,
                other,
            } => write!(
                f,
                "{contributions} contributions but {other} entries for the players: give one per player"
            ),
            PotError::Overflow => f.write_str("the chips add up to more than a u64 holds"),
            PotError::NoOneLeft => {
                f.write_str("chips are in the pot but every player has folded: nobody can win them")
            }
        }
    }
}

impl std::error::Error for PotError {}

/// The main pot and the side pots (R-POT-3, R-POT-4; replay-schema rules 2-3).
///
/// * `contributions[p]`: chips player `p` put in this hand (blinds, straddle,
///   bets and calls; not antes), after the uncalled excess went back.
/// * `dead`: antes and dead posts; they all go into the first pot
///   (`ante_trimming_status = false`).
/// * `folded[p]`: the player folded (his chips stay in the layers they reached).
///
/// The result is the main pot first, then the side pots by ascending level. A
/// layer above every live player's contribution (chips only folded players
/// reached) has nobody to win it and joins the pot below it. A live player
/// who put in nothing (all in for his ante) is eligible for the dead money only.
///
/// ```
/// use firmware::Chips;
/// use host::money::pots::{build_pots, Pot};
/// let c = Chips::new;
/// // E11: A all in 100, B all in 250, C calls 250 (his other 150 went back).
/// let pots = build_pots(&[c(100), c(250), c(250)], Chips::ZERO, &[false; 3]).unwrap();
/// assert_eq!(pots, vec![
///     Pot { amount: c(300), eligible: vec![0, 1, 2] },
///     Pot { amount: c(300), eligible: vec![1, 2] },
/// ]);
/// ```
pub fn build_pots(
    contributions: &[Chips],
    dead: Chips,
    folded: &[bool],
) -> Result<Vec<Pot>, PotError> {
    if contributions.len() != folded.len() {
        return Err(PotError::LengthMismatch {
            contributions: contributions.len(),
            other: folded.len(),
        });
    }
    // Checked once here, so no layer sum below can overflow either.
    contributions
        .iter()
        .try_fold(dead, |acc, &c| acc.checked_add(c))
        .ok_or(PotError::Overflow)?;
    let live = |p: usize| !folded.get(p).copied().unwrap_or(true);
    // The levels in increasing order, each the smallest contribution above the last:
    // a table's handful of players, walked again per level rather than sorted into
    // a list of their own.
    let next_level = |prev: Chips| contributions.iter().copied().filter(|&c| c > prev).min();

    // Level 0 holds the dead money; every live player is in for at least 0.
    let mut pots = vec![Pot {
        amount: dead,
        eligible: (0..contributions.len()).filter(|&p| live(p)).collect(),
    }];
    let mut prev = Chips::ZERO;
    while let Some(level) = next_level(prev) {
        // Each player's part of this layer: min(c, level) - prev, if c > prev.
        let amount = contributions
            .iter()
            .filter(|&&c| c > prev)
            .map(|&c| c.min(level) - prev)
            .try_fold(Chips::ZERO, |acc, x| acc.checked_add(x))
            .ok_or(PotError::Overflow)?;
        let eligible = || {
            contributions
                .iter()
                .enumerate()
                .filter(|&(p, &c)| live(p) && c >= level)
                .map(|(p, _)| p)
        };
        prev = level;
        match pots.last_mut() {
            // Nobody left at this level, or the same players: one pot. Compared
            // before anything is collected: most layers merge, and a replay forms
            // the pots of thousands of hands a second.
            Some(last)
                if eligible().next().is_none() || eligible().eq(last.eligible.iter().copied()) =>
            {
                last.amount = last.amount.checked_add(amount).ok_or(PotError::Overflow)?;
            }
            _ => pots.push(Pot {
                amount,
                eligible: eligible().collect(),
            }),
        }
    }
    pots.retain(|p| p.amount > Chips::ZERO);
    if pots.iter().any(|p| p.eligible.is_empty()) {
        return Err(PotError::NoOneLeft);
    }
    Ok(pots)
}

/// The chips in all pots.
pub fn total(pots: &[Pot]) -> Result<Chips, PotError> {
    pots.iter()
        .try_fold(Chips::ZERO, |acc, p| acc.checked_add(p.amount))
        .ok_or(PotError::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pot(amount: u64, eligible: &[usize]) -> Pot {
        Pot {
            amount: Chips::new(amount),
            eligible: eligible.to_vec(),
        }
    }

    /// [`super::build_pots`] of plain numbers, for readable test data.
    fn build_pots(contributions: &[u64], dead: u64, folded: &[bool]) -> Result<Vec<Pot>, PotError> {
        let c: Vec<Chips> = contributions.iter().copied().map(Chips::new).collect();
        super::build_pots(&c, Chips::new(dead), folded)
    }

    /// [`super::total`] as a plain number.
    fn total(pots: &[Pot]) -> Result<u64, PotError> {
        super::total(pots).map(Chips::get)
    }

    /// The uncalled part of the round `street` (R-POT-2), as the engine finds it,
    /// taken out of the hand totals `totals`, which include the round: to whom it
    /// went back and how much.
    fn return_uncalled(totals: &mut [u64], street: &[u64]) -> Option<(usize, u64)> {
        let back =
            firmware::hand::uncalled_excess(street.iter().copied().map(Chips::new).enumerate());
        if let Some((p, x)) = back {
            totals[p] -= x.get();
        }
        back.map(|(p, x)| (p, x.get()))
    }

    #[test]
    fn e11_side_pots() {
        // A (button) 100, B (SB) 250, C (BB) 400; A all in 100, B all in 250, C calls.
        let street = [100, 250, 400];
        let mut totals = street;
        assert_eq!(return_uncalled(&mut totals, &street), Some((2, 150)));
        assert_eq!(totals, [100, 250, 250]);
        assert_eq!(
            build_pots(&totals, 0, &[false; 3]),
            Ok(vec![pot(300, &[0, 1, 2]), pot(300, &[1, 2])])
        );
    }

    #[test]
    fn e12_fold_and_uncalled_bet() {
        // A 50, B 120, C 300, D 300. Preflop A all in 50, B all in 120, C and D call 120;
        // flop C bets 100, D calls; turn C all in 80, D folds: 80 back to C.
        let (a, b, c, d) = (0, 1, 2, 3);
        let turn = [0, 0, 80, 0];
        let mut totals = [50, 120, 300, 220];
        assert_eq!(return_uncalled(&mut totals, &turn), Some((c, 80)));
        assert_eq!(totals, [50, 120, 220, 220]);
        let mut folded = [false; 4];
        folded[d] = true;
        let pots = build_pots(&totals, 0, &folded);
        assert_eq!(
            pots,
            Ok(vec![
                pot(200, &[a, b, c]),
                pot(210, &[b, c]),
                pot(200, &[c])
            ])
        );
        assert_eq!(pots.map(|p| total(&p)), Ok(Ok(610)));
    }

    #[test]
    fn e13_uncalled_excess() {
        // River, pot 200: A bets 500, B calls all in 300 → 200 back, pot 800.
        let river = [500, 300];
        let mut totals = [600, 400];
        assert_eq!(return_uncalled(&mut totals, &river), Some((0, 200)));
        assert_eq!(
            build_pots(&totals, 0, &[false, false]),
            Ok(vec![pot(800, &[0, 1])])
        );
    }

    #[test]
    fn walk_is_one_pot_for_the_big_blind() {
        // replay-schema rule 3: blinds 5/10, everyone folds to the big blind.
        let street = [5, 10, 0, 0];
        let mut totals = street;
        assert_eq!(return_uncalled(&mut totals, &street), Some((1, 5)));
        let folded = [true, false, true, true];
        assert_eq!(build_pots(&totals, 0, &folded), Ok(vec![pot(10, &[1])]));
        // With antes of 1 each, they are in the same pot.
        assert_eq!(build_pots(&totals, 4, &folded), Ok(vec![pot(14, &[1])]));
    }

    #[test]
    fn antes_join_the_main_pot() {
        // Four antes of 5, then A all in 40, B and C call 100, D folds after 10.
        let pots = build_pots(&[40, 100, 100, 10], 20, &[false, false, false, true]);
        assert_eq!(
            pots,
            Ok(vec![pot(20 + 40 * 3 + 10, &[0, 1, 2]), pot(120, &[1, 2])])
        );
    }

    #[test]
    fn pd_tourn_bba_a_short_big_blinds_dead_ante_is_in_the_main_pot_chip_exact() {
        // 100/200, big-blind ante 200. The big blind (0) has 300: blind 200 first, then
        // the 100 left of the ante, dead; all-in. Player 1 goes all-in for 1000, player
        // 2 calls; player 3 called 200 and folded.
        let (contributions, dead) = ([200, 1000, 1000, 200], 100);
        let pots = build_pots(&contributions, dead, &[false, false, false, true]);
        let main = 100 + 200 * 4;
        assert_eq!(pots, Ok(vec![pot(main, &[0, 1, 2]), pot(1600, &[1, 2])]));
        let put_in: u64 = contributions.iter().sum::<u64>() + dead;
        assert_eq!(total(&pots.unwrap()), Ok(put_in), "no chip lost");
    }

    #[test]
    fn folded_chips_stay_in_the_layers_they_reached() {
        // A folds after 50; B all in 30; C 100. A's 20 above 30 joins C's side pot.
        let pots = build_pots(&[50, 30, 100], 0, &[true, false, false]);
        assert_eq!(pots, Ok(vec![pot(90, &[1, 2]), pot(90, &[2])]));
    }

    #[test]
    fn chips_only_folded_players_reached_join_the_pot_below() {
        // B all in 30 is the only live player; A and C folded after 100.
        let pots = build_pots(&[100, 30, 100], 0, &[true, false, true]);
        assert_eq!(pots, Ok(vec![pot(230, &[1])]));
    }

    #[test]
    fn all_in_for_the_ante_wins_only_the_dead_money() {
        let pots = build_pots(&[0, 50, 50], 3, &[false; 3]);
        assert_eq!(pots, Ok(vec![pot(3, &[0, 1, 2]), pot(100, &[1, 2])]));
    }

    #[test]
    fn errors() {
        assert_eq!(
            build_pots(&[1, 2], 0, &[false]),
            Err(PotError::LengthMismatch {
                contributions: 2,
                other: 1
            })
        );
        assert_eq!(
            build_pots(&[u64::MAX, 1], 0, &[false; 2]),
            Err(PotError::Overflow)
        );
        assert_eq!(
            build_pots(&[5, 5], 0, &[true, true]),
            Err(PotError::NoOneLeft)
        );
        assert_eq!(build_pots(&[0, 0], 0, &[true, true]), Ok(vec![]));
        assert_eq!(build_pots(&[], 0, &[]), Ok(vec![]));
        assert!(PotError::NoOneLeft.to_string().contains("folded"));
    }

    fn hand() -> impl Strategy<Value = (Vec<u64>, u64, Vec<bool>)> {
        (2usize..=10)
            .prop_flat_map(|n| {
                (
                    proptest::collection::vec(prop_oneof![Just(0u64), 1u64..50, 1u64..5000], n),
                    0u64..100,
                    proptest::collection::vec(any::<bool>(), n),
                    0..n,
                )
            })
            .prop_map(|(c, dead, mut folded, keep)| {
                folded[keep] = false;
                (c, dead, folded)
            })
    }

    proptest! {
        #[test]
        fn pots_hold_every_chip((c, dead, folded) in hand()) {
            // At least one player is live, so there is always someone to win.
            let pots = build_pots(&c, dead, &folded).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(total(&pots), Ok(c.iter().sum::<u64>() + dead));
            prop_assert!(pots.iter().all(|p| p.amount > Chips::ZERO && !p.eligible.is_empty()));
            for p in &pots {
                prop_assert!(p.eligible.windows(2).all(|w| w[0] < w[1]));
                prop_assert!(p.eligible.iter().all(|&i| !folded[i]));
            }
        }

        #[test]
        fn every_live_player_with_chips_in_is_in_the_main_pot((c, dead, folded) in hand()) {
            let pots = build_pots(&c, dead, &folded).map_err(|e| TestCaseError::fail(e.to_string()))?;
            for (p, (&x, &f)) in c.iter().zip(&folded).enumerate() {
                if x > 0 && !f {
                    prop_assert!(pots.first().is_some_and(|m| m.eligible.contains(&p)), "p{} {:?}", p, pots);
                }
            }
        }

        #[test]
        fn eligibility_shrinks_from_main_to_side_pots((c, dead, folded) in hand()) {
            let pots = build_pots(&c, dead, &folded).map_err(|e| TestCaseError::fail(e.to_string()))?;
            for w in pots.windows(2) {
                prop_assert!(w[1].eligible.len() < w[0].eligible.len());
                prop_assert!(w[1].eligible.iter().all(|p| w[0].eligible.contains(p)));
            }
        }

        #[test]
        fn a_player_wins_at_most_his_match_from_each((c, dead, folded) in hand()) {
            // R-POT-3, when some live player reached the top level (else the chips
            // above fall to the pot below).
            let top = c.iter().copied().max().unwrap_or(0);
            prop_assume!(c.iter().zip(&folded).any(|(&x, &f)| x == top && !f));
            let pots = build_pots(&c, dead, &folded).map_err(|e| TestCaseError::fail(e.to_string()))?;
            for (p, &mine) in c.iter().enumerate() {
                let can_win: u64 = pots.iter().filter(|q| q.eligible.contains(&p)).map(|q| q.amount.get()).sum();
                let cap: u64 = dead + c.iter().map(|&x| x.min(mine)).sum::<u64>();
                prop_assert!(can_win <= cap, "p{} can win {} > {}", p, can_win, cap);
            }
        }
    }
}
