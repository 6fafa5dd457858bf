//! What the players' screen may show of the hands: which hole cards are face up
//! ([`face_up`], issue 26: a hand nobody saw gives nothing away), the five cards
//! that won for the highlight, and each winner's hand named for the half he won.
//! Which cards play is money's rule ([`hand::best_hand`]); who won is the
//! showdown's ([`settle`]).

use super::text::wins_text;
use super::{CardView, ResultView};
use crate::display::hands;
use crate::display::i18n::Lang;
use crate::money::hand;
use crate::money::settle::{self, HandResult};
use firmware::rules::ShowdownRule;
use firmware::{Card, Chips, Phase, SeatNo, Table};

/// The five cards of the best high hand among the main pot's winners whose cards
/// are face up: a winner nobody saw highlights nothing (issue 26: his best five
/// on the board would tell his cards).
pub(super) fn winning_five(table: &Table, o: &HandResult) -> Option<[Card; 5]> {
    let main = o.pots.first()?;
    main.winners
        .iter()
        .filter(|&&(s, _)| face_up(table, s))
        .filter_map(|&(s, _)| best_hand(table, s).map(|b| b.high))
        .max_by_key(|&(high, _)| high)
        .map(|(_, five)| five)
}

/// Each winner with the hands that won: in hi/lo the high hand only if it won
/// (part of) a pot's high half, the low only if it won a low half (a player who
/// won the low with a weak high is named for his low).
pub(super) fn results(table: &Table, o: &HandResult, lang: Lang) -> Vec<ResultView> {
    let halves = won_halves(o);
    settle::seat_totals(o)
        .into_iter()
        .map(|(s, c)| {
            let text = wins_text(lang, s, c);
            // Named only from a hand face up (issue 26): not a hand that won
            // unseen (R-STREET-3, R-SHOW-3).
            let shown = face_up(table, s) && o.hands.iter().any(|h| h.seat == s);
            let best = shown.then(|| best_hand(table, s)).flatten();
            let (high, low) = halves
                .iter()
                .find(|(x, _, _)| *x == s)
                .map_or((true, false), |&(_, h, l)| (h, l));
            let card = |c: &Card| CardView::new(*c, lang, true);
            let low_five = best.and_then(|b| b.low).map(|(_, five)| five);
            match best {
                Some(hand::Best {
                    high: (value, five),
                    ..
                }) => ResultView {
                    seat: s,
                    text,
                    hand: high
                        .then(|| hands::hand_name(lang, value.category(), &value.tie_ranks())),
                    cards: if high {
                        five.iter().map(card).collect()
                    } else {
                        Vec::new()
                    },
                    low: low_five.filter(|_| low).map(|l| {
                        let ranks: Vec<&str> = l
                            .iter()
                            .map(|c| CardView::new(*c, lang, false).rank)
                            .collect();
                        hands::low_name(lang, &ranks)
                    }),
                    low_cards: low_five
                        .filter(|_| low)
                        .map_or(Vec::new(), |l| l.iter().map(card).collect()),
                },
                None => ResultView {
                    seat: s,
                    text,
                    hand: None,
                    cards: Vec::new(),
                    low: None,
                    low_cards: Vec::new(),
                },
            }
        })
        .collect()
}

/// For each seat paid at a showdown: whether it won a high half (or a whole pot)
/// and whether it won a low half, judged pot by pot ([`halves_of`]).
fn won_halves(o: &HandResult) -> Vec<(SeatNo, bool, bool)> {
    let mut out: Vec<(SeatNo, bool, bool)> = Vec::new();
    for pot in &o.pots {
        for &(w, c) in &pot.winners {
            if c == Chips::ZERO {
                continue;
            }
            let Some((high, low)) = halves_of(o, pot, w) else {
                continue;
            };
            match out.iter_mut().find(|(x, _, _)| *x == w) {
                Some(e) => {
                    e.1 |= high;
                    e.2 |= low;
                }
                None => out.push((w, high, low)),
            }
        }
    }
    out
}

/// Whether `seat`'s shown hand is the best high and whether it is the best low
/// among the hands that could win `pot` (R-HILO-4); none when it showed nothing.
pub(super) fn halves_of(
    o: &HandResult,
    pot: &settle::PaidPot,
    seat: SeatNo,
) -> Option<(bool, bool)> {
    let hands = || o.hands.iter().filter(|h| pot.eligible.contains(&h.seat));
    let best_high = hands().map(|h| h.high).max();
    let best_low = hands().filter_map(|h| h.low).max();
    let h = hands().find(|h| h.seat == seat)?;
    Some((
        Some(h.high) == best_high,
        h.low.is_some() && h.low == best_low,
    ))
}

/// The five cards of a seat's hand that play, and its low's, for the highlight
/// and the names, by the game's own rule of which cards play ([`hand::best_hand`]);
/// the winners themselves come from the showdown ([`settle`]).
fn best_hand(table: &Table, seat: SeatNo) -> Option<hand::Best> {
    let cfg = table.config();
    let h = table.hand()?;
    let hole: Vec<Card> = held(h.player(seat))
        .iter()
        .copied()
        .collect::<Option<_>>()?;
    let board: Vec<Card> = h.board.iter().copied().collect::<Option<_>>()?;
    hand::best_hand(cfg.game, &hole, &board, hand::HandRules::of(cfg)).ok()
}

/// Whether `seat`'s hole cards are face up on the players' screen: shown at the
/// showdown or under PD-SHOW (R-SHOW-3), or, at a table that tables every hand
/// (`showdown=tabled`), during an all-in run-out and at a showdown. Never a hand
/// folded or mucked, nor the last hand in, which wins without showing (R-STREET-3,
/// R-SHOW-3) unless it was shown. The cards, their highlight and the hand's name
/// come only from such hands, so a hand nobody saw gives nothing away (issue 26).
pub(super) fn face_up(table: &Table, seat: SeatNo) -> bool {
    let Some(h) = table.hand() else { return false };
    let cfg = table.config();
    let p = h.player(seat);
    if !p.dealt || p.folded {
        return false;
    }
    if p.shown {
        return true;
    }
    let all_tabled = cfg.showdown == ShowdownRule::Tabled;
    (all_tabled && cards_up(table)) || (h.tabled(cfg, seat) && h.live_count() > 1)
}

/// The cards a player holds (the engine never counts more than the array holds; a
/// count that did would show none rather than stop the screen).
pub(super) fn held(p: &firmware::Player) -> &[Option<Card>] {
    p.hole.get(..usize::from(p.holes)).unwrap_or(&[])
}

/// Whether the hands are face up: at least two players are in, and at most one of
/// them has chips left, so no more betting can happen (all-in hands are tabled).
pub(super) fn cards_up(table: &Table) -> bool {
    let Some(h) = table.hand() else { return false };
    if !table.in_hand()
        || h.live_count() < 2
        || h.phase == Phase::Betting
        || h.phase == Phase::Dealing
    {
        return false;
    }
    let with_chips = h
        .in_hand()
        .filter(|&s| table.seat(s).is_some_and(|x| x.stack > Chips::ZERO))
        .count();
    with_chips <= 1
}
