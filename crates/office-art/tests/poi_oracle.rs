//! Apache POI as an oracle for the pictures: on every corpus `.ppt` (HSLF
//! `getPictureData`) and `.xls` (HSSF `getAllPictures`) both read, the
//! pictures come out byte-identical. Known, documented differences are
//! compared in their own form: HSSF returns WMF without the placeable
//! header POI's HSLF adds (and we add), so for WMF from Excel the bytes
//! after our 22-byte header are compared. Needs `java`, `javac` and
//! Debian's `libapache-poi-java`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use office_art::{BlipType, DrawingGroup, Options};
use ole_cfb_read::CompoundFile;
use sha2::{Digest, Sha256};

const JAVA: &str = r#"import java.io.*;
import java.security.MessageDigest;
import org.apache.poi.hslf.usermodel.*;
import org.apache.poi.hssf.usermodel.*;

public class PoiPictures {
    static String hex(byte[] d) throws Exception {
        StringBuilder s = new StringBuilder();
        for (byte b : MessageDigest.getInstance("SHA-256").digest(d)) s.append(String.format("%02x", b));
        return s.toString();
    }
    public static void main(String[] args) throws Exception {
        for (String f : args) {
            StringBuilder out = new StringBuilder(f);
            try (InputStream in = new FileInputStream(f)) {
                if (f.endsWith(".ppt") || f.endsWith(".pps")) {
                    for (HSLFPictureData p : new HSLFSlideShow(in).getPictureData())
                        out.append("\t").append(hex(p.getData()));
                } else {
                    for (HSSFPictureData p : new HSSFWorkbook(in).getAllPictures())
                        out.append("\t").append(hex(p.getData()));
                }
            } catch (Throwable e) {
                out = new StringBuilder(f).append("\tERROR");
            }
            System.out.println(out);
        }
    }
}
"#;

fn sha256(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Our pictures of a file, as hashes in POI's form (see the module doc).
fn ours(path: &Path) -> Option<Vec<String>> {
    let data = std::fs::read(path).unwrap();
    let cfb = CompoundFile::open(&data).ok()?;
    let excel = path.extension().is_some_and(|e| e == "xls");
    let group = if excel {
        DrawingGroup::parse(&common::xls_drawing_group(&cfb)?, None, &Options::default())
    } else {
        let (dgg, pictures) = common::ppt_drawing_group(&cfb)?;
        DrawingGroup::parse(&dgg, Some(&pictures), &Options::default())
    }
    .ok()?;
    Some(
        group
            .bstore
            .blips()
            .map(|(_, b)| {
                if excel && b.blip_type == BlipType::Wmf {
                    sha256(&b.data[22..])
                } else {
                    sha256(&b.data)
                }
            })
            .collect(),
    )
}

#[test]
fn pictures_are_byte_identical_to_apache_poi() {
    let Some(mut files) = common::compound_files("pictures_poi", "ppt") else {
        return;
    };
    files.extend(common::compound_files("pictures_poi", "xls").unwrap_or_default());
    let Some(program) = testkit::corpus::require(
        testkit::poi::Program::compile("PoiPictures", JAVA).ok(),
        "pictures_are_byte_identical_to_apache_poi",
        "java, javac and /usr/share/java/poi*.jar (apt install libapache-poi-java)",
    ) else {
        return;
    };
    let out = program.run(&files).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut compared = (0, 0);
    let mut failures = Vec::new();
    for line in stdout.lines() {
        let mut cols = line.split('\t');
        let path = PathBuf::from(cols.next().unwrap());
        let theirs: Vec<&str> = cols.collect();
        if theirs == ["ERROR"] || theirs.is_empty() {
            continue;
        }
        let Some(ours) = ours(&path) else {
            failures.push(format!(
                "{}: POI reads {} pictures, we none",
                common::short(&path),
                theirs.len()
            ));
            continue;
        };
        let count = |v: &[&str]| {
            let mut m: BTreeMap<String, usize> = BTreeMap::new();
            for h in v {
                *m.entry((*h).to_owned()).or_default() += 1;
            }
            m
        };
        let ours_ref: Vec<&str> = ours.iter().map(String::as_str).collect();
        if count(&ours_ref) != count(&theirs) {
            failures.push(format!(
                "{}: {} pictures, POI {}; differing: {:?}",
                common::short(&path),
                ours.len(),
                theirs.len(),
                ours_ref
                    .iter()
                    .filter(|h| !theirs.contains(h))
                    .collect::<Vec<_>>()
            ));
        }
        compared.0 += 1;
        compared.1 += theirs.len();
    }
    println!(
        "POI oracle: {} files, {} pictures compared",
        compared.0, compared.1
    );
    assert!(compared.1 >= 40, "only {} pictures compared", compared.1);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
