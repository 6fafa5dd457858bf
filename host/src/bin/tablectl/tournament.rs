//! `tablectl tournament`: the tournament director's commands. Each reads the
//! tournament's signed log from the floor's store, judges the new event against it
//! (host::tournament), signs it with the director's key and writes it
//! (host::floor::tournaments); the reading commands check every signature first.
//! Their arguments are here rather than in cli.rs: one group, one file.

use crate::error::CliError;
use clap::{Args, Subcommand};
use firmware::SeatNo;
use host::floor::tournaments::{self, TournamentLog};
use host::floor::Store;
use host::records::handlog::{KeyError, TableKey};
use host::records::time::WallTime;
use host::tournament::{next_move, table_to_break, BustOut, Period, Placing, TournamentEvent};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod checks;
use checks::{checks, hand_for_hand, Check};

/// The seats of a table when the director does not say.
const DEFAULT_SEATS: u8 = 9;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Tournament {
    /// Make a tournament from a structure file, on the tables named
    ///
    /// The director's key (--key) signs this and every later event; it is made
    /// there (mode 0600, its public half beside it as FILE.pub) when the file
    /// does not exist. Tables are listed in the order they break: the last
    /// named breaks first, the first named is the final table.
    #[command(verbatim_doc_comment)]
    Create(CreateArgs),
    /// Register a player (or re-enter a busted one): draws his table and seat
    Register(RegisterArgs),
    /// Start the clock at level 1
    Start(WriteArgs),
    /// Stop the clock
    Pause(WriteArgs),
    /// Run the clock again
    Resume(WriteArgs),
    /// Add minutes to the running level or break (negative to take them away)
    AddTime(AddTimeArgs),
    /// Record players knocked out in one hand at one table
    ///
    /// Each as ENTRY:CHIPS, the chips the entry started the hand with: they
    /// finish in that order, more chips higher, equal chips tied.
    #[command(verbatim_doc_comment)]
    Bust(BustArgs),
    /// Move a player to another table's seat with his chips
    Move(MoveArgs),
    /// Close a table whose players have all been moved
    BreakTable(BreakTableArgs),
    /// Whether the tables are out of balance: the move the rules give, or the table
    /// to break
    ///
    /// The player who would be big blind next at the longest table moves to the
    /// seat that pays the big blind soonest at the shortest (never the small
    /// blind); a table breaks, last named first, once its players fit elsewhere.
    /// Give each table's last big blind with --big-blind TABLE:SEAT.
    #[command(verbatim_doc_comment)]
    Balance(BalanceArgs),
    /// The clock, the level, the players left, the average stack and the seats
    Show(ReadArgs),
    /// Each finished place with its player and prize, best first
    Results(ReadArgs),
    /// Every event of a tournament, in order, each checked against the director's
    /// key: who registered, every clock change, move, broken table and bust-out
    Log(ReadArgs),
    /// The tournaments in the store
    List(ListArgs),
    /// Play a whole tournament on bench tables against the store: simulated players,
    /// re-entries, breaks with a colour-up, balancing, broken tables, hand-for-hand
    /// and the final table, every event signed; prints the results
    Sim(crate::tournament_sim::SimArgs),
    /// Hand-for-hand play: on (round 1), the next round, or off
    ///
    /// With --when-all-done, the next round is called only once every running
    /// table has finished a hand started after the round was called (read from
    /// the tables' records, under --tables-db when --db is the director's login,
    /// which reads no table's records); the round's bust-outs are written first,
    /// ranked together as one hand's.
    #[command(verbatim_doc_comment)]
    HandForHand(HandForHandArgs),
    /// Every move: the director's chips against the source's departure and the
    /// destination's arrival (exit 1 when one differs)
    Moves(CheckArgs),
    /// Every elimination against the table's bust-out, and every bust-out against
    /// an elimination (exit 1 when one differs)
    Eliminations(CheckArgs),
    /// The moves, the eliminations and the chips in play at every level across the
    /// tables (exit 1 when anything differs)
    Audit(CheckArgs),
}

