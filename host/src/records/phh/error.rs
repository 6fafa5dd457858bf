//! Why a hand history could not be read: [`PhhError`], with the line and a message
//! that says what to fix.

use super::document::Value;
use hardware::cause::Cause;
use hardware::text::excerpt;
use std::fmt;
use std::path::PathBuf;

/// Why a hand history could not be read. `Display` gives
/// `[path: ]line N: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhError {
    /// The file, when the text came from [`parse_file`](super::parse_file).
    pub path: Option<PathBuf>,
    /// The 1-based line the problem is on, when there is one.
    pub line: Option<usize>,
    /// What went wrong.
    pub kind: PhhErrorKind,
}

/// What is wrong with a hand history. Each message says what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PhhErrorKind {
    /// The file could not be read (the operating system's error, kept whole).
    Io(Cause),
    /// The text is not TOML of the kind a hand history uses: fix the quoting,
    /// brackets or `key = value` layout at the line given.
    Syntax(String),
    /// The same key (or `[section]`) is defined twice in one hand: delete one.
    Duplicate(String),
    /// A field the variant needs is missing (`variant` itself, `antes`, `min_bet`...).
    MissingField {
        /// The field.
        field: &'static str,
        /// The variant that needs it (empty for fields every hand needs).
        variant: &'static str,
    },
    /// A field (or an element of an array field) has the wrong type.
    WrongType {
        /// The field.
        field: String,
        /// What it should be ("a number", "an array of strings"...).
        expected: &'static str,
        /// What the file has, as written.
        found: String,
    },
    /// The variant is not one this table plays (NT, FT, PT, PO, FO/8 and our
    /// extensions, [`Variant::ALL`](super::Variant::ALL)).
    UnsupportedVariant(String),
    /// An amount cannot be used: negative, too many decimal places, or too large
    /// once every amount of the file is in one chip unit.
    BadAmount {
        /// The field (`actions` for a `cbr` amount).
        field: String,
        /// The amount as written.
        value: String,
        /// Why it cannot be used.
        reason: String,
    },
    /// An array has a different length from `starting_stacks`, or there are fewer
    /// than two players.
    PlayerCount {
        /// The field.
        field: String,
        /// Its length.
        found: usize,
        /// The number of players (`starting_stacks`).
        players: usize,
    },
    /// An action string does not follow the PHH action notation.
    BadAction {
        /// 0-based index in `actions`.
        index: usize,
        /// The action as written.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The file's layout of hands is wrong (no hand at all, keys before the first
    /// `[N]` section of a `.phhs` file, one hand expected but several found).
    Structure(String),
}

impl fmt::Display for PhhErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhhErrorKind::Io(m) => write!(f, "cannot read the file: {m}"),
            PhhErrorKind::Syntax(m) | PhhErrorKind::Structure(m) => f.write_str(m),
            PhhErrorKind::Duplicate(k) => {
                write!(f, "`{}` is defined twice: keep one", excerpt(k))
            }
            PhhErrorKind::MissingField { field, variant: "" } => {
                write!(f, "missing required field `{field}`")
            }
            PhhErrorKind::MissingField { field, variant } => {
                write!(f, "missing required field `{field}` (variant {variant})")
            }
            PhhErrorKind::WrongType {
                field,
                expected,
                found,
            } => write!(
                f,
                "expected {expected} in `{}`, found {}",
                excerpt(field),
                excerpt(found)
            ),
            PhhErrorKind::UnsupportedVariant(v) => write!(
                f,
                "unsupported variant {:?}: this table plays NT, FT, PT, PO, FO/8 and our NO, FO, NO/8, PO/8, N5CD, P5CD, F5CD",
                excerpt(v)
            ),
            PhhErrorKind::BadAmount {
                field,
                value,
                reason,
            } => write!(
                f,
                "amount {} in `{}`: {reason}",
                excerpt(value),
                excerpt(field)
            ),
            PhhErrorKind::PlayerCount {
                field,
                found,
                players,
            } if field == "starting_stacks" => write!(
                f,
                "`starting_stacks` lists {found} player(s): a hand needs at least {players}"
            ),
            PhhErrorKind::PlayerCount {
                field,
                found,
                players,
            } => write!(
                f,
                "`{field}` has {found} entries, but `starting_stacks` has {players} players"
            ),
            PhhErrorKind::BadAction {
                index,
                text,
                reason,
            } => write!(f, "action {} {:?}: {reason}", index + 1, excerpt(text)),
        }
    }
}

impl fmt::Display for PhhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.path {
            write!(f, "{}: ", p.display())?;
        }
        if let Some(l) = self.line {
            write!(f, "line {l}: ")?;
        }
        fmt::Display::fmt(&self.kind, f)
    }
}

/// The operating system's error, kept whole; a syntax error is this reader's own
/// (the message is the whole of it).
impl std::error::Error for PhhError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PhhErrorKind::Io(c) => c.error(),
            _ => None,
        }
    }
}

/// An error of `kind` on `line`, the path added by [`parse_file`](super::parse_file).
pub(super) fn at(line: usize, kind: PhhErrorKind) -> PhhError {
    PhhError {
        path: None,
        line: Some(line),
        kind,
    }
}

/// A [`PhhErrorKind::Syntax`] error on `line`.
pub(super) fn syntax(line: usize, msg: impl Into<String>) -> PhhError {
    at(line, PhhErrorKind::Syntax(msg.into()))
}

/// `field` on `line` holds `found` where `expected` belongs.
pub(super) fn wrong(
    field: &str,
    line: usize,
    expected: &'static str,
    found: &Value<'_>,
) -> PhhError {
    at(
        line,
        PhhErrorKind::WrongType {
            field: field.to_string(),
            expected,
            found: found.describe(),
        },
    )
}
