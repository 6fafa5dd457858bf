//! The signed head: where a log stood (its table, last record and that record's chain
//! hash) with the table's signature. Kept outside the table (the floor view, the
//! floor's store, a printed slip) it is an anchor: a log later cut back behind it, or
//! rewritten before it, no longer matches it (`tablectl audit verify --anchor`,
//! [`Trust::anchor`](super::Trust::anchor)).
//!
//! Its text is one line that reads back ([`SignedHead::from_str`]):
//! `tablectl-head v2 table=ID seq=N hash=HEX key=HEX sig=HEX`, the table id with `%`,
//! spaces and `=` escaped as `%XX`.

use super::chain::{head_signed, hex};
use super::keys::{parse_hex, parse_hex32, PublicKey};
use super::Seq;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The first word of a signed head's text.
pub const HEAD_PREFIX: &str = "tablectl-head v2";

/// A signed head. Built by the log ([`super::HandLog::head`], [`super::AuditLog::head`])
/// or read back from its text; [`SignedHead::is_signed`] says whether its signature
/// is its key's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SignedHead {
    /// The table.
    pub table_id: String,
    /// The last record (0: the empty log).
    pub seq: Seq,
    /// Its chain hash, in hex.
    pub hash: String,
    /// The table's public key, in hex.
    pub key: String,
    /// The table's signature of the head, in hex.
    pub sig: String,
}

/// Why a text is not a signed head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadParseError(&'static str);

impl fmt::Display for HeadParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a signed head ({}): pass the line `tablectl audit head` prints, or a file holding it",
            self.0
        )
    }
}

impl std::error::Error for HeadParseError {}

impl SignedHead {
    pub(super) fn new(
        table_id: &str,
        seq: i64,
        hash: &[u8],
        key: PublicKey,
        sig: &[u8],
    ) -> Option<SignedHead> {
        Some(SignedHead {
            table_id: table_id.to_string(),
            seq: Seq(u64::try_from(seq).ok()?),
            hash: hex(hash),
            key: key.to_string(),
            sig: hex(sig),
        })
    }

    /// The key it names, if it reads.
    pub fn public_key(&self) -> Option<PublicKey> {
        self.key.parse().ok()
    }

    /// The hash's bytes, if it reads.
    pub(super) fn hash_bytes(&self) -> Option<[u8; 32]> {
        parse_hex32(&self.hash)
    }

    /// Whether the signature is its key's signature of this head.
    pub fn is_signed(&self) -> bool {
        let (Some(key), Some(hash), Some(sig), Ok(seq)) = (
            self.public_key(),
            self.hash_bytes(),
            parse_hex(&self.sig),
            i64::try_from(self.seq.0),
        ) else {
            return false;
        };
        head_signed(&key, &self.table_id, seq, &hash, &sig)
    }
}

impl fmt::Display for SignedHead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{HEAD_PREFIX} table={} seq={} hash={} key={} sig={}",
            escape(&self.table_id),
            self.seq.0,
            self.hash,
            self.key,
            self.sig
        )
    }
}

impl FromStr for SignedHead {
    type Err = HeadParseError;

    fn from_str(s: &str) -> Result<SignedHead, HeadParseError> {
        let rest = s
            .trim()
            .strip_prefix(HEAD_PREFIX)
            .ok_or(HeadParseError("it does not start with `tablectl-head v2`"))?;
        let mut fields = [None; 5];
        const NAMES: [&str; 5] = ["table", "seq", "hash", "key", "sig"];
        for word in rest.split_whitespace() {
            let (name, value) = word
                .split_once('=')
                .ok_or(HeadParseError("a field is not name=value"))?;
            let i = NAMES
                .iter()
                .position(|n| *n == name)
                .ok_or(HeadParseError("an unknown field"))?;
            if fields[i].replace(value).is_some() {
                return Err(HeadParseError("a field is given twice"));
            }
        }
        let [Some(table), Some(seq), Some(hash), Some(key), Some(sig)] = fields else {
            return Err(HeadParseError("a field is missing"));
        };
        let head = SignedHead {
            table_id: unescape(table).ok_or(HeadParseError("the table id does not read"))?,
            seq: Seq(seq
                .parse()
                .map_err(|_| HeadParseError("seq is not a number"))?),
            hash: hash.to_ascii_lowercase(),
            key: key.to_ascii_lowercase(),
            sig: sig.to_ascii_lowercase(),
        };
        if head.hash_bytes().is_none() || head.public_key().is_none() {
            return Err(HeadParseError("the hash or the key is not 64 hex digits"));
        }
        if parse_hex(&head.sig).is_none_or(|s| s.len() != 64) {
            return Err(HeadParseError("the signature is not 128 hex digits"));
        }
        Ok(head)
    }
}

fn escape(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        if c == '%' || c == '=' || c.is_whitespace() || c.is_control() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn unescape(s: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(s.len());
    let mut it = s.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hi = it.next().filter(u8::is_ascii_hexdigit)?;
            let lo = it.next().filter(u8::is_ascii_hexdigit)?;
            bytes.push(u8::from_str_radix(std::str::from_utf8(&[hi, lo]).ok()?, 16).ok()?);
        } else {
            bytes.push(b);
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::super::chain::{record_hash, seal};
    use super::super::keys::TableKey;
    use super::*;

    fn head(table: &str) -> SignedHead {
        let key = TableKey::from_seed([9; 32]);
        let hash = record_hash(&[0; 32], 1, 5, b"note", b"{}");
        let sealed = seal(&key, table, 1, &hash);
        SignedHead::new(table, 1, &hash, key.public(), &sealed[32..]).unwrap()
    }

    #[test]
    fn a_head_reads_back_from_its_text_and_checks() {
        for table in ["table-7", "salle 2 = vip%"] {
            let h = head(table);
            assert!(h.is_signed());
            let back: SignedHead = h.to_string().parse().unwrap();
            assert_eq!(back, h);
            assert!(back.is_signed());
        }
    }

    #[test]
    fn a_changed_head_no_longer_checks() {
        let mut h = head("t");
        h.seq = Seq(2);
        assert!(!h.is_signed());
        let mut h = head("t");
        h.table_id = "u".into();
        assert!(!h.is_signed());
    }

    #[test]
    fn a_head_has_one_text() {
        // A sign inside an escape or a digest would give the same head a second text.
        let text = head("salle 2").to_string();
        assert!(text.contains("salle%202"), "{text}");
        let signed = text.replace("salle%202", "salle%+22");
        assert!(signed.parse::<SignedHead>().is_err(), "{signed}");
        let at = text.find("hash=").unwrap() + "hash=".len();
        let mut digest = text.clone();
        digest.replace_range(at..at + 1, "+");
        assert!(digest.parse::<SignedHead>().is_err(), "{digest}");
    }

    #[test]
    fn what_is_not_a_head_says_so() {
        for text in [
            "",
            "tablectl-head v2 table=t",
            "tablectl-head v2 table=t seq=x hash=00 key=00 sig=00",
        ] {
            let e = text.parse::<SignedHead>().unwrap_err();
            assert!(e.to_string().starts_with("not a signed head"), "{e}");
        }
    }
}
