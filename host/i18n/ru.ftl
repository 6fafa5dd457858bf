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

hand-royal-flush = Роял-флеш
hand-straight-flush = Стрит-флеш до { RANK($first, form: "up-to") }
hand-four-of-a-kind = Каре { RANK($first, form: "of-many") }
hand-full-house = Фулл-хаус, { RANK($first, form: "many") } на { RANK($second, form: "on-many") }
hand-flush = Флеш до { RANK($first, form: "up-to") }
hand-straight = Стрит до { RANK($first, form: "up-to") }
hand-three-of-a-kind = Тройка { RANK($first, form: "of-many") }
hand-two-pair = Две пары, { RANK($first, form: "many") } и { RANK($second, form: "many") }
hand-one-pair = Пара { RANK($first, form: "of-many") }
hand-high-card = Старшая карта, { RANK($first, form: "one") }

hand-rank-one = { $rank ->
    [two] двойка
    [three] тройка
    [four] четвёрка
    [five] пятёрка
    [six] шестёрка
    [seven] семёрка
    [eight] восьмёрка
    [nine] девятка
    [ten] десятка
    [jack] валет
    [queen] дама
    [king] король
   *[ace] туз
}
hand-rank-up-to = { $rank ->
    [two] двойки
    [three] тройки
    [four] четвёрки
    [five] пятёрки
    [six] шестёрки
    [seven] семёрки
    [eight] восьмёрки
    [nine] девятки
    [ten] десятки
    [jack] валета
    [queen] дамы
    [king] короля
   *[ace] туза
}
hand-rank-many = { $rank ->
    [two] двойки
    [three] тройки
    [four] четвёрки
    [five] пятёрки
    [six] шестёрки
    [seven] семёрки
    [eight] восьмёрки
    [nine] девятки
    [ten] десятки
    [jack] валеты
    [queen] дамы
    [king] короли
   *[ace] тузы
}
hand-rank-of-many = { $rank ->
    [two] двоек
    [three] троек
    [four] четвёрок
    [five] пятёрок
    [six] шестёрок
    [seven] семёрок
    [eight] восьмёрок
    [nine] девяток
    [ten] десяток
    [jack] валетов
    [queen] дам
    [king] королей
   *[ace] тузов
}
hand-rank-on-many = { $rank ->
    [two] двойках
    [three] тройках
    [four] четвёрках
    [five] пятёрках
    [six] шестёрках
    [seven] семёрках
    [eight] восьмёрках
    [nine] девятках
    [ten] десятках
    [jack] валетах
    [queen] дамах
    [king] королях
   *[ace] тузах
}

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

## Why an input was refused, from its kind: the engine's rules, the panel's keys and
## amounts, the floor's PIN and the deck's tags. The panel's keys keep their printed
## names; `{ $key }` is one of them, `{ $card }` a card's face (K♦).

