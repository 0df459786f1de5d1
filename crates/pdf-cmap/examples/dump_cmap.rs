//! Prints every mapping of a CMap file: `code<TAB>cid-or-unicode`, one a line.
//!
//! `cargo run -p pdf-cmap --example dump_cmap -- FILE` (or a predefined name with `--predefined`).

use std::process::ExitCode;

use pdf_cmap::CMap;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cmap = match args.as_slice() {
        [flag, name] if flag == "--predefined" => match CMap::predefined(name) {
            Some(c) => c.clone(),
            None => {
                eprintln!("{name}: not a predefined CMap");
                return ExitCode::FAILURE;
            }
        },
        [path] => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| CMap::parse(&b).map_err(|e| e.to_string()))
        {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("usage: dump_cmap FILE | --predefined NAME");
            return ExitCode::from(2);
        }
    };
    for w in cmap.warnings() {
        eprintln!("warning: {w}");
    }
    for (code, s) in cmap.unicode_mappings() {
        let hex: String = s.encode_utf16().map(|u| format!("{u:04X}")).collect();
        println!(
            "{:0width$X}\tU:{hex}",
            code.value,
            width = usize::from(code.len) * 2
        );
    }
    for r in cmap.cid_ranges() {
        for v in r.low..=r.high.min(r.low.saturating_add(0xffff)) {
            println!(
                "{:0width$X}\tC:{}",
                v,
                r.cid + (v - r.low),
                width = usize::from(r.len) * 2
            );
        }
    }
    ExitCode::SUCCESS
}
