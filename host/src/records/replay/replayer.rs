//! A replayed hand settled and paid by the host's pots and showdown, and the
//! [`Replayer`] that keeps one table for hand after hand: what `tablectl replay`
//! reports, the money decided by the same code the live table pays with.

use super::engine::{drive, replayed, seat, Engine, Seen};
use super::history::{history_into, no_table};
use super::*;
use firmware::config::MAX_SEATS;
use firmware::{Card, Chips, SeatNo, Table, TableConfig};

/// One pot of a replayed hand, players 1-based as in PHH.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayPot {
    /// Chips awarded from the pot.
    pub amount: Chips,
    /// Seats of the players who could win it (p1 sits in seat 1).
    pub eligible: Vec<SeatNo>,
    /// Seats of the players paid from it.
    pub winners: Vec<SeatNo>,
}

/// A replayed hand: what `tablectl replay --json` prints (replay-schema.md).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Replayed {
    /// Stacks after the hand, by player.
    pub finishing_stacks: Vec<Chips>,
    /// Main pot, then side pots.
    pub pots: Vec<ReplayPot>,
    /// The situation before every betting decision.
    pub decisions: Vec<Decision>,
}

/// Replays a hand through the engine, the pots and the showdown under the PHH
/// reference profile (money rules included).
pub fn replay(spec: &Spec, steps: &[Step]) -> Result<Replayed, ReplayError> {
    replay_with(phh_profile(spec)?, spec, steps)
}

/// [`replay`] under the table settings `cfg` instead of the PHH reference profile.
pub fn replay_with(cfg: TableConfig, spec: &Spec, steps: &[Step]) -> Result<Replayed, ReplayError> {
    Replayer::default().replay_with(cfg, spec, steps)
}

/// Replays hand after hand on one table, reset in place for each: a table and its
/// event buffer are several kilobytes, and building and moving a new one cost a
/// replayed hand more than its betting.
#[derive(Default)]
pub struct Replayer {
    /// The table of the last hand replayed, if any.
    engine: Option<Engine>,
    /// The last hand history's table and steps, refilled for the next: four
    /// allocations a hand saved.
    built: Option<(Spec, Vec<Step>)>,
    /// The last hand's report, refilled for the next ([`Replayer::replay_history_ref`]):
    /// its lists keep their room, some five allocations a hand saved.
    report: Replayed,
}

impl Replayer {
    /// [`replay_history`] on this replayer's table.
    pub fn replay_history(
        &mut self,
        hh: &crate::records::phh::HandHistory,
    ) -> Result<Replayed, ReplayError> {
        self.replay_history_ref(hh)?;
        Ok(std::mem::take(&mut self.report))
    }

    /// [`replay_history`] on this replayer's table, the report lent until the next
    /// hand: what a replay of thousands of hands writes out and forgets.
    pub fn replay_history_ref(
        &mut self,
        hh: &crate::records::phh::HandHistory,
    ) -> Result<&Replayed, ReplayError> {
        let mut built = self.built.take();
        let replayed = history_into(hh, &mut built).and_then(|()| match &built {
            Some((spec, steps)) => self.replay_into(phh_profile(spec)?, spec, steps),
            None => Err(no_table()),
        });
        self.built = built;
        replayed.map(|()| &self.report)
    }

    /// [`replay_with`] on this replayer's table.
    pub fn replay_with(
        &mut self,
        cfg: TableConfig,
        spec: &Spec,
        steps: &[Step],
    ) -> Result<Replayed, ReplayError> {
        self.replay_into(cfg, spec, steps)?;
        Ok(std::mem::take(&mut self.report))
    }

