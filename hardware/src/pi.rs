//! The Raspberry Pi: detecting one, and (feature `pi`) its GPIO through rppal.
//!
//! [`detect_pi`] reads `/proc/device-tree/model`, so it builds and runs on any
//! machine: `tablectl run` calls it first and, off a Pi, stops with
//! [`NotAPi`]'s message pointing to the bench table.
//!
//! With the `pi` feature, `open` claims the pins of a [`crate::pins::PinMap`]: the key matrix
//! rows as outputs and its columns as inputs with pull-ups, read by the firmware's
//! [`firmware::buttons::ButtonPanel`] through [`crate::matrix::MatrixPin`]s, and the
//! seat LEDs as outputs for [`firmware::buttons::SeatLeds`]. The feature builds on
//! any Linux (x86_64 included); opening the GPIO needs a Pi.

use std::fmt;
use std::path::Path;

/// Where Linux names the board.
pub const MODEL_PATH: &str = "/proc/device-tree/model";

/// A Raspberry Pi's model, as the device tree names it ("Raspberry Pi 4 Model B Rev
/// 1.5").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiModel(pub String);

impl fmt::Display for PiModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// This machine is not a Raspberry Pi.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPi {
    /// The board's name if the device tree gives one (another ARM board), or `None`
    /// (a PC, a container).
    pub found: Option<String>,
}

impl fmt::Display for NotAPi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this is not a Raspberry Pi: run the bench table with `cargo run --release`")?;
        if let Some(model) = &self.found {
            write!(f, " (this board is a {model})")?;
        }
        Ok(())
    }
}

impl std::error::Error for NotAPi {}

/// Whether this machine is a Raspberry Pi, and which.
pub fn detect_pi() -> Result<PiModel, NotAPi> {
    detect_pi_from(Path::new(MODEL_PATH))
}

/// [`detect_pi`] reading the model from `path` (for tests).
pub fn detect_pi_from(path: &Path) -> Result<PiModel, NotAPi> {
    let Ok(raw) = std::fs::read(path) else {
        return Err(NotAPi { found: None });
    };
    // The device tree string ends with a NUL.
    let model = String::from_utf8_lossy(&raw)
        .trim_end_matches('\0')
        .trim()
        .to_owned();
    if model.starts_with("Raspberry Pi") {
        Ok(PiModel(model))
    } else {
        Err(NotAPi {
            found: (!model.is_empty()).then_some(model),
        })
    }
}

/// Whether this build can drive a Pi's GPIO (the `pi` feature).
pub const GPIO_SUPPORTED: bool = cfg!(feature = "pi");

#[cfg(feature = "pi")]
pub use gpio::{open, LedPin, PiError, PiPins};

#[cfg(feature = "pi")]
mod gpio {
    use crate::matrix::{KeyMatrix, MatrixError, MatrixPin};
    use crate::pins::{Gpio, PinMap};
    use core::convert::Infallible;
    use embedded_hal::digital::ErrorType;
    use firmware::buttons::{ButtonConfig, ButtonPanel, SeatLeds, PANEL_KEYS};
    use firmware::config::MAX_SEATS;
    use rppal::gpio::{Gpio as Chip, InputPin, OutputPin};
    use std::fmt;
    use std::time::Duration;

    /// Why the Pi's pins could not be opened.
    #[derive(Debug)]
    pub enum PiError {
        /// The GPIO could not be opened (not a Pi, or no access to `/dev/gpiomem`:
        /// run as a member of the `gpio` group).
        Gpio(String),
        /// A pin is busy or does not exist.
        Pin {
            /// The BCM number.
            bcm: u8,
            /// Its physical pin.
            physical: u8,
            /// What rppal said.
            reason: String,
        },
        /// The matrix could not be set up.
        Matrix(MatrixError),
    }

