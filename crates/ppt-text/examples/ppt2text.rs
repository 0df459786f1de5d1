//! Prints the parts of a deck: `cargo run -p ppt-text --example ppt2text FILE`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap();
        match ppt_text::parse(&data) {
            Ok(deck) => {
                for p in &deck.parts {
                    println!("[{} {:?}] {}", p.kind.name(), p.name, p.text);
                }
                for w in &deck.warnings {
                    eprintln!("{path}: {w}");
                }
            }
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
}
