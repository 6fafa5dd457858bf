//! The command line: every command and flag, as clap reads them. The help and the
//! usage text are generated from these doc comments; a usage error is clap's short
//! message and exit status 2. The work of each command is in main.rs and table.rs.

use crate::table::TableOptions;
use clap::{Args, Parser, Subcommand};
use host::records::time::WallTime;
use std::path::PathBuf;

/// The table controller. With no command, `tablectl [OPTIONS]` plays the bench
/// table: simulated players, shoe and buttons, the hand log and the table display.
#[derive(Debug, Parser)]
#[command(
    name = "tablectl",
    version,
    args_conflicts_with_subcommands = true,
    verbatim_doc_comment
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    // The bench table's options, when no command is given.
    #[command(flatten)]
    pub table: TableOptions,
}

// Every command's arguments (this enum's and the nested ones') are built only for
// the command that runs: building them all cost each run of tablectl, a replay of
// thousands of files as much as a lone `--version`, a few hundred thousand
// instructions and some fifty pages of heap. A deferred command's help is its
// variant's doc comment only if the arguments it flattens carry none: theirs are
// plain comments.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// The bench table: simulated players, shoe and buttons (the default)
    Table(TableOptions),
    /// Play RULES.md's straddle example (E6), printing every event
    Demo,
    /// Run scenario scripts (tests/README.md), printing every event
    Scenario(ScenarioArgs),
    /// Replay PHH hand histories (.phh, .phhs) through the engine
    Replay(ReplayArgs),
    /// The floor's view of a table's hand log (read-only)
    #[command(subcommand)]
    Audit(Audit),
    /// Bind a new deck's tags to cards, or check a whole deck
    #[command(subcommand)]
    Deck(Deck),
    /// The table on a Raspberry Pi: its pins and its shoe
    Run(RunArgs),
    /// The casino floor's store: every table's hand log in PostgreSQL
    #[command(subcommand)]
    Floor(Floor),
    /// A tournament on the floor's tables: its clock, players, eliminations, results
    #[command(subcommand)]
    Tournament(crate::tournament::Tournament),
    /// Every setting of a table: its key, the values it takes, its rule, its default
    ///
    /// The same keys and values serve table.toml's table section, a scenario script's
    /// `table` line and the bench table's --set.
    #[command(verbatim_doc_comment)]
    Settings,
    /// A floor person's line for a table's staff file (table.toml, panel section: staff)
    ///
    /// Reads his four-digit PIN from standard input, never from the command line
    /// (the shell keeps that), and prints his number and the PIN's Argon2id hash:
    ///   echo 0042 | tablectl staff-pin 17 >> /etc/tablectl/floor-staff.toml
    /// The file's first line is `[staff]`. At the panel the floor holds CLEAR, keys
    /// his number and PIN as one number (170042), then the ruling's key.
    #[command(verbatim_doc_comment)]
    StaffPin(StaffPinArgs),
    /// The SHA-256 of this program and of the table's configuration, signed
    ///
    /// Prints the program's version, the SHA-256 of the running binary, of each
    /// configuration file that decides play (table.toml, the pin map, the deck
    /// map, the floor staff file; `absent` when there is none) and of their
    /// list, signed with the table's key (a detached Ed25519 signature: an
    /// inspector checks it with the table's public key alone). The same digests
    /// go into the hand log's program record at every start.
    /// With --check SIGNATURE, checks instead that the signature is the table's
    /// over what this program and these files are now: exit status 0 when it
    /// is, 1 when not (a file, the program or the key changed).
    #[command(verbatim_doc_comment)]
    VerifyProgram(VerifyProgramArgs),
    /// The evaluator's census and speed, an exact equity, PHH replay speed
    ///
    /// The evaluator's census of all 133,784,560 seven-card hands and its speed;
    /// the exact equity of aces against kings preflop, timed; PHH replay in hands
    /// per second, beside PokerKit's on the same files when it is installed
    /// (bash .ci/pokerkit).
    #[command(verbatim_doc_comment)]
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// The scripts to run
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// One JSON object per hand (the schema of replay-schema.md)
    #[arg(long)]
    pub json: bool,
    /// The hand histories: .phh or .phhs files
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Audit {
    /// Check the hand log's signed chain; exits 1 if it is broken, 3 if no key was vouched for
    ///
    /// Names the first edited, deleted, inserted or reordered record, an
    /// index that does not hold what the records do (SQLite's full integrity
    /// check), a row added to the set-aside table, a log signed by another
    /// key than the table's (--public-key), and a log cut back behind or
    /// forked from an anchor (--anchor). Needs only the public key: it can
    /// check, not sign. Logs of the old HMAC scheme are checked with their
    /// secret.
    ///
    /// Exit status: 0 intact and signed by the key given (--public-key,
    /// --anchor, --floor); 1 a problem, named on the first line; 3 the chain
    /// intact but checked only against the key the log records itself (or an
    /// old HMAC log), which whoever wrote the data folder could have re-signed
    /// whole: the first line says so.
    #[command(verbatim_doc_comment)]
    Verify(VerifyArgs),
    /// Print the log's signed head (table, last record, hash, key, signature)
    ///
    /// One line to keep outside the table and give back to
    /// `audit verify --anchor`.
    #[command(verbatim_doc_comment)]
    Head(HeadArgs),
    /// The hands in a table's log, filtered
    ///
    /// Every audit that reads the log (list, show, export, rake) checks it
    /// first as the table does when it opens it (SQLite's integrity check,
    /// every hash, the last record's and the head's signatures) against
    /// --public-key, --anchor or --floor: a log that fails is refused (exit
    /// status 1, the problem on the first line of the standard error); one
    /// checked only against the key it records is read with a warning first
    /// and exit status 3.
    #[command(verbatim_doc_comment)]
    List(ListArgs),
    /// A hand's timeline: every key, card, correction and payout
    ///
    /// Read by record number as the chain placed the hand's records, never
    /// through an index; the log checked first, as for `audit list`.
    #[command(verbatim_doc_comment)]
    Show(ShowArgs),
    /// The finished hands as PHH hand histories (.phhs)
    ///
    /// All the finished hands, or each --hand, in the dialect docs/phh.md
    /// describes, on the standard output or in --out FILE. Nothing is written
    /// unless every hand asked for exports.
    #[command(verbatim_doc_comment)]
    Export(ExportArgs),
    /// The shift's rake: hands, pots and rake, hour by hour (UTC)
    ///
    /// Each finished hand counts in the hour its pot was paid. --from and
    /// --to bound the span in ms since the epoch (--to excluded).
    #[command(verbatim_doc_comment)]
    Rake(RakeArgs),
}

