//! A real PostgreSQL server for the floor's tests, from the distribution's packages:
//! `initdb` into a temporary folder, `pg_ctl` on a free loopback port (its socket in
//! the same folder), stopped and deleted on drop. The tests stop and start it again
//! to play an outage.
//!
//! The binaries are looked for in `$PG_BIN` (a folder), then on `PATH`, then under
//! `/usr/lib/postgresql/*/bin` (Debian's layout, newest version first). Where none is
//! found the test prints one line saying how to enable it (`apt-get install
//! postgresql`) and passes; with `REQUIRE_POSTGRES` set it fails instead.
//!
//! PostgreSQL refuses to run as root: when the tests run as root (CI does), the server
//! runs as the `postgres` user the package creates (or `nobody`), and its folder is
//! given to that user.
//!
//! A server may take TLS ([`PgServer::start_tls`]) with a certificate the test made
//! ([`crate::certs`]), and then take TCP connections over TLS only, as a casino's
//! store does (`hostssl` lines in `pg_hba.conf`, no `host` line).

use std::net::TcpListener;
use std::os::unix::fs::MetadataExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::certs::ServerCert;

/// The environment variable that makes a missing server a failure.
pub const REQUIRE_POSTGRES: &str = "REQUIRE_POSTGRES";
/// The environment variable naming the folder of the server's binaries.
pub const PG_BIN: &str = "PG_BIN";
/// The command that installs the server.
pub const POSTGRES_SETUP: &str = "apt-get install postgresql";
/// How long the server may take to start or stop.
const START_TIMEOUT_S: &str = "30";
/// How many ports a new server tries before its start is a failure.
const START_ATTEMPTS: usize = 3;
/// How much of the server's log a failure to start quotes (its last bytes).
const LOG_TAIL: usize = 2000;
/// The database user the tests connect as (`initdb -U`).
pub const SUPERUSER: &str = "floor";

/// A running (or stopped) PostgreSQL server of a test.
pub struct PgServer {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    run_as: Option<(u32, u32)>,
    running: bool,
    durable: bool,
    tls: bool,
}

/// `pg_hba.conf` of a server taking TCP connections over TLS only: no `host` line, so
/// a client in clear is refused ("no encryption"); its own socket stays open to the
/// test's tools.
const TLS_ONLY_HBA: &str = "local all all trust\n\
                            hostssl all all 127.0.0.1/32 trust\n\
                            hostssl all all ::1/128 trust\n";

/// The folder holding `initdb` and `pg_ctl`, if there is one.
fn find_bin() -> Result<PathBuf, String> {
    let has = |d: &Path| d.join("initdb").is_file() && d.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os(PG_BIN) {
        let dir = PathBuf::from(dir);
        return if has(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "${PG_BIN} ({}) holds no initdb and pg_ctl",
                dir.display()
            ))
        };
    }
    if let Some(path) = std::env::var_os("PATH") {
        for d in std::env::split_paths(&path) {
            if has(&d) {
                return Ok(d);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            Some((v, e.path().join("bin")))
        })
        .filter(|(_, d)| has(d))
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, d)| d)
        .ok_or_else(|| "no initdb and pg_ctl on PATH or under /usr/lib/postgresql".to_string())
}

/// The user and group to run the server as when the tests run as root.
fn run_as() -> Result<Option<(u32, u32)>, String> {
    let euid = std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .map_err(|e| format!("cannot tell who runs the tests: {e}"))?;
    if euid != 0 {
        return Ok(None);
    }
    let passwd = std::fs::read_to_string("/etc/passwd").map_err(|e| e.to_string())?;
    for name in ["postgres", "nobody"] {
        for line in passwd.lines() {
            let f: Vec<&str> = line.split(':').collect();
            if f.len() > 3 && f[0] == name {
                if let (Ok(u), Ok(g)) = (f[2].parse(), f[3].parse()) {
                    return Ok(Some((u, g)));
                }
            }
        }
    }
    Err("running as root and no `postgres` or `nobody` user to run the server as".into())
}

/// A loopback port nothing listens on now.
fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    l.local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

