//! The chain that makes the log tamper-evident, in its two schemes.
//!
//! Signed (format 2, written today): each record's `mac` column holds its chain hash,
//! SHA-256 over the previous record's hash and its own bytes, then the table's Ed25519
//! signature of the signed head at that record ([`head_message`]: table id, number,
//! hash). The `head` row holds the last record's number, hash and signature.
//!
//! HMAC (format 1, read only): each record's MAC over the one before it under a shared
//! secret, the head's keyed tag, and the key check that tells a wrong secret from
//! tampering. Whoever holds the secret can rewrite such a log.

use super::error::LogError;
use super::keys::{PublicKey, TableKey};
use super::storage::{HeadRow, RawRow};
use super::MIN_SECRET_LEN;
use ed25519_dalek::Signature;
use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};
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
fn feed_record(
    m: &mut impl sha2::digest::Update,
    prev: &[u8],
    seq: i64,
    ts: i64,
    kind: &[u8],
    payload: &[u8],
) {
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
#[cfg(test)]
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
#[cfg(test)]
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

/// Bytes as lowercase hex: MACs, keys, signatures and raw shoe frames as the log
/// and the floor show them.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The length of a signed record's `mac` column: its hash, then its signature.
pub(super) const SEAL_LEN: usize = 32 + 64;

/// A signed record's chain hash: SHA-256 over the previous hash and the record.
pub(super) fn record_hash(prev: &[u8], seq: i64, ts: i64, kind: &[u8], payload: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    sha2::digest::Update::update(&mut h, b"tablectl hand log record v2\0");
    feed_record(&mut h, prev, seq, ts, kind, payload);
    h.finalize().into()
}

/// What the table signs after each record: the signed head of the log at `seq`. The
/// table id is in it, so a head of one table never passes for another's.
pub(super) fn head_message(table_id: &str, seq: i64, hash: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(64 + table_id.len());
    m.extend_from_slice(b"tablectl hand log head v2\0");
    m.extend_from_slice(&(table_id.len() as u64).to_be_bytes());
    m.extend_from_slice(table_id.as_bytes());
    m.extend_from_slice(&seq.to_be_bytes());
    m.extend_from_slice(hash);
    m
}

/// Whether `sig` is `key`'s signature of the head at `seq` with `hash`. Strict
/// verification: no malleable signature passes.
pub(super) fn head_signed(
    key: &PublicKey,
    table_id: &str,
    seq: i64,
    hash: &[u8],
    sig: &[u8],
) -> bool {
    let Ok(sig) = Signature::from_slice(sig) else {
        return false;
    };
    key.0
        .verify_strict(&head_message(table_id, seq, hash), &sig)
        .is_ok()
}

/// How a log's chain is checked: under a shared secret (the old scheme) or a public
/// key for the signed one.
#[derive(Clone, Debug)]
pub(super) enum Checker {
    /// Format 1: HMAC-SHA256 under the table's secret.
    Hmac(HmacSha256),
    /// Format 2: chain hashes signed by the table's key.
    Signed {
        /// The key the signatures must be from.
        key: PublicKey,
        /// The table they are for.
        table_id: String,
    },
}

impl Checker {
    /// The hash (or MAC) the next record chains to: a record's first 32 bytes of `mac`.
    pub(super) fn link(row_mac: &[u8]) -> [u8; 32] {
        let mut a = [0u8; 32];
        if let Some(m) = row_mac.get(..32) {
            a.copy_from_slice(m);
        }
        a
    }

    /// Whether `row`, written as `seq` after the record whose link is `prev`, carries
    /// its link. For a signed log, without its signature (see [`Checker::chains`]).
    pub(super) fn links(&self, prev: &[u8], seq: i64, row: &RawRow) -> bool {
        match self {
            Checker::Hmac(key) => chains(key, prev, seq, row),
            Checker::Signed { .. } => {
                row.mac.len() == SEAL_LEN
                    && row.mac[..32] == record_hash(prev, seq, row.ts, &row.kind, &row.payload)
            }
        }
    }

    /// Whether `row` links (above) and, for a signed log, carries the table's
    /// signature of its head.
    pub(super) fn chains(&self, prev: &[u8], seq: i64, row: &RawRow) -> bool {
        self.links(prev, seq, row) && self.seal_valid(seq, &row.mac)
    }

    /// Whether a signed record's seal carries the table's signature (always true for
    /// the old scheme, whose MAC is its own seal).
    pub(super) fn seal_valid(&self, seq: i64, mac: &[u8]) -> bool {
        match self {
            Checker::Hmac(_) => true,
            Checker::Signed { key, table_id } => {
                mac.len() == SEAL_LEN && head_signed(key, table_id, seq, &mac[..32], &mac[32..])
            }
        }
    }

    /// Whether the head row vouches for its number and hash.
    pub(super) fn head_valid(&self, h: &HeadRow) -> bool {
        match self {
            Checker::Hmac(key) => head_valid(key, h),
            Checker::Signed { key, table_id } => head_signed(key, table_id, h.seq, &h.mac, &h.tag),
        }
    }
}

/// A signed record's seal: its hash and the table's signature of the head there.
pub(super) fn seal(key: &TableKey, table_id: &str, seq: i64, hash: &[u8; 32]) -> [u8; SEAL_LEN] {
    let sig = key.sign(&head_message(table_id, seq, hash)).to_bytes();
    let mut out = [0u8; SEAL_LEN];
    out[..32].copy_from_slice(hash);
    out[32..].copy_from_slice(&sig);
    out
}
