//! The service units and the package as shipped (issue 26, attack 13; issue 28): the
//! kiosk browser runs as a user of its own who can reach none of the controller's
//! secrets, and the package (`.ci/deb`, `hardware/deb`) installs every unit and rule
//! where systemd and udev read them and gives the files the modes and owners of
//! docs/pi.md's "Secrets and files at the table", never making `table.toml` readable by
//! everyone. `.ci/deb-test` installs it for real in an emulated arm64 Debian.

use std::collections::HashMap;

/// A unit file's `[Service]` settings (a key given twice keeps every value) and its
/// comment lines.
struct Unit {
    service: HashMap<String, Vec<String>>,
    comments: Vec<String>,
}

/// A file of the repository, by its path from this crate's folder.
fn read(path: &str) -> String {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn unit(name: &str) -> Unit {
    let text = read(&format!("systemd/{name}"));
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
    // The package ships table.toml 0640 in a 0750 folder, and postinst gives both to
    // the group `table` (the_package_gives_each_file_the_readmes_mode_and_owner).
    let deb = read("../.ci/deb");
    assert!(
        deb.contains("put 640 hardware/table.toml etc/tablectl/table.toml")
            && deb.contains("install -d -m 750 \"$stage/etc/tablectl\""),
        "table.toml's mode in .ci/deb"
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

/// The names of the files in one of this crate's folders.
fn files_in(folder: &str) -> Vec<String> {
    let path = format!("{}/{folder}", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_package_installs_every_unit_and_rule_where_systemd_and_udev_read_them() {
    let deb = read("../.ci/deb");
    for name in files_in("systemd") {
        let line = format!("hardware/systemd/{name} usr/lib/systemd/system/{name}");
        assert!(deb.contains(&line), "{name} is not packaged: {line}");
    }
    for name in files_in("udev") {
        let line = format!("hardware/udev/{name} usr/lib/udev/rules.d/{name}");
        assert!(deb.contains(&line), "{name} is not packaged: {line}");
    }
    // The program is where the controller's unit starts it.
    assert!(deb.contains("put 755 \"$program\" usr/bin/tablectl"));
    assert!(unit("tablectl.service")
        .one("ExecStart")
        .starts_with("/usr/bin/tablectl run --config /etc/tablectl/table.toml"));
    // Every file under /etc is a conffile: an upgrade keeps the casino's edits.
    let conffiles = deb
        .lines()
        .find(|l| l.contains("DEBIAN/conffiles"))
        .expect("the conffiles line");
    for line in deb.lines().filter(|l| l.starts_with("put ")) {
        if let Some(etc) = line
            .split_whitespace()
            .nth(3)
            .filter(|d| d.starts_with("etc/"))
        {
            assert!(
                conffiles.contains(&format!("/{etc}\\n")),
                "{etc} is no conffile"
            );
        }
    }
}

/// The lines of a maintainer script that run something (no comments, no `echo`).
fn commands(script: &str) -> Vec<String> {
    read(&format!("deb/{script}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.starts_with("echo"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_package_gives_each_file_the_readmes_mode_and_owner() {
    let postinst = commands("postinst");
    let has = |line: &str| postinst.iter().any(|l| l == line);
    // docs/pi.md, "Secrets and files at the table".
    for (path, mode, owner) in [
        ("/etc/tablectl", "0750", "root:table"),
        ("/etc/tablectl/table.toml", "0640", "root:table"),
    ] {
        assert!(has(&format!("chown {owner} {path}")), "{path}'s owner");
        assert!(has(&format!("chmod {mode} {path}")), "{path}'s mode");
    }
    assert!(has(
        "for dir in /var/lib/tablectl /var/lib/tablectl-key; do"
    ));
    assert!(has("chown table:table \"$dir\"") && has("chmod 0700 \"$dir\""));
    // The users the units run as, the controller in the groups its unit names.
    let controller = unit("tablectl.service");
    let screen = unit("table-screen.service");
    // useradd's last line: `... --comment "..." USER`.
    let made = |user: &str| {
        postinst
            .iter()
            .any(|l| l.contains("--comment") && l.ends_with(&format!(" {user}")))
    };
    assert!(made(controller.one("User")) && made(screen.one("User")));
    let groups = controller.one("SupplementaryGroups").replace(' ', ",");
    assert!(
        has(&format!("usermod --append --groups {groups} table")),
        "{groups}"
    );
    // The kiosk's user joins the display's groups only, none of the controller's.
    assert!(has("for group in video render input; do"));
    assert!(has("usermod --append --groups \"$group\" table-screen"));
}

#[test]
fn no_package_script_deletes_the_hand_log_or_its_key() {
    for script in ["postinst", "prerm", "postrm"] {
        for line in commands(script) {
            let deletes = line.starts_with("rm ") || line.contains(" rm ");
            assert!(
                !(deletes && line.contains("tablectl")),
                "{script} deletes something of the table's: {line}"
            );
            assert!(!line.contains("userdel"), "{script}: {line}");
        }
    }
    // A purge names what it keeps.
    let postrm = read("deb/postrm");
    assert!(
        postrm.contains("for path in /var/lib/tablectl /var/lib/tablectl-key /etc/tablectl; do")
    );
    assert!(postrm.contains("Kept, to archive and then remove by hand"));
}
