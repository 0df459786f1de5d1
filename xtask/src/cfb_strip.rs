//! `cargo xtask cfb-strip IN OUT [STREAM...]`: copies a compound file
//! without the named streams (default: `\u{5}SummaryInformation`). The .ppt
//! structure fixtures are LibreOffice's output; its summary information
//! holds a ~600 KB thumbnail of the first slide that no test reads, so the
//! committed copy leaves it out and keeps every other stream byte for byte.

use std::io::Read;

pub fn run(args: &[String]) -> Result<(), String> {
    let [input, output, drop @ ..] = args else {
        return Err("usage: cargo xtask cfb-strip IN OUT [STREAM...]".into());
    };
    let default = ["\u{5}SummaryInformation".to_string()];
    let drop: &[String] = if drop.is_empty() { &default } else { drop };
    let mut cf = cfb::open(input).map_err(|e| format!("{input}: {e}"))?;
    let paths: Vec<String> = cf
        .walk()
        .filter(|e| e.is_stream())
        .map(|e| {
            e.path()
                .to_string_lossy()
                .trim_start_matches('/')
                .to_string()
        })
        .filter(|p| !drop.iter().any(|d| d == p))
        .collect();
    let mut streams: Vec<(String, Vec<u8>)> = Vec::new();
    for p in paths {
        let mut data = Vec::new();
        cf.open_stream(format!("/{p}"))
            .and_then(|mut s| s.read_to_end(&mut data))
            .map_err(|e| format!("{input}: {p}: {e}"))?;
        streams.push((p, data));
    }
    let refs: Vec<(&str, &[u8])> = streams
        .iter()
        .map(|(p, d)| (p.as_str(), d.as_slice()))
        .collect();
    std::fs::write(output, testkit::cfb::compound_file(&refs)).map_err(|e| format!("{output}: {e}"))
}
