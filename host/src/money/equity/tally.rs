//! Counting who wins each board, and turning the counts into each player's
//! figures.
//!
//! The hot loops only record, per board, the set of high winners and the set of low
//! winners (a bit per player) in histograms; the shares follow from the histograms
//! once at the end, so a board costs one counter increment however many players
//! there are.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::{Equity, EquityReport, MAX_PLAYERS};

/// Share units per board: two halves (R-HILO-1) of a pot split up to ten ways
/// (lcm(1..=10) = 2520), so every share is a whole number of units.
pub const SHARE_UNITS: u64 = 2 * 2520;

/// The players (bit `p` for player `p`) whose value equals the best, or none when
/// the best is no better than `floor` (no qualifying low).
#[inline(always)]
pub(super) fn winners<T: Ord + Copy, const N: usize>(values: &[T; N], floor: T) -> u16 {
    let Some(best) = values.iter().copied().max() else {
        return 0;
    };
    if best <= floor {
        return 0;
    }
    values
        .iter()
        .enumerate()
        .fold(0u16, |m, (p, &v)| m | (u16::from(v == best) << p))
}

/// Up to this many players, boards are counted by the pair (high winners, low
/// winners) in one histogram of `4^players` counters (256 for four), one increment
/// a board; the halves, shared wins and scoops follow from it at the end. More
/// players count the halves as they come (a histogram would not fit the cache).
const JOINT_PLAYERS: usize = 4;

/// Boards counted by who won what.
#[derive(Clone)]
pub(super) struct Tally {
    players: usize,
    /// With at most [`JOINT_PLAYERS`] players: boards by `high | low << players`
    /// (folded into the fields below by [`Tally::report`]); otherwise empty.
    joint: Vec<u64>,
    /// Boards on which nobody has a low (every board outside hi/lo), by high winners.
    whole: Vec<u64>,
    /// Boards with a low, by high winners.
    high_half: Vec<u64>,
    /// Boards with a low, by low winners.
    low_half: Vec<u64>,
    /// Per player: boards with a low on which he is among the high and the low winners.
    both: [u64; MAX_PLAYERS],
    /// Per player: boards on which he alone has the best high and the best low.
    scoops: [u64; MAX_PLAYERS],
    /// Set by whoever asked for the count when its answer is no longer wanted.
    cancel: Option<Arc<AtomicBool>>,
    /// Whether the count stopped on `cancel`: its figures are then partial.
    stopped: bool,
}

impl Tally {
    /// No boards yet, for `players` players (at most [`MAX_PLAYERS`]).
    pub(super) fn new(players: usize) -> Tally {
        let sets = 1usize << players.min(MAX_PLAYERS);
        let joint = if players <= JOINT_PLAYERS {
            sets * sets
        } else {
            0
        };
        Tally {
            players: players.min(MAX_PLAYERS),
            joint: vec![0; joint],
            whole: vec![0; sets],
            high_half: vec![0; sets],
            low_half: vec![0; sets],
            both: [0; MAX_PLAYERS],
            scoops: [0; MAX_PLAYERS],
            cancel: None,
            stopped: false,
        }
    }

    /// The count gives up once `cancel` is set ([`Tally::stop`]).
    pub(super) fn cancelled_by(mut self, cancel: Option<Arc<AtomicBool>>) -> Tally {
        self.cancel = cancel;
        self
    }

