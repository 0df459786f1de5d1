//! `cargo xtask`: the project's tasks, in one table.
//!
//! Run `cargo xtask help` for the list.

mod bench;
mod cfb_strip;
mod fixtures;
mod fuzz_seeds;
mod gen_afm;
mod gen_charsets;
mod gen_cmaps;
mod gen_entities;
mod gen_hwp_chars;
mod harden_check;
mod mutate;
mod util;

/// `cargo xtask compare`: textract against the peer tools (issue 3).
mod compare;

use std::process::ExitCode;

/// A task: its name, what runs it, and one line of help.
type Task = (
    &'static str,
    fn(&[String]) -> Result<(), String>,
    &'static str,
);

/// Every task `cargo xtask` knows, one row each. Add a row when a task works.
#[rustfmt::skip]
const TASKS: &[Task] = &[
    ("fixtures", fixtures::run, "regenerate fixtures/ deterministically (optionally only the named groups)"),
    ("cfb-strip", cfb_strip::run, "copy a compound file without the named streams (default: the summary information, whose thumbnail makes LibreOffice's .ppt 600 KB)"),
    ("bench", bench::run, "run the criterion benches of all crates and print a one-line summary of each"),
    ("compare", compare::run, "time and score textract against the peer tools on the corpus (--help for options)"),
    ("fuzz-seeds", fuzz_seeds::run, "seed fuzz/corpus/<target>/ from fixtures/ (never from the shared corpus)"),
    ("harden-check", harden_check::run, "release CLI once per file over ../shared/corpus and fixtures/hostile: exit 0/1, one JSON line, under 2 s each"),
    ("mutate", mutate::run, "run the corpus mutation test in release mode with N mutations per file (default 64)"),
    ("gen-afm", gen_afm::run, "regenerate pdf-text's standard-14 font widths from fonts-urw-base35 AFM files"),
    ("gen-charsets", gen_charsets::run, "regenerate html-charset's tables for EUC-TW, IBM855 and Johab from the system's iconv and Debian unicode-data"),
    ("gen-hwp-chars", gen_hwp_chars::run, "regenerate hwp-text's character tables (Hanyang PUA, HWP 3 hchar) from PyPI hypua2jamo and glibc's EUC-KR and JOHAB charmaps"),
    ("gen-entities", gen_entities::run, "regenerate html-text's named character references from Python's html.entities.html5"),
    ("gen-cmaps", gen_cmaps::run, "regenerate pdf-cmap's tables (CMaps, CID to Unicode, encodings, glyph list) from registry packages"),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        print_help();
        return ExitCode::from(2);
    };
    if name == "help" || name == "--help" || name == "-h" {
        print_help();
        return ExitCode::SUCCESS;
    }
    let Some(&(task_name, run, _)) = TASKS.iter().find(|t| t.0 == name) else {
        eprintln!("xtask: unknown task `{name}`\n");
        print_help();
        return ExitCode::from(2);
    };
    match run(&args[1..]) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {task_name}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn print_help() {
    println!("usage: cargo xtask <task> [args]\n\ntasks:");
    for (name, _, help) in TASKS {
        println!("  {name:<12} {help}");
    }
}
