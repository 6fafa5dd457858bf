//! The fields of the hand being read, in any order: lists of amounts and actions
//! taken straight from the parser, and the checks that make them a [`HandHistory`].

use super::action::{parse_action, parse_plain, PhhAction};
use super::document::{Entry, Value};
use super::error::{at, wrong, PhhError, PhhErrorKind};
use super::layout::Parser;
use super::model::{ActionInfo, HandHistory, Variant};
use super::number::Scale;
use super::units::Units;
use std::borrow::Cow;

/// Players a list of a hand is read for without growing (a full table).
const LIST_CAPACITY: usize = firmware::config::MAX_SEATS;

/// Actions a hand is read for without growing: a hand of a full table has forty
/// or so.
const ACTIONS_CAPACITY: usize = 48;

/// The list of amounts `field`, its `=` on `line` (the parser at its value).
fn amount_list(
    p: &mut Parser<'_>,
    units: &mut Units,
    field: &'static str,
    line: usize,
    depth: usize,
) -> Result<Vec<u64>, PhhError> {
    if p.peek() != Some('[') {
        let v = p.value(field, depth)?;
        return Err(wrong(field, line, "an array of numbers", &v));
    }
    let mut out = Vec::with_capacity(LIST_CAPACITY);
    let mut problem = None;
    p.array_with(field, |p, line| {
        // A whole chip count (nearly every amount): read as it stands.
        if let Some(u) = p.whole_number(units.scale) {
            out.push(u);
            return Ok(());
        }
        let v = p.value(field, depth + 1)?;
        match units.amount(field, line, v) {
            Ok(u) => out.push(u),
            Err(e) => keep_first(&mut problem, e),
        }
        Ok(())
    })?;
    problem.map_or(Ok(out), Err)
}

/// Keeps the first problem of a hand: the file is read to its end all the same, so
/// that an error in its layout further on is the one reported (the text must be a
/// hand history before its hands are judged).
pub(super) fn keep_first(slot: &mut Option<PhhError>, e: PhhError) {
    slot.get_or_insert(e);
}

/// Whether `e` is about the file's layout (TOML syntax, a key twice), not about a
/// hand's contents.
pub(super) fn is_layout(e: &PhhError) -> bool {
    matches!(e.kind, PhhErrorKind::Syntax(_) | PhhErrorKind::Duplicate(_))
}

/// An action naming a player, kept while the number of players is not yet known
/// (`actions` before `starting_stacks`) to be checked against it.
struct Named<'a> {
    player: usize,
    index: usize,
    line: usize,
    text: Cow<'a, str>,
}

/// The fields of the hand being read, as the file gives them (in any order).
#[derive(Default)]
pub(super) struct HandFields<'a> {
    line: usize,
    section: Option<String>,
    variant: Option<Variant>,
    ante_trimming_status: bool,
    antes: Option<Vec<u64>>,
    blinds: Option<Vec<u64>>,
    min_bet: Option<u64>,
    small_bet: Option<u64>,
    big_bet: Option<u64>,
    bring_in: Option<u64>,
    starting_stacks: Option<Vec<u64>>,
    finishing_stacks: Option<Vec<u64>>,
    winnings: Option<Vec<u64>>,
    actions: Option<Vec<PhhAction>>,
    action_info: Vec<ActionInfo>,
    players: Option<Vec<String>>,
    pub(super) extra: Vec<Entry<'static>>,
    /// Read before `starting_stacks`: each action naming a higher player than every
    /// action before it, so the first one beyond the table is known at the end.
    named: Vec<Named<'a>>,
}

