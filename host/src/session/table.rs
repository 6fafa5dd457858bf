//! One table at work: the engine, its hand log and whoever watches it. Every input of
//! a table goes through here, whatever drives it (the Pi's panel and shoe, the
//! simulated players of the bench table, a scenario script played on the bench):
//! the engine handles it, the hand log records it before anything else sees it, the
//! pot is paid one logged input at a time, and then the observers (the table display,
//! the dealer's console) are told. This is the only place that sequence is written.
//!
//! A refused input changes nothing and is logged as refused, with the message the
//! dealer sees. If the log cannot be written the session stops with the log's error:
//! a table never deals without a working log.

use crate::money::{award, settle};
use crate::records::handlog::{
    self, HandLog, LogError, Record, Recovered, Seq, SignedHead, TableKey,
};
use crate::records::scenario::Refused;
use crate::records::time::WallTime;
use crate::session::simulated::NextHand;
use crate::session::staff::{FloorStaff, PinRefused};
use crate::session::tournament_table::Hold;
use firmware::buttons::{Key, KeyEvent};
use firmware::console::{Console, Press};
use firmware::deck::DeckMap;
use firmware::shoe::to_read;
use firmware::{Chips, Event, Input, RuleError, SeatNo, Table, TableConfig};
use hardware::link::Received;
use std::path::Path;

/// How the hand log writes a digit keyed in floor mode (part of a PIN).
pub const MASKED_DIGIT: &str = "*";

/// What the shoe's reader reports to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShoeEvent {
    /// A card read, newly arrived at an antenna, with the frame's bytes as the shoe
    /// sent them.
    Read(Received),
    /// A damaged exchange, reported and re-read (the link's own recovery).
    Fault(String),
    /// The link gave up (silent or unreliable): the dealer must check the shoe.
    Lost(String),
}

/// What one press, read or input did, for the observers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine took inputs (a payout takes several): their events.
    Accepted(Vec<Event>),
    /// An amount is being keyed.
    Amount(u64),
    /// The amount keyed was cleared (or floor mode left).
    Cleared,
    /// Floor mode: the floor keys his number and PIN (digits so far, not their values).
    FloorMode(u8),
    /// Refused: why, for the dealer. Nothing changed.
    Refused(Refusal),
    /// A card read refused (out of order, already seen, not of this deck): why,
    /// for the dealer. Nothing changed; the display raises its banner.
    CardRefused(Refusal),
    /// A shoe fault that the link recovered by reading again.
    ShoeFault(String),
    /// The shoe stopped answering: the dealer must check it.
    ShoeLost(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Accepted(events) => {
                for (i, e) in events.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
            Outcome::Amount(v) => write!(f, "amount: {v}"),
            Outcome::Cleared => f.write_str("amount cleared"),
            Outcome::FloorMode(digits) => write!(
                f,
                "FLOOR: number and PIN, then the ruling's key ({digits} digits keyed)"
            ),
            Outcome::Refused(m) => write!(f, "refused: {m}"),
            Outcome::CardRefused(m) => write!(f, "card refused: {m}"),
            Outcome::ShoeFault(m) => write!(f, "{m} (read again)"),
            Outcome::ShoeLost(m) => write!(f, "SHOE: {m}: check the shoe and its cable"),
        }
    }
}

/// Why an input was refused, kept as its kind (not only its English words) so the
/// dealer's screen can say it in the dealer's language. `Display` is the English
/// message of the console and the hand log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The engine's rule.
    Rule(RuleError),
    /// The panel: a press or an amount that means nothing now.
    Key(firmware::console::ConsoleError),
    /// A shoe read whose tag the table's deck map refused, with the tag's ID.
    Tag(firmware::deck::DeckError, String),
    /// A card read with no deck enrolled at the table.
    NoDeck,
    /// The pot could not be paid (the host's own payout failed): the message.
    Payout(String),
    /// A floor ruling's number and PIN not taken.
    Pin(PinRefused),
    /// A dealer's award the tabled hands do not allow (R-SHOW-4): pay the seats the
    /// cards name, or the floor rules the award (its override, with its PIN).
    Award(award::AwardRefused),
    /// A tournament table's clock deals no hand now: a break, a stopped clock.
    Clock(Hold),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Rule(e) => write!(f, "{e}"),
            Refusal::Key(e) => write!(f, "{e}"),
            Refusal::Tag(e, uid) => write!(f, "{e} (tag {uid})"),
            Refusal::NoDeck => f.write_str("no deck is enrolled at this table"),
            Refusal::Payout(why) => f.write_str(why),
            Refusal::Pin(e) => write!(f, "{e}"),
            Refusal::Award(e) => write!(f, "{e}"),
            Refusal::Clock(h) => write!(f, "{h}"),
        }
    }
}

