//! Settling a hand: the engine's ledger becomes main and side pots ([`crate::money::pots`]),
//! the players' cards are valued ([`crate::money::hand`]), each pot is paid
//! ([`crate::money::showdown`]), and the awards go back to the engine as inputs, which
//! checks every chip of them. Nothing here repeats a betting rule.

use crate::money::eval::{EvalError, LowValue};
use crate::money::hand::{self, HandRules};
use crate::money::pots::{self, Pot, PotError};
use crate::money::showdown::{self, Settings, Settlement, ShowdownError};
use firmware::config::{MAX_BOARD_CARDS, MAX_HOLE_CARDS, MAX_SEATS};
use firmware::{Card, Chips, Event, Events, Input, Phase, Rank, RuleError, SeatNo, Suit, Table};
use std::fmt;

/// How the table pays: the money rules of its settings (PD-ODD, PD-RAKE, PD-HILO,
/// PD-DECK), read from [`firmware::TableConfig::money`].
pub use firmware::rules::MoneyRules;

/// A hand's high strength: valued in [`crate::money::hand`], named here too since
/// the showdown pays by it ([`ShownHand::high`]).
pub use crate::money::hand::High;

/// The split rules of `money` as the showdown takes them.
fn split_settings(money: &MoneyRules) -> Settings {
    Settings {
        odd_chip: money.odd_chip,
        rake: money.rake(),
        chip_unit: money.chip_unit,
    }
}

/// One pot as paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidPot {
    /// Chips in the pot (before rake).
    pub amount: Chips,
    /// Seats that may win it (not folded when betting ended).
    pub eligible: Vec<SeatNo>,
    /// Seats paid from it, with what each receives.
    pub winners: Vec<(SeatNo, Chips)>,
}

/// A player's hand at the showdown, for the display and the log. The values are
/// kept and their names written by `Display` when shown ("Full house, kings over
/// tens", "Low 8-6-4-2-A"), not for every hand settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownHand {
    /// The seat.
    pub seat: SeatNo,
    /// The high hand.
    pub high: High,
    /// The low hand in hi/lo, if he has one.
    pub low: Option<LowValue>,
}

/// What the hand paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    /// Main pot first, then side pots in the order they formed.
    pub pots: Vec<PaidPot>,
    /// The rake.
    pub rake: Chips,
    /// Every hand that was valued.
    pub hands: Vec<ShownHand>,
    /// Whether the pot went to the last player without a showdown.
    pub uncontested: bool,
}

/// Why a hand could not be settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettleError {
    /// The hand is not at its settlement.
    NotSettling,
    /// A player who can still win has cards the shoe did not read: the dealer must
    /// read them or the floor must decide.
    UnknownCards(SeatNo),
    /// A hand could not be valued (wrong number of cards).
    Eval(SeatNo, EvalError),
    /// The pots could not be formed.
    Pots(PotError),
    /// The pots could not be paid.
    Showdown(ShowdownError),
    /// The engine refused an award.
    Rule(RuleError),
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettleError::NotSettling => f.write_str("the hand is not over"),
            SettleError::UnknownCards(s) => {
                write!(
                    f,
                    "seat {s}'s cards were not read: read them at the shoe or call the floor"
                )
            }
            SettleError::Eval(s, e) => write!(f, "seat {s}'s hand: {e}"),
            SettleError::Pots(e) => write!(f, "pots: {e}"),
            SettleError::Showdown(e) => write!(f, "showdown: {e}"),
            SettleError::Rule(e) => write!(f, "{e}"),
        }
    }
}

/// The evaluator's, the pots', the showdown's or the engine's refusal, kept whole.
impl std::error::Error for SettleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SettleError::Eval(_, e) => Some(e),
            SettleError::Pots(e) => Some(e),
            SettleError::Showdown(e) => Some(e),
            SettleError::Rule(e) => Some(e),
            SettleError::NotSettling | SettleError::UnknownCards(_) => None,
        }
    }
}

/// Settles the hand at the table's settlement: pots, values, winners. `mucked` seats
/// threw their hands away at the showdown: they stay eligible but cannot win.
pub fn settle(table: &Table, mucked: &[SeatNo]) -> Result<HandResult, SettleError> {
    settle_with(table, mucked, &[])
}

