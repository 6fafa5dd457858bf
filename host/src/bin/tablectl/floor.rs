//! `tablectl floor`: the casino floor's store read from the command line: hands of
//! every table by the same filters as `tablectl audit list`, the tables with their
//! backlog, last shipment and program, the alerts, and clearing one; the programs
//! the floor approved (`approve`, `revoke`, `approved`); and the store's logins,
//! made by its owner (`add-table`, `add-reader`, `add-director`).

use crate::cli::{
    Floor, FloorAddReaderArgs, FloorAddTableArgs, FloorApproveArgs, FloorArgs, FloorClearArgs,
    FloorExportArgs, FloorHandsArgs, FloorMigrateArgs, FloorRakeArgs, FloorRevokeArgs,
    FloorServeArgs,
};
use crate::error::CliError;
use host::floor::{hands, Store};

/// Runs a `tablectl floor` command.
pub fn floor(command: &Floor) -> Result<(), CliError> {
    let result = match command {
        Floor::Hands(args) => floor_hands(args),
        Floor::Tables(args) => floor_tables(args),
        Floor::Alerts(args) => floor_alerts(args),
        Floor::Clear(args) => floor_clear(args),
        Floor::Approve(args) => floor_approve(args),
        Floor::Revoke(args) => floor_revoke(args),
        Floor::Approved(args) => floor_approved(args),
        Floor::Serve(args) => floor_serve(args),
        Floor::Rake(args) => floor_rake(args),
        Floor::Export(args) => floor_export(args),
        Floor::Migrate(args) => floor_migrate(args),
        Floor::AddTable(args) => floor_add_table(args),
        Floor::AddReader(args) => floor_add_reader(args),
        Floor::AddDirector(args) => floor_add_director(args),
    };
    result.map_err(|e| e.within("tablectl floor"))
}

