//! The `textract` command: text, metadata and embedded files from
//! documents — one file, standard input, many files or whole directories —
//! as plain text or JSON Lines.
//!
//! ```text
//! textract [OPTIONS] <PATH>...
//! ```
//! Exit status: 0 when every input that could be read was extracted
//! (inputs that are not documents are reported on stderr but do not fail
//! the run unless `--strict`); 1 when any document failed (damaged,
//! encrypted, over a limit, unreadable); 2 on usage errors.
#![forbid(unsafe_code)]

use textract_cli::{inputs, output, run};

use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use textract::{ALL_FORMATS, Format, Options};

use inputs::{Input, Walk};
use output::{ExtractDir, Shape};
use run::{Extraction, Mode, Outcome};

const AFTER_HELP: &str = "\
Exit status: 0 when every input that could be read was extracted (inputs
that are not documents, or formats textract does not read, are reported on
stderr and do not fail the run unless --strict); 1 when any document
failed (damaged, encrypted, over a limit, unreadable); 2 on usage errors.

A multi-file run ends with a summary line on stderr (-q silences it, the
warnings and the unsupported-input lines).";

/// Extract clean text, metadata and embedded files from documents.
#[derive(Debug, Parser)]
#[command(name = "textract", version, about, after_help = AFTER_HELP, before_help = formats_help())]
struct Cli {
    /// Files, `-` for standard input, or (with -r) directories.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Print JSON Lines: one object per input (docs/json-schema.md).
    #[arg(long)]
    json: bool,

    /// Print only the metadata (no text).
    #[arg(short, long)]
    metadata: bool,

    /// Only detect each input's format and MIME type; extract nothing.
    #[arg(long, conflicts_with_all = ["metadata", "extract_dir"])]
    detect: bool,

    /// Walk directories, in sorted order.
    #[arg(short, long)]
    recursive: bool,

    /// With -r: include (GLOB) or exclude (!GLOB) files; repeatable, as ripgrep's -g.
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    globs: Vec<String>,

    /// With -r: also walk hidden files and folders, and .git and other VCS folders.
    #[arg(long)]
    hidden: bool,

    /// With -r: skip files larger than this (bytes, or with K, M, G).
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_filesize: Option<u64>,

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

    /// Password of encrypted documents (PDF user or owner password, Office, ODF).
    #[arg(long, value_name = "PASSWORD")]
    password: Option<String>,

    /// Paged formats (PDF): only these pages, e.g. 3-5 or 1,4-6 or 7-.
    #[arg(long, value_name = "PAGES", value_parser = parse_pages)]
    pages: Option<Pages>,

    /// PDF: keep each line's horizontal layout (like pdftotext -layout).
    #[arg(long)]
    layout: bool,

    /// PDF: keep words hyphenated at a line end as printed instead of
    /// joining them as pdftotext does.
    #[arg(long)]
    keep_hyphens: bool,

    /// Do not extract embedded documents (attachments, OLE objects, archive entries).
    #[arg(long)]
    no_embedded: bool,

    /// Also list pictures as embedded files (implied by --extract-dir).
    #[arg(long)]
    images: bool,

    /// Write every embedded file and picture under DIR/<input file name>/<embedded path>.
    #[arg(long, value_name = "DIR")]
    extract_dir: Option<PathBuf>,

    /// Wall-clock seconds allowed per document (default 30; 0 for none);
    /// past it a document gives what was read, with a warning, or a `limit` error.
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,

    /// Fail the run (exit 1) on inputs that are not documents or not supported too.
    #[arg(long)]
    strict: bool,

    /// Print no warnings, unsupported-input lines or summary on stderr.
    #[arg(short, long)]
    quiet: bool,
}

fn formats_help() -> String {
    let names: Vec<&str> = ALL_FORMATS
        .iter()
        .filter(|f| f.is_supported())
        .map(|f| f.name())
        .collect();
    format!("Formats read: {}", names.join(", "))
}

/// A `--pages` selection (one value, so clap does not take it for a list).
#[derive(Debug, Clone)]
struct Pages(Vec<std::ops::RangeInclusive<usize>>);

