//! Running extraction over many inputs in parallel while handing results
//! back in input order.

use std::collections::BTreeMap;
use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::SystemTime;

use sha2::{Digest, Sha256};
use textract::{Detected, Document, Format, Options};

use crate::inputs::Input;

/// What the run does with each input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Extract text, parts, metadata and embedded documents.
    Extract {
        /// Whether the input's SHA-256 is wanted (JSON output).
        digest: bool,
    },
    /// Detect the format and MIME type only.
    Detect {
        /// Whether the input's SHA-256 is wanted (JSON output).
        digest: bool,
    },
}

/// Why one input failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// `empty`, `unsupported`, `encrypted`, `corrupt`, `limit`, `io` or
    /// `panic`; in an isolated run also `timeout` and `crash` (the worker
    /// extracting it ran past `--file-timeout` or died).
    pub kind: &'static str,
    /// What went wrong, for a person.
    pub message: String,
    /// The format detected before the failure.
    pub format: Option<Format>,
    /// The MIME type recognised, where known.
    pub mime_type: Option<String>,
}

impl Failure {
    fn from_error(e: &textract::Error) -> Failure {
        Failure {
            kind: e.kind().name(),
            message: e.to_string(),
            format: e.format(),
            mime_type: e.mime_type().map(str::to_string),
        }
    }

    fn too_large(limit: u64) -> Failure {
        Failure {
            kind: "limit",
            message: format!("input bytes exceeds the limit of {limit}"),
            format: None,
            mime_type: None,
        }
    }

    fn io(message: String) -> Failure {
        Failure {
            kind: "io",
            message,
            format: None,
            mime_type: None,
        }
    }

    /// Unsupported or empty input: reported, but not a failure of the run
    /// (unless `--strict`).
    pub fn is_unsupported(&self) -> bool {
        matches!(self.kind, "unsupported" | "empty")
    }
}

/// Facts about the input bytes themselves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Source {
    /// Size in bytes.
    pub size: Option<u64>,
    /// SHA-256, lowercase hex.
    pub sha256: Option<String>,
    /// Last modification time of a file, RFC 3339 UTC.
    pub modified: Option<String>,
}

/// What came of one input.
#[derive(Debug)]
pub enum Extraction {
    /// The extracted document.
    Document(Box<Document>),
    /// `--detect`: format and MIME type.
    Detected(Detected),
    /// It could not be read.
    Failed(Failure),
}

/// The result for one input.
#[derive(Debug)]
pub struct Outcome {
    /// Facts about the bytes (absent when they could not be read).
    pub source: Source,
    /// The result.
    pub extraction: Extraction,
}

impl Outcome {
    /// Roughly the memory the result holds: its text and its parts', and
    /// the sizes of its embedded files.
    pub fn weight(&self) -> usize {
        match &self.extraction {
            Extraction::Document(doc) => {
                let parts: usize = doc.parts.iter().map(|p| p.text.len()).sum();
                let embedded: u64 = doc.embedded.iter().map(|e| e.size).sum();
                doc.text
                    .len()
                    .saturating_add(parts)
                    .saturating_add(usize::try_from(embedded).unwrap_or(usize::MAX))
            }
            Extraction::Detected(_) | Extraction::Failed(_) => 0,
        }
    }

    /// The outcome of an input that could not be read.
    pub fn failed(source: Source, failure: Failure) -> Outcome {
        Outcome {
            source,
            extraction: Extraction::Failed(failure),
        }
    }
}

/// Runs `job` with a panic turned into a [`Failure`] of kind `panic`.
pub fn guarded(job: impl FnOnce() -> Result<Document, textract::Error>) -> Extraction {
    match catch_unwind(AssertUnwindSafe(job)) {
        Ok(Ok(doc)) => Extraction::Document(Box::new(doc)),
        Ok(Err(e)) => Extraction::Failed(Failure::from_error(&e)),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Extraction::Failed(Failure {
                kind: "panic",
                message: format!("internal error (a bug, please report it): {message}"),
                format: None,
                mime_type: None,
            })
        }
    }
}

