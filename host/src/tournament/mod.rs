//! Tournaments on the casino's tables: the structure the director writes (levels,
//! breaks, colour-ups, late registration, re-entries, payouts), and what follows from
//! it without a table or a store: what each place is paid, what the clock says, and
//! which player moves when the tables are out of balance and which table breaks.
//!
//! Pure rules, no clock and no I/O, so the floor's store, the tables and the
//! simulator all read the same answers from one place.

pub mod balance;
pub mod clock;
pub mod events;
pub mod payouts;
pub mod plan;
pub mod state;
pub mod structure;

pub use balance::{next_move, out_of_balance, table_to_break, Move, TableSeats};
pub use clock::{ClockEvent, Period, Reading};
pub use events::{BustOut, Reseat, TournamentEvent};
pub use payouts::{place_prizes, shared, Prize};
pub use plan::{level_input, TablePlan};
pub use state::{Entry, Finish, Placing, Summary, Tournament, TournamentError};
pub use structure::{AnteKind, Break, Level, PayoutRow, Structure, StructureError};
