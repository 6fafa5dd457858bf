//! The controller's side of the shoe's serial link: PN532 commands out, checked frames
//! in, every fault reported, no card ever invented, lost or delivered twice.
//!
//! Before working on this file, read `hardware/docs/shoe-protocol.md`.
//!
//! The link is host-driven, like any PN532 host: it sends a command, expects the
//! reader's ACK, then the answer. [`ShoeLink::read_card`] runs the exchange
//!
//! ```text
//! 1. GetFirmwareVersion   D4 02      -> ACK, D5 03 ..     (the sync: see below)
//! 2. InListPassiveTarget  D4 4A 01 00 -> ACK, D5 4B ..    (repeated while no card)
//! ```
//!
//! and returns the first card read that came as the answer to its own command.
//!
//! Guarantees, and how they are kept:
//!
//! - **No invented card.** Bytes go through the firmware's [`FrameDecoder`]: only a
//!   frame with both checksums, its postamble and consistent contents becomes a
//!   message. Anything else is a [`Fault::Frame`] report.
//! - **Nothing delivered twice.** A card read is taken only when it answers the
//!   command in flight: after that command's ACK. Every call starts with a *sync*: a
//!   GetFirmwareVersion command whose answer (`D5 03`) cannot be confused with a
//!   card read. The reader answers commands in order, so once the sync's answer is in,
//!   every frame left over from earlier calls (a duplicated answer, a late answer to
//!   a command given up on, the answers to a duplicated command) has gone by; each
//!   was discarded and reported as [`Fault::Unexpected`]. A read taken after the sync
//!   is a read of the antenna during this call.
//! - **Nothing lost.** A damaged, missing or refused answer is reported and the
//!   command sent again (a re-read), up to [`LinkSettings::max_retries`] faulty
//!   exchanges in a row; then [`LinkFault::Unreliable`] or [`LinkFault::Silent`]
//!   tells the dealer to re-read the card, which is still in his hand.
//! - **Every fault reported.** Each one becomes a [`FaultReport`] (logged with
//!   `log::warn!`, counted in [`FaultCounts`], and queued for
//!   [`ShoeLink::take_faults`]), naming the command it happened under.
//!
//! The link never reads a clock of its own: time comes from [`ShoePort::now`], so
//! a simulated port ([`crate::sim::Loopback`]) can run thousands of hands in virtual
//! time through exactly this code.

use crate::cause::Cause;
use firmware::shoe::{
    encode_frame, CardRead, Decoded, FrameDecoder, LinkConfig, ShoeError, ShoeMessage,
    CMD_IN_LIST_PASSIVE_TARGET, RSP_IN_LIST_PASSIVE_TARGET, TFI_TO_READER,
};
/// Which antenna read a card, and the read it gives the engine: the firmware's, where
/// the one mapping of antennas to burns lives; here for the link's users.
pub use firmware::shoe::{to_read, Antenna};
use firmware::time::Instant;
use std::collections::VecDeque;
use std::fmt;
use std::io;
use std::sync::OnceLock;
use std::time::Duration;

/// PN532 commands the link sends, beyond InListPassiveTarget (UM0701-02 §7).
pub mod pn532 {
    /// GetFirmwareVersion: the link's sync command. Answer `D5 03 IC Ver Rev Support`.
    pub const CMD_GET_FIRMWARE_VERSION: u8 = 0x02;
    /// SAMConfiguration: sent at start, `D4 14 01 14 01` (normal mode, no SAM).
    pub const CMD_SAM_CONFIGURATION: u8 = 0x14;
    /// RFConfiguration: sent at start with item 5 (MaxRetries).
    pub const CMD_RF_CONFIGURATION: u8 = 0x32;
    /// SAMConfiguration's data: normal mode, timeout 1 s, use the IRQ pin.
    pub const SAM_CONFIGURATION: [u8; 4] = [CMD_SAM_CONFIGURATION, 0x01, 0x14, 0x01];
    /// RFConfiguration item 5: MxRtyATR = FF, MxRtyPSL = 01, MxRtyPassiveActivation
    /// = 0x10 (finite: an empty slot is answered with "no card" instead of silence).
    pub const RF_MAX_RETRIES: [u8; 5] = [CMD_RF_CONFIGURATION, 0x05, 0xFF, 0x01, 0x10];
    /// GetFirmwareVersion's data.
    pub const GET_FIRMWARE_VERSION: [u8; 1] = [CMD_GET_FIRMWARE_VERSION];
    /// InListPassiveTarget for one ISO 14443-A target at 106 kbps.
    pub const IN_LIST_PASSIVE_TARGET: [u8; 3] = [super::CMD_IN_LIST_PASSIVE_TARGET, 0x01, 0x00];
    /// The HSU wake-up: a long preamble the PN532 needs after power-up before the
    /// first command (it is not a frame, and the reader does not answer it).
    pub const WAKE_UP: [u8; 16] = [
        0x55, 0x55, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00,
    ];
}

