//! The building blocks of the `textract` command, for front ends that
//! must print exactly what it prints (the Python package's `to_dict()`, the
//! HTTP server): where inputs come from ([`inputs`]), extracting them in
//! parallel in input order ([`run`]), and the JSON Lines records and plain
//! output ([`output`], documented in `docs/json-schema.md`); for batch
//! runs, worker processes with a time limit per file ([`isolate`]) and the
//! resumable output folder ([`outdir`]).
//!
//! ```
//! use textract_cli::output::{record, write_json, Shape};
//! use textract_cli::run::{run_bytes, Mode};
//!
//! let outcome = run_bytes(
//!     b"Hello".to_vec(),
//!     None,
//!     &textract::Options::default(),
//!     Mode::Extract { digest: true },
//! );
//! let mut line = Vec::new();
//! let shape = Shape { metadata_only: false, to: textract::Target::Text };
//! write_json(&mut line, &record(std::path::Path::new("hello.txt"), &outcome, shape), None)?;
//! let json = String::from_utf8(line).unwrap();
//! assert!(json.starts_with(r#"{"path":"hello.txt","format":"text""#));
//! # Ok::<(), std::io::Error>(())
//! ```
#![forbid(unsafe_code)]

pub mod inputs;
pub mod isolate;
pub mod outdir;
pub mod output;
pub mod run;