/// Sees the table after each outcome, once it is logged: the display, the console.
pub trait Observer {
    /// `table` as it is after `outcome`.
    fn observe(&mut self, table: &Table, outcome: &Outcome);

    /// A press read from the panel, before what it means is worked out (the
    /// dealer's view shows the panel's last press); most observers need only the
    /// outcome that follows.
    fn pressed(&mut self, _event: &KeyEvent) {}

    /// A key stuck down on the panel, or none once it is released (the dealer's
    /// view says so); most observers need only the outcomes.
    fn stuck(&mut self, _table: &Table, _key: Option<Key>) {}
}

impl<F: FnMut(&Table, &Outcome)> Observer for F {
    fn observe(&mut self, table: &Table, outcome: &Outcome) {
        self(table, outcome)
    }
}

/// Sees every record once it is committed to the hand log: the floor view's index
/// keeps the recent hands from these, so it never reads the log back per request.
pub trait RecordTap {
    /// Record `seq`, stamped `at`, is in `log` (whose signed head a tap may publish
    /// when the record ends a hand).
    fn appended(&mut self, seq: Seq, at: WallTime, record: &Record, log: &HandLog);
}

/// A table's log, opened: recovered from what it holds, or new.
#[derive(Debug)]
pub struct Opened {
    /// The log, ready to append to.
    pub log: HandLog,
    /// What recovery found (a torn record set aside, the hand in progress...).
    pub recovered: Recovered,
    /// The table rebuilt from the log; `None` for a new log, whose table is set up by
    /// [`TableSession::create`].
    pub table: Option<Table>,
}

/// Opens the hand log of table `table_id` in `data` and rebuilds the table it
/// describes (crash recovery), or finds it new.
pub fn open(data: &Path, table_id: &str, key: &TableKey) -> Result<Opened, LogError> {
    let (log, recovered) = HandLog::open(data, table_id, key)?;
    let table = match recovered.config {
        Some(_) => Some(handlog::rebuild_table(&recovered)?),
        None => None,
    };
    Ok(Opened {
        log,
        recovered,
        table,
    })
}

/// One table at work: see the module's documentation.
pub struct TableSession<'a> {
    table: Table,
    log: Option<&'a mut HandLog>,
    console: Console,
    map: Option<DeckMap>,
    observers: Vec<Box<dyn Observer + 'a>>,
    taps: Vec<Box<dyn RecordTap + 'a>>,
    /// The evidence of the input being read (the shoe's frame, the panel's press),
    /// written in one transaction with the record it leads to: one sync per input.
    evidence: Vec<Record>,
    /// A pot nobody contests is paid as soon as the hand ends (a live table: the
    /// dealer presses ENTER only for a showdown).
    auto_pay_uncontested: bool,
    accepted: u64,
    /// Who may confirm a floor ruling on the panel; `None`: nobody can.
    staff: Option<FloorStaff>,
    /// The stuck key the observers were last told of ([`TableSession::stuck`]).
    stuck: Option<Key>,
    /// A tournament table's clock: asked at NEXT HAND what the table may do
    /// ([`TableSession::deal_by`]); `None` at a cash table.
    clock: Option<ClockGate<'a>>,
}

/// What a tournament table asks at NEXT HAND ([`TableSession::deal_by`]).
pub type ClockGate<'a> = Box<dyn FnMut(&Table) -> NextHand + 'a>;

