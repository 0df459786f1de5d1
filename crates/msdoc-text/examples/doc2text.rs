//! Prints the text of `.doc` files (streams loaded with the `cfb` crate):
//! `cargo run --release -p msdoc-text --example doc2text -- FILE...`.
//! With `--stories`, prints each story under a heading; with `--quiet`,
//! extracts but prints only a summary (for timing).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use msdoc_text::WordDocument;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stories = args.iter().any(|a| a == "--stories");
    let quiet = args.iter().any(|a| a == "--quiet");
    let mut chars = 0usize;
    let mut files = 0usize;
    for path in args.iter().filter(|a| !a.starts_with("--")) {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let streams = match common::load_streams(&bytes) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{path}: container: {e}");
                continue;
            }
        };
        match WordDocument::parse(&streams.borrow()) {
            Ok(doc) => {
                files += 1;
                for w in doc.warnings() {
                    eprintln!("{path}: warning: {w}");
                }
                if quiet {
                    chars += doc.text().len();
                } else if stories {
                    println!(
                        "== {path} (nFib {:#x}, {:?})",
                        doc.fib().n_fib(),
                        doc.encoding().map(|e| e.name())
                    );
                    println!("objects: {:?}", doc.ole_objects());
                    for (s, t) in doc.stories() {
                        if !t.is_empty() {
                            println!("-- {s:?}\n{t}");
                        }
                    }
                } else {
                    print!("{}", doc.text());
                }
            }
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
    if quiet {
        println!("{files} files, {chars} bytes of text");
    }
}
