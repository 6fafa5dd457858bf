### The table's words in Polish: every message of en.ftl, translated.
### Keep each id and each `{ $name }` as en.ftl has them; docs/translating.md.

## The display's labels, the floor view's and the pages' headings.

seat = Miejsce
hand = Rozdanie
to-act = Kolej
to-call = Do sprawdzenia
check = Czeka
min-bet = Min. zakład
min-raise-to = Min. podbicie do
pot-limit-max = Maks. pot-limit
fixed-to = Zakład lub podbicie do
no-raise = Bez podbicia: sprawdź lub spasuj
main-pot = Pula główna
side-pot = Pula boczna
seats = Miejsca
wins = wygrywa
burned = Spalone
rake = Rake
folded = Pas
all-in = All-in
win = Wygrana
tie = Remis
main-short = Główna
side-short = Boczna
high-half = wysoka
low-half = niska
both-halves = obie połowy
blinds = Ciemne
ante = Ante
big-blind-ante = Ante dużej ciemnej
bets = Zakłady
last-hands = Ostatnie rozdania
missed-sb = Zaległy MB
missed-bb = Zaległy DB
button-mark = D
small-blind-mark = MB
big-blind-mark = DB
straddle-mark = STR
new-player = Nowy gracz
sitting-out = Pauza
dealing = Rozdawanie
showdown = Showdown
between-hands = Między rozdaniami
stack = Żetony
bet = Zakład
low = Niska
board = Stół
draws = Wymienia
stands-pat = Bez wymiany
to-draw = Wymienia
before-draw = Przed wymianą
after-draw = Po wymianie
redeal = Wszyscy czekali: karty rozdawane od nowa, pula zostaje
next-hand = Naciśnij NEXT HAND
deal-to = Rozdaj do
burn-card = Spal kartę
deal-board = Wyłóż kartę na stół
pay-pots = Naciśnij ENTER, by wypłacić pule
show-or-muck = pokaż lub pasuj
keyed = Wpisano
floor-mode = KIEROWNIK SALI
refused = Odrzucono
last-inputs = Ostatnie wejścia
undo-hint = UNDO cofa ostatnie
shoe = Sabot
panel = Panel
last-key = ostatni klawisz
no-key-yet = jeszcze bez naciśnięcia
key-stuck = zablokowany klawisz
release-key = puść go lub sprawdź panel
floor-store = Baza sali
connected = połączono
not-connected = BRAK POŁĄCZENIA
deals-on = stół gra dalej
all-sent = wszystkie zapisy wysłane
not-yet-sent = niewysłane
store-refused = BAZA ODRZUCIŁA ZAPIS: wezwij kierownika sali
store-unreachable = baza nieosiągalna
login-refused = złe hasło: wezwij kierownika sali
id-not-given = identyfikator nie przydzielony temu stołowi: wezwij kierownika sali
certificate-refused = certyfikat bazy odrzucony: wezwij kierownika sali
store-version = inna wersja bazy: wezwij kierownika sali
working = działa
read-again = ramka odczytana ponownie
silent = MILCZY
total-pot = Razem w puli
call = Sprawdza
raise = Podbija
post = Wpłata
early = Wczesna
middle = Środkowa
late = Późna
stale = NIE NA ŻYWO: brak wieści ze sterownika
lost = EKRAN ROZŁĄCZONY: stół nie jest pokazywany na żywo
undone = COFNIĘTO: ostatnie wejście wycofane
floor-view = Widok kierownika sali
table = Stół
recent-hands = ostatnie rozdania
floor-note = Najnowsze najpierw. Tylko do odczytu. Trwające rozdanie pokazuje tylko to, co stół.
signed-head = Podpisany koniec zapisu (zachowaj go, by zakotwiczyć zapis)
started = Początek
pot = Pula
state = Stan
flags = Uwagi
paid = wypłacone
in-progress = w toku
all-hands = Wszystkie rozdania
corrections = poprawki
misdeals = błędne rozdania
over-pot = ponad pulę
bad-tags = nieznane znaczniki
refusals = odmowy
no-such-hand = Nie ma tu takiego rozdania
older-hand = Starsze niż rozdania trzymane tutaj: odczytaj je przez tablectl audit show
not-a-number = Numer rozdania to liczba całkowita
misdeal = BŁĘDNE ROZDANIE: rozdanie od nowa

