//! Prints the text of messages read with `mail-text` alone (.msg, .eml,
//! mbox, TNEF), each attachment's path and size after it:
//! `cargo run -p mail-text --example mail2text -- FILE…` (the interface of
//! the `textract` CLI's plain output, `testkit::layer_cli`, for
//! `cargo xtask compare`).

use std::process::ExitCode;

fn main() -> ExitCode {
    testkit::layer_cli::Args::parse(&[]).run(|data, out| {
        let doc = mail_text::parse(data).map_err(|e| e.to_string())?;
        out.write_all(doc.text().as_bytes())
            .map_err(|e| e.to_string())?;
        for e in &doc.embedded {
            writeln!(out, "--- {} ({} bytes) ---", e.path, e.data.len())
                .map_err(|e| e.to_string())?;
        }
        Ok(doc.warnings)
    })
}
