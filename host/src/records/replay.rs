//! Replays a hand history through the firmware engine and the host's pots and
//! showdown, under the rules profile that `replay-schema.md` gives for plain PHH files
//! (each item of it is a table setting the engine has anyway). Nothing here
//! re-implements a rule: the engine decides whose turn it is, what is legal and the
//! limits; the host's pots and showdown decide the money.

use firmware::config::MAX_SEATS;
use firmware::rules::{
    AmountPolicy, AnteMode, FlCap, FlShortAllIn, ShortBlind, ShowdownRule, StraddleMinRaise,
};
use firmware::{
    Action, Card, Chips, Event, Events, Game, Input, Phase, Read, RuleError, SeatNo, Structure,
    Table, TableConfig,
};
use std::fmt;

use crate::records::phh::Cards;

/// The table of a hand history: game, forced bets and starting stacks, by player
/// (index 0 = p1, the small blind; heads-up p1 is the big blind).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The game.
    pub game: Game,
    /// The betting structure.
    pub structure: Structure,
    /// Antes by player.
    pub antes: Vec<Chips>,
    /// Blinds and straddle by player: `[sb, bb, straddle, 0, …]`.
    pub blinds: Vec<Chips>,
    /// Fixed limit: the small and big bet.
    pub small_bet: Chips,
    /// Fixed limit: the big bet.
    pub big_bet: Chips,
    /// Starting stacks by player.
    pub stacks: Vec<Chips>,
    /// The straddle was confirmed before the deal (R-STRAD-4); PHH files always
    /// are, our exports say otherwise in `_straddle_confirmed`.
    pub straddle_confirmed: bool,
}

/// One action of a hand history, players 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Hole cards dealt to a player (`None` for a card not shown).
    Hole(usize, Cards),
    /// Board cards.
    Board(Cards),
    /// Fold.
    Fold(usize),
    /// Check or call.
    CheckCall(usize),
    /// Complete, bet or raise to a street total.
    BetTo(usize, Chips),
    /// Show (with the cards) or muck (`None`).
    ShowOrMuck(usize, Option<Cards>),
    /// Draw games: the player discards these cards (none: he stands pat). His
    /// replacements follow as a [`Step::Hole`] (R-DRAW-5).
    Discard(usize, Cards),
}

/// The situation before one betting decision (replay-schema `decisions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// 0-based player.
    pub player: usize,
    /// Chips to add to check (0) or call, capped at the stack.
    pub call: Chips,
    /// Smallest legal bet/raise-to, if raising is allowed.
    pub min_raise_to: Option<Chips>,
    /// Largest legal bet/raise-to, if raising is allowed.
    pub max_raise_to: Option<Chips>,
}

/// Why a history could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the action in the history (0-based), if one is to blame.
    pub action: Option<usize>,
    /// What went wrong, naming the rule.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Some(i) => write!(f, "action {}: {}", i + 1, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReplayError {}

fn fail(action: Option<usize>, message: impl Into<String>) -> ReplayError {
    ReplayError {
        action,
        message: message.into(),
    }
}

fn rule(action: usize, e: RuleError) -> ReplayError {
    fail(Some(action), format!("refused by the engine: {e} ({e:?})"))
}

/// The PHH reference profile (replay-schema.md): real small blind for pot-limit
/// sizing, four raises over the big blind in fixed limit, the next fixed-limit raise
/// always to the all-in plus a bet, strict amounts, burns not recorded.
pub fn phh_profile(spec: &Spec) -> Result<TableConfig, ReplayError> {
    let n = spec.stacks.len();
    if !(2..=firmware::config::MAX_SEATS).contains(&n) {
        return Err(fail(None, format!("{n} players: the table seats 2 to 11")));
    }
    if spec.antes.len() != n || spec.blinds.len() != n {
        return Err(fail(None, "antes and blinds must list every player"));
    }
    let sb = spec.blinds[0].min(spec.blinds[1]);
    let bb = spec.blinds[0].max(spec.blinds[1]);
    let mut cfg = TableConfig::new(spec.game, spec.structure, sb, bb);
    cfg.max_players = n as u8;
    cfg.pl_sb_virtual = false;
    cfg.fl_cap = FlCap::Round {
        bets: 4,
        blind_is_bet: false,
    };
    cfg.fl_short_all_in = FlShortAllIn::AllInPlusBet;
    cfg.straddle_min_raise = StraddleMinRaise::BigBlind;
    cfg.short_blind = ShortBlind::AllIn;
    cfg.amounts = AmountPolicy::Reject;
    cfg.automations.burns = true;
    cfg.money = firmware::rules::MoneyRules::PHH;
    cfg.stakes.small_bet = spec.small_bet;
    cfg.stakes.big_bet = spec.big_bet;
    // Antes: every player the same, or only the big blind's (a big-blind ante).
    let bb_player = if n == 2 { 0 } else { 1 };
    let first = spec.antes[0];
    if spec.antes.iter().all(|&a| a == first) {
        cfg.stakes.ante = first;
    } else if spec
        .antes
        .iter()
        .enumerate()
        .all(|(i, &a)| (i == bb_player) == (a > Chips::ZERO))
    {
        cfg.stakes.ante = spec.antes[bb_player];
        cfg.stakes.ante_mode = AnteMode::BigBlind;
    } else {
        return Err(fail(
            None,
            format!(
                "antes {:?}: only equal antes or a big-blind ante are supported",
                spec.antes
            ),
        ));
    }
    cfg.validate().map_err(|e| fail(None, e.to_string()))?;
    Ok(cfg)
}

