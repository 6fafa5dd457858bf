//! A simulated tournament: bench tables in tournament mode play a whole event, from
//! the draw to the winner, driven by the director's signed log on the floor's store.
//! Each table is a real one but for its players and shoe: its own signed hand log,
//! shipped to the store as a table ships it; between hands its dealer does what the
//! log says ([`crate::session::tournament_table`]) and what the clock says
//! ([`crate::tournament::TablePlan`]). The director (this module, by the rules of
//! [`super::director`]) registers the players and re-entries, records every
//! elimination, move, broken table, hand-for-hand round and the final table's redraw.
//!
//! The clock is the wall clock, fast-forwarded honestly: after a set number of hands
//! at every table the director takes the rest of the level off the clock
//! (`TimeAdded` with a negative time, as a director may), so the log reads as the
//! event ran. The tables deal in rounds, one hand each, which is hand-for-hand's
//! rhythm anyway.
//!
//! Every round the room counts its chips: every table's stacks add up to the starting
//! stack times the entries, plus what the colour-ups' races added or took (their
//! rounding). A difference stops the simulation with [`RoomError::Chips`].

use super::director::{next_decision, Decision};
use crate::floor::tournaments::{TournamentLog, TournamentStoreError};
use crate::floor::{FloorError, Shipper, Store};
use crate::money::chip_race::{chip_race, ChipRaceError, Racer};
use crate::records::handlog::{KeyError, TableKey};
use crate::records::program::ConfigFiles;
use crate::records::time::WallTime;
use crate::session::simulated::{DirectSource, SimError, SimOptions, SimulatedTable};
use crate::session::startup::StartupError;
use crate::session::tournament_table::{level_step, SeatBook, Step};
use crate::tournament::{
    AnteKind, BustOut, Placing, Reseat, Structure, StructureError, TablePlan, TableSeats,
    Tournament, TournamentEvent,
};
use firmware::{Card, CardSet, Chips, Event, SeatNo};
use hardware::rng::XorShift;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The structure the simulator plays unless given another: a fast turbo with a
/// big-blind ante, re-entry, a colour-up at its first break, and a payout table of
/// up to twelve places.
pub const BENCH_TURBO: &str = include_str!("bench-turbo.toml");

/// Hands each table plays at a level before the director ends it.
pub const HANDS_PER_LEVEL: u32 = 10;
/// The most hand rounds a simulation plays before it is called stuck.
pub const MAX_ROUNDS: u32 = 5_000;
/// How long the tables' shipping may take to finish at the end.
const SHIP_GRACE: Duration = Duration::from_secs(30);
/// Seats at each table.
pub const SEATS: u8 = 9;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct RoomOptions {
    /// The tournament's id on the store.
    pub id: String,
    /// Players who buy in before the start.
    pub players: u32,
    /// Tables, named T1.. in the order the room breaks them last (T1 is the final).
    pub tables: usize,
    /// The structure file's text.
    pub structure: String,
    /// The seed: the same seed draws the same seats and plays the same hands.
    pub seed: u64,
    /// The chance, in percent, that a busted player re-enters while he may.
    pub re_entry_percent: u64,
    /// Where the tables keep their logs and keys.
    pub data: PathBuf,
}

