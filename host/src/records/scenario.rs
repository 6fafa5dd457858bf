//! Scenario scripts: a plain-text, line-based format that drives a table through many
//! hands and states what must hold after any line. Engineers use them as tests; floor
//! staff use the same format to reproduce a disputed hand. The format is documented in
//! `tests/README.md`.

use crate::money::award;
use firmware::deck::{DeckKind, DeckMap, TagUid};
use firmware::shoe::Antenna;
use firmware::{Chips, Event, Input, Phase, RuleError, SeatNo, Street, Table, TableConfig};
use hardware::text::excerpt;
use std::fmt;
use std::path::Path;

/// The largest script read: the longest in `tests/scenarios` is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// The longest line of a script: an input, or a `table` line with its settings.
pub const MAX_LINE_BYTES: usize = 1024;

/// A problem with a script, or a script whose expectation failed, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// Why a script file could not be loaded: [`Scenario::load`].
#[derive(Debug)]
pub enum LoadError {
    /// The file cannot be read (missing, a device, larger than [`MAX_FILE_BYTES`]):
    /// check the path.
    Read(std::io::Error),
    /// The file reads, but is not a script: fix the line named.
    Script(ScenarioError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read(e) => write!(f, "cannot read: {e}"),
            LoadError::Script(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Read(e) => Some(e),
            LoadError::Script(e) => Some(e),
        }
    }
}

/// One line of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// An input for the engine, with the error it must be refused with, if any, and
    /// the seat that must be the one to act (for `4 fold`).
    Input {
        /// The input.
        input: Input,
        /// `=> ErrorName`: the engine must refuse it with this error.
        refused: Option<String>,
        /// The seat named before an action.
        actor: Option<SeatNo>,
        /// `check` (not `call`): nothing may be due.
        check_only: bool,
    },
    /// A tag read by the shoe (`tag UID [burn]`), looked up in the table's deck map:
    /// the simulated deck 0 of the table's deck (`firmware::deck::DeckMap::simulated`).
    Tag {
        /// The tag's UID.
        uid: TagUid,
        /// Read at the burn slot.
        burn: bool,
        /// `=> Error`: it must be refused with this error (e.g. `UnknownTag`).
        refused: Option<String>,
    },
    /// A statement about the table that must hold.
    Expect(Expect),
}

/// What `expect` lines can state.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// `expect stack 3 990`
    Stack(SeatNo, Chips),
    /// `expect button 1`
    Button(SeatNo),
    /// `expect sb 2` or `expect sb none`
    SmallBlind(Option<SeatNo>),
    /// `expect bb 3`
    BigBlind(SeatNo),
    /// `expect turn 4` or `expect turn none`
    Turn(Option<SeatNo>),
    /// `expect shows 3` or `expect shows none`: whose turn it is to show or muck.
    Shows(Option<SeatNo>),
    /// `expect call 10`
    Call(Chips),
    /// `expect raise 20..80` or `expect raise none`
    Raise(Option<(Chips, Chips)>),
    /// `expect pot 30`
    Pot(Chips),
    /// `expect phase betting`
    Phase(String),
    /// `expect street flop`
    Street(Street),
    /// `expect owes 6 big small` / `expect owes 6 new` / `expect owes 6 nothing`
    Owes(SeatNo, bool, bool, bool),
    /// `expect dealt 3 yes|no`
    Dealt(SeatNo, bool),
    /// `expect event TEXT`: the last input's events, as the log writes them, include TEXT.
    Event(String),
    /// `expect hole 3 As Kd`: seat 3's hole cards, in the order dealt (`??` unread).
    Hole(SeatNo, String),
}

/// A parsed script: its table settings and its steps with their line numbers.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The table's settings (the `table` line).
    pub config: TableConfig,
    /// The steps, each with its 1-based line number.
    pub steps: Vec<(usize, Step)>,
}

fn err(line: usize, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        line,
        message: message.into(),
    }
}

fn num<T: std::str::FromStr>(line: usize, what: &str, s: Option<&str>) -> Result<T, ScenarioError> {
    let s = s.ok_or_else(|| err(line, format!("missing {what}")))?;
    s.parse().map_err(|_| {
        err(
            line,
            format!("{what}: expected a whole number, found `{}`", excerpt(s)),
        )
    })
}

