//! `docs/rules.md`, the project's rules reference, kept in step with the rule ids the
//! project cites.
//!
//! - Every rule id cited in the source (the crates and the fuzz targets, `*.rs`), in the
//!   scenario scripts (`tests/scenarios/*.scn`) and in `docs/seed-notes.md` must have its
//!   entry in `docs/rules.md`; a failure names the file, the line and the id.
//! - Every entry must be an id RULES.md has, so the reference invents none. RULES.md lives
//!   in `shared/` beside the repository; without it this check is skipped with one line.
//!   The one exception is the reference's section of the project's own proposed
//!   defaults ([`OWN_DEFAULTS`], the tournament tables RULES.md does not cover): its
//!   entries must be `PD-` ids RULES.md does *not* have, so none redefines a rule of it.
//!
//! An entry is a level-three heading that starts with the id (`### R-STRAD-4 — ...`).
//!
//! The ids are found by a small scanner written out by hand (no regex), for the shapes
//! the project uses:
//! - `R-<family>-<n>`, also grouped as `R-DRAW-1..5` or `R-SHOW-1/2/3`, and a family alone
//!   (`R-FL`) for the whole group, which then must have at least one entry;
//! - `PD-<name>`, also with more parts (`PD-BET-FOLD`); `PD-OK`, the label seed-notes gives
//!   an acceptable proposed default, is not an id;
//! - the worked examples `E<n>`, only where the text says it cites one, because `E1` is
//!   also a byte in a hex dump and `E6` a constant's name: right after `RULES.md ` or
//!   `example(s) `, beside a rule id in one citation (`(R-POT-2, E13)`), as the label a
//!   comment opens with (`// E13: ...`), or in the first cell of a Markdown table row
//!   that holds only example ids; and chained to such a one by `, `, ` and ` or a range
//!   (`E11-E17 and E21`, `E1–E23`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use table_tests::peers;

/// The reference, from the repository's root.
const REFERENCE: &str = "docs/rules.md";

/// The heading of the reference's section of proposed defaults that are the project's
/// own, not RULES.md's: the tournament table.
const OWN_DEFAULTS: &str = "## 21. Tournament tables";

/// Tokens of an id's shape that are not rule ids.
const NOT_IDS: &[&str] = &["PD-OK"];

/// One citation: a rule id, or a family of rules named without a number.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cite {
    Id(String),
    Family(String),
}

