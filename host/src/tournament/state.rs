//! A tournament as its events leave it: who sits where, who is out and in which
//! place, the clock, the prize pool and the chips in play. [`Tournament::apply`] is
//! the one place an event is judged: an event the tournament's state does not allow
//! (a seat taken, registration closed, a player knocked out twice) is refused with
//! the reason and changes nothing, whether it comes from the director's command or
//! from a log read back.

use super::balance::TableSeats;
use super::clock::{self, ClockEvent, Period, Reading};
use super::events::{BustOut, Reseat, TournamentEvent};
use super::payouts::{place_prizes, shared, Prize};
use super::structure::{Level, Structure, StructureError};
use crate::records::time::WallTime;
use firmware::config::MAX_SEATS;
use firmware::{Chips, SeatNo};
use std::fmt;

/// The most tables one tournament is played on.
pub const MAX_TABLES: usize = 500;
/// The longest player's name kept, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The fewest seats a tournament table has.
pub const MIN_SEATS: u8 = 2;

/// Where an entry finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Its place (the best of the places it ties for).
    pub place: u32,
    /// How many entries tie for these places (1: no tie).
    pub tied: u32,
}

/// One buy-in or re-entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The player.
    pub player: String,
    /// His table.
    pub table: String,
    /// His seat.
    pub seat: u8,
    /// Where he finished, once out.
    pub out: Option<Finish>,
    /// The chips he brought to his table on his last move or redraw, as the
    /// director recorded them (his new table seats him with these); `None` while he
    /// sits where he drew his seat with the starting stack.
    pub moved_with: Option<Chips>,
}

/// A tournament, as its events leave it.
#[derive(Debug)]
pub struct Tournament {
    /// The structure it is played under.
    pub structure: Structure,
    /// Its tables, in the order they break (the first named breaks last).
    pub tables: Vec<String>,
    /// Seats at each table.
    pub seats: u8,
    /// The director's public key (hex).
    pub director: String,
    /// Every entry, entry `n` at index `n - 1`.
    pub entries: Vec<Entry>,
    /// The director's clock events, in order.
    pub clock: Vec<ClockEvent>,
    /// The tables broken, in the order they broke.
    pub broken: Vec<String>,
    /// The hand-for-hand round called, while hand-for-hand play lasts.
    pub hand_for_hand: Option<u32>,
    /// The last hand-for-hand round whose eliminations were recorded.
    round_eliminated: Option<u32>,
    /// Entries knocked out in each elimination, in order (for the prize split).
    eliminations: Vec<Vec<u32>>,
    /// The time of the latest event: no event may come before it.
    last: WallTime,
}