fn seat_or_none(line: usize, s: Option<&str>) -> Result<Option<SeatNo>, ScenarioError> {
    match s {
        Some("none") => Ok(None),
        other => num(line, "seat", other).map(Some),
    }
}

fn parse_bool(line: usize, key: &str, v: &str) -> Result<bool, ScenarioError> {
    match v {
        "true" | "yes" | "on" => Ok(true),
        "false" | "no" | "off" => Ok(false),
        _ => Err(err(
            line,
            format!("{key}: expected true or false, found `{}`", excerpt(v)),
        )),
    }
}

/// Parses the `table GAME STRUCTURE SB/BB [key=value ...]` line: the game, the
/// structure and the blinds in their places, then any setting of the one settings
/// codec ([`crate::settings`]) by its key.
fn parse_table(line: usize, words: &[&str]) -> Result<TableConfig, ScenarioError> {
    let (Some(game), Some(structure), Some(blinds)) = (words.get(1), words.get(2), words.get(3))
    else {
        return Err(err(
            line,
            "expected `table GAME STRUCTURE SB/BB [key=value ...]`, e.g. `table holdem nl 5/10`",
        ));
    };
    let mut pairs = vec![("game", *game), ("limit", *structure), ("blinds", *blinds)];
    for kv in &words[4..] {
        let pair = crate::settings::split_pair(kv).map_err(|e| err(line, e.to_string()))?;
        pairs.push(pair);
    }
    crate::settings::table_from_pairs(pairs).map_err(|e| err(line, e.to_string()))
}

fn parse_expect(line: usize, w: &[&str], text: &str) -> Result<Expect, ScenarioError> {
    let what = w.get(1).copied().unwrap_or("");
    Ok(match what {
        "stack" => Expect::Stack(
            num(line, "seat", w.get(2).copied())?,
            num(line, "chips", w.get(3).copied())?,
        ),
        "button" => Expect::Button(num(line, "seat", w.get(2).copied())?),
        "sb" => Expect::SmallBlind(seat_or_none(line, w.get(2).copied())?),
        "bb" => Expect::BigBlind(num(line, "seat", w.get(2).copied())?),
        "turn" => Expect::Turn(seat_or_none(line, w.get(2).copied())?),
        "shows" => Expect::Shows(seat_or_none(line, w.get(2).copied())?),
        "call" => Expect::Call(num(line, "chips", w.get(2).copied())?),
        "raise" => match w.get(2).copied() {
            Some("none") => Expect::Raise(None),
            Some(r) => {
                let (a, b) = r.split_once("..").ok_or_else(|| {
                    err(
                        line,
                        format!("raise: expected MIN..MAX or none, found `{r}`"),
                    )
                })?;
                Expect::Raise(Some((
                    num(line, "min", Some(a))?,
                    num(line, "max", Some(b))?,
                )))
            }
            None => return Err(err(line, "raise: expected MIN..MAX or none")),
        },
        "pot" => Expect::Pot(num(line, "chips", w.get(2).copied())?),
        "phase" => {
            let p = w.get(2).copied().unwrap_or("");
            if ![
                "idle", "dealing", "betting", "board", "exchange", "showdown", "settling",
            ]
            .contains(&p)
            {
                return Err(err(
                    line,
                    "phase: idle, dealing, betting, board, exchange, showdown or settling",
                ));
            }
            Expect::Phase(p.to_string())
        }
        "street" => Expect::Street(match w.get(2).copied() {
            Some("preflop") => Street::Preflop,
            Some("flop") => Street::Flop,
            Some("turn") => Street::Turn,
            Some("river") => Street::River,
            Some("draw") => Street::Draw,
            _ => return Err(err(line, "street: preflop, flop, turn, river or draw")),
        }),
        "owes" => {
            let seat = num(line, "seat", w.get(2).copied())?;
            let mut owed = (false, false, false);
            for word in &w[3..] {
                match *word {
                    "big" => owed.0 = true,
                    "small" => owed.1 = true,
                    "new" => owed.2 = true,
                    "nothing" => {}
                    _ => return Err(err(line, "owes: big, small, new or nothing")),
                }
            }
            Expect::Owes(seat, owed.0, owed.1, owed.2)
        }
        "dealt" => Expect::Dealt(
            num(line, "seat", w.get(2).copied())?,
            parse_bool(line, "dealt", w.get(3).copied().unwrap_or(""))?,
        ),
        "hole" => {
            let seat = num(line, "seat", w.get(2).copied())?;
            let cards = w.get(3..).unwrap_or(&[]);
            for c in cards.iter().filter(|c| **c != "??") {
                c.parse::<firmware::Card>()
                    .map_err(|e| err(line, format!("hole: card `{}`: {e}", excerpt(c))))?;
            }
            Expect::Hole(seat, cards.join(" "))
        }
        "event" => {
            let rest = text
                .split_once("event")
                .map(|(_, r)| r.trim().to_string())
                .unwrap_or_default();
            if rest.is_empty() {
                return Err(err(line, "event: give the text to look for"));
            }
            Expect::Event(rest)
        }
        _ => {
            return Err(err(
                line,
                format!("unknown expectation `{}`", excerpt(what)),
            ))
        }
    })
}

