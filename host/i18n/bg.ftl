### The table's words in Bulgarian: every message of en.ftl, translated.
### Keep each id and each `{ $name }` as en.ftl has them; docs/translating.md.

## The display's labels, the floor view's and the pages' headings.

seat = Място
hand = Ръка
to-act = На ход
to-call = За плащане
check = Чек
min-bet = Мин. залог
min-raise-to = Мин. вдигане до
pot-limit-max = Макс. пот лимит
fixed-to = Залог или вдигане до
no-raise = Без вдигане: плати или откажи се
main-pot = Основен пот
side-pot = Страничен пот
seats = Места
wins = печели
burned = Изгорени
rake = Рейк
folded = Пас
all-in = Ол-ин
win = Победа
tie = Равенство
main-short = Основен
side-short = Страничен
high-half = висока
low-half = ниска
both-halves = двете половини
blinds = Блайндове
ante = Анте
big-blind-ante = Анте на големия блайнд
bets = Залози
last-hands = Последни ръце
missed-sb = Пропуснат МБ
missed-bb = Пропуснат ГБ
button-mark = Д
small-blind-mark = МБ
big-blind-mark = ГБ
straddle-mark = СТР
new-player = Нов играч
sitting-out = Пауза
dealing = Раздаване
showdown = Шоудаун
between-hands = Между ръцете
stack = Чипове
bet = Залог
low = Ниска
board = Борд
draws = Сменя
stands-pat = Не сменя
to-draw = Сменя
before-draw = Преди смяната
after-draw = След смяната
redeal = Всички казаха чек: картите се раздават отново, потът остава
next-hand = Натисни NEXT HAND
deal-to = Раздай на
burn-card = Изгори карта
deal-board = Раздай на борда
pay-pots = Натисни ENTER за изплащане на потовете
show-or-muck = покажи или хвърли
keyed = Въведено
floor-mode = ФЛОР
refused = Отказано
last-inputs = Последни въвеждания
undo-hint = UNDO отменя последното
shoe = Шуз
panel = Панел
last-key = последен бутон
no-key-yet = още няма натиснат бутон
key-stuck = заседнал бутон
release-key = пуснете го или проверете панела
floor-store = Централна база
connected = свързано
not-connected = НЯМА ВРЪЗКА
deals-on = масата продължава
all-sent = всички записи са изпратени
not-yet-sent = неизпратени
store-refused = БАЗАТА ОТКАЗА ЗАПИСА: повикайте флора
store-unreachable = базата е недостъпна
login-refused = грешна парола: повикайте флора
id-not-given = номерът не е даден на тази маса: повикайте флора
certificate-refused = сертификатът на базата е отказан: повикайте флора
store-version = версията на базата е друга: повикайте флора
working = работи
read-again = рамка прочетена отново
silent = НЕ ОТГОВАРЯ
total-pot = Общо
call = Плати
raise = Вдига
post = Блайнд
early = Ранна
middle = Средна
late = Късна
stale = НЕ Е НА ЖИВО: няма връзка с контролера
lost = ЕКРАНЪТ Е БЕЗ ВРЪЗКА: масата не се показва на живо
undone = ОТМЕНЕНО: последното въвеждане е върнато
floor-view = Преглед за флора
table = Маса
recent-hands = последни ръце
floor-note = Най-новите първи. Само за четене. Ръка в ход показва само каквото показва масата.
signed-head = Подписан край на записа (пазете го за закотвяне на записа)
started = Начало
pot = Пот
state = Състояние
flags = Бележки
paid = изплатена
in-progress = в ход
all-hands = Всички ръце
corrections = корекции
misdeals = грешни раздавания
over-pot = над пота
bad-tags = непознати етикети
refusals = откази
no-such-hand = Няма такава ръка тук
older-hand = По-стара от пазените тук ръце: прочетете я с tablectl audit show
not-a-number = Номерът на ръката е цяло число
misdeal = ГРЕШНО РАЗДАВАНЕ: ръката се раздава отново

