//! # The dealer's award against the tabled hands
//!
//! The engine checks every chip of an award (a seat still in the hand, no more than
//! the pot), but it cannot value hands: an award of a pot to a seat the cards say
//! loses would be taken, logged and signed (issue 26, attack 12). Here the host
//! reads the award against its own showdown ([`settle::settle`], the one evaluator
//! and split): when every hand contesting a pot was tabled (R-SHOW-4, PD-SHOW), that
//! pot is paid as the cards say, high and low halves (R-HILO-1, PD-HILO), ties
//! split and odd chips by the house rule (PD-ODD). A seat may be paid no more, in
//! all, than the pots the cards decide give it plus every pot the cards cannot
//! decide that it contests. The rake (PD-RAKE) is the house's: a pot's winners may
//! be paid the part of it the dealer did not take, a loser none of it.
//!
//! A hand mucked at the showdown has left the contest (R-SHOW-3: it cannot win), so
//! the pot is decided among the hands still in it. What is not checked keeps the
//! behaviour it had: a hand whose cards were not read, a pot that only one hand
//! still contests (one player left, or the others mucked: nobody need see the
//! winner's cards). A floor ruling ([`Ruling::AwardOverride`], confirmed by the
//! floor's number and PIN) lets a seat be paid against the cards for the rest of the
//! hand; the ruling is in the hand log, so the audits list every such hand.
//!
//! Only live input is checked (the session, and a scenario script): replaying or
//! recovering a log takes its awards as they were played.

use crate::money::settle::{self, ShownHand};
use firmware::config::MAX_SEATS;
use firmware::{Chips, Input, Phase, Ruling, SeatNo, Table};
use std::fmt;

/// The name of the refusal in the hand log (the engine's refusals are named by their
/// error's variant; this one is the host's) and in a script's `=> AwardAgainstCards`.
pub const REFUSAL_CODE: &str = "AwardAgainstCards";

/// An award the tabled hands do not allow: nothing was paid. The dealer pays the
/// seats the cards name, or calls the floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AwardRefused {
    /// The seat the dealer awarded.
    pub seat: SeatNo,
    /// The chips he awarded.
    pub asked: Chips,
    /// What the cards leave the seat in all (the pots the cards cannot decide that
    /// he contests counted whole).
    pub due: Chips,
    /// What the seat was already paid this hand.
    pub paid: Chips,
    /// His hand as the showdown valued it.
    pub hand: Option<ShownHand>,
    /// The hands that win the first pot he contests and loses (or shares), best
    /// first.
    pub winners: Vec<ShownHand>,
    /// The seats the cards say are still owed chips.
    pub pay: Vec<SeatNo>,
    /// Whether the game splits high and low (names the lows).
    pub hi_lo: bool,
}

impl AwardRefused {
    /// The refusal's name in the hand log (`code`).
    pub fn code(&self) -> &'static str {
        REFUSAL_CODE
    }
}

/// A hand's name inside a sentence: "pair of queens", and its low in hi/lo.
struct Named<'a>(&'a ShownHand, bool);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lower_first(f, &self.0.high.to_string())?;
        match (self.1, self.0.low) {
            (false, _) => Ok(()),
            (true, Some(low)) => {
                f.write_str(" and ")?;
                lower_first(f, &low.to_string())
            }
            (true, None) => f.write_str(" and no low"),
        }
    }
}

/// `name` with its first letter in lower case ("Pair of queens" inside a sentence).
fn lower_first(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    let mut chars = name.chars();
    if let Some(first) = chars.next() {
        write!(f, "{}", first.to_lowercase())?;
    }
    f.write_str(chars.as_str())
}

/// "seat 5", "seats 2 and 5", "seats 1, 2 and 5".
struct Seats<'a>(&'a [SeatNo]);

impl fmt::Display for Seats<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("nobody"),
            [one] => write!(f, "seat {one}"),
            [rest @ .., last] => {
                f.write_str("seats ")?;
                for (i, s) in rest.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{s}")?;
                }
                write!(f, " and {last}")
            }
        }
    }
}

impl fmt::Display for AwardRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seat = self.seat;
        let pay = Seats(&self.pay);
        if self.due == Chips::ZERO {
            match &self.hand {
                Some(h) => write!(f, "seat {seat}'s {}", Named(h, self.hi_lo))?,
                None => write!(f, "seat {seat}'s hand")?,
            }
            let verb = if self.hi_lo { "lose" } else { "loses" };
            write!(f, " {verb} to ")?;
            for (i, w) in self.winners.iter().enumerate() {
                if i > 0 {
                    f.write_str(" and ")?;
                }
                write!(f, "seat {}'s {}", w.seat, Named(w, self.hi_lo))?;
            }
            return write!(f, ": pay {pay}, or call the floor");
        }
        let left = self.due.saturating_sub(self.paid);
        write!(
            f,
            "the hands shown give seat {seat} {} in all (split pots and odd chips by the house rule)",
            self.due
        )?;
        if self.paid > Chips::ZERO {
            write!(f, ", {} paid", self.paid)?;
        }
        write!(
            f,
            ": {} is more than the {left} left him; pay {pay}, or call the floor",
            self.asked
        )
    }
}