/// A byte that continues a word: an id starts and ends where none is next to it.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The byte at `i`, or 0 past the end.
fn at(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

/// The end of the run of bytes from `i` that satisfy `f`.
fn run(s: &[u8], i: usize, f: impl Fn(u8) -> bool) -> usize {
    let mut j = i;
    while j < s.len() && f(s[j]) {
        j += 1;
    }
    j
}

/// A number of up to four digits at `i` (not starting with 0), and where it ends.
fn number(s: &[u8], i: usize) -> Option<(u32, usize)> {
    let end = run(s, i, |b| b.is_ascii_digit());
    if end == i || end - i > 4 || s[i] == b'0' {
        return None;
    }
    let digits = std::str::from_utf8(&s[i..end]).ok()?;
    Some((digits.parse().ok()?, end))
}

/// Whether an id may end at `j`: no word byte after it, and no further `-PART`.
fn ends_here(s: &[u8], j: usize) -> bool {
    let more = is_word(at(s, j)) || (at(s, j) == b'-' && is_word(at(s, j + 1)));
    !more
}

/// `R-<family>`, `R-<family>-<n>`, `R-<family>-<n>..<m>` or `R-<family>-<n>/<m>/...` at `i` (just past
/// a non-word byte): the ids and where they end.
fn rule_at(s: &[u8], i: usize) -> Option<(Vec<Cite>, usize)> {
    let letters = i + 2;
    let fam_end = run(s, letters, |b| b.is_ascii_uppercase());
    if fam_end == letters {
        return None;
    }
    let family = std::str::from_utf8(&s[i..fam_end]).ok()?;
    if at(s, fam_end) != b'-' || !at(s, fam_end + 1).is_ascii_digit() {
        return ends_here(s, fam_end).then(|| (vec![Cite::Family(family.to_string())], fam_end));
    }
    let (first, mut j) = number(s, fam_end + 1)?;
    let mut numbers = vec![first];
    if s[j..].starts_with(b"..") && at(s, j + 2).is_ascii_digit() {
        let (last, end) = number(s, j + 2)?;
        numbers.extend(first + 1..=last.min(first + 50));
        j = end;
    } else {
        while at(s, j) == b'/' && at(s, j + 1).is_ascii_digit() {
            let (n, end) = number(s, j + 1)?;
            numbers.push(n);
            j = end;
        }
    }
    if !ends_here(s, j) {
        return None;
    }
    let ids = numbers
        .into_iter()
        .map(|n| Cite::Id(format!("{family}-{n}")))
        .collect();
    Some((ids, j))
}

/// `PD-<name>` or `PD-<name>-<name>...` at `i`: the id and where it ends.
fn pd_at(s: &[u8], i: usize) -> Option<(String, usize)> {
    let mut j = run(s, i + 3, |b| b.is_ascii_uppercase());
    if j == i + 3 {
        return None;
    }
    while at(s, j) == b'-' && at(s, j + 1).is_ascii_uppercase() {
        j = run(s, j + 1, |b| b.is_ascii_uppercase());
    }
    if !ends_here(s, j) {
        return None;
    }
    let id = std::str::from_utf8(&s[i..j]).ok()?;
    (!NOT_IDS.contains(&id)).then(|| (id.to_string(), j))
}

/// An example token `E<n>` at `i` (just past a non-word byte): its number and end.
fn example_at(s: &[u8], i: usize) -> Option<(u32, usize)> {
    if at(s, i) != b'E' {
        return None;
    }
    let (n, end) = number(s, i + 1)?;
    (!is_word(at(s, end))).then_some((n, end))
}

/// The range after an example ending at `j` (`-E13`, `–E17`, `..E5`): its last
/// number and end.
fn range_after(s: &[u8], j: usize) -> Option<(u32, usize)> {
    let dash = ["-", "–", ".."]
        .iter()
        .find(|d| s[j..].starts_with(d.as_bytes()))?;
    example_at(s, j + dash.len())
}

/// Whether the example token at `i..end` is cited as one (see the module docs).
/// `after_rule` / `after_example`: where the last rule id / accepted example ended.
fn cites_example(
    line: &str,
    i: usize,
    end: usize,
    after_rule: Option<usize>,
    after_example: Option<usize>,
) -> bool {
    let before = &line[..i];
    let lower = before.to_ascii_lowercase();
    let gap = |from: Option<usize>| from.map(|f| &line[f..i]);
    // Right after "RULES.md " or "example(s) ".
    if before.ends_with("RULES.md ") || lower.ends_with("example ") || lower.ends_with("examples ")
    {
        return true;
    }
    // Chained to an accepted example, or beside a rule id in one citation.
    if matches!(gap(after_example), Some(", " | " and " | ", and "))
        || gap(after_rule) == Some(", ")
    {
        return true;
    }
    // The label a comment opens with: `// E13: ...`, `# E22: ...`.
    let marks = before.trim();
    if line.as_bytes().get(end) == Some(&b':')
        && !marks.is_empty()
        && marks
            .bytes()
            .all(|b| matches!(b, b'/' | b'!' | b'#' | b'*' | b' '))
    {
        return true;
    }
    // The first cell of a Markdown table row that holds only example ids.
    let row = line.trim_start();
    if let Some(cell) = row.strip_prefix('|').and_then(|r| r.split('|').next()) {
        let start = line.len() - row.len() + 1;
        let inside = i >= start && end <= start + cell.len();
        let only_examples = cell.split(',').all(|t| {
            let t = t.trim().as_bytes();
            t.len() > 1 && t[0] == b'E' && t[1..].iter().all(u8::is_ascii_digit)
        });
        if inside && only_examples {
            return true;
        }
    }
    false
}

/// Every rule id cited on one line, in order.
fn cites_in(line: &str) -> Vec<Cite> {
    let s = line.as_bytes();
    let mut out = Vec::new();
    let (mut after_rule, mut after_example) = (None, None);
    let mut i = 0;
    while i < s.len() {
        let boundary = i == 0 || !(is_word(s[i - 1]) || s[i - 1] == b'-');
        if !boundary {
            i += 1;
            continue;
        }
        if s[i..].starts_with(b"R-") {
            if let Some((ids, end)) = rule_at(s, i) {
                out.extend(ids);
                after_rule = Some(end);
                i = end;
                continue;
            }
        } else if s[i..].starts_with(b"PD-") {
            if let Some((id, end)) = pd_at(s, i) {
                out.push(Cite::Id(id));
                after_rule = Some(end);
                i = end;
                continue;
            }
        } else if let Some((first, end)) = example_at(s, i) {
            if cites_example(line, i, end, after_rule, after_example) {
                let (last, end) = match range_after(s, end) {
                    Some((last, range_end)) if last > first => (last.min(first + 50), range_end),
                    _ => (first, end),
                };
                out.extend((first..=last).map(|n| Cite::Id(format!("E{n}"))));
                after_example = Some(end);
                i = end;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The id a heading of the reference defines: its first word, if it has an id's shape.
fn heading_id(heading: &str) -> Option<String> {
    let word = heading.split_whitespace().next()?;
    let whole = |cites: Vec<Cite>| match cites.as_slice() {
        [Cite::Id(id)] if id == word => Some(id.clone()),
        _ => None,
    };
    // A heading is its own citation context for an example ("E6" alone is not one).
    whole(cites_in(word)).or_else(|| whole(cites_in(&format!("RULES.md {word}"))))
}

/// The repository's root.
fn root() -> PathBuf {
    peers::root()
}

/// A path relative to the root, with `/` between its parts.
fn relative(path: &Path) -> String {
    let rel = path.strip_prefix(root()).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Files under `dir` whose name ends in `ext`, leaving out build output and hidden folders.
fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", relative(dir)));
    for entry in entries {
        let path = entry.expect("a readable folder entry").path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                walk(&path, ext, out);
            }
        } else if name.ends_with(ext) {
            out.push(path);
        }
    }
}

/// Every file whose citations must be in the reference.
fn citing_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = Vec::new();
    for dir in ["firmware", "hardware", "host", "tests", "fuzz/fuzz_targets"] {
        walk(&root.join(dir), ".rs", &mut files);
    }
    walk(&root.join("tests/scenarios"), ".scn", &mut files);
    files.push(root.join("docs/seed-notes.md"));
    files.sort();
    files
}

/// A citation with where it was found.
struct Found {
    file: String,
    line: usize,
    cite: Cite,
}

/// Every citation in the project's source.
fn citations() -> Vec<Found> {
    let mut found = Vec::new();
    for path in citing_files() {
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", relative(&path)));
        for (n, line) in text.lines().enumerate() {
            for cite in cites_in(line) {
                found.push(Found {
                    file: relative(&path),
                    line: n + 1,
                    cite,
                });
            }
        }
    }
    found
}

/// The ids the reference defines, checking its convention on the way: every
/// level-three heading starts with an id, and no id has two entries.
fn defined_ids() -> BTreeSet<String> {
    let path = root().join(REFERENCE);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{REFERENCE}: {e}"));
    let mut ids = BTreeSet::new();
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(heading) = line.strip_prefix("### ") else {
            continue;
        };
        match heading_id(heading) {
            Some(id) if !ids.insert(id.clone()) => {
                problems.push(format!("{REFERENCE}:{}: {id} has a second entry", n + 1));
            }
            Some(_) => {}
            None => problems.push(format!(
                "{REFERENCE}:{}: a level-three heading must start with a rule id: {line}",
                n + 1
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    ids
}

/// The ids defined under [`OWN_DEFAULTS`], up to the next level-two heading.
fn own_defaults() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join(REFERENCE)).expect("the reference is readable");
    let Some((_, section)) = text.split_once(&format!("\n{OWN_DEFAULTS}")) else {
        return BTreeSet::new();
    };
    section
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.strip_prefix("### ").and_then(heading_id))
        .collect()
}

/// The citations `defined` has no entry for.
fn undefined<'a>(found: &'a [Found], defined: &BTreeSet<String>) -> Vec<&'a Found> {
    found
        .iter()
        .filter(|f| match &f.cite {
            Cite::Id(id) => !defined.contains(id),
            Cite::Family(family) => !defined.iter().any(|d| {
                d.strip_prefix(family.as_str())
                    .is_some_and(|r| r.starts_with('-'))
            }),
        })
        .collect()
}

