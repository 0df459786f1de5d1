//! Running extraction over many files in parallel while writing results in
//! input order, and the two output forms.

use std::collections::BTreeMap;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use indicatif::{ProgressBar, ProgressStyle};
use textract::{Document, Options};

/// Why one input failed: a stable kind name and a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// `unsupported`, `encrypted`, `corrupt`, `limit`, `io` or `panic`.
    pub kind: String,
    /// What went wrong.
    pub message: String,
}

/// The result for one input.
pub type Outcome = Result<Document, Failure>;

/// Runs `job` with a panic turned into a [`Failure`] of kind `panic`.
pub fn guarded(job: impl FnOnce() -> Result<Document, textract::Error>) -> Outcome {
    match catch_unwind(AssertUnwindSafe(job)) {
        Ok(Ok(doc)) => Ok(doc),
        Ok(Err(e)) => Err(Failure {
            kind: e.kind().name().to_string(),
            message: e.to_string(),
        }),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Failure {
                kind: "panic".into(),
                message: format!("internal error (a bug, please report it): {message}"),
            })
        }
    }
}

/// Extracts `files` on `jobs` threads and calls `emit` for each in input
/// order. At most a few results per thread wait for an earlier slow file, so
/// memory stays bounded however many files there are. `emit` returns false to
/// stop early (e.g. the output pipe closed).
pub fn process(
    files: &[PathBuf],
    jobs: usize,
    options: &Options,
    mut emit: impl FnMut(&Path, Outcome) -> bool,
) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
    let window = jobs.saturating_mul(4).max(1);
    let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
    pool.in_place_scope(|scope| {
        let mut submitted = 0;
        let mut next = 0;
        let mut ready: BTreeMap<usize, Outcome> = BTreeMap::new();
        while next < files.len() {
            while submitted < files.len() && submitted < next + window {
                let tx = tx.clone();
                let path = &files[submitted];
                let index = submitted;
                scope.spawn(move |_| {
                    let outcome = guarded(|| textract::extract_path(path, options));
                    let _ = tx.send((index, outcome));
                });
                submitted += 1;
            }
            let Ok((index, outcome)) = rx.recv() else {
                break;
            };
            ready.insert(index, outcome);
            while let Some(outcome) = ready.remove(&next) {
                if !emit(&files[next], outcome) {
                    return;
                }
                next += 1;
            }
        }
    });
    Ok(())
}

/// Plain output: the text (with a `==> PATH <==` line before it when there
/// are several inputs); failures go to stderr.
pub fn write_text(
    out: &mut impl Write,
    path: &Path,
    outcome: &Outcome,
    several: bool,
) -> std::io::Result<()> {
    match outcome {
        Ok(doc) => {
            if several {
                writeln!(out, "==> {} <==", path.display())?;
            }
            out.write_all(doc.text.as_bytes())?;
            if !doc.text.is_empty() && !doc.text.ends_with('\n') {
                out.write_all(b"\n")?;
            }
            Ok(())
        }
        Err(f) => {
            eprintln!("textract: {}: {}: {}", path.display(), f.kind, f.message);
            Ok(())
        }
    }
}

/// One JSON Lines record for `path`.
pub fn json_record(path: &Path, outcome: &Outcome) -> serde_json::Value {
    let path = path.to_string_lossy();
    match outcome {
        Ok(doc) => serde_json::json!({
            "path": path,
            "format": doc.format,
            "text": doc.text,
            "metadata": doc.metadata,
            "encoding": doc.encoding,
            "warnings": doc.warnings,
            "error": null,
        }),
        Err(f) => serde_json::json!({
            "path": path,
            "format": null,
            "text": null,
            "metadata": null,
            "encoding": null,
            "warnings": [],
            "error": { "kind": f.kind, "message": f.message },
        }),
    }
}

/// Writes [`json_record`] as one line.
pub fn write_json(out: &mut impl Write, path: &Path, outcome: &Outcome) -> std::io::Result<()> {
    writeln!(out, "{}", json_record(path, outcome))
}

/// The progress bar shown on a terminal for batches.
pub fn progress_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed_precise} eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_failure_of_kind_panic() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let outcome = guarded(|| panic!("boom at offset 7"));
        std::panic::set_hook(prev);
        let failure = outcome.unwrap_err();
        assert_eq!(failure.kind, "panic");
        assert!(
            failure.message.contains("boom at offset 7"),
            "{}",
            failure.message
        );
        let record = json_record(Path::new("x.pdf"), &Err(failure));
        assert_eq!(record["error"]["kind"], "panic");
        assert!(record["text"].is_null());
    }

    #[test]
    fn errors_keep_their_kind() {
        let outcome = guarded(|| Err(textract::Error::Unsupported(textract::Format::Xls)));
        assert_eq!(outcome.unwrap_err().kind, "unsupported");
    }
}
