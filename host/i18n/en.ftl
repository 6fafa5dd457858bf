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

hand-royal-flush = Royal flush
hand-straight-flush = Straight flush, { RANK($first, form: "one") } high
hand-four-of-a-kind = Four of a kind, { RANK($first, form: "many") }
hand-full-house = Full house, { RANK($first, form: "many") } over { RANK($second, form: "many") }
hand-flush = Flush, { RANK($first, form: "one") } high
hand-straight = Straight, { RANK($first, form: "one") } high
hand-three-of-a-kind = Three of a kind, { RANK($first, form: "many") }
hand-two-pair = Two pair, { RANK($first, form: "many") } and { RANK($second, form: "many") }
hand-one-pair = Pair of { RANK($first, form: "many") }
hand-high-card = High card, { RANK($first, form: "one") }

hand-rank-one = { $rank ->
    [two] two
    [three] three
    [four] four
    [five] five
    [six] six
    [seven] seven
    [eight] eight
    [nine] nine
    [ten] ten
    [jack] jack
    [queen] queen
    [king] king
   *[ace] ace
}
hand-rank-up-to = { hand-rank-one }
hand-rank-many = { $rank ->
    [two] twos
    [three] threes
    [four] fours
    [five] fives
    [six] sixes
    [seven] sevens
    [eight] eights
    [nine] nines
    [ten] tens
    [jack] jacks
    [queen] queens
    [king] kings
   *[ace] aces
}
hand-rank-of-many = { hand-rank-many }
hand-rank-on-many = { hand-rank-many }

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

## Why an input was refused, from its kind: the engine's rules, the panel's keys and
## amounts, the floor's PIN and the deck's tags. The panel's keys keep their printed
## names; `{ $key }` is one of them, `{ $card }` a card's face (K♦).

# The screen's English is the engine's own text (the console and the hand log say
# it too); a test keeps each message here equal to it. A message marked "fuller"
# is said by the engine with details the other languages leave out.

