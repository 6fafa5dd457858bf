//! The table's words in the table's language: English, Macedonian, Polish,
//! Bulgarian and Russian, the languages our rule sources come from (the list itself:
//! [`crate::web::lang`]).
//!
//! Card faces stay as the cards print them (A K Q J 10 and the suit symbols, the same
//! in every casino of these countries); card *names* (read aloud by a screen reader
//! and shown on hover), hand names (the display's `hands`), streets, labels and
//! warnings are translated.

pub use crate::web::lang::{Lang, ALL};
use firmware::{Card, Game, Rank, Street, Structure, Suit, Warning as EngineWarning};

impl Lang {
    /// A label of the page.
    pub fn word(self, w: Word) -> &'static str {
        self.pick(match w {
            Word::Seat => ["Seat", "Место", "Miejsce", "Място", "Место"],
            Word::Hand => ["Hand", "Рака", "Rozdanie", "Ръка", "Раздача"],
            Word::ToAct => ["To act", "На ред", "Kolej", "На ход", "Ход"],
            Word::ToCall => [
                "To call",
                "За изедначување",
                "Do sprawdzenia",
                "За плащане",
                "Уравнять",
            ],
            Word::Check => ["Check", "Чек", "Czeka", "Чек", "Чек"],
            Word::MinBet => [
                "Min bet",
                "Мин. влог",
                "Min. zakład",
                "Мин. залог",
                "Мин. ставка",
            ],
            Word::MinRaiseTo => [
                "Min raise to",
                "Мин. покачување до",
                "Min. podbicie do",
                "Мин. вдигане до",
                "Мин. рейз до",
            ],
            Word::PotLimitMax => [
                "Pot-limit max",
                "Макс. пот-лимит",
                "Maks. pot-limit",
                "Макс. пот лимит",
                "Макс. пот-лимит",
            ],
            Word::FixedTo => [
                "Bet or raise to",
                "Влог или покачување до",
                "Zakład lub podbicie do",
                "Залог или вдигане до",
                "Ставка или рейз до",
            ],
            Word::NoRaise => [
                "No raise: call or fold",
                "Без покачување: изедначи или откажи",
                "Bez podbicia: sprawdź lub spasuj",
                "Без вдигане: плати или откажи се",
                "Без рейза: уравнять или сбросить",
            ],
            Word::MainPot => [
                "Main pot",
                "Главен пот",
                "Pula główna",
                "Основен пот",
                "Основной банк",
            ],
            Word::SidePot => [
                "Side pot",
                "Страничен пот",
                "Pula boczna",
                "Страничен пот",
                "Побочный банк",
            ],
            Word::Seats => ["Seats", "Места", "Miejsca", "Места", "Места"],
            Word::Wins => ["wins", "добива", "wygrywa", "печели", "выигрывает"],
            Word::Burned => ["Burned", "Изгорени", "Spalone", "Изгорени", "Сожжено"],
            Word::Rake => ["Rake", "Рејк", "Rake", "Рейк", "Рейк"],
            Word::Folded => ["Folded", "Откажан", "Pas", "Пас", "Пас"],
            Word::AllIn => ["All-in", "Ол-ин", "All-in", "Ол-ин", "Олл-ин"],
            Word::Win => ["Win", "Победа", "Wygrana", "Победа", "Победа"],
            Word::Tie => ["Tie", "Нерешено", "Remis", "Равенство", "Ничья"],
            // A seat's chance at the main pot and at each side pot, in its box: the
            // pot's name without "pot", in whole words (never "Bocz. 1", which
            // nobody reads from two metres).
            Word::MainShort => ["Main", "Главен", "Główna", "Основен", "Основной"],
            Word::SideShort => ["Side", "Страничен", "Boczna", "Страничен", "Побочный"],
            // The halves of a hi/lo pot, in the winners' lines of a pot's box
            // ("High: Seat 1 +300"): the half in one whole word, short enough for a
            // pot's line to hold on one line of a portrait screen at the smallest type
            // read from two metres (Russian says the halves as its players do,
            // as in the game's name, "хай-лоу": "высокая половина" needs two lines).
            Word::HighHalf => ["high", "висока", "wysoka", "висока", "хай"],
            Word::LowHalf => ["low", "ниска", "niska", "ниска", "лоу"],
            Word::BothHalves => [
                "both halves",
                "двете половини",
                "obie połowy",
                "двете половини",
                "обе половины",
            ],
            // The limits line: the game's stakes in full words.
            Word::Blinds => ["Blinds", "Блајндови", "Ciemne", "Блайндове", "Блайнды"],
            Word::Ante => ["Ante", "Анте", "Ante", "Анте", "Анте"],
            Word::BigBlindAnte => [
                "Big-blind ante",
                "Анте на големиот блајнд",
                "Ante dużej ciemnej",
                "Анте на големия блайнд",
                "Анте большого блайнда",
            ],
            Word::Bets => ["Bets", "Влогови", "Zakłady", "Залози", "Ставки"],
            Word::LastHands => [
                "Last hands",
                "Последни раце",
                "Ostatnie rozdania",
                "Последни ръце",
                "Последние раздачи",
            ],
            Word::MissedSb => [
                "Missed SB",
                "Пропуштен МБ",
                "Zaległy MB",
                "Пропуснат МБ",
                "Пропущен МБ",
            ],
            Word::MissedBb => [
                "Missed BB",
                "Пропуштен ГБ",
                "Zaległy DB",
                "Пропуснат ГБ",
                "Пропущен ББ",
            ],
            // The seats' markers, as each country's tables abbreviate the button,
            // the small and big blind and the straddle.
            Word::ButtonMark => ["D", "Д", "D", "Д", "Д"],
            Word::SmallBlindMark => ["SB", "МБ", "MB", "МБ", "МБ"],
            Word::BigBlindMark => ["BB", "ГБ", "DB", "ГБ", "ББ"],
            Word::StraddleMark => ["STR", "СТР", "STR", "СТР", "СТР"],
            Word::NewPlayer => [
                "New player",
                "Нов играч",
                "Nowy gracz",
                "Нов играч",
                "Новый игрок",
            ],
            Word::SittingOut => ["Sitting out", "Пауза", "Pauza", "Пауза", "Пропускает"],
            Word::Dealing => ["Dealing", "Делење", "Rozdawanie", "Раздаване", "Сдача карт"],
            Word::Showdown => ["Showdown", "Отворање", "Showdown", "Шоудаун", "Вскрытие"],
            Word::BetweenHands => [
                "Between hands",
                "Меѓу раце",
                "Między rozdaniami",
                "Между ръцете",
                "Между раздачами",
            ],
            Word::Stack => ["Stack", "Чипови", "Żetony", "Чипове", "Стек"],
            Word::Bet => ["Bet", "Влог", "Zakład", "Залог", "Ставка"],
            Word::Low => ["Low", "Ниска", "Niska", "Ниска", "Низкая"],
            Word::Board => ["Board", "Табла", "Stół", "Борд", "Борд"],
            Word::Draws => ["Draws", "Менува", "Wymienia", "Сменя", "Меняет"],
            Word::StandsPat => [
                "Stands pat",
                "Не менува",
                "Bez wymiany",
                "Не сменя",
                "Без замены",
            ],
            Word::ToDraw => ["To draw", "Менува", "Wymienia", "Сменя", "Меняет"],
            Word::BeforeDraw => [
                "Before the draw",
                "Пред замената",
                "Przed wymianą",
                "Преди смяната",
                "До обмена",
            ],
            Word::AfterDraw => [
                "After the draw",
                "По замената",
                "Po wymianie",
                "След смяната",
                "После обмена",
            ],
            Word::Redeal => [
                "Everyone checked: the cards are dealt again, the pot stays",
                "Сите чекираа: картите се делат повторно, потот останува",
                "Wszyscy czekali: karty rozdawane od nowa, pula zostaje",
                "Всички казаха чек: картите се раздават отново, потът остава",
                "Все сказали чек: карты сдаются заново, банк остаётся",
            ],
            Word::NextHand => [
                "Press NEXT HAND",
                "Притисни NEXT HAND",
                "Naciśnij NEXT HAND",
                "Натисни NEXT HAND",
                "Нажмите NEXT HAND",
            ],
            Word::DealTo => ["Deal to", "Дели на", "Rozdaj do", "Раздай на", "Сдать"],
            Word::BurnCard => [
                "Burn a card",
                "Изгори карта",
                "Spal kartę",
                "Изгори карта",
                "Сожгите карту",
            ],
            Word::DealBoard => [
                "Deal the board",
                "Дели на таблата",
                "Wyłóż kartę na stół",
                "Раздай на борда",
                "Выложите карту на борд",
            ],
            Word::PayPots => [
                "Press ENTER to pay the pots",
                "Притисни ENTER за исплата на потовите",
                "Naciśnij ENTER, by wypłacić pule",
                "Натисни ENTER за изплащане на потовете",
                "Нажмите ENTER для выплаты банков",
            ],
            Word::ShowOrMuck => [
                "show or muck",
                "покажи или фрли",
                "pokaż lub pasuj",
                "покажи или хвърли",
                "покажите или сбросьте",
            ],
            Word::Keyed => ["Keyed", "Внесено", "Wpisano", "Въведено", "Введено"],
            Word::FloorMode => [
                "FLOOR",
                "ФЛОР",
                "KIEROWNIK SALI",
                "ФЛОР",
                "ФЛОР-МЕНЕДЖЕР",
            ],
            Word::Refused => ["Refused", "Одбиено", "Odrzucono", "Отказано", "Отклонено"],
            Word::LastInputs => [
                "Last inputs",
                "Последни внеси",
                "Ostatnie wejścia",
                "Последни въвеждания",
                "Последние вводы",
            ],
            Word::UndoHint => [
                "UNDO takes back the last",
                "UNDO го поништува последниот",
                "UNDO cofa ostatnie",
                "UNDO отменя последното",
                "UNDO отменяет последний",
            ],
            Word::Shoe => ["Shoe", "Шуз", "Sabot", "Шуз", "Шуз"],
            Word::Panel => ["Panel", "Панел", "Panel", "Панел", "Панель"],
            Word::LastKey => [
                "last key",
                "последно копче",
                "ostatni klawisz",
                "последен бутон",
                "последняя кнопка",
            ],
            Word::NoKeyYet => [
                "no key pressed yet",
                "уште нема притиснато копче",
                "jeszcze bez naciśnięcia",
                "още няма натиснат бутон",
                "кнопки ещё не нажимали",
            ],
            Word::KeyStuck => [
                "key stuck",
                "заглавено копче",
                "zablokowany klawisz",
                "заседнал бутон",
                "залипла кнопка",
            ],
            Word::ReleaseKey => [
                "release it or check the panel",
                "пуштете го или проверете го панелот",
                "puść go lub sprawdź panel",
                "пуснете го или проверете панела",
                "отпустите её или проверьте панель",
            ],
            Word::FloorStore => [
                "Floor store",
                "Централна база",
                "Baza sali",
                "Централна база",
                "Центральная база",
            ],
            Word::Connected => ["connected", "поврзано", "połączono", "свързано", "подключено"],
            Word::NotConnected => [
                "NOT CONNECTED",
                "НЕ Е ПОВРЗАНО",
                "BRAK POŁĄCZENIA",
                "НЯМА ВРЪЗКА",
                "НЕТ СВЯЗИ",
            ],
            Word::DealsOn => [
                "the table deals on",
                "масата продолжува",
                "stół gra dalej",
                "масата продължава",
                "стол продолжает игру",
            ],
            Word::AllSent => [
                "every record sent",
                "сите записи се испратени",
                "wszystkie zapisy wysłane",
                "всички записи са изпратени",
                "все записи отправлены",
            ],
            Word::NotYetSent => ["not yet sent", "неиспратени", "niewysłane", "неизпратени", "не отправлено"],
            Word::StoreRefused => [
                "THE STORE REFUSED THE LOG: call the floor",
                "БАЗАТА ГО ОДБИ ЗАПИСОТ: повикајте го флорот",
                "BAZA ODRZUCIŁA ZAPIS: wezwij kierownika sali",
                "БАЗАТА ОТКАЗА ЗАПИСА: повикайте флора",
                "БАЗА ОТКЛОНИЛА ЖУРНАЛ: вызовите флор-менеджера",
            ],
            Word::StoreUnreachable => [
                "store unreachable",
                "базата е недостапна",
                "baza nieosiągalna",
                "базата е недостъпна",
                "база недоступна",
            ],
            Word::LoginRefused => [
                "wrong password: call the floor",
                "погрешна лозинка: повикајте го флорот",
                "złe hasło: wezwij kierownika sali",
                "грешна парола: повикайте флора",
                "неверный пароль: вызовите флор-менеджера",
            ],
            Word::IdNotGiven => [
                "table id not given to this table: call the floor",
                "ознаката не е дадена на оваа маса: повикајте го флорот",
                "identyfikator nie przydzielony temu stołowi: wezwij kierownika sali",
                "номерът не е даден на тази маса: повикайте флора",
                "номер не выдан этому столу: вызовите флор-менеджера",
            ],
            Word::CertificateRefused => [
                "store's certificate refused: call the floor",
                "сертификатот на базата е одбиен: повикајте го флорот",
                "certyfikat bazy odrzucony: wezwij kierownika sali",
                "сертификатът на базата е отказан: повикайте флора",
                "сертификат базы отклонён: вызовите флор-менеджера",
            ],
            Word::StoreVersion => [
                "store's version differs: call the floor",
                "верзијата на базата се разликува: повикајте го флорот",
                "inna wersja bazy: wezwij kierownika sali",
                "версията на базата е друга: повикайте флора",
                "другая версия базы: вызовите флор-менеджера",
            ],
            Word::Working => ["working", "работи", "działa", "работи", "работает"],
            Word::ReadAgain => [
                "a frame read again",
                "рамка прочитана повторно",
                "ramka odczytana ponownie",
                "рамка прочетена отново",
                "кадр считан повторно",
            ],
            Word::Silent => [
                "SILENT",
                "НЕ ОДГОВАРА",
                "MILCZY",
                "НЕ ОТГОВАРЯ",
                "НЕ ОТВЕЧАЕТ",
            ],
            Word::TotalPot => [
                "Total pot",
                "Вкупно",
                "Razem w puli",
                "Общо",
                "Всего в банке",
            ],
            Word::Call => ["Call", "Изедначи", "Sprawdza", "Плати", "Колл"],
            Word::Raise => ["Raise", "Покачи", "Podbija", "Вдига", "Рейз"],
            Word::Post => ["Post", "Блајнд", "Wpłata", "Блайнд", "Блайнд"],
            Word::Early => ["Early", "Рана", "Wczesna", "Ранна", "Ранняя"],
            Word::Middle => ["Middle", "Средна", "Środkowa", "Средна", "Средняя"],
            Word::Late => ["Late", "Доцна", "Późna", "Късна", "Поздняя"],
            Word::Stale => [
                "NOT LIVE: no word from the controller",
                "НЕ Е ВО ЖИВО: нема вест од контролерот",
                "NIE NA ŻYWO: brak wieści ze sterownika",
                "НЕ Е НА ЖИВО: няма връзка с контролера",
                "НЕ В ЭФИРЕ: нет связи с контроллером",
            ],
            Word::Lost => [
                "SCREEN DISCONNECTED: the table is not shown live",
                "ЕКРАНОТ Е ИСКЛУЧЕН: масата не се прикажува во живо",
                "EKRAN ROZŁĄCZONY: stół nie jest pokazywany na żywo",
                "ЕКРАНЪТ Е БЕЗ ВРЪЗКА: масата не се показва на живо",
                "ЭКРАН ОТКЛЮЧЁН: стол не показывается в реальном времени",
            ],
            Word::Undone => [
                "UNDO: the last input was taken back",
                "ПОНИШТЕНО: последниот внес е повлечен",
                "COFNIĘTO: ostatnie wejście wycofane",
                "ОТМЕНЕНО: последното въвеждане е върнато",
                "ОТМЕНА: последний ввод отменён",
            ],
            // The floor view.
            Word::FloorView => [
                "Floor view",
                "Преглед за флорот",
                "Widok kierownika sali",
                "Преглед за флора",
                "Вид для флор-менеджера",
            ],
            Word::Table => [
                "Table",
                "Маса",
                "Stół",
                "Маса",
                "Стол",
            ],
            Word::RecentHands => [
                "recent hands",
                "последни раце",
                "ostatnie rozdania",
                "последни ръце",
                "последние раздачи",
            ],
            Word::FloorNote => [
                "Newest first. Read-only. A hand in progress shows only what the table shows.",
                "Најновите први. Само за читање. Рака во тек покажува само што покажува масата.",
                "Najnowsze najpierw. Tylko do odczytu. Trwające rozdanie pokazuje tylko to, co stół.",
                "Най-новите първи. Само за четене. Ръка в ход показва само каквото показва масата.",
                "Сначала новые. Только чтение. Идущая раздача показывает лишь то, что видно за столом.",
            ],
            Word::SignedHead => [
                "Signed head (keep it to anchor the log)",
                "Потпишан врв на записот (чувајте го за сидрење на записот)",
                "Podpisany koniec zapisu (zachowaj go, by zakotwiczyć zapis)",
                "Подписан край на записа (пазете го за закотвяне на записа)",
                "Подписанный конец журнала (сохраните его для привязки журнала)",
            ],
            Word::Started => [
                "Started",
                "Почеток",
                "Początek",
                "Начало",
                "Начало",
            ],
            Word::Pot => [
                "Pot",
                "Пот",
                "Pula",
                "Пот",
                "Банк",
            ],
            Word::State => [
                "State",
                "Состојба",
                "Stan",
                "Състояние",
                "Состояние",
            ],
            Word::Flags => [
                "Flags",
                "Ознаки",
                "Uwagi",
                "Бележки",
                "Отметки",
            ],
            Word::Paid => [
                "paid",
                "исплатена",
                "wypłacone",
                "изплатена",
                "выплачена",
            ],
            Word::InProgress => [
                "in progress",
                "во тек",
                "w toku",
                "в ход",
                "идёт",
            ],
            Word::AllHands => [
                "All hands",
                "Сите раце",
                "Wszystkie rozdania",
                "Всички ръце",
                "Все раздачи",
            ],
            Word::Corrections => [
                "corrections",
                "поправки",
                "poprawki",
                "корекции",
                "исправления",
            ],
            Word::Misdeals => [
                "misdeals",
                "погрешни делења",
                "błędne rozdania",
                "грешни раздавания",
                "неверные раздачи",
            ],
            Word::OverPot => [
                "over the pot",
                "над потот",
                "ponad pulę",
                "над пота",
                "больше банка",
            ],
            Word::BadTags => [
                "unknown tags",
                "непознати ознаки",
                "nieznane znaczniki",
                "непознати етикети",
                "неизвестные метки",
            ],
            Word::Refusals => [
                "refusals",
                "одбивања",
                "odmowy",
                "откази",
                "отказы",
            ],
            Word::NoSuchHand => [
                "No such hand here",
                "Таква рака нема тука",
                "Nie ma tu takiego rozdania",
                "Няма такава ръка тук",
                "Такой раздачи здесь нет",
            ],
            Word::OlderHand => [
                "Older than the hands kept here: read it with tablectl audit show",
                "Постара од раците што се чуваат тука: прочитајте ја со tablectl audit show",
                "Starsze niż rozdania trzymane tutaj: odczytaj je przez tablectl audit show",
                "По-стара от пазените тук ръце: прочетете я с tablectl audit show",
                "Старше хранимых здесь раздач: прочтите её через tablectl audit show",
            ],
            Word::NotANumber => [
                "A hand number is a whole number",
                "Бројот на раката е цел број",
                "Numer rozdania to liczba całkowita",
                "Номерът на ръката е цяло число",
                "Номер раздачи — целое число",
            ],
            Word::Misdeal => [
                "MISDEAL: the hand is dealt again",
                "ПОГРЕШНО ДЕЛЕЊЕ: раката се дели повторно",
                "BŁĘDNE ROZDANIE: rozdanie od nowa",
                "ГРЕШНО РАЗДАВАНЕ: ръката се раздава отново",
                "НЕВЕРНАЯ РАЗДАЧА: карты сдаются заново",
            ],
        })
    }

    /// A whole number of chips as this language writes it: the server formats every
    /// figure (the kiosk's browser may have no locale data, or the wrong one).
    /// English groups thousands with commas, Macedonian with dots (its decimal mark is
    /// the comma), Russian with spaces from four digits, Polish and Bulgarian with
    /// spaces from five (their usage: 4246 but 12 345). The spaces do not break.
    pub fn number(self, n: u64) -> String {
        let digits = n.to_string();
        let (sep, from) = match self {
            Lang::En => (",", 4),
            Lang::Mk => (".", 4),
            Lang::Ru => ("\u{a0}", 4),
            Lang::Pl | Lang::Bg => ("\u{a0}", 5),
        };
        if digits.len() < from {
            return digits;
        }
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 2);
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(ch);
        }
        out
    }

    /// A moment (ms since the epoch) as this language writes a date and time, in
    /// UTC as the controller keeps it: "2026-11-25 18:40:12 UTC" in English,
    /// "25.11.2026 18:40:12 UTC" in the others.
    pub fn time(self, ms: u64) -> String {
        let (y, m, d) = crate::records::handlog::civil_date(ms / 86_400_000);
        let secs = ms / 1000 % 86_400;
        let (h, min, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        match self {
            Lang::En => format!("{y:04}-{m:02}-{d:02} {h:02}:{min:02}:{s:02} UTC"),
            _ => format!("{d:02}.{m:02}.{y:04} {h:02}:{min:02}:{s:02} UTC"),
        }
    }

    /// A share (0..=1) as a percentage with one decimal, the decimal mark as this
    /// language writes it: "81.1%" in English, "81,1%" in the others.
    pub fn percent(self, share: f64) -> String {
        let text = format!("{:.1}%", share * 100.0);
        match self {
            Lang::En => text,
            _ => text.replace('.', ","),
        }
    }

    /// The game's name with its betting structure ("Pot-limit Omaha").
    pub fn game(self, game: Game, structure: Structure) -> String {
        let s = self.pick(match structure {
            Structure::NoLimit => [
                "No-limit",
                "Без лимит",
                "No-limit",
                "Без лимит",
                "Безлимитный",
            ],
            Structure::PotLimit => [
                "Pot-limit",
                "Пот-лимит",
                "Pot-limit",
                "Пот лимит",
                "Пот-лимит",
            ],
            Structure::FixedLimit => [
                "Fixed-limit",
                "Фиксен лимит",
                "Fixed-limit",
                "Фиксиран лимит",
                "Фикс-лимит",
            ],
        });
        let g = self.pick(match game {
            Game::Holdem => ["Hold'em", "Холдем", "Hold'em", "Холдем", "холдем"],
            Game::Omaha => ["Omaha", "Омаха", "Omaha", "Омаха", "омаха"],
            Game::OmahaHiLo => [
                "Omaha Hi/Lo 8 or better",
                "Омаха Хај/Лоу 8",
                "Omaha Hi/Lo 8",
                "Омаха Хай/Лоу 8",
                "омаха хай-лоу 8",
            ],
            Game::FiveCardDraw => [
                "Five-card draw",
                "Дро со пет карти",
                "Pięciokartowy dobierany",
                "Дроу с пет карти",
                "пятикарточный дро",
            ],
        });
        format!("{s} {g}")
    }

    /// The street's name.
    pub fn street(self, street: Street) -> &'static str {
        self.pick(match street {
            Street::Preflop => ["Preflop", "Префлоп", "Preflop", "Префлоп", "Префлоп"],
            Street::Flop => ["Flop", "Флоп", "Flop", "Флоп", "Флоп"],
            Street::Turn => ["Turn", "Терн", "Turn", "Търн", "Тёрн"],
            Street::River => ["River", "Ривер", "River", "Ривър", "Ривер"],
            Street::Draw => ["Draw", "Замена", "Wymiana", "Смяна", "Обмен"],
        })
    }

    /// A card's full name ("ace of spades", "туз пик").
    pub fn card_name(self, card: Card) -> String {
        let rank = self.pick(match card.rank() {
            Rank::Two => ["two", "двојка", "dwójka", "двойка", "двойка"],
            Rank::Three => ["three", "тројка", "trójka", "тройка", "тройка"],
            Rank::Four => ["four", "четворка", "czwórka", "четворка", "четвёрка"],
            Rank::Five => ["five", "петка", "piątka", "петица", "пятёрка"],
            Rank::Six => ["six", "шестка", "szóstka", "шестица", "шестёрка"],
            Rank::Seven => ["seven", "седмица", "siódemka", "седмица", "семёрка"],
            Rank::Eight => ["eight", "осмица", "ósemka", "осмица", "восьмёрка"],
            Rank::Nine => ["nine", "деветка", "dziewiątka", "деветка", "девятка"],
            Rank::Ten => ["ten", "десетка", "dziesiątka", "десетка", "десятка"],
            Rank::Jack => ["jack", "џандар", "walet", "вале", "валет"],
            Rank::Queen => ["queen", "дама", "dama", "дама", "дама"],
            Rank::King => ["king", "поп", "król", "поп", "король"],
            Rank::Ace => ["ace", "ас", "as", "асо", "туз"],
        });
        let suit = self.pick(match card.suit() {
            Suit::Spades => ["spades", "пик", "pik", "пика", "пик"],
            Suit::Hearts => ["hearts", "херц", "kier", "купа", "червей"],
            Suit::Diamonds => ["diamonds", "каро", "karo", "каро", "бубен"],
            Suit::Clubs => ["clubs", "треф", "trefl", "спатия", "треф"],
        });
        match self {
            Lang::En => format!("{rank} of {suit}"),
            _ => format!("{rank} {suit}"),
        }
    }

    /// A warning for the banner, with its figures.
    pub fn warning(self, w: &Warn) -> String {
        match *w {
            Warn::Engine(ref w) => self.engine_warning(w),
            Warn::CardRefused(ref why) => format!(
                "{}: {}",
                self.pick([
                    "Card refused",
                    "Картата е одбиена",
                    "Karta odrzucona",
                    "Картата е отхвърлена",
                    "Карта отклонена",
                ]),
                super::reasons::refusal(self, why)
            ),
            Warn::ShoeFault => self
                .pick([
                    "Shoe read damaged: card read again",
                    "Оштетено читање од шуз: картата е прочитана повторно",
                    "Błędny odczyt z sabotu: karta odczytana ponownie",
                    "Повредено четене от шуза: картата е прочетена отново",
                    "Сбой чтения шуза: карта считана повторно",
                ])
                .to_string(),
            Warn::ShoeLost => self
                .pick([
                    "SHOE LINK LOST: check the shoe and its cable",
                    "ВРСКАТА СО ШУЗОТ Е ПРЕКИНАТА: проверете го шузот и кабелот",
                    "UTRACONO POŁĄCZENIE Z SABOTEM: sprawdź sabot i kabel",
                    "ВРЪЗКАТА СЪС ШУЗА Е ИЗГУБЕНА: проверете шуза и кабела",
                    "ПОТЕРЯНА СВЯЗЬ СО ШУЗОМ: проверьте шуз и кабель",
                ])
                .to_string(),
        }
    }

    /// An engine warning. In English it is the engine's own text (the `Display` of
    /// [`EngineWarning`]): one wording of each warning for the dealer's console, the hand
    /// log, the PHH export and this screen. The other languages translate it.
    fn engine_warning(self, w: &EngineWarning) -> String {
        match *w {
            EngineWarning::OverPot { seat, asked, max } => match self {
                Lang::En => w.to_string(),
                Lang::Mk => format!("Место {seat}: {asked} е над потот, поправено на {max}"),
                Lang::Pl => format!("Miejsce {seat}: {asked} ponad pulę, poprawione na {max}"),
                Lang::Bg => format!("Място {seat}: {asked} е над пота, коригирано на {max}"),
                Lang::Ru => format!("Место {seat}: {asked} больше банка, исправлено на {max}"),
            },
            EngineWarning::UnderMinimum { seat, asked, to }
            | EngineWarning::FixedSize { seat, asked, to } => match self {
                Lang::En => w.to_string(),
                Lang::Mk => format!("Место {seat} внесе {asked}: поправено на {to}"),
                Lang::Pl => format!("Miejsce {seat} wpisano {asked}: poprawione na {to}"),
                Lang::Bg => format!("Място {seat} въведе {asked}: коригирано на {to}"),
                Lang::Ru => format!("Место {seat} ввело {asked}: исправлено на {to}"),
            },
            EngineWarning::StraddleUnconfirmed { seat } => match self {
                Lang::En => w.to_string(),
                Lang::Mk => format!("Страдл на место {seat} не е потврден: без опција"),
                Lang::Pl => format!("Straddle miejsca {seat} niepotwierdzony: bez opcji"),
                Lang::Bg => format!("Страдъл на място {seat} не е потвърден: без опция"),
                Lang::Ru => format!("Стрэддл места {seat} не подтверждён: без опции"),
            },
            EngineWarning::FoldedWithCheck { seat } => match self {
                Lang::En => w.to_string(),
                Lang::Mk => format!("Место {seat} се откажа кога можеше чек"),
                Lang::Pl => format!("Miejsce {seat} spasowało, choć mogło czekać"),
                Lang::Bg => format!("Място {seat} се отказа, когато можеше чек"),
                Lang::Ru => format!("Место {seat} сбросило карты, когда мог быть чек"),
            },
            EngineWarning::OpenersUnchecked { seat } => match self {
                Lang::En => w.to_string(),
                Lang::Mk => format!("Место {seat} отвори со непрочитана карта: мора да ги покаже отворачите, инаку флорот ја прогласува раката за мртва"),
                Lang::Pl => format!("Miejsce {seat} otworzyło z nieodczytaną kartą: musi pokazać otwarcie, inaczej kierownik sali uzna rękę za martwą"),
                Lang::Bg => format!("Място {seat} отвори с непрочетена карта: трябва да покаже отварящите, иначе флорът обявява ръката за мъртва"),
                Lang::Ru => format!("Место {seat} открыло с непрочитанной картой: должно показать открывающую комбинацию, иначе флор объявит руку мёртвой"),
            },
        }
    }
}

