//! The whole shared corpus: every file parses or names its variant, and every hand
//! round-trips; HandHQ's files are read in cents.

use super::*;

/// `shared/corpora`, or `None` after the one-line skip notice.
fn corpus_dir(what: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    crate::peers::or_skip(
        crate::peers::shared(&root, "corpora"),
        "REQUIRE_SHARED",
        what,
        crate::peers::SHARED_SETUP,
    )
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("phh" | "phhs")) {
            out.push(p);
        }
    }
}

#[test]
fn every_corpus_file_parses() {
    let Some(dir) = corpus_dir("parsing every file of the shared corpora") else {
        return;
    };
    let mut files = Vec::new();
    walk(&dir, &mut files);
    assert!(
        files.len() > 100,
        "only {} files under {}",
        files.len(),
        dir.display()
    );
    let other_variants = ["NS", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"];
    let (mut hands, mut unsupported, mut sample) = (0, 0, 0);
    for f in &files {
        match parse_file(f) {
            Ok(hs) => {
                assert!(!hs.is_empty());
                if f.to_string_lossy().contains("pokerkit-sample") {
                    sample += hs.len();
                }
                for h in &hs {
                    hands += 1;
                    assert_eq!(h.actions.len(), h.action_info.len());
                    assert!(h
                        .actions
                        .iter()
                        .all(|a| a.player().is_none_or(|p| p < h.player_count())));
                    // Round trip: written back and read again, the same hand.
                    let written = h.to_toml();
                    let back = match parse_hand(&written) {
                        Ok(b) => b,
                        Err(e) => panic!("{}: round trip: {e}\n{written}", f.display()),
                    };
                    assert_eq!(back.to_toml(), written, "{}", f.display());
                    if back.scale == h.scale {
                        assert!(same_hand(h, &back), "{}: round trip differs", f.display());
                    }
                }
            }
            Err(PhhError {
                kind: PhhErrorKind::UnsupportedVariant(v),
                line: Some(_),
                path: Some(_),
            }) => {
                assert!(other_variants.contains(&v.as_str()), "{}: {v}", f.display());
                unsupported += 1;
                // The TOML and every action of the other games still parse.
                let text = std::fs::read_to_string(f).unwrap_or_default();
                let doc = match parse_document(&text) {
                    Ok(d) => d,
                    Err(e) => panic!("{}: {e}", f.display()),
                };
                let actions = doc.root.iter().find(|e| e.key == "actions");
                let Some(Entry {
                    value: Value::Array(items),
                    ..
                }) = actions
                else {
                    panic!("{}: no actions", f.display());
                };
                for i in items {
                    let s = i.value.as_str().unwrap_or_default();
                    if let Err(e) = parse_action(s) {
                        panic!("{}:{}: {s:?}: {e}", f.display(), i.line);
                    }
                }
            }
            Err(e) => panic!("{e}"),
        }
    }
    // The sample corpus holds exactly the hands its manifest counts.
    let manifest =
        std::fs::read_to_string(dir.join("pokerkit-sample/manifest.json")).unwrap_or_default();
    let count = serde_json::from_str::<serde_json::Value>(&manifest)
        .ok()
        .and_then(|m| m.get("count").and_then(serde_json::Value::as_u64));
    if let Some(count) = count {
        assert_eq!(sample as u64, count);
    }
    eprintln!(
        "{} files: {hands} hands parsed, {unsupported} files in variants this table does not play",
        files.len()
    );
}

#[test]
fn handhq_phhs_from_the_corpus_in_cents() {
    let Some(corpora) = corpus_dir("a HandHQ file of the PHH dataset, in cents") else {
        return;
    };
    let path = corpora.join(
        "phh-dataset/handhq/ABS-2009-07-01_2009-07-23_100NLH_OBFU/1/abs NLH handhq_325-OBFUSCATED.phhs",
    );
    assert!(
        path.is_file(),
        "{} is missing from the corpus",
        path.display()
    );
    let hands = match parse_file(&path) {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(hands.len(), 11);
    let h = &hands[0];
    assert_eq!(h.section.as_deref(), Some("1"));
    assert_eq!(h.scale.decimals(), 2);
    assert_eq!(h.antes, vec![25; 6]);
    assert_eq!(h.blinds_or_straddles, vec![50, 100, 0, 0, 0, 0]);
    assert_eq!(h.starting_stacks[0], 9275);
    assert_eq!(h.starting_stacks[1], 43470);
    assert!(h
        .actions
        .contains(&PhhAction::CompleteBetRaise { player: 3, to: 735 }));
    assert_eq!(
        h.actions[0],
        PhhAction::DealHole {
            player: 0,
            cards: cs(&[None, None])
        }
    );
    assert_eq!(h.field("time"), Some(&Value::Raw("14:53:46".into())));
    assert_eq!(
        h.field("venue").and_then(Value::as_str),
        Some("Absolute Poker")
    );
    // Every hand of the file shares the unit, even one without cents.
    assert!(hands
        .iter()
        .all(|h| h.scale == Scale::new(2).unwrap_or_default()));
}
