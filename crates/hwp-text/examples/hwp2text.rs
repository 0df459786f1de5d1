//! `hwp2text [-j N] [--repeat N] [--parts] FILE...`: the text of HWP
//! documents, as the `textract` CLI prints it (`==> PATH <==` before each
//! text when several files are given), so `cargo xtask compare --textract`
//! can time this crate alone (the interface is `testkit::layer_cli`).
//! `--parts` prints each part under a `--- kind ---` line, then the
//! embedded files, the metadata and the warnings.
#![allow(missing_docs)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = testkit::layer_cli::Args::parse(&["--parts"]);
    let parts = args.flag("--parts");
    args.run(|data, out| {
        let doc = hwp_text::parse(data).map_err(|e| e.to_string())?;
        let io = |e: std::io::Error| e.to_string();
        if !parts {
            out.write_all(doc.text().as_bytes()).map_err(io)?;
            return Ok(doc.warnings);
        }
        for p in &doc.parts {
            writeln!(out, "--- {} ---\n{}", p.kind, p.text).map_err(io)?;
        }
        for e in &doc.embedded {
            writeln!(out, "embedded {} {} {} bytes", e.path, e.kind, e.data.len()).map_err(io)?;
        }
        writeln!(out, "metadata {:?}", doc.metadata).map_err(io)?;
        for w in &doc.warnings {
            writeln!(out, "warning {w}").map_err(io)?;
        }
        Ok(Vec::new())
    })
}
