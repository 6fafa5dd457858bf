//! The dealer's button panel, debounced, and the seat LEDs.
//!
//! The panel has the action keys (FOLD, CHECK/CALL, BET/RAISE, ALL-IN), a keypad for
//! amounts (0-9, CLEAR, ENTER), the hand keys (UNDO, STRADDLE, MISDEAL, NEXT HAND) and
//! one key per seat (1..=11, [`MAX_SEATS`]). Each key is a GPIO input; each seat has
//! an LED showing whose turn it is.
//!
//! The layers, bottom up, all pure functions of the caller's time in milliseconds (no
//! clock reads):
//!
//! - [`Debouncer`]: one input level to clean [`Edge`]s after a stable time (20 ms).
//! - [`PressClassifier`]: edges to presses, [`PressKind::Short`], [`PressKind::Long`]
//!   (held 800 ms) or [`PressKind::Double`] (a press starting within 300 ms of the end
//!   of the last one). [`Button`] is the two together.
//! - [`ButtonPanel`]: N embedded-hal input pins, each mapped to a [`Key`], scanned
//!   into [`KeyEvent`]s. [`KeyEvent::check`] says which presses the engine should take:
//!   MISDEAL and NEXT HAND only when held (PD-MISDEAL: no misdeal by accident), and a
//!   double press of an action key is refused so one tap never acts twice.
//! - [`SeatLeds`]: N embedded-hal output pins, exactly one lit or none.
//! - [`AmountEntry`] and [`parse_amount`]: the keypad and typed amounts to whole
//!   chips, checked arithmetic, never floats.

use crate::config::MAX_SEATS;
use crate::rules::SeatNo;
use core::fmt;
use embedded_hal::digital::{InputPin, OutputPin};

/// Default time a level must hold before the debouncer believes it.
pub const DEFAULT_DEBOUNCE_MS: u64 = 20;
/// Default time a key must be held to be a long press.
pub const DEFAULT_LONG_PRESS_MS: u64 = 800;
/// Default longest gap between the end of a press and the start of the next one for
/// the second to be a double press.
pub const DEFAULT_DOUBLE_PRESS_MS: u64 = 300;
/// Default most significant digits in a keyed amount (up to 999 999 999 999 chips).
pub const MAX_AMOUNT_DIGITS: u8 = 12;
/// The most digits an [`AmountEntry`] can be set to accept: a `u64` has 20.
pub const AMOUNT_DIGITS_LIMIT: u8 = 20;

/// One decimal digit, 0-9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Digit(u8);

impl Digit {
    /// The digit `d`, if it is 0-9.
    pub const fn new(d: u8) -> Option<Digit> {
        if d <= 9 {
            Some(Digit(d))
        } else {
            None
        }
    }

    /// The digit's value, 0-9.
    pub const fn value(self) -> u8 {
        self.0
    }
}

/// A key on the dealer's panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Key {
    /// FOLD.
    Fold,
    /// CHECK/CALL.
    CheckCall,
    /// BET/RAISE (the amount is keyed first).
    BetRaise,
    /// ALL-IN.
    AllIn,
    /// A keypad digit.
    Digit(Digit),
    /// CLEAR: forget the amount being keyed.
    Clear,
    /// ENTER: finish the amount being keyed.
    Enter,
    /// UNDO the last input.
    Undo,
    /// STRADDLE.
    Straddle,
    /// MISDEAL (PD-MISDEAL); must be held.
    Misdeal,
    /// NEXT HAND; must be held.
    NextHand,
    /// A seat key, 1..=[`MAX_SEATS`].
    Seat(SeatNo),
}

impl Key {
    /// The digit key `d` (0-9).
    pub const fn digit(d: u8) -> Option<Key> {
        match Digit::new(d) {
            Some(d) => Some(Key::Digit(d)),
            None => None,
        }
    }

    /// The key of seat `seat` (1..=[`MAX_SEATS`]).
    pub const fn seat(seat: SeatNo) -> Option<Key> {
        if seat >= 1 && seat as usize <= MAX_SEATS {
            Some(Key::Seat(seat))
        } else {
            None
        }
    }

    /// Whether the key acts only when held ([`PressKind::Long`]): MISDEAL and NEXT
    /// HAND, whose accidental press would cost a hand.
    pub const fn needs_long_press(self) -> bool {
        matches!(self, Key::Misdeal | Key::NextHand)
    }

    /// Whether the key is a betting action (FOLD, CHECK/CALL, BET/RAISE, ALL-IN).
    pub const fn is_action(self) -> bool {
        matches!(
            self,
            Key::Fold | Key::CheckCall | Key::BetRaise | Key::AllIn
        )
    }

    /// Whether a double press of the key is a mistake to refuse: the actions, ENTER,
    /// UNDO and STRADDLE act once per intent. Digits, CLEAR and seat keys may be
    /// pressed twice quickly on purpose ("100").
    pub const fn repeat_is_mistake(self) -> bool {
        self.is_action() || matches!(self, Key::Enter | Key::Undo | Key::Straddle)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Fold => f.write_str("FOLD"),
            Key::CheckCall => f.write_str("CHECK/CALL"),
            Key::BetRaise => f.write_str("BET/RAISE"),
            Key::AllIn => f.write_str("ALL-IN"),
            Key::Digit(d) => write!(f, "{}", d.value()),
            Key::Clear => f.write_str("CLEAR"),
            Key::Enter => f.write_str("ENTER"),
            Key::Undo => f.write_str("UNDO"),
            Key::Straddle => f.write_str("STRADDLE"),
            Key::Misdeal => f.write_str("MISDEAL"),
            Key::NextHand => f.write_str("NEXT HAND"),
            Key::Seat(n) => write!(f, "SEAT {n}"),
        }
    }
}

/// A change of a debounced level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Edge {
    /// The level became true (a key: pressed).
    Rising,
    /// The level became false (a key: released).
    Falling,
}

/// Which level of a pin means "on": a key pressed, an LED lit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Polarity {
    /// High is on.
    ActiveHigh,
    /// Low is on (a key to ground with a pull-up: the usual wiring).
    #[default]
    ActiveLow,
}