## Betting structures and games: the game's name on the limits line, "Pot-limit Omaha".

structure-no-limit = No-limit
structure-pot-limit = Pot-limit
structure-fixed-limit = Fixed-limit
game-holdem = Hold'em
game-omaha = Omaha
game-omaha-hi-lo = Omaha Hi/Lo 8
game-five-card-draw = Pięciokartowy dobierany
game-with-structure = { $structure } { $game }

## Streets.

street-preflop = Preflop
street-flop = Flop
street-turn = Turn
street-river = River
street-draw = Wymiana

## Card names, read aloud by a screen reader and shown on hover (the faces, A K Q J 10 and the suits' symbols, are printed the same in every language).

rank-two = dwójka
rank-three = trójka
rank-four = czwórka
rank-five = piątka
rank-six = szóstka
rank-seven = siódemka
rank-eight = ósemka
rank-nine = dziewiątka
rank-ten = dziesiątka
rank-jack = walet
rank-queen = dama
rank-king = król
rank-ace = as
suit-spades = pik
suit-hearts = kier
suit-diamonds = karo
suit-clubs = trefl
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

hand-royal-flush = Poker królewski
hand-straight-flush = Poker do { RANK($first, form: "up-to") }
hand-four-of-a-kind = Kareta { RANK($first, form: "of-many") }
hand-full-house = Full, { RANK($first, form: "many") } na { RANK($second, form: "on-many") }
hand-flush = Kolor do { RANK($first, form: "up-to") }
hand-straight = Strit do { RANK($first, form: "up-to") }
hand-three-of-a-kind = Trójka { RANK($first, form: "of-many") }
hand-two-pair = Dwie pary, { RANK($first, form: "many") } i { RANK($second, form: "many") }
hand-one-pair = Para { RANK($first, form: "of-many") }
hand-high-card = Wysoka karta, { RANK($first, form: "one") }

hand-rank-one = { $rank ->
    [two] dwójka
    [three] trójka
    [four] czwórka
    [five] piątka
    [six] szóstka
    [seven] siódemka
    [eight] ósemka
    [nine] dziewiątka
    [ten] dziesiątka
    [jack] walet
    [queen] dama
    [king] król
   *[ace] as
}
hand-rank-up-to = { $rank ->
    [two] dwójki
    [three] trójki
    [four] czwórki
    [five] piątki
    [six] szóstki
    [seven] siódemki
    [eight] ósemki
    [nine] dziewiątki
    [ten] dziesiątki
    [jack] waleta
    [queen] damy
    [king] króla
   *[ace] asa
}
hand-rank-many = { $rank ->
    [two] dwójki
    [three] trójki
    [four] czwórki
    [five] piątki
    [six] szóstki
    [seven] siódemki
    [eight] ósemki
    [nine] dziewiątki
    [ten] dziesiątki
    [jack] walety
    [queen] damy
    [king] króle
   *[ace] asy
}
hand-rank-of-many = { $rank ->
    [two] dwójek
    [three] trójek
    [four] czwórek
    [five] piątek
    [six] szóstek
    [seven] siódemek
    [eight] ósemek
    [nine] dziewiątek
    [ten] dziesiątek
    [jack] waletów
    [queen] dam
    [king] królów
   *[ace] asów
}
hand-rank-on-many = { $rank ->
    [two] dwójkach
    [three] trójkach
    [four] czwórkach
    [five] piątkach
    [six] szóstkach
    [seven] siódemkach
    [eight] ósemkach
    [nine] dziewiątkach
    [ten] dziesiątkach
    [jack] waletach
    [queen] damach
    [king] królach
   *[ace] asach
}

## The banner's warnings.

warn-card-refused = Karta odrzucona
warn-shoe-fault = Błędny odczyt z sabotu: karta odczytana ponownie
warn-shoe-lost = UTRACONO POŁĄCZENIE Z SABOTEM: sprawdź sabot i kabel

## The engine's warnings.

