//! The hand sink: builds the hands of a file as its text is read, and the entry
//! points that read a text ([`parse_str`], [`parse_hand`]) or a file ([`parse_file`]).

use super::document::{Entry, Section, Value};
use super::error::{PhhError, PhhErrorKind};
use super::fields::{is_layout, keep_first, HandFields};
use super::layout::{Parser, Sink};
use super::model::HandHistory;
use super::number::Scale;
use super::units::Units;
use super::{MAX_FILE_BYTES, MAX_LINE_BYTES};
use std::borrow::Cow;
use std::path::Path;

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
    check_lines(text)?;
    let mut scale = Scale::UNITS;
    // Each new reading is in a finer unit than the last, at most MAX_DECIMALS.
    loop {
        match read_hands(text, scale)? {
            Ok(hands) => return Ok(hands),
            Err(finer) => scale = finer,
        }
    }
}

/// Refuses a line longer than [`MAX_LINE_BYTES`]; a text shorter than that has
/// none, so a hand's text is not scanned twice.
fn check_lines(text: &str) -> Result<(), PhhError> {
    match hardware::text::long_line(text, MAX_LINE_BYTES) {
        Some(line) => Err(super::error::syntax(
            line,
            format!("a line longer than {MAX_LINE_BYTES} bytes: not a hand history"),
        )),
        None => Ok(()),
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
    match read_text(path) {
        Ok(text) => parse_read(path, Ok(&text)),
        Err(e) => parse_read(path, Err(e)),
    }
}

/// [`parse_file`] of a text already read from `path` (or the error reading it): a
/// replay of many files reads a batch of them before parsing any (see
/// `records::replay_many`). Errors carry the path.
pub fn parse_read(
    path: impl AsRef<Path>,
    text: std::io::Result<&str>,
) -> Result<Vec<HandHistory>, PhhError> {
    let path = path.as_ref();
    let with_path = |mut e: PhhError| {
        e.path = Some(path.to_path_buf());
        e
    };
    let text = text.map_err(|e| {
        with_path(PhhError {
            path: None,
            line: None,
            kind: PhhErrorKind::Io(hardware::cause::Cause::of(e)),
        })
    })?;
    parse_str(text).map_err(with_path)
}

/// A file's text, read to its end but at most [`MAX_FILE_BYTES`]: without asking the
/// file's size first (a hand history is half a kilobyte, and a replay of thousands
/// of them spends more time in system calls than in parsing: one call less a file),
/// and a device or a file far larger than a hand history ends at once.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    // Room for a hand without growing.
    let mut text = String::with_capacity(1024);
    read_text_into(path, &mut text)?;
    Ok(text)
}

/// [`read_text`] into `text`, emptied first: a replay of many files reads each into
/// a buffer kept from file to file. On error `text` is left empty.
pub fn read_text_into(path: &Path, text: &mut String) -> std::io::Result<()> {
    use std::io::Read as _;
    let mut bytes = std::mem::take(text).into_bytes();
    bytes.clear();
    // Read through `take`: `File`'s own `read_to_end` asks the file's size (and
    // position) first.
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("larger than {MAX_FILE_BYTES} bytes: not a hand history"),
        ));
    }
    *text = String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })?;
    Ok(())
}
