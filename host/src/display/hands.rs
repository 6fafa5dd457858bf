//! Hand names in full, as a dealer of each country says them at the showdown:
//! "Pair of aces", "Пара тузов", "Para asów", "Чифт аса", "Пар од асови"; "Full
//! house, kings over tens", "Фулл-хаус, короли на десятках", "Full, króle na
//! dziesiątkach". The words are the language files' (`hand-*`, see the `## Hand
//! names` part of en.ftl), where each name takes its ranks in the form its grammar
//! wants: Russian and Polish the genitive after "pair of", "four of a kind" and "up
//! to", the nominative plural after "two pair", and the locative plural in "kings on
//! tens"; Bulgarian and Macedonian have no cases, only the plural (R-RANK-1..3 name
//! the categories and their tie-break ranks). This module picks the message and the
//! ranks it names.
//!
//! English is the evaluator's own wording ([`crate::money::eval::HandValue`]'s
//! `Display`): a test holds the two together for every hand.

use super::i18n::{Lang, Word};
use crate::money::eval::Category;
use crate::words::catalog::{rank_key, say_with};
use firmware::Rank;

/// A high hand's full name in `lang`, from its category and its tie-break ranks
/// (R-RANK-3: the first [`Category::tie_ranks`] of `ties` count): the file's
/// message for the category, its `$first` and `$second` the first two ranks.
pub fn hand_name(lang: Lang, category: Category, ties: &[Rank; 5]) -> String {
    use Category::*;
    let id = match category {
        StraightFlush if ties[0] == Rank::Ace => "hand-royal-flush",
        StraightFlush => "hand-straight-flush",
        FourOfAKind => "hand-four-of-a-kind",
        FullHouse => "hand-full-house",
        Flush => "hand-flush",
        Straight => "hand-straight",
        ThreeOfAKind => "hand-three-of-a-kind",
        TwoPair => "hand-two-pair",
        OnePair => "hand-one-pair",
        HighCard => "hand-high-card",
    };
    say_with(
        lang,
        id,
        &[("first", rank_key(ties[0])), ("second", rank_key(ties[1]))],
    )
}

/// A low hand's name ("Low 7-5-3-2-A"; R-HILO-2), its ranks from the highest as
/// the cards print them, in every language; the word for "low" is each
/// language's own.
pub fn low_name(lang: Lang, ranks: &[&str]) -> String {
    format!("{} {}", lang.word(Word::Low), ranks.join("-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::i18n::ALL;
    use crate::money::eval::HandValue;
    use firmware::Card;

    fn name(lang: Lang, v: u16) -> String {
        let v = HandValue::from_u16(v).unwrap();
        hand_name(lang, v.category(), &v.tie_ranks())
    }

    fn value_of(cards: &str) -> HandValue {
        let cards: Vec<Card> = cards.split(' ').map(|c| c.parse().unwrap()).collect();
        crate::money::eval::evaluate(&cards).unwrap()
    }

    /// English is the evaluator's own name, for every one of the 7,462 hands.
    #[test]
    fn english_is_the_evaluators_wording_for_every_hand() {
        for n in 1..=HandValue::BEST.get() {
            let v = HandValue::from_u16(n).unwrap();
            assert_eq!(
                hand_name(Lang::En, v.category(), &v.tie_ranks()),
                v.to_string()
            );
        }
    }

    #[test]
    fn rank_words_are_declined_as_each_grammar_wants() {
        let v = |c: &str| {
            let v = value_of(c);
            move |l: Lang| hand_name(l, v.category(), &v.tie_ranks())
        };
        let pair = v("As Ad 9c 7h 2s");
        assert_eq!(pair(Lang::En), "Pair of aces");
        assert_eq!(pair(Lang::Ru), "Пара тузов");
        assert_eq!(pair(Lang::Pl), "Para asów");
        assert_eq!(pair(Lang::Bg), "Чифт аса");
        assert_eq!(pair(Lang::Mk), "Пар од асови");
        let two = v("Ks Kd 9c 9h 2s");
        assert_eq!(two(Lang::Ru), "Две пары, короли и девятки");
        assert_eq!(two(Lang::Pl), "Dwie pary, króle i dziewiątki");
        assert_eq!(two(Lang::Bg), "Два чифта, попове и деветки");
        let full = v("As Ad Ac Kh Ks");
        assert_eq!(full(Lang::Ru), "Фулл-хаус, тузы на королях");
        assert_eq!(full(Lang::Pl), "Full, asy na królach");
        let straight = v("5s 4d 3c 2h As");
        assert_eq!(straight(Lang::Ru), "Стрит до пятёрки");
        assert_eq!(straight(Lang::Pl), "Strit do piątki");
        let quads = v("Qs Qd Qc Qh 2s");
        assert_eq!(quads(Lang::Ru), "Каре дам");
        assert_eq!(quads(Lang::Pl), "Kareta dam");
        assert_eq!(v("Ts 9s 8s 7s 6s")(Lang::Ru), "Стрит-флеш до десятки");
        assert_eq!(v("As Ks Qs Js Ts")(Lang::Pl), "Poker królewski");
        assert_eq!(v("Ks 9d 7c 4h 2s")(Lang::Ru), "Старшая карта, король");
    }

    /// No two hands of different strength share a name in any language unless
    /// they do in English (the name says as much as the English one does).
    #[test]
    fn every_language_tells_apart_what_english_tells_apart() {
        for l in ALL {
            let mut by_name = std::collections::HashMap::new();
            for n in 1..=HandValue::BEST.get() {
                let english = name(Lang::En, n);
                let ours = name(l, n);
                assert!(!ours.is_empty());
                // A rank or form the file does not know shows as Fluent's `{RANK()}`.
                assert!(!ours.contains(['{', '}']), "{l:?}: `{ours}` misses a word");
                let seen = by_name
                    .entry(ours.clone())
                    .or_insert_with(|| english.clone());
                assert_eq!(*seen, english, "{l:?}: `{ours}` names two different hands");
            }
        }
    }

    #[test]
    fn a_low_is_named_in_each_language() {
        assert_eq!(
            low_name(Lang::En, &["8", "7", "5", "3", "2"]),
            "Low 8-7-5-3-2"
        );
        assert_eq!(
            low_name(Lang::Ru, &["7", "5", "4", "3", "A"]),
            "Низкая 7-5-4-3-A"
        );
    }
}
