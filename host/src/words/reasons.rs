//! Why an input was refused, in the dealer's language: translated from the
//! refusal's kind ([`Refusal`]: the engine's [`RuleError`], the panel's
//! [`ConsoleError`], the deck's [`DeckError`]), never from its English text. English
//! is the error's own `Display`, the wording of the console and the hand log.
//!
//! The panel's keys keep the names printed on them (NEXT HAND, BET/RAISE, UNDO);
//! a seat key is named with the language's word for seat. Cards are named by their
//! faces (K♦).

use super::card::CardView;
use super::i18n::{Lang, Word};
use crate::session::staff::PinRefused;
use crate::session::table::Refusal;
use firmware::buttons::{AmountError, ButtonError, Key};
use firmware::console::ConsoleError;
use firmware::deck::DeckError;
use firmware::error::ActionKind;
use firmware::{Card, RuleError};

/// The refusal in `lang`.
pub fn refusal(lang: Lang, r: &Refusal) -> String {
    if lang == Lang::En {
        return r.to_string();
    }
    let t = match r {
        Refusal::Rule(e) => rule(lang, e),
        Refusal::Key(e) => console(lang, e),
        Refusal::Tag(e, _) => deck(e),
        Refusal::NoDeck => [
            "Нема запишан шпил на оваа маса".to_string(),
            "Przy tym stole nie zarejestrowano talii".to_string(),
            "На тази маса няма регистрирано тесте".to_string(),
            "За этим столом не зарегистрирована колода".to_string(),
        ],
        Refusal::Pin(e) => pin(e),
        Refusal::Award(e) => {
            let s = e.seat;
            [
                format!("Место {s} не може да се исплати: покажаните раце велат друго; платете според картите или повикајте го флорот"),
                format!("Miejsca {s} nie można wypłacić: pokazane ręce mówią inaczej; wypłać według kart lub wezwij kierownika sali"),
                format!("Място {s} не може да бъде изплатено: показаните ръце казват друго; платете според картите или повикайте флора"),
                format!("Месту {s} нельзя выплатить: открытые руки говорят иное; платите по картам или позовите флор-менеджера"),
            ]
        }
        Refusal::Payout(_) => [
            "Потот не може да се исплати: повикајте го флорот".to_string(),
            "Nie można wypłacić puli: wezwij kierownika sali".to_string(),
            "Потът не може да се изплати: повикайте флора".to_string(),
            "Банк не может быть выплачен: позовите флор-менеджера".to_string(),
        ],
    };
    pick(lang, t)
}

/// The text of `lang` among Macedonian, Polish, Bulgarian and Russian.
fn pick(lang: Lang, [mk, pl, bg, ru]: [String; 4]) -> String {
    match lang {
        Lang::En | Lang::Mk => mk,
        Lang::Pl => pl,
        Lang::Bg => bg,
        Lang::Ru => ru,
    }
}

/// A card by its face: "K♦".
fn face(card: Card) -> String {
    let v = CardView::new(card, Lang::En, false);
    format!("{}{}", v.rank, v.symbol)
}

/// A key as the panel prints it; a seat key with the language's word for seat.
pub(crate) fn key(lang: Lang, k: Key) -> String {
    match k {
        Key::Seat(n) => format!("{} {n}", lang.word(Word::Seat).to_uppercase()),
        k => k.to_string(),
    }
}

