//! # PHH hand histories
//!
//! Reads the Poker Hand History format (PHH, <https://phh.readthedocs.io>): one hand
//! per `.phh` file, or many hands in a `.phhs` file, each under a `[N]` section
//! header. PHH is TOML; this module has its own parser for the part of TOML that
//! hand histories use, because a general TOML library turns `0.25` into a binary
//! float and money must never be a float here.
//!
//! ## Layers
//!
//! 1. One reading of the TOML layout (`key = value` lines, `[section]` headers, no
//!    key twice) hands each key to a sink, which reads its value.
//! 2. [`parse_document`]: the generic sink, TOML text to a [`Document`] of
//!    [`Entry`]s, every value with the 1-based line it starts on. Numbers stay exact
//!    ([`Number`] keeps the digits); dates, times, `inf` and `nan` are kept as
//!    [`Value::Raw`] text.
//! 3. [`parse_str`] / [`parse_file`]: the hand sink, which builds each
//!    [`HandHistory`] (integer amounts, parsed [`PhhAction`]s) as its text is read,
//!    without a document between; other keys are kept as [`Value`]s in
//!    [`HandHistory::extra`]. A problem with a hand's contents is reported once the
//!    whole text has been read as TOML, so a layout error comes first.
//!
//! ## Amounts and the chip unit
//!
//! All amounts of one file (`antes`, `blinds_or_straddles`, `min_bet`, `small_bet`,
//! `big_bet`, `bring_in`, `starting_stacks`, `finishing_stacks`, `winnings` and the
//! `cbr` amounts of the actions, in every hand of a `.phhs` file) are integers in
//! one chip unit: with `k` the largest number of decimal places any of them uses
//! (trailing zeros do not count: `9775.0` uses none), every amount is multiplied by
//! `10^k` with checked arithmetic ([`Scale`]). HandHQ's `$0.25` antes and `$92.75`
//! stacks become 25 and 9275 cents; [`Scale::format`] turns units back into text.
//!
//! ## Guarantees
//!
//! No function here panics on any input: every problem is a [`PhhError`] naming the
//! line and what to fix, for example
//! `line 7: expected a number in `starting_stacks`, found "abc"`.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use firmware::{Card, Rank, Suit};

/// The most cards one action may name: a draw game's five, with room to spare.
pub const MAX_ACTION_CARDS: usize = 8;

/// The cards of one action (`None` = `??`, unknown), held in the action itself:
/// a hand deals a dozen times, and each deal would otherwise be a heap
/// allocation to make, copy into the replay's steps and free.
pub type Cards = heapless::Vec<Option<Card>, MAX_ACTION_CARDS>;

/// Values nested deeper than this (arrays in arrays...) are refused, so hostile
/// input cannot exhaust the stack.
pub const MAX_DEPTH: usize = 32;

/// The most decimal places an amount may use (10^18 still fits in a `u64`).
pub const MAX_DECIMALS: u32 = 18;

// ---------------------------------------------------------------------------
// Errors

/// Why a hand history could not be read. `Display` gives
/// `[path: ]line N: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhError {
    /// The file, when the text came from [`parse_file`].
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
    /// The file could not be read (the operating system's message).
    Io(String),
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
    /// extensions, [`Variant::ALL`]).
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
            PhhErrorKind::Duplicate(k) => write!(f, "`{k}` is defined twice: keep one"),
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
            } => write!(f, "expected {expected} in `{field}`, found {found}"),
            PhhErrorKind::UnsupportedVariant(v) => write!(
                f,
                "unsupported variant {v:?}: this table plays NT, FT, PT, PO, FO/8 and our NO, FO, NO/8, PO/8, N5CD, P5CD, F5CD"
            ),
            PhhErrorKind::BadAmount {
                field,
                value,
                reason,
            } => write!(f, "amount {value} in `{field}`: {reason}"),
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
            } => write!(f, "action {} {text:?}: {reason}", index + 1),
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

impl std::error::Error for PhhError {}

fn at(line: usize, kind: PhhErrorKind) -> PhhError {
    PhhError {
        path: None,
        line: Some(line),
        kind,
    }
}

fn syntax(line: usize, msg: impl Into<String>) -> PhhError {
    at(line, PhhErrorKind::Syntax(msg.into()))
}

// ---------------------------------------------------------------------------
// Exact numbers and the chip unit

/// A TOML integer or decimal, exactly as written: `digits × 10^exponent`, never a
/// float. `0.25` is digits `25`, exponent `-2`. The text is borrowed from the
/// file while it is parsed (no string built per amount) and owned once kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number<'a> {
    text: Cow<'a, str>,
    negative: bool,
    /// The digits without leading and trailing zeros (0 for the value 0), as an
    /// integer; `None` when they do not fit in a `u64` (no amount can then).
    significand: Option<u64>,
    exponent: i32,
}

/// Digits, with single underscores only between digits (TOML). One pass over the
/// bytes: every amount of a hand history is checked here.
fn digit_run(s: &str) -> bool {
    let mut after_digit = false;
    for b in s.bytes() {
        match b {
            b'0'..=b'9' => after_digit = true,
            b'_' if after_digit => after_digit = false,
            _ => return false,
        }
    }
    after_digit
}

/// The value of a run of 1 to 19 ASCII digits (every chip count of a real file);
/// `None` for anything else, which the full number parsing reads.
fn whole_digits(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || digits.len() > 19 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // 19 digits stay below 10^19 < 2^64: no overflow.
    Some(
        digits
            .iter()
            .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')),
    )
}

/// `text.split_once(byte)` for an ASCII `byte`: a plain byte search, cheaper than the
/// character searcher's setup on the short texts of actions and amounts.
fn split_at_byte(text: &str, byte: u8) -> Option<(&str, &str)> {
    let i = text.bytes().position(|b| b == byte)?;
    Some((text.get(..i)?, text.get(i + 1..)?))
}

/// The digits of `int` then `frac` (underscores skipped) as an integer without its
/// leading and trailing zeros, `Some(None)` when that does not fit in a `u64`, and the
/// number of trailing zeros left off; `None` when every digit is 0. Read digit by
/// digit, without building a string: every amount of a hand history goes through it.
fn significand(int: &str, frac: &str) -> (Option<Option<u64>>, u64) {
    let mut value: Option<u64> = Some(0);
    let mut nonzero = false;
    let mut zeros: u64 = 0;
    for b in int.bytes().chain(frac.bytes()).filter(|&b| b != b'_') {
        let d = u64::from(b.wrapping_sub(b'0'));
        if d == 0 {
            zeros += u64::from(nonzero);
            continue;
        }
        for _ in 0..zeros {
            value = value.and_then(|v| v.checked_mul(10));
        }
        zeros = 0;
        nonzero = true;
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(d));
    }
    (nonzero.then_some(value), zeros)
}

impl<'a> Number<'a> {
    /// Parses a TOML decimal number: `12`, `-3`, `+1_000`, `0.25`, `1.5e3`. `None` for
    /// anything else (including `inf`, `nan` and hexadecimal).
    pub fn parse(text: &'a str) -> Option<Number<'a>> {
        if let Some(n) = Number::plain(text) {
            return Some(n);
        }
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, text.get(1..)?),
            Some(b'+') => (false, text.get(1..)?),
            _ => (false, text),
        };
        let (mantissa, exp) = match body.bytes().position(|b| b == b'e' || b == b'E') {
            Some(i) => (body.get(..i)?, Some(body.get(i + 1..)?)),
            None => (body, None),
        };
        let (int, frac) = match split_at_byte(mantissa, b'.') {
            Some((i, f)) => (i, Some(f)),
            None => (mantissa, None),
        };
        if !digit_run(int) || frac.is_some_and(|f| !digit_run(f)) {
            return None;
        }
        let mut exponent: i32 = match exp {
            None => 0,
            Some(e) => {
                let (neg, d) = match e.as_bytes().first() {
                    Some(b'-') => (true, e.get(1..)?),
                    Some(b'+') => (false, e.get(1..)?),
                    _ => (false, e),
                };
                if !digit_run(d) {
                    return None;
                }
                let v: i32 = d.replace('_', "").parse().ok()?;
                if neg {
                    -v
                } else {
                    v
                }
            }
        };
        let frac = frac.unwrap_or("");
        let frac_len = frac.bytes().filter(|&b| b != b'_').count();
        exponent = exponent.checked_sub(i32::try_from(frac_len).ok()?)?;
        let (significand, trailing_zeros) = significand(int, frac);
        let Some(significand) = significand else {
            return Some(Number {
                text: Cow::Borrowed(text),
                negative: false,
                significand: Some(0),
                exponent: 0,
            });
        };
        let exponent = i64::from(exponent).checked_add(i64::try_from(trailing_zeros).ok()?)?;
        Some(Number {
            text: Cow::Borrowed(text),
            negative,
            significand,
            exponent: i32::try_from(exponent).ok()?,
        })
    }

    /// A run of at most 19 digits (every chip count, stack and blind of a real
    /// file): read in one pass, as [`Number::parse`] reads it. `None` for anything
    /// else, which `parse` reads in full.
    fn plain(text: &'a str) -> Option<Number<'a>> {
        let mut value = whole_digits(text.as_bytes())?;
        let mut exponent = 0;
        while value != 0 && value % 10 == 0 {
            value /= 10;
            exponent += 1;
        }
        Some(Number {
            text: Cow::Borrowed(text),
            negative: false,
            significand: Some(value),
            exponent,
        })
    }

    /// The number as written in the file.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The same number owning its text, to outlive the text it was read from.
    pub fn into_owned(self) -> Number<'static> {
        Number {
            text: Cow::Owned(self.text.into_owned()),
            negative: self.negative,
            significand: self.significand,
            exponent: self.exponent,
        }
    }

    /// Whether the number is below zero (`-0` is not).
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The decimal places the value needs (`0.25` → 2, `9775.0` → 0, `1.5e3` → 0).
    pub fn decimals(&self) -> u32 {
        if self.exponent < 0 {
            self.exponent.unsigned_abs()
        } else {
            0
        }
    }

    /// The value in units of `10^-decimals`, if it is not negative, needs no more
    /// decimal places and fits in a `u64`.
    pub fn to_units(&self, decimals: u32) -> Option<u64> {
        if self.negative {
            return None;
        }
        let shift = i64::from(self.exponent) + i64::from(decimals);
        if shift < 0 {
            return None;
        }
        let base: u64 = self.significand?;
        if base == 0 {
            return Some(0);
        }
        let pow = 10u64.checked_pow(u32::try_from(shift).ok()?)?;
        base.checked_mul(pow)
    }

    /// The value as a whole number (`day`, `hand`, `seats`...), if it is one.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_units(0)
    }
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The chip unit of a file: amounts are integers in units of `10^-decimals` of the
/// file's currency or chips (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Scale {
    decimals: u32,
}

impl Scale {
    /// Whole amounts: one unit is one chip.
    pub const UNITS: Scale = Scale { decimals: 0 };

    /// The scale for amounts with up to `decimals` places, if `decimals <=`
    /// [`MAX_DECIMALS`].
    pub const fn new(decimals: u32) -> Option<Scale> {
        if decimals <= MAX_DECIMALS {
            Some(Scale { decimals })
        } else {
            None
        }
    }

    /// The decimal places `k`.
    pub const fn decimals(self) -> u32 {
        self.decimals
    }

    /// Units per whole amount, `10^k`.
    pub fn factor(self) -> u64 {
        10u64.checked_pow(self.decimals).unwrap_or(u64::MAX)
    }

    /// `n` in this unit, if it is not negative, not finer than the unit and fits.
    pub fn to_units(self, n: &Number<'_>) -> Option<u64> {
        n.to_units(self.decimals)
    }

    /// Writes units as the amount of the file: `25` at two places is `0.25`, `500`
    /// is `5` (trailing zeros are dropped).
    pub fn format(self, units: u64) -> String {
        let factor = self.factor();
        let whole = units / factor;
        let frac = units % factor;
        if self.decimals == 0 || frac == 0 {
            return whole.to_string();
        }
        let width = self.decimals as usize;
        let frac = format!("{frac:0width$}");
        format!("{whole}.{}", frac.trim_end_matches('0'))
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1/{}", self.factor())
    }
}

// ---------------------------------------------------------------------------
// The TOML document

/// A TOML value as read. Numbers are exact; other bare values TOML allows (dates,
/// times, `inf`, `nan`, `0x1F`) are kept as text in [`Value::Raw`]. Text is
/// borrowed from the file where it can be (a string without escapes, a number, a
/// bare key), so that reading a hand builds no string per value; a value kept
/// beyond the text ([`HandHistory::extra`]) is made `'static` by [`Value::into_owned`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value<'a> {
    /// A `"basic"`, `'literal'` or multi-line string, escapes resolved.
    String(Cow<'a, str>),
    /// An integer or decimal.
    Number(Number<'a>),
    /// `true` or `false`.
    Bool(bool),
    /// An array; each element with the line it starts on.
    Array(Vec<Item<'a>>),
    /// An inline table `{ a = 1 }`, or a `[section]` of a one-hand file.
    Table(Vec<Entry<'a>>),
    /// A date, time, `inf`, `nan` or non-decimal integer, as written.
    Raw(Cow<'a, str>),
}

impl<'a> Value<'a> {
    /// The same value owning all its text.
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::String(s) => Value::String(Cow::Owned(s.into_owned())),
            Value::Number(n) => Value::Number(n.into_owned()),
            Value::Bool(b) => Value::Bool(b),
            Value::Array(items) => Value::Array(items.into_iter().map(Item::into_owned).collect()),
            Value::Table(entries) => {
                Value::Table(entries.into_iter().map(Entry::into_owned).collect())
            }
            Value::Raw(r) => Value::Raw(Cow::Owned(r.into_owned())),
        }
    }

    /// The string, if the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if the value is one.
    pub fn as_number(&self) -> Option<&Number<'a>> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// How an error message shows the value: strings quoted, arrays and tables
    /// named, long text shortened.
    fn describe(&self) -> String {
        let s = match self {
            Value::String(s) => format!("{s:?}"),
            Value::Number(n) => n.as_str().to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Array(_) => return "an array".to_string(),
            Value::Table(_) => return "a table".to_string(),
            Value::Raw(r) => r.to_string(),
        };
        if s.chars().count() > 40 {
            let mut t: String = s.chars().take(37).collect();
            t.push_str("...");
            t
        } else {
            s
        }
    }

    fn write_toml(&self, out: &mut String) {
        match self {
            Value::String(s) => write_string(out, s),
            Value::Number(n) => out.push_str(n.as_str()),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Raw(r) => out.push_str(r),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.value.write_toml(out);
                }
                out.push(']');
            }
            Value::Table(entries) => {
                out.push('{');
                for (i, e) in entries.iter().enumerate() {
                    out.push_str(if i > 0 { ", " } else { " " });
                    write_key(out, &e.key);
                    out.push_str(" = ");
                    e.value.write_toml(out);
                }
                out.push_str(if entries.is_empty() { "}" } else { " }" });
            }
        }
    }
}

