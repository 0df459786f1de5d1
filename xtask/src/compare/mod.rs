//! `cargo xtask compare`: textract against the tools users have today, on the
//! same corpus files in one run.
//!
//! Per format (a corpus folder) it runs, for textract and every peer present:
//!
//! 1. a **fidelity pass**: one process per file over every file, output kept,
//!    wrapped in `/usr/bin/time -f '%e %M'` for the peak RSS. Hostile files
//!    (MANIFEST notes ENCRYPTED, FUZZ, CORRUPT, TRUNCATED, BROKEN, ...) only
//!    count for crashes and hangs; the clean files give failures, recall of
//!    `.expected.txt`, character-multiset F1 and charset accuracy;
//! 2. **per-file timing**: `--runs` runs over the clean files, one process per
//!    file, tools interleaved per file (A B A B ...), the tool order rotated
//!    each run; a run's time is the sum over files, the median is reported;
//! 3. **batch timing** for tools that take many files: one process over the
//!    clean files repeated `--passes` times, interleaved, median of `--runs`.
//!
//! A format with a truth folder (`fixtures/<format>truth`, files made from
//! sources we wrote, each with `NAME.truth.txt`) also gets word order and
//! character F1 of every text tool against that truth (`truth.rs`).
//!
//! Hostile files are left out of timing unless `--all-files`: a crash part-way
//! through a batch would make a peer look fast, and a quick refusal is not
//! comparable work.

mod corpus;
mod measure;
mod metrics;
mod options;
mod order;
mod report;
mod structure;
mod summary;
mod tools;
mod truth;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::util::workspace_root;

use corpus::CorpusFile;
use measure::{Exit, Run, Runner};
use options::Options;
use tools::{Extracted, OutputKind, Role, Tool};

/// One process-per-file result of the fidelity pass.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// How the process ended.
    pub exit: Exit,
    /// Wall time.
    pub wall: Duration,
    /// Peak RSS in KiB, when measured.
    pub max_rss_kib: Option<u64>,
    /// Text and/or charset read from its output.
    pub extracted: Extracted,
}

/// Everything measured for one tool on one format.
#[derive(Debug, Clone)]
pub struct ToolRuns {
    /// The tool.
    pub tool: Tool,
    /// Fidelity pass, one per corpus file (same order as the file list).
    pub outcomes: Vec<Outcome>,
    /// textract only, html: the `--json` charset per file.
    pub charsets: Option<Vec<Option<String>>>,
    /// Per-file mode: total wall time of each run.
    pub per_file_runs: Vec<Duration>,
    /// Batch mode: wall time of each run.
    pub batch_runs: Vec<Duration>,
    /// Batch mode: exit of the warm-up run (with peak RSS).
    pub batch_warmup: Option<Run>,
    /// Batch mode, headed output (textract): files the warm-up run reported.
    pub batch_files_seen: Option<usize>,
}

/// What one format's comparison measured.
#[derive(Debug, Clone)]
pub struct FormatRuns {
    /// Corpus folder name.
    pub format: String,
    /// The files, in order.
    pub files: Vec<CorpusFile>,
    /// Per tool, textract first.
    pub tools: Vec<ToolRuns>,
    /// Peers skipped, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Passes of batch mode.
    pub passes: usize,
    /// Timed runs per mode.
    pub runs: usize,
    /// Whether peak RSS was measured (GNU time present).
    pub rss_measured: bool,
    /// textract's `-j`.
    pub jobs: usize,
    /// Hostile files were timed too (`--all-files`).
    pub all_files: bool,
    /// Timing modes that ran.
    pub modes: options::Modes,
    /// Batch mode: the timed files every batch tool read in the fidelity
    /// pass, which is what the batch processes ran over.
    pub batch_files: usize,
}

