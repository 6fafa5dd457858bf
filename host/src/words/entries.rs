//! One record of a hand's log described in a language: the timeline of a finished
//! hand on the table's floor view and on the room's hand page. Built from the
//! record's structured data (the input parsed from its log form, each event from its
//! machine form), never by translating the log's English text, so every language
//! says the same record. What the log keeps only as text stays as written: a note
//! (people's words), a refused input's reason (the log keeps its code, which is
//! shown; the dealer saw the reason in his language when it happened), a shoe
//! frame's bytes, and the panel's keys (printed on the panel).

use super::card::CardView;
use super::i18n::{Lang, Warn};
use crate::records::handlog::{parse_input, Entry, EventRecord, TimelineEntry};
use firmware::{Action, Card, Event, Input, Post, Read, Ruling};

/// What replaces a hidden record or event of a hand in progress, in the log's form
/// (the floor view's index writes it; each language says it its own way).
pub const HIDDEN: &str = "(hidden until the hand is paid)";

/// Words of the timeline, each in English, Macedonian, Polish, Bulgarian and Russian.
/// `{s}` a seat, `{a}` and `{b}` amounts, `{c}` a card, `{n}` a number, `{f}` the floor's
/// number, `{t}` a street, `{p}` a post.
type Phrase = [&'static str; 5];

const CONFIG: Phrase = [
    "configuration of table {s}",
    "поставки на масата {s}",
    "konfiguracja stołu {s}",
    "настройки на масата {s}",
    "настройки стола {s}",
];
const CORRECTION: Phrase = [
    "CORRECTION",
    "КОРЕКЦИЈА",
    "KOREKTA",
    "КОРЕКЦИЯ",
    "ИСПРАВЛЕНИЕ",
];
const REFUSED: Phrase = ["REFUSED", "ОДБИЕНО", "ODRZUCONO", "ОТКАЗАНО", "ОТКЛОНЕНО"];
const SHOE_FRAME: Phrase = [
    "shoe frame",
    "рамка од шузот",
    "ramka sabotu",
    "рамка от шуза",
    "кадр шуза",
];
const KEY: Phrase = ["key", "копче", "klawisz", "бутон", "кнопка"];
const SHORT: Phrase = ["short", "кратко", "krótko", "кратко", "коротко"];
const LONG: Phrase = ["held", "задржано", "przytrzymany", "задържан", "удержана"];
const DOUBLE: Phrase = ["twice", "двапати", "dwukrotnie", "двукратно", "дважды"];
const NOTE: Phrase = ["note", "белешка", "notatka", "бележка", "заметка"];
const PROGRAM: Phrase = ["program", "програма", "program", "програма", "программа"];
/// What stands for a record of a hand in progress the floor may not see yet.
const HIDDEN_WORDS: Phrase = [
    HIDDEN,
    "(скриено додека раката не се исплати)",
    "(ukryte do wypłaty rozdania)",
    "(скрито, докато раздаването не се изплати)",
    "(скрыто до выплаты раздачи)",
];
const ALL_IN: Phrase = ["(all-in)", "(ол-ин)", "(all-in)", "(ол-ин)", "(олл-ин)"];

/// The inputs, as the dealer gave them.
fn input(lang: Lang, i: &Input) -> String {
    let (p, a, b): (Phrase, String, String) = match *i {
        Input::SitDown { seat, stack, .. } => (
            [
                "seat {s} sits down with {a}",
                "место {s} седнува со {a}",
                "miejsce {s} siada z {a}",
                "място {s} сяда с {a}",
                "место {s} садится с {a}",
            ],
            seat.to_string(),
            lang.number(stack.get()),
        ),
        Input::TopUp { seat, amount } => (
            [
                "seat {s} adds {a}",
                "место {s} додава {a}",
                "miejsce {s} dokłada {a}",
                "място {s} добавя {a}",
                "место {s} докупает {a}",
            ],
            seat.to_string(),
            lang.number(amount.get()),
        ),
        Input::Leave { seat } => (LEAVES, seat.to_string(), String::new()),
        Input::SitOut { seat } => (SITS_OUT, seat.to_string(), String::new()),
        Input::SitIn { seat, .. } => (RETURNS, seat.to_string(), String::new()),
        Input::PlaceButton { seat } => (BUTTON, seat.to_string(), String::new()),
        Input::StartHand => (
            [
                "new hand",
                "нова рака",
                "nowe rozdanie",
                "нова раздача",
                "новая раздача",
            ],
            String::new(),
            String::new(),
        ),
        Input::Straddle { .. } => (
            ["straddle", "стредл", "straddle", "стредъл", "стрэддл"],
            String::new(),
            String::new(),
        ),
        Input::Card(Read { card, burn }) => (
            if burn {
                BURN
            } else {
                [
                    "card {c}",
                    "карта {c}",
                    "karta {c}",
                    "карта {c}",
                    "карта {c}",
                ]
            },
            face(lang, card),
            String::new(),
        ),
        Input::Act(Action::Fold) => (["FOLD"; 5], String::new(), String::new()),
        Input::Act(Action::CheckCall) => (["CHECK/CALL"; 5], String::new(), String::new()),
        Input::Act(Action::BetTo(to)) => (
            [
                "bet or raise to {a}",
                "облог или рејз до {a}",
                "zakład lub podbicie do {a}",
                "залог или рейз до {a}",
                "ставка или рейз до {a}",
            ],
            String::new(),
            lang.number(to.get()),
        ),
        Input::Act(Action::AllIn) => (["ALL IN"; 5], String::new(), String::new()),
        Input::Draw { count } => (
            [
                "draws {a}",
                "менува {a}",
                "wymienia {a}",
                "тегли {a}",
                "меняет {a}",
            ],
            String::new(),
            count.to_string(),
        ),
        Input::Discard(card) => (DISCARDS, String::new(), face(lang, Some(card))),
        Input::StandPat => (
            [
                "stands pat",
                "не менува",
                "bez wymiany",
                "не сменя",
                "без обмена",
            ],
            String::new(),
            String::new(),
        ),
        Input::Rejoin { seat } => (
            [
                "seat {s} rejoins",
                "место {s} се враќа",
                "miejsce {s} wraca",
                "място {s} се връща",
                "место {s} возвращается",
            ],
            seat.to_string(),
            String::new(),
        ),
        Input::Show { seat } => (SHOWS, seat.to_string(), String::new()),
        Input::Muck { seat } => (MUCKS, seat.to_string(), String::new()),
        Input::Award { seat, amount } => (WINS, seat.to_string(), lang.number(amount.get())),
        Input::Rake { amount } => (RAKE, String::new(), lang.number(amount.get())),
        Input::Misdeal => (["MISDEAL"; 5], String::new(), String::new()),
        Input::Undo => (["UNDO"; 5], String::new(), String::new()),
        Input::Ruling { ruling, floor } => return ruled(lang, ruling, floor),
    };
    // A card's face goes where the phrase says; a seat and an amount likewise.
    fill(lang.pick(p), &[("{s}", &a), ("{a}", &b), ("{c}", &a)])
}

const LEAVES: Phrase = [
    "seat {s} leaves",
    "место {s} заминува",
    "miejsce {s} odchodzi",
    "място {s} си тръгва",
    "место {s} уходит",
];
const SITS_OUT: Phrase = [
    "seat {s} sits out",
    "место {s} пауза",
    "miejsce {s} pauzuje",
    "място {s} в пауза",
    "место {s} пропускает",
];
const RETURNS: Phrase = [
    "seat {s} returns",
    "место {s} се враќа во игра",
    "miejsce {s} wraca do gry",
    "място {s} се връща в играта",
    "место {s} возвращается в игру",
];
const BUTTON: Phrase = [
    "button on seat {s}",
    "дилер на место {s}",
    "dealer na miejscu {s}",
    "дилър на място {s}",
    "дилер на месте {s}",
];
const BURN: Phrase = [
    "burn {c}",
    "изгорена {c}",
    "spalona {c}",
    "изгорена {c}",
    "сжигается {c}",
];
const DISCARDS: Phrase = [
    "discards {a}",
    "фрла {a}",
    "odrzuca {a}",
    "сменя {a}",
    "сбрасывает {a}",
];
const SHOWS: Phrase = [
    "seat {s} shows",
    "место {s} покажува",
    "miejsce {s} pokazuje",
    "място {s} показва",
    "место {s} показывает",
];
const MUCKS: Phrase = [
    "seat {s} mucks",
    "место {s} фрла карти",
    "miejsce {s} odrzuca karty",
    "място {s} хвърля картите",
    "место {s} сбрасывает карты",
];
const WINS: Phrase = [
    "seat {s} wins {a}",
    "место {s} добива {a}",
    "miejsce {s} wygrywa {a}",
    "място {s} печели {a}",
    "место {s} выигрывает {a}",
];
const RAKE: Phrase = ["rake {a}", "рејк {a}", "rake {a}", "рейк {a}", "рейк {a}"];

/// A card's face in `lang` ("??": not read).
fn face(lang: Lang, card: Option<Card>) -> String {
    card.map_or_else(
        || "??".to_string(),
        |c| {
            let v = CardView::new(c, lang, false);
            format!("{}{}", v.rank, v.symbol)
        },
    )
}

fn fill(template: &str, args: &[(&str, &str)]) -> String {
    args.iter()
        .fold(template.to_string(), |t, (k, v)| t.replace(k, v))
}

/// A floor ruling, as the event that carries it says it.
fn ruled(lang: Lang, ruling: Ruling, floor: u16) -> String {
    let (p, s, c): (Phrase, String, String) = match ruling {
        Ruling::VoidHand => (
            [
                "floor {f} rules the hand void: every bet returned, dealt again",
                "шефот {f} ја поништува раката: сите облози се враќаат, се дели повторно",
                "kierownik {f} unieważnia rozdanie: zakłady wracają, rozdanie od nowa",
                "шефът {f} анулира раздаването: залозите се връщат, раздава се отново",
                "пит-босс {f} аннулирует раздачу: ставки возвращаются, раздача заново",
            ],
            String::new(),
            String::new(),
        ),
        Ruling::StraddleAnnounced => (
            [
                "floor {f} rules the straddle announced: it keeps its option",
                "шефот {f} го признава најавениот стредл: ја задржува опцијата",
                "kierownik {f} uznaje zapowiedziany straddle: zachowuje opcję",
                "шефът {f} признава обявения стредъл: запазва опцията си",
                "пит-босс {f} признаёт объявленный стрэддл: опция сохраняется",
            ],
            String::new(),
            String::new(),
        ),
        Ruling::Premature { card, .. } => (
            [
                "floor {f} rules {c} premature: the next street comes without a burn",
                "шефот {f} ја прогласува {c} за предвремена: следната улица без горење",
                "kierownik {f} uznaje {c} za przedwczesną: następna ulica bez spalenia",
                "шефът {f} обявява {c} за преждевременна: следващата улица без изгаряне",
                "пит-босс {f} признаёт {c} преждевременной: следующая улица без сжигания",
            ],
            String::new(),
            face(lang, card),
        ),
        Ruling::Exposed { seat, card } => (
            [
                "floor {f} rules seat {s}'s {c} exposed: the first burn",
                "шефот {f} ја прогласува {c} на место {s} за отворена: прва изгорена",
                "kierownik {f} uznaje {c} miejsca {s} za odkrytą: pierwsza spalona",
                "шефът {f} обявява {c} на място {s} за открита: първа изгорена",
                "пит-босс {f} признаёт {c} места {s} открытой: первая сожжённая",
            ],
            seat.to_string(),
            face(lang, card),
        ),
        Ruling::Boxed { card } => (
            [
                "floor {f} rules {c} boxed: it is dead",
                "шефот {f} ја прогласува {c} за превртена: мртва е",
                "kierownik {f} uznaje {c} za odwróconą: martwa",
                "шефът {f} обявява {c} за обърната: мъртва е",
                "пит-босс {f} признаёт {c} перевёрнутой: она мертва",
            ],
            String::new(),
            face(lang, Some(card)),
        ),
        Ruling::Manual { card } => (
            [
                "floor {f} enters {c} by hand: its tag does not read",
                "шефот {f} ја внесува {c} рачно: ознаката не се чита",
                "kierownik {f} wprowadza {c} ręcznie: znacznik nieczytelny",
                "шефът {f} въвежда {c} ръчно: етикетът не се чете",
                "пит-босс {f} вводит {c} вручную: метка не читается",
            ],
            String::new(),
            face(lang, Some(card)),
        ),
        Ruling::DeadHand { seat } => (
            [
                "floor {f} rules seat {s}'s hand dead: no openers",
                "шефот {f} ја прогласува раката на место {s} за мртва: нема отворање",
                "kierownik {f} uznaje rękę miejsca {s} za martwą: brak otwarcia",
                "шефът {f} обявява ръката на място {s} за мъртва: няма отваряне",
                "пит-босс {f} признаёт руку места {s} мёртвой: нет открытия",
            ],
            seat.to_string(),
            String::new(),
        ),
        Ruling::AwardOverride { seat } => (
            [
                "floor {f} rules seat {s} may be paid against the hands shown",
                "шефот {f} дозволува место {s} да биде исплатено спротивно на покажаните раце",
                "kierownik {f} zezwala wypłacić miejsce {s} wbrew pokazanym rękom",
                "шефът {f} разрешава място {s} да бъде изплатено въпреки показаните ръце",
                "пит-босс {f} разрешает выплату месту {s} вопреки открытым рукам",
            ],
            seat.to_string(),
            String::new(),
        ),
    };
    let f = floor.to_string();
    fill(lang.pick(p), &[("{f}", &f), ("{s}", &s), ("{c}", &c)])
}

/// A post's name.
fn post(lang: Lang, p: Post) -> &'static str {
    lang.pick(match p {
        Post::Ante => ["ante", "анте", "ante", "анте", "анте"],
        Post::SmallBlind => [
            "small blind",
            "мал блајнд",
            "mała ciemna",
            "малък блайнд",
            "малый блайнд",
        ],
        Post::BigBlind => [
            "big blind",
            "голем блајнд",
            "duża ciemna",
            "голям блайнд",
            "большой блайнд",
        ],
        Post::Straddle => ["straddle", "стредл", "straddle", "стредъл", "стрэддл"],
        Post::EnterBigBlind => [
            "live big blind",
            "жив голем блајнд",
            "żywa duża ciemna",
            "жив голям блайнд",
            "живой большой блайнд",
        ],
        Post::DeadSmallBlind => [
            "dead small blind",
            "мртов мал блајнд",
            "martwa mała ciemna",
            "мъртъв малък блайнд",
            "мёртвый малый блайнд",
        ],
    })
}

