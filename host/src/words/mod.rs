//! # The table's words, in each of the pages' languages
//!
//! Above [`crate::session`] (a refusal is the session's) and [`crate::web`] (the
//! languages), below the two pages that say them: the table's display and the
//! floor's service, whose hand pages tell a hand's log in the same words.
//!
//! - [`i18n`]: the labels, card names, streets, numbers and warnings;
//! - [`reasons`]: why an input was refused, from its kind;
//! - [`entries`]: one record of a hand's log, said from its structured data;
//! - [`card`]: a card's face and name;
//! - [`catalog`]: the files a translator edits (`host/i18n/`), loaded once.

pub mod card;
pub mod catalog;
pub mod entries;
pub mod i18n;
pub mod reasons;
