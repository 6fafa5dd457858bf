//! What each place is paid, exact to the currency's smallest unit: the pool is the
//! entries' buy-ins, each paid place takes its basis points of it rounded down, and
//! the units rounding leaves go one each to the top places, first place first, so
//! the payouts always add up to the pool.
//!
//! Players who bust in the same hand with the same starting stack tie for the places
//! they take; they share those places' prizes equally, and the unit an equal share
//! cannot split goes to the tied players in the order given (the caller's draw).

use super::structure::{PayoutRow, WHOLE_POOL};

/// An amount of prize money, in the currency's smallest unit (cents).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Prize(pub u64);

impl std::fmt::Display for Prize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// The prize of each paid place, first place first, for a pool of `pool` units.
/// Places past the row's last are paid nothing.
pub fn place_prizes(row: &PayoutRow, pool: Prize) -> Vec<Prize> {
    let whole = u128::from(WHOLE_POOL);
    let mut prizes: Vec<u64> = row
        .places
        .iter()
        // u128: a pool of u64::MAX units times 10,000 basis points does not overflow.
        .map(|&bp| (u128::from(pool.0) * u128::from(bp) / whole) as u64)
        .collect();
    let paid: u64 = prizes.iter().sum();
    let mut left = pool.0.saturating_sub(paid);
    // At most one unit short per place, so one pass pays every leftover unit.
    for p in prizes.iter_mut() {
        if left == 0 {
            break;
        }
        *p += 1;
        left -= 1;
    }
    prizes.into_iter().map(Prize).collect()
}

/// The prizes of `tied` players sharing places `first..first + tied` (1-based), in
/// the order the players were given: the places' prizes added and split equally,
/// the units left over one each to the first players.
pub fn shared(prizes: &[Prize], first: usize, tied: usize) -> Vec<Prize> {
    if tied == 0 {
        return Vec::new();
    }
    let total: u64 = (first..first + tied)
        .map(|place| {
            place
                .checked_sub(1)
                .and_then(|i| prizes.get(i))
                .map_or(0, |p| p.0)
        })
        .sum();
    let n = tied as u64;
    let (each, odd) = (total / n, total % n);
    (0..n).map(|i| Prize(each + u64::from(i < odd))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(places: &[u32]) -> PayoutRow {
        PayoutRow {
            entries_up_to: 100,
            places: places.to_vec(),
        }
    }

    #[test]
    fn the_prizes_add_up_to_the_pool_to_the_cent() {
        // 61 entries of 100.00: 6,100.00, 50/30/20 of it.
        let p = place_prizes(&row(&[5000, 3000, 2000]), Prize(610_000));
        assert_eq!(p, vec![Prize(305_000), Prize(183_000), Prize(122_000)]);
        // A pool of 100.01 over three thirds: the odd cents go to the top places.
        let p = place_prizes(&row(&[3334, 3333, 3333]), Prize(10_001));
        assert_eq!(p.iter().map(|p| p.0).sum::<u64>(), 10_001);
        assert!(p[0] >= p[1] && p[1] >= p[2], "{p:?}");
    }

    #[test]
    fn every_pool_is_paid_whole() {
        for pool in (0..5_000u64).step_by(7) {
            let p = place_prizes(&row(&[4000, 2500, 1500, 1200, 800]), Prize(pool));
            assert_eq!(p.iter().map(|p| p.0).sum::<u64>(), pool);
            assert!(p.windows(2).all(|w| w[0] >= w[1]), "{pool}: {p:?}");
        }
        let p = place_prizes(&row(&[10_000]), Prize(u64::MAX));
        assert_eq!(p, vec![Prize(u64::MAX)]);
    }

    #[test]
    fn tied_players_share_their_places_prizes() {
        let prizes = [Prize(500), Prize(300), Prize(200), Prize(101)];
        // Two bust together for 3rd and 4th: 301 split 151/150.
        assert_eq!(shared(&prizes, 3, 2), vec![Prize(151), Prize(150)]);
        // A tie across the last paid place and an unpaid one.
        assert_eq!(shared(&prizes, 4, 2), vec![Prize(51), Prize(50)]);
        assert_eq!(shared(&prizes, 9, 3), vec![Prize(0); 3]);
        assert!(shared(&prizes, 1, 0).is_empty());
    }
}
