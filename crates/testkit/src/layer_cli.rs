//! The command line of the layers' `*2text` examples: the textract CLI's
//! plain interface, so `cargo xtask compare --textract` can run one layer
//! alone.
//!
//! `EXAMPLE [-j N] [--repeat N] [--password P] [FLAG…] FILE…` prints the
//! text of each file read, `==> PATH <==` before each when several are given;
//! warnings go to stderr as `PATH: warning: …`, errors as `PATH: …` (and
//! the exit status is 1). `-j` is accepted and ignored (one thread);
//! `--repeat N` reads the list N times and prints nothing (for timing);
//! `--password P` is handed to the layer; the flags a layer names are its
//! own (`--parts`).
//!
//! ```
//! let args = testkit::layer_cli::Args::parse_from(
//!     ["-j", "2", "--parts", "a.hwp", "b.hwp"].map(String::from),
//!     &["--parts"],
//! );
//! assert!(args.flag("--parts"));
//! assert_eq!(args.files, ["a.hwp", "b.hwp"]);
//! assert_eq!(args.repeat, 1);
//! ```

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;

/// The parsed command line.
#[derive(Debug, Clone, Default)]
pub struct Args {
    /// The files to read, in order.
    pub files: Vec<String>,
    /// How many times to read the list (`--repeat`); above 1 nothing is printed.
    pub repeat: usize,
    /// `--password P`.
    pub password: Option<String>,
    flags: Vec<String>,
}

impl Args {
    /// Parses the process's arguments; `flags` are the layer's own switches.
    pub fn parse(flags: &[&str]) -> Args {
        Args::parse_from(std::env::args().skip(1), flags)
    }

    /// Parses `args` (without the program name).
    pub fn parse_from(args: impl IntoIterator<Item = String>, flags: &[&str]) -> Args {
        let mut parsed = Args {
            repeat: 1,
            ..Args::default()
        };
        let mut args = args.into_iter();
        while let Some(a) = args.next() {
            match a.as_str() {
                "-j" | "--jobs" => {
                    args.next();
                }
                "--repeat" => parsed.repeat = args.next().and_then(|n| n.parse().ok()).unwrap_or(1),
                "--password" => parsed.password = args.next(),
                f if flags.contains(&f) => parsed.flags.push(a),
                _ => parsed.files.push(a),
            }
        }
        parsed
    }

    /// Whether the layer's switch `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// Reads every file (`repeat` times), hands its bytes and the output to
    /// `extract`, which writes the text and returns the warnings, and prints
    /// as the module says. Returns the exit status.
    pub fn run<E, W>(&self, mut extract: E) -> ExitCode
    where
        E: FnMut(&[u8], &mut dyn Write) -> Result<Vec<W>, String>,
        W: Display,
    {
        let quiet = self.repeat > 1;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let mut text = Vec::new();
        let mut failed = false;
        for _ in 0..self.repeat {
            for path in &self.files {
                text.clear();
                let result = std::fs::read(path)
                    .map_err(|e| e.to_string())
                    .and_then(|data| extract(&data, &mut text));
                match result {
                    Ok(_) if quiet => {}
                    Ok(warnings) => {
                        if self.files.len() > 1 {
                            failed |= writeln!(out, "==> {path} <==").is_err();
                        }
                        failed |= out.write_all(&text).is_err();
                        for w in warnings {
                            eprintln!("{path}: warning: {w}");
                        }
                    }
                    Err(e) => {
                        eprintln!("{path}: {e}");
                        failed = true;
                    }
                }
            }
        }
        if out.flush().is_err() {
            failed = true;
        }
        if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }
}