warning-over-pot = Miejsce { $seat }: { $asked } ponad pulę, zmniejszone do { $max }, zwrócono { $returned } (R-PL-5)
warning-under-minimum = Miejsce { $seat } wpisano { $asked }, poniżej minimalnego podbicia: poprawione na { $to }
warning-fixed-size = Miejsce { $seat } wpisano { $asked }: stawka w fixed-limit to { $to }
warning-straddle-unconfirmed = Straddle miejsca { $seat } niepotwierdzony przed rozdaniem: zostaje bez opcji (R-STRAD-4)
warning-folded-with-check = Miejsce { $seat } spasowało, choć mogło czekać: pas obowiązuje
warning-openers-unchecked = Miejsce { $seat } otworzyło z nieodczytaną kartą: musi pokazać otwarcie, inaczej kierownik sali uzna rękę za martwą (PD-DRAW)

## Why an input was refused, from its kind: the engine's rules, the panel's keys and
## amounts, the floor's PIN and the deck's tags. The panel's keys keep their printed
## names; `{ $key }` is one of them, `{ $card }` a card's face (K♦).

reason-no-deck = Przy tym stole nie zarejestrowano talii
reason-clock-no-tournament = Żaden turniej nie obsadził jeszcze tego stołu: nie ma rozdania, dopóki nie dotrze zegar z sali
reason-clock-not-started = Zegar turnieju jeszcze nie wystartował: na razie nie ma rozdania
reason-clock-break = Przerwa: nie ma rozdania, dopóki zegar nie ruszy ponownie
reason-clock-paused = Zegar turnieju jest zatrzymany: nie ma rozdania, dopóki dyrektor go nie uruchomi
reason-clock-hand-for-hand = Ręka za ręką: poczekaj, aż wszystkie stoły rozegrają tę rundę
reason-clock-closed = Turniej przy tym stole się zakończył albo stół rozwiązano: koniec rozdań
reason-award = Miejsca { $seat } nie można wypłacić: pokazane ręce mówią inaczej; wypłać według kart lub wezwij kierownika sali
reason-payout = Nie można wypłacić puli: wezwij kierownika sali
reason-no-such-seat = Przy tym stole nie ma miejsca { $seat }
reason-seat-taken = Miejsce { $seat } jest zajęte: wybierz wolne
reason-seat-empty = Nikt nie siedzi na miejscu { $seat }
reason-hand-in-progress = Rozdanie trwa: zmiany miejsc i żetonów czekają do jego końca
reason-player-in-hand = Miejsce { $seat } gra w tym rozdaniu: odejście zapisz po nim
reason-zero-amount = Wpisz kwotę większą od zera
reason-button-already-placed = Button przesuwa się sam po pierwszym rozdaniu
reason-not-enough-players = Potrzeba co najmniej dwóch graczy z żetonami
reason-no-hand = Nie trwa żadne rozdanie: naciśnij NEXT HAND
reason-straddle-not-allowed = Bez straddle'a: wyłączony lub grają mniej niż trzy osoby
reason-straddle-too-late = Straddle wpłaca się przed pierwszą kartą
reason-straddle-already-posted = Jeden straddle na rozdanie
reason-straddle-short = Miejsce { $seat } nie pokryje straddle'a (dwa duże blindy)
reason-betting-not-complete = Licytacja trwa (kolej miejsca { $seat }): odłóż kartę, wezwij kierownika sali
reason-no-card-expected = Teraz nie wydaje się karty: odłóż ją, wezwij kierownika sali
reason-duplicate-card = { $card } już była: zeskanuj ponownie lub wezwij kierownika sali
reason-not-in-deck = { $card } nie należy do talii stołu: usuń ją, wezwij kierownika sali
reason-missing-burn = Najpierw spal kartę, potem wyłóż na stół
reason-unexpected-burn = Teraz nie pali się karty: idzie do gracza lub na stół
reason-not-drawing = Ten gracz teraz nie wymienia
reason-bad-discard = Nie można odrzucić { $card }: nie ma jej w ręce lub wymiana zakończona
reason-no-openers = Miejsce { $seat } nie może otworzyć: trzeba pary króli lub lepiej
reason-replacements-due = Najpierw rozdaj karty na wymianę miejscu { $seat }
reason-draw-count = Wymienia się od 1 do 4 kart, nie { $count }: wpisz liczbę, potem { $key }
reason-discards-due = Miejsce { $seat } wymienia { $asked }, odrzucone { $thrown }: najpierw pozostałe odrzucone przez szczelinę spalonych
reason-more-than-asked = Miejsce { $seat } prosiło o { $asked }: tyle odrzuconych odczytano; jeśli wymienia więcej, wpisz liczbę ponownie
reason-draw-underway = Wymiana miejsca { $seat } trwa: rozdaj resztę albo najpierw UNDO
reason-not-betting = Nie trwa runda licytacji
reason-illegal-action-check = Miejsce { $seat } nie może czekać: jest zakład do sprawdzenia
reason-illegal-action-call = Miejsce { $seat } nie ma czego sprawdzać
reason-illegal-action-fold = Miejsce { $seat } nie może teraz spasować
reason-illegal-action-bet-or-raise = Miejsce { $seat } nie może teraz obstawić ani podbić
reason-illegal-action-all-in = Miejsce { $seat } nie może teraz zagrać all-in
reason-raise-not-allowed = Miejsce { $seat } może tylko sprawdzić lub spasować
reason-below-minimum = Minimum to { $min }: wpisz co najmniej { $min }
reason-above-maximum = Maksimum to { $max }: wpisz najwyżej { $max }
reason-above-stack = Gracz nie ma tylu żetonów: all-in to { $all_in_to }
reason-out-of-turn = Kolej miejsca { $seat }
reason-not-settling = Pulę wypłaca się dopiero po rozdaniu
reason-no-showdown = Teraz nie ma showdownu: karty pokazuje się po ostatniej licytacji
reason-no-hand-to-show = Miejsce { $seat } nie ma kart do pokazania
reason-already-shown = Karty miejsca { $seat } są pokazane: nie można ich spasować
reason-not-your-turn-to-muck = Miejsce { $seat } pasuje w kolejce: najpierw miejsce { $next }
reason-last-hand-in = Miejsce { $seat } zostało samo: wygrywa bez pokazania
reason-last-hand-for-pot = Miejsce { $seat } zostało samo w puli bocznej: pokaż karty
reason-not-premature = Przedwczesną kartę rozstrzyga się przed flopem, turnem lub riverem, raz na rozdanie
reason-premature-card-unnamed = Wskaż przedwczesną kartę turna: leży z boku do rivera
reason-no-floor-number = Decyzja wymaga numeru kierownika sali: wpisz go (1 do 9999)
reason-void-too-late = Pula jest wypłacana: rozdania nie można już unieważnić
reason-no-unconfirmed-straddle = Brak niepotwierdzonego straddle'a w pierwszej licytacji
reason-showdown-open = Miejsce { $seat } pokazuje lub pasuje przed wypłatą
reason-not-eligible = Miejsce { $seat } nie może wygrać tej puli
reason-award-too-large = Do wypłaty zostało tylko { $left }
reason-nothing-to-undo = Nie ma czego cofnąć w tym rozdaniu
reason-misdeal-too-late = Za późno na błędne rozdanie: była już istotna akcja; wezwij kierownika sali
reason-hand-log-full = Zapis rozdania jest pełny: wezwij kierownika sali
reason-chip-overflow = Za dużo żetonów: sprawdź kwotę
reason-exposed-after-deal = Rozdawanie skończone: odkryta karta gra
reason-exposed-first-cards = Odkryta karta oznacza błędne rozdanie: przytrzymaj MISDEAL
reason-no-card-to-expose = Miejsce { $seat } nie ma jeszcze karty
reason-not-seats-last-card = { $card } to nie ostatnia karta miejsca { $seat }
reason-exposed-is-the-burn = Odkryta { $card } to karta spalona: przełóż ją przez otwór do palenia
reason-not-boxable = { $card } to nie karta właśnie rozdana
reason-boxed-stands = { $card } zostaje martwa z decyzji: rozdaj następną w jej miejsce
reason-not-the-opener = Miejsce { $seat } nie otwierało: tylko ręka otwierającego jest martwa z braku otwarcia, przy odkryciu kart
reason-cannot-rejoin = Miejsce { $seat } nie może wrócić: tylko gracz, który spasował w poprzednim rozdaniu, przed pierwszą kartą
reason-cannot-match = Miejsce { $seat } nie może wrócić: wyrównanie to { $amount }, więcej niż ma żetonów
reason-config = Ustawienia stołu są błędne: wezwij technika
reason-key-nobody-to-act = { $key } nieprzyjęte: nikt nie ma kolejki; rozdaj oczekiwane karty
reason-key-no-amount = Najpierw wpisz kwotę (cały zakład), potem BET/RAISE
reason-key-seat-key-in-hand = Klawisz miejsca { $seat } nieprzyjęty: działa między rozdaniami i przy showdownie
reason-key-no-buy-in = Miejsce { $seat } jest wolne: wpisz wpisowe, potem klawisz miejsca
reason-key-empty-seat = Miejsce { $seat } jest wolne: nikt nie odchodzi
reason-key-hand-in-progress = NEXT HAND nieprzyjęte: rozdanie trwa; dokończ je lub przytrzymaj MISDEAL
reason-key-no-hand = { $key } nieprzyjęte: nie trwa rozdanie; przytrzymaj NEXT HAND
reason-key-not-now = { $key } nie działa w tej chwili rozdania
reason-key-amount-keyed = { $key } nieprzyjęte: wpisano kwotę; najpierw CLEAR (decyzje kierownika: przytrzymaj CLEAR)
reason-key-floor-code = Kierownik: wpisz swój numer (1 do 9999) i 4-cyfrowy PIN jako jedną liczbę, potem klawisz decyzji
reason-key-floor-key = { $key } nie jest decyzją kierownika; CLEAR wychodzi z trybu kierownika
reason-key-nothing-to-box = Brak karty odwróconej: rozstrzyga się zaraz po rozdaniu
reason-key-card-code = Wpisz kartę przed trybem kierownika: ranga 2-14, potem kolor 1-4 (144 = as pik)
reason-key-showdown-open = { $key } nieprzyjęte: najpierw miejsce { $seat } pokazuje (klawisz) lub pasuje (przytrzymaj)
reason-pin-no-staff = Brak kierowników sali dla tego stołu: decyzji nie można potwierdzić
reason-pin-not-recognised = Kierownik { $floor }: numer lub PIN nierozpoznany (próby: { $tries_left })
reason-pin-locked = Decyzje zablokowane po błędnych kodach: jeszcze { $seconds } s
reason-pin-lock-not-saved = Nie można zapisać sprawdzenia PIN: decyzji nie przyjęto; sprawdź pamięć sterownika
reason-press-hold-to-confirm = { $key } niewykonane: przytrzymaj { $key } przez sekundę
reason-press-repeated-press = { $key } naciśnięte dwa razy: drugie zignorowano
reason-press-panel-fault = Usterka panelu przycisków: sprawdź kabel, wezwij technika
reason-amount-no-digits = Nie wpisano kwoty: wpisz ją, potem ENTER
reason-amount-too-many-digits = Kwota ma najwyżej { $max } cyfr: CLEAR i wpisz ponownie
reason-amount-overflow = Za duża kwota: CLEAR i wpisz ponownie
reason-amount-not-a-digit = Wpisz kwotę w całych żetonach, np. 1500
reason-amount-not-amount-key = { $key } nie należy do kwoty: zakończ ENTER lub CLEAR
reason-tag-not-in-deck = { $card } nie należy do talii stołu: usuń ją
reason-tag-unknown = Karta spoza talii stołu: usuń ją, wezwij kierownika sali

