//! # Money: what a hand's chips come to
//!
//! The bottom layer of the host: side pots ([`pots`]), hand evaluation ([`eval`]),
//! which five cards play in each game ([`hand`]), the showdown ([`showdown`]),
//! settlement with odd chips and rake ([`settle`]) and the exact all-in equity the
//! display shows ([`equity`]), and the check of a
//! dealer's award against the tabled hands ([`award`]), and a tournament colour-up's
//! chip race ([`chip_race`]). Pure functions of the
//! engine's state: nothing here reads a file, a clock or a device.

pub mod award;
pub mod chip_race;
pub mod equity;
pub mod eval;
pub mod hand;
pub mod pots;
pub mod settle;
pub mod showdown;

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// What reading a clock looks like in Rust source. Spelled in pieces so that this
    /// file, which the test reads too, does not name them.
    const CLOCKS: [&str; 5] = [
        concat!("Inst", "ant"),
        concat!("System", "Time"),
        concat!("std::", "time"),
        concat!("clock_", "gettime"),
        concat!("rustix::", "time"),
    ];

    /// Every `.rs` file under `dir`, recursively.
    fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the money layer's folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The module docs promise pure functions of the engine's state: the equity the
    /// players see and the payouts must not depend on when they are computed. Timing
    /// belongs to `crate::bench`, above this layer.
    #[test]
    fn money_reads_no_clock() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/money");
        let mut files = Vec::new();
        sources(&dir, &mut files);
        assert!(files.len() > 5, "the money layer's sources are found");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for clock in CLOCKS {
                assert!(
                    !text.contains(clock),
                    "{} reads a clock ({clock}): time it in crate::bench instead",
                    file.display()
                );
            }
        }
    }
}
