//! Every `.xls` of the shared corpus: no panic; damaged files give an
//! error or text with warnings; every expected string is found (in the
//! text, or among the defined names, which are metadata); and calamine,
//! as an oracle for cell values, finds no string or number we miss.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use calamine::{Data, Reader, Xls, open_workbook};
use testkit::corpus::{Haystack, files, require_dir};
use xls_text::Error;

#[test]
fn corpus_xls_files() {
    let Some(dir) = require_dir("corpus_xls_files") else {
        return;
    };
    let mut failures = Vec::new();
    let (mut found, mut expected_total) = (0, 0);
    for e in files(&dir, "xls") {
        let data = std::fs::read(&e.path).unwrap();
        // The manifest names the password of an encrypted file: `password = "…"`.
        let mut options = xls_text::Options::default();
        options.password = e
            .notes
            .split("password = \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map(str::to_string);
        let result = xls_text::parse_with(&data, &options);
        let expected = e.expected().unwrap_or_default();
        expected_total += expected.len();
        match result {
            Ok(book) => {
                let mut hay = book.text();
                hay.push('\n');
                hay.push_str(&book.details.defined_names.join("\n"));
                let hay = Haystack::new(&hay);
                let missing = hay.missing(&expected);
                found += expected.len() - missing.len();
                if !missing.is_empty() {
                    failures.push(format!("{}: missing {missing:?}", e.rel));
                }
                if e.deliberately_broken() {
                    println!("{}: read with {} warnings", e.rel, book.warnings.len());
                }
            }
            Err(Error::Encrypted { scheme, .. }) if e.encrypted() => {
                // Decryption comes with the office-crypto crate.
                println!(
                    "{}: encrypted ({scheme}), {} expected strings not checked",
                    e.rel,
                    expected.len()
                );
            }
            Err(Error::Encrypted { .. }) if e.encrypted() && options.password.is_none() => {
                println!("{}: encrypted, the manifest names no password", e.rel);
            }
            Err(err) if e.deliberately_broken() => println!("{}: {err}", e.rel),
            Err(err) => failures.push(format!("{}: {err}", e.rel)),
        }
    }
    println!("expected strings found: {found} of {expected_total}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A calamine cell as the texts it may show: strings as stored, numbers as
/// integers (when whole) in plain or grouped digits, booleans in capitals.
fn shows(d: &Data) -> Option<Vec<String>> {
    match d {
        Data::String(s) if !s.trim().is_empty() => {
            Some(vec![s.split_whitespace().collect::<Vec<_>>().join(" ")])
        }
        Data::Bool(b) => Some(vec![if *b { "TRUE".into() } else { "FALSE".into() }]),
        Data::Int(i) => Some(vec![i.to_string()]),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e11 => {
            let plain = format!("{}", *f as i64);
            let mut grouped = String::new();
            for (i, c) in plain.trim_start_matches('-').chars().enumerate() {
                let left = plain.trim_start_matches('-').len() - i;
                if i > 0 && left % 3 == 0 {
                    grouped.push(',');
                }
                grouped.push(c);
            }
            Some(vec![plain, grouped])
        }
        _ => None,
    }
}

/// Cell values calamine reports that Excel does not show as such:
/// (file, sheet, value, what Excel shows).
const NOT_SHOWN: &[(&str, &str, &str, &str)] = &[
    (
        "xls/poi/StringContinueRecords.xls",
        "file load sequence",
        "3000",
        "the format \\#\\r\\e\\c shows the literal #rec, not the number",
    ),
    (
        "xls/poi/BOOK_in_capitals.xls",
        "301. exposures by cpty and agreement_301_NTTX_EXCEL.rpt",
        "41290",
        "format 50 dd\"-\"mmm\"-\"yyyy shows 16-Jan-2013",
    ),
];

#[test]
fn calamine_finds_no_value_we_miss() {
    let Some(dir) = require_dir("calamine_finds_no_value_we_miss") else {
        return;
    };
    let (mut checked, mut missed) = (0usize, Vec::new());
    for e in files(&dir, "xls") {
        if e.deliberately_broken() || e.encrypted() {
            continue;
        }
        let data = std::fs::read(&e.path).unwrap();
        let Ok(book) = xls_text::parse(&data) else {
            continue;
        };
        let Ok(mut wb): Result<Xls<_>, _> = open_workbook(&e.path) else {
            println!("{}: calamine cannot open it", e.rel);
            continue;
        };
        for name in wb.sheet_names() {
            let Ok(range) = wb.worksheet_range(&name) else {
                continue;
            };
            let Some(part) = book
                .parts
                .iter()
                .find(|p| p.name.as_deref() == Some(name.as_str()))
            else {
                missed.push(format!("{}: sheet {name:?} missing", e.rel));
                continue;
            };
            let text: String = part.text.split_whitespace().collect::<Vec<_>>().join(" ");
            for cell in range.used_cells() {
                let Some(options) = shows(cell.2) else {
                    continue;
                };
                checked += 1;
                let excused = NOT_SHOWN.iter().any(|(f, s, v, _)| {
                    *f == e.rel && *s == name && options.iter().any(|o| o == v)
                });
                if !excused && !options.iter().any(|o| text.contains(o.as_str())) {
                    if missed.len() < 50 {
                        missed.push(format!(
                            "{} {name}!{:?}: {:?}",
                            e.rel,
                            (cell.0, cell.1),
                            cell.2
                        ));
                    } else {
                        missed.push(String::new());
                    }
                }
            }
        }
    }
    println!(
        "calamine cell values checked: {checked}, missed: {}",
        missed.len()
    );
    assert!(checked > 10_000, "{checked}");
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}