impl<'a> TableSession<'a> {
    /// A session of `table` (new, or rebuilt from `log`), writing `log` (`None`: a
    /// simulation nobody keeps).
    pub fn new(table: Table, log: Option<&'a mut HandLog>) -> TableSession<'a> {
        TableSession {
            table,
            log,
            console: Console::new(),
            map: None,
            observers: Vec::new(),
            taps: Vec::new(),
            evidence: Vec::new(),
            auto_pay_uncontested: false,
            accepted: 0,
            staff: None,
            stuck: None,
            clock: None,
        }
    }

    /// Deals by a tournament's clock: at the dealer's NEXT HAND the table asks
    /// `clock` first, sets the level it gives before the hand (PD-TOURN-LEVEL), and
    /// refuses the hand, saying why, during a break, while the clock is stopped or
    /// after its table closed ([`crate::session::tournament_table::next_hand`]).
    pub fn deal_by(&mut self, clock: ClockGate<'a>) {
        self.clock = Some(clock);
    }

    /// NEXT HAND at a table dealing by a clock.
    fn start_by_clock(&mut self) -> Result<Outcome, LogError> {
        let next = match self.clock.as_mut() {
            Some(clock) => clock(&self.table),
            None => NextHand::Deal(Vec::new()),
        };
        match next {
            NextHand::Deal(inputs) => {
                for input in inputs {
                    let outcome = self.apply(input)?;
                    if !matches!(outcome, Outcome::Accepted(_)) {
                        return Ok(outcome);
                    }
                }
                self.apply(Input::StartHand)
            }
            NextHand::Wait(_, hold) => self.refuse(Refusal::Clock(hold)),
            NextHand::Stop => self.refuse(Refusal::Clock(Hold::Closed)),
        }
    }

    /// A new table of `config`, its configuration the first record of `log`.
    pub fn create(
        config: TableConfig,
        log: Option<&'a mut HandLog>,
    ) -> Result<TableSession<'a>, SessionError> {
        let table = Table::new(config).map_err(SessionError::Config)?;
        let mut session = TableSession::new(table, log);
        session.record(Record::Config { config })?;
        Ok(session)
    }

    /// Logs the program the table started with ([`Record::Program`]): written at
    /// every start before the first hand is dealt, so the log, and the floor it
    /// ships to, know what program and configuration each hand was dealt under.
    pub fn started_with(
        &mut self,
        program: crate::records::program::ProgramId,
    ) -> Result<(), LogError> {
        self.record(Record::Program { program })
    }

    /// Reads the shoe's tags with the deck `map`.
    pub fn with_deck(mut self, map: DeckMap) -> Self {
        self.map = Some(map);
        self
    }

    /// Pays an uncontested pot as soon as the hand ends.
    pub fn paying_uncontested(mut self) -> Self {
        self.auto_pay_uncontested = true;
        self
    }

    /// Takes floor rulings from the panel when their number and PIN match `staff`.
    pub fn with_floor_staff(mut self, staff: FloorStaff) -> Self {
        self.staff = Some(staff);
        self
    }

    /// Whether the panel is in floor mode (the floor keying his number and PIN).
    pub fn floor_mode(&self) -> bool {
        self.console.floor_mode()
    }

    /// Tells `observer` every outcome from now on.
    pub fn observe(&mut self, observer: Box<dyn Observer + 'a>) {
        self.observers.push(observer);
    }

    /// Tells `tap` every record this session logs from now on.
    pub fn tap(&mut self, tap: Box<dyn RecordTap + 'a>) {
        self.taps.push(tap);
    }

    /// The engine.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The amount being keyed on the panel, if any.
    pub fn keyed(&self) -> Option<Chips> {
        self.console.keyed()
    }

    /// The seat whose LED is lit: the player to act.
    pub fn turn(&self) -> Option<SeatNo> {
        self.table.options().map(|o| o.seat)
    }

    /// Inputs the engine accepted in this session.
    pub fn accepted(&self) -> u64 {
        self.accepted
    }

    /// The log's signed head as it stands now (`None` without a log): what the table
    /// publishes after every hand, so an audit can anchor the log to it.
    pub fn head(&self) -> Option<SignedHead> {
        self.log.as_ref().and_then(|log| log.head())
    }

