//! The floor's checks of a tournament across its tables, as pure rules on what the
//! director's log says and what each table's signed records say: every move departs
//! and arrives with the director's chips (TDA: a player moves with his chips), every
//! elimination is a table's bust-out with the same chips at the hand's start and
//! every bust-out is eliminated, and at every level the chips in play across the
//! tables are the starting stacks of the entries seated so far, less what the chip
//! races coloured up (no chip made or lost between tables).
//!
//! The tables' records are given as [`TableFacts`], read from the store (and replayed
//! for the chips) by `tournament_facts`; nothing here reads a store, so the unit tests
//! build tables' records in memory. A table's records are never refused or changed by
//! a check: what differs is a [`Finding`], which the floor raises as an alert.

use crate::records::time::WallTime;
use crate::tournament::{BustOut, TournamentEvent};
use std::collections::BTreeMap;
use std::fmt;

/// What a table's records say that the checks read, with the record's number and
/// stamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The record's number in the table's log.
    pub seq: u64,
    /// Its stamp (the table's wall clock).
    pub at: WallTime,
    /// What it says.
    pub what: What,
}

/// The tournament's side of a table's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// A player took a seat with chips (a registered entry's starting stack).
    Seated {
        /// The seat.
        seat: u8,
        /// His chips.
        stack: u64,
    },
    /// A player left for another table with his chips.
    MovedOut {
        /// The seat.
        seat: u8,
        /// His chips.
        stack: u64,
    },
    /// A player came from another table with his chips.
    MovedIn {
        /// The seat.
        seat: u8,
        /// His chips.
        stack: u64,
    },
    /// A player's chips reached 0; he began the hand with `started_with`.
    BustedOut {
        /// The seat.
        seat: u8,
        /// His chips at the hand's start.
        started_with: u64,
    },
    /// The chip race took a seat from `before` to `after`.
    ColoredUp {
        /// The seat.
        seat: u8,
        /// Chips before the race.
        before: u64,
        /// Chips after it.
        after: u64,
    },
    /// The table went to level `to`; `chips` are on it then (between hands: every
    /// chip is in a stack).
    LevelChanged {
        /// The level.
        to: u16,
        /// The table's chips once at it.
        chips: u64,
    },
    /// A hand began.
    HandStarted {
        /// Its number.
        number: u32,
    },
    /// A hand was paid.
    HandComplete {
        /// Its number.
        number: u32,
    },
}

/// One table's records as the checks read them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableFacts {
    /// The table.
    pub table: String,
    /// Its facts, in the log's order.
    pub facts: Vec<Fact>,
    /// Its chips after its last record (stacks and the pot of a hand in progress).
    pub end_chips: u64,
}

impl TableFacts {
    /// Whether the table began a hand after `at`: it went on dealing.
    fn dealt_after(&self, at: WallTime) -> bool {
        self.facts
            .iter()
            .any(|f| f.at > at && matches!(f.what, What::HandStarted { .. }))
    }
}

/// A table and a seat.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Spot {
    /// The table.
    pub table: String,
    /// The seat.
    pub seat: u8,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table {} seat {}", self.table, self.seat)
    }
}

/// A table's record matched to a director's event: its number and its chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Matched {
    /// The record's number.
    pub seq: u64,
    /// Its chips.
    pub chips: u64,
}

/// A director's move and what the two tables recorded of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCheck {
    /// The entry.
    pub entry: u32,
    /// Where he sat.
    pub from: Spot,
    /// Where he goes.
    pub to: Spot,
    /// The director's chips.
    pub chips: u64,
    /// When the director recorded it.
    pub at: WallTime,
    /// The source table's departure.
    pub departed: Option<Matched>,
    /// The destination's arrival.
    pub arrived: Option<Matched>,
}

/// A director's elimination of one entry and the table's bust-out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BustCheck {
    /// The entry.
    pub entry: u32,
    /// Where he sat.
    pub at_seat: Spot,
    /// The director's chips at the hand's start.
    pub chips: u64,
    /// The hand-for-hand round, when it was one.
    pub round: Option<u32>,
    /// When the director recorded it.
    pub at: WallTime,
    /// The table's bust-out.
    pub busted: Option<Matched>,
}