/// A hand history replayed through the engine: the table at the end of betting, and
/// what the history's players did that the host's showdown needs.
pub struct Played {
    /// The table, with the hand in its settlement (or over, if nothing was left to pay).
    pub table: Table,
    /// Every betting decision's situation, in order.
    pub decisions: Vec<Decision>,
    /// Each player's hole cards as dealt or shown (`None` where never seen).
    pub hole: Vec<Cards>,
    /// The board.
    pub board: Vec<Card>,
    /// Players who mucked at the showdown.
    pub mucked: Vec<bool>,
}

/// Seat of player `p` (0-based): p1 sits in seat 1, and the button is the last seat.
fn seat(p: usize) -> Result<SeatNo, ReplayError> {
    SeatNo::from_index(p).ok_or_else(|| fail(None, format!("p{}: the table seats 2 to 11", p + 1)))
}

/// Drives the engine through the history, up to the settlement, under the PHH
/// reference profile ([`phh_profile`]).
pub fn play(spec: &Spec, steps: &[Step]) -> Result<Played, ReplayError> {
    play_with(phh_profile(spec)?, spec, steps)
}

/// The table being replayed and one buffer for the events of its inputs: the engine
/// writes each input's events into it ([`Table::handle_into`]) instead of returning
/// a kilobyte by value, dozens of times a hand.
struct Engine {
    table: Table,
    events: Events,
}

impl Engine {
    /// A new table under `cfg` and an empty buffer.
    fn new(cfg: TableConfig) -> Result<Engine, ReplayError> {
        Ok(Engine {
            table: Table::new(replayed(cfg)).map_err(|e| fail(None, e.to_string()))?,
            events: Events::new(),
        })
    }

    /// Has the engine take `input`; its events until the next input.
    fn handle(&mut self, input: Input) -> Result<&Events, RuleError> {
        self.table.handle_into(input, &mut self.events)?;
        Ok(&self.events)
    }
}

/// `cfg` as a replay plays it: every hand still in is tabled at the settlement
/// (`showdown=tabled`), since the history itself says who showed and who mucked, and
/// in what order (the host's showdown takes its shows and mucks from there).
fn replayed(mut cfg: TableConfig) -> TableConfig {
    cfg.showdown = ShowdownRule::Tabled;
    cfg
}

/// Drives the engine through the history under the table settings `cfg` (the house
/// rules a hand was dealt with, as our own exports record them), up to the settlement.
pub fn play_with(cfg: TableConfig, spec: &Spec, steps: &[Step]) -> Result<Played, ReplayError> {
    let mut t = Engine::new(cfg)?;
    let seen = drive(&mut t, spec, steps)?;
    let n = spec.stacks.len();
    let board = t
        .table
        .hand()
        .map(|h| h.board.iter().flatten().copied().collect())
        .unwrap_or_default();
    Ok(Played {
        table: t.table,
        decisions: seen.decisions,
        hole: seen.hole.iter().take(n).cloned().collect(),
        board,
        mucked: seen.mucked.iter().take(n).copied().collect(),
    })
}

/// What the history's players did that the engine does not keep and the showdown
/// needs, by player (index 0 = p1). Fixed arrays for a table's seats: a replay
/// allocates nothing for them, thousands of hands a second.
struct Seen {
    /// Every betting decision's situation, in order.
    decisions: Vec<Decision>,
    /// Each player's hole cards as dealt or shown (empty where never seen).
    hole: [Cards; MAX_SEATS],
    /// Players who mucked at the showdown.
    mucked: [bool; MAX_SEATS],
}

