//! The runtime loop end to end on the bench: the simulated panel through the
//! firmware's debouncer and console, the simulated shoe through a pseudo-terminal and
//! the serial link (with faults), the hand log on disk.

use super::*;
use crate::records::handlog::HandLog;
use crate::session::table::TableSession;
use crate::{ch, sn};
use firmware::buttons::{ButtonConfig, Key};
use firmware::deck::DeckKind;
use firmware::shoe::CardRead;
use firmware::time::{Duration, Instant};
use firmware::{Card, Event, Game, Table};
use hardware::link::{open_serial, Antenna, LinkSettings, Received};
use hardware::sim::{FaultRates, Faulty, PtyShoe, SimConfig, SimHandle, SimPanel, SimShoe};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// One step of the dealer's script.
#[derive(Clone, Copy, Debug)]
enum Step {
    Tap(Key),
    Hold(Key),
    /// Digits on the keypad (no ENTER).
    Digits(u64),
    /// A card through the shoe's exit, or its burn slot.
    Card(&'static str, Antenna),
    /// A tag that is not in the table's deck.
    Foreign,
    /// A card the table refuses (none is due): taken away after a second.
    Refused(&'static str, Antenna),
    /// A key jammed down for this long, then freed.
    Jam(Key, Duration),
}

use Step::*;

fn cards(list: &[&'static str]) -> Vec<Step> {
    list.iter().map(|c| Card(c, Antenna::Exit)).collect()
}

/// The dealer: presses keys on the simulated panel and holds cards to the shoe, one
/// step at a time, each once the table has taken the last (a card stays at the
/// antenna until the engine has it, as a real card rests in the shoe's exit).
struct Dealer {
    panel: SimPanel,
    shoe: SimHandle,
    steps: VecDeque<Step>,
    table: Rc<RefCell<Option<Table>>>,
    at_antenna: Option<(Card, usize)>,
    foreign_until: Option<Instant>,
    stop: Arc<AtomicBool>,
    leds: Vec<Option<SeatNo>>,
}

impl Dealer {
    fn seen(&self) -> usize {
        self.table
            .borrow()
            .as_ref()
            // Burns too: an exposed card comes back as the burn (PD-EXPOSED), a card
            // already seen; and the draw's discards (R-DRAW-5).
            .and_then(|t| {
                t.hand().map(|h| {
                    h.seen.len() as usize + usize::from(h.burns) + h.discarded.len() as usize
                })
            })
            .unwrap_or(0)
    }
}

impl Panel for Dealer {
    fn scan(&mut self, now: Instant) -> Result<Vec<KeyEvent>, PanelError> {
        if let Some((_, seen_before)) = self.at_antenna {
            if self.seen() > seen_before {
                self.shoe.remove();
                self.at_antenna = None;
            }
        }
        if self.foreign_until.is_some_and(|t| now >= t) {
            self.shoe.remove();
            self.foreign_until = None;
        }
        let idle =
            now >= self.panel.end() && self.at_antenna.is_none() && self.foreign_until.is_none();
        if idle {
            match self.steps.pop_front() {
                Some(Tap(k)) => {
                    self.panel.tap(k);
                }
                Some(Hold(k)) => {
                    self.panel.hold(k);
                }
                Some(Jam(k, held)) => {
                    self.panel.jam(k, held);
                }
                Some(Digits(n)) => {
                    for c in n.to_string().bytes() {
                        self.panel.tap(Key::digit(c - b'0').expect("a digit"));
                    }
                }
                Some(Card(name, antenna)) => {
                    let card: firmware::Card = name.parse().expect("a card");
                    let uid = DeckMap::simulated_uid(1, card);
                    self.at_antenna = Some((card, self.seen()));
                    self.shoe.present(uid, antenna);
                }
                Some(Foreign) => {
                    let uid = DeckMap::simulated_uid(99, "As".parse().expect("a card"));
                    self.shoe.present(uid, Antenna::Exit);
                    self.foreign_until = Some(now + Duration::from_secs(1));
                }
                Some(Refused(name, antenna)) => {
                    let uid = DeckMap::simulated_uid(1, name.parse().expect("a card"));
                    self.shoe.present(uid, antenna);
                    self.foreign_until = Some(now + Duration::from_secs(1));
                }
                None => self.stop.store(true, Ordering::Relaxed),
            }
        }
        Ok(self.panel.run_until(now))
    }

    fn show_turn(&mut self, seat: Option<SeatNo>) -> Result<(), PanelError> {
        self.leds.push(seat);
        Ok(())
    }

    fn stuck(&self) -> Option<Key> {
        self.panel.stuck()
    }
}

/// Keeps what the session says of a stuck key.
struct StuckWatch(Rc<RefCell<Vec<Option<Key>>>>);

impl crate::session::table::Observer for StuckWatch {
    fn observe(&mut self, _table: &Table, _outcome: &Outcome) {}

    fn stuck(&mut self, _table: &Table, key: Option<Key>) {
        self.0.borrow_mut().push(key);
    }
}

struct Played {
    table: Table,
    outcomes: Vec<Outcome>,
    leds: Vec<Option<SeatNo>>,
    /// What the observers were told of a stuck key, in order.
    stuck: Vec<Option<Key>>,
    dir: tempfile::TempDir,
}

/// Plays `steps` at a no-limit Hold'em table through the runtime loop with the shoe
/// at `faults` percent.
fn play(steps: Vec<Step>, faults: (u32, u32, u32)) -> Played {
    let config = crate::session::simulated::table_config(
        Game::Holdem,
        firmware::Structure::NoLimit,
        (ch(5), ch(10)),
        ch(0),
    );
    play_at(config, steps, faults)
}

/// Plays `steps` at a table of `config` through the runtime loop with the shoe at
/// `faults` percent.
fn play_at(config: firmware::TableConfig, steps: Vec<Step>, faults: (u32, u32, u32)) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let (mut log, _) = HandLog::open(
        dir.path(),
        "table-1",
        &crate::records::handlog::TableKey::from_seed([3; 32]),
    )
    .unwrap();
    let table = Table::new(config).unwrap();

    let (shoe, handle) = SimShoe::new(SimConfig::default());
    let rates = FaultRates::percent(faults.0, faults.1, faults.2);
    let pty = PtyShoe::spawn(Faulty::new(shoe, rates, 7)).unwrap();
    let link = open_serial(pty.path(), LinkSettings::bench()).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = spawn_shoe(link, tx, stop.clone());

    let shared = Rc::new(RefCell::new(Some(table.clone())));
    let mut dealer = Dealer {
        panel: SimPanel::new(ButtonConfig::default()),
        shoe: handle,
        steps: steps.into(),
        table: shared.clone(),
        at_antenna: None,
        foreign_until: None,
        stop: stop.clone(),
        leds: Vec::new(),
    };
    let kind = if config.short_deck {
        DeckKind::Short32
    } else {
        DeckKind::Standard52
    };
    let map = DeckMap::simulated(kind, 1);
    let session = TableSession::create(config, Some(&mut log))
        .unwrap()
        .with_floor_staff(crate::session::staff::test_staff(&[(9, "0001")]));
    let mut rt = on_devices(session, map);
    let mut t = Instant::ZERO;
    let mut clock = || {
        t += Duration::from_millis(20);
        t
    };
    let seen = Rc::new(RefCell::new(Vec::new()));
    let (watch, saw) = (shared.clone(), seen.clone());
    rt.observe(Box::new(move |table: &Table, o: &Outcome| {
        *watch.borrow_mut() = Some(table.clone());
        if std::env::var_os("RUNTIME_TRACE").is_some() {
            eprintln!("{o}");
        }
        saw.borrow_mut().push(o.clone());
    }));
    let stuck = Rc::new(RefCell::new(Vec::new()));
    rt.observe(Box::new(StuckWatch(stuck.clone())));
    run(&mut rt, &mut dealer, &rx, &stop, &mut clock)
        .unwrap_or_else(|e| panic!("the runtime stopped: {e}"));
    let outcomes = seen.borrow().clone();
    let table = rt.table().clone();
    stop.store(true, Ordering::Relaxed);
    drop(rx);
    thread.join().unwrap();
    Played {
        table,
        outcomes,
        leds: dealer.leds,
        stuck: stuck.take(),
        dir,
    }
}

/// Three players seated from the keypad with 1,000 each, and NEXT HAND held: the
/// first hand's cards are due (button 1, dealt from seat 2).
fn first_hand() -> Vec<Step> {
    let mut s = Vec::new();
    for seat in SeatNo::up_to(3) {
        s.extend([Digits(1000), Tap(Key::Seat(seat))]);
    }
    s.push(Hold(Key::NextHand));
    s
}

/// A five-card draw table, fixed limit 10/20 with an ante of 1.
fn draw_config() -> firmware::TableConfig {
    crate::session::simulated::table_config(
        Game::FiveCardDraw,
        firmware::Structure::FixedLimit,
        (ch(5), ch(10)),
        ch(1),
    )
}

/// Three players seated from the keypad, a hand checked down to a showdown paid on
/// ENTER, then a hand folded to the big blind (paid at once).
fn two_hands() -> Vec<Step> {
    let mut s = Vec::new();
    for seat in SeatNo::up_to(3) {
        s.extend([Digits(1000), Tap(Key::Seat(seat))]);
    }
    // A betting key between hands is refused and changes nothing.
    s.push(Tap(Key::Fold));
    s.push(Hold(Key::NextHand));
    // Button 1, small blind 2, big blind 3: the deal starts at seat 2 (R-DEAL-1).
    s.extend(cards(&["7c", "8h", "As", "2d", "3s", "Ad"]));
    s.extend([Tap(Key::CheckCall); 3]);
    for (burn, street) in [
        ("4c", &["Kd", "9s", "5h"][..]),
        ("6c", &["Jc"]),
        ("Tc", &["Qs"]),
    ] {
        s.push(Card(burn, Antenna::Burn));
        s.extend(cards(street));
        s.extend([Tap(Key::CheckCall); 3]);
    }
    // The showdown (R-SHOW-2): seat 2 shows, seat 3 mucks (held), seat 1 shows.
    s.extend([
        Tap(Key::Seat(sn(2))),
        Hold(Key::Seat(sn(3))),
        Tap(Key::Seat(sn(1))),
    ]);
    s.push(Tap(Key::Enter));
    s.push(Hold(Key::NextHand));
    // Button 2, small blind 3, big blind 1; seat 2 acts first three-handed.
    s.extend(cards(&["7c", "8h", "As", "2d", "3s", "Ad"]));
    s.extend([Tap(Key::Fold), Tap(Key::Fold)]);
    s
}

#[test]
fn a_dealer_plays_two_hands_from_the_panel_and_the_shoe() {
    let p = play(two_hands(), (0, 0, 0));
    let t = &p.table;
    assert!(!t.in_hand(), "both hands over");
    assert_eq!(t.state().hands, 2);
    // Aces win the checked-down pot of 30; then the big blind takes the small blind.
    let stacks: Vec<_> = SeatNo::up_to(3).map(|s| t.seat(s).unwrap().stack).collect();
    assert_eq!(stacks, [1025, 990, 985].map(ch));
    let refused: Vec<String> = p
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Refused(m) => Some(m.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].contains("no hand is being played"),
        "{}",
        refused[0]
    );
    // The LEDs followed the turn, and are off between hands.
    assert!(p.leds.contains(&Some(sn(1))) && p.leds.contains(&Some(sn(2))));
    assert_eq!(p.leds.last(), Some(&None));

    // The log holds the presses and frames beside the inputs, and rebuilds the table.
    let (log, recovered) = HandLog::open(
        p.dir.path(),
        "table-1",
        &crate::records::handlog::TableKey::from_seed([3; 32]),
    )
    .unwrap();
    let rebuilt = crate::records::handlog::rebuild_table(&recovered).unwrap();
    assert_eq!(rebuilt.state(), t.state());
    let audit = crate::records::handlog::AuditLog::open(log.path().parent().unwrap()).unwrap();
    let hands = audit.list_hands(&Default::default()).unwrap();
    assert_eq!(hands.len(), 2);
}

/// Floor mode: CLEAR held, the floor's number and PIN (floor 9, PIN 0001: 90001),
/// then the ruling's key.
fn floor(code: u64, key: Step) -> [Step; 3] {
    [Hold(Key::Clear), Digits(code), key]
}

/// The floor's rulings on cards from the panel, over the pty shoe: a wrong PIN is
/// refused; seat 1's card exposed (PD-EXPOSED), a boxed card, and a card whose tag
/// does not read entered by hand (PD-RFID). The PIN never reaches the log.
#[test]
fn the_floor_rules_cards_from_the_panel_with_his_pin() {
    let mut s = first_hand();
    // The deal goes seat 2, 3, 1; seat 1's As is exposed.
    s.extend(cards(&["7c", "8h", "As"]));
    s.extend(floor(91234, Tap(Key::Seat(sn(1)))));
    s.extend(floor(90001, Tap(Key::Seat(sn(1)))));
    s.extend(cards(&["2d", "3s", "Kd"]));
    // Kd was face up in the stub: boxed. Seat 1's next card does not read: the
    // dealer keys it (142: A♦) and the floor enters it.
    s.extend(floor(90001, Tap(Key::Fold)));
    s.push(Digits(142));
    s.extend(floor(90001, Tap(Key::Enter)));
    // Seat 1's card owed for the exposed one; then the exposed As is the flop's burn.
    s.extend(cards(&["Qc"]));
    s.extend([Tap(Key::CheckCall); 3]);
    s.push(Card("As", Antenna::Burn));
    s.extend(cards(&["Td", "9s", "5h"]));
    let p = play(s, (0, 0, 0));
    let refused = p.outcomes.iter().any(|o| {
        matches!(o, Outcome::Refused(m) if m.to_string() == "floor 9: number or PIN not recognised (2 tries left)")
    });
    assert!(refused, "{:?}", p.outcomes);
    let h = p.table.hand().unwrap();
    let held = |seat: u8| h.player(sn(seat)).hole[..2].to_vec();
    let c = |s: &str| Some(s.parse::<firmware::Card>().unwrap());
    assert_eq!(held(1), [c("Ad"), c("Qc")]);
    assert_eq!(held(2), [c("7c"), c("2d")]);
    assert_eq!(held(3), [c("8h"), c("3s")]);
    assert_eq!(h.board.len(), 3);
    assert_eq!(h.phase, firmware::Phase::Betting);
    let audit = crate::records::handlog::AuditLog::open(p.dir.path()).unwrap();
    let records = audit.records().unwrap();
    let lines: Vec<String> = records.iter().map(|(_, r)| r.to_string()).collect();
    let text = lines.join("\n");
    for ruling in [
        "ruling exposed 9 1",
        "ruling boxed 9 Kd",
        "ruling manual 9 Ad",
        "floor 9: number or PIN not recognised",
    ] {
        assert!(text.contains(ruling), "{ruling} in\n{text}");
    }
    // Floor mode's digits are logged masked: never the PIN's digits.
    // (The seats' buy-ins and the card's code, 142, are keyed out of floor mode.)
    let masked = lines.iter().filter(|l| l.contains("key * ")).count();
    assert_eq!(masked, 4 * 5, "{text}");
    assert!(
        !text.contains("key 9 ") && !text.contains("key 3 "),
        "{text}"
    );
}

/// The floor's other rulings from the panel over the pty shoe: an unconfirmed
/// straddle ruled announced ([003] 3д), then the hand voided after action, every
/// bet back and the hand dealt again (PD-RFID).
#[test]
fn the_floor_rules_a_straddle_announced_and_a_void_hand_from_the_panel() {
    let mut s = Vec::new();
    for seat in SeatNo::up_to(4) {
        s.extend([Digits(1000), Tap(Key::Seat(seat))]);
    }
    s.push(Hold(Key::NextHand));
    // Seat 4, left of the big blind, announces; the first card leaves it unconfirmed.
    s.push(Tap(Key::Straddle));
    s.extend(cards(&["7c", "8h", "As", "2d", "3s", "Ad", "Kc", "Qh"]));
    s.extend(floor(90001, Tap(Key::Straddle)));
    s.extend([Digits(100), Tap(Key::BetRaise)]);
    s.extend(floor(90001, Hold(Key::Misdeal)));
    let p = play(s, (0, 0, 0));
    let ruled = |ruling| {
        p.outcomes.iter().any(|o| {
            matches!(o, Outcome::Accepted(events) if events.contains(&Event::Ruled {
                ruling,
                floor: 9,
            }))
        })
    };
    assert!(
        ruled(firmware::Ruling::StraddleAnnounced),
        "{:?}",
        p.outcomes
    );
    assert!(ruled(firmware::Ruling::VoidHand), "{:?}", p.outcomes);
    let h = p.table.hand().unwrap();
    assert_eq!(h.phase, firmware::Phase::Dealing, "dealt again");
    assert_eq!(h.straddle, Some((sn(4), true)), "the ruled straddle stays");
    assert_eq!(
        h.pot(),
        ch(5 + 10 + 20),
        "the raise went back; the posts stay"
    );
    let audit = crate::records::handlog::AuditLog::open(p.dir.path()).unwrap();
    let hands = audit.list_hands(&Default::default()).unwrap();
    assert_eq!(hands[0].flags.rulings, 2, "{:?}", hands[0]);
}

/// PD-PREMATURE from the panel: the shoe reads the turn while the flop betting is
/// open (refused); the floor, in floor mode with his number and PIN, holds UNDO: that
/// card is set aside until the river, which then comes without a burn.
#[test]
fn the_floor_rules_a_premature_turn_from_the_panel() {
    let mut s = first_hand();
    s.extend(cards(&["7c", "8h", "As", "2d", "3s", "Ad"]));
    s.extend([Tap(Key::CheckCall); 3]);
    s.push(Card("4c", Antenna::Burn));
    s.extend(cards(&["Kd", "9s", "5h"]));
    s.push(Tap(Key::CheckCall));
    s.push(Refused("6c", Antenna::Burn));
    s.push(Refused("Jc", Antenna::Exit));
    s.extend(floor(90001, Hold(Key::Undo)));
    s.extend([Tap(Key::CheckCall); 2]);
    // The premature burn stays burnt: read again, it is a duplicate (PD-RFID); the
    // turn is burnt with the next card.
    s.push(Refused("6c", Antenna::Burn));
    s.push(Card("8d", Antenna::Burn));
    s.extend(cards(&["Qs"]));
    let p = play(s, (0, 0, 0));
    let ruled = p.outcomes.iter().any(|o| {
        matches!(o, Outcome::Accepted(events) if events.contains(&Event::Ruled {
            ruling: firmware::Ruling::Premature {
                card: Some("Jc".parse().unwrap()),
                burn: Some("6c".parse().unwrap()),
            },
            floor: 9,
        }))
    });
    assert!(ruled, "{:?}", p.outcomes);
    let duplicate = p.outcomes.iter().any(|o| {
        matches!(
            o,
            Outcome::CardRefused(Refusal::Rule(firmware::RuleError::DuplicateCard(c)))
                if *c == "6c".parse().unwrap()
        )
    });
    assert!(duplicate, "{:?}", p.outcomes);
    let h = p.table.hand().unwrap();
    assert_eq!(h.board.len(), 4, "the turn dealt after the burn");
    assert_eq!(h.set_aside, Some("Jc".parse().unwrap()));
    assert_eq!(
        h.phase,
        firmware::Phase::Betting,
        "the turn's betting is open"
    );
}

#[test]
fn a_faulty_shoe_loses_no_card_and_invents_none() {
    let p = play(two_hands(), (10, 10, 10));
    let t = &p.table;
    assert_eq!(t.state().hands, 2);
    let stacks: Vec<_> = SeatNo::up_to(3).map(|s| t.seat(s).unwrap().stack).collect();
    assert_eq!(
        stacks,
        [1025, 990, 985].map(ch),
        "the same hands as a clean shoe"
    );
    let faults = p
        .outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::ShoeFault(_)))
        .count();
    assert!(faults > 0, "faults were injected and reported");
}

