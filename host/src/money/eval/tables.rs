//! The precomputed tables behind the fast evaluators, built once per process on
//! first use (about 2.5 MB; some 50 ms in a release build).
//!
//! Everything here is derived from two small, obvious functions on rank counts:
//! [`best_nonflush`] (the best five-card hand a multiset of ranks makes, suits
//! ignored) and [`flush_strength`] (the best hand of one suit's rank pattern). The
//! tables only make those answers fast:
//!
//! - **Hand classes.** The 7,462 distinct five-card Hold'em hands, sorted worst to
//!   best; a [`HandValue`](super::HandValue) is the position in that list (1..=7462),
//!   so a plain integer comparison is the poker comparison (R-RANK-1, R-RANK-3).
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
//! All runtime indices are masked to the power-of-two length of a fixed-size
//! array, so indexing cannot fail and needs no bounds check.

use std::collections::HashMap;
use std::sync::OnceLock;

pub(crate) use super::row_base::ROW_BASE;

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

/// Rows of the rank DAG (a power of two; 26,950 nodes are used).
pub(crate) const DAG_ROWS: usize = 1 << 15;
/// The row every impossible transition leads to (a fifth card of one rank, an
/// eighth card): all its entries lead back to it with value 0.
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

/// One row of the rank DAG, aligned to a cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
pub(crate) struct Row(pub(crate) [u32; 16]);

/// All tables; see the module documentation.
pub(crate) struct Tables {
    /// `classes[v]` = the packed strength (see [`pack`]) of hand value `v`;
    /// `classes[0] = 0` (no hand).
    pub(crate) classes: Box<[u32; 8192]>,
    /// Hand value of each 13-bit single-suit rank pattern with at least five
    /// ranks (0 for fewer).
    pub(crate) flush: Box<[u16; FLUSH_LEN]>,
    /// The rank DAG.
    pub(crate) dag: Box<[Row; DAG_ROWS]>,
    /// Perfect hash: hand value of each slot.
    pub(crate) lookup: Box<[u16; LOOKUP_LEN]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use.
pub(crate) fn get() -> &'static Tables {
    TABLES.get_or_init(build)
}

/// `Box<[T; N]>` filled with `fill`, built on the heap (a 2 MB array must never
/// pass through the stack of a test thread).
fn boxed<T: Clone, const N: usize>(fill: T) -> Box<[T; N]> {
    let mut v = vec![fill.clone(); N];
    loop {
        match Box::<[T; N]>::try_from(v) {
            Ok(b) => return b,
            // Unreachable: the length is N. Kept panic-free all the same.
            Err(back) => {
                v = back;
                v.resize(N, fill.clone());
            }
        }
    }
}

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

/// The rank of the highest straight in a rank-presence mask (bit r = rank r),
/// the wheel A-2-3-4-5 counting as five high (R-RANK-3).
pub(crate) fn straight_high(ranks: u32) -> Option<u8> {
    for high in (4..13u8).rev() {
        if (ranks >> (high - 4)) & 0x1f == 0x1f {
            return Some(high);
        }
    }
    // Ace (bit 12) with two, three, four, five.
    if ranks & 0x100f == 0x100f {
        return Some(3);
    }
    None
}

/// The `n` highest ranks set in `mask`, highest first.
fn top_ranks(mask: u32, n: usize, out: &mut Vec<u8>) {
    for r in (0..13u8).rev() {
        if out.len() >= n {
            break;
        }
        if mask & (1 << r) != 0 {
            out.push(r);
        }
    }
}

