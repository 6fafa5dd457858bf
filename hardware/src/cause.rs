//! A refusal's cause kept whole: the words a person reads in the message, and the
//! error behind them when there is one (the operating system's, a parser's, the
//! store's), handed on by `source()` for whoever reads the chain (a log, a test, a
//! caller asking for the [`std::io::ErrorKind`]).
//!
//! The errors that hold a [`Cause`] derive `Clone` and `PartialEq` (the table's state
//! keeps them and the tests compare them); an `io::Error` is neither, so the cause is
//! shared, and two causes are equal when they say the same words.

use std::error::Error;
use std::fmt;
use std::sync::Arc;

/// The words of a refusal and, when another error said them, that error.
#[derive(Clone, Debug)]
pub struct Cause {
    words: String,
    error: Option<Arc<dyn Error + Send + Sync + 'static>>,
}

impl Cause {
    /// `error`, in its own words.
    pub fn of(error: impl Error + Send + Sync + 'static) -> Cause {
        Cause {
            words: error.to_string(),
            error: Some(Arc::new(error)),
        }
    }

    /// `error`, in other words than its own (a shorter part of them, or more).
    pub fn worded(words: impl Into<String>, error: impl Error + Send + Sync + 'static) -> Cause {
        Cause {
            words: words.into(),
            error: Some(Arc::new(error)),
        }
    }

    /// Our own words, with no error behind them (a file that reads but says nothing
    /// usable).
    pub fn said(words: impl Into<String>) -> Cause {
        Cause {
            words: words.into(),
            error: None,
        }
    }

    /// The words, as the message shows them.
    pub fn as_str(&self) -> &str {
        &self.words
    }

    /// The error behind the words, if another error said them.
    pub fn error(&self) -> Option<&(dyn Error + 'static)> {
        self.error.as_deref().map(|e| e as &(dyn Error + 'static))
    }

    /// The error behind the words, as `E` when it is one.
    pub fn downcast_ref<E: Error + 'static>(&self) -> Option<&E> {
        self.error()?.downcast_ref()
    }
}

/// The words, read as text (`cause.starts_with(..)`), as the message's text was.
impl std::ops::Deref for Cause {
    type Target = str;
    fn deref(&self) -> &str {
        &self.words
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words)
    }
}

/// Two causes are the same refusal when they say the same words.
impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.words == other.words
    }
}

impl Eq for Cause {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn the_error_behind_the_words_is_kept_whole() {
        let e = io::Error::new(io::ErrorKind::PermissionDenied, "no access");
        let cause = Cause::of(e);
        assert_eq!(cause.to_string(), "no access");
        assert_eq!(
            cause.downcast_ref::<io::Error>().map(io::Error::kind),
            Some(io::ErrorKind::PermissionDenied)
        );
        let worded = Cause::worded("short", io::Error::other("long words"));
        assert_eq!(worded.as_str(), "short");
        assert_eq!(
            worded.error().map(|e| e.to_string()).as_deref(),
            Some("long words")
        );
        assert!(Cause::said("empty").error().is_none());
        assert_eq!(Cause::said("no access"), cause);
    }
}