/// Makes glibc's malloc keep freed memory for the next file instead of
/// handing it back to the kernel and faulting it in again: a batch
/// allocates and frees each document's buffers (megabytes for a large
/// file) in turn, and the trimming and refaulting cost a fifth of the CPU
/// of a run over many `.doc` files (docs/benchmarks.md, issue 25). Freeing
/// one block that malloc had mapped raises its mmap threshold to the
/// block's size and its trim threshold to twice that (mallopt(3), the
/// dynamic mmap threshold, up to 32 MiB on 64-bit systems): the same
/// effect as `M_TRIM_THRESHOLD`/`M_MMAP_THRESHOLD`, without `unsafe`. The
/// block is never touched, so it costs two system calls and no memory.
/// Other allocators ignore it.
pub fn keep_freed_memory(bytes: usize) {
    drop(std::hint::black_box(Vec::<u8>::with_capacity(bytes)));
}

/// Extracts `inputs` on `jobs` threads and calls `emit` for each in input
/// order. At least 32 inputs per thread may be in flight or waiting behind
/// an earlier slow one, and more — up to [`max_ahead`] — while the results
/// waiting hold less than [`HELD_BYTES`] of text, so memory stays bounded
/// however many there are. A window of 4 per thread let one slow file idle
/// the other threads (1.28× on 2 cores over the corpus PDFs, 1.82× with 32);
/// 32 still did behind the one 56 ms file of the whole corpus, whose next 63
/// inputs take a third of that (issue 25). `emit` returns false to stop
/// early (e.g. the output pipe closed).
///
/// The calling thread is one of the `jobs` workers. Each worker takes the
/// next input, and after extracting it hands back every result now in
/// order itself (under one lock): no thread waits on a channel to be woken
/// for each result, which cost two context switches per file (≈ 1,900 a
/// run over the corpus) when a separate thread emitted.
pub fn process(
    inputs: &[Input],
    jobs: usize,
    options: &Options,
    mode: Mode,
    mut emit: impl FnMut(&Input, Outcome) -> bool + Send,
) {
    if jobs == 1 || inputs.len() == 1 {
        // No threads for one file or one job: a thread costs more than a
        // small document's whole extraction.
        for input in inputs {
            if !emit(input, run_one(input, options, mode)) {
                break;
            }
        }
        return;
    }
    let (window, ahead) = (window(jobs), max_ahead(jobs));
    let shared = Mutex::new(Shared {
        order: InOrder::default(),
        held: 0,
        stop: false,
        emit,
    });
    let advanced = Condvar::new();
    let next_input = AtomicUsize::new(0);
    let lock = || shared.lock().unwrap_or_else(PoisonError::into_inner);
    let worker = || {
        // A panic in `emit` must not leave the other workers waiting for an
        // order that never advances: it stops them, then propagates.
        let _guard = StopOnUnwind {
            shared: &shared,
            advanced: &advanced,
        };
        loop {
            let index = next_input.fetch_add(1, Ordering::Relaxed);
            let Some(input) = inputs.get(index) else {
                return;
            };
            {
                // Wait while this input is too far past the oldest one not
                // yet handed back (whose worker is never waiting here).
                let mut s = lock();
                while !s.stop
                    && index >= s.order.next() + window
                    && (index >= s.order.next() + ahead || s.held >= HELD_BYTES)
                {
                    s = advanced.wait(s).unwrap_or_else(PoisonError::into_inner);
                }
                if s.stop {
                    return;
                }
            }
            let outcome = run_one(input, options, mode);
            let mut s = lock();
            if s.stop {
                return;
            }
            let Shared {
                order,
                held,
                stop,
                emit,
            } = &mut *s;
            *held = held.saturating_add(outcome.weight());
            let before = order.next();
            let go = order.push(index, outcome, |i, outcome| {
                *held = held.saturating_sub(outcome.weight());
                emit(&inputs[i], outcome)
            });
            *stop = !go;
            if order.next() != before || *stop {
                advanced.notify_all();
            }
        }
    };
    std::thread::scope(|scope| {
        // No more threads than inputs.
        for _ in 1..jobs.min(inputs.len()) {
            let spawned = std::thread::Builder::new().spawn_scoped(scope, worker);
            // A thread the system refuses leaves the work to the others
            // (the calling thread at least).
            if spawned.is_err() {
                break;
            }
        }
        worker();
    });
}

/// Stops every worker of [`process`] when the one holding it unwinds.
struct StopOnUnwind<'a, F> {
    shared: &'a Mutex<Shared<F>>,
    advanced: &'a Condvar,
}

