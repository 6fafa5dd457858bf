//! The floor's pages in the floor's language: English, Macedonian, Polish, Bulgarian
//! and Russian, as the table's own screens ([`crate::words::i18n`]). Each text is
//! `[en, mk, pl, bg, ru]`; a `{n}` in one is the figure the page puts there. The
//! dealer's inputs are shown by their verb in the page's language and their figures;
//! the log keeps its own words (`tablectl audit show`).

use crate::web::lang::Lang;

/// The enum of the floor's texts and the list of them all, from one list of names.
macro_rules! floor_words {
    ($($w:ident),* $(,)?) => {
        /// A text of the floor's pages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub enum FloorWord {
            $($w),*
        }

        /// Every text, for the test that each is translated and used.
        pub const FLOOR_WORDS: &[FloorWord] = &[$(FloorWord::$w),*];
    };
}

floor_words!(
    Title,
    Intro,
    Table,
    Game,
    Hand,
    Pot,
    ToAct,
    LastInput,
    When,
    Records,
    Backlog,
    LastShipment,
    Alerts,
    Over,
    InProgress,
    StoppedShipping,
    ChainAlerts,
    FlaggedHands,
    Unverified,
    NoAlert,
    ClearHint,
    AlertAt,
    SecondsAgo,
    MinutesAgo,
    HoursAgo,
    Never,
    SeatN,
    Dealing,
    BoardCards,
    Exchange,
    Showdown,
    Paying,
    Between,
    AllTables,
    AllGames,
    AlertsOnly,
    Show,
    Hands,
    Seat,
    From,
    To,
    PotOver,
    Corrections,
    Misdeals,
    Rulings,
    OverPotBets,
    BadTags,
    FindHands,
    Start,
    End,
    Rake,
    Flags,
    NoHand,
    EveryTable,
    Language,
    CardHidden,
    GapAlert,
    ForkAlert,
    BrokenLinkAlert,
    BadSignatureAlert,
    KeyChangedAlert,
    RolledBackAlert,
    StoreDown,
    Closed,
    NeverConnected,
    Program,
    NotApproved,
    ProgramForged,
    UnapprovedProgramAlert,
    ForgedProgramAlert,
    ApproveHint,
);