/// The process's monotonic clock, counted from its first reading (the default
/// [`ShoePort::now`]).
pub fn monotonic() -> Instant {
    static EPOCH: OnceLock<std::time::Instant> = OnceLock::new();
    let epoch = EPOCH.get_or_init(std::time::Instant::now);
    Instant::ZERO + epoch.elapsed()
}

/// A byte link to the shoe's reader: a serial port, a pseudo-terminal, or the bench's
/// in-memory [`crate::sim::Loopback`].
pub trait ShoePort {
    /// Writes all of `bytes`.
    fn send(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// Reads what has arrived into `buf`, waiting at most `wait` for the first byte.
    /// `Ok(0)` when nothing came in time.
    fn recv(&mut self, buf: &mut [u8], wait: Duration) -> io::Result<usize>;
    /// The time (monotonic): the process's clock by default; a simulated port may
    /// run its own.
    fn now(&self) -> Instant {
        monotonic()
    }
}

fn serial_recv<S: serialport::SerialPort + ?Sized>(
    port: &mut S,
    buf: &mut [u8],
    wait: Duration,
) -> io::Result<usize> {
    let wait = wait.max(Duration::from_millis(1));
    if port.timeout() != wait {
        port.set_timeout(wait).map_err(io::Error::from)?;
    }
    match port.read(buf) {
        Ok(n) => Ok(n),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
            ) =>
        {
            Ok(0)
        }
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(0),
        Err(e) => Err(e),
    }
}

fn serial_send<S: serialport::SerialPort + ?Sized>(port: &mut S, bytes: &[u8]) -> io::Result<()> {
    port.write_all(bytes)
}

impl ShoePort for Box<dyn serialport::SerialPort> {
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        serial_send(self.as_mut(), bytes)
    }
    fn recv(&mut self, buf: &mut [u8], wait: Duration) -> io::Result<usize> {
        serial_recv(self.as_mut(), buf, wait)
    }
}

#[cfg(unix)]
impl ShoePort for serialport::TTYPort {
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        serial_send(self, bytes)
    }
    fn recv(&mut self, buf: &mut [u8], wait: Duration) -> io::Result<usize> {
        serial_recv(self, buf, wait)
    }
}

impl<P: ShoePort + ?Sized> ShoePort for &mut P {
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        (**self).send(bytes)
    }
    fn recv(&mut self, buf: &mut [u8], wait: Duration) -> io::Result<usize> {
        (**self).recv(buf, wait)
    }
    fn now(&self) -> Instant {
        (**self).now()
    }
}

/// Timing and retries of the link. `#[non_exhaustive]`: start from
/// `LinkSettings::default()` (a real PN532) or [`LinkSettings::bench`].
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkSettings {
    /// How long to wait for the reader's ACK after a command. Default 30 ms (the
    /// PN532 ACKs within about 1 ms; the command and ACK take 1.5 ms at 115200 baud).
    pub ack_timeout: Duration,
    /// How long to wait for the answer after the ACK. Default 300 ms: the reader's
    /// search with MxRtyPassiveActivation = 0x10 ends well within it.
    pub response_timeout: Duration,
    /// Faulty exchanges in a row before a call gives up. Default 16.
    pub max_retries: u32,
    /// The decoder's byte gap: a pause inside a frame longer than this drops it as
    /// truncated. Default 20 ms.
    pub byte_gap: Duration,
    /// Send the HSU wake-up preamble before the setup commands. Default on.
    pub wake_up: bool,
}

impl LinkSettings {
    /// The defaults for a real PN532 at 115200 baud.
    pub const fn new() -> LinkSettings {
        LinkSettings {
            ack_timeout: Duration::from_millis(30),
            response_timeout: Duration::from_millis(300),
            max_retries: 16,
            byte_gap: Duration::from_millis(20),
            wake_up: true,
        }
    }