    /// Tells every observer `outcome`, with the table as it is now.
    pub fn notify(&mut self, outcome: &Outcome) {
        for o in &mut self.observers {
            o.observe(&self.table, outcome);
        }
    }

    /// Logs `record`, with the evidence waiting for it in the same transaction.
    fn record(&mut self, record: Record) -> Result<(), LogError> {
        self.evidence.push(record);
        self.write_evidence()
    }

    /// Logs the records waiting in `evidence` in one transaction (one sync), if any.
    /// On an error none is written, and the table stops (the log is its condition to
    /// deal).
    fn write_evidence(&mut self) -> Result<(), LogError> {
        let Some(log) = self.log.as_deref_mut() else {
            self.evidence.clear();
            return Ok(());
        };
        if self.evidence.is_empty() {
            return Ok(());
        }
        let at = WallTime::now();
        let written = log.append_all(at, &self.evidence);
        let seqs = match written {
            Ok(seqs) => seqs,
            Err(e) => {
                self.evidence.clear();
                return Err(e);
            }
        };
        for (seq, record) in seqs.into_iter().zip(&self.evidence) {
            for t in &mut self.taps {
                t.appended(seq, at, record, log);
            }
        }
        self.evidence.clear();
        Ok(())
    }

    /// The engine's answer to `input`, logged (accepted or refused) before anyone
    /// sees it. Observers are not told: the callers say what it was.
    fn engine(&mut self, input: Input) -> Result<Result<Vec<Event>, RuleError>, LogError> {
        let result = self.table.handle(input);
        self.record(Record::outcome(input, &result))?;
        Ok(result.map(|events| {
            self.accepted += 1;
            events.iter().copied().collect()
        }))
    }

    /// One input, logged and shown; its refusal as the table gave it (the bench
    /// table treats one as a bug, a dealer gets its message). A dealer's award is
    /// first read against the tabled hands ([`award::check`], R-SHOW-4): one they do
    /// not allow reaches no engine and is logged as refused, naming why. The host's
    /// own payouts ([`TableSession::pay_next`]) are the showdown's and are not
    /// checked again.
    pub fn input(&mut self, input: Input) -> Result<Result<Vec<Event>, Refusal>, LogError> {
        if let Err(refused) = award::check(&self.table, &input) {
            self.record(Record::RefusedByHost {
                input,
                code: refused.code().to_string(),
                error: refused.to_string(),
            })?;
            let refusal = Refusal::Award(refused);
            if !self.observers.is_empty() {
                self.notify(&Outcome::Refused(refusal.clone()));
            }
            return Ok(Err(refusal));
        }
        Ok(self.engine_input(input)?.map_err(Refusal::Rule))
    }

    /// One input through the engine, logged and shown, unchecked by the host: the
    /// host's own payouts, and [`TableSession::input`] once it has checked.
    fn engine_input(&mut self, input: Input) -> Result<Result<Vec<Event>, RuleError>, LogError> {
        let result = self.engine(input)?;
        // Nobody watching (a simulation, a replay): no outcome to build.
        if !self.observers.is_empty() {
            match &result {
                Ok(events) => self.notify(&Outcome::Accepted(events.clone())),
                Err(e) => self.notify(&Outcome::Refused(Refusal::Rule(*e))),
            }
        }
        Ok(result)
    }

    /// One input through the engine, logged and shown; an uncontested pot paid at
    /// once if the session does that.
    pub fn apply(&mut self, input: Input) -> Result<Outcome, LogError> {
        match self.input(input)? {
            Ok(mut events) => {
                let uncontested = self.table.hand().is_some_and(|h| {
                    h.phase == firmware::Phase::Settling && h.in_hand().count() == 1
                });
                if self.auto_pay_uncontested && uncontested {
                    if let Outcome::Accepted(more) = self.pay()? {
                        events.extend(more);
                    }
                }
                Ok(Outcome::Accepted(events))
            }
            Err(e) => Ok(Outcome::Refused(e)),
        }
    }

    /// The next payout of the hand being settled, logged and shown: `None` when
    /// everything is paid (or no hand is settling).
    pub fn pay_next(&mut self) -> Result<Option<Vec<Event>>, SessionError> {
        let Some(input) = settle::next_payout(&self.table).map_err(SessionError::Settle)? else {
            return Ok(None);
        };
        match self.engine_input(input)? {
            Ok(events) => Ok(Some(events)),
            Err(e) => Err(SessionError::Engine(input, e)),
        }
    }