    impl fmt::Display for PiError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                PiError::Gpio(e) => write!(
                    f,
                    "Cannot open the GPIO ({e}): run tablectl as a member of the `gpio` group"
                ),
                PiError::Pin {
                    bcm,
                    physical,
                    reason,
                } => write!(
                    f,
                    "Cannot use BCM {bcm} (physical pin {physical}): {reason}; \
                     is another program or a device-tree overlay using it?"
                ),
                PiError::Matrix(e) => write!(f, "{e}"),
            }
        }
    }

    impl std::error::Error for PiError {}

    /// A seat LED's pin: a GPIO, or nothing for a seat without an LED.
    #[derive(Debug)]
    pub enum LedPin {
        /// A GPIO output.
        Gpio(OutputPin),
        /// No LED fitted.
        None,
    }

    impl ErrorType for LedPin {
        type Error = Infallible;
    }

    impl embedded_hal::digital::OutputPin for LedPin {
        fn set_low(&mut self) -> Result<(), Infallible> {
            if let LedPin::Gpio(p) = self {
                p.set_low();
            }
            Ok(())
        }
        fn set_high(&mut self) -> Result<(), Infallible> {
            if let LedPin::Gpio(p) = self {
                p.set_high();
            }
            Ok(())
        }
    }

    /// The table's pins on the Pi.
    #[derive(Debug)]
    pub struct PiPins {
        /// The key matrix: call [`KeyMatrix::sample`] before each
        /// [`ButtonPanel::scan`].
        pub matrix: KeyMatrix<OutputPin, InputPin>,
        /// The firmware's panel over the matrix.
        pub panel: ButtonPanel<MatrixPin, PANEL_KEYS>,
        /// The seat LEDs, seat 1 first.
        pub leds: SeatLeds<LedPin, MAX_SEATS>,
    }

    fn pin(chip: &Chip, g: &Gpio) -> Result<rppal::gpio::Pin, PiError> {
        chip.get(g.bcm).map_err(|e| PiError::Pin {
            bcm: g.bcm,
            physical: g.physical,
            reason: e.to_string(),
        })
    }

    /// Claims the pins of `map`: matrix rows as outputs (high, idle), columns as
    /// inputs with pull-ups, seat LEDs as outputs (off).
    pub fn open(map: &PinMap, buttons: ButtonConfig) -> Result<PiPins, PiError> {
        let chip = Chip::new().map_err(|e| PiError::Gpio(e.to_string()))?;
        let mut rows = Vec::new();
        for g in &map.rows {
            rows.push(pin(&chip, g)?.into_output_high());
        }
        let mut columns = Vec::new();
        for g in &map.columns {
            columns.push(pin(&chip, g)?.into_input_pullup());
        }
        let matrix =
            KeyMatrix::new(rows, columns, Duration::from_micros(10)).map_err(PiError::Matrix)?;
        let panel = matrix.panel(&map.keys, buttons).map_err(PiError::Matrix)?;
        let mut leds: [LedPin; MAX_SEATS] = core::array::from_fn(|_| LedPin::None);
        for (slot, g) in leds.iter_mut().zip(&map.leds) {
            *slot = LedPin::Gpio(pin(&chip, g)?.into_output_low());
        }
        let mut leds = SeatLeds::new(leds, map.led_polarity);
        // Every LED off (the pins cannot fail: LedPin's error is Infallible).
        let _ = leds.show(None);
        Ok(PiPins {
            matrix,
            panel,
            leds,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_a_pi_and_refuses_anything_else() {
        let dir = std::env::temp_dir().join(format!("pimodel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("model");
        std::fs::write(&path, b"Raspberry Pi 4 Model B Rev 1.5\0").unwrap();
        assert_eq!(
            detect_pi_from(&path),
            Ok(PiModel("Raspberry Pi 4 Model B Rev 1.5".into()))
        );
        std::fs::write(&path, b"Pine64 RockPro64\0").unwrap();
        let e = detect_pi_from(&path).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this is not a Raspberry Pi: run the bench table with `cargo run --release` \
             (this board is a Pine64 RockPro64)"
        );
        std::fs::remove_dir_all(&dir).unwrap();
        let e = detect_pi_from(Path::new("/nonexistent/model")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this is not a Raspberry Pi: run the bench table with `cargo run --release`"
        );
    }
}
