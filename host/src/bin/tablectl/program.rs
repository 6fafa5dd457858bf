//! `tablectl verify-program`: program verification on demand (GLI-24, GLI-11). The
//! running binary's SHA-256, each configuration file's and their list's, as a
//! statement signed with the table's key; or, with `--check`, whether a signature
//! printed earlier is the table's over what runs now.

use crate::cli::VerifyProgramArgs;
use crate::error::CliError;
use crate::trusted;
use host::records::handlog::{public_file, PublicKey, TableKey};
use host::records::program::{signature_hex, ProgramId, Statement};
use host::session::live::config::{TableFile, DEFAULT_TABLE_FILE};
use std::path::PathBuf;
use std::process::ExitCode;

/// Runs `tablectl verify-program`.
/// The status says whether a signature checks (`--check`); `Err` is an error.
pub fn verify_program(args: &VerifyProgramArgs) -> Result<ExitCode, CliError> {
    verify(args).map_err(|e| e.within("tablectl verify-program"))
}

fn verify(args: &VerifyProgramArgs) -> Result<ExitCode, CliError> {
    let path = args
        .config
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_TABLE_FILE));
    let file = TableFile::load(&path).map_err(CliError::failed)?;
    let (program, files) =
        ProgramId::running(&file.program_files(&path)).map_err(CliError::failed)?;
    let statement = Statement {
        table_id: file.id.clone(),
        program,
        files,
    };
    print!("{statement}");
    match &args.check {
        Some(signature) => {
            let key = match &args.public_key {
                Some(k) => trusted::public_key(k)?,
                None => PublicKey::load(&public_file(&file.key)).map_err(|e| {
                    CliError::hint(e, "give the table's public key with --public-key")
                })?,
            };
            if statement.is_signed_hex(&key, signature) {
                println!(
                    "signature checks: table {}'s key {key} signed this program and these files",
                    file.id
                );
                Ok(ExitCode::SUCCESS)
            } else {
                println!(
                    "SIGNATURE DOES NOT CHECK against key {key}: the program, a file, the table or the key is not the one signed; compare the digests above with those printed when it was signed"
                );
                Ok(ExitCode::FAILURE)
            }
        }
        None => {
            let key = TableKey::load(&file.key).map_err(|e| {
                CliError::hint(
                    e,
                    "the statement is signed with the table's key: run as the table's user",
                )
            })?;
            println!("signature {}", signature_hex(&statement.sign(&key)));
            println!("public key {}", key.public());
            for f in &statement.files {
                if let Some(p) = &f.path {
                    println!("# file {} is {}", f.name, p.display());
                }
            }
            println!(
                "# to check it later: tablectl verify-program --config {} --check SIGNATURE [--public-key KEY]",
                path.display()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}