    /// Short timeouts for the bench's simulated shoe on a pseudo-terminal, which
    /// answers at once: ACK 25 ms, answer 25 ms, byte gap 10 ms.
    pub const fn bench() -> LinkSettings {
        LinkSettings {
            ack_timeout: Duration::from_millis(25),
            response_timeout: Duration::from_millis(25),
            max_retries: 16,
            byte_gap: Duration::from_millis(10),
            wake_up: true,
        }
    }
}

impl Default for LinkSettings {
    fn default() -> LinkSettings {
        LinkSettings::new()
    }
}

/// One fault on the link. None of them is ever a card: the frame is dropped and the
/// command repeated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Bytes from the shoe failed the frame checks: noise, a bad checksum, a frame
    /// cut short, a malformed or oversize frame, several cards at once.
    Frame(ShoeError),
    /// No ACK in time: the command or the ACK was lost (or damaged).
    NoAck,
    /// The ACK came but no answer in time: the answer was lost (or damaged).
    NoResponse,
    /// A valid frame that answers no command in flight (a duplicated or late frame, or
    /// an answer whose ACK was lost): discarded.
    Unexpected(ShoeMessage),
    /// The reader sent its error frame: it could not parse the command.
    ReaderError,
    /// The reader sent a NACK.
    ReaderNack,
    /// A card read from a target number that is neither antenna.
    UnknownTarget(u8),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Frame(e) => write!(f, "{e}"),
            Fault::NoAck => f.write_str(
                "The shoe did not acknowledge a command: the command was sent again; \
                 if this repeats, check the shoe's cable",
            ),
            Fault::NoResponse => f.write_str(
                "The shoe's answer never came: the card is read again; \
                 if this repeats, check the shoe's cable",
            ),
            Fault::Unexpected(m) => write!(
                f,
                "A stale or duplicated frame from the shoe ({}) was discarded",
                describe(m)
            ),
            Fault::ReaderError => f.write_str(
                "The shoe's reader could not parse a command and said so: it was sent again",
            ),
            Fault::ReaderNack => {
                f.write_str("The shoe's reader asked for a command again: it was sent again")
            }
            Fault::UnknownTarget(tg) => write!(
                f,
                "The shoe reported a card on antenna {tg}, which it does not have: \
                 the card is read again; check the reader's configuration"
            ),
        }
    }
}

/// A short name of a message, for reports.
pub fn describe(m: &ShoeMessage) -> String {
    match m {
        ShoeMessage::Ack => "ACK".into(),
        ShoeMessage::Nack => "NACK".into(),
        ShoeMessage::ErrorFrame => "error frame".into(),
        ShoeMessage::CardRead(r) => format!("card read {} on target {}", r.uid, r.target),
        ShoeMessage::NoCard => "no card".into(),
        ShoeMessage::Response { code } => format!("answer {code:02X}"),
        ShoeMessage::Command { code } => format!("command {code:02X}"),
    }
}

/// A fault and when it happened: under which command (the link's count of commands
/// sent, from 1, and the command code) and at what time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaultReport {
    /// The number of the command in flight (commands are counted from 1).
    pub seq: u64,
    /// Its command code (`4A` InListPassiveTarget, `02` the sync, `14`, `32` setup).
    pub command: u8,
    /// [`ShoePort::now`] when the fault was seen.
    pub at: Instant,
    /// The fault.
    pub fault: Fault,
}

impl fmt::Display for FaultReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "shoe: command #{} ({:02X}) at {} ms: {}",
            self.seq,
            self.command,
            self.at.total_millis(),
            self.fault
        )
    }
}

/// Faults counted by kind since the link started. Never reset, never lost (the
/// queue of reports is bounded; the counts are not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaultCounts {
    /// [`Fault::Frame`] other than garbage.
    pub damaged: u64,
    /// [`Fault::Frame`] of [`ShoeError::Garbage`].
    pub garbage: u64,
    /// [`Fault::NoAck`].
    pub no_ack: u64,
    /// [`Fault::NoResponse`].
    pub no_response: u64,
    /// [`Fault::Unexpected`].
    pub unexpected: u64,
    /// [`Fault::ReaderError`] and [`Fault::ReaderNack`].
    pub refused: u64,
    /// [`Fault::UnknownTarget`].
    pub unknown_target: u64,
}

