//! From raw runs to per-tool numbers: medians, failures, recall, F1, charset
//! accuracy, and the textract/peer ratios.

use std::time::Duration;

use super::FormatRuns;
use super::corpus::CorpusFile;
use super::metrics::{Overlap, Recall, charset_matches, median, normalize, ratio, spread};
use super::tools::Role;

/// The numbers reported for one tool on one format.
#[derive(Debug, Clone, Default)]
pub struct ToolSummary {
    /// Tool name.
    pub name: String,
    /// Text extractor or charset detector.
    pub role: Option<Role>,
    /// The tool under test.
    pub is_textract: bool,
    /// The version the tool reports.
    pub version: Option<String>,
    /// Median over runs of the per-file-mode total.
    pub per_file_median: Option<Duration>,
    /// Median over runs of the batch-mode process.
    pub batch_median: Option<Duration>,
    /// Half-range / median of the per-file-mode runs.
    pub per_file_spread: Option<f64>,
    /// Half-range / median of the batch-mode runs.
    pub batch_spread: Option<f64>,
    /// The batch warm-up's exit was not 0 (text of the exit).
    pub batch_note: Option<String>,
    /// Largest peak RSS over the timed files (KiB), one process per file.
    pub peak_rss_kib: Option<u64>,
    /// Peak RSS on the largest timed file (KiB).
    pub largest_file_rss_kib: Option<u64>,
    /// Peak RSS of one batch process over all clean files (KiB).
    pub batch_rss_kib: Option<u64>,
    /// Clean files that failed, by relative path.
    pub failed: Vec<String>,
    /// Clean files considered.
    pub clean: usize,
    /// Hostile files where the tool crashed (signal) or hung (timeout).
    pub hostile_crashes: Vec<String>,
    /// Hostile files considered.
    pub hostile: usize,
    /// `.expected.txt` recall over clean files (text tools).
    pub recall: Recall,
    /// Character-multiset overlap with textract's text (peers; clean files).
    pub vs_textract: Overlap,
    /// Per-file F1 with textract's text, summed, and the files summed
    /// (for the per-file mean, which one long file cannot dominate).
    pub vs_textract_per_file: (f64, usize),
    /// Character-multiset overlap with `.reference.txt` (clean files that have one).
    pub vs_reference: Overlap,
    /// Detected charsets matching `expected_encoding`: (correct, files with one).
    pub charset: Option<(usize, usize)>,
    /// The timed file this tool took longest on in the fidelity pass.
    pub slowest: Option<(String, Duration)>,
}

impl ToolSummary {
    /// textract's value over this tool's value for per-file wall time.
    pub fn per_file_ratio(&self, textract: &ToolSummary) -> Option<f64> {
        ratio(secs(textract.per_file_median), secs(self.per_file_median))
    }

    /// textract/tool for batch wall time.
    pub fn batch_ratio(&self, textract: &ToolSummary) -> Option<f64> {
        ratio(secs(textract.batch_median), secs(self.batch_median))
    }

    /// Mean over files of the per-file F1 with textract's text.
    pub fn vs_textract_mean(&self) -> Option<f64> {
        let (sum, n) = self.vs_textract_per_file;
        (n > 0).then(|| sum / n as f64)
    }

    /// textract/tool for peak RSS over the clean files.
    pub fn rss_ratio(&self, textract: &ToolSummary) -> Option<f64> {
        ratio(
            textract.peak_rss_kib.map(|k| k as f64),
            self.peak_rss_kib.map(|k| k as f64),
        )
    }
}

fn secs(d: Option<Duration>) -> Option<f64> {
    d.map(|d| d.as_secs_f64())
}

