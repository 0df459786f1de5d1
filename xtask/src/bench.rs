//! `cargo xtask bench`: runs every crate's criterion benches and prints one line per bench.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::util::workspace_root;

/// Runs `cargo bench --workspace --bench "*"` (only the criterion targets; extra
/// arguments are passed to criterion) and
/// summarises each bench as `name  time  [throughput]`.
pub fn run(args: &[String]) -> Result<(), String> {
    // `cargo xtask bench -- --measurement-time 2` reaches us with the `--`;
    // criterion would take it as the end of its options.
    let args = args.strip_prefix(&["--".to_string()]).unwrap_or(args);
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(workspace_root())
        .args(["bench", "--workspace", "--bench", "*", "--"])
        .args(args)
        .stdout(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run cargo bench: {e}"))?;
    let stdout = child.stdout.take().ok_or("no stdout from cargo bench")?;
    let mut summary = Vec::new();
    let mut current: Option<String> = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| e.to_string())?;
        println!("{line}");
        if let Some(s) = summarise_line(&line, &mut current) {
            summary.push(s);
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    println!("\n== summary ==");
    for s in &summary {
        println!("{s}");
    }
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo bench failed: {status}"))
    }
}

/// Turns criterion's `name  time: [a b c]` and `thrpt: [a b c]` lines into summary rows.
fn summarise_line(line: &str, current: &mut Option<String>) -> Option<String> {
    let trimmed = line.trim();
    // A long bench name gets a line of its own, then an indented `time:` line.
    let starts_flush = !line.starts_with(char::is_whitespace);
    if starts_flush
        && !trimmed.is_empty()
        && !trimmed.contains("time:")
        && !["Benchmarking ", "Found ", "Gnuplot ", "WARNING"]
            .iter()
            .any(|p| trimmed.starts_with(p))
    {
        *current = Some(trimmed.to_string());
        return None;
    }
    if let Some(idx) = trimmed.find("time:") {
        let name = trimmed[..idx].trim();
        if !name.is_empty() {
            *current = Some(name.to_string());
        }
        let mid = middle_of_bracket(&trimmed[idx..])?;
        return Some(format!(
            "{:<50} {}",
            current.clone().unwrap_or_default(),
            mid
        ));
    }
    if let Some(idx) = trimmed.find("thrpt:") {
        let mid = middle_of_bracket(&trimmed[idx..])?;
        return Some(format!("{:<50} {}", "", mid));
    }
    None
}

/// The middle value of criterion's `[low mid high]` triple.
fn middle_of_bracket(s: &str) -> Option<String> {
    let open = s.find('[')?;
    let close = s.find(']')?;
    let parts: Vec<&str> = s.get(open + 1..close)?.split_whitespace().collect();
    // Each value is "number unit", so the middle is parts[2..4].
    Some(format!("{} {}", parts.get(2)?, parts.get(3)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_lines_become_summary_rows() {
        let mut cur = None;
        let row = summarise_line(
            "inflate/4k              time:   [10.1 µs 10.2 µs 10.3 µs]",
            &mut cur,
        )
        .unwrap();
        assert!(row.starts_with("inflate/4k"));
        assert!(row.ends_with("10.2 µs"));
        let row = summarise_line(
            "                        thrpt:  [380 MiB/s 390 MiB/s 400 MiB/s]",
            &mut cur,
        )
        .unwrap();
        assert!(row.ends_with("390 MiB/s"));
        assert!(summarise_line("Benchmarking foo", &mut cur).is_none());
        // Criterion 0.8 prints a long name alone, then its figures.
        assert!(summarise_line("msdoc_text/synthetic_2000_pieces_1M_chars", &mut cur).is_none());
        let row = summarise_line(
            "                        time:   [6.3791 ms 6.5471 ms 6.7289 ms]",
            &mut cur,
        )
        .unwrap();
        assert!(row.starts_with("msdoc_text/synthetic_2000_pieces_1M_chars"));
        assert!(row.ends_with("6.5471 ms"));
        assert!(
            summarise_line("Found 3 outliers among 100 measurements (3.00%)", &mut cur).is_none()
        );
    }
}