impl FaultCounts {
    /// All faults.
    pub const fn total(&self) -> u64 {
        self.damaged
            + self.garbage
            + self.no_ack
            + self.no_response
            + self.unexpected
            + self.refused
            + self.unknown_target
    }

    fn count(&mut self, fault: &Fault) {
        let slot = match fault {
            Fault::Frame(ShoeError::Garbage { .. }) => &mut self.garbage,
            Fault::Frame(_) => &mut self.damaged,
            Fault::NoAck => &mut self.no_ack,
            Fault::NoResponse => &mut self.no_response,
            Fault::Unexpected(_) => &mut self.unexpected,
            Fault::ReaderError | Fault::ReaderNack => &mut self.refused,
            Fault::UnknownTarget(_) => &mut self.unknown_target,
        };
        *slot = slot.saturating_add(1);
    }
}

/// Why a call on the link returned no card. Each says what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkFault {
    /// The reader answered, but the slot stayed empty for the whole time given. Not
    /// a fault of the link: there was no card to read.
    NoCard,
    /// No valid frame came from the shoe during the call.
    Silent {
        /// How long the call waited.
        waited: Duration,
    },
    /// Frames came, but this many exchanges in a row failed.
    Unreliable {
        /// Faulty exchanges in a row.
        faults: u32,
    },
    /// The serial port failed (unplugged adapter, closed pseudo-terminal).
    Io(io::ErrorKind),
    /// The serial port could not be opened.
    Open {
        /// The port's path.
        path: String,
        /// What the system said, its error kept whole.
        reason: Cause,
    },
}

impl fmt::Display for LinkFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkFault::NoCard => f.write_str("No card at the shoe's antennas"),
            LinkFault::Silent { waited } => write!(
                f,
                "No answer from the shoe for {} ms: check that the shoe is powered \
                 and its cable is plugged in, then re-read the card",
                waited.as_millis()
            ),
            LinkFault::Unreliable { faults } => write!(
                f,
                "The shoe's line failed {faults} times in a row: re-read the card; \
                 if this repeats, check the shoe's cable and its ground"
            ),
            LinkFault::Io(kind) => write!(
                f,
                "The shoe's serial port failed ({kind}): check the shoe's USB cable"
            ),
            LinkFault::Open { path, reason } => write!(
                f,
                "Cannot open the shoe's serial port {path}: {reason}; check the cable and \
                 the udev rule (hardware/udev/99-table-shoe.rules)"
            ),
        }
    }
}

/// The serial port's error, kept whole.
impl std::error::Error for LinkFault {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LinkFault::Open { reason, .. } => reason.error(),
            _ => None,
        }
    }
}

impl From<io::Error> for LinkFault {
    fn from(e: io::Error) -> LinkFault {
        LinkFault::Io(e.kind())
    }
}

/// Reports kept for [`ShoeLink::take_faults`]; older ones are dropped (and counted in
/// [`ShoeLink::reports_dropped`]) if nobody takes them.
pub const MAX_QUEUED_REPORTS: usize = 65_536;

type Outcome = Result<ShoeMessage, ShoeError>;

/// A card read with the bytes of the frame that carried it, exactly as the shoe sent
/// them: the hand log keeps these bytes (PD-RFID), not a frame rebuilt from the read
/// (which would lose what the read does not keep, such as a tag's ATS).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// The checked read.
    pub read: CardRead,
    /// The frame's bytes, start code to postamble.
    pub frame: Vec<u8>,
}

impl Received {
    /// A read with the frame a reader sends for it, encoded here: for simulations and
    /// tests that have no wire.
    pub fn encoded(read: CardRead) -> Received {
        let mut buf = [0u8; firmware::shoe::FRAME_BUF_LEN];
        let n = read.emit(&mut buf).unwrap_or(0);
        Received {
            read,
            frame: buf.get(..n).unwrap_or_default().to_vec(),
        }
    }
}

/// The controller's end of the shoe link. See the module docs.
#[derive(Debug)]
pub struct ShoeLink<P: ShoePort> {
    port: P,
    settings: LinkSettings,
    decoder: FrameDecoder,
    /// Decoded outcomes not yet taken, each card read with its frame's bytes.
    pending: VecDeque<(Outcome, Vec<u8>)>,
    /// The bytes of the frame behind the last card read taken from `pending`.
    last_frame: Vec<u8>,
    seq: u64,
    command: u8,
    counts: FaultCounts,
    reports: VecDeque<FaultReport>,
    reports_dropped: u64,
    valid_frames: u64,
    buf: Vec<u8>,
}

