//! The replay's report as `tablectl replay --json` prints it (replay-schema.md):
//! written by hand, byte for byte what serde_json would write, because the corpus
//! benchmark writes a line per hand and the formatting machinery cost more than the
//! replay.

use super::*;
use firmware::Chips;

/// Writes `s` as a JSON string (quoted and escaped as serde_json escapes it).
fn json_str(out: &mut Vec<u8>, s: &str) {
    // Writing into a vector cannot fail, nor can a string be refused.
    let _ = serde_json::to_writer(&mut *out, s);
}

/// Writes a JSON array, each item by `write`.
fn json_list<T>(
    out: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut write: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

/// Writes the numbers as a JSON array.
fn json_numbers(out: &mut Vec<u8>, numbers: impl IntoIterator<Item = u64>) {
    json_list(out, numbers, json_number);
}

/// Writes `n` in decimal. Nearly every number of a line (seats, amounts, stacks) has
/// at most four digits: written as that many bytes at once, not through the
/// formatting machinery nor a copy of a length known only as it runs (a hand's line
/// has a hundred numbers or more).
fn json_number(out: &mut Vec<u8>, n: u64) {
    let digit = |k: u64| b'0' + (k % 10) as u8;
    match n {
        0..=9 => out.push(digit(n)),
        10..=99 => out.extend_from_slice(&[digit(n / 10), digit(n)]),
        100..=999 => out.extend_from_slice(&[digit(n / 100), digit(n / 10), digit(n)]),
        1000..=9999 => {
            out.extend_from_slice(&[digit(n / 1000), digit(n / 100), digit(n / 10), digit(n)]);
        }
        _ => {
            // u64::MAX has 20 digits.
            let mut digits = [0u8; 20];
            let mut start = digits.len();
            let mut rest = n;
            for slot in digits.iter_mut().rev() {
                *slot = digit(rest);
                rest /= 10;
                start -= 1;
                if rest == 0 {
                    break;
                }
            }
            out.extend_from_slice(digits.get(start..).unwrap_or_default());
        }
    }
}

fn json_option(out: &mut Vec<u8>, n: Option<u64>) {
    match n {
        Some(n) => json_number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

impl Replayed {
    /// The hand as `tablectl replay --json` prints it (replay-schema.md): one JSON
    /// object and a newline, keys in alphabetical order, amounts as integers in the
    /// file's chip unit, which `chip_unit` names when it is not one chip ("0.01").
    /// Written straight into `out`: a replay of thousands of files spends its time
    /// replaying, not building a JSON tree for each hand. By hand, not by serde: serde
    /// derived on borrowed structs writes the same bytes but escapes every key as it
    /// goes, and was measured at 2.3 times the time to write a line and 8% fewer hands
    /// a second end to end (`tablectl bench`); a test checks these bytes against
    /// serde_json's.
    pub fn write_json(
        &self,
        out: &mut Vec<u8>,
        file: &str,
        section: Option<&str>,
        scale: crate::records::phh::Scale,
    ) {
        // Room for the whole line at once: a decision's object is some sixty bytes.
        out.reserve(256 + 64 * self.decisions.len() + 48 * self.pots.len());
        out.push(b'{');
        if scale.factor() != 1 {
            out.extend_from_slice(b"\"chip_unit\":");
            json_str(out, &scale.format(1));
            out.push(b',');
        }
        out.extend_from_slice(b"\"decisions\":");
        json_list(out, &self.decisions, |out, d| {
            out.extend_from_slice(b"{\"call\":");
            json_number(out, d.call.get());
            out.extend_from_slice(b",\"max_raise_to\":");
            json_option(out, d.max_raise_to.map(Chips::get));
            out.extend_from_slice(b",\"min_raise_to\":");
            json_option(out, d.min_raise_to.map(Chips::get));
            out.extend_from_slice(b",\"player\":");
            json_number(out, d.player as u64 + 1);
            out.push(b'}');
        });
        out.extend_from_slice(b",\"file\":");
        json_str(out, file);
        out.extend_from_slice(b",\"finishing_stacks\":");
        json_numbers(out, self.finishing_stacks.iter().map(|c| c.get()));
        out.extend_from_slice(b",\"pots\":");
        json_list(out, &self.pots, |out, p| {
            out.extend_from_slice(b"{\"amount\":");
            json_number(out, p.amount.get());
            out.extend_from_slice(b",\"eligible\":");
            json_numbers(out, p.eligible.iter().map(|&s| u64::from(s.get())));
            out.extend_from_slice(b",\"winners\":");
            json_numbers(out, p.winners.iter().map(|&s| u64::from(s.get())));
            out.push(b'}');
        });
        if let Some(section) = section {
            out.extend_from_slice(b",\"section\":");
            json_str(out, section);
        }
        out.extend_from_slice(b"}\n");
    }
}

/// A hand or file that could not be replayed, as `tablectl replay --json` prints it:
/// `{"error": …, "file": …, "section": …}` and a newline.
pub fn write_json_error(out: &mut Vec<u8>, file: &str, section: Option<&str>, message: &str) {
    out.extend_from_slice(b"{\"error\":");
    json_str(out, message);
    out.extend_from_slice(b",\"file\":");
    json_str(out, file);
    out.extend_from_slice(b",\"section\":");
    match section {
        Some(s) => json_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b"}\n");
}

#[cfg(test)]
mod tests {
    use super::super::tests::{replayed, HAND};
    use super::*;
    use crate::ch;

    #[test]
    fn numbers_are_written_as_decimal() {
        let mut cases: Vec<u64> = (0..=12_000).collect();
        for p in 1..=19 {
            let ten = 10u64.pow(p);
            cases.extend([ten - 1, ten, ten + 1]);
        }
        cases.push(u64::MAX);
        for n in cases {
            let mut out = Vec::new();
            json_number(&mut out, n);
            assert_eq!(String::from_utf8(out).ok(), Some(n.to_string()));
        }
    }

    #[test]
    fn json_is_what_serde_json_writes_for_the_schema() {
        let (hh, r) = replayed(HAND);
        assert_eq!(r.finishing_stacks, vec![ch(995), ch(1035), ch(970)]);
        let mut out = Vec::new();
        r.write_json(&mut out, "a \"b\"\\c.phh", None, hh.scale);
        let decisions: Vec<serde_json::Value> = r
            .decisions
            .iter()
            .map(|d| {
                serde_json::json!({
                    "player": d.player + 1,
                    "call": d.call,
                    "min_raise_to": d.min_raise_to,
                    "max_raise_to": d.max_raise_to,
                })
            })
            .collect();
        let expected = serde_json::json!({
            "file": "a \"b\"\\c.phh",
            "finishing_stacks": [995, 1035, 970],
            "pots": [{"amount": 65, "eligible": [2, 3], "winners": [2]}],
            "decisions": decisions,
        });
        // Byte for byte: serde_json writes its keys in alphabetical order, as we do.
        assert_eq!(String::from_utf8(out), Ok(format!("{expected}\n")));
    }

    #[test]
    fn json_numbers_are_every_digit() {
        for n in [0, 7, 10, 999, 1_000_000, u64::MAX] {
            let mut out = Vec::new();
            json_number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }

    #[test]
    fn json_names_a_finer_chip_unit_and_the_section() {
        let cents = HAND
            .replace("[5, 10, 0]", "[0.05, 0.1, 0]")
            .replace("min_bet = 10", "min_bet = 0.1");
        let (hh, r) = replayed(&cents);
        let mut out = Vec::new();
        r.write_json(&mut out, "h.phhs", Some("7"), hh.scale);
        let v: serde_json::Value = serde_json::from_slice(&out).expect("valid JSON");
        assert_eq!(v["chip_unit"], "0.01");
        assert_eq!(v["section"], "7");
        assert_eq!(
            v["finishing_stacks"],
            serde_json::json!([99995, 103005, 97000])
        );
    }
}
