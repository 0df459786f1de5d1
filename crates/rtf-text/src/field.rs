//! Fields (RTF 1.9.1 "Fields"): the instruction (`\fldinst`) is not
//! text, the result (`\fldrslt`) is. Two instructions matter: `HYPERLINK`
//! (its URL, or `\l` bookmark, is the target of the result's link, read
//! here) and `EQ`, whose text stands in for a result the writer left empty
//! (`doc_model::eq_field_text`, shared with `.doc`).

/// The target of a `HYPERLINK "url"` (or `HYPERLINK \\l "bookmark"`)
/// instruction: the URL, or `#bookmark`.
pub(crate) fn hyperlink_target(instruction: &str) -> Option<String> {
    let t = instruction.trim_start();
    let rest = t
        .get(..9)
        .filter(|k| k.eq_ignore_ascii_case("HYPERLINK"))
        .and_then(|_| t.get(9..))?;
    let mut url = None;
    let mut anchor = None;
    let mut words = Args { rest };
    while let Some(word) = words.next() {
        match word.as_str() {
            "\\l" => anchor = words.next(),
            "\\o" | "\\t" => {
                words.next();
            }
            w if w.starts_with('\\') => {}
            _ if url.is_none() => url = Some(word),
            _ => {}
        }
    }
    let target = match (url, anchor) {
        (Some(u), Some(a)) => format!("{u}#{a}"),
        (Some(u), None) => u,
        (None, Some(a)) => format!("#{a}"),
        (None, None) => return None,
    };
    (!target.is_empty()).then_some(target)
}

/// The arguments of a field instruction: quoted strings (without their
/// quotes) and words.
struct Args<'a> {
    rest: &'a str,
}

impl Iterator for Args<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let r = self.rest.trim_start();
        if r.is_empty() {
            return None;
        }
        if let Some(q) = r.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            self.rest = q.get(end + 1..).unwrap_or("");
            return q.get(..end).map(str::to_owned);
        }
        let end = r.find(char::is_whitespace).unwrap_or(r.len());
        self.rest = r.get(end..).unwrap_or("");
        r.get(..end).map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyperlink_targets() {
        assert_eq!(
            hyperlink_target(" HYPERLINK \"https://example.org/a b\" ").as_deref(),
            Some("https://example.org/a b")
        );
        assert_eq!(
            hyperlink_target("HYPERLINK \\l \"_Toc1\"").as_deref(),
            Some("#_Toc1")
        );
        assert_eq!(
            hyperlink_target("hyperlink http://x.org \\o \"tip\"").as_deref(),
            Some("http://x.org")
        );
        assert_eq!(hyperlink_target("PAGE"), None);
        assert_eq!(hyperlink_target("HYPERLINK"), None);
    }
}