impl Polarity {
    const fn is_on(self, high: bool) -> bool {
        match self {
            Polarity::ActiveHigh => high,
            Polarity::ActiveLow => !high,
        }
    }
}

/// Debounces one input: a new level is believed once it has held for the stable time.
///
/// A pure function of the `(now_ms, level)` samples it is given: the same samples give
/// the same edges. Between samples the level is taken to be the one last sampled.
///
/// ```
/// use firmware::buttons::{Debouncer, Edge};
/// let mut d = Debouncer::new(20);
/// assert_eq!(d.update(0, true), None);
/// assert_eq!(d.update(5, false), None); // a bounce restarts the wait
/// assert_eq!(d.update(10, true), None);
/// assert_eq!(d.update(30, true), Some(Edge::Rising));
/// assert!(d.level());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Debouncer {
    stable_ms: u64,
    stable: bool,
    candidate: bool,
    since: u64,
    clock: Elapsed,
}

/// The time the button timing counts: the sum of the steps forward between samples,
/// from the first. A sample earlier than the one before is no time passing, and the
/// time after it counts from there; measured on the raw clock instead, a clock
/// stepped back (reset, or wrapped) froze a key until it caught up with its old
/// reading, and made the next press a double press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Elapsed {
    last: Option<u64>,
    total: u64,
}

impl Elapsed {
    const NEW: Elapsed = Elapsed {
        last: None,
        total: 0,
    };

    /// The time counted at a sample taken at `now_ms`.
    fn at(&mut self, now_ms: u64) -> u64 {
        let step = self.last.map_or(0, |last| now_ms.saturating_sub(last));
        self.total = self.total.saturating_add(step);
        self.last = Some(now_ms);
        self.total
    }
}

impl Debouncer {
    /// A debouncer with this stable time, its level false (key released).
    pub const fn new(stable_ms: u64) -> Debouncer {
        Debouncer::with_level(stable_ms, false)
    }

    /// A debouncer with this stable time and starting level.
    pub const fn with_level(stable_ms: u64, level: bool) -> Debouncer {
        Debouncer {
            stable_ms,
            stable: level,
            candidate: level,
            since: 0,
            clock: Elapsed::NEW,
        }
    }

    /// Takes the level sampled at `now_ms`, returning the edge when the debounced
    /// level changes. Time going backwards counts as no time passing, and the time
    /// after it counts from there.
    pub fn update(&mut self, now_ms: u64, level: bool) -> Option<Edge> {
        let now_ms = self.clock.at(now_ms);
        if level != self.candidate {
            self.candidate = level;
            self.since = now_ms;
        }
        if self.candidate != self.stable && now_ms.saturating_sub(self.since) >= self.stable_ms {
            self.stable = self.candidate;
            return Some(if self.stable {
                Edge::Rising
            } else {
                Edge::Falling
            });
        }
        None
    }

    /// The debounced level.
    pub const fn level(&self) -> bool {
        self.stable
    }
}

impl Default for Debouncer {
    fn default() -> Debouncer {
        Debouncer::new(DEFAULT_DEBOUNCE_MS)
    }
}

/// How a key was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PressKind {
    /// Pressed and released before the long-press time.
    Short,
    /// Held for the long-press time; reported when the time is reached, while the key
    /// is still down (the dealer sees it take effect), and the release is silent.
    Long,
    /// A short press that began within the double-press window after the end of the
    /// previous short press of the same key.
    Double,
}

impl fmt::Display for PressKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PressKind::Short => "press",
            PressKind::Long => "long press",
            PressKind::Double => "double press",
        })
    }
}

/// Turns one key's debounced edges into presses.
///
/// A short press is reported on release, a long press when the long-press time is
/// reached, so every press gives exactly one [`PressKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PressClassifier {
    long_ms: u64,
    double_ms: u64,
    down_at: Option<u64>,
    repeat: bool,
    long_sent: bool,
    last_up: Option<u64>,
    clock: Elapsed,
}

impl PressClassifier {
    /// A classifier with these long-press and double-press times.
    pub const fn new(long_ms: u64, double_ms: u64) -> PressClassifier {
        PressClassifier {
            long_ms,
            double_ms,
            down_at: None,
            repeat: false,
            long_sent: false,
            last_up: None,
            clock: Elapsed::NEW,
        }
    }

    /// Takes the debounced edge seen at `now_ms` (or `None`: call it on every scan so
    /// a long press is noticed while the key is held), returning a finished press.
    /// Time going backwards counts as no time passing, as for [`Debouncer::update`].
    pub fn update(&mut self, now_ms: u64, edge: Option<Edge>) -> Option<PressKind> {
        let now_ms = self.clock.at(now_ms);
        match edge {
            Some(Edge::Rising) => {
                self.repeat = self
                    .last_up
                    .is_some_and(|up| now_ms.saturating_sub(up) <= self.double_ms);
                self.down_at = Some(now_ms);
                self.long_sent = false;
            }
            Some(Edge::Falling) => {
                let down = self.down_at.take()?;
                if self.long_sent {
                    self.last_up = None;
                    return None;
                }
                if now_ms.saturating_sub(down) >= self.long_ms {
                    // Released before a scan noticed the long press.
                    self.last_up = None;
                    return Some(PressKind::Long);
                }
                self.last_up = Some(now_ms);
                return Some(if self.repeat {
                    PressKind::Double
                } else {
                    PressKind::Short
                });
            }
            None => {}
        }
        let down = self.down_at?;
        if !self.long_sent && now_ms.saturating_sub(down) >= self.long_ms {
            self.long_sent = true;
            return Some(PressKind::Long);
        }
        None
    }

    /// Whether the key is down.
    pub const fn is_held(&self) -> bool {
        self.down_at.is_some()
    }
}

impl Default for PressClassifier {
    fn default() -> PressClassifier {
        PressClassifier::new(DEFAULT_LONG_PRESS_MS, DEFAULT_DOUBLE_PRESS_MS)
    }
}