/// An element of an array, with the 1-based line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item<'a> {
    /// The line.
    pub line: usize,
    /// The value.
    pub value: Value<'a>,
}

impl Item<'_> {
    /// The same item owning all its text.
    pub fn into_owned(self) -> Item<'static> {
        Item {
            line: self.line,
            value: self.value.into_owned(),
        }
    }
}

/// A `key = value` line (dotted keys are kept joined: `a.b`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The key.
    pub key: Cow<'a, str>,
    /// The 1-based line of the key.
    pub line: usize,
    /// The value.
    pub value: Value<'a>,
}

impl Entry<'_> {
    /// The same entry owning all its text.
    pub fn into_owned(self) -> Entry<'static> {
        Entry {
            key: Cow::Owned(self.key.into_owned()),
            line: self.line,
            value: self.value.into_owned(),
        }
    }
}

/// A `[name]` section and its keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section<'a> {
    /// The name between the brackets (`1` for `[1]`).
    pub name: Cow<'a, str>,
    /// The 1-based line of the header.
    pub line: usize,
    /// Its keys, in file order.
    pub entries: Vec<Entry<'a>>,
}

impl<'a> Section<'a> {
    /// The section of a `[name]` header on `line`, before its keys are read.
    fn empty(name: Cow<'a, str>, line: usize) -> Section<'a> {
        Section {
            name,
            line,
            entries: Vec::new(),
        }
    }
}

/// A parsed TOML document: the keys before any section header, then the sections.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document<'a> {
    /// Keys before the first `[section]`.
    pub root: Vec<Entry<'a>>,
    /// The sections, in file order.
    pub sections: Vec<Section<'a>>,
}

/// Parses TOML text (the subset hand histories use: `key = value` lines, strings,
/// numbers, booleans, arrays over several lines with comments and trailing commas,
/// inline tables, dates and times kept as text, `[section]` headers) into a
/// [`Document`].
pub fn parse_document(text: &str) -> Result<Document<'_>, PhhError> {
    let mut doc = Document::default();
    Parser::new(text).document_into(&mut doc)?;
    Ok(doc)
}

/// What the document loop hands each `[section]` header and `key =` to. The loop
/// checks the layout (one key per line, no key or section twice); the sink reads
/// each value from the parser, so a hand is built as its text is read
/// ([`HandReader`]) and only a [`Document`] builds the generic tree.
trait Sink<'a> {
    /// A `[name]` header on `line`; the keys that follow are its own.
    fn section(&mut self, name: Cow<'a, str>, line: usize) -> Result<(), PhhError>;

    /// `key =` on `line`: the sink reads the value from `p` (nested `depth` deep:
    /// 0 before any section, 1 in one).
    fn entry(
        &mut self,
        p: &mut Parser<'a>,
        key: Cow<'a, str>,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError>;
}

impl<'a> Sink<'a> for Document<'a> {
    fn section(&mut self, name: Cow<'a, str>, line: usize) -> Result<(), PhhError> {
        self.sections.push(Section::empty(name, line));
        Ok(())
    }

    fn entry(
        &mut self,
        p: &mut Parser<'a>,
        key: Cow<'a, str>,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError> {
        let value = p.value(&key, depth)?;
        let entries = match self.sections.last_mut() {
            Some(s) => &mut s.entries,
            None => &mut self.root,
        };
        entries.push(Entry { key, line, value });
        Ok(())
    }
}

/// The keys of the table being read (the root or a section), to refuse a duplicate.
/// A hand has about a dozen: they are compared one by one, and only a table of more
/// than [`SeenKeys::SMALL`] keys builds a set, so that a file of thousands of keys is
/// still read in linear time.
#[derive(Default)]
struct SeenKeys<'a> {
    /// The first [`SeenKeys::SMALL`] keys, on the stack: no allocation per hand.
    keys: heapless::Vec<Cow<'a, str>, { SeenKeys::SMALL }>,
    set: Option<HashSet<String>>,
}

impl<'a> SeenKeys<'a> {
    const SMALL: usize = 32;

    /// Whether `key` was seen before; it is seen from now on.
    #[allow(clippy::ptr_arg)] // the key is kept: a borrowed `Cow` is kept without a copy
    fn seen(&mut self, key: &Cow<'a, str>) -> bool {
        if self.set.is_none() {
            if self.keys.iter().any(|k| k == key) {
                return true;
            }
            // Borrowed from the text (nearly every key): no string is built.
            if self.keys.push(key.clone()).is_ok() {
                return false;
            }
        }
        let keys = &self.keys;
        let set = self
            .set
            .get_or_insert_with(|| keys.iter().map(|k| k.to_string()).collect());
        !set.insert(key.to_string())
    }

    /// Whether `key` is one of the keys seen.
    fn contains(&self, key: &str) -> bool {
        match &self.set {
            Some(set) => set.contains(key),
            None => self.keys.iter().any(|k| k == key),
        }
    }
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
}

fn is_bare(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    /// Whether the text at the parser starts with `s`, compared as bytes: no
    /// slicing of the text (and its character-boundary check) per value read.
    fn at(&self, s: &str) -> bool {
        self.src
            .as_bytes()
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(s.as_bytes()))
    }

    /// The next character. Hand histories are nearly all ASCII, so a byte below 128
    /// is taken as it is and only other bytes decode UTF-8.
    fn peek(&self) -> Option<char> {
        match self.src.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            Some(_) => self.rest().chars().next(),
            None => None,
        }
    }

    /// Takes the text up to (not including) the first byte `stop` accepts, or to the
    /// end: one slice instead of a character at a time. `stop` must accept `\n`, so
    /// the line count stays right, and either no byte above 127 or all of them, so
    /// the slice ends on a character boundary.
    fn take_until(&mut self, stop: impl Fn(u8) -> bool) -> &'a str {
        let rest = self.rest();
        let end = rest.bytes().position(stop).unwrap_or(rest.len());
        self.pos += end;
        rest.get(..end).unwrap_or("")
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.at(s) {
            for _ in s.chars() {
                self.bump();
            }
            true
        } else {
            false
        }
    }

    fn skip_ws(&mut self) {
        self.take_until(|b| !matches!(b, b' ' | b'\t' | b'\r'));
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some('#') {
            self.take_until(|b| b == b'\n');
        }
    }

    /// Whitespace, comments and newlines (inside arrays and inline tables), read a
    /// byte at a time: an array calls this twice an element, mostly to step over
    /// `, `, which a loop over the bytes does without slicing the rest of the text.
    fn skip_blank(&mut self) {
        while let Some(&b) = self.src.as_bytes().get(self.pos) {
            match b {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                }
                b'#' => self.skip_comment(),
                _ => break,
            }
        }
    }

    /// How a message names the next character.
    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the file".to_string(),
            Some('\n') => "the end of the line".to_string(),
            Some(c) => format!("`{c}`"),
        }
    }

    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            src: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
        }
    }

    /// Reads the whole text, handing every section header and key to `sink`.
    fn document_into(&mut self, sink: &mut impl Sink<'a>) -> Result<(), PhhError> {
        // The keys before the first header stay known: TOML forbids a section of
        // the same name.
        let mut root = SeenKeys::default();
        let mut keys: Option<SeenKeys<'a>> = None;
        let mut names: HashSet<String> = HashSet::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => break,
                Some('\n') => {
                    self.bump();
                }
                Some('#') => self.skip_comment(),
                Some('[') => {
                    let line = self.line;
                    self.bump();
                    if self.peek() == Some('[') {
                        return Err(syntax(
                            line,
                            "arrays of tables (`[[...]]`) are not supported in a hand history",
                        ));
                    }
                    let name = self.key()?;
                    self.skip_ws();
                    if !self.eat("]") {
                        return Err(syntax(
                            self.line,
                            format!(
                                "expected `]` to close the section header, found {}",
                                self.found()
                            ),
                        ));
                    }
                    self.end_of_line(format_args!("the section header"))?;
                    if root.contains(&name) || !names.insert(name.to_string()) {
                        return Err(at(line, PhhErrorKind::Duplicate(format!("[{name}]"))));
                    }
                    keys = Some(SeenKeys::default());
                    sink.section(name, line)?;
                }
                Some(_) => {
                    let (key, line) = self.key_eq()?;
                    if keys.as_mut().unwrap_or(&mut root).seen(&key) {
                        return Err(at(line, PhhErrorKind::Duplicate(key.into_owned())));
                    }
                    // A section is a table: its values sit one level deep, as they
                    // do when a one-hand file keeps it as an inline table.
                    let depth = usize::from(keys.is_some());
                    let what = key.clone();
                    sink.entry(self, key, line, depth)?;
                    self.end_of_line(format_args!("the value of `{what}`"))?;
                }
            }
        }
        Ok(())
    }

    /// The end of a line after `what` (formatted only for the error message, not
    /// for every line).
    fn end_of_line(&mut self, what: fmt::Arguments<'_>) -> Result<(), PhhError> {
        self.skip_ws();
        self.skip_comment();
        match self.peek() {
            None => Ok(()),
            Some('\n') => {
                self.bump();
                Ok(())
            }
            Some(_) => Err(syntax(
                self.line,
                format!(
                    "expected the end of the line after {what}, found {}",
                    self.found()
                ),
            )),
        }
    }

    /// A key; the parts of a dotted key are kept joined by `.`. A key of one part
    /// (every key of a hand history) is borrowed from the text.
    fn key(&mut self) -> Result<Cow<'a, str>, PhhError> {
        // A bare key alone before its `=` (every key of a hand history): one byte
        // scan and a slice of the text.
        let bytes = self.src.as_bytes();
        let start = self.pos;
        let mut end = start;
        while bytes.get(end).is_some_and(|&b| is_bare(char::from(b))) {
            end += 1;
        }
        let mut next = end;
        while matches!(bytes.get(next), Some(b' ' | b'\t')) {
            next += 1;
        }
        if end > start && matches!(bytes.get(next), Some(b'=' | b']')) {
            if let Some(key) = self.src.get(start..end) {
                self.pos = next;
                return Ok(Cow::Borrowed(key));
            }
        }
        let mut key: Option<Cow<'a, str>> = None;
        loop {
            self.skip_ws();
            let part = match self.peek() {
                Some('"') if !self.at("\"\"\"") => self.basic_string()?,
                Some('\'') if !self.at("'''") => Cow::Borrowed(self.literal_string()?),
                // Bare keys are ASCII letters, digits, `_` and `-`.
                Some(c) if is_bare(c) => {
                    Cow::Borrowed(self.take_until(|b| !is_bare(char::from(b))))
                }
                _ => {
                    return Err(syntax(
                        self.line,
                        format!("expected a key, found {}", self.found()),
                    ))
                }
            };
            match &mut key {
                None => key = Some(part),
                Some(k) => {
                    let k = k.to_mut();
                    k.push('.');
                    k.push_str(&part);
                }
            }
            self.skip_ws();
            if self.peek() == Some('.') {
                self.bump();
            } else {
                break;
            }
        }
        Ok(key.unwrap_or_default())
    }

    /// `key =`, up to the value: the key and the line it is on.
    fn key_eq(&mut self) -> Result<(Cow<'a, str>, usize), PhhError> {
        let line = self.line;
        let key = self.key()?;
        self.skip_ws();
        if !self.eat("=") {
            return Err(syntax(
                self.line,
                format!("expected `=` after the key `{key}`, found {}", self.found()),
            ));
        }
        self.skip_ws();
        Ok((key, line))
    }

    fn key_value(&mut self, depth: usize) -> Result<Entry<'a>, PhhError> {
        let (key, line) = self.key_eq()?;
        let value = self.value(&key, depth)?;
        Ok(Entry { key, line, value })
    }

    /// A whole number standing alone as an array's element (a run of at most 19
    /// digits, then the element's end: `,`, `]`, a comment or the line's end), in
    /// `scale`'s units: what [`Parser::value`] and [`Units::amount`] make of it, read
    /// in one pass. `None`, and the parser where it was, for anything else (a
    /// decimal, a sign, too many digits, too large in `scale`): the general path
    /// reads it, with its errors.
    fn whole_number(&mut self, scale: Scale) -> Option<u64> {
        let bytes = self.src.as_bytes().get(self.pos..)?;
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let mut end = digits;
        while matches!(bytes.get(end), Some(b' ' | b'\t')) {
            end += 1;
        }
        if !matches!(bytes.get(end), Some(b',' | b']' | b'#' | b'\n')) {
            return None;
        }
        let units = whole_digits(bytes.get(..digits)?)?.checked_mul(scale.factor())?;
        self.pos += digits;
        Some(units)
    }

    /// A value that should be a string (an action): a `'...'` string, nearly every
    /// one, is read straight, without a [`Value`] around it; anything else is the
    /// value read (`Err`), for its caller to take or refuse.
    fn string(
        &mut self,
        ctx: &str,
        depth: usize,
    ) -> Result<Result<Cow<'a, str>, Value<'a>>, PhhError> {
        if self.src.as_bytes().get(self.pos) == Some(&b'\'') && !self.at("'''") {
            return self.literal_string().map(|s| Ok(Cow::Borrowed(s)));
        }
        self.value(ctx, depth).map(Err)
    }

    fn value(&mut self, ctx: &str, depth: usize) -> Result<Value<'a>, PhhError> {
        if depth > MAX_DEPTH {
            return Err(syntax(
                self.line,
                format!("`{ctx}` nests values more than {MAX_DEPTH} deep"),
            ));
        }
        match self.peek() {
            Some('"') if self.at("\"\"\"") => {
                self.multiline_basic().map(|s| Value::String(Cow::Owned(s)))
            }
            Some('"') => self.basic_string().map(Value::String),
            Some('\'') if self.at("'''") => self
                .multiline_literal()
                .map(|s| Value::String(Cow::Owned(s))),
            Some('\'') => self
                .literal_string()
                .map(|s| Value::String(Cow::Borrowed(s))),
            Some('[') => self.array(ctx, depth),
            Some('{') => self.inline_table(ctx, depth),
            _ => self.bare(ctx),
        }
    }

    /// A `"..."` string: borrowed from the text when it has no escape, built only
    /// when one must be resolved.
    fn basic_string(&mut self) -> Result<Cow<'a, str>, PhhError> {
        let line = self.line;
        self.bump();
        let mut s: Cow<'a, str> = Cow::Borrowed("");
        loop {
            // The run up to the closing quote, an escape or the end of the line.
            let run = self.take_until(|b| matches!(b, b'"' | b'\\' | b'\n'));
            if s.is_empty() {
                s = Cow::Borrowed(run);
            } else {
                s.to_mut().push_str(run);
            }
            match self.bump() {
                None | Some('\n') => {
                    return Err(syntax(
                        line,
                        "unterminated string: a \"...\" string must end on the same line",
                    ))
                }
                Some('"') => return Ok(s),
                Some('\\') => s.to_mut().push(self.escape(line)?),
                Some(c) => s.to_mut().push(c),
            }
        }
    }

    fn escape(&mut self, line: usize) -> Result<char, PhhError> {
        let c = self.bump();
        Ok(match c {
            Some('b') => '\u{8}',
            Some('t') => '\t',
            Some('n') => '\n',
            Some('f') => '\u{c}',
            Some('r') => '\r',
            Some('e') => '\u{1b}',
            Some('"') => '"',
            Some('\\') => '\\',
            Some(u @ ('u' | 'U')) => {
                let n = if u == 'u' { 4 } else { 8 };
                let mut code = 0u32;
                for _ in 0..n {
                    let d = self.bump().and_then(|h| h.to_digit(16)).ok_or_else(|| {
                        syntax(line, format!("`\\{u}` needs {n} hexadecimal digits"))
                    })?;
                    code = code.saturating_mul(16).saturating_add(d);
                }
                char::from_u32(code).ok_or_else(|| {
                    syntax(line, format!("`\\{u}{code:X}` is not a Unicode character"))
                })?
            }
            Some('\n') | None => {
                return Err(syntax(
                    line,
                    "unterminated string: a \"...\" string must end on the same line",
                ))
            }
            Some(other) => {
                return Err(syntax(
                    line,
                    format!("invalid escape `\\{other}` in a string (use \\\\ for a backslash)"),
                ))
            }
        })
    }

    fn multiline_basic(&mut self) -> Result<String, PhhError> {
        let line = self.line;
        self.eat("\"\"\"");
        self.eat("\r");
        self.eat("\n");
        let mut s = String::new();
        loop {
            if self.at("\"\"\"") {
                let mut quotes = 0;
                while self.peek() == Some('"') && quotes < 5 {
                    self.bump();
                    quotes += 1;
                }
                for _ in 3..quotes {
                    s.push('"');
                }
                return Ok(s);
            }
            match self.bump() {
                None => {
                    return Err(syntax(
                        line,
                        "unterminated multi-line string: missing the closing \"\"\"",
                    ))
                }
                Some('\\') if matches!(self.peek(), Some(' ' | '\t' | '\r' | '\n')) => {
                    // A line-ending backslash trims the whitespace that follows.
                    while matches!(self.peek(), Some(' ' | '\t' | '\r' | '\n')) {
                        self.bump();
                    }
                }
                Some('\\') => s.push(self.escape(line)?),
                Some(c) => s.push(c),
            }
        }
    }

    fn literal_string(&mut self) -> Result<&'a str, PhhError> {
        // No escapes: the string is the run up to the closing quote (every action of
        // a hand history is one), found by a byte search.
        let start = self.pos + 1;
        let rest = self.src.as_bytes().get(start..).unwrap_or_default();
        match rest.iter().position(|&b| b == b'\'' || b == b'\n') {
            Some(len) if rest.get(len) == Some(&b'\'') => {
                self.pos = start + len + 1;
                Ok(self.src.get(start..start + len).unwrap_or_default())
            }
            _ => Err(syntax(
                self.line,
                "unterminated string: a '...' string must end on the same line",
            )),
        }
    }

    fn multiline_literal(&mut self) -> Result<String, PhhError> {
        let line = self.line;
        self.eat("'''");
        self.eat("\r");
        self.eat("\n");
        let mut s = String::new();
        loop {
            if self.at("'''") {
                let mut quotes = 0;
                while self.peek() == Some('\'') && quotes < 5 {
                    self.bump();
                    quotes += 1;
                }
                for _ in 3..quotes {
                    s.push('\'');
                }
                return Ok(s);
            }
            match self.bump() {
                None => {
                    return Err(syntax(
                        line,
                        "unterminated multi-line string: missing the closing '''",
                    ))
                }
                Some(c) => s.push(c),
            }
        }
    }

    fn array(&mut self, ctx: &str, depth: usize) -> Result<Value<'a>, PhhError> {
        // Room for a hand's players without growing; `actions` grows a few times.
        let mut items = Vec::with_capacity(16);
        self.array_with(ctx, |p, line| {
            let value = p.value(ctx, depth + 1)?;
            items.push(Item { line, value });
            Ok(())
        })?;
        Ok(Value::Array(items))
    }

    /// An array `[a, b, ...]` (the parser at its `[`): `element` reads each element,
    /// given the line it starts on. The hand reader takes a hand's lists straight
    /// into its amounts and actions this way, without a [`Value`] tree between.
    fn array_with(
        &mut self,
        ctx: &str,
        mut element: impl FnMut(&mut Self, usize) -> Result<(), PhhError>,
    ) -> Result<(), PhhError> {
        let open = self.line;
        self.bump();
        let unterminated = || {
            syntax(
                open,
                format!("unterminated array `{ctx}`: the `[` on this line has no `]`"),
            )
        };
        loop {
            self.skip_blank();
            match self.peek() {
                None => return Err(unterminated()),
                Some(']') => {
                    self.bump();
                    return Ok(());
                }
                _ => {}
            }
            let line = self.line;
            element(self, line)?;
            self.skip_blank();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(']') => {
                    self.bump();
                    return Ok(());
                }
                None => return Err(unterminated()),
                Some(_) => {
                    return Err(syntax(
                        self.line,
                        format!(
                            "expected `,` or `]` in the array `{ctx}`, found {}",
                            self.found()
                        ),
                    ))
                }
            }
        }
    }

    fn inline_table(&mut self, ctx: &str, depth: usize) -> Result<Value<'a>, PhhError> {
        let open = self.line;
        self.bump();
        let mut entries: Vec<Entry<'a>> = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => {
                    return Err(syntax(
                        open,
                        format!("unterminated table `{ctx}`: the `{{` on this line has no `}}`"),
                    ))
                }
                Some('}') => {
                    self.bump();
                    return Ok(Value::Table(entries));
                }
                _ => {}
            }
            let entry = self.key_value(depth + 1)?;
            if entries.iter().any(|e| e.key == entry.key) {
                return Err(at(
                    entry.line,
                    PhhErrorKind::Duplicate(format!("{ctx}.{}", entry.key)),
                ));
            }
            entries.push(entry);
            self.skip_blank();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some('}') => {
                    self.bump();
                    return Ok(Value::Table(entries));
                }
                _ => {
                    return Err(syntax(
                        self.line,
                        format!(
                            "expected `,` or `}}` in the table `{ctx}`, found {}",
                            self.found()
                        ),
                    ))
                }
            }
        }
    }

    fn bare(&mut self, ctx: &str) -> Result<Value<'a>, PhhError> {
        let line = self.line;
        let raw = self
            .take_until(|b| matches!(b, b',' | b']' | b'}' | b'#' | b'\n'))
            .trim();
        if raw.is_empty() {
            return Err(syntax(
                line,
                format!("expected a value for `{ctx}`, found {}", self.found()),
            ));
        }
        classify(raw).ok_or_else(|| {
            syntax(
                line,
                format!("invalid value `{raw}` for `{ctx}`: put text in quotes, e.g. 'NT'"),
            )
        })
    }
}