/// The page's labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each names its English text
pub enum Word {
    Seat,
    Hand,
    ToAct,
    ToCall,
    Check,
    MinBet,
    MinRaiseTo,
    PotLimitMax,
    FixedTo,
    NoRaise,
    MainPot,
    SidePot,
    Seats,
    Wins,
    Burned,
    Folded,
    AllIn,
    Win,
    Tie,
    MissedSb,
    MissedBb,
    ButtonMark,
    SmallBlindMark,
    BigBlindMark,
    StraddleMark,
    NewPlayer,
    SittingOut,
    Dealing,
    Showdown,
    BetweenHands,
    Stack,
    Bet,
    Low,
    Board,
    Rake,
    TotalPot,
    Call,
    Raise,
    Post,
    Early,
    Middle,
    Late,
    Stale,
    Lost,
    Undone,
    Misdeal,
    Draws,
    StandsPat,
    ToDraw,
    BeforeDraw,
    AfterDraw,
    Redeal,
    NextHand,
    DealTo,
    BurnCard,
    DealBoard,
    PayPots,
    Keyed,
    FloorMode,
    Refused,
    LastInputs,
    UndoHint,
    Shoe,
    Working,
    ReadAgain,
    Silent,
    ShowOrMuck,
    Panel,
    LastKey,
    NoKeyYet,
    KeyStuck,
    ReleaseKey,
    FloorStore,
    Connected,
    NotConnected,
    DealsOn,
    AllSent,
    NotYetSent,
    StoreRefused,
    StoreUnreachable,
    LoginRefused,
    IdNotGiven,
    CertificateRefused,
    StoreVersion,
    MainShort,
    SideShort,
    HighHalf,
    LowHalf,
    BothHalves,
    Blinds,
    Ante,
    BigBlindAnte,
    Bets,
    LastHands,
    FloorView,
    Table,
    RecentHands,
    FloorNote,
    SignedHead,
    Started,
    Pot,
    State,
    Flags,
    Paid,
    InProgress,
    AllHands,
    Corrections,
    Misdeals,
    OverPot,
    BadTags,
    Refusals,
    NoSuchHand,
    OlderHand,
    NotANumber,
}

