//! Turning the command line's paths into the ordered list of files to read.

use std::path::{Path, PathBuf};

/// A path that could not be walked, reported like a failed input.
#[derive(Debug)]
pub struct WalkError {
    /// The path as it was met.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
}

/// One input in output order: a file to extract, or a path that failed
/// before extraction.
#[derive(Debug)]
pub enum Input {
    /// A file (or anything not a directory: extraction reports what it is).
    File(PathBuf),
    /// A directory given without `-r`, or one that could not be read.
    Failed(WalkError),
}

impl Input {
    /// The path, as met.
    pub fn path(&self) -> &Path {
        match self {
            Input::File(p) => p,
            Input::Failed(e) => &e.path,
        }
    }
}

/// Expands `paths` in order: files as given, directories (with `recursive`)
/// walked depth-first in sorted order. A directory without `recursive`, or a
/// directory that cannot be read, is an [`Input::Failed`] in its place.
pub fn collect(paths: &[PathBuf], recursive: bool) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.is_dir() {
            if recursive {
                walk(path, &mut inputs);
            } else {
                inputs.push(Input::Failed(WalkError {
                    path: path.clone(),
                    message: "is a directory (use -r to walk it)".into(),
                }));
            }
        } else {
            // Missing files are passed on: extraction reports them as I/O errors.
            inputs.push(Input::File(path.clone()));
        }
    }
    inputs
}

fn walk(dir: &Path, inputs: &mut Vec<Input>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            inputs.push(Input::Failed(WalkError {
                path: dir.to_path_buf(),
                message: e.to_string(),
            }));
            return;
        }
    };
    let mut children: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    children.sort();
    for child in children {
        // Symlinked directories are not followed, so a link cycle cannot loop.
        let is_dir = std::fs::symlink_metadata(&child).is_ok_and(|m| m.is_dir());
        if is_dir {
            walk(&child, inputs);
        } else {
            inputs.push(Input::File(child));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_walk_sorted_and_need_recursive() {
        let dir = std::env::temp_dir().join(format!("textract-inputs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b")).unwrap();
        for f in ["c.txt", "a.txt", "b/z.txt", "b/y.txt"] {
            std::fs::write(dir.join(f), "x").unwrap();
        }
        let inputs = collect(std::slice::from_ref(&dir), true);
        assert!(inputs.iter().all(|i| matches!(i, Input::File(_))));
        let rel: Vec<String> = inputs
            .iter()
            .map(|i| {
                i.path()
                    .strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(rel, ["a.txt", "b/y.txt", "b/z.txt", "c.txt"]);
        let inputs = collect(std::slice::from_ref(&dir), false);
        assert_eq!(inputs.len(), 1);
        assert!(matches!(&inputs[0], Input::Failed(e) if e.message.contains("-r")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