reason-no-deck = no deck is enrolled at this table
reason-clock-no-tournament = no tournament seats this table yet: no hand until the floor's clock is heard
reason-clock-not-started = the tournament's clock has not started: no hand yet
reason-clock-break = break: no hand until the clock runs again
reason-clock-paused = the tournament's clock is stopped: no hand until the director runs it
reason-clock-hand-for-hand = hand-for-hand: wait until every table has played this round
reason-clock-closed = this table's tournament is over or the table broken: no more hands
# fuller in the engine's text
reason-award = seat { $seat } cannot be paid: the hands shown say otherwise; pay by the cards or call the floor
# fuller in the engine's text
reason-payout = the pot cannot be paid: call the floor
reason-no-such-seat = there is no seat { $seat } at this table
reason-seat-taken = seat { $seat } is taken: choose an empty seat
reason-seat-empty = nobody sits in seat { $seat }
reason-hand-in-progress = a hand is in progress: seat changes and chips wait until it is over (R-TABLE-4)
reason-player-in-hand = seat { $seat } was dealt into this hand: record the departure when the hand is over
reason-zero-amount = enter an amount above zero
reason-button-already-placed = the button moves by itself after the first hand (R-BTN-1)
reason-not-enough-players = at least two players with chips must be dealt in
reason-no-hand = no hand is in progress: press NEXT HAND
reason-straddle-not-allowed = no straddle: it is off at this table, or fewer than three players are in (PD-STRAD)
reason-straddle-too-late = the straddle must be posted before the first hole card (R-STRAD-2)
reason-straddle-already-posted = one straddle per hand (R-STRAD-1)
reason-straddle-short = seat { $seat } cannot cover the straddle of twice the big blind (R-STRAD-2)
reason-betting-not-complete = betting is not complete (seat { $seat } to act): set the card aside and call the floor (PD-PREMATURE)
reason-no-card-expected = no card is due now: set the card aside and call the floor (PD-RFID)
reason-duplicate-card = { $card } was already seen this hand: re-scan the card or call the floor (PD-RFID)
reason-not-in-deck = { $card } is not in this table's deck: remove it and call the floor (foul deck, PD-RFID)
reason-missing-burn = the burn card is due first: burn a card, then deal the board (R-BURN-1, PD-BURN)
reason-unexpected-burn = no burn is due now: the next card goes to a player or the board (PD-BURN)
reason-not-drawing = no exchange is due from this player now (R-DRAW-5)
reason-bad-discard = { $card } cannot be discarded: it is not in the player's hand, four are already out, or a replacement has come (R-DRAW-5)
reason-no-openers = seat { $seat } cannot open: opening needs a pair of kings or better on the 32-card deck (R-DRAW-2)
reason-replacements-due = deal seat { $seat } the replacement cards for the discards first (R-DRAW-5)
reason-draw-count = a player draws 1 to 4 cards, not { $count }: key the count, then { $key } (nothing keyed: stands pat) (R-DRAW-5)
reason-discards-due = seat { $seat } draws { $asked }: { $thrown } discarded so far; pass his other discards through the burn slot before the replacements (R-DRAW-5)
reason-more-than-asked = seat { $seat } asked for { $asked }: that many discards are read; key his count again if he draws more (R-DRAW-5)
reason-draw-underway = seat { $seat }'s replacements have begun: deal the rest, or UNDO them first (R-DRAW-5)
reason-not-betting = no betting round is open
reason-illegal-action-check = seat { $seat } may not check: there is a bet to call
reason-illegal-action-call = seat { $seat } may not call: there is nothing to call
reason-illegal-action-fold = seat { $seat } may not fold
reason-illegal-action-bet-or-raise = seat { $seat } may not bet or raise
reason-illegal-action-all-in = seat { $seat } may not go all-in
reason-raise-not-allowed = seat { $seat } may only call or fold: the betting is not reopened or the cap is reached (PD-REOPEN, R-FL-2)
reason-below-minimum = the minimum is { $min }: enter at least { $min }
reason-above-maximum = the maximum is { $max }: enter at most { $max }
reason-above-stack = the player does not have that many chips: all-in is { $all_in_to }
reason-out-of-turn = it is seat { $seat }'s turn
reason-not-settling = the pot is paid only when the hand is over
reason-no-showdown = no showdown now: hands are shown after the last betting round
reason-no-hand-to-show = seat { $seat } has no hand at the showdown
reason-already-shown = seat { $seat }'s hand is tabled: a shown hand cannot be mucked
reason-not-your-turn-to-muck = seat { $seat } mucks in turn: seat { $next } shows or mucks first (R-SHOW-3)
reason-last-hand-in = seat { $seat } is the last hand in: he wins without showing
reason-last-hand-for-pot = seat { $seat } is the last hand in for a side pot: his hand stays in; show it
reason-not-premature = a premature card is ruled in the betting round before the flop, turn or river of a board game, once a hand
reason-premature-card-unnamed = name the premature turn card: it is set aside until the river
reason-no-floor-number = a floor ruling needs the floor person's number: key it (1 to 9999), then the ruling
reason-void-too-late = the pot is being paid: the hand can no longer be voided
reason-no-unconfirmed-straddle = no unconfirmed straddle in the first betting round to rule announced
reason-showdown-open = seat { $seat } shows or mucks before the pot is paid
reason-not-eligible = seat { $seat } cannot win this pot
reason-award-too-large = only { $left } is left to award
reason-nothing-to-undo = nothing to undo in this hand
reason-misdeal-too-late = too late for a misdeal: substantial action has taken place; call the floor (PD-MISDEAL)
reason-hand-log-full = this hand's record is full: call the floor
reason-chip-overflow = chip count too large: check the amount
reason-exposed-after-deal = the deal is over: an exposed card plays (PD-EXPOSED); rule it during the deal
reason-exposed-first-cards = the first or second card of the deal is exposed: hold MISDEAL (PD-MISDEAL)
reason-no-card-to-expose = seat { $seat } has no card yet to expose
reason-not-seats-last-card = { $card } is not the last card dealt to seat { $seat }
reason-exposed-is-the-burn = the exposed card { $card } is this burn: pass it through the burn slot (PD-EXPOSED)
reason-not-boxable = { $card } is not the card just dealt: a boxed card is ruled right after its read
reason-boxed-stands = { $card } was ruled boxed and stays dead: deal the next card in its place
reason-not-the-opener = seat { $seat } did not open: only the opener's hand is dead for want of openers, at the showdown (PD-DRAW)
reason-cannot-rejoin = seat { $seat } cannot rejoin: only a player who dropped out of the last deal rejoins a redeal, before its first card (R-DRAW-6)
reason-cannot-match = seat { $seat } cannot rejoin: matching takes { $amount }, more than his stack
# fuller in the engine's text
reason-config = the table's settings are wrong: call a technician
reason-key-nobody-to-act = { $key } not taken: nobody is to act now; deal the cards the table is waiting for
reason-key-no-amount = Key the amount first (the total of the bet), then BET/RAISE
reason-key-seat-key-in-hand = Seat { $seat } key not taken: seat keys work between hands, and at the showdown to show or muck
reason-key-no-buy-in = Seat { $seat } is empty: key the buy-in, then press the seat key
reason-key-empty-seat = Seat { $seat } is empty: nobody to leave
reason-key-hand-in-progress = NEXT HAND not taken: this hand is not over; finish it, or hold MISDEAL
reason-key-no-hand = { $key } not taken: no hand is being played; hold NEXT HAND to start one
reason-key-not-now = { $key } has no use at this point of the hand
reason-key-amount-keyed = { $key } not taken: an amount is keyed; press CLEAR first (floor rulings: hold CLEAR)
reason-key-floor-code = Floor: key your number (1 to 9999) and your 4-digit PIN as one number, then the ruling's key
reason-key-floor-key = { $key } makes no floor ruling: MISDEAL held, STRADDLE, UNDO held, a seat key, FOLD or ENTER; CLEAR leaves floor mode
reason-key-nothing-to-box = No card to box: a boxed card is ruled right after it is dealt
reason-key-card-code = Key the card before floor mode: rank 2-14, then suit 1 clubs 2 diamonds 3 hearts 4 spades (144 = ace of spades)
reason-key-showdown-open = { $key } not taken: seat { $seat } shows or mucks first: press his seat key to show, hold it to muck
reason-pin-no-staff = no floor staff are set for this table ([panel] staff in table.toml): no ruling can be confirmed
reason-pin-not-recognised = floor { $floor }: number or PIN not recognised ({ $tries_left } tries left)
reason-pin-locked = floor rulings are locked after 3 wrong codes: { $seconds } s left
reason-pin-lock-not-saved = the PIN check could not be saved to the table's data folder: no ruling taken; check the controller's storage
reason-press-hold-to-confirm = { $key } not done: hold { $key } for a second to confirm
reason-press-repeated-press = { $key } pressed twice: the second press was ignored; press it again if you meant it
# fuller in the engine's text
reason-press-panel-fault = the button panel is faulty: check its cable, call a technician
reason-amount-no-digits = No amount keyed: key the amount, then ENTER
reason-amount-too-many-digits = Amounts have at most { $max } digits: press CLEAR and key the amount again
reason-amount-overflow = Amount too large: press CLEAR and key the amount again
# fuller in the engine's text
reason-amount-not-a-digit = type the amount in whole chips, e.g. 1500
reason-amount-not-amount-key = { $key } is not part of an amount: finish it with ENTER or press CLEAR
# fuller in the engine's text
reason-tag-not-in-deck = { $card } is not in this table's deck: take it out
reason-tag-unknown = Tag not in this table's deck: remove the card and call the floor (foul deck)

