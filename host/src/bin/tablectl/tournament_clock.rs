//! A table's tournament clock, followed from the floor's store, wired to the table:
//! the screens show it and the dealing asks it. One wiring for the bench table and
//! the Pi's (the display and the floor never name each other).

use crate::error::CliError;
use host::display::TableDisplay;
use host::floor::clock_follow::ClockFollower;
use host::session::simulated::NextHand;
use host::session::tournament_table::Rounds;
use std::sync::Arc;

/// Shows the clock `follower` last heard on `display`'s screens.
pub fn show(display: &TableDisplay, follower: &Arc<ClockFollower>) -> Result<(), CliError> {
    let screens = follower.clone();
    display
        .watch_tournament(move |now| {
            screens.latest().map(|t| {
                host::display::tournament::TableClock::read(&t.log.state, now, t.heard, t.stale)
            })
        })
        .map_err(CliError::failed)
}

/// What table `table_id` does before its next hand, by the clock `follower` last
/// heard and the hand-for-hand rounds it dealt.
pub fn next_hand(
    follower: &ClockFollower,
    rounds: &mut Rounds,
    table: &firmware::Table,
    table_id: &str,
) -> NextHand {
    let heard = follower.latest();
    rounds.next_hand(
        table,
        heard.as_ref().map(|t| &t.log.state),
        table_id,
        host::records::time::WallTime::now(),
    )
}
