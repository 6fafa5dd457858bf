### The table's words in Macedonian: every message of en.ftl, translated.
### Keep each id and each `{ $name }` as en.ftl has them; docs/translating.md.

## The display's labels, the floor view's and the pages' headings.

seat = Место
hand = Рака
to-act = На ред
to-call = За изедначување
check = Чек
min-bet = Мин. влог
min-raise-to = Мин. покачување до
pot-limit-max = Макс. пот-лимит
fixed-to = Влог или покачување до
no-raise = Без покачување: изедначи или откажи
main-pot = Главен пот
side-pot = Страничен пот
seats = Места
wins = добива
burned = Изгорени
rake = Рејк
folded = Откажан
all-in = Ол-ин
win = Победа
tie = Нерешено
main-short = Главен
side-short = Страничен
high-half = висока
low-half = ниска
both-halves = двете половини
blinds = Блајндови
ante = Анте
big-blind-ante = Анте на големиот блајнд
bets = Влогови
last-hands = Последни раце
missed-sb = Пропуштен МБ
missed-bb = Пропуштен ГБ
button-mark = Д
small-blind-mark = МБ
big-blind-mark = ГБ
straddle-mark = СТР
new-player = Нов играч
sitting-out = Пауза
dealing = Делење
showdown = Отворање
between-hands = Меѓу раце
stack = Чипови
bet = Влог
low = Ниска
board = Табла
draws = Менува
stands-pat = Не менува
to-draw = Менува
before-draw = Пред замената
after-draw = По замената
redeal = Сите чекираа: картите се делат повторно, потот останува
next-hand = Притисни NEXT HAND
deal-to = Дели на
burn-card = Изгори карта
deal-board = Дели на таблата
pay-pots = Притисни ENTER за исплата на потовите
show-or-muck = покажи или фрли
keyed = Внесено
floor-mode = ФЛОР
refused = Одбиено
last-inputs = Последни внеси
undo-hint = UNDO го поништува последниот
shoe = Шуз
panel = Панел
last-key = последно копче
no-key-yet = уште нема притиснато копче
key-stuck = заглавено копче
release-key = пуштете го или проверете го панелот
floor-store = Централна база
connected = поврзано
not-connected = НЕ Е ПОВРЗАНО
deals-on = масата продолжува
all-sent = сите записи се испратени
not-yet-sent = неиспратени
store-refused = БАЗАТА ГО ОДБИ ЗАПИСОТ: повикајте го флорот
store-unreachable = базата е недостапна
login-refused = погрешна лозинка: повикајте го флорот
id-not-given = ознаката не е дадена на оваа маса: повикајте го флорот
certificate-refused = сертификатот на базата е одбиен: повикајте го флорот
store-version = верзијата на базата се разликува: повикајте го флорот
working = работи
read-again = рамка прочитана повторно
silent = НЕ ОДГОВАРА
total-pot = Вкупно
call = Изедначи
raise = Покачи
post = Блајнд
early = Рана
middle = Средна
late = Доцна
stale = НЕ Е ВО ЖИВО: нема вест од контролерот
lost = ЕКРАНОТ Е ИСКЛУЧЕН: масата не се прикажува во живо
undone = ПОНИШТЕНО: последниот внес е повлечен
floor-view = Преглед за флорот
table = Маса
recent-hands = последни раце
floor-note = Најновите први. Само за читање. Рака во тек покажува само што покажува масата.
signed-head = Потпишан врв на записот (чувајте го за сидрење на записот)
started = Почеток
pot = Пот
state = Состојба
flags = Ознаки
paid = исплатена
in-progress = во тек
all-hands = Сите раце
corrections = поправки
misdeals = погрешни делења
over-pot = над потот
bad-tags = непознати ознаки
refusals = одбивања
no-such-hand = Таква рака нема тука
older-hand = Постара од раците што се чуваат тука: прочитајте ја со tablectl audit show
not-a-number = Бројот на раката е цел број
misdeal = ПОГРЕШНО ДЕЛЕЊЕ: раката се дели повторно

## Betting structures and games: the game's name on the limits line, "Pot-limit Omaha".

structure-no-limit = Без лимит
structure-pot-limit = Пот-лимит
structure-fixed-limit = Фиксен лимит
game-holdem = Холдем
game-omaha = Омаха
game-omaha-hi-lo = Омаха Хај/Лоу 8
game-five-card-draw = Дро со пет карти
game-with-structure = { $structure } { $game }

