//! The `textract` command: text, metadata and embedded files from
//! documents — one file, standard input, many files or whole directories —
//! as plain text or JSON Lines.
//!
//! ```text
//! textract [OPTIONS] <PATH>...
//! textract serve [--host 127.0.0.1] [--port 9998] [OPTIONS]
//! ```
//! `textract serve` runs the Tika-compatible HTTP server
//! (`crates/textract-server`, `docs/server.md`); a file literally named
//! `serve` is extracted as `textract ./serve`.
//! Exit status: 0 when every input that could be read was extracted
//! (inputs that are not documents are reported on stderr but do not fail
//! the run unless `--strict`); 1 when any document failed (damaged,
//! encrypted, over a limit, unreadable); 2 on usage errors.
#![forbid(unsafe_code)]

use textract_cli::{inputs, isolate, outdir, output, run};

use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use textract::{ALL_FORMATS, Format, Options};

use inputs::{Given, Input, Walk};
use isolate::Worker;
use outdir::{OutputDir, State};
use output::{ExtractDir, Shape};
use run::{Extraction, Failure, Mode, Outcome, Source};

const AFTER_HELP: &str = "\
Exit status: 0 when every input that could be read was extracted (inputs
that are not documents, or formats textract does not read, are reported on
stderr and do not fail the run unless --strict); 1 when any document
failed (damaged, encrypted, over a limit, unreadable); 2 on usage errors.

A multi-file run ends with a summary line on stderr (-q silences it, the
warnings and the unsupported-input lines).

`textract serve --help`: run an Apache Tika 3.x compatible HTTP server
instead (a file named `serve` is given as `./serve`).";

/// Extract clean text, metadata and embedded files from documents.
#[derive(Debug, Parser)]
#[command(name = "textract", version, about, after_help = AFTER_HELP, before_help = formats_help())]
struct Cli {
    /// Files, `-` for standard input, or (with -r) directories.
    #[arg(required_unless_present_any = ["files_from", "worker"], value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Also read the paths listed in FILE (`-`: standard input), one per
    /// line, after those given as arguments.
    #[arg(long, value_name = "FILE")]
    files_from: Option<PathBuf>,

    /// With --files-from: the paths are separated by NUL bytes (as `find
    /// -print0` writes them), not by newlines.
    #[arg(short = '0', long = "null", requires = "files_from")]
    null: bool,

    /// Write one file per input under DIR instead of standard output:
    /// `<name>.json` (with --json) or `<name>.txt`, `<name>.error.json` for
    /// an input not read; the input tree is mirrored. Inputs whose output
    /// exists are skipped, so a killed run started again resumes.
    #[arg(short = 'o', long, value_name = "DIR")]
    output_dir: Option<PathBuf>,

    /// With -o: redo inputs whose output exists.
    #[arg(long, requires = "output_dir")]
    overwrite: bool,

    /// With -o: redo the inputs whose failure was recorded (`.error.json`).
    #[arg(long, requires = "output_dir")]
    retry_failed: bool,

    /// Extract in worker processes, so that a file which hangs or crashes
    /// costs that file, not the run (default with -o).
    #[arg(long, overrides_with = "no_isolate")]
    isolate: bool,

    /// Extract in this process even with -o.
    #[arg(long, overrides_with = "isolate")]
    no_isolate: bool,

    /// Isolated: wall-clock seconds a worker may spend on one file before it
    /// is killed and the file recorded as failed (default 60; 0 for none).
    #[arg(long, value_name = "SECONDS")]
    file_timeout: Option<f64>,

    /// Print counts by format and by error kind, and the throughput, on
    /// stderr at the end.
    #[arg(long)]
    stats: bool,

    /// Serve extraction requests on stdin/stdout (started by --isolate).
    #[arg(long, hide = true)]
    worker: bool,

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

    /// What to print: text (the plain text), markdown (headings, lists,
    /// GFM tables) or html (XHTML as Apache Tika writes it); with -o, the
    /// files are named .txt, .md or .html.
    #[arg(
        short = 't',
        long = "to",
        value_name = "OUTPUT",
        default_value = "text"
    )]
    to: textract::Target,

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
    options.text_only = cli.to == textract::Target::Text && !cli.json;
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

