//! Our dialect read back: a hand we wrote, with the table settings it was dealt
//! under, as our replay plays it.

use crate::records::phh::{HandHistory, Value};
use crate::records::replay::{from_history, phh_profile, ReplayError, Spec, Step};
use firmware::TableConfig;

/// A hand of ours as our replay plays it: the table, the steps, and the table
/// settings it was dealt under ([`house_config`]), the straddle's confirmation
/// included.
pub fn replay_parts(hh: &HandHistory) -> Result<(Spec, Vec<Step>, TableConfig), ReplayError> {
    let (mut spec, steps) = from_history(hh)?;
    if let Some(Value::Bool(c)) = hh.field("_straddle_confirmed") {
        spec.straddle_confirmed = *c;
    }
    let cfg = house_config(hh, &spec)?;
    Ok((spec, steps, cfg))
}

/// The table settings a hand of ours was dealt under: the PHH reference profile of
/// the hand's stakes ([`phh_profile`]) with the house and money rules of its
/// `_house_rules` field. A hand without the field gets the reference profile.
pub fn house_config(hh: &HandHistory, spec: &Spec) -> Result<TableConfig, ReplayError> {
    let mut cfg = phh_profile(spec)?;
    let Some(Value::Table(rules)) = hh.field("_house_rules") else {
        return Ok(cfg);
    };
    for e in rules {
        let text = match &e.value {
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.as_str().to_string(),
            Value::String(s) | Value::Raw(s) => s.to_string(),
            Value::Array(_) | Value::Table(_) => String::from("(a list)"),
        };
        crate::settings::set(&mut cfg, &e.key, &text).map_err(|err| ReplayError {
            action: None,
            message: format!("`_house_rules`: {err}"),
        })?;
    }
    Ok(cfg)
}