/// The text of `w` in `lang`.
pub fn word(lang: Lang, w: FloorWord) -> &'static str {
    use FloorWord::*;
    lang.pick(match w {
        Title => ["Floor: every table", "Флор: сите маси", "Floor: wszystkie stoły", "Флор: всички маси", "Пит-босс: все столы"],
        Intro => [
            "Every table's hand log as the floor's store holds it; this page reloads every {n} s. A hand's timeline opens once the hand is over.",
            "Дневникот на секоја маса како што го чува базата на флорот; страницата се освежува на секои {n} с. Текот на една рака се отвора кога раката ќе заврши.",
            "Dziennik rozdań każdego stołu, jak przechowuje go baza floora; strona odświeża się co {n} s. Przebieg rozdania otwiera się po jego zakończeniu.",
            "Дневникът на всяка маса, както го пази базата на флора; страницата се опреснява на всеки {n} с. Ходът на една ръка се отваря, щом тя приключи.",
            "Журнал каждого стола, как его хранит база пит-босса; страница обновляется каждые {n} с. Ход раздачи открывается, когда она окончена.",
        ],
        Table => ["Table", "Маса", "Stół", "Маса", "Стол"],
        Game => ["Game", "Игра", "Gra", "Игра", "Игра"],
        Hand => ["Hand", "Рака", "Rozdanie", "Ръка", "Раздача"],
        Pot => ["Pot", "Пот", "Pula", "Пот", "Банк"],
        ToAct => ["To act", "На ред", "Kolej", "На ход", "Ход"],
        LastInput => ["Last input", "Последен внес", "Ostatni wpis", "Последно въвеждане", "Последний ввод"],
        When => ["When", "Кога", "Kiedy", "Кога", "Когда"],
        Records => ["Records", "Записи", "Wpisy", "Записи", "Записи"],
        Backlog => ["Backlog", "Неиспратени", "Zaległe", "Неизпратени", "Не отправлено"],
        LastShipment => ["Last shipment", "Последно праќање", "Ostatnia wysyłka", "Последно изпращане", "Последняя отправка"],
        Alerts => ["Alerts", "Тревоги", "Alarmy", "Тревоги", "Тревоги"],
        Over => ["over", "завршена", "zakończone", "приключила", "окончена"],
        InProgress => ["in progress", "во тек", "w toku", "в ход", "идёт"],
        Closed => ["closed", "затворена", "zamknięty", "затворена", "закрыт"],
        NeverConnected => [
            "never connected: check its login's password and its table id",
            "никогаш не се поврза: проверете ја лозинката на нејзиниот корисник и ознаката на масата",
            "nigdy się nie połączył: sprawdź hasło jego loginu i identyfikator stołu",
            "никога не се е свързала: проверете паролата на нейния потребител и номера на масата",
            "ни разу не подключился: проверьте пароль его логина и номер стола",
        ],
        StoppedShipping => ["stopped shipping", "престана да праќа", "przestał wysyłać", "спря да изпраща", "перестал отправлять"],
        ChainAlerts => ["chain alerts: {n}", "тревоги за синџирот: {n}", "alarmy łańcucha: {n}", "тревоги за веригата: {n}", "тревоги цепочки: {n}"],
        FlaggedHands => [
            "hands with misdeals, corrections, floor rulings, over-pot bets or bad tags: {n}",
            "раце со погрешно делење, исправки, одлуки на флорот, влогови над потот или лоши ознаки: {n}",
            "rozdania z błędnym rozdaniem, poprawkami, decyzjami floora, zakładami ponad pulę lub złymi znacznikami: {n}",
            "ръце с грешно раздаване, поправки, решения на флора, залози над пота или лоши етикети: {n}",
            "раздачи с ошибкой сдачи, исправлениями, решениями пит-босса, ставками сверх банка или плохими метками: {n}",
        ],
        Unverified => [
            "RECORDS DO NOT VERIFY: hand, pot and last input not shown",
            "ЗАПИСИТЕ НЕ СЕ ПОТВРДУВААТ: раката, потот и последниот внес не се прикажани",
            "WPISY NIE PRZECHODZĄ WERYFIKACJI: rozdanie, pula i ostatni wpis nie są pokazane",
            "ЗАПИСИТЕ НЕ СЕ ПОТВЪРЖДАВАТ: ръката, потът и последното въвеждане не са показани",
            "ЗАПИСИ НЕ ПРОХОДЯТ ПРОВЕРКУ: раздача, банк и последний ввод не показаны",
        ],
        NoAlert => ["No alert.", "Нема тревога.", "Brak alarmów.", "Няма тревога.", "Тревог нет."],
        ClearHint => [
            "Clear one once dealt with:",
            "Откако ќе се реши, тревогата се брише со:",
            "Po załatwieniu alarm kasuje się poleceniem:",
            "След като е решена, тревогата се изчиства с:",
            "Когда тревога разобрана, её снимают командой:",
        ],
        AlertAt => ["record {n}", "запис {n}", "wpis {n}", "запис {n}", "запись {n}"],
        SecondsAgo => ["{n} s ago", "пред {n} с", "{n} s temu", "преди {n} с", "{n} с назад"],
        MinutesAgo => ["{n} min ago", "пред {n} мин", "{n} min temu", "преди {n} мин", "{n} мин назад"],
        HoursAgo => ["{n} h ago", "пред {n} ч", "{n} godz. temu", "преди {n} ч", "{n} ч назад"],
        Never => ["never", "никогаш", "nigdy", "никога", "никогда"],
        SeatN => ["seat {n}", "место {n}", "miejsce {n}", "място {n}", "место {n}"],
        Dealing => ["dealing", "делење", "rozdawanie", "раздаване", "сдача карт"],
        BoardCards => ["board cards", "карти на маса", "karty wspólne", "карти на масата", "карты борда"],
        Exchange => ["the draw", "замена", "wymiana", "смяна", "обмен"],
        Showdown => ["showdown", "отворање", "showdown", "показване", "вскрытие"],
        Paying => ["paying the pot", "исплата", "wypłata puli", "изплащане", "выплата банка"],
        Between => ["between hands", "меѓу раце", "między rozdaniami", "между ръцете", "между раздачами"],
        AllTables => ["every table", "сите маси", "wszystkie stoły", "всички маси", "все столы"],
        AllGames => ["every game", "сите игри", "wszystkie gry", "всички игри", "все игры"],
        AlertsOnly => ["alerts only", "само тревоги", "tylko alarmy", "само тревоги", "только тревоги"],
        Show => ["Show", "Прикажи", "Pokaż", "Покажи", "Показать"],
        Hands => ["Hands", "Раце", "Rozdania", "Ръце", "Раздачи"],
        Seat => ["Seat", "Место", "Miejsce", "Място", "Место"],
        From => ["From", "Од", "Od", "От", "С"],
        To => ["To", "До", "Do", "До", "По"],
        PotOver => ["Pot over", "Пот над", "Pula ponad", "Пот над", "Банк больше"],
        Corrections => ["corrections", "исправки", "poprawki", "поправки", "исправления"],
        Misdeals => ["misdeals", "погрешни делења", "błędne rozdania", "грешни раздавания", "ошибки сдачи"],
        Rulings => ["floor rulings", "одлуки на флорот", "decyzje floora", "решения на флора", "решения пит-босса"],
        OverPotBets => ["over-pot bets", "влогови над потот", "zakłady ponad pulę", "залози над пота", "ставки сверх банка"],
        BadTags => ["bad tags", "лоши ознаки", "złe znaczniki", "лоши етикети", "плохие метки"],
        FindHands => ["Find hands", "Најди раце", "Szukaj rozdań", "Намери ръце", "Найти раздачи"],
        Start => ["Start", "Почеток", "Początek", "Начало", "Начало"],
        End => ["End", "Крај", "Koniec", "Край", "Конец"],
        Rake => ["Rake", "Провизија", "Rake", "Рейк", "Рейк"],
        Flags => ["Flags", "Ознаки", "Uwagi", "Бележки", "Отметки"],
        NoHand => ["No hand matches.", "Нема таква рака.", "Brak pasujących rozdań.", "Няма такава ръка.", "Таких раздач нет."],
        EveryTable => ["Every table", "Сите маси", "Wszystkie stoły", "Всички маси", "Все столы"],
        Language => ["Language", "Јазик", "Język", "Език", "Язык"],
        CardHidden => ["card hidden", "картата скриена", "karta ukryta", "картата скрита", "карта скрыта"],
        GapAlert => ["records missing", "недостигаат записи", "brak wpisów", "липсват записи", "нет записей"],
        ForkAlert => ["log rewritten (fork)", "дневникот препишан", "dziennik przepisany", "дневникът пренаписан", "журнал переписан"],
        BrokenLinkAlert => ["record changed (broken chain)", "записот изменет (скинат синџир)", "wpis zmieniony (zerwany łańcuch)", "записът променен (скъсана верига)", "запись изменена (цепочка разорвана)"],
        BadSignatureAlert => ["bad signature", "лош потпис", "zły podpis", "грешен подпис", "неверная подпись"],
        KeyChangedAlert => ["another key", "друг клуч", "inny klucz", "друг ключ", "другой ключ"],
        RolledBackAlert => ["log rolled back", "дневникот вратен наназад", "dziennik cofnięty", "дневникът върнат назад", "журнал откатан"],
        Program => ["Program · configuration", "Програма · поставки", "Program · konfiguracja", "Програма · настройки", "Программа · настройки"],
        NotApproved => [
            "program not approved",
            "програмата не е одобрена",
            "program niezatwierdzony",
            "програмата не е одобрена",
            "программа не одобрена",
        ],
        ProgramForged => [
            "PROGRAM RECORD DOES NOT VERIFY",
            "ЗАПИСОТ ЗА ПРОГРАМАТА НЕ СЕ ПОТВРДУВА",
            "WPIS PROGRAMU NIE PRZECHODZI WERYFIKACJI",
            "ЗАПИСЪТ ЗА ПРОГРАМАТА НЕ СЕ ПОТВЪРЖДАВА",
            "ЗАПИСЬ О ПРОГРАММЕ НЕ ПРОХОДИТ ПРОВЕРКУ",
        ],
        UnapprovedProgramAlert => [
            "table {n} runs a program the floor has not approved",
            "масата {n} работи со програма што флорот не ја одобрил",
            "stół {n} działa na programie, którego floor nie zatwierdził",
            "масата {n} работи с програма, която флорът не е одобрил",
            "стол {n} работает на программе, которую пит-босс не одобрил",
        ],
        ForgedProgramAlert => [
            "table {n}'s program record does not verify: what it runs is not known",
            "записот за програмата на масата {n} не се потврдува: не се знае со што работи",
            "wpis programu stołu {n} nie przechodzi weryfikacji: nie wiadomo, na czym działa",
            "записът за програмата на масата {n} не се потвърждава: не се знае с какво работи",
            "запись о программе стола {n} не проходит проверку: неизвестно, на чём он работает",
        ],
        ApproveHint => [
            "Approve a program once it is inspected:",
            "Програмата се одобрува откако ќе се провери со:",
            "Program zatwierdza się po sprawdzeniu poleceniem:",
            "Програмата се одобрява, след като е проверена, с:",
            "Программу одобряют после проверки командой:",
        ],
        StoreDown => [
            "The floor's store is not reachable; retrying. This page reloads every {n} s and shows the room once the store answers.",
            "Базата на флорот не е достапна; се обидува повторно. Страницата се освежува на секои {n} с и ја прикажува салата штом базата одговори.",
            "Baza floora jest nieosiągalna; ponawiam próbę. Strona odświeża się co {n} s i pokaże salę, gdy baza odpowie.",
            "Базата на флора не е достъпна; опитва се отново. Страницата се опреснява на всеки {n} с и показва залата, щом базата отговори.",
            "База пит-босса недоступна; повторяем попытку. Страница обновляется каждые {n} с и покажет зал, когда база ответит.",
        ],
    })
}

