//! The button panel's key matrix, over embedded-hal pins.
//!
//! The panel's 31 keys sit in a matrix of rows (outputs) and columns (inputs with
//! pull-ups), one diode per key, cathode towards the row (`docs/wiring.md`). To read
//! it, [`KeyMatrix::sample`] drives one row low at a time and reads every column: a
//! column reads low where a key of that row is down. The diodes stop a current path
//! through other held keys, so any number of keys may be held at once (MISDEAL held
//! while a seat key is down reads right).
//!
//! The firmware's [`ButtonPanel`] wants one input pin per key: [`MatrixPin`] is that
//! pin, reading the key's level from the last sample. So the runtime loop is
//! `matrix.sample()?; panel.scan(now)?`, and the debouncing, long and double presses
//! are the firmware's, as on the bench.

use core::convert::Infallible;
use embedded_hal::digital::{ErrorType, InputPin, OutputPin};
use firmware::buttons::{ButtonConfig, ButtonPanel, Key, Polarity, PANEL_KEYS};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use std::time::Duration;

/// Why the matrix could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixError {
    /// A row's pin could not be driven.
    RowWrite(usize),
    /// A column's pin could not be read.
    ColumnRead(usize),
    /// The key list does not have one entry per panel key, inside the matrix.
    BadKeyMap,
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixError::RowWrite(r) => write!(
                f,
                "Could not drive row {r} of the button matrix: check the panel's cable"
            ),
            MatrixError::ColumnRead(c) => write!(
                f,
                "Could not read column {c} of the button matrix: check the panel's cable"
            ),
            MatrixError::BadKeyMap => f.write_str(
                "The key map does not place every panel key inside the matrix: fix pins.toml",
            ),
        }
    }
}

impl std::error::Error for MatrixError {}

/// The matrix: row outputs, column inputs, and the last sample.
#[derive(Debug)]
pub struct KeyMatrix<O: OutputPin, I: InputPin> {
    rows: Vec<O>,
    columns: Vec<I>,
    settle: Duration,
    pressed: Rc<RefCell<Vec<bool>>>,
}

impl<O: OutputPin, I: InputPin> KeyMatrix<O, I> {
    /// A matrix on these pins, every row driven high (idle). `settle` is the wait
    /// between driving a row and reading the columns (10 us is plenty for a panel
    /// cable; zero for simulated pins).
    pub fn new(mut rows: Vec<O>, columns: Vec<I>, settle: Duration) -> Result<Self, MatrixError> {
        for (r, pin) in rows.iter_mut().enumerate() {
            pin.set_high().map_err(|_| MatrixError::RowWrite(r))?;
        }
        let n = rows.len() * columns.len();
        Ok(KeyMatrix {
            rows,
            columns,
            settle,
            pressed: Rc::new(RefCell::new(vec![false; n])),
        })
    }

    /// Reads every key. On an error the last sample is kept whole (no half-read
    /// matrix), and the row is released.
    pub fn sample(&mut self) -> Result<(), MatrixError> {
        let width = self.columns.len();
        let mut next = vec![false; self.rows.len() * width];
        for (r, row) in self.rows.iter_mut().enumerate() {
            row.set_low().map_err(|_| MatrixError::RowWrite(r))?;
            if !self.settle.is_zero() {
                std::thread::sleep(self.settle);
            }
            let mut result = Ok(());
            for (c, col) in self.columns.iter_mut().enumerate() {
                match col.is_low() {
                    Ok(low) => {
                        if let Some(slot) = next.get_mut(r * width + c) {
                            *slot = low;
                        }
                    }
                    Err(_) => {
                        result = Err(MatrixError::ColumnRead(c));
                        break;
                    }
                }
            }
            row.set_high().map_err(|_| MatrixError::RowWrite(r))?;
            result?;
        }
        *self.pressed.borrow_mut() = next;
        Ok(())
    }

    /// Whether the key at `(row, column)` was down at the last sample.
    pub fn is_pressed(&self, row: usize, column: usize) -> bool {
        column < self.columns.len()
            && self
                .pressed
                .borrow()
                .get(row * self.columns.len() + column)
                .copied()
                .unwrap_or(false)
    }

    /// The input pin of the key at `(row, column)`: low while the key is down (active
    /// low, like a key to ground).
    pub fn key_pin(&self, row: usize, column: usize) -> MatrixPin {
        MatrixPin {
            pressed: Rc::clone(&self.pressed),
            index: (column < self.columns.len()).then(|| row * self.columns.len() + column),
        }
    }

    /// The firmware's button panel over this matrix: `keys` gives each panel key's
    /// `(row, column)` (as [`crate::pins::PinMap::keys`] does), all
    /// [`PANEL_KEYS`] of them. The config's polarity is set to active low.
    pub fn panel(
        &self,
        keys: &[(Key, usize, usize)],
        config: ButtonConfig,
    ) -> Result<ButtonPanel<MatrixPin, PANEL_KEYS>, MatrixError> {
        if keys.len() != PANEL_KEYS
            || keys
                .iter()
                .any(|(_, r, c)| *r >= self.rows.len() || *c >= self.columns.len())
        {
            return Err(MatrixError::BadKeyMap);
        }
        let pins: [MatrixPin; PANEL_KEYS] = core::array::from_fn(|i| {
            let (_, r, c) = keys.get(i).copied().unwrap_or((Key::Fold, 0, 0));
            self.key_pin(r, c)
        });
        let names: [Key; PANEL_KEYS] =
            core::array::from_fn(|i| keys.get(i).map_or(Key::Fold, |(k, _, _)| *k));
        let mut config = config;
        config.polarity = Polarity::ActiveLow;
        ButtonPanel::new(pins, names, config).map_err(|_| MatrixError::BadKeyMap)
    }
}

