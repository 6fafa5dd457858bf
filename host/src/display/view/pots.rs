//! The pots' boxes: the pots in the middle during the hand, each with the seats
//! that can win it, and the pots as the showdown paid them, each with its winners
//! (and in hi/lo the half each won). The pots are money's ([`crate::money::pots`],
//! [`settle`]); this only names them.

use super::showdown::halves_of;
use super::PotView;
use crate::display::i18n::{Lang, Word};
use crate::money::settle::{self, HandResult};
use firmware::{Chips, SeatNo, Table};

/// A pot's winner, in the pot's box: "Seat 3 +300". Shorter than the results'
/// "Seat 3 wins 300" (a "+" is read in every language), so that nine pots with
/// their winners fit a portrait screen or the Pi's bar at the smallest type read
/// from two metres.
fn paid_text(lang: Lang, seat: SeatNo, chips: Chips) -> String {
    format!(
        "{} {seat} +{}",
        lang.word(Word::Seat),
        lang.number(chips.get())
    )
}

/// "Main pot: 4,246".
fn pot_amount_text(lang: Lang, i: usize, amount: Chips) -> String {
    format!("{}: {}", pot_label(lang, i), lang.number(amount.get()))
}

/// "Main: 4,246", "Side 1: 900".
fn pot_short_text(lang: Lang, i: usize, amount: Chips) -> String {
    format!(
        "{}: {}",
        pot_short_label(lang, i),
        lang.number(amount.get())
    )
}

/// A pot's name without the word "pot" ("Main", "Side 1"), where the pot is
/// already said by what surrounds it (a seat's chance at it, a box in the pots'
/// bar). Whole words: read from two metres, an abbreviation ("Bocz. 1") says the
/// figure but not what it is.
pub(super) fn pot_short_label(lang: Lang, i: usize) -> String {
    if i == 0 {
        lang.word(Word::MainShort).to_string()
    } else {
        format!("{} {i}", lang.word(Word::SideShort))
    }
}

/// A pot's seats: "Seats 1, 3, 4", three or more in a row as a range ("Seats
/// 1–10", "Seats 2, 4–7"), so that a full table's main pot and its side pots each
/// take a short line and up to ten pots fit the Pi's bar, every seat still said.
fn seats_text(lang: Lang, seats: &[SeatNo]) -> String {
    /// The shortest run of seats said as a range: "1–3" for three, "1, 2" for two.
    const RANGE: usize = 3;
    let numbers: Vec<u8> = seats.iter().map(|s| s.get()).collect();
    let mut parts = Vec::new();
    let mut rest = numbers.as_slice();
    while let Some(&first) = rest.first() {
        let run = rest
            .iter()
            .zip(first..)
            .take_while(|(n, want)| **n == *want)
            .count();
        if run >= RANGE {
            parts.push(format!("{first}–{}", rest[run - 1]));
            rest = &rest[run..];
        } else {
            parts.push(first.to_string());
            rest = &rest[1..];
        }
    }
    format!("{} {}", lang.word(Word::Seats), parts.join(", "))
}

fn pot_label(lang: Lang, i: usize) -> String {
    if i == 0 {
        lang.word(Word::MainPot).to_string()
    } else {
        format!("{} {i}", lang.word(Word::SidePot))
    }
}

/// The pots in the middle during the hand: what earlier rounds collected, split into
/// main and side pots by the host's pot builder ([`crate::money::pots`]); this round's bets
/// stay in front of the players until the round ends.
pub(super) fn pots_in_middle(table: &Table, lang: Lang) -> Vec<PotView> {
    let Some(h) = table.hand().filter(|_| table.in_hand()) else {
        return Vec::new();
    };
    let collected = |p: &firmware::Player| p.total.saturating_sub(p.street);
    let Ok(pots) = settle::hand_pots(h, table.config().max_players, collected) else {
        return Vec::new();
    };
    pots.iter()
        .filter(|p| p.amount > Chips::ZERO)
        .enumerate()
        .map(|(i, p)| {
            let eligible: Vec<SeatNo> = p
                .eligible
                .iter()
                .filter_map(|&x| SeatNo::from_index(x))
                .collect();
            PotView {
                label: pot_label(lang, i),
                amount_text: pot_amount_text(lang, i, p.amount),
                short_text: pot_short_text(lang, i, p.amount),
                amount: p.amount,
                eligible_text: seats_text(lang, &eligible),
                eligible,
                winners: Vec::new(),
            }
        })
        .collect()
}

/// The pots as the showdown paid them: each winner's line sits in its pot's box,
/// under the pot's name and amount, so two 600s paid from a main and a side pot are
/// never read as one; in hi/lo it names the half he won (R-HILO-4). The line does
/// not name the pot again: that kept a pot's box three words wider than its
/// figures, one pot to a row, and nine pots did not fit a portrait screen.
pub(super) fn paid_pots(o: &HandResult, lang: Lang, hi_lo: bool) -> Vec<PotView> {
    o.pots
        .iter()
        .enumerate()
        .map(|(i, p)| PotView {
            label: pot_label(lang, i),
            amount_text: pot_amount_text(lang, i, p.amount),
            short_text: pot_short_text(lang, i, p.amount),
            amount: p.amount,
            eligible_text: seats_text(lang, &p.eligible),
            eligible: p.eligible.clone(),
            winners: p
                .winners
                .iter()
                .filter(|&&(_, c)| c > Chips::ZERO)
                .map(|&(s, c)| match hi_lo.then(|| half_won(o, p, s)).flatten() {
                    Some(half) => format!(
                        "{}: {}",
                        capitalized(lang.word(half)),
                        paid_text(lang, s, c)
                    ),
                    None => paid_text(lang, s, c),
                })
                .collect(),
        })
        .collect()
}

/// A word as a line's first: its first letter capitalized ("low" -> "Low",
/// "лоу" -> "Лоу").
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Which half of a hi/lo pot `seat` won: none when the pot was not split (no low
/// qualified, or nobody showed).
fn half_won(o: &HandResult, pot: &settle::PaidPot, seat: SeatNo) -> Option<Word> {
    let split = o
        .hands
        .iter()
        .any(|h| pot.eligible.contains(&h.seat) && h.low.is_some());
    match halves_of(o, pot, seat).filter(|_| split)? {
        (true, true) => Some(Word::BothHalves),
        (true, false) => Some(Word::HighHalf),
        (false, true) => Some(Word::LowHalf),
        (false, false) => None,
    }
}
