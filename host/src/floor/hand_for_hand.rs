//! Hand-for-hand play driven by the floor (TDA: on the bubble every table deals one
//! hand a round, and the next round is called only once every table has finished
//! its hand). The floor reads each running table's records: a table has finished the
//! round once it completed a hand it started after the round was called. Then the
//! round's bust-outs, from the tables' records (seat to entry by the tournament's
//! seating), are written as one [`TournamentEvent::RoundEliminated`] (ranked together,
//! as one hand's), and the next round is called. The tables' own waiting between
//! rounds is their plan's (`TablePlan::WaitRound`).

use super::store::Store;
use super::tournament_check::{TableFacts, What};
use super::tournament_facts::{table_facts, CheckError};
use super::tournaments::TournamentLog;
use crate::records::handlog::TableKey;
use crate::records::time::WallTime;
use crate::tournament::{BustOut, Tournament, TournamentEvent};

/// Where hand-for-hand play stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Round {
    /// Hand-for-hand play is not on.
    Off,
    /// Round `round` is being played: these tables have not finished a hand started
    /// after it was called.
    Playing {
        /// The round.
        round: u32,
        /// The tables still playing it.
        waiting: Vec<String>,
    },
    /// Every running table has finished round `round`'s hand; `out` busted in it.
    Finished {
        /// The round.
        round: u32,
        /// The entries out, with their chips at their hand's start.
        out: Vec<BustOut>,
    },
}

/// When the round being played was called, if one is.
fn called(events: &[TournamentEvent], t: &Tournament) -> Option<(u32, WallTime)> {
    let round = t.hand_for_hand?;
    events.iter().rev().find_map(|e| match e {
        TournamentEvent::HandForHand { round: Some(r), at } if *r == round => Some((round, *at)),
        _ => None,
    })
}

/// The tables running: not broken, with a player in.
pub fn running(t: &Tournament) -> Vec<&str> {
    t.tables
        .iter()
        .filter(|table| !t.broken.contains(table))
        .filter(|table| t.in_play().any(|(_, e)| e.table == **table))
        .map(String::as_str)
        .collect()
}

/// The first hand `facts` started after `at` and completed: its first and last
/// records' numbers.
fn hand_after(facts: &TableFacts, at: WallTime) -> Option<(u64, u64)> {
    let (start, number) = facts.facts.iter().find_map(|f| match f.what {
        What::HandStarted { number } if f.at > at => Some((f.seq, number)),
        _ => None,
    })?;
    facts.facts.iter().find_map(|f| match f.what {
        What::HandComplete { number: n } if n == number && f.seq >= start => Some((start, f.seq)),
        _ => None,
    })
}

/// Where hand-for-hand play stands, from the director's `events` (leaving `t`) and
/// the running tables' records.
pub fn round(events: &[TournamentEvent], t: &Tournament, tables: &[TableFacts]) -> Round {
    let Some((round, at)) = called(events, t) else {
        return Round::Off;
    };
    let mut waiting = Vec::new();
    let mut out = Vec::new();
    for table in running(t) {
        let hand = tables
            .iter()
            .find(|f| f.table == table)
            .and_then(|f| Some((f, hand_after(f, at)?)));
        let Some((facts, (start, end))) = hand else {
            waiting.push(table.to_string());
            continue;
        };
        for f in facts
            .facts
            .iter()
            .filter(|f| (start..=end).contains(&f.seq))
        {
            if let What::BustedOut { seat, started_with } = f.what {
                if let Some(entry) = t.entry_at(table, seat) {
                    out.push(BustOut {
                        entry,
                        chips_at_start: started_with,
                    });
                }
            }
        }
    }
    if waiting.is_empty() {
        Round::Finished { round, out }
    } else {
        Round::Playing { round, waiting }
    }
}