/// Entry point: `cargo xtask compare [OPTIONS]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let structure = args.iter().any(|a| a == "--structure");
    let args: Vec<String> = args
        .iter()
        .filter(|a| *a != "--structure")
        .cloned()
        .collect();
    let args = args.as_slice();
    let Some(opts) = options::parse(args)? else {
        print!("{}", options::USAGE);
        return Ok(());
    };
    let root = workspace_root();
    let corpus = opts
        .corpus
        .clone()
        .unwrap_or_else(|| root.join("..").join("shared").join("corpus"));
    if !corpus.is_dir() {
        return Err(format!(
            "corpus not found at {} (use --corpus DIR)",
            corpus.display()
        ));
    }
    let textract = match &opts.textract {
        Some(p) => p.clone(),
        None => build_textract(&root)?,
    };
    let scratch = target_dir(&root).join("compare");
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    if structure {
        return structure::run(&opts, &corpus, &root, &textract, &scratch);
    }
    let time_bin = measure::find_gnu_time();
    if time_bin.is_none() {
        println!(
            "note: /usr/bin/time (GNU, apt install time) not found: peak RSS is not measured, wall time only"
        );
    }
    let runner = Runner {
        time_bin,
        timeout: opts.timeout,
        scratch: scratch.clone(),
    };
    let report_path = opts
        .report
        .clone()
        .unwrap_or_else(|| root.join("docs").join("benchmarks.md"));
    let context = report::Context::of_this_machine(args, &root);
    let formats = if opts.formats.iter().any(|f| f == "all") {
        corpus::formats(&corpus)?
    } else {
        opts.formats.clone()
    };
    for format in &formats {
        let wanted = |name: &str| {
            opts.peers
                .as_ref()
                .is_none_or(|only| only.iter().any(|p| p.eq_ignore_ascii_case(name)))
        };
        let peers = tools::peers(format, &scratch, &wanted);
        let result = compare_format(format, &corpus, &textract, peers, &opts, &runner)?;
        let summary = summary::summarise(&result);
        let order = summary::word_order(&result);
        print!("{}", report::text(&result, &summary, &order, &context));
        let tsv = scratch.join(format!("{format}-files.tsv"));
        crate::util::write(&tsv, report::files_tsv(&result).as_bytes())?;
        println!("per-file results: {}", tsv.display());
        let tsv = scratch.join(format!("{format}-word-order.tsv"));
        crate::util::write(&tsv, report::word_order_tsv(&order).as_bytes())?;
        println!("per-file word order: {}", tsv.display());
        if !opts.no_report {
            report::update_file(
                &report_path,
                format,
                &report::markdown(&result, &summary, &order, &context),
            )?;
            println!(
                "report: {} (table `{format}` replaced)\n",
                report_path.display()
            );
        }
        if let Some(dir) = truth::dir(&root, format) {
            let files = truth::list(&dir, format)?;
            let tools: Vec<&Tool> = result.tools.iter().map(|t| &t.tool).collect();
            let scores = truth::pass(&files, &tools, &runner);
            print!("{}", truth::text(format, &scores));
            if !opts.no_report {
                let shown = format!("fixtures/{format}truth");
                let block = format!("{format}-truth");
                report::update_file(
                    &report_path,
                    &block,
                    &truth::markdown(format, &shown, &scores),
                )?;
                println!(
                    "report: {} (table `{block}` replaced)\n",
                    report_path.display()
                );
            }
        }
    }
    Ok(())
}

/// `CARGO_TARGET_DIR`, else `<workspace>/target`.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}

/// Builds the textract CLI in release mode and returns the binary's path.
fn build_textract(root: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    println!("building textract: {cargo} build --release -p textract-cli");
    let status = Command::new(&cargo)
        .current_dir(root)
        .args(["build", "--release", "-p", "textract-cli"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo build --release -p textract-cli failed: {status}"
        ));
    }
    let bin = target_dir(root).join("release").join("textract");
    if bin.is_file() {
        Ok(bin)
    } else {
        Err(format!(
            "{} not found after the build (use --textract PATH)",
            bin.display()
        ))
    }
}