reason-no-deck = За этим столом не зарегистрирована колода
reason-clock-no-tournament = Ни один турнир ещё не рассадил игроков за этот стол: раздачи не будет, пока не придёт время с зала
reason-clock-not-started = Часы турнира ещё не запущены: раздачи пока нет
reason-clock-break = Перерыв: раздачи не будет, пока часы снова не пойдут
reason-clock-paused = Часы турнира остановлены: раздачи не будет, пока директор их не запустит
reason-clock-hand-for-hand = Рука за рукой: подождите, пока все столы сыграют этот раунд
reason-clock-closed = Турнир за этим столом окончен или стол расформирован: раздач больше не будет
reason-award = Месту { $seat } нельзя выплатить: открытые руки говорят иное; платите по картам или позовите флор-менеджера
reason-payout = Банк не может быть выплачен: позовите флор-менеджера
reason-no-such-seat = За этим столом нет места { $seat }
reason-seat-taken = Место { $seat } занято: выберите свободное
reason-seat-empty = На месте { $seat } никто не сидит
reason-hand-in-progress = Идёт раздача: пересадки и фишки ждут её окончания
reason-player-in-hand = Место { $seat } в раздаче: уход записывается после неё
reason-zero-amount = Введите сумму больше нуля
reason-button-already-placed = Баттон двигается сам после первой раздачи
reason-not-enough-players = Нужны минимум два игрока с фишками
reason-no-hand = Раздача не идёт: нажмите NEXT HAND
reason-straddle-not-allowed = Стрэддл нельзя: он выключен или игроков меньше трёх
reason-straddle-too-late = Стрэддл ставится до первой карты
reason-straddle-already-posted = Один стрэддл на раздачу
reason-straddle-short = Месту { $seat } не хватает на стрэддл (два больших блайнда)
reason-betting-not-complete = Торговля не закончена (ход места { $seat }): отложите карту, позовите флор-менеджера
reason-no-card-expected = Сейчас карта не нужна: отложите её, позовите флор-менеджера
reason-duplicate-card = { $card } уже была: отсканируйте снова или позовите флор-менеджера
reason-not-in-deck = { $card } не из колоды стола: уберите её, позовите флор-менеджера
reason-missing-burn = Сначала сожгите карту, потом выкладывайте борд
reason-unexpected-burn = Сейчас не сжигают: карта идёт игроку или на борд
reason-not-drawing = Этот игрок сейчас не меняет
reason-bad-discard = Нельзя сбросить { $card }: её нет в руке или обмен окончен
reason-no-openers = Место { $seat } не может открыть: нужна пара королей или лучше
reason-replacements-due = Сначала сдайте замену месту { $seat }
reason-draw-count = Меняют от 1 до 4 карт, не { $count }: введите число, затем { $key }
reason-discards-due = Место { $seat } меняет { $asked }, сброшено { $thrown }: сначала остальные сброшенные через щель для сожжённых
reason-more-than-asked = Место { $seat } просило { $asked }: столько сброшенных прочитано; если меняет больше, введите число снова
reason-draw-underway = Замена месту { $seat } начата: сдайте остальные или сначала UNDO
reason-not-betting = Круг торговли не открыт
reason-illegal-action-check = Место { $seat } не может чек: есть ставка
reason-illegal-action-call = Месту { $seat } нечего уравнивать
reason-illegal-action-fold = Место { $seat } сейчас не может сбросить
reason-illegal-action-bet-or-raise = Место { $seat } сейчас не может ставить или повышать
reason-illegal-action-all-in = Место { $seat } сейчас не может олл-ин
reason-raise-not-allowed = Место { $seat } может только уравнять или сбросить
reason-below-minimum = Минимум { $min }: введите не меньше { $min }
reason-above-maximum = Максимум { $max }: введите не больше { $max }
reason-above-stack = У игрока нет столько фишек: олл-ин — { $all_in_to }
reason-out-of-turn = Ход места { $seat }
reason-not-settling = Банк выплачивается только после раздачи
reason-no-showdown = Вскрытия сейчас нет: карты открывают после последнего круга
reason-no-hand-to-show = У места { $seat } нет карт для вскрытия
reason-already-shown = Карты места { $seat } открыты: их нельзя сбросить
reason-not-your-turn-to-muck = Место { $seat } сбрасывает по очереди: сначала место { $next }
reason-last-hand-in = Место { $seat } осталось одно: выигрывает без вскрытия
reason-last-hand-for-pot = Место { $seat } последнее в побочном банке: откройте карты
reason-not-premature = Преждевременная карта решается до флопа, тёрна или ривера, раз за раздачу
reason-premature-card-unnamed = Назовите преждевременную карту тёрна: она отложена до ривера
reason-no-floor-number = Решению нужен номер флор-менеджера: введите его (1–9999)
reason-void-too-late = Банк выплачивается: раздачу уже нельзя аннулировать
reason-no-unconfirmed-straddle = Нет неподтверждённого стрэддла в первом круге
reason-showdown-open = Место { $seat } открывает или сбрасывает до выплаты
reason-not-eligible = Место { $seat } не может выиграть этот банк
reason-award-too-large = К выплате осталось только { $left }
reason-nothing-to-undo = В этой раздаче нечего отменять
reason-misdeal-too-late = Поздно для неверной раздачи: было существенное действие; позовите флор-менеджера
reason-hand-log-full = Запись раздачи заполнена: позовите флор-менеджера
reason-chip-overflow = Слишком много фишек: проверьте сумму
reason-exposed-after-deal = Сдача окончена: открытая карта играет
reason-exposed-first-cards = Открытая карта — неверная раздача: удерживайте MISDEAL
reason-no-card-to-expose = У места { $seat } ещё нет карты
reason-not-seats-last-card = { $card } не последняя карта места { $seat }
reason-exposed-is-the-burn = Открытая { $card } — это сожжённая: проведите её через прорезь сжигания
reason-not-boxable = { $card } не только что сданная карта
reason-boxed-stands = { $card } остаётся мёртвой по решению: сдайте следующую вместо неё
reason-not-the-opener = Место { $seat } не открывало: только рука открывшего мертва без открывающих карт, на вскрытии
reason-cannot-rejoin = Место { $seat } не может вернуться: только игрок, выбывший из прошлой сдачи, до первой карты
reason-cannot-match = Место { $seat } не может вернуться: уравнять нужно { $amount }, больше его фишек
reason-config = Настройки стола неверны: позовите техника
reason-key-nobody-to-act = { $key } не принято: никто не ходит; сдайте ожидаемые карты
reason-key-no-amount = Сначала введите сумму (всю ставку), потом BET/RAISE
reason-key-seat-key-in-hand = Кнопка места { $seat } не принята: работает между раздачами и при вскрытии
reason-key-no-buy-in = Место { $seat } свободно: введите бай-ин, потом кнопку места
reason-key-empty-seat = Место { $seat } свободно: уходить некому
reason-key-hand-in-progress = NEXT HAND не принято: раздача не окончена; доиграйте или удерживайте MISDEAL
reason-key-no-hand = { $key } не принято: раздача не идёт; удерживайте NEXT HAND
reason-key-not-now = { $key } сейчас ничего не делает
reason-key-amount-keyed = { $key } не принято: введена сумма; сначала CLEAR (решения флора: удерживайте CLEAR)
reason-key-floor-code = Флор: введите свой номер (1–9999) и 4-значный PIN одним числом, затем кнопку решения
reason-key-floor-key = { $key } не решение флора; CLEAR выходит из режима флора
reason-key-nothing-to-box = Нет перевёрнутой карты: решается сразу после сдачи
reason-key-card-code = Введите карту до режима флора: ранг 2-14, затем масть 1-4 (144 = туз пик)
reason-key-showdown-open = { $key } не принято: сначала место { $seat } открывает (кнопка) или сбрасывает (удерживайте)
reason-pin-no-staff = Для этого стола нет флор-менеджеров: решение нельзя подтвердить
reason-pin-not-recognised = Флор { $floor }: номер или PIN не распознан (попыток: { $tries_left })
reason-pin-locked = Решения заблокированы после неверных кодов: ещё { $seconds } s
reason-pin-lock-not-saved = Проверку PIN нельзя сохранить: решение не принято; проверьте память контроллера
reason-press-hold-to-confirm = { $key } не выполнено: удерживайте { $key } секунду
reason-press-repeated-press = { $key } нажато дважды: второе нажатие пропущено
reason-press-panel-fault = Неисправна панель кнопок: проверьте кабель, позовите техника
reason-amount-no-digits = Сумма не введена: введите её, затем ENTER
reason-amount-too-many-digits = В сумме не больше { $max } цифр: CLEAR и введите заново
reason-amount-overflow = Слишком большая сумма: CLEAR и введите заново
reason-amount-not-a-digit = Введите сумму в целых фишках, напр. 1500
reason-amount-not-amount-key = { $key } не часть суммы: завершите ENTER или CLEAR
reason-tag-not-in-deck = { $card } нет в колоде стола: уберите её
reason-tag-unknown = Карта не из колоды стола: уберите её, позовите флор-менеджера