/// Calls the next hand-for-hand round of tournament `id` once every running table
/// has finished the round being played: writes the round's bust-outs as one
/// elimination (when there are any and they are not written yet), then the next
/// round. `director` is the director's login (it writes, signed with `key`); `tables`
/// a login that reads the tables' records (the floor's reader). Gives where the play
/// stood: a round still being played writes nothing.
pub fn next_when_done(
    director: &mut Store,
    tables: &mut Store,
    key: &TableKey,
    id: &str,
) -> Result<Round, CheckError> {
    let mut log = TournamentLog::load(director, id)?;
    let facts = running(&log.state)
        .into_iter()
        .map(|t| table_facts(tables, t))
        .collect::<Result<Vec<_>, _>>()?;
    let now = round(&log.events, &log.state, &facts);
    if let Round::Finished { round, out } = &now {
        let written = log
            .events
            .iter()
            .any(|e| matches!(e, TournamentEvent::RoundEliminated { round: r, .. } if r == round));
        if !out.is_empty() && !written {
            log.append(
                director,
                key,
                TournamentEvent::RoundEliminated {
                    round: *round,
                    out: out.clone(),
                    at: WallTime::now(),
                },
            )?;
        }
        log.append(
            director,
            key,
            TournamentEvent::HandForHand {
                round: Some(round + 1),
                at: WallTime::now(),
            },
        )?;
    }
    Ok(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::floor::tournament_check::Fact;

    const FRIDAY: &str = include_str!("../../../tests/tournaments/friday.toml");
    const KEY: &str = "ab";

    fn at(ms: u64) -> WallTime {
        WallTime::from_unix_millis(ms)
    }

    /// Two tables of two entries, started, hand-for-hand round 1 called at 100.
    fn events() -> Vec<TournamentEvent> {
        let mut e = vec![TournamentEvent::Created {
            structure: FRIDAY.to_string(),
            tables: vec!["T1".into(), "T2".into()],
            seats: 6,
            director: KEY.repeat(32),
        }];
        for (entry, table, seat) in [(1, "T1", 1), (2, "T1", 2), (3, "T2", 1), (4, "T2", 2)] {
            e.push(TournamentEvent::Registered {
                entry,
                player: format!("P{entry}"),
                table: table.into(),
                seat,
                at: at(entry.into()),
            });
        }
        e.push(TournamentEvent::Started { at: at(10) });
        e.push(TournamentEvent::HandForHand {
            round: Some(1),
            at: at(100),
        });
        e
    }

    fn table(name: &str, facts: &[(u64, What)]) -> TableFacts {
        TableFacts {
            table: name.into(),
            facts: facts
                .iter()
                .enumerate()
                .map(|(i, &(ms, what))| Fact {
                    seq: i as u64 + 1,
                    at: at(ms),
                    what,
                })
                .collect(),
            end_chips: 0,
        }
    }

    fn hand(number: u32, from: u64) -> [(u64, What); 2] {
        [
            (from, What::HandStarted { number }),
            (from + 1, What::HandComplete { number }),
        ]
    }

    /// The round is finished only when every running table completed a hand it
    /// started after the call: a hand started before it does not count.
    #[test]
    fn a_round_ends_when_every_table_has_finished_its_hand() {
        let e = events();
        let t = Tournament::from_events(&e).unwrap();
        let before = table("T1", &hand(7, 90));
        let t2 = table("T2", &hand(3, 150));
        assert_eq!(
            round(&e, &t, &[before, t2.clone()]),
            Round::Playing {
                round: 1,
                waiting: vec!["T1".into()]
            }
        );
        let t1 = table("T1", &[hand(7, 90), hand(8, 120)].concat());
        assert_eq!(
            round(&e, &t, &[t1, t2]),
            Round::Finished {
                round: 1,
                out: vec![]
            }
        );
        // A hand started and not yet complete: still playing.
        let half = table("T1", &[(120, What::HandStarted { number: 8 })]);
        assert!(matches!(
            round(&e, &t, &[half, table("T2", &hand(3, 150))]),
            Round::Playing { .. }
        ));
    }

    /// The round's bust-outs are read from the tables' records, each seat's entry
    /// from the tournament's seating; hand-for-hand off is off.
    #[test]
    fn the_rounds_bust_outs_come_from_the_tables_records() {
        let e = events();
        let t = Tournament::from_events(&e).unwrap();
        let t1 = table(
            "T1",
            &[
                (120, What::HandStarted { number: 8 }),
                (
                    121,
                    What::BustedOut {
                        seat: 2,
                        started_with: 4_000,
                    },
                ),
                (121, What::HandComplete { number: 8 }),
            ],
        );
        assert_eq!(
            round(&e, &t, &[t1, table("T2", &hand(3, 150))]),
            Round::Finished {
                round: 1,
                out: vec![BustOut {
                    entry: 2,
                    chips_at_start: 4_000
                }]
            }
        );
        let mut off = e.clone();
        off.push(TournamentEvent::HandForHand {
            round: None,
            at: at(200),
        });
        let t = Tournament::from_events(&off).unwrap();
        assert_eq!(round(&off, &t, &[]), Round::Off);
    }
}
