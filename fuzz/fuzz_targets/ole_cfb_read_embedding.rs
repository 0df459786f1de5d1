//! Fuzzes `ole-cfb-read`'s OLE embedding layer: the input as a compound
//! file (every storage unwrapped as an embedded object, the whole file copied
//! out and read back: the copy must hold the same streams), and the same
//! bytes as an OLE 1.0 object (`\objdata`), Packager native data, an
//! `\x01Ole10Native` and a `\x01CompObj` stream.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ole_cfb_read::{
    CompObj, CompoundFile, EntryKind, Ole1Object, OleNativeStream, Package,
};

fuzz_target!(|data: &[u8]| {
    if let Ok(o) = Ole1Object::parse(data) {
        assert!(o.len <= data.len());
        if let Ok(Some(e)) = o.embedded_object() {
            assert!(e.data.len() <= data.len());
        }
    }
    if let Ok(p) = Package::parse(data) {
        assert!(p.data.len() <= data.len());
        let _ = p.file_name();
    }
    if let Ok(s) = OleNativeStream::parse(data) {
        let _ = Package::parse(s.native_data);
    }
    let _ = CompObj::parse(data);

    let Ok(cfb) = CompoundFile::open(data) else {
        return;
    };
    let bound = 2 * data.len() + 64 * 1024;
    for e in cfb.entries().iter().filter(|e| e.kind == EntryKind::Storage) {
        if let Ok(o) = cfb.embedded_object(&e.path) {
            assert!(o.data.len() <= bound);
        }
    }
    let _ = cfb.embedded_object("");
    let Ok(copy) = cfb.copy_storage("") else {
        return;
    };
    assert!(copy.len() <= bound);
    let again = CompoundFile::open(&copy).expect("a copy opens");
    assert!(again.warnings().is_empty(), "{:?}", again.warnings());
    // Streams are copied as read: the copy reads back the same bytes. A
    // damaged directory can name two entries alike (two `_1006` storages):
    // their paths do not say which is which, so only unique paths compare.
    let unique = |path: &str| cfb.entries().iter().filter(|c| c.path == path).count() == 1;
    for e in cfb
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream && unique(&e.path))
    {
        let Ok(s) = cfb.read_entry(e) else { continue };
        if let Some(c) = again.entries().iter().find(|c| c.path == e.path) {
            let back = again.read_entry(c).expect("a copied stream reads");
            assert_eq!(back.data, s.data, "{}", e.path);
        }
    }
});