    /// Whether to stop counting: asked by the loops between parts of the count (a
    /// part is at most some thousand boards), so that an answer nobody wants any
    /// more is given up within a fraction of a millisecond.
    #[inline]
    pub(super) fn stop(&mut self) -> bool {
        if let Some(cancel) = &self.cancel {
            self.stopped |= cancel.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// Whether the count was given up: its figures are partial.
    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }

    /// `boards` boards with the same winners: `high` and `low` are the winner sets
    /// ([`winners`]), `low` empty when nobody qualifies for low (then the high takes
    /// the whole pot, R-HILO-1).
    #[inline(always)]
    pub(super) fn record_boards(&mut self, high: u16, low: u16, boards: u64) {
        let pair = usize::from(high) | usize::from(low) << self.players;
        if let Some(n) = self.joint.get_mut(pair) {
            *n += boards;
        } else {
            self.record_apart(high, low, boards);
        }
    }

    /// [`Tally::record_boards`] into the whole pot's and the halves' counts.
    #[inline]
    fn record_apart(&mut self, high: u16, low: u16, boards: u64) {
        if low == 0 {
            if let Some(n) = self.whole.get_mut(usize::from(high)) {
                *n += boards;
            }
        } else {
            self.record_split(high, low, boards);
        }
    }

    #[inline]
    fn record_split(&mut self, high: u16, low: u16, boards: u64) {
        if let Some(n) = self.high_half.get_mut(usize::from(high)) {
            *n += boards;
        }
        if let Some(n) = self.low_half.get_mut(usize::from(low)) {
            *n += boards;
        }
        let mut in_both = high & low;
        if in_both == 0 {
            return;
        }
        let scoop = high == low && high.is_power_of_two();
        while in_both != 0 {
            let p = in_both.trailing_zeros() as usize;
            in_both &= in_both - 1;
            if let Some(n) = self.both.get_mut(p) {
                *n += boards;
            }
            if scoop {
                if let Some(n) = self.scoops.get_mut(p) {
                    *n += boards;
                }
            }
        }
    }

    /// Each player's figures (module docs of [`super`]).
    pub(super) fn report(&self, hilo: bool) -> EquityReport {
        let mut apart = self.clone();
        apart.joint = Vec::new();
        let players_mask = (1usize << self.players) - 1;
        for (pair, &n) in self.joint.iter().enumerate().filter(|(_, &n)| n != 0) {
            let (high, low) = (pair & players_mask, pair >> self.players);
            apart.record_apart(high as u16, low as u16, n);
        }
        apart.report_apart(hilo)
    }

    /// [`Tally::report`] once every board is in the whole pot's and the halves'
    /// counts.
    fn report_apart(&self, hilo: bool) -> EquityReport {
        let no_low: u64 = self.whole.iter().sum();
        let boards = no_low + self.high_half.iter().sum::<u64>();
        let half = SHARE_UNITS / 2;
        let players = (0..self.players)
            .map(|p| {
                let bit = 1usize << p;
                let mut e = Equity::default();
                let (mut share, mut got) = (0u64, 0u64);
                for set in (1..self.whole.len()).filter(|s| s & bit != 0) {
                    let k = u64::from(set.count_ones());
                    let alone = k == 1;
                    let whole = self.whole.get(set).copied().unwrap_or(0);
                    let high = self.high_half.get(set).copied().unwrap_or(0);
                    let low = self.low_half.get(set).copied().unwrap_or(0);
                    got += whole + high + low;
                    share += whole * SHARE_UNITS / k + (high + low) * half / k;
                    if alone {
                        e.win_units += whole * SHARE_UNITS + (high + low) * half;
                        e.low_wins += low;
                    } else {
                        e.low_ties += low;
                    }
                }
                let both = self.both.get(p).copied().unwrap_or(0);
                let scoops = self.scoops.get(p).copied().unwrap_or(0);
                e.wins = self.whole.get(bit).copied().unwrap_or(0) + scoops;
                // A board where he is among the high and the low winners was counted twice.
                e.ties = got.saturating_sub(both).saturating_sub(e.wins);
                e.tie_units = share.saturating_sub(e.win_units);
                let pot = (boards * SHARE_UNITS) as f64;
                if boards > 0 {
                    e.win = e.win_units as f64 / pot;
                    e.tie = e.tie_units as f64 / pot;
                }
                e
            })
            .collect();
        EquityReport {
            boards,
            players,
            no_low: if hilo { no_low } else { 0 },
        }
    }
}
