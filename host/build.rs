//! Generates the hand evaluator's tables (`src/money/eval/gen.rs`) into `OUT_DIR`,
//! where `src/money/eval/tables.rs` includes them: the tables are part of the
//! binary, so no command spends its first milliseconds building them.

use std::path::Path;

#[allow(dead_code)] // the constants the readers use and the writer does not
#[path = "src/money/eval/layout.rs"]
mod layout;

#[allow(dead_code)] // the generator's checks and helpers, used by the crate's tests
#[path = "src/money/eval/gen.rs"]
mod gen;

#[path = "src/money/eval/row_base.rs"]
mod row_base;

fn main() {
    for source in ["layout.rs", "gen.rs", "row_base.rs"] {
        println!("cargo::rerun-if-changed=src/money/eval/{source}");
    }
    let Some(out) = std::env::var_os("OUT_DIR") else {
        eprintln!("OUT_DIR is not set: run the build through cargo");
        std::process::exit(1);
    };
    let out = Path::new(&out);
    let t = gen::generate();
    // Little-endian words; the readers use `from_le_bytes` (a plain load on the
    // machines the table runs on). The file names are repeated in tables.rs.
    write(
        out,
        "eval_classes.bin",
        t.classes.iter().flat_map(|w| w.to_le_bytes()),
    );
    write(
        out,
        "eval_flush.bin",
        t.flush.iter().flat_map(|h| h.to_le_bytes()),
    );
    write(
        out,
        "eval_dag.bin",
        t.dag.iter().flat_map(|w| w.to_le_bytes()),
    );
    write(
        out,
        "eval_lookup.bin",
        t.lookup.iter().flat_map(|h| h.to_le_bytes()),
    );
}

fn write(dir: &Path, name: &str, bytes: impl Iterator<Item = u8>) {
    let path = dir.join(name);
    if let Err(e) = std::fs::write(&path, bytes.collect::<Vec<u8>>()) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}