/// Summaries of every tool of a format run, textract first.
pub fn summarise(runs: &FormatRuns) -> Vec<ToolSummary> {
    let files = &runs.files;
    // The files that were timed (and whose RSS counts): clean ones, or all.
    let timed = |f: &CorpusFile| runs.all_files || !f.hostile;
    let textract_texts: Vec<Option<&str>> = runs
        .tools
        .iter()
        .find(|t| t.tool.is_textract)
        .map(|t| {
            t.outcomes
                .iter()
                .map(|o| o.exit.is_ok().then_some(o.extracted.text.as_str()))
                .collect()
        })
        .unwrap_or_default();
    // Per file: does any text tool produce non-empty text?
    let someone_has_text: Vec<bool> = (0..files.len())
        .map(|i| {
            runs.tools
                .iter()
                .filter(|t| t.tool.role == Role::Text)
                .any(|t| {
                    t.outcomes
                        .get(i)
                        .is_some_and(|o| o.exit.is_ok() && !normalize(&o.extracted.text).is_empty())
                })
        })
        .collect();
    let largest = files
        .iter()
        .enumerate()
        .filter(|(_, f)| timed(f))
        .max_by_key(|(_, f)| f.bytes)
        .map(|(i, _)| i);

    let mut out = Vec::new();
    for t in &runs.tools {
        let mut s = ToolSummary {
            name: t.tool.name.clone(),
            role: Some(t.tool.role),
            is_textract: t.tool.is_textract,
            version: t.tool.version.clone(),
            per_file_median: median(&t.per_file_runs),
            batch_median: median(&t.batch_runs),
            per_file_spread: spread(&t.per_file_runs),
            batch_spread: spread(&t.batch_runs),
            ..ToolSummary::default()
        };
        if let Some(w) = &t.batch_warmup {
            s.batch_rss_kib = w.max_rss_kib;
            if !w.exit.is_ok() {
                s.batch_note = Some(format!("{:?}", w.exit));
            }
        }
        if let Some(seen) = t.batch_files_seen {
            // textract prints a `==> PATH <==` header for each file it read;
            // the batch holds only files it read in the fidelity pass.
            let expected = runs.batch_files;
            if seen != expected {
                let prev = s
                    .batch_note
                    .take()
                    .map(|n| format!("{n}; "))
                    .unwrap_or_default();
                s.batch_note = Some(format!(
                    "{prev}printed text for {seen} files, the per-file runs for {expected}"
                ));
            }
        }
        let mut charset = (0usize, 0usize);
        for (i, (file, o)) in files.iter().zip(&t.outcomes).enumerate() {
            if timed(file) {
                if s.slowest.as_ref().is_none_or(|(_, d)| o.wall > *d) {
                    s.slowest = Some((file.rel.clone(), o.wall));
                }
                s.peak_rss_kib = match (s.peak_rss_kib, o.max_rss_kib) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    (a, b) => a.or(b),
                };
                if Some(i) == largest {
                    s.largest_file_rss_kib = o.max_rss_kib;
                }
            }
            if file.hostile {
                s.hostile += 1;
                if o.exit.is_crash_or_hang() {
                    s.hostile_crashes.push(file.rel.clone());
                }
                continue;
            }
            s.clean += 1;
            let failed = match t.tool.role {
                Role::Text => {
                    !o.exit.is_ok()
                        || (normalize(&o.extracted.text).is_empty()
                            && someone_has_text.get(i).copied().unwrap_or(false))
                }
                Role::Charset => !o.exit.is_ok() || o.extracted.charset.is_none(),
            };
            if failed {
                s.failed.push(file.rel.clone());
            }
            let detected = match (&t.charsets, t.tool.role) {
                (Some(c), _) => c.get(i).cloned().flatten(),
                (None, Role::Charset) => o.extracted.charset.clone(),
                (None, Role::Text) => None,
            };
            if let Some(expected) = &file.expected_encoding
                && (t.charsets.is_some() || t.tool.role == Role::Charset)
            {
                charset.1 += 1;
                if detected.is_some_and(|d| charset_matches(&d, expected)) {
                    charset.0 += 1;
                }
            }
            if t.tool.role != Role::Text {
                continue;
            }
            let text = if o.exit.is_ok() {
                o.extracted.text.as_str()
            } else {
                ""
            };
            if !file.expected.is_empty() {
                s.recall.add(Recall::of(text, &file.expected));
            }
            if let Some(reference) = &file.reference {
                s.vs_reference.add(Overlap::of(text, reference));
            }
            if !t.tool.is_textract {
                let ours = textract_texts.get(i).copied().flatten().unwrap_or("");
                let overlap = Overlap::of(ours, text);
                s.vs_textract.add(overlap);
                if let Some(f1) = overlap.f1() {
                    s.vs_textract_per_file.0 += f1;
                    s.vs_textract_per_file.1 += 1;
                }
            }
        }
        if charset.1 > 0 {
            s.charset = Some(charset);
        }
        out.push(s);
    }
    out
}

/// Word-order similarity (see [`super::order`]) of every pair of text tools,
/// per clean file where both printed at least one token.
#[derive(Debug, Clone, Default)]
pub struct WordOrder {
    /// The pairs, as indices into the tools of the run: textract with each
    /// peer first, then the peers with each other.
    pub pairs: Vec<(usize, usize)>,
    /// Tool names, by index into the run's tools.
    pub names: Vec<String>,
    /// Per clean file: its path and, per pair, the similarity (with the
    /// approximation flag) or `None` when one side printed nothing.
    pub files: Vec<(String, Vec<Option<super::order::Similarity>>)>,
    /// Per clean file (same order): every text tool printed text whose
    /// character-multiset F1 with textract's is at least [`SAME_CHARS`], so
    /// the similarities measure order, not a tool's failure to read glyphs.
    pub same_chars: Vec<bool>,
}

