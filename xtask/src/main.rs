//! `cargo xtask`: the project's tasks, in one table.
//!
//! Run `cargo xtask help` for the list.

mod bench;
mod fixtures;
mod gen_afm;
mod gen_cmaps;
mod util;

use std::process::ExitCode;

/// A task: its name, what runs it, and one line of help.
struct Task {
    name: &'static str,
    run: fn(&[String]) -> Result<(), String>,
    help: &'static str,
}

/// Every task `cargo xtask` knows. Add a row here when a task works.
const TASKS: &[Task] = &[
    Task {
        name: "fixtures",
        run: fixtures::run,
        help: "regenerate fixtures/ deterministically (optionally only the named groups)",
    },
    Task {
        name: "bench",
        run: bench::run,
        help: "run the criterion benches of all crates and print a one-line summary of each",
    },
    Task {
        name: "gen-afm",
        run: gen_afm::run,
        help: "regenerate pdf-text's standard-14 font widths from fonts-urw-base35 AFM files",
    },
    Task {
        name: "gen-cmaps",
        run: gen_cmaps::run,
        help: "regenerate pdf-cmap's tables (CMaps, CID to Unicode, encodings, glyph list) from registry packages",
    },
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
    let Some(task) = TASKS.iter().find(|t| t.name == name) else {
        eprintln!("xtask: unknown task `{name}`\n");
        print_help();
        return ExitCode::from(2);
    };
    match (task.run)(&args[1..]) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {}: {e}", task.name);
            ExitCode::FAILURE
        }
    }
}

fn print_help() {
    println!("usage: cargo xtask <task> [args]\n\ntasks:");
    for t in TASKS {
        println!("  {:<10} {}", t.name, t.help);
    }
}
