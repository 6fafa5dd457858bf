//! Writing hands back as PHH text: a value as TOML, a hand ([`HandHistory::to_toml`])
//! and a `.phhs` file of hands ([`to_phhs`]), all read back to the same hands.

use super::document::{Item, Value};
use super::layout::is_bare;
use super::model::HandHistory;
use std::borrow::Cow;
use std::fmt::Write as _;

impl Value<'_> {
    fn write_toml(&self, out: &mut String) {
        match self {
            Value::String(s) => write_string(out, s),
            Value::Number(n) => out.push_str(n.as_str()),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Raw(r) => out.push_str(r),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.value.write_toml(out);
                }
                out.push(']');
            }
            Value::Table(entries) => {
                out.push('{');
                for (i, e) in entries.iter().enumerate() {
                    out.push_str(if i > 0 { ", " } else { " " });
                    write_key(out, &e.key);
                    out.push_str(" = ");
                    e.value.write_toml(out);
                }
                out.push_str(if entries.is_empty() { "}" } else { " }" });
            }
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_key(out: &mut String, key: &str) {
    let bare_parts = key
        .split('.')
        .all(|p| !p.is_empty() && p.chars().all(is_bare));
    if bare_parts {
        out.push_str(key);
    } else {
        write_string(out, key);
    }
}

impl HandHistory {
    /// The hand as PHH text that [`parse_str`](super::parse_str) reads back to the same hand (up to
    /// line numbers): amounts are written in the hand's [`Scale`](super::Scale).
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let amounts = |v: &[u64]| -> Value {
            Value::Array(
                v.iter()
                    .map(|&a| Item {
                        line: 0,
                        value: Value::Raw(self.scale.format(a).into()),
                    })
                    .collect(),
            )
        };
        let line = |out: &mut String, key: &str, v: &Value| {
            write_key(out, key);
            out.push_str(" = ");
            v.write_toml(out);
            out.push('\n');
        };
        line(
            &mut out,
            "variant",
            &Value::String(self.variant.code().into()),
        );
        line(
            &mut out,
            "ante_trimming_status",
            &Value::Bool(self.ante_trimming_status),
        );
        line(&mut out, "antes", &amounts(&self.antes));
        line(
            &mut out,
            "blinds_or_straddles",
            &amounts(&self.blinds_or_straddles),
        );
        for (key, v) in [
            ("bring_in", self.bring_in),
            ("small_bet", self.small_bet),
            ("big_bet", self.big_bet),
            ("min_bet", self.min_bet),
        ] {
            if let Some(v) = v {
                line(&mut out, key, &Value::Raw(self.scale.format(v).into()));
            }
        }
        line(&mut out, "starting_stacks", &amounts(&self.starting_stacks));
        out.push_str("actions = [\n");
        for (i, a) in self.actions.iter().enumerate() {
            let mut text = a.to_phh(self.scale);
            if let Some(c) = self.action_info.get(i).and_then(|x| x.comment.as_ref()) {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str("# ");
                text.push_str(c);
            }
            out.push_str("  ");
            write_string(&mut out, &text);
            out.push_str(",\n");
        }
        out.push_str("]\n");
        if let Some(p) = &self.players {
            let names = p
                .iter()
                .map(|s| Item {
                    line: 0,
                    value: Value::String(Cow::Borrowed(s)),
                })
                .collect();
            line(&mut out, "players", &Value::Array(names));
        }
        if let Some(v) = &self.finishing_stacks {
            line(&mut out, "finishing_stacks", &amounts(v));
        }
        if let Some(v) = &self.winnings {
            line(&mut out, "winnings", &amounts(v));
        }
        for e in &self.extra {
            line(&mut out, &e.key, &e.value);
        }
        out
    }
}

/// Writes hands as one `.phhs` text, each under `[1]`, `[2]`, ...
pub fn to_phhs(hands: &[HandHistory]) -> String {
    let mut out = String::new();
    for (i, h) in hands.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[{}]", i + 1);
        out.push_str(&h.to_toml());
    }
    out
}