/// Opens the shoe's serial port at 115200 8N1 and starts the link on it
/// ([`ShoeLink::start`]). The real table and the bench's simulated shoe (whose
/// pseudo-terminal has a path too) both come through here.
pub fn open_serial(
    path: &str,
    settings: LinkSettings,
) -> Result<ShoeLink<Box<dyn serialport::SerialPort>>, LinkFault> {
    let port = serialport::new(path, 115_200)
        .data_bits(serialport::DataBits::Eight)
        .parity(serialport::Parity::None)
        .stop_bits(serialport::StopBits::One)
        .flow_control(serialport::FlowControl::None)
        .timeout(Duration::from_millis(10))
        .open()
        .map_err(|e| LinkFault::Open {
            path: path.to_owned(),
            reason: Cause::of(e),
        })?;
    ShoeLink::start(port, settings)
}

impl<P: ShoePort> ShoeLink<P> {
    /// A link on `port` that has sent nothing yet. [`ShoeLink::start`] also sets the
    /// reader up; use this one for a reader already set up.
    pub fn new(port: P, settings: LinkSettings) -> ShoeLink<P> {
        let mut config = LinkConfig::new();
        config.byte_gap = settings.byte_gap.into();
        // The link judges silence itself, per call (LinkFault::Silent): the decoder's
        // own timer would also count the time nobody was polling.
        config.silence = firmware::time::Duration::MAX / 4;
        let now = port.now();
        ShoeLink {
            port,
            settings,
            decoder: FrameDecoder::new(config, now),
            pending: VecDeque::new(),
            last_frame: Vec::new(),
            seq: 0,
            command: 0,
            counts: FaultCounts::default(),
            reports: VecDeque::new(),
            reports_dropped: 0,
            valid_frames: 0,
            buf: vec![0u8; 256],
        }
    }

    /// A link on `port`, with the reader woken and set up ([`ShoeLink::setup`]).
    pub fn start(port: P, settings: LinkSettings) -> Result<ShoeLink<P>, LinkFault> {
        let mut link = ShoeLink::new(port, settings);
        link.setup()?;
        Ok(link)
    }

    /// Wakes the PN532 (HSU preamble) and sends SAMConfiguration (normal mode) and
    /// RFConfiguration MaxRetries with a finite MxRtyPassiveActivation, so an empty
    /// slot is answered with "no card" rather than silence.
    pub fn setup(&mut self) -> Result<(), LinkFault> {
        if self.settings.wake_up {
            self.port.send(&pn532::WAKE_UP)?;
        }
        let start = self.port.now();
        let frames = self.valid_frames;
        let mut faulty = 0;
        for data in [&pn532::SAM_CONFIGURATION[..], &pn532::RF_MAX_RETRIES[..]] {
            self.command_with_retries(data, &mut faulty, frames, start)?;
        }
        Ok(())
    }

    /// Reads one card: syncs, then polls (InListPassiveTarget) until a card is read
    /// or `timeout` has passed with the slot empty ([`LinkFault::NoCard`]).
    ///
    /// A faulty exchange is reported and the poll repeated; after
    /// [`LinkSettings::max_retries`] faulty exchanges in a row the call gives up
    /// ([`LinkFault::Unreliable`], or [`LinkFault::Silent`] if nothing valid came at
    /// all). Faults do not stop at `timeout`: the call may take up to `max_retries`
    /// exchange timeouts longer. At least one poll is made, even with a zero timeout.
    pub fn read_card(&mut self, timeout: Duration) -> Result<Received, LinkFault> {
        let start = self.port.now();
        let deadline = start + timeout;
        let frames = self.valid_frames;
        let mut faulty = 0;
        self.command_with_retries(&pn532::GET_FIRMWARE_VERSION, &mut faulty, frames, start)?;
        loop {
            match self.exchange(&pn532::IN_LIST_PASSIVE_TARGET)? {
                Some(ShoeMessage::CardRead(read)) => {
                    if Antenna::from_target(read.target).is_some() {
                        let frame = std::mem::take(&mut self.last_frame);
                        return Ok(Received { read, frame });
                    }
                    self.report(Fault::UnknownTarget(read.target));
                    faulty += 1;
                }
                Some(ShoeMessage::NoCard) => {
                    faulty = 0;
                    if self.port.now() >= deadline {
                        return Err(LinkFault::NoCard);
                    }
                }
                Some(_) | None => faulty += 1,
            }
            if faulty >= self.settings.max_retries.max(1) {
                return Err(self.give_up(faulty, frames, start));
            }
        }
    }

