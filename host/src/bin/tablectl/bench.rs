//! `tablectl bench`: the evaluator's and the PHH replay's speed, each measured beside
//! a named peer (rs_poker, PokerKit) in the same run.

use crate::cli::BenchArgs;
use crate::error::CliError;

/// `tablectl bench`: the evaluator report, then PHH replay throughput, measured beside
/// PokerKit (the reference engine) on the same files in the same run when PokerKit is
/// installed (`host::peers`) and `shared/oracle` is beside the repository.
pub fn bench(args: &BenchArgs) -> Result<(), CliError> {
    let dir = &args.replay;
    let mut out = std::io::stdout();
    host::bench::eval::report(&mut out)
        .and_then(|()| host::bench::equity::report(&mut out))
        .map_err(|e| CliError::failed(e).within("tablectl bench"))?;
    let paths = match host::records::replay::phh_paths(dir) {
        Ok(paths) => paths,
        Err(e) => {
            println!("replay: {} not readable ({e}); skipped", dir.display());
            return Ok(());
        }
    };
    // Two figures. The replay itself, parsing included, as the issue asks: the texts
    // read beforehand. And end to end, as PokerKit's script works: each file read,
    // its hands replayed and their JSON lines written (into memory: the terminal is
    // not timed). Each: one round untimed (the caches warm), then the best of five,
    // the figure of a machine not busy elsewhere.
    let texts = host::records::replay::read_texts(&paths);
    let (ours, replayed) = best_of_five(|| host::records::replay::replay_texts(&texts));
    println!(
        "PHH replay (tablectl): {ours:.0} hands/s, {replayed} hands of {} files of {}, parsing included, texts in memory, one thread (best of 5)",
        texts.len(),
        dir.display()
    );
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let (end_to_end, _) = best_of_five(|| host::records::replay::replay_files_json(&names));
    println!(
        "PHH replay end to end (tablectl replay --json): {end_to_end:.0} hands/s, each file read, replayed and its JSON line written, one thread (best of 5)"
    );
    if args.no_peer {
        return Ok(());
    }
    match pokerkit_rate(&paths, 300) {
        Ok((theirs, hands, started)) => {
            println!(
                "PHH replay (PokerKit 0.7.7, ref_replay.py, the first {hands} of the same files): {theirs:.0} hands/s, each file read, replayed and its JSON line printed (python's start and import of {started:.2} s left out)"
            );
            if theirs > 0.0 {
                println!(
                    "ratio: {:.0}x replay, {:.0}x end to end",
                    ours / theirs,
                    end_to_end / theirs
                );
            }
        }
        Err(why) => println!("PokerKit: {why}; not measured"),
    }
    Ok(())
}

/// Hands per second of `round` (which returns the hands it replayed): one round
/// untimed, then the best of five; and the hands of a round.
fn best_of_five(mut round: impl FnMut() -> u64) -> (f64, u64) {
    round();
    let mut best = 0f64;
    let mut hands = 0;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        hands = round();
        best = best.max(hands as f64 / start.elapsed().as_secs_f64());
    }
    (best, hands)
}

/// PokerKit's replay rate on the first `count` `.phh` files of `dir`, through the
/// oracle's `ref_replay.py` in one python process: hands per second, hands, and the
/// seconds python takes to start and import PokerKit (timed on its own with no file
/// and left out, so the figure is PokerKit's replay, parsing included, as ours is).
fn pokerkit_rate(
    paths: &[std::path::PathBuf],
    count: usize,
) -> Result<(f64, usize, f64), CliError> {
    // Run from the repository's root, as the default corpus folder is.
    let root = std::path::Path::new(".");
    let oracle = host::peers::shared(root, "oracle/ref_replay.py").map_err(CliError::failed)?;
    let pokerkit = host::peers::pokerkit(root).map_err(|why| {
        CliError::hint(why, format!("{} installs it", host::peers::POKERKIT_SETUP))
    })?;
    let files = paths.get(..count.min(paths.len())).unwrap_or_default();
    let run = |files: &[std::path::PathBuf]| -> Result<(usize, f64), CliError> {
        let start = std::time::Instant::now();
        let out = std::process::Command::new(&pokerkit.python)
            .arg(&oracle)
            .args(files)
            .output()
            .map_err(CliError::Python)?;
        let secs = start.elapsed().as_secs_f64();
        if !out.status.success() && out.stdout.is_empty() {
            let err = String::from_utf8_lossy(&out.stderr);
            return Err(CliError::OracleFailed(
                err.lines().last().unwrap_or("").trim().to_string(),
            ));
        }
        Ok((out.stdout.iter().filter(|&&b| b == b'\n').count(), secs))
    };
    let (_, started) = run(&[])?;
    let (hands, secs) = run(files)?;
    let replaying = secs - started;
    if hands == 0 || replaying <= 0.0 {
        return Err(CliError::NoHandReplayed);
    }
    Ok((hands as f64 / replaying, hands, started))
}
