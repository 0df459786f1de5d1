//! OLE embedding (MS-OLEDS) on the corpus: every storage copied out with
//! `copy_storage` opens in the `cfb` crate and in olefile with the same
//! streams, bytes and CLSID; the embedded objects of the corpus documents
//! that have them are recognised, named and unwrapped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::PathBuf;
use std::process::Command;

use ole_cfb_read::{Application, CompoundFile, EntryKind, ObjectKind};
use sha2::{Digest, Sha256};

fn sha256(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The streams under `storage` (paths relative to it) as our reader reads
/// them, or `None` when one of them cannot be read.
fn streams_under(cfb: &CompoundFile<'_>, storage: &str) -> Option<BTreeMap<String, Vec<u8>>> {
    let prefix = if storage.is_empty() {
        String::new()
    } else {
        format!("{storage}/")
    };
    let mut out = BTreeMap::new();
    for e in cfb.entries() {
        if e.kind != EntryKind::Stream || !e.path.starts_with(&prefix) {
            continue;
        }
        let data = cfb.read_entry(e).ok()?.data.into_owned();
        out.insert(e.path[prefix.len()..].to_owned(), data);
    }
    Some(out)
}

/// The streams of a compound file as the `cfb` crate reads them, and its root CLSID.
/// A copy written to disk for olefile: file, name, stream hashes, CLSID.
type Copy = (PathBuf, String, BTreeMap<String, String>, [u8; 16]);

/// An embedded object of a corpus file: storage, kind, file name, media type.
type Found = (String, ObjectKind, String, Option<String>);

fn cfb_crate_streams(data: &[u8]) -> (BTreeMap<String, Vec<u8>>, [u8; 16]) {
    let mut file =
        cfb::CompoundFile::open(std::io::Cursor::new(data)).expect("cfb crate opens the copy");
    let clsid = file.root_entry().clsid().to_bytes_le();
    let paths: Vec<PathBuf> = file
        .walk()
        .filter(|e| e.is_stream())
        .map(|e| e.path().to_path_buf())
        .collect();
    let mut out = BTreeMap::new();
    for p in paths {
        let mut bytes = Vec::new();
        file.open_stream(&p)
            .unwrap()
            .read_to_end(&mut bytes)
            .unwrap();
        let key = p.to_string_lossy().trim_start_matches('/').to_owned();
        out.insert(key, bytes);
    }
    (out, clsid)
}

/// Storages of the corpus's compound files worth copying: every storage
/// and the root, for the files that open.
fn corpus_storages() -> Option<Vec<(PathBuf, Vec<String>)>> {
    let files = common::corpus_compound_files()?;
    Some(
        files
            .into_iter()
            .filter_map(|path| {
                let data = std::fs::read(&path).unwrap();
                let cfb = CompoundFile::open(&data).ok()?;
                let mut storages = vec![String::new()];
                storages.extend(
                    cfb.entries()
                        .iter()
                        .filter(|e| e.kind == EntryKind::Storage)
                        .map(|e| e.path.clone()),
                );
                Some((path, storages))
            })
            .collect(),
    )
}

#[test]
fn copied_storages_hold_the_same_streams_and_clsid_in_the_cfb_crate() {
    let Some(storages) = corpus_storages() else {
        return;
    };
    let (mut copies, mut unreadable) = (0, 0);
    let mut failures = Vec::new();
    for (path, list) in &storages {
        let data = std::fs::read(path).unwrap();
        let cfb = CompoundFile::open(&data).unwrap();
        for storage in list {
            let name = format!("{}:{storage:?}", common::short(path));
            let Some(want) = streams_under(&cfb, storage) else {
                // A stream the reader refuses (a cycle): the copy must fail too.
                assert!(cfb.copy_storage(storage).is_err(), "{name}");
                unreadable += 1;
                continue;
            };
            let copy = match cfb.copy_storage(storage) {
                Ok(c) => c,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            copies += 1;
            let (theirs, clsid) = cfb_crate_streams(&copy);
            if theirs != want {
                let a: Vec<_> = want.keys().collect();
                let b: Vec<_> = theirs.keys().collect();
                failures.push(format!("{name}: streams differ: ours {a:?}, copy {b:?}"));
            }
            let want_clsid = if storage.is_empty() {
                cfb.root_clsid()
            } else {
                cfb.entry(storage).unwrap().clsid
            };
            if clsid != want_clsid {
                failures.push(format!(
                    "{name}: root CLSID {clsid:02x?}, storage's {want_clsid:02x?}"
                ));
            }
            // Our own reader reads the copy cleanly, with the same streams.
            let again = CompoundFile::open(&copy).unwrap();
            assert!(
                again.warnings().is_empty(),
                "{name}: {:?}",
                again.warnings()
            );
            assert_eq!(streams_under(&again, "").as_ref(), Some(&want), "{name}");
        }
    }
    println!("copy_storage: {copies} storages copied, {unreadable} with unreadable streams");
    assert!(copies > 100, "only {copies} storages copied");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn copied_storages_open_in_olefile_with_identical_streams() {
    let Some(storages) = corpus_storages() else {
        return;
    };
    if testkit::corpus::require(
        testkit::python_with(&["olefile"]).then_some(()),
        "copied_storages_open_in_olefile_with_identical_streams",
        "python3 with olefile (pip install olefile==0.47)",
    )
    .is_none()
    {
        return;
    }
    let dir = testkit::scratch_dir("ole-cfb-read-copies");
    let mut expected: Vec<Copy> = Vec::new();
    for (path, list) in &storages {
        let data = std::fs::read(path).unwrap();
        let cfb = CompoundFile::open(&data).unwrap();
        // The storages that are embedded objects: children of the root.
        for storage in list.iter().filter(|s| !s.is_empty()) {
            let Some(want) = streams_under(&cfb, storage) else {
                continue;
            };
            let Ok(copy) = cfb.copy_storage(storage) else {
                continue;
            };
            let file = dir.join(format!("{}.cfb", expected.len()));
            std::fs::write(&file, &copy).unwrap();
            let hashes = want.iter().map(|(k, v)| (k.clone(), sha256(v))).collect();
            let name = format!("{}:{storage:?}", common::short(path));
            expected.push((file, name, hashes, cfb.entry(storage).unwrap().clsid));
        }
    }
    let script = r#"
import hashlib, json, sys, olefile
for f in sys.argv[1:]:
    ole = olefile.OleFileIO(f)
    streams = {"/".join(p): hashlib.sha256(ole.openstream(p).read()).hexdigest() for p in ole.listdir()}
    print(json.dumps({"streams": streams, "clsid": ole.root.clsid, "parsing_issues": len(ole.parsing_issues)}))
"#;
    let mut failures = Vec::new();
    for chunk in expected.chunks(200) {
        let out = testkit::run_ok(
            Command::new("python3")
                .arg("-c")
                .arg(script)
                .args(chunk.iter().map(|e| &e.0)),
        );
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), chunk.len());
        for ((_, name, want, clsid), got) in chunk.iter().zip(&lines) {
            let theirs: BTreeMap<String, String> = got["streams"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
                .collect();
            if &theirs != want {
                failures.push(format!("{name}: olefile reads other streams"));
            }
            if got["parsing_issues"] != 0 {
                failures.push(format!("{name}: olefile notes parsing issues"));
            }
            // olefile prints the CLSID in its registry form, or "" when zero.
            let c = clsid;
            let text = if c.iter().all(|&b| b == 0) {
                String::new()
            } else {
                format!(
                    "{:08X}-{:04X}-{:04X}-{:02X}{:02X}-{}",
                    u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                    u16::from_le_bytes([c[4], c[5]]),
                    u16::from_le_bytes([c[6], c[7]]),
                    c[8],
                    c[9],
                    c[10..]
                        .iter()
                        .map(|b| format!("{b:02X}"))
                        .collect::<String>()
                )
            };
            if got["clsid"] != text.as_str() {
                failures.push(format!(
                    "{name}: olefile CLSID {}, want {text}",
                    got["clsid"]
                ));
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    println!("olefile read {} copied storages", expected.len());
    assert!(expected.len() > 50, "only {} copies", expected.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn corpus_file(rel: &str) -> Option<Vec<u8>> {
    let dir = testkit::corpus::require_dir(rel)?;
    Some(std::fs::read(dir.join(rel)).unwrap())
}

/// `(storage, kind, file name, media type)` of each embedded object of a corpus file.
fn objects(rel: &str, parent: &str) -> Option<Vec<Found>> {
    let data = corpus_file(rel)?;
    let cfb = CompoundFile::open(&data).unwrap();
    let prefix = if parent.is_empty() {
        String::new()
    } else {
        format!("{parent}/")
    };
    let storages: Vec<String> = cfb
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Storage && e.path.starts_with(&prefix))
        .filter(|e| !e.path[prefix.len()..].contains('/'))
        .map(|e| e.path.clone())
        .collect();
    Some(
        storages
            .into_iter()
            .map(|s| {
                let o = cfb.embedded_object(&s).unwrap();
                assert!(!o.data.is_empty(), "{rel}: {s}: no bytes");
                (s, o.kind, o.file_name, o.media_type)
            })
            .collect(),
    )
}

#[test]
fn word_with_embedded_word_powerpoint_and_excel_objects() {
    let Some(got) = objects("doc/poi/word_with_embeded.doc", "ObjectPool") else {
        return;
    };
    let kinds: Vec<(String, ObjectKind, String)> = got
        .iter()
        .map(|(s, k, n, _)| (s.clone(), *k, n.clone()))
        .collect();
    // (storage under ObjectPool, application, extension of the file name).
    let expected: Vec<(String, ObjectKind, String)> = [
        ("_1269427300", Application::Word, "doc"),
        ("_1269427326", Application::PowerPoint, "ppt"),
        ("_1269427460", Application::Excel, "xls"),
        ("_1269427461", Application::Excel, "xls"),
    ]
    .into_iter()
    .map(|(id, app, ext)| {
        (
            format!("ObjectPool/{id}"),
            ObjectKind::CompoundDocument(app),
            format!("{id}.{ext}"),
        )
    })
    .collect();
    assert_eq!(kinds, expected);
    assert_eq!(got[2].3.as_deref(), Some("application/vnd.ms-excel"));
}

#[test]
fn excel_with_embedded_mbd_storages() {
    let Some(got) = objects("xls/poi/excel_with_embeded.xls", "") else {
        return;
    };
    let apps: Vec<ObjectKind> = got.iter().map(|o| o.1).collect();
    assert_eq!(
        apps,
        [
            ObjectKind::CompoundDocument(Application::Word),
            ObjectKind::CompoundDocument(Application::PowerPoint),
            ObjectKind::CompoundDocument(Application::Excel),
            ObjectKind::CompoundDocument(Application::Excel),
            ObjectKind::CompoundDocument(Application::PowerPoint),
            ObjectKind::CompoundDocument(Application::Word),
        ]
    );
}

#[test]
fn ole10_native_drawing_equation_odf_and_corel_storages() {
    // 53379.doc: an OLE 1.0 "Microsoft Drawing" in \x01Ole10Native (not a
    // package: its native data as stored) and an embedded Word document.
    if let Some(got) = objects("doc/poi/53379.doc", "ObjectPool") {
        assert_eq!(got[0].1, ObjectKind::CompoundDocument(Application::Word));
        assert_eq!(got[1].1, ObjectKind::Ole10Native);
        assert_eq!(got[1].2, "_991730255.bin");
        let data = corpus_file("doc/poi/53379.doc").unwrap();
        let cfb = CompoundFile::open(&data).unwrap();
        let o = cfb.embedded_object("ObjectPool/_991730255").unwrap();
        assert_eq!(o.data.len(), 22_752);
        assert_eq!(o.comp_obj.unwrap().prog_id.as_deref(), Some("MSDraw"));
    }
    // equation.doc: LibreOffice's `package_stream`, an ODF formula.
    if let Some(got) = objects("doc/poi/equation.doc", "ObjectPool") {
        assert_eq!(got[0].1, ObjectKind::OdfPackage);
        assert_eq!(got[0].2, "_60575120.odf");
        assert_eq!(
            got[0].3.as_deref(),
            Some("application/vnd.oasis.opendocument.formula")
        );
    }
    // Fuzzed.doc: an Excel chart object.
    if let Some(got) = objects("doc/poi/Fuzzed.doc", "ObjectPool") {
        assert_eq!(got[0].1, ObjectKind::CompoundDocument(Application::Excel));
    }
    // Bug47958.doc: a CorelDRAW storage: copied out as it is.
    if let Some(got) = objects("doc/poi/Bug47958.doc", "ObjectPool") {
        assert_eq!(got[0].1, ObjectKind::CompoundDocument(Application::Other));
        assert_eq!(got[0].2, "_1079691976.ole");
    }
}

#[test]
fn an_embedded_workbook_copies_out_as_a_workbook_excel_readers_open() {
    let Some(data) = corpus_file("doc/poi/word_with_embeded.doc") else {
        return;
    };
    let cfb = CompoundFile::open(&data).unwrap();
    let o = cfb.embedded_object("ObjectPool/_1269427460").unwrap();
    let copy = CompoundFile::open(&o.data).unwrap();
    let workbook = copy.stream("Workbook").unwrap();
    assert_eq!(
        workbook.as_ref(),
        cfb.stream("ObjectPool/_1269427460/Workbook")
            .unwrap()
            .as_ref()
    );
    // BIFF8 BOF of a workbook globals substream.
    assert_eq!(&workbook[..6], &[0x09, 0x08, 0x10, 0x00, 0x00, 0x06]);
    assert_eq!(
        copy.root_clsid(),
        cfb.entry("ObjectPool/_1269427460").unwrap().clsid
    );
    assert_eq!(
        copy.metadata().title,
        ole_cfb_read::Metadata::from_sets(
            cfb.property_set("ObjectPool/_1269427460/\u{5}SummaryInformation"),
            None
        )
        .title
    );
}

#[test]
fn streams_storages_and_missing_paths_are_refused() {
    let data = std::fs::read(common::fixtures().join("simple-v3.cfb")).unwrap();
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(matches!(
        cfb.copy_storage("Storage/Stream"),
        Err(ole_cfb_read::Error::NotAStorage(_))
    ));
    assert!(matches!(
        cfb.embedded_object("Nope"),
        Err(ole_cfb_read::Error::NotFound(_))
    ));
    let copy = cfb.copy_storage("/Storage/").unwrap();
    let again = CompoundFile::open(&copy).unwrap();
    let names: Vec<&str> = again.entries().iter().map(|e| e.path.as_str()).collect();
    assert_eq!(names, ["Small", "Stream"]);
}