#[derive(Debug, Args)]
pub struct RakeArgs {
    /// The table's data folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    #[command(flatten)]
    pub span: RakeSpan,
    #[command(flatten)]
    pub trust: TrustArgs,
}

// The shift a rake report covers, and its form.
// Not a doc comment: clap would take it for the help of each (deferred) command
// this flattens into, over the command's own.
#[derive(Debug, Args)]
pub struct RakeSpan {
    /// Hands paid at or after this time (ms since the epoch)
    #[arg(long, value_name = "MS")]
    pub from: Option<WallTime>,
    /// Hands paid before this time (ms since the epoch)
    #[arg(long, value_name = "MS")]
    pub to: Option<WallTime>,
    /// JSON: an object of the hours and the total (by table: one a line)
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The table's data folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    #[command(flatten)]
    pub trust: TrustArgs,
}

// What an audit checks a table's log against: the same options for `audit verify`
// and for every audit that reads the log (list, show, export, rake), which check it
// first.
// Not a doc comment: clap would take it for the help of each (deferred) command
// this flattens into, over the command's own.
#[derive(Debug, Args)]
pub struct TrustArgs {
    /// The table's public key: its file (table.key.pub) or its 64 hex digits
    /// [default: the key the log records, which shows every change made
    /// without the table's key but not a log re-signed whole: the audit then
    /// ends with exit status 3, the key unverified]
    #[arg(long, value_name = "KEY", verbatim_doc_comment)]
    pub public_key: Option<String>,
    /// A signed head kept earlier (`tablectl audit head`): the line itself or
    /// a file holding it. A log shorter than it, or forked from it, is reported
    #[arg(long, value_name = "HEAD", verbatim_doc_comment)]
    pub anchor: Option<String>,
    /// The secret of a log of the old HMAC scheme [default: DIR/secret]
    #[arg(long, value_name = "FILE")]
    pub secret: Option<PathBuf>,
    /// The floor's store (postgres://...): the table's key and signed head as
    /// the store holds them serve as --public-key and --anchor, so a log rolled
    /// back or forked after it shipped is reported
    #[arg(long, value_name = "URL", conflicts_with_all = ["public_key", "anchor"], verbatim_doc_comment)]
    pub floor: Option<String>,
}