fn parse_pages(s: &str) -> Result<Pages, String> {
    textract::parse_pages(s).map(Pages)
}

/// `123`, `10K`, `5M`, `2G` (powers of 1024).
fn parse_size(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let (digits, shift) = match s.char_indices().last() {
        Some((i, 'k' | 'K')) => (&s[..i], 10),
        Some((i, 'm' | 'M')) => (&s[..i], 20),
        Some((i, 'g' | 'G')) => (&s[..i], 30),
        _ => (s, 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| format!("`{s}` is not a size (a number of bytes, or with K, M or G)"))
}

fn options(cli: &Cli) -> Options {
    let mut options = Options::default();
    options.format = cli.format;
    options.content_type = cli.content_type.clone();
    options.password = cli.password.clone();
    options.layout = cli.layout;
    options.keep_hyphenation = cli.keep_hyphens;
    options.pages = cli.pages.as_ref().map(|p| p.0.clone());
    options.metadata_only = cli.metadata;
    options.embedded.extract = !cli.no_embedded;
    options.embedded.images = cli.images || cli.extract_dir.is_some();
    options.embedded.keep_bytes = cli.extract_dir.is_some();
    if let Some(secs) = cli.timeout {
        options.limits.deadline = (secs > 0.0)
            .then(|| std::time::Duration::try_from_secs_f64(secs).ok())
            .flatten();
    }
    options
}

/// Counts for the summary line.
#[derive(Default)]
struct Tally {
    extracted: BTreeMap<String, usize>,
    unsupported: BTreeMap<String, usize>,
    failed: BTreeMap<String, usize>,
}

impl Tally {
    fn summary(&self, total: usize, too_large: usize) -> String {
        let list = |m: &BTreeMap<String, usize>| {
            m.iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let count = |m: &BTreeMap<String, usize>| m.values().sum::<usize>();
        let mut s = format!(
            "{total} inputs: {} extracted ({})",
            count(&self.extracted),
            list(&self.extracted)
        );
        if !self.unsupported.is_empty() {
            s.push_str(&format!(
                ", {} not read ({})",
                count(&self.unsupported),
                list(&self.unsupported)
            ));
        }
        if !self.failed.is_empty() {
            s.push_str(&format!(
                ", {} failed ({})",
                count(&self.failed),
                list(&self.failed)
            ));
        }
        if too_large > 0 {
            s.push_str(&format!(", {too_large} skipped over --max-filesize"));
        }
        s
    }
}

/// Writes lines to stderr without tearing the progress bar, after
/// flushing what stdout holds so messages follow the text before them.
struct Stderr {
    bar: Option<ProgressBar>,
}

impl Stderr {
    fn line(&self, out: &mut impl Write, line: &str) {
        let _ = out.flush();
        let print = || {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        };
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = options(&cli);
    let walk = Walk {
        recursive: cli.recursive,
        hidden: cli.hidden,
        globs: cli.globs.clone(),
        max_filesize: cli.max_filesize,
    };
    let collected = match inputs::collect(&cli.paths, &walk) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("textract: {e}");
            return ExitCode::from(2);
        }
    };
    let inputs = collected.inputs;
    if inputs.iter().filter(|i| matches!(i, Input::Stdin)).count() > 1 {
        eprintln!("textract: `-` (standard input) may be given once");
        return ExitCode::from(2);
    }
    let jobs = cli
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let several = inputs.len() > 1;
    let show_bar = several && std::io::stderr().is_terminal() && !std::io::stdout().is_terminal();
    let stderr = Stderr {
        bar: show_bar.then(|| progress_bar(inputs.len() as u64)),
    };
    let mode = if cli.detect {
        Mode::Detect { digest: cli.json }
    } else {
        Mode::Extract { digest: cli.json }
    };
    let shape = Shape {
        metadata_only: cli.metadata,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut used_dirs = HashSet::new();
    let result = run::process(&inputs, jobs, &options, mode, |input, outcome| {
        if let Some(bar) = &stderr.bar {
            bar.inc(1);
        }
        let path = input.path();
        count(&mut tally, &outcome);
        let res = if cli.json {
            let mut dir = cli
                .extract_dir
                .as_deref()
                .map(|d| ExtractDir::for_input(d, path, &mut used_dirs));
            output::write_json(
                &mut out,
                &output::record(path, &outcome, shape),
                dir.as_mut(),
            )
        } else {
            if let (Some(d), Extraction::Document(doc)) = (&cli.extract_dir, &outcome.extraction) {
                let mut dir = ExtractDir::for_input(d, path, &mut used_dirs);
                for (_, node) in doc.walk() {
                    for e in &node.embedded {
                        if let Some(data) = &e.data
                            && let Err(err) = dir.write(&e.path, data)
                        {
                            stderr.line(
                                &mut out,
                                &format!(
                                    "textract: {}: cannot write {}: {err}",
                                    path.display(),
                                    e.path
                                ),
                            );
                        }
                    }
                }
            }
            write_plain(&mut out, &stderr, &cli, path, &outcome, several, shape)
        };
        // A closed pipe (`textract … | head`) ends the run quietly.
        res.is_ok()
    });
    if let Some(bar) = &stderr.bar {
        bar.finish_and_clear();
    }
    let _ = out.flush();
    if let Err(e) = result {
        eprintln!("textract: {e}");
        return ExitCode::from(2);
    }
    if several && !cli.quiet {
        eprintln!(
            "textract: {}",
            tally.summary(inputs.len(), collected.too_large)
        );
    }
    let failed = !tally.failed.is_empty() || (cli.strict && !tally.unsupported.is_empty());
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn count(tally: &mut Tally, outcome: &Outcome) {
    match &outcome.extraction {
        Extraction::Document(doc) => {
            *tally.extracted.entry(doc.format.to_string()).or_default() += 1;
        }
        Extraction::Detected(d) => {
            let key = d
                .format
                .map(|f| f.to_string())
                .or_else(|| d.mime_type.clone())
                .unwrap_or_else(|| "empty".into());
            *tally.extracted.entry(key).or_default() += 1;
        }
        Extraction::Failed(f) if f.is_unsupported() => {
            let key = f
                .format
                .map(|f| f.to_string())
                .or_else(|| f.mime_type.clone())
                .unwrap_or_else(|| f.kind.to_string());
            *tally.unsupported.entry(key).or_default() += 1;
        }
        Extraction::Failed(f) => {
            *tally.failed.entry(f.kind.to_string()).or_default() += 1;
        }
    }
}

/// Plain output of one input; its problems go to stderr.
fn write_plain(
    out: &mut impl Write,
    stderr: &Stderr,
    cli: &Cli,
    path: &Path,
    outcome: &Outcome,
    several: bool,
    shape: Shape,
) -> std::io::Result<()> {
    match &outcome.extraction {
        Extraction::Detected(d) => {
            let format = d.format.map_or("-".to_string(), |f| f.to_string());
            let mime = d.mime_type.as_deref().unwrap_or("-");
            writeln!(out, "{}\t{format}\t{mime}", path.display())
        }
        Extraction::Document(doc) => {
            output::write_text(out, doc, shape, several.then_some(path))?;
            if !cli.quiet {
                let warnings = doc
                    .walk()
                    .into_iter()
                    .flat_map(|(e, d)| {
                        d.warnings.iter().map(move |w| match e {
                            Some(e) => format!("embedded {}: {w}", e.path),
                            None => w.to_string(),
                        })
                    })
                    .chain(output::embedded_failures(doc));
                for w in warnings {
                    stderr.line(out, &format!("textract: {}: warning: {w}", path.display()));
                }
            }
            Ok(())
        }
        Extraction::Failed(f) => {
            if !(f.is_unsupported() && cli.quiet) {
                stderr.line(
                    out,
                    &format!("textract: {}: {}", path.display(), output::message(f)),
                );
            }
            Ok(())
        }
    }
}

/// The progress bar shown on a terminal for batches.
fn progress_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed_precise} eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}