/// One key of a [`KeyMatrix`] as an input pin (see [`KeyMatrix::key_pin`]).
#[derive(Clone, Debug)]
pub struct MatrixPin {
    pressed: Rc<RefCell<Vec<bool>>>,
    index: Option<usize>,
}

impl ErrorType for MatrixPin {
    type Error = Infallible;
}

impl InputPin for MatrixPin {
    fn is_high(&mut self) -> Result<bool, Infallible> {
        Ok(!self.is_low()?)
    }
    fn is_low(&mut self) -> Result<bool, Infallible> {
        Ok(self
            .index
            .and_then(|i| self.pressed.borrow().get(i).copied())
            .unwrap_or(false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pins::PinMap;
    use firmware::buttons::{KeyEvent, PressKind};

    /// A model of the wired matrix: which rows are driven low, which keys are down.
    #[derive(Default)]
    struct Wiring {
        rows_low: Vec<bool>,
        down: Vec<(usize, usize)>,
    }

    struct Row(Rc<RefCell<Wiring>>, usize);
    struct Col(Rc<RefCell<Wiring>>, usize);

    impl ErrorType for Row {
        type Error = Infallible;
    }
    impl OutputPin for Row {
        fn set_low(&mut self) -> Result<(), Infallible> {
            self.0.borrow_mut().rows_low[self.1] = true;
            Ok(())
        }
        fn set_high(&mut self) -> Result<(), Infallible> {
            self.0.borrow_mut().rows_low[self.1] = false;
            Ok(())
        }
    }
    impl ErrorType for Col {
        type Error = Infallible;
    }
    impl InputPin for Col {
        fn is_high(&mut self) -> Result<bool, Infallible> {
            Ok(!self.is_low()?)
        }
        fn is_low(&mut self) -> Result<bool, Infallible> {
            let w = self.0.borrow();
            // With the diodes, only a driven row pulls a column low.
            Ok(w.down.iter().any(|&(r, c)| c == self.1 && w.rows_low[r]))
        }
    }

    fn matrix() -> (KeyMatrix<Row, Col>, Rc<RefCell<Wiring>>) {
        let w = Rc::new(RefCell::new(Wiring {
            rows_low: vec![true; 6],
            down: vec![],
        }));
        let rows = (0..6).map(|i| Row(Rc::clone(&w), i)).collect();
        let cols = (0..6).map(|i| Col(Rc::clone(&w), i)).collect();
        let m = KeyMatrix::new(rows, cols, Duration::ZERO).unwrap();
        assert!(w.borrow().rows_low.iter().all(|l| !l), "rows idle high");
        (m, w)
    }

    #[test]
    fn several_keys_held_read_right() {
        let (mut m, w) = matrix();
        w.borrow_mut().down = vec![(0, 0), (3, 0), (3, 4)];
        m.sample().unwrap();
        for r in 0..6 {
            for c in 0..6 {
                assert_eq!(
                    m.is_pressed(r, c),
                    [(0, 0), (3, 0), (3, 4)].contains(&(r, c))
                );
            }
        }
        assert!(!m.is_pressed(0, 6));
        assert!(m.key_pin(3, 4).is_low().unwrap());
    }

    #[test]
    fn the_panel_reads_presses_through_the_matrix() {
        let (mut m, w) = matrix();
        let keys = PinMap::shipped().unwrap().keys;
        let mut panel = m.panel(&keys, ButtonConfig::default()).unwrap();
        let misdeal = keys
            .iter()
            .find(|(k, _, _)| *k == Key::Misdeal)
            .map(|&(_, r, c)| (r, c))
            .unwrap();
        let seat = keys
            .iter()
            .find(|(k, _, _)| Some(*k) == Key::seat(4))
            .map(|&(_, r, c)| (r, c))
            .unwrap();
        let mut events: Vec<KeyEvent> = Vec::new();
        for t in (0..2000).step_by(5) {
            w.borrow_mut().down = match t {
                100..=1100 => vec![misdeal, seat],
                _ => vec![],
            };
            if t > 200 {
                w.borrow_mut().down.retain(|k| *k != seat);
            }
            m.sample().unwrap();
            events.extend(panel.scan(firmware::time::Instant::from_millis(t)).unwrap());
        }
        let got: Vec<_> = events.iter().map(|e| (e.key, e.kind)).collect();
        assert_eq!(
            got,
            [
                (Key::seat(4).unwrap(), PressKind::Short),
                (Key::Misdeal, PressKind::Long)
            ]
        );
        assert_eq!(
            m.panel(&keys[1..], ButtonConfig::default()).err(),
            Some(MatrixError::BadKeyMap)
        );
    }
}
