//! `tablectl bench`'s evaluator lines: the category census of all seven-card hands,
//! then the Hold'em evaluator beside rs_poker and aya_poker on each path
//! ([`super::peers`]), in million hands per second of the thread's CPU time.

use std::io::{self, Write};

use super::peers::{
    self, count, indexed, AyaPoker, Census, Library, Ours, OursAccum, OursChecked, RsPoker,
};
use super::{thousands, thread_cpu};
use crate::money::eval::{
    category_counts_all_seven_card_hands, random_deals, random_seven_card_hands, Category,
};

/// How much each random path is timed.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Random hands timed on the pre-built and card-index paths.
    pub random: usize,
    /// Showdowns timed (two hands each).
    pub showdowns: usize,
    /// Runs of each random path; the best is written (the figure of a core not
    /// taken by other work meanwhile).
    pub runs: usize,
}

impl Sizes {
    /// `tablectl bench`'s: ten million hands, five million showdowns, best of 3.
    pub const FULL: Sizes = Sizes {
        random: 10_000_000,
        showdowns: 5_000_000,
        runs: 3,
    };
}

/// The evaluator's report: the category census of all seven-card hands, one
/// line per category best first ("straight flush 41,584"), then one line per path
/// with each library's speed in million hands per CPU second, one thread, and
/// ours over rs_poker's. Before a path is timed, every library's answers on it are
/// checked to be ours; a library that disagrees is named instead of timed.
pub fn report(out: &mut impl Write) -> io::Result<()> {
    report_sized(out, Sizes::FULL)
}

/// [`report`] with the random paths timed on `sizes`.
pub fn report_sized(out: &mut impl Write, sizes: Sizes) -> io::Result<()> {
    let counts = category_counts_all_seven_card_hands();
    for (category, n) in Category::BEST_FIRST.iter().zip(counts) {
        writeln!(out, "{} {}", category.lower_name(), thousands(n))?;
    }
    let total: u64 = counts.iter().sum();

    let mut line = Line::new("enumeration, one card per loop level", total, 1);
    line.time::<Ours>(|c| peers::enumerate::<Ours>(&Ours::deck(), |v| count::<Ours>(c, v)));
    line.time::<RsPoker>(|c| {
        peers::enumerate::<RsPoker>(&RsPoker::deck(), |v| count::<RsPoker>(c, v))
    });
    line.time::<AyaPoker>(|c| {
        peers::enumerate::<AyaPoker>(&AyaPoker::deck(), |v| count::<AyaPoker>(c, v))
    });
    line.write(out)?;

    let hands = random_seven_card_hands(sizes.random, 0x5eed);
    let random = sizes.random as u64;
    let mut line = Line::new("random hands, pre-built", random, sizes.runs);
    line.prebuilt::<Ours>(&hands);
    line.prebuilt::<OursAccum>(&hands);
    line.prebuilt::<RsPoker>(&hands);
    line.prebuilt::<AyaPoker>(&hands);
    line.write(out)?;

    let mut line = Line::new("random hands from 7 card indices", random, sizes.runs);
    line.indices::<Ours>(&hands);
    line.indices::<OursAccum>(&hands);
    line.indices::<OursChecked>(&hands);
    line.indices::<RsPoker>(&hands);
    line.indices::<AyaPoker>(&hands);
    line.write(out)?;
    drop(hands);

    let deals = random_deals::<9>(sizes.showdowns, 0x5eed);
    let path = "showdown, which of two wins, from 9 card indices";
    let mut line = Line::new(path, 2 * sizes.showdowns as u64, sizes.runs);
    line.showdown::<Ours>(&deals);
    line.showdown::<OursChecked>(&deals);
    line.showdown::<RsPoker>(&deals);
    line.showdown::<AyaPoker>(&deals);
    line.write(out)
}

/// One path's line: each library's best CPU time and its answer, checked against
/// the first library's.
struct Line {
    path: &'static str,
    items: u64,
    /// Runs of each library; the best is kept.
    runs_each: usize,
    /// Each library's name, seconds (best run) and answer.
    runs: Vec<(&'static str, f64, Census)>,
}

impl Line {
    fn new(path: &'static str, items: u64, runs_each: usize) -> Line {
        Line {
            path,
            items,
            runs_each,
            runs: Vec::new(),
        }
    }

