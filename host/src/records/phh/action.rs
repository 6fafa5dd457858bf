//! The actions of a hand in PHH action notation: [`PhhAction`], read by
//! [`parse_action`] and written by [`PhhAction::to_phh`].

use super::cards::parse_cards;
use super::model::Shown;
use super::number::{split_at_byte, whole_digits, Number, Scale};
use super::{ActionError, Cards};
use firmware::Card;

/// One action of a hand. Players are **0-based** (`p1` is 0). `A` is the amount
/// type: `u64` units in a [`HandHistory`](super::HandHistory), the exact [`Number`] from
/// [`parse_action`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhhAction<A = u64> {
    /// `d dh pN CARDS`: hole cards dealt (`None` = `??`, unknown).
    DealHole {
        /// The player.
        player: usize,
        /// The cards.
        cards: Cards,
    },
    /// `d db CARDS`: board cards.
    DealBoard {
        /// The cards.
        cards: Cards,
    },
    /// `pN pb`: post the bring-in (stud games).
    PostBringIn {
        /// The player.
        player: usize,
    },
    /// `pN f`: fold.
    Fold {
        /// The player.
        player: usize,
    },
    /// `pN cc`: check or call.
    CheckCall {
        /// The player.
        player: usize,
    },
    /// `pN cbr AMOUNT`: complete, bet or raise to a street total.
    CompleteBetRaise {
        /// The player.
        player: usize,
        /// The street total ("to").
        to: A,
    },
    /// `pN sd [CARDS]`: stand pat (no cards) or discard (draw games).
    StandPatDiscard {
        /// The player.
        player: usize,
        /// The discarded cards (empty: stand pat).
        discards: Cards,
    },
    /// `pN sm [CARDS|-]`: show or muck.
    ShowMuck {
        /// The player.
        player: usize,
        /// What was shown.
        shown: Shown,
    },
    /// An empty action or a commentary alone (`# Burn card exposed`).
    NoOp,
}

impl<A> PhhAction<A> {
    /// The acting player, if a player acts.
    pub fn player(&self) -> Option<usize> {
        match self {
            PhhAction::DealHole { player, .. }
            | PhhAction::PostBringIn { player }
            | PhhAction::Fold { player }
            | PhhAction::CheckCall { player }
            | PhhAction::CompleteBetRaise { player, .. }
            | PhhAction::StandPatDiscard { player, .. }
            | PhhAction::ShowMuck { player, .. } => Some(*player),
            PhhAction::DealBoard { .. } | PhhAction::NoOp => None,
        }
    }

    /// The same action with its amount converted by `f`.
    pub fn try_map_amount<B, E>(
        self,
        f: impl FnOnce(A) -> Result<B, E>,
    ) -> Result<PhhAction<B>, E> {
        Ok(match self {
            PhhAction::CompleteBetRaise { player, to } => {
                PhhAction::CompleteBetRaise { player, to: f(to)? }
            }
            PhhAction::DealHole { player, cards } => PhhAction::DealHole { player, cards },
            PhhAction::DealBoard { cards } => PhhAction::DealBoard { cards },
            PhhAction::PostBringIn { player } => PhhAction::PostBringIn { player },
            PhhAction::Fold { player } => PhhAction::Fold { player },
            PhhAction::CheckCall { player } => PhhAction::CheckCall { player },
            PhhAction::StandPatDiscard { player, discards } => {
                PhhAction::StandPatDiscard { player, discards }
            }
            PhhAction::ShowMuck { player, shown } => PhhAction::ShowMuck { player, shown },
            PhhAction::NoOp => PhhAction::NoOp,
        })
    }
}

impl PhhAction<u64> {
    /// The action in PHH notation (players 1-based), amounts written in `scale`.
    pub fn to_phh(&self, scale: Scale) -> String {
        let cards = |cs: &[Option<Card>]| -> String {
            cs.iter()
                .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
                .collect()
        };
        match self {
            PhhAction::DealHole { player, cards: cs } => {
                format!("d dh p{} {}", player + 1, cards(cs))
            }
            PhhAction::DealBoard { cards: cs } => format!("d db {}", cards(cs)),
            PhhAction::PostBringIn { player } => format!("p{} pb", player + 1),
            PhhAction::Fold { player } => format!("p{} f", player + 1),
            PhhAction::CheckCall { player } => format!("p{} cc", player + 1),
            PhhAction::CompleteBetRaise { player, to } => {
                format!("p{} cbr {}", player + 1, scale.format(*to))
            }
            PhhAction::StandPatDiscard { player, discards } if discards.is_empty() => {
                format!("p{} sd", player + 1)
            }
            PhhAction::StandPatDiscard { player, discards } => {
                format!("p{} sd {}", player + 1, cards(discards))
            }
            PhhAction::ShowMuck { player, shown } => match shown {
                Shown::Muck => format!("p{} sm", player + 1),
                Shown::Dealt => format!("p{} sm -", player + 1),
                Shown::Cards(cs) => format!("p{} sm {}", player + 1, cards(cs)),
            },
            PhhAction::NoOp => String::new(),
        }
    }
}

