//! The seat LEDs: whose turn it is.

use super::config::Polarity;
use super::error::ButtonError;
use crate::rules::SeatNo;
use embedded_hal::digital::OutputPin;

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
            if s.get() > leds {
                return Err(ButtonError::NoSuchSeatLed { seat: s, leds });
            }
        }
        self.lit = None;
        let polarity = self.polarity;
        for (n, pin) in SeatNo::up_to(leds).zip(&mut self.pins) {
            if Some(n) != seat {
                set(pin, polarity, false).map_err(|_| ButtonError::LedWrite(n))?;
            }
        }
        if let Some(s) = seat {
            let pin = self
                .pins
                .get_mut(s.index())
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
