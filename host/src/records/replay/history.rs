//! A parsed hand history read as the replay's table ([`Spec`]) and steps ([`Step`]):
//! the PHH fields and actions in the engine's terms, apart so that a replayer can
//! refill the same lists hand after hand.

use super::*;
use crate::records::phh::Cards;
use firmware::{Chips, Structure};

/// A hand history turned into the replay's table and steps.
pub fn from_history(
    hh: &crate::records::phh::HandHistory,
) -> Result<(Spec, Vec<Step>), ReplayError> {
    let mut built = None;
    history_into(hh, &mut built)?;
    built.ok_or_else(no_table)
}

/// A hand history that left no table behind: cannot happen once it was read.
pub(super) fn no_table() -> ReplayError {
    fail(None, "the hand history gave no table")
}

/// [`from_history`] into `built`, whose lists are emptied and refilled when it holds
/// the last hand's: a replayer reuses them, and their allocations, hand after hand.
/// On error `built` holds part of a hand, to be refilled.
pub(super) fn history_into(
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
