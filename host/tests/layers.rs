//! The host crate's layers, kept by a test rather than by a comment: every production
//! source file under `src/` is parsed, each path that names another of the library's
//! top-level modules (`crate::X`, or `super::` climbing out of its own module) is
//! looked up in [`MAY_USE`], and an arrow that runs up or across (display <-> floor)
//! fails the test, naming the file, the line and the arrow.
//!
//! Test code is left out, since a test may drive a table from below to check a layer
//! above it: files named `tests.rs` or under a `tests/` folder, and every item marked
//! `#[cfg(test)]` (an inline module, or a `mod x;` whose file is then skipped). Doc
//! comments are not code and are not read. The `tablectl` command (`src/bin`) is above
//! every layer: its `crate::` paths are its own modules, so it is not read either.
//!
//! The crates below the host are checked from their manifests: the firmware depends on
//! neither the hardware nor the host, the hardware not on the host.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The library's top-level modules, lowest first, each with the modules it may name.
/// A module not listed here fails the test until it is given its place.
const MAY_USE: &[(&str, &[&str])] = &[
    // The tests' and benchmarks' outside programs; used by nothing in production.
    ("peers", &[]),
    // A table's settings, one codec for every file and command that carries them.
    ("settings", &[]),
    ("money", &["settings"]),
    ("records", &["settings", "money"]),
    // A tournament: its structure, the director's events and what they leave, payouts,
    // the clock on the wall clock's time (records'); no table, no store.
    ("tournament", &["settings", "money", "records"]),
    // HTTP plumbing and the languages, under both pages; nothing of a table at work.
    ("web", &["settings", "money", "records"]),
    // A table at work; a tournament table's dealer reads the director's log.
    (
        "session",
        &["settings", "money", "records", "tournament", "web"],
    ),
    // The table's words in each language: labels, refusals, the log's lines.
    (
        "words",
        &[
            "settings",
            "money",
            "records",
            "tournament",
            "web",
            "session",
        ],
    ),
    // The two pages: siblings, neither names the other.
    (
        "display",
        &[
            "settings",
            "money",
            "records",
            "web",
            "session",
            "words",
            // The tournament's clock on the table's screens, read from its events.
            "tournament",
        ],
    ),
    (
        "floor",
        &[
            "settings",
            "money",
            "tournament",
            "records",
            "web",
            "session",
            "words",
        ],
    ),
    // Bench tables and the floor together for a whole tournament: the simulator.
    (
        "bench_room",
        &[
            "settings",
            "money",
            "tournament",
            "records",
            "web",
            "session",
            "words",
            "floor",
        ],
    ),
    // What `tablectl bench` times and prints: on money, for the command alone (it
    // reads the clocks, which money never does).
    ("bench", &["settings", "money"]),
];

/// One path naming another top-level module.
struct Arrow {
    line: usize,
    to: String,
}

/// Walks one file's code, skipping test items, collecting the top-level modules its
/// paths name.
struct Finder {
    /// The module the code being walked is in: its path from the crate's root.
    module: Vec<String>,
    /// Files declared by `#[cfg(test)] mod x;`, to leave out.
    test_files: Vec<Vec<String>>,
    arrows: Vec<Arrow>,
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

impl Finder {
    /// Where a path beginning with `first` (then `rest`) leads, if out of this module:
    /// the top-level module it names.
    fn resolve(&mut self, segments: &[String], line: usize) {
        let Some(first) = segments.first() else {
            return;
        };
        let to = if first == "crate" {
            segments.get(1).cloned()
        } else if first == "super" {
            let ups = segments.iter().take_while(|s| *s == "super").count();
            if ups < self.module.len() {
                Some(self.module[0].clone())
            } else {
                segments.get(ups).cloned()
            }
        } else {
            None
        };
        if let Some(to) = to {
            if Some(&to) != self.module.first() {
                self.arrows.push(Arrow { line, to });
            }
        }
    }

