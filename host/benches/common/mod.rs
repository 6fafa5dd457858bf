//! What the benchmarks share: the clock and the peers' cards.

pub mod thread_cpu;

use criterion::Criterion;
use firmware::{Card, Rank, Suit};

use thread_cpu::{print_load, ThreadCpu};

/// Runs `benches` under criterion timed by the thread's CPU time, with the
/// machine's load before and after.
pub fn run(benches: fn(&mut Criterion<ThreadCpu>)) {
    print_load("before");
    let mut c = Criterion::default()
        .with_measurement(ThreadCpu::new())
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
    print_load("after");
}

/// Our cards, rs_poker's and aya_poker's, by our card index (rank * 4 + suit;
/// suits s, h, d, c).
pub fn decks() -> (
    [Card; 52],
    [rs_poker::core::Card; 52],
    [aya_poker::base::Card; 52],
) {
    use aya_poker::base as aya;
    use rs_poker::core as rs;
    let ours: [Card; 52] = std::array::from_fn(|i| Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]));
    let rs: [rs::Card; 52] = std::array::from_fn(|i| {
        let suit = [
            rs::Suit::Spade,
            rs::Suit::Heart,
            rs::Suit::Diamond,
            rs::Suit::Club,
        ][i % 4];
        rs::Card::new(rs::Value::from((i / 4) as u8), suit)
    });
    // aya_poker's CARDS are rank * 4 + suit with suits c, d, h, s.
    let aya: [aya::Card; 52] = std::array::from_fn(|i| aya::CARDS[i / 4 * 4 + 3 - i % 4]);
    (ours, rs, aya)
}
