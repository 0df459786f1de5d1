//! `cargo xtask harden-check`: the proof run of issue 10. Builds the release
//! CLI, runs it once per file over `../shared/corpus` (all of it) and
//! `fixtures/hostile/`, and checks that each run exits 0 or 1 (never 101 or
//! a signal), prints exactly one JSON line and ends within 2 s, all with
//! the CLI's defaults.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::workspace_root;

const BUDGET: Duration = Duration::from_secs(2);

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Runs the check; `args` may name other directories than the defaults.
pub fn run(args: &[String]) -> Result<(), String> {
    let root = workspace_root();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "-p", "textract-cli"])
        .current_dir(&root)
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("cargo build --release -p textract-cli failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let exe = target.join("release/textract");
    let dirs: Vec<PathBuf> = if args.is_empty() {
        vec![root.join("../shared/corpus"), root.join("fixtures/hostile")]
    } else {
        args.iter().map(PathBuf::from).collect()
    };
    let mut files = Vec::new();
    for d in &dirs {
        if !d.is_dir() {
            println!("{}: absent, skipped", d.display());
            continue;
        }
        files_under(d, &mut files);
    }
    files.sort();
    let (mut failures, mut slowest) = (Vec::new(), (Duration::ZERO, PathBuf::new()));
    let mut exits = [0usize; 2];
    for f in &files {
        let start = Instant::now();
        let mut cmd = Command::new(&exe);
        cmd.arg("--json");
        let mut child = cmd
            .arg(f)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", exe.display()))?;
        // Read stdout on a thread (a long text would fill the pipe) and poll,
        // so that a hang is reported (and killed) instead of waited on.
        let mut stdout = child.stdout.take();
        let reader = std::thread::spawn(move || {
            let mut s = String::new();
            if let Some(o) = stdout.as_mut() {
                let _ = std::io::Read::read_to_string(o, &mut s);
            }
            s
        });
        let status = loop {
            if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
                break Some(s);
            }
            if start.elapsed() > BUDGET * 5 {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let took = start.elapsed();
        let out = reader.join().unwrap_or_default();
        if took > slowest.0 {
            slowest = (took, f.clone());
        }
        let lines = out.lines().filter(|l| l.starts_with('{')).count();
        let problem = match status.and_then(|s| s.code()) {
            None => Some("killed or hung".to_string()),
            Some(c @ (0 | 1)) => {
                exits[c as usize] += 1;
                if lines != 1 {
                    Some(format!("{lines} JSON lines"))
                } else if took > BUDGET {
                    Some(format!("took {took:?}"))
                } else {
                    None
                }
            }
            Some(c) => Some(format!("exit {c}")),
        };
        if let Some(p) = problem {
            failures.push(format!("{}: {p}", f.display()));
        }
    }
    println!(
        "{} files: {} exit 0, {} exit 1, slowest {:?} ({})",
        files.len(),
        exits[0],
        exits[1],
        slowest.0,
        slowest.1.display()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} failures:\n{}",
            failures.len(),
            failures.join("\n")
        ))
    }
}
