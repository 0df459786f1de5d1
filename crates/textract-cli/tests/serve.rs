//! `textract serve` as a process: started on a free loopback port, driven
//! by the real Tika clients (PyPI `tika` 3.3.2 and `tika-client`, through
//! pytest: `crates/textract-server/tests/python`), by the README's curl
//! lines, and stopped with SIGTERM. The clients and curl are prerequisites
//! (`.ci/run` installs them): without them the tests are skipped, or fail
//! under CI.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A running `textract serve`, stopped (SIGTERM, then SIGKILL) on drop.
struct Served {
    child: Child,
    /// `127.0.0.1:PORT`.
    addr: String,
    /// Lines the server wrote to stderr after the address.
    stderr: mpsc::Receiver<String>,
}

impl Served {
    fn start(extra: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_textract"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start textract serve");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let first = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server prints its address");
        let addr = first
            .strip_prefix("textract serve: listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_string();
        Served {
            child,
            addr,
            stderr: rx,
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Sends SIGTERM and waits for the process; returns its stderr lines.
    fn terminate(mut self) -> (std::process::ExitStatus, Vec<String>) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(ok.success());
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not stop on SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let lines = self.stderr.try_iter().collect();
        (status, lines)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// One HTTP/1.1 request on a fresh connection; the status and the body.
fn http(addr: &str, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    s.write_all(body).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let head_end = out.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&out[..head_end]).to_string();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, out[head_end + 4..].to_vec())
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn sigterm_stops_the_server_after_logging_each_request() {
    let served = Served::start(&[]);
    let (status, body) = http(&served.addr, "GET", "/version", b"");
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains("Apache Tika 3.x compatible"));
    let (status, _) = http(&served.addr, "PUT", "/tika", b"hello");
    assert_eq!(status, 200);
    let (code, lines) = served.terminate();
    assert!(code.success(), "{code:?}: {lines:?}");
    // One JSON access-log line per request, then the shutdown notice.
    let logs: Vec<serde_json::Value> = lines
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(logs.len(), 2, "{lines:?}");
    assert_eq!(logs[0]["method"], "GET");
    assert_eq!(logs[0]["path"], "/version");
    assert_eq!(logs[0]["status"], 200);
    assert_eq!(logs[1]["path"], "/tika");
    assert_eq!(logs[1]["bytes"], 5, "\"hello\": its text");
    assert!(logs[1]["ms"].is_number());
    assert!(
        lines.iter().any(|l| l.contains("shutting down")),
        "{lines:?}"
    );
}

#[test]
fn a_file_named_serve_is_read_as_dot_slash_serve() {
    let dir = testkit::scratch_dir("cli-serve-file");
    let file = dir.join("serve");
    std::fs::write(&file, "not a subcommand\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_textract"))
        .arg("./serve")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "not a subcommand\n");
    let out = Command::new(env!("CARGO_BIN_EXE_textract"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--host",
        "--port",
        "--max-body",
        "--max-concurrent",
        "--timeout-ms",
    ] {
        assert!(help.contains(flag), "{flag} in {help}");
    }
}

#[test]
fn the_tika_python_clients_work_against_textract_serve() {
    if testkit::corpus::require(
        testkit::python_with(&["pytest", "tika", "tika_client"]).then_some(()),
        "the_tika_python_clients_work_against_textract_serve",
        "python3 with pytest, tika==3.3.2 and tika-client (pip install)",
    )
    .is_none()
    {
        return;
    }
    let served = Served::start(&["--quiet"]);
    let out = Command::new("python3")
        .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
        .arg(root().join("crates/textract-server/tests/python"))
        .env("TIKA_SERVER_ENDPOINT", served.url())
        .env("TIKA_CLIENT_ONLY", "1")
        .env("TIKA_LOG_PATH", std::env::temp_dir())
        .env("TEXTRACT_FIXTURES", root().join("fixtures"))
        .output()
        .expect("run pytest");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "pytest failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (code, _) = served.terminate();
    assert!(code.success());
}