/// `w` with its figure in place of `{n}`.
pub fn with(lang: Lang, w: FloorWord, n: impl std::fmt::Display) -> String {
    word(lang, w).replace("{n}", &n.to_string())
}

/// A dealer's input verb as the log writes it, in `lang`; `None` for a verb this
/// table does not know (shown as it is).
pub fn verb(lang: Lang, verb: &str) -> Option<&'static str> {
    Some(lang.pick(match verb {
        "seat" => ["seat", "седнување", "posadzenie", "сядане", "посадка"],
        "topup" => ["top-up", "доплата", "dokupienie", "допълване", "докупка"],
        "leave" => ["leaves", "заминува", "odchodzi", "става", "уходит"],
        "sitout" => ["sits out", "пауза", "pauzuje", "пауза", "пропускает"],
        "sitin" => ["sits in", "се враќа", "wraca", "връща се", "возвращается"],
        "button" => ["button", "батон", "przycisk dealera", "бутон", "баттон"],
        "hand" => [
            "new hand",
            "нова рака",
            "nowe rozdanie",
            "нова ръка",
            "новая раздача",
        ],
        "straddle" => ["straddle", "стредл", "strzał", "стрейдъл", "стрэддл"],
        "deal" => [
            "card dealt",
            "поделена карта",
            "karta rozdana",
            "раздадена карта",
            "карта сдана",
        ],
        "burn" => [
            "card burned",
            "изгорена карта",
            "karta spalona",
            "изгорена карта",
            "карта сожжена",
        ],
        "discard" => [
            "card thrown",
            "фрлена карта",
            "karta wymieniona",
            "хвърлена карта",
            "карта сброшена",
        ],
        "fold" => ["fold", "пас", "pas", "пас", "пас"],
        "call" => [
            "check or call",
            "чек или изедначување",
            "czekanie lub sprawdzenie",
            "чек или плащане",
            "чек или колл",
        ],
        "bet" => [
            "bet or raise to",
            "влог или покачување до",
            "zakład lub podbicie do",
            "залог или вдигане до",
            "ставка или рейз до",
        ],
        "allin" => ["all-in", "ол-ин", "va banque", "ол-ин", "олл-ин"],
        "standpat" => [
            "stands pat",
            "без замена",
            "bez wymiany",
            "без смяна",
            "без обмена",
        ],
        "show" => ["shows", "отвора", "odkrywa", "показва", "показывает"],
        "muck" => ["mucks", "фрла", "zrzuca", "хвърля", "сбрасывает"],
        "award" => [
            "pot paid",
            "исплатен пот",
            "pula wypłacona",
            "изплатен пот",
            "банк выплачен",
        ],
        "rake" => ["rake", "провизија", "prowizja", "рейк", "рейк"],
        "misdeal" => [
            "misdeal",
            "погрешно делење",
            "błędne rozdanie",
            "грешно раздаване",
            "ошибка сдачи",
        ],
        "undo" => [
            "correction",
            "исправка",
            "poprawka",
            "поправка",
            "исправление",
        ],
        "ruling" => [
            "floor ruling",
            "одлука на флорот",
            "decyzja floora",
            "решение на флора",
            "решение пит-босса",
        ],
        _ => return None,
    }))
}

