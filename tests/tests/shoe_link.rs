//! The shoe link end to end: the simulated PN532 behind a real pseudo-terminal (the
//! serialport code path of a real table) and behind the in-memory loopback (the same
//! link code on a virtual clock, for the 1,000-hand runs), with faults injected.
//!
//! What must hold, whatever the faults: every card is delivered exactly once, in the
//! order dealt, on the right antenna; no card is invented; and every injected fault
//! shows up in the link's fault reports, under the command it hit or the next two
//! (a duplicated last answer is only seen when the next command goes out).

use firmware::deck::{DeckKind, DeckMap};
use firmware::{Card, Read};
use hardware::link::{
    open_serial, to_read, Antenna, FaultReport, LinkFault, LinkSettings, ShoeLink, ShoePort,
};
use hardware::sim::{
    Direction, FaultKind, FaultRates, Faulty, Injected, InjectedLog, Loopback, Outgoing, PtyShoe,
    Reader, SimConfig, SimDealer, SimShoe, Traced,
};
use std::time::{Duration, Instant};

type Sim = Traced<Faulty<SimShoe>>;

fn sim(to_reader: FaultRates, from_reader: FaultRates, seed: u64) -> (Sim, SimDealer, InjectedLog) {
    let (shoe, handle) = SimShoe::new(SimConfig::default());
    let faulty = Faulty::both_ways(shoe, to_reader, from_reader, seed);
    let log = faulty.log();
    let dealer = SimDealer::new(handle, DeckKind::Standard52, 42, seed);
    (Traced::new(faulty), dealer, log)
}

/// Reads the card the dealer holds, as a dealer would: when the display says "re-read
/// the card" (the call gave up after its retries), he presents it again.
fn read_dealt<P: ShoePort>(link: &mut ShoeLink<P>, map: &DeckMap, rereads: &mut u32) -> Read {
    loop {
        match link.read_card(Duration::from_millis(500)) {
            Ok(got) => return to_read(map, &got.read).expect("a card of this deck"),
            Err(LinkFault::Unreliable { .. } | LinkFault::Silent { .. }) => *rereads += 1,
            Err(e) => panic!("the shoe link failed: {e}"),
        }
    }
}

/// One Hold'em hand at nine seats: 18 hole cards, then burn and flop, burn and turn,
/// burn and river. Returns the reads expected and the reads delivered.
fn play_hand<P: ShoePort>(
    link: &mut ShoeLink<P>,
    dealer: &mut SimDealer,
    map: &DeckMap,
    rereads: &mut u32,
) -> (Vec<Read>, Vec<Read>) {
    dealer.shuffle();
    let plan: Vec<Antenna> = std::iter::repeat_n(Antenna::Exit, 18)
        .chain([Antenna::Burn, Antenna::Exit, Antenna::Exit, Antenna::Exit])
        .chain([Antenna::Burn, Antenna::Exit, Antenna::Burn, Antenna::Exit])
        .collect();
    let mut expected = Vec::new();
    let mut got = Vec::new();
    for antenna in plan {
        let card: Card = dealer.present_next(antenna).expect("cards left");
        expected.push(match antenna {
            Antenna::Exit => Read::card(card),
            Antenna::Burn => Read::burn(card),
        });
        got.push(read_dealt(link, map, rereads));
        dealer.remove();
    }
    (expected, got)
}

#[derive(Debug, Default)]
struct Tally {
    hands: u32,
    reads: u32,
    rereads: u32,
}

/// Every injected fault on the reader's frames is reported under its command or one
/// of the next two. Returns the number of injected faults checked.
fn every_fault_reported(injected: &[Injected], reports: &[FaultReport]) -> usize {
    let mut seqs: Vec<u64> = reports.iter().map(|r| r.seq).collect();
    seqs.sort_unstable();
    let mut checked = 0;
    for i in injected
        .iter()
        .filter(|i| i.direction == Direction::FromReader)
    {
        let from = seqs.partition_point(|&s| s < i.seq);
        assert!(
            seqs.get(from).is_some_and(|&s| s <= i.seq + 2),
            "fault {i:?} was not reported (reports near it: {:?})",
            reports
                .iter()
                .filter(|r| r.seq + 3 >= i.seq && r.seq <= i.seq + 3)
                .collect::<Vec<_>>()
        );
        checked += 1;
    }
    checked
}

fn summary(
    name: &str,
    tally: &Tally,
    log: &InjectedLog,
    link_counts: hardware::link::FaultCounts,
    secs: f64,
) {
    let n = |k| log.count(Direction::FromReader, k);
    eprintln!(
        "{name}: {} hands, {} reads in {secs:.1} s; injected garbled {} dropped {} duplicated {} \
         truncated {} noise {} (commands: garbled {} dropped {} duplicated {}); reported {:?} \
         = {} in all; {} re-reads by the dealer",
        tally.hands,
        tally.reads,
        n(FaultKind::Garbled),
        n(FaultKind::Dropped),
        n(FaultKind::Duplicated),
        n(FaultKind::Truncated),
        n(FaultKind::Noise),
        log.count(Direction::ToReader, FaultKind::Garbled),
        log.count(Direction::ToReader, FaultKind::Dropped),
        log.count(Direction::ToReader, FaultKind::Duplicated),
        link_counts,
        link_counts.total(),
        tally.rereads,
    );
}

