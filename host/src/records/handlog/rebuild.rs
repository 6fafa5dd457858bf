//! The one replay of the hand log onto a bare table ([`Rebuild`]): crash recovery
//! ([`rebuild_table`](super::rebuild_table)), the PHH export and the floor's live view
//! all feed it the log's records in order, so the three can never disagree on what a
//! log means, and a rule of replay is changed in one place.
//!
//! The rules of replay:
//!
//! - The configuration comes first and once: the first one sets the table up; a later
//!   one (a log has exactly one, [`LogError::ConfigAlreadyWritten`]) changes nothing.
//!   An input before any configuration is [`LogError::NoConfig`].
//! - Only accepted inputs are replayed. Refusals, shoe frames, key presses, notes and
//!   program records belong to no engine state: they are fed and change nothing.
//! - Corrections are the engine's own: an UNDO or a MISDEAL is replayed as an input,
//!   and the engine takes back what it took back at the table.
//! - An input the engine refuses stops the replay there: the log and the engine
//!   disagree ([`LogError::Replay`]), and nothing after it is replayed.

use super::audit::Entry;
use super::error::LogError;
use super::event::EventRecord;
use super::input::{encode_input, parse_input, InputParseError};
use super::payload_error::PayloadError;
use super::sealed::SealedRecord;
use firmware::{Event, Input, Table, TableConfig};
use std::fmt;

/// A bare table fed the hand log record by record. Before its configuration it has
/// no table. A record that does not replay changes nothing (the engine refuses
/// without a change); its readers stop there, as the log and the engine disagree.
#[derive(Clone, Debug, Default)]
pub struct Rebuild {
    /// `None` before the configuration.
    table: Option<Table>,
    /// How many inputs were replayed: the next one's position among the accepted
    /// inputs, as [`LogError::Replay`] names it.
    replayed: usize,
}

/// What one record did to the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fed<'a> {
    /// An accepted input, replayed.
    Replayed(Replayed<'a>),
    /// A record that belongs to no engine state (a refusal, a shoe frame, a key
    /// press, a note, a program record) or a configuration (taken by
    /// [`Rebuild::configure`]): the table is unchanged.
    Kept,
}

/// An accepted input as the log holds it and as the engine took it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed<'a> {
    /// The input.
    pub input: Input,
    /// Its text, as the log writes it.
    pub text: &'a str,
    /// The events the dealer saw when it was taken, as the log keeps them.
    pub events: &'a [EventRecord],
    /// The hand this input started (NEXT HAND, or NEXT HAND again after an UNDO of
    /// it), if it started one.
    pub started: Option<u32>,
    /// Whether every chip of the hand was paid by this input: the hand is over.
    pub complete: bool,
}

impl Replayed<'_> {
    /// Whether one of its events is one `f` matches.
    pub fn has(&self, f: fn(&Event) -> bool) -> bool {
        self.events.iter().filter_map(|e| e.event.as_ref()).any(f)
    }
}

/// Why a record did not replay. Each message says what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RebuildError {
    /// The log's own error: an input before the configuration
    /// ([`LogError::NoConfig`]), settings no table plays ([`LogError::BadConfig`]),
    /// an input the engine refuses ([`LogError::Replay`]).
    Log(LogError),
    /// An input record whose text does not read.
    Input(InputParseError),
    /// A record whose payload does not read ([`PayloadError`]'s words).
    Payload {
        /// What does not read.
        detail: String,
    },
}

impl fmt::Display for RebuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RebuildError::Log(e) => write!(f, "{e}"),
            RebuildError::Input(e) => write!(f, "{e}"),
            RebuildError::Payload { detail: e } => write!(
                f,
                "a record does not read ({e}); run `tablectl audit verify` and call the floor"
            ),
        }
    }
}

impl std::error::Error for RebuildError {}

impl From<LogError> for RebuildError {
    fn from(e: LogError) -> Self {
        RebuildError::Log(e)
    }
}

impl Rebuild {
    /// A replay waiting for the log's configuration record.
    pub fn new() -> Rebuild {
        Rebuild::default()
    }

    /// A replay of a log whose configuration, `cfg`, was read apart from its records
    /// (a later configuration record among them changes nothing).
    pub fn configured(cfg: TableConfig) -> Result<Rebuild, LogError> {
        let mut r = Rebuild::new();
        r.configure(cfg)?;
        Ok(r)
    }

    /// The table as replayed so far (`None` before the configuration).
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// The table as replayed, once the replay is over.
    pub fn into_table(self) -> Option<Table> {
        self.table
    }

    /// Takes the configuration: the first sets the table up, a later one changes
    /// nothing. Gives whether it was taken.
    pub fn configure(&mut self, cfg: TableConfig) -> Result<bool, LogError> {
        if self.table.is_some() {
            return Ok(false);
        }
        let table = Table::new(cfg).map_err(|e| LogError::BadConfig {
            detail: e.to_string(),
        })?;
        self.table = Some(table);
        Ok(true)
    }

