//! `cfb-ls FILE`: prints `PATH<TAB>SIZE` for every stream of a compound file.
//! `cfb-ls --meta FILE`: prints both property sets as JSON.
//!
//! Control characters in names are written as `\x05`. Warnings go to stderr.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use ole_cfb_read::{CompoundFile, EntryKind, Error, PropertySet, PropertyValue};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (meta, file) = match args.as_slice() {
        [f] => (false, f),
        [flag, f] if flag == "--meta" => (true, f),
        _ => {
            eprintln!("usage: cfb-ls [--meta] FILE");
            return ExitCode::from(2);
        }
    };
    let data = match std::fs::read(file) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("cfb-ls: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cfb = match CompoundFile::open(&data) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cfb-ls: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for w in cfb.warnings() {
        eprintln!("cfb-ls: {file}: warning: {w}");
    }
    if meta {
        let mut out = String::from("{");
        write_set(&mut out, "SummaryInformation", cfb.summary_information());
        out.push(',');
        write_set(
            &mut out,
            "DocumentSummaryInformation",
            cfb.document_summary_information(),
        );
        if let Some(hwp) = cfb.hwp_summary_information() {
            out.push(',');
            write_set(&mut out, "HwpSummaryInformation", Some(hwp));
        }
        out.push('}');
        // A closed pipe (`cfb-ls --meta f | head`) is not worth a panic.
        let _ = writeln!(std::io::stdout().lock(), "{out}");
    } else {
        let mut stdout = std::io::stdout().lock();
        for e in cfb.entries().iter().filter(|e| e.kind == EntryKind::Stream) {
            if writeln!(stdout, "{}\t{}", escape_name(&e.path), e.size).is_err() {
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

/// Writes control characters as `\xNN`.
fn escape_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            let _ = write!(out, "\\x{:02x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

fn write_set(out: &mut String, name: &str, set: Option<Result<PropertySet, Error>>) {
    let _ = write!(out, "{}:", json_str(name));
    match set {
        None => out.push_str("null"),
        Some(Err(e)) => {
            let _ = write!(out, "{{\"error\":{}}}", json_str(&e.to_string()));
        }
        Some(Ok(set)) => {
            out.push_str("{\"sections\":[");
            for (i, s) in set.sections.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let fmtid: String = s.fmtid.iter().map(|b| format!("{b:02x}")).collect();
                let _ = write!(out, "{{\"fmtid\":\"{fmtid}\",\"code_page\":");
                match s.code_page {
                    Some(cp) => {
                        let _ = write!(out, "{cp}");
                    }
                    None => out.push_str("null"),
                }
                out.push_str(",\"properties\":{");
                for (j, p) in s.properties.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    let key = s
                        .name_of(p.id)
                        .map_or_else(|| p.id.to_string(), str::to_owned);
                    let _ = write!(out, "{}:", json_str(&key));
                    json_value(out, &p.value);
                }
                out.push_str("}}");
            }
            out.push_str("],\"warnings\":[");
            for (i, w) in set.warnings.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&json_str(&w.to_string()));
            }
            out.push_str("]}");
        }
    }
}

fn json_value(out: &mut String, v: &PropertyValue) {
    let _ = match v {
        PropertyValue::String(s) => write!(out, "{}", json_str(s)),
        PropertyValue::FileTime(t) => write!(out, "{}", json_str(&t.to_rfc3339())),
        PropertyValue::Bool(b) => write!(out, "{b}"),
        PropertyValue::R4(f) if f.is_finite() => write!(out, "{f}"),
        PropertyValue::R8(f) | PropertyValue::Date(f) if f.is_finite() => write!(out, "{f}"),
        PropertyValue::Vector(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_value(out, item);
            }
            out.push(']');
            Ok(())
        }
        PropertyValue::Blob(b) | PropertyValue::ClipboardData(b) => {
            write!(out, "{{\"bytes\":{}}}", b.len())
        }
        other => match other.as_i64() {
            Some(n) => write!(out, "{n}"),
            None => write!(out, "{}", json_str(&format!("{other:?}"))),
        },
    };
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
