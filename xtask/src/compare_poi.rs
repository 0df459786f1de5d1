//! `cargo xtask compare-poi`: msdoc-text against Apache POI's
//! `WordExtractor` (Word6Extractor for Word 6/95) on every corpus `.doc`.
//!
//! Runs where `java`, `javac` and Debian's `libapache-poi-java` jars
//! (`/usr/share/java/poi.jar`, `poi-scratchpad.jar`) are present; prints a
//! note and succeeds otherwise. A tiny Java extractor is compiled into a
//! temporary folder at run time. POI orders stories differently (headers
//! first), so the score is the F1 of the two texts' character multisets,
//! whitespace left out. Both sides include embedded Word documents
//! (POI's WordToTextConverter inlines `ObjectPool` Word objects).

#[path = "../../crates/msdoc-text/tests/common/mod.rs"]
#[allow(dead_code, clippy::all)]
mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::util::workspace_root;

const JAVA: &str = r#"import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import org.apache.poi.hwpf.extractor.WordExtractor;
import org.apache.poi.hwpf.extractor.Word6Extractor;
import org.apache.poi.hwpf.OldWordFileFormatException;

public class PoiText {
    public static void main(String[] args) throws Exception {
        Path outDir = Paths.get(args[0]);
        for (int i = 1; i < args.length; i++) {
            String f = args[i];
            String name = Paths.get(f).getFileName().toString();
            try {
                String text;
                try (InputStream in = new FileInputStream(f)) {
                    text = new WordExtractor(in).getText();
                } catch (OldWordFileFormatException e) {
                    try (InputStream in = new FileInputStream(f)) {
                        text = new Word6Extractor(in).getText();
                    }
                }
                Files.write(outDir.resolve(name + ".txt"), text.getBytes(StandardCharsets.UTF_8));
            } catch (Throwable t) {
                System.err.println(name + "\tPOI ERROR\t" + t.getClass().getSimpleName() + ": " + t.getMessage());
            }
        }
    }
}
"#;

