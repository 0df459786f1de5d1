//! The text an `EQ` (equation) field shows, read from its field code
//! ([MS-DOC] and Word's field reference, "Field codes: Eq field"). Word
//! computes what an `EQ` field shows from its code and stores no result in
//! `.doc` files; LibreOffice writes ruby to RTF as an `EQ` field with an
//! empty result. Japanese ruby is `EQ \* jc2 \* "Font:MS Mincho" \* hps11
//! \o\ad(\s\up 10(とうきょう),東京)`: the base text `東京` with its reading
//! raised over it. The base is the text, as docx's `w:ruby` gives its
//! `w:rubyBase` and not the `w:rt` reading.

/// Deepest nesting of `EQ` elements followed; deeper ones give no text.
const MAX_DEPTH: usize = 32;

/// The text an `EQ` field shows, or `None` when `code` is not an `EQ`
/// field or shows no text.
///
/// Each element gives its arguments' text: `\o` (overstrike, ruby) its
/// arguments without the raised `\s` reading; `\f(a,b)` `a/b`; `\b`
/// (brackets) its text in its bracket characters; `\l` its arguments
/// joined by commas; `\a` and `\i` by spaces; `\r` (radical) its radicand;
/// `\s` and `\x` their text; `\d` nothing. Format switches (`\* jc2`,
/// `\* "Font:MS Mincho"`) are not text.
///
/// ```
/// let code = r#" EQ \* jc2 \* "Font:MS Mincho" \* hps11 \o\ad(\s\up 10(とうきょう),東京) "#;
/// assert_eq!(doc_model::eq_field_text(code).as_deref(), Some("東京"));
/// assert_eq!(doc_model::eq_field_text(r"EQ \f(1,2)").as_deref(), Some("1/2"));
/// assert_eq!(doc_model::eq_field_text(" PAGE "), None);
/// ```
pub fn eq_field_text(code: &str) -> Option<String> {
    let t = code.trim_start();
    let keyword = t.get(..2)?;
    if !keyword.eq_ignore_ascii_case("EQ") {
        return None;
    }
    let rest = t.get(2..)?;
    if rest.chars().next().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let chars: Vec<char> = rest.chars().collect();
    let mut p = Parser {
        chars: &chars,
        at: 0,
    };
    let text = p.sequence(0, false).text;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// One argument or sequence: its text, and whether it is nothing but a
/// raised or lowered `\s` element (a ruby reading).
struct Run {
    text: String,
    only_script: bool,
}

struct Parser<'a> {
    chars: &'a [char],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.at + k).copied()
    }

    /// Text and elements up to the end, or inside an argument list up to
    /// its `,` or `)` (not consumed).
    fn sequence(&mut self, depth: usize, in_args: bool) -> Run {
        let mut text = String::new();
        let mut elements = 0usize;
        let mut scripts = 0usize;
        let mut literal = false;
        while let Some(c) = self.peek() {
            match c {
                ',' | ')' if in_args => break,
                '\\' => match self.peek_at(1) {
                    Some(e @ (',' | '(' | ')' | '\\')) => {
                        self.at += 2;
                        text.push(e);
                        literal = true;
                    }
                    Some('*') => {
                        self.at += 2;
                        self.format_switch();
                    }
                    Some(l) if l.is_ascii_alphabetic() => {
                        self.at += 1;
                        let name = self.letters();
                        if let [e] = name.as_slice()
                            && "abdfilorsx".contains(e.to_ascii_lowercase())
                        {
                            let (t, script) = self.element(e.to_ascii_lowercase(), depth);
                            text.push_str(&t);
                            elements += 1;
                            scripts += usize::from(script);
                        } else {
                            // A stray option switch and its number.
                            self.number();
                        }
                    }
                    _ => {
                        self.at += 1;
                    }
                },
                _ => {
                    self.at += 1;
                    if !c.is_whitespace() {
                        literal = true;
                    }
                    text.push(c);
                }
            }
        }
        Run {
            text,
            only_script: elements > 0 && elements == scripts && !literal,
        }
    }

    fn letters(&mut self) -> Vec<char> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.at += 1;
        }
        self.chars.get(start..self.at).unwrap_or_default().to_vec()
    }

    /// An optional number after a switch (`\co2`, `\up 10`).
    fn number(&mut self) {
        let save = self.at;
        while self.peek() == Some(' ') {
            self.at += 1;
        }
        let start = self.at;
        if self.peek() == Some('-') {
            self.at += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            self.at = save;
        }
    }

    /// `\*` and its argument: a quoted string or one word.
    fn format_switch(&mut self) {
        while self.peek() == Some(' ') {
            self.at += 1;
        }
        if self.peek() == Some('"') {
            self.at += 1;
            while let Some(c) = self.peek() {
                self.at += 1;
                if c == '"' {
                    break;
                }
            }
        } else {
            while self
                .peek()
                .is_some_and(|c| !c.is_whitespace() && !matches!(c, '\\' | '(' | ')' | ','))
            {
                self.at += 1;
            }
        }
    }

    /// One element after its letter: its option switches, then its
    /// arguments in parentheses. Returns its text and whether it is `\s`.
    fn element(&mut self, kind: char, depth: usize) -> (String, bool) {
        let mut brackets: (Option<char>, Option<char>) = (None, None);
        // Options: `\al`, `\co2`, `\up 10`, `\lc\{`, …
        loop {
            while self.peek() == Some(' ') {
                self.at += 1;
            }
            if self.peek() != Some('\\')
                || !self.peek_at(1).is_some_and(|c| c.is_ascii_alphabetic())
            {
                break;
            }
            let save = self.at;
            self.at += 1;
            let name: String = self
                .letters()
                .iter()
                .collect::<String>()
                .to_ascii_lowercase();
            if name.len() < 2 {
                // The next element, not an option of this one.
                self.at = save;
                break;
            }
            if matches!(name.as_str(), "lc" | "rc" | "bc") {
                if self.peek() == Some('\\') {
                    self.at += 1;
                }
                let c = self.peek();
                if c.is_some() {
                    self.at += 1;
                }
                match name.as_str() {
                    "lc" => brackets.0 = c,
                    "rc" => brackets.1 = c,
                    _ => brackets = (c, c.map(closing)),
                }
            } else {
                self.number();
            }
        }
        if self.peek() != Some('(') {
            return (String::new(), kind == 's');
        }
        self.at += 1;
        let mut args: Vec<Run> = Vec::new();
        loop {
            let arg = if depth < MAX_DEPTH {
                self.sequence(depth + 1, true)
            } else {
                self.skip_argument();
                Run {
                    text: String::new(),
                    only_script: false,
                }
            };
            args.push(arg);
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {
                    self.at += 1;
                    break;
                }
                _ => break,
            }
        }
        let texts = || args.iter().map(|a| a.text.trim());
        let text = match kind {
            'o' => texts_of(args.iter().filter(|a| !a.only_script), ""),
            'f' => texts().collect::<Vec<_>>().join("/"),
            'l' => texts().collect::<Vec<_>>().join(","),
            'a' | 'i' => texts()
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join(" "),
            'r' => texts().next_back().unwrap_or_default().to_string(),
            'b' => {
                let inner: String = texts().collect();
                let open = brackets.0.unwrap_or('(');
                let close = brackets.1.unwrap_or_else(|| closing(open));
                format!("{open}{inner}{close}")
            }
            'd' => String::new(),
            _ => texts().collect(),
        };
        (text, kind == 's')
    }

    /// Skips one argument too deep to read, nested parentheses and all.
    fn skip_argument(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                '\\' => self.at += 1,
                '(' => depth += 1,
                ')' | ',' if depth == 0 => return,
                ')' => depth -= 1,
                _ => {}
            }
            self.at += 1;
        }
    }
}

