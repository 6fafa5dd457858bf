//! The hand log's tests, by concern, on shared fixtures: a table and its log driven
//! as the controller drives them ([`TestTable`]), two hands that exercise every kind of
//! record, and plain SQL for tampering with a closed file.

mod audit;
mod input;
mod payload;
mod program;
mod rebuild;
mod recovery;
mod signed;
mod tamper;

use super::*;
use crate::records::scenario::{Scenario, Step};
use crate::records::time::WallTime;
use crate::{ch, sn};
use firmware::error::ActionKind;
use firmware::{
    Card, Chips, Event, Events, Game, Input, RuleError, SeatNo, Structure, Table, TableConfig,
    Warning,
};
use rusqlite::Connection;
use std::path::Path;
use tempfile::TempDir;

/// The old scheme's secret, for the logs of that scheme the tests still verify.
const SECRET: &[u8] = b"0123456789abcdef: table 7 test key";

/// Table 7's signing key.
fn key() -> TableKey {
    TableKey::from_seed(*b"0123456789abcdef: table 7 test k")
}

/// What an auditor of table 7 brings: its public key.
fn trust() -> Trust {
    Trust {
        public_key: Some(key().public()),
        ..Trust::default()
    }
}
const T0: WallTime = WallTime::from_unix_millis(1_700_000_000_000);

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn cfg() -> TableConfig {
    TableConfig::new(Game::Holdem, Structure::PotLimit, ch(5), ch(10))
}

/// A table, its log and a clock that advances a second per record.
struct TestTable {
    dir: TempDir,
    log: HandLog,
    table: Table,
    clock: WallTime,
}

impl TestTable {
    fn new(config: TableConfig) -> TestTable {
        let dir = TempDir::new().unwrap();
        let (mut log, rec) = HandLog::open(dir.path(), "T7", &key()).unwrap();
        assert!(rec.created && rec.config.is_none() && rec.inputs.is_empty());
        log.append(T0, Record::Config { config }).unwrap();
        TestTable {
            dir,
            log,
            table: Table::new(config).unwrap(),
            clock: T0,
        }
    }

    fn tick(&mut self) -> WallTime {
        self.clock = self.clock + firmware::time::Duration::from_secs(1);
        self.clock
    }

    /// Handles and logs one input, as the controller does.
    fn input(&mut self, input: Input) -> Result<Events, RuleError> {
        let result = self.table.handle(input);
        let at = self.tick();
        self.log
            .append(at, Record::outcome(input, &result))
            .unwrap();
        result
    }

    /// One line of the log's text form; panics on a refusal unless `refused`.
    fn line(&mut self, text: &str) -> Vec<Event> {
        let input = parse_input(text).unwrap();
        self.input(input)
            .unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
            .to_vec()
    }

    fn refused(&mut self, text: &str) -> RuleError {
        let input = parse_input(text).unwrap();
        match self.input(input) {
            Ok(_) => panic!("`{text}` accepted"),
            Err(e) => e,
        }
    }

    fn other(&mut self, record: Record) -> Seq {
        let at = self.tick();
        self.log.append(at, record).unwrap()
    }

    /// Plays a scenario's inputs as the script runner does (a named seat or a
    /// `check` that does not hold is refused), logging each.
    fn play(&mut self, script: &Scenario) {
        for (_, step) in &script.steps {
            let Step::Input {
                input,
                actor,
                check_only,
                ..
            } = step
            else {
                continue;
            };
            let result = scripted(&mut self.table, *input, *actor, *check_only);
            let at = self.tick();
            self.log
                .append(at, Record::outcome(*input, &result))
                .unwrap();
        }
    }

    /// Closes the log (SQLite checkpoints the WAL into the file) and keeps the folder.
    fn close(self) -> (TempDir, Table) {
        drop(self.log);
        (self.dir, self.table)
    }
}

fn scripted(
    t: &mut Table,
    input: Input,
    actor: Option<SeatNo>,
    check_only: bool,
) -> Result<Events, RuleError> {
    if let (Some(seat), Input::Act(_)) = (actor, input) {
        let o = t.options().ok_or(RuleError::NotBetting)?;
        if o.seat != seat {
            return Err(RuleError::OutOfTurn { expected: o.seat });
        }
    }
    if check_only {
        let o = t.options().ok_or(RuleError::NotBetting)?;
        if o.call > ch(0) {
            return Err(RuleError::IllegalAction {
                seat: o.seat,
                action: ActionKind::Check,
            });
        }
    }
    t.handle(input)
}