/// Runs the comparison; `--threshold X` changes the F1 bar (default 0.99),
/// `--keep` keeps POI's texts and prints where.
pub fn run(args: &[String]) -> Result<(), String> {
    let threshold: f64 = match args.iter().position(|a| a == "--threshold") {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or("--threshold needs a number")?,
        None => 0.99,
    };
    if let Err(missing) = testkit::poi::classpath() {
        println!("compare-poi skipped: needs {missing}");
        return Ok(());
    }
    let corpus = workspace_root().join("../shared/corpus/doc");
    let mut files = Vec::new();
    collect_docs(&corpus, &mut files);
    files.sort();
    if files.is_empty() {
        println!(
            "compare-poi skipped: no .doc files under {}",
            corpus.display()
        );
        return Ok(());
    }
    let tmp = std::env::temp_dir().join(format!("xtask-compare-poi-{}", std::process::id()));
    let out = tmp.join("out");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let program = testkit::poi::Program::compile("PoiText", JAVA)?;
    let output =
        program.run(std::iter::once(out.as_os_str()).chain(files.iter().map(|f| f.as_os_str())))?;
    let poi_errors: HashMap<String, String> = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter_map(|l| {
            let mut it = l.splitn(3, '\t');
            let name = it.next()?.to_string();
            it.next()?;
            Some((name, it.next()?.to_string()))
        })
        .collect();
    let mut rows = Vec::new();
    let mut raw_scores = Vec::new();
    for f in &files {
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let rel = f.strip_prefix(&corpus).unwrap_or(f).display().to_string();
        let bytes = std::fs::read(f).map_err(|e| e.to_string())?;
        let ours = match common::text_with_embedded(&bytes) {
            Ok(Ok(t)) => Ok(t),
            Ok(Err(e)) => Err(format!("msdoc-text: {e}")),
            Err(e) => Err(format!("container: {e}")),
        };
        let poi = std::fs::read_to_string(out.join(format!("{name}.txt")));
        // The stories POI's `getText` never prints (checked on the corpus:
        // no comment, and neither header text box of test-fields.doc and
        // 64132.doc): left out of our side.
        let comments = common::load_streams_any(&bytes)
            .ok()
            .and_then(|s| msdoc_text::WordDocument::parse(&s.borrow()).ok())
            .map(|d| {
                let mut t = d.story(msdoc_text::Story::Annotation).to_string();
                t.push_str(d.story(msdoc_text::Story::HeaderTextbox));
                t
            })
            .unwrap_or_default();
        match (poi, ours) {
            (Ok(p), Ok(o)) => {
                let (raw, _, _) = f1(&o, &p, "", false);
                let (f1, only_ours, only_poi) = f1(
                    &strip_field_codes(&o),
                    &strip_field_codes(&strip_poi_decorations(&p)),
                    &comments,
                    true,
                );
                rows.push((
                    rel,
                    Some(f1),
                    format!("raw {raw:.4}; ours-only {only_ours:?} poi-only {only_poi:?}"),
                ));
                raw_scores.push(raw);
            }
            (Ok(_), Err(e)) => rows.push((rel, Some(0.0), e)),
            (Err(_), ours) => {
                let why = poi_errors
                    .get(&name)
                    .cloned()
                    .unwrap_or_else(|| "no output".into());
                let ours = match ours {
                    Ok(t) => format!("ours: {} chars", t.chars().count()),
                    Err(e) => e,
                };
                rows.push((rel, None, format!("POI could not read it ({why}); {ours}")));
            }
        }
    }
    if args.iter().any(|a| a == "--keep") {
        println!("POI's texts kept in {}", out.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    rows.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
    let read: Vec<&(String, Option<f64>, String)> = rows.iter().filter(|r| r.1.is_some()).collect();
    let good = read
        .iter()
        .filter(|r| r.1.is_some_and(|f| f >= threshold))
        .count();
    for (rel, f1, note) in &rows {
        match f1 {
            Some(f) if *f >= threshold => println!("{f:.4}  {rel}"),
            Some(f) => println!("{f:.4}  {rel}  BELOW  {note}"),
            None => println!("  --    {rel}  {note}"),
        }
    }
    for (rel, f1, note) in &rows {
        if let (Some(f), Some(raw)) = (f1, note.strip_prefix("raw "))
            && *f >= threshold
            && !raw.starts_with("1.0000")
        {
            println!(
                "        {rel}: normalized {f:.4}, {}",
                raw.split(';').next().unwrap_or("")
            );
        }
    }
    let raw_good = raw_scores.iter().filter(|f| **f >= threshold).count();
    println!(
        "\nraw (no normalization): F1 >= {threshold} on {raw_good} of {} POI-read files",
        raw_scores.len()
    );
    let pct = if read.is_empty() {
        0.0
    } else {
        100.0 * good as f64 / read.len() as f64
    };
    println!(
        "normalized: POI read {} of {} .doc files; F1 >= {threshold} on {good} of them ({pct:.1}%)",
        read.len(),
        files.len()
    );
    Ok(())
}

fn collect_docs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_docs(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("doc")) {
            out.push(p);
        }
    }
}

/// The most frequent characters one side has more of, with the surplus.
type CharCounts = Vec<(char, i64)>;

