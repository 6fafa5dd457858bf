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
