//! The whole panel: one input pin per key, scanned into key presses.

use super::config::{ButtonConfig, Polarity, STUCK_KEY};
use super::error::ButtonError;
use super::keys::Key;
use super::press::{Button, PressKind};
use crate::time::Instant;
use embedded_hal::digital::InputPin;

/// A press of a key on the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct KeyEvent {
    /// The key.
    pub key: Key,
    /// How it was pressed.
    pub kind: PressKind,
    /// When the press was recognised (the caller's clock): the release of a short
    /// or double press, the long-press time of a long one.
    pub at: Instant,
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

    /// The first key (in pin order) held down for [`STUCK_KEY`] or longer as of
    /// the last scan: stuck, not pressed. None once it is released.
    pub fn stuck(&self) -> Option<Key> {
        self.keys
            .iter()
            .zip(&self.buttons)
            .find(|(_, b)| b.held().is_some_and(|held| held >= STUCK_KEY))
            .map(|(k, _)| *k)
    }

    /// Reads every pin at `now` and returns the presses recognised, in pin order.
    ///
    /// All pins are read before any state changes, so a scan that fails on one pin
    /// ([`ButtonError::PinRead`]) changes nothing and loses no press.
    pub fn scan(&mut self, now: Instant) -> Result<heapless::Vec<KeyEvent, N>, ButtonError> {
        let mut pressed = [false; N];
        for ((p, pin), key) in pressed.iter_mut().zip(&mut self.pins).zip(&self.keys) {
            let high = pin.is_high().map_err(|_| ButtonError::PinRead(*key))?;
            *p = self.polarity.is_on(high);
        }
        let mut events = heapless::Vec::new();
        for ((button, key), p) in self.buttons.iter_mut().zip(&self.keys).zip(pressed) {
            if let Some(kind) = button.update(now, p) {
                trace!("panel: {} {} at {}", key, kind, now);
                // Cannot fail: one press at most per key per scan, N keys.
                let _ = events.push(KeyEvent {
                    key: *key,
                    kind,
                    at: now,
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