fn pot_of(events: &[Event]) -> Chips {
    events
        .iter()
        .find_map(|e| match e {
            Event::HandOver { pot, .. } => Some(*pot),
            _ => None,
        })
        .unwrap()
}

/// Two hands at pot limit: a duplicate card and an over-pot raise in hand 1, a
/// misdeal, an UNDO, a key press and a shoe frame in hand 2. Returns both pots.
fn two_hands(b: &mut TestTable) -> (Chips, Chips) {
    for l in ["seat 1 1000", "seat 2 1000", "seat 3 1000"] {
        b.line(l);
    }
    assert_eq!(b.refused("fold"), RuleError::NoHand);
    b.line("hand");
    for c in ["As", "Ks", "Qs", "Js", "Ts"] {
        b.line(&format!("deal {c}"));
    }
    assert_eq!(b.refused("deal As"), RuleError::DuplicateCard(card("As")));
    b.line("deal 9s");
    let ev = b.line("raise 500");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Warning(Warning::OverPot { .. }))));
    b.line("fold");
    let pot1 = pot_of(&b.line("fold"));
    b.line(&format!("award 1 {pot1}"));
    assert!(!b.table.in_hand());

    b.line("hand");
    b.other(Record::KeyPress {
        key: "DEAL".into(),
        kind: "down".into(),
    });
    b.line("deal 2c");
    b.other(Record::RawShoeFrame {
        bytes: vec![0x02, 0xA0, 0x11, 0xFF],
    });
    b.line("deal 3c");
    b.line("misdeal");
    for c in ["2c", "3c", "4c", "5c", "6c", "7c"] {
        b.line(&format!("deal {c}"));
    }
    b.line("fold");
    b.line("undo");
    b.line("fold");
    b.other(Record::Note {
        text: "floor: seat 2's fold stands".into(),
    });
    let pot2 = pot_of(&b.line("fold"));
    let winner = SeatNo::up_to(3)
        .find(|&s| !b.table.hand().unwrap().player(s).folded)
        .unwrap();
    b.line(&format!("award {winner} {pot2}"));
    assert!(!b.table.in_hand());
    (pot1, pot2)
}

fn sql(dir: &Path, batch: &str) {
    let c = Connection::open(dir.join(FILE_NAME)).unwrap();
    c.execute_batch(batch).unwrap();
}

fn sql_count(dir: &Path, query: &str) -> i64 {
    let c = Connection::open(dir.join(FILE_NAME)).unwrap();
    c.query_row(query, [], |r| r.get(0)).unwrap()
}

/// A closed log of two hands, and its last record's number.
fn sample() -> (TempDir, i64) {
    let mut b = TestTable::new(cfg());
    two_hands(&mut b);
    let last = i64::try_from(b.log.head().unwrap().seq.0).unwrap();
    assert!(last > 30);
    let (dir, _) = b.close();
    (dir, last)
}

/// Where a problem is and what kind it is, for one comparison.
fn at(p: &Problem) -> (Option<u64>, ProblemKind) {
    (p.seq.map(|s| s.0), p.kind)
}

#[test]
fn now_reads_the_clock() {
    assert!(WallTime::now() > T0);
}

#[test]
fn evidence_and_its_input_commit_together_each_its_own_link() {
    let mut b = TestTable::new(cfg());
    let before = b.log.last_seq().0;
    let input = parse_input("seat 1 1000").unwrap();
    let result = b.table.handle(input);
    let records = [
        Record::KeyPress {
            key: "1".into(),
            kind: "down".into(),
        },
        Record::RawShoeFrame {
            bytes: vec![2, 3, 5],
        },
        Record::outcome(input, &result),
    ];
    let at = b.tick();
    let seqs = b.log.append_all(at, &records).unwrap();
    assert_eq!(
        seqs,
        [Seq(before + 1), Seq(before + 2), Seq(before + 3)],
        "one number each, in order"
    );
    assert_eq!(b.log.last_seq(), Seq(before + 3));
    assert_eq!(b.log.append_all(at, &[]).unwrap(), []);
    // A batch with one record the log refuses writes none of them.
    let refused = [
        Record::Note { text: "x".into() },
        Record::Config { config: cfg() },
    ];
    assert!(matches!(
        b.log.append_all(at, &refused),
        Err(LogError::ConfigAlreadyWritten)
    ));
    assert_eq!(b.log.last_seq(), Seq(before + 3));
    b.line("seat 2 1000");
    let (dir, _) = b.close();
    let last = i64::try_from(before + 4).unwrap();
    assert_eq!(sql_count(dir.path(), "SELECT MAX(seq) FROM records"), last);
    assert!(HandLog::verify(dir.path(), &trust()).is_intact());
}
