//! The table at work: panel presses and shoe reads in; the engine, the hand log and
//! the seat LEDs out. `tablectl run --config table.toml` runs it on the Raspberry Pi
//! ([`pi`]); the tests run the same loop on the simulated panel and shoe.
//!
//! Each press goes through the firmware's [`Console`] (what the key means now), each
//! shoe read through the deck map; the resulting input is applied by the engine and
//! written to the hand log, with the raw press or frame beside it, before anything is
//! shown. A refused press or read changes nothing and is logged as refused, with the
//! message the dealer sees. If the log cannot be written the table stops: it never
//! deals without a working log.
//!
//! The shoe's link is host-driven and blocks while it polls, so it runs on its own
//! thread ([`spawn_shoe`]) and hands reads to the loop over a channel; the loop scans
//! the panel every [`SCAN_MS`].

pub mod config;
#[cfg(feature = "pi")]
pub mod pi;

use crate::money::settle;
use crate::records::handlog::{now_ms, HandLog, LogError, Record};
use firmware::buttons::KeyEvent;
use firmware::console::{Console, Press};
use firmware::deck::{DeckMap, TagUid};
use firmware::shoe::CardRead;
use firmware::{Event, Input, SeatNo, Table};
use hardware::link::{open_serial, to_read, LinkFault, LinkSettings, ShoeLink, ShoePort};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

/// How often the panel is scanned: well inside the debouncer's 20 ms.
pub const SCAN_MS: u64 = 2;
/// How long one poll of the shoe waits for a card before the thread checks for stop.
const SHOE_POLL: Duration = Duration::from_millis(250);

/// What the shoe's thread reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShoeEvent {
    /// A card read, newly arrived at an antenna.
    Read(CardRead),
    /// A damaged exchange, reported and re-read (the link's own recovery).
    Fault(String),
    /// The link gave up (silent or unreliable): the dealer must check the shoe.
    Lost(String),
}

/// Runs `link` on a thread until `stop` is set, sending what it reads to `to`.
///
/// A card resting on the antenna answers every poll: only its arrival is sent (the
/// same tag again after the slot was seen empty, or after another tag, is a new
/// arrival). Without this a card left in the slot would be dealt again and again.
pub fn spawn_shoe<P: ShoePort + Send + 'static>(
    mut link: ShoeLink<P>,
    to: Sender<ShoeEvent>,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let _ = poll(&mut link, &to, &stop, false);
    })
}

/// [`spawn_shoe`] on the serial port at `path`, opened (and opened again after the
/// adapter was unplugged) every [`REOPEN`] until it answers; each failure to open is
/// reported once as [`ShoeEvent::Lost`], so the display says the shoe is missing.
pub fn spawn_serial_shoe(
    path: String,
    settings: LinkSettings,
    to: Sender<ShoeEvent>,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut reported = false;
        while !stop.load(Ordering::Relaxed) {
            match open_serial(&path, settings) {
                Ok(mut link) => {
                    reported = false;
                    if poll(&mut link, &to, &stop, true).is_err() {
                        return;
                    }
                }
                Err(e) => {
                    if !reported && to.send(ShoeEvent::Lost(e.to_string())).is_err() {
                        return;
                    }
                    reported = true;
                    std::thread::sleep(REOPEN);
                }
            }
        }
    })
}

/// How often a missing shoe is looked for again.
pub const REOPEN: Duration = Duration::from_secs(2);

/// Polls `link` until `stop` (`Ok`), the receiver is gone (`Err`), or, with
/// `give_up_on_io`, the port fails (`Ok`: the caller opens it again).
fn poll<P: ShoePort>(
    link: &mut ShoeLink<P>,
    to: &Sender<ShoeEvent>,
    stop: &AtomicBool,
    give_up_on_io: bool,
) -> Result<(), ()> {
    let mut resting: Option<TagUid> = None;
    while !stop.load(Ordering::Relaxed) {
        let result = link.read_card(SHOE_POLL);
        for fault in link.take_faults() {
            to.send(ShoeEvent::Fault(fault.to_string()))
                .map_err(|_| ())?;
        }
        let event = match result {
            Ok(read) if resting == Some(read.uid) => None,
            Ok(read) => {
                resting = Some(read.uid);
                Some(ShoeEvent::Read(read))
            }
            Err(LinkFault::NoCard) => {
                resting = None;
                None
            }
            Err(e) => {
                resting = None;
                let io = matches!(e, LinkFault::Io(_) | LinkFault::Open { .. });
                to.send(ShoeEvent::Lost(e.to_string())).map_err(|_| ())?;
                if io && give_up_on_io {
                    return Ok(());
                }
                None
            }
        };
        if let Some(e) = event {
            to.send(e).map_err(|_| ())?;
        }
    }
    Ok(())
}

