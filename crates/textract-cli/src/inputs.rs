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

/// Expands `paths` in order: files as given, directories (with `recursive`)
/// walked depth-first in sorted order. A directory without `recursive`, or a
/// directory that cannot be read, is a [`WalkError`].
pub fn collect(paths: &[PathBuf], recursive: bool) -> (Vec<PathBuf>, Vec<WalkError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path.is_dir() {
            if recursive {
                walk(path, &mut files, &mut errors);
            } else {
                errors.push(WalkError {
                    path: path.clone(),
                    message: "is a directory (use -r to walk it)".into(),
                });
            }
        } else {
            // Missing files are passed on: extraction reports them as I/O errors.
            files.push(path.clone());
        }
    }
    (files, errors)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, errors: &mut Vec<WalkError>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            errors.push(WalkError {
                path: dir.to_path_buf(),
                message: e.to_string(),
            });
            return;
        }
    };
    let mut children: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    children.sort();
    for child in children {
        // Symlinked directories are not followed, so a link cycle cannot loop.
        let is_dir = std::fs::symlink_metadata(&child).is_ok_and(|m| m.is_dir());
        if is_dir {
            walk(&child, files, errors);
        } else {
            files.push(child);
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
        let (files, errors) = collect(std::slice::from_ref(&dir), true);
        assert!(errors.is_empty());
        let rel: Vec<String> = files
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(rel, ["a.txt", "b/y.txt", "b/z.txt", "c.txt"]);
        let (files, errors) = collect(std::slice::from_ref(&dir), false);
        assert!(files.is_empty());
        assert_eq!(errors.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