/// Parses one input line (without its `=> Error` part). The words are the hand
/// log's input syntax ([`crate::records::handlog::parse_input`], one parser for both); a
/// script may deal or discard several cards on one line, each its own input.
fn parse_inputs(line: usize, w: &[&str]) -> Result<Vec<Input>, ScenarioError> {
    let one =
        |text: &str| crate::records::handlog::parse_input(text).map_err(|e| err(line, e.message));
    match w {
        [cmd @ ("deal" | "discard"), cards @ ..] if cards.len() > 1 => {
            cards.iter().map(|c| one(&format!("{cmd} {c}"))).collect()
        }
        _ => one(&w.join(" ")).map(|i| vec![i]),
    }
}

impl Scenario {
    /// Reads and parses the script at `path`, at most [`MAX_FILE_BYTES`] of it: a
    /// device or a huge file ends at once with an error, read no further.
    pub fn load(path: &Path) -> Result<Scenario, LoadError> {
        let text = hardware::text::read_bounded(path, MAX_FILE_BYTES, "a scenario script")
            .map_err(LoadError::Read)?;
        Scenario::parse(&text).map_err(LoadError::Script)
    }

    /// Parses a script. The first non-comment line must be the `table` line.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        if let Some(line) = hardware::text::long_line(text, MAX_LINE_BYTES) {
            return Err(err(
                line,
                format!("longer than {MAX_LINE_BYTES} bytes: not a line of a script"),
            ));
        }
        let mut config = None;
        let mut steps = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (body, refused) = match content.split_once("=>") {
                Some((b, e)) => (b.trim(), Some(e.trim().to_string())),
                None => (content, None),
            };
            let mut words: Vec<&str> = body.split_whitespace().collect();
            if words.is_empty() {
                return Err(err(line, "an input is missing before `=>`"));
            }
            if words[0] == "table" {
                if config.is_some() {
                    return Err(err(line, "only one `table` line"));
                }
                config = Some(parse_table(line, &words)?);
                continue;
            }
            if config.is_none() {
                return Err(err(line, "the script must start with a `table` line"));
            }
            if words[0] == "expect" {
                if refused.is_some() {
                    return Err(err(line, "`=>` goes after an input, not an expectation"));
                }
                steps.push((line, Step::Expect(parse_expect(line, &words, body)?)));
                continue;
            }
            if words[0] == "tag" {
                let uid = words
                    .get(1)
                    .and_then(|u| hardware::enrolment::parse_uid(u))
                    .ok_or_else(|| {
                        err(line, "tag: give the UID in hex, e.g. 53:00:00:00:00:30:63")
                    })?;
                let burn = words.get(2) == Some(&"burn");
                steps.push((line, Step::Tag { uid, burn, refused }));
                continue;
            }
            // `4 fold` or `s4 fold`: the seat that must be acting.
            let actor = match words[0].trim_start_matches('s').parse::<SeatNo>() {
                Ok(s) if words.len() > 1 => {
                    words.remove(0);
                    Some(s)
                }
                _ => None,
            };
            let check_only = words[0] == "check";
            for input in parse_inputs(line, &words)? {
                steps.push((
                    line,
                    Step::Input {
                        input,
                        refused: refused.clone(),
                        actor,
                        check_only,
                    },
                ));
            }
        }
        let config = config.ok_or_else(|| err(1, "empty script: start with a `table` line"))?;
        Ok(Scenario { config, steps })
    }

    /// Runs the script on a new table, calling `observe` with each accepted input and
    /// its events. Stops at the first failed expectation.
    pub fn run(
        &self,
        mut observe: impl FnMut(usize, &Input, &[Event]),
    ) -> Result<Table, ScenarioError> {
        let mut t = Table::new(self.config).map_err(|e| err(1, e.to_string()))?;
        self.run_on(&mut t, |line, input, events, _| {
            observe(line, input, events)
        })?;
        Ok(t)
    }

    /// [`Scenario::run`], showing `observe` the table after each accepted input too.
    pub fn run_with_table(
        &self,
        observe: impl FnMut(usize, &Input, &[Event], &Table),
    ) -> Result<Table, ScenarioError> {
        let mut t = Table::new(self.config).map_err(|e| err(1, e.to_string()))?;
        self.run_on(&mut t, observe)?;
        Ok(t)
    }

    /// [`Scenario::run`] on `t`, a table of the script's settings, new: the bench
    /// table plays a script on its table session this way, so each input is logged and
    /// shown as any other. `observe` sees each accepted input with the table after it.
    /// An error of the driver (the log cannot be written, say) stops the script there.
    pub fn run_on<D: Driver>(
        &self,
        t: &mut D,
        mut observe: impl FnMut(usize, &Input, &[Event], &Table),
    ) -> Result<(), ScenarioError> {
        let deck = DeckMap::simulated(DeckKind::from_short_deck(self.config.short_deck), 0);
        let mut last: Vec<Event> = Vec::new();
        for (line, step) in &self.steps {
            let line = *line;
            match step {
                Step::Input {
                    input,
                    refused,
                    actor,
                    check_only,
                } => {
                    let result = apply(t, *input, *actor, *check_only).map_err(|m| err(line, m))?;
                    match (result, refused) {
                        (Ok(ev), None) => {
                            observe(line, input, &ev, t.table());
                            last = ev;
                        }
                        (Err(e), None) => {
                            return Err(err(line, format!("refused: {e} ({})", e.name())));
                        }
                        (Ok(_), Some(want)) => {
                            return Err(err(
                                line,
                                format!("accepted, but should be refused with {want}"),
                            ));
                        }
                        (Err(e), Some(want)) => {
                            let got = e.name();
                            if !got.starts_with(want.as_str()) {
                                return Err(err(
                                    line,
                                    format!("refused with {got}, expected {want}"),
                                ));
                            }
                        }
                    }
                }
                Step::Tag { uid, burn, refused } => {
                    // The deck map turns the tag into a card; an unknown tag never
                    // becomes one (PD-RFID). The antenna says dealt or burnt.
                    let result = match Antenna::for_burn(*burn).read_tag(&deck, uid) {
                        Ok(read) => {
                            let input = Input::Card(read);
                            apply(t, input, None, false)
                                .map_err(|m| err(line, m))?
                                .map(|ev| (input, ev))
                                .map_err(|e| format!("{}: {e}", e.name()))
                        }
                        Err(e) => Err(format!("{e:?}: {e}")),
                    };
                    match (result, refused) {
                        (Ok((input, ev)), None) => {
                            observe(line, &input, &ev, t.table());
                            last = ev;
                        }
                        (Err(e), None) => return Err(err(line, format!("refused: {e}"))),
                        (Ok(_), Some(want)) => {
                            return Err(err(
                                line,
                                format!("accepted, but should be refused with {want}"),
                            ));
                        }
                        (Err(e), Some(want)) if !e.starts_with(want.as_str()) => {
                            return Err(err(line, format!("refused with {e}, expected {want}")));
                        }
                        (Err(_), Some(_)) => {}
                    }
                }
                Step::Expect(x) => {
                    check(t.table(), x, &last).map_err(|m| err(line, m.to_string()))?
                }
            }
        }
        Ok(())
    }
}