    /// Pays the pots, one logged input at a time ([`settle::next_payout`]).
    pub fn pay(&mut self) -> Result<Outcome, LogError> {
        let mut events = Vec::new();
        loop {
            match self.pay_next() {
                Ok(Some(more)) => events.extend(more),
                Ok(None) => return Ok(Outcome::Accepted(events)),
                Err(SessionError::Log(e)) => return Err(e),
                Err(SessionError::Settle(e)) => {
                    return self.refuse(Refusal::Payout(format!("the pot cannot be paid: {e}")))
                }
                Err(e) => return Ok(Outcome::Refused(Refusal::Payout(e.to_string()))),
            }
        }
    }

    /// The key the panel finds stuck down, or none (called on every scan): the
    /// observers are told when that changes. A digit stuck in floor mode is not named
    /// (it may be part of a PIN) until floor mode ends.
    pub fn stuck(&mut self, key: Option<Key>) {
        let key = key.filter(|k| !(self.console.floor_mode() && matches!(k, Key::Digit(_))));
        if key == self.stuck {
            return;
        }
        self.stuck = key;
        for o in &mut self.observers {
            o.stuck(&self.table, key);
        }
    }

    /// A press on the panel: logged as pressed, then what it means. A press that
    /// makes an input is logged in the input's transaction; any other, on its own,
    /// before anyone is told.
    pub fn key(&mut self, event: KeyEvent) -> Result<Outcome, LogError> {
        // A digit in floor mode is part of a floor PIN: logged as pressed, not as
        // which digit, and not shown to the observers at all.
        let masked = self.console.floor_mode() && matches!(event.key, Key::Digit(_));
        if !masked {
            for o in &mut self.observers {
                o.pressed(&event);
            }
        }
        self.evidence.push(Record::KeyPress {
            key: if masked {
                MASKED_DIGIT.to_string()
            } else {
                event.key.to_string()
            },
            kind: event.kind.to_string(),
        });
        let outcome = match self.console.press(&self.table, event) {
            Ok(Press::Amount(v)) => Outcome::Amount(v),
            Ok(Press::Cleared) => Outcome::Cleared,
            Ok(Press::FloorMode(digits)) => Outcome::FloorMode(digits),
            Ok(Press::Input(Input::StartHand)) if self.clock.is_some() => {
                return self.start_by_clock()
            }
            Ok(Press::Input(input)) => return self.apply(input),
            Ok(Press::Ruling { ruling, floor, pin }) => {
                let checked = match self.staff.as_mut() {
                    Some(staff) => staff.check(floor, pin, std::time::SystemTime::now()),
                    None => Err(PinRefused::NoStaff),
                };
                return match checked {
                    Ok(()) => self.apply(Input::Ruling { ruling, floor }),
                    Err(e) => self.refuse(Refusal::Pin(e)),
                };
            }
            Ok(Press::Pay) => {
                let paid = self.pay()?;
                // Nothing to pay writes no record: the press is logged alone.
                self.write_evidence()?;
                return Ok(paid);
            }
            Err(e) => return self.refuse(Refusal::Key(e)),
        };
        self.write_evidence()?;
        Ok(self.tell(outcome))
    }

