//! One test per attack on a table's hand log, each reported by `tablectl audit verify`
//! (with an anchor, a signed head published earlier, where the attack needs one) and
//! refused by every audit that reads the log (`list`, `show`, `export`, `rake`), and
//! every `tablectl audit` command on a read-only copy, leaving it byte for byte as it
//! was. The attacker holds every file of the data folder and the table's public key,
//! never its private key. Without a key from outside the folder no audit says the log
//! is the table's: they end with status 3.

mod common;

use common::tablectl;
use host::records::handlog::{HandLog, SignedHead, TableKey, FILE_NAME};
use host::session::simulated::{DirectSource, SimOptions, SimulatedTable};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A table's data folder after eight hands, and what the floor kept outside it.
struct Evidence {
    _tmp: tempfile::TempDir,
    /// The data folder, the log closed (its WAL checkpointed into the file).
    closed: PathBuf,
    /// A copy of the data folder taken while the table ran: the file holds the first
    /// three hands (checkpointed), its WAL the rest.
    live: PathBuf,
    /// The table's public key file.
    public: PathBuf,
    /// The signed head after hand 3, and its head row as the file held it then.
    early: SignedHead,
    early_row: (i64, Vec<u8>, Vec<u8>),
    /// The signed head after hand 8.
    last: SignedHead,
    /// A genuine signed head of another history of the same table and key (a log
    /// rewritten by whoever held the key, and dealt on).
    fork: SignedHead,
    /// Folders for the attacks.
    work: PathBuf,
}

fn evidence() -> &'static Evidence {
    static E: OnceLock<Evidence> = OnceLock::new();
    E.get_or_init(|| {
        let tmp = tempfile::tempdir().expect("temporary folder");
        let keyfile = tmp.path().join("keys/table.key");
        let key = TableKey::create(&keyfile).expect("the table's key");
        let closed = tmp.path().join("table");
        let (mut log, _) = HandLog::open(&closed, "bench", &key).expect("log");
        let opts = SimOptions {
            hands: 8,
            ..SimOptions::default()
        };
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
        bench.run(3, &mut |_| {}).expect("three hands");
        let early = bench.head().expect("a signed head");
        let reader = Connection::open(closed.join(FILE_NAME)).expect("reader");
        let early_row = reader
            .query_row("SELECT seq, mac, tag FROM head", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .expect("the head row");
        // What SQLite does from time to time: the WAL's commits into the file.
        reader
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
            .expect("checkpoint");
        drop(reader);
        bench.run(8, &mut |_| {}).expect("five more hands");
        let last = bench.head().expect("a signed head");
        drop(bench);
        let live = tmp.path().join("live");
        std::fs::create_dir_all(&live).expect("folder");
        for name in [FILE_NAME.to_string(), format!("{FILE_NAME}-wal")] {
            std::fs::copy(closed.join(&name), live.join(&name)).expect("copy while running");
        }
        drop(log);
        let other = tmp.path().join("fork");
        let (mut log, _) = HandLog::open(&other, "bench", &key).expect("log");
        let opts = SimOptions {
            seed: opts.seed + 1,
            ..opts
        };
        let mut bench = SimulatedTable::new(&opts, DirectSource, Some(&mut log)).expect("bench");
        bench.run(4, &mut |_| {}).expect("four hands");
        let fork = bench.head().expect("a signed head");
        drop(bench);
        drop(log);
        let work = tmp.path().join("attacks");
        Evidence {
            closed,
            live,
            public: host::records::handlog::public_file(&keyfile),
            early,
            early_row,
            last,
            fork,
            work,
            _tmp: tmp,
        }
    })
}

/// A copy of `from` named `name`, changed by `attack`.
fn attacked(from: &Path, name: &str, attack: impl FnOnce(&Path)) -> PathBuf {
    let dir = evidence().work.join(name);
    std::fs::create_dir_all(&dir).expect("folder");
    for e in std::fs::read_dir(from).expect("folder") {
        let e = e.expect("entry");
        std::fs::copy(e.path(), dir.join(e.file_name())).expect("copy");
    }
    attack(&dir);
    dir
}

