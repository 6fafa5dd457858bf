//! The panel's timing and wiring, and their defaults.

use crate::time::Duration;

/// Default time a level must hold before the debouncer believes it.
pub const DEFAULT_DEBOUNCE: Duration = Duration::from_millis(20);
/// Default time a key must be held to be a long press.
pub const DEFAULT_LONG_PRESS: Duration = Duration::from_millis(800);
/// A key held down this long is stuck, not pressed: the longest gesture, a long
/// press (MISDEAL, NEXT HAND: [`DEFAULT_LONG_PRESS`]), is over in about a second;
/// a key still down after several is a jammed contact or something lying on the
/// panel, and the dealer must be told before the next press of that key is lost.
pub const STUCK_KEY: Duration = Duration::from_secs(5);
/// Default longest gap between the end of a press and the start of the next one for
/// the second to be a double press.
pub const DEFAULT_DOUBLE_PRESS: Duration = Duration::from_millis(300);

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
    /// Whether a pin read `high` (or set so) is on.
    pub(super) const fn is_on(self, high: bool) -> bool {
        match self {
            Polarity::ActiveHigh => high,
            Polarity::ActiveLow => !high,
        }
    }
}

/// Timing and wiring of the button panel. `#[non_exhaustive]`: start from
/// `ButtonConfig::default()`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ButtonConfig {
    /// Stable time of the debouncer (default 20 ms).
    pub debounce: Duration,
    /// Hold time of a long press (default 800 ms).
    pub long_press: Duration,
    /// Double-press window (default 300 ms).
    pub double_press: Duration,
    /// Which pin level is "pressed" (default active low).
    pub polarity: Polarity,
}

impl ButtonConfig {
    /// The defaults.
    pub const fn new() -> ButtonConfig {
        ButtonConfig {
            debounce: DEFAULT_DEBOUNCE,
            long_press: DEFAULT_LONG_PRESS,
            double_press: DEFAULT_DOUBLE_PRESS,
            polarity: Polarity::ActiveLow,
        }
    }
}

impl Default for ButtonConfig {
    fn default() -> ButtonConfig {
        ButtonConfig::new()
    }
}