/// Why a script's input was refused: the engine's rule, or the host's check of a
/// dealer's award against the tabled hands ([`award::check`], R-SHOW-4). Nothing
/// changed either way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The engine's rule.
    Rule(RuleError),
    /// An award the tabled hands do not allow.
    Award(award::AwardRefused),
}

impl Refused {
    /// The name a script's `=> Error` starts with: the engine's error as `Debug`
    /// writes it (`DuplicateCard(As)`), or [`award::REFUSAL_CODE`].
    pub fn name(&self) -> String {
        match self {
            Refused::Rule(e) => format!("{e:?}"),
            Refused::Award(e) => e.code().to_string(),
        }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Rule(e) => write!(f, "{e}"),
            Refused::Award(e) => write!(f, "{e}"),
        }
    }
}

/// What a script drives: a table of its own, or a table session that logs and shows
/// every input. Either takes a dealer's award only as the tabled hands allow it, as a
/// live table does.
pub trait Driver {
    /// The table as it is.
    fn table(&self) -> &Table;
    /// The table's answer to `input`; `Err` stops the script (the hand log cannot
    /// be written, say).
    fn handle(&mut self, input: Input) -> Result<Result<Vec<Event>, Refused>, String>;
}

impl Driver for Table {
    fn table(&self) -> &Table {
        self
    }