    /// Reads what the shoe sends for `quiet` (until the line has been quiet that
    /// long), reporting every frame as [`Fault::Unexpected`]: nothing is in flight.
    /// Use it before closing the link, so nothing left on the line goes unreported.
    pub fn drain(&mut self, quiet: Duration) -> Result<(), LinkFault> {
        loop {
            let deadline = self.port.now() + quiet;
            let Some(outcome) = self.next_outcome(deadline)? else {
                return Ok(());
            };
            match outcome {
                Ok(m) => {
                    self.valid_frames += 1;
                    self.report(Fault::Unexpected(m));
                }
                Err(e) => self.report(Fault::Frame(e)),
            }
        }
    }

    /// The fault reports since the last call, oldest first.
    pub fn take_faults(&mut self) -> Vec<FaultReport> {
        self.reports.drain(..).collect()
    }

    /// Faults counted by kind since the link started.
    pub const fn fault_counts(&self) -> FaultCounts {
        self.counts
    }

    /// Reports dropped from the queue because nobody took them (the counts still
    /// include them).
    pub const fn reports_dropped(&self) -> u64 {
        self.reports_dropped
    }

    /// Commands sent since the link started (setup and syncs included).
    pub const fn commands_sent(&self) -> u64 {
        self.seq
    }

    /// The settings.
    pub const fn settings(&self) -> LinkSettings {
        self.settings
    }

    /// The port.
    pub fn port(&self) -> &P {
        &self.port
    }

    /// The port, mutably.
    pub fn port_mut(&mut self) -> &mut P {
        &mut self.port
    }

    /// Gives the port back.
    pub fn into_port(self) -> P {
        self.port
    }

    fn give_up(&self, faults: u32, frames_before: u64, start: Instant) -> LinkFault {
        if self.valid_frames == frames_before {
            LinkFault::Silent {
                waited: (self.port.now() - start).to_std(),
            }
        } else {
            LinkFault::Unreliable { faults }
        }
    }

    /// Sends `data` until it gets its answer, counting faulty exchanges in `faulty`.
    fn command_with_retries(
        &mut self,
        data: &[u8],
        faulty: &mut u32,
        frames_before: u64,
        start: Instant,
    ) -> Result<ShoeMessage, LinkFault> {
        loop {
            if let Some(answer) = self.exchange(data)? {
                return Ok(answer);
            }
            *faulty += 1;
            if *faulty >= self.settings.max_retries.max(1) {
                return Err(self.give_up(*faulty, frames_before, start));
            }
        }
    }

    /// One exchange: sends the command `data`, expects the ACK, then the answer (whose
    /// code is the command's + 1). `Ok(None)` when the exchange failed (reported).
    fn exchange(&mut self, data: &[u8]) -> Result<Option<ShoeMessage>, LinkFault> {
        let code = data.first().copied().unwrap_or(0);
        let expect = code.wrapping_add(1);
        let mut frame = [0u8; 64];
        let n = encode_frame(TFI_TO_READER, data, &mut frame)
            .map_err(|_| LinkFault::Io(io::ErrorKind::InvalidInput))?;
        self.seq += 1;
        self.command = code;
        log::trace!("shoe: command #{} {:02X}", self.seq, code);
        self.port.send(frame.get(..n).unwrap_or(&frame))?;
        let mut acked = false;
        let mut damaged = false;
        let mut deadline = self.port.now() + self.settings.ack_timeout;
        loop {
            let Some(outcome) = self.next_outcome(deadline)? else {
                self.report(if acked {
                    Fault::NoResponse
                } else {
                    Fault::NoAck
                });
                return Ok(None);
            };
            let msg = match outcome {
                Ok(msg) => msg,
                Err(e) => {
                    self.report(Fault::Frame(e));
                    // Noise between frames may come before a good answer; a damaged
                    // frame after the ACK was the answer.
                    if !matches!(e, ShoeError::Garbage { .. }) {
                        damaged = true;
                        if acked {
                            return Ok(None);
                        }
                    }
                    continue;
                }
            };
            self.valid_frames += 1;
            match msg {
                ShoeMessage::Ack if !acked => {
                    acked = true;
                    deadline = self.port.now() + self.settings.response_timeout;
                }
                ShoeMessage::ErrorFrame => {
                    self.report(Fault::ReaderError);
                    return Ok(None);
                }
                ShoeMessage::Nack => {
                    self.report(Fault::ReaderNack);
                    return Ok(None);
                }
                m if acked && answer_code(&m) == Some(expect) => return Ok(Some(m)),
                m => {
                    self.report(Fault::Unexpected(m));
                    // Our answer without its ACK, after a damaged frame: the ACK was
                    // the damaged one. Ask again now rather than wait.
                    if !acked && damaged && answer_code(&m) == Some(expect) {
                        return Ok(None);
                    }
                }
            }
        }
    }