/// What the floor found to differ between the director's log and a table's records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A move whose chips differ between the source, the director and the destination.
    MoveChips {
        /// The move.
        check: MoveCheck,
    },
    /// The source table went on dealing without recording the player's departure.
    NotDeparted {
        /// The move.
        check: MoveCheck,
    },
    /// The destination went on dealing without recording the player's arrival.
    NotArrived {
        /// The move.
        check: MoveCheck,
    },
    /// A table recorded a player leaving for another table with no director's move.
    DepartureWithoutMove {
        /// Where.
        spot: Spot,
        /// The record.
        record: Matched,
    },
    /// A table recorded a player arriving with no director's move.
    ArrivalWithoutMove {
        /// Where.
        spot: Spot,
        /// The record.
        record: Matched,
    },
    /// An elimination whose chips at the hand's start differ from the table's.
    BustChips {
        /// The elimination.
        check: BustCheck,
    },
    /// The table went on dealing without recording the bust-out eliminated.
    BustNotRecorded {
        /// The elimination.
        check: BustCheck,
    },
    /// A table's bust-out that no elimination names.
    NotEliminated {
        /// Where.
        spot: Spot,
        /// The entry the director seats there, if any.
        entry: Option<u32>,
        /// The record.
        record: Matched,
    },
}

impl Finding {
    /// The table the finding is raised on, and the record concerned (0: none).
    pub fn table_record(&self) -> (&str, u64) {
        let rec = |m: &Option<Matched>| m.map_or(0, |m| m.seq);
        match self {
            Finding::MoveChips { check } => match check.arrived {
                Some(a) if a.chips != check.chips => (&check.to.table, a.seq),
                _ => (&check.from.table, rec(&check.departed)),
            },
            Finding::NotDeparted { check } => (&check.from.table, 0),
            Finding::NotArrived { check } => (&check.to.table, 0),
            Finding::DepartureWithoutMove { spot, record }
            | Finding::ArrivalWithoutMove { spot, record }
            | Finding::NotEliminated { spot, record, .. } => (&spot.table, record.seq),
            Finding::BustChips { check } => (&check.at_seat.table, rec(&check.busted)),
            Finding::BustNotRecorded { check } => (&check.at_seat.table, 0),
        }
    }
}

/// A figure the table recorded, or that it recorded nothing.
fn said(m: &Option<Matched>) -> String {
    m.map_or("nothing".to_string(), |m| {
        format!("{} (record {})", m.chips, m.seq)
    })
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::MoveChips { check: c } => write!(
                f,
                "entry {} moved from {} to {}: the director's chips {}, departed with {}, arrived with {}",
                c.entry, c.from, c.to, c.chips, said(&c.departed), said(&c.arrived)
            ),
            Finding::NotDeparted { check: c } => write!(
                f,
                "entry {} moved from {} to {} with {} chips: {} dealt on without recording his departure",
                c.entry, c.from, c.to, c.chips, c.from.table
            ),
            Finding::NotArrived { check: c } => write!(
                f,
                "entry {} moved from {} to {} with {} chips: {} dealt on without recording his arrival",
                c.entry, c.from, c.to, c.chips, c.to.table
            ),
            Finding::DepartureWithoutMove { spot, record } => write!(
                f,
                "{spot}: a player left for another table with {} chips (record {}) and the director moved nobody",
                record.chips, record.seq
            ),
            Finding::ArrivalWithoutMove { spot, record } => write!(
                f,
                "{spot}: a player arrived with {} chips (record {}) and the director moved nobody there",
                record.chips, record.seq
            ),
            Finding::BustChips { check: c } => write!(
                f,
                "entry {} out at {}: the director's chips at the hand's start {}, the table's {}",
                c.entry, c.at_seat, c.chips, said(&c.busted)
            ),
            Finding::BustNotRecorded { check: c } => write!(
                f,
                "entry {} out at {} with {} chips at the hand's start: the table dealt on without recording the bust-out",
                c.entry, c.at_seat, c.chips
            ),
            Finding::NotEliminated { spot, entry, record } => {
                let who = entry.map_or("a player".to_string(), |e| format!("entry {e}"));
                write!(
                    f,
                    "{spot}: {who} busted out having begun the hand with {} chips (record {}), and the director eliminated nobody there",
                    record.chips, record.seq
                )
            }
        }
    }
}

/// Where the director's log seats each entry, event by event.
#[derive(Debug, Default)]
struct Seating {
    /// Each entry's spot, entry `n` at index `n - 1`.
    now: Vec<Spot>,
    /// Every seat taken, in order: (when, where, the entry).
    history: Vec<(WallTime, Spot, u32)>,
}

