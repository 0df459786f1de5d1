//! Embedded files of the corpus's `.doc` files: `ObjectPool` objects with
//! Tika's paths and the bytes their storages hold, pictures byte-identical
//! to what Apache POI's HWPF returns, and documents cut short giving the
//! text that survives.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use msdoc_text::{EmbeddedKind, Options, Streams, WordDocument};
use ole_cfb_read::{CompoundFile, EntryKind};

fn corpus(rel: &str) -> Option<Vec<u8>> {
    let dir = testkit::corpus::require_dir(rel)?;
    Some(std::fs::read(dir.join(rel)).unwrap())
}

fn read(bytes: &[u8]) -> WordDocument {
    let cf = CompoundFile::open(bytes).unwrap();
    WordDocument::from_compound_file(&cf, &Options::default()).unwrap()
}

fn ole_paths(doc: &WordDocument) -> Vec<&str> {
    doc.embedded()
        .iter()
        .filter(|e| e.kind == EmbeddedKind::OleObject)
        .map(|e| e.path.as_str())
        .collect()
}

#[test]
fn word_with_embedded_documents_workbooks_and_a_presentation() {
    let Some(bytes) = corpus("doc/poi/word_with_embeded.doc") else {
        return;
    };
    let doc = read(&bytes);
    assert_eq!(
        ole_paths(&doc),
        [
            "/ObjectPool/_1269427300/_1269427300.doc",
            "/ObjectPool/_1269427326/_1269427326.ppt",
            "/ObjectPool/_1269427460/_1269427460.xls",
            "/ObjectPool/_1269427461/_1269427461.xls",
        ]
    );
    // Each copy holds the streams of its storage, byte for byte.
    let cf = CompoundFile::open(&bytes).unwrap();
    for e in doc
        .embedded()
        .iter()
        .filter(|e| e.kind == EmbeddedKind::OleObject)
    {
        let storage = e.path.trim_start_matches('/').rsplit_once('/').unwrap().0;
        let copy = CompoundFile::open(&e.data).unwrap();
        let mut n = 0;
        for s in cf.entries().iter().filter(|s| s.kind == EntryKind::Stream) {
            let Some(rel) = s.path.strip_prefix(&format!("{storage}/")) else {
                continue;
            };
            assert_eq!(
                copy.stream(rel).unwrap(),
                cf.stream(&s.path).unwrap(),
                "{}",
                s.path
            );
            n += 1;
        }
        assert!(n >= 3, "{storage}");
        assert_eq!(copy.root_clsid(), cf.entry(storage).unwrap().clsid);
    }
    // The embedded Word document reads as one.
    let inner = &doc
        .embedded()
        .iter()
        .find(|e| e.path.ends_with(".doc"))
        .unwrap()
        .data;
    assert!(!read(inner).text().trim().is_empty());
}

#[test]
fn ole10_native_odf_formula_corel_and_chart_objects() {
    if let Some(bytes) = corpus("doc/poi/53379.doc") {
        let doc = read(&bytes);
        assert_eq!(
            ole_paths(&doc),
            [
                "/ObjectPool/_1099465951/_1099465951.doc",
                "/ObjectPool/_991730255/_991730255.bin"
            ]
        );
        // The MS Draw object's native data, as its \x01Ole10Native holds it after the size.
        let cf = CompoundFile::open(&bytes).unwrap();
        let native = cf.stream("ObjectPool/_991730255/\u{1}Ole10Native").unwrap();
        let drawing = &doc
            .embedded()
            .iter()
            .find(|e| e.path.ends_with(".bin"))
            .unwrap()
            .data;
        assert_eq!(drawing.as_slice(), &native[4..]);
    }
    if let Some(bytes) = corpus("doc/poi/equation.doc") {
        let doc = read(&bytes);
        assert_eq!(ole_paths(&doc), ["/ObjectPool/_60575120/_60575120.odf"]);
        let cf = CompoundFile::open(&bytes).unwrap();
        let odf = doc
            .embedded()
            .iter()
            .find(|e| e.kind == EmbeddedKind::OleObject)
            .unwrap();
        assert_eq!(
            odf.data.as_slice(),
            cf.stream("ObjectPool/_60575120/package_stream")
                .unwrap()
                .as_ref()
        );
        assert_eq!(
            odf.media_type.as_deref(),
            Some("application/vnd.oasis.opendocument.formula")
        );
    }
    if let Some(bytes) = corpus("doc/poi/Bug47958.doc") {
        assert_eq!(
            ole_paths(&read(&bytes)),
            ["/ObjectPool/_1079691976/_1079691976.ole"]
        );
    }
    if let Some(bytes) = corpus("doc/poi/Fuzzed.doc") {
        let cf = CompoundFile::open(&bytes).unwrap();
        if let Ok(doc) = WordDocument::from_compound_file(&cf, &Options::default()) {
            assert_eq!(ole_paths(&doc), ["/ObjectPool/_1207591883/_1207591883.xls"]);
        }
    }
}