    /// The next decoded outcome, waiting until `deadline` (port time); `None` if the
    /// deadline passed first.
    fn next_outcome(&mut self, deadline: Instant) -> Result<Option<Outcome>, LinkFault> {
        loop {
            if let Some((o, frame)) = self.pending.pop_front() {
                self.last_frame = frame;
                return Ok(Some(o));
            }
            let now = self.port.now();
            if self.decoder.poll_at().is_some_and(|t| t <= now) {
                decode_into(&mut self.pending, self.decoder.poll(now));
                if !self.pending.is_empty() {
                    continue;
                }
            }
            if now >= deadline {
                return Ok(None);
            }
            let until = self
                .decoder
                .poll_at()
                .map_or(deadline, |t| t.min(deadline))
                .max(now + firmware::time::Duration::from_millis(1));
            let wait = (until - now).to_std();
            let n = self.port.recv(&mut self.buf, wait)?;
            if n > 0 {
                let now = self.port.now();
                let bytes = self.buf.get(..n).unwrap_or(&[]);
                decode_into(&mut self.pending, self.decoder.feed(now, bytes));
            }
        }
    }

    fn report(&mut self, fault: Fault) {
        let report = FaultReport {
            seq: self.seq,
            command: self.command,
            at: self.port.now(),
            fault,
        };
        log::warn!("{report}");
        self.counts.count(&fault);
        if self.reports.len() >= MAX_QUEUED_REPORTS {
            self.reports.pop_front();
            self.reports_dropped += 1;
        }
        self.reports.push_back(report);
    }
}

/// Queues what the decoder found, each card read with its frame's bytes (the only
/// frames anyone keeps: the many ACKs and answers of a read are not copied).
fn decode_into(pending: &mut VecDeque<(Outcome, Vec<u8>)>, mut decoded: Decoded<'_, '_>) {
    while let Some(outcome) = decoded.next() {
        let frame = match outcome {
            Ok(ShoeMessage::CardRead(_)) => decoded.frame().to_vec(),
            _ => Vec::new(),
        };
        pending.push_back((outcome, frame));
    }
}

/// The answer code of a message from the reader (the command code + 1).
fn answer_code(m: &ShoeMessage) -> Option<u8> {
    match m {
        ShoeMessage::CardRead(_) | ShoeMessage::NoCard => Some(RSP_IN_LIST_PASSIVE_TARGET),
        ShoeMessage::Response { code } => Some(*code),
        _ => None,
    }
}

