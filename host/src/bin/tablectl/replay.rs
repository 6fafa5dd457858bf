//! `tablectl replay [--json] FILE...`: hand histories (PHH) replayed through the
//! rules engine, one line per hand, for a person or as JSON lines.

use crate::cli::ReplayArgs;
use crate::error::CliError;
use std::io::Write as _;
use std::process::ExitCode;

/// `tablectl replay [--json] FILE...`: one line per hand. A file that cannot be read
/// or a hand the engine refuses prints an `error` and the command goes on; the status
/// is 1 if any did (the verdict), an error only if the output cannot be written.
pub fn replay(args: &ReplayArgs) -> Result<ExitCode, CliError> {
    // One buffered stream for the whole run: each file's lines written in the order
    // of the files, without a system call per line, by whichever worker's turn it is
    // (the standard output, not a lock held by this thread).
    let mut out = std::io::BufWriter::new(std::io::stdout());
    // JSON lines of many files: on every core (the lines stay in order). The
    // readable form prints refusals on the standard error as it goes: one thread.
    let threads = if args.json {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        1
    };
    let json = args.json;
    let failed = host::records::replay_many::each_file_in_order(
        &args.files,
        threads,
        |replayer, file, text, lines| {
            if json {
                host::records::replay::replay_text_json(replayer, file, text, lines).1
            } else {
                !replay_for_people(replayer, file, text, lines)
            }
        },
        |lines| out.write_all(lines),
    )
    .and_then(|failed| out.flush().map(|()| failed))
    .map_err(|e| CliError::at("cannot write the output", e).within("tablectl replay"))?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// `tablectl replay` without `--json`: each hand's finishing stacks and pots into
/// `out`, refusals on the standard error. Whether everything replayed.
fn replay_for_people(
    replayer: &mut host::records::replay::Replayer,
    file: &str,
    text: std::io::Result<&str>,
    out: &mut Vec<u8>,
) -> bool {
    let hands = match host::records::phh::parse_read(file, text) {
        Ok(hands) => hands,
        Err(e) => {
            // The error names the file.
            eprintln!("{e}");
            return false;
        }
    };
    let mut all = true;
    for hh in &hands {
        match replayer.replay_history_ref(hh) {
            Ok(r) => print_hand(out, file, hh, r),
            Err(e) => {
                all = false;
                eprintln!("{file}: {}", host::records::replay::refusal(hh, &e));
            }
        }
    }
    all
}

/// A replayed hand into `out`, for a person: finishing stacks and pots, amounts in
/// the file's unit (HandHQ's $0.25 antes as 0.25).
fn print_hand(
    out: &mut Vec<u8>,
    file: &str,
    hh: &host::records::phh::HandHistory,
    r: &host::records::replay::Replayed,
) {
    let stacks: Vec<String> = r
        .finishing_stacks
        .iter()
        .map(|&s| hh.scale.format(s.get()))
        .collect();
    let _ = writeln!(
        out,
        "{file}{}: finishing stacks {}",
        hh.section
            .as_deref()
            .map(|s| format!(" [{s}]"))
            .unwrap_or_default(),
        stacks.join(" ")
    );
    for (i, p) in r.pots.iter().enumerate() {
        let name = if i == 0 {
            "main pot".to_string()
        } else {
            format!("side pot {i}")
        };
        let _ = writeln!(
            out,
            "  {name} {}: eligible {:?}, won by {:?}",
            hh.scale.format(p.amount.get()),
            p.eligible,
            p.winners
        );
    }
}
