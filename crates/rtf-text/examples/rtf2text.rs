//! Prints the text of RTF files read with `rtf-text` alone:
//! `cargo run -p rtf-text --example rtf2text -- FILE.rtf…` (the interface of
//! the `textract` CLI's plain output, `testkit::layer_cli`, for
//! `cargo xtask compare`).

use std::process::ExitCode;

fn main() -> ExitCode {
    testkit::layer_cli::Args::parse(&[]).run(|data, out| {
        let doc = rtf_text::parse(data).map_err(|e| e.to_string())?;
        out.write_all(doc.text().as_bytes())
            .map_err(|e| e.to_string())?;
        Ok(doc.warnings)
    })
}