#[derive(Debug, Args)]
pub struct HeadArgs {
    /// The table's data folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// The table's data folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// One JSON object per hand
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub filter: FilterArgs,
    #[command(flatten)]
    pub trust: TrustArgs,
}

// Which hands to list: the same flags for one table's log and for the floor's store.
// Not a doc comment: clap would take it for the help of each (deferred) command
// this flattens into, over the command's own.
#[derive(Debug, Args)]
pub struct FilterArgs {
    /// Hands this seat was dealt into
    #[arg(long, value_name = "N")]
    pub seat: Option<firmware::SeatNo>,
    /// Hands whose pot was more than X
    #[arg(long, value_name = "X")]
    pub pot_over: Option<firmware::Chips>,
    /// Hands still going at or after this time (ms since the epoch)
    #[arg(long, value_name = "MS")]
    pub from: Option<WallTime>,
    /// Hands started at or before this time (ms since the epoch)
    #[arg(long, value_name = "MS")]
    pub to: Option<WallTime>,
    /// Hands with an UNDO
    #[arg(long)]
    pub corrections: bool,
    /// Hands with a misdeal
    #[arg(long)]
    pub misdeals: bool,
    /// Hands where an over-pot bet was reduced
    #[arg(long)]
    pub over_pot: bool,
    /// Hands with a refused card: an unknown tag or a card read twice
    #[arg(long)]
    pub bad_tags: bool,
    /// Hands with a floor ruling: a void hand, a straddle ruled announced
    #[arg(long)]
    pub rulings: bool,
    /// Hands with a pot paid against the tabled hands: the floor's award
    /// override, or in a table's log written before awards were checked, an
    /// award the cards did not allow (found by replaying the log)
    #[arg(long, verbatim_doc_comment)]
    pub overrides: bool,
}

