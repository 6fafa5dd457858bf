//! # Exact all-in equity
//!
//! Before working on this module, read RULES.md §2-§3 (R-RANK-5..7, R-HILO-1..5),
//! §15 (R-SHOW-4, PD-SHOW) and the evaluator's module docs ([`crate::money::eval`]).
//!
//! When every remaining player is all-in the hands are tabled face up (PD-SHOW), and
//! the table display shows each player's chance to win and to tie. [`exact`] counts
//! it by dealing **every** possible rest of the board from the cards nobody has
//! seen, never by sampling: the figures the players see are the same every time
//! and can be checked by hand.
//!
//! Hands are valued by [`crate::money::eval`] only; what is shared between boards is the
//! work, never a second evaluator:
//!
//! - **Hold'em** walks the missing board cards in nested loops and carries every
//!   player's incremental [`Accum`](crate::money::eval::Accum) (hole cards plus the board
//!   so far) down the levels, so a board costs one card added per player.
//! - **Omaha** and **Omaha Hi/Lo** value every three-card board subset once per
//!   player with [`omaha_high`](crate::money::eval::omaha_high) and
//!   [`omaha_low`](crate::money::eval::omaha_low) on that triple (the best of the six hole
//!   pairs with it); a board's hand is the best of its ten triples (R-RANK-7:
//!   exactly two hole and three board cards), looked up instead of recomputed.
//!
//! ## What the figures mean
//!
//! Each board is one pot, divided by the showdown rules: the best hands split it
//! equally (R-SHOW-4, R-RANK-5); in hi/lo half goes to the best high, half to the
//! best qualifying low, the whole to the high when nobody has a low (R-HILO-1),
//! and each half is split among equal hands. Odd chips are ignored: shares are
//! exact fractions of a pot ([`SHARE_UNITS`] units per board).
//!
//! - [`Equity::win`]: the expected share of the pot a player takes **alone**
//!   (Hold'em/Omaha: the fraction of boards he wins outright; hi/lo: a scoop counts
//!   1, an unshared half ½).
//! - [`Equity::tie`]: the expected share he gets from parts he **splits** (a board
//!   tied three ways counts ⅓). So `win + tie` is his expected share of the pot and
//!   the sum over the players is exactly 1.
//! - [`Equity::wins`] / [`Equity::ties`]: board counts. `wins` are the boards on
//!   which he takes the whole pot alone (in hi/lo: the scoops), `ties` those on
//!   which he gets a part, but not all of it alone. The display's "tie" figure in
//!   Hold'em (e.g. 0.38% for aces against kings) is `ties / boards`.
//! - Hi/lo only: [`Equity::low_wins`], [`Equity::low_ties`], and
//!   [`EquityReport::no_low`], the boards with no qualifying low.
//!
//! Five-card draw has no board: what is still to come is each player's exchange,
//! which depends on his own choice of discards, so there is nothing exact to show
//! ([`EquityError::DrawGame`]).

use core::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use firmware::config::MAX_BOARD_CARDS;
use firmware::rules::Plays;
use firmware::{Card, CardSet, Game};

use crate::money::eval::{EvalError, LowRules};

mod holdem;
mod omaha;
mod suits;
mod tally;

pub use tally::SHARE_UNITS;

/// Most players an equity is computed for (R-TABLE-1: 2 to 10 players; the
/// tallies index the winners of a board by a bit per player).
pub const MAX_PLAYERS: usize = 10;
/// Fewest players: equity is a comparison.
pub const MIN_PLAYERS: usize = 2;

/// One player's figures, over every board ([module docs](self) for the meanings).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Equity {
    /// Expected share of the pot taken alone, 0..=1.
    pub win: f64,
    /// Expected share of the pot from splits, 0..=1.
    pub tie: f64,
    /// Boards on which this player takes the whole pot alone (hi/lo: scoops).
    pub wins: u64,
    /// Boards on which he gets a part of the pot, but not all of it alone.
    pub ties: u64,
    /// [`Equity::win`] exactly, in [`SHARE_UNITS`] per board, summed over boards.
    pub win_units: u64,
    /// [`Equity::tie`] exactly, in [`SHARE_UNITS`] per board, summed over boards.
    pub tie_units: u64,
    /// Hi/lo: boards on which he alone has the best qualifying low (0 otherwise).
    pub low_wins: u64,
    /// Hi/lo: boards on which he shares the best qualifying low (0 otherwise).
    pub low_ties: u64,
}