/// A bare (unquoted) TOML value.
fn classify(raw: &str) -> Option<Value<'_>> {
    // Nearly every bare value of a hand history is a plain chip count.
    if let Some(n) = Number::plain(raw) {
        return Some(Value::Number(n));
    }
    match raw {
        "true" => return Some(Value::Bool(true)),
        "false" => return Some(Value::Bool(false)),
        "inf" | "+inf" | "-inf" | "nan" | "+nan" | "-nan" => {
            return Some(Value::Raw(Cow::Borrowed(raw)))
        }
        _ => {}
    }
    if let Some(n) = Number::parse(raw) {
        return Some(Value::Number(n));
    }
    // Hexadecimal, octal and binary integers (not amounts): kept as text.
    let radix = |prefix: &str, radix: u32| {
        raw.strip_prefix(prefix).is_some_and(|d| {
            !d.is_empty()
                && !d.starts_with('_')
                && !d.ends_with('_')
                && !d.contains("__")
                && d.chars().all(|c| c == '_' || c.is_digit(radix))
        })
    };
    if radix("0x", 16) || radix("0o", 8) || radix("0b", 2) {
        return Some(Value::Raw(Cow::Borrowed(raw)));
    }
    // Offset/local date-times, dates and times: 1979-05-27T07:32:00Z, 14:53:46.
    let datetime = raw.starts_with(|c: char| c.is_ascii_digit())
        && (raw.contains('-') || raw.contains(':'))
        && raw
            .chars()
            .all(|c| c.is_ascii_digit() || "-:.TtZz+ ".contains(c));
    datetime.then_some(Value::Raw(Cow::Borrowed(raw)))
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_key(out: &mut String, key: &str) {
    let bare_parts = key
        .split('.')
        .all(|p| !p.is_empty() && p.chars().all(is_bare));
    if bare_parts {
        out.push_str(key);
    } else {
        write_string(out, key);
    }
}

// ---------------------------------------------------------------------------
// Hand histories

/// The games this table plays (replay-schema.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `NT`: no-limit Texas hold'em.
    NoLimitHoldem,
    /// `FT`: fixed-limit Texas hold'em.
    FixedLimitHoldem,
    /// `PT`: pot-limit Texas hold'em (our extension, fields as `NT`).
    PotLimitHoldem,
    /// `PO`: pot-limit Omaha.
    PotLimitOmaha,
    /// `FO/8`: fixed-limit Omaha hi/lo, eight or better.
    FixedLimitOmahaHiLo,
    /// `NO`: no-limit Omaha (our extension, fields as `PO`).
    NoLimitOmaha,
    /// `FO`: fixed-limit Omaha high (our extension, fields as `FO/8`).
    FixedLimitOmaha,
    /// `NO/8`: no-limit Omaha hi/lo (our extension, fields as `PO`).
    NoLimitOmahaHiLo,
    /// `PO/8`: pot-limit Omaha hi/lo (our extension, fields as `PO`).
    PotLimitOmahaHiLo,
    /// `N5CD`: no-limit five-card draw, high (our extension, fields as `NT`).
    NoLimitFiveCardDraw,
    /// `P5CD`: pot-limit five-card draw (our extension, fields as `NT`).
    PotLimitFiveCardDraw,
    /// `F5CD`: fixed-limit five-card draw (our extension, fields as `FT`).
    FixedLimitFiveCardDraw,
}

impl Variant {
    /// Every supported variant.
    pub const ALL: [Variant; 12] = [
        Variant::NoLimitHoldem,
        Variant::FixedLimitHoldem,
        Variant::PotLimitHoldem,
        Variant::PotLimitOmaha,
        Variant::FixedLimitOmahaHiLo,
        Variant::NoLimitOmaha,
        Variant::FixedLimitOmaha,
        Variant::NoLimitOmahaHiLo,
        Variant::PotLimitOmahaHiLo,
        Variant::NoLimitFiveCardDraw,
        Variant::PotLimitFiveCardDraw,
        Variant::FixedLimitFiveCardDraw,
    ];

    /// The PHH code: `NT`, `FT`, `PT`, `PO`, `FO/8`.
    pub const fn code(self) -> &'static str {
        match self {
            Variant::NoLimitHoldem => "NT",
            Variant::FixedLimitHoldem => "FT",
            Variant::PotLimitHoldem => "PT",
            Variant::PotLimitOmaha => "PO",
            Variant::FixedLimitOmahaHiLo => "FO/8",
            Variant::NoLimitOmaha => "NO",
            Variant::FixedLimitOmaha => "FO",
            Variant::NoLimitOmahaHiLo => "NO/8",
            Variant::PotLimitOmahaHiLo => "PO/8",
            Variant::NoLimitFiveCardDraw => "N5CD",
            Variant::PotLimitFiveCardDraw => "P5CD",
            Variant::FixedLimitFiveCardDraw => "F5CD",
        }
    }

    /// The engine's game and betting structure: the one mapping between PHH codes and
    /// the table's settings.
    pub const fn game(self) -> (firmware::Game, firmware::Structure) {
        use firmware::{Game, Structure};
        match self {
            Variant::NoLimitHoldem => (Game::Holdem, Structure::NoLimit),
            Variant::PotLimitHoldem => (Game::Holdem, Structure::PotLimit),
            Variant::FixedLimitHoldem => (Game::Holdem, Structure::FixedLimit),
            Variant::NoLimitOmaha => (Game::Omaha, Structure::NoLimit),
            Variant::PotLimitOmaha => (Game::Omaha, Structure::PotLimit),
            Variant::FixedLimitOmaha => (Game::Omaha, Structure::FixedLimit),
            Variant::NoLimitOmahaHiLo => (Game::OmahaHiLo, Structure::NoLimit),
            Variant::PotLimitOmahaHiLo => (Game::OmahaHiLo, Structure::PotLimit),
            Variant::FixedLimitOmahaHiLo => (Game::OmahaHiLo, Structure::FixedLimit),
            Variant::NoLimitFiveCardDraw => (Game::FiveCardDraw, Structure::NoLimit),
            Variant::PotLimitFiveCardDraw => (Game::FiveCardDraw, Structure::PotLimit),
            Variant::FixedLimitFiveCardDraw => (Game::FiveCardDraw, Structure::FixedLimit),
        }
    }

    /// The variant of a game and structure.
    pub fn of_game(game: firmware::Game, structure: firmware::Structure) -> Variant {
        Variant::ALL
            .into_iter()
            .find(|v| v.game() == (game, structure))
            .unwrap_or(Variant::NoLimitHoldem)
    }

    /// The variant of a PHH code, if this table plays it.
    pub fn from_code(code: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.code() == code)
    }

    /// Fixed limit (`small_bet`/`big_bet`) rather than `min_bet`.
    pub const fn is_fixed_limit(self) -> bool {
        matches!(self.game().1, firmware::Structure::FixedLimit)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What a `pN sm` action shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// `pN sm`: the hand is mucked.
    Muck,
    /// `pN sm CARDS`: these cards are shown (`None` = `??`, not shown).
    Cards(Cards),
    /// `pN sm -`: the cards dealt to the player are shown.
    Dealt,
}

