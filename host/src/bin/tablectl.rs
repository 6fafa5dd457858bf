//! `tablectl`: the table controller's command line.

fn main() {
    println!("tablectl: the bench table is being built");
}
