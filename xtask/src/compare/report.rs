//! Rendering a format's comparison: an aligned text table for stdout and a
//! markdown block for `docs/benchmarks.md`, where it replaces the previous
//! run's block for that format (between `<!-- compare:FORMAT:start/end -->`).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::FormatRuns;
use super::metrics::{Overlap, Recall};
use super::summary::{SAME_CHARS, ToolSummary, WordOrder};
use super::tools::Role;

/// Written when `docs/benchmarks.md` does not exist yet.
pub const HEADER: &str = "\
# Benchmarks

Every performance claim of textract is a ratio measured on this machine's
copy of the corpus by `cargo xtask compare` (see `docs/peers.md` for the
peers and how to install them, and `xtask/src/compare/mod.rs` for the method).
Each format's table sits between `<!-- compare:FORMAT:start -->` and
`<!-- compare:FORMAT:end -->`; a run of `cargo xtask compare --format FORMAT`
replaces only that block. Ratios are textract/peer: below 1 means textract
is faster or smaller. Numbers come only from real runs; none are typed in.
";

/// Where and how a run happened.
#[derive(Debug, Clone)]
pub struct Context {
    /// The command line as typed.
    pub command: String,
    /// UTC date and time.
    pub date: String,
    /// Logical CPUs.
    pub nproc: usize,
    /// CPU model name.
    pub cpu: String,
    /// The workspace's git commit (`abc1234`, `+dirty` with local changes).
    pub commit: Option<String>,
}

impl Context {
    /// The context of a run with `args` on this machine, in the workspace `root`.
    pub fn of_this_machine(args: &[String], root: &Path) -> Self {
        let quoted: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains(char::is_whitespace) {
                    format!("'{a}'")
                } else {
                    a.clone()
                }
            })
            .collect();
        let command = format!("cargo xtask compare {}", quoted.join(" "))
            .trim_end()
            .to_string();
        let date = Command::new("date")
            .args(["-u", "+%Y-%m-%d %H:%M UTC"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_else(|| "unknown date".into());
        let nproc = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown CPU".into());
        let git = |args: &[&str]| {
            Command::new("git")
                .arg("-C")
                .arg(root)
                .args(args)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        };
        let commit = git(&["rev-parse", "--short", "HEAD"]).map(|c| {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty { format!("{c}+dirty") } else { c }
        });
        Context {
            command,
            date,
            nproc,
            cpu,
            commit,
        }
    }
}

/// `123.4 ms`, `1.23 s`, `12.3 s`, or `—`.
pub fn fmt_duration(d: Option<Duration>) -> String {
    let Some(d) = d else { return "—".into() };
    let s = d.as_secs_f64();
    if s >= 10.0 {
        format!("{s:.1} s")
    } else if s >= 1.0 {
        format!("{s:.2} s")
    } else {
        format!("{:.1} ms", s * 1000.0)
    }
}

/// A median with its spread: `706.2 ms ±1.5%`.
pub fn fmt_timing(median: Option<Duration>, spread: Option<f64>) -> String {
    match (median, spread) {
        (Some(_), Some(s)) => format!("{} ±{:.1}%", fmt_duration(median), s * 100.0),
        _ => fmt_duration(median),
    }
}

/// KiB as `12.3 MiB`, or `—`.
pub fn fmt_rss(kib: Option<u64>) -> String {
    kib.map(|k| format!("{:.1} MiB", k as f64 / 1024.0))
        .unwrap_or_else(|| "—".into())
}

/// `0.31×`, or `—`.
pub fn fmt_ratio(r: Option<f64>) -> String {
    r.map(|r| format!("{r:.2}×")).unwrap_or_else(|| "—".into())
}

fn fmt_f1(v: Option<f64>) -> String {
    v.map(|v| format!("{v:.3}")).unwrap_or_else(|| "—".into())
}

fn fmt_recall(s: &ToolSummary) -> String {
    if s.role != Some(Role::Text) {
        return "—".into();
    }
    match s.recall.ratio() {
        Some(r) => format!("{}/{} ({:.1}%)", s.recall.found, s.recall.total, r * 100.0),
        None => "—".into(),
    }
}