    /// [`replay_with`] into this replayer's report, on its table (new under `cfg`).
    fn replay_into(
        &mut self,
        cfg: TableConfig,
        spec: &Spec,
        steps: &[Step],
    ) -> Result<(), ReplayError> {
        let decisions = std::mem::take(&mut self.report.decisions);
        let t = match self.engine {
            Some(ref mut t) => {
                t.table
                    .reset(replayed(cfg))
                    .map_err(|e| fail(None, e.to_string()))?;
                t
            }
            None => self.engine.insert(Engine::new(cfg)?),
        };
        let seen = drive(t, spec, steps, decisions)?;
        played(&mut t.table, spec, seen, &mut self.report)
    }
}

/// The result of a hand `table` played up to its settlement, settled and paid, into
/// `report` (its lists refilled).
fn played(
    table: &mut Table,
    spec: &Spec,
    seen: Seen,
    report: &mut Replayed,
) -> Result<(), ReplayError> {
    let n = spec.stacks.len();
    if table.in_hand() {
        settle_and_pay(table, &seen, n, &mut report.pots)?;
    } else {
        report.pots.clear();
    }
    report.finishing_stacks.clear();
    report.finishing_stacks.extend((0..n).map(|p| {
        seat(p)
            .ok()
            .and_then(|s| table.seat(s))
            .map_or(Chips::ZERO, |s| s.stack)
    }));
    report.decisions = seen.decisions;
    Ok(())
}

/// Settles the hand at `table`'s settlement with what its `n` players showed or
/// mucked, and pays it: the pots as the replay reports them, into `pots` (each
/// pot's lists refilled).
fn settle_and_pay(
    table: &mut Table,
    seen: &Seen,
    n: usize,
    pots: &mut Vec<ReplayPot>,
) -> Result<(), ReplayError> {
    let mut mucked = [SeatNo::FIRST; MAX_SEATS];
    let mut mucks = 0;
    for (p, _) in seen.mucked.iter().take(n).enumerate().filter(|(_, m)| **m) {
        mucked[mucks] = seat(p)?;
        mucks += 1;
    }
    let shown = unread_shown(table, seen, n);
    let outcome = crate::money::settle::settle_with(table, &mucked[..mucks], &shown)
        .map_err(|e| fail(None, format!("showdown: {e}")))?;
    // A refused award fails the replay and the table is dropped: no copy to keep.
    crate::money::settle::pay_in_place(table, &outcome)
        .map_err(|e| fail(None, format!("payout: {e}")))?;
    pots.truncate(outcome.pots.len());
    for (i, p) in outcome.pots.iter().enumerate() {
        let winners = p.winners.iter().map(|&(s, _)| s);
        match pots.get_mut(i) {
            Some(pot) => {
                pot.amount = p.amount;
                pot.eligible.clear();
                pot.eligible.extend_from_slice(&p.eligible);
                pot.winners.clear();
                pot.winners.extend(winners);
            }
            None => pots.push(ReplayPot {
                amount: p.amount,
                eligible: p.eligible.clone(),
                winners: winners.collect(),
            }),
        }
    }
    Ok(())
}

/// Cards shown that the shoe did not read (the settlement takes the shoe's first):
/// only those players' cards are copied, so a hand read in full allocates nothing.
fn unread_shown(table: &Table, seen: &Seen, n: usize) -> Vec<(SeatNo, Vec<Card>)> {
    let read_all = |p: usize| {
        table.hand().zip(seat(p).ok()).is_some_and(|(h, s)| {
            let pl = h.player(s);
            pl.hole
                .iter()
                .take(usize::from(pl.holes))
                .all(Option::is_some)
        })
    };
    seen.hole
        .iter()
        .take(n)
        .enumerate()
        .filter(|&(p, _)| !read_all(p))
        .filter_map(|(p, cards)| {
            let known: Option<Vec<Card>> = cards.iter().copied().collect();
            known
                .filter(|k| !k.is_empty())
                .and_then(|k| Some((seat(p).ok()?, k)))
        })
        .collect()
}

/// Replays one parsed hand history: [`from_history`], then [`replay`].
pub fn replay_history(hh: &crate::records::phh::HandHistory) -> Result<Replayed, ReplayError> {
    Replayer::default().replay_history(hh)
}