## Betting structures and games: the game's name on the limits line, "Pot-limit Omaha".

structure-no-limit = Без лимит
structure-pot-limit = Пот лимит
structure-fixed-limit = Фиксиран лимит
game-holdem = Холдем
game-omaha = Омаха
game-omaha-hi-lo = Омаха Хай/Лоу 8
game-five-card-draw = Дроу с пет карти
game-with-structure = { $structure } { $game }

## Streets.

street-preflop = Префлоп
street-flop = Флоп
street-turn = Търн
street-river = Ривър
street-draw = Смяна

## Card names, read aloud by a screen reader and shown on hover (the faces, A K Q J 10 and the suits' symbols, are printed the same in every language).

rank-two = двойка
rank-three = тройка
rank-four = четворка
rank-five = петица
rank-six = шестица
rank-seven = седмица
rank-eight = осмица
rank-nine = деветка
rank-ten = десетка
rank-jack = вале
rank-queen = дама
rank-king = поп
rank-ace = асо
suit-spades = пика
suit-hearts = купа
suit-diamonds = каро
suit-clubs = спатия
card-name = { $rank } { $suit }

## Hand names at the showdown (R-RANK-1..3): "Pair of aces", "Full house, kings over
## tens". { $first } is the rank that decides first (the pair's, the three's, the
## top card's), { $second } the one that decides next (two pair's lower pair, the
## full house's pair), each a rank's id: two, three ... king, ace.
## RANK($first, form: "of-many") writes the rank in the form the words around it
## need, from the hand-rank-* messages below: "one" (a high card: "ace"), "up-to"
## (a straight's or flush's top card: "up to the ace"), "many" (two pair's ranks,
## the full house's three: "aces"), "of-many" (a pair, trips, quads: "of aces"),
## "on-many" (the full house's pair: "on aces"). A language with cases (Russian,
## Polish) gives each form its own words; one without says a form as another does
## ({ hand-rank-one }). Two different hands never share a name (a test checks).

hand-royal-flush = Роял флъш
hand-straight-flush = Кента флъш до { RANK($first, form: "up-to") }
hand-four-of-a-kind = Каре { RANK($first, form: "of-many") }
hand-full-house = Фул хаус, { RANK($first, form: "many") } над { RANK($second, form: "on-many") }
hand-flush = Флъш до { RANK($first, form: "up-to") }
hand-straight = Кента до { RANK($first, form: "up-to") }
hand-three-of-a-kind = Тройка { RANK($first, form: "of-many") }
hand-two-pair = Два чифта, { RANK($first, form: "many") } и { RANK($second, form: "many") }
hand-one-pair = Чифт { RANK($first, form: "of-many") }
hand-high-card = Висока карта, { RANK($first, form: "one") }

hand-rank-one = { $rank ->
    [two] двойка
    [three] тройка
    [four] четворка
    [five] петица
    [six] шестица
    [seven] седмица
    [eight] осмица
    [nine] деветка
    [ten] десетка
    [jack] вале
    [queen] дама
    [king] поп
   *[ace] асо
}
hand-rank-up-to = { hand-rank-one }
hand-rank-many = { $rank ->
    [two] двойки
    [three] тройки
    [four] четворки
    [five] петици
    [six] шестици
    [seven] седмици
    [eight] осмици
    [nine] деветки
    [ten] десетки
    [jack] валета
    [queen] дами
    [king] попове
   *[ace] аса
}
hand-rank-of-many = { hand-rank-many }
hand-rank-on-many = { hand-rank-many }

## The banner's warnings.

warn-card-refused = Картата е отхвърлена
warn-shoe-fault = Повредено четене от шуза: картата е прочетена отново
warn-shoe-lost = ВРЪЗКАТА СЪС ШУЗА Е ИЗГУБЕНА: проверете шуза и кабела