/// Header and rows of the speed/memory table.
fn speed_table(runs: &FormatRuns, sums: &[ToolSummary]) -> (Vec<String>, Vec<Vec<String>>) {
    let header = vec![
        "tool".to_string(),
        "per-file wall (Σ files)".into(),
        "textract/tool".into(),
        format!("batch wall ({})", plural(runs.passes, "pass", "passes")),
        "textract/tool".into(),
        "peak RSS".into(),
        "textract/tool".into(),
        "RSS largest file".into(),
        "batch RSS".into(),
        "failed".into(),
        "crash/hang (hostile)".into(),
    ];
    let ours = sums.iter().find(|s| s.is_textract);
    let rows = sums
        .iter()
        .map(|s| {
            let r = |f: fn(&ToolSummary, &ToolSummary) -> Option<f64>| match ours {
                Some(o) if !s.is_textract => fmt_ratio(f(s, o)),
                _ => "—".into(),
            };
            vec![
                name_cell(s),
                fmt_timing(s.per_file_median, s.per_file_spread),
                r(ToolSummary::per_file_ratio),
                fmt_timing(s.batch_median, s.batch_spread),
                r(ToolSummary::batch_ratio),
                fmt_rss(s.peak_rss_kib),
                r(ToolSummary::rss_ratio),
                fmt_rss(s.largest_file_rss_kib),
                fmt_rss(s.batch_rss_kib),
                format!("{}/{}", s.failed.len(), s.clean),
                format!("{}/{}", s.hostile_crashes.len(), s.hostile),
            ]
        })
        .collect();
    (header, rows)
}

/// Header and rows of the fidelity table.
fn fidelity_table(sums: &[ToolSummary]) -> (Vec<String>, Vec<Vec<String>>) {
    let header = vec![
        "tool".to_string(),
        ".expected.txt recall".into(),
        "char-F1 vs textract (pooled / per-file mean)".into(),
        "char-F1 vs .reference.txt".into(),
        "charset = expected_encoding".into(),
    ];
    let rows = sums
        .iter()
        .map(|s| {
            vec![
                name_cell(s),
                fmt_recall(s),
                if s.is_textract {
                    "—".into()
                } else {
                    format!(
                        "{} / {}",
                        fmt_f1(s.vs_textract.f1()),
                        fmt_f1(s.vs_textract_mean())
                    )
                },
                fmt_f1(s.vs_reference.f1()),
                s.charset
                    .map(|(ok, n)| {
                        format!("{ok}/{n} ({:.1}%)", 100.0 * ok as f64 / n.max(1) as f64)
                    })
                    .unwrap_or_else(|| "—".into()),
            ]
        })
        .collect();
    (header, rows)
}

/// Header and rows of the word-order table: one row per pair of text tools.
fn word_order_table(order: &WordOrder) -> (Vec<String>, Vec<Vec<String>>) {
    let header = vec![
        "pair".to_string(),
        "word-order similarity (per-file mean)".into(),
        "files (both have text)".into(),
        format!("mean / files where all read alike (char-F1 ≥ {SAME_CHARS})"),
        "approximate".into(),
    ];
    let rows = (0..order.pairs.len())
        .map(|p| {
            let (mean, n) = order.mean(p);
            let (alike, m) = order.mean_same_chars(p);
            vec![
                order.pair_name(p),
                fmt_f1(mean),
                n.to_string(),
                format!("{} / {m}", fmt_f1(alike)),
                order.approximate(p).to_string(),
            ]
        })
        .collect();
    (header, rows)
}

/// One row per clean file, one column per pair: the word-order similarity
/// (`~` after an approximate value, empty where one side has no text), and
/// whether every tool read the file's characters alike.
pub fn word_order_tsv(order: &WordOrder) -> String {
    let mut out = String::from("file\tread_alike");
    for p in 0..order.pairs.len() {
        out.push('\t');
        out.push_str(&order.pair_name(p));
    }
    out.push('\n');
    for (k, (file, sims)) in order.files.iter().enumerate() {
        out.push_str(file);
        out.push('\t');
        out.push_str(if order.same_chars.get(k).copied().unwrap_or(false) {
            "yes"
        } else {
            "no"
        });
        for s in sims {
            out.push('\t');
            if let Some(s) = s {
                out.push_str(&format!(
                    "{:.4}{}",
                    s.ratio,
                    if s.approximate { "~" } else { "" }
                ));
            }
        }
        out.push('\n');
    }
    out
}

fn name_cell(s: &ToolSummary) -> String {
    match s.role {
        Some(Role::Charset) => format!("{} (charset)", s.name),
        _ => s.name.clone(),
    }
}

