//! `hwp2text [-j N] [--json] FILE...`: the text of HWP documents, as the
//! `textract` CLI prints it (`==> PATH <==` before each text when several
//! files are given), so `cargo xtask compare --textract` can time this
//! crate alone. `-j` is accepted for that interface and ignored (one thread).
//! `--parts` prints each part under a `--- kind ---` line, then the
//! embedded files and warnings.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    let mut files = Vec::new();
    let mut parts = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "-j" | "--jobs" => {
                args.next();
            }
            "--parts" => parts = true,
            _ => files.push(a),
        }
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = false;
    for path in &files {
        if files.len() > 1 {
            writeln!(out, "==> {path} <==").unwrap();
        }
        let data = match std::fs::read(path) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{path}: {e}");
                failed = true;
                continue;
            }
        };
        match hwp_text::parse(&data) {
            Ok(doc) if parts => {
                for p in &doc.parts {
                    writeln!(out, "--- {} ---\n{}", p.kind, p.text).unwrap();
                }
                for e in &doc.embedded {
                    writeln!(out, "embedded {} {} {} bytes", e.path, e.kind, e.data.len()).unwrap();
                }
                writeln!(out, "metadata {:?}", doc.metadata).unwrap();
                for w in &doc.warnings {
                    writeln!(out, "warning {w}").unwrap();
                }
            }
            Ok(doc) => write!(out, "{}", doc.text()).unwrap(),
            Err(e) => {
                eprintln!("{path}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