/// Removes what POI's WordToTextConverter adds that is not document text:
/// ` (\u{200B}URL\u{200B})` after hyperlinks, `\u{200B}[N]\u{200B}` note
/// references and the `^N` in front of each note.
fn strip_poi_decorations(poi: &str) -> String {
    let mut s = poi.to_string();
    // Hyperlinks: " (\u{200B}" URL (its slashes wrapped in U+200B) "\u{200B})".
    while let Some(a) = s.find(" (\u{200B}") {
        let Some(len) = s[a..].find("\u{200B})") else {
            break;
        };
        s.replace_range(a..a + len + "\u{200B})".len(), "");
    }
    // Note references: "\u{200B}[N]\u{200B}".
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(a) = rest.find("\u{200B}[") {
        out.push_str(&rest[..a]);
        let after = &rest[a + "\u{200B}[".len()..];
        match after.find("]\u{200B}") {
            Some(b) if after[..b].chars().all(|c| c.is_ascii_digit()) => {
                rest = &after[b + "]\u{200B}".len()..];
            }
            _ => {
                out.push_str("\u{200B}[");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.lines()
        .map(|l| {
            let t = l
                .strip_prefix('^')
                .map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit()));
            t.unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Field instructions (`HYPERLINK "url"`, `PAGE`, `TOC \o "1-1"`, `XE "…"`)
/// with their switches and quoted arguments. POI 4.0.1 prints the code of
/// some fields (those without a result, and some with one); we print only
/// results. Applied to both sides, so an upper-case keyword that is really
/// text counts the same on each.
fn strip_field_codes(text: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "HYPERLINK",
        "PAGE",
        "NUMPAGES",
        "SECTIONPAGES",
        "TOC",
        "XE",
        "TC",
        "INDEX",
        "PAGEREF",
        "REF",
        "NOTEREF",
        "SEQ",
        "INCLUDEPICTURE",
        "EMBED",
        "SHAPE",
        "MERGEFIELD",
        "FORMTEXT",
        "FORMCHECKBOX",
        "FORMDROPDOWN",
        "SYMBOL",
        "EQ",
    ];
    let mut out = String::with_capacity(text.len());
    let mut words = text.split_inclusive(char::is_whitespace).peekable();
    while let Some(w) = words.next() {
        if !KEYWORDS.contains(&w.trim_end()) {
            out.push_str(w);
            continue;
        }
        // Drop the keyword, then its arguments: switches (`\o`), quoted
        // strings (which may contain spaces) and, for a link, its target.
        let mut bare_left = usize::from(matches!(w.trim_end(), "HYPERLINK" | "INCLUDEPICTURE"));
        while let Some(next) = words.peek() {
            let t = next.trim_end();
            if t.is_empty() || (t.starts_with('\\') && t.chars().count() <= 2) {
                words.next();
            } else if t.starts_with('"') {
                let mut quoted = t.len() > 1 && t.ends_with('"');
                bare_left = 0;
                words.next();
                while !quoted {
                    match words.next() {
                        Some(more) => quoted = more.trim_end().ends_with('"'),
                        None => break,
                    }
                }
            } else if bare_left > 0 {
                bare_left -= 1;
                words.next();
            } else {
                break;
            }
        }
    }
    out
}

/// F1 of the non-whitespace character multisets (ours minus `ours_exclude`,
/// the comments POI's `getText` leaves out), case folded when `fold_case`,
/// and the most frequent characters only one side has (for the report).
fn f1(ours: &str, poi: &str, ours_exclude: &str, fold_case: bool) -> (f64, CharCounts, CharCounts) {
    let count = |s: &str| {
        let mut m: HashMap<char, i64> = HashMap::new();
        // POI marks inlined objects with U+200B; neither side's content.
        // Case is folded on both sides when asked: POI 4.0.1 ignores the
        // `fCaps` character property (all capitals as displayed) that we apply.
        for c in s.chars().filter(|c| !c.is_whitespace() && *c != '\u{200B}') {
            if fold_case {
                for l in c.to_lowercase() {
                    *m.entry(l).or_default() += 1;
                }
            } else {
                *m.entry(c).or_default() += 1;
            }
        }
        m
    };
    let (mut a, b) = (count(ours), count(poi));
    for (c, n) in count(ours_exclude) {
        if let Some(v) = a.get_mut(&c) {
            *v = (*v - n).max(0);
        }
    }
    let total_a: i64 = a.values().sum();
    let total_b: i64 = b.values().sum();
    let common: i64 = a
        .iter()
        .map(|(c, n)| (*n).min(*b.get(c).unwrap_or(&0)))
        .sum();
    let f1 = if total_a + total_b == 0 {
        1.0
    } else {
        2.0 * common as f64 / (total_a + total_b) as f64
    };
    let diff = |x: &HashMap<char, i64>, y: &HashMap<char, i64>| {
        let mut d: Vec<(char, i64)> = x
            .iter()
            .map(|(c, n)| (*c, n - y.get(c).unwrap_or(&0)))
            .filter(|(_, n)| *n > 0)
            .collect();
        d.sort_by_key(|p| std::cmp::Reverse(p.1));
        d.truncate(6);
        d
    };
    (f1, diff(&a, &b), diff(&b, &a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_codes_are_stripped_with_their_arguments() {
        assert_eq!(
            strip_field_codes("a HYPERLINK \"http://x y/\" b PAGE 2 TOC \\o \"1-1\" c"),
            "a b 2 c"
        );
        assert_eq!(strip_field_codes("XE \"Index entry\" done"), "done");
        assert_eq!(strip_field_codes("page PAGEANT"), "page PAGEANT");
    }

    #[test]
    fn f1_folds_case_only_when_asked() {
        assert_eq!(f1("ABC", "abc", "", false).0, 0.0);
        assert_eq!(f1("ABC", "abc", "", true).0, 1.0);
        // Comments are taken out of our side before counting.
        assert_eq!(f1("ab note", "ab", "note", false).0, 1.0);
    }
}