/// What `hand-for-hand` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HandForHandMode {
    /// Start hand-for-hand play: round 1
    On,
    /// Call the next round
    Next,
    /// End hand-for-hand play
    Off,
}

#[derive(Debug, Args)]
pub struct HandForHandArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// on, next or off
    #[arg(value_name = "MODE")]
    pub mode: HandForHandMode,
    /// (next) only once every running table has finished the round's hand
    #[arg(long)]
    pub when_all_done: bool,
    /// (with --when-all-done) a login that reads the tables' records, when --db's
    /// does not: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL", requires = "when_all_done")]
    pub tables_db: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Args)]
pub struct StoreArg {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
}

#[derive(Debug, Args)]
pub struct WriteArgs {
    /// The tournament's id
    #[arg(value_name = "ID")]
    pub id: String,
    #[command(flatten)]
    pub store: StoreArg,
    /// The director's private key file
    #[arg(long, value_name = "FILE")]
    pub key: PathBuf,
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// The structure file (TOML: levels, breaks, payouts)
    #[arg(long, value_name = "FILE")]
    pub structure: PathBuf,
    /// The tables, comma-separated, in the order they break (last first)
    #[arg(long, value_name = "IDS", value_delimiter = ',', required = true)]
    pub tables: Vec<String>,
    /// Seats at each table
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEATS)]
    pub seats: u8,
}

#[derive(Debug, Args)]
pub struct RegisterArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// The player's name, as the cage wrote it
    #[arg(value_name = "PLAYER")]
    pub player: String,
}

#[derive(Debug, Args)]
pub struct AddTimeArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// Minutes to add (negative to take away)
    #[arg(value_name = "MINUTES", allow_negative_numbers = true)]
    pub minutes: i32,
}

#[derive(Debug, Args)]
pub struct BustArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// The table the hand was played at
    #[arg(long, value_name = "ID")]
    pub table: String,
    /// Each entry out, as ENTRY:CHIPS (its chips when the hand began)
    #[arg(value_name = "ENTRY:CHIPS", required = true, value_parser = bust_out)]
    pub out: Vec<BustOut>,
}

#[derive(Debug, Args)]
pub struct MoveArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// The entry that moves
    #[arg(value_name = "ENTRY")]
    pub entry: u32,
    /// The table he joins
    #[arg(long, value_name = "ID")]
    pub to: String,
    /// His seat there
    #[arg(long, value_name = "SEAT")]
    pub seat: u8,
    /// The chips he brings, as counted when he left
    #[arg(long, value_name = "N")]
    pub chips: u64,
}

#[derive(Debug, Args)]
pub struct BreakTableArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// The table
    #[arg(value_name = "TABLE")]
    pub table: String,
}

#[derive(Debug, Args)]
pub struct BalanceArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// A table's last big blind, as TABLE:SEAT (repeat for each table)
    #[arg(long = "big-blind", value_name = "TABLE:SEAT", value_parser = big_blind)]
    pub big_blinds: Vec<(String, u8)>,
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// The tournament's id
    #[arg(value_name = "ID")]
    pub id: String,
    #[command(flatten)]
    pub store: StoreArg,
    /// One JSON object per line
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub store: StoreArg,
}

/// `ENTRY:CHIPS` (clap's convention: the error as text).
fn bust_out(v: &str) -> Result<BustOut, String> {
    let (entry, chips) = v
        .split_once(':')
        .ok_or_else(|| format!("{v:?}: give ENTRY:CHIPS, e.g. 17:24500"))?;
    Ok(BustOut {
        entry: entry
            .parse()
            .map_err(|_| format!("{entry:?} is not an entry number"))?,
        chips_at_start: chips
            .parse()
            .map_err(|_| format!("{chips:?} is not a number of chips"))?,
    })
}