fn rule(lang: Lang, e: &RuleError) -> [String; 4] {
    use RuleError::*;
    let s = |x: &firmware::SeatNo| x.to_string();
    let n = |c: &firmware::Chips| lang.number(c.get());
    match e {
        NoSuchSeat(x) => [
            format!("Нема место {} на оваа маса", s(x)),
            format!("Przy tym stole nie ma miejsca {}", s(x)),
            format!("На тази маса няма място {}", s(x)),
            format!("За этим столом нет места {}", s(x)),
        ],
        SeatTaken(x) => [
            format!("Местото {} е зафатено: изберете празно место", s(x)),
            format!("Miejsce {} jest zajęte: wybierz wolne", s(x)),
            format!("Място {} е заето: изберете свободно", s(x)),
            format!("Место {} занято: выберите свободное", s(x)),
        ],
        SeatEmpty(x) => [
            format!("Никој не седи на место {}", s(x)),
            format!("Nikt nie siedzi na miejscu {}", s(x)),
            format!("Никой не седи на място {}", s(x)),
            format!("На месте {} никто не сидит", s(x)),
        ],
        HandInProgress => [
            "Раката е во тек: промените на местата и чиповите чекаат до крајот".to_string(),
            "Rozdanie trwa: zmiany miejsc i żetonów czekają do jego końca".to_string(),
            "Ръката е в ход: смените на места и чипове чакат края ѝ".to_string(),
            "Идёт раздача: пересадки и фишки ждут её окончания".to_string(),
        ],
        PlayerInHand(x) => [
            format!("Место {} е во раката: заминувањето се запишува по неа", s(x)),
            format!("Miejsce {} gra w tym rozdaniu: odejście zapisz po nim", s(x)),
            format!("Място {} е в ръката: напускането се записва след нея", s(x)),
            format!("Место {} в раздаче: уход записывается после неё", s(x)),
        ],
        ZeroAmount => [
            "Внесете износ поголем од нула".to_string(),
            "Wpisz kwotę większą od zera".to_string(),
            "Въведете сума над нула".to_string(),
            "Введите сумму больше нуля".to_string(),
        ],
        ButtonAlreadyPlaced => [
            "Копчето се поместува само по првата рака".to_string(),
            "Button przesuwa się sam po pierwszym rozdaniu".to_string(),
            "Бутонът се мести сам след първата ръка".to_string(),
            "Баттон двигается сам после первой раздачи".to_string(),
        ],
        NotEnoughPlayers => [
            "Потребни се најмалку двајца играчи со чипови".to_string(),
            "Potrzeba co najmniej dwóch graczy z żetonami".to_string(),
            "Нужни са поне двама играчи с чипове".to_string(),
            "Нужны минимум два игрока с фишками".to_string(),
        ],
        NoHand => [
            "Нема рака во тек: притиснете NEXT HAND".to_string(),
            "Nie trwa żadne rozdanie: naciśnij NEXT HAND".to_string(),
            "Няма ръка в ход: натиснете NEXT HAND".to_string(),
            "Раздача не идёт: нажмите NEXT HAND".to_string(),
        ],
        StraddleNotAllowed => [
            "Без страдл: исклучен е или има помалку од тројца играчи".to_string(),
            "Bez straddle'a: wyłączony lub grają mniej niż trzy osoby".to_string(),
            "Без страдъл: изключен е или играчите са под трима".to_string(),
            "Стрэддл нельзя: он выключен или игроков меньше трёх".to_string(),
        ],
        StraddleTooLate => [
            "Страдлот се става пред првата карта".to_string(),
            "Straddle wpłaca się przed pierwszą kartą".to_string(),
            "Страдълът се поставя преди първата карта".to_string(),
            "Стрэддл ставится до первой карты".to_string(),
        ],
        StraddleAlreadyPosted => [
            "Само еден страдл по рака".to_string(),
            "Jeden straddle na rozdanie".to_string(),
            "Само един страдъл на ръка".to_string(),
            "Один стрэддл на раздачу".to_string(),
        ],
        StraddleShort(x) => [
            format!("Место {} нема за страдл (двоен голем блајнд)", s(x)),
            format!("Miejsce {} nie pokryje straddle'a (dwa duże blindy)", s(x)),
            format!("Място {} няма за страдъл (двоен голям блайнд)", s(x)),
            format!("Месту {} не хватает на стрэддл (два больших блайнда)", s(x)),
        ],
        BettingNotComplete { to_act } => [
            format!(
                "Влогувањето не е завршено (на ред е место {}): тргнете ја картата, повикајте го флорот",
                s(to_act)
            ),
            format!(
                "Licytacja trwa (kolej miejsca {}): odłóż kartę, wezwij kierownika sali",
                s(to_act)
            ),
            format!(
                "Залаганията не са приключили (на ход е място {}): оставете картата, повикайте флора",
                s(to_act)
            ),
            format!(
                "Торговля не закончена (ход места {}): отложите карту, позовите флор-менеджера",
                s(to_act)
            ),
        ],
        NoCardExpected => [
            "Сега не се очекува карта: тргнете ја, повикајте го флорот".to_string(),
            "Teraz nie wydaje się karty: odłóż ją, wezwij kierownika sali".to_string(),
            "Сега не се чака карта: оставете я, повикайте флора".to_string(),
            "Сейчас карта не нужна: отложите её, позовите флор-менеджера".to_string(),
        ],
        DuplicateCard(c) => [
            format!("{} веќе се појави: скенирајте повторно или повикајте го флорот", face(*c)),
            format!("{} już była: zeskanuj ponownie lub wezwij kierownika sali", face(*c)),
            format!("{} вече се появи: сканирайте отново или повикайте флора", face(*c)),
            format!("{} уже была: отсканируйте снова или позовите флор-менеджера", face(*c)),
        ],
        NotInDeck(c) => [
            format!("{} не е од шпилот на масата: тргнете ја, повикајте го флорот", face(*c)),
            format!("{} nie należy do talii stołu: usuń ją, wezwij kierownika sali", face(*c)),
            format!("{} не е от тестето на масата: махнете я, повикайте флора", face(*c)),
            format!("{} не из колоды стола: уберите её, позовите флор-менеджера", face(*c)),
        ],
        MissingBurn => [
            "Прво изгорете карта, потоа делете на таблата".to_string(),
            "Najpierw spal kartę, potem wyłóż na stół".to_string(),
            "Първо изгорете карта, после раздайте на борда".to_string(),
            "Сначала сожгите карту, потом выкладывайте борд".to_string(),
        ],
        UnexpectedBurn => [
            "Сега не се гори: картата оди на играч или на таблата".to_string(),
            "Teraz nie pali się karty: idzie do gracza lub na stół".to_string(),
            "Сега не се гори: картата е за играч или за борда".to_string(),
            "Сейчас не сжигают: карта идёт игроку или на борд".to_string(),
        ],
        NotDrawing => [
            "Овој играч сега не менува".to_string(),
            "Ten gracz teraz nie wymienia".to_string(),
            "Този играч сега не сменя".to_string(),
            "Этот игрок сейчас не меняет".to_string(),
        ],
        BadDiscard(c) => [
            format!("{} не може да се фрли: не е во раката или замената е готова", face(*c)),
            format!("Nie można odrzucić {}: nie ma jej w ręce lub wymiana zakończona", face(*c)),
            format!("{} не може да се хвърли: не е в ръката или смяната е готова", face(*c)),
            format!("Нельзя сбросить {}: её нет в руке или обмен окончен", face(*c)),
        ],
        NoOpeners(x) => [
            format!("Место {} не може да отвори: потребен е пар попови или подобро", s(x)),
            format!("Miejsce {} nie może otworzyć: trzeba pary króli lub lepiej", s(x)),
            format!("Място {} не може да отвори: нужен е чифт попове или по-добро", s(x)),
            format!("Место {} не может открыть: нужна пара королей или лучше", s(x)),
        ],
        ReplacementsDue(x) => [
            format!("Прво поделете ги замените на место {}", s(x)),
            format!("Najpierw rozdaj karty na wymianę miejscu {}", s(x)),
            format!("Първо раздайте заместващите карти на място {}", s(x)),
            format!("Сначала сдайте замену месту {}", s(x)),
        ],
        DrawCount(n) => {
            let k = key(Lang::Mk, Key::CheckCall);
            [
                format!("Се менуваат 1 до 4 карти, не {n}: внесете го бројот, па {k}"),
                format!("Wymienia się od 1 do 4 kart, nie {n}: wpisz liczbę, potem {k}"),
                format!("Сменят се от 1 до 4 карти, не {n}: въведете броя, после {k}"),
                format!("Меняют от 1 до 4 карт, не {n}: введите число, затем {k}"),
            ]
        }
        DiscardsDue { seat, asked, thrown } => [
            format!(
                "Место {} менува {asked}, фрлени {thrown}: прво останатите фрлени карти низ отворот за горење",
                s(seat)
            ),
            format!(
                "Miejsce {} wymienia {asked}, odrzucone {thrown}: najpierw pozostałe odrzucone przez szczelinę spalonych",
                s(seat)
            ),
            format!(
                "Място {} сменя {asked}, хвърлени {thrown}: първо другите хвърлени през процепа за изгорени",
                s(seat)
            ),
            format!(
                "Место {} меняет {asked}, сброшено {thrown}: сначала остальные сброшенные через щель для сожжённых",
                s(seat)
            ),
        ],
        MoreThanAsked { seat, asked } => [
            format!(
                "Место {} побара {asked}: толку фрлени се прочитани; ако менува повеќе, внесете го бројот повторно",
                s(seat)
            ),
            format!(
                "Miejsce {} prosiło o {asked}: tyle odrzuconych odczytano; jeśli wymienia więcej, wpisz liczbę ponownie",
                s(seat)
            ),
            format!(
                "Място {} поиска {asked}: толкова хвърлени са прочетени; ако сменя повече, въведете броя отново",
                s(seat)
            ),
            format!(
                "Место {} просило {asked}: столько сброшенных прочитано; если меняет больше, введите число снова",
                s(seat)
            ),
        ],
        DrawUnderway(x) => [
            format!("Замените за место {} започнаа: поделете ги останатите или прво UNDO", s(x)),
            format!("Wymiana miejsca {} trwa: rozdaj resztę albo najpierw UNDO", s(x)),
            format!("Замените за място {} започнаха: раздайте останалите или първо UNDO", s(x)),
            format!("Замена месту {} начата: сдайте остальные или сначала UNDO", s(x)),
        ],
        NotBetting => [
            "Нема отворен круг на влогување".to_string(),
            "Nie trwa runda licytacji".to_string(),
            "Няма отворен рунд залагания".to_string(),
            "Круг торговли не открыт".to_string(),
        ],
        IllegalAction { seat, action } => {
            let x = s(seat);
            match action {
                ActionKind::Check => [
                    format!("Место {x} не може чек: има влог за изедначување"),
                    format!("Miejsce {x} nie może czekać: jest zakład do sprawdzenia"),
                    format!("Място {x} не може чек: има залог за плащане"),
                    format!("Место {x} не может чек: есть ставка"),
                ],
                ActionKind::Call => [
                    format!("Место {x} нема што да изедначи"),
                    format!("Miejsce {x} nie ma czego sprawdzać"),
                    format!("Място {x} няма какво да плати"),
                    format!("Месту {x} нечего уравнивать"),
                ],
                ActionKind::Fold => [
                    format!("Место {x} сега не може да се откаже"),
                    format!("Miejsce {x} nie może teraz spasować"),
                    format!("Място {x} не може да се откаже сега"),
                    format!("Место {x} сейчас не может сбросить"),
                ],
                ActionKind::BetOrRaise => [
                    format!("Место {x} сега не може да влогува или покачува"),
                    format!("Miejsce {x} nie może teraz obstawić ani podbić"),
                    format!("Място {x} не може да залага или вдига сега"),
                    format!("Место {x} сейчас не может ставить или повышать"),
                ],
                ActionKind::AllIn => [
                    format!("Место {x} сега не може ол-ин"),
                    format!("Miejsce {x} nie może teraz zagrać all-in"),
                    format!("Място {x} не може ол-ин сега"),
                    format!("Место {x} сейчас не может олл-ин"),
                ],
            }
        }
        RaiseNotAllowed(x) => [
            format!("Место {} може само да изедначи или да се откаже", s(x)),
            format!("Miejsce {} może tylko sprawdzić lub spasować", s(x)),
            format!("Място {} може само да плати или да се откаже", s(x)),
            format!("Место {} может только уравнять или сбросить", s(x)),
        ],
        BelowMinimum { min } => [
            format!("Минимумот е {}: внесете барем {}", n(min), n(min)),
            format!("Minimum to {}: wpisz co najmniej {}", n(min), n(min)),
            format!("Минимумът е {}: въведете поне {}", n(min), n(min)),
            format!("Минимум {}: введите не меньше {}", n(min), n(min)),
        ],
        AboveMaximum { max } => [
            format!("Максимумот е {}: внесете најмногу {}", n(max), n(max)),
            format!("Maksimum to {}: wpisz najwyżej {}", n(max), n(max)),
            format!("Максимумът е {}: въведете най-много {}", n(max), n(max)),
            format!("Максимум {}: введите не больше {}", n(max), n(max)),
        ],
        AboveStack { all_in_to } => [
            format!("Играчот нема толку чипови: ол-ин е {}", n(all_in_to)),
            format!("Gracz nie ma tylu żetonów: all-in to {}", n(all_in_to)),
            format!("Играчът няма толкова чипове: ол-ин е {}", n(all_in_to)),
            format!("У игрока нет столько фишек: олл-ин — {}", n(all_in_to)),
        ],
        OutOfTurn { expected } => [
            format!("На ред е место {}", s(expected)),
            format!("Kolej miejsca {}", s(expected)),
            format!("На ход е място {}", s(expected)),
            format!("Ход места {}", s(expected)),
        ],
        NotSettling => [
            "Потот се исплаќа дури по крајот на раката".to_string(),
            "Pulę wypłaca się dopiero po rozdaniu".to_string(),
            "Потът се изплаща чак след края на ръката".to_string(),
            "Банк выплачивается только после раздачи".to_string(),
        ],
        NoShowdown => [
            "Сега нема отворање: раците се покажуваат по последниот круг".to_string(),
            "Teraz nie ma showdownu: karty pokazuje się po ostatniej licytacji".to_string(),
            "Сега няма шоудаун: ръцете се показват след последния рунд".to_string(),
            "Вскрытия сейчас нет: карты открывают после последнего круга".to_string(),
        ],
        NoHandToShow(x) => [
            format!("Место {} нема рака за отворање", s(x)),
            format!("Miejsce {} nie ma kart do pokazania", s(x)),
            format!("Място {} няма ръка за показване", s(x)),
            format!("У места {} нет карт для вскрытия", s(x)),
        ],
        AlreadyShown(x) => [
            format!("Раката на место {} е покажана: не може да се фрли", s(x)),
            format!("Karty miejsca {} są pokazane: nie można ich spasować", s(x)),
            format!("Ръката на място {} е показана: не може да се хвърли", s(x)),
            format!("Карты места {} открыты: их нельзя сбросить", s(x)),
        ],
        NotYourTurnToMuck { seat, next } => [
            format!("Место {} фрла по ред: прво место {} покажува или фрла", s(seat), s(next)),
            format!("Miejsce {} pasuje w kolejce: najpierw miejsce {}", s(seat), s(next)),
            format!("Място {} хвърля по ред: първо място {}", s(seat), s(next)),
            format!("Место {} сбрасывает по очереди: сначала место {}", s(seat), s(next)),
        ],
        LastHandIn(x) => [
            format!("Место {} е последната рака: добива без отворање", s(x)),
            format!("Miejsce {} zostało samo: wygrywa bez pokazania", s(x)),
            format!("Място {} е последната ръка: печели без показване", s(x)),
            format!("Место {} осталось одно: выигрывает без вскрытия", s(x)),
        ],
        LastHandForPot(x) => [
            format!("Место {} е последната рака за страничен пот: покажете ја", s(x)),
            format!("Miejsce {} zostało samo w puli bocznej: pokaż karty", s(x)),
            format!("Място {} е последната ръка за страничен пот: покажете я", s(x)),
            format!("Место {} последнее в побочном банке: откройте карты", s(x)),
        ],
        NotPremature => [
            "Предвремена карта се пресудува пред флоп, терн или ривер, еднаш по рака".to_string(),
            "Przedwczesną kartę rozstrzyga się przed flopem, turnem lub riverem, raz na rozdanie".to_string(),
            "Преждевременна карта се решава преди флоп, търн или ривър, веднъж на ръка".to_string(),
            "Преждевременная карта решается до флопа, тёрна или ривера, раз за раздачу".to_string(),
        ],
        PrematureCardUnnamed => [
            "Наведете ја предвремената терн карта: стои настрана до риверот".to_string(),
            "Wskaż przedwczesną kartę turna: leży z boku do rivera".to_string(),
            "Посочете преждевременната търн карта: стои настрана до ривъра".to_string(),
            "Назовите преждевременную карту тёрна: она отложена до ривера".to_string(),
        ],
        NoFloorNumber => [
            "Одлуката бара број на флорот: внесете го (1 до 9999)".to_string(),
            "Decyzja wymaga numeru kierownika sali: wpisz go (1 do 9999)".to_string(),
            "Решението иска номер на флора: въведете го (1 до 9999)".to_string(),
            "Решению нужен номер флор-менеджера: введите его (1–9999)".to_string(),
        ],
        VoidTooLate => [
            "Потот се исплаќа: раката веќе не може да се поништи".to_string(),
            "Pula jest wypłacana: rozdania nie można już unieważnić".to_string(),
            "Потът се изплаща: ръката вече не може да се анулира".to_string(),
            "Банк выплачивается: раздачу уже нельзя аннулировать".to_string(),
        ],
        NoUnconfirmedStraddle => [
            "Нема непотврден страдл во првиот круг".to_string(),
            "Brak niepotwierdzonego straddle'a w pierwszej licytacji".to_string(),
            "Няма непотвърден страдъл в първия рунд".to_string(),
            "Нет неподтверждённого стрэддла в первом круге".to_string(),
        ],
        ShowdownOpen(x) => [
            format!("Место {} покажува или фрла пред исплатата", s(x)),
            format!("Miejsce {} pokazuje lub pasuje przed wypłatą", s(x)),
            format!("Място {} показва или хвърля преди изплащането", s(x)),
            format!("Место {} открывает или сбрасывает до выплаты", s(x)),
        ],
        NotEligible(x) => [
            format!("Место {} не може да го добие овој пот", s(x)),
            format!("Miejsce {} nie może wygrać tej puli", s(x)),
            format!("Място {} не може да спечели този пот", s(x)),
            format!("Место {} не может выиграть этот банк", s(x)),
        ],
        AwardTooLarge { left } => [
            format!("Останува само {} за исплата", n(left)),
            format!("Do wypłaty zostało tylko {}", n(left)),
            format!("Остават само {} за изплащане", n(left)),
            format!("К выплате осталось только {}", n(left)),
        ],
        NothingToUndo => [
            "Нема што да се поништи во оваа рака".to_string(),
            "Nie ma czego cofnąć w tym rozdaniu".to_string(),
            "Няма какво да се отмени в тази ръка".to_string(),
            "В этой раздаче нечего отменять".to_string(),
        ],
        MisdealTooLate => [
            "Доцна е за погрешно делење: имаше суштинска акција; повикајте го флорот".to_string(),
            "Za późno na błędne rozdanie: była już istotna akcja; wezwij kierownika sali".to_string(),
            "Твърде късно за грешно раздаване: имаше съществено действие; повикайте флора".to_string(),
            "Поздно для неверной раздачи: было существенное действие; позовите флор-менеджера".to_string(),
        ],
        HandLogFull => [
            "Записот на раката е полн: повикајте го флорот".to_string(),
            "Zapis rozdania jest pełny: wezwij kierownika sali".to_string(),
            "Записът на ръката е пълен: повикайте флора".to_string(),
            "Запись раздачи заполнена: позовите флор-менеджера".to_string(),
        ],
        ChipOverflow | TableChipLimit => [
            "Премногу чипови: проверете го износот".to_string(),
            "Za dużo żetonów: sprawdź kwotę".to_string(),
            "Твърде много чипове: проверете сумата".to_string(),
            "Слишком много фишек: проверьте сумму".to_string(),
        ],
        ExposedAfterDeal => [
            "Делењето заврши: отворената карта игра".to_string(),
            "Rozdawanie skończone: odkryta karta gra".to_string(),
            "Раздаването свърши: откритата карта играе".to_string(),
            "Сдача окончена: открытая карта играет".to_string(),
        ],
        ExposedFirstCards | SecondExposed => [
            "Отворена карта значи погрешно делење: држете MISDEAL".to_string(),
            "Odkryta karta oznacza błędne rozdanie: przytrzymaj MISDEAL".to_string(),
            "Откритата карта значи грешно раздаване: задръжте MISDEAL".to_string(),
            "Открытая карта — неверная раздача: удерживайте MISDEAL".to_string(),
        ],
        NoCardToExpose(x) => [
            format!("Место {} уште нема карта", s(x)),
            format!("Miejsce {} nie ma jeszcze karty", s(x)),
            format!("Място {} още няма карта", s(x)),
            format!("У места {} ещё нет карты", s(x)),
        ],
        NotSeatsLastCard(x, c) => [
            format!("{} не е последната карта на место {}", face(*c), s(x)),
            format!("{} to nie ostatnia karta miejsca {}", face(*c), s(x)),
            format!("{} не е последната карта на място {}", face(*c), s(x)),
            format!("{} не последняя карта места {}", face(*c), s(x)),
        ],
        ExposedIsTheBurn(c) => [
            format!("Отворената {} е изгорената: поминете ја низ отворот за горење", face(*c)),
            format!("Odkryta {} to karta spalona: przełóż ją przez otwór do palenia", face(*c)),
            format!("Откритата {} е изгорената: прекарайте я през процепа за горене", face(*c)),
            format!("Открытая {} — это сожжённая: проведите её через прорезь сжигания", face(*c)),
        ],
        NotBoxable(c) => [
            format!("{} не е штотуку поделената карта", face(*c)),
            format!("{} to nie karta właśnie rozdana", face(*c)),
            format!("{} не е току-що раздадената карта", face(*c)),
            format!("{} не только что сданная карта", face(*c)),
        ],
        BoxedStands(c) => [
            format!("{} останува мртва по одлуката: делете ја следната на нејзино место", face(*c)),
            format!("{} zostaje martwa z decyzji: rozdaj następną w jej miejsce", face(*c)),
            format!("{} остава мъртва по решението: раздайте следващата на нейно място", face(*c)),
            format!("{} остаётся мёртвой по решению: сдайте следующую вместо неё", face(*c)),
        ],
        NotTheOpener(x) => [
            format!("Место {} не отвори: само раката на отворачот е мртва поради отворачи, на отворањето карти", s(x)),
            format!("Miejsce {} nie otwierało: tylko ręka otwierającego jest martwa z braku otwarcia, przy odkryciu kart", s(x)),
            format!("Място {} не е отворило: само ръката на отварящия е мъртва без отварящи карти, при показването", s(x)),
            format!("Место {} не открывало: только рука открывшего мертва без открывающих карт, на вскрытии", s(x)),
        ],
        CannotRejoin(x) => [
            format!("Место {} не може да се врати: само играч што се повлекол од претходното делење, пред првата карта", s(x)),
            format!("Miejsce {} nie może wrócić: tylko gracz, który spasował w poprzednim rozdaniu, przed pierwszą kartą", s(x)),
            format!("Място {} не може да се върне: само играч, излязъл от предишното раздаване, преди първата карта", s(x)),
            format!("Место {} не может вернуться: только игрок, выбывший из прошлой сдачи, до первой карты", s(x)),
        ],
        CannotMatch { seat, amount } => [
            format!("Место {} не може да се врати: за изедначување треба {}, повеќе од неговите чипови", s(seat), n(amount)),
            format!("Miejsce {} nie może wrócić: wyrównanie to {}, więcej niż ma żetonów", s(seat), n(amount)),
            format!("Място {} не може да се върне: изравняването е {}, повече от чиповете му", s(seat), n(amount)),
            format!("Место {} не может вернуться: уравнять нужно {}, больше его фишек", s(seat), n(amount)),
        ],
        Config(_) => [
            "Поставките на масата не се во ред: повикајте техничар".to_string(),
            "Ustawienia stołu są błędne: wezwij technika".to_string(),
            "Настройките на масата са грешни: повикайте техник".to_string(),
            "Настройки стола неверны: позовите техника".to_string(),
        ],
    }
}

