//! Fixed capacities, named once. Every heapless collection in the engine is sized by
//! one of these, so the whole table state has a size known at compile time.

/// Seats at the largest table \[003\] rule 2 allows (R-TABLE-1: `max_players` is 10 or 11).
pub const MAX_SEATS: usize = 11;
/// The most chips one table holds in all, every stack together: 2^53, a count every
/// reader holds exactly (a browser's JavaScript included), and far enough below
/// `u64::MAX` that no sum the settlement or the display makes can overflow. A seat or
/// top-up that would pass it is refused at the input, so no log can hold a table that
/// recovery could not settle.
pub const MAX_TABLE_CHIPS: u64 = 1 << 53;
/// Cards in the largest deck (R-DECK-1).
pub const DECK_SIZE: usize = 52;
/// Hole cards of the game with the most (five-card draw: 5; Omaha: 4).
pub const MAX_HOLE_CARDS: usize = 5;
/// Draw: the most cards a player may exchange (R-DRAW-5).
pub const MAX_DRAW: u8 = 4;
/// Board cards in Hold'em and Omaha (flop 3, turn 1, river 1).
pub const MAX_BOARD_CARDS: usize = 5;
/// Burns in one hand: before flop, turn and river (R-BURN-1), plus the burns of
/// premature-card corrections.
pub const MAX_BURNS: usize = 6;
/// Inputs accepted within one hand (card reads, actions, corrections). A ten-handed
/// Omaha hand reads 48 cards and rarely needs 80 actions; undone inputs leave the
/// record, and a misdeal or a redeal starts it again. When a hand reaches the limit,
/// the engine refuses further inputs with `RuleError::HandLogFull` rather than lose
/// any. Sized so the whole table state stays under 8 KiB.
pub const MAX_INPUTS_PER_HAND: usize = 240;
