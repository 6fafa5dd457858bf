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