fn open(url: &str) -> Result<Store, CliError> {
    Store::open_to_read(url).map_err(|e| CliError::hint(e, "see --db"))
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn floor_hands(args: &FloorHandsArgs) -> Result<(), CliError> {
    let mut store = open(&args.floor.db)?;
    let found = hands::list(store.client(), args.table.as_deref(), &args.filter.filter())
        .map_err(CliError::failed)?;
    for h in &found {
        if args.floor.json {
            println!("{}", json(h));
        } else {
            println!("table {}  {}", h.table_id, crate::audit::hand_line(&h.hand));
        }
    }
    Ok(())
}

fn floor_tables(args: &FloorArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    for t in store.tables().map_err(CliError::failed)? {
        if args.json {
            println!("{}", json(&t));
        } else {
            println!(
                "table {}  {}  record {}  backlog {}  last shipment {}  alerts {}  {}",
                t.table_id,
                presence_words(&t),
                t.head_seq,
                t.backlog,
                t.seconds_since_shipment
                    .map_or("never".to_string(), |s| format!("{s:.0} s ago")),
                t.open_alerts,
                program_words(t.program.as_ref())
            );
        }
    }
    Ok(())
}

/// Whether a table runs, closed, went silent or never connected, in the floor's
/// words: the last two say what to check.
fn presence_words(t: &host::floor::TableStatus) -> String {
    use host::floor::Presence;
    match t.presence {
        Presence::Live => "live".to_string(),
        Presence::Closed => "closed".to_string(),
        Presence::Silent => format!(
            "NOT HEARD FROM for {:.0} s (check the table, its network and its password)",
            t.seconds_since_seen.unwrap_or_default()
        ),
        Presence::NeverConnected => {
            "NEVER CONNECTED (check its login's password file and its table id)".to_string()
        }
    }
}

/// A table's program in `floor tables`: version, the short forms of its binary's and
/// configuration's digests, and whether the floor approved it.
fn program_words(program: Option<&host::floor::ProgramStatus>) -> String {
    use host::floor::ProgramAlert;
    let Some(p) = program else {
        return "program unknown (no program record yet)".to_string();
    };
    let verdict = match p.alert() {
        None => "approved",
        Some(ProgramAlert::Unapproved) => "NOT APPROVED",
        Some(ProgramAlert::Forged) => "PROGRAM RECORD DOES NOT VERIFY",
    };
    format!(
        "program {} binary {} configuration {} {verdict}",
        p.version,
        p.binary.short(),
        p.config.short()
    )
}

fn floor_alerts(args: &FloorArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    // The programs first: an alert no one clears but by approving (or replacing)
    // the program.
    for a in store.program_alerts().map_err(CliError::failed)? {
        if args.json {
            println!("{}", json(&a));
        } else {
            println!("program alert: {a}");
        }
    }
    for a in store.alerts(false).map_err(CliError::failed)? {
        if args.json {
            println!("{}", json(&a));
        } else {
            println!("alert {}: {a}", a.id);
        }
    }
    Ok(())
}

fn floor_clear(args: &FloorClearArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    if store.clear_alert(args.id).map_err(CliError::failed)? {
        println!("alert {} cleared", args.id);
        Ok(())
    } else {
        Err(CliError::failed(host::floor::FloorError::Database(
            hardware::cause::Cause::said(format!("no alert {} waiting to be cleared", args.id)),
        )))
    }
}

/// `floor approve HASH`: tables running this binary raise no alert.
fn floor_approve(args: &FloorApproveArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    let added = store
        .approve(&args.hash, &args.note)
        .map_err(|e| CliError::hint(e, "approve as the store's owner"))?;
    if added {
        println!("program {} approved", args.hash);
    } else {
        println!("program {} was approved already", args.hash);
    }
    Ok(())
}

/// `floor revoke HASH`: tables running this binary raise the alert again.
fn floor_revoke(args: &FloorRevokeArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    let removed = store
        .revoke(&args.hash)
        .map_err(|e| CliError::hint(e, "revoke as the store's owner"))?;
    if removed {
        println!("program {} no longer approved", args.hash);
        Ok(())
    } else {
        Err(CliError::failed(host::floor::FloorError::Database(
            hardware::cause::Cause::said(format!("program {} was not approved", args.hash)),
        )))
    }
}

/// `floor approved`: the approved binaries.
fn floor_approved(args: &FloorArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    for a in store.approved().map_err(CliError::failed)? {
        if args.json {
            println!("{}", json(&a));
        } else {
            println!("program {} approved by {}: {}", a.binary, a.by, a.note);
        }
    }
    Ok(())
}

/// Each table's rake report, as `audit rake` prints a table's.
fn floor_rake(args: &FloorRakeArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    for t in host::floor::audits::rake(&mut store, args.span.from, args.span.to)
        .map_err(CliError::failed)?
    {
        if args.span.json {
            println!("{}", json(&t));
        } else {
            println!("table {}", t.table_id);
            crate::audit::print_rake(&t.report);
        }
    }
    Ok(())
}

/// The hands asked for as DIR/TABLE.phhs; nothing written unless every table exports.
fn floor_export(args: &FloorExportArgs) -> Result<(), CliError> {
    let mut store = open(&args.db)?;
    let found = hands::list(store.client(), args.table.as_deref(), &args.filter.filter())
        .map_err(CliError::failed)?;
    let exported = host::floor::audits::export(&mut store, &found).map_err(CliError::failed)?;
    let at = |e: std::io::Error| CliError::at(format!("{}: cannot write", args.out.display()), e);
    std::fs::create_dir_all(&args.out).map_err(at)?;
    let mut total = 0;
    for (table_id, histories) in &exported {
        let file = args.out.join(host::floor::audits::file_name(table_id));
        std::fs::write(&file, host::records::phh::to_phhs(histories)).map_err(at)?;
        total += histories.len();
    }
    eprintln!(
        "{total} hand(s) of {} table(s) written to {}",
        exported.len(),
        args.out.display()
    );
    Ok(())
}

/// Brings the store's schema up to date.
fn floor_migrate(args: &FloorMigrateArgs) -> Result<(), CliError> {
    let (found, now) = Store::migrate(&args.db).map_err(|e| CliError::hint(e, "see --db"))?;
    if found == now {
        println!("the floor's store is at schema version {now}: nothing to do");
    } else {
        println!("the floor's store migrated from schema version {found} to {now}");
    }
    Ok(())
}

/// Table `args.id`'s own login, bound to it.
fn floor_add_table(args: &FloorAddTableArgs) -> Result<(), CliError> {
    let mut store = Store::open(&args.db).map_err(|e| CliError::hint(e, "see --db"))?;
    let login = host::floor::roles::add_table(
        store.client(),
        &args.id,
        args.role.as_deref(),
        args.password_file.as_deref(),
    )
    .map_err(CliError::failed)?;
    println!(
        "table {} ships as {}; its password is in {} (mode 0600): give both to the table",
        args.id,
        login.role,
        login.password_file.display()
    );
    Ok(())
}

/// A reader's login for `floor serve` and the audits.
fn floor_add_reader(args: &FloorAddReaderArgs) -> Result<(), CliError> {
    let mut store = Store::open(&args.db).map_err(|e| CliError::hint(e, "see --db"))?;
    let login =
        host::floor::roles::add_reader(store.client(), &args.name, args.password_file.as_deref())
            .map_err(CliError::failed)?;
    println!(
        "{} reads every table; its password is in {} (mode 0600)",
        login.role,
        login.password_file.display()
    );
    Ok(())
}

/// A tournament director's login for `tablectl tournament`.
fn floor_add_director(args: &FloorAddReaderArgs) -> Result<(), CliError> {
    let mut store = Store::open(&args.db).map_err(|e| CliError::hint(e, "see --db"))?;
    let login =
        host::floor::roles::add_director(store.client(), &args.name, args.password_file.as_deref())
            .map_err(CliError::failed)?;
    println!(
        "{} runs tournaments and reads no table's records; its password is in {} (mode 0600)",
        login.role,
        login.password_file.display()
    );
    Ok(())
}

/// Serves the floor's pages until the process is stopped.
fn floor_serve(args: &FloorServeArgs) -> Result<(), CliError> {
    let token_file = args
        .token
        .clone()
        .unwrap_or_else(|| std::path::PathBuf::from("floor-token"));
    let token = host::web::auth::load_or_create_token(&token_file)
        .map_err(|e| CliError::hint(e, "see --token"))?;
    let service = host::floor::FloorService::start(host::floor::ServeOptions {
        url: args.db.clone(),
        bind: args.listen,
        token,
        hosts: args.hosts.clone(),
        lang: args.lang,
        migrate: !args.no_migrate,
    })
    .map_err(CliError::failed)?;
    println!(
        "floor: {} (the password is in {}; any user name)",
        service.url(),
        token_file.display()
    );
    loop {
        std::thread::park();
    }
}