/// One event of the engine's, in `lang`.
pub fn event(lang: Lang, e: &Event) -> String {
    let all = |a: bool| {
        if a {
            format!(" {}", lang.pick(ALL_IN))
        } else {
            String::new()
        }
    };
    let n = |c: firmware::Chips| lang.number(c.get());
    let say = |p: Phrase, s: &str, a: &str| fill(lang.pick(p), &[("{s}", s), ("{a}", a)]);
    match *e {
        Event::Seated { seat, stack } => say(
            [
                "seat {s} sits down with {a}",
                "место {s} седнува со {a}",
                "miejsce {s} siada z {a}",
                "място {s} сяда с {a}",
                "место {s} садится с {a}",
            ],
            &seat.to_string(),
            &n(stack),
        ),
        Event::ToppedUp {
            seat,
            amount,
            stack,
        } => format!(
            "{} ({})",
            say(
                [
                    "seat {s} adds {a}",
                    "место {s} додава {a}",
                    "miejsce {s} dokłada {a}",
                    "място {s} добавя {a}",
                    "место {s} докупает {a}",
                ],
                &seat.to_string(),
                &n(amount)
            ),
            n(stack)
        ),
        Event::Left { seat, stack } => {
            format!("{} ({})", say(LEAVES, &seat.to_string(), ""), n(stack))
        }
        Event::SatOut { seat } => say(SITS_OUT, &seat.to_string(), ""),
        Event::SatIn { seat } => say(RETURNS, &seat.to_string(), ""),
        Event::ButtonPlaced { seat } => say(BUTTON, &seat.to_string(), ""),
        Event::HandStarted {
            number,
            button,
            dealt,
            ..
        } => fill(
            lang.pick([
                "hand {n}: button on seat {s}, {a} players",
                "рака {n}: дилер на место {s}, {a} играчи",
                "rozdanie {n}: dealer na miejscu {s}, graczy: {a}",
                "раздаване {n}: дилър на място {s}, {a} играчи",
                "раздача {n}: дилер на месте {s}, игроков: {a}",
            ]),
            &[
                ("{n}", &number.to_string()),
                ("{s}", &button.to_string()),
                ("{a}", &dealt.count_ones().to_string()),
            ],
        ),
        Event::Posted {
            seat,
            post: p,
            amount,
            all_in,
        } => format!(
            "{}{}",
            fill(
                lang.pick([
                    "seat {s} posts {p} {a}",
                    "место {s} става {p} {a}",
                    "miejsce {s} wpłaca {p} {a}",
                    "място {s} поставя {p} {a}",
                    "место {s} ставит {p} {a}",
                ]),
                &[
                    ("{s}", &seat.to_string()),
                    ("{p}", post(lang, p)),
                    ("{a}", &n(amount))
                ],
            ),
            all(all_in)
        ),
        Event::MissedBlind { seat, big } => fill(
            lang.pick([
                "seat {s} misses the {p} and owes it",
                "место {s} го пропушта {p} и го должи",
                "miejsce {s}: opuszczona {p}, do dopłaty",
                "място {s} пропуска {p} и го дължи",
                "место {s} пропускает {p} и должно его",
            ]),
            &[
                ("{s}", &seat.to_string()),
                (
                    "{p}",
                    post(
                        lang,
                        if big {
                            Post::BigBlind
                        } else {
                            Post::SmallBlind
                        },
                    ),
                ),
            ],
        ),
        Event::StraddleConfirmed { seat } => say(
            [
                "seat {s}'s straddle confirmed",
                "стредлот на место {s} потврден",
                "straddle miejsca {s} potwierdzony",
                "стредълът на място {s} потвърден",
                "стрэддл места {s} подтверждён",
            ],
            &seat.to_string(),
            "",
        ),
        Event::HoleCard { seat, card } => say(
            [
                "seat {s} gets {a}",
                "место {s} добива {a}",
                "miejsce {s} dostaje {a}",
                "място {s} получава {a}",
                "место {s} получает {a}",
            ],
            &seat.to_string(),
            &face(lang, card),
        ),
        Event::Burned { card } => fill(lang.pick(BURN), &[("{c}", &face(lang, card))]),
        Event::BoardCard { street, card } => {
            format!("{}: {}", lang.street(street), face(lang, card))
        }
        Event::BettingOpened { street, first } => fill(
            lang.pick([
                "betting {t}: seat {s} first",
                "облози {t}: прво место {s}",
                "licytacja {t}: pierwsze miejsce {s}",
                "залози {t}: първо място {s}",
                "торговля {t}: первым место {s}",
            ]),
            &[("{t}", lang.street(street)), ("{s}", &first.to_string())],
        ),
        Event::Folded { seat } => say(
            [
                "seat {s} folds",
                "место {s} се откажува",
                "miejsce {s} pasuje",
                "място {s} се отказва",
                "место {s} сбрасывает",
            ],
            &seat.to_string(),
            "",
        ),
        Event::Checked { seat } => say(
            [
                "seat {s} checks",
                "место {s} чека",
                "miejsce {s} czeka",
                "място {s} чекира",
                "место {s} чекает",
            ],
            &seat.to_string(),
            "",
        ),
        Event::Called {
            seat,
            amount,
            all_in,
        } => format!(
            "{}{}",
            say(
                [
                    "seat {s} calls {a}",
                    "место {s} плаќа {a}",
                    "miejsce {s} sprawdza {a}",
                    "място {s} плаща {a}",
                    "место {s} коллирует {a}",
                ],
                &seat.to_string(),
                &n(amount)
            ),
            all(all_in)
        ),
        Event::Bet { seat, to, all_in } => format!(
            "{}{}",
            say(
                [
                    "seat {s} bets {a}",
                    "место {s} влогува {a}",
                    "miejsce {s} stawia {a}",
                    "място {s} залага {a}",
                    "место {s} ставит {a}",
                ],
                &seat.to_string(),
                &n(to)
            ),
            all(all_in)
        ),
        Event::Raised { seat, to, all_in } => format!(
            "{}{}",
            say(
                [
                    "seat {s} raises to {a}",
                    "место {s} креве на {a}",
                    "miejsce {s} podbija do {a}",
                    "място {s} вдига на {a}",
                    "место {s} повышает до {a}",
                ],
                &seat.to_string(),
                &n(to)
            ),
            all(all_in)
        ),
        Event::Warning(w) => format!("⚠ {}", lang.warning(&Warn::Engine(w))),
        Event::Returned { seat, amount } => say(
            [
                "{a} uncalled returned to seat {s}",
                "{a} неплатени враќени на место {s}",
                "{a} niesprawdzone zwrócone miejscu {s}",
                "{a} неплатени върнати на място {s}",
                "{a} без колла возвращены месту {s}",
            ],
            &seat.to_string(),
            &n(amount),
        ),
        Event::RoundComplete { street } => fill(
            lang.pick([
                "{t}: betting complete",
                "{t}: облозите завршија",
                "{t}: licytacja zakończona",
                "{t}: залозите приключиха",
                "{t}: торговля завершена",
            ]),
            &[("{t}", lang.street(street))],
        ),
        Event::Discarded { seat, card } => format!(
            "{} {}: {}",
            lang.word(super::i18n::Word::Seat),
            seat,
            fill(lang.pick(DISCARDS), &[("{a}", &face(lang, Some(card)))])
        ),
        Event::DrawAsked { seat, count } => say(
            [
                "seat {s} draws {a}",
                "место {s} менува {a}",
                "miejsce {s} wymienia {a}",
                "място {s} тегли {a}",
                "место {s} меняет {a}",
            ],
            &seat.to_string(),
            &count.to_string(),
        ),
        Event::StoodPat { seat } => say(
            [
                "seat {s} stands pat",
                "место {s} не менува",
                "miejsce {s} bez wymiany",
                "място {s} не сменя",
                "место {s} без обмена",
            ],
            &seat.to_string(),
            "",
        ),
        Event::Rejoined { seat, amount } => say(
            [
                "seat {s} rejoins the redeal, matching with {a}",
                "место {s} се враќа во новото делење, доплаќа {a}",
                "miejsce {s} wraca do nowego rozdania, dopłaca {a}",
                "място {s} се връща в новото раздаване, доплаща {a}",
                "место {s} возвращается в пересдачу, доплачивает {a}",
            ],
            &seat.to_string(),
            &n(amount),
        ),
        Event::Redeal { button } => say(
            [
                "everyone checked: redeal, the pot stays; seat {s} deals",
                "сите чекираа: ново делење, потот останува; дели место {s}",
                "wszyscy czekali: nowe rozdanie, pula zostaje; rozdaje miejsce {s}",
                "всички чекираха: ново раздаване, потът остава; раздава място {s}",
                "все чекнули: пересдача, банк остаётся; раздаёт место {s}",
            ],
            &button.to_string(),
            "",
        ),
        Event::HandOver { pot, contested } => say(
            if contested {
                [
                    "showdown for {a}",
                    "отворање за {a}",
                    "showdown o {a}",
                    "шоудаун за {a}",
                    "вскрытие за {a}",
                ]
            } else {
                [
                    "one hand left: {a} to award",
                    "остана една рака: {a} за доделување",
                    "została jedna ręka: {a} do przyznania",
                    "остана една ръка: {a} за присъждане",
                    "осталась одна рука: {a} к выплате",
                ]
            },
            "",
            &n(pot),
        ),
        Event::ShowdownOpened { first } => say(
            [
                "showdown: seat {s} shows or mucks first",
                "отворање: прво место {s} покажува или фрла",
                "showdown: pierwsze miejsce {s} pokazuje lub odrzuca",
                "шоудаун: първо място {s} показва или хвърля",
                "вскрытие: первым место {s} показывает или сбрасывает",
            ],
            &first.to_string(),
            "",
        ),
        Event::Shown { seat } => say(SHOWS, &seat.to_string(), ""),
        Event::Mucked { seat } => say(MUCKS, &seat.to_string(), ""),
        Event::Awarded { seat, amount } => say(WINS, &seat.to_string(), &n(amount)),
        Event::Raked { amount } => say(RAKE, "", &n(amount)),
        Event::HandComplete { number } => fill(
            lang.pick([
                "hand {n} complete",
                "раката {n} заврши",
                "rozdanie {n} zakończone",
                "раздаването {n} приключи",
                "раздача {n} завершена",
            ]),
            &[("{n}", &number.to_string())],
        ),
        Event::Misdealt { number } => fill(
            lang.pick([
                "MISDEAL: hand {n} is dealt again",
                "ПОГРЕШНО ДЕЛЕЊЕ: раката {n} се дели повторно",
                "BŁĘDNE ROZDANIE: rozdanie {n} od nowa",
                "ГРЕШНО РАЗДАВАНЕ: раздаването {n} отначало",
                "НЕВЕРНАЯ РАЗДАЧА: раздача {n} заново",
            ]),
            &[("{n}", &number.to_string())],
        ),
        Event::Ruled { ruling, floor } => ruled(lang, ruling, floor),
        Event::Undone => format!(
            "{}: {}",
            lang.pick(CORRECTION),
            lang.pick([
                "last input undone",
                "последниот внес поништен",
                "ostatnie wejście cofnięte",
                "последното въвеждане отменено",
                "последний ввод отменён",
            ])
        ),
    }
}