/// Why the simulation stopped short of a winner.
#[derive(Debug)]
pub enum RoomError {
    /// The structure file is refused.
    Structure(StructureError),
    /// A table's data folder, key or log could not be opened.
    Startup(String, StartupError),
    /// The director's key could not be made.
    Key(KeyError),
    /// The store could not be reached, or a table's shipping could not start.
    Floor(FloorError),
    /// The tournament's log refused an event or could not be written.
    Log(TournamentStoreError),
    /// A table stopped.
    Table(String, SimError),
    /// A colour-up's race could not be run.
    Race(String, ChipRaceError),
    /// The chips at the tables are not the chips in play.
    Chips {
        /// The hand round.
        round: u32,
        /// What should be in play.
        expected: Chips,
        /// What the tables hold.
        counted: Chips,
    },
    /// More players than seats, or fewer than two, or no table.
    Field {
        /// Players asked for.
        players: u32,
        /// Seats at the tables.
        seats: usize,
    },
    /// The director's seating decisions went wrong: a fault of the simulator's,
    /// reported rather than looped on.
    Seating(String),
    /// No winner after [`MAX_ROUNDS`] rounds.
    Stuck(u32),
    /// A table's records did not all reach the store in time.
    NotShipped(String),
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::Structure(e) => write!(f, "structure: {e}"),
            RoomError::Startup(t, e) => write!(f, "table {t}: {e}"),
            RoomError::Key(e) => write!(f, "the director's key: {e}"),
            RoomError::Floor(e) => write!(f, "the floor's store: {e}"),
            RoomError::Log(e) => write!(f, "the tournament's log: {e}"),
            RoomError::Table(t, e) => write!(f, "table {t}: {e}"),
            RoomError::Race(t, e) => write!(f, "table {t}: {e}"),
            RoomError::Chips {
                round,
                expected,
                counted,
            } => write!(
                f,
                "after round {round} the tables hold {counted} chips where {expected} are in play"
            ),
            RoomError::Field { players, seats } => write!(
                f,
                "{players} players at {seats} seats: a tournament needs two players or more, each with a seat"
            ),
            RoomError::Seating(why) => write!(f, "seating: {why}"),
            RoomError::Stuck(n) => write!(f, "no winner after {n} rounds of hands"),
            RoomError::NotShipped(t) => {
                write!(f, "table {t}'s records did not all reach the store")
            }
        }
    }
}

impl std::error::Error for RoomError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoomError::Structure(e) => Some(e),
            RoomError::Startup(_, e) => Some(e),
            RoomError::Key(e) => Some(e),
            RoomError::Floor(e) => Some(e),
            RoomError::Log(e) => Some(e),
            RoomError::Table(_, e) => Some(e),
            RoomError::Race(_, e) => Some(e),
            _ => None,
        }
    }
}

impl From<TournamentStoreError> for RoomError {
    fn from(e: TournamentStoreError) -> Self {
        RoomError::Log(e)
    }
}

/// Why the director moved a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// To balance the tables, by the rule, which saw `seating`.
    Balance {
        /// The move.
        step: crate::tournament::Move,
        /// The tables as the rule saw them.
        seating: Vec<TableSeats>,
    },
    /// From a table breaking, to a seat drawn at random.
    Breaking,
}

/// The chips in play after one hand round, as the room counted them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChipCount {
    /// The round.
    pub round: u32,
    /// The level being played.
    pub level: usize,
    /// The starting stack times the entries, plus the colour-ups' rounding.
    pub expected: Chips,
    /// The chips at the tables.
    pub counted: Chips,
}

/// What a simulated tournament did.
#[derive(Clone, Debug, Default)]
pub struct RoomSummary {
    /// Entries, re-entries included.
    pub entries: u32,
    /// Hand rounds played.
    pub rounds: u32,
    /// Hands dealt at each table, by table.
    pub hands: Vec<(String, u32)>,
    /// Every move the director recorded, in the log's order, and why.
    pub moves: Vec<MoveKind>,
    /// Players the final table's redraw seated.
    pub redrawn: u32,
    /// Hand-for-hand rounds and the hands dealt in each, by table.
    pub hand_for_hand: Vec<(u32, Vec<String>)>,
    /// The chips counted after every round.
    pub chip_counts: Vec<ChipCount>,
    /// Colour-ups: table, level after which, chips before and after.
    pub colour_ups: Vec<(String, usize, Chips, Chips)>,
    /// The results, best first.
    pub results: Vec<Placing>,
}

/// One table of the room: its engine and simulated players, its seats' entries,
/// its shipping.
struct RoomTable<'a> {
    id: String,
    bench: SimulatedTable<'a, DirectSource>,
    book: SeatBook,
    /// The last hand-for-hand round it dealt.
    dealt_round: Option<u32>,
    /// The break whose colour-up it raced.
    coloured: Option<usize>,
    hands: u32,
}

/// The director: his key and the tournament's log on the store.
struct Director {
    store: Store,
    key: TableKey,
    log: TournamentLog,
    rng: XorShift,
}

impl Director {
    fn record(&mut self, event: TournamentEvent) -> Result<(), RoomError> {
        self.log.append(&mut self.store, &self.key, event)?;
        Ok(())
    }

    fn t(&self) -> &Tournament {
        &self.log.state
    }
}

