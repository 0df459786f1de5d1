//! Running one measured process: wall time, exit, optional peak RSS through
//! `/usr/bin/time -f '%e %M'`, a timeout that kills the whole process group.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How a measured process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    /// Exit status 0.
    Ok,
    /// Non-zero exit status.
    Failed(i32),
    /// Killed by a signal (a crash: SIGSEGV, SIGABRT, ...).
    Crashed(i32),
    /// Killed by us after the timeout.
    TimedOut,
    /// Could not be started.
    NotStarted(String),
}

impl Exit {
    /// Exit status 0.
    pub fn is_ok(&self) -> bool {
        *self == Exit::Ok
    }

    /// A crash or a hang.
    pub fn is_crash_or_hang(&self) -> bool {
        matches!(self, Exit::Crashed(_) | Exit::TimedOut)
    }
}

/// What one measured process did.
#[derive(Debug, Clone)]
pub struct Run {
    /// Wall time from spawn to exit.
    pub wall: Duration,
    /// How it ended.
    pub exit: Exit,
    /// Standard output (empty unless captured).
    pub stdout: Vec<u8>,
    /// Peak resident set size in KiB, when measured with `/usr/bin/time`.
    pub max_rss_kib: Option<u64>,
}

/// How to run measured processes.
#[derive(Debug, Clone)]
pub struct Runner {
    /// `/usr/bin/time` (GNU) when present: wraps the process to read its peak RSS.
    pub time_bin: Option<PathBuf>,
    /// Kill a process (group) running longer than this.
    pub timeout: Duration,
    /// Scratch folder for `/usr/bin/time -o` files.
    pub scratch: PathBuf,
}

impl Runner {
    /// Runs `program args`, capturing stdout when `capture`, measuring peak RSS
    /// when `rss` and `/usr/bin/time` is present. Stdin is closed, stderr discarded.
    pub fn run(
        &self,
        program: &Path,
        args: &[String],
        capture: bool,
        rss: bool,
        timeout: Duration,
    ) -> Run {
        static CALLS: AtomicUsize = AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, Ordering::Relaxed);
        let time_out = self
            .scratch
            .join(format!("time-{}-{call}.txt", std::process::id()));
        let mut cmd = match (&self.time_bin, rss) {
            (Some(time), true) => {
                let _ = std::fs::remove_file(&time_out);
                let mut c = Command::new(time);
                c.arg("-f")
                    .arg("%e %M")
                    .arg("-o")
                    .arg(&time_out)
                    .arg(program)
                    .args(args);
                c
            }
            _ => {
                let mut c = Command::new(program);
                c.args(args);
                c
            }
        };
        cmd.stdin(Stdio::null())
            .stderr(Stdio::null())
            .stdout(if capture {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .process_group(0);
        let start = Instant::now();
        let child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                return Run {
                    wall: Duration::ZERO,
                    exit: Exit::NotStarted(format!("{}: {e}", program.display())),
                    stdout: Vec::new(),
                    max_rss_kib: None,
                };
            }
        };
        let pid = child.id();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let out = child.wait_with_output();
            let _ = tx.send((out, Instant::now()));
        });
        let (result, end, timed_out) = match rx.recv_timeout(timeout) {
            Ok((out, end)) => (out, end, false),
            Err(_) => {
                // The process group holds the tool (and `time` around it).
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{pid}")])
                    .stderr(Stdio::null())
                    .status();
                // A descendant that left the group may hold the pipe open: do
                // not wait for it for ever (its wait thread is then abandoned).
                match rx.recv_timeout(Duration::from_secs(10)) {
                    Ok((out, end)) => (out, end, true),
                    Err(_) => (
                        Err(std::io::Error::other("process did not end after SIGKILL")),
                        Instant::now(),
                        true,
                    ),
                }
            }
        };
        let wall = end.duration_since(start);
        let (status, stdout) = match result {
            Ok(o) => (Some(o.status), o.stdout),
            Err(_) => (None, Vec::new()),
        };
        let time_report = match (&self.time_bin, rss) {
            (Some(_), true) => std::fs::read_to_string(&time_out).ok(),
            _ => None,
        };
        let _ = std::fs::remove_file(&time_out);
        let parsed = time_report.as_deref().and_then(parse_time_report);
        let exit = if timed_out {
            Exit::TimedOut
        } else if let Some(sig) = parsed.as_ref().and_then(|p| p.signal) {
            Exit::Crashed(sig)
        } else {
            match status {
                None => Exit::NotStarted("wait failed".into()),
                Some(s) => match (s.code(), s.signal()) {
                    (Some(0), _) => Exit::Ok,
                    (Some(c), _) => Exit::Failed(c),
                    (None, Some(sig)) => Exit::Crashed(sig),
                    (None, None) => Exit::Failed(-1),
                },
            }
        };
        Run {
            wall,
            exit,
            stdout,
            max_rss_kib: parsed.and_then(|p| p.max_rss_kib),
        }
    }
}