fn console(lang: Lang, e: &ConsoleError) -> [String; 4] {
    match *e {
        ConsoleError::Press(b) => button(lang, &b),
        ConsoleError::Amount(a) => amount(lang, &a),
        ConsoleError::NobodyToAct(k) => {
            let k = key(lang, k);
            [
                format!("{k} не е примено: никој не е на ред; делете ги картите што се чекаат"),
                format!("{k} nieprzyjęte: nikt nie ma kolejki; rozdaj oczekiwane karty"),
                format!("{k} не е прието: никой не е на ход; раздайте чаканите карти"),
                format!("{k} не принято: никто не ходит; сдайте ожидаемые карты"),
            ]
        }
        ConsoleError::NoAmount => [
            "Прво внесете износ (вкупниот влог), потоа BET/RAISE".to_string(),
            "Najpierw wpisz kwotę (cały zakład), potem BET/RAISE".to_string(),
            "Първо въведете сумата (целия залог), после BET/RAISE".to_string(),
            "Сначала введите сумму (всю ставку), потом BET/RAISE".to_string(),
        ],
        ConsoleError::SeatKeyInHand(x) => [
            format!("Копчето на место {x} не е примено: работи меѓу раце и при отворање"),
            format!("Klawisz miejsca {x} nieprzyjęty: działa między rozdaniami i przy showdownie"),
            format!("Бутонът на място {x} не е приет: работи между ръцете и на шоудауна"),
            format!("Кнопка места {x} не принята: работает между раздачами и при вскрытии"),
        ],
        ConsoleError::NoBuyIn(x) => [
            format!("Место {x} е празно: внесете бај-ин, потоа копчето на местото"),
            format!("Miejsce {x} jest wolne: wpisz wpisowe, potem klawisz miejsca"),
            format!("Място {x} е празно: въведете бай-ин, после бутона на мястото"),
            format!("Место {x} свободно: введите бай-ин, потом кнопку места"),
        ],
        ConsoleError::EmptySeat(x) => [
            format!("Место {x} е празно: нема кој да замине"),
            format!("Miejsce {x} jest wolne: nikt nie odchodzi"),
            format!("Място {x} е празно: няма кой да напусне"),
            format!("Место {x} свободно: уходить некому"),
        ],
        ConsoleError::HandInProgress => [
            "NEXT HAND не е примено: раката не е завршена; довршете ја или држете MISDEAL"
                .to_string(),
            "NEXT HAND nieprzyjęte: rozdanie trwa; dokończ je lub przytrzymaj MISDEAL".to_string(),
            "NEXT HAND не е прието: ръката не е свършила; довършете я или задръжте MISDEAL"
                .to_string(),
            "NEXT HAND не принято: раздача не окончена; доиграйте или удерживайте MISDEAL"
                .to_string(),
        ],
        ConsoleError::NoHand(k) => {
            let k = key(lang, k);
            [
                format!("{k} не е примено: нема рака во тек; држете NEXT HAND"),
                format!("{k} nieprzyjęte: nie trwa rozdanie; przytrzymaj NEXT HAND"),
                format!("{k} не е прието: няма ръка в ход; задръжте NEXT HAND"),
                format!("{k} не принято: раздача не идёт; удерживайте NEXT HAND"),
            ]
        }
        ConsoleError::NotNow(k) => {
            let k = key(lang, k);
            [
                format!("{k} сега нема употреба"),
                format!("{k} nie działa w tej chwili rozdania"),
                format!("{k} няма употреба в този момент"),
                format!("{k} сейчас ничего не делает"),
            ]
        }
        ConsoleError::AmountKeyed(k) => {
            let k = key(lang, k);
            [
                format!("{k} не е примено: внесен е износ; прво CLEAR (одлуки на флорот: држете CLEAR)"),
                format!("{k} nieprzyjęte: wpisano kwotę; najpierw CLEAR (decyzje kierownika: przytrzymaj CLEAR)"),
                format!("{k} не е прието: въведена е сума; първо CLEAR (решения на флора: задръжте CLEAR)"),
                format!("{k} не принято: введена сумма; сначала CLEAR (решения флора: удерживайте CLEAR)"),
            ]
        }
        ConsoleError::FloorCode => [
            "Флор: внесете го вашиот број (1 до 9999) и PIN од 4 цифри како еден број, потоа копчето на одлуката".to_string(),
            "Kierownik: wpisz swój numer (1 do 9999) i 4-cyfrowy PIN jako jedną liczbę, potem klawisz decyzji".to_string(),
            "Флор: въведете номера си (1 до 9999) и 4-цифрения PIN като едно число, после бутона на решението".to_string(),
            "Флор: введите свой номер (1–9999) и 4-значный PIN одним числом, затем кнопку решения".to_string(),
        ],
        ConsoleError::FloorKey(k) => {
            let k = key(lang, k);
            [
                format!("{k} не е одлука на флорот; CLEAR излегува од режимот на флорот"),
                format!("{k} nie jest decyzją kierownika; CLEAR wychodzi z trybu kierownika"),
                format!("{k} не е решение на флора; CLEAR излиза от режима на флора"),
                format!("{k} не решение флора; CLEAR выходит из режима флора"),
            ]
        }
        ConsoleError::NothingToBox => [
            "Нема карта за пресврт: се пресудува веднаш по делењето".to_string(),
            "Brak karty odwróconej: rozstrzyga się zaraz po rozdaniu".to_string(),
            "Няма обърната карта: решава се веднага след раздаването".to_string(),
            "Нет перевёрнутой карты: решается сразу после сдачи".to_string(),
        ],
        ConsoleError::CardCode => [
            "Внесете ја картата пред режимот на флорот: ранг 2-14, па боја 1-4 (144 = ас пик)".to_string(),
            "Wpisz kartę przed trybem kierownika: ranga 2-14, potem kolor 1-4 (144 = as pik)".to_string(),
            "Въведете картата преди режима на флора: ранг 2-14, после боя 1-4 (144 = асо пика)".to_string(),
            "Введите карту до режима флора: ранг 2-14, затем масть 1-4 (144 = туз пик)".to_string(),
        ],
        ConsoleError::ShowdownOpen(k, x) => {
            let k = key(lang, k);
            [
                format!("{k} не е примено: прво место {x} покажува (копче) или фрла (држи)"),
                format!("{k} nieprzyjęte: najpierw miejsce {x} pokazuje (klawisz) lub pasuje (przytrzymaj)"),
                format!("{k} не е прието: първо място {x} показва (бутон) или хвърля (задръжте)"),
                format!("{k} не принято: сначала место {x} открывает (кнопка) или сбрасывает (удерживайте)"),
            ]
        }
    }
}