## The hand log's lines on the floor view and the room's hand pages, said from each
## record's data. { $seat } a seat's number, { $chips } an amount of chips, { $count }
## how many cards, { $players } how many players, { $card } a card's face, { $hand }
## a hand's number, { $floor } the floor person's number, { $street } a street,
## { $blind } a blind's name, { $table } the table's id. The panel's keys (FOLD,
## UNDO) keep their printed names.

entry-config = настройки стола { $table }
entry-correction = ИСПРАВЛЕНИЕ
entry-refused = ОТКЛОНЕНО
entry-shoe-frame = кадр шуза
entry-key = кнопка
entry-short = коротко
entry-long = удержана
entry-double = дважды
entry-note = заметка
entry-program = программа
entry-hidden = (скрыто до выплаты раздачи)
entry-all-in = (олл-ин)
entry-input-sit-down = место { $seat } садится с { $chips }
entry-input-top-up = место { $seat } докупает { $chips }
entry-input-start-hand = новая раздача
entry-input-straddle = стрэддл
entry-input-card = карта { $card }
entry-input-fold = FOLD
entry-input-check-call = CHECK/CALL
entry-input-bet-to = ставка или рейз до { $chips }
entry-input-all-in = ALL IN
entry-input-draw = меняет { $count }
entry-input-stand-pat = без обмена
entry-input-rejoin = место { $seat } возвращается
entry-input-misdeal = MISDEAL
entry-input-undo = UNDO
entry-input-set-level = уровень { $level }: блайнды { $blinds }, анте { $ante }
entry-input-move-out = место { $seat } переходит за другой стол
entry-input-color-up = гонка фишек: место { $seat } на { $chips }
entry-leaves = место { $seat } уходит
entry-sits-out = место { $seat } пропускает
entry-returns = место { $seat } возвращается в игру
entry-button = дилер на месте { $seat }
entry-burn = сжигается { $card }
entry-discards = сбрасывает { $card }
entry-shows = место { $seat } показывает
entry-mucks = место { $seat } сбрасывает карты
entry-wins = место { $seat } выигрывает { $chips }
entry-rake = рейк { $chips }
entry-ruling-void-hand = пит-босс { $floor } аннулирует раздачу: ставки возвращаются, раздача заново
entry-ruling-straddle-announced = пит-босс { $floor } признаёт объявленный стрэддл: опция сохраняется
entry-ruling-premature = пит-босс { $floor } признаёт { $card } преждевременной: следующая улица без сжигания
entry-ruling-exposed = пит-босс { $floor } признаёт { $card } места { $seat } открытой: первая сожжённая
entry-ruling-boxed = пит-босс { $floor } признаёт { $card } перевёрнутой: она мертва
entry-ruling-manual = пит-босс { $floor } вводит { $card } вручную: метка не читается
entry-ruling-dead-hand = пит-босс { $floor } признаёт руку места { $seat } мёртвой: нет открытия
entry-ruling-award-override = пит-босс { $floor } разрешает выплату месту { $seat } вопреки открытым рукам
entry-post-ante = анте
entry-post-small-blind = малый блайнд
entry-post-big-blind = большой блайнд
entry-post-straddle = стрэддл
entry-post-enter-big-blind = живой большой блайнд
entry-post-dead-small-blind = мёртвый малый блайнд
entry-event-seated = место { $seat } садится с { $chips }
entry-event-topped-up = место { $seat } докупает { $chips }
entry-event-hand-started = раздача { $hand }: дилер на месте { $seat }, игроков: { $players }
entry-event-posted = место { $seat } ставит { $blind } { $chips }
entry-event-missed-blind = место { $seat } пропускает { $blind } и должно его
entry-event-straddle-confirmed = стрэддл места { $seat } подтверждён
entry-event-hole-card = место { $seat } получает { $card }
entry-event-betting-opened = торговля { $street }: первым место { $seat }
entry-event-folded = место { $seat } сбрасывает
entry-event-checked = место { $seat } чекает
entry-event-called = место { $seat } коллирует { $chips }
entry-event-bet = место { $seat } ставит { $chips }
entry-event-raised = место { $seat } повышает до { $chips }
entry-event-returned = { $chips } без колла возвращены месту { $seat }
entry-event-round-complete = { $street }: торговля завершена
entry-event-draw-asked = место { $seat } меняет { $count }
entry-event-stood-pat = место { $seat } без обмена
entry-event-rejoined = место { $seat } возвращается в пересдачу, доплачивает { $chips }
entry-event-redeal = все чекнули: пересдача, банк остаётся; раздаёт место { $seat }
entry-event-hand-over = вскрытие за { $chips }
entry-event-hand-over-uncontested = осталась одна рука: { $chips } к выплате
entry-event-showdown-opened = вскрытие: первым место { $seat } показывает или сбрасывает
entry-event-hand-complete = раздача { $hand } завершена
entry-event-misdealt = НЕВЕРНАЯ РАЗДАЧА: раздача { $hand } заново
entry-event-undone = последний ввод отменён
entry-event-level-changed = уровень { $level } (был { $was }): блайнды { $blinds }, анте { $ante }, со следующей раздачи
entry-event-moved-out = место { $seat } переходит за другой стол с { $chips }
entry-event-moved-in = место { $seat } приходит с другого стола с { $chips }
entry-event-busted-out = место { $seat } осталось без фишек (начало раздачу с { $chips })
entry-event-colored-up = гонка фишек: место { $seat } с { $before } на { $after }