## The engine's warnings.

warning-over-pot = Място { $seat }: { $asked } е над пота, намалено на { $max }, върнати { $returned } (R-PL-5)
warning-under-minimum = Място { $seat } въведе { $asked }, под минималното вдигане: коригирано на { $to }
warning-fixed-size = Място { $seat } въведе { $asked }: размерът във фиксиран лимит е { $to }
warning-straddle-unconfirmed = Страдъл на място { $seat } не е потвърден преди раздаването: остава без опция (R-STRAD-4)
warning-folded-with-check = Място { $seat } се отказа, когато можеше чек: отказът остава
warning-openers-unchecked = Място { $seat } отвори с непрочетена карта: трябва да покаже отварящите, иначе флорът обявява ръката за мъртва (PD-DRAW)

## Why an input was refused, from its kind: the engine's rules, the panel's keys and
## amounts, the floor's PIN and the deck's tags. The panel's keys keep their printed
## names; `{ $key }` is one of them, `{ $card }` a card's face (K♦).

reason-no-deck = На тази маса няма регистрирано тесте
reason-clock-no-tournament = Още няма турнир, който да настанява играчи на тази маса: няма раздаване, докато не се получи часовникът от залата
reason-clock-not-started = Часовникът на турнира още не е пуснат: засега няма раздаване
reason-clock-break = Почивка: няма раздаване, докато часовникът не тръгне отново
reason-clock-paused = Часовникът на турнира е спрян: няма раздаване, докато директорът не го пусне
reason-clock-hand-for-hand = Ръка за ръка: изчакайте всички маси да изиграят този рунд
reason-clock-closed = Турнирът на тази маса приключи или масата е разформирована: няма повече раздавания
reason-award = Място { $seat } не може да бъде изплатено: показаните ръце казват друго; платете според картите или повикайте флора
reason-payout = Потът не може да се изплати: повикайте флора
reason-no-such-seat = На тази маса няма място { $seat }
reason-seat-taken = Място { $seat } е заето: изберете свободно
reason-seat-empty = Никой не седи на място { $seat }
reason-hand-in-progress = Ръката е в ход: смените на места и чипове чакат края ѝ
reason-player-in-hand = Място { $seat } е в ръката: напускането се записва след нея
reason-zero-amount = Въведете сума над нула
reason-button-already-placed = Бутонът се мести сам след първата ръка
reason-not-enough-players = Нужни са поне двама играчи с чипове
reason-no-hand = Няма ръка в ход: натиснете NEXT HAND
reason-straddle-not-allowed = Без страдъл: изключен е или играчите са под трима
reason-straddle-too-late = Страдълът се поставя преди първата карта
reason-straddle-already-posted = Само един страдъл на ръка
reason-straddle-short = Място { $seat } няма за страдъл (двоен голям блайнд)
reason-betting-not-complete = Залаганията не са приключили (на ход е място { $seat }): оставете картата, повикайте флора
reason-no-card-expected = Сега не се чака карта: оставете я, повикайте флора
reason-duplicate-card = { $card } вече се появи: сканирайте отново или повикайте флора
reason-not-in-deck = { $card } не е от тестето на масата: махнете я, повикайте флора
reason-missing-burn = Първо изгорете карта, после раздайте на борда
reason-unexpected-burn = Сега не се гори: картата е за играч или за борда
reason-not-drawing = Този играч сега не сменя
reason-bad-discard = { $card } не може да се хвърли: не е в ръката или смяната е готова
reason-no-openers = Място { $seat } не може да отвори: нужен е чифт попове или по-добро
reason-replacements-due = Първо раздайте заместващите карти на място { $seat }
reason-draw-count = Сменят се от 1 до 4 карти, не { $count }: въведете броя, после { $key }
reason-discards-due = Място { $seat } сменя { $asked }, хвърлени { $thrown }: първо другите хвърлени през процепа за изгорени
reason-more-than-asked = Място { $seat } поиска { $asked }: толкова хвърлени са прочетени; ако сменя повече, въведете броя отново
reason-draw-underway = Замените за място { $seat } започнаха: раздайте останалите или първо UNDO
reason-not-betting = Няма отворен рунд залагания
reason-illegal-action-check = Място { $seat } не може чек: има залог за плащане
reason-illegal-action-call = Място { $seat } няма какво да плати
reason-illegal-action-fold = Място { $seat } не може да се откаже сега
reason-illegal-action-bet-or-raise = Място { $seat } не може да залага или вдига сега
reason-illegal-action-all-in = Място { $seat } не може ол-ин сега
reason-raise-not-allowed = Място { $seat } може само да плати или да се откаже
reason-below-minimum = Минимумът е { $min }: въведете поне { $min }
reason-above-maximum = Максимумът е { $max }: въведете най-много { $max }
reason-above-stack = Играчът няма толкова чипове: ол-ин е { $all_in_to }
reason-out-of-turn = На ход е място { $seat }
reason-not-settling = Потът се изплаща чак след края на ръката
reason-no-showdown = Сега няма шоудаун: ръцете се показват след последния рунд
reason-no-hand-to-show = Място { $seat } няма ръка за показване
reason-already-shown = Ръката на място { $seat } е показана: не може да се хвърли
reason-not-your-turn-to-muck = Място { $seat } хвърля по ред: първо място { $next }
reason-last-hand-in = Място { $seat } е последната ръка: печели без показване
reason-last-hand-for-pot = Място { $seat } е последната ръка за страничен пот: покажете я
reason-not-premature = Преждевременна карта се решава преди флоп, търн или ривър, веднъж на ръка
reason-premature-card-unnamed = Посочете преждевременната търн карта: стои настрана до ривъра
reason-no-floor-number = Решението иска номер на флора: въведете го (1 до 9999)
reason-void-too-late = Потът се изплаща: ръката вече не може да се анулира
reason-no-unconfirmed-straddle = Няма непотвърден страдъл в първия рунд
reason-showdown-open = Място { $seat } показва или хвърля преди изплащането
reason-not-eligible = Място { $seat } не може да спечели този пот
reason-award-too-large = Остават само { $left } за изплащане
reason-nothing-to-undo = Няма какво да се отмени в тази ръка
reason-misdeal-too-late = Твърде късно за грешно раздаване: имаше съществено действие; повикайте флора
reason-hand-log-full = Записът на ръката е пълен: повикайте флора
reason-chip-overflow = Твърде много чипове: проверете сумата
reason-exposed-after-deal = Раздаването свърши: откритата карта играе
reason-exposed-first-cards = Откритата карта значи грешно раздаване: задръжте MISDEAL
reason-no-card-to-expose = Място { $seat } още няма карта
reason-not-seats-last-card = { $card } не е последната карта на място { $seat }
reason-exposed-is-the-burn = Откритата { $card } е изгорената: прекарайте я през процепа за горене
reason-not-boxable = { $card } не е току-що раздадената карта
reason-boxed-stands = { $card } остава мъртва по решението: раздайте следващата на нейно място
reason-not-the-opener = Място { $seat } не е отворило: само ръката на отварящия е мъртва без отварящи карти, при показването
reason-cannot-rejoin = Място { $seat } не може да се върне: само играч, излязъл от предишното раздаване, преди първата карта
reason-cannot-match = Място { $seat } не може да се върне: изравняването е { $amount }, повече от чиповете му
reason-config = Настройките на масата са грешни: повикайте техник
reason-key-nobody-to-act = { $key } не е прието: никой не е на ход; раздайте чаканите карти
reason-key-no-amount = Първо въведете сумата (целия залог), после BET/RAISE
reason-key-seat-key-in-hand = Бутонът на място { $seat } не е приет: работи между ръцете и на шоудауна
reason-key-no-buy-in = Място { $seat } е празно: въведете бай-ин, после бутона на мястото
reason-key-empty-seat = Място { $seat } е празно: няма кой да напусне
reason-key-hand-in-progress = NEXT HAND не е прието: ръката не е свършила; довършете я или задръжте MISDEAL
reason-key-no-hand = { $key } не е прието: няма ръка в ход; задръжте NEXT HAND
reason-key-not-now = { $key } няма употреба в този момент
reason-key-amount-keyed = { $key } не е прието: въведена е сума; първо CLEAR (решения на флора: задръжте CLEAR)
reason-key-floor-code = Флор: въведете номера си (1 до 9999) и 4-цифрения PIN като едно число, после бутона на решението
reason-key-floor-key = { $key } не е решение на флора; CLEAR излиза от режима на флора
reason-key-nothing-to-box = Няма обърната карта: решава се веднага след раздаването
reason-key-card-code = Въведете картата преди режима на флора: ранг 2-14, после боя 1-4 (144 = асо пика)
reason-key-showdown-open = { $key } не е прието: първо място { $seat } показва (бутон) или хвърля (задръжте)
reason-pin-no-staff = Няма флор персонал за тази маса: решението не може да се потвърди
reason-pin-not-recognised = Флор { $floor }: номерът или PIN не са разпознати (опити: { $tries_left })
reason-pin-locked = Решенията са заключени след грешни кодове: още { $seconds } s
reason-pin-lock-not-saved = Проверката на PIN не може да се запише: решението не е прието; проверете паметта на контролера
reason-press-hold-to-confirm = { $key } не е направено: задръжте { $key } за секунда
reason-press-repeated-press = { $key } натиснато два пъти: второто е пренебрегнато
reason-press-panel-fault = Панелът с бутони е повреден: проверете кабела, повикайте техник
reason-amount-no-digits = Няма въведена сума: въведете я, после ENTER
reason-amount-too-many-digits = Сумата е до { $max } цифри: CLEAR и въведете отново
reason-amount-overflow = Твърде голяма сума: CLEAR и въведете отново
reason-amount-not-a-digit = Въведете сумата в цели чипове, напр. 1500
reason-amount-not-amount-key = { $key } не е част от сума: завършете с ENTER или CLEAR
reason-tag-not-in-deck = { $card } не е в тестето на масата: махнете я
reason-tag-unknown = Картата не е от тестето на масата: махнете я, повикайте флора

