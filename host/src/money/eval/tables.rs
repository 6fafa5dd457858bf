//! The precomputed tables behind the fast evaluators (about 2.4 MB), generated when
//! the crate is built (`gen.rs`, run by `host/build.rs`) and included in the binary
//! as bytes: a command starts without building anything (building them at start-up
//! took some 50 ms of every `tablectl` run, 90% of a one-file replay).
//!
//! - **Hand classes.** The 7,462 distinct five-card Hold'em hands, sorted worst to
//!   best; a [`HandValue`](super::HandValue) is the position in that list (1..=7462),
//!   so a plain integer comparison is the poker comparison (R-RANK-1, R-RANK-3).
//!   `classes[v]` is the packed strength ([`pack`]) of value `v`.
//! - **Flush table.** 8,192 entries, one per 13-bit rank pattern of a suit.
//!   With at most seven cards, a hand holding five of one suit cannot also make
//!   quads or a full house (that needs three cards of other suits), so a flush hand
//!   is valued by its suit's pattern alone.
//! - **Rank DAG** (for [`Accum`](super::Accum), the incremental evaluator). One
//!   node per multiset of at most six ranks (26,950 of them), numbered level by
//!   level in lexicographic order of the sorted ranks, and one 64-byte row per
//!   node: entry `r` is what adding a card of rank `r` gives, packed as
//!   `child_node << 13 | value_of_child` (value 0 below five cards). Adding a card
//!   is one load; enumerating cards in index order walks the rows nearly
//!   sequentially.
//! - **Perfect hash** (for evaluating a whole hand at once). Each rank has a
//!   multiplier (OMPEval's, zekyll/OMPEval, MIT) chosen so that the sum over the
//!   cards is different for every multiset of up to seven ranks; the sum is
//!   mapped to a slot of a 2^17-entry table by first-fit row displacement. The
//!   same 64-bit key carries one 4-bit counter per suit, biased by 3, so that
//!   `key & FLUSH_BITS` is non-zero exactly when some suit has five cards.
//!
//! The tables are little-endian words in byte arrays ([`u32_at`], [`u16_at`] read
//! one: a single load), aligned to a cache line. All runtime indices are masked to
//! the power-of-two length of a fixed-size array, so indexing cannot fail and needs
//! no bounds check.

pub(crate) use super::layout::*;
pub(crate) use super::row_base::ROW_BASE;

/// `CARD_KEY[card index]`: the rank's multiplier plus one in the suit's counter
/// (zero past 52, so that any byte can index it without a check).
pub(crate) static CARD_KEY: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        t[i] = RANK_KEYS[i >> 2] as u64 | 1 << (SUIT_SHIFT + 4 * (i as u32 & 3));
        i += 1;
    }
    t
};

/// `CARD_KEY_MASK[card index]`: [`CARD_KEY`] and the card's bit `16 * suit + rank`,
/// side by side so that one 16-byte load fetches both.
#[repr(align(16))]
pub(crate) struct KeyMask(pub(crate) [[u64; 2]; 256]);
pub(crate) static CARD_KEY_MASK: KeyMask = {
    let mut t = [[0u64; 2]; 256];
    let mut i = 0;
    while i < 52 {
        t[i] = [CARD_KEY[i], 1 << (16 * (i & 3) + (i >> 2))];
        i += 1;
    }
    KeyMask(t)
};

/// Bytes aligned to a cache line, so that a DAG row is one line.
#[repr(C, align(64))]
struct Aligned<T: ?Sized>(T);

/// A 4-byte word of a table: read with [`u32_at`].
pub(crate) type Word = [u8; 4];
/// A 2-byte half-word of a table: read with [`u16_at`].
pub(crate) type Half = [u8; 2];