fn run(cmd: &mut Command) -> Result<Output, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{:?} does not run: {e}", cmd.get_program()))?;
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!(
            "{:?} failed: {}{}",
            cmd.get_program(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

impl PgServer {
    /// A new server, started; or `None` after the skip line (a failure with
    /// `REQUIRE_POSTGRES` set). `what` names the test for that line.
    pub fn start(what: &str) -> Option<PgServer> {
        PgServer::start_with(what, false)
    }

    /// [`PgServer::start`], with the server's own durability (`fsync`, synchronous
    /// commits) when `durable`: what a casino runs, for the benchmark.
    pub fn start_with(what: &str, durable: bool) -> Option<PgServer> {
        let bin = crate::peers::or_skip(find_bin(), REQUIRE_POSTGRES, what, POSTGRES_SETUP)?;
        match PgServer::init(bin, durable, None) {
            Ok(s) => Some(s),
            Err(e) => panic!("{what}: the PostgreSQL server does not start: {e}"),
        }
    }

    /// A new server taking TLS with `cert` (its key 0600 in the data folder), over TCP
    /// only with TLS when `only`; or `None` after the skip line.
    pub fn start_tls(what: &str, cert: &ServerCert, only: bool) -> Option<PgServer> {
        let bin = crate::peers::or_skip(find_bin(), REQUIRE_POSTGRES, what, POSTGRES_SETUP)?;
        match PgServer::init(bin, false, Some((cert, only))) {
            Ok(s) => Some(s),
            Err(e) => panic!("{what}: the PostgreSQL server does not start: {e}"),
        }
    }

    fn init(
        bin: PathBuf,
        durable: bool,
        tls: Option<(&ServerCert, bool)>,
    ) -> Result<PgServer, String> {
        let run_as = run_as()?;
        let dir = tempfile::Builder::new()
            .prefix("floor-pg-")
            .tempdir()
            .map_err(|e| format!("no temporary folder: {e}"))?;
        if let Some((uid, gid)) = run_as {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid))
                .map_err(|e| format!("cannot give the folder to the server's user: {e}"))?;
        }
        let mut server = PgServer {
            bin,
            dir,
            port: free_port()?,
            run_as,
            running: false,
            durable,
            tls: tls.is_some(),
        };
        let data = server.data();
        run(server
            .command("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--no-locale"])
            .arg("--no-sync"))?;
        if let Some((cert, only)) = tls {
            server.write_tls(cert, only)?;
        }
        // The port was free when asked for, but another test's client may take it
        // as its own end before the server binds it (the server then exits at
        // once): a new port is tried, a few times, before the start is a failure.
        let mut failures = Vec::new();
        for _ in 0..START_ATTEMPTS {
            match server.start_again() {
                Ok(()) => return Ok(server),
                Err(e) => {
                    failures.push(e);
                    // A server slow to start may yet be running: it is stopped
                    // before the next try takes the same data folder.
                    let _ = server.stop();
                    server.port = free_port()?;
                }
            }
        }
        Err(failures.join("\n---\n"))
    }

    /// The certificate and key in the data folder (where `ssl=on` looks for them),
    /// the key the server's user's alone; `pg_hba.conf` with `hostssl` only if `only`.
    fn write_tls(&self, cert: &ServerCert, only: bool) -> Result<(), String> {
        use std::os::unix::fs::PermissionsExt as _;
        let data = self.data();
        let write = |name: &str, text: &str, mode: u32| {
            let path = data.join(name);
            std::fs::write(&path, text)
                .and_then(|()| {
                    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))
                })
                .and_then(|()| match self.run_as {
                    Some((uid, gid)) => std::os::unix::fs::chown(&path, Some(uid), Some(gid)),
                    None => Ok(()),
                })
                .map_err(|e| format!("cannot write {}: {e}", path.display()))
        };
        write("server.crt", &cert.cert_pem, 0o644)?;
        write("server.key", &cert.key_pem, 0o600)?;
        if only {
            write("pg_hba.conf", TLS_ONLY_HBA, 0o600)?;
        }
        Ok(())
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn command(&self, program: &str) -> Command {
        let mut c = Command::new(self.bin.join(program));
        c.current_dir(self.dir.path());
        for (k, _) in std::env::vars_os() {
            if k.to_string_lossy().starts_with("PG") {
                c.env_remove(k);
            }
        }
        if let Some((uid, gid)) = self.run_as {
            c.uid(uid).gid(gid);
        }
        c
    }

    /// Starts the server (again) on its port, waiting until it takes connections.
    pub fn start_again(&mut self) -> Result<(), String> {
        // fsync off for the tests: a test's server needs no durability against power
        // cuts, and the machine's disk is shared. The benchmark keeps the defaults.
        let fast = if self.durable {
            ""
        } else {
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        };
        let tls = if self.tls { " -c ssl=on" } else { "" };
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c max_connections=300{fast}{tls}",
            self.port,
            self.dir.path().display()
        );
        run(self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .args(["-o", &options, "-l"])
            .arg(self.dir.path().join("server.log"))
            .args(["-w", "-t", START_TIMEOUT_S, "start"]))
        .map_err(|e| {
            let log = self.log();
            let tail = log
                .char_indices()
                .map(|(i, _)| i)
                .find(|&i| log.len() - i <= LOG_TAIL)
                .map_or("", |i| &log[i..]);
            format!("{e}\non port {}, the server's log ends:\n{tail}", self.port)
        })?;
        self.running = true;
        Ok(())
    }

    /// Stops the server at once, as a crash would (clients see their connections
    /// cut, new ones refused).
    pub fn stop(&mut self) -> Result<(), String> {
        run(self.command("pg_ctl").arg("-D").arg(self.data()).args([
            "-m",
            "immediate",
            "-w",
            "-t",
            START_TIMEOUT_S,
            "stop",
        ]))?;
        self.running = false;
        Ok(())
    }

    /// Makes the server check the passwords of every login but the superuser's over
    /// TCP (SCRAM-SHA-256, as a casino's store does): a table with a wrong password
    /// is refused. The test's own tools keep connecting as the superuser.
    pub fn check_passwords(&self) -> Result<(), String> {
        use std::os::unix::fs::PermissionsExt as _;
        let hba = self.data().join("pg_hba.conf");
        let lines = format!(
            "local all all trust\nhost all {SUPERUSER} 127.0.0.1/32 trust\n\
             host all all 127.0.0.1/32 scram-sha-256\n"
        );
        std::fs::write(&hba, lines)
            .and_then(|()| std::fs::set_permissions(&hba, std::fs::Permissions::from_mode(0o600)))
            .and_then(|()| match self.run_as {
                Some((uid, gid)) => std::os::unix::fs::chown(&hba, Some(uid), Some(gid)),
                None => Ok(()),
            })
            .map_err(|e| format!("cannot write {}: {e}", hba.display()))?;
        run(self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .arg("reload"))?;
        // The server reloads on its own time: until then a login it does not know is
        // let in by name (and refused as unknown), after it only by password.
        let probe = format!(
            "postgres://no_such_login:x@127.0.0.1:{}/postgres?connect_timeout=2",
            self.port
        );
        let asks_passwords = || {
            ::postgres::Client::connect(&probe, ::postgres::NoTls)
                .err()
                .and_then(|e| e.code().cloned())
                == Some(::postgres::error::SqlState::INVALID_PASSWORD)
        };
        if PgServer::wait_until(Duration::from_secs(30), asks_passwords) {
            Ok(())
        } else {
            Err("the server does not ask for passwords after its reload".into())
        }
    }

    /// The server's port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// A connection URL for database `postgres` as the superuser.
    pub fn url(&self) -> String {
        format!(
            "postgres://{SUPERUSER}@127.0.0.1:{}/postgres?connect_timeout=2",
            self.port
        )
    }

    /// The server's log, for a failing test's message.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    /// Waits until `check` holds, at most `limit`; whether it did.
    pub fn wait_until(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            if check() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        check()
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        if self.running {
            let _ = self.stop();
        }
    }
}
