//! The product's own program, `tablectl`, for the tests that run a room as a casino
//! does: each table, the floor's page and the floor's commands as processes of their
//! own, killed and started again as power cuts and restarts do.
//!
//! The program is the host package's binary. A test of this package cannot name it
//! (`CARGO_BIN_EXE_*` is only for a package's own binaries), so the first call asks
//! cargo to build it (a no-op once `cargo test --workspace` has) and takes the path
//! cargo reports, never a file that may be stale.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a line a process is expected to print may take (a hang guard).
pub const LINE_GUARD: Duration = Duration::from_secs(120);

/// The path of the built `tablectl`, built by cargo on the first call.
pub fn tablectl() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(build).as_path()
}

fn build() -> PathBuf {
    // The profile this test was built with: the program is built with the same.
    let release = std::env::current_exe()
        .ok()
        .is_some_and(|p| p.components().any(|c| c.as_os_str() == "release"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut c = Command::new(cargo);
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--quiet", "-p", "host", "--bin", "tablectl"])
        .args(["--message-format", "json-render-diagnostics"]);
    if release {
        c.arg("--release");
    }
    let out = c.stderr(Stdio::inherit()).output().expect("cargo runs");
    assert!(out.status.success(), "cargo could not build tablectl");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "tablectl")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the built tablectl")
}

/// The time now in ms since the epoch, the clock the browser's pages keep too.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A `tablectl` process whose standard output is read line by line as it comes
/// (kept with the time each came, and echoed to the test's output under `name`),
/// killed when dropped.
pub struct Process {
    pub name: String,
    child: Child,
    lines: Arc<Mutex<Vec<(u64, String)>>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Process {
    /// Starts `tablectl args...` as `name`.
    pub fn start(name: &str, args: &[String]) -> Process {
        let mut child = Command::new(tablectl())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tablectl starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let out = child.stdout.take().expect("its output");
        let err = child.stderr.take().expect("its errors");
        let (kept, label) = (lines.clone(), name.to_string());
        let errors_label = name.to_string();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                eprintln!("[{errors_label} !] {line}");
            }
        });
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                eprintln!("[{label}] {line}");
                kept.lock().expect("lines").push((now_ms(), line));
            }
        });
        Process {
            name: name.to_string(),
            child,
            lines,
            reader: Some(reader),
        }
    }

    /// Its lines so far.
    pub fn lines(&self) -> Vec<String> {
        let lines = self.lines.lock().expect("lines");
        lines.iter().map(|(_, l)| l.clone()).collect()
    }

    /// When the first line starting with `prefix` came (ms since the epoch).
    pub fn line_at(&self, prefix: &str) -> Option<u64> {
        let lines = self.lines.lock().expect("lines");
        lines
            .iter()
            .find(|(_, l)| l.starts_with(prefix))
            .map(|(t, _)| *t)
    }

    /// Waits for a line starting with `prefix`; the rest of it.
    pub fn wait_line(&mut self, prefix: &str) -> String {
        let started = Instant::now();
        loop {
            if let Some(l) = self.lines().iter().find_map(|l| l.strip_prefix(prefix)) {
                return l.trim().to_string();
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                // Its last lines may still be on their way.
                if let Some(r) = self.reader.take() {
                    let _ = r.join();
                }
                if let Some(l) = self.lines().iter().find_map(|l| l.strip_prefix(prefix)) {
                    return l.trim().to_string();
                }
                panic!("{} ended ({status}) without a line {prefix:?}", self.name);
            }
            assert!(
                started.elapsed() < LINE_GUARD,
                "{}: no line {prefix:?}",
                self.name
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Whether it still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for it to end (at most `guard`), its status and all its lines read.
    pub fn wait(&mut self, guard: Duration) -> ExitStatus {
        let started = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().expect("its status") {
                break s;
            }
            assert!(started.elapsed() < guard, "{} never ended", self.name);
            std::thread::sleep(Duration::from_millis(100));
        };
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
        status
    }

    /// Kills it at once (SIGKILL: a power cut, as far as it can tell).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
    }

    /// Its process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a stuck process is doing, for a failing test's message: its threads' states
/// and the CPU time each has used (from /proc, where there is one).
pub fn cpu_report(pid: u32) -> String {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return format!("process {pid}: no /proc entry");
    };
    let mut out = format!("process {pid} threads (state, utime+stime ticks):");
    for task in tasks.flatten() {
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        // After the command's name in parentheses: state is field 3, utime 14, stime 15.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let f: Vec<&str> = rest.split_whitespace().collect();
        let name = stat
            .split_once('(')
            .and_then(|(_, r)| r.split_once(')'))
            .map_or("?", |(n, _)| n);
        if f.len() > 13 {
            out.push_str(&format!(" [{name} {} {}+{}]", f[0], f[11], f[12]));
        }
    }
    out
}

/// Runs `tablectl args...` to its end; its standard output, or the test fails with
/// what it said.
pub fn run(args: &[&str]) -> String {
    let out = Command::new(tablectl())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("tablectl runs");
    assert!(
        out.status.success(),
        "tablectl {}: {}\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