#[test]
fn a_foreign_tag_is_refused_and_never_a_card() {
    let mut steps = Vec::new();
    for seat in SeatNo::up_to(2) {
        steps.extend([Digits(500), Tap(Key::Seat(seat))]);
    }
    steps.push(Hold(Key::NextHand));
    steps.push(Foreign);
    steps.extend(cards(&["As"]));
    let p = play(steps, (0, 0, 0));
    let h = p.table.hand().unwrap();
    assert_eq!(h.seen.len(), 1, "only the deck's card was dealt");
    assert!(p.outcomes.iter().any(
        |o| matches!(o, Outcome::CardRefused(m) if m.to_string().contains("not in this table's deck") || m.to_string().contains("deck"))
    ));
}

/// Plays `steps` straight into the runtime: no loop, no threads, no serial line.
fn direct(steps: Vec<Step>) -> (Table, Vec<Outcome>) {
    let dir = tempfile::tempdir().unwrap();
    let (mut log, _) = HandLog::open(
        dir.path(),
        "table-1",
        &crate::records::handlog::TableKey::from_seed([3; 32]),
    )
    .unwrap();
    let config = crate::session::simulated::table_config(
        Game::Holdem,
        firmware::Structure::NoLimit,
        (ch(5), ch(10)),
        ch(0),
    );
    let map = DeckMap::simulated(DeckKind::Standard52, 1);
    let mut rt = on_devices(TableSession::create(config, Some(&mut log)).unwrap(), map);
    let press = |key, kind| KeyEvent {
        key,
        kind,
        at: Instant::ZERO,
    };
    let mut outcomes = Vec::new();
    for step in steps {
        let mut got = match step {
            Tap(k) => vec![rt
                .key(press(k, firmware::buttons::PressKind::Short))
                .unwrap()],
            Hold(k) => vec![rt
                .key(press(k, firmware::buttons::PressKind::Long))
                .unwrap()],
            Digits(n) => n
                .to_string()
                .bytes()
                .map(|c| {
                    rt.key(press(
                        Key::digit(c - b'0').unwrap(),
                        firmware::buttons::PressKind::Short,
                    ))
                    .unwrap()
                })
                .collect(),
            Card(name, antenna) | Refused(name, antenna) => {
                let mut read = CardRead::new(DeckMap::simulated_uid(1, name.parse().unwrap()));
                read.target = antenna.target();
                vec![rt.shoe(ShoeEvent::Read(Received::encoded(read))).unwrap()]
            }
            Jam(k, _) => {
                rt.stuck(Some(k));
                rt.stuck(None);
                Vec::new()
            }
            Foreign => {
                let read = CardRead::new(DeckMap::simulated_uid(99, "As".parse().unwrap()));
                vec![rt.shoe(ShoeEvent::Read(Received::encoded(read))).unwrap()]
            }
        };
        if std::env::var_os("RUNTIME_TRACE").is_some() {
            for o in &got {
                eprintln!("{o}");
            }
        }
        outcomes.append(&mut got);
    }
    (rt.table().clone(), outcomes)
}