impl Seating {
    fn seat(&mut self, entry: u32, spot: Spot, at: WallTime) {
        let i = entry as usize - 1;
        if i == self.now.len() {
            self.now.push(spot.clone());
        } else if let Some(s) = self.now.get_mut(i) {
            *s = spot.clone();
        }
        self.history.push((at, spot, entry));
    }

    fn of(&self, entry: u32) -> Option<&Spot> {
        (entry as usize)
            .checked_sub(1)
            .and_then(|i| self.now.get(i))
    }

    /// The entry seated at `spot` latest at or before `at` (else the first ever).
    fn occupant(&self, spot: &Spot, at: WallTime) -> Option<u32> {
        let mut there = self.history.iter().filter(|(_, s, _)| s == spot);
        let first = there.clone().next().map(|(_, _, e)| *e);
        there
            .rfind(|(when, _, _)| *when <= at)
            .map(|(_, _, e)| *e)
            .or(first)
    }
}

/// A table's facts of one kind at one seat, each taken once by a match.
struct Pool<'a> {
    facts: BTreeMap<Spot, Vec<(Matched, bool)>>,
    tables: &'a [TableFacts],
}

impl<'a> Pool<'a> {
    fn new(tables: &'a [TableFacts], pick: fn(&What) -> Option<(u8, u64)>) -> Pool<'a> {
        let mut facts: BTreeMap<Spot, Vec<(Matched, bool)>> = BTreeMap::new();
        for t in tables {
            for f in &t.facts {
                if let Some((seat, chips)) = pick(&f.what) {
                    let spot = Spot {
                        table: t.table.clone(),
                        seat,
                    };
                    let m = Matched { seq: f.seq, chips };
                    facts.entry(spot).or_default().push((m, false));
                }
            }
        }
        Pool { facts, tables }
    }

    /// The first fact at `spot` not yet taken, taken.
    fn take(&mut self, spot: &Spot) -> Option<Matched> {
        let slot = self
            .facts
            .get_mut(spot)?
            .iter_mut()
            .find(|(_, used)| !used)?;
        slot.1 = true;
        Some(slot.0)
    }

    /// The facts never taken, with where they are.
    fn left(&self) -> impl Iterator<Item = (&Spot, Matched)> {
        self.facts.iter().flat_map(|(s, v)| {
            v.iter()
                .filter(|(_, used)| !used)
                .map(move |(m, _)| (s, *m))
        })
    }

    fn dealt_after(&self, table: &str, at: WallTime) -> bool {
        self.tables
            .iter()
            .any(|t| t.table == table && t.dealt_after(at))
    }
}

fn moved_out(w: &What) -> Option<(u8, u64)> {
    match *w {
        What::MovedOut { seat, stack } => Some((seat, stack)),
        _ => None,
    }
}

fn moved_in(w: &What) -> Option<(u8, u64)> {
    match *w {
        What::MovedIn { seat, stack } => Some((seat, stack)),
        _ => None,
    }
}

fn busted(w: &What) -> Option<(u8, u64)> {
    match *w {
        What::BustedOut { seat, started_with } => Some((seat, started_with)),
        _ => None,
    }
}

fn seated(w: &What) -> Option<(u8, u64)> {
    match *w {
        What::Seated { seat, stack } => Some((seat, stack)),
        _ => None,
    }
}

/// What the checks found: every move and elimination with the tables' records
/// matched to it, and every difference.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Every director's move, in order.
    pub moves: Vec<MoveCheck>,
    /// Every director's elimination of an entry, in order.
    pub eliminations: Vec<BustCheck>,
    /// What differs.
    pub findings: Vec<Finding>,
    /// Each registration: (entry, when, where, the table's seating record if any).
    pub(super) registrations: Vec<(u32, WallTime, Spot, Option<Matched>)>,
}

/// The director's events with the final table's redraw as the moves it is: each
/// player still in leaves his seat with his chips and takes the one drawn for him.
fn with_redraw_as_moves(events: &[TournamentEvent]) -> Vec<TournamentEvent> {
    events
        .iter()
        .flat_map(|e| match e {
            TournamentEvent::Redrawn { table, seats, at } => seats
                .iter()
                .map(|r| TournamentEvent::Moved {
                    entry: r.entry,
                    to_table: table.clone(),
                    to_seat: r.seat,
                    chips: r.chips,
                    at: *at,
                })
                .collect(),
            other => vec![other.clone()],
        })
        .collect()
}