fn pin(e: &PinRefused) -> [String; 4] {
    match *e {
        PinRefused::NoStaff => [
            "Нема флор персонал за оваа маса: одлуката не може да се потврди".to_string(),
            "Brak kierowników sali dla tego stołu: decyzji nie można potwierdzić".to_string(),
            "Няма флор персонал за тази маса: решението не може да се потвърди".to_string(),
            "Для этого стола нет флор-менеджеров: решение нельзя подтвердить".to_string(),
        ],
        PinRefused::NotRecognised { floor, tries_left } => [
            format!("Флор {floor}: бројот или PIN не се препознаени (обиди: {tries_left})"),
            format!("Kierownik {floor}: numer lub PIN nierozpoznany (próby: {tries_left})"),
            format!("Флор {floor}: номерът или PIN не са разпознати (опити: {tries_left})"),
            format!("Флор {floor}: номер или PIN не распознан (попыток: {tries_left})"),
        ],
        PinRefused::Locked { seconds } => [
            format!("Одлуките се заклучени по погрешни кодови: уште {seconds} s"),
            format!("Decyzje zablokowane po błędnych kodach: jeszcze {seconds} s"),
            format!("Решенията са заключени след грешни кодове: още {seconds} s"),
            format!("Решения заблокированы после неверных кодов: ещё {seconds} s"),
        ],
        PinRefused::LockNotSaved => [
            "Проверката на PIN не може да се зачува: одлуката не е примена; проверете ја меморијата на контролерот".to_string(),
            "Nie można zapisać sprawdzenia PIN: decyzji nie przyjęto; sprawdź pamięć sterownika".to_string(),
            "Проверката на PIN не може да се запише: решението не е прието; проверете паметта на контролера".to_string(),
            "Проверку PIN нельзя сохранить: решение не принято; проверьте память контроллера".to_string(),
        ],
    }
}