/// `1 pass`, `10 passes`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One line on what was run.
fn method_line(runs: &FormatRuns) -> String {
    let clean = runs.files.iter().filter(|f| !f.hostile).count();
    let hostile = runs.files.len() - clean;
    let mut line = format!(
        "{} files: {clean} clean (fidelity), {hostile} hostile (crash/hang check only). ",
        runs.files.len()
    );
    let timed = if runs.all_files {
        "all files"
    } else {
        "the clean files"
    };
    if runs.modes.per_file {
        line.push_str(&format!(
            "Per-file: one process per file over {timed}, Σ over files, median of {}. ",
            plural(runs.runs, "run", "interleaved runs")
        ));
    }
    if runs.modes.batch {
        let many: Vec<&str> = runs
            .tools
            .iter()
            .filter(|t| t.tool.takes_many)
            .map(|t| t.tool.name.as_str())
            .collect();
        let timed_count = runs
            .files
            .iter()
            .filter(|f| runs.all_files || !f.hostile)
            .count();
        let over = if runs.batch_files == timed_count {
            timed.to_string()
        } else {
            format!("the {} of them every batch tool read", runs.batch_files)
        };
        line.push_str(&format!(
            "Batch ({}): one process over {over} × {}, median of {}. ",
            many.join(", "),
            plural(runs.passes, "pass", "passes"),
            plural(runs.runs, "run", "interleaved runs")
        ));
    }
    if !runs.modes.per_file && !runs.modes.batch {
        line.push_str("Timing not run (--mode fidelity). ");
    }
    line.push_str(&format!("textract runs with `-j {}`.", runs.jobs));
    line
}

/// `versions: textract 0.1.0, pdftotext 22.12.0, ...` (unknown ones left out).
fn versions_line(sums: &[ToolSummary]) -> String {
    let known: Vec<String> = sums
        .iter()
        .filter_map(|s| s.version.as_ref().map(|v| format!("{} {v}", s.name)))
        .collect();
    if known.is_empty() {
        String::new()
    } else {
        format!("Versions: {}.", known.join(", "))
    }
}

/// Notes: skipped peers, RSS availability, batch anomalies, failed files.
fn notes(runs: &FormatRuns, sums: &[ToolSummary]) -> Vec<String> {
    let mut n = Vec::new();
    for (name, why) in &runs.skipped {
        n.push(format!("skipped {name}: {why}"));
    }
    if !runs.rss_measured {
        n.push("peak RSS not measured: GNU time not found at /usr/bin/time (apt install time); wall time only".into());
    }
    // A tool that fails quickly looks fast: say so beside the ratios.
    if let Some(ours) = sums.iter().find(|s| s.is_textract) {
        for s in sums
            .iter()
            .filter(|s| !s.is_textract && s.role == Some(Role::Text))
        {
            if ours.failed.len() > s.failed.len() {
                n.push(format!(
                    "timing ratios vs {} compare unequal work: textract failed on {} clean files, {} on {}",
                    s.name,
                    ours.failed.len(),
                    s.name,
                    s.failed.len()
                ));
            }
        }
    }
    for s in sums {
        if let Some((file, wall)) = &s.slowest {
            n.push(format!(
                "{} slowest file: {file} ({})",
                s.name,
                fmt_duration(Some(*wall))
            ));
        }
        if let Some(b) = &s.batch_note {
            n.push(format!("{} batch: {b}", s.name));
        }
        if !s.failed.is_empty() {
            n.push(format!("{} failed on: {}", s.name, shorten(&s.failed)));
        }
        if !s.hostile_crashes.is_empty() {
            n.push(format!(
                "{} crashed or hung on: {}",
                s.name,
                shorten(&s.hostile_crashes)
            ));
        }
    }
    n
}

fn shorten(names: &[String]) -> String {
    const MAX: usize = 12;
    let shown: Vec<&str> = names.iter().take(MAX).map(String::as_str).collect();
    let more = names.len().saturating_sub(MAX);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// Aligned plain-text table.
fn text_table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c}{}", " ".repeat(w.saturating_sub(c.chars().count()))))
            .collect();
        format!("   {}\n", parts.join("  ").trim_end())
    };
    let mut out = line(header);
    for row in rows {
        out.push_str(&line(row));
    }
    out
}

/// Markdown table.
fn md_table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n", header.join(" | "));
    out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
    for row in rows {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out
}