/// Matches the director's moves (the final table's redraw among them) and
/// eliminations to the tables' records.
pub fn check(events: &[TournamentEvent], tables: &[TableFacts]) -> Checked {
    let events = with_redraw_as_moves(events);
    let mut seating = Seating::default();
    let mut outs = Pool::new(tables, moved_out);
    let mut ins = Pool::new(tables, moved_in);
    let mut busts = Pool::new(tables, busted);
    let mut seats = Pool::new(tables, seated);
    let mut done = Checked::default();
    for e in &events {
        match e {
            TournamentEvent::Registered {
                entry,
                table,
                seat,
                at,
                ..
            } => {
                let spot = Spot {
                    table: table.clone(),
                    seat: *seat,
                };
                let record = seats.take(&spot);
                done.registrations.push((*entry, *at, spot.clone(), record));
                seating.seat(*entry, spot, *at);
            }
            TournamentEvent::Moved {
                entry,
                to_table,
                to_seat,
                chips,
                at,
            } => {
                let Some(from) = seating.of(*entry).cloned() else {
                    continue;
                };
                let to = Spot {
                    table: to_table.clone(),
                    seat: *to_seat,
                };
                // A redraw may give a player the seat he has: nothing to carry out.
                if from == to {
                    continue;
                }
                let check = MoveCheck {
                    entry: *entry,
                    departed: outs.take(&from),
                    arrived: ins.take(&to),
                    from,
                    to: to.clone(),
                    chips: *chips,
                    at: *at,
                };
                let differs = [check.departed, check.arrived]
                    .iter()
                    .flatten()
                    .any(|m| m.chips != check.chips);
                if differs {
                    done.findings.push(Finding::MoveChips {
                        check: check.clone(),
                    });
                }
                if check.departed.is_none() && outs.dealt_after(&check.from.table, *at) {
                    done.findings.push(Finding::NotDeparted {
                        check: check.clone(),
                    });
                }
                if check.arrived.is_none() && ins.dealt_after(&check.to.table, *at) {
                    done.findings.push(Finding::NotArrived {
                        check: check.clone(),
                    });
                }
                done.moves.push(check);
                seating.seat(*entry, to, *at);
            }
            TournamentEvent::Eliminated { out, at, .. } => {
                eliminate(&mut done, &seating, &mut busts, out, None, *at);
            }
            TournamentEvent::RoundEliminated { round, out, at } => {
                eliminate(&mut done, &seating, &mut busts, out, Some(*round), *at);
            }
            _ => {}
        }
    }
    for (spot, record) in outs.left() {
        done.findings.push(Finding::DepartureWithoutMove {
            spot: spot.clone(),
            record,
        });
    }
    for (spot, record) in ins.left() {
        done.findings.push(Finding::ArrivalWithoutMove {
            spot: spot.clone(),
            record,
        });
    }
    let stamp = |spot: &Spot, seq: u64| {
        tables
            .iter()
            .filter(|t| t.table == spot.table)
            .flat_map(|t| &t.facts)
            .find(|f| f.seq == seq)
            .map_or(WallTime::EPOCH, |f| f.at)
    };
    for (spot, record) in busts.left() {
        done.findings.push(Finding::NotEliminated {
            spot: spot.clone(),
            entry: seating.occupant(spot, stamp(spot, record.seq)),
            record,
        });
    }
    done
}

fn eliminate(
    done: &mut Checked,
    seating: &Seating,
    busts: &mut Pool<'_>,
    out: &[BustOut],
    round: Option<u32>,
    at: WallTime,
) {
    for b in out {
        let Some(spot) = seating.of(b.entry).cloned() else {
            continue;
        };
        let check = BustCheck {
            entry: b.entry,
            busted: busts.take(&spot),
            at_seat: spot,
            chips: b.chips_at_start,
            round,
            at,
        };
        match check.busted {
            Some(m) if m.chips != check.chips => done.findings.push(Finding::BustChips {
                check: check.clone(),
            }),
            None if busts.dealt_after(&check.at_seat.table, at) => {
                done.findings.push(Finding::BustNotRecorded {
                    check: check.clone(),
                })
            }
            _ => {}
        }
        done.eliminations.push(check);
    }
}

#[cfg(test)]
mod tests;
