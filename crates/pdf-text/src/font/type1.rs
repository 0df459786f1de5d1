//! The built-in encoding of an embedded Type 1 program (`FontFile`): its
//! `dup <code> /<name> put` entries.

/// `dup <code> /<name> put` entries of a Type 1 program's built-in encoding.
pub(super) fn type1_builtin_encoding(program: &[u8]) -> Vec<(u8, String)> {
    let mut out = Vec::new();
    // The encoding lives in the cleartext part, before `eexec`.
    let end = memchr_find(program, b"eexec")
        .unwrap_or(program.len())
        .min(program.len());
    let clear = program.get(..end).unwrap_or_default();
    if memchr_find(clear, b"StandardEncoding def").is_some() {
        return out;
    }
    let mut pos = 0;
    while let Some(rel) = memchr_find(clear.get(pos..).unwrap_or_default(), b"dup ") {
        pos += rel + 4;
        let rest = clear.get(pos..).unwrap_or_default();
        let mut parts = rest.splitn(3, |b| *b == b' ');
        let (Some(code), Some(name)) = (parts.next(), parts.next()) else {
            continue;
        };
        let Some(code) = std::str::from_utf8(code)
            .ok()
            .and_then(|s| s.parse::<u8>().ok())
        else {
            continue;
        };
        let Some(name) = name.strip_prefix(b"/") else {
            continue;
        };
        out.push((code, String::from_utf8_lossy(name).into_owned()));
        if out.len() > 256 {
            break;
        }
    }
    out
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type1_encoding_from_cleartext() {
        let prog = b"%!PS-AdobeFont-1.0\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 65 /Alpha put\ndup 97 /a put\nreadonly def\ncurrentfile eexec\x00\x01dup 66 /B put";
        assert_eq!(
            type1_builtin_encoding(prog),
            vec![(65, "Alpha".to_string()), (97, "a".to_string())]
        );
        assert!(type1_builtin_encoding(b"/Encoding StandardEncoding def dup 1 /x put").is_empty());
    }
}
