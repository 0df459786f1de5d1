//! The `textract` command: text and metadata from documents, one file, many
//! files or whole directories, as plain text or JSON Lines.
//!
//! ```text
//! textract [OPTIONS] <PATH>...
//! ```
//! Exit status: 0 when every input was extracted, 1 when any failed, 2 on
//! usage errors.
#![forbid(unsafe_code)]

mod inputs;
mod run;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use textract::{Format, Options};

/// Extract clean text and metadata from documents (PDF, Word .doc, HTML, text).
#[derive(Debug, Parser)]
#[command(name = "textract", version, about)]
struct Cli {
    /// Files (or, with -r, directories) to extract.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Print JSON Lines: one object per input with path, format, text,
    /// metadata, encoding, warnings and error.
    #[arg(long)]
    json: bool,

    /// Walk directories, in sorted order.
    #[arg(short, long)]
    recursive: bool,

    /// Files processed in parallel (default: all cores); output order stays
    /// the order of the inputs.
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,

    /// Skip format detection and read every input as this format.
    #[arg(long, value_name = "FORMAT")]
    format: Option<Format>,

    /// A transport-layer Content-Type for charset sniffing, e.g.
    /// 'text/html; charset=Shift_JIS'.
    #[arg(long, value_name = "VALUE")]
    content_type: Option<String>,

    /// Password of encrypted PDFs (user or owner password).
    #[arg(long, value_name = "PASSWORD")]
    password: Option<String>,

    /// PDF: keep each line's horizontal layout (like pdftotext -layout).
    #[arg(long)]
    layout: bool,

    /// PDF: keep words hyphenated at a line end as printed (`com-` and
    /// `pile` on two lines) instead of joining them as pdftotext does.
    #[arg(long)]
    keep_hyphens: bool,

    /// Wall-clock seconds allowed per document (default 30; 0 for none);
    /// past it a document gives what was read, with a warning, or a `limit` error.
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut options = Options::default();
    options.format = cli.format;
    options.content_type = cli.content_type.clone();
    options.password = cli.password.clone();
    options.layout = cli.layout;
    options.keep_hyphenation = cli.keep_hyphens;
    if let Some(secs) = cli.timeout {
        options.limits.deadline = (secs > 0.0)
            .then(|| std::time::Duration::try_from_secs_f64(secs).ok())
            .flatten();
    }

    let inputs = inputs::collect(&cli.paths, cli.recursive);
    let jobs = cli
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let progress = (std::io::stderr().is_terminal() && inputs.len() > 1)
        .then(|| run::progress_bar(inputs.len() as u64));
    let several = inputs.len() > 1;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let result = run::process(&inputs, jobs, &options, |input, outcome| {
        if let Some(bar) = &progress {
            bar.inc(1);
        }
        failed |= outcome.is_err();
        let res = if cli.json {
            run::write_json(&mut out, input, &outcome)
        } else {
            run::write_text(&mut out, input, &outcome, several)
        };
        // A closed pipe (`textract … | head`) ends the run quietly.
        res.is_ok()
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let _ = out.flush();
    match result {
        Err(e) => {
            eprintln!("textract: {e}");
            ExitCode::from(2)
        }
        Ok(()) if failed => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}