## Streets.

street-preflop = Префлоп
street-flop = Флоп
street-turn = Терн
street-river = Ривер
street-draw = Замена

## Card names, read aloud by a screen reader and shown on hover (the faces, A K Q J 10 and the suits' symbols, are printed the same in every language).

rank-two = двојка
rank-three = тројка
rank-four = четворка
rank-five = петка
rank-six = шестка
rank-seven = седмица
rank-eight = осмица
rank-nine = деветка
rank-ten = десетка
rank-jack = џандар
rank-queen = дама
rank-king = поп
rank-ace = ас
suit-spades = пик
suit-hearts = херц
suit-diamonds = каро
suit-clubs = треф
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

hand-royal-flush = Ројал флеш
hand-straight-flush = Кента флеш до { RANK($first, form: "up-to") }
hand-four-of-a-kind = Каре од { RANK($first, form: "of-many") }
hand-full-house = Фул хаус, { RANK($first, form: "many") } над { RANK($second, form: "on-many") }
hand-flush = Флеш до { RANK($first, form: "up-to") }
hand-straight = Кента до { RANK($first, form: "up-to") }
hand-three-of-a-kind = Тројка од { RANK($first, form: "of-many") }
hand-two-pair = Два пара, { RANK($first, form: "many") } и { RANK($second, form: "many") }
hand-one-pair = Пар од { RANK($first, form: "of-many") }
hand-high-card = Висока карта, { RANK($first, form: "one") }

hand-rank-one = { $rank ->
    [two] двојка
    [three] тројка
    [four] четворка
    [five] петка
    [six] шестка
    [seven] седмица
    [eight] осмица
    [nine] деветка
    [ten] десетка
    [jack] џандар
    [queen] дама
    [king] поп
   *[ace] ас
}
hand-rank-up-to = { hand-rank-one }
hand-rank-many = { $rank ->
    [two] двојки
    [three] тројки
    [four] четворки
    [five] петки
    [six] шестки
    [seven] седмици
    [eight] осмици
    [nine] деветки
    [ten] десетки
    [jack] џандари
    [queen] дами
    [king] попови
   *[ace] асови
}
hand-rank-of-many = { hand-rank-many }
hand-rank-on-many = { hand-rank-many }

## The banner's warnings.

warn-card-refused = Картата е одбиена
warn-shoe-fault = Оштетено читање од шуз: картата е прочитана повторно
warn-shoe-lost = ВРСКАТА СО ШУЗОТ Е ПРЕКИНАТА: проверете го шузот и кабелот

## The engine's warnings.

warning-over-pot = Место { $seat }: { $asked } е над потот, намалено на { $max }, вратени { $returned } (R-PL-5)
warning-under-minimum = Место { $seat } внесе { $asked }, под минималното покачување: поправено на { $to }
warning-fixed-size = Место { $seat } внесе { $asked }: износот во фиксен лимит е { $to }
warning-straddle-unconfirmed = Страдл на место { $seat } не е потврден пред делењето: останува без опција (R-STRAD-4)
warning-folded-with-check = Место { $seat } се откажа кога можеше чек: откажувањето важи
warning-openers-unchecked = Место { $seat } отвори со непрочитана карта: мора да ги покаже отворачите, инаку флорот ја прогласува раката за мртва (PD-DRAW)

## Why an input was refused, from its kind: the engine's rules, the panel's keys and
## amounts, the floor's PIN and the deck's tags. The panel's keys keep their printed
## names; `{ $key }` is one of them, `{ $card }` a card's face (K♦).