fn button(lang: Lang, e: &ButtonError) -> [String; 4] {
    match *e {
        ButtonError::HoldToConfirm(k) => {
            let k = key(lang, k);
            [
                format!("{k} не е направено: држете го {k} една секунда"),
                format!("{k} niewykonane: przytrzymaj {k} przez sekundę"),
                format!("{k} не е направено: задръжте {k} за секунда"),
                format!("{k} не выполнено: удерживайте {k} секунду"),
            ]
        }
        ButtonError::RepeatedPress(k) => {
            let k = key(lang, k);
            [
                format!("{k} притиснато двапати: второто е занемарено"),
                format!("{k} naciśnięte dwa razy: drugie zignorowano"),
                format!("{k} натиснато два пъти: второто е пренебрегнато"),
                format!("{k} нажато дважды: второе нажатие пропущено"),
            ]
        }
        ButtonError::PinRead(_)
        | ButtonError::LedWrite(_)
        | ButtonError::NoSuchSeatLed { .. }
        | ButtonError::DuplicateKey(_) => [
            "Панелот со копчиња е во дефект: проверете го кабелот, повикајте техничар".to_string(),
            "Usterka panelu przycisków: sprawdź kabel, wezwij technika".to_string(),
            "Панелът с бутони е повреден: проверете кабела, повикайте техник".to_string(),
            "Неисправна панель кнопок: проверьте кабель, позовите техника".to_string(),
        ],
    }
}

