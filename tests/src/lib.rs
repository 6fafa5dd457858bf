//! End-to-end tests live in `tests/tests/`. This library holds what several of them
//! share: finding the outside programs and data they compare against.

pub mod peers;