/// Plays `hands` hands and checks every one.
fn run_hands<P: ShoePort>(
    link: &mut ShoeLink<P>,
    dealer: &mut SimDealer,
    hands: u32,
) -> (Tally, Vec<FaultReport>) {
    let map = dealer.deck_map();
    let mut tally = Tally::default();
    let mut reports = link.take_faults();
    for hand in 0..hands {
        let (expected, got) = play_hand(link, dealer, &map, &mut tally.rereads);
        assert_eq!(got, expected, "hand {hand} ended in a wrong state");
        tally.hands += 1;
        tally.reads += got.len() as u32;
        reports.extend(link.take_faults());
    }
    // Whatever is still on the line is reported too.
    link.drain(Duration::from_millis(60)).unwrap();
    reports.extend(link.take_faults());
    (tally, reports)
}

// ---- Through a real pseudo-terminal ----

/// The bench settings with 10 ms timeouts: the simulated shoe answers within a
/// millisecond, so a lost frame is found out quickly. A timeout that fires because
/// the machine is busy is reported and recovered like any other fault.
fn fast() -> LinkSettings {
    let mut s = LinkSettings::bench();
    s.ack_timeout = Duration::from_millis(10);
    s.response_timeout = Duration::from_millis(10);
    s
}

#[test]
fn pty_reads_a_shuffled_deck_exactly() {
    let (reader, mut dealer, log) = sim(FaultRates::NONE, FaultRates::NONE, 11);
    let shoe = PtyShoe::spawn(reader).unwrap();
    assert!(shoe.path().starts_with("/dev/"), "{}", shoe.path());
    // Opened by its path, as `/dev/table-shoe` is at a real table.
    let mut link = open_serial(shoe.path(), LinkSettings::bench()).unwrap();
    let map = dealer.deck_map();
    let order = dealer.order().to_vec();
    let mut got = Vec::new();
    let mut rereads = 0;
    for i in 0..52 {
        let antenna = if i % 9 == 8 {
            Antenna::Burn
        } else {
            Antenna::Exit
        };
        let card = dealer.present_next(antenna).unwrap();
        let read = read_dealt(&mut link, &map, &mut rereads);
        assert_eq!(read.card, Some(card));
        assert_eq!(read.burn, antenna == Antenna::Burn);
        got.push(card);
        dealer.remove();
    }
    assert_eq!(got, order);
    // The slot is empty: no card, and nothing invented.
    assert_eq!(
        link.read_card(Duration::from_millis(30)),
        Err(LinkFault::NoCard)
    );
    link.drain(Duration::from_millis(30)).unwrap();
    assert_eq!(link.take_faults(), []);
    assert_eq!(rereads, 0);
    assert!(log.is_empty());
    let stats = dealer.shoe().stats();
    assert_eq!(stats.reads_sent, 52);
    assert_eq!(stats.refused, 0);
}

#[test]
fn pty_faults_5_5_5_lose_double_and_invent_nothing() {
    let (reader, mut dealer, log) = sim(FaultRates::NONE, FaultRates::percent(5, 5, 5), 5);
    let mut shoe = PtyShoe::spawn(reader).unwrap();
    let port = shoe.take_port().unwrap();
    let mut link = ShoeLink::start(port, fast()).unwrap();
    let start = Instant::now();
    let (tally, reports) = run_hands(&mut link, &mut dealer, 80);
    let secs = start.elapsed().as_secs_f64();
    summary("pty 5/5/5", &tally, &log, link.fault_counts(), secs);
    assert_eq!(tally.reads, 80 * 26);
    let checked = every_fault_reported(&log.all(), &reports);
    assert!(checked > 300, "{checked} faults injected");
    drop(link);
    let reader = shoe.stop().unwrap();
    assert!(reader.frames() > 4 * 2080);
}

#[test]
fn pty_faults_20_20_20_lose_double_and_invent_nothing() {
    let (reader, mut dealer, log) = sim(FaultRates::NONE, FaultRates::percent(20, 20, 20), 20);
    let mut shoe = PtyShoe::spawn(reader).unwrap();
    let mut link = ShoeLink::start(shoe.take_port().unwrap(), fast()).unwrap();
    let start = Instant::now();
    let (tally, reports) = run_hands(&mut link, &mut dealer, 12);
    summary(
        "pty 20/20/20",
        &tally,
        &log,
        link.fault_counts(),
        start.elapsed().as_secs_f64(),
    );
    let checked = every_fault_reported(&log.all(), &reports);
    assert!(checked > 400, "{checked} faults injected");
}