## The hand log's lines on the floor view and the room's hand pages, said from each
## record's data. { $seat } a seat's number, { $chips } an amount of chips, { $count }
## how many cards, { $players } how many players, { $card } a card's face, { $hand }
## a hand's number, { $floor } the floor person's number, { $street } a street,
## { $blind } a blind's name, { $table } the table's id. The panel's keys (FOLD,
## UNDO) keep their printed names.

entry-config = configuration of table { $table }
entry-correction = CORRECTION
entry-refused = REFUSED
entry-shoe-frame = shoe frame
entry-key = key
entry-short = short
entry-long = held
entry-double = twice
entry-note = note
entry-program = program
entry-hidden = (hidden until the hand is paid)
entry-all-in = (all-in)
entry-input-sit-down = seat { $seat } sits down with { $chips }
entry-input-top-up = seat { $seat } adds { $chips }
entry-input-start-hand = new hand
entry-input-straddle = straddle
entry-input-card = card { $card }
entry-input-fold = FOLD
entry-input-check-call = CHECK/CALL
entry-input-bet-to = bet or raise to { $chips }
entry-input-all-in = ALL IN
entry-input-draw = draws { $count }
entry-input-stand-pat = stands pat
entry-input-rejoin = seat { $seat } rejoins
entry-input-misdeal = MISDEAL
entry-input-undo = UNDO
entry-input-set-level = level { $level }: blinds { $blinds }, ante { $ante }
entry-input-move-out = seat { $seat } moves to another table
entry-input-color-up = chip race: seat { $seat } to { $chips }
entry-leaves = seat { $seat } leaves
entry-sits-out = seat { $seat } sits out
entry-returns = seat { $seat } returns
entry-button = button on seat { $seat }
entry-burn = burn { $card }
entry-discards = discards { $card }
entry-shows = seat { $seat } shows
entry-mucks = seat { $seat } mucks
entry-wins = seat { $seat } wins { $chips }
entry-rake = rake { $chips }
entry-ruling-void-hand = floor { $floor } rules the hand void: every bet returned, dealt again
entry-ruling-straddle-announced = floor { $floor } rules the straddle announced: it keeps its option
entry-ruling-premature = floor { $floor } rules { $card } premature: the next street comes without a burn
entry-ruling-exposed = floor { $floor } rules seat { $seat }'s { $card } exposed: the first burn
entry-ruling-boxed = floor { $floor } rules { $card } boxed: it is dead
entry-ruling-manual = floor { $floor } enters { $card } by hand: its tag does not read
entry-ruling-dead-hand = floor { $floor } rules seat { $seat }'s hand dead: no openers
entry-ruling-award-override = floor { $floor } rules seat { $seat } may be paid against the hands shown
entry-post-ante = ante
entry-post-small-blind = small blind
entry-post-big-blind = big blind
entry-post-straddle = straddle
entry-post-enter-big-blind = live big blind
entry-post-dead-small-blind = dead small blind
entry-event-seated = seat { $seat } sits down with { $chips }
entry-event-topped-up = seat { $seat } adds { $chips }
entry-event-hand-started = hand { $hand }: button on seat { $seat }, { $players } players
entry-event-posted = seat { $seat } posts { $blind } { $chips }
entry-event-missed-blind = seat { $seat } misses the { $blind } and owes it
entry-event-straddle-confirmed = seat { $seat }'s straddle confirmed
entry-event-hole-card = seat { $seat } gets { $card }
entry-event-betting-opened = betting { $street }: seat { $seat } first
entry-event-folded = seat { $seat } folds
entry-event-checked = seat { $seat } checks
entry-event-called = seat { $seat } calls { $chips }
entry-event-bet = seat { $seat } bets { $chips }
entry-event-raised = seat { $seat } raises to { $chips }
entry-event-returned = { $chips } uncalled returned to seat { $seat }
entry-event-round-complete = { $street }: betting complete
entry-event-draw-asked = seat { $seat } draws { $count }
entry-event-stood-pat = seat { $seat } stands pat
entry-event-rejoined = seat { $seat } rejoins the redeal, matching with { $chips }
entry-event-redeal = everyone checked: redeal, the pot stays; seat { $seat } deals
entry-event-hand-over = showdown for { $chips }
entry-event-hand-over-uncontested = one hand left: { $chips } to award
entry-event-showdown-opened = showdown: seat { $seat } shows or mucks first
entry-event-hand-complete = hand { $hand } complete
entry-event-misdealt = MISDEAL: hand { $hand } is dealt again
entry-event-undone = last input undone
entry-event-level-changed = level { $level } (was { $was }): blinds { $blinds }, ante { $ante }, from the next hand
entry-event-moved-out = seat { $seat } moves to another table with { $chips }
entry-event-moved-in = seat { $seat } moves in from another table with { $chips }
entry-event-busted-out = seat { $seat } is out of chips (began the hand with { $chips })
entry-event-colored-up = chip race: seat { $seat } goes from { $before } to { $after }

