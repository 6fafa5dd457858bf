//! The short texts of the screen that are not the pots': whose turn and what it
//! costs, who draws, what a seat won, the seats' positions and the table's limits,
//! each in the table's language.

use super::{Figure, TurnView};
use crate::display::i18n::{Lang, Word};
use firmware::{Chips, SeatNo, Structure, Table};

/// The engine's options for the player to act, as the dealer announces them.
pub(super) fn turn(table: &Table, structure: Structure, lang: Lang) -> Option<TurnView> {
    let o = table.options()?;
    let figure = |w: Word, amount: Chips| Figure {
        label: lang.word(w),
        amount,
        amount_text: lang.number(amount.get()),
    };
    let mut figures = vec![if o.call == Chips::ZERO {
        figure(Word::Check, Chips::ZERO)
    } else {
        figure(Word::ToCall, o.call)
    }];
    let mut note = None;
    match (o.raise, structure) {
        (Some(r), Structure::FixedLimit) => figures.push(figure(Word::FixedTo, r.min_to)),
        (Some(r), _) => {
            let min = if o.opening {
                Word::MinBet
            } else {
                Word::MinRaiseTo
            };
            figures.push(figure(min, r.min_to));
            if structure == Structure::PotLimit {
                figures.push(figure(Word::PotLimitMax, r.max_to));
            }
        }
        (None, _) => note = Some(lang.word(Word::NoRaise)),
    }
    Some(TurnView {
        seat: o.seat,
        label: format!(
            "{}: {} {}",
            lang.word(Word::ToAct),
            lang.word(Word::Seat),
            o.seat
        ),
        who_label: lang.word(Word::ToAct),
        who: format!("{} {}", lang.word(Word::Seat), o.seat),
        figures,
        note,
    })
}

/// The exchange's turn: who draws now (R-DRAW-5).
pub(super) fn drawer(table: &Table, lang: Lang) -> Option<TurnView> {
    let seat = table.hand().filter(|_| table.in_hand())?.drawer()?;
    let who = format!("{} {seat}", lang.word(Word::Seat));
    Some(TurnView {
        seat,
        label: format!("{}: {who}", lang.word(Word::ToDraw)),
        who_label: lang.word(Word::ToDraw),
        who,
        figures: Vec::new(),
        note: None,
    })
}

/// "Seat 3 wins 300".
pub(super) fn wins_text(lang: Lang, seat: SeatNo, chips: Chips) -> String {
    format!(
        "{} {seat} {} {}",
        lang.word(Word::Seat),
        lang.word(Word::Wins),
        lang.number(chips.get())
    )
}

/// Each dealt seat's position but the blinds' (R-POS-1): counted counter-clockwise
/// from the button, the button and the cutoff are late, the three before them
/// middle, the rest early; with fewer players the early ones go first, then the
/// middle, and an eleventh player is early.
pub(super) fn positions(table: &Table, h: &firmware::Hand) -> Vec<(SeatNo, Word)> {
    /// Late positions besides the button, and the middle ones (R-POS-1).
    const LATE: usize = 1;
    const MIDDLE: usize = 3;
    let max = table.config().max_players;
    let dealt: Vec<SeatNo> = SeatNo::up_to(max).filter(|&s| h.player(s).dealt).collect();
    let Some(at) = dealt.iter().position(|&s| s == h.button) else {
        return Vec::new();
    };
    // Clockwise from the seat after the button, back to the button.
    let order: Vec<SeatNo> = dealt[at + 1..]
        .iter()
        .chain(&dealt[..=at])
        .copied()
        .collect();
    let blind = |s: SeatNo| h.small_blind == Some(s) || h.big_blind == s;
    // The others, nearest the button first.
    let others: Vec<SeatNo> = order
        .iter()
        .rev()
        .copied()
        .filter(|&s| s != h.button && !blind(s))
        .collect();
    let mut out = Vec::with_capacity(dealt.len());
    if !blind(h.button) {
        out.push((h.button, Word::Late));
    }
    for (i, &s) in others.iter().enumerate() {
        let w = if i < LATE {
            Word::Late
        } else if i < LATE + MIDDLE {
            Word::Middle
        } else {
            Word::Early
        };
        out.push((s, w));
    }
    out
}

/// The stakes in full words: the blinds, the ante and, in fixed limit, the bets
/// (an ante-only game names no blinds; draw's bets are said, not left to guess).
pub(super) fn limits_text(lang: Lang, structure: Structure, s: &firmware::rules::Stakes) -> String {
    let n = |c: Chips| lang.number(c.get());
    let mut parts = Vec::new();
    if s.big_blind > Chips::ZERO {
        parts.push(format!(
            "{} {}/{}",
            lang.word(Word::Blinds),
            n(s.small_blind),
            n(s.big_blind)
        ));
    }
    if s.ante > Chips::ZERO {
        let word = match s.ante_mode {
            firmware::rules::AnteMode::PerPlayer => Word::Ante,
            firmware::rules::AnteMode::BigBlind => Word::BigBlindAnte,
        };
        parts.push(format!("{} {}", lang.word(word), n(s.ante)));
    }
    if structure == Structure::FixedLimit {
        parts.push(format!(
            "{} {}/{}",
            lang.word(Word::Bets),
            n(s.small_bet),
            n(s.big_bet)
        ));
    }
    parts.join(" · ")
}