fn sql(dir: &Path, batch: &str) {
    let c = Connection::open(dir.join(FILE_NAME)).expect("open");
    c.execute_batch(batch).expect("the attack's SQL");
}

/// `tablectl audit verify DIR --public-key PUB [--anchor HEAD]`: whether it says
/// intact, and what it printed.
fn verify(dir: &Path, anchor: Option<&SignedHead>) -> (bool, String) {
    let e = evidence();
    let dir = dir.to_str().expect("path");
    let public = e.public.to_str().expect("path");
    let anchor = anchor.map(|a| a.to_string());
    let mut args = vec!["audit", "verify", dir, "--public-key", public];
    if let Some(a) = &anchor {
        args.extend(["--anchor", a.as_str()]);
    }
    let o = tablectl(&args);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), text)
}

/// Verify reports the attack, naming `what`.
fn caught(dir: &Path, anchor: Option<&SignedHead>, what: &str) {
    let (intact, text) = verify(dir, anchor);
    assert!(!intact, "the attack went unseen: {text}");
    assert!(text.contains(what), "expected `{what}`: {text}");
    println!("{text}");
}

fn last_seq() -> i64 {
    i64::try_from(evidence().last.seq.0).expect("seq")
}

#[test]
fn the_untouched_log_is_intact_and_extends_its_anchors() {
    let e = evidence();
    for anchor in [None, Some(&e.early), Some(&e.last)] {
        let (intact, text) = verify(&e.closed, anchor);
        assert!(intact, "{text}");
        assert!(text.contains("signed by the table's key"), "{text}");
    }
    let (intact, text) = verify(&e.live, Some(&e.last));
    assert!(intact, "the WAL's commits are read: {text}");
}

#[test]
fn an_edited_record_is_reported() {
    let dir = attacked(&evidence().closed, "edit", |d| {
        sql(d, "UPDATE records SET ts = ts + 1 WHERE seq = 10")
    });
    caught(&dir, None, "record #10 edited");
}

#[test]
fn a_deleted_record_is_reported() {
    let dir = attacked(&evidence().closed, "delete", |d| {
        sql(d, "DELETE FROM records WHERE seq = 10")
    });
    caught(&dir, None, "record #10 deleted");
}

#[test]
fn an_inserted_record_is_reported() {
    let dir = attacked(&evidence().closed, "insert", |d| {
        sql(
            d,
            "INSERT INTO records (seq, ts, kind, payload, hand, mac)
             SELECT (SELECT max(seq) FROM records) + 1, ts, kind, payload, hand, mac
             FROM records WHERE seq = 5",
        )
    });
    caught(&dir, None, "inserted");
}

#[test]
fn reordered_records_are_reported() {
    let dir = attacked(&evidence().closed, "reorder", |d| {
        sql(
            d,
            "UPDATE records SET seq = -1 WHERE seq = 10;
             UPDATE records SET seq = 10 WHERE seq = 11;
             UPDATE records SET seq = 11 WHERE seq = -1;",
        )
    });
    caught(&dir, None, "record #10 reordered");
}

#[test]
fn a_deleted_tail_is_reported_without_an_anchor() {
    let keep = last_seq() - 5;
    let dir = attacked(&evidence().closed, "tail", |d| {
        sql(d, &format!("DELETE FROM records WHERE seq > {keep}"))
    });
    caught(&dir, None, "truncated");
}

#[test]
fn a_wal_deleted_after_a_crash_is_reported_with_an_anchor() {
    let e = evidence();
    let dir = attacked(&e.live, "wal-deleted", |d| {
        std::fs::remove_file(d.join(format!("{FILE_NAME}-wal"))).expect("delete the WAL")
    });
    // Without an anchor the file is a genuine earlier state of the log: it verifies.
    let (intact, text) = verify(&dir, None);
    assert!(intact, "an earlier state of the log: {text}");
    caught(&dir, Some(&e.last), "truncated");
}