fn texts_of<'a>(runs: impl Iterator<Item = &'a Run>, sep: &str) -> String {
    runs.map(|r| r.text.trim()).collect::<Vec<_>>().join(sep)
}

/// The closing bracket of an opening one.
fn closing(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::eq_field_text as eq;

    #[test]
    fn ruby_gives_the_base_text() {
        assert_eq!(
            eq(r#"EQ \* jc2 \* "Font:MS Mincho" \* hps11 \o\ad(\s\up 10(とうきょう),東京)"#)
                .as_deref(),
            Some("東京")
        );
        // LibreOffice's order: jc3, the font, hps, \al.
        assert_eq!(
            eq(r#" EQ \* jc3 \* "Font:DejaVu Sans" \* hps12 \o\al(\s\up 11(かんじ),漢字)"#)
                .as_deref(),
            Some("漢字")
        );
        // Ruby between plain text.
        assert_eq!(
            eq(r"eq 今日は\o\ac(\s\up 9(きょう),今日)です").as_deref(),
            Some("今日は今日です")
        );
    }

    #[test]
    fn other_elements_give_their_text() {
        assert_eq!(eq(r"EQ \f(1,2)").as_deref(), Some("1/2"));
        assert_eq!(eq(r"EQ \b\lc\[(x)").as_deref(), Some("[x]"));
        assert_eq!(eq(r"EQ \b\bc\{(a\,b)").as_deref(), Some("{a,b}"));
        assert_eq!(eq(r"EQ \x(boxed)").as_deref(), Some("boxed"));
        assert_eq!(eq(r"EQ \l(a,b,c)").as_deref(), Some("a,b,c"));
        assert_eq!(
            eq(r"EQ \a\al\co2(one,two,three,four)").as_deref(),
            Some("one two three four")
        );
        assert_eq!(eq(r"EQ \r(3,x)").as_deref(), Some("x"));
        assert_eq!(eq(r"EQ x\s\up8(2)").as_deref(), Some("x2"));
        assert_eq!(eq(r"EQ \i\su(1,n,k)").as_deref(), Some("1 n k"));
        assert_eq!(eq(r"EQ \d\fo10()"), None);
        // Overstrike of two characters: both.
        assert_eq!(eq(r"EQ \o(=,/)").as_deref(), Some("=/"));
    }

    #[test]
    fn not_eq_or_broken_codes() {
        assert_eq!(eq(" PAGE "), None);
        assert_eq!(eq("EQUATION"), None);
        assert_eq!(eq(""), None);
        assert_eq!(eq(r"EQ \o\ad(\s\up 10(よみ),漢"), Some("漢".to_string()));
        assert_eq!(eq(r"EQ \"), None);
        assert_eq!(eq(r"EQ \b\lc\"), None);
        // Deep nesting stops at the limit without recursing further.
        let deep = format!("EQ {}x{}", r"\x(".repeat(1000), ")".repeat(1000));
        assert_eq!(eq(&deep), None);
    }
}
