//! Headless Chromium driven over the DevTools protocol, for the pages' browser tests
//! (the table display, the floor's page): a fresh profile, a debugging socket, one
//! page, killed on drop. `crate::peers::chromium` finds the browser.

use firmware::{Event, Table};
use host::display::TableDisplay;
use serde_json::{json, Value};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// No single step of a test may take longer (a hung browser fails, never hangs).
pub const STEP_TIMEOUT: Duration = Duration::from_secs(30);

/// Headless Chromium, killed when dropped.
pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    /// The page's connection.
    pub cdp: Cdp,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A DevTools-protocol connection to one page (flat sessions over the browser's
/// socket).
pub struct Cdp {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next: u64,
    session: String,
    /// Updates shown to the display the page opened last ([`Cdp::show`]).
    shown: u64,
}

impl Cdp {
    /// Calls `method`, on the page when `on_page`; its result.
    pub fn call(&mut self, method: &str, params: Value, on_page: bool) -> Value {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if on_page {
            msg["sessionId"] = json!(self.session);
        }
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .expect("send to the browser");
        let started = Instant::now();
        loop {
            assert!(started.elapsed() < STEP_TIMEOUT, "{method}: no answer");
            match self.ws.read().expect("read from the browser") {
                Message::Text(t) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if v["id"] == json!(id) {
                        assert!(v.get("error").is_none(), "{method}: {v}");
                        return v["result"].clone();
                    }
                }
                _ => continue,
            }
        }
    }

    /// The value of `expression` in the page (a promise awaited).
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            true,
        );
        r["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    pub fn wait_for(&mut self, expression: &str, what: &str) {
        let started = Instant::now();
        while self.eval(expression) != json!(true) {
            assert!(
                started.elapsed() < STEP_TIMEOUT,
                "the page never showed {what}; it shows:\n{}",
                self.eval("document.body.innerText")
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Opens the display's page and waits until it is connected to the display.
    pub fn open(&mut self, url: &str) {
        self.shown = 0;
        self.call("Page.navigate", json!({ "url": url }), true);
        self.wait_for(
            "!!(window.__display && window.__display.connected)",
            "a connection",
        );
    }

    /// Waits until the page has drawn update `seq` of its display.
    pub fn wait_for_update(&mut self, seq: u64) {
        self.wait_for(
            &format!("window.__display.seq >= {seq}"),
            &format!("update {seq}"),
        );
    }

    /// Shows `table` after an input and its `events` on `display` (the one the
    /// page opened last), and waits until the page has drawn that update: the step
    /// of every scripted hand played into a page.
    pub fn show(&mut self, display: &mut TableDisplay, table: &Table, events: &[Event]) {
        display.show(table, events);
        self.shown += 1;
        self.wait_for_update(self.shown);
    }

    /// Opens another page in a window of its own (never a background tab, whose timers
    /// the browser slows) and turns every later call to it; its session, to turn back
    /// to with [`Cdp::switch`] (the page the browser started with: [`Cdp::page`] before
    /// this call).
    pub fn new_page(&mut self, width: u32, height: u32) -> String {
        let target = self.call(
            "Target.createTarget",
            json!({ "url": "about:blank", "newWindow": true, "width": width, "height": height }),
            false,
        );
        let session = self.call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
            false,
        );
        self.session = session["sessionId"].as_str().unwrap().to_string();
        self.shown = 0;
        self.call("Page.enable", json!({}), true);
        self.viewport(width, height);
        self.session.clone()
    }

    /// The page every call goes to now.
    pub fn page(&self) -> String {
        self.session.clone()
    }

    /// Turns every later call to the page of `session`.
    pub fn switch(&mut self, session: &str) {
        self.session = session.to_string();
    }

    /// Shows the page as a screen of `width` x `height` CSS pixels.
    pub fn viewport(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
            true,
        );
    }

    /// Saves a PNG of the page.
    pub fn screenshot(&mut self, path: &Path) {
        use base64::Engine;
        let r = self.call("Page.captureScreenshot", json!({ "format": "png" }), true);
        let png = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap();
        std::fs::write(path, png).unwrap();
    }
}

/// Starts the browser at `exe` with one blank page.
pub fn launch(exe: &Path) -> Browser {
    let profile = tempfile::tempdir().unwrap();
    let child = Command::new(exe)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--remote-debugging-port=0",
            "--window-size=1600,1000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    // Chromium writes its debugging port and the browser's socket path here.
    let port_file = profile.path().join("DevToolsActivePort");
    let started = Instant::now();
    let text = loop {
        if let Ok(t) = std::fs::read_to_string(&port_file) {
            if t.lines().count() >= 2 {
                break t;
            }
        }
        assert!(started.elapsed() < STEP_TIMEOUT, "chromium did not start");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut lines = text.lines();
    let port = lines.next().unwrap().trim();
    let path = lines.next().unwrap().trim();
    let (ws, _) = tungstenite::connect(format!("ws://127.0.0.1:{port}{path}")).unwrap();
    let mut cdp = Cdp {
        ws,
        next: 0,
        session: String::new(),
        shown: 0,
    };
    cdp.new_page(1600, 1000);
    Browser {
        child,
        _profile: profile,
        cdp,
    }
}
