//! A tournament played on tables for the floor's checks: the director working with
//! `tablectl tournament` under his own login and key, and each table playing its
//! side (seats, level changes, moves out and in, hands) as a tournament table's
//! script into its own signed log, shipped to the store as it goes.

use crate::bench::sealed;
use crate::store::Floor;
use crate::tablectl::run as ok;
use firmware::Table;
use host::records::handlog::{HandLog, TableKey};
use host::records::scenario::Scenario;
use host::session::TableSession;
use std::collections::BTreeMap;

pub const FRIDAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tournaments/friday.toml");
/// The structure's starting stack.
pub const STACK: u64 = 20_000;
/// A tournament table's settings, as every script here opens.
pub const TABLE: &str = "table holdem nl 100/200 tournament=true max_players=6\n";

/// A tournament made by its director, with his login and key.
pub struct Director {
    /// The director's URL.
    pub db: String,
    /// His key file.
    pub key: String,
    /// The tournament.
    pub id: String,
    _keys: tempfile::TempDir,
}

impl Director {
    pub fn new(floor: &Floor, login: &str, id: &str, tables: &str) -> Director {
        let file = floor.secrets.path().join(format!("{login}.password"));
        ok(&[
            "floor",
            "add-director",
            login,
            "--db",
            &floor.server.url(),
            "--password-file",
            file.to_str().expect("a path"),
        ]);
        let keys = tempfile::tempdir().expect("a folder");
        let d = Director {
            db: floor.url_as(login),
            key: keys.path().join("td.key").display().to_string(),
            id: id.to_string(),
            _keys: keys,
        };
        d.run(
            "create",
            &["--structure", FRIDAY, "--tables", tables, "--seats", "6"],
        );
        d
    }

    /// `tablectl tournament CMD ID --db --key ...`.
    pub fn run(&self, cmd: &str, extra: &[&str]) -> String {
        let mut args = vec![
            "tournament",
            cmd,
            &self.id,
            "--db",
            &self.db,
            "--key",
            &self.key,
        ];
        args.extend_from_slice(extra);
        ok(&args)
    }

    /// Registers `n` players and starts the clock: each entry's table and seat.
    pub fn seat_players(&self, n: usize) -> BTreeMap<u64, (String, u8)> {
        for i in 0..n {
            self.run("register", &[&format!("Player {i}")]);
        }
        self.run("start", &[]);
        let show: serde_json::Value = serde_json::from_str(&ok(&[
            "tournament",
            "show",
            &self.id,
            "--db",
            &self.db,
            "--json",
        ]))
        .expect("json");
        show["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| {
                (
                    s["entry"].as_u64().expect("entry"),
                    (
                        s["table"].as_str().expect("table").to_string(),
                        s["seat"].as_u64().expect("seat") as u8,
                    ),
                )
            })
            .collect()
    }
}

/// The seats of `table`'s entries, lowest first.
pub fn seats_at(seating: &BTreeMap<u64, (String, u8)>, table: &str) -> Vec<(u64, u8)> {
    let mut s: Vec<(u64, u8)> = seating
        .iter()
        .filter(|(_, (t, _))| t == table)
        .map(|(e, (_, s))| (*e, *s))
        .collect();
    s.sort_by_key(|&(_, seat)| seat);
    s
}

/// A seat at `table` nobody sits in.
pub fn free_seat(seating: &BTreeMap<u64, (String, u8)>, table: &str) -> u8 {
    (1..=6)
        .find(|s| !seats_at(seating, table).iter().any(|(_, t)| t == s))
        .expect("a free seat")
}

/// One table's signed log, played script by script and shipped to the store.
pub struct TableLog {
    id: String,
    dir: tempfile::TempDir,
    log: HandLog,
    table: Option<Table>,
}

impl TableLog {
    pub fn new(floor: &mut Floor, id: &str, seed: u8) -> TableLog {
        let key = TableKey::from_seed([seed; 32]);
        let dir = tempfile::tempdir().expect("a folder");
        let (log, _) = HandLog::open(dir.path(), id, &key).expect("the log");
        floor
            .owner
            .register(id, &key.public())
            .expect("the table, registered");
        TableLog {
            id: id.to_string(),
            dir,
            log,
            table: None,
        }
    }