    /// Replays one accepted input.
    pub fn input(&mut self, input: Input) -> Result<&Table, LogError> {
        self.replay(input, || encode_input(&input))
    }

    /// [`Rebuild::input`], naming the input with `text` when it is refused.
    fn replay(&mut self, input: Input, text: impl FnOnce() -> String) -> Result<&Table, LogError> {
        let index = self.replayed;
        let t = self.table.as_mut().ok_or(LogError::NoConfig)?;
        if let Err(error) = t.handle(input) {
            return Err(LogError::Replay {
                index,
                input: text(),
                error,
            });
        }
        self.replayed += 1;
        Ok(t)
    }

    /// Feeds one record as the log's readers have it ([`Entry`]). The configuration's
    /// settings are not in an entry's form: they come through
    /// [`Rebuild::configure`], and a configuration entry changes nothing.
    pub fn feed<'a>(&mut self, entry: &'a Entry) -> Result<Fed<'a>, RebuildError> {
        let Entry::Input { input, events, .. } = entry else {
            return Ok(Fed::Kept);
        };
        let parsed = parse_input(input).map_err(RebuildError::Input)?;
        self.replay(parsed, || input.clone())?;
        Ok(Fed::Replayed(Replayed {
            input: parsed,
            text: input,
            events,
            started: events.iter().find_map(|e| match e.event {
                Some(Event::HandStarted { number, .. }) => Some(number),
                _ => None,
            }),
            complete: events
                .iter()
                .any(|e| matches!(e.event, Some(Event::HandComplete { .. }))),
        }))
    }

    /// Feeds one record as it is shipped ([`SealedRecord`]): its configuration, or
    /// its entry.
    pub fn feed_sealed(&mut self, record: &SealedRecord) -> Result<(), RebuildError> {
        let read = |e: PayloadError| RebuildError::Payload {
            detail: e.to_string(),
        };
        if let Some(cfg) = record.config().map_err(read)? {
            self.configure(cfg)?;
            return Ok(());
        }
        let entry = record.entry().map_err(read)?;
        self.feed(&entry.entry)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ch;
    use firmware::{Game, RuleError, Structure};

    fn cfg(big_blind: u64) -> TableConfig {
        TableConfig::new(
            Game::Holdem,
            Structure::NoLimit,
            ch(big_blind / 2),
            ch(big_blind),
        )
    }

    fn input(text: &str) -> Entry {
        Entry::Input {
            input: text.to_string(),
            events: Vec::new(),
            correction: false,
        }
    }

    /// The floor's live view used to start its table over on every configuration
    /// record, where recovery and the export keep the first: a configuration after
    /// the first (which no log the table writes holds) changes nothing.
    #[test]
    fn a_configuration_after_the_first_changes_nothing() {
        let mut r = Rebuild::new();
        assert_eq!(r.configure(cfg(10)), Ok(true));
        r.input(parse_input("seat 1 500").unwrap()).unwrap();
        let before = r.table().cloned();
        assert_eq!(r.configure(cfg(20)), Ok(false));
        assert_eq!(r.table().cloned(), before);
        assert_eq!(r.table().map(|t| t.config().stakes.big_blind), Some(ch(10)));
    }

    /// The floor's live view used to skip an input that came before the
    /// configuration and then replay the rest from a bare table, which was not the
    /// table's: such an input (which no log the table writes holds) is the log's
    /// [`LogError::NoConfig`].
    #[test]
    fn an_input_before_the_configuration_is_no_config() {
        let mut r = Rebuild::new();
        assert_eq!(
            r.feed(&input("seat 1 500")),
            Err(RebuildError::Log(LogError::NoConfig))
        );
        assert_eq!(r.table(), None);
    }

    /// Records that belong to no engine state are kept, the table unchanged; an
    /// input is replayed and says the hand it starts; a refused one is named with
    /// its place among the accepted inputs.
    #[test]
    fn inputs_replay_and_other_records_are_kept() {
        let mut r = Rebuild::configured(cfg(10)).unwrap();
        let note = Entry::Note {
            text: "floor: all good".to_string(),
        };
        assert_eq!(r.feed(&note), Ok(Fed::Kept));
        for text in ["seat 1 500", "seat 2 500"] {
            assert!(matches!(r.feed(&input(text)), Ok(Fed::Replayed(_))));
        }
        assert_eq!(
            r.feed(&input("fold")),
            Err(RebuildError::Log(LogError::Replay {
                index: 2,
                input: "fold".to_string(),
                error: RuleError::NoHand,
            }))
        );
        assert!(matches!(
            r.feed(&input("bet x")),
            Err(RebuildError::Input(_))
        ));
    }
}