#[test]
fn pty_silent_shoe_is_reported_and_gives_no_card() {
    struct Unplugged;
    impl Reader for Unplugged {
        fn command(&mut self, _: firmware::time::Instant, _: &[u8], _: &mut Vec<Outgoing>) {}
    }
    let shoe = PtyShoe::spawn(Unplugged).unwrap();
    let e = open_serial(shoe.path(), LinkSettings::bench()).unwrap_err();
    assert!(
        matches!(e, LinkFault::Silent { waited } if waited.as_millis() >= 16 * 25),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("No answer from the shoe for"));
    // A shoe that stops answering mid-game.
    let (reader, mut dealer, _log) = sim(FaultRates::NONE, FaultRates::NONE, 3);
    let mut shoe = PtyShoe::spawn(reader).unwrap();
    let mut link = ShoeLink::start(shoe.take_port().unwrap(), LinkSettings::bench()).unwrap();
    dealer.present_next(Antenna::Exit);
    assert!(link.read_card(Duration::from_millis(100)).is_ok());
    drop(shoe.stop());
    let e = link.read_card(Duration::from_millis(100)).unwrap_err();
    assert!(
        matches!(e, LinkFault::Silent { .. } | LinkFault::Io(_)),
        "{e:?}"
    );
    assert!(link.fault_counts().no_ack >= 1 || matches!(e, LinkFault::Io(_)));
}

#[test]
fn pty_enrol_then_check_a_deck() {
    use hardware::enrolment::{check, enrol, new_deck_order, CheckSettings, EnrolEvent};
    use std::cell::RefCell;
    let (reader, dealer, _log) = sim(FaultRates::NONE, FaultRates::percent(5, 5, 5), 8);
    let mut shoe = PtyShoe::spawn(reader).unwrap();
    let mut link = ShoeLink::start(shoe.take_port().unwrap(), LinkSettings::bench()).unwrap();
    let truth = dealer.deck_map();
    let dealer = RefCell::new(dealer);
    let map = enrol(
        &mut link,
        DeckKind::Standard52,
        new_deck_order(DeckKind::Standard52),
        Duration::from_secs(5),
        |e| {
            if let EnrolEvent::Present { card, .. } = e {
                dealer.borrow().present(*card, Antenna::Exit);
            }
        },
    )
    .unwrap();
    for (uid, card) in map.iter() {
        assert_eq!(truth.lookup(&uid), Ok(card));
    }
    // The enrolled map, saved and loaded, checks the deck clean.
    let text = hardware::enrolment::to_text(&map);
    let map = hardware::enrolment::parse(&text).unwrap();
    dealer.borrow_mut().shuffle();
    dealer.borrow_mut().present_next(Antenna::Exit);
    let result = check(
        &mut link,
        &map,
        CheckSettings::with(Duration::from_millis(500), Duration::from_secs(30)),
        |_| {
            let mut d = dealer.borrow_mut();
            if d.present_next(Antenna::Exit).is_none() {
                d.remove();
            }
        },
    )
    .unwrap();
    assert!(result.is_clean(), "{result:?}");
}

// ---- In memory, on a virtual clock: the 1,000-hand runs ----

#[test]
fn loopback_1000_hands_at_5_5_5_end_in_the_right_state() {
    let (reader, mut dealer, log) = sim(FaultRates::NONE, FaultRates::percent(5, 5, 5), 1000);
    let mut link = ShoeLink::start(Loopback::new(reader), LinkSettings::bench()).unwrap();
    let start = Instant::now();
    let (tally, reports) = run_hands(&mut link, &mut dealer, 1000);
    summary(
        "loopback 5/5/5",
        &tally,
        &log,
        link.fault_counts(),
        start.elapsed().as_secs_f64(),
    );
    assert_eq!(tally.reads, 26_000);
    let checked = every_fault_reported(&log.all(), &reports);
    assert!(checked > 15_000, "{checked}");
}

#[test]
fn loopback_20_20_20_end_in_the_right_state() {
    let (reader, mut dealer, log) = sim(FaultRates::NONE, FaultRates::percent(20, 20, 20), 2020);
    let mut link = ShoeLink::start(Loopback::new(reader), LinkSettings::bench()).unwrap();
    let start = Instant::now();
    let (tally, reports) = run_hands(&mut link, &mut dealer, 1000);
    summary(
        "loopback 20/20/20",
        &tally,
        &log,
        link.fault_counts(),
        start.elapsed().as_secs_f64(),
    );
    assert_eq!(tally.reads, 26_000);
    let checked = every_fault_reported(&log.all(), &reports);
    assert!(checked > 150_000, "{checked}");
}

#[test]
fn loopback_every_fault_both_ways_ends_in_the_right_state() {
    let answers = FaultRates {
        truncate_ppm: 50_000,
        noise_ppm: 50_000,
        ..FaultRates::percent(10, 10, 10)
    };
    let (reader, mut dealer, log) = sim(FaultRates::percent(5, 5, 5), answers, 77);
    let mut link = ShoeLink::start(Loopback::new(reader), LinkSettings::bench()).unwrap();
    let start = Instant::now();
    let (tally, _reports) = run_hands(&mut link, &mut dealer, 1000);
    summary(
        "loopback both ways",
        &tally,
        &log,
        link.fault_counts(),
        start.elapsed().as_secs_f64(),
    );
    let counts = link.fault_counts();
    assert!(counts.damaged > 0 && counts.garbage > 0 && counts.no_ack > 0);
    assert!(counts.no_response > 0 && counts.unexpected > 0);
}
