//! Which hand a record belongs to: the hand index written with each record, and
//! checked against the records when the log is walked.

use super::record::Parsed;
use firmware::{Event, Input};

/// Follows the hands through the records, mirroring the engine's record of the hand in
/// progress so an UNDO of NEXT HAND closes the hand again. A record belongs to the hand
/// in progress when it is written, including refusals, raw frames, key presses and
/// notes; the records that start and finish a hand belong to it.
#[derive(Clone, Debug, Default)]
pub(super) struct HandTracker {
    pub(super) current: Option<u32>,
    /// The inputs UNDO can still take back, as the engine keeps them.
    pub(super) undoable: Vec<Input>,
}

impl HandTracker {
    pub(super) fn place(&mut self, p: &Parsed) -> Option<u32> {
        let Parsed::Input { input, events, .. } = p else {
            return self.current;
        };
        let has = |f: fn(&Event) -> bool| events.iter().filter_map(|e| e.event.as_ref()).any(f);
        if let Some(n) = events.iter().find_map(|e| match e.event {
            Some(Event::HandStarted { number, .. }) => Some(number),
            _ => None,
        }) {
            self.current = Some(n);
            self.undoable = vec![*input];
            return self.current;
        }
        let hand = self.current?;
        if *input == Input::Undo {
            if self.undoable.pop() == Some(Input::StartHand) {
                // NEXT HAND itself was undone: the hand is closed until dealt again.
                self.current = None;
            }
        } else if has(|e| matches!(e, Event::Misdealt { .. })) {
            // The engine keeps only what the misdeal re-applies.
            self.undoable
                .retain(|i| matches!(i, Input::StartHand | Input::Straddle { .. }));
            self.undoable.push(*input);
        } else {
            self.undoable.push(*input);
        }
        if has(|e| matches!(e, Event::Redeal { .. })) {
            self.undoable.clear();
        }
        if has(|e| matches!(e, Event::HandComplete { .. })) {
            self.current = None;
            self.undoable.clear();
        }
        Some(hand)
    }
}
