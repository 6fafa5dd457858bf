//! The generator of the evaluator tables. The build script (`host/build.rs`) runs it
//! and writes its output next to the compiled crate, which includes the bytes
//! (`tables.rs`): no `tablectl` command builds a table at start-up. The crate's tests
//! run it too, to check what was included and the tables' properties.
//!
//! Everything is derived from two small, obvious functions on rank counts:
//! [`best_nonflush`] (the best five-card hand a multiset of ranks makes, suits
//! ignored) and [`flush_strength`] (the best hand of one suit's rank pattern). The
//! tables only make those answers fast; the tables module says how.

use std::collections::HashMap;

use super::layout::{
    pack, CLASSES_LEN, COL_MASK, DAG_ROWS, DAG_ROW_LEN, DAG_SINK, FLUSH, FLUSH_LEN, FOUR_OF_A_KIND,
    FULL_HOUSE, HIGH_CARD, LOOKUP_LEN, ONE_PAIR, RANK_KEYS, ROWS, ROW_SHIFT, STRAIGHT,
    STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, VALUE_BITS,
};
use super::row_base::ROW_BASE;

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
pub(crate) fn each_multiset(k: usize, f: &mut impl FnMut(&[u8; 13])) {
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
pub(crate) fn rank_key(counts: &[u8; 13]) -> u32 {
    (0..13).map(|r| u32::from(counts[r]) * RANK_KEYS[r]).sum()
}

/// First-fit row displacement over the rank keys of all multisets of up to seven
/// ranks: rows (key >> ROW_SHIFT) densest first, each at the lowest offset where
/// its keys land on free slots. This is how `row_base.rs` was made; it takes about
/// a second in release (far longer in the build script's unoptimised build), so the
/// result is kept in the source and checked by a test.
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

/// The generated tables, as plain vectors (see the tables module for what each is).
pub(crate) struct Generated {
    /// Packed strength of each hand value, 0 for value 0 and past the last.
    pub(crate) classes: Vec<u32>,
    /// Hand value of each single-suit rank pattern.
    pub(crate) flush: Vec<u16>,
    /// The rank DAG, `DAG_ROWS` rows of 16 entries.
    pub(crate) dag: Vec<u32>,
    /// Perfect hash: hand value of each slot.
    pub(crate) lookup: Vec<u16>,
}

/// Builds every table from [`best_nonflush`] and [`flush_strength`].
pub(crate) fn generate() -> Generated {
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
    let mut classes = vec![0u32; CLASSES_LEN];
    for (slot, &s) in classes.iter_mut().skip(1).zip(&list) {
        *slot = s;
    }
    let dense = |strength: u32| -> u16 {
        list.binary_search(&strength)
            .map_or(0, |i| u16::try_from(i + 1).unwrap_or(0))
    };

    let flush: Vec<u16> = (0..FLUSH_LEN as u32)
        .map(|pattern| {
            if pattern.count_ones() >= 5 {
                dense(flush_strength(pattern))
            } else {
                0
            }
        })
        .collect();

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
    let value_of = |c: &[u8; 13]| -> u16 {
        if c.iter().map(|&n| u32::from(n)).sum::<u32>() >= 5 {
            dense(best_nonflush(c))
        } else {
            0
        }
    };
    let sink_entry = DAG_SINK << VALUE_BITS;
    let mut dag = vec![sink_entry; DAG_ROWS * DAG_ROW_LEN];
    for (k, level) in levels.iter().enumerate() {
        for parent in level {
            let Some(&pid) = ids.get(&counts_id(parent)) else {
                continue;
            };
            let row = pid as usize * DAG_ROW_LEN;
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
                if let Some(entry) = dag.get_mut(row + r) {
                    *entry = node << VALUE_BITS | u32::from(value_of(&child));
                }
            }
        }
    }

    // Perfect hash over all multisets of up to seven ranks: the row offsets are
    // fixed (see `row_base.rs`), so only the slots are filled here.
    let mut lookup = vec![0u16; LOOKUP_LEN];
    for k in 0..=7 {
        each_multiset(k, &mut |c| {
            let key = rank_key(c);
            let base = ROW_BASE[(key >> ROW_SHIFT) as usize & (ROWS - 1)];
            let slot = base.wrapping_add(key & COL_MASK) as usize & (LOOKUP_LEN - 1);
            lookup[slot] = value_of(c);
        });
    }
    Generated {
        classes,
        flush,
        dag,
        lookup,
    }
}