    /// A message from the shoe: a read is logged as the bytes the shoe sent (PD-RFID),
    /// in one transaction with the card's input or its refusal, then dealt.
    pub fn shoe(&mut self, event: ShoeEvent) -> Result<Outcome, LogError> {
        match event {
            ShoeEvent::Read(Received { read, frame }) => {
                // Every way on from here records the card's input or a refusal.
                self.evidence.push(Record::RawShoeFrame { bytes: frame });
                let Some(map) = &self.map else {
                    return self.refuse_card(Refusal::NoDeck);
                };
                let card = match to_read(map, &read) {
                    Ok(card) => card,
                    Err(e) => return self.refuse_card(Refusal::Tag(e, read.uid.to_string())),
                };
                let outcome = match self.engine(Input::Card(card))? {
                    Ok(events) => Outcome::Accepted(events),
                    Err(e) => {
                        if let (RuleError::BettingNotComplete { .. }, Some(h)) =
                            (e, self.table.hand())
                        {
                            // A burn or board card out before the betting ended: the
                            // floor may rule it premature from the panel, the burn
                            // staying burnt (PD-PREMATURE).
                            self.console.premature_read(h, card);
                        }
                        Outcome::CardRefused(Refusal::Rule(e))
                    }
                };
                Ok(self.tell(outcome))
            }
            ShoeEvent::Fault(f) => {
                self.record(Record::Note { text: f.clone() })?;
                Ok(self.tell(Outcome::ShoeFault(f)))
            }
            ShoeEvent::Lost(why) => {
                let text = format!("shoe link lost: {why}");
                self.record(Record::Note { text })?;
                Ok(self.tell(Outcome::ShoeLost(why)))
            }
        }
    }

    /// A refusal that is not the engine's: logged as a note, and shown.
    fn refuse(&mut self, message: Refusal) -> Result<Outcome, LogError> {
        self.refused(Outcome::Refused, message)
    }

    /// A card the deck map refused: logged as a note, and shown as a refused card.
    fn refuse_card(&mut self, message: Refusal) -> Result<Outcome, LogError> {
        self.refused(Outcome::CardRefused, message)
    }

    fn refused(
        &mut self,
        kind: fn(Refusal) -> Outcome,
        message: Refusal,
    ) -> Result<Outcome, LogError> {
        self.record(Record::Note {
            text: format!("refused: {message}"),
        })?;
        Ok(self.tell(kind(message)))
    }

    /// Tells the observers `outcome` and gives it back.
    fn tell(&mut self, outcome: Outcome) -> Outcome {
        self.notify(&outcome);
        outcome
    }
}

impl crate::records::scenario::Driver for TableSession<'_> {
    fn table(&self) -> &Table {
        &self.table
    }

    fn handle(&mut self, input: Input) -> Result<Result<Vec<Event>, Refused>, String> {
        match self.input(input) {
            Ok(Ok(events)) => Ok(Ok(events)),
            Ok(Err(Refusal::Rule(e))) => Ok(Err(Refused::Rule(e))),
            Ok(Err(Refusal::Award(e))) => Ok(Err(Refused::Award(e))),
            // An input's refusal is the engine's or the award check's.
            Ok(Err(other)) => Err(other.to_string()),
            Err(e) => Err(format!("the hand log: {e}")),
        }
    }
}

/// Why a session cannot go on.
#[derive(Debug)]
pub enum SessionError {
    /// The hand log could not be written: the table does not deal without it.
    Log(LogError),
    /// The settings make no playable table.
    Config(firmware::rules::ConfigError),
    /// The hand's pots cannot be worked out (a bug: the engine settled the hand).
    Settle(settle::SettleError),
    /// The engine refused an input the host made itself (a payout): a bug.
    Engine(Input, RuleError),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::Log(e) => log_stops_the_table(f, e),
            SessionError::Config(e) => write!(f, "the table's settings: {e}"),
            SessionError::Settle(e) => write!(f, "the pot cannot be paid: {e}"),
            SessionError::Engine(input, e) => {
                write!(f, "the engine refused the payout {input:?}: {e}")
            }
        }
    }
}

/// The log's, the engine's or the settlement's refusal, kept whole.
impl std::error::Error for SessionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SessionError::Log(e) => Some(e),
            SessionError::Config(e) => Some(e),
            SessionError::Settle(e) => Some(e),
            SessionError::Engine(_, e) => Some(e),
        }
    }
}

/// What the dealer reads when the hand log fails: the table never deals without it.
pub(crate) fn log_stops_the_table(
    f: &mut std::fmt::Formatter<'_>,
    e: &LogError,
) -> std::fmt::Result {
    write!(
        f,
        "the hand log cannot be written ({e}): the table stops rather than deal without it"
    )
}

impl From<LogError> for SessionError {
    fn from(e: LogError) -> Self {
        SessionError::Log(e)
    }
}

#[cfg(test)]
mod tests;
