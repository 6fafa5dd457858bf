//! Inputs as text: the scenario-script syntax, one input per line, as the log stores
//! them (every payload version), so a log outlives changes to the engine's types.

use firmware::{Action, Card, Chips, Input, Read, Ruling, SeatNo};
use hardware::text::excerpt;
use std::fmt;

/// A line of the input text form that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputParseError {
    /// The line.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "input `{}`: {}", excerpt(&self.text), self.message)
    }
}

impl std::error::Error for InputParseError {}

fn face(card: Option<Card>) -> String {
    card.map_or_else(|| "??".to_string(), |c| c.to_string())
}

/// Writes an input in the log's text form: the scenario-script syntax of
/// `tests/README.md`, one input per line (`seat 3 500 wait`, `hand`, `deal As`,
/// `burn ??`, `bet 40`, `award 3 120`, `undo`). [`parse_input`] reads it back.
///
/// ```
/// use firmware::{Action, Chips, Input};
/// use host::records::handlog::{encode_input, parse_input};
/// let i = Input::Act(Action::BetTo(Chips::new(40)));
/// assert_eq!(encode_input(&i), "bet 40");
/// assert_eq!(parse_input("bet 40"), Ok(i));
/// ```
pub fn encode_input(input: &Input) -> String {
    let wait = |w: bool| if w { " wait" } else { "" };
    match *input {
        Input::SitDown {
            seat,
            stack,
            wait_for_bb,
        } => format!("seat {seat} {stack}{}", wait(wait_for_bb)),
        Input::TopUp { seat, amount } => format!("topup {seat} {amount}"),
        Input::Leave { seat } => format!("leave {seat}"),
        Input::MoveOut { seat } => format!("moveout {seat}"),
        Input::MoveIn { seat, stack } => format!("movein {seat} {stack}"),
        Input::ColorUp { seat, stack } => format!("colorup {seat} {stack}"),
        Input::SitOut { seat } => format!("sitout {seat}"),
        Input::SitIn { seat, wait_for_bb } => format!("sitin {seat}{}", wait(wait_for_bb)),
        Input::PlaceButton { seat } => format!("button {seat}"),
        Input::StartHand => "hand".to_string(),
        Input::Straddle { confirmed: true } => "straddle".to_string(),
        Input::Straddle { confirmed: false } => "straddle unconfirmed".to_string(),
        Input::Card(Read { card, burn: false }) => format!("deal {}", face(card)),
        Input::Card(Read { card, burn: true }) => format!("burn {}", face(card)),
        Input::Act(Action::Fold) => "fold".to_string(),
        Input::Act(Action::CheckCall) => "call".to_string(),
        Input::Act(Action::BetTo(to)) => format!("bet {to}"),
        Input::Act(Action::AllIn) => "allin".to_string(),
        Input::Draw { count } => format!("draw {count}"),
        Input::Discard(card) => format!("discard {card}"),
        Input::StandPat => "standpat".to_string(),
        Input::Rejoin { seat } => format!("rejoin {seat}"),
        Input::Show { seat } => format!("show {seat}"),
        Input::Muck { seat } => format!("muck {seat}"),
        Input::Award { seat, amount } => format!("award {seat} {amount}"),
        Input::Rake { amount } => format!("rake {amount}"),
        Input::Misdeal => "misdeal".to_string(),
        Input::Undo => "undo".to_string(),
        Input::SetLevel {
            level,
            small_blind,
            big_blind,
            ante,
        } => format!("level {level} {small_blind}/{big_blind} {ante}"),
        Input::Ruling { ruling, floor } => {
            let word = ruling_word(ruling);
            match ruling {
                Ruling::VoidHand | Ruling::StraddleAnnounced => format!("ruling {word} {floor}"),
                // `ruling premature N [CARD] [burn BURN]`: the set-aside turn card,
                // then the burn that stays (PD-PREMATURE).
                Ruling::Premature { card, burn } => {
                    let mut text = format!("ruling {word} {floor}");
                    if let Some(c) = card {
                        text.push_str(&format!(" {c}"));
                    }
                    if let Some(b) = burn {
                        text.push_str(&format!(" burn {b}"));
                    }
                    text
                }
                Ruling::Boxed { card: c } | Ruling::Manual { card: c } => {
                    format!("ruling {word} {floor} {c}")
                }
                Ruling::Exposed { seat, card: None }
                | Ruling::DeadHand { seat }
                | Ruling::AwardOverride { seat } => {
                    format!("ruling {word} {floor} {seat}")
                }
                Ruling::Exposed {
                    seat,
                    card: Some(c),
                } => format!("ruling {word} {floor} {seat} {c}"),
            }
        }
    }
}

/// The rulings' words in the log's input text and a script (`ruling void 17`).
const RULING_WORDS: &str =
    "void, straddle_announced, premature, exposed, boxed, manual, dead_hand or award";

