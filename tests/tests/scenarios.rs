//! Runs every scenario script under `tests/scenarios/` (format: `tests/README.md`).

use host::records::scenario::Scenario;
use std::path::Path;

#[test]
fn every_scenario_script_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/scenarios exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenario scripts found");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable script");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let result = Scenario::parse(&text).and_then(|s| s.run(|_, _, _| {}).map(|_| ()));
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "scenario failures:\n{}",
        failures.join("\n")
    );
    println!("{} scenario scripts passed", files.len());
}