/// Runs the fidelity pass and the timing runs of one format. `peers` are the
/// format's peers as found on this machine (absent ones carry the reason).
pub fn compare_format(
    format: &str,
    corpus: &Path,
    textract: &Path,
    peers: Vec<(String, tools::Found)>,
    opts: &Options,
    runner: &Runner,
) -> Result<FormatRuns, String> {
    let files = corpus::list(corpus, format)?;
    let textract_tool = tools::with_version(tools::textract(textract.to_path_buf(), opts.jobs));
    let mut skipped = Vec::new();
    let mut list = vec![textract_tool.clone()];
    for (name, found) in peers {
        if let Some(only) = &opts.peers
            && !only.iter().any(|p| p.eq_ignore_ascii_case(&name))
        {
            continue;
        }
        match found {
            Ok(tool) => list.push(tool),
            Err(why) => skipped.push((name, why)),
        }
    }
    let wants_charset = files.iter().any(|f| f.expected_encoding.is_some())
        || list.iter().any(|t| t.role == Role::Charset);
    let mut tools: Vec<ToolRuns> = list
        .into_iter()
        .map(|tool| ToolRuns {
            tool,
            outcomes: Vec::new(),
            charsets: None,
            per_file_runs: Vec::new(),
            batch_runs: Vec::new(),
            batch_warmup: None,
            batch_files_seen: None,
        })
        .collect();
    let hostile = files.iter().filter(|f| f.hostile).count();
    println!(
        "== {format}: {} files ({} clean, {hostile} hostile) in {} ==",
        files.len(),
        files.len() - hostile,
        corpus.join(format).display()
    );
    for (name, why) in &skipped {
        println!("   skipped {name}: {why}");
    }
    // What this format's runs were, with the options they ran under.
    let rss_measured = runner.time_bin.is_some();
    let runs_of = |files, tools, skipped, batch_files| FormatRuns {
        format: format.into(),
        files,
        tools,
        skipped,
        passes: opts.passes,
        runs: opts.runs,
        rss_measured,
        jobs: opts.jobs,
        all_files: opts.all_files,
        modes: opts.modes,
        batch_files,
    };
    if files.is_empty() {
        return Ok(runs_of(files, tools, skipped, 0));
    }
    let out_file = runner.scratch.join("tool-output.txt");

    // 1. Fidelity pass: every file, every tool, output kept, RSS measured.
    println!(
        "   fidelity pass: {} tools x {} files",
        tools.len(),
        files.len()
    );
    let progress = Progress::new("fidelity pass", files.len());
    for (k, file) in files.iter().enumerate() {
        progress.show(k);
        for t in tools.iter_mut() {
            let _ = std::fs::remove_file(&out_file);
            let args = t.tool.args(&[&file.path], Some(&out_file));
            let run = runner.run(&t.tool.program, &args, true, true, runner.timeout);
            let written = match t.tool.output {
                OutputKind::OutFileText => std::fs::read(&out_file).ok(),
                _ => None,
            };
            let extracted = tools::parse_output(t.tool.output, &run.stdout, written.as_deref());
            t.outcomes.push(Outcome {
                exit: run.exit,
                wall: run.wall,
                max_rss_kib: run.max_rss_kib,
                extracted,
            });
        }
    }
    progress.done();
    if wants_charset {
        let probe = tools::textract_charset(&textract_tool);
        let charsets = files
            .iter()
            .map(|file| {
                let run = runner.run(
                    &probe.program,
                    &probe.args(&[&file.path], None),
                    true,
                    false,
                    runner.timeout,
                );
                tools::parse_output(probe.output, &run.stdout, None).charset
            })
            .collect();
        if let Some(t) = tools.first_mut() {
            t.charsets = Some(charsets);
        }
    }

    let clean: Vec<&CorpusFile> = files
        .iter()
        .filter(|f| opts.all_files || !f.hostile)
        .collect();
    let n = tools.len();
    // A tool that could not start at all is not timed.
    let timed: Vec<usize> = (0..n)
        .filter(|&i| {
            tools.get(i).is_some_and(|t| {
                !t.outcomes
                    .iter()
                    .all(|o| matches!(o.exit, Exit::NotStarted(_)))
            })
        })
        .collect();

    // 2. Per-file timing, interleaved per file, order rotated per run.
    if opts.modes.per_file && !clean.is_empty() {
        println!(
            "   per-file timing: {} runs x {} files",
            opts.runs,
            clean.len()
        );
        for r in 0..opts.runs {
            let order = rotated(&timed, r);
            let mut totals = vec![Duration::ZERO; n];
            let progress = Progress::new(
                &format!("per-file run {}/{}", r + 1, opts.runs),
                clean.len(),
            );
            for (k, file) in clean.iter().enumerate() {
                progress.show(k);
                for &i in &order {
                    let Some(t) = tools.get(i) else { continue };
                    let args = t.tool.args(&[&file.path], Some(&out_file));
                    let run = runner.run(&t.tool.program, &args, false, false, runner.timeout);
                    if let Some(total) = totals.get_mut(i) {
                        *total += run.wall;
                    }
                }
            }
            progress.done();
            for &i in &timed {
                if let (Some(t), Some(total)) = (tools.get_mut(i), totals.get(i)) {
                    t.per_file_runs.push(*total);
                }
            }
        }
    }

    // 3. Batch timing: one process over the timed files, `passes` times over.
    let batch: Vec<usize> = timed
        .iter()
        .copied()
        .filter(|&i| tools.get(i).is_some_and(|t| t.tool.takes_many))
        .collect();
    // Only the files every batch tool read: a tool that stops at its first
    // failing file (pdf2txt.py does) would otherwise time a fraction of the work.
    let batch_files: Vec<&CorpusFile> = files
        .iter()
        .enumerate()
        .filter(|(k, f)| {
            (opts.all_files || !f.hostile)
                && batch.iter().all(|&i| {
                    tools
                        .get(i)
                        .and_then(|t| t.outcomes.get(*k))
                        .is_some_and(|o| o.exit.is_ok())
                })
        })
        .map(|(_, f)| f)
        .collect();
    if opts.modes.batch && !batch_files.is_empty() && !batch.is_empty() {
        let once: Vec<&Path> = batch_files.iter().map(|f| f.path.as_path()).collect();
        let mut repeated = Vec::with_capacity(once.len() * opts.passes);
        for _ in 0..opts.passes {
            repeated.extend(once.iter().copied());
        }
        let batch_timeout = runner
            .timeout
            .saturating_mul(u32::try_from(repeated.len()).unwrap_or(u32::MAX));
        println!(
            "   batch timing: {} runs x 1 process x {} passes x {} files",
            opts.runs,
            opts.passes,
            batch_files.len()
        );
        // Warm-up: one pass, output kept (to check textract saw every file) and peak RSS.
        for &i in &batch {
            let Some(t) = tools.get_mut(i) else { continue };
            let warm_timeout = runner
                .timeout
                .saturating_mul(u32::try_from(once.len()).unwrap_or(u32::MAX));
            let run = runner.run(
                &t.tool.program,
                &t.tool.args(&once, None),
                true,
                true,
                warm_timeout,
            );
            if t.tool.is_textract {
                let seen = if once.len() == 1 {
                    usize::from(run.exit.is_ok())
                } else {
                    tools::split_headed_output(&String::from_utf8_lossy(&run.stdout)).len()
                };
                t.batch_files_seen = Some(seen);
            }
            t.batch_warmup = Some(Run {
                stdout: Vec::new(),
                ..run
            });
        }
        for r in 0..opts.runs {
            for i in rotated(&batch, r) {
                let Some(t) = tools.get_mut(i) else { continue };
                let run = runner.run(
                    &t.tool.program,
                    &t.tool.args(&repeated, None),
                    false,
                    false,
                    batch_timeout,
                );
                t.batch_runs.push(run.wall);
            }
        }
    }
    let batch_count = batch_files.len();
    Ok(runs_of(files, tools, skipped, batch_count))
}

/// A `done/total` counter on stderr, shown only when stderr is a terminal.
struct Progress {
    label: String,
    total: usize,
    on: bool,
}

impl Progress {
    fn new(label: &str, total: usize) -> Self {
        use std::io::IsTerminal;
        Progress {
            label: label.into(),
            total,
            on: std::io::stderr().is_terminal(),
        }
    }

    fn show(&self, done: usize) {
        if self.on {
            eprint!("\r   {}: {done}/{} files", self.label, self.total);
        }
    }

    fn done(&self) {
        if self.on {
            eprint!("\r{}\r", " ".repeat(self.label.len() + 32));
        }
    }
}

/// `items` rotated left by `r` (so each run starts with a different tool).
fn rotated(items: &[usize], r: usize) -> Vec<usize> {
    let mut v = items.to_vec();
    if !v.is_empty() {
        let k = r % v.len();
        v.rotate_left(k);
    }
    v
}

#[cfg(test)]
mod tests;
