//! A hand gathered from the log written as a PHH hand history: the final deal's
//! players from the button's left, the actions from the events the dealer saw, and
//! what PHH cannot say in `_`-prefixed fields.

use super::walk::{HandBuild, Logged};
use crate::records::phh::{
    ActionInfo, Cards, Entry, HandHistory, Item, Number, PhhAction, Scale, Shown, Value, Variant,
    MAX_ACTION_CARDS,
};
use firmware::rules::codec::Kind;
use firmware::rules::Stakes;
use firmware::{Card, Chips, Event, Post, Ruling, SeatNo, Structure, TableConfig, Warning};

/// The cards of one action. The engine deals at most five to a player or to a
/// board run, so none of [`MAX_ACTION_CARDS`] is ever left off.
fn cards_of(cs: &[Option<Card>]) -> Cards {
    cs.iter().take(MAX_ACTION_CARDS).copied().collect()
}

pub(super) fn num(n: u64) -> Value<'static> {
    let text = n.to_string();
    Number::parse(&text).map_or_else(
        || Value::Raw(text.clone().into()),
        |d| Value::Number(d.into_owned()),
    )
}

pub(super) fn array(values: impl IntoIterator<Item = Value<'static>>) -> Value<'static> {
    Value::Array(
        values
            .into_iter()
            .map(|value| Item { line: 0, value })
            .collect(),
    )
}

fn strings(v: &[String]) -> Value<'static> {
    array(v.iter().map(|s| Value::String(s.clone().into())))
}

fn entry(key: &str, value: Value<'static>) -> Entry<'static> {
    Entry {
        key: key.to_string().into(),
        line: 0,
        value,
    }
}

fn card_text(c: Option<Card>) -> String {
    c.map_or_else(|| "??".to_string(), |c| c.to_string())
}

/// The seats dealt into the final deal, p1 first: clockwise from the seat left of the
/// button, the button last (heads-up p1 is the big blind, as PHH has it). With no
/// button known, seat order.
pub(super) fn player_order(dealt: &[SeatNo], button: Option<SeatNo>) -> Vec<SeatNo> {
    let mut seats = dealt.to_vec();
    seats.sort_unstable();
    let split = seats
        .iter()
        .position(|&s| Some(s) > button)
        .unwrap_or(seats.len());
    seats.rotate_left(split);
    seats
}

/// The house rules a hand was dealt under, as the `_house_rules` inline table: every
/// house and money setting ([`crate::settings`]), so a replay of the export plays and
/// pays exactly as the table did. The game and stakes are the history's own fields.
fn house_rules_value(cfg: &TableConfig) -> Value<'static> {
    let entries = crate::settings::pairs(cfg, &[Kind::House, Kind::Money])
        .into_iter()
        .map(|(key, text)| {
            let value = match text.as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                t => match t.parse::<u64>() {
                    Ok(n) => num(n),
                    Err(_) => Value::String(text.into()),
                },
            };
            entry(key, value)
        });
    Value::Table(entries.collect())
}

