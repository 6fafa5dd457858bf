//! The chips' audit of a tournament across its tables, as pure rules on the tables'
//! records and the director's log as the floor's checks matched them
//! ([`super::tournament_check`]): at every level the chips in play across the tables
//! are the starting stacks of the entries seated so far, changed by exactly what the
//! chip races logged (no chip made or lost between tables), and again as the tables
//! stand. Each table is counted at its own level change, so a player between two
//! tables' changes is counted in transit, and an entry registered before the count
//! but seated after its table's change is counted as not yet seated.

use super::tournament_check::{Checked, TableFacts, What};
use crate::records::time::WallTime;
use std::collections::BTreeMap;
use std::fmt;

/// The chips across the tables at one level (or at the end), against what the
/// entries brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelAudit {
    /// The level the tables went to; `None` for the tables as they stand at the end.
    pub level: Option<u16>,
    /// The starting stack times the entries seated so far, and the chip races'
    /// changes: what should be in play.
    pub expected: i128,
    /// What is: the tables' chips, those in transit between two tables, and the
    /// starting stacks of entries registered but not seated at the count.
    pub counted: i128,
    /// Each table's chips at the count.
    pub tables: Vec<(String, u64)>,
    /// Chips between two tables at the count: gone from one, not yet at the other
    /// (less those counted at both).
    pub in_transit: i128,
    /// Starting stacks of entries registered but seated after their table's count
    /// (less those seated before their registration was counted).
    pub unseated: i128,
    /// The chip races' changes before the count.
    pub coloured: i128,
    /// Entries counted.
    pub entries: u32,
    /// Tables still running that have not reached the level: the count waits.
    pub waiting: Vec<String>,
}

impl LevelAudit {
    /// Whether the chips are all accounted for (a level still waiting differs in
    /// nothing yet).
    pub fn matches(&self) -> bool {
        !self.waiting.is_empty() || self.expected == self.counted
    }
}

impl fmt::Display for LevelAudit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Some(l) => write!(f, "level {l}: ")?,
            None => f.write_str("now: ")?,
        }
        if !self.waiting.is_empty() {
            return write!(f, "waiting for {} to reach it", self.waiting.join(", "));
        }
        let tables: Vec<String> = self
            .tables
            .iter()
            .map(|(t, c)| format!("{t} {c}"))
            .collect();
        write!(
            f,
            "expected {}, counted {} (tables {}; in transit {}; not yet seated {}; colour-ups {}; {} entries)",
            self.expected,
            self.counted,
            tables.join(", "),
            self.in_transit,
            self.unseated,
            self.coloured,
            self.entries
        )?;
        if self.expected != self.counted {
            write!(f, ": differs by {}", self.counted - self.expected)?;
        }
        Ok(())
    }
}

/// Where a table is cut for a count: the records before `seq` are counted.
#[derive(Clone, Copy, Debug)]
struct Cut {
    seq: u64,
    at: WallTime,
    chips: u64,
}

/// The chips audit: one line for each level any table went to, then one for the
/// tables as they stand. `starting_stack` is the structure's; `broken` the tables
/// the director closed (counted at their end for the levels they never reached).
pub fn audit(
    checked: &Checked,
    tables: &[TableFacts],
    starting_stack: u64,
    broken: &[String],
) -> Vec<LevelAudit> {
    let mut levels: Vec<u16> = tables
        .iter()
        .flat_map(|t| &t.facts)
        .filter_map(|f| match f.what {
            What::LevelChanged { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let end = |t: &TableFacts| Cut {
        seq: u64::MAX,
        at: WallTime::from_unix_millis(u64::MAX),
        chips: t.end_chips,
    };
    let mut out = Vec::new();
    for level in levels {
        let mut cuts = BTreeMap::new();
        let mut waiting = Vec::new();
        for t in tables {
            let change = t.facts.iter().find_map(|f| match f.what {
                What::LevelChanged { to, chips } if to == level => Some(Cut {
                    seq: f.seq,
                    at: f.at,
                    chips,
                }),
                _ => None,
            });
            match change {
                Some(c) => {
                    cuts.insert(t.table.as_str(), c);
                }
                None if broken.contains(&t.table) => {
                    cuts.insert(t.table.as_str(), end(t));
                }
                None => waiting.push(t.table.clone()),
            }
        }
        out.push(count(
            Some(level),
            checked,
            tables,
            &cuts,
            starting_stack,
            waiting,
        ));
    }
    let cuts = tables.iter().map(|t| (t.table.as_str(), end(t))).collect();
    out.push(count(
        None,
        checked,
        tables,
        &cuts,
        starting_stack,
        Vec::new(),
    ));
    out
}

fn count(
    level: Option<u16>,
    checked: &Checked,
    tables: &[TableFacts],
    cuts: &BTreeMap<&str, Cut>,
    starting_stack: u64,
    waiting: Vec<String>,
) -> LevelAudit {
    // A record is before a table's cut when its number is; a table with no records
    // is cut before everything.
    let before = |table: &str, seq: u64| cuts.get(table).is_some_and(|c| seq < c.seq);
    let moment = cuts
        .values()
        .map(|c| c.at)
        .filter(|&at| at != WallTime::from_unix_millis(u64::MAX))
        .max();
    let registered_by = |at: WallTime| level.is_none() || moment.is_some_and(|m| at <= m);
    let stack = i128::from(starting_stack);
    let mut entries = 0u32;
    let mut unseated = 0i128;
    for (_, at, spot, record) in &checked.registrations {
        let seated_before = record.is_some_and(|r| before(&spot.table, r.seq));
        match (registered_by(*at), seated_before) {
            (true, true) => entries += 1,
            (true, false) => {
                entries += 1;
                unseated += stack;
            }
            (false, true) => unseated -= stack,
            (false, false) => {}
        }
    }
    let mut in_transit = 0i128;
    for m in &checked.moves {
        let dep = m.departed.map(|d| (before(&m.from.table, d.seq), d.chips));
        let arr = m.arrived.map(|a| before(&m.to.table, a.seq));
        match (dep, arr) {
            (Some((true, chips)), Some(false) | None) => in_transit += i128::from(chips),
            (Some((false, chips)), Some(true)) => in_transit -= i128::from(chips),
            _ => {}
        }
    }
    let mut coloured = 0i128;
    let mut counted_tables = Vec::new();
    for t in tables {
        for f in &t.facts {
            if let What::ColoredUp {
                before: b, after, ..
            } = f.what
            {
                if before(&t.table, f.seq) {
                    coloured += i128::from(after) - i128::from(b);
                }
            }
        }
        if let Some(c) = cuts.get(t.table.as_str()) {
            counted_tables.push((t.table.clone(), c.chips));
        }
    }
    let on_tables: i128 = counted_tables.iter().map(|(_, c)| i128::from(*c)).sum();
    LevelAudit {
        level,
        expected: stack * i128::from(entries) + coloured,
        counted: on_tables + in_transit + unseated,
        tables: counted_tables,
        in_transit,
        unseated,
        coloured,
        entries,
        waiting,
    }
}
