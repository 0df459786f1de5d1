//! `cargo xtask fuzz-seeds`: seed corpora for the fuzz targets from
//! `fixtures/` (never from `../shared/corpus`), one folder per target under
//! `fuzz/corpus/` (ignored by git; libFuzzer adds what it finds there).

use std::path::{Path, PathBuf};

use crate::util::{workspace_root, write};

/// Which fixtures seed which target, by extension (`*` takes every input).
const TARGETS: &[(&str, &[&str])] = &[
    ("ole_cfb_read_open", &["cfb", "doc"]),
    ("ole_cfb_read_embedding", &["cfb", "doc", "objdata"]),
    ("office_art_parse", &["bin"]),
    ("msdoc_text_parse", &["doc", "cfb"]),
    ("xls_text_parse", &["xls"]),
    ("rtf_text_parse", &["rtf"]),
    ("mail_text_msg", &["msg"]),
    ("mail_text_eml", &["eml", "mbox"]),
    ("mail_text_tnef", &["tnef", "dat"]),
    ("ppt_text_parse", &["ppt"]),
    ("office_crypto_decrypt", &["xls", "doc", "docx", "xlsx"]),
    ("pdf_lex_document", &["pdf"]),
    ("pdf_lex_embedded", &["pdf"]),
    ("pdf_lex_content", &["pdf"]),
    ("pdf_lex_filters", &["pdf"]),
    ("pdf_text_extract", &["pdf"]),
    ("pdf_cmap_parse", &["cmap"]),
    ("html_charset_sniff", &["txt", "html", "htm"]),
    ("html_text_extract", &["txt", "html", "htm"]),
    ("hwp_text_records", &["hwp"]),
    ("hwp_text_hwpx", &["hwpx", "hml"]),
    (
        "ooxml_text_package",
        &[
            "docx", "xlsx", "pptx", "odt", "ods", "odp", "fodt", "fods", "fodp",
        ],
    ),
    ("ooxml_text_parts", &[]),
    ("xml_tree_parse", &["hml", "fodt", "fods", "fodp"]),
    ("textract_extract", &["*"]),
    ("doc_model_values", &[]),
];

/// A fixture's metadata rather than an input: goldens, expected strings, tables.
fn is_metadata(name: &str) -> bool {
    [
        ".golden.",
        ".expected.",
        ".encoding.",
        ".error.",
        ".streams.",
        ".objects.",
        ".ole1.",
        ".blips.",
        ".shapes.",
    ]
    .iter()
    .any(|m| name.contains(m))
        || name.ends_with(".tsv")
        || name.ends_with(".json")
}

fn inputs() -> Result<Vec<PathBuf>, String> {
    let root = workspace_root().join("fixtures");
    let mut out = Vec::new();
    let groups = std::fs::read_dir(&root).map_err(|e| format!("{}: {e}", root.display()))?;
    for group in groups.flatten() {
        let Ok(files) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for f in files.flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            if f.path().is_file() && !is_metadata(&name) {
                out.push(f.path());
            }
        }
    }
    out.sort();
    Ok(out)
}

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

/// Copies the fixtures into `fuzz/corpus/<target>/`, named `<group>-<file>`.
pub fn run(_args: &[String]) -> Result<(), String> {
    let files = inputs()?;
    let corpus = workspace_root().join("fuzz/corpus");
    for (target, exts) in TARGETS {
        let mut n = 0;
        for f in &files {
            let ext = extension(f);
            if !exts.contains(&"*") && !exts.contains(&ext.as_str()) {
                continue;
            }
            let group = f
                .parent()
                .and_then(Path::file_name)
                .map(|g| g.to_string_lossy().into_owned())
                .unwrap_or_default();
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
            write(&corpus.join(target).join(format!("{group}-{name}")), &bytes)?;
            n += 1;
        }
        if *target == "pdf_cmap_parse" {
            n += embedded_cmaps(&files, &corpus.join(target))?;
        }
        if *target == "textract_extract" {
            n += archive_seeds(&corpus.join(target))?;
        }
        if *target == "ooxml_text_parts" {
            n += part_seeds(&corpus.join(target), true)?;
        }
        if *target == "xml_tree_parse" {
            n += part_seeds(&corpus.join(target), false)?;
        }
        if *target == "doc_model_values" {
            n += value_seeds(&corpus.join(target))?;
        }
        println!("fuzz/corpus/{target}: {n} seeds");
    }
    Ok(())
}