/// Every verb [`verb`] knows, for its test.
#[cfg(test)]
const VERBS: [&str; 23] = [
    "seat", "topup", "leave", "sitout", "sitin", "button", "hand", "straddle", "deal", "burn",
    "discard", "fold", "call", "bet", "allin", "standpat", "show", "muck", "award", "rake",
    "misdeal", "undo", "ruling",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::lang::ALL;

    /// Words a language takes from English as they are (the Polish floor says
    /// "showdown" and "rake"), and the names that are the same in Bulgarian and Macedonian.
    fn loanword(l: Lang, w: FloorWord) -> bool {
        matches!((l, w), (Lang::Pl, FloorWord::Showdown | FloorWord::Rake))
    }

    #[test]
    fn every_floor_word_is_translated_and_used() {
        let source = include_str!("words.rs");
        let pages = [include_str!("page.rs"), include_str!("when.rs")].concat();
        let listed = source
            .lines()
            .filter(|l| {
                let l = l.trim_start();
                l.split(" => ")
                    .next()
                    .is_some_and(|w| FLOOR_WORDS.iter().any(|f| format!("{f:?}") == w))
                    && l.contains(" => [")
            })
            .count();
        assert_eq!(listed, FLOOR_WORDS.len(), "FLOOR_WORDS lists every text");
        for &w in FLOOR_WORDS {
            assert!(
                pages.contains(&format!("FloorWord::{w:?}")),
                "{w:?} is not used"
            );
            let en = word(Lang::En, w);
            for l in ALL {
                let text = word(l, w);
                assert!(!text.trim().is_empty(), "{l:?} {w:?} is empty");
                assert_eq!(
                    text.contains("{n}"),
                    en.contains("{n}"),
                    "{l:?} {w:?} has its figure"
                );
                if l != Lang::En && !loanword(l, w) {
                    assert_ne!(text, en, "{l:?} {w:?} is left in English");
                }
            }
        }
    }

    #[test]
    fn every_verb_is_translated() {
        for v in VERBS {
            for l in ALL {
                let text = verb(l, v).unwrap();
                if l != Lang::En {
                    assert_ne!(text, verb(Lang::En, v).unwrap(), "{l:?} {v} in English");
                }
            }
        }
        assert_eq!(verb(Lang::Ru, "fold"), Some("пас"));
        assert_eq!(verb(Lang::En, "frobnicate"), None);
    }
}
