//! The runtime's panel on the Raspberry Pi: the key matrix and the seat LEDs through
//! rppal ([`hardware::pi`]).

use super::{Panel, PanelError};
use firmware::buttons::KeyEvent;
use firmware::time::Instant;
use firmware::SeatNo;
use hardware::pi::PiPins;

/// The Pi's panel: sample the matrix, scan the firmware's panel, light the LEDs.
pub struct PiPanel(pub PiPins);

impl Panel for PiPanel {
    fn scan(&mut self, now: Instant) -> Result<Vec<KeyEvent>, PanelError> {
        self.0.matrix.sample().map_err(PanelError::Matrix)?;
        let presses = self.0.panel.scan(now).map_err(PanelError::Buttons)?;
        Ok(presses.into_iter().collect())
    }

    fn show_turn(&mut self, seat: Option<SeatNo>) -> Result<(), PanelError> {
        self.0.leds.show(seat).map_err(PanelError::Buttons)
    }

    fn stuck(&self) -> Option<firmware::buttons::Key> {
        self.0.panel.stuck()
    }
}