/// Every word of the page, for the tests that each is translated and used.
pub const WORDS: [Word; 114] = [
    Word::Seat,
    Word::Hand,
    Word::ToAct,
    Word::ToCall,
    Word::Check,
    Word::MinBet,
    Word::MinRaiseTo,
    Word::PotLimitMax,
    Word::FixedTo,
    Word::NoRaise,
    Word::MainPot,
    Word::SidePot,
    Word::Seats,
    Word::Wins,
    Word::Burned,
    Word::Folded,
    Word::AllIn,
    Word::Win,
    Word::Tie,
    Word::MissedSb,
    Word::MissedBb,
    Word::ButtonMark,
    Word::SmallBlindMark,
    Word::BigBlindMark,
    Word::StraddleMark,
    Word::NewPlayer,
    Word::SittingOut,
    Word::Dealing,
    Word::Showdown,
    Word::BetweenHands,
    Word::Stack,
    Word::Bet,
    Word::Low,
    Word::Board,
    Word::Rake,
    Word::TotalPot,
    Word::Call,
    Word::Raise,
    Word::Post,
    Word::Early,
    Word::Middle,
    Word::Late,
    Word::Stale,
    Word::Lost,
    Word::Undone,
    Word::Misdeal,
    Word::Draws,
    Word::StandsPat,
    Word::ToDraw,
    Word::BeforeDraw,
    Word::AfterDraw,
    Word::Redeal,
    Word::NextHand,
    Word::DealTo,
    Word::BurnCard,
    Word::DealBoard,
    Word::PayPots,
    Word::Keyed,
    Word::FloorMode,
    Word::Refused,
    Word::LastInputs,
    Word::UndoHint,
    Word::Shoe,
    Word::Working,
    Word::ReadAgain,
    Word::Silent,
    Word::ShowOrMuck,
    Word::Panel,
    Word::LastKey,
    Word::NoKeyYet,
    Word::KeyStuck,
    Word::ReleaseKey,
    Word::FloorStore,
    Word::Connected,
    Word::NotConnected,
    Word::DealsOn,
    Word::AllSent,
    Word::NotYetSent,
    Word::StoreRefused,
    Word::StoreUnreachable,
    Word::LoginRefused,
    Word::IdNotGiven,
    Word::CertificateRefused,
    Word::StoreVersion,
    Word::MainShort,
    Word::SideShort,
    Word::HighHalf,
    Word::LowHalf,
    Word::BothHalves,
    Word::Blinds,
    Word::Ante,
    Word::BigBlindAnte,
    Word::Bets,
    Word::LastHands,
    Word::FloorView,
    Word::Table,
    Word::RecentHands,
    Word::FloorNote,
    Word::SignedHead,
    Word::Started,
    Word::Pot,
    Word::State,
    Word::Flags,
    Word::Paid,
    Word::InProgress,
    Word::AllHands,
    Word::Corrections,
    Word::Misdeals,
    Word::OverPot,
    Word::BadTags,
    Word::Refusals,
    Word::NoSuchHand,
    Word::OlderHand,
    Word::NotANumber,
];

