//! The bench's button panel: presses played through the firmware's own debouncer.

use crate::rng::XorShift;
use core::convert::Infallible;
use embedded_hal::digital::{ErrorType, InputPin};
use firmware::buttons::{
    ButtonConfig, ButtonPanel, Key, KeyEvent, PressKind, ALL_KEYS, PANEL_KEYS,
};
use firmware::time::{Duration, Instant};
use std::cell::Cell;
use std::rc::Rc;

/// A simulated input pin: its level is set by the [`SimPanel`] that made it.
#[derive(Clone, Debug)]
pub struct SimPin(Rc<Cell<bool>>);

impl ErrorType for SimPin {
    type Error = Infallible;
}

impl InputPin for SimPin {
    fn is_high(&mut self) -> Result<bool, Infallible> {
        Ok(self.0.get())
    }
    fn is_low(&mut self) -> Result<bool, Infallible> {
        Ok(!self.0.get())
    }
}

#[derive(Clone, Copy, Debug)]
struct Press {
    key: usize,
    down: Instant,
    up: Instant,
    expect: PressKind,
}

/// Contact bounce at each edge of a press (well under the 20 ms debounce).
const BOUNCE: Duration = Duration::from_millis(6);

const fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// A simulated panel: all [`PANEL_KEYS`] keys wired active low as on the real panel,
/// read by the firmware's [`ButtonPanel`]. Script presses ([`SimPanel::tap`],
/// [`SimPanel::double_tap`], [`SimPanel::hold`], [`SimPanel::random`]), each with
/// contact bounce at both edges, then [`SimPanel::run`] scans every 2 ms and returns
/// the [`KeyEvent`]s; [`SimPanel::expected`] says what each press should give.
#[derive(Debug)]
pub struct SimPanel {
    levels: Vec<Rc<Cell<bool>>>,
    panel: ButtonPanel<SimPin, PANEL_KEYS>,
    config: ButtonConfig,
    presses: Vec<Press>,
    now: Instant,
    cursor: Instant,
    scan_every: Duration,
    first_live: usize,
}

impl SimPanel {
    /// A panel with these timings (the polarity is active low whatever `config` says:
    /// the simulated keys pull to ground).
    pub fn new(config: ButtonConfig) -> SimPanel {
        let mut config = config;
        config.polarity = firmware::buttons::Polarity::ActiveLow;
        let levels: Vec<Rc<Cell<bool>>> =
            (0..PANEL_KEYS).map(|_| Rc::new(Cell::new(true))).collect();
        let pins: [SimPin; PANEL_KEYS] =
            core::array::from_fn(|i| SimPin(levels.get(i).cloned().unwrap_or_default()));
        // ALL_KEYS has each key once, so the panel cannot refuse it.
        let panel = match ButtonPanel::new(pins, ALL_KEYS, config) {
            Ok(p) => p,
            Err(e) => unreachable!("ALL_KEYS maps a key twice: {e}"),
        };
        SimPanel {
            levels,
            panel,
            config,
            presses: Vec::new(),
            now: Instant::ZERO,
            cursor: Instant::from_millis(100),
            scan_every: ms(2),
            first_live: 0,
        }
    }

    fn index(key: Key) -> usize {
        ALL_KEYS.iter().position(|k| *k == key).unwrap_or(0)
    }

    fn add(&mut self, key: Key, hold: Duration, gap_after: Duration, expect: PressKind) {
        // A press scripted after the panel has run starts after what was scanned.
        let down = self.cursor.max(self.now + self.scan_every);
        let up = down + hold;
        log::debug!(
            "sim panel: {key} down at {} ms, up at {} ms ({expect})",
            down.total_millis(),
            up.total_millis()
        );
        self.presses.push(Press {
            key: Self::index(key),
            down,
            up,
            expect,
        });
        self.cursor = up + gap_after;
    }

    /// A short press after the presses already scripted.
    pub fn tap(&mut self, key: Key) -> &mut SimPanel {
        let gap = self.config.double_press + ms(150);
        self.add(key, ms(120), gap, PressKind::Short);
        self
    }

    /// Two quick presses: a short one and a double one.
    pub fn double_tap(&mut self, key: Key) -> &mut SimPanel {
        let gap = self.config.double_press + ms(150);
        self.add(key, ms(100), self.config.double_press / 2, PressKind::Short);
        self.add(key, ms(100), gap, PressKind::Double);
        self
    }

    /// A long press (held 200 ms past the long-press time).
    pub fn hold(&mut self, key: Key) -> &mut SimPanel {
        let gap = self.config.double_press + ms(150);
        self.add(key, self.config.long_press + ms(200), gap, PressKind::Long);
        self
    }