/// `TABLE:SEAT` (clap's convention: the error as text).
fn big_blind(v: &str) -> Result<(String, u8), String> {
    let (table, seat) = v
        .rsplit_once(':')
        .ok_or_else(|| format!("{v:?}: give TABLE:SEAT, e.g. T3:4"))?;
    let seat = seat
        .parse()
        .map_err(|_| format!("{seat:?} is not a seat number"))?;
    Ok((table.to_string(), seat))
}

/// Runs a `tablectl tournament` command: the checks exit 1 when something differs.
pub fn tournament(command: &Tournament) -> Result<ExitCode, CliError> {
    let result = match command {
        Tournament::Moves(args) => checks(&args.read, Check::Moves),
        Tournament::Eliminations(args) => checks(&args.read, Check::Eliminations),
        Tournament::Audit(args) => checks(&args.read, Check::Audit),
        other => directing(other).map(|()| ExitCode::SUCCESS),
    };
    result.map_err(|e| e.within("tablectl tournament"))
}

/// The director's commands and the readers', which exit 0 once done.
fn directing(command: &Tournament) -> Result<(), CliError> {
    match command {
        Tournament::Create(args) => create(args),
        Tournament::Register(args) => register(args),
        Tournament::Start(args) => write(
            args,
            TournamentEvent::Started {
                at: WallTime::now(),
            },
        ),
        Tournament::Pause(args) => write(
            args,
            TournamentEvent::Paused {
                at: WallTime::now(),
            },
        ),
        Tournament::Resume(args) => write(
            args,
            TournamentEvent::Resumed {
                at: WallTime::now(),
            },
        ),
        Tournament::AddTime(args) => write(
            &args.write,
            TournamentEvent::TimeAdded {
                at: WallTime::now(),
                ms: i64::from(args.minutes) * MINUTE_MS,
            },
        ),
        Tournament::Bust(args) => write(
            &args.write,
            TournamentEvent::Eliminated {
                table: args.table.clone(),
                out: args.out.clone(),
                at: WallTime::now(),
            },
        ),
        Tournament::Move(args) => write(
            &args.write,
            TournamentEvent::Moved {
                entry: args.entry,
                to_table: args.to.clone(),
                to_seat: args.seat,
                chips: args.chips,
                at: WallTime::now(),
            },
        ),
        Tournament::BreakTable(args) => write(
            &args.write,
            TournamentEvent::TableBroken {
                table: args.table.clone(),
                at: WallTime::now(),
            },
        ),
        Tournament::Balance(args) => balance(args),
        Tournament::Show(args) => show(args),
        Tournament::Results(args) => results(args),
        Tournament::Log(args) => event_log(args),
        Tournament::List(args) => list(args),
        Tournament::HandForHand(args) => hand_for_hand(args),
        Tournament::Sim(args) => crate::tournament_sim::sim(args),
        // Answered by `tournament`, with their exit status.
        Tournament::Moves(_) | Tournament::Eliminations(_) | Tournament::Audit(_) => Ok(()),
    }
}

const MINUTE_MS: i64 = 60_000;

fn open(url: &str) -> Result<Store, CliError> {
    Store::open(url).map_err(|e| CliError::hint(e, "see --db"))
}

/// The store, to read only: what a reader's login or a replica allows.
fn open_to_read(url: &str) -> Result<Store, CliError> {
    Store::open_to_read(url).map_err(|e| CliError::hint(e, "see --db"))
}

/// The director's key: made at `path` for a new tournament when there is none.
fn key(path: &Path, make: bool) -> Result<TableKey, CliError> {
    match TableKey::load(path) {
        Err(KeyError::Missing { .. }) if make => {
            let key = TableKey::create(path).map_err(CliError::failed)?;
            eprintln!(
                "made the director's key {} (its public half: {})",
                path.display(),
                host::records::handlog::public_file(path).display()
            );
            Ok(key)
        }
        loaded => loaded.map_err(|e| CliError::hint(e, "see --key")),
    }
}

fn load(store: &mut Store, id: &str) -> Result<TournamentLog, CliError> {
    TournamentLog::load(store, id).map_err(CliError::failed)
}

