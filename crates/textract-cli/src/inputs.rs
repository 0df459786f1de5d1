//! Turning the command line's paths into the ordered list of inputs: files
//! as given, `-` for standard input, and directories walked (with `-r`) the
//! way ripgrep walks them — sorted, hidden files and VCS folders skipped
//! unless `--hidden`, `-g` globs, a size cap.

use std::io::Read;
use std::path::{Path, PathBuf};

use ignore::WalkBuilder;
use ignore::overrides::OverrideBuilder;

/// How directories are walked.
#[derive(Debug, Clone, Default)]
pub struct Walk {
    /// Walk directories at all (`-r`).
    pub recursive: bool,
    /// Include hidden files and folders, and VCS folders (`--hidden`).
    pub hidden: bool,
    /// Include/exclude globs as ripgrep's `-g` (`!` excludes).
    pub globs: Vec<String>,
    /// Skip files larger than this during a walk (`--max-filesize`).
    pub max_filesize: Option<u64>,
}

/// One input in output order.
#[derive(Debug)]
pub enum Input {
    /// A file (or anything not a directory: extraction reports what it is).
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// A path that failed before extraction: a directory given without
    /// `-r`, or one that could not be read.
    Failed {
        /// The path as met.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

impl Input {
    /// The path as met (`-` for standard input).
    pub fn path(&self) -> &Path {
        match self {
            Input::File(p) | Input::Failed { path: p, .. } => p,
            Input::Stdin => Path::new("-"),
        }
    }
}

/// What collecting found: the inputs, and how many files a walk skipped for
/// their size.
#[derive(Debug, Default)]
pub struct Collected {
    /// Inputs in output order.
    pub inputs: Vec<Input>,
    /// One per input, its name under `--output-dir`: a file found in a
    /// walked directory by its path relative to that directory
    /// (`a/b.pdf`); a file given on the command line by its file name; a
    /// path from `--files-from` as listed (made relative there); standard
    /// input as `stdin`.
    pub names: Vec<PathBuf>,
    /// Files left out by `--max-filesize`.
    pub too_large: usize,
}

/// How an input path was given, which decides its [`Collected::names`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// On the command line.
    Argument,
    /// In a `--files-from` list.
    Listed,
}

impl Collected {
    fn push(&mut self, input: Input, name: PathBuf) {
        self.inputs.push(input);
        self.names.push(name);
    }

    /// Adds `path`: a file as given, `-` as standard input, a directory
    /// (with `recursive`) walked in sorted order. A directory without
    /// `recursive`, or one that cannot be walked, is an [`Input::Failed`]
    /// in its place. Bad globs are an error.
    pub fn add(&mut self, path: &Path, given: Given, walk: &Walk) -> Result<(), String> {
        if path.as_os_str() == "-" {
            self.push(Input::Stdin, PathBuf::from("stdin"));
        } else if path.is_dir() {
            if walk.recursive {
                let base = match given {
                    Given::Argument => PathBuf::new(),
                    Given::Listed => path.to_path_buf(),
                };
                walk_dir(path, &base, walk, self)?;
            } else {
                self.push(
                    Input::Failed {
                        path: path.to_path_buf(),
                        message: "is a directory (use -r to walk it)".into(),
                    },
                    path.to_path_buf(),
                );
            }
        } else {
            let name = match (given, path.file_name()) {
                (Given::Argument, Some(n)) => PathBuf::from(n),
                _ => path.to_path_buf(),
            };
            // Missing files are passed on: extraction reports them as I/O errors.
            self.push(Input::File(path.to_path_buf()), name);
        }
        Ok(())
    }
}

/// Expands `paths` in order (see [`Collected::add`]).
pub fn collect(paths: &[PathBuf], walk: &Walk) -> Result<Collected, String> {
    let mut out = Collected::default();
    for path in paths {
        out.add(path, Given::Argument, walk)?;
    }
    Ok(out)
}

/// The paths of a `--files-from` list: one per line (a `\r` before the
/// `\n` dropped), or NUL-separated when `nul`; empty entries skipped.
/// Paths are bytes: on Unix any name that is not UTF-8 comes through
/// unchanged.
pub fn read_list(mut list: impl Read, nul: bool) -> std::io::Result<Vec<PathBuf>> {
    let mut bytes = Vec::new();
    list.read_to_end(&mut bytes)?;
    let sep = if nul { b'\0' } else { b'\n' };
    Ok(bytes
        .split(|&b| b == sep)
        .map(|entry| match entry {
            [rest @ .., b'\r'] if !nul => rest,
            e => e,
        })
        .filter(|e| !e.is_empty())
        .map(path_from_bytes)
        .collect())
}

fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    #[cfg(unix)]
    {
        PathBuf::from(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(bytes))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
    }
}