#[test]
fn a_halved_wal_is_reported_with_an_anchor() {
    let e = evidence();
    let dir = attacked(&e.live, "wal-halved", |d| {
        let wal = d.join(format!("{FILE_NAME}-wal"));
        let bytes = std::fs::read(&wal).expect("the WAL");
        std::fs::write(&wal, &bytes[..bytes.len() / 2]).expect("halve it");
    });
    caught(&dir, Some(&e.last), "truncated");
}

#[test]
fn an_old_head_row_restored_after_deleting_later_records_is_reported_with_an_anchor() {
    let e = evidence();
    let (seq, mac, tag) = e.early_row.clone();
    let dir = attacked(&e.closed, "old-head", |d| {
        let c = Connection::open(d.join(FILE_NAME)).expect("open");
        c.execute("DELETE FROM records WHERE seq > ?1", [seq])
            .expect("delete");
        c.execute(
            "UPDATE head SET seq = ?1, mac = ?2, tag = ?3",
            rusqlite::params![seq, mac, tag],
        )
        .expect("restore the head");
    });
    let (intact, text) = verify(&dir, None);
    assert!(intact, "a genuine earlier state of the log: {text}");
    caught(&dir, Some(&e.last), "truncated");
}

#[test]
fn a_row_added_to_the_set_aside_table_is_reported() {
    let dir = attacked(&evidence().closed, "dropped", |d| {
        sql(
            d,
            "INSERT INTO dropped (seq, ts, kind, payload, hand, mac, reason)
             VALUES (12, 1, 'input', '{}', 1, x'00', 'torn')",
        )
    });
    caught(&dir, None, "set-aside");
}

/// What an attacker computes without the table's key: the chain hashes (anyone can),
/// and signatures with a key of their own.
mod forger {
    use ed25519_dalek::{Signer as _, SigningKey};
    use sha2::{Digest, Sha256};

    pub fn hash(prev: &[u8], seq: i64, ts: i64, kind: &[u8], payload: &[u8]) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(b"tablectl hand log record v2\0");
        h.update(prev);
        h.update(seq.to_be_bytes());
        h.update(ts.to_be_bytes());
        h.update((kind.len() as u64).to_be_bytes());
        h.update(kind);
        h.update((payload.len() as u64).to_be_bytes());
        h.update(payload);
        h.finalize().into()
    }

    pub fn sign(key: &SigningKey, table: &str, seq: i64, hash: &[u8]) -> Vec<u8> {
        let mut m = b"tablectl hand log head v2\0".to_vec();
        m.extend_from_slice(&(table.len() as u64).to_be_bytes());
        m.extend_from_slice(table.as_bytes());
        m.extend_from_slice(&seq.to_be_bytes());
        m.extend_from_slice(hash);
        key.sign(&m).to_bytes().to_vec()
    }
}

/// Moves a hand's award to another seat, then rebuilds every hash after it and, with
/// `own` set, signs them with the attacker's key and records it as the log's.
fn forge(d: &Path, own: bool) {
    let c = Connection::open(d.join(FILE_NAME)).expect("open");
    let target: i64 = c
        .query_row(
            "SELECT min(seq) FROM records WHERE payload LIKE '%\"Awarded\"%'",
            [],
            |r| r.get(0),
        )
        .expect("an award");
    c.execute(
        "UPDATE records SET payload = replace(payload, '\"seat\":1', '\"seat\":2') WHERE seq = ?1",
        [target],
    )
    .expect("move the award");
    let attacker = ed25519_dalek::SigningKey::from_bytes(&[66; 32]);
    let rows: Vec<(i64, i64, String, String, Vec<u8>)> = c
        .prepare("SELECT seq, ts, kind, payload, mac FROM records ORDER BY seq")
        .and_then(|mut s| {
            s.query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect()
        })
        .expect("rows");
    let mut prev = [0u8; 32];
    let mut last = (0, Vec::new(), Vec::new());
    for (seq, ts, kind, payload, mac) in rows {
        let h = forger::hash(&prev, seq, ts, kind.as_bytes(), payload.as_bytes());
        let sig = if own {
            forger::sign(&attacker, "bench", seq, &h)
        } else {
            mac[32..].to_vec()
        };
        let seal = [h.as_slice(), &sig].concat();
        c.execute(
            "UPDATE records SET mac = ?1 WHERE seq = ?2",
            rusqlite::params![seal, seq],
        )
        .expect("reseal");
        prev = h;
        last = (seq, h.to_vec(), sig);
    }
    c.execute(
        "UPDATE head SET seq = ?1, mac = ?2, tag = ?3",
        rusqlite::params![last.0, last.1, last.2],
    )
    .expect("head");
    if own {
        let public = ed25519_dalek::VerifyingKey::from(&attacker);
        let hex: String = public
            .to_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        c.execute("UPDATE meta SET value = ?1 WHERE key = 'public_key'", [hex])
            .expect("the attacker's key");
    }
}

