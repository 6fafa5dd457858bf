//! Hand names in full, as a dealer of each country says them at the showdown:
//! "Pair of aces", "Пара тузов", "Para asów", "Чифт аса", "Пар од асови"; "Full
//! house, kings over tens", "Фулл-хаус, короли на десятках", "Full, króle na
//! dziesiątkach". The ranks are declined as each grammar wants them after its
//! category's words: Russian and Polish take the genitive after "pair of", "four of
//! a kind" and "up to", the nominative plural after "two pair", and the locative
//! plural in "kings on tens"; Bulgarian and Macedonian have no cases, only the plural
//! (R-RANK-1..3 name the categories and their tie-break ranks).
//!
//! English is the evaluator's own wording ([`crate::money::eval::HandValue`]'s
//! `Display`): a test holds the two together for every hand.

use super::i18n::{Lang, Word};
use crate::money::eval::Category;
use firmware::Rank;

/// The forms of a rank's name a hand's name needs.
#[derive(Clone, Copy)]
enum Form {
    /// "ace": the high card.
    One,
    /// "up to the ace": a straight's or flush's top card (genitive in Russian and
    /// Polish).
    UpTo,
    /// "aces": two pair, the full house's three.
    Many,
    /// "of aces": a pair, trips, quads (genitive plural in Russian and Polish).
    OfMany,
    /// "on aces": the full house's pair (locative plural in Russian and Polish).
    OnMany,
}

/// Each rank, two first, in the five forms: English, Russian, Polish (the
/// languages with cases), then Bulgarian and Macedonian (singular and plural).
const EN: [[&str; 2]; 13] = [
    ["two", "twos"],
    ["three", "threes"],
    ["four", "fours"],
    ["five", "fives"],
    ["six", "sixes"],
    ["seven", "sevens"],
    ["eight", "eights"],
    ["nine", "nines"],
    ["ten", "tens"],
    ["jack", "jacks"],
    ["queen", "queens"],
    ["king", "kings"],
    ["ace", "aces"],
];
/// Russian: nominative, genitive singular; nominative, genitive, prepositional plural.
const RU: [[&str; 5]; 13] = [
    ["двойка", "двойки", "двойки", "двоек", "двойках"],
    ["тройка", "тройки", "тройки", "троек", "тройках"],
    ["четвёрка", "четвёрки", "четвёрки", "четвёрок", "четвёрках"],
    ["пятёрка", "пятёрки", "пятёрки", "пятёрок", "пятёрках"],
    ["шестёрка", "шестёрки", "шестёрки", "шестёрок", "шестёрках"],
    ["семёрка", "семёрки", "семёрки", "семёрок", "семёрках"],
    [
        "восьмёрка",
        "восьмёрки",
        "восьмёрки",
        "восьмёрок",
        "восьмёрках",
    ],
    ["девятка", "девятки", "девятки", "девяток", "девятках"],
    ["десятка", "десятки", "десятки", "десяток", "десятках"],
    ["валет", "валета", "валеты", "валетов", "валетах"],
    ["дама", "дамы", "дамы", "дам", "дамах"],
    ["король", "короля", "короли", "королей", "королях"],
    ["туз", "туза", "тузы", "тузов", "тузах"],
];
/// Polish: nominative, genitive singular; nominative, genitive, locative plural.
const PL: [[&str; 5]; 13] = [
    ["dwójka", "dwójki", "dwójki", "dwójek", "dwójkach"],
    ["trójka", "trójki", "trójki", "trójek", "trójkach"],
    ["czwórka", "czwórki", "czwórki", "czwórek", "czwórkach"],
    ["piątka", "piątki", "piątki", "piątek", "piątkach"],
    ["szóstka", "szóstki", "szóstki", "szóstek", "szóstkach"],
    ["siódemka", "siódemki", "siódemki", "siódemek", "siódemkach"],
    ["ósemka", "ósemki", "ósemki", "ósemek", "ósemkach"],
    [
        "dziewiątka",
        "dziewiątki",
        "dziewiątki",
        "dziewiątek",
        "dziewiątkach",
    ],
    [
        "dziesiątka",
        "dziesiątki",
        "dziesiątki",
        "dziesiątek",
        "dziesiątkach",
    ],
    ["walet", "waleta", "walety", "waletów", "waletach"],
    ["dama", "damy", "damy", "dam", "damach"],
    ["król", "króla", "króle", "królów", "królach"],
    ["as", "asa", "asy", "asów", "asach"],
];
/// Bulgarian: singular, plural.
const BG: [[&str; 2]; 13] = [
    ["двойка", "двойки"],
    ["тройка", "тройки"],
    ["четворка", "четворки"],
    ["петица", "петици"],
    ["шестица", "шестици"],
    ["седмица", "седмици"],
    ["осмица", "осмици"],
    ["деветка", "деветки"],
    ["десетка", "десетки"],
    ["вале", "валета"],
    ["дама", "дами"],
    ["поп", "попове"],
    ["асо", "аса"],
];
/// Macedonian: singular, plural.
const MK: [[&str; 2]; 13] = [
    ["двојка", "двојки"],
    ["тројка", "тројки"],
    ["четворка", "четворки"],
    ["петка", "петки"],
    ["шестка", "шестки"],
    ["седмица", "седмици"],
    ["осмица", "осмици"],
    ["деветка", "деветки"],
    ["десетка", "десетки"],
    ["џандар", "џандари"],
    ["дама", "дами"],
    ["поп", "попови"],
    ["ас", "асови"],
];

