//! Fixture tests of the OLE embedding layer on `fixtures/oleds` (regenerate
//! with `cargo xtask fixtures oleds`): each storage of `objects.cfb`
//! unwraps to what `objects.cfb.objects.txt` says, compound documents copy
//! out with the listed streams (read back by us and by the `cfb` crate),
//! each `*.objdata` OLE 1.0 object parses to its `.ole1.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use ole_cfb_read::{CompoundFile, EntryKind, Error, ObjectKind, Ole1Body, Ole1Object};
use sha2::{Digest, Sha256};

fn fixture(name: &str) -> Vec<u8> {
    let p = testkit::fixture("oleds").join(name);
    std::fs::read(&p)
        .unwrap_or_else(|e| panic!("{}: {e} (run `cargo xtask fixtures oleds`)", p.display()))
}

fn text(name: &str) -> String {
    String::from_utf8(fixture(name)).unwrap()
}

fn sha256(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn kind(k: ObjectKind) -> String {
    format!("{k:?}")
}

/// The stream lines of a copied compound file, read by our reader and checked against the `cfb` crate.
fn copy_listing(copy: &[u8]) -> String {
    let ours = CompoundFile::open(copy).unwrap();
    assert!(ours.warnings().is_empty(), "{:?}", ours.warnings());
    let mut theirs = cfb::CompoundFile::open(std::io::Cursor::new(copy)).unwrap();
    let mut out = String::new();
    for e in ours
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
    {
        let data = ours.stream(&e.path).unwrap();
        let want = common::cfb_crate_stream(&mut theirs, &e.path);
        assert_eq!(data.as_ref(), want.as_slice(), "{}", e.path);
        out.push_str(&format!(
            "\t{}\t{}\t{}\n",
            testkit::cfb::escape_controls(&e.path),
            data.len(),
            sha256(&data)
        ));
    }
    out
}

#[test]
fn objects_cfb_unwraps_every_storage_as_its_golden_says() {
    let data = fixture("objects.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(cfb.warnings().is_empty(), "{:?}", cfb.warnings());
    let mut got = String::new();
    for e in cfb
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Storage && e.path.starts_with("ObjectPool/"))
        .filter(|e| e.path.matches('/').count() == 1)
    {
        let o = cfb.embedded_object(&e.path).unwrap();
        assert!(o.warnings.is_empty(), "{}: {:?}", e.path, o.warnings);
        let media = o.media_type.as_deref().unwrap_or("-");
        match o.kind {
            ObjectKind::CompoundDocument(_) => {
                let copy = CompoundFile::open(&o.data).unwrap();
                let clsid: String = copy
                    .root_clsid()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                assert_eq!(copy.root_clsid(), e.clsid, "{}", e.path);
                got.push_str(&format!(
                    "{}\t{}\t{}\t{}\t{media}\tcopy\t{clsid}\n",
                    e.path,
                    kind(o.kind),
                    o.file_name,
                    o.extension
                ));
                got.push_str(&copy_listing(&o.data));
            }
            _ => got.push_str(&format!(
                "{}\t{}\t{}\t{}\t{media}\t{}\t{}\n",
                e.path,
                kind(o.kind),
                o.file_name,
                o.extension,
                o.data.len(),
                sha256(&o.data)
            )),
        }
    }
    assert_eq!(got, text("objects.cfb.objects.txt"));
}

#[test]
fn the_package_keeps_its_paths_and_the_comp_obj_its_names() {
    let data = fixture("objects.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    let o = cfb.embedded_object("ObjectPool/_1001").unwrap();
    assert_eq!(
        o.source_path.as_deref(),
        Some("C:\\Users\\ann\\報告 Q1.txt")
    );
    let comp = o.comp_obj.unwrap();
    assert_eq!(comp.prog_id.as_deref(), Some("Package"));
    let o = cfb.embedded_object("/ObjectPool/_1003/").unwrap();
    assert_eq!(o.comp_obj.unwrap().user_type, "Microsoft Excel Worksheet");
    // The whole file is no object of a known kind: it copies out as a storage.
    let root = cfb.embedded_object("").unwrap();
    assert_eq!(root.file_name, "object.ole");
    assert_eq!(root.data, data);
}

#[test]
fn ole1_objects_parse_and_unwrap_as_their_goldens_say() {
    for name in ["package.objdata", "word.objdata", "link.objdata"] {
        let data = fixture(name);
        let o = Ole1Object::parse(&data).unwrap();
        assert!(o.warnings.is_empty(), "{name}: {:?}", o.warnings);
        assert_eq!(o.len, data.len(), "{name}");
        let h = &o.header;
        let mut got = format!(
            "header\t{}\t{}\t{}\t{}\n",
            h.format_id, h.class_name, h.topic_name, h.item_name
        );
        match &o.body {
            Ole1Body::Embedded { native_data } => got.push_str(&format!(
                "native\t{}\t{}\n",
                native_data.len(),
                sha256(native_data)
            )),
            Ole1Body::Linked {
                network_name,
                link_update_option,
            } => got.push_str(&format!("link\t{network_name}\t{link_update_option}\n")),
        }
        let p = o.presentation.as_ref().unwrap();
        let dim = |v: Option<i32>| v.map_or("-".to_owned(), |v| v.to_string());
        got.push_str(&format!(
            "presentation\t{}\t{:?}\t{}\t{}\t{}\t{}\n",
            p.class_name,
            p.format,
            dim(p.width),
            dim(p.height),
            p.data.len(),
            sha256(p.data)
        ));
        match o.embedded_object().unwrap() {
            Some(e) => got.push_str(&format!(
                "object\t{}\t{}\t{}\t{}\t{}\t{}\n",
                kind(e.kind),
                e.file_name,
                e.extension,
                e.media_type.as_deref().unwrap_or("-"),
                e.data.len(),
                sha256(&e.data)
            )),
            None => got.push_str("object\t-\n"),
        }
        assert_eq!(got, text(&format!("{name}.ole1.txt")), "{name}");
    }
}

#[test]
fn cut_objdata_keeps_what_it_can_and_never_panics() {
    for name in ["package.objdata", "word.objdata", "link.objdata"] {
        let data = fixture(name);
        for cut in 0..data.len() {
            if let Ok(o) = Ole1Object::parse(&data[..cut]) {
                assert!(o.len <= cut);
                let _ = o.embedded_object();
            }
        }
    }
}

#[test]
fn mutated_objdata_and_packages_never_panic() {
    let mut rng = testkit::rng::Rng::new(0x0001_E0D5);
    for name in ["package.objdata", "word.objdata", "link.objdata"] {
        let data = fixture(name);
        for k in 0..300 {
            let (m, what) = testkit::rng::mutate(&data, k, &mut rng);
            if let Ok(o) = Ole1Object::parse(&m) {
                assert!(o.len <= m.len(), "{name}: {what}");
                if let Ok(Some(e)) = o.embedded_object() {
                    assert!(e.data.len() <= m.len(), "{name}: {what}");
                }
            }
            let _ = ole_cfb_read::Package::parse(&m);
            let _ = ole_cfb_read::CompObj::parse(&m);
        }
    }
}

#[test]
fn streams_sharing_one_chain_cannot_blow_up_a_copy() {
    let data = fixture("shared-sectors.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    // Each stream alone reads as its chain holds.
    assert_eq!(cfb.stream("Alias3").unwrap().len(), 40_000);
    let err = cfb.copy_storage("").unwrap_err();
    assert!(
        matches!(
            err,
            Error::LimitExceeded {
                what: "bytes copied out of the storage (more than the file holds)",
                ..
            }
        ),
        "{err}"
    );
    assert!(text("shared-sectors.cfb.error.txt").starts_with("LimitExceeded"));
}
