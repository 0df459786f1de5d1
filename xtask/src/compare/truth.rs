//! Word order and characters against ground truth, not against another
//! tool: files whose reading order is known because they were made from a
//! source we wrote (`fixtures/pdftruth/`: PDFs that LibreOffice, Ghostscript
//! and TeX made from it, each `NAME.pdf` beside `NAME.pdf.truth.txt`, the
//! source's text in its order). Every text tool of the format reads each
//! file once; its word-order similarity ([`super::order`]) and its
//! character-multiset F1 ([`super::metrics::Overlap`]) with the truth are
//! averaged over the files.

use std::path::{Path, PathBuf};

use super::measure::Runner;
use super::metrics::Overlap;
use super::order::{Vocabulary, similarity};
use super::tools::{self, Role, Tool};

/// One file with its truth.
#[derive(Debug, Clone)]
pub struct TruthFile {
    /// File name (`table-wrapped.pdf`).
    pub name: String,
    /// Path handed to the tools.
    pub path: PathBuf,
    /// The source's text in reading order.
    pub truth: String,
}

/// One tool's scores on the truth files.
#[derive(Debug, Clone, Default)]
pub struct TruthScores {
    /// Tool name.
    pub tool: String,
    /// Per file: name, word-order similarity, character F1 (0 for a file
    /// the tool failed on).
    pub files: Vec<(String, f64, f64)>,
}

impl TruthScores {
    /// Mean word-order similarity.
    pub fn order(&self) -> Option<f64> {
        mean(self.files.iter().map(|f| f.1))
    }

    /// Mean character F1.
    pub fn f1(&self) -> Option<f64> {
        mean(self.files.iter().map(|f| f.2))
    }
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// The truth folder of a format (`fixtures/<format>truth`), when there is one.
pub fn dir(root: &Path, format: &str) -> Option<PathBuf> {
    let dir = root.join("fixtures").join(format!("{format}truth"));
    dir.is_dir().then_some(dir)
}

/// Every `NAME.<format>` in `dir` with a `NAME.<format>.truth.txt`, sorted.
pub fn list(dir: &Path, format: &str) -> Result<Vec<TruthFile>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !name.ends_with(&format!(".{format}")) {
            continue;
        }
        let truth_path = dir.join(format!("{name}.truth.txt"));
        let Ok(truth) = std::fs::read_to_string(&truth_path) else {
            continue;
        };
        files.push(TruthFile {
            name: name.to_string(),
            path,
            truth,
        });
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(files)
}

/// Word order and character F1 of one extraction against its truth.
pub fn score(text: &str, truth: &str) -> (f64, f64) {
    let mut vocab = Vocabulary::default();
    let ours = vocab.tokens(text);
    let want = vocab.tokens(truth);
    let order = similarity(&ours, &want).ratio;
    let f1 = Overlap::of(text, truth).f1().unwrap_or(0.0);
    (order, f1)
}

/// Runs every text tool of `tools` once on each file and scores it.
pub fn pass(files: &[TruthFile], tools: &[&Tool], runner: &Runner) -> Vec<TruthScores> {
    let out_file = runner.scratch.join("truth-output.txt");
    tools
        .iter()
        .filter(|t| t.role == Role::Text)
        .map(|t| {
            let files = files
                .iter()
                .map(|f| {
                    let _ = std::fs::remove_file(&out_file);
                    let args = t.args(&[&f.path], Some(&out_file));
                    let run = runner.run(&t.program, &args, true, false, runner.timeout);
                    let written = std::fs::read(&out_file).ok();
                    let (order, f1) = if run.exit.is_ok() {
                        let text = tools::parse_output(t.output, &run.stdout, written.as_deref());
                        score(&text.text, &f.truth)
                    } else {
                        (0.0, 0.0)
                    };
                    (f.name.clone(), order, f1)
                })
                .collect();
            TruthScores {
                tool: t.name.clone(),
                files,
            }
        })
        .collect()
}

/// The scores as text: one row per tool, then per file.
pub fn text(format: &str, scores: &[TruthScores]) -> String {
    let fmt = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.3}"));
    let mut out = format!("-- {format}: word order and characters against ground truth --\n");
    out.push_str(&format!(
        "{:<12} {:>10} {:>10}\n",
        "tool", "order", "char F1"
    ));
    for s in scores {
        out.push_str(&format!(
            "{:<12} {:>10} {:>10}\n",
            s.tool,
            fmt(s.order()),
            fmt(s.f1())
        ));
    }
    for s in scores {
        for (name, order, f1) in &s.files {
            out.push_str(&format!(
                "   {:<12} {name:<28} order {order:.3}  F1 {f1:.3}\n",
                s.tool
            ));
        }
    }
    out
}

/// The scores as a Markdown block for `docs/benchmarks.md` (its own
/// `compare:<format>-truth` block).
pub fn markdown(format: &str, dir: &str, scores: &[TruthScores]) -> String {
    let fmt = |v: Option<f64>| v.map_or("–".into(), |v| format!("{v:.3}"));
    let names: Vec<&str> = scores
        .first()
        .map(|s| s.files.iter().map(|f| f.0.as_str()).collect())
        .unwrap_or_default();
    let mut out = format!(
        "<!-- compare:{format}-truth:start -->\n\
         ### {format}: against ground truth (`{dir}`)\n\n\
         Word order (difflib ratio of tokens) and character-multiset F1 of each \
         tool's text with the source's text, mean over {} files made from \
         sources we wrote (`{dir}/README.md`); `cargo xtask compare --format \
         {format}` writes this table, the per-file columns are word order.\n\n\
         | tool | word order | char F1 |",
        names.len()
    );
    for n in &names {
        out.push_str(&format!(" {n} |"));
    }
    out.push_str("\n|---|---|---|");
    out.push_str(&"---|".repeat(names.len()));
    out.push('\n');
    for s in scores {
        out.push_str(&format!(
            "| {} | {} | {} |",
            s.tool,
            fmt(s.order()),
            fmt(s.f1())
        ));
        for (_, order, _) in &s.files {
            out.push_str(&format!(" {order:.3} |"));
        }
        out.push('\n');
    }
    out.push_str(&format!("<!-- compare:{format}-truth:end -->\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_against_truth() {
        let (order, f1) = score("a b c\nd e", "a b c d e");
        assert!((order - 1.0).abs() < 1e-9 && (f1 - 1.0).abs() < 1e-9);
        // two blocks swapped: only the shorter one is lost
        let (order, f1) = score("d e a b c", "a b c d e");
        assert!((order - 0.6).abs() < 1e-9, "{order}");
        assert!((f1 - 1.0).abs() < 1e-9);
        let scores = TruthScores {
            tool: "t".into(),
            files: vec![("x.pdf".into(), 1.0, 0.5), ("y.pdf".into(), 0.5, 1.0)],
        };
        assert_eq!(scores.order(), Some(0.75));
        assert_eq!(scores.f1(), Some(0.75));
        let md = markdown("pdf", "fixtures/pdftruth", &[scores]);
        assert!(md.starts_with("<!-- compare:pdf-truth:start -->"));
        assert!(md.contains("| t | 0.750 | 0.750 | 1.000 | 0.500 |"));
    }
}