// The build script writes these files (the names are repeated in `host/build.rs`);
// a file of another length than the array is a compile error.
static CLASSES_BYTES: Aligned<[u8; CLASSES_LEN * 4]> = Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/eval_classes.bin"
)));
static FLUSH_BYTES: Aligned<[u8; FLUSH_LEN * 2]> =
    Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/eval_flush.bin")));
static DAG_BYTES: Aligned<[u8; DAG_ROWS * DAG_ROW_LEN * 4]> =
    Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/eval_dag.bin")));
static LOOKUP_BYTES: Aligned<[u8; LOOKUP_LEN * 2]> = Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/eval_lookup.bin"
)));

/// `CLASSES[v]`: the packed strength of hand value `v`; 0 for 0 (no hand).
pub(crate) static CLASSES_TABLE: &[Word; CLASSES_LEN] = chunks(&CLASSES_BYTES.0);
/// Hand value of each 13-bit single-suit rank pattern with at least five ranks
/// (0 for fewer).
pub(crate) static FLUSH_TABLE: &[Half; FLUSH_LEN] = chunks(&FLUSH_BYTES.0);
/// The rank DAG: entry `node * DAG_ROW_LEN + rank`.
pub(crate) static DAG: &[Word; DAG_ROWS * DAG_ROW_LEN] = chunks(&DAG_BYTES.0);
/// Perfect hash: hand value of each slot.
pub(crate) static LOOKUP: &[Half; LOOKUP_LEN] = chunks(&LOOKUP_BYTES.0);

