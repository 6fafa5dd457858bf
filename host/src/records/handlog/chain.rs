//! The HMAC chain: each record's MAC over the one before it, the head's tag, the key
//! check that tells a wrong secret from tampering, and the table's secret itself.

use super::error::LogError;
use super::storage::{HeadRow, RawRow};
use super::MIN_SECRET_LEN;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::fmt;

pub(super) type HmacSha256 = Hmac<Sha256>;

/// The MAC before the first record.
pub(super) const ZERO_MAC: [u8; 32] = [0; 32];

/// The HMAC key of `secret`, refused when shorter than [`MIN_SECRET_LEN`] bytes.
pub(super) fn keyed(secret: &[u8]) -> Result<HmacSha256, LogError> {
    if secret.len() < MIN_SECRET_LEN {
        return Err(LogError::WeakSecret);
    }
    <HmacSha256 as KeyInit>::new_from_slice(secret).map_err(|_| LogError::WeakSecret)
}

/// Feeds one record's bytes to `m`: each variable-length part after its length, so no
/// two records encode to the same bytes (module docs of `handlog`).
fn feed_record(m: &mut HmacSha256, prev: &[u8], seq: i64, ts: i64, kind: &[u8], payload: &[u8]) {
    m.update(prev);
    m.update(&seq.to_be_bytes());
    m.update(&ts.to_be_bytes());
    m.update(&(kind.len() as u64).to_be_bytes());
    m.update(kind);
    m.update(&(payload.len() as u64).to_be_bytes());
    m.update(payload);
}

fn to_array(m: HmacSha256) -> [u8; 32] {
    let out = m.finalize().into_bytes();
    let mut a = [0u8; 32];
    a.copy_from_slice(&out);
    a
}

/// The MAC of a record written as `seq` after a record whose MAC is `prev`.
pub(super) fn record_mac(
    key: &HmacSha256,
    prev: &[u8],
    seq: i64,
    ts: i64,
    kind: &[u8],
    payload: &[u8],
) -> [u8; 32] {
    let mut m = key.clone();
    feed_record(&mut m, prev, seq, ts, kind, payload);
    to_array(m)
}

/// Whether `row`, written as `seq` after a record whose MAC is `prev`, carries its MAC.
pub(super) fn chains(key: &HmacSha256, prev: &[u8], seq: i64, row: &RawRow) -> bool {
    let mut m = key.clone();
    feed_record(&mut m, prev, seq, row.ts, &row.kind, &row.payload);
    m.verify_slice(&row.mac).is_ok()
}

/// The head row's tag: vouches for the last record's number and MAC, so removing the
/// last records shows.
pub(super) fn head_tag(key: &HmacSha256, seq: i64, mac: &[u8]) -> [u8; 32] {
    let mut m = key.clone();
    m.update(b"handlog head v1");
    m.update(&seq.to_be_bytes());
    m.update(mac);
    to_array(m)
}

/// The `meta` table's key check: tells a wrong secret from a changed record.
pub(super) fn key_check(key: &HmacSha256) -> String {
    let mut m = key.clone();
    m.update(b"handlog key check v1");
    hex(&to_array(m))
}

/// Whether the head row's tag is the one [`head_tag`] gives for its number and MAC.
pub(super) fn head_valid(key: &HmacSha256, h: &HeadRow) -> bool {
    let mut m = key.clone();
    m.update(b"handlog head v1");
    m.update(&h.seq.to_be_bytes());
    m.update(&h.mac);
    m.verify_slice(&h.tag).is_ok()
}

/// Bytes as lowercase hex: MACs and raw shoe frames as the log and the floor show them.
pub(super) fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The table's secret for the hand log's HMAC chain: read from `secret` in the data
/// folder, or made once for a new folder (a casino sets its own in the configuration).
pub fn handlog_secret(data: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let path = data.join("secret");
    match std::fs::read(&path) {
        Ok(s) if s.len() >= MIN_SECRET_LEN => Ok(s),
        Ok(_) => Err(std::io::Error::other(format!(
            "{} is shorter than {} bytes",
            path.display(),
            MIN_SECRET_LEN
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