    fn handle(&mut self, input: Input) -> Result<Result<Vec<Event>, Refused>, String> {
        if let Err(e) = award::check(self, &input) {
            return Ok(Err(Refused::Award(e)));
        }
        Ok(Table::handle(self, input)
            .map(|ev| ev.iter().copied().collect())
            .map_err(Refused::Rule))
    }
}

/// Applies one input, refusing it (with no change) if the named seat is not the one
/// to act or if `check` is pressed with chips to call.
fn apply<D: Driver>(
    t: &mut D,
    input: Input,
    actor: Option<SeatNo>,
    check_only: bool,
) -> Result<Result<Vec<Event>, Refused>, String> {
    let table = t.table();
    let refused = |e| Ok(Err(Refused::Rule(e)));
    if let (Some(seat), Input::Act(_)) = (actor, input) {
        match table.options() {
            None => return refused(RuleError::NotBetting),
            Some(o) if o.seat != seat => return refused(RuleError::OutOfTurn { expected: o.seat }),
            Some(_) => {}
        }
    }
    if check_only {
        match table.options() {
            None => return refused(RuleError::NotBetting),
            Some(o) if o.call > Chips::ZERO => {
                return refused(RuleError::IllegalAction {
                    seat: o.seat,
                    action: firmware::error::ActionKind::Check,
                })
            }
            Some(_) => {}
        }
    }
    t.handle(input)
}

fn phase_name(t: &Table) -> &'static str {
    match t.hand().filter(|_| t.in_hand()).map(|h| h.phase) {
        None => "idle",
        Some(Phase::Dealing) => "dealing",
        Some(Phase::Betting) => "betting",
        Some(Phase::Board { .. }) => "board",
        Some(Phase::Exchange) => "exchange",
        Some(Phase::Showdown) => "showdown",
        Some(Phase::Settling) => "settling",
    }
}

/// An expectation of a script that does not hold: what the script's writer expected
/// and what the table shows, for the [`ScenarioError`] of its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// The table shows another value than the one expected.
    Differs {
        /// What was looked at (`seat 2 stack`, `pot`).
        what: String,
        /// What the script expected.
        want: String,
        /// What the table shows.
        got: String,
    },
    /// The expectation is about a hand, and none has been dealt.
    NoHand,
    /// The expectation names a seat the table does not have.
    NoSeat(SeatNo),
    /// No event of the last input says the text expected.
    NoEvent {
        /// The text expected.
        text: String,
        /// The last input's events.
        lines: Vec<String>,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Differs { what, want, got } => {
                write!(f, "expected {what} {want}, found {got}")
            }
            Mismatch::NoHand => f.write_str("no hand has been dealt"),
            Mismatch::NoSeat(s) => write!(f, "no seat {s}"),
            Mismatch::NoEvent { text, lines } => write!(
                f,
                "no event says `{text}`; the last input's events: {lines:?}"
            ),
        }
    }
}

impl std::error::Error for Mismatch {}