fn walk_dir(dir: &Path, base: &Path, walk: &Walk, out: &mut Collected) -> Result<(), String> {
    let mut builder = WalkBuilder::new(dir);
    builder
        .hidden(!walk.hidden)
        // Documents are not source code: .gitignore files do not apply,
        // but VCS folders are skipped with the hidden ones.
        .git_ignore(false)
        .git_global(false)
        .git_exclude(false)
        .ignore(false)
        .parents(false)
        .follow_links(false)
        .sort_by_file_path(|a, b| a.cmp(b));
    if !walk.globs.is_empty() {
        let mut overrides = OverrideBuilder::new(dir);
        for g in &walk.globs {
            overrides
                .add(g)
                .map_err(|e| format!("invalid glob {g:?}: {e}"))?;
        }
        builder.overrides(
            overrides
                .build()
                .map_err(|e| format!("invalid globs: {e}"))?,
        );
    }
    if !walk.hidden {
        builder.filter_entry(|e| {
            !matches!(
                e.file_name().to_str(),
                Some(".git" | ".hg" | ".svn" | ".bzr" | "_darcs" | "CVS")
            )
        });
    }
    for entry in builder.build() {
        match entry {
            Ok(e) => {
                if e.file_type().is_some_and(|t| t.is_dir()) {
                    continue;
                }
                if let Some(max) = walk.max_filesize
                    && e.metadata().is_ok_and(|m| m.len() > max)
                {
                    out.too_large += 1;
                    continue;
                }
                let path = e.into_path();
                let name = base.join(path.strip_prefix(dir).unwrap_or(&path));
                out.push(Input::File(path), name);
            }
            Err(err) => {
                let path = error_path(&err).unwrap_or_else(|| dir.to_path_buf());
                let name = base.join(path.strip_prefix(dir).unwrap_or(&path));
                out.push(
                    Input::Failed {
                        path,
                        message: err.to_string(),
                    },
                    name,
                );
            }
        }
    }
    Ok(())
}

fn error_path(err: &ignore::Error) -> Option<PathBuf> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(dir: &Path, inputs: &[Input]) -> Vec<String> {
        inputs
            .iter()
            .map(|i| {
                i.path()
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    }

    #[test]
    fn directories_walk_sorted_skip_hidden_and_need_recursive() {
        let dir = std::env::temp_dir().join(format!("textract-inputs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        for f in [
            "c.txt",
            "a.txt",
            "b/z.txt",
            "b/y.pdf",
            ".hidden.txt",
            ".git/HEAD",
        ] {
            std::fs::write(dir.join(f), "x").unwrap();
        }
        let mut walk = Walk {
            recursive: true,
            ..Walk::default()
        };
        let got = collect(std::slice::from_ref(&dir), &walk).unwrap();
        assert_eq!(
            rel(&dir, &got.inputs),
            ["a.txt", "b/y.pdf", "b/z.txt", "c.txt"]
        );
        walk.hidden = true;
        let got = collect(std::slice::from_ref(&dir), &walk).unwrap();
        assert_eq!(got.inputs.len(), 6);
        walk.hidden = false;
        walk.globs = vec!["*.pdf".into()];
        let got = collect(std::slice::from_ref(&dir), &walk).unwrap();
        assert_eq!(rel(&dir, &got.inputs), ["b/y.pdf"]);
        walk.globs = vec!["!b/**".into()];
        let got = collect(std::slice::from_ref(&dir), &walk).unwrap();
        assert_eq!(rel(&dir, &got.inputs), ["a.txt", "c.txt"]);
        let got = collect(std::slice::from_ref(&dir), &Walk::default()).unwrap();
        assert!(matches!(&got.inputs[0], Input::Failed { message, .. } if message.contains("-r")));

        // Output names: relative to the walked directory, a file argument
        // by its file name, a listed path as listed.
        walk.globs.clear();
        let mut got = collect(&[dir.clone(), dir.join("b/z.txt")], &walk).unwrap();
        got.add(&dir.join("b"), Given::Listed, &walk).unwrap();
        got.add(Path::new("-"), Given::Argument, &walk).unwrap();
        let names: Vec<PathBuf> = got.names.clone();
        assert_eq!(got.inputs.len(), names.len());
        assert_eq!(
            names,
            [
                PathBuf::from("a.txt"),
                "b/y.pdf".into(),
                "b/z.txt".into(),
                "c.txt".into(),
                "z.txt".into(),
                dir.join("b/y.pdf"),
                dir.join("b/z.txt"),
                "stdin".into(),
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lists_split_on_newlines_or_nuls() {
        let got = read_list(&b"a.pdf\r\n\nb c.doc\nlast"[..], false).unwrap();
        assert_eq!(
            got,
            [Path::new("a.pdf"), Path::new("b c.doc"), Path::new("last")]
        );
        let got = read_list(&b"x\ny.pdf\0\0z\0"[..], true).unwrap();
        assert_eq!(got, [Path::new("x\ny.pdf"), Path::new("z")]);
    }
}