## The hand log's lines on the floor view and the room's hand pages, said from each
## record's data. { $seat } a seat's number, { $chips } an amount of chips, { $count }
## how many cards, { $players } how many players, { $card } a card's face, { $hand }
## a hand's number, { $floor } the floor person's number, { $street } a street,
## { $blind } a blind's name, { $table } the table's id. The panel's keys (FOLD,
## UNDO) keep their printed names.

entry-config = konfiguracja stołu { $table }
entry-correction = KOREKTA
entry-refused = ODRZUCONO
entry-shoe-frame = ramka sabotu
entry-key = klawisz
entry-short = krótko
entry-long = przytrzymany
entry-double = dwukrotnie
entry-note = notatka
entry-program = program
entry-hidden = (ukryte do wypłaty rozdania)
entry-all-in = (all-in)
entry-input-sit-down = miejsce { $seat } siada z { $chips }
entry-input-top-up = miejsce { $seat } dokłada { $chips }
entry-input-start-hand = nowe rozdanie
entry-input-straddle = straddle
entry-input-card = karta { $card }
entry-input-fold = FOLD
entry-input-check-call = CHECK/CALL
entry-input-bet-to = zakład lub podbicie do { $chips }
entry-input-all-in = ALL IN
entry-input-draw = wymienia { $count }
entry-input-stand-pat = bez wymiany
entry-input-rejoin = miejsce { $seat } wraca
entry-input-misdeal = MISDEAL
entry-input-undo = UNDO
entry-input-set-level = poziom { $level }: blindy { $blinds }, ante { $ante }
entry-input-move-out = miejsce { $seat } przechodzi do innego stołu
entry-input-color-up = wyścig żetonów: miejsce { $seat } na { $chips }
entry-leaves = miejsce { $seat } odchodzi
entry-sits-out = miejsce { $seat } pauzuje
entry-returns = miejsce { $seat } wraca do gry
entry-button = dealer na miejscu { $seat }
entry-burn = spalona { $card }
entry-discards = odrzuca { $card }
entry-shows = miejsce { $seat } pokazuje
entry-mucks = miejsce { $seat } odrzuca karty
entry-wins = miejsce { $seat } wygrywa { $chips }
entry-rake = rake { $chips }
entry-ruling-void-hand = kierownik { $floor } unieważnia rozdanie: zakłady wracają, rozdanie od nowa
entry-ruling-straddle-announced = kierownik { $floor } uznaje zapowiedziany straddle: zachowuje opcję
entry-ruling-premature = kierownik { $floor } uznaje { $card } za przedwczesną: następna ulica bez spalenia
entry-ruling-exposed = kierownik { $floor } uznaje { $card } miejsca { $seat } za odkrytą: pierwsza spalona
entry-ruling-boxed = kierownik { $floor } uznaje { $card } za odwróconą: martwa
entry-ruling-manual = kierownik { $floor } wprowadza { $card } ręcznie: znacznik nieczytelny
entry-ruling-dead-hand = kierownik { $floor } uznaje rękę miejsca { $seat } za martwą: brak otwarcia
entry-ruling-award-override = kierownik { $floor } zezwala wypłacić miejsce { $seat } wbrew pokazanym rękom
entry-post-ante = ante
entry-post-small-blind = mała ciemna
entry-post-big-blind = duża ciemna
entry-post-straddle = straddle
entry-post-enter-big-blind = żywa duża ciemna
entry-post-dead-small-blind = martwa mała ciemna
entry-event-seated = miejsce { $seat } siada z { $chips }
entry-event-topped-up = miejsce { $seat } dokłada { $chips }
entry-event-hand-started = rozdanie { $hand }: dealer na miejscu { $seat }, graczy: { $players }
entry-event-posted = miejsce { $seat } wpłaca { $blind } { $chips }
entry-event-missed-blind = miejsce { $seat }: opuszczona { $blind }, do dopłaty
entry-event-straddle-confirmed = straddle miejsca { $seat } potwierdzony
entry-event-hole-card = miejsce { $seat } dostaje { $card }
entry-event-betting-opened = licytacja { $street }: pierwsze miejsce { $seat }
entry-event-folded = miejsce { $seat } pasuje
entry-event-checked = miejsce { $seat } czeka
entry-event-called = miejsce { $seat } sprawdza { $chips }
entry-event-bet = miejsce { $seat } stawia { $chips }
entry-event-raised = miejsce { $seat } podbija do { $chips }
entry-event-returned = { $chips } niesprawdzone zwrócone miejscu { $seat }
entry-event-round-complete = { $street }: licytacja zakończona
entry-event-draw-asked = miejsce { $seat } wymienia { $count }
entry-event-stood-pat = miejsce { $seat } bez wymiany
entry-event-rejoined = miejsce { $seat } wraca do nowego rozdania, dopłaca { $chips }
entry-event-redeal = wszyscy czekali: nowe rozdanie, pula zostaje; rozdaje miejsce { $seat }
entry-event-hand-over = showdown o { $chips }
entry-event-hand-over-uncontested = została jedna ręka: { $chips } do przyznania
entry-event-showdown-opened = showdown: pierwsze miejsce { $seat } pokazuje lub odrzuca
entry-event-hand-complete = rozdanie { $hand } zakończone
entry-event-misdealt = BŁĘDNE ROZDANIE: rozdanie { $hand } od nowa
entry-event-undone = ostatnie wejście cofnięte
entry-event-level-changed = poziom { $level } (był { $was }): blindy { $blinds }, ante { $ante }, od następnego rozdania
entry-event-moved-out = miejsce { $seat } przechodzi do innego stołu z { $chips }
entry-event-moved-in = miejsce { $seat } przychodzi z innego stołu z { $chips }
entry-event-busted-out = miejsce { $seat } nie ma już żetonów (zaczął rozdanie z { $chips })
entry-event-colored-up = wyścig żetonów: miejsce { $seat } z { $before } na { $after }