#[test]
fn every_object_pool_storage_is_an_embedded_object() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut total = 0;
    for path in common::corpus_docs() {
        let bytes = std::fs::read(&path).unwrap();
        let Ok(cf) = CompoundFile::open(&bytes) else {
            continue;
        };
        let Ok(doc) = WordDocument::from_compound_file(&cf, &Options::default()) else {
            continue;
        };
        let storages: BTreeSet<String> = cf
            .entries()
            .iter()
            .filter(|e| e.kind == EntryKind::Storage && e.path.matches('/').count() == 1)
            .filter_map(|e| e.path.strip_prefix("ObjectPool/").map(str::to_owned))
            .collect();
        let named: BTreeSet<String> = ole_paths(&doc)
            .iter()
            .map(|p| p.split('/').nth(2).unwrap().to_owned())
            .collect();
        let rel = path.strip_prefix(&dir).unwrap().display().to_string();
        assert_eq!(named, storages, "{rel}");
        total += named.len();
    }
    println!("{total} ObjectPool objects");
    assert!(total >= 35, "{total}");
}

/// A file and the pictures POI returns for it: (name, SHA-256).
type PoiFile = (PathBuf, Vec<(String, String)>);

/// The pictures Apache POI 4.0.1's HWPF returns (`PicturesTable.getAllPictures`)
/// for every corpus `.doc` it reads, as `(file, name, sha256)`.
fn poi_pictures(files: &[PathBuf]) -> Option<Vec<PoiFile>> {
    const JAVA: &str = r#"import java.io.*;
import java.security.MessageDigest;
import org.apache.poi.hwpf.HWPFDocument;
import org.apache.poi.hwpf.usermodel.Picture;
public class PoiDocPictures {
    public static void main(String[] args) throws Exception {
        for (String f : args) {
            StringBuilder out = new StringBuilder(f);
            try (InputStream in = new FileInputStream(f)) {
                for (Picture p : new HWPFDocument(in).getPicturesTable().getAllPictures()) {
                    byte[] c = p.getContent();
                    if (c.length == 0) continue;
                    StringBuilder h = new StringBuilder();
                    for (byte b : MessageDigest.getInstance("SHA-256").digest(c)) h.append(String.format("%02x", b));
                    out.append("\t").append(p.suggestFullFileName()).append(" ").append(h);
                }
            } catch (Throwable e) {
                out = new StringBuilder(f).append("\tERROR");
            }
            System.out.println(out);
        }
    }
}
"#;
    let program = testkit::poi::Program::compile("PoiDocPictures", JAVA).ok()?;
    let out = program.run(files).ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.ends_with("\tERROR"))
            .map(|l| {
                let mut cols = l.split('\t');
                let f = PathBuf::from(cols.next().unwrap());
                let pics = cols
                    .map(|c| {
                        let (n, h) = c.split_once(' ').unwrap();
                        (n.to_owned(), h.to_owned())
                    })
                    .collect();
                (f, pics)
            })
            .collect(),
    )
}

/// Known differences with POI, each in docs/msdoc-text.md.
const POI_DIVERGENCES: &[(&str, &str, &str)] = &[(
    "64132.doc",
    "19c.jpg",
    "a CMYK JPEG BLIP (0xF02A): POI 4.0.1 returns the record body with its UID and tag byte in front of the JPEG",
)];