    /// Plays `lines` (after the table's settings) into the log, then ships the log.
    pub fn play(&mut self, floor: &mut Floor, lines: &str) {
        let scenario = Scenario::parse(&format!("{TABLE}{lines}")).expect("a script");
        let mut session = match self.table.take() {
            None => TableSession::create(scenario.config, Some(&mut self.log)).expect("a session"),
            Some(t) => TableSession::new(t, Some(&mut self.log)),
        };
        scenario
            .run_on(&mut session, |_, _, _, _| {})
            .unwrap_or_else(|e| panic!("table {}: {e}\n{lines}", self.id));
        self.table = Some(session.table().clone());
        drop(session);
        let records = sealed(self.dir.path());
        floor
            .owner
            .ingest(&self.id, &records, 0)
            .expect("a shipment");
    }
}

/// `seat N 20000` for each entry at `table`.
pub fn seat_lines(seating: &BTreeMap<u64, (String, u8)>, table: &str) -> String {
    seats_at(seating, table)
        .iter()
        .map(|(_, s)| format!("seat {s} {STACK}\n"))
        .collect()
}

/// One hand at two players, `first` (the button, small blind, to act first) folding
/// to `second`.
pub fn folded_hand(first: u8, second: u8) -> String {
    format!("hand\ndeal ?? ?? ?? ??\n{first} fold\naward {second} 200\n")
}

/// One hand at two players, both all in: `first` (the button, small blind, dealt
/// second, with the bigger stack) holds aces and takes the `pot`; `second` busts out.
pub fn all_in_hand(first: u8, second: u8, pot: u64) -> String {
    format!(
        "hand\ndeal Kc As Kd Ah\n{first} allin\n{second} allin\nburn 2c\ndeal 3d 7c 9s\n\
         burn 4c\ndeal Jd\nburn 5h\ndeal 2h\naward {first} {pot}\n"
    )
}

/// A tournament on two tables, `a` and `b`, of two entries each, its clock started:
/// the director (login `td_<id>`), each entry's table and seat, and the two tables'
/// logs (each registered with the store, nothing played yet).
pub struct TwoTables {
    /// The director.
    pub director: Director,
    /// Each entry's table and seat.
    pub seating: BTreeMap<u64, (String, u8)>,
    /// Table `a`'s log.
    pub a: TableLog,
    /// Table `b`'s log.
    pub b: TableLog,
}

impl TwoTables {
    /// Tournament `id` on tables `a` and `b`.
    pub fn new(floor: &mut Floor, id: &str, a: &str, b: &str) -> TwoTables {
        let director = Director::new(
            floor,
            &format!("td_{}", id.to_lowercase()),
            id,
            &format!("{a},{b}"),
        );
        let seating = director.seat_players(4);
        TwoTables {
            director,
            seating,
            a: TableLog::new(floor, a, 1),
            b: TableLog::new(floor, b, 2),
        }
    }
}

/// Two tables, A and B, each with two entries; the first entry at A moves to a free
/// seat at B, whose table records him arriving with `arrival` chips. Both tables go to
/// level 2 around the move. Gives the director and a reader's URL.
pub fn one_move(floor: &mut Floor, id: &str, a: &str, b: &str, arrival: u64) -> (Director, String) {
    let TwoTables {
        director: d,
        seating,
        a: mut ta,
        b: mut tb,
    } = TwoTables::new(floor, id, a, b);
    let (mover, from) = seats_at(&seating, a)[0];
    let to = free_seat(&seating, b);
    ta.play(
        floor,
        &format!(
            "{}level 2 200/400 0\nmoveout {from}\n",
            seat_lines(&seating, a)
        ),
    );
    tb.play(
        floor,
        &format!(
            "{}movein {to} {arrival}\nlevel 2 200/400 0\n",
            seat_lines(&seating, b)
        ),
    );
    d.run(
        "move",
        &[
            &mover.to_string(),
            "--to",
            b,
            "--seat",
            &to.to_string(),
            "--chips",
            &STACK.to_string(),
        ],
    );
    let reader = floor.add_reader(&format!("audit_{}", id.to_lowercase()));
    (d, reader)
}