/// One action of a hand. Players are **0-based** (`p1` is 0). `A` is the amount
/// type: `u64` units in a [`HandHistory`], the exact [`Number`] from
/// [`parse_action`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhhAction<A = u64> {
    /// `d dh pN CARDS`: hole cards dealt (`None` = `??`, unknown).
    DealHole {
        /// The player.
        player: usize,
        /// The cards.
        cards: Cards,
    },
    /// `d db CARDS`: board cards.
    DealBoard {
        /// The cards.
        cards: Cards,
    },
    /// `pN pb`: post the bring-in (stud games).
    PostBringIn {
        /// The player.
        player: usize,
    },
    /// `pN f`: fold.
    Fold {
        /// The player.
        player: usize,
    },
    /// `pN cc`: check or call.
    CheckCall {
        /// The player.
        player: usize,
    },
    /// `pN cbr AMOUNT`: complete, bet or raise to a street total.
    CompleteBetRaise {
        /// The player.
        player: usize,
        /// The street total ("to").
        to: A,
    },
    /// `pN sd [CARDS]`: stand pat (no cards) or discard (draw games).
    StandPatDiscard {
        /// The player.
        player: usize,
        /// The discarded cards (empty: stand pat).
        discards: Cards,
    },
    /// `pN sm [CARDS|-]`: show or muck.
    ShowMuck {
        /// The player.
        player: usize,
        /// What was shown.
        shown: Shown,
    },
    /// An empty action or a commentary alone (`# Burn card exposed`).
    NoOp,
}

impl<A> PhhAction<A> {
    /// The acting player, if a player acts.
    pub fn player(&self) -> Option<usize> {
        match self {
            PhhAction::DealHole { player, .. }
            | PhhAction::PostBringIn { player }
            | PhhAction::Fold { player }
            | PhhAction::CheckCall { player }
            | PhhAction::CompleteBetRaise { player, .. }
            | PhhAction::StandPatDiscard { player, .. }
            | PhhAction::ShowMuck { player, .. } => Some(*player),
            PhhAction::DealBoard { .. } | PhhAction::NoOp => None,
        }
    }

    /// The same action with its amount converted by `f`.
    pub fn try_map_amount<B, E>(
        self,
        f: impl FnOnce(A) -> Result<B, E>,
    ) -> Result<PhhAction<B>, E> {
        Ok(match self {
            PhhAction::CompleteBetRaise { player, to } => {
                PhhAction::CompleteBetRaise { player, to: f(to)? }
            }
            PhhAction::DealHole { player, cards } => PhhAction::DealHole { player, cards },
            PhhAction::DealBoard { cards } => PhhAction::DealBoard { cards },
            PhhAction::PostBringIn { player } => PhhAction::PostBringIn { player },
            PhhAction::Fold { player } => PhhAction::Fold { player },
            PhhAction::CheckCall { player } => PhhAction::CheckCall { player },
            PhhAction::StandPatDiscard { player, discards } => {
                PhhAction::StandPatDiscard { player, discards }
            }
            PhhAction::ShowMuck { player, shown } => PhhAction::ShowMuck { player, shown },
            PhhAction::NoOp => PhhAction::NoOp,
        })
    }
}

impl PhhAction<u64> {
    /// The action in PHH notation (players 1-based), amounts written in `scale`.
    pub fn to_phh(&self, scale: Scale) -> String {
        let cards = |cs: &[Option<Card>]| -> String {
            cs.iter()
                .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
                .collect()
        };
        match self {
            PhhAction::DealHole { player, cards: cs } => {
                format!("d dh p{} {}", player + 1, cards(cs))
            }
            PhhAction::DealBoard { cards: cs } => format!("d db {}", cards(cs)),
            PhhAction::PostBringIn { player } => format!("p{} pb", player + 1),
            PhhAction::Fold { player } => format!("p{} f", player + 1),
            PhhAction::CheckCall { player } => format!("p{} cc", player + 1),
            PhhAction::CompleteBetRaise { player, to } => {
                format!("p{} cbr {}", player + 1, scale.format(*to))
            }
            PhhAction::StandPatDiscard { player, discards } if discards.is_empty() => {
                format!("p{} sd", player + 1)
            }
            PhhAction::StandPatDiscard { player, discards } => {
                format!("p{} sd {}", player + 1, cards(discards))
            }
            PhhAction::ShowMuck { player, shown } => match shown {
                Shown::Muck => format!("p{} sm", player + 1),
                Shown::Dealt => format!("p{} sm -", player + 1),
                Shown::Cards(cs) => format!("p{} sm {}", player + 1, cards(cs)),
            },
            PhhAction::NoOp => String::new(),
        }
    }
}

/// Where an action is in the file, and its commentary (the text after `#` inside
/// the action string).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionInfo {
    /// The 1-based line of the action string.
    pub line: usize,
    /// The commentary, trimmed, if there is one.
    pub comment: Option<String>,
}

/// One hand, amounts in the file's chip unit ([`Scale`]), players 0-based
/// (index 0 = `p1`, the small blind; heads-up `p1` is the big blind).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandHistory {
    /// The game.
    pub variant: Variant,
    /// `ante_trimming_status` (default `false`: all antes go to the main pot).
    pub ante_trimming_status: bool,
    /// Antes by player.
    pub antes: Vec<u64>,
    /// Blinds and straddles by player.
    pub blinds_or_straddles: Vec<u64>,
    /// No-limit and pot-limit: the minimum bet.
    pub min_bet: Option<u64>,
    /// Fixed limit: the small bet.
    pub small_bet: Option<u64>,
    /// Fixed limit: the big bet.
    pub big_bet: Option<u64>,
    /// The bring-in, if the file gives one (stud games; none of ours).
    pub bring_in: Option<u64>,
    /// Starting stacks by player; its length is the number of players.
    pub starting_stacks: Vec<u64>,
    /// The actions in file order (no-ops included, so indices match the file).
    pub actions: Vec<PhhAction>,
    /// Line and commentary of each action, same length as `actions`.
    pub action_info: Vec<ActionInfo>,
    /// Player names, if given.
    pub players: Option<Vec<String>>,
    /// `finishing_stacks`, if given.
    pub finishing_stacks: Option<Vec<u64>>,
    /// `winnings`, if given.
    pub winnings: Option<Vec<u64>>,
    /// The chip unit of every amount above.
    pub scale: Scale,
    /// The `[N]` section of a `.phhs` file the hand came from.
    pub section: Option<String>,
    /// The 1-based line the hand starts on.
    pub line: usize,
    /// Every other field, as read (`event`, `time`, `seats`, `_`-prefixed user
    /// fields...).
    pub extra: Vec<Entry<'static>>,
}

impl HandHistory {
    /// The number of players.
    pub fn player_count(&self) -> usize {
        self.starting_stacks.len()
    }

    /// A field kept in [`HandHistory::extra`].
    pub fn field(&self, key: &str) -> Option<&Value<'static>> {
        self.extra.iter().find(|e| e.key == key).map(|e| &e.value)
    }

    /// The hand as PHH text that [`parse_str`] reads back to the same hand (up to
    /// line numbers): amounts are written in the hand's [`Scale`].
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let amounts = |v: &[u64]| -> Value {
            Value::Array(
                v.iter()
                    .map(|&a| Item {
                        line: 0,
                        value: Value::Raw(self.scale.format(a).into()),
                    })
                    .collect(),
            )
        };
        let line = |out: &mut String, key: &str, v: &Value| {
            write_key(out, key);
            out.push_str(" = ");
            v.write_toml(out);
            out.push('\n');
        };
        line(
            &mut out,
            "variant",
            &Value::String(self.variant.code().into()),
        );
        line(
            &mut out,
            "ante_trimming_status",
            &Value::Bool(self.ante_trimming_status),
        );
        line(&mut out, "antes", &amounts(&self.antes));
        line(
            &mut out,
            "blinds_or_straddles",
            &amounts(&self.blinds_or_straddles),
        );
        for (key, v) in [
            ("bring_in", self.bring_in),
            ("small_bet", self.small_bet),
            ("big_bet", self.big_bet),
            ("min_bet", self.min_bet),
        ] {
            if let Some(v) = v {
                line(&mut out, key, &Value::Raw(self.scale.format(v).into()));
            }
        }
        line(&mut out, "starting_stacks", &amounts(&self.starting_stacks));
        out.push_str("actions = [\n");
        for (i, a) in self.actions.iter().enumerate() {
            let mut text = a.to_phh(self.scale);
            if let Some(c) = self.action_info.get(i).and_then(|x| x.comment.as_ref()) {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str("# ");
                text.push_str(c);
            }
            out.push_str("  ");
            write_string(&mut out, &text);
            out.push_str(",\n");
        }
        out.push_str("]\n");
        if let Some(p) = &self.players {
            let names = p
                .iter()
                .map(|s| Item {
                    line: 0,
                    value: Value::String(Cow::Borrowed(s)),
                })
                .collect();
            line(&mut out, "players", &Value::Array(names));
        }
        if let Some(v) = &self.finishing_stacks {
            line(&mut out, "finishing_stacks", &amounts(v));
        }
        if let Some(v) = &self.winnings {
            line(&mut out, "winnings", &amounts(v));
        }
        for e in &self.extra {
            line(&mut out, &e.key, &e.value);
        }
        out
    }
}

/// Writes hands as one `.phhs` text, each under `[1]`, `[2]`, ...
pub fn to_phhs(hands: &[HandHistory]) -> String {
    let mut out = String::new();
    for (i, h) in hands.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[{}]", i + 1);
        out.push_str(&h.to_toml());
    }
    out
}

/// Parses the cards of an action: two characters each (`AcKd`), `??` for an
/// unknown card.
pub fn parse_cards(text: &str) -> Result<Cards, String> {
    let ascii = text.is_ascii();
    let count = if ascii {
        text.len()
    } else {
        text.chars().count()
    };
    if count == 0 {
        return Err("no cards given".into());
    }
    if !count.is_multiple_of(2) {
        return Err(format!(
            "`{text}`: each card is two characters, rank and suit (e.g. AcKd, ?? if unknown)"
        ));
    }
    let mut cards = Cards::new();
    if ascii {
        // Each pair of bytes is a card: no slicing of the text per card.
        for pair in text.as_bytes().chunks_exact(2) {
            let card = match *pair {
                [b'?', b'?'] => None,
                [r, u] => match (
                    Rank::from_symbol(char::from(r)),
                    Suit::from_symbol(char::from(u)),
                ) {
                    (Some(rank), Some(suit)) => Some(Card::new(rank, suit)),
                    // Not a card: the slow way below, for its message.
                    _ => return parse_cards_slowly(text),
                },
                _ => return parse_cards_slowly(text),
            };
            cards.push(card).map_err(|_| too_many_cards(text))?;
        }
        return Ok(cards);
    }
    parse_cards_slowly(text)
}

fn too_many_cards(text: &str) -> String {
    format!("`{text}`: one action names at most {MAX_ACTION_CARDS} cards")
}

/// [`parse_cards`] a pair of characters at a time, each checked by [`parse_card`]:
/// for text that is not ASCII, and for the message about a card that is wrong.
fn parse_cards_slowly(text: &str) -> Result<Cards, String> {
    // Each pair is a slice of the text: no string is built per card.
    let mut cards = Cards::new();
    let mut rest = text;
    while !rest.is_empty() {
        let two = match rest.as_bytes() {
            [a, b, ..] if a.is_ascii() && b.is_ascii() => 2,
            _ => rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i),
        };
        let (s, tail) = rest.split_at(two);
        rest = tail;
        cards
            .push(parse_card(s)?)
            .map_err(|_| too_many_cards(text))?;
    }
    Ok(cards)
}

/// One card of an action from its two characters, `??` for an unknown card. A
/// rank and a suit symbol (nearly every card) make the card directly; anything
/// else goes through the card's own parsing, for its error.
fn parse_card(s: &str) -> Result<Option<Card>, String> {
    if let [r, u] = *s.as_bytes() {
        if r == b'?' && u == b'?' {
            return Ok(None);
        }
        let rank = Rank::from_symbol(char::from(r));
        if let (Some(rank), Some(suit)) = (rank, Suit::from_symbol(char::from(u))) {
            return Ok(Some(Card::new(rank, suit)));
        }
    }
    if s.contains('?') {
        return Err(format!("`{s}`: an unknown card is written `??`"));
    }
    s.parse::<Card>()
        .map(Some)
        .map_err(|e| format!("bad card `{s}`: {e}"))
}

fn parse_player(token: &str) -> Result<usize, String> {
    // `p` and decimal digits, read as bytes: every action of a hand names a player.
    let n = match token.as_bytes() {
        [b'p', digits @ ..] if !digits.is_empty() => digits.iter().try_fold(0usize, |n, &d| {
            let d = usize::from(d.checked_sub(b'0').filter(|d| *d < 10)?);
            n.checked_mul(10)?.checked_add(d)
        }),
        _ => None,
    }
    .ok_or_else(|| format!("expected `d` or a player `pN`, found `{token}`"))?;
    n.checked_sub(1)
        .ok_or_else(|| "players are numbered from p1".to_string())
}

/// The words of an action string, one at a time. Action strings are ASCII: their
/// words are found a byte at a time; any other text by Unicode's whitespace.
#[derive(Clone, Copy)]
struct Words<'t> {
    rest: &'t str,
    ascii: bool,
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Words<'t> {
        Words {
            rest: text,
            ascii: text.is_ascii(),
        }
    }

    // Inlined: an action is a few words, and the call would cost as much as the scan.
    #[inline(always)]
    fn next(&mut self) -> Option<&'t str> {
        let (start, end) = if self.ascii {
            // ASCII's whitespace is Unicode's: the same words as `split_whitespace`.
            let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
            let bytes = self.rest.as_bytes();
            let mut i = 0;
            while bytes.get(i).is_some_and(|&b| space(b)) {
                i += 1;
            }
            let start = i;
            while bytes.get(i).is_some_and(|&b| !space(b)) {
                i += 1;
            }
            (start, i)
        } else {
            let start = self.rest.find(|c: char| !c.is_whitespace())?;
            let len = self
                .rest
                .get(start..)?
                .find(char::is_whitespace)
                .unwrap_or(self.rest.len() - start);
            (start, start + len)
        };
        if start == end {
            self.rest = "";
            return None;
        }
        let word = self.rest.get(start..end)?;
        self.rest = self.rest.get(end..).unwrap_or_default();
        Some(word)
    }

    /// Nothing follows `verb`.
    fn end(&mut self, verb: &str) -> Result<(), String> {
        match self.next() {
            None => Ok(()),
            Some(t) => Err(format!("unexpected `{t}` after `{verb}`")),
        }
    }

    /// The cards in the rest of the action: usually one word (`AcKd`), read as it
    /// is; cards written apart (`Ac Kd`) are joined first. `None` if there are none.
    fn cards(&mut self) -> Option<Result<Cards, String>> {
        let first = self.next()?;
        let Some(second) = self.next() else {
            return Some(parse_cards(first));
        };
        let mut joined = format!("{first}{second}");
        while let Some(w) = self.next() {
            joined.push_str(w);
        }
        Some(parse_cards(&joined))
    }
}