    /// Times `work` (which fills a census) [`Line::runs_each`] times on the
    /// thread's CPU clock.
    fn time<L: Library>(&mut self, mut work: impl FnMut(&mut Census)) {
        let mut best = f64::INFINITY;
        let mut census = [0; 16];
        for _ in 0..self.runs_each {
            census = [0; 16];
            let start = thread_cpu();
            work(&mut census);
            best = best.min(thread_cpu().saturating_sub(start).as_secs_f64());
        }
        self.runs.push((L::NAME, best, census));
    }

    fn prebuilt<L: Library>(&mut self, hands: &[[u8; 7]]) {
        let built = peers::built::<L>(hands);
        self.time::<L>(|c| {
            peers::prebuilt::<L>(std::hint::black_box(&built), |v| count::<L>(c, v))
        });
    }

    fn indices<L: Library>(&mut self, hands: &[[u8; 7]]) {
        let deck = indexed::<L>();
        self.time::<L>(|c| {
            peers::from_indices::<L>(&deck, std::hint::black_box(hands), |v| count::<L>(c, v))
        });
    }

    fn showdown<L: Library>(&mut self, deals: &[[u8; 9]]) {
        let deck = indexed::<L>();
        self.time::<L>(|c| {
            c[0] = peers::showdown::<L>(&deck, std::hint::black_box(deals));
        });
    }

    /// "path (N hands): ours 245.1, … M hands/s; ours / rs_poker 1.45".
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let rate = |secs: f64| self.items as f64 / secs.max(1e-9) / 1e6;
        let answer = self.runs.first().map(|r| r.2);
        let figures: Vec<String> = self
            .runs
            .iter()
            .map(|(name, secs, census)| {
                if Some(*census) == answer {
                    format!("{name} {:.1}", rate(*secs))
                } else {
                    format!("{name} disagrees with ours, not compared")
                }
            })
            .collect();
        let secs = |name: &str| self.runs.iter().find(|r| r.0 == name).map(|r| r.1);
        let ratio = match (secs(Ours::NAME), secs(RsPoker::NAME)) {
            (Some(ours), Some(rs)) => format!("; ours / rs_poker {:.2}", rs / ours.max(1e-9)),
            _ => String::new(),
        };
        writeln!(
            out,
            "{} ({} hands): {} M hands/s{ratio}, one thread, CPU time",
            self.path,
            thousands(self.items),
            figures.join(", "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tablectl bench` opens with these lines; a reader compares them run to run.
    #[test]
    fn the_report_names_each_category_then_each_path_beside_the_peers() {
        let mut out = Vec::new();
        let sizes = Sizes {
            random: 100_000,
            showdowns: 50_000,
            runs: 1,
        };
        report_sized(&mut out, sizes).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13, "{text}");
        assert_eq!(lines[0], "straight flush 41,584");
        assert_eq!(lines[8], "high card 23,294,460");
        let all = [
            "ours ",
            "ours (Accum) ",
            "ours (checked) ",
            "rs_poker 5.0 ",
            "aya_poker 0.1 ",
        ];
        for (line, path, libraries) in [
            (
                lines[9],
                "enumeration, one card per loop level (133,784,560 hands): ",
                [0, 3, 4].as_slice(),
            ),
            (
                lines[10],
                "random hands, pre-built (100,000 hands): ",
                &[0, 1, 3, 4],
            ),
            (
                lines[11],
                "random hands from 7 card indices (100,000 hands): ",
                &[0, 1, 2, 3, 4],
            ),
            (
                lines[12],
                "showdown, which of two wins, from 9 card indices (100,000 hands): ",
                &[0, 2, 3, 4],
            ),
        ] {
            assert!(line.starts_with(path), "{line}");
            let named: Vec<usize> = (0..all.len())
                .filter(|&i| {
                    line.contains(&format!(": {}", all[i]))
                        || line.contains(&format!(", {}", all[i]))
                })
                .collect();
            assert_eq!(named, libraries, "{line}");
            assert!(line.contains(" M hands/s; ours / rs_poker "), "{line}");
            assert!(line.ends_with(", one thread, CPU time"), "{line}");
            assert!(!line.contains("disagrees"), "{line}");
        }
    }
}
