### The table's words in English: the source every other language translates.
### Each message is `id = text`; `{ $name }` is a figure the program fills in
### (a seat, an amount, a card), already written as the language writes numbers.
### How to add or change one: docs/translating.md.

## The display's labels, the floor view's and the pages' headings.

seat = Seat
hand = Hand
to-act = To act
to-call = To call
check = Check
min-bet = Min bet
min-raise-to = Min raise to
pot-limit-max = Pot-limit max
fixed-to = Bet or raise to
no-raise = No raise: call or fold
main-pot = Main pot
side-pot = Side pot
seats = Seats
wins = wins
burned = Burned
rake = Rake
folded = Folded
all-in = All-in
win = Win
tie = Tie
# A seat's chance at the main pot and at each side pot, in its box: the
# pot's name without "pot", in whole words (never "Bocz. 1", which
# nobody reads from two metres).
main-short = Main
side-short = Side
# The halves of a hi/lo pot, in the winners' lines of a pot's box
# ("High: Seat 1 +300"): the half in one whole word, short enough for a
# pot's line to hold on one line of a portrait screen at the smallest type
# read from two metres (Russian says the halves as its players do,
# as in the game's name, "хай-лоу": "высокая половина" needs two lines).
high-half = high
low-half = low
both-halves = both halves
# The limits line: the game's stakes in full words.
blinds = Blinds
ante = Ante
big-blind-ante = Big-blind ante
bets = Bets
last-hands = Last hands
missed-sb = Missed SB
missed-bb = Missed BB
# The seats' markers, as each country's tables abbreviate the button,
# the small and big blind and the straddle.
button-mark = D
small-blind-mark = SB
big-blind-mark = BB
straddle-mark = STR
new-player = New player
sitting-out = Sitting out
dealing = Dealing
showdown = Showdown
between-hands = Between hands
stack = Stack
bet = Bet
low = Low
board = Board
draws = Draws
stands-pat = Stands pat
to-draw = To draw
before-draw = Before the draw
after-draw = After the draw
redeal = Everyone checked: the cards are dealt again, the pot stays
next-hand = Press NEXT HAND
deal-to = Deal to
burn-card = Burn a card
deal-board = Deal the board
pay-pots = Press ENTER to pay the pots
show-or-muck = show or muck
keyed = Keyed
floor-mode = FLOOR
refused = Refused
last-inputs = Last inputs
undo-hint = UNDO takes back the last
shoe = Shoe
panel = Panel
last-key = last key
no-key-yet = no key pressed yet
key-stuck = key stuck
release-key = release it or check the panel
floor-store = Floor store
connected = connected
not-connected = NOT CONNECTED
deals-on = the table deals on
all-sent = every record sent
not-yet-sent = not yet sent
store-refused = THE STORE REFUSED THE LOG: call the floor
store-unreachable = store unreachable
login-refused = wrong password: call the floor
id-not-given = table id not given to this table: call the floor
certificate-refused = store's certificate refused: call the floor
store-version = store's version differs: call the floor
working = working
read-again = a frame read again
silent = SILENT
total-pot = Total pot
call = Call
raise = Raise
post = Post
early = Early
middle = Middle
late = Late
stale = NOT LIVE: no word from the controller
lost = SCREEN DISCONNECTED: the table is not shown live
undone = UNDO: the last input was taken back
# The floor view.
floor-view = Floor view
table = Table
recent-hands = recent hands
floor-note = Newest first. Read-only. A hand in progress shows only what the table shows.
signed-head = Signed head (keep it to anchor the log)
started = Started
pot = Pot
state = State
flags = Flags
paid = paid
in-progress = in progress
all-hands = All hands
corrections = corrections
misdeals = misdeals
over-pot = over the pot
bad-tags = unknown tags
refusals = refusals
no-such-hand = No such hand here
older-hand = Older than the hands kept here: read it with tablectl audit show
not-a-number = A hand number is a whole number
misdeal = MISDEAL: the hand is dealt again

## Betting structures and games: the game's name on the limits line, "Pot-limit Omaha".

structure-no-limit = No-limit
structure-pot-limit = Pot-limit
structure-fixed-limit = Fixed-limit
game-holdem = Hold'em
game-omaha = Omaha
game-omaha-hi-lo = Omaha Hi/Lo 8 or better
game-five-card-draw = Five-card draw
# The structure's name, then the game's.
game-with-structure = { $structure } { $game }

## Streets.

street-preflop = Preflop
street-flop = Flop
street-turn = Turn
street-river = River
street-draw = Draw

## Card names, read aloud by a screen reader and shown on hover (the faces, A K Q J 10 and the suits' symbols, are printed the same in every language).

rank-two = two
rank-three = three
rank-four = four
rank-five = five
rank-six = six
rank-seven = seven
rank-eight = eight
rank-nine = nine
rank-ten = ten
rank-jack = jack
rank-queen = queen
rank-king = king
rank-ace = ace
suit-spades = spades
suit-hearts = hearts
suit-diamonds = diamonds
suit-clubs = clubs
# A card's full name: "ace of spades".
card-name = { $rank } of { $suit }

## The banner's warnings.

# Before the reason: "Card refused: <why>".
warn-card-refused = Card refused
warn-shoe-fault = Shoe read damaged: card read again
warn-shoe-lost = SHOE LINK LOST: check the shoe and its cable

## The engine's warnings. The screen's English is the engine's own text (the console, the hand log and the PHH export say it too); the English here is that text, kept equal to it by a test, for translators to translate from.

warning-over-pot = seat { $seat } bet { $asked } over the pot: reduced to { $max }, { $returned } returned (R-PL-5)
warning-under-minimum = seat { $seat } entered { $asked }, below the minimum raise: made { $to }
warning-fixed-size = seat { $seat } entered { $asked }: the fixed-limit size is { $to }
warning-straddle-unconfirmed = seat { $seat }'s straddle was not confirmed before the deal: it stands without the option (R-STRAD-4)
warning-folded-with-check = seat { $seat } folded when he could check: the fold stands
warning-openers-unchecked = seat { $seat } opened with a card the shoe did not read: he must show openers, or the floor rules his hand dead (PD-DRAW)