/// Turns a hand gathered from the log into a hand history.
pub(super) fn to_history(cfg: &TableConfig, table_id: &str, b: &HandBuild) -> HandHistory {
    let events: Vec<&Logged> = b.committed.iter().chain(&b.live).collect();
    // The final deal begins at the last redeal.
    let last_redeal = events
        .iter()
        .rposition(|l| l.events.iter().any(|e| matches!(e, Event::Redeal { .. })));
    let mut button = None;
    let mut dealt: Vec<SeatNo> = Vec::new();
    let mut straddle_confirmed = None;
    for l in &events {
        for e in &l.events {
            match e {
                Event::HandStarted {
                    button: btn,
                    dealt: d,
                    ..
                } => {
                    button = Some(*btn);
                    dealt = firmware::event::dealt_seats(*d).collect();
                }
                Event::Redeal { button: btn } => button = Some(*btn),
                Event::StraddleConfirmed { .. } => straddle_confirmed = Some(true),
                Event::Warning(Warning::StraddleUnconfirmed { .. }) => {
                    straddle_confirmed = Some(false)
                }
                _ => {}
            }
        }
    }
    let final_events: Vec<&Event> = events
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            let skip = match last_redeal {
                Some(r) if i < r => l.events.len(),
                Some(r) if i == r => l
                    .events
                    .iter()
                    .position(|e| matches!(e, Event::Redeal { .. }))
                    .map_or(0, |p| p + 1),
                _ => 0,
            };
            l.events.iter().skip(skip)
        })
        .collect();
    if last_redeal.is_some() {
        // Only those dealt in the final deal are its players.
        let mut again: Vec<SeatNo> = final_events
            .iter()
            .filter_map(|e| match e {
                Event::HoleCard { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        again.sort_unstable();
        again.dedup();
        dealt = again;
    }
    let seats = player_order(&dealt, button);
    let index = |s: SeatNo| seats.iter().position(|&x| x == s);
    let n = seats.len();
    let mut antes = vec![Chips::ZERO; n];
    let mut blinds = vec![Chips::ZERO; n];
    let mut dead_blinds = vec![Chips::ZERO; n];
    let mut enter_blinds = vec![Chips::ZERO; n];
    // Chips put in before the last redeal stay in the pot: dead money, as antes.
    let mut carried = vec![Chips::ZERO; n];
    if let Some(totals) = b.redeal_totals.last() {
        for (&s, &c) in totals {
            if let Some(p) = index(s) {
                carried[p] = c;
                antes[p] = antes[p].saturating_add(c);
            }
        }
    }
    let carried_dead: Chips = b
        .redeal_totals
        .last()
        .map(|t| {
            t.iter()
                .filter(|(s, _)| index(**s).is_none())
                .map(|(_, c)| *c)
                .sum()
        })
        .unwrap_or(Chips::ZERO);
    let mut actions: Vec<PhhAction> = Vec::new();
    let mut burns: Vec<String> = Vec::new();
    let mut hole: Vec<Vec<Option<Card>>> = vec![Vec::new(); n];
    let mut folded = vec![false; n];
    let mut all_in = vec![false; n];
    let mut mucked = vec![false; n];
    for e in &final_events {
        if let Event::Mucked { seat } = e {
            if let Some(p) = index(*seat) {
                mucked[p] = true;
            }
        }
    }
    let draw = !cfg.game.has_board();
    let mut drawn = false;
    let mut shown = false;
    // Who bet or raised last in the round being played, and in the last round played.
    let mut round_aggressor: Option<usize> = None;
    let mut final_aggressor: Option<usize> = None;
    // The showdown: who shows, who mucks, in the order the players show (R-SHOW-1..3:
    // the called bettor first, else the first player left of the button, then
    // clockwise; players are numbered from the button's left). PHH (as PokerKit plays
    // it) has it as soon as the betting is over for good, before an all-in runout.
    let show = |actions: &mut Vec<PhhAction>,
                hole: &[Vec<Option<Card>>],
                folded: &[bool],
                aggressor: Option<usize>,
                done: &mut bool| {
        if *done {
            return;
        }
        *done = true;
        let live: Vec<usize> = (0..hole.len()).filter(|&p| !folded[p]).collect();
        for p in firmware::hand::show_order(&live, aggressor) {
            actions.push(PhhAction::ShowMuck {
                player: p,
                shown: if mucked[p] {
                    Shown::Muck
                } else {
                    Shown::Cards(cards_of(&hole[p]))
                },
            });
        }
    };
    let mut holes_written = false;
    let mut contested = false;
    let mut rake = Chips::ZERO;
    let mut board_run: Vec<Option<Card>> = Vec::new();
    let mut replacements: Vec<PhhAction> = Vec::new();
    let flush_board = |actions: &mut Vec<PhhAction>, run: &mut Vec<Option<Card>>| {
        if !run.is_empty() {
            actions.push(PhhAction::DealBoard {
                cards: cards_of(&std::mem::take(run)),
            });
        }
    };
    let write_holes =
        |actions: &mut Vec<PhhAction>, hole: &[Vec<Option<Card>>], done: &mut bool| {
            if !*done {
                *done = true;
                for (p, cards) in hole.iter().enumerate() {
                    if !cards.is_empty() {
                        actions.push(PhhAction::DealHole {
                            player: p,
                            cards: cards_of(cards),
                        });
                    }
                }
            }
        };
    for e in &final_events {
        if !matches!(e, Event::BoardCard { .. } | Event::Burned { .. }) {
            flush_board(&mut actions, &mut board_run);
        }
        if matches!(e, Event::BettingOpened { .. } | Event::HandOver { .. }) {
            actions.append(&mut replacements);
        }
        match e {
            Event::Posted {
                seat,
                post,
                amount,
                all_in: a,
            } => {
                let Some(p) = index(*seat) else { continue };
                all_in[p] |= *a;
                match post {
                    Post::Ante => antes[p] += *amount,
                    Post::DeadSmallBlind => {
                        antes[p] += *amount;
                        dead_blinds[p] += *amount;
                    }
                    Post::EnterBigBlind => {
                        blinds[p] += nominal(&b.stakes, *post, *amount);
                        enter_blinds[p] += nominal(&b.stakes, *post, *amount);
                    }
                    Post::SmallBlind | Post::BigBlind | Post::Straddle => {
                        blinds[p] += nominal(&b.stakes, *post, *amount);
                    }
                }
            }
            Event::HoleCard { seat, card } => {
                let Some(p) = index(*seat) else { continue };
                let c = *card;
                if holes_written {
                    // A replacement in the draw (R-DRAW-5). PHH deals them once every
                    // player has discarded (after the burn), as PokerKit does.
                    match replacements.last_mut() {
                        Some(PhhAction::DealHole { player, cards })
                            if *player == p && !cards.is_full() =>
                        {
                            // Not full: the push cannot fail.
                            let _ = cards.push(c);
                        }
                        _ => replacements.push(PhhAction::DealHole {
                            player: p,
                            cards: cards_of(&[c]),
                        }),
                    }
                }
                hole[p].push(c);
            }
            Event::Ruled {
                ruling: Ruling::Exposed { seat, card },
                ..
            } => {
                // PD-EXPOSED: the exposed card left his hand (it is the first burn);
                // his hand is the cards he kept and the one he got after the deal.
                if let Some(p) = index(*seat) {
                    let c = *card;
                    if let Some(i) = hole[p].iter().rposition(|h| *h == c) {
                        hole[p].remove(i);
                    }
                }
            }
            Event::Rejoined { seat, amount } => {
                // R-DRAW-6: what he put in to rejoin is in the pot before the final
                // deal, as the carried chips are: dead money, written as an ante.
                if let Some(p) = index(*seat) {
                    antes[p] = antes[p].saturating_add(*amount);
                }
            }
            Event::Burned { card } => burns.push(card_text(*card)),
            Event::BoardCard { card, .. } => board_run.push(*card),
            Event::BettingOpened { .. } => {
                write_holes(&mut actions, &hole, &mut holes_written);
            }
            Event::Folded { seat } => {
                if let Some(p) = index(*seat) {
                    folded[p] = true;
                    actions.push(PhhAction::Fold { player: p });
                }
            }
            Event::Checked { seat } => {
                if let Some(p) = index(*seat) {
                    actions.push(PhhAction::CheckCall { player: p });
                }
            }
            Event::Called {
                seat, all_in: a, ..
            } => {
                if let Some(p) = index(*seat) {
                    all_in[p] |= *a;
                    actions.push(PhhAction::CheckCall { player: p });
                }
            }
            Event::Bet {
                seat,
                to,
                all_in: a,
            }
            | Event::Raised {
                seat,
                to,
                all_in: a,
            } => {
                if let Some(p) = index(*seat) {
                    all_in[p] |= *a;
                    round_aggressor = Some(p);
                    actions.push(PhhAction::CompleteBetRaise {
                        player: p,
                        to: to.get(),
                    });
                }
            }
            Event::RoundComplete { .. } => {
                final_aggressor = round_aggressor.take();
                let live = (0..n).filter(|&p| !folded[p]).count();
                let can_bet = (0..n).filter(|&p| !folded[p] && !all_in[p]).count();
                if live > 1 && can_bet <= 1 && (!draw || drawn) {
                    actions.append(&mut replacements);
                    show(&mut actions, &hole, &folded, final_aggressor, &mut shown);
                }
            }
            Event::Discarded { seat, card } => {
                drawn = true;
                let Some(p) = index(*seat) else { continue };
                let c = Some(*card);
                if let Some(k) = hole[p].iter().position(|&h| h == c) {
                    hole[p].remove(k);
                }
                match actions.last_mut() {
                    Some(PhhAction::StandPatDiscard { player, discards })
                        if *player == p && !discards.is_full() =>
                    {
                        // Not full: the push cannot fail.
                        let _ = discards.push(c);
                    }
                    _ => actions.push(PhhAction::StandPatDiscard {
                        player: p,
                        discards: cards_of(&[c]),
                    }),
                }
            }
            Event::StoodPat { seat } => {
                drawn = true;
                if let Some(p) = index(*seat) {
                    actions.push(PhhAction::StandPatDiscard {
                        player: p,
                        discards: Cards::new(),
                    });
                }
            }
            Event::HandOver { contested: c, .. } => {
                write_holes(&mut actions, &hole, &mut holes_written);
                contested = *c;
            }
            Event::Raked { amount } => rake += *amount,
            _ => {}
        }
    }
    flush_board(&mut actions, &mut board_run);
    if contested {
        actions.append(&mut replacements);
        show(&mut actions, &hole, &folded, final_aggressor, &mut shown);
    } else if (0..n).any(|p| mucked[p] && !folded[p]) {
        // Every other hand mucked at the showdown (R-SHOW-3, or a hand ruled dead):
        // the last hand won unseen, but PHH (as PokerKit plays it) ends a showdown
        // only once every hand in it has shown or mucked: his cards are written shown.
        actions.append(&mut replacements);
        show(&mut actions, &hole, &folded, final_aggressor, &mut shown);
    }
    let starting: Vec<Chips> = seats
        .iter()
        .map(|s| b.stacks.get(s).copied().unwrap_or(Chips::ZERO))
        .collect();
    let finishing: Vec<Chips> = seats
        .iter()
        .map(|s| {
            b.end
                .as_ref()
                .and_then(|(_, st)| st.get(s).copied())
                .unwrap_or(Chips::ZERO)
        })
        .collect();
    if n == 2 {
        // Heads-up, PHH lists the forced bets small blind first: PokerKit reads entry 0
        // as the button's (p2) and entry 1 as the big blind's (p1).
        antes.swap(0, 1);
        blinds.swap(0, 1);
    }
    let variant = Variant::of_game(cfg.game, b.structure);
    let fixed = b.structure == Structure::FixedLimit;
    let mut extra = vec![
        entry("table", Value::String(table_id.to_string().into())),
        entry("hand", num(u64::from(b.number))),
        entry(
            "seats",
            array(seats.iter().map(|&s| num(u64::from(s.get())))),
        ),
        entry("seat_count", num(u64::from(cfg.max_players))),
        // No hand start in the log: seat 0, as before seat numbers had a type.
        entry(
            "_button_seat",
            num(button.map_or(0, |b| u64::from(b.get()))),
        ),
        entry("_started_ms", num(b.start.unix_millis())),
        entry(
            "_ended_ms",
            num(b.end.as_ref().map_or(0, |(t, _)| t.unix_millis())),
        ),
        entry("_burns", strings(&burns)),
        entry("_house_rules", house_rules_value(cfg)),
    ];
    if dead_blinds.iter().any(|&d| d > Chips::ZERO) {
        extra.push(entry(
            "_dead_blinds",
            array(dead_blinds.iter().map(|&d| num(d.get()))),
        ));
    }
    if enter_blinds.iter().any(|&d| d > Chips::ZERO) {
        extra.push(entry(
            "_enter_big_blinds",
            array(enter_blinds.iter().map(|&d| num(d.get()))),
        ));
    }
    if let Some(c) = straddle_confirmed {
        extra.push(entry("_straddle_confirmed", Value::Bool(c)));
    }
    if !b.redeal_totals.is_empty() {
        extra.push(entry("_redeals", num(b.redeal_totals.len() as u64)));
        extra.push(entry(
            "_carried",
            array(carried.iter().map(|&d| num(d.get()))),
        ));
        if carried_dead > Chips::ZERO {
            extra.push(entry("_carried_dead", num(carried_dead.get())));
        }
    }
    if rake > Chips::ZERO {
        extra.push(entry("_rake", num(rake.get())));
    }
    if !b.corrections.is_empty() {
        extra.push(entry("_corrections", strings(&b.corrections)));
    }
    if !b.refused.is_empty() {
        extra.push(entry("_refused", strings(&b.refused)));
    }
    if !b.shoe_frames.is_empty() {
        extra.push(entry("_shoe_frames", strings(&b.shoe_frames)));
    }
    HandHistory {
        variant,
        ante_trimming_status: false,
        antes: plain(&antes),
        blinds_or_straddles: plain(&blinds),
        min_bet: (!fixed).then_some(b.stakes.big_blind.get()),
        small_bet: fixed.then_some(b.stakes.small_bet.get()),
        big_bet: fixed.then_some(b.stakes.big_bet.get()),
        bring_in: None,
        starting_stacks: plain(&starting),
        action_info: vec![
            ActionInfo {
                line: 0,
                comment: None
            };
            actions.len()
        ],
        actions,
        players: None,
        finishing_stacks: Some(plain(&finishing)),
        winnings: None,
        scale: Scale::UNITS,
        section: None,
        line: 0,
        extra,
    }
}

/// Chips as the plain numbers of a hand history.
pub(super) fn plain(chips: &[Chips]) -> Vec<u64> {
    chips.iter().map(|c| c.get()).collect()
}

/// The blind as the stakes name it: a player short of it posts what he has, but the
/// others still owe the full blind (PD-SHORTBLIND).
fn nominal(stakes: &Stakes, post: Post, posted: Chips) -> Chips {
    let full = match post {
        Post::SmallBlind => stakes.small_blind,
        Post::BigBlind | Post::EnterBigBlind => stakes.big_blind,
        // R-STRAD-2 (past what a count holds, which no table posts: the most it holds).
        Post::Straddle => firmware::straddle_size(stakes.big_blind).unwrap_or(Chips::MAX),
        Post::Ante | Post::DeadSmallBlind => posted,
    };
    full.max(posted)
}
