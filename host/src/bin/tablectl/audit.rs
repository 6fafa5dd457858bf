//! `tablectl audit ...`: the floor staff's view of a table's hand log, read-only:
//! its chain verified, its signed head, its hands, rake, timelines and PHH export.

use crate::cli::{Audit, ExportArgs, ListArgs, RakeArgs, ShowArgs, VerifyArgs};
use crate::error::CliError;
use crate::trusted;
use host::records::handlog::{AuditLog, HandLog};
use std::path::Path;
use std::process::ExitCode;

/// `tablectl audit ...`: the floor staff's view of a table's hand log (read-only).
pub fn audit(what: &Audit) -> Result<ExitCode, CliError> {
    match what {
        Audit::Verify(args) => audit_verify(args),
        Audit::Head(args) => audit_head(&args.dir),
        Audit::List(args) => audit_list(args),
        Audit::Rake(args) => audit_rake(args),
        Audit::Show(args) => audit_show(args),
        Audit::Export(args) => audit_export(args),
    }
}

/// `tablectl audit verify DIR`: the hand log's chain checked against what the auditor
/// brings (the table's public key, an anchor, the floor's store), read-only. Exit
/// status 0 vouched for, 1 a problem, [`trusted::UNVOUCHED`] the key unverified.
fn audit_verify(args: &VerifyArgs) -> Result<ExitCode, CliError> {
    let trust =
        trusted::trust(&args.dir, &args.trust).map_err(|e| e.within("tablectl audit verify"))?;
    let report = HandLog::verify(&args.dir, &trust.trust);
    println!("{report}");
    if let Some(line) = &trust.floor_line {
        println!("{line}");
    }
    Ok(trusted::status(&report))
}

/// `tablectl audit head DIR`: the signed head, one line, for `audit verify --anchor`.
fn audit_head(dir: &Path) -> Result<ExitCode, CliError> {
    // The log's errors name its file: no prefix.
    let head = AuditLog::open_evidence(dir)
        .and_then(|log| log.head())
        .map_err(CliError::failed)?
        .ok_or_else(|| CliError::NoSignedHead(dir.display().to_string()))?;
    println!("{head}");
    Ok(ExitCode::SUCCESS)
}

/// `tablectl audit list DIR [filters]`: a line (or a JSON object) per hand, once the
/// log checks.
fn audit_list(args: &ListArgs) -> Result<ExitCode, CliError> {
    let filter = args.filter.filter();
    let (log, status) = trusted::open_checked(&args.dir, &args.trust, "list")?;
    // The log's errors name its file: no second prefix.
    let hands = log.list_hands(&filter).map_err(CliError::failed)?;
    for h in &hands {
        if args.json {
            println!("{}", serde_json::to_string(h).unwrap_or_default());
        } else {
            println!("{}", hand_line(h));
        }
    }
    Ok(status)
}

/// A hand as `audit list` and `floor hands` print it.
pub fn hand_line(h: &host::records::handlog::HandSummary) -> String {
    let pot = h.pot.map_or("-".to_string(), |p| p.to_string());
    format!(
        "hand {:>5}  seats {:?}  pot {pot}  records {}{}",
        h.number,
        h.seats,
        h.records,
        flags(&h.flags)
    )
}

/// `tablectl audit rake DIR`: the shift's hands, pots and rake, hour by hour, once
/// the log checks.
fn audit_rake(args: &RakeArgs) -> Result<ExitCode, CliError> {
    let all = host::records::handlog::HandFilter::default();
    let (log, status) = trusted::open_checked(&args.dir, &args.trust, "rake")?;
    // The log's errors name its file: no second prefix.
    let hands = log.list_hands(&all).map_err(CliError::failed)?;
    let report = host::records::handlog::rake_report(&hands, args.span.from, args.span.to);
    if args.span.json {
        println!("{}", serde_json::to_string(&report).unwrap_or_default());
    } else {
        print_rake(&report);
    }
    Ok(status)
}

/// A rake report as `audit rake` and `floor rake` print it: hour by hour, then the
/// total.
pub fn print_rake(report: &host::records::handlog::RakeReport) {
    println!(
        "{:<20}  {:>6}  {:>6}  {:>12}  {:>10}",
        "hour", "hands", "raked", "pots", "rake"
    );
    let line = |label: &str, h: &host::records::handlog::RakeHour| {
        println!(
            "{label:<20}  {:>6}  {:>6}  {:>12}  {:>10}",
            h.hands, h.raked_hands, h.pots, h.rake
        );
    };
    for h in &report.hours {
        line(&h.label(), h);
    }
    line("total", &report.total);
}

/// `tablectl audit show DIR HAND`: the hand's timeline, once the log checks.
fn audit_show(args: &ShowArgs) -> Result<ExitCode, CliError> {
    let (log, status) = trusted::open_checked(&args.dir, &args.trust, "show")?;
    // The log's errors name its file: no second prefix.
    let entries = log.timeline(args.hand).map_err(CliError::failed)?;
    for e in &entries {
        if args.json {
            println!("{}", serde_json::to_string(e).unwrap_or_default());
        } else {
            println!("{e}");
        }
    }
    Ok(status)
}

/// `tablectl audit export --phh DIR [--hand N]... [--out FILE] [--table ID]`, once
/// the log checks: nothing is written unless every hand asked for exports.
fn audit_export(args: &ExportArgs) -> Result<ExitCode, CliError> {
    let command = "tablectl audit export";
    let hands = args
        .hand
        .iter()
        .map(|v| v.parse().map_err(|_| CliError::NotHandNumber(v.clone())))
        .collect::<Result<Vec<u32>, CliError>>()
        .map_err(|e| e.within(command))?;
    let path = Path::new(&args.dir);
    if !path.is_dir() {
        return Err(CliError::NoDataFolder(args.dir.clone()).within(command));
    }
    let (log, status) = trusted::open_checked(path, &args.trust, "export")?;
    export_checked(args, &log, &hands).map_err(|e| e.within(command))?;
    Ok(status)
}

/// The hands of a log that checked, written where `args` asks.
fn export_checked(
    args: &ExportArgs,
    log: &host::records::handlog::CheckedLog,
    hands: &[u32],
) -> Result<(), CliError> {
    use host::records::export::{export_log, ExportError};
    let dir = &args.dir;
    let exported = host::records::export::same_table(log.log(), args.table.as_deref())
        .and_then(|()| export_log(log.log(), hands))
        .map_err(|e| match e {
            // The log's errors name its file: no second prefix.
            ExportError::Log(_) => CliError::failed(e),
            _ => CliError::at(dir, e),
        })?;
    let text = host::records::phh::to_phhs(&exported);
    match &args.out {
        Some(file) => {
            std::fs::write(file, text)
                .map_err(|e| CliError::at(format!("{file}: cannot write"), e))?;
            eprintln!("{} hand(s) written to {file}", exported.len());
        }
        None => print!("{text}"),
    }
    Ok(())
}

fn flags(f: &host::records::handlog::HandFlags) -> String {
    let words = host::display::floor::flag_words(f);
    if words.is_empty() {
        String::new()
    } else {
        format!("  [{}]", words.join(", "))
    }
}