/// The best five-card hand made from a multiset of 5..=7 ranks, suits ignored.
pub(crate) fn best_nonflush(counts: &[u8; 13]) -> u32 {
    let at_least = |n: u8| -> u32 {
        (0..13)
            .filter(|&r| counts[r] >= n)
            .fold(0, |m, r| m | 1 << r)
    };
    let highest = |mask: u32| -> Option<u8> {
        if mask == 0 {
            None
        } else {
            Some((31 - mask.leading_zeros()) as u8)
        }
    };
    let present = at_least(1);
    let mut ties = Vec::with_capacity(5);
    if let Some(q) = highest(at_least(4)) {
        ties.push(q);
        top_ranks(present & !(1 << q), 2, &mut ties);
        return pack(FOUR_OF_A_KIND, &ties);
    }
    if let Some(t) = highest(at_least(3)) {
        if let Some(p) = highest(at_least(2) & !(1 << t)) {
            return pack(FULL_HOUSE, &[t, p]);
        }
    }
    if let Some(high) = straight_high(present) {
        return pack(STRAIGHT, &[high]);
    }
    if let Some(t) = highest(at_least(3)) {
        ties.push(t);
        top_ranks(present & !(1 << t), 3, &mut ties);
        return pack(THREE_OF_A_KIND, &ties);
    }
    let pairs = at_least(2);
    if pairs.count_ones() >= 2 {
        top_ranks(pairs, 2, &mut ties);
        let used = ties.iter().fold(0u32, |m, &r| m | 1 << r);
        top_ranks(present & !used, 3, &mut ties);
        return pack(TWO_PAIR, &ties);
    }
    if let Some(p) = highest(pairs) {
        ties.push(p);
        top_ranks(present & !(1 << p), 4, &mut ties);
        return pack(ONE_PAIR, &ties);
    }
    top_ranks(present, 5, &mut ties);
    pack(HIGH_CARD, &ties)
}

/// The best hand made from one suit's rank pattern (at least five ranks).
pub(crate) fn flush_strength(pattern: u32) -> u32 {
    if let Some(high) = straight_high(pattern) {
        return pack(STRAIGHT_FLUSH, &[high]);
    }
    let mut ties = Vec::with_capacity(5);
    top_ranks(pattern, 5, &mut ties);
    pack(FLUSH, &ties)
}

/// Calls `f` with every multiset of `k` ranks (at most four of each), in
/// lexicographic order of the sorted ranks.
fn each_multiset(k: usize, f: &mut impl FnMut(&[u8; 13])) {
    fn go(left: usize, from: usize, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
        if left == 0 {
            f(counts);
            return;
        }
        for r in from..13 {
            if counts[r] < 4 {
                counts[r] += 1;
                go(left - 1, r, counts, f);
                counts[r] -= 1;
            }
        }
    }
    go(k, 0, &mut [0; 13], f);
}

/// The additive rank key of a multiset of ranks.
fn rank_key(counts: &[u8; 13]) -> u32 {
    (0..13).map(|r| u32::from(counts[r]) * RANK_KEYS[r]).sum()
}

/// First-fit row displacement over the rank keys of all multisets of up to seven
/// ranks: rows (key >> ROW_SHIFT) densest first, each at the lowest offset where
/// its keys land on free slots. This is how `row_base.rs` was made; it takes about
/// a second, too long for every start, so the result is kept in the source.
#[cfg(test)]
pub(crate) fn first_fit_row_base() -> Vec<u32> {
    let mut by_row: Vec<Vec<usize>> = vec![Vec::new(); ROWS];
    for k in 0..=7 {
        each_multiset(k, &mut |c| {
            let key = rank_key(c);
            by_row[(key >> ROW_SHIFT) as usize].push((key & COL_MASK) as usize);
        });
    }
    for cols in &mut by_row {
        cols.sort_unstable();
    }
    let mut order: Vec<usize> = (0..ROWS).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(by_row[r].len()));
    let mut used = vec![0u64; LOOKUP_LEN / 64 + 64];
    let is_used = |used: &[u64], i: usize| used[i / 64] >> (i % 64) & 1 != 0;
    let mut row_base = vec![0u32; ROWS];
    for r in order {
        let cols = &by_row[r];
        // Try each free slot for the row's first column, lowest first.
        let mut s = cols[0];
        let base = loop {
            let mut w = s / 64;
            let mut free = !used[w] & (!0u64 << (s % 64));
            while free == 0 {
                w += 1;
                free = !used[w];
            }
            let slot = w * 64 + free.trailing_zeros() as usize;
            let base = slot - cols[0];
            if cols[1..].iter().all(|&c| !is_used(&used, base + c)) {
                break base;
            }
            s = slot + 1;
        };
        for &c in cols {
            used[(base + c) / 64] |= 1 << ((base + c) % 64);
        }
        assert!(cols.iter().all(|&c| base + c < LOOKUP_LEN));
        row_base[r] = base as u32;
    }
    row_base
}