reason-no-deck = Нема запишан шпил на оваа маса
reason-clock-no-tournament = Сè уште нема турнир што ги распоредува играчите на оваа маса: нема делење додека не стигне часовникот од салата
reason-clock-not-started = Часовникот на турнирот сè уште не е пуштен: засега нема делење
reason-clock-break = Пауза: нема делење додека часовникот повторно не тргне
reason-clock-paused = Часовникот на турнирот е запрен: нема делење додека директорот не го пушти
reason-clock-hand-for-hand = Рака по рака: почекајте сите маси да ја одиграат оваа рунда
reason-clock-closed = Турнирот на оваа маса заврши или масата е распуштена: нема повеќе делења
reason-award = Место { $seat } не може да се исплати: покажаните раце велат друго; платете според картите или повикајте го флорот
reason-payout = Потот не може да се исплати: повикајте го флорот
reason-no-such-seat = Нема место { $seat } на оваа маса
reason-seat-taken = Местото { $seat } е зафатено: изберете празно место
reason-seat-empty = Никој не седи на место { $seat }
reason-hand-in-progress = Раката е во тек: промените на местата и чиповите чекаат до крајот
reason-player-in-hand = Место { $seat } е во раката: заминувањето се запишува по неа
reason-zero-amount = Внесете износ поголем од нула
reason-button-already-placed = Копчето се поместува само по првата рака
reason-not-enough-players = Потребни се најмалку двајца играчи со чипови
reason-no-hand = Нема рака во тек: притиснете NEXT HAND
reason-straddle-not-allowed = Без страдл: исклучен е или има помалку од тројца играчи
reason-straddle-too-late = Страдлот се става пред првата карта
reason-straddle-already-posted = Само еден страдл по рака
reason-straddle-short = Место { $seat } нема за страдл (двоен голем блајнд)
reason-betting-not-complete = Влогувањето не е завршено (на ред е место { $seat }): тргнете ја картата, повикајте го флорот
reason-no-card-expected = Сега не се очекува карта: тргнете ја, повикајте го флорот
reason-duplicate-card = { $card } веќе се појави: скенирајте повторно или повикајте го флорот
reason-not-in-deck = { $card } не е од шпилот на масата: тргнете ја, повикајте го флорот
reason-missing-burn = Прво изгорете карта, потоа делете на таблата
reason-unexpected-burn = Сега не се гори: картата оди на играч или на таблата
reason-not-drawing = Овој играч сега не менува
reason-bad-discard = { $card } не може да се фрли: не е во раката или замената е готова
reason-no-openers = Место { $seat } не може да отвори: потребен е пар попови или подобро
reason-replacements-due = Прво поделете ги замените на место { $seat }
reason-draw-count = Се менуваат 1 до 4 карти, не { $count }: внесете го бројот, па { $key }
reason-discards-due = Место { $seat } менува { $asked }, фрлени { $thrown }: прво останатите фрлени карти низ отворот за горење
reason-more-than-asked = Место { $seat } побара { $asked }: толку фрлени се прочитани; ако менува повеќе, внесете го бројот повторно
reason-draw-underway = Замените за место { $seat } започнаа: поделете ги останатите или прво UNDO
reason-not-betting = Нема отворен круг на влогување
reason-illegal-action-check = Место { $seat } не може чек: има влог за изедначување
reason-illegal-action-call = Место { $seat } нема што да изедначи
reason-illegal-action-fold = Место { $seat } сега не може да се откаже
reason-illegal-action-bet-or-raise = Место { $seat } сега не може да влогува или покачува
reason-illegal-action-all-in = Место { $seat } сега не може ол-ин
reason-raise-not-allowed = Место { $seat } може само да изедначи или да се откаже
reason-below-minimum = Минимумот е { $min }: внесете барем { $min }
reason-above-maximum = Максимумот е { $max }: внесете најмногу { $max }
reason-above-stack = Играчот нема толку чипови: ол-ин е { $all_in_to }
reason-out-of-turn = На ред е место { $seat }
reason-not-settling = Потот се исплаќа дури по крајот на раката
reason-no-showdown = Сега нема отворање: раците се покажуваат по последниот круг
reason-no-hand-to-show = Место { $seat } нема рака за отворање
reason-already-shown = Раката на место { $seat } е покажана: не може да се фрли
reason-not-your-turn-to-muck = Место { $seat } фрла по ред: прво место { $next } покажува или фрла
reason-last-hand-in = Место { $seat } е последната рака: добива без отворање
reason-last-hand-for-pot = Место { $seat } е последната рака за страничен пот: покажете ја
reason-not-premature = Предвремена карта се пресудува пред флоп, терн или ривер, еднаш по рака
reason-premature-card-unnamed = Наведете ја предвремената терн карта: стои настрана до риверот
reason-no-floor-number = Одлуката бара број на флорот: внесете го (1 до 9999)
reason-void-too-late = Потот се исплаќа: раката веќе не може да се поништи
reason-no-unconfirmed-straddle = Нема непотврден страдл во првиот круг
reason-showdown-open = Место { $seat } покажува или фрла пред исплатата
reason-not-eligible = Место { $seat } не може да го добие овој пот
reason-award-too-large = Останува само { $left } за исплата
reason-nothing-to-undo = Нема што да се поништи во оваа рака
reason-misdeal-too-late = Доцна е за погрешно делење: имаше суштинска акција; повикајте го флорот
reason-hand-log-full = Записот на раката е полн: повикајте го флорот
reason-chip-overflow = Премногу чипови: проверете го износот
reason-exposed-after-deal = Делењето заврши: отворената карта игра
reason-exposed-first-cards = Отворена карта значи погрешно делење: држете MISDEAL
reason-no-card-to-expose = Место { $seat } уште нема карта
reason-not-seats-last-card = { $card } не е последната карта на место { $seat }
reason-exposed-is-the-burn = Отворената { $card } е изгорената: поминете ја низ отворот за горење
reason-not-boxable = { $card } не е штотуку поделената карта
reason-boxed-stands = { $card } останува мртва по одлуката: делете ја следната на нејзино место
reason-not-the-opener = Место { $seat } не отвори: само раката на отворачот е мртва поради отворачи, на отворањето карти
reason-cannot-rejoin = Место { $seat } не може да се врати: само играч што се повлекол од претходното делење, пред првата карта
reason-cannot-match = Место { $seat } не може да се врати: за изедначување треба { $amount }, повеќе од неговите чипови
reason-config = Поставките на масата не се во ред: повикајте техничар
reason-key-nobody-to-act = { $key } не е примено: никој не е на ред; делете ги картите што се чекаат
reason-key-no-amount = Прво внесете износ (вкупниот влог), потоа BET/RAISE
reason-key-seat-key-in-hand = Копчето на место { $seat } не е примено: работи меѓу раце и при отворање
reason-key-no-buy-in = Место { $seat } е празно: внесете бај-ин, потоа копчето на местото
reason-key-empty-seat = Место { $seat } е празно: нема кој да замине
reason-key-hand-in-progress = NEXT HAND не е примено: раката не е завршена; довршете ја или држете MISDEAL
reason-key-no-hand = { $key } не е примено: нема рака во тек; држете NEXT HAND
reason-key-not-now = { $key } сега нема употреба
reason-key-amount-keyed = { $key } не е примено: внесен е износ; прво CLEAR (одлуки на флорот: држете CLEAR)
reason-key-floor-code = Флор: внесете го вашиот број (1 до 9999) и PIN од 4 цифри како еден број, потоа копчето на одлуката
reason-key-floor-key = { $key } не е одлука на флорот; CLEAR излегува од режимот на флорот
reason-key-nothing-to-box = Нема карта за пресврт: се пресудува веднаш по делењето
reason-key-card-code = Внесете ја картата пред режимот на флорот: ранг 2-14, па боја 1-4 (144 = ас пик)
reason-key-showdown-open = { $key } не е примено: прво место { $seat } покажува (копче) или фрла (држи)
reason-pin-no-staff = Нема флор персонал за оваа маса: одлуката не може да се потврди
reason-pin-not-recognised = Флор { $floor }: бројот или PIN не се препознаени (обиди: { $tries_left })
reason-pin-locked = Одлуките се заклучени по погрешни кодови: уште { $seconds } s
reason-pin-lock-not-saved = Проверката на PIN не може да се зачува: одлуката не е примена; проверете ја меморијата на контролерот
reason-press-hold-to-confirm = { $key } не е направено: држете го { $key } една секунда
reason-press-repeated-press = { $key } притиснато двапати: второто е занемарено
reason-press-panel-fault = Панелот со копчиња е во дефект: проверете го кабелот, повикајте техничар
reason-amount-no-digits = Не е внесен износ: внесете го, потоа ENTER
reason-amount-too-many-digits = Износот има најмногу { $max } цифри: CLEAR и внесете повторно
reason-amount-overflow = Износот е преголем: CLEAR и внесете повторно
reason-amount-not-a-digit = Внесете го износот во цели чипови, на пр. 1500
reason-amount-not-amount-key = { $key } не е дел од износ: завршете со ENTER или CLEAR
reason-tag-not-in-deck = { $card } не е во шпилот на масата: тргнете ја
reason-tag-unknown = Картата не е од шпилот на масата: тргнете ја, повикајте го флорот