/// What one press or read did, for the display and the console's own screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine took inputs (a payout takes several): their events.
    Accepted(Vec<Event>),
    /// An amount is being keyed.
    Amount(u64),
    /// The amount keyed was cleared.
    Cleared,
    /// Refused: the message for the dealer. Nothing changed.
    Refused(String),
    /// A card read refused (out of order, already seen, not of this deck): the
    /// message for the dealer. Nothing changed; the display raises its banner.
    CardRefused(String),
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
            Outcome::Refused(m) => write!(f, "refused: {m}"),
            Outcome::CardRefused(m) => write!(f, "card refused: {m}"),
            Outcome::ShoeFault(m) => write!(f, "{m} (read again)"),
            Outcome::ShoeLost(m) => write!(f, "SHOE: {m}: check the shoe and its cable"),
        }
    }
}

/// Why the table stopped.
#[derive(Debug)]
pub enum RuntimeError {
    /// The hand log could not be written: the table does not deal without it.
    Log(LogError),
    /// The panel could not be read or its LEDs set.
    Panel(String),
    /// The shoe's thread ended.
    ShoeGone,
}

impl std::fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuntimeError::Log(e) => write!(
                f,
                "the hand log cannot be written ({e}): the table stops rather than deal without it"
            ),
            RuntimeError::Panel(e) => write!(f, "the button panel failed: {e}"),
            RuntimeError::ShoeGone => {
                f.write_str("the shoe's reader thread stopped: restart tablectl")
            }
        }
    }
}

impl std::error::Error for RuntimeError {}

impl From<LogError> for RuntimeError {
    fn from(e: LogError) -> Self {
        RuntimeError::Log(e)
    }
}

/// The table: the engine, the console, the deck map, the log.
pub struct Runtime<'a> {
    table: Table,
    console: Console,
    map: DeckMap,
    log: &'a mut HandLog,
}