impl FilterArgs {
    /// The filter these flags ask for.
    pub fn filter(&self) -> host::records::handlog::HandFilter {
        host::records::handlog::HandFilter {
            from_ms: self.from,
            to_ms: self.to,
            seat: self.seat,
            pot_over: self.pot_over,
            corrections: self.corrections,
            misdeals: self.misdeals,
            over_pot: self.over_pot,
            bad_tags: self.bad_tags,
            rulings: self.rulings,
            overrides: self.overrides,
        }
    }
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Floor {
    /// The hands of every table (or one) in the floor's store, filtered
    Hands(FloorHandsArgs),
    /// Every table in the store: its last record, backlog, last shipment, alerts
    Tables(FloorArgs),
    /// The store's alerts not cleared (gaps, forks, bad signatures, rollbacks)
    Alerts(FloorArgs),
    /// Clear an alert once the floor has dealt with it
    Clear(FloorClearArgs),
    /// Approve a program by its binary's SHA-256 (run as the store's owner)
    ///
    /// A table whose program record names a binary the floor has not approved
    /// raises the alert "table T runs a program the floor has not approved" on
    /// the floor's page, in `floor tables` and `floor alerts`, until its hash is
    /// approved. The hash is the one `tablectl verify-program` prints at the table.
    #[command(verbatim_doc_comment)]
    Approve(FloorApproveArgs),
    /// Withdraw a program's approval (run as the store's owner)
    Revoke(FloorRevokeArgs),
    /// The programs the floor has approved, with their notes
    Approved(FloorArgs),
    /// Serve the floor's live page of every table (needs the floor's token)
    ///
    /// Applies the store's migrations at start, or with --no-migrate (a read
    /// replica) only checks the schema is this program's. The page lists every table
    /// (game, hand, pot, last input, backlog, last shipment, alerts) and opens
    /// a finished hand's timeline; a hand in progress shows no hole card.
    #[command(verbatim_doc_comment)]
    Serve(FloorServeArgs),
    /// Each table's rake per shift: hands, pots and rake, hour by hour (UTC)
    ///
    /// As `tablectl audit rake` for every table in the store. --from and --to
    /// bound the shift in ms since the epoch (--to excluded).
    #[command(verbatim_doc_comment)]
    Rake(FloorRakeArgs),
    /// The hands asked for as PHH hand histories, one file per table
    ///
    /// The finished hands that pass the filters (as `tablectl floor hands`),
    /// replayed from the store's records as `tablectl audit export` does from a
    /// table's log, written as DIR/TABLE.phhs. Nothing is written unless every
    /// table's hands export.
    #[command(verbatim_doc_comment)]
    Export(FloorExportArgs),
    /// Bring the store's schema up to this program's (run against the primary)
    Migrate(FloorMigrateArgs),
    /// Give a table its own login to ship under (run as the store's owner)
    ///
    /// Makes the login role (table_ and the id in lower case, or --role), a
    /// random password written to a new file only its owner reads (mode 0600;
    /// default ROLE.password here), and binds the id to the role: it reads and
    /// writes that table's rows and no other's. An id bound already, a role that
    /// exists or a password file that exists is refused.
    #[command(verbatim_doc_comment)]
    AddTable(FloorAddTableArgs),
    /// Make a login for `floor serve` and the audits (run as the store's owner)
    ///
    /// A member of floor_reader: reads every table and raises alerts, clears
    /// none and writes nothing else. Its password as for add-table.
    #[command(verbatim_doc_comment)]
    AddReader(FloorAddReaderArgs),
    /// Make a tournament director's login (run as the store's owner)
    ///
    /// A member of floor_director: makes tournaments and writes their events
    /// (`tablectl tournament`), reads no table's records. Its password as for
    /// add-table.
    #[command(verbatim_doc_comment)]
    AddDirector(FloorAddReaderArgs),
}

#[derive(Debug, Args)]
pub struct FloorAddTableArgs {
    /// The table's id (as its table.toml or --table-id names it)
    #[arg(value_name = "ID")]
    pub id: String,
    /// The floor's store, as its owner: postgres://OWNER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// The login's name [default: table_ and the id in lower case]
    #[arg(long, value_name = "NAME")]
    pub role: Option<String>,
    /// Where to write the password (a new file) [default: ROLE.password]
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct FloorAddReaderArgs {
    /// The login's name
    #[arg(value_name = "NAME")]
    pub name: String,
    /// The floor's store, as its owner: postgres://OWNER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// Where to write the password (a new file) [default: NAME.password]
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct FloorMigrateArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
}

#[derive(Debug, Args)]
pub struct FloorRakeArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    #[command(flatten)]
    pub span: RakeSpan,
}

#[derive(Debug, Args)]
pub struct FloorExportArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// Only this table's hands
    #[arg(long, value_name = "ID")]
    pub table: Option<String>,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// The folder to write TABLE.phhs files into (made if missing)
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct FloorServeArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// Serve on ADDR
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8090")]
    pub listen: std::net::SocketAddr,
    /// The floor's token file, only its owner may read it (mode 0600)
    /// [default: floor-token in the working folder, made if missing]
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    pub token: Option<PathBuf>,
    /// A host name the floor's browsers use, required when --listen is not a
    /// loopback address; may be given again
    #[arg(long = "host", value_name = "NAME", verbatim_doc_comment)]
    pub hosts: Vec<String>,
    /// The pages' language when a browser asks for none: en, mk, pl, bg or ru
    #[arg(long, value_name = "CODE", default_value = "en", value_parser = floor_lang)]
    pub lang: host::web::Lang,
    /// Do not migrate: check the store's schema is this program's and only read
    /// (a read replica; migrate the primary with `tablectl floor migrate`)
    #[arg(long, verbatim_doc_comment)]
    pub no_migrate: bool,
}