## The hand log's lines on the floor view and the room's hand pages, said from each
## record's data. { $seat } a seat's number, { $chips } an amount of chips, { $count }
## how many cards, { $players } how many players, { $card } a card's face, { $hand }
## a hand's number, { $floor } the floor person's number, { $street } a street,
## { $blind } a blind's name, { $table } the table's id. The panel's keys (FOLD,
## UNDO) keep their printed names.

entry-config = поставки на масата { $table }
entry-correction = КОРЕКЦИЈА
entry-refused = ОДБИЕНО
entry-shoe-frame = рамка од шузот
entry-key = копче
entry-short = кратко
entry-long = задржано
entry-double = двапати
entry-note = белешка
entry-program = програма
entry-hidden = (скриено додека раката не се исплати)
entry-all-in = (ол-ин)
entry-input-sit-down = место { $seat } седнува со { $chips }
entry-input-top-up = место { $seat } додава { $chips }
entry-input-start-hand = нова рака
entry-input-straddle = стредл
entry-input-card = карта { $card }
entry-input-fold = FOLD
entry-input-check-call = CHECK/CALL
entry-input-bet-to = облог или рејз до { $chips }
entry-input-all-in = ALL IN
entry-input-draw = менува { $count }
entry-input-stand-pat = не менува
entry-input-rejoin = место { $seat } се враќа
entry-input-misdeal = MISDEAL
entry-input-undo = UNDO
entry-input-set-level = ниво { $level }: блајндови { $blinds }, анте { $ante }
entry-input-move-out = место { $seat } се преместува на друга маса
entry-input-color-up = трка за чипови: место { $seat } на { $chips }
entry-leaves = место { $seat } заминува
entry-sits-out = место { $seat } пауза
entry-returns = место { $seat } се враќа во игра
entry-button = дилер на место { $seat }
entry-burn = изгорена { $card }
entry-discards = фрла { $card }
entry-shows = место { $seat } покажува
entry-mucks = место { $seat } фрла карти
entry-wins = место { $seat } добива { $chips }
entry-rake = рејк { $chips }
entry-ruling-void-hand = шефот { $floor } ја поништува раката: сите облози се враќаат, се дели повторно
entry-ruling-straddle-announced = шефот { $floor } го признава најавениот стредл: ја задржува опцијата
entry-ruling-premature = шефот { $floor } ја прогласува { $card } за предвремена: следната улица без горење
entry-ruling-exposed = шефот { $floor } ја прогласува { $card } на место { $seat } за отворена: прва изгорена
entry-ruling-boxed = шефот { $floor } ја прогласува { $card } за превртена: мртва е
entry-ruling-manual = шефот { $floor } ја внесува { $card } рачно: ознаката не се чита
entry-ruling-dead-hand = шефот { $floor } ја прогласува раката на место { $seat } за мртва: нема отворање
entry-ruling-award-override = шефот { $floor } дозволува место { $seat } да биде исплатено спротивно на покажаните раце
entry-post-ante = анте
entry-post-small-blind = мал блајнд
entry-post-big-blind = голем блајнд
entry-post-straddle = стредл
entry-post-enter-big-blind = жив голем блајнд
entry-post-dead-small-blind = мртов мал блајнд
entry-event-seated = место { $seat } седнува со { $chips }
entry-event-topped-up = место { $seat } додава { $chips }
entry-event-hand-started = рака { $hand }: дилер на место { $seat }, { $players } играчи
entry-event-posted = место { $seat } става { $blind } { $chips }
entry-event-missed-blind = место { $seat } го пропушта { $blind } и го должи
entry-event-straddle-confirmed = стредлот на место { $seat } потврден
entry-event-hole-card = место { $seat } добива { $card }
entry-event-betting-opened = облози { $street }: прво место { $seat }
entry-event-folded = место { $seat } се откажува
entry-event-checked = место { $seat } чека
entry-event-called = место { $seat } плаќа { $chips }
entry-event-bet = место { $seat } влогува { $chips }
entry-event-raised = место { $seat } креве на { $chips }
entry-event-returned = { $chips } неплатени враќени на место { $seat }
entry-event-round-complete = { $street }: облозите завршија
entry-event-draw-asked = место { $seat } менува { $count }
entry-event-stood-pat = место { $seat } не менува
entry-event-rejoined = место { $seat } се враќа во новото делење, доплаќа { $chips }
entry-event-redeal = сите чекираа: ново делење, потот останува; дели место { $seat }
entry-event-hand-over = отворање за { $chips }
entry-event-hand-over-uncontested = остана една рака: { $chips } за доделување
entry-event-showdown-opened = отворање: прво место { $seat } покажува или фрла
entry-event-hand-complete = раката { $hand } заврши
entry-event-misdealt = ПОГРЕШНО ДЕЛЕЊЕ: раката { $hand } се дели повторно
entry-event-undone = последниот внес поништен
entry-event-level-changed = ниво { $level } (беше { $was }): блајндови { $blinds }, анте { $ante }, од следната рака
entry-event-moved-out = место { $seat } се преместува на друга маса со { $chips }
entry-event-moved-in = место { $seat } доаѓа од друга маса со { $chips }
entry-event-busted-out = место { $seat } остана без чипови (ја почна раката со { $chips })
entry-event-colored-up = трка за чипови: место { $seat } од { $before } на { $after }

