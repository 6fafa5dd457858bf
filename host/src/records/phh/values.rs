//! Reading one TOML value at the parser: strings of every kind, arrays, inline tables
//! and bare values (numbers, booleans, dates kept as text), with a fast path for the
//! whole chip counts and literal strings that make up nearly every hand history.

use super::document::{Entry, Item, Value};
use super::error::{at, syntax, PhhError, PhhErrorKind};
use super::layout::Parser;
use super::number::{whole_digits, Number, Scale};
use super::MAX_DEPTH;
use hardware::text::excerpt;
use std::borrow::Cow;

impl<'a> Parser<'a> {
    /// A whole number standing alone as an array's element (a run of at most 19
    /// digits, then the element's end: `,`, `]`, a comment or the line's end), in
    /// `scale`'s units: what [`Parser::value`] and [`Units::amount`] make of it, read
    /// in one pass. `None`, and the parser where it was, for anything else (a
    /// decimal, a sign, too many digits, too large in `scale`): the general path
    /// reads it, with its errors.
    ///
    /// [`Units::amount`]: super::units::Units::amount
    pub(super) fn whole_number(&mut self, scale: Scale) -> Option<u64> {
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
    pub(super) fn string(
        &mut self,
        ctx: &str,
        depth: usize,
    ) -> Result<Result<Cow<'a, str>, Value<'a>>, PhhError> {
        if self.src.as_bytes().get(self.pos) == Some(&b'\'') && !self.at("'''") {
            return self.literal_string().map(|s| Ok(Cow::Borrowed(s)));
        }
        self.value(ctx, depth).map(Err)
    }

    /// The value at the parser, for `ctx` (the key, for messages), nested `depth` deep.
    pub(super) fn value(&mut self, ctx: &str, depth: usize) -> Result<Value<'a>, PhhError> {
        if depth > MAX_DEPTH {
            return Err(syntax(
                self.line,
                format!("`{}` nests values more than {MAX_DEPTH} deep", excerpt(ctx)),
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
    pub(super) fn basic_string(&mut self) -> Result<Cow<'a, str>, PhhError> {
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

    /// A `'...'` string: the text between the quotes, borrowed.
    pub(super) fn literal_string(&mut self) -> Result<&'a str, PhhError> {
        // No escapes: the string is the run up to the closing quote (every action of
        // a hand history is one), found by a byte search.
        let start = self.pos + 1;
        let rest = self.src.as_bytes().get(start..).unwrap_or_default();
        match memchr::memchr2(b'\'', b'\n', rest) {
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
    pub(super) fn array_with(
        &mut self,
        ctx: &str,
        mut element: impl FnMut(&mut Self, usize) -> Result<(), PhhError>,
    ) -> Result<(), PhhError> {
        let open = self.line;
        self.bump();
        let unterminated = || {
            syntax(
                open,
                format!(
                    "unterminated array `{}`: the `[` on this line has no `]`",
                    excerpt(ctx)
                ),
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
                        format!(
                            "unterminated table `{}`: the `{{` on this line has no `}}`",
                            excerpt(ctx)
                        ),
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
                format!(
                    "expected a value for `{}`, found {}",
                    excerpt(ctx),
                    self.found()
                ),
            ));
        }
        classify(raw).ok_or_else(|| {
            syntax(
                line,
                format!(
                    "invalid value `{}` for `{}`: put text in quotes, e.g. 'NT'",
                    excerpt(raw),
                    excerpt(ctx)
                ),
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