/// Timing and wiring of the button panel. `#[non_exhaustive]`: start from
/// `ButtonConfig::default()`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ButtonConfig {
    /// Stable time of the debouncer (default 20 ms).
    pub debounce_ms: u64,
    /// Hold time of a long press (default 800 ms).
    pub long_press_ms: u64,
    /// Double-press window (default 300 ms).
    pub double_press_ms: u64,
    /// Which pin level is "pressed" (default active low).
    pub polarity: Polarity,
}

impl ButtonConfig {
    /// The defaults.
    pub const fn new() -> ButtonConfig {
        ButtonConfig {
            debounce_ms: DEFAULT_DEBOUNCE_MS,
            long_press_ms: DEFAULT_LONG_PRESS_MS,
            double_press_ms: DEFAULT_DOUBLE_PRESS_MS,
            polarity: Polarity::ActiveLow,
        }
    }
}

impl Default for ButtonConfig {
    fn default() -> ButtonConfig {
        ButtonConfig::new()
    }
}

/// One key's debouncer and press classifier: logical levels in, presses out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Button {
    debouncer: Debouncer,
    classifier: PressClassifier,
}

impl Button {
    /// A released button with this timing.
    pub const fn new(config: &ButtonConfig) -> Button {
        Button {
            debouncer: Debouncer::new(config.debounce_ms),
            classifier: PressClassifier::new(config.long_press_ms, config.double_press_ms),
        }
    }

    /// Takes whether the key is pressed at `now_ms`, returning a finished press.
    pub fn update(&mut self, now_ms: u64, pressed: bool) -> Option<PressKind> {
        let edge = self.debouncer.update(now_ms, pressed);
        self.classifier.update(now_ms, edge)
    }

    /// Whether the key is down (debounced).
    pub const fn is_held(&self) -> bool {
        self.classifier.is_held()
    }
}

/// A press of a key on the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct KeyEvent {
    /// The key.
    pub key: Key,
    /// How it was pressed.
    pub kind: PressKind,
    /// When the press was recognised (ms, the caller's clock): the release of a
    /// short or double press, the long-press time of a long one.
    pub at: u64,
}

impl KeyEvent {
    /// The key, if this press should act; otherwise why not:
    /// [`ButtonError::HoldToConfirm`] for MISDEAL or NEXT HAND not held
    /// (PD-MISDEAL), [`ButtonError::RepeatedPress`] for a double press of a key that
    /// acts once ([`Key::repeat_is_mistake`]).
    pub fn check(&self) -> Result<Key, ButtonError> {
        match self.kind {
            PressKind::Long => Ok(self.key),
            _ if self.key.needs_long_press() => Err(ButtonError::HoldToConfirm(self.key)),
            PressKind::Double if self.key.repeat_is_mistake() => {
                Err(ButtonError::RepeatedPress(self.key))
            }
            PressKind::Short | PressKind::Double => Ok(self.key),
        }
    }
}

/// Why the panel or the LEDs failed, or a press was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ButtonError {
    /// The key's input pin could not be read.
    PinRead(Key),
    /// The seat's LED pin could not be set.
    LedWrite(SeatNo),
    /// No LED for this seat.
    NoSuchSeatLed {
        /// The seat asked for.
        seat: SeatNo,
        /// LEDs fitted, for seats 1..=leds.
        leds: u8,
    },
    /// The panel's pin map has the key twice.
    DuplicateKey(Key),
    /// MISDEAL or NEXT HAND pressed but not held.
    HoldToConfirm(Key),
    /// A key that acts once was pressed twice in quick succession.
    RepeatedPress(Key),
}

impl fmt::Display for ButtonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonError::PinRead(key) => write!(
                f,
                "Could not read the {key} key: check the button panel's cable"
            ),
            ButtonError::LedWrite(seat) => {
                write!(f, "Could not switch seat {seat}'s LED: check the LED cable")
            }
            ButtonError::NoSuchSeatLed { seat, leds } => write!(
                f,
                "No LED for seat {seat}: this table has LEDs for seats 1 to {leds}"
            ),
            ButtonError::DuplicateKey(key) => write!(
                f,
                "The {key} key is mapped to two pins: fix the panel's pin map"
            ),
            ButtonError::HoldToConfirm(key) => {
                write!(f, "{key} not done: hold {key} for a second to confirm")
            }
            ButtonError::RepeatedPress(key) => write!(
                f,
                "{key} pressed twice: the second press was ignored; press it again if you meant it"
            ),
        }
    }
}

impl core::error::Error for ButtonError {}

/// The dealer's button panel: `N` input pins, each mapped to a [`Key`].
///
/// Call [`ButtonPanel::scan`] every few milliseconds (well under the debounce time)
/// with the time; it returns the presses it recognised.
#[derive(Debug)]
pub struct ButtonPanel<P: InputPin, const N: usize> {
    pins: [P; N],
    keys: [Key; N],
    buttons: [Button; N],
    polarity: Polarity,
}

impl<P: InputPin, const N: usize> ButtonPanel<P, N> {
    /// A panel reading `pins[i]` as `keys[i]`; refused if a key appears twice.
    pub fn new(pins: [P; N], keys: [Key; N], config: ButtonConfig) -> Result<Self, ButtonError> {
        for (i, key) in keys.iter().enumerate() {
            if keys.iter().skip(i + 1).any(|k| k == key) {
                return Err(ButtonError::DuplicateKey(*key));
            }
        }
        Ok(ButtonPanel {
            pins,
            keys,
            buttons: [Button::new(&config); N],
            polarity: config.polarity,
        })
    }

    /// The keys, in pin order.
    pub const fn keys(&self) -> &[Key; N] {
        &self.keys
    }

    /// Whether `key` is held down (debounced).
    pub fn is_held(&self, key: Key) -> bool {
        self.keys
            .iter()
            .zip(&self.buttons)
            .any(|(k, b)| *k == key && b.is_held())
    }

