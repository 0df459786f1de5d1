//! Batch mode (issue 24): `-o DIR` with one output per input, a run killed
//! with SIGKILL and started again resumes without redoing finished files
//! or leaving partial ones; a file that hangs or kills its worker is
//! recorded as failed while the rest complete; `--files-from`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;
use testkit::{fixture, scratch_dir};

fn textract() -> Command {
    Command::new(env!("CARGO_BIN_EXE_textract"))
}

fn run(args: &[&str]) -> Output {
    textract().args(args).output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every file under `dir` (hidden ones too), relative, with its mtime; a
/// file that goes while it is listed (a run is writing) is left out.
fn files(dir: &Path) -> BTreeMap<PathBuf, SystemTime> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let path = e.path();
            if e.file_type().unwrap().is_dir() {
                dirs.push(path);
            } else if let Ok(meta) = e.metadata() {
                let mtime = meta.modified().unwrap();
                out.insert(path.strip_prefix(dir).unwrap().to_path_buf(), mtime);
            }
        }
    }
    out
}

fn with_suffix(p: &Path, suffix: &str) -> PathBuf {
    let mut s = p.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The number in `textract: stats: N inputs, M processed …`.
fn processed(o: &Output) -> usize {
    let err = stderr(o);
    let line = err
        .lines()
        .find(|l| l.starts_with("textract: stats: ") && l.contains(" processed in "))
        .unwrap_or_else(|| panic!("no stats line: {err}"));
    let before = line.split(" processed in ").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// Worker processes still running for the run that wrote to `out`.
#[cfg(target_os = "linux")]
fn workers_of(out: &Path) -> usize {
    let needle = s(out).as_bytes();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .filter(|c| {
            c.windows(b"--worker".len()).any(|w| w == b"--worker")
                && c.windows(needle.len()).any(|w| w == needle)
        })
        .count()
}

#[cfg(debug_assertions)]
#[test]
fn a_killed_run_resumes_without_redoing_finished_files_or_leaving_partial_ones() {
    let fixtures = fixture("");
    let inputs: Vec<PathBuf> = files(&fixtures).into_keys().collect();
    assert!(inputs.len() > 100, "fixtures missing");
    let out = scratch_dir("batch-resume").join("out");
    // Each file takes 10 ms longer (a test hook), so that the kill lands
    // half-way whatever the machine.
    let mut child = textract()
        .args(["-r", "--json", "-q", "-j", "2", "-o", s(&out), s(&fixtures)])
        .env("TEXTRACT_TEST_DELAY_MS", "10")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let finals = |out: &Path| -> BTreeMap<PathBuf, SystemTime> {
        if !out.exists() {
            return BTreeMap::new();
        }
        files(out)
            .into_iter()
            .filter(|(p, _)| !p.to_string_lossy().ends_with(".textract-tmp"))
            .collect()
    };
    while finals(&out).len() < inputs.len() / 4 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it was killed"
        );
        assert!(Instant::now() < deadline, "no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let first = finals(&out);
    assert!(
        first.len() < inputs.len(),
        "the kill came after the last file"
    );
    // What was renamed into place is whole.
    for rel in first.keys() {
        assert!(
            json(&out.join(rel))["path"].is_string(),
            "{}",
            rel.display()
        );
    }
    // The workers of the killed run end too (they watch their parent).
    #[cfg(target_os = "linux")]
    {
        let deadline = Instant::now() + Duration::from_secs(10);
        while workers_of(&out) > 0 {
            assert!(Instant::now() < deadline, "workers outlived their run");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    // A writer killed between creating and renaming its file leaves this:
    let stale = out.join("basic/.utf8.txt.json.4000000.textract-tmp");
    std::fs::create_dir_all(stale.parent().unwrap()).unwrap();
    std::fs::write(&stale, b"{\"path\":").unwrap();
    // (and the kill may have caught the run writing one too).
    let temps = files(&out)
        .keys()
        .filter(|p| p.to_string_lossy().ends_with(".textract-tmp"))
        .count();

    let second = run(&["-r", "--json", "-q", "--stats", "-o", s(&out), s(&fixtures)]);
    assert!(matches!(second.status.code(), Some(0 | 1)), "{second:?}");
    let err = stderr(&second);
    assert!(
        err.contains(&format!("stats: skipped {} ", first.len())),
        "{err}"
    );
    assert_eq!(processed(&second), inputs.len() - first.len(), "{err}");
    assert!(
        err.contains(&format!(
            "stats: removed {temps} temporary files of an earlier run"
        )),
        "{err}"
    );
    let all = files(&out);
    assert!(
        all.keys()
            .all(|p| !p.to_string_lossy().ends_with(".textract-tmp")),
        "{all:?}"
    );
    assert_eq!(all.len(), inputs.len());
    for rel in &inputs {
        let done = all.contains_key(&with_suffix(rel, ".json"));
        let failed = all.contains_key(&with_suffix(rel, ".error.json"));
        assert!(
            done ^ failed,
            "{}: done {done}, failed {failed}",
            rel.display()
        );
    }
    // Finished files were not written again.
    for (rel, mtime) in &first {
        assert_eq!(all.get(rel), Some(mtime), "{} redone", rel.display());
    }
    std::fs::remove_dir_all(out.parent().unwrap()).unwrap();
}

#[cfg(debug_assertions)]
#[test]
fn a_file_that_hangs_or_kills_its_worker_is_recorded_and_the_rest_complete() {
    let dir = scratch_dir("batch-poison");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    let basic = fixture("basic");
    let docs = [
        "minimal.pdf",
        "shift_jis.txt",
        "utf8.txt",
        "windows-1251.txt",
    ];
    for name in docs {
        std::fs::copy(basic.join(name), input.join(name)).unwrap();
    }
    // Sorted first, so a new worker must take over the files after them.
    std::fs::copy(basic.join("utf8.txt"), input.join("a-hang-me.txt")).unwrap();
    std::fs::copy(basic.join("utf8.txt"), input.join("b-abort-me.txt")).unwrap();
    let out = dir.join("out");
    let started = Instant::now();
    let o = textract()
        .args(["-r", "-j", "1", "--json", "--stats", "--file-timeout", "1"])
        .args(["-o", s(&out), s(&input)])
        .env("TEXTRACT_TEST_HANG_ON", "hang-me")
        .env("TEXTRACT_TEST_ABORT_ON", "abort-me")
        .output()
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = stderr(&o);
    assert!(err.contains("stats: failed 2: crash 1, timeout 1"), "{err}");
    assert!(err.contains("a-hang-me.txt: timeout after 1 s"), "{err}");

    let hang = json(&out.join("a-hang-me.txt.error.json"));
    assert_eq!(hang["error"]["kind"], "timeout");
    assert_eq!(hang["error"]["message"], "timeout after 1 s");
    assert_eq!(hang["path"], s(&input.join("a-hang-me.txt")));
    let abort = json(&out.join("b-abort-me.txt.error.json"));
    assert_eq!(abort["error"]["kind"], "crash");
    assert_eq!(abort["error"]["message"], "worker died: signal 6 (SIGABRT)");
    for name in docs {
        let rec = json(&out.join(format!("{name}.json")));
        assert_eq!(rec["error"], Value::Null, "{name}");
        if let Ok(golden) = std::fs::read_to_string(basic.join(format!("{name}.golden.txt"))) {
            assert_eq!(rec["text"], golden.as_str(), "{name}");
        }
    }
    assert_eq!(files(&out).len(), docs.len() + 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn isolated_in_process_and_standard_output_agree() {
    let dir = scratch_dir("batch-agree");
    let input = fixture("doc");
    for (form, ext) in [(None, "txt"), (Some("--json"), "json")] {
        let isolated = dir.join(format!("isolated-{ext}"));
        let in_process = dir.join(format!("in-process-{ext}"));
        let mut args = vec!["-r", "-q"];
        args.extend(form);
        let a = run(&[&args[..], &["-o", s(&isolated), s(&input)]].concat());
        let b = run(&[
            &args[..],
            &["--no-isolate", "-o", s(&in_process), s(&input)],
        ]
        .concat());
        assert_eq!(a.status.code(), b.status.code());
        let names = files(&isolated);
        assert!(names.len() >= 10, "{names:?}");
        assert_eq!(
            names.keys().collect::<Vec<_>>(),
            files(&in_process).keys().collect::<Vec<_>>()
        );
        for rel in names.keys() {
            let bytes = std::fs::read(isolated.join(rel)).unwrap();
            assert_eq!(bytes, std::fs::read(in_process.join(rel)).unwrap());
            // Each output is what `textract FILE` prints for that one file
            // (a failure: its JSON line, whatever the form).
            let name = rel.to_str().unwrap();
            let (doc, json_form) = match name.strip_suffix(".error.json") {
                Some(doc) => (doc, true),
                None => (
                    name.strip_suffix(&format!(".{ext}")).unwrap(),
                    form.is_some(),
                ),
            };
            let one = input.join(doc);
            if !json_form {
                assert_eq!(bytes, run(&[s(&one)]).stdout, "{name}");
            } else if form.is_some() {
                assert_eq!(bytes, run(&["--json", s(&one)]).stdout, "{name}");
            } else {
                // A plain run computes no SHA-256.
                let mut alone: Value =
                    serde_json::from_slice(&run(&["--json", s(&one)]).stdout).unwrap();
                alone["sha256"] = Value::Null;
                assert_eq!(serde_json::from_slice::<Value>(&bytes).unwrap(), alone);
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn files_from_reads_nul_separated_paths_from_standard_input() {
    let dir = scratch_dir("batch-files-from");
    let a = dir.join("a b.txt");
    let b = dir.join("two\nlines.txt");
    std::fs::copy(fixture("basic/utf8.txt"), &a).unwrap();
    std::fs::copy(fixture("basic/windows-1251.txt"), &b).unwrap();
    let piped = |args: &[&str], input: &[u8]| {
        let mut child = textract()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    // `find … -print0 | textract --files-from - -0 --json`
    let list = format!("{}\0{}\0", s(&b), s(&a));
    let o = piped(&["--files-from", "-", "-0", "--json"], list.as_bytes());
    assert!(o.status.success(), "{o:?}");
    let recs: Vec<Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["path"], s(&b));
    assert!(recs[0]["text"].as_str().unwrap().contains("Все счастливые"));
    assert_eq!(recs[1]["path"], s(&a));
    assert!(
        recs[1]["text"]
            .as_str()
            .unwrap()
            .contains("quick brown fox")
    );

    // A list file, one path a line (CRLF too), after the arguments; with
    // -o each listed path is mirrored as listed.
    let list = dir.join("list.txt");
    std::fs::write(&list, format!("{}\r\n\n", s(&a))).unwrap();
    let out = dir.join("out");
    let o = run(&[
        "--files-from",
        s(&list),
        "-o",
        s(&out),
        s(&fixture("basic/shift_jis.txt")),
    ]);
    assert!(o.status.success(), "{o:?}");
    let rel = a.strip_prefix("/").unwrap();
    assert_eq!(
        files(&out).into_keys().collect::<Vec<_>>(),
        [PathBuf::from("shift_jis.txt.txt"), with_suffix(rel, ".txt")]
    );
    assert!(
        std::fs::read_to_string(out.join(with_suffix(rel, ".txt")))
            .unwrap()
            .contains("quick brown fox")
    );

    // Standard input cannot be both the list and an input.
    let o = piped(&["--files-from", "-", "-"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("standard input"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn overwrite_redoes_everything_and_retry_failed_the_failures() {
    let dir = scratch_dir("batch-redo");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    std::fs::copy(fixture("basic/utf8.txt"), input.join("doc.txt")).unwrap();
    std::fs::write(input.join("later.txt"), b"").unwrap();
    let out = dir.join("out");
    let batch = |extra: &[&str]| {
        let o = run(&[&["-r", "--stats", "-o", s(&out), s(&input)], extra].concat());
        assert!(o.status.code().is_some_and(|c| c < 2), "{o:?}");
        processed(&o)
    };
    assert_eq!(batch(&[]), 2);
    let empty = json(&out.join("later.txt.error.json"));
    assert_eq!(empty["error"]["kind"], "empty");
    assert_eq!(batch(&[]), 0);
    // The empty file gets its text; only it is redone, and its failure
    // record gives way to its output.
    std::fs::write(input.join("later.txt"), b"written since").unwrap();
    assert_eq!(batch(&["--retry-failed"]), 1);
    assert_eq!(
        files(&out).into_keys().collect::<Vec<_>>(),
        [PathBuf::from("doc.txt.txt"), "later.txt.txt".into()]
    );
    assert_eq!(
        std::fs::read_to_string(out.join("later.txt.txt")).unwrap(),
        "written since\n"
    );
    assert_eq!(batch(&["--retry-failed"]), 0);
    assert_eq!(batch(&["--overwrite"]), 2);
    // A directory without -r is reported, and leaves no file to skip it
    // by next time.
    let o = run(&["-o", s(&out), s(&input)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is a directory (use -r"), "{o:?}");
    assert_eq!(files(&out).len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
