//! The events' machine form and the configuration record, version 2 and version 1.

use super::*;
use crate::records::handlog::config_v1::ConfigData;
use crate::records::handlog::record::{encode, parse_payload, Parsed};
use firmware::rules::{
    AmountPolicy, AnteMode, ButtonRule, FlCap, FlShortAllIn, MixSwitch, Mixed, Stakes,
    StraddleMinRaise,
};
use firmware::{Post, Street};

fn every_event() -> Vec<Event> {
    let w = |w| Event::Warning(w);
    vec![
        Event::Seated {
            seat: sn(1),
            stack: ch(500),
        },
        Event::ToppedUp {
            seat: sn(1),
            amount: ch(50),
            stack: ch(550),
        },
        Event::Left {
            seat: sn(2),
            stack: ch(0),
        },
        Event::SatOut { seat: sn(3) },
        Event::SatIn { seat: sn(3) },
        Event::ButtonPlaced { seat: sn(4) },
        Event::HandStarted {
            number: 7,
            button: sn(1),
            small_blind: None,
            big_blind: sn(3),
            dealt: 0b1010_1110,
        },
        Event::Posted {
            seat: sn(2),
            post: Post::DeadSmallBlind,
            amount: ch(5),
            all_in: true,
        },
        Event::MissedBlind {
            seat: sn(5),
            big: true,
        },
        Event::StraddleConfirmed { seat: sn(4) },
        Event::HoleCard {
            seat: sn(1),
            card: Some(card("Ah")),
        },
        Event::HoleCard {
            seat: sn(2),
            card: None,
        },
        Event::Burned { card: None },
        Event::BoardCard {
            street: Street::River,
            card: Some(card("2c")),
        },
        Event::BettingOpened {
            street: Street::Draw,
            first: sn(6),
        },
        Event::Folded { seat: sn(1) },
        Event::Checked { seat: sn(1) },
        Event::Called {
            seat: sn(1),
            amount: ch(20),
            all_in: false,
        },
        Event::Bet {
            seat: sn(1),
            to: ch(40),
            all_in: true,
        },
        Event::Raised {
            seat: sn(1),
            to: ch(80),
            all_in: false,
        },
        w(Warning::OverPot {
            seat: sn(1),
            asked: ch(500),
            max: ch(35),
        }),
        w(Warning::UnderMinimum {
            seat: sn(1),
            asked: ch(15),
            to: ch(20),
        }),
        w(Warning::FixedSize {
            seat: sn(1),
            asked: ch(15),
            to: ch(10),
        }),
        w(Warning::StraddleUnconfirmed { seat: sn(4) }),
        w(Warning::FoldedWithCheck { seat: sn(2) }),
        w(Warning::OpenersUnchecked { seat: sn(2) }),
        Event::Returned {
            seat: sn(1),
            amount: ch(45),
        },
        Event::RoundComplete {
            street: Street::Flop,
        },
        Event::Discarded {
            seat: sn(1),
            card: card("9d"),
        },
        Event::StoodPat { seat: sn(2) },
        Event::DrawAsked {
            seat: sn(2),
            count: 3,
        },
        Event::Redeal { button: sn(3) },
        Event::HandOver {
            pot: ch(300),
            contested: true,
        },
        Event::Mucked { seat: sn(2) },
        Event::Awarded {
            seat: sn(1),
            amount: ch(300),
        },
        Event::Raked { amount: ch(3) },
        Event::HandComplete { number: 7 },
        Event::Misdealt { number: 7 },
        Event::Undone,
        Event::ShowdownOpened { first: sn(3) },
        Event::Shown { seat: sn(3) },
        Event::Rejoined {
            seat: sn(2),
            amount: ch(12),
        },
        Event::MovedOut {
            seat: sn(2),
            stack: ch(4200),
        },
        Event::MovedIn {
            seat: sn(7),
            stack: ch(15_300),
        },
        Event::BustedOut {
            seat: sn(5),
            started_with: ch(2500),
        },
        Event::ColoredUp {
            seat: sn(3),
            before: ch(1275),
            after: ch(1300),
        },
        Event::LevelChanged {
            from: 4,
            to: 5,
            small_blind: ch(300),
            big_blind: ch(600),
            ante: ch(600),
        },
    ]
    .into_iter()
    .chain(
        [
            firmware::Ruling::VoidHand,
            firmware::Ruling::StraddleAnnounced,
            firmware::Ruling::Premature {
                card: None,
                burn: None,
            },
            firmware::Ruling::Premature {
                card: Some(card("8c")),
                burn: None,
            },
            firmware::Ruling::Premature {
                card: Some(card("8c")),
                burn: Some(card("3c")),
            },
            firmware::Ruling::Exposed {
                seat: sn(4),
                card: Some(card("Qs")),
            },
            firmware::Ruling::Boxed { card: card("Kh") },
            firmware::Ruling::Manual { card: card("2c") },
            firmware::Ruling::DeadHand { seat: sn(5) },
            firmware::Ruling::AwardOverride { seat: sn(6) },
        ]
        .map(|ruling| Event::Ruled { ruling, floor: 17 }),
    )
    .collect()
}

