//! Prints the text of RTF files read with `rtf-text` alone:
//! `cargo run -p rtf-text --example rtf2text -- FILE.rtf…` (the interface of
//! the `textract` CLI's plain output, for `cargo xtask compare`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in std::env::args().skip(1) {
        match std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| rtf_text::parse(&b).map_err(|e| e.to_string()))
        {
            Ok(doc) => {
                print!("{}", doc.text());
                for w in &doc.warnings {
                    eprintln!("{path}: warning: {w}");
                }
            }
            Err(e) => {
                eprintln!("{path}: {e}");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}