/// Whether `id` stands in `text` as a whole token (not inside a longer id).
fn has_token(text: &str, id: &str) -> bool {
    let s = text.as_bytes();
    text.match_indices(id).any(|(i, _)| {
        let start_ok = i == 0 || !(is_word(s[i - 1]) || s[i - 1] == b'-');
        start_ok && ends_here(s, i + id.len())
    })
}

#[test]
fn every_rule_id_the_project_cites_has_an_entry_in_the_reference() {
    let defined = defined_ids();
    let found = citations();
    // The scanner must still see the project's citations (hundreds of them).
    assert!(
        found.len() > 500 && defined.len() > 100,
        "the scan found {} citations and {} entries: is the scanner or the reference broken?",
        found.len(),
        defined.len()
    );
    let missing: Vec<String> = undefined(&found, &defined)
        .into_iter()
        .map(|f| match &f.cite {
            Cite::Id(id) => format!("{}:{}: {id} has no entry in {REFERENCE}", f.file, f.line),
            Cite::Family(fam) => {
                format!(
                    "{}:{}: no rule of {fam} has an entry in {REFERENCE}",
                    f.file, f.line
                )
            }
        })
        .collect();
    assert!(
        missing.is_empty(),
        "rule ids cited but not in the reference (add a `### ID` entry):\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_entry_of_the_reference_is_an_id_of_rules_md() {
    let Some(rules) = peers::shared("RULES.md", "the rules reference checked against RULES.md")
    else {
        return;
    };
    let text = std::fs::read_to_string(&rules).expect("RULES.md is readable");
    let own = own_defaults();
    let invented: Vec<String> = defined_ids()
        .into_iter()
        .filter(|id| !has_token(&text, id) && !own.contains(id))
        .collect();
    let clashing: Vec<&String> = own
        .iter()
        .filter(|id| has_token(&text, id) || !id.starts_with("PD-"))
        .collect();
    assert!(
        clashing.is_empty(),
        "{REFERENCE}'s own proposed defaults must be PD- ids RULES.md does not have: {clashing:?}"
    );
    assert!(
        invented.is_empty(),
        "{REFERENCE} has entries for ids RULES.md does not have: {}",
        invented.join(", ")
    );
}

/// Every `path::function` the reference names as a test: the file exists and
/// defines the function, so a renamed or moved test shows up here, not in an audit.
#[test]
fn every_test_the_reference_names_exists() {
    let root = root();
    let text = std::fs::read_to_string(root.join(REFERENCE)).expect("the reference is readable");
    let mut named = 0;
    let mut stale = Vec::new();
    for cite in text.split('`') {
        let Some((file, function)) = cite.split_once("::") else {
            continue;
        };
        if !(file.ends_with(".rs") || file.ends_with(".scn")) || function.contains(' ') {
            continue;
        }
        named += 1;
        let source = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        let defined = source.contains(&format!("fn {function}("))
            || source.contains(&format!("fn {function}<"));
        if !defined {
            stale.push(format!("{file}::{function}"));
        }
    }
    assert!(
        named > 100,
        "only {named} tests named: is the reader broken?"
    );
    assert!(
        stale.is_empty(),
        "{REFERENCE} names tests that are not where it says:\n{}",
        stale.join("\n")
    );
}

/// The ids of `line` as text (a family as its name).
fn ids(line: &str) -> Vec<String> {
    cites_in(line)
        .into_iter()
        .map(|c| match c {
            Cite::Id(id) | Cite::Family(id) => id,
        })
        .collect()
}

#[test]
fn the_scanner_reads_the_shapes_the_project_writes() {
    assert_eq!(
        ids("# RULES.md E22, R-DRAW-1..3: five-card draw"),
        ["E22", "R-DRAW-1", "R-DRAW-2", "R-DRAW-3"]
    );
    assert_eq!(
        ids("order players show in (R-SHOW-1/2/3, E21)."),
        ["R-SHOW-1", "R-SHOW-2", "R-SHOW-3", "E21"]
    );
    assert_eq!(
        ids("belongs to no pot (R-POT-2, E13, rule 1)"),
        ["R-POT-2", "E13"]
    );
    assert_eq!(
        ids("A forced bet (R-BLIND-1, R-STRAD, R-MISS)."),
        ["R-BLIND-1", "R-STRAD", "R-MISS"]
    );
    assert_eq!(
        ids("warning (PD-BET-FOLD), PD-BTN (2), PD-REOPEN."),
        ["PD-BET-FOLD", "PD-BTN", "PD-REOPEN"]
    );
    assert_eq!(ids("/// // E13: A bets 500"), ["E13"]);
    assert_eq!(ids("    // E22: four players ante 1"), ["E22"]);
    assert_eq!(
        ids("//! the worked examples E11-E13 and E21, and"),
        ["E11", "E12", "E13", "E21"]
    );
    assert_eq!(ids("## 4. Worked examples E1–E3"), ["E1", "E2", "E3"]);
    assert_eq!(ids("| E18, E20, E21 | OK | |"), ["E18", "E20", "E21"]);
    assert_eq!(ids("| E10 | OK under the round cap |"), ["E10"]);
    assert_eq!(ids("Some(\"demo\") => run(\"demo (RULES.md E6)\")"), ["E6"]);
}

#[test]
fn the_scanner_leaves_look_alikes_alone() {
    // A hex dump, a constant's name, a table cell that is not only examples.
    assert!(ids("(`00 00 FF 04 FC D4 4A 01 00 E1 00`) into `out`").is_empty());
    assert!(ids("const E6: &str = include_str!(\"e6.scn\");").is_empty());
    assert!(ids("Scenario::parse(E6)").is_empty());
    assert!(ids("| Ex | Result | Note |").is_empty());
    assert!(ids("| E1 as hex, 0xE1 | E2 |").is_empty());
    assert!(ids("examples E0 and E01").is_empty());
    // Seed-notes' label, ids inside longer words, lower case, a trailing part.
    assert!(ids("Every PD item not named above is PD-OK: fine.").is_empty());
    assert!(ids("HR-1 XPD-BTN r_strad_4 R-strad R-FL-2a PD-BTN-2").is_empty());
    assert_eq!(ids("R-FL-2/3;"), ["R-FL-2", "R-FL-3"]);
}

#[test]
fn headings_define_ids_and_families_need_one_member() {
    assert_eq!(
        heading_id("R-STRAD-4 — The unconfirmed straddle"),
        Some("R-STRAD-4".into())
    );
    assert_eq!(
        heading_id("PD-BET-FOLD — Folding"),
        Some("PD-BET-FOLD".into())
    );
    assert_eq!(heading_id("E6 — A straddle"), Some("E6".into()));
    assert_eq!(heading_id("R-DRAW-1..5 — a group"), None);
    assert_eq!(heading_id("Worked examples"), None);
    let defined: BTreeSet<String> = ["R-FL-2", "E6"].map(String::from).into();
    let found: Vec<Found> = ["R-FL", "R-POT", "E6", "R-FL-3"]
        .map(|id| Found {
            file: "x.rs".into(),
            line: 1,
            cite: cites_in(&format!("RULES.md {id}")).remove(0),
        })
        .into();
    let missing: Vec<String> = undefined(&found, &defined)
        .into_iter()
        .map(|f| format!("{:?}", f.cite))
        .collect();
    assert_eq!(missing, ["Family(\"R-POT\")", "Id(\"R-FL-3\")"]);
    assert!(has_token("- **PD-BET-FOLD** Folding", "PD-BET-FOLD"));
    assert!(!has_token("- **R-FL-2** Four bets", "R-FL"));
    assert!(!has_token("**E16 Omaha**", "E1"));
}