    /// A key jammed down for `held` (past [`firmware::buttons::STUCK_KEY`] to be
    /// stuck), then freed: a long press, and stuck while held.
    pub fn jam(&mut self, key: Key, held: Duration) -> &mut SimPanel {
        let gap = self.config.double_press + ms(150);
        self.add(key, held, gap, PressKind::Long);
        self
    }

    /// The key the firmware's panel finds stuck as of the last scan.
    pub fn stuck(&self) -> Option<Key> {
        self.panel.stuck()
    }

    /// Types an amount on the keypad and ENTER.
    pub fn amount(&mut self, amount: u64) -> &mut SimPanel {
        // Every byte of a number's decimal text is a digit.
        for key in amount
            .to_string()
            .bytes()
            .filter_map(|c| Key::digit(c - b'0'))
        {
            self.tap(key);
        }
        self.tap(Key::Enter)
    }

    /// `count` random presses of random keys from `seed`: short or long, never
    /// ambiguous (every hold and gap is well clear of the thresholds).
    pub fn random(&mut self, count: usize, seed: u64) -> &mut SimPanel {
        let mut rng = XorShift::new(seed);
        for _ in 0..count {
            let key = ALL_KEYS
                .get(rng.below(PANEL_KEYS as u64) as usize)
                .copied()
                .unwrap_or(Key::Fold);
            let gap = self.config.double_press + ms(100 + rng.below(300));
            if rng.below(4) == 0 {
                let hold = self.config.long_press + ms(100 + rng.below(400));
                self.add(key, hold, gap, PressKind::Long);
            } else {
                let hold = ms(50 + rng.below(self.config.long_press.total_millis() / 2));
                self.add(key, hold, gap, PressKind::Short);
            }
        }
        self
    }

    /// What each scripted press should give, in order.
    pub fn expected(&self) -> Vec<(Key, PressKind)> {
        self.presses
            .iter()
            .map(|p| (ALL_KEYS.get(p.key).copied().unwrap_or(Key::Fold), p.expect))
            .collect()
    }

    /// When the script ends (every press released and recognised).
    pub fn end(&self) -> Instant {
        self.cursor + self.config.debounce + BOUNCE + self.config.long_press
    }

    /// Whether press `p` holds its key down at `t` (with chatter at both edges).
    fn holds(p: &Press, t: Instant) -> bool {
        let bouncing = |edge: Instant| t >= edge && t < edge + BOUNCE;
        if bouncing(p.down) || bouncing(p.up) {
            // Chatter: the contact makes and breaks every few ms.
            (t.total_millis() / 2).is_multiple_of(2)
        } else {
            t >= p.down && t < p.up
        }
    }

    /// Scans until `until`, returning the presses recognised.
    pub fn run_until(&mut self, until: Instant) -> Vec<KeyEvent> {
        let mut events = Vec::new();
        while self.now < until {
            self.now += self.scan_every;
            // Presses are scripted one after another: skip those long over.
            while self
                .presses
                .get(self.first_live)
                .is_some_and(|p| p.up + BOUNCE <= self.now)
            {
                self.first_live += 1;
            }
            let mut down = [false; PANEL_KEYS];
            for p in self.presses.iter().skip(self.first_live) {
                if p.down > self.now {
                    break;
                }
                if let Some(d) = down.get_mut(p.key) {
                    *d |= Self::holds(p, self.now);
                }
            }
            for (level, d) in self.levels.iter().zip(down) {
                level.set(!d);
            }
            match self.panel.scan(self.now) {
                Ok(found) => events.extend(found),
                Err(e) => log::warn!("sim panel: {e}"),
            }
        }
        for e in &events {
            log::debug!(
                "sim panel: {} {} at {} ms",
                e.key,
                e.kind,
                e.at.total_millis()
            );
        }
        events
    }

    /// Scans to the end of the script.
    pub fn run(&mut self) -> Vec<KeyEvent> {
        let end = self.end();
        self.run_until(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(events: &[KeyEvent]) -> Vec<(Key, PressKind)> {
        events.iter().map(|e| (e.key, e.kind)).collect()
    }

    #[test]
    fn scripted_presses_give_exactly_their_events() {
        let mut p = SimPanel::new(ButtonConfig::default());
        p.tap(Key::Fold)
            .double_tap(Key::CheckCall)
            .hold(Key::Misdeal)
            .amount(1500);
        let events = p.run();
        assert_eq!(kinds(&events), p.expected());
        assert_eq!(
            events[2].check(),
            Err(firmware::buttons::ButtonError::RepeatedPress(
                Key::CheckCall
            ))
        );
        assert_eq!(events[3].check(), Ok(Key::Misdeal));
    }

    #[test]
    fn random_presses_with_bounce_are_never_missed_doubled_or_invented() {
        for seed in 1..=5 {
            let mut p = SimPanel::new(ButtonConfig::default());
            p.random(300, seed);
            let events = p.run();
            assert_eq!(kinds(&events), p.expected(), "seed {seed}");
        }
    }
}
