//! A stored record's kind and payload read back as the floor and the audit read them
//! (`SealedRecord::entry`, `SealedRecord::config`): a log or a store may be damaged
//! or forged, so every payload must be refused without panicking. A program record
//! read back names a version a page can show (printable, bounded) and digests whose
//! text reads back the same.
#![no_main]

use host::records::handlog::{Entry, SealedRecord, Seq};
use host::records::program::{Sha256Digest, MAX_VERSION_LEN};
use libfuzzer_sys::fuzz_target;

/// The kinds a log writes, and one it does not.
const KINDS: [&str; 8] = [
    "config", "input", "refused", "shoe", "key", "note", "program", "other",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let payload = String::from_utf8_lossy(rest).into_owned();
    if let Ok(d) = payload.parse::<Sha256Digest>() {
        assert_eq!(d.to_string().parse::<Sha256Digest>(), Ok(d));
        assert_eq!(d.to_string(), payload.trim().to_ascii_lowercase());
    }
    let record = SealedRecord {
        seq: Seq(1),
        at: host::records::time::WallTime::EPOCH,
        kind: KINDS[usize::from(pick) % KINDS.len()].to_string(),
        payload,
        hand: None,
        hash: [0; 32],
        sig: [0; 64],
    };
    let _ = record.config();
    if let Ok(entry) = record.entry() {
        let _ = entry.to_string();
        if let Entry::Program {
            version,
            binary,
            config,
        } = entry.entry
        {
            assert!(!version.is_empty() && version.chars().count() <= MAX_VERSION_LEN);
            assert!(!version.chars().any(char::is_control), "{version:?}");
            for d in [binary, config] {
                assert_eq!(d.to_string().parse::<Sha256Digest>(), Ok(d));
            }
        }
    }
});
