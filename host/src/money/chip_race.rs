//! The chip race of a tournament's colour-up (PD-TOURN-RACE, TDA 2024 Rule 12): the
//! one place its result is computed. The table only applies it, one
//! [`firmware::Input::ColorUp`] a seat, and logs each seat's chips before and after.
//!
//! When a denomination leaves play, each player's chips of it that make whole chips
//! of the next denomination are coloured up; what is left over (his *odd chips*) is
//! raced. He is dealt one card per odd chip. The highest cards win one chip of the
//! next denomination each, a player winning at most one, so only his best card
//! counts; equal ranks go by suit in bridge order (spades, hearts, diamonds, clubs).
//!
//! **Rounding.** The chips raced are the odd chips' total value in chips of the next
//! denomination, rounded to the nearest (a half rounds up), and never more than the
//! players racing. So the value won differs from the value removed by less than one
//! chip of the next denomination, plus any chip the cap leaves out: the race's
//! rounding. And no player is raced out of the tournament: one left with no chips
//! who wins none is given one chip of the next denomination (TDA 2024 Rule 12), which
//! adds that chip's value.

use firmware::{Card, Chips, Input, SeatNo};
use std::fmt;

/// One seat in the race: its chips and the cards dealt for its odd chips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Racer {
    /// The seat.
    pub seat: SeatNo,
    /// His chips before the colour-up.
    pub stack: Chips,
    /// One card a chip of the denomination removed that he still holds, as the shoe
    /// read them or the dealer keyed them.
    pub cards: Vec<Card>,
}

/// A seat's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Raced {
    /// The seat.
    pub seat: SeatNo,
    /// His chips before.
    pub before: Chips,
    /// His chips after: his odd chips gone, a chip of the next denomination won or
    /// given.
    pub after: Chips,
}

impl Raced {
    /// The table's input that applies this result.
    pub fn input(&self) -> Input {
        Input::ColorUp {
            seat: self.seat,
            stack: self.after,
        }
    }
}

/// A race that cannot be run as given: nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChipRaceError {
    /// The denominations: the one removed must be smaller than the next and divide it.
    Denominations {
        /// The denomination removed.
        removed: Chips,
        /// The next denomination.
        next: Chips,
    },
    /// The cards for a seat are not one a chip of his the colour-up leaves over.
    CardCount {
        /// The seat.
        seat: SeatNo,
        /// The odd chips his stack leaves.
        odd: u64,
        /// The cards given.
        cards: usize,
    },
    /// A seat's odd chips are not chips of the denomination removed.
    NotRaceable {
        /// The seat.
        seat: SeatNo,
    },
    /// A card was dealt twice (or a seat named twice): read the cards again.
    Duplicate,
}

impl fmt::Display for ChipRaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChipRaceError::Denominations { removed, next } => write!(
                f,
                "chip race: the chip removed ({removed}) must be smaller than the next ({next}) and divide it"
            ),
            ChipRaceError::CardCount { seat, odd, cards } => write!(
                f,
                "chip race: seat {seat} has {odd} odd chip(s) but {cards} card(s): deal one card a chip"
            ),
            ChipRaceError::NotRaceable { seat } => write!(
                f,
                "chip race: seat {seat}'s chips left over are not chips of the denomination removed: count them again"
            ),
            ChipRaceError::Duplicate => {
                f.write_str("chip race: a card or a seat appears twice: deal or enter them again")
            }
        }
    }
}

impl std::error::Error for ChipRaceError {}

/// The order of cards in the race: rank, then suit in bridge order (spades highest).
fn race_key(c: Card) -> (u8, u8) {
    (c.rank() as u8, 3 - c.suit().index())
}