impl<F> Drop for StopOnUnwind<'_, F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.shared
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .stop = true;
            self.advanced.notify_all();
        }
    }
}

/// What the workers of [`process`] share.
struct Shared<F> {
    order: InOrder<Outcome>,
    /// Text bytes of the results that wait for an earlier one.
    held: usize,
    /// `emit` asked to stop.
    stop: bool,
    emit: F,
}

/// How many inputs `jobs` workers may have in flight or finished and
/// waiting behind an earlier slow one (see [`process`]).
pub fn window(jobs: usize) -> usize {
    jobs.saturating_mul(32).max(1)
}

/// How far past the oldest unfinished input [`process`] may run ahead while
/// the results waiting are small (see [`HELD_BYTES`]).
pub fn max_ahead(jobs: usize) -> usize {
    jobs.saturating_mul(1024).max(1)
}

/// Text bytes of finished results waiting for an earlier one past which
/// [`process`] runs no further ahead than [`window`].
pub const HELD_BYTES: usize = 64 << 20;

/// Hands results back in input order: a result that comes in early waits
/// until every one before it has been handed back.
#[derive(Debug)]
pub struct InOrder<T> {
    next: usize,
    ready: BTreeMap<usize, T>,
}

impl<T> Default for InOrder<T> {
    fn default() -> Self {
        InOrder {
            next: 0,
            ready: BTreeMap::new(),
        }
    }
}

impl<T> InOrder<T> {
    /// The index of the next result to hand back (all before it were).
    pub fn next(&self) -> usize {
        self.next
    }

    /// Takes the result of input `index` and hands every result now in
    /// order to `emit`; false when `emit` asked to stop.
    pub fn push(&mut self, index: usize, value: T, mut emit: impl FnMut(usize, T) -> bool) -> bool {
        self.ready.insert(index, value);
        while let Some(value) = self.ready.remove(&self.next) {
            let index = self.next;
            self.next += 1;
            if !emit(index, value) {
                return false;
            }
        }
        true
    }
}

/// Reads and extracts (or detects) one input.
pub fn run_one(input: &Input, options: &Options, mode: Mode) -> Outcome {
    let limit = options.limits.max_input_bytes;
    let (bytes, modified) = match input {
        Input::Failed { message, .. } => {
            return Outcome::failed(Source::default(), Failure::io(message.clone()));
        }
        Input::File(path) => {
            // One open: the size and time from the open file, then its bytes.
            let mut file = match std::fs::File::open(path) {
                Ok(f) => f,
                Err(e) => return Outcome::failed(Source::default(), Failure::io(e.to_string())),
            };
            let meta = match file.metadata() {
                Ok(m) => m,
                Err(e) => return Outcome::failed(Source::default(), Failure::io(e.to_string())),
            };
            let modified = meta.modified().ok().and_then(rfc3339);
            if meta.len() > limit {
                let source = Source {
                    size: Some(meta.len()),
                    modified,
                    ..Source::default()
                };
                return Outcome::failed(source, Failure::too_large(limit));
            }
            let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
            // Bounded like standard input: a file that grew since is cut
            // at the limit and reported as too large.
            match (&mut file).take(limit + 1).read_to_end(&mut bytes) {
                Ok(_) if bytes.len() as u64 > limit => {
                    let source = Source {
                        size: Some(bytes.len() as u64),
                        modified,
                        ..Source::default()
                    };
                    return Outcome::failed(source, Failure::too_large(limit));
                }
                Ok(_) => (bytes, modified),
                Err(e) => return Outcome::failed(Source::default(), Failure::io(e.to_string())),
            }
        }
        Input::Stdin => match read_stdin(options) {
            Ok(b) => (b, None),
            Err(failed) => return *failed,
        },
    };
    run_bytes(bytes, modified, options, mode)
}

/// Reads standard input whole, up to `options.limits.max_input_bytes`;
/// past it, or on a read error, the input's failed outcome.
pub fn read_stdin(options: &Options) -> Result<Vec<u8>, Box<Outcome>> {
    let limit = options.limits.max_input_bytes;
    let mut b = Vec::new();
    if let Err(e) = std::io::stdin().lock().take(limit + 1).read_to_end(&mut b) {
        return Err(Box::new(Outcome::failed(
            Source::default(),
            Failure::io(e.to_string()),
        )));
    }
    if b.len() as u64 > limit {
        return Err(Box::new(Outcome::failed(
            Source::default(),
            Failure::too_large(limit),
        )));
    }
    Ok(b)
}

