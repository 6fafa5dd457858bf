//! A room of bench tables: bench tables and the floor together, for a whole tournament. The
//! director's seating decisions ([`director`]) and the simulated tournament
//! ([`sim`], `tablectl tournament sim`) that plays an event on bench tables against
//! the floor's store, from the draw to the winner, each table with its own signed log
//! shipped as a real table ships it.

pub mod director;
pub mod sim;