#[test]
fn a_forgery_with_every_file_and_the_public_key_is_reported() {
    let e = evidence();
    // Keeping the table's key: the hashes are rebuilt, the signatures cannot be.
    let kept = attacked(&e.closed, "forged-kept-key", |d| forge(d, false));
    caught(&kept, None, "edited");
    // Re-signed whole with the attacker's own key: the table's key (or an anchor)
    // shows it.
    let resigned = attacked(&e.closed, "forged-own-key", |d| forge(d, true));
    caught(&resigned, None, "wrong key");
    let dir = resigned.to_str().expect("path");
    let anchor = e.early.to_string();
    let o = tablectl(&["audit", "verify", dir, "--anchor", &anchor]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success() && text.contains("wrong key"), "{text}");
    // Checked against the key it records, the forgery names a key that is not the
    // table's, and is not called intact: status 3, the first line says so.
    let o = tablectl(&["audit", "verify", dir]);
    let text = String::from_utf8_lossy(&o.stdout);
    let table_key = std::fs::read_to_string(&e.public).expect("public key");
    assert!(!text.contains(table_key.trim()), "{text}");
    assert!(text.contains("the key the log records"), "{text}");
    assert_eq!(o.status.code(), Some(UNVOUCHED), "{text}");
    unvouched_first_line(&text);
}

/// The exit status of an audit whose key nobody outside the data folder vouched for.
const UNVOUCHED: i32 = 3;

/// The first line of `text` says the key is unverified, before anything else.
fn unvouched_first_line(text: &str) {
    let first = text.lines().next().unwrap_or("");
    assert!(
        first.contains("chain intact, but signed by a key nobody vouched for")
            && first.contains("--public-key"),
        "{text}"
    );
    assert!(!first.contains(": intact"), "{text}");
}

/// Attack 10 (issue 26): a log re-signed whole with the attacker's key, verified
/// without a key from outside the folder, is never reported intact: a distinct status
/// (3) and a first line saying the key is unverified. The genuine log gets the same
/// answer without a key (nothing tells them apart), and status 0 only with the
/// table's key, an anchor or the floor's store.
#[test]
fn a_log_re_signed_with_another_key_is_not_vouched_for_without_a_key() {
    let e = evidence();
    let resigned = attacked(&e.closed, "resigned-no-key", |d| forge(d, true));
    for dir in [&resigned, &e.closed] {
        let o = tablectl(&["audit", "verify", dir.to_str().expect("path")]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(UNVOUCHED), "{text}");
        unvouched_first_line(&text);
    }
    let (vouched, text) = verify(&e.closed, None);
    assert!(vouched, "{text}");
    let (vouched, text) = verify(&resigned, None);
    assert!(!vouched && text.contains("wrong key"), "{text}");
}