/// `rank` in `form`, as `lang` declines it.
fn rank(lang: Lang, r: Rank, form: Form) -> &'static str {
    let i = usize::from(r.index()) % 13;
    let cased = |t: &[[&'static str; 5]; 13]| {
        t[i][match form {
            Form::One => 0,
            Form::UpTo => 1,
            Form::Many => 2,
            Form::OfMany => 3,
            Form::OnMany => 4,
        }]
    };
    let plain = |t: &[[&'static str; 2]; 13]| match form {
        Form::One | Form::UpTo => t[i][0],
        Form::Many | Form::OfMany | Form::OnMany => t[i][1],
    };
    match lang {
        Lang::En => plain(&EN),
        Lang::Ru => cased(&RU),
        Lang::Pl => cased(&PL),
        Lang::Bg => plain(&BG),
        Lang::Mk => plain(&MK),
    }
}

/// A high hand's full name in `lang`, from its category and its tie-break ranks
/// (R-RANK-3: the first [`Category::tie_ranks`] of `ties` count).
pub fn hand_name(lang: Lang, category: Category, ties: &[Rank; 5]) -> String {
    let r = |k: usize, form: Form| rank(lang, ties[k], form);
    let (a, b) = (0, 1);
    use Category::*;
    use Form::*;
    match (category, lang) {
        (StraightFlush, _) if ties[a] == Rank::Ace => match lang {
            Lang::En => "Royal flush",
            Lang::Mk => "Ројал флеш",
            Lang::Pl => "Poker królewski",
            Lang::Bg => "Роял флъш",
            Lang::Ru => "Роял-флеш",
        }
        .to_string(),
        (StraightFlush, Lang::En) => format!("Straight flush, {} high", r(a, One)),
        (StraightFlush, Lang::Mk) => format!("Кента флеш до {}", r(a, UpTo)),
        (StraightFlush, Lang::Pl) => format!("Poker do {}", r(a, UpTo)),
        (StraightFlush, Lang::Bg) => format!("Кента флъш до {}", r(a, UpTo)),
        (StraightFlush, Lang::Ru) => format!("Стрит-флеш до {}", r(a, UpTo)),
        (FourOfAKind, Lang::En) => format!("Four of a kind, {}", r(a, Many)),
        (FourOfAKind, Lang::Mk) => format!("Каре од {}", r(a, OfMany)),
        (FourOfAKind, Lang::Pl) => format!("Kareta {}", r(a, OfMany)),
        (FourOfAKind, Lang::Bg) => format!("Каре {}", r(a, OfMany)),
        (FourOfAKind, Lang::Ru) => format!("Каре {}", r(a, OfMany)),
        (FullHouse, Lang::En) => format!("Full house, {} over {}", r(a, Many), r(b, Many)),
        (FullHouse, Lang::Mk) => format!("Фул хаус, {} над {}", r(a, Many), r(b, OnMany)),
        (FullHouse, Lang::Pl) => format!("Full, {} na {}", r(a, Many), r(b, OnMany)),
        (FullHouse, Lang::Bg) => format!("Фул хаус, {} над {}", r(a, Many), r(b, OnMany)),
        (FullHouse, Lang::Ru) => format!("Фулл-хаус, {} на {}", r(a, Many), r(b, OnMany)),
        (Flush, Lang::En) => format!("Flush, {} high", r(a, One)),
        (Flush, Lang::Mk) => format!("Флеш до {}", r(a, UpTo)),
        (Flush, Lang::Pl) => format!("Kolor do {}", r(a, UpTo)),
        (Flush, Lang::Bg) => format!("Флъш до {}", r(a, UpTo)),
        (Flush, Lang::Ru) => format!("Флеш до {}", r(a, UpTo)),
        (Straight, Lang::En) => format!("Straight, {} high", r(a, One)),
        (Straight, Lang::Mk) => format!("Кента до {}", r(a, UpTo)),
        (Straight, Lang::Pl) => format!("Strit do {}", r(a, UpTo)),
        (Straight, Lang::Bg) => format!("Кента до {}", r(a, UpTo)),
        (Straight, Lang::Ru) => format!("Стрит до {}", r(a, UpTo)),
        (ThreeOfAKind, Lang::En) => format!("Three of a kind, {}", r(a, Many)),
        (ThreeOfAKind, Lang::Mk) => format!("Тројка од {}", r(a, OfMany)),
        (ThreeOfAKind, Lang::Pl) => format!("Trójka {}", r(a, OfMany)),
        (ThreeOfAKind, Lang::Bg) => format!("Тройка {}", r(a, OfMany)),
        (ThreeOfAKind, Lang::Ru) => format!("Тройка {}", r(a, OfMany)),
        (TwoPair, Lang::En) => format!("Two pair, {} and {}", r(a, Many), r(b, Many)),
        (TwoPair, Lang::Mk) => format!("Два пара, {} и {}", r(a, Many), r(b, Many)),
        (TwoPair, Lang::Pl) => format!("Dwie pary, {} i {}", r(a, Many), r(b, Many)),
        (TwoPair, Lang::Bg) => format!("Два чифта, {} и {}", r(a, Many), r(b, Many)),
        (TwoPair, Lang::Ru) => format!("Две пары, {} и {}", r(a, Many), r(b, Many)),
        (OnePair, Lang::En) => format!("Pair of {}", r(a, Many)),
        (OnePair, Lang::Mk) => format!("Пар од {}", r(a, OfMany)),
        (OnePair, Lang::Pl) => format!("Para {}", r(a, OfMany)),
        (OnePair, Lang::Bg) => format!("Чифт {}", r(a, OfMany)),
        (OnePair, Lang::Ru) => format!("Пара {}", r(a, OfMany)),
        (HighCard, Lang::En) => format!("High card, {}", r(a, One)),
        (HighCard, Lang::Mk) => format!("Висока карта, {}", r(a, One)),
        (HighCard, Lang::Pl) => format!("Wysoka karta, {}", r(a, One)),
        (HighCard, Lang::Bg) => format!("Висока карта, {}", r(a, One)),
        (HighCard, Lang::Ru) => format!("Старшая карта, {}", r(a, One)),
    }
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