## The players' screen: a refusal that would name a card is said by its kind only,
## with no card in it (the dealer's console says the full reason). { $seat } is
## the word for seat and its number.

screen-read-twice = Оваа карта веќе е прочитана во раката: скенирајте повторно или повикајте го флорот
screen-foreign-card = Картата не е од шпилот на масата: тргнете ја, повикајте го флорот
screen-discard = Картата не може да се фрли: не е во раката или замената е готова
screen-not-last-card = Внесената карта не е последната карта на { $seat }
screen-exposed-burn = Отворената карта е изгорената: поминете ја низ отворот за горење
screen-not-boxable = Внесената карта не е штотуку поделената
screen-boxed-stands = Пресвртената карта останува мртва по одлуката: делете ја следната на нејзино место
screen-opening = { $seat }: отворањето не е примено, одлучува флорот
screen-payout = Потот не може да се исплати: повикајте го флорот
screen-unsaid = Внесот е одбиен: причината е на конзолата на дилерот, или повикајте го флорот

## The floor's pages: the room page, the hands page and a hand's timeline.
## The figures are filled in by the page: { $seconds }, { $minutes }, { $hours }
## a time, { $count } how many, { $seat } a seat's number, { $record } a record's
## number, { $table } a table's id.

floor-title = Флор: сите маси
floor-intro = Дневникот на секоја маса како што го чува базата на флорот; страницата се освежува на секои { $seconds } с. Текот на една рака се отвора кога раката ќе заврши.
floor-table = Маса
floor-game = Игра
floor-hand = Рака
floor-pot = Пот
floor-to-act = На ред
floor-last-input = Последен внес
floor-when = Кога
floor-records = Записи
floor-backlog = Неиспратени
floor-last-shipment = Последно праќање
floor-alerts = Тревоги
floor-over = завршена
floor-in-progress = во тек
floor-stopped-shipping = престана да праќа
floor-chain-alerts = тревоги за синџирот: { $count }
floor-flagged-hands = раце со погрешно делење, исправки, одлуки на флорот, влогови над потот или лоши ознаки: { $count }
floor-unverified = ЗАПИСИТЕ НЕ СЕ ПОТВРДУВААТ: раката, потот и последниот внес не се прикажани
floor-no-alert = Нема тревога.
floor-clear-hint = Откако ќе се реши, тревогата се брише со:
floor-alert-at = запис { $record }
floor-seconds-ago = пред { $seconds } с
floor-minutes-ago = пред { $minutes } мин
floor-hours-ago = пред { $hours } ч
floor-never = никогаш
floor-seat-n = место { $seat }
floor-dealing = делење
floor-board-cards = карти на маса
floor-exchange = замена
floor-showdown = отворање
floor-paying = исплата
floor-between = меѓу раце
floor-all-tables = сите маси
floor-all-games = сите игри
floor-alerts-only = само тревоги
floor-show = Прикажи
floor-hands = Раце
floor-seat = Место
floor-from = Од
floor-to = До
floor-pot-over = Пот над
floor-corrections = исправки
floor-misdeals = погрешни делења
floor-rulings = одлуки на флорот
floor-over-pot-bets = влогови над потот
floor-bad-tags = лоши ознаки
floor-find-hands = Најди раце
floor-start = Почеток
floor-end = Крај
floor-rake = Провизија
floor-flags = Ознаки
floor-no-hand = Нема таква рака.
floor-every-table = Сите маси
floor-language = Јазик
floor-card-hidden = картата скриена
floor-gap-alert = недостигаат записи
floor-fork-alert = дневникот препишан
floor-broken-link-alert = записот изменет (скинат синџир)
floor-bad-signature-alert = лош потпис
floor-key-changed-alert = друг клуч
floor-rolled-back-alert = дневникот вратен наназад
floor-store-down = Базата на флорот не е достапна; се обидува повторно. Страницата се освежува на секои { $seconds } с и ја прикажува салата штом базата одговори.
floor-closed = затворена
floor-never-connected = никогаш не се поврза: проверете ја лозинката на нејзиниот корисник и ознаката на масата
floor-program = Програма · поставки
floor-not-approved = програмата не е одобрена
floor-program-forged = ЗАПИСОТ ЗА ПРОГРАМАТА НЕ СЕ ПОТВРДУВА
floor-unapproved-program-alert = масата { $table } работи со програма што флорот не ја одобрил
floor-forged-program-alert = записот за програмата на масата { $table } не се потврдува: не се знае со што работи
floor-approve-hint = Програмата се одобрува откако ќе се провери со:

