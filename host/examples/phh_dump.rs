//! Prints what the PHH parser makes of every file under the given folders, and of
//! mangled copies of them: a before/after record for changes to the parser.
//! `cargo run -p host --release --example phh_dump DIR... > dump.txt`.

use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "phh" || x == "phhs") {
            out.push(p);
        }
    }
}

fn main() {
    let mut files = Vec::new();
    for d in std::env::args().skip(1) {
        walk(Path::new(&d), &mut files);
    }
    files.sort();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let junk = [
        "[", "]", "'", "\"", "#", "=", ",", "\\", "\n", " ", "x", "0.5", "{", "}", "-1", "1e3",
        "p9 f", "??",
    ];
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        println!("== {}", f.display());
        println!("{:?}", host::records::phh::parse_str(&text));
        for _ in 0..6 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut cut = (seed % (text.len() as u64 + 1)) as usize;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            let j = junk[(seed >> 32) as usize % junk.len()];
            let mangled = format!("{}{}{}", &text[..cut], j, &text[cut..]);
            println!(
                "-- +{j:?} at {cut}: {:?}",
                host::records::phh::parse_str(&mangled).err()
            );
        }
    }
}