/// A ruling's word in the log's input text and a script (`ruling void 17`).
fn ruling_word(ruling: Ruling) -> &'static str {
    match ruling {
        Ruling::VoidHand => "void",
        Ruling::StraddleAnnounced => "straddle_announced",
        Ruling::Premature { .. } => "premature",
        Ruling::Exposed { .. } => "exposed",
        Ruling::Boxed { .. } => "boxed",
        Ruling::Manual { .. } => "manual",
        Ruling::DeadHand { .. } => "dead_hand",
        Ruling::AwardOverride { .. } => "award",
    }
}

/// Reads one input written by [`encode_input`]. Also takes the script's synonyms
/// `check` (for `call`) and `raise X` (for `bet X`); one card per line.
pub fn parse_input(text: &str) -> Result<Input, InputParseError> {
    let fail = |message: String| InputParseError {
        text: text.to_string(),
        message,
    };
    let w: Vec<&str> = text.split_whitespace().collect();
    let Some((&cmd, args)) = w.split_first() else {
        return Err(fail("empty input".to_string()));
    };
    let arity = |min: usize, max: usize| {
        if args.len() < min || args.len() > max {
            let want = if min == max {
                format!("{min}")
            } else {
                format!("{min} or {max}")
            };
            Err(fail(format!(
                "`{cmd}` takes {want} word(s) after it, found {}",
                args.len()
            )))
        } else {
            Ok(())
        }
    };
    let seat = |i: usize| -> Result<SeatNo, InputParseError> {
        let s = args.get(i).copied().unwrap_or("");
        s.parse().map_err(|_| {
            fail(format!(
                "seat: expected a seat number, found `{}`",
                excerpt(s)
            ))
        })
    };
    let chips = |i: usize| -> Result<Chips, InputParseError> {
        let s = args.get(i).copied().unwrap_or("");
        s.parse().map_err(|_| {
            fail(format!(
                "chips: expected a whole number, found `{}`",
                excerpt(s)
            ))
        })
    };
    let card = |i: usize| -> Result<Option<Card>, InputParseError> {
        match args.get(i).copied().unwrap_or("") {
            "??" => Ok(None),
            s => s
                .parse::<Card>()
                .map(Some)
                .map_err(|e| fail(format!("card `{}`: {e}", excerpt(s)))),
        }
    };
    let flag = |i: usize, word: &str| -> Result<bool, InputParseError> {
        match args.get(i).copied() {
            None => Ok(false),
            Some(s) if s == word => Ok(true),
            Some(s) => Err(fail(format!(
                "expected `{word}` or nothing, found `{}`",
                excerpt(s)
            ))),
        }
    };
    let input = match cmd {
        "seat" => {
            arity(2, 3)?;
            Input::SitDown {
                seat: seat(0)?,
                stack: chips(1)?,
                wait_for_bb: flag(2, "wait")?,
            }
        }
        "topup" => {
            arity(2, 2)?;
            Input::TopUp {
                seat: seat(0)?,
                amount: chips(1)?,
            }
        }
        "leave" => {
            arity(1, 1)?;
            Input::Leave { seat: seat(0)? }
        }
        "moveout" => {
            arity(1, 1)?;
            Input::MoveOut { seat: seat(0)? }
        }
        "movein" => {
            arity(2, 2)?;
            Input::MoveIn {
                seat: seat(0)?,
                stack: chips(1)?,
            }
        }
        "colorup" => {
            arity(2, 2)?;
            Input::ColorUp {
                seat: seat(0)?,
                stack: chips(1)?,
            }
        }
        "sitout" => {
            arity(1, 1)?;
            Input::SitOut { seat: seat(0)? }
        }
        "sitin" => {
            arity(1, 2)?;
            Input::SitIn {
                seat: seat(0)?,
                wait_for_bb: flag(1, "wait")?,
            }
        }
        "button" => {
            arity(1, 1)?;
            Input::PlaceButton { seat: seat(0)? }
        }
        "hand" => {
            arity(0, 0)?;
            Input::StartHand
        }
        "straddle" => {
            arity(0, 1)?;
            Input::Straddle {
                confirmed: !flag(0, "unconfirmed")?,
            }
        }
        "deal" | "burn" => {
            arity(1, 1)?;
            Input::Card(Read {
                card: card(0)?,
                burn: cmd == "burn",
            })
        }
        "fold" => {
            arity(0, 0)?;
            Input::Act(Action::Fold)
        }
        "call" | "check" => {
            arity(0, 0)?;
            Input::Act(Action::CheckCall)
        }
        "bet" | "raise" => {
            arity(1, 1)?;
            Input::Act(Action::BetTo(chips(0)?))
        }
        "allin" => {
            arity(0, 0)?;
            Input::Act(Action::AllIn)
        }
        "draw" => {
            arity(1, 1)?;
            let n = args.first().copied().unwrap_or("");
            // The engine says whether the count is legal (R-DRAW-5); here only
            // that it is a number.
            let count = n.parse().map_err(|_| {
                fail(format!(
                    "draw: expected the number of cards, found `{}`",
                    excerpt(n)
                ))
            })?;
            Input::Draw { count }
        }
        "discard" => {
            arity(1, 1)?;
            Input::Discard(card(0)?.ok_or_else(|| fail("a discard names its card".into()))?)
        }
        "standpat" => {
            arity(0, 0)?;
            Input::StandPat
        }
        "rejoin" => {
            arity(1, 1)?;
            Input::Rejoin { seat: seat(0)? }
        }
        "show" => {
            arity(1, 1)?;
            Input::Show { seat: seat(0)? }
        }
        "muck" => {
            arity(1, 1)?;
            Input::Muck { seat: seat(0)? }
        }
        "award" => {
            arity(2, 2)?;
            Input::Award {
                seat: seat(0)?,
                amount: chips(1)?,
            }
        }
        "rake" => {
            arity(1, 1)?;
            Input::Rake { amount: chips(0)? }
        }
        "misdeal" => {
            arity(0, 0)?;
            Input::Misdeal
        }
        "undo" => {
            arity(0, 0)?;
            Input::Undo
        }
        "level" => {
            // `level N SB/BB ANTE` (PD-TOURN-LEVEL).
            arity(3, 3)?;
            let word = |i: usize| args.get(i).copied().unwrap_or("");
            let level = word(0).parse().map_err(|_| {
                fail(format!(
                    "level: expected the level's number, found `{}`",
                    excerpt(word(0))
                ))
            })?;
            let blinds = word(1)
                .split_once('/')
                .and_then(|(sb, bb)| Some((sb.parse().ok()?, bb.parse().ok()?)));
            let Some((small_blind, big_blind)) = blinds else {
                return Err(fail(format!(
                    "level: expected the blinds as SB/BB, found `{}`",
                    excerpt(word(1))
                )));
            };
            let ante = word(2).parse().map_err(|_| {
                fail(format!(
                    "level: expected the ante (up to 4294967295), found `{}`",
                    excerpt(word(2))
                ))
            })?;
            Input::SetLevel {
                level,
                small_blind,
                big_blind,
                ante,
            }
        }
        "ruling" => {
            // `ruling WORD FLOOR [ARGS]`: what follows the floor's number is the
            // ruling's own (a card, or a seat and perhaps a card).
            let word = args.first().copied().unwrap_or("");
            let number = args.get(1).copied().unwrap_or("");
            let named_card = |i: usize| match card(i)? {
                Some(c) => Ok(c),
                None => Err(fail(format!("ruling {word} names a card, not `??`"))),
            };
            let ruling = match word {
                "void" => {
                    arity(2, 2)?;
                    Ruling::VoidHand
                }
                "straddle_announced" => {
                    arity(2, 2)?;
                    Ruling::StraddleAnnounced
                }
                "premature" => {
                    // `premature N [CARD] [burn BURN]`.
                    arity(2, 5)?;
                    let burn_at = args.iter().position(|&w| w == "burn");
                    let (card, burn) = match (args.len(), burn_at) {
                        (2, None) => (None, None),
                        (3, None) => (card(2)?, None),
                        (4, Some(2)) => (None, Some(named_card(3)?)),
                        (5, Some(3)) => (card(2)?, Some(named_card(4)?)),
                        _ => return Err(fail(
                            "ruling premature: expected `ruling premature N [CARD] [burn CARD]`"
                                .into(),
                        )),
                    };
                    Ruling::Premature { card, burn }
                }
                "exposed" => {
                    arity(3, 4)?;
                    let card = if args.len() == 4 { card(3)? } else { None };
                    Ruling::Exposed {
                        seat: seat(2)?,
                        card,
                    }
                }
                "boxed" => {
                    arity(3, 3)?;
                    Ruling::Boxed {
                        card: named_card(2)?,
                    }
                }
                "manual" => {
                    arity(3, 3)?;
                    Ruling::Manual {
                        card: named_card(2)?,
                    }
                }
                "dead_hand" => {
                    arity(3, 3)?;
                    Ruling::DeadHand { seat: seat(2)? }
                }
                "award" => {
                    arity(3, 3)?;
                    Ruling::AwardOverride { seat: seat(2)? }
                }
                other => {
                    return Err(fail(format!(
                        "ruling: expected {RULING_WORDS}, found `{}`",
                        excerpt(other)
                    )))
                }
            };
            let floor = number.parse().map_err(|_| {
                fail(format!(
                    "floor: expected the floor person's number, found `{}`",
                    excerpt(number)
                ))
            })?;
            Input::Ruling { ruling, floor }
        }
        other => return Err(fail(format!("unknown input `{other}`"))),
    };
    Ok(input)
}