## The hand log's lines on the floor view and the room's hand pages, said from each
## record's data. { $seat } a seat's number, { $chips } an amount of chips, { $count }
## how many cards, { $players } how many players, { $card } a card's face, { $hand }
## a hand's number, { $floor } the floor person's number, { $street } a street,
## { $blind } a blind's name, { $table } the table's id. The panel's keys (FOLD,
## UNDO) keep their printed names.

entry-config = настройки на масата { $table }
entry-correction = КОРЕКЦИЯ
entry-refused = ОТКАЗАНО
entry-shoe-frame = рамка от шуза
entry-key = бутон
entry-short = кратко
entry-long = задържан
entry-double = двукратно
entry-note = бележка
entry-program = програма
entry-hidden = (скрито, докато раздаването не се изплати)
entry-all-in = (ол-ин)
entry-input-sit-down = място { $seat } сяда с { $chips }
entry-input-top-up = място { $seat } добавя { $chips }
entry-input-start-hand = нова раздача
entry-input-straddle = стредъл
entry-input-card = карта { $card }
entry-input-fold = FOLD
entry-input-check-call = CHECK/CALL
entry-input-bet-to = залог или рейз до { $chips }
entry-input-all-in = ALL IN
entry-input-draw = тегли { $count }
entry-input-stand-pat = не сменя
entry-input-rejoin = място { $seat } се връща
entry-input-misdeal = MISDEAL
entry-input-undo = UNDO
entry-input-set-level = ниво { $level }: блайндове { $blinds }, анте { $ante }
entry-input-move-out = място { $seat } се премества на друга маса
entry-input-color-up = надпревара за чипове: място { $seat } на { $chips }
entry-leaves = място { $seat } си тръгва
entry-sits-out = място { $seat } в пауза
entry-returns = място { $seat } се връща в играта
entry-button = дилър на място { $seat }
entry-burn = изгорена { $card }
entry-discards = сменя { $card }
entry-shows = място { $seat } показва
entry-mucks = място { $seat } хвърля картите
entry-wins = място { $seat } печели { $chips }
entry-rake = рейк { $chips }
entry-ruling-void-hand = шефът { $floor } анулира раздаването: залозите се връщат, раздава се отново
entry-ruling-straddle-announced = шефът { $floor } признава обявения стредъл: запазва опцията си
entry-ruling-premature = шефът { $floor } обявява { $card } за преждевременна: следващата улица без изгаряне
entry-ruling-exposed = шефът { $floor } обявява { $card } на място { $seat } за открита: първа изгорена
entry-ruling-boxed = шефът { $floor } обявява { $card } за обърната: мъртва е
entry-ruling-manual = шефът { $floor } въвежда { $card } ръчно: етикетът не се чете
entry-ruling-dead-hand = шефът { $floor } обявява ръката на място { $seat } за мъртва: няма отваряне
entry-ruling-award-override = шефът { $floor } разрешава място { $seat } да бъде изплатено въпреки показаните ръце
entry-post-ante = анте
entry-post-small-blind = малък блайнд
entry-post-big-blind = голям блайнд
entry-post-straddle = стредъл
entry-post-enter-big-blind = жив голям блайнд
entry-post-dead-small-blind = мъртъв малък блайнд
entry-event-seated = място { $seat } сяда с { $chips }
entry-event-topped-up = място { $seat } добавя { $chips }
entry-event-hand-started = раздаване { $hand }: дилър на място { $seat }, { $players } играчи
entry-event-posted = място { $seat } поставя { $blind } { $chips }
entry-event-missed-blind = място { $seat } пропуска { $blind } и го дължи
entry-event-straddle-confirmed = стредълът на място { $seat } потвърден
entry-event-hole-card = място { $seat } получава { $card }
entry-event-betting-opened = залози { $street }: първо място { $seat }
entry-event-folded = място { $seat } се отказва
entry-event-checked = място { $seat } чекира
entry-event-called = място { $seat } плаща { $chips }
entry-event-bet = място { $seat } залага { $chips }
entry-event-raised = място { $seat } вдига на { $chips }
entry-event-returned = { $chips } неплатени върнати на място { $seat }
entry-event-round-complete = { $street }: залозите приключиха
entry-event-draw-asked = място { $seat } тегли { $count }
entry-event-stood-pat = място { $seat } не сменя
entry-event-rejoined = място { $seat } се връща в новото раздаване, доплаща { $chips }
entry-event-redeal = всички чекираха: ново раздаване, потът остава; раздава място { $seat }
entry-event-hand-over = шоудаун за { $chips }
entry-event-hand-over-uncontested = остана една ръка: { $chips } за присъждане
entry-event-showdown-opened = шоудаун: първо място { $seat } показва или хвърля
entry-event-hand-complete = раздаването { $hand } приключи
entry-event-misdealt = ГРЕШНО РАЗДАВАНЕ: раздаването { $hand } отначало
entry-event-undone = последното въвеждане отменено
entry-event-level-changed = ниво { $level } (беше { $was }): блайндове { $blinds }, анте { $ante }, от следващата ръка
entry-event-moved-out = място { $seat } се премества на друга маса с { $chips }
entry-event-moved-in = място { $seat } идва от друга маса с { $chips }
entry-event-busted-out = място { $seat } остана без чипове (започна ръката с { $chips })
entry-event-colored-up = надпревара за чипове: място { $seat } от { $before } на { $after }