fn create(args: &CreateArgs) -> Result<(), CliError> {
    let w = &args.write;
    let structure = read_structure(&args.structure)?;
    let key = key(&w.key, true)?;
    let mut store = open(&w.store.db)?;
    let log = TournamentLog::create(
        &mut store,
        &key,
        &w.id,
        TournamentEvent::Created {
            structure,
            tables: args.tables.clone(),
            seats: args.seats,
            director: key.public().to_string(),
        },
    )
    .map_err(CliError::failed)?;
    let t = &log.state;
    println!(
        "tournament {}: {}, {} tables of {} seats, {} levels",
        log.id,
        t.structure.name,
        t.tables.len(),
        t.seats,
        t.structure.levels.len()
    );
    Ok(())
}

/// A structure file's text, bounded as a structure is.
fn read_structure(path: &Path) -> Result<String, CliError> {
    use std::io::Read as _;
    let limit = host::tournament::structure::MAX_STRUCTURE_BYTES as u64;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_string(&mut text))
        .map_err(|e| CliError::at(path.display(), e))?;
    // Checked here too, so a bad file is named before the store is dialled.
    host::tournament::Structure::parse(&text).map_err(|e| CliError::at(path.display(), e))?;
    Ok(text)
}

fn register(args: &RegisterArgs) -> Result<(), CliError> {
    let w = &args.write;
    let key = key(&w.key, false)?;
    let mut store = open(&w.store.db)?;
    let mut log = load(&mut store, &w.id)?;
    let (table, seat) = draw_seat(&log)
        .ok_or_else(|| CliError::failed(host::tournament::TournamentError::NoOpenSeat))?;
    let entry = log.state.entries.len() as u32 + 1;
    log.append(
        &mut store,
        &key,
        TournamentEvent::Registered {
            entry,
            player: args.player.clone(),
            table: table.clone(),
            seat,
            at: WallTime::now(),
        },
    )
    .map_err(CliError::failed)?;
    println!(
        "entry {entry}: {} to table {table}, seat {seat}",
        args.player
    );
    Ok(())
}

/// A random open seat at one of the tables with the fewest players (TDA: seats are
/// drawn at random; a late entry goes where the tables stay balanced).
fn draw_seat(log: &TournamentLog) -> Option<(String, u8)> {
    let open = log.state.open_seats();
    if open.is_empty() {
        return None;
    }
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).ok()?;
    let pick = (u64::from_le_bytes(bytes) % open.len() as u64) as usize;
    open.get(pick).map(|&(t, s)| (t.to_string(), s))
}

fn write(args: &WriteArgs, event: TournamentEvent) -> Result<(), CliError> {
    let key = key(&args.key, false)?;
    let mut store = open(&args.store.db)?;
    let mut log = load(&mut store, &args.id)?;
    log.append(&mut store, &key, event.clone())
        .map_err(CliError::failed)?;
    match &event {
        // What the director needs next: the places given, the seat taken.
        TournamentEvent::Eliminated { out, .. } => {
            for b in out {
                let place = log
                    .state
                    .entry(b.entry)
                    .ok()
                    .and_then(|e| e.out.map(|f| (e.player.as_str(), f)));
                if let Some((player, f)) = place {
                    let tied = if f.tied > 1 {
                        format!(" (tied with {} others)", f.tied - 1)
                    } else {
                        String::new()
                    };
                    println!("entry {} ({player}) finishes {}{tied}", b.entry, f.place);
                }
            }
            println!(
                "{} of {} entries left",
                log.state.players_left(),
                log.state.entries.len()
            );
        }
        TournamentEvent::Moved {
            entry,
            to_table,
            to_seat,
            chips,
            ..
        } => println!("entry {entry} to table {to_table}, seat {to_seat}, with {chips} chips"),
        TournamentEvent::TableBroken { table, .. } => println!("table {table} is broken"),
        _ => println!("{}", clock_line(&log)),
    }
    Ok(())
}