## The players' screen: a refusal that would name a card is said by its kind only,
## with no card in it (the dealer's console says the full reason). { $seat } is
## the word for seat and its number.

screen-read-twice = Ta karta była już odczytana w tym rozdaniu: zeskanuj ponownie lub wezwij kierownika sali
screen-foreign-card = Karta spoza talii stołu: usuń ją, wezwij kierownika sali
screen-discard = Tej karty nie można odrzucić: nie ma jej w ręce lub wymiana zakończona
screen-not-last-card = Wpisana karta to nie ostatnia karta: { $seat }
screen-exposed-burn = Odkryta karta to karta spalona: przełóż ją przez otwór do palenia
screen-not-boxable = Wpisana karta to nie karta właśnie rozdana
screen-boxed-stands = Odwrócona karta zostaje martwa z decyzji: rozdaj następną w jej miejsce
screen-opening = { $seat }: otwarcie nieprzyjęte, decyduje kierownik sali
screen-payout = Nie można wypłacić puli: wezwij kierownika sali
screen-unsaid = Odmowa: powód jest na konsoli krupiera, lub wezwij kierownika sali

## The floor's pages: the room page, the hands page and a hand's timeline.
## The figures are filled in by the page: { $seconds }, { $minutes }, { $hours }
## a time, { $count } how many, { $seat } a seat's number, { $record } a record's
## number, { $table } a table's id.

