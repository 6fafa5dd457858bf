//! Five-card draw (RULES.md §17): five cards, flush above full house (R-RANK-2),
//! on the 52-card deck or the Polish 32-card deck (R-DECK-3, PD-DECK).

use core::fmt;

use firmware::{Card, Rank};

use super::reference::classify5;
use super::{check_distinct, ties_of, write_name, Category, EvalError};

/// The deck and house settings of a five-card draw table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DrawRules {
    /// The 32-card deck, sevens to aces (R-DECK-3); default `false` (52 cards).
    pub short_deck: bool,
    /// PD-DECK `short_deck_low_straight` (default `true`): on the 32-card deck
    /// A-7-8-9-T is a straight, the lowest one (ten high; the ace plays low in
    /// place of the missing six). Ignored on the 52-card deck.
    pub short_deck_low_straight: bool,
}

impl Default for DrawRules {
    fn default() -> Self {
        DrawRules::new(false, true)
    }
}

impl DrawRules {
    /// The rules with both settings as given.
    pub const fn new(short_deck: bool, short_deck_low_straight: bool) -> DrawRules {
        DrawRules {
            short_deck,
            short_deck_low_straight,
        }
    }

    /// The 52-card deck.
    pub const STANDARD: DrawRules = DrawRules::new(false, true);
    /// The 32-card deck with the house default A-7-8-9-T straight.
    pub const SHORT: DrawRules = DrawRules::new(true, true);
}

/// The value of a five-card draw hand: higher is better, equal is a split, and a
/// flush beats a full house (R-RANK-2). Not comparable with a [`HandValue`]
/// (Hold'em order); `Display` gives the same names ("Flush, ace high").
///
/// [`HandValue`]: super::HandValue
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DrawValue(u32);

/// Draw order of each Hold'em category index: full house and flush swap.
const DRAW_ORDER: [u32; 9] = [0, 1, 2, 3, 4, 6, 5, 7, 8];

impl DrawValue {
    /// The category; note that `Category`'s own order is Hold'em's.
    pub fn category(self) -> Category {
        let draw = self.0 >> 20;
        let holdem = DRAW_ORDER.iter().position(|&d| d == draw).unwrap_or(0);
        Category::from_index(holdem as u32)
    }

    /// The tie-break ranks in order of importance (see
    /// [`HandValue::tie_ranks`](super::HandValue::tie_ranks)); A-7-8-9-T is ten high.
    pub fn tie_ranks(self) -> [Rank; 5] {
        ties_of(self.0)
    }

    /// The raw number (category in bits 20.., ranks below); for logs.
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The name, as [`Display`](fmt::Display) writes it.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for DrawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_name(f, self.category(), &self.tie_ranks())
    }
}

