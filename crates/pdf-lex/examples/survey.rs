//! Prints, for each PDF named on the command line, its page count, the
//! number of content operators, unreadable objects, whether the xref was
//! rebuilt and the first warning: `cargo run --release -p pdf-lex --example
//! survey -- FILE...` (password from `$PW`).
#![allow(clippy::unwrap_used)]
use pdf_lex::{Document, Object, Options, content::Operations};
fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap();
        let pw = std::env::var("PW").ok();
        match Document::open_with(&data, &{
            let mut options = Options::default();
            options.password = pw;
            options
        }) {
            Err(e) => println!("{path}: ERROR {e}"),
            Ok(doc) => {
                let info = doc.info();
                println!(
                    "{path}: title {:?} producer {:?} | info",
                    info.title.unwrap_or_default(),
                    info.producer.unwrap_or_default()
                );
                let pages = doc.pages().map(|p| p.len());
                let mut ops = 0;
                let mut tj = 0;
                if let Ok(ps) = doc.pages() {
                    for p in &ps {
                        if let Ok(c) = doc.page_contents(p) {
                            for o in Operations::new(&c) {
                                ops += 1;
                                if o.operator == b"Tj" || o.operator == b"TJ" {
                                    tj += 1;
                                }
                            }
                        }
                    }
                }
                let mut bad = 0;
                for r in doc.object_refs() {
                    if let Ok(o) = doc.get(r) {
                        if let Object::Stream(s) = &*o
                            && doc.stream_data(s).is_err()
                        {
                            bad += 1;
                        }
                    } else {
                        bad += 1;
                    }
                }
                let w = doc.warnings();
                println!(
                    "{path}: pages {pages:?} ops {ops} text-ops {tj} bad-objs {bad} rebuilt {} warnings {} {}",
                    doc.was_rebuilt(),
                    w.len(),
                    w.first().map(|w| w.message.clone()).unwrap_or_default()
                );
            }
        }
    }
}
