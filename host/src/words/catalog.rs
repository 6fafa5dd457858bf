//! The table's words as a translator keeps them: one Fluent file per language
//! (`host/i18n/<code>.ftl`, English the source, docs/translating.md), built into the
//! program and parsed once, the first time a word is asked for.
//!
//! A message without placeholders is resolved then too and handed out as a
//! `&'static str`, so the display, which renders on every input, looks its labels up
//! without parsing or allocating. A message with placeholders (`{ $seat }`) is
//! formatted on each call from figures the caller has already written as the
//! language writes them ([`Lang::number`]). Fluent's Unicode isolation marks are off:
//! the screens' text is exactly the file's.
//!
//! A hand's name takes its ranks in the form its grammar needs ("Пара тузов", "Фулл-хаус,
//! тузы на королях"): the file's `RANK($first, form: "of-many")` reads the rank's word
//! from the file's own `hand-rank-<form>` message, resolved once for every rank and
//! form (see the `## Hand names` part of en.ftl).

use super::i18n::{Lang, Word, ALL, WORDS};
use firmware::{Card, Rank, Suit};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Each language's file, in the order of [`ALL`].
pub(crate) const SOURCES: [&str; ALL.len()] = [
    include_str!("../../i18n/en.ftl"),
    include_str!("../../i18n/mk.ftl"),
    include_str!("../../i18n/pl.ftl"),
    include_str!("../../i18n/bg.ftl"),
    include_str!("../../i18n/ru.ftl"),
];

/// One language's messages.
struct Catalog {
    bundle: FluentBundle<FluentResource>,
    /// Every message without placeholders, resolved once.
    plain: HashMap<String, String>,
    /// The page's labels, by [`Word`]'s place in [`WORDS`].
    words: Vec<String>,
    /// Every card's name (the page names each card it draws), by [`card_index`].
    cards: Vec<String>,
}

/// The five catalogs, in the order of [`ALL`], parsed on first use.
fn catalogs() -> &'static [Catalog; ALL.len()] {
    static CATALOGS: OnceLock<[Catalog; ALL.len()]> = OnceLock::new();
    CATALOGS.get_or_init(|| ALL.map(Catalog::new))
}

impl Catalog {
    fn new(lang: Lang) -> Catalog {
        // A file that does not parse keeps what did (the completeness test fails on
        // the error, naming the file); a message lost to it is said by its id.
        let resource = match FluentResource::try_new(SOURCES[lang as usize].to_string()) {
            Ok(r) | Err((r, _)) => r,
        };
        let ids: Vec<String> = resource
            .entries()
            .filter_map(|e| match e {
                ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect();
        let tag = lang.code().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![tag]);
        bundle.set_use_isolating(false);
        // A message defined twice keeps its first text (the test names the file).
        let _ = bundle.add_resource(resource);
        let forms = rank_forms(&bundle);
        // Added once, to a bundle of our own: it cannot be there already.
        let _ = bundle.add_function("RANK", move |positional, named| {
            let text = |v: Option<&FluentValue>| match v {
                Some(FluentValue::String(s)) => Some(s.to_string()),
                _ => None,
            };
            text(positional.first())
                .zip(text(named.get("form")))
                .and_then(|key| forms.get(&key))
                .map_or(FluentValue::Error, |word| {
                    FluentValue::String(word.clone().into())
                })
        });
        let plain = ids
            .into_iter()
            .filter_map(|id| {
                let pattern = bundle.get_message(&id)?.value()?;
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, None, &mut errors);
                errors.is_empty().then(|| (id, text.into_owned()))
            })
            .collect::<HashMap<_, _>>();
        let words = WORDS
            .iter()
            .map(|&w| {
                plain
                    .get(&word_id(w))
                    .cloned()
                    .unwrap_or_else(|| word_id(w))
            })
            .collect();
        let mut catalog = Catalog {
            bundle,
            plain,
            words,
            cards: Vec::new(),
        };
        catalog.cards = Rank::ALL
            .iter()
            .flat_map(|&r| Suit::ALL.map(|s| Card::new(r, s)))
            .map(|c| card_name_from_file(&catalog, c))
            .collect();
        catalog
    }
}

