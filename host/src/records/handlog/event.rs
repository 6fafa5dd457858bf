//! Events as the log keeps them: the firmware's [`Event`] in its serde form (the
//! firmware's `serde` feature writes the form the log has always had), beside the text
//! the dealer read.

use firmware::Event;
use serde::{Deserialize, Deserializer, Serialize};

/// One event as the log keeps it: the line the dealer read, and the machine form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    /// The event's `Display` text.
    pub text: String,
    /// The machine form: always there in the log (a record without it does not read).
    /// `None` only in a copy served while the hand is in progress, where the event
    /// named a card the table does not show and only its text, with the card hidden,
    /// is kept (see the display's floor index).
    #[serde(deserialize_with = "logged")]
    pub event: Option<Event>,
}

/// A logged event must be one: `null` is not read as "no event".
fn logged<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Event>, D::Error> {
    Event::deserialize(d).map(Some)
}

impl From<&Event> for EventRecord {
    fn from(e: &Event) -> EventRecord {
        EventRecord {
            text: e.to_string(),
            event: Some(*e),
        }
    }
}
