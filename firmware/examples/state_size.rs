//! Prints the size in bytes of the engine's state types (docs/architecture.md quotes them).
//! Run: `cargo run -p firmware --example state_size`.

fn main() {
    use core::mem::size_of;
    println!("Table: {} bytes", size_of::<firmware::Table>());
    println!(
        "  State (seats and the hand): {} bytes",
        size_of::<firmware::State>()
    );
    println!("  Hand: {} bytes", size_of::<firmware::Hand>());
    println!(
        "  Input: {} bytes (the hand's record holds {})",
        size_of::<firmware::Input>(),
        firmware::config::MAX_INPUTS_PER_HAND
    );
    println!(
        "Event: {} bytes; Events: {} bytes",
        size_of::<firmware::Event>(),
        size_of::<firmware::Events>()
    );
}
