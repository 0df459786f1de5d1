//! Prints a `.doc` file's parts, metadata and embedded files, read with
//! `ole-cfb-read` and `msdoc-text` alone:
//! `cargo run -p msdoc-text --example doc-parts -- FILE.doc [--extract DIR]`.
//! With `--extract DIR`, writes every embedded file under `DIR`.

use std::process::ExitCode;

use msdoc_text::{Options, WordDocument};
use ole_cfb_read::CompoundFile;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let extract = args
        .iter()
        .position(|a| a == "--extract")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let mut status = ExitCode::SUCCESS;
    for path in args
        .iter()
        .filter(|a| !a.starts_with("--") && Some(*a) != extract.as_ref())
    {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        let doc = CompoundFile::open(&bytes)
            .map_err(msdoc_text::Error::Container)
            .and_then(|cf| WordDocument::from_compound_file(&cf, &Options::default()));
        let doc = match doc {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{path}: {e}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        println!("== {path}");
        if let Some(t) = &doc.metadata().title {
            println!("title: {t}");
        }
        for part in doc.parts() {
            let name = part
                .name
                .as_deref()
                .map(|n| format!(" {n}"))
                .unwrap_or_default();
            let attrs: Vec<String> = part
                .attributes
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            println!("-- {}{name} {}", part.kind, attrs.join(" "));
            println!("{}", part.text);
        }
        for file in doc.embedded() {
            println!(
                "embedded {} ({}, {}, {} bytes)",
                file.path,
                file.kind,
                file.media_type.as_deref().unwrap_or("?"),
                file.data.len()
            );
            if let Some(dir) = &extract {
                let out = std::path::Path::new(dir).join(file.path.trim_start_matches('/'));
                let written = out
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|()| std::fs::write(&out, &file.data));
                if let Err(e) = written {
                    eprintln!("{}: {e}", out.display());
                }
            }
        }
        for w in doc.warnings() {
            eprintln!("{path}: warning: {w}");
        }
    }
    status
}