## The tournament clock on the room's wall screens (tablectl floor serve: /floor/tournament/ID).

floor-clock-level = Ниво { $level }
floor-clock-break = Пауза
floor-clock-blinds = Блајндови
floor-clock-ante = Анте
floor-clock-big-blind-ante = Анте од големиот блајнд
floor-clock-left = Преостанато време
floor-clock-next = Следно ниво
floor-clock-players = Преостанати играчи
floor-clock-average = Просечен стек
floor-clock-pool = Награден фонд
floor-clock-paused = ПАУЗИРАНО
floor-clock-not-started = Почнува наскоро
floor-clock-runs-on = последно ниво: без крај
floor-clock-tournaments = Турнири
floor-tournament-alert = се разликува од дневникот на турнирскиот директор
floor-check-title = Проверка на турнирот
floor-check-seating = Распоред
floor-check-moves = Преместувања
floor-check-eliminations = Елиминации
floor-check-audit = Чипови по ниво
floor-check-alerts = Тревоги
floor-check-entry = Влез
floor-check-from = Од
floor-check-to = Кон
floor-check-director = Чипови според директорот
floor-check-departed = Заминал со
floor-check-arrived = Пристигнал со
floor-check-table-said = Масата запишала
floor-check-now = Сега
floor-check-expected = Очекувано
floor-check-counted = Избројано
floor-check-matches = се совпаѓа
floor-check-differs = се разликува
floor-check-waiting = се чекаат масите
floor-check-nothing = не е запишано
floor-check-none = Сè уште нема.
floor-check-clock = Часовник
floor-check-round = рака-за-рака, круг { $round }
floor-check-unchecked = Записите на масите не може да се проверат: повикајте ја безбедноста на салата.