fn amount(lang: Lang, e: &AmountError) -> [String; 4] {
    match *e {
        AmountError::NoDigits => [
            "Не е внесен износ: внесете го, потоа ENTER".to_string(),
            "Nie wpisano kwoty: wpisz ją, potem ENTER".to_string(),
            "Няма въведена сума: въведете я, после ENTER".to_string(),
            "Сумма не введена: введите её, затем ENTER".to_string(),
        ],
        AmountError::TooManyDigits(max) => [
            format!("Износот има најмногу {max} цифри: CLEAR и внесете повторно"),
            format!("Kwota ma najwyżej {max} cyfr: CLEAR i wpisz ponownie"),
            format!("Сумата е до {max} цифри: CLEAR и въведете отново"),
            format!("В сумме не больше {max} цифр: CLEAR и введите заново"),
        ],
        AmountError::Overflow => [
            "Износот е преголем: CLEAR и внесете повторно".to_string(),
            "Za duża kwota: CLEAR i wpisz ponownie".to_string(),
            "Твърде голяма сума: CLEAR и въведете отново".to_string(),
            "Слишком большая сумма: CLEAR и введите заново".to_string(),
        ],
        AmountError::NotADigit(_) | AmountError::BadSeparator => [
            "Внесете го износот во цели чипови, на пр. 1500".to_string(),
            "Wpisz kwotę w całych żetonach, np. 1500".to_string(),
            "Въведете сумата в цели чипове, напр. 1500".to_string(),
            "Введите сумму в целых фишках, напр. 1500".to_string(),
        ],
        AmountError::NotAmountKey(k) => {
            let k = key(lang, k);
            [
                format!("{k} не е дел од износ: завршете со ENTER или CLEAR"),
                format!("{k} nie należy do kwoty: zakończ ENTER lub CLEAR"),
                format!("{k} не е част от сума: завършете с ENTER или CLEAR"),
                format!("{k} не часть суммы: завершите ENTER или CLEAR"),
            ]
        }
    }
}