## The players' screen: a refusal that would name a card is said by its kind only,
## with no card in it (the dealer's console says the full reason). { $seat } is
## the word for seat and its number.

screen-read-twice = This card was already read this hand: re-scan it or call the floor (PD-RFID)
screen-foreign-card = This card is not of this table's deck: remove it and call the floor (PD-RFID)
screen-discard = This card cannot be discarded: it is not in the player's hand, or the exchange is over (R-DRAW-5)
screen-not-last-card = The card keyed is not the last card dealt to { $seat }
screen-exposed-burn = The exposed card is this burn: pass it through the burn slot (PD-EXPOSED)
screen-not-boxable = The card keyed is not the card just dealt: a boxed card is ruled right after its read
screen-boxed-stands = The boxed card stays dead by the ruling: deal the next card in its place
screen-opening = { $seat }: opening not taken, the floor decides (R-DRAW-2)
screen-payout = The pot cannot be paid: call the floor
screen-unsaid = Input refused: the dealer's console says why, or call the floor

## The floor's pages: the room page, the hands page and a hand's timeline.
## The figures are filled in by the page: { $seconds }, { $minutes }, { $hours }
## a time, { $count } how many, { $seat } a seat's number, { $record } a record's
## number, { $table } a table's id.

floor-title = Floor: every table
# The room page's opening line; { $seconds } is how often it reloads.
floor-intro = Every table's hand log as the floor's store holds it; this page reloads every { $seconds } s. A hand's timeline opens once the hand is over.
floor-table = Table
floor-game = Game
floor-hand = Hand
floor-pot = Pot
floor-to-act = To act
floor-last-input = Last input
floor-when = When
floor-records = Records
floor-backlog = Backlog
floor-last-shipment = Last shipment
floor-alerts = Alerts
floor-over = over
floor-in-progress = in progress
floor-stopped-shipping = stopped shipping
# A table's alerts about its chain of records; { $count } is how many.
floor-chain-alerts = chain alerts: { $count }
# { $count } is how many hands have one of these marks.
floor-flagged-hands = hands with misdeals, corrections, floor rulings, over-pot bets or bad tags: { $count }
floor-unverified = RECORDS DO NOT VERIFY: hand, pot and last input not shown
floor-no-alert = No alert.
floor-clear-hint = Clear one once dealt with:
# Where in a table's log an alert is: { $record } is the record's number.
floor-alert-at = record { $record }
# How long ago a table's last input was.
floor-seconds-ago = { $seconds } s ago
floor-minutes-ago = { $minutes } min ago
floor-hours-ago = { $hours } h ago
floor-never = never
# Whose turn it is: { $seat } is the seat's number.
floor-seat-n = seat { $seat }
floor-dealing = dealing
floor-board-cards = board cards
floor-exchange = the draw
floor-showdown = showdown
floor-paying = paying the pot
floor-between = between hands
floor-all-tables = every table
floor-all-games = every game
floor-alerts-only = alerts only
floor-show = Show
floor-hands = Hands
floor-seat = Seat
floor-from = From
floor-to = To
floor-pot-over = Pot over
floor-corrections = corrections
floor-misdeals = misdeals
floor-rulings = floor rulings
floor-over-pot-bets = over-pot bets
floor-bad-tags = bad tags
floor-find-hands = Find hands
floor-start = Start
floor-end = End
floor-rake = Rake
floor-flags = Flags
floor-no-hand = No hand matches.
floor-every-table = Every table
floor-language = Language
floor-card-hidden = card hidden
floor-gap-alert = records missing
floor-fork-alert = log rewritten (fork)
floor-broken-link-alert = record changed (broken chain)
floor-bad-signature-alert = bad signature
floor-key-changed-alert = another key
floor-rolled-back-alert = log rolled back
# Shown while the floor's store does not answer; { $seconds } is how often the page reloads.
floor-store-down = The floor's store is not reachable; retrying. This page reloads every { $seconds } s and shows the room once the store answers.
floor-closed = closed
floor-never-connected = never connected: check its login's password and its table id
floor-program = Program · configuration
floor-not-approved = program not approved
floor-program-forged = PROGRAM RECORD DOES NOT VERIFY
# { $table } is the table's id.
floor-unapproved-program-alert = table { $table } runs a program the floor has not approved
# { $table } is the table's id.
floor-forged-program-alert = table { $table }'s program record does not verify: what it runs is not known
floor-approve-hint = Approve a program once it is inspected:

## The tournament clock on the room's wall screens (tablectl floor serve: /floor/tournament/ID).

floor-clock-level = Level { $level }
floor-clock-break = Break
floor-clock-blinds = Blinds
floor-clock-ante = Ante
floor-clock-big-blind-ante = Big-blind ante
floor-clock-left = Time left
floor-clock-next = Next level
floor-clock-players = Players left
floor-clock-average = Average stack
floor-clock-pool = Prize pool
floor-clock-paused = PAUSED
floor-clock-not-started = Starts soon
floor-clock-runs-on = last level: no end
floor-clock-tournaments = Tournaments
floor-tournament-alert = differs from the tournament director's log
floor-check-title = Tournament check
floor-check-seating = Seating
floor-check-moves = Moves
floor-check-eliminations = Eliminations
floor-check-audit = Chips per level
floor-check-alerts = Alerts
floor-check-entry = Entry
floor-check-from = From
floor-check-to = To
floor-check-director = Director's chips
floor-check-departed = Departed with
floor-check-arrived = Arrived with
floor-check-table-said = Table recorded
floor-check-now = Now
floor-check-expected = Expected
floor-check-counted = Counted
floor-check-matches = matches
floor-check-differs = differs
floor-check-waiting = waiting for the tables
floor-check-nothing = not recorded
floor-check-none = None yet.
floor-check-clock = Clock
floor-check-round = hand-for-hand round { $round }
floor-check-unchecked = The tables' records cannot be checked: call the floor's security.