/// Drives the engine `t` (its table new, under the hand's settings) through the
/// history up to the settlement. The table stays where the caller keeps it: it is
/// several kilobytes, and moving it in and out of results cost more than a hand's
/// betting.
fn drive(t: &mut Engine, spec: &Spec, steps: &[Step]) -> Result<Seen, ReplayError> {
    let n = spec.stacks.len();
    for (p, &stack) in spec.stacks.iter().enumerate() {
        t.handle(Input::SitDown {
            seat: seat(p)?,
            stack,
            wait_for_bb: false,
        })
        .map_err(|e| fail(None, format!("p{}: {e}", p + 1)))?;
    }
    // The button is the last player: heads-up he is p2, the small blind. A history
    // whose only blind is p1's has no small blind: p1 is the big blind, so the button
    // sits one seat earlier and the small blind's seat (the last player) posts none.
    let lone_big_blind = n > 2 && spec.blinds[0] > Chips::ZERO && spec.blinds[1] == Chips::ZERO;
    let button = if lone_big_blind { n - 2 } else { n - 1 };
    t.handle(Input::PlaceButton {
        seat: seat(button)?,
    })
    .map_err(|e| fail(None, e.to_string()))?;
    let started = t
        .handle(Input::StartHand)
        .map_err(|e| fail(None, e.to_string()))?;
    check_posts(spec, started)?;
    let straddle = spec.blinds.get(2).copied().unwrap_or(Chips::ZERO);
    if n > 2 && straddle > Chips::ZERO {
        if firmware::straddle_size(t.table.config().stakes.big_blind) != Ok(straddle) {
            return Err(fail(
                None,
                format!("straddle {straddle}: R-STRAD-2 requires exactly twice the big blind"),
            ));
        }
        t.handle(Input::Straddle {
            confirmed: spec.straddle_confirmed,
        })
        .map_err(|e| fail(None, e.to_string()))?;
    }
    if spec.blinds.iter().skip(3).any(|&b| b > Chips::ZERO) {
        return Err(fail(None, "more than one straddle (R-STRAD-1)"));
    }

    let mut hole: [Cards; MAX_SEATS] = Default::default();
    let mut mucked = [false; MAX_SEATS];
    // At most one decision a step: no growing while the hand is played.
    let mut decisions = Vec::with_capacity(steps.len());
    let mut dealt = false;
    let reordered = draw_order(steps);
    let mut as_given = steps.iter().enumerate();
    let mut moved = reordered.iter().copied();
    let order: &mut dyn Iterator<Item = (usize, &Step)> = if reordered.is_empty() {
        &mut as_given
    } else {
        &mut moved
    };
    for (i, step) in order {
        match step {
            Step::Hole(p, cards) if dealt => {
                // Draw: the replacements for the player's discards (R-DRAW-5).
                let drawer = t.table.hand().and_then(firmware::Hand::drawer);
                if drawer != Some(seat(*p)?) {
                    return Err(fail(Some(i), format!("p{} is dealt twice", p + 1)));
                }
                for c in cards {
                    t.handle(Input::Card(Read {
                        card: *c,
                        burn: false,
                    }))
                    .map_err(|e| rule(i, e))?;
                }
                if let Some(slot) = hole.get_mut(*p) {
                    slot.retain(Option::is_some);
                    slot.extend_from_slice(cards)
                        .map_err(|_| fail(Some(i), format!("p{} holds too many cards", p + 1)))?;
                }
            }
            Step::Discard(p, cards) => {
                deal_hole(t, &hole, &mut dealt, i)?;
                let drawer = t.table.hand().and_then(firmware::Hand::drawer);
                if drawer != Some(seat(*p)?) {
                    return Err(fail(
                        Some(i),
                        format!("p{} draws, but it is not his turn (R-DRAW-5)", p + 1),
                    ));
                }
                if cards.is_empty() {
                    t.handle(Input::StandPat).map_err(|e| rule(i, e))?;
                }
                for c in cards {
                    let c = c.ok_or_else(|| fail(Some(i), "a discard must name its card"))?;
                    t.handle(Input::Discard(c)).map_err(|e| rule(i, e))?;
                    if let Some(slot) = hole.get_mut(*p) {
                        if let Some(k) = slot.iter().position(|&h| h == Some(c)) {
                            slot[k] = None;
                        }
                    }
                }
            }
            Step::Hole(p, cards) => {
                let slot = hole
                    .get_mut(*p)
                    .filter(|_| *p < n)
                    .ok_or_else(|| fail(Some(i), format!("no player p{}", p + 1)))?;
                if !slot.is_empty() {
                    return Err(fail(Some(i), format!("p{} is dealt twice", p + 1)));
                }
                *slot = cards.clone();
            }
            Step::Board(cards) => {
                deal_hole(t, &hole, &mut dealt, i)?;
                for c in cards {
                    if !matches!(t.table.hand().map(|h| h.phase), Some(Phase::Board { .. })) {
                        return Err(fail(
                            Some(i),
                            "a board card before the betting round is complete",
                        ));
                    }
                    t.handle(Input::Card(Read {
                        card: *c,
                        burn: false,
                    }))
                    .map_err(|e| rule(i, e))?;
                }
            }
            Step::Fold(p) => decide(t, &hole, &mut dealt, &mut decisions, i, *p, Action::Fold)?,
            Step::CheckCall(p) => decide(
                t,
                &hole,
                &mut dealt,
                &mut decisions,
                i,
                *p,
                Action::CheckCall,
            )?,
            Step::BetTo(p, to) => decide(
                t,
                &hole,
                &mut dealt,
                &mut decisions,
                i,
                *p,
                Action::BetTo(*to),
            )?,
            Step::ShowOrMuck(p, cards) => {
                let slot = hole
                    .get_mut(*p)
                    .filter(|_| *p < n)
                    .ok_or_else(|| fail(Some(i), format!("no player p{}", p + 1)))?;
                match cards {
                    None => mucked[*p] = true,
                    Some(shown) => {
                        if slot.len() < shown.len() {
                            // No longer than `shown`, itself a `Cards`: it fits.
                            slot.resize(shown.len(), None).map_err(|_| {
                                fail(Some(i), format!("p{} shows too many cards", p + 1))
                            })?;
                        }
                        for (have, show) in slot.iter_mut().zip(shown) {
                            match (*have, show) {
                                (None, s) => *have = *s,
                                (Some(a), Some(b)) if a != *b => {
                                    return Err(fail(
                                        Some(i),
                                        format!("p{} shows {b}, but was dealt {a}", p + 1),
                                    ));
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
    }
    deal_hole(t, &hole, &mut dealt, steps.len())?;
    let over = t.table.hand().is_some_and(|h| h.phase == Phase::Settling) || !t.table.in_hand();
    if !over {
        return Err(fail(None, "the history ends before the hand is over"));
    }
    Ok(Seen {
        decisions,
        hole,
        mucked,
    })
}

/// The steps in the order the engine takes them, with their indices: PHH deals the
/// draw's replacements once every player has discarded, the table right after each
/// player's discards (R-DRAW-5), so each player's replacements move up behind his
/// discard. Empty when nothing moves (no one draws cards): the steps' own order, and
/// no allocation for the games without a draw.
fn draw_order(steps: &[Step]) -> Vec<(usize, &Step)> {
    let draws = steps
        .iter()
        .any(|s| matches!(s, Step::Discard(_, cards) if !cards.is_empty()));
    if !draws {
        return Vec::new();
    }
    let mut order: Vec<(usize, &Step)> = Vec::with_capacity(steps.len());
    let mut moved = vec![false; steps.len()];
    for (i, step) in steps.iter().enumerate() {
        if moved[i] {
            continue;
        }
        order.push((i, step));
        if let Step::Discard(p, cards) = step {
            if cards.is_empty() {
                continue;
            }
            let next = (i + 1..steps.len())
                .find(|&j| !moved[j] && matches!(&steps[j], Step::Hole(q, _) if q == p));
            if let Some(j) = next {
                moved[j] = true;
                order.push((j, &steps[j]));
            }
        }
    }
    order
}

/// Feeds the hole cards to the shoe in dealing order (R-DEAL-1), once.
fn deal_hole(
    t: &mut Engine,
    hole: &[Cards],
    dealt: &mut bool,
    i: usize,
) -> Result<(), ReplayError> {
    if *dealt {
        return Ok(());
    }
    *dealt = true;
    // The seats dealt in, in dealing order: read once, as no one joins or leaves the
    // deal while the hole cards go out.
    let mut order = [SeatNo::FIRST; firmware::config::MAX_SEATS];
    let mut n = 0;
    if let Some(h) = t.table.hand() {
        for (slot, s) in order.iter_mut().zip(h.deal_order()) {
            *slot = s;
            n += 1;
        }
    }
    while let Some(h) = t.table.hand().filter(|h| h.phase == Phase::Dealing) {
        let k = usize::from(h.hole_dealt);
        let s = k
            .checked_rem(n)
            .and_then(|r| order.get(r).copied())
            .ok_or_else(|| fail(Some(i), "no one to deal to"))?;
        let card = hole
            .get(s.index())
            .and_then(|c| c.get(k / n).copied())
            .unwrap_or(None);
        t.handle(Input::Card(Read { card, burn: false }))
            .map_err(|e| rule(i, e))?;
    }
    Ok(())
}

/// A betting action: checks it is the player's turn, records the situation before it
/// (what the engine offers), and has the engine take it.
fn decide(
    t: &mut Engine,
    hole: &[Cards],
    dealt: &mut bool,
    decisions: &mut Vec<Decision>,
    i: usize,
    p: usize,
    action: Action,
) -> Result<(), ReplayError> {
    deal_hole(t, hole, dealt, i)?;
    let o = t
        .table
        .options()
        .ok_or_else(|| fail(Some(i), format!("p{} acts, but no one is to act", p + 1)))?;
    if o.seat != seat(p)? {
        return Err(fail(
            Some(i),
            format!(
                "p{} acts, but it is p{}'s turn (R-BET-2, R-BET-3)",
                p + 1,
                o.seat
            ),
        ));
    }
    decisions.push(Decision {
        player: p,
        call: o.call,
        min_raise_to: o.raise.map(|r| r.min_to),
        max_raise_to: o.raise.map(|r| r.max_to),
    });
    t.handle(Input::Act(action)).map_err(|e| rule(i, e))?;
    Ok(())
}

/// Checks the engine posted the blinds the history states (R-BLIND-1, R-HU-1).
fn check_posts(spec: &Spec, events: &[Event]) -> Result<(), ReplayError> {
    let n = spec.blinds.len();
    let posted = |p: usize| -> Chips {
        events
            .iter()
            .filter_map(|e| match *e {
                Event::Posted {
                    seat: s,
                    post: firmware::Post::SmallBlind | firmware::Post::BigBlind,
                    amount,
                    ..
                } if Ok(s) == seat(p) => Some(amount),
                _ => None,
            })
            .sum()
    };
    let expected: [Chips; 2] = if n == 2 {
        // Heads-up p1 posts the big blind and p2 the small (R-HU-1).
        [
            spec.blinds[0].max(spec.blinds[1]),
            spec.blinds[0].min(spec.blinds[1]),
        ]
    } else {
        [spec.blinds[0], spec.blinds[1]]
    };
    for (p, want) in expected.iter().enumerate() {
        // A player short of his blind posts what his ante left him (R-ANTE-1: the
        // ante comes first).
        let left = spec.stacks[p].saturating_sub(spec.antes.get(p).copied().unwrap_or(Chips::ZERO));
        let want = (*want).min(left);
        if posted(p) != want {
            return Err(fail(
                None,
                format!(
                    "p{} should post {want}, the rules give {}",
                    p + 1,
                    posted(p)
                ),
            ));
        }
    }
    Ok(())
}

/// A hand history turned into the replay's table and steps.
pub fn from_history(
    hh: &crate::records::phh::HandHistory,
) -> Result<(Spec, Vec<Step>), ReplayError> {
    let mut built = None;
    history_into(hh, &mut built)?;
    built.ok_or_else(no_table)
}

/// A hand history that left no table behind: cannot happen once it was read.
fn no_table() -> ReplayError {
    fail(None, "the hand history gave no table")
}

/// [`from_history`] into `built`, whose lists are emptied and refilled when it holds
/// the last hand's: a replayer reuses them, and their allocations, hand after hand.
/// On error `built` holds part of a hand, to be refilled.
fn history_into(
    hh: &crate::records::phh::HandHistory,
    built: &mut Option<(Spec, Vec<Step>)>,
) -> Result<(), ReplayError> {
    use crate::records::phh::{PhhAction, Shown};
    let (game, structure) = hh.variant.game();
    let bb = hh
        .blinds_or_straddles
        .iter()
        .take(2)
        .copied()
        .max()
        .unwrap_or(0);
    let (small_bet, big_bet) = match structure {
        Structure::FixedLimit => (
            hh.small_bet
                .ok_or_else(|| fail(None, "fixed limit needs small_bet"))?,
            hh.big_bet
                .ok_or_else(|| fail(None, "fixed limit needs big_bet"))?,
        ),
        _ => {
            let min_bet = hh.min_bet.unwrap_or(bb);
            if min_bet != bb {
                return Err(fail(
                    None,
                    format!(
                        "min_bet {min_bet} differs from the big blind {bb}: R-NL-1 makes them one"
                    ),
                ));
            }
            (bb, bb.saturating_mul(2))
        }
    };
    // With equal antes, trimming changes nothing: every ante is matched. A big-blind
    // ante with trimming would return the unmatched ante, which RULES.md does not do.
    if hh.ante_trimming_status && hh.antes.windows(2).any(|w| w[0] != w[1]) {
        return Err(fail(
            None,
            "ante_trimming_status = true with unequal antes: a big-blind ante is dead money (R-ANTE-1), never returned",
        ));
    }
    let (spec, steps) = built.get_or_insert_with(|| {
        let spec = Spec {
            game,
            structure,
            antes: Vec::new(),
            blinds: Vec::new(),
            small_bet: Chips::new(small_bet),
            big_bet: Chips::new(big_bet),
            stacks: Vec::new(),
            straddle_confirmed: true,
        };
        (spec, Vec::new())
    });
    spec.game = game;
    spec.structure = structure;
    spec.small_bet = Chips::new(small_bet);
    spec.big_bet = Chips::new(big_bet);
    spec.straddle_confirmed = true;
    for (list, from) in [
        (&mut spec.antes, &hh.antes),
        (&mut spec.blinds, &hh.blinds_or_straddles),
        (&mut spec.stacks, &hh.starting_stacks),
    ] {
        list.clear();
        list.extend(from.iter().copied().map(Chips::new));
    }
    steps.clear();
    steps.reserve(hh.actions.len());
    for (i, a) in hh.actions.iter().enumerate() {
        steps.push(match a {
            PhhAction::DealHole { player, cards } => Step::Hole(*player, cards.clone()),
            PhhAction::DealBoard { cards } => Step::Board(cards.clone()),
            PhhAction::Fold { player } => Step::Fold(*player),
            PhhAction::CheckCall { player } => Step::CheckCall(*player),
            PhhAction::CompleteBetRaise { player, to } => Step::BetTo(*player, Chips::new(*to)),
            PhhAction::ShowMuck { player, shown } => match shown {
                Shown::Muck => Step::ShowOrMuck(*player, None),
                Shown::Cards(c) => Step::ShowOrMuck(*player, Some(c.clone())),
                Shown::Dealt => Step::ShowOrMuck(*player, Some(Cards::new())),
            },
            PhhAction::StandPatDiscard { player, discards } => {
                Step::Discard(*player, discards.clone())
            }
            PhhAction::NoOp => continue,
            PhhAction::PostBringIn { .. } => {
                return Err(fail(Some(i), "bring-ins are not in the replayed variants"));
            }
        });
    }
    Ok(())
}

/// One pot of a replayed hand, players 1-based as in PHH.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayPot {
    /// Chips awarded from the pot.
    pub amount: Chips,
    /// Seats of the players who could win it (p1 sits in seat 1).
    pub eligible: Vec<SeatNo>,
    /// Seats of the players paid from it.
    pub winners: Vec<SeatNo>,
}

/// A replayed hand: what `tablectl replay --json` prints (replay-schema.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Stacks after the hand, by player.
    pub finishing_stacks: Vec<Chips>,
    /// Main pot, then side pots.
    pub pots: Vec<ReplayPot>,
    /// The situation before every betting decision.
    pub decisions: Vec<Decision>,
}

/// Replays a hand through the engine, the pots and the showdown under the PHH
/// reference profile (money rules included).
pub fn replay(spec: &Spec, steps: &[Step]) -> Result<Replayed, ReplayError> {
    replay_with(phh_profile(spec)?, spec, steps)
}

/// [`replay`] under the table settings `cfg` instead of the PHH reference profile.
pub fn replay_with(cfg: TableConfig, spec: &Spec, steps: &[Step]) -> Result<Replayed, ReplayError> {
    Replayer::default().replay_with(cfg, spec, steps)
}

/// Replays hand after hand on one table, reset in place for each: a table and its
/// event buffer are several kilobytes, and building and moving a new one cost a
/// replayed hand more than its betting.
#[derive(Default)]
pub struct Replayer {
    /// The table of the last hand replayed, if any.
    engine: Option<Engine>,
    /// The last hand history's table and steps, refilled for the next: four
    /// allocations a hand saved.
    built: Option<(Spec, Vec<Step>)>,
}

impl Replayer {
    /// The engine, its table new under `cfg`.
    fn engine(&mut self, cfg: TableConfig) -> Result<&mut Engine, ReplayError> {
        match self.engine {
            Some(ref mut t) => {
                t.table
                    .reset(replayed(cfg))
                    .map_err(|e| fail(None, e.to_string()))?;
                Ok(t)
            }
            None => Ok(self.engine.insert(Engine::new(cfg)?)),
        }
    }

    /// [`replay_history`] on this replayer's table.
    pub fn replay_history(
        &mut self,
        hh: &crate::records::phh::HandHistory,
    ) -> Result<Replayed, ReplayError> {
        let mut built = self.built.take();
        let replayed = history_into(hh, &mut built).and_then(|()| match &built {
            Some((spec, steps)) => self.replay_with(phh_profile(spec)?, spec, steps),
            None => Err(no_table()),
        });
        self.built = built;
        replayed
    }

    /// [`replay_with`] on this replayer's table.
    pub fn replay_with(
        &mut self,
        cfg: TableConfig,
        spec: &Spec,
        steps: &[Step],
    ) -> Result<Replayed, ReplayError> {
        let t = self.engine(cfg)?;
        let seen = drive(t, spec, steps)?;
        played(&mut t.table, spec, seen)
    }
}

/// The result of a hand `table` played up to its settlement, settled and paid.
fn played(table: &mut Table, spec: &Spec, seen: Seen) -> Result<Replayed, ReplayError> {
    let n = spec.stacks.len();
    let pots = if table.in_hand() {
        settle_and_pay(table, &seen, n)?
    } else {
        Vec::new()
    };
    let finishing_stacks = (0..n)
        .map(|p| {
            seat(p)
                .ok()
                .and_then(|s| table.seat(s))
                .map_or(Chips::ZERO, |s| s.stack)
        })
        .collect();
    Ok(Replayed {
        finishing_stacks,
        pots,
        decisions: seen.decisions,
    })
}

/// Settles the hand at `table`'s settlement with what its `n` players showed or
/// mucked, and pays it: the pots as the replay reports them.
fn settle_and_pay(table: &mut Table, seen: &Seen, n: usize) -> Result<Vec<ReplayPot>, ReplayError> {
    let mut mucked = [SeatNo::FIRST; MAX_SEATS];
    let mut mucks = 0;
    for (p, _) in seen.mucked.iter().take(n).enumerate().filter(|(_, m)| **m) {
        mucked[mucks] = seat(p)?;
        mucks += 1;
    }
    let shown = unread_shown(table, seen, n);
    let outcome = crate::money::settle::settle_with(table, &mucked[..mucks], &shown)
        .map_err(|e| fail(None, format!("showdown: {e}")))?;
    // A refused award fails the replay and the table is dropped: no copy to keep.
    crate::money::settle::pay_in_place(table, &outcome)
        .map_err(|e| fail(None, format!("payout: {e}")))?;
    Ok(outcome
        .pots
        .iter()
        .map(|p| ReplayPot {
            amount: p.amount,
            eligible: p.eligible.clone(),
            winners: p.winners.iter().map(|&(s, _)| s).collect(),
        })
        .collect())
}

/// Cards shown that the shoe did not read (the settlement takes the shoe's first):
/// only those players' cards are copied, so a hand read in full allocates nothing.
fn unread_shown(table: &Table, seen: &Seen, n: usize) -> Vec<(SeatNo, Vec<Card>)> {
    let read_all = |p: usize| {
        table.hand().zip(seat(p).ok()).is_some_and(|(h, s)| {
            let pl = h.player(s);
            pl.hole
                .iter()
                .take(usize::from(pl.holes))
                .all(Option::is_some)
        })
    };
    seen.hole
        .iter()
        .take(n)
        .enumerate()
        .filter(|&(p, _)| !read_all(p))
        .filter_map(|(p, cards)| {
            let known: Option<Vec<Card>> = cards.iter().copied().collect();
            known
                .filter(|k| !k.is_empty())
                .and_then(|k| Some((seat(p).ok()?, k)))
        })
        .collect()
}

/// Replays one parsed hand history: [`from_history`], then [`replay`].
pub fn replay_history(hh: &crate::records::phh::HandHistory) -> Result<Replayed, ReplayError> {
    Replayer::default().replay_history(hh)
}

/// Writes `s` as a JSON string (quoted and escaped as serde_json escapes it).
fn json_str(out: &mut Vec<u8>, s: &str) {
    // Writing into a vector cannot fail, nor can a string be refused.
    let _ = serde_json::to_writer(&mut *out, s);
}

/// Writes a JSON array, each item by `write`.
fn json_list<T>(
    out: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut write: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

/// Writes the numbers as a JSON array.
fn json_numbers(out: &mut Vec<u8>, numbers: impl IntoIterator<Item = u64>) {
    json_list(out, numbers, json_number);
}

/// Writes `n` in decimal: digit by digit into a buffer on the stack, not through
/// the formatting machinery (a hand's line has a hundred numbers or more).
fn json_number(out: &mut Vec<u8>, mut n: u64) {
    // u64::MAX has 20 digits.
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    for slot in digits.iter_mut().rev() {
        *slot = b'0' + (n % 10) as u8;
        n /= 10;
        start -= 1;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(digits.get(start..).unwrap_or_default());
}

fn json_option(out: &mut Vec<u8>, n: Option<u64>) {
    match n {
        Some(n) => json_number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

impl Replayed {
    /// The hand as `tablectl replay --json` prints it (replay-schema.md): one JSON
    /// object and a newline, keys in alphabetical order, amounts as integers in the
    /// file's chip unit, which `chip_unit` names when it is not one chip ("0.01").
    /// Written straight into `out`: a replay of thousands of files spends its time
    /// replaying, not building a JSON tree for each hand. By hand, not by serde: serde
    /// derived on borrowed structs writes the same bytes but escapes every key as it
    /// goes, and was measured at 2.3 times the time to write a line and 8% fewer hands
    /// a second end to end (`tablectl bench`); a test checks these bytes against
    /// serde_json's.
    pub fn write_json(
        &self,
        out: &mut Vec<u8>,
        file: &str,
        section: Option<&str>,
        scale: crate::records::phh::Scale,
    ) {
        out.push(b'{');
        if scale.factor() != 1 {
            out.extend_from_slice(b"\"chip_unit\":");
            json_str(out, &scale.format(1));
            out.push(b',');
        }
        out.extend_from_slice(b"\"decisions\":");
        json_list(out, &self.decisions, |out, d| {
            out.extend_from_slice(b"{\"call\":");
            json_number(out, d.call.get());
            out.extend_from_slice(b",\"max_raise_to\":");
            json_option(out, d.max_raise_to.map(Chips::get));
            out.extend_from_slice(b",\"min_raise_to\":");
            json_option(out, d.min_raise_to.map(Chips::get));
            out.extend_from_slice(b",\"player\":");
            json_number(out, d.player as u64 + 1);
            out.push(b'}');
        });
        out.extend_from_slice(b",\"file\":");
        json_str(out, file);
        out.extend_from_slice(b",\"finishing_stacks\":");
        json_numbers(out, self.finishing_stacks.iter().map(|c| c.get()));
        out.extend_from_slice(b",\"pots\":");
        json_list(out, &self.pots, |out, p| {
            out.extend_from_slice(b"{\"amount\":");
            json_number(out, p.amount.get());
            out.extend_from_slice(b",\"eligible\":");
            json_numbers(out, p.eligible.iter().map(|&s| u64::from(s.get())));
            out.extend_from_slice(b",\"winners\":");
            json_numbers(out, p.winners.iter().map(|&s| u64::from(s.get())));
            out.push(b'}');
        });
        if let Some(section) = section {
            out.extend_from_slice(b",\"section\":");
            json_str(out, section);
        }
        out.extend_from_slice(b"}\n");
    }
}

/// A hand or file that could not be replayed, as `tablectl replay --json` prints it:
/// `{"error": …, "file": …, "section": …}` and a newline.
pub fn write_json_error(out: &mut Vec<u8>, file: &str, section: Option<&str>, message: &str) {
    out.extend_from_slice(b"{\"error\":");
    json_str(out, message);
    out.extend_from_slice(b",\"file\":");
    json_str(out, file);
    out.extend_from_slice(b",\"section\":");
    match section {
        Some(s) => json_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b"}\n");
}

/// The `.phh` files of a folder, sorted by name: the corpus `tablectl bench` times.
pub fn phh_paths(dir: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "phh"))
        .collect();
    files.sort();
    Ok(files)
}

/// The texts of the `.phh` files of a folder, sorted by name: the corpus that
/// `tablectl bench` and the replay benchmark time (read beforehand, so the timing is
/// parsing and replay, not the disk).
pub fn phh_texts(dir: &std::path::Path) -> std::io::Result<Vec<String>> {
    Ok(read_texts(&phh_paths(dir)?))
}

/// The texts of the files that can be read, in order.
pub fn read_texts(paths: &[std::path::PathBuf]) -> Vec<String> {
    paths
        .iter()
        .filter_map(|f| crate::records::phh::read_text(f).ok())
        .collect()
}

/// Why a hand was refused, for a person: the action to blame (its line in the file
/// and its text) and the engine's message naming the rule.
pub fn refusal(hh: &crate::records::phh::HandHistory, e: &ReplayError) -> String {
    let at = e.action.and_then(|i| {
        let line = hh.action_info.get(i)?.line;
        Some(format!(
            "line {line}: {}",
            hh.actions.get(i)?.to_phh(hh.scale)
        ))
    });
    match at {
        Some(at) => format!("{at}: {}", e.message),
        None => e.message.clone(),
    }
}

/// `tablectl replay --json` of one file: reads it, replays each of its hands on
/// `replayer` and writes each hand's line ([`Replayed::write_json`], or an `error`
/// object naming the action and the rule) into `out`. Returns the hands replayed and
/// whether anything (the file, or one of its hands) was refused.
pub fn replay_file_json(replayer: &mut Replayer, path: &str, out: &mut Vec<u8>) -> (u64, bool) {
    let hands = match crate::records::phh::parse_file(path) {
        Ok(hands) => hands,
        Err(e) => {
            write_json_error(out, path, None, &e.to_string());
            return (0, true);
        }
    };
    let mut replayed = 0;
    let mut refused = false;
    for hh in &hands {
        match replayer.replay_history(hh) {
            Ok(r) => {
                r.write_json(out, path, hh.section.as_deref(), hh.scale);
                replayed += 1;
            }
            Err(e) => {
                refused = true;
                write_json_error(out, path, hh.section.as_deref(), &refusal(hh, &e));
            }
        }
    }
    (replayed, refused)
}

/// `tablectl replay --json` of each file in turn, its lines written into a buffer
/// that is emptied for the next file (as if printed): the hands replayed. What
/// `tablectl bench` and the replay benchmark time end to end, as PokerKit's script
/// works.
pub fn replay_files_json(files: &[String]) -> u64 {
    let mut replayer = Replayer::default();
    let mut lines = Vec::new();
    let mut replayed = 0;
    for file in files {
        lines.clear();
        replayed += replay_file_json(&mut replayer, file, &mut lines).0;
    }
    replayed
}

/// Parses and replays every hand of each text, as PokerKit's figure includes its
/// parsing: the number of hands replayed to their end (a text that does not parse,
/// or a hand the engine refuses, counts none).
pub fn replay_texts(texts: &[String]) -> u64 {
    let mut replayed = 0;
    let mut replayer = Replayer::default();
    for text in texts {
        if let Ok(hands) = crate::records::phh::parse_str(text) {
            for hh in &hands {
                if replayer.replay_history(hh).is_ok() {
                    replayed += 1;
                }
            }
        }
    }
    replayed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ch;

    /// A three-handed no-limit hand: p3 raises, p1 folds, p2 calls, and
    /// p2's kings beat p3's queens at the showdown.
    const HAND: &str = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 7c2d', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 30', 'p1 f', 'p2 cc',
  'd db 2h3h9c', 'p2 cc', 'p3 cc', 'd db 4s', 'p2 cc', 'p3 cc', 'd db Jd', 'p2 cc', 'p3 cc',
  'p2 sm KsKd', 'p3 sm QsQd']
";

    fn replayed(text: &str) -> (crate::records::phh::HandHistory, Replayed) {
        let hh = crate::records::phh::parse_hand(text).expect("the test hand parses");
        let r = Replayer::default()
            .replay_history(&hh)
            .expect("the test hand replays");
        (hh, r)
    }

    #[test]
    fn json_is_what_serde_json_writes_for_the_schema() {
        let (hh, r) = replayed(HAND);
        assert_eq!(r.finishing_stacks, vec![ch(995), ch(1035), ch(970)]);
        let mut out = Vec::new();
        r.write_json(&mut out, "a \"b\"\\c.phh", None, hh.scale);
        let decisions: Vec<serde_json::Value> = r
            .decisions
            .iter()
            .map(|d| {
                serde_json::json!({
                    "player": d.player + 1,
                    "call": d.call,
                    "min_raise_to": d.min_raise_to,
                    "max_raise_to": d.max_raise_to,
                })
            })
            .collect();
        let expected = serde_json::json!({
            "file": "a \"b\"\\c.phh",
            "finishing_stacks": [995, 1035, 970],
            "pots": [{"amount": 65, "eligible": [2, 3], "winners": [2]}],
            "decisions": decisions,
        });
        // Byte for byte: serde_json writes its keys in alphabetical order, as we do.
        assert_eq!(String::from_utf8(out), Ok(format!("{expected}\n")));
    }

    #[test]
    fn r_strad_2_a_straddle_replays_only_at_twice_the_big_blind() {
        // p3, on the button left of the big blind, straddles; p1 and p2 fold to him.
        let straddled = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 20]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 7c2d', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p1 f', 'p2 f']
";
        let (_, r) = replayed(straddled);
        assert_eq!(r.finishing_stacks, vec![ch(995), ch(990), ch(1015)]);
        let three_bb = straddled.replace("[5, 10, 20]", "[5, 10, 30]");
        let hh = crate::records::phh::parse_hand(&three_bb).expect("parses");
        let e = replay_history(&hh).expect_err("a straddle of 30 over a big blind of 10");
        assert!(e.message.contains("R-STRAD-2"), "{e}");
    }

    #[test]
    fn json_numbers_are_every_digit() {
        for n in [0, 7, 10, 999, 1_000_000, u64::MAX] {
            let mut out = Vec::new();
            json_number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }

    #[test]
    fn json_names_a_finer_chip_unit_and_the_section() {
        let cents = HAND
            .replace("[5, 10, 0]", "[0.05, 0.1, 0]")
            .replace("min_bet = 10", "min_bet = 0.1");
        let (hh, r) = replayed(&cents);
        let mut out = Vec::new();
        r.write_json(&mut out, "h.phhs", Some("7"), hh.scale);
        let v: serde_json::Value = serde_json::from_slice(&out).expect("valid JSON");
        assert_eq!(v["chip_unit"], "0.01");
        assert_eq!(v["section"], "7");
        assert_eq!(
            v["finishing_stacks"],
            serde_json::json!([99995, 103005, 97000])
        );
    }

    #[test]
    fn a_refused_file_and_hand_are_error_lines() {
        let dir = std::env::temp_dir().join(format!("replay-json-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let good = dir.join("good.phh");
        let bad = dir.join("bad.phh");
        let broken = dir.join("broken.phh");
        std::fs::write(&good, HAND).expect("write");
        std::fs::write(&bad, HAND.replace("'p1 f', 'p2 cc'", "'p2 cc', 'p1 f'")).expect("write");
        std::fs::write(&broken, "variant = 'NT\n").expect("write");
        let mut replayer = Replayer::default();
        let mut out = Vec::new();
        let mut run = |p: &std::path::Path| {
            replay_file_json(&mut replayer, &p.display().to_string(), &mut out)
        };
        assert_eq!(run(&good), (1, false));
        assert_eq!(run(&bad), (0, true));
        assert_eq!(run(&broken), (0, true));
        let lines: Vec<serde_json::Value> = out
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].get("error").is_none());
        let refused = lines[1]["error"].as_str().unwrap_or_default();
        assert!(
            refused.contains("line 6: p2 cc") && refused.contains("R-BET-2"),
            "{refused}"
        );
        assert!(lines[2]["error"]
            .as_str()
            .is_some_and(|e| e.contains("unterminated string")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
