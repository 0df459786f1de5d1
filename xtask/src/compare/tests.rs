//! The whole comparison on a temporary corpus with a fake textract (a shell
//! script that `cat`s its input) and fake peers, so the tool is checked
//! without the real CLI or any peer installed.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::measure::{Runner, find_gnu_time};
use super::options::{Modes, Options};
use super::summary::{ToolSummary, WordOrder, summarise, word_order};
use super::tools::{Found, OutputKind, Role, Tool};
use super::{compare_format, report};

/// A fresh temporary folder for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xtask-compare-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Writes an executable `#!/bin/sh` script.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// textract's CLI contract, faked: `-j N`, `--json`, `==> PATH <==` headers.
const FAKE_TEXTRACT: &str = r#"json=0
while [ $# -gt 0 ]; do
  case "$1" in
    -j) shift 2 ;;
    --json) json=1; shift ;;
    *) break ;;
  esac
done
if [ "$json" = 1 ]; then
  for f in "$@"; do
    if grep -q sjis "$f"; then enc='"Shift_JIS"'; else enc=null; fi
    printf '{"path":"%s","format":"html","text":"","metadata":{},"encoding":%s,"warnings":[],"error":null}\n' "$f" "$enc"
  done
  exit 0
fi
if [ $# -gt 1 ]; then
  for f in "$@"; do printf '==> %s <==\n' "$f"; cat "$f"; done
else
  cat "$1"
fi"#;

fn peer(
    name: &str,
    program: PathBuf,
    takes_many: bool,
    output: OutputKind,
    role: Role,
) -> (String, Found) {
    let tool = Tool {
        name: name.into(),
        program,
        pre: Vec::new(),
        post: Vec::new(),
        takes_many,
        output,
        role,
        is_textract: false,
        version: None,
    };
    (name.into(), Ok(tool))
}

fn options() -> Options {
    Options {
        runs: 3,
        passes: 2,
        modes: Modes {
            per_file: true,
            batch: true,
        },
        timeout: Duration::from_secs(20),
        no_report: true,
        ..Options::default()
    }
}

fn runner(scratch: &Path) -> Runner {
    Runner {
        time_bin: find_gnu_time(),
        timeout: Duration::from_secs(20),
        scratch: scratch.to_path_buf(),
    }
}

/// A report context as the CLI fills it (no commit).
fn context() -> report::Context {
    report::Context {
        command: "cargo xtask compare --format doc".into(),
        date: "2026-11-22 00:00 UTC".into(),
        nproc: 2,
        cpu: "Test CPU".into(),
        commit: None,
    }
}

/// A temporary corpus of `files` (path, text) under `dir/corpus` and the
/// fake textract in `dir/bin`; the folder goes when the value is dropped.
struct Scratch {
    dir: PathBuf,
    corpus: PathBuf,
    bin: PathBuf,
    textract: PathBuf,
}

impl Scratch {
    fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
        let dir = temp(name);
        let corpus = dir.join("corpus");
        for (path, text) in files {
            write(&corpus.join(path), text);
        }
        let bin = dir.join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        let textract = script(&bin, "textract", FAKE_TEXTRACT);
        Scratch {
            dir,
            corpus,
            bin,
            textract,
        }
    }

    /// The folder, the corpus, the bin folder and the fake textract.
    fn paths(&self) -> (&Path, &Path, &Path, &Path) {
        (&self.dir, &self.corpus, &self.bin, &self.textract)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn by_name<'a>(sums: &'a [ToolSummary], name: &str) -> &'a ToolSummary {
    sums.iter().find(|s| s.name == name).unwrap()
}