/// `tablectl audit COMMAND DIR` (+ `--public-key` when `keyed`): its status, standard
/// output and standard error.
fn read_audit(command: &str, dir: &Path, keyed: bool) -> (Option<i32>, String, String) {
    let d = dir.to_str().expect("path");
    let public = evidence().public.to_str().expect("path").to_string();
    let mut args = match command {
        "show" => vec!["audit", "show", d, "2"],
        "export" => vec!["audit", "export", "--phh", d],
        other => vec!["audit", other, d],
    };
    if keyed {
        args.extend(["--public-key", public.as_str()]);
    }
    let o = tablectl(&args);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Every audit that reads the log refuses it: status 1, nothing of it printed, and
/// the first line of the standard error says what failed (`what`).
fn refused_by_every_read(dir: &Path, keyed: bool, what: &str) {
    for command in ["list", "show", "export", "rake"] {
        let (code, out, err) = read_audit(command, dir, keyed);
        assert_eq!(code, Some(1), "{command}: {out}{err}");
        assert!(out.is_empty(), "{command} printed the forged log: {out}");
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.contains("REFUSED, the log does not verify") && first.contains(what),
            "{command}: {err}"
        );
    }
}

/// Attack 9 (issue 26), second half: a forged log's contents are never printed by
/// `audit list|show|export|rake` with status 0. A log edited with its hashes rebuilt
/// (the table's signatures kept) is refused with or without the key; one re-signed
/// with the attacker's key is refused with the table's key, and without it is read
/// only after a first line saying the key is unverified, with status 3.
#[test]
fn a_forged_log_is_refused_by_every_audit_that_reads_it() {
    let e = evidence();
    let kept = attacked(&e.closed, "read-forged-kept-key", |d| forge(d, false));
    refused_by_every_read(&kept, false, "edited");
    refused_by_every_read(&kept, true, "edited");
    let resigned = attacked(&e.closed, "read-forged-own-key", |d| forge(d, true));
    refused_by_every_read(&resigned, true, "wrong key");
    for command in ["list", "show", "export", "rake"] {
        let (code, out, err) = read_audit(command, &resigned, false);
        assert_eq!(code, Some(UNVOUCHED), "{command}: {err}");
        assert!(!out.is_empty(), "{command}");
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.contains("key unverified") && first.contains("nobody vouched for"),
            "{command}: {err}"
        );
    }
}

/// The record that pays hand `hand`'s pot (its award) in `dir`.
fn award_of(dir: &Path) -> (i64, i64) {
    let c = Connection::open(dir.join(FILE_NAME)).expect("open");
    c.query_row(
        "SELECT seq, hand FROM records NOT INDEXED WHERE payload LIKE '%\"awarded\"%'
         AND hand = 2 ORDER BY seq LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .expect("hand 2's award")
}

/// Attack 9 (issue 26): SQLite's `records_by_hand` index rebuilt without hand 2's
/// award record, its original SQL put back with `writable_schema`, so `quick_check`
/// passes and a read through the index hides the payout. `audit verify` names the
/// record (SQLite's full integrity check compares the index with the records);
/// `audit show` and the other reads refuse the log; and the reads themselves never
/// go through the index (`CheckedLog`, unit-tested beside it).
#[test]
fn an_index_rebuilt_without_the_award_is_reported_and_hides_nothing() {
    let e = evidence();
    let (award, hand) = award_of(&e.closed);
    let dir = attacked(&e.closed, "index-rebuilt", |d| {
        sql(
            d,
            &format!(
                "DROP INDEX records_by_hand;
                 CREATE INDEX records_by_hand ON records (hand)
                     WHERE hand IS NOT NULL AND seq <> {award};
                 PRAGMA writable_schema = ON;
                 UPDATE sqlite_master
                     SET sql = 'CREATE INDEX records_by_hand ON records (hand) WHERE hand IS NOT NULL'
                     WHERE name = 'records_by_hand';
                 PRAGMA writable_schema = OFF;"
            ),
        )
    });
    // The attack is real: SQLite's quick check passes, and a read through the index
    // leaves the award out.
    let c = Connection::open(dir.join(FILE_NAME)).expect("open");
    let quick: String = c
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .expect("quick check");
    assert_eq!(quick, "ok");
    let count = |sql: &str| -> i64 {
        c.query_row(sql, [hand], |r| r.get(0))
            .expect("a count of the hand's records")
    };
    let indexed = count("SELECT count(*) FROM records INDEXED BY records_by_hand WHERE hand = ?1");
    let all = count("SELECT count(*) FROM records NOT INDEXED WHERE hand = ?1");
    assert_eq!(indexed + 1, all, "the index hides one record");
    drop(c);
    caught(&dir, None, &format!("record #{award} edited"));
    let (_, text) = verify(&dir, None);
    assert!(text.contains("records_by_hand"), "{text}");
    refused_by_every_read(&dir, true, "integrity check");
    // The genuine log shows hand 2's award.
    let (code, out, err) = read_audit("show", &e.closed, true);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("award"), "{out}");
}

