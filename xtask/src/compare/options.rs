//! Command-line options of `cargo xtask compare`.

use std::path::PathBuf;
use std::time::Duration;

/// The usage text.
pub const USAGE: &str = "\
usage: cargo xtask compare [OPTIONS]

Runs textract's CLI and every peer present on this machine over the corpus
files of each format, interleaved, and reports speed, memory and fidelity
(stdout, and the format's table in docs/benchmarks.md).

options:
  --format F        pdf, doc, html, ... or all (repeatable or comma-separated; default pdf,doc,html)
  --corpus DIR      corpus root (default <workspace>/../shared/corpus)
  --runs N          timed runs per mode; the median is reported (default 5)
  --passes K        batch mode: one process over all files K times (default 10)
  --jobs N          textract -j N (default 1: single-threaded like the peers)
  --textract PATH   textract binary (default: cargo build --release -p textract-cli)
  --peers A,B       only these peers (names as in the tables)
  --mode M          per-file, batch, both, or fidelity (no timing) (default both)
  --all-files       also time hostile files (ENCRYPTED, FUZZ, ...; default: clean files only)
  --timeout SECS    kill a per-file process after SECS (default 60; batch: SECS x files x passes)
  --report PATH     markdown report to update (default <workspace>/docs/benchmarks.md)
  --no-report       print only, do not touch the report
  --structure       instead: --to markdown of textract and the Markdown of pandoc,
                    markitdown and kreuzberg (and, for .ppt, LibreOffice's pptx read by
                    textract: soffice+textract) over the documents with known structure
                    (../shared/corpus/structure, fixtures/structure), scored by
                    structure.py beside the corpus; --format docx,odt,... selects formats
";

/// Which timing modes to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Modes {
    /// One process per file, summed over the files.
    pub per_file: bool,
    /// One process over all files, `passes` times over.
    pub batch: bool,
}

/// Parsed options.
#[derive(Debug, Clone)]
pub struct Options {
    /// Formats (corpus folder names), in order.
    pub formats: Vec<String>,
    /// Corpus root; `None` = the default next to the workspace.
    pub corpus: Option<PathBuf>,
    /// Timed runs per mode.
    pub runs: usize,
    /// Passes over the file list in batch mode.
    pub passes: usize,
    /// textract's `-j`.
    pub jobs: usize,
    /// textract binary; `None` = build it.
    pub textract: Option<PathBuf>,
    /// Only these peers, if given.
    pub peers: Option<Vec<String>>,
    /// Timing modes.
    pub modes: Modes,
    /// Per-file process timeout.
    pub timeout: Duration,
    /// Report path; `None` = default.
    pub report: Option<PathBuf>,
    /// Do not write the report.
    pub no_report: bool,
    /// Time hostile files too.
    pub all_files: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            formats: vec!["pdf".into(), "doc".into(), "html".into()],
            corpus: None,
            runs: 5,
            passes: 10,
            jobs: 1,
            textract: None,
            peers: None,
            modes: Modes {
                per_file: true,
                batch: true,
            },
            timeout: Duration::from_secs(60),
            report: None,
            no_report: false,
            all_files: false,
        }
    }
}

/// Parses `args` (after the task name). `Ok(None)` means help was asked for.
pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut o = Options::default();
    let mut formats: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("{name} needs a value")),
            }
        };
        let count = |name: &str, v: String| -> Result<usize, String> {
            match v.parse::<usize>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!("{name}: expected a positive integer, got `{v}`")),
            }
        };
        match flag {
            "-h" | "--help" => return Ok(None),
            "--format" => formats.extend(list(&value(flag)?)),
            "--corpus" => o.corpus = Some(PathBuf::from(value(flag)?)),
            "--runs" => o.runs = count(flag, value(flag)?)?,
            "--passes" => o.passes = count(flag, value(flag)?)?,
            "--jobs" | "-j" => o.jobs = count(flag, value(flag)?)?,
            "--textract" => o.textract = Some(PathBuf::from(value(flag)?)),
            "--peers" => o.peers = Some(list(&value(flag)?)),
            "--timeout" => o.timeout = Duration::from_secs(count(flag, value(flag)?)? as u64),
            "--report" => o.report = Some(PathBuf::from(value(flag)?)),
            "--no-report" => o.no_report = true,
            "--all-files" => o.all_files = true,
            "--mode" => {
                o.modes = match value(flag)?.as_str() {
                    "per-file" => Modes {
                        per_file: true,
                        batch: false,
                    },
                    "batch" => Modes {
                        per_file: false,
                        batch: true,
                    },
                    "both" => Modes {
                        per_file: true,
                        batch: true,
                    },
                    "fidelity" => Modes {
                        per_file: false,
                        batch: false,
                    },
                    other => {
                        return Err(format!(
                            "--mode: expected per-file, batch, both or fidelity, got `{other}`"
                        ));
                    }
                }
            }
            other => return Err(format!("unknown option `{other}`\n\n{USAGE}")),
        }
    }
    if !formats.is_empty() {
        o.formats = formats;
    }
    Ok(Some(o))
}

fn list(v: &str) -> Vec<String> {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let d = parse(&[]).unwrap().unwrap();
        assert_eq!(d.formats, ["pdf", "doc", "html"]);
        assert_eq!((d.runs, d.passes, d.jobs), (5, 10, 1));
        let o = parse(&args("--format doc --format=pdf,html --runs 3 --passes=2 --jobs 4 --peers antiword,POI --mode batch --no-report --all-files --timeout 5"))
            .unwrap()
            .unwrap();
        assert_eq!(o.formats, ["doc", "pdf", "html"]);
        assert_eq!((o.runs, o.passes, o.jobs), (3, 2, 4));
        assert_eq!(o.peers.unwrap(), ["antiword", "POI"]);
        assert_eq!(
            o.modes,
            Modes {
                per_file: false,
                batch: true
            }
        );
        assert!(o.no_report && o.all_files);
        assert!(!d.all_files);
        assert_eq!(o.timeout, Duration::from_secs(5));
    }

    #[test]
    fn bad_input_is_an_error_and_help_is_none() {
        assert!(parse(&args("--runs 0")).is_err());
        assert!(parse(&args("--runs")).is_err());
        assert!(parse(&args("--mode fast")).is_err());
        let f = parse(&args("--mode fidelity")).unwrap().unwrap();
        assert_eq!(
            f.modes,
            Modes {
                per_file: false,
                batch: false
            }
        );
        assert!(parse(&args("--bogus")).is_err());
        assert!(parse(&args("--help")).unwrap().is_none());
    }
}
