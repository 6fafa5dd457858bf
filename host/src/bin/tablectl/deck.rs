//! `tablectl deck enrol|check`: the deck map of a table's data folder (which tag is
//! which card), enrolled or checked through the shoe.

use crate::cli::Deck;
use crate::error::CliError;
use std::process::ExitCode;

/// `tablectl deck enrol|check`: the deck map of the table's data folder, read through
/// the shoe on `--port` (a real reader) or the simulated shoe (`--sim`). A check's
/// status says whether the deck is complete.
pub fn deck(what: &Deck) -> Result<ExitCode, CliError> {
    use firmware::deck::DeckKind;
    use hardware::enrolment::{self as hw, CheckSettings, DECK_FILE_NAME};
    use hardware::link::{open_serial, Antenna, LinkSettings};
    let (Deck::Enrol(shoe) | Deck::Check(shoe)) = what;
    let (port, data) = (&shoe.port, &shoe.data);
    let kind = DeckKind::Standard52;
    // The simulated shoe and its dealer, who presents whatever card is asked for.
    let mut sim = None;
    let path = match port {
        Some(p) => p.clone(),
        None => {
            use hardware::sim::{PtyShoe, SimConfig, SimDealer, SimShoe};
            let (shoe, handle) = SimShoe::new(SimConfig::default());
            let pty =
                PtyShoe::spawn(shoe).map_err(|e| CliError::failed(e).within("simulated shoe"))?;
            let path = pty.path().to_string();
            println!("simulated shoe on {path}");
            sim = Some((pty, SimDealer::new(handle.clone(), kind, 1, 1), handle));
            path
        }
    };
    let settings = if sim.is_some() {
        LinkSettings::bench()
    } else {
        LinkSettings::new()
    };
    let mut link = open_serial(&path, settings).map_err(|e| CliError::at(&path, e))?;
    let file = data.join(DECK_FILE_NAME);
    match what {
        Deck::Enrol(_) => {
            let order = hw::new_deck_order(kind);
            let result = hw::enrol(
                &mut link,
                kind,
                order,
                std::time::Duration::from_secs(30),
                |e| {
                    println!("{e}");
                    if let (Some((_, dealer, _)), hw::EnrolEvent::Present { card, .. }) = (&sim, e)
                    {
                        dealer.present(*card, Antenna::Exit);
                    }
                },
            );
            result
                .map_err(CliError::failed)
                .and_then(|map| {
                    std::fs::create_dir_all(data).map_err(CliError::failed)?;
                    hw::save(&map, &file).map_err(CliError::failed)
                })
                .map_err(|e| e.within("enrolment failed"))?;
            println!("deck enrolled: {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Deck::Check(_) => {
            let map = hw::load(&file).map_err(|e| {
                CliError::aside(CliError::at(file.display(), e), "enrol the deck first")
            })?;
            if let Some((_, _, handle)) = &sim {
                // The simulated dealer runs the whole deck through the shoe.
                let cards: Vec<firmware::Card> = hw::new_deck_order(kind);
                let handle = handle.clone();
                std::thread::spawn(move || {
                    for c in cards {
                        handle.present(firmware::deck::DeckMap::simulated_uid(1, c), Antenna::Exit);
                        std::thread::sleep(std::time::Duration::from_millis(40));
                    }
                    handle.remove();
                });
            }
            let idle = std::time::Duration::from_secs(if sim.is_some() { 1 } else { 5 });
            let settings = CheckSettings::with(idle, std::time::Duration::from_secs(600));
            let c = hw::check(&mut link, &map, settings, |_| {})
                .map_err(|e| CliError::failed(e).within("deck check"))?;
            println!(
                "{} reads: {} missing, {} duplicate reads, {} foreign tags",
                c.reads(),
                c.missing().len(),
                c.duplicate_reads(),
                c.foreign_reads()
            );
            for card in c.missing().iter() {
                println!("  missing {card}");
            }
            for uid in c.foreign() {
                println!("  foreign tag {uid}");
            }
            if c.is_clean() {
                println!("the deck is complete");
                Ok(ExitCode::SUCCESS)
            } else {
                Ok(ExitCode::FAILURE)
            }
        }
    }
}