## The players' screen: a refusal that would name a card is said by its kind only,
## with no card in it (the dealer's console says the full reason). { $seat } is
## the word for seat and its number.

screen-read-twice = Эта карта уже считана в этой раздаче: отсканируйте снова или позовите флор-менеджера
screen-foreign-card = Карта не из колоды стола: уберите её, позовите флор-менеджера
screen-discard = Эту карту нельзя сбросить: её нет в руке или обмен окончен
screen-not-last-card = Введённая карта не последняя карта: { $seat }
screen-exposed-burn = Открытая карта — это сожжённая: проведите её через прорезь сжигания
screen-not-boxable = Введённая карта не только что сданная
screen-boxed-stands = Перевёрнутая карта остаётся мёртвой по решению: сдайте следующую вместо неё
screen-opening = { $seat }: открытие не принято, решает флор-менеджер
screen-payout = Банк не может быть выплачен: позовите флор-менеджера
screen-unsaid = Ввод отклонён: причина на консоли дилера, или позовите флор-менеджера

## The floor's pages: the room page, the hands page and a hand's timeline.
## The figures are filled in by the page: { $seconds }, { $minutes }, { $hours }
## a time, { $count } how many, { $seat } a seat's number, { $record } a record's
## number, { $table } a table's id.

floor-title = Пит-босс: все столы
floor-intro = Журнал каждого стола, как его хранит база пит-босса; страница обновляется каждые { $seconds } с. Ход раздачи открывается, когда она окончена.
floor-table = Стол
floor-game = Игра
floor-hand = Раздача
floor-pot = Банк
floor-to-act = Ход
floor-last-input = Последний ввод
floor-when = Когда
floor-records = Записи
floor-backlog = Не отправлено
floor-last-shipment = Последняя отправка
floor-alerts = Тревоги
floor-over = окончена
floor-in-progress = идёт
floor-stopped-shipping = перестал отправлять
floor-chain-alerts = тревоги цепочки: { $count }
floor-flagged-hands = раздачи с ошибкой сдачи, исправлениями, решениями пит-босса, ставками сверх банка или плохими метками: { $count }
floor-unverified = ЗАПИСИ НЕ ПРОХОДЯТ ПРОВЕРКУ: раздача, банк и последний ввод не показаны
floor-no-alert = Тревог нет.
floor-clear-hint = Когда тревога разобрана, её снимают командой:
floor-alert-at = запись { $record }
floor-seconds-ago = { $seconds } с назад
floor-minutes-ago = { $minutes } мин назад
floor-hours-ago = { $hours } ч назад
floor-never = никогда
floor-seat-n = место { $seat }
floor-dealing = сдача карт
floor-board-cards = карты борда
floor-exchange = обмен
floor-showdown = вскрытие
floor-paying = выплата банка
floor-between = между раздачами
floor-all-tables = все столы
floor-all-games = все игры
floor-alerts-only = только тревоги
floor-show = Показать
floor-hands = Раздачи
floor-seat = Место
floor-from = С
floor-to = По
floor-pot-over = Банк больше
floor-corrections = исправления
floor-misdeals = ошибки сдачи
floor-rulings = решения пит-босса
floor-over-pot-bets = ставки сверх банка
floor-bad-tags = плохие метки
floor-find-hands = Найти раздачи
floor-start = Начало
floor-end = Конец
floor-rake = Рейк
floor-flags = Отметки
floor-no-hand = Таких раздач нет.
floor-every-table = Все столы
floor-language = Язык
floor-card-hidden = карта скрыта
floor-gap-alert = нет записей
floor-fork-alert = журнал переписан
floor-broken-link-alert = запись изменена (цепочка разорвана)
floor-bad-signature-alert = неверная подпись
floor-key-changed-alert = другой ключ
floor-rolled-back-alert = журнал откатан
floor-store-down = База пит-босса недоступна; повторяем попытку. Страница обновляется каждые { $seconds } с и покажет зал, когда база ответит.
floor-closed = закрыт
floor-never-connected = ни разу не подключился: проверьте пароль его логина и номер стола
floor-program = Программа · настройки
floor-not-approved = программа не одобрена
floor-program-forged = ЗАПИСЬ О ПРОГРАММЕ НЕ ПРОХОДИТ ПРОВЕРКУ
floor-unapproved-program-alert = стол { $table } работает на программе, которую пит-босс не одобрил
floor-forged-program-alert = запись о программе стола { $table } не проходит проверку: неизвестно, на чём он работает
floor-approve-hint = Программу одобряют после проверки командой:

## The tournament clock on the room's wall screens (tablectl floor serve: /floor/tournament/ID).

floor-clock-level = Уровень { $level }
floor-clock-break = Перерыв
floor-clock-blinds = Блайнды
floor-clock-ante = Анте
floor-clock-big-blind-ante = Анте большого блайнда
floor-clock-left = Осталось времени
floor-clock-next = Следующий уровень
floor-clock-players = Осталось игроков
floor-clock-average = Средний стек
floor-clock-pool = Призовой фонд
floor-clock-paused = ПАУЗА
floor-clock-not-started = Скоро начало
floor-clock-runs-on = последний уровень: без ограничения
floor-clock-tournaments = Турниры
floor-tournament-alert = расходится с журналом директора турнира
floor-check-title = Проверка турнира
floor-check-seating = Рассадка
floor-check-moves = Пересадки
floor-check-eliminations = Выбывания
floor-check-audit = Фишки по уровням
floor-check-alerts = Тревоги
floor-check-entry = Вход
floor-check-from = Откуда
floor-check-to = Куда
floor-check-director = Фишки по директору
floor-check-departed = Ушёл с
floor-check-arrived = Пришёл с
floor-check-table-said = Стол записал
floor-check-now = Сейчас
floor-check-expected = Ожидалось
floor-check-counted = Насчитано
floor-check-matches = сходится
floor-check-differs = расходится
floor-check-waiting = ждём столы
floor-check-nothing = не записано
floor-check-none = Пока нет.
floor-check-clock = Часы
floor-check-round = рука за рукой, круг { $round }
floor-check-unchecked = Записи столов нельзя проверить: вызовите охрану зала.

