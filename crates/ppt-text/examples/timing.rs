//! Times `parse` per file over ten passes: `cargo run --release -p ppt-text --example timing FILE...`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn main() {
    let files: Vec<(String, Vec<u8>)> = std::env::args()
        .skip(1)
        .map(|p| {
            let d = std::fs::read(&p).unwrap();
            (p, d)
        })
        .collect();
    let all = std::time::Instant::now();
    for (p, d) in &files {
        let t = std::time::Instant::now();
        for _ in 0..10 {
            let _ = ppt_text::parse(d);
        }
        println!("{:>10.3} ms  {p}", t.elapsed().as_secs_f64() * 1000.0);
    }
    println!("ten passes: {:.1} ms", all.elapsed().as_secs_f64() * 1000.0);
}