/// What is fixed for the whole run.
struct Ctx<'a> {
    cli: &'a Cli,
    options: Options,
    mode: Mode,
    shape: Shape,
    /// `-o`: inputs go to files, failures as their JSON records.
    to_files: bool,
    /// Isolated: the wall-clock limit per file.
    file_timeout: Option<Duration>,
}

impl<'a> Ctx<'a> {
    fn new(cli: &'a Cli) -> Ctx<'a> {
        let secs = cli.file_timeout.unwrap_or(60.0);
        Ctx {
            cli,
            options: options(cli),
            mode: if cli.detect {
                Mode::Detect { digest: cli.json }
            } else {
                Mode::Extract { digest: cli.json }
            },
            shape: Shape {
                metadata_only: cli.metadata,
                to: cli.to,
            },
            to_files: cli.output_dir.is_some(),
            file_timeout: (secs > 0.0)
                .then(|| Duration::try_from_secs_f64(secs).ok())
                .flatten(),
        }
    }
}

/// How an input is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Class {
    /// Read (or, with --detect, detected).
    Extracted,
    /// No document, or a format not read.
    Unsupported,
    /// A document that could not be read.
    Failed,
}

/// What one input came to, besides its output bytes: how it is counted and
/// what goes to stderr. A worker sends it with the bytes it wrote.
#[derive(Debug, Serialize, Deserialize)]
struct Rendered {
    class: Class,
    /// The format, MIME type or error kind it is counted under.
    key: String,
    /// Bytes read.
    size: Option<u64>,
    /// Lines for stderr.
    messages: Vec<String>,
}

fn classify(outcome: &Outcome) -> (Class, String) {
    match &outcome.extraction {
        Extraction::Document(doc) => (Class::Extracted, doc.format.to_string()),
        Extraction::Detected(d) => {
            let key = d
                .format
                .map(|f| f.to_string())
                .or_else(|| d.mime_type.clone())
                .unwrap_or_else(|| "empty".into());
            (Class::Extracted, key)
        }
        Extraction::Failed(f) if f.is_unsupported() => {
            let key = f
                .format
                .map(|f| f.to_string())
                .or_else(|| f.mime_type.clone())
                .unwrap_or_else(|| f.kind.to_string());
            (Class::Unsupported, key)
        }
        Extraction::Failed(f) => (Class::Failed, f.kind.to_string()),
    }
}

/// Writes the output of one input to `out` (`header`: the `==> PATH <==`
/// line of plain output) and says how it is counted; its warnings and
/// failure become [`Rendered::messages`].
fn render(
    out: &mut impl Write,
    ctx: &Ctx<'_>,
    path: &Path,
    outcome: &Outcome,
    header: bool,
    used_dirs: &mut HashSet<PathBuf>,
) -> std::io::Result<Rendered> {
    let cli = ctx.cli;
    let (class, key) = classify(outcome);
    let mut messages = Vec::new();
    if ctx.to_files && class != Class::Extracted {
        // Under -o an input not read is recorded by its JSON record, with
        // the error, in whichever output form.
        output::write_json(out, &output::record(path, outcome, ctx.shape), None)?;
        if let Extraction::Failed(f) = &outcome.extraction
            && !(f.is_unsupported() && cli.quiet)
        {
            messages.push(format!(
                "textract: {}: {}",
                path.display(),
                output::message(f)
            ));
        }
    } else if cli.json {
        let mut dir = cli
            .extract_dir
            .as_deref()
            .map(|d| ExtractDir::for_input(d, path, used_dirs));
        output::write_json(out, &output::record(path, outcome, ctx.shape), dir.as_mut())?;
    } else {
        if let (Some(d), Extraction::Document(doc)) = (&cli.extract_dir, &outcome.extraction) {
            let mut dir = ExtractDir::for_input(d, path, used_dirs);
            for (_, node) in doc.walk() {
                for e in &node.embedded {
                    if let Some(data) = &e.data
                        && let Err(err) = dir.write(&e.path, data)
                    {
                        messages.push(format!(
                            "textract: {}: cannot write {}: {err}",
                            path.display(),
                            e.path
                        ));
                    }
                }
            }
        }
        write_plain(out, &mut messages, cli, path, outcome, header, ctx.shape)?;
    }
    Ok(Rendered {
        class,
        key,
        size: outcome.source.size,
        messages,
    })
}