## The players' screen: a refusal that would name a card is said by its kind only,
## with no card in it (the dealer's console says the full reason). { $seat } is
## the word for seat and its number.

screen-read-twice = Тази карта вече е прочетена в ръката: сканирайте отново или повикайте флора
screen-foreign-card = Картата не е от тестето на масата: махнете я, повикайте флора
screen-discard = Картата не може да се хвърли: не е в ръката или смяната е готова
screen-not-last-card = Въведената карта не е последната карта на { $seat }
screen-exposed-burn = Откритата карта е изгорената: прекарайте я през процепа за горене
screen-not-boxable = Въведената карта не е току-що раздадената
screen-boxed-stands = Обърнатата карта остава мъртва по решението: раздайте следващата на нейно място
screen-opening = { $seat }: отварянето не е прието, решава флорът
screen-payout = Потът не може да се изплати: повикайте флора
screen-unsaid = Въвеждането е отказано: причината е на конзолата на дилъра, или повикайте флора

## The floor's pages: the room page, the hands page and a hand's timeline.
## The figures are filled in by the page: { $seconds }, { $minutes }, { $hours }
## a time, { $count } how many, { $seat } a seat's number, { $record } a record's
## number, { $table } a table's id.

floor-title = Флор: всички маси
floor-intro = Дневникът на всяка маса, както го пази базата на флора; страницата се опреснява на всеки { $seconds } с. Ходът на една ръка се отваря, щом тя приключи.
floor-table = Маса
floor-game = Игра
floor-hand = Ръка
floor-pot = Пот
floor-to-act = На ход
floor-last-input = Последно въвеждане
floor-when = Кога
floor-records = Записи
floor-backlog = Неизпратени
floor-last-shipment = Последно изпращане
floor-alerts = Тревоги
floor-over = приключила
floor-in-progress = в ход
floor-stopped-shipping = спря да изпраща
floor-chain-alerts = тревоги за веригата: { $count }
floor-flagged-hands = ръце с грешно раздаване, поправки, решения на флора, залози над пота или лоши етикети: { $count }
floor-unverified = ЗАПИСИТЕ НЕ СЕ ПОТВЪРЖДАВАТ: ръката, потът и последното въвеждане не са показани
floor-no-alert = Няма тревога.
floor-clear-hint = След като е решена, тревогата се изчиства с:
floor-alert-at = запис { $record }
floor-seconds-ago = преди { $seconds } с
floor-minutes-ago = преди { $minutes } мин
floor-hours-ago = преди { $hours } ч
floor-never = никога
floor-seat-n = място { $seat }
floor-dealing = раздаване
floor-board-cards = карти на масата
floor-exchange = смяна
floor-showdown = показване
floor-paying = изплащане
floor-between = между ръцете
floor-all-tables = всички маси
floor-all-games = всички игри
floor-alerts-only = само тревоги
floor-show = Покажи
floor-hands = Ръце
floor-seat = Място
floor-from = От
floor-to = До
floor-pot-over = Пот над
floor-corrections = поправки
floor-misdeals = грешни раздавания
floor-rulings = решения на флора
floor-over-pot-bets = залози над пота
floor-bad-tags = лоши етикети
floor-find-hands = Намери ръце
floor-start = Начало
floor-end = Край
floor-rake = Рейк
floor-flags = Бележки
floor-no-hand = Няма такава ръка.
floor-every-table = Всички маси
floor-language = Език
floor-card-hidden = картата скрита
floor-gap-alert = липсват записи
floor-fork-alert = дневникът пренаписан
floor-broken-link-alert = записът променен (скъсана верига)
floor-bad-signature-alert = грешен подпис
floor-key-changed-alert = друг ключ
floor-rolled-back-alert = дневникът върнат назад
floor-store-down = Базата на флора не е достъпна; опитва се отново. Страницата се опреснява на всеки { $seconds } с и показва залата, щом базата отговори.
floor-closed = затворена
floor-never-connected = никога не се е свързала: проверете паролата на нейния потребител и номера на масата
floor-program = Програма · настройки
floor-not-approved = програмата не е одобрена
floor-program-forged = ЗАПИСЪТ ЗА ПРОГРАМАТА НЕ СЕ ПОТВЪРЖДАВА
floor-unapproved-program-alert = масата { $table } работи с програма, която флорът не е одобрил
floor-forged-program-alert = записът за програмата на масата { $table } не се потвърждава: не се знае с какво работи
floor-approve-hint = Програмата се одобрява, след като е проверена, с:

## The tournament clock on the room's wall screens (tablectl floor serve: /floor/tournament/ID).

floor-clock-level = Ниво { $level }
floor-clock-break = Почивка
floor-clock-blinds = Блайндове
floor-clock-ante = Анте
floor-clock-big-blind-ante = Анте от големия блайнд
floor-clock-left = Оставащо време
floor-clock-next = Следващо ниво
floor-clock-players = Останали играчи
floor-clock-average = Среден стек
floor-clock-pool = Награден фонд
floor-clock-paused = СПРЯН
floor-clock-not-started = Започва скоро
floor-clock-runs-on = последно ниво: без край
floor-clock-tournaments = Турнири
floor-tournament-alert = се различава от дневника на турнирния директор
floor-check-title = Проверка на турнира
floor-check-seating = Разпределение
floor-check-moves = Премествания
floor-check-eliminations = Елиминации
floor-check-audit = Чипове по ниво
floor-check-alerts = Тревоги
floor-check-entry = Участие
floor-check-from = От
floor-check-to = Към
floor-check-director = Чипове според директора
floor-check-departed = Тръгнал с
floor-check-arrived = Пристигнал с
floor-check-table-said = Масата записала
floor-check-now = Сега
floor-check-expected = Очаквано
floor-check-counted = Преброено
floor-check-matches = съвпада
floor-check-differs = различава се
floor-check-waiting = чакат се масите
floor-check-nothing = не е записано
floor-check-none = Още няма.
floor-check-clock = Часовник
floor-check-round = ръка по ръка, кръг { $round }
floor-check-unchecked = Записите на масите не могат да се проверят: повикайте охраната на залата.