/// Parses one action string (PHH action notation), players 0-based, the `cbr`
/// amount as written. Returns the action and its commentary (after `#`).
pub fn parse_action(text: &str) -> Result<(PhhAction<Number<'_>>, Option<String>), String> {
    let (body, comment) = match split_at_byte(text, b'#') {
        Some((b, c)) => (b, Some(c.trim().to_string())),
        None => (text, None),
    };
    let mut words = Words::new(body);
    let action = match words.next() {
        None => PhhAction::NoOp,
        Some("d") => match words.next() {
            Some("db") => PhhAction::DealBoard {
                cards: words.cards().ok_or_else(|| {
                    "`d db` needs the board cards, e.g. `d db AcKd7h`".to_string()
                })??,
            },
            Some("dh") => {
                let player = words.next().ok_or_else(|| {
                    "`d dh` needs a player and cards, e.g. `d dh p1 AcKd`".to_string()
                })?;
                let player = parse_player(player)?;
                let cards = words.cards().ok_or_else(|| {
                    "`d dh pN` needs the cards, e.g. `d dh p1 AcKd` or `????`".to_string()
                })??;
                PhhAction::DealHole { player, cards }
            }
            Some(verb) => {
                return Err(format!(
                    "unknown dealer action `{verb}`: expected `db` (board) or `dh` (hole cards)"
                ))
            }
            None => return Err("`d` needs an action: `db` or `dh`".into()),
        },
        Some(actor) => {
            let player = parse_player(actor)?;
            match words.next() {
                None => {
                    return Err(format!(
                        "`{actor}` needs an action: f, cc, cbr, sm, sd or pb"
                    ))
                }
                Some("f") => {
                    words.end("f")?;
                    PhhAction::Fold { player }
                }
                Some("cc") => {
                    words.end("cc")?;
                    PhhAction::CheckCall { player }
                }
                Some("pb") => {
                    words.end("pb")?;
                    PhhAction::PostBringIn { player }
                }
                Some("cbr") => {
                    let amount = words
                        .next()
                        .ok_or_else(|| "`cbr` needs an amount, e.g. `p1 cbr 20`".to_string())?;
                    words.end(amount)?;
                    let to = Number::parse(amount).ok_or_else(|| {
                        format!("expected an amount after `cbr`, found {amount:?}")
                    })?;
                    if to.is_negative() {
                        return Err(format!("the amount {amount} is negative"));
                    }
                    PhhAction::CompleteBetRaise { player, to }
                }
                Some("sm") => {
                    let mut after = words;
                    let shown = match (after.next(), after.next()) {
                        (None, _) => Shown::Muck,
                        (Some("-"), None) => Shown::Dealt,
                        _ => match words.cards() {
                            Some(cards) => Shown::Cards(cards?),
                            None => Shown::Muck,
                        },
                    };
                    PhhAction::ShowMuck { player, shown }
                }
                Some("sd") => PhhAction::StandPatDiscard {
                    player,
                    discards: words.cards().transpose()?.unwrap_or_default(),
                },
                Some(verb) => {
                    return Err(format!(
                        "unknown action `{verb}`: expected f, cc, cbr, sm, sd or pb"
                    ))
                }
            }
        }
    };
    Ok((action, comment))
}

/// How the amounts of a file become units as the file is read. Every amount of a
/// file is in one unit, which only the file's end tells (module docs): the reader
/// takes the file's whole chips as the unit, notes an amount that needs more decimal
/// places, and the file is then read again in the unit it needs. Nearly every file is
/// in whole chips and read once; amounts go straight into the hand.
struct Units {
    scale: Scale,
    /// The most decimal places an amount of the file needs.
    needed: u32,
    /// The first amount with more decimal places than [`MAX_DECIMALS`].
    too_fine: Option<PhhError>,
    /// The first amount too large for a `u64` in `scale`: reported once the scale is
    /// the file's own, as it names the unit.
    too_large: Option<PhhError>,
}

impl Units {
    fn new(scale: Scale) -> Units {
        Units {
            scale,
            needed: scale.decimals(),
            too_fine: None,
            too_large: None,
        }
    }

    /// `v`, the value of `field` on `line`, in units.
    fn amount(&mut self, field: &'static str, line: usize, v: Value<'_>) -> Result<u64, PhhError> {
        let n = number(field, line, v)?;
        Ok(self.units(field, line, &n))
    }

    /// `n` in units; 0 in place of an amount that does not fit the unit yet (the
    /// reading ends in [`Units::done`]'s error or a reading in a finer unit).
    fn units(&mut self, field: &'static str, line: usize, n: &Number<'_>) -> u64 {
        let d = n.decimals();
        let bad = |reason: String| {
            at(
                line,
                PhhErrorKind::BadAmount {
                    field: field.to_string(),
                    value: n.as_str().to_string(),
                    reason,
                },
            )
        };
        if d > MAX_DECIMALS {
            if self.too_fine.is_none() {
                self.too_fine = Some(bad(format!(
                    "{d} decimal places; at most {MAX_DECIMALS} are supported"
                )));
            }
            return 0;
        }
        if d > self.scale.decimals() {
            self.needed = self.needed.max(d);
            return 0;
        }
        match self.scale.to_units(n) {
            Some(u) => u,
            None => {
                if self.too_large.is_none() {
                    let scale = self.scale;
                    self.too_large = Some(bad(format!(
                        "too large: in the file's chip unit ({scale}) it does not fit in 64 bits"
                    )));
                }
                0
            }
        }
    }

    /// After a reading: the finer unit to read the file in again, if it needs one.
    fn done(self) -> Result<Option<Scale>, PhhError> {
        if let Some(e) = self.too_fine {
            return Err(e);
        }
        if self.needed > self.scale.decimals() {
            // Never more than MAX_DECIMALS (a finer amount is `too_fine`, above), so
            // there is always such a unit; without one the amounts would be wrong.
            return Scale::new(self.needed).map(Some).ok_or_else(|| PhhError {
                path: None,
                line: None,
                kind: PhhErrorKind::Structure(format!(
                    "amounts with {} decimal places: no chip unit holds them",
                    self.needed
                )),
            });
        }
        match self.too_large {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }
}

fn wrong(field: &str, line: usize, expected: &'static str, found: &Value<'_>) -> PhhError {
    at(
        line,
        PhhErrorKind::WrongType {
            field: field.to_string(),
            expected,
            found: found.describe(),
        },
    )
}

/// An amount's number: not negative, not infinite.
fn number<'a>(field: &str, line: usize, v: Value<'a>) -> Result<Number<'a>, PhhError> {
    match v {
        Value::Number(n) if n.is_negative() => Err(at(
            line,
            PhhErrorKind::BadAmount {
                field: field.to_string(),
                value: n.as_str().to_string(),
                reason: "amounts cannot be negative".into(),
            },
        )),
        Value::Number(n) => Ok(n),
        Value::Raw(r) if r.contains("inf") || r.contains("nan") => Err(at(
            line,
            PhhErrorKind::BadAmount {
                field: field.to_string(),
                value: r.into_owned(),
                reason: "unknown (infinite) amounts are not supported: give the amount".into(),
            },
        )),
        other => Err(wrong(field, line, "a number", &other)),
    }
}

/// Players a list of a hand is read for without growing (a full table).
const LIST_CAPACITY: usize = firmware::config::MAX_SEATS;

/// Actions a hand is read for without growing: a hand of a full table has forty
/// or so.
const ACTIONS_CAPACITY: usize = 48;

/// The list of amounts `field`, its `=` on `line` (the parser at its value).
fn amount_list(
    p: &mut Parser<'_>,
    units: &mut Units,
    field: &'static str,
    line: usize,
    depth: usize,
) -> Result<Vec<u64>, PhhError> {
    if p.peek() != Some('[') {
        let v = p.value(field, depth)?;
        return Err(wrong(field, line, "an array of numbers", &v));
    }
    let mut out = Vec::with_capacity(LIST_CAPACITY);
    let mut problem = None;
    p.array_with(field, |p, line| {
        // A whole chip count (nearly every amount): read as it stands.
        if let Some(u) = p.whole_number(units.scale) {
            out.push(u);
            return Ok(());
        }
        let v = p.value(field, depth + 1)?;
        match units.amount(field, line, v) {
            Ok(u) => out.push(u),
            Err(e) => keep_first(&mut problem, e),
        }
        Ok(())
    })?;
    problem.map_or(Ok(out), Err)
}

/// Keeps the first problem of a hand: the file is read to its end all the same, so
/// that an error in its layout further on is the one reported (the text must be a
/// hand history before its hands are judged).
fn keep_first(slot: &mut Option<PhhError>, e: PhhError) {
    slot.get_or_insert(e);
}

/// Whether `e` is about the file's layout (TOML syntax, a key twice), not about a
/// hand's contents.
fn is_layout(e: &PhhError) -> bool {
    matches!(e.kind, PhhErrorKind::Syntax(_) | PhhErrorKind::Duplicate(_))
}

/// An action naming a player, kept while the number of players is not yet known
/// (`actions` before `starting_stacks`) to be checked against it.
struct Named<'a> {
    player: usize,
    index: usize,
    line: usize,
    text: Cow<'a, str>,
}

/// The fields of the hand being read, as the file gives them (in any order).
#[derive(Default)]
struct HandFields<'a> {
    line: usize,
    section: Option<String>,
    variant: Option<Variant>,
    ante_trimming_status: bool,
    antes: Option<Vec<u64>>,
    blinds: Option<Vec<u64>>,
    min_bet: Option<u64>,
    small_bet: Option<u64>,
    big_bet: Option<u64>,
    bring_in: Option<u64>,
    starting_stacks: Option<Vec<u64>>,
    finishing_stacks: Option<Vec<u64>>,
    winnings: Option<Vec<u64>>,
    actions: Option<Vec<PhhAction>>,
    action_info: Vec<ActionInfo>,
    players: Option<Vec<String>>,
    extra: Vec<Entry<'static>>,
    /// Read before `starting_stacks`: each action naming a higher player than every
    /// action before it, so the first one beyond the table is known at the end.
    named: Vec<Named<'a>>,
}

impl<'a> HandFields<'a> {
    fn new(line: usize, section: Option<String>) -> HandFields<'a> {
        HandFields {
            line,
            section,
            ..HandFields::default()
        }
    }

    /// Reads the value of `key` (on `line`) into the hand.
    fn field(
        &mut self,
        p: &mut Parser<'a>,
        units: &mut Units,
        key: Cow<'a, str>,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError> {
        let mut list = |field| amount_list(p, units, field, line, depth).map(Some);
        match &*key {
            "antes" => self.antes = list("antes")?,
            "blinds_or_straddles" => self.blinds = list("blinds_or_straddles")?,
            "starting_stacks" => self.starting_stacks = list("starting_stacks")?,
            "finishing_stacks" => self.finishing_stacks = list("finishing_stacks")?,
            "winnings" => self.winnings = list("winnings")?,
            "min_bet" => {
                self.min_bet = Some(units.amount("min_bet", line, p.value(&key, depth)?)?)
            }
            "small_bet" => {
                self.small_bet = Some(units.amount("small_bet", line, p.value(&key, depth)?)?)
            }
            "big_bet" => {
                self.big_bet = Some(units.amount("big_bet", line, p.value(&key, depth)?)?)
            }
            "bring_in" => {
                self.bring_in = Some(units.amount("bring_in", line, p.value(&key, depth)?)?)
            }
            "actions" => self.actions(p, units, line, depth)?,
            "variant" => match p.value(&key, depth)? {
                Value::String(code) => {
                    let v = Variant::from_code(&code);
                    self.variant = Some(v.ok_or_else(|| {
                        at(line, PhhErrorKind::UnsupportedVariant(code.into_owned()))
                    })?);
                }
                other => return Err(wrong("variant", line, "a string", &other)),
            },
            "ante_trimming_status" => match p.value(&key, depth)? {
                Value::Bool(b) => self.ante_trimming_status = b,
                other => return Err(wrong(&key, line, "true or false", &other)),
            },
            "players" => match p.value(&key, depth)? {
                Value::Array(items) => {
                    let names = items.into_iter().map(|i| match i.value {
                        Value::String(s) => Ok(s.into_owned()),
                        other => Err(wrong("players", i.line, "a string", &other)),
                    });
                    self.players = Some(names.collect::<Result<_, _>>()?);
                }
                other => return Err(wrong(&key, line, "an array of strings", &other)),
            },
            _ => {
                let value = p.value(&key, depth)?.into_owned();
                self.extra.push(Entry {
                    key: Cow::Owned(key.into_owned()),
                    line,
                    value,
                });
            }
        }
        Ok(())
    }

    /// `actions`: each string parsed as it is read, its amount in units.
    fn actions(
        &mut self,
        p: &mut Parser<'a>,
        units: &mut Units,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError> {
        if p.peek() != Some('[') {
            let v = p.value("actions", depth)?;
            return Err(wrong("actions", line, "an array of strings", &v));
        }
        let players = self.starting_stacks.as_ref().map(Vec::len);
        let mut actions = Vec::with_capacity(ACTIONS_CAPACITY);
        let mut info = Vec::with_capacity(ACTIONS_CAPACITY);
        let named = &mut self.named;
        let mut problem = None;
        let mut index = 0;
        p.array_with("actions", |p, line| {
            let value = p.string("actions", depth + 1)?;
            let read = action(value, index, line, players, units, named);
            index += 1;
            match read {
                Ok((action, comment)) => {
                    actions.push(action);
                    info.push(ActionInfo { line, comment });
                }
                Err(e) => keep_first(&mut problem, e),
            }
            Ok(())
        })?;
        if let Some(e) = problem {
            return Err(e);
        }
        self.actions = Some(actions);
        self.action_info = info;
        Ok(())
    }

    /// The hand, once all its fields are read: every field it needs there, every
    /// list one entry per player.
    fn finish(self, scale: Scale) -> Result<HandHistory, PhhError> {
        let line = self.line;
        let missing = |field: &'static str, variant: &'static str| PhhError {
            path: None,
            line: Some(line),
            kind: PhhErrorKind::MissingField { field, variant },
        };
        let variant = self.variant.ok_or_else(|| missing("variant", ""))?;
        let code = variant.code();
        let antes = self.antes.ok_or_else(|| missing("antes", code))?;
        let blinds = self
            .blinds
            .ok_or_else(|| missing("blinds_or_straddles", code))?;
        let starting_stacks = self
            .starting_stacks
            .ok_or_else(|| missing("starting_stacks", code))?;
        let fixed = variant.is_fixed_limit();
        let needed = [
            ("min_bet", !fixed, self.min_bet),
            ("small_bet", fixed, self.small_bet),
            ("big_bet", fixed, self.big_bet),
        ];
        if let Some((field, ..)) = needed.iter().find(|(_, need, v)| *need && v.is_none()) {
            return Err(missing(field, code));
        }
        let n = starting_stacks.len();
        if n < 2 {
            return Err(at(
                line,
                PhhErrorKind::PlayerCount {
                    field: "starting_stacks".into(),
                    found: n,
                    players: 2,
                },
            ));
        }
        let lengths = [
            ("antes", Some(antes.len())),
            ("blinds_or_straddles", Some(blinds.len())),
            (
                "finishing_stacks",
                self.finishing_stacks.as_ref().map(Vec::len),
            ),
            ("winnings", self.winnings.as_ref().map(Vec::len)),
            ("players", self.players.as_ref().map(Vec::len)),
        ];
        for (field, len) in lengths {
            if let Some(found) = len.filter(|&l| l != n) {
                return Err(at(
                    line,
                    PhhErrorKind::PlayerCount {
                        field: field.into(),
                        found,
                        players: n,
                    },
                ));
            }
        }
        let actions = self.actions.ok_or_else(|| missing("actions", code))?;
        if let Some(m) = self.named.iter().find(|m| m.player >= n) {
            let reason = format!("p{}: the hand has {n} players", m.player + 1);
            return Err(bad_action(m.index, m.line, &m.text, reason));
        }
        Ok(HandHistory {
            variant,
            ante_trimming_status: self.ante_trimming_status,
            antes,
            blinds_or_straddles: blinds,
            min_bet: self.min_bet,
            small_bet: self.small_bet,
            big_bet: self.big_bet,
            bring_in: self.bring_in,
            starting_stacks,
            finishing_stacks: self.finishing_stacks,
            winnings: self.winnings,
            actions,
            action_info: self.action_info,
            players: self.players,
            scale,
            section: self.section,
            line,
            extra: self.extra,
        })
    }
}

