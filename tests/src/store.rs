//! The floor's store as its tests poke at it with plain SQL, as whoever takes a
//! login would: a statement the store must refuse, and the server's own words why.

/// Runs `sql` on `client` and gives the server's message for its refusal; a
/// statement that passes fails the test.
pub fn refused(client: &mut ::postgres::Client, sql: &str) -> String {
    match client.batch_execute(sql) {
        Ok(()) => panic!("the store took {sql}"),
        Err(e) => e
            .as_db_error()
            .map(|d| d.message().to_string())
            .unwrap_or_else(|| e.to_string()),
    }
}