## The dealer's inputs on the floor's pages, by their verb in the hand log.

floor-verb-seat = сядане
floor-verb-topup = допълване
floor-verb-leave = става
floor-verb-sitout = пауза
floor-verb-sitin = връща се
floor-verb-button = бутон
floor-verb-hand = нова ръка
floor-verb-straddle = стрейдъл
floor-verb-deal = раздадена карта
floor-verb-burn = изгорена карта
floor-verb-discard = хвърлена карта
floor-verb-fold = пас
floor-verb-call = чек или плащане
floor-verb-bet = залог или вдигане до
floor-verb-allin = ол-ин
floor-verb-standpat = без смяна
floor-verb-show = показва
floor-verb-muck = хвърля
floor-verb-award = изплатен пот
floor-verb-rake = рейк
floor-verb-misdeal = грешно раздаване
floor-verb-undo = поправка
floor-verb-ruling = решение на флора

# Турнирът на екраните на масата (играчи и дилър): кратко, за екран 800x480 до ръката.
table-clock-level = Ниво { $level }
table-clock-break = Почивка
table-clock-not-started = Започва скоро
table-clock-ante = Анте
table-clock-big-blind-ante = Анте на големия блайнд
table-clock-next = Следва
table-clock-players = Играчи
table-clock-average = Среден стек
table-clock-pool = Награден фонд
table-clock-paused = СПРЯН
table-clock-runs-on = последно ниво
table-clock-stale = Часовникът е по последната вест от { $time }: базата на флора не отговаря