/// A key jammed down is reported stuck once, while held far past any press
/// (`STUCK_KEY`), and the report ends once it is freed; a long press is not stuck.
#[test]
fn a_jammed_key_is_reported_stuck_until_it_is_freed() {
    let held = firmware::buttons::STUCK_KEY + Duration::from_secs(1);
    let played = play(vec![Hold(Key::Undo), Jam(Key::Undo, held)], (0, 0, 0));
    assert_eq!(played.stuck, [Some(Key::Undo), None]);
}

#[test]
fn the_runtime_takes_presses_and_reads_in_order() {
    let (t, outcomes) = direct(two_hands());
    assert_eq!(t.state().hands, 2, "{outcomes:?}");
    let stacks: Vec<_> = SeatNo::up_to(3).map(|s| t.seat(s).unwrap().stack).collect();
    assert_eq!(stacks, [1025, 990, 985].map(ch));
}

/// R-DRAW-5 from the panel over the pty shoe: the dealer keys the number of cards
/// each player draws, then CHECK/CALL; the discards pass the burn slot and the
/// replacements the exit, held to the count. A replacement before the discards and
/// a count of five are refused with the rule; nothing keyed stands pat.
#[test]
fn r_draw_5_the_dealer_keys_each_draw_and_the_shoe_holds_him_to_it() {
    let config = draw_config();
    let mut s = first_hand();
    // Button 1: dealt seat 2, 3, 1. Seat 2: As Ah Kc 7d 2c; seat 3: Ks Kd Kh Qc Qd;
    // seat 1: 9c Tc Jc Qh 3s.
    s.extend(cards(&[
        "As", "Ks", "9c", "Ah", "Kd", "Tc", "Kc", "Kh", "Jc", "7d", "Qc", "Qh", "2c", "Qd", "3s",
    ]));
    // Seat 2 opens for the small bet; both call.
    s.extend([Tap(Key::BetRaise), Tap(Key::CheckCall), Tap(Key::CheckCall)]);
    // Seat 2 draws 2: a replacement before his second discard is refused.
    s.extend([Digits(2), Tap(Key::CheckCall), Card("7d", Antenna::Burn)]);
    s.push(Refused("Ad", Antenna::Exit));
    s.extend([Card("2c", Antenna::Burn), Card("Ad", Antenna::Exit)]);
    s.push(Card("Qs", Antenna::Exit));
    // Seat 3: five is refused; nothing keyed, he stands pat.
    s.extend([Digits(5), Tap(Key::CheckCall), Tap(Key::CheckCall)]);
    // Seat 1 draws 1.
    s.extend([Digits(1), Tap(Key::CheckCall), Card("3s", Antenna::Burn)]);
    s.push(Card("8c", Antenna::Exit));
    // Seat 2 bets the big bet (checked through, R-DRAW-6 would redeal), seat 3
    // calls, seat 1 folds.
    s.extend([Tap(Key::BetRaise), Tap(Key::CheckCall), Tap(Key::Fold)]);
    // R-SHOW-1: the bettor shows first, then seat 3 his full house.
    s.extend([
        Tap(Key::Seat(sn(2))),
        Tap(Key::Seat(sn(3))),
        Tap(Key::Enter),
    ]);
    let p = play_at(config, s, (0, 0, 0));
    let t = &p.table;
    assert_eq!(t.state().hands, 1);
    assert!(!t.in_hand(), "the hand is paid: {:?}", p.outcomes);
    let stacks: Vec<_> = SeatNo::up_to(3).map(|s| t.seat(s).unwrap().stack).collect();
    assert_eq!(stacks, [989, 969, 1042].map(ch), "kings full win 73");
    let h = t.hand().unwrap();
    let hole = |seat| h.player(sn(seat)).hole.map(|c| c.unwrap().to_string());
    assert_eq!(hole(2), ["As", "Ah", "Kc", "Ad", "Qs"]);
    assert_eq!(hole(1), ["9c", "Tc", "Jc", "Qh", "8c"]);
    let refused: Vec<String> = p
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Refused(m) | Outcome::CardRefused(m) => Some(m.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(
        refused[0].contains("seat 2 draws 2: 1 discarded"),
        "{}",
        refused[0]
    );
    assert!(refused[1].contains("1 to 4 cards, not 5"), "{}", refused[1]);

    // The log keeps each count keyed; the audit's timeline says who drew how many.
    let lines = timeline(&p, 1);
    let has = |text: &str| lines.iter().any(|l| l.contains(text));
    assert!(has("seat 2 draws 2") && has("seat 1 draws 1"), "{lines:#?}");
    assert!(has("seat 3 stands pat"), "{lines:#?}");
}

/// PD-DRAW over the pty shoe, on the 32-card deck: seat 2 opens with kings (the
/// shoe's reads show them), splits them in the draw for a flush, and cannot show
/// openers. Floor person 9 rules his hand dead from the panel (floor mode, then his
/// seat key) and seat 3's full house takes the pot the flush would have won (R-RANK-2:
/// in draw a flush beats a full house).
#[test]
fn pd_draw_the_floor_rules_the_openers_hand_dead_from_the_panel() {
    let mut config = draw_config();
    // 32 cards: at most six players (R-TABLE-1).
    config.short_deck = true;
    config.max_players = 6;
    let mut s = first_hand();
    // Seat 2: Ks Kd Ah Qh Jh; seat 3: As Ad 8c 8d 7s; seat 1: Qs Js Ts 9d 7d.
    s.extend(cards(&[
        "Ks", "As", "Qs", "Kd", "Ad", "Js", "Ah", "8c", "Ts", "Qh", "8d", "9d", "Jh", "7s", "7d",
    ]));
    // Seat 2 opens with his kings; seat 3 calls; seat 1 folds.
    s.extend([Tap(Key::BetRaise), Tap(Key::CheckCall), Tap(Key::Fold)]);
    // Seat 2 throws his openers for two hearts; seat 3 fills up.
    s.extend([Digits(2), Tap(Key::CheckCall)]);
    s.extend([Card("Ks", Antenna::Burn), Card("Kd", Antenna::Burn)]);
    s.extend(cards(&["Th", "9h"]));
    s.extend([Digits(1), Tap(Key::CheckCall), Card("7s", Antenna::Burn)]);
    s.extend(cards(&["Ac"]));
    s.extend([Tap(Key::BetRaise), Tap(Key::CheckCall)]);
    // The bettor shows his flush; he has no openers to show: dead.
    s.push(Tap(Key::Seat(sn(2))));
    s.extend(floor(90001, Tap(Key::Seat(sn(2)))));
    s.push(Tap(Key::Enter));
    let p = play_at(config, s, (3, 3, 3));
    let t = &p.table;
    assert!(!t.in_hand(), "the hand is paid: {:?}", p.outcomes);
    let stacks: Vec<_> = SeatNo::up_to(3).map(|s| t.seat(s).unwrap().stack).collect();
    assert_eq!(stacks, [999, 969, 1032].map(ch), "the full house takes 63");
    let ruled = p.outcomes.iter().any(|o| {
        matches!(o, Outcome::Accepted(events) if events.iter().any(|e| matches!(
            e,
            Event::Ruled {
                ruling: firmware::Ruling::DeadHand { seat },
                floor: 9
            } if *seat == sn(2)
        )))
    });
    assert!(ruled, "{:?}", p.outcomes);

    // The audit names the ruling; the PIN's digits never reach the log.
    let lines = timeline(&p, 1);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("floor 9 rules seat 2's hand dead")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains("90001")), "{lines:#?}");
}

/// Hand `number`'s timeline in the audit's words.
fn timeline(p: &Played, number: u32) -> Vec<String> {
    let audit = crate::records::handlog::AuditLog::open(p.dir.path()).unwrap();
    let entries = audit.timeline(number).unwrap();
    entries.iter().map(|e| e.to_string()).collect()
}
