//! The guide stays a guide: every relative link in README.md and docs/*.md names a
//! file that exists, and a heading that exists when it names one; every page of docs/
//! is reached from the README; and the README stays short, so that the long stories
//! live in docs/ and the README cannot silently grow back into a notebook.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The README is a guide of about 150 lines; past this, what was added belongs in a
/// page of docs/ linked from it.
const README_MAX_LINES: usize = 200;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the repository")
        .to_path_buf()
}

/// README.md and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// A page's links and images as a Markdown reader sees them (none from code).
fn links(text: &str) -> Vec<String> {
    Parser::new_ext(text, Options::ENABLE_TABLES)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings, as GitHub makes them: the heading's text in
/// lower case, letters, digits, `-` and `_` kept, spaces made `-`, anything else
/// dropped; a repeated anchor gets `-1`, `-2`...
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let Some(h) = heading.take() else { continue };
                let slug: String = h
                    .to_lowercase()
                    .chars()
                    .filter_map(|c| match c {
                        ' ' => Some('-'),
                        c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                        _ => None,
                    })
                    .collect();
                let n = seen.entry(slug.clone()).or_insert(0);
                out.insert(if *n == 0 {
                    slug.clone()
                } else {
                    format!("{slug}-{n}")
                });
                *n += 1;
            }
            _ => {}
        }
    }
    out
}

/// Whether a link leaves the repository (a web address, mail).
fn is_external(dest: &str) -> bool {
    dest.contains("://") || dest.starts_with("mailto:")
}

#[test]
fn every_relative_link_of_the_guide_names_a_file_and_heading_that_exist() {
    let root = root();
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page of the guide");
        let dir = page.parent().expect("a page's folder");
        let name = page.strip_prefix(&root).unwrap_or(&page).display();
        for dest in links(&text) {
            if is_external(&dest) {
                continue;
            }
            let (path, anchor) = dest.split_once('#').unwrap_or((&dest, ""));
            let target = if path.is_empty() {
                page.clone()
            } else {
                dir.join(path)
            };
            if !target.exists() {
                broken.push(format!("{name}: {dest}: no such file"));
                continue;
            }
            if anchor.is_empty() || target.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let target_text = std::fs::read_to_string(&target).expect("a linked page");
            if !anchors(&target_text).contains(anchor) {
                broken.push(format!("{name}: {dest}: no heading makes #{anchor}"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_page_of_docs_is_reached_from_the_readme() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let linked: BTreeSet<PathBuf> = links(&readme)
        .iter()
        .filter(|d| !is_external(d))
        .map(|d| root.join(d.split_once('#').map_or(d.as_str(), |(p, _)| p)))
        .collect();
    let missing: Vec<String> = pages()
        .into_iter()
        .skip(1)
        .filter(|p| !linked.contains(p))
        .map(|p| p.strip_prefix(&root).unwrap_or(&p).display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "pages of docs/ the README does not link:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_readme_stays_a_short_guide() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the long story \
         into a page of docs/ and link it from \"Where to read next\""
    );
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let page = "# The floor's store\n## A, b and `c`\n## Again\n## Again\n";
    let made = anchors(page);
    for anchor in ["the-floors-store", "a-b-and-c", "again", "again-1"] {
        assert!(made.contains(anchor), "{anchor} in {made:?}");
    }
    assert_eq!(
        links("[a](x.md) `[b](y.md)`\n```\n[c](z.md)\n```\n"),
        ["x.md"]
    );
}
