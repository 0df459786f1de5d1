//! `textract -o DIR`: one output file per input, mirroring the input tree,
//! written atomically, so that a run killed at any moment and started again
//! finishes the inputs it had not finished and leaves nothing half written.
//!
//! For an input named `a/b/report.pdf` (see [`crate::inputs::Collected`]
//! for how names are made) the output is `DIR/a/b/report.pdf.json` (or
//! `.txt`) when it was read, and `DIR/a/b/report.pdf.error.json` when it
//! was not (its JSON record, with the `error`). Either one means the input
//! is done: a later run skips it unless told to redo it.
//!
//! A file is written as `.NAME.PID.textract-tmp` beside its final name,
//! locked, synced to disk, and renamed into place. A run that dies leaves
//! at most its temporary files, unlocked; [`OutputDir::sweep`] removes
//! those (a temporary file still locked belongs to a run in progress, and
//! is left alone).

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

/// The suffix of temporary files.
pub const TEMP_SUFFIX: &str = ".textract-tmp";

/// What an input's output is called: where it goes when the input was
/// read, and when it was not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `DIR/<name>.json` or `DIR/<name>.txt`.
    pub done: PathBuf,
    /// `DIR/<name>.error.json`.
    pub failed: PathBuf,
}

/// Whether an input needs work, by what its outputs are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// No output yet (or it is to be redone).
    Todo,
    /// Its output exists.
    Done,
    /// Its failure record exists.
    Failed,
}

/// The output folder of a run.
#[derive(Debug)]
pub struct OutputDir {
    root: PathBuf,
    extension: &'static str,
    claimed: HashSet<PathBuf>,
}

impl OutputDir {
    /// Outputs under `root`, named `<name>.<extension>` (`json` or `txt`).
    pub fn new(root: &Path, extension: &'static str) -> OutputDir {
        OutputDir {
            root: root.to_path_buf(),
            extension,
            claimed: HashSet::new(),
        }
    }

    /// The outputs of the input called `name` (relative; `..` becomes
    /// `__`, a root or prefix is dropped). When an earlier input of this run
    /// has the same name, this one gets `~2`, `~3`… appended, so two
    /// inputs never share an output; the same list of inputs gives the
    /// same names in every run.
    pub fn target(&mut self, name: &Path) -> Target {
        let rel = relative(name);
        let mut n = 1u64;
        loop {
            let mut stem = rel.clone().into_os_string();
            if n > 1 {
                stem.push(format!("~{n}"));
            }
            let t = Target {
                done: self
                    .root
                    .join(with_suffix(&stem, &format!(".{}", self.extension))),
                failed: self.root.join(with_suffix(&stem, ".error.json")),
            };
            if !self.claimed.contains(&t.done) && !self.claimed.contains(&t.failed) {
                self.claimed.insert(t.done.clone());
                self.claimed.insert(t.failed.clone());
                return t;
            }
            n += 1;
        }
    }

    /// Removes the temporary files under the folder that no running
    /// `textract` holds (left by a run that was killed); returns how many.
    /// A missing folder has none.
    pub fn sweep(&self) -> io::Result<usize> {
        let mut removed = 0;
        let mut dirs = vec![self.root.clone()];
        while let Some(dir) = dirs.pop() {
            let entries = match std::fs::read_dir(&dir) {
                Ok(e) => e,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            for entry in entries {
                let entry = entry?;
                let kind = entry.file_type()?;
                let path = entry.path();
                if kind.is_dir() {
                    dirs.push(path);
                } else if kind.is_file()
                    && entry.file_name().to_string_lossy().ends_with(TEMP_SUFFIX)
                    && unheld(&path)
                    && std::fs::remove_file(&path).is_ok()
                {
                    removed += 1;
                }
            }
        }
        Ok(removed)
    }
}

/// Whether a temporary file is no longer being written (no lock on it).
fn unheld(path: &Path) -> bool {
    match File::open(path) {
        Ok(f) => f.try_lock().is_ok(),
        Err(_) => false,
    }
}

impl Target {
    /// Whether the input is done, failed or still to do.
    pub fn state(&self) -> State {
        if self.done.exists() {
            State::Done
        } else if self.failed.exists() {
            State::Failed
        } else {
            State::Todo
        }
    }