#[test]
fn every_event_round_trips_through_the_machine_form() {
    for e in every_event() {
        let rec = EventRecord::from(&e);
        assert_eq!(rec.text, e.to_string());
        let json = serde_json::to_string(&rec).unwrap();
        let back: EventRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back.event, Some(e), "{json}");
    }
    let json = serde_json::to_string(&Event::Bet {
        seat: sn(3),
        to: ch(40),
        all_in: false,
    })
    .unwrap();
    assert_eq!(json, r#"{"type":"bet","seat":3,"to":40,"all_in":false}"#);
}

#[test]
fn the_configuration_round_trips() {
    let mut c = TableConfig::new(Game::FiveCardDraw, Structure::FixedLimit, ch(0), ch(0));
    c.stakes.ante = ch(1);
    c.stakes.ante_mode = AnteMode::BigBlind;
    c.stakes.small_bet = ch(2);
    c.stakes.big_bet = ch(4);
    c.max_players = 6;
    c.short_deck = true;
    c.button_rule = ButtonRule::MovingButton;
    c.straddle_allowed = false;
    c.straddle_min_raise = StraddleMinRaise::Straddle;
    c.pl_sb_virtual = false;
    c.fl_cap = FlCap::PerPlayer { raises: 3 };
    c.fl_short_all_in = FlShortAllIn::AllInPlusBet;
    c.fl_uncapped_heads_up = true;
    c.missed_blind_reset_orbits = 5;
    c.redeal_ante = true;
    c.amounts = AmountPolicy::Reject;
    c.automations.burns = true;
    let mut m = TableConfig::new(Game::Holdem, Structure::NoLimit, ch(5), ch(10));
    m.mixed = Some(Mixed {
        structure: Structure::FixedLimit,
        stakes: Stakes::blinds(ch(10), ch(20)),
        switch: MixSwitch::Hands(8),
    });
    // Version 2 carries every setting; version 1 (written before the settings
    // codec) still reads, with the settings it had.
    let mut all = c;
    all.unconfirmed_straddle = firmware::rules::UnconfirmedStraddle::NoTurn;
    all.short_blind = firmware::rules::ShortBlind::MustCover;
    all.money.rake = firmware::rules::Rake::basis_points(250).with_cap(ch(30));
    all.money.chip_unit = ch(5);
    all.money.odd_chip = firmware::rules::OddChip::LowestIndex;
    all.money.low_ignores_straights_flushes = true;
    for config in [cfg(), c, m, all] {
        let record = Record::Config { config };
        let (kind, payload, _) = encode(&record, "t9").unwrap();
        match parse_payload(kind.as_bytes(), payload.as_bytes()).unwrap() {
            Parsed::Config {
                table_id,
                config: back,
            } => {
                assert_eq!((table_id.as_str(), back), ("t9", config), "{payload}");
            }
            other => panic!("{other:?}"),
        }
        let v1 = serde_json::json!({
            "v": 1, "table_id": "t9", "config": ConfigData::from(&config)
        });
        let Parsed::Config { config: old, .. } =
            parse_payload(b"config", v1.to_string().as_bytes()).unwrap()
        else {
            panic!("a config record");
        };
        let mut expected = config;
        // What version 1 did not record comes back at its default.
        let defaults = TableConfig::new(config.game, config.structure, ch(1), ch(2));
        expected.short_blind = defaults.short_blind;
        expected.money = defaults.money;
        // Version 1 logs were written when every hand was tabled at the settlement,
        // when openers were checked before the draw only, and when an unconfirmed
        // straddler could not raise in the whole first round (R-STRAD-4).
        expected.unconfirmed_straddle = firmware::rules::UnconfirmedStraddle::NoRaiseFirstRound;
        expected.showdown = firmware::rules::ShowdownRule::Tabled;
        expected.openers_after_draw = false;
        assert_eq!(old, expected);
    }
    // A settings record written before a setting existed reads as it was played.
    let (_, payload, _) = encode(&Record::Config { config: cfg() }, "t9").unwrap();
    let older = payload
        .replace("\"openers_after_draw\":\"true\",", "")
        .replace("\"showdown\":\"in_turn\",", "");
    assert_ne!(older, payload, "{payload}");
    let Parsed::Config { config: read, .. } = parse_payload(b"config", older.as_bytes()).unwrap()
    else {
        panic!("a config record");
    };
    assert!(!read.openers_after_draw);
    assert_eq!(read.showdown, firmware::rules::ShowdownRule::Tabled);
    // R-STRAD-4: a log written when the default was the earlier `no_raise` reading
    // says so, and plays on under it.
    let earlier = payload.replace(
        "\"unconfirmed_straddle\":\"unraised\"",
        "\"unconfirmed_straddle\":\"no_raise\"",
    );
    assert_ne!(earlier, payload, "{payload}");
    let Parsed::Config { config: read, .. } = parse_payload(b"config", earlier.as_bytes()).unwrap()
    else {
        panic!("a config record");
    };
    assert_eq!(
        read.unconfirmed_straddle,
        firmware::rules::UnconfirmedStraddle::NoRaiseFirstRound
    );
    // A setting this program does not know is refused, not dropped.
    let mut v = serde_json::to_value(ConfigData::from(&cfg())).unwrap();
    v["bomb_pots"] = serde_json::Value::Bool(true);
    assert!(serde_json::from_value::<ConfigData>(v).is_err());
    let (_, payload, _) = encode(&Record::Config { config: cfg() }, "t9").unwrap();
    let bomb = payload.replace("\"settings\":{", "\"settings\":{\"bomb_pots\":\"true\",");
    let err = parse_payload(b"config", bomb.as_bytes()).unwrap_err();
    assert!(matches!(err, PayloadError::Settings(_)), "{err:?}");
    assert!(
        err.to_string().contains("unknown setting `bomb_pots`"),
        "{err}"
    );
}