/// The clock as a line: `level 3 (200/400, ante 400), 12:31 left`.
fn clock_line(log: &TournamentLog) -> String {
    let s = log.state.summary(WallTime::now());
    let left = match s.clock.left {
        Some(left) => format!("{} left", host::floor::clock_page::clock_time(left)),
        None => "no end".to_string(),
    };
    let paused = if s.clock.paused { ", paused" } else { "" };
    let level = |l: &host::tournament::Level| {
        if l.ante.is_zero() {
            format!("{}/{}", l.small_blind, l.big_blind)
        } else {
            format!("{}/{}, ante {}", l.small_blind, l.big_blind, l.ante)
        }
    };
    match s.clock.period {
        Period::NotStarted => format!("not started; level 1 is {}", level(s.level)),
        Period::Level(n) => format!("level {n} ({}), {left}{paused}", level(s.level)),
        Period::Break(n) => format!("break after level {n}, {left}{paused}"),
    }
}

fn show(args: &ReadArgs) -> Result<(), CliError> {
    let mut store = open_to_read(&args.store.db)?;
    let log = load(&mut store, &args.id)?;
    let t = &log.state;
    let s = t.summary(WallTime::now());
    if args.json {
        let value = serde_json::json!({
            "id": log.id,
            "name": t.structure.name,
            "period": match s.clock.period {
                Period::NotStarted => "not_started".to_string(),
                Period::Level(n) => format!("level {n}"),
                Period::Break(n) => format!("break {n}"),
            },
            "left_ms": s.clock.left.map(|d| d.total_millis()),
            "paused": s.clock.paused,
            "small_blind": s.level.small_blind.get(),
            "big_blind": s.level.big_blind.get(),
            "ante": s.level.ante.get(),
            "players_left": s.players_left,
            "entries": s.entries,
            "average_stack": s.average_stack.get(),
            "prize_pool": s.prize_pool.0,
            "seats": t.in_play().map(|(n, e)| serde_json::json!({
                "entry": n, "player": e.player, "table": e.table, "seat": e.seat,
            })).collect::<Vec<_>>(),
        });
        println!("{value}");
        return Ok(());
    }
    println!("{} ({})", t.structure.name, log.id);
    println!("{}", clock_line(&log));
    println!(
        "{} of {} entries left, average stack {}, prize pool {}",
        s.players_left, s.entries, s.average_stack, s.prize_pool
    );
    for table in &t.tables {
        let mut seats: Vec<(u8, u32, &str)> = t
            .at_table(table)
            .map(|(n, e)| (e.seat, n, e.player.as_str()))
            .collect();
        seats.sort_unstable();
        let line: Vec<String> = seats
            .iter()
            .map(|(seat, n, p)| format!("{seat}: {p} (#{n})"))
            .collect();
        println!("table {table}: {}", line.join(", "));
    }
    Ok(())
}

fn balance(args: &BalanceArgs) -> Result<(), CliError> {
    let mut store = open_to_read(&args.read.store.db)?;
    let log = load(&mut store, &args.read.id)?;
    let t = &log.state;
    let seating = t.seating(|table| {
        args.big_blinds
            .iter()
            .find(|(t, _)| t == table)
            .and_then(|&(_, s)| SeatNo::new(s))
    });
    let order = t.break_order();
    let name = |n: u32| t.table_id(n).unwrap_or("?");
    if let Some(table) = table_to_break(&seating, &order) {
        let players = seating
            .iter()
            .find(|s| s.table == table)
            .map_or(0, |s| s.seated.len());
        println!(
            "break table {}: its {players} players fit at the other tables",
            name(table)
        );
    } else if let Some(m) = next_move(&seating, &order) {
        let (from, to) = (name(m.from), name(m.to));
        let who = t
            .entry_at(from, m.seat.get())
            .and_then(|n| t.entry(n).ok().map(|e| (n, e.player.as_str())));
        let (n, player) = who.unwrap_or((0, "?"));
        println!(
            "move entry {n} ({player}) from table {from} seat {} to table {to} seat {}",
            m.seat.get(),
            m.to_seat.get()
        );
    } else {
        println!("the tables are in balance");
    }
    Ok(())
}