// The command code the link polls with, checked against the firmware's.
const _: () = assert!(pn532::IN_LIST_PASSIVE_TARGET[0] == CMD_IN_LIST_PASSIVE_TARGET);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{FaultRates, Faulty, Loopback, SimConfig, SimDealer, SimShoe, Traced};
    use firmware::deck::DeckKind;
    use firmware::shoe::ACK_FRAME;
    use firmware::Read;

    type Sim = Traced<Faulty<SimShoe>>;

    fn bench(
        to_reader: FaultRates,
        from_reader: FaultRates,
        seed: u64,
    ) -> (ShoeLink<Loopback<Sim>>, SimDealer) {
        let (shoe, handle) = SimShoe::new(SimConfig::default());
        let reader = Traced::new(Faulty::both_ways(shoe, to_reader, from_reader, seed));
        let link = ShoeLink::start(Loopback::new(reader), LinkSettings::bench()).unwrap();
        (link, SimDealer::new(handle, DeckKind::Standard52, 7, seed))
    }

    #[test]
    fn reads_a_deck_cleanly_and_reports_nothing() {
        let (mut link, mut dealer) = bench(FaultRates::NONE, FaultRates::NONE, 1);
        let map = dealer.deck_map();
        let order = dealer.order().to_vec();
        let mut got = Vec::new();
        while let Some(card) = dealer.present_next(Antenna::Exit) {
            let got_read = link.read_card(Duration::from_millis(100)).unwrap();
            assert_eq!(got_read, Received::encoded(got_read.read), "the bytes sent");
            assert_eq!(to_read(&map, &got_read.read).unwrap(), Read::card(card));
            got.push(card);
            dealer.remove();
        }
        assert_eq!(got, order);
        assert_eq!(
            link.read_card(Duration::from_millis(50)),
            Err(LinkFault::NoCard)
        );
        link.drain(Duration::from_millis(50)).unwrap();
        assert_eq!(link.fault_counts().total(), 0, "{:?}", link.take_faults());
    }

    #[test]
    fn harsh_faults_both_ways_lose_double_or_invent_nothing() {
        let rates = FaultRates {
            truncate_ppm: 50_000,
            noise_ppm: 50_000,
            ..FaultRates::percent(15, 15, 15)
        };
        let (mut link, mut dealer) = bench(FaultRates::percent(10, 10, 10), rates, 3);
        let map = dealer.deck_map();
        for hand in 0..40 {
            dealer.shuffle();
            let order = dealer.order().to_vec();
            let mut got = Vec::new();
            for (i, _) in order.iter().enumerate() {
                let antenna = if i % 5 == 4 {
                    Antenna::Burn
                } else {
                    Antenna::Exit
                };
                let card = dealer.present_next(antenna).unwrap();
                let read = loop {
                    match link.read_card(Duration::from_millis(100)) {
                        Ok(r) => break r,
                        Err(LinkFault::Unreliable { .. } | LinkFault::Silent { .. }) => continue,
                        Err(e) => panic!("hand {hand}: {e}"),
                    }
                };
                // The bytes handed up are a good frame, and the one the read came in.
                let frame = firmware::shoe::ShoeFrame::new_checked(&read.frame[..]).unwrap();
                assert_eq!(CardRead::parse(&frame).unwrap(), read.read);
                let r = to_read(&map, &read.read).unwrap();
                assert_eq!(r.card, Some(card));
                assert_eq!(r.burn, antenna == Antenna::Burn);
                got.push(card);
                dealer.remove();
            }
            assert_eq!(got, order);
        }
        assert!(
            link.fault_counts().total() > 1000,
            "{:?}",
            link.fault_counts()
        );
    }

    #[test]
    fn a_silent_shoe_is_reported_and_gives_no_card() {
        struct Mute;
        impl crate::sim::Reader for Mute {
            fn command(&mut self, _: Instant, _: &[u8], _: &mut Vec<crate::sim::Outgoing>) {}
        }
        let mut link = ShoeLink::new(Loopback::new(Mute), LinkSettings::bench());
        assert_eq!(
            link.read_card(Duration::from_millis(10)),
            Err(LinkFault::Silent {
                waited: Duration::from_millis(16 * 25)
            })
        );
        assert_eq!(link.fault_counts().no_ack, 16);
        assert!(matches!(
            ShoeLink::start(Loopback::new(Mute), LinkSettings::bench()),
            Err(LinkFault::Silent { .. })
        ));
    }

    #[test]
    fn a_reader_that_only_acks_is_unreliable() {
        struct AckOnly;
        impl crate::sim::Reader for AckOnly {
            fn command(&mut self, _: Instant, _: &[u8], out: &mut Vec<crate::sim::Outgoing>) {
                out.push(crate::sim::Outgoing {
                    bytes: ACK_FRAME.to_vec(),
                    delay: Duration::ZERO,
                });
            }
        }
        let mut link = ShoeLink::new(Loopback::new(AckOnly), LinkSettings::bench());
        assert_eq!(
            link.read_card(Duration::ZERO),
            Err(LinkFault::Unreliable { faults: 16 })
        );
        assert_eq!(link.fault_counts().no_response, 16);
        let reports = link.take_faults();
        assert_eq!(reports.len(), 16);
        assert!(reports
            .iter()
            .all(|r| r.command == pn532::CMD_GET_FIRMWARE_VERSION));
        assert!(reports[0].to_string().contains("answer never came"));
    }
}
