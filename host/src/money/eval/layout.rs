//! The evaluator tables' shapes and encodings, shared by the build script that
//! generates the tables (`host/build.rs`, through `gen.rs`) and the code that reads
//! them: one definition, so the writer and the reader cannot disagree.

/// The number of distinct five-card hand values (R-RANK-1..3).
pub(crate) const CLASSES: usize = 7462;

/// Category indices in Hold'em order, worst first (R-RANK-1).
pub(crate) const HIGH_CARD: u32 = 0;
pub(crate) const ONE_PAIR: u32 = 1;
pub(crate) const TWO_PAIR: u32 = 2;
pub(crate) const THREE_OF_A_KIND: u32 = 3;
pub(crate) const STRAIGHT: u32 = 4;
pub(crate) const FLUSH: u32 = 5;
pub(crate) const FULL_HOUSE: u32 = 6;
pub(crate) const FOUR_OF_A_KIND: u32 = 7;
pub(crate) const STRAIGHT_FLUSH: u32 = 8;

/// Entries of the class table: every value, 0 included, and room to mask an index.
pub(crate) const CLASSES_LEN: usize = 8192;

/// Rows of the rank DAG (a power of two; 26,950 nodes are used).
pub(crate) const DAG_ROWS: usize = 1 << 15;
/// Entries in a DAG row (13 ranks, padded to 64 bytes: one cache line).
pub(crate) const DAG_ROW_LEN: usize = 16;
/// The row every impossible transition leads to (a fifth card of one rank, an
/// eighth card): all its entries lead back to it with value 0.
#[cfg_attr(not(test), allow(dead_code))] // written by the generator, never read by name
pub(crate) const DAG_SINK: u32 = (DAG_ROWS - 1) as u32;
/// A DAG entry is `node << VALUE_BITS | value`.
pub(crate) const VALUE_BITS: u32 = 13;
/// The value part of a DAG entry.
pub(crate) const VALUE_MASK: u32 = (1 << VALUE_BITS) - 1;

/// Flush table length: one entry per 13-bit rank pattern.
pub(crate) const FLUSH_LEN: usize = 1 << 13;

/// Perfect hash: the low `ROW_SHIFT` bits of a rank key are the column.
pub(crate) const ROW_SHIFT: u32 = 12;
/// Perfect hash: rows (rank keys stay below 2^25).
pub(crate) const ROWS: usize = 1 << 13;
/// Perfect hash: slots.
pub(crate) const LOOKUP_LEN: usize = 1 << 17;
/// The column part of a rank key.
pub(crate) const COL_MASK: u32 = (1 << ROW_SHIFT) - 1;

/// Per-rank multipliers of the additive rank key (OMPEval, MIT): every multiset
/// of up to seven ranks (at most four of each) has its own sum.
pub(crate) const RANK_KEYS: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068,
    0x48c0e4, 0x48f211, 0x494493,
];
/// Bit of the first suit counter in a 64-bit hand key.
pub(crate) const SUIT_SHIFT: u32 = 48;
/// The empty hand's key: each suit counter starts at 3, so it reaches 8 (its top
/// bit) at the fifth card of the suit.
pub(crate) const KEY_BIAS: u64 = 0x3333 << SUIT_SHIFT;
/// The top bit of each suit counter.
pub(crate) const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;

/// A packed strength: category in bits 20.., then up to five tie-break ranks
/// (0 = two .. 12 = ace), most significant first, four bits each. Comparing
/// packed strengths is comparing hands (R-RANK-3).
pub(crate) fn pack(category: u32, ties: &[u8]) -> u32 {
    let mut s = category << 20;
    for (i, &t) in ties.iter().take(5).enumerate() {
        s |= u32::from(t & 15) << (16 - 4 * i);
    }
    s
}