/// Action `index` of a hand, read from `value` on `line`: parsed, its player
/// checked against the `players` of the hand (or kept in `named` until they are
/// known), its amount in units.
fn action<'a>(
    value: Result<Cow<'a, str>, Value<'a>>,
    index: usize,
    line: usize,
    players: Option<usize>,
    units: &mut Units,
    named: &mut Vec<Named<'a>>,
) -> Result<(PhhAction, Option<String>), PhhError> {
    let text = match value {
        Ok(s) | Err(Value::String(s)) => s,
        Err(other) => return Err(wrong("actions", line, "a string", &other)),
    };
    let bad = |reason| bad_action(index, line, &text, reason);
    let (action, comment) = parse_action(&text).map_err(bad)?;
    match (action.player(), players) {
        (Some(pl), Some(n)) if pl >= n => {
            return Err(bad(format!("p{}: the hand has {n} players", pl + 1)));
        }
        (Some(player), None) if named.last().is_none_or(|m| player > m.player) => {
            named.push(Named {
                player,
                index,
                line,
                text: text.clone(),
            });
        }
        _ => {}
    }
    let action = action.try_map_amount(|n| Ok::<_, PhhError>(units.units("actions", line, &n)))?;
    Ok((action, comment))
}

fn bad_action(index: usize, line: usize, text: &str, reason: String) -> PhhError {
    at(
        line,
        PhhErrorKind::BadAction {
            index,
            text: text.to_string(),
            reason,
        },
    )
}

/// Builds the hands of a file as its text is read: the keys before any section are
/// one hand, and the sections after it its tables; without such keys, each section
/// is a hand.
struct HandReader<'a> {
    units: Units,
    hands: Vec<HandHistory>,
    hand: Option<HandFields<'a>>,
    /// `hand` is the keys before any section.
    root: bool,
    /// A section after the root hand, read as one of its tables.
    table: Option<Section<'a>>,
    /// The first problem with a hand's contents (reported if the layout of the
    /// whole file is right: [`keep_first`]).
    problem: Option<PhhError>,
}

impl<'a> HandReader<'a> {
    /// The root hand's table just read goes into its fields.
    fn close_table(&mut self) {
        if let (Some(t), Some(hand)) = (self.table.take(), self.hand.as_mut()) {
            hand.extra.push(Entry {
                key: Cow::Owned(t.name.into_owned()),
                line: t.line,
                value: Value::Table(t.entries).into_owned(),
            });
        }
    }

    /// The hand just read is complete.
    fn close_hand(&mut self) {
        let Some(hand) = self.hand.take() else {
            return;
        };
        if self.problem.is_none() {
            match hand.finish(self.units.scale) {
                Ok(h) => self.hands.push(h),
                Err(e) => keep_first(&mut self.problem, e),
            }
        }
    }
}

impl<'a> Sink<'a> for HandReader<'a> {
    fn section(&mut self, name: Cow<'a, str>, line: usize) -> Result<(), PhhError> {
        self.close_table();
        if self.root {
            self.table = Some(Section::empty(name, line));
        } else {
            self.close_hand();
            self.hand = Some(HandFields::new(line, Some(name.into_owned())));
        }
        Ok(())
    }

    fn entry(
        &mut self,
        p: &mut Parser<'a>,
        key: Cow<'a, str>,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError> {
        if let Some(t) = &mut self.table {
            let value = p.value(&key, depth)?;
            t.entries.push(Entry { key, line, value });
            return Ok(());
        }
        let hand = match &mut self.hand {
            Some(hand) => hand,
            None => {
                self.root = true;
                self.hand.insert(HandFields::new(line, None))
            }
        };
        match hand.field(p, &mut self.units, key, line, depth) {
            Err(e) if !is_layout(&e) => {
                keep_first(&mut self.problem, e);
                Ok(())
            }
            read => read,
        }
    }
}

/// Reads the hands of `text` with amounts in `scale`: the hands, or the finer unit
/// the file needs (read it again in that).
fn read_hands(text: &str, scale: Scale) -> Result<Result<Vec<HandHistory>, Scale>, PhhError> {
    let mut reader = HandReader {
        units: Units::new(scale),
        // A .phh file holds one hand; a .phhs file grows this.
        hands: Vec::with_capacity(1),
        hand: None,
        root: false,
        table: None,
        problem: None,
    };
    Parser::new(text).document_into(&mut reader)?;
    reader.close_table();
    reader.close_hand();
    if let Some(e) = reader.problem {
        return Err(e);
    }
    if let Some(finer) = reader.units.done()? {
        return Ok(Err(finer));
    }
    if reader.hands.is_empty() {
        return Err(PhhError {
            path: None,
            line: None,
            kind: PhhErrorKind::Structure(
                "the file holds no hand: a hand history needs `variant`, `antes`, ... fields"
                    .into(),
            ),
        });
    }
    Ok(Ok(reader.hands))
}

/// Parses the text of a `.phh` file (one hand) or a `.phhs` file (hands under `[1]`,
/// `[2]`, ... headers). A file with keys before any header is one hand, and any
/// sections it has are kept as tables in [`HandHistory::extra`]. Every amount of
/// the text is in one chip unit (module docs).
pub fn parse_str(text: &str) -> Result<Vec<HandHistory>, PhhError> {
    let mut scale = Scale::UNITS;
    // Each new reading is in a finer unit than the last, at most MAX_DECIMALS.
    loop {
        match read_hands(text, scale)? {
            Ok(hands) => return Ok(hands),
            Err(finer) => scale = finer,
        }
    }
}

/// Parses a text that must hold exactly one hand.
pub fn parse_hand(text: &str) -> Result<HandHistory, PhhError> {
    let mut hands = parse_str(text)?;
    match (hands.pop(), hands.is_empty()) {
        (Some(h), true) => Ok(h),
        _ => Err(PhhError {
            path: None,
            line: None,
            kind: PhhErrorKind::Structure(format!(
                "expected one hand, found {}: use parse_str for a .phhs file",
                hands.len() + 1
            )),
        }),
    }
}

/// Reads and parses a `.phh` (one hand) or `.phhs` (many hands) file. Errors carry
/// the path.
pub fn parse_file(path: impl AsRef<Path>) -> Result<Vec<HandHistory>, PhhError> {
    let path = path.as_ref();
    let with_path = |mut e: PhhError| {
        e.path = Some(path.to_path_buf());
        e
    };
    let text = read_text(path).map_err(|e| {
        with_path(PhhError {
            path: None,
            line: None,
            kind: PhhErrorKind::Io(e.to_string()),
        })
    })?;
    parse_str(&text).map_err(with_path)
}

/// A file's text, read to its end: `std::fs::read_to_string` without asking the
/// file's size first. A hand history is half a kilobyte, and a replay of thousands
/// of them spends more time in system calls than in parsing: one call less a file.
fn read_text(path: &Path) -> std::io::Result<String> {
    use std::io::Read as _;
    // Room for a hand without growing. Read through `take`: `File`'s own
    // `read_to_end` asks the file's size (and position) first.
    let mut bytes = Vec::with_capacity(1024);
    std::fs::File::open(path)?
        .take(u64::MAX)
        .read_to_end(&mut bytes)?;
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::path::PathBuf;

    fn cs(cards: &[Option<Card>]) -> Cards {
        Cards::from_slice(cards).expect("a test's cards fit")
    }

    fn card(s: &str) -> Card {
        match s.parse() {
            Ok(c) => c,
            Err(e) => panic!("test card {s}: {e}"),
        }
    }

    fn err(text: &str) -> PhhError {
        match parse_str(text) {
            Ok(h) => panic!("expected an error, parsed {} hand(s)", h.len()),
            Err(e) => e,
        }
    }

    fn hand(text: &str) -> HandHistory {
        match parse_hand(text) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        }
    }

    const NT: &str = "variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AcKd', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 30', 'p1 f', 'p2 cc']
