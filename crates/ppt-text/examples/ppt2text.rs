//! Prints the text of each `.ppt` given, `==> PATH <==` before each when
//! there are several, as the textract CLI prints them (its `-j N` is
//! accepted and ignored, so `cargo xtask compare --textract` can run this
//! layer alone; the interface is `testkit::layer_cli`); `--repeat N` reads
//! the list N times (for timing); `--password P` opens encrypted decks;
//! `--parts` prints each part with its kind and name; `--text-only` skips
//! pictures and OLE objects.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = testkit::layer_cli::Args::parse(&["--parts", "--text-only"]);
    let mut options = ppt_text::Options::default();
    options.password = args.password.clone();
    options.embedded = !args.flag("--text-only");
    let parts = args.flag("--parts");
    args.run(|data, out| {
        let deck = ppt_text::parse_with(data, &options).map_err(|e| e.to_string())?;
        let io = |e: std::io::Error| e.to_string();
        if parts {
            for p in &deck.parts {
                let name = p.name.as_deref().unwrap_or("");
                writeln!(out, "[{} {name}] {}", p.kind.name(), p.text).map_err(io)?;
            }
        } else {
            out.write_all(deck.text().as_bytes()).map_err(io)?;
        }
        Ok(deck.warnings)
    })
}