/// [`settle`], with hole cards `shown` at the showdown that the shoe did not read
/// (a hand history's hidden cards, or a hand read again at the showdown).
pub fn settle_with(
    table: &Table,
    mucked: &[SeatNo],
    shown: &[(SeatNo, Vec<Card>)],
) -> Result<HandResult, SettleError> {
    let cfg = table.config();
    let rules = &cfg.money;
    let h = table
        .hand()
        .filter(|h| h.phase == Phase::Settling && table.in_hand())
        .ok_or(SettleError::NotSettling)?;
    let n = usize::from(cfg.max_players).min(MAX_SEATS);
    // Fixed arrays for the table's seats, sliced to its size: a replay settles
    // thousands of hands a second, and these would be a dozen allocations a hand.
    let mut live = [SeatNo::FIRST; MAX_SEATS];
    let mut lives = 0;
    for (slot, s) in live.iter_mut().zip(h.in_hand()) {
        *slot = s;
        lives += 1;
    }
    let live = &live[..lives];
    let saw_flop = h.board.len() >= 3 || h.street > firmware::Street::Preflop;
    // Player indices clockwise from the first seat left of the button.
    let mut clockwise = [0; MAX_SEATS];
    for (k, slot) in clockwise.iter_mut().take(n).enumerate() {
        *slot = (h.button.index() + 1 + k) % n;
    }
    let clockwise = &clockwise[..n];

    if let [seat] = *live {
        // R-STREET-3, R-SHOW-3: the last player takes the pot without showing. The
        // whole pot, whatever is already paid of it (the rake), as the contested
        // pots below are built from every chip put in: the outcome is the same
        // before and after each payout, so paying it one input at a time ends.
        let pot = Pot {
            amount: h.pot().saturating_add(h.awarded),
            eligible: vec![seat.index()],
        };
        let mut high = [None; MAX_SEATS];
        if let Some(slot) = high.get_mut(seat.index()) {
            *slot = Some(0u8);
        }
        let high = &high[..n];
        let settings = split_settings(rules);
        let paid = showdown::award_high(
            std::slice::from_ref(&pot),
            high,
            clockwise,
            &settings,
            saw_flop,
        )
        .map_err(SettleError::Showdown)?;
        return Ok(outcome(&[pot], &paid, Vec::new(), true));
    }

    let pots = hand_pots(h, cfg.max_players, |p| p.total).map_err(SettleError::Pots)?;

    let mut board = [Card::new(Rank::Two, Suit::Spades); MAX_BOARD_CARDS];
    let mut cards = 0;
    for (slot, c) in board.iter_mut().zip(h.board.iter().flatten()) {
        *slot = *c;
        cards += 1;
    }
    let board = &board[..cards];
    let mut high: [Option<High>; MAX_SEATS] = [None; MAX_SEATS];
    let mut low: [Option<LowValue>; MAX_SEATS] = [None; MAX_SEATS];
    let mut hands = Vec::with_capacity(live.len());
    let hand_rules = HandRules::of(cfg);
    for &s in live {
        if mucked.contains(&s) {
            continue;
        }
        let p = h.player(s);
        let mut buf = [Card::new(Rank::Two, Suit::Spades); MAX_HOLE_CARDS];
        let dealt = p.hole.get(..usize::from(p.holes)).unwrap_or(&[]);
        let hole = read_hole(dealt, &mut buf)
            .or_else(|| {
                shown
                    .iter()
                    .find(|(x, _)| *x == s)
                    .map(|(_, c)| c.as_slice())
            })
            .ok_or(SettleError::UnknownCards(s))?;
        let (hv, lv) =
            hand::value(cfg.game, hole, board, hand_rules).map_err(|e| SettleError::Eval(s, e))?;
        let i = s.index();
        if let (Some(hi), Some(lo)) = (high.get_mut(i), low.get_mut(i)) {
            *hi = Some(hv);
            *lo = lv;
        }
        hands.push(ShownHand {
            seat: s,
            high: hv,
            low: lv,
        });
    }
    let settings = split_settings(rules);
    let paid = if cfg.game.spec().hi_lo {
        showdown::award(
            &pots,
            &high[..n],
            Some(&low[..n]),
            clockwise,
            &settings,
            saw_flop,
        )
    } else {
        showdown::award_high(&pots, &high[..n], clockwise, &settings, saw_flop)
    }
    .map_err(SettleError::Showdown)?;
    Ok(outcome(&pots, &paid, hands, false))
}

/// The hole cards the shoe read for a player, copied into `buf` rather than a new
/// Vec (a replay values thousands of hands); `None` if one was not read.
fn read_hole<'b>(
    dealt: &[Option<Card>],
    buf: &'b mut [Card; MAX_HOLE_CARDS],
) -> Option<&'b [Card]> {
    for (slot, card) in buf.iter_mut().zip(dealt) {
        *slot = (*card)?;
    }
    buf.get(..dealt.len())
}

fn outcome(
    pots: &[Pot],
    paid: &Settlement,
    hands: Vec<ShownHand>,
    uncontested: bool,
) -> HandResult {
    // The pots and the showdown count players by their index in the table's seats.
    let seat = SeatNo::from_index;
    let pots = pots
        .iter()
        .enumerate()
        .map(|(i, pot)| PaidPot {
            amount: pot.amount,
            eligible: pot.eligible.iter().filter_map(|&p| seat(p)).collect(),
            winners: paid
                .awards
                .iter()
                .filter(|a| a.pot_index == i)
                .flat_map(|a| a.winners.iter().filter_map(|&(p, c)| Some((seat(p)?, c))))
                .collect(),
        })
        .collect();
    HandResult {
        pots,
        rake: paid.rake,
        hands,
        uncontested,
    }
}

