//! The generic TOML tree: [`Value`]s, array [`Item`]s and `key = value` [`Entry`]s,
//! each with its line, and [`parse_document`], the sink that builds a [`Document`].

use super::error::PhhError;
use super::layout::{Parser, Sink};
use super::number::Number;
use std::borrow::Cow;

/// A TOML value as read. Numbers are exact; other bare values TOML allows (dates,
/// times, `inf`, `nan`, `0x1F`) are kept as text in [`Value::Raw`]. Text is
/// borrowed from the file where it can be (a string without escapes, a number, a
/// bare key), so that reading a hand builds no string per value; a value kept
/// beyond the text ([`HandHistory::extra`]) is made `'static` by [`Value::into_owned`].
///
/// [`HandHistory::extra`]: super::HandHistory::extra
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
    pub(super) fn describe(&self) -> String {
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
    pub(super) fn empty(name: Cow<'a, str>, line: usize) -> Section<'a> {
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