/// Whether expectation `x` holds, or what was found instead.
fn check(t: &Table, x: &Expect, last: &[Event]) -> Result<(), Mismatch> {
    let eq = |what: &str, got: String, want: String| {
        if got == want {
            Ok(())
        } else {
            Err(Mismatch::Differs {
                what: what.to_string(),
                want,
                got,
            })
        }
    };
    let hand = || t.hand().ok_or(Mismatch::NoHand);
    match x {
        Expect::Stack(s, c) => eq(
            &format!("seat {s} stack"),
            t.seat(*s)
                .map_or("no such seat".into(), |x| x.stack.to_string()),
            c.to_string(),
        ),
        Expect::Button(s) => eq("button", hand()?.button.to_string(), s.to_string()),
        Expect::SmallBlind(s) => eq(
            "small blind",
            format!("{:?}", hand()?.small_blind),
            format!("{s:?}"),
        ),
        Expect::BigBlind(s) => eq("big blind", hand()?.big_blind.to_string(), s.to_string()),
        Expect::Turn(s) => eq(
            "turn",
            format!("{:?}", t.options().map(|o| o.seat)),
            format!("{s:?}"),
        ),
        Expect::Shows(s) => eq(
            "next to show or muck",
            format!("{:?}", t.hand().and_then(|h| h.next_to_show())),
            format!("{s:?}"),
        ),
        Expect::Call(c) => eq(
            "call",
            format!("{:?}", t.options().map(|o| o.call)),
            format!("{:?}", Some(*c)),
        ),
        Expect::Raise(r) => {
            let got = t
                .options()
                .and_then(|o| o.raise)
                .map(|r| (r.min_to, r.max_to));
            eq("raise range", format!("{got:?}"), format!("{r:?}"))
        }
        Expect::Pot(p) => eq(
            "pot",
            t.hand()
                .filter(|_| t.in_hand())
                .map_or(Chips::ZERO, |h| h.pot())
                .to_string(),
            p.to_string(),
        ),
        Expect::Phase(p) => eq("phase", phase_name(t).to_string(), p.clone()),
        Expect::Street(s) => eq("street", format!("{:?}", hand()?.street), format!("{s:?}")),
        Expect::Owes(s, big, small, new) => {
            let seat = t.seat(*s).ok_or(Mismatch::NoSeat(*s))?;
            eq(
                &format!("seat {s} owes (big, small, new)"),
                format!("{:?}", (seat.owes_big, seat.owes_small, seat.new_player)),
                format!("{:?}", (big, small, new)),
            )
        }
        Expect::Dealt(s, d) => eq(
            &format!("seat {s} dealt"),
            hand()?.player(*s).dealt.to_string(),
            d.to_string(),
        ),
        Expect::Hole(s, cards) => {
            let p = hand()?.player(*s);
            let held: Vec<String> = p
                .hole
                .iter()
                .take(usize::from(p.holes))
                .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
                .collect();
            eq(
                &format!("seat {s} hole cards"),
                held.join(" "),
                cards.clone(),
            )
        }
        Expect::Event(text) => {
            let lines: Vec<String> = last.iter().map(|e| e.to_string()).collect();
            if lines.iter().any(|l| l.contains(text.as_str())) {
                Ok(())
            } else {
                Err(Mismatch::NoEvent {
                    text: text.clone(),
                    lines,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_line() {
        let e = Scenario::parse("seat 1 100").unwrap_err();
        assert_eq!(e.line, 1);
        let e = Scenario::parse("table holdem nl 5/10\nseat 1 x").unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (2, "chips: expected a whole number, found `x`")
        );
        let e = Scenario::parse("table holdem nl 5/10\n\nexpect nonsense").unwrap_err();
        assert_eq!(e.line, 3);
        let e = Scenario::parse("table poker nl 5/10").unwrap_err();
        assert!(e.message.starts_with("game"));
        let e = Scenario::parse("table holdem nl 5/10 colour=red").unwrap_err();
        assert!(e.message.contains("colour"));
    }

    #[test]
    fn a_failed_expectation_names_its_line() {
        let s = Scenario::parse(
            "table holdem nl 5/10\nseat 1 100\nseat 2 100\nhand\nexpect button 2\n",
        )
        .unwrap();
        let e = s.run(|_, _, _| {}).unwrap_err();
        assert_eq!(e.line, 5);
        assert_eq!(e.message, "expected button 2, found 1");
    }

    #[test]
    fn refusals_must_match() {
        let s = Scenario::parse(
            "table holdem nl 5/10\nseat 1 100\nseat 2 100\nhand\nburn As => UnexpectedBurn\n",
        )
        .unwrap();
        s.run(|_, _, _| {}).unwrap();
        let s = Scenario::parse(
            "table holdem nl 5/10\nseat 1 100\nseat 2 100\nhand\ndeal As => UnexpectedBurn\n",
        )
        .unwrap();
        assert_eq!(s.run(|_, _, _| {}).unwrap_err().line, 5);
    }
}