/// Every player's [`Equity`], in the order the hands were given.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EquityReport {
    /// Boards enumerated: C(unseen cards, missing board cards).
    pub boards: u64,
    /// Per player, in the order of the `hands` given.
    pub players: Vec<Equity>,
    /// Hi/lo: boards on which nobody has a qualifying low (the high takes the whole
    /// pot, R-HILO-1); 0 in the other games.
    pub no_low: u64,
}

/// Why equity cannot be shown. Each names what to check; nothing is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EquityError {
    /// Five-card draw has no board to run out: what is to come is each player's
    /// own exchange, so no exact figure exists and none is shown.
    DrawGame,
    /// `got` hands were given; equity needs 2 to 10 players still in the hand.
    Players {
        /// Hands given.
        got: usize,
    },
    /// Hand number `player` (0-based, in the order given) has `got` cards; the game
    /// deals `need` (Hold'em 2, Omaha 4).
    HoleCards {
        /// The hand's position in the input.
        player: usize,
        /// Cards given.
        got: usize,
        /// Cards the game deals.
        need: usize,
    },
    /// The board has `got` cards; a board has at most 5.
    BoardTooLong {
        /// Board cards given.
        got: usize,
    },
    /// The card appears twice among the hands, the board and the dead cards.
    DuplicateCard(Card),
    /// Only `left` cards are unseen but the board still needs `needed`: too many
    /// cards were marked dead.
    NotEnoughCards {
        /// Unseen cards.
        left: usize,
        /// Board cards still to come.
        needed: usize,
    },
    /// A hand could not be valued (a wrong call into the evaluator).
    Eval(EvalError),
    /// The count was given up before its end: whoever asked no longer wanted it
    /// (the hand moved on).
    Cancelled,
}

impl fmt::Display for EquityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EquityError::DrawGame => f.write_str(
                "no equity in five-card draw: there is no board to run out, each player's exchange decides",
            ),
            EquityError::Players { got } => write!(
                f,
                "{got} hands given, equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players all-in"
            ),
            EquityError::HoleCards { player, got, need } => write!(
                f,
                "hand {} has {got} cards, the game deals {need}: check the seat's reads",
                player + 1
            ),
            EquityError::BoardTooLong { got } => write!(
                f,
                "{got} board cards given, a board has at most {MAX_BOARD_CARDS}: check the board reads"
            ),
            EquityError::DuplicateCard(c) => write!(
                f,
                "card {c} appears twice among the hands, the board and the dead cards: re-scan it or call the floor"
            ),
            EquityError::NotEnoughCards { left, needed } => write!(
                f,
                "only {left} unseen cards left for {needed} board cards: check the dead cards"
            ),
            EquityError::Eval(e) => write!(f, "a hand could not be valued: {e}"),
            EquityError::Cancelled => {
                f.write_str("the equity was given up: the hand moved on before it was counted")
            }
        }
    }
}

/// The evaluator's refusal, kept whole.
impl core::error::Error for EquityError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            EquityError::Eval(e) => Some(e),
            _ => None,
        }
    }
}

impl From<EvalError> for EquityError {
    fn from(e: EvalError) -> Self {
        EquityError::Eval(e)
    }
}

/// Each player's exact chance to win and tie, over every rest of the board.
///
/// - `game`: Hold'em, Omaha or Omaha Hi/Lo (five-card draw is
///   [`EquityError::DrawGame`]); hi/lo uses the casino's low
///   ([`firmware::rules::MoneyRules::CASINO`]); a table with other money rules calls
///   [`exact_with_low`].
/// - `hands`: each player's hole cards, 2 to 10 players.
/// - `board`: the board so far, 0 to 5 cards.
/// - `dead`: cards known to be out of play (burns seen, shown mucks), never dealt.
///
/// ```
/// use firmware::{Card, Game};
/// let c = |s: &str| -> Vec<Card> { s.split(' ').map(|x| x.parse().unwrap()).collect() };
/// let (aces, kings) = (c("Ah As"), c("Kd Kc"));
/// let r = host::money::equity::exact(Game::Holdem, &[&aces, &kings], &c("Ac 7d 2h"), &[]).unwrap();
/// assert_eq!(r.boards, 990); // C(45, 2)
/// assert!(r.players[0].win > 0.95);
/// ```
pub fn exact(
    game: Game,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
) -> Result<EquityReport, EquityError> {
    exact_with_low(
        game,
        LowRules::of(&firmware::rules::MoneyRules::CASINO),
        hands,
        board,
        dead,
    )
}

/// [`exact`] under the table's own low rules for hi/lo (PD-HILO); `low` is
/// ignored in the other games.
pub fn exact_with_low(
    game: Game,
    low: LowRules,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
) -> Result<EquityReport, EquityError> {
    let deal = Deal::check(game, hands, board, dead)?;
    run(game, low, &deal, None)
}