impl<'a> HandFields<'a> {
    pub(super) fn new(line: usize, section: Option<String>) -> HandFields<'a> {
        HandFields {
            line,
            section,
            ..HandFields::default()
        }
    }

    /// Reads the value of `key` (on `line`) into the hand.
    pub(super) fn field(
        &mut self,
        p: &mut Parser<'a>,
        units: &mut Units,
        key: Cow<'a, str>,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError> {
        let mut list = |field| amount_list(p, units, field, line, depth).map(Some);
        match &*key {
            "antes" => self.antes = list("antes")?,
            "blinds_or_straddles" => self.blinds = list("blinds_or_straddles")?,
            "starting_stacks" => self.starting_stacks = list("starting_stacks")?,
            "finishing_stacks" => self.finishing_stacks = list("finishing_stacks")?,
            "winnings" => self.winnings = list("winnings")?,
            "min_bet" => {
                self.min_bet = Some(units.amount("min_bet", line, p.value(&key, depth)?)?)
            }
            "small_bet" => {
                self.small_bet = Some(units.amount("small_bet", line, p.value(&key, depth)?)?)
            }
            "big_bet" => {
                self.big_bet = Some(units.amount("big_bet", line, p.value(&key, depth)?)?)
            }
            "bring_in" => {
                self.bring_in = Some(units.amount("bring_in", line, p.value(&key, depth)?)?)
            }
            "actions" => self.actions(p, units, line, depth)?,
            "variant" => match p.value(&key, depth)? {
                Value::String(code) => {
                    let v = Variant::from_code(&code);
                    self.variant = Some(v.ok_or_else(|| {
                        at(line, PhhErrorKind::UnsupportedVariant(code.into_owned()))
                    })?);
                }
                other => return Err(wrong("variant", line, "a string", &other)),
            },
            "ante_trimming_status" => match p.value(&key, depth)? {
                Value::Bool(b) => self.ante_trimming_status = b,
                other => return Err(wrong(&key, line, "true or false", &other)),
            },
            "players" => match p.value(&key, depth)? {
                Value::Array(items) => {
                    let names = items.into_iter().map(|i| match i.value {
                        Value::String(s) => Ok(s.into_owned()),
                        other => Err(wrong("players", i.line, "a string", &other)),
                    });
                    self.players = Some(names.collect::<Result<_, _>>()?);
                }
                other => return Err(wrong(&key, line, "an array of strings", &other)),
            },
            _ => {
                let value = p.value(&key, depth)?.into_owned();
                self.extra.push(Entry {
                    key: Cow::Owned(key.into_owned()),
                    line,
                    value,
                });
            }
        }
        Ok(())
    }

    /// `actions`: each string parsed as it is read, its amount in units.
    fn actions(
        &mut self,
        p: &mut Parser<'a>,
        units: &mut Units,
        line: usize,
        depth: usize,
    ) -> Result<(), PhhError> {
        if p.peek() != Some('[') {
            let v = p.value("actions", depth)?;
            return Err(wrong("actions", line, "an array of strings", &v));
        }
        let players = self.starting_stacks.as_ref().map(Vec::len);
        let mut actions = Vec::with_capacity(ACTIONS_CAPACITY);
        let mut info = Vec::with_capacity(ACTIONS_CAPACITY);
        let named = &mut self.named;
        let mut problem = None;
        let mut index = 0;
        p.array_with("actions", |p, line| {
            if index >= super::MAX_ACTIONS {
                return Err(super::error::syntax(
                    line,
                    format!(
                        "more than {} actions in one hand: not a hand history",
                        super::MAX_ACTIONS
                    ),
                ));
            }
            let value = p.string("actions", depth + 1)?;
            let read = action(value, index, line, players, units, named);
            index += 1;
            match read {
                Ok((action, comment)) => {
                    actions.push(action);
                    info.push(ActionInfo { line, comment });
                }
                Err(e) => keep_first(&mut problem, e),
            }
            Ok(())
        })?;
        if let Some(e) = problem {
            return Err(e);
        }
        self.actions = Some(actions);
        self.action_info = info;
        Ok(())
    }

    /// The hand, once all its fields are read: every field it needs there, every
    /// list one entry per player.
    pub(super) fn finish(self, scale: Scale) -> Result<HandHistory, PhhError> {
        let line = self.line;
        let missing = |field: &'static str, variant: &'static str| PhhError {
            path: None,
            line: Some(line),
            kind: PhhErrorKind::MissingField { field, variant },
        };
        let variant = self.variant.ok_or_else(|| missing("variant", ""))?;
        let code = variant.code();
        let antes = self.antes.ok_or_else(|| missing("antes", code))?;
        let blinds = self
            .blinds
            .ok_or_else(|| missing("blinds_or_straddles", code))?;
        let starting_stacks = self
            .starting_stacks
            .ok_or_else(|| missing("starting_stacks", code))?;
        let fixed = variant.is_fixed_limit();
        let needed = [
            ("min_bet", !fixed, self.min_bet),
            ("small_bet", fixed, self.small_bet),
            ("big_bet", fixed, self.big_bet),
        ];
        if let Some((field, ..)) = needed.iter().find(|(_, need, v)| *need && v.is_none()) {
            return Err(missing(field, code));
        }
        let n = starting_stacks.len();
        if n < 2 {
            return Err(at(
                line,
                PhhErrorKind::PlayerCount {
                    field: "starting_stacks".into(),
                    found: n,
                    players: 2,
                },
            ));
        }
        let lengths = [
            ("antes", Some(antes.len())),
            ("blinds_or_straddles", Some(blinds.len())),
            (
                "finishing_stacks",
                self.finishing_stacks.as_ref().map(Vec::len),
            ),
            ("winnings", self.winnings.as_ref().map(Vec::len)),
            ("players", self.players.as_ref().map(Vec::len)),
        ];
        for (field, len) in lengths {
            if let Some(found) = len.filter(|&l| l != n) {
                return Err(at(
                    line,
                    PhhErrorKind::PlayerCount {
                        field: field.into(),
                        found,
                        players: n,
                    },
                ));
            }
        }
        let actions = self.actions.ok_or_else(|| missing("actions", code))?;
        if let Some(m) = self.named.iter().find(|m| m.player >= n) {
            let reason = format!("p{}: the hand has {n} players", m.player + 1);
            return Err(bad_action(m.index, m.line, &m.text, reason));
        }
        Ok(HandHistory {
            variant,
            ante_trimming_status: self.ante_trimming_status,
            antes,
            blinds_or_straddles: blinds,
            min_bet: self.min_bet,
            small_bet: self.small_bet,
            big_bet: self.big_bet,
            bring_in: self.bring_in,
            starting_stacks,
            finishing_stacks: self.finishing_stacks,
            winnings: self.winnings,
            actions,
            action_info: self.action_info,
            players: self.players,
            scale,
            section: self.section,
            line,
            extra: self.extra,
        })
    }
}

