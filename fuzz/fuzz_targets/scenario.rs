//! Scenario scripts (`host::records::scenario`): floor staff run scripts they wrote by hand, so
//! no text may make `Scenario::parse` or `run` panic. An error names a line of the
//! text (from 1; an empty script is refused at line 1), and so does a step.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count().max(1);
    let in_text = |line: usize| (1..=lines).contains(&line);
    match host::records::scenario::Scenario::parse(text) {
        Err(e) => assert!(in_text(e.line), "line {} of {lines}: {e}", e.line),
        Ok(scenario) => {
            assert!(scenario.steps.iter().all(|(line, _)| in_text(*line)));
            assert!(
                scenario.config.validate().is_ok(),
                "a script's table is valid"
            );
            let mut seen = 0;
            let result = scenario.run(|line, _, _| {
                assert!(in_text(line));
                seen += 1;
            });
            if let Err(e) = result {
                assert!(in_text(e.line), "line {} of {lines}: {e}", e.line);
            }
            assert!(seen <= scenario.steps.len());
        }
    }
});