/// [`exact_with_low`], given up as soon as `cancel` is set: the display asks for
/// the equity of the hand on the screen and sets `cancel` when the hand moves on,
/// so that a count nobody will see does not hold its thread. Returns
/// [`EquityError::Cancelled`] then.
pub fn exact_until(
    game: Game,
    low: LowRules,
    hands: &[&[Card]],
    board: &[Card],
    cancel: &Arc<AtomicBool>,
) -> Result<EquityReport, EquityError> {
    let deal = Deal::check(game, hands, board, &[])?;
    run(game, low, &deal, Some(Arc::clone(cancel)))
}

/// Counts every board of a checked deal. The loop is chosen by which cards play
/// in the game ([`Plays`], the rule [`crate::money::hand`] values hands by): each
/// loop shares work between boards that the one-hand-at-a-time
/// [`hand::value`](crate::money::hand::value) cannot, on the same evaluator.
fn run(
    game: Game,
    low: LowRules,
    deal: &Deal<'_>,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<EquityReport, EquityError> {
    let spec = game.spec();
    let mut tally = tally::Tally::new(deal.hands.len()).cancelled_by(cancel);
    if tally.stop() {
        return Err(EquityError::Cancelled);
    }
    match spec.plays {
        Plays::AnyFive => holdem::run(deal, &mut tally)?,
        Plays::TwoHoleThreeBoard => omaha::run(deal, spec.hi_lo.then_some(low), &mut tally)?,
        Plays::FiveHeld => return Err(EquityError::DrawGame),
    }
    if tally.stopped() {
        return Err(EquityError::Cancelled);
    }
    Ok(tally.report(spec.hi_lo))
}

/// A checked situation: the hands, the board so far and the unseen cards.
struct Deal<'a> {
    hands: &'a [&'a [Card]],
    board: &'a [Card],
    /// The cards that may still come, in index order.
    unseen: Vec<Card>,
    /// Whether boards equal up to a swap of suits are dealt once ([`suits`]); off
    /// only in tests, to check that it changes no figure.
    by_orbit: bool,
}

impl<'a> Deal<'a> {
    /// Checks the input (game, player count, card counts, duplicates, enough cards).
    fn check(
        game: Game,
        hands: &'a [&'a [Card]],
        board: &'a [Card],
        dead: &[Card],
    ) -> Result<Deal<'a>, EquityError> {
        if !game.has_board() {
            return Err(EquityError::DrawGame);
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&hands.len()) {
            return Err(EquityError::Players { got: hands.len() });
        }
        let need = usize::from(game.hole_cards());
        if let Some((player, hand)) = hands.iter().enumerate().find(|(_, h)| h.len() != need) {
            return Err(EquityError::HoleCards {
                player,
                got: hand.len(),
                need,
            });
        }
        if board.len() > MAX_BOARD_CARDS {
            return Err(EquityError::BoardTooLong { got: board.len() });
        }
        let mut seen = CardSet::EMPTY;
        let known = hands.iter().flat_map(|h| h.iter()).chain(board).chain(dead);
        for &c in known {
            if !seen.insert(c) {
                return Err(EquityError::DuplicateCard(c));
            }
        }
        let unseen: Vec<Card> = CardSet::from_bits(!seen.bits()).iter().collect();
        let needed = MAX_BOARD_CARDS - board.len();
        if unseen.len() < needed {
            return Err(EquityError::NotEnoughCards {
                left: unseen.len(),
                needed,
            });
        }
        Ok(Deal {
            hands,
            board,
            unseen,
            by_orbit: true,
        })
    }

    /// Board cards still to come.
    fn missing(&self) -> usize {
        MAX_BOARD_CARDS - self.board.len()
    }

    /// The boards to deal, one per orbit of the deal's suit symmetries.
    fn orbits(&self) -> suits::Orbits {
        if self.by_orbit {
            suits::Orbits::new(self.hands, self.board, &self.unseen)
        } else {
            suits::Orbits::none(&self.unseen)
        }
    }
}

/// Runs `$f::<N>($args)` with `N` the number of players (2..=10): the hot loops
/// are compiled for each table size, with the players' values in fixed arrays.
macro_rules! for_players {
    ($n:expr, $f:ident ( $($arg:expr),* )) => {
        match $n {
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            9 => $f::<9>($($arg),*),
            10 => $f::<10>($($arg),*),
            got => Err(EquityError::Players { got }),
        }
    };
}
use for_players;

#[cfg(test)]
mod tests;