/// Action `index` of a hand, read from `value` on `line`: parsed, its player
/// checked against the `players` of the hand (or kept in `named` until they are
/// known), its amount in units.
fn action<'a>(
    value: Result<Cow<'a, str>, Value<'a>>,
    index: usize,
    line: usize,
    players: Option<usize>,
    units: &mut Units,
    named: &mut Vec<Named<'a>>,
) -> Result<(PhhAction, Option<String>), PhhError> {
    let text = match value {
        Ok(s) | Err(Value::String(s)) => s,
        Err(other) => return Err(wrong("actions", line, "a string", &other)),
    };
    let bad = |reason| bad_action(index, line, &text, reason);
    // Nearly every action is plain (`p3 cc`): read straight, its amount in units.
    let (action, comment) = match parse_plain(&text, units.scale) {
        Some(action) => (action, None),
        None => {
            let (action, comment) = parse_action(&text).map_err(|e| bad(e.to_string()))?;
            let action =
                action.try_map_amount(|n| Ok::<_, PhhError>(units.units("actions", line, &n)))?;
            (action, comment)
        }
    };
    match (action.player(), players) {
        (Some(pl), Some(n)) if pl >= n => {
            return Err(bad(format!("p{}: the hand has {n} players", pl + 1)));
        }
        (Some(player), None) if named.last().is_none_or(|m| player > m.player) => {
            named.push(Named {
                player,
                index,
                line,
                text: text.clone(),
            });
        }
        _ => {}
    }
    Ok((action, comment))
}

fn bad_action(index: usize, line: usize, text: &str, reason: String) -> PhhError {
    at(
        line,
        PhhErrorKind::BadAction {
            index,
            text: text.to_string(),
            reason,
        },
    )
}