/// ` · workspace at abc1234` when the commit is known.
fn commit_part(ctx: &Context) -> String {
    ctx.commit
        .as_ref()
        .map(|c| format!(" · workspace at {c}"))
        .unwrap_or_default()
}

/// The human-readable report printed on stdout.
pub fn text(runs: &FormatRuns, sums: &[ToolSummary], order: &WordOrder, ctx: &Context) -> String {
    let mut out = format!(
        "\n== {} — {} · nproc {} · {}{} ==\n",
        runs.format,
        ctx.date,
        ctx.nproc,
        ctx.cpu,
        commit_part(ctx)
    );
    out.push_str(&format!("   {}\n", method_line(runs)));
    let versions = versions_line(sums);
    if !versions.is_empty() {
        out.push_str(&format!("   {versions}\n"));
    }
    out.push('\n');
    let (h, r) = speed_table(runs, sums);
    out.push_str(&text_table(&h, &r));
    out.push('\n');
    let (h, r) = fidelity_table(sums);
    out.push_str(&text_table(&h, &r));
    if !order.pairs.is_empty() {
        out.push('\n');
        let (h, r) = word_order_table(order);
        out.push_str(&text_table(&h, &r));
    }
    let notes = notes(runs, sums);
    if !notes.is_empty() {
        out.push('\n');
        for n in notes {
            out.push_str(&format!("   note: {n}\n"));
        }
    }
    out.push('\n');
    out
}

/// The markdown block for `docs/benchmarks.md`, markers included.
pub fn markdown(
    runs: &FormatRuns,
    sums: &[ToolSummary],
    order: &WordOrder,
    ctx: &Context,
) -> String {
    let f = &runs.format;
    let mut out = format!("<!-- compare:{f}:start -->\n## {f}\n\n");
    out.push_str(&format!(
        "`{}` · {} · nproc {} · {}{}\n\n{} {}\n\n",
        ctx.command,
        ctx.date,
        ctx.nproc,
        ctx.cpu,
        commit_part(ctx),
        method_line(runs),
        versions_line(sums)
    ));
    let (h, r) = speed_table(runs, sums);
    out.push_str(&md_table(&h, &r));
    out.push('\n');
    let (h, r) = fidelity_table(sums);
    out.push_str(&md_table(&h, &r));
    if !order.pairs.is_empty() {
        out.push_str(
            "\nWord order: tokens (NFKC, whitespace-split, CJK characters one each) compared as difflib's ratio, per clean file where both tools print text (definition: `xtask/src/compare/order.rs`).\n\n",
        );
        let (h, r) = word_order_table(order);
        out.push_str(&md_table(&h, &r));
    }
    let notes = notes(runs, sums);
    if !notes.is_empty() {
        out.push('\n');
        for n in notes {
            out.push_str(&format!("- {n}\n"));
        }
    }
    out.push_str(&format!("<!-- compare:{f}:end -->\n"));
    out
}

/// One row per (file, tool) of the fidelity pass, tab-separated, for digging
/// into a table's numbers: exit, wall time, peak RSS, characters, recall, F1.
pub fn files_tsv(runs: &FormatRuns) -> String {
    let mut out = String::from(
        "file\thostile\ttool\texit\twall_ms\tmax_rss_kib\tchars\texpected_found\texpected_total\tf1_vs_textract\tcharset\n",
    );
    let ours = runs.tools.iter().find(|t| t.tool.is_textract);
    for (i, file) in runs.files.iter().enumerate() {
        for t in &runs.tools {
            let Some(o) = t.outcomes.get(i) else { continue };
            let text = if o.exit.is_ok() {
                o.extracted.text.as_str()
            } else {
                ""
            };
            let chars = text.chars().filter(|c| !c.is_whitespace()).count();
            let recall = Recall::of(text, &file.expected);
            let f1 = match ours.and_then(|u| u.outcomes.get(i)) {
                Some(u) if !t.tool.is_textract && t.tool.role == Role::Text => {
                    let theirs = if u.exit.is_ok() {
                        u.extracted.text.as_str()
                    } else {
                        ""
                    };
                    fmt_f1(Overlap::of(theirs, text).f1())
                }
                _ => String::new(),
            };
            let charset = t
                .charsets
                .as_ref()
                .and_then(|c| c.get(i).cloned().flatten())
                .or_else(|| o.extracted.charset.clone())
                .unwrap_or_default();
            out.push_str(&format!(
                "{}\t{}\t{}\t{:?}\t{:.1}\t{}\t{chars}\t{}\t{}\t{f1}\t{charset}\n",
                file.rel,
                file.hostile,
                t.tool.name,
                o.exit,
                o.wall.as_secs_f64() * 1000.0,
                o.max_rss_kib.map(|k| k.to_string()).unwrap_or_default(),
                recall.found,
                recall.total,
            ));
        }
    }
    out
}

