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