floor-title = Floor: wszystkie stoły
floor-intro = Dziennik rozdań każdego stołu, jak przechowuje go baza floora; strona odświeża się co { $seconds } s. Przebieg rozdania otwiera się po jego zakończeniu.
floor-table = Stół
floor-game = Gra
floor-hand = Rozdanie
floor-pot = Pula
floor-to-act = Kolej
floor-last-input = Ostatni wpis
floor-when = Kiedy
floor-records = Wpisy
floor-backlog = Zaległe
floor-last-shipment = Ostatnia wysyłka
floor-alerts = Alarmy
floor-over = zakończone
floor-in-progress = w toku
floor-stopped-shipping = przestał wysyłać
floor-chain-alerts = alarmy łańcucha: { $count }
floor-flagged-hands = rozdania z błędnym rozdaniem, poprawkami, decyzjami floora, zakładami ponad pulę lub złymi znacznikami: { $count }
floor-unverified = WPISY NIE PRZECHODZĄ WERYFIKACJI: rozdanie, pula i ostatni wpis nie są pokazane
floor-no-alert = Brak alarmów.
floor-clear-hint = Po załatwieniu alarm kasuje się poleceniem:
floor-alert-at = wpis { $record }
floor-seconds-ago = { $seconds } s temu
floor-minutes-ago = { $minutes } min temu
floor-hours-ago = { $hours } godz. temu
floor-never = nigdy
floor-seat-n = miejsce { $seat }
floor-dealing = rozdawanie
floor-board-cards = karty wspólne
floor-exchange = wymiana
floor-showdown = showdown
floor-paying = wypłata puli
floor-between = między rozdaniami
floor-all-tables = wszystkie stoły
floor-all-games = wszystkie gry
floor-alerts-only = tylko alarmy
floor-show = Pokaż
floor-hands = Rozdania
floor-seat = Miejsce
floor-from = Od
floor-to = Do
floor-pot-over = Pula ponad
floor-corrections = poprawki
floor-misdeals = błędne rozdania
floor-rulings = decyzje floora
floor-over-pot-bets = zakłady ponad pulę
floor-bad-tags = złe znaczniki
floor-find-hands = Szukaj rozdań
floor-start = Początek
floor-end = Koniec
floor-rake = Rake
floor-flags = Uwagi
floor-no-hand = Brak pasujących rozdań.
floor-every-table = Wszystkie stoły
floor-language = Język
floor-card-hidden = karta ukryta
floor-gap-alert = brak wpisów
floor-fork-alert = dziennik przepisany
floor-broken-link-alert = wpis zmieniony (zerwany łańcuch)
floor-bad-signature-alert = zły podpis
floor-key-changed-alert = inny klucz
floor-rolled-back-alert = dziennik cofnięty
floor-store-down = Baza floora jest nieosiągalna; ponawiam próbę. Strona odświeża się co { $seconds } s i pokaże salę, gdy baza odpowie.
floor-closed = zamknięty
floor-never-connected = nigdy się nie połączył: sprawdź hasło jego loginu i identyfikator stołu
floor-program = Program · konfiguracja
floor-not-approved = program niezatwierdzony
floor-program-forged = WPIS PROGRAMU NIE PRZECHODZI WERYFIKACJI
floor-unapproved-program-alert = stół { $table } działa na programie, którego floor nie zatwierdził
floor-forged-program-alert = wpis programu stołu { $table } nie przechodzi weryfikacji: nie wiadomo, na czym działa
floor-approve-hint = Program zatwierdza się po sprawdzeniu poleceniem:

## The tournament clock on the room's wall screens (tablectl floor serve: /floor/tournament/ID).

floor-clock-level = Poziom { $level }
floor-clock-break = Przerwa
floor-clock-blinds = Blindy
floor-clock-ante = Ante
floor-clock-big-blind-ante = Ante big blinda
floor-clock-left = Pozostały czas
floor-clock-next = Następny poziom
floor-clock-players = Pozostali gracze
floor-clock-average = Średni stack
floor-clock-pool = Pula nagród
floor-clock-paused = WSTRZYMANY
floor-clock-not-started = Wkrótce start
floor-clock-runs-on = ostatni poziom: bez końca
floor-clock-tournaments = Turnieje
floor-tournament-alert = różni się od dziennika dyrektora turnieju
floor-check-title = Kontrola turnieju
floor-check-seating = Rozsadzenie
floor-check-moves = Przeniesienia
floor-check-eliminations = Eliminacje
floor-check-audit = Żetony na poziom
floor-check-alerts = Alarmy
floor-check-entry = Wejście
floor-check-from = Skąd
floor-check-to = Dokąd
floor-check-director = Żetony według dyrektora
floor-check-departed = Odszedł z
floor-check-arrived = Przyszedł z
floor-check-table-said = Stół zapisał
floor-check-now = Teraz
floor-check-expected = Oczekiwane
floor-check-counted = Policzone
floor-check-matches = zgodne
floor-check-differs = różnica
floor-check-waiting = czekamy na stoły
floor-check-nothing = nie zapisano
floor-check-none = Jeszcze brak.
floor-check-clock = Zegar
floor-check-round = ręka za ręką, runda { $round }
floor-check-unchecked = Zapisów stołów nie można sprawdzić: wezwij ochronę sali.