/// Main and side pots of a hand from each of its `seat_count` seats' chips as
/// `chips` counts them (the whole hand at the settlement; what earlier rounds
/// collected, for the display during a round), with the dead money; a player who
/// folded or was not dealt in can win none of them.
pub fn hand_pots(
    h: &firmware::Hand,
    seat_count: u8,
    chips: impl Fn(&firmware::Player) -> Chips,
) -> Result<Vec<Pot>, PotError> {
    let n = usize::from(seat_count).min(MAX_SEATS);
    let mut contributions = [Chips::ZERO; MAX_SEATS];
    let mut folded = [true; MAX_SEATS];
    let mut dead: Chips = Chips::ZERO;
    for (i, s) in SeatNo::up_to(seat_count).take(n).enumerate() {
        let p = h.player(s);
        contributions[i] = chips(p);
        // A mucked hand stays among the pot's players (it wins nothing: it has no
        // value), so the pots keep the levels its calls made.
        folded[i] = !p.dealt || (p.folded && !p.mucked);
        dead += p.dead;
    }
    pots::build_pots(&contributions[..n], dead, &folded[..n])
}

/// What each winner takes from all the pots together, in the order they first win
/// (seats paid nothing are left out).
pub fn seat_totals(outcome: &HandResult) -> Vec<(SeatNo, Chips)> {
    let mut totals: Vec<(SeatNo, Chips)> = Vec::new();
    for (seat, amount) in outcome.pots.iter().flat_map(|p| p.winners.iter().copied()) {
        match totals.iter_mut().find(|(s, _)| *s == seat) {
            Some((_, total)) => *total += amount,
            None => totals.push((seat, amount)),
        }
    }
    totals.retain(|&(_, amount)| amount > Chips::ZERO);
    totals
}

/// The engine inputs that pay the outcome: the rake, then each seat's total.
pub fn payout_inputs(outcome: &HandResult) -> Vec<Input> {
    payouts(outcome).collect()
}

/// [`payout_inputs`] one at a time, for a caller that takes each in turn and needs
/// no list of them (a replay pays thousands of hands a second).
fn payouts(outcome: &HandResult) -> impl Iterator<Item = Input> {
    let rake = (outcome.rake > Chips::ZERO).then_some(Input::Rake {
        amount: outcome.rake,
    });
    rake.into_iter().chain(
        seat_totals(outcome)
            .into_iter()
            .map(|(seat, amount)| Input::Award { seat, amount }),
    )
}

/// The next payout input due at the table's settlement, one at a time so that each is
/// logged before it counts: the outcome is computed from the table (so again, the
/// same, after a restart) and the payouts the hand has already taken are skipped.
/// `None` once everything is paid (or when the hand is not settling).
pub fn next_payout(table: &Table) -> Result<Option<Input>, SettleError> {
    if !table.in_hand() || table.hand().map(|h| h.phase) != Some(Phase::Settling) {
        return Ok(None);
    }
    let outcome = settle(table, &[])?;
    let paid = table
        .hand_inputs()
        .iter()
        .filter(|i| matches!(i, Input::Award { .. } | Input::Rake { .. }))
        .count();
    Ok(payout_inputs(&outcome).get(paid).copied())
}

/// Pays the outcome through the engine ([`payout_inputs`]). The engine refuses any
/// award a folded player or a wrong total would need.
pub fn pay(table: &mut Table, outcome: &HandResult) -> Result<Vec<Event>, SettleError> {
    // Apply on a copy so a refusal leaves the table as it was.
    let mut next = table.clone();
    let mut events = Vec::new();
    pay_each(&mut next, outcome, |ev| events.extend(ev.iter().copied()))?;
    *table = next;
    Ok(events)
}

/// [`pay`] straight into `table`, for a caller that throws the table away if the
/// engine refuses an award (a hand-history replay): no copy of the table is taken,
/// so a refusal leaves it part paid.
pub fn pay_in_place(table: &mut Table, outcome: &HandResult) -> Result<(), SettleError> {
    pay_each(table, outcome, |_| {})
}

/// Has the engine take each payout input, handing `each` its events.
fn pay_each(
    table: &mut Table,
    outcome: &HandResult,
    mut each: impl FnMut(&Events),
) -> Result<(), SettleError> {
    let mut ev = Events::new();
    for input in payouts(outcome) {
        table
            .handle_into(input, &mut ev)
            .map_err(SettleError::Rule)?;
        each(&ev);
    }
    Ok(())
}