## The dealer's inputs on the floor's pages, by their verb in the hand log.

floor-verb-seat = seat
floor-verb-topup = top-up
floor-verb-leave = leaves
floor-verb-sitout = sits out
floor-verb-sitin = sits in
floor-verb-button = button
floor-verb-hand = new hand
floor-verb-straddle = straddle
floor-verb-deal = card dealt
floor-verb-burn = card burned
floor-verb-discard = card thrown
floor-verb-fold = fold
floor-verb-call = check or call
floor-verb-bet = bet or raise to
floor-verb-allin = all-in
floor-verb-standpat = stands pat
floor-verb-show = shows
floor-verb-muck = mucks
floor-verb-award = pot paid
floor-verb-rake = rake
floor-verb-misdeal = misdeal
floor-verb-undo = correction
floor-verb-ruling = floor ruling

# The tournament on the table's screens (players' and dealer's): short, to fit a
# 800x480 screen beside the hand; { $time } is the hour the floor's store last answered.
table-clock-level = Level { $level }
table-clock-break = Break
table-clock-not-started = Starts soon
table-clock-ante = Ante
table-clock-big-blind-ante = Big-blind ante
table-clock-next = Next
table-clock-players = Players
table-clock-average = Average
table-clock-pool = Prize pool
table-clock-paused = PAUSED
table-clock-runs-on = last level
table-clock-stale = Clock as last heard at { $time }: the floor is not answering
