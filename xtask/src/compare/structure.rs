//! `cargo xtask compare --structure`: textract's `--to markdown` and the
//! peers' Markdown (pandoc, MarkItDown, kreuzberg; LibreOffice's pptx of a
//! .ppt read by textract, and for `.doc` LibreOffice's docx read by pandoc,
//! as the converting baselines) over documents whose
//! structure is known, scored by `../shared/tools/structure.py` (heading F1
//! with levels, list-item F1, table cells with spans, text token F1), with
//! each tool's time.
//!
//! Documents: the pandoc test files of the corpus with their truth
//! (`../shared/corpus/structure/sources.tsv`) and `fixtures/structure/`
//! (LibreOffice-made from HTML, truth in `fixtures/structure/truth/`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::options::Options;

/// A document and the folder of its truth.
struct Doc {
    path: PathBuf,
    /// The file name textract's output is saved under (`<name>.md`).
    name: String,
    /// The format's name: the extension, `tagged.pdf` for a tagged PDF.
    format: String,
    /// The set the document belongs to (`corpus` or `fixtures`).
    set: &'static str,
}

/// A peer: how to make Markdown of a file, or `None` when it is not installed.
struct Tool {
    name: &'static str,
    /// The command line for one file (the file is the last argument); the
    /// Markdown is what it prints.
    argv: Vec<String>,
    /// Formats it reads (`None`: try all).
    reads: Option<&'static [&'static str]>,
}

fn which(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd} >/dev/null 2>&1")])
        .status()
        .is_ok_and(|s| s.success())
}

fn tools(textract: &Path, opts: &Options) -> Vec<Tool> {
    let mut out = vec![Tool {
        name: "textract",
        argv: vec![
            textract.display().to_string(),
            "-q".into(),
            "--to".into(),
            "markdown".into(),
        ],
        reads: None,
    }];
    if which("pandoc") {
        out.push(Tool {
            name: "pandoc",
            argv: vec![
                "pandoc".into(),
                "-t".into(),
                "gfm".into(),
                "--wrap=none".into(),
            ],
            // pandoc reads by extension; 2.x has no RTF or pptx reader.
            reads: Some(&["docx", "odt", "rtf", "pptx", "html", "xlsx"]),
        });
    }
    if which("pandoc") && which("soffice") {
        // The converting baseline for the binary formats pandoc does not
        // read: LibreOffice makes a .docx, pandoc reads that (what users
        // do today to get a .doc's structure).
        out.push(Tool {
            name: "libreoffice+pandoc",
            argv: vec![
                "sh".into(),
                "-c".into(),
                "d=$(mktemp -d) && soffice --headless --norestore \
                 -env:UserInstallation=file://$d/profile --convert-to docx \
                 --outdir \"$d\" \"$1\" >/dev/null 2>&1 && \
                 pandoc -t gfm --wrap=none \"$d\"/*.docx; r=$?; rm -rf \"$d\"; exit $r"
                    .into(),
                "sh".into(),
            ],
            reads: Some(&["doc"]),
        });
    }
    if which("markitdown") {
        out.push(Tool {
            name: "markitdown",
            argv: vec!["markitdown".into()],
            reads: None,
        });
    }
    if which("soffice") {
        // The converting baseline for the binary formats users convert
        // first: LibreOffice writes the OOXML file, textract reads that
        // (pandoc 2.x has no pptx reader).
        let script = "d=$(mktemp -d) && soffice --headless --norestore \
             -env:UserInstallation=file://$d/profile --convert-to \"$2\" --outdir \"$d\" \"$3\" \
             >/dev/null 2>&1 && \"$1\" -q --to markdown \"$d\"/*.\"$2\"; r=$?; rm -rf \"$d\"; exit $r";
        out.push(Tool {
            name: "soffice+textract",
            argv: vec![
                "sh".into(),
                "-c".into(),
                script.into(),
                "sh".into(),
                textract.display().to_string(),
                "pptx".into(),
            ],
            reads: Some(&["ppt"]),
        });
    }
    if which("kreuzberg") {
        out.push(Tool {
            name: "kreuzberg",
            argv: vec![
                "kreuzberg".into(),
                "extract".into(),
                "--output-format".into(),
                "markdown".into(),
            ],
            reads: None,
        });
    }
    out.retain(|t| {
        t.name == "textract"
            || opts
                .peers
                .as_ref()
                .is_none_or(|only| only.iter().any(|p| p.eq_ignore_ascii_case(t.name)))
    });
    out
}

fn format_of(name: &str) -> String {
    if name.ends_with(".tagged.pdf") {
        return "tagged.pdf".into();
    }
    name.rsplit('.').next().unwrap_or("").to_ascii_lowercase()
}

/// The documents with truth: the corpus's pandoc files and the fixtures.
fn documents(corpus: &Path, root: &Path) -> Result<Vec<(Doc, PathBuf)>, String> {
    let mut out = Vec::new();
    let sources = corpus.join("structure").join("sources.tsv");
    if let Ok(tsv) = std::fs::read_to_string(&sources) {
        for line in tsv.lines().skip(1) {
            let mut cols = line.split('\t');
            let (Some(truth), Some(doc)) = (cols.next(), cols.next()) else {
                continue;
            };
            let path = corpus.join(doc);
            let truth_dir = corpus
                .join("structure")
                .join(Path::new(truth).parent().unwrap_or(Path::new("")));
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push((
                Doc {
                    format: format_of(&name),
                    name,
                    path,
                    set: "corpus",
                },
                truth_dir,
            ));
        }
    }
    let fixtures = root.join("fixtures").join("structure");
    let entries =
        std::fs::read_dir(&fixtures).map_err(|e| format!("{}: {e}", fixtures.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".md") && !n.ends_with(".json"))
        .collect();
    names.sort();
    for name in names {
        let stem = name.split('.').next().unwrap_or("");
        if !fixtures
            .join("truth")
            .join(format!("{stem}.truth.json"))
            .is_file()
        {
            continue;
        }
        out.push((
            Doc {
                path: fixtures.join(&name),
                format: format_of(&name),
                name,
                set: "fixtures",
            },
            fixtures.join("truth"),
        ));
    }
    Ok(out)
}