    /// Reads every pin at `now_ms` and returns the presses recognised, in pin order.
    ///
    /// All pins are read before any state changes, so a scan that fails on one pin
    /// ([`ButtonError::PinRead`]) changes nothing and loses no press.
    pub fn scan(&mut self, now_ms: u64) -> Result<heapless::Vec<KeyEvent, N>, ButtonError> {
        let mut pressed = [false; N];
        for ((p, pin), key) in pressed.iter_mut().zip(&mut self.pins).zip(&self.keys) {
            let high = pin.is_high().map_err(|_| ButtonError::PinRead(*key))?;
            *p = self.polarity.is_on(high);
        }
        let mut events = heapless::Vec::new();
        for ((button, key), p) in self.buttons.iter_mut().zip(&self.keys).zip(pressed) {
            if let Some(kind) = button.update(now_ms, p) {
                trace!("panel: {} {} at {}", key, kind, now_ms);
                // Cannot fail: one press at most per key per scan, N keys.
                let _ = events.push(KeyEvent {
                    key: *key,
                    kind,
                    at: now_ms,
                });
            }
        }
        Ok(events)
    }

    /// Gives the pins back.
    pub fn release(self) -> [P; N] {
        self.pins
    }
}

/// The seat LEDs: `pins[i]` lights seat `i + 1`. At most one is lit: the seat whose
/// turn it is.
#[derive(Debug)]
pub struct SeatLeds<O: OutputPin, const N: usize> {
    pins: [O; N],
    polarity: Polarity,
    lit: Option<SeatNo>,
}

impl<O: OutputPin, const N: usize> SeatLeds<O, N> {
    /// The LEDs on these pins; nothing is written until [`SeatLeds::show`].
    pub const fn new(pins: [O; N], polarity: Polarity) -> Self {
        SeatLeds {
            pins,
            polarity,
            lit: None,
        }
    }

    /// Lights the LED of `seat` and turns every other one off (`None`: all off).
    ///
    /// Every pin is written each time, the others off before the one on, so two LEDs
    /// are never lit together and a glitch is repaired by the next call. On a write
    /// error the call stops there ([`ButtonError::LedWrite`]) with the seat's LED not
    /// lit, and [`SeatLeds::lit`] says `None`.
    pub fn show(&mut self, seat: Option<SeatNo>) -> Result<(), ButtonError> {
        let leds = u8::try_from(N).unwrap_or(u8::MAX);
        if let Some(s) = seat {
            if s == 0 || s > leds {
                return Err(ButtonError::NoSuchSeatLed { seat: s, leds });
            }
        }
        self.lit = None;
        let polarity = self.polarity;
        for (n, pin) in (1..=leds).zip(&mut self.pins) {
            if Some(n) != seat {
                set(pin, polarity, false).map_err(|_| ButtonError::LedWrite(n))?;
            }
        }
        if let Some(s) = seat {
            let pin = self
                .pins
                .get_mut(usize::from(s) - 1)
                .ok_or(ButtonError::NoSuchSeatLed { seat: s, leds })?;
            set(pin, polarity, true).map_err(|_| ButtonError::LedWrite(s))?;
        }
        self.lit = seat;
        Ok(())
    }

    /// The seat whose LED is lit, if any.
    pub const fn lit(&self) -> Option<SeatNo> {
        self.lit
    }

    /// Gives the pins back.
    pub fn release(self) -> [O; N] {
        self.pins
    }
}

fn set<O: OutputPin>(pin: &mut O, polarity: Polarity, on: bool) -> Result<(), O::Error> {
    if polarity.is_on(true) == on {
        pin.set_high()
    } else {
        pin.set_low()
    }
}

/// Why an amount was refused. The amount being keyed is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum AmountError {
    /// ENTER with no digit keyed, or nothing typed.
    NoDigits,
    /// More digits than allowed (the limit is held).
    TooManyDigits(u8),
    /// The amount does not fit in 64 bits.
    Overflow,
    /// A typed character that is not a digit.
    NotADigit(char),
    /// A typed digit-group separator (`,` or `_`) not between two digits.
    BadSeparator,
    /// A key that is not a digit, CLEAR or ENTER.
    NotAmountKey(Key),
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmountError::NoDigits => f.write_str("No amount keyed: key the amount, then ENTER"),
            AmountError::TooManyDigits(max) => write!(
                f,
                "Amounts have at most {max} digits: press CLEAR and key the amount again"
            ),
            AmountError::Overflow => {
                f.write_str("Amount too large: press CLEAR and key the amount again")
            }
            AmountError::NotADigit(c) => write!(
                f,
                "'{c}' is not a digit: type the amount in whole chips, e.g. 1500"
            ),
            AmountError::BadSeparator => f.write_str(
                "Separate digit groups with one comma or underscore between digits, e.g. 1,500",
            ),
            AmountError::NotAmountKey(key) => write!(
                f,
                "{key} is not part of an amount: finish it with ENTER or press CLEAR"
            ),
        }
    }
}

impl core::error::Error for AmountError {}

/// An amount keyed on the panel's keypad: digits, CLEAR, ENTER.
///
/// ```
/// use firmware::buttons::{AmountEntry, Key};
/// let mut entry = AmountEntry::new();
/// for d in [1, 5, 0, 0] {
///     assert_eq!(entry.press(Key::digit(d).unwrap()), Ok(None));
/// }
/// assert_eq!(entry.value(), 1500);
/// assert_eq!(entry.press(Key::Enter), Ok(Some(1500)));
/// assert!(entry.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AmountEntry {
    value: u64,
    digits: u8,
    keyed: bool,
    max_digits: u8,
}

impl AmountEntry {
    /// An empty entry accepting [`MAX_AMOUNT_DIGITS`] digits.
    pub const fn new() -> AmountEntry {
        AmountEntry::with_max_digits(MAX_AMOUNT_DIGITS)
    }

    /// An empty entry accepting `max_digits` significant digits (leading zeros do
    /// not count), clamped to 1..=[`AMOUNT_DIGITS_LIMIT`].
    pub const fn with_max_digits(max_digits: u8) -> AmountEntry {
        let max_digits = if max_digits == 0 {
            1
        } else if max_digits > AMOUNT_DIGITS_LIMIT {
            AMOUNT_DIGITS_LIMIT
        } else {
            max_digits
        };
        AmountEntry {
            value: 0,
            digits: 0,
            keyed: false,
            max_digits,
        }
    }