/// The forms a hand's name asks a rank in (`RANK($first, form: "of-many")`), each
/// the file's message `hand-rank-<form>`.
pub(crate) const RANK_FORMS: [&str; 5] = ["one", "up-to", "many", "of-many", "on-many"];

/// A rank's id in the files' hand names (`$first`, `$second`): `two` ... `ace`.
pub(crate) fn rank_key(r: Rank) -> &'static str {
    let id = super::i18n::rank_id(r);
    id.strip_prefix("rank-").unwrap_or(id)
}

/// Every rank's word in every form, by `(rank's id, form)`, as `bundle`'s
/// `hand-rank-<form>` messages say them.
fn rank_forms(bundle: &FluentBundle<FluentResource>) -> HashMap<(String, String), String> {
    RANK_FORMS
        .iter()
        .flat_map(|&form| Rank::ALL.iter().map(move |&r| (form, rank_key(r))))
        .filter_map(|(form, rank)| {
            let id = format!("hand-rank-{form}");
            let word = format_in(bundle, &id, &[("rank", rank)])?;
            Some(((rank.to_string(), form.to_string()), word))
        })
        .collect()
}

/// A card's place among the catalog's names: by rank, then suit.
fn card_index(card: Card) -> usize {
    Rank::ALL
        .iter()
        .position(|&r| r == card.rank())
        .unwrap_or(0)
        * Suit::ALL.len()
        + Suit::ALL
            .iter()
            .position(|&s| s == card.suit())
            .unwrap_or(0)
}

/// A card's name as the file says it: `card-name` with the rank's and the suit's.
fn card_name_from_file(catalog: &Catalog, card: Card) -> String {
    let plain = |id: &str| catalog.plain.get(id).map_or(id, String::as_str).to_string();
    format_with(
        catalog,
        "card-name",
        &[
            ("rank", &plain(super::i18n::rank_id(card.rank()))),
            ("suit", &plain(super::i18n::suit_id(card.suit()))),
        ],
    )
    .unwrap_or_else(|| "card-name".to_string())
}

/// A card's full name, resolved once ("ace of spades", "туз пик").
pub(crate) fn card_name(lang: Lang, card: Card) -> &'static str {
    let cards = &catalogs()[lang as usize].cards;
    cards.get(card_index(card)).map_or("", String::as_str)
}

/// A page's label: resolved once, no lookup by name.
pub(crate) fn word(lang: Lang, w: Word) -> &'static str {
    let words = &catalogs()[lang as usize].words;
    words.get(w as usize).map_or("", String::as_str)
}

/// A message without placeholders; a missing one is said by its id (the
/// completeness test keeps that from shipping).
pub(crate) fn say(lang: Lang, id: &'static str) -> &'static str {
    catalogs()[lang as usize]
        .plain
        .get(id)
        .map_or(id, String::as_str)
}

/// A message with its placeholders filled: each `(name, text)` is a figure already
/// written as `lang` writes it.
pub(crate) fn say_with(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    format_with(&catalogs()[lang as usize], id, args).unwrap_or_else(|| id.to_string())
}

/// A message of `catalog` with its placeholders filled; none if it has no text.
fn format_with(catalog: &Catalog, id: &str, args: &[(&str, &str)]) -> Option<String> {
    format_in(&catalog.bundle, id, args)
}

/// A message of `bundle` with its placeholders filled; none if it has no text.
fn format_in(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
    args: &[(&str, &str)],
) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for &(name, value) in args {
        fluent_args.set(name, value);
    }
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned(),
    )
}

/// A label's message id: its name in kebab case (`Word::ToAct` is `to-act`).
pub(crate) fn word_id(w: Word) -> String {
    let name = format!("{w:?}");
    let mut id = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                id.push('-');
            }
            id.push(c.to_ascii_lowercase());
        } else {
            id.push(c);
        }
    }
    id
}

#[cfg(test)]
pub(crate) mod tests;