/// A floor page language by its code; a code of none says the codes there are.
fn floor_lang(code: &str) -> Result<host::web::Lang, String> {
    host::web::Lang::from_code(code).ok_or_else(|| {
        let (last, rest) = host::web::lang::CODES
            .split_last()
            .map_or(("", &[][..]), |(l, r)| (*l, r));
        format!("give {} or {last}", rest.join(", "))
    })
}

#[derive(Debug, Args)]
pub struct FloorArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// One JSON object per line
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct FloorHandsArgs {
    #[command(flatten)]
    pub floor: FloorArgs,
    /// Only this table's hands
    #[arg(long, value_name = "ID")]
    pub table: Option<String>,
    #[command(flatten)]
    pub filter: FilterArgs,
}

#[derive(Debug, Args)]
pub struct FloorClearArgs {
    /// The floor's store: postgres://USER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// The alert's id (`tablectl floor alerts`)
    #[arg(value_name = "ID")]
    pub id: i64,
}

#[derive(Debug, Args)]
pub struct FloorApproveArgs {
    /// The floor's store, as its owner: postgres://OWNER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// The binary's SHA-256 (64 hex digits)
    #[arg(value_name = "HASH", value_parser = digest)]
    pub hash: host::records::program::Sha256Digest,
    /// What the floor notes with it (the version, the inspection's reference)
    #[arg(long, value_name = "TEXT", default_value = "")]
    pub note: String,
}

#[derive(Debug, Args)]
pub struct FloorRevokeArgs {
    /// The floor's store, as its owner: postgres://OWNER@HOST:PORT/DATABASE
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// The binary's SHA-256 (64 hex digits)
    #[arg(value_name = "HASH", value_parser = digest)]
    pub hash: host::records::program::Sha256Digest,
}

