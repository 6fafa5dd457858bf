//! Replaying files: the folders and files `tablectl replay` and `tablectl bench` read,
//! a refusal said for a person (the action's line in the file), and the corpus runs
//! the benchmark times against PokerKit.

use super::*;

/// The `.phh` files of a folder, sorted by name: the corpus `tablectl bench` times.
pub fn phh_paths(dir: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "phh"))
        .collect();
    files.sort();
    Ok(files)
}

/// The texts of the `.phh` files of a folder, sorted by name: the corpus that
/// `tablectl bench` and the replay benchmark time (read beforehand, so the timing is
/// parsing and replay, not the disk).
pub fn phh_texts(dir: &std::path::Path) -> std::io::Result<Vec<String>> {
    Ok(read_texts(&phh_paths(dir)?))
}

/// The texts of the files that can be read, in order.
pub fn read_texts(paths: &[std::path::PathBuf]) -> Vec<String> {
    paths
        .iter()
        .filter_map(|f| crate::records::phh::read_text(f).ok())
        .collect()
}

/// Why a hand was refused, for a person: the action to blame (its line in the file
/// and its text) and the engine's message naming the rule.
pub fn refusal(hh: &crate::records::phh::HandHistory, e: &ReplayError) -> String {
    let at = e.action.and_then(|i| {
        let line = hh.action_info.get(i)?.line;
        Some(format!(
            "line {line}: {}",
            hh.actions.get(i)?.to_phh(hh.scale)
        ))
    });
    match at {
        Some(at) => format!("{at}: {}", e.message),
        None => e.message.clone(),
    }
}

/// `tablectl replay --json` of one file: reads it, replays each of its hands on
/// `replayer` and writes each hand's line ([`Replayed::write_json`], or an `error`
/// object naming the action and the rule) into `out`. Returns the hands replayed and
/// whether anything (the file, or one of its hands) was refused.
pub fn replay_file_json(replayer: &mut Replayer, path: &str, out: &mut Vec<u8>) -> (u64, bool) {
    match crate::records::phh::read_text(std::path::Path::new(path)) {
        Ok(text) => replay_text_json(replayer, path, Ok(&text), out),
        Err(e) => replay_text_json(replayer, path, Err(e), out),
    }
}

/// [`replay_file_json`] of a file already read (its text, or the error reading it).
pub fn replay_text_json(
    replayer: &mut Replayer,
    path: &str,
    text: std::io::Result<&str>,
    out: &mut Vec<u8>,
) -> (u64, bool) {
    let hands = match crate::records::phh::parse_read(path, text) {
        Ok(hands) => hands,
        Err(e) => {
            write_json_error(out, path, None, &e.to_string());
            return (0, true);
        }
    };
    let mut replayed = 0;
    let mut refused = false;
    for hh in &hands {
        match replayer.replay_history_ref(hh) {
            Ok(r) => {
                r.write_json(out, path, hh.section.as_deref(), hh.scale);
                replayed += 1;
            }
            Err(e) => {
                refused = true;
                write_json_error(out, path, hh.section.as_deref(), &refusal(hh, &e));
            }
        }
    }
    (replayed, refused)
}

/// `tablectl replay --json` of each file in turn, its lines written into a buffer
/// that is emptied for the next file (as if printed): the hands replayed. What
/// `tablectl bench` and the replay benchmark time end to end, as PokerKit's script
/// works.
pub fn replay_files_json(files: &[String]) -> u64 {
    let mut replayer = Replayer::default();
    let mut lines = Vec::new();
    let mut replayed = 0;
    for file in files {
        lines.clear();
        replayed += replay_file_json(&mut replayer, file, &mut lines).0;
    }
    replayed
}

/// Parses and replays every hand of each text, as PokerKit's figure includes its
/// parsing: the number of hands replayed to their end (a text that does not parse,
/// or a hand the engine refuses, counts none).
pub fn replay_texts(texts: &[String]) -> u64 {
    let mut replayed = 0;
    let mut replayer = Replayer::default();
    for text in texts {
        if let Ok(hands) = crate::records::phh::parse_str(text) {
            for hh in &hands {
                if replayer.replay_history_ref(hh).is_ok() {
                    replayed += 1;
                }
            }
        }
    }
    replayed
}

#[cfg(test)]
mod tests {
    use super::super::tests::HAND;
    use super::*;

    #[test]
    fn a_refused_file_and_hand_are_error_lines() {
        let dir = std::env::temp_dir().join(format!("replay-json-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let good = dir.join("good.phh");
        let bad = dir.join("bad.phh");
        let broken = dir.join("broken.phh");
        std::fs::write(&good, HAND).expect("write");
        std::fs::write(&bad, HAND.replace("'p1 f', 'p2 cc'", "'p2 cc', 'p1 f'")).expect("write");
        std::fs::write(&broken, "variant = 'NT\n").expect("write");
        let mut replayer = Replayer::default();
        let mut out = Vec::new();
        let mut run = |p: &std::path::Path| {
            replay_file_json(&mut replayer, &p.display().to_string(), &mut out)
        };
        assert_eq!(run(&good), (1, false));
        assert_eq!(run(&bad), (0, true));
        assert_eq!(run(&broken), (0, true));
        let lines: Vec<serde_json::Value> = out
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].get("error").is_none());
        let refused = lines[1]["error"].as_str().unwrap_or_default();
        assert!(
            refused.contains("line 6: p2 cc") && refused.contains("R-BET-2"),
            "{refused}"
        );
        assert!(lines[2]["error"]
            .as_str()
            .is_some_and(|e| e.contains("unterminated string")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