## The dealer's inputs on the floor's pages, by their verb in the hand log.

floor-verb-seat = седнување
floor-verb-topup = доплата
floor-verb-leave = заминува
floor-verb-sitout = пауза
floor-verb-sitin = се враќа
floor-verb-button = батон
floor-verb-hand = нова рака
floor-verb-straddle = стредл
floor-verb-deal = поделена карта
floor-verb-burn = изгорена карта
floor-verb-discard = фрлена карта
floor-verb-fold = пас
floor-verb-call = чек или изедначување
floor-verb-bet = влог или покачување до
floor-verb-allin = ол-ин
floor-verb-standpat = без замена
floor-verb-show = отвора
floor-verb-muck = фрла
floor-verb-award = исплатен пот
floor-verb-rake = провизија
floor-verb-misdeal = погрешно делење
floor-verb-undo = исправка
floor-verb-ruling = одлука на флорот

# Турнирот на екраните на масата (играчи и дилер): кратко, за екран 800x480 покрај раката.
table-clock-level = Ниво { $level }
table-clock-break = Пауза
table-clock-not-started = Почнува наскоро
table-clock-ante = Анте
table-clock-big-blind-ante = Анте на големиот блајнд
table-clock-next = Следно
table-clock-players = Играчи
table-clock-average = Просек
table-clock-pool = Награден фонд
table-clock-paused = ПАУЗИРАНО
table-clock-runs-on = последно ниво
table-clock-stale = Часовникот е според последната вест од { $time }: базата на флорот не одговара