/// Character F1 with textract above which a file counts as read alike by
/// every tool (word-order differences are then differences of order).
pub const SAME_CHARS: f64 = 0.95;

impl WordOrder {
    /// Mean over the files where both tools of pair `p` have text, and that
    /// number of files.
    pub fn mean(&self, p: usize) -> (Option<f64>, usize) {
        let vals: Vec<f64> = self
            .files
            .iter()
            .filter_map(|(_, v)| v.get(p).copied().flatten())
            .map(|s| s.ratio)
            .collect();
        let n = vals.len();
        ((n > 0).then(|| vals.iter().sum::<f64>() / n as f64), n)
    }

    /// Mean of pair `p` over the files every tool read alike (see
    /// [`WordOrder::same_chars`]), and that number of files.
    pub fn mean_same_chars(&self, p: usize) -> (Option<f64>, usize) {
        let vals: Vec<f64> = self
            .files
            .iter()
            .zip(&self.same_chars)
            .filter(|(_, same)| **same)
            .filter_map(|((_, v), _)| v.get(p).copied().flatten())
            .map(|s| s.ratio)
            .collect();
        let n = vals.len();
        ((n > 0).then(|| vals.iter().sum::<f64>() / n as f64), n)
    }

    /// Files of pair `p` whose similarity is an approximation.
    pub fn approximate(&self, p: usize) -> usize {
        self.files
            .iter()
            .filter(|(_, v)| v.get(p).copied().flatten().is_some_and(|s| s.approximate))
            .count()
    }

    /// `textract ~ mutool`.
    pub fn pair_name(&self, p: usize) -> String {
        let name = |i: usize| self.names.get(i).map_or("?", String::as_str);
        self.pairs
            .get(p)
            .map(|&(a, b)| format!("{} ~ {}", name(a), name(b)))
            .unwrap_or_default()
    }
}

/// Word order of every pair of text tools over the clean files.
pub fn word_order(runs: &FormatRuns) -> WordOrder {
    use super::order::{Vocabulary, similarity};
    let text_tools: Vec<usize> = (0..runs.tools.len())
        .filter(|&i| runs.tools.get(i).is_some_and(|t| t.tool.role == Role::Text))
        .collect();
    let ours = text_tools
        .iter()
        .copied()
        .find(|&i| runs.tools.get(i).is_some_and(|t| t.tool.is_textract));
    let mut pairs = Vec::new();
    if let Some(o) = ours {
        pairs.extend(text_tools.iter().filter(|&&i| i != o).map(|&i| (o, i)));
    }
    let peers: Vec<usize> = text_tools
        .iter()
        .copied()
        .filter(|&i| Some(i) != ours)
        .collect();
    for (k, &a) in peers.iter().enumerate() {
        for &b in peers.iter().skip(k + 1) {
            pairs.push((a, b));
        }
    }
    let mut files = Vec::new();
    let mut same_chars = Vec::new();
    for (i, file) in runs.files.iter().enumerate() {
        if file.hostile {
            continue;
        }
        let mut vocab = Vocabulary::default();
        let tokens: Vec<Vec<u32>> = runs
            .tools
            .iter()
            .map(|t| match t.outcomes.get(i) {
                Some(o) if t.tool.role == Role::Text && o.exit.is_ok() => {
                    vocab.tokens(&o.extracted.text)
                }
                _ => Vec::new(),
            })
            .collect();
        let text_of = |t: &super::ToolRuns| text_at(t, i).to_string();
        let ours_text = ours
            .and_then(|o| runs.tools.get(o))
            .map(text_of)
            .unwrap_or_default();
        same_chars.push(
            ours.is_some()
                && text_tools.iter().all(|&t| {
                    runs.tools.get(t).is_some_and(|t| {
                        Overlap::of(&ours_text, text_at(t, i))
                            .f1()
                            .is_some_and(|f| f >= SAME_CHARS)
                    })
                })
                && tokens
                    .iter()
                    .zip(&runs.tools)
                    .all(|(tok, t)| t.tool.role != Role::Text || !tok.is_empty()),
        );
        let sims = pairs
            .iter()
            .map(|&(a, b)| match (tokens.get(a), tokens.get(b)) {
                (Some(x), Some(y)) if !x.is_empty() && !y.is_empty() => Some(similarity(x, y)),
                _ => None,
            })
            .collect();
        files.push((file.rel.clone(), sims));
    }
    WordOrder {
        pairs,
        names: runs.tools.iter().map(|t| t.tool.name.clone()).collect(),
        files,
        same_chars,
    }
}

/// The text of tool `t` on file `i`, empty when it failed.
fn text_at(t: &super::ToolRuns, i: usize) -> &str {
    t.outcomes
        .get(i)
        .filter(|o| o.exit.is_ok())
        .map_or("", |o| o.extracted.text.as_str())
}