fn deck(e: &DeckError) -> [String; 4] {
    match *e {
        DeckError::NotInDeck(c, _) => [
            format!("{} не е во шпилот на масата: тргнете ја", face(c)),
            format!("{} nie należy do talii stołu: usuń ją", face(c)),
            format!("{} не е в тестето на масата: махнете я", face(c)),
            format!("{} нет в колоде стола: уберите её", face(c)),
        ],
        DeckError::BadUidLength(_)
        | DeckError::DuplicateTag(_)
        | DeckError::CardAlreadyBound(_)
        | DeckError::DeckFull
        | DeckError::UnknownTag => [
            "Картата не е од шпилот на масата: тргнете ја, повикајте го флорот".to_string(),
            "Karta spoza talii stołu: usuń ją, wezwij kierownika sali".to_string(),
            "Картата не е от тестето на масата: махнете я, повикайте флора".to_string(),
            "Карта не из колоды стола: уберите её, позовите флор-менеджера".to_string(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::i18n::ALL;
    use crate::{ch, sn};

    /// One refusal of each family: the engine's, the panel's, the deck's.
    fn samples() -> Vec<Refusal> {
        let kd: Card = "Kd".parse().unwrap();
        vec![
            Refusal::Rule(RuleError::OutOfTurn { expected: sn(5) }),
            Refusal::Rule(RuleError::BelowMinimum { min: ch(4246) }),
            Refusal::Rule(RuleError::DuplicateCard(kd)),
            Refusal::Rule(RuleError::MisdealTooLate),
            Refusal::Rule(RuleError::DrawCount(5)),
            Refusal::Rule(RuleError::DiscardsDue {
                seat: sn(3),
                asked: 2,
                thrown: 1,
            }),
            Refusal::Rule(RuleError::MoreThanAsked {
                seat: sn(3),
                asked: 2,
            }),
            Refusal::Rule(RuleError::DrawUnderway(sn(3))),
            Refusal::Rule(RuleError::IllegalAction {
                seat: sn(2),
                action: ActionKind::Check,
            }),
            Refusal::Key(ConsoleError::NoHand(Key::Fold)),
            Refusal::Key(ConsoleError::ShowdownOpen(Key::Enter, sn(6))),
            Refusal::Key(ConsoleError::Amount(AmountError::Overflow)),
            Refusal::Key(ConsoleError::Press(ButtonError::HoldToConfirm(
                Key::Misdeal,
            ))),
            Refusal::Tag(DeckError::UnknownTag, "04a1b2c3".into()),
            Refusal::NoDeck,
            Refusal::Payout("the pot cannot be paid: no pots".into()),
        ]
    }

    #[test]
    fn english_is_the_errors_own_text() {
        for r in samples() {
            assert_eq!(refusal(Lang::En, &r), r.to_string());
        }
    }

    /// Said in each language from the kind, with its figures written the
    /// language's way; no English text passes through.
    #[test]
    fn every_language_says_why_in_its_own_words() {
        let out_of_turn = Refusal::Rule(RuleError::OutOfTurn { expected: sn(5) });
        assert_eq!(refusal(Lang::Ru, &out_of_turn), "Ход места 5");
        assert_eq!(refusal(Lang::Pl, &out_of_turn), "Kolej miejsca 5");
        let min = Refusal::Rule(RuleError::BelowMinimum { min: ch(4246) });
        assert_eq!(
            refusal(Lang::Mk, &min),
            "Минимумот е 4.246: внесете барем 4.246"
        );
        for l in ALL.into_iter().filter(|&l| l != Lang::En) {
            for r in samples() {
                let text = refusal(l, &r);
                let english = r.to_string();
                assert!(!text.is_empty() && text != english, "{l:?}: {english}");
                // Only the panel's printed key names and card faces may be Latin.
                let latin: Vec<&str> = text
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() > 1 && w.chars().any(|c| c.is_ascii_lowercase()))
                    .collect();
                let polish_ok = l == Lang::Pl;
                assert!(polish_ok || latin.is_empty(), "{l:?}: {text}");
            }
        }
        let seat_key = Refusal::Key(ConsoleError::NotNow(Key::Seat(sn(3))));
        assert!(refusal(Lang::Bg, &seat_key).starts_with("МЯСТО 3"));
    }
}
