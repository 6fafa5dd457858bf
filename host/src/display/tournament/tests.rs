use super::*;
use crate::tournament::TournamentEvent;
use crate::words::i18n::english_left;

const FRIDAY: &str = include_str!("../../../../tests/tournaments/friday.toml");
const MIN: u64 = 60_000;

fn w(ms: u64) -> WallTime {
    WallTime::from_unix_millis(ms)
}

/// Friday's tournament, 60 entries of 20,000 on two tables, started at 1,000 ms.
fn friday(extra: &[TournamentEvent]) -> Tournament {
    let mut events = vec![TournamentEvent::Created {
        structure: FRIDAY.to_string(),
        tables: vec!["T1".into(), "T2".into()],
        seats: 9,
        director: "11111111111111111111111111111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".into(),
    }];
    for n in 1..=18u32 {
        events.push(TournamentEvent::Registered {
            entry: n,
            player: format!("Player {n}"),
            table: if n % 2 == 0 { "T1" } else { "T2" }.into(),
            seat: n.div_ceil(2) as u8,
            at: w(10),
        });
    }
    events.push(TournamentEvent::Started { at: w(1_000) });
    events.extend_from_slice(extra);
    Tournament::from_events(&events).unwrap()
}

/// Level 3 (200/400, big-blind ante 400), 7:30 left, not stale.
fn level_three() -> TableClock {
    let t = friday(&[]);
    TableClock::read(&t, w(1_000 + 52 * MIN + 30_000), w(1_000), false)
}

#[test]
fn the_panel_says_the_level_its_stakes_the_time_and_the_next_level() {
    let p = panel(Lang::En, &level_three());
    assert_eq!(p.kind, "level");
    assert_eq!(p.period, "Level 3");
    assert_eq!(p.stakes, "200/400 · Big-blind ante 400");
    assert_eq!(p.left, "7:30");
    assert_eq!(p.left_ms, Some(7 * MIN + 30_000));
    assert!(p.running);
    assert_eq!(p.paused, None);
    assert_eq!(p.next.as_deref(), Some("Next 300/600 · Big-blind ante 600"));
    let figures: Vec<(&str, &str)> = p
        .figures
        .iter()
        .map(|f| (f.label, f.value.as_str()))
        .collect();
    assert_eq!(
        figures,
        [
            ("Players", "18 / 18"),
            ("Average", "20,000"),
            ("Prize pool", "1,800.00")
        ]
    );
    assert_eq!(p.stale, None);
}

#[test]
fn the_panel_is_in_the_tables_language_with_its_numbers() {
    let c = level_three();
    let expected = [
        (
            Lang::Mk,
            "Ниво 3",
            "Анте на големиот блајнд",
            "20.000",
            "1.800,00",
        ),
        (
            Lang::Pl,
            "Poziom 3",
            "Ante dużej ciemnej",
            "20\u{a0}000",
            "1800,00",
        ),
        (
            Lang::Bg,
            "Ниво 3",
            "Анте на големия блайнд",
            "20\u{a0}000",
            "1800,00",
        ),
        (
            Lang::Ru,
            "Уровень 3",
            "Анте большого блайнда",
            "20\u{a0}000",
            "1\u{a0}800,00",
        ),
    ];
    for (lang, period, ante, average, pool) in expected {
        let p = panel(lang, &c);
        assert_eq!(p.period, period, "{lang:?}");
        assert_eq!(p.stakes, format!("200/400 · {ante} 400"), "{lang:?}");
        assert_eq!(p.figures[1].value, average, "{lang:?}");
        assert_eq!(p.figures[2].value, pool, "{lang:?}");
        let stale = TableClock {
            stale_since: Some(w(1_000)),
            ..c
        };
        let p = panel(lang, &stale);
        let all = serde_json::to_string(&p).unwrap();
        assert_eq!(english_left(lang, &all), None, "{lang:?}: {all}");
        for f in &p.figures {
            assert_ne!(f.label, panel(Lang::En, &c).figures[0].label, "{lang:?}");
        }
        assert!(p.stale.unwrap().contains("00:00 UTC"), "{lang:?}");
    }
}

#[test]
fn a_break_says_break_and_the_level_to_come() {
    // Levels 1 to 4 take 80 minutes; the break after level 4 follows.
    let t = friday(&[]);
    let c = TableClock::read(&t, w(1_000 + 81 * MIN), w(1_000), false);
    for lang in crate::web::lang::ALL {
        let p = panel(lang, &c);
        assert_eq!(p.kind, "break");
        assert_eq!(p.stakes, "", "no stakes are played during a break");
        assert!(p.next.unwrap().contains("400/800"), "{lang:?}");
    }
    assert_eq!(panel(Lang::En, &c).period, "Break");
    assert_eq!(panel(Lang::Ru, &c).period, "Перерыв");
}

#[test]
fn a_paused_clock_says_so_and_does_not_run() {
    let t = friday(&[TournamentEvent::Paused { at: w(1_000 + MIN) }]);
    let later = TableClock::read(&t, w(1_000 + 30 * MIN), w(1_000), false);
    let p = panel(Lang::En, &later);
    assert_eq!(p.paused, Some("PAUSED"));
    assert!(!p.running);
    assert_eq!(p.left, "19:00", "the time left stays where it stopped");
    assert_eq!(panel(Lang::Pl, &later).paused, Some("WSTRZYMANY"));
}

#[test]
fn a_stale_clock_warns_and_still_counts_down() {
    let t = friday(&[]);
    let heard = w(1_000 + 21 * 3_600_000 + 4 * MIN);
    let c = TableClock::read(&t, w(1_000 + 5 * MIN), heard, true);
    let p = panel(Lang::En, &c);
    assert_eq!(
        p.stale.as_deref(),
        Some("Clock as last heard at 21:04 UTC: the floor is not answering")
    );
    assert!(p.running, "the clock runs on from what was heard");
    assert_eq!(p.left, "15:00");
}

#[test]
fn before_the_start_nothing_counts_down() {
    let mut t = friday(&[]);
    t.clock.clear();
    let c = TableClock::read(&t, w(5_000), w(5_000), false);
    let p = panel(Lang::En, &c);
    assert_eq!((p.kind, p.period.as_str()), ("waiting", "Starts soon"));
    assert_eq!((p.left_ms, p.left.as_str(), p.running), (None, "", false));
    assert_eq!(p.stakes, "100/200", "level 1, no ante");
}