/// `doc` with the block of `format` replaced by `block` (appended when absent).
pub fn splice(doc: &str, format: &str, block: &str) -> String {
    let start = format!("<!-- compare:{format}:start -->");
    let end = format!("<!-- compare:{format}:end -->");
    if let (Some(s), Some(e)) = (doc.find(&start), doc.find(&end))
        && s < e
    {
        let after = e + end.len();
        let rest = doc.get(after..).unwrap_or("");
        let rest = rest.strip_prefix('\n').unwrap_or(rest);
        return format!("{}{block}{rest}", doc.get(..s).unwrap_or(""));
    }
    let mut out = doc.to_string();
    if !out.is_empty() && !out.ends_with("\n\n") {
        out.push_str(if out.ends_with('\n') { "\n" } else { "\n\n" });
    }
    out.push_str(block);
    out
}

/// Replaces (or appends) the block of `format` in the report at `path`,
/// creating the file with [`HEADER`] when it does not exist.
pub fn update_file(path: &Path, format: &str, block: &str) -> Result<(), String> {
    let doc = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => HEADER.to_string(),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    crate::util::write(path, splice(&doc, format, block).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_replaces_only_its_own_block() {
        let doc = format!(
            "{HEADER}\n<!-- compare:pdf:start -->\nold pdf\n<!-- compare:pdf:end -->\n\n<!-- compare:doc:start -->\nold doc\n<!-- compare:doc:end -->\n"
        );
        let new = "<!-- compare:pdf:start -->\nnew pdf\n<!-- compare:pdf:end -->\n";
        let out = splice(&doc, "pdf", new);
        assert!(out.contains("new pdf"));
        assert!(!out.contains("old pdf"));
        assert!(out.contains("old doc"));
        assert!(out.starts_with(HEADER));
        // Idempotent: replacing again changes nothing.
        assert_eq!(splice(&out, "pdf", new), out);
        // A new format is appended after a blank line.
        let html = "<!-- compare:html:start -->\nh\n<!-- compare:html:end -->\n";
        let out2 = splice(&out, "html", html);
        assert!(out2.ends_with(&format!("\n\n{html}")));
        assert!(out2.contains("new pdf") && out2.contains("old doc"));
    }

    #[test]
    fn context_quotes_the_command_line() {
        let args = vec!["--format".to_string(), "a b".to_string()];
        let ctx = Context::of_this_machine(&args, &crate::util::workspace_root());
        assert_eq!(ctx.command, "cargo xtask compare --format 'a b'");
        assert!(ctx.nproc >= 1);
        assert!(ctx.date.ends_with("UTC") || ctx.date == "unknown date");
        let bare = Context::of_this_machine(&[], Path::new("/nonexistent"));
        assert_eq!(bare.command, "cargo xtask compare");
        assert_eq!(bare.commit, None);
    }

    #[test]
    fn formats_of_numbers() {
        assert_eq!(fmt_duration(Some(Duration::from_micros(12_345))), "12.3 ms");
        assert_eq!(fmt_duration(Some(Duration::from_millis(1_234))), "1.23 s");
        assert_eq!(fmt_duration(Some(Duration::from_secs(42))), "42.0 s");
        assert_eq!(fmt_duration(None), "—");
        assert_eq!(fmt_rss(Some(2048)), "2.0 MiB");
        assert_eq!(
            fmt_timing(Some(Duration::from_millis(20)), Some(0.015)),
            "20.0 ms ±1.5%"
        );
        assert_eq!(fmt_timing(Some(Duration::from_millis(20)), None), "20.0 ms");
        assert_eq!(fmt_ratio(Some(0.3125)), "0.31×");
    }

    #[test]
    fn tables_align_and_render_as_markdown() {
        let h = vec!["tool".to_string(), "x".to_string()];
        let rows = vec![vec!["textract".to_string(), "1".to_string()]];
        assert_eq!(text_table(&h, &rows), "   tool      x\n   textract  1\n");
        assert_eq!(
            md_table(&h, &rows),
            "| tool | x |\n|---|---|\n| textract | 1 |\n"
        );
    }
}