fn counts_id(counts: &[u8; 13]) -> u64 {
    counts
        .iter()
        .enumerate()
        .fold(0, |id, (r, &c)| id | u64::from(c) << (3 * r))
}

fn build() -> Tables {
    // Hand classes: every five-card non-flush rank multiset and every flush.
    let mut list = Vec::with_capacity(8000);
    each_multiset(5, &mut |c| list.push(best_nonflush(c)));
    for pattern in 0u32..FLUSH_LEN as u32 {
        if pattern.count_ones() == 5 {
            list.push(flush_strength(pattern));
        }
    }
    list.sort_unstable();
    list.dedup();
    let mut classes = boxed::<u32, 8192>(0);
    for (i, &s) in list.iter().enumerate() {
        if let Some(slot) = classes.get_mut(i + 1) {
            *slot = s;
        }
    }
    let dense = |strength: u32| -> u16 {
        list.binary_search(&strength)
            .map_or(0, |i| u16::try_from(i + 1).unwrap_or(0))
    };

    let mut flush = boxed::<u16, FLUSH_LEN>(0);
    for (pattern, slot) in flush.iter_mut().enumerate() {
        if pattern.count_ones() >= 5 {
            *slot = dense(flush_strength(pattern as u32));
        }
    }

    // Rank DAG: number the nodes level by level, lexicographically.
    let mut levels: Vec<Vec<[u8; 13]>> = Vec::with_capacity(7);
    let mut ids: HashMap<u64, u32> = HashMap::new();
    let mut next_id = 0u32;
    for k in 0..=6 {
        let mut level = Vec::new();
        each_multiset(k, &mut |c| {
            ids.insert(counts_id(c), next_id);
            next_id += 1;
            level.push(*c);
        });
        levels.push(level);
    }
    let value_of = |c: &[u8; 13]| -> u32 {
        if c.iter().map(|&n| u32::from(n)).sum::<u32>() >= 5 {
            u32::from(dense(best_nonflush(c)))
        } else {
            0
        }
    };
    let sink_entry = DAG_SINK << VALUE_BITS;
    let mut dag = boxed::<Row, DAG_ROWS>(Row([sink_entry; 16]));
    for (k, level) in levels.iter().enumerate() {
        for parent in level {
            let Some(&pid) = ids.get(&counts_id(parent)) else {
                continue;
            };
            let Some(row) = dag.get_mut(pid as usize) else {
                continue;
            };
            for r in 0..13 {
                if parent[r] >= 4 {
                    continue; // a fifth card of one rank: the sink
                }
                let mut child = *parent;
                child[r] += 1;
                let node = if k < 6 {
                    ids.get(&counts_id(&child)).copied().unwrap_or(DAG_SINK)
                } else {
                    DAG_SINK
                };
                row.0[r] = node << VALUE_BITS | value_of(&child);
            }
        }
    }

    // Perfect hash over all multisets of up to seven ranks: the row offsets are
    // fixed (see `row_base.rs`), so only the slots are filled here.
    let mut lookup = boxed::<u16, LOOKUP_LEN>(0);
    for k in 0..=7 {
        each_multiset(k, &mut |c| {
            let key = rank_key(c);
            let base = ROW_BASE[(key >> ROW_SHIFT) as usize & (ROWS - 1)];
            let slot = base.wrapping_add(key & COL_MASK) as usize & (LOOKUP_LEN - 1);
            lookup[slot] = u16::try_from(value_of(c)).unwrap_or(0);
        });
    }
    Tables {
        classes,
        flush,
        dag,
        lookup,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(t.dag[DAG_SINK as usize]
            .0
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
