//! The `tablectl` program itself, for the tests that run a table, a floor command or
//! a whole room as an operator does: built once per test program by the Cargo that
//! runs the tests (a test package cannot depend on another package's binary), in the
//! same profile and target folder, so it is never a stale copy; and run as a process
//! whose lines are read as they come, killed and started again as power cuts and
//! restarts do.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a line a process is expected to print may take (a hang guard).
pub const LINE_GUARD: Duration = Duration::from_secs(120);

/// The path of `tablectl`, built (or found up to date) by Cargo; a build that fails
/// fails the test with Cargo's words.
pub fn path() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(build)
}

fn build() -> PathBuf {
    // This test program is TARGET/PROFILE/deps/NAME: the program goes to the same
    // target folder, in the same profile.
    let exe = std::env::current_exe().expect("this test's program");
    let target = exe
        .parent()
        .and_then(Path::parent)
        .and_then(Path::parent)
        .expect("the target folder");
    let release = exe.components().any(|c| c.as_os_str() == "release");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace");
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .current_dir(workspace)
        .args(["build", "--quiet", "-p", "host", "--bin", "tablectl"])
        .args(["--message-format", "json-render-diagnostics"])
        .arg("--target-dir")
        .arg(target);
    if release {
        cargo.arg("--release");
    }
    let out = cargo.output().expect("cargo, to build tablectl");
    assert!(
        out.status.success(),
        "tablectl does not build:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The path Cargo names, never a guess that could be a stale copy.
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "tablectl")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the built tablectl")
}

/// Runs `tablectl args...` to its end: whether it succeeded, its standard output and
/// its standard error.
pub fn outcome(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(path())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("tablectl runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
        let mut child = Command::new(path())
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

    /// The rest of the last line starting with `prefix` so far.
    pub fn last_line(&self, prefix: &str) -> Option<String> {
        let lines = self.lines.lock().expect("lines");
        lines
            .iter()
            .rev()
            .find_map(|(_, l)| l.strip_prefix(prefix))
            .map(|l| l.trim().to_string())
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
    let (done, out, err) = outcome(args);
    assert!(done, "tablectl {}: {err}", args.join(" "));
    out
}