/// The `curl` lines of the README's "Server" section.
fn readme_curl_lines() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme
        .split("\n## Server")
        .nth(1)
        .expect("README has a Server section");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("curl "))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_readme_curl_examples_run() {
    let lines = readme_curl_lines();
    assert!(lines.len() >= 5, "{lines:?}");
    if testkit::corpus::require(
        Command::new("curl")
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success()),
        "the_readme_curl_examples_run",
        "curl",
    )
    .is_none()
    {
        return;
    }
    let served = Served::start(&["--quiet"]);
    // The examples name fixtures from the repository root; run them in a
    // scratch folder that has them, so files they write land there.
    let dir = testkit::scratch_dir("readme-curl");
    let link = dir.join("fixtures");
    if !link.exists() {
        std::os::unix::fs::symlink(root().join("fixtures"), &link).unwrap();
    }
    for line in &lines {
        let line_here = line.replace("http://localhost:9998", &served.url());
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("{line_here} --fail --silent --show-error"))
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let wrote_file = line.contains(" -o ");
        assert!(
            wrote_file || !out.stdout.is_empty(),
            "{line} printed nothing"
        );
    }
    served.terminate();
}

/// What a load run measured.
#[derive(Debug)]
struct Load {
    requests: usize,
    ok: usize,
    unprocessable: usize,
    /// Requests answered with anything else (status, or `None`: no answer).
    other: Vec<(String, Option<u16>)>,
    seconds: f64,
    /// kB, from /proc: resident size after the first tenth of the requests,
    /// and the high-water mark at the end.
    rss_early_kb: Option<u64>,
    peak_rss_kb: Option<u64>,
    /// kB resident once the last request was answered.
    rss_end_kb: Option<u64>,
    /// MB resident at each tenth of the requests.
    rss_series_mb: Vec<u64>,
}

fn proc_status_kb(pid: u32, key: &str) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `requests` requests from `clients` threads, each on its own connection,
/// cycling over `files` and alternating `/tika` (200 or 422) and
/// `/rmeta/text` (200).
fn load(served: &Served, files: &[(String, Vec<u8>)], requests: usize, clients: usize) -> Load {
    let addr = served.addr.as_str();
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(String, Option<u16>)>> = Mutex::new(Vec::new());
    let rss_early = Mutex::new(None);
    let series = Mutex::new(Vec::new());
    let pid = served.child.id();
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..clients {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= requests {
                        break;
                    }
                    if i == requests / 10 {
                        *rss_early.lock().unwrap() = proc_status_kb(pid, "VmRSS:");
                    }
                    if requests >= 10 && i.is_multiple_of(requests / 10) {
                        let mb = proc_status_kb(pid, "VmRSS:").unwrap_or(0) / 1024;
                        series.lock().unwrap().push(mb);
                    }
                    let (name, body) = &files[i % files.len()];
                    let path = if i.is_multiple_of(2) {
                        "/tika"
                    } else {
                        "/rmeta/text"
                    };
                    let status = std::panic::catch_unwind(|| http(addr, "PUT", path, body).0).ok();
                    results
                        .lock()
                        .unwrap()
                        .push((format!("{path} {name}"), status));
                }
            });
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let results = results.into_inner().unwrap();
    let count = |want: u16| results.iter().filter(|(_, s)| *s == Some(want)).count();
    Load {
        requests: results.len(),
        ok: count(200),
        unprocessable: count(422),
        other: results
            .iter()
            .filter(|(_, s)| !matches!(s, Some(200 | 422)))
            .cloned()
            .collect(),
        seconds,
        rss_early_kb: rss_early.into_inner().unwrap(),
        peak_rss_kb: proc_status_kb(pid, "VmHWM:"),
        rss_end_kb: proc_status_kb(pid, "VmRSS:"),
        rss_series_mb: series.into_inner().unwrap(),
    }
}

fn fixture_files() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for group in [
        "pdf", "doc", "xls", "hwp", "rtf", "crypto", "hostile", "ppt", "ooxml",
    ] {
        let dir = root().join("fixtures").join(group);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.map_while(Result::ok).map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let sidecar = [".txt", ".tsv", ".package", ".workbook", ".md", ".py"]
                .iter()
                .any(|s| name.ends_with(s));
            if !sidecar && p.is_file() {
                out.push((format!("{group}/{name}"), std::fs::read(&p).unwrap()));
            }
        }
    }
    out
}