#[test]
fn pictures_are_byte_identical_to_apache_poi() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut files = common::corpus_docs();
    files.push(testkit::workspace_root().join("fixtures/doc/stories.doc"));
    let Some(poi) = testkit::corpus::require(
        poi_pictures(&files),
        "pictures_are_byte_identical_to_apache_poi",
        "java, javac and /usr/share/java/poi*.jar (apt install libapache-poi-java)",
    ) else {
        return;
    };
    let (mut compared, mut failures) = (0, Vec::new());
    for (path, pics) in poi {
        if pics.is_empty() {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let doc = read(&bytes);
        // Our pictures, also without the headers we add (POI's HWPF adds none).
        let mut ours = BTreeSet::new();
        for e in doc
            .embedded()
            .iter()
            .filter(|e| e.kind == EmbeddedKind::Image)
        {
            ours.insert(common::sha256(&e.data));
            let cut = match e.media_type.as_deref() {
                Some("image/wmf") if e.data.starts_with(&[0xD7, 0xCD, 0xC6, 0x9A]) => 22,
                Some("image/bmp") => 14,
                Some("image/x-pict") => 512,
                _ => 0,
            };
            ours.insert(common::sha256(&e.data[cut..]));
        }
        for (pic, hash) in pics {
            compared += 1;
            let known = POI_DIVERGENCES
                .iter()
                .any(|(f, p, _)| *f == name && *p == pic);
            if !ours.contains(&hash) && !known {
                failures.push(format!("{name}: POI's {pic} is not among ours"));
            }
        }
    }
    println!(
        "POI oracle: {compared} pictures of {} compared",
        dir.display()
    );
    assert!(compared >= 75, "{compared}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_table_stream_cut_short_still_gives_the_text() {
    let bytes = std::fs::read(testkit::workspace_root().join("fixtures/doc/stories.doc")).unwrap();
    let cf = CompoundFile::open(&bytes).unwrap();
    let wd = cf.stream("WordDocument").unwrap();
    let table = cf.stream("1Table").unwrap();
    let whole = read(&bytes);
    for cut in [0, table.len() / 4, table.len() / 2] {
        let streams = Streams {
            word_document: &wd,
            table1: Some(&table[..cut]),
            ..Streams::default()
        };
        let doc = WordDocument::parse(&streams).unwrap();
        assert!(
            doc.warnings()
                .iter()
                .any(|w| w.to_string().contains("fcMin")),
            "{cut}: {:?}",
            doc.warnings()
        );
        assert!(
            doc.text()
                .contains("Body paragraph two with a comment on it."),
            "{cut}"
        );
        assert!(doc.text().contains("The footnote text."), "{cut}");
        assert_eq!(doc.parts()[0].text, whole.parts()[0].text, "{cut}");
    }
    // A WordDocument stream cut inside the text: the text before the cut.
    let streams = Streams {
        word_document: &wd[..wd.len() / 2],
        table1: Some(&table),
        ..Streams::default()
    };
    if let Ok(doc) = WordDocument::parse(&streams) {
        assert!(!doc.warnings().is_empty());
    }
}

#[test]
fn a_file_cut_before_its_directory_is_salvaged() {
    let bytes = std::fs::read(testkit::workspace_root().join("fixtures/doc/stories.doc")).unwrap();
    // LibreOffice writes the directory last: 80 % of the file opens no more.
    let cut = &bytes[..bytes.len() * 8 / 10];
    assert!(CompoundFile::open(cut).is_err());
    let doc = WordDocument::salvage(cut, &Options::default()).unwrap();
    assert!(
        doc.text()
            .contains("Body paragraph two with a comment on it.")
    );
    assert!(doc.warnings()[0].to_string().contains("cannot be opened"));
    assert!(WordDocument::salvage(b"not a compound file", &Options::default()).is_err());
    assert!(WordDocument::salvage(&bytes[..512], &Options::default()).is_err());
    // Corpus documents cut in half.
    for rel in [
        "doc/poi/parentinvguid.doc",
        "doc/poi/saved-by-table.doc",
        "doc/poi/test-fields.doc",
    ] {
        let Some(bytes) = corpus(rel) else {
            return;
        };
        let half = &bytes[..bytes.len() / 2];
        let whole = read(&bytes);
        let doc = match CompoundFile::open(half) {
            Ok(cf) => WordDocument::from_compound_file(&cf, &Options::default()).unwrap(),
            Err(_) => WordDocument::salvage(half, &Options::default()).unwrap(),
        };
        let first_line = whole
            .text()
            .lines()
            .find(|l| l.trim().len() > 8)
            .unwrap()
            .to_owned();
        assert!(
            doc.text().contains(first_line.trim()),
            "{rel}: {first_line:?}"
        );
    }
}