/// Why an event is refused. Nothing changes when one is returned.
#[derive(Debug)]
pub enum TournamentError {
    /// The first event must make the tournament, and only the first.
    NotFirst,
    /// The log does not start with the tournament's making.
    NotCreated,
    /// The structure file is refused.
    Structure(StructureError),
    /// No tables, too many, or one named twice or empty.
    Tables,
    /// A seat count a table cannot have.
    Seats(u8),
    /// The director's key is not a key.
    Director,
    /// An event dated before the one before it.
    BackInTime,
    /// An entry numbered out of order.
    EntryNumber {
        /// The number given.
        given: u32,
        /// The number due.
        due: u32,
    },
    /// A player's name that is empty, too long or has control characters.
    PlayerName,
    /// No such table in this tournament.
    UnknownTable(String),
    /// No such seat at a table.
    NoSuchSeat(u8),
    /// Every seat at the tournament's tables has a player.
    NoOpenSeat,
    /// The seat has a player.
    SeatTaken {
        /// The table.
        table: String,
        /// The seat.
        seat: u8,
    },
    /// Registration closed at the end of a level.
    RegistrationClosed {
        /// The last level players could register in.
        last_level: usize,
    },
    /// The player is still in: he cannot enter again.
    StillIn(String),
    /// The player has used every re-entry.
    NoReEntry {
        /// The player.
        player: String,
        /// Re-entries allowed.
        allowed: u32,
    },
    /// The clock has started already.
    AlreadyStarted,
    /// Fewer than two entries.
    TooFewToStart,
    /// The clock has not started.
    NotStarted,
    /// The clock is paused already.
    AlreadyPaused,
    /// The clock is running, not paused.
    NotPaused,
    /// No such entry.
    UnknownEntry(u32),
    /// The entry is out already.
    AlreadyOut(u32),
    /// The entry does not sit at that table.
    NotAtTable {
        /// The entry.
        entry: u32,
        /// The table named.
        table: String,
    },
    /// The table is broken: it seats nobody.
    TableBroken(String),
    /// A table that still has players cannot break.
    TableNotEmpty {
        /// The table.
        table: String,
        /// Its players.
        players: usize,
    },
    /// A player moved to the table he sits at.
    SameTable(u32),
    /// An entry named twice in one elimination, or none named.
    BadElimination,
    /// An elimination that would leave nobody in.
    NoWinner,
    /// The tournament has its winner.
    Finished,
    /// A hand-for-hand round called out of turn.
    HandForHandRound {
        /// The round called.
        given: u32,
        /// The round due.
        due: u32,
    },
    /// Hand-for-hand play is not on (to end it, or to eliminate in a round).
    NotHandForHand,
    /// The round's eliminations are recorded already, or name another round.
    RoundEliminations(u32),
    /// A redraw that does not seat every entry still in once, each at a seat of
    /// its own.
    BadRedraw,
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentError::NotFirst => {
                f.write_str("the tournament is made once, by its first event")
            }
            TournamentError::NotCreated => {
                f.write_str("the log does not begin by making the tournament")
            }
            TournamentError::Structure(e) => write!(f, "structure: {e}"),
            TournamentError::Tables => write!(
                f,
                "a tournament is played on 1 to {MAX_TABLES} tables, each named once"
            ),
            TournamentError::Seats(n) => {
                write!(f, "{n} seats: a table has {MIN_SEATS} to {MAX_SEATS}")
            }
            TournamentError::Director => {
                f.write_str("the director's key is not a public key (64 hex digits)")
            }
            TournamentError::BackInTime => {
                f.write_str("the event is dated before the one before it: check the floor's clock")
            }
            TournamentError::EntryNumber { given, due } => {
                write!(f, "entry {given} given where entry {due} is due")
            }
            TournamentError::PlayerName => write!(
                f,
                "a player's name is 1 to {MAX_NAME_CHARS} characters, none a control character"
            ),
            TournamentError::UnknownTable(t) => write!(f, "table {t} is not in this tournament"),
            TournamentError::NoSuchSeat(s) => write!(f, "there is no seat {s} at these tables"),
            TournamentError::NoOpenSeat => {
                f.write_str("every seat at the tournament's tables has a player")
            }
            TournamentError::SeatTaken { table, seat } => {
                write!(f, "seat {seat} at table {table} has a player")
            }
            TournamentError::RegistrationClosed { last_level } => {
                write!(f, "registration closed at the end of level {last_level}")
            }
            TournamentError::StillIn(p) => write!(f, "{p} is still in the tournament"),
            TournamentError::NoReEntry { player, allowed } => write!(
                f,
                "{player} has used the {allowed} re-entries the structure allows"
            ),
            TournamentError::AlreadyStarted => f.write_str("the clock has started already"),
            TournamentError::TooFewToStart => {
                f.write_str("a tournament starts with two entries or more")
            }
            TournamentError::NotStarted => f.write_str("the clock has not started"),
            TournamentError::AlreadyPaused => f.write_str("the clock is paused already"),
            TournamentError::NotPaused => {
                f.write_str("the clock is running: there is nothing to resume")
            }
            TournamentError::UnknownEntry(e) => write!(f, "there is no entry {e}"),
            TournamentError::AlreadyOut(e) => write!(f, "entry {e} is out already"),
            TournamentError::NotAtTable { entry, table } => {
                write!(f, "entry {entry} does not sit at table {table}")
            }
            TournamentError::TableBroken(t) => write!(f, "table {t} is broken: it seats nobody"),
            TournamentError::TableNotEmpty { table, players } => write!(
                f,
                "table {table} still has {players} players: move them before it breaks"
            ),
            TournamentError::SameTable(e) => write!(f, "entry {e} sits at that table already"),
            TournamentError::BadElimination => {
                f.write_str("an elimination names each entry out once, and at least one")
            }
            TournamentError::NoWinner => f.write_str("that would leave nobody in the tournament"),
            TournamentError::Finished => f.write_str("the tournament has its winner"),
            TournamentError::HandForHandRound { given, due } => write!(
                f,
                "hand-for-hand round {given} called where round {due} is due"
            ),
            TournamentError::NotHandForHand => f.write_str("hand-for-hand play is not on"),
            TournamentError::BadRedraw => f.write_str(
                "a redraw seats every player still in once, each at a seat of his own",
            ),
            TournamentError::RoundEliminations(r) => write!(
                f,
                "round {r} is not the hand-for-hand round being played, or its eliminations are recorded already"
            ),
        }
    }
}

