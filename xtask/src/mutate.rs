//! `cargo xtask mutate`: the full mutation run over the corpus, in release mode.

use std::process::Command;

use crate::util::workspace_root;

/// Runs the facade's mutation test with `N` mutations per corpus file
/// (default 64; `cargo test` runs a sample of 4).
pub fn run(args: &[String]) -> Result<(), String> {
    let per_file = match args.first() {
        Some(n) => n
            .parse::<usize>()
            .map_err(|_| format!("`{n}` is not a number of mutations"))?,
        None => 64,
    };
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(workspace_root())
        .args([
            "test",
            "--release",
            "-p",
            "textract",
            "--test",
            "mutation",
            "--",
            "--nocapture",
        ])
        .env("TEXTRACT_MUTATIONS", per_file.to_string())
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("mutation test failed: {status}"))
    }
}
