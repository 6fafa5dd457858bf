//! The service units as shipped (issue 26, attack 13): the kiosk browser runs as a user
//! of its own who can reach none of the controller's secrets, and the install lines
//! never make `table.toml` readable by everyone.

use std::collections::HashMap;

/// A unit file's `[Service]` settings (a key given twice keeps every value) and its
/// comment lines.
struct Unit {
    service: HashMap<String, Vec<String>>,
    comments: Vec<String>,
}

fn unit(name: &str) -> Unit {
    let path = format!("{}/systemd/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the unit file");
    let mut section = String::new();
    let mut service: HashMap<String, Vec<String>> = HashMap::new();
    let mut comments = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix('#') {
            comments.push(c.trim().to_string());
            continue;
        }
        // A value continued on the next line (`\` at the end).
        let whole = format!("{pending}{line}");
        if let Some(start) = whole.strip_suffix('\\') {
            pending = format!("{start} ");
            continue;
        }
        pending.clear();
        if whole.starts_with('[') {
            section = whole;
        } else if let Some((k, v)) = whole.split_once('=') {
            if section == "[Service]" {
                service
                    .entry(k.trim().to_string())
                    .or_default()
                    .push(v.trim().to_string());
            }
        }
    }
    Unit { service, comments }
}

impl Unit {
    fn one(&self, key: &str) -> &str {
        match self.service.get(key).map(Vec::as_slice) {
            Some([v]) => v,
            other => panic!("{key}: {other:?}"),
        }
    }

    fn all(&self, key: &str) -> Vec<String> {
        self.service
            .get(key)
            .into_iter()
            .flatten()
            .flat_map(|v| {
                v.split_whitespace()
                    .map(|w| w.trim_start_matches('-').to_string())
            })
            .collect()
    }
}

#[test]
fn the_kiosk_browser_runs_as_its_own_user_without_the_controllers_files() {
    let controller = unit("tablectl.service");
    let screen = unit("table-screen.service");
    assert_eq!(controller.one("User"), "table");
    assert_ne!(screen.one("User"), controller.one("User"));
    assert_ne!(screen.one("User"), "root");
    let hidden = screen.all("InaccessiblePaths");
    for path in [
        "/var/lib/tablectl",
        "/var/lib/tablectl-key",
        "/etc/tablectl",
    ] {
        assert!(hidden.iter().any(|h| h == path), "{path} not in {hidden:?}");
    }
    assert_eq!(screen.one("ProtectHome"), "yes");
    assert_eq!(screen.one("ProtectSystem"), "strict");
    assert_eq!(screen.one("NoNewPrivileges"), "yes");
    // Nothing of the controller's is made writable or readable to it again.
    for key in [
        "ReadWritePaths",
        "ReadOnlyPaths",
        "BindPaths",
        "BindReadOnlyPaths",
    ] {
        for path in screen.all(key) {
            assert!(!path.contains("tablectl"), "{key}={path}");
        }
    }
    assert!(
        !screen.one("ExecStart").contains("tablectl"),
        "the browser starts nothing of the controller's"
    );
}

#[test]
fn the_controllers_files_are_its_own_and_table_toml_is_never_installed_for_everyone() {
    let controller = unit("tablectl.service");
    assert_eq!(controller.one("StateDirectoryMode"), "0700");
    assert_eq!(controller.one("UMask"), "0077");
    let install: Vec<&String> = controller
        .comments
        .iter()
        .filter(|c| c.starts_with("install") && c.contains("table.toml"))
        .collect();
    assert_eq!(install.len(), 1, "{:?}", controller.comments);
    assert!(
        install[0].contains("-m 640") && install[0].contains("-g table"),
        "{}",
        install[0]
    );
    let password: Vec<&String> = controller
        .comments
        .iter()
        .filter(|c| c.starts_with("install") && c.contains("floor-password"))
        .collect();
    assert!(
        password.len() == 1 && password[0].contains("-m 600"),
        "{password:?}"
    );
    assert!(controller
        .all("LoadCredential")
        .iter()
        .any(|c| c.starts_with("floor-password:")));
}