/// A binary's SHA-256 as `tablectl verify-program` prints it.
fn digest(text: &str) -> Result<host::records::program::Sha256Digest, String> {
    text.parse()
        .map_err(|e: host::records::program::NotADigest| e.to_string())
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The table's data folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The hand's number
    #[arg(value_name = "HAND")]
    pub hand: u32,
    /// One JSON object per entry
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub trust: TrustArgs,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Write PHH hand histories (the only format)
    #[arg(long, required = true)]
    pub phh: bool,
    /// The table's data folder
    #[arg(value_name = "DIR")]
    pub dir: String,
    /// Export this hand only; repeat for more [default: every finished hand]
    // Read as text: a hand number that is not one is named with the export's other
    // refusals (exit status 1), like a hand that is not in the log.
    #[arg(long, value_name = "N")]
    pub hand: Vec<String>,
    /// Write the histories to FILE [default: the standard output]
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Refuse the log of any table but ID
    #[arg(long, value_name = "ID")]
    pub table: Option<String>,
    #[command(flatten)]
    pub trust: TrustArgs,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Deck {
    /// Bind a new deck's tags to cards, read in new-deck order, into DIR/deck.map
    Enrol(ShoeArgs),
    /// Read a whole deck and report missing, extra, duplicate and foreign tags
    Check(ShoeArgs),
}

#[derive(Debug, Args)]
pub struct ShoeArgs {
    /// A real reader's serial port [default: the simulated shoe]
    #[arg(long, value_name = "PATH", overrides_with = "sim")]
    pub port: Option<String>,
    /// The simulated shoe, with a dealer who presents every card asked for
    #[arg(long, overrides_with = "port")]
    pub sim: bool,
    /// The table's data folder, which keeps the deck map
    #[arg(long, value_name = "DIR", default_value = "table-data")]
    pub data: PathBuf,
}

#[derive(Debug, Args)]
pub struct StaffPinArgs {
    /// The floor person's number, 1 to 9999
    #[arg(value_name = "NUMBER", value_parser = clap::value_parser!(u16).range(1..=9999))]
    pub number: u16,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The table's configuration [default: /etc/tablectl/table.toml]
    // An optional value, so that `--config` without one still prints the command's
    // own `usage: tablectl run` line (exit status 2), which tests/run_cli.rs reads,
    // rather than clap's message, which has no usage line for a missing value.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub config: Option<Option<PathBuf>>,
    /// Ship the hand log to the floor's store at URL (postgres://...), in place
    /// of table.toml's `[table] floor`
    #[arg(long = "floor-db", value_name = "URL", verbatim_doc_comment)]
    pub floor_db: Option<String>,
    /// Check everything the configuration names, say what was checked and exit
    /// (status 0 when all is well), on any machine: the pins and the shoe are never
    /// opened, so it runs beside a running table (the package's install runs it)
    #[arg(long, verbatim_doc_comment)]
    pub check: bool,
}

#[derive(Debug, Args)]
pub struct VerifyProgramArgs {
    /// The table's configuration [default: /etc/tablectl/table.toml]
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Check this signature (its hex, as printed) instead of signing
    #[arg(long, value_name = "SIGNATURE")]
    pub check: Option<String>,
    /// The table's public key for --check: its file or its 64 hex digits
    /// [default: the key file's .pub, beside table.toml's key]
    #[arg(long, value_name = "KEY", requires = "check", verbatim_doc_comment)]
    pub public_key: Option<String>,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The folder of .phh files whose replay is timed
    #[arg(long, value_name = "DIR", default_value = "tests/corpus/pokerkit-2500")]
    pub replay: PathBuf,
    /// Leave out the PokerKit measure
    #[arg(long)]
    pub no_peer: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("tablectl").chain(args.iter().copied()))
    }

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// The help `tablectl ARGS... --help` prints.
    fn help(path: &[&str]) -> String {
        let mut args = path.to_vec();
        args.push("--help");
        match parse(&args) {
            Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => e.to_string(),
            other => panic!("{path:?} --help: {other:?}"),
        }
    }

    /// Each command's own help opens with the line its parent's help lists it by:
    /// its arguments, built only when it runs, bring no help text of their own.
    #[test]
    fn a_command_is_helped_as_it_is_listed() {
        fn walk(command: &clap::Command, path: &[&str], seen: &mut usize) {
            let listing = help(path);
            // clap's own `help` command takes no --help.
            for sub in command.get_subcommands().filter(|c| c.get_name() != "help") {
                let name = sub.get_name();
                let listed = listing
                    .lines()
                    .find_map(|l| l.strip_prefix("  ")?.strip_prefix(name)?.strip_prefix(' '))
                    .map(str::trim)
                    .unwrap_or_else(|| panic!("{path:?} lists no `{name}`:\n{listing}"));
                let path = [path, &[name]].concat();
                assert_eq!(help(&path).lines().next(), Some(listed), "{path:?}");
                *seen += 1;
                walk(sub, &path, seen);
            }
        }
        let mut cli = Cli::command();
        cli.build();
        let mut seen = 0;
        walk(&cli, &[], &mut seen);
        assert!(seen > 40, "{seen} commands");
    }

    #[test]
    fn a_floor_language_of_none_names_the_codes_there_are() {
        assert_eq!(floor_lang("pl"), Ok(host::web::Lang::Pl));
        assert_eq!(
            floor_lang("de"),
            Err("give en, mk, pl, bg or ru".to_string())
        );
    }

    #[test]
    fn no_arguments_play_the_default_bench_table() {
        let cli = parse(&[]).expect("parses");
        assert!(cli.command.is_none());
        let defaults = parse(&["table"]).expect("parses");
        let Some(Command::Table(table)) = defaults.command else {
            panic!("`table` is the bench table");
        };
        assert_eq!(format!("{:?}", cli.table), format!("{table:?}"));
    }

    #[test]
    fn a_command_takes_its_flags_in_any_order() {
        let cli = parse(&[
            "audit",
            "list",
            "--seat",
            "3",
            "data",
            "--json",
            "--bad-tags",
        ]);
        let Ok(Cli {
            command: Some(Command::Audit(Audit::List(list))),
            ..
        }) = cli
        else {
            panic!("audit list: {cli:?}");
        };
        assert_eq!(list.dir, PathBuf::from("data"));
        assert_eq!(list.filter.seat, firmware::SeatNo::new(3));
        assert!(list.json && list.filter.bad_tags && !list.filter.misdeals);
    }

    #[test]
    fn the_table_flags_go_before_any_command_or_after_table() {
        assert!(parse(&["--hands", "5"]).is_ok());
        assert!(parse(&["table", "--hands", "5"]).is_ok());
        let mixed = parse(&["--hands", "5", "demo"]).expect_err("a flag, then a command");
        assert_eq!(mixed.exit_code(), 2);
    }

    #[test]
    fn a_bad_value_names_its_flag_and_exits_2() {
        let e = parse(&["audit", "list", "d", "--pot-over", "lots"]).expect_err("not a number");
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--pot-over"), "{e}");
        let e = parse(&["audit", "show", "d", "seven"]).expect_err("not a hand number");
        assert!(e.to_string().contains("HAND"), "{e}");
    }

    #[test]
    fn an_unknown_command_or_flag_is_a_usage_error() {
        for args in [
            &["deal"][..],
            &["--hand", "5"],
            &["replay", "--yaml", "f.phh"],
        ] {
            let e = parse(args).expect_err("unknown");
            assert_eq!(e.exit_code(), 2, "{args:?}");
        }
        assert!(parse(&["replay"]).is_err(), "replay needs a file");
        assert!(
            parse(&["audit", "export", "d"]).is_err(),
            "export needs --phh"
        );
    }

    #[test]
    fn the_later_of_port_and_sim_wins() {
        let shoe = |args: &[&str]| match parse(args) {
            Ok(Cli {
                command: Some(Command::Deck(Deck::Check(s) | Deck::Enrol(s))),
                ..
            }) => s.port,
            other => panic!("{args:?}: {other:?}"),
        };
        assert_eq!(shoe(&["deck", "check"]), None);
        assert_eq!(shoe(&["deck", "check", "--port", "p", "--sim"]), None);
        assert_eq!(
            shoe(&["deck", "enrol", "--sim", "--port", "p"]),
            Some("p".into())
        );
    }

    #[test]
    fn run_takes_an_optional_config() {
        let config = |args: &[&str]| match parse(args) {
            Ok(Cli {
                command: Some(Command::Run(r)),
                ..
            }) => r.config,
            other => panic!("{args:?}: {other:?}"),
        };
        assert_eq!(config(&["run"]), None);
        assert_eq!(config(&["run", "--config"]), Some(None));
        assert_eq!(
            config(&["run", "--config", "t.toml"]),
            Some(Some(PathBuf::from("t.toml")))
        );
    }
}
