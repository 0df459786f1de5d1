//! Mutated fixtures and corpus files, and mutated streams inside them
//! (`EncryptionInfo`, `EncryptedPackage`, `Workbook`, the binary headers),
//! never make decryption panic, hang or allocate without bound: each run
//! gives plaintext, warnings or a typed error. A failure names the seed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::{Duration, Instant};

use common::open;
use office_crypto::{Options, ooxml, ppt, xls};
use ole_cfb_read::CompoundFile;
use testkit::rng::{MUTATIONS, Rng, mutate};

/// Short limits: a mutated spin count or size must fail fast.
fn options(password: Option<&str>) -> Options {
    let mut o = Options::default();
    o.password = password.map(str::to_owned);
    o.limits.max_spin_count = 200_000;
    o.limits.max_output_bytes = 64 << 20;
    o.limits.deadline = Some(Instant::now() + Duration::from_secs(2));
    o
}

/// (name, bytes, password) of every file to mutate.
fn inputs() -> Vec<(String, Vec<u8>, Option<String>)> {
    let mut out = Vec::new();
    let dir = testkit::fixture("crypto");
    let pw = common::passwords(&dir);
    let ext = testkit::fixture("crypto-external");
    for (d, password_of) in [(dir, Some(pw)), (ext, None)] {
        let mut names: Vec<String> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| {
                n.ends_with(".xls")
                    || n.ends_with(".docx")
                    || n.ends_with(".doc")
                    || n.ends_with(".xlsx")
            })
            .collect();
        names.sort();
        for n in names {
            let password = match &password_of {
                Some(map) => map.get(&n).cloned(),
                None => Some("secret".to_string()),
            };
            out.push((n.clone(), std::fs::read(d.join(&n)).unwrap(), password));
        }
    }
    if let Some(corpus) = testkit::corpus::dir() {
        for (rel, password) in [
            ("xls/poi/password.xls", "password"),
            ("xls/poi/xor-encryption-abc.xls", "abc"),
            ("ppt/poi/Password_Protected-hello.ppt", "hello"),
            ("doc/poi/password_tika_binaryrc4.doc", "tika"),
            ("ooxml/poi/protected_passtika.xlsx", "tika"),
        ] {
            if let Ok(b) = std::fs::read(corpus.join(rel)) {
                out.push((rel.to_string(), b, Some(password.to_string())));
            }
        }
    }
    out
}

#[test]
fn mutated_files_never_panic() {
    let mut runs = 0;
    for (name, bytes, password) in inputs() {
        for k in 0..2 * MUTATIONS {
            let seed = 0xC0FFEE ^ (k as u64) ^ (bytes.len() as u64) << 16;
            let mut rng = Rng::new(seed);
            let (m, what) = mutate(&bytes, k, &mut rng);
            let result = std::panic::catch_unwind(|| open(&m, &options(password.as_deref())));
            assert!(result.is_ok(), "{name}: panic after {what} (seed {seed})");
            runs += 1;
        }
    }
    assert!(runs > 200, "{runs}");
}

/// Mutates the streams the crate reads directly, where a file-level
/// mutation would mostly break the compound file instead.
#[test]
fn mutated_streams_never_panic() {
    let mut runs = 0;
    for (name, bytes, password) in inputs() {
        let Ok(cf) = CompoundFile::open(&bytes) else {
            continue;
        };
        let o = options(password.as_deref());
        if let (Ok(info), Ok(package)) = (
            cf.stream(ooxml::ENCRYPTION_INFO),
            cf.stream(ooxml::ENCRYPTED_PACKAGE),
        ) {
            for k in 0..3 * MUTATIONS {
                let mut rng = Rng::new(k as u64);
                let (mi, what) = mutate(&info, k, &mut rng);
                let r = std::panic::catch_unwind(|| ooxml::decrypt_streams(&mi, &package, &o));
                assert!(r.is_ok(), "{name}: EncryptionInfo {what} (seed {k})");
                let (mp, what) = mutate(&package, k, &mut rng);
                let r = std::panic::catch_unwind(|| ooxml::decrypt_streams(&info, &mp, &o));
                assert!(r.is_ok(), "{name}: EncryptedPackage {what} (seed {k})");
                runs += 2;
            }
        }
        if let Ok(wb) = cf.stream("Workbook") {
            for k in 0..3 * MUTATIONS {
                let mut rng = Rng::new(k as u64);
                let (m, what) = mutate(&wb, k, &mut rng);
                let r = std::panic::catch_unwind(|| xls::decrypt_workbook(&m, &o));
                assert!(r.is_ok(), "{name}: Workbook {what} (seed {k})");
                // The FILEPASS payload alone, mutated from its start.
                let fp = m.get(24..m.len().min(24 + 300)).unwrap_or(&[]);
                let r = std::panic::catch_unwind(|| xls::unlock(fp, o.password.as_deref()));
                assert!(r.is_ok(), "{name}: FILEPASS {what} (seed {k})");
                runs += 2;
            }
        }
        if let Ok(table) = cf.stream("1Table") {
            for k in 0..3 * MUTATIONS {
                let mut rng = Rng::new(k as u64);
                let head = &table[..table.len().min(512)];
                let (m, what) = mutate(head, k, &mut rng);
                let r = std::panic::catch_unwind(|| ppt::unlock(&m, o.password.as_deref()));
                assert!(r.is_ok(), "{name}: encryption header {what} (seed {k})");
                runs += 1;
            }
        }
    }
    assert!(runs > 200, "{runs}");
}