impl std::error::Error for AwardRefused {}

/// Whether the dealer's `input` may be paid: `Ok` for anything but an award, for an
/// award the tabled hands allow, and where they decide nothing (see the module).
pub fn check(table: &Table, input: &Input) -> Result<(), AwardRefused> {
    match *input {
        Input::Award { seat, amount } => check_award(table, seat, amount),
        _ => Ok(()),
    }
}

/// Whether `amount` more to `seat` keeps within what the tabled hands give him
/// (module documentation).
pub fn check_award(table: &Table, seat: SeatNo, amount: Chips) -> Result<(), AwardRefused> {
    let Some(h) = table
        .hand()
        .filter(|h| table.in_hand() && h.phase == Phase::Settling)
    else {
        // Not at the settlement: the engine says why.
        return Ok(());
    };
    let p = h.player(seat);
    if !p.dealt || p.folded || overridden(table, seat) {
        // A seat out of the hand is the engine's to refuse (R-SHOW-3).
        return Ok(());
    }
    // A showdown the host cannot value (a card not read) decides nothing here: the
    // dealer's payout says what the floor saw. An uncontested pot has no hand shown.
    let Ok(outcome) = settle::settle(table, &[]) else {
        return Ok(());
    };
    if outcome.uncontested {
        return Ok(());
    }
    // The rake the house rule takes (PD-RAKE) and the dealer has not: a pot paid
    // without it may go to its winners, whose pot it comes off; it makes no seat a
    // winner.
    let raked = table
        .hand_inputs()
        .iter()
        .filter_map(|i| match *i {
            Input::Rake { amount } => Some(amount),
            _ => None,
        })
        .fold(Chips::ZERO, Chips::saturating_add);
    let mut due = [Chips::ZERO; MAX_SEATS];
    let mut beaten: Option<&settle::PaidPot> = None;
    for pot in &outcome.pots {
        let contesting = || pot.eligible.iter().filter(|&&s| !h.player(s).mucked);
        let decided = contesting().count() > 1 && contesting().all(|&s| h.player(s).shown);
        if !decided {
            for &s in &pot.eligible {
                add(&mut due, s, pot.amount);
            }
            continue;
        }
        let paid_out = pot
            .winners
            .iter()
            .fold(Chips::ZERO, |sum, w| sum.saturating_add(w.1));
        let unraked = pot.amount.saturating_sub(paid_out).saturating_sub(raked);
        for &(s, chips) in &pot.winners {
            add(&mut due, s, chips.saturating_add(unraked));
        }
        let share = |s: SeatNo| {
            pot.winners
                .iter()
                .find(|(w, _)| *w == s)
                .map_or(Chips::ZERO, |w| w.1)
        };
        let top = pot.winners.iter().map(|w| w.1).max().unwrap_or(Chips::ZERO);
        if beaten.is_none() && pot.eligible.contains(&seat) && share(seat) < top {
            beaten = Some(pot);
        }
    }
    let paid_to = |s: SeatNo| {
        table
            .hand_inputs()
            .iter()
            .filter_map(|i| match *i {
                Input::Award { seat, amount } if seat == s => Some(amount),
                _ => None,
            })
            .fold(Chips::ZERO, Chips::saturating_add)
    };
    let due_to = |s: SeatNo| due.get(s.index()).copied().unwrap_or(Chips::ZERO);
    let paid = paid_to(seat);
    if paid.saturating_add(amount) <= due_to(seat) {
        return Ok(());
    }
    let hand_of = |s: SeatNo| outcome.hands.iter().find(|x| x.seat == s).copied();
    let mut winners: Vec<ShownHand> = beaten
        .map(|pot| {
            pot.winners
                .iter()
                .filter_map(|&(s, _)| hand_of(s))
                .collect()
        })
        .unwrap_or_default();
    winners.retain(|w| w.seat != seat);
    let pay = SeatNo::up_to(table.config().max_players)
        .filter(|&s| s != seat && due_to(s) > paid_to(s))
        .collect();
    Err(AwardRefused {
        seat,
        asked: amount,
        due: due_to(seat),
        paid,
        hand: hand_of(seat),
        winners,
        pay,
        hi_lo: table.config().game.spec().hi_lo,
    })
}

fn add(due: &mut [Chips; MAX_SEATS], seat: SeatNo, chips: Chips) {
    if let Some(d) = due.get_mut(seat.index()) {
        *d = d.saturating_add(chips);
    }
}

/// Whether the floor ruled, this hand, that `seat` may be paid against the cards.
pub fn overridden(table: &Table, seat: SeatNo) -> bool {
    table.hand_inputs().iter().any(|i| {
        matches!(i, Input::Ruling { ruling: Ruling::AwardOverride { seat: s }, .. } if *s == seat)
    })
}

#[cfg(test)]
mod tests;