/// An event as the log keeps it: from its machine form (its text only if that form
/// no longer reads as an event, which the log's verify reports).
fn event_record(lang: Lang, e: &EventRecord) -> String {
    let said = e.event.map_or_else(|| e.text.clone(), |e| event(lang, &e));
    unread_is_hidden(lang, &e.text, said)
}

/// A card hidden while the hand is in progress (`HIDDEN` in the log's form) is said
/// to be hidden, not unread.
fn unread_is_hidden(lang: Lang, logged: &str, said: String) -> String {
    if logged.contains(HIDDEN) {
        said.replace("??", lang.pick(HIDDEN_WORDS))
    } else {
        said
    }
}

/// An input as the log keeps it (its log form, parsed; as written if it does not
/// parse). A card hidden while the hand is in progress is an unread card here.
fn input_text(lang: Lang, text: &str) -> String {
    let unread = text.replace(HIDDEN, "??");
    let said = parse_input(&unread).map_or(unread, |i| input(lang, &i));
    unread_is_hidden(lang, text, said)
}

/// Whether the floor looks twice at this record: a correction or a refusal.
pub fn flagged(e: &TimelineEntry) -> bool {
    matches!(
        e.entry,
        Entry::Input {
            correction: true,
            ..
        } | Entry::Refused { .. }
    )
}