impl<'a> Runtime<'a> {
    /// The table `table` (new, or rebuilt from `log`), dealing the deck of `map`.
    pub fn new(table: Table, map: DeckMap, log: &'a mut HandLog) -> Runtime<'a> {
        Runtime {
            table,
            console: Console::new(),
            map,
            log,
        }
    }

    /// The engine.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The amount being keyed, if any.
    pub fn keyed(&self) -> Option<u64> {
        self.console.keyed()
    }

    /// The seat whose LED is lit: the player to act.
    pub fn turn(&self) -> Option<SeatNo> {
        self.table.options().map(|o| o.seat)
    }

    /// A press on the panel: logged as pressed, then what it means.
    pub fn key(&mut self, event: KeyEvent) -> Result<Outcome, RuntimeError> {
        self.log.append(
            now_ms(),
            Record::KeyPress {
                key: event.key.to_string(),
                kind: event.kind.to_string(),
            },
        )?;
        match self.console.press(&self.table, event) {
            Ok(Press::Amount(v)) => Ok(Outcome::Amount(v)),
            Ok(Press::Cleared) => Ok(Outcome::Cleared),
            Ok(Press::Input(input)) => self.apply(input),
            Ok(Press::Pay) => self.pay(),
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// A message from the shoe: a read is logged as its frame, then dealt.
    pub fn shoe(&mut self, event: ShoeEvent) -> Result<Outcome, RuntimeError> {
        match event {
            ShoeEvent::Read(read) => {
                let mut frame = [0u8; 32];
                if let Ok(n) = read.emit(&mut frame) {
                    self.log.append(
                        now_ms(),
                        Record::RawShoeFrame {
                            bytes: frame[..n].to_vec(),
                        },
                    )?;
                }
                let outcome = match to_read(&self.map, &read) {
                    Ok(card) => self.apply(Input::Card(card)),
                    Err(e) => self.refuse(format!("{e} (tag {})", read.uid)),
                }?;
                Ok(match outcome {
                    Outcome::Refused(m) => Outcome::CardRefused(m),
                    other => other,
                })
            }
            ShoeEvent::Fault(f) => {
                self.log
                    .append(now_ms(), Record::Note { text: f.clone() })?;
                Ok(Outcome::ShoeFault(f))
            }
            ShoeEvent::Lost(why) => {
                let text = format!("shoe link lost: {why}");
                self.log.append(now_ms(), Record::Note { text })?;
                Ok(Outcome::ShoeLost(why))
            }
        }
    }

    /// A refusal that is not the engine's: logged as a note.
    fn refuse(&mut self, message: String) -> Result<Outcome, RuntimeError> {
        self.log.append(
            now_ms(),
            Record::Note {
                text: format!("refused: {message}"),
            },
        )?;
        Ok(Outcome::Refused(message))
    }

    /// One input through the engine, logged with its outcome. An uncontested pot is
    /// paid at once; a showdown waits for the dealer's ENTER.
    fn apply(&mut self, input: Input) -> Result<Outcome, RuntimeError> {
        let result = self.table.handle(input);
        self.log.append(now_ms(), Record::outcome(input, &result))?;
        match result {
            Ok(events) => {
                let mut events: Vec<Event> = events.iter().copied().collect();
                let uncontested = self.table.hand().is_some_and(|h| {
                    h.phase == firmware::Phase::Settling && h.in_hand().count() == 1
                });
                if uncontested {
                    if let Outcome::Accepted(more) = self.pay()? {
                        events.extend(more);
                    }
                }
                Ok(Outcome::Accepted(events))
            }
            Err(e) => Ok(Outcome::Refused(e.to_string())),
        }
    }

    /// Pays the pots, one logged input at a time (settle::next_payout).
    fn pay(&mut self) -> Result<Outcome, RuntimeError> {
        let mut events = Vec::new();
        loop {
            let input = match settle::next_payout(&self.table) {
                Ok(Some(input)) => input,
                Ok(None) => return Ok(Outcome::Accepted(events)),
                Err(e) => return self.refuse(format!("the pot cannot be paid: {e}")),
            };
            let result = self.table.handle(input);
            self.log.append(now_ms(), Record::outcome(input, &result))?;
            match result {
                Ok(ev) => events.extend(ev.iter().copied()),
                Err(e) => return Ok(Outcome::Refused(e.to_string())),
            }
        }
    }
}

/// The panel as the loop sees it: presses in, the turn shown on the seat LEDs.
pub trait Panel {
    /// The presses recognised by `now_ms` (the loop's clock).
    fn scan(&mut self, now_ms: u64) -> Result<Vec<KeyEvent>, String>;
    /// Lights the LED of `seat` (only that one), or none.
    fn show_turn(&mut self, seat: Option<SeatNo>) -> Result<(), String>;
}

/// Runs the table until `stop` is set: scans `panel`, takes what the shoe sent, and
/// reports each outcome with the table after it (for the display).
pub fn run(
    rt: &mut Runtime<'_>,
    panel: &mut dyn Panel,
    shoe: &Receiver<ShoeEvent>,
    stop: &AtomicBool,
    clock: &mut dyn FnMut() -> u64,
    report: &mut dyn FnMut(&Table, &Outcome),
) -> Result<(), RuntimeError> {
    let mut lit = None;
    panel.show_turn(lit).map_err(RuntimeError::Panel)?;
    while !stop.load(Ordering::Relaxed) {
        for press in panel.scan(clock()).map_err(RuntimeError::Panel)? {
            let outcome = rt.key(press)?;
            report(&rt.table, &outcome);
        }
        match shoe.recv_timeout(Duration::from_millis(SCAN_MS)) {
            Ok(event) => {
                let outcome = rt.shoe(event)?;
                report(&rt.table, &outcome);
            }
            Err(RecvTimeoutError::Timeout) => {}
            // The shoe's thread ends when told to stop; otherwise it died.
            Err(RecvTimeoutError::Disconnected) if stop.load(Ordering::Relaxed) => break,
            Err(RecvTimeoutError::Disconnected) => return Err(RuntimeError::ShoeGone),
        }
        if rt.turn() != lit {
            lit = rt.turn();
            panel.show_turn(lit).map_err(RuntimeError::Panel)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