/// [`parse_player`] of the usual `p1` to `p99`, straight from the bytes; `None` for
/// anything else (the general reader takes it, and refuses it with its reason).
fn plain_player(token: &str) -> Option<usize> {
    let digit = |d: u8| d.checked_sub(b'0').filter(|d| *d < 10).map(usize::from);
    match *token.as_bytes() {
        [b'p', d] => digit(d)?.checked_sub(1),
        [b'p', tens @ b'1'..=b'9', units] => Some(digit(tens)? * 10 + digit(units)? - 1),
        _ => parse_player(token).ok(),
    }
}

fn parse_player(token: &str) -> Result<usize, ActionError> {
    // `p` and decimal digits, read as bytes: every action of a hand names a player.
    let n = match token.as_bytes() {
        [b'p', digits @ ..] if !digits.is_empty() => digits.iter().try_fold(0usize, |n, &d| {
            let d = usize::from(d.checked_sub(b'0').filter(|d| *d < 10)?);
            n.checked_mul(10)?.checked_add(d)
        }),
        _ => None,
    }
    .ok_or_else(|| ActionError::NotPlayer(token.to_string()))?;
    n.checked_sub(1).ok_or(ActionError::PlayerZero)
}

/// The words of an action string, one at a time. Action strings are ASCII: their
/// words are found a byte at a time; any other text by Unicode's whitespace.
#[derive(Clone, Copy)]
struct Words<'t> {
    rest: &'t str,
    ascii: bool,
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Words<'t> {
        Words {
            rest: text,
            ascii: text.is_ascii(),
        }
    }

    // Inlined: an action is a few words, and the call would cost as much as the scan.
    #[inline(always)]
    fn next(&mut self) -> Option<&'t str> {
        let (start, end) = if self.ascii {
            // ASCII's whitespace is Unicode's: the same words as `split_whitespace`.
            let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
            let bytes = self.rest.as_bytes();
            let mut i = 0;
            while bytes.get(i).is_some_and(|&b| space(b)) {
                i += 1;
            }
            let start = i;
            while bytes.get(i).is_some_and(|&b| !space(b)) {
                i += 1;
            }
            (start, i)
        } else {
            let start = self.rest.find(|c: char| !c.is_whitespace())?;
            let len = self
                .rest
                .get(start..)?
                .find(char::is_whitespace)
                .unwrap_or(self.rest.len() - start);
            (start, start + len)
        };
        if start == end {
            self.rest = "";
            return None;
        }
        let word = self.rest.get(start..end)?;
        self.rest = self.rest.get(end..).unwrap_or_default();
        Some(word)
    }

    /// Nothing follows `verb`.
    fn end(&mut self, verb: &str) -> Result<(), ActionError> {
        match self.next() {
            None => Ok(()),
            Some(t) => Err(ActionError::Trailing {
                word: t.to_string(),
                after: verb.to_string(),
            }),
        }
    }

    /// The cards in the rest of the action: usually one word (`AcKd`), read as it
    /// is; cards written apart (`Ac Kd`) are joined first. `None` if there are none.
    fn cards(&mut self) -> Option<Result<Cards, ActionError>> {
        let first = self.next()?;
        let Some(second) = self.next() else {
            return Some(parse_cards(first));
        };
        let mut joined = format!("{first}{second}");
        while let Some(w) = self.next() {
            joined.push_str(w);
        }
        Some(parse_cards(&joined))
    }
}