#[test]
fn a_payload_that_does_not_read_says_why() {
    let err = parse_payload(b"bomb", b"{}").unwrap_err();
    assert!(matches!(&err, PayloadError::UnknownKind(k) if k == "bomb"));
    assert_eq!(err.to_string(), "unknown record kind `bomb`");
    let err = parse_payload(b"config", br#"{"v":99,"table_id":"t"}"#).unwrap_err();
    assert!(matches!(err, PayloadError::Version(99)), "{err:?}");
    let err = parse_payload(b"config", b"not json").unwrap_err();
    assert!(
        err.to_string().starts_with("payload does not read: "),
        "{err}"
    );
    let err = parse_payload(&[0xff], b"{}").unwrap_err();
    assert_eq!(err.to_string(), "the kind is not text");
}

/// Every event as the hand log has always written it (the form of the records signed
/// before the log kept the engine's `Event` itself): a change here breaks every
/// table's log.
const LOGGED: &[&str] = &[
    r#"{"type":"seated","seat":1,"stack":500}"#,
    r#"{"type":"topped_up","seat":1,"amount":50,"stack":550}"#,
    r#"{"type":"left","seat":2,"stack":0}"#,
    r#"{"type":"sat_out","seat":3}"#,
    r#"{"type":"sat_in","seat":3}"#,
    r#"{"type":"button_placed","seat":4}"#,
    r#"{"type":"hand_started","number":7,"button":1,"small_blind":null,"big_blind":3,"dealt":[1,2,3,5,7]}"#,
    r#"{"type":"posted","seat":2,"post":"dead_small_blind","amount":5,"all_in":true}"#,
    r#"{"type":"missed_blind","seat":5,"big":true}"#,
    r#"{"type":"straddle_confirmed","seat":4}"#,
    r#"{"type":"hole_card","seat":1,"card":"Ah"}"#,
    r#"{"type":"hole_card","seat":2,"card":null}"#,
    r#"{"type":"burned","card":null}"#,
    r#"{"type":"board_card","street":"river","card":"2c"}"#,
    r#"{"type":"betting_opened","street":"draw","first":6}"#,
    r#"{"type":"folded","seat":1}"#,
    r#"{"type":"checked","seat":1}"#,
    r#"{"type":"called","seat":1,"amount":20,"all_in":false}"#,
    r#"{"type":"bet","seat":1,"to":40,"all_in":true}"#,
    r#"{"type":"raised","seat":1,"to":80,"all_in":false}"#,
    r#"{"type":"warning","warning":{"type":"over_pot","seat":1,"asked":500,"max":35}}"#,
    r#"{"type":"warning","warning":{"type":"under_minimum","seat":1,"asked":15,"to":20}}"#,
    r#"{"type":"warning","warning":{"type":"fixed_size","seat":1,"asked":15,"to":10}}"#,
    r#"{"type":"warning","warning":{"type":"straddle_unconfirmed","seat":4}}"#,
    r#"{"type":"warning","warning":{"type":"folded_with_check","seat":2}}"#,
    r#"{"type":"warning","warning":{"type":"openers_unchecked","seat":2}}"#,
    r#"{"type":"returned","seat":1,"amount":45}"#,
    r#"{"type":"round_complete","street":"flop"}"#,
    r#"{"type":"discarded","seat":1,"card":"9d"}"#,
    r#"{"type":"stood_pat","seat":2}"#,
    r#"{"type":"draw_asked","seat":2,"count":3}"#,
    r#"{"type":"redeal","button":3}"#,
    r#"{"type":"hand_over","pot":300,"contested":true}"#,
    r#"{"type":"mucked","seat":2}"#,
    r#"{"type":"awarded","seat":1,"amount":300}"#,
    r#"{"type":"raked","amount":3}"#,
    r#"{"type":"hand_complete","number":7}"#,
    r#"{"type":"misdealt","number":7}"#,
    r#"{"type":"undone"}"#,
    r#"{"type":"showdown_opened","first":3}"#,
    r#"{"type":"shown","seat":3}"#,
    r#"{"type":"rejoined","seat":2,"amount":12}"#,
    r#"{"type":"moved_out","seat":2,"stack":4200}"#,
    r#"{"type":"moved_in","seat":7,"stack":15300}"#,
    r#"{"type":"busted_out","seat":5,"started_with":2500}"#,
    r#"{"type":"colored_up","seat":3,"before":1275,"after":1300}"#,
    r#"{"type":"level_changed","from":4,"to":5,"small_blind":300,"big_blind":600,"ante":600}"#,
    r#"{"type":"ruled","ruling":"void_hand","floor":17}"#,
    r#"{"type":"ruled","ruling":"straddle_announced","floor":17}"#,
    r#"{"type":"ruled","ruling":"premature","floor":17}"#,
    r#"{"type":"ruled","ruling":"premature","floor":17,"card":"8c"}"#,
    r#"{"type":"ruled","ruling":"premature","floor":17,"card":"8c","burn":"3c"}"#,
    r#"{"type":"ruled","ruling":"exposed","floor":17,"card":"Qs","seat":4}"#,
    r#"{"type":"ruled","ruling":"boxed","floor":17,"card":"Kh"}"#,
    r#"{"type":"ruled","ruling":"manual","floor":17,"card":"2c"}"#,
    r#"{"type":"ruled","ruling":"dead_hand","floor":17,"seat":5}"#,
    r#"{"type":"ruled","ruling":"award_override","floor":17,"seat":6}"#,
];

#[test]
fn every_event_is_written_as_the_log_has_always_written_it() {
    let events = every_event();
    assert_eq!(events.len(), LOGGED.len());
    for (e, logged) in events.iter().zip(LOGGED) {
        assert_eq!(serde_json::to_string(e).unwrap(), *logged);
        assert_eq!(serde_json::from_str::<Event>(logged).unwrap(), *e);
    }
}

#[test]
fn a_logged_event_the_engine_does_not_know_does_not_read() {
    for bad in [
        r#"{"text":"x","event":null}"#,
        r#"{"text":"x","event":{"type":"hole_card","seat":1,"card":"Zz"}}"#,
        r#"{"text":"x","event":{"type":"discarded","seat":1}}"#,
        r#"{"text":"x","event":{"type":"ruled","ruling":"exposed","floor":2,"card":"As"}}"#,
        r#"{"text":"x","event":{"type":"ruled","ruling":"boxed","floor":2}}"#,
        r#"{"text":"x","event":{"type":"hand_started","number":1,"button":1,"small_blind":null,"big_blind":2,"dealt":[1,99]}}"#,
        r#"{"text":"x","event":{"type":"teleported","seat":1}}"#,
    ] {
        assert!(serde_json::from_str::<EventRecord>(bad).is_err(), "{bad}");
    }
}
