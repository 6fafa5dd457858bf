//! `tablectl tournament sim`: a whole tournament on bench tables against the floor's
//! store (host::bench_room::sim), for bench tests and demonstrations.

use crate::error::CliError;
use clap::Args;
use host::bench_room::sim::{run, RoomOptions, BENCH_TURBO};
use std::path::PathBuf;

/// The most tables a simulation runs.
const MAX_TABLES: usize = 20;

#[derive(Debug, Args)]
pub struct SimArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE (the simulator is the
    /// director and every table: a login that may do both, such as the owner's)
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// Players who buy in before the start
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(2..=180))]
    pub players: u32,
    /// Tables, named T1.. (T1 is the final table)
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u64).range(1..=MAX_TABLES as u64))]
    pub tables: u64,
    /// The tournament's id (default: sim-SEED)
    #[arg(long)]
    pub id: Option<String>,
    /// The seed: the same seed draws the same seats and plays the same hands
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The chance in percent that a busted player re-enters while he may
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u64).range(0..=100))]
    pub re_entry_percent: u64,
    /// The structure file (default: a fast turbo with re-entry and a colour-up)
    #[arg(long, value_name = "FILE")]
    pub structure: Option<PathBuf>,
    /// Where the tables keep their signed logs and keys
    #[arg(long, value_name = "DIR", default_value = "table-data")]
    pub data: PathBuf,
}

/// Plays the tournament to its winner and prints the results.
pub fn sim(args: &SimArgs) -> Result<(), CliError> {
    let structure = match &args.structure {
        Some(path) => std::fs::read_to_string(path).map_err(|e| CliError::at(path.display(), e))?,
        None => BENCH_TURBO.to_string(),
    };
    let id = args
        .id
        .clone()
        .unwrap_or_else(|| format!("sim-{}", args.seed));
    let opts = RoomOptions {
        id: id.clone(),
        players: args.players,
        tables: args.tables as usize,
        structure,
        seed: args.seed,
        re_entry_percent: args.re_entry_percent,
        data: host::bench_room::sim::data_folder(&args.data, &id),
    };
    let summary = run(&args.db, &opts, &mut |line| println!("{line}")).map_err(CliError::failed)?;
    let hands: u32 = summary.hands.iter().map(|(_, n)| n).sum();
    println!(
        "tournament {id}: {} entries, {hands} hands in {} rounds, {} moves, {} hand-for-hand rounds; chips counted after every round, always the chips in play",
        summary.entries,
        summary.rounds,
        summary.moves.len() + summary.redrawn as usize,
        summary.hand_for_hand.len()
    );
    for p in &summary.results {
        println!("{:>4}  {:<12} {:>10}", p.place, p.player, money(p.prize.0));
    }
    println!("the log: tablectl tournament log {id} --db URL");
    Ok(())
}

/// A prize in the currency's minor unit, as 1234.56.
fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}