    /// Takes a key: a digit is appended, CLEAR empties the entry, ENTER returns the
    /// amount and empties the entry. Any other key is refused.
    pub fn press(&mut self, key: Key) -> Result<Option<u64>, AmountError> {
        match key {
            Key::Digit(d) => self.push_digit(d).map(|_| None),
            Key::Clear => {
                self.clear();
                Ok(None)
            }
            Key::Enter => self.enter().map(Some),
            other => Err(AmountError::NotAmountKey(other)),
        }
    }

    /// Appends a digit, returning the amount so far.
    pub fn push_digit(&mut self, d: Digit) -> Result<u64, AmountError> {
        let digits = if self.value == 0 && d.value() == 0 {
            0
        } else {
            self.digits + 1
        };
        if digits > self.max_digits {
            return Err(AmountError::TooManyDigits(self.max_digits));
        }
        let value = self
            .value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d.value())))
            .ok_or(AmountError::Overflow)?;
        self.value = value;
        self.digits = digits;
        self.keyed = true;
        Ok(value)
    }

    /// Empties the entry.
    pub fn clear(&mut self) {
        *self = AmountEntry::with_max_digits(self.max_digits);
    }

    /// Returns the amount keyed and empties the entry; [`AmountError::NoDigits`] if
    /// no digit was keyed.
    pub fn enter(&mut self) -> Result<u64, AmountError> {
        if !self.keyed {
            return Err(AmountError::NoDigits);
        }
        let value = self.value;
        self.clear();
        Ok(value)
    }

    /// The amount so far (0 when empty).
    pub const fn value(&self) -> u64 {
        self.value
    }

    /// Significant digits keyed so far.
    pub const fn digits(&self) -> u8 {
        self.digits
    }

    /// The digit limit.
    pub const fn max_digits(&self) -> u8 {
        self.max_digits
    }

    /// Whether no digit has been keyed.
    pub const fn is_empty(&self) -> bool {
        !self.keyed
    }
}

impl Default for AmountEntry {
    fn default() -> AmountEntry {
        AmountEntry::new()
    }
}