#[test]
fn concurrent_requests_over_the_fixtures_are_all_answered() {
    // The CI-sized load: 200 requests from 8 clients over the fixtures.
    let served = Served::start(&["--quiet", "--max-concurrent", "2"]);
    let files = fixture_files();
    assert!(files.len() > 50);
    let l = load(&served, &files, 200, 8);
    assert_eq!(l.requests, 200);
    assert!(l.other.is_empty(), "{:?}", l.other);
    assert!(l.ok > 100, "{l:?}");
    assert_eq!(http(&served.addr, "GET", "/version", b"").0, 200);
    let (code, _) = served.terminate();
    assert!(code.success());
}

/// The load test of issue 24 (not run by default: a minute in release):
/// 1,000 requests from 32 clients over the corpus, then every corpus file
/// and hostile fixture once, then `/version`. Numbers go to
/// docs/benchmarks.md:
/// `cargo test --release -p textract-cli --test serve -- --ignored --nocapture load_test`.
#[test]
#[ignore]
fn load_test_over_the_corpus() {
    let Some(dir) = testkit::corpus::require_dir("load_test_over_the_corpus") else {
        return;
    };
    let mut corpus: Vec<(String, Vec<u8>)> = testkit::corpus::manifest(&dir)
        .into_iter()
        .filter_map(|e| Some((e.rel.clone(), std::fs::read(&e.path).ok()?)))
        .collect();
    // Interleave big and small files so every client sees a mix.
    corpus.sort_by(|a, b| a.0.cmp(&b.0));
    let total_bytes: usize = corpus.iter().map(|(_, b)| b.len()).sum();
    let served = Served::start(&["--quiet"]);
    // TEXTRACT_LOAD_REQUESTS: a longer soak than the default 1,000.
    let requests = std::env::var("TEXTRACT_LOAD_REQUESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let l = load(&served, &corpus, requests, 32);
    println!(
        "load: {} requests over {} corpus files ({} MB) from 32 clients in {:.1} s = {:.1} requests/s; 200: {}, 422: {}, other: {}; RSS after the first tenth {} MB, at the end {} MB, peak {} MB",
        l.requests,
        corpus.len(),
        total_bytes >> 20,
        l.seconds,
        l.requests as f64 / l.seconds,
        l.ok,
        l.unprocessable,
        l.other.len(),
        l.rss_early_kb.unwrap_or(0) / 1024,
        l.rss_end_kb.unwrap_or(0) / 1024,
        l.peak_rss_kb.unwrap_or(0) / 1024,
    );
    println!(
        "RSS (MB) at each tenth of the requests: {:?}",
        l.rss_series_mb
    );
    assert_eq!(l.requests, requests);
    assert!(l.other.is_empty(), "{:?}", l.other);
    // Then every corpus file and every fixture once.
    let mut all = corpus;
    all.extend(fixture_files());
    let n = all.len();
    let once = load(&served, &all, n, 32);
    println!(
        "once: {} files in {:.1} s; 200: {}, 422: {}, other: {:?}; RSS at the end {} MB, peak {} MB",
        once.requests,
        once.seconds,
        once.ok,
        once.unprocessable,
        once.other,
        once.rss_end_kb.unwrap_or(0) / 1024,
        once.peak_rss_kb.unwrap_or(0) / 1024
    );
    assert!(once.other.is_empty(), "{:?}", once.other);
    assert_eq!(http(&served.addr, "GET", "/version", b"").0, 200);
    let (code, _) = served.terminate();
    assert!(code.success());
}

#[test]
fn chunked_bodies_are_read() {
    let served = Served::start(&["--quiet"]);
    let doc = std::fs::read(root().join("fixtures/doc/table.doc")).unwrap();
    let mut s = TcpStream::connect(&served.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "PUT /tika HTTP/1.1\r\nHost: {}\r\nTransfer-Encoding: chunked\r\nAccept: text/plain\r\nConnection: close\r\n\r\n",
        served.addr
    )
    .unwrap();
    for chunk in doc.chunks(1000) {
        write!(s, "{:x}\r\n", chunk.len()).unwrap();
        s.write_all(chunk).unwrap();
        s.write_all(b"\r\n").unwrap();
    }
    s.write_all(b"0\r\n\r\n").unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let out = String::from_utf8_lossy(&out);
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    let expected = textract::extract(&doc, &textract::Options::default())
        .unwrap()
        .text;
    assert!(out.ends_with(&expected), "{out}");
    served.terminate();
}
