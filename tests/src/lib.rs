//! End-to-end tests live in `tests/tests/`. This library holds what several of them
//! share: finding the outside programs and data they compare against, and the real
//! PostgreSQL server the floor's tests run (with TLS certificates they make), the SQL
//! they try on it, a proxy that slows and cuts the network to it, the product's own
//! program run as a room runs it, and a whole shift of tables, screens and floor.

pub mod bench;
pub mod browser;
pub mod certs;
pub mod floor_page;
pub mod netproxy;
pub mod peers;
pub mod postgres;
pub mod shift;
pub mod store;
pub mod tablectl;
pub mod tournament_tables;
