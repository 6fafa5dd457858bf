//! The check against the engine: the history's actions fed to the firmware's table in
//! the order it takes them, each betting decision checked to be the player's turn and
//! recorded with what the engine offered, the blinds checked to be the ones the
//! history states. Nothing here decides a rule; a refusal is the engine's, named.

use super::*;
use crate::records::phh::Cards;
use firmware::config::MAX_SEATS;
use firmware::rules::ShowdownRule;
use firmware::{
    Action, Card, Chips, Event, Events, Input, Phase, Read, RuleError, SeatNo, Table, TableConfig,
};

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
pub(super) fn seat(p: usize) -> Result<SeatNo, ReplayError> {
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
pub(super) struct Engine {
    pub(super) table: Table,
    events: Events,
}

impl Engine {
    /// A new table under `cfg` and an empty buffer.
    pub(super) fn new(cfg: TableConfig) -> Result<Engine, ReplayError> {
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

    /// Has the engine take the betting `action`; the options the player had.
    fn act(&mut self, action: Action) -> Result<firmware::Options, RuleError> {
        self.table.act_into(action, &mut self.events)
    }
}

/// `cfg` as a replay plays it: every hand still in is tabled at the settlement
/// (`showdown=tabled`), since the history itself says who showed and who mucked, and
/// in what order (the host's showdown takes its shows and mucks from there).
pub(super) fn replayed(mut cfg: TableConfig) -> TableConfig {
    cfg.showdown = ShowdownRule::Tabled;
    cfg
}

/// Drives the engine through the history under the table settings `cfg` (the house
/// rules a hand was dealt with, as our own exports record them), up to the settlement.
pub fn play_with(cfg: TableConfig, spec: &Spec, steps: &[Step]) -> Result<Played, ReplayError> {
    let mut t = Engine::new(cfg)?;
    let seen = drive(&mut t, spec, steps, Vec::new())?;
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
pub(super) struct Seen {
    /// Every betting decision's situation, in order.
    pub(super) decisions: Vec<Decision>,
    /// Each player's hole cards as dealt or shown (empty where never seen).
    pub(super) hole: [Cards; MAX_SEATS],
    /// Players who mucked at the showdown.
    pub(super) mucked: [bool; MAX_SEATS],
}

/// Drives the engine `t` (its table new, under the hand's settings) through the
/// history up to the settlement, the decisions written into `decisions` (emptied
/// first: a replayer hands back the last hand's, to be refilled without allocating).
/// The table stays where the caller keeps it: it is several kilobytes, and moving it
/// in and out of results cost more than a hand's betting.
pub(super) fn drive(
    t: &mut Engine,
    spec: &Spec,
    steps: &[Step],
    mut decisions: Vec<Decision>,
) -> Result<Seen, ReplayError> {
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
    decisions.clear();
    decisions.reserve(steps.len());
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
    let to_act = t
        .table
        .hand()
        .filter(|h| h.phase == Phase::Betting)
        .and_then(|h| h.round.to_act)
        .ok_or_else(|| fail(Some(i), format!("p{} acts, but no one is to act", p + 1)))?;
    if to_act != seat(p)? {
        return Err(fail(
            Some(i),
            format!(
                "p{} acts, but it is p{to_act}'s turn (R-BET-2, R-BET-3)",
                p + 1,
            ),
        ));
    }
    // The options are the engine's, reckoned once: to check the action and to record.
    let o = t.act(action).map_err(|e| rule(i, e))?;
    decisions.push(Decision {
        player: p,
        call: o.call,
        min_raise_to: o.raise.map(|r| r.min_to),
        max_raise_to: o.raise.map(|r| r.max_to),
    });
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
