//! `textract_rs._native`: the Rust side of the Python package. Each call
//! releases the GIL while it extracts and hands back the `textract` CLI's
//! own JSON Lines record (the same code writes both), which the Python
//! layer (`python/textract_rs/__init__.py`) turns into `Document`s and
//! exceptions. A Rust panic never crosses into Python: the CLI's runner
//! turns it into a record with an error of kind `panic`. (Our code has no
//! `unsafe`; `deny` rather than `forbid` lets PyO3's macros keep theirs.)
#![deny(unsafe_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Deserialize;
use textract::Options;
use textract_cli::inputs::Input;
use textract_cli::output::{Shape, record, write_json};
use textract_cli::run::{Mode, Outcome, process, run_bytes, run_one};

/// The Python `Options`, as the Python layer serialises it.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct PyOptions {
    password: Option<String>,
    timeout: Option<f64>,
    extract_embedded: Option<bool>,
    images: Option<bool>,
    max_embedded_depth: Option<usize>,
    max_embedded_count: Option<usize>,
    max_embedded_bytes: Option<u64>,
    layout: Option<bool>,
    keep_hyphens: Option<bool>,
    pages: Option<String>,
    metadata_only: Option<bool>,
    max_input_bytes: Option<u64>,
    to: Option<String>,
}

/// What the records carry besides the text: `--metadata`, and the
/// rendering (`markdown` by default, `html`, or `text` for none).
#[derive(Debug, Clone, Copy)]
struct Want {
    metadata_only: bool,
    to: textract::Target,
}

/// `textract::Options` from the Python layer's JSON.
fn options(json: &str) -> PyResult<(Options, Want)> {
    let o: PyOptions = serde_json::from_str(json)
        .map_err(|e| PyValueError::new_err(format!("invalid options: {e}")))?;
    let mut options = Options::default();
    options.password = o.password;
    if let Some(secs) = o.timeout {
        options.limits.deadline = (secs > 0.0)
            .then(|| Duration::try_from_secs_f64(secs).ok())
            .flatten();
    }
    if let Some(v) = o.extract_embedded {
        options.embedded.extract = v;
    }
    if let Some(v) = o.images {
        options.embedded.images = v;
    }
    if let Some(v) = o.max_embedded_depth {
        options.embedded.max_depth = v;
    }
    if let Some(v) = o.max_embedded_count {
        options.embedded.max_count = v;
    }
    if let Some(v) = o.max_embedded_bytes {
        options.embedded.max_total_bytes = v;
    }
    if let Some(v) = o.layout {
        options.layout = v;
    }
    if let Some(v) = o.keep_hyphens {
        options.keep_hyphenation = v;
    }
    if let Some(spec) = o.pages {
        options.pages = Some(textract::parse_pages(&spec).map_err(PyValueError::new_err)?);
    }
    if let Some(v) = o.max_input_bytes {
        options.limits.max_input_bytes = v;
    }
    let metadata_only = o.metadata_only.unwrap_or(false);
    options.metadata_only = metadata_only;
    let to = match o.to.as_deref() {
        None => textract::Target::Markdown,
        Some(name) => name
            .parse()
            .map_err(|e: textract::doc_render::UnknownTarget| PyValueError::new_err(e.to_string()))?,
    };
    Ok((options, Want { metadata_only, to }))
}

/// The CLI's JSON line for `outcome`, without its newline.
fn line(path: &Path, outcome: &Outcome, want: Want) -> String {
    let mut out = Vec::new();
    let shape = Shape {
        metadata_only: want.metadata_only,
        to: want.to,
    };
    // Writing into a Vec cannot fail.
    let _ = write_json(&mut out, &record(path, outcome, shape), None);
    while out.last() == Some(&b'\n') {
        out.pop();
    }
    String::from_utf8_lossy(&out).into_owned()
}

const MODE: Mode = Mode::Extract { digest: true };

/// Extracts the file at `path`; returns its JSON record.
#[pyfunction]
fn extract_path(py: Python<'_>, path: PathBuf, options_json: &str) -> PyResult<String> {
    let (options, want) = options(options_json)?;
    Ok(py.detach(|| {
        let outcome = run_one(&Input::File(path.clone()), &options, MODE);
        line(&path, &outcome, want)
    }))
}

/// Extracts `data`; returns its JSON record (with an empty path).
#[pyfunction]
fn extract_bytes(py: Python<'_>, data: &[u8], options_json: &str) -> PyResult<String> {
    let (options, want) = options(options_json)?;
    // Borrowed from the `bytes` object (a `Vec<u8>` argument would be
    // converted element by element, holding the GIL); copied without it.
    Ok(py.detach(|| {
        let outcome = run_bytes(data.to_vec(), None, &options, MODE);
        line(Path::new(""), &outcome, want)
    }))
}

/// Extracts `paths` on `jobs` threads (all cores when `None`); returns
/// their JSON records in input order.
#[pyfunction]
#[pyo3(signature = (paths, options_json, jobs=None))]
fn extract_many(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    options_json: &str,
    jobs: Option<usize>,
) -> PyResult<Vec<String>> {
    let (options, want) = options(options_json)?;
    let jobs = jobs
        .filter(|&j| j > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    py.detach(|| {
        let inputs: Vec<Input> = paths.into_iter().map(Input::File).collect();
        let mut lines = Vec::with_capacity(inputs.len());
        process(&inputs, jobs, &options, MODE, |input, outcome| {
            lines.push(line(input.path(), &outcome, want));
            true
        });
        Ok(lines)
    })
}

/// The names of the formats this build reads.
#[pyfunction]
fn formats() -> Vec<&'static str> {
    textract::ALL_FORMATS
        .iter()
        .filter(|f| f.is_supported())
        .map(|f| f.name())
        .collect()
}

/// The Rust side of `textract_rs`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(extract_path, m)?)?;
    m.add_function(wrap_pyfunction!(extract_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(extract_many, m)?)?;
    m.add_function(wrap_pyfunction!(formats, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