/// [`render`] into memory.
fn render_vec(
    ctx: &Ctx<'_>,
    path: &Path,
    outcome: &Outcome,
    header: bool,
    used_dirs: &mut HashSet<PathBuf>,
) -> (Rendered, Vec<u8>) {
    let mut bytes = Vec::new();
    match render(&mut bytes, ctx, path, outcome, header, used_dirs) {
        Ok(rendered) => (rendered, bytes),
        // Writing to memory fails only through serde_json: a bug.
        Err(e) => {
            let failure = Failure {
                kind: "panic",
                message: format!("internal error (a bug, please report it): {e}"),
                format: None,
                mime_type: None,
            };
            let outcome = Outcome::failed(outcome.source.clone(), failure);
            let mut bytes = Vec::new();
            let rendered =
                render(&mut bytes, ctx, path, &outcome, header, used_dirs).unwrap_or(Rendered {
                    class: Class::Failed,
                    key: "panic".into(),
                    size: None,
                    messages: vec![format!("textract: {}: {e}", path.display())],
                });
            (rendered, bytes)
        }
    }
}

/// Counts for the summary line and `--stats`.
#[derive(Default)]
struct Tally {
    extracted: BTreeMap<String, usize>,
    unsupported: BTreeMap<String, usize>,
    failed: BTreeMap<String, usize>,
    /// Bytes of the inputs processed.
    bytes: u64,
    /// `-o`: inputs skipped because their output exists.
    skipped_done: usize,
    /// `-o`: inputs skipped because their failure record exists.
    skipped_failed: usize,
    /// `-o`: temporary files of an earlier, killed run removed.
    swept: usize,
}

