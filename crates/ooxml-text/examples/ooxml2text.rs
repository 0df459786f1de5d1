//! Prints the parts of OOXML/ODF files: `cargo run -p ooxml-text --example ooxml2text -- FILE...`
#![allow(clippy::unwrap_used)]

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        match ooxml_text::parse(&bytes) {
            Ok(doc) => {
                println!("== {path} ({})", doc.details.name());
                for p in &doc.parts {
                    println!("-- {} {}", p.kind, p.name.as_deref().unwrap_or(""));
                    print!("{}", p.text);
                }
                for e in &doc.embedded {
                    println!("-- embedded {} {} ({} bytes)", e.kind, e.path, e.data.len());
                }
                for w in &doc.warnings {
                    println!("-- warning: {w}");
                }
            }
            Err(e) => println!("== {path}: error: {e}"),
        }
    }
}