/// Lower-case words separated by single spaces, with a space at each end: "To call"
/// and "TO CALL" alike.
fn words(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let joined = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    format!(" {} ", joined.to_lowercase())
}

/// English that has no business on a page in another language besides the page's
/// own words ([`super::i18n::WORDS`]): the hands' names, and the small words of the
/// English error messages.
const ENGLISH: [&str; 20] = [
    "the",
    "is",
    "of",
    "and",
    "not",
    "seat",
    "pair",
    "straight",
    "flush",
    "full house",
    "high card",
    "three of a kind",
    "four of a kind",
    "aces",
    "kings",
    "queens",
    "jacks",
    "tens",
    "high",
    "over",
];

/// The English left in `text` on a page in `lang`, if any (the translation
/// tests' check, for the views and for the pages in a browser): a word of the page's
/// table that `lang` says otherwise, or an English hand or error word (`ENGLISH`). The panel's keys keep
/// their printed names (NEXT HAND, CHECK/CALL), the command to read an old hand is
/// a command, and Polish names the betting structures in English ("Pot-limit").
pub fn english_left(lang: Lang, text: &str) -> Option<String> {
    let mut page = words(text);
    for k in firmware::buttons::ALL_KEYS {
        if !matches!(k, firmware::buttons::Key::Seat(_)) {
            page = page.replace(&words(&k.to_string()), " ");
        }
    }
    page = page.replace(" tablectl audit show ", " ");
    // Polish tables name the structures as English does.
    if lang == Lang::Pl {
        for structure in ["pot limit", "no limit", "fixed limit"] {
            page = page.replace(&words(structure), " ");
        }
    }
    let table = WORDS
        .iter()
        .filter(|&&w| lang.word(w) != Lang::En.word(w))
        .map(|&w| Lang::En.word(w));
    table
        .chain(ENGLISH)
        .map(words)
        .find(|e| page.contains(e.as_str()))
        .map(|e| format!("`{}` in:{page}", e.trim()))
}