/// One summary line of structure.py: `docx n=20 structure 0.912 heading …`.
fn parse_summary(line: &str) -> Option<(String, BTreeMap<String, String>)> {
    let mut words = line.split_whitespace();
    let format = words.next()?.to_string();
    let mut fields = BTreeMap::new();
    let rest: Vec<&str> = words.collect();
    let mut i = 0;
    while i < rest.len() {
        if let Some((k, v)) = rest[i].split_once('=') {
            fields.insert(k.to_string(), v.to_string());
            i += 1;
        } else if i + 1 < rest.len() {
            fields.insert(rest[i].to_string(), rest[i + 1].to_string());
            i += 2;
        } else {
            i += 1;
        }
    }
    Some((format, fields))
}

/// Entry point of `cargo xtask compare --structure`.
pub fn run(
    opts: &Options,
    corpus: &Path,
    root: &Path,
    textract: &Path,
    scratch: &Path,
) -> Result<(), String> {
    // Beside the corpus (`--corpus`), else `<workspace>/../shared/tools`.
    let scorer = Some(corpus.join("..").join("tools").join("structure.py"))
        .filter(|s| s.is_file())
        .unwrap_or_else(|| {
            root.join("..")
                .join("shared")
                .join("tools")
                .join("structure.py")
        });
    if !scorer.is_file() {
        return Err(format!("the scorer is missing: {}", scorer.display()));
    }
    let mut docs = documents(corpus, root)?;
    let all = opts.formats.iter().any(|f| f == "all") || opts.formats == ["pdf", "doc", "html"];
    if !all {
        docs.retain(|(d, _)| {
            opts.formats
                .iter()
                .any(|f| *f == d.format || (f == "pdf" && d.format == "tagged.pdf"))
        });
    }
    let tools = tools(textract, opts);
    let base = scratch.join("structure");
    let _ = std::fs::remove_dir_all(&base);
    let mut rows: Vec<String> = Vec::new();
    for tool in &tools {
        let mut seconds: BTreeMap<String, Duration> = BTreeMap::new();
        // One folder of Markdown and one of document links per set and
        // truth folder, so that structure.py finds each truth.
        let mut groups: BTreeMap<(PathBuf, &'static str), Vec<&Doc>> = BTreeMap::new();
        for (doc, truth) in &docs {
            groups
                .entry((truth.clone(), doc.set))
                .or_default()
                .push(doc);
        }
        for (gi, ((truth, set), group)) in groups.iter().enumerate() {
            let out_dir = base.join(tool.name).join(format!("{set}-{gi}"));
            let docs_dir = base.join("docs").join(format!("{set}-{gi}"));
            std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
            std::fs::create_dir_all(&docs_dir).map_err(|e| e.to_string())?;
            for doc in group {
                let link = docs_dir.join(&doc.name);
                if !link.exists() {
                    std::os::unix::fs::symlink(&doc.path, &link).map_err(|e| e.to_string())?;
                }
                if tool
                    .reads
                    .is_some_and(|r| !r.contains(&doc.format.as_str()))
                {
                    continue;
                }
                let started = Instant::now();
                let output = Command::new(&tool.argv[0])
                    .args(&tool.argv[1..])
                    .arg(&doc.path)
                    .output();
                *seconds.entry(doc.format.clone()).or_default() += started.elapsed();
                if let Ok(o) = output
                    && o.status.success()
                {
                    crate::util::write(&out_dir.join(format!("{}.md", doc.name)), &o.stdout)?;
                }
            }
            let tsv = out_dir.join("scores.tsv");
            let scored = Command::new("python3")
                .arg(&scorer)
                .args(["score"])
                .arg(&out_dir)
                .arg(truth)
                .arg("--docs")
                .arg(&docs_dir)
                .arg("--tsv")
                .arg(&tsv)
                .output()
                .map_err(|e| format!("python3: {e}"))?;
            for line in String::from_utf8_lossy(&scored.stdout).lines() {
                let Some((format, f)) = parse_summary(line) else {
                    continue;
                };
                if format == "all" {
                    continue;
                }
                let secs = seconds.get(&format).map_or(0.0, Duration::as_secs_f64);
                let g = |k: &str| f.get(k).cloned().unwrap_or_else(|| "-".into());
                rows.push(format!(
                    "| {set} | {format} | {} | {} | {} | {} | {} | {} | {} | {secs:.2} |",
                    tool.name,
                    g("n"),
                    g("structure"),
                    g("heading"),
                    g("list"),
                    g("table"),
                    g("text"),
                ));
            }
        }
    }
    rows.sort();
    println!(
        "| set | format | tool | files | structure | heading | list | table | text | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for r in &rows {
        println!("{r}");
    }
    println!("\nMarkdown and per-file scores under {}", base.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lines_parse() {
        let (f, m) = parse_summary(
            "docx n=20 structure 0.912 heading 0.950 list 0.900 table 0.880 text 0.990",
        )
        .unwrap();
        assert_eq!(f, "docx");
        assert_eq!(m["n"], "20");
        assert_eq!(m["structure"], "0.912");
        assert_eq!(m["text"], "0.990");
        assert_eq!(format_of("report.tagged.pdf"), "tagged.pdf");
        assert_eq!(format_of("a.DOCX"), "docx");
    }
}