";

    // ---- the whole corpus ------------------------------------------------

    /// `shared/corpora`, or `None` after the one-line skip notice.
    fn corpus_dir(what: &str) -> Option<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        crate::peers::or_skip(
            crate::peers::shared(&root, "corpora"),
            "REQUIRE_SHARED",
            what,
            crate::peers::SHARED_SETUP,
        )
    }

    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if matches!(p.extension().and_then(|e| e.to_str()), Some("phh" | "phhs")) {
                out.push(p);
            }
        }
    }

    /// Semantic equality: everything but line numbers.
    fn same_hand(a: &HandHistory, b: &HandHistory) -> bool {
        fn strip_v<'a>(v: &Value<'a>) -> Value<'a> {
            match v {
                Value::Array(items) => Value::Array(
                    items
                        .iter()
                        .map(|i| Item {
                            line: 0,
                            value: strip_v(&i.value),
                        })
                        .collect(),
                ),
                Value::Table(es) => Value::Table(strip_e(es)),
                other => other.clone(),
            }
        }
        fn strip_e<'a>(es: &[Entry<'a>]) -> Vec<Entry<'a>> {
            es.iter()
                .map(|e| Entry {
                    key: e.key.clone(),
                    line: 0,
                    value: strip_v(&e.value),
                })
                .collect()
        }
        fn strip(h: &HandHistory) -> HandHistory {
            let mut h = h.clone();
            h.line = 0;
            h.section = None;
            h.extra = strip_e(&h.extra);
            for i in &mut h.action_info {
                i.line = 0;
            }
            h
        }
        strip(a) == strip(b)
    }

    #[test]
    fn every_corpus_file_parses() {
        let Some(dir) = corpus_dir("parsing every file of the shared corpora") else {
            return;
        };
        let mut files = Vec::new();
        walk(&dir, &mut files);
        assert!(
            files.len() > 100,
            "only {} files under {}",
            files.len(),
            dir.display()
        );
        let other_variants = ["NS", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"];
        let (mut hands, mut unsupported, mut sample) = (0, 0, 0);
        for f in &files {
            match parse_file(f) {
                Ok(hs) => {
                    assert!(!hs.is_empty());
                    if f.to_string_lossy().contains("pokerkit-sample") {
                        sample += hs.len();
                    }
                    for h in &hs {
                        hands += 1;
                        assert_eq!(h.actions.len(), h.action_info.len());
                        assert!(h
                            .actions
                            .iter()
                            .all(|a| a.player().is_none_or(|p| p < h.player_count())));
                        // Round trip: written back and read again, the same hand.
                        let written = h.to_toml();
                        let back = match parse_hand(&written) {
                            Ok(b) => b,
                            Err(e) => panic!("{}: round trip: {e}\n{written}", f.display()),
                        };
                        assert_eq!(back.to_toml(), written, "{}", f.display());
                        if back.scale == h.scale {
                            assert!(same_hand(h, &back), "{}: round trip differs", f.display());
                        }
                    }
                }
                Err(PhhError {
                    kind: PhhErrorKind::UnsupportedVariant(v),
                    line: Some(_),
                    path: Some(_),
                }) => {
                    assert!(other_variants.contains(&v.as_str()), "{}: {v}", f.display());
                    unsupported += 1;
                    // The TOML and every action of the other games still parse.
                    let text = std::fs::read_to_string(f).unwrap_or_default();
                    let doc = match parse_document(&text) {
                        Ok(d) => d,
                        Err(e) => panic!("{}: {e}", f.display()),
                    };
                    let actions = doc.root.iter().find(|e| e.key == "actions");
                    let Some(Entry {
                        value: Value::Array(items),
                        ..
                    }) = actions
                    else {
                        panic!("{}: no actions", f.display());
                    };
                    for i in items {
                        let s = i.value.as_str().unwrap_or_default();
                        if let Err(e) = parse_action(s) {
                            panic!("{}:{}: {s:?}: {e}", f.display(), i.line);
                        }
                    }
                }
                Err(e) => panic!("{e}"),
            }
        }
        // The sample corpus holds exactly the hands its manifest counts.
        let manifest =
            std::fs::read_to_string(dir.join("pokerkit-sample/manifest.json")).unwrap_or_default();
        let count = serde_json::from_str::<serde_json::Value>(&manifest)
            .ok()
            .and_then(|m| m.get("count").and_then(serde_json::Value::as_u64));
        if let Some(count) = count {
            assert_eq!(sample as u64, count);
        }
        eprintln!(
            "{} files: {hands} hands parsed, {unsupported} files in variants this table does not play",
            files.len()
        );
    }

    #[test]
    fn handhq_phhs_from_the_corpus_in_cents() {
        let Some(corpora) = corpus_dir("a HandHQ file of the PHH dataset, in cents") else {
            return;
        };
        let path = corpora.join(
            "phh-dataset/handhq/ABS-2009-07-01_2009-07-23_100NLH_OBFU/1/abs NLH handhq_325-OBFUSCATED.phhs",
        );
        assert!(
            path.is_file(),
            "{} is missing from the corpus",
            path.display()
        );
        let hands = match parse_file(&path) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(hands.len(), 11);
        let h = &hands[0];
        assert_eq!(h.section.as_deref(), Some("1"));
        assert_eq!(h.scale.decimals(), 2);
        assert_eq!(h.antes, vec![25; 6]);
        assert_eq!(h.blinds_or_straddles, vec![50, 100, 0, 0, 0, 0]);
        assert_eq!(h.starting_stacks[0], 9275);
        assert_eq!(h.starting_stacks[1], 43470);
        assert!(h
            .actions
            .contains(&PhhAction::CompleteBetRaise { player: 3, to: 735 }));
        assert_eq!(
            h.actions[0],
            PhhAction::DealHole {
                player: 0,
                cards: cs(&[None, None])
            }
        );
        assert_eq!(h.field("time"), Some(&Value::Raw("14:53:46".into())));
        assert_eq!(
            h.field("venue").and_then(Value::as_str),
            Some("Absolute Poker")
        );
        // Every hand of the file shares the unit, even one without cents.
        assert!(hands
            .iter()
            .all(|h| h.scale == Scale::new(2).unwrap_or_default()));
    }

    // ---- amounts and the chip unit ------------------------------------------

    #[test]
    fn decimal_amounts_are_scaled_to_one_unit() {
        let text = "variant = 'NT'
antes = [0.25, 0.25]
blinds_or_straddles = [0.50, 1]
min_bet = 1
starting_stacks = [92.75, 12.6]
actions = ['p2 cbr 7.35', 'p1 cc']
finishing_stacks = [85.15, 20.2]
";
        let h = hand(text);
        assert_eq!(h.scale.decimals(), 2);
        assert_eq!(h.scale.factor(), 100);
        assert_eq!(h.antes, vec![25, 25]);
        assert_eq!(h.blinds_or_straddles, vec![50, 100]);
        assert_eq!(h.min_bet, Some(100));
        assert_eq!(h.starting_stacks, vec![9275, 1260]);
        assert_eq!(
            h.actions[0],
            PhhAction::CompleteBetRaise { player: 1, to: 735 }
        );
        assert_eq!(h.finishing_stacks, Some(vec![8515, 2020]));
        assert!(!h.ante_trimming_status, "defaults to false");
        assert_eq!(h.scale.format(25), "0.25");
        assert_eq!(h.scale.format(9275), "92.75");
        assert_eq!(h.scale.format(50), "0.5");
        assert_eq!(h.scale.format(100), "1");
    }

    #[test]
    fn trailing_zeros_do_not_change_the_unit() {
        // Pluribus files write finishing stacks as 9775.0.
        let h = hand(&format!(
            "{NT}finishing_stacks = [1000.0, 990.0, 1010.00]\n"
        ));
        assert_eq!(h.scale, Scale::UNITS);
        assert_eq!(h.finishing_stacks, Some(vec![1000, 990, 1010]));
        // A half chip in a result makes the whole file count in tenths.
        let h = hand(&format!("{NT}finishing_stacks = [1000.5, 989.5, 1010]\n"));
        assert_eq!(h.scale.decimals(), 1);
        assert_eq!(h.starting_stacks, vec![10000; 3]);
        assert_eq!(
            h.actions[3],
            PhhAction::CompleteBetRaise { player: 2, to: 300 }
        );
    }

    #[test]
    fn numbers_are_exact() {
        let n = Number::parse;
        assert_eq!(n("0.25").map(|n| n.decimals()), Some(2));
        assert_eq!(n("1_000").and_then(|n| n.to_u64()), Some(1000));
        assert_eq!(n("1.5e3").and_then(|n| n.to_u64()), Some(1500));
        assert_eq!(n("25e-2").map(|n| n.decimals()), Some(2));
        assert_eq!(n("+7").and_then(|n| n.to_u64()), Some(7));
        assert_eq!(n("-0").map(|n| n.is_negative()), Some(false));
        assert_eq!(n("-3").map(|n| n.is_negative()), Some(true));
        assert_eq!(
            n("0.1").and_then(|n| n.to_units(0)),
            None,
            "finer than the unit"
        );
        assert_eq!(n("0.1").and_then(|n| n.to_units(3)), Some(100));
        assert_eq!(
            n("18446744073709551615").and_then(|n| n.to_u64()),
            Some(u64::MAX)
        );
        assert_eq!(n("18446744073709551616").and_then(|n| n.to_u64()), None);
        // Zeros inside, trailing and leading, and digits past 64 bits.
        assert_eq!(n("100_200").and_then(|n| n.to_u64()), Some(100_200));
        assert_eq!(n("9775.0").map(|n| n.decimals()), Some(0));
        assert_eq!(n("0009775.500").and_then(|n| n.to_units(1)), Some(97_755));
        assert_eq!(n("0.000").and_then(|n| n.to_u64()), Some(0));
        assert_eq!(
            n("0.10000000000000000000000").map(|n| n.decimals()),
            Some(1)
        );
        assert_eq!(
            n("184467440737095516150e-1").and_then(|n| n.to_u64()),
            Some(u64::MAX)
        );
        assert_eq!(n("1000000000000000000000").and_then(|n| n.to_u64()), None);
        assert_eq!(n("1000000000000000000000").map(|n| n.decimals()), Some(0));
        for bad in [
            "", "1.", ".5", "1__0", "_1", "1_", "abc", "1e", "--1", "0x10", "inf",
        ] {
            assert!(n(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn too_large_amount_is_an_error() {
        let e = err("variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [18446744073709551615, 100.5]
actions = []
");
        assert_eq!(e.line, Some(5));
        assert!(
            matches!(e.kind, PhhErrorKind::BadAmount { ref field, .. } if field == "starting_stacks")
        );
        assert!(e.to_string().contains("does not fit"), "{e}");
        // Nineteen digits fit in whole chips but not in tenths: the file's unit decides.
        let text = "variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [9999999999999999999 , 100]
actions = []
";
        let h = hand(text);
        assert_eq!(h.starting_stacks, vec![9_999_999_999_999_999_999, 100]);
        let e = err(&text.replace("100]", "100.5]"));
        assert_eq!(e.line, Some(5));
        assert!(e.to_string().contains("9999999999999999999"), "{e}");
        assert!(e.to_string().contains("does not fit"), "{e}");
    }

    #[test]
    fn too_many_decimals_negative_and_infinite_amounts() {
        let base = |stacks: &str| {
            format!("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = {stacks}\nactions = []\n")
        };
        let e = err(&base("[1.0000000000000000001, 5]"));
        assert_eq!(e.line, Some(5));
        assert!(e.to_string().contains("decimal places"), "{e}");
        let e = err(&base("[-5, 5]"));
        assert_eq!(
            e.to_string(),
            "line 5: amount -5 in `starting_stacks`: amounts cannot be negative"
        );
        let e = err(&base("[inf, 5]"));
        assert!(e.to_string().contains("infinite"), "{e}");
    }

    // ---- errors, each with its line ------------------------------------------

    #[test]
    fn wrong_type_names_field_and_line() {
        let text = "# a hand\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\nstarting_stacks = [100, \"abc\"]\nactions = []\n";
        let e = err(text);
        assert_eq!(
            e.to_string(),
            "line 7: expected a number in `starting_stacks`, found \"abc\""
        );
        assert!(matches!(e.kind, PhhErrorKind::WrongType { .. }));
        // An element on its own line of a multi-line array is reported there.
        let e = err("variant = 'NT'\nantes = [\n  0,\n  true,\n]\n");
        assert_eq!(
            e.to_string(),
            "line 4: expected a number in `antes`, found true"
        );
        let e = err("variant = 5\n");
        assert_eq!(
            e.to_string(),
            "line 1: expected a string in `variant`, found 5"
        );
        let e = err(&NT.replace(
            "ante_trimming_status = true",
            "ante_trimming_status = 'yes'",
        ));
        assert_eq!(
            e.to_string(),
            "line 2: expected true or false in `ante_trimming_status`, found \"yes\""
        );
        let e = err(&NT.replace("min_bet = 10", "min_bet = [10]"));
        assert_eq!(
            e.to_string(),
            "line 5: expected a number in `min_bet`, found an array"
        );
        let e = err(&NT.replace("antes = [0, 0, 0]", "antes = 0"));
        assert_eq!(
            e.to_string(),
            "line 3: expected an array of numbers in `antes`, found 0"
        );
        let e = err(&format!("{NT}players = ['a', 2, 'c']\n"));
        assert_eq!(
            e.to_string(),
            "line 8: expected a string in `players`, found 2"
        );
    }

    #[test]
    fn syntax_errors_have_lines() {
        let cases: [(&str, usize, &str); 12] = [
            ("variant = 'NT\n", 1, "unterminated string"),
            ("a = 1\nvariant = \"NT\n", 2, "unterminated string"),
            (
                "a = 1\nantes = [0,\n 0\n\n",
                2,
                "unterminated array `antes`",
            ),
            (
                "a = 1\n\nmin_bet 10\n",
                3,
                "expected `=` after the key `min_bet`",
            ),
            (
                "variant = NT\n",
                1,
                "invalid value `NT` for `variant`: put text in quotes",
            ),
            ("a = \"x\\qy\"\n", 1, "invalid escape `\\q`"),
            ("a = 1 2\n", 1, "invalid value `1 2`"),
            (
                "a = 'x' b\n",
                1,
                "expected the end of the line after the value of `a`, found `b`",
            ),
            ("a = [1 2]\n", 1, "invalid value `1 2`"),
            (
                "a = ['x' 'y']\n",
                1,
                "expected `,` or `]` in the array `a`, found `'`",
            ),
            ("= 5\n", 1, "expected a key, found `=`"),
            ("[[hands]]\n", 1, "arrays of tables"),
        ];
        for (text, line, msg) in cases {
            let e = match parse_document(text) {
                Ok(d) => panic!("{text:?} parsed: {d:?}"),
                Err(e) => e,
            };
            assert_eq!(e.line, Some(line), "{text:?}: {e}");
            assert!(matches!(e.kind, PhhErrorKind::Syntax(_)), "{text:?}: {e:?}");
            assert!(e.to_string().contains(msg), "{text:?}: {e}");
        }
        let e = err("a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n");
        assert!(e.to_string().contains("deep"), "{e}");
    }

    #[test]
    fn duplicates_are_errors() {
        let e = err("variant = 'NT'\nvariant = 'FT'\n");
        assert_eq!(
            e.to_string(),
            "line 2: `variant` is defined twice: keep one"
        );
        let e = err("[1]\nvariant = 'NT'\n[1]\n");
        assert_eq!(
            (e.line, e.kind),
            (Some(3), PhhErrorKind::Duplicate("[1]".into()))
        );
        // The same key in two sections is fine.
        let two = format!("[1]\n{NT}\n[2]\n{NT}");
        assert_eq!(parse_str(&two).map(|h| h.len()), Ok(2));
        // Past the keys compared one by one, a set finds the duplicate (and the
        // first section's keys are not the second's).
        let many: String = (0..50).map(|i| format!("_k{i} = {i}\n")).collect();
        let doc = format!("[1]\n{many}[2]\n{many}_k7 = 0\n");
        let e = parse_document(&doc).expect_err("a duplicate past 32 keys");
        assert_eq!(
            (e.line, e.kind),
            (Some(103), PhhErrorKind::Duplicate("_k7".into()))
        );
        assert!(parse_document(&format!("[1]\n{many}[2]\n{many}")).is_ok());
    }

    #[test]
    fn missing_fields_name_the_variant() {
        let e = err("antes = [0, 0]\n");
        assert_eq!(e.to_string(), "line 1: missing required field `variant`");
        let e = err(&NT.replace("min_bet = 10\n", ""));
        assert_eq!(
            e.kind,
            PhhErrorKind::MissingField {
                field: "min_bet",
                variant: "NT"
            }
        );
        assert_eq!(e.line, Some(1));
        let ft = NT.replace("'NT'", "'FT'");
        let e = err(&ft);
        assert_eq!(
            e.to_string(),
            "line 1: missing required field `small_bet` (variant FT)"
        );
        let e = err(&format!("{ft}small_bet = 10\n"));
        assert_eq!(
            e.to_string(),
            "line 1: missing required field `big_bet` (variant FT)"
        );
        let h = hand(&format!("{ft}small_bet = 10\nbig_bet = 20\n"));
        assert_eq!(
            (h.small_bet, h.big_bet, h.min_bet),
            (Some(10), Some(20), Some(10))
        );
        let e = err(&NT.replace("actions = ", "_actions = "));
        assert_eq!(
            e.to_string(),
            "line 1: missing required field `actions` (variant NT)"
        );
        let e = err("");
        assert!(matches!(e.kind, PhhErrorKind::Structure(_)), "{e}");
        let e = err("# only a comment\n\n");
        assert!(e.to_string().contains("no hand"), "{e}");
    }

    #[test]
    fn unsupported_variants_are_named() {
        let e = err("\n\nvariant = 'F7S'\nbring_in = 1\n");
        assert_eq!(e.line, Some(3));
        assert_eq!(e.kind, PhhErrorKind::UnsupportedVariant("F7S".into()));
        assert_eq!(
            e.to_string(),
            "line 3: unsupported variant \"F7S\": this table plays NT, FT, PT, PO, FO/8 and our NO, FO, NO/8, PO/8, N5CD, P5CD, F5CD"
        );
        for v in Variant::ALL {
            assert_eq!(Variant::from_code(v.code()), Some(v));
        }
        assert_eq!(Variant::from_code("nt"), None);
    }

    #[test]
    fn player_counts_must_agree() {
        let e = err(&NT.replace("antes = [0, 0, 0]", "antes = [0, 0]"));
        assert_eq!(
            e.to_string(),
            "line 1: `antes` has 2 entries, but `starting_stacks` has 3 players"
        );
        let e = err(&format!("{NT}finishing_stacks = [1, 2]\n"));
        assert!(
            matches!(e.kind, PhhErrorKind::PlayerCount { ref field, found: 2, players: 3 } if field == "finishing_stacks")
        );
        let e = err("variant = 'NT'\nantes = [0]\nblinds_or_straddles = [1]\nmin_bet = 1\nstarting_stacks = [5]\nactions = []\n");
        assert!(e.to_string().contains("at least 2"), "{e}");
    }

    #[test]
    fn bad_actions_name_index_text_and_line() {
        let with = |actions: &str| {
            NT.replace(
            "actions = ['d dh p1 AcKd', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 30', 'p1 f', 'p2 cc']",
            actions,
        )
        };
        let e = err(&with("actions = [\n  'd dh p1 AcKd',\n  'p3 raise 30',\n]"));
        assert_eq!(
            e.to_string(),
            "line 9: action 2 \"p3 raise 30\": unknown action `raise`: expected f, cc, cbr, sm, sd or pb"
        );
        let cases = [
            ("'d dh p1 AcXd'", "bad card `Xd`"),
            ("'d dh p1 AcK'", "two characters"),
            ("'d dh p1 A?Kd'", "`A?`: an unknown card is written `??`"),
            ("'d dh p4 AcKd'", "p4: the hand has 3 players"),
            ("'p0 f'", "players are numbered from p1"),
            ("'x1 f'", "expected `d` or a player `pN`, found `x1`"),
            ("'p1 cbr'", "`cbr` needs an amount"),
            (
                "'p1 cbr abc'",
                "expected an amount after `cbr`, found \"abc\"",
            ),
            ("'p1 cbr -5'", "negative"),
            ("'p1 f now'", "unexpected `now` after `f`"),
            ("'d db'", "`d db` needs the board cards"),
            ("'d dx AcKd'", "unknown dealer action `dx`"),
            ("'p2'", "`p2` needs an action"),
            ("5", "expected a string in `actions`, found 5"),
        ];
        for (action, msg) in cases {
            let e = err(&with(&format!("actions = [{action}]")));
            assert_eq!(e.line, Some(7), "{action}: {e}");
            assert!(e.to_string().contains(msg), "{action}: {e}");
        }
    }

    #[test]
    fn io_errors_carry_the_path() {
        let e = match parse_file("/no/such/dir/hand.phh") {
            Ok(_) => panic!("read a missing file"),
            Err(e) => e,
        };
        assert!(matches!(e.kind, PhhErrorKind::Io(_)));
        assert!(
            e.to_string()
                .starts_with("/no/such/dir/hand.phh: cannot read the file"),
            "{e}"
        );
        let dir = match tempfile::tempdir() {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        let p = dir.path().join("bad.phh");
        if let Err(e) = std::fs::write(&p, "variant = 'NT'\nantes = [x]\n") {
            panic!("{e}");
        }
        let e = match parse_file(&p) {
            Ok(_) => panic!("parsed"),
            Err(e) => e,
        };
        assert_eq!(e.path.as_deref(), Some(p.as_path()));
        assert_eq!(e.line, Some(2));
    }

    // ---- actions ---------------------------------------------------------------

    #[test]
    fn plain_digits_read_as_the_full_parse_reads_them() {
        for text in [
            "0",
            "00",
            "7",
            "10",
            "974",
            "0974",
            "1000",
            "20000000",
            "9999999999999999999",
            "1000000000000000000",
        ] {
            let plain = Number::plain(text).expect("plain digits");
            // The full parse, past the shortcut: the same digits with a `+`.
            let signed = format!("+{text}");
            let full = Number::parse(&signed).expect("a number");
            assert_eq!(
                (plain.negative, plain.significand, plain.exponent),
                (full.negative, full.significand, full.exponent),
                "{text}"
            );
        }
        for text in [
            "",
            "-1",
            "+1",
            "1_000",
            "1.5",
            "1e3",
            "12345678901234567890",
            "x",
        ] {
            assert!(Number::plain(text).is_none(), "{text}");
        }
    }

    #[test]
    fn an_action_names_at_most_eight_cards() {
        assert_eq!(parse_cards(&"??".repeat(8)).map(|c| c.len()), Ok(8));
        let e = parse_cards(&"??".repeat(9)).unwrap_err();
        assert!(e.contains("at most 8 cards"), "{e}");
    }

    #[test]
    fn every_action_kind() {
        let parse = |s: &str| match parse_action(s) {
            Ok((a, c)) => (a.try_map_amount(|n| n.to_units(2).ok_or(())).ok(), c),
            Err(e) => panic!("{s}: {e}"),
        };
        let some = |a| (Some(a), None);
        assert_eq!(
            parse("d dh p1 AcKd"),
            some(PhhAction::DealHole {
                player: 0,
                cards: cs(&[Some(card("Ac")), Some(card("Kd"))])
            })
        );
        assert_eq!(
            parse("d dh p3 ??Ad????"),
            some(PhhAction::DealHole {
                player: 2,
                cards: cs(&[None, Some(card("Ad")), None, None])
            })
        );
        assert_eq!(
            parse("d db Jc3d5c"),
            some(PhhAction::DealBoard {
                cards: cs(&[Some(card("Jc")), Some(card("3d")), Some(card("5c"))])
            })
        );
        assert_eq!(parse("p2 f"), some(PhhAction::Fold { player: 1 }));
        assert_eq!(
            parse("  p2   cc  "),
            some(PhhAction::CheckCall { player: 1 })
        );
        assert_eq!(parse("p3 pb"), some(PhhAction::PostBringIn { player: 2 }));
        assert_eq!(
            parse("p1 cbr 7.35"),
            some(PhhAction::CompleteBetRaise { player: 0, to: 735 })
        );
        assert_eq!(
            parse("p1 sm"),
            some(PhhAction::ShowMuck {
                player: 0,
                shown: Shown::Muck
            })
        );
        assert_eq!(
            parse("p1 sm -"),
            some(PhhAction::ShowMuck {
                player: 0,
                shown: Shown::Dealt
            })
        );
        assert_eq!(
            parse("p4 sm 2s4c"),
            some(PhhAction::ShowMuck {
                player: 3,
                shown: Shown::Cards(cs(&[Some(card("2s")), Some(card("4c"))]))
            })
        );
        assert_eq!(
            parse("p1 sd"),
            some(PhhAction::StandPatDiscard {
                player: 0,
                discards: cs(&[])
            })
        );
        assert_eq!(
            parse("p4 sd AsQs"),
            some(PhhAction::StandPatDiscard {
                player: 3,
                discards: cs(&[Some(card("As")), Some(card("Qs"))])
            })
        );
        assert_eq!(
            parse("p3 cbr 7000  # Dwan"),
            (
                Some(PhhAction::CompleteBetRaise {
                    player: 2,
                    to: 700_000
                }),
                Some("Dwan".into())
            )
        );
        assert_eq!(parse(""), some(PhhAction::NoOp));
        assert_eq!(parse("   "), some(PhhAction::NoOp));
        assert_eq!(
            parse("# Burn card 6s is exposed"),
            (
                Some(PhhAction::NoOp),
                Some("Burn card 6s is exposed".into())
            )
        );
        assert_eq!(parse_cards("????"), Ok(cs(&[None, None])));
    }

    #[test]
    fn actions_keep_lines_and_commentary() {
        let text = "variant = \"NT\"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop

  \"d dh p1 Ac2d\",  # Ivey
  \"d dh p2 ????\",  # Antonius
  \"p3 cbr 7000 # Dwan opens\",
  \"\",
  \"p1 sm -\",
]
";
        let h = hand(text);
        assert_eq!(h.actions.len(), 5);
        assert_eq!(
            h.action_info[0],
            ActionInfo {
                line: 9,
                comment: None
            }
        );
        assert_eq!(
            h.action_info[2],
            ActionInfo {
                line: 11,
                comment: Some("Dwan opens".into())
            }
        );
        assert_eq!(h.actions[3], PhhAction::NoOp);
        assert_eq!(
            h.actions[4],
            PhhAction::ShowMuck {
                player: 0,
                shown: Shown::Dealt
            }
        );
        assert_eq!(h.actions[4].to_phh(h.scale), "p1 sm -");
        assert_eq!(h.actions[2].to_phh(h.scale), "p3 cbr 7000");
    }

    // ---- TOML features -----------------------------------------------------------

    #[test]
    fn toml_subset() {
        let text = "\u{feff}# comment line\r
title = \"tab\\there \\\"q\\\" \\u00e9\" # trailing comment\r
lit = 'C:\\path'
ml = \"\"\"
two\\
   lines\"\"\"
mll = '''
raw \\n'''
neg = -3
dec = 1_000.50
date = 2009-07-20
odt = 1979-05-27T07:32:00-08:00
time = 14:53:46
big = inf
hex = 0xFF
yes = true
\"quoted key\" = 1
dotted . key = 2
arr = [
  1, # one
  'two',   # two

  [3, 4],
]
empty = []
tbl = { a = 1, b = 'x' }
_user = [\"\", \"GGPoker\"]
";
        let doc = match parse_document(text) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        let get = |k: &str| {
            doc.root
                .iter()
                .find(|e| e.key == k)
                .map(|e| e.value.clone())
        };
        assert_eq!(
            get("title"),
            Some(Value::String("tab\there \"q\" é".into()))
        );
        assert_eq!(get("lit"), Some(Value::String("C:\\path".into())));
        assert_eq!(get("ml"), Some(Value::String("twolines".into())));
        assert_eq!(get("mll"), Some(Value::String("raw \\n".into())));
        assert_eq!(
            get("neg").and_then(|v| v.as_number().map(Number::is_negative)),
            Some(true)
        );
        assert_eq!(
            get("dec").and_then(|v| v.as_number().map(Number::decimals)),
            Some(1)
        );
        assert_eq!(get("date"), Some(Value::Raw("2009-07-20".into())));
        assert_eq!(
            get("odt"),
            Some(Value::Raw("1979-05-27T07:32:00-08:00".into()))
        );
        assert_eq!(get("time"), Some(Value::Raw("14:53:46".into())));
        assert_eq!(get("big"), Some(Value::Raw("inf".into())));
        assert_eq!(get("hex"), Some(Value::Raw("0xFF".into())));
        assert_eq!(get("yes"), Some(Value::Bool(true)));
        assert!(get("quoted key").is_some());
        assert!(get("dotted.key").is_some());
        let Some(Value::Array(items)) = get("arr") else {
            panic!("arr");
        };
        assert_eq!(
            items.iter().map(|i| i.line).collect::<Vec<_>>(),
            vec![20, 21, 23]
        );
        assert!(matches!(&items[2].value, Value::Array(v) if v.len() == 2));
        assert_eq!(get("empty"), Some(Value::Array(vec![])));
        assert!(matches!(get("tbl"), Some(Value::Table(t)) if t.len() == 2));
        let e = doc.root.iter().find(|e| e.key == "_user").map(|e| e.line);
        assert_eq!(e, Some(27));
    }

    #[test]
    fn user_fields_and_unknown_keys_are_kept() {
        let h = hand(&format!(
            "{NT}_sponsors = ['', 'GGPoker', '']\nevent = 'Main Event'\ntime_zone = 'America/Toronto'\nday = 22\nplayers = ['A', 'B', 'C']\n"
        ));
        assert_eq!(h.players, Some(vec!["A".into(), "B".into(), "C".into()]));
        assert_eq!(h.field("event").and_then(Value::as_str), Some("Main Event"));
        assert_eq!(
            h.field("day")
                .and_then(Value::as_number)
                .and_then(Number::to_u64),
            Some(22)
        );
        assert!(matches!(h.field("_sponsors"), Some(Value::Array(a)) if a.len() == 3));
        assert_eq!(h.extra.len(), 4);
        assert_eq!(h.variant, Variant::NoLimitHoldem);
        assert!(h.ante_trimming_status);
    }

    // ---- .phhs files -----------------------------------------------------------

    #[test]
    fn phhs_sections_are_hands() {
        let text = format!(
            "[1]\n{NT}\n[2]\n{}\n[3]\n{}",
            NT.replace("'NT'", "'PO'").replace("AcKd", "AcKdQh2s"),
            NT.replace("[1000, 1000, 1000]", "[1000, 1000, 1000.5]")
        );
        let hands = match parse_str(&text) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(hands.len(), 3);
        assert_eq!(
            hands.iter().map(|h| h.section.clone()).collect::<Vec<_>>(),
            vec![Some("1".into()), Some("2".into()), Some("3".into())]
        );
        assert_eq!(
            hands.iter().map(|h| h.line).collect::<Vec<_>>(),
            vec![1, 10, 19]
        );
        assert_eq!(hands[1].variant, Variant::PotLimitOmaha);
        // One unit per file: the half chip of hand 3 puts hand 1 in tenths too.
        assert!(hands.iter().all(|h| h.scale.decimals() == 1));
        assert_eq!(hands[0].starting_stacks, vec![10000; 3]);
        assert_eq!(hands[2].starting_stacks, vec![10000, 10000, 10005]);
        // An error in a later hand has the file's line.
        let bad = format!("[1]\n{NT}\n[2]\n{}", NT.replace("'p1 f'", "'p1 fold'"));
        assert_eq!(err(&bad).line, Some(17));
        // Written back as .phhs and read again.
        let again = parse_str(&to_phhs(&hands)).unwrap_or_default();
        assert_eq!(again.len(), 3);
        assert!(hands.iter().zip(&again).all(|(a, b)| same_hand(a, b)));
        assert!(matches!(
            parse_hand(&text),
            Err(PhhError {
                kind: PhhErrorKind::Structure(_),
                ..
            })
        ));
    }

    #[test]
    fn sections_after_a_root_hand_are_extra_tables() {
        let h = hand(&format!("{NT}\n[_meta]\nsource = 'tv'\n"));
        assert!(matches!(h.field("_meta"), Some(Value::Table(t)) if t.len() == 1));
        assert!(same_hand(&h, &hand(&h.to_toml())));
    }

    // ---- never panics ------------------------------------------------------------

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
            let _ = parse_str(&s);
        }

        #[test]
        fn mangled_hands_never_panic(cut in 0usize..400, junk in "[\\[\\]'\"#=,\\\\\n a-z0-9.{}]{0,8}") {
            let mut text = NT.to_string();
            let at = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
            text.insert_str(at, &junk);
            if let Ok(hands) = parse_str(&text) {
                for h in &hands {
                    let written = h.to_toml();
                    let back = parse_hand(&written);
                    prop_assert!(back.as_ref().is_ok_and(|b| b.to_toml() == written), "{:?}", back);
                }
            }
        }

        #[test]
        fn amounts_round_trip(cents in proptest::collection::vec(0u64..10_000_000, 3), k in 0u32..4) {
            let scale = Scale::new(k).unwrap_or_default();
            let stacks: Vec<String> = cents.iter().map(|&c| scale.format(c)).collect();
            let text = NT.replace("[1000, 1000, 1000]", &format!("[{}]", stacks.join(", ")))
                .replace("'p3 cbr 30'", "'p3 cbr 0.001'");
            let h = parse_hand(&text);
            prop_assert!(h.is_ok(), "{:?}", h);
            if let Ok(h) = h {
                prop_assert_eq!(h.scale.decimals(), 3);
                let f = 10u64.pow(3 - k);
                prop_assert_eq!(h.starting_stacks, cents.iter().map(|c| c * f).collect::<Vec<_>>());
            }
        }
    }
}