/// What the banner can say. Built from the engine's warnings and from the
/// controller's own reports (a refused card, a shoe fault, a lost link). A refused
/// card carries its reason's kind, said in the table's language; a refused key is
/// the dealer's view's to explain, not the players' screen's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warn {
    /// A warning of the engine's (R-PL-5, R-STRAD-4, PD-BET-FOLD, a corrected amount).
    Engine(EngineWarning),
    /// A card refused (out of order, already seen, unknown tag), with the reason.
    CardRefused(crate::session::table::Refusal),
    /// A damaged shoe frame, read again.
    ShoeFault,
    /// The shoe's link is gone.
    ShoeLost,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ch, sn};

    #[test]
    fn an_engine_warning_in_english_is_the_engines_own_text() {
        let w = firmware::Warning::OverPot {
            seat: sn(3),
            asked: ch(500),
            max: ch(140),
        };
        assert_eq!(Lang::En.warning(&Warn::Engine(w)), w.to_string());
        assert!(Lang::Pl
            .warning(&Warn::Engine(w))
            .starts_with("Miejsce 3: 500"));
    }

    /// Words a language takes from English as they are (the Polish tables say
    /// "all-in", "showdown" and "rake", mark the dealer and the straddle "D" and
    /// "STR", and call the panel a panel).
    const LOANWORDS: [(Lang, Word); 7] = [
        (Lang::Pl, Word::Ante),
        (Lang::Pl, Word::Panel),
        (Lang::Pl, Word::AllIn),
        (Lang::Pl, Word::Showdown),
        (Lang::Pl, Word::Rake),
        (Lang::Pl, Word::ButtonMark),
        (Lang::Pl, Word::StraddleMark),
    ];

    /// Every word of the page has each language's own text (English only where the
    /// language takes it as a loanword), and every word is used by the view.
    #[test]
    fn every_word_is_translated_and_used() {
        let source = include_str!("i18n.rs");
        let view = [
            include_str!("../display/view/mod.rs"),
            include_str!("../display/view/presenter.rs"),
            include_str!("../display/view/acts.rs"),
            include_str!("../display/view/equity.rs"),
            include_str!("../display/view/showdown.rs"),
            include_str!("../display/view/pots.rs"),
            include_str!("../display/view/text.rs"),
            include_str!("../display/dealer.rs"),
            include_str!("../display/hands.rs"),
            include_str!("../display/floor.rs"),
            include_str!("../display/server.rs"),
        ]
        .concat();
        let listed = source
            .lines()
            .filter(|l| l.starts_with("            Word::") && l.contains(" => "))
            .count();
        assert_eq!(listed, WORDS.len(), "WORDS lists every word of the table");
        for w in WORDS {
            assert!(view.contains(&format!("Word::{w:?}")), "{w:?} is not used");
            for l in ALL {
                let text = l.word(w);
                assert!(!text.trim().is_empty(), "{l:?} {w:?} is empty");
                if l != Lang::En && !LOANWORDS.contains(&(l, w)) {
                    assert_ne!(text, Lang::En.word(w), "{l:?} {w:?} is left in English");
                }
            }
        }
    }

    #[test]
    fn numbers_are_written_as_each_language_writes_them() {
        assert_eq!(Lang::En.number(4246), "4,246");
        assert_eq!(Lang::Mk.number(1911), "1.911");
        assert_eq!(Lang::Ru.number(4246), "4\u{a0}246");
        assert_eq!(Lang::Pl.number(4246), "4246");
        assert_eq!(Lang::Bg.number(12345), "12\u{a0}345");
        assert_eq!(Lang::En.number(1_234_567), "1,234,567");
        assert_eq!(Lang::En.number(999), "999");
        assert_eq!(Lang::Ru.number(0), "0");
    }

    #[test]
    fn times_are_written_as_each_language_writes_dates() {
        // 2025-11-25 18:40:12.345 UTC.
        let ms = 1_764_096_012_345;
        assert_eq!(Lang::En.time(ms), "2025-11-25 18:40:12 UTC");
        assert_eq!(Lang::Ru.time(ms), "25.11.2025 18:40:12 UTC");
    }

    #[test]
    fn card_names_are_translated() {
        let c: Card = "As".parse().unwrap();
        assert_eq!(Lang::En.card_name(c), "ace of spades");
        assert_eq!(Lang::Ru.card_name(c), "туз пик");
        assert_eq!(Lang::Pl.card_name(c), "as pik");
        let t: Card = "Th".parse().unwrap();
        assert_eq!(Lang::Bg.card_name(t), "десетка купа");
        assert_eq!(Lang::Mk.card_name(t), "десетка херц");
    }

    #[test]
    fn no_label_is_left_empty_or_english_where_it_should_not_be() {
        for l in ALL {
            assert!(!l.word(Word::MainPot).is_empty());
        }
        // Side pots are what disputes are about: each language names them its own way.
        assert_eq!(Lang::Ru.word(Word::SidePot), "Побочный банк");
        assert_eq!(Lang::Pl.word(Word::SidePot), "Pula boczna");
    }
}