/// A plain action read straight from its bytes, its amount in `scale`'s units: the
/// words of the common forms (`d dh p1 AcKd`, `d db 8sTcTs`, `p3 cc`, `p4 cbr 50`,
/// `p2 sm AhJs`, `p1 sd 2c`, ...) one space apart, ASCII, no commentary, the player
/// and the amount in plain digits, the cards in one word. `None` for anything else,
/// which [`parse_action`] reads (and refuses, with its reason): every action it takes
/// here, it takes as `parse_action` and the file's unit would. A hand's actions are
/// most of its text, and this reads them in a fraction of the general path's time.
pub(super) fn parse_plain(text: &str, scale: Scale) -> Option<PhhAction<u64>> {
    // ASCII without whitespace but single spaces (other whitespace, and Unicode's,
    // splits words too) and without a commentary.
    // One pass over the bytes: the (at most three) spaces found as it checks them,
    // no searcher set up per word.
    let mut spaces = [0usize; 3];
    let mut count = 0;
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if b == b' ' {
            *spaces.get_mut(count)? = i;
            count += 1;
        } else if !b.is_ascii_graphic() || b == b'#' {
            return None;
        }
    }
    let word = |from: usize, to: usize| text.get(from..to);
    let end = text.len();
    let (first, second, third, fourth) = match (count, spaces) {
        (1, [a, ..]) => (word(0, a)?, word(a + 1, end)?, None, None),
        (2, [a, b, _]) => (word(0, a)?, word(a + 1, b)?, word(b + 1, end), None),
        (3, [a, b, c]) => (
            word(0, a)?,
            word(a + 1, b)?,
            word(b + 1, c),
            word(c + 1, end),
        ),
        _ => return None,
    };
    // An empty word (spaces doubled, leading or trailing) is no player, verb, amount
    // or cards: every arm refuses it.
    let cards = |w: &str| parse_cards(w).ok();
    Some(match (first, second, third, fourth) {
        ("d", "db", Some(board), None) => PhhAction::DealBoard {
            cards: cards(board)?,
        },
        ("d", "dh", Some(player), Some(hole)) => PhhAction::DealHole {
            player: plain_player(player)?,
            cards: cards(hole)?,
        },
        (player, verb, None, None) => {
            let player = plain_player(player)?;
            match verb {
                "f" => PhhAction::Fold { player },
                "cc" => PhhAction::CheckCall { player },
                "pb" => PhhAction::PostBringIn { player },
                "sm" => PhhAction::ShowMuck {
                    player,
                    shown: Shown::Muck,
                },
                "sd" => PhhAction::StandPatDiscard {
                    player,
                    discards: Cards::new(),
                },
                _ => return None,
            }
        }
        (player, verb, Some(word), None) => {
            let player = plain_player(player)?;
            match (verb, word) {
                ("cbr", amount) => PhhAction::CompleteBetRaise {
                    player,
                    to: whole_digits(amount.as_bytes())?.checked_mul(scale.factor())?,
                },
                ("sm", "-") => PhhAction::ShowMuck {
                    player,
                    shown: Shown::Dealt,
                },
                ("sm", shown) => PhhAction::ShowMuck {
                    player,
                    shown: Shown::Cards(cards(shown)?),
                },
                ("sd", discards) => PhhAction::StandPatDiscard {
                    player,
                    discards: cards(discards)?,
                },
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// Parses one action string (PHH action notation), players 0-based, the `cbr`
/// amount as written. Returns the action and its commentary (after `#`).
pub fn parse_action(text: &str) -> Result<(PhhAction<Number<'_>>, Option<String>), ActionError> {
    let (body, comment) = match split_at_byte(text, b'#') {
        Some((b, c)) => (b, Some(c.trim().to_string())),
        None => (text, None),
    };
    let mut words = Words::new(body);
    let action = match words.next() {
        None => PhhAction::NoOp,
        Some("d") => match words.next() {
            Some("db") => PhhAction::DealBoard {
                cards: words.cards().ok_or(ActionError::BoardNeedsCards)??,
            },
            Some("dh") => {
                let player = words.next().ok_or(ActionError::HoleNeedsPlayer)?;
                let player = parse_player(player)?;
                let cards = words.cards().ok_or(ActionError::HoleNeedsCards)??;
                PhhAction::DealHole { player, cards }
            }
            Some(verb) => return Err(ActionError::UnknownDealerAction(verb.to_string())),
            None => return Err(ActionError::DealerNeedsAction),
        },
        Some(actor) => {
            let player = parse_player(actor)?;
            match words.next() {
                None => return Err(ActionError::PlayerNeedsAction(actor.to_string())),
                Some("f") => {
                    words.end("f")?;
                    PhhAction::Fold { player }
                }
                Some("cc") => {
                    words.end("cc")?;
                    PhhAction::CheckCall { player }
                }
                Some("pb") => {
                    words.end("pb")?;
                    PhhAction::PostBringIn { player }
                }
                Some("cbr") => {
                    let amount = words.next().ok_or(ActionError::NoAmount)?;
                    words.end(amount)?;
                    let to = Number::parse(amount)
                        .ok_or_else(|| ActionError::NotAmount(amount.to_string()))?;
                    if to.is_negative() {
                        return Err(ActionError::NegativeAmount(amount.to_string()));
                    }
                    PhhAction::CompleteBetRaise { player, to }
                }
                Some("sm") => {
                    let mut after = words;
                    let shown = match (after.next(), after.next()) {
                        (None, _) => Shown::Muck,
                        (Some("-"), None) => Shown::Dealt,
                        _ => match words.cards() {
                            Some(cards) => Shown::Cards(cards?),
                            None => Shown::Muck,
                        },
                    };
                    PhhAction::ShowMuck { player, shown }
                }
                Some("sd") => PhhAction::StandPatDiscard {
                    player,
                    discards: words.cards().transpose()?.unwrap_or_default(),
                },
                Some(verb) => return Err(ActionError::UnknownAction(verb.to_string())),
            }
        }
    };
    Ok((action, comment))
}
