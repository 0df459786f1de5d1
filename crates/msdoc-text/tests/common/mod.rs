//! Shared by the integration tests and benches: finding the corpus and
//! loading a `.doc` file's streams with the `cfb` crate, or with `ole-cfb-read`
//! (the tolerant reader) when `cfb` refuses the file.
#![allow(dead_code)]

use std::io::Read;
use std::path::PathBuf;

/// The streams of one compound file, owned.
#[derive(Default)]
pub struct OwnedStreams {
    pub word_document: Vec<u8>,
    pub table0: Option<Vec<u8>>,
    pub table1: Option<Vec<u8>>,
    pub data: Option<Vec<u8>>,
}

impl OwnedStreams {
    pub fn borrow(&self) -> msdoc_text::Streams<'_> {
        msdoc_text::Streams {
            word_document: &self.word_document,
            table0: self.table0.as_deref(),
            table1: self.table1.as_deref(),
            data: self.data.as_deref(),
        }
    }
}

/// The corpus (`$TEXTRACT_CORPUS` or `<workspace>/../shared/corpus`), if present.
pub fn corpus_dir() -> Option<PathBuf> {
    testkit::corpus::require_dir("msdoc-text corpus")
}

/// Every `.doc` file under `corpus/doc`, sorted.
pub fn corpus_docs() -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    testkit::corpus::files_where(&dir.join("doc"), |p| {
        p.extension().is_some_and(|x| x.eq_ignore_ascii_case("doc"))
    })
}

/// Every `.doc` file under `corpus/doc`, sorted, with its path relative to
/// the corpus (`doc/poi/Bug51944.doc`), as MANIFEST.tsv names it.
pub fn corpus_docs_named() -> Vec<(PathBuf, String)> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    corpus_docs()
        .into_iter()
        .map(|path| {
            let rel = path
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .to_string();
            (path, rel)
        })
        .collect()
}

/// Reads the Word streams of a compound file (names compared case-insensitively).
pub fn load_streams(bytes: &[u8]) -> Result<OwnedStreams, String> {
    let mut cf = cfb::CompoundFile::open(std::io::Cursor::new(bytes)).map_err(|e| e.to_string())?;
    load_storage(&mut cf, "/")
}

/// Reads a storage's Word streams with `ole-cfb-read`, the tolerant reader
/// (it reads what `cfb` refuses: a FAT longer than the file, cut chains).
fn load_tolerant(
    cf: &ole_cfb_read::CompoundFile<'_>,
    storage: &str,
) -> Result<OwnedStreams, String> {
    let p = |name: &str| {
        if storage.is_empty() {
            name.to_string()
        } else {
            format!("{storage}/{name}")
        }
    };
    let get = |name: &str| cf.stream(&p(name)).ok().map(|c| c.into_owned());
    let word_document = get("WordDocument").ok_or("no WordDocument stream")?;
    Ok(OwnedStreams {
        word_document,
        table0: get("0Table"),
        table1: get("1Table"),
        data: get("Data"),
    })
}

/// Streams via `cfb`, or via `ole-cfb-read` when `cfb` refuses the file.
pub fn load_streams_any(bytes: &[u8]) -> Result<OwnedStreams, String> {
    load_streams(bytes).or_else(|e| {
        let cf = ole_cfb_read::CompoundFile::open(bytes).map_err(|e2| format!("{e}; {e2}"))?;
        load_tolerant(&cf, "")
    })
}

/// The document text plus the text of embedded Word documents
/// (`ObjectPool/_N` storages the text anchors), as the facade would join
/// them. Uses `cfb`, or `ole-cfb-read` when `cfb` refuses the file.
pub fn text_with_embedded(bytes: &[u8]) -> Result<Result<String, msdoc_text::Error>, String> {
    match cfb::CompoundFile::open(std::io::Cursor::new(bytes)) {
        Ok(mut cf) => text_with_embedded_in(bytes, &mut |storage| {
            load_storage(&mut cf, &format!("/{storage}"))
        }),
        Err(e) => {
            let cf = ole_cfb_read::CompoundFile::open(bytes)
                .map_err(|e2| format!("{e}; ole-cfb-read failed too: {e2}"))?;
            text_with_embedded_in(bytes, &mut |storage| load_tolerant(&cf, storage))
        }
    }
}

fn text_with_embedded_in(
    _bytes: &[u8],
    load: &mut dyn FnMut(&str) -> Result<OwnedStreams, String>,
) -> Result<Result<String, msdoc_text::Error>, String> {
    let streams = load("")?;
    let doc = match msdoc_text::WordDocument::parse(&streams.borrow()) {
        Ok(d) => d,
        Err(e) => return Ok(Err(e)),
    };
    let mut text = doc.text();
    for obj in doc.ole_objects() {
        let Ok(inner) = load(&obj.storage_path()) else {
            continue;
        };
        if let Ok(inner) = msdoc_text::WordDocument::parse(&inner.borrow()) {
            text.push('\n');
            text.push_str(&inner.text());
        }
    }
    Ok(Ok(text))
}

/// Reads the Word streams of one storage of a compound file.
pub fn load_storage<F: std::io::Read + std::io::Seek>(
    cf: &mut cfb::CompoundFile<F>,
    storage: &str,
) -> Result<OwnedStreams, String> {
    let names: Vec<(String, PathBuf)> = cf
        .read_storage(storage)
        .map_err(|e| e.to_string())?
        .filter(|e| e.is_stream())
        .map(|e| (e.name().to_ascii_lowercase(), e.path().to_path_buf()))
        .collect();
    let mut read = |want: &str| -> Result<Option<Vec<u8>>, String> {
        let Some((_, path)) = names.iter().find(|(n, _)| n == want) else {
            return Ok(None);
        };
        let mut s = cf.open_stream(path).map_err(|e| e.to_string())?;
        let mut v = Vec::new();
        s.read_to_end(&mut v).map_err(|e| e.to_string())?;
        Ok(Some(v))
    };
    let word_document = read("worddocument")?.ok_or("no WordDocument stream")?;
    Ok(OwnedStreams {
        word_document,
        table0: read("0table")?,
        table1: read("1table")?,
        data: read("data")?,
    })
}

/// Whitespace runs collapsed to one space.
pub fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The corpus comparison: collapsed whitespace, and for CJK lines also
/// with all whitespace removed.
pub fn contains_expected(text: &str, expected: &str) -> bool {
    let t = collapse(text);
    let e = collapse(expected);
    if t.contains(&e) {
        return true;
    }
    let cjk = e
        .chars()
        .any(|c| ('\u{3000}'..='\u{9FFF}').contains(&c) || ('\u{AC00}'..='\u{D7AF}').contains(&c));
    if cjk {
        let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        return strip(text).contains(&strip(expected));
    }
    false
}

/// SHA-256 of `data` in lower-case hex.
pub fn sha256(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