/// One record of a hand's timeline in `lang`: its number, its time as `lang` writes
/// it, what it is, and (for an input) each of its events on a line of its own.
pub fn describe(lang: Lang, e: &TimelineEntry) -> String {
    let what = match &e.entry {
        Entry::Config { table_id, .. } => fill(lang.pick(CONFIG), &[("{s}", table_id)]),
        Entry::Input {
            input,
            events,
            correction,
        } => {
            let mut out = input_text(lang, input);
            if *correction {
                out = format!("{} {out}", lang.pick(CORRECTION));
            }
            for ev in events {
                out.push_str("\n    ");
                out.push_str(&event_record(lang, ev));
            }
            out
        }
        // The reason in the page's language where the record keeps the error as
        // data; older records keep only its name.
        Entry::Refused {
            input,
            rule: Some(rule),
            ..
        } => format!(
            "{} {}: {}",
            lang.pick(REFUSED),
            input_text(lang, input),
            super::reasons::refusal(lang, &crate::session::table::Refusal::Rule(*rule))
        ),
        Entry::Refused { input, code, .. } => {
            format!(
                "{} {} ({code})",
                lang.pick(REFUSED),
                input_text(lang, input)
            )
        }
        Entry::ShoeFrame { hex } => format!("{} {hex}", lang.pick(SHOE_FRAME)),
        Entry::KeyPress { key, press } => {
            let how = if press.contains("long") {
                LONG
            } else if press.contains("double") {
                DOUBLE
            } else {
                SHORT
            };
            format!("{} {key} {}", lang.pick(KEY), lang.pick(how))
        }
        Entry::Note { text } => format!("{}: {text}", lang.pick(NOTE)),
        Entry::Program {
            version, binary, ..
        } => format!("{} {version} {}", lang.pick(PROGRAM), binary.short()),
    };
    let line = format!("{:>5}  {}  {what}", e.seq.0, lang.time(e.at_ms));
    line.replace(HIDDEN, lang.pick(HIDDEN_WORDS))
}

#[cfg(test)]
mod tests;