    /// Writes `bytes` as the input's output (`failed`: its failure record)
    /// atomically, and removes the other one left by an earlier run.
    pub fn write(&self, failed: bool, bytes: &[u8]) -> io::Result<()> {
        let (path, other) = if failed {
            (&self.failed, &self.done)
        } else {
            (&self.done, &self.failed)
        };
        match write_atomically(path, bytes) {
            // A run sweeping the same folder took the file between its
            // creation and its lock: once more.
            Err(e) if e.kind() == io::ErrorKind::NotFound => write_atomically(path, bytes)?,
            other => other?,
        }
        match std::fs::remove_file(other) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

/// Temporary file, lock, write, sync, rename.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut name = OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{}{TEMP_SUFFIX}", std::process::id()));
    let temp = dir.join(name);
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&temp)?;
    let written = file
        .lock()
        .and_then(|()| file.write_all(bytes))
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// `name` with `suffix` appended to its last component.
fn with_suffix(name: &OsString, suffix: &str) -> PathBuf {
    let mut s = name.clone();
    s.push(suffix);
    PathBuf::from(s)
}

/// `name` made relative: no root or prefix, no `.`, `..` as `__`; an empty
/// name is `_`.
fn relative(name: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in name.components() {
        match c {
            Component::Normal(s) => out.push(s),
            Component::ParentDir => out.push("__"),
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
        }
    }
    if out.as_os_str().is_empty() {
        out.push("_");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("textract-outdir-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn names_mirror_the_input_and_never_collide() {
        let mut o = OutputDir::new(Path::new("/out"), "json");
        let t = o.target(Path::new("a/b/report.pdf"));
        assert_eq!(t.done, Path::new("/out/a/b/report.pdf.json"));
        assert_eq!(t.failed, Path::new("/out/a/b/report.pdf.error.json"));
        let t = o.target(Path::new("/srv/../x/./y.doc"));
        assert_eq!(t.done, Path::new("/out/srv/__/x/y.doc.json"));
        // The same name again, and a name equal to another's failure record.
        let t = o.target(Path::new("a/b/report.pdf"));
        assert_eq!(t.done, Path::new("/out/a/b/report.pdf~2.json"));
        let t = o.target(Path::new("a/b/report.pdf.error"));
        assert_eq!(t.done, Path::new("/out/a/b/report.pdf.error~2.json"));
        assert_eq!(o.target(Path::new("/")).done, Path::new("/out/_.json"));
    }

    #[test]
    fn writes_are_atomic_replace_the_other_outcome_and_sweep_leftovers() {
        let dir = scratch("write");
        let mut o = OutputDir::new(&dir, "txt");
        let t = o.target(Path::new("sub/doc.pdf"));
        assert_eq!(t.state(), State::Todo);
        t.write(true, b"{\"error\":{}}").unwrap();
        assert_eq!(t.state(), State::Failed);
        t.write(false, b"text").unwrap();
        assert_eq!(t.state(), State::Done);
        assert!(!t.failed.exists());
        assert_eq!(std::fs::read(&t.done).unwrap(), b"text");
        let names: Vec<_> = std::fs::read_dir(dir.join("sub"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["doc.pdf.txt"]);

        // A killed run's temporary file goes; one still locked stays.
        let dead = dir.join("sub/.x.txt.1.textract-tmp");
        std::fs::write(&dead, "half").unwrap();
        let live = dir.join("sub/.y.txt.2.textract-tmp");
        let held = File::create(&live).unwrap();
        held.lock().unwrap();
        assert_eq!(o.sweep().unwrap(), 1);
        assert!(!dead.exists());
        assert!(live.exists());
        drop(held);
        assert_eq!(o.sweep().unwrap(), 1);
        assert_eq!(OutputDir::new(&dir.join("none"), "txt").sweep().unwrap(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
