//! Real hands (WSOP 2023 Event #43, Pluribus, HandHQ, historical hands) from the PHH
//! dataset beside the repository (`../shared/corpora/phh-dataset`, MIT licensed):
//! every hand in our variants replays through the engine, and every recorded
//! `finishing_stacks` that PokerKit itself reproduces is matched exactly.

use host::records::replay::replay_history;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "phh" || x == "phhs") {
                out.push(p);
            }
        }
    }
}

#[test]
fn real_hands_replay_to_their_recorded_finishing_stacks() {
    let Some(root) =
        table_tests::peers::shared("corpora/phh-dataset", "the PHH dataset's real hands")
    else {
        return;
    };
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    // PokerKit cannot reproduce this file either (the dataset's README): a big-blind
    // ante with ante trimming on.
    let known = ["wsop/2019/42/3/00-01-07.phh"];
    let (mut hands, mut matched, mut no_stacks, mut other_variant) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
        let parsed = match host::records::phh::parse_file(path) {
            Ok(h) => h,
            Err(e) if e.to_string().contains("variant") => {
                other_variant += 1;
                continue;
            }
            Err(e) => {
                failures.push(format!("{rel}: {e}"));
                continue;
            }
        };
        for hh in &parsed {
            hands += 1;
            let result = replay_history(hh);
            match (result, &hh.finishing_stacks) {
                (Err(e), _) if known.contains(&rel.as_str()) => {
                    assert!(e.message.contains("ante"), "{rel}: {e}");
                }
                (Err(e), _) => failures.push(format!("{rel}: {e}")),
                (Ok(r), Some(stacks))
                    if r.finishing_stacks
                        .iter()
                        .map(|c| c.get())
                        .eq(stacks.iter().copied()) =>
                {
                    matched += 1
                }
                (Ok(r), Some(stacks)) => failures.push(format!(
                    "{rel}: ours {:?}, recorded {stacks:?}",
                    r.finishing_stacks
                )),
                (Ok(_), None) => no_stacks += 1,
            }
        }
    }
    println!(
        "{hands} hands in our variants: {matched} match their finishing stacks, {no_stacks} have none recorded; {other_variant} files in other variants"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(matched >= 340, "only {matched} matched");
}