fn list(m: &BTreeMap<String, usize>) -> String {
    m.iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn count(m: &BTreeMap<String, usize>) -> usize {
    m.values().sum()
}

impl Tally {
    fn add(&mut self, r: &Rendered) {
        let map = match r.class {
            Class::Extracted => &mut self.extracted,
            Class::Unsupported => &mut self.unsupported,
            Class::Failed => &mut self.failed,
        };
        *map.entry(r.key.clone()).or_default() += 1;
        self.bytes += r.size.unwrap_or(0);
    }

    fn summary(&self, total: usize, too_large: usize) -> String {
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
        let skipped = self.skipped_done + self.skipped_failed;
        if skipped > 0 {
            s.push_str(&format!(", {skipped} skipped (output exists)"));
        }
        if too_large > 0 {
            s.push_str(&format!(", {too_large} skipped over --max-filesize"));
        }
        s
    }

    /// The `--stats` lines.
    fn stats(&self, total: usize, elapsed: Duration) -> Vec<String> {
        let processed = count(&self.extracted) + count(&self.unsupported) + count(&self.failed);
        let secs = elapsed.as_secs_f64().max(1e-9);
        let mut lines = vec![
            format!(
                "stats: {total} inputs, {processed} processed in {:.2} s ({:.1} files/s, {:.2} MB/s read)",
                elapsed.as_secs_f64(),
                processed as f64 / secs,
                self.bytes as f64 / 1e6 / secs
            ),
            format!(
                "stats: skipped {} (output exists: {} done, {} failed before)",
                self.skipped_done + self.skipped_failed,
                self.skipped_done,
                self.skipped_failed
            ),
        ];
        if self.swept > 0 {
            lines.push(format!(
                "stats: removed {} temporary files of an earlier run",
                self.swept
            ));
        }
        for (what, m) in [
            ("extracted", &self.extracted),
            ("not read", &self.unsupported),
            ("failed", &self.failed),
        ] {
            let mut line = format!("stats: {what} {}", count(m));
            if !m.is_empty() {
                line.push_str(&format!(": {}", list(m)));
            }
            lines.push(line);
        }
        lines
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

/// `textract serve`: an Apache Tika server 3.x compatible HTTP API
/// (docs/server.md).
#[derive(Debug, Parser)]
#[command(name = "textract serve", version)]
struct Serve {
    /// Address to bind; 0.0.0.0 exposes the server to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,

    /// Port (0: any free port; the address is printed on stderr).
    #[arg(long, default_value_t = 9998)]
    port: u16,

    /// Largest request body in bytes (or with K, M, G), before and after
    /// gzip decoding; larger ones get 413.
    #[arg(long, value_name = "BYTES", value_parser = parse_size, default_value = "100M")]
    max_body: u64,

    /// Extractions run at once (default: all cores).
    #[arg(long, value_name = "N")]
    max_concurrent: Option<usize>,

    /// Requests that may wait for an extraction; more get 503.
    #[arg(long, value_name = "N", default_value_t = 64)]
    max_queue: usize,

    /// Wall-clock milliseconds allowed per document (X-Tika-Timeout-Millis
    /// may lower it).
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    timeout_ms: u64,

    /// No access-log lines on stderr.
    #[arg(short, long)]
    quiet: bool,
}

fn serve_main(args: impl Iterator<Item = std::ffi::OsString>) -> ExitCode {
    let serve = Serve::parse_from(args);
    let mut config = textract_server::Config::new(serve.host, serve.port);
    config.max_body = serve.max_body;
    if let Some(n) = serve.max_concurrent {
        config.max_concurrent = n.max(1);
    }
    config.max_queue = serve.max_queue;
    config.timeout = Duration::from_millis(serve.timeout_ms.max(1));
    config.access_log = !serve.quiet;
    match textract_server::run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("textract serve: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    textract_cli::run::keep_freed_memory(31 << 20);
    let mut args = std::env::args_os();
    if std::env::args_os().nth(1).is_some_and(|a| a == "serve") {
        let program = args.next().unwrap_or_else(|| "textract".into());
        let _serve = args.next();
        return serve_main(std::iter::once(program).chain(args));
    }
    let cli = Cli::parse();
    if cli.worker {
        return worker_main(&cli);
    }
    let ctx = Ctx::new(&cli);
    let walk = Walk {
        recursive: cli.recursive,
        hidden: cli.hidden,
        globs: cli.globs.clone(),
        max_filesize: cli.max_filesize,
    };
    let mut collected = match inputs::collect(&cli.paths, &walk) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("textract: {e}");
            return ExitCode::from(2);
        }
    };
    let list_on_stdin = cli.files_from.as_deref() == Some(Path::new("-"));
    if let Some(list) = &cli.files_from {
        let paths = if list_on_stdin {
            inputs::read_list(std::io::stdin().lock(), cli.null)
        } else {
            std::fs::File::open(list).and_then(|f| inputs::read_list(f, cli.null))
        };
        let paths = match paths {
            Ok(p) => p,
            Err(e) => {
                eprintln!("textract: cannot read {}: {e}", list.display());
                return ExitCode::from(2);
            }
        };
        for path in paths {
            if let Err(e) = collected.add(&path, Given::Listed, &walk) {
                eprintln!("textract: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let stdin_inputs = collected
        .inputs
        .iter()
        .filter(|i| matches!(i, Input::Stdin))
        .count();
    if stdin_inputs + usize::from(list_on_stdin) > 1 {
        eprintln!("textract: `-` (standard input) may be given once");
        return ExitCode::from(2);
    }
    let jobs = cli
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let total = collected.inputs.len();
    let several = total > 1;
    let mut tally = Tally::default();
    let started = Instant::now();

    // -o: sweep what a killed run left, and skip the inputs already done.
    let mut inputs = collected.inputs;
    let mut targets = None;
    if let Some(dir) = &cli.output_dir {
        let mut out = OutputDir::new(dir, if cli.json { "json" } else { cli.to.extension() });
        match out.sweep() {
            Ok(n) => tally.swept = n,
            Err(e) => {
                eprintln!("textract: cannot read {}: {e}", dir.display());
                return ExitCode::from(2);
            }
        }
        let mut todo = Vec::new();
        let mut todo_targets = Vec::new();
        for (input, name) in inputs.into_iter().zip(collected.names) {
            let target = out.target(&name);
            // A directory without -r, or one that cannot be walked, is
            // reported every run and gets no file.
            let state = match input {
                Input::Failed { .. } => State::Todo,
                _ => target.state(),
            };
            match state {
                State::Done if !cli.overwrite => tally.skipped_done += 1,
                State::Failed if !(cli.overwrite || cli.retry_failed) => tally.skipped_failed += 1,
                _ => {
                    todo.push(input);
                    todo_targets.push(target);
                }
            }
        }
        inputs = todo;
        targets = Some(todo_targets);
    }
    let isolated = (cli.isolate || ctx.to_files) && !cli.no_isolate;

    let show_bar = several
        && std::io::stderr().is_terminal()
        && (ctx.to_files || !std::io::stdout().is_terminal());
    let stderr = Stderr {
        bar: show_bar.then(|| progress_bar(inputs.len() as u64)),
    };
    // Not locked: with -j the thread that finishes the next input writes it.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let header = several && !ctx.to_files;
    let mut fatal = None;
    if ctx.to_files || isolated {
        let work = |slot: &mut Slot, input: &Input| {
            if isolated && !matches!(input, Input::Failed { .. }) {
                isolated_one(&ctx, slot, input, header)
            } else {
                let outcome = run::run_one(input, &ctx.options, ctx.mode);
                render_vec(&ctx, input.path(), &outcome, header, &mut slot.used_dirs)
            }
        };
        let ordered = targets.is_none();
        isolate::process(
            &inputs,
            jobs,
            ordered,
            Slot::default,
            work,
            |index, input, (rendered, bytes)| {
                if let Some(bar) = &stderr.bar {
                    bar.inc(1);
                }
                let target = targets
                    .as_ref()
                    .and_then(|t| t.get(index))
                    .filter(|_| !matches!(input, Input::Failed { .. }));
                let written = match target {
                    Some(target) => target
                        .write(rendered.class != Class::Extracted, &bytes)
                        .map_err(|e| {
                            let path = if rendered.class == Class::Extracted {
                                &target.done
                            } else {
                                &target.failed
                            };
                            format!("cannot write {}: {e}", path.display())
                        }),
                    None if ctx.to_files => Ok(()),
                    // A closed pipe (`textract … | head`) ends the run quietly.
                    None => out.write_all(&bytes).map_err(|_| String::new()),
                };
                for m in &rendered.messages {
                    stderr.line(&mut out, m);
                }
                tally.add(&rendered);
                if let Err(e) = written {
                    if !e.is_empty() {
                        fatal = Some(format!("{}: {e}", input.path().display()));
                    }
                    return false;
                }
                true
            },
        );
    } else {
        let mut used_dirs = HashSet::new();
        run::process(&inputs, jobs, &ctx.options, ctx.mode, |input, outcome| {
            if let Some(bar) = &stderr.bar {
                bar.inc(1);
            }
            let rendered = render(
                &mut out,
                &ctx,
                input.path(),
                &outcome,
                header,
                &mut used_dirs,
            );
            match rendered {
                Ok(r) => {
                    for m in &r.messages {
                        stderr.line(&mut out, m);
                    }
                    tally.add(&r);
                    true
                }
                // A closed pipe (`textract … | head`) ends the run quietly.
                Err(_) => false,
            }
        });
    }
    if let Some(bar) = &stderr.bar {
        bar.finish_and_clear();
    }
    let _ = out.flush();
    if let Some(e) = fatal {
        eprintln!("textract: {e}");
        return ExitCode::from(2);
    }
    if several && !cli.quiet {
        eprintln!("textract: {}", tally.summary(total, collected.too_large));
    }
    if cli.stats {
        for line in tally.stats(total, started.elapsed()) {
            eprintln!("textract: {line}");
        }
    }
    let failed = !tally.failed.is_empty() || (cli.strict && !tally.unsupported.is_empty());
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A thread of an isolated or `-o` run: its worker process (started when
/// first needed, replaced when lost) and the `--extract-dir` names it used.
#[derive(Default)]
struct Slot {
    worker: Option<Worker>,
    used_dirs: HashSet<PathBuf>,
}

/// One input through a worker process: the worker's output, or, when the
/// worker ran past `--file-timeout` or died, the input's failure (kind
/// `timeout` or `crash`) and a new worker for the next input.
fn isolated_one(
    ctx: &Ctx<'_>,
    slot: &mut Slot,
    input: &Input,
    header: bool,
) -> (Rendered, Vec<u8>) {
    let path = input.path();
    let request = match input {
        Input::Stdin => match run::read_stdin(&ctx.options) {
            Ok(bytes) => Request::Bytes(bytes),
            Err(outcome) => return render_vec(ctx, path, &outcome, header, &mut slot.used_dirs),
        },
        _ => Request::Path(path.to_path_buf()),
    };
    let lost = |slot: &mut Slot, kind: &'static str, message: String| {
        slot.worker = None;
        let source = Source {
            size: std::fs::metadata(path).ok().map(|m| m.len()),
            ..Source::default()
        };
        let failure = Failure {
            kind,
            message,
            format: None,
            mime_type: None,
        };
        let outcome = Outcome::failed(source, failure);
        render_vec(ctx, path, &outcome, header, &mut slot.used_dirs)
    };
    let worker = match &mut slot.worker {
        Some(w) => w,
        None => match worker_command().and_then(|mut c| Worker::spawn(&mut c)) {
            Ok(w) => slot.worker.insert(w),
            Err(e) => {
                return lost(slot, "crash", format!("cannot start a worker process: {e}"));
            }
        },
    };
    match worker.call(&request.encode(header), ctx.file_timeout) {
        Ok(frame) => match decode_response(&frame) {
            Some(done) => done,
            None => lost(slot, "crash", "worker answered out of step".into()),
        },
        Err(lost_worker) => lost(slot, lost_worker.kind(), lost_worker.to_string()),
    }
}

/// This binary in worker mode, with this run's arguments.
fn worker_command() -> std::io::Result<Command> {
    let mut command = Command::new(std::env::current_exe()?);
    command.arg("--worker").args(std::env::args_os().skip(1));
    Ok(command)
}

/// A request to a worker: `P` or `B`, `1` when plain output wants its
/// `==> PATH <==` line (else `0`), then the path's bytes or the input's.
enum Request {
    Path(PathBuf),
    Bytes(Vec<u8>),
}

impl Request {
    fn encode(&self, header: bool) -> Vec<u8> {
        let (tag, body) = match self {
            Request::Path(p) => (b'P', path_bytes(p)),
            Request::Bytes(b) => (b'B', b.clone()),
        };
        let mut out = vec![tag, if header { b'1' } else { b'0' }];
        out.extend_from_slice(&body);
        out
    }

    fn decode(frame: &[u8]) -> Option<(Request, bool)> {
        let (&tag, rest) = frame.split_first()?;
        let (&header, body) = rest.split_first()?;
        let request = match tag {
            b'P' => Request::Path(path_from_bytes(body)),
            b'B' => Request::Bytes(body.to_vec()),
            _ => return None,
        };
        Some((request, header == b'1'))
    }
}

fn path_bytes(p: &Path) -> Vec<u8> {
    #[cfg(unix)]
    {
        std::os::unix::ffi::OsStrExt::as_bytes(p.as_os_str()).to_vec()
    }
    #[cfg(not(unix))]
    {
        p.to_string_lossy().into_owned().into_bytes()
    }
}

fn path_from_bytes(b: &[u8]) -> PathBuf {
    #[cfg(unix)]
    {
        PathBuf::from(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(String::from_utf8_lossy(b).into_owned())
    }
}

/// A worker's response: the [`Rendered`] as JSON after its length (4
/// bytes, little-endian), then the output bytes.
fn encode_response(rendered: &Rendered, bytes: &[u8]) -> Vec<u8> {
    let head = serde_json::to_vec(rendered).unwrap_or_default();
    let mut out = Vec::with_capacity(4 + head.len() + bytes.len());
    out.extend_from_slice(&u32::try_from(head.len()).unwrap_or(0).to_le_bytes());
    out.extend_from_slice(&head);
    out.extend_from_slice(bytes);
    out
}

fn decode_response(frame: &[u8]) -> Option<(Rendered, Vec<u8>)> {
    let len = u32::from_le_bytes(frame.get(..4)?.try_into().ok()?) as usize;
    let head = frame.get(4..4usize.checked_add(len)?)?;
    let rendered = serde_json::from_slice(head).ok()?;
    Some((rendered, frame.get(4 + len..)?.to_vec()))
}

/// `--worker`: extracts the inputs the parent sends, one at a time, and
/// answers each with its output; ends when its input closes, or when the
/// parent is gone.
fn worker_main(cli: &Cli) -> ExitCode {
    isolate::exit_with_parent();
    let ctx = Ctx::new(cli);
    let mut used_dirs = HashSet::new();
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    loop {
        let frame = match isolate::read_frame(&mut stdin) {
            Ok(Some(f)) => f,
            Ok(None) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("textract worker: {e}");
                return ExitCode::from(2);
            }
        };
        let Some((request, header)) = Request::decode(&frame) else {
            eprintln!("textract worker: a request out of step");
            return ExitCode::from(2);
        };
        let (path, outcome) = match request {
            Request::Path(path) => {
                #[cfg(debug_assertions)]
                test_hooks(&path);
                let outcome = run::run_one(&Input::File(path.clone()), &ctx.options, ctx.mode);
                (path, outcome)
            }
            Request::Bytes(bytes) => (
                PathBuf::from("-"),
                run::run_bytes(bytes, None, &ctx.options, ctx.mode),
            ),
        };
        let (rendered, bytes) = render_vec(&ctx, &path, &outcome, header, &mut used_dirs);
        if isolate::write_frame(&mut stdout, &encode_response(&rendered, &bytes)).is_err() {
            return ExitCode::from(2);
        }
    }
}

/// Test builds only (debug assertions on; absent from release builds): a
/// worker given a path containing `TEXTRACT_TEST_HANG_ON` sleeps forever,
/// one containing `TEXTRACT_TEST_ABORT_ON` aborts, and every file takes
/// `TEXTRACT_TEST_DELAY_MS` longer — so tests can prove that a run
/// survives such files and resumes after a kill.
#[cfg(debug_assertions)]
fn test_hooks(path: &Path) {
    let name = path.to_string_lossy();
    let hit = |var: &str| {
        std::env::var(var)
            .ok()
            .is_some_and(|s| !s.is_empty() && name.contains(s.as_str()))
    };
    if let Some(ms) = std::env::var("TEXTRACT_TEST_DELAY_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        std::thread::sleep(Duration::from_millis(ms));
    }
    if hit("TEXTRACT_TEST_HANG_ON") {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
    if hit("TEXTRACT_TEST_ABORT_ON") {
        std::process::abort();
    }
}

/// Plain output of one input; its problems become stderr lines.
fn write_plain(
    out: &mut impl Write,
    messages: &mut Vec<String>,
    cli: &Cli,
    path: &Path,
    outcome: &Outcome,
    header: bool,
    shape: Shape,
) -> std::io::Result<()> {
    match &outcome.extraction {
        Extraction::Detected(d) => {
            let format = d.format.map_or("-".to_string(), |f| f.to_string());
            let mime = d.mime_type.as_deref().unwrap_or("-");
            writeln!(out, "{}\t{format}\t{mime}", path.display())
        }
        Extraction::Document(doc) => {
            output::write_text(out, doc, shape, header.then_some(path))?;
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
                    messages.push(format!("textract: {}: warning: {w}", path.display()));
                }
            }
            Ok(())
        }
        Extraction::Failed(f) => {
            if !(f.is_unsupported() && cli.quiet) {
                messages.push(format!(
                    "textract: {}: {}",
                    path.display(),
                    output::message(f)
                ));
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