/// Parses a typed amount of whole chips: decimal digits, optionally grouped by single
/// `,` or `_` between digits, with surrounding spaces ignored.
///
/// ```
/// use firmware::buttons::{parse_amount, AmountError};
/// assert_eq!(parse_amount(" 1,500 "), Ok(1500));
/// assert_eq!(parse_amount("2_000_000"), Ok(2_000_000));
/// assert_eq!(parse_amount("12.5"), Err(AmountError::NotADigit('.')));
/// assert_eq!(parse_amount("18446744073709551616"), Err(AmountError::Overflow));
/// ```
pub fn parse_amount(s: &str) -> Result<u64, AmountError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(AmountError::NoDigits);
    }
    let mut value: u64 = 0;
    let mut after_digit = false;
    for c in s.chars() {
        match c {
            '0'..='9' => {
                let d = u64::from(c) - u64::from('0');
                value = value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(d))
                    .ok_or(AmountError::Overflow)?;
                after_digit = true;
            }
            ',' | '_' if after_digit => after_digit = false,
            ',' | '_' => return Err(AmountError::BadSeparator),
            other => return Err(AmountError::NotADigit(other)),
        }
    }
    if !after_digit {
        return Err(AmountError::BadSeparator);
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction};
    use embedded_hal_mock::eh1::MockError;
    use std::vec::Vec;

    fn digit(d: u8) -> Key {
        Key::digit(d).unwrap()
    }

    // ---- Debouncer ----

    #[test]
    fn debouncer_ignores_bounces_shorter_than_the_stable_time() {
        let mut d = Debouncer::new(20);
        // Contact bounce on press: 1 ms samples, 8 ms of chatter.
        let chatter = [true, false, true, true, false, true, false, true];
        for (t, level) in chatter.iter().enumerate() {
            assert_eq!(d.update(t as u64, *level), None);
        }
        for t in 8..27 {
            assert_eq!(d.update(t, true), None, "t={t}");
        }
        assert_eq!(d.update(27, true), Some(Edge::Rising));
        assert_eq!(d.update(28, true), None);
        // A 15 ms glitch while held is not a release.
        for t in 100..115 {
            assert_eq!(d.update(t, false), None);
        }
        assert_eq!(d.update(115, true), None);
        assert!(d.level());
        // A real release.
        assert_eq!(d.update(200, false), None);
        assert_eq!(d.update(219, false), None);
        assert_eq!(d.update(220, false), Some(Edge::Falling));
        assert!(!d.level());
    }

    #[test]
    fn debouncer_is_a_pure_function_of_its_samples() {
        let samples: Vec<(u64, bool)> = (0..500u64)
            .map(|t| (t * 3, (t * 7919 % 13) < 6 || (100..140).contains(&t)))
            .collect();
        let run = || {
            let mut d = Debouncer::default();
            samples
                .iter()
                .map(|&(t, l)| d.update(t, l))
                .collect::<Vec<_>>()
        };
        let first = run();
        assert_eq!(first, run());
        // Edges alternate, starting with a rise.
        let edges: Vec<Edge> = first.into_iter().flatten().collect();
        assert!(!edges.is_empty());
        for (i, e) in edges.iter().enumerate() {
            assert_eq!(
                *e,
                if i % 2 == 0 {
                    Edge::Rising
                } else {
                    Edge::Falling
                }
            );
        }
    }

    #[test]
    fn debouncer_with_zero_stable_time_follows_the_input() {
        let mut d = Debouncer::with_level(0, true);
        assert_eq!(d.update(5, true), None);
        assert_eq!(d.update(5, false), Some(Edge::Falling));
        assert_eq!(d.update(5, true), Some(Edge::Rising));
        // Time going backwards counts as no time.
        let mut d = Debouncer::new(20);
        assert_eq!(d.update(100, true), None);
        assert_eq!(d.update(50, true), None);
        assert_eq!(d.update(120, true), Some(Edge::Rising));
    }

    #[test]
    fn a_clock_stepped_back_neither_freezes_a_key_nor_makes_a_double_press() {
        // The clock steps back from 1000 to 0 while a press settles: the 20 ms after
        // the step count, not the clock's catching up with 1000 (found by fuzzing).
        let mut d = Debouncer::new(20);
        assert_eq!(d.update(1000, true), None);
        assert_eq!(d.update(0, true), None);
        assert_eq!(d.update(19, true), None);
        assert_eq!(d.update(20, true), Some(Edge::Rising));
        // From the end of the clock: the key was frozen for good.
        let mut d = Debouncer::new(20);
        assert_eq!(d.update(u64::MAX, true), None);
        assert_eq!(d.update(0, true), None);
        assert_eq!(d.update(20, true), Some(Edge::Rising));
        // A long press held across the step is reported after 800 ms held.
        let mut c = PressClassifier::new(800, 300);
        assert_eq!(c.update(10_000, Some(Edge::Rising)), None);
        assert_eq!(c.update(0, None), None);
        assert_eq!(c.update(799, None), None);
        assert_eq!(c.update(800, None), Some(PressKind::Long));
        // A press 500 ms after a short press, across a step back, is no double press.
        let mut c = PressClassifier::new(800, 300);
        assert_eq!(c.update(1000, Some(Edge::Rising)), None);
        assert_eq!(c.update(1100, Some(Edge::Falling)), Some(PressKind::Short));
        assert_eq!(c.update(0, None), None);
        assert_eq!(c.update(500, Some(Edge::Rising)), None);
        assert_eq!(c.update(600, Some(Edge::Falling)), Some(PressKind::Short));
    }

    #[test]
    fn debouncer_reads_a_mock_pin() {
        // An active-low key: high (released), bounce, low (pressed) from 30 ms.
        let levels = [
            State::High,
            State::Low,
            State::High,
            State::Low,
            State::Low,
            State::Low,
            State::Low,
        ];
        let expectations: Vec<_> = levels.iter().map(|s| Transaction::get(*s)).collect();
        let mut pin = PinMock::new(&expectations);
        let mut d = Debouncer::default();
        let mut edges = Vec::new();
        for t in 0..levels.len() as u64 {
            let pressed = pin.is_low().unwrap();
            edges.extend(d.update(t * 10, pressed).map(|e| (t * 10, e)));
        }
        assert_eq!(edges, [(50, Edge::Rising)]);
        pin.done();
    }

    // ---- Press classification ----

    fn classify(c: &mut PressClassifier, steps: &[(u64, Option<Edge>)]) -> Vec<(u64, PressKind)> {
        steps
            .iter()
            .filter_map(|&(t, e)| c.update(t, e).map(|k| (t, k)))
            .collect()
    }

    #[test]
    fn short_long_and_double_presses() {
        use Edge::*;
        let mut c = PressClassifier::default();
        // Short: reported at release.
        assert_eq!(
            classify(
                &mut c,
                &[(0, Some(Rising)), (100, None), (150, Some(Falling))]
            ),
            [(150, PressKind::Short)]
        );
        // Double: next press 300 ms after the release; a third one too.
        assert_eq!(
            classify(
                &mut c,
                &[
                    (450, Some(Rising)),
                    (500, Some(Falling)),
                    (700, Some(Rising)),
                    (750, Some(Falling))
                ]
            ),
            [(500, PressKind::Double), (750, PressKind::Double)]
        );
        // 301 ms after: a new short press.
        assert_eq!(
            classify(&mut c, &[(1051, Some(Rising)), (1100, Some(Falling))]),
            [(1100, PressKind::Short)]
        );
        // Long: reported at 800 ms while held; the release is silent.
        assert_eq!(
            classify(
                &mut c,
                &[
                    (2000, Some(Rising)),
                    (2799, None),
                    (2800, None),
                    (2900, None),
                    (3500, Some(Falling))
                ]
            ),
            [(2800, PressKind::Long)]
        );
        assert!(!c.is_held());
        // A tap just after a long press is not a double press.
        assert_eq!(
            classify(&mut c, &[(3600, Some(Rising)), (3650, Some(Falling))]),
            [(3650, PressKind::Short)]
        );
        // A second press held long is long.
        assert_eq!(
            classify(&mut c, &[(3700, Some(Rising)), (4600, Some(Falling))]),
            [(4600, PressKind::Long)]
        );
        // A release with no press is ignored.
        assert_eq!(classify(&mut c, &[(5000, Some(Falling))]), []);
    }

    #[test]
    fn press_times_are_configurable() {
        use Edge::*;
        let mut c = PressClassifier::new(500, 100);
        assert_eq!(
            classify(
                &mut c,
                &[
                    (0, Some(Rising)),
                    (50, Some(Falling)),
                    (200, Some(Rising)),
                    (250, Some(Falling))
                ]
            ),
            [(50, PressKind::Short), (250, PressKind::Short)]
        );
        assert_eq!(
            classify(&mut c, &[(1000, Some(Rising)), (1500, None)]),
            [(1500, PressKind::Long)]
        );
    }

    // ---- The panel ----

    /// A mock active-low pin read at `times`, pressed while `pressed(t)`.
    fn key_pin(times: &[u64], pressed: impl Fn(u64) -> bool) -> PinMock {
        let expectations: Vec<_> = times
            .iter()
            .map(|&t| Transaction::get(if pressed(t) { State::Low } else { State::High }))
            .collect();
        PinMock::new(&expectations)
    }

    #[test]
    fn panel_reports_each_kind_of_press() {
        let times: Vec<u64> = (0..=150).map(|i| i * 10).collect();
        let fold = key_pin(&times, |t| (100..200).contains(&t));
        // MISDEAL tapped, then held.
        let misdeal = key_pin(&times, |t| {
            (300..350).contains(&t) || (500..1400).contains(&t)
        });
        // Digit 0 pressed twice quickly ("00").
        let zero = key_pin(&times, |t| {
            (100..150).contains(&t) || (300..350).contains(&t)
        });
        let pins = [fold.clone(), misdeal.clone(), zero.clone()];
        let keys = [Key::Fold, Key::Misdeal, digit(0)];
        let mut panel = ButtonPanel::new(pins, keys, ButtonConfig::default()).unwrap();
        let mut events = Vec::new();
        for &t in &times {
            events.extend(panel.scan(t).unwrap());
            if t == 600 {
                assert!(panel.is_held(Key::Misdeal));
            }
        }
        let ev = |key, kind, at| KeyEvent { key, kind, at };
        assert_eq!(
            events,
            [
                ev(digit(0), PressKind::Short, 170),
                ev(Key::Fold, PressKind::Short, 220),
                ev(Key::Misdeal, PressKind::Short, 370),
                ev(digit(0), PressKind::Double, 370),
                ev(Key::Misdeal, PressKind::Long, 1320),
            ]
        );
        // PD-MISDEAL: only the held MISDEAL acts; "00" is two digits.
        let checked: Vec<_> = events.iter().map(KeyEvent::check).collect();
        assert_eq!(
            checked,
            [
                Ok(digit(0)),
                Ok(Key::Fold),
                Err(ButtonError::HoldToConfirm(Key::Misdeal)),
                Ok(digit(0)),
                Ok(Key::Misdeal),
            ]
        );
        for mut pin in panel.release() {
            pin.done();
        }
    }

    #[test]
    fn panel_active_high_and_custom_times() {
        let times: Vec<u64> = (0..40).map(|i| i * 5).collect();
        let expectations: Vec<_> = times
            .iter()
            .map(|t| {
                Transaction::get(if (20..60).contains(t) {
                    State::High
                } else {
                    State::Low
                })
            })
            .collect();
        let pin = PinMock::new(&expectations);
        let config = ButtonConfig {
            polarity: Polarity::ActiveHigh,
            debounce_ms: 5,
            long_press_ms: 30,
            ..ButtonConfig::default()
        };
        let mut panel = ButtonPanel::new([pin], [Key::NextHand], config).unwrap();
        let events: Vec<_> = times.iter().flat_map(|&t| panel.scan(t).unwrap()).collect();
        assert_eq!(
            events,
            [KeyEvent {
                key: Key::NextHand,
                kind: PressKind::Long,
                at: 55
            }]
        );
        assert_eq!(events[0].check(), Ok(Key::NextHand));
        let [mut pin] = panel.release();
        pin.done();
    }

    #[test]
    fn a_failed_scan_changes_nothing() {
        let err = MockError::Io(std::io::ErrorKind::Other);
        // Pin 1 is pressed at 0 and 20; pin 2 fails on the second scan.
        let a = PinMock::new(&[
            Transaction::get(State::Low),
            Transaction::get(State::Low),
            Transaction::get(State::Low),
            Transaction::get(State::High),
            Transaction::get(State::High),
        ]);
        let b = PinMock::new(&[
            Transaction::get(State::High),
            Transaction::get(State::High).with_error(err),
            Transaction::get(State::High),
            Transaction::get(State::High),
            Transaction::get(State::High),
        ]);
        let mut panel =
            ButtonPanel::new([a, b], [Key::CheckCall, Key::Undo], ButtonConfig::default()).unwrap();
        assert_eq!(panel.scan(0), Ok(heapless::Vec::new()));
        assert_eq!(panel.scan(20), Err(ButtonError::PinRead(Key::Undo)));
        assert!(
            !panel.is_held(Key::CheckCall),
            "the failed scan was not applied"
        );
        assert!(panel.scan(20).unwrap().is_empty());
        assert!(panel.is_held(Key::CheckCall));
        assert!(panel.scan(30).unwrap().is_empty());
        let events = panel.scan(50).unwrap();
        assert_eq!(
            events.as_slice(),
            [KeyEvent {
                key: Key::CheckCall,
                kind: PressKind::Short,
                at: 50
            }]
        );
        for mut pin in panel.release() {
            pin.done();
        }
    }

    #[test]
    fn panel_refuses_a_key_mapped_twice() {
        let pins = [PinMock::new(&[]), PinMock::new(&[])];
        let r = ButtonPanel::new(
            pins.clone(),
            [Key::Fold, Key::Fold],
            ButtonConfig::default(),
        );
        assert_eq!(r.err(), Some(ButtonError::DuplicateKey(Key::Fold)));
        for mut pin in pins {
            pin.done();
        }
    }

    #[test]
    fn repeated_action_presses_are_refused() {
        let ev = |key, kind| KeyEvent { key, kind, at: 0 };
        for key in [
            Key::Fold,
            Key::CheckCall,
            Key::BetRaise,
            Key::AllIn,
            Key::Enter,
            Key::Undo,
            Key::Straddle,
        ] {
            assert_eq!(
                ev(key, PressKind::Double).check(),
                Err(ButtonError::RepeatedPress(key))
            );
            assert_eq!(ev(key, PressKind::Short).check(), Ok(key));
            assert_eq!(ev(key, PressKind::Long).check(), Ok(key));
        }
        for key in [digit(7), Key::Clear, Key::seat(3).unwrap()] {
            assert_eq!(ev(key, PressKind::Double).check(), Ok(key));
        }
        for key in [Key::Misdeal, Key::NextHand] {
            assert_eq!(
                ev(key, PressKind::Short).check(),
                Err(ButtonError::HoldToConfirm(key))
            );
            assert_eq!(
                ev(key, PressKind::Double).check(),
                Err(ButtonError::HoldToConfirm(key))
            );
        }
    }

    #[test]
    fn keys_are_named_as_on_the_panel() {
        use std::string::ToString;
        assert_eq!(Key::CheckCall.to_string(), "CHECK/CALL");
        assert_eq!(Key::NextHand.to_string(), "NEXT HAND");
        assert_eq!(digit(4).to_string(), "4");
        assert_eq!(Key::seat(11).unwrap().to_string(), "SEAT 11");
        assert_eq!(Key::seat(0), None);
        assert_eq!(Key::seat(12), None);
        assert_eq!(Key::digit(10), None);
        assert_eq!(
            ButtonError::HoldToConfirm(Key::Misdeal).to_string(),
            "MISDEAL not done: hold MISDEAL for a second to confirm"
        );
    }

    // ---- Seat LEDs ----

    fn led(states: &[State]) -> PinMock {
        let expectations: Vec<_> = states.iter().map(|s| Transaction::set(*s)).collect();
        PinMock::new(&expectations)
    }

    #[test]
    fn exactly_one_seat_led_is_lit() {
        use State::{High, Low};
        // show(2), show(3), show(None)
        let leds = [
            led(&[Low, Low, Low]),
            led(&[High, Low, Low]),
            led(&[Low, High, Low]),
        ];
        let mut seats = SeatLeds::new(leds, Polarity::ActiveHigh);
        assert_eq!(seats.lit(), None);
        seats.show(Some(2)).unwrap();
        assert_eq!(seats.lit(), Some(2));
        seats.show(Some(3)).unwrap();
        assert_eq!(seats.lit(), Some(3));
        seats.show(None).unwrap();
        assert_eq!(seats.lit(), None);
        assert_eq!(
            seats.show(Some(4)),
            Err(ButtonError::NoSuchSeatLed { seat: 4, leds: 3 })
        );
        assert_eq!(
            seats.show(Some(0)),
            Err(ButtonError::NoSuchSeatLed { seat: 0, leds: 3 })
        );
        for mut pin in seats.release() {
            pin.done();
        }
    }

    #[test]
    fn seat_leds_active_low_and_write_errors() {
        use State::{High, Low};
        let err = MockError::Io(std::io::ErrorKind::Other);
        let a = PinMock::new(&[Transaction::set(Low)]);
        let b = PinMock::new(&[
            Transaction::set(High),
            Transaction::set(High).with_error(err),
        ]);
        let mut seats = SeatLeds::new([a, b], Polarity::ActiveLow);
        seats.show(Some(1)).unwrap();
        assert_eq!(seats.lit(), Some(1));
        // Seat 2's LED cannot be turned off: seat 1's is not lit.
        assert_eq!(seats.show(Some(1)), Err(ButtonError::LedWrite(2)));
        assert_eq!(seats.lit(), None);
        for mut pin in seats.release() {
            pin.done();
        }
    }

    // ---- Amounts ----

    #[test]
    fn amount_entry_keys_digits_clear_and_enter() {
        let mut e = AmountEntry::new();
        assert_eq!(e.press(Key::Enter), Err(AmountError::NoDigits));
        for d in [0, 0, 2, 5] {
            assert_eq!(e.press(digit(d)), Ok(None));
        }
        assert_eq!(e.value(), 25);
        assert_eq!(e.digits(), 2);
        assert_eq!(e.press(Key::Clear), Ok(None));
        assert!(e.is_empty());
        assert_eq!(e.press(digit(0)), Ok(None));
        assert_eq!(e.press(Key::Enter), Ok(Some(0)));
        assert_eq!(e.press(digit(9)), Ok(None));
        assert_eq!(
            e.press(Key::Fold),
            Err(AmountError::NotAmountKey(Key::Fold))
        );
        assert_eq!(e.press(Key::Enter), Ok(Some(9)));
        assert_eq!(e, AmountEntry::new());
    }

    #[test]
    fn amount_entry_limits_digits() {
        let mut e = AmountEntry::with_max_digits(3);
        for d in [0, 1, 2, 3] {
            e.press(digit(d)).unwrap();
        }
        let before = e;
        assert_eq!(e.press(digit(4)), Err(AmountError::TooManyDigits(3)));
        assert_eq!(e, before, "a refused digit changed the entry");
        assert_eq!(e.enter(), Ok(123));
        let mut e = AmountEntry::new();
        for _ in 0..MAX_AMOUNT_DIGITS {
            e.press(digit(9)).unwrap();
        }
        assert_eq!(e.press(digit(9)), Err(AmountError::TooManyDigits(12)));
        assert_eq!(e.value(), 999_999_999_999);
        assert_eq!(AmountEntry::with_max_digits(0).max_digits(), 1);
        assert_eq!(
            AmountEntry::with_max_digits(99).max_digits(),
            AMOUNT_DIGITS_LIMIT
        );
    }

    #[test]
    fn amount_entry_overflow() {
        let mut e = AmountEntry::with_max_digits(AMOUNT_DIGITS_LIMIT);
        // u64::MAX = 18446744073709551615
        for c in "1844674407370955161".bytes() {
            e.press(digit(c - b'0')).unwrap();
        }
        let before = e;
        assert_eq!(e.press(digit(6)), Err(AmountError::Overflow));
        assert_eq!(e, before);
        assert_eq!(e.press(digit(5)), Ok(None));
        assert_eq!(e.enter(), Ok(u64::MAX));
    }

    #[test]
    fn parse_amount_accepts_whole_chips() {
        assert_eq!(parse_amount("0"), Ok(0));
        assert_eq!(parse_amount("007"), Ok(7));
        assert_eq!(parse_amount("\t1500\n"), Ok(1500));
        assert_eq!(parse_amount("1,000,000"), Ok(1_000_000));
        assert_eq!(parse_amount("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_amount(""), Err(AmountError::NoDigits));
        assert_eq!(parse_amount("   "), Err(AmountError::NoDigits));
        assert_eq!(parse_amount("-5"), Err(AmountError::NotADigit('-')));
        assert_eq!(parse_amount("+5"), Err(AmountError::NotADigit('+')));
        assert_eq!(parse_amount("1e3"), Err(AmountError::NotADigit('e')));
        assert_eq!(parse_amount("1 500"), Err(AmountError::NotADigit(' ')));
        assert_eq!(parse_amount("١٢"), Err(AmountError::NotADigit('١')));
        assert_eq!(parse_amount(",5"), Err(AmountError::BadSeparator));
        assert_eq!(parse_amount("5,"), Err(AmountError::BadSeparator));
        assert_eq!(parse_amount("5,,0"), Err(AmountError::BadSeparator));
        assert_eq!(
            parse_amount("99999999999999999999"),
            Err(AmountError::Overflow)
        );
    }
}
