//! The table at work: panel presses and shoe reads in; the engine, the hand log and
//! the seat LEDs out. `tablectl run --config table.toml` runs it on the Raspberry Pi
//! ([`pi`]); the tests run the same loop on the simulated panel and shoe.
//!
//! Each press and each shoe read goes to the table's [`TableSession`]: the press
//! through the firmware's console (what the key means now), the read through the deck
//! map; the session applies the input, logs it with the raw press or frame beside it,
//! and only then shows it. A refused press or read changes nothing and is logged as
//! refused, with the message the dealer sees. If the log cannot be written the table
//! stops: it never deals without a working log.
//!
//! The shoe's link is host-driven and blocks while it polls, so it runs on its own
//! thread ([`spawn_shoe`]) and hands reads to the loop over a channel; the loop scans
//! the panel every [`SCAN`].

pub mod config;
#[cfg(feature = "pi")]
pub mod pi;

use super::table::TableSession;
pub use super::table::{Outcome, Refusal, ShoeEvent};
use crate::records::handlog::LogError;
use firmware::buttons::KeyEvent;
use firmware::deck::{DeckMap, TagUid};
use firmware::time::Instant;
use firmware::SeatNo;
use hardware::link::{open_serial, LinkFault, LinkSettings, ShoeLink, ShoePort};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

/// How often the panel is scanned: well inside the debouncer's 20 ms.
pub const SCAN: Duration = Duration::from_millis(2);
/// How long one poll of the shoe waits for a card before the thread checks for stop.
const SHOE_POLL: Duration = Duration::from_millis(250);

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
            Ok(received) if resting == Some(received.read.uid) => None,
            Ok(received) => {
                resting = Some(received.read.uid);
                Some(ShoeEvent::Read(received))
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

/// Why the table stopped.
#[derive(Debug)]
pub enum RuntimeError {
    /// The hand log could not be written: the table does not deal without it.
    Log(LogError),
    /// The panel could not be read or its LEDs set.
    Panel(PanelError),
    /// The shoe's thread ended.
    ShoeGone,
}

impl std::fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuntimeError::Log(e) => super::table::log_stops_the_table(f, e),
            RuntimeError::Panel(e) => write!(f, "the button panel failed: {e}"),
            RuntimeError::ShoeGone => {
                f.write_str("the shoe's reader thread stopped: restart tablectl")
            }
        }
    }
}

/// The log's or the panel's fault, kept whole.
impl std::error::Error for RuntimeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RuntimeError::Log(e) => Some(e),
            RuntimeError::Panel(e) => Some(e),
            RuntimeError::ShoeGone => None,
        }
    }
}

impl From<LogError> for RuntimeError {
    fn from(e: LogError) -> Self {
        RuntimeError::Log(e)
    }
}

/// The table at work on its panel and shoe: a [`TableSession`] that reads the shoe's
/// tags with the table's deck map and pays an uncontested pot at once.
pub type Runtime<'a> = TableSession<'a>;

/// `session` (a new table, or one rebuilt from its log) on its devices: dealing the
/// deck of `map`, paying an uncontested pot at once.
pub fn on_devices(session: TableSession<'_>, map: DeckMap) -> Runtime<'_> {
    session.with_deck(map).paying_uncontested()
}

/// The panel as the loop sees it: presses in, the turn shown on the seat LEDs.
pub trait Panel {
    /// The presses recognised by `now` (the loop's clock).
    fn scan(&mut self, now: Instant) -> Result<Vec<KeyEvent>, PanelError>;
    /// Lights the LED of `seat` (only that one), or none.
    fn show_turn(&mut self, seat: Option<SeatNo>) -> Result<(), PanelError>;
    /// The key held down far past any press as of the last scan
    /// ([`firmware::buttons::ButtonPanel::stuck`]), or none.
    fn stuck(&self) -> Option<firmware::buttons::Key> {
        None
    }
}

/// Why the panel could not be read or its LEDs set.
#[derive(Debug)]
pub enum PanelError {
    /// The key matrix's pins could not be sampled.
    Matrix(hardware::matrix::MatrixError),
    /// The firmware's panel refused the scan or the LEDs.
    Buttons(firmware::buttons::ButtonError),
}

impl std::fmt::Display for PanelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PanelError::Matrix(e) => write!(f, "{e}"),
            PanelError::Buttons(e) => write!(f, "{e}"),
        }
    }
}

/// The key matrix's or the buttons' fault, kept whole.
impl std::error::Error for PanelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PanelError::Matrix(e) => Some(e),
            PanelError::Buttons(e) => Some(e),
        }
    }
}

/// Runs the table until `stop` is set: scans `panel` and takes what the shoe sent;
/// the session's observers see each outcome.
pub fn run(
    rt: &mut Runtime<'_>,
    panel: &mut dyn Panel,
    shoe: &Receiver<ShoeEvent>,
    stop: &AtomicBool,
    clock: &mut dyn FnMut() -> Instant,
) -> Result<(), RuntimeError> {
    let mut lit = None;
    panel.show_turn(lit).map_err(RuntimeError::Panel)?;
    while !stop.load(Ordering::Relaxed) {
        for press in panel.scan(clock()).map_err(RuntimeError::Panel)? {
            rt.key(press)?;
        }
        rt.stuck(panel.stuck());
        match shoe.recv_timeout(SCAN) {
            Ok(event) => {
                rt.shoe(event)?;
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