## The dealer's inputs on the floor's pages, by their verb in the hand log.

floor-verb-seat = posadzenie
floor-verb-topup = dokupienie
floor-verb-leave = odchodzi
floor-verb-sitout = pauzuje
floor-verb-sitin = wraca
floor-verb-button = przycisk dealera
floor-verb-hand = nowe rozdanie
floor-verb-straddle = strzał
floor-verb-deal = karta rozdana
floor-verb-burn = karta spalona
floor-verb-discard = karta wymieniona
floor-verb-fold = pas
floor-verb-call = czekanie lub sprawdzenie
floor-verb-bet = zakład lub podbicie do
floor-verb-allin = va banque
floor-verb-standpat = bez wymiany
floor-verb-show = odkrywa
floor-verb-muck = zrzuca
floor-verb-award = pula wypłacona
floor-verb-rake = prowizja
floor-verb-misdeal = błędne rozdanie
floor-verb-undo = poprawka
floor-verb-ruling = decyzja floora

# Turniej na ekranach stołu (graczy i krupiera): krótko, by zmieścić się na ekranie 800x480 obok rozdania.
table-clock-level = Poziom { $level }
table-clock-break = Przerwa
table-clock-not-started = Wkrótce start
table-clock-ante = Ante
table-clock-big-blind-ante = Ante dużej ciemnej
table-clock-next = Dalej
table-clock-players = Gracze
table-clock-average = Średnio
table-clock-pool = Pula nagród
table-clock-paused = WSTRZYMANY
table-clock-runs-on = ostatni poziom
table-clock-stale = Zegar według ostatniej wieści z { $time }: baza floora nie odpowiada