/// `bytes` as `N` chunks of `K` bytes; evaluated at compile time, where a wrong
/// length stops the build.
const fn chunks<const K: usize, const N: usize>(bytes: &'static [u8]) -> &'static [[u8; K]; N] {
    match bytes.as_chunks::<K>().0.first_chunk::<N>() {
        Some(c) => c,
        None => panic!("an evaluator table has the wrong length"),
    }
}

/// The word at `i` (masked to the table's length).
#[inline(always)]
pub(crate) fn u32_at<const N: usize>(table: &[Word; N], i: usize) -> u32 {
    u32::from_le_bytes(table[i & (N - 1)])
}

/// The half-word at `i` (masked to the table's length).
#[inline(always)]
pub(crate) fn u16_at<const N: usize>(table: &[Half; N], i: usize) -> u16 {
    u16::from_le_bytes(table[i & (N - 1)])
}

/// The packed strength of hand value `v`.
pub(crate) fn strength(v: u16) -> u32 {
    u32_at(CLASSES_TABLE, usize::from(v))
}

#[cfg(test)]
mod tests {
    use super::super::gen::*;
    use super::*;
    use std::collections::HashMap;

    /// The included tables, decoded.
    fn get() -> Generated {
        Generated {
            classes: CLASSES_TABLE
                .iter()
                .map(|w| u32::from_le_bytes(*w))
                .collect(),
            flush: FLUSH_TABLE.iter().map(|h| u16::from_le_bytes(*h)).collect(),
            dag: DAG.iter().map(|w| u32::from_le_bytes(*w)).collect(),
            lookup: LOOKUP.iter().map(|h| u16::from_le_bytes(*h)).collect(),
        }
    }

    #[test]
    fn the_included_tables_are_the_generators_output() {
        let (t, g) = (get(), generate());
        assert!(t.classes == g.classes, "classes");
        assert!(t.flush == g.flush, "flush");
        assert!(t.dag == g.dag, "dag");
        assert!(t.lookup == g.lookup, "lookup");
        assert_eq!(strength(CLASSES as u16), t.classes[CLASSES]);
    }

    #[test]
    fn there_are_7462_hand_classes_in_category_order() {
        let t = get();
        assert_eq!(t.classes[CLASSES] >> 20, STRAIGHT_FLUSH);
        assert_eq!(t.classes[CLASSES + 1], 0);
        assert!(t.classes[1..=CLASSES].windows(2).all(|w| w[0] < w[1]));
        let per_category: Vec<usize> = (0..9)
            .map(|c| {
                t.classes[1..=CLASSES]
                    .iter()
                    .filter(|&&s| s >> 20 == c)
                    .count()
            })
            .collect();
        assert_eq!(per_category, [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]);
    }

    #[test]
    fn rank_keys_are_distinct_and_the_hash_finds_every_multiset() {
        let t = get();
        let mut seen = HashMap::new();
        for k in 0..=7 {
            each_multiset(k, &mut |c| {
                let key = rank_key(c);
                assert!(seen.insert(key, *c).is_none(), "key collision {c:?}");
                let slot = ROW_BASE[(key >> ROW_SHIFT) as usize].wrapping_add(key & COL_MASK);
                let want = if k >= 5 {
                    let s = best_nonflush(c);
                    t.classes.iter().position(|&x| x == s).unwrap() as u16
                } else {
                    0
                };
                assert_eq!(t.lookup[slot as usize & (LOOKUP_LEN - 1)], want, "{c:?}");
            });
        }
        assert_eq!(seen.len(), 76_155);
        assert!(seen.keys().all(|&k| (k as usize) >> ROW_SHIFT < ROWS));
    }

    /// Regenerates `row_base.rs`: `cargo test -p host --release row_base_rs --
    /// --ignored --nocapture` prints the file and checks it is unchanged.
    #[test]
    #[ignore = "about a second in release, much longer in the test profile"]
    fn row_base_rs_is_the_first_fit_displacement() {
        let generated = first_fit_row_base();
        let mut text = String::from(ROW_BASE_HEADER);
        text.push_str("pub(crate) static ROW_BASE: [u32; 8192] = [\n");
        for chunk in generated.chunks(10) {
            let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
            text.push_str(&format!("    {},\n", line.join(", ")));
        }
        text.push_str("];\n");
        println!("{text}");
        assert_eq!(generated[..], ROW_BASE[..]);
    }

    const ROW_BASE_HEADER: &str = "\
//! Generated by `tables::tests::row_base_rs_is_the_first_fit_displacement` (run
//! it with `--ignored --nocapture` to print this file): the perfect hash's row
//! offsets, `slot = ROW_BASE[key >> 12] + (key & 4095)`, from first-fit row
//! displacement of the rank keys of every multiset of up to seven ranks.
//! Checked by `rank_keys_are_distinct_and_the_hash_finds_every_multiset`.

";

    #[test]
    fn the_dag_has_26950_rows_and_a_sink() {
        let t = get();
        let nodes: usize = (0..=6)
            .map(|k| {
                let mut n = 0;
                each_multiset(k, &mut |_| n += 1);
                n
            })
            .sum();
        assert_eq!(nodes, 26_950);
        assert!(nodes < DAG_SINK as usize);
        let sink = DAG_SINK as usize * DAG_ROW_LEN;
        assert!(t.dag[sink..sink + DAG_ROW_LEN]
            .iter()
            .all(|&e| e == DAG_SINK << VALUE_BITS));
    }

    #[test]
    fn classifier_spot_checks() {
        let mut c = [0u8; 13];
        // A A A K K Q J: aces full of kings.
        c[12] = 3;
        c[11] = 2;
        c[10] = 1;
        c[9] = 1;
        assert_eq!(best_nonflush(&c), pack(FULL_HOUSE, &[12, 11]));
        // Three pairs: the third pair's rank can be the kicker.
        let mut c = [0u8; 13];
        c[12] = 2;
        c[3] = 2;
        c[2] = 2;
        c[0] = 1;
        assert_eq!(best_nonflush(&c), pack(TWO_PAIR, &[12, 3, 2]));
        // Wheel.
        assert_eq!(flush_strength(0x100f), pack(STRAIGHT_FLUSH, &[3]));
        assert_eq!(straight_high(0x1f00), Some(12));
        assert_eq!(straight_high(0x100e), None);
    }
}
