//! Prints the text of each `.xls` given, `==> PATH <==` before each when
//! there are several, as the textract CLI prints them (its `-j N` is
//! accepted and ignored, so `cargo xtask compare --textract` can run this
//! layer alone); `--repeat N` reads the list N times (for timing);
//! `--password P` opens encrypted workbooks.

use std::io::Write;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut repeat = 1;
    if let Some(i) = args.iter().position(|a| a == "--repeat") {
        repeat = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(1);
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut options = xls_text::Options::default();
    if let Some(i) = args.iter().position(|a| a == "--password") {
        options.password = args.get(i + 1).cloned();
        args.drain(i..(i + 2).min(args.len()));
    }
    if let Some(i) = args.iter().position(|a| a == "-j") {
        args.drain(i..(i + 2).min(args.len()));
    }
    let quiet = repeat > 1;
    // One buffered writer: stdout is line-buffered, a write per row otherwise.
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for _ in 0..repeat {
        for path in &args {
            let data = match std::fs::read(path) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    failed = true;
                    continue;
                }
            };
            match xls_text::parse_with(&data, &options) {
                Ok(book) => {
                    let text = book.text();
                    if !quiet {
                        if args.len() > 1 {
                            let _ = writeln!(out, "==> {path} <==");
                        }
                        let _ = out.write_all(text.as_bytes());
                        for w in &book.warnings {
                            eprintln!("{path}: warning: {w}");
                        }
                    }
                }
                Err(e) => {
                    if !quiet {
                        eprintln!("{path}: {e}");
                    }
                    failed = true;
                }
            }
        }
    }
    let _ = out.flush();
    drop(out);
    std::process::exit(i32::from(failed));
}