/// Inputs of `doc_model_values` (8 bytes of seconds, 4 of a list number,
/// an nfc byte, then a format name and `\x01`-separated parts): dates
/// around the epochs file formats use, numbers at the edges of each
/// numbering system.
fn value_seeds(dir: &Path) -> Result<usize, String> {
    let seconds = [
        0i64,
        -11_644_473_600,
        1_795_775_724,
        253_402_300_799,
        i64::MIN,
        i64::MAX,
    ];
    let values = [0i32, 1, 26, 27, 3_999, 4_000, 10_000, -1, i32::MAX];
    let names = [
        "decimal",
        "upperRoman",
        "lowerLetter",
        "japaneseCounting",
        "ganada",
        "chineseCounting\u{1}two\u{1}",
    ];
    let mut n = 0;
    for (i, (s, v)) in seconds.iter().zip(values.iter().cycle()).enumerate() {
        for (j, name) in names.iter().enumerate() {
            let mut seed = s.to_le_bytes().to_vec();
            seed.extend_from_slice(&v.to_le_bytes());
            seed.push((i * names.len() + j) as u8);
            seed.extend_from_slice(name.as_bytes());
            write(&dir.join(format!("v{i}-{j}")), &seed)?;
            n += 1;
        }
    }
    Ok(n)
}

/// The XML parts of the packages `ooxml_text_parts` uses as templates; with
/// `indexed`, each prefixed by the template's and the part's index (that
/// target's input format), else bare (for `xml_tree_parse`); returns how
/// many were written.
fn part_seeds(dir: &Path, indexed: bool) -> Result<usize, String> {
    use std::io::Read as _;
    let root = workspace_root().join("fixtures");
    // The fuzz target's templates, in its order (the seed's first byte
    // picks one), then the ODF fixtures it reads at run time.
    let mut templates: Vec<PathBuf> = [
        "ooxml/body.docx",
        "ooxml/stories.docx",
        "ooxml/cells.xlsx",
        "ooxml/deck.pptx",
        "structure/deck.pptx",
        "structure/sheet.xlsx",
        "structure/odflists.odt",
        "structure/odfsheets.ods",
        "structure/odfdeck.odp",
    ]
    .iter()
    .map(|n| root.join(n))
    .collect();
    if let Ok(list) = std::fs::read_dir(root.join("odf")) {
        let mut odf: Vec<PathBuf> = list
            .flatten()
            .map(|e| e.path())
            .filter(|p| matches!(extension(p).as_str(), "odt" | "ods" | "odp"))
            .collect();
        odf.sort();
        templates.extend(odf);
    }
    let mut n = 0;
    for (t, path) in templates.iter().enumerate() {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut z = zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for p in 0..z.len() {
            let mut f = z.by_index(p).map_err(|e| e.to_string())?;
            let mut seed = if indexed {
                vec![t as u8, p as u8]
            } else {
                Vec::new()
            };
            f.read_to_end(&mut seed).map_err(|e| e.to_string())?;
            if f.name().ends_with(".xml") || f.name().ends_with(".rels") {
                write(&dir.join(format!("t{t}-p{p}.xml")), &seed)?;
                n += 1;
            }
        }
    }
    Ok(n)
}

/// Containers for the facade's embedded-document code (no archive is a
/// fixture): a zip of a Word document, a PDF with attachments and a text
/// file, and zips nested three deep; returns how many were written.
fn archive_seeds(dir: &Path) -> Result<usize, String> {
    let root = workspace_root().join("fixtures");
    let read = |rel: &str| std::fs::read(root.join(rel)).map_err(|e| format!("{rel}: {e}"));
    let doc = read("doc/stories.doc")?;
    let pdf = read("pdf/attachments.pdf")?;
    let mixed = testkit::archive::zip(&[
        ("stories.doc", &doc),
        ("attachments.pdf", &pdf),
        ("notes.txt", b"plain text in a zip"),
    ]);
    write(&dir.join("archive-mixed.zip"), &mixed)?;
    write(
        &dir.join("archive-nested.zip"),
        &testkit::archive::nested(3, "deep"),
    )?;
    Ok(2)
}

/// The CMap streams (ToUnicode and embedded `/Encoding`) of the fixture PDFs,
/// decoded, as seeds of `pdf_cmap_parse`; returns how many were written.
fn embedded_cmaps(files: &[PathBuf], dir: &Path) -> Result<usize, String> {
    let mut n = 0;
    for f in files.iter().filter(|f| extension(f) == "pdf") {
        let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let Ok(doc) = pdf_lex::Document::open(&bytes) else {
            continue;
        };
        let stem = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for r in doc.object_refs() {
            let Ok(obj) = doc.get(r) else { continue };
            let pdf_lex::Object::Stream(stream) = obj.as_ref() else {
                continue;
            };
            let Ok(data) = doc.stream_data(stream) else {
                continue;
            };
            if data.windows(9).any(|w| w == b"begincmap") {
                write(&dir.join(format!("{stem}-{}.cmap", r.num)), &data)?;
                n += 1;
            }
        }
    }
    Ok(n)
}
