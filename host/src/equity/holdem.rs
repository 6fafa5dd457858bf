//! Hold'em: every rest of the board in nested loops, one card per level, each
//! player's incremental hand ([`Accum`]: hole cards plus the board so far) carried
//! down the levels. A board then costs one card added and one value read per
//! player (R-RANK-6: best five of the seven).

use firmware::Card;

use crate::eval::{Accum, Evaluator, HandValue};

use super::tally::{winners, Tally};
use super::{for_players, Deal, EquityError};

/// Counts every board of `deal` into `tally`.
pub(super) fn run(deal: &Deal<'_>, tally: &mut Tally) -> Result<(), EquityError> {
    for_players!(deal.hands.len(), run_n(deal, tally))
}

fn run_n<const N: usize>(deal: &Deal<'_>, tally: &mut Tally) -> Result<(), EquityError> {
    let empty = Evaluator::get().accum();
    let hands: [Accum; N] = core::array::from_fn(|p| {
        let hole = deal.hands.get(p).copied().unwrap_or_default();
        hole.iter().chain(deal.board).fold(empty, |a, &c| a.add(c))
    });
    walk(&hands, deal.missing(), &deal.unseen, tally);
    Ok(())
}

/// Deals `missing` more board cards from `unseen` (in index order, so each board
/// once) to every hand in `hands`.
fn walk<const N: usize>(hands: &[Accum; N], missing: usize, unseen: &[Card], tally: &mut Tally) {
    match missing {
        0 => tally.record(board_winners(hands, None), 0),
        // The innermost level: one add and one value read per player. Cards of one
        // rank in suits where nobody can make or change a flush give every player
        // the same value: valued once, counted as many times.
        1 => {
            let flush_suits = hands.iter().fold(0u8, |m, h| m | h.flush_draw_suits());
            for same_rank in unseen.chunk_by(|a, b| a.rank() == b.rank()) {
                let mut plain = (0u64, None);
                for &c in same_rank {
                    if flush_suits & (1 << c.suit().index()) != 0 {
                        tally.record(board_winners(hands, Some(c)), 0);
                    } else {
                        plain = (plain.0 + 1, Some(c));
                    }
                }
                if let (boards, Some(c)) = plain {
                    tally.record_boards(board_winners(hands, Some(c)), 0, boards);
                }
            }
        }
        _ => {
            // Leave enough cards for the levels below.
            let last = unseen.len().saturating_sub(missing - 1);
            for (i, &c) in unseen.iter().enumerate().take(last) {
                let mut next = *hands;
                for h in &mut next {
                    *h = h.add(c);
                }
                walk(
                    &next,
                    missing - 1,
                    unseen.get(i + 1..).unwrap_or_default(),
                    tally,
                );
            }
        }
    }
}

/// The winners on the board of `hands`, completed by `card` if given.
#[inline(always)]
fn board_winners<const N: usize>(hands: &[Accum; N], card: Option<Card>) -> u16 {
    // Loops, not `array::map`: that one is not inlined in the hot loop.
    let mut values = [HandValue::NONE; N];
    for (v, h) in values.iter_mut().zip(hands) {
        *v = match card {
            Some(c) => h.add(c).value(),
            None => h.value(),
        };
    }
    winners(&values, HandValue::NONE)
}