/// What GNU time's `-f '%e %M'` report file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeReport {
    /// Peak RSS in KiB.
    pub max_rss_kib: Option<u64>,
    /// `Command terminated by signal N`.
    pub signal: Option<i32>,
}

/// Parses GNU time's report: optional `Command exited with non-zero status N`
/// or `Command terminated by signal N` lines, then the `%e %M` line.
pub fn parse_time_report(s: &str) -> Option<TimeReport> {
    let mut signal = None;
    let mut max_rss_kib = None;
    for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(rest) = line.strip_prefix("Command terminated by signal ") {
            signal = rest.trim().parse().ok();
            continue;
        }
        if line.starts_with("Command ") {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(e), Some(m)) = (parts.next(), parts.next()) else {
            continue;
        };
        if e.parse::<f64>().is_ok() {
            max_rss_kib = m.parse().ok();
        }
    }
    if signal.is_none() && max_rss_kib.is_none() {
        return None;
    }
    Some(TimeReport {
        max_rss_kib,
        signal,
    })
}

/// GNU time at `/usr/bin/time`, if it is there and understands `-f`.
pub fn find_gnu_time() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/bin/time");
    let ok = Command::new(&p)
        .args(["-f", "%e %M", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    ok.then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_reports_parse() {
        assert_eq!(
            parse_time_report("0.01 3456\n"),
            Some(TimeReport {
                max_rss_kib: Some(3456),
                signal: None
            })
        );
        assert_eq!(
            parse_time_report("Command exited with non-zero status 1\n0.00 2100\n"),
            Some(TimeReport {
                max_rss_kib: Some(2100),
                signal: None
            })
        );
        assert_eq!(
            parse_time_report("Command terminated by signal 11\n0.20 9000\n"),
            Some(TimeReport {
                max_rss_kib: Some(9000),
                signal: Some(11)
            })
        );
        assert_eq!(parse_time_report(""), None);
    }

    fn runner() -> Runner {
        Runner {
            time_bin: find_gnu_time(),
            timeout: Duration::from_secs(10),
            scratch: std::env::temp_dir(),
        }
    }

    #[test]
    fn runs_capture_output_exit_and_timeouts() {
        let r = runner();
        let sh = Path::new("/bin/sh");
        let ok = r.run(
            sh,
            &["-c".into(), "printf hi".into()],
            true,
            true,
            r.timeout,
        );
        assert_eq!(ok.exit, Exit::Ok);
        assert_eq!(ok.stdout, b"hi");
        if r.time_bin.is_some() {
            assert!(ok.max_rss_kib.is_some_and(|k| k > 0));
        }
        let failed = r.run(sh, &["-c".into(), "exit 3".into()], false, false, r.timeout);
        assert_eq!(failed.exit, Exit::Failed(3));
        let crashed = r.run(
            sh,
            &["-c".into(), "kill -SEGV $$".into()],
            false,
            true,
            r.timeout,
        );
        assert_eq!(crashed.exit, Exit::Crashed(11));
        let slow = r.run(
            sh,
            &["-c".into(), "sleep 5".into()],
            false,
            true,
            Duration::from_millis(200),
        );
        assert_eq!(slow.exit, Exit::TimedOut);
        assert!(slow.wall < Duration::from_secs(4));
        let missing = r.run(Path::new("/nonexistent/tool"), &[], false, false, r.timeout);
        assert!(matches!(missing.exit, Exit::NotStarted(_)));
    }
}
