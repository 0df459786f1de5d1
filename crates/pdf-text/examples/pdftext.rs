//! Prints the text of PDF files, like `pdftotext FILE -`.
//!
//! `cargo run --release -p pdf-text --example pdftext -- [--layout] [--quiet] FILE...`
//! (`--quiet` extracts without printing, for timing).

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut options = pdf_text::Options::default();
    let mut quiet = false;
    let mut status = ExitCode::SUCCESS;
    let mut stdout = std::io::stdout().lock();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--layout" => options.layout = true,
            "--quiet" => quiet = true,
            path => {
                let data = match std::fs::read(path) {
                    Ok(d) => d,
                    Err(e) => {
                        eprintln!("{path}: {e}");
                        status = ExitCode::FAILURE;
                        continue;
                    }
                };
                match pdf_text::extract_bytes(&data, &options) {
                    Ok(out) => {
                        if !quiet {
                            let _ = stdout.write_all(out.text.as_bytes());
                        }
                        for w in &out.warnings {
                            eprintln!("{path}: warning: {w}");
                        }
                    }
                    Err(e) => {
                        eprintln!("{path}: {e}");
                        status = ExitCode::FAILURE;
                    }
                }
            }
        }
    }
    status
}
