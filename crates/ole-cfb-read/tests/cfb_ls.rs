//! The `cfb-ls` example: its listing equals the fixtures' `.streams.txt` and
//! `--meta` prints valid JSON with the decoded property sets.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;
use std::process::Command;

/// `cargo test` builds examples next to `deps/`.
fn cfb_ls() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let p = exe
        .parent()?
        .parent()?
        .join("examples")
        .join(format!("cfb-ls{}", std::env::consts::EXE_SUFFIX));
    if p.exists() {
        Some(p)
    } else {
        println!("cfb-ls tests skipped: {} not built", p.display());
        None
    }
}

#[test]
fn lists_streams_as_path_tab_size() {
    let Some(bin) = cfb_ls() else { return };
    for name in ["simple-v3.cfb", "korean-v4.cfb"] {
        let out = Command::new(&bin)
            .arg(common::fixtures().join(name))
            .output()
            .unwrap();
        assert!(out.status.success());
        let want = std::fs::read_to_string(common::fixtures().join(format!("{name}.streams.txt")))
            .unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), want);
        assert!(want.contains("\\x05SummaryInformation\t"));
    }
}

#[test]
fn meta_prints_property_sets_as_json() {
    let Some(bin) = cfb_ls() else { return };
    let out = Command::new(&bin)
        .arg("--meta")
        .arg(common::fixtures().join("simple-v3.cfb"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let summary = &v["SummaryInformation"]["sections"][0];
    assert_eq!(summary["code_page"], 932);
    assert_eq!(summary["properties"]["2"], "吾輩は猫である");
    assert_eq!(summary["properties"]["12"], "2024-01-02T03:04:05Z");
    let user = &v["DocumentSummaryInformation"]["sections"][1];
    assert_eq!(user["properties"]["Project"], "ole-cfb-read");
}

#[test]
fn reports_a_broken_file_on_stderr_with_failure() {
    let Some(bin) = cfb_ls() else { return };
    let out = Command::new(&bin)
        .arg(common::fixtures().join("directory-loop.cfb"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cycle in directory tree"));
}