/// The value of a five-card draw hand (R-RANK-1..3 with R-RANK-2's flush above
/// full house): exactly five distinct cards, all from the deck in use.
pub fn draw_value(cards: &[Card], rules: DrawRules) -> Result<DrawValue, EvalError> {
    let five: &[Card; 5] = cards.try_into().map_err(|_| EvalError::CardCount {
        got: cards.len(),
        min: 5,
        max: 5,
    })?;
    check_distinct(five.iter())?;
    if rules.short_deck {
        if let Some(c) = five.iter().find(|c| !c.in_short_deck()) {
            return Err(EvalError::NotInDeck(*c));
        }
    }
    let s = classify5(five, rules.short_deck && rules.short_deck_low_straight);
    let category = (s >> 20) as usize;
    let draw = DRAW_ORDER.get(category).copied().unwrap_or(0);
    Ok(DrawValue(draw << 20 | (s & 0xf_ffff)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;
    use crate::money::eval::evaluate;

    fn draw(s: &str, rules: DrawRules) -> DrawValue {
        draw_value(&cards(s), rules).unwrap()
    }

    #[test]
    fn e18_r_rank_2_flush_beats_full_house_in_draw_only() {
        for rules in [DrawRules::STANDARD, DrawRules::SHORT] {
            let flush = draw("Ah Jh 9h 8h 7h", rules);
            let boat = draw("Kh Kc Kd 8s 8d", rules);
            assert!(flush > boat, "{rules:?}");
            assert_eq!(flush.category(), Category::Flush);
            assert_eq!(boat.to_string(), "Full house, kings over eights");
            assert_eq!(flush.to_string(), "Flush, ace high");
        }
        let flush = evaluate(&cards("Ah Jh 9h 8h 7h")).unwrap();
        let boat = evaluate(&cards("Kh Kc Kd 8s 8d")).unwrap();
        assert!(boat > flush, "Hold'em keeps full house over flush");
    }

    #[test]
    fn draw_order_otherwise_unchanged() {
        let r = DrawRules::STANDARD;
        let ladder = [
            "Kc Jd 4h 8s 2c",
            "Jc Jd 4h 8s 2c",
            "Ac Ad 4h 4s 2c",
            "7c 7d 7h Ks 2c",
            "6c 5d 4h 3s 2c",
            "Kc Kd Kh Ts Tc",
            "Ah Jh 9h 8h 7h",
            "9c 9d 9h 9s 2c",
            "9s 8s 7s 6s 5s",
            "As Ks Qs Js Ts",
        ];
        let values: Vec<DrawValue> = ladder.iter().map(|s| draw(s, r)).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        assert_eq!(values[9].to_string(), "Royal flush");
        // R-RANK-4 seed examples hold in draw too.
        assert!(draw("8c 8d 4h 4s 2c", r) > draw("7c 7d 5h 5s Kc", r));
        assert!(draw("6c 5d 4h 3s 2c", r) > draw("5c 4d 3h 2s Ac", r));
        assert_eq!(draw("5c 4d 3h 2s Ac", r).to_string(), "Straight, five high");
        assert_eq!(
            draw("Kh Kc 7d 8s 2d", r),
            draw("Ks Kd 7c 8h 2c", r),
            "split"
        );
    }

    #[test]
    fn e22_short_deck_draw() {
        let r = DrawRules::SHORT;
        // S1's flush beats S4's kings full.
        assert!(draw("Ah Jh 9h 8h 7h", r) > draw("Kh Kc Kd 8s 8d", r));
        // PD-DECK: A-7-8-9-T is the lowest straight.
        let low = draw("As 7d 8h 9c Tc", r);
        assert_eq!(low.category(), Category::Straight);
        assert_eq!(low.to_string(), "Straight, ten high");
        let next = draw("7d 8h 9c Tc Js", r);
        assert!(low < next);
        assert!(low > draw("Ac Ad Ah Ks Qc", r), "above three of a kind");
        let sf = draw("As 7s 8s 9s Ts", r);
        assert_eq!(sf.to_string(), "Straight flush, ten high");
        assert!(sf < draw("7s 8s 9s Ts Js", r));
        // With the setting off it is ace high, and not on the 52-card deck either.
        let off = DrawRules::new(true, false);
        assert_eq!(draw("As 7d 8h 9c Tc", off).category(), Category::HighCard);
        assert_eq!(
            draw("As 7d 8h 9c Tc", DrawRules::STANDARD).category(),
            Category::HighCard
        );
    }

    #[test]
    fn draw_rejects_bad_input() {
        let r = DrawRules::SHORT;
        assert_eq!(
            draw_value(&cards("As 7d 8h 9c 6c"), r),
            Err(EvalError::NotInDeck(cards("6c")[0]))
        );
        assert!(draw_value(&cards("As 7d 8h 9c 6c"), DrawRules::STANDARD).is_ok());
        assert_eq!(
            draw_value(&cards("As 7d 8h 9c"), r),
            Err(EvalError::CardCount {
                got: 4,
                min: 5,
                max: 5
            })
        );
        assert_eq!(
            draw_value(&cards("As 7d 8h 9c As"), r),
            Err(EvalError::DuplicateCard(cards("As")[0]))
        );
    }
}
