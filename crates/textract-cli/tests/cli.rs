//! The CLI contract, checked on the real binary over `fixtures/`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn basic(name: &str) -> PathBuf {
    fixtures().join("basic").join(name)
}

fn textract(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_textract"))
        .args(args)
        .output()
        .expect("run textract")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Fixtures paired with their golden text (`NAME.golden.txt`), over every group.
fn goldens() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for group in std::fs::read_dir(fixtures()).unwrap() {
        let group = group.unwrap().path();
        if !group.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&group).unwrap() {
            let f = f.unwrap().path();
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if let Some(doc) = name.strip_suffix(".golden.txt") {
                out.push((group.join(doc), std::fs::read_to_string(&f).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn one_input_prints_its_text_exactly() {
    let o = textract(&[s(&basic("utf8.txt"))]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        stdout(&o),
        std::fs::read_to_string(basic("utf8.txt.golden.txt")).unwrap()
    );
}

#[test]
fn every_golden_fixture_matches() {
    let goldens = goldens();
    assert!(
        goldens.len() >= 5,
        "fixtures missing: run `cargo xtask fixtures`"
    );
    for (doc, golden) in goldens {
        // An encrypted fixture whose golden is its text has its password in
        // the `passwords.tsv` beside it (NAME TAB PASSWORD).
        let name = doc.file_name().unwrap().to_string_lossy().to_string();
        let password = std::fs::read_to_string(doc.with_file_name("passwords.tsv"))
            .ok()
            .and_then(|list| {
                list.lines()
                    .find_map(|l| l.strip_prefix(&format!("{name}\t")).map(str::to_string))
            });
        let o = match &password {
            Some(p) => textract(&["--json", "--password", p, s(&doc)]),
            None => textract(&["--json", s(&doc)]),
        };
        let rec = &json_lines(&o)[0];
        // A layer's golden for a file it cannot read is its error message
        // (an HWP password document): the record is that kind of error.
        if golden.starts_with("encrypted") {
            assert_eq!(
                rec["error"]["kind"],
                "encrypted",
                "{}: {rec}",
                doc.display()
            );
            continue;
        }
        assert_eq!(rec["error"], Value::Null, "{}: {rec}", doc.display());
        assert_eq!(rec["text"].as_str().unwrap(), golden, "{}", doc.display());
        let enc = doc.with_file_name(format!(
            "{}.encoding.txt",
            doc.file_name().unwrap().to_string_lossy()
        ));
        if let Ok(enc) = std::fs::read_to_string(enc) {
            assert_eq!(
                rec["encoding"].as_str(),
                Some(enc.trim()),
                "{}",
                doc.display()
            );
        }
    }
}

#[test]
fn several_inputs_get_headers() {
    let a = basic("utf8.txt");
    let b = basic("windows-1251.txt");
    let o = textract(&[s(&a), s(&b)]);
    assert!(o.status.success());
    let out = stdout(&o);
    let ha = format!("==> {} <==\n", a.display());
    let hb = format!("==> {} <==\n", b.display());
    assert!(out.starts_with(&ha), "{out}");
    let ib = out.find(&hb).expect("second header");
    assert!(out[ha.len()..ib].contains("quick brown fox"));
    assert!(out[ib..].contains("Все счастливые семьи"));
}

#[test]
fn json_lines_carry_every_field_in_input_order() {
    let a = basic("shift_jis.txt");
    let b = basic("utf8-bom.txt");
    let o = textract(&["--json", s(&a), s(&b)]);
    assert!(o.status.success());
    let recs = json_lines(&o);
    assert_eq!(recs.len(), 2);
    for key in [
        "path", "format", "text", "metadata", "encoding", "warnings", "error",
    ] {
        assert!(recs[0].get(key).is_some(), "missing {key}");
    }
    assert_eq!(recs[0]["path"], s(&a));
    assert_eq!(recs[1]["path"], s(&b));
    assert_eq!(recs[0]["format"], "text");
    assert_eq!(recs[0]["encoding"], "Shift_JIS");
    assert_eq!(recs[1]["encoding"], "UTF-8");
    assert!(recs[0]["text"].as_str().unwrap().contains("吾輩は猫である"));
    assert!(recs[0]["metadata"].is_object());
    assert!(recs[0]["warnings"].is_array());
}

#[test]
fn recursive_walk_is_sorted_and_jobs_do_not_change_output() {
    let dir = fixtures().join("basic");
    let one = textract(&["--json", "-r", "-j", "1", s(&dir)]);
    let four = textract(&["--json", "-r", "-j", "4", s(&dir)]);
    assert_eq!(stdout(&one), stdout(&four));
    let paths: Vec<String> = json_lines(&one)
        .iter()
        .map(|r| r["path"].as_str().unwrap().to_string())
        .collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted);
    assert_eq!(paths.len(), std::fs::read_dir(&dir).unwrap().count());
}

#[test]
fn a_directory_needs_recursive() {
    let o = textract(&["--json", s(&fixtures().join("basic"))]);
    assert_eq!(o.status.code(), Some(1));
    let recs = json_lines(&o);
    assert_eq!(recs[0]["error"]["kind"], "io");
    assert!(recs[0]["error"]["message"].as_str().unwrap().contains("-r"));
}

#[test]
fn format_flag_skips_detection() {
    let o = textract(&["--json", "--format", "text", s(&basic("minimal.pdf"))]);
    assert!(o.status.success());
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["format"], "text");
    assert!(rec["text"].as_str().unwrap().starts_with("%PDF-1.4"));
}

#[test]
fn content_type_reaches_the_sniffer() {
    let f = basic("windows-1251.txt");
    let o = textract(&["--json", s(&f)]);
    assert_eq!(json_lines(&o)[0]["encoding"], "windows-1251");
    let o = textract(&[
        "--json",
        "--content-type",
        "text/plain; charset=KOI8-R",
        s(&f),
    ]);
    assert_eq!(json_lines(&o)[0]["encoding"], "KOI8-R");
}

#[test]
fn failures_exit_1_and_are_reported_per_input() {
    let missing = basic("no-such-file.doc");
    let good = basic("utf8.txt");
    let o = textract(&["--json", s(&missing), s(&good)]);
    assert_eq!(o.status.code(), Some(1));
    let recs = json_lines(&o);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["error"]["kind"], "io");
    assert_eq!(recs[0]["text"], Value::Null);
    assert_eq!(recs[1]["error"], Value::Null);

    // A format without a layer is reported, but fails the run only with --strict.
    let o = textract(&["--format", "xlsb", s(&good)]);
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unsupported: Excel 2007+ binary workbook"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
    let o = textract(&["--strict", "--format", "xlsb", s(&good)]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(textract(&[]).status.code(), Some(2));
    assert_eq!(textract(&["--no-such-flag", "x"]).status.code(), Some(2));
    let o = textract(&["--format", "exe", "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("known: pdf"));
}

#[test]
fn password_opens_encrypted_pdfs() {
    let f = fixtures().join("pdf").join("aes-128-r4-user.pdf");
    let o = textract(&["--json", s(&f)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json_lines(&o)[0]["error"]["kind"], "encrypted");
    let o = textract(&["--json", "--password", "userpw", s(&f)]);
    assert!(o.status.success(), "{o:?}");
    let rec = &json_lines(&o)[0];
    assert!(rec["text"].as_str().unwrap().contains("Page one"), "{rec}");
    assert_eq!(rec["metadata"]["page_count"], 3);
}

#[test]
fn keep_hyphens_prints_hyphenation_as_printed() {
    let f = fixtures().join("pdftext").join("hyphenated.pdf");
    let joined = stdout(&textract(&[s(&f)]));
    assert!(joined.starts_with("a word hyphenated at"), "{joined}");
    let kept = stdout(&textract(&["--keep-hyphens", s(&f)]));
    assert!(kept.starts_with("a word hyphen-\nated at"), "{kept}");
}

#[test]
fn layout_keeps_columns_side_by_side() {
    let f = fixtures().join("pdftext").join("two-columns.pdf");
    let reading = stdout(&textract(&[s(&f)]));
    let layout = stdout(&textract(&["--layout", s(&f)]));
    assert_ne!(reading, layout);
    // In layout mode a line holds text from both columns, separated by spaces.
    assert!(layout.lines().any(|l| l.contains("   ")), "{layout}");
}

#[test]
fn json_members_come_in_the_documented_order() {
    let o = textract(&["--json", s(&basic("minimal.pdf"))]);
    let line = stdout(&o);
    let order = [
        "\"path\"",
        "\"format\"",
        "\"mime_type\"",
        "\"size\"",
        "\"sha256\"",
        "\"modified\"",
        "\"text\"",
        "\"parts\"",
        "\"metadata\"",
        "\"encoding\"",
        "\"warnings\"",
        "\"embedded\"",
        "\"error\"",
    ];
    let positions: Vec<usize> = order.iter().map(|k| line.find(k).unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{line}");
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["metadata"]["title"], "Minimal fixture");
    assert_eq!(rec["text"], "Hello, textract!\nSecond line\n\u{c}");
}

/// Runs textract under a pseudo-terminal (util-linux `script`), stdout sent
/// to /dev/null, and returns what reached the terminal (stderr).
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let cmd = format!(
        "{} {} > /dev/null",
        env!("CARGO_BIN_EXE_textract"),
        args.join(" ")
    );
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn progress_bar_only_on_a_terminal_with_several_inputs() {
    let a = basic("utf8.txt");
    let b = basic("minimal.pdf");
    let Some(several) = testkit::corpus::require(
        on_a_terminal(&[s(&a), s(&b)]),
        "progress_bar_only_on_a_terminal_with_several_inputs",
        "`script` (util-linux)",
    ) else {
        return;
    };
    assert!(several.contains("/2 files"), "{several:?}");
    let one = on_a_terminal(&[s(&a)]).unwrap();
    assert!(!one.contains("files"), "{one:?}");
    // Not a terminal: only the summary line on stderr for a good batch.
    let o = textract(&[s(&a), s(&b)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("textract: 2 inputs: 2 extracted"), "{err}");
    // Stdout a terminal too: no bar drawn into the text.
    let cmd = format!("{} {} {}", env!("CARGO_BIN_EXE_textract"), s(&a), s(&b));
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&o.stdout).contains("/2 files"));
}

#[test]
fn headers_start_their_own_line_after_form_feeds() {
    let pdf = basic("minimal.pdf");
    let txt = basic("utf8.txt");
    let one = stdout(&textract(&[s(&pdf)]));
    assert!(one.ends_with("Second line\n\u{c}"), "{one:?}");
    let out = stdout(&textract(&[s(&pdf), s(&txt)]));
    let header = format!("\n==> {} <==\n", txt.display());
    assert!(out.contains(&format!("\u{c}{header}")), "{out:?}");
}

/// `--to markdown` of the OpenDocument structure fixtures through the
/// facade (detection, embedded objects, parts) is the layer's golden,
/// and a plain run gives the text `--json` does (ods sheets are written
/// without tables there).
#[test]
fn odf_structure_fixtures_render_their_goldens() {
    for name in [
        "report.odt",
        "merged.odt",
        "cjk.odt",
        "odflists.odt",
        "sheet.ods",
        "odfsheets.ods",
        "deck.odp",
        "odfdeck.odp",
    ] {
        let doc = fixtures().join("structure").join(name);
        let md = textract(&["--to", "markdown", s(&doc)]);
        assert!(md.status.success(), "{name}");
        let want =
            std::fs::read_to_string(fixtures().join(format!("structure/{name}.md"))).unwrap();
        assert_eq!(stdout(&md), want, "{name}");
        let plain = stdout(&textract(&[s(&doc)]));
        let j = json_lines(&textract(&["--json", s(&doc)]));
        assert_eq!(j[0]["text"].as_str(), Some(plain.as_str()), "{name}");
    }
}

#[test]
fn to_markdown_and_html_render_the_structure() {
    let report = fixtures().join("structure/report.html");
    let md = textract(&["--to", "markdown", s(&report)]);
    assert!(md.status.success());
    let want = std::fs::read_to_string(fixtures().join("structure/report.html.md")).unwrap();
    assert_eq!(stdout(&md), want);
    let html = textract(&["-t", "html", s(&report)]);
    let html = stdout(&html);
    assert!(html.starts_with("<h1>Quarterly report</h1>\n"), "{html}");
    assert!(html.contains("<ol>\n<li>Hire three engineers</li>\n<li>Open the Taipei office\n<ol>\n<li>Find a building</li>"), "{html}");
    // JSON: blocks in the record, and the rendering asked for.
    let j = json_lines(&textract(&["--json", "--to", "markdown", s(&report)]));
    assert_eq!(j[0]["blocks"][0]["type"], "heading");
    assert_eq!(j[0]["markdown"].as_str(), Some(want.as_str()));
    // Parts carry blocks too, stated or read from the lines.
    let j = json_lines(&textract(&["--json", s(&fixtures().join("rtf/info.rtf"))]));
    let part = &j[0]["parts"][0];
    assert!(
        part["blocks"].as_array().is_some_and(|b| !b.is_empty()),
        "{part}"
    );
    // An unknown output is a usage error.
    assert_eq!(
        textract(&["--to", "pdf", s(&report)]).status.code(),
        Some(2)
    );
}

#[test]
fn ppt_structure_through_the_facade() {
    // A LibreOffice-made .ppt: headings, lists and a table with spans in
    // the Markdown; the plain text keeps the table's cells one per line.
    let deck = fixtures().join("structure/slides.ppt");
    let md = textract(&["--to", "markdown", s(&deck)]);
    assert!(md.status.success());
    let want = std::fs::read_to_string(fixtures().join("structure/slides.ppt.md")).unwrap();
    assert_eq!(stdout(&md), want);
    let j = json_lines(&textract(&["--json", s(&deck)]));
    let text = j[0]["text"].as_str().unwrap();
    assert!(
        text.contains("Budget\nRegion\nQ1\nQ2\nNorth\n10\n12\nSouth"),
        "{text}"
    );
    assert_eq!(j[0]["parts"][0]["blocks"][0]["type"], "heading");
}

#[test]
fn batch_mode_names_files_by_the_output() {
    let dir = std::env::temp_dir().join(format!("textract-to-md-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let report = fixtures().join("structure/report.html");
    let o = textract(&["-q", "--to", "markdown", "-o", s(&dir), s(&report)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md = std::fs::read_to_string(dir.join("report.html.md")).unwrap();
    assert!(md.starts_with("# Quarterly report"));
    std::fs::remove_dir_all(&dir).unwrap();
}