/// Runs a simulated tournament on the store at `url` to its winner, printing what
/// happens to `out`.
pub fn run(
    url: &str,
    opts: &RoomOptions,
    out: &mut dyn FnMut(&str),
) -> Result<RoomSummary, RoomError> {
    let seats = opts.tables * usize::from(SEATS);
    if opts.players < 2 || opts.players as usize > seats {
        return Err(RoomError::Field {
            players: opts.players,
            seats,
        });
    }
    let structure = Structure::parse(&opts.structure).map_err(RoomError::Structure)?;
    let names: Vec<String> = (1..=opts.tables).map(|n| format!("T{n}")).collect();
    let key = TableKey::generate().map_err(RoomError::Key)?;
    let mut store = Store::open(url).map_err(RoomError::Floor)?;
    let log = TournamentLog::create(
        &mut store,
        &key,
        &opts.id,
        TournamentEvent::Created {
            structure: opts.structure.clone(),
            tables: names.clone(),
            seats: SEATS,
            director: key.public().to_string(),
        },
    )?;
    let mut director = Director {
        store,
        key,
        log,
        rng: XorShift::new(opts.seed | 1),
    };
    // Each table: its data folder, key and log, its shipping to the same store.
    let mut logs = Vec::with_capacity(names.len());
    let mut shippers = Vec::with_capacity(names.len());
    let mut program = None;
    for name in &names {
        let data = opts.data.join(name);
        let started = crate::session::startup::check(
            &data,
            name,
            &opts.data.join(format!("{name}-key")).join("table.key"),
            &ConfigFiles::default(),
        )
        .map_err(|e| RoomError::Startup(name.clone(), e))?;
        shippers.push(Shipper::start(url, &data, name).map_err(RoomError::Floor)?);
        program.get_or_insert(started.program);
        logs.push(started.opened.log);
    }
    let table_opts = table_options(&structure, opts.seed);
    let mut tables = Vec::with_capacity(names.len());
    for ((name, log), shipper) in names.iter().zip(logs.iter_mut()).zip(&shippers) {
        let mut o = table_opts.clone();
        o.seed = opts.seed ^ (tables.len() as u64 + 1).wrapping_mul(0x9E37_79B9);
        let mut bench = SimulatedTable::empty(&o, DirectSource, Some(log))
            .map_err(|e| RoomError::Table(name.clone(), e))?;
        bench.tap(Box::new(shipper.tap()));
        if let Some(p) = &program {
            bench
                .started_with(p.clone())
                .map_err(|e| RoomError::Table(name.clone(), e))?;
        }
        tables.push(RoomTable {
            id: name.clone(),
            bench,
            book: SeatBook::default(),
            dealt_round: None,
            coloured: None,
            hands: 0,
        });
    }
    let summary = play(&mut director, &mut tables, opts, out)?;
    drop(tables);
    for (name, s) in names.iter().zip(shippers) {
        let shipped = caught_up(&s);
        s.finish(SHIP_GRACE);
        if !shipped {
            return Err(RoomError::NotShipped(name.clone()));
        }
    }
    Ok(summary)
}

/// Waits while a table's shipping catches up with its log: as long as the store
/// keeps taking records, and at most [`SHIP_GRACE`] without one taken.
fn caught_up(s: &Shipper) -> bool {
    let mut shipped = s.status().shipped;
    loop {
        if s.wait_shipped(SHIP_GRACE) {
            return true;
        }
        let now = s.status().shipped;
        if now == shipped {
            return false;
        }
        shipped = now;
    }
}

/// The bench tables' settings for a tournament under `structure`.
fn table_options(structure: &Structure, seed: u64) -> SimOptions {
    let first = structure.levels.first();
    let bb_ante = structure
        .levels
        .iter()
        .any(|l| l.ante_kind == AnteKind::BigBlind && !l.ante.is_zero());
    let unit = structure
        .denominations
        .first()
        .copied()
        .unwrap_or(Chips::new(1));
    SimOptions {
        hands: 0,
        players: 2,
        seed,
        blinds: first.map_or((Chips::new(1), Chips::new(2)), |l| {
            (l.small_blind, l.big_blind)
        }),
        settings: vec![
            ("tournament".into(), "true".into()),
            ("max_players".into(), SEATS.to_string()),
            ("chip_unit".into(), unit.to_string()),
            (
                "ante_mode".into(),
                if bb_ante { "bb" } else { "player" }.into(),
            ),
        ],
        ..SimOptions::default()
    }
}

