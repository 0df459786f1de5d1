//! Structure scores of Markdown renderings, by the scorer beside the
//! corpus (`../shared/tools/structure.py`): heading, list and table F1 and
//! text token F1 against truth JSON files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One summary line of the scorer: `structure`, `heading`, `list`,
/// `table`, `text`, … (a metric that does not apply is left out).
pub type Scores = HashMap<String, f64>;

/// The scorer (`tools/structure.py` beside the corpus, or
/// `<workspace>/../shared/tools`), or a skip (a failure under CI) when it
/// or `python3` is missing.
pub fn scorer(test: &str) -> Option<PathBuf> {
    let script = crate::corpus::dir()
        .map(|c| c.join("../tools/structure.py"))
        .filter(|s| s.is_file())
        .unwrap_or_else(|| crate::workspace_root().join("../shared/tools/structure.py"));
    let found = (script.is_file() && crate::python_with(&["json"])).then_some(script);
    crate::corpus::require(found, test, "python3 and ../shared/tools/structure.py")
}

/// Scores `docs` — each a document's file name (`deck.pptx`) and its
/// Markdown — against the truth files `truth/<stem>.truth.json`: the
/// scores per format (`pptx`) and for `all`. `None` (a skip) without the
/// scorer.
pub fn score(
    test: &str,
    docs: &[(String, String)],
    truth: &Path,
) -> Option<HashMap<String, Scores>> {
    let script = scorer(test)?;
    let dir = crate::scratch_dir(test);
    let (out, names) = (dir.join("out"), dir.join("docs"));
    for d in [&out, &names] {
        std::fs::create_dir_all(d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    }
    for (name, md) in docs {
        std::fs::write(out.join(format!("{name}.md")), md).expect("write a rendering");
        // The scorer reads the documents' names only.
        std::fs::write(names.join(name), b"").expect("write a name");
    }
    let stdout = crate::run_ok(
        std::process::Command::new("python3")
            .arg(&script)
            .arg("score")
            .arg(&out)
            .arg(truth)
            .arg("--docs")
            .arg(&names)
            .arg("--tsv")
            .arg(dir.join("scores.tsv")),
    );
    let _ = std::fs::remove_dir_all(&dir);
    let mut all = HashMap::new();
    for line in String::from_utf8_lossy(&stdout).lines() {
        let mut words = line.split_whitespace();
        let Some(format) = words.next() else { continue };
        let words: Vec<&str> = words.collect();
        let mut scores = Scores::new();
        for pair in words.windows(2) {
            if let (name, Ok(v)) = (pair[0], pair[1].parse::<f64>()) {
                scores.insert(name.to_string(), v);
            }
        }
        all.insert(format.to_string(), scores);
    }
    Some(all)
}
