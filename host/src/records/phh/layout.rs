//! One reading of the TOML layout: `key = value` lines, `[section]` headers, comments
//! and blank lines, no key or section twice. Each key goes to a [`Sink`], which reads
//! its value (`values.rs`), so the generic tree and the hand reader share this loop.

use super::document::Entry;
use super::error::{at, syntax, PhhError, PhhErrorKind};
use hardware::text::excerpt;
use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

/// What the document loop hands each `[section]` header and `key =` to. The loop
/// checks the layout (one key per line, no key or section twice); the sink reads
/// each value from the parser, so a hand is built as its text is read (`HandReader`,
/// in `reader.rs`) and only a [`Document`](super::Document) builds the generic tree.
pub(super) trait Sink<'a> {
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

/// The reading position in a text: the byte offset and the 1-based line, which every
/// error names.
pub(super) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
}

/// A character of a bare key: ASCII letters, digits, `_` and `-`.
pub(super) fn is_bare(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    /// Whether the text at the parser starts with `s`, compared as bytes: no
    /// slicing of the text (and its character-boundary check) per value read.
    pub(super) fn at(&self, s: &str) -> bool {
        self.src
            .as_bytes()
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(s.as_bytes()))
    }

    /// The next character. Hand histories are nearly all ASCII, so a byte below 128
    /// is taken as it is and only other bytes decode UTF-8.
    pub(super) fn peek(&self) -> Option<char> {
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
    pub(super) fn take_until(&mut self, stop: impl Fn(u8) -> bool) -> &'a str {
        let rest = self.rest();
        let end = rest.bytes().position(stop).unwrap_or(rest.len());
        self.pos += end;
        rest.get(..end).unwrap_or("")
    }

    /// Takes the next character, counting lines.
    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Takes `s` if the text at the parser starts with it.
    pub(super) fn eat(&mut self, s: &str) -> bool {
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
    pub(super) fn skip_blank(&mut self) {
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
    pub(super) fn found(&self) -> String {
        match self.peek() {
            None => "the end of the file".to_string(),
            Some('\n') => "the end of the line".to_string(),
            Some(c) => format!("`{c}`"),
        }
    }

    /// A parser at the start of `text`, past a byte-order mark.
    pub(super) fn new(text: &'a str) -> Parser<'a> {
        Parser {
            src: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
        }
    }

    /// Reads the whole text, handing every section header and key to `sink`.
    pub(super) fn document_into(&mut self, sink: &mut impl Sink<'a>) -> Result<(), PhhError> {
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
                format!(
                    "expected `=` after the key `{}`, found {}",
                    excerpt(&key),
                    self.found()
                ),
            ));
        }
        self.skip_ws();
        Ok((key, line))
    }

    /// `key = value`, as an inline table holds them.
    pub(super) fn key_value(&mut self, depth: usize) -> Result<Entry<'a>, PhhError> {
        let (key, line) = self.key_eq()?;
        let value = self.value(&key, depth)?;
        Ok(Entry { key, line, value })
    }
}
