//! Prints the text of each `.xls` given, `==> PATH <==` before each when
//! there are several, as the textract CLI prints them (its `-j N` is
//! accepted and ignored, so `cargo xtask compare --textract` can run this
//! layer alone; the interface is `testkit::layer_cli`); `--repeat N` reads
//! the list N times (for timing); `--password P` opens encrypted workbooks.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = testkit::layer_cli::Args::parse(&[]);
    let mut options = xls_text::Options::default();
    options.password = args.password.clone();
    args.run(|data, out| {
        let book = xls_text::parse_with(data, &options).map_err(|e| e.to_string())?;
        out.write_all(book.text().as_bytes())
            .map_err(|e| e.to_string())?;
        Ok(book.warnings)
    })
}
