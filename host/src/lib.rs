//! # The table controller's application
//!
//! Money and showdown on top of the firmware rules engine: side pots, hand
//! evaluation, payouts, hand histories, the hand log and the table display.
#![forbid(unsafe_code)]

pub mod bench;
pub mod display;
pub mod equity;
pub mod eval;
pub mod export;
pub mod handlog;
pub mod peers;
pub mod phh;
pub mod pots;
pub mod replay;
pub mod runtime;
pub mod scenario;
pub mod settle;
pub mod showdown;

/// The table's secret for the hand log's HMAC chain: read from `secret` in the data
/// folder, or made once for a new folder (a casino sets its own in the configuration).
pub fn handlog_secret(data: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let path = data.join("secret");
    match std::fs::read(&path) {
        Ok(s) if s.len() >= handlog::MIN_SECRET_LEN => Ok(s),
        Ok(_) => Err(std::io::Error::other(format!(
            "{} is shorter than {} bytes",
            path.display(),
            handlog::MIN_SECRET_LEN
        ))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(data)?;
            // Unpredictable enough for a bench folder: the clock, the process and the
            // address of a stack value, hashed.
            use sha2::Digest;
            let marker = 0u8;
            let seed = format!(
                "{:?}{}{:p}",
                std::time::SystemTime::now(),
                std::process::id(),
                &marker
            );
            let secret = sha2::Sha256::digest(seed.as_bytes()).to_vec();
            let mut f = std::fs::File::create(&path)?;
            f.write_all(&secret)?;
            f.sync_all()?;
            Ok(secret)
        }
        Err(e) => Err(e),
    }
}
