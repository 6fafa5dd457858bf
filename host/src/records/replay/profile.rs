//! The PHH reference profile: the table settings replay-schema.md gives a plain PHH
//! file, which says nothing of its house rules. Apart from the replay itself because
//! the export's dialect reads it too, to tell which of a hand's settings a plain PHH
//! reader would assume.

use super::*;
use firmware::rules::{AmountPolicy, AnteMode, FlCap, FlShortAllIn, ShortBlind, StraddleMinRaise};
use firmware::{Chips, TableConfig};

/// The PHH reference profile (replay-schema.md): real small blind for pot-limit
/// sizing, four raises over the big blind in fixed limit, the next fixed-limit raise
/// always to the all-in plus a bet, strict amounts, burns not recorded.
pub fn phh_profile(spec: &Spec) -> Result<TableConfig, ReplayError> {
    let n = spec.stacks.len();
    if !(2..=firmware::config::MAX_SEATS).contains(&n) {
        return Err(fail(None, format!("{n} players: the table seats 2 to 11")));
    }
    if spec.antes.len() != n || spec.blinds.len() != n {
        return Err(fail(None, "antes and blinds must list every player"));
    }
    let sb = spec.blinds[0].min(spec.blinds[1]);
    let bb = spec.blinds[0].max(spec.blinds[1]);
    let mut cfg = TableConfig::new(spec.game, spec.structure, sb, bb);
    cfg.max_players = n as u8;
    cfg.pl_sb_virtual = false;
    cfg.fl_cap = FlCap::Round {
        bets: 4,
        blind_is_bet: false,
    };
    cfg.fl_short_all_in = FlShortAllIn::AllInPlusBet;
    cfg.straddle_min_raise = StraddleMinRaise::BigBlind;
    cfg.short_blind = ShortBlind::AllIn;
    cfg.amounts = AmountPolicy::Reject;
    cfg.automations.burns = true;
    cfg.money = firmware::rules::MoneyRules::PHH;
    cfg.stakes.small_bet = spec.small_bet;
    cfg.stakes.big_bet = spec.big_bet;
    // Antes: every player the same, or only the big blind's (a big-blind ante).
    let bb_player = if n == 2 { 0 } else { 1 };
    let first = spec.antes[0];
    if spec.antes.iter().all(|&a| a == first) {
        cfg.stakes.ante = first;
    } else if spec
        .antes
        .iter()
        .enumerate()
        .all(|(i, &a)| (i == bb_player) == (a > Chips::ZERO))
    {
        cfg.stakes.ante = spec.antes[bb_player];
        cfg.stakes.ante_mode = AnteMode::BigBlind;
    } else {
        return Err(fail(
            None,
            format!(
                "antes {:?}: only equal antes or a big-blind ante are supported",
                spec.antes
            ),
        ));
    }
    cfg.validate().map_err(|e| fail(None, e.to_string()))?;
    Ok(cfg)
}