fn results(args: &ReadArgs) -> Result<(), CliError> {
    let mut store = open_to_read(&args.store.db)?;
    let log = load(&mut store, &args.id)?;
    for Placing {
        place,
        entry,
        player,
        prize,
    } in log.state.results()
    {
        if args.json {
            let value = serde_json::json!({
                "place": place, "entry": entry, "player": player, "prize": prize.0,
            });
            println!("{value}");
        } else {
            println!("{place:>4}  {player} (#{entry})  {prize}");
        }
    }
    Ok(())
}

/// The audit's view: each event as the director signed it (`--json`: its JSON).
fn event_log(args: &ReadArgs) -> Result<(), CliError> {
    let mut store = open_to_read(&args.store.db)?;
    let log = load(&mut store, &args.id)?;
    for (i, e) in log.events.iter().enumerate() {
        let seq = i + 1;
        if args.json {
            println!("{}", e.to_json());
        } else {
            println!("{seq:>5}  {}", event_line(e));
        }
    }
    Ok(())
}

/// One event, as the audit lists it.
fn event_line(e: &TournamentEvent) -> String {
    let clock = host::floor::when::FloorClock::default();
    let when = |at: &WallTime| clock.time(*at);
    match e {
        TournamentEvent::Created { tables, seats, .. } => {
            format!(
                "made: {} tables of {seats} seats: {}",
                tables.len(),
                tables.join(", ")
            )
        }
        TournamentEvent::Registered {
            entry,
            player,
            table,
            seat,
            at,
        } => format!(
            "{}  entry {entry}: {player} to table {table}, seat {seat}",
            when(at)
        ),
        TournamentEvent::Started { at } => format!("{}  clock started", when(at)),
        TournamentEvent::Paused { at } => format!("{}  clock paused", when(at)),
        TournamentEvent::Resumed { at } => format!("{}  clock resumed", when(at)),
        TournamentEvent::TimeAdded { at, ms } => {
            format!("{}  {:+} s on the clock", when(at), ms / 1000)
        }
        TournamentEvent::Moved {
            entry,
            to_table,
            to_seat,
            chips,
            at,
        } => format!(
            "{}  entry {entry} moved to table {to_table}, seat {to_seat}, with {chips} chips",
            when(at)
        ),
        TournamentEvent::TableBroken { table, at } => {
            format!("{}  table {table} broken", when(at))
        }
        TournamentEvent::Eliminated { table, out, at } => {
            format!("{}  out at table {table}: {}", when(at), bust_outs(out))
        }
        TournamentEvent::HandForHand { round: Some(r), at } => {
            format!("{}  hand-for-hand: round {r} dealt", when(at))
        }
        TournamentEvent::HandForHand { round: None, at } => {
            format!("{}  hand-for-hand over", when(at))
        }
        TournamentEvent::Redrawn { table, seats, at } => {
            let seats: Vec<String> = seats
                .iter()
                .map(|r| format!("entry {} to seat {} with {}", r.entry, r.seat, r.chips))
                .collect();
            format!(
                "{}  final table {table} redrawn: {}",
                when(at),
                seats.join(", ")
            )
        }
        TournamentEvent::RoundEliminated { round, out, at } => format!(
            "{}  out in hand-for-hand round {round}: {}",
            when(at),
            bust_outs(out)
        ),
    }
}

/// Entries knocked out, each with its chips at the start of its hand.
fn bust_outs(out: &[BustOut]) -> String {
    let out: Vec<String> = out
        .iter()
        .map(|b| {
            format!(
                "entry {} ({} chips at the start)",
                b.entry, b.chips_at_start
            )
        })
        .collect();
    out.join(", ")
}

fn list(args: &ListArgs) -> Result<(), CliError> {
    let mut store = open_to_read(&args.store.db)?;
    for (id, name) in tournaments::list(&mut store).map_err(CliError::failed)? {
        println!("{id}  {name}");
    }
    Ok(())
}