#[test]
fn text_peers_are_timed_scored_and_reported() {
    let scratch = Scratch::new(
        "text",
        &[
            ("doc/src/a.doc", "Hello   world\nこんに\nちは\n"),
            (
                "doc/src/a.doc.expected.txt",
                "Hello world\nこんにちは\nmissing line\n",
            ),
            ("doc/src/a.doc.reference.txt", "Hello world こんにちは"),
            ("doc/src/b.doc", "second file\n"),
            ("doc/src/bad.doc", "crash me\n"),
            (
                "MANIFEST.tsv",
                "split\tformat\trelative_path\tr\tp\tl\tb\ts\tnotes\n\
                 dev\tdoc\tdoc/src/bad.doc\tr\tp\tl\t9\ts\tFUZZ crash case\n",
            ),
        ],
    );
    let (dir, corpus, bin, textract) = scratch.paths();
    let peers = vec![
        peer(
            "same",
            script(bin, "same", r#"for f in "$@"; do cat "$f"; done"#),
            true,
            OutputKind::StdoutText,
            Role::Text,
        ),
        peer(
            "upper",
            script(bin, "upper", r#"tr a-z A-Z < "$1""#),
            false,
            OutputKind::StdoutText,
            Role::Text,
        ),
        peer(
            "failing",
            script(
                bin,
                "failing",
                r#"case "$1" in *b.doc) exit 1 ;; esac; cat "$1""#,
            ),
            false,
            OutputKind::StdoutText,
            Role::Text,
        ),
        peer(
            "crasher",
            script(
                bin,
                "crasher",
                r#"case "$1" in *bad.doc) kill -SEGV $$ ;; esac; cat "$1""#,
            ),
            false,
            OutputKind::StdoutText,
            Role::Text,
        ),
        peer(
            "outfile",
            script(bin, "outfile", r#"cat "$1" > "$2""#),
            false,
            OutputKind::OutFileText,
            Role::Text,
        ),
        peer(
            "sleepy",
            script(bin, "sleepy", r#"sleep 0.2; cat "$1""#),
            false,
            OutputKind::StdoutText,
            Role::Text,
        ),
        (
            "absent".to_string(),
            Err("absent not found (apt install absent)".to_string()),
        ),
    ];
    let opts = options();
    let result = compare_format("doc", corpus, textract, peers, &opts, &runner(dir)).unwrap();
    assert_eq!(result.files.len(), 3);
    assert_eq!(
        result.skipped,
        [(
            "absent".to_string(),
            "absent not found (apt install absent)".to_string()
        )]
    );
    let sums = summarise(&result);
    assert_eq!(sums.len(), 7);

    let ours = by_name(&sums, "textract");
    assert!(ours.is_textract);
    assert_eq!((ours.clean, ours.hostile), (2, 1));
    assert!(ours.failed.is_empty());
    assert!(ours.hostile_crashes.is_empty());
    // "Hello world" (whitespace collapsed) and こんにちは (across a line break) found.
    assert_eq!((ours.recall.found, ours.recall.total), (2, 3));
    assert_eq!(ours.vs_reference.f1(), Some(1.0));
    assert_eq!(ours.per_file_median.map(|_| ()), Some(()));
    let textract_runs = result.tools.iter().find(|t| t.tool.is_textract).unwrap();
    assert_eq!(textract_runs.per_file_runs.len(), 3);
    assert_eq!(textract_runs.batch_runs.len(), 3);
    assert_eq!(textract_runs.batch_files_seen, Some(2));
    assert!(ours.batch_note.is_none());
    if find_gnu_time().is_some() {
        assert!(ours.peak_rss_kib.is_some_and(|k| k > 0));
        assert!(ours.largest_file_rss_kib.is_some());
        assert!(ours.batch_rss_kib.is_some());
    }

    assert_eq!(by_name(&sums, "same").vs_textract.f1(), Some(1.0));
    assert!(by_name(&sums, "same").batch_median.is_some());
    assert!(by_name(&sums, "upper").batch_median.is_none());
    assert_eq!(by_name(&sums, "outfile").vs_textract.f1(), Some(1.0));
    // Upper-casing changes the Latin letters only: a.doc has 10 Latin letters
    // and 5 kana; b.doc 10 letters. Common: kana 5 + 'H' 1 = 6 of 15+15; 0 of 10+10.
    let upper = by_name(&sums, "upper").vs_textract;
    assert_eq!((upper.common, upper.sizes), (6, 50));
    assert_eq!(by_name(&sums, "upper").recall.found, 1);
    // Per-file mean: (2·6/30 + 0) / 2 = 0.2.
    assert!((by_name(&sums, "upper").vs_textract_mean().unwrap() - 0.2).abs() < 1e-12);
    assert_eq!(by_name(&sums, "failing").failed, ["doc/src/b.doc"]);
    assert_eq!(
        by_name(&sums, "crasher").hostile_crashes,
        ["doc/src/bad.doc"]
    );
    assert!(by_name(&sums, "crasher").failed.is_empty());

    // The sleepy peer takes ≥ 0.2 s per file; the fake textract is a `cat`.
    let sleepy = by_name(&sums, "sleepy");
    assert!(sleepy.per_file_median.unwrap() >= Duration::from_millis(400));
    assert!(sleepy.per_file_ratio(ours).unwrap() < 1.0);

    let ctx = report::Context {
        commit: Some("abc1234+dirty".into()),
        ..context()
    };
    let order = word_order(&result);
    let same = (0..order.pairs.len())
        .find(|&p| order.pair_name(p) == "textract ~ same")
        .unwrap();
    assert_eq!(order.mean(same).0, Some(1.0));
    assert_eq!(order.approximate(same), 0);
    let text = report::text(&result, &sums, &order, &ctx);
    assert!(text.contains("textract ~ same"));
    let tsv = report::word_order_tsv(&order);
    assert!(tsv.starts_with("file\tread_alike\ttextract ~ same\t"));
    assert!(text.contains(
        "== doc — 2026-11-22 00:00 UTC · nproc 2 · Test CPU · workspace at abc1234+dirty =="
    ));
    assert!(text.contains("note: skipped absent: absent not found"));
    assert!(text.contains(
        "Batch (textract, same): one process over the clean files × 2 passes, median of 3 interleaved runs"
    ));
    assert!(text.contains(
        "Per-file: one process per file over the clean files, Σ over files, median of 3 interleaved runs"
    ));
    assert!(text.contains("note: failing failed on: doc/src/b.doc"));
    assert!(!text.contains("unequal work"));
    assert!(text.contains("note: crasher crashed or hung on: doc/src/bad.doc"));
    let md = report::markdown(&result, &sums, &word_order(&result), &ctx);
    assert!(md.starts_with("<!-- compare:doc:start -->\n## doc\n"));
    assert!(md.ends_with("<!-- compare:doc:end -->\n"));
    assert!(md.contains("| 2/3 (66.7%) |"));
    assert!(md.contains("| same | 2/3 (66.7%) | 1.000 / 1.000 | 1.000 | — |"));
    let tsv = report::files_tsv(&result);
    assert_eq!(tsv.lines().count(), 1 + 3 * 7);
    assert!(tsv.contains("doc/src/b.doc\tfalse\tfailing\tFailed(1)\t"));
    assert!(tsv.contains("doc/src/bad.doc\ttrue\tcrasher\tCrashed(11)\t"));
    let a_upper = tsv
        .lines()
        .find(|l| l.starts_with("doc/src/a.doc\tfalse\tupper\t"))
        .unwrap();
    assert!(a_upper.ends_with("\t15\t1\t3\t0.400\t"));
    let report_path = dir.join("docs/benchmarks.md");
    report::update_file(&report_path, "doc", &md).unwrap();
    report::update_file(&report_path, "doc", &md).unwrap();
    let written = std::fs::read_to_string(&report_path).unwrap();
    assert!(written.starts_with(report::HEADER));
    assert_eq!(written.matches("<!-- compare:doc:start -->").count(), 1);
}

#[test]
fn charset_detectors_are_scored_against_the_manifest() {
    let scratch = Scratch::new(
        "charset",
        &[
            ("html/c/x.html", "<p>sjis bytes</p>\n"),
            ("html/c/y.html", "<p>koi bytes</p>\n"),
            (
                "MANIFEST.tsv",
                "split\tformat\trelative_path\tr\tp\tl\tb\ts\tnotes\n\
                 dev\thtml\thtml/c/x.html\tr\tp\tl\t1\ts\texpected_encoding=SHIFT_JIS (label); HTML\n\
                 dev\thtml\thtml/c/y.html\tr\tp\tl\t1\ts\texpected_encoding=KOI8-R (label); HTML\n",
            ),
        ],
    );
    let (dir, corpus, bin, textract) = scratch.paths();
    let detector = script(
        bin,
        "detector",
        r#"if grep -q sjis "$1"; then echo CP932; else echo unknown; fi"#,
    );
    let peers = vec![peer(
        "detector",
        detector,
        false,
        OutputKind::CharsetName,
        Role::Charset,
    )];
    let opts = Options {
        modes: Modes {
            per_file: true,
            batch: false,
        },
        runs: 1,
        ..options()
    };
    let result = compare_format("html", corpus, textract, peers, &opts, &runner(dir)).unwrap();
    let sums = summarise(&result);
    let ours = by_name(&sums, "textract");
    assert_eq!(ours.charset, Some((1, 2)));
    assert!(ours.batch_median.is_none());
    let det = by_name(&sums, "detector");
    // CP932 and SHIFT_JIS name the same WHATWG decoder.
    assert_eq!(det.charset, Some((1, 2)));
    assert_eq!(det.failed, ["html/c/y.html"]);
    assert_eq!(det.recall.total, 0);
    let ctx = context();
    let md = report::markdown(&result, &sums, &word_order(&result), &ctx);
    assert!(md.contains("| detector (charset) |"));
    assert!(!md.contains("Batch ("));
    assert!(md.contains("| 1/2 (50.0%) |"));
}

#[test]
fn batch_runs_only_over_files_every_batch_tool_read() {
    let scratch = Scratch::new(
        "batch-subset",
        &[
            ("doc/src/a.doc", "first file\n"),
            ("doc/src/b.doc", "second file\n"),
            ("doc/src/c.doc", "third file\n"),
        ],
    );
    let (dir, corpus, bin, textract) = scratch.paths();
    // Like pdf2txt.py: many files per process, stops at the first it cannot read.
    let quitter = r#"for f in "$@"; do case "$f" in *b.doc) exit 1 ;; esac; cat "$f"; done"#;
    let peers = vec![peer(
        "quitter",
        script(bin, "quitter", quitter),
        true,
        OutputKind::StdoutText,
        Role::Text,
    )];
    let result = compare_format("doc", corpus, textract, peers, &options(), &runner(dir)).unwrap();
    assert_eq!(result.batch_files, 2);
    let textract_runs = result.tools.iter().find(|t| t.tool.is_textract).unwrap();
    assert_eq!(textract_runs.batch_files_seen, Some(2));
    let sums = summarise(&result);
    assert!(by_name(&sums, "textract").batch_note.is_none());
    // The quitter's batch never meets b.doc, so it exits 0.
    assert!(by_name(&sums, "quitter").batch_note.is_none());
    assert_eq!(by_name(&sums, "quitter").failed, ["doc/src/b.doc"]);
    let ctx = context();
    let text = report::text(&result, &sums, &word_order(&result), &ctx);
    assert!(text.contains(
        "Batch (textract, quitter): one process over the 2 of them every batch tool read × 2 passes"
    ));
}

#[test]
fn ratios_are_textract_over_peer() {
    let ours = ToolSummary {
        per_file_median: Some(Duration::from_secs(1)),
        batch_median: Some(Duration::from_millis(300)),
        peak_rss_kib: Some(1024),
        is_textract: true,
        ..ToolSummary::default()
    };
    let peer = ToolSummary {
        per_file_median: Some(Duration::from_secs(4)),
        batch_median: Some(Duration::from_millis(900)),
        peak_rss_kib: Some(4096),
        ..ToolSummary::default()
    };
    assert_eq!(peer.per_file_ratio(&ours), Some(0.25));
    assert!((peer.batch_ratio(&ours).unwrap() - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(peer.rss_ratio(&ours), Some(0.25));
    assert_eq!(ToolSummary::default().per_file_ratio(&ours), None);
}

/// Each peer present on this machine, run on a simple corpus file and read
/// the way the comparison reads it (skipped when the corpus or peer is absent).
fn real_peers_read(format: &str, rel: &str, role: Role) {
    let corpus = crate::util::workspace_root().join("../shared/corpus");
    if !corpus.join("MANIFEST.tsv").is_file() {
        println!("corpus tests skipped: {} not found", corpus.display());
        return;
    }
    let files = super::corpus::list(&corpus, format).unwrap();
    let file = files.iter().find(|f| f.rel == rel).unwrap();
    // One directory per file: the html tests run in parallel on two pages.
    let dir = temp(&format!("real-{}", rel.replace(['/', '.'], "_")));
    let r = runner(&dir);
    let out = dir.join("out.txt");
    for (name, found) in super::tools::peers(format, &dir, &|_| true) {
        let Ok(tool) = found else {
            println!("peer {name} absent: skipped");
            continue;
        };
        if tool.role != role {
            continue;
        }
        let run = r.run(
            &tool.program,
            &tool.args(&[&file.path], Some(&out)),
            true,
            true,
            r.timeout,
        );
        assert!(run.exit.is_ok(), "{name}: {:?}", run.exit);
        let written = std::fs::read(&out).ok();
        let got = super::tools::parse_output(tool.output, &run.stdout, written.as_deref());
        match tool.role {
            Role::Text => {
                let recall = super::metrics::Recall::of(&got.text, &file.expected);
                assert!(
                    recall.found > 0,
                    "{name} found none of {:?} in {:?}",
                    file.expected,
                    got.text
                );
            }
            Role::Charset => {
                let expected = file.expected_encoding.as_deref().unwrap();
                let detected = got.charset.unwrap_or_default();
                assert!(
                    super::metrics::charset_matches(&detected, expected),
                    "{name}: {detected} vs {expected}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn real_pdf_peers_read_basicapi_pdf() {
    real_peers_read("pdf", "pdf/pdfjs/basicapi.pdf", Role::Text);
}

#[test]
fn real_doc_peers_read_test2_doc() {
    real_peers_read("doc", "doc/poi/test2.doc", Role::Text);
}

#[test]
fn real_html_charset_peers_read_koi8_r_page() {
    real_peers_read(
        "html",
        "html/chardet/KOI8-R___chromium_KOI8-R_with_no_encoding_specified.html",
        Role::Charset,
    );
}

#[test]
fn real_html_text_peer_reads_utf_8_page() {
    real_peers_read(
        "html",
        "html/chardet/utf-8___mozilla_bug306272_text.html",
        Role::Text,
    );
}

#[test]
fn ratios_over_unequal_work_are_flagged() {
    let runs = super::FormatRuns {
        format: "doc".into(),
        files: Vec::new(),
        tools: Vec::new(),
        skipped: Vec::new(),
        passes: 1,
        runs: 1,
        rss_measured: false,
        jobs: 1,
        all_files: false,
        modes: Modes {
            per_file: true,
            batch: false,
        },
        batch_files: 0,
    };
    let ours = ToolSummary {
        name: "textract".into(),
        role: Some(Role::Text),
        is_textract: true,
        failed: vec!["a.doc".into(), "b.doc".into()],
        ..ToolSummary::default()
    };
    let peer = ToolSummary {
        name: "antiword".into(),
        role: Some(Role::Text),
        ..ToolSummary::default()
    };
    let ctx = context();
    let md = report::markdown(&runs, &[ours, peer], &WordOrder::default(), &ctx);
    assert!(md.contains("- timing ratios vs antiword compare unequal work: textract failed on 2 clean files, antiword on 0\n"));
    assert!(md.contains("- peak RSS not measured"));
}
