### The table's words in Russian: every message of en.ftl, translated.
### Keep each id and each `{ $name }` as en.ftl has them; docs/translating.md.

## The display's labels, the floor view's and the pages' headings.

seat = Место
hand = Раздача
to-act = Ход
to-call = Уравнять
check = Чек
min-bet = Мин. ставка
min-raise-to = Мин. рейз до
pot-limit-max = Макс. пот-лимит
fixed-to = Ставка или рейз до
no-raise = Без рейза: уравнять или сбросить
main-pot = Основной банк
side-pot = Побочный банк
seats = Места
wins = выигрывает
burned = Сожжено
rake = Рейк
folded = Пас
all-in = Олл-ин
win = Победа
tie = Ничья
main-short = Основной
side-short = Побочный
high-half = хай
low-half = лоу
both-halves = обе половины
blinds = Блайнды
ante = Анте
big-blind-ante = Анте большого блайнда
bets = Ставки
last-hands = Последние раздачи
missed-sb = Пропущен МБ
missed-bb = Пропущен ББ
button-mark = Д
small-blind-mark = МБ
big-blind-mark = ББ
straddle-mark = СТР
new-player = Новый игрок
sitting-out = Пропускает
dealing = Сдача карт
showdown = Вскрытие
between-hands = Между раздачами
stack = Стек
bet = Ставка
low = Низкая
board = Борд
draws = Меняет
stands-pat = Без замены
to-draw = Меняет
before-draw = До обмена
after-draw = После обмена
redeal = Все сказали чек: карты сдаются заново, банк остаётся
next-hand = Нажмите NEXT HAND
deal-to = Сдать
burn-card = Сожгите карту
deal-board = Выложите карту на борд
pay-pots = Нажмите ENTER для выплаты банков
show-or-muck = покажите или сбросьте
keyed = Введено
floor-mode = ФЛОР-МЕНЕДЖЕР
refused = Отклонено
last-inputs = Последние вводы
undo-hint = UNDO отменяет последний
shoe = Шуз
panel = Панель
last-key = последняя кнопка
no-key-yet = кнопки ещё не нажимали
key-stuck = залипла кнопка
release-key = отпустите её или проверьте панель
floor-store = Центральная база
connected = подключено
not-connected = НЕТ СВЯЗИ
deals-on = стол продолжает игру
all-sent = все записи отправлены
not-yet-sent = не отправлено
store-refused = БАЗА ОТКЛОНИЛА ЖУРНАЛ: вызовите флор-менеджера
store-unreachable = база недоступна
login-refused = неверный пароль: вызовите флор-менеджера
id-not-given = номер не выдан этому столу: вызовите флор-менеджера
certificate-refused = сертификат базы отклонён: вызовите флор-менеджера
store-version = другая версия базы: вызовите флор-менеджера
working = работает
read-again = кадр считан повторно
silent = НЕ ОТВЕЧАЕТ
total-pot = Всего в банке
call = Колл
raise = Рейз
post = Блайнд
early = Ранняя
middle = Средняя
late = Поздняя
stale = НЕ В ЭФИРЕ: нет связи с контроллером
lost = ЭКРАН ОТКЛЮЧЁН: стол не показывается в реальном времени
undone = ОТМЕНА: последний ввод отменён
floor-view = Вид для флор-менеджера
table = Стол
recent-hands = последние раздачи
floor-note = Сначала новые. Только чтение. Идущая раздача показывает лишь то, что видно за столом.
signed-head = Подписанный конец журнала (сохраните его для привязки журнала)
started = Начало
pot = Банк
state = Состояние
flags = Отметки
paid = выплачена
in-progress = идёт
all-hands = Все раздачи
corrections = исправления
misdeals = неверные раздачи
over-pot = больше банка
bad-tags = неизвестные метки
refusals = отказы
no-such-hand = Такой раздачи здесь нет
older-hand = Старше хранимых здесь раздач: прочтите её через tablectl audit show
not-a-number = Номер раздачи — целое число
misdeal = НЕВЕРНАЯ РАЗДАЧА: карты сдаются заново

## Betting structures and games: the game's name on the limits line, "Pot-limit Omaha".

structure-no-limit = Безлимитный
structure-pot-limit = Пот-лимит
structure-fixed-limit = Фикс-лимит
game-holdem = холдем
game-omaha = омаха
game-omaha-hi-lo = омаха хай-лоу 8
game-five-card-draw = пятикарточный дро
game-with-structure = { $structure } { $game }

## Streets.

street-preflop = Префлоп
street-flop = Флоп
street-turn = Тёрн
street-river = Ривер
street-draw = Обмен

## Card names, read aloud by a screen reader and shown on hover (the faces, A K Q J 10 and the suits' symbols, are printed the same in every language).

rank-two = двойка
rank-three = тройка
rank-four = четвёрка
rank-five = пятёрка
rank-six = шестёрка
rank-seven = семёрка
rank-eight = восьмёрка
rank-nine = девятка
rank-ten = десятка
rank-jack = валет
rank-queen = дама
rank-king = король
rank-ace = туз
suit-spades = пик
suit-hearts = червей
suit-diamonds = бубен
suit-clubs = треф
card-name = { $rank } { $suit }

## The banner's warnings.

warn-card-refused = Карта отклонена
warn-shoe-fault = Сбой чтения шуза: карта считана повторно
warn-shoe-lost = ПОТЕРЯНА СВЯЗЬ СО ШУЗОМ: проверьте шуз и кабель

## The engine's warnings.

warning-over-pot = Место { $seat }: { $asked } больше банка, уменьшено до { $max }, возвращено { $returned } (R-PL-5)
warning-under-minimum = Место { $seat } ввело { $asked }, меньше минимального рейза: исправлено на { $to }
warning-fixed-size = Место { $seat } ввело { $asked }: размер в фикс-лимите — { $to }
warning-straddle-unconfirmed = Стрэддл места { $seat } не подтверждён до сдачи: остаётся без опции (R-STRAD-4)
warning-folded-with-check = Место { $seat } сбросило карты, когда мог быть чек: сброс в силе
warning-openers-unchecked = Место { $seat } открыло с непрочитанной картой: должно показать открывающую комбинацию, иначе флор объявит руку мёртвой (PD-DRAW)