/// The event's time: the wall clock's now (an event dated before the log's last is
/// refused by the log, and stops the simulation with its reason).
fn now() -> WallTime {
    WallTime::now()
}

fn play(
    d: &mut Director,
    tables: &mut [RoomTable<'_>],
    opts: &RoomOptions,
    out: &mut dyn FnMut(&str),
) -> Result<RoomSummary, RoomError> {
    let mut summary = RoomSummary::default();
    for n in 1..=opts.players {
        register(d, &format!("Player {n:02}"))?;
    }
    d.record(TournamentEvent::Started { at: now() })?;
    out(&format!(
        "{}: {} players on {} tables, clock started",
        d.t().structure.name,
        opts.players,
        tables.len()
    ));
    // Colour-ups' rounding: chips added (or, negative, taken) by the races.
    let mut raced: i128 = 0;
    let mut rounds_in_period = 0u32;
    let mut period = d.t().read(now()).period;
    while !d.t().finished() {
        summary.rounds += 1;
        if summary.rounds > MAX_ROUNDS {
            return Err(RoomError::Stuck(MAX_ROUNDS));
        }
        seat_everyone(d, tables)?;
        let at = now();
        let round = d.t().hand_for_hand;
        let mut dealt = Vec::new();
        let mut busted: Vec<BustOut> = Vec::new();
        for table in tables.iter_mut() {
            let plan = d.t().table_plan(&table.id, at, table.dealt_round);
            match plan {
                TablePlan::Deal { .. } => {
                    if let Some(set) = level_step(table.bench.table(), &plan) {
                        dealer(table, set)?;
                    }
                    if players_with_chips(table) < 2 {
                        continue;
                    }
                    let out_here = deal_hand(table)?;
                    table.dealt_round = round;
                    table.hands += 1;
                    dealt.push(table.id.clone());
                    if round.is_none() && !out_here.is_empty() {
                        eliminate(
                            d,
                            TournamentEvent::Eliminated {
                                table: table.id.clone(),
                                out: out_here,
                                at: now(),
                            },
                            out,
                        )?;
                    } else {
                        busted.extend(out_here);
                    }
                }
                TablePlan::Break {
                    after_level,
                    colour_up,
                    ..
                } if table.coloured != Some(after_level) => {
                    table.coloured = Some(after_level);
                    for &removed in colour_up {
                        let (before, after) =
                            colour_up_table(table, &d.t().structure, removed, opts.seed)?;
                        raced += i128::from(after.get()) - i128::from(before.get());
                        summary
                            .colour_ups
                            .push((table.id.clone(), after_level, before, after));
                        out(&format!(
                            "break after level {after_level}: table {} colours up its {removed}s, {before} chips before, {after} after",
                            table.id
                        ));
                    }
                }
                _ => {}
            }
        }
        if let Some(r) = round {
            summary.hand_for_hand.push((r, dealt));
            if !busted.is_empty() {
                eliminate(
                    d,
                    TournamentEvent::RoundEliminated {
                        round: r,
                        out: busted,
                        at: now(),
                    },
                    out,
                )?;
            }
        }
        re_enter(d, opts)?;
        seat_everyone(d, tables)?;
        // The chips in play, counted between hands at every table.
        let expected = i128::from(d.t().chips_in_play().get()) + raced;
        let counted: u64 = tables
            .iter()
            .map(|t| t.bench.table().chips_in_play().get())
            .sum();
        let level = match d.t().read(now()).period {
            crate::tournament::Period::Level(n) | crate::tournament::Period::Break(n) => n,
            crate::tournament::Period::NotStarted => 0,
        };
        let count = ChipCount {
            round: summary.rounds,
            level,
            expected: Chips::new(u64::try_from(expected).unwrap_or(0)),
            counted: Chips::new(counted),
        };
        summary.chip_counts.push(count);
        if count.expected != count.counted {
            return Err(RoomError::Chips {
                round: count.round,
                expected: count.expected,
                counted: count.counted,
            });
        }
        if d.t().finished() {
            break;
        }
        reseat(d, tables, &mut summary, out)?;
        hand_for_hand(d, tables, out)?;
        // The clock: a level lasts HANDS_PER_LEVEL rounds, a break one.
        let reading = d.t().read(now());
        if reading.period != period {
            period = reading.period;
            rounds_in_period = 0;
        }
        rounds_in_period += 1;
        let over = match reading.period {
            crate::tournament::Period::Break(_) => true,
            _ => rounds_in_period >= HANDS_PER_LEVEL,
        };
        if let (true, Some(left)) = (over, reading.left) {
            d.record(TournamentEvent::TimeAdded {
                at: now(),
                ms: -(i64::try_from(left.total_millis()).unwrap_or(i64::MAX)),
            })?;
            let next = d.t().read(now());
            match next.period {
                crate::tournament::Period::Level(n) => {
                    let l = &d.t().structure.levels[n.clamp(1, d.t().structure.levels.len()) - 1];
                    out(&format!(
                        "level {n}: blinds {}/{}, ante {}",
                        l.small_blind, l.big_blind, l.ante
                    ));
                }
                crate::tournament::Period::Break(n) => out(&format!("break after level {n}")),
                crate::tournament::Period::NotStarted => {}
            }
        }
    }
    seat_everyone(d, tables)?;
    summary.entries = d.t().entries.len() as u32;
    summary.hands = tables.iter().map(|t| (t.id.clone(), t.hands)).collect();
    summary.results = d.t().results();
    Ok(summary)
}

/// Registers `player` (or his re-entry) at a seat drawn at random.
fn register(d: &mut Director, player: &str) -> Result<(), RoomError> {
    let open: Vec<(String, u8)> = d
        .t()
        .open_seats()
        .into_iter()
        .map(|(t, s)| (t.to_string(), s))
        .collect();
    let Some((table, seat)) = open
        .get(d.rng.below(open.len().max(1) as u64) as usize)
        .cloned()
    else {
        return Ok(());
    };
    let entry = d.t().entries.len() as u32 + 1;
    d.record(TournamentEvent::Registered {
        entry,
        player: player.to_string(),
        table,
        seat,
        at: now(),
    })
}

/// Busted players re-enter, while they may, by chance.
fn re_enter(d: &mut Director, opts: &RoomOptions) -> Result<(), RoomError> {
    if !d.t().registration_open(now()) {
        return Ok(());
    }
    let allowed = d.t().structure.re_entries as usize;
    let mut players: Vec<String> = d
        .t()
        .entries
        .iter()
        .filter(|e| e.out.is_some())
        .map(|e| e.player.clone())
        .collect();
    players.sort();
    players.dedup();
    for p in players {
        let t = d.t();
        let entries = t.entries.iter().filter(|e| e.player == p).count();
        let still_in = t.entries.iter().any(|e| e.player == p && e.out.is_none());
        if still_in || entries > allowed || t.open_seats().is_empty() {
            continue;
        }
        if d.rng.chance_percent(opts.re_entry_percent) {
            register(d, &p)?;
        }
    }
    Ok(())
}

/// Records an elimination and says where each player finished.
fn eliminate(
    d: &mut Director,
    event: TournamentEvent,
    out: &mut dyn FnMut(&str),
) -> Result<(), RoomError> {
    let entries: Vec<u32> = match &event {
        TournamentEvent::Eliminated { out, .. } | TournamentEvent::RoundEliminated { out, .. } => {
            out.iter().map(|b| b.entry).collect()
        }
        _ => Vec::new(),
    };
    d.record(event)?;
    for n in entries {
        if let Ok(e) = d.t().entry(n) {
            if let Some(f) = e.out {
                out(&format!("{} out in place {}", e.player, f.place));
            }
        }
    }
    Ok(())
}

/// Every table brought to the log: departures everywhere first, then arrivals.
fn seat_everyone(d: &Director, tables: &mut [RoomTable<'_>]) -> Result<(), RoomError> {
    for table in tables.iter_mut() {
        for step in table.book.departures(table.bench.table(), d.t(), &table.id) {
            carry_out(table, step)?;
        }
    }
    for table in tables.iter_mut() {
        for step in table.book.arrivals(table.bench.table(), d.t(), &table.id) {
            carry_out(table, step)?;
        }
    }
    Ok(())
}

fn carry_out(table: &mut RoomTable<'_>, step: Step) -> Result<(), RoomError> {
    dealer(table, step.input)?;
    table.book.record(&step);
    Ok(())
}

fn dealer(table: &mut RoomTable<'_>, input: firmware::Input) -> Result<Vec<Event>, RoomError> {
    table
        .bench
        .dealer_input(input, &mut |_| {})
        .map_err(|e| RoomError::Table(table.id.clone(), e))
}

fn players_with_chips(table: &RoomTable<'_>) -> usize {
    table
        .book
        .seats()
        .filter(|(s, _)| {
            table
                .bench
                .table()
                .seat(*s)
                .is_some_and(|x| !x.stack.is_zero())
        })
        .count()
}

/// Plays one hand; the entries it knocked out, with their chips at its start.
fn deal_hand(table: &mut RoomTable<'_>) -> Result<Vec<BustOut>, RoomError> {
    let mut busted = Vec::new();
    table
        .bench
        .play_hand(&mut |e| {
            if let Event::BustedOut { seat, started_with } = e {
                busted.push((*seat, *started_with));
            }
        })
        .map_err(|e| RoomError::Table(table.id.clone(), e))?;
    Ok(busted
        .into_iter()
        .filter_map(|(seat, chips)| {
            table.book.entry(seat).map(|entry| BustOut {
                entry,
                chips_at_start: chips.get(),
            })
        })
        .collect())
}

/// The chip race of a colour-up at one table: each player dealt a card a chip of
/// `removed` he holds beyond whole chips of the next denomination; the chips before
/// and after.
fn colour_up_table(
    table: &mut RoomTable<'_>,
    structure: &Structure,
    removed: Chips,
    seed: u64,
) -> Result<(Chips, Chips), RoomError> {
    let next = structure
        .denominations
        .iter()
        .copied()
        .find(|&c| c > removed)
        .unwrap_or(removed);
    let mut deck: Vec<Card> = CardSet::deck(false).iter().collect();
    XorShift::new((seed ^ u64::from(table.hands)) | 1).shuffle(&mut deck);
    let mut cards = deck.into_iter();
    let racers: Vec<Racer> = table
        .book
        .seats()
        .filter_map(|(seat, _)| {
            let stack = table.bench.table().seat(seat)?.stack;
            let odd = (stack.get() % next.get()) / removed.get().max(1);
            Some(Racer {
                seat,
                stack,
                cards: cards.by_ref().take(odd as usize).collect(),
            })
        })
        .collect();
    let raced =
        chip_race(removed, next, &racers).map_err(|e| RoomError::Race(table.id.clone(), e))?;
    let before = racers.iter().map(|r| r.stack.get()).sum();
    let after = raced.iter().map(|r| r.after.get()).sum();
    for r in &raced {
        dealer(table, r.input())?;
    }
    Ok((Chips::new(before), Chips::new(after)))
}

/// The director's seating decisions until the room needs none, each carried out by
/// the tables before the next is asked.
fn reseat(
    d: &mut Director,
    tables: &mut [RoomTable<'_>],
    summary: &mut RoomSummary,
    out: &mut dyn FnMut(&str),
) -> Result<(), RoomError> {
    // Every decision moves a player or closes a table, so the room settles in fewer
    // decisions than it has seats and tables; more is a fault, reported.
    let most = tables.len() * usize::from(SEATS) * 2 + tables.len();
    for _ in 0..most {
        let bb = |id: &str| {
            tables
                .iter()
                .find(|t| t.id == id)
                .and_then(|t| t.bench.table().state().last.map(|p| p.big_blind))
        };
        let decision = {
            let Director { log, rng, .. } = &mut *d;
            next_decision(&log.state, bb, rng)
        };
        let Some(decision) = decision else {
            return Ok(());
        };
        match decision {
            Decision::Balance { step, seating } => {
                let from = d.t().table_id(step.from).unwrap_or_default().to_string();
                let to = d.t().table_id(step.to).unwrap_or_default().to_string();
                let entry = d.t().entry_at(&from, step.seat.get());
                let Some(entry) = entry else {
                    return Err(RoomError::Seating(format!(
                        "balancing named seat {} of table {from}, where nobody sits",
                        step.seat
                    )));
                };
                move_player(d, tables, entry, &to, step.to_seat.get())?;
                out(&format!(
                    "balancing: seat {} of table {from} to table {to}, seat {}",
                    step.seat, step.to_seat
                ));
                summary.moves.push(MoveKind::Balance { step, seating });
            }
            Decision::FromBreaking {
                entry,
                from,
                to,
                to_seat,
            } => {
                move_player(d, tables, entry, &to, to_seat)?;
                out(&format!(
                    "table {from} breaking: entry {entry} to table {to}, seat {to_seat}"
                ));
                summary.moves.push(MoveKind::Breaking);
            }
            Decision::Break(table) => {
                d.record(TournamentEvent::TableBroken {
                    table: table.clone(),
                    at: now(),
                })?;
                out(&format!("table {table} breaks"));
            }
            Decision::Redraw { table, seats } => {
                let seats = seats
                    .into_iter()
                    .map(|(entry, seat)| Reseat {
                        entry,
                        seat,
                        chips: stack_of(d.t(), tables, entry).get(),
                    })
                    .collect::<Vec<_>>();
                summary.redrawn = seats.len() as u32;
                d.record(TournamentEvent::Redrawn {
                    table: table.clone(),
                    seats,
                    at: now(),
                })?;
                out(&format!(
                    "final table: {} players redrawn at table {table}",
                    d.t().players_left()
                ));
            }
        }
        seat_everyone(d, tables)?;
    }
    Err(RoomError::Seating(format!(
        "the seating did not settle after {most} decisions"
    )))
}

/// The chips of `entry` at his table now.
fn stack_of(t: &Tournament, tables: &[RoomTable<'_>], entry: u32) -> Chips {
    let Ok(e) = t.entry(entry) else {
        return Chips::ZERO;
    };
    tables
        .iter()
        .find(|x| x.id == e.table)
        .and_then(|x| SeatNo::new(e.seat).and_then(|s| x.bench.table().seat(s)))
        .map_or(Chips::ZERO, |s| s.stack)
}

/// Records the move of `entry` with the chips his table counts.
fn move_player(
    d: &mut Director,
    tables: &[RoomTable<'_>],
    entry: u32,
    to: &str,
    to_seat: u8,
) -> Result<(), RoomError> {
    let chips = stack_of(d.t(), tables, entry);
    d.record(TournamentEvent::Moved {
        entry,
        to_table: to.to_string(),
        to_seat,
        chips: chips.get(),
        at: now(),
    })
}

/// Places from the money at which the director begins hand-for-hand play (PD-TOURN-HFH): a few, as
/// directors do, so that two players out in one round cannot jump the bubble.
pub const HAND_FOR_HAND_FROM: u32 = 3;

/// Hand-for-hand on the bubble: on when [`HAND_FOR_HAND_FROM`] eliminations or fewer
/// reach the money with more than one table running, the next round once every
/// table dealt this one, off once the bubble has burst.
fn hand_for_hand(
    d: &mut Director,
    tables: &[RoomTable<'_>],
    out: &mut dyn FnMut(&str),
) -> Result<(), RoomError> {
    let t = d.t();
    let paid = t.structure.payout_row(t.entries.len() as u32).places.len() as u32;
    let running = t.running_tables().count();
    let bubble = t.players_left() > paid && running > 1 && !t.registration_open(now());
    match t.hand_for_hand {
        None if bubble && t.players_left() <= paid + HAND_FOR_HAND_FROM => {
            out("hand-for-hand: the money is near");
            d.record(TournamentEvent::HandForHand {
                round: Some(1),
                at: now(),
            })
        }
        Some(_) if !bubble => {
            out("hand-for-hand over: the bubble burst");
            d.record(TournamentEvent::HandForHand {
                round: None,
                at: now(),
            })
        }
        Some(r) => {
            let done = tables
                .iter()
                .filter(|x| !t.broken.contains(&x.id))
                .all(|x| x.dealt_round == Some(r) || players_with_chips(x) < 2);
            if done {
                d.record(TournamentEvent::HandForHand {
                    round: Some(r + 1),
                    at: now(),
                })?;
            }
            Ok(())
        }
        None => Ok(()),
    }
}

/// The data folder of a simulation under `dir`.
pub fn data_folder(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("tournament-{id}"))
}