/// Runs the race when chips of value `removed` leave play and `next` is the next
/// denomination. Every seat with chips is given; the result has one entry a seat,
/// in the order given.
///
/// ```
/// use firmware::{Chips, SeatNo};
/// use host::money::chip_race::{chip_race, Racer};
/// let c = Chips::new;
/// let racer = |s, stack, cards: &[&str]| Racer {
///     seat: SeatNo::new(s).unwrap(),
///     stack: c(stack),
///     cards: cards.iter().map(|x| x.parse().unwrap()).collect(),
/// };
/// // 25s leave, 100s stay: 75 + 50 + 25 = 150 odd, so 2 chips of 100 are raced
/// // (1.5 rounds up). The two aces win them; the king of hearts loses.
/// let out = chip_race(c(25), c(100), &[
///     racer(1, 1275, &["As", "2c", "3d"]),
///     racer(2, 850, &["Kh", "4c"]),
///     racer(3, 525, &["Ah"]),
/// ]).unwrap();
/// let after: Vec<u64> = out.iter().map(|r| r.after.get()).collect();
/// assert_eq!(after, [1300, 800, 600]);
/// ```
pub fn chip_race(
    removed: Chips,
    next: Chips,
    racers: &[Racer],
) -> Result<Vec<Raced>, ChipRaceError> {
    let (r, n) = (removed.get(), next.get());
    if r == 0 || n <= r || n % r != 0 {
        return Err(ChipRaceError::Denominations { removed, next });
    }
    let mut seen_cards = Vec::new();
    let mut seen_seats = Vec::new();
    let mut total_odd: u128 = 0;
    for racer in racers {
        let odd_value = racer.stack.get() % n;
        if odd_value % r != 0 {
            return Err(ChipRaceError::NotRaceable { seat: racer.seat });
        }
        let odd = odd_value / r;
        if usize::try_from(odd).ok() != Some(racer.cards.len()) {
            return Err(ChipRaceError::CardCount {
                seat: racer.seat,
                odd,
                cards: racer.cards.len(),
            });
        }
        if seen_seats.contains(&racer.seat) || racer.cards.iter().any(|c| seen_cards.contains(c)) {
            return Err(ChipRaceError::Duplicate);
        }
        seen_seats.push(racer.seat);
        seen_cards.extend(racer.cards.iter().copied());
        total_odd += u128::from(odd_value);
    }
    // The chips raced: the odd value in next chips, a half rounding up, at most one a
    // player racing.
    let racing = racers.iter().filter(|x| !x.cards.is_empty()).count();
    let rounded = (total_odd + u128::from(n) / 2) / u128::from(n);
    let chips = usize::try_from(rounded).map_or(racing, |k| k.min(racing));
    // Players by their best card, highest first.
    let mut order: Vec<(usize, (u8, u8))> = racers
        .iter()
        .enumerate()
        .filter_map(|(i, x)| x.cards.iter().map(|&c| race_key(c)).max().map(|k| (i, k)))
        .collect();
    order.sort_by_key(|&(_, key)| std::cmp::Reverse(key));
    let winners: Vec<usize> = order.iter().take(chips).map(|&(i, _)| i).collect();
    Ok(racers
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let kept = x.stack.get() - x.stack.get() % n;
            // No one is raced out: a player left with nothing gets a chip.
            let won = winners.contains(&i) || kept == 0;
            Raced {
                seat: x.seat,
                before: x.stack,
                after: Chips::new(kept + if won { n } else { 0 }),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ch, sn};

    fn racer(seat: u8, stack: u64, cards: &[&str]) -> Racer {
        Racer {
            seat: sn(seat),
            stack: ch(stack),
            cards: cards.iter().map(|c| c.parse().unwrap()).collect(),
        }
    }

    fn after(out: &[Raced]) -> Vec<u64> {
        out.iter().map(|r| r.after.get()).collect()
    }

    #[test]
    fn pd_tourn_race_suits_break_ties_in_bridge_order_and_one_chip_a_player() {
        // 25s leave for 100s. Odd: 75 + 75 + 75 = 225: 2 chips raced (2.25 rounds down).
        // Seat 1 holds two aces but wins one chip; the second goes to the king of
        // hearts, which beats the king of clubs by suit.
        let out = chip_race(
            ch(25),
            ch(100),
            &[
                racer(1, 1075, &["As", "Ad", "2c"]),
                racer(2, 575, &["Kc", "3c", "4c"]),
                racer(3, 675, &["Kh", "5c", "6c"]),
            ],
        )
        .unwrap();
        assert_eq!(after(&out), [1100, 500, 700]);
        let removed: u64 = 225;
        let won: u64 = 200;
        assert!(removed.abs_diff(won) < 100, "within the race's rounding");
    }

    #[test]
    fn pd_tourn_race_nobody_is_raced_out() {
        // Seat 2 has only 25s worth 50: he loses the race but keeps a chip (TDA 12).
        let out = chip_race(
            ch(25),
            ch(100),
            &[racer(1, 1025, &["As"]), racer(2, 50, &["2c", "3c"])],
        )
        .unwrap();
        // 75 odd rounds to 1 chip: seat 1's ace wins it; seat 2 is given one.
        assert_eq!(after(&out), [1100, 100]);
    }

    #[test]
    fn pd_tourn_race_conserves_chips_within_its_rounding() {
        let racers = [
            racer(1, 1010, &["As", "Ks"]),
            racer(2, 2005, &["Qs"]),
            racer(3, 3000, &[]),
            racer(4, 995, &["2c", "3c", "4c", "5c"]),
        ];
        let out = chip_race(ch(5), ch(25), &racers).unwrap();
        let before: u64 = racers.iter().map(|r| r.stack.get()).sum();
        let total: u64 = after(&out).iter().sum();
        // Odd 10 + 5 + 0 + 20 = 35: 1 chip of 25 raced (1.4), 10 lost to rounding.
        assert_eq!(before - total, 10);
        assert_eq!(after(&out), [1025, 2000, 3000, 975]);
    }

    #[test]
    fn pd_tourn_race_bad_races_are_refused() {
        let e = chip_race(ch(25), ch(100), &[racer(1, 1075, &["As"])]).unwrap_err();
        assert_eq!(
            e,
            ChipRaceError::CardCount {
                seat: sn(1),
                odd: 3,
                cards: 1
            }
        );
        assert!(e.to_string().contains("one card a chip"), "{e}");
        let twice = [racer(1, 1025, &["As"]), racer(2, 1025, &["As"])];
        assert_eq!(
            chip_race(ch(25), ch(100), &twice),
            Err(ChipRaceError::Duplicate)
        );
        assert!(matches!(
            chip_race(ch(30), ch(100), &[]),
            Err(ChipRaceError::Denominations { .. })
        ));
        assert_eq!(
            chip_race(ch(25), ch(100), &[racer(1, 1010, &[])]),
            Err(ChipRaceError::NotRaceable { seat: sn(1) })
        );
    }
}