impl std::error::Error for TournamentError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TournamentError::Structure(e) => Some(e),
            _ => None,
        }
    }
}

/// One player's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    /// The place (the best of those tied for).
    pub place: u32,
    /// The entry.
    pub entry: u32,
    /// The player.
    pub player: String,
    /// His prize.
    pub prize: Prize,
}

/// What the screens show of a tournament at a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary<'a> {
    /// The clock.
    pub clock: Reading,
    /// The level being played (or the one a break follows; level 1 before the start).
    pub level: &'a Level,
    /// The level after it, if any.
    pub next: Option<&'a Level>,
    /// Entries still in.
    pub players_left: u32,
    /// Entries made (re-entries counted).
    pub entries: u32,
    /// The chips in play divided among the players left, rounded down.
    pub average_stack: Chips,
    /// The prize pool.
    pub prize_pool: Prize,
}

impl Tournament {
    /// The tournament an event log describes, each event judged in turn.
    pub fn from_events<'e>(
        events: impl IntoIterator<Item = &'e TournamentEvent>,
    ) -> Result<Tournament, (usize, TournamentError)> {
        let mut it = events.into_iter();
        let first = it.next().ok_or((0, TournamentError::NotCreated))?;
        let mut t = Tournament::create(first).map_err(|e| (0, e))?;
        for (i, e) in it.enumerate() {
            t.apply(e).map_err(|err| (i + 1, err))?;
        }
        Ok(t)
    }

    /// The tournament its first event makes.
    pub fn create(event: &TournamentEvent) -> Result<Tournament, TournamentError> {
        let TournamentEvent::Created {
            structure,
            tables,
            seats,
            director,
        } = event
        else {
            return Err(TournamentError::NotCreated);
        };
        let structure = Structure::parse(structure).map_err(TournamentError::Structure)?;
        let mut names: Vec<&String> = tables.iter().collect();
        names.sort();
        names.dedup();
        if tables.is_empty()
            || tables.len() > MAX_TABLES
            || names.len() != tables.len()
            || tables
                .iter()
                .any(|t| t.is_empty() || t.chars().any(char::is_control))
        {
            return Err(TournamentError::Tables);
        }
        if *seats < MIN_SEATS || usize::from(*seats) > MAX_SEATS {
            return Err(TournamentError::Seats(*seats));
        }
        if director.len() != 64 || !director.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(TournamentError::Director);
        }
        Ok(Tournament {
            structure,
            tables: tables.clone(),
            seats: *seats,
            director: director.clone(),
            entries: Vec::new(),
            clock: Vec::new(),
            broken: Vec::new(),
            hand_for_hand: None,
            round_eliminated: None,
            eliminations: Vec::new(),
            last: WallTime::EPOCH,
        })
    }

    /// Applies one event after the first, or refuses it and changes nothing.
    pub fn apply(&mut self, event: &TournamentEvent) -> Result<(), TournamentError> {
        if let Some(at) = at_of(event) {
            if at < self.last {
                return Err(TournamentError::BackInTime);
            }
        }
        match event {
            TournamentEvent::Created { .. } => return Err(TournamentError::NotFirst),
            TournamentEvent::Registered {
                entry,
                player,
                table,
                seat,
                at,
            } => self.register(*entry, player, table, *seat, *at)?,
            TournamentEvent::Started { at } => {
                if self.started() {
                    return Err(TournamentError::AlreadyStarted);
                }
                if self.entries.len() < 2 {
                    return Err(TournamentError::TooFewToStart);
                }
                self.clock.push(ClockEvent::Start { at: *at });
            }
            TournamentEvent::Paused { at } => {
                self.running(*at)?;
                self.clock.push(ClockEvent::Pause { at: *at });
            }
            TournamentEvent::Resumed { at } => {
                if !self.started() {
                    return Err(TournamentError::NotStarted);
                }
                if !self.read(*at).paused {
                    return Err(TournamentError::NotPaused);
                }
                self.clock.push(ClockEvent::Resume { at: *at });
            }
            TournamentEvent::TimeAdded { at, ms } => {
                if !self.started() {
                    return Err(TournamentError::NotStarted);
                }
                self.clock.push(ClockEvent::AddTime { at: *at, ms: *ms });
            }
            TournamentEvent::Eliminated { table, out, .. } => {
                if !self.tables.iter().any(|t| t == table) {
                    return Err(TournamentError::UnknownTable(table.to_string()));
                }
                self.eliminate(Some(table), out)?;
            }
            TournamentEvent::HandForHand { round, .. } => match round {
                Some(r) => {
                    if !self.started() {
                        return Err(TournamentError::NotStarted);
                    }
                    let due = self.hand_for_hand.map_or(1, |c| c + 1);
                    if *r != due {
                        return Err(TournamentError::HandForHandRound { given: *r, due });
                    }
                    self.hand_for_hand = Some(*r);
                }
                None => {
                    if self.hand_for_hand.take().is_none() {
                        return Err(TournamentError::NotHandForHand);
                    }
                }
            },
            TournamentEvent::RoundEliminated { round, out, .. } => {
                if self.hand_for_hand != Some(*round) || self.round_eliminated == Some(*round) {
                    return Err(TournamentError::RoundEliminations(*round));
                }
                self.eliminate(None, out)?;
                self.round_eliminated = Some(*round);
            }
            TournamentEvent::Moved {
                entry,
                to_table,
                to_seat,
                chips,
                ..
            } => self.move_entry(*entry, to_table, *to_seat, Chips::new(*chips))?,
            TournamentEvent::Redrawn { table, seats, .. } => self.redraw(table, seats)?,
            TournamentEvent::TableBroken { table, .. } => {
                self.check_table(table)?;
                let players = self.at_table(table).count();
                if players > 0 {
                    return Err(TournamentError::TableNotEmpty {
                        table: table.clone(),
                        players,
                    });
                }
                self.broken.push(table.clone());
            }
        }
        if let Some(at) = at_of(event) {
            self.last = at;
        }
        Ok(())
    }

    fn register(
        &mut self,
        entry: u32,
        player: &str,
        table: &str,
        seat: u8,
        at: WallTime,
    ) -> Result<(), TournamentError> {
        let due = self.entries.len() as u32 + 1;
        if entry != due {
            return Err(TournamentError::EntryNumber { given: entry, due });
        }
        if player.is_empty()
            || player.chars().count() > MAX_NAME_CHARS
            || player.chars().any(char::is_control)
        {
            return Err(TournamentError::PlayerName);
        }
        if self.finished() {
            return Err(TournamentError::Finished);
        }
        if !self.registration_open(at) {
            return Err(TournamentError::RegistrationClosed {
                last_level: self.structure.late_registration_levels,
            });
        }
        self.check_seat(table, seat)?;
        let before: Vec<&Entry> = self.entries.iter().filter(|e| e.player == player).collect();
        if before.iter().any(|e| e.out.is_none()) {
            return Err(TournamentError::StillIn(player.to_string()));
        }
        if before.len() as u64 > u64::from(self.structure.re_entries) {
            return Err(TournamentError::NoReEntry {
                player: player.to_string(),
                allowed: self.structure.re_entries,
            });
        }
        // A late entry finishes above everyone already out: each of them is now one
        // place further from the top (the places of a field still growing are read
        // in the order players went out).
        for e in &mut self.entries {
            if let Some(f) = e.out.as_mut() {
                f.place += 1;
            }
        }
        self.entries.push(Entry {
            player: player.to_string(),
            table: table.to_string(),
            seat,
            out: None,
            moved_with: None,
        });
        Ok(())
    }

    /// Refuses a table not in this tournament, or broken.
    fn check_table(&self, table: &str) -> Result<(), TournamentError> {
        if !self.tables.iter().any(|t| t == table) {
            return Err(TournamentError::UnknownTable(table.to_string()));
        }
        if self.broken.iter().any(|t| t == table) {
            return Err(TournamentError::TableBroken(table.to_string()));
        }
        Ok(())
    }

    /// Refuses a seat that is not at these tables or has a player.
    fn check_seat(&self, table: &str, seat: u8) -> Result<(), TournamentError> {
        self.check_table(table)?;
        if seat == 0 || seat > self.seats {
            return Err(TournamentError::NoSuchSeat(seat));
        }
        if self
            .in_play()
            .any(|(_, e)| e.table == table && e.seat == seat)
        {
            return Err(TournamentError::SeatTaken {
                table: table.to_string(),
                seat,
            });
        }
        Ok(())
    }

    /// The final table's redraw: every entry still in, each once, to a seat of its
    /// own at `table`, with the chips it brings; nothing changes if one is refused.
    fn redraw(&mut self, table: &str, seats: &[Reseat]) -> Result<(), TournamentError> {
        self.check_table(table)?;
        let mut entries: Vec<u32> = seats.iter().map(|r| r.entry).collect();
        let mut taken: Vec<u8> = seats.iter().map(|r| r.seat).collect();
        entries.sort_unstable();
        taken.sort_unstable();
        taken.dedup();
        let in_play: Vec<u32> = self.in_play().map(|(n, _)| n).collect();
        if entries != in_play || taken.len() != seats.len() {
            return Err(TournamentError::BadRedraw);
        }
        if let Some(r) = seats.iter().find(|r| r.seat == 0 || r.seat > self.seats) {
            return Err(TournamentError::NoSuchSeat(r.seat));
        }
        for r in seats {
            if let Some(e) = self.entries.get_mut(r.entry as usize - 1) {
                e.table = table.to_string();
                e.seat = r.seat;
                e.moved_with = Some(Chips::new(r.chips));
            }
        }
        Ok(())
    }

    fn move_entry(
        &mut self,
        entry: u32,
        table: &str,
        seat: u8,
        chips: Chips,
    ) -> Result<(), TournamentError> {
        let e = self.entry(entry)?;
        if e.out.is_some() {
            return Err(TournamentError::AlreadyOut(entry));
        }
        if e.table == table {
            return Err(TournamentError::SameTable(entry));
        }
        self.check_seat(table, seat)?;
        if let Some(e) = self.entries.get_mut(entry as usize - 1) {
            e.table = table.to_string();
            e.seat = seat;
            e.moved_with = Some(chips);
        }
        Ok(())
    }

    fn running(&self, at: WallTime) -> Result<(), TournamentError> {
        if !self.started() {
            return Err(TournamentError::NotStarted);
        }
        if self.read(at).paused {
            return Err(TournamentError::AlreadyPaused);
        }
        Ok(())
    }

    /// Knocks out `out`, all at `table` when one is named (one hand), or at any
    /// tables (a hand-for-hand round's hands); nothing changes if one is refused.
    fn eliminate(&mut self, table: Option<&str>, out: &[BustOut]) -> Result<(), TournamentError> {
        let mut named: Vec<u32> = out.iter().map(|b| b.entry).collect();
        named.sort_unstable();
        named.dedup();
        if out.is_empty() || named.len() != out.len() {
            return Err(TournamentError::BadElimination);
        }
        for b in out {
            let e = self.entry(b.entry)?;
            if e.out.is_some() {
                return Err(TournamentError::AlreadyOut(b.entry));
            }
            if let Some(table) = table.filter(|t| e.table != *t) {
                return Err(TournamentError::NotAtTable {
                    entry: b.entry,
                    table: table.to_string(),
                });
            }
        }
        let left = self.players_left();
        if out.len() as u32 >= left {
            return Err(TournamentError::NoWinner);
        }
        // The TDA's rule on simultaneous eliminations: more chips at the start of
        // the hand finish higher; equal chips tie. The out list's order stands among
        // the tied (the draw for the unit a shared prize cannot split): a stable sort.
        let mut ranked: Vec<BustOut> = out.to_vec();
        ranked.sort_by_key(|b| std::cmp::Reverse(b.chips_at_start));
        let mut place = left - out.len() as u32 + 1;
        let mut i = 0;
        while i < ranked.len() {
            let tied = ranked[i..]
                .iter()
                .take_while(|b| b.chips_at_start == ranked[i].chips_at_start)
                .count();
            for b in &ranked[i..i + tied] {
                if let Some(e) = self.entries.get_mut(b.entry as usize - 1) {
                    e.out = Some(Finish {
                        place,
                        tied: tied as u32,
                    });
                }
            }
            place += tied as u32;
            i += tied;
        }
        self.eliminations
            .push(ranked.iter().map(|b| b.entry).collect());
        Ok(())
    }

    /// Entry `n` (1-based).
    pub fn entry(&self, n: u32) -> Result<&Entry, TournamentError> {
        (n as usize)
            .checked_sub(1)
            .and_then(|i| self.entries.get(i))
            .ok_or(TournamentError::UnknownEntry(n))
    }

    /// Whether the clock has started.
    pub fn started(&self) -> bool {
        !self.clock.is_empty()
    }

    /// The clock at `now`.
    pub fn read(&self, now: WallTime) -> Reading {
        clock::read(&self.structure, &self.clock, now)
    }

    /// Whether a player may still buy in or re-enter at `now`: before the start,
    /// and until the end of the last late-registration level (its break included).
    pub fn registration_open(&self, now: WallTime) -> bool {
        match self.read(now).period {
            Period::NotStarted => true,
            Period::Level(n) | Period::Break(n) => n <= self.structure.late_registration_levels,
        }
    }

    /// The entries still in, with their numbers.
    pub fn in_play(&self) -> impl Iterator<Item = (u32, &Entry)> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.out.is_none())
            .map(|(i, e)| (i as u32 + 1, e))
    }

    /// How many entries are still in.
    pub fn players_left(&self) -> u32 {
        self.in_play().count() as u32
    }

    /// Whether one entry is left of two or more.
    pub fn finished(&self) -> bool {
        self.entries.len() >= 2 && self.players_left() == 1
    }

    /// The prize pool: every entry's buy-in (the fee is the house's).
    pub fn prize_pool(&self) -> Prize {
        Prize(
            self.structure
                .buy_in
                .saturating_mul(self.entries.len() as u64),
        )
    }

    /// The chips in play: the starting stack for every entry.
    pub fn chips_in_play(&self) -> Chips {
        Chips::new(
            self.structure
                .starting_stack
                .get()
                .saturating_mul(self.entries.len() as u64),
        )
    }

    /// What the screens show at `now`.
    pub fn summary(&self, now: WallTime) -> Summary<'_> {
        let clock = self.read(now);
        let n = match clock.period {
            Period::NotStarted => 1,
            Period::Level(n) | Period::Break(n) => n,
        };
        let levels = &self.structure.levels;
        let level = &levels[n.clamp(1, levels.len()) - 1];
        // Level n is at index n - 1: the next is at index n.
        let next = levels.get(n);
        let left = self.players_left();
        Summary {
            clock,
            level,
            next,
            players_left: left,
            entries: self.entries.len() as u32,
            average_stack: Chips::new(self.chips_in_play().get() / u64::from(left.max(1))),
            prize_pool: self.prize_pool(),
        }
    }

    /// The tables still running, as balancing sees them: numbered by their place in
    /// the tournament's list (1 for the first named), each with the seat of its last
    /// big blind as `big_blind` gives it (the tables know it; `None` before a hand).
    pub fn seating(&self, big_blind: impl Fn(&str) -> Option<SeatNo>) -> Vec<TableSeats> {
        self.tables
            .iter()
            .enumerate()
            .filter(|(_, t)| !self.broken.contains(t))
            .map(|(i, t)| TableSeats {
                table: i as u32 + 1,
                max_players: self.seats,
                seated: self
                    .in_play()
                    .filter(|(_, e)| e.table == *t)
                    .filter_map(|(_, e)| SeatNo::new(e.seat))
                    .collect(),
                big_blind: big_blind(t),
            })
            .collect()
    }

    /// The order the tables break in, as balancing numbers them: the last named
    /// first.
    pub fn break_order(&self) -> Vec<u32> {
        (1..=self.tables.len() as u32).rev().collect()
    }

    /// The tables still running (a broken table seats nobody), in the tournament's
    /// order.
    pub fn running_tables(&self) -> impl Iterator<Item = &str> {
        self.tables
            .iter()
            .filter(|t| !self.broken.contains(t))
            .map(String::as_str)
    }

    /// The entries still in at `table`, with their numbers.
    pub fn at_table<'a>(&'a self, table: &'a str) -> impl Iterator<Item = (u32, &'a Entry)> {
        self.in_play().filter(move |(_, e)| e.table == table)
    }

    /// The open seats a new entry may draw from: those at the running tables (a
    /// broken table seats nobody) with the fewest players, so late entries keep the
    /// tables even. The caller draws one at random (TDA: random seating).
    pub fn open_seats(&self) -> Vec<(&str, u8)> {
        self.open_seats_but(None)
    }

    /// [`Tournament::open_seats`] at the tables other than `breaking` (whose players
    /// are drawn into the others' open seats as it breaks).
    pub fn open_seats_but(&self, breaking: Option<&str>) -> Vec<(&str, u8)> {
        let running = || self.running_tables().filter(|t| Some(*t) != breaking);
        let seated = |table: &str| self.at_table(table).count();
        let Some(fewest) = running().map(seated).min() else {
            return Vec::new();
        };
        running()
            .filter(|t| seated(t) == fewest)
            .flat_map(|t| {
                (1..=self.seats)
                    .filter(move |&s| self.entry_at(t, s).is_none())
                    .map(move |s| (t, s))
            })
            .collect()
    }

    /// The table id of balancing's table number.
    pub fn table_id(&self, number: u32) -> Option<&str> {
        (number as usize)
            .checked_sub(1)
            .and_then(|i| self.tables.get(i))
            .map(String::as_str)
    }

    /// The entry in a seat.
    pub fn entry_at(&self, table: &str, seat: u8) -> Option<u32> {
        self.in_play()
            .find(|(_, e)| e.table == table && e.seat == seat)
            .map(|(n, _)| n)
    }

    /// Every entry that has finished, best place first, with its prize: the payout
    /// table's row for this field, exact to the unit; tied entries share their
    /// places' prizes. The winner is listed once the tournament has one.
    pub fn results(&self) -> Vec<Placing> {
        let row = self.structure.payout_row(self.entries.len() as u32);
        let prizes = place_prizes(row, self.prize_pool());
        let mut out = Vec::new();
        if self.finished() {
            if let Some((entry, e)) = self.in_play().next() {
                out.push(Placing {
                    place: 1,
                    entry,
                    player: e.player.clone(),
                    prize: prizes.first().copied().unwrap_or_default(),
                });
            }
        }
        for group in self.eliminations.iter().rev() {
            let mut i = 0;
            while i < group.len() {
                let Some(finish) = self.entry(group[i]).ok().and_then(|e| e.out) else {
                    break;
                };
                let tied = finish.tied as usize;
                let share = shared(&prizes, finish.place as usize, tied);
                for (k, &n) in group[i..i + tied].iter().enumerate() {
                    if let Ok(e) = self.entry(n) {
                        out.push(Placing {
                            place: finish.place,
                            entry: n,
                            player: e.player.clone(),
                            prize: share.get(k).copied().unwrap_or_default(),
                        });
                    }
                }
                i += tied;
            }
        }
        out
    }
}

/// When an event happened, for those that say.
fn at_of(event: &TournamentEvent) -> Option<WallTime> {
    match event {
        TournamentEvent::Created { .. } => None,
        TournamentEvent::Registered { at, .. }
        | TournamentEvent::Started { at }
        | TournamentEvent::Paused { at }
        | TournamentEvent::Resumed { at }
        | TournamentEvent::TimeAdded { at, .. }
        | TournamentEvent::Eliminated { at, .. }
        | TournamentEvent::Moved { at, .. }
        | TournamentEvent::TableBroken { at, .. }
        | TournamentEvent::HandForHand { at, .. }
        | TournamentEvent::Redrawn { at, .. }
        | TournamentEvent::RoundEliminated { at, .. } => Some(*at),
    }
}

#[cfg(test)]
mod tests;
