//! The structure rtf-text reads, rendered as Markdown the way
//! `textract --to markdown` renders it: every RTF of `fixtures/structure`
//! (LibreOffice-made from HTML) and `fixtures/structure/rtf` (hand-written
//! Word-style RTF and LibreOffice-made corner cases) equal to its committed
//! `NAME.rtf.md` golden, and scored by `../shared/tools/structure.py`
//! against its truth (structure and text token F1).
//!
//! `TEXTRACT_BLESS=1 cargo test -p rtf-text --test structure` rewrites the
//! goldens (review the diff).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use doc_render::Target;

/// The RTF fixtures with structure truth: (file, truth folder).
fn fixtures() -> Vec<(PathBuf, PathBuf)> {
    let root = testkit::fixture("structure");
    let mut out = Vec::new();
    for dir in [root.clone(), root.join("rtf")] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rtf"))
            .collect();
        files.sort();
        out.extend(files.into_iter().map(|f| (f, dir.join("truth"))));
    }
    out
}

fn markdown(path: &Path) -> String {
    let data = std::fs::read(path).unwrap();
    let doc = rtf_text::parse(&data).unwrap();
    assert!(
        doc.warnings.is_empty(),
        "{}: {:?}",
        path.display(),
        doc.warnings
    );
    // Blocks and plain text agree: the text is the blocks' plain rendering.
    for p in &doc.parts {
        assert_eq!(doc_model::plain_text(&p.blocks), p.text);
    }
    doc_render::render(&[], &doc.parts, Target::Markdown)
}

#[test]
fn markdown_equals_the_golden() {
    let bless = std::env::var_os("TEXTRACT_BLESS").is_some();
    let all = fixtures();
    assert!(all.len() >= 7, "{all:?}");
    for (file, _) in all {
        let md = markdown(&file);
        let golden = file.with_extension("rtf.md");
        if bless {
            std::fs::write(&golden, &md).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
        assert_eq!(md, want, "{}", file.display());
    }
}

/// `structure.py score` of the fixtures' Markdown: every file at least
/// 0.97 structure and 0.98 text token F1.
#[test]
fn structure_scores_hold() {
    let Some(corpus) = testkit::corpus::require(
        testkit::corpus::dir(),
        "rtf-text structure",
        "the corpus (../shared/corpus, beside ../shared/tools/structure.py)",
    ) else {
        return;
    };
    let scorer = corpus.join("../tools/structure.py");
    let Some(scorer) = testkit::corpus::require(
        (scorer.is_file() && testkit::python_with(&["json"])).then_some(scorer),
        "rtf-text structure",
        "python3 and ../shared/tools/structure.py",
    ) else {
        return;
    };
    let work = testkit::scratch_dir("rtf-structure");
    let _ = std::fs::remove_dir_all(&work);
    let (out, truth, docs) = (work.join("out"), work.join("truth"), work.join("docs"));
    for d in [&out, &truth, &docs] {
        std::fs::create_dir_all(d).unwrap();
    }
    for (file, truths) in fixtures() {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let stem = name.split('.').next().unwrap();
        std::fs::write(out.join(format!("{name}.md")), markdown(&file)).unwrap();
        std::fs::copy(&file, docs.join(&name)).unwrap();
        let t = format!("{stem}.truth.json");
        std::fs::copy(truths.join(&t), truth.join(&t)).unwrap();
    }
    let tsv = work.join("scores.tsv");
    let report = testkit::run_ok(
        std::process::Command::new("python3")
            .arg(&scorer)
            .arg("score")
            .arg(&out)
            .arg(&truth)
            .arg("--docs")
            .arg(&docs)
            .arg("--tsv")
            .arg(&tsv),
    );
    let report = String::from_utf8_lossy(&report).into_owned();
    let rows = std::fs::read_to_string(&tsv).unwrap();
    let mut lines = rows.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (doc_col, structure, text) = (col("doc"), col("structure"), col("text"));
    let mut checked = 0;
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let score = |i: usize| cells.get(i).and_then(|v| v.parse::<f64>().ok());
        let doc = cells.get(doc_col).copied().unwrap_or("?");
        if let Some(s) = score(structure) {
            assert!(s >= 0.97, "{doc}: structure {s}\n{report}");
        }
        let t = score(text).unwrap_or(0.0);
        assert!(t >= 0.98, "{doc}: text {t}\n{report}");
        checked += 1;
    }
    assert!(checked >= 7, "{report}\n{rows}");
}

/// The corpus truth of pandoc's RTF tests (`../shared/corpus/structure/rtf`,
/// its documents named in `sources.tsv`): `structure.py` scores the
/// Markdown at least 0.97 structure and 0.98 text token F1 over the set.
#[test]
fn corpus_structure_scores_hold() {
    let Some(corpus) = testkit::corpus::require_dir("rtf-text corpus structure") else {
        return;
    };
    let sources = std::fs::read_to_string(corpus.join("structure/sources.tsv")).unwrap();
    let mut docs = Vec::new();
    for line in sources.lines().skip(1) {
        let mut cells = line.split('\t');
        let (Some(truth), Some(doc)) = (cells.next(), cells.next()) else {
            continue;
        };
        if !truth.starts_with("rtf/") {
            continue;
        }
        let path = corpus.join(doc);
        let parsed = rtf_text::parse(&std::fs::read(&path).unwrap()).unwrap();
        for p in &parsed.parts {
            assert_eq!(doc_model::plain_text(&p.blocks), p.text, "{doc}");
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        docs.push((
            name,
            doc_render::render(&[], &parsed.parts, Target::Markdown),
        ));
    }
    assert!(docs.len() >= 9, "{docs:?}");
    let Some(scores) = testkit::structure::score(
        "rtf-text corpus structure",
        &docs,
        &corpus.join("structure/rtf"),
    ) else {
        return;
    };
    let all = &scores["all"];
    assert!(all["structure"] >= 0.97, "{scores:?}");
    assert!(all["text"] >= 0.98, "{scores:?}");
}
