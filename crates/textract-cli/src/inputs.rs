//! Turning the command line's paths into the ordered list of inputs: files
//! as given, `-` for standard input, and directories walked (with `-r`) the
//! way ripgrep walks them — sorted, hidden files and VCS folders skipped
//! unless `--hidden`, `-g` globs, a size cap.

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
    /// Files left out by `--max-filesize`.
    pub too_large: usize,
}

/// Expands `paths` in order: files as given, `-` as standard input,
/// directories (with `recursive`) walked in sorted order. A directory
/// without `recursive`, or one that cannot be walked, is an
/// [`Input::Failed`] in its place. Bad globs are an error.
pub fn collect(paths: &[PathBuf], walk: &Walk) -> Result<Collected, String> {
    let mut out = Collected::default();
    for path in paths {
        if path.as_os_str() == "-" {
            out.inputs.push(Input::Stdin);
        } else if path.is_dir() {
            if walk.recursive {
                walk_dir(path, walk, &mut out)?;
            } else {
                out.inputs.push(Input::Failed {
                    path: path.clone(),
                    message: "is a directory (use -r to walk it)".into(),
                });
            }
        } else {
            // Missing files are passed on: extraction reports them as I/O errors.
            out.inputs.push(Input::File(path.clone()));
        }
    }
    Ok(out)
}

fn walk_dir(dir: &Path, walk: &Walk, out: &mut Collected) -> Result<(), String> {
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
                out.inputs.push(Input::File(e.into_path()));
            }
            Err(err) => out.inputs.push(Input::Failed {
                path: error_path(&err).unwrap_or_else(|| dir.to_path_buf()),
                message: err.to_string(),
            }),
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
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
