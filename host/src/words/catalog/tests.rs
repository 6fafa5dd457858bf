//! The files a translator edits are complete: every message of en.ftl in every
//! language, none extra, none empty, each with English's placeholders; and every
//! message the program asks for is in en.ftl.

use super::*;
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The variables a pattern uses, in its selectors and in every variant; a message it
/// names (`{ hand-rank-one }`, which shares its variables) as `@id`, until
/// [`messages`] puts that message's variables in its place.
fn variables(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables(&v.value, out);
            }
        }
        Expression::Inline(i) => inline_variables(i, out),
    }
}

fn inline_variables(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        InlineExpression::MessageReference { id, .. } => {
            out.insert(format!("@{}", id.name));
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        _ => {}
    }
}

/// A file's messages and the variables each uses; a parse error, a duplicate or an
/// empty message fails naming the file and the message.
pub(crate) fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let file = format!("{}.ftl", lang.code());
    let ast = fluent_syntax::parser::parse(SOURCES[lang as usize])
        .unwrap_or_else(|(_, errors)| panic!("{file} does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in &ast.body {
        match entry {
            ast::Entry::Message(m) => {
                let id = m.id.name;
                let value = m
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{file}: {id} has no text"));
                let text: String = value
                    .elements
                    .iter()
                    .map(|e| match e {
                        PatternElement::TextElement { value } => value.to_string(),
                        PatternElement::Placeable { .. } => "{}".to_string(),
                    })
                    .collect();
                assert!(!text.trim().is_empty(), "{file}: {id} is empty");
                let mut vars = BTreeSet::new();
                variables(value, &mut vars);
                assert!(
                    out.insert(id.to_string(), vars).is_none(),
                    "{file}: {id} is defined twice"
                );
            }
            ast::Entry::Junk { content } => panic!("{file}: cannot read {content:?}"),
            _ => {}
        }
    }
    // A message named in another's text lends it its variables (references are
    // shallow in these files: one step, no cycles).
    let named = out.clone();
    for vars in out.values_mut() {
        let refs: Vec<String> = vars
            .iter()
            .filter(|v| v.starts_with('@'))
            .cloned()
            .collect();
        for r in refs {
            vars.remove(&r);
            let theirs = named
                .get(&r[1..])
                .unwrap_or_else(|| panic!("{file}: {} names no message", &r[1..]));
            vars.extend(theirs.iter().filter(|v| !v.starts_with('@')).cloned());
        }
    }
    out
}

#[test]
fn every_language_has_every_english_message_with_its_placeholders() {
    let english = messages(Lang::En);
    for lang in ALL.into_iter().filter(|&l| l != Lang::En) {
        let file = format!("{}.ftl", lang.code());
        let theirs = messages(lang);
        for (id, vars) in &english {
            let their_vars = theirs
                .get(id)
                .unwrap_or_else(|| panic!("{file}: {id} is missing (en.ftl has it)"));
            assert_eq!(
                their_vars, vars,
                "{file}: {id} uses other placeholders than en.ftl"
            );
        }
        for id in theirs.keys() {
            assert!(
                english.contains_key(id),
                "{file}: {id} is not in en.ftl (English is the source)"
            );
        }
    }
}

#[test]
fn every_label_has_its_message_in_every_language() {
    for (i, &w) in WORDS.iter().enumerate() {
        assert_eq!(w as usize, i, "WORDS lists {w:?} in its declared place");
        let id = word_id(w);
        for lang in ALL {
            assert!(
                catalogs()[lang as usize].plain.contains_key(&id),
                "{}.ftl: {id} (Word::{w:?}) is missing or has placeholders",
                lang.code()
            );
        }
    }
    assert_eq!(word_id(Word::ToAct), "to-act");
    assert_eq!(word(Lang::Ru, Word::SidePot), "Побочный банк");
}

/// The first string in each call of `say(` or `say_with(` of the sources that say
/// the table's words, when it is a message id (a figure's name has no `-`); ids chosen by a match are checked by
/// their own tests.
fn ids_asked_for_in(dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            ids_asked_for_in(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for call in ["say(", "say_with("] {
            for (at, _) in source.match_indices(call) {
                let before = source[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &source[at + call.len()..];
                let args = &rest[..rest.find(')').unwrap_or(rest.len())];
                if let Some(open) = args.find('"') {
                    let id = &args[open + 1..];
                    let id = &id[..id.find('"').unwrap_or(0)];
                    // Every message the code names has a family: `reason-`, `entry-` ...
                    let is_id = id.starts_with(|c: char| c.is_ascii_lowercase())
                        && id.contains('-')
                        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
                    if is_id {
                        out.push((path.display().to_string(), id.to_string()));
                    }
                }
            }
        }
    }
}

#[test]
fn every_message_the_program_asks_for_is_in_english() {
    let english = messages(Lang::En);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut asked = Vec::new();
    for dir in ["words", "display", "floor"] {
        ids_asked_for_in(&src.join(dir), &mut asked);
    }
    assert!(asked.len() > 5, "the scan finds the calls: {asked:?}");
    for (file, id) in asked {
        assert!(
            english.contains_key(&id),
            "{file} asks for {id}, not in en.ftl"
        );
    }
}

#[test]
fn the_screens_text_is_the_files_without_isolation_marks() {
    let text = say_with(
        Lang::Pl,
        "game-with-structure",
        &[("structure", "Pot-limit"), ("game", "Omaha")],
    );
    assert_eq!(text, "Pot-limit Omaha");
}

/// Each of the 52 cards has its own name in every language, resolved once.
#[test]
fn every_card_has_its_own_name_in_every_language() {
    for lang in ALL {
        let names: BTreeSet<&str> = Rank::ALL
            .iter()
            .flat_map(|&r| Suit::ALL.map(|s| card_name(lang, Card::new(r, s))))
            .collect();
        assert_eq!(names.len(), 52, "{lang:?}: {names:?}");
        assert!(names.iter().all(|n| !n.contains('{') && n.contains(' ')));
    }
}

/// The hand log's lines name their figures as a translator reads them (`{ $seat }`,
/// `{ $chips }`), each one the program fills in (host/src/words/entries.rs).
#[test]
fn the_hand_logs_lines_use_only_the_figures_the_program_fills() {
    let filled = [
        "seat", "chips", "count", "players", "card", "hand", "floor", "street", "blind", "table",
        "level", "was", "blinds", "ante", "before", "after",
    ];
    for (id, vars) in messages(Lang::En) {
        if id.starts_with("entry-") {
            for v in &vars {
                assert!(filled.contains(&v.as_str()), "en.ftl: {id} uses {{ ${v} }}");
            }
        }
    }
}
