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
        assert_eq!(back.event.to_event(), Ok(e), "{json}");
    }
    let json = serde_json::to_string(&EventData::from(&Event::Bet {
        seat: sn(3),
        to: ch(40),
        all_in: false,
    }))
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