## The dealer's inputs on the floor's pages, by their verb in the hand log.

floor-verb-seat = посадка
floor-verb-topup = докупка
floor-verb-leave = уходит
floor-verb-sitout = пропускает
floor-verb-sitin = возвращается
floor-verb-button = баттон
floor-verb-hand = новая раздача
floor-verb-straddle = стрэддл
floor-verb-deal = карта сдана
floor-verb-burn = карта сожжена
floor-verb-discard = карта сброшена
floor-verb-fold = пас
floor-verb-call = чек или колл
floor-verb-bet = ставка или рейз до
floor-verb-allin = олл-ин
floor-verb-standpat = без обмена
floor-verb-show = показывает
floor-verb-muck = сбрасывает
floor-verb-award = банк выплачен
floor-verb-rake = рейк
floor-verb-misdeal = ошибка сдачи
floor-verb-undo = исправление
floor-verb-ruling = решение пит-босса

# Турнир на экранах стола (игроков и дилера): коротко, чтобы уместиться на экране 800x480 рядом с раздачей.
table-clock-level = Уровень { $level }
table-clock-break = Перерыв
table-clock-not-started = Скоро начало
table-clock-ante = Анте
table-clock-big-blind-ante = Анте большого блайнда
table-clock-next = Далее
table-clock-players = Игроки
table-clock-average = Средний стек
table-clock-pool = Призовой фонд
table-clock-paused = ПАУЗА
table-clock-runs-on = последний уровень
table-clock-stale = Часы по последним данным на { $time }: база пит-босса не отвечает
