//! The bench's simulated dealer.

use super::SimHandle;
use crate::rng::XorShift;
use firmware::deck::{DeckKind, DeckMap};
use firmware::shoe::Antenna;
use firmware::Card;

/// The cards of `kind` shuffled with `seed` (Fisher-Yates over a xorshift).
pub fn shuffled_deck(kind: DeckKind, seed: u64) -> Vec<Card> {
    let mut cards: Vec<Card> = kind.cards().iter().collect();
    XorShift::new(seed).shuffle(&mut cards);
    cards
}

/// A dealer with a shuffled simulated deck ([`DeckMap::simulated`]): holds the next
/// card to an antenna, and takes it away once the controller has read it, as a real
/// dealer waits for the display to show the card.
#[derive(Debug)]
pub struct SimDealer {
    shoe: SimHandle,
    kind: DeckKind,
    deck_id: u32,
    order: Vec<Card>,
    next: usize,
    rng: XorShift,
}

impl SimDealer {
    /// A dealer at `shoe` with simulated deck `deck_id`, shuffled from `seed`.
    pub fn new(shoe: SimHandle, kind: DeckKind, deck_id: u32, seed: u64) -> SimDealer {
        let mut rng = XorShift::new(seed);
        let mut order: Vec<Card> = kind.cards().iter().collect();
        rng.shuffle(&mut order);
        SimDealer {
            shoe,
            kind,
            deck_id,
            order,
            next: 0,
            rng,
        }
    }

    /// The deck map of the dealer's deck.
    pub fn deck_map(&self) -> DeckMap {
        DeckMap::simulated(self.kind, self.deck_id)
    }

    /// The cards in the order they will be dealt.
    pub fn order(&self) -> &[Card] {
        &self.order
    }

    /// Cards not dealt yet.
    pub fn remaining(&self) -> usize {
        self.order.len() - self.next
    }

    /// Shuffles the whole deck again for a new hand.
    pub fn shuffle(&mut self) {
        self.rng.shuffle(&mut self.order);
        self.next = 0;
    }

    /// Holds the next card to `antenna`, returning it (`None`: the deck is used up).
    pub fn present_next(&mut self, antenna: Antenna) -> Option<Card> {
        let card = *self.order.get(self.next)?;
        self.next += 1;
        self.present(card, antenna);
        Some(card)
    }

    /// Holds `card` of the dealer's deck to `antenna`.
    pub fn present(&self, card: Card, antenna: Antenna) {
        self.shoe
            .present(DeckMap::simulated_uid(self.deck_id, card), antenna);
    }

    /// Takes the card away.
    pub fn remove(&self) {
        self.shoe.remove();
    }

    /// The shoe the dealer deals at.
    pub fn shoe(&self) -> &SimHandle {
        &self.shoe
    }
}
