//! Reading untrusted text files, bounded: a configuration, a deck map or a script is
//! read through [`std::io::Read::take`] up to a named size (a device such as
//! `/dev/zero` or a huge file ends at once with a clear error, never a read until
//! memory runs out), its lines are checked against a named length, and an error
//! quotes at most a short [`excerpt`] of what it could not read.

use std::borrow::Cow;
use std::io::{self, Read as _};
use std::path::Path;

/// The most characters of untrusted text an error quotes.
pub const MAX_EXCERPT_CHARS: usize = 40;

/// `text` as an error quotes it: whole when short, else its first
/// [`MAX_EXCERPT_CHARS`] characters and how long it was.
///
/// ```
/// use hardware::text::excerpt;
/// assert_eq!(excerpt("p1 cbr 20"), "p1 cbr 20");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}… (100 bytes)", "x".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(MAX_EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}… ({} bytes)", &text[..end], text.len())),
    }
}

/// The text of the file at `path`, at most `max_bytes` long; `what` names the kind of
/// file for the error ("larger than 65536 bytes: not a deck map").
pub fn read_bounded(path: &Path, max_bytes: u64, what: &str) -> io::Result<String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {max_bytes} bytes: not {what}"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not text (invalid UTF-8 at byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The first line (1-based) of `text` longer than `max_bytes`, if any.
pub fn long_line(text: &str, max_bytes: usize) -> Option<usize> {
    if text.len() <= max_bytes {
        return None;
    }
    text.split('\n')
        .position(|l| l.len() > max_bytes)
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_on_a_character() {
        let long = "ж".repeat(1000);
        let e = excerpt(&long);
        assert!(e.starts_with(&"ж".repeat(MAX_EXCERPT_CHARS)), "{e}");
        assert!(e.ends_with("… (2000 bytes)"), "{e}");
        assert_eq!(excerpt(""), "");
    }

    #[test]
    fn an_endless_file_ends_at_the_limit() {
        let e = read_bounded(Path::new("/dev/zero"), 1024, "a deck map");
        if Path::new("/dev/zero").exists() {
            let e = e.unwrap_err();
            assert!(
                e.to_string()
                    .contains("larger than 1024 bytes: not a deck map"),
                "{e}"
            );
        }
    }

    #[test]
    fn the_first_long_line_is_named() {
        assert_eq!(long_line("a\nbb\n", 1), Some(2));
        assert_eq!(long_line("a\nb\n", 1), None);
    }
}
