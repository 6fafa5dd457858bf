//! The test harness's PostgreSQL server (`table_tests::postgres`): it starts from the
//! distribution's packages, takes connections, and stops and starts again as the
//! floor's outage tests need.

use std::time::Duration;
use table_tests::postgres::PgServer;

#[test]
fn the_server_starts_stops_and_starts_again() {
    let Some(mut server) = PgServer::start("the floor's PostgreSQL server") else {
        return;
    };
    let mut client = postgres::Client::connect(&server.url(), postgres::NoTls)
        .unwrap_or_else(|e| panic!("{e}\n{}", server.log()));
    let one: i32 = client.query_one("SELECT 1", &[]).unwrap().get(0);
    assert_eq!(one, 1);
    server.stop().unwrap();
    assert!(
        client.query_one("SELECT 1", &[]).is_err(),
        "a stopped server answered"
    );
    assert!(postgres::Client::connect(&server.url(), postgres::NoTls).is_err());
    server.start_again().unwrap();
    assert!(PgServer::wait_until(Duration::from_secs(10), || {
        postgres::Client::connect(&server.url(), postgres::NoTls).is_ok()
    }));
}
