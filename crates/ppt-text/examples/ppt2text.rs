//! Prints the text of each `.ppt` given, `==> PATH <==` before each when
//! there are several, as the textract CLI prints them (its `-j N` is
//! accepted and ignored, so `cargo xtask compare --textract` can run this
//! layer alone); `--repeat N` reads the list N times (for timing);
//! `--password P` opens encrypted decks; `--parts` prints each part with
//! its kind and name; `--text-only` skips pictures and OLE objects.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;

fn flag(args: &mut Vec<String>, name: &str) -> bool {
    let found = args.iter().position(|a| a == name);
    if let Some(i) = found {
        args.remove(i);
    }
    found.is_some()
}

fn value(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    let v = args.get(i + 1).cloned();
    args.drain(i..(i + 2).min(args.len()));
    v
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let repeat: usize = value(&mut args, "--repeat")
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut options = ppt_text::Options::default();
    options.password = value(&mut args, "--password");
    let _ = value(&mut args, "-j");
    let parts = flag(&mut args, "--parts");
    options.embedded = !flag(&mut args, "--text-only");
    let quiet = repeat > 1;
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
            match ppt_text::parse_with(&data, &options) {
                Ok(deck) => {
                    if quiet {
                        continue;
                    }
                    if args.len() > 1 {
                        let _ = writeln!(out, "==> {path} <==");
                    }
                    if parts {
                        for p in &deck.parts {
                            let name = p.name.as_deref().unwrap_or("");
                            let _ = writeln!(out, "[{} {name}] {}", p.kind.name(), p.text);
                        }
                    } else {
                        let _ = out.write_all(deck.text().as_bytes());
                    }
                    for w in &deck.warnings {
                        eprintln!("{path}: warning: {w}");
                    }
                }
                Err(e) => {
                    eprintln!("{path}: {e}");
                    failed = true;
                }
            }
        }
    }
    let _ = out.flush();
    std::process::exit(i32::from(failed));
}