#[test]
fn a_forked_log_is_reported_with_an_anchor() {
    let e = evidence();
    assert!(e.fork.seq < e.last.seq, "the fork's head is within the log");
    caught(&e.closed, Some(&e.fork), "forked");
    // An anchor changed by hand does not check.
    let mut changed = e.last.clone();
    changed.hash = e.early.hash.clone();
    caught(
        &e.closed,
        Some(&changed),
        "anchor's signature does not check",
    );
}

/// The files of a folder with their bytes and permissions.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|e| {
            let e = e.expect("entry");
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect();
    out.sort();
    out
}

#[cfg(unix)]
fn read_only(dir: &Path, yes: bool) {
    use std::os::unix::fs::PermissionsExt as _;
    for e in std::fs::read_dir(dir).expect("folder") {
        let p = e.expect("entry").path();
        let mode = if yes { 0o444 } else { 0o644 };
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).expect("chmod");
    }
    let mode = if yes { 0o555 } else { 0o755 };
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[cfg(unix)]
#[test]
fn every_audit_command_works_on_a_read_only_copy_and_changes_nothing() {
    let e = evidence();
    for (name, from) in [("ro-closed", &e.closed), ("ro-live", &e.live)] {
        let dir = attacked(from, name, |_| {});
        read_only(&dir, true);
        let before = snapshot(&dir);
        let d = dir.to_str().expect("path");
        let public = e.public.to_str().expect("path");
        for args in [
            vec!["audit", "verify", d, "--public-key", public],
            vec!["audit", "head", d],
            vec!["audit", "list", d, "--public-key", public],
            vec!["audit", "show", d, "2", "--public-key", public],
            vec!["audit", "export", "--phh", d, "--public-key", public],
            vec!["audit", "rake", d, "--public-key", public],
        ] {
            let o = tablectl(&args);
            assert!(
                o.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        let head = tablectl(&["audit", "head", d]);
        let printed: SignedHead = String::from_utf8_lossy(&head.stdout)
            .parse()
            .expect("audit head prints a signed head");
        assert_eq!(printed, e.last, "the WAL's last commit is the head");
        assert_eq!(snapshot(&dir), before, "{name}: nothing made or changed");
        read_only(&dir, false);
    }
}

#[test]
fn a_missing_key_stops_the_table_before_it_writes_anything() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let data = tmp.path().join("table");
    let key = tmp.path().join("keys/table.key");
    let (d, k) = (data.to_str().expect("path"), key.to_str().expect("path"));
    let play = |hands: &str| {
        tablectl(&[
            "--direct",
            "--no-display",
            "--hands",
            hands,
            "--data",
            d,
            "--key",
            k,
        ])
    };
    let first = play("1");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    // The table says where its log stands; that line anchors the log.
    let out = String::from_utf8_lossy(&first.stdout);
    let head = out
        .lines()
        .find_map(|l| l.strip_prefix("signed head: "))
        .expect("the run publishes its signed head");
    let o = tablectl(&["audit", "verify", d, "--anchor", head]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    std::fs::remove_file(&key).expect("the key goes missing");
    let before = snapshot(&data);
    let again = play("2");
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(!again.status.success(), "{err}");
    assert!(err.contains("key file is missing"), "{err}");
    assert!(!key.exists(), "no new key was made");
    assert_eq!(snapshot(&data), before, "the log is as it was");
    // A key inside the data folder is refused.
    let inside = data.join("table.key");
    let o = tablectl(&[
        "--direct",
        "--no-display",
        "--hands",
        "1",
        "--data",
        d,
        "--key",
        inside.to_str().expect("path"),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("must not be in the data folder"),
        "{err}"
    );
}