/// Extracts (or detects) `bytes` already read, `modified` being the file's
/// modification time if it came from one.
pub fn run_bytes(
    bytes: Vec<u8>,
    modified: Option<String>,
    options: &Options,
    mode: Mode,
) -> Outcome {
    let source = Source {
        size: Some(bytes.len() as u64),
        sha256: matches!(
            mode,
            Mode::Extract { digest: true } | Mode::Detect { digest: true }
        )
        .then(|| hex(&Sha256::digest(&bytes))),
        modified,
    };
    let extraction = match mode {
        Mode::Detect { .. } => Extraction::Detected(textract::detect(&bytes)),
        Mode::Extract { .. } => guarded(|| textract::extract(&bytes, options)),
    };
    Outcome { source, extraction }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A time as RFC 3339 in UTC, to the second (`2024-01-02T03:04:05Z`).
pub fn rfc3339(t: SystemTime) -> Option<String> {
    let secs = i64::try_from(t.duration_since(SystemTime::UNIX_EPOCH).ok()?.as_secs()).ok()?;
    Some(textract::doc_model::rfc3339_utc(secs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::time::Duration;

    fn failed_inputs(n: usize) -> Vec<Input> {
        (0..n)
            .map(|i| Input::Failed {
                path: format!("in-{i}").into(),
                message: format!("m{i}"),
            })
            .collect()
    }

    #[test]
    fn workers_hand_results_back_in_input_order() {
        // More inputs than the window, so workers wait for the order to advance.
        let inputs = failed_inputs(3 * max_ahead(3));
        let mut seen = Vec::new();
        let mode = Mode::Extract { digest: false };
        process(&inputs, 3, &Options::default(), mode, |input, outcome| {
            assert!(matches!(outcome.extraction, Extraction::Failed(_)));
            seen.push(input.path().to_path_buf());
            true
        });
        let want: Vec<_> = inputs.iter().map(|i| i.path().to_path_buf()).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn emit_returning_false_stops_every_worker() {
        let inputs = failed_inputs(5_000);
        let mut calls = 0;
        let mode = Mode::Extract { digest: false };
        process(&inputs, 2, &Options::default(), mode, |input, _| {
            calls += 1;
            assert_eq!(input.path(), Path::new(&format!("in-{}", calls - 1)));
            calls < 10
        });
        assert_eq!(calls, 10);
    }

    #[test]
    fn a_panic_in_emit_stops_the_workers_and_propagates() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let inputs = failed_inputs(5_000);
        let mode = Mode::Extract { digest: false };
        let mut calls = 0;
        let result = catch_unwind(AssertUnwindSafe(|| {
            process(&inputs, 2, &Options::default(), mode, |input, _| {
                calls += 1;
                assert_ne!(input.path(), Path::new("in-7"), "emit fails");
                true
            })
        }));
        std::panic::set_hook(prev);
        assert!(result.is_err());
        // The other worker stopped too (it would otherwise emit the rest).
        assert!(calls <= 8 + 2 * window(2), "{calls} calls");
    }

    #[test]
    fn a_panic_becomes_a_failure_of_kind_panic() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let outcome = guarded(|| panic!("boom at offset 7"));
        std::panic::set_hook(prev);
        let Extraction::Failed(failure) = outcome else {
            panic!("not a failure");
        };
        assert_eq!(failure.kind, "panic");
        assert!(
            failure.message.contains("boom at offset 7"),
            "{}",
            failure.message
        );
    }

    #[test]
    fn errors_keep_their_kind_and_format() {
        let Extraction::Failed(f) = guarded(|| textract::extract(b"", &Options::default())) else {
            panic!("not a failure");
        };
        assert_eq!(f.kind, "empty");
        assert!(f.is_unsupported());
    }

    #[test]
    fn times_format_as_rfc3339() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_704_164_645);
        assert_eq!(rfc3339(t).unwrap(), "2024-01-02T03:04:05Z");
        assert_eq!(
            rfc3339(SystemTime::UNIX_EPOCH).unwrap(),
            "1970-01-01T00:00:00Z"
        );
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(rfc3339(leap).unwrap(), "2000-02-29T00:00:00Z");
    }
}