    /// `crate :: x` and `super :: … :: x` inside a macro's tokens.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Ident(id) if id == "crate" || id == "super" => {
                    let before_is_colon =
                        i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == ':');
                    if before_is_colon {
                        continue;
                    }
                    let mut segments = vec![id.to_string()];
                    let mut j = i + 1;
                    while let (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) =
                        (trees.get(j), trees.get(j + 1))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        match trees.get(j + 2) {
                            Some(TokenTree::Ident(next)) => segments.push(next.to_string()),
                            _ => break,
                        }
                        j += 3;
                    }
                    self.resolve(&segments, id.span().start().line);
                }
                _ => {}
            }
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.resolve(prefix, n.ident.span().start().line);
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.resolve(prefix, r.ident.span().start().line);
                prefix.pop();
            }
            syn::UseTree::Glob(g) => {
                prefix.push("*".to_string());
                self.resolve(prefix, g.star_token.spans[0].start().line);
                prefix.pop();
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &[],
        };
        if is_test(attrs) {
            if let syn::Item::Mod(m) = item {
                if m.content.is_none() {
                    let mut file = self.module.clone();
                    file.push(m.ident.to_string());
                    self.test_files.push(file);
                }
            }
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some(s) = path.segments.first() {
            self.resolve(&segments, s.ident.span().start().line);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

/// The paths out of `module` in one file's `text`, and the test-only files it declares.
fn read(module: &[String], text: &str) -> syn::Result<Finder> {
    let parsed = syn::parse_file(text)?;
    let mut finder = Finder {
        module: module.to_vec(),
        test_files: Vec::new(),
        arrows: Vec::new(),
    };
    finder.visit_file(&parsed);
    Ok(finder)
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module a file under `src/` holds: `display/entries.rs` -> [display, entries].
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The upward or sideways arrows of the library's production code, as
/// `file:line: from -> to` lines.
fn wrong_arrows() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut test_files: Vec<Vec<String>> = Vec::new();
    let mut found = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src");
        let module = module_of(relative);
        let skipped = relative.starts_with("bin")
            || relative == Path::new("lib.rs")
            || module.iter().any(|m| m == "tests")
            || test_files.iter().any(|t| module.starts_with(t));
        if skipped {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source file");
        let finder = read(&module, &text).unwrap_or_else(|e| panic!("{}: {e}", relative.display()));
        test_files.extend(finder.test_files);
        let from = &module[0];
        let Some((_, allowed)) = MAY_USE.iter().find(|(m, _)| m == from) else {
            found.push(format!(
                "{}: module `{from}` has no place in the layers' table",
                relative.display()
            ));
            continue;
        };
        let mut seen = BTreeSet::new();
        for arrow in finder.arrows {
            if allowed.contains(&arrow.to.as_str()) || !seen.insert((arrow.line, arrow.to.clone()))
            {
                continue;
            }
            let why = if MAY_USE.iter().any(|(m, _)| *m == arrow.to) {
                "a layer above or beside it"
            } else {
                "not a module in the layers' table"
            };
            found.push(format!(
                "src/{}:{}: {from} -> {} ({why})",
                relative.display(),
                arrow.line,
                arrow.to
            ));
        }
    }
    found
}

#[test]
fn each_module_uses_only_the_layers_below_it() {
    let wrong = wrong_arrows();
    assert!(
        wrong.is_empty(),
        "{} arrow(s) against the layers:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_layers_table_names_each_module_once_and_only_lower_ones() {
    for (i, (module, uses)) in MAY_USE.iter().enumerate() {
        assert!(
            !MAY_USE[..i].iter().any(|(m, _)| m == module),
            "{module} twice"
        );
        for used in *uses {
            assert!(
                MAY_USE[..i].iter().any(|(m, _)| m == used),
                "{module} may use {used}, which is not listed below it"
            );
        }
    }
}

/// Each way code names another module is seen, with its line; test code is not.
#[test]
fn the_finder_sees_every_form_of_path_and_skips_tests() {
    let text = r#"
use crate::display::TableDisplay;
use crate::{money::pots, session::{self, Observer}};
use super::super::web::*;
fn f() -> String {
    let _ = crate::records::handlog::now_ms();
    format!("{}", crate::words::i18n::ALL.len())
}
impl From<u8> for crate::display::dealer::FloorLink {}
// crate::display in a comment is not code
/// Nor in a doc comment: [`crate::display`].
fn g() {}
#[cfg(test)]
mod tests {
    use crate::display::TableDisplay;
}
#[cfg(test)]
mod attacks;
mod inner {
    use super::super::hands;
    fn h() { super::super::super::display::index::HIDDEN; }
}
"#;
    let module = ["floor".to_string(), "page".to_string()];
    let finder = read(&module, text).expect("parses");
    let seen: Vec<(usize, &str)> = finder
        .arrows
        .iter()
        .map(|a| (a.line, a.to.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            (2, "display"),
            (3, "money"),
            (3, "session"),
            (3, "session"),
            (4, "web"),
            (6, "records"),
            (7, "words"),
            (9, "display"),
            (21, "display"),
        ]
    );
    assert_eq!(finder.test_files, [["floor", "page", "attacks"]]);
}

/// The `[dependencies]` of a workspace crate's manifest.
fn dependencies(krate: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&path).expect("a manifest");
    let manifest: toml::Table = toml::from_str(&text).expect("a manifest in TOML");
    ["dependencies", "build-dependencies"]
        .iter()
        .filter_map(|k| manifest.get(*k).and_then(|d| d.as_table()))
        .flat_map(|d| d.keys().cloned())
        .collect()
}

#[test]
fn the_firmware_and_the_hardware_depend_on_nothing_above_them() {
    let firmware = dependencies("firmware");
    assert!(
        !firmware.iter().any(|d| d == "hardware" || d == "host"),
        "the firmware depends on {firmware:?}"
    );
    let hardware = dependencies("hardware");
    assert!(
        !hardware.iter().any(|d| d == "host"),
        "the hardware depends on {hardware:?}"
    );
}
